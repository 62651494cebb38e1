/* chrono-instance-life.c — one process instance's life, read from the model.
 *
 * The rules it reads by are the model's (src/model/chrono-schedule.h):
 *  - the instance's states are the spans of its process lane whose instance
 *    column is its index, all starting inside [begin, end] of its row, so a
 *    binary search by start finds them (chrono_schedule_instance_spans);
 *  - a preemption is a RUNNING span followed by a READY one; the core it
 *    left is the core lane with an occupant span labelled with the
 *    process's name ending at that tick, and whoever occupies that core
 *    from that tick on preempted it;
 *  - runnable calls live in the runnable lanes below the process lane, each
 *    call's row naming its caller's row in the parent lane.
 *
 * Every look-up is a binary search in the lanes involved, so the cost does
 * not grow with the length of the trace.
 */
#include "chrono-instance-life.h"

#include <string.h>

#include "chrono-schedule.h"

/* ---- small helpers --------------------------------------------------- */

static gboolean
usable_spans (ChronoSpans *spans)
{
  return spans != NULL && chrono_spans_is_sealed (spans) && chrono_spans_get_n (spans) > 0;
}

static void
free_occupant (gpointer data)
{
  ChronoLifeOccupant *o = data;
  if (o == NULL) /* moved to another list */
    return;
  g_free (o->process);
  g_free (o);
}

static void
free_preemption (gpointer data)
{
  ChronoLifePreemption *p = data;
  g_free (p->core);
  g_free (p->preempted_by);
  g_ptr_array_unref (p->ran);
  g_free (p);
}

static void
free_runnable (gpointer data)
{
  ChronoLifeRunnable *r = data;
  g_free (r->name);
  g_free (r);
}

void
chrono_instance_life_free (ChronoInstanceLife *life)
{
  if (life == NULL)
    return;
  g_free (life->process);
  g_free (life->type);
  g_clear_pointer (&life->states, g_array_unref);
  g_clear_pointer (&life->preemptions, g_ptr_array_unref);
  g_clear_pointer (&life->runnables, g_ptr_array_unref);
  g_free (life);
}

/* ---- the lanes of the trace ------------------------------------------ */

typedef struct {
  ChronoTrace *trace;
  ChronoStrings *strings;
  GPtrArray *cores; /* ChronoLane*, borrowed from lanes */
  GHashTable *processes; /* name -> ChronoLane*, the first process lane of that name */
  GPtrArray *lanes; /* every lane, holding references */
} LaneIndex;

static void
lane_index_init (LaneIndex *index, ChronoTrace *trace)
{
  index->trace = trace;
  index->strings = chrono_trace_get_strings (trace);
  index->lanes = chrono_trace_list_lanes (trace);
  index->cores = g_ptr_array_new ();
  index->processes = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < index->lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (index->lanes, i);
      switch (chrono_lane_get_kind (lane))
        {
        case CHRONO_LANE_CORE: g_ptr_array_add (index->cores, lane); break;
        case CHRONO_LANE_PROCESS:
          if (!g_hash_table_contains (index->processes, chrono_lane_get_name (lane)))
            g_hash_table_insert (index->processes, (gpointer) chrono_lane_get_name (lane), lane);
          break;
        default: break;
        }
    }
}

static void
lane_index_clear (LaneIndex *index)
{
  g_clear_pointer (&index->cores, g_ptr_array_unref);
  g_clear_pointer (&index->processes, g_hash_table_unref);
  g_clear_pointer (&index->lanes, g_ptr_array_unref);
}

/* ---- preemptions ----------------------------------------------------- */

/* The core lane whose span labelled with the process ends exactly at time.
 * Core spans carry no instance, so when several do (concurrent instances of
 * one process) the best match wins: the core span that began with the
 * instance's last on-core state (cores split their spans where processes
 * switch between running and polling), else one that began within its
 * on-core stretch, else the first. */
static ChronoLane *
find_core_left (LaneIndex *index, guint32 label, gint64 time, gint64 state_begin, gint64 on_core_since)
{
  ChronoLane *best = NULL;
  int best_score = -1;
  if (label == CHRONO_STRING_NONE)
    return NULL;
  for (guint c = 0; c < index->cores->len && best_score < 2; c++)
    {
      ChronoLane *core = g_ptr_array_index (index->cores, c);
      ChronoSpans *spans = chrono_lane_get_spans (core);
      if (!usable_spans (spans))
        continue;
      guint lo = chrono_spans_first_ending_after (spans, time - 1);
      guint hi = chrono_spans_first_starting_at_or_after (spans, time);
      for (guint i = lo; i < hi; i++)
        {
          ChronoSpan span;
          chrono_spans_get (spans, i, &span);
          if (span.end != time || span.label != label || !chrono_schedule_state_is_on_core (span.state))
            continue;
          int score = span.start == state_begin ? 2 : span.start >= on_core_since ? 1 : 0;
          if (score > best_score)
            {
              best = core;
              best_score = score;
            }
        }
    }
  return best;
}

/* The instance of a process lane on a core (RUNNING or POLLING) at time,
 * other than exclude; CHRONO_NO_INSTANCE when none. */
static guint32
instance_on_core_at (ChronoLane *lane, gint64 time, guint32 exclude)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  if (!usable_spans (spans))
    return CHRONO_NO_INSTANCE;
  guint lo = chrono_spans_first_ending_after (spans, time);
  guint hi = chrono_spans_first_starting_at_or_after (spans, time + 1);
  for (guint i = lo; i < hi; i++)
    {
      ChronoSpan span;
      chrono_spans_get (spans, i, &span);
      if (span.start <= time && span.end > time && chrono_schedule_state_is_on_core (span.state)
          && span.instance != CHRONO_NO_INSTANCE && span.instance != exclude)
        return span.instance;
    }
  return CHRONO_NO_INSTANCE;
}

static ChronoLifeOccupant *
find_occupant (GPtrArray *ran, const char *process, gint64 number)
{
  for (guint i = 0; i < ran->len; i++)
    {
      ChronoLifeOccupant *o = g_ptr_array_index (ran, i);
      if (o->number == number && g_str_equal (o->process, process))
        return o;
    }
  return NULL;
}

/* Who had the core in the gap [from, to): every occupant span of the core
 * lane there but the preempted instance's own (it may not run elsewhere
 * while preempted; another instance of its process may), each process and
 * instance with its share of the gap, in order of first start.  A core
 * briefly empty at the preemption (a scheduler between two tasks) is the
 * gap's first stretch, not its answer. */
static void
find_occupants (LaneIndex *index, ChronoLane *process_lane, guint own_index, guint32 own_label, ChronoLane *core,
                gint64 from, gint64 to, ChronoLifePreemption *out)
{
  ChronoSpans *spans = chrono_lane_get_spans (core);
  if (!usable_spans (spans) || to <= from)
    return;
  guint lo = chrono_spans_first_ending_after (spans, from);
  guint hi = chrono_spans_first_starting_at_or_after (spans, to);
  for (guint i = lo; i < hi; i++)
    {
      ChronoSpan span;
      chrono_spans_get (spans, i, &span);
      gint64 begin = MAX (span.start, from), end = MIN (span.end, to);
      if (span.label == CHRONO_STRING_NONE || end <= begin)
        continue;
      const char *name = chrono_strings_get (index->strings, span.label);
      ChronoLane *lane = span.label == own_label ? process_lane : g_hash_table_lookup (index->processes, name);
      guint32 instance = lane != NULL
                             ? instance_on_core_at (lane, begin, lane == process_lane ? own_index : CHRONO_NO_INSTANCE)
                             : CHRONO_NO_INSTANCE;
      if (span.label == own_label && instance == CHRONO_NO_INSTANCE)
        continue; /* the preempted instance itself, going back on the core */
      gint64 number = G_MININT64;
      ChronoInstances *instances = lane != NULL ? chrono_lane_get_instances (lane) : NULL;
      if (instance != CHRONO_NO_INSTANCE && instances != NULL && instance < chrono_instances_get_n (instances))
        number = chrono_instances_get (instances, instance)->number;
      ChronoLifeOccupant *o = find_occupant (out->ran, name, number);
      if (o == NULL)
        {
          o = g_new0 (ChronoLifeOccupant, 1);
          o->process = g_strdup (name);
          o->number = number;
          o->first = begin;
          g_ptr_array_add (out->ran, o);
        }
      o->time += end - begin;
    }
  if (out->ran->len > 0)
    {
      const ChronoLifeOccupant *first = g_ptr_array_index (out->ran, 0);
      out->preempted_by = g_strdup (first->process);
      out->preempter_number = first->number;
    }
}

static ChronoLifePreemption *
new_preemption (LaneIndex *index, ChronoInstanceLife *life, ChronoLane *process_lane, guint k, gint64 resumed)
{
  const ChronoLifeState *states = (const ChronoLifeState *) life->states->data;
  ChronoLifePreemption *p = g_new0 (ChronoLifePreemption, 1);
  p->time = states[k].end;
  p->resumed = resumed;
  p->duration = (resumed != G_MININT64 ? resumed : life->end) - p->time;
  p->preempter_number = G_MININT64;
  p->ran = g_ptr_array_new_with_free_func (free_occupant);

  /* the start of the on-core stretch that ends here */
  gint64 since = states[k].begin;
  for (guint j = k; j > 0 && chrono_schedule_state_is_on_core (states[j - 1].state) && states[j - 1].end == since; j--)
    since = states[j - 1].begin;

  guint32 label = chrono_strings_lookup (index->strings, life->process);
  ChronoLane *core = find_core_left (index, label, p->time, states[k].begin, since);
  if (core == NULL)
    return p;
  p->core = g_strdup (chrono_lane_get_name (core));
  find_occupants (index, process_lane, life->index, label, core, p->time, p->time + p->duration, p);
  return p;
}

/* RUNNING then READY is a preemption.  A preemption resumed at the same tick
 * leaves no READY span, only two RUNNING spans back to back, and one at the
 * trace's last tick leaves a RUNNING span that ends there without being open;
 * those count while the record has preemptions not yet found (a poll and a
 * run at one tick leave the same trace). */
static void
find_preemptions (ChronoTrace *trace, ChronoInstanceLife *life, ChronoLane *process_lane, guint32 recorded)
{
  const ChronoLifeState *states = (const ChronoLifeState *) life->states->data;
  guint n = life->states->len;
  guint found = 0;
  for (guint k = 0; k + 1 < n; k++)
    if (states[k].state == CHRONO_STATE_RUNNING && states[k + 1].state == CHRONO_STATE_READY)
      found++;
  guint instant = recorded > found ? recorded - found : 0;
  if (found == 0 && instant == 0)
    return;

  LaneIndex index;
  lane_index_init (&index, trace);
  for (guint k = 0; k < n; k++)
    {
      if (states[k].state != CHRONO_STATE_RUNNING)
        continue;
      const ChronoLifeState *next = k + 1 < n ? &states[k + 1] : NULL;
      if (next != NULL && next->state == CHRONO_STATE_READY)
        {
          gboolean ran_again =
              k + 2 < n && chrono_schedule_state_is_on_core (states[k + 2].state) && states[k + 2].begin == next->end;
          g_ptr_array_add (life->preemptions,
                           new_preemption (&index, life, process_lane, k, ran_again ? next->end : G_MININT64));
        }
      else if (next != NULL && next->state == CHRONO_STATE_RUNNING && next->begin == states[k].end && instant > 0)
        {
          instant--;
          g_ptr_array_add (life->preemptions, new_preemption (&index, life, process_lane, k, next->begin));
        }
      else if (next == NULL && instant > 0 && !life->terminated && states[k].end == life->end
               && !(states[k].flags & CHRONO_SPAN_OPEN_END))
        {
          instant--;
          g_ptr_array_add (life->preemptions, new_preemption (&index, life, process_lane, k, G_MININT64));
        }
    }
  lane_index_clear (&index);
}

/* ---- runnables ------------------------------------------------------- */

typedef struct _Call Call;
struct _Call {
  ChronoLifeRunnable *runnable;
  guint order; /* discovery order, a stable tie-break */
  GPtrArray *callees; /* Call*, borrowed */
};

static gint64
running_time_of (ChronoLane *lane, guint32 instance)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  gint64 total = 0;
  guint lo, hi;
  if (!chrono_schedule_instance_spans (lane, instance, &lo, &hi))
    return 0;
  for (guint i = lo; i < hi; i++)
    {
      ChronoSpan span;
      chrono_spans_get (spans, i, &span);
      if (span.instance == instance && span.state == CHRONO_STATE_RUNNING)
        total += span.end - span.start;
    }
  return total;
}

/* The first record of a call table that may have been created at or after
 * from.  Records are added when a call is first seen, in time order, and a
 * record's begin <= its creation time <= its end; so every record before
 * one that ended before from was created before from too.  A binary search
 * on begin (sorted but for calls inferred back to their caller's start)
 * finds where to look; the walk back makes it exact. */
static guint
first_call_created_from (ChronoInstances *instances, gint64 from)
{
  guint lo = 0, hi = chrono_instances_get_n (instances);
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (chrono_instances_get (instances, mid)->begin < from)
        lo = mid + 1;
      else
        hi = mid;
    }
  while (lo > 0 && chrono_instances_get (instances, lo - 1)->end >= from)
    lo--;
  return lo;
}

/* The calls recorded in a runnable lane whose caller is in callers (instance
 * index in the parent lane -> Call*), or, for a lane right below the process
 * lane (callers NULL), whose caller is the process instance itself.  Only
 * the records created during the life [from, to] are looked at: one that
 * begins after it was created after it, and so were all the later ones. */
static void
collect_calls (ChronoLane *lane, GHashTable *callers, guint process_index, gint64 from, gint64 to, guint depth,
               GPtrArray *all, GPtrArray *roots)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  if (instances == NULL)
    return;
  guint n = chrono_instances_get_n (instances);
  g_autoptr (GHashTable) mine = NULL;
  for (guint i = first_call_created_from (instances, from); i < n; i++)
    {
      const ChronoInstance *record = chrono_instances_get (instances, i);
      if (record->begin > to)
        break;
      Call *caller = NULL;
      if (callers == NULL ? record->parent != process_index
                          : (caller = g_hash_table_lookup (callers, GUINT_TO_POINTER (record->parent))) == NULL)
        continue;
      Call *call = g_new0 (Call, 1);
      call->order = all->len;
      call->runnable = g_new0 (ChronoLifeRunnable, 1);
      call->runnable->name = g_strdup (chrono_lane_get_name (lane));
      call->runnable->depth = depth;
      call->runnable->begin = record->begin;
      call->runnable->end = record->end;
      call->runnable->number = record->number;
      call->runnable->running_time = running_time_of (lane, i);
      g_ptr_array_add (all, call);
      g_ptr_array_add (caller ? caller->callees : roots, call);
      if (mine == NULL)
        mine = g_hash_table_new (g_direct_hash, g_direct_equal);
      g_hash_table_insert (mine, GUINT_TO_POINTER (i), call);
      call->callees = g_ptr_array_new ();
    }
  if (mine == NULL)
    return; /* nothing below can belong to this life */
  guint n_children = chrono_lane_get_n_children (lane);
  for (guint c = 0; c < n_children; c++)
    {
      ChronoLane *child = chrono_lane_get_child (lane, c);
      if (chrono_lane_get_kind (child) == CHRONO_LANE_RUNNABLE)
        collect_calls (child, mine, process_index, from, to, depth + 1, all, roots);
    }
}

static int
compare_calls (gconstpointer a, gconstpointer b)
{
  const Call *ca = *(Call *const *) a, *cb = *(Call *const *) b;
  if (ca->runnable->begin != cb->runnable->begin)
    return ca->runnable->begin < cb->runnable->begin ? -1 : 1;
  return ca->order < cb->order ? -1 : (ca->order > cb->order);
}

static void
emit_calls (GPtrArray *calls, GPtrArray *out)
{
  g_ptr_array_sort (calls, compare_calls);
  for (guint i = 0; i < calls->len; i++)
    {
      Call *call = g_ptr_array_index (calls, i);
      g_ptr_array_add (out, g_steal_pointer (&call->runnable));
      emit_calls (call->callees, out);
    }
}

static void
free_call (gpointer data)
{
  Call *call = data;
  if (call->runnable != NULL)
    free_runnable (call->runnable);
  if (call->callees != NULL)
    g_ptr_array_unref (call->callees);
  g_free (call);
}

static void
find_runnables (ChronoInstanceLife *life, ChronoLane *process_lane)
{
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func (free_call);
  g_autoptr (GPtrArray) roots = g_ptr_array_new ();
  guint n_children = chrono_lane_get_n_children (process_lane);
  for (guint c = 0; c < n_children; c++)
    {
      ChronoLane *child = chrono_lane_get_child (process_lane, c);
      if (chrono_lane_get_kind (child) == CHRONO_LANE_RUNNABLE)
        collect_calls (child, NULL, life->index, life->begin, life->end, 0, all, roots);
    }
  emit_calls (roots, life->runnables);
}

/* ---- the life -------------------------------------------------------- */

ChronoInstanceLife *
chrono_instance_life_new (ChronoTrace *trace, ChronoLane *process_lane, guint instance_index)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  g_return_val_if_fail (CHRONO_IS_LANE (process_lane), NULL);
  g_return_val_if_fail (chrono_lane_get_kind (process_lane) == CHRONO_LANE_PROCESS, NULL);
  ChronoInstances *instances = chrono_lane_get_instances (process_lane);
  g_return_val_if_fail (instances != NULL && instance_index < chrono_instances_get_n (instances), NULL);
  ChronoSpans *spans = chrono_lane_get_spans (process_lane);
  g_return_val_if_fail (spans == NULL || chrono_spans_is_sealed (spans), NULL);

  const ChronoInstance *record = chrono_instances_get (instances, instance_index);
  ChronoInstanceLife *life = g_new0 (ChronoInstanceLife, 1);
  life->process = g_strdup (chrono_lane_get_name (process_lane));
  life->type = g_strdup (chrono_lane_get_entity_type (process_lane));
  life->number = record->number;
  life->index = instance_index;
  life->begin = record->begin;
  life->end = record->end;
  life->first_start = record->first_start;
  life->activated = (record->flags & CHRONO_INSTANCE_ACTIVATED) != 0;
  life->terminated = (record->flags & CHRONO_INSTANCE_TERMINATED) != 0;
  life->inferred = (record->flags & CHRONO_INSTANCE_INFERRED) != 0;
  life->response_time = life->activated && life->terminated ? life->end - life->begin : -1;
  life->states = g_array_new (FALSE, FALSE, sizeof (ChronoLifeState));
  life->preemptions = g_ptr_array_new_with_free_func (free_preemption);
  life->runnables = g_ptr_array_new_with_free_func (free_runnable);

  guint lo, hi;
  if (chrono_schedule_instance_spans (process_lane, instance_index, &lo, &hi))
    {
      for (guint i = lo; i < hi; i++)
        {
          ChronoSpan span;
          chrono_spans_get (spans, i, &span);
          if (span.instance != instance_index)
            continue;
          ChronoLifeState state = { span.state, span.flags, span.start, span.end };
          g_array_append_val (life->states, state);
          life->time_in_state[span.state] += span.end - span.start;
        }
    }

  find_preemptions (trace, life, process_lane, record->preemptions);
  find_runnables (life, process_lane);
  return life;
}

/* ---- what ran instead of it in a stretch of time --------------------- */

static ChronoLane *
core_named (LaneIndex *index, const char *name)
{
  for (guint c = 0; name != NULL && c < index->cores->len; c++)
    if (g_str_equal (chrono_lane_get_name (g_ptr_array_index (index->cores, c)), name))
      return g_ptr_array_index (index->cores, c);
  return NULL;
}

GPtrArray *
chrono_life_occupants_new (void)
{
  return g_ptr_array_new_with_free_func (free_occupant);
}

void
chrono_life_occupants_merge (GPtrArray *into, GPtrArray *from)
{
  for (guint i = 0; i < from->len; i++)
    {
      ChronoLifeOccupant *o = g_ptr_array_index (from, i);
      ChronoLifeOccupant *same = find_occupant (into, o->process, o->number);
      if (same != NULL)
        same->time += o->time;
      else
        g_ptr_array_add (into, g_steal_pointer (&from->pdata[i]));
    }
}

GPtrArray *
chrono_instance_life_ran_instead (ChronoInstanceLife *life, ChronoTrace *trace, ChronoLane *process_lane, gint64 from,
                                  gint64 to)
{
  GPtrArray *ran = chrono_life_occupants_new ();
  LaneIndex index;
  lane_index_init (&index, trace);
  guint32 label = chrono_strings_lookup (index.strings, life->process);
  for (guint i = 0; i < life->preemptions->len; i++)
    {
      const ChronoLifePreemption *p = g_ptr_array_index (life->preemptions, i);
      gint64 begin = MAX (p->time, from), end = MIN (p->time + p->duration, to);
      ChronoLane *core = core_named (&index, p->core);
      if (core == NULL || end <= begin)
        continue;
      ChronoLifePreemption stretch = { .ran = g_ptr_array_new_with_free_func (free_occupant) };
      find_occupants (&index, process_lane, life->index, label, core, begin, end, &stretch);
      chrono_life_occupants_merge (ran, stretch.ran);
      g_ptr_array_unref (stretch.ran);
      g_free (stretch.preempted_by);
    }
  lane_index_clear (&index);
  return ran;
}

/* ---- navigation ------------------------------------------------------ */

gboolean
chrono_instance_life_find_at (ChronoLane *process_lane, gint64 time, guint slot, guint *out_instance_index)
{
  g_return_val_if_fail (CHRONO_IS_LANE (process_lane), FALSE);
  ChronoSpans *spans = chrono_lane_get_spans (process_lane);
  ChronoInstances *instances = chrono_lane_get_instances (process_lane);
  if (!usable_spans (spans) || instances == NULL || slot > G_MAXUINT16)
    return FALSE;
  guint i;
  if (!chrono_spans_find_at (spans, time, (guint16) slot, &i))
    return FALSE;
  ChronoSpan span;
  chrono_spans_get (spans, i, &span);
  if (span.instance == CHRONO_NO_INSTANCE || span.instance >= chrono_instances_get_n (instances))
    return FALSE;
  if (out_instance_index != NULL)
    *out_instance_index = span.instance;
  return TRUE;
}

/* The instance table is in creation order, which is begin order except for
 * instances inferred at the trace start, so the neighbour is searched for. */
gboolean
chrono_instance_life_adjacent (ChronoLane *process_lane, guint instance_index, int direction, guint *out_index)
{
  g_return_val_if_fail (CHRONO_IS_LANE (process_lane), FALSE);
  g_return_val_if_fail (direction != 0, FALSE);
  ChronoInstances *instances = chrono_lane_get_instances (process_lane);
  guint n = instances ? chrono_instances_get_n (instances) : 0;
  if (instance_index >= n)
    return FALSE;
  gint64 own = chrono_instances_get (instances, instance_index)->begin;
  gboolean found = FALSE;
  gint64 best_begin = 0;
  guint best = 0;
  for (guint i = 0; i < n; i++)
    {
      if (i == instance_index)
        continue;
      gint64 begin = chrono_instances_get (instances, i)->begin;
      /* (begin, i) compared with (own, instance_index), then with the best so far */
      gboolean after = begin > own || (begin == own && i > instance_index);
      if (after != (direction > 0))
        continue;
      gboolean closer = !found
                        || (direction > 0 ? (begin < best_begin || (begin == best_begin && i < best))
                                          : (begin > best_begin || (begin == best_begin && i > best)));
      if (closer)
        {
          found = TRUE;
          best_begin = begin;
          best = i;
        }
    }
  if (found && out_index != NULL)
    *out_index = best;
  return found;
}

/* ---- text ------------------------------------------------------------ */

static char *
format_time (const ChronoClock *clock, gint64 time)
{
  if (clock == NULL)
    return g_strdup_printf ("%" G_GINT64_FORMAT, time);
  return chrono_clock_format_ticks (clock, time - clock->origin, 12);
}

static char *
format_span (const ChronoClock *clock, gint64 ticks)
{
  if (clock == NULL)
    return g_strdup_printf ("%" G_GINT64_FORMAT " ticks", ticks);
  return chrono_clock_format_ticks (clock, ticks, 6);
}

static void
append_number (GString *text, gint64 number)
{
  if (number != G_MININT64)
    g_string_append_printf (text, " #%" G_GINT64_FORMAT, number);
}

char *
chrono_instance_life_to_text (ChronoInstanceLife *life, const ChronoClock *clock)
{
  g_return_val_if_fail (life != NULL, NULL);
  GString *text = g_string_new (NULL);
  g_autofree char *begin = format_time (clock, life->begin);
  g_autofree char *end = format_time (clock, life->end);

  g_string_append_printf (text, "%s", life->process);
  append_number (text, life->number);
  g_string_append_printf (text, " (%s, instance %u)\n", life->type ? life->type : "?", life->index);

  if (life->activated)
    g_string_append_printf (text, "Activated at %s\n", begin);
  else if (life->inferred)
    g_string_append_printf (text, "Alive when the trace begins at %s (earlier life inferred)\n", begin);
  else
    g_string_append_printf (text, "First seen at %s\n", begin);
  if (life->first_start != G_MININT64)
    {
      g_autofree char *first = format_time (clock, life->first_start);
      g_autofree char *wait = format_span (clock, life->first_start - life->begin);
      g_string_append_printf (text, "First start at %s (%s after)\n", first, wait);
    }
  else
    g_string_append (text, "Never started\n");
  if (life->terminated)
    g_string_append_printf (text, "Terminated at %s\n", end);
  else
    g_string_append_printf (text, "Still alive at the end of the trace (%s)\n", end);
  if (life->response_time >= 0)
    {
      g_autofree char *response = format_span (clock, life->response_time);
      g_string_append_printf (text, "Response time: %s\n", response);
    }

  g_string_append (text, "Time in state:");
  gboolean any = FALSE;
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    if (life->time_in_state[s] > 0)
      {
        g_autofree char *amount = format_span (clock, life->time_in_state[s]);
        g_string_append_printf (text, "%s %s %s", any ? "," : "", chrono_state_get_label (s), amount);
        any = TRUE;
      }
  g_string_append (text, any ? "\n" : " none\n");

  g_string_append_printf (text, "States (%u):\n", life->states->len);
  for (guint i = 0; i < life->states->len; i++)
    {
      const ChronoLifeState *state = &g_array_index (life->states, ChronoLifeState, i);
      g_autofree char *from = format_time (clock, state->begin);
      g_autofree char *to = format_time (clock, state->end);
      g_autofree char *length = format_span (clock, state->end - state->begin);
      g_string_append_printf (text, "  %s – %s  %s (%s)%s%s\n", from, to, chrono_state_get_label (state->state), length,
                              state->flags & CHRONO_SPAN_INFERRED ? ", inferred" : "",
                              state->flags & CHRONO_SPAN_OPEN_END ? ", open at the trace end" : "");
    }

  g_string_append_printf (text, "Preemptions (%u):\n", life->preemptions->len);
  for (guint i = 0; i < life->preemptions->len; i++)
    {
      const ChronoLifePreemption *p = g_ptr_array_index (life->preemptions, i);
      g_autofree char *at = format_time (clock, p->time);
      g_autofree char *length = format_span (clock, p->duration);
      g_string_append_printf (text, "  at %s", at);
      if (p->core != NULL)
        g_string_append_printf (text, " on %s", p->core);
      for (guint k = 0; k < p->ran->len; k++)
        {
          const ChronoLifeOccupant *o = g_ptr_array_index (p->ran, k);
          g_autofree char *share = format_span (clock, o->time);
          g_string_append_printf (text, "%s%s", k == 0 ? " by " : ", ", o->process);
          append_number (text, o->number);
          if (p->ran->len > 1)
            g_string_append_printf (text, " (%s)", share);
        }
      if (p->ran->len == 0 && p->core != NULL && p->duration > 0)
        g_string_append (text, ", the core idle");
      if (p->resumed != G_MININT64 && p->duration == 0)
        g_string_append (text, ", resumed at once\n");
      else if (p->resumed != G_MININT64)
        {
          g_autofree char *resumed = format_time (clock, p->resumed);
          g_string_append_printf (text, ", resumed at %s after %s\n", resumed, length);
        }
      else
        g_string_append_printf (text, ", never resumed (%s to the end of its life)\n", length);
    }

  g_string_append_printf (text, "Runnables (%u):\n", life->runnables->len);
  for (guint i = 0; i < life->runnables->len; i++)
    {
      const ChronoLifeRunnable *r = g_ptr_array_index (life->runnables, i);
      g_autofree char *from = format_time (clock, r->begin);
      g_autofree char *to = format_time (clock, r->end);
      g_autofree char *running = format_span (clock, r->running_time);
      g_string_append_printf (text, "  %*s%s", (int) (2 * r->depth), "", r->name);
      append_number (text, r->number);
      g_string_append_printf (text, "  %s – %s, running %s\n", from, to, running);
    }
  return g_string_free (text, FALSE);
}
