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

/* FALSE, with an error naming path, when a location's local definitions
 * file holds a record libotf2 would overrun its memory on (a mapping
 * table of more entries than its record has bytes); chunk_size is the
 * archive's for definitions.  What libotf2 refuses by itself passes. */
gboolean chrono_otf2_check_local_definitions (const char *path, guint64 chunk_size, GError **error);

G_END_DECLS
