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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/signal/steps", test_steps);
  g_test_add_func ("/signal/quadratic-extremes", test_quadratic_extremes);
  return g_test_run ();
}
