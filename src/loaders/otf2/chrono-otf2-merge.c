/* chrono-otf2-merge.c — several OTF2 archives into one, as otf2_merger
 * does (../shared/research/otf2.md §4), with what it leaves out kept: the
 * first archive's clock, every other archive's timestamps mapped onto it
 * exactly (ChronoClockMap: seed 004's t' = (t − offset_B) × res_A / res_B
 * + offset_A, or aligned by wall-clock time); every definition and every
 * event record of every location copied with its attributes, ids moved
 * so that no two inputs' collide (chrono-otf2-merge-plan.c).
 *
 * Events are read per location through libotf2's event reader after the
 * location's local definitions, so mapping tables and clock offsets are
 * already applied: the output has global ids and corrected timestamps,
 * and neither mapping tables nor clock offsets. */
#include <glib/gi18n-lib.h>

#include <inttypes.h>
#include <signal.h>

#include "chrono-otf2-prewalk.h"
#include "chrono-otf2-files.h"
#include "chrono-otf2-merge.h"
#include "chrono-otf2-merge-private.h"
#include "chrono-otf2-private.h"

#define MERGE_ANCHOR_NAME "traces"

static OTF2_FlushType
pre_flush (void *data, OTF2_FileType type, OTF2_LocationRef location, void *caller, bool final)
{
  return OTF2_FLUSH;
}

/* No post-flush callback: with one, libotf2 would add BufferFlush events
 * of its own to the copied ones. */
static OTF2_FlushCallbacks flush_callbacks = { pre_flush, NULL };

static void
merge_init (ChronoOtf2Merge *m, const char *const *inputs, guint n_inputs)
{
  *m = (ChronoOtf2Merge){
    .inputs = g_new0 (MergeInput, n_inputs),
    .n_inputs = n_inputs,
    .paradigm_properties_written = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL),
    .attributes = OTF2_AttributeList_New (),
  };
  for (guint k = 0; k < n_inputs; k++)
    {
      MergeInput *in = &m->inputs[k];
      in->path = g_strdup (inputs[k]);
      in->realtime = OTF2_UNDEFINED_TIMESTAMP;
      in->locations = g_array_new (FALSE, FALSE, sizeof (guint64));
      in->groups = g_array_new (FALSE, FALSE, sizeof (OTF2_GroupRef));
      in->group_alias = g_hash_table_new (NULL, NULL);
      in->group_ids = g_hash_table_new (NULL, NULL);
      in->properties = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      for (guint p = 0; p < MERGE_N_PARADIGMS; p++)
        in->comm_locations[p] = in->comm_self[p] = MERGE_NO_GROUP;
      chrono_clock_map_init_identity (&in->map);
      for (int kind = 0; kind < MERGE_N_KINDS; kind++)
        in->defined[kind] = g_hash_table_new (NULL, NULL);
    }
}

static void
merge_clear (ChronoOtf2Merge *m)
{
  for (guint k = 0; k < m->n_inputs; k++)
    {
      MergeInput *in = &m->inputs[k];
      g_free (in->path);
      g_free (in->run_name);
      for (int kind = 0; kind < MERGE_N_KINDS; kind++)
        g_hash_table_unref (in->defined[kind]);
      g_array_unref (in->locations);
      g_array_unref (in->groups);
      g_hash_table_unref (in->group_alias);
      g_hash_table_unref (in->group_ids);
      g_hash_table_unref (in->properties);
      for (guint p = 0; p < MERGE_N_PARADIGMS; p++)
        g_clear_pointer (&in->comm_location_members[p], g_array_unref);
    }
  for (guint p = 0; p < MERGE_N_PARADIGMS; p++)
    g_clear_pointer (&m->comm_location_members[p], g_array_unref);
  g_free (m->inputs);
  g_hash_table_unref (m->paradigm_properties_written);
  OTF2_AttributeList_Delete (m->attributes);
  g_clear_error (&m->error);
}

/* Stops with m->error when a callback set it, else with message. */
static gboolean
fail (ChronoOtf2Merge *m, GError **error, const char *message)
{
  if (m->error != NULL)
    g_propagate_error (error, g_steal_pointer (&m->error));
  else
    g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID, "%s: %s", m->input->path, message);
  return FALSE;
}

static gboolean
copy_definitions (ChronoOtf2Merge *m, OTF2_Reader *otf2, GError **error)
{
  if (!chrono_otf2_merge_write_run_node (m))
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO,
                   _ ("%s: the node naming it cannot be written to the merged archive"), m->input->path);
      return FALSE;
    }
  OTF2_GlobalDefReader *defs = OTF2_Reader_GetGlobalDefReader (otf2);
  OTF2_GlobalDefReaderCallbacks *callbacks = OTF2_GlobalDefReaderCallbacks_New ();
  chrono_otf2_merge_register_definitions (callbacks);
  uint64_t n = 0;
  gboolean ok = defs != NULL && OTF2_Reader_RegisterGlobalDefCallbacks (otf2, defs, callbacks, m) == OTF2_SUCCESS
                && OTF2_Reader_ReadAllGlobalDefinitions (otf2, defs, &n) == OTF2_SUCCESS && m->error == NULL;
  OTF2_GlobalDefReaderCallbacks_Delete (callbacks);
  if (defs != NULL)
    OTF2_Reader_CloseGlobalDefReader (otf2, defs);
  return ok || fail (m, error, _ ("the archive's global definitions cannot be read"));
}

/* The location's mapping tables and clock offsets, which the event
 * reader then applies. */
static gboolean
read_local_definitions (ChronoOtf2Merge *m, OTF2_Reader *otf2, OTF2_LocationRef location, GError **error)
{
  if (!chrono_otf2_check_location_definitions (otf2, m->input->path, location, error))
    return FALSE;
  OTF2_DefReader *defs = OTF2_Reader_GetDefReader (otf2, location);
  if (defs == NULL)
    return TRUE; /* none: ids are global already */
  uint64_t n = 0;
  OTF2_ErrorCode code = OTF2_Reader_ReadAllLocalDefinitions (otf2, defs, &n);
  OTF2_Reader_CloseDefReader (otf2, defs);
  if (code == OTF2_SUCCESS)
    return TRUE;
  g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
               _ ("%s: the local definitions of location %" PRIu64 " cannot be read"), m->input->path,
               (guint64) location);
  return FALSE;
}

/* An empty local definitions file, as Score-P writes for every location:
 * readers such as otf2-print look for one (ids and clocks are global). */
static gboolean
write_local_definitions (ChronoOtf2Merge *m, OTF2_LocationRef location)
{
  OTF2_DefWriter *defs = OTF2_Archive_GetDefWriter (m->archive, location);
  return defs != NULL && OTF2_Archive_CloseDefWriter (m->archive, defs) == OTF2_SUCCESS;
}

/* A location whose events end early (a missing or cut event file) is
 * merged with the events that could be read and a warning, as info and
 * the viewer load it: the merged archive holds what they show. */
static void
warn_events_cut (ChronoOtf2Merge *m, OTF2_LocationRef location, guint64 n)
{
  if (m->warnings != NULL)
    g_ptr_array_add (m->warnings,
                     g_strdup_printf (_ ("%s: location %" PRIu64 ": its events could not be read to the end; the "
                                         "%" PRIu64 " read are merged"),
                                      m->input->path, (guint64) location, n));
}

static gboolean
copy_location (ChronoOtf2Merge *m, OTF2_Reader *otf2, OTF2_EvtReaderCallbacks *callbacks, gboolean local_defs,
               OTF2_LocationRef location, GError **error)
{
  if (local_defs && !read_local_definitions (m, otf2, location, error))
    return FALSE;
  /* no more events than the file holds: libotf2 would read past a cut one */
  g_autofree char *path = chrono_otf2_location_file (m->input->path, location, "evt");
  guint64 bound = 0;
  g_autoptr (GError) cut = NULL;
  ChronoOtf2EventFile file = chrono_otf2_event_file_bound (otf2, path, &bound, &cut);
  OTF2_EvtReader *events = file != CHRONO_OTF2_EVENTS_UNREADABLE ? OTF2_Reader_GetEvtReader (otf2, location) : NULL;
  if (cut != NULL && m->warnings != NULL)
    g_ptr_array_add (m->warnings,
                     g_strdup_printf (file == CHRONO_OTF2_EVENTS_CUT ? _ ("%s; the events before the cut are merged")
                                                                     : _ ("%s; its events are not merged"),
                                      cut->message));
  m->events = OTF2_Archive_GetEvtWriter (m->archive, chrono_otf2_merge_location (m, location));
  uint64_t n = 0;
  gboolean written = m->events != NULL;
  gboolean read = written && events != NULL
                  && OTF2_Reader_RegisterEvtCallbacks (otf2, events, callbacks, m) == OTF2_SUCCESS
                  && OTF2_Reader_ReadLocalEvents (otf2, events, bound, &n) == OTF2_SUCCESS;
  if (m->events != NULL)
    written = OTF2_Archive_CloseEvtWriter (m->archive, m->events) == OTF2_SUCCESS && written;
  m->events = NULL;
  written = written && write_local_definitions (m, chrono_otf2_merge_location (m, location));
  if (events != NULL)
    OTF2_Reader_CloseEvtReader (otf2, events);
  chrono_otf2_merge_warn_dropped (m, location);
  if (written && m->error == NULL)
    {
      if (!read && cut == NULL)
        warn_events_cut (m, location, n);
      return TRUE;
    }
  g_autofree char *message = g_strdup_printf (
      _ ("the events of location %" PRIu64 " cannot be copied (%" PRIu64 " read)"), (guint64) location, (guint64) n);
  return fail (m, error, message);
}

static gboolean
copy_events (ChronoOtf2Merge *m, OTF2_Reader *otf2, GError **error)
{
  GArray *locations = m->input->locations;
  for (guint i = 0; i < locations->len; i++)
    OTF2_Reader_SelectLocation (otf2, g_array_index (locations, guint64, i));
  gboolean local_defs = OTF2_Reader_OpenDefFiles (otf2) == OTF2_SUCCESS;
  OTF2_Reader_OpenEvtFiles (otf2);
  OTF2_EvtReaderCallbacks *callbacks = OTF2_EvtReaderCallbacks_New ();
  chrono_otf2_merge_register_events (callbacks);
  chrono_otf2_merge_register_unknown_events (callbacks);
  gboolean ok = TRUE;
  for (guint i = 0; ok && i < locations->len; i++)
    ok = copy_location (m, otf2, callbacks, local_defs, g_array_index (locations, guint64, i), error);
  OTF2_EvtReaderCallbacks_Delete (callbacks);
  if (local_defs)
    OTF2_Reader_CloseDefFiles (otf2);
  OTF2_Reader_CloseEvtFiles (otf2);
  return ok;
}

static gboolean
copy_input (ChronoOtf2Merge *m, GError **error)
{
  OTF2_Reader *otf2 = chrono_otf2_open_archive (m->input->path, error);
  if (otf2 == NULL)
    return FALSE;
  gboolean ok = copy_definitions (m, otf2, error) && copy_events (m, otf2, error);
  OTF2_Reader_Close (otf2);
  return ok;
}

static gboolean
open_archive (ChronoOtf2Merge *m, const char *folder, GError **error)
{
  /* otf2_merger's sizes: 1 MiB event chunks, 4 MiB definition chunks */
  m->archive = OTF2_Archive_Open (folder, MERGE_ANCHOR_NAME, OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                                  OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  gboolean ok = m->archive != NULL
                && OTF2_Archive_SetFlushCallbacks (m->archive, &flush_callbacks, NULL) == OTF2_SUCCESS
                && OTF2_Archive_SetSerialCollectiveCallbacks (m->archive) == OTF2_SUCCESS
                && OTF2_Archive_SetCreator (m->archive, "chronoscope-cli merge") == OTF2_SUCCESS
                && chrono_otf2_merge_write_properties (m) && OTF2_Archive_OpenEvtFiles (m->archive) == OTF2_SUCCESS
                && OTF2_Archive_OpenDefFiles (m->archive) == OTF2_SUCCESS
                && (m->definitions = OTF2_Archive_GetGlobalDefWriter (m->archive)) != NULL
                && OTF2_GlobalDefWriter_WriteClockProperties (m->definitions, m->resolution, m->global_offset,
                                                              m->length, m->realtime)
                       == OTF2_SUCCESS;
  if (!ok)
    g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, _ ("%s: the merged archive cannot be started"),
                 folder);
  return ok;
}

static gboolean
close_archive (ChronoOtf2Merge *m, const char *folder, GError **error)
{
  gboolean ok = TRUE;
  if (m->definitions != NULL)
    ok = OTF2_Archive_CloseGlobalDefWriter (m->archive, m->definitions) == OTF2_SUCCESS;
  if (m->archive != NULL)
    {
      ok = OTF2_Archive_CloseEvtFiles (m->archive) == OTF2_SUCCESS && ok;
      ok = OTF2_Archive_CloseDefFiles (m->archive) == OTF2_SUCCESS && ok;
      ok = OTF2_Archive_Close (m->archive) == OTF2_SUCCESS && ok;
    }
  m->definitions = NULL;
  m->archive = NULL;
  if (!ok && error != NULL)
    g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, _ ("%s: the merged archive cannot be finished"),
                 folder);
  return ok;
}

static gboolean
write_merged (ChronoOtf2Merge *m, const char *folder, GError **error)
{
  if (!open_archive (m, folder, error))
    {
      close_archive (m, folder, NULL);
      return FALSE;
    }
  gboolean ok = TRUE;
  for (guint k = 0; ok && k < m->n_inputs; k++)
    {
      m->input = &m->inputs[k];
      ok = copy_input (m, error);
    }
  return close_archive (m, folder, ok ? error : NULL) && ok;
}

/* A merge stopped by SIGINT, SIGTERM or SIGHUP removes what it wrote:
 * the handler only notes the signal (a blocked read or write returns
 * EINTR, as the handlers do not restart it), every record copied checks
 * the note, and the failed merge is cleaned up as any other.  Then the
 * signal goes to whoever handled it before, as if it came now; a second
 * one while the first is being handled ends the process at once, and the
 * next merge into the output names what was left. */
static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
static volatile sig_atomic_t stop_signal;
static struct sigaction previous_actions[G_N_ELEMENTS (stop_signals)];

static void
on_stop_signal (int signal_number)
{
  if (stop_signal != 0)
    {
      signal (signal_number, SIG_DFL);
      raise (signal_number);
      return;
    }
  stop_signal = signal_number;
}

static void
catch_stop_signals (void)
{
  stop_signal = 0;
  struct sigaction action = { 0 };
  action.sa_handler = on_stop_signal;
  sigemptyset (&action.sa_mask);
  for (guint i = 0; i < G_N_ELEMENTS (stop_signals); i++)
    sigaction (stop_signals[i], &action, &previous_actions[i]);
}

/* The handlers as they were; a signal caught meanwhile is raised again. */
static void
release_stop_signals (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (stop_signals); i++)
    sigaction (stop_signals[i], &previous_actions[i], NULL);
  if (stop_signal != 0)
    raise (stop_signal);
}

gboolean
chrono_otf2_merge_stopped (void)
{
  return stop_signal != 0;
}

gboolean
chrono_otf2_merge (const char *const *inputs, guint n_inputs, const char *output_dir, const ChronoMergeOptions *options,
                   GError **error)
{
  g_return_val_if_fail (n_inputs > 0, FALSE);
  chrono_otf2_quiet_errors ();
  MergeOutput *out =
      chrono_otf2_merge_output_begin (inputs, n_inputs, output_dir, options->force, options->warnings, error);
  if (out == NULL)
    return FALSE;
  catch_stop_signals ();
  ChronoOtf2Merge m;
  merge_init (&m, inputs, n_inputs);
  m.warnings = options->warnings;
  gboolean ok = chrono_otf2_merge_plan (&m, options->align, error) && write_merged (&m, out->temporary, error);
  merge_clear (&m);
  if (ok && !chrono_otf2_merge_stopped ())
    ok = chrono_otf2_merge_output_commit (out, output_dir, error);
  else
    {
      chrono_otf2_merge_output_abandon (out);
      ok = FALSE;
    }
  release_stop_signals ();
  return ok;
}
