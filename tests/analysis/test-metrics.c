/* test-metrics.c — per-instance timing metrics and their distributions,
 * checked against tests/data/btf/timing_metrics.btf worked out by hand
 * (its times are microseconds, one tick each). */
#include <string.h>

#include "chrono-loader.h"
#include "chrono-metrics.h"

static ChronoTrace *
load_fixture (const char *name)
{
  const char *data = g_getenv ("CHRONO_TEST_DATA");
  g_assert_nonnull (data);
  g_autofree char *path = g_build_filename (data, "btf", name, NULL);
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static const ChronoEntityMetrics *
find_entity (GPtrArray *entities, const char *name)
{
  for (guint i = 0; i < entities->len; i++)
    {
      const ChronoEntityMetrics *e = g_ptr_array_index (entities, i);
      if (strcmp (e->name, name) == 0)
        return e;
    }
  g_error ("no entity %s", name);
}

static const ChronoInstanceMetrics *
instance (const ChronoEntityMetrics *e, guint i)
{
  g_assert_cmpuint (i, <, e->instances->len);
  return &g_array_index (e->instances, ChronoInstanceMetrics, i);
}

static void
test_sorted_by_name (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("timing_metrics.btf");
  g_autoptr (GPtrArray) all = chrono_metrics_compute (trace, NULL);
  const char *names[] = { "ISR_X", "Run_1", "Task_A", "Task_B" };
  g_assert_cmpuint (all->len, ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < all->len; i++)
    g_assert_cmpstr (((ChronoEntityMetrics *) g_ptr_array_index (all, i))->name, ==, names[i]);
  g_assert_cmpstr (find_entity (all, "ISR_X")->type, ==, "ISR");
  g_assert_cmpint (find_entity (all, "Run_1")->kind, ==, CHRONO_LANE_RUNNABLE);
}

/* Task_A: four complete instances (the fifth is open at the end). */
static void
test_per_instance (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("timing_metrics.btf");
  g_autoptr (GPtrArray) all = chrono_metrics_compute (trace, NULL);
  const ChronoEntityMetrics *a = find_entity (all, "Task_A");
  g_assert_cmpuint (a->instances->len, ==, 4);
  /* response, start delay, gross, net, interference, preemptions, activation and response jitter;
   * no access to a semaphore: no semaphore wait, hold or inversions */
#define NO_ACCESS CHRONO_METRIC_NONE, CHRONO_METRIC_NONE, CHRONO_METRIC_NONE
  const gint64 want[4][CHRONO_N_METRICS] = {
    { 20, 10, 10, 10, 0, 0, CHRONO_METRIC_NONE, CHRONO_METRIC_NONE, NO_ACCESS },
    { 35, 5, 30, 15, 15, 2, 0, 15, NO_ACCESS }, /* preempted twice by ISR_X */
    { 40, 5, 35, 35, 0, 0, 10, 15, NO_ACCESS }, /* activated again at 210: measured from there */
    { 20, 0, 20, 10, 10, 1, 10, 30, NO_ACCESS }, /* started and preempted at one tick */
  };
#undef NO_ACCESS
  const gint64 activated[4] = { 0, 100, 210, 300 };
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpint (instance (a, i)->activated, ==, activated[i]);
      for (guint m = 0; m < CHRONO_N_METRICS; m++)
        if (instance (a, i)->value[m] != want[i][m])
          g_error ("Task_A #%u %s: %" G_GINT64_FORMAT ", expected %" G_GINT64_FORMAT, i, chrono_metric_get_name (m),
                   instance (a, i)->value[m], want[i][m]);
    }
  /* the median distance of the activations 0, 100, 210, 300 */
  g_assert_cmpint (a->period, ==, 100);
  g_assert_cmpuint (instance (a, 2)->line, ==, 36); /* the second activation's line */

  /* Task_B #7 activated again while running; #8 terminated never having started */
  const ChronoEntityMetrics *b = find_entity (all, "Task_B");
  g_assert_cmpuint (b->instances->len, ==, 2);
  g_assert_cmpint (instance (b, 0)->activated, ==, 55);
  g_assert_cmpint (instance (b, 0)->value[CHRONO_METRIC_RESPONSE_TIME], ==, 15);
  g_assert_cmpint (instance (b, 0)->value[CHRONO_METRIC_START_DELAY], ==, 5);
  g_assert_cmpint (instance (b, 0)->value[CHRONO_METRIC_NET_EXECUTION], ==, 10);
  g_assert_cmpint (instance (b, 1)->value[CHRONO_METRIC_RESPONSE_TIME], ==, 10);
  g_assert_cmpint (instance (b, 1)->value[CHRONO_METRIC_START_DELAY], ==, CHRONO_METRIC_NONE);
  g_assert_cmpint (instance (b, 1)->value[CHRONO_METRIC_GROSS_EXECUTION], ==, CHRONO_METRIC_NONE);

  /* runnable calls: gross from start to terminate, net RUNNING */
  const ChronoEntityMetrics *r = find_entity (all, "Run_1");
  g_assert_cmpuint (r->instances->len, ==, 2);
  g_assert_cmpint (instance (r, 0)->value[CHRONO_METRIC_GROSS_EXECUTION], ==, 8);
  g_assert_cmpint (instance (r, 0)->value[CHRONO_METRIC_NET_EXECUTION], ==, 8);
  g_assert_cmpint (instance (r, 1)->value[CHRONO_METRIC_GROSS_EXECUTION], ==, 28);
  g_assert_cmpint (instance (r, 1)->value[CHRONO_METRIC_NET_EXECUTION], ==, 13);
  g_assert_cmpint (instance (r, 1)->value[CHRONO_METRIC_RESPONSE_TIME], ==, CHRONO_METRIC_NONE);
}

/* The histogram's bars are the instances: each counted once, in its bin. */
static void
test_histogram (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("timing_metrics.btf");
  g_autoptr (GPtrArray) all = chrono_metrics_compute (trace, NULL);
  const ChronoEntityMetrics *a = find_entity (all, "Task_A");
  guint counts[4];
  /* response times 20, 35, 40, 20 over 20 … 40 in bins of 5: 20, 20 | – | – | 35, 40 */
  g_assert_cmpuint (chrono_metrics_histogram (a, CHRONO_METRIC_RESPONSE_TIME, 4, counts), ==, 2);
  g_assert_cmpuint (counts[0], ==, 2);
  g_assert_cmpuint (counts[1], ==, 0);
  g_assert_cmpuint (counts[2], ==, 0);
  g_assert_cmpuint (counts[3], ==, 2);
  /* interference 0, 15, 0, 10 over 0 … 15: 0, 0 | – | 10 | 15 */
  g_assert_cmpuint (chrono_metrics_histogram (a, CHRONO_METRIC_INTERFERENCE, 4, counts), ==, 2);
  g_assert_cmpuint (counts[0], ==, 2);
  g_assert_cmpuint (counts[2], ==, 1);
  g_assert_cmpuint (counts[3], ==, 1);
  /* one value: every instance in the first bin; Task_B #8 has one start delay */
  g_assert_cmpuint (chrono_metrics_histogram (find_entity (all, "Task_B"), CHRONO_METRIC_START_DELAY, 4, counts), ==,
                    1);
  g_assert_cmpuint (counts[0], ==, 1);
  /* every entity and metric: the bars add up to the count */
  for (guint e = 0; e < all->len; e++)
    for (ChronoMetric m = 0; m < CHRONO_N_METRICS; m++)
      {
        guint bins[20], sum = 0, highest = 0;
        ChronoMetricSummary s;
        chrono_metrics_summarize (g_ptr_array_index (all, e), m, &s);
        guint top = chrono_metrics_histogram (g_ptr_array_index (all, e), m, G_N_ELEMENTS (bins), bins);
        for (guint b = 0; b < G_N_ELEMENTS (bins); b++)
          {
            sum += bins[b];
            highest = MAX (highest, bins[b]);
          }
        g_assert_cmpuint (sum, ==, s.count);
        g_assert_cmpuint (top, ==, highest);
      }
}

static void
test_summary (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("timing_metrics.btf");
  g_autoptr (GPtrArray) all = chrono_metrics_compute (trace, NULL);
  const ChronoEntityMetrics *a = find_entity (all, "Task_A");
  ChronoMetricSummary s;
  /* response times 20, 35, 40, 20 */
  g_assert_true (chrono_metrics_summarize (a, CHRONO_METRIC_RESPONSE_TIME, &s));
  g_assert_cmpuint (s.count, ==, 4);
  g_assert_cmpint (s.min, ==, 20);
  g_assert_cmpint (s.max, ==, 40);
  g_assert_cmpuint (s.sum, ==, 115);
  g_assert_cmpint (s.p50, ==, 20); /* rank ⌈0.5·4⌉ = 2 of 20, 20, 35, 40 */
  g_assert_cmpint (s.p95, ==, 40);
  g_assert_cmpint (s.p99, ==, 40);
  g_assert_cmpuint (s.worst, ==, 2);
  /* net execution 10, 15, 35, 10; start delays 10, 5, 5, 0: the first maximum is the earliest */
  g_assert_true (chrono_metrics_summarize (a, CHRONO_METRIC_START_DELAY, &s));
  g_assert_cmpuint (s.worst, ==, 0);
  g_assert_cmpint (s.min, ==, 0);
  g_assert_cmpint (s.p50, ==, 5);
  /* ties of the maximum: response jitters 15, 15, 30 → 30 once; interference 0, 15, 0, 10 */
  g_assert_true (chrono_metrics_summarize (a, CHRONO_METRIC_INTERFERENCE, &s));
  g_assert_cmpuint (s.worst, ==, 1);
  g_assert_cmpint (s.p50, ==, 0);
  g_assert_cmpint (s.p95, ==, 15);
  /* no instance of Task_B #8 started: one value only */
  g_assert_true (chrono_metrics_summarize (find_entity (all, "Task_B"), CHRONO_METRIC_START_DELAY, &s));
  g_assert_cmpuint (s.count, ==, 1);
}

static void
test_nearest_rank (void)
{
  gint64 values[200];
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = i + 1;
  g_assert_cmpint (chrono_metrics_nearest_rank (values, 1, 50), ==, 1);
  g_assert_cmpint (chrono_metrics_nearest_rank (values, 1, 99), ==, 1);
  g_assert_cmpint (chrono_metrics_nearest_rank (values, 10, 50), ==, 5);
  g_assert_cmpint (chrono_metrics_nearest_rank (values, 10, 95), ==, 10); /* ⌈9.5⌉ */
  g_assert_cmpint (chrono_metrics_nearest_rank (values, 20, 95), ==, 19);
  g_assert_cmpint (chrono_metrics_nearest_rank (values, 101, 99), ==, 100); /* ⌈99.99⌉ */
  g_assert_cmpint (chrono_metrics_nearest_rank (values, 200, 99), ==, 198);
  g_assert_cmpint (chrono_metrics_nearest_rank (values, 3, 50), ==, 2);
}

static void
test_options (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("timing_metrics.btf");
  ChronoMetricsOptions options;
  chrono_metrics_options_init (&options);
  options.entity = "Task_A";
  options.begin = 100;
  options.end = 300; /* activated in [100, 300): #1 and #2 */
  g_autoptr (GHashTable) periods = g_hash_table_new (g_str_hash, g_str_equal);
  gint64 period = 105;
  g_hash_table_insert (periods, "Task_A", &period);
  options.periods = periods;
  g_autoptr (GPtrArray) all = chrono_metrics_compute (trace, &options);
  g_assert_cmpuint (all->len, ==, 1);
  const ChronoEntityMetrics *a = g_ptr_array_index (all, 0);
  g_assert_cmpuint (a->instances->len, ==, 2);
  g_assert_cmpint (a->period, ==, 105);
  g_assert_cmpint (instance (a, 1)->value[CHRONO_METRIC_ACTIVATION_JITTER], ==, 5); /* 210 - 100 - 105 */
  g_assert_cmpint (instance (a, 1)->value[CHRONO_METRIC_RESPONSE_JITTER], ==, 10); /* 250 - 135 - 105 */
}

/* within: only the instances that also terminate by the range's end.
 * Task_A #1 runs from 100 to 135, #2 from 210 to 250. */
static void
test_within (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("timing_metrics.btf");
  ChronoMetricsOptions options;
  chrono_metrics_options_init (&options);
  options.entity = "Task_A";
  options.begin = 100;
  options.within = TRUE;
  const struct {
    gint64 end;
    guint count;
  } cases[] = { { 250, 2 }, { 249, 1 }, { 135, 1 }, { 134, 0 } };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      options.end = cases[c].end;
      g_autoptr (GPtrArray) all = chrono_metrics_compute (trace, &options);
      g_assert_cmpuint (all->len, ==, 1);
      const ChronoEntityMetrics *a = g_ptr_array_index (all, 0);
      g_assert_cmpuint (a->instances->len, ==, cases[c].count);
      if (cases[c].count > 0)
        {
          g_assert_cmpint (instance (a, 0)->activated, ==, 100);
          g_assert_cmpint (instance (a, 0)->value[CHRONO_METRIC_NET_EXECUTION], ==, 15);
        }
    }
}

static void
assert_same_summary (const ChronoMetricSummary *a, const ChronoMetricSummary *b)
{
  g_assert_cmpuint (a->count, ==, b->count);
  if (a->count == 0)
    return;
  g_assert_cmpint (a->min, ==, b->min);
  g_assert_cmpint (a->max, ==, b->max);
  g_assert_cmpint (a->p50, ==, b->p50);
  g_assert_cmpint (a->p95, ==, b->p95);
  g_assert_cmpint (a->p99, ==, b->p99);
  g_assert_cmpuint (a->sum, ==, b->sum);
}

/* The distributions without the instances are those of the instances
 * kept by hand from all of them, over ranges that cut instances. */
static void
test_summaries_agree (void)
{
  const char *fixtures[] = { "timing_metrics.btf",   "concurrent.btf", "preempted_by_two.btf",
                             "runnables_nested.btf", "isr.btf",        "spec_example.btf" };
  guint32 mask = 0;
  for (ChronoMetric k = 0; k < CHRONO_N_METRICS; k++)
    if (k != CHRONO_METRIC_ACTIVATION_JITTER && k != CHRONO_METRIC_RESPONSE_JITTER)
      mask |= 1u << k;
  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autoptr (ChronoTrace) trace = load_fixture (fixtures[f]);
      g_autoptr (GPtrArray) all = chrono_metrics_compute (trace, NULL);
      gint64 t0 = chrono_trace_get_begin (trace), length = chrono_trace_get_end (trace) - t0;
      for (guint r = 0; r < 7; r++)
        {
          /* the whole trace, then windows that cut instances at both ends */
          ChronoMetricsOptions options;
          chrono_metrics_options_init (&options);
          options.within = TRUE;
          if (r > 0)
            {
              options.begin = t0 + length * (r - 1) / 8;
              options.end = t0 + length * (r + 2) / 8;
            }
          g_autoptr (GPtrArray) summaries = chrono_metrics_compute_summaries (trace, &options, mask);
          g_assert_cmpuint (summaries->len, ==, all->len);
          guint kept_total = 0;
          for (guint e = 0; e < all->len; e++)
            {
              const ChronoEntityMetrics *entity = g_ptr_array_index (all, e);
              const ChronoEntitySummary *summary = g_ptr_array_index (summaries, e);
              g_assert_cmpstr (summary->name, ==, entity->name);
              g_assert_cmpstr (summary->type, ==, entity->type);
              g_autoptr (GArray) kept = g_array_new (FALSE, FALSE, sizeof (ChronoInstanceMetrics));
              for (guint i = 0; i < entity->instances->len; i++)
                {
                  const ChronoInstanceMetrics *m = instance (entity, i);
                  if (m->activated >= options.begin && m->activated < options.end && m->terminated <= options.end)
                    g_array_append_val (kept, *m);
                }
              g_assert_cmpuint (summary->n_instances, ==, kept->len);
              kept_total += kept->len;
              for (ChronoMetric k = 0; k < CHRONO_N_METRICS; k++)
                {
                  if (!(mask & (1u << k)))
                    {
                      g_assert_cmpuint (summary->summary[k].count, ==, 0);
                      continue;
                    }
                  g_autofree gint64 *values = g_new (gint64, MAX (kept->len, 1));
                  for (guint i = 0; i < kept->len; i++)
                    values[i] = g_array_index (kept, ChronoInstanceMetrics, i).value[k];
                  ChronoMetricSummary expected;
                  chrono_metrics_summarize_values (values, kept->len, &expected);
                  assert_same_summary (&summary->summary[k], &expected);
                  if (expected.count > 0)
                    {
                      const ChronoInstanceMetrics *worst = &g_array_index (kept, ChronoInstanceMetrics, expected.worst);
                      g_assert_cmpint (summary->worst[k].value[k], ==, expected.max);
                      g_assert_cmpint (summary->worst[k].activated, ==, worst->activated);
                    }
                }
            }
          if (r == 0)
            g_assert_cmpuint (kept_total, >, 0);
        }
    }
}

/* Ranks found by selection are those of the sorted values, with ties and in any order. */
static void
test_ranks_by_selection (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);
  for (guint round = 0; round < 200; round++)
    {
      guint n = g_rand_int_range (rand, 1, 300);
      g_autofree gint64 *values = g_new (gint64, n);
      g_autofree gint64 *sorted = g_new (gint64, n);
      gint64 spread = round % 3 == 0 ? 4 : 1000; /* many ties, or few */
      for (guint i = 0; i < n; i++)
        sorted[i] = values[i] = g_rand_int_range (rand, 0, spread);
      for (guint i = 1; i < n; i++) /* insertion sort: the reference */
        for (guint j = i; j > 0 && sorted[j - 1] > sorted[j]; j--)
          {
            gint64 t = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = t;
          }
      ChronoMetricSummary s;
      g_assert_true (chrono_metrics_summarize_values (values, n, &s));
      g_assert_cmpint (s.min, ==, sorted[0]);
      g_assert_cmpint (s.max, ==, sorted[n - 1]);
      g_assert_cmpint (s.p50, ==, chrono_metrics_nearest_rank (sorted, n, 50));
      g_assert_cmpint (s.p95, ==, chrono_metrics_nearest_rank (sorted, n, 95));
      g_assert_cmpint (s.p99, ==, chrono_metrics_nearest_rank (sorted, n, 99));
    }
}

static void
test_metric_names (void)
{
  for (guint m = 0; m < CHRONO_N_METRICS; m++)
    {
      ChronoMetric back;
      g_assert_true (chrono_metric_from_name (chrono_metric_get_name (m), &back));
      g_assert_cmpint (back, ==, m);
    }
  ChronoMetric unused;
  g_assert_false (chrono_metric_from_name ("load", &unused));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/metrics/sorted-by-name", test_sorted_by_name);
  g_test_add_func ("/metrics/per-instance", test_per_instance);
  g_test_add_func ("/metrics/summary", test_summary);
  g_test_add_func ("/metrics/histogram", test_histogram);
  g_test_add_func ("/metrics/nearest-rank", test_nearest_rank);
  g_test_add_func ("/metrics/options", test_options);
  g_test_add_func ("/metrics/names", test_metric_names);
  g_test_add_func ("/metrics/within", test_within);
  g_test_add_func ("/metrics/summaries-agree", test_summaries_agree);
  g_test_add_func ("/metrics/ranks-by-selection", test_ranks_by_selection);
  return g_test_run ();
}
