/* chrono-range-stats.c — time per state and items of each lane in a range;
 * a location's nested calls count once, by its outermost ones. */
#include "chrono-range-stats.h"

#include <string.h>

/* The items that start in [begin, end), and the longest of them. */
static void
count_items (ChronoSpans *spans, gint64 begin, gint64 end, ChronoRangeLane *out)
{
  guint first = chrono_spans_first_starting_at_or_after (spans, begin);
  guint last = chrono_spans_first_starting_at_or_after (spans, end);
  out->exact_items = TRUE;
  out->begun = last - first;
  guint64 longest = 0;
  for (guint i = first; i < last; i++)
    {
      gint64 s = chrono_spans_get_start (spans, i), e = chrono_spans_get_end (spans, i);
      guint64 length = chrono_ticks_between (s, e);
      if (!out->has_longest || length > longest)
        {
          out->has_longest = TRUE;
          longest = length;
          out->longest_start = s;
          out->longest_end = e;
        }
    }
}

static void
add_clipped (const ChronoSpan *s, gint64 begin, gint64 end, guint64 *time_in_state)
{
  gint64 from = MAX (s->start, begin), to = MIN (s->end, end);
  if (to > from && s->state < CHRONO_N_STATES)
    time_in_state[s->state] = chrono_ticks_add (time_in_state[s->state], chrono_ticks_between (from, to));
}

/* A location's calls (OTF2) nest: a call is inside the one it was made in, so its
 * time is already its outermost caller's.  Its time per state is that of
 * its outermost calls (depth 0), which do not overlap: the last one to
 * start before the range, and those that start in it. */
static void
outermost_time (ChronoSpans *spans, gint64 begin, gint64 end, guint64 *time_in_state)
{
  memset (time_in_state, 0, CHRONO_N_STATES * sizeof *time_in_state);
  guint first = chrono_spans_first_starting_at_or_after (spans, begin), n = chrono_spans_get_n (spans);
  ChronoSpan s;
  for (guint i = first; i-- > 0;)
    {
      chrono_spans_get (spans, i, &s);
      if (s.depth == 0)
        {
          add_clipped (&s, begin, end, time_in_state);
          break;
        }
    }
  for (guint i = first; i < n; i++)
    {
      chrono_spans_get (spans, i, &s);
      if (s.start >= end)
        break;
      if (s.depth == 0)
        add_clipped (&s, begin, end, time_in_state);
    }
}

static gboolean
lane_holds_intervals (ChronoLane *lane)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  ChronoSummary *summary = chrono_lane_get_summary (lane);
  return (spans != NULL && chrono_spans_is_sealed (spans) && chrono_spans_get_n (spans) > 0)
         || (summary != NULL && chrono_summary_has_intervals (summary));
}

gboolean
chrono_range_stats_applies (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), FALSE);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (lane_holds_intervals (g_ptr_array_index (lanes, i)))
      return TRUE;
  return FALSE;
}

GArray *
chrono_range_stats_compute (ChronoTrace *trace, gint64 begin, gint64 end)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && end > begin, NULL);
  GArray *out = g_array_new (FALSE, TRUE, sizeof (ChronoRangeLane));
  gboolean calls = (chrono_trace_get_features (trace) & CHRONO_TRACE_HAS_CALLS) != 0;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      if (!lane_holds_intervals (lane))
        continue;
      ChronoRangeLane r = { .lane = lane };
      ChronoSpanSummary summary;
      chrono_lane_summarize (lane, begin, end, &summary);
      ChronoSpans *spans = chrono_lane_get_spans (lane);
      gboolean sealed = spans != NULL && chrono_spans_is_sealed (spans) && chrono_spans_get_n (spans) > 0;
      /* calls nest; a VisAndOr agent's goals or a Laplace process's mappings below it do not */
      if (sealed && calls && chrono_lane_get_kind (lane) == CHRONO_LANE_WORKER)
        outermost_time (spans, begin, end, r.time_in_state);
      else
        memcpy (r.time_in_state, summary.time_in_state, sizeof r.time_in_state);
      for (guint s = 0; s < CHRONO_N_STATES; s++)
        if (chrono_state_is_busy (s))
          r.busy = chrono_ticks_add (r.busy, r.time_in_state[s]);
      if (sealed)
        count_items (spans, begin, end, &r);
      else
        r.begun = summary.count; /* a summary knows what overlaps, not what starts */
      g_array_append_val (out, r);
    }
  return out;
}

GPtrArray *
chrono_range_metrics_compute (ChronoTrace *trace, gint64 begin, gint64 end, guint32 metrics)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && end > begin, NULL);
  if (chrono_trace_is_lazy (trace))
    return g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_entity_summary_free);
  ChronoMetricsOptions options;
  chrono_metrics_options_init (&options);
  options.begin = begin;
  options.end = end;
  options.within = TRUE;
  GPtrArray *entities = chrono_metrics_compute_summaries (trace, &options, metrics);
  /* an entity with no instance in the range has nothing to show */
  for (guint i = entities->len; i-- > 0;)
    if (((ChronoEntitySummary *) g_ptr_array_index (entities, i))->n_instances == 0)
      g_ptr_array_remove_index (entities, i);
  return entities;
}
