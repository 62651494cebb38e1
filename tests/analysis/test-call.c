/* test-call.c — a call on a lane of nested calls: inclusive and exclusive
 * time, its callees, the message that arrived while it ran. */
#include "chrono-call.h"
#include "chrono-loader.h"
#include "chrono-profile.h"

static void
add (ChronoLane *lane, ChronoStrings *strings, gint64 start, gint64 end, guint16 depth, const char *name)
{
  ChronoSpan span = {
    start, end, CHRONO_STATE_BUSY, 0, depth, chrono_strings_intern (strings, name), CHRONO_NO_INSTANCE, 0
  };
  chrono_spans_append (chrono_lane_ensure_spans (lane), &span);
}

/* A lane of calls, owned by the trace. */
static ChronoLane *
add_rank (ChronoTrace *trace, const char *name)
{
  g_autoptr (ChronoLane) lane = chrono_lane_new (name, CHRONO_LANE_WORKER, NULL);
  chrono_trace_add_lane (trace, lane);
  return lane;
}

static guint
find (ChronoLane *lane, gint64 start, guint16 depth)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  for (guint i = 0; i < chrono_spans_get_n (spans); i++)
    {
      ChronoSpan s;
      chrono_spans_get (spans, i, &s);
      if (s.start == start && s.depth == depth)
        return i;
    }
  g_assert_not_reached ();
}

static void
test_call (void)
{
  g_autoptr (ChronoTrace) trace = chrono_trace_new ("calls", "test");
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  ChronoLane *rank0 = add_rank (trace, "Rank 0"), *rank1 = add_rank (trace, "Rank 1");
  add (rank0, strings, 0, 100, 0, "main");
  add (rank0, strings, 10, 20, 1, "MPI_Send");
  add (rank0, strings, 30, 60, 1, "MPI_Recv");
  add (rank0, strings, 35, 40, 2, "inner");
  add (rank0, strings, 70, 130, 1, "past the end of main");
  ChronoLink early = { rank1, rank0, 5, 33, 0, 0, 1 }, late = { rank1, rank0, 45, 55, 0, 0, 2 };
  chrono_links_append (chrono_trace_get_links (trace), &early);
  chrono_links_append (chrono_trace_get_links (trace), &late);
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, 130);
  chrono_trace_seal (trace);

  ChronoCallInfo info;
  chrono_call_explain (trace, rank0, find (rank0, 0, 0), &info);
  g_assert_cmpint (info.inclusive, ==, 100);
  g_assert_cmpint (info.exclusive, ==, 60); /* less MPI_Send and MPI_Recv, not the call that outlives it */
  g_assert_cmpuint (info.callees->len, ==, 2);
  g_assert_true (info.message == chrono_links_get (chrono_trace_get_links (trace), 1)); /* the last to arrive */
  chrono_call_info_clear (&info);

  chrono_call_explain (trace, rank0, find (rank0, 30, 1), &info);
  g_assert_cmpint (info.exclusive, ==, 25);
  g_assert_cmpuint (info.callees->len, ==, 1);
  g_assert_cmpint (info.message->dst_time, ==, 55); /* what the receive waited for */
  chrono_call_info_clear (&info);

  chrono_call_explain (trace, rank0, find (rank0, 10, 1), &info);
  g_assert_null (info.message);
  g_assert_cmpuint (info.callees->len, ==, 0);
  chrono_call_info_clear (&info);
}

static const ChronoProfileRow *
profile_row (GArray *rows, const char *name)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (g_array_index (rows, ChronoProfileRow, i).name, name) == 0)
      return &g_array_index (rows, ChronoProfileRow, i);
  return NULL;
}

/* The profile of a range: calls overlapping it, the time inside it,
 * exclusive time less the nested calls' time inside it. */
static void
test_profile (void)
{
  g_autoptr (ChronoTrace) trace = chrono_trace_new ("calls", "test");
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  ChronoLane *rank0 = add_rank (trace, "Rank 0"), *rank1 = add_rank (trace, "Rank 1");
  add (rank0, strings, 0, 100, 0, "main");
  add (rank0, strings, 10, 20, 1, "work");
  add (rank0, strings, 30, 60, 1, "work");
  add (rank0, strings, 35, 40, 2, "work"); /* recursion: counted per call */
  add (rank1, strings, 0, 100, 0, "main");
  add (rank1, strings, 50, 90, 1, "MPI_Recv");
  chrono_trace_seal (trace);

  g_autoptr (GArray) all = chrono_profile_compute (trace, 0, 100);
  g_assert_cmpuint (all->len, ==, 3);
  const ChronoProfileRow *main_row = profile_row (all, "main"), *work = profile_row (all, "work");
  g_assert_cmpuint (main_row->calls, ==, 2);
  g_assert_cmpint (main_row->inclusive, ==, 200);
  g_assert_cmpint (main_row->exclusive, ==, 200 - 40 - 40);
  g_assert_cmpuint (work->calls, ==, 3);
  g_assert_cmpint (work->inclusive, ==, 10 + 30 + 5);
  g_assert_cmpint (work->exclusive, ==, 40);
  g_assert_cmpstr (g_array_index (all, ChronoProfileRow, 0).name, ==, "main"); /* by exclusive time */

  g_autoptr (GArray) part = chrono_profile_compute (trace, 55, 95); /* clipped */
  g_assert_cmpint (profile_row (part, "work")->inclusive, ==, 5);
  g_assert_cmpint (profile_row (part, "MPI_Recv")->inclusive, ==, 35);
  g_assert_cmpint (profile_row (part, "main")->exclusive, ==, 80 - 5 - 35);
}

/* A call never ended (an OTF2 Enter never left, drawn to the location's
 * last event) counts as a call but adds no time, to it or its caller;
 * the calls it made keep theirs. */
static void
test_profile_never_ended (void)
{
  g_autoptr (ChronoTrace) trace = chrono_trace_new ("calls", "test");
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  ChronoLane *rank0 = add_rank (trace, "Rank 0");
  ChronoSpan open = {
    0, 100, CHRONO_STATE_BUSY, CHRONO_SPAN_OPEN_END, 0, chrono_strings_intern (strings, "main"), CHRONO_NO_INSTANCE, 0
  };
  chrono_spans_append (chrono_lane_ensure_spans (rank0), &open);
  add (rank0, strings, 10, 30, 1, "work");
  chrono_trace_seal (trace);

  g_autoptr (GArray) all = chrono_profile_compute (trace, 0, 100);
  const ChronoProfileRow *main_row = profile_row (all, "main"), *work = profile_row (all, "work");
  g_assert_cmpuint (main_row->calls, ==, 1);
  g_assert_cmpint (main_row->inclusive, ==, 0);
  g_assert_cmpint (main_row->exclusive, ==, 0);
  g_assert_cmpint (work->inclusive, ==, 20);
  g_assert_cmpint (work->exclusive, ==, 20);
}

/* BTF tasks and runnables: a call is an instance, its time the time it
 * runs, exclusive time less what the runnables it calls run. */
static void
test_profile_of_runnables (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), "btf", "runnables_nested.btf", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = chrono_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (GArray) rows = chrono_profile_compute (trace, 0, 100);
  const ChronoProfileRow *task = profile_row (rows, "Task_1"), *outer = profile_row (rows, "R_Outer"),
                         *mid = profile_row (rows, "R_Mid");
  g_assert_cmpuint (task->calls, ==, 1);
  g_assert_cmpint (task->inclusive, ==, 70);
  g_assert_cmpint (task->exclusive, ==, 70 - 66);
  g_assert_cmpuint (outer->calls, ==, 2);
  g_assert_cmpint (outer->inclusive, ==, 66);
  g_assert_cmpint (outer->exclusive, ==, 66 - 45 - 2);
  g_assert_cmpint (mid->exclusive, ==, 45 - 30);
  g_autoptr (GArray) later = chrono_profile_compute (trace, 75, 100);
  g_assert_cmpint (profile_row (later, "R_Mid")->inclusive, ==, 10);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/call/explain", test_call);
  g_test_add_func ("/call/profile", test_profile);
  g_test_add_func ("/call/profile-never-ended", test_profile_never_ended);
  g_test_add_func ("/call/profile-of-runnables", test_profile_of_runnables);
  return g_test_run ();
}
