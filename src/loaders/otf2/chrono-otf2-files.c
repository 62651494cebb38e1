/* chrono-otf2-files.c — the files of an OTF2 archive. */
#include "chrono-otf2-files.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "chrono-input.h"

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
