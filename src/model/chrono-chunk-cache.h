/* chrono-chunk-cache.h — the decoded chunks of a lazily read trace
 * (DESIGN.md, "Lazily indexed time ranges").
 *
 * The loader hands over its decoder (a ChronoChunkDecoder: chunk k of the
 * file into a trace of its own); the cache decodes the chunks a view asks for on a worker
 * thread, keeps them in least-recently-used order under a memory budget and
 * announces each arrival in the thread that created it. */
#pragma once

#include <gio/gio.h>

#include "chrono-chunk-decoder.h"
#include "chrono-lane.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_CHUNK_CACHE (chrono_chunk_cache_get_type ())
G_DECLARE_FINAL_TYPE (ChronoChunkCache, chrono_chunk_cache, CHRONO, CHUNK_CACHE, GObject)

ChronoChunkCache *chrono_chunk_cache_new (guint n_chunks, ChronoChunkDecoder *decoder);
guint chrono_chunk_cache_get_n_chunks (ChronoChunkCache *cache);
void chrono_chunk_cache_set_budget (ChronoChunkCache *cache, gsize bytes);
gsize chrono_chunk_cache_get_budget (ChronoChunkCache *cache);
gsize chrono_chunk_cache_get_memory_size (ChronoChunkCache *cache);
/* How a decoded chunk holds signals, which the lazy shape decides
 * (DESIGN.md).  FALSE, checkpointed chunks: each chunk's signals begin and
 * end with the chunk, drawn chunk by chunk.  TRUE, start-time windows
 * (chrono-lazy-windows.h sets it): chunk k holds whole every fragment that
 * overlaps [its first time, the next chunk's first time) — the first from
 * the beginning of time, the last to its end —, so a fragment over an edge
 * is in both chunks. */
void chrono_chunk_cache_set_start_windows (ChronoChunkCache *cache, gboolean start_windows);
gboolean chrono_chunk_cache_get_start_windows (ChronoChunkCache *cache);
/* How many chunks fit the budget at the size decoded chunks have had so far. */
guint chrono_chunk_cache_get_capacity (ChronoChunkCache *cache);

ChronoTrace *chrono_chunk_cache_peek (ChronoChunkCache *cache, guint chunk);
/* Chunk's lane that is index_lane, showing the reading index_lane shows. */
ChronoLane *chrono_chunk_cache_find_lane (ChronoChunkCache *cache, guint chunk, ChronoLane *index_lane);
/* Asks for chunks first..last; TRUE when all are decoded already.  A new
 * request replaces the chunks an older one still waits for. */
gboolean chrono_chunk_cache_request (ChronoChunkCache *cache, guint first, guint last);
/* The same for any n chunks (those overlapping a range of a file not in time order). */
gboolean chrono_chunk_cache_request_set (ChronoChunkCache *cache, const guint *chunks, guint n);
/* Decodes now, in this thread (the command-line tools). */
ChronoTrace *chrono_chunk_cache_decode (ChronoChunkCache *cache, guint chunk, GError **error);

G_END_DECLS
