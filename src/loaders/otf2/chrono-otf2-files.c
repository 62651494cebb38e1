/* chrono-otf2-files.c — the files of an OTF2 archive. */
#include "chrono-otf2-files.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <otf2/otf2.h>
#include <string.h>
#include <sys/stat.h>

#include "chrono-input.h"
#include "chrono-loader.h"

char *
chrono_otf2_archive_stem (const char *anchor)
{
  return g_strndup (anchor, strlen (anchor) - (g_str_has_suffix (anchor, ".otf2") ? strlen (".otf2") : 0));
}

char *
chrono_otf2_location_file (const char *anchor, guint64 id, const char *ext)
{
  g_autofree char *stem = chrono_otf2_archive_stem (anchor);
  return g_strdup_printf ("%s" G_DIR_SEPARATOR_S "%" G_GUINT64_FORMAT ".%s", stem, id, ext);
}

gboolean
chrono_otf2_check_present_file (const char *path, GError **error)
{
  GStatBuf st;
  int found = g_stat (path, &st);
  if ((found == 0 && !S_ISREG (st.st_mode)) || (found != 0 && errno == ELOOP))
    return chrono_check_regular_file (path, error);
  return TRUE;
}

/* ---- a location's local definitions, walked before libotf2 reads them */

/* libotf2 sizes a mapping table by the count its record gives, in a
 * multiplication that wraps: a count of 2^63 makes it allocate nothing and
 * then write the entries past that nothing.  Each entry takes at least a
 * byte of its record, so a count the record cannot hold is damage. */
#define CHUNK_HEADER_SIZE 18 /* mark, byte order, first and last record number */
#define END_OF_CHUNK 1
#define END_OF_FILE 2
#define MAPPING_TABLE 5
#define LONG_RECORD 0xff

typedef struct {
  const guint8 *at, *end;
  gboolean big_endian;
} DefCursor;

static gboolean
read_full_u64 (DefCursor *c, guint64 *value)
{
  if (c->end - c->at < 8)
    return FALSE;
  guint64 v;
  memcpy (&v, c->at, 8);
  *value = c->big_endian ? GUINT64_FROM_BE (v) : GUINT64_FROM_LE (v);
  c->at += 8;
  return TRUE;
}

/* OTF2's compressed integer: a byte count, then that many bytes (0xff:
 * the undefined value). */
static gboolean
read_compressed_u64 (DefCursor *c, guint64 *value)
{
  if (c->at >= c->end)
    return FALSE;
  guint n = *c->at++;
  if (n == 0xff)
    {
      *value = G_MAXUINT64;
      return TRUE;
    }
  if (n > 8 || (gsize) (c->end - c->at) < n)
    return FALSE;
  guint64 v = 0;
  for (guint i = 0; i < n; i++)
    v |= (guint64) c->at[c->big_endian ? n - 1 - i : i] << (8 * i);
  c->at += n;
  *value = v;
  return TRUE;
}

/* FALSE when the mapping table at payload claims more entries than there
 * are bytes for: libotf2 reads its fields on past the record's length, to
 * the end of the chunk, so that end is the bound. */
static gboolean
mapping_table_fits (const guint8 *payload, const guint8 *chunk_end, gboolean big_endian)
{
  DefCursor c = { payload, chunk_end, big_endian };
  guint64 count = 0;
  if (c.at >= c.end)
    return TRUE; /* libotf2 finds a record this short itself */
  c.at++; /* the kind of id mapped */
  if (!read_compressed_u64 (&c, &count) || c.at >= c.end)
    return TRUE;
  guint per_entry = *c.at++ == OTF2_ID_MAP_SPARSE ? 2 : 1;
  return count <= (guint64) (c.end - c.at) / per_entry;
}

gboolean
chrono_otf2_check_local_definitions (const char *path, guint64 chunk_size, GError **error)
{
  g_autoptr (GMappedFile) file = g_mapped_file_new (path, FALSE, NULL);
  if (file == NULL || chunk_size <= CHUNK_HEADER_SIZE)
    return TRUE; /* nothing to walk: libotf2 finds it unreadable itself */
  const guint8 *bytes = (const guint8 *) g_mapped_file_get_contents (file);
  gsize size = g_mapped_file_get_length (file);
  for (gsize chunk = 0; chunk < size; chunk += chunk_size)
    {
      const guint8 *chunk_end = bytes + MIN (size, chunk + chunk_size);
      DefCursor c = { bytes + chunk + CHUNK_HEADER_SIZE, chunk_end, chunk + 1 < size && bytes[chunk + 1] == 0x23 };
      while (c.at < c.end)
        {
          guint8 type = *c.at++;
          if (type == END_OF_CHUNK || type == END_OF_FILE || c.at >= c.end)
            break;
          guint64 length = *c.at++;
          if (length == LONG_RECORD && !read_full_u64 (&c, &length))
            break;
          if (length > (guint64) (c.end - c.at))
            break; /* past its chunk: libotf2 refuses it */
          if (type == MAPPING_TABLE && !mapping_table_fits (c.at, c.end, c.big_endian))
            {
              g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                           _ ("%s: a mapping table claims more entries than the file holds"), path);
              return FALSE;
            }
          c.at += length;
        }
    }
  return TRUE;
}
