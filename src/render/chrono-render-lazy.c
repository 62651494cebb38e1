/* chrono-render-lazy.c — a row of a lazily read trace, chunk by chunk.
 *
 * The view is cut where chunks begin; a chunk the cache has decoded is drawn
 * from its own lane, the same way as a fully read trace, clipped to the
 * chunk's time; a run of chunks not (yet) decoded is drawn from the lane's
 * summary.  So zooming in sharpens the picture where detail has arrived and
 * never leaves a hole where it has not. */
#include "chrono-render-private.h"

#include <math.h>

static void
add_segment (GArray *segments, gint64 begin, gint64 end, ChronoLane *detail, ChronoTrace *detail_trace)
{
  if (end <= begin)
    return;
  if (detail == NULL && segments->len > 0)
    {
      ChronoRenderSegment *last = &g_array_index (segments, ChronoRenderSegment, segments->len - 1);
      if (last->detail == NULL && last->end == begin)
        {
          last->end = end; /* runs of summary merge: one pass over the columns */
          return;
        }
    }
  ChronoRenderSegment segment = { begin, end, detail, detail_trace };
  g_array_append_val (segments, segment);
}

GArray *
chrono_render_lazy_segments (ChronoRenderContext *ctx, ChronoLane *lane)
{
  const ChronoRenderOptions *o = ctx->o;
  GArray *segments = g_array_new (FALSE, FALSE, sizeof (ChronoRenderSegment));
  ChronoTrace *trace = ctx->trace;
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  guint n = chrono_trace_get_n_chunks (trace);
  if (cache == NULL || n == 0)
    {
      add_segment (segments, o->begin, o->end, NULL, NULL);
      return segments;
    }
  guint first = chrono_trace_find_chunk (trace, o->begin), last = chrono_trace_find_chunk (trace, o->end);
  for (guint k = first; k <= last && k < n; k++)
    {
      gint64 begin = k == 0 ? G_MININT64 : chrono_trace_get_chunk (trace, k)->first_time;
      gint64 end = k + 1 == n ? G_MAXINT64 : chrono_trace_get_chunk_end (trace, k);
      ChronoTrace *decoded = chrono_chunk_cache_peek (cache, k);
      ChronoLane *detail = decoded ? chrono_chunk_cache_find_lane (cache, k, lane) : NULL;
      add_segment (segments, MAX (begin, o->begin), MIN (end, o->end), detail, detail ? decoded : NULL);
    }
  return segments;
}

/* Clips drawing to the segment's columns; pair with cairo_restore. */
/* slack widens the clip on both sides: an event glyph at a chunk's edge is
 * wider than a point, and events at the very time a chunk ends may be the
 * ones its predecessor read (lines of equal time straddle the cut). */
void
chrono_render_clip_segment (ChronoRenderContext *ctx, const ChronoRenderSegment *segment, double top, double height,
                            double slack)
{
  const ChronoRenderOptions *o = ctx->o;
  double x0 = chrono_render_snap (ctx, chrono_render_options_time_to_x (o, segment->begin));
  double x1 = chrono_render_snap (ctx, chrono_render_options_time_to_x (o, segment->end));
  if (segment->end >= o->end)
    x1 = ctx->data_x1;
  cairo_save (ctx->cr);
  x0 -= slack;
  x1 += slack;
  cairo_rectangle (ctx->cr, x0, top, MAX (x1 - x0, 0.0), height);
  cairo_clip (ctx->cr);
}

/* The pixel columns [x0, x1) that a segment covers. */
void
chrono_render_segment_columns (ChronoRenderContext *ctx, const ChronoRenderSegment *segment, double *x0, double *x1)
{
  const ChronoRenderOptions *o = ctx->o;
  *x0 = MAX (floor (chrono_render_options_time_to_x (o, segment->begin)), floor (ctx->data_x0));
  *x1 = segment->end >= o->end ? ctx->data_x1
                               : MIN (ceil (chrono_render_options_time_to_x (o, segment->end)), ctx->data_x1);
}

/* A decoded chunk is a trace of its own: label and attribute ids name its
 * strings, not the index's. */
void
chrono_render_enter_detail (ChronoRenderContext *ctx, const ChronoRenderSegment *segment, ChronoRenderContext *saved)
{
  *saved = *ctx;
  ctx->trace = segment->detail_trace;
  ctx->strings = chrono_trace_get_strings (segment->detail_trace);
}

void
chrono_render_leave_detail (ChronoRenderContext *ctx, const ChronoRenderContext *saved)
{
  ctx->trace = saved->trace;
  ctx->strings = saved->strings;
}
