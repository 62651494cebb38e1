#include "chrono-signal.h"

#include <math.h>

static void
test_steps (void)
{
  g_autoptr (ChronoSignal) signal = chrono_signal_new (1000);
  chrono_signal_append_step (signal, 0, 1.0);
  chrono_signal_append_step (signal, 10, 5.0);
  chrono_signal_append_step (signal, 20, -2.0);
  chrono_signal_close_steps (signal, 30);
  chrono_signal_seal (signal);
  g_assert_true (chrono_signal_is_step (signal));
  g_assert_cmpuint (chrono_signal_get_n (signal), ==, 3);
  double v;
  g_assert_true (chrono_signal_value_at (signal, 5, &v));
  g_assert_cmpfloat (v, ==, 1.0);
  g_assert_true (chrono_signal_value_at (signal, 10, &v));
  g_assert_cmpfloat (v, ==, 5.0);
  g_assert_false (chrono_signal_value_at (signal, 31, &v));
  double lo, hi;
  g_assert_true (chrono_signal_range (signal, 0, 30, &lo, &hi));
  g_assert_cmpfloat (lo, ==, -2.0);
  g_assert_cmpfloat (hi, ==, 5.0);
  g_assert_true (chrono_signal_range (signal, 0, 9, &lo, &hi));
  g_assert_cmpfloat (hi, ==, 1.0);
}

/* The vertex of a quadratic inside the range is its extreme, not the ends. */
static void
test_quadratic_extremes (void)
{
  g_autoptr (ChronoSignal) signal = chrono_signal_new (1);
  /* v = 0 + 4·t − 1·t² on [0, 4): 0 at both ends, 4 at t = 2 */
  ChronoFragment f = { 0, 4, 0.0, 4.0, -1.0 };
  chrono_signal_append (signal, &f);
  chrono_signal_seal (signal);
  g_assert_false (chrono_signal_is_step (signal));
  double lo, hi;
  g_assert_true (chrono_signal_range (signal, 0, 4, &lo, &hi));
  g_assert_cmpfloat_with_epsilon (hi, 4.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (lo, 0.0, 1e-12);
  g_assert_true (chrono_signal_range (signal, 3, 4, &lo, &hi));
  g_assert_cmpfloat_with_epsilon (hi, 3.0, 1e-12);
  double v;
  g_assert_true (chrono_signal_value_at (signal, 1, &v));
  g_assert_cmpfloat_with_epsilon (v, 3.0, 1e-12);
}

/* Fragments that overlap (a bad file): the value at a time is the first
 * fragment, in start order, that covers it, whatever else the signal holds
 * (a lazy read's signal holds only the fragments of the windows in view). */
static void
test_overlapping_fragments (void)
{
  const ChronoFragment long_one = { 0, 100, 1.0, 0.0, 0.0 }, inside = { 10, 20, 2.0, 0.0, 0.0 },
                       later = { 30, 40, 3.0, 0.0, 0.0 };
  g_autoptr (ChronoSignal) all = chrono_signal_new (1000);
  chrono_signal_append (all, &later);
  chrono_signal_append (all, &inside);
  chrono_signal_append (all, &long_one);
  chrono_signal_seal (all);
  g_autoptr (ChronoSignal) some = chrono_signal_new (1000);
  chrono_signal_append (some, &long_one);
  chrono_signal_append (some, &later);
  chrono_signal_seal (some);
  const gint64 times[] = { 0, 15, 35, 50, 99 };
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      double a, b;
      g_assert_true (chrono_signal_value_at (all, times[i], &a));
      g_assert_true (chrono_signal_value_at (some, times[i], &b));
      g_assert_cmpfloat (a, ==, 1.0); /* the long fragment starts first */
      g_assert_cmpfloat (b, ==, 1.0);
    }
  double value;
  g_assert_false (chrono_signal_value_at (all, 100, &value));
  double lo, hi;
  g_assert_true (chrono_signal_range (all, 50, 60, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 1.0);
  g_assert_cmpfloat (hi, ==, 1.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/signal/steps", test_steps);
  g_test_add_func ("/signal/quadratic-extremes", test_quadratic_extremes);
  g_test_add_func ("/signal/overlapping-fragments", test_overlapping_fragments);
  return g_test_run ();
}
