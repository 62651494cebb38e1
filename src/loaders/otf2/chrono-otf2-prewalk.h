/* chrono-otf2-prewalk.h — the files of an archive whose counts libotf2
 * believes (the anchor, a location's local definitions), walked before
 * libotf2 reads them, so that it never allocates what a damaged file asks. */
#pragma once

#include <glib.h>
#include <otf2/otf2.h>

G_BEGIN_DECLS

/* FALSE, with an error naming the anchor and what is wrong with it, when
 * it is not a regular file, not an OTF2 anchor, or ends inside a field
 * libotf2 would read (a count of properties the file does not hold). */
gboolean chrono_otf2_check_anchor (const char *anchor, GError **error);
/* The archive opened by libotf2 for reading, collectives serial, once its
 * anchor passed chrono_otf2_check_anchor; NULL with an error otherwise. */
OTF2_Reader *chrono_otf2_open_archive (const char *anchor, GError **error);
/* FALSE, with an error naming the file, when the local definitions of
 * location in the archive otf2 opened from anchor hold a record libotf2
 * would overrun its memory on (a mapping table of more entries than the
 * file has bytes).  What libotf2 refuses by itself passes. */
gboolean chrono_otf2_check_location_definitions (OTF2_Reader *otf2, const char *anchor, guint64 location,
                                                 GError **error);

G_END_DECLS
