/* chrono-render-overlays.c — what is drawn over the picture of the lanes:
 * the pointer's cursor line, the selected time range, markers A and B and an
 * outline round the selected span.  The timeline draws them over its cached
 * picture at every frame; an export draws them once over its picture. */
#include "chrono-render-private.h"

#include <math.h>
#include <string.h>

void
chrono_render_overlays_init (ChronoRenderOverlays *overlays)
{
  g_return_if_fail (overlays != NULL);
  memset (overlays, 0, sizeof *overlays);
  overlays->cursor_x = -1.0;
}

static void
set_ink (cairo_t *cr, gboolean dark, double alpha)
{
  double v = dark ? 1.0 : 0.0;
  cairo_set_source_rgba (cr, v, v, v, alpha);
}

static void
draw_vertical (cairo_t *cr, double x, double top, double bottom)
{
  cairo_move_to (cr, floor (x) + 0.5, top);
  cairo_line_to (cr, floor (x) + 0.5, bottom);
  cairo_stroke (cr);
}

static void
draw_selection_band (cairo_t *cr, const ChronoRenderOptions *o, gint64 begin, gint64 end)
{
  double x0 = MAX (chrono_render_options_time_to_x (o, begin), o->label_width);
  double x1 = MIN (chrono_render_options_time_to_x (o, end), o->width);
  if (x1 <= x0)
    return;
  cairo_rectangle (cr, x0, 0, x1 - x0, o->height);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.18);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.8);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
draw_marker (cairo_t *cr, const ChronoRenderOptions *o, gint64 time, const char *name)
{
  double x = chrono_render_options_time_to_x (o, time);
  if (x < o->label_width || x > o->width)
    return;
  cairo_set_source_rgba (cr, 0.90, 0.38, 0.0, 0.95);
  cairo_set_line_width (cr, 1.5);
  /* down to the legend, not across it */
  draw_vertical (cr, x, 0, o->height - MAX (o->legend_height, 0));
  /* a tab with the marker's letter in the ruler */
  cairo_rectangle (cr, floor (x) - 6, 1, 13, 13);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 10);
  cairo_move_to (cr, floor (x) - 3, 11.5);
  cairo_show_text (cr, name);
}

/* An outline around the selected span, wherever its row is in the picture. */
static void
draw_selected (ChronoRenderer *renderer, cairo_t *cr, const ChronoRenderOptions *view,
               const ChronoRenderOverlays *overlays)
{
  ChronoLayout *layout = chrono_renderer_get_layout (renderer);
  guint index;
  if (overlays->selected_lane == NULL || !chrono_layout_find_row (layout, overlays->selected_row_lane, &index))
    return;
  const ChronoLayoutRow *row = chrono_layout_get_row (layout, index);
  /* a span of another trace of the set lies on its own clock */
  ChronoRenderOptions mapped;
  chrono_renderer_get_member_options (renderer, view, row->member, &mapped);
  const ChronoRenderOptions *o = &mapped;
  ChronoSpans *spans = chrono_lane_get_spans (overlays->selected_lane);
  if (spans == NULL || overlays->selected_span >= chrono_spans_get_n (spans))
    return;
  ChronoSpan span;
  chrono_spans_get (spans, overlays->selected_span, &span);
  double slot_height = chrono_layout_row_get_slot_height (row);
  double x0 = MAX (chrono_render_options_time_to_x (o, span.start), o->label_width - 2);
  double x1 = MIN (chrono_render_options_time_to_x (o, span.end), o->width + 2);
  double y =
      chrono_render_options_lane_top (o) + row->y - o->scroll_y + MIN (span.depth, row->n_slots - 1) * slot_height;
  if (x1 < o->label_width || y + slot_height < chrono_render_options_lane_top (o))
    return;
  x1 = MAX (x1, x0 + 1);
  cairo_save (cr);
  cairo_rectangle (cr, o->label_width, chrono_render_options_lane_top (o), o->width - o->label_width,
                   chrono_render_options_lane_height (o));
  cairo_clip (cr);
  cairo_rectangle (cr, floor (x0) - 1.5, floor (y) + 0.5, ceil (x1 - x0) + 3, floor (slot_height) - 1);
  set_ink (cr, o->dark, 0.9);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
chrono_renderer_draw_overlays (ChronoRenderer *renderer, cairo_t *cr, const ChronoRenderOptions *o,
                               const ChronoRenderOverlays *overlays)
{
  g_return_if_fail (CHRONO_IS_RENDERER (renderer));
  g_return_if_fail (cr != NULL && o != NULL && overlays != NULL);
  cairo_save (cr);
  draw_selected (renderer, cr, o, overlays);
  if (overlays->has_selection)
    draw_selection_band (cr, o, overlays->selection_begin, overlays->selection_end);
  if (overlays->has_marker_a)
    draw_marker (cr, o, overlays->marker_a, "A");
  if (overlays->has_marker_b)
    draw_marker (cr, o, overlays->marker_b, "B");
  if (overlays->cursor_x >= o->label_width)
    {
      set_ink (cr, o->dark, 0.55);
      cairo_set_line_width (cr, 1);
      draw_vertical (cr, overlays->cursor_x, 0, o->height - MAX (o->legend_height, 0));
    }
  cairo_restore (cr);
}
