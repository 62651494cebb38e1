/* chrono-otf2-reader.c — opening an archive (its global definitions, the
 * clock and the lanes) and reading the events of its locations, from their
 * start or from a window's checkpoints; shared by the whole read, the index
 * pass and the decoding of a window. */
#include <glib/gi18n-lib.h>

#include <glib/gstdio.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>

#include "chrono-input.h"
#include "chrono-otf2-prewalk.h"
#include "chrono-otf2-files.h"
#include "chrono-otf2-private.h"

/* ---- reading ----------------------------------------------------------------------------- */

static void
register_events (OTF2_EvtReaderCallbacks *c)
{
  chrono_otf2_register_other_events (c);
  chrono_otf2_register_call_events (c);
  chrono_otf2_register_message_events (c);
}

/* libotf2 keeps megabytes of buffers for each location whose file it
 * cannot open until the files are closed: ask it only for files that are
 * there and not empty. */
static gboolean
has_file (ChronoOtf2Reader *r, guint64 id, const char *ext)
{
  g_autofree char *path = chrono_otf2_location_file (r->path, id, ext);
  GStatBuf st;
  return g_stat (path, &st) == 0 && S_ISREG (st.st_mode) && st.st_size > 0;
}

typedef enum { EVENTS_MISSING, EVENTS_READ, EVENTS_UNREADABLE } EventFile;

/* Whether libotf2 can read a location's events, and how many at most
 * (chrono_otf2_event_file_bound); one it cannot is said. */
static EventFile
event_file (ChronoOtf2Reader *r, OTF2_Reader *otf2, guint64 id, guint64 *bound)
{
  if (!has_file (r, id, "evt"))
    return EVENTS_MISSING;
  g_autofree char *path = chrono_otf2_location_file (r->path, id, "evt");
  g_autoptr (GError) error = NULL;
  switch (chrono_otf2_event_file_bound (otf2, path, bound, &error))
    {
    case CHRONO_OTF2_EVENTS_WHOLE: return EVENTS_READ;
    case CHRONO_OTF2_EVENTS_CUT:
      chrono_warnings_add (r->warnings, 0, "location cut off",
                           _ ("location %" PRIu64 ": %s; the events before the cut are read"), id, error->message);
      return EVENTS_READ;
    case CHRONO_OTF2_EVENTS_UNREADABLE:
    default:
      chrono_warnings_add (r->warnings, 0, "location unreadable",
                           _ ("location %" PRIu64 ": %s; its events are not read"), id, error->message);
      return EVENTS_UNREADABLE;
    }
}

static void
read_local_definitions (ChronoOtf2Reader *r, OTF2_Reader *otf2, guint64 id)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_otf2_check_location_definitions (otf2, r->path, id, &error))
    {
      chrono_warnings_add (r->warnings, 0, "location unreadable", _ ("%s; its local definitions are not read"),
                           error->message);
      return;
    }
  OTF2_DefReader *defs = OTF2_Reader_GetDefReader (otf2, id);
  uint64_t n = 0;
  if (defs != NULL)
    {
      OTF2_Reader_ReadAllLocalDefinitions (otf2, defs, &n);
      OTF2_Reader_CloseDefReader (otf2, defs);
    }
}

/* Each location's events, one location after the other; a location whose
 * file is missing or broken keeps what was read, with a warning. */
void
chrono_otf2_read_events (ChronoOtf2Reader *r, OTF2_Reader *otf2, GPtrArray *locations, GPtrArray *starts)
{
  g_autofree EventFile *files = g_new0 (EventFile, MAX (locations->len, 1));
  g_autofree guint64 *bounds = g_new0 (guint64, MAX (locations->len, 1));
  for (guint i = 0; i < locations->len; i++)
    {
      guint64 id = ((Location *) g_ptr_array_index (locations, i))->id;
      files[i] = event_file (r, otf2, id, &bounds[i]);
      if (files[i] == EVENTS_READ)
        OTF2_Reader_SelectLocation (otf2, id);
    }
  gboolean local_defs = OTF2_Reader_OpenDefFiles (otf2) == OTF2_SUCCESS;
  OTF2_Reader_OpenEvtFiles (otf2);
  OTF2_EvtReaderCallbacks *callbacks = OTF2_EvtReaderCallbacks_New ();
  register_events (callbacks);
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      if (local_defs && files[i] == EVENTS_READ && has_file (r, location->id, "def"))
        read_local_definitions (r, otf2, location->id); /* its mapping tables and clock offsets */
      const LocationCheckpoint *start = starts ? g_ptr_array_index (starts, i) : NULL;
      if (starts != NULL && (start == NULL || start->no_events))
        continue; /* nothing of it in the window */
      OTF2_EvtReader *events = files[i] == EVENTS_READ ? OTF2_Reader_GetEvtReader (otf2, location->id) : NULL;
      uint64_t n = 0;
      r->window_over = FALSE;
      OTF2_ErrorCode read = OTF2_SUCCESS;
      if (events != NULL && start != NULL)
        read = OTF2_EvtReader_Seek (events, start->position);
      if (read == OTF2_SUCCESS && events != NULL)
        read = OTF2_Reader_RegisterEvtCallbacks (otf2, events, callbacks, r);
      /* the window's first event is the one at its checkpoint's position */
      guint64 first = start != NULL ? MAX (start->position, 1) : 1;
      if (read == OTF2_SUCCESS && events != NULL && bounds[i] >= first)
        read = OTF2_Reader_ReadLocalEvents (otf2, events, bounds[i] - first + 1, &n);
      if ((events == NULL && files[i] != EVENTS_UNREADABLE)
          || (read != OTF2_SUCCESS && !(r->window_over && read == OTF2_ERROR_INTERRUPTED_BY_CALLBACK)))
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

void
chrono_otf2_reader_init (ChronoOtf2Reader *r, ChronoTrace *trace, const char *path)
{
  *r = (ChronoOtf2Reader){
    .trace = trace,
    .strings = chrono_trace_get_strings (trace),
    .warnings = chrono_trace_get_warnings (trace),
    .path = path,
    .resolution = 1,
    .realtime = OTF2_UNDEFINED_TIMESTAMP,
    .string_table = g_hash_table_new_full (NULL, NULL, NULL, g_free),
    .tree_nodes = g_hash_table_new_full (NULL, NULL, NULL, g_free),
    .groups = g_hash_table_new_full (NULL, NULL, NULL, g_free),
    .locations = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) chrono_otf2_location_free),
    .regions = g_hash_table_new (NULL, NULL),
    .span_labels = g_hash_table_new (NULL, NULL),
    .region_stats = chrono_otf2_region_stats_new (),
    .metric_members = g_hash_table_new_full (NULL, NULL, NULL, g_free),
    .metric_classes = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref),
    .metric_instances = g_hash_table_new (NULL, NULL),
    .comm_groups = g_hash_table_new (NULL, NULL),
    .comm_names = g_hash_table_new (NULL, NULL),
    .group_members = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref),
    .sends = g_array_new (FALSE, FALSE, sizeof (MessageEnd)),
    .receives = g_array_new (FALSE, FALSE, sizeof (MessageEnd)),
  };
}

void
chrono_otf2_reader_clear (ChronoOtf2Reader *r)
{
  g_hash_table_unref (r->string_table);
  g_hash_table_unref (r->tree_nodes);
  g_hash_table_unref (r->groups);
  g_hash_table_unref (r->locations);
  g_hash_table_unref (r->regions);
  g_hash_table_unref (r->span_labels);
  g_hash_table_unref (r->region_stats);
  g_hash_table_unref (r->metric_members);
  g_hash_table_unref (r->metric_classes);
  g_hash_table_unref (r->metric_instances);
  g_hash_table_unref (r->comm_groups);
  g_hash_table_unref (r->comm_names);
  g_hash_table_unref (r->group_members);
  g_clear_pointer (&r->comm_locations, g_array_unref);
  g_array_unref (r->sends);
  g_array_unref (r->receives);
  g_clear_pointer (&r->windows, g_array_unref);
  g_clear_pointer (&r->window_events, g_array_unref);
}

static void
set_clock (ChronoOtf2Reader *r)
{
  if (!r->have_clock || r->resolution == 0)
    {
      chrono_warnings_add (r->warnings, 0, "no clock resolution",
                           r->have_clock ? _ ("the archive's clock properties give 0 ticks per second: times are "
                                              "shown in ticks, as if one a second")
                                         : _ ("the archive has no clock properties (ticks per second, offset): times "
                                              "are shown in ticks, as if one a second"));
      r->resolution = 1;
    }
  ChronoClock clock;
  chrono_clock_init (&clock, (gint64) MIN (MAX (r->resolution, 1), (guint64) G_MAXINT64));
  clock.origin = (gint64) MIN (r->offset, (guint64) G_MAXINT64); /* the ruler counts from the global offset */
  if (r->realtime != OTF2_UNDEFINED_TIMESTAMP && r->realtime / 1000 <= (guint64) G_MAXINT64)
    {
      clock.has_wall_clock = TRUE; /* wall-clock alignment with other traces */
      clock.wall_clock_us = (gint64) (r->realtime / 1000);
    }
  chrono_trace_set_clock (r->trace, &clock);
}

/* libotf2 prints each error to standard error; ours say what went wrong
 * with which location, as warnings the viewer and `check` show. */
static OTF2_ErrorCode
quiet_errors (void *data, const char *file, uint64_t line, const char *function, OTF2_ErrorCode code,
              const char *format, va_list args)
{
  return code;
}

void
chrono_otf2_quiet_errors (void)
{
  static gsize quiet = 0;
  if (g_once_init_enter (&quiet))
    {
      OTF2_Error_RegisterCallback (quiet_errors, NULL);
      g_once_init_leave (&quiet, 1);
    }
}

/* libotf2 opens the archive's files as they are named: a FIFO there would
 * block it forever, a device never end.  Missing location files are only
 * warned about later. */
static gboolean
check_files (ChronoOtf2Reader *r, GPtrArray *locations, GError **error)
{
  for (guint i = 0; locations != NULL && i < locations->len; i++)
    for (guint e = 0; e < 2; e++)
      {
        g_autofree char *path =
            chrono_otf2_location_file (r->path, ((Location *) g_ptr_array_index (locations, i))->id, e ? "def" : "evt");
        if (!chrono_otf2_check_present_file (path, error))
          return FALSE;
      }
  if (locations != NULL)
    return TRUE;
  g_autofree char *stem = chrono_otf2_archive_stem (r->path);
  g_autofree char *global_defs = g_strconcat (stem, ".def", NULL);
  return chrono_check_regular_file (r->path, error) && chrono_check_regular_file (global_defs, error);
}

/* A region whose name is a string nothing defines is shown under a name
 * that says so (regions sharing it are one, as regions sharing a name). */
static void
name_undefined_strings (ChronoOtf2Reader *r)
{
  guint64 n = 0;
  GHashTableIter iter;
  gpointer name;
  g_hash_table_iter_init (&iter, r->regions);
  while (g_hash_table_iter_next (&iter, NULL, &name))
    n += !g_hash_table_contains (r->string_table, name);
  g_hash_table_iter_init (&iter, r->regions);
  while (n > 0 && g_hash_table_iter_next (&iter, NULL, &name))
    if (!g_hash_table_contains (r->string_table, name))
      g_hash_table_insert (r->string_table, name,
                           g_strdup_printf (_ ("(undefined string %u)"), GPOINTER_TO_UINT (name)));
  if (n > 0)
    chrono_warnings_add (r->warnings, 0, "undefined string",
                         g_dngettext (GETTEXT_PACKAGE, "%" PRIu64 " region is named by a string that is not defined",
                                      "%" PRIu64 " regions are named by strings that are not defined", n),
                         n);
}

/* Opens the archive and reads its global definitions; sets the trace's
 * clock and makes the lanes of every location, sorted by id. */
OTF2_Reader *
chrono_otf2_open (ChronoOtf2Reader *r, GPtrArray **out_locations, GError **error)
{
  chrono_otf2_quiet_errors ();
  if (!check_files (r, NULL, error))
    return NULL;
  OTF2_Reader *otf2 = chrono_otf2_open_archive (r->path, error);
  if (otf2 == NULL)
    return NULL;
  OTF2_GlobalDefReader *defs = OTF2_Reader_GetGlobalDefReader (otf2);
  uint64_t n_defs = 0;
  gboolean ok = defs != NULL;
  if (ok)
    {
      chrono_otf2_register_definitions (otf2, defs, r);
      ok = OTF2_Reader_ReadAllGlobalDefinitions (otf2, defs, &n_defs) == OTF2_SUCCESS;
      OTF2_Reader_CloseGlobalDefReader (otf2, defs);
    }
  if (!ok)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s: the archive's global definitions cannot be read"), r->path);
      OTF2_Reader_Close (otf2);
      return NULL;
    }
  name_undefined_strings (r);
  g_autoptr (GPtrArray) locations = chrono_otf2_sorted_locations (r);
  if (!check_files (r, locations, error))
    {
      OTF2_Reader_Close (otf2);
      return NULL;
    }
  set_clock (r);
  *out_locations = g_steal_pointer (&locations);
  chrono_otf2_make_lanes (r, *out_locations);
  return otf2;
}

void
chrono_otf2_finish (ChronoOtf2Reader *r, GPtrArray *locations)
{
  chrono_otf2_finish_tracks (r, locations);
  chrono_otf2_note_colour_labels (r);
  chrono_otf2_match_messages (r, NULL, NULL);
  chrono_otf2_warn_nesting (r, locations);
  guint64 n_events = 0;
  for (guint i = 0; i < locations->len; i++)
    {
      const Location *location = g_ptr_array_index (locations, i);
      n_events += location->enters + location->leaves + location->metrics;
    }
  chrono_trace_set_n_events (r->trace, n_events);
  chrono_trace_set_statistics (r->trace, chrono_otf2_report (r, locations));
}
