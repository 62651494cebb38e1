/* chrono-render-util.c — pixel snapping, pixel columns and text, shared by
 * the parts of a frame. */
#include "chrono-render-private.h"

#include <math.h>

/* Rounds to the device pixel grid so fills have sharp edges in PNGs
 * (and on HiDPI surfaces, where a picture px is several device px). */
double
chrono_render_snap (ChronoRenderContext *ctx, double v)
{
  return round (v * ctx->scale) / ctx->scale;
}

/* The ticks [begin, end) that the pixel column starting at x stands for.
 * Neighbouring columns share their boundary, so every tick belongs to
 * exactly one column; a column is never empty even when zoomed in so far
 * that one tick covers many columns. */
void
chrono_render_column_range (ChronoRenderContext *ctx, double x, gint64 *out_begin, gint64 *out_end)
{
  const ChronoRenderOptions *o = ctx->o;
  gint64 t0 = CLAMP (chrono_render_options_x_to_time (o, x), o->begin, o->end);
  gint64 t1 = CLAMP (chrono_render_options_x_to_time (o, x + 1.0), o->begin, o->end);
  if (t1 <= t0)
    t1 = t0 + 1;
  *out_begin = t0;
  *out_end = t1;
}

/* Draws text with its top-left corner at (x, y), ellipsized to max_width
 * (no limit when max_width <= 0). */
void
chrono_render_text (ChronoRenderContext *ctx, PangoLayout *layout, const char *text, double x, double y,
                    double max_width, const ChronoRgb *color)
{
  pango_layout_set_text (layout, text, -1);
  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  else
    {
      pango_layout_set_width (layout, -1);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
    }
  chrono_rgb_set_source (ctx->cr, color);
  cairo_move_to (ctx->cr, x, y);
  pango_cairo_show_layout (ctx->cr, layout);
}

void
chrono_render_text_size (PangoLayout *layout, const char *text, int *out_width, int *out_height)
{
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  int w = 0, h = 0;
  pango_layout_get_pixel_size (layout, &w, &h);
  if (out_width != NULL)
    *out_width = w;
  if (out_height != NULL)
    *out_height = h;
}
