/* chrono-btf-runnables.c — runnables: call stacks per process instance. */
#include "chrono-btf-machine-private.h"

/* ---- runnables ---------------------------------------------------------- */

static RunnableEvent
parse_runnable_event (const char *name)
{
  static const char *const names[] = { "start", "suspend", "resume", "terminate" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (names_equal (name, names[i]))
      return i;
  return RUN_OTHER;
}

/* The task or ISR that is the event's source. */
static Entity *
source_process (ChronoBtfMachine *m, const ChronoBtfEvent *ev)
{
  Entity *process = chrono_btf_lookup_named (m, BTF_T, ev->source, ev->source_id);
  return process ? process : chrono_btf_lookup_named (m, BTF_I, ev->source, ev->source_id);
}

/* The live process instance a runnable event belongs to. */
static ProcessInstance *
caller_instance (ChronoBtfMachine *m, const ChronoBtfEvent *ev)
{
  Entity *process = source_process (m, ev);
  if (process != NULL)
    {
      ProcessInstance *pi = chrono_btf_find_live (process, ev->source_instance);
      if (pi != NULL || process->live->len == 0)
        return pi;
      /* The source instance names a runnable call (ctracer) or is missing:
       * take the instance that is on a core, else the newest one alive. */
      for (guint i = 0; i < process->live->len; i++)
        {
          ProcessInstance *candidate = g_ptr_array_index (process->live, i);
          if (candidate->core != NULL || candidate->state == CHRONO_STATE_RUNNING)
            return candidate;
        }
      return g_ptr_array_index (process->live, process->live->len - 1);
    }
  /* libBtf's "source is core": the process that occupies that core */
  Entity *core = chrono_btf_lookup_named (m, BTF_C, ev->source, ev->source_id);
  return core ? core->occupant : NULL;
}

GPtrArray *
chrono_btf_call_stack (ProcessInstance *pi, Entity *runnable)
{
  if (pi != NULL)
    return pi->calls;
  if (runnable->orphan_calls == NULL)
    runnable->orphan_calls = g_ptr_array_new_with_free_func (chrono_btf_free_call);
  return runnable->orphan_calls;
}

ChronoInstance *
chrono_btf_call_record (RunnableCall *call)
{
  return chrono_instances_get (chrono_lane_get_instances (call->lane), call->index);
}

static RunnableCall *
new_call (ChronoBtfMachine *m, ChronoLane *parent_lane, guint32 caller, Entity *runnable, const ChronoBtfEvent *ev,
          ChronoState state, gint64 since, gboolean inferred)
{
  RunnableCall *call = g_new0 (RunnableCall, 1);
  call->runnable = runnable;
  if (runnable->cached_parent != parent_lane)
    {
      runnable->cached_lane = chrono_schedule_runnable_lane (parent_lane, runnable->name, "R");
      runnable->cached_parent = parent_lane;
    }
  call->lane = runnable->cached_lane;
  call->number = ev->target_instance;
  call->state = state;
  call->since = since;
  call->span_flags = inferred ? CHRONO_SPAN_INFERRED : 0;
  call->inferred = inferred;
  call->index = chrono_schedule_begin_call (call->lane, ev->target_instance, since, caller, inferred, ev->line);
  return call;
}

/* A call on top of the stack: a sub-runnable of the current top call. */
static RunnableCall *
push_call (ChronoBtfMachine *m, ProcessInstance *pi, Entity *runnable, const ChronoBtfEvent *ev, ChronoState state,
           gint64 since, gboolean inferred)
{
  GPtrArray *stack = chrono_btf_call_stack (pi, runnable);
  ChronoLane *parent = pi ? pi->entity->lane : chrono_btf_group_lane (m, GROUP_RUNNABLES);
  guint32 caller = pi ? pi->index : CHRONO_INSTANCE_NO_CALLER;
  if (stack->len > 0)
    {
      RunnableCall *top = g_ptr_array_index (stack, stack->len - 1);
      parent = top->lane;
      caller = top->index;
    }
  RunnableCall *call = new_call (m, parent, caller, runnable, ev, state, since, inferred);
  g_ptr_array_add (stack, call);
  return call;
}

/* In a trace that starts mid-run, inner runnables are suspended before
 * outer ones, so a newly inferred suspended call below inferred suspended
 * calls is their caller: it goes under them in the stack, and the lane of
 * the outermost one so far moves under its lane. */
static RunnableCall *
push_inferred_caller (ChronoBtfMachine *m, ProcessInstance *pi, Entity *runnable, const ChronoBtfEvent *ev,
                      gint64 since)
{
  GPtrArray *stack = chrono_btf_call_stack (pi, runnable);
  guint bottom = stack->len;
  while (bottom > 0)
    {
      RunnableCall *call = g_ptr_array_index (stack, bottom - 1);
      if (!call->inferred || call->state != CHRONO_STATE_SUSPENDED
          || chrono_instances_get_n (chrono_lane_get_instances (call->lane)) != 1)
        break;
      bottom--;
    }
  if (bottom == stack->len)
    return push_call (m, pi, runnable, ev, CHRONO_STATE_RUNNING, since, TRUE);

  RunnableCall *callee = g_ptr_array_index (stack, bottom);
  ChronoLane *parent = chrono_lane_get_parent (callee->lane);
  guint32 callee_parent = chrono_btf_call_record (callee)->parent;
  RunnableCall *call = new_call (m, parent, callee_parent, runnable, ev, CHRONO_STATE_RUNNING, since, TRUE);
  if (call->lane != callee->lane)
    {
      /* a second call of the same runnable is not its own caller's lane */
      callee->runnable->cached_parent = NULL; /* its lane moves */
      g_object_ref (callee->lane);
      chrono_lane_remove_child (parent, callee->lane);
      chrono_lane_append_child (call->lane, callee->lane);
      g_object_unref (callee->lane);
    }
  chrono_schedule_set_caller (callee->lane, callee->index, call->index);
  g_ptr_array_insert (stack, bottom, call);
  return call;
}

static void
call_set_state (ChronoBtfMachine *m, ProcessInstance *pi, RunnableCall *call, gint64 time, ChronoState state,
                guint8 extra_flags)
{
  chrono_schedule_add_call_state (&m->builder, call->lane, call->index, call->since, time, call->state,
                                  call->span_flags | extra_flags, pi ? pi->slot : 0);
  call->state = state;
  call->since = time;
  call->span_flags = 0;
}

/* how: 0 = terminated by its own event, CHRONO_SPAN_OPEN_END = still open at
 * the trace's end, CUT_BY_PROCESS = its process terminated first. */

void
chrono_btf_runnable_close_call (ChronoBtfMachine *m, ProcessInstance *pi, RunnableCall *call, gint64 time, guint8 how)
{
  call_set_state (m, pi, call, time, CHRONO_STATE_NONE, how & m->open_end);
  chrono_schedule_end (&m->builder, call->lane, call->index, time, how == 0);
  g_ptr_array_remove (chrono_btf_call_stack (pi, call->runnable), call);
}

static RunnableCall *
find_call (GPtrArray *stack, Entity *runnable, gint64 number)
{
  for (guint i = stack->len; i > 0; i--)
    {
      RunnableCall *call = g_ptr_array_index (stack, i - 1);
      if (call->runnable == runnable && (number == CHRONO_BTF_NO_INSTANCE || call->number == number))
        return call;
    }
  return NULL;
}

static void
warn_runnable (ChronoBtfMachine *m, const ChronoBtfEvent *ev, const char *state)
{
  g_autofree char *number = chrono_btf_describe_instance (ev->target_instance);
  chrono_warnings_add (m->warnings, ev->line, "invalid transition", _ ("runnable %s instance %s: “%s” in state %s"),
                       ev->target, number, ev->event, state);
}

/* Runnable lines may come before the first line of their process in a trace
 * that starts mid-run (runnables are suspended before their process is
 * preempted): they wait here until that process line, at the same time. */
void
chrono_btf_defer_runnable_event (ChronoBtfMachine *m, const ChronoBtfEvent *ev)
{
  g_ptr_array_add (m->pending, chrono_btf_copy_event (ev));
}

static gboolean
should_defer (ChronoBtfMachine *m, const ChronoBtfEvent *ev)
{
  if (m->replaying || chrono_btf_lookup_named (m, BTF_C, ev->source, ev->source_id) != NULL)
    return FALSE;
  Entity *process = source_process (m, ev);
  return process == NULL || process->live->len == 0;
}

void
chrono_btf_runnable_event (ChronoBtfMachine *m, const ChronoBtfEvent *ev)
{
  RunnableEvent code = parse_runnable_event (ev->event);
  ProcessInstance *pi = caller_instance (m, ev);
  if (pi == NULL && code != RUN_OTHER && should_defer (m, ev))
    {
      chrono_btf_defer_runnable_event (m, ev);
      return;
    }
  Entity *runnable = chrono_btf_ensure_named (m, BTF_R, ev->target, ev->target_id, "R");
  if (pi == NULL && code != RUN_OTHER && runnable->orphan_calls == NULL)
    chrono_warnings_add (m->warnings, ev->line, "runnable without process",
                         _ ("runnable %s: no live process instance of “%s” calls it"), ev->target, ev->source);
  GPtrArray *stack = chrono_btf_call_stack (pi, runnable);
  RunnableCall *call = find_call (stack, runnable, ev->target_instance);
  gint64 back_to =
      pi ? chrono_instances_get (chrono_lane_get_instances (pi->entity->lane), pi->index)->begin : m->first_time;

  switch (code)
    {
    case RUN_START:
      if (call != NULL)
        warn_runnable (m, ev, chrono_state_get_name (call->state));
      push_call (m, pi, runnable, ev, CHRONO_STATE_RUNNING, ev->time, FALSE);
      break;
    case RUN_SUSPEND:
      if (call == NULL)
        call = push_inferred_caller (m, pi, runnable, ev, back_to);
      else if (call->state != CHRONO_STATE_RUNNING && call->state != CHRONO_STATE_SUSPENDED)
        warn_runnable (m, ev, chrono_state_get_name (call->state));
      call_set_state (m, pi, call, ev->time, CHRONO_STATE_SUSPENDED, 0);
      break;
    case RUN_RESUME:
      if (call == NULL)
        {
          call = push_call (m, pi, runnable, ev, CHRONO_STATE_SUSPENDED, back_to, TRUE);
        }
      else if (call->state != CHRONO_STATE_SUSPENDED && call->state != CHRONO_STATE_RUNNING)
        warn_runnable (m, ev, chrono_state_get_name (call->state));
      call_set_state (m, pi, call, ev->time, CHRONO_STATE_RUNNING, 0);
      break;
    case RUN_TERMINATE:
      if (call == NULL)
        call = push_call (m, pi, runnable, ev, CHRONO_STATE_RUNNING, back_to, TRUE);
      else if (call->state != CHRONO_STATE_RUNNING)
        warn_runnable (m, ev, chrono_state_get_name (call->state));
      chrono_btf_runnable_close_call (m, pi, call, ev->time, 0);
      break;
      case RUN_OTHER: {
        ChronoLane *caller = pi ? pi->entity->lane : chrono_btf_group_lane (m, GROUP_RUNNABLES);
        ChronoLane *lane = call ? call->lane : chrono_schedule_runnable_lane (caller, runnable->name, "R");
        chrono_btf_add_mark (m, lane, ev);
        break;
      }
    }
}

/* Hand deferred runnable lines to their process's new instance (process
 * set), or — when the trace moved past their time — play them as runnables
 * without a process after all (process NULL). */
void
chrono_btf_replay_pending (ChronoBtfMachine *m, Entity *process)
{
  if (m->pending->len == 0)
    return;
  g_autoptr (GPtrArray) replay = g_steal_pointer (&m->pending);
  m->pending = g_ptr_array_new_with_free_func (chrono_btf_free_pending);
  m->replaying = TRUE;
  for (guint i = 0; i < replay->len; i++)
    {
      ChronoBtfEvent *ev = g_ptr_array_index (replay, i);
      if (process == NULL || strcmp (ev->source, process->name) == 0)
        chrono_btf_runnable_event (m, ev);
      else
        g_ptr_array_add (m->pending, g_ptr_array_steal_index (replay, i--));
    }
  m->replaying = FALSE;
}
