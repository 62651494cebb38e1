/* test-references.c — memory references: the overview pass on several
 * threads, times found by binary search, the address axis, and density
 * counted exactly or spread from the overview adding up to the same. */
#include <math.h>

#include "chrono-clock.h"
#include "chrono-references.h"

#define N_BIG 600000 /* more than one thread's share */

static ChronoReference
reference (gint64 time, guint32 space, guint32 address, guint8 channel)
{
  return (ChronoReference){
    .time = time, .space = space, .address = address, .type = "rwio"[channel], .length = 4, .channel = channel
  };
}

/* Three spaces, addresses in three stretches (code, heap, stack), every channel. */
static ChronoReferences *
make_big (void)
{
  GArray *records = g_array_new (FALSE, FALSE, sizeof (ChronoReference));
  static const guint32 bases[] = { 0x08048000u, 0x0a000000u, 0xbff00000u };
  for (guint i = 0; i < N_BIG; i++)
    {
      ChronoReference r = reference (1000 + 3 * (gint64) i, 0x100 + i % 3, bases[i % 3] + (i * 64) % 0x80000, i % 4);
      g_array_append_val (records, r);
    }
  ChronoReferences *refs = chrono_references_new_in_memory (records);
  g_assert_true (chrono_references_build_summary (refs, NULL, NULL, NULL, NULL));
  return refs;
}

static void
test_overview_counts (void)
{
  g_autoptr (ChronoReferences) refs = make_big ();
  gint64 begin, end;
  g_assert_true (chrono_references_get_range (refs, &begin, &end));
  g_assert_cmpint (begin, ==, 1000);
  g_assert_cmpint (end, ==, 1000 + 3 * (gint64) (N_BIG - 1));
  g_assert_cmpuint (chrono_references_get_n_spaces (refs), ==, 3);
  guint64 total = 0;
  for (guint s = 0; s < 3; s++)
    {
      g_assert_cmpuint (chrono_references_get_space_id (refs, s), ==, 0x100 + s);
      for (guint c = 0; c < CHRONO_REF_N_CHANNELS; c++)
        total += chrono_references_get_space_count (refs, s, c);
    }
  g_assert_cmpuint (total, ==, N_BIG);
  g_assert_cmpuint (chrono_references_count_type (refs, 'r'), ==, N_BIG / 4);
  g_assert_cmpuint (chrono_references_get_n_out_of_order (refs), ==, 0);
  /* space 0x100 touches 2 blocks of code from 0x08048000 on (0x80000 bytes) */
  guint space;
  g_assert_true (chrono_references_find_space (refs, 0x100, &space));
  g_assert_cmpuint (chrono_references_get_n_blocks (refs, space), ==, 3);
  g_assert_cmpuint (chrono_references_get_block_address (refs, space, 0), ==, 0x08040000u);
  g_assert_cmpfloat (chrono_references_axis_position (refs, space, 0x08040000u), ==, 0.0);
  g_assert_cmpfloat (chrono_references_axis_position (refs, space, 0x08060000u), ==, 0.5);
  g_assert_cmpfloat (chrono_references_axis_position (refs, space, 0x40000000u), ==, -1.0);
}

static void
test_find_range (void)
{
  g_autoptr (ChronoReferences) refs = make_big ();
  guint64 first, last;
  g_assert_true (chrono_references_find_range (refs, 1000, 1003, &first, &last, NULL));
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (last, ==, 1);
  g_assert_true (chrono_references_find_range (refs, 1001, 1000 + 3 * 500 + 1, &first, &last, NULL));
  g_assert_cmpuint (first, ==, 1);
  g_assert_cmpuint (last, ==, 501);
  g_assert_true (chrono_references_find_range (refs, G_MININT64, G_MAXINT64, &first, &last, NULL));
  g_assert_cmpuint (last - first, ==, N_BIG);
}

static double
sum (const float *density, gsize n)
{
  double total = 0.0;
  for (gsize i = 0; i < n; i++)
    total += density[i];
  return total;
}

/* Counted exactly when few are in range; spread from the overview when not:
 * both put every reference of the space somewhere in the picture. */
static void
test_density_exact_and_overview_agree (void)
{
  g_autoptr (ChronoReferences) refs = make_big ();
  guint space;
  g_assert_true (chrono_references_find_space (refs, 0x101, &space));
  guint columns = 200, rows = 30;
  double blocks = chrono_references_get_n_blocks (refs, space);
  gsize n = (gsize) columns * rows * CHRONO_REF_N_CHANNELS;
  g_autofree float *density = g_new (float, n);
  gboolean exact;
  gint64 begin, end;
  chrono_references_get_range (refs, &begin, &end);
  g_assert_true (
      chrono_references_density (refs, space, begin, end + 1, columns, 0, blocks, rows, density, &exact, NULL));
  g_assert_true (exact); /* 600k records: within the exact budget */
  g_assert_cmpfloat (fabs (sum (density, n) - N_BIG / 3), <, 0.5);

  /* a part of the axis: only what lies in it */
  g_assert_true (
      chrono_references_density (refs, space, begin, end + 1, columns, 0, blocks / 2, rows, density, &exact, NULL));
  double lower = sum (density, n);
  g_assert_cmpfloat (lower, >, 0.0);
  g_assert_cmpfloat (lower, <, N_BIG / 3);
}

static void
test_density_from_overview (void)
{
  /* more records than the exact budget: the overview answers, adding up alike */
  guint n_records = CHRONO_REF_EXACT_BUDGET + 5000;
  GArray *records = g_array_sized_new (FALSE, FALSE, sizeof (ChronoReference), n_records);
  for (guint i = 0; i < n_records; i++)
    {
      ChronoReference r = reference (i, 7, 0x1000u + (i % 1000) * 4, i % 3);
      g_array_append_val (records, r);
    }
  g_autoptr (ChronoReferences) refs = chrono_references_new_in_memory (records);
  g_assert_true (chrono_references_build_summary (refs, NULL, NULL, NULL, NULL));
  guint columns = 100, rows = 10;
  gsize n = (gsize) columns * rows * CHRONO_REF_N_CHANNELS;
  g_autofree float *density = g_new (float, n);
  gboolean exact = TRUE;
  g_assert_true (chrono_references_density (refs, 0, 0, n_records, columns, 0, 1, rows, density, &exact, NULL));
  g_assert_false (exact);
  g_assert_cmpfloat (fabs (sum (density, n) - n_records) / n_records, <, 1e-4);
  /* channels kept apart: a third each */
  double loads = 0;
  for (gsize i = 0; i < n; i += CHRONO_REF_N_CHANNELS)
    loads += density[i + CHRONO_REF_LOAD];
  g_assert_cmpfloat (fabs (loads - n_records / 3.0) / n_records, <, 1e-3);
}

/* Records spread over many address spaces, a few each: the overview's
 * memory stays a small multiple of the records (a table per block made it
 * 16 KiB per space), the spaces come in id order, and each space's density
 * from the overview adds up to its count. */
static void
test_many_spaces (void)
{
  guint n_records = CHRONO_REF_EXACT_BUDGET + 4096, n_spaces = 200000;
  GArray *records = g_array_sized_new (FALSE, FALSE, sizeof (ChronoReference), n_records);
  for (guint i = 0; i < n_records; i++)
    {
      /* ids out of order, so no space is met in id order */
      ChronoReference r = reference (i, (i * 7919u) % n_spaces + 1, 0x1000u + (i % 16) * 0x100000u, i % 3);
      g_array_append_val (records, r);
    }
  g_autoptr (ChronoReferences) refs = chrono_references_new_in_memory (records);
  g_assert_true (chrono_references_build_summary (refs, NULL, NULL, NULL, NULL));
  g_assert_cmpuint (chrono_references_get_n_spaces (refs), ==, n_spaces);
  for (guint s = 0; s < n_spaces; s++)
    g_assert_cmpuint (chrono_references_get_space_id (refs, s), ==, s + 1);
  g_assert_cmpuint (chrono_references_get_memory_size (refs), <, (gsize) n_records * 200);

  guint space, columns = 50, rows = 4;
  g_assert_true (chrono_references_find_space (refs, 1234, &space));
  guint64 count = 0;
  for (guint c = 0; c < CHRONO_REF_N_CHANNELS; c++)
    count += chrono_references_get_space_count (refs, space, c);
  g_assert_cmpuint (count, >, 1);
  gsize n = (gsize) columns * rows * CHRONO_REF_N_CHANNELS;
  g_autofree float *density = g_new (float, n);
  gboolean exact = TRUE;
  guint blocks = chrono_references_get_n_blocks (refs, space);
  g_assert_true (
      chrono_references_density (refs, space, 0, n_records, columns, 0, blocks, rows, density, &exact, NULL));
  g_assert_false (exact);
  g_assert_cmpfloat (fabs (sum (density, n) - (double) count), <, 1e-3);
}

static void
test_in_memory_sorts (void)
{
  GArray *records = g_array_new (FALSE, FALSE, sizeof (ChronoReference));
  gint64 times[] = { 30, 10, 20, 10 };
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      ChronoReference r = reference (times[i], 1, 0x1000 * (i + 1), 0);
      g_array_append_val (records, r);
    }
  g_autoptr (ChronoReferences) refs = chrono_references_new_in_memory (records);
  g_assert_true (chrono_references_build_summary (refs, NULL, NULL, NULL, NULL));
  ChronoReference out[4];
  g_assert_true (chrono_references_read (refs, 0, 4, out, NULL));
  g_assert_cmpint (out[0].time, ==, 10);
  g_assert_cmpuint (out[0].address, ==, 0x2000); /* equal times keep their order */
  g_assert_cmpuint (out[1].address, ==, 0x4000);
  g_assert_cmpint (out[3].time, ==, 30);
}

static void
test_frequency_and_cycles (void)
{
  gint64 hz;
  g_assert_true (chrono_parse_frequency ("2.4GHz", &hz, NULL));
  g_assert_cmpint (hz, ==, 2400000000);
  g_assert_true (chrono_parse_frequency ("800 MHz", &hz, NULL));
  g_assert_cmpint (hz, ==, 800000000);
  g_assert_true (chrono_parse_frequency ("33.333333kHz", &hz, NULL) == FALSE); /* not whole hertz */
  g_assert_true (chrono_parse_frequency ("1000000", &hz, NULL));
  g_assert_cmpint (hz, ==, 1000000);
  g_assert_false (chrono_parse_frequency ("0Hz", &hz, NULL));
  g_assert_false (chrono_parse_frequency ("9999999999THz", &hz, NULL));
  g_assert_false (chrono_parse_frequency ("fast", &hz, NULL));
  ChronoClock clock;
  chrono_clock_init_cycles (&clock);
  g_autofree char *small = chrono_clock_format_ticks (&clock, 830, 4);
  g_autofree char *big = chrono_clock_format_ticks (&clock, 1500000, 4);
  g_assert_cmpstr (small, ==, "830 cycles");
  g_assert_cmpstr (big, ==, "1.5 Mcycles");
  double ticks;
  g_assert_true (chrono_clock_parse_duration (&clock, "20Mcycles", &ticks, NULL));
  g_assert_cmpfloat (ticks, ==, 2e7);
  g_assert_true (chrono_clock_parse_duration (&clock, "1.5k", &ticks, NULL));
  g_assert_cmpfloat (ticks, ==, 1500);
  g_assert_false (chrono_clock_parse_duration (&clock, "3ms", &ticks, NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/references/overview-counts", test_overview_counts);
  g_test_add_func ("/references/find-range", test_find_range);
  g_test_add_func ("/references/density-exact", test_density_exact_and_overview_agree);
  g_test_add_func ("/references/density-overview", test_density_from_overview);
  g_test_add_func ("/references/in-memory-sorts", test_in_memory_sorts);
  g_test_add_func ("/references/many-spaces", test_many_spaces);
  g_test_add_func ("/references/frequency-and-cycles", test_frequency_and_cycles);
  return g_test_run ();
}
