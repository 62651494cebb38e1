/* chrono-chunk-reader.h — reads a byte range of a trace file as it was when
 * it was indexed (DESIGN.md, "Lazily indexed time ranges").
 *
 * A snapshot of the file (size, modification time, gzip or not) taken before
 * the index pass; reading a range of the decompressed input later refuses a
 * file that has changed since. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _ChronoChunkReader ChronoChunkReader;

ChronoChunkReader *chrono_chunk_reader_new (const char *path, GError **error);
void chrono_chunk_reader_free (ChronoChunkReader *reader);
/* The block size the index pass cut a gzip stream with (0: the input's own). */
void chrono_chunk_reader_set_block_size (ChronoChunkReader *reader, gsize size);

const char *chrono_chunk_reader_get_path (ChronoChunkReader *reader);
gboolean chrono_chunk_reader_is_compressed (ChronoChunkReader *reader);
/* After the index pass: FALSE with error set when the file changed while it was read. */
gboolean chrono_chunk_reader_check_read_whole (ChronoChunkReader *reader, GError **error);
/* Bytes [offset, offset + length) of the (decompressed) input.  A gzip range
 * must be one block as the input cut it: gzip has no random access, so the
 * stream is inflated from its start. */
GBytes *chrono_chunk_reader_read (ChronoChunkReader *reader, guint64 offset, guint64 length, GCancellable *cancellable,
                                  GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoChunkReader, chrono_chunk_reader_free)

G_END_DECLS
