/* chrono-render-lazy.c — a row of a lazily read trace, chunk by chunk.
 *
 * A chunk the cache has decoded is drawn from its own lane, the same way as
 * a fully read trace, clipped to the chunk's time; wherever a chunk not
 * (yet) decoded reaches, the lane's summary is drawn instead.  So zooming in sharpens the picture where detail has arrived and
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

typedef struct {
  gint64 begin, end;
} Interval;

static int
compare_intervals (gconstpointer a, gconstpointer b)
{
  const Interval *x = a, *y = b;
  return (x->begin > y->begin) - (x->begin < y->begin);
}

/* [begin, end) without the merged union of the undecoded chunks' spans
 * (sorted by begin): where every chunk overlapping a time has its detail. */
static GArray *
decoded_stretches (GArray *undecoded, gint64 begin, gint64 end)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Interval));
  gint64 from = begin;
  for (guint i = 0; i < undecoded->len && from < end; i++)
    {
      const Interval *u = &g_array_index (undecoded, Interval, i);
      if (u->begin > from)
        {
          Interval free = { from, MIN (u->begin, end) };
          g_array_append_val (out, free);
        }
      from = MAX (from, u->end);
    }
  if (from < end)
    {
      Interval free = { from, end };
      g_array_append_val (out, free);
    }
  return out;
}

/* Each chunk overlapping the view draws its detail where no chunk still
 * to be decoded overlaps it; the summary fills the rest.  Chunks of a file
 * in time order follow each other, so this is one segment per chunk; those
 * of an unsorted file overlap, and each draws its own items there. */
GArray *
chrono_render_lazy_segments (ChronoRenderContext *ctx, ChronoLane *lane)
{
  const ChronoRenderOptions *o = ctx->o;
  GArray *segments = g_array_new (FALSE, FALSE, sizeof (ChronoRenderSegment));
  ChronoTrace *trace = ctx->trace;
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  if (cache == NULL || chrono_trace_get_n_chunks (trace) == 0)
    {
      add_segment (segments, o->begin, o->end, NULL, NULL);
      return segments;
    }
  g_autoptr (GArray) chunks = chrono_trace_find_chunks (trace, o->begin, o->end);
  g_autoptr (GArray) undecoded = g_array_new (FALSE, FALSE, sizeof (Interval));
  for (guint i = 0; i < chunks->len; i++)
    {
      guint k = g_array_index (chunks, guint, i);
      Interval span;
      chrono_trace_get_chunk_span (trace, k, &span.begin, &span.end);
      if (chrono_chunk_cache_peek (cache, k) == NULL)
        g_array_append_val (undecoded, span);
    }
  g_array_sort (undecoded, compare_intervals);
  g_autoptr (GArray) decoded = decoded_stretches (undecoded, o->begin, o->end);
  for (guint i = 0; i < chunks->len; i++)
    {
      guint k = g_array_index (chunks, guint, i);
      ChronoTrace *detail_trace = chrono_chunk_cache_peek (cache, k);
      if (detail_trace == NULL)
        continue;
      ChronoLane *detail = chrono_chunk_cache_find_lane (cache, k, lane);
      gint64 begin, end;
      chrono_trace_get_chunk_span (trace, k, &begin, &end);
      for (guint d = 0; d < decoded->len; d++)
        {
          const Interval *free = &g_array_index (decoded, Interval, d);
          add_segment (segments, MAX (begin, free->begin), MIN (end, free->end), detail, detail ? detail_trace : NULL);
        }
    }
  gint64 from = o->begin;
  for (guint i = 0; i < undecoded->len && from < o->end; i++)
    {
      const Interval *u = &g_array_index (undecoded, Interval, i);
      add_segment (segments, MAX (from, u->begin), MIN (u->end, o->end), NULL, NULL);
      from = MAX (from, u->end);
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
