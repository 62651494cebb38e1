/* chrono-btf-entities.c — entities and their lanes: lookup, creation, spans and marks. */
#include "chrono-btf-machine-private.h"

#define SUMMARY_BUDGET (64u << 20) /* bytes all lanes' bucket columns may take, about */
#define SUMMARY_BUCKET_BYTES 24 /* count, longest, its label and three states' times */
#define MIN_SUMMARY_BUCKETS 512 /* still a column per pixel or two of an overview */

const char *const chrono_btf_type_codes[BTF_N_TYPES] = {
  "STI", "T", "I", "R", "IB", "ECU", "P", "C", "SCHED", "SIG", "SEM", "EVENT", "SIM", "SYS", "?",
};

static const char *const group_names[N_GROUPS] = {
  N_ ("Cores"),      N_ ("Tasks"),      N_ ("ISRs"),      N_ ("Runnables without process"),
  N_ ("Semaphores"), N_ ("Signals"),    N_ ("OS events"), N_ ("Stimuli"),
  N_ ("Schedulers"), N_ ("Simulation"), N_ ("Other"),
};

/* ---- entities and lanes ------------------------------------------------- */

BtfType
chrono_btf_parse_type (const char *code)
{
  if (g_ascii_strcasecmp (code, "ISR") == 0)
    return BTF_I;
  if (g_ascii_strcasecmp (code, "SYSTEM") == 0)
    return BTF_SYS;
  for (int t = 0; t < BTF_OTHER; t++)
    if (g_ascii_strcasecmp (code, chrono_btf_type_codes[t]) == 0)
      return t;
  return BTF_OTHER;
}

void
chrono_btf_free_call (gpointer data)
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
  g_clear_pointer (&e->open_accesses, g_hash_table_unref);
  g_clear_pointer (&e->holding, g_array_unref);
  g_clear_pointer (&e->orphan_calls, g_ptr_array_unref);
  g_free (e);
}

/* A line kept past its block (a waiting runnable line, a checkpoint): it
 * owns its texts.  chrono_btf_free_pending frees it. */
ChronoBtfEvent *
chrono_btf_copy_event (const ChronoBtfEvent *ev)
{
  ChronoBtfEvent *copy = g_new (ChronoBtfEvent, 1);
  *copy = *ev;
  copy->source = g_strdup (ev->source);
  copy->type = g_strdup (ev->type);
  copy->target = g_strdup (ev->target);
  copy->event = g_strdup (ev->event);
  copy->note = g_strdup (ev->note);
  return copy;
}

void
chrono_btf_free_pending (gpointer data)
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
  m->by_name_id = g_ptr_array_new ();
  m->pending = g_ptr_array_new_with_free_func (chrono_btf_free_pending);
  m->entity_order = g_ptr_array_new ();
  m->open_end = CHRONO_SPAN_OPEN_END;
  chrono_schedule_builder_init (&m->builder);
  m->type_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  m->event_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return m;
}

static ChronoSummary *
lane_summary_for (ChronoLane *lane, gpointer data)
{
  return chrono_btf_lane_summary (data, lane);
}

void
chrono_btf_machine_set_summary_buckets (ChronoBtfMachine *m, guint n_buckets)
{
  m->summary_buckets = n_buckets;
  if (n_buckets > 0)
    chrono_schedule_builder_summarize (&m->builder, lane_summary_for, m);
  else
    chrono_schedule_builder_init (&m->builder);
}

void
chrono_btf_machine_free (ChronoBtfMachine *m)
{
  if (m == NULL)
    return;
  for (int t = 0; t < BTF_N_TYPES; t++)
    g_hash_table_unref (m->by_type[t]);
  g_ptr_array_unref (m->by_name_id);
  g_hash_table_unref (m->entities);
  g_ptr_array_unref (m->entity_order);
  chrono_btf_names_unref (m->saved_names);
  g_ptr_array_unref (m->pending);
  g_hash_table_unref (m->type_cache);
  g_hash_table_unref (m->event_cache);
  for (int g = 0; g < N_GROUPS; g++)
    g_clear_object (&m->groups[g]);
  g_free (m);
}

ChronoLane *
chrono_btf_group_lane (ChronoBtfMachine *m, Group group)
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

Entity *
chrono_btf_lookup_entity (ChronoBtfMachine *m, BtfType type, const char *name)
{
  return g_hash_table_lookup (m->by_type[type], name);
}

/* The entity, with its lane in its group (runnable lanes are placed by their caller). */
Entity *
chrono_btf_ensure_entity (ChronoBtfMachine *m, BtfType type, const char *name, const char *type_code)
{
  Entity *e = chrono_btf_lookup_entity (m, type, name);
  if (e != NULL)
    return e;
  e = g_new0 (Entity, 1);
  e->name = g_strdup (name);
  e->type = type;
  if (type != BTF_R)
    {
      /* BTF 2.1.3 names the type ISR, later versions write I: one name for both */
      const char *code = type == BTF_OTHER ? type_code : type == BTF_I ? "ISR" : chrono_btf_type_codes[type];
      e->lane = chrono_lane_new (name, lane_kind_for_type (type), code);
      chrono_lane_append_child (chrono_btf_group_lane (m, group_for_type (type)), e->lane);
    }
  if (type == BTF_T || type == BTF_I)
    {
      e->live = g_ptr_array_new_with_free_func (free_process_instance);
      chrono_schedule_prepare_process_lane (e->lane);
    }
  g_hash_table_insert (m->entities, g_strdup_printf ("%s\x1f%s", chrono_btf_type_codes[type], name), e);
  e->order = m->entity_order->len;
  g_ptr_array_add (m->entity_order, e);
  g_hash_table_insert (m->by_type[type], e->name, e);
  return e;
}

/* Entities are never removed, so what an id found stays true for the read;
 * e is not under id yet (else its lookup had found it). */
static void
remember_name_id (ChronoBtfMachine *m, guint32 id, Entity *e)
{
  GPtrArray *by_id = m->by_name_id;
  g_return_if_fail (id <= CHRONO_BTF_MAX_NAME_IDS);
  if (id >= by_id->len)
    g_ptr_array_set_size (by_id,
                          (gint) MIN (MAX ((gsize) id + 1, 2 * (gsize) by_id->len), CHRONO_BTF_MAX_NAME_IDS + 1));
  e->same_name = g_ptr_array_index (by_id, id);
  g_ptr_array_index (by_id, id) = e;
}

Entity *
chrono_btf_lookup_named (ChronoBtfMachine *m, BtfType type, const char *name, guint32 id)
{
  if (id == 0)
    return chrono_btf_lookup_entity (m, type, name);
  GPtrArray *by_id = m->by_name_id;
  for (Entity *e = id < by_id->len ? g_ptr_array_index (by_id, id) : NULL; e != NULL; e = e->same_name)
    if (e->type == type)
      return e;
  Entity *e = chrono_btf_lookup_entity (m, type, name);
  if (e != NULL)
    remember_name_id (m, id, e);
  return e;
}

Entity *
chrono_btf_ensure_named (ChronoBtfMachine *m, BtfType type, const char *name, guint32 id, const char *type_code)
{
  Entity *e = chrono_btf_lookup_named (m, type, name, id);
  if (e != NULL)
    return e;
  e = chrono_btf_ensure_entity (m, type, name, type_code);
  if (id != 0)
    remember_name_id (m, id, e);
  return e;
}

void
chrono_btf_machine_declare (ChronoBtfMachine *m, const char *type_code, const char *name)
{
  BtfType type = chrono_btf_parse_type (type_code);
  if (type == BTF_R)
    return; /* a runnable's lane belongs under the process that calls it */
  chrono_btf_ensure_entity (m, type, name, type_code);
}

/* An index pass keeps no spans: each lane gets a summary, begun at the
 * trace's first time, on its first item. */
ChronoSummary *
chrono_btf_lane_summary (ChronoBtfMachine *m, ChronoLane *lane)
{
  return chrono_lane_ensure_summary (lane, m->first_time, chrono_btf_planned_buckets (m),
                                     chrono_trace_get_clock (m->trace)->ticks_per_second);
}

/* Buckets a lane's summary takes once it holds too many items to keep them
 * as they are: the full number while the trace has few entities, fewer when
 * thousands of them would each take it (3,000 lanes × 8,192 buckets were
 * 310 MB of a 260 MB file's 431 MB).  Powers of two, so a summary's
 * buckets still split the trace evenly. */
guint
chrono_btf_planned_buckets (ChronoBtfMachine *m)
{
  guint lanes = MAX (g_hash_table_size (m->entities), 1);
  guint64 fit = SUMMARY_BUDGET / ((guint64) SUMMARY_BUCKET_BYTES * lanes);
  guint planned = m->summary_buckets;
  while (planned > MIN_SUMMARY_BUCKETS && planned > fit)
    planned /= 2;
  return planned;
}

/* The lane and those under it (runnables hang under their callers). */
static void
plan_lane (ChronoLane *lane, guint planned)
{
  ChronoSummary *summary = chrono_lane_get_summary (lane);
  if (summary != NULL)
    chrono_summary_plan_buckets (summary, MIN (planned, chrono_summary_get_n_buckets (summary)));
  for (guint i = 0; i < chrono_lane_get_n_children (lane); i++)
    plan_lane (chrono_lane_get_child (lane, i), planned);
}

/* Summaries that still keep their items as they are take the number the
 * entities known now leave them. */
void
chrono_btf_machine_plan_summaries (ChronoBtfMachine *m)
{
  if (m->summary_buckets == 0)
    return;
  guint planned = chrono_btf_planned_buckets (m);
  for (guint g = 0; g < N_GROUPS; g++)
    if (m->groups[g] != NULL)
      plan_lane (m->groups[g], planned);
}

void
chrono_btf_add_span (ChronoBtfMachine *m, ChronoLane *lane, gint64 start, gint64 end, ChronoState state, guint8 flags)
{
  ChronoSpan span = { start, end, state, flags, 0, 0, CHRONO_NO_INSTANCE, 0 };
  chrono_schedule_add_span (&m->builder, lane, &span);
}

void
chrono_btf_add_mark (ChronoBtfMachine *m, ChronoLane *lane, const ChronoBtfEvent *ev)
{
  if (m->summary_buckets > 0)
    {
      chrono_summary_add_instant (chrono_btf_lane_summary (m, lane), ev->time);
      return;
    }
  ChronoMark mark = {
    ev->time,
    chrono_strings_intern (m->strings, ev->event),
    chrono_strings_intern (m->strings, ev->source),
    ev->note ? chrono_strings_intern (m->strings, ev->note) : 0,
    0,
    ev->line,
  };
  chrono_marks_append (chrono_lane_ensure_marks (lane), &mark);
}

char *
chrono_btf_describe_instance (gint64 number)
{
  return number == CHRONO_BTF_NO_INSTANCE ? g_strdup (_ ("(no instance)"))
                                          : g_strdup_printf ("%" G_GINT64_FORMAT, number);
}
