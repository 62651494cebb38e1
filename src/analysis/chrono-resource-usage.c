/* chrono-resource-usage.c — a sweep over the claims' starts and ends:
 * O(n log n) once, then the result is an ordinary step signal the renderer
 * draws like any other. */
#include "chrono-resource-usage.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

typedef struct {
  gint64 time;
  double amount; /* + at a start, − at an end */
  int count; /* +1 / −1 */
} Step;

static int
compare_steps (gconstpointer a, gconstpointer b)
{
  const Step *sa = a, *sb = b;
  if (sa->time != sb->time)
    return sa->time < sb->time ? -1 : 1;
  return (sa->count > sb->count) - (sa->count < sb->count); /* ends before starts at one time */
}

static GArray *
collect_steps (ChronoLane *lane)
{
  GArray *steps = g_array_new (FALSE, FALSE, sizeof (Step));
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint n = spans ? chrono_spans_get_n (spans) : 0;
  for (guint i = 0; i < n; i++)
    {
      ChronoExtent extent;
      double amount = chrono_spans_get_extent (spans, i, &extent) ? extent.amount : chrono_lane_get_capacity (lane);
      Step start = { chrono_spans_get_start (spans, i), amount, +1 };
      Step end = { chrono_spans_get_end (spans, i), -amount, -1 };
      g_array_append_val (steps, start);
      g_array_append_val (steps, end);
    }
  g_array_sort (steps, compare_steps);
  return steps;
}

/* The amount in use as a step signal (0 between claims). */
ChronoSignal *
chrono_resource_usage_signal (ChronoLane *lane, gint64 ticks_per_second)
{
  g_autoptr (GArray) steps = collect_steps (lane);
  ChronoSignal *signal = chrono_signal_new (ticks_per_second);
  double in_use = 0.0;
  for (guint i = 0; i < steps->len; i++)
    {
      const Step *s = &g_array_index (steps, Step, i);
      in_use += s->amount;
      if (i + 1 < steps->len && g_array_index (steps, Step, i + 1).time == s->time)
        continue; /* one value per time stamp */
      /* sums of decimals drift: a resource back to idle reads 0, not 1e-17 */
      if (in_use < 1e-9 && in_use > -1e-9)
        in_use = 0.0;
      chrono_signal_append_step (signal, s->time, in_use);
    }
  if (steps->len > 0)
    chrono_signal_close_steps (signal, g_array_index (steps, Step, steps->len - 1).time);
  chrono_signal_seal (signal);
  return signal;
}

/* Ticks with N claims at once inside [begin, end): index N of the result. */
GArray *
chrono_resource_concurrency (ChronoLane *lane, gint64 begin, gint64 end)
{
  GArray *histogram = g_array_new (FALSE, TRUE, sizeof (gint64));
  g_autoptr (GArray) steps = collect_steps (lane);
  int count = 0;
  gint64 since = begin;
  for (guint i = 0; i < steps->len; i++)
    {
      const Step *s = &g_array_index (steps, Step, i);
      gint64 at = CLAMP (s->time, begin, end);
      if (at > since)
        {
          if ((guint) count >= histogram->len)
            g_array_set_size (histogram, count + 1);
          g_array_index (histogram, gint64, count) =
              chrono_ticks_sum (g_array_index (histogram, gint64, count), chrono_ticks_between_held (since, at));
          since = at;
        }
      count += s->count;
    }
  if (end > since)
    {
      if ((guint) count >= histogram->len)
        g_array_set_size (histogram, count + 1);
      g_array_index (histogram, gint64, count) =
          chrono_ticks_sum (g_array_index (histogram, gint64, count), chrono_ticks_between_held (since, end));
    }
  return histogram;
}

/* A "Usage" child lane under every resource lane that has none yet. */
guint
chrono_resource_usage_add_lanes (ChronoTrace *trace)
{
  guint added = 0;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      if (chrono_lane_get_kind (lane) != CHRONO_LANE_RESOURCE || chrono_lane_get_n_children (lane) > 0)
        continue;
      g_autoptr (ChronoLane) usage = chrono_lane_new (N_ ("Usage"), CHRONO_LANE_SIGNAL, "usage");
      chrono_lane_set_name_is_ours (usage, TRUE);
      ChronoSignal *signal = chrono_resource_usage_signal (lane, chrono_trace_get_clock (trace)->ticks_per_second);
      ChronoSignal *target = chrono_lane_ensure_signal (usage, chrono_trace_get_clock (trace)->ticks_per_second);
      for (guint f = 0; f < chrono_signal_get_n (signal); f++)
        chrono_signal_append (target, chrono_signal_get (signal, f));
      chrono_signal_free (signal);
      chrono_signal_seal (target);
      chrono_lane_append_child (lane, usage);
      added++;
    }
  return added;
}

/* Takes the "Usage" lanes of chrono_resource_usage_add_lanes away again. */
guint
chrono_resource_usage_remove_lanes (ChronoTrace *trace)
{
  guint removed = 0;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoLane *parent = chrono_lane_get_parent (lane);
      if (parent != NULL && chrono_lane_get_kind (lane) == CHRONO_LANE_SIGNAL
          && g_strcmp0 (chrono_lane_get_entity_type (lane), "usage") == 0)
        {
          chrono_lane_remove_child (parent, lane);
          removed++;
        }
    }
  return removed;
}
