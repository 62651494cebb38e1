/* chrono-input.c — a plain file is mapped and handed out in blocks of about
 * BLOCK_SIZE bytes cut after a newline; a gzip file is inflated block by
 * block so its size never has to fit in memory.  The file is only ever
 * opened for reading. */
#include <glib/gi18n-lib.h>

#include "chrono-input.h"

#include "chrono-loader.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#define BLOCK_SIZE (4u << 20)

struct _ChronoInput {
  char *path;
  guint64 file_size;
  gsize block_size;
  /* plain */
  GMappedFile *mapped;
  guint64 position;
  /* gzip */
  GInputStream *stream;
  GFileInputStream *file_stream;
  GByteArray *buffer; /* the block handed out last, then the carried-over tail */
  gsize carry; /* bytes at the start of buffer that belong to the next block */
  guint64 out_offset; /* decompressed offset of the next block */
  gboolean eof;
  gboolean truncated; /* the gzip stream ended before its end marker */
};

static gboolean
is_gzip_magic (const guint8 *head, gsize length)
{
  return length >= 2 && head[0] == 0x1f && head[1] == 0x8b;
}

/* Only regular files are read: opening a FIFO waits for a writer, and a
 * device may never end. */
static gboolean
check_regular (const char *path, GError **error)
{
  GStatBuf st;
  if (g_stat (path, &st) == 0 && S_ISREG (st.st_mode))
    return TRUE;
  gboolean exists = g_file_test (path, G_FILE_TEST_EXISTS);
  g_set_error (error, G_IO_ERROR, exists ? G_IO_ERROR_NOT_REGULAR_FILE : G_IO_ERROR_NOT_FOUND, "%s: %s", path,
               exists ? _ ("not a regular file") : _ ("no such file"));
  return FALSE;
}

gboolean
chrono_read_side_file (const char *path, gsize max_size, char **out_contents, gsize *out_length, GError **error)
{
  /* O_NONBLOCK: a FIFO put there after the check still does not block the open */
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", path, g_strerror (errno));
      return FALSE;
    }
  struct stat st;
  gboolean ok = fstat (fd, &st) == 0 && S_ISREG (st.st_mode);
  if (!ok)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, "%s: %s", path, _ ("not a regular file"));
  else if ((guint64) st.st_size > max_size)
    {
      ok = FALSE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _ ("%s: %" G_GUINT64_FORMAT " bytes, more than the %" G_GSIZE_FORMAT " such a file may have"), path,
                   (guint64) st.st_size, max_size);
    }
  char *contents = ok ? g_malloc ((gsize) st.st_size + 1) : NULL;
  gsize length = 0;
  while (ok && length < (gsize) st.st_size)
    {
      ssize_t n = read (fd, contents + length, (gsize) st.st_size - length);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break; /* shorter than it was: keep what is there */
      length += (gsize) n;
    }
  close (fd);
  if (!ok)
    return FALSE;
  contents[length] = '\0';
  *out_contents = contents;
  if (out_length != NULL)
    *out_length = length;
  return TRUE;
}

gssize
chrono_read_head (const char *path, guint8 *buffer, gsize size, GError **error)
{
  if (!check_regular (path, error))
    return -1;
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInputStream) stream = g_file_read (file, NULL, error);
  if (stream == NULL)
    return -1;
  gsize got = 0;
  if (!g_input_stream_read_all (G_INPUT_STREAM (stream), buffer, size, &got, NULL, error))
    return -1;
  if (!is_gzip_magic (buffer, got))
    return got;

  /* Sniffing looks at content, so hand out the inflated head of a .gz. */
  g_seekable_seek (G_SEEKABLE (stream), 0, G_SEEK_SET, NULL, NULL);
  g_autoptr (GZlibDecompressor) decompressor = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GInputStream) inflated =
      g_converter_input_stream_new (G_INPUT_STREAM (stream), G_CONVERTER (decompressor));
  got = 0;
  GError *local_error = NULL;
  if (!g_input_stream_read_all (inflated, buffer, size, &got, NULL, &local_error))
    {
      /* a cut-off .gz still has a readable head; the loader reports the cut */
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
        {
          g_error_free (local_error);
          return got;
        }
      g_propagate_prefixed_error (error, local_error, "%s: ", path);
      return -1;
    }
  return got;
}

static gboolean
open_compressed (ChronoInput *input, GError **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (input->path);
  input->file_stream = g_file_read (file, NULL, error);
  if (input->file_stream == NULL)
    return FALSE;
  g_autoptr (GZlibDecompressor) decompressor = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  input->stream = g_converter_input_stream_new (G_INPUT_STREAM (input->file_stream), G_CONVERTER (decompressor));
  input->buffer = g_byte_array_sized_new (BLOCK_SIZE + 65536);
  return TRUE;
}

ChronoInput *
chrono_input_open (const char *path, GError **error)
{
  g_autoptr (ChronoInput) input = g_new0 (ChronoInput, 1);
  input->block_size = BLOCK_SIZE;
  input->path = g_strdup (path);

  GStatBuf st;
  if (!check_regular (path, error) || g_stat (path, &st) != 0)
    return NULL;
  input->file_size = st.st_size;

  guint8 head[2] = { 0, 0 };
  FILE *probe = g_fopen (path, "rb");
  if (probe == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED, _ ("%s: cannot be opened for reading"), path);
      return NULL;
    }
  gsize got = fread (head, 1, 2, probe);
  fclose (probe);

  if (is_gzip_magic (head, got))
    return open_compressed (input, error) ? g_steal_pointer (&input) : NULL;

  if (input->file_size > 0)
    {
      input->mapped = g_mapped_file_new (path, FALSE, error);
      if (input->mapped == NULL)
        return NULL;
    }
  return g_steal_pointer (&input);
}

/* Smaller blocks make more chunks: tests use it to cut small files. */
void
chrono_input_set_block_size (ChronoInput *input, gsize size)
{
  input->block_size = MAX (size, 1);
}

void
chrono_input_free (ChronoInput *input)
{
  if (input == NULL)
    return;
  g_free (input->path);
  g_clear_pointer (&input->mapped, g_mapped_file_unref);
  g_clear_object (&input->stream);
  g_clear_object (&input->file_stream);
  g_clear_pointer (&input->buffer, g_byte_array_unref);
  g_free (input);
}

/* TRUE once reading found a compressed file cut off in the middle. */
gboolean
chrono_input_is_truncated (ChronoInput *input)
{
  return input->truncated;
}

gboolean
chrono_input_is_compressed (ChronoInput *input)
{
  return input->stream != NULL;
}

guint64
chrono_input_get_file_size (ChronoInput *input)
{
  return input->file_size;
}

/* How far into the compressed file reading has got: for progress. */
guint64
chrono_input_get_compressed_offset (ChronoInput *input)
{
  if (input->file_stream == NULL)
    return input->position;
  return g_seekable_tell (G_SEEKABLE (input->file_stream));
}

static gboolean
next_mapped_block (ChronoInput *input, const char **out_data, gsize *out_length, guint64 *out_offset)
{
  if (input->mapped == NULL || input->position >= input->file_size)
    return FALSE;
  const char *base = g_mapped_file_get_contents (input->mapped);
  guint64 start = input->position;
  guint64 end = MIN (start + input->block_size, input->file_size);
  if (end < input->file_size)
    {
      const char *newline = memchr (base + end, '\n', input->file_size - end);
      end = newline ? (guint64) (newline - base) + 1 : input->file_size;
    }
  *out_data = base + start;
  *out_length = end - start;
  *out_offset = start;
  input->position = end;
  return TRUE;
}

static gboolean
next_compressed_block (ChronoInput *input, const char **out_data, gsize *out_length, guint64 *out_offset,
                       GCancellable *cancellable, GError **error)
{
  /* Drop what was handed out last time, keep the carried tail. */
  GByteArray *buffer = input->buffer;
  if (input->carry < buffer->len)
    g_byte_array_remove_range (buffer, 0, buffer->len - input->carry);
  input->carry = 0;
  if (input->eof && buffer->len == 0)
    return FALSE;

  while (!input->eof && buffer->len < input->block_size)
    {
      guint old = buffer->len;
      g_byte_array_set_size (buffer, old + 65536);
      GError *local_error = NULL;
      gssize got = g_input_stream_read (input->stream, buffer->data + old, 65536, cancellable, &local_error);
      if (got < 0 && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
        {
          /* the compressed data stops early: hand out what was inflated */
          g_error_free (local_error);
          input->truncated = TRUE;
          got = 0;
        }
      else if (got < 0)
        {
          g_propagate_prefixed_error (error, local_error, "%s: ", input->path);
          return FALSE;
        }
      g_byte_array_set_size (buffer, old + got);
      if (got == 0)
        input->eof = TRUE;
    }
  if (buffer->len == 0)
    return FALSE;

  gsize length = buffer->len;
  if (!input->eof)
    {
      const guint8 *newline = NULL;
      for (gsize i = buffer->len; i > 0; i--)
        if (buffer->data[i - 1] == '\n')
          {
            newline = buffer->data + i - 1;
            break;
          }
      if (newline != NULL)
        length = (newline - buffer->data) + 1;
    }
  input->carry = buffer->len - length;
  *out_data = (const char *) buffer->data;
  *out_length = length;
  *out_offset = input->out_offset;
  input->out_offset += length;
  return TRUE;
}

/* The next block of whole lines (the last may lack its newline at end of file). */
gboolean
chrono_input_next_block (ChronoInput *input, const char **out_data, gsize *out_length, guint64 *out_offset,
                         GCancellable *cancellable, GError **error)
{
  if (input->stream != NULL)
    return next_compressed_block (input, out_data, out_length, out_offset, cancellable, error);
  return next_mapped_block (input, out_data, out_length, out_offset);
}

/* chrono_input_open with the error in CHRONO_LOAD_ERROR, as loaders report it. */
ChronoInput *
chrono_input_open_for_loader (const char *path, GError **error)
{
  GError *local_error = NULL;
  ChronoInput *input = chrono_input_open (path, &local_error);
  if (input == NULL)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, "%s", local_error->message);
      g_error_free (local_error);
    }
  return input;
}
