/* Counters over a range: an OTF2 counter shown as its rate changes over
 * whole sampling intervals by what its recorded values say (the lane
 * switched to them), and over a range cut in two by the sum of the parts;
 * any signal's mean lies between its least and largest value. */
#include "chrono-loader.h"
#include "chrono-range-counters.h"

#include <math.h>

static ChronoTrace *
load_fixture (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), "otf2", name, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", "never");
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file_with_options (path, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static const ChronoRangeCounter *
counter_of (GArray *counters, ChronoLane *lane)
{
  for (guint i = 0; i < counters->len; i++)
    if (g_array_index (counters, ChronoRangeCounter, i).lane == lane)
      return &g_array_index (counters, ChronoRangeCounter, i);
  g_assert_not_reached ();
}

static gboolean
close_to (double a, double b)
{
  return fabs (a - b) <= 1e-9 * MAX (1.0, MAX (fabs (a), fabs (b)));
}

static void
test_rate_against_recorded (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("mpi_metrics.otf2");
  if (trace == NULL)
    {
      g_test_skip ("built without OTF2 fixtures");
      return;
    }
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  guint rates = 0;
  for (guint l = 0; l < lanes->len; l++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, l);
      ChronoSignal *signal = chrono_lane_get_signal (lane);
      if (chrono_lane_get_kind (lane) != CHRONO_LANE_SIGNAL || chrono_lane_get_other_name (lane) == NULL
          || chrono_signal_get_n (signal) < 3)
        continue;
      /* from the second sample to the last: whole sampling intervals */
      guint n = chrono_signal_get_n (signal);
      gint64 begin = chrono_signal_get (signal, 1)->t0, end = chrono_signal_get (signal, n - 1)->t1;
      gint64 middle = chrono_signal_get (signal, n / 2)->t0 + 1;
      g_autoptr (GArray) whole = chrono_range_counters_compute (trace, begin, end);
      const ChronoRangeCounter *rate = counter_of (whole, lane);
      g_assert_true (rate->is_rate);
      g_assert_true (rate->has_values);
      g_autoptr (GArray) left = chrono_range_counters_compute (trace, begin, middle);
      g_autoptr (GArray) right = chrono_range_counters_compute (trace, middle, end);
      g_assert_true (close_to (counter_of (left, lane)->change + counter_of (right, lane)->change, rate->change));
      g_assert_true (
          close_to (rate->per_second * (double) (end - begin) / (double) chrono_signal_get_ticks_per_second (signal),
                    rate->change));
      double change = rate->change;
      g_assert_true (chrono_lane_swap_signals (lane));
      g_autoptr (GArray) recorded = chrono_range_counters_compute (trace, begin, end);
      const ChronoRangeCounter *values = counter_of (recorded, lane);
      g_assert_false (values->is_rate);
      g_assert_true (values->has_ends);
      g_assert_true (close_to (values->change, values->last - values->first));
      g_assert_true (close_to (values->change, change));
      chrono_lane_swap_signals (lane);
      rates++;
    }
  g_assert_cmpuint (rates, >, 0);
}

static void
test_mean_between_extremes (void)
{
  g_autoptr (ChronoTrace) trace = load_fixture ("mpi_metrics.otf2");
  if (trace == NULL)
    {
      g_test_skip ("built without OTF2 fixtures");
      return;
    }
  gint64 begin = chrono_trace_get_begin (trace), end = chrono_trace_get_end (trace);
  g_autoptr (GArray) counters = chrono_range_counters_compute (trace, begin, end + 1);
  g_assert_cmpuint (counters->len, >, 0);
  for (guint i = 0; i < counters->len; i++)
    {
      const ChronoRangeCounter *c = &g_array_index (counters, ChronoRangeCounter, i);
      if (!c->has_values)
        continue;
      g_assert_cmpfloat (c->min, <=, c->mean + 1e-9 * fabs (c->mean));
      g_assert_cmpfloat (c->mean, <=, c->max + 1e-9 * fabs (c->max));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/range-counters/rate-against-recorded", test_rate_against_recorded);
  g_test_add_func ("/range-counters/mean-between-extremes", test_mean_between_extremes);
  return g_test_run ();
}
