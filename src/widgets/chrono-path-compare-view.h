/* chrono-path-compare-view.h — the Compare page of two OTF2 runs (A, the
 * first trace; B, the one added under it): every call path of either run
 * with one figure (calls, inclusive or exclusive time) in each, the change
 * and the change relative to A, sortable by any column, tinted beyond
 * ±10 %; a path of one run only is a row with "—" for the other.  Under
 * it, the differential flame graph: B's paths as wide as in B, coloured by
 * the change of their inclusive time from A; selecting a row widens its
 * path there, and B can be aligned at the path's first call.  The figures
 * are those of `chronoscope-cli diff`. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-diff.h"
#include "chrono-timeline-view.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_PATH_COMPARE_VIEW (chrono_path_compare_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoPathCompareView, chrono_path_compare_view, CHRONO, PATH_COMPARE_VIEW, GtkBox)

GtkWidget *chrono_path_compare_view_new (ChronoTimelineView *timeline);
/* Whether two traces can be compared here: both with calls, read whole. */
gboolean chrono_path_compare_view_applies (ChronoTrace *a, ChronoTrace *b);
void chrono_path_compare_view_show (ChronoPathCompareView *view, ChronoTrace *a, ChronoTrace *b);
void chrono_path_compare_view_set_figure (ChronoPathCompareView *view, ChronoPathFigure figure);
GtkTreeView *chrono_path_compare_view_get_tree (ChronoPathCompareView *view);
GtkWidget *chrono_path_compare_view_get_flame (ChronoPathCompareView *view);
/* The button that aligns B at the selected path's first call (chrono_compare_align). */
GtkWidget *chrono_path_compare_view_get_align (ChronoPathCompareView *view);

/* The table's model columns (tests). */
enum {
  CHRONO_PATH_COMPARE_COLUMN_PATH, /* names joined by ';' */
  CHRONO_PATH_COMPARE_COLUMN_A, /* seconds or calls; -G_MAXDOUBLE: not in the run */
  CHRONO_PATH_COMPARE_COLUMN_B,
  CHRONO_PATH_COMPARE_COLUMN_DELTA,
  CHRONO_PATH_COMPARE_COLUMN_RELATIVE, /* -G_MAXDOUBLE where there is none */
  CHRONO_PATH_COMPARE_COLUMN_A_TEXT,
  CHRONO_PATH_COMPARE_COLUMN_B_TEXT,
  CHRONO_PATH_COMPARE_COLUMN_DELTA_TEXT,
  CHRONO_PATH_COMPARE_COLUMN_RELATIVE_TEXT,
  CHRONO_PATH_COMPARE_COLUMN_TINT, /* GdkRGBA, NULL within ±10 % */
  CHRONO_N_PATH_COMPARE_COLUMNS
};

G_END_DECLS
