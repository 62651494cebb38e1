/* test-trace-set.c — traces on the first one's clock: by start, by wall
 * clock, shifted; the range over all of them; refusals. */
#include "chrono-trace-set.h"

/* A trace of one lane from begin to end on a clock of ticks_per_second. */
static ChronoTrace *
make_trace (const char *path, gint64 ticks_per_second, gint64 begin, gint64 end, gint64 wall_clock_us)
{
  ChronoTrace *trace = chrono_trace_new (path, "test");
  ChronoClock clock;
  chrono_clock_init (&clock, ticks_per_second);
  if (wall_clock_us >= 0)
    {
      clock.has_wall_clock = TRUE;
      clock.wall_clock_us = wall_clock_us;
    }
  chrono_trace_set_clock (trace, &clock);
  chrono_trace_include_time (trace, begin);
  chrono_trace_include_time (trace, end);
  chrono_trace_seal (trace);
  return trace;
}

static void
test_by_start (void)
{
  /* ns and µs: the second's start (10 µs) falls on the first's (1000 ns) */
  g_autoptr (ChronoTrace) a = make_trace ("/x/a.btf", 1000000000, 1000, 50000, -1);
  g_autoptr (ChronoTrace) b = make_trace ("/x/b.etf", 1000000, 10, 100, -1);
  g_autoptr (ChronoTraceSet) set = chrono_trace_set_new (a);
  g_assert_true (chrono_trace_set_add (set, b, CHRONO_ALIGN_START, NULL));
  g_assert_cmpuint (chrono_trace_set_get_n (set), ==, 2);
  g_assert_cmpstr (chrono_lane_get_name (chrono_trace_set_get_heading (set, 1)), ==, "b.etf");
  g_assert_cmpint (chrono_trace_set_to_reference (set, 1, 10), ==, 1000);
  g_assert_cmpint (chrono_trace_set_to_reference (set, 1, 100), ==, 91000);
  gint64 begin, end;
  g_assert_true (chrono_trace_set_get_range (set, &begin, &end));
  g_assert_cmpint (begin, ==, 1000);
  g_assert_cmpint (end, ==, 91000);

  /* moved 500 ns earlier */
  g_assert_true (chrono_trace_set_set_shift (set, 1, -500));
  g_assert_cmpint (chrono_trace_set_to_reference (set, 1, 10), ==, 500);
  g_assert_true (chrono_trace_set_get_range (set, &begin, &end));
  g_assert_cmpint (begin, ==, 500);
  /* past 64 bits: refused, the shift stays */
  g_assert_false (chrono_trace_set_set_shift (set, 1, G_MAXINT64));
  g_assert_cmpint (chrono_trace_set_get_shift (set, 1), ==, -500);
}

static void
test_by_wall_clock (void)
{
  /* the second began recording 2 ms of wall-clock time after the first */
  g_autoptr (ChronoTrace) a = make_trace ("/x/a.btf", 1000000000, 0, 10000000, 1767225600000000);
  g_autoptr (ChronoTrace) b = make_trace ("/x/b.etf", 1000, 0, 5, 1767225600002000);
  g_autoptr (ChronoTrace) none = make_trace ("/x/c.vt", 1000000, 0, 5, -1);
  g_autoptr (ChronoTraceSet) set = chrono_trace_set_new (a);
  g_assert_true (chrono_trace_set_add (set, b, CHRONO_ALIGN_WALL_CLOCK, NULL));
  g_assert_cmpint (chrono_trace_set_get_alignment (set, 1), ==, CHRONO_ALIGN_WALL_CLOCK);
  g_assert_cmpint (chrono_trace_set_to_reference (set, 1, 0), ==, 2000000);
  g_assert_cmpint (chrono_trace_set_to_reference (set, 1, 3), ==, 5000000);
  g_autoptr (GError) error = NULL;
  g_assert_false (chrono_trace_set_add (set, none, CHRONO_ALIGN_WALL_CLOCK, &error));
  g_assert_error (error, CHRONO_TRACE_SET_ERROR, CHRONO_TRACE_SET_ERROR_NO_WALL_CLOCK);
  g_assert_true (g_str_has_prefix (error->message, "c.vt: this trace has no wall-clock time"));
  g_assert_cmpuint (chrono_trace_set_get_n (set), ==, 2);
  g_clear_error (&error);

  /* the first has none: the message names the first, not the one added */
  g_autoptr (ChronoTraceSet) without_first = chrono_trace_set_new (none);
  g_assert_false (chrono_trace_set_add (without_first, b, CHRONO_ALIGN_WALL_CLOCK, &error));
  g_assert_error (error, CHRONO_TRACE_SET_ERROR, CHRONO_TRACE_SET_ERROR_NO_WALL_CLOCK);
  g_assert_true (g_str_has_prefix (error->message, "c.vt: the first trace has no wall-clock time"));
}

static void
test_by_timestamps (void)
{
  /* one machine's counter: tick 500 of the second is tick 500 of the first */
  g_autoptr (ChronoTrace) a = make_trace ("/x/run.ref", 1, 100, 900, -1);
  g_autoptr (ChronoTrace) b = make_trace ("/x/run.kern", 1, 400, 1200, -1);
  g_autoptr (ChronoTraceSet) set = chrono_trace_set_new (a);
  g_assert_true (chrono_trace_set_add (set, b, CHRONO_ALIGN_TIMESTAMPS, NULL));
  g_assert_cmpint (chrono_trace_set_to_reference (set, 1, 500), ==, 500);
  gint64 begin, end;
  g_assert_true (chrono_trace_set_get_range (set, &begin, &end));
  g_assert_cmpint (begin, ==, 100);
  g_assert_cmpint (end, ==, 1200);
}

static void
test_changed_signal (void)
{
  g_autoptr (ChronoTrace) a = make_trace ("/x/a.btf", 1000, 0, 10, -1);
  g_autoptr (ChronoTrace) b = make_trace ("/x/b.btf", 1000, 0, 10, -1);
  g_autoptr (ChronoTraceSet) set = chrono_trace_set_new (a);
  guint changes = 0;
  g_signal_connect_swapped (set, "changed", G_CALLBACK (g_atomic_int_inc), &changes);
  chrono_trace_set_add (set, b, CHRONO_ALIGN_START, NULL);
  chrono_trace_set_set_shift (set, 1, 3);
  g_assert_cmpuint (changes, ==, 2);
  g_assert_cmpuint (chrono_trace_set_find_lane (set, chrono_trace_set_get_heading (set, 1)), ==, 1);
}

/* Traces whose files share a name are told apart by their folders, as far up as they differ. */
static void
test_names_differ (void)
{
  g_autoptr (ChronoTrace) a = make_trace ("/runs/scorep-a/traces.otf2", 1000, 0, 10, -1);
  g_autoptr (ChronoTrace) b = make_trace ("/runs/scorep-b/traces.otf2", 1000, 0, 10, -1);
  g_autoptr (ChronoTrace) c = make_trace ("/old/scorep-a/traces.otf2", 1000, 0, 10, -1);
  g_autoptr (ChronoTrace) d = make_trace ("/runs/other.btf", 1000, 0, 10, -1);
  g_autoptr (ChronoTraceSet) set = chrono_trace_set_new (a);
  g_assert_true (chrono_trace_set_add (set, b, CHRONO_ALIGN_START, NULL));
  g_assert_true (chrono_trace_set_add (set, d, CHRONO_ALIGN_START, NULL));
  const char *two[] = { "scorep-a/traces.otf2", "scorep-b/traces.otf2", "other.btf" };
  for (guint i = 0; i < G_N_ELEMENTS (two); i++)
    {
      g_autofree char *name = chrono_trace_set_dup_name (set, i);
      g_assert_cmpstr (name, ==, two[i]);
      g_assert_cmpstr (chrono_lane_get_name (chrono_trace_set_get_heading (set, i)), ==, two[i]);
    }
  /* one more of the same folder name: a folder further up tells them apart */
  g_assert_true (chrono_trace_set_add (set, c, CHRONO_ALIGN_START, NULL));
  const char *three[] = { "runs/scorep-a/traces.otf2", "scorep-b/traces.otf2", "other.btf",
                          "old/scorep-a/traces.otf2" };
  for (guint i = 0; i < G_N_ELEMENTS (three); i++)
    g_assert_cmpstr (chrono_lane_get_name (chrono_trace_set_get_heading (set, i)), ==, three[i]);
  /* the same file twice */
  g_assert_true (chrono_trace_set_add (set, d, CHRONO_ALIGN_START, NULL));
  g_autofree char *again = chrono_trace_set_dup_name (set, 4);
  g_assert_cmpstr (again, ==, "other.btf (2)");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace-set/by-start", test_by_start);
  g_test_add_func ("/trace-set/by-wall-clock", test_by_wall_clock);
  g_test_add_func ("/trace-set/by-timestamps", test_by_timestamps);
  g_test_add_func ("/trace-set/changed", test_changed_signal);
  g_test_add_func ("/trace-set/names-differ", test_names_differ);
  return g_test_run ();
}
