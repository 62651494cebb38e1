/* The model's rules of scheduled work, as its builder lays them out and its
 * readers find them back, with no loader: any format with tasks builds
 * through these calls, so what they write is checked here on its own. */
#include "chrono-schedule.h"

static ChronoLane *
new_process (void)
{
  ChronoLane *lane = chrono_lane_new ("Task", CHRONO_LANE_PROCESS, "T");
  chrono_schedule_prepare_process_lane (lane);
  return lane;
}

static void
assert_span (ChronoSpans *spans, guint index, gint64 start, gint64 end, ChronoState state, guint16 depth,
             guint32 instance)
{
  ChronoSpan span;
  chrono_spans_get (spans, index, &span);
  g_assert_cmpint (span.start, ==, start);
  g_assert_cmpint (span.end, ==, end);
  g_assert_cmpuint (span.state, ==, state);
  g_assert_cmpuint (span.depth, ==, depth);
  g_assert_cmpuint (span.instance, ==, instance);
}

/* A row begins knowing nothing of its activation; the activation, the
 * starts and the events fill it as the instance lives. */
static void
test_instance_row (void)
{
  g_autoptr (ChronoLane) lane = new_process ();
  guint index = chrono_schedule_begin_instance (lane, 7, 100, CHRONO_INSTANCE_ACTIVATED, 12);
  const ChronoInstance *row = chrono_instances_get (chrono_lane_get_instances (lane), index);
  g_assert_cmpint (row->number, ==, 7);
  g_assert_cmpint (row->begin, ==, 100);
  g_assert_cmpint (row->end, ==, 100);
  g_assert_cmpint (row->first_start, ==, G_MININT64);
  g_assert_cmpint (row->activated_at, ==, G_MININT64);
  g_assert_cmpuint (row->parent, ==, CHRONO_INSTANCE_NO_CALLER);
  g_assert_cmpuint (row->line, ==, 12);

  chrono_schedule_note_activation (lane, index, 100, 13, 5, 2);
  /* polling first: the first start, but not yet running since the activation */
  chrono_schedule_note_start (lane, index, 110, FALSE);
  chrono_schedule_note_start (lane, index, 120, TRUE);
  chrono_schedule_note_start (lane, index, 140, TRUE);
  chrono_schedule_note_preemption (lane, index);
  chrono_schedule_note_event (lane, index, 150);
  row = chrono_instances_get (chrono_lane_get_instances (lane), index);
  g_assert_cmpuint (row->activations, ==, 1);
  g_assert_cmpint (row->activated_at, ==, 100);
  g_assert_cmpuint (row->line, ==, 13);
  g_assert_cmpuint (row->activated_by, ==, 5);
  g_assert_cmpint (row->activated_by_instance, ==, 2);
  g_assert_cmpint (row->first_start, ==, 110);
  g_assert_cmpint (row->started_at, ==, 120);
  g_assert_cmpuint (row->preemptions, ==, 1);
  g_assert_cmpint (row->end, ==, 150);

  /* another activation restarts the timing, not the first start */
  chrono_schedule_note_activation (lane, index, 160, 20, CHRONO_STRING_NONE, 0);
  chrono_schedule_note_start (lane, index, 170, TRUE);
  row = chrono_instances_get (chrono_lane_get_instances (lane), index);
  g_assert_cmpuint (row->activations, ==, 2);
  g_assert_cmpint (row->started_at, ==, 170);
  g_assert_cmpint (row->first_start, ==, 110);

  ChronoScheduleBuilder builder;
  chrono_schedule_builder_init (&builder);
  chrono_schedule_end (&builder, lane, index, 200, TRUE);
  row = chrono_instances_get (chrono_lane_get_instances (lane), index);
  g_assert_cmpint (row->end, ==, 200);
  g_assert_true (row->flags & CHRONO_INSTANCE_TERMINATED);
  g_assert_cmpuint (chrono_instances_get_released_totals (chrono_lane_get_instances (lane))->n, ==, 0);
}

/* Two instances alive at once: each state a span of its row in its slot,
 * a state of no length none, and each instance's spans found by its row. */
static void
test_states_of_concurrent_instances (void)
{
  g_autoptr (ChronoLane) lane = new_process ();
  ChronoScheduleBuilder builder;
  chrono_schedule_builder_init (&builder);
  guint first = chrono_schedule_begin_instance (lane, 0, 0, CHRONO_INSTANCE_ACTIVATED, 0);
  guint second = chrono_schedule_begin_instance (lane, 1, 20, CHRONO_INSTANCE_ACTIVATED, 0);
  chrono_schedule_add_state (&builder, lane, first, 0, 10, CHRONO_STATE_ACTIVE, 0, 0);
  chrono_schedule_add_state (&builder, lane, first, 10, 10, CHRONO_STATE_RUNNING, 0, 0);
  chrono_schedule_add_state (&builder, lane, first, 10, 40, CHRONO_STATE_READY, 0, 0);
  chrono_schedule_add_state (&builder, lane, second, 20, 25, CHRONO_STATE_ACTIVE, 0, 1);
  chrono_schedule_add_state (&builder, lane, second, 25, 50, CHRONO_STATE_RUNNING, CHRONO_SPAN_OPEN_END, 1);
  chrono_schedule_add_state (&builder, lane, second, 50, 60, CHRONO_STATE_NONE, 0, 1);
  chrono_schedule_note_event (lane, first, 40);
  chrono_schedule_note_event (lane, second, 50);
  chrono_lane_seal (lane);

  ChronoSpans *spans = chrono_lane_get_spans (lane);
  g_assert_cmpuint (chrono_spans_get_n (spans), ==, 4);
  assert_span (spans, 0, 0, 10, CHRONO_STATE_ACTIVE, 0, first);
  assert_span (spans, 1, 10, 40, CHRONO_STATE_READY, 0, first);
  assert_span (spans, 2, 20, 25, CHRONO_STATE_ACTIVE, 1, second);
  assert_span (spans, 3, 25, 50, CHRONO_STATE_RUNNING, 1, second);
  g_assert_cmpuint (chrono_spans_get_flags (spans, 3), ==, CHRONO_SPAN_OPEN_END);

  guint lo, hi;
  g_assert_true (chrono_schedule_instance_spans (lane, second, &lo, &hi));
  g_assert_cmpuint (lo, ==, 2);
  g_assert_cmpuint (hi, ==, 4);
  g_assert_true (chrono_schedule_instance_spans (lane, first, &lo, &hi));
  g_assert_cmpuint (lo, ==, 0);
  g_assert_cmpuint (hi, ==, 4); /* the second's spans start inside the first's life: read, then skipped */
  g_assert_false (chrono_schedule_instance_spans (lane, 2, &lo, &hi));
}

/* A core's spans name their occupant and belong to no instance. */
static void
test_occupants (void)
{
  g_autoptr (ChronoLane) core = chrono_lane_new ("Core_0", CHRONO_LANE_CORE, "C");
  ChronoScheduleBuilder builder;
  chrono_schedule_builder_init (&builder);
  chrono_schedule_add_occupant (&builder, core, 10, 30, CHRONO_STATE_RUNNING, 0, 3);
  chrono_schedule_add_occupant (&builder, core, 30, 35, CHRONO_STATE_POLLING, 0, 3);
  chrono_schedule_add_occupant (&builder, core, 35, 35, CHRONO_STATE_RUNNING, 0, 4);
  chrono_lane_seal (core);
  ChronoSpans *spans = chrono_lane_get_spans (core);
  g_assert_cmpuint (chrono_spans_get_n (spans), ==, 2);
  ChronoSpan span;
  chrono_spans_get (spans, 1, &span);
  g_assert_cmpuint (span.label, ==, 3);
  g_assert_cmpuint (span.instance, ==, CHRONO_NO_INSTANCE);
  g_assert_cmpuint (span.depth, ==, 0);
  g_assert_true (chrono_schedule_state_is_on_core (span.state));
  g_assert_false (chrono_schedule_state_is_on_core (CHRONO_STATE_READY));
}

/* One runnable lane per name under each caller; a call's row names its
 * caller's row, which a trace begun mid-call may tell only later. */
static void
test_runnable_calls (void)
{
  g_autoptr (ChronoLane) process = new_process ();
  ChronoLane *runnable = chrono_schedule_runnable_lane (process, "Step", "R");
  g_assert_true (chrono_schedule_runnable_lane (process, "Step", "R") == runnable);
  g_assert_cmpuint (chrono_lane_get_kind (runnable), ==, CHRONO_LANE_RUNNABLE);
  g_assert_nonnull (chrono_lane_get_instances (runnable));
  ChronoLane *inner = chrono_schedule_runnable_lane (runnable, "Step", "R");
  g_assert_true (inner != runnable);
  g_assert_true (chrono_lane_get_parent (inner) == runnable);

  guint caller = chrono_schedule_begin_instance (process, 0, 0, CHRONO_INSTANCE_ACTIVATED, 0);
  guint called = chrono_schedule_begin_call (runnable, 4, 10, caller, FALSE, 3);
  guint inferred = chrono_schedule_begin_call (runnable, 5, 0, CHRONO_INSTANCE_NO_CALLER, TRUE, 4);
  ChronoInstances *calls = chrono_lane_get_instances (runnable);
  const ChronoInstance *row = chrono_instances_get (calls, called);
  g_assert_cmpuint (row->parent, ==, caller);
  g_assert_cmpint (row->first_start, ==, 10);
  g_assert_cmpint (row->activated_at, ==, 10);
  g_assert_cmpuint (row->flags, ==, CHRONO_INSTANCE_ACTIVATED);
  row = chrono_instances_get (calls, inferred);
  g_assert_cmpint (row->first_start, ==, G_MININT64);
  g_assert_cmpint (row->activated_at, ==, G_MININT64);
  g_assert_cmpuint (row->flags, ==, CHRONO_INSTANCE_INFERRED);
  chrono_schedule_set_caller (runnable, inferred, caller);
  g_assert_cmpuint (chrono_instances_get (calls, inferred)->parent, ==, caller);

  ChronoScheduleBuilder builder;
  chrono_schedule_builder_init (&builder);
  chrono_schedule_add_call_state (&builder, runnable, called, 10, 20, CHRONO_STATE_SUSPENDED, 0, 2);
  chrono_schedule_end (&builder, runnable, called, 20, FALSE);
  chrono_lane_seal (runnable);
  assert_span (chrono_lane_get_spans (runnable), 0, 10, 20, CHRONO_STATE_SUSPENDED, 2, called);
  g_assert_false (chrono_instances_get (calls, called)->flags & CHRONO_INSTANCE_TERMINATED);
}

static ChronoSummary *
summary_for (ChronoLane *lane, gpointer data)
{
  (*(guint *) data)++;
  return chrono_lane_ensure_summary (lane, 0, 16, 1000);
}

/* An index pass: spans go to the summary, an ended row is released and
 * counted in the totals, and its place is taken by the next row. */
static void
test_summarizing (void)
{
  g_autoptr (ChronoLane) lane = new_process ();
  ChronoScheduleBuilder builder;
  guint asked = 0;
  chrono_schedule_builder_init (&builder);
  g_assert_false (chrono_schedule_builder_is_summarizing (&builder));
  chrono_schedule_builder_summarize (&builder, summary_for, &asked);
  g_assert_true (chrono_schedule_builder_is_summarizing (&builder));

  guint index = chrono_schedule_begin_instance (lane, 0, 0, CHRONO_INSTANCE_ACTIVATED, 0);
  chrono_schedule_add_state (&builder, lane, index, 0, 10, CHRONO_STATE_ACTIVE, 0, 3);
  chrono_schedule_add_state (&builder, lane, index, 10, 10, CHRONO_STATE_RUNNING, 0, 0);
  chrono_schedule_add_state (&builder, lane, index, 10, 30, CHRONO_STATE_RUNNING, 0, 0);
  chrono_schedule_end (&builder, lane, index, 30, TRUE);
  g_assert_cmpuint (asked, ==, 2); /* the span of no length asked for nothing */
  g_assert_cmpuint (chrono_spans_get_n (chrono_lane_get_spans (lane)), ==, 0);
  ChronoSummary *summary = chrono_lane_get_summary (lane);
  g_assert_true (chrono_summary_has_intervals (summary));
  g_assert_cmpuint (chrono_summary_get_max_depth (summary), ==, 3);

  const ChronoInstanceTotals *totals = chrono_instances_get_released_totals (chrono_lane_get_instances (lane));
  g_assert_cmpuint (totals->n, ==, 1);
  g_assert_cmpuint (totals->response_count, ==, 1);
  g_assert_cmpuint (totals->response_max, ==, 30);
  g_assert_cmpuint (chrono_schedule_begin_instance (lane, 1, 40, 0, 0), ==, index);
  g_assert_cmpuint (chrono_instances_get_n (chrono_lane_get_instances (lane)), ==, 1);
}

/* A chunk decoded from a checkpoint takes the rows alive there as they were. */
static void
test_resumed_row (void)
{
  g_autoptr (ChronoLane) lane = new_process ();
  chrono_schedule_begin_instance (lane, 0, 0, CHRONO_INSTANCE_ACTIVATED, 0);
  ChronoInstance saved = { .number = 9,
                           .begin = 5,
                           .end = 50,
                           .first_start = 7,
                           .flags = CHRONO_INSTANCE_ACTIVATED,
                           .activations = 2,
                           .preemptions = 1,
                           .parent = CHRONO_INSTANCE_NO_CALLER,
                           .activated_at = 30,
                           .started_at = G_MININT64,
                           .line = 44 };
  guint index = chrono_schedule_resume_row (lane, &saved);
  g_assert_cmpuint (index, ==, 1);
  const ChronoInstance *row = chrono_instances_get (chrono_lane_get_instances (lane), index);
  g_assert_cmpint (row->number, ==, 9);
  g_assert_cmpint (row->begin, ==, 5);
  g_assert_cmpint (row->end, ==, 50);
  g_assert_cmpint (row->first_start, ==, 7);
  g_assert_cmpuint (row->activations, ==, 2);
  g_assert_cmpuint (row->preemptions, ==, 1);
  g_assert_cmpint (row->activated_at, ==, 30);
  g_assert_cmpuint (row->line, ==, 44);
  chrono_schedule_note_start (lane, index, 60, TRUE);
  g_assert_cmpint (chrono_instances_get (chrono_lane_get_instances (lane), index)->started_at, ==, 60);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/schedule/instance-row", test_instance_row);
  g_test_add_func ("/schedule/states-of-concurrent-instances", test_states_of_concurrent_instances);
  g_test_add_func ("/schedule/occupants", test_occupants);
  g_test_add_func ("/schedule/runnable-calls", test_runnable_calls);
  g_test_add_func ("/schedule/summarizing", test_summarizing);
  g_test_add_func ("/schedule/resumed-row", test_resumed_row);
  return g_test_run ();
}
