/* chrono-chunk-reader.c — byte ranges of an indexed file, refused once the
 * file has changed.
 *
 * Plain files are read with pread into a copy, not mapped: a copy cannot
 * change under the parser, and a file cut short while it is read is an
 * error, not a SIGBUS.  A gzip range is inflated from the access point the
 * index pass saved before it, so its cost does not grow with its offset. */
#include <glib/gi18n-lib.h>

#include "chrono-chunk-reader.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chrono-input.h"
#include "chrono-loader.h"

struct _ChronoChunkReader {
  char *path;
  guint64 size;
  gint64 mtime; /* nanoseconds */
  gboolean compressed;
  gboolean cr_only; /* a plain file whose lines end in a lone CR: read as LF, as its index pass read it */
  ChronoGzipIndex *gzip_index; /* access points of a gzip file, from its index pass */
  GMutex lock; /* guards inflated: chunks are read on worker threads */
  guint64 inflated;
};

static void
set_errno_error (GError **error, const char *path, int saved)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", path, g_strerror (saved));
}

static gboolean
stat_file (const char *path, guint64 *size, gint64 *mtime, GError **error)
{
  GStatBuf st;
  if (g_stat (path, &st) != 0)
    {
      set_errno_error (error, path, errno);
      return FALSE;
    }
  *size = st.st_size;
  *mtime = (gint64) st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_mtim.tv_nsec;
  return TRUE;
}

static gboolean
starts_with_gzip_magic (const char *path, GError **error)
{
  int fd = chrono_input_open_descriptor (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      set_errno_error (error, path, errno);
      return FALSE;
    }
  guint8 magic[2] = { 0 };
  ssize_t got = pread (fd, magic, sizeof magic, 0);
  chrono_input_close_descriptor (fd);
  return got == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
}

ChronoChunkReader *
chrono_chunk_reader_new (const char *path, GError **error)
{
  g_autoptr (ChronoChunkReader) self = g_new0 (ChronoChunkReader, 1);
  g_mutex_init (&self->lock);
  self->path = g_strdup (path);
  if (!stat_file (path, &self->size, &self->mtime, error))
    return NULL;
  GError *local_error = NULL;
  self->compressed = starts_with_gzip_magic (path, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  self->cr_only = !self->compressed && chrono_text_file_has_cr_line_ends (path);
  return g_steal_pointer (&self);
}

void
chrono_chunk_reader_free (ChronoChunkReader *self)
{
  g_free (self->path);
  chrono_gzip_index_free (self->gzip_index);
  g_mutex_clear (&self->lock);
  g_free (self);
}

void
chrono_chunk_reader_set_gzip_index (ChronoChunkReader *self, ChronoGzipIndex *index)
{
  chrono_gzip_index_free (self->gzip_index);
  self->gzip_index = index;
}

guint64
chrono_chunk_reader_get_inflated (ChronoChunkReader *self)
{
  g_mutex_lock (&self->lock);
  guint64 inflated = self->inflated;
  g_mutex_unlock (&self->lock);
  return inflated;
}

const char *
chrono_chunk_reader_get_path (ChronoChunkReader *self)
{
  return self->path;
}

gboolean
chrono_chunk_reader_is_compressed (ChronoChunkReader *self)
{
  return self->compressed;
}

/* FALSE with error set when the file is not the one of the snapshot;
 * changed_message says what that means to the caller. */
static gboolean
check_same_file (ChronoChunkReader *self, const char *changed_message, GError **error)
{
  guint64 size;
  gint64 mtime;
  if (!stat_file (self->path, &size, &mtime, error))
    return FALSE;
  if (size == self->size && mtime == self->mtime)
    return TRUE;
  g_set_error_literal (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, changed_message);
  return FALSE;
}

gboolean
chrono_chunk_reader_check_read_whole (ChronoChunkReader *self, GError **error)
{
  return check_same_file (self, _ ("%s: the file changed on disk while it was read; open it again when it is complete"),
                          error);
}

/* A chunk is read only from the file the index was made of. */
static gboolean
check_unchanged (ChronoChunkReader *self, GError **error)
{
  g_autofree char *changed = g_strdup_printf (
      _ ("%s: the file changed on disk after it was opened; reload it to see the new content"), self->path);
  return check_same_file (self, changed, error);
}

static GBytes *
read_plain (ChronoChunkReader *self, guint64 offset, guint64 length, GError **error)
{
  int fd = chrono_input_open_descriptor (self->path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      set_errno_error (error, self->path, errno);
      return NULL;
    }
  char *buffer = g_malloc (length + 1);
  guint64 got = 0;
  while (got < length)
    {
      ssize_t n = pread (fd, buffer + got, length - got, offset + got);
      if (n <= 0)
        break;
      got += n;
    }
  chrono_input_close_descriptor (fd);
  if (got < length)
    {
      g_free (buffer);
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO,
                   _ ("%s: the file is shorter than when it was opened"), self->path);
      return NULL;
    }
  if (self->cr_only)
    chrono_text_cr_to_lf ((guint8 *) buffer, length);
  return g_bytes_new_take (buffer, length);
}

/* Inflates from the access point before offset (from the file's start
 * when the index pass kept none) and counts what that cost. */
static GBytes *
read_compressed (ChronoChunkReader *self, guint64 offset, guint64 length, GCancellable *cancellable, GError **error)
{
  guint64 inflated = 0;
  GBytes *bytes = chrono_gzip_index_read (self->gzip_index, self->path, offset, length, &inflated, cancellable, error);
  g_mutex_lock (&self->lock);
  self->inflated += inflated;
  g_mutex_unlock (&self->lock);
  return bytes;
}

GBytes *
chrono_chunk_reader_read (ChronoChunkReader *self, guint64 offset, guint64 length, GCancellable *cancellable,
                          GError **error)
{
  if (!check_unchanged (self, error))
    return NULL;
  g_autoptr (GBytes) bytes = self->compressed ? read_compressed (self, offset, length, cancellable, error)
                                              : read_plain (self, offset, length, error);
  /* checked again: the file may have been replaced while it was read */
  if (bytes == NULL || !check_unchanged (self, error))
    return NULL;
  return g_steal_pointer (&bytes);
}
