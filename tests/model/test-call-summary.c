/* test-call-summary.c — a location's calls per stretch of its run: sums
 * over whole stretches exact (calls overlapping the range, their time in
 * it, exclusive of their callees), a cut stretch in proportion, calls
 * never left counted and timeless, and a nesting of many calls through
 * every stretch kept in figures of the calls, not of the stretches. */
#include <glib.h>

#include "chrono-call-summary.h"

enum { MAIN = 1, SOLVE = 2, WAIT = 3 };

static const gint64 bounds[] = { 0, 100, 200, 300, 400 };

static const ChronoCallSummaryRow *
row (GHashTable *rows, guint32 label)
{
  return g_hash_table_lookup (rows, GUINT_TO_POINTER (label));
}

static GHashTable *
query (ChronoCallSummary *summary, gint64 begin, gint64 end, gboolean *exact)
{
  GHashTable *rows = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  *exact = chrono_call_summary_query (summary, begin, end, rows);
  return rows;
}

/* main [10, 390) calls solve [150, 250), which calls wait [160, 170);
 * solve is entered again at 395 and never left (the run ends at 399). */
static ChronoCallSummary *
build (void)
{
  ChronoCallSummary *summary = chrono_call_summary_new (bounds, 4);
  chrono_call_summary_enter (summary, MAIN, 10);
  chrono_call_summary_enter (summary, SOLVE, 150);
  chrono_call_summary_enter (summary, WAIT, 160);
  chrono_call_summary_leave (summary, 170);
  chrono_call_summary_leave (summary, 250);
  chrono_call_summary_leave (summary, 390);
  chrono_call_summary_enter (summary, SOLVE, 395);
  chrono_call_summary_finish (summary, 399);
  chrono_call_summary_seal (summary);
  return summary;
}

static void
test_whole_stretches (void)
{
  g_autoptr (ChronoCallSummary) summary = build ();
  gboolean exact;
  g_autoptr (GHashTable) all = query (summary, G_MININT64, G_MAXINT64, &exact);
  g_assert_true (exact);
  g_assert_cmpfloat (row (all, MAIN)->calls, ==, 1);
  g_assert_cmpfloat (row (all, MAIN)->inclusive, ==, 380);
  g_assert_cmpfloat (row (all, MAIN)->exclusive, ==, 280);
  g_assert_cmpfloat (row (all, SOLVE)->calls, ==, 2); /* the one never left counts, adding no time */
  g_assert_cmpfloat (row (all, SOLVE)->inclusive, ==, 100);
  g_assert_cmpfloat (row (all, SOLVE)->exclusive, ==, 90);
  g_assert_cmpfloat (row (all, WAIT)->exclusive, ==, 10);
  /* stretch 2 alone: main and solve run on into it; main covers it whole */
  g_autoptr (GHashTable) two = query (summary, 200, 300, &exact);
  g_assert_true (exact);
  g_assert_cmpfloat (row (two, MAIN)->calls, ==, 1);
  g_assert_cmpfloat (row (two, MAIN)->inclusive, ==, 100);
  g_assert_cmpfloat (row (two, MAIN)->exclusive, ==, 50);
  g_assert_cmpfloat (row (two, SOLVE)->calls, ==, 1);
  g_assert_cmpfloat (row (two, SOLVE)->inclusive, ==, 50);
  g_assert_null (row (two, WAIT));
  /* stretch 1, which main covers whole, without a figure of its own */
  g_autoptr (GHashTable) one = query (summary, 100, 200, &exact);
  g_assert_true (exact);
  g_assert_cmpfloat (row (one, MAIN)->inclusive, ==, 100);
  g_assert_cmpfloat (row (one, MAIN)->exclusive, ==, 50);
}

static void
test_cut_stretch (void)
{
  g_autoptr (ChronoCallSummary) summary = build ();
  gboolean exact;
  /* half of stretch 1, which main fills: half of its 100 ticks, said to be approximate */
  g_autoptr (GHashTable) half = query (summary, 100, 150, &exact);
  g_assert_false (exact);
  g_assert_cmpfloat (row (half, MAIN)->inclusive, ==, 50);
  /* before the run and after it: nothing, and nothing approximate */
  g_autoptr (GHashTable) before = query (summary, -100, 0, &exact);
  g_assert_true (exact);
  g_assert_cmpuint (g_hash_table_size (before), ==, 0);
}

/* A call never left runs on to the last event: a range of the stretches
 * it runs through counts it, exactly over whole ones, in proportion (and
 * said to be) over a cut one; never dropped as if nothing were there. */
static void
test_never_left_runs_on (void)
{
  g_autoptr (ChronoCallSummary) summary = chrono_call_summary_new (bounds, 4);
  chrono_call_summary_enter (summary, MAIN, 10);
  chrono_call_summary_finish (summary, 350);
  chrono_call_summary_seal (summary);
  gboolean exact;
  g_autoptr (GHashTable) whole = query (summary, 100, 200, &exact);
  g_assert_true (exact);
  g_assert_cmpfloat (row (whole, MAIN)->calls, ==, 1);
  g_assert_cmpfloat (row (whole, MAIN)->inclusive, ==, 0);
  g_autoptr (GHashTable) cut = query (summary, 150, 160, &exact);
  g_assert_false (exact);
  g_assert_nonnull (row (cut, MAIN));
}

/* A call entered just at a range's end is not in it: the range is not
 * said to be exact when it ends inside a stretch with calls after it. */
static void
test_enter_at_the_range_end (void)
{
  g_autoptr (ChronoCallSummary) summary = chrono_call_summary_new (bounds, 4);
  chrono_call_summary_enter (summary, MAIN, 110);
  chrono_call_summary_leave (summary, 120);
  chrono_call_summary_enter (summary, SOLVE, 150); /* a call of no length, at the range's end */
  chrono_call_summary_leave (summary, 150);
  chrono_call_summary_seal (summary);
  gboolean exact;
  g_autoptr (GHashTable) before = query (summary, 100, 150, &exact);
  g_assert_true (!exact || row (before, SOLVE) == NULL);
}

/* 10,000 calls nested at once through all 4096 stretches: figures where
 * they begin and end, a few megabytes, not 40 million figures. */
static void
test_nesting_through_every_stretch (void)
{
  g_autofree gint64 *many = g_new (gint64, 4097);
  for (guint k = 0; k <= 4096; k++)
    many[k] = (gint64) k * 1000;
  g_autoptr (ChronoCallSummary) summary = chrono_call_summary_new (many, 4096);
  for (guint32 label = 1; label <= 10000; label++)
    chrono_call_summary_enter (summary, label, label);
  for (guint32 label = 10000; label >= 1; label--)
    chrono_call_summary_leave (summary, 4096000 - (gint64) label);
  chrono_call_summary_seal (summary);
  g_assert_cmpuint (chrono_call_summary_get_memory_size (summary), <, 4 * 1024 * 1024);
  gboolean exact;
  g_autoptr (GHashTable) middle = query (summary, 2000000, 2001000, &exact);
  g_assert_true (exact);
  g_assert_cmpuint (g_hash_table_size (middle), ==, 10000);
  g_assert_cmpfloat (row (middle, 1)->inclusive, ==, 1000);
  g_assert_cmpfloat (row (middle, 1)->calls, ==, 1);
}

/* Figures of 2^63 ticks or more are held at the largest gint64 (rounding
 * the double of 2^63 into a gint64 gave the smallest). */
static void
test_ticks_held (void)
{
  g_assert_cmpint (chrono_call_summary_ticks (0x1p63), ==, G_MAXINT64);
  g_assert_cmpint (chrono_call_summary_ticks (3.0 * 0x1p63), ==, G_MAXINT64);
  g_assert_cmpint (chrono_call_summary_ticks (-1.0), ==, 0);
  g_assert_cmpint (chrono_call_summary_ticks (41.6), ==, 42);
  g_autoptr (ChronoCallSummary) summary = chrono_call_summary_new (bounds, 4);
  chrono_call_summary_enter (summary, MAIN, G_MININT64 + 1);
  chrono_call_summary_leave (summary, G_MAXINT64);
  chrono_call_summary_seal (summary);
  gboolean exact;
  g_autoptr (GHashTable) all = query (summary, G_MININT64, G_MAXINT64, &exact);
  g_assert_cmpint (chrono_call_summary_ticks (row (all, MAIN)->inclusive), ==, G_MAXINT64);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/call-summary/whole-stretches", test_whole_stretches);
  g_test_add_func ("/call-summary/cut-stretch", test_cut_stretch);
  g_test_add_func ("/call-summary/nesting-through-every-stretch", test_nesting_through_every_stretch);
  g_test_add_func ("/call-summary/never-left-runs-on", test_never_left_runs_on);
  g_test_add_func ("/call-summary/enter-at-the-range-end", test_enter_at_the_range_end);
  g_test_add_func ("/call-summary/ticks-held", test_ticks_held);
  return g_test_run ();
}
