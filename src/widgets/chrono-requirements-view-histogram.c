/* chrono-requirements-view-histogram.c — the distribution of the measure
 * of the chain whose path is on show, in the bins chronoscope-cli chains
 * counts, with the file's limit across it; a click on a bar shows the path
 * of the bin's largest value. Apart from the lists and the path because it
 * draws by itself, with its own geometry shared by drawing, clicks and tests. */
#include "chrono-requirements-view-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#define N_BINS 10 /* as chronoscope-cli chains */
#define HISTOGRAM_MARGIN 8.0
#define HISTOGRAM_TOP 20.0 /* its title */
#define HISTOGRAM_BOTTOM 18.0 /* min and max */

typedef struct {
  double left, top, width, height;
  gint64 min, max;
} Bars;

static gboolean
histogram_bars (ChronoRequirementsView *self, Bars *out)
{
  if (!self->has_path)
    return FALSE;
  ChronoMetricSummary s;
  if (!chrono_chain_result_summarize (chrono_requirements_view_chain_at (self, self->path_chain)->result,
                                      self->path_measure, &s))
    return FALSE;
  out->left = HISTOGRAM_MARGIN;
  out->top = HISTOGRAM_TOP;
  out->width = MAX (gtk_widget_get_allocated_width (self->histogram) - 2 * HISTOGRAM_MARGIN, 1.0);
  out->height = MAX (gtk_widget_get_allocated_height (self->histogram) - HISTOGRAM_TOP - HISTOGRAM_BOTTOM, 1.0);
  out->min = s.min;
  out->max = s.max;
  return TRUE;
}

/* The bin of a value, as chrono_chain_result_histogram counts it. */
static guint
bin_of (const Bars *bars, gint64 value)
{
  if (bars->max <= bars->min)
    return 0;
  unsigned __int128 range = (unsigned __int128) (bars->max - bars->min);
  guint bin = (guint) ((unsigned __int128) (value - bars->min) * N_BINS / range);
  return MIN (bin, N_BINS - 1);
}

gboolean
chrono_requirements_view_get_bin_x (ChronoRequirementsView *self, guint bin, double *x)
{
  g_return_val_if_fail (CHRONO_IS_REQUIREMENTS_VIEW (self), FALSE);
  Bars bars;
  if (bin >= N_BINS || !histogram_bars (self, &bars))
    return FALSE;
  *x = bars.left + (bin + 0.5) * bars.width / N_BINS;
  return TRUE;
}

GtkWidget *
chrono_requirements_view_get_histogram (ChronoRequirementsView *self)
{
  return self->histogram;
}

static void
histogram_text (GtkWidget *widget, cairo_t *cr, const char *text, double x, double y, double xalign)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font =
      pango_font_description_copy (pango_context_get_font_description (pango_layout_get_context (layout)));
  pango_font_description_set_size (font, pango_font_description_get_size (font) * 5 / 6);
  pango_layout_set_font_description (layout, font);
  int w, h;
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, round (x - w * xalign), round (y));
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* Equal bins from min to max; the bin of the instance on show in the
 * path's colour, the limit as a dashed red line where it falls. */
gboolean
chrono_requirements_view_draw_histogram (ChronoRequirementsView *self, cairo_t *cr, GtkWidget *widget)
{
  Bars bars;
  if (!histogram_bars (self, &bars))
    return FALSE;
  const Chain *chain = chrono_requirements_view_chain_at (self, self->path_chain);
  guint counts[N_BINS], highest = 1;
  chrono_chain_result_histogram (chain->result, self->path_measure, N_BINS, counts);
  for (guint b = 0; b < N_BINS; b++)
    highest = MAX (highest, counts[b]);
  GdkRGBA fg;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), gtk_widget_get_state_flags (widget), &fg);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self->timeline, &o);
  double pr, pg, pb, rr, rg, rb;
  chrono_render_overlays_path_colour (o.dark, &pr, &pg, &pb);
  chrono_render_overlays_range_colour (o.dark, &rr, &rg, &rb);
  const ChronoChainSample *shown =
      &g_array_index (chain->result->samples[self->path_measure], ChronoChainSample, self->path_sample);
  guint shown_bin = bin_of (&bars, shown->value);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.85);
  g_autofree char *title =
      g_strdup_printf (_ ("Distribution of the %s"), chrono_requirements_view_measure_label (self->path_measure));
  histogram_text (widget, cr, title, bars.left, 2, 0.0);
  double bar = bars.width / N_BINS;
  for (guint b = 0; b < N_BINS; b++)
    {
      /* a few instances among hundreds still show: the outliers are what matters */
      double h = counts[b] == 0 ? 0 : MAX ((double) counts[b] / highest * bars.height, 3.0);
      if (b == shown_bin)
        cairo_set_source_rgb (cr, pr, pg, pb);
      else
        cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.45);
      cairo_rectangle (cr, bars.left + b * bar + 0.5, bars.top + bars.height - h, MAX (bar - 1.0, 1.0), h);
      cairo_fill (cr);
    }
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.5);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, bars.left, bars.top + bars.height + 0.5);
  cairo_line_to (cr, bars.left + bars.width, bars.top + bars.height + 0.5);
  cairo_stroke (cr);
  if (chain->has_limit[self->path_measure] && bars.max > bars.min)
    {
      gint64 limit =
          chrono_clock_from_seconds (chrono_requirements_view_clock_of (self), chain->limit[self->path_measure]);
      if (limit >= bars.min && limit <= bars.max)
        {
          static const double dashes[] = { 3.0, 2.0 };
          double x =
              round (bars.left + (double) (limit - bars.min) / (double) (bars.max - bars.min) * bars.width) + 0.5;
          cairo_set_source_rgb (cr, rr, rg, rb);
          cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
          cairo_move_to (cr, x, bars.top);
          cairo_line_to (cr, x, bars.top + bars.height);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
    }
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.75);
  g_autofree char *low = chrono_requirements_view_format_duration (self, bars.min);
  g_autofree char *high = chrono_requirements_view_format_duration (self, bars.max);
  histogram_text (widget, cr, low, bars.left, bars.top + bars.height + 2, 0.0);
  histogram_text (widget, cr, high, bars.left + bars.width, bars.top + bars.height + 2, 1.0);
  return FALSE;
}

/* A click on a bar: the path of the bin's largest value. */
gboolean
chrono_requirements_view_histogram_pressed (ChronoRequirementsView *self, GdkEventButton *event, GtkWidget *widget)
{
  Bars bars;
  if (event->type != GDK_BUTTON_PRESS || event->button != GDK_BUTTON_PRIMARY || !histogram_bars (self, &bars)
      || event->x < bars.left || event->x >= bars.left + bars.width)
    return FALSE;
  guint bin = MIN ((guint) ((event->x - bars.left) / bars.width * N_BINS), N_BINS - 1);
  GArray *samples = chrono_requirements_view_chain_at (self, self->path_chain)->result->samples[self->path_measure];
  guint best = G_MAXUINT;
  for (guint i = 0; i < samples->len; i++)
    {
      gint64 v = g_array_index (samples, ChronoChainSample, i).value;
      if (bin_of (&bars, v) == bin && (best == G_MAXUINT || v > g_array_index (samples, ChronoChainSample, best).value))
        best = i;
    }
  if (best == G_MAXUINT)
    gtk_widget_error_bell (widget);
  else
    chrono_requirements_view_show_path (self, self->path_chain, self->path_measure, best);
  return TRUE;
}
