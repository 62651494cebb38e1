/* chrono-call-tree-view.h — Vampir's call tree: the call paths of a time
 * range (chrono-call-paths.h) as an expandable tree, each path with its
 * calls, inclusive and exclusive time, sortable by any of them; the
 * Profile page shows it beside the flat profile by region. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-trace.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_CALL_TREE_VIEW (chrono_call_tree_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoCallTreeView, chrono_call_tree_view, CHRONO, CALL_TREE_VIEW, GtkScrolledWindow)

/* Signals "region-chosen" (const char *name or NULL): the region of the
 * selected path; "path-chosen" (const char *joined or NULL): the path,
 * its names joined by ';'.  A refill keeps the selection and the rows
 * open, and says NULL only when the selected path is gone. */
GtkWidget *chrono_call_tree_view_new (void);
/* Whether a trace has calls whose paths it can show (read whole). */
gboolean chrono_call_tree_view_applies (ChronoTrace *trace);
/* The paths of the calls on lanes (worker lanes; NULL: all of the trace's) in [begin, end). */
void chrono_call_tree_view_fill (ChronoCallTreeView *view, ChronoTrace *trace, GPtrArray *lanes, gint64 begin,
                                 gint64 end);
GtkTreeView *chrono_call_tree_view_get_tree (ChronoCallTreeView *view);

/* Model columns (tests). */
enum {
  CHRONO_CALL_TREE_COLUMN_NAME,
  CHRONO_CALL_TREE_COLUMN_CALLS,
  CHRONO_CALL_TREE_COLUMN_INCLUSIVE,
  CHRONO_CALL_TREE_COLUMN_EXCLUSIVE,
  CHRONO_CALL_TREE_COLUMN_INCLUSIVE_TEXT,
  CHRONO_CALL_TREE_COLUMN_EXCLUSIVE_TEXT,
  CHRONO_CALL_TREE_COLUMN_PATH, /* the path's names joined by ';' */
  CHRONO_CALL_TREE_COLUMN_TOOLTIP, /* markup: the path, and its figures */
  CHRONO_N_CALL_TREE_COLUMNS
};

G_END_DECLS
