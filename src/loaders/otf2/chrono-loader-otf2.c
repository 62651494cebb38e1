/* chrono-loader-otf2.c — reads OTF2 archives (Score-P, APEX, …) through
 * libotf2: the global definitions (clock, strings, system tree, locations,
 * regions, metrics, communicators), then each location's events.
 *
 * Lanes follow the system tree (machine → node → location group →
 * location); a location's Enter/Leave calls are nested region spans, a row
 * per call depth, coloured by region; its metrics are signal lanes under it
 * (ACCUMULATED_START ones as rates); MPI point-to-point messages are arrows
 * from the send to the matching receive; every other record kind is an
 * instant mark.  Timestamps stay the archive's ticks; the clock's origin is
 * its global offset (../shared/research/otf2.md §2). */
#include <glib/gi18n-lib.h>

#include "chrono-loader-otf2.h"

#include <inttypes.h>
#include <string.h>

#include "chrono-otf2-private.h"

/* ---- reading ----------------------------------------------------------------------------- */

static void
register_events (OTF2_EvtReaderCallbacks *c)
{
  chrono_otf2_register_other_events (c);
  chrono_otf2_register_call_events (c);
  chrono_otf2_register_message_events (c);
}

/* Each location's events, one location after the other; a location whose
 * file is missing or broken keeps what was read, with a warning. */
static void
read_events (ChronoOtf2Reader *r, OTF2_Reader *otf2, GPtrArray *locations)
{
  for (guint i = 0; i < locations->len; i++)
    OTF2_Reader_SelectLocation (otf2, ((Location *) g_ptr_array_index (locations, i))->id);
  gboolean local_defs = OTF2_Reader_OpenDefFiles (otf2) == OTF2_SUCCESS;
  OTF2_Reader_OpenEvtFiles (otf2);
  OTF2_EvtReaderCallbacks *callbacks = OTF2_EvtReaderCallbacks_New ();
  register_events (callbacks);
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      if (local_defs)
        {
          /* the location's mapping tables, if it has any */
          OTF2_DefReader *defs = OTF2_Reader_GetDefReader (otf2, location->id);
          uint64_t n = 0;
          if (defs != NULL)
            {
              OTF2_Reader_ReadAllLocalDefinitions (otf2, defs, &n);
              OTF2_Reader_CloseDefReader (otf2, defs);
            }
        }
      OTF2_EvtReader *events = OTF2_Reader_GetEvtReader (otf2, location->id);
      uint64_t n = 0;
      if (events == NULL || OTF2_Reader_RegisterEvtCallbacks (otf2, events, callbacks, r) != OTF2_SUCCESS
          || OTF2_Reader_ReadAllLocalEvents (otf2, events, &n) != OTF2_SUCCESS)
        chrono_warnings_add (r->warnings, 0, "location unreadable",
                             _ ("location %" PRIu64 ": its events could not be read to the end (%" PRIu64 " read)"),
                             location->id, (guint64) n);
      if (events != NULL)
        OTF2_Reader_CloseEvtReader (otf2, events);
    }
  OTF2_EvtReaderCallbacks_Delete (callbacks);
  if (local_defs)
    OTF2_Reader_CloseDefFiles (otf2);
  OTF2_Reader_CloseEvtFiles (otf2);
}

/* ---- the loader ------------------------------------------------------------------------------ */

static void
reader_init (ChronoOtf2Reader *r, ChronoTrace *trace, const char *path)
{
  *r = (ChronoOtf2Reader){
    .trace = trace,
    .strings = chrono_trace_get_strings (trace),
    .warnings = chrono_trace_get_warnings (trace),
    .path = path,
    .resolution = 1,
    .string_table = g_hash_table_new_full (NULL, NULL, NULL, g_free),
    .tree_nodes = g_hash_table_new_full (NULL, NULL, NULL, g_free),
    .groups = g_hash_table_new_full (NULL, NULL, NULL, g_free),
    .locations = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) chrono_otf2_location_free),
    .regions = g_hash_table_new (NULL, NULL),
    .region_stats = g_array_new (FALSE, TRUE, sizeof (RegionStats)),
    .metric_members = g_hash_table_new_full (NULL, NULL, NULL, g_free),
    .metric_classes = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref),
    .metric_instances = g_hash_table_new (NULL, NULL),
    .comm_groups = g_hash_table_new (NULL, NULL),
    .group_members = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref),
    .group_types = g_hash_table_new (NULL, NULL),
    .sends = g_array_new (FALSE, FALSE, sizeof (MessageEnd)),
    .receives = g_array_new (FALSE, FALSE, sizeof (MessageEnd)),
  };
}

static void
reader_clear (ChronoOtf2Reader *r)
{
  g_hash_table_unref (r->string_table);
  g_hash_table_unref (r->tree_nodes);
  g_hash_table_unref (r->groups);
  g_hash_table_unref (r->locations);
  g_hash_table_unref (r->regions);
  g_array_unref (r->region_stats);
  g_hash_table_unref (r->metric_members);
  g_hash_table_unref (r->metric_classes);
  g_hash_table_unref (r->metric_instances);
  g_hash_table_unref (r->comm_groups);
  g_hash_table_unref (r->group_members);
  g_hash_table_unref (r->group_types);
  g_array_unref (r->sends);
  g_array_unref (r->receives);
}

static void
set_clock (ChronoOtf2Reader *r)
{
  ChronoClock clock;
  chrono_clock_init (&clock, (gint64) MIN (MAX (r->resolution, 1), (guint64) G_MAXINT64));
  clock.origin = (gint64) MIN (r->offset, (guint64) G_MAXINT64); /* the ruler counts from the global offset */
  chrono_trace_set_clock (r->trace, &clock);
}

static gboolean
otf2_load (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
           GCancellable *cancellable, GError **error)
{
  OTF2_Reader *otf2 = OTF2_Reader_Open (path);
  if (otf2 == NULL)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID, _ ("%s: not an OTF2 archive libotf2 can open"),
                   path);
      return FALSE;
    }
  OTF2_Reader_SetSerialCollectiveCallbacks (otf2);
  ChronoOtf2Reader r;
  reader_init (&r, trace, path);
  OTF2_GlobalDefReader *defs = OTF2_Reader_GetGlobalDefReader (otf2);
  uint64_t n_defs = 0;
  gboolean ok = defs != NULL;
  if (ok)
    {
      chrono_otf2_register_definitions (otf2, defs, &r);
      ok = OTF2_Reader_ReadAllGlobalDefinitions (otf2, defs, &n_defs) == OTF2_SUCCESS;
      OTF2_Reader_CloseGlobalDefReader (otf2, defs);
    }
  if (!ok)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s: the archive's global definitions cannot be read"), path);
      OTF2_Reader_Close (otf2);
      reader_clear (&r);
      return FALSE;
    }
  set_clock (&r);
  g_autoptr (GPtrArray) locations = chrono_otf2_sorted_locations (&r);
  chrono_otf2_make_lanes (&r, locations);
  read_events (&r, otf2, locations);
  OTF2_Reader_Close (otf2);
  chrono_otf2_close_open_calls (&r, locations);
  chrono_otf2_match_messages (&r);
  guint64 n_events = 0;
  for (guint i = 0; i < locations->len; i++)
    {
      const Location *location = g_ptr_array_index (locations, i);
      n_events += location->enters + location->leaves + location->metrics;
    }
  chrono_trace_set_n_events (trace, n_events);
  chrono_trace_set_statistics (trace, chrono_otf2_report (&r, locations));
  reader_clear (&r);
  return TRUE;
}

/* ---- sniffing and the table --------------------------------------------------------------------- */

/* The anchor file starts with byte 03, an endianness byte, then "OTF2\0". */
static int
otf2_sniff (const char *path, const char *head, gsize length)
{
  return length >= 7 && head[0] == 0x03 && memcmp (head + 2, "OTF2", 5) == 0 ? 100 : 0;
}

static const char *const otf2_globs[] = { "*.otf2", NULL };

static const ChronoMimeMatch otf2_anchor_magic[] = { { "\\x03\\x00OTF2\\x00", "0", "0xff00ffffffffff" }, { NULL } };
static const ChronoMimeMagic otf2_magic[] = { { 60, otf2_anchor_magic }, { 0 } };

static const ChronoMimeType otf2_mime_types[] = {
  { .type = "application/x-otf2-archive",
    .comment = N_ ("OTF2 trace archive"),
    .acronym = "OTF2",
    .expanded_acronym = "Open Trace Format 2",
    .generic_icon = "package-x-generic",
    .globs = otf2_globs,
    .n_globs = 1,
    .magic = otf2_magic },
  { NULL },
};

const ChronoLoaderInfo chrono_loader_otf2 = {
  .name = "otf2",
  .description = "OTF2 (Open Trace Format 2)",
  .mime_types = otf2_mime_types,
  .globs = otf2_globs,
  .sniff = otf2_sniff,
  .load = otf2_load,
  .features = CHRONO_TRACE_HAS_LINKS | CHRONO_TRACE_HAS_SIGNALS,
};
