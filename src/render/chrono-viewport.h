/* chrono-viewport.h — what part of a trace is on screen: the visible time
 * range, its zoom history and the vertical scroll.  No GTK here, so zoom and
 * pan are tested without a display.
 *
 * Properties (read-only, notified on change): "begin", "end", "scroll-y",
 * "time-origin", "can-go-back".  As a GActionGroup (and GActionMap) it holds
 * the view's actions: "zoom-in", "zoom-out" (around the cursor when there is
 * one, else the centre), "zoom-fit", "zoom-back" (enabled while there is zoom
 * history), "pan-left", "pan-right". */
#pragma once

#include <glib-object.h>

#include "chrono-view-state.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_VIEWPORT (chrono_viewport_get_type ())
G_DECLARE_FINAL_TYPE (ChronoViewport, chrono_viewport, CHRONO, VIEWPORT, GObject)

ChronoViewport *chrono_viewport_new (gint64 trace_begin, gint64 trace_end);

gint64 chrono_viewport_get_begin (ChronoViewport *viewport);
gint64 chrono_viewport_get_end (ChronoViewport *viewport);
gint64 chrono_viewport_get_trace_begin (ChronoViewport *viewport);
gint64 chrono_viewport_get_trace_end (ChronoViewport *viewport);
void chrono_viewport_set_trace_range (ChronoViewport *viewport, gint64 begin, gint64 end);
/* How far the view may go and what Fit shows, changed (a trace of a set
 * moved); the part on show and the times' origin stay. */
void chrono_viewport_set_trace_bounds (ChronoViewport *viewport, gint64 begin, gint64 end);

void chrono_viewport_set_range (ChronoViewport *viewport, gint64 begin, gint64 end);
void chrono_viewport_zoom (ChronoViewport *viewport, double factor, gint64 anchor);
void chrono_viewport_zoom_wheel (ChronoViewport *viewport, double factor, gint64 anchor);
void chrono_viewport_zoom_to (ChronoViewport *viewport, gint64 begin, gint64 end);
void chrono_viewport_pan (ChronoViewport *viewport, gint64 delta);
void chrono_viewport_pan_fraction (ChronoViewport *viewport, double fraction);
void chrono_viewport_fit (ChronoViewport *viewport);
void chrono_viewport_go_to (ChronoViewport *viewport, gint64 time);
gboolean chrono_viewport_can_go_back (ChronoViewport *viewport);
gboolean chrono_viewport_go_back (ChronoViewport *viewport);

/* The overlays: they repaint without redrawing the lanes ("overlay-changed"). */
typedef enum { CHRONO_MARKER_A, CHRONO_MARKER_B } ChronoMarker;
void chrono_viewport_set_marker (ChronoViewport *viewport, ChronoMarker marker, gint64 time);
void chrono_viewport_clear_markers (ChronoViewport *viewport);
gboolean chrono_viewport_get_marker (ChronoViewport *viewport, ChronoMarker marker, gint64 *out_time);
gboolean chrono_viewport_get_marker_delta (ChronoViewport *viewport, gint64 *out_delta);
void chrono_viewport_set_selection (ChronoViewport *viewport, gint64 begin, gint64 end);
void chrono_viewport_clear_selection (ChronoViewport *viewport);
gboolean chrono_viewport_get_selection (ChronoViewport *viewport, gint64 *out_begin, gint64 *out_end);
void chrono_viewport_set_cursor (ChronoViewport *viewport, gboolean inside, gint64 time);
gboolean chrono_viewport_get_cursor (ChronoViewport *viewport, gint64 *out_time);

/* Times are shown counting from the origin: the trace begin, or 0 (raw trace time). */
void chrono_viewport_set_absolute_time (ChronoViewport *viewport, gboolean absolute);
gboolean chrono_viewport_get_absolute_time (ChronoViewport *viewport);
gint64 chrono_viewport_get_origin (ChronoViewport *viewport);

double chrono_viewport_get_scroll_y (ChronoViewport *viewport);
void chrono_viewport_set_scroll_y (ChronoViewport *viewport, double scroll_y, double max_scroll_y);

/* A saved view's range, markers and time origin shown (each where it has one;
 * markers it lacks are cleared), and the viewport's written into one. */
void chrono_viewport_apply_view_state (ChronoViewport *viewport, ChronoViewState *state);
void chrono_viewport_store_view_state (ChronoViewport *viewport, ChronoViewState *state);

G_END_DECLS
