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
/* How many events may be read of that event file (events have no length
 * to walk them by), never more than it has bytes.  A file that ends as
 * libotf2 ends what it writes: what its last chunk's header says it holds.
 * One cut (an error names it): the events of the chunks it holds whole,
 * which the header of its last whole chunk counts (a cut chunk's header
 * still counts what the cut took, and libotf2 would take them from its
 * old buffers).  Reading no more than *bound events, libotf2 never reads
 * past those chunks.  Unreadable: not even one chunk is whole. */
ChronoOtf2EventFile chrono_otf2_event_file_bound (OTF2_Reader *otf2, const char *path, guint64 *bound, GError **error);
gboolean chrono_otf2_check_location_definitions (OTF2_Reader *otf2, const char *anchor, guint64 location,
                                                 GError **error);

G_END_DECLS
