/* chrono-lazy-text.h — the driver of the first lazy shape, checkpointed
 * chunks: a line-based text format read as indexed chunks, decoded on
 * demand (DESIGN.md, "Lazily indexed time ranges").
 *
 * The shape fits a format whose items come in time order, or near enough
 * that a piece of the file is a range of time: the reader's whole state
 * before a block is saved (the checkpoint), and decoding that chunk restores
 * it exactly, so a chunk decodes as the whole read reads those lines.  A
 * format whose items are not in file order needs the other shape,
 * start-time windows (chrono-lazy-windows.h).
 *
 * The input is cut into blocks of whole lines; each block is one chunk of
 * the index.  The driver reads the blocks (a second thread prepares the next
 * while the format consumes one), records the chunks with their byte ranges,
 * lines and times, checks the file did not change, and leaves a ChronoLazyText
 * behind as the trace's chunk decoder.  A format supplies a
 * ChronoLazyTextFormat: how to consume a block (saving a checkpoint at each
 * chunk start in an index pass) and how to decode one chunk from its
 * checkpoint into a fresh trace. */
#pragma once

#include "chrono-chunk-decoder.h"
#include "chrono-input.h"
#include "chrono-loader.h"
#include "chrono-trace.h"

G_BEGIN_DECLS

/* One block of whole lines, a writable copy of the input. */
typedef struct {
  char *text; /* text[length] is a '\n' the format may overwrite */
  gsize length;
  gsize capacity; /* of text: blocks are reused, so big buffers are not allocated each time */
  guint64 offset; /* in the (decompressed) input */
  guint64 first_line; /* 1-based */
  guint64 n_lines;
  guint64 compressed_offset; /* how far into the file reading had got: for progress */
  GArray *lines; /* what the format's split made of the lines, or NULL; kept for the next block */
  GByteArray *bytes; /* what the split wrote beside them (texts it unescaped), or NULL; kept too */
} ChronoTextBlock;

typedef struct {
  const char *name; /* the format of decoded chunks' traces */
  /* Optional.  Runs on the reading thread, ahead of consume and without the
   * format's state: cuts block->text into block->lines (created on first use)
   * and sets block->n_lines.  Without it the driver counts the lines. */
  void (*split) (ChronoTextBlock *block);
  /* Optional, with split.  In a read pass only (never when a chunk is
   * decoded), on the reading thread right after split, block by block in
   * file order: what the reader counts of every line without consume's
   * state (VisAndOr's report), or adds to block->lines with the read's
   * state (BTF's ids of names), off the thread that replays events.  It
   * touches only the part of the reader that consume never touches, until
   * the read is over. */
  void (*digest) (gpointer reader, ChronoTextBlock *block);
  /* Required.  The block's lines in file order.  In an index pass the reader
   * first saves its state as the checkpoint of this chunk.  Adds each event
   * to chunk->first_time, last_time and n_events; end_time may be set when
   * the chunk holds something that ends later than the next chunk starts
   * (left at G_MININT64: the next chunk's start, or the trace's end). */
  void (*consume) (gpointer reader, const ChronoTextBlock *block, ChronoChunk *chunk);
  /* Optional.  After the last block of a read that met no I/O error;
   * truncated: a gzip stream ended early.  FALSE with error set: not a trace. */
  gboolean (*end_read) (gpointer reader, gboolean truncated, GError **error);
  /* Required.  On the cache's worker thread: chunk index, whose lines are in
   * block, read into trace from the checkpoint kept in chunks_data (read-only
   * here).  last: no later chunk holds an event. */
  gboolean (*decode) (gconstpointer chunks_data, guint index, gboolean last, const ChronoChunk *chunk,
                      const ChronoTextBlock *block, ChronoTrace *trace, GError **error);
} ChronoLazyTextFormat;

/* For a format's split: block->lines, made for elements of element_size
 * on first use, emptied. */
GArray *chrono_text_block_reset_lines (ChronoTextBlock *block, guint element_size);
/* For a format's split: block->bytes, made on first use, emptied. */
GByteArray *chrono_text_block_reset_bytes (ChronoTextBlock *block);

/* Cuts block->text up (on the reading thread, where split_data is its own
 * until the read is over) and sets block->n_lines. */
typedef void (*ChronoTextSplitFunc) (gpointer split_data, ChronoTextBlock *block);
/* FALSE stops the read: error is set (chrono_text_blocks_read returns it). */
typedef gboolean (*ChronoTextConsumeFunc) (gpointer data, const ChronoTextBlock *block, GError **error);

/* Every block of input in file order: a second thread reads and splits the
 * next blocks (NULL split: it counts their lines) while consume takes one on
 * this thread.  FALSE with error set on an I/O error or when cancelled. */
gboolean chrono_text_blocks_read (ChronoInput *input, ChronoTextSplitFunc split, gpointer split_data,
                                  ChronoTextConsumeFunc consume, gpointer data, GCancellable *cancellable,
                                  GError **error);

#define CHRONO_TYPE_LAZY_TEXT (chrono_lazy_text_get_type ())
G_DECLARE_FINAL_TYPE (ChronoLazyText, chrono_lazy_text, CHRONO, LAZY_TEXT, GObject)

/* Reads every block of input through format->consume and adds the chunks to
 * trace; FALSE with error set when it cannot be read or end_read refuses it. */
gboolean chrono_lazy_text_read (ChronoTrace *trace, ChronoInput *input, const ChronoLazyTextFormat *format,
                                gpointer reader, ChronoProgressFunc progress, gpointer progress_data,
                                GCancellable *cancellable, GError **error);

/* A whole read of the file at path (plain or gzip), as chrono_lazy_text_read. */
gboolean chrono_lazy_text_read_file (ChronoTrace *trace, const char *path, const ChronoLazyTextFormat *format,
                                     gpointer reader, ChronoProgressFunc progress, gpointer progress_data,
                                     GCancellable *cancellable, GError **error);

/* The index pass: chrono_lazy_text_read on a snapshot of path, then the
 * trace's chunk cache with a ChronoLazyText decoding from chunks_data, which
 * it owns from here on (freed with free_chunks_data, also on failure).  The
 * trace option "chunk-size" (bytes) cuts small files into many chunks. */
gboolean chrono_lazy_text_index (ChronoTrace *trace, const char *path, const ChronoLazyTextFormat *format,
                                 gpointer reader, gpointer chunks_data, GDestroyNotify free_chunks_data,
                                 ChronoProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                                 GError **error);

G_END_DECLS
