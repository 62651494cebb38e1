/* chrono-compare-histogram.c — values are taken in seconds (or counts) so
 * that runs on clocks of different rates share the bins; the bins are
 * recounted only when the entity or the metric changes, not per frame. */
#include "chrono-compare-histogram.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#define N_BINS CHRONO_COMPARE_HISTOGRAM_BINS
#define MARGIN_LEFT 56.0
#define MARGIN_RIGHT 10.0
#define MARGIN_TOP 30.0
#define MARGIN_BOTTOM 22.0
#define HEIGHT 170

struct _ChronoCompareHistogram {
  GtkDrawingArea parent_instance;
  gboolean shown;
  gboolean count; /* the metric counts (preemptions), not times */
  double low, high; /* the bins' range, seconds or counts */
  guint bins[2][N_BINS];
  guint highest;
  double p50[2], p99[2];
  gboolean has_run[2];
};

G_DEFINE_FINAL_TYPE (ChronoCompareHistogram, chrono_compare_histogram, GTK_TYPE_DRAWING_AREA)

/* Run A in the text's colour, B in orange: "after" stands out. */
static const GdkRGBA run_b_colour = { 0.93, 0.47, 0.13, 1.0 };

static GArray *
values_of (const ChronoEntityMetrics *entity, const ChronoClock *clock, ChronoMetric metric, gboolean count)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; entity != NULL && i < entity->instances->len; i++)
    {
      gint64 v = g_array_index (entity->instances, ChronoInstanceMetrics, i).value[metric];
      if (v == CHRONO_METRIC_NONE)
        continue;
      double x = count ? (double) v : chrono_clock_to_seconds (clock, v);
      g_array_append_val (values, x);
    }
  return values;
}

static int
by_value (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : (x > y);
}

static double
nearest_rank (GArray *sorted, guint percent)
{
  guint rank = MAX ((guint) ceil (percent * (double) sorted->len / 100.0), 1u);
  return g_array_index (sorted, double, rank - 1);
}

static guint
bin_of (const ChronoCompareHistogram *self, double x)
{
  if (!(self->high > self->low))
    return 0;
  guint bin = (guint) floor ((x - self->low) / (self->high - self->low) * N_BINS);
  return MIN (bin, N_BINS - 1);
}

void
chrono_compare_histogram_show (ChronoCompareHistogram *self, const ChronoEntityMetrics *a, const ChronoClock *clock_a,
                               const ChronoEntityMetrics *b, const ChronoClock *clock_b, ChronoMetric metric)
{
  g_return_if_fail (CHRONO_IS_COMPARE_HISTOGRAM (self));
  memset (self->bins, 0, sizeof self->bins);
  self->highest = 0;
  self->count = chrono_metric_is_count (metric);
  GArray *values[2] = { values_of (a, clock_a, metric, self->count), values_of (b, clock_b, metric, self->count) };
  self->shown = values[0]->len + values[1]->len > 0;
  self->low = G_MAXDOUBLE;
  self->high = -G_MAXDOUBLE;
  for (guint run = 0; run < 2; run++)
    {
      g_array_sort (values[run], by_value);
      self->has_run[run] = values[run]->len > 0;
      if (!self->has_run[run])
        continue;
      self->low = MIN (self->low, g_array_index (values[run], double, 0));
      self->high = MAX (self->high, g_array_index (values[run], double, values[run]->len - 1));
      self->p50[run] = nearest_rank (values[run], 50);
      self->p99[run] = nearest_rank (values[run], 99);
    }
  for (guint run = 0; run < 2; run++)
    for (guint i = 0; i < values[run]->len; i++)
      {
        guint *bin = &self->bins[run][bin_of (self, g_array_index (values[run], double, i))];
        self->highest = MAX (self->highest, ++*bin);
      }
  g_array_unref (values[0]);
  g_array_unref (values[1]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
chrono_compare_histogram_get_bins (ChronoCompareHistogram *self, guint run, guint *counts, guint n)
{
  g_return_val_if_fail (CHRONO_IS_COMPARE_HISTOGRAM (self) && run < 2 && n == N_BINS, FALSE);
  if (!self->shown)
    return FALSE;
  memcpy (counts, self->bins[run], sizeof self->bins[run]);
  return TRUE;
}

/* ---- drawing ------------------------------------------------------------- */

static char *
value_text (const ChronoCompareHistogram *self, double v)
{
  return self->count ? g_strdup_printf ("%.4g", v) : chrono_format_duration (v, 4);
}

static void
draw_text (GtkWidget *widget, cairo_t *cr, const char *text, double x, double y, double xalign)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  int w, h;
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - xalign * w, y);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

static void
set_colour (cairo_t *cr, const GdkRGBA *c, double alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, alpha);
}

/* Each run's p50 (dashed) and p99 (solid) as a tick above the bars. */
static void
draw_marks (ChronoCompareHistogram *self, cairo_t *cr, const GdkRGBA *colours, double left, double top, double width,
            double height)
{
  static const double dash[] = { 3.0, 2.0 };
  for (guint run = 0; run < 2; run++)
    {
      if (!self->has_run[run] || !(self->high > self->low))
        continue;
      const double marks[] = { self->p50[run], self->p99[run] };
      for (guint m = 0; m < 2; m++)
        {
          double x = left + (marks[m] - self->low) / (self->high - self->low) * width;
          set_colour (cr, &colours[run], 0.9);
          cairo_set_dash (cr, dash, m == 0 ? 2 : 0, 0.0);
          cairo_set_line_width (cr, 1.5);
          cairo_move_to (cr, floor (x) + 0.5, top);
          cairo_line_to (cr, floor (x) + 0.5, top + height);
          cairo_stroke (cr);
        }
    }
  cairo_set_dash (cr, NULL, 0, 0.0);
}

static gboolean
draw (GtkWidget *widget, cairo_t *cr)
{
  ChronoCompareHistogram *self = CHRONO_COMPARE_HISTOGRAM (widget);
  if (!self->shown)
    return FALSE;
  GdkRGBA fg;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), gtk_widget_get_state_flags (widget), &fg);
  const GdkRGBA colours[2] = { fg, run_b_colour };
  double left = MARGIN_LEFT, top = MARGIN_TOP;
  double width = MAX (gtk_widget_get_allocated_width (widget) - MARGIN_LEFT - MARGIN_RIGHT, 1.0);
  double height = MAX (gtk_widget_get_allocated_height (widget) - MARGIN_TOP - MARGIN_BOTTOM, 1.0);
  double bar = width / N_BINS;
  for (guint run = 0; run < 2; run++)
    for (guint k = 0; k < N_BINS; k++)
      {
        guint n = self->bins[run][k];
        double h = n == 0 ? 0 : MAX ((double) n / self->highest * height, 1.0);
        set_colour (cr, &colours[run], run == 0 ? 0.35 : 0.55);
        cairo_rectangle (cr, left + k * bar + 0.5, top + height - h, MAX (bar - 1.0, 1.0), h);
        cairo_fill (cr);
      }
  draw_marks (self, cr, colours, left, top, width, height);
  set_colour (cr, &fg, 0.4);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, left + 0.5, top + 0.5, width - 1.0, height - 1.0);
  cairo_stroke (cr);
  set_colour (cr, &fg, 0.85);
  draw_text (widget, cr, _ ("A (grey) and B (orange): instances per bin; p50 dashed, p99 solid"), left, 4, 0.0);
  g_autofree char *most = g_strdup_printf ("%u", self->highest);
  draw_text (widget, cr, most, left - 4, top - 6, 1.0);
  g_autofree char *low = value_text (self, self->low);
  g_autofree char *high = value_text (self, self->high);
  draw_text (widget, cr, low, left, top + height + 2, 0.0);
  draw_text (widget, cr, high, left + width, top + height + 2, 1.0);
  return FALSE;
}

static void
chrono_compare_histogram_class_init (ChronoCompareHistogramClass *klass)
{
  GTK_WIDGET_CLASS (klass)->draw = draw;
}

static void
chrono_compare_histogram_init (ChronoCompareHistogram *self)
{
  gtk_widget_set_size_request (GTK_WIDGET (self), -1, HEIGHT);
}

GtkWidget *
chrono_compare_histogram_new (void)
{
  return g_object_new (CHRONO_TYPE_COMPARE_HISTOGRAM, NULL);
}
