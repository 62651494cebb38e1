/* chrono-etf-lazy.h — a big TRACE file read lazily as start-time windows
 * (chrono-lazy-windows.h drives the passes and decodes the windows): what
 * the TRACE side of the index (chrono-etf-lazy.c, chrono-etf-figures.c)
 * leaves for decoding a window (chrono-etf-windows.c).
 *
 * Claims are placed in start order (sub-rows and packing depend on every
 * claim that started before), and producers write them in end order or
 * any order.  So a decoded chunk is not a piece of the file but a window
 * of start times: the claims starting in it, read from the blocks of the
 * file that hold such claims, placed from what the start-order pass saved
 * when the window began (each activity's busy sub-rows, each resource's
 * running claims).  Signal fragments are not kept either: a window holds
 * every fragment that overlaps its range of start times, whole (one that
 * reaches over an edge is in both windows), read from the blocks whose
 * fragments span such times; the index has each signal's summary.  Events
 * likewise: a window holds those at times in its range, the index their
 * lanes' summaries (and the links of dependencies, which need every end). */
#pragma once

#include "chrono-etf-private.h"
#include "chrono-lazy-windows.h"

G_BEGIN_DECLS

/* The reaches of a block (ChronoWindowsBlock.reaches). */
enum { ETF_REACH_FRAGMENTS, ETF_REACH_EVENTS };

/* A sub-row still busy when a window begins. */
typedef struct {
  guint32 activity; /* in EtfLazyData.activity_names */
  guint32 slot;
  gint64 end;
} EtfBusySlot;

/* A claim still running on a resource without offsets when a window begins. */
typedef struct {
  guint32 resource; /* in EtfLazyData.resources */
  gint64 end;
  double offset, amount;
} EtfRunning;

/* What placing the claims of a window needs, saved when it began. */
typedef struct {
  GArray *busy; /* EtfBusySlot */
  GArray *running; /* EtfRunning */
} EtfWindowState;

/* Read-only once the index pass is over: the decoder's worker thread reads it. */
typedef struct {
  GArray *windows; /* EtfWindowState, per window */
  GArray *resource_refs; /* ResourceRef, as the index pass numbered them */
  GArray *resources; /* Resource: id, capacity, uses_offset; lane, spans, placed unset */
  GPtrArray *resource_names; /* char*, per resource: its lane's name, NULL for a repeated R line */
  GPtrArray *activity_names; /* char*, the activity lanes in the order they appeared */
  GArray *signal_ids; /* gint64, the signals in the order they appeared */
  GPtrArray *signal_names; /* char*, their lanes' names */
  GPtrArray *grouping; /* char* */
  GPtrArray *event_grouping; /* char* */
  gboolean has_events;
  char *colouring;
  GHashTable *filter;
  gint64 ticks_per_unit, ticks_per_second;
  guint64 unit_line; /* as EtfReader has them */
  gint64 early_ticks_per_unit;
} EtfLazyData;

void chrono_etf_lazy_data_free (EtfLazyData *data);

/* ChronoLazyWindowsFormat.decode: window's claims, events and fragments
 * into trace, as a whole read has them. */
gboolean chrono_etf_decode_window (gconstpointer format_data, ChronoLazyWindows *windows,
                                   const ChronoWindowsRange *window, ChronoTrace *trace, GCancellable *cancellable,
                                   GError **error);

/* Each resource's figures as chrono_resource_stats_compute and
 * chrono_resource_concurrency count them from a whole read's spans, counted
 * as claims are released in start order (chrono-etf-figures.c). */
typedef struct _EtfFigures EtfFigures;
EtfFigures *chrono_etf_figures_new (guint n_resources);
/* A claim released on the resource-th resource. */
void chrono_etf_figures_add (EtfFigures *figures, guint resource, const ChronoClock *clock, gint64 start, gint64 end,
                             double amount);
/* Onto the resources' lanes, once the trace's time range is final; frees figures. */
void chrono_etf_figures_finish (EtfFigures *figures, EtfReader *r);
void chrono_etf_figures_free (EtfFigures *figures, guint n_resources);

/* What the index pass's reading thread made of a block: a claim or a
 * fragment parsed ahead, or a run of other lines (ETF_AHEAD_LINE) the
 * reader reads itself, one entry for the run whatever its length. */
typedef struct {
  EtfLineAhead ahead;
  guint64 line; /* the parsed line's, or the run's first */
  /* in the block's text: the parsed line without its end, or the run's
   * lines with theirs */
  gsize offset, length;
} EtfIndexLine;

/* The reading thread's own: where a line is cut into fields (the block's
 * text stays as it is, for the runs the reader reads). */
typedef struct {
  char *scratch;
  gsize size;
} EtfIndexSplit;

/* ChronoLazyWindowsFormat.index_split (split_data an EtfIndexSplit): on
 * the reading thread, claims and fragments (most of a file) parsed ahead
 * into block->lines (EtfIndexLine); the other lines are left to the
 * reader, which reads them whole. */
void chrono_etf_index_split (gpointer split_data, ChronoTextBlock *block);

/* A claim or a fragment of the start-order pass as the reading thread read it. */
typedef struct {
  union {
    struct {
      ChronoEtfClaim claim; /* resource: only CHRONO_ETF_CLAIM_HAS_OFFSET */
      const char *attributes; /* in the block's text, NUL-terminated, or NULL */
      gsize attributes_length;
      /* the attributes' pairs, packed in the block's bytes from pairs_offset;
       * ETF_BAD_PAIRS when one is bad (the reader reads them, and says so) */
      gsize pairs_offset;
      guint n_pairs;
    };
    RawFragment fragment;
  };
  gint64 resource; /* a claim's resource id, a fragment's signal id */
  gboolean is_fragment;
} EtfOrderLine;

#define ETF_BAD_PAIRS G_MAXUINT

/* What the reading thread needs of the reader: its own copies. */
typedef struct {
  gint64 ticks_per_unit;
  guint64 unit_line;
  gint64 early_ticks_per_unit;
  gboolean has_signals;
  Pairs pairs; /* the reading thread's scratch */
} EtfOrderSplit;

/* ChronoLazyWindowsFormat.split (split_data an EtfOrderSplit): on the
 * reading thread, a block's claims (and fragments, when the trace has
 * signals) into block->lines (EtfOrderLine), cut and parsed as
 * chrono_etf_read_block and chrono_etf_read_line read them, their
 * attributes' pairs into block->bytes (the index pass reported every line
 * already, so the lines read skip quietly here). */
void chrono_etf_order_split (gpointer split_data, ChronoTextBlock *block);

/* Placing claims compares the grouping keys as interned texts: before any
 * claim's attributes are read, they must be in the trace's strings. */
void chrono_etf_intern_keys (EtfReader *r);

G_END_DECLS
