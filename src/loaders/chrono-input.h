/* chrono-input.h — reads a trace file read-only, mapped or gunzipped on the
 * fly, as blocks that end at line boundaries. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _ChronoInput ChronoInput;

ChronoInput *chrono_input_open (const char *path, GError **error);
ChronoInput *chrono_input_open_for_loader (const char *path, GError **error);
void chrono_input_free (ChronoInput *input);
void chrono_input_set_block_size (ChronoInput *input, gsize size);

gboolean chrono_input_is_compressed (ChronoInput *input);
gboolean chrono_input_is_truncated (ChronoInput *input);
guint64 chrono_input_get_file_size (ChronoInput *input);
guint64 chrono_input_get_compressed_offset (ChronoInput *input);

gboolean chrono_input_next_block (ChronoInput *input, const char **out_data, gsize *out_length, guint64 *out_offset,
                                  GCancellable *cancellable, GError **error);

/* The first bytes of a regular file (inflated for a .gz), for sniffing. */
gssize chrono_read_head (const char *path, guint8 *buffer, gsize size, GError **error);

/* A side file (a view, a description beside the trace) read whole: only a
 * regular file of at most max_size bytes; a FIFO or a device is refused
 * without waiting for a writer or reading without end. */
gboolean chrono_read_side_file (const char *path, gsize max_size, char **out_contents, gsize *out_length,
                                GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoInput, chrono_input_free)

G_END_DECLS
