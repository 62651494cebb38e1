/* chrono-timeline-view-private.h — what the parts of the timeline view
 * share: its instance struct, its signals and the few helpers more than one
 * part calls. The view is one GObject type; its work is split by concern
 * (drawing and life cycle, pointer, keys and the lane menu, tooltips,
 * selection, the chain walk) so that no one file holds it all. Only the
 * view's own files include this. */
#pragma once

#include "chrono-timeline-view.h"

#include "chrono-lane-menu.h"

#define SCROLL_STEP 40.0

/* DRAG_AXIS: along a density lane's address axis (its name column), choosing the addresses it shows;
 * DRAG_SHIFT: an added trace's heading, moving that trace in time */
/* DRAG_NAMES: the name column's right edge, making the column wider or narrower */
typedef enum { DRAG_NONE, DRAG_PENDING, DRAG_PAN, DRAG_SELECT, DRAG_AXIS, DRAG_SHIFT, DRAG_NAMES } DragMode;

struct _ChronoTimelineView {
  GtkDrawingArea parent_instance;
  ChronoTrace *trace;
  ChronoLayout *layout;
  ChronoRenderer *renderer;
  ChronoViewport *viewport;
  ChronoViewState *annotations; /* bookmarks and notes drawn over the lanes, or NULL */
  cairo_surface_t *cache;
  gboolean dirty;
  double pointer_x, pointer_y; /* pointer_x < 0 when the pointer is outside */
  DragMode drag;
  guint drag_button;
  gboolean drag_selects; /* Shift held or right button: the drag selects a range */
  gboolean drag_keeps; /* begun on the ruler: the range selected stays, nothing zooms */
  double drag_start_x, drag_start_y, drag_last_x, drag_last_y;
  ChronoLane *axis_lane; /* the density lane of a DRAG_AXIS */
  guint shift_member; /* the trace a DRAG_SHIFT moves, and its shift when the drag began */
  gint64 shift_start;
  double axis_start; /* its axis position where the drag began */
  ChronoLane *selected_lane; /* NULL when nothing is selected; of a decoded chunk in a lazily read trace */
  ChronoTrace *selected_trace; /* the trace the selected lane belongs to */
  ChronoLane *selected_row_lane; /* the trace's lane whose row shows it */
  guint selected_span;
  ChronoLaneMenu *lane_menu; /* the context menu of the name column, and its "view.*" actions */
  char *label_attribute; /* claims show this attribute's value, or NULL */
  char *highlight_name; /* only these calls at full strength, or NULL */
  ChronoLinkFilter link_filter; /* which arrows are drawn; its communicator is link_communicator */
  ChronoLane *sample_lane; /* the signal sample clicked last: its lane, trace, time and member */
  ChronoTrace *sample_trace;
  gint64 sample_time;
  guint sample_member;
  char *link_communicator;
  gboolean dark; /* the theme's, read when the style changes rather than at every pointer motion */
  int label_width; /* the name column's width in px */
  GArray *ranges; /* ChronoRenderRange: marked on the lanes */
  GArray *path; /* ChronoRenderPathStep: drawn across them */
  char *path_label;
  GArray *chain; /* ChronoChainStep: what the item the walk began at waited on, itself first; NULL: no walk */
  guint chain_at; /* the step selected */
  gboolean chain_on_mark; /* the step selected is an event: the walk stays current though no span is */
  ChronoTrace *chain_trace; /* whose items the walk visits */
  ChronoTrace *mark_trace; /* the instant event chosen last (no span is then): a walk may begin at it */
  ChronoLane *mark_lane;
  guint mark_index;
  struct _ChronoBlocking
      *blocking; /* the trace's semaphore waits and instances by name, made at the first click on one */
};

enum {
  ITEM_SELECTED,
  NODE_SELECTED,
  MARK_SELECTED,
  REFERENCE_SELECTED,
  SAMPLE_SELECTED,
  NOTICE,
  LABEL_WIDTH_CHOSEN,
  N_SIGNALS
};
extern guint chrono_timeline_view_signals[N_SIGNALS];

/* chrono-timeline-view.c */
double chrono_timeline_view_max_scroll (ChronoTimelineView *self);
gint64 chrono_timeline_view_time_at (ChronoTimelineView *self, double x);
gboolean chrono_timeline_view_pointer_inside_data (ChronoTimelineView *self);
GtkWidgetClass *chrono_timeline_view_get_parent_widget_class (void);

/* chrono-timeline-view-keys.c */
gboolean chrono_timeline_view_key_press (GtkWidget *widget, GdkEventKey *event);
gboolean chrono_timeline_view_popup_menu (GtkWidget *widget);
void chrono_timeline_view_popup_lane_menu (ChronoTimelineView *self, GdkEventButton *event);

/* chrono-timeline-view-pointer.c */
gboolean chrono_timeline_view_scroll_event (GtkWidget *widget, GdkEventScroll *event);
gboolean chrono_timeline_view_button_press (GtkWidget *widget, GdkEventButton *event);
gboolean chrono_timeline_view_button_release (GtkWidget *widget, GdkEventButton *event);
gboolean chrono_timeline_view_motion_notify (GtkWidget *widget, GdkEventMotion *event);
gboolean chrono_timeline_view_leave_notify (GtkWidget *widget, GdkEventCrossing *event);

/* chrono-timeline-view-selection.c */
void chrono_timeline_view_select_at (ChronoTimelineView *self, double x, double y);
void chrono_timeline_view_select_in (ChronoTimelineView *self, ChronoTrace *trace, ChronoLane *lane,
                                     ChronoLane *row_lane, guint span);

/* chrono-timeline-view-tooltip.c */
gboolean chrono_timeline_view_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip);
