/* chrono-metrics.c — per-instance timing metrics, from the model only.
 *
 * Where things are (the model's rules, src/model/chrono-schedule.h): an
 * instance's row holds its latest activation, its first start since and
 * its termination; its states are the spans of its lane whose instance
 * column is its index.  One pass over a lane's spans sums, per instance,
 * what it spent RUNNING and READY since its activation, so the cost is the
 * lane's size, whatever the number of instances.
 *
 * A state of no length leaves no span (a start and a preempt at one tick);
 * that is why the first start is taken from the record, not the spans.
 */
#include "chrono-metrics.h"

#include "chrono-blocking.h"

#include <string.h>

static const char *const metric_names[CHRONO_N_METRICS] = {
  [CHRONO_METRIC_RESPONSE_TIME] = "response_time",
  [CHRONO_METRIC_START_DELAY] = "start_delay",
  [CHRONO_METRIC_GROSS_EXECUTION] = "gross_execution",
  [CHRONO_METRIC_NET_EXECUTION] = "net_execution",
  [CHRONO_METRIC_INTERFERENCE] = "interference",
  [CHRONO_METRIC_PREEMPTIONS] = "preemptions",
  [CHRONO_METRIC_ACTIVATION_JITTER] = "activation_jitter",
  [CHRONO_METRIC_RESPONSE_JITTER] = "response_jitter",
  [CHRONO_METRIC_SEMAPHORE_WAIT] = "semaphore_wait",
  [CHRONO_METRIC_SEMAPHORE_HOLD] = "semaphore_hold",
  [CHRONO_METRIC_INVERSIONS] = "inversions",
};

const char *
chrono_metric_get_name (ChronoMetric metric)
{
  g_return_val_if_fail (metric < CHRONO_N_METRICS, NULL);
  return metric_names[metric];
}

gboolean
chrono_metric_from_name (const char *name, ChronoMetric *out)
{
  for (guint m = 0; m < CHRONO_N_METRICS; m++)
    if (g_strcmp0 (name, metric_names[m]) == 0)
      {
        *out = m;
        return TRUE;
      }
  return FALSE;
}

gboolean
chrono_metric_is_count (ChronoMetric metric)
{
  return metric == CHRONO_METRIC_PREEMPTIONS || metric == CHRONO_METRIC_INVERSIONS;
}

void
chrono_metrics_options_init (ChronoMetricsOptions *options)
{
  memset (options, 0, sizeof *options);
  options->begin = G_MININT64;
  options->end = G_MAXINT64;
}

void
chrono_entity_metrics_free (ChronoEntityMetrics *entity)
{
  if (entity == NULL)
    return;
  g_free (entity->name);
  g_free (entity->type);
  g_clear_pointer (&entity->lanes, g_ptr_array_unref);
  g_clear_pointer (&entity->instances, g_array_unref);
  g_free (entity);
}

static void
free_entity (gpointer data)
{
  chrono_entity_metrics_free (data);
}

static gboolean
is_complete (const ChronoInstance *record)
{
  guint32 both = CHRONO_INSTANCE_ACTIVATED | CHRONO_INSTANCE_TERMINATED;
  return (record->flags & both) == both && record->activated_at != G_MININT64;
}

/* ---- what each instance spent where ------------------------------------ */

typedef struct {
  gint64 running, ready;
  guint32 preemptions;
  guint8 last_state;
  gint64 last_end;
} Tally;

/* A preemption leaves RUNNING for READY.  When the RUNNING state had no
 * length (resumed and preempted at one tick) no span shows it: READY then
 * follows READY, or ACTIVE for a start preempted at once. */
static gboolean
begins_preemption (const Tally *t, const ChronoSpan *span)
{
  if (span->state != CHRONO_STATE_READY || t->last_end != span->start)
    return FALSE;
  return t->last_state == CHRONO_STATE_RUNNING || t->last_state == CHRONO_STATE_READY
         || t->last_state == CHRONO_STATE_ACTIVE;
}

/* The spans that can belong to an instance the options keep: none starts
 * before its activation (earlier ones are not counted), and one that lies
 * in the range ends by its end. */
static void
spans_to_visit (ChronoSpans *spans, const ChronoMetricsOptions *options, gboolean starts_bounded, guint *out_first,
                guint *out_last)
{
  *out_first = 0;
  *out_last = spans != NULL ? chrono_spans_get_n (spans) : 0;
  if (spans == NULL || !chrono_spans_is_sealed (spans))
    return;
  if (starts_bounded && options->begin != G_MININT64)
    *out_first = chrono_spans_first_starting_at_or_after (spans, options->begin);
  if (options->within && options->end != G_MAXINT64)
    *out_last = chrono_spans_first_starting_at_or_after (spans, options->end);
}

static Tally *
tally_lane (ChronoLane *lane, ChronoInstances *instances, const ChronoMetricsOptions *options)
{
  guint n = chrono_instances_get_n (instances);
  Tally *tallies = g_new0 (Tally, n);
  for (guint i = 0; i < n; i++)
    tallies[i].last_end = G_MININT64;
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint first, last;
  spans_to_visit (spans, options, TRUE, &first, &last);
  for (guint s = first; s < last; s++)
    {
      ChronoSpan span;
      chrono_spans_get (spans, s, &span);
      if (span.instance >= n)
        continue;
      const ChronoInstance *record = chrono_instances_get (instances, span.instance);
      if (!is_complete (record) || span.start < record->activated_at)
        continue;
      Tally *t = &tallies[span.instance];
      gint64 length = span.end - span.start;
      if (span.state == CHRONO_STATE_RUNNING)
        t->running += length;
      else if (span.state == CHRONO_STATE_READY && record->started_at != G_MININT64 && span.start >= record->started_at)
        t->ready += length;
      if (begins_preemption (t, &span))
        t->preemptions++;
      t->last_state = span.state;
      t->last_end = span.end;
    }
  return tallies;
}

static void
clear_values (ChronoInstanceMetrics *m)
{
  for (guint k = 0; k < CHRONO_N_METRICS; k++)
    m->value[k] = CHRONO_METRIC_NONE;
}

/* ---- what each process instance waited on semaphores and held them ---- */

static void
set_access_metrics (ChronoInstanceMetrics *m, GHashTable *totals, ChronoLane *lane)
{
  const ChronoBlockingTotals *t = chrono_blocking_totals_lookup (totals, chrono_lane_get_name (lane), m->number);
  if (t == NULL)
    return;
  m->value[CHRONO_METRIC_SEMAPHORE_WAIT] = t->wait;
  m->value[CHRONO_METRIC_SEMAPHORE_HOLD] = t->hold;
  m->value[CHRONO_METRIC_INVERSIONS] = t->inversions;
}

/* What is done with each instance measured: kept in an entity's table
 * (chrono_metrics_compute) or only counted into distributions
 * (chrono_metrics_compute_summaries).  reserve says first how many come. */
typedef struct {
  void (*reserve) (gpointer data, guint n);
  void (*add) (gpointer data, const ChronoInstanceMetrics *m);
  gpointer data;
  GHashTable *blocking_totals; /* chrono_blocking_totals_new */
} Visitor;

static gboolean
process_instance_kept (const ChronoInstance *record, const ChronoMetricsOptions *options)
{
  return is_complete (record) && record->activated_at >= options->begin && record->activated_at < options->end
         && (!options->within || record->end <= options->end);
}

static void
visit_process_lane (ChronoLane *lane, const ChronoMetricsOptions *options, const Visitor *visitor)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  if (instances == NULL)
    return;
  g_autofree Tally *tallies = tally_lane (lane, instances, options);
  guint n = chrono_instances_get_n (instances), kept = 0;
  for (guint i = 0; i < n; i++)
    kept += process_instance_kept (chrono_instances_get (instances, i), options);
  visitor->reserve (visitor->data, kept);
  for (guint i = 0; i < n; i++)
    {
      const ChronoInstance *record = chrono_instances_get (instances, i);
      if (!process_instance_kept (record, options))
        continue;
      ChronoInstanceMetrics m = { lane, i, record->number, record->activated_at, record->end, record->line };
      clear_values (&m);
      m.value[CHRONO_METRIC_RESPONSE_TIME] = record->end - record->activated_at;
      if (record->started_at != G_MININT64)
        {
          m.value[CHRONO_METRIC_START_DELAY] = record->started_at - record->activated_at;
          m.value[CHRONO_METRIC_GROSS_EXECUTION] = record->end - record->started_at;
          m.value[CHRONO_METRIC_NET_EXECUTION] = tallies[i].running;
          m.value[CHRONO_METRIC_INTERFERENCE] = tallies[i].ready;
          /* the record counts every preempt event of its life; after a
           * restart only the spans tell which came since */
          m.value[CHRONO_METRIC_PREEMPTIONS] =
              record->activated_at == record->begin ? record->preemptions : tallies[i].preemptions;
        }
      set_access_metrics (&m, visitor->blocking_totals, lane);
      visitor->add (visitor->data, &m);
    }
}

static gboolean
call_kept (const ChronoInstance *record, const ChronoMetricsOptions *options)
{
  guint32 both = CHRONO_INSTANCE_ACTIVATED | CHRONO_INSTANCE_TERMINATED;
  return (record->flags & both) == both && record->begin >= options->begin && record->begin < options->end
         && (!options->within || record->end <= options->end);
}

/* A call: from its start to its termination, and its RUNNING time. */
static void
visit_runnable_lane (ChronoLane *lane, const ChronoMetricsOptions *options, const Visitor *visitor)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  if (instances == NULL)
    return;
  guint n = chrono_instances_get_n (instances);
  g_autofree gint64 *running = g_new0 (gint64, n);
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint first, last;
  /* a call's spans lie in its life, so those of the calls kept lie in the range */
  spans_to_visit (spans, options, options->within, &first, &last);
  for (guint s = first; s < last; s++)
    {
      ChronoSpan span;
      chrono_spans_get (spans, s, &span);
      if (span.instance < n && span.state == CHRONO_STATE_RUNNING)
        running[span.instance] += span.end - span.start;
    }
  guint kept = 0;
  for (guint i = 0; i < n; i++)
    kept += call_kept (chrono_instances_get (instances, i), options);
  visitor->reserve (visitor->data, kept);
  for (guint i = 0; i < n; i++)
    {
      const ChronoInstance *record = chrono_instances_get (instances, i);
      if (!call_kept (record, options))
        continue;
      ChronoInstanceMetrics m = { lane, i, record->number, record->begin, record->end, record->line };
      clear_values (&m);
      m.value[CHRONO_METRIC_GROSS_EXECUTION] = record->end - record->begin;
      m.value[CHRONO_METRIC_NET_EXECUTION] = running[i];
      visitor->add (visitor->data, &m);
    }
}

/* ---- jitter -------------------------------------------------------------- */

/* The index (from 0) of the value at rank ⌈percent·n/100⌉, at least 1. */
static guint
nearest_rank_index (guint n, guint percent)
{
  guint64 rank = ((guint64) percent * n + 99) / 100;
  return (guint) CLAMP (rank, 1, n) - 1;
}

gint64
chrono_metrics_nearest_rank (const gint64 *sorted, guint n, guint percent)
{
  g_return_val_if_fail (n > 0, 0);
  return sorted[nearest_rank_index (n, percent)];
}

static void
swap (gint64 *values, guint a, guint b)
{
  gint64 t = values[a];
  values[a] = values[b];
  values[b] = t;
}

/* The value that sorting values[lo, hi) would put at index k (lo <= k <
 * hi), in O(hi − lo) on average: Hoare's selection.  Values move so that
 * none before k is greater and none after k is smaller. */
static gint64
select_rank (gint64 *values, guint lo, guint hi, guint k)
{
  while (hi - lo > 1)
    {
      /* the median of three as the pivot: sorted or equal runs stay linear */
      guint mid = lo + (hi - lo) / 2;
      if (values[mid] < values[lo])
        swap (values, mid, lo);
      if (values[hi - 1] < values[lo])
        swap (values, hi - 1, lo);
      if (values[hi - 1] < values[mid])
        swap (values, hi - 1, mid);
      gint64 pivot = values[mid];
      /* three ways: < pivot, == pivot, > pivot (many equal values are common) */
      guint lt = lo, i = lo, gt = hi;
      while (i < gt)
        {
          if (values[i] < pivot)
            swap (values, lt++, i++);
          else if (values[i] > pivot)
            swap (values, i, --gt);
          else
            i++;
        }
      if (k < lt)
        hi = lt;
      else if (k >= gt)
        lo = gt;
      else
        return pivot;
    }
  return values[k];
}

/* The median distance between successive activations. */
static gint64
period_from_activations (GArray *instances)
{
  if (instances->len < 2)
    return 0;
  g_autofree gint64 *distances = g_new (gint64, instances->len - 1);
  for (guint i = 1; i < instances->len; i++)
    distances[i - 1] = g_array_index (instances, ChronoInstanceMetrics, i).activated
                       - g_array_index (instances, ChronoInstanceMetrics, i - 1).activated;
  guint n = instances->len - 1;
  return select_rank (distances, 0, n, nearest_rank_index (n, 50));
}

static gint64
deviation (gint64 distance, gint64 period)
{
  return distance > period ? distance - period : period - distance;
}

static void
add_jitters (ChronoEntityMetrics *entity, const ChronoMetricsOptions *options)
{
  const gint64 *given = options->periods ? g_hash_table_lookup (options->periods, entity->name) : NULL;
  entity->period = given != NULL ? *given : period_from_activations (entity->instances);
  if (entity->period <= 0)
    return;
  for (guint i = 1; i < entity->instances->len; i++)
    {
      ChronoInstanceMetrics *previous = &g_array_index (entity->instances, ChronoInstanceMetrics, i - 1);
      ChronoInstanceMetrics *m = &g_array_index (entity->instances, ChronoInstanceMetrics, i);
      m->value[CHRONO_METRIC_ACTIVATION_JITTER] = deviation (m->activated - previous->activated, entity->period);
      m->value[CHRONO_METRIC_RESPONSE_JITTER] = deviation (m->terminated - previous->terminated, entity->period);
    }
}

/* ---- entities ------------------------------------------------------------ */

static char *
entity_key (ChronoLane *lane)
{
  return g_strdup_printf ("%s\x1f%s", chrono_lane_get_entity_type (lane), chrono_lane_get_name (lane));
}

static ChronoEntityMetrics *
entity_for (GHashTable *by_key, GPtrArray *all, ChronoLane *lane)
{
  g_autofree char *key = entity_key (lane);
  ChronoEntityMetrics *entity = g_hash_table_lookup (by_key, key);
  if (entity == NULL)
    {
      entity = g_new0 (ChronoEntityMetrics, 1);
      entity->name = g_strdup (chrono_lane_get_name (lane));
      entity->type = g_strdup (chrono_lane_get_entity_type (lane));
      entity->kind = chrono_lane_get_kind (lane);
      entity->lanes = g_ptr_array_new_with_free_func (g_object_unref);
      entity->instances = g_array_new (FALSE, FALSE, sizeof (ChronoInstanceMetrics));
      g_hash_table_insert (by_key, g_steal_pointer (&key), entity);
      g_ptr_array_add (all, entity);
    }
  g_ptr_array_add (entity->lanes, g_object_ref (lane));
  return entity;
}

/* Room for n more instances: an array grown by doubling copies its
 * hundred bytes per instance again and again. */
static void
reserve_instances (gpointer data, guint n)
{
  GArray *instances = data;
  guint len = instances->len;
  g_array_set_size (instances, len + n);
  g_array_set_size (instances, len);
}

static void
keep_instance (gpointer data, const ChronoInstanceMetrics *m)
{
  g_array_append_vals (data, m, 1);
}

/* The entities are processes and runnables; other lanes have no instances to measure. */
static gboolean
lane_measured (ChronoLane *lane, const ChronoMetricsOptions *options)
{
  ChronoLaneKind kind = chrono_lane_get_kind (lane);
  return (kind == CHRONO_LANE_PROCESS || kind == CHRONO_LANE_RUNNABLE)
         && (options->entity == NULL || g_strcmp0 (options->entity, chrono_lane_get_name (lane)) == 0);
}

static void
visit_lane (ChronoLane *lane, const ChronoMetricsOptions *options, const Visitor *visitor)
{
  if (chrono_lane_get_kind (lane) == CHRONO_LANE_PROCESS)
    visit_process_lane (lane, options, visitor);
  else
    visit_runnable_lane (lane, options, visitor);
}

static int
compare_instances (gconstpointer a, gconstpointer b)
{
  const ChronoInstanceMetrics *x = a, *y = b;
  if (x->activated != y->activated)
    return x->activated < y->activated ? -1 : 1;
  if (x->lane != y->lane)
    return x->lane < y->lane ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* An entity of one lane has its instances in order already, mostly. */
static gboolean
is_sorted (GArray *instances)
{
  for (guint i = 1; i < instances->len; i++)
    if (compare_instances (&g_array_index (instances, ChronoInstanceMetrics, i - 1),
                           &g_array_index (instances, ChronoInstanceMetrics, i))
        > 0)
      return FALSE;
  return TRUE;
}

static int
compare_entities (gconstpointer a, gconstpointer b)
{
  const ChronoEntityMetrics *x = *(ChronoEntityMetrics *const *) a, *y = *(ChronoEntityMetrics *const *) b;
  int by_name = strcmp (x->name, y->name);
  return by_name != 0 ? by_name : strcmp (x->type, y->type);
}

GPtrArray *
chrono_metrics_compute (ChronoTrace *trace, const ChronoMetricsOptions *options)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  ChronoMetricsOptions all_instances;
  if (options == NULL)
    {
      chrono_metrics_options_init (&all_instances);
      options = &all_instances;
    }
  GPtrArray *all = g_ptr_array_new_with_free_func (free_entity);
  g_autoptr (GHashTable) by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  g_autoptr (GHashTable) blocking_totals = chrono_blocking_totals_new (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      if (!lane_measured (lane, options))
        continue;
      ChronoEntityMetrics *entity = entity_for (by_key, all, lane);
      Visitor visitor = { reserve_instances, keep_instance, entity->instances, blocking_totals };
      visit_lane (lane, options, &visitor);
    }
  for (guint i = 0; i < all->len; i++)
    {
      ChronoEntityMetrics *entity = g_ptr_array_index (all, i);
      if (!is_sorted (entity->instances))
        g_array_sort (entity->instances, compare_instances);
      if (entity->kind == CHRONO_LANE_PROCESS)
        add_jitters (entity, options);
    }
  g_ptr_array_sort (all, compare_entities);
  return all;
}

/* ---- distributions ------------------------------------------------------- */

gboolean
chrono_metrics_summarize_values (const gint64 *values, guint n, ChronoMetricSummary *out)
{
  g_return_val_if_fail (values != NULL || n == 0, FALSE);
  memset (out, 0, sizeof *out);
  g_autofree gint64 *sorted = g_new (gint64, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      gint64 value = values[i];
      if (value == CHRONO_METRIC_NONE)
        continue;
      /* values are in time order: the first maximum is the earliest */
      if (out->count == 0 || value > out->max)
        {
          out->max = value;
          out->worst = i;
        }
      out->sum = chrono_ticks_add (out->sum, (guint64) value);
      sorted[out->count++] = value;
    }
  if (out->count == 0)
    return FALSE;
  /* the ranks are found by selection, not by sorting all the values: a
   * range of a big trace has hundreds of thousands of instances */
  out->min = sorted[0];
  for (guint i = 1; i < out->count; i++)
    out->min = MIN (out->min, sorted[i]);
  const guint percents[] = { 50, 95, 99 };
  gint64 *ranks[] = { &out->p50, &out->p95, &out->p99 };
  guint from = 0;
  for (guint k = 0; k < G_N_ELEMENTS (percents); k++)
    {
      guint rank = nearest_rank_index (out->count, percents[k]);
      /* what comes after an earlier rank is no smaller than it: look there only */
      *ranks[k] = select_rank (sorted, MIN (from, rank), out->count, rank);
      from = rank;
    }
  return TRUE;
}

gboolean
chrono_metrics_summarize (const ChronoEntityMetrics *entity, ChronoMetric metric, ChronoMetricSummary *out)
{
  g_return_val_if_fail (entity != NULL && metric < CHRONO_N_METRICS, FALSE);
  guint n = entity->instances->len;
  g_autofree gint64 *values = g_new (gint64, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    values[i] = g_array_index (entity->instances, ChronoInstanceMetrics, i).value[metric];
  return chrono_metrics_summarize_values (values, n, out);
}

guint
chrono_metrics_histogram (const ChronoEntityMetrics *entity, ChronoMetric metric, guint n, guint *counts)
{
  g_return_val_if_fail (entity != NULL && metric < CHRONO_N_METRICS && n > 0 && counts != NULL, 0);
  memset (counts, 0, n * sizeof *counts);
  /* only the extremes are needed (chrono_metrics_summarize sorts for its percentiles) */
  gint64 min = G_MAXINT64, max = G_MININT64;
  for (guint i = 0; i < entity->instances->len; i++)
    {
      gint64 v = g_array_index (entity->instances, ChronoInstanceMetrics, i).value[metric];
      if (v == CHRONO_METRIC_NONE)
        continue;
      min = MIN (min, v);
      max = MAX (max, v);
    }
  if (min > max)
    return 0;
  /* bin = ⌊(v − min) · n / (max − min)⌋, exact in 128 bits, max in the last */
  unsigned __int128 range = (unsigned __int128) (guint64) (max - min);
  guint highest = 0;
  for (guint i = 0; i < entity->instances->len; i++)
    {
      gint64 v = g_array_index (entity->instances, ChronoInstanceMetrics, i).value[metric];
      if (v == CHRONO_METRIC_NONE)
        continue;
      guint bin = range == 0 ? 0 : (guint) MIN ((unsigned __int128) (guint64) (v - min) * n / range, n - 1);
      counts[bin]++; /* apart from the comparison: MAX would count it twice */
      highest = MAX (highest, counts[bin]);
    }
  return highest;
}

/* ---- distributions without the instances --------------------------------- */

typedef struct {
  ChronoEntitySummary *out;
  GArray *values[CHRONO_N_METRICS]; /* gint64, of the metrics asked */
} Collect;

static void
reserve_values (gpointer data, guint n)
{
  Collect *c = data;
  for (ChronoMetric k = 0; k < CHRONO_N_METRICS; k++)
    if (c->values[k] != NULL)
      {
        guint len = c->values[k]->len;
        g_array_set_size (c->values[k], len + n);
        g_array_set_size (c->values[k], len);
      }
}

static void
collect_values (gpointer data, const ChronoInstanceMetrics *m)
{
  Collect *c = data;
  c->out->n_instances++;
  for (ChronoMetric k = 0; k < CHRONO_N_METRICS; k++)
    {
      gint64 v = m->value[k];
      if (c->values[k] == NULL || v == CHRONO_METRIC_NONE)
        continue;
      g_array_append_val (c->values[k], v);
      /* the earliest activated of the maxima, as in a table in activation order */
      ChronoInstanceMetrics *worst = &c->out->worst[k];
      if (c->values[k]->len == 1 || v > worst->value[k] || (v == worst->value[k] && m->activated < worst->activated))
        *worst = *m;
    }
}

static void
free_collect (gpointer data)
{
  Collect *c = data;
  for (ChronoMetric k = 0; k < CHRONO_N_METRICS; k++)
    if (c->values[k] != NULL)
      g_array_unref (c->values[k]);
  g_free (c);
}

void
chrono_entity_summary_free (ChronoEntitySummary *entity)
{
  if (entity == NULL)
    return;
  g_free (entity->name);
  g_free (entity->type);
  g_clear_pointer (&entity->lanes, g_ptr_array_unref);
  g_free (entity);
}

static int
compare_summaries (gconstpointer a, gconstpointer b)
{
  const ChronoEntitySummary *x = *(ChronoEntitySummary *const *) a, *y = *(ChronoEntitySummary *const *) b;
  int by_name = strcmp (x->name, y->name);
  return by_name != 0 ? by_name : strcmp (x->type, y->type);
}

GPtrArray *
chrono_metrics_compute_summaries (ChronoTrace *trace, const ChronoMetricsOptions *options, guint32 metrics)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && options != NULL, NULL);
  g_return_val_if_fail (!(metrics & (1u << CHRONO_METRIC_ACTIVATION_JITTER | 1u << CHRONO_METRIC_RESPONSE_JITTER)),
                        NULL);
  GPtrArray *all = g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_entity_summary_free);
  g_autoptr (GHashTable) by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, free_collect);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  g_autoptr (GHashTable) blocking_totals = chrono_blocking_totals_new (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      if (!lane_measured (lane, options))
        continue;
      g_autofree char *key = entity_key (lane);
      Collect *c = g_hash_table_lookup (by_key, key);
      if (c == NULL)
        {
          c = g_new0 (Collect, 1);
          c->out = g_new0 (ChronoEntitySummary, 1);
          c->out->name = g_strdup (chrono_lane_get_name (lane));
          c->out->type = g_strdup (chrono_lane_get_entity_type (lane));
          c->out->kind = chrono_lane_get_kind (lane);
          c->out->lanes = g_ptr_array_new_with_free_func (g_object_unref);
          for (ChronoMetric k = 0; k < CHRONO_N_METRICS; k++)
            if (metrics & (1u << k))
              c->values[k] = g_array_new (FALSE, FALSE, sizeof (gint64));
          g_hash_table_insert (by_key, g_steal_pointer (&key), c);
          g_ptr_array_add (all, c->out);
        }
      g_ptr_array_add (c->out->lanes, g_object_ref (lane));
      Visitor visitor = { reserve_values, collect_values, c, blocking_totals };
      visit_lane (lane, options, &visitor);
    }
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, by_key);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Collect *c = value;
      for (ChronoMetric k = 0; k < CHRONO_N_METRICS; k++)
        if (c->values[k] != NULL)
          {
            chrono_metrics_summarize_values ((const gint64 *) c->values[k]->data, c->values[k]->len,
                                             &c->out->summary[k]);
            c->out->summary[k].worst = 0; /* an index into values that are gone: worst[k] says which */
          }
    }
  g_ptr_array_sort (all, compare_summaries);
  return all;
}

static const ChronoMetric process_metrics[] = {
  CHRONO_METRIC_RESPONSE_TIME,     CHRONO_METRIC_START_DELAY,     CHRONO_METRIC_GROSS_EXECUTION,
  CHRONO_METRIC_NET_EXECUTION,     CHRONO_METRIC_INTERFERENCE,    CHRONO_METRIC_PREEMPTIONS,
  CHRONO_METRIC_ACTIVATION_JITTER, CHRONO_METRIC_RESPONSE_JITTER, CHRONO_METRIC_SEMAPHORE_WAIT,
  CHRONO_METRIC_SEMAPHORE_HOLD,
};
static const ChronoMetric call_metrics[] = { CHRONO_METRIC_GROSS_EXECUTION, CHRONO_METRIC_NET_EXECUTION };

const ChronoMetric *
chrono_metrics_of_kind (ChronoLaneKind kind, guint *n)
{
  gboolean process = kind == CHRONO_LANE_PROCESS;
  *n = process ? G_N_ELEMENTS (process_metrics) : G_N_ELEMENTS (call_metrics);
  return process ? process_metrics : call_metrics;
}
