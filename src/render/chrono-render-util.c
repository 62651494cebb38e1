/* chrono-render-util.c — pixel snapping, pixel columns and text, shared by
 * the parts of a frame. */
#include "chrono-render-private.h"

#include "chrono-name-colours.h"

#include <math.h>

void
chrono_render_hatch (cairo_t *cr, double x, double y, double width, double height, double step)
{
  cairo_save (cr);
  cairo_rectangle (cr, x, y, width, height);
  cairo_clip (cr);
  for (double hx = x - height; hx < x + width; hx += step)
    {
      cairo_move_to (cr, hx, y + height);
      cairo_line_to (cr, hx + height, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

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
  if (t1 <= t0 && t0 == G_MAXINT64)
    t0 = t1 - 1; /* the column of the clock's last tick */
  else if (t1 <= t0)
    t1 = t0 + 1;
  *out_begin = t0;
  *out_end = t1;
}

/* No picture shows more of a label than this: pango lays out all it is
 * given (a name of 20 MB took 2 GB and 11 s), so longer text is cut, at a
 * character boundary, with an ellipsis. */
#define MAX_LAID_OUT_BYTES 2048

static void
set_layout_text (PangoLayout *layout, const char *text)
{
  gsize length = strlen (text);
  if (length <= MAX_LAID_OUT_BYTES)
    {
      pango_layout_set_text (layout, text, (int) length);
      return;
    }
  const char *cut = g_utf8_find_prev_char (text, text + MAX_LAID_OUT_BYTES);
  g_autofree char *shown = g_strdup_printf ("%.*s…", (int) (cut != NULL ? cut - text : 0), text);
  pango_layout_set_text (layout, shown, -1);
}

/* Draws text with its top-left corner at (x, y), ellipsized to max_width
 * (no limit when max_width <= 0) in the middle: names that share a long
 * prefix ("Engine_Control_Torque_…", "CS [0…") differ at their ends. */
void
chrono_render_text (ChronoRenderContext *ctx, PangoLayout *layout, const char *text, double x, double y,
                    double max_width, const ChronoRgb *color)
{
  set_layout_text (layout, text);
  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
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
  set_layout_text (layout, text);
  pango_layout_set_width (layout, -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  int w = 0, h = 0;
  pango_layout_get_pixel_size (layout, &w, &h);
  if (out_width != NULL)
    *out_width = w;
  if (out_height != NULL)
    *out_height = h;
}

void
chrono_render_name_colour (ChronoRenderContext *ctx, const char *name, ChronoRgb *out)
{
  chrono_name_colours_get (ctx->names, ctx->palette, name, out);
}
