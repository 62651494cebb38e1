/* chrono-metrics-view.c — metrics are computed for one entity at a time,
 * when the panel is on show: a selection made while another page is up
 * costs nothing until the page is opened. */
#include <glib/gi18n-lib.h>

#include <math.h>

#include "chrono-breakdown-table.h"
#include "chrono-metrics-view.h"

#define N_BINS 20
#define DOT_RADIUS 2.5
#define PICK_DISTANCE 6.0 /* px: a click this close to a dot means that dot */
#define PLOT_HEIGHT 200
#define HISTOGRAM_HEIGHT 150
/* the plots' margins, room for the axis labels */
#define MARGIN_LEFT 64.0
#define MARGIN_RIGHT 12.0
#define MARGIN_TOP 20.0
#define MARGIN_BOTTOM 34.0
#define HISTOGRAM_MARGIN_TOP 34.0 /* the title, then the percentiles' names */

typedef enum { FIG_COUNT, FIG_MIN, FIG_MAX, FIG_MEAN, FIG_P50, FIG_P95, FIG_P99, FIG_WORST_AT, N_FIGURES } Figure;

struct _ChronoMetricsView {
  GtkBox parent_instance;
  ChronoTimelineView *timeline;
  ChronoViewport *viewport;
  /* the selection followed */
  ChronoTrace *trace;
  ChronoLane *lane;
  guint span;
  gboolean stale; /* the selection moved to another entity while the panel was hidden */
  /* what is shown */
  ChronoEntityMetrics *entity;
  ChronoMetric metric;
  ChronoMetricSummary summary; /* count 0 when no instance has the metric */
  guint selected; /* the selected instance, an index into entity->instances, G_MAXUINT when none */
  GtkWidget *hint, *content, *title, *combo, *plot, *histogram, *worst_button, *breakdown;
  GtkWidget *figures[N_FIGURES];
};

G_DEFINE_FINAL_TYPE (ChronoMetricsView, chrono_metrics_view, GTK_TYPE_BOX)

static const char *
metric_label (ChronoMetric metric)
{
  switch (metric)
    {
    case CHRONO_METRIC_RESPONSE_TIME: return _ ("Response time");
    case CHRONO_METRIC_START_DELAY: return _ ("Start delay");
    case CHRONO_METRIC_GROSS_EXECUTION: return _ ("Gross execution time");
    case CHRONO_METRIC_NET_EXECUTION: return _ ("Net execution time");
    case CHRONO_METRIC_INTERFERENCE: return _ ("Interference");
    case CHRONO_METRIC_PREEMPTIONS: return _ ("Preemptions");
    case CHRONO_METRIC_ACTIVATION_JITTER: return _ ("Activation jitter");
    case CHRONO_METRIC_RESPONSE_JITTER: return _ ("Response jitter");
    case CHRONO_METRIC_SEMAPHORE_WAIT: return _ ("Semaphore wait");
    case CHRONO_METRIC_SEMAPHORE_HOLD: return _ ("Semaphore hold");
    case CHRONO_METRIC_INVERSIONS: return _ ("Priority inversions");
    default: g_return_val_if_reached ("");
    }
}

static const char *
figure_label (Figure figure)
{
  switch (figure)
    {
    case FIG_COUNT: return _ ("Count");
    case FIG_MIN: return _ ("Min");
    case FIG_MAX: return _ ("Max");
    case FIG_MEAN: return _ ("Mean");
    case FIG_P50: return _ ("p50");
    case FIG_P95: return _ ("p95");
    case FIG_P99: return _ ("p99");
    case FIG_WORST_AT: return _ ("Worst at");
    default: g_return_val_if_reached ("");
    }
}

gboolean
chrono_metrics_view_applies (ChronoTrace *trace)
{
  if (chrono_trace_is_lazy (trace))
    return FALSE;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (chrono_lane_get_kind (g_ptr_array_index (lanes, i)) == CHRONO_LANE_PROCESS)
      return TRUE;
  return FALSE;
}

static const ChronoClock *
clock_of (ChronoMetricsView *self)
{
  return chrono_trace_get_clock (self->trace);
}

/* A value of the metric shown: a duration with the clock's units, or a count. */
static char *
format_value (ChronoMetricsView *self, gint64 value, int digits)
{
  if (chrono_metric_is_count (self->metric))
    return g_strdup_printf ("%" G_GINT64_FORMAT, value);
  return chrono_clock_format_ticks (clock_of (self), value, digits);
}

static const ChronoInstanceMetrics *
instance_at (ChronoMetricsView *self, guint index)
{
  return &g_array_index (self->entity->instances, ChronoInstanceMetrics, index);
}

static gboolean
has_lane (const ChronoEntityMetrics *entity, ChronoLane *lane)
{
  guint unused;
  return entity != NULL && g_ptr_array_find (entity->lanes, lane, &unused);
}

/* ---- geometry: shared by drawing and picking ------------------------------ */

typedef struct {
  double left, top, width, height;
  gint64 t0, t1; /* the x axis: the whole trace */
  double vmax, step; /* the y axis: 0 … vmax, a gridline every step */
} Frame;

/* A round step (1, 2 or 5 times a power of ten ticks) for about four
 * gridlines up to max: round in ticks is round in the clock's units. */
static double
nice_step (double max, gboolean count)
{
  double raw = max / 4, magnitude = pow (10, floor (log10 (raw))), normal = raw / magnitude;
  double step = (normal <= 1 ? 1 : normal <= 2 ? 2 : normal <= 5 ? 5 : 10) * magnitude;
  return count ? MAX (round (step), 1.0) : MAX (step, 1.0);
}

static void
plot_frame (ChronoMetricsView *self, Frame *f)
{
  f->left = MARGIN_LEFT;
  f->top = MARGIN_TOP;
  f->width = MAX (gtk_widget_get_allocated_width (self->plot) - MARGIN_LEFT - MARGIN_RIGHT, 1.0);
  f->height = MAX (gtk_widget_get_allocated_height (self->plot) - MARGIN_TOP - MARGIN_BOTTOM, 1.0);
  f->t0 = chrono_viewport_get_trace_begin (self->viewport);
  f->t1 = MAX (chrono_viewport_get_trace_end (self->viewport), f->t0 + 1);
  /* headroom above the worst, so its dot is not cut by the frame */
  double top = self->summary.count > 0 && self->summary.max > 0 ? (double) self->summary.max * 1.05 : 1.0;
  f->step = nice_step (top, chrono_metric_is_count (self->metric));
  f->vmax = ceil (top / f->step) * f->step;
}

static void
dot_position (const Frame *f, gint64 time, gint64 value, double *x, double *y)
{
  *x = f->left + (double) (time - f->t0) / (double) (f->t1 - f->t0) * f->width;
  *y = f->top + f->height - (double) value / f->vmax * f->height;
}

gboolean
chrono_metrics_view_get_dot (ChronoMetricsView *self, guint instance, double *out_x, double *out_y)
{
  g_return_val_if_fail (CHRONO_IS_METRICS_VIEW (self), FALSE);
  if (self->entity == NULL || instance >= self->entity->instances->len)
    return FALSE;
  const ChronoInstanceMetrics *m = instance_at (self, instance);
  if (m->value[self->metric] == CHRONO_METRIC_NONE)
    return FALSE;
  Frame f;
  plot_frame (self, &f);
  dot_position (&f, m->activated, m->value[self->metric], out_x, out_y);
  return TRUE;
}

/* The instance whose dot is nearest to (x, y), if one is near enough. */
static gboolean
pick_dot (ChronoMetricsView *self, double x, double y, guint *out_instance)
{
  double best = PICK_DISTANCE * PICK_DISTANCE;
  gboolean found = FALSE;
  for (guint i = 0; self->entity != NULL && i < self->entity->instances->len; i++)
    {
      double dx, dy;
      if (!chrono_metrics_view_get_dot (self, i, &dx, &dy))
        continue;
      double d = (dx - x) * (dx - x) + (dy - y) * (dy - y);
      if (d <= best)
        {
          best = d;
          *out_instance = i;
          found = TRUE;
        }
    }
  return found;
}

/* ---- going to an instance --------------------------------------------------- */

static void
go_to_instance (ChronoMetricsView *self, guint index)
{
  const ChronoInstanceMetrics *m = instance_at (self, index);
  /* a quarter of the instance on either side shows what came before and after */
  gint64 margin = MAX ((m->terminated - m->activated) / 4, 1);
  chrono_viewport_zoom_to (self->viewport, m->activated - margin, m->terminated + margin);
  if (!chrono_timeline_view_select_instance (self->timeline, m->lane, m->index))
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
worst_clicked (ChronoMetricsView *self)
{
  if (self->entity != NULL && self->summary.count > 0)
    go_to_instance (self, self->summary.worst);
}

static gboolean
plot_pressed (ChronoMetricsView *self, GdkEventButton *event, GtkWidget *plot)
{
  guint index;
  if (event->type != GDK_BUTTON_PRESS || event->button != GDK_BUTTON_PRIMARY
      || !pick_dot (self, event->x, event->y, &index))
    return FALSE;
  go_to_instance (self, index);
  return TRUE;
}

/* ---- drawing ---------------------------------------------------------------- */

static void
draw_text (GtkWidget *widget, cairo_t *cr, const char *text, double x, double y, double xalign, double yalign)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font =
      pango_font_description_copy (pango_context_get_font_description (pango_layout_get_context (layout)));
  pango_font_description_set_size (font, pango_font_description_get_size (font) * 5 / 6);
  pango_layout_set_font_description (layout, font);
  int w, h;
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, round (x - w * xalign), round (y - h * yalign));
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
set_color (cairo_t *cr, const GdkRGBA *color, double alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha * alpha);
}

static void
foreground (GtkWidget *widget, GdkRGBA *out)
{
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), gtk_widget_get_state_flags (widget), out);
}

static const GdkRGBA worst_color = { 0.85, 0.16, 0.12, 1.0 };
static const GdkRGBA selected_color = { 0.20, 0.52, 0.95, 1.0 };

static void
draw_frame (cairo_t *cr, const GdkRGBA *fg, double left, double top, double width, double height)
{
  set_color (cr, fg, 0.5);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, left - 0.5, top);
  cairo_line_to (cr, left - 0.5, top + height + 0.5);
  cairo_line_to (cr, left + width, top + height + 0.5);
  cairo_stroke (cr);
}

/* A y-axis of values: gridlines at round values, labelled. */
static void
draw_value_axis (ChronoMetricsView *self, GtkWidget *widget, cairo_t *cr, const GdkRGBA *fg, const Frame *f)
{
  for (double at = 0; at <= f->vmax * 1.0001; at += f->step)
    {
      gint64 value = (gint64) llround (at);
      double y = round (f->top + f->height - f->height * at / f->vmax) + 0.5;
      set_color (cr, fg, 0.12);
      cairo_move_to (cr, f->left, y);
      cairo_line_to (cr, f->left + f->width, y);
      cairo_stroke (cr);
      g_autofree char *text = format_value (self, value, 3);
      set_color (cr, fg, 0.75);
      draw_text (widget, cr, text, f->left - 4, y, 1.0, 0.5);
    }
}

static void
draw_time_axis (ChronoMetricsView *self, GtkWidget *widget, cairo_t *cr, const GdkRGBA *fg, const Frame *f)
{
  gint64 origin = chrono_viewport_get_origin (self->viewport);
  double bottom = f->top + f->height + 2;
  for (int q = 0; q <= 2; q++)
    {
      gint64 t = f->t0 + (f->t1 - f->t0) / 2 * q;
      if (q == 2)
        t = f->t1;
      g_autofree char *text = chrono_clock_format_ticks (clock_of (self), t - origin, 4);
      set_color (cr, fg, 0.75);
      draw_text (widget, cr, text, f->left + f->width * q / 2, bottom, q / 2.0, 0.0);
    }
  set_color (cr, fg, 0.6);
  draw_text (widget, cr, _ ("activation time"), f->left + f->width / 2, bottom + 14, 0.5, 0.0);
}

static void
draw_dot (cairo_t *cr, double x, double y, double radius)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
}

static gboolean
draw_plot (ChronoMetricsView *self, cairo_t *cr, GtkWidget *widget)
{
  if (self->entity == NULL)
    return FALSE;
  GdkRGBA fg;
  foreground (widget, &fg);
  Frame f;
  plot_frame (self, &f);
  g_autofree char *title = g_strdup_printf (_ ("%s per instance"), metric_label (self->metric));
  set_color (cr, &fg, 0.85);
  draw_text (widget, cr, title, f.left, 2, 0.0, 0.0);
  if (self->summary.count == 0)
    {
      set_color (cr, &fg, 0.6);
      draw_text (widget, cr, _ ("No instance has this metric."), f.left + f.width / 2, f.top + f.height / 2, 0.5, 0.5);
      return FALSE;
    }
  draw_value_axis (self, widget, cr, &fg, &f);
  draw_time_axis (self, widget, cr, &fg, &f);
  draw_frame (cr, &fg, f.left, f.top, f.width, f.height);
  set_color (cr, &fg, 0.55);
  double x, y;
  for (guint i = 0; i < self->entity->instances->len; i++)
    if (i != self->summary.worst && chrono_metrics_view_get_dot (self, i, &x, &y))
      draw_dot (cr, x, y, DOT_RADIUS);
  cairo_fill (cr);
  if (self->selected != G_MAXUINT && chrono_metrics_view_get_dot (self, self->selected, &x, &y))
    {
      set_color (cr, &selected_color, 1.0);
      cairo_set_line_width (cr, 2.0);
      draw_dot (cr, x, y, DOT_RADIUS + 3);
      cairo_stroke (cr);
    }
  chrono_metrics_view_get_dot (self, self->summary.worst, &x, &y);
  set_color (cr, &worst_color, 1.0);
  draw_dot (cr, x, y, DOT_RADIUS + 1.5);
  cairo_fill (cr);
  /* the label goes to the side with room for it */
  gboolean left_of = x > f.left + f.width / 2;
  draw_text (widget, cr, _ ("worst"), left_of ? x - 7 : x + 7, y, left_of ? 1.0 : 0.0, 0.5);
  return FALSE;
}

/* p50, p95 and p99 as dashed lines over the bars, where they fall among them. */
static void
draw_percentiles (ChronoMetricsView *self, GtkWidget *widget, cairo_t *cr, const GdkRGBA *fg, double left, double top,
                  double width, double height)
{
  const struct {
    const char *name;
    gint64 value;
  } marks[] = { { "p50", self->summary.p50 }, { "p95", self->summary.p95 }, { "p99", self->summary.p99 } };
  double range = (double) (self->summary.max - self->summary.min), last_label = -G_MAXDOUBLE;
  static const double dashes[] = { 3.0, 2.0 };
  for (guint i = 0; i < G_N_ELEMENTS (marks) && range > 0; i++)
    {
      double x = round (left + (double) (marks[i].value - self->summary.min) / range * width) + 0.5;
      set_color (cr, &selected_color, 0.9);
      cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
      cairo_move_to (cr, x, top);
      cairo_line_to (cr, x, top + height);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      /* p95 and p99 are often one value: one label then */
      if (x - last_label < 24)
        continue;
      /* names at the right end stay inside the widget */
      draw_text (widget, cr, marks[i].name, x, top - 1, x > left + width - 12 ? 1.0 : 0.5, 1.0);
      last_label = x;
    }
}

static gboolean
draw_histogram (ChronoMetricsView *self, cairo_t *cr, GtkWidget *widget)
{
  if (self->entity == NULL || self->summary.count == 0)
    return FALSE;
  GdkRGBA fg;
  foreground (widget, &fg);
  double left = MARGIN_LEFT, top = HISTOGRAM_MARGIN_TOP;
  double width = MAX (gtk_widget_get_allocated_width (widget) - MARGIN_LEFT - MARGIN_RIGHT, 1.0);
  double height = MAX (gtk_widget_get_allocated_height (widget) - HISTOGRAM_MARGIN_TOP - MARGIN_BOTTOM, 1.0);
  guint bins[N_BINS];
  guint highest = chrono_metrics_histogram (self->entity, self->metric, N_BINS, bins);
  gint64 min = self->summary.min, max = self->summary.max;
  /* the worst is in the last bin, or the only one when the values are equal */
  guint worst_bin = min == max ? 0 : N_BINS - 1;
  set_color (cr, &fg, 0.85);
  draw_text (widget, cr, _ ("Distribution over the instances"), left, 2, 0.0, 0.0);
  double bar = width / N_BINS;
  for (guint b = 0; b < N_BINS; b++)
    {
      double h = bins[b] == 0 ? 0 : MAX ((double) bins[b] / highest * height, 1.0);
      if (b == worst_bin)
        set_color (cr, &worst_color, 1.0);
      else
        set_color (cr, &fg, 0.55);
      cairo_rectangle (cr, left + b * bar + 0.5, top + height - h, MAX (bar - 1.0, 1.0), h);
      cairo_fill (cr);
    }
  draw_frame (cr, &fg, left, top, width, height);
  draw_percentiles (self, widget, cr, &fg, left, top, width, height);
  set_color (cr, &fg, 0.75);
  g_autofree char *most = g_strdup_printf ("%u", highest);
  draw_text (widget, cr, most, left - 4, top, 1.0, 0.5);
  draw_text (widget, cr, "0", left - 4, top + height, 1.0, 0.5);
  draw_text (widget, cr, _ ("instances"), left - 4, top + height / 2, 1.0, 0.5);
  g_autofree char *low = format_value (self, min, 4);
  g_autofree char *high = format_value (self, max, 4);
  draw_text (widget, cr, low, left, top + height + 2, 0.0, 0.0);
  draw_text (widget, cr, high, left + width, top + height + 2, 1.0, 0.0);
  return FALSE;
}

/* ---- the figures -------------------------------------------------------------- */

static char *
format_figure (ChronoMetricsView *self, Figure figure)
{
  const ChronoMetricSummary *s = &self->summary;
  switch (figure)
    {
    case FIG_COUNT: return g_strdup_printf ("%u", s->count);
    case FIG_MIN: return format_value (self, s->min, 4);
    case FIG_MAX: return format_value (self, s->max, 4);
    case FIG_MEAN:
      if (chrono_metric_is_count (self->metric))
        return g_strdup_printf ("%.2f", (double) s->sum / s->count);
      /* rounded to a whole tick: four digits show less than that */
      return chrono_clock_format_ticks (clock_of (self), (gint64) ((s->sum + s->count / 2) / s->count), 4);
    case FIG_P50: return format_value (self, s->p50, 4);
    case FIG_P95: return format_value (self, s->p95, 4);
    case FIG_P99: return format_value (self, s->p99, 4);
    case FIG_WORST_AT:
      return chrono_clock_format_ticks (
          clock_of (self), instance_at (self, s->worst)->activated - chrono_viewport_get_origin (self->viewport), 9);
    default: g_return_val_if_reached (NULL);
    }
}

char *
chrono_metrics_view_get_summary_text (ChronoMetricsView *self)
{
  g_return_val_if_fail (CHRONO_IS_METRICS_VIEW (self), NULL);
  GString *out = g_string_new (NULL);
  if (self->entity == NULL)
    return g_string_free (out, FALSE);
  g_string_append_printf (out, "%s\t%s\n", gtk_label_get_text (GTK_LABEL (self->title)), metric_label (self->metric));
  for (Figure f = 0; f < N_FIGURES; f++)
    g_string_append_printf (out, "%s\t%s\n", figure_label (f), gtk_label_get_text (GTK_LABEL (self->figures[f])));
  return g_string_free (out, FALSE);
}

static void
show_metric (ChronoMetricsView *self)
{
  if (self->entity == NULL)
    return;
  chrono_metrics_summarize (self->entity, self->metric, &self->summary);
  for (Figure f = 0; f < N_FIGURES; f++)
    {
      g_autofree char *text = self->summary.count > 0 ? format_figure (self, f) : g_strdup (f == FIG_COUNT ? "0" : "—");
      gtk_label_set_text (GTK_LABEL (self->figures[f]), text);
    }
  gtk_widget_set_sensitive (self->worst_button, self->summary.count > 0);
  gtk_widget_queue_draw (self->plot);
  gtk_widget_queue_draw (self->histogram);
}

/* ---- following the selection ------------------------------------------------- */

/* Which of the entity's instances the selected span belongs to. */
static void
find_selected (ChronoMetricsView *self)
{
  self->selected = G_MAXUINT;
  ChronoSpans *spans = self->lane ? chrono_lane_get_spans (self->lane) : NULL;
  if (self->entity == NULL || spans == NULL || self->span >= chrono_spans_get_n (spans))
    return;
  ChronoSpan span;
  chrono_spans_get (spans, self->span, &span);
  for (guint i = 0; span.instance != CHRONO_NO_INSTANCE && i < self->entity->instances->len; i++)
    if (instance_at (self, i)->lane == self->lane && instance_at (self, i)->index == span.instance)
      self->selected = i;
}

static void
compute (ChronoMetricsView *self)
{
  self->stale = FALSE;
  g_clear_pointer (&self->entity, chrono_entity_metrics_free);
  if (self->lane != NULL)
    {
      ChronoMetricsOptions options;
      chrono_metrics_options_init (&options);
      options.entity = chrono_lane_get_name (self->lane);
      g_autoptr (GPtrArray) all = chrono_metrics_compute (self->trace, &options);
      for (guint i = 0; i < all->len && self->entity == NULL; i++)
        if (has_lane (g_ptr_array_index (all, i), self->lane))
          self->entity = g_ptr_array_steal_index (all, i);
    }
  gtk_widget_set_visible (self->hint, self->entity == NULL);
  gtk_widget_set_visible (self->content, self->entity != NULL);
  if (self->entity == NULL)
    return;
  g_autofree char *title = g_strdup_printf ("%s (%s)", self->entity->name, self->entity->type);
  gtk_label_set_text (GTK_LABEL (self->title), title);
  find_selected (self);
  show_metric (self);
  chrono_breakdown_table_show (CHRONO_BREAKDOWN_TABLE (self->breakdown), self->trace, self->entity,
                               chrono_viewport_get_origin (self->viewport));
}

void
chrono_metrics_view_show_selection (ChronoMetricsView *self, ChronoTrace *trace, ChronoLane *lane, guint span)
{
  g_return_if_fail (CHRONO_IS_METRICS_VIEW (self));
  if (lane != NULL && (trace == NULL || chrono_lane_get_kind (lane) != CHRONO_LANE_PROCESS))
    lane = NULL;
  gboolean same_entity = lane != NULL && trace == self->trace && has_lane (self->entity, lane);
  g_set_object (&self->trace, trace);
  g_set_object (&self->lane, lane);
  self->span = span;
  if (same_entity && !self->stale)
    {
      /* another instance of the entity shown: only the ring moves */
      find_selected (self);
      gtk_widget_queue_draw (self->plot);
      return;
    }
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    compute (self);
}

static void
mapped (ChronoMetricsView *self)
{
  if (self->stale)
    compute (self);
}

void
chrono_metrics_view_set_metric (ChronoMetricsView *self, ChronoMetric metric)
{
  g_return_if_fail (CHRONO_IS_METRICS_VIEW (self) && metric < CHRONO_N_METRICS);
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->combo), chrono_metric_get_name (metric));
}

ChronoMetric
chrono_metrics_view_get_metric (ChronoMetricsView *self)
{
  return self->metric;
}

static void
metric_chosen (ChronoMetricsView *self, GtkComboBox *combo)
{
  ChronoMetric metric;
  const char *id = gtk_combo_box_get_active_id (combo);
  if (id == NULL || !chrono_metric_from_name (id, &metric))
    return;
  self->metric = metric;
  show_metric (self);
}

const ChronoEntityMetrics *
chrono_metrics_view_get_entity (ChronoMetricsView *self)
{
  g_return_val_if_fail (CHRONO_IS_METRICS_VIEW (self), NULL);
  return self->entity;
}

GtkWidget *
chrono_metrics_view_get_worst_button (ChronoMetricsView *self)
{
  return self->worst_button;
}

GtkWidget *
chrono_metrics_view_get_plot (ChronoMetricsView *self)
{
  return self->plot;
}

GtkWidget *
chrono_metrics_view_get_breakdown (ChronoMetricsView *self)
{
  return self->breakdown;
}

static void
breakdown_activated (ChronoMetricsView *self, guint index)
{
  if (self->entity != NULL && index < self->entity->instances->len)
    go_to_instance (self, index);
}

static void
origin_moved (ChronoMetricsView *self)
{
  chrono_breakdown_table_set_origin (CHRONO_BREAKDOWN_TABLE (self->breakdown),
                                     chrono_viewport_get_origin (self->viewport));
}

/* ---- life cycle ------------------------------------------------------------- */

static GtkWidget *
make_figures (ChronoMetricsView *self)
{
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  for (Figure f = 0; f < N_FIGURES; f++)
    {
      GtkWidget *name = gtk_label_new (figure_label (f));
      gtk_label_set_xalign (GTK_LABEL (name), 0.0);
      gtk_style_context_add_class (gtk_widget_get_style_context (name), "dim-label");
      self->figures[f] = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (self->figures[f]), 1.0);
      gtk_label_set_selectable (GTK_LABEL (self->figures[f]), TRUE);
      gtk_widget_set_hexpand (self->figures[f], TRUE);
      gtk_grid_attach (GTK_GRID (grid), name, 0, f, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), self->figures[f], 1, f, 1, 1);
    }
  return grid;
}

static void
chrono_metrics_view_dispose (GObject *object)
{
  ChronoMetricsView *self = CHRONO_METRICS_VIEW (object);
  g_clear_pointer (&self->entity, chrono_entity_metrics_free);
  g_clear_object (&self->lane);
  g_clear_object (&self->trace);
  g_clear_object (&self->viewport);
  g_clear_object (&self->timeline);
  G_OBJECT_CLASS (chrono_metrics_view_parent_class)->dispose (object);
}

static void
chrono_metrics_view_class_init (ChronoMetricsViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_metrics_view_dispose;
}

static void
chrono_metrics_view_init (ChronoMetricsView *self)
{
  self->selected = G_MAXUINT;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  self->hint = gtk_label_new (_ ("Select a task or ISR to see the timing metrics of its instances."));
  gtk_label_set_line_wrap (GTK_LABEL (self->hint), TRUE);
  gtk_label_set_justify (GTK_LABEL (self->hint), GTK_JUSTIFY_CENTER);
  g_object_set (self->hint, "margin", 18, NULL);
  gtk_style_context_add_class (gtk_widget_get_style_context (self->hint), "dim-label");
  gtk_container_add (GTK_CONTAINER (self), self->hint);

  self->content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_object_set (self->content, "margin", 6, NULL);
  gtk_widget_set_no_show_all (self->content, TRUE);
  self->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->title), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (self->title), PANGO_ELLIPSIZE_MIDDLE);
  gtk_style_context_add_class (gtk_widget_get_style_context (self->title), "heading");
  self->combo = gtk_combo_box_text_new ();
  for (ChronoMetric m = 0; m < CHRONO_N_METRICS; m++)
    gtk_combo_box_text_append (GTK_COMBO_BOX_TEXT (self->combo), chrono_metric_get_name (m), metric_label (m));
  gtk_combo_box_set_active (GTK_COMBO_BOX (self->combo), CHRONO_METRIC_RESPONSE_TIME);
  g_signal_connect_swapped (self->combo, "changed", G_CALLBACK (metric_chosen), self);
  self->plot = gtk_drawing_area_new ();
  gtk_widget_set_size_request (self->plot, -1, PLOT_HEIGHT);
  gtk_widget_add_events (self->plot, GDK_BUTTON_PRESS_MASK);
  gtk_widget_set_tooltip_text (self->plot, _ ("Click a dot to go to its instance."));
  g_signal_connect_swapped (self->plot, "draw", G_CALLBACK (draw_plot), self);
  g_signal_connect_swapped (self->plot, "button-press-event", G_CALLBACK (plot_pressed), self);
  self->histogram = gtk_drawing_area_new ();
  gtk_widget_set_size_request (self->histogram, -1, HISTOGRAM_HEIGHT);
  g_signal_connect_swapped (self->histogram, "draw", G_CALLBACK (draw_histogram), self);
  self->worst_button = gtk_button_new_with_mnemonic (_ ("Go to _Worst"));
  gtk_widget_set_tooltip_text (self->worst_button, _ ("Show and select the instance with the largest value"));
  g_signal_connect_swapped (self->worst_button, "clicked", G_CALLBACK (worst_clicked), self);
  self->breakdown = chrono_breakdown_table_new ();
  g_signal_connect_swapped (self->breakdown, "instance-activated", G_CALLBACK (breakdown_activated), self);
  GtkWidget *parts[] = { self->title,         self->combo,        self->plot,     self->histogram,
                         make_figures (self), self->worst_button, self->breakdown };
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      gtk_container_add (GTK_CONTAINER (self->content), parts[i]);
      gtk_widget_show_all (parts[i]);
    }
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_container_add (GTK_CONTAINER (scroller), self->content);
  gtk_container_add (GTK_CONTAINER (self), scroller);
  g_signal_connect (self, "map", G_CALLBACK (mapped), NULL);
}

GtkWidget *
chrono_metrics_view_new (ChronoTimelineView *timeline)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (timeline), NULL);
  ChronoMetricsView *self = g_object_new (CHRONO_TYPE_METRICS_VIEW, NULL);
  self->timeline = g_object_ref (timeline);
  self->viewport = g_object_ref (chrono_timeline_view_get_viewport (timeline));
  /* times are shown from the view's zero: absolute time moves it */
  g_signal_connect_object (self->viewport, "notify::time-origin", G_CALLBACK (show_metric), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->viewport, "notify::time-origin", G_CALLBACK (origin_moved), self, G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}
