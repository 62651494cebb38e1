/* chrono-otf2-files.h — the files of an OTF2 archive, as the reader and the
 * merge both find and check them before libotf2 opens any. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The archive's folder: the anchor's path less ".otf2". */
char *chrono_otf2_archive_stem (const char *anchor);
/* A location's file in that folder, with extension ext ("evt", "def"). */
char *chrono_otf2_location_file (const char *anchor, guint64 id, const char *ext);
/* libotf2 opens the files it is told of as they are named: a FIFO would
 * block it for ever, a device never end.  FALSE, with an error naming
 * path, when path is there and not a regular file (or a loop of symbolic
 * links); a missing file is for the caller to judge. */
gboolean chrono_otf2_check_present_file (const char *path, GError **error);

G_END_DECLS
