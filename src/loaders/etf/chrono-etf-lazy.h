/* chrono-etf-lazy.h — a big TRACE file read lazily: what the index passes
 * (chrono-etf-lazy.c) leave for the chunk decoder (chrono-etf-windows.c).
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

#include "chrono-chunk-reader.h"
#include "chrono-etf-private.h"

G_BEGIN_DECLS

/* A block of whole lines as the index pass read it. */
typedef struct {
  guint64 offset, length, first_line;
  double min_t0, max_t0; /* of its claims, as written; min_t0 > max_t0 when it has none */
  double fragment_t0, fragment_t1; /* the times its signal fragments span, as written; t0 > t1 when it has none */
  double event_t0, event_t1; /* the times of its events, as written; t0 > t1 when it has none */
} EtfBlock;

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

typedef struct {
  gint64 begin; /* the window holds the claims starting in [begin, the next window's begin) */
  GArray *blocks; /* guint: the blocks that hold such claims, in file order */
  GArray *busy; /* EtfBusySlot */
  GArray *running; /* EtfRunning */
} EtfWindow;

/* Read-only once the index pass is over: the decoder's worker thread reads it. */
typedef struct {
  GArray *blocks; /* EtfBlock */
  GArray *windows; /* EtfWindow */
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
  gsize block_size; /* the input's, when chunk-size asked for small blocks */
} EtfLazyData;

void chrono_etf_lazy_data_free (EtfLazyData *data);

/* The decoder of windows: takes data and reader. */
ChronoChunkDecoder *chrono_etf_windows_new (EtfLazyData *data, ChronoChunkReader *reader, const ChronoClock *clock);

/* Placing claims compares the grouping keys as interned texts: before any
 * claim's attributes are read, they must be in the trace's strings. */
void chrono_etf_intern_keys (EtfReader *r);

G_END_DECLS
