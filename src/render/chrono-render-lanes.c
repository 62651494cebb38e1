/* chrono-render-lanes.c — the lanes of a frame: the rows in sight, their
 * bands, the grid, each row's data by its kind (spans, signals, trees,
 * density, events) on its own trace's clock, the bars between tree nodes,
 * and the name column with expanders, names and a signal's axis values.
 * Apart from the frame's set-up because this is where the layout's rows
 * meet the drawing of each kind; the value range of each signal over the
 * whole trace (its y axis) is kept here, where only rows use it. */
#include "chrono-renderer-private.h"

#include <math.h>

#define INDENT_STEP CHRONO_RENDER_INDENT_STEP
#define LABEL_MARGIN CHRONO_RENDER_LABEL_MARGIN
#define EXPANDER_SIZE CHRONO_RENDER_EXPANDER_SIZE
#define NAME_LINE 20.0 /* names sit in the first line of tall rows */

typedef struct {
  guint n_fragments; /* the extent is stale once the signal grew */
  gboolean valid;
  double min, max;
} SignalExtent;

/* ---- signals' value axes ---------------------------------------------- */

static gboolean
signal_extent (ChronoRenderer *self, ChronoLane *lane, double *out_min, double *out_max)
{
  ChronoSummary *summary = chrono_lane_get_summary (lane);
  ChronoSignalFigures figures;
  if (summary != NULL && chrono_lane_get_signal_figures (lane, &figures))
    {
      /* a lazily read signal whose reader knows the exact range, as a whole read has it */
      *out_min = figures.min;
      *out_max = figures.max;
      return figures.has_range && isfinite (figures.min) && isfinite (figures.max);
    }
  if (summary != NULL)
    {
      /* a lazily read signal: the range of all its values, from the summary */
      return chrono_summary_get_value_range (summary, out_min, out_max);
    }
  ChronoSignal *signal = chrono_lane_get_signal (lane);
  if (signal == NULL || chrono_signal_get_n (signal) == 0)
    return FALSE;
  if (chrono_signal_get_scale (signal, out_min, out_max))
    return TRUE;
  SignalExtent *extent = g_hash_table_lookup (self->signal_extents, lane);
  if (extent == NULL || extent->n_fragments != chrono_signal_get_n (signal))
    {
      if (extent == NULL)
        {
          extent = g_new0 (SignalExtent, 1);
          g_hash_table_insert (self->signal_extents, lane, extent);
        }
      extent->n_fragments = chrono_signal_get_n (signal);
      extent->valid = chrono_signal_range (signal, G_MININT64, G_MAXINT64, &extent->min, &extent->max)
                      && isfinite (extent->min) && isfinite (extent->max);
    }
  *out_min = extent->min;
  *out_max = extent->max;
  return extent->valid;
}

/* ---- lanes ------------------------------------------------------------ */

typedef struct {
  guint first, last; /* rows [first, last) intersect the lane area */
  double lane_top, lane_bottom;
} VisibleRows;

static gboolean
find_visible_rows (ChronoRenderer *self, const ChronoRenderOptions *o, VisibleRows *v)
{
  guint n = chrono_layout_get_n_rows (self->layout);
  v->lane_top = chrono_render_options_lane_top (o);
  v->lane_bottom = v->lane_top + chrono_render_options_lane_height (o);
  if (n == 0 || v->lane_bottom <= v->lane_top)
    return FALSE;
  v->first = 0;
  if (o->scroll_y > 0 && !chrono_layout_row_at_y (self->layout, o->scroll_y, &v->first))
    return FALSE; /* scrolled past the last row */
  double view_end = o->scroll_y + (v->lane_bottom - v->lane_top);
  for (v->last = v->first; v->last < n && chrono_layout_get_row (self->layout, v->last)->y < view_end; v->last++)
    ;
  return v->last > v->first;
}

static double
row_top (const ChronoRenderOptions *o, const VisibleRows *v, const ChronoLayoutRow *row)
{
  return v->lane_top + row->y - o->scroll_y;
}

static void
draw_row_bands (ChronoRenderer *self, ChronoRenderContext *ctx, const VisibleRows *v)
{
  cairo_t *cr = ctx->cr;
  for (guint i = v->first; i < v->last; i++)
    {
      const ChronoLayoutRow *row = chrono_layout_get_row (self->layout, i);
      double top = row_top (ctx->o, v, row);
      if (chrono_layout_row_get_style (row) == CHRONO_ROW_HEADING)
        chrono_rgb_set_source (cr, &ctx->palette->heading);
      else if (i % 2 == 1)
        chrono_rgb_set_source (cr, &ctx->palette->alternate_row);
      else
        continue;
      cairo_rectangle (cr, 0, top, ctx->o->width, row->height);
      cairo_fill (cr);
    }
}

static void draw_row_data_of_member (ChronoRenderer *self, ChronoRenderContext *ctx, const ChronoLayoutRow *row,
                                     double top);

/* What a row of another trace of the set is drawn with: its own clock, its
 * own trace and its own strings (ids of one trace's string table mean
 * nothing in another's). */
typedef struct {
  const ChronoRenderOptions *o;
  ChronoTrace *trace;
  ChronoStrings *strings;
  ChronoRenderOptions mapped;
} MemberScope;

static void
enter_member (ChronoRenderer *self, ChronoRenderContext *ctx, guint member, MemberScope *scope)
{
  scope->o = ctx->o;
  scope->trace = ctx->trace;
  scope->strings = ctx->strings;
  if (member == 0)
    return;
  chrono_renderer_member_options (self, ctx->o, member, &scope->mapped);
  ctx->o = &scope->mapped;
  ctx->trace = chrono_renderer_member_trace (self, member);
  ctx->strings = chrono_trace_get_strings (ctx->trace);
}

static void
leave_member (ChronoRenderContext *ctx, const MemberScope *scope)
{
  ctx->o = scope->o;
  ctx->trace = scope->trace;
  ctx->strings = scope->strings;
}

static void
draw_row_data (ChronoRenderer *self, ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top)
{
  MemberScope scope;
  enter_member (self, ctx, row->member, &scope);
  draw_row_data_of_member (self, ctx, row, top);
  leave_member (ctx, &scope);
}

static void
draw_row_data_of_member (ChronoRenderer *self, ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top)
{
  cairo_t *cr = ctx->cr;
  cairo_save (cr);
  cairo_rectangle (cr, ctx->data_x0, top, ctx->data_x1 - ctx->data_x0, row->height);
  cairo_clip (cr);
  double min, max;
  switch (chrono_layout_row_get_style (row))
    {
    case CHRONO_ROW_HEADING: break;
    case CHRONO_ROW_TREE_NODE: chrono_render_tree_row (ctx, self->layout, row, top); break;
    case CHRONO_ROW_SPANS:
      chrono_render_spans_row (ctx, row, top);
      chrono_render_marks_row (ctx, row, top, FALSE);
      break;
    case CHRONO_ROW_SIGNAL:
      if (signal_extent (self, row->lane, &min, &max))
        chrono_render_signal_row (ctx, row, top, min, max);
      chrono_render_marks_row (ctx, row, top, FALSE); /* reads and other accesses */
      break;
    case CHRONO_ROW_EVENTS: chrono_render_marks_row (ctx, row, top, TRUE); break;
    case CHRONO_ROW_DENSITY: chrono_render_density_row (ctx, self->layout, row, top); break;
    case CHRONO_ROW_OWNERSHIP:
      chrono_render_ownership_row (ctx, self->layout, row, top);
      chrono_render_marks_row (ctx, row, top, FALSE);
      break;
    }
  cairo_restore (cr);
}

static void
draw_expander (ChronoRenderContext *ctx, double x, double centre, gboolean expanded)
{
  cairo_t *cr = ctx->cr;
  double s = 3.5;
  if (expanded)
    {
      cairo_move_to (cr, x - s, centre - s / 2.0);
      cairo_line_to (cr, x + s, centre - s / 2.0);
      cairo_line_to (cr, x, centre + s / 2.0 + 1.0);
    }
  else
    {
      cairo_move_to (cr, x - s / 2.0, centre - s);
      cairo_line_to (cr, x + s / 2.0 + 1.0, centre);
      cairo_line_to (cr, x - s / 2.0, centre + s);
    }
  cairo_close_path (cr);
  chrono_rgb_set_source (cr, &ctx->palette->dim_text);
  cairo_fill (cr);
}

/* A signal's axis: its maximum at the top and minimum at the bottom of the
 * row, right-aligned against the plot. */
static void
draw_axis_values (ChronoRenderer *self, ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top)
{
  double min, max;
  if (!signal_extent (self, row->lane, &min, &max))
    return;
  g_autofree char *high = chrono_render_format_value (max);
  g_autofree char *low = chrono_render_format_value (min);
  double right = ctx->data_x0 - LABEL_MARGIN;
  int w, h;
  if (!(max > min))
    {
      /* a constant signal has one value, where its line is: not "0" over "0" */
      chrono_render_text_size (ctx->small_text, high, &w, &h);
      chrono_render_text (ctx, ctx->small_text, high, right - w, top + (row->height - h) / 2.0, -1,
                          &ctx->palette->dim_text);
      return;
    }
  chrono_render_text_size (ctx->small_text, high, &w, &h);
  chrono_render_text (ctx, ctx->small_text, high, right - w, top + 1.0, -1, &ctx->palette->dim_text);
  chrono_render_text_size (ctx->small_text, low, &w, &h);
  chrono_render_text (ctx, ctx->small_text, low, right - w, top + row->height - h - 1.0, -1, &ctx->palette->dim_text);
}

/* Whether the row has an expander, and whether it is open. */
gboolean
chrono_renderer_row_expander (ChronoRenderer *self, const ChronoLayoutRow *row, gboolean *out_expanded)
{
  if (row->node != CHRONO_TREE_NONE)
    {
      *out_expanded = chrono_layout_get_node_expanded (self->layout, row->lane, row->node);
      return chrono_tree_get_subtree_size (chrono_lane_get_tree (row->lane), row->node) > 1;
    }
  *out_expanded = chrono_layout_get_expanded (self->layout, row->lane);
  ChronoTraceSet *set = chrono_layout_get_trace_set (self->layout);
  if (set != NULL && chrono_trace_set_get_heading (set, row->member) == row->lane)
    return TRUE; /* a trace's heading folds its lanes */
  return chrono_lane_get_n_children (row->lane) > 0 || chrono_lane_get_tree (row->lane) != NULL;
}

double
chrono_render_name_x (const ChronoLayoutRow *row)
{
  return LABEL_MARGIN + row->indent * INDENT_STEP + EXPANDER_SIZE;
}

static void
draw_row_name (ChronoRenderer *self, ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top)
{
  ChronoRowStyle style = chrono_layout_row_get_style (row);
  double x = LABEL_MARGIN + row->indent * INDENT_STEP;
  /* signal names sit mid-row, between the axis values; others in the first line */
  double line = style == CHRONO_ROW_SIGNAL ? row->height : MIN (row->height, NAME_LINE);
  gboolean expanded;
  if (chrono_renderer_row_expander (self, row, &expanded))
    draw_expander (ctx, x + 4.0, top + line / 2.0, expanded);
  x += EXPANDER_SIZE;
  PangoLayout *layout = style == CHRONO_ROW_HEADING ? ctx->heading_text : ctx->name_text;
  g_autofree char *node_name = NULL;
  if (style == CHRONO_ROW_TREE_NODE)
    {
      MemberScope scope;
      enter_member (self, ctx, row->member, &scope);
      node_name = chrono_render_tree_row_name (ctx, row);
      leave_member (ctx, &scope);
    }
  const char *name = node_name ? node_name : chrono_lane_get_display_name (row->lane);
  int h;
  chrono_render_text_size (layout, name, NULL, &h);
  double room = ctx->data_x0 - x - LABEL_MARGIN;
  if (style == CHRONO_ROW_SIGNAL)
    room -= 4.0;
  if (room > 8.0)
    chrono_render_lane_name (ctx, layout, node_name ? NULL : row->lane, chrono_layout_get_trace_set (self->layout),
                             name, x, top + (line - h) / 2.0, room);
  if (style == CHRONO_ROW_SIGNAL)
    draw_axis_values (self, ctx, row, top);
}

static void
draw_label_column (ChronoRenderer *self, ChronoRenderContext *ctx, const VisibleRows *v)
{
  cairo_t *cr = ctx->cr;
  cairo_save (cr);
  cairo_rectangle (cr, 0, v->lane_top, ctx->data_x0, v->lane_bottom - v->lane_top);
  cairo_clip (cr);
  for (guint i = v->first; i < v->last; i++)
    {
      const ChronoLayoutRow *row = chrono_layout_get_row (self->layout, i);
      draw_row_name (self, ctx, row, row_top (ctx->o, v, row));
    }
  cairo_restore (cr);
  chrono_rgb_set_source (cr, &ctx->palette->separator);
  cairo_rectangle (cr, ctx->data_x0 - 1.0, v->lane_top, 1.0, v->lane_bottom - v->lane_top);
  cairo_fill (cr);
}

/* Split and join bars run between a node's row and its parent's. */
static void
draw_tree_bars (ChronoRenderer *self, ChronoRenderContext *ctx, const VisibleRows *v)
{
  cairo_t *cr = ctx->cr;
  cairo_save (cr);
  cairo_rectangle (cr, ctx->data_x0, v->lane_top, ctx->data_x1 - ctx->data_x0, v->lane_bottom - v->lane_top);
  cairo_clip (cr);
  for (guint i = v->first; i < v->last; i++)
    {
      const ChronoLayoutRow *row = chrono_layout_get_row (self->layout, i);
      if (row->node == CHRONO_TREE_NONE)
        continue;
      double top = row_top (ctx->o, v, row);
      MemberScope scope;
      enter_member (self, ctx, row->member, &scope);
      chrono_render_tree_bars (ctx, self->layout, row, top);
      leave_member (ctx, &scope);
    }
  cairo_restore (cr);
}

void
chrono_render_lanes (ChronoRenderer *self, ChronoRenderContext *ctx, const ChronoTickScale *ticks)
{
  const ChronoRenderOptions *o = ctx->o;
  cairo_t *cr = ctx->cr;
  VisibleRows v;
  if (!find_visible_rows (self, o, &v))
    return;
  cairo_save (cr);
  cairo_rectangle (cr, 0, v.lane_top, o->width, v.lane_bottom - v.lane_top);
  cairo_clip (cr);
  draw_row_bands (self, ctx, &v);

  double rows_bottom = MIN (v.lane_bottom, v.lane_top + chrono_layout_get_total_height (self->layout) - o->scroll_y);
  cairo_save (cr);
  cairo_rectangle (cr, ctx->data_x0, v.lane_top, ctx->data_x1 - ctx->data_x0, rows_bottom - v.lane_top);
  cairo_clip (cr);
  chrono_render_grid (ctx, ticks, v.lane_top, rows_bottom);
  cairo_restore (cr);

  for (guint i = v.first; i < v.last; i++)
    {
      const ChronoLayoutRow *row = chrono_layout_get_row (self->layout, i);
      draw_row_data (self, ctx, row, row_top (o, &v, row));
    }
  draw_tree_bars (self, ctx, &v);
  if (ctx->data_x0 > 0)
    draw_label_column (self, ctx, &v);
  cairo_restore (cr);
}
