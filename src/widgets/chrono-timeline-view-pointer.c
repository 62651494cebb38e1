/* chrono-timeline-view-pointer.c — what the mouse does in the timeline
 * view: Ctrl+wheel zooms around the pointer, wheel scrolls lanes,
 * Shift+wheel pans, drag pans, Shift+drag or right-drag selects a range and
 * zooms to it, click selects an item (or toggles a lane's expander in the
 * name column), a click on the ruler sets marker A and a right-click marker B,
 * Shift+drag on the ruler selects a range that stays (the Range page's).
 * In the name column a drag along a density lane chooses the addresses it
 * shows and a drag on the column's edge its width; in the timeline a drag
 * on an added trace's heading moves that trace in time. Apart from the
 * drawing because the drag's state machine is the whole of it. */
#include "chrono-timeline-view-private.h"

#include <math.h>

#include "chrono-widget-util.h"

#define ZOOM_STEP 1.25
#define DRAG_THRESHOLD 3.0
#define EDGE_GRAB 5.0 /* how near the name column's edge a press grabs it */

gboolean
chrono_timeline_view_scroll_event (GtkWidget *widget, GdkEventScroll *event)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  double dx, dy;
  chrono_scroll_event_get_deltas (event, &dx, &dy);

  if (event->state & GDK_CONTROL_MASK)
    chrono_viewport_zoom_wheel (self->viewport, pow (ZOOM_STEP, -dy), chrono_timeline_view_time_at (self, event->x));
  else if (event->state & GDK_SHIFT_MASK || dx != 0)
    chrono_viewport_pan_fraction (self->viewport, 0.1 * (dx != 0 ? dx : dy));
  else
    chrono_viewport_set_scroll_y (self->viewport, chrono_viewport_get_scroll_y (self->viewport) + dy * SCROLL_STEP,
                                  chrono_timeline_view_max_scroll (self));
  return GDK_EVENT_STOP;
}

static gboolean
on_ruler (ChronoTimelineView *self, double x, double y)
{
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  return y < chrono_render_options_lane_top (&o) && x >= o.label_width;
}

/* In the name column, the expander of a lane with children toggles it. */
static gboolean
toggle_expander_at (ChronoTimelineView *self, double x, double y)
{
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  ChronoRenderHit hit;
  if (!chrono_renderer_hit_test (self->renderer, &o, x, y, &hit) || !hit.on_expander)
    return FALSE;
  if (hit.node != CHRONO_TREE_NONE) /* a node of a tree: its subtree folds into its row */
    chrono_layout_set_node_expanded (self->layout, hit.lane, hit.node,
                                     !chrono_layout_get_node_expanded (self->layout, hit.lane, hit.node));
  else
    chrono_layout_set_expanded (self->layout, hit.lane, !chrono_layout_get_expanded (self->layout, hit.lane));
  return TRUE;
}

/* The name column's edge grabs from its side only: a drag begun in the
 * timeline, however near the edge, pans or zooms. */
static gboolean
on_names_edge (ChronoTimelineView *self, double x)
{
  return x < self->label_width && x >= self->label_width - EDGE_GRAB;
}

/* A press on the heading of a trace added to the first: dragging it moves that trace in time. */
static gboolean
start_shift_drag (ChronoTimelineView *self, const ChronoRenderOptions *o, GdkEventButton *event)
{
  ChronoTraceSet *set = chrono_layout_get_trace_set (self->layout);
  ChronoRenderHit hit;
  if (set == NULL || !chrono_renderer_hit_test (self->renderer, o, event->x, event->y, &hit) || hit.member == 0
      || chrono_trace_set_get_heading (set, hit.member) != chrono_layout_get_row (self->layout, hit.row)->lane)
    return FALSE;
  self->drag = DRAG_SHIFT;
  self->drag_button = event->button;
  self->shift_member = hit.member;
  self->shift_start = chrono_trace_set_get_shift (set, hit.member);
  self->drag_start_x = self->drag_last_x = event->x;
  self->drag_start_y = self->drag_last_y = event->y;
  return TRUE;
}

gboolean
chrono_timeline_view_button_press (GtkWidget *widget, GdkEventButton *event)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  gtk_widget_grab_focus (widget);
  if (event->type == GDK_2BUTTON_PRESS && event->button == GDK_BUTTON_PRIMARY && on_names_edge (self, event->x))
    {
      /* a double click on the column's edge: as wide as the names need again */
      self->drag = DRAG_NONE;
      chrono_timeline_view_fit_label_width (self);
      g_signal_emit (self, chrono_timeline_view_signals[LABEL_WIDTH_CHOSEN], 0, 0);
      return GDK_EVENT_STOP;
    }
  if (event->type == GDK_2BUTTON_PRESS && event->button == GDK_BUTTON_PRIMARY)
    {
      /* a double click on a density lane's axis shows all its addresses again */
      ChronoRenderOptions o;
      chrono_timeline_view_get_render_options (self, &o);
      ChronoLane *lane =
          event->x < o.label_width ? chrono_renderer_density_lane_at (self->renderer, &o, event->y) : NULL;
      if (lane != NULL)
        {
          chrono_layout_reset_axis_range (self->layout, lane);
          return GDK_EVENT_STOP;
        }
    }
  if (event->type != GDK_BUTTON_PRESS)
    return GDK_EVENT_PROPAGATE;
  if (on_ruler (self, event->x, event->y) && event->button == GDK_BUTTON_PRIMARY && (event->state & GDK_SHIFT_MASK))
    {
      /* a range to look at, not to zoom to; a click without a drag still sets marker A */
      self->drag = DRAG_PENDING;
      self->drag_button = event->button;
      self->drag_selects = self->drag_keeps = TRUE;
      self->drag_start_x = self->drag_last_x = event->x;
      self->drag_start_y = self->drag_last_y = event->y;
      return GDK_EVENT_STOP;
    }
  if (on_ruler (self, event->x, event->y)
      && (event->button == GDK_BUTTON_PRIMARY || event->button == GDK_BUTTON_SECONDARY))
    {
      chrono_viewport_set_marker (self->viewport,
                                  event->button == GDK_BUTTON_PRIMARY ? CHRONO_MARKER_A : CHRONO_MARKER_B,
                                  chrono_timeline_view_time_at (self, event->x));
      return GDK_EVENT_STOP;
    }
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  if (event->button == GDK_BUTTON_SECONDARY && event->x < o.label_width)
    {
      chrono_timeline_view_popup_lane_menu (self, event);
      return GDK_EVENT_STOP;
    }
  if (event->button == GDK_BUTTON_PRIMARY && on_names_edge (self, event->x)
      && event->y >= chrono_render_options_lane_top (&o))
    {
      self->drag = DRAG_NAMES;
      self->drag_button = event->button;
      return GDK_EVENT_STOP;
    }
  if (event->button == GDK_BUTTON_PRIMARY && event->x < o.label_width
      && (self->axis_lane = chrono_renderer_density_lane_at (self->renderer, &o, event->y)) != NULL
      && chrono_renderer_density_position (self->renderer, &o, self->axis_lane, event->y, &self->axis_start))
    {
      self->drag = DRAG_AXIS;
      self->drag_button = event->button;
      self->drag_start_y = self->drag_last_y = event->y;
      return GDK_EVENT_STOP;
    }
  if (event->button != GDK_BUTTON_PRIMARY && event->button != GDK_BUTTON_SECONDARY)
    return GDK_EVENT_PROPAGATE;
  if (event->button == GDK_BUTTON_PRIMARY && event->x >= o.label_width && start_shift_drag (self, &o, event))
    return GDK_EVENT_STOP;
  self->drag = DRAG_PENDING;
  self->drag_button = event->button;
  self->drag_selects = event->button == GDK_BUTTON_SECONDARY || (event->state & GDK_SHIFT_MASK);
  self->drag_keeps = FALSE;
  self->drag_start_x = self->drag_last_x = event->x;
  self->drag_start_y = self->drag_last_y = event->y;
  return GDK_EVENT_STOP;
}

/* The addresses between where the drag began and ended become what the lane shows. */
static void
finish_axis_drag (ChronoTimelineView *self, double y)
{
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  double end;
  if (fabs (y - self->drag_start_y) < DRAG_THRESHOLD
      || !chrono_renderer_density_position (self->renderer, &o, self->axis_lane, y, &end))
    return;
  double lo = MIN (self->axis_start, end), hi = MAX (self->axis_start, end);
  if (hi > lo)
    chrono_layout_set_axis_range (self->layout, self->axis_lane, lo, hi);
}

gboolean
chrono_timeline_view_button_release (GtkWidget *widget, GdkEventButton *event)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  if (event->button != self->drag_button)
    return GDK_EVENT_PROPAGATE;
  DragMode mode = self->drag;
  self->drag = DRAG_NONE;
  if (mode == DRAG_NAMES)
    g_signal_emit (self, chrono_timeline_view_signals[LABEL_WIDTH_CHOSEN], 0, self->label_width);
  if (mode == DRAG_AXIS)
    finish_axis_drag (self, event->y);
  else if (mode == DRAG_SELECT && self->drag_keeps)
    {
      gint64 begin, end;
      if (chrono_viewport_get_selection (self->viewport, &begin, &end) && end <= begin)
        chrono_viewport_clear_selection (self->viewport);
    }
  else if (mode == DRAG_SELECT)
    {
      gint64 begin, end;
      if (chrono_viewport_get_selection (self->viewport, &begin, &end) && end > begin)
        chrono_viewport_zoom_to (self->viewport, begin, end);
      chrono_viewport_clear_selection (self->viewport);
    }
  else if (mode == DRAG_PENDING && self->drag_keeps)
    chrono_viewport_set_marker (self->viewport, CHRONO_MARKER_A, chrono_timeline_view_time_at (self, event->x));
  else if (mode == DRAG_PENDING && event->button == GDK_BUTTON_PRIMARY)
    {
      /* a click, not a drag */
      if (!toggle_expander_at (self, event->x, event->y))
        chrono_timeline_view_select_at (self, event->x, event->y);
    }
  gtk_widget_queue_draw (widget);
  return GDK_EVENT_STOP;
}

static void
continue_drag (ChronoTimelineView *self, double x, double y)
{
  if (self->drag == DRAG_AXIS)
    {
      self->drag_last_y = y;
      return;
    }
  if (self->drag == DRAG_NAMES)
    {
      chrono_timeline_view_set_label_width (self, (int) lround (x));
      return;
    }
  if (self->drag == DRAG_SHIFT)
    {
      /* the trace follows the pointer: its shift grows by the time dragged over */
      ChronoTraceSet *set = chrono_layout_get_trace_set (self->layout);
      gint64 delta = chrono_timeline_view_time_at (self, x) - chrono_timeline_view_time_at (self, self->drag_start_x);
      chrono_trace_set_set_shift (set, self->shift_member, self->shift_start + delta);
      self->drag_last_x = x;
      return;
    }
  if (self->drag == DRAG_PENDING
      && (fabs (x - self->drag_start_x) > DRAG_THRESHOLD || fabs (y - self->drag_start_y) > DRAG_THRESHOLD))
    self->drag = self->drag_selects ? DRAG_SELECT : DRAG_PAN;
  if (self->drag == DRAG_SELECT)
    chrono_viewport_set_selection (self->viewport, chrono_timeline_view_time_at (self, self->drag_start_x),
                                   chrono_timeline_view_time_at (self, x));
  else if (self->drag == DRAG_PAN)
    {
      /* time follows the pointer, lanes scroll with it */
      gint64 delta = chrono_timeline_view_time_at (self, self->drag_last_x) - chrono_timeline_view_time_at (self, x);
      chrono_viewport_pan (self->viewport, delta);
      chrono_viewport_set_scroll_y (self->viewport,
                                    chrono_viewport_get_scroll_y (self->viewport) - (y - self->drag_last_y),
                                    chrono_timeline_view_max_scroll (self));
    }
  self->drag_last_x = x;
  self->drag_last_y = y;
}

/* Over the name column's edge the pointer says it can be dragged. */
static void
show_edge_cursor (ChronoTimelineView *self, gboolean on_edge)
{
  GdkWindow *window = gtk_widget_get_window (GTK_WIDGET (self));
  if (window == NULL)
    return;
  g_autoptr (GdkCursor) cursor =
      on_edge ? gdk_cursor_new_from_name (gdk_window_get_display (window), "col-resize") : NULL;
  gdk_window_set_cursor (window, cursor);
}

gboolean
chrono_timeline_view_motion_notify (GtkWidget *widget, GdkEventMotion *event)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  self->pointer_x = event->x;
  self->pointer_y = event->y;
  if (self->drag != DRAG_NONE)
    continue_drag (self, event->x, event->y);
  show_edge_cursor (self, self->drag == DRAG_NAMES || on_names_edge (self, event->x));
  chrono_viewport_set_cursor (self->viewport, chrono_timeline_view_pointer_inside_data (self),
                              chrono_timeline_view_time_at (self, event->x));
  gtk_widget_queue_draw (widget);
  return GDK_EVENT_PROPAGATE;
}

gboolean
chrono_timeline_view_leave_notify (GtkWidget *widget, GdkEventCrossing *event)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  self->pointer_x = -1;
  chrono_viewport_set_cursor (self->viewport, FALSE, 0);
  gtk_widget_queue_draw (widget);
  return GDK_EVENT_PROPAGATE;
}
