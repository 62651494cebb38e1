/* chrono-input.c — a trace file handed out in blocks of about BLOCK_SIZE
 * bytes that end after a newline.  A plain file is read with pread, never
 * mapped (a file cut short under the reader is an error, not SIGBUS); a
 * gzip file is inflated block by block, member after member, so its size
 * never has to fit in memory.  zlib is used directly, not GIO's converter:
 * stopping at deflate block ends (Z_BLOCK) is what lets a whole read save
 * access points, and only raw inflate can start at one later.  The file is
 * only ever opened for reading. */
#include <inttypes.h>
#include <glib/gi18n-lib.h>

#include "chrono-input.h"

#include "chrono-loader.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define BLOCK_SIZE (4u << 20)
#define READ_SIZE 65536
/* a text trace's line is far shorter; past this it is not one */
#define MAX_LINE ((gsize) 64 << 20)
#define MAX_BLOCK_SIZE ((gsize) 1 << 30)
/* deflate looks back at most this far: the window an access point keeps */
#define WINDOW_SIZE 32768u
#define GZIP_WINDOW_BITS (15 + 16)
#define RAW_WINDOW_BITS (-15)

/* A place where inflating can start without the bytes before it: the start
 * of a deflate block (which may begin inside a byte) and the text that
 * block may refer back to.  zlib's examples/zran.c shows the technique. */
typedef struct {
  guint64 in; /* offset in the file of the first whole byte of the block */
  guint64 out; /* offset in the text */
  guint8 bits; /* bits of the byte before `in` that belong to the block */
  guint window_size; /* short at the start of a member: nothing before it counts */
  guint packed_size;
  guint8 *window; /* deflated (zlib, fastest level): text packs several times, and a GiB holds hundreds */
} AccessPoint;

struct _ChronoGzipIndex {
  GArray *points; /* AccessPoint, by out */
};

struct _ChronoInput {
  char *path;
  guint64 file_size; /* as opened: a file that grows later is read to here */
  gsize block_size;
  int fd;
  guint64 position; /* bytes of the file read so far */
  /* gzip */
  z_stream *inflater; /* NULL: a plain file */
  gboolean raw; /* started at an access point: the member's trailer is not inflate's to read */
  guint64 inflated; /* offset in the text the inflater stands at */
  ChronoGzipIndex *index; /* access points saved while reading, or NULL */
  guint8 *packed; /* compressed bytes read, from packed_pos on not yet inflated */
  gsize packed_pos, packed_len;
  gboolean packed_eof;
  gboolean member_done; /* a gzip member ended: another may follow */
  guint64 trailing; /* bytes after the last gzip member that are not another one */
  /* blocks */
  GByteArray *buffer; /* the block handed out last, then the carried-over tail */
  gsize carry; /* bytes at the end of buffer that belong to the next block */
  guint64 out_offset; /* offset in the (inflated) text of the next block */
  gboolean eof;
  gboolean truncated; /* the gzip stream ended before its end marker */
  int cr_only; /* lines end in a lone CR (classic Mac OS): -1 not known yet, else 0 or 1 */
};

static gboolean
is_gzip_magic (const guint8 *head, gsize length)
{
  return length >= 2 && head[0] == 0x1f && head[1] == 0x8b;
}

/* Only regular files are read: opening a FIFO waits for a writer, and a
 * device may never end. */
gboolean
chrono_check_regular_file (const char *path, GError **error)
{
  GStatBuf st;
  if (g_stat (path, &st) == 0)
    {
      if (S_ISREG (st.st_mode))
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, "%s: %s", path,
                   S_ISFIFO (st.st_mode)  ? _ ("a FIFO, not a regular file")
                   : S_ISDIR (st.st_mode) ? _ ("a folder, not a regular file")
                                          : _ ("not a regular file"));
      return FALSE;
    }
  int code = errno;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (code), "%s: %s", path,
               code == ELOOP    ? _ ("a loop of symbolic links")
               : code == ENOENT ? _ ("no such file")
                                : g_strerror (code));
  return FALSE;
}

static GMutex descriptor_changes;

void
chrono_input_hold_descriptors (void)
{
  g_mutex_lock (&descriptor_changes);
}

void
chrono_input_release_descriptors (void)
{
  g_mutex_unlock (&descriptor_changes);
}

/* errno as the open left it, for the caller's message */
int
chrono_input_open_descriptor (const char *path, int flags)
{
  chrono_input_hold_descriptors ();
  int fd = g_open (path, flags, 0);
  int code = errno;
  chrono_input_release_descriptors ();
  errno = code;
  return fd;
}

void
chrono_input_close_descriptor (int fd)
{
  chrono_input_hold_descriptors ();
  close (fd);
  chrono_input_release_descriptors ();
}

/* Its stream opened and closed with the descriptors held: it lives only
 * for the read. */
static gssize
read_head_holding_descriptors (const char *path, guint8 *buffer, gsize size, GError **error)
{
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

gssize
chrono_read_head (const char *path, guint8 *buffer, gsize size, GError **error)
{
  if (!chrono_check_regular_file (path, error))
    return -1;
  chrono_input_hold_descriptors ();
  gssize got = read_head_holding_descriptors (path, buffer, size, error);
  chrono_input_release_descriptors ();
  return got;
}

ChronoInput *
chrono_input_open (const char *path, GError **error)
{
  g_autoptr (ChronoInput) input = g_new0 (ChronoInput, 1);
  input->fd = -1;
  input->cr_only = -1;
  input->block_size = BLOCK_SIZE;
  input->path = g_strdup (path);

  GStatBuf st;
  if (!chrono_check_regular_file (path, error) || g_stat (path, &st) != 0)
    return NULL;
  input->file_size = st.st_size;

  input->fd = chrono_input_open_descriptor (path, O_RDONLY | O_CLOEXEC);
  if (input->fd < 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED, _ ("%s: cannot be opened for reading"), path);
      return NULL;
    }
  guint8 head[2] = { 0, 0 };
  if (pread (input->fd, head, 2, 0) == 2 && is_gzip_magic (head, 2))
    {
      input->inflater = g_new0 (z_stream, 1);
      if (inflateInit2 (input->inflater, GZIP_WINDOW_BITS) != Z_OK)
        {
          g_clear_pointer (&input->inflater, g_free);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("%s: cannot start inflating it"), path);
          return NULL;
        }
      input->packed = g_malloc (READ_SIZE);
    }
  /* a small plain file needs no block-sized buffer, nor does a .gz, whose
   * text may be small and which is often opened only to read one chunk
   * (the buffer grows when it must) */
  gsize expected = input->inflater != NULL             ? READ_SIZE
                   : (guint64) st.st_size < BLOCK_SIZE ? (gsize) st.st_size + 1
                                                       : BLOCK_SIZE;
  input->buffer = g_byte_array_sized_new (expected + READ_SIZE);
  input->cr_only = chrono_text_file_has_cr_line_ends (path);
  return g_steal_pointer (&input);
}

/* Smaller blocks make more chunks: tests use it to cut small files.  At
 * most MAX_BLOCK_SIZE, so that a block, with the longest line it may run
 * on to, stays below 4 GiB and formats can keep places in it in 32 bits. */
void
chrono_input_set_block_size (ChronoInput *input, gsize size)
{
  input->block_size = CLAMP (size, 1, MAX_BLOCK_SIZE);
}

void
chrono_input_free (ChronoInput *input)
{
  if (input == NULL)
    return;
  g_free (input->path);
  if (input->fd >= 0)
    chrono_input_close_descriptor (input->fd);
  if (input->inflater != NULL)
    inflateEnd (input->inflater);
  g_free (input->inflater);
  g_clear_pointer (&input->index, chrono_gzip_index_free);
  g_free (input->packed);
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
  return input->inflater != NULL;
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
  return input->position;
}

/* Up to size bytes of the plain file from where reading stands. */
static gssize
read_plain (ChronoInput *input, guint8 *dest, gsize size, GError **error)
{
  gsize want = (gsize) MIN ((guint64) size, input->file_size - input->position);
  if (want == 0)
    return 0;
  for (;;)
    {
      ssize_t got = pread (input->fd, dest, want, (off_t) input->position);
      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        {
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", input->path, g_strerror (errno));
          return -1;
        }
      if (got == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                       _ ("%s: the file got shorter while it was read (%" PRIu64 " of %" PRIu64
                          " bytes); open it again when it is complete"),
                       input->path, input->position, input->file_size);
          return -1;
        }
      input->position += (guint64) got;
      return got;
    }
}

/* More compressed bytes behind what is left; FALSE on a read error. */
static gboolean
refill_packed (ChronoInput *input, GError **error)
{
  gsize left = input->packed_len - input->packed_pos;
  memmove (input->packed, input->packed + input->packed_pos, left);
  input->packed_pos = 0;
  input->packed_len = left;
  gssize got = read_plain (input, input->packed + left, READ_SIZE - left, error);
  if (got < 0)
    return FALSE;
  input->packed_len += (gsize) got;
  input->packed_eof = input->position >= input->file_size;
  return TRUE;
}

/* After a gzip member: another member goes on (RFC 1952 allows any
 * number); anything else ends the text, counted as trailing bytes. */
static gboolean
next_member (ChronoInput *input, gboolean *more, GError **error)
{
  if (input->raw)
    {
      /* raw inflate stops before the member's CRC and length */
      if (input->packed_len - input->packed_pos < 8 && !input->packed_eof && !refill_packed (input, error))
        return FALSE;
      input->packed_pos += MIN (8, input->packed_len - input->packed_pos);
      input->raw = FALSE;
    }
  if (input->packed_len - input->packed_pos < 2 && !input->packed_eof && !refill_packed (input, error))
    return FALSE;
  gsize left = input->packed_len - input->packed_pos;
  *more = is_gzip_magic (input->packed + input->packed_pos, left);
  if (*more)
    {
      inflateReset2 (input->inflater, GZIP_WINDOW_BITS);
      input->member_done = FALSE;
    }
  else
    input->trailing = left + (input->file_size - input->position);
  return TRUE;
}

/* At the end of a deflate block (not the last of its member) after span
 * bytes of text since the last point: another access point, so a chunk is
 * never more than about a block size of text behind one. */
static void
save_access_point (ChronoInput *input)
{
  z_stream *zs = input->inflater;
  GArray *points = input->index->points;
  if ((zs->data_type & 0xc0) != 0x80)
    return;
  gsize span = MAX (input->block_size, WINDOW_SIZE);
  if (points->len > 0 && input->inflated - g_array_index (points, AccessPoint, points->len - 1).out < span)
    return;
  AccessPoint point = {
    .in = input->position - (input->packed_len - input->packed_pos),
    .out = input->inflated,
    .bits = (guint8) (zs->data_type & 7),
  };
  guint8 window[WINDOW_SIZE];
  uInt size = 0;
  inflateGetDictionary (zs, window, &size);
  uLongf packed_size = compressBound (size);
  point.window = g_malloc (packed_size);
  if (compress2 (point.window, &packed_size, window, size, Z_BEST_SPEED) != Z_OK)
    {
      g_free (point.window); /* out of memory in zlib: chunks after here inflate from the last point */
      return;
    }
  point.window_size = size;
  point.packed_size = (guint) packed_size;
  point.window = g_realloc (point.window, packed_size);
  g_array_append_val (points, point);
}

/* Up to size bytes of inflated text; 0 at its end. */
static gssize
read_inflated (ChronoInput *input, guint8 *dest, gsize size, GCancellable *cancellable, GError **error)
{
  z_stream *zs = input->inflater;
  for (;;)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return -1;
      if (input->member_done)
        {
          gboolean more = FALSE;
          if (!next_member (input, &more, error))
            return -1;
          if (!more)
            return 0;
        }
      if (input->packed_pos == input->packed_len && !input->packed_eof && !refill_packed (input, error))
        return -1;
      zs->next_in = input->packed + input->packed_pos;
      zs->avail_in = (uInt) (input->packed_len - input->packed_pos);
      zs->next_out = dest;
      zs->avail_out = (uInt) MIN (size, G_MAXUINT32);
      uInt room = zs->avail_out;
      /* Z_BLOCK stops at the end of each deflate block, where a point may be saved */
      int status = inflate (zs, input->index != NULL ? Z_BLOCK : Z_NO_FLUSH);
      gsize written = room - zs->avail_out;
      input->packed_pos = input->packed_len - zs->avail_in;
      input->inflated += written;
      if (status == Z_OK && input->index != NULL)
        save_access_point (input);
      else if (status == Z_STREAM_END)
        input->member_done = TRUE;
      else if (status == Z_BUF_ERROR)
        {
          /* no progress: it wants input; at the end of the file there is none */
          if (!input->packed_eof)
            {
              if (!refill_packed (input, error))
                return -1;
              continue;
            }
          input->truncated = TRUE; /* the compressed data stops early: what was inflated stands */
          input->packed_pos = input->packed_len;
          return 0;
        }
      else if (status != Z_OK)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _ ("%s: invalid compressed data (%s)"), input->path,
                       zs->msg != NULL ? zs->msg : "zlib");
          return -1;
        }
      if (written > 0)
        return (gssize) written;
    }
}

static gssize
read_more (ChronoInput *input, guint8 *dest, gsize size, GCancellable *cancellable, GError **error)
{
  if (input->inflater != NULL)
    return read_inflated (input, dest, size, cancellable, error);
  return read_plain (input, dest, size, error);
}

/* Appends up to size bytes to the buffer; FALSE on an error. */
static gboolean
append_more (ChronoInput *input, gsize size, GCancellable *cancellable, GError **error)
{
  GByteArray *buffer = input->buffer;
  guint old = buffer->len;
  size = CLAMP (size, 1, READ_SIZE);
  g_byte_array_set_size (buffer, old + size);
  gssize got = read_more (input, buffer->data + old, size, cancellable, error);
  g_byte_array_set_size (buffer, old + MAX (got, 0));
  if (got > 0 && input->cr_only)
    chrono_text_cr_to_lf (buffer->data + old, (gsize) got);
  if (got == 0)
    input->eof = TRUE;
  return got >= 0;
}

/* The next block of whole lines (the last may lack its newline at end of file). */
gboolean
chrono_input_next_block (ChronoInput *input, const char **out_data, gsize *out_length, guint64 *out_offset,
                         GCancellable *cancellable, GError **error)
{
  /* drop what was handed out last time, keep the carried tail */
  GByteArray *buffer = input->buffer;
  if (input->carry < buffer->len)
    g_byte_array_remove_range (buffer, 0, buffer->len - input->carry);
  input->carry = 0;
  /* a block ends at the first newline from block_size bytes on: a line
   * longer than a block makes the block longer, lines are never cut */
  while (!input->eof && buffer->len <= input->block_size)
    if (!append_more (input, input->block_size + 1 - buffer->len, cancellable, error))
      return FALSE;
  gsize from = MIN (input->block_size, buffer->len);
  const guint8 *newline = memchr (buffer->data + from, '\n', buffer->len - from);
  /* the line being ended begins after the block's last newline before from
   * (the block may be longer than a line may be) */
  const guint8 *before = newline == NULL ? memrchr (buffer->data, '\n', from) : NULL;
  gsize line_start = before != NULL ? (gsize) (before - buffer->data) + 1 : 0;
  while (newline == NULL && !input->eof)
    {
      if (buffer->len - line_start > MAX_LINE)
        {
          guint64 start = input->out_offset + line_start;
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _ ("%s: the line from byte %" PRIu64 " of the text is longer than %zu"
                          " MiB; this is not a text trace"),
                       input->path, start, MAX_LINE >> 20);
          return FALSE;
        }
      gsize scanned = buffer->len;
      if (!append_more (input, input->block_size, cancellable, error))
        return FALSE;
      newline = memchr (buffer->data + scanned, '\n', buffer->len - scanned);
    }
  if (buffer->len == 0)
    return FALSE;
  gsize length = newline == NULL ? buffer->len : (gsize) (newline - buffer->data) + 1;
  input->carry = buffer->len - length;
  *out_data = (const char *) buffer->data;
  *out_length = length;
  *out_offset = input->out_offset;
  input->out_offset += length;
  return TRUE;
}

/* Text whose lines end in a lone CR: no LF in its first bytes, and a CR. */
gboolean
chrono_text_has_cr_line_ends (const guint8 *head, gsize length)
{
  return memchr (head, '\n', length) == NULL && memchr (head, '\r', length) != NULL;
}

/* Decided by the first 64 KiB of text (inflated for a .gz), the same for
 * every reader of the file. */
gboolean
chrono_text_file_has_cr_line_ends (const char *path)
{
  guint8 head[65536];
  gssize got = chrono_read_head (path, head, sizeof head, NULL);
  return got > 0 && chrono_text_has_cr_line_ends (head, (gsize) got);
}

/* Reads such text as lines that end in LF, the one line end parsers know. */
void
chrono_text_cr_to_lf (guint8 *text, gsize length)
{
  for (guint8 *p = text; (p = memchr (p, '\r', length - (gsize) (p - text))) != NULL; p++)
    *p = '\n';
}

guint64
chrono_input_estimate_text_size (const char *path)
{
  g_autoptr (ChronoInput) input = chrono_input_open (path, NULL);
  if (input == NULL)
    return 0;
  if (input->inflater == NULL)
    return input->file_size;
  /* inflate the first MiB of the file; the rest is taken to pack as well */
  g_autofree guint8 *sink = g_malloc (READ_SIZE);
  guint64 inflated = 0;
  while (input->position - (input->packed_len - input->packed_pos) < (1u << 20))
    {
      gssize got = read_inflated (input, sink, READ_SIZE, NULL, NULL);
      if (got <= 0)
        return inflated; /* all of it */
      inflated += (guint64) got;
    }
  guint64 consumed = MAX (input->position - (input->packed_len - input->packed_pos), 1);
  return (guint64) ((double) inflated / (double) consumed * (double) input->file_size);
}

/* Warnings about the file as a whole: bytes after the compressed text. */
void
chrono_input_add_warnings (ChronoInput *input, ChronoWarnings *warnings)
{
  if (input->trailing > 0)
    chrono_warnings_add (warnings, 0, "data after the compressed text",
                         _ ("%" PRIu64 " bytes after the end of the gzip data are not gzip data; ignored"),
                         input->trailing);
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

/* ---- random access into a gzip file ------------------------------------- */

/* From here on, reading saves access points (about one per block) into an
 * index that chrono_input_steal_gzip_index hands over; a plain file has none. */
void
chrono_input_keep_gzip_index (ChronoInput *input)
{
  if (input->inflater == NULL || input->index != NULL)
    return;
  input->index = g_new0 (ChronoGzipIndex, 1);
  input->index->points = g_array_new (FALSE, FALSE, sizeof (AccessPoint));
}

ChronoGzipIndex *
chrono_input_steal_gzip_index (ChronoInput *input)
{
  return g_steal_pointer (&input->index);
}

void
chrono_gzip_index_free (ChronoGzipIndex *index)
{
  if (index == NULL)
    return;
  for (guint k = 0; k < index->points->len; k++)
    g_free (g_array_index (index->points, AccessPoint, k).window);
  g_array_unref (index->points);
  g_free (index);
}

guint
chrono_gzip_index_get_n_points (const ChronoGzipIndex *index)
{
  return index->points->len;
}

/* The last point at or before offset in the text, or NULL. */
static const AccessPoint *
find_point (const ChronoGzipIndex *index, guint64 offset)
{
  if (index == NULL || index->points->len == 0)
    return NULL;
  const AccessPoint *points = (const AccessPoint *) index->points->data;
  guint lo = 0, hi = index->points->len; /* points[lo].out <= offset < points[hi].out */
  if (points[0].out > offset)
    return NULL;
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;
      if (points[mid].out <= offset)
        lo = mid;
      else
        hi = mid;
    }
  return &points[lo];
}

/* Puts a fresh input at point: raw inflate from its byte, primed with the
 * bits of the byte before that belong to the block, and its window. */
static gboolean
start_at_point (ChronoInput *input, const AccessPoint *point, GError **error)
{
  input->position = point->in - (point->bits > 0 ? 1 : 0);
  input->packed_pos = input->packed_len = 0;
  if (!refill_packed (input, error))
    return FALSE;
  if (point->bits > 0 && input->packed_len == 0)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO,
                   _ ("%s: the file is shorter than when it was opened"), input->path);
      return FALSE;
    }
  guint8 window[WINDOW_SIZE];
  uLongf size = sizeof window;
  if (uncompress (window, &size, point->window, point->packed_size) != Z_OK || size != point->window_size)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("%s: cannot start inflating it"), input->path);
      return FALSE;
    }
  z_stream *zs = input->inflater;
  inflateReset2 (zs, RAW_WINDOW_BITS);
  if (point->bits > 0)
    inflatePrime (zs, point->bits, input->packed[input->packed_pos++] >> (8 - point->bits));
  if (size > 0)
    inflateSetDictionary (zs, window, (uInt) size);
  input->raw = TRUE;
  input->inflated = point->out;
  return TRUE;
}

/* Reads until the inflater stands at offset in the text; FALSE on an error
 * or when the text ends first. */
static gboolean
skip_to (ChronoInput *input, guint64 offset, GCancellable *cancellable, GError **error)
{
  g_autofree guint8 *sink = g_malloc (READ_SIZE);
  while (input->inflated < offset)
    {
      gssize got = read_inflated (input, sink, (gsize) MIN (offset - input->inflated, READ_SIZE), cancellable, error);
      if (got <= 0)
        return got == 0;
    }
  return TRUE;
}

GBytes *
chrono_gzip_index_read (const ChronoGzipIndex *index, const char *path, guint64 offset, guint64 length,
                        guint64 *out_inflated, GCancellable *cancellable, GError **error)
{
  g_autoptr (ChronoInput) input = chrono_input_open (path, error);
  if (input == NULL)
    return NULL;
  const AccessPoint *point = input->inflater != NULL ? find_point (index, offset) : NULL;
  if (input->inflater == NULL || (point != NULL && !start_at_point (input, point, error)))
    {
      if (input->inflater == NULL)
        g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO,
                     _ ("%s: the file changed on disk after it was opened"), path);
      return NULL;
    }
  guint64 start = input->inflated;
  if (!skip_to (input, offset, cancellable, error))
    return NULL;
  guint8 *text = g_malloc (length + 1);
  guint64 have = 0;
  gssize got = 1;
  while (have < length && got > 0)
    {
      got = read_inflated (input, text + have, (gsize) MIN (length - have, BLOCK_SIZE), cancellable, error);
      have += (guint64) MAX (got, 0);
    }
  if (out_inflated != NULL)
    *out_inflated = input->inflated - start;
  if (got < 0 || have < length)
    {
      g_free (text);
      if (got == 0)
        g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO,
                     _ ("%s: the file changed on disk after it was opened"), path);
      return NULL;
    }
  if (input->cr_only)
    chrono_text_cr_to_lf (text, length);
  return g_bytes_new_take (text, length);
}
