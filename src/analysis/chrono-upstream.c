/* chrono-upstream.c — links are sorted by their later end, so the ones
 * ending at an item are found by a binary search and a short scan. */
#include "chrono-upstream.h"

#include "chrono-blocking.h"

/* The span of the lane a link end at time joins: one that ends or starts
 * there, else one that holds it.  On a lane of nested calls (an OTF2
 * location, a VisAndOr agent) the innermost call holding it: a message is
 * sent by the MPI_Send it happens in, not by the main around it; of two
 * calls of one depth, the later begun (an event at the tick a sibling
 * ended comes after that Leave). */
static gboolean
span_at (ChronoSpans *spans, gint64 time, gboolean nested, guint *out)
{
  guint n = chrono_spans_get_n (spans);
  gboolean found = FALSE;
  ChronoSpan best = { 0 };
  for (guint i = chrono_spans_first_ending_after (spans, time - (time > G_MININT64)); i < n; i++)
    {
      ChronoSpan span;
      chrono_spans_get (spans, i, &span);
      if (span.start > time)
        break;
      if (span.end < time)
        continue;
      if (nested)
        {
          if (!found || span.depth > best.depth || (span.depth == best.depth && span.start > best.start))
            {
              best = span;
              *out = i;
            }
          found = TRUE;
          continue;
        }
      if (span.start == time || span.end == time)
        {
          *out = i;
          return TRUE;
        }
      if (!found)
        {
          *out = i;
          found = TRUE;
        }
    }
  return found;
}

static gboolean
item_at (ChronoLane *lane, gint64 time, ChronoChainStep *out)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint index;
  gboolean nested = chrono_lane_get_kind (lane) == CHRONO_LANE_WORKER;
  if (spans != NULL && span_at (spans, time, nested, &index))
    {
      *out = (ChronoChainStep){ lane, FALSE, index, chrono_spans_get_start (spans, index),
                                chrono_spans_get_end (spans, index) };
      return TRUE;
    }
  ChronoMarks *marks = chrono_lane_get_marks (lane);
  if (marks != NULL)
    {
      index = chrono_marks_first_at_or_after (marks, time);
      if (index < chrono_marks_get_n (marks) && chrono_marks_get_time (marks, index) == time)
        {
          *out = (ChronoChainStep){ lane, TRUE, index, time, time };
          return TRUE;
        }
    }
  return FALSE;
}

/* The incoming link whose source came last, resolved to its item. */
static gboolean
decisive_dependency (ChronoTrace *trace, const ChronoChainStep *item, ChronoChainStep *out)
{
  ChronoLinks *links = chrono_trace_get_links (trace);
  guint n = chrono_links_get_n (links);
  gint64 longest = chrono_links_get_longest (links);
  gint64 reach = item->end > G_MAXINT64 - longest ? G_MAXINT64 : item->end + longest;
  guint first = item->begin > G_MININT64 ? chrono_links_first_ending_after (links, item->begin - 1) : 0;
  const ChronoLink *best = NULL;
  for (guint i = first; i < n; i++)
    {
      const ChronoLink *link = chrono_links_get (links, i);
      if (MAX (link->src_time, link->dst_time) > reach)
        break;
      if (link->dst_lane != item->lane || link->dst_time < item->begin || link->dst_time > item->end)
        continue;
      if (best == NULL || link->src_time > best->src_time)
        best = link;
    }
  return best != NULL && best->src_lane != NULL && item_at (best->src_lane, best->src_time, out);
}

/* A runnable's call comes from the instance that made it: its row names its
 * caller's row in the parent lane (chrono-schedule.h). */
static gboolean
caller (const ChronoChainStep *item, ChronoChainStep *out)
{
  ChronoLane *parent = chrono_lane_get_parent (item->lane);
  ChronoInstances *instances = chrono_lane_get_instances (item->lane);
  if (item->is_mark || parent == NULL || instances == NULL || chrono_lane_get_kind (item->lane) != CHRONO_LANE_RUNNABLE)
    return FALSE;
  ChronoSpan span;
  chrono_spans_get (chrono_lane_get_spans (item->lane), item->index, &span);
  if (span.instance == CHRONO_NO_INSTANCE || span.instance >= chrono_instances_get_n (instances))
    return FALSE;
  guint32 calling = chrono_instances_get (instances, span.instance)->parent;
  ChronoInstances *callers = chrono_lane_get_instances (parent);
  ChronoSpans *parent_spans = chrono_lane_get_spans (parent);
  if (calling == CHRONO_INSTANCE_NO_CALLER || callers == NULL || parent_spans == NULL
      || calling >= chrono_instances_get_n (callers))
    return FALSE;
  /* the caller's span at the call's start */
  const ChronoInstance *life = chrono_instances_get (callers, calling);
  for (guint i = chrono_spans_first_ending_after (parent_spans, span.start - 1); i < chrono_spans_get_n (parent_spans);
       i++)
    {
      ChronoSpan candidate;
      chrono_spans_get (parent_spans, i, &candidate);
      if (candidate.start > span.start)
        break;
      if (candidate.instance == calling)
        {
          *out = (ChronoChainStep){ parent, FALSE, i, life->begin, life->end };
          return TRUE;
        }
    }
  return FALSE;
}

#define KIND(k) (1u << (k))

/* The item at time of a lane named name, of one of the kinds, other than
 * besides (a BTF entity is known by its name: the source of an event). */
static gboolean
named_item_at (ChronoTrace *trace, const char *name, guint kinds, ChronoLane *besides, gint64 time, gboolean spans_only,
               ChronoChainStep *out)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      if ((kinds & KIND (chrono_lane_get_kind (lane))) && lane != besides
          && g_strcmp0 (chrono_lane_get_name (lane), name) == 0 && item_at (lane, time, out)
          && !(spans_only && out->is_mark))
        return TRUE;
    }
  return FALSE;
}

/* A process instance comes from what activated it: the stimulus's event,
 * or the activating process's item, at the activation. */
static gboolean
activator (ChronoTrace *trace, const ChronoChainStep *item, ChronoChainStep *out)
{
  ChronoInstances *instances = chrono_lane_get_instances (item->lane);
  if (item->is_mark || instances == NULL || chrono_lane_get_kind (item->lane) != CHRONO_LANE_PROCESS)
    return FALSE;
  ChronoSpan span;
  chrono_spans_get (chrono_lane_get_spans (item->lane), item->index, &span);
  if (span.instance == CHRONO_NO_INSTANCE || span.instance >= chrono_instances_get_n (instances))
    return FALSE;
  const ChronoInstance *life = chrono_instances_get (instances, span.instance);
  if (life->activated_by == CHRONO_STRING_NONE || life->activated_at == G_MININT64)
    return FALSE;
  const char *name = chrono_strings_get (chrono_trace_get_strings (trace), life->activated_by);
  return named_item_at (trace, name, KIND (CHRONO_LANE_EVENTS) | KIND (CHRONO_LANE_PROCESS), item->lane,
                        life->activated_at, FALSE, out);
}

/* An instant event comes from what caused it (a BTF event's source: the
 * task that read a signal or triggered a stimulus): that task's or
 * runnable's item at the event's time. */
static gboolean
mark_source (ChronoTrace *trace, const ChronoChainStep *item, ChronoChainStep *out)
{
  ChronoMarks *marks = chrono_lane_get_marks (item->lane);
  if (!item->is_mark || marks == NULL || item->index >= chrono_marks_get_n (marks))
    return FALSE;
  ChronoMark mark;
  chrono_marks_get (marks, item->index, &mark);
  if (mark.source == CHRONO_STRING_NONE)
    return FALSE;
  const char *name = chrono_strings_get (chrono_trace_get_strings (trace), mark.source);
  return named_item_at (trace, name, KIND (CHRONO_LANE_PROCESS) | KIND (CHRONO_LANE_RUNNABLE), item->lane, mark.time,
                        TRUE, out);
}

/* The span of an access lane in state, holding time. */
static gboolean
access_span_at (ChronoLane *access_lane, gint64 time, ChronoState state, ChronoChainStep *out)
{
  ChronoSpans *spans = chrono_lane_get_spans (access_lane);
  guint n = spans ? chrono_spans_get_n (spans) : 0;
  for (guint i = spans ? chrono_spans_first_ending_after (spans, time) : 0; i < n; i++)
    {
      ChronoSpan span;
      chrono_spans_get (spans, i, &span);
      if (span.start > time)
        break;
      if (span.state == state && span.start <= time && time < span.end)
        {
          *out = (ChronoChainStep){ access_lane, FALSE, i, span.start, span.end };
          return TRUE;
        }
    }
  return FALSE;
}

static ChronoLane *
child_named (ChronoLane *lane, const char *name)
{
  for (guint i = 0; i < chrono_lane_get_n_children (lane); i++)
    if (g_str_equal (chrono_lane_get_name (chrono_lane_get_child (lane, i)), name))
      return chrono_lane_get_child (lane, i);
  return NULL;
}

/* The process and instance number of a process lane's span. */
static gboolean
item_instance (const ChronoChainStep *item, const char **process, gint64 *number)
{
  if (item->is_mark)
    return FALSE;
  ChronoSpan span;
  chrono_spans_get (chrono_lane_get_spans (item->lane), item->index, &span);
  ChronoInstances *instances = chrono_lane_get_instances (item->lane);
  if (chrono_lane_get_kind (item->lane) == CHRONO_LANE_PROCESS && instances != NULL
      && span.instance != CHRONO_NO_INSTANCE && span.instance < chrono_instances_get_n (instances))
    {
      *process = chrono_lane_get_name (item->lane);
      *number = chrono_instances_get (instances, span.instance)->number;
      return *number != G_MININT64;
    }
  return FALSE;
}

/* An instance waiting on a semaphore waited on its holder: the holder's
 * holding span (the first holder, by name and instance) when the request
 * was made.  From a process span in the wait, or the waiter's own
 * requesting span. */
static gboolean
semaphore_holder (ChronoTrace *trace, const ChronoChainStep *item, ChronoChainStep *out)
{
  const char *process = NULL;
  gint64 number = G_MININT64;
  gboolean requesting = FALSE;
  if (!item->is_mark && chrono_lane_get_kind (item->lane) == CHRONO_LANE_ACCESS)
    {
      ChronoSpan span;
      chrono_spans_get (chrono_lane_get_spans (item->lane), item->index, &span);
      requesting = span.state == CHRONO_STATE_SEM_REQUESTED;
      process = chrono_lane_get_name (item->lane);
    }
  else if (!item_instance (item, &process, &number))
    return FALSE;
  if (process == NULL || (chrono_lane_get_kind (item->lane) == CHRONO_LANE_ACCESS && !requesting))
    return FALSE;
  g_autoptr (ChronoBlocking) blocking = chrono_blocking_new (trace);
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  for (guint i = 0; i < chrono_blocking_get_n_waits (blocking); i++)
    {
      const ChronoBlockingWait *wait = chrono_blocking_get_wait (blocking, i);
      gint64 until = wait->access->assigned != CHRONO_ACCESS_NEVER ? wait->access->assigned : G_MAXINT64;
      if (wait->n_held_by == 0 || !g_str_equal (chrono_strings_get (strings, wait->access->process), process)
          || (!requesting && wait->access->instance != number) || wait->access->requested >= item->end
          || until <= item->begin)
        continue;
      if (requesting && chrono_lane_get_parent (item->lane) != wait->semaphore)
        continue;
      ChronoLane *holder = child_named (wait->semaphore, wait->held_by[0].process);
      if (holder != NULL && access_span_at (holder, wait->access->requested, CHRONO_STATE_SEM_HOLDING, out))
        return TRUE;
    }
  return FALSE;
}

/* A holding span goes on to the holder's own item when it took the semaphore. */
static gboolean
holding_process (ChronoTrace *trace, const ChronoChainStep *item, ChronoChainStep *out)
{
  if (item->is_mark || chrono_lane_get_kind (item->lane) != CHRONO_LANE_ACCESS)
    return FALSE;
  ChronoSpan span;
  chrono_spans_get (chrono_lane_get_spans (item->lane), item->index, &span);
  return span.state == CHRONO_STATE_SEM_HOLDING
         && named_item_at (trace, chrono_lane_get_name (item->lane), KIND (CHRONO_LANE_PROCESS), NULL, span.start, TRUE,
                           out);
}

static gboolean
same_item (const ChronoChainStep *a, const ChronoChainStep *b)
{
  return a->lane == b->lane && a->is_mark == b->is_mark && a->index == b->index;
}

GArray *
chrono_upstream_chain (ChronoTrace *trace, const ChronoChainStep *item, guint max_steps)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && item != NULL, NULL);
  GArray *chain = g_array_new (FALSE, FALSE, sizeof (ChronoChainStep));
  g_array_append_val (chain, *item);
  if (chrono_trace_is_lazy (trace))
    return chain;
  while (chain->len < max_steps)
    {
      const ChronoChainStep *last = &g_array_index (chain, ChronoChainStep, chain->len - 1);
      ChronoChainStep next;
      if (!decisive_dependency (trace, last, &next) && !caller (last, &next) && !semaphore_holder (trace, last, &next)
          && !holding_process (trace, last, &next) && !activator (trace, last, &next)
          && !mark_source (trace, last, &next))
        break;
      for (guint i = 0; i < chain->len; i++)
        if (same_item (&g_array_index (chain, ChronoChainStep, i), &next))
          return chain; /* a cycle */
      g_array_append_val (chain, next);
    }
  return chain;
}
