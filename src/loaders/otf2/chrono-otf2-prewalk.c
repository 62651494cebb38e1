/* chrono-otf2-prewalk.c — the files of an archive whose counts libotf2
 * believes, walked before libotf2 reads them.
 *
 * libotf2 sizes what it allocates by the counts a file gives: a property
 * count of 2^31 in the anchor makes it calloc 32 GB before it reads the
 * first property and finds the file a hundred bytes long, and a mapping
 * table of 2^63 entries in a location's definitions wraps its size, so
 * that it allocates nothing and writes the entries past that nothing.  So
 * these files are walked here first, field by field as libotf2 reads them
 * and allocating nothing they ask for; a file whose counts its bytes do
 * not bear out is refused, saying which field. */
#include "chrono-otf2-prewalk.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chrono-input.h"
#include "chrono-loader.h"
#include "chrono-otf2-files.h"

/* Real anchors are well under a kilobyte; a file past this is not one. */
#define ANCHOR_SIZE_MAX (16u << 20)

/* Every OTF2 buffer begins with a header mark, then the byte order of
 * every multi-byte field after it; a chunked one (definitions, events)
 * then the numbers of its first and last record. */
#define BUFFER_HEADER_SIZE 2
#define CHUNK_HEADER_SIZE 18
#define BIG_ENDIAN_MARK 0x23
#define LITTLE_ENDIAN_MARK 0x42
/* The anchor format libotf2 3 writes: it alone ends in a mark libotf2 checks. */
#define ANCHOR_FORMAT_KNOWN 3
/* Record types of a chunk (a timestamp, in event files only, is its mark
 * and eight bytes; every other record has a length), and the length byte
 * of a long record. */
#define END_OF_CHUNK 0
#define END_OF_BUFFER 1
#define END_OF_FILE 2
#define CHUNK_HEADER_MARK 3
#define TIMESTAMP 5
#define TIMESTAMP_SIZE 8
#define ATTRIBUTE_LIST 6
#define FIRST_EVENT_AT 2
#define LAST_EVENT_AT 10
#define MAPPING_TABLE 5
#define LONG_RECORD 0xff

/* Fields read as libotf2 reads them, never past end; the first field the
 * bytes end inside is kept in missing, and every read after it fails. */
typedef struct {
  const guint8 *at, *end;
  gboolean big_endian;
  const char *missing;
} Cursor;

static gboolean
take (Cursor *c, gsize n, const char *field)
{
  if (c->missing != NULL)
    return FALSE;
  if ((gsize) (c->end - c->at) < n)
    {
      c->missing = field;
      return FALSE;
    }
  c->at += n;
  return TRUE;
}

static const char *
take_string (Cursor *c, const char *field)
{
  if (c->missing != NULL)
    return NULL;
  const guint8 *nul = memchr (c->at, 0, c->end - c->at);
  if (nul == NULL)
    {
      c->missing = field;
      return NULL;
    }
  const char *s = (const char *) c->at;
  c->at = nul + 1;
  return s;
}

static guint8
take_u8 (Cursor *c, const char *field)
{
  return take (c, 1, field) ? c->at[-1] : 0;
}

/* n bytes (at most 8) as an unsigned number in the buffer's byte order. */
static guint64
take_number (Cursor *c, guint n, const char *field)
{
  if (!take (c, n, field))
    return 0;
  const guint8 *bytes = c->at - n;
  guint64 v = 0;
  for (guint i = 0; i < n; i++)
    v |= (guint64) bytes[i] << (8 * (c->big_endian ? n - 1 - i : i));
  return v;
}

/* OTF2's compressed integer: a byte count, then that many bytes (0xff: the
 * undefined value). */
static guint64
take_compressed (Cursor *c, const char *field)
{
  guint n = take_u8 (c, field);
  if (n == 0xff)
    return G_MAXUINT64;
  if (n > 8)
    {
      c->missing = c->missing ? c->missing : field;
      return 0;
    }
  return take_number (c, n, field);
}

/* ---- the anchor ------------------------------------------------------------------- */

/* The fields libotf2's anchor reader takes, in its order. */
static void
walk_anchor (Cursor *c)
{
  guint8 format = take_u8 (c, _ ("anchor format"));
  /* trace format, version (3), event and definition chunk sizes, file
   * substrate, compression, number of locations and of definitions */
  take (c, 1 + 3 + 8 + 8 + 1 + 1 + 8 + 8, _ ("header fields"));
  take_string (c, _ ("machine name"));
  take_string (c, _ ("creator"));
  take_string (c, _ ("description"));
  if (format > 1)
    {
      guint64 n_properties = take_number (c, 4, _ ("number of properties"));
      for (guint64 i = 0; i < n_properties && c->missing == NULL; i++)
        {
          take_string (c, _ ("properties"));
          take_string (c, _ ("properties"));
        }
      take (c, 8, _ ("trace identifier"));
    }
  if (format > 2)
    take (c, 4 + 4, _ ("number of snapshots and thumbnails"));
  if (format == ANCHOR_FORMAT_KNOWN)
    take (c, 1, _ ("end-of-file mark"));
}

gboolean
chrono_otf2_check_anchor (const char *anchor, GError **error)
{
  if (!chrono_check_regular_file (anchor, error))
    return FALSE;
  g_autofree char *contents = NULL;
  gsize size = 0;
  if (!g_file_get_contents (anchor, &contents, &size, error))
    return FALSE;
  if (size > ANCHOR_SIZE_MAX)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s: %" PRIu64 " bytes is too large for an OTF2 anchor file"), anchor, (guint64) size);
      return FALSE;
    }
  const guint8 *bytes = (const guint8 *) contents;
  if (size < BUFFER_HEADER_SIZE || (bytes[1] != BIG_ENDIAN_MARK && bytes[1] != LITTLE_ENDIAN_MARK))
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s: not an OTF2 anchor file (it does not begin with an OTF2 buffer header)"), anchor);
      return FALSE;
    }
  Cursor c = { bytes + BUFFER_HEADER_SIZE, bytes + size, bytes[1] == BIG_ENDIAN_MARK, NULL };
  const char *magic = take_string (&c, "");
  if (magic == NULL || strcmp (magic, "OTF2") != 0)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s: not an OTF2 anchor file (its magic string is not \"OTF2\")"), anchor);
      return FALSE;
    }
  walk_anchor (&c);
  if (c.missing != NULL)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s: damaged OTF2 anchor file: it ends inside its %s"), anchor, c.missing);
      return FALSE;
    }
  return TRUE;
}

/* libotf2 leaves the anchor open when it fails to load it (the FILE is
 * lost with the reader it could not make): each failed open cost a
 * descriptor, and a viewer or a fuzzer that opened many damaged archives
 * ran out of them.  An archive is opened (its anchor checked too) with
 * the loaders' descriptors held, so a descriptor on the anchor that
 * appears during a failed open is the lost one, and it is closed: no
 * other load of ours, on any thread, opens or closes one in between. */
/* The descriptors of this process open on the file of st (by device and inode). */
static GArray *
descriptors_on (const GStatBuf *st)
{
  GArray *fds = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  for (const char *name; dir != NULL && (name = g_dir_read_name (dir)) != NULL;)
    {
      int fd = atoi (name);
      struct stat on;
      if (fstat (fd, &on) == 0 && on.st_dev == st->st_dev && on.st_ino == st->st_ino)
        g_array_append_val (fds, fd);
    }
  return fds;
}

static gboolean
contains_fd (GArray *fds, int fd)
{
  for (guint i = 0; i < fds->len; i++)
    if (g_array_index (fds, int, i) == fd)
      return TRUE;
  return FALSE;
}

/* Called with the descriptors held.  libotf2 may also lose the anchor after an
 * open that succeeds: an anchor whose records go wrong before its end
 * fails to close (its "substrate"), and that FILE is lost too.  Such a
 * reader reads nothing (its global definitions fail), so the open counts
 * as failed: the reader is closed and the lost descriptor with it, here,
 * before another open can take the number. */
static OTF2_Reader *
open_reclaiming_descriptors (const char *anchor)
{
  GStatBuf st;
  gboolean known = g_stat (anchor, &st) == 0;
  g_autoptr (GArray) before = known ? descriptors_on (&st) : NULL;
  OTF2_Reader *otf2 = OTF2_Reader_Open (anchor);
  if (!known)
    return otf2;
  g_autoptr (GArray) after = descriptors_on (&st);
  g_autoptr (GArray) lost = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < after->len; i++)
    if (!contains_fd (before, g_array_index (after, int, i)))
      g_array_append_val (lost, g_array_index (after, int, i));
  if (lost->len > 0 && otf2 != NULL)
    {
      OTF2_Reader_Close (otf2);
      otf2 = NULL;
    }
  for (guint i = 0; i < lost->len; i++)
    close (g_array_index (lost, int, i));
  return otf2;
}

OTF2_Reader *
chrono_otf2_open_archive (const char *anchor, GError **error)
{
  /* the check reads the anchor too: held, no descriptor of ours on it is taken for libotf2's */
  chrono_input_hold_descriptors ();
  gboolean checked = chrono_otf2_check_anchor (anchor, error);
  OTF2_Reader *otf2 = checked ? open_reclaiming_descriptors (anchor) : NULL;
  chrono_input_release_descriptors ();
  if (!checked)
    return NULL;
  if (otf2 == NULL)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID, _ ("%s: not an OTF2 archive libotf2 can open"),
                   anchor);
      return NULL;
    }
  OTF2_Reader_SetSerialCollectiveCallbacks (otf2);
  g_autofree char *stem = chrono_otf2_archive_stem (anchor);
  g_autofree char *definitions = g_strconcat (stem, ".def", NULL);
  if (!chrono_otf2_check_file_end (otf2, definitions, error))
    {
      OTF2_Reader_Close (otf2);
      return NULL;
    }
  return otf2;
}

/* ---- where a chunked file ends -------------------------------------------------- */

/* A mark that ends a chunk's records: its end, or a writer's end of buffer. */
static gboolean
leaves_chunk (guint8 type)
{
  return type == END_OF_CHUNK || type == END_OF_BUFFER;
}

/* TRUE when the definitions of the chunk at [chunk, end) reach the
 * end-of-file record before its bytes end (every definition record has a
 * length; events do not).  A chunk header libotf2 would refuse passes: it
 * stops there itself. */
typedef enum { HEADER_WHOLE, HEADER_REFUSED, HEADER_CUT } ChunkHeader;

/* A chunk's header as libotf2 reads it: its two marks, which it refuses
 * when they are wrong, then two numbers, which it takes from whatever its
 * buffer holds past a file's end. */
static ChunkHeader
chunk_header (const guint8 *chunk, const guint8 *end)
{
  if (end - chunk >= BUFFER_HEADER_SIZE
      && (chunk[0] != CHUNK_HEADER_MARK || (chunk[1] != BIG_ENDIAN_MARK && chunk[1] != LITTLE_ENDIAN_MARK)))
    return HEADER_REFUSED;
  return end - chunk < CHUNK_HEADER_SIZE ? HEADER_CUT : HEADER_WHOLE;
}

static gboolean
last_chunk_ends_file (const guint8 *chunk, const guint8 *end)
{
  ChunkHeader header = chunk_header (chunk, end);
  if (header != HEADER_WHOLE)
    return header == HEADER_REFUSED;
  Cursor c = { chunk + CHUNK_HEADER_SIZE, end, chunk[1] == BIG_ENDIAN_MARK, NULL };
  for (;;)
    {
      guint8 type = take_u8 (&c, "");
      if (c.missing != NULL || type == END_OF_CHUNK)
        return FALSE;
      if (type == END_OF_FILE)
        return TRUE;
      guint64 length = take_u8 (&c, "");
      if (length == LONG_RECORD)
        length = take_number (&c, 8, "");
      if (c.missing != NULL || length > (guint64) (c.end - c.at))
        return FALSE;
      c.at += length;
    }
}

static void
set_cut_off (GError **error, const char *path)
{
  g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
               _ ("%s: cut off: its last chunk ends without the end-of-file record (a run that was stopped while it "
                  "wrote?)"),
               path);
}

/* The file's last chunk: its start and end within the mapped bytes. */
static GMappedFile *
map_last_chunk (const char *path, guint64 chunk_size, const guint8 **chunk, const guint8 **end)
{
  g_autoptr (GMappedFile) file = g_mapped_file_new (path, FALSE, NULL);
  if (file == NULL || chunk_size <= CHUNK_HEADER_SIZE || g_mapped_file_get_length (file) == 0)
    return NULL;
  const guint8 *bytes = (const guint8 *) g_mapped_file_get_contents (file);
  gsize size = g_mapped_file_get_length (file);
  *chunk = bytes + (gsize) ((size - 1) / chunk_size * chunk_size);
  *end = bytes + size;
  return g_steal_pointer (&file);
}

gboolean
chrono_otf2_check_file_end (OTF2_Reader *otf2, const char *path, GError **error)
{
  uint64_t event_chunk = 0, definition_chunk = 0;
  OTF2_Reader_GetChunkSize (otf2, &event_chunk, &definition_chunk);
  const guint8 *chunk, *end;
  g_autoptr (GMappedFile) file = map_last_chunk (path, definition_chunk, &chunk, &end);
  if (file == NULL || last_chunk_ends_file (chunk, end))
    return TRUE; /* nothing to walk: libotf2 finds it unreadable itself */
  set_cut_off (error, path);
  return FALSE;
}

/* Event records that are one compressed number and no length (OTF2's
 * "singleton" events: Enter, Leave, the MPI request and OpenMP task
 * events); every other record has a length, unknown types too (libotf2
 * skips those by it). */
static gboolean
is_singleton_event (guint8 type)
{
  static const guint8 singletons[] = { 12, 13, 16, 17, 20, 21, 24, 28, 29, 30 };
  return memchr (singletons, type, sizeof singletons) != NULL;
}

/* The events of the chunk [chunk, end), a valid one, walked as libotf2
 * reads them: how many come before its end (*events), and TRUE when that
 * end is the end-of-file record; FALSE when it is the end of a chunk (the
 * next one past the file's end) or the bytes run out. */
static gboolean
events_reach_end_of_file (const guint8 *chunk, const guint8 *end, guint64 *events)
{
  Cursor c = { chunk + CHUNK_HEADER_SIZE, end, chunk[1] == BIG_ENDIAN_MARK, NULL };
  *events = 0;
  for (;;)
    {
      guint8 type = take_u8 (&c, "");
      if (c.missing != NULL || leaves_chunk (type))
        return FALSE;
      if (type == END_OF_FILE)
        return TRUE;
      guint64 length;
      if (type == TIMESTAMP)
        length = TIMESTAMP_SIZE;
      else if (is_singleton_event (type))
        {
          guint8 size = take_u8 (&c, "");
          length = size == LONG_RECORD ? 0 : size;
        }
      else
        {
          length = take_u8 (&c, "");
          if (length == LONG_RECORD)
            length = take_number (&c, 8, "");
        }
      if (c.missing != NULL || length > (guint64) (c.end - c.at))
        return FALSE;
      c.at += length;
      *events += type != TIMESTAMP && type != ATTRIBUTE_LIST;
    }
}

/* libotf2 ends every file it writes with the end-of-file record and an
 * end-of-buffer mark after it: bytes a cut file has lost. */
static gboolean
ends_as_written (const guint8 *end)
{
  return end[-2] == END_OF_FILE && end[-1] == END_OF_BUFFER;
}

/* The first or last event number a chunk's header gives (1-based). */
static guint64
header_event (const guint8 *chunk, const guint8 *end, gsize at)
{
  Cursor c = { chunk + at, end, chunk[1] == BIG_ENDIAN_MARK, NULL };
  return take_number (&c, 8, "");
}

ChronoOtf2EventFile
chrono_otf2_event_file_bound (OTF2_Reader *otf2, const char *path, guint64 *bound, GError **error)
{
  uint64_t event_chunk = 0, definition_chunk = 0;
  OTF2_Reader_GetChunkSize (otf2, &event_chunk, &definition_chunk);
  const guint8 *chunk, *end;
  g_autoptr (GMappedFile) file = map_last_chunk (path, event_chunk, &chunk, &end);
  *bound = file != NULL ? g_mapped_file_get_length (file) : 0;
  if (file == NULL || chunk_header (chunk, end) == HEADER_REFUSED)
    return CHRONO_OTF2_EVENTS_WHOLE; /* libotf2 stops at a chunk it cannot read */
  guint64 events, walked;
  if (chunk_header (chunk, end) == HEADER_CUT)
    {
      /* cut inside a chunk's header: the chunk before it is whole */
      const char *bytes = g_mapped_file_get_contents (file);
      if ((const char *) chunk == bytes || chunk_header (chunk - event_chunk, chunk) != HEADER_WHOLE)
        {
          set_cut_off (error, path);
          return CHRONO_OTF2_EVENTS_UNREADABLE;
        }
      events = header_event (chunk - event_chunk, chunk, LAST_EVENT_AT);
    }
  else
    {
      gboolean whole = events_reach_end_of_file (chunk, end, &walked);
      /* the events before this chunk, as its header counts them: no more
       * than the bytes before it could hold */
      guint64 first = header_event (chunk, end, FIRST_EVENT_AT);
      const char *bytes = g_mapped_file_get_contents (file);
      if (first == 0 || first - 1 > (guint64) ((const char *) chunk - bytes))
        {
          set_cut_off (error, path);
          return CHRONO_OTF2_EVENTS_UNREADABLE;
        }
      /* libotf2 stops after the last event the walk found, never at the
       * end of a chunk it would read past the file's end for */
      events = first - 1 + walked;
      if (whole && ends_as_written (end))
        {
          *bound = MIN (*bound, events);
          return CHRONO_OTF2_EVENTS_WHOLE;
        }
    }
  /* cut at a chunk's end: its last whole chunk says how many it holds */
  *bound = MIN (*bound, events);
  set_cut_off (error, path);
  return CHRONO_OTF2_EVENTS_CUT;
}

/* ---- a location's local definitions ------------------------------------------------ */

/* FALSE when the mapping table at payload claims more entries than there
 * are bytes for (each takes one at least): libotf2 reads its fields on
 * past the record's length, to the end of the chunk, so that is the bound. */
static gboolean
mapping_table_fits (const guint8 *payload, const guint8 *chunk_end, gboolean big_endian)
{
  Cursor c = { payload, chunk_end, big_endian, NULL };
  take (&c, 1, ""); /* the kind of id mapped */
  guint64 count = take_compressed (&c, "");
  guint8 mode = take_u8 (&c, "");
  if (c.missing != NULL)
    return TRUE; /* libotf2 finds a record this short itself */
  guint per_entry = mode == OTF2_ID_MAP_SPARSE ? 2 : 1;
  return count <= (guint64) (c.end - c.at) / per_entry;
}

/* FALSE when a mapping table in the chunk [chunk, chunk_end) does not fit. */
static gboolean
chunk_mapping_tables_fit (const guint8 *chunk, const guint8 *chunk_end)
{
  Cursor c = { chunk + CHUNK_HEADER_SIZE, chunk_end, chunk + 1 < chunk_end && chunk[1] == BIG_ENDIAN_MARK, NULL };
  while (c.missing == NULL && c.at < c.end)
    {
      guint8 type = take_u8 (&c, "");
      if (type == END_OF_CHUNK || type == END_OF_FILE)
        break;
      guint64 length = take_u8 (&c, "");
      if (length == LONG_RECORD)
        length = take_number (&c, 8, "");
      if (c.missing != NULL || length > (guint64) (c.end - c.at))
        break; /* past its chunk: libotf2 refuses it */
      if (type == MAPPING_TABLE && !mapping_table_fits (c.at, c.end, c.big_endian))
        return FALSE;
      c.at += length;
    }
  return TRUE;
}

gboolean
chrono_otf2_check_location_definitions (OTF2_Reader *otf2, const char *anchor, guint64 location, GError **error)
{
  g_autofree char *path = chrono_otf2_location_file (anchor, location, "def");
  uint64_t event_chunk = 0, definition_chunk = 0;
  OTF2_Reader_GetChunkSize (otf2, &event_chunk, &definition_chunk);
  if (!chrono_otf2_check_file_end (otf2, path, error))
    return FALSE;
  g_autoptr (GMappedFile) file = g_mapped_file_new (path, FALSE, NULL);
  if (file == NULL || definition_chunk <= CHUNK_HEADER_SIZE)
    return TRUE; /* nothing to walk: libotf2 finds it unreadable itself */
  const guint8 *bytes = (const guint8 *) g_mapped_file_get_contents (file);
  gsize size = g_mapped_file_get_length (file);
  for (gsize chunk = 0; chunk < size; chunk += definition_chunk)
    if (!chunk_mapping_tables_fit (bytes + chunk, bytes + MIN (size, chunk + definition_chunk)))
      {
        g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                     _ ("%s: a mapping table claims more entries than the file holds"), path);
        return FALSE;
      }
  return TRUE;
}
