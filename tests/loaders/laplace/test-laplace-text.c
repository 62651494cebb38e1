/* test-laplace-text.c — a Laplace text reference trace read on demand
 * (lazy=always) gives the records, the dump and the figures a whole read
 * (lazy=never) gives: for any (first, n), from several threads at once,
 * with lines of every kind between the references; out of order, beside a
 * kernel trace holding references, or gzipped it is read whole; a file
 * that shrinks or changes afterwards gives an error, not records. */
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "chrono-dump.h"
#include "chrono-loader.h"

#define N_LINES 30000 /* about 19000 references: marks every 4096 */

typedef struct {
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("chrono-laplace-text-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_autoptr (GDir) dir = g_dir_open (f->dir, 0, NULL);
  for (const char *name; dir != NULL && (name = g_dir_read_name (dir)) != NULL;)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
}

/* References in time order with every other kind of line between them:
 * kernel records, unknown tags, lines too short, too long, out of range, a
 * NUL, blank lines, tabs and CRLF; the last line has no newline.  Without
 * kernel_records, no line is a kernel record or mark (of an unknown tag). */
static GString *
mixed_text (gboolean decreasing_once, gboolean kernel_records)
{
  GString *text = g_string_new ("# not a record\n");
  for (guint i = 0; i < N_LINES; i++)
    {
      guint t = 0x100 + i / 3;
      if (decreasing_once && i == N_LINES / 2)
        t = 0x10;
      guint32 space = 0x9f000 + (i % 4) * 0x11, address = 0x8048000u + (i * 52u) % 0x300000u;
      /* plain references first: the format is told by the first lines */
      switch (i < 48 ? 0 : i % 12)
        {
        case 0: g_string_append_printf (text, "r %x 4 %x %x\n", t, space, address); break;
        case 1: g_string_append_printf (text, "w\t%016x  8 %x %x  \t\r\n", t, space, address); break;
        case 2:
          if (kernel_records)
            g_string_append_printf (text, "S %x %x\n", t, 256 + i % 4);
          else
            g_string_append_printf (text, "R %x 2 %x %x\n", t, space, address);
          break;
        case 3: g_string_append_printf (text, "q %x 1 %x %x\n", t, space, address); break;
        case 4: g_string_append_printf (text, kernel_records ? "r %x 4 1\n" : "#not %x\n", t); break;
        case 5: g_string_append_printf (text, "r%x 4 1 2\n", t); break;
        case 6:
          g_string_append_printf (text, kernel_records ? "z %x " : "#%x ", t);
          for (guint k = 0; k < 300; k++)
            g_string_append_c (text, 'a');
          g_string_append_c (text, '\n');
          break;
        case 7: g_string_append (text, "r 8000000000000000 4 1 1\n"); break;
        case 8:
          g_string_append_c (text, '\0');
          g_string_append_printf (text, " %x 4 1 2\n", t);
          break;
        case 9: g_string_append (text, i % 24 == 9 ? "\n" : "   \n"); break;
        default: g_string_append_printf (text, "i %x 4 %x %x\n", t, space, address); break;
        }
    }
  g_string_append (text, "r 9999 4 1 2");
  return text;
}

static char *
write_file (Fixture *f, const char *name, const char *data, gsize length)
{
  char *path = g_build_filename (f->dir, name, NULL);
  g_assert_true (g_file_set_contents (path, data, (gssize) length, NULL));
  return path;
}

static ChronoTrace *
load (const char *path, const char *lazy)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", (gpointer) lazy);
  /* small reads: lines cross the ends of the blocks the reader reads */
  g_hash_table_insert (options, "chunk-size", (gpointer) "100");
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file_with_options (path, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static ChronoReferences *
find_references (ChronoLane *lane)
{
  guint space;
  if (chrono_lane_get_kind (lane) == CHRONO_LANE_DENSITY)
    return chrono_lane_get_references (lane, &space);
  for (guint i = 0; i < chrono_lane_get_n_children (lane); i++)
    {
      ChronoReferences *refs = find_references (chrono_lane_get_child (lane, i));
      if (refs != NULL)
        return refs;
    }
  return NULL;
}

static ChronoReferences *
references_of (ChronoTrace *trace)
{
  GListModel *lanes = chrono_trace_get_lanes (trace);
  for (guint i = 0; i < g_list_model_get_n_items (lanes); i++)
    {
      g_autoptr (ChronoLane) lane = g_list_model_get_item (lanes, i);
      ChronoReferences *refs = find_references (lane);
      if (refs != NULL)
        return refs;
    }
  g_assert_not_reached ();
}

static GArray *
read_all (ChronoReferences *refs)
{
  guint n = (guint) chrono_references_get_n (refs);
  GArray *all = g_array_sized_new (FALSE, TRUE, sizeof (ChronoReference), n);
  g_array_set_size (all, n);
  g_assert_true (chrono_references_read (refs, 0, n, (ChronoReference *) (gpointer) all->data, NULL));
  return all;
}

/* Field by field: the padding bytes of a record are not part of it. */
static gboolean
same_references (const ChronoReference *a, const ChronoReference *b, guint n)
{
  for (guint i = 0; i < n; i++)
    if (a[i].time != b[i].time || a[i].space != b[i].space || a[i].address != b[i].address || a[i].type != b[i].type
        || a[i].length != b[i].length || a[i].channel != b[i].channel)
      return FALSE;
  return TRUE;
}

typedef struct {
  ChronoReferences *refs;
  GArray *expected;
  guint32 seed;
  guint mismatches;
} RandomReads;

/* Reads of 1 to 5000 records from anywhere, the single ones as binary search makes them. */
static gpointer
random_reads (gpointer data)
{
  RandomReads *job = data;
  g_autoptr (GRand) rand = g_rand_new_with_seed (job->seed);
  guint total = job->expected->len;
  g_autofree ChronoReference *out = g_new (ChronoReference, 5000);
  for (guint k = 0; k < 400; k++)
    {
      guint first = (guint) g_rand_int_range (rand, 0, (gint32) total);
      guint n = k % 3 == 0 ? 1 : (guint) g_rand_int_range (rand, 1, (gint32) MIN (5000u, total - first) + 1);
      g_autoptr (GError) error = NULL;
      if (!chrono_references_read (job->refs, first, n, out, &error)
          || !same_references (out, &g_array_index (job->expected, ChronoReference, first), n))
        job->mismatches++;
      /* and going on from where the last read ended, as the overview does */
      if (first + n < total && chrono_references_read (job->refs, first + n, 1, out, NULL)
          && !same_references (out, &g_array_index (job->expected, ChronoReference, first + n), 1))
        job->mismatches++;
    }
  return NULL;
}

static void
assert_same_as_whole_read (const char *path, gboolean expect_lazy)
{
  g_autoptr (ChronoTrace) whole = load (path, "never");
  g_autoptr (ChronoTrace) lazy = load (path, "always");
  ChronoReferences *expected_refs = references_of (whole), *refs = references_of (lazy);
  guint64 n = chrono_references_get_n (expected_refs);
  g_assert_cmpuint (chrono_references_get_n (refs), ==, n);
  /* the same overview; the records themselves held or not */
  g_assert_cmpuint (chrono_references_get_memory_size (expected_refs) - chrono_references_get_memory_size (refs), ==,
                    expect_lazy ? n * sizeof (ChronoReference) : 0);
  g_autoptr (GArray) expected = read_all (expected_refs);
  g_autoptr (GArray) got = read_all (refs);
  for (guint i = 0; i < n; i++)
    {
      const ChronoReference *a = &g_array_index (got, ChronoReference, i);
      const ChronoReference *b = &g_array_index (expected, ChronoReference, i);
      if (!same_references (a, b, 1))
        g_error ("record %u: %c %" G_GINT64_FORMAT " %x %x, not %c %" G_GINT64_FORMAT " %x %x", i, a->type, a->time,
                 a->space, a->address, b->type, b->time, b->space, b->address);
    }

  RandomReads jobs[4];
  GThread *threads[4];
  for (guint t = 0; t < 4; t++)
    {
      jobs[t] = (RandomReads){ refs, expected, 17 + t, 0 };
      threads[t] = g_thread_new ("reads", random_reads, &jobs[t]);
    }
  for (guint t = 0; t < 4; t++)
    {
      g_thread_join (threads[t]);
      g_assert_cmpuint (jobs[t].mismatches, ==, 0);
    }
  g_autofree char *dump_whole = chrono_trace_dump (whole);
  g_autofree char *dump_lazy = chrono_trace_dump (lazy);
  g_assert_cmpstr (dump_lazy, ==, dump_whole);
}

static void
test_mixed_lines (Fixture *f, gconstpointer data)
{
  g_autoptr (GString) text = mixed_text (FALSE, TRUE);
  g_autofree char *path = write_file (f, "mixed.ref.txt", text->str, text->len);
  assert_same_as_whole_read (path, TRUE);
  g_autoptr (ChronoTrace) trace = load (path, "always");
  g_assert_cmpuint (chrono_references_get_n (references_of (trace)), >, 3 * 4096);
}

/* Named a kernel trace: only r R w W are references, the q lines are marks. */
static void
test_kernel_trace (Fixture *f, gconstpointer data)
{
  g_autoptr (GString) text = mixed_text (FALSE, TRUE);
  g_autofree char *path = write_file (f, "mixed.kern", text->str, text->len);
  assert_same_as_whole_read (path, TRUE);
}

/* Lines that end in a lone CR. */
static void
test_cr_line_ends (Fixture *f, gconstpointer data)
{
  g_autoptr (GString) text = mixed_text (FALSE, TRUE);
  for (gsize i = 0; i < text->len; i++)
    if (text->str[i] == '\n')
      text->str[i] = '\r';
  g_autofree char *path = write_file (f, "cr.ref.txt", text->str, text->len);
  assert_same_as_whole_read (path, TRUE);
}

/* Times are found by binary search: a file out of order is read whole and sorted. */
static void
test_out_of_order_is_read_whole (Fixture *f, gconstpointer data)
{
  g_autoptr (GString) text = mixed_text (TRUE, TRUE);
  g_autofree char *path = write_file (f, "unsorted.ref.txt", text->str, text->len);
  assert_same_as_whole_read (path, FALSE);
}

/* The kernel trace beside (read when the file has no kernel record) holds
 * references too: they join the file's, as in a whole read. */
static void
test_kernel_trace_beside_with_references (Fixture *f, gconstpointer data)
{
  g_autoptr (GString) text = mixed_text (FALSE, FALSE);
  g_autofree char *path = write_file (f, "run.ref.txt", text->str, text->len);
  const char *kernel = "F 100 100 0\nA 100 100 9f000\nS 100 100\nr 180 4 9f000 1000\nw 90 4 9f011 2000\ne 3000\n";
  g_autofree char *kernel_path = write_file (f, "run.kern", kernel, strlen (kernel));
  assert_same_as_whole_read (path, FALSE);
}

static void
test_gzip_is_read_whole (Fixture *f, gconstpointer data)
{
  g_autoptr (GString) text = mixed_text (FALSE, TRUE);
  g_autoptr (GBytes) plain = g_bytes_new (text->str, text->len);
  g_autoptr (GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1);
  g_autoptr (GMemoryOutputStream) sink = G_MEMORY_OUTPUT_STREAM (g_memory_output_stream_new_resizable ());
  g_autoptr (GOutputStream) gz = g_converter_output_stream_new (G_OUTPUT_STREAM (sink), G_CONVERTER (compressor));
  g_assert_true (g_output_stream_write_all (gz, text->str, text->len, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (gz, NULL, NULL));
  g_autofree char *path = write_file (f, "packed.ref.txt.gz", g_memory_output_stream_get_data (sink),
                                      g_memory_output_stream_get_data_size (sink));
  assert_same_as_whole_read (path, FALSE);
}

/* A file cut or rewritten after it was read: the reads say so. */
static void
test_changed_file_gives_errors (Fixture *f, gconstpointer data)
{
  g_autoptr (GString) text = mixed_text (FALSE, TRUE);
  g_autofree char *path = write_file (f, "changing.ref.txt", text->str, text->len);
  g_autoptr (ChronoTrace) trace = load (path, "always");
  ChronoReferences *refs = references_of (trace);
  guint64 n = chrono_references_get_n (refs);
  ChronoReference out[8];
  g_autoptr (GError) error = NULL;
  /* in place: the reader's descriptor sees it */
  g_assert_cmpint (truncate (path, (off_t) (text->len / 2)), ==, 0);
  g_assert_false (chrono_references_read (refs, n - 8, 8, out, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT);
  g_clear_error (&error);

  /* the same size, but no reference where the index says one starts */
  memset (text->str, '#', text->len);
  for (gsize i = 99; i < text->len; i += 100)
    text->str[i] = '\n';
  FILE *file = fopen (path, "r+b");
  g_assert_nonnull (file);
  g_assert_cmpuint (fwrite (text->str, 1, text->len, file), ==, text->len);
  g_assert_cmpint (fclose (file), ==, 0);
  g_assert_false (chrono_references_read (refs, 4096, 1, out, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
}

/* A line whose fields are set apart by runs of blanks is described by
 * its fields, the empty strings between the blanks skipped (the
 * description freed them twice). */
static void
test_fault_of_blank_runs (Fixture *f, gconstpointer data)
{
  static const char text[] = "r 0 4 1 10\nr 1  4 \t1   zz\nr 2 4 1 10\n";
  g_autofree char *path = write_file (f, "blanks.ref.txt", text, strlen (text));
  for (guint lazy = 0; lazy < 2; lazy++)
    {
      g_autoptr (ChronoTrace) trace = load (path, lazy ? "always" : "never");
      ChronoWarnings *warnings = chrono_trace_get_warnings (trace);
      g_assert_cmpuint (chrono_warnings_get_n_kept (warnings), ==, 1);
      const ChronoWarning *warning = chrono_warnings_get_kept (warnings, 0);
      g_assert_cmpuint (warning->line, ==, 2);
      g_assert_nonnull (strstr (warning->message, "the address “zz” is not a hex number"));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/laplace-text/mixed-lines", Fixture, NULL, fixture_set_up, test_mixed_lines, fixture_tear_down);
  g_test_add ("/laplace-text/kernel-trace", Fixture, NULL, fixture_set_up, test_kernel_trace, fixture_tear_down);
  g_test_add ("/laplace-text/cr-line-ends", Fixture, NULL, fixture_set_up, test_cr_line_ends, fixture_tear_down);
  g_test_add ("/laplace-text/out-of-order", Fixture, NULL, fixture_set_up, test_out_of_order_is_read_whole,
              fixture_tear_down);
  g_test_add ("/laplace-text/kernel-beside-with-references", Fixture, NULL, fixture_set_up,
              test_kernel_trace_beside_with_references, fixture_tear_down);
  g_test_add ("/laplace-text/gzip", Fixture, NULL, fixture_set_up, test_gzip_is_read_whole, fixture_tear_down);
  g_test_add ("/laplace-text/changed-file", Fixture, NULL, fixture_set_up, test_changed_file_gives_errors,
              fixture_tear_down);
  g_test_add ("/laplace-text/fault-of-blank-runs", Fixture, NULL, fixture_set_up, test_fault_of_blank_runs,
              fixture_tear_down);
  return g_test_run ();
}
