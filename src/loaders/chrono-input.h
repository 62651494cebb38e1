/* chrono-input.h — reads a trace file read-only, plain or gunzipped on the
 * fly, as blocks that end at line boundaries. */
#pragma once

#include <gio/gio.h>

#include "chrono-side-file.h"
#include "chrono-warnings.h"

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
/* Lines that end in a lone CR (classic Mac OS) are read as lines: the
 * reader of a text decides by its head, then turns each CR into LF. */
gboolean chrono_text_has_cr_line_ends (const guint8 *head, gsize length);
gboolean chrono_text_file_has_cr_line_ends (const char *path);
void chrono_text_cr_to_lf (guint8 *text, gsize length);

/* Random access into a gzip file: while the index pass reads it whole, the
 * input saves access points (where a deflate block starts, with the 32 KiB
 * of text before it) about one block size apart, so a chunk is read by
 * inflating from the point before it rather than from the file's start. */
typedef struct _ChronoGzipIndex ChronoGzipIndex;

void chrono_input_keep_gzip_index (ChronoInput *input);
/* After the read: the points saved (NULL for a plain file); the caller owns them. */
ChronoGzipIndex *chrono_input_steal_gzip_index (ChronoInput *input);
void chrono_gzip_index_free (ChronoGzipIndex *index);
guint chrono_gzip_index_get_n_points (const ChronoGzipIndex *index);
/* Bytes [offset, offset + length) of the text of the gzip file at path,
 * inflated from the last point of index (may be NULL) at or before offset;
 * out_inflated (may be NULL): how many bytes of text that inflated. */
GBytes *chrono_gzip_index_read (const ChronoGzipIndex *index, const char *path, guint64 offset, guint64 length,
                                guint64 *out_inflated, GCancellable *cancellable, GError **error);

/* After the last block: what the input noticed about the file as a whole. */
void chrono_input_add_warnings (ChronoInput *input, ChronoWarnings *warnings);

/* How many bytes of text the file holds: its size, or for a .gz an
 * estimate from inflating its first megabyte (what "big" means for it). */
guint64 chrono_input_estimate_text_size (const char *path);

/* FALSE with an error naming path and why when it is not a regular file
 * (missing, a FIFO, a device, a folder, a loop of symbolic links). */
gboolean chrono_check_regular_file (const char *path, GError **error);
/* The first bytes of a regular file (inflated for a .gz), for sniffing. */
gssize chrono_read_head (const char *path, guint8 *buffer, gsize size, GError **error);

/* A library may lose a descriptor on the file it opens; a loader finds it
 * as the descriptor that appeared on the file while it held the
 * descriptors.  So every open and close of a trace file's descriptor by
 * the loaders goes through these two, which wait while they are held: a
 * descriptor of ours can neither appear nor give its number back in
 * between (a concurrent load of the same file on another thread). */
int chrono_input_open_descriptor (const char *path, int flags);
void chrono_input_close_descriptor (int fd);
void chrono_input_hold_descriptors (void);
void chrono_input_release_descriptors (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoInput, chrono_input_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoGzipIndex, chrono_gzip_index_free)

G_END_DECLS
