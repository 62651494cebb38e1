/* chrono-timeline-view.h — the timeline: lanes drawn by the renderer into a
 * cached surface, with the cheap overlays (cursor, selection, markers, the
 * selected item) painted on top. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-renderer.h"
#include "chrono-viewport.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_TIMELINE_VIEW (chrono_timeline_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoTimelineView, chrono_timeline_view, CHRONO, TIMELINE_VIEW, GtkDrawingArea)

GtkWidget *chrono_timeline_view_new (ChronoTrace *trace, ChronoViewport *viewport);
ChronoTrace *chrono_timeline_view_get_trace (ChronoTimelineView *view);
ChronoViewport *chrono_timeline_view_get_viewport (ChronoTimelineView *view);
ChronoLayout *chrono_timeline_view_get_layout (ChronoTimelineView *view);
ChronoRenderer *chrono_timeline_view_get_renderer (ChronoTimelineView *view);
void chrono_timeline_view_get_render_options (ChronoTimelineView *view, ChronoRenderOptions *out);

void chrono_timeline_view_select (ChronoTimelineView *view, ChronoLane *lane, guint span);
void chrono_timeline_view_unselect (ChronoTimelineView *view);
void chrono_timeline_view_select_mark (ChronoTimelineView *view, ChronoLane *lane, guint mark);
ChronoTrace *chrono_timeline_view_get_selected_trace (ChronoTimelineView *view);
/* The name column's width in px (its right edge drags; the window remembers it). */
void chrono_timeline_view_set_label_width (ChronoTimelineView *view, int width);
int chrono_timeline_view_get_label_width (ChronoTimelineView *view);
/* As wide as the names of the rows shown need (up to a limit); a double click on the edge does it too. */
void chrono_timeline_view_fit_label_width (ChronoTimelineView *view);
/* Which trace of the layout's set the selection is in (0 without a set). */
guint chrono_timeline_view_get_selected_member (ChronoTimelineView *view);
/* The name column's tooltip at (x, y): the lane's full name and path (markup), or NULL. */
char *chrono_timeline_view_describe_lane_at (ChronoTimelineView *view, double x, double y);
/* The tooltip's markup at (x, y): the lane's name, the item, event, memory
 * reference or signal value under the point; NULL when there is nothing. */
char *chrono_timeline_view_describe_at (ChronoTimelineView *view, double x, double y);
/* The signal sample clicked last shows its lane's other reading (a
 * counter as recorded or as a rate); FALSE: there is none. */
gboolean chrono_timeline_view_switch_sample_reading (ChronoTimelineView *view);
/* Which arrows are drawn and exported: hidden, or only some messages. */
void chrono_timeline_view_set_link_filter (ChronoTimelineView *view, const ChronoLinkFilter *filter);
void chrono_timeline_view_get_link_filter (ChronoTimelineView *view, ChronoLinkFilter *out);
/* What the view draws over its lanes (markers, selection, the selected item, the pointer's line). */
void chrono_timeline_view_get_overlays (ChronoTimelineView *view, ChronoRenderOverlays *out);
gboolean chrono_timeline_view_get_selected (ChronoTimelineView *view, ChronoLane **out_lane, guint *out_span);
/* Select the first span of one instance of a lane; FALSE when it has none. */
gboolean chrono_timeline_view_select_instance (ChronoTimelineView *view, ChronoLane *lane, guint instance);
gboolean chrono_timeline_view_select_adjacent_instance (ChronoTimelineView *view, int direction);
/* "," (+1) to what the selected item waited on, "." (-1) back; FALSE when there is no further step. */
gboolean chrono_timeline_view_follow_chain (ChronoTimelineView *view, int direction);
void chrono_timeline_view_reveal (ChronoTimelineView *view, gint64 begin, gint64 end);
/* Scroll the lanes to a lane's row, unfolding its ancestors; FALSE when the
 * row is not shown (hidden, or filtered out by name). */
gboolean chrono_timeline_view_show_lane (ChronoTimelineView *view, ChronoLane *lane);
void chrono_timeline_view_set_label_attribute (ChronoTimelineView *view, const char *key);
void chrono_timeline_view_set_highlight (ChronoTimelineView *view, const char *name);
/* Ranges marked on the lanes (a requirement's violations), copied; none when n is 0. */
void chrono_timeline_view_set_highlighted_ranges (ChronoTimelineView *view, const ChronoRenderRange *ranges, guint n);
/* A path drawn across the lanes (an event chain's instance), copied, with
 * a label beside its last step (or NULL); none when n is 0. */
void chrono_timeline_view_set_path (ChronoTimelineView *view, const ChronoRenderPathStep *steps, guint n,
                                    const char *label);
/* Scroll the lanes so the rows of these lanes (or of their shown
 * ancestors) are in sight, as many as fit from the first. */
void chrono_timeline_view_reveal_lanes (ChronoTimelineView *view, ChronoLane *const *lanes, guint n);
/* A saved view's bookmarks and notes, drawn over the lanes; NULL: none. */
void chrono_timeline_view_set_annotations (ChronoTimelineView *view, ChronoViewState *state);
ChronoViewState *chrono_timeline_view_get_annotations (ChronoTimelineView *view);
/* The lane menu last opened (right-click in the name column, Shift+F10, Menu), NULL when none was. */
GtkWidget *chrono_timeline_view_get_lane_menu (ChronoTimelineView *view);

G_END_DECLS
