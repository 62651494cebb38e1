/* chrono-render-density.c — a density row: the memory references of one
 * address space over time.
 *
 * Far out, each device pixel is a cell of time × address whose colour mixes
 * the channels (loads, stores, fetches) by their share and whose strength
 * grows with the logarithm of the count, so a program's phases show as
 * bands that move between code, heap and stack.  Zoomed in until few
 * references are visible, each is a dot at its address.  The address axis
 * holds only the blocks the space uses (ChronoReferences), with a line and
 * the first address where a stretch of used blocks begins. */
#include "chrono-render-private.h"

#include <math.h>
#include <string.h>

#define PAD 3.0 /* px above and below the plot */
#define MAX_DOTS 20000 /* references drawn one by one at most */
#define MAX_COLUMNS 8192
#define LABEL_MIN_GAP 12.0 /* px between address labels */
/* device pixels a side of the checkerboard of two kinds sharing cells: single
 * pixels of red and blue read as one lavender */
#define CHECKER 3u

typedef struct {
  ChronoRenderContext *ctx;
  ChronoReferences *refs;
  guint space;
  double x0, x1, top, bottom; /* the plot */
  double axis_lo, axis_hi; /* the axis positions shown, bottom to top */
} Plot;

static double
y_of (const Plot *p, double position)
{
  return p->bottom - (position - p->axis_lo) / (p->axis_hi - p->axis_lo) * (p->bottom - p->top);
}

/* Each reference as a dot; FALSE when there are too many in view to read them. */
static gboolean
draw_dots (Plot *p)
{
  const ChronoRenderOptions *o = p->ctx->o;
  guint64 first, last;
  if (!chrono_references_find_range (p->refs, o->begin, o->end, &first, &last, NULL) || last - first > MAX_DOTS)
    return FALSE;
  guint n = (guint) (last - first);
  g_autofree ChronoReference *refs = g_new (ChronoReference, MAX (n, 1));
  if (!chrono_references_read (p->refs, first, n, refs, NULL))
    return TRUE; /* the file changed under us: nothing rather than a wrong picture */
  guint32 id = chrono_references_get_space_id (p->refs, p->space);
  cairo_t *cr = p->ctx->cr;
  for (guint channel = 0; channel < CHRONO_REF_N_CHANNELS; channel++)
    {
      gboolean any = FALSE;
      for (guint i = 0; i < n; i++)
        {
          if (refs[i].space != id || refs[i].channel != channel)
            continue;
          double position = chrono_references_axis_position (p->refs, p->space, refs[i].address);
          if (position < p->axis_lo || position >= p->axis_hi)
            continue;
          double x = chrono_render_options_time_to_x (o, refs[i].time);
          cairo_rectangle (cr, x - 1.5, y_of (p, position) - 1.5, 3.0, 3.0);
          any = TRUE;
        }
      if (any)
        {
          chrono_rgb_set_source (cr, &p->ctx->palette->references[channel]);
          cairo_fill (cr);
          p->ctx->references_seen = TRUE;
        }
    }
  return TRUE;
}

/* A cell's colour: one channel's, never a mix (loads and stores mixed
 * made a lavender the legend does not have): the most frequent, or where a
 * second one holds a quarter of the cell, the two in a checkerboard (odd:
 * the cell's square of it); strength by log of the count. */
static guint32
cell_pixel (const ChronoPalette *palette, const float *cell, double log_max, gboolean odd)
{
  double total = 0.0;
  guint top = 0, second = CHRONO_REF_N_CHANNELS;
  for (guint c = 0; c < CHRONO_REF_N_CHANNELS; c++)
    {
      total += cell[c];
      if (cell[c] > cell[top])
        top = c;
    }
  for (guint c = 0; c < CHRONO_REF_N_CHANNELS; c++)
    if (c != top && (second == CHRONO_REF_N_CHANNELS || cell[c] > cell[second]))
      second = c;
  if (total <= 0.0)
    return 0;
  if (odd && cell[second] * 4 >= total)
    top = second;
  /* a single reference in a cell must still show */
  double alpha = 0.25 + 0.75 * CLAMP (log1p (total) / log_max, 0.0, 1.0);
  const ChronoRgb *colour = &palette->references[top];
  guint32 a = (guint32) lround (alpha * 255.0);
  guint32 pr = (guint32) lround (colour->red * alpha * 255.0), pg = (guint32) lround (colour->green * alpha * 255.0),
          pb = (guint32) lround (colour->blue * alpha * 255.0);
  return a << 24 | pr << 16 | pg << 8 | pb; /* premultiplied, as cairo's ARGB32 wants */
}

/* Cells one device pixel high vanish (instruction fetches fill a sliver of
 * their block's rows): an empty pixel takes the colour of a filled one just
 * above or below it, so every band is at least three pixels high. */
static void
thicken (guint8 *pixels, int stride, guint columns, guint rows)
{
  /* rows below are still as drawn; of the row above only its original is
   * needed, kept before the row is filled */
  g_autofree guint32 *above = g_new (guint32, columns), *original = g_new (guint32, columns);
  for (guint row = 0; row < rows; row++)
    {
      guint32 *line = (guint32 *) (pixels + (gsize) row * stride);
      const guint32 *below = row + 1 < rows ? (const guint32 *) (pixels + (gsize) (row + 1) * stride) : NULL;
      memcpy (original, line, columns * sizeof *line);
      for (guint column = 0; column < columns; column++)
        if (line[column] == 0)
          line[column] = below != NULL && below[column] != 0 ? below[column] : row > 0 ? above[column] : 0;
      guint32 *swap = above;
      above = original;
      original = swap;
    }
}

static void
draw_heat_map (Plot *p)
{
  ChronoRenderContext *ctx = p->ctx;
  const ChronoRenderOptions *o = ctx->o;
  guint columns = (guint) CLAMP (ceil ((p->x1 - p->x0) * ctx->scale), 1, MAX_COLUMNS);
  guint rows = (guint) MAX (ceil ((p->bottom - p->top) * ctx->scale), 1);
  g_autofree float *density = g_new (float, (gsize) columns *rows *CHRONO_REF_N_CHANNELS);
  gboolean exact;
  /* the columns cover the time area exactly: x0 is o->begin, x1 is o->end */
  if (o->end <= o->begin
      || !chrono_references_density (p->refs, p->space, o->begin, o->end, columns, p->axis_lo, p->axis_hi, rows,
                                     density, &exact, NULL))
    return;
  double max = 0.0;
  for (gsize cell = 0; cell < (gsize) columns * rows; cell++)
    {
      double total = 0.0;
      for (guint c = 0; c < CHRONO_REF_N_CHANNELS; c++)
        total += density[cell * CHRONO_REF_N_CHANNELS + c];
      max = MAX (max, total);
    }
  if (max <= 0.0)
    return;
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) columns, (int) rows);
  guint8 *pixels = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);
  double log_max = log1p (max);
  for (guint row = 0; row < rows; row++)
    {
      /* density row 0 is the axis' low end, drawn at the bottom */
      guint32 *line = (guint32 *) (pixels + (gsize) (rows - 1 - row) * stride);
      for (guint column = 0; column < columns; column++)
        line[column] = cell_pixel (ctx->palette, &density[((gsize) row * columns + column) * CHRONO_REF_N_CHANNELS],
                                   log_max, (row / CHECKER + column / CHECKER) % 2 == 1);
    }
  thicken (pixels, stride, columns, rows);
  cairo_surface_mark_dirty (image);
  cairo_t *cr = ctx->cr;
  cairo_save (cr);
  cairo_translate (cr, p->x0, p->top);
  cairo_scale (cr, (p->x1 - p->x0) / columns, (p->bottom - p->top) / rows);
  cairo_set_source_surface (cr, image, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_surface_destroy (image);
  ctx->references_seen = TRUE;
}

/* Where a stretch of used blocks begins after a gap: a line and its address. */
static void
draw_address_axis (Plot *p)
{
  ChronoRenderContext *ctx = p->ctx;
  cairo_t *cr = ctx->cr;
  guint n = chrono_references_get_n_blocks (p->refs, p->space);
  double last_label_y = G_MAXDOUBLE;
  cairo_set_line_width (cr, 1.0);
  for (guint b = 0; b < n; b++)
    {
      guint32 address = chrono_references_get_block_address (p->refs, p->space, b);
      gboolean stretch_starts =
          b == 0
          || chrono_references_get_block_address (p->refs, p->space, b - 1) != address - (1u << CHRONO_REF_BLOCK_BITS);
      if (!stretch_starts || b < p->axis_lo || b >= p->axis_hi)
        continue;
      double y = chrono_render_snap (ctx, y_of (p, b)) - 0.5;
      if (b > 0)
        {
          chrono_rgb_set_source_alpha (cr, &ctx->palette->separator, 0.8);
          cairo_move_to (cr, p->x0, y);
          cairo_line_to (cr, p->x1, y);
          cairo_stroke (cr);
        }
      int h;
      g_autofree char *label = g_strdup_printf ("%08x", address);
      chrono_render_text_size (ctx->small_text, label, NULL, &h);
      if (last_label_y - y < LABEL_MIN_GAP || y - h < p->top - PAD)
        continue;
      chrono_render_text (ctx, ctx->small_text, label, p->x0 + 3.0, y - h, -1, &ctx->palette->dim_text);
      last_label_y = y;
    }
}

/* The part of the axis the row shows: all used blocks, or what a drag on the axis chose. */
static gboolean
axis_range (ChronoLayout *layout, ChronoLane *lane, double *lo, double *hi)
{
  guint space;
  ChronoReferences *refs = chrono_lane_get_references (lane, &space);
  if (refs == NULL || chrono_references_get_n_blocks (refs, space) == 0)
    return FALSE;
  if (!chrono_layout_get_axis_range (layout, lane, lo, hi))
    {
      *lo = 0.0;
      *hi = chrono_references_get_n_blocks (refs, space);
    }
  return TRUE;
}

gboolean
chrono_render_density_position (ChronoLayout *layout, const ChronoLayoutRow *row, double top, double y,
                                double *position)
{
  double lo, hi;
  if (!axis_range (layout, row->lane, &lo, &hi))
    return FALSE;
  double bottom = top + row->height - PAD;
  double fraction = CLAMP ((bottom - y) / (row->height - 2 * PAD), 0.0, 1.0);
  *position = lo + fraction * (hi - lo);
  return TRUE;
}

/* When the axis shows part of the space: the addresses at its ends. */
static void
draw_axis_ends (Plot *p)
{
  ChronoRenderContext *ctx = p->ctx;
  guint blocks = chrono_references_get_n_blocks (p->refs, p->space);
  if (p->axis_lo <= 0.0 && p->axis_hi >= blocks)
    return;
  double ends[] = { p->axis_lo, p->axis_hi };
  for (guint i = 0; i < 2; i++)
    {
      guint block = (guint) MIN (floor (ends[i]), blocks - 1);
      guint64 address = chrono_references_get_block_address (p->refs, p->space, block)
                        + (guint64) ((ends[i] - block) * (1u << CHRONO_REF_BLOCK_BITS));
      g_autofree char *label = g_strdup_printf ("%08" G_GINT64_MODIFIER "x", address);
      int w, h;
      chrono_render_text_size (ctx->small_text, label, &w, &h);
      chrono_render_text (ctx, ctx->small_text, label, p->x1 - w - 4.0, i == 0 ? p->bottom - h : p->top, -1,
                          &ctx->palette->text);
    }
}

void
chrono_render_density_row (ChronoRenderContext *ctx, ChronoLayout *layout, const ChronoLayoutRow *row, double top)
{
  guint space;
  ChronoReferences *refs = chrono_lane_get_references (row->lane, &space);
  Plot p = { .ctx = ctx,
             .refs = refs,
             .space = space,
             .x0 = ctx->data_x0,
             .x1 = ctx->data_x1,
             .top = top + PAD,
             .bottom = top + row->height - PAD };
  if (!axis_range (layout, row->lane, &p.axis_lo, &p.axis_hi))
    return;
  /* the references over the axis' labels: a label never hides what lies under it */
  draw_address_axis (&p);
  if (!draw_dots (&p))
    draw_heat_map (&p);
  draw_axis_ends (&p);
}

/* The reference whose dot is under (x, y), the nearest when several are:
 * only while the row draws dots (zoomed in far enough to tell them apart). */
gboolean
chrono_render_density_reference_at (ChronoLayout *layout, const ChronoLayoutRow *row, double top,
                                    const ChronoRenderOptions *o, double x, double y, ChronoReference *out)
{
  guint space;
  ChronoReferences *refs = chrono_lane_get_references (row->lane, &space);
  Plot p = { .refs = refs, .space = space, .top = top + PAD, .bottom = top + row->height - PAD };
  guint64 first, last;
  if (refs == NULL || !axis_range (layout, row->lane, &p.axis_lo, &p.axis_hi) || o->end <= o->begin
      || !chrono_references_find_range (refs, o->begin, o->end, &first, &last, NULL) || last - first > MAX_DOTS)
    return FALSE;
  /* a dot is 3 px: what lies within 3 px of the pointer in time */
  gint64 from = chrono_render_options_x_to_time (o, x - 3.0), to = chrono_render_options_x_to_time (o, x + 3.0) + 1;
  if (!chrono_references_find_range (refs, MAX (from, o->begin), MIN (to, o->end), &first, &last, NULL)
      || last == first)
    return FALSE;
  guint n = (guint) MIN (last - first, (guint64) MAX_DOTS);
  g_autofree ChronoReference *near = g_new (ChronoReference, n);
  if (!chrono_references_read (refs, first, n, near, NULL))
    return FALSE;
  guint32 id = chrono_references_get_space_id (refs, space);
  double best = 3.0 * 3.0 + 1e-9;
  gboolean found = FALSE;
  for (guint i = 0; i < n; i++)
    {
      if (near[i].space != id)
        continue;
      double position = chrono_references_axis_position (refs, space, near[i].address);
      if (position < p.axis_lo || position >= p.axis_hi)
        continue;
      double dx = chrono_render_options_time_to_x (o, near[i].time) - x, dy = y_of (&p, position) - y;
      if (dx * dx + dy * dy <= best)
        {
          best = dx * dx + dy * dy;
          *out = near[i];
          found = TRUE;
        }
    }
  return found;
}
