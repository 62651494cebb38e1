#include "chrono-spans.h"

static void
append (ChronoSpans *spans, gint64 start, gint64 end, ChronoState state, guint16 depth)
{
  ChronoSpan span = { start, end, state, 0, depth, 0, CHRONO_NO_INSTANCE, 0 };
  chrono_spans_append (spans, &span);
}

static void
test_sorting_is_stable (void)
{
  g_autoptr (ChronoSpans) spans = chrono_spans_new ();
  append (spans, 50, 60, CHRONO_STATE_READY, 0);
  append (spans, 10, 20, CHRONO_STATE_RUNNING, 0);
  append (spans, 10, 15, CHRONO_STATE_ACTIVE, 1);
  chrono_spans_seal (spans);
  g_assert_cmpuint (chrono_spans_get_n (spans), ==, 3);
  g_assert_cmpint (chrono_spans_get_start (spans, 0), ==, 10);
  g_assert_cmpint (chrono_spans_get_state (spans, 0), ==, CHRONO_STATE_RUNNING);
  g_assert_cmpint (chrono_spans_get_state (spans, 1), ==, CHRONO_STATE_ACTIVE);
  g_assert_cmpint (chrono_spans_get_start (spans, 2), ==, 50);
  g_assert_cmpuint (chrono_spans_get_max_depth (spans), ==, 1);
}

static void
test_search_with_overlap (void)
{
  g_autoptr (ChronoSpans) spans = chrono_spans_new ();
  append (spans, 0, 1000, CHRONO_STATE_READY, 1); /* a long span overlapping the others */
  append (spans, 10, 20, CHRONO_STATE_RUNNING, 0);
  append (spans, 30, 40, CHRONO_STATE_RUNNING, 0);
  chrono_spans_seal (spans);
  g_assert_cmpuint (chrono_spans_first_ending_after (spans, 25), ==, 0);
  g_assert_cmpuint (chrono_spans_first_starting_at_or_after (spans, 25), ==, 2);
  guint index;
  g_assert_true (chrono_spans_find_at (spans, 35, 0, &index));
  g_assert_cmpuint (index, ==, 2);
  g_assert_true (chrono_spans_find_at (spans, 35, 1, &index));
  g_assert_cmpuint (index, ==, 0);
  g_assert_false (chrono_spans_find_at (spans, 25, 0, &index));
}

/* The first span ending after a time, found through a maximum a block of
 * spans, is the one a walk through every span finds: spans of every length,
 * some reaching far past the blocks after theirs, times on and between ends. */
static void
test_first_ending_after_matches_brute_force (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (13);
  for (guint n = 0; n < 400; n += 1 + n / 4)
    {
      g_autoptr (ChronoSpans) spans = chrono_spans_new ();
      gint64 t = 0;
      for (guint i = 0; i < n; i++)
        {
          t += g_rand_int_range (rand, 0, 5);
          gint64 length =
              g_rand_int_range (rand, 0, 100) == 0 ? g_rand_int_range (rand, 100, 2000) : g_rand_int_range (rand, 0, 8);
          append (spans, t, t + length, CHRONO_STATE_RUNNING, 0);
        }
      chrono_spans_seal (spans);
      for (gint64 time = -2; time < t + 2100; time++)
        {
          guint expected = n;
          gint64 running = G_MININT64;
          for (guint i = 0; i < n && expected == n; i++)
            {
              running = MAX (running, chrono_spans_get_end (spans, i));
              if (running > time)
                expected = i;
            }
          g_assert_cmpuint (chrono_spans_first_ending_after (spans, time), ==, expected);
        }
    }
}

/* The block totals must give the same answer as summing every span, for
 * the few states a lane has wherever they are among all of them. */
static void
test_summary_matches_brute_force (void)
{
  g_autoptr (ChronoSpans) spans = chrono_spans_new ();
  GRand *rand = g_rand_new_with_seed (7);
  const guint8 states[] = { 1, 2, 3, 0, CHRONO_N_STATES - 1 };
  gint64 t = 0;
  for (int i = 0; i < 5000; i++)
    {
      gint64 length = g_rand_int_range (rand, 1, 50);
      append (spans, t, t + length, states[i < 2500 ? i % 3 : i % 5], 0);
      t += length + g_rand_int_range (rand, 0, 5);
    }
  chrono_spans_seal (spans);
  for (int probe = 0; probe < 200; probe++)
    {
      gint64 begin = g_rand_int_range (rand, 0, (gint32) t);
      gint64 end = begin + g_rand_int_range (rand, 1, 20000);
      ChronoSpanSummary summary;
      chrono_spans_summarize (spans, begin, end, &summary);
      gint64 expected[CHRONO_N_STATES] = { 0 };
      guint count = 0;
      for (guint i = 0; i < chrono_spans_get_n (spans); i++)
        {
          gint64 s = chrono_spans_get_start (spans, i), e = chrono_spans_get_end (spans, i);
          if (e <= begin || s >= end)
            continue;
          expected[chrono_spans_get_state (spans, i)] += MIN (e, end) - MAX (s, begin);
          count++;
        }
      g_assert_cmpuint (summary.count, ==, count);
      for (int s = 0; s < CHRONO_N_STATES; s++)
        g_assert_cmpint (summary.time_in_state[s], ==, expected[s]);
    }
  g_rand_free (rand);
}

/* Block totals are kept for the states a lane has, not for every state:
 * a lane of one state pays 8 bytes a block for them. */
static void
test_block_totals_only_for_the_states_there (void)
{
  g_autoptr (ChronoSpans) spans = chrono_spans_new ();
  for (gint64 i = 0; i < 6400; i++)
    append (spans, 2 * i, 2 * i + 1, CHRONO_STATE_RUNNING, 0);
  chrono_spans_seal (spans);
  /* start and end, the latest end a block, one total a block */
  g_assert_cmpuint (chrono_spans_get_memory_size (spans), ==, 6400 * (8 + 8) + 100 * 8 + 100 * 8);
  ChronoSpanSummary summary;
  chrono_spans_summarize (spans, 0, 12800, &summary);
  g_assert_cmpuint (summary.count, ==, 6400);
  g_assert_cmpuint (summary.time_in_state[CHRONO_STATE_RUNNING], ==, 6400);
}

static void
test_summary_dominant (void)
{
  g_autoptr (ChronoSpans) spans = chrono_spans_new ();
  append (spans, 0, 10, CHRONO_STATE_READY, 0);
  append (spans, 10, 100, CHRONO_STATE_RUNNING, 0);
  append (spans, 100, 105, CHRONO_STATE_WAITING, 0);
  chrono_spans_seal (spans);
  ChronoSpanSummary summary;
  chrono_spans_summarize (spans, 0, 200, &summary);
  g_assert_cmpint (summary.dominant, ==, CHRONO_STATE_RUNNING);
  g_assert_cmpuint (summary.count, ==, 3);
  chrono_spans_summarize (spans, 101, 102, &summary);
  g_assert_cmpint (summary.dominant, ==, CHRONO_STATE_WAITING);
  chrono_spans_summarize (spans, 300, 400, &summary);
  g_assert_cmpuint (summary.count, ==, 0);
  g_assert_cmpint (summary.dominant, ==, CHRONO_STATE_NONE);
}

/* Columns that hold one value for every span so far keep it alone; a span
 * that differs, or flags set later, must read back exactly, sorted or not. */
static void
test_columns_keep_every_value (void)
{
  g_autoptr (ChronoSpans) spans = chrono_spans_new ();
  for (guint i = 0; i < 200; i++)
    {
      /* labels and instances change only after 150 spans; start order is reversed */
      ChronoSpan span = { 1000 - (gint64) i,
                          1001 - (gint64) i,
                          CHRONO_STATE_RUNNING,
                          0,
                          0,
                          i < 150 ? 7 : i,
                          i < 150 ? CHRONO_NO_INSTANCE : i,
                          3 };
      chrono_spans_append (spans, &span);
    }
  g_assert_cmpuint (chrono_spans_get_memory_size (spans), <, 200 * (8 + 8 + 8) + 200 * (4 + 4) + 1);
  chrono_spans_set_flags (spans, 10, 2);
  chrono_spans_seal (spans);
  for (guint k = 0; k < 200; k++)
    {
      ChronoSpan out;
      chrono_spans_get (spans, k, &out);
      guint i = 199 - k; /* sorted by start */
      g_assert_cmpint (out.start, ==, 1000 - (gint64) i);
      g_assert_cmpuint (out.label, ==, i < 150 ? 7 : i);
      g_assert_cmpuint (out.instance, ==, i < 150 ? CHRONO_NO_INSTANCE : i);
      g_assert_cmpuint (out.attrs, ==, 3);
      g_assert_cmpuint (out.state, ==, CHRONO_STATE_RUNNING);
      g_assert_cmpuint (out.flags, ==, i == 10 ? 2 : 0);
    }
  ChronoSpanSummary summary;
  chrono_spans_summarize (spans, 0, 2000, &summary);
  g_assert_cmpuint (summary.count, ==, 200);
  g_assert_cmpuint (summary.time_in_state[CHRONO_STATE_RUNNING], ==, 200);
}

/* A column is as wide as its largest value: a byte while every label is
 * below 256, widened on the way (two bytes, then four) without losing a
 * value it held. */
static void
test_columns_widen_as_values_grow (void)
{
  g_autoptr (ChronoSpans) small = chrono_spans_new ();
  for (guint i = 0; i < 1000; i++)
    {
      ChronoSpan span = { i, i + 1, CHRONO_STATE_RUNNING, 0, (guint16) (i % 3), i % 200, i % 7, 0 };
      chrono_spans_append (small, &span);
    }
  /* start and end, and a byte each for the depth, label and instance */
  g_assert_cmpuint (chrono_spans_get_memory_size (small), <=, 1000 * (8 + 8 + 3) + 512);

  g_autoptr (ChronoSpans) spans = chrono_spans_new ();
  const guint n = 300;
  for (guint i = 0; i < n; i++)
    {
      ChronoSpan span = { i, i + 1, CHRONO_STATE_RUNNING, 0, (guint16) (i * 300), i * 1000, i, 0 };
      chrono_spans_append (spans, &span);
      if (i == 120)
        chrono_spans_set_flags (spans, 5, 200);
    }
  chrono_spans_seal (spans);
  for (guint i = 0; i < n; i++)
    {
      ChronoSpan out;
      chrono_spans_get (spans, i, &out);
      g_assert_cmpuint (out.depth, ==, (guint16) (i * 300));
      g_assert_cmpuint (out.label, ==, i * 1000);
      g_assert_cmpuint (out.instance, ==, i);
      g_assert_cmpuint (out.flags, ==, i == 5 ? 200 : 0);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/spans/sorting-is-stable", test_sorting_is_stable);
  g_test_add_func ("/spans/search-with-overlap", test_search_with_overlap);
  g_test_add_func ("/spans/first-ending-after-matches-brute-force", test_first_ending_after_matches_brute_force);
  g_test_add_func ("/spans/summary-matches-brute-force", test_summary_matches_brute_force);
  g_test_add_func ("/spans/block-totals-only-for-the-states-there", test_block_totals_only_for_the_states_there);
  g_test_add_func ("/spans/summary-dominant", test_summary_dominant);
  g_test_add_func ("/spans/columns-keep-every-value", test_columns_keep_every_value);
  g_test_add_func ("/spans/columns-widen-as-values-grow", test_columns_widen_as_values_grow);
  return g_test_run ();
}
