/* chrono-lane-menu.h — the timeline's context menu of a lane: hide it, show
 * all lanes, fold and unfold them all (of every trace shown), move an added
 * trace by a time typed in.  Its actions are the view's "view.*" group. */
#pragma once

#include "chrono-timeline-view.h"

G_BEGIN_DECLS

typedef struct _ChronoLaneMenu ChronoLaneMenu;

/* Gives view its "view" action group; view keeps the menu and frees it. */
ChronoLaneMenu *chrono_lane_menu_new (ChronoTimelineView *view);
void chrono_lane_menu_free (ChronoLaneMenu *menu);
/* The menu of lane (NULL: of no lane in particular; member: the trace of the
 * view's set it is in), at the pointer of event, or from the keyboard
 * (event NULL) at the rectangle at of the view's window. */
void chrono_lane_menu_popup (ChronoLaneMenu *menu, ChronoLane *lane, guint member, const GdkEvent *event,
                             const GdkRectangle *at);
/* The menu last opened, NULL before the first. */
GtkWidget *chrono_lane_menu_get_widget (ChronoLaneMenu *menu);

G_END_DECLS
