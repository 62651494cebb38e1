/* Core load lanes: each bin's value is recomputed here the
 * plain way (every span of the core, clipped to the bin, idle tasks left
 * out) and must agree with the range table's busy share of the same bin. */
#include <math.h>

#include "chrono-core-load.h"
#include "chrono-loader.h"
#include "chrono-range-stats.h"
#include "chrono-requirements.h"

static ChronoTrace *
load (const char *dir, const char *name, const char *lazy)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", (gpointer) lazy);
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file_with_options (path, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static ChronoTrace *
load_fixture (const char *name)
{
  g_autofree char *dir = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), "btf", NULL);
  return load (dir, name, "never");
}

/* The independent count: every span, no binary search, no merging. */
static gint64
naive_busy (ChronoLane *core, gint64 from, gint64 to)
{
  ChronoSpans *spans = chrono_lane_get_spans (core);
  gint64 busy = 0;
  for (guint i = 0; spans != NULL && i < chrono_spans_get_n (spans); i++)
    {
      guint8 state = chrono_spans_get_state (spans, i);
      if (state == CHRONO_STATE_IDLE || state == CHRONO_STATE_NONE)
        continue;
      gint64 begin = MAX (chrono_spans_get_start (spans, i), from);
      gint64 end = MIN (chrono_spans_get_end (spans, i), to);
      busy += MAX (end - begin, 0);
    }
  return busy;
}

static ChronoLane *
child_named (ChronoLane *group, const char *name)
{
  for (guint i = 0; i < chrono_lane_get_n_children (group); i++)
    if (g_str_equal (chrono_lane_get_name (chrono_lane_get_child (group, i)), name))
      return chrono_lane_get_child (group, i);
  return NULL;
}

static double
range_busy_share (ChronoTrace *trace, ChronoLane *core, gint64 from, gint64 to)
{
  g_autoptr (GArray) table = chrono_range_stats_compute (trace, from, to);
  for (guint i = 0; i < table->len; i++)
    {
      const ChronoRangeLane *row = &g_array_index (table, ChronoRangeLane, i);
      if (row->lane == core)
        return 100.0 * (double) row->busy / (double) (to - from);
    }
  g_assert_not_reached ();
}

/* Bins of a thirteenth of the trace, and of a ninety-seventh: both leave a cut last bin. */
static void
check_fixture (const char *name, gint64 parts)
{
  g_autoptr (ChronoTrace) trace = load_fixture (name);
  gint64 bin = MAX ((chrono_trace_get_end (trace) - chrono_trace_get_begin (trace)) / parts, 1);
  g_assert_cmpint (chrono_core_load_show (trace, bin), ==, bin);
  ChronoLane *group = chrono_core_load_find_group (trace);
  g_assert_nonnull (group);
  g_autoptr (GPtrArray) cores = chrono_core_load_list_cores (trace);
  g_assert_cmpuint (chrono_lane_get_n_children (group), ==, cores->len + (cores->len > 1));
  gint64 begin = chrono_trace_get_begin (trace), end = chrono_trace_get_end (trace);
  for (gint64 from = begin; from < end; from += bin)
    {
      gint64 to = MIN (from + bin, end);
      gint64 all = 0;
      for (guint c = 0; c < cores->len; c++)
        {
          ChronoLane *core = g_ptr_array_index (cores, c);
          ChronoLane *lane = child_named (group, chrono_lane_get_name (core));
          double value;
          g_assert_true (chrono_signal_value_at (chrono_lane_get_signal (lane), from, &value));
          gint64 busy = naive_busy (core, from, to);
          all += busy;
          g_assert_cmpfloat_with_epsilon (value, 100.0 * (double) busy / (double) (to - from), 1e-9);
          g_assert_cmpfloat_with_epsilon (value, range_busy_share (trace, core, from, to), 1e-9);
        }
      if (cores->len > 1)
        {
          double value;
          g_assert_true (
              chrono_signal_value_at (chrono_lane_get_signal (child_named (group, "All Cores")), from, &value));
          g_assert_cmpfloat_with_epsilon (value, 100.0 * (double) all / ((double) (to - from) * cores->len), 1e-9);
        }
    }
}

static void
test_bins_agree (void)
{
  const char *names[] = { "freertos_idle.btf",      "chains.btf",    "timing_metrics.btf", "midtrace_process.btf",
                          "midtrace_runnables.btf", "concurrent.btf" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      check_fixture (names[i], 13);
      check_fixture (names[i], 97);
    }
}

/* The idle task of the FreeRTOS dialect is no load: Core_1 runs only IDLE1. */
static void
test_idle_is_no_load (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("freertos_idle.btf");
  g_autoptr (GPtrArray) cores = chrono_core_load_list_cores (trace);
  g_assert_cmpuint (cores->len, ==, 2);
  g_assert_cmpint (chrono_core_load_busy (g_ptr_array_index (cores, 0), 0, 100), ==, 30);
  g_assert_cmpint (chrono_core_load_busy (g_ptr_array_index (cores, 1), 0, 100), ==, 0);
  /* and the load requirement agrees: no window of Core_1 is busy */
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) requirements = chrono_requirements_parse ("Core_1 load <= 10% per 30ns\n", &error);
  g_assert_no_error (error);
  g_autoptr (GArray) violations = chrono_requirements_check (requirements, trace, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (violations->len, ==, 0);
}

/* Another width redoes the lanes in place; a width too small for the trace is widened. */
static guint
count_steps (ChronoLane *group)
{
  guint n = 0;
  for (guint i = 0; i < chrono_lane_get_n_children (group); i++)
    n += chrono_signal_get_n (chrono_lane_get_signal (chrono_lane_get_child (group, i)));
  return n;
}

static void
test_width_changes (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("chains.btf");
  guint n_top = g_list_model_get_n_items (chrono_trace_get_lanes (trace));
  g_assert_cmpint (chrono_core_load_show (trace, 20), ==, 20);
  ChronoLane *group = chrono_core_load_find_group (trace);
  guint n_children = chrono_lane_get_n_children (group);
  guint n_steps = count_steps (group);
  g_assert_cmpint (chrono_core_load_show (trace, 7), ==, 7);
  g_assert_true (chrono_core_load_find_group (trace) == group);
  g_assert_cmpuint (g_list_model_get_n_items (chrono_trace_get_lanes (trace)), ==, n_top + 1);
  g_assert_cmpuint (chrono_lane_get_n_children (group), ==, n_children);
  g_assert_cmpuint (count_steps (group), >, n_steps);
}

static void
test_default_bin (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("chains.btf");
  gint64 span = chrono_trace_get_end (trace) - chrono_trace_get_begin (trace);
  gint64 bin = chrono_core_load_default_bin (trace);
  g_assert_cmpint (bin, <=, MAX (span / 200, 1));
  g_assert_cmpint (bin * 5 / 2, >, span / 200); /* the next round width would be too wide */
  gint64 mantissa = bin;
  while (mantissa % 10 == 0)
    mantissa /= 10;
  g_assert_true (mantissa == 1 || mantissa == 2 || mantissa == 5);
}

/* A trace with no cores gets no lanes. */
static void
test_no_cores (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), "etf", NULL);
  g_autoptr (ChronoTrace) trace = load (dir, "dependencies.etf", "never");
  g_assert_cmpint (chrono_core_load_show (trace, 10), ==, 0);
  g_assert_null (chrono_core_load_find_group (trace));
}

/* The FreeRTOS example of the corpus, or NULL (the test skipped) when it is absent. */
static ChronoTrace *
load_corpus_example (const char *lazy)
{
  const char *corpus = g_getenv ("CHRONO_CORPUS");
  g_autofree char *dir = corpus ? g_build_filename (corpus, "btf", NULL) : NULL;
  g_autofree char *path = dir ? g_build_filename (dir, "freertos_example.btf", NULL) : NULL;
  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("freertos_example.btf is not in the corpus");
      return NULL;
    }
  return load (dir, "freertos_example.btf", lazy);
}

/* One tick per bin over 108 ms of microseconds: more steps a lane than CHRONO_CORE_LOAD_MAX_BINS. */
static void
test_widened (void)
{
  g_autoptr (ChronoTrace) trace = load_corpus_example ("never");
  if (trace == NULL)
    return;
  gint64 span = chrono_trace_get_end (trace) - chrono_trace_get_begin (trace);
  g_assert_cmpint (span, >, CHRONO_CORE_LOAD_MAX_BINS);
  gint64 widened = chrono_core_load_show (trace, 1);
  g_assert_cmpint (widened, >=, span / CHRONO_CORE_LOAD_MAX_BINS);
  g_assert_cmpint (widened, <=, span / CHRONO_CORE_LOAD_MAX_BINS + 1);
  ChronoLane *group = chrono_core_load_find_group (trace);
  for (guint i = 0; i < chrono_lane_get_n_children (group); i++)
    g_assert_cmpuint (chrono_signal_get_n (chrono_lane_get_signal (chrono_lane_get_child (group, i))), <=,
                      CHRONO_CORE_LOAD_MAX_BINS);
}

/* Read lazily, bins come from the summaries: whole bins of many buckets
 * agree with the whole read within a percent. */
static void
test_lazy_summaries (void)
{
  g_autoptr (ChronoTrace) whole = load_corpus_example ("never");
  g_autoptr (ChronoTrace) lazy = load_corpus_example ("always");
  if (whole == NULL || lazy == NULL)
    return;
  g_assert_true (chrono_trace_is_lazy (lazy));
  gint64 bin = (chrono_trace_get_end (whole) - chrono_trace_get_begin (whole)) / 10;
  g_assert_cmpint (chrono_core_load_show (whole, bin), ==, bin);
  g_assert_cmpint (chrono_core_load_show (lazy, bin), ==, bin);
  ChronoLane *a = chrono_core_load_find_group (whole), *b = chrono_core_load_find_group (lazy);
  g_assert_cmpuint (chrono_lane_get_n_children (a), ==, chrono_lane_get_n_children (b));
  for (guint i = 0; i < chrono_lane_get_n_children (a); i++)
    for (gint64 t = chrono_trace_get_begin (whole); t < chrono_trace_get_end (whole); t += bin)
      {
        double x, y;
        g_assert_true (chrono_signal_value_at (chrono_lane_get_signal (chrono_lane_get_child (a, i)), t, &x));
        g_assert_true (chrono_signal_value_at (chrono_lane_get_signal (chrono_lane_get_child (b, i)), t, &y));
        g_assert_cmpfloat (fabs (x - y), <, 1.0);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core-load/bins-agree", test_bins_agree);
  g_test_add_func ("/core-load/idle-is-no-load", test_idle_is_no_load);
  g_test_add_func ("/core-load/width-changes", test_width_changes);
  g_test_add_func ("/core-load/default-bin", test_default_bin);
  g_test_add_func ("/core-load/no-cores", test_no_cores);
  g_test_add_func ("/core-load/widened", test_widened);
  g_test_add_func ("/core-load/lazy-summaries", test_lazy_summaries);
  return g_test_run ();
}
