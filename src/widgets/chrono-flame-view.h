/* chrono-flame-view.h — the call paths of a time range as an icicle
 * (a flame graph upside down): the outermost calls on the top row, each
 * path a bar as wide as its inclusive time under its caller's bar, the
 * callees of a path left to right by name, coloured by region as the
 * timeline colours them.  A click chooses a path ("path-chosen" and
 * "region-chosen", as the call tree does); a double click makes a path
 * the whole width (its callers stay on top as full bars), a double click
 * on one of those callers, or Escape, goes back up. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-trace.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_FLAME_VIEW (chrono_flame_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoFlameView, chrono_flame_view, CHRONO, FLAME_VIEW, GtkDrawingArea)

GtkWidget *chrono_flame_view_new (void);
/* The paths of the calls on lanes (worker lanes; NULL: all of the trace's) in [begin, end). */
void chrono_flame_view_fill (ChronoFlameView *view, ChronoTrace *trace, GPtrArray *lanes, gint64 begin, gint64 end);
/* Paths given instead (ChronoCallPath in path order, each after its caller;
 * names of the trace's strings): a run of tasks' (chrono-task-paths.h). */
void chrono_flame_view_fill_paths (ChronoFlameView *view, ChronoTrace *trace, GArray *paths);

/* Where the bar of a path (names joined by ';') is drawn now; FALSE when it
 * is not (no such path, or outside the focused one). */
gboolean chrono_flame_view_get_bar (ChronoFlameView *view, const char *joined, double *x, double *y, double *width);
/* The path under (x, y), NULL: none; and what its tooltip says. */
char *chrono_flame_view_path_at (ChronoFlameView *view, double x, double y);
char *chrono_flame_view_describe_at (ChronoFlameView *view, double x, double y);
/* The path drawn the whole width (NULL: every outermost call); a path not
 * shown leaves the focus as it was and returns FALSE. */
gboolean chrono_flame_view_focus (ChronoFlameView *view, const char *joined);
const char *chrono_flame_view_get_focus (ChronoFlameView *view);
/* A differential flame graph: the trace filled is run B, drawn as wide as
 * in B, each path coloured by the change of its inclusive time from run A's
 * paths (chrono_call_paths_compute of a, copied): grey within ±10 %, red
 * slower or only in B, blue faster.  NULL: colours by region again. */
void chrono_flame_view_set_baseline (ChronoFlameView *view, ChronoTrace *a, GArray *paths);

G_END_DECLS
