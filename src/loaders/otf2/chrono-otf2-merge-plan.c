/* chrono-otf2-merge-plan.c — the merge's first pass: each input's
 * definitions read for their ids, clock, locations and per-paradigm
 * groups; then where each input's ids go and how its clock maps onto the
 * first input's (seed 004's transformation, through ChronoClockMap). */
#include <glib/gi18n-lib.h>

#include <glib/gstdio.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>

#include "chrono-otf2-prewalk.h"
#include "chrono-otf2-files.h"
#include "chrono-otf2-merge-private.h"

/* ---- the first pass ---------------------------------------------------------------------- */

void
chrono_otf2_merge_note (ChronoOtf2Merge *m, MergeKind kind, guint64 id)
{
  m->input->n_ids[kind] = MAX (m->input->n_ids[kind], id + 1);
  if (id <= G_MAXUINT32)
    g_hash_table_add (m->input->defined[kind], GUINT_TO_POINTER ((guint) id));
}

void
chrono_otf2_merge_note_location (ChronoOtf2Merge *m, OTF2_LocationRef id)
{
  g_array_append_val (m->input->locations, id);
}

static OTF2_CallbackCode
scan_clock (void *data, uint64_t resolution, uint64_t offset, uint64_t length, uint64_t realtime)
{
  ChronoOtf2Merge *m = data;
  MergeInput *in = m->input;
  in->have_clock = TRUE;
  in->resolution = resolution;
  in->offset = offset;
  in->length = length;
  in->realtime = realtime;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
scan_group (void *data, OTF2_GroupRef self, OTF2_StringRef name, OTF2_GroupType type, OTF2_Paradigm paradigm,
            OTF2_GroupFlag flags, uint32_t n_members, const uint64_t *members)
{
  ChronoOtf2Merge *m = data;
  MergeInput *in = m->input;
  chrono_otf2_merge_note (m, MERGE_GROUP, self);
  g_array_append_val (in->groups, self);
  if (type == OTF2_GROUP_TYPE_COMM_LOCATIONS && in->comm_locations[paradigm] == MERGE_NO_GROUP)
    {
      in->comm_locations[paradigm] = self;
      in->comm_location_members[paradigm] = g_array_sized_new (FALSE, FALSE, sizeof (guint64), n_members);
      g_array_append_vals (in->comm_location_members[paradigm], members, n_members);
    }
  if (type == OTF2_GROUP_TYPE_COMM_SELF && in->comm_self[paradigm] == MERGE_NO_GROUP)
    in->comm_self[paradigm] = self;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
scan_unknown (void *data)
{
  ChronoOtf2Merge *m = data;
  return chrono_otf2_merge_fail (m, _ ("%s: holds a definition this libotf2 does not know, which cannot be copied"),
                                 m->input->path);
}

/* libotf2 opens an archive's files as they come: each is checked first
 * (a missing one is libotf2's to report). */
static gboolean
check_global_files (const MergeInput *in, GError **error)
{
  g_autofree char *stem = chrono_otf2_archive_stem (in->path);
  g_autofree char *definitions = g_strconcat (stem, ".def", NULL);
  return chrono_otf2_check_present_file (in->path, error) && chrono_otf2_check_present_file (definitions, error);
}

static gboolean
check_location_files (const MergeInput *in, GError **error)
{
  for (guint i = 0; i < in->locations->len; i++)
    for (guint k = 0; k < 2; k++)
      {
        g_autofree char *path =
            chrono_otf2_location_file (in->path, g_array_index (in->locations, guint64, i), k == 0 ? "evt" : "def");
        if (!chrono_otf2_check_present_file (path, error))
          return FALSE;
      }
  return TRUE;
}

static gboolean
scan_input (ChronoOtf2Merge *m, GError **error)
{
  MergeInput *in = m->input;
  if (!check_global_files (in, error))
    return FALSE;
  OTF2_Reader *otf2 = chrono_otf2_open_archive (in->path, error);
  if (otf2 == NULL)
    return FALSE;
  OTF2_GlobalDefReader *defs = OTF2_Reader_GetGlobalDefReader (otf2);
  OTF2_GlobalDefReaderCallbacks *callbacks = OTF2_GlobalDefReaderCallbacks_New ();
  chrono_otf2_merge_register_scans (callbacks);
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback (callbacks, scan_clock);
  OTF2_GlobalDefReaderCallbacks_SetGroupCallback (callbacks, scan_group);
  OTF2_GlobalDefReaderCallbacks_SetUnknownCallback (callbacks, scan_unknown);
  uint64_t n = 0;
  gboolean ok = defs != NULL && OTF2_Reader_RegisterGlobalDefCallbacks (otf2, defs, callbacks, m) == OTF2_SUCCESS
                && OTF2_Reader_ReadAllGlobalDefinitions (otf2, defs, &n) == OTF2_SUCCESS;
  OTF2_GlobalDefReaderCallbacks_Delete (callbacks);
  if (defs != NULL)
    OTF2_Reader_CloseGlobalDefReader (otf2, defs);
  chrono_otf2_merge_read_properties (in, otf2);
  OTF2_Reader_Close (otf2);
  if (m->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&m->error));
      return FALSE;
    }
  if (!ok)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s: the archive's global definitions cannot be read"), in->path);
      return FALSE;
    }
  if (!in->have_clock || in->resolution == 0)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   in->have_clock ? _ ("%s: its clock properties give 0 ticks per second")
                                  : _ ("%s: the archive has no clock properties"),
                   in->path);
      return FALSE;
    }
  return check_location_files (in, error);
}

/* ---- ids ------------------------------------------------------------------------------------ */

/* The ids the merge adds before an input's own of a kind: the node named
 * after the input, its name and its class. */
static guint64
added_ids (int kind)
{
  return kind == MERGE_SYSTEM_TREE_NODE ? 1 : kind == MERGE_STRING ? 2 : 0;
}

/* Each kind's ids of input k follow those of inputs 0 … k−1. */
static gboolean
plan_ids (ChronoOtf2Merge *m, GError **error)
{
  guint64 next[MERGE_N_KINDS] = { 0 };
  for (guint k = 0; k < m->n_inputs; k++)
    for (int kind = 0; kind < MERGE_N_KINDS; kind++)
      {
        MergeInput *in = &m->inputs[k];
        /* the largest id stays below the kind's "undefined" value */
        guint64 limit = kind == MERGE_IO_PARADIGM ? OTF2_UNDEFINED_UINT8 : OTF2_UNDEFINED_UINT32;
        /* the added ones first: written first, they keep ids in order as readers want them */
        if (kind == MERGE_SYSTEM_TREE_NODE)
          in->run_node = next[kind];
        else if (kind == MERGE_STRING)
          {
            in->run_name_string = next[kind];
            in->run_class_string = next[kind] + 1;
          }
        next[kind] += added_ids (kind);
        in->base[kind] = next[kind];
        next[kind] += in->n_ids[kind];
        if (next[kind] > limit)
          {
            g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                         _ ("%s: with the archives before it, there are too many definitions of one kind for one "
                            "archive"),
                         in->path);
            return FALSE;
          }
      }
  return TRUE;
}

/* An input's locations keep their ids unless one is an earlier input's
 * (an archive merged with itself, two runs both counting from 0); then
 * all of them move past the largest id so far. */
static gboolean
plan_locations (ChronoOtf2Merge *m, GError **error)
{
  g_autoptr (GHashTable) taken = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  guint64 largest = 0;
  for (guint k = 0; k < m->n_inputs; k++)
    {
      MergeInput *in = &m->inputs[k];
      gboolean collides = FALSE;
      guint64 own_largest = 0;
      for (guint i = 0; i < in->locations->len; i++)
        {
          guint64 id = g_array_index (in->locations, guint64, i);
          if (id == OTF2_UNDEFINED_LOCATION)
            {
              /* libotf2 neither reads nor writes its events: the loader shows none */
              g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                           _ ("%s: defines a location with id %" PRIu64 ", the value OTF2 keeps for “no location”; "
                              "it cannot be merged"),
                           in->path, id);
              return FALSE;
            }
          collides = collides || g_hash_table_contains (taken, &id);
          own_largest = MAX (own_largest, id);
        }
      in->location_shift = collides ? largest + 1 : 0;
      if (own_largest > OTF2_UNDEFINED_LOCATION - 1 - in->location_shift)
        {
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                       _ ("%s: its location ids are an earlier archive's too, and moved past the earlier archives' "
                          "(by %" PRIu64 ") its largest, %" PRIu64 ", would reach OTF2's undefined location id"),
                       in->path, in->location_shift, own_largest);
          return FALSE;
        }
      for (guint i = 0; i < in->locations->len; i++)
        {
          guint64 id = g_array_index (in->locations, guint64, i) + in->location_shift;
          g_hash_table_add (taken, g_memdup2 (&id, sizeof id));
          largest = MAX (largest, id);
        }
    }
  return TRUE;
}

/* OTF2 allows one COMM_LOCATIONS group per paradigm (the ranks of the
 * paradigm's communicators index into it) and one COMM_SELF group: the
 * merged archive keeps the first input's, holding every input's ranks
 * one input after the other, and each later input's rank lists move by
 * the ranks before its own. */
static void
plan_paradigm_groups (ChronoOtf2Merge *m)
{
  for (guint p = 0; p < MERGE_N_PARADIGMS; p++)
    {
      m->comm_locations_home[p] = G_MAXUINT;
      m->comm_self_home[p] = G_MAXUINT;
      guint64 ranks = 0;
      for (guint k = 0; k < m->n_inputs; k++)
        {
          MergeInput *in = &m->inputs[k];
          in->rank_base[p] = ranks;
          if (in->comm_locations[p] != MERGE_NO_GROUP)
            {
              if (m->comm_locations_home[p] == G_MAXUINT)
                {
                  m->comm_locations_home[p] = k;
                  m->comm_location_members[p] = g_array_new (FALSE, FALSE, sizeof (guint64));
                }
              GArray *own = in->comm_location_members[p];
              for (guint i = 0; i < own->len; i++)
                {
                  guint64 id = g_array_index (own, guint64, i);
                  id = id == OTF2_UNDEFINED_LOCATION ? id : id + in->location_shift;
                  g_array_append_val (m->comm_location_members[p], id);
                }
              ranks += own->len;
            }
          if (in->comm_self[p] != MERGE_NO_GROUP && m->comm_self_home[p] == G_MAXUINT)
            m->comm_self_home[p] = k;
        }
      for (guint k = 0; k < m->n_inputs; k++)
        {
          MergeInput *in = &m->inputs[k];
          if (in->comm_locations[p] != MERGE_NO_GROUP && m->comm_locations_home[p] != k)
            g_hash_table_add (in->group_alias, GUINT_TO_POINTER (in->comm_locations[p]));
          if (in->comm_self[p] != MERGE_NO_GROUP && m->comm_self_home[p] != k)
            g_hash_table_add (in->group_alias, GUINT_TO_POINTER (in->comm_self[p]));
        }
    }
}

static int
compare_groups (gconstpointer a, gconstpointer b)
{
  OTF2_GroupRef x = *(const OTF2_GroupRef *) a, y = *(const OTF2_GroupRef *) b;
  return x < y ? -1 : x > y;
}

/* Groups are numbered one after the other, in each input's order, the
 * ones another group stands for taking that group's id. */
static void
plan_group_ids (ChronoOtf2Merge *m)
{
  OTF2_GroupRef next = 0;
  for (guint k = 0; k < m->n_inputs; k++)
    {
      MergeInput *in = &m->inputs[k];
      g_array_sort (in->groups, compare_groups);
      for (guint i = 0; i < in->groups->len; i++)
        {
          OTF2_GroupRef id = g_array_index (in->groups, OTF2_GroupRef, i);
          if (!g_hash_table_contains (in->group_alias, GUINT_TO_POINTER (id))
              && !g_hash_table_contains (in->group_ids, GUINT_TO_POINTER (id)))
            g_hash_table_insert (in->group_ids, GUINT_TO_POINTER (id), GUINT_TO_POINTER (next++));
        }
    }
  for (guint p = 0; p < MERGE_N_PARADIGMS; p++)
    for (guint k = 0; k < m->n_inputs; k++)
      {
        MergeInput *in = &m->inputs[k];
        guint home = m->comm_locations_home[p];
        if (in->comm_locations[p] != MERGE_NO_GROUP && home != k)
          g_hash_table_insert (
              in->group_ids, GUINT_TO_POINTER (in->comm_locations[p]),
              g_hash_table_lookup (m->inputs[home].group_ids, GUINT_TO_POINTER (m->inputs[home].comm_locations[p])));
        home = m->comm_self_home[p];
        if (in->comm_self[p] != MERGE_NO_GROUP && home != k)
          g_hash_table_insert (
              in->group_ids, GUINT_TO_POINTER (in->comm_self[p]),
              g_hash_table_lookup (m->inputs[home].group_ids, GUINT_TO_POINTER (m->inputs[home].comm_self[p])));
      }
}

/* ---- clocks --------------------------------------------------------------------------------- */

static void
clock_of (const MergeInput *in, ChronoClock *clock)
{
  chrono_clock_init (clock, (gint64) MIN (in->resolution, (guint64) G_MAXINT64));
}

/* Where the input's globalOffset falls on the first input's clock: the
 * same place (start alignment), or where the wall-clock times say, the
 * realtime timestamps (ns since the epoch at each globalOffset) mapped
 * onto the first input's ticks exactly. */
static gboolean
plan_origin (ChronoOtf2Merge *m, const MergeInput *in, ChronoMergeAlign align, gint64 *origin, GError **error)
{
  const MergeInput *first = &m->inputs[0];
  if (align == CHRONO_MERGE_ALIGN_START)
    {
      *origin = (gint64) first->offset;
      return TRUE;
    }
  const MergeInput *without = first->realtime == OTF2_UNDEFINED_TIMESTAMP ? first : in;
  if (without->realtime == OTF2_UNDEFINED_TIMESTAMP)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s: the archive has no wall-clock time (ClockProperties realtime) to align by"), without->path);
      return FALSE;
    }
  ChronoClock nanoseconds, target;
  chrono_clock_init (&nanoseconds, 1000000000);
  clock_of (first, &target);
  ChronoClockMap wall;
  chrono_clock_map_init (&wall, &nanoseconds, (gint64) MIN (first->realtime, (guint64) G_MAXINT64), &target,
                         (gint64) first->offset);
  if (in->realtime > (guint64) G_MAXINT64 || !chrono_clock_map_apply (&wall, (gint64) in->realtime, origin))
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s: its wall-clock time is too far from the first archive's"), in->path);
      return FALSE;
    }
  return TRUE;
}

/* The output's ClockProperties: the first input's resolution, from the
 * earliest mapped start to the latest mapped end, and the wall-clock time
 * at that start when the first input has one. */
static gboolean
plan_clocks (ChronoOtf2Merge *m, ChronoMergeAlign align, GError **error)
{
  ChronoClock target;
  clock_of (&m->inputs[0], &target);
  gint64 begin = G_MAXINT64, end = G_MININT64;
  for (guint k = 0; k < m->n_inputs; k++)
    {
      MergeInput *in = &m->inputs[k];
      if (in->offset > (guint64) G_MAXINT64 || in->length > (guint64) G_MAXINT64 - in->offset)
        {
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                       _ ("%s: its timestamps are too large to be merged"), in->path);
          return FALSE;
        }
      gint64 origin, first, last;
      if (!plan_origin (m, in, align, &origin, error))
        return FALSE;
      ChronoClock source;
      clock_of (in, &source);
      chrono_clock_map_init (&in->map, &source, (gint64) in->offset, &target, origin);
      if (!chrono_clock_map_apply (&in->map, (gint64) in->offset, &first)
          || !chrono_clock_map_apply (&in->map, (gint64) (in->offset + in->length), &last) || first < 0)
        {
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                       _ ("%s: its timestamps fall outside the first archive's clock"), in->path);
          return FALSE;
        }
      begin = MIN (begin, first);
      end = MAX (end, last);
    }
  m->resolution = m->inputs[0].resolution;
  m->global_offset = (guint64) begin;
  m->length = (guint64) (end - begin);
  m->realtime = OTF2_UNDEFINED_TIMESTAMP;
  const MergeInput *first = &m->inputs[0];
  if (first->realtime != OTF2_UNDEFINED_TIMESTAMP && first->realtime <= (guint64) G_MAXINT64)
    {
      ChronoClock nanoseconds;
      chrono_clock_init (&nanoseconds, 1000000000);
      ChronoClockMap wall;
      gint64 realtime;
      chrono_clock_map_init (&wall, &target, (gint64) first->offset, &nanoseconds, (gint64) first->realtime);
      if (chrono_clock_map_apply (&wall, begin, &realtime) && realtime >= 0)
        m->realtime = (guint64) realtime;
    }
  return TRUE;
}

/* ---- the nodes named after the inputs ------------------------------------------------------ */

static char *
anchor_name (const MergeInput *in)
{
  g_autofree char *base = g_path_get_basename (in->path);
  return g_str_has_suffix (base, ".otf2") ? g_strndup (base, strlen (base) - strlen (".otf2")) : g_strdup (base);
}

static char *
folder_name (const MergeInput *in)
{
  g_autofree char *absolute = g_canonicalize_filename (in->path, NULL);
  g_autofree char *folder = g_path_get_dirname (absolute);
  return g_path_get_basename (folder);
}

/* Each input's run is named after its anchor ("run-a" of run-a.otf2), or
 * its folder's name when anchors share a name (Score-P calls every anchor
 * traces.otf2); a name still taken gets the input's position. */
static void
plan_run_names (ChronoOtf2Merge *m)
{
  g_autoptr (GHashTable) anchors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean shared = FALSE;
  for (guint k = 0; k < m->n_inputs; k++)
    shared = !g_hash_table_add (anchors, anchor_name (&m->inputs[k])) || shared;
  g_autoptr (GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint k = 0; k < m->n_inputs; k++)
    {
      MergeInput *in = &m->inputs[k];
      in->run_name = shared ? folder_name (in) : anchor_name (in);
      if (g_hash_table_contains (taken, in->run_name))
        {
          char *numbered = g_strdup_printf ("%s (%u)", in->run_name, k + 1);
          g_free (in->run_name);
          in->run_name = numbered;
        }
      g_hash_table_add (taken, in->run_name);
    }
}

gboolean
chrono_otf2_merge_plan (ChronoOtf2Merge *m, ChronoMergeAlign align, GError **error)
{
  for (guint k = 0; k < m->n_inputs; k++)
    {
      m->input = &m->inputs[k];
      if (!scan_input (m, error))
        return FALSE;
    }
  m->input = NULL;
  if (!plan_ids (m, error) || !plan_locations (m, error))
    return FALSE;
  plan_paradigm_groups (m);
  plan_group_ids (m);
  plan_run_names (m);
  return plan_clocks (m, align, error);
}
