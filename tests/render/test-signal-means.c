/* test-signal-means.c — a counter zoomed out so that each pixel column
 * holds many of its samples shows, over the band of their values, their
 * mean weighted by time: a signal that is 0 a quarter of the time and 10
 * the rest has its mean line at 7.5, not at the middle of the band.
 * Zoomed in, the curve shows every value and no mean is drawn. */
#include <glib.h>
#include <math.h>

#include "chrono-layout.h"
#include "chrono-palette.h"
#include "chrono-renderer.h"
#include "chrono-signal.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cairo_surface_t, cairo_surface_destroy)

#define WIDTH 600
#define PERIOD 4 /* ticks: 0 for one, 10 for three */
#define END 400000

static ChronoTrace *
build (void)
{
  ChronoTrace *trace = chrono_trace_new ("counter", "test");
  ChronoClock clock;
  chrono_clock_init (&clock, 1000000);
  chrono_trace_set_clock (trace, &clock);
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, END);
  g_autoptr (ChronoLane) lane = chrono_lane_new ("counter", CHRONO_LANE_SIGNAL, NULL);
  ChronoSignal *signal = chrono_lane_ensure_signal (lane, 1000000);
  for (gint64 t = 0; t < END; t += PERIOD)
    {
      chrono_signal_append_step (signal, t, 0.0);
      chrono_signal_append_step (signal, t + 1, 10.0);
    }
  chrono_signal_close_steps (signal, END);
  chrono_trace_add_lane (trace, lane);
  chrono_trace_seal (trace);
  return trace;
}

/* Pixels of one picture row, across the time area, near the mean's colour. */
static guint
mean_pixels (cairo_surface_t *picture, const ChronoRenderOptions *o, int y)
{
  const ChronoRgb *mean = &chrono_palette_get (FALSE)->signal_mean;
  const guint8 *row = cairo_image_surface_get_data (picture) + y * cairo_image_surface_get_stride (picture);
  guint n = 0;
  for (int x = (int) o->label_width + 4; x < WIDTH - 4; x++)
    {
      guint32 pixel = ((const guint32 *) row)[x];
      double r = ((pixel >> 16) & 0xff) / 255.0, g = ((pixel >> 8) & 0xff) / 255.0, b = (pixel & 0xff) / 255.0;
      n += fabs (r - mean->red) < 0.12 && fabs (g - mean->green) < 0.12 && fabs (b - mean->blue) < 0.12;
    }
  return n;
}

static void
test_mean_over_the_band (void)
{
  g_autoptr (ChronoTrace) trace = build ();
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  ChronoRenderOptions o;
  chrono_render_options_init (&o, trace, WIDTH, 300);
  g_autoptr (cairo_surface_t) picture = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, 300);
  cairo_t *cr = cairo_create (picture);
  chrono_renderer_draw (renderer, cr, &o);
  cairo_destroy (cr);
  cairo_surface_flush (picture);

  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  guint index = 0;
  g_assert_true (chrono_layout_find_row (layout, lanes->pdata[0], &index));
  const ChronoLayoutRow *row = chrono_layout_get_row (layout, index);
  double top = chrono_render_options_lane_top (&o) + row->y - o.scroll_y;
  /* find the picture row the mean is drawn along */
  int best = -1;
  guint most = 0;
  for (int y = (int) top; y < (int) (top + row->height); y++)
    if (mean_pixels (picture, &o, y) > most)
      {
        most = mean_pixels (picture, &o, y);
        best = y;
      }
  g_assert_cmpuint (most, >, (WIDTH - o.label_width) * 0.8);
  /* the plot runs from 0 at its bottom to 10 at its top: 7.5 is a quarter down */
  double plot_top = top + 5.0, plot_bottom = top + row->height - 5.0;
  double expected = plot_bottom - 0.75 * (plot_bottom - plot_top);
  g_assert_cmpfloat (fabs (best + 0.5 - expected), <=, 2.0);

  /* zoomed in until a sample is wider than a column: the curve alone */
  o.begin = 0;
  o.end = 200;
  cr = cairo_create (picture);
  chrono_renderer_draw (renderer, cr, &o);
  cairo_destroy (cr);
  cairo_surface_flush (picture);
  for (int y = (int) top; y < (int) (top + row->height); y++)
    g_assert_cmpuint (mean_pixels (picture, &o, y), <, 3);
}

/* Times at the 64-bit edges: the mean of a step signal from near -2^63 to
 * 2·10^18 is a weighted mean of its two values (the ticks between them do
 * not fit a gint64, and differences of them overflowed). */
static void
test_mean_at_the_edges (void)
{
  g_autoptr (ChronoSignal) signal = chrono_signal_new (1000000000);
  chrono_signal_append_step (signal, G_MININT64 + 1, 1.0);
  chrono_signal_append_step (signal, G_GINT64_CONSTANT (1000000000000000000), 3.0);
  chrono_signal_close_steps (signal, G_GINT64_CONSTANT (2000000000000000000));
  chrono_signal_seal (signal);
  double mean;
  guint n;
  g_assert_true (chrono_signal_mean (signal, G_MININT64 + 1, G_GINT64_CONSTANT (2000000000000000000), &mean, &n));
  g_assert_cmpuint (n, ==, 2);
  /* 1 for 2^63 + 10^18 ticks, 3 for 10^18 */
  double low = 9223372036854775807.0 + 1e18, high = 1e18;
  g_assert_cmpfloat (fabs (mean - (low + 3.0 * high) / (low + high)), <, 1e-9);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/signal-means/over-the-band", test_mean_over_the_band);
  g_test_add_func ("/render/signal-means/at-the-edges", test_mean_at_the_edges);
  return g_test_run ();
}
