/* chrono-overview.h — a strip showing the whole trace in miniature (its load
 * over time) with the viewport's visible window marked; dragging the window
 * pans, clicking elsewhere jumps there, Shift-dragging zooms to a range. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-trace.h"
#include "chrono-viewport.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_OVERVIEW (chrono_overview_get_type ())
G_DECLARE_FINAL_TYPE (ChronoOverview, chrono_overview, CHRONO, OVERVIEW, GtkDrawingArea)

GtkWidget *chrono_overview_new (ChronoTrace *trace, ChronoViewport *viewport);
ChronoTrace *chrono_overview_get_trace (ChronoOverview *overview);
ChronoViewport *chrono_overview_get_viewport (ChronoOverview *overview);
/* A search's matches, marked along the top of the strip. */
void chrono_overview_set_found (ChronoOverview *overview, const gint64 *times, guint n);
guint chrono_overview_get_n_found (ChronoOverview *overview);

G_END_DECLS
