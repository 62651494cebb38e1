/* chrono-timeline-view.c — redraws the lanes only when the viewport, the
 * layout, the size, the scale or the theme change (the cached surface is
 * "dirty"); pointer motion only repaints the cursor line over the cache, so
 * hovering costs nothing in proportion to the trace. */
#include "chrono-timeline-view.h"

#include <math.h>

#define ZOOM_STEP 1.25
#define DRAG_THRESHOLD 3.0

struct _ChronoTimelineView {
  GtkDrawingArea parent_instance;
  ChronoTrace *trace;
  ChronoLayout *layout;
  ChronoRenderer *renderer;
  ChronoViewport *viewport;
  cairo_surface_t *cache;
  gboolean dirty;
  double pointer_x; /* -1 when the pointer is outside */
  gboolean dragging;
  double drag_start_x, drag_start_y, drag_last_x, drag_last_y;
};

G_DEFINE_FINAL_TYPE (ChronoTimelineView, chrono_timeline_view, GTK_TYPE_DRAWING_AREA)

static gboolean
is_dark (GtkWidget *widget)
{
  GtkStyleContext *style = gtk_widget_get_style_context (widget);
  GdkRGBA fg;
  gtk_style_context_get_color (style, gtk_style_context_get_state (style), &fg);
  /* light text means a dark theme */
  return 0.299 * fg.red + 0.587 * fg.green + 0.114 * fg.blue > 0.5;
}

void
chrono_timeline_view_get_render_options (ChronoTimelineView *self, ChronoRenderOptions *out)
{
  GtkWidget *widget = GTK_WIDGET (self);
  chrono_render_options_init (out, self->trace, gtk_widget_get_allocated_width (widget),
                              gtk_widget_get_allocated_height (widget));
  out->begin = chrono_viewport_get_begin (self->viewport);
  out->end = chrono_viewport_get_end (self->viewport);
  out->scroll_y = chrono_viewport_get_scroll_y (self->viewport);
  out->dark = is_dark (widget);
}

static double
max_scroll (ChronoTimelineView *self)
{
  ChronoRenderOptions options;
  chrono_timeline_view_get_render_options (self, &options);
  return chrono_layout_get_total_height (self->layout) - chrono_render_options_lane_height (&options);
}

static void
invalidate (ChronoTimelineView *self)
{
  self->dirty = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
render_cache (ChronoTimelineView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int width = gtk_widget_get_allocated_width (widget);
  int height = gtk_widget_get_allocated_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  if (self->cache == NULL || cairo_image_surface_get_width (self->cache) != width * scale
      || cairo_image_surface_get_height (self->cache) != height * scale)
    {
      g_clear_pointer (&self->cache, cairo_surface_destroy);
      /* an image surface at device scale keeps HiDPI output sharp */
      self->cache = gdk_window_create_similar_image_surface (gtk_widget_get_window (widget), CAIRO_FORMAT_ARGB32,
                                                             width * scale, height * scale, scale);
    }
  ChronoRenderOptions options;
  chrono_timeline_view_get_render_options (self, &options);
  cairo_t *cr = cairo_create (self->cache);
  chrono_renderer_draw (self->renderer, cr, &options);
  cairo_destroy (cr);
  self->dirty = FALSE;
}

static void
draw_cursor (ChronoTimelineView *self, cairo_t *cr)
{
  ChronoRenderOptions options;
  chrono_timeline_view_get_render_options (self, &options);
  if (self->pointer_x < options.label_width)
    return;
  cairo_set_source_rgba (cr, options.dark ? 1 : 0, options.dark ? 1 : 0, options.dark ? 1 : 0, 0.55);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, floor (self->pointer_x) + 0.5, 0);
  cairo_line_to (cr, floor (self->pointer_x) + 0.5, gtk_widget_get_allocated_height (GTK_WIDGET (self)));
  cairo_stroke (cr);
}

static gboolean
chrono_timeline_view_draw (GtkWidget *widget, cairo_t *cr)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  if (self->dirty || self->cache == NULL)
    render_cache (self);
  cairo_set_source_surface (cr, self->cache, 0, 0);
  cairo_paint (cr);
  if (self->pointer_x >= 0 && !self->dragging)
    draw_cursor (self, cr);
  return GDK_EVENT_PROPAGATE;
}

static void
chrono_timeline_view_size_allocate (GtkWidget *widget, GtkAllocation *allocation)
{
  GTK_WIDGET_CLASS (chrono_timeline_view_parent_class)->size_allocate (widget, allocation);
  invalidate (CHRONO_TIMELINE_VIEW (widget));
}

static gint64
time_at (ChronoTimelineView *self, double x)
{
  ChronoRenderOptions options;
  chrono_timeline_view_get_render_options (self, &options);
  return chrono_render_options_x_to_time (&options, x);
}

static gboolean
chrono_timeline_view_scroll_event (GtkWidget *widget, GdkEventScroll *event)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  double dx = 0, dy = 0;
  if (event->direction == GDK_SCROLL_UP)
    dy = -1;
  else if (event->direction == GDK_SCROLL_DOWN)
    dy = 1;
  else if (event->direction == GDK_SCROLL_LEFT)
    dx = -1;
  else if (event->direction == GDK_SCROLL_RIGHT)
    dx = 1;
  else
    gdk_event_get_scroll_deltas ((GdkEvent *) event, &dx, &dy);

  if (event->state & GDK_CONTROL_MASK)
    chrono_viewport_zoom (self->viewport, pow (ZOOM_STEP, -dy), time_at (self, event->x));
  else if (event->state & GDK_SHIFT_MASK || dx != 0)
    chrono_viewport_pan_fraction (self->viewport, 0.1 * (dx != 0 ? dx : dy));
  else
    chrono_viewport_set_scroll_y (self->viewport, chrono_viewport_get_scroll_y (self->viewport) + dy * 40,
                                  max_scroll (self));
  return GDK_EVENT_STOP;
}

static gboolean
chrono_timeline_view_button_press (GtkWidget *widget, GdkEventButton *event)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  if (event->button != GDK_BUTTON_PRIMARY || event->type != GDK_BUTTON_PRESS)
    return GDK_EVENT_PROPAGATE;
  self->dragging = TRUE;
  self->drag_start_x = self->drag_last_x = event->x;
  self->drag_start_y = self->drag_last_y = event->y;
  return GDK_EVENT_STOP;
}

static gboolean
chrono_timeline_view_button_release (GtkWidget *widget, GdkEventButton *event)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  if (event->button == GDK_BUTTON_PRIMARY)
    self->dragging = FALSE;
  gtk_widget_queue_draw (widget);
  return GDK_EVENT_STOP;
}

static gboolean
chrono_timeline_view_motion_notify (GtkWidget *widget, GdkEventMotion *event)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  self->pointer_x = event->x;
  if (self->dragging
      && (fabs (event->x - self->drag_start_x) > DRAG_THRESHOLD
          || fabs (event->y - self->drag_start_y) > DRAG_THRESHOLD))
    {
      /* drag pans: time follows the pointer, lanes scroll with it */
      gint64 delta = time_at (self, self->drag_last_x) - time_at (self, event->x);
      chrono_viewport_pan (self->viewport, delta);
      chrono_viewport_set_scroll_y (self->viewport,
                                    chrono_viewport_get_scroll_y (self->viewport) - (event->y - self->drag_last_y),
                                    max_scroll (self));
      self->drag_last_x = event->x;
      self->drag_last_y = event->y;
    }
  gtk_widget_queue_draw (widget);
  return GDK_EVENT_PROPAGATE;
}

static gboolean
chrono_timeline_view_leave_notify (GtkWidget *widget, GdkEventCrossing *event)
{
  CHRONO_TIMELINE_VIEW (widget)->pointer_x = -1;
  gtk_widget_queue_draw (widget);
  return GDK_EVENT_PROPAGATE;
}

static void
chrono_timeline_view_style_updated (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (chrono_timeline_view_parent_class)->style_updated (widget);
  invalidate (CHRONO_TIMELINE_VIEW (widget));
}

static void
chrono_timeline_view_finalize (GObject *object)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (object);
  g_clear_pointer (&self->cache, cairo_surface_destroy);
  g_clear_object (&self->renderer);
  g_clear_object (&self->layout);
  g_clear_object (&self->viewport);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (chrono_timeline_view_parent_class)->finalize (object);
}

static void
chrono_timeline_view_class_init (ChronoTimelineViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->finalize = chrono_timeline_view_finalize;
  widget_class->draw = chrono_timeline_view_draw;
  widget_class->size_allocate = chrono_timeline_view_size_allocate;
  widget_class->scroll_event = chrono_timeline_view_scroll_event;
  widget_class->button_press_event = chrono_timeline_view_button_press;
  widget_class->button_release_event = chrono_timeline_view_button_release;
  widget_class->motion_notify_event = chrono_timeline_view_motion_notify;
  widget_class->leave_notify_event = chrono_timeline_view_leave_notify;
  widget_class->style_updated = chrono_timeline_view_style_updated;
  gtk_widget_class_set_css_name (widget_class, "chrono-timeline");
}

static void
chrono_timeline_view_init (ChronoTimelineView *self)
{
  self->pointer_x = -1;
  self->dirty = TRUE;
  gtk_widget_set_can_focus (GTK_WIDGET (self), TRUE);
  gtk_widget_add_events (GTK_WIDGET (self), GDK_SCROLL_MASK | GDK_SMOOTH_SCROLL_MASK | GDK_BUTTON_PRESS_MASK
                                                | GDK_BUTTON_RELEASE_MASK | GDK_POINTER_MOTION_MASK
                                                | GDK_LEAVE_NOTIFY_MASK);
}

GtkWidget *
chrono_timeline_view_new (ChronoTrace *trace)
{
  ChronoTimelineView *self = g_object_new (CHRONO_TYPE_TIMELINE_VIEW, NULL);
  self->trace = g_object_ref (trace);
  self->layout = chrono_layout_new (trace);
  self->renderer = chrono_renderer_new (trace, self->layout);
  self->viewport = chrono_viewport_new (chrono_trace_get_begin (trace), chrono_trace_get_end (trace));
  g_signal_connect_swapped (self->viewport, "changed", G_CALLBACK (invalidate), self);
  g_signal_connect_swapped (self->layout, "changed", G_CALLBACK (invalidate), self);
  return GTK_WIDGET (self);
}

ChronoTrace *
chrono_timeline_view_get_trace (ChronoTimelineView *view)
{
  return view->trace;
}

ChronoViewport *
chrono_timeline_view_get_viewport (ChronoTimelineView *view)
{
  return view->viewport;
}

ChronoLayout *
chrono_timeline_view_get_layout (ChronoTimelineView *view)
{
  return view->layout;
}
