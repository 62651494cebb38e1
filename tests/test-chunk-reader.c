/* test-chunk-reader.c — the shared chunk reader: byte ranges of plain and
 * gzip files, and files that changed since the snapshot. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "chrono-chunk-reader.h"
#include "chrono-input.h"
#include "chrono-loader.h"

#define BLOCK_SIZE 100

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

/* Every block the input cuts the inflated stream into reads back right. */
static void
test_gzip_blocks (void)
{
  /* the stream is inflated 64 KiB at a time: a block is at least that */
  g_autofree char *text = make_text (20000);
  g_autofree char *path = temp_path ("text.gz");
  write_gzip (path, text);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoChunkReader) reader = chrono_chunk_reader_new (path, &error);
  g_assert_no_error (error);
  g_assert_true (chrono_chunk_reader_is_compressed (reader));
  chrono_chunk_reader_set_block_size (reader, BLOCK_SIZE);
  g_autoptr (ChronoInput) input = chrono_input_open (path, &error);
  g_assert_no_error (error);
  chrono_input_set_block_size (input, BLOCK_SIZE);
  const char *data;
  gsize length;
  guint64 offset, end = 0;
  guint n_blocks = 0;
  while (chrono_input_next_block (input, &data, &length, &offset, NULL, &error))
    {
      assert_range (reader, text, offset, length);
      end = offset + length;
      n_blocks++;
    }
  g_assert_no_error (error);
  g_assert_cmpuint (end, ==, strlen (text));
  g_assert_cmpuint (n_blocks, >, 10);

  /* a range that is no block of the stream is refused, not guessed */
  g_autoptr (GBytes) bytes = chrono_chunk_reader_read (reader, 3, 10, NULL, &error);
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
  g_test_add_func ("/chunk-reader/changed-file-refused", test_changed_file_refused);
  g_test_add_func ("/chunk-reader/truncated-file", test_truncated_file);
  g_test_add_func ("/chunk-reader/missing-file", test_missing_file);
  return g_test_run ();
}
