/* chrono-laplace-text-source.c — text reference records by index, read from
 * the file on demand. */
#include "chrono-laplace-text-source.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chrono-input.h"
#include "chrono-laplace-kernel.h"

#define DEFAULT_BLOCK_SIZE (128u << 10)
/* Where the last reads ended: a reader going on from there (the overview's
 * threads, each reading its share batch after batch) starts without parsing
 * again the lines from the mark before. */
#define N_CURSORS 8

/* ---- which lines are references */

/* In a kernel trace, the tags its table gives to references. */
static gboolean
is_kernel_reference_tag (char tag)
{
  return tag == 'r' || tag == 'R' || tag == 'w' || tag == 'W';
}

gboolean
chrono_laplace_text_is_reference_tag (char tag, gboolean kernel_role)
{
  return chrono_laplace_tag_find (tag) == NULL && (!kernel_role || is_kernel_reference_tag (tag));
}

gboolean
chrono_laplace_text_reference (const char *line, gsize length, gboolean kernel_role, ChronoLaplaceRecord *out)
{
  while (length > 0 && (line[length - 1] == '\r' || line[length - 1] == ' ' || line[length - 1] == '\t'))
    length--;
  /* a NUL tag is a line the loader warns about, never a record */
  if (length < 2 || line[0] == '\0' || (line[1] != ' ' && line[1] != '\t'))
    return FALSE;
  char tag = line[0];
  if (!chrono_laplace_text_is_reference_tag (tag, kernel_role))
    return FALSE;
  if (!chrono_laplace_parse_reference_fields (line + 1, length - 1, out) || out->timestamp > (guint64) G_MAXINT64)
    return FALSE;
  out->type = (guint8) tag;
  return TRUE;
}

/* ---- the pass's notes */

void
chrono_laplace_text_index_init (ChronoLaplaceTextIndex *index, guint stride)
{
  memset (index, 0, sizeof *index);
  index->stride = MAX (stride, 1);
  index->marks = g_array_new (FALSE, FALSE, sizeof (guint64));
  index->in_order = TRUE;
}

void
chrono_laplace_text_index_clear (ChronoLaplaceTextIndex *index)
{
  g_clear_pointer (&index->marks, g_array_unref);
}

void
chrono_laplace_text_index_add (ChronoLaplaceTextIndex *index, guint64 offset, guint64 timestamp)
{
  if (index->n_records % index->stride == 0)
    g_array_append_val (index->marks, offset);
  if (timestamp < index->last_timestamp)
    index->in_order = FALSE;
  index->last_timestamp = timestamp;
  index->n_records++;
}

/* ---- the file */

typedef struct {
  guint64 record; /* the next reference at or after offset */
  guint64 offset;
  guint64 used; /* when it was last set: the oldest is replaced */
} Cursor;

typedef struct {
  int fd;
  char *path;
  gboolean kernel_role, cr_only;
  gsize block_size;
  guint stride;
  GArray *marks;
  guint64 n_records;
  GMutex lock; /* of the cursors and clock, nothing else changes after opening */
  Cursor cursors[N_CURSORS];
  guint64 clock;
} TextSource;

static void
text_source_free (gpointer data)
{
  TextSource *source = data;
  close (source->fd);
  g_free (source->path);
  g_array_unref (source->marks);
  g_mutex_clear (&source->lock);
  g_free (source);
}

/* Where reading record first starts: the mark at or before it, or a cursor
 * closer to it.  at_mark: the line at *offset must be a reference. */
static void
find_start (TextSource *source, guint64 first, guint64 *record, guint64 *offset, gboolean *at_mark)
{
  guint64 mark = first / source->stride;
  *record = mark * source->stride;
  *offset = g_array_index (source->marks, guint64, mark);
  *at_mark = TRUE;
  g_mutex_lock (&source->lock);
  for (guint c = 0; c < N_CURSORS; c++)
    {
      const Cursor *cursor = &source->cursors[c];
      if (cursor->used > 0 && cursor->record <= first && cursor->record > *record)
        {
          *record = cursor->record;
          *offset = cursor->offset;
          *at_mark = FALSE;
        }
    }
  g_mutex_unlock (&source->lock);
}

/* Notes where a read ended, in place of the cursor it went on from (the
 * same reader goes on from there next) or else of the oldest. */
static void
remember (TextSource *source, guint64 from_record, guint64 record, guint64 offset)
{
  g_mutex_lock (&source->lock);
  Cursor *slot = &source->cursors[0];
  for (guint c = 0; c < N_CURSORS; c++)
    {
      Cursor *cursor = &source->cursors[c];
      if (cursor->used > 0 && cursor->record == from_record)
        {
          slot = cursor;
          break;
        }
      if (cursor->used < slot->used)
        slot = cursor;
    }
  *slot = (Cursor){ record, offset, ++source->clock };
  g_mutex_unlock (&source->lock);
}

/* The bytes of the file from offset on, read a block at a time. */
typedef struct {
  TextSource *source;
  char *data;
  gsize capacity, length, pos; /* data[pos, length) not yet parsed */
  guint64 offset; /* of data[0] in the file */
  gboolean eof;
} Scan;

/* Reads more after what is held, keeping the unparsed rest; a line longer
 * than the buffer makes it grow. */
static gboolean
scan_fill (Scan *scan, GError **error)
{
  if (scan->pos > 0)
    {
      memmove (scan->data, scan->data + scan->pos, scan->length - scan->pos);
      scan->offset += scan->pos;
      scan->length -= scan->pos;
      scan->pos = 0;
    }
  if (scan->length == scan->capacity)
    {
      scan->capacity *= 2;
      scan->data = g_realloc (scan->data, scan->capacity);
    }
  ssize_t got;
  do
    got = pread (scan->source->fd, scan->data + scan->length, scan->capacity - scan->length,
                 (off_t) (scan->offset + scan->length));
  while (got < 0 && errno == EINTR);
  if (got < 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", scan->source->path, g_strerror (saved));
      return FALSE;
    }
  if (scan->source->cr_only)
    chrono_text_cr_to_lf ((guint8 *) scan->data + scan->length, (gsize) got);
  scan->length += (gsize) got;
  scan->eof = got == 0;
  return TRUE;
}

/* The next line (without its LF); FALSE at the end of the file or on an error. */
static gboolean
scan_line (Scan *scan, const char **line, gsize *length, GError **error)
{
  for (;;)
    {
      const char *start = scan->data + scan->pos;
      const char *newline = memchr (start, '\n', scan->length - scan->pos);
      if (newline != NULL)
        {
          *line = start;
          *length = (gsize) (newline - start);
          scan->pos += *length + 1;
          return TRUE;
        }
      if (scan->eof)
        {
          /* the last line may lack its newline */
          *line = start;
          *length = scan->length - scan->pos;
          scan->pos = scan->length;
          return *length > 0;
        }
      if (!scan_fill (scan, error))
        return FALSE;
    }
}

static gboolean
text_source_read (gpointer data, guint64 first, guint n, ChronoReference *out, GError **error)
{
  TextSource *source = data;
  g_return_val_if_fail (first < source->n_records && n <= source->n_records - first, FALSE);
  guint64 record, start;
  gboolean at_mark;
  find_start (source, first, &record, &start, &at_mark);
  guint64 from_record = record;
  Scan scan = { source, g_malloc (source->block_size), source->block_size, 0, 0, start, FALSE };
  GError *local = NULL;
  gboolean ok = TRUE;
  while (ok && record < first + n)
    {
      const char *line;
      gsize length;
      ChronoLaplaceRecord r;
      if (!scan_line (&scan, &line, &length, &local))
        {
          /* a file that shrank or changed: an error, never a wrong picture */
          if (local == NULL)
            g_set_error (&local, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                         "%s: reference %" G_GUINT64_FORMAT ": the file is shorter than when it was read", source->path,
                         record + 1);
          ok = FALSE;
          break;
        }
      gboolean reference = chrono_laplace_text_reference (line, length, source->kernel_role, &r);
      if (at_mark && !reference)
        {
          g_set_error (&local, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "%s: reference %" G_GUINT64_FORMAT ": the file changed since it was read", source->path,
                       record + 1);
          ok = FALSE;
          break;
        }
      at_mark = FALSE;
      if (!reference)
        continue;
      if (record >= first)
        out[record - first] = chrono_laplace_reference_of (&r);
      record++;
    }
  if (ok)
    remember (source, from_record, record, scan.offset + scan.pos);
  else
    g_propagate_error (error, local);
  g_free (scan.data);
  return ok;
}

static const ChronoReferenceSourceFuncs text_source_funcs = { text_source_read, text_source_free };

ChronoReferences *
chrono_laplace_text_open (const char *path, ChronoLaplaceTextIndex *index, gboolean kernel_role, gboolean cr_only,
                          gsize block_size, GError **error)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", path, g_strerror (saved));
      return NULL;
    }
  TextSource *source = g_new0 (TextSource, 1);
  source->fd = fd;
  source->path = g_strdup (path);
  source->kernel_role = kernel_role;
  source->cr_only = cr_only;
  source->block_size = block_size > 0 ? block_size : DEFAULT_BLOCK_SIZE;
  source->stride = index->stride;
  source->marks = g_steal_pointer (&index->marks);
  source->n_records = index->n_records;
  g_mutex_init (&source->lock);
  return chrono_references_new (&text_source_funcs, source, index->n_records);
}
