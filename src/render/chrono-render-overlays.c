/* chrono-render-overlays.c — what is drawn over the picture of the lanes:
 * the pointer's cursor line, the selected time range, markers A and B, an
 * outline round the selected span, highlighted ranges (violations), a
 * path of steps across lanes joined by arrows (an event chain) and a saved
 * view's bookmarks and notes.  The timeline draws them over its cached
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

#define MARKER_TAB_HEIGHT 9.0

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
  /* a tab with the marker's letter at the foot of the ruler, under its
   * time labels (at the top it hid the label of a tick it sat on) */
  double foot = MAX (o->ruler_height, MARKER_TAB_HEIGHT + 1);
  cairo_rectangle (cr, floor (x) - 6, foot - MARKER_TAB_HEIGHT, 13, MARKER_TAB_HEIGHT);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 8.5);
  cairo_move_to (cr, floor (x) - 2.5, foot - 2.0);
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

/* ---- highlighted ranges and paths ---------------------------------------- */

void
chrono_render_overlays_range_colour (gboolean dark, double *r, double *g, double *b)
{
  *r = dark ? 1.0 : 0.86;
  *g = dark ? 0.33 : 0.08;
  *b = dark ? 0.30 : 0.08;
}

void
chrono_render_overlays_path_colour (gboolean dark, double *r, double *g, double *b)
{
  *r = dark ? 1.0 : 0.78;
  *g = dark ? 0.36 : 0.0;
  *b = dark ? 0.86 : 0.60;
}

/* Where a lane is drawn: its row, or its nearest shown ancestor's (a
 * runnable of a folded task); the options mapped to that row's trace. */
typedef struct {
  double top, height; /* px in the picture */
  ChronoRenderOptions o;
} RowPlace;

static gboolean
place_lane (ChronoRenderer *renderer, const ChronoRenderOptions *view, ChronoLane *lane, RowPlace *out)
{
  ChronoLayout *layout = chrono_renderer_get_layout (renderer);
  guint index;
  while (lane != NULL && !chrono_layout_find_row (layout, lane, &index))
    lane = chrono_lane_get_parent (lane);
  if (lane == NULL)
    return FALSE;
  const ChronoLayoutRow *row = chrono_layout_get_row (layout, index);
  chrono_renderer_get_member_options (renderer, view, row->member, &out->o);
  out->top = chrono_render_options_lane_top (view) + row->y - view->scroll_y;
  out->height = row->height;
  return TRUE;
}

/* The columns of [begin, end], at least width px wide around its middle. */
static void
columns_of (const ChronoRenderOptions *o, gint64 begin, gint64 end, double width, double *x0, double *x1)
{
  *x0 = chrono_render_options_time_to_x (o, begin);
  *x1 = chrono_render_options_time_to_x (o, end);
  if (*x1 - *x0 < width)
    {
      double middle = (*x0 + *x1) / 2;
      *x0 = middle - width / 2;
      *x1 = middle + width / 2;
    }
}

static void
clip_to_lanes (cairo_t *cr, const ChronoRenderOptions *o)
{
  cairo_rectangle (cr, o->label_width, chrono_render_options_lane_top (o), o->width - o->label_width,
                   chrono_render_options_lane_height (o));
  cairo_clip (cr);
}

/* A translucent band over the row with an outline, and a solid bar along
 * the row's bottom that stays visible over any colour. */
static void
draw_ranges (ChronoRenderer *renderer, cairo_t *cr, const ChronoRenderOptions *view,
             const ChronoRenderOverlays *overlays)
{
  double r, g, b;
  chrono_render_overlays_range_colour (view->dark, &r, &g, &b);
  cairo_save (cr);
  clip_to_lanes (cr, view);
  cairo_set_line_width (cr, 1.5);
  for (guint i = 0; i < overlays->n_ranges; i++)
    {
      const ChronoRenderRange *range = &overlays->ranges[i];
      RowPlace place;
      if (!place_lane (renderer, view, range->lane, &place))
        continue;
      double x0, x1;
      columns_of (&place.o, range->begin, range->end, 3.0, &x0, &x1);
      if (x1 < view->label_width || x0 > view->width || place.top + place.height < 0 || place.top > view->height)
        continue;
      x0 = floor (x0);
      x1 = ceil (x1);
      cairo_rectangle (cr, x0, place.top, x1 - x0, place.height);
      cairo_set_source_rgba (cr, r, g, b, 0.22);
      cairo_fill (cr);
      cairo_rectangle (cr, x0 + 0.75, place.top + 0.75, x1 - x0 - 1.5, place.height - 1.5);
      cairo_set_source_rgba (cr, r, g, b, 0.9);
      cairo_stroke (cr);
      cairo_rectangle (cr, x0, place.top + place.height - 3, x1 - x0, 3);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

typedef struct {
  double x0, x1, top, height; /* the step's box */
  gboolean instant;
} StepBox;

/* An arrow from the end of one step to the begin of the next, leaving and
 * entering horizontally, so that it reads left to right even when the next
 * step begins the moment the previous one ends, on a row far below. */
static void
arrow_path (cairo_t *cr, const StepBox *from, const StepBox *to, double *tip_dx, double *tip_dy)
{
  double x1 = from->instant ? (from->x0 + from->x1) / 2 + 5 : from->x1 + 1.5, y1 = from->top + from->height / 2;
  double x2 = to->instant ? (to->x0 + to->x1) / 2 - 6 : to->x0 - 2.5, y2 = to->top + to->height / 2;
  /* a short reach when the next step begins right away: a near-vertical
   * drop with a small turn into the step, not a loop */
  double reach = MAX (8.0, fabs (x2 - x1) / 2);
  double c1x = x1 + reach, c2x = x2 - reach;
  cairo_move_to (cr, x1, y1);
  cairo_curve_to (cr, c1x, y1, c2x, y2, x2, y2);
  *tip_dx = x2;
  *tip_dy = y2;
}

static void
arrow_head (cairo_t *cr, double x, double y)
{
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x - 8, y - 4.5);
  cairo_line_to (cr, x - 8, y + 4.5);
  cairo_close_path (cr);
}

static void
draw_path_label (cairo_t *cr, const ChronoRenderOptions *view, const StepBox *last, const char *text, double r,
                 double g, double b)
{
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 11);
  cairo_text_extents_t extents;
  cairo_text_extents (cr, text, &extents);
  double w = extents.x_advance + 10, h = 16;
  /* right of the last step; where the picture ends first, under its row
   * (above it at the bottom), its right edge at the step's end, off the
   * arrow that comes in from the left */
  double x = last->x1 + 8, y = last->top + last->height / 2 - h / 2;
  if (x + w > view->width)
    {
      x = MAX (MIN (last->x1, view->width - 2) - w, view->label_width + 2);
      y = last->top + last->height + 2;
      if (y + h > view->height - MAX (view->legend_height, 0))
        y = last->top - h - 2;
    }
  cairo_rectangle (cr, floor (x) + 0.5, floor (y) + 0.5, ceil (w), h);
  if (view->dark)
    cairo_set_source_rgba (cr, 0.1, 0.1, 0.12, 0.92);
  else
    cairo_set_source_rgba (cr, 1, 1, 1, 0.92);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_move_to (cr, floor (x) + 5.5, floor (y) + 12.5);
  cairo_show_text (cr, text);
}

/* From the path's first step to the end of its last, a bar along the
 * ruler's foot: the end-to-end time reads off the time axis. */
static void
draw_path_span (cairo_t *cr, const ChronoRenderOptions *view, const StepBox *first, const StepBox *last, double r,
                double g, double b)
{
  double top = chrono_render_options_lane_top (view);
  if (view->ruler_height <= 0 || top < 5)
    return;
  double x0 = first->instant ? (first->x0 + first->x1) / 2 : first->x0;
  double x1 = last->instant ? (last->x0 + last->x1) / 2 : last->x1;
  x0 = MAX (x0, view->label_width);
  x1 = MIN (x1, view->width);
  if (x1 <= x0)
    return;
  cairo_save (cr);
  cairo_rectangle (cr, floor (x0), top - 5, MAX (ceil (x1 - x0), 1.0), 4);
  cairo_set_source_rgba (cr, r, g, b, 0.85);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* Every step outlined (an instant as a dot), arrows between them over a
 * halo of the background so they stay legible over busy rows. */
static void
draw_path (ChronoRenderer *renderer, cairo_t *cr, const ChronoRenderOptions *view, const ChronoRenderOverlays *overlays)
{
  g_autofree StepBox *boxes = g_new0 (StepBox, overlays->n_path);
  g_autofree gboolean *placed = g_new0 (gboolean, overlays->n_path);
  for (guint i = 0; i < overlays->n_path; i++)
    {
      const ChronoRenderPathStep *step = &overlays->path[i];
      RowPlace place;
      placed[i] = place_lane (renderer, view, step->lane, &place);
      if (!placed[i])
        continue;
      boxes[i].instant = step->end <= step->begin;
      columns_of (&place.o, step->begin, step->end, boxes[i].instant ? 10.0 : 4.0, &boxes[i].x0, &boxes[i].x1);
      boxes[i].top = place.top + 1;
      boxes[i].height = place.height - 2;
    }
  double r, g, b;
  chrono_render_overlays_path_colour (view->dark, &r, &g, &b);
  double halo = view->dark ? 0.0 : 1.0;
  cairo_save (cr);
  clip_to_lanes (cr, view);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  /* the arrows, first their halo, then the ink and heads */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i + 1 < overlays->n_path; i++)
      {
        if (!placed[i] || !placed[i + 1])
          continue;
        double tip_x, tip_y;
        arrow_path (cr, &boxes[i], &boxes[i + 1], &tip_x, &tip_y);
        if (pass == 0)
          {
            cairo_set_source_rgba (cr, halo, halo, halo, 0.85);
            cairo_set_line_width (cr, 5.5);
            cairo_stroke (cr);
            continue;
          }
        cairo_set_source_rgb (cr, r, g, b);
        cairo_set_line_width (cr, 2.2);
        cairo_stroke (cr);
        arrow_head (cr, tip_x, tip_y);
        cairo_set_source_rgba (cr, halo, halo, halo, 0.85);
        cairo_set_line_width (cr, 1.5);
        cairo_stroke_preserve (cr);
        cairo_set_source_rgb (cr, r, g, b);
        cairo_fill (cr);
      }
  /* the steps */
  for (guint i = 0; i < overlays->n_path; i++)
    {
      if (!placed[i])
        continue;
      const StepBox *box = &boxes[i];
      if (box->instant)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, (box->x0 + box->x1) / 2, box->top + box->height / 2, MIN (5.0, box->height / 2), 0, 2 * G_PI);
          cairo_set_source_rgb (cr, r, g, b);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, halo, halo, halo, 0.9);
          cairo_set_line_width (cr, 1.5);
          cairo_stroke (cr);
          continue;
        }
      cairo_rectangle (cr, floor (box->x0) - 1.5, floor (box->top) + 1.5, ceil (box->x1 - box->x0) + 3,
                       floor (box->height) - 3);
      cairo_set_source_rgba (cr, r, g, b, 0.12);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, r, g, b);
      cairo_set_line_width (cr, 2.5);
      cairo_stroke (cr);
    }
  if (overlays->path_label != NULL && overlays->n_path > 0 && placed[overlays->n_path - 1])
    draw_path_label (cr, view, &boxes[overlays->n_path - 1], overlays->path_label, r, g, b);
  cairo_restore (cr);
  if (placed[0] && placed[overlays->n_path - 1])
    draw_path_span (cr, view, &boxes[0], &boxes[overlays->n_path - 1], r, g, b);
}

/* ---- bookmarks and notes ------------------------------------------------ */

#define BOOKMARK_BAND 2.0 /* px: the band at the foot of the ruler */
#define BOOKMARK_CHIP 9.0 /* px: the name's tab above it, under the ruler's labels */
#define CHIP_INSET 7.0 /* past half a marker tab */
#define NOTE_GLYPH 10.0 /* px: a note's sheet */
#define MAX_DRAWN_NAME 120 /* characters of a bookmark's name laid out at most */
#define MAX_DRAWN 2000 /* bookmarks, and notes, drawn in one frame at most */

static const ChronoRgb bookmark_colour = { 0.45, 0.27, 0.70 };

/* A named band under the ruler for each bookmark, its name in a tab at its start. */
static void
draw_bookmarks (cairo_t *cr, const ChronoRenderOptions *o, ChronoViewState *state)
{
  guint n = chrono_view_state_get_n_bookmarks (state);
  if (n == 0 || o->ruler_height < BOOKMARK_BAND + BOOKMARK_CHIP)
    return;
  cairo_save (cr);
  cairo_rectangle (cr, o->label_width, 0, o->width - o->label_width, o->ruler_height);
  cairo_clip (cr);
  PangoLayout *text = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 7");
  pango_layout_set_font_description (text, font);
  pango_font_description_free (font);
  ChronoRenderContext ctx = { .cr = cr, .o = o };
  double band_y = o->ruler_height - BOOKMARK_BAND, chip_y = band_y - BOOKMARK_CHIP;
  for (guint i = 0, drawn = 0; i < n && drawn < MAX_DRAWN; i++)
    {
      const ChronoBookmark *bookmark = chrono_view_state_get_bookmark (state, i);
      double x0 = chrono_render_options_time_to_x (o, bookmark->begin);
      double x1 = chrono_render_options_time_to_x (o, bookmark->end);
      if (x1 < o->label_width || x0 > o->width)
        continue;
      drawn++;
      x0 = floor (MAX (x0, o->label_width - 1));
      x1 = ceil (MAX (MIN (x1, o->width + 1), x0 + 2));
      cairo_rectangle (cr, x0, band_y, x1 - x0, BOOKMARK_BAND);
      cairo_set_source_rgba (cr, bookmark_colour.red, bookmark_colour.green, bookmark_colour.blue, 0.9);
      cairo_fill (cr);
      g_autofree char *name =
          g_utf8_substring (bookmark->name, 0, MIN (g_utf8_strlen (bookmark->name, -1), (glong) MAX_DRAWN_NAME));
      int text_width = 0;
      chrono_render_text_size (text, name, &text_width, NULL);
      /* the tab at the foot of the ruler, under its labels, a marker's width
       * in from the start so a marker there (a bookmark of A..B) leaves it legible */
      double chip_x = x0 + CHIP_INSET;
      double chip_width = MIN (text_width + 6.0, MAX (x1 - chip_x, 0));
      if (chip_width < 14)
        continue; /* no room to say which: the band alone */
      cairo_rectangle (cr, chip_x, chip_y, chip_width, BOOKMARK_CHIP);
      cairo_fill (cr);
      static const ChronoRgb white = { 1, 1, 1 };
      chrono_render_text (&ctx, text, name, chip_x + 3, chip_y - 1, chip_width - 6, &white);
    }
  g_object_unref (text);
  cairo_restore (cr);
}

/* A sheet with a folded corner, its top-left corner at (x, y). */
static void
draw_note_glyph (cairo_t *cr, double x, double y)
{
  double s = NOTE_GLYPH, fold = 3.5;
  x = floor (x) + 0.5;
  y = floor (y) + 0.5;
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + s - fold, y);
  cairo_line_to (cr, x + s, y + fold);
  cairo_line_to (cr, x + s, y + s);
  cairo_line_to (cr, x, y + s);
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, 1.0, 0.85, 0.25);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.45, 0.33, 0.0);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_move_to (cr, x + s - fold, y);
  cairo_line_to (cr, x + s - fold, y + fold);
  cairo_line_to (cr, x + s, y + fold);
  cairo_stroke (cr);
  for (int line = 0; line < 2; line++)
    {
      cairo_move_to (cr, x + 2, y + 4.5 + 2.5 * line);
      cairo_line_to (cr, x + s - 2, y + 4.5 + 2.5 * line);
    }
  cairo_stroke (cr);
}

/* A note on an item: a glyph at the item's start on its lane's row (none
 * while the row is hidden or folded away).  A note on a range: at its start
 * in the ruler. */
static void
draw_notes (ChronoRenderer *renderer, cairo_t *cr, const ChronoRenderOptions *view, ChronoViewState *state)
{
  ChronoLayout *layout = chrono_renderer_get_layout (renderer);
  ChronoTrace *trace = chrono_renderer_get_trace (renderer);
  guint n = chrono_view_state_get_n_notes (state);
  for (guint i = 0, drawn = 0; i < n && drawn < MAX_DRAWN; i++)
    {
      const ChronoNote *note = chrono_view_state_get_note (state, i);
      /* only notes in the picture's time find their lanes */
      double at = chrono_render_options_time_to_x (view, note->begin);
      if (at < view->label_width - 1 || at > view->width)
        continue;
      drawn++;
      if (note->lane_key == NULL)
        {
          double x = chrono_render_options_time_to_x (view, note->begin);
          if (x >= view->label_width && x <= view->width && view->ruler_height >= NOTE_GLYPH + 2)
            draw_note_glyph (cr, x, 1);
          continue;
        }
      ChronoLane *lane = chrono_view_state_find_lane (trace, note->lane_key);
      guint index;
      if (lane == NULL || !chrono_layout_find_row (layout, lane, &index))
        continue;
      const ChronoLayoutRow *row = chrono_layout_get_row (layout, index);
      ChronoRenderOptions mapped;
      chrono_renderer_get_member_options (renderer, view, row->member, &mapped);
      double x = chrono_render_options_time_to_x (&mapped, note->begin);
      double top = chrono_render_options_lane_top (&mapped);
      double y = top + row->y - mapped.scroll_y + 1;
      if (x < mapped.label_width - 1 || x > mapped.width || y + NOTE_GLYPH < top
          || y > top + chrono_render_options_lane_height (&mapped))
        continue;
      cairo_save (cr);
      cairo_rectangle (cr, mapped.label_width, top, mapped.width - mapped.label_width,
                       chrono_render_options_lane_height (&mapped));
      cairo_clip (cr);
      draw_note_glyph (cr, MAX (x, mapped.label_width), y);
      cairo_restore (cr);
    }
}

void
chrono_renderer_draw_overlays (ChronoRenderer *renderer, cairo_t *cr, const ChronoRenderOptions *o,
                               const ChronoRenderOverlays *overlays)
{
  g_return_if_fail (CHRONO_IS_RENDERER (renderer));
  g_return_if_fail (cr != NULL && o != NULL && overlays != NULL);
  cairo_save (cr);
  if (overlays->n_ranges > 0)
    draw_ranges (renderer, cr, o, overlays);
  draw_selected (renderer, cr, o, overlays);
  if (overlays->n_path > 0)
    draw_path (renderer, cr, o, overlays);
  if (overlays->annotations != NULL)
    {
      draw_bookmarks (cr, o, overlays->annotations);
      draw_notes (renderer, cr, o, overlays->annotations);
    }
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
