/* chrono-otf2-anchor.h — an archive's anchor file, read before libotf2
 * reads it, so that libotf2 never allocates what a damaged anchor asks. */
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

G_END_DECLS
