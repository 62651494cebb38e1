/* chrono-overview.c — the load of the whole trace does not depend on what is
 * visible, so it is computed and drawn only when the size, the scale or the
 * theme change (into a cached surface); the visible window, the dimmed
 * outside and a Shift-drag selection are painted over the cache at every
 * frame, so following the viewport costs nothing in proportion to the trace.
 * The load itself (what is busy, per pixel column) comes from chrono-load. */
#include "chrono-overview.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "chrono-widget-util.h"
#include <string.h>

#include "chrono-load.h"
#include "chrono-palette.h"
#include "chrono-time-axis.h"

#define OVERVIEW_HEIGHT 44
#define AXIS_HEIGHT 14.0 /* the time labels under the load */
#define PLOT_TOP 3.0 /* headroom so a full column still shows its outline */
#define TICK_LENGTH 3.0
#define MAX_LABELS 6 /* labelled ticks across the strip, about */
#define MIN_WINDOW_WIDTH 3.0 /* the window stays visible however far one zooms in */
#define MIN_GRAB_WIDTH 9.0 /* and stays grabbable */
#define DRAG_THRESHOLD 3.0
#define ZOOM_STEP 1.25

typedef enum {
  DRAG_NONE,
  DRAG_PAN, /* the window follows the pointer */
  DRAG_SELECT, /* Shift: a new range, applied on release */
} DragMode;

struct _ChronoOverview {
  GtkDrawingArea parent_instance;
  ChronoTrace *trace;
  ChronoViewport *viewport;

  /* The load per device-pixel column, as fractions of the plot height per
   * state (stacked in state order).  Kept apart from the picture so a theme
   * change repaints without querying the trace again. */
  ChronoLoad *load;

  cairo_surface_t *cache;
  gboolean dirty;
  gint64 cache_origin; /* where the cached axis counts from */

  DragMode drag;
  double press_x, pointer_x; /* pointer_x is -1 when the pointer is outside */
  gint64 press_time, press_begin;
  const char *cursor_name; /* static strings; NULL = the default arrow */

  GArray *found; /* gint64 times of a search's matches, marked along the top; NULL: none */
};

enum { PROP_0, PROP_TRACE, PROP_VIEWPORT, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ChronoOverview, chrono_overview, GTK_TYPE_DRAWING_AREA)

/* ---- geometry --------------------------------------------------------- */

static double
plot_bottom (ChronoOverview *self)
{
  return MAX (gtk_widget_get_allocated_height (GTK_WIDGET (self)) - AXIS_HEIGHT, PLOT_TOP + 1.0);
}

static double
trace_span (ChronoOverview *self)
{
  return (double) MAX (
      chrono_viewport_get_trace_end (self->viewport) - chrono_viewport_get_trace_begin (self->viewport), 1);
}

static double
time_to_x (ChronoOverview *self, gint64 t)
{
  double width = gtk_widget_get_allocated_width (GTK_WIDGET (self));
  return (double) (t - chrono_viewport_get_trace_begin (self->viewport)) * width / trace_span (self);
}

/* Not clamped: a drag that leaves the strip keeps its distances. */
static gint64
x_to_time (ChronoOverview *self, double x)
{
  double width = MAX (gtk_widget_get_allocated_width (GTK_WIDGET (self)), 1);
  return chrono_viewport_get_trace_begin (self->viewport) + (gint64) llround (x * trace_span (self) / width);
}

static gint64
x_to_time_clamped (ChronoOverview *self, double x)
{
  return CLAMP (x_to_time (self, x), chrono_viewport_get_trace_begin (self->viewport),
                chrono_viewport_get_trace_end (self->viewport));
}

/* The visible window in px, at least min_width wide and inside the strip. */
static void
window_extent (ChronoOverview *self, double min_width, double *out_x0, double *out_x1)
{
  double width = gtk_widget_get_allocated_width (GTK_WIDGET (self));
  double x0 = time_to_x (self, chrono_viewport_get_begin (self->viewport));
  double x1 = time_to_x (self, chrono_viewport_get_end (self->viewport));
  if (x1 - x0 < min_width)
    {
      double centre = (x0 + x1) / 2.0;
      x0 = centre - min_width / 2.0;
      x1 = centre + min_width / 2.0;
    }
  if (x0 < 0.0)
    {
      x1 -= x0;
      x0 = 0.0;
    }
  if (x1 > width)
    {
      x0 = MAX (x0 - (x1 - width), 0.0);
      x1 = width;
    }
  *out_x0 = x0;
  *out_x1 = x1;
}

static gboolean
over_window (ChronoOverview *self, double x)
{
  double x0, x1;
  window_extent (self, MIN_GRAB_WIDTH, &x0, &x1);
  return x >= x0 && x <= x1;
}

/* ---- the load --------------------------------------------------------- */

/* Whether the load was computed for this many columns of today's trace range. */
static gboolean
load_is_current (ChronoOverview *self, guint n_columns)
{
  return self->load != NULL && chrono_load_get_n_columns (self->load) == n_columns
         && chrono_load_get_begin (self->load) == chrono_viewport_get_trace_begin (self->viewport)
         && chrono_load_get_end (self->load) == chrono_viewport_get_trace_end (self->viewport);
}

static void
compute_load (ChronoOverview *self, guint n_columns)
{
  g_clear_pointer (&self->load, chrono_load_free);
  self->load = chrono_load_compute (self->trace, chrono_viewport_get_trace_begin (self->viewport),
                                    chrono_viewport_get_trace_end (self->viewport), n_columns);
}

/* ---- the cached picture ----------------------------------------------- */

/* Stacked areas, one per state, through the column centres. */
static void
draw_load (ChronoOverview *self, cairo_t *cr, const ChronoPalette *palette, double top, double bottom, int scale)
{
  guint n = self->load != NULL ? chrono_load_get_n_columns (self->load) : 0;
  if (n == 0)
    return;
  double width = (double) n / scale;
  double height = bottom - top;
  g_autofree double *below = g_new0 (double, n);
  g_autofree double *above = g_new0 (double, n);
  gboolean drawn = FALSE;

  for (guint s = 0; s < CHRONO_N_STATES; s++)
    {
      double state_total = 0.0;
      for (guint c = 0; c < n; c++)
        {
          above[c] = MIN (below[c] + chrono_load_get_fraction (self->load, c, s), 1.0);
          state_total += above[c] - below[c];
        }
      if (state_total <= 0.0)
        continue;
      drawn = TRUE;
      cairo_move_to (cr, 0.0, bottom - above[0] * height);
      for (guint c = 0; c < n; c++)
        cairo_line_to (cr, (c + 0.5) / scale, bottom - above[c] * height);
      cairo_line_to (cr, width, bottom - above[n - 1] * height);
      cairo_line_to (cr, width, bottom - below[n - 1] * height);
      for (guint c = n; c-- > 0;)
        cairo_line_to (cr, (c + 0.5) / scale, bottom - below[c] * height);
      cairo_line_to (cr, 0.0, bottom - below[0] * height);
      cairo_close_path (cr);
      /* softened towards the background: the overview is context, the
       * lanes below are the subject */
      ChronoRgb fill;
      chrono_rgb_mix (&palette->states[s], &palette->background, 0.45, &fill);
      chrono_rgb_set_source (cr, &fill);
      cairo_fill (cr);
      memcpy (below, above, n * sizeof *below);
    }
  if (!drawn)
    return;

  /* a crisp edge on the total keeps short peaks readable */
  cairo_move_to (cr, 0.0, bottom - below[0] * height);
  for (guint c = 0; c < n; c++)
    cairo_line_to (cr, (c + 0.5) / scale, bottom - below[c] * height);
  cairo_line_to (cr, width, bottom - below[n - 1] * height);
  /* neutral, since the top may belong to any state */
  ChronoRgb edge;
  chrono_rgb_mix (&palette->dim_text, &palette->background, 0.4, &edge);
  chrono_rgb_set_source (cr, &edge);
  cairo_set_line_width (cr, 1.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
}

static PangoLayout *
create_label_layout (GtkWidget *widget)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, NULL);
  PangoAttrList *attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_scale_new (PANGO_SCALE_SMALL));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

/* The whole trace across the strip, counting from the origin the rest of
 * the window uses: the trace begin, or raw trace time. */
static void
get_time_axis (ChronoOverview *self, double width, ChronoTimeAxis *axis)
{
  gint64 origin = chrono_viewport_get_origin (self->viewport);
  gint64 begin = chrono_viewport_get_trace_begin (self->viewport);
  gint64 end = chrono_viewport_get_trace_end (self->viewport);
  axis->ticks_per_second = (double) MAX (chrono_trace_get_clock (self->trace)->ticks_per_second, 1);
  axis->counts_cycles = chrono_trace_get_clock (self->trace)->counts_cycles;
  axis->rel_begin = (double) (begin - origin);
  axis->rel_end = (double) (end - origin);
  axis->span_ticks = (double) MAX (end - begin, 1);
  axis->x0 = 0.0;
  axis->x1 = width;
}

typedef struct {
  cairo_t *cr;
  PangoLayout *layout;
  const ChronoPalette *palette;
  const ChronoTickScale *scale;
  double ticks_per_second;
  double top, width;
  double previous_end; /* where the last label drawn ends */
} AxisLabels;

/* The label right of its tick, or left of it at the strip's end (where the
 * trace's last tick falls just outside); one that would touch the previous
 * is left out. */
static void
draw_axis_label (double x, double rel_ticks, gpointer data)
{
  AxisLabels *d = data;
  g_autofree char *text = chrono_tick_scale_format (d->scale, rel_ticks / d->ticks_per_second);
  int w, h;
  pango_layout_set_text (d->layout, text, -1);
  pango_layout_get_pixel_size (d->layout, &w, &h);
  double lx = MIN (x, d->width - 0.5) + 3.0;
  if (lx + w > d->width - 2.0)
    lx = MIN (x, d->width - 0.5) - 3.0 - w;
  if (lx < d->previous_end + 4.0)
    return;
  chrono_rgb_set_source (d->cr, &d->palette->dim_text);
  cairo_move_to (d->cr, lx, d->top + MAX ((AXIS_HEIGHT - h) / 2.0, 0.0));
  pango_cairo_show_layout (d->cr, d->layout);
  d->previous_end = lx + w;
}

/* The ruler's ticks and units, spaced for a few labels across the strip. */
static void
draw_axis (ChronoOverview *self, cairo_t *cr, const ChronoPalette *palette, double top, double width)
{
  GtkWidget *widget = GTK_WIDGET (self);
  double bottom = gtk_widget_get_allocated_height (widget);
  chrono_rgb_set_source (cr, &palette->chrome);
  cairo_rectangle (cr, 0, top, width, bottom - top);
  cairo_fill (cr);

  ChronoTimeAxis axis;
  get_time_axis (self, width, &axis);
  g_autoptr (PangoLayout) layout = create_label_layout (widget);
  pango_cairo_update_layout (cr, layout);
  ChronoTickScale scale;
  chrono_time_axis_choose_scale (&axis, layout, width / MAX_LABELS, &scale);
  /* faint grid through the plot, a tick in the axis */
  chrono_time_axis_add_ticks (&axis, cr, scale.step_ticks, 0, top);
  chrono_rgb_set_source (cr, &palette->grid);
  cairo_stroke (cr);
  chrono_time_axis_add_ticks (&axis, cr, scale.step_ticks, top, top + TICK_LENGTH);
  chrono_rgb_set_source (cr, &palette->separator);
  cairo_stroke (cr);
  AxisLabels labels = { cr, layout, palette, &scale, axis.ticks_per_second, top, width, -G_MAXDOUBLE };
  chrono_time_axis_foreach_tick (&axis, scale.step_ticks, draw_axis_label, &labels);

  chrono_rgb_set_source (cr, &palette->separator);
  cairo_move_to (cr, 0, top + 0.5);
  cairo_line_to (cr, width, top + 0.5);
  cairo_stroke (cr);
}

static void
render_cache (ChronoOverview *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int width = gtk_widget_get_allocated_width (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  chrono_widget_ensure_cache (widget, &self->cache);
  /* one column per device pixel: a HiDPI strip shows twice the detail */
  guint n_columns = (guint) MAX (width * scale, 0);
  if (!load_is_current (self, n_columns))
    compute_load (self, n_columns);

  const ChronoPalette *palette = chrono_palette_get (chrono_widget_is_dark (widget));
  self->cache_origin = chrono_viewport_get_origin (self->viewport);
  cairo_t *cr = cairo_create (self->cache);
  chrono_rgb_set_source (cr, &palette->background);
  cairo_paint (cr);
  cairo_set_line_width (cr, 1.0);
  double bottom = plot_bottom (self);
  draw_axis (self, cr, palette, bottom, width);
  draw_load (self, cr, palette, PLOT_TOP, bottom, scale);
  cairo_destroy (cr);
  self->dirty = FALSE;
}

static void
invalidate (ChronoOverview *self)
{
  self->dirty = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- the overlay ------------------------------------------------------ */

/* The theme's selection colour, so the window looks like a selection; dark
 * themes use a deep one that would vanish against a dark strip, so it is
 * lifted until it stands out. */
static void
get_accent (GtkWidget *widget, const ChronoPalette *palette, GdkRGBA *out)
{
  GtkStyleContext *style = gtk_widget_get_style_context (widget);
  if (!gtk_style_context_lookup_color (style, "theme_selected_bg_color", out))
    *out = (GdkRGBA){ palette->signal_line.red, palette->signal_line.green, palette->signal_line.blue, 1.0 };
  out->alpha = 1.0;
  double luminance = 0.299 * out->red + 0.587 * out->green + 0.114 * out->blue;
  if (palette->dark && luminance < 0.5)
    {
      double k = (0.5 - luminance) / (1.0 - luminance);
      out->red += (1.0 - out->red) * k;
      out->green += (1.0 - out->green) * k;
      out->blue += (1.0 - out->blue) * k;
    }
}

static void
draw_overlay (ChronoOverview *self, cairo_t *cr)
{
  GtkWidget *widget = GTK_WIDGET (self);
  double width = gtk_widget_get_allocated_width (widget);
  double bottom = plot_bottom (self);
  gboolean dark = chrono_widget_is_dark (widget);
  const ChronoPalette *palette = chrono_palette_get (dark);
  GdkRGBA accent;
  get_accent (widget, palette, &accent);

  double x0, x1;
  window_extent (self, MIN_WINDOW_WIDTH, &x0, &x1);
  x0 = round (x0);
  x1 = MAX (round (x1), x0 + MIN_WINDOW_WIDTH);

  /* the outside recedes, so the window reads at a glance */
  cairo_set_source_rgba (cr, palette->chrome.red, palette->chrome.green, palette->chrome.blue, dark ? 0.65 : 0.6);
  cairo_rectangle (cr, 0, 0, x0, bottom);
  cairo_rectangle (cr, x1, 0, width - x1, bottom);
  cairo_fill (cr);

  cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, dark ? 0.14 : 0.10);
  cairo_rectangle (cr, x0, 0, x1 - x0, bottom);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 1.0);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, x0 + 0.5, 0.5, x1 - x0 - 1.0, bottom - 0.5);
  cairo_stroke (cr);
  /* continued into the axis, so the window's time can be read off */
  cairo_rectangle (cr, x0, bottom, x1 - x0, 2.0);
  cairo_fill (cr);

  if (self->drag == DRAG_SELECT && fabs (self->pointer_x - self->press_x) >= DRAG_THRESHOLD)
    {
      double s0 = CLAMP (MIN (self->press_x, self->pointer_x), 0.0, width);
      double s1 = CLAMP (MAX (self->press_x, self->pointer_x), 0.0, width);
      cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.25);
      cairo_rectangle (cr, s0, 0, s1 - s0, bottom);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.9);
      cairo_move_to (cr, floor (s0) + 0.5, 0);
      cairo_line_to (cr, floor (s0) + 0.5, bottom);
      cairo_move_to (cr, floor (s1) + 0.5, 0);
      cairo_line_to (cr, floor (s1) + 0.5, bottom);
      cairo_stroke (cr);
    }
}

#define FOUND_HEIGHT 4.0

/* A search's matches: a tick at the top of each column that holds one. */
static void
draw_found (ChronoOverview *self, cairo_t *cr)
{
  if (self->found == NULL || self->found->len == 0)
    return;
  int width = gtk_widget_get_allocated_width (GTK_WIDGET (self));
  if (width <= 0)
    return;
  g_autofree guint8 *column = g_new0 (guint8, width);
  for (guint i = 0; i < self->found->len; i++)
    {
      double x = time_to_x (self, g_array_index (self->found, gint64, i));
      if (x >= 0.0 && x < width)
        column[(int) x] = 1;
    }
  cairo_set_source_rgb (cr, 0.90, 0.38, 0.0); /* orange: apart from the load's state colours and the accent */
  for (int x = 0; x < width; x++)
    if (column[x])
      cairo_rectangle (cr, x, 0, 1.0, FOUND_HEIGHT);
  cairo_fill (cr);
}

/* Marks these times (copied) along the top; NULL or none: no marks. */
void
chrono_overview_set_found (ChronoOverview *overview, const gint64 *times, guint n)
{
  g_return_if_fail (CHRONO_IS_OVERVIEW (overview));
  g_clear_pointer (&overview->found, g_array_unref);
  if (times != NULL && n > 0)
    {
      overview->found = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n);
      g_array_append_vals (overview->found, times, n);
    }
  gtk_widget_queue_draw (GTK_WIDGET (overview));
}

guint
chrono_overview_get_n_found (ChronoOverview *overview)
{
  g_return_val_if_fail (CHRONO_IS_OVERVIEW (overview), 0);
  return overview->found != NULL ? overview->found->len : 0;
}

static gboolean
chrono_overview_draw (GtkWidget *widget, cairo_t *cr)
{
  ChronoOverview *self = CHRONO_OVERVIEW (widget);
  if (self->trace == NULL || self->viewport == NULL)
    return GDK_EVENT_PROPAGATE; /* built without them: constructed () already complained */
  /* a new trace range or origin comes with a viewport "changed", which only
   * queues a draw, as most of those are a pan or a zoom */
  if (self->dirty || self->cache == NULL || self->load == NULL
      || !load_is_current (self, chrono_load_get_n_columns (self->load))
      || self->cache_origin != chrono_viewport_get_origin (self->viewport))
    render_cache (self);
  cairo_save (cr);
  cairo_set_source_surface (cr, self->cache, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
  draw_overlay (self, cr);
  draw_found (self, cr);
  return GDK_EVENT_PROPAGATE;
}

/* ---- input ------------------------------------------------------------ */

static void
set_cursor (ChronoOverview *self, const char *name)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GdkWindow *window = gtk_widget_get_window (widget);
  if (window == NULL || g_strcmp0 (self->cursor_name, name) == 0)
    return;
  self->cursor_name = name;
  g_autoptr (GdkCursor) cursor = name ? gdk_cursor_new_from_name (gtk_widget_get_display (widget), name) : NULL;
  gdk_window_set_cursor (window, cursor);
}

static void
update_cursor (ChronoOverview *self)
{
  if (self->drag == DRAG_PAN)
    set_cursor (self, "grabbing");
  else if (self->drag == DRAG_SELECT)
    set_cursor (self, "col-resize");
  else if (self->pointer_x >= 0 && over_window (self, self->pointer_x))
    set_cursor (self, "grab");
  else
    set_cursor (self, NULL);
}

static gboolean
chrono_overview_button_press (GtkWidget *widget, GdkEventButton *event)
{
  ChronoOverview *self = CHRONO_OVERVIEW (widget);
  if (event->button != GDK_BUTTON_PRIMARY || event->type != GDK_BUTTON_PRESS)
    return GDK_EVENT_PROPAGATE;
  self->press_x = self->pointer_x = event->x;
  if (event->state & GDK_SHIFT_MASK)
    self->drag = DRAG_SELECT;
  else
    {
      /* a press beside the window brings the window there, and the same
       * gesture then drags it on */
      if (!over_window (self, event->x))
        chrono_viewport_go_to (self->viewport, x_to_time_clamped (self, event->x));
      self->drag = DRAG_PAN;
      self->press_time = x_to_time (self, event->x);
      self->press_begin = chrono_viewport_get_begin (self->viewport);
    }
  update_cursor (self);
  gtk_widget_queue_draw (widget);
  return GDK_EVENT_STOP;
}

static gboolean
chrono_overview_motion_notify (GtkWidget *widget, GdkEventMotion *event)
{
  ChronoOverview *self = CHRONO_OVERVIEW (widget);
  self->pointer_x = event->x;
  if (self->drag == DRAG_PAN)
    {
      /* from the press, not the last event, so the grabbed point stays
       * under the pointer even after the window hit a trace edge */
      gint64 begin = self->press_begin + (x_to_time (self, event->x) - self->press_time);
      chrono_viewport_pan (self->viewport, begin - chrono_viewport_get_begin (self->viewport));
    }
  else if (self->drag == DRAG_SELECT)
    gtk_widget_queue_draw (widget);
  update_cursor (self);
  return GDK_EVENT_STOP;
}

static gboolean
chrono_overview_button_release (GtkWidget *widget, GdkEventButton *event)
{
  ChronoOverview *self = CHRONO_OVERVIEW (widget);
  if (event->button != GDK_BUTTON_PRIMARY || self->drag == DRAG_NONE)
    return GDK_EVENT_PROPAGATE;
  DragMode drag = self->drag;
  self->drag = DRAG_NONE;
  self->pointer_x = event->x;
  if (drag == DRAG_SELECT && fabs (event->x - self->press_x) >= DRAG_THRESHOLD)
    chrono_viewport_zoom_to (self->viewport, x_to_time_clamped (self, self->press_x),
                             x_to_time_clamped (self, event->x));
  update_cursor (self);
  gtk_widget_queue_draw (widget);
  return GDK_EVENT_STOP;
}

static gboolean
chrono_overview_grab_broken (GtkWidget *widget, GdkEventGrabBroken *event)
{
  ChronoOverview *self = CHRONO_OVERVIEW (widget);
  self->drag = DRAG_NONE;
  update_cursor (self);
  gtk_widget_queue_draw (widget);
  return GDK_EVENT_PROPAGATE;
}

static gboolean
chrono_overview_leave_notify (GtkWidget *widget, GdkEventCrossing *event)
{
  ChronoOverview *self = CHRONO_OVERVIEW (widget);
  /* during a drag the implicit grab still reports the pointer */
  if (self->drag == DRAG_NONE)
    {
      self->pointer_x = -1;
      update_cursor (self);
    }
  return GDK_EVENT_PROPAGATE;
}

static gboolean
chrono_overview_scroll_event (GtkWidget *widget, GdkEventScroll *event)
{
  ChronoOverview *self = CHRONO_OVERVIEW (widget);
  double dx, dy;
  chrono_scroll_event_get_deltas (event, &dx, &dy);

  /* horizontal scrolling (or Shift) pans, as in the timeline */
  if (event->state & GDK_SHIFT_MASK || fabs (dx) > fabs (dy))
    chrono_viewport_pan_fraction (self->viewport, 0.1 * (fabs (dx) > fabs (dy) ? dx : dy));
  else if (dy != 0)
    chrono_viewport_zoom_wheel (self->viewport, pow (ZOOM_STEP, -dy), x_to_time_clamped (self, event->x));
  return GDK_EVENT_STOP;
}

static gboolean
chrono_overview_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  ChronoOverview *self = CHRONO_OVERVIEW (widget);
  if (keyboard || self->load == NULL || self->drag != DRAG_NONE)
    return FALSE;
  ChronoLoadSource source = chrono_load_get_source (self->load);
  guint n_columns = chrono_load_get_n_columns (self->load);
  if (source == CHRONO_LOAD_SOURCE_NONE || n_columns == 0)
    return FALSE;
  int scale = gtk_widget_get_scale_factor (widget);
  guint c = (guint) CLAMP ((gint64) x * scale, 0, (gint64) n_columns - 1);
  g_autofree char *at =
      chrono_clock_format_ticks (chrono_trace_get_clock (self->trace),
                                 x_to_time_clamped (self, x) - chrono_viewport_get_origin (self->viewport), 4);
  int percent = (int) lround (100.0 * chrono_load_get_column_total (self->load, c));
  const char *what = source == CHRONO_LOAD_SOURCE_CORES       ? _ ("cores busy")
                     : source == CHRONO_LOAD_SOURCE_PROCESSES ? _ ("running")
                                                              : _ ("busy");
  /* TRANSLATORS: time in the trace, what is measured, a percentage: "12.5 ms · cores busy 63 %" */
  g_autofree char *text = g_strdup_printf (_ ("%s · %s %d %%"), at, what, percent);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* ---- sizing and life cycle -------------------------------------------- */

static void
chrono_overview_get_preferred_height (GtkWidget *widget, int *minimum, int *natural)
{
  *minimum = *natural = OVERVIEW_HEIGHT;
}

static void
chrono_overview_get_preferred_width (GtkWidget *widget, int *minimum, int *natural)
{
  *minimum = 64;
  *natural = 400;
}

static void
chrono_overview_size_allocate (GtkWidget *widget, GtkAllocation *allocation)
{
  GTK_WIDGET_CLASS (chrono_overview_parent_class)->size_allocate (widget, allocation);
  invalidate (CHRONO_OVERVIEW (widget));
}

static void
chrono_overview_style_updated (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (chrono_overview_parent_class)->style_updated (widget);
  invalidate (CHRONO_OVERVIEW (widget));
}

static void
chrono_overview_unrealize (GtkWidget *widget)
{
  ChronoOverview *self = CHRONO_OVERVIEW (widget);
  /* the cache was made for this GdkWindow */
  g_clear_pointer (&self->cache, cairo_surface_destroy);
  self->cursor_name = NULL;
  GTK_WIDGET_CLASS (chrono_overview_parent_class)->unrealize (widget);
}

static void
on_scale_factor_changed (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  invalidate (CHRONO_OVERVIEW (object));
}

static void
on_viewport_changed (ChronoOverview *self)
{
  /* only the overlay moved; draw () notices a new trace range by itself */
  if (self->drag == DRAG_NONE)
    update_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
chrono_overview_constructed (GObject *object)
{
  ChronoOverview *self = CHRONO_OVERVIEW (object);
  G_OBJECT_CLASS (chrono_overview_parent_class)->constructed (object);
  g_return_if_fail (self->trace != NULL && self->viewport != NULL);
  g_signal_connect_object (self->viewport, "changed", G_CALLBACK (on_viewport_changed), self, G_CONNECT_SWAPPED);
}

static void
chrono_overview_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ChronoOverview *self = CHRONO_OVERVIEW (object);
  switch (prop_id)
    {
    case PROP_TRACE: g_value_set_object (value, self->trace); break;
    case PROP_VIEWPORT: g_value_set_object (value, self->viewport); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_overview_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ChronoOverview *self = CHRONO_OVERVIEW (object);
  switch (prop_id)
    {
    case PROP_TRACE: self->trace = g_value_dup_object (value); break;
    case PROP_VIEWPORT: self->viewport = g_value_dup_object (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_overview_finalize (GObject *object)
{
  ChronoOverview *self = CHRONO_OVERVIEW (object);
  g_clear_pointer (&self->cache, cairo_surface_destroy);
  g_clear_pointer (&self->load, chrono_load_free);
  g_clear_pointer (&self->found, g_array_unref);
  g_clear_object (&self->viewport);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (chrono_overview_parent_class)->finalize (object);
}

static void
chrono_overview_class_init (ChronoOverviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->constructed = chrono_overview_constructed;
  object_class->get_property = chrono_overview_get_property;
  object_class->set_property = chrono_overview_set_property;
  object_class->finalize = chrono_overview_finalize;
  widget_class->draw = chrono_overview_draw;
  widget_class->get_preferred_height = chrono_overview_get_preferred_height;
  widget_class->get_preferred_width = chrono_overview_get_preferred_width;
  widget_class->size_allocate = chrono_overview_size_allocate;
  widget_class->style_updated = chrono_overview_style_updated;
  widget_class->unrealize = chrono_overview_unrealize;
  widget_class->button_press_event = chrono_overview_button_press;
  widget_class->button_release_event = chrono_overview_button_release;
  widget_class->motion_notify_event = chrono_overview_motion_notify;
  widget_class->grab_broken_event = chrono_overview_grab_broken;
  widget_class->leave_notify_event = chrono_overview_leave_notify;
  widget_class->scroll_event = chrono_overview_scroll_event;
  widget_class->query_tooltip = chrono_overview_query_tooltip;
  gtk_widget_class_set_css_name (widget_class, "chrono-overview");

  properties[PROP_TRACE] = g_param_spec_object ("trace", NULL, NULL, CHRONO_TYPE_TRACE,
                                                G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWPORT] = g_param_spec_object ("viewport", NULL, NULL, CHRONO_TYPE_VIEWPORT,
                                                   G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
chrono_overview_init (ChronoOverview *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  self->pointer_x = -1;
  self->dirty = TRUE;
  gtk_widget_set_has_tooltip (widget, TRUE);
  /* moving to a HiDPI monitor needs a sharper cache but brings no new allocation */
  g_signal_connect (widget, "notify::scale-factor", G_CALLBACK (on_scale_factor_changed), NULL);
  gtk_widget_add_events (widget, GDK_SCROLL_MASK | GDK_SMOOTH_SCROLL_MASK | GDK_BUTTON_PRESS_MASK
                                     | GDK_BUTTON_RELEASE_MASK | GDK_POINTER_MOTION_MASK | GDK_LEAVE_NOTIFY_MASK);
  AtkObject *accessible = gtk_widget_get_accessible (widget);
  atk_object_set_name (accessible, _ ("Overview of the whole trace"));
  atk_object_set_description (accessible,
                              _ ("Load over time; drag the highlighted window to pan, Shift-drag to zoom to a range"));
}

GtkWidget *
chrono_overview_new (ChronoTrace *trace, ChronoViewport *viewport)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  g_return_val_if_fail (CHRONO_IS_VIEWPORT (viewport), NULL);
  return g_object_new (CHRONO_TYPE_OVERVIEW, "trace", trace, "viewport", viewport, NULL);
}

ChronoTrace *
chrono_overview_get_trace (ChronoOverview *overview)
{
  g_return_val_if_fail (CHRONO_IS_OVERVIEW (overview), NULL);
  return overview->trace;
}

ChronoViewport *
chrono_overview_get_viewport (ChronoOverview *overview)
{
  g_return_val_if_fail (CHRONO_IS_OVERVIEW (overview), NULL);
  return overview->viewport;
}
