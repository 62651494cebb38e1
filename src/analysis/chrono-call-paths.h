/* chrono-call-paths.h — Vampir's call tree in numbers: for every call path
 * (the names of the calls open, outermost first, down to the call) how
 * often it was entered, its inclusive time (Σ end − enter of its closed
 * calls) and its exclusive time (inclusive less the inclusive time of the
 * closed calls made directly inside them), in ticks, summed over the lanes
 * asked for.
 *
 * Calls are the labelled spans of worker lanes (OTF2 locations) nested by
 * depth, as the OTF2 reader makes them by the nesting rule (a Leave closes
 * the innermost open Enter of its region and the calls above it; a Leave of
 * a region not open closes the innermost call).  A call never left (its
 * span flagged open) is counted but adds no time; a collective under way
 * is not a call.  Within a range [begin, end) a call counts when it
 * overlaps it (a call of no length when it lies in it), with the part of
 * its time inside. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  GPtrArray *names; /* const char *, owned by the trace's strings: outermost first */
  guint64 calls;
  gint64 inclusive, exclusive; /* ticks */
} ChronoCallPath;

/* The paths of the calls on lanes (NULL: every worker lane of the trace),
 * sorted element by element by the names' bytes (a path before those
 * under it).  An array of ChronoCallPath; free with chrono_call_paths_free. */
GArray *chrono_call_paths_compute (ChronoTrace *trace, GPtrArray *lanes, gint64 begin, gint64 end);
/* The same for each lane given apart, in their order: a GPtrArray of such arrays. */
GPtrArray *chrono_call_paths_compute_each (ChronoTrace *trace, GPtrArray *lanes, gint64 begin, gint64 end);
void chrono_call_paths_free (GArray *paths);
/* The order of paths: element by element, by the names' bytes, a path before those under it. */
int chrono_call_path_compare (const ChronoCallPath *a, const ChronoCallPath *b);
/* The path's names joined by ';' (as folded stacks write them). */
char *chrono_call_path_join (const ChronoCallPath *path);

/* The lanes a call-path profile reads: every worker lane, in tree order. */
GPtrArray *chrono_call_paths_lanes (ChronoTrace *trace);

/* A region's figures on one lane: the sums over the lane's paths that end
 * in it (a recursive region's inclusive time counts each depth again, as
 * the paths' do). */
typedef struct {
  const char *region; /* owned by the trace's strings */
  guint32 region_id; /* its string id */
  guint64 calls;
  gint64 inclusive, exclusive; /* ticks */
  gboolean approximate; /* a lazily read lane's share of a stretch the range cuts (chrono-call-summary.h) */
} ChronoRegionTimes;

/* For each lane given (in their order), its regions with a call in
 * [begin, end), sorted by name's bytes: a GPtrArray of GArrays of
 * ChronoRegionTimes.  Vampir's process summary; no path is named, so it
 * costs a walk of the calls.  A lazily read lane answers from its call
 * summary. */
GPtrArray *chrono_call_paths_by_region (ChronoTrace *trace, GPtrArray *lanes, gint64 begin, gint64 end);

/* Load imbalance of one region over the lanes: the inclusive time on each
 * lane, the largest, the mean over the lanes that entered the region, and
 * the lane with the largest (the first of them, in the order given, on
 * ties). */
typedef struct {
  const char *region;
  gint64 max, sum; /* ticks: the mean is sum / n_lanes */
  guint n_lanes; /* that entered it */
  guint worst; /* index into the per-lane profiles given */
} ChronoImbalance;

/* per_lane: chrono_call_paths_by_region's arrays, one per lane.  The
 * regions sorted by name's bytes; an array of ChronoImbalance (names owned
 * by the traces' strings). */
GArray *chrono_call_paths_imbalance (GPtrArray *per_lane);

G_END_DECLS
