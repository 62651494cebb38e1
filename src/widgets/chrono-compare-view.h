/* chrono-compare-view.h — the Compare page: two runs shown together (A, the
 * first trace; B, the one added under it), every task, ISR and runnable in
 * both with one statistic of one timing metric in each run, the change and
 * the change relative to A, sortable by any column; a change beyond ±10 %
 * tinted red (slower) or blue (faster), within it not (Trace Compass's
 * convention).  The selected row's distributions are drawn over each other;
 * activating a row shows that entity's lanes of both runs alone in the
 * timeline.  Under it, B's tasks and runnables as a flame graph coloured by
 * the change of their running time from A.  The figures are those of
 * `chronoscope-cli diff`. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-diff.h"
#include "chrono-timeline-view.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_COMPARE_VIEW (chrono_compare_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoCompareView, chrono_compare_view, CHRONO, COMPARE_VIEW, GtkBox)

GtkWidget *chrono_compare_view_new (ChronoTimelineView *timeline);
/* Whether two traces can be compared here: both with task instances, read whole. */
gboolean chrono_compare_view_applies (ChronoTrace *a, ChronoTrace *b);
void chrono_compare_view_show (ChronoCompareView *view, ChronoTrace *a, ChronoTrace *b);
void chrono_compare_view_set_measure (ChronoCompareView *view, ChronoMetric metric, ChronoStat stat);

/* The table's model columns (tests). */
enum {
  CHRONO_COMPARE_COLUMN_NAME,
  CHRONO_COMPARE_COLUMN_TYPE,
  CHRONO_COMPARE_COLUMN_PAIR, /* index of the pair of entities */
  CHRONO_COMPARE_COLUMN_A,
  CHRONO_COMPARE_COLUMN_B,
  CHRONO_COMPARE_COLUMN_DELTA,
  CHRONO_COMPARE_COLUMN_RELATIVE, /* -G_MAXDOUBLE where there is none */
  CHRONO_COMPARE_COLUMN_A_TEXT,
  CHRONO_COMPARE_COLUMN_B_TEXT,
  CHRONO_COMPARE_COLUMN_DELTA_TEXT,
  CHRONO_COMPARE_COLUMN_RELATIVE_TEXT,
  CHRONO_COMPARE_COLUMN_TINT, /* GdkRGBA, NULL within ±10 % */
  CHRONO_N_COMPARE_COLUMNS
};

GtkTreeView *chrono_compare_view_get_tree (ChronoCompareView *view);
GtkWidget *chrono_compare_view_get_histogram (ChronoCompareView *view);
/* The differential flame graph of the runs' tasks and runnables (ChronoFlameView, baseline A). */
GtkWidget *chrono_compare_view_get_flame (ChronoCompareView *view);
/* The button that aligns B at the selected entity's first activation (chrono_compare_align). */
GtkWidget *chrono_compare_view_get_align (ChronoCompareView *view);
/* The entities only one run has, "NAME (TYPE)" a line (tests, the page shows them). */
char *chrono_compare_view_get_only_text (ChronoCompareView *view);

G_END_DECLS
