/* chrono-render-signal.c — a value over time, one pixel column at a time.
 *
 * Each column contributes the value where it begins, the exact min and max
 * inside it (chrono_signal_range evaluates quadratics at their vertex too)
 * and the value where it ends.  A polyline through those points is the curve
 * itself — never a straight line between fragment ends —, a step becomes a
 * vertical edge in the column where it happens, and a column crowded with
 * fragments shows their whole range.  Flat stretches are merged into one
 * segment and put on pixel centres, so step signals stay crisp and small.
 * Over the columns crowded with fragments (a counter zoomed out), a line
 * of another colour is their mean weighted by time: the band gives the
 * least and the largest value of each column, the line what it averaged. */
#include "chrono-render-private.h"

#include <math.h>

#define PLOT_PAD 5.0
#define FILL_ALPHA 0.16
#define LINE_WIDTH 1.5
#define SMOOTH_PX 2.0 /* columns spanning less than this are one point */

typedef struct {
  double top, bottom; /* of the plot, in picture px */
  double min, max; /* values at bottom and top */
} Axis;

typedef struct {
  double x, y;
} Point;

static void
axis_init (Axis *axis, double row_top, double row_height, double min, double max)
{
  axis->top = row_top + PLOT_PAD;
  axis->bottom = row_top + row_height - PLOT_PAD;
  if (!(max > min))
    {
      /* a constant signal sits mid-row */
      double pad = fabs (min) > 0 ? fabs (min) * 0.5 : 1.0;
      min -= pad;
      max += pad;
    }
  axis->min = min;
  axis->max = max;
}

static double
value_to_y (const Axis *axis, double value)
{
  double fraction = (value - axis->min) / (axis->max - axis->min);
  return axis->bottom - fraction * (axis->bottom - axis->top);
}

/* The area under the curve reaches down to zero, or to the axis bottom
 * when zero is not on the axis. */
static double
fill_base (const Axis *axis)
{
  return value_to_y (axis, CLAMP (0.0, axis->min, axis->max));
}

/* Flat lines on pixel centres, or they smear over two rows of pixels. */
static double
pixel_centre (ChronoRenderContext *ctx, double y)
{
  return (floor (y * ctx->scale) + 0.5) / ctx->scale;
}

static void
add_point (GArray *points, double x, double y)
{
  guint n = points->len;
  Point *p = (Point *) points->data;
  if (n > 0 && p[n - 1].x == x && p[n - 1].y == y)
    return;
  /* extend a horizontal run instead of adding a point to it */
  if (n > 1 && p[n - 1].y == y && p[n - 2].y == y)
    {
      p[n - 1].x = x;
      return;
    }
  Point point = { x, y };
  g_array_append_val (points, point);
}

/* Fills under and strokes one stretch without gaps, then forgets it. */
static void
flush_stretch (ChronoRenderContext *ctx, const Axis *axis, GArray *points)
{
  cairo_t *cr = ctx->cr;
  const Point *p = (const Point *) points->data;
  if (points->len < 2)
    {
      g_array_set_size (points, 0);
      return;
    }
  double base = fill_base (axis);
  cairo_move_to (cr, p[0].x, base);
  for (guint i = 0; i < points->len; i++)
    cairo_line_to (cr, p[i].x, p[i].y);
  cairo_line_to (cr, p[points->len - 1].x, base);
  cairo_close_path (cr);
  chrono_rgb_set_source_alpha (cr, &ctx->palette->signal_line, FILL_ALPHA);
  cairo_fill (cr);

  cairo_move_to (cr, p[0].x, p[0].y);
  for (guint i = 1; i < points->len; i++)
    cairo_line_to (cr, p[i].x, p[i].y);
  chrono_rgb_set_source (cr, &ctx->palette->signal_line);
  cairo_set_line_width (cr, LINE_WIDTH);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_stroke (cr);
  g_array_set_size (points, 0);
}

/* A faint line at value zero when zero lies inside the axis. */
static void
draw_zero_line (ChronoRenderContext *ctx, const Axis *axis)
{
  if (axis->min > 0.0 || axis->max < 0.0)
    return;
  double y = pixel_centre (ctx, value_to_y (axis, 0.0));
  cairo_move_to (ctx->cr, ctx->data_x0, y);
  cairo_line_to (ctx->cr, ctx->data_x1, y);
  chrono_rgb_set_source_alpha (ctx->cr, &ctx->palette->dim_text, 0.35);
  cairo_set_line_width (ctx->cr, 1.0 / ctx->scale);
  cairo_stroke (ctx->cr);
}

/* "1.5k", "830", "0.25", "-3e-05": short enough for the axis column. */
char *
chrono_render_format_value (double value)
{
  double magnitude = fabs (value);
  if (magnitude != 0.0 && (magnitude >= 1e6 || magnitude < 1e-3))
    return g_strdup_printf ("%.3g", value);
  if (magnitude >= 1e4)
    return g_strdup_printf ("%.4gk", value / 1e3);
  return g_strdup_printf ("%.4g", value);
}

typedef struct {
  double in, out; /* values where the column begins and ends */
  double lo, hi; /* extremes inside it, the ends included */
} Column;

/* Values of the ticks [t0, t1) only: chrono_signal_range works on a closed
 * domain and would also report the fragment that ends right at t0, which
 * belongs to the column before. */
static gboolean
sample_column (ChronoSignal *signal, gint64 t0, gint64 t1, Column *c)
{
  gint64 last = MAX (t0, t1 - 1);
  gboolean has_in = chrono_signal_value_at (signal, t0, &c->in) && isfinite (c->in);
  gboolean has_inside =
      last > t0 && chrono_signal_range (signal, t0 + 1, last, &c->lo, &c->hi) && isfinite (c->lo) && isfinite (c->hi);
  if (!has_in && !has_inside)
    return FALSE;
  if (!has_inside)
    c->lo = c->hi = c->in;
  else if (!has_in)
    c->in = c->hi; /* the signal begins inside the column */
  c->lo = MIN (c->lo, c->in);
  c->hi = MAX (c->hi, c->in);
  if (!chrono_signal_value_at (signal, last, &c->out) || !isfinite (c->out))
    c->out = c->lo; /* it ends inside the column */
  return TRUE;
}

/* A column is a point at its pixel centre when the signal hardly moves in
 * it, else a vertical stroke there from the value it begins with, over any
 * extreme beyond its ends, to the value it ends with (a step, a steep or a
 * crowded column). */
static void
add_column (ChronoRenderContext *ctx, const Axis *axis, GArray *points, double x, double step, const Column *c)
{
  double cx = x + step / 2.0;
  if (c->lo == c->hi)
    {
      add_point (points, cx, pixel_centre (ctx, value_to_y (axis, c->in)));
      return;
    }
  double y_in = value_to_y (axis, c->in), y_out = value_to_y (axis, c->out);
  if (value_to_y (axis, c->lo) - value_to_y (axis, c->hi) < SMOOTH_PX)
    {
      /* a gentle stretch of curve: one point per column draws it smoothly */
      add_point (points, cx, (y_in + y_out) / 2.0);
      return;
    }
  add_point (points, cx, y_in);
  gboolean rising = c->out >= c->in;
  double first = rising ? c->lo : c->hi, second = rising ? c->hi : c->lo;
  if (first < MIN (c->in, c->out) || first > MAX (c->in, c->out))
    add_point (points, cx, value_to_y (axis, first));
  if (second < MIN (c->in, c->out) || second > MAX (c->in, c->out))
    add_point (points, cx, value_to_y (axis, second));
  add_point (points, cx, y_out);
}

static void
stroke_means (ChronoRenderContext *ctx, GArray *means)
{
  const Point *p = (const Point *) means->data;
  if (means->len >= 2)
    {
      cairo_move_to (ctx->cr, p[0].x, p[0].y);
      for (guint i = 1; i < means->len; i++)
        cairo_line_to (ctx->cr, p[i].x, p[i].y);
      chrono_rgb_set_source (ctx->cr, &ctx->palette->signal_mean);
      cairo_set_line_width (ctx->cr, LINE_WIDTH);
      cairo_set_line_join (ctx->cr, CAIRO_LINE_JOIN_ROUND);
      cairo_stroke (ctx->cr);
      ctx->signal_means_seen = TRUE;
    }
  g_array_set_size (means, 0);
}

typedef struct {
  double x, y; /* the column's mean; y NAN: the signal has no value there */
  guint fragments;
} ColumnMean;

/* Over a row zoomed out far enough that most of its columns hold two
 * fragments or more, the mean of every column (a line along the band);
 * over a row where fragments are wider than columns, none: the curve is
 * its own mean there, and bits of a line at its steps would only clutter. */
static void
draw_column_means (ChronoRenderContext *ctx, ChronoSignal *signal, const Axis *axis)
{
  double step = 1.0 / ctx->scale;
  g_autoptr (GArray) columns = g_array_new (FALSE, FALSE, sizeof (ColumnMean));
  guint with_values = 0, crowded = 0;
  for (double x = floor (ctx->data_x0); x < ctx->data_x1; x += step)
    {
      gint64 t0, t1;
      chrono_render_column_range (ctx, x, &t0, &t1);
      double mean;
      ColumnMean c = { x + step / 2.0, NAN, 0 };
      if (chrono_signal_mean (signal, t0, t1, &mean, &c.fragments) && isfinite (mean))
        {
          c.y = value_to_y (axis, mean);
          with_values++;
          crowded += c.fragments >= 2;
        }
      g_array_append_val (columns, c);
    }
  if (with_values == 0 || crowded * 2 < with_values)
    return;
  g_autoptr (GArray) means = g_array_new (FALSE, FALSE, sizeof (Point));
  for (guint i = 0; i < columns->len; i++)
    {
      const ColumnMean *c = &g_array_index (columns, ColumnMean, i);
      if (isnan (c->y))
        stroke_means (ctx, means);
      else
        add_point (means, c->x, c->y);
    }
  stroke_means (ctx, means);
}

static void
draw_columns (ChronoRenderContext *ctx, ChronoSignal *signal, const Axis *axis)
{
  double step = 1.0 / ctx->scale;
  g_autoptr (GArray) points = g_array_new (FALSE, FALSE, sizeof (Point));
  for (double x = floor (ctx->data_x0); x < ctx->data_x1; x += step)
    {
      gint64 t0, t1;
      chrono_render_column_range (ctx, x, &t0, &t1);
      Column c;
      if (sample_column (signal, t0, t1, &c))
        add_column (ctx, axis, points, x, step, &c);
      else
        flush_stretch (ctx, axis, points);
    }
  flush_stretch (ctx, axis, points);
  draw_column_means (ctx, signal, axis);
}

/* A summary keeps each bucket's range of values: a column is a stroke over it. */
static void
draw_summary_columns (ChronoRenderContext *ctx, ChronoSummary *summary, const Axis *axis, double x0, double x1)
{
  double step = 1.0 / ctx->scale;
  g_autoptr (GArray) points = g_array_new (FALSE, FALSE, sizeof (Point));
  for (double x = x0; x < x1; x += step)
    {
      gint64 t0, t1;
      chrono_render_column_range (ctx, x, &t0, &t1);
      ChronoSpanSummary totals;
      ChronoSummaryExtra extra;
      chrono_summary_query (summary, t0, t1, &totals, &extra);
      if (extra.have_values)
        {
          Column c = { extra.min_value, extra.max_value, extra.min_value, extra.max_value };
          add_column (ctx, axis, points, x, step, &c);
        }
      else
        flush_stretch (ctx, axis, points);
    }
  flush_stretch (ctx, axis, points);
}

static void
draw_lazy_row (ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top, ChronoSummary *summary,
               const Axis *axis)
{
  g_autoptr (GArray) segments = chrono_render_lazy_segments (ctx, row->lane);
  for (guint i = 0; i < segments->len; i++)
    {
      const ChronoRenderSegment *segment = &g_array_index (segments, ChronoRenderSegment, i);
      chrono_render_clip_segment (ctx, segment, top, row->height, 0.0);
      ChronoSignal *signal = segment->detail ? chrono_lane_get_signal (segment->detail) : NULL;
      if (signal != NULL && chrono_signal_get_n (signal) > 0)
        draw_columns (ctx, signal, axis);
      else if (segment->detail == NULL)
        {
          double x0, x1;
          chrono_render_segment_columns (ctx, segment, &x0, &x1);
          draw_summary_columns (ctx, summary, axis, x0, x1);
        }
      cairo_restore (ctx->cr);
    }
}

/* ---- a signal held by start-time windows (chrono_chunk_cache_set_start_windows) ---- */

/* The signal lane of chunk k that is the index's lane: found by name, but
 * two signals may share a name, so the producer's id decides. */
static ChronoLane *
window_signal_lane (ChronoChunkCache *cache, guint k, ChronoLane *index_lane)
{
  gint64 id = chrono_lane_get_source_id (index_lane);
  ChronoLane *lane = chrono_chunk_cache_find_lane (cache, k, index_lane);
  if (lane == NULL || chrono_lane_get_source_id (lane) == id)
    return lane;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (chrono_chunk_cache_peek (cache, k));
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *other = g_ptr_array_index (lanes, i);
      if (chrono_lane_get_kind (other) == CHRONO_LANE_SIGNAL && chrono_lane_get_source_id (other) == id)
        return other;
    }
  return NULL;
}

/* The fragments of chunk k's signal that no decoded chunk before it gave:
 * all of them after an undecoded chunk, else those that begin in k. */
static void
gather_window (ChronoRenderContext *ctx, const ChronoLayoutRow *row, guint k, gint64 begin, gboolean after_decoded,
               ChronoSignal **signal)
{
  ChronoLane *lane = window_signal_lane (chrono_trace_get_chunk_cache (ctx->trace), k, row->lane);
  ChronoSignal *part = lane ? chrono_lane_get_signal (lane) : NULL;
  if (part == NULL)
    return;
  if (*signal == NULL)
    *signal = chrono_signal_new (chrono_signal_get_ticks_per_second (part));
  for (guint i = 0; i < chrono_signal_get_n (part); i++)
    {
      const ChronoFragment *f = chrono_signal_get (part, i);
      if (!after_decoded || f->t0 >= begin)
        chrono_signal_append (*signal, f);
    }
}

typedef struct {
  gint64 begin, end;
  gboolean decoded;
} Stretch;

static void
add_stretch (GArray *stretches, gint64 begin, gint64 end, gboolean decoded)
{
  Stretch *last = stretches->len ? &g_array_index (stretches, Stretch, stretches->len - 1) : NULL;
  if (last != NULL && last->end == begin && last->decoded == decoded)
    {
      last->end = end;
      return;
    }
  Stretch stretch = { begin, end, decoded };
  g_array_append_val (stretches, stretch);
}

/* The decoded windows under the columns give one signal, drawn as a whole
 * read draws it (the same picture once every window is decoded); the
 * summary draws where a window is still to come. */
static void
draw_windowed_row (ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top, ChronoSummary *summary,
                   const Axis *axis)
{
  ChronoTrace *trace = ctx->trace;
  guint n = chrono_trace_get_n_chunks (trace);
  /* the times of the columns draw_columns samples, first to last */
  double step = 1.0 / ctx->scale, last_x = floor (ctx->data_x0);
  while (last_x + step < ctx->data_x1)
    last_x += step;
  gint64 t_first, t_last, unused;
  chrono_render_column_range (ctx, floor (ctx->data_x0), &t_first, &unused);
  chrono_render_column_range (ctx, last_x, &unused, &t_last);
  g_autoptr (ChronoSignal) signal = NULL;
  g_autoptr (GArray) stretches = g_array_new (FALSE, FALSE, sizeof (Stretch));
  gboolean after_decoded = FALSE;
  guint last = n ? chrono_trace_find_chunk (trace, t_last) : 0;
  for (guint k = n ? chrono_trace_find_chunk (trace, t_first) : 0; k < n && k <= last; k++)
    {
      gint64 begin = k == 0 ? G_MININT64 : chrono_trace_get_chunk (trace, k)->first_time;
      gint64 end = k + 1 < n ? chrono_trace_get_chunk (trace, k + 1)->first_time : G_MAXINT64;
      gboolean decoded = chrono_chunk_cache_peek (chrono_trace_get_chunk_cache (trace), k) != NULL;
      if (decoded)
        gather_window (ctx, row, k, begin, after_decoded, &signal);
      add_stretch (stretches, MAX (begin, t_first), MIN (end, t_last), decoded);
      after_decoded = decoded;
    }
  if (signal != NULL)
    chrono_signal_seal (signal); /* fragments of unsorted files come in file order */
  if (stretches->len == 1 && g_array_index (stretches, Stretch, 0).decoded)
    {
      if (signal != NULL)
        draw_columns (ctx, signal, axis); /* decoded under every column: nothing to clip */
      return;
    }
  for (guint i = 0; i < stretches->len; i++)
    {
      const Stretch *stretch = &g_array_index (stretches, Stretch, i);
      ChronoRenderSegment segment = { stretch->begin, stretch->end, NULL, NULL };
      chrono_render_clip_segment (ctx, &segment, top, row->height, 0.0);
      if (stretch->decoded && signal != NULL)
        draw_columns (ctx, signal, axis);
      else if (!stretch->decoded)
        {
          double x0, x1;
          chrono_render_segment_columns (ctx, &segment, &x0, &x1);
          draw_summary_columns (ctx, summary, axis, x0, x1);
        }
      cairo_restore (ctx->cr);
    }
}

void
chrono_render_signal_row (ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top, double min, double max)
{
  ChronoSignal *signal = chrono_lane_get_signal (row->lane);
  ChronoSummary *summary = chrono_lane_get_summary (row->lane);
  if (summary == NULL && (signal == NULL || chrono_signal_get_n (signal) == 0))
    return;
  Axis axis;
  axis_init (&axis, top, row->height, min, max);
  draw_zero_line (ctx, &axis);
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (ctx->trace);
  if (summary != NULL && cache != NULL && chrono_chunk_cache_get_start_windows (cache))
    draw_windowed_row (ctx, row, top, summary, &axis);
  else if (summary != NULL)
    draw_lazy_row (ctx, row, top, summary, &axis);
  else
    draw_columns (ctx, signal, &axis);
}
