/* chrono-resource-stats.c — from the resource lanes' spans and extents, so
 * the figures describe exactly what the resource view draws. */
#include "chrono-resource-stats.h"

/* Resources in lane order (the order of their ids in the file). */
GArray *
chrono_resource_stats_compute (ChronoTrace *trace)
{
  GArray *all = g_array_new (FALSE, TRUE, sizeof (ChronoResourceStats));
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      if (chrono_lane_get_kind (lane) != CHRONO_LANE_RESOURCE)
        continue;
      ChronoResourceStats stats = { lane, 0, 0.0 };
      ChronoSpans *spans = chrono_lane_get_spans (lane);
      guint n = spans ? chrono_spans_get_n (spans) : 0;
      for (guint s = 0; s < n; s++)
        {
          ChronoExtent extent;
          double amount = chrono_spans_get_extent (spans, s, &extent) ? extent.amount : chrono_lane_get_capacity (lane);
          gint64 ticks = chrono_spans_get_end (spans, s) - chrono_spans_get_start (spans, s);
          stats.usage += amount * chrono_clock_to_seconds (clock, ticks);
        }
      stats.claims = n;
      g_array_append_val (all, stats);
    }
  return all;
}

GArray *
chrono_signal_stats_compute (ChronoTrace *trace)
{
  GArray *all = g_array_new (FALSE, TRUE, sizeof (ChronoSignalStats));
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoSignal *signal = chrono_lane_get_signal (lane);
      if (chrono_lane_get_kind (lane) != CHRONO_LANE_SIGNAL || signal == NULL)
        continue;
      ChronoSignalStats stats = { lane, chrono_signal_get_n (signal), FALSE, 0.0, 0.0 };
      stats.has_range = chrono_signal_range (signal, G_MININT64, G_MAXINT64, &stats.min, &stats.max);
      g_array_append_val (all, stats);
    }
  return all;
}

guint64
chrono_trace_count_marks (ChronoTrace *trace)
{
  guint64 total = 0;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoMarks *marks = chrono_lane_get_marks (g_ptr_array_index (lanes, i));
      total += marks ? chrono_marks_get_n (marks) : 0;
    }
  return total;
}
