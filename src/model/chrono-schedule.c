/* chrono-schedule.c — laying out and reading back process instances, core
 * occupants and runnable calls; the rules are in chrono-schedule.h, so a
 * loader follows them by calling here and an analysis relies on them
 * without reading a loader. */
#include "chrono-schedule.h"

#include <string.h>

#include "chrono-strings.h"

void
chrono_schedule_builder_init (ChronoScheduleBuilder *builder)
{
  builder->summary_for = NULL;
  builder->summary_data = NULL;
}

void
chrono_schedule_builder_summarize (ChronoScheduleBuilder *builder, ChronoLaneSummaryFunc summary_for, gpointer data)
{
  builder->summary_for = summary_for;
  builder->summary_data = data;
}

gboolean
chrono_schedule_builder_is_summarizing (const ChronoScheduleBuilder *builder)
{
  return builder->summary_for != NULL;
}

void
chrono_schedule_add_span (ChronoScheduleBuilder *builder, ChronoLane *lane, const ChronoSpan *span)
{
  if (span->end <= span->start || span->state == CHRONO_STATE_NONE)
    return;
  if (builder->summary_for != NULL)
    {
      ChronoSummary *summary = builder->summary_for (lane, builder->summary_data);
      chrono_summary_add_interval (summary, span->start, span->end, span->state, span->label);
      chrono_summary_note_depth (summary, span->depth);
      return;
    }
  chrono_spans_append (chrono_lane_ensure_spans (lane), span);
}

/* ---- process instances -------------------------------------------------- */

void
chrono_schedule_prepare_process_lane (ChronoLane *lane)
{
  chrono_lane_ensure_instances (lane);
  chrono_lane_ensure_spans (lane);
}

static ChronoInstance *
row_of (ChronoLane *lane, guint index)
{
  return chrono_instances_get (chrono_lane_get_instances (lane), index);
}

guint
chrono_schedule_begin_instance (ChronoLane *process, gint64 number, gint64 begin, guint32 flags, guint64 line)
{
  ChronoInstance row = { .number = number,
                         .begin = begin,
                         .end = begin,
                         .first_start = G_MININT64,
                         .flags = flags,
                         .parent = CHRONO_INSTANCE_NO_CALLER,
                         .activated_at = G_MININT64,
                         .started_at = G_MININT64,
                         .line = line,
                         .activated_by = CHRONO_STRING_NONE };
  return chrono_instances_add (chrono_lane_get_instances (process), &row);
}

void
chrono_schedule_note_activation (ChronoLane *process, guint index, gint64 time, guint64 line, guint32 by,
                                 gint64 by_instance)
{
  ChronoInstance *row = row_of (process, index);
  row->activations++;
  row->activated_at = time;
  row->started_at = G_MININT64;
  row->line = line;
  row->activated_by = by;
  row->activated_by_instance = by_instance;
}

void
chrono_schedule_note_preemption (ChronoLane *process, guint index)
{
  row_of (process, index)->preemptions++;
}

void
chrono_schedule_note_start (ChronoLane *process, guint index, gint64 time, gboolean running)
{
  ChronoInstance *row = row_of (process, index);
  if (row->first_start == G_MININT64)
    row->first_start = time;
  if (running && row->activated_at != G_MININT64 && row->started_at == G_MININT64)
    row->started_at = time;
}

void
chrono_schedule_note_event (ChronoLane *lane, guint index, gint64 time)
{
  row_of (lane, index)->end = time;
}

void
chrono_schedule_add_state (ChronoScheduleBuilder *builder, ChronoLane *process, guint index, gint64 start, gint64 end,
                           ChronoState state, guint8 flags, guint16 slot)
{
  ChronoSpan span = { start, end, state, flags, slot, 0, index, 0 };
  chrono_schedule_add_span (builder, process, &span);
}

/* ---- cores ------------------------------------------------------------- */

void
chrono_schedule_add_occupant (ChronoScheduleBuilder *builder, ChronoLane *core, gint64 start, gint64 end,
                              ChronoState state, guint8 flags, guint32 process_name)
{
  ChronoSpan span = { start, end, state, flags, 0, process_name, CHRONO_NO_INSTANCE, 0 };
  chrono_schedule_add_span (builder, core, &span);
}

/* ---- runnable calls ----------------------------------------------------- */

ChronoLane *
chrono_schedule_runnable_lane (ChronoLane *caller, const char *name, const char *entity_type)
{
  guint n = chrono_lane_get_n_children (caller);
  for (guint i = 0; i < n; i++)
    {
      ChronoLane *child = chrono_lane_get_child (caller, i);
      if (strcmp (chrono_lane_get_name (child), name) == 0)
        return child;
    }
  g_autoptr (ChronoLane) lane = chrono_lane_new (name, CHRONO_LANE_RUNNABLE, entity_type);
  chrono_lane_append_child (caller, lane);
  chrono_lane_ensure_instances (lane);
  return lane;
}

guint
chrono_schedule_begin_call (ChronoLane *runnable, gint64 number, gint64 since, guint32 caller, gboolean inferred,
                            guint64 line)
{
  gint64 known_start = inferred ? G_MININT64 : since;
  ChronoInstance row = { .number = number,
                         .begin = since,
                         .end = since,
                         .first_start = known_start,
                         .flags = inferred ? CHRONO_INSTANCE_INFERRED : CHRONO_INSTANCE_ACTIVATED,
                         .parent = caller,
                         .activated_at = known_start,
                         .started_at = known_start,
                         .line = line,
                         .activated_by = CHRONO_STRING_NONE };
  return chrono_instances_add (chrono_lane_get_instances (runnable), &row);
}

void
chrono_schedule_set_caller (ChronoLane *runnable, guint index, guint32 caller)
{
  row_of (runnable, index)->parent = caller;
}

void
chrono_schedule_add_call_state (ChronoScheduleBuilder *builder, ChronoLane *runnable, guint index, gint64 start,
                                gint64 end, ChronoState state, guint8 flags, guint16 slot)
{
  ChronoSpan span = { start, end, state, flags, slot, 0, index, 0 };
  chrono_schedule_add_span (builder, runnable, &span);
}

/* ---- resumed and ended --------------------------------------------------- */

guint
chrono_schedule_resume_row (ChronoLane *lane, const ChronoInstance *row)
{
  return chrono_instances_add (chrono_lane_get_instances (lane), row);
}

void
chrono_schedule_end (ChronoScheduleBuilder *builder, ChronoLane *lane, guint index, gint64 time, gboolean terminated)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  ChronoInstance *row = chrono_instances_get (instances, index);
  row->end = time;
  if (terminated)
    row->flags |= CHRONO_INSTANCE_TERMINATED;
  if (builder->summary_for != NULL)
    chrono_instances_release (instances, index);
}

/* ---- reading ----------------------------------------------------------- */

gboolean
chrono_schedule_state_is_on_core (guint8 state)
{
  return state == CHRONO_STATE_RUNNING || state == CHRONO_STATE_POLLING;
}

void
chrono_schedule_spans_starting_in (ChronoSpans *spans, gint64 from, gint64 to, guint *lo, guint *hi)
{
  *lo = chrono_spans_first_starting_at_or_after (spans, from);
  *hi = to == G_MAXINT64 ? chrono_spans_get_n (spans) : chrono_spans_first_starting_at_or_after (spans, to + 1);
  if (*hi < *lo)
    *hi = *lo;
}

gboolean
chrono_schedule_instance_spans (ChronoLane *lane, guint index, guint *lo, guint *hi)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  *lo = *hi = 0;
  if (instances == NULL || index >= chrono_instances_get_n (instances) || spans == NULL
      || !chrono_spans_is_sealed (spans))
    return FALSE;
  const ChronoInstance *row = chrono_instances_get (instances, index);
  chrono_schedule_spans_starting_in (spans, row->begin, row->end, lo, hi);
  return TRUE;
}
