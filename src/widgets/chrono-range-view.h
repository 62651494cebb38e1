/* chrono-range-view.h — statistics over a time range: the
 * range chosen in the timeline (the selection, which a Shift+drag on the
 * ruler makes and leaves; else markers A..B), a table per lane of the time
 * in each state, the busy share, the items begun and the longest one, and
 * the timing metrics of the instances that lie in the range.  Columns sort
 * by value; Copy puts both tables on the clipboard as tab-separated text;
 * activating a row goes to that lane's longest item, or to the worst
 * instance of that metric.  With several traces in one view each member's
 * lanes are measured on its own clock, over the range mapped onto it. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-timeline-view.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_RANGE_VIEW (chrono_range_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoRangeView, chrono_range_view, CHRONO, RANGE_VIEW, GtkBox)

/* The lanes table's model columns.  Times and shares are doubles (seconds
 * on the lane's trace's clock, a fraction for the share; -1 when there is
 * no longest item) so that a column sorts by value; the text shown is
 * formatted with the clock. */
enum {
  CHRONO_RANGE_LANES_NAME, /* string: the lane's path below its top group ("TASK_1MS/FUNC_A"), as shown */
  CHRONO_RANGE_LANES_PATH, /* string: its whole path ("Tasks/TASK_1MS/FUNC_A"), in the tooltip and the TSV */
  CHRONO_RANGE_LANES_LANE, /* pointer: the ChronoLane, borrowed */
  CHRONO_RANGE_LANES_MEMBER, /* uint: its trace in the view's set (0 without one) */
  CHRONO_RANGE_LANES_INDEX, /* uint: its row of chrono_range_stats_compute's answer */
  CHRONO_RANGE_LANES_BUSY, /* double */
  CHRONO_RANGE_LANES_ITEMS, /* uint */
  CHRONO_RANGE_LANES_LONGEST, /* double */
  CHRONO_RANGE_LANES_STATE, /* double: the first state's time; state s is column CHRONO_RANGE_LANES_STATE + s */
};

/* The metrics table's model columns: a row per entity and metric. */
enum {
  CHRONO_RANGE_METRICS_ENTITY, /* string: "name (type)" */
  CHRONO_RANGE_METRICS_METRIC, /* int: the ChronoMetric */
  CHRONO_RANGE_METRICS_MEMBER, /* uint */
  CHRONO_RANGE_METRICS_INDEX, /* uint: its entity in chrono_range_metrics_compute's answer */
  CHRONO_RANGE_METRICS_COUNT, /* uint */
  CHRONO_RANGE_METRICS_MIN, /* double, and so on: seconds */
  CHRONO_RANGE_METRICS_MEAN,
  CHRONO_RANGE_METRICS_P95,
  CHRONO_RANGE_METRICS_MAX,
  CHRONO_RANGE_METRICS_N_COLUMNS
};

GtkWidget *chrono_range_view_new (ChronoTimelineView *timeline);
/* Whether the trace has lanes of spans (or their summaries) to measure. */
gboolean chrono_range_view_applies (ChronoTrace *trace);
/* Several traces in one view (NULL: the timeline's trace alone). */
void chrono_range_view_set_trace_set (ChronoRangeView *view, ChronoTraceSet *set);
/* The range on show, on the view's (reference) clock; FALSE when none is chosen. */
gboolean chrono_range_view_get_range (ChronoRangeView *view, gint64 *out_begin, gint64 *out_end);
/* The page follows the timeline when the main loop is idle; this brings it up to date now. */
void chrono_range_view_update (ChronoRangeView *view);
GtkTreeView *chrono_range_view_get_lanes (ChronoRangeView *view);
GtkTreeView *chrono_range_view_get_metrics (ChronoRangeView *view);
/* A row of the lanes table as it reads on screen, its visible columns tab-separated. */
char *chrono_range_view_get_lane_row_text (ChronoRangeView *view, guint row);
/* What Copy puts on the clipboard: each table with a header line, in its
 * current order, tab-separated, times as exact seconds, the share in %. */
char *chrono_range_view_get_tsv (ChronoRangeView *view);
GtkWidget *chrono_range_view_get_copy_button (ChronoRangeView *view);
/* The counters in the range (ChronoRangeCountersView), shown when a trace has signals. */
GtkWidget *chrono_range_view_get_counters (ChronoRangeView *view);
/* The line above the tables (the range), or the hint shown when there is none. */
const char *chrono_range_view_get_message (ChronoRangeView *view);

G_END_DECLS
