/* chrono-render-marks.c — the marks (instants) of one row: a glyph each
 * when they are few, ticks, or a lazily read lane's counts per column;
 * their colours by kind, and the kinds the legend names. */
#include "chrono-render-private.h"

#include <math.h>

#define MARK_MERGE_PX 4.0 /* marks closer than this share one glyph */
#define MARK_HALF_WIDTH 3.5
#define MARK_HEIGHT 6.0

void
chrono_render_mark_colour_for (ChronoRenderContext *ctx, const char *kind, ChronoRgb *out)
{
  if (kind == NULL)
    {
      *out = ctx->palette->mark;
      return;
    }
  ChronoRgb named;
  chrono_render_name_colour (ctx, kind, &named);
  /* Darker than span fills: a small glyph needs contrast to be seen. */
  chrono_rgb_mix (&named, &ctx->palette->text, 0.35, out);
}

static void
mark_colour (ChronoRenderContext *ctx, guint32 kind, ChronoRgb *out)
{
  chrono_render_mark_colour_for (ctx, kind == CHRONO_STRING_NONE ? NULL : chrono_strings_get (ctx->strings, kind), out);
}

/* Kinds are remembered by name: decoded chunks and added traces have strings of their own. */
#define MAX_MARK_KINDS 16

void
chrono_render_note_mark_kind (ChronoRenderContext *ctx, guint32 kind)
{
  ctx->marks_seen = TRUE;
  if (kind == CHRONO_STRING_NONE)
    {
      ctx->unnamed_marks_seen = TRUE;
      return;
    }
  const char *name = chrono_strings_get (ctx->strings, kind);
  for (guint i = 0; i < ctx->mark_kinds_seen->len; i++)
    if (strcmp (g_ptr_array_index (ctx->mark_kinds_seen, i), name) == 0)
      return;
  if (ctx->mark_kinds_seen->len < MAX_MARK_KINDS)
    g_ptr_array_add (ctx->mark_kinds_seen, g_strdup (name));
}

static void
draw_mark (ChronoRenderContext *ctx, double x, double top, double height, gboolean tick, const ChronoRgb *color)
{
  cairo_t *cr = ctx->cr;
  chrono_rgb_set_source (cr, color);
  if (tick)
    {
      cairo_rectangle (cr, x - 0.5, top + 1.0, 1.0, height - 2.0);
      cairo_fill (cr);
    }
  cairo_move_to (cr, x - MARK_HALF_WIDTH, top + 1.0);
  cairo_line_to (cr, x + MARK_HALF_WIDTH, top + 1.0);
  cairo_line_to (cr, x, top + 1.0 + MARK_HEIGHT);
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* Instant events as small down-pointing triangles (with a tick line on
 * events-only rows).  Marks within a few pixels share one glyph, and the
 * search skips to the next pixel, so a frame costs O(columns · log n).
 * *resume carries that sharing from one decoded chunk's marks to the next
 * (chunks in time order): marks before it are in the last glyph drawn. */
static void draw_lane_marks (ChronoRenderContext *ctx, ChronoMarks *marks, double top, double height, gboolean ticks,
                             gint64 *resume);

/* Summarised events: a glyph in each column that had any. */
static void
draw_summary_marks (ChronoRenderContext *ctx, ChronoSummary *summary, double x0, double x1, double top, double height,
                    gboolean ticks)
{
  ChronoSpanSummary totals;
  ChronoSummaryExtra extra;
  double next_free = -G_MAXDOUBLE;
  for (double x = x0; x < x1; x += 1.0)
    {
      if (x < next_free)
        continue;
      gint64 t0, t1;
      chrono_render_column_range (ctx, x, &t0, &t1);
      chrono_summary_query (summary, t0, t1, &totals, &extra);
      if (extra.n_instants == 0)
        continue;
      draw_mark (ctx, floor (x) + 0.5, top, height, ticks, &ctx->palette->mark);
      chrono_render_note_mark_kind (ctx, CHRONO_STRING_NONE);
      next_free = x + MARK_MERGE_PX;
    }
}

void
chrono_render_marks_row (ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top, gboolean ticks)
{
  ChronoSummary *summary = chrono_lane_get_summary (row->lane);
  gint64 resume = G_MININT64;
  if (summary == NULL)
    {
      draw_lane_marks (ctx, chrono_lane_get_marks (row->lane), top, row->height, ticks, &resume);
      return;
    }
  if (!chrono_summary_has_instants (summary))
    return; /* the index pass counted every event of the lane: there are none */
  g_autoptr (GArray) segments = chrono_render_lazy_segments (ctx, row->lane);
  for (guint i = 0; i < segments->len; i++)
    {
      const ChronoRenderSegment *segment = &g_array_index (segments, ChronoRenderSegment, i);
      chrono_render_clip_segment (ctx, segment, top, row->height, segment->detail ? MARK_HALF_WIDTH + 1.0 : 0.0);
      if (segment->detail != NULL)
        {
          ChronoRenderContext saved;
          chrono_render_enter_detail (ctx, segment, &saved);
          draw_lane_marks (ctx, chrono_lane_get_marks (segment->detail), top, row->height, ticks, &resume);
          chrono_render_leave_detail (ctx, &saved);
        }
      else
        {
          resume = G_MININT64;
          double x0, x1;
          chrono_render_segment_columns (ctx, segment, &x0, &x1);
          draw_summary_marks (ctx, summary, x0, x1, top, row->height, ticks);
        }
      cairo_restore (ctx->cr);
    }
}

static void
draw_lane_marks (ChronoRenderContext *ctx, ChronoMarks *marks, double top, double height, gboolean ticks,
                 gint64 *resume)
{
  if (marks == NULL || chrono_marks_get_n (marks) == 0)
    return;
  const ChronoRenderOptions *o = ctx->o;
  guint n = chrono_marks_get_n (marks);
  guint i = chrono_marks_first_at_or_after (marks, MAX (o->begin, *resume));
  while (i < n)
    {
      ChronoMark mark;
      chrono_marks_get (marks, i, &mark);
      if (mark.time > o->end)
        break;
      double x = floor (chrono_render_options_time_to_x (o, mark.time)) + 0.5;
      gint64 next = chrono_render_options_x_to_time (o, x + MARK_MERGE_PX);
      *resume = MAX (next, mark.time < G_MAXINT64 ? mark.time + 1 : mark.time);
      guint j = chrono_marks_first_at_or_after (marks, *resume);
      ChronoRgb color;
      mark_colour (ctx, mark.kind, &color);
      draw_mark (ctx, x, top, height, ticks, &color);
      chrono_render_note_mark_kind (ctx, mark.kind);
      i = MAX (j, i + 1);
    }
}
