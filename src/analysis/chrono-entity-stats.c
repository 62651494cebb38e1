/* chrono-entity-stats.c — derived only from the model (spans and instance
 * tables), so every loader that fills those gets the same figures. */
#include "chrono-entity-stats.h"

#include <string.h>

static void
free_stats (gpointer data)
{
  ChronoEntityStats *stats = data;
  g_free (stats->name);
  g_free (stats->type);
  g_free (stats);
}

static guint64
time_in_state (ChronoSpans *spans, ChronoState state)
{
  guint64 total = 0;
  if (spans == NULL)
    return 0;
  guint n = chrono_spans_get_n (spans);
  for (guint i = 0; i < n; i++)
    if (chrono_spans_get_state (spans, i) == state)
      total = chrono_ticks_add (
          total, chrono_ticks_between (chrono_spans_get_start (spans, i), chrono_spans_get_end (spans, i)));
  return total;
}

static ChronoEntityStats *
stats_for (GHashTable *by_key, GPtrArray *all, ChronoLane *lane)
{
  g_autofree char *key = g_strdup_printf ("%s\x1f%s", chrono_lane_get_entity_type (lane), chrono_lane_get_name (lane));
  ChronoEntityStats *stats = g_hash_table_lookup (by_key, key);
  if (stats == NULL)
    {
      stats = g_new0 (ChronoEntityStats, 1);
      stats->name = g_strdup (chrono_lane_get_name (lane));
      stats->type = g_strdup (chrono_lane_get_entity_type (lane));
      stats->kind = chrono_lane_get_kind (lane);
      g_hash_table_insert (by_key, g_steal_pointer (&key), stats);
      g_ptr_array_add (all, stats);
    }
  return stats;
}

/* A lazily read lane: the index pass released every instance row into
 * totals and summed its states per bucket. */
/* A core is busy while something but its idle task occupies it. */
static guint64
core_busy_length (ChronoSpans *spans)
{
  guint64 total = chrono_spans_union_length (spans);
  for (guint i = 0; spans != NULL && i < chrono_spans_get_n (spans); i++)
    if (chrono_spans_get_state (spans, i) == CHRONO_STATE_IDLE)
      total -= MIN (total, chrono_ticks_between (chrono_spans_get_start (spans, i), chrono_spans_get_end (spans, i)));
  return total;
}

static guint64
summary_time (ChronoLane *lane, ChronoState state, gboolean any_state)
{
  ChronoSummary *summary = chrono_lane_get_summary (lane);
  if (summary == NULL)
    return 0;
  ChronoSpanSummary out;
  ChronoSummaryExtra extra;
  chrono_summary_query (summary, G_MININT64 / 2, G_MAXINT64 / 2, &out, &extra);
  if (!any_state)
    return out.time_in_state[state];
  guint64 total = 0;
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    total = chrono_ticks_add (total, out.time_in_state[s]);
  return total;
}

static void
add_lazy_process (ChronoEntityStats *stats, ChronoLane *lane)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  if (instances != NULL)
    {
      const ChronoInstanceTotals *t = chrono_instances_get_released_totals (instances);
      if (chrono_lane_get_kind (lane) == CHRONO_LANE_RUNNABLE)
        stats->starts += t->activated;
      else
        {
          stats->activations += t->activations;
          stats->preemptions += t->preemptions;
        }
      if (t->response_count > 0 && chrono_lane_get_kind (lane) == CHRONO_LANE_PROCESS)
        {
          stats->response_min = stats->response_count ? MIN (stats->response_min, t->response_min) : t->response_min;
          stats->response_max = stats->response_count ? MAX (stats->response_max, t->response_max) : t->response_max;
          stats->response_sum = chrono_ticks_add (stats->response_sum, t->response_sum);
          stats->response_count += t->response_count;
        }
    }
  stats->running_time = chrono_ticks_add (stats->running_time, summary_time (lane, CHRONO_STATE_RUNNING, FALSE));
}

static void
add_process (ChronoEntityStats *stats, ChronoLane *lane)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  guint n = instances ? chrono_instances_get_n (instances) : 0;
  for (guint i = 0; i < n; i++)
    {
      const ChronoInstance *instance = chrono_instances_get (instances, i);
      stats->activations += instance->activations;
      stats->preemptions += instance->preemptions;
      guint32 complete = CHRONO_INSTANCE_ACTIVATED | CHRONO_INSTANCE_TERMINATED;
      if ((instance->flags & complete) == complete)
        {
          guint64 response = chrono_ticks_between (instance->begin, instance->end);
          stats->response_min = stats->response_count ? MIN (stats->response_min, response) : response;
          stats->response_max = stats->response_count ? MAX (stats->response_max, response) : response;
          stats->response_sum = chrono_ticks_add (stats->response_sum, response);
          stats->response_count++;
        }
    }
  stats->running_time =
      chrono_ticks_add (stats->running_time, time_in_state (chrono_lane_get_spans (lane), CHRONO_STATE_RUNNING));
}

static void
add_runnable (ChronoEntityStats *stats, ChronoLane *lane)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  guint n = instances ? chrono_instances_get_n (instances) : 0;
  for (guint i = 0; i < n; i++)
    if (chrono_instances_get (instances, i)->flags & CHRONO_INSTANCE_ACTIVATED)
      stats->starts++;
  stats->running_time =
      chrono_ticks_add (stats->running_time, time_in_state (chrono_lane_get_spans (lane), CHRONO_STATE_RUNNING));
}

static int
kind_rank (ChronoLaneKind kind)
{
  switch (kind)
    {
    case CHRONO_LANE_PROCESS: return 0;
    case CHRONO_LANE_RUNNABLE: return 1;
    case CHRONO_LANE_CORE: return 2;
    default: return 3;
    }
}

static int
compare_stats (gconstpointer a, gconstpointer b)
{
  const ChronoEntityStats *sa = *(ChronoEntityStats *const *) a, *sb = *(ChronoEntityStats *const *) b;
  if (kind_rank (sa->kind) != kind_rank (sb->kind))
    return kind_rank (sa->kind) - kind_rank (sb->kind);
  int by_type = strcmp (sa->type, sb->type);
  if (by_type != 0)
    return -by_type; /* "T" before "ISR" */
  return chrono_natural_compare (sa->name, sb->name);
}

/* One entry per process, runnable (summed over every caller) and core. */
GPtrArray *
chrono_entity_stats_compute (ChronoTrace *trace)
{
  GPtrArray *all = g_ptr_array_new_with_free_func (free_stats);
  g_autoptr (GHashTable) by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoLaneKind kind = chrono_lane_get_kind (lane);
      if (chrono_trace_is_lazy (trace))
        {
          if (kind == CHRONO_LANE_PROCESS || kind == CHRONO_LANE_RUNNABLE)
            add_lazy_process (stats_for (by_key, all, lane), lane);
          else if (kind == CHRONO_LANE_CORE)
            {
              ChronoEntityStats *core = stats_for (by_key, all, lane);
              core->busy_time = chrono_ticks_add (core->busy_time, summary_time (lane, CHRONO_STATE_NONE, TRUE)
                                                                       - summary_time (lane, CHRONO_STATE_IDLE, FALSE));
            }
          continue;
        }
      switch (kind)
        {
        case CHRONO_LANE_PROCESS: add_process (stats_for (by_key, all, lane), lane); break;
        case CHRONO_LANE_RUNNABLE: add_runnable (stats_for (by_key, all, lane), lane); break;
          case CHRONO_LANE_CORE: {
            ChronoEntityStats *core = stats_for (by_key, all, lane);
            core->busy_time = chrono_ticks_add (core->busy_time, core_busy_length (chrono_lane_get_spans (lane)));
          }
          break;
        default: break;
        }
    }
  g_ptr_array_sort (all, compare_stats);
  return all;
}
