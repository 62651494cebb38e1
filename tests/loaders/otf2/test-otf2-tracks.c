/* test-otf2-tracks.c — what an OTF2 archive's metric lanes and location
 * names say, on small archives written here with libotf2: a counter that
 * goes down is shown as recorded (one warning), read lazily too a counter
 * switches between its rate and its recorded values, metric times that go back
 * (across 2^63 too) are warned about and skipped, whole and lazily, and
 * locations without a name are named from their type and group. */
#include <glib/gstdio.h>

#include <otf2/otf2.h>

#include <math.h>
#include <string.h>

#include "chrono-loader.h"

typedef struct {
  guint64 time;
  guint64 value;
} Sample;

typedef struct {
  const char *name;
  OTF2_LocationGroupType type;
} TestGroup;

typedef struct {
  guint64 id;
  const char *name;
  OTF2_LocationType type;
  guint32 group;
  const Sample *samples; /* of the one metric member */
  guint n_samples;
} TestLocation;

typedef struct {
  OTF2_MetricMode mode;
  const TestGroup *groups;
  guint n_groups;
  const TestLocation *locations;
  guint n_locations;
} TestArchive;

static OTF2_FlushType
pre_flush (void *user, OTF2_FileType type, OTF2_LocationRef location, void *caller, bool final)
{
  return OTF2_FLUSH;
}

static OTF2_FlushCallbacks flush_callbacks = { pre_flush, NULL };

#define CHECK(call) g_assert_cmpint ((call), ==, OTF2_SUCCESS)

static guint32
string_ref (GPtrArray *strings, const char *text)
{
  for (guint i = 0; i < strings->len; i++)
    if (g_str_equal (g_ptr_array_index (strings, i), text))
      return i;
  g_ptr_array_add (strings, (gpointer) text);
  return strings->len - 1;
}

static void
write_definitions (OTF2_Archive *archive, const TestArchive *a, guint64 last)
{
  g_autoptr (GPtrArray) strings = g_ptr_array_new ();
  guint32 machine = string_ref (strings, "machine"), node = string_ref (strings, "node");
  guint32 counter = string_ref (strings, "counter"), unit = string_ref (strings, "#");
  guint32 group_names[8], location_names[8];
  g_assert_cmpuint (a->n_groups, <=, G_N_ELEMENTS (group_names));
  g_assert_cmpuint (a->n_locations, <=, G_N_ELEMENTS (location_names));
  for (guint i = 0; i < a->n_groups; i++)
    group_names[i] = string_ref (strings, a->groups[i].name);
  for (guint i = 0; i < a->n_locations; i++)
    location_names[i] = string_ref (strings, a->locations[i].name);
  OTF2_GlobalDefWriter *g = OTF2_Archive_GetGlobalDefWriter (archive);
  CHECK (OTF2_GlobalDefWriter_WriteClockProperties (g, 1000000000, 0, last + 1, OTF2_UNDEFINED_TIMESTAMP));
  for (guint i = 0; i < strings->len; i++)
    CHECK (OTF2_GlobalDefWriter_WriteString (g, i, g_ptr_array_index (strings, i)));
  CHECK (OTF2_GlobalDefWriter_WriteSystemTreeNode (g, 0, machine, node, OTF2_UNDEFINED_SYSTEM_TREE_NODE));
  for (guint i = 0; i < a->n_groups; i++)
    CHECK (OTF2_GlobalDefWriter_WriteLocationGroup (g, i, group_names[i], a->groups[i].type, 0,
                                                    OTF2_UNDEFINED_LOCATION_GROUP));
  for (guint i = 0; i < a->n_locations; i++)
    CHECK (OTF2_GlobalDefWriter_WriteLocation (g, a->locations[i].id, location_names[i], a->locations[i].type,
                                               a->locations[i].n_samples, a->locations[i].group));
  OTF2_MetricMemberRef member = 0;
  CHECK (OTF2_GlobalDefWriter_WriteMetricMember (g, 0, counter, counter, OTF2_METRIC_TYPE_PAPI, a->mode,
                                                 OTF2_TYPE_UINT64, OTF2_BASE_DECIMAL, 0, unit));
  CHECK (OTF2_GlobalDefWriter_WriteMetricClass (g, 0, 1, &member, OTF2_METRIC_SYNCHRONOUS, OTF2_RECORDER_KIND_CPU));
  CHECK (OTF2_Archive_CloseGlobalDefWriter (archive, g));
}

/* The archive in a new temporary folder; returns its anchor's path. */
static char *
write_archive (const TestArchive *a)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("chrono-otf2-tracks-XXXXXX", &error);
  g_assert_no_error (error);
  OTF2_Archive *archive = OTF2_Archive_Open (dir, "run", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                                             OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  g_assert_nonnull (archive);
  CHECK (OTF2_Archive_SetFlushCallbacks (archive, &flush_callbacks, NULL));
  CHECK (OTF2_Archive_SetSerialCollectiveCallbacks (archive));
  CHECK (OTF2_Archive_OpenEvtFiles (archive));
  guint64 last = 0;
  for (guint i = 0; i < a->n_locations; i++)
    {
      const TestLocation *l = &a->locations[i];
      OTF2_EvtWriter *w = OTF2_Archive_GetEvtWriter (archive, l->id);
      g_assert_nonnull (w);
      for (guint k = 0; k < l->n_samples; k++)
        {
          OTF2_Type type = OTF2_TYPE_UINT64;
          OTF2_MetricValue value = { .unsigned_int = l->samples[k].value };
          CHECK (OTF2_EvtWriter_Metric (w, NULL, l->samples[k].time, 0, 1, &type, &value));
          if (l->samples[k].time < G_MAXINT64)
            last = MAX (last, l->samples[k].time);
        }
      CHECK (OTF2_Archive_CloseEvtWriter (archive, w));
    }
  CHECK (OTF2_Archive_CloseEvtFiles (archive));
  write_definitions (archive, a, last);
  CHECK (OTF2_Archive_OpenDefFiles (archive));
  for (guint i = 0; i < a->n_locations; i++)
    CHECK (OTF2_Archive_CloseDefWriter (archive, OTF2_Archive_GetDefWriter (archive, a->locations[i].id)));
  CHECK (OTF2_Archive_CloseDefFiles (archive));
  CHECK (OTF2_Archive_Close (archive));
  char *anchor = g_build_filename (dir, "run.otf2", NULL);
  g_free (dir);
  return anchor;
}

static void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
      for (const char *name; dir != NULL && (name = g_dir_read_name (dir)) != NULL;)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static void
remove_archive (const char *anchor)
{
  g_autofree char *dir = g_path_get_dirname (anchor);
  remove_tree (dir);
}

static ChronoTrace *
load (const char *anchor, gboolean lazily)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", lazily ? "always" : "never");
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file_with_options (anchor, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static ChronoLane *
signal_lane (ChronoTrace *trace)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (chrono_lane_get_kind (g_ptr_array_index (lanes, i)) == CHRONO_LANE_SIGNAL)
      return g_ptr_array_index (lanes, i);
  return NULL;
}

static guint
warnings_of (ChronoTrace *trace, const char *reason)
{
  ChronoWarnings *warnings = chrono_trace_get_warnings (trace);
  guint n = 0;
  for (guint i = 0; i < chrono_warnings_get_n_kept (warnings); i++)
    if (g_str_equal (chrono_warnings_get_kept (warnings, i)->reason, reason))
      n++;
  return n;
}

static const TestGroup one_process[] = { { "MPI Rank 0", OTF2_LOCATION_GROUP_TYPE_PROCESS } };

/* A counter that only grows is drawn as its rate; one that goes down
 * (a plugin counter declared accumulated by mistake) as recorded, with one
 * warning, whole and lazily. */
static void
test_counter_modes (void)
{
  static const Sample growing[] = { { 100, 1000 }, { 200, 3000 }, { 300, 3000 }, { 400, 7000 } };
  static const Sample falling[] = { { 100, 900 }, { 200, 500 }, { 300, 800 }, { 400, 100 } };
  const TestLocation rising_location = { 0, "Master thread", OTF2_LOCATION_TYPE_CPU_THREAD, 0, growing, 4 };
  const TestLocation falling_location = { 0, "Master thread", OTF2_LOCATION_TYPE_CPU_THREAD, 0, falling, 4 };
  const TestArchive rising = { OTF2_METRIC_ACCUMULATED_START, one_process, 1, &rising_location, 1 };
  const TestArchive dropping = { OTF2_METRIC_ACCUMULATED_START, one_process, 1, &falling_location, 1 };
  g_autofree char *rising_path = write_archive (&rising);
  g_autofree char *dropping_path = write_archive (&dropping);
  for (int lazily = 0; lazily <= 1; lazily++)
    {
      g_autoptr (ChronoTrace) rate = load (rising_path, lazily);
      ChronoLane *lane = signal_lane (rate);
      g_assert_nonnull (lane);
      g_assert_cmpstr (chrono_lane_get_name (lane), ==, "counter /s");
      g_assert_cmpuint (warnings_of (rate, "counter goes down"), ==, 0);

      g_autoptr (ChronoTrace) recorded = load (dropping_path, lazily);
      lane = signal_lane (recorded);
      g_assert_nonnull (lane);
      g_assert_cmpstr (chrono_lane_get_name (lane), ==, "counter");
      g_assert_cmpuint (warnings_of (recorded, "counter goes down"), ==, 1);
      if (!lazily)
        {
          double value;
          ChronoSignal *signal = chrono_lane_get_signal (lane);
          g_assert_true (chrono_signal_value_at (signal, 250, &value));
          g_assert_cmpfloat (value, ==, 500);
          g_assert_true (chrono_signal_value_at (signal, 350, &value));
          g_assert_cmpfloat (value, ==, 800);
        }
      else
        {
          ChronoSummary *summary = chrono_lane_get_summary (lane);
          g_assert_nonnull (summary);
          double min, max;
          g_assert_true (chrono_summary_get_value_range (summary, &min, &max));
          /* the last value too, held at the end as a whole read has it (as a rate: −7e9 /s) */
          g_assert_cmpfloat (min, ==, 100);
          g_assert_cmpfloat (max, ==, 900);
        }
    }
  remove_archive (rising_path);
  remove_archive (dropping_path);
}

/* Replaces the 8 bytes of a written time in a location's event file (the
 * writer refuses times that go back; a reader meets them all the same). */
static void
patch_time (const char *anchor, guint64 location, guint64 written, guint64 wanted)
{
  g_autofree char *dir = g_path_get_dirname (anchor);
  g_autofree char *name = g_strdup_printf ("%" G_GUINT64_FORMAT ".evt", location);
  g_autofree char *path = g_build_filename (dir, "run", name, NULL);
  g_autofree char *bytes = NULL;
  gsize length = 0;
  g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
  guint64 from = GUINT64_TO_LE (written), to = GUINT64_TO_LE (wanted);
  guint found = 0;
  for (gsize i = 0; i + sizeof from <= length; i++)
    if (memcmp (bytes + i, &from, sizeof from) == 0)
      {
        memcpy (bytes + i, &to, sizeof to);
        found++;
      }
  g_assert_cmpuint (found, ==, 1);
  g_assert_true (g_file_set_contents (path, bytes, (gssize) length, NULL));
}

/* Samples whose time goes back (also from past 2^63 to a small time) are
 * one warning and are skipped: nothing overflows, the rest is drawn. */
static void
test_times_going_back (void)
{
  /* times of 8 bytes, so each can be patched in place */
  const guint64 base = G_GUINT64_CONSTANT (1) << 56, late = G_GUINT64_CONSTANT (0x8000000000000010);
  const Sample samples[] = {
    { base + 100, 10 }, { base + 200, 20 }, { base + 0x10101, 30 }, { base + 0x20202, 40 }, { base + 0x30303, 50 }
  };
  for (OTF2_MetricMode mode = OTF2_METRIC_ACCUMULATED_START;; mode = OTF2_METRIC_ABSOLUTE_POINT)
    {
      const TestLocation location = { 0, "Master thread", OTF2_LOCATION_TYPE_CPU_THREAD, 0, samples, 5 };
      const TestArchive archive = { mode, one_process, 1, &location, 1 };
      g_autofree char *path = write_archive (&archive);
      /* base + 100, base + 200, 2^63 + 16, base + 300, base + 150 */
      patch_time (path, 0, base + 0x10101, late);
      patch_time (path, 0, base + 0x20202, base + 300);
      patch_time (path, 0, base + 0x30303, base + 150);
      for (int lazily = 0; lazily <= 1; lazily++)
        {
          g_autoptr (ChronoTrace) trace = load (path, lazily);
          g_assert_cmpuint (warnings_of (trace, "metric time goes back"), ==, 1);
          ChronoLane *lane = signal_lane (trace);
          g_assert_nonnull (lane);
          if (!lazily)
            {
              double value;
              g_assert_true (chrono_signal_value_at (chrono_lane_get_signal (lane), (gint64) base + 150, &value));
              g_assert_cmpfloat (value, ==, mode == OTF2_METRIC_ACCUMULATED_START ? 1e8 : 10);
            }
        }
      remove_archive (path);
      if (mode == OTF2_METRIC_ABSOLUTE_POINT)
        break;
    }
}

static ChronoTrace *
load_in_windows (const char *anchor)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", "always");
  g_hash_table_insert (options, "chunk-size", "256");
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file_with_options (anchor, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

/* The lane of the window holding time, decoded (or kept) by the trace's cache. */
static ChronoLane *
window_lane (ChronoTrace *trace, ChronoLane *index_lane, gint64 time)
{
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  guint k = chrono_trace_find_chunk (trace, time);
  g_autoptr (GError) error = NULL;
  g_assert_nonnull (chrono_chunk_cache_decode (cache, k, &error));
  g_assert_no_error (error);
  ChronoLane *lane = chrono_chunk_cache_find_lane (cache, k, index_lane);
  g_assert_nonnull (lane);
  return lane;
}

/* Between every two samples of one window, the windows read lazily show
 * what the whole read shows, under the same name.  (Between a window's
 * last sample and its end a decoded window knows no rate: the next sample
 * is the next window's.) */
static void
assert_windows_show (ChronoTrace *lazy, ChronoLane *index_lane, ChronoLane *whole, const Sample *samples, guint n)
{
  g_assert_cmpstr (chrono_lane_get_name (index_lane), ==, chrono_lane_get_name (whole));
  g_assert_cmpstr (chrono_lane_get_other_name (index_lane), ==, chrono_lane_get_other_name (whole));
  guint probed = 0;
  for (guint i = 0; i + 1 < n; i++)
    {
      gint64 t = (gint64) (samples[i].time + samples[i + 1].time) / 2;
      if (chrono_trace_find_chunk (lazy, (gint64) samples[i].time)
          != chrono_trace_find_chunk (lazy, (gint64) samples[i + 1].time))
        continue;
      probed++;
      ChronoLane *lane = window_lane (lazy, index_lane, t);
      g_assert_cmpstr (chrono_lane_get_name (lane), ==, chrono_lane_get_name (whole));
      g_assert_cmpstr (chrono_lane_get_other_name (lane), ==, chrono_lane_get_other_name (whole));
      double expected, value;
      g_assert_true (chrono_signal_value_at (chrono_lane_get_signal (whole), t, &expected));
      if (!chrono_signal_value_at (chrono_lane_get_signal (lane), t, &value))
        g_error ("%s: no value at %" G_GINT64_FORMAT, chrono_lane_get_name (lane), t);
      g_assert_cmpfloat (value, ==, expected);
    }
  g_assert_cmpuint (probed, >, n / 2);
  /* the overview's summary is of the same reading */
  double min, max, whole_min, whole_max;
  g_assert_true (chrono_summary_get_value_range (chrono_lane_get_summary (index_lane), &min, &max));
  g_assert_true (chrono_signal_range (chrono_lane_get_signal (whole), G_MININT64, G_MAXINT64, &whole_min, &whole_max));
  g_assert_cmpfloat (min, ==, whole_min);
  g_assert_cmpfloat (max, ==, whole_max);
}

/* Read lazily, a counter's lane switches between its rate and its values
 * as recorded as a whole read's does: clicked in a decoded window, the
 * whole lane switches, the windows decoded before and after alike. */
static void
test_switch_lazily (void)
{
  enum { N = 60 };
  Sample rising[N], falling[N];
  for (guint i = 0; i < N; i++)
    {
      rising[i] = (Sample){ 100 + i * 97, 1000 + i * i * 7 };
      falling[i] = (Sample){ 100 + i * 97, 500 + (i * 37) % 11 * 40 };
    }
  const Sample *archives[] = { rising, falling };
  for (guint a = 0; a < G_N_ELEMENTS (archives); a++)
    {
      const TestLocation location = { 0, "Master thread", OTF2_LOCATION_TYPE_CPU_THREAD, 0, archives[a], N };
      const TestArchive archive = { OTF2_METRIC_ACCUMULATED_START, one_process, 1, &location, 1 };
      g_autofree char *path = write_archive (&archive);
      g_autoptr (ChronoTrace) whole_trace = load (path, FALSE);
      g_autoptr (ChronoTrace) lazy = load_in_windows (path);
      g_assert_cmpuint (chrono_trace_get_n_chunks (lazy), >, 3);
      ChronoLane *whole = signal_lane (whole_trace), *index_lane = signal_lane (lazy);
      g_assert_cmpstr (chrono_lane_get_name (whole), ==, a == 0 ? "counter /s" : "counter");
      assert_windows_show (lazy, index_lane, whole, archives[a], N);

      /* switched from a sample of the first window, as the inspector's button does */
      g_assert_true (chrono_lane_swap_signals (whole));
      g_assert_true (chrono_lane_swap_signals (window_lane (lazy, index_lane, (gint64) archives[a][1].time)));
      g_assert_cmpstr (chrono_lane_get_name (whole), ==, a == 0 ? "counter" : "counter /s");
      assert_windows_show (lazy, index_lane, whole, archives[a], N);

      /* and back, the index lane itself this time */
      g_assert_true (chrono_lane_swap_signals (whole));
      g_assert_true (chrono_lane_swap_signals (index_lane));
      assert_windows_show (lazy, index_lane, whole, archives[a], N);
      remove_archive (path);
    }
}

static gboolean
has_lane_path (ChronoTrace *trace, const char *path)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      g_autofree char *p = chrono_lane_dup_path (g_ptr_array_index (lanes, i));
      if (g_str_equal (p, path))
        return TRUE;
    }
  return FALSE;
}

/* Locations the writer left unnamed, or named by a bare number, are named
 * from their type and group; named ones keep their names. */
static void
test_location_names (void)
{
  static const Sample one[] = { { 100, 1 } };
  const TestGroup groups[] = { { "MPI Rank 0", OTF2_LOCATION_GROUP_TYPE_PROCESS },
                               { "0", OTF2_LOCATION_GROUP_TYPE_ACCELERATOR },
                               { "", OTF2_LOCATION_GROUP_TYPE_ACCELERATOR } };
  const guint64 high = G_GUINT64_CONSTANT (1) << 32;
  const TestLocation locations[] = {
    { 0, "Master thread", OTF2_LOCATION_TYPE_CPU_THREAD, 0, one, 1 },
    { 1, "", OTF2_LOCATION_TYPE_CPU_THREAD, 0, one, 1 },
    { 2, "3", OTF2_LOCATION_TYPE_ACCELERATOR_STREAM, 1, one, 1 },
    { 3, "", OTF2_LOCATION_TYPE_ACCELERATOR_STREAM, 2, one, 1 },
    { 3 * high, "", OTF2_LOCATION_TYPE_METRIC, 0, one, 1 },
    { 4 * high, "", OTF2_LOCATION_TYPE_METRIC, 0, one, 1 },
  };
  const TestArchive archive = { OTF2_METRIC_ABSOLUTE_POINT, groups, G_N_ELEMENTS (groups), locations,
                                G_N_ELEMENTS (locations) };
  g_autofree char *path = write_archive (&archive);
  g_autoptr (ChronoTrace) trace = load (path, FALSE);
  const char *expected[] = { "machine/MPI Rank 0/Master thread",
                             "machine/MPI Rank 0/Thread 1 of MPI Rank 0",
                             "machine/GPU 0/GPU 0 stream 3",
                             "machine/GPU 2/GPU 2 stream 0",
                             "machine/MPI Rank 0/Metric location 0 of MPI Rank 0",
                             "machine/MPI Rank 0/Metric location 1 of MPI Rank 0" };
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (!has_lane_path (trace, expected[i]))
      g_error ("no lane %s", expected[i]);
  remove_archive (path);
}

static gboolean
notes_colour_label (ChronoTrace *trace, const char *name)
{
  g_autoptr (GArray) labels = chrono_trace_list_colour_labels (trace);
  for (guint i = 0; i < labels->len; i++)
    if (g_str_equal (chrono_strings_get (chrono_trace_get_strings (trace), g_array_index (labels, guint32, i)), name))
      return TRUE;
  return FALSE;
}

/* The regions called and the collectives seen colour the calls, ranked
 * (read whole and lazily alike); a region never called takes no colour. */
static void
test_colour_labels (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), "otf2", "sends_inside.otf2", NULL);
  for (int lazily = 0; lazily <= 1; lazily++)
    {
      g_autoptr (ChronoTrace) trace = load (path, lazily);
      g_assert_true (notes_colour_label (trace, "main"));
      g_assert_true (notes_colour_label (trace, "MPI_Send"));
      g_assert_true (notes_colour_label (trace, "Barrier (collective)"));
      g_assert_false (notes_colour_label (trace, "MPI_Bcast")); /* defined, never called */
      g_assert_false (notes_colour_label (trace, "Bcast (collective)"));
    }
}

/* Read lazily, a location's summary keeps which region ran, so the
 * overview shows regions' colours before any window is decoded. */
static void
test_summary_regions (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), "otf2", "sends_inside.otf2", NULL);
  g_autoptr (ChronoTrace) trace = load (path, TRUE);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  guint locations = 0;
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoSummary *summary = chrono_lane_get_summary (lane);
      if (chrono_lane_get_kind (lane) != CHRONO_LANE_WORKER || summary == NULL || chrono_summary_is_empty (summary))
        continue;
      ChronoSpanSummary totals;
      ChronoSummaryExtra extra;
      chrono_summary_query (summary, chrono_trace_get_begin (trace), chrono_trace_get_end (trace) + 1, &totals, &extra);
      g_assert_cmpuint (extra.longest_label, !=, 0);
      const char *region = chrono_strings_get (chrono_trace_get_strings (trace), extra.longest_label);
      g_assert_true (notes_colour_label (trace, region));
      locations++;
    }
  g_assert_cmpuint (locations, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/otf2-tracks/counter-modes", test_counter_modes);
  g_test_add_func ("/otf2-tracks/switch-lazily", test_switch_lazily);
  g_test_add_func ("/otf2-tracks/times-going-back", test_times_going_back);
  g_test_add_func ("/otf2-tracks/location-names", test_location_names);
  g_test_add_func ("/otf2-tracks/colour-labels", test_colour_labels);
  g_test_add_func ("/otf2-tracks/summary-regions", test_summary_regions);
  return g_test_run ();
}
