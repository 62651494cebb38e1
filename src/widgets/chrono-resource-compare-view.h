/* chrono-resource-compare-view.h — the Compare page of two runs of claims
 * (TRACE; A, the first trace, B the one added under it): every resource
 * of either run with its claims, usage or utilisation in each, the change
 * and the change relative to A, sortable by any column, tinted beyond
 * ±10 %; a resource of one run only is a row with "—" for the other.
 * Activating a row shows that resource's lanes of both runs alone.  The
 * figures are those of `chronoscope-cli diff`. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-resource-diff.h"
#include "chrono-timeline-view.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_RESOURCE_COMPARE_VIEW (chrono_resource_compare_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoResourceCompareView, chrono_resource_compare_view, CHRONO, RESOURCE_COMPARE_VIEW, GtkBox)

GtkWidget *chrono_resource_compare_view_new (ChronoTimelineView *timeline);
/* Whether two traces can be compared here: both with resources, read whole. */
gboolean chrono_resource_compare_view_applies (ChronoTrace *a, ChronoTrace *b);
void chrono_resource_compare_view_show (ChronoResourceCompareView *view, ChronoTrace *a, ChronoTrace *b);
void chrono_resource_compare_view_set_figure (ChronoResourceCompareView *view, ChronoResourceFigure figure);
GtkTreeView *chrono_resource_compare_view_get_tree (ChronoResourceCompareView *view);

/* The table's model columns (tests). */
enum {
  CHRONO_RESOURCE_COMPARE_COLUMN_NAME,
  CHRONO_RESOURCE_COMPARE_COLUMN_A, /* -G_MAXDOUBLE: not in the run */
  CHRONO_RESOURCE_COMPARE_COLUMN_B,
  CHRONO_RESOURCE_COMPARE_COLUMN_DELTA,
  CHRONO_RESOURCE_COMPARE_COLUMN_RELATIVE, /* -G_MAXDOUBLE where there is none */
  CHRONO_RESOURCE_COMPARE_COLUMN_A_TEXT,
  CHRONO_RESOURCE_COMPARE_COLUMN_B_TEXT,
  CHRONO_RESOURCE_COMPARE_COLUMN_DELTA_TEXT,
  CHRONO_RESOURCE_COMPARE_COLUMN_RELATIVE_TEXT,
  CHRONO_RESOURCE_COMPARE_COLUMN_TINT, /* GdkRGBA, NULL within ±10 % */
  CHRONO_RESOURCE_COMPARE_COLUMN_PAIR, /* index into the diff's pairs; G_MAXUINT: of one run only */
  CHRONO_N_RESOURCE_COMPARE_COLUMNS
};

G_END_DECLS
