/* chrono-timeline-view.h — the timeline: lanes drawn by the renderer into a
 * cached surface, with the cheap overlays (cursor line) painted on top. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-renderer.h"
#include "chrono-viewport.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_TIMELINE_VIEW (chrono_timeline_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoTimelineView, chrono_timeline_view, CHRONO, TIMELINE_VIEW, GtkDrawingArea)

GtkWidget *chrono_timeline_view_new (ChronoTrace *trace);
ChronoTrace *chrono_timeline_view_get_trace (ChronoTimelineView *view);
ChronoViewport *chrono_timeline_view_get_viewport (ChronoTimelineView *view);
ChronoLayout *chrono_timeline_view_get_layout (ChronoTimelineView *view);
void chrono_timeline_view_get_render_options (ChronoTimelineView *view, ChronoRenderOptions *out);

G_END_DECLS
