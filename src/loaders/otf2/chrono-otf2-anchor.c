/* chrono-otf2-anchor.c — an archive's anchor file, read before libotf2
 * reads it.
 *
 * libotf2 believes the counts an anchor gives: a property count of 2^31
 * makes it calloc 32 GB for the property table before it reads the first
 * property and finds the file is a hundred bytes long, and a count of a
 * few hundred million takes seconds and gigabytes to fail.  So the anchor
 * is walked here first, field by field as libotf2 reads it, without
 * allocating anything it asks for; one whose fields run past its end is
 * refused, saying which field, and libotf2 only ever opens anchors whose
 * counts the file itself bears out. */
#include "chrono-otf2-anchor.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <string.h>

#include "chrono-input.h"
#include "chrono-loader.h"

/* Real anchors are well under a kilobyte; a file past this is not one. */
#define ANCHOR_SIZE_MAX (16u << 20)

/* The first bytes of an unchunked OTF2 buffer: a header mark, then the
 * byte order of every multi-byte field after it. */
#define BUFFER_HEADER_SIZE 2
#define BIG_ENDIAN_MARK 0x23
#define LITTLE_ENDIAN_MARK 0x42
/* The anchor format libotf2 3 writes: it alone ends in a mark libotf2 checks. */
#define ANCHOR_FORMAT_KNOWN 3

typedef struct {
  const guint8 *at, *end;
  gboolean big_endian;
  const char *missing; /* the field the file ends inside, once it does */
} AnchorCursor;

static gboolean
take (AnchorCursor *c, gsize n, const char *field)
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
take_string (AnchorCursor *c, const char *field)
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
take_u8 (AnchorCursor *c, const char *field)
{
  return take (c, 1, field) ? c->at[-1] : 0;
}

static guint32
take_u32 (AnchorCursor *c, const char *field)
{
  guint32 v = 0;
  if (!take (c, 4, field))
    return 0;
  memcpy (&v, c->at - 4, 4);
  return c->big_endian ? GUINT32_FROM_BE (v) : GUINT32_FROM_LE (v);
}

/* The fields libotf2's anchor reader takes, in its order; what the file
 * lacks is left in c->missing. */
static void
walk_anchor (AnchorCursor *c)
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
      guint32 n_properties = take_u32 (c, _ ("number of properties"));
      for (guint32 i = 0; i < n_properties && c->missing == NULL; i++)
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
  AnchorCursor c = { bytes + BUFFER_HEADER_SIZE, bytes + size, bytes[1] == BIG_ENDIAN_MARK, NULL };
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

OTF2_Reader *
chrono_otf2_open_archive (const char *anchor, GError **error)
{
  if (!chrono_otf2_check_anchor (anchor, error))
    return NULL;
  OTF2_Reader *otf2 = OTF2_Reader_Open (anchor);
  if (otf2 == NULL)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID, _ ("%s: not an OTF2 archive libotf2 can open"),
                   anchor);
      return NULL;
    }
  OTF2_Reader_SetSerialCollectiveCallbacks (otf2);
  return otf2;
}
