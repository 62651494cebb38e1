/* chrono-timeline-view-keys.c — the timeline view's keys and its lane menu.
 * The keys without modifiers live here rather than as application
 * accelerators, so that typing in the search entry never zooms; most
 * activate the viewport's actions, the same the window's buttons and
 * shortcuts do. The lane menu opens from the keyboard (Shift+F10, the Menu
 * key) or a right-click in the name column. */
#include "chrono-timeline-view-private.h"

/* Zoom around the pointer when it is over the data, else around the centre. */
static gint64
zoom_anchor (ChronoTimelineView *self)
{
  if (chrono_timeline_view_pointer_inside_data (self))
    return chrono_timeline_view_time_at (self, self->pointer_x);
  return chrono_viewport_get_begin (self->viewport)
         + (chrono_viewport_get_end (self->viewport) - chrono_viewport_get_begin (self->viewport)) / 2;
}

static void
pan_to_edge (ChronoTimelineView *self, gboolean end)
{
  gint64 span = chrono_viewport_get_end (self->viewport) - chrono_viewport_get_begin (self->viewport);
  gint64 target =
      end ? chrono_viewport_get_trace_end (self->viewport) - span : chrono_viewport_get_trace_begin (self->viewport);
  chrono_viewport_set_range (self->viewport, target, target + span);
}

static void
scroll_lanes (ChronoTimelineView *self, double delta)
{
  chrono_viewport_set_scroll_y (self->viewport, chrono_viewport_get_scroll_y (self->viewport) + delta,
                                chrono_timeline_view_max_scroll (self));
}

static void
set_marker_at_pointer (ChronoTimelineView *self, ChronoMarker marker)
{
  gint64 time = chrono_timeline_view_pointer_inside_data (self) ? chrono_timeline_view_time_at (self, self->pointer_x)
                                                                : zoom_anchor (self);
  chrono_viewport_set_marker (self->viewport, marker, time);
}

/* Markers A and B on the selected item's start and end (on the ruler's clock). */
static void
mark_selection (ChronoTimelineView *self)
{
  if (self->selected_lane == NULL)
    return;
  ChronoSpans *spans = chrono_lane_get_spans (self->selected_lane);
  gint64 begin = chrono_spans_get_start (spans, self->selected_span);
  gint64 end = chrono_spans_get_end (spans, self->selected_span);
  ChronoTraceSet *set = chrono_layout_get_trace_set (self->layout);
  guint member = chrono_timeline_view_get_selected_member (self);
  if (set != NULL && member > 0)
    {
      begin = chrono_trace_set_to_reference (set, member, begin);
      end = chrono_trace_set_to_reference (set, member, end);
    }
  chrono_viewport_set_marker (self->viewport, CHRONO_MARKER_A, begin);
  chrono_viewport_set_marker (self->viewport, CHRONO_MARKER_B, end);
}

/* Keys activate the viewport's actions, the same the window's buttons and
 * shortcuts do (zooming around the pointer when it is over the lanes). */
static void
view_action (ChronoTimelineView *self, const char *name)
{
  g_action_group_activate_action (G_ACTION_GROUP (self->viewport), name, NULL);
}

gboolean
chrono_timeline_view_key_press (GtkWidget *widget, GdkEventKey *event)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  if (event->state & (GDK_CONTROL_MASK | GDK_MOD1_MASK))
    return chrono_timeline_view_get_parent_widget_class ()->key_press_event (widget, event);
  double page = 0.8 * gtk_widget_get_allocated_height (widget);
  switch (event->keyval)
    {
    /* Perfetto's and Tracy's hands: W and S zoom, A and D pan, M marks the selection */
    case GDK_KEY_w:
    case GDK_KEY_plus:
    case GDK_KEY_KP_Add:
    case GDK_KEY_equal: view_action (self, "zoom-in"); break;
    case GDK_KEY_s:
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract: view_action (self, "zoom-out"); break;
    case GDK_KEY_a: view_action (self, "pan-left"); break;
    case GDK_KEY_d: view_action (self, "pan-right"); break;
    case GDK_KEY_m: mark_selection (self); break;
    case GDK_KEY_0:
    case GDK_KEY_f:
    case GDK_KEY_F: view_action (self, "zoom-fit"); break;
    case GDK_KEY_BackSpace: view_action (self, "zoom-back"); break;
    case GDK_KEY_Left: view_action (self, "pan-left"); break;
    case GDK_KEY_Right: view_action (self, "pan-right"); break;
    case GDK_KEY_Home: pan_to_edge (self, FALSE); break;
    case GDK_KEY_End: pan_to_edge (self, TRUE); break;
    case GDK_KEY_Up: scroll_lanes (self, -SCROLL_STEP); break;
    case GDK_KEY_Down: scroll_lanes (self, SCROLL_STEP); break;
    case GDK_KEY_Page_Up: scroll_lanes (self, -page); break;
    case GDK_KEY_Page_Down: scroll_lanes (self, page); break;
    case GDK_KEY_1: set_marker_at_pointer (self, CHRONO_MARKER_A); break;
    case GDK_KEY_2: set_marker_at_pointer (self, CHRONO_MARKER_B); break;
    case GDK_KEY_bracketleft: chrono_timeline_view_select_adjacent_instance (self, -1); break;
    case GDK_KEY_bracketright: chrono_timeline_view_select_adjacent_instance (self, +1); break;
    case GDK_KEY_comma: chrono_timeline_view_follow_chain (self, +1); break;
    case GDK_KEY_period: chrono_timeline_view_follow_chain (self, -1); break;
    case GDK_KEY_Escape:
      chrono_viewport_clear_selection (self->viewport);
      chrono_timeline_view_unselect (self);
      if (self->chain != NULL)
        {
          /* the walk's path goes with it */
          g_clear_pointer (&self->chain, g_array_unref);
          chrono_timeline_view_set_path (self, NULL, 0, NULL);
        }
      break;
    default: return chrono_timeline_view_get_parent_widget_class ()->key_press_event (widget, event);
    }
  return GDK_EVENT_STOP;
}

/* The menu of lane (NULL: of no lane in particular), at the pointer of event or, from the keyboard
 * (event NULL), at the lane's name. */
static void
popup_menu_for (ChronoTimelineView *self, ChronoLane *lane, guint member, const GdkEvent *event)
{
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  guint row;
  GdkRectangle at = { 0, (int) chrono_render_options_lane_top (&o), (int) o.label_width, 1 };
  if (lane != NULL && chrono_layout_find_row (self->layout, lane, &row))
    at.y += (int) (chrono_layout_get_row (self->layout, row)->y - o.scroll_y);
  chrono_lane_menu_popup (self->lane_menu, lane, member, event, &at);
}

void
chrono_timeline_view_popup_lane_menu (ChronoTimelineView *self, GdkEventButton *event)
{
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  ChronoRenderHit hit;
  gboolean found = chrono_renderer_hit_test (self->renderer, &o, event->x, event->y, &hit);
  popup_menu_for (self, found ? hit.lane : NULL, found ? hit.member : 0, (const GdkEvent *) event);
}

/* Shift+F10 or the Menu key: the menu of the selected item's lane, else of the lane under the pointer. */
gboolean
chrono_timeline_view_popup_menu (GtkWidget *widget)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  ChronoRenderHit hit;
  if (self->selected_row_lane != NULL)
    popup_menu_for (self, self->selected_row_lane, chrono_timeline_view_get_selected_member (self), NULL);
  else if (self->pointer_x >= 0
           && chrono_renderer_hit_test (self->renderer, &o, MIN (self->pointer_x, o.label_width - 1), self->pointer_y,
                                        &hit))
    popup_menu_for (self, hit.lane, hit.member, NULL);
  else
    popup_menu_for (self, NULL, 0, NULL);
  return TRUE;
}

/* The lane menu on show, NULL when none was opened. */
GtkWidget *
chrono_timeline_view_get_lane_menu (ChronoTimelineView *self)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (self), NULL);
  return chrono_lane_menu_get_widget (self->lane_menu);
}
