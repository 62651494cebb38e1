/* chrono-btf-processes.c — tasks and ISRs: the process state chart per (entity, instance). */
#include "chrono-btf-machine-private.h"

static const NamedEvent process_events[] = {
  { "activate", EV_ACTIVATE },
  { "start", EV_START },
  { "preempt", EV_PREEMPT },
  { "resume", EV_RESUME },
  { "terminate", EV_TERMINATE },
  { "poll", EV_POLL },
  { "run", EV_RUN },
  { "park", EV_PARK },
  { "poll_parking", EV_POLL_PARKING },
  { "release_parking", EV_RELEASE_PARKING },
  { "wait", EV_WAIT },
  { "release", EV_RELEASE },
  { "deadline", EV_INFO },
  { "mpalimitexceeded", EV_INFO },
  { "mtalimitexceeded", EV_INFO },
  { "boundedmigration", EV_INFO },
  { "phasemigration", EV_INFO },
  { "fullmigration", EV_INFO },
  { "enforcedmigration", EV_INFO },
  { "interrupt_suspended", EV_INFO },
};

static const Transition process_transitions[] = {
  [EV_ACTIVATE] = { CHRONO_STATE_ACTIVE, { CHRONO_STATE_NONE, CHRONO_STATE_ACTIVE } },
  [EV_START] = { CHRONO_STATE_RUNNING, { CHRONO_STATE_ACTIVE, CHRONO_STATE_RUNNING } },
  [EV_PREEMPT] = { CHRONO_STATE_READY, { CHRONO_STATE_RUNNING, CHRONO_STATE_READY } },
  [EV_RESUME] = { CHRONO_STATE_RUNNING, { CHRONO_STATE_READY, CHRONO_STATE_RUNNING } },
  [EV_TERMINATE] = { CHRONO_STATE_NONE, { CHRONO_STATE_RUNNING, CHRONO_STATE_RUNNING } },
  [EV_POLL] = { CHRONO_STATE_POLLING, { CHRONO_STATE_RUNNING, CHRONO_STATE_POLLING } },
  [EV_RUN] = { CHRONO_STATE_RUNNING, { CHRONO_STATE_POLLING, CHRONO_STATE_RUNNING } },
  [EV_PARK] = { CHRONO_STATE_PARKING, { CHRONO_STATE_POLLING, CHRONO_STATE_PARKING } },
  [EV_POLL_PARKING] = { CHRONO_STATE_POLLING, { CHRONO_STATE_PARKING, CHRONO_STATE_POLLING } },
  [EV_RELEASE_PARKING] = { CHRONO_STATE_READY, { CHRONO_STATE_PARKING, CHRONO_STATE_READY } },
  [EV_WAIT] = { CHRONO_STATE_WAITING, { CHRONO_STATE_RUNNING, CHRONO_STATE_WAITING } },
  [EV_RELEASE] = { CHRONO_STATE_READY, { CHRONO_STATE_WAITING, CHRONO_STATE_READY } },
};

/* ---- processes ---------------------------------------------------------- */

static ProcessEvent
parse_process_event (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (process_events); i++)
    if (names_equal (name, process_events[i].name))
      return process_events[i].event;
  return EV_UNKNOWN;
}

ProcessInstance *
chrono_btf_find_live (Entity *e, gint64 number)
{
  if (number == CHRONO_BTF_NO_INSTANCE)
    return e->live->len == 1 ? g_ptr_array_index (e->live, 0) : NULL;
  for (guint i = 0; i < e->live->len; i++)
    {
      ProcessInstance *pi = g_ptr_array_index (e->live, i);
      if (pi->number == number)
        return pi;
    }
  return NULL;
}

static guint16
free_slot (Entity *e)
{
  for (guint16 slot = 0;; slot++)
    {
      gboolean used = FALSE;
      for (guint i = 0; i < e->live->len && !used; i++)
        used = ((ProcessInstance *) g_ptr_array_index (e->live, i))->slot == slot;
      if (!used)
        return slot;
    }
}

static gboolean
was_terminated (Entity *e, gint64 number)
{
  guint n = MIN (e->n_terminated, RECENT_TERMINATED);
  for (guint i = 0; i < n; i++)
    if (e->terminated[i] == number)
      return TRUE;
  return FALSE;
}

static ProcessInstance *
new_process_instance (ChronoBtfMachine *m, Entity *e, gint64 number, gint64 begin, guint32 flags)
{
  ProcessInstance *pi = g_new0 (ProcessInstance, 1);
  pi->entity = e;
  pi->number = number;
  pi->slot = free_slot (e);
  pi->calls = g_ptr_array_new_with_free_func (chrono_btf_free_call);
  pi->index = chrono_schedule_begin_instance (e->lane, number, begin, flags, m->line);
  g_ptr_array_add (e->live, pi);
  return pi;
}

static void
process_set_state (ChronoBtfMachine *m, ProcessInstance *pi, gint64 time, ChronoState state)
{
  if (pi->state == state)
    return;
  chrono_schedule_add_state (&m->builder, pi->entity->lane, pi->index, pi->since, time, pi->state, pi->span_flags,
                             pi->slot);
  pi->state = state;
  pi->since = time;
  pi->span_flags = 0;
}

#define CUT_BY_PROCESS 0x80

void
chrono_btf_process_end (ChronoBtfMachine *m, ProcessInstance *pi, gint64 time, gboolean terminated)
{
  Entity *e = pi->entity;
  while (pi->calls->len > 0)
    {
      RunnableCall *call = g_ptr_array_index (pi->calls, pi->calls->len - 1);
      if (terminated)
        {
          g_autofree char *number = chrono_btf_describe_instance (pi->number);
          chrono_warnings_add (m->warnings, m->line, "runnable outlives its process",
                               _ ("runnable %s is still %s when %s instance %s terminates"), call->runnable->name,
                               chrono_state_get_name (call->state), e->name, number);
        }
      chrono_btf_runnable_close_call (m, pi, call, time, terminated ? CUT_BY_PROCESS : CHRONO_SPAN_OPEN_END);
    }
  if (pi->core != NULL)
    chrono_btf_core_close (m, pi->core, time, terminated ? 0 : m->open_end);
  if (!terminated)
    {
      chrono_schedule_add_state (&m->builder, e->lane, pi->index, pi->since, time, pi->state,
                                 pi->span_flags | m->open_end, pi->slot);
      pi->state = CHRONO_STATE_NONE;
    }
  else
    process_set_state (m, pi, time, CHRONO_STATE_NONE);
  if (terminated)
    e->terminated[e->n_terminated++ % RECENT_TERMINATED] = pi->number;
  chrono_schedule_end (&m->builder, e->lane, pi->index, time, terminated);
  g_ptr_array_remove (e->live, pi);
}

/* A process first seen in the middle of its life: the time from the trace's
 * start is back-filled with the state the event leaves, drawn as inferred. */
static ProcessInstance *
infer_process_instance (ChronoBtfMachine *m, Entity *e, const ChronoBtfEvent *ev, ProcessEvent code)
{
  ProcessInstance *pi = new_process_instance (m, e, ev->target_instance, m->first_time, CHRONO_INSTANCE_INFERRED);
  pi->state = process_transitions[code].from[0];
  pi->since = m->first_time;
  pi->span_flags = CHRONO_SPAN_INFERRED;
  /* Running or polling before this event means it sat on the event's core. */
  if (pi->state == CHRONO_STATE_RUNNING || pi->state == CHRONO_STATE_POLLING)
    {
      Entity *core = chrono_btf_source_core (m, ev);
      if (core != NULL)
        chrono_btf_core_put_on (m, pi, core, m->first_time, pi->state, CHRONO_SPAN_INFERRED);
    }
  return pi;
}

static gboolean
transition_allowed (ProcessEvent code, ChronoState from)
{
  const Transition *t = &process_transitions[code];
  return from == t->from[0] || from == t->from[1];
}

static void
apply_core_effect (ChronoBtfMachine *m, ProcessInstance *pi, const ChronoBtfEvent *ev, ProcessEvent code)
{
  switch (code)
    {
    case EV_START:
    case EV_RESUME:
      case EV_POLL_PARKING: {
        Entity *core =
            ev->core_hint ? chrono_btf_ensure_entity (m, BTF_C, ev->core_hint, "C") : chrono_btf_source_core (m, ev);
        if (core != NULL)
          chrono_btf_core_put_on (m, pi, core, ev->time,
                                  code == EV_POLL_PARKING ? CHRONO_STATE_POLLING : CHRONO_STATE_RUNNING, 0);
        else
          chrono_btf_core_set_state (m, pi, ev->time,
                                     code == EV_POLL_PARKING ? CHRONO_STATE_POLLING : CHRONO_STATE_RUNNING);
        break;
      }
    case EV_PREEMPT:
    case EV_TERMINATE:
    case EV_WAIT:
    case EV_PARK: chrono_btf_core_take_off (m, pi, ev->time); break;
    case EV_POLL:
      case EV_RUN: {
        /* both keep the process on its core; one not yet placed goes on the source core */
        ChronoState state = code == EV_POLL ? CHRONO_STATE_POLLING : CHRONO_STATE_RUNNING;
        Entity *core = pi->core ? NULL : chrono_btf_source_core (m, ev);
        if (core != NULL)
          chrono_btf_core_put_on (m, pi, core, ev->time, state, 0);
        else
          chrono_btf_core_set_state (m, pi, ev->time, state);
        break;
      }
    default: break;
    }
}

static void
count_event (ChronoBtfMachine *m, ProcessInstance *pi, const ChronoBtfEvent *ev, ProcessEvent code)
{
  ChronoLane *lane = pi->entity->lane;
  if (code == EV_ACTIVATE)
    {
      /* who activated it, for following a chain upstream (not itself: a restart) */
      gboolean by_other = *ev->source != '\0' && strcmp (ev->source, pi->entity->name) != 0;
      guint32 by =
          by_other ? chrono_strings_intern (chrono_trace_get_strings (m->trace), ev->source) : CHRONO_STRING_NONE;
      chrono_schedule_note_activation (lane, pi->index, ev->time, ev->line, by, ev->source_instance);
    }
  if (code == EV_PREEMPT)
    chrono_schedule_note_preemption (lane, pi->index);
  if (code == EV_START || code == EV_RESUME || code == EV_RUN || code == EV_POLL_PARKING)
    chrono_schedule_note_start (lane, pi->index, ev->time, code != EV_POLL_PARKING);
  chrono_schedule_note_event (lane, pi->index, ev->time);
}

static ProcessEvent
cached_process_event (ChronoBtfMachine *m, const char *name)
{
  /* the events of nearly every line, spelled as the specification does */
  static const NamedEvent common[] = {
    { "start", EV_START },     { "activate", EV_ACTIVATE }, { "terminate", EV_TERMINATE },
    { "preempt", EV_PREEMPT }, { "resume", EV_RESUME },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (common); i++)
    if (name[0] == common[i].name[0] && strcmp (name, common[i].name) == 0)
      return common[i].event;
  gpointer value;
  if (g_hash_table_lookup_extended (m->event_cache, name, NULL, &value))
    return GPOINTER_TO_INT (value);
  ProcessEvent code = parse_process_event (name);
  if (g_hash_table_size (m->event_cache) < 256) /* a file of made-up names must not grow it */
    g_hash_table_insert (m->event_cache, g_strdup (name), GINT_TO_POINTER (code));
  return code;
}

void
chrono_btf_process_event (ChronoBtfMachine *m, Entity *e, const ChronoBtfEvent *ev)
{
  ProcessEvent code = cached_process_event (m, ev->event);
  if (code == EV_INFO || code == EV_UNKNOWN)
    {
      if (code == EV_UNKNOWN)
        chrono_warnings_add (m->warnings, ev->line, "unknown event", _ ("unknown %s event “%s” for %s"),
                             chrono_btf_type_codes[e->type], ev->event, e->name);
      chrono_btf_add_mark (m, e->lane, ev);
      return;
    }

  ProcessInstance *pi = chrono_btf_find_live (e, ev->target_instance);
  if (pi == NULL && code == EV_PREEMPT && chrono_btf_is_creation_note (ev->note))
    {
      /* FreeRTOS loggers write a task's creation as a preempt: it is ready */
      pi = new_process_instance (m, e, ev->target_instance, ev->time, 0);
      process_set_state (m, pi, ev->time, CHRONO_STATE_READY);
      chrono_btf_add_mark (m, e->lane, ev);
      return;
    }
  if (pi == NULL)
    {
      if (code == EV_ACTIVATE)
        pi = new_process_instance (m, e, ev->target_instance, ev->time, CHRONO_INSTANCE_ACTIVATED);
      else if (!was_terminated (e, ev->target_instance))
        pi = infer_process_instance (m, e, ev, code);
      else
        {
          g_autofree char *number = chrono_btf_describe_instance (ev->target_instance);
          chrono_warnings_add (m->warnings, ev->line, "invalid transition",
                               _ ("%s instance %s: “%s” after it terminated"), e->name, number, ev->event);
          pi = new_process_instance (m, e, ev->target_instance, ev->time, 0);
        }
      chrono_btf_replay_pending (m, e);
    }
  else if (!transition_allowed (code, pi->state))
    {
      g_autofree char *number = chrono_btf_describe_instance (pi->number);
      chrono_warnings_add (m->warnings, ev->line, "invalid transition", _ ("%s instance %s: “%s” in state %s"), e->name,
                           number, ev->event, chrono_state_get_name (pi->state));
    }

  /* a task deleted while it ran ends as it leaves its core */
  if (pi->deleted && (code == EV_PREEMPT || code == EV_WAIT || code == EV_PARK))
    code = EV_TERMINATE;
  count_event (m, pi, ev, code);
  apply_core_effect (m, pi, ev, code);
  if (code == EV_TERMINATE)
    {
      chrono_btf_process_end (m, pi, ev->time, TRUE);
      return;
    }
  ChronoState target = process_transitions[code].target;
  /* an invalid transition is forced; a state off the core must not stay on it */
  if (target != CHRONO_STATE_RUNNING && target != CHRONO_STATE_POLLING)
    chrono_btf_core_take_off (m, pi, ev->time);
  process_set_state (m, pi, ev->time, target);
}

/* "delete CS[4]" names the task "[core/0004]CS" as "CS [0004]": the number
 * as written there, whatever its width. */
static Entity *
find_deleted_task (ChronoBtfMachine *m, const char *name, gsize name_length, guint64 id)
{
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, m->by_type[BTF_T]);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Entity *e = value;
      const char *n = e->name;
      if (strncmp (n, name, name_length) != 0 || n[name_length] != ' ' || n[name_length + 1] != '[')
        continue;
      char *end = NULL;
      guint64 found = g_ascii_strtoull (n + name_length + 2, &end, 10);
      if (end != n + name_length + 2 && *end == ']' && end[1] == '\0' && found == id)
        return e;
    }
  return NULL;
}

gboolean
chrono_btf_delete_task (ChronoBtfMachine *m, const ChronoBtfEvent *ev)
{
  if (ev->note == NULL || !g_str_has_prefix (ev->note, "delete "))
    return FALSE;
  const char *name = ev->note + strlen ("delete ");
  const char *open = strchr (name, '[');
  char *end = NULL;
  guint64 id = open != NULL ? g_ascii_strtoull (open + 1, &end, 10) : 0;
  if (open == NULL || open == name || end == open + 1 || *end != ']')
    return FALSE; /* "delete 0x80016140": a queue or semaphore */
  Entity *e = find_deleted_task (m, name, (gsize) (open - name), id);
  if (e == NULL || e->live == NULL)
    return FALSE;
  for (guint i = e->live->len; i-- > 0;)
    {
      ProcessInstance *pi = g_ptr_array_index (e->live, i);
      if (pi->core != NULL)
        pi->deleted = TRUE;
      else
        chrono_btf_process_end (m, pi, ev->time, TRUE);
    }
  chrono_btf_add_mark (m, e->lane, ev);
  return TRUE;
}
