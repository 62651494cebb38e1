/* test-chunk-reader.c — the shared chunk reader: byte ranges of plain and
 * gzip files (inflated from the access points of a whole read, in files of
 * several members, small deflate blocks, flushes, cut short), and files
 * that changed since the snapshot. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "chrono-chunk-reader.h"
#include "chrono-input.h"
#include "chrono-loader.h"

static char *
make_text (int n_lines)
{
  GString *text = g_string_new (NULL);
  for (int i = 0; i < n_lines; i++)
    g_string_append_printf (text, "%d line number %d of the test text\n", i * 10, i);
  return g_string_free (text, FALSE);
}

static char *
temp_path (const char *name)
{
  g_autofree char *dir = g_dir_make_tmp ("chrono-chunk-reader-XXXXXX", NULL);
  g_assert_nonnull (dir);
  return g_build_filename (dir, name, NULL);
}

static void
remove_temp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
write_gzip (const char *path, const char *text)
{
  g_autoptr (GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1);
  g_autoptr (GInputStream) plain = g_memory_input_stream_new_from_data (text, strlen (text), NULL);
  g_autoptr (GInputStream) gzip = g_converter_input_stream_new (plain, G_CONVERTER (compressor));
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFileOutputStream) out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error);
  g_assert_no_error (error);
  g_output_stream_splice (G_OUTPUT_STREAM (out), gzip, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, &error);
  g_assert_no_error (error);
}

static void
assert_range (ChronoChunkReader *reader, const char *text, guint64 offset, guint64 length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = chrono_chunk_reader_read (reader, offset, length, NULL, &error);
  g_assert_no_error (error);
  gsize got;
  const char *data = g_bytes_get_data (bytes, &got);
  g_assert_cmpuint (got, ==, length);
  g_assert_true (memcmp (data, text + offset, length) == 0);
}

static void
test_plain_ranges (void)
{
  g_autofree char *text = make_text (200);
  g_autofree char *path = temp_path ("plain.txt");
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoChunkReader) reader = chrono_chunk_reader_new (path, &error);
  g_assert_no_error (error);
  g_assert_false (chrono_chunk_reader_is_compressed (reader));
  assert_range (reader, text, 0, strlen (text));
  assert_range (reader, text, 37, 250);
  assert_range (reader, text, strlen (text) - 5, 5);
  g_assert_true (chrono_chunk_reader_check_read_whole (reader, &error));
  g_assert_no_error (error);
  remove_temp (path);
}

/* Text that packs like a trace: repeated words, numbers that differ. */
static char *
make_varied_text (int n_lines)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (16);
  GString *text = g_string_new (NULL);
  for (int i = 0; i < n_lines; i++)
    g_string_append_printf (text, "%d,Core_%u,0,T,Task_%u,0,%s,%u\n", i * 17 + g_rand_int_range (rand, 0, 9),
                            g_rand_int_range (rand, 0, 4), g_rand_int_range (rand, 0, 12),
                            g_rand_boolean (rand) ? "resume" : "preempt", g_rand_int (rand));
  return g_string_free (text, FALSE);
}

/* How the text is packed: the deflate blocks and gzip members a reader
 * must start inside of and cross. */
typedef enum {
  PACK_GIO, /* as GIO's compressor writes it */
  PACK_SMALL_BLOCKS, /* memLevel 1: a deflate block per 128 symbols */
  PACK_FLUSHES, /* sync and full flushes here and there: empty stored blocks, byte-aligned starts */
  PACK_MEMBERS, /* four gzip members, one of them stored (level 0) */
} Packing;

static void
deflate_into (GByteArray *out, const char *text, gsize length, int level, int mem_level, gsize flush_every)
{
  z_stream zs = { 0 };
  g_assert_cmpint (deflateInit2 (&zs, level, Z_DEFLATED, 15 + 16, mem_level, Z_DEFAULT_STRATEGY), ==, Z_OK);
  guint8 buffer[65536];
  gsize done = 0;
  int status = Z_OK;
  for (guint n = 0; status != Z_STREAM_END; n++)
    {
      gsize piece = MIN (flush_every, length - done);
      zs.next_in = (Bytef *) text + done;
      zs.avail_in = (uInt) piece;
      done += piece;
      int flush = done == length ? Z_FINISH : n % 2 ? Z_SYNC_FLUSH : Z_FULL_FLUSH;
      do
        {
          zs.next_out = buffer;
          zs.avail_out = sizeof buffer;
          status = deflate (&zs, flush);
          g_assert_cmpint (status, >=, Z_OK);
          g_byte_array_append (out, buffer, sizeof buffer - zs.avail_out);
        }
      while (zs.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END));
    }
  deflateEnd (&zs);
}

static void
write_packed (const char *path, const char *text, Packing packing)
{
  gsize length = strlen (text);
  if (packing == PACK_GIO)
    {
      write_gzip (path, text);
      return;
    }
  g_autoptr (GByteArray) out = g_byte_array_new ();
  if (packing == PACK_SMALL_BLOCKS)
    deflate_into (out, text, length, 6, 1, length);
  else if (packing == PACK_FLUSHES)
    deflate_into (out, text, length, 6, 8, 40000);
  else
    for (int m = 0; m < 4; m++)
      {
        gsize from = length * m / 4, to = length * (m + 1) / 4;
        deflate_into (out, text + from, to - from, m == 2 ? 0 : 6, 8, to - from);
      }
  g_assert_true (g_file_set_contents (path, (const char *) out->data, out->len, NULL));
}

/* Every block the input cuts the inflated stream into reads back right,
 * inflated from the access point the index pass saved before it; the last
 * block costs about a block and a deflate block of inflating, not the file. */
static void
check_gzip_blocks (const char *text, Packing packing, gsize block_size, gboolean cut)
{
  g_autofree char *path = temp_path ("text.gz");
  write_packed (path, text, packing);
  if (cut)
    {
      /* a download cut short: the text inflated before the cut reads back */
      GStatBuf st;
      g_assert_cmpint (g_stat (path, &st), ==, 0);
      g_assert_cmpint (truncate (path, st.st_size * 7 / 10), ==, 0);
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoChunkReader) reader = chrono_chunk_reader_new (path, &error);
  g_assert_no_error (error);
  g_assert_true (chrono_chunk_reader_is_compressed (reader));
  g_autoptr (ChronoInput) input = chrono_input_open (path, &error);
  g_assert_no_error (error);
  chrono_input_set_block_size (input, block_size);
  chrono_input_keep_gzip_index (input);
  g_autoptr (GArray) blocks = g_array_new (FALSE, FALSE, sizeof (guint64));
  const char *data;
  gsize length;
  guint64 offset, end = 0;
  while (chrono_input_next_block (input, &data, &length, &offset, NULL, &error))
    {
      g_assert_true (memcmp (data, text + offset, length) == 0);
      g_array_append_val (blocks, offset);
      end = offset + length;
    }
  g_assert_no_error (error);
  g_assert_true (chrono_input_is_truncated (input) == cut);
  if (cut)
    g_assert_cmpuint (end, <, strlen (text));
  else
    g_assert_cmpuint (end, ==, strlen (text));
  g_array_append_val (blocks, end);
  guint n_blocks = blocks->len - 1;
  g_assert_cmpuint (n_blocks, >=, 8);
  ChronoGzipIndex *index = chrono_input_steal_gzip_index (input);
  g_assert_nonnull (index);
  /* a point per block at most; fewer where a deflate block holds more text than a block */
  guint n_points = chrono_gzip_index_get_n_points (index);
  g_assert_cmpuint (n_points, >=, 8);
  g_assert_cmpuint (n_points, <=, n_blocks + 1);
  chrono_chunk_reader_set_gzip_index (reader, index);

  for (guint k = 0; k < n_blocks; k++)
    {
      guint64 from = g_array_index (blocks, guint64, k), to = g_array_index (blocks, guint64, k + 1);
      guint64 before = chrono_chunk_reader_get_inflated (reader);
      assert_range (reader, text, from, to - from);
      guint64 cost = chrono_chunk_reader_get_inflated (reader) - before;
      g_assert_cmpuint (cost, >=, to - from);
      if (k == n_blocks - 1)
        g_assert_cmpuint (cost, <, end / 8);
    }
  /* any range reads right, not only the blocks: across every member boundary, from the start */
  assert_range (reader, text, end / 4 - 1000, end / 2 + 2000);
  assert_range (reader, text, 3, 10);
  remove_temp (path);
}

static void
test_gzip_blocks (void)
{
  g_autofree char *text = make_varied_text (40000);
  g_assert_cmpuint (strlen (text), >, 1u << 20);
  const Packing packings[] = { PACK_GIO, PACK_SMALL_BLOCKS, PACK_FLUSHES, PACK_MEMBERS };
  for (guint p = 0; p < G_N_ELEMENTS (packings); p++)
    {
      g_test_message ("packing %u", p);
      check_gzip_blocks (text, packings[p], 20000, FALSE);
      check_gzip_blocks (text, packings[p], 200000, FALSE);
      check_gzip_blocks (text, packings[p], 20000, TRUE);
    }
}

/* Without access points (an index pass that kept none) a range is still
 * read, inflated from the file's start. */
static void
test_gzip_without_index (void)
{
  g_autofree char *text = make_text (20000);
  g_autofree char *path = temp_path ("text.gz");
  write_gzip (path, text);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoChunkReader) reader = chrono_chunk_reader_new (path, &error);
  g_assert_no_error (error);
  gsize length = strlen (text);
  assert_range (reader, text, length - 500, 500);
  g_assert_cmpuint (chrono_chunk_reader_get_inflated (reader), ==, length);
  /* past the end of the text: the file is not the one indexed */
  g_autoptr (GBytes) bytes = chrono_chunk_reader_read (reader, length - 10, 20, NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO);
  remove_temp (path);
}

static void
test_changed_file_refused (void)
{
  g_autofree char *text = make_text (200);
  g_autofree char *path = temp_path ("changed.txt");
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoChunkReader) reader = chrono_chunk_reader_new (path, &error);
  g_assert_no_error (error);
  g_autofree char *longer = g_strconcat (text, "9999 one more line\n", NULL);
  g_assert_true (g_file_set_contents (path, longer, -1, NULL));

  g_autoptr (GBytes) bytes = chrono_chunk_reader_read (reader, 0, 10, NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "changed on disk after it was opened"));
  g_clear_error (&error);
  g_assert_false (chrono_chunk_reader_check_read_whole (reader, &error));
  g_assert_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "changed on disk while it was read"));
  remove_temp (path);
}

/* A range past the end of the file (cut short behind the snapshot's back)
 * is an error, not a crash: the bytes are read, never mapped. */
static void
test_truncated_file (void)
{
  g_autofree char *text = make_text (200);
  g_autofree char *path = temp_path ("cut.txt");
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoChunkReader) reader = chrono_chunk_reader_new (path, &error);
  g_assert_no_error (error);
  gsize size = strlen (text);
  g_autoptr (GBytes) past_end = chrono_chunk_reader_read (reader, size - 20, 100, NULL, &error);
  g_assert_null (past_end);
  g_assert_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "shorter than when it was opened"));
  g_clear_error (&error);

  g_assert_cmpint (truncate (path, size / 2), ==, 0);
  g_autoptr (GBytes) cut = chrono_chunk_reader_read (reader, size - 100, 100, NULL, &error);
  g_assert_null (cut);
  g_assert_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO);
  remove_temp (path);
}

static void
test_missing_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoChunkReader) reader = chrono_chunk_reader_new ("/nonexistent/chrono-chunk-reader", &error);
  g_assert_null (reader);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chunk-reader/plain-ranges", test_plain_ranges);
  g_test_add_func ("/chunk-reader/gzip-blocks", test_gzip_blocks);
  g_test_add_func ("/chunk-reader/gzip-without-index", test_gzip_without_index);
  g_test_add_func ("/chunk-reader/changed-file-refused", test_changed_file_refused);
  g_test_add_func ("/chunk-reader/truncated-file", test_truncated_file);
  g_test_add_func ("/chunk-reader/missing-file", test_missing_file);
  return g_test_run ();
}
