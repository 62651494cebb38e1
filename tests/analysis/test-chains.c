/* test-chains.c — event chain latencies and data ages, checked against
 * tests/data/btf/chains.btf worked out by hand (microseconds, one tick each).
 *
 * Instances (start..end):  STI_Pedal 5, 12, 16, 70, 100
 *   R_ReadPedal 0..8, 10..14, 30..34, 40..44, 80..84
 *   R_Control 1..2, 20..25, 50..56, 90..95    R_WriteBrake 2..4, 25..30, 56..62, 95..(open)
 *   Task_Read 0..10, 10..15, 30..35, 40..45, 80..85
 *   Task_Ctrl 1..4, 20..30 (activated 18), 50..62 (activated 33), 90..(open) */
#include <string.h>

#include "chrono-chains.h"
#include "chrono-loader.h"
#include "chrono-metrics.h"
#include "chrono-requirements.h"

static ChronoTrace *
load_fixture (void)
{
  const char *data = g_getenv ("CHRONO_TEST_DATA");
  g_assert_nonnull (data);
  g_autofree char *path = g_build_filename (data, "btf", "chains.btf", NULL);
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static ChronoChainResult *
compute (ChronoTrace *trace, const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoChainSpec) spec = chrono_chain_spec_parse (text, &error);
  g_assert_no_error (error);
  ChronoChainResult *result = chrono_chains_compute (trace, spec, &error);
  g_assert_no_error (error);
  return result;
}

/* (time, value) pairs of a measure, in order */
static void
assert_samples (const ChronoChainResult *result, ChronoChainMeasure measure, const gint64 *expected, guint n)
{
  GArray *samples = result->samples[measure];
  g_assert_cmpuint (samples->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      const ChronoChainSample *s = &g_array_index (samples, ChronoChainSample, i);
      g_assert_cmpint (s->time, ==, expected[2 * i]);
      g_assert_cmpint (s->value, ==, expected[2 * i + 1]);
    }
}

static void
test_parse (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoChainSpec) spec = chrono_chain_spec_parse ("brake:  STI_Pedal ->R_A->  R B ", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (spec->name, ==, "brake");
  g_assert_cmpuint (g_strv_length (spec->elements), ==, 3);
  g_assert_cmpstr (spec->elements[0], ==, "STI_Pedal");
  g_assert_cmpstr (spec->elements[2], ==, "R B");
  const char *bad[] = { "no colon -> here", "brake: only_one", "brake: A -> -> B", ": A -> B", "two words: A -> B" };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) why = NULL;
      g_assert_null (chrono_chain_spec_parse (bad[i], &why));
      g_assert_error (why, CHRONO_CHAINS_ERROR, CHRONO_CHAINS_ERROR_SYNTAX);
    }
}

/* S0 at 5 skips the read running since 0: read 10..14, control 20..25,
 * write 25..30: 25.  S1 at 12 and S2 at 16 both wait for the read at 30
 * (undersampling): control 50..56, write 56..62: 50 and 46.  S3 at 70
 * reaches the write open at the end, S4 at 100 no read: incomplete. */
static void
test_runnable_chain (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ();
  g_autoptr (ChronoChainResult) r = compute (trace, "brake: STI_Pedal -> R_ReadPedal -> R_Control -> R_WriteBrake");
  const gint64 latency[] = { 5, 25, 12, 50, 16, 46 };
  assert_samples (r, CHRONO_CHAIN_LATENCY, latency, 3);
  g_assert_cmpuint (r->incomplete[CHRONO_CHAIN_LATENCY], ==, 2);
  /* the stimulus's trace line, for the violations */
  g_assert_cmpuint (g_array_index (r->samples[CHRONO_CHAIN_LATENCY], ChronoChainSample, 1).line, ==, 22);
  /* write 2..4 has no read before its control 1..2; write 25..30 used the
   * read 10..14 of S0; write 56..62 the second of two reads (40..44,
   * oversampling), which came after S2 at 16 */
  const gint64 age[] = { 25, 25, 56, 46 };
  assert_samples (r, CHRONO_CHAIN_DATA_AGE, age, 2);
  g_assert_cmpuint (r->incomplete[CHRONO_CHAIN_DATA_AGE], ==, 1);
  g_assert_cmpint (g_array_index (r->samples[CHRONO_CHAIN_DATA_AGE], ChronoChainSample, 1).number, ==, 2);
}

/* Tasks take part from their start, not their activation: Task_Ctrl
 * activated at 33, before the read ends at 35, still serves S1. */
static void
test_task_chain (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ();
  g_autoptr (ChronoChainResult) r = compute (trace, "ctl: STI_Pedal -> Task_Read -> Task_Ctrl");
  const gint64 latency[] = { 5, 25, 12, 50, 16, 46 };
  assert_samples (r, CHRONO_CHAIN_LATENCY, latency, 3);
  const gint64 age[] = { 20, 25, 50, 46 };
  assert_samples (r, CHRONO_CHAIN_DATA_AGE, age, 2);
  /* a task as the cause: from its start to the response's end */
  g_autoptr (ChronoChainResult) t = compute (trace, "tasks: Task_Read -> Task_Ctrl");
  const gint64 from_task[] = { 0, 30, 10, 20, 30, 32, 40, 22 };
  assert_samples (t, CHRONO_CHAIN_LATENCY, from_task, 4);
  g_assert_cmpuint (t->incomplete[CHRONO_CHAIN_LATENCY], ==, 1);
}

/* The same summary as stats: nearest rank, the earliest maximum. */
static void
test_summary_and_histogram (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ();
  g_autoptr (ChronoChainResult) r = compute (trace, "brake: STI_Pedal -> R_ReadPedal -> R_Control -> R_WriteBrake");
  GArray *samples = r->samples[CHRONO_CHAIN_LATENCY];
  gint64 values[3];
  for (guint i = 0; i < 3; i++)
    values[i] = g_array_index (samples, ChronoChainSample, i).value;
  ChronoMetricSummary s;
  g_assert_true (chrono_metrics_summarize_values (values, 3, &s));
  g_assert_cmpint (s.min, ==, 25);
  g_assert_cmpint (s.p50, ==, 46);
  g_assert_cmpint (s.p99, ==, 50);
  g_assert_cmpuint (s.worst, ==, 1);
  g_assert_cmpuint (s.sum, ==, 121);
  /* 25..50 in 10 bins of 2.5: 25 in the first, 46 in the ninth, 50 in the last */
  guint counts[10];
  g_assert_true (chrono_chain_result_histogram (r, CHRONO_CHAIN_LATENCY, 10, counts));
  const guint expected[10] = { 1, 0, 0, 0, 0, 0, 0, 0, 1, 1 };
  g_assert_cmpmem (counts, sizeof counts, expected, sizeof expected);
}

/* (element name, start, end) of each hop of a sample's path */
static void
assert_path (const ChronoChainResult *result, ChronoChainMeasure measure, guint sample, const char *const *names,
             const gint64 *times)
{
  g_assert_cmpuint (result->n_elements, ==, g_strv_length ((GStrv) names));
  const ChronoChainHop *hops = chrono_chain_result_get_path (result, measure, sample);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_assert_cmpstr (chrono_lane_get_name (hops[i].lane), ==, names[i]);
      g_assert_cmpint (hops[i].start, ==, times[2 * i]);
      g_assert_cmpint (hops[i].end, ==, times[2 * i + 1]);
    }
}

/* The instances each walk went through, for drawing a chain's path. */
static void
test_paths (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ();
  g_autoptr (ChronoChainResult) r = compute (trace, "brake: STI_Pedal -> R_ReadPedal -> R_Control -> R_WriteBrake");
  const char *const names[] = { "STI_Pedal", "R_ReadPedal", "R_Control", "R_WriteBrake", NULL };
  /* S0: read 10..14, control 20..25, write 25..30 */
  const gint64 s0[] = { 5, 5, 10, 14, 20, 25, 25, 30 };
  assert_path (r, CHRONO_CHAIN_LATENCY, 0, names, s0);
  /* S1 waits for the read at 30 */
  const gint64 s1[] = { 12, 12, 30, 34, 50, 56, 56, 62 };
  assert_path (r, CHRONO_CHAIN_LATENCY, 1, names, s1);
  /* the write 56..62 used the read 40..44, which came after S2 at 16 */
  const gint64 age1[] = { 16, 16, 40, 44, 50, 56, 56, 62 };
  assert_path (r, CHRONO_CHAIN_DATA_AGE, 1, names, age1);
  /* a hop names its instance (or its trigger mark) in its lane */
  const ChronoChainHop *hops = chrono_chain_result_get_path (r, CHRONO_CHAIN_LATENCY, 1);
  g_assert_true (hops[0].trigger);
  ChronoMark mark;
  chrono_marks_get (chrono_lane_get_marks (hops[0].lane), hops[0].index, &mark);
  g_assert_cmpint (mark.time, ==, 12);
  g_assert_false (hops[1].trigger);
  const ChronoInstance *read = chrono_instances_get (chrono_lane_get_instances (hops[1].lane), hops[1].index);
  g_assert_cmpint (read->number, ==, 2);
  g_assert_cmpint (read->begin, ==, 30);
  g_assert_cmpuint (hops[3].line, ==, 47);

  /* a task takes part from its start: Task_Ctrl activated at 33 is on S1's path from 50 */
  g_autoptr (ChronoChainResult) t = compute (trace, "ctl: STI_Pedal -> Task_Read -> Task_Ctrl");
  const char *const task_names[] = { "STI_Pedal", "Task_Read", "Task_Ctrl", NULL };
  const gint64 task_s1[] = { 12, 12, 30, 35, 50, 62 };
  assert_path (t, CHRONO_CHAIN_LATENCY, 1, task_names, task_s1);
}

static void
test_errors (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ();
  const char *bad[] = { "x: STI_Pedal -> Nope", "x: R_Control -> STI_Pedal", "x: Cores -> R_Control" };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ChronoChainSpec) spec = chrono_chain_spec_parse (bad[i], &error);
      g_assert_no_error (error);
      g_assert_null (chrono_chains_compute (trace, spec, &error));
      g_assert_error (error, CHRONO_CHAINS_ERROR, CHRONO_CHAINS_ERROR_NO_ENTITY);
    }
}

static void
test_requirements (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) requirements =
      chrono_requirements_parse ("chain brake: STI_Pedal -> R_ReadPedal -> R_Control -> R_WriteBrake\n"
                                 "chain brake latency <= 46us  # S1 only\n"
                                 "chain brake data_age <= 25us\n",
                                 &error);
  g_assert_no_error (error);
  g_assert_cmpuint (requirements->len, ==, 2); /* the definition is no requirement */
  g_autoptr (GArray) violations = chrono_requirements_check (requirements, trace, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (violations->len, ==, 2);
  const ChronoViolation *v = &g_array_index (violations, ChronoViolation, 0);
  g_assert_cmpint (v->time, ==, 12);
  g_assert_cmpint (v->value, ==, 50);
  g_assert_cmpuint (v->line, ==, 22);
  /* a chain's violation names its sample, whose path the viewer draws */
  g_assert_cmpuint (v->index, ==, 1);
  v = &g_array_index (violations, ChronoViolation, 1);
  g_assert_cmpint (v->time, ==, 56);
  g_assert_cmpint (v->value, ==, 46);
  g_assert_cmpuint (v->line, ==, 47);
  g_assert_cmpuint (v->index, ==, 1);
  g_autoptr (ChronoChainResult) r = compute (trace, "brake: STI_Pedal -> R_ReadPedal -> R_Control -> R_WriteBrake");
  const ChronoChainSample *s = &g_array_index (r->samples[CHRONO_CHAIN_DATA_AGE], ChronoChainSample, v->index);
  g_assert_cmpint (s->time, ==, v->time);
  g_assert_cmpint (s->value, ==, v->value);

  /* the chains a file defines, with or without a limit, in order; one defined again as it was once,
   * defined otherwise twice, the requirement below naming the second */
  g_autoptr (GPtrArray) chains = NULL;
  g_autoptr (GPtrArray) only = chrono_requirements_parse_with_chains ("chain b: STI_Pedal -> R_Control\n"
                                                                      "chain a: STI_Pedal -> R_ReadPedal\n"
                                                                      "chain a latency <= 1ms\n"
                                                                      "chain a: STI_Pedal ->  R_ReadPedal\n"
                                                                      "chain b: STI_Pedal -> R_WriteBrake\n"
                                                                      "chain b data_age <= 1ms\n",
                                                                      &chains, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (only->len, ==, 2);
  g_assert_cmpuint (chains->len, ==, 3);
  const ChronoChainSpec *b0 = g_ptr_array_index (chains, 0), *a = g_ptr_array_index (chains, 1);
  const ChronoChainSpec *b1 = g_ptr_array_index (chains, 2);
  g_assert_cmpstr (b0->name, ==, "b");
  g_assert_cmpstr (b0->elements[1], ==, "R_Control");
  g_assert_cmpstr (a->name, ==, "a");
  g_assert_cmpstr (b1->name, ==, "b");
  g_assert_cmpstr (b1->elements[1], ==, "R_WriteBrake");
  const ChronoRequirement *on_b = g_ptr_array_index (only, 1);
  g_assert_true (chrono_chain_spec_equal (on_b->chain, b1));
  g_assert_false (chrono_chain_spec_equal (on_b->chain, b0));

  const char *bad[] = { "chain brake latency <= 1ms\n", "chain b: A\n", "A -> B latency <= 1ms\n",
                        "chain b: A -> B\nchain b latency <= soon\n" };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) why = NULL;
      g_assert_null (chrono_requirements_parse (bad[i], &why));
      g_assert_error (why, CHRONO_REQUIREMENTS_ERROR, CHRONO_REQUIREMENTS_ERROR_SYNTAX);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chains/parse", test_parse);
  g_test_add_func ("/chains/runnables", test_runnable_chain);
  g_test_add_func ("/chains/tasks", test_task_chain);
  g_test_add_func ("/chains/summary-and-histogram", test_summary_and_histogram);
  g_test_add_func ("/chains/paths", test_paths);
  g_test_add_func ("/chains/errors", test_errors);
  g_test_add_func ("/chains/requirements", test_requirements);
  return g_test_run ();
}
