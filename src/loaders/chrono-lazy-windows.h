/* chrono-lazy-windows.h — the driver of the second lazy shape, start-time
 * windows (DESIGN.md, "Lazily indexed time ranges").
 *
 * The shape fits a format whose items are not in file order (written in
 * end order, or any order) but must be placed in start order, each placed
 * from what every earlier-starting item left (sub-rows, packing).  A piece
 * of the file is then no range of time, so a chunk is a window of start
 * times instead:
 *
 * 1. the index pass reads the file in blocks; the format reads each block
 *    and notes the smallest and largest start written there, and the times
 *    spanned by items held whole in every window they overlap (reaches:
 *    signal fragments, instants);
 * 2. the start-order pass reads the blocks again; the format hands over
 *    each item it reads (chrono_lazy_windows_hold) and the driver releases
 *    them in (start, file order) as soon as no block still to be read can
 *    hold an earlier start, so only the items within the file's disorder
 *    wait.  Every so many items a window begins, between two different
 *    starts, and the format saves what placing later items needs;
 * 3. the windows become the trace's chunks, each reading the blocks that
 *    hold its starts or reach into its times, and the driver is their
 *    decoder: the format decodes window k from its saved state and the
 *    blocks the driver reads for it.
 *
 * The chunk cache learns that its chunks are windows
 * (chrono_chunk_cache_set_start_windows), which tells the renderer how a
 * chunk holds signals. */
#pragma once

#include "chrono-chunk-decoder.h"
#include "chrono-lazy-text.h"
#include "chrono-loader.h"
#include "chrono-trace.h"

G_BEGIN_DECLS

/* Times as the format writes them; first > last when there are none. */
typedef struct {
  double first, last;
} ChronoWindowsTimes;

/* Kinds of items held whole by every window they overlap (TRACE: signal
 * fragments, events): each kind has its own times per block. */
#define CHRONO_WINDOWS_N_REACHES 2

/* A block of whole lines as the index pass read it. */
typedef struct {
  guint64 offset, length, first_line;
  ChronoWindowsTimes starts; /* of the items placed in start order */
  ChronoWindowsTimes reaches[CHRONO_WINDOWS_N_REACHES];
} ChronoWindowsBlock;

/* Widens times to take first..last in. */
void chrono_windows_times_add (ChronoWindowsTimes *times, double first, double last);

/* What decoding window index needs. */
typedef struct {
  guint index;
  gint64 begin, end; /* its items start in [begin, end); end is G_MAXINT64 for the last */
  gint64 reach_begin; /* begin, or G_MININT64 for the first: what reaches into it from before */
  const ChronoClock *clock; /* the index's: for the decoded trace once the format set it up */
} ChronoWindowsRange;

typedef struct _ChronoLazyWindows ChronoLazyWindows;

/* The text of one block of a window, with its first line (1-based). */
typedef void (*ChronoWindowsBlockFunc) (gpointer data, const char *text, gsize length, guint64 first_line);

typedef struct {
  const char *name; /* the format of decoded windows' traces */
  gsize item_size; /* of the items the start-order pass holds */
  /* Index pass.  Optional: cuts and parses a block's lines on the reading
   * thread, without the reader's state (see chrono_text_blocks_read). */
  void (*index_split) (gpointer split_data, ChronoTextBlock *block);
  /* Index pass.  Reads one block (text->lines from index_split, or NULL),
   * sets block's times; FALSE with error set: not a trace of the format. */
  gboolean (*index_block) (gpointer reader, const ChronoTextBlock *text, ChronoWindowsBlock *block, GError **error);
  /* Times as written into ticks of the trace. */
  gint64 (*to_ticks) (gpointer reader, double time);
  /* Start-order pass.  Optional: runs on the reading thread without the
   * reader's state (see chrono_text_blocks_read). */
  void (*split) (gpointer split_data, ChronoTextBlock *block);
  /* The block's items, handed to chrono_lazy_windows_hold. */
  void (*consume) (gpointer reader, const ChronoTextBlock *block);
  /* A released item's start and end, in ticks. */
  void (*item_times) (gpointer reader, gconstpointer item, gint64 *start, gint64 *end);
  /* A window begins: save what placing items starting at begin or later needs. */
  void (*begin_window) (gpointer reader, gint64 begin);
  /* The released item placed, in (start, file order). */
  void (*place) (gpointer reader, gpointer item, gint64 start, gint64 end);
  /* On the cache's worker thread: window's items into trace, from what
   * begin_window saved (in format_data, read-only here), reading its blocks
   * with chrono_lazy_windows_read_blocks.  The driver seals the trace. */
  gboolean (*decode) (gconstpointer format_data, ChronoLazyWindows *windows, const ChronoWindowsRange *window,
                      ChronoTrace *trace, GCancellable *cancellable, GError **error);
} ChronoLazyWindowsFormat;

#define CHRONO_TYPE_LAZY_WINDOWS (chrono_lazy_windows_get_type ())
G_DECLARE_FINAL_TYPE (ChronoLazyWindows, chrono_lazy_windows, CHRONO, LAZY_WINDOWS, GObject)

/* A driver for trace's file at path (a snapshot of it, checked again at
 * install), read by reader through format; NULL with error set when the
 * file cannot be opened.  The trace option "chunk-size" (bytes) cuts small
 * files into many blocks. */
ChronoLazyWindows *chrono_lazy_windows_new (ChronoTrace *trace, const char *path, const ChronoLazyWindowsFormat *format,
                                            gpointer reader, GError **error);

/* The index pass: every block through format->index_split (given
 * split_data) and format->index_block; the input's warnings go to
 * warnings.  Progress runs from 0 to one half. */
gboolean chrono_lazy_windows_index_pass (ChronoLazyWindows *self, gpointer split_data, ChronoWarnings *warnings,
                                         ChronoProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                                         GError **error);
/* The smallest time the index pass saw written, or G_MAXDOUBLE. */
double chrono_lazy_windows_get_first_time (ChronoLazyWindows *self);

/* The start-order pass over n_items items: every block through
 * format->split and format->consume, the items released into windows of
 * about as many items as a block holds.  Progress runs from one half to 1. */
gboolean chrono_lazy_windows_order_pass (ChronoLazyWindows *self, guint64 n_items, gpointer split_data,
                                         ChronoProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                                         GError **error);
/* From format->consume: an item (format->item_size bytes, copied) that starts at start as written. */
void chrono_lazy_windows_hold (ChronoLazyWindows *self, double start, gconstpointer item);
/* With no item released: one window from begin, so reaches can be decoded. */
void chrono_lazy_windows_ensure_window (ChronoLazyWindows *self, gint64 begin);
guint chrono_lazy_windows_get_n_windows (ChronoLazyWindows *self);

/* The windows become trace's chunks (instants: sorted gint64 ticks of the
 * items counted in the window at whose times they are, or NULL) and the
 * driver their decoder, decoding from format_data (owned from here on,
 * freed with free_format_data, also on failure).  FALSE with error set
 * when the file changed since the driver was made. */
gboolean chrono_lazy_windows_install (ChronoLazyWindows *self, ChronoTrace *trace, GArray *instants,
                                      gpointer format_data, GDestroyNotify free_format_data, GError **error);

/* From format->decode: the text of each block of window, in file order. */
gboolean chrono_lazy_windows_read_blocks (ChronoLazyWindows *self, const ChronoWindowsRange *window,
                                          ChronoWindowsBlockFunc func, gpointer data, GCancellable *cancellable,
                                          GError **error);

G_END_DECLS
