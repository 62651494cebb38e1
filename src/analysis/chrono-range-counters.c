/* chrono-range-counters.c — each fragment's part in the range is
 * integrated in closed form (chrono_fragment_integral), so a quadratic
 * TRACE signal integrates as exactly as a step. */
#include "chrono-range-counters.h"

#include <math.h>

#include "chrono-clock.h"

/* An OTF2 counter shown as its rate is named after its other reading, the
 * recorded values, with " /s" (the reader names both so). */
static gboolean
shows_rate (ChronoLane *lane)
{
  const char *other = chrono_lane_get_other_name (lane);
  if (other == NULL)
    return FALSE;
  g_autofree char *rate = g_strdup_printf ("%s /s", other);
  return g_str_equal (chrono_lane_get_name (lane), rate);
}

static ChronoRangeCounter
counter_of (ChronoLane *lane, ChronoSignal *signal, gint64 begin, gint64 end)
{
  ChronoRangeCounter c = { lane, shows_rate (lane) };
  gint64 tps = chrono_signal_get_ticks_per_second (signal);
  ChronoSignalStretch stretch;
  chrono_signal_integrate (signal, begin, end, TRUE, &stretch);
  c.has_values = stretch.covered > 0.0;
  if (!c.has_values)
    return c; /* min and max 0 */
  double area = stretch.integral;
  c.min = stretch.min;
  c.max = stretch.max;
  c.mean = area / stretch.covered;
  /* the value at the end, or just before it when the signal ends there */
  c.has_ends = chrono_signal_value_at (signal, begin, &c.first)
               && (chrono_signal_value_at (signal, end, &c.last) || chrono_signal_value_at (signal, end - 1, &c.last));
  c.change = c.is_rate ? area : c.has_ends ? c.last - c.first : 0.0;
  c.per_second = c.change / (chrono_ticks_apart (begin, end) / (double) tps);
  return c;
}

GArray *
chrono_range_counters_compute (ChronoTrace *trace, gint64 begin, gint64 end)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  GArray *counters = g_array_new (FALSE, FALSE, sizeof (ChronoRangeCounter));
  if (chrono_trace_is_lazy (trace) || end <= begin)
    return counters;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoSignal *signal = chrono_lane_get_signal (lane);
      if (chrono_lane_get_kind (lane) != CHRONO_LANE_SIGNAL || signal == NULL || chrono_signal_get_n (signal) == 0)
        continue;
      ChronoRangeCounter counter = counter_of (lane, signal, begin, end);
      g_array_append_val (counters, counter);
    }
  return counters;
}
