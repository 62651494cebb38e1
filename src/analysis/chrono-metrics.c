/* chrono-metrics.c — per-instance timing metrics, from the model only.
 *
 * Where things are (see src/loaders/btf/chrono-btf-processes.c): an
 * instance's record holds its latest activation, its first start since and
 * its termination; its states are the spans of its lane whose instance
 * column is its index.  One pass over a lane's spans sums, per instance,
 * what it spent RUNNING and READY since its activation, so the cost is the
 * lane's size, whatever the number of instances.
 *
 * A state of no length leaves no span (a start and a preempt at one tick);
 * that is why the first start is taken from the record, not the spans.
 */
#include "chrono-metrics.h"

#include <string.h>

static const char *const metric_names[CHRONO_N_METRICS] = {
  [CHRONO_METRIC_RESPONSE_TIME] = "response_time",         [CHRONO_METRIC_START_DELAY] = "start_delay",
  [CHRONO_METRIC_GROSS_EXECUTION] = "gross_execution",     [CHRONO_METRIC_NET_EXECUTION] = "net_execution",
  [CHRONO_METRIC_INTERFERENCE] = "interference",           [CHRONO_METRIC_PREEMPTIONS] = "preemptions",
  [CHRONO_METRIC_ACTIVATION_JITTER] = "activation_jitter", [CHRONO_METRIC_RESPONSE_JITTER] = "response_jitter",
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
  return metric == CHRONO_METRIC_PREEMPTIONS;
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

static Tally *
tally_lane (ChronoLane *lane, ChronoInstances *instances)
{
  guint n = chrono_instances_get_n (instances);
  Tally *tallies = g_new0 (Tally, n);
  for (guint i = 0; i < n; i++)
    tallies[i].last_end = G_MININT64;
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint n_spans = spans != NULL ? chrono_spans_get_n (spans) : 0;
  for (guint s = 0; s < n_spans; s++)
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

static void
add_process_lane (ChronoEntityMetrics *entity, ChronoLane *lane, const ChronoMetricsOptions *options)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  if (instances == NULL)
    return;
  g_autofree Tally *tallies = tally_lane (lane, instances);
  guint n = chrono_instances_get_n (instances);
  for (guint i = 0; i < n; i++)
    {
      const ChronoInstance *record = chrono_instances_get (instances, i);
      if (!is_complete (record) || record->activated_at < options->begin || record->activated_at >= options->end)
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
      g_array_append_val (entity->instances, m);
    }
}

/* A call: from its start to its termination, and its RUNNING time. */
static void
add_runnable_lane (ChronoEntityMetrics *entity, ChronoLane *lane, const ChronoMetricsOptions *options)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  if (instances == NULL)
    return;
  guint n = chrono_instances_get_n (instances);
  g_autofree gint64 *running = g_new0 (gint64, n);
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint n_spans = spans != NULL ? chrono_spans_get_n (spans) : 0;
  for (guint s = 0; s < n_spans; s++)
    {
      ChronoSpan span;
      chrono_spans_get (spans, s, &span);
      if (span.instance < n && span.state == CHRONO_STATE_RUNNING)
        running[span.instance] += span.end - span.start;
    }
  guint32 both = CHRONO_INSTANCE_ACTIVATED | CHRONO_INSTANCE_TERMINATED;
  for (guint i = 0; i < n; i++)
    {
      const ChronoInstance *record = chrono_instances_get (instances, i);
      if ((record->flags & both) != both || record->begin < options->begin || record->begin >= options->end)
        continue;
      ChronoInstanceMetrics m = { lane, i, record->number, record->begin, record->end, record->line };
      clear_values (&m);
      m.value[CHRONO_METRIC_GROSS_EXECUTION] = record->end - record->begin;
      m.value[CHRONO_METRIC_NET_EXECUTION] = running[i];
      g_array_append_val (entity->instances, m);
    }
}

/* ---- jitter -------------------------------------------------------------- */

static int
compare_gint64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return x < y ? -1 : x > y;
}

gint64
chrono_metrics_nearest_rank (const gint64 *sorted, guint n, guint percent)
{
  g_return_val_if_fail (n > 0, 0);
  guint64 rank = ((guint64) percent * n + 99) / 100;
  rank = CLAMP (rank, 1, n);
  return sorted[rank - 1];
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
  qsort (distances, instances->len - 1, sizeof (gint64), compare_gint64);
  return chrono_metrics_nearest_rank (distances, instances->len - 1, 50);
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

static ChronoEntityMetrics *
entity_for (GHashTable *by_key, GPtrArray *all, ChronoLane *lane)
{
  g_autofree char *key = g_strdup_printf ("%s\x1f%s", chrono_lane_get_entity_type (lane), chrono_lane_get_name (lane));
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
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoLaneKind kind = chrono_lane_get_kind (lane);
      if ((kind != CHRONO_LANE_PROCESS && kind != CHRONO_LANE_RUNNABLE)
          || (options->entity != NULL && g_strcmp0 (options->entity, chrono_lane_get_name (lane)) != 0))
        continue;
      ChronoEntityMetrics *entity = entity_for (by_key, all, lane);
      if (kind == CHRONO_LANE_PROCESS)
        add_process_lane (entity, lane, options);
      else
        add_runnable_lane (entity, lane, options);
    }
  for (guint i = 0; i < all->len; i++)
    {
      ChronoEntityMetrics *entity = g_ptr_array_index (all, i);
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
  qsort (sorted, out->count, sizeof (gint64), compare_gint64);
  out->min = sorted[0];
  out->p50 = chrono_metrics_nearest_rank (sorted, out->count, 50);
  out->p95 = chrono_metrics_nearest_rank (sorted, out->count, 95);
  out->p99 = chrono_metrics_nearest_rank (sorted, out->count, 99);
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
