/* chrono-side-file.h — a small file beside a trace (a view, a description,
 * saved bookmarks) read whole, and guarded: a side file is named by where
 * the trace is, not chosen by the user, so whatever sits there is read with
 * care. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A side file read whole: only a regular file of at most max_size bytes; a
 * FIFO or a device is refused without waiting for a writer or reading
 * without end.  out_contents ends in a NUL after out_length bytes. */
gboolean chrono_read_side_file (const char *path, gsize max_size, char **out_contents, gsize *out_length,
                                GError **error);

G_END_DECLS
