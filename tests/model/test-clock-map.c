/* test-clock-map.c — one trace's ticks on another's clock, exactly: integer
 * and non-integer ratios, origins, wall clocks, and the 64-bit edges.  The
 * expected values were computed with Python's unbounded integers. */
#include "chrono-clock-map.h"

static ChronoClock
clock_of (gint64 ticks_per_second)
{
  ChronoClock clock;
  chrono_clock_init (&clock, ticks_per_second);
  return clock;
}

static gint64
apply (const ChronoClockMap *map, gint64 t)
{
  gint64 out;
  g_assert_true (chrono_clock_map_apply (map, t, &out));
  return out;
}

static void
test_identity (void)
{
  ChronoClockMap map;
  chrono_clock_map_init_identity (&map);
  for (gint64 t = G_MININT64; t < G_MAXINT64 - G_MAXINT64 / 3; t += G_MAXINT64 / 3)
    g_assert_cmpint (apply (&map, t), ==, t);
  g_assert_cmpint (apply (&map, G_MAXINT64), ==, G_MAXINT64);
}

static void
test_integer_ratio (void)
{
  ChronoClock us = clock_of (1000000), ns = clock_of (1000000000);
  ChronoClockMap to_ns, to_us;
  chrono_clock_map_init (&to_ns, &us, 0, &ns, 0);
  g_assert_cmpint (to_ns.num, ==, 1000);
  g_assert_cmpint (to_ns.den, ==, 1);
  g_assert_cmpint (apply (&to_ns, 5), ==, 5000);
  g_assert_cmpint (apply (&to_ns, -5), ==, -5000);
  gint64 out;
  g_assert_false (chrono_clock_map_apply (&to_ns, G_MAXINT64 / 999, &out)); /* past 64 bits: held at the end */
  g_assert_cmpint (out, ==, G_MAXINT64);
  g_assert_false (chrono_clock_map_apply (&to_ns, G_MININT64, &out));
  g_assert_cmpint (out, ==, G_MININT64);
  double fraction;
  g_assert_true (chrono_clock_map_invert (&to_ns, 5001, &out, &fraction));
  g_assert_cmpint (out, ==, 5);
  g_assert_cmpfloat_with_epsilon (fraction, 0.001, 1e-12);

  chrono_clock_map_init (&to_us, &ns, 0, &us, 0);
  g_assert_cmpint (apply (&to_us, 1999), ==, 1);
  g_assert_cmpint (apply (&to_us, -1), ==, -1); /* toward −∞: monotonic through 0 */
  g_assert_cmpint (apply (&to_us, G_MININT64), ==, G_GINT64_CONSTANT (-9223372036854776));
  g_assert_cmpint (apply (&to_us, G_MAXINT64), ==, G_GINT64_CONSTANT (9223372036854775));
}

static void
test_non_integer_ratio (void)
{
  /* a 2.6 GHz time-stamp counter on a nanosecond clock: 5/13 */
  ChronoClock tsc = clock_of (2600000000), ns = clock_of (1000000000);
  ChronoClockMap map;
  chrono_clock_map_init (&map, &tsc, 0, &ns, 0);
  g_assert_cmpint (map.num, ==, 5);
  g_assert_cmpint (map.den, ==, 13);
  g_assert_cmpint (apply (&map, 13), ==, 5);
  g_assert_cmpint (apply (&map, 12), ==, 4);
  g_assert_cmpint (apply (&map, G_MAXINT64), ==, G_GINT64_CONSTANT (3547450783405683002));
  g_assert_cmpint (apply (&map, G_MININT64), ==, G_GINT64_CONSTANT (-3547450783405683004));
  /* the whole 64-bit span from the bottom: (2^64 − 1) × 5 needs more than 64 bits on the way */
  chrono_clock_map_init (&map, &tsc, G_MININT64, &ns, G_MININT64);
  g_assert_cmpint (apply (&map, G_MAXINT64), ==, G_GINT64_CONSTANT (-2128470470043409803));

  /* 3/7 with origins */
  ChronoClock seven = clock_of (7), three = clock_of (3);
  chrono_clock_map_init (&map, &seven, 100, &three, -50);
  g_assert_cmpint (apply (&map, 107), ==, -47);
  g_assert_cmpint (apply (&map, 106), ==, -48); /* 18/7 = 2.57 */
  g_assert_cmpint (apply (&map, 99), ==, -51); /* −3/7 → −1 */
  gint64 out;
  double fraction;
  g_assert_true (chrono_clock_map_invert (&map, -48, &out, &fraction));
  g_assert_cmpint (out, ==, 104); /* 2 × 7/3 = 4.67 */
  g_assert_cmpfloat_with_epsilon (fraction, 2.0 / 3.0, 1e-12);
}

static void
test_monotonic (void)
{
  GRand *rand = g_rand_new_with_seed (4);
  const gint64 rates[] = { 1, 3, 7, 1000, 1000000, 1000000000, 2600000000, 3000000007, G_MAXINT64 };
  for (int round = 0; round < 20000; round++)
    {
      ChronoClock from = clock_of (rates[g_rand_int_range (rand, 0, G_N_ELEMENTS (rates))]);
      ChronoClock to = clock_of (rates[g_rand_int_range (rand, 0, G_N_ELEMENTS (rates))]);
      ChronoClockMap map;
      gint64 origin = (gint64) (((guint64) g_rand_int (rand) << 32) | g_rand_int (rand));
      chrono_clock_map_init (&map, &from, origin, &to, -origin / 2);
      gint64 a = (gint64) (((guint64) g_rand_int (rand) << 32) | g_rand_int (rand));
      gint64 b = a + g_rand_int_range (rand, 0, 1000000);
      if (b < a)
        continue;
      gint64 ma, mb;
      chrono_clock_map_apply (&map, a, &ma);
      chrono_clock_map_apply (&map, b, &mb);
      g_assert_cmpint (ma, <=, mb);
      /* the inverse is the source tick holding the start of a target tick: it maps at or
       * before that tick, the next source tick at or after it, and a is never before it */
      gint64 back;
      double fraction;
      if (chrono_clock_map_apply (&map, a, &ma) && chrono_clock_map_invert (&map, ma, &back, &fraction)
          && back < G_MAXINT64)
        {
          g_assert_cmpint (back, <=, a);
          g_assert_true (fraction >= 0.0 && fraction < 1.0);
          gint64 at, after;
          chrono_clock_map_apply (&map, back, &at);
          chrono_clock_map_apply (&map, back + 1, &after);
          g_assert_cmpint (at, <=, ma);
          g_assert_cmpint (after, >=, ma);
        }
    }
  g_rand_free (rand);
}

static void
test_wall_clock (void)
{
  ChronoClock a = clock_of (1000000000), b = clock_of (1000000);
  ChronoClockMap map;
  g_assert_false (chrono_clock_map_init_wall_clock (&map, &b, &a));
  a.has_wall_clock = b.has_wall_clock = TRUE;
  a.wall_clock_us = G_GINT64_CONSTANT (1700000000000000);
  b.wall_clock_us = a.wall_clock_us + 1500000; /* 1.5 s later */
  b.origin = 100;
  g_assert_true (chrono_clock_map_init_wall_clock (&map, &b, &a));
  g_assert_cmpint (apply (&map, 100), ==, 1500000000);
  g_assert_cmpint (apply (&map, 101), ==, 1500001000);
  /* a trace started before the reference maps before it */
  b.wall_clock_us = a.wall_clock_us - 1;
  g_assert_true (chrono_clock_map_init_wall_clock (&map, &b, &a));
  g_assert_cmpint (apply (&map, 100), ==, -1000);
  /* wall clocks 300 years apart on a nanosecond clock do not fit: refused */
  b.wall_clock_us = a.wall_clock_us + G_GINT64_CONSTANT (300) * 365 * 86400 * 1000000;
  a.origin = G_MAXINT64 / 2;
  g_assert_false (chrono_clock_map_init_wall_clock (&map, &b, &a));
}

static void
test_shift (void)
{
  ChronoClockMap map;
  chrono_clock_map_init_identity (&map);
  g_assert_true (chrono_clock_map_shift (&map, 1500));
  g_assert_cmpint (apply (&map, 1), ==, 1501);
  g_assert_true (chrono_clock_map_shift (&map, G_MAXINT64 - 1500));
  g_assert_false (chrono_clock_map_shift (&map, 1)); /* past 64 bits: unchanged */
  g_assert_cmpint (map.to_origin, ==, G_MAXINT64);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/clock-map/identity", test_identity);
  g_test_add_func ("/clock-map/integer-ratio", test_integer_ratio);
  g_test_add_func ("/clock-map/non-integer-ratio", test_non_integer_ratio);
  g_test_add_func ("/clock-map/monotonic", test_monotonic);
  g_test_add_func ("/clock-map/wall-clock", test_wall_clock);
  g_test_add_func ("/clock-map/shift", test_shift);
  return g_test_run ();
}
