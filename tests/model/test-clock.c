#include "chrono-clock.h"

#include <string.h>

static void
test_units (void)
{
  gint64 tps = 0;
  g_assert_true (chrono_clock_ticks_per_second_for_unit ("ps", &tps));
  g_assert_cmpint (tps, ==, G_GINT64_CONSTANT (1000000000000));
  g_assert_true (chrono_clock_ticks_per_second_for_unit ("NS", &tps));
  g_assert_cmpint (tps, ==, 1000000000);
  g_assert_true (chrono_clock_ticks_per_second_for_unit ("us", &tps));
  g_assert_cmpint (tps, ==, 1000000);
  g_assert_true (chrono_clock_ticks_per_second_for_unit ("ms", &tps));
  g_assert_cmpint (tps, ==, 1000);
  g_assert_true (chrono_clock_ticks_per_second_for_unit ("s", &tps));
  g_assert_cmpint (tps, ==, 1);
  g_assert_false (chrono_clock_ticks_per_second_for_unit ("fortnight", &tps));
}

static void
check_exact (gint64 tps, gint64 ticks, const char *expected)
{
  ChronoClock clock;
  chrono_clock_init (&clock, tps);
  g_autofree char *text = chrono_clock_format_seconds_exact (&clock, ticks);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_exact_seconds (void)
{
  check_exact (1000000000, 6150100, "0.0061501");
  check_exact (1000000000, 0, "0");
  check_exact (1000000000, 2000000000, "2");
  check_exact (1000000000, -1500000000, "-1.5");
  check_exact (1000000, 1, "0.000001");
  check_exact (1, 42, "42");
  check_exact (1000000000, G_GINT64_CONSTANT (1440000000000000001), "1440000000.000000001");
  check_exact (G_GINT64_CONSTANT (1000000000000), 1, "0.000000000001");
}

/* Every printed tick must parse back to the same tick. */
static void
test_round_trip (void)
{
  ChronoClock clock;
  chrono_clock_init (&clock, 1000000000);
  gint64 samples[] = { 1, 7, 999999999, 123456789, 500000000000, G_GINT64_CONSTANT (4611686018427387) };
  for (gsize i = 0; i < G_N_ELEMENTS (samples); i++)
    {
      g_autofree char *text = chrono_clock_format_seconds_exact (&clock, samples[i]);
      double seconds = g_ascii_strtod (text, NULL);
      g_assert_cmpint (chrono_clock_from_seconds (&clock, seconds), ==, samples[i]);
    }
}

/* Seconds are the double nearest ticks / rate: 1018642406 ns is 1.018642406
 * (whole seconds plus the rest came out 1.0186424060000001). */
static void
test_seconds_nearest (void)
{
  ChronoClock clock;
  chrono_clock_init (&clock, 1000000000);
  g_assert_true (chrono_clock_to_seconds (&clock, 1018642406) == 1.018642406);
  gint64 samples[] = { 1, 999999999, 1000000001, 1018642406, 22420846000, -3000000007, G_GINT64_CONSTANT (1) << 52 };
  for (gsize i = 0; i < G_N_ELEMENTS (samples); i++)
    g_assert_true (chrono_clock_to_seconds (&clock, samples[i]) == (double) samples[i] / 1e9);
  /* past 2^53 ticks the split still keeps the seconds close */
  gint64 huge = G_MAXINT64 - 5;
  g_assert_cmpfloat_with_epsilon (chrono_clock_to_seconds (&clock, huge), 9223372036.854775802, 1e-6);
}

static void
test_ratio (void)
{
  ChronoClock clock;
  chrono_clock_init (&clock, 1000);
  g_autofree char *whole = chrono_clock_format_seconds_ratio (&clock, 3000, 3);
  g_assert_cmpstr (whole, ==, "1");
  g_autofree char *frac = chrono_clock_format_seconds_ratio (&clock, 1000, 3);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (frac, NULL), 1.0 / 3.0, 1e-15); /* 333.3 ms */
}

static void
test_parse_duration (void)
{
  double s = 0;
  g_assert_true (chrono_parse_duration ("12ms", &s, NULL));
  g_assert_cmpfloat_with_epsilon (s, 0.012, 1e-15);
  g_assert_true (chrono_parse_duration ("3.5s", &s, NULL));
  g_assert_cmpfloat_with_epsilon (s, 3.5, 1e-15);
  g_assert_true (chrono_parse_duration ("1500us", &s, NULL));
  g_assert_cmpfloat_with_epsilon (s, 0.0015, 1e-15);
  g_assert_true (chrono_parse_duration ("250ns", &s, NULL));
  g_assert_cmpfloat_with_epsilon (s, 250e-9, 1e-18);
  g_assert_true (chrono_parse_duration ("3,5ms", &s, NULL));
  g_assert_cmpfloat_with_epsilon (s, 0.0035, 1e-15);
  g_assert_true (chrono_parse_duration (" 2 ", &s, NULL));
  g_assert_cmpfloat_with_epsilon (s, 2.0, 1e-15);
  g_autoptr (GError) error = NULL;
  g_assert_false (chrono_parse_duration ("12parsecs", &s, &error));
  g_assert_error (error, CHRONO_CLOCK_ERROR, CHRONO_CLOCK_ERROR_UNKNOWN_UNIT);
  g_assert_nonnull (strstr (error->message, "parsecs"));
  g_clear_error (&error);
  g_assert_false (chrono_parse_duration ("soon", &s, &error));
  g_assert_error (error, CHRONO_CLOCK_ERROR, CHRONO_CLOCK_ERROR_NOT_A_TIME);
  g_assert_cmpstr (g_quark_to_string (CHRONO_CLOCK_ERROR), ==, "chrono-clock-error-quark");
}

static void
test_format_duration (void)
{
  g_autofree char *a = chrono_format_duration (0.00125, 4);
  g_assert_cmpstr (a, ==, "1.25 ms");
  g_autofree char *b = chrono_format_duration (830e-9, 4);
  g_assert_cmpstr (b, ==, "830 ns");
  g_autofree char *c = chrono_format_duration (0, 4);
  /* long traces: whole seconds, never an exponent (a 10 GB trace's ruler said "1e+03 s") */
  g_autofree char *d = chrono_format_duration (1000.0, 3);
  g_assert_cmpstr (d, ==, "1000 s");
  g_autofree char *e = chrono_format_duration (12345.6, 3);
  g_assert_cmpstr (e, ==, "12346 s");
  g_assert_cmpstr (c, ==, "0 s");
}

/* The inspector's begin and end share a unit ("999.397 ms" and
 * "1002.881 ms", not "999.397 ms" and "1.002881 s"). */
static void
test_format_in_a_unit (void)
{
  ChronoClock clock;
  chrono_clock_init (&clock, 1000000000);
  const ChronoTimeUnit *ms = chrono_clock_unit_for (&clock, 1.002881);
  g_assert_cmpstr (ms->symbol, ==, "s");
  const ChronoTimeUnit *milli = chrono_clock_unit_for (&clock, 0.5);
  g_autofree char *begin = chrono_clock_format_ticks_in (&clock, 999397000, milli);
  g_autofree char *end = chrono_clock_format_ticks_in (&clock, 1002881000, milli);
  g_autofree char *tick = chrono_clock_format_ticks_in (&clock, 1002881001, milli);
  g_assert_cmpstr (begin, ==, "999.397 ms");
  g_assert_cmpstr (end, ==, "1002.881 ms");
  g_assert_cmpstr (tick, ==, "1002.881001 ms");
  ChronoClock cycles;
  chrono_clock_init_cycles (&cycles);
  g_autofree char *mega = chrono_clock_format_ticks_in (&cycles, 1500000, chrono_clock_unit_for (&cycles, 2e6));
  g_assert_cmpstr (mega, ==, "1.5 Mcycles");
}

/* An instant is shown as the tick from it, or at the end of time the tick
 * before it (a tick after it overflowed: the export of two traces whose
 * times were all 2^63 - 1 did). */
static void
test_range_at_least_a_tick (void)
{
  gint64 begin = 5, end = 9;
  chrono_time_range_at_least_a_tick (&begin, &end);
  g_assert_cmpint (begin, ==, 5);
  g_assert_cmpint (end, ==, 9);
  begin = end = 7;
  chrono_time_range_at_least_a_tick (&begin, &end);
  g_assert_cmpint (begin, ==, 7);
  g_assert_cmpint (end, ==, 8);
  begin = end = G_MAXINT64;
  chrono_time_range_at_least_a_tick (&begin, &end);
  g_assert_cmpint (begin, ==, G_MAXINT64 - 1);
  g_assert_cmpint (end, ==, G_MAXINT64);
  begin = G_MININT64;
  end = G_MININT64;
  chrono_time_range_at_least_a_tick (&begin, &end);
  g_assert_cmpint (end, ==, G_MININT64 + 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/clock/units", test_units);
  g_test_add_func ("/clock/format-in-a-unit", test_format_in_a_unit);
  g_test_add_func ("/clock/exact-seconds", test_exact_seconds);
  g_test_add_func ("/clock/round-trip", test_round_trip);
  g_test_add_func ("/clock/ratio", test_ratio);
  g_test_add_func ("/clock/seconds-nearest", test_seconds_nearest);
  g_test_add_func ("/clock/parse-duration", test_parse_duration);
  g_test_add_func ("/clock/format-duration", test_format_duration);
  g_test_add_func ("/clock/range-at-least-a-tick", test_range_at_least_a_tick);
  return g_test_run ();
}
