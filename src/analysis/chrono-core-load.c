/* chrono-core-load.c — per-core load as step signals.  A bin costs a binary
 * search and the spans inside it, so the lanes for a whole trace cost
 * O(spans + bins × log spans) per core. */
#include "chrono-core-load.h"

#include <glib/gi18n-lib.h>

#define LOAD_ENTITY_TYPE "core-load" /* marks the group among the trace's lanes */
#define DEFAULT_BINS 200

/* A core's spans are its occupants (chrono-schedule.h); an idle task's
 * leave it idle. */
static gboolean
occupies (guint8 state)
{
  return state != CHRONO_STATE_NONE && state != CHRONO_STATE_IDLE;
}

/* A core's spans do not overlap, but are merged anyway in case a trace says otherwise. */
static gint64
busy_from_spans (ChronoSpans *spans, gint64 from, gint64 to)
{
  gint64 busy = 0, covered = from;
  guint n = chrono_spans_get_n (spans);
  for (guint i = chrono_spans_first_ending_after (spans, from); i < n; i++)
    {
      gint64 start = chrono_spans_get_start (spans, i);
      if (start >= to)
        break;
      if (!occupies (chrono_spans_get_state (spans, i)))
        continue;
      gint64 begin = MAX (start, covered), end = MIN (chrono_spans_get_end (spans, i), to);
      if (end > begin)
        {
          busy += end - begin;
          covered = end;
        }
    }
  return busy;
}

gint64
chrono_core_load_busy (ChronoLane *core, gint64 from, gint64 to)
{
  g_return_val_if_fail (CHRONO_IS_LANE (core), 0);
  if (to <= from)
    return 0;
  ChronoSpans *spans = chrono_lane_get_spans (core);
  if (chrono_lane_get_summary (core) == NULL)
    return spans != NULL ? busy_from_spans (spans, from, to) : 0;
  /* read lazily: the summary's time per state, which spreads a bucket's
   * time evenly over it, so a bin narrower than a bucket is approximate */
  ChronoSpanSummary summary;
  chrono_lane_summarize (core, from, to, &summary);
  guint64 busy = 0;
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    if (occupies ((guint8) s))
      busy += summary.time_in_state[s];
  return (gint64) MIN (busy, (guint64) (to - from));
}

GPtrArray *
chrono_core_load_list_cores (ChronoTrace *trace)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  GPtrArray *cores = g_ptr_array_new ();
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      if (chrono_lane_get_kind (lane) == CHRONO_LANE_CORE && chrono_lane_has_intervals (lane))
        g_ptr_array_add (cores, lane);
    }
  return cores;
}

/* The trace's span in ticks, held at G_MAXINT64. */
static gint64
trace_span (ChronoTrace *trace)
{
  gint64 begin = chrono_trace_get_begin (trace), end = chrono_trace_get_end (trace);
  if (end <= begin)
    return 0;
  guint64 span = (guint64) end - (guint64) begin;
  return (gint64) MIN (span, (guint64) G_MAXINT64);
}

gint64
chrono_core_load_default_bin (ChronoTrace *trace)
{
  gint64 target = MAX (trace_span (trace) / DEFAULT_BINS, 1);
  gint64 best = 1;
  for (gint64 decade = 1; decade > 0 && decade <= target; decade = decade <= G_MAXINT64 / 10 ? decade * 10 : 0)
    for (guint k = 0; k < 3; k++)
      {
        static const gint64 steps[] = { 1, 2, 5 };
        if (decade <= G_MAXINT64 / steps[k] && decade * steps[k] <= target)
          best = decade * steps[k];
      }
  return best;
}

ChronoLane *
chrono_core_load_find_group (ChronoTrace *trace)
{
  GListModel *lanes = chrono_trace_get_lanes (trace);
  for (guint i = 0; i < g_list_model_get_n_items (lanes); i++)
    {
      g_autoptr (ChronoLane) lane = g_list_model_get_item (lanes, i);
      if (g_strcmp0 (chrono_lane_get_entity_type (lane), LOAD_ENTITY_TYPE) == 0)
        return lane; /* the trace keeps its reference */
    }
  return NULL;
}

/* One lane of load: busy ticks per bin of the cores, in percent of the bin
 * and of the cores' number. */
static ChronoLane *
load_lane (ChronoTrace *trace, const char *name, gboolean ours, GPtrArray *cores, gint64 bin)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  g_autoptr (ChronoLane) lane = chrono_lane_new (name, CHRONO_LANE_SIGNAL, LOAD_ENTITY_TYPE);
  chrono_lane_set_name_is_ours (lane, ours);
  ChronoSignal *signal = chrono_lane_ensure_signal (lane, clock->ticks_per_second);
  chrono_signal_set_scale (signal, 0.0, 100.0);
  gint64 begin = chrono_trace_get_begin (trace), end = chrono_trace_get_end (trace);
  for (gint64 from = begin; from < end;)
    {
      /* unsigned: a trace may span more than G_MAXINT64 ticks */
      gint64 to = (guint64) end - (guint64) from <= (guint64) bin ? end : from + bin;
      gint64 busy = 0;
      for (guint c = 0; c < cores->len; c++)
        busy += chrono_core_load_busy (g_ptr_array_index (cores, c), from, to);
      double percent = 100.0 * (double) busy / ((double) (to - from) * cores->len);
      chrono_signal_append_step (signal, from, percent);
      from = to;
    }
  chrono_signal_close_steps (signal, end);
  chrono_signal_seal (signal);
  return g_steal_pointer (&lane);
}

/* Where the top-level lane holding lane is among the trace's lanes. */
static guint
top_level_position (ChronoTrace *trace, ChronoLane *lane)
{
  while (chrono_lane_get_parent (lane) != NULL)
    lane = chrono_lane_get_parent (lane);
  GListModel *lanes = chrono_trace_get_lanes (trace);
  for (guint i = 0; i < g_list_model_get_n_items (lanes); i++)
    {
      g_autoptr (ChronoLane) top = g_list_model_get_item (lanes, i);
      if (top == lane)
        return i;
    }
  return g_list_model_get_n_items (lanes);
}

gint64
chrono_core_load_show (ChronoTrace *trace, gint64 bin)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), 0);
  g_autoptr (GPtrArray) cores = chrono_core_load_list_cores (trace);
  gint64 span = trace_span (trace);
  if (cores->len == 0 || span == 0)
    return 0;
  bin = MAX (bin, 1);
  bin = MAX (bin, span / CHRONO_CORE_LOAD_MAX_BINS + (span % CHRONO_CORE_LOAD_MAX_BINS != 0));

  ChronoLane *group = chrono_core_load_find_group (trace);
  if (group == NULL)
    {
      g_autoptr (ChronoLane) added = chrono_lane_new (N_ ("Core Load"), CHRONO_LANE_GROUP, LOAD_ENTITY_TYPE);
      chrono_lane_set_name_is_ours (added, TRUE);
      chrono_trace_insert_lane (trace, top_level_position (trace, g_ptr_array_index (cores, 0)) + 1, added);
      group = added;
    }
  while (chrono_lane_get_n_children (group) > 0)
    chrono_lane_remove_child (group, chrono_lane_get_child (group, chrono_lane_get_n_children (group) - 1));

  for (guint c = 0; c < cores->len; c++)
    {
      ChronoLane *core = g_ptr_array_index (cores, c);
      g_autoptr (GPtrArray) one = g_ptr_array_new ();
      g_ptr_array_add (one, core);
      g_autoptr (ChronoLane) lane = load_lane (trace, chrono_lane_get_name (core), FALSE, one, bin);
      chrono_lane_append_child (group, lane);
    }
  if (cores->len > 1)
    {
      g_autoptr (ChronoLane) all = load_lane (trace, N_ ("All Cores"), TRUE, cores, bin);
      chrono_lane_append_child (group, all);
    }
  return bin;
}

gboolean
chrono_core_load_hide (ChronoTrace *trace)
{
  ChronoLane *group = chrono_core_load_find_group (trace);
  if (group == NULL)
    return FALSE;
  chrono_trace_remove_lane (trace, group);
  return TRUE;
}
