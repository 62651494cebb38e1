/* test-load.c — the overview's load, without a display: which lanes it is read
 * from, and the exact share of each column per state. */
#include <glib/gstdio.h>

#include "chrono-load.h"
#include "chrono-loader.h"

static void
add_span (ChronoLane *lane, gint64 start, gint64 end, ChronoState state)
{
  ChronoSpan span = { start, end, state, 0, 0, 0, CHRONO_NO_INSTANCE, 0 };
  chrono_spans_append (chrono_lane_ensure_spans (lane), &span);
}

static ChronoLane *
append_lane (ChronoLane *parent, const char *name, ChronoLaneKind kind)
{
  g_autoptr (ChronoLane) lane = chrono_lane_new (name, kind, NULL);
  chrono_lane_append_child (parent, lane);
  return lane; /* borrowed: the parent holds it */
}

/* A trace from 0 to 100 ticks whose lanes `build` adds under one group. */
static ChronoTrace *
build_trace (void (*build) (ChronoLane *group))
{
  ChronoTrace *trace = chrono_trace_new ("hand-made", "test");
  ChronoClock clock;
  chrono_clock_init (&clock, 1000000000);
  chrono_trace_set_clock (trace, &clock);
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, 100);
  g_autoptr (ChronoLane) group = chrono_lane_new ("Lanes", CHRONO_LANE_GROUP, NULL);
  build (group);
  chrono_trace_add_lane (trace, group);
  chrono_trace_seal (trace);
  return trace;
}

/* Every state of a column but the ones named is zero. */
static void
assert_column (const ChronoLoad *load, guint column, guint state_a, double share_a, guint state_b, double share_b)
{
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    {
      double expected = s == state_a ? share_a : s == state_b ? share_b : 0.0;
      g_assert_cmpfloat_with_epsilon (chrono_load_get_fraction (load, column, s), expected, 1e-12);
    }
}

/* Core 0 runs the first half; core 1 is active, then runs from 25 on; a
 * process that runs all the time is not counted, as cores exist. */
static void
build_cores (ChronoLane *group)
{
  add_span (append_lane (group, "Core_0", CHRONO_LANE_CORE), 0, 50, CHRONO_STATE_RUNNING);
  ChronoLane *core1 = append_lane (group, "Core_1", CHRONO_LANE_CORE);
  add_span (core1, 25, 50, CHRONO_STATE_ACTIVE);
  add_span (core1, 50, 100, CHRONO_STATE_RUNNING);
  add_span (append_lane (group, "Task", CHRONO_LANE_PROCESS), 0, 100, CHRONO_STATE_RUNNING);
}

static void
test_cores (void)
{
  g_autoptr (ChronoTrace) trace = build_trace (build_cores);
  g_autoptr (ChronoLoad) load = chrono_load_compute (trace, 0, 100, 4);
  g_assert_cmpint (chrono_load_get_source (load), ==, CHRONO_LOAD_SOURCE_CORES);
  g_assert_cmpuint (chrono_load_get_n_columns (load), ==, 4);
  /* averaged over the two cores; any state on a core is occupancy */
  assert_column (load, 0, CHRONO_STATE_RUNNING, 0.5, CHRONO_STATE_NONE, 0.0);
  assert_column (load, 1, CHRONO_STATE_RUNNING, 0.5, CHRONO_STATE_ACTIVE, 0.5);
  assert_column (load, 2, CHRONO_STATE_RUNNING, 0.5, CHRONO_STATE_NONE, 0.0);
  assert_column (load, 3, CHRONO_STATE_RUNNING, 0.5, CHRONO_STATE_NONE, 0.0);
  g_assert_cmpfloat_with_epsilon (chrono_load_get_column_total (load, 1), 1.0, 1e-12);
}

/* Running and polling count, ready and waiting do not; a runnable is ignored
 * while there are processes. */
static void
build_processes (ChronoLane *group)
{
  ChronoLane *first = append_lane (group, "Task_1", CHRONO_LANE_PROCESS);
  add_span (first, 0, 50, CHRONO_STATE_RUNNING);
  add_span (first, 50, 100, CHRONO_STATE_READY);
  ChronoLane *second = append_lane (group, "Task_2", CHRONO_LANE_PROCESS);
  add_span (second, 0, 25, CHRONO_STATE_POLLING);
  add_span (second, 25, 100, CHRONO_STATE_WAITING);
  add_span (append_lane (first, "Runnable", CHRONO_LANE_RUNNABLE), 50, 100, CHRONO_STATE_RUNNING);
}

static void
test_processes (void)
{
  g_autoptr (ChronoTrace) trace = build_trace (build_processes);
  g_autoptr (ChronoLoad) load = chrono_load_compute (trace, 0, 100, 4);
  g_assert_cmpint (chrono_load_get_source (load), ==, CHRONO_LOAD_SOURCE_PROCESSES);
  /* no known capacity: the busiest column (two lanes) is the full height */
  assert_column (load, 0, CHRONO_STATE_RUNNING, 0.5, CHRONO_STATE_POLLING, 0.5);
  assert_column (load, 1, CHRONO_STATE_RUNNING, 0.5, CHRONO_STATE_NONE, 0.0);
  assert_column (load, 2, CHRONO_STATE_NONE, 0.0, CHRONO_STATE_NONE, 0.0);
  assert_column (load, 3, CHRONO_STATE_NONE, 0.0, CHRONO_STATE_NONE, 0.0);
}

/* No cores, no processes: the busy time of every span lane. */
static void
build_spans (ChronoLane *group)
{
  ChronoLane *runnable = append_lane (group, "Runnable", CHRONO_LANE_RUNNABLE);
  add_span (runnable, 0, 10, CHRONO_STATE_RUNNING);
  add_span (runnable, 10, 100, CHRONO_STATE_READY);
  add_span (append_lane (group, "Semaphore", CHRONO_LANE_RUNNABLE), 50, 75, CHRONO_STATE_SEM_HOLDING);
}

static void
test_spans (void)
{
  g_autoptr (ChronoTrace) trace = build_trace (build_spans);
  g_autoptr (ChronoLoad) load = chrono_load_compute (trace, 0, 100, 4);
  g_assert_cmpint (chrono_load_get_source (load), ==, CHRONO_LOAD_SOURCE_SPANS);
  /* the busiest column is below one lane busy all the time, so one lane is the full height */
  assert_column (load, 0, CHRONO_STATE_RUNNING, 0.4, CHRONO_STATE_NONE, 0.0);
  assert_column (load, 1, CHRONO_STATE_NONE, 0.0, CHRONO_STATE_NONE, 0.0);
  assert_column (load, 2, CHRONO_STATE_SEM_HOLDING, 1.0, CHRONO_STATE_NONE, 0.0);
  assert_column (load, 3, CHRONO_STATE_NONE, 0.0, CHRONO_STATE_NONE, 0.0);
}

static void
build_nothing (ChronoLane *group)
{
  append_lane (group, "Empty", CHRONO_LANE_PROCESS);
}

static void
test_no_intervals (void)
{
  g_autoptr (ChronoTrace) trace = build_trace (build_nothing);
  g_autoptr (ChronoLoad) load = chrono_load_compute (trace, 0, 100, 3);
  g_assert_cmpint (chrono_load_get_source (load), ==, CHRONO_LOAD_SOURCE_NONE);
  for (guint c = 0; c < 3; c++)
    g_assert_cmpfloat (chrono_load_get_column_total (load, c), ==, 0.0);
}

static const char *generator;

static ChronoTrace *
load_file (const char *path, const char *lazy)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", (gpointer) lazy);
  g_hash_table_insert (options, "chunk-size", (gpointer) "65536");
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file_with_options (path, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

/* Two cores, per 20 ns from 0 to 100: core 1 runs 10–40 and 45–60, core 2
 * runs 25–50 and 65–70. */
static void
test_fixture (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), "btf", "concurrent.btf", NULL);
  g_autoptr (ChronoTrace) trace = load_file (path, "never");
  g_autoptr (ChronoLoad) load = chrono_load_compute (trace, 0, 100, 5);
  g_assert_cmpint (chrono_load_get_source (load), ==, CHRONO_LOAD_SOURCE_CORES);
  const double expected[] = { 10.0 / 40, 35.0 / 40, 25.0 / 40, 5.0 / 40, 0.0 };
  for (guint c = 0; c < G_N_ELEMENTS (expected); c++)
    assert_column (load, c, CHRONO_STATE_RUNNING, expected[c], CHRONO_STATE_NONE, 0.0);
}

/* A lazily read trace has only its lanes' summaries until chunks are
 * decoded: the load from those matches the whole read's, within what a
 * summary bucket blurs. */
static void
test_lazy (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-load-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "generated.btf", NULL);
  const char *argv[] = { generator, "--events", "60000", "--cores", "2", "--seed", "5", "--output", path, NULL };
  g_autoptr (GError) error = NULL;
  int status = 0;
  g_assert_true (
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_autoptr (ChronoTrace) whole = load_file (path, "never");
  g_autoptr (ChronoTrace) lazy = load_file (path, "always");
  g_assert_true (chrono_trace_is_lazy (lazy));
  gint64 begin = chrono_trace_get_begin (whole), end = chrono_trace_get_end (whole);
  g_autoptr (ChronoLoad) expected = chrono_load_compute (whole, begin, end, 16);
  g_autoptr (ChronoLoad) load = chrono_load_compute (lazy, begin, end, 16);
  g_assert_cmpint (chrono_load_get_source (load), ==, CHRONO_LOAD_SOURCE_CORES);
  double busiest = 0.0;
  for (guint c = 0; c < 16; c++)
    {
      double want = chrono_load_get_column_total (expected, c);
      g_test_message ("column %u: %g, lazily %g", c, want, chrono_load_get_column_total (load, c));
      g_assert_cmpfloat_with_epsilon (chrono_load_get_column_total (load, c), want, 0.002);
      busiest = MAX (busiest, want);
    }
  g_assert_cmpfloat (busiest, >, 0.1);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  generator = argv[1];
  g_test_add_func ("/load/cores", test_cores);
  g_test_add_func ("/load/processes", test_processes);
  g_test_add_func ("/load/spans", test_spans);
  g_test_add_func ("/load/no-intervals", test_no_intervals);
  g_test_add_func ("/load/fixture", test_fixture);
  g_test_add_func ("/load/lazy", test_lazy);
  return g_test_run ();
}
