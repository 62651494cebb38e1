/* chrono-range-view-private.h — what the parts of the Range page share:
 * its instance struct, what each trace of the view holds in the range, and
 * the lookups of a row's figures. The page is one GObject type; its cells
 * and its copying as text are files of their own. Only the page's files
 * include this. */
#pragma once

#include "chrono-range-view.h"

#include "chrono-range-stats.h"
#include "chrono-trace-set.h"

/* What one trace of the view holds in the range. */
typedef struct {
  ChronoTrace *trace;
  gint64 begin, end; /* the range on this trace's clock */
  GArray *lanes; /* ChronoRangeLane */
  GPtrArray *metrics; /* ChronoEntitySummary* */
} Member;

struct _ChronoRangeView {
  GtkBox parent_instance;
  ChronoTimelineView *timeline;
  ChronoViewport *viewport;
  ChronoTraceSet *set; /* NULL: the timeline's trace alone */
  /* the range chosen, on the reference clock */
  gboolean has_range, from_selection;
  gint64 begin, end;
  gboolean stale; /* the range moved since the tables were computed */
  guint idle_id;
  GArray *members; /* Member */
  gboolean state_shown[CHRONO_N_STATES];
  gboolean exact_items; /* every lane counted the items begun, not those overlapping */
  GtkWidget *message, *note, *content, *lanes, *metrics, *metrics_part, *copy_button;
  GtkWidget *counters; /* ChronoRangeCountersView */
  GtkListStore *lanes_store, *metrics_store;
  GtkTreeViewColumn *state_columns[CHRONO_N_STATES];
  GtkTreeViewColumn *items_column, *longest_column;
};

typedef enum { FIG_COUNT, FIG_MIN, FIG_MEAN, FIG_P95, FIG_MAX, N_FIGURES } Figure;

/* chrono-range-view.c */
const char *chrono_range_view_metric_label (ChronoMetric metric);
const char *chrono_range_view_figure_label (Figure figure);
Member *chrono_range_view_member_at (ChronoRangeView *self, guint member);
const ChronoClock *chrono_range_view_clock_of (ChronoRangeView *self, guint member);
const ChronoRangeLane *chrono_range_view_lane_row (ChronoRangeView *self, guint member, guint index);
const ChronoEntitySummary *chrono_range_view_entity_row (ChronoRangeView *self, guint member, guint index);

/* chrono-range-view-cells.c: the cell functions of the lanes' and the metrics' columns */
void chrono_range_view_lane_cell (GtkTreeViewColumn *column, GtkCellRenderer *cell, GtkTreeModel *model,
                                  GtkTreeIter *iter, gpointer data);
void chrono_range_view_metric_cell (GtkTreeViewColumn *column, GtkCellRenderer *cell, GtkTreeModel *model,
                                    GtkTreeIter *iter, gpointer data);

/* chrono-range-view-copy.c: the Copy button's "clicked" */
void chrono_range_view_copy_clicked (ChronoRangeView *self);
