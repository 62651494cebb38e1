/* chrono-btf-machine.c — the BTF state engine.
 *
 * Whose state changes is decided by the target type, never by names; the
 * source is the cause (or the core, for process events).  Process states per
 * (entity, instance) follow the BTF 2.1.3/2.3 chart with libBtf's "unknown"
 * start state for traces that begin mid-run; runnables form a call stack per
 * process instance; a core lane shows which process occupied it.  Anything the
 * engine does not understand becomes an instant mark, and anything that
 * breaks the chart becomes a counted warning with its line number.
 */
#include "chrono-btf-machine.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

typedef enum {
  BTF_STI,
  BTF_T,
  BTF_I,
  BTF_R,
  BTF_IB,
  BTF_ECU,
  BTF_P,
  BTF_C,
  BTF_SCHED,
  BTF_SIG,
  BTF_SEM,
  BTF_EVENT,
  BTF_SIM,
  BTF_SYS,
  BTF_OTHER,
  BTF_N_TYPES
} BtfType;

static const char *const type_codes[BTF_N_TYPES] = {
  "STI", "T", "I", "R", "IB", "ECU", "P", "C", "SCHED", "SIG", "SEM", "EVENT", "SIM", "SYS", "?",
};

typedef enum {
  GROUP_CORES,
  GROUP_TASKS,
  GROUP_ISRS,
  GROUP_RUNNABLES,
  GROUP_SEMAPHORES,
  GROUP_SIGNALS,
  GROUP_OS_EVENTS,
  GROUP_STIMULI,
  GROUP_SCHEDULERS,
  GROUP_SIMULATION,
  GROUP_OTHER,
  N_GROUPS
} Group;

/* Headings stay English in the model (dumps and tests name lanes by them);
 * N_() lets the renderer show them translated. */
static const char *const group_names[N_GROUPS] = {
  N_ ("Cores"),      N_ ("Tasks"),      N_ ("ISRs"),      N_ ("Runnables without process"),
  N_ ("Semaphores"), N_ ("Signals"),    N_ ("OS events"), N_ ("Stimuli"),
  N_ ("Schedulers"), N_ ("Simulation"), N_ ("Other"),
};

typedef enum {
  EV_ACTIVATE,
  EV_START,
  EV_PREEMPT,
  EV_RESUME,
  EV_TERMINATE,
  EV_POLL,
  EV_RUN,
  EV_PARK,
  EV_POLL_PARKING,
  EV_RELEASE_PARKING,
  EV_WAIT,
  EV_RELEASE,
  EV_INFO,
  EV_UNKNOWN
} ProcessEvent;

typedef struct {
  const char *name;
  ProcessEvent event;
} NamedEvent;

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

/* Per event: the state it leads to, and the states it may come from (the
 * first "from" is also the state inferred before it when the trace starts
 * mid-run).  A "from" equal to the target is a legal duplicate. */
typedef struct {
  ChronoState target;
  ChronoState from[2];
} Transition;

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

typedef enum { RUN_START, RUN_SUSPEND, RUN_RESUME, RUN_TERMINATE, RUN_OTHER } RunnableEvent;

#define RECENT_TERMINATED 16

typedef struct _Entity Entity;

typedef struct {
  Entity *runnable;
  ChronoLane *lane;
  gint64 number;
  guint index;
  ChronoState state;
  gint64 since;
  guint8 span_flags;
  gboolean inferred; /* alive before its first event (the trace began mid-call) */
} RunnableCall;

typedef struct {
  Entity *entity;
  gint64 number;
  guint index; /* in the process lane's instance table */
  ChronoState state;
  gint64 since;
  guint8 span_flags;
  guint16 slot; /* sub-row, so concurrent instances do not overdraw each other */
  Entity *core; /* the core it occupies, or NULL */
  GPtrArray *calls; /* RunnableCall*, the call stack */
} ProcessInstance;

typedef struct {
  ChronoLane *lane;
  ChronoState state;
  gint64 since;
} Access;

struct _Entity {
  char *name;
  BtfType type;
  ChronoLane *lane;
  /* processes */
  GPtrArray *live; /* ProcessInstance* */
  gint64 terminated[RECENT_TERMINATED];
  guint n_terminated;
  /* cores */
  ProcessInstance *occupant;
  ChronoState core_state;
  gint64 core_since;
  guint8 core_flags; /* flags of the open core span (inferred at a mid-run start) */
  /* semaphores */
  ChronoState sem_state;
  gint64 sem_since;
  GHashTable *accesses; /* process name -> Access* */
  /* runnables called with no live process */
  GPtrArray *orphan_calls;
  /* runnables: the lane last found under a caller's lane */
  ChronoLane *cached_parent, *cached_lane;
  /* signals: the value held since a time */
  gboolean have_value;
  double value;
  gint64 value_since;
};

struct _ChronoBtfMachine {
  ChronoTrace *trace;
  ChronoStrings *strings;
  ChronoWarnings *warnings;
  GHashTable *entities; /* "T\x1fname" -> Entity* (owns them) */
  GHashTable *by_type[BTF_N_TYPES]; /* name -> Entity*: found without building a key */
  ChronoLane *groups[N_GROUPS];
  gboolean have_time;
  gint64 first_time, last_time;
  guint64 line;
  GPtrArray *pending; /* ChronoBtfEvent*: runnable lines waiting for their process */
  gboolean replaying;
  guint summary_buckets; /* > 0: an index pass, lanes get summaries instead of spans */
  guint8 open_end; /* the flag of what is still open when the machine finishes */
  /* type codes and event names as written -> parsed, so each spelling is
   * compared case-insensitively once, not on every line */
  GHashTable *type_cache, *event_cache;
};

/* ---- entities and lanes ------------------------------------------------- */

/* Case-insensitive equality to a lower-case name; the first letter rules
 * out most names without a full comparison. */
static inline gboolean
names_equal (const char *name, const char *lower)
{
  return g_ascii_tolower (name[0]) == lower[0] && g_ascii_strcasecmp (name, lower) == 0;
}

static BtfType
parse_type (const char *code)
{
  if (g_ascii_strcasecmp (code, "ISR") == 0)
    return BTF_I;
  if (g_ascii_strcasecmp (code, "SYSTEM") == 0)
    return BTF_SYS;
  for (int t = 0; t < BTF_OTHER; t++)
    if (g_ascii_strcasecmp (code, type_codes[t]) == 0)
      return t;
  return BTF_OTHER;
}

static void
free_call (gpointer data)
{
  g_free (data);
}

static void
free_process_instance (gpointer data)
{
  ProcessInstance *pi = data;
  g_ptr_array_unref (pi->calls);
  g_free (pi);
}

static void
free_entity (gpointer data)
{
  Entity *e = data;
  g_free (e->name);
  g_clear_object (&e->lane);
  g_clear_pointer (&e->live, g_ptr_array_unref);
  g_clear_pointer (&e->accesses, g_hash_table_unref);
  g_clear_pointer (&e->orphan_calls, g_ptr_array_unref);
  g_free (e);
}

static void
free_pending (gpointer data)
{
  ChronoBtfEvent *ev = data;
  g_free ((char *) ev->source);
  g_free ((char *) ev->type);
  g_free ((char *) ev->target);
  g_free ((char *) ev->event);
  g_free ((char *) ev->note);
  g_free (ev);
}

ChronoBtfMachine *
chrono_btf_machine_new (ChronoTrace *trace)
{
  ChronoBtfMachine *m = g_new0 (ChronoBtfMachine, 1);
  m->trace = trace;
  m->strings = chrono_trace_get_strings (trace);
  m->warnings = chrono_trace_get_warnings (trace);
  m->entities = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, free_entity);
  for (int t = 0; t < BTF_N_TYPES; t++)
    m->by_type[t] = g_hash_table_new (g_str_hash, g_str_equal);
  m->pending = g_ptr_array_new_with_free_func (free_pending);
  m->open_end = CHRONO_SPAN_OPEN_END;
  m->type_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  m->event_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return m;
}

void
chrono_btf_machine_set_summary_buckets (ChronoBtfMachine *m, guint n_buckets)
{
  m->summary_buckets = n_buckets;
}

void
chrono_btf_machine_free (ChronoBtfMachine *m)
{
  if (m == NULL)
    return;
  for (int t = 0; t < BTF_N_TYPES; t++)
    g_hash_table_unref (m->by_type[t]);
  g_hash_table_unref (m->entities);
  g_ptr_array_unref (m->pending);
  g_hash_table_unref (m->type_cache);
  g_hash_table_unref (m->event_cache);
  for (int g = 0; g < N_GROUPS; g++)
    g_clear_object (&m->groups[g]);
  g_free (m);
}

static ChronoLane *
group_lane (ChronoBtfMachine *m, Group group)
{
  if (m->groups[group] == NULL)
    m->groups[group] = chrono_lane_new (group_names[group], CHRONO_LANE_GROUP, NULL);
  return m->groups[group];
}

static Group
group_for_type (BtfType type)
{
  switch (type)
    {
    case BTF_C: return GROUP_CORES;
    case BTF_T: return GROUP_TASKS;
    case BTF_I: return GROUP_ISRS;
    case BTF_R: return GROUP_RUNNABLES;
    case BTF_SEM: return GROUP_SEMAPHORES;
    case BTF_SIG: return GROUP_SIGNALS;
    case BTF_EVENT: return GROUP_OS_EVENTS;
    case BTF_STI: return GROUP_STIMULI;
    case BTF_SCHED: return GROUP_SCHEDULERS;
    case BTF_SIM:
    case BTF_SYS: return GROUP_SIMULATION;
    default: return GROUP_OTHER;
    }
}

static ChronoLaneKind
lane_kind_for_type (BtfType type)
{
  switch (type)
    {
    case BTF_C: return CHRONO_LANE_CORE;
    case BTF_T:
    case BTF_I: return CHRONO_LANE_PROCESS;
    case BTF_R: return CHRONO_LANE_RUNNABLE;
    case BTF_SEM: return CHRONO_LANE_SEMAPHORE;
    case BTF_SIG: return CHRONO_LANE_SIGNAL;
    default: return CHRONO_LANE_EVENTS;
    }
}

static Entity *
lookup_entity (ChronoBtfMachine *m, BtfType type, const char *name)
{
  return g_hash_table_lookup (m->by_type[type], name);
}

/* The entity, with its lane in its group (runnable lanes are placed by their caller). */
static Entity *
ensure_entity (ChronoBtfMachine *m, BtfType type, const char *name, const char *type_code)
{
  Entity *e = lookup_entity (m, type, name);
  if (e != NULL)
    return e;
  e = g_new0 (Entity, 1);
  e->name = g_strdup (name);
  e->type = type;
  if (type != BTF_R)
    {
      /* BTF 2.1.3 names the type ISR, later versions write I: one name for both */
      const char *code = type == BTF_OTHER ? type_code : type == BTF_I ? "ISR" : type_codes[type];
      e->lane = chrono_lane_new (name, lane_kind_for_type (type), code);
      chrono_lane_append_child (group_lane (m, group_for_type (type)), e->lane);
    }
  if (type == BTF_T || type == BTF_I)
    {
      e->live = g_ptr_array_new_with_free_func (free_process_instance);
      chrono_lane_ensure_instances (e->lane);
      chrono_lane_ensure_spans (e->lane);
    }
  g_hash_table_insert (m->entities, g_strdup_printf ("%s\x1f%s", type_codes[type], name), e);
  g_hash_table_insert (m->by_type[type], e->name, e);
  return e;
}

void
chrono_btf_machine_declare (ChronoBtfMachine *m, const char *type_code, const char *name)
{
  BtfType type = parse_type (type_code);
  if (type == BTF_R)
    return; /* a runnable's lane belongs under the process that calls it */
  ensure_entity (m, type, name, type_code);
}

/* An index pass keeps no spans: each lane gets a summary, begun at the
 * trace's first time, on its first item. */
static ChronoSummary *
lane_summary (ChronoBtfMachine *m, ChronoLane *lane)
{
  ChronoSummary *summary = chrono_lane_get_summary (lane);
  if (summary == NULL)
    {
      /* a second of the trace at first: files big enough to be indexed last longer */
      gint64 second = chrono_trace_get_clock (m->trace)->ticks_per_second;
      chrono_lane_set_summary (lane, summary = chrono_summary_new (m->first_time, m->summary_buckets, second));
    }
  return summary;
}

static void
add_span (ChronoBtfMachine *m, ChronoLane *lane, gint64 start, gint64 end, ChronoState state, guint8 flags,
          guint16 depth, guint32 label, guint32 instance)
{
  if (end <= start || state == CHRONO_STATE_NONE)
    return; /* a state left at the moment it was entered paints nothing */
  if (m->summary_buckets > 0)
    {
      ChronoSummary *summary = lane_summary (m, lane);
      chrono_summary_add_interval (summary, start, end, state, label);
      chrono_summary_note_depth (summary, depth);
      return;
    }
  ChronoSpan span = { start, end, state, flags, depth, label, instance, 0 };
  chrono_spans_append (chrono_lane_ensure_spans (lane), &span);
}

static void
add_mark (ChronoBtfMachine *m, ChronoLane *lane, const ChronoBtfEvent *ev)
{
  if (m->summary_buckets > 0)
    {
      chrono_summary_add_instant (lane_summary (m, lane), ev->time);
      return;
    }
  ChronoMark mark = {
    ev->time,
    chrono_strings_intern (m->strings, ev->event),
    chrono_strings_intern (m->strings, ev->source),
    ev->note ? chrono_strings_intern (m->strings, ev->note) : 0,
    0,
  };
  chrono_marks_append (chrono_lane_ensure_marks (lane), &mark);
}

static char *
describe_instance (gint64 number)
{
  return number == CHRONO_BTF_NO_INSTANCE ? g_strdup (_ ("(no instance)"))
                                          : g_strdup_printf ("%" G_GINT64_FORMAT, number);
}

/* ---- cores -------------------------------------------------------------- */

static void
core_close (ChronoBtfMachine *m, Entity *core, gint64 time, guint8 flags)
{
  ProcessInstance *pi = core->occupant;
  if (pi == NULL)
    return;
  add_span (m, core->lane, core->core_since, time, core->core_state, core->core_flags | flags, 0,
            chrono_strings_intern (m->strings, pi->entity->name), CHRONO_NO_INSTANCE);
  core->occupant = NULL;
  pi->core = NULL;
}

static void
core_take_off (ChronoBtfMachine *m, ProcessInstance *pi, gint64 time)
{
  if (pi->core != NULL)
    core_close (m, pi->core, time, 0);
}

static void
core_put_on (ChronoBtfMachine *m, ProcessInstance *pi, Entity *core, gint64 time, ChronoState state, guint8 flags)
{
  if (pi->core == core)
    return;
  core_take_off (m, pi, time);
  if (core->occupant != NULL)
    {
      chrono_warnings_add (m->warnings, m->line, "core occupied twice",
                           _ ("%s is put on %s while %s still occupies it"), pi->entity->name, core->name,
                           core->occupant->entity->name);
      core_close (m, core, time, 0);
    }
  core->occupant = pi;
  core->core_state = state;
  core->core_since = time;
  core->core_flags = flags;
  pi->core = core;
}

/* Polling keeps the core busy; only the colour of its span changes. */
static void
core_set_state (ChronoBtfMachine *m, ProcessInstance *pi, gint64 time, ChronoState state)
{
  Entity *core = pi->core;
  if (core == NULL || core->core_state == state)
    return;
  add_span (m, core->lane, core->core_since, time, core->core_state, core->core_flags, 0,
            chrono_strings_intern (m->strings, pi->entity->name), CHRONO_NO_INSTANCE);
  core->core_state = state;
  core->core_since = time;
  core->core_flags = 0;
}

/* The core an event names as its source: a C entity, or an unknown name that
 * acts as one.  A process or runnable name is never taken for a core. */
static Entity *
source_core (ChronoBtfMachine *m, const char *source)
{
  Entity *core = lookup_entity (m, BTF_C, source);
  if (core != NULL)
    return core;
  if (lookup_entity (m, BTF_T, source) || lookup_entity (m, BTF_I, source) || lookup_entity (m, BTF_R, source)
      || lookup_entity (m, BTF_STI, source) || *source == '\0')
    return NULL;
  return ensure_entity (m, BTF_C, source, "C");
}

/* ---- the FreeRTOS "context switch" dialect ------------------------------- *
 * (../shared/research/btf.md, quirk 15): tasks are named "[core/id]Name",
 * so one task has a name per core; `resume` has the previous task as its
 * source; a task's creation is a `preempt` with the note "create pri:N" or
 * "task_create".  These rules apply wherever the pattern appears, so no
 * profile has to be switched on and standard traces are not affected. */

static gboolean
is_creation_note (const char *note)
{
  return note != NULL && (g_str_has_prefix (note, "create") || strcmp (note, "task_create") == 0);
}

/* "[2/0004]IDLE2" -> core 2, "IDLE2 [0004]": one lane per task, whatever core it is on. */
static gboolean
split_core_prefix (const char *target, guint64 *out_core, char **out_name)
{
  if (target[0] != '[' || !g_ascii_isdigit (target[1]))
    return FALSE;
  char *end = NULL;
  guint64 core = g_ascii_strtoull (target + 1, &end, 10);
  if (*end != '/' || !g_ascii_isdigit (end[1]))
    return FALSE;
  const char *id = end + 1;
  const char *close = strchr (id, ']');
  if (close == NULL || close[1] == '\0')
    return FALSE;
  for (const char *p = id; p < close; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  *out_core = core;
  *out_name = g_strdup_printf ("%s [%.*s]", close + 1, (int) (close - id), id);
  return TRUE;
}

/* ---- processes ---------------------------------------------------------- */

static ProcessEvent
parse_process_event (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (process_events); i++)
    if (names_equal (name, process_events[i].name))
      return process_events[i].event;
  return EV_UNKNOWN;
}

static ProcessInstance *
find_live (Entity *e, gint64 number)
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
  pi->calls = g_ptr_array_new_with_free_func (free_call);
  ChronoInstance record = { number, begin, begin, G_MININT64, flags, 0, 0, G_MAXUINT32 };
  pi->index = chrono_instances_add (chrono_lane_get_instances (e->lane), &record);
  g_ptr_array_add (e->live, pi);
  return pi;
}

static void
process_set_state (ChronoBtfMachine *m, ProcessInstance *pi, gint64 time, ChronoState state)
{
  if (pi->state == state)
    return;
  add_span (m, pi->entity->lane, pi->since, time, pi->state, pi->span_flags, pi->slot, 0, pi->index);
  pi->state = state;
  pi->since = time;
  pi->span_flags = 0;
}

static void runnable_close_call (ChronoBtfMachine *m, ProcessInstance *pi, RunnableCall *call, gint64 time, guint8 how);
static void replay_pending (ChronoBtfMachine *m, Entity *process);
#define CUT_BY_PROCESS 0x80

static void
process_end (ChronoBtfMachine *m, ProcessInstance *pi, gint64 time, gboolean terminated)
{
  Entity *e = pi->entity;
  while (pi->calls->len > 0)
    {
      RunnableCall *call = g_ptr_array_index (pi->calls, pi->calls->len - 1);
      if (terminated)
        {
          g_autofree char *number = describe_instance (pi->number);
          chrono_warnings_add (m->warnings, m->line, "runnable outlives its process",
                               _ ("runnable %s is still %s when %s instance %s terminates"), call->runnable->name,
                               chrono_state_get_name (call->state), e->name, number);
        }
      runnable_close_call (m, pi, call, time, terminated ? CUT_BY_PROCESS : CHRONO_SPAN_OPEN_END);
    }
  if (pi->core != NULL)
    core_close (m, pi->core, time, terminated ? 0 : m->open_end);
  if (!terminated)
    {
      add_span (m, e->lane, pi->since, time, pi->state, pi->span_flags | m->open_end, pi->slot, 0, pi->index);
      pi->state = CHRONO_STATE_NONE;
    }
  else
    process_set_state (m, pi, time, CHRONO_STATE_NONE);
  ChronoInstance *record = chrono_instances_get (chrono_lane_get_instances (e->lane), pi->index);
  record->end = time;
  if (terminated)
    {
      record->flags |= CHRONO_INSTANCE_TERMINATED;
      e->terminated[e->n_terminated++ % RECENT_TERMINATED] = pi->number;
    }
  if (m->summary_buckets > 0)
    chrono_instances_release (chrono_lane_get_instances (e->lane), pi->index);
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
      Entity *core = source_core (m, ev->source);
      if (core != NULL)
        core_put_on (m, pi, core, m->first_time, pi->state, CHRONO_SPAN_INFERRED);
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
        Entity *core = ev->core_hint ? ensure_entity (m, BTF_C, ev->core_hint, "C") : source_core (m, ev->source);
        if (core != NULL)
          core_put_on (m, pi, core, ev->time, code == EV_POLL_PARKING ? CHRONO_STATE_POLLING : CHRONO_STATE_RUNNING, 0);
        else
          core_set_state (m, pi, ev->time, code == EV_POLL_PARKING ? CHRONO_STATE_POLLING : CHRONO_STATE_RUNNING);
        break;
      }
    case EV_PREEMPT:
    case EV_TERMINATE:
    case EV_WAIT:
    case EV_PARK: core_take_off (m, pi, ev->time); break;
    case EV_POLL:
      case EV_RUN: {
        /* both keep the process on its core; one not yet placed goes on the source core */
        ChronoState state = code == EV_POLL ? CHRONO_STATE_POLLING : CHRONO_STATE_RUNNING;
        Entity *core = pi->core ? NULL : source_core (m, ev->source);
        if (core != NULL)
          core_put_on (m, pi, core, ev->time, state, 0);
        else
          core_set_state (m, pi, ev->time, state);
        break;
      }
    default: break;
    }
}

static void
count_event (ChronoBtfMachine *m, ProcessInstance *pi, const ChronoBtfEvent *ev, ProcessEvent code)
{
  ChronoInstance *record = chrono_instances_get (chrono_lane_get_instances (pi->entity->lane), pi->index);
  if (code == EV_ACTIVATE)
    record->activations++;
  if (code == EV_PREEMPT)
    record->preemptions++;
  if ((code == EV_START || code == EV_RESUME || code == EV_RUN || code == EV_POLL_PARKING)
      && record->first_start == G_MININT64)
    record->first_start = ev->time;
  record->end = ev->time;
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

static void
process_event (ChronoBtfMachine *m, Entity *e, const ChronoBtfEvent *ev)
{
  ProcessEvent code = cached_process_event (m, ev->event);
  if (code == EV_INFO || code == EV_UNKNOWN)
    {
      if (code == EV_UNKNOWN)
        chrono_warnings_add (m->warnings, ev->line, "unknown event", _ ("unknown %s event “%s” for %s"),
                             type_codes[e->type], ev->event, e->name);
      add_mark (m, e->lane, ev);
      return;
    }

  ProcessInstance *pi = find_live (e, ev->target_instance);
  if (pi == NULL && code == EV_PREEMPT && is_creation_note (ev->note))
    {
      /* FreeRTOS loggers write a task's creation as a preempt: it is ready */
      pi = new_process_instance (m, e, ev->target_instance, ev->time, 0);
      process_set_state (m, pi, ev->time, CHRONO_STATE_READY);
      add_mark (m, e->lane, ev);
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
          g_autofree char *number = describe_instance (ev->target_instance);
          chrono_warnings_add (m->warnings, ev->line, "invalid transition",
                               _ ("%s instance %s: “%s” after it terminated"), e->name, number, ev->event);
          pi = new_process_instance (m, e, ev->target_instance, ev->time, 0);
        }
      replay_pending (m, e);
    }
  else if (!transition_allowed (code, pi->state))
    {
      g_autofree char *number = describe_instance (pi->number);
      chrono_warnings_add (m->warnings, ev->line, "invalid transition", _ ("%s instance %s: “%s” in state %s"), e->name,
                           number, ev->event, chrono_state_get_name (pi->state));
    }

  count_event (m, pi, ev, code);
  apply_core_effect (m, pi, ev, code);
  if (code == EV_TERMINATE)
    {
      process_end (m, pi, ev->time, TRUE);
      return;
    }
  ChronoState target = process_transitions[code].target;
  /* an invalid transition is forced; a state off the core must not stay on it */
  if (target != CHRONO_STATE_RUNNING && target != CHRONO_STATE_POLLING)
    core_take_off (m, pi, ev->time);
  process_set_state (m, pi, ev->time, target);
}

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

static Entity *
lookup_process (ChronoBtfMachine *m, const char *name)
{
  Entity *process = lookup_entity (m, BTF_T, name);
  return process ? process : lookup_entity (m, BTF_I, name);
}

/* The live process instance a runnable event belongs to. */
static ProcessInstance *
caller_instance (ChronoBtfMachine *m, const ChronoBtfEvent *ev)
{
  Entity *process = lookup_process (m, ev->source);
  if (process != NULL)
    {
      ProcessInstance *pi = find_live (process, ev->source_instance);
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
  Entity *core = lookup_entity (m, BTF_C, ev->source);
  return core ? core->occupant : NULL;
}

static ChronoLane *
child_lane (ChronoBtfMachine *m, ChronoLane *parent, const char *name)
{
  guint n = chrono_lane_get_n_children (parent);
  for (guint i = 0; i < n; i++)
    {
      ChronoLane *child = chrono_lane_get_child (parent, i);
      if (strcmp (chrono_lane_get_name (child), name) == 0)
        return child;
    }
  g_autoptr (ChronoLane) lane = chrono_lane_new (name, CHRONO_LANE_RUNNABLE, "R");
  chrono_lane_append_child (parent, lane);
  chrono_lane_ensure_instances (lane);
  return lane;
}

static GPtrArray *
call_stack (ProcessInstance *pi, Entity *runnable)
{
  if (pi != NULL)
    return pi->calls;
  if (runnable->orphan_calls == NULL)
    runnable->orphan_calls = g_ptr_array_new_with_free_func (free_call);
  return runnable->orphan_calls;
}

static ChronoInstance *
call_record (RunnableCall *call)
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
      runnable->cached_lane = child_lane (m, parent_lane, runnable->name);
      runnable->cached_parent = parent_lane;
    }
  call->lane = runnable->cached_lane;
  call->number = ev->target_instance;
  call->state = state;
  call->since = since;
  call->span_flags = inferred ? CHRONO_SPAN_INFERRED : 0;
  call->inferred = inferred;
  ChronoInstance record = { ev->target_instance,
                            since,
                            since,
                            inferred ? G_MININT64 : since,
                            inferred ? CHRONO_INSTANCE_INFERRED : CHRONO_INSTANCE_ACTIVATED,
                            0,
                            0,
                            caller };
  call->index = chrono_instances_add (chrono_lane_get_instances (call->lane), &record);
  return call;
}

/* A call on top of the stack: a sub-runnable of the current top call. */
static RunnableCall *
push_call (ChronoBtfMachine *m, ProcessInstance *pi, Entity *runnable, const ChronoBtfEvent *ev, ChronoState state,
           gint64 since, gboolean inferred)
{
  GPtrArray *stack = call_stack (pi, runnable);
  ChronoLane *parent = pi ? pi->entity->lane : group_lane (m, GROUP_RUNNABLES);
  guint32 caller = pi ? pi->index : G_MAXUINT32;
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
  GPtrArray *stack = call_stack (pi, runnable);
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
  guint32 callee_parent = call_record (callee)->parent;
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
  /* fetched again: new_call may have grown the table the old pointer pointed into */
  call_record (callee)->parent = call->index;
  g_ptr_array_insert (stack, bottom, call);
  return call;
}

static void
call_set_state (ChronoBtfMachine *m, ProcessInstance *pi, RunnableCall *call, gint64 time, ChronoState state,
                guint8 extra_flags)
{
  add_span (m, call->lane, call->since, time, call->state, call->span_flags | extra_flags, pi ? pi->slot : 0, 0,
            call->index);
  call->state = state;
  call->since = time;
  call->span_flags = 0;
}

/* how: 0 = terminated by its own event, CHRONO_SPAN_OPEN_END = still open at
 * the trace's end, CUT_BY_PROCESS = its process terminated first. */

static void
runnable_close_call (ChronoBtfMachine *m, ProcessInstance *pi, RunnableCall *call, gint64 time, guint8 how)
{
  call_set_state (m, pi, call, time, CHRONO_STATE_NONE, how & m->open_end);
  ChronoInstance *record = call_record (call);
  record->end = time;
  if (how == 0)
    record->flags |= CHRONO_INSTANCE_TERMINATED;
  if (m->summary_buckets > 0)
    chrono_instances_release (chrono_lane_get_instances (call->lane), call->index);
  g_ptr_array_remove (call_stack (pi, call->runnable), call);
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
  g_autofree char *number = describe_instance (ev->target_instance);
  chrono_warnings_add (m->warnings, ev->line, "invalid transition", _ ("runnable %s instance %s: “%s” in state %s"),
                       ev->target, number, ev->event, state);
}

/* Runnable lines may come before the first line of their process in a trace
 * that starts mid-run (runnables are suspended before their process is
 * preempted): they wait here until that process line, at the same time. */
static void
defer_runnable_event (ChronoBtfMachine *m, const ChronoBtfEvent *ev)
{
  ChronoBtfEvent *copy = g_new (ChronoBtfEvent, 1);
  *copy = *ev;
  copy->source = g_strdup (ev->source);
  copy->type = g_strdup (ev->type);
  copy->target = g_strdup (ev->target);
  copy->event = g_strdup (ev->event);
  copy->note = g_strdup (ev->note);
  g_ptr_array_add (m->pending, copy);
}

static gboolean
should_defer (ChronoBtfMachine *m, const ChronoBtfEvent *ev)
{
  if (m->replaying || lookup_entity (m, BTF_C, ev->source) != NULL)
    return FALSE;
  Entity *process = lookup_process (m, ev->source);
  return process == NULL || process->live->len == 0;
}

static void
runnable_event (ChronoBtfMachine *m, const ChronoBtfEvent *ev)
{
  RunnableEvent code = parse_runnable_event (ev->event);
  ProcessInstance *pi = caller_instance (m, ev);
  if (pi == NULL && code != RUN_OTHER && should_defer (m, ev))
    {
      defer_runnable_event (m, ev);
      return;
    }
  Entity *runnable = ensure_entity (m, BTF_R, ev->target, "R");
  if (pi == NULL && code != RUN_OTHER && runnable->orphan_calls == NULL)
    chrono_warnings_add (m->warnings, ev->line, "runnable without process",
                         _ ("runnable %s: no live process instance of “%s” calls it"), ev->target, ev->source);
  GPtrArray *stack = call_stack (pi, runnable);
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
      runnable_close_call (m, pi, call, ev->time, 0);
      break;
      case RUN_OTHER: {
        ChronoLane *lane = call ? call->lane
                           : pi ? child_lane (m, pi->entity->lane, runnable->name)
                                : child_lane (m, group_lane (m, GROUP_RUNNABLES), runnable->name);
        add_mark (m, lane, ev);
        break;
      }
    }
}

/* Hand deferred runnable lines to their process's new instance (process
 * set), or — when the trace moved past their time — play them as runnables
 * without a process after all (process NULL). */
static void
replay_pending (ChronoBtfMachine *m, Entity *process)
{
  if (m->pending->len == 0)
    return;
  g_autoptr (GPtrArray) replay = g_steal_pointer (&m->pending);
  m->pending = g_ptr_array_new_with_free_func (free_pending);
  m->replaying = TRUE;
  for (guint i = 0; i < replay->len; i++)
    {
      ChronoBtfEvent *ev = g_ptr_array_index (replay, i);
      if (process == NULL || strcmp (ev->source, process->name) == 0)
        runnable_event (m, ev);
      else
        g_ptr_array_add (m->pending, g_ptr_array_steal_index (replay, i--));
    }
  m->replaying = FALSE;
}

/* ---- semaphores --------------------------------------------------------- */

static ChronoState
semaphore_state_for (const char *event)
{
  static const struct {
    const char *event;
    ChronoState state;
  } table[] = {
    { "ready", CHRONO_STATE_SEM_FREE },        { "free", CHRONO_STATE_SEM_FREE },
    { "unlock", CHRONO_STATE_SEM_FREE },       { "used", CHRONO_STATE_SEM_USED },
    { "unlock_full", CHRONO_STATE_SEM_USED },  { "lock", CHRONO_STATE_SEM_FULL },
    { "lock_used", CHRONO_STATE_SEM_FULL },    { "full", CHRONO_STATE_SEM_FULL },
    { "overfull", CHRONO_STATE_SEM_OVERFULL },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (table); i++)
    if (names_equal (event, table[i].event))
      return table[i].state;
  return CHRONO_STATE_NONE;
}

static void
free_access (gpointer data)
{
  g_free (data);
}

static Access *
ensure_access (Entity *sem, const char *process)
{
  if (sem->accesses == NULL)
    sem->accesses = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, free_access);
  Access *access = g_hash_table_lookup (sem->accesses, process);
  if (access != NULL)
    return access;
  access = g_new0 (Access, 1);
  g_autoptr (ChronoLane) lane = chrono_lane_new (process, CHRONO_LANE_ACCESS, "SEM");
  chrono_lane_append_child (sem->lane, lane);
  access->lane = lane;
  g_hash_table_insert (sem->accesses, g_strdup (process), access);
  return access;
}

static void
access_set_state (ChronoBtfMachine *m, Access *access, gint64 time, ChronoState state)
{
  if (access->state == state)
    return;
  add_span (m, access->lane, access->since, time, access->state, 0, 0, 0, CHRONO_NO_INSTANCE);
  access->state = state;
  access->since = time;
}

static void
semaphore_event (ChronoBtfMachine *m, Entity *sem, const ChronoBtfEvent *ev)
{
  if (strcmp (ev->source, sem->name) == 0)
    {
      ChronoState state = semaphore_state_for (ev->event);
      if (state == CHRONO_STATE_NONE)
        {
          add_mark (m, sem->lane, ev);
          return;
        }
      if (state != sem->sem_state)
        {
          add_span (m, sem->lane, sem->sem_since, ev->time, sem->sem_state, 0, 0, 0, CHRONO_NO_INSTANCE);
          sem->sem_state = state;
          sem->sem_since = ev->time;
        }
      return;
    }

  Access *access = ensure_access (sem, ev->source);
  if (names_equal (ev->event, "requestsemaphore") || names_equal (ev->event, "waiting"))
    access_set_state (m, access, ev->time, CHRONO_STATE_SEM_REQUESTED);
  else if (names_equal (ev->event, "assigned"))
    access_set_state (m, access, ev->time, CHRONO_STATE_SEM_HOLDING);
  else if (names_equal (ev->event, "released"))
    access_set_state (m, access, ev->time, CHRONO_STATE_NONE);
  else
    add_mark (m, access->lane, ev);
}

/* ---- signals and instant events ----------------------------------------- */

static gboolean
parse_value (const char *text, double *out)
{
  if (text == NULL || *text == '\0')
    return FALSE;
  char *end = NULL;
  *out = g_ascii_strtod (text, &end);
  if (end != text && *end == '\0')
    return TRUE;
  /* hexadecimal values are common in embedded traces */
  if (g_str_has_prefix (text, "0x") || g_str_has_prefix (text, "0X"))
    {
      guint64 value = g_ascii_strtoull (text + 2, &end, 16);
      if (end != text + 2 && *end == '\0')
        {
          *out = (double) value;
          return TRUE;
        }
    }
  return FALSE;
}

/* A signal holds its value until the next write (an index pass keeps only
 * each bucket's range of values). */
static void
signal_step (ChronoBtfMachine *m, Entity *sig, gint64 time, double value)
{
  if (m->summary_buckets > 0)
    {
      if (sig->have_value)
        chrono_summary_add_value (lane_summary (m, sig->lane), sig->value_since, time, sig->value);
    }
  else
    {
      const ChronoClock *clock = chrono_trace_get_clock (m->trace);
      chrono_signal_append_step (chrono_lane_ensure_signal (sig->lane, clock->ticks_per_second), time, value);
    }
  sig->have_value = TRUE;
  sig->value = value;
  sig->value_since = time;
}

static void
signal_event (ChronoBtfMachine *m, Entity *sig, const ChronoBtfEvent *ev)
{
  double value;
  if (names_equal (ev->event, "write") && parse_value (ev->note, &value))
    {
      signal_step (m, sig, ev->time, value);
      return;
    }
  add_mark (m, sig->lane, ev);
}

static void
simulation_event (ChronoBtfMachine *m, Entity *sim, const ChronoBtfEvent *ev)
{
  /* 2.1.5 tags describe the platform: "CORE_INIT" names a core as the source;
   * "SIG_INIT_VALUE,<v>" gives a signal's value before any write. */
  if (ev->note && g_ascii_strcasecmp (ev->note, "CORE_INIT") == 0)
    {
      ensure_entity (m, BTF_C, ev->source, "C");
      return;
    }
  if (ev->note && g_ascii_strncasecmp (ev->note, "SIG_INIT_VALUE,", 15) == 0)
    {
      double value;
      if (parse_value (ev->note + 15, &value))
        {
          signal_step (m, ensure_entity (m, BTF_SIG, ev->source, "SIG"), ev->time, value);
          return;
        }
    }
  add_mark (m, sim->lane, ev);
}

/* ---- feeding ------------------------------------------------------------ */

void
chrono_btf_machine_feed (ChronoBtfMachine *m, const ChronoBtfEvent *ev)
{
  if (!m->have_time)
    {
      m->have_time = TRUE;
      m->first_time = ev->time;
    }
  if (ev->time > m->last_time && m->pending->len > 0)
    replay_pending (m, NULL);
  m->last_time = ev->time;
  m->line = ev->line;

  gpointer cached;
  BtfType type;
  if (ev->type[1] == '\0' && (ev->type[0] == 'T' || ev->type[0] == 'R'))
    type = ev->type[0] == 'T' ? BTF_T : BTF_R; /* most lines, without a lookup */
  else if (g_hash_table_lookup_extended (m->type_cache, ev->type, NULL, &cached))
    type = GPOINTER_TO_INT (cached);
  else
    {
      type = parse_type (ev->type);
      if (g_hash_table_size (m->type_cache) < 256)
        g_hash_table_insert (m->type_cache, g_strdup (ev->type), GINT_TO_POINTER (type));
    }
  if (type == BTF_R)
    {
      runnable_event (m, ev);
      return;
    }
  g_autofree char *task_name = NULL;
  g_autofree char *core_name = NULL;
  ChronoBtfEvent dialect;
  guint64 core_index;
  if ((type == BTF_T || type == BTF_I) && split_core_prefix (ev->target, &core_index, &task_name))
    {
      dialect = *ev;
      dialect.target = task_name;
      if (lookup_entity (m, BTF_C, ev->source) == NULL)
        dialect.core_hint = core_name = g_strdup_printf ("Core_%" G_GUINT64_FORMAT, core_index);
      ev = &dialect;
    }
  Entity *e = ensure_entity (m, type, ev->target, ev->type);
  switch (type)
    {
    case BTF_T:
    case BTF_I: process_event (m, e, ev); break;
    case BTF_SEM: semaphore_event (m, e, ev); break;
    case BTF_SIG: signal_event (m, e, ev); break;
    case BTF_SIM:
    case BTF_SYS: simulation_event (m, e, ev); break;
    default: add_mark (m, e->lane, ev); break;
    }
}

/* ---- the end of the trace ----------------------------------------------- */

static void
close_entity (ChronoBtfMachine *m, Entity *e, gint64 end)
{
  if (e->live != NULL)
    while (e->live->len > 0)
      process_end (m, g_ptr_array_index (e->live, e->live->len - 1), end, FALSE);
  if (e->orphan_calls != NULL)
    while (e->orphan_calls->len > 0)
      runnable_close_call (m, NULL, g_ptr_array_index (e->orphan_calls, e->orphan_calls->len - 1), end,
                           CHRONO_SPAN_OPEN_END);
  if (e->type == BTF_SEM)
    add_span (m, e->lane, e->sem_since, end, e->sem_state, m->open_end, 0, 0, CHRONO_NO_INSTANCE);
  if (e->accesses != NULL)
    {
      GHashTableIter iter;
      gpointer value;
      g_hash_table_iter_init (&iter, e->accesses);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          Access *access = value;
          add_span (m, access->lane, access->since, end, access->state, m->open_end, 0, 0, CHRONO_NO_INSTANCE);
        }
    }
  if (e->have_value && m->summary_buckets > 0)
    chrono_summary_add_value (lane_summary (m, e->lane), e->value_since, end, e->value);
  else if (e->lane && chrono_lane_get_signal (e->lane))
    chrono_signal_close_steps (chrono_lane_get_signal (e->lane), end);
}

static int
compare_entities_by_key (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Close whatever is still open at the trace's last timestamp and hand the
 * lane groups to the trace in a fixed order. */
void
chrono_btf_machine_finish (ChronoBtfMachine *m)
{
  replay_pending (m, NULL);
  chrono_btf_machine_finish_at (m, m->have_time ? m->last_time : 0, TRUE);
}

/* at_trace_end FALSE: a decoded chunk ends here, not the trace; what is open
 * is cut without the "open at the end" flag, and runnable lines still waiting
 * for their process belong to the next chunk. */
void
chrono_btf_machine_finish_at (ChronoBtfMachine *m, gint64 end, gboolean at_trace_end)
{
  m->open_end = at_trace_end ? CHRONO_SPAN_OPEN_END : 0;
  /* processes before cores, so a process leaving its core closes the core span */
  g_autofree gpointer *keys = g_hash_table_get_keys_as_array (m->entities, NULL);
  guint n = g_hash_table_size (m->entities);
  qsort (keys, n, sizeof *keys, compare_entities_by_key); /* deterministic order */
  for (guint i = 0; i < n; i++)
    close_entity (m, g_hash_table_lookup (m->entities, keys[i]), end);

  for (int g = 0; g < N_GROUPS; g++)
    if (m->groups[g] != NULL)
      {
        if (g != GROUP_RUNNABLES)
          chrono_lane_sort_children (m->groups[g]);
        chrono_trace_add_lane (m->trace, m->groups[g]);
      }
}

/* ---- checkpoints -------------------------------------------------------- *
 * What a chunk's decoding needs from the lines before it: every entity (so a
 * source is still known as a core), each live process instance with its
 * state, core and call stack, runnables called without a process, semaphore
 * and access states, the value each signal holds and runnable lines still
 * waiting for their process.  Spans are not saved: a restored state keeps
 * its original start, so the decoded chunk draws it whole. */

typedef struct {
  char *runnable;
  gint64 number;
  ChronoInstance record;
  ChronoState state;
  gint64 since;
  guint8 span_flags;
  gboolean inferred;
} SavedCall;

typedef struct {
  gint64 number;
  ChronoInstance record;
  ChronoState state;
  gint64 since;
  guint8 span_flags;
  guint16 slot;
  char *core; /* NULL when off any core */
  ChronoState core_state;
  gint64 core_since;
  guint8 core_flags;
  GArray *calls; /* SavedCall, bottom of the stack first */
} SavedInstance;

typedef struct {
  char *process;
  ChronoState state;
  gint64 since;
} SavedAccess;

typedef struct {
  BtfType type;
  char *name;
  char *type_code;
  GArray *live; /* SavedInstance */
  gint64 terminated[RECENT_TERMINATED];
  guint n_terminated;
  ChronoState sem_state;
  gint64 sem_since;
  GArray *accesses; /* SavedAccess */
  GArray *orphan_calls; /* SavedCall */
  gboolean have_value;
  double value;
  gint64 value_since;
} SavedEntity;

struct _ChronoBtfCheckpoint {
  gboolean have_time;
  gint64 first_time, last_time;
  GArray *entities; /* SavedEntity */
  GPtrArray *pending; /* ChronoBtfEvent* */
};

static void
clear_saved_calls (GArray *calls)
{
  for (guint i = 0; calls && i < calls->len; i++)
    g_free (g_array_index (calls, SavedCall, i).runnable);
  if (calls)
    g_array_unref (calls);
}

void
chrono_btf_checkpoint_free (ChronoBtfCheckpoint *cp)
{
  if (cp == NULL)
    return;
  for (guint i = 0; i < cp->entities->len; i++)
    {
      SavedEntity *se = &g_array_index (cp->entities, SavedEntity, i);
      g_free (se->name);
      g_free (se->type_code);
      for (guint j = 0; se->live && j < se->live->len; j++)
        {
          SavedInstance *si = &g_array_index (se->live, SavedInstance, j);
          g_free (si->core);
          clear_saved_calls (si->calls);
        }
      if (se->live)
        g_array_unref (se->live);
      for (guint j = 0; se->accesses && j < se->accesses->len; j++)
        g_free (g_array_index (se->accesses, SavedAccess, j).process);
      if (se->accesses)
        g_array_unref (se->accesses);
      clear_saved_calls (se->orphan_calls);
    }
  g_array_unref (cp->entities);
  g_ptr_array_unref (cp->pending);
  g_free (cp);
}

static GArray *
save_calls (GPtrArray *stack)
{
  if (stack == NULL || stack->len == 0)
    return NULL;
  GArray *calls = g_array_sized_new (FALSE, FALSE, sizeof (SavedCall), stack->len);
  for (guint i = 0; i < stack->len; i++)
    {
      RunnableCall *call = g_ptr_array_index (stack, i);
      SavedCall sc = { g_strdup (call->runnable->name),
                       call->number,
                       *call_record (call),
                       call->state,
                       call->since,
                       call->span_flags,
                       call->inferred };
      g_array_append_val (calls, sc);
    }
  return calls;
}

static void
save_live (SavedEntity *se, Entity *e)
{
  if (e->live == NULL || e->live->len == 0)
    return;
  se->live = g_array_sized_new (FALSE, TRUE, sizeof (SavedInstance), e->live->len);
  for (guint i = 0; i < e->live->len; i++)
    {
      ProcessInstance *pi = g_ptr_array_index (e->live, i);
      SavedInstance si = {
        pi->number,
        *chrono_instances_get (chrono_lane_get_instances (e->lane), pi->index),
        pi->state,
        pi->since,
        pi->span_flags,
        pi->slot,
        NULL,
        CHRONO_STATE_NONE,
        0,
        0,
        save_calls (pi->calls),
      };
      if (pi->core != NULL)
        {
          si.core = g_strdup (pi->core->name);
          si.core_state = pi->core->core_state;
          si.core_since = pi->core->core_since;
          si.core_flags = pi->core->core_flags;
        }
      g_array_append_val (se->live, si);
    }
}

static void
save_accesses (SavedEntity *se, Entity *e)
{
  if (e->accesses == NULL)
    return;
  se->accesses = g_array_new (FALSE, FALSE, sizeof (SavedAccess));
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, e->accesses);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Access *access = value;
      SavedAccess sa = { g_strdup (key), access->state, access->since };
      g_array_append_val (se->accesses, sa);
    }
}

ChronoBtfCheckpoint *
chrono_btf_machine_save (ChronoBtfMachine *m)
{
  ChronoBtfCheckpoint *cp = g_new0 (ChronoBtfCheckpoint, 1);
  cp->have_time = m->have_time;
  cp->first_time = m->first_time;
  cp->last_time = m->last_time;
  cp->entities = g_array_new (FALSE, TRUE, sizeof (SavedEntity));
  cp->pending = g_ptr_array_new_with_free_func (free_pending);
  g_autofree gpointer *keys = g_hash_table_get_keys_as_array (m->entities, NULL);
  guint n = g_hash_table_size (m->entities);
  qsort (keys, n, sizeof *keys, compare_entities_by_key); /* cores before processes: "C" < "I" < "T" */
  for (guint i = 0; i < n; i++)
    {
      Entity *e = g_hash_table_lookup (m->entities, keys[i]);
      SavedEntity se = { .type = e->type, .name = g_strdup (e->name) };
      se.type_code = g_strdup (e->lane ? chrono_lane_get_entity_type (e->lane) : "R");
      save_live (&se, e);
      memcpy (se.terminated, e->terminated, sizeof se.terminated);
      se.n_terminated = e->n_terminated;
      se.sem_state = e->sem_state;
      se.sem_since = e->sem_since;
      save_accesses (&se, e);
      se.orphan_calls = save_calls (e->orphan_calls);
      se.have_value = e->have_value;
      se.value = e->value;
      se.value_since = e->value_since;
      g_array_append_val (cp->entities, se);
    }
  for (guint i = 0; i < m->pending->len; i++)
    {
      const ChronoBtfEvent *ev = g_ptr_array_index (m->pending, i);
      ChronoBtfEvent *copy = g_new (ChronoBtfEvent, 1);
      *copy = *ev;
      copy->source = g_strdup (ev->source);
      copy->type = g_strdup (ev->type);
      copy->target = g_strdup (ev->target);
      copy->event = g_strdup (ev->event);
      copy->note = g_strdup (ev->note);
      g_ptr_array_add (cp->pending, copy);
    }
  return cp;
}

/* Calls come back in stack order, so each goes under the lane of the one below it. */
static void
restore_calls (ChronoBtfMachine *m, ProcessInstance *pi, Entity *runnable_owner, const GArray *calls)
{
  for (guint i = 0; calls && i < calls->len; i++)
    {
      const SavedCall *sc = &g_array_index (calls, SavedCall, i);
      Entity *runnable = ensure_entity (m, BTF_R, sc->runnable, "R");
      GPtrArray *stack = call_stack (pi, runnable_owner ? runnable_owner : runnable);
      ChronoLane *parent = pi ? pi->entity->lane : group_lane (m, GROUP_RUNNABLES);
      guint32 caller = pi ? pi->index : G_MAXUINT32;
      if (stack->len > 0)
        {
          RunnableCall *top = g_ptr_array_index (stack, stack->len - 1);
          parent = top->lane;
          caller = top->index;
        }
      RunnableCall *call = g_new0 (RunnableCall, 1);
      call->runnable = runnable;
      call->lane = child_lane (m, parent, runnable->name);
      call->number = sc->number;
      call->state = sc->state;
      call->since = sc->since;
      call->span_flags = sc->span_flags;
      call->inferred = sc->inferred;
      ChronoInstance record = sc->record;
      record.parent = caller;
      call->index = chrono_instances_add (chrono_lane_get_instances (call->lane), &record);
      g_ptr_array_add (stack, call);
    }
}

static void
restore_live (ChronoBtfMachine *m, Entity *e, const GArray *live)
{
  for (guint i = 0; live && i < live->len; i++)
    {
      const SavedInstance *si = &g_array_index (live, SavedInstance, i);
      ProcessInstance *pi = g_new0 (ProcessInstance, 1);
      pi->entity = e;
      pi->number = si->number;
      pi->slot = si->slot;
      pi->state = si->state;
      pi->since = si->since;
      pi->span_flags = si->span_flags;
      pi->calls = g_ptr_array_new_with_free_func (free_call);
      pi->index = chrono_instances_add (chrono_lane_get_instances (e->lane), &si->record);
      g_ptr_array_add (e->live, pi);
      if (si->core != NULL)
        {
          Entity *core = ensure_entity (m, BTF_C, si->core, "C");
          core->occupant = pi;
          core->core_state = si->core_state;
          core->core_since = si->core_since;
          core->core_flags = si->core_flags;
          pi->core = core;
        }
      restore_calls (m, pi, NULL, si->calls);
    }
}

void
chrono_btf_machine_restore (ChronoBtfMachine *m, const ChronoBtfCheckpoint *cp)
{
  m->have_time = cp->have_time;
  m->first_time = cp->first_time;
  m->last_time = cp->last_time;
  for (guint i = 0; i < cp->entities->len; i++)
    {
      const SavedEntity *se = &g_array_index (cp->entities, SavedEntity, i);
      Entity *e = ensure_entity (m, se->type, se->name, se->type_code);
      restore_live (m, e, se->live);
      memcpy (e->terminated, se->terminated, sizeof e->terminated);
      e->n_terminated = se->n_terminated;
      e->sem_state = se->sem_state;
      e->sem_since = se->sem_since;
      for (guint j = 0; se->accesses && j < se->accesses->len; j++)
        {
          const SavedAccess *sa = &g_array_index (se->accesses, SavedAccess, j);
          Access *access = ensure_access (e, sa->process);
          access->state = sa->state;
          access->since = sa->since;
        }
      restore_calls (m, NULL, e, se->orphan_calls);
      if (se->have_value)
        signal_step (m, e, se->value_since, se->value);
    }
  for (guint i = 0; i < cp->pending->len; i++)
    {
      const ChronoBtfEvent *ev = g_ptr_array_index (cp->pending, i);
      defer_runnable_event (m, ev);
    }
}
