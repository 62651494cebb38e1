/* chrono-chunk-reader.h — reads a byte range of a trace file as it was when
 * it was indexed (DESIGN.md, "Lazily indexed time ranges").
 *
 * A snapshot of the file (size, modification time, gzip or not) taken before
 * the index pass; reading a range of the decompressed input later refuses a
 * file that has changed since. */
#pragma once

#include <gio/gio.h>

#include "chrono-input.h"

G_BEGIN_DECLS

typedef struct _ChronoChunkReader ChronoChunkReader;

ChronoChunkReader *chrono_chunk_reader_new (const char *path, GError **error);
void chrono_chunk_reader_free (ChronoChunkReader *reader);
/* The access points the index pass saved in a gzip file (owned from here
 * on): without them every read inflates from the file's start. */
void chrono_chunk_reader_set_gzip_index (ChronoChunkReader *reader, ChronoGzipIndex *index);
/* Bytes of text inflated by the reads so far (tests check what a read costs). */
guint64 chrono_chunk_reader_get_inflated (ChronoChunkReader *reader);

const char *chrono_chunk_reader_get_path (ChronoChunkReader *reader);
gboolean chrono_chunk_reader_is_compressed (ChronoChunkReader *reader);
/* After the index pass: FALSE with error set when the file changed while it was read. */
gboolean chrono_chunk_reader_check_read_whole (ChronoChunkReader *reader, GError **error);
/* Bytes [offset, offset + length) of the (decompressed) input.  A gzip range
 * is inflated from the last access point at or before offset. */
GBytes *chrono_chunk_reader_read (ChronoChunkReader *reader, guint64 offset, guint64 length, GCancellable *cancellable,
                                  GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoChunkReader, chrono_chunk_reader_free)

G_END_DECLS
