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
 * anchor passed chrono_otf2_check_anchor and its global definitions
 * chrono_otf2_check_file_end; NULL with an error otherwise. */
OTF2_Reader *chrono_otf2_open_archive (const char *anchor, GError **error);
/* FALSE, with an error naming the file, when the local definitions of
 * location in the archive otf2 opened from anchor hold a record libotf2
 * would overrun its memory on (a mapping table of more entries than the
 * file has bytes) or are cut off (chrono_otf2_check_file_end).  What
 * libotf2 refuses by itself passes. */
/* libotf2 reads on past the end of a chunked file whose last chunk ends
 * without the end-of-file record (a run killed while it wrote, a copy cut
 * short), into chunk buffers that hold what it read before, and may go
 * round them for ever.  So: */
/* FALSE, with an error naming path, when that definitions file is so. */
gboolean chrono_otf2_check_file_end (OTF2_Reader *otf2, const char *path, GError **error);
typedef enum {
  CHRONO_OTF2_EVENTS_WHOLE,
  CHRONO_OTF2_EVENTS_CUT, /* read up to *bound, with the error to say */
  CHRONO_OTF2_EVENTS_UNREADABLE, /* not to be read at all */
} ChronoOtf2EventFile;
/* How many events may be read of that event file, never more than it
 * has bytes: those of the chunks before its last, as that chunk's header
 * counts them, and those its last chunk's records hold before its end,
 * walked as libotf2 reads them (events are one compressed number, or have
 * a length).  A file whose last chunk ends with the end-of-file record and
 * the bytes libotf2 ends a file with is whole; any other is cut (an error
 * names it): its last chunk's header still counts what the cut took, and
 * libotf2 would take those from its old buffers, or go round them for
 * ever.  Reading no more than *bound events, it stops at the last event
 * the file holds.  Unreadable: a header that cannot be right. */
ChronoOtf2EventFile chrono_otf2_event_file_bound (OTF2_Reader *otf2, const char *path, guint64 *bound, GError **error);
gboolean chrono_otf2_check_location_definitions (OTF2_Reader *otf2, const char *anchor, guint64 location,
                                                 GError **error);

G_END_DECLS
