/* chrono-range-stats.h — what a time range holds, lane by lane: time per
 * state, the busy share, the items begun in it and the longest one.
 * From the spans when a lane has them, else from the
 * lazily read lane's summary (then items are counted as they overlap). */
#pragma once

#include "chrono-metrics.h"
#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  ChronoLane *lane; /* borrowed */
  guint64 time_in_state[CHRONO_N_STATES]; /* ticks within the range */
  guint64 busy; /* ticks in busy states (running, holding), overlaps of sub-rows counted once per sub-row,
                   but a location's nested calls once (by its outermost calls) */
  gboolean exact_items; /* begun and longest come from the spans themselves */
  guint begun; /* items that start in the range (exact_items), else items that overlap it */
  gboolean has_longest;
  gint64 longest_start, longest_end; /* the longest item that starts in the range */
} ChronoRangeLane;

/* Whether the trace has a lane with spans or a summary of them. */
gboolean chrono_range_stats_applies (ChronoTrace *trace);

/* Every lane with spans or a summary of them, in lane order; [begin, end). */
GArray *chrono_range_stats_compute (ChronoTrace *trace, gint64 begin, gint64 end);

/* The metrics a table of a range shows: a mask of 1 << ChronoMetric. */
#define CHRONO_RANGE_METRICS (1u << CHRONO_METRIC_RESPONSE_TIME | 1u << CHRONO_METRIC_NET_EXECUTION)

/* The distributions of timing metrics (chrono-metrics.h, a mask as
 * chrono_metrics_compute_summaries takes) over the instances that lie in
 * the range: activated at or after begin and terminated by end.  Every
 * process and runnable entity with at least one, sorted by name
 * (ChronoEntitySummary*, freed with the array).  A lazily read trace has
 * not every instance at hand: it gives none (an empty array). */
GPtrArray *chrono_range_metrics_compute (ChronoTrace *trace, gint64 begin, gint64 end, guint32 metrics);

G_END_DECLS
