/* chrono-render-hit.c — what lies under a point of a picture the renderer
 * drew: the row, time, slot, span, instant event or signal sample, a density
 * lane's memory reference or address. The widgets' tooltips and clicks ask
 * these with the options the picture was drawn with; apart from the drawing
 * because they draw nothing, and a lazily read lane's spans are looked up
 * in the decoded chunks under the point. */
#include "chrono-renderer-private.h"

#include <math.h>
#include <string.h>

/* A lazily read lane has spans only in its decoded chunks: those under the
 * point, in index order (several overlap in a file not in time order). */
static GPtrArray *
lanes_with_spans (ChronoTrace *trace, ChronoLane *lane, gint64 time, GPtrArray *out_traces)
{
  GPtrArray *lanes = g_ptr_array_new ();
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  if (cache == NULL || chrono_lane_get_summary (lane) == NULL)
    {
      g_ptr_array_add (lanes, lane);
      g_ptr_array_add (out_traces, trace);
      return lanes;
    }
  g_autoptr (GArray) chunks = chrono_trace_find_chunks (trace, time, time);
  for (guint i = 0; i < chunks->len; i++)
    {
      guint chunk = g_array_index (chunks, guint, i);
      ChronoTrace *decoded = chrono_chunk_cache_peek (cache, chunk);
      ChronoLane *detail = decoded ? chrono_chunk_cache_find_lane (cache, chunk, lane) : NULL;
      if (detail == NULL)
        continue;
      g_ptr_array_add (lanes, detail);
      g_ptr_array_add (out_traces, decoded);
    }
  return lanes;
}

static void
find_span (ChronoRenderContext *ctx, ChronoLane *lane, double x, ChronoRenderHit *hit)
{
  if (lane == NULL)
    return;
  hit->lane = lane;
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  if (spans == NULL || !chrono_spans_is_sealed (spans) || chrono_spans_get_n (spans) == 0)
    return;
  hit->has_span = chrono_spans_find_at (spans, hit->time, hit->slot, &hit->span);
  if (hit->has_span)
    return;
  /* zoomed out, the span under the pointer may be narrower than the pixel */
  gint64 t0, t1;
  chrono_render_column_range (ctx, floor (x), &t0, &t1);
  ChronoSpanSummary summary;
  chrono_spans_summarize (spans, t0, t1, &summary);
  hit->has_span = summary.count > 0;
  hit->span = summary.longest;
}

/* An instant event whose glyph (a few pixels wide, as tall, at the top of
 * its row) is under x: the nearest. */
#define MARK_HIT_PX 4.0
#define MARK_GLYPH_PX 7.0

static gboolean
find_mark (const ChronoRenderOptions *o, ChronoLane *lane, double x, ChronoRenderHit *hit)
{
  ChronoMarks *marks = lane != NULL ? chrono_lane_get_marks (lane) : NULL;
  if (marks == NULL || chrono_marks_get_n (marks) == 0)
    return FALSE;
  gint64 from = chrono_render_options_x_to_time (o, x - MARK_HIT_PX);
  gint64 to = chrono_render_options_x_to_time (o, x + MARK_HIT_PX);
  double best = MARK_HIT_PX + 1.0;
  for (guint i = chrono_marks_first_at_or_after (marks, from); i < chrono_marks_get_n (marks); i++)
    {
      gint64 t = chrono_marks_get_time (marks, i);
      if (t > to)
        break;
      double distance = fabs (chrono_render_options_time_to_x (o, t) - x);
      if (distance < best)
        {
          best = distance;
          hit->mark = i;
        }
    }
  hit->has_mark = best <= MARK_HIT_PX;
  if (hit->has_mark)
    hit->mark_lane = lane;
  return hit->has_mark;
}

/* The row, time, slot and span under (x, y) of a picture drawn with o.
 * FALSE when the point is on the ruler, the legend or below the last row. */
void
chrono_renderer_get_member_options (ChronoRenderer *renderer, const ChronoRenderOptions *o, guint member,
                                    ChronoRenderOptions *out)
{
  g_return_if_fail (CHRONO_IS_RENDERER (renderer) && o != NULL && out != NULL);
  chrono_renderer_member_options (renderer, o, member, out);
}

ChronoLane *
chrono_renderer_density_lane_at (ChronoRenderer *renderer, const ChronoRenderOptions *o, double y)
{
  g_return_val_if_fail (CHRONO_IS_RENDERER (renderer), NULL);
  double lane_y = y - chrono_render_options_lane_top (o);
  guint index;
  if (lane_y < 0 || lane_y >= chrono_render_options_lane_height (o)
      || !chrono_layout_row_at_y (renderer->layout, lane_y + o->scroll_y, &index))
    return NULL;
  const ChronoLayoutRow *row = chrono_layout_get_row (renderer->layout, index);
  return chrono_layout_row_get_style (row) == CHRONO_ROW_DENSITY ? row->lane : NULL;
}

ChronoLane *
chrono_renderer_reference_at (ChronoRenderer *renderer, const ChronoRenderOptions *o, double x, double y,
                              ChronoReference *out)
{
  g_return_val_if_fail (CHRONO_IS_RENDERER (renderer), NULL);
  ChronoLane *lane = x >= o->label_width ? chrono_renderer_density_lane_at (renderer, o, y) : NULL;
  guint index;
  if (lane == NULL || !chrono_layout_find_row (renderer->layout, lane, &index))
    return NULL;
  const ChronoLayoutRow *row = chrono_layout_get_row (renderer->layout, index);
  double top = chrono_render_options_lane_top (o) + row->y - o->scroll_y;
  return chrono_render_density_reference_at (renderer->layout, row, top, o, x, y, out) ? lane : NULL;
}

gboolean
chrono_renderer_density_position (ChronoRenderer *renderer, const ChronoRenderOptions *o, ChronoLane *lane, double y,
                                  double *position)
{
  g_return_val_if_fail (CHRONO_IS_RENDERER (renderer), FALSE);
  guint index;
  if (lane == NULL || !chrono_layout_find_row (renderer->layout, lane, &index))
    return FALSE;
  const ChronoLayoutRow *row = chrono_layout_get_row (renderer->layout, index);
  double top = chrono_render_options_lane_top (o) + row->y - o->scroll_y;
  return chrono_render_density_position (renderer->layout, row, top, y, position);
}

/* The fragment of the lane's signal holding the hit's time. */
static gboolean
find_sample (ChronoLane *lane, ChronoRenderHit *out)
{
  ChronoSignal *signal = chrono_lane_get_signal (lane);
  if (signal == NULL || !chrono_signal_value_at (signal, out->time, &out->value))
    return FALSE;
  out->has_sample = TRUE;
  out->sample_lane = lane;
  out->sample = chrono_signal_first_ending_after (signal, out->time);
  return TRUE;
}

gboolean
chrono_renderer_hit_test (ChronoRenderer *renderer, const ChronoRenderOptions *o, double x, double y,
                          ChronoRenderHit *out)
{
  g_return_val_if_fail (CHRONO_IS_RENDERER (renderer), FALSE);
  g_return_val_if_fail (o != NULL && out != NULL && o->end > o->begin, FALSE);
  memset (out, 0, sizeof *out);
  out->node = CHRONO_TREE_NONE;
  double lane_y = y - chrono_render_options_lane_top (o);
  if (lane_y < 0 || lane_y >= chrono_render_options_lane_height (o)
      || !chrono_layout_row_at_y (renderer->layout, lane_y + o->scroll_y, &out->row))
    return FALSE;
  const ChronoLayoutRow *row = chrono_layout_get_row (renderer->layout, out->row);
  /* a row of another trace of the set: its time on its own clock */
  ChronoRenderOptions mapped;
  chrono_renderer_member_options (renderer, o, row->member, &mapped);
  o = &mapped;
  out->lane = row->lane;
  out->node = row->node;
  out->member = row->member;
  out->trace = chrono_renderer_member_trace (renderer, row->member);
  out->time = chrono_render_options_x_to_time (o, x);
  double in_row = lane_y + o->scroll_y - row->y;
  out->slot = MIN ((guint) (in_row / chrono_layout_row_get_slot_height (row)), row->n_slots - 1);
  if (x < MAX (o->label_width, 0))
    {
      /* the expander is drawn at the row's indent; allow a little slack around it */
      double expander = CHRONO_RENDER_LABEL_MARGIN + row->indent * CHRONO_RENDER_INDENT_STEP;
      gboolean expanded;
      out->on_expander =
          chrono_renderer_row_expander (renderer, row, &expanded) && x < expander + CHRONO_RENDER_EXPANDER_SIZE + 4.0;
      return TRUE;
    }
  ChronoRowStyle style = chrono_layout_row_get_style (row);
  if (style == CHRONO_ROW_OWNERSHIP)
    {
      find_mark (o, row->lane, x, out);
      if (!out->has_mark || in_row >= MARK_GLYPH_PX)
        out->has_access = chrono_render_ownership_access_at (
            renderer->layout, row, o, chrono_trace_get_end (out->trace), x, out->slot, &out->access_band, &out->access);
      if (out->has_access)
        out->has_mark = FALSE;
      return TRUE;
    }
  if (style != CHRONO_ROW_SPANS && style != CHRONO_ROW_EVENTS && style != CHRONO_ROW_SIGNAL)
    return TRUE;
  ChronoRenderContext ctx = { .o = o, .scale = 1.0 };
  g_autoptr (GPtrArray) traces = g_ptr_array_new ();
  g_autoptr (GPtrArray) lanes = lanes_with_spans (out->trace, row->lane, out->time, traces);
  /* marks hang from the top of a row of spans: there they come first */
  gboolean marks_first = style != CHRONO_ROW_SPANS || in_row < MARK_GLYPH_PX;
  for (guint i = 0; marks_first && i < lanes->len && !out->has_mark; i++)
    if (find_mark (o, g_ptr_array_index (lanes, i), x, out))
      out->trace = g_ptr_array_index (traces, i);
  for (guint i = 0; style == CHRONO_ROW_SIGNAL && !out->has_mark && i < lanes->len && !out->has_sample; i++)
    if (find_sample (g_ptr_array_index (lanes, i), out))
      out->trace = g_ptr_array_index (traces, i);
  for (guint i = 0; style == CHRONO_ROW_SPANS && !out->has_mark && i < lanes->len && !out->has_span; i++)
    {
      find_span (&ctx, g_ptr_array_index (lanes, i), x, out);
      if (out->has_span)
        out->trace = g_ptr_array_index (traces, i);
    }
  if (!out->has_span)
    out->lane = row->lane;
  return TRUE;
}
