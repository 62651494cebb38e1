/* otf2-floor — the yardstick of an OTF2 archive's first frame: libotf2
 * reads the global definitions (for the locations), then every event of
 * every location with callbacks that only count Enter and Leave.  One
 * thread, each location's events by its own local reader, as any reader of
 * the format must at least do.  Prints the seconds it took, the locations,
 * the events read and the Enter/Leave among them. */
#include <glib.h>
#include <otf2/otf2.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  GArray *locations;
  guint64 enters, leaves;
} Floor;

static OTF2_CallbackCode
on_location (void *data, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType type, uint64_t events,
             OTF2_LocationGroupRef group)
{
  (void) name, (void) type, (void) events, (void) group;
  guint64 id = self;
  g_array_append_val (((Floor *) data)->locations, id);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
on_enter (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
          OTF2_RegionRef region)
{
  (void) location, (void) time, (void) position, (void) attributes, (void) region;
  ((Floor *) data)->enters++;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
on_leave (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
          OTF2_RegionRef region)
{
  (void) location, (void) time, (void) position, (void) attributes, (void) region;
  ((Floor *) data)->leaves++;
  return OTF2_CALLBACK_SUCCESS;
}

static gboolean
read_locations (OTF2_Reader *reader, Floor *floor)
{
  OTF2_GlobalDefReader *definitions = OTF2_Reader_GetGlobalDefReader (reader);
  OTF2_GlobalDefReaderCallbacks *callbacks = OTF2_GlobalDefReaderCallbacks_New ();
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback (callbacks, on_location);
  OTF2_Reader_RegisterGlobalDefCallbacks (reader, definitions, callbacks, floor);
  uint64_t read = 0;
  gboolean ok = OTF2_Reader_ReadAllGlobalDefinitions (reader, definitions, &read) == OTF2_SUCCESS;
  OTF2_GlobalDefReaderCallbacks_Delete (callbacks);
  OTF2_Reader_CloseGlobalDefReader (reader, definitions);
  return ok;
}

static guint64
read_events (OTF2_Reader *reader, Floor *floor)
{
  for (guint i = 0; i < floor->locations->len; i++)
    OTF2_Reader_SelectLocation (reader, g_array_index (floor->locations, guint64, i));
  gboolean local_definitions = OTF2_Reader_OpenDefFiles (reader) == OTF2_SUCCESS;
  OTF2_Reader_OpenEvtFiles (reader);
  OTF2_EvtReaderCallbacks *callbacks = OTF2_EvtReaderCallbacks_New ();
  OTF2_EvtReaderCallbacks_SetEnterCallback (callbacks, on_enter);
  OTF2_EvtReaderCallbacks_SetLeaveCallback (callbacks, on_leave);
  guint64 events = 0;
  for (guint i = 0; i < floor->locations->len; i++)
    {
      OTF2_LocationRef location = g_array_index (floor->locations, guint64, i);
      if (local_definitions)
        {
          /* the mapping tables of a location are in its local definitions */
          OTF2_DefReader *definitions = OTF2_Reader_GetDefReader (reader, location);
          uint64_t read = 0;
          if (definitions != NULL)
            {
              OTF2_Reader_ReadAllLocalDefinitions (reader, definitions, &read);
              OTF2_Reader_CloseDefReader (reader, definitions);
            }
        }
      OTF2_EvtReader *reader_of_location = OTF2_Reader_GetEvtReader (reader, location);
      uint64_t read = 0;
      OTF2_Reader_RegisterEvtCallbacks (reader, reader_of_location, callbacks, floor);
      if (OTF2_Reader_ReadAllLocalEvents (reader, reader_of_location, &read) != OTF2_SUCCESS)
        {
          /* a floor that stopped early would flatter the ratio */
          fprintf (stderr, "otf2-floor: the events of location %" G_GUINT64_FORMAT " cannot be read\n",
                   (guint64) location);
          exit (1);
        }
      OTF2_Reader_CloseEvtReader (reader, reader_of_location);
      events += read;
    }
  OTF2_EvtReaderCallbacks_Delete (callbacks);
  if (local_definitions)
    OTF2_Reader_CloseDefFiles (reader);
  OTF2_Reader_CloseEvtFiles (reader);
  return events;
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: otf2-floor ANCHOR.otf2\n");
      return 2;
    }
  gint64 start = g_get_monotonic_time ();
  OTF2_Reader *reader = OTF2_Reader_Open (argv[1]);
  if (reader == NULL)
    {
      fprintf (stderr, "otf2-floor: %s cannot be opened\n", argv[1]);
      return 1;
    }
  OTF2_Reader_SetSerialCollectiveCallbacks (reader);
  Floor floor = { g_array_new (FALSE, FALSE, sizeof (guint64)), 0, 0 };
  if (!read_locations (reader, &floor))
    {
      fprintf (stderr, "otf2-floor: the definitions of %s cannot be read\n", argv[1]);
      return 1;
    }
  guint64 events = read_events (reader, &floor);
  OTF2_Reader_Close (reader);
  double seconds = (g_get_monotonic_time () - start) / 1e6;
  printf ("%.3f %u %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n", seconds, floor.locations->len, events,
          floor.enters + floor.leaves);
  g_array_unref (floor.locations);
  return 0;
}
