/* chrono-btf-checkpoint.c — the machine's state between two lines, saved and restored for chunks. */
#include "chrono-btf-machine-private.h"

#include <string.h>

/* ---- checkpoints -------------------------------------------------------- *
 * What a chunk's decoding needs from the lines before it: every entity (so a
 * source is still known as a core; their names are kept once, shared by all
 * checkpoints), and of the entities whose state is not a new one's: each
 * live process instance with its
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
  gboolean deleted;
  char *activated_by; /* record.activated_by as text: a chunk's trace has strings of its own */
} SavedInstance;

typedef struct {
  char *process;
  ChronoState state;
  gint64 since;
} SavedAccess;

/* The state of an entity that differs from a new one's, by its place in
 * the list of names: most entities (runnables, quiet signals) have none
 * and are not saved per chunk at all. */
typedef struct {
  guint32 index;
  GArray *live; /* SavedInstance */
  gboolean idle_task;
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

typedef struct {
  BtfType type;
  char *name;
  char *type_code;
} SavedName;

/* The names of the entities, each saved once: a checkpoint shares the list
 * of the one before and adds the entities that appeared since.  Never
 * changed once made, so decodes on other threads read it freely. */
typedef struct _ChronoBtfNames {
  gatomicrefcount ref;
  struct _ChronoBtfNames *previous;
  guint first; /* the index of added[0] */
  GArray *added; /* SavedName */
} ChronoBtfNames;

struct _ChronoBtfCheckpoint {
  gboolean have_time;
  gint64 first_time, last_time;
  ChronoBtfNames *names; /* every entity known, by index */
  guint n_names;
  GArray *entities; /* SavedEntity, in the order of their keys (cores first) */
  GPtrArray *pending; /* ChronoBtfEvent* */
};

static ChronoBtfNames *
names_ref (ChronoBtfNames *names)
{
  if (names != NULL)
    g_atomic_ref_count_inc (&names->ref);
  return names;
}

/* A loop, not a recursion: a long trace makes a long list. */
void
chrono_btf_names_unref (ChronoBtfNames *names)
{
  while (names != NULL && g_atomic_ref_count_dec (&names->ref))
    {
      ChronoBtfNames *previous = names->previous;
      for (guint i = 0; i < names->added->len; i++)
        {
          SavedName *n = &g_array_index (names->added, SavedName, i);
          g_free (n->name);
          g_free (n->type_code);
        }
      g_array_unref (names->added);
      g_free (names);
      names = previous;
    }
}

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
      for (guint j = 0; se->live && j < se->live->len; j++)
        {
          SavedInstance *si = &g_array_index (se->live, SavedInstance, j);
          g_free (si->core);
          g_free (si->activated_by);
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
  chrono_btf_names_unref (cp->names);
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
                       *chrono_btf_call_record (call),
                       call->state,
                       call->since,
                       call->span_flags,
                       call->inferred };
      g_array_append_val (calls, sc);
    }
  return calls;
}

static void
save_live (SavedEntity *se, Entity *e, ChronoStrings *strings)
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
        pi->deleted,
        NULL,
      };
      if (si.record.activated_by != CHRONO_STRING_NONE)
        si.activated_by = g_strdup (chrono_strings_get (strings, si.record.activated_by));
      si.record.activated_by = CHRONO_STRING_NONE;
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

/* The names of the entities that appeared since the last checkpoint, added
 * to the shared list. */
static void
save_new_names (ChronoBtfMachine *m)
{
  guint known = m->saved_names != NULL ? m->saved_names->first + m->saved_names->added->len : 0;
  if (m->entity_order->len == known)
    return;
  ChronoBtfNames *names = g_new0 (ChronoBtfNames, 1);
  g_atomic_ref_count_init (&names->ref);
  names->previous = m->saved_names; /* its reference passes to the new node */
  names->first = known;
  names->added = g_array_sized_new (FALSE, FALSE, sizeof (SavedName), m->entity_order->len - known);
  for (guint i = known; i < m->entity_order->len; i++)
    {
      Entity *e = g_ptr_array_index (m->entity_order, i);
      SavedName n = { e->type, g_strdup (e->name), g_strdup (e->lane ? chrono_lane_get_entity_type (e->lane) : "R") };
      g_array_append_val (names->added, n);
    }
  m->saved_names = names;
}

/* An entity a new one would equal needs no saving. */
static gboolean
has_state (Entity *e)
{
  return (e->live != NULL && e->live->len > 0) || e->idle_task || e->n_terminated > 0
         || e->sem_state != CHRONO_STATE_NONE || (e->accesses != NULL && g_hash_table_size (e->accesses) > 0)
         || (e->orphan_calls != NULL && e->orphan_calls->len > 0) || e->have_value;
}

ChronoBtfCheckpoint *
chrono_btf_machine_save (ChronoBtfMachine *m)
{
  ChronoBtfCheckpoint *cp = g_new0 (ChronoBtfCheckpoint, 1);
  cp->have_time = m->have_time;
  cp->first_time = m->first_time;
  cp->last_time = m->last_time;
  save_new_names (m);
  cp->names = names_ref (m->saved_names);
  cp->n_names = m->entity_order->len;
  cp->entities = g_array_new (FALSE, TRUE, sizeof (SavedEntity));
  cp->pending = g_ptr_array_new_with_free_func (chrono_btf_free_pending);
  g_autofree gpointer *keys = g_hash_table_get_keys_as_array (m->entities, NULL);
  guint n = g_hash_table_size (m->entities);
  qsort (keys, n, sizeof *keys, chrono_btf_compare_entities_by_key); /* cores before processes: "C" < "I" < "T" */
  for (guint i = 0; i < n; i++)
    {
      Entity *e = g_hash_table_lookup (m->entities, keys[i]);
      if (!has_state (e))
        continue;
      SavedEntity se = { .index = e->order, .idle_task = e->idle_task };
      save_live (&se, e, chrono_trace_get_strings (m->trace));
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
    g_ptr_array_add (cp->pending, chrono_btf_copy_event (g_ptr_array_index (m->pending, i)));
  return cp;
}

/* Calls come back in stack order, so each goes under the lane of the one below it. */
static void
restore_calls (ChronoBtfMachine *m, ProcessInstance *pi, Entity *runnable_owner, const GArray *calls)
{
  for (guint i = 0; calls && i < calls->len; i++)
    {
      const SavedCall *sc = &g_array_index (calls, SavedCall, i);
      Entity *runnable = chrono_btf_ensure_entity (m, BTF_R, sc->runnable, "R");
      GPtrArray *stack = chrono_btf_call_stack (pi, runnable_owner ? runnable_owner : runnable);
      ChronoLane *parent = pi ? pi->entity->lane : chrono_btf_group_lane (m, GROUP_RUNNABLES);
      guint32 caller = pi ? pi->index : CHRONO_INSTANCE_NO_CALLER;
      if (stack->len > 0)
        {
          RunnableCall *top = g_ptr_array_index (stack, stack->len - 1);
          parent = top->lane;
          caller = top->index;
        }
      RunnableCall *call = g_new0 (RunnableCall, 1);
      call->runnable = runnable;
      call->lane = chrono_schedule_runnable_lane (parent, runnable->name, "R");
      call->number = sc->number;
      call->state = sc->state;
      call->since = sc->since;
      call->span_flags = sc->span_flags;
      call->inferred = sc->inferred;
      ChronoInstance record = sc->record;
      record.parent = caller;
      call->index = chrono_schedule_resume_row (call->lane, &record);
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
      pi->deleted = si->deleted;
      pi->calls = g_ptr_array_new_with_free_func (chrono_btf_free_call);
      ChronoInstance record = si->record;
      if (si->activated_by != NULL)
        record.activated_by = chrono_strings_intern (chrono_trace_get_strings (m->trace), si->activated_by);
      pi->index = chrono_schedule_resume_row (e->lane, &record);
      g_ptr_array_add (e->live, pi);
      if (si->core != NULL)
        {
          Entity *core = chrono_btf_ensure_entity (m, BTF_C, si->core, "C");
          core->occupant = pi;
          core->core_state = si->core_state;
          core->core_since = si->core_since;
          core->core_flags = si->core_flags;
          pi->core = core;
        }
      restore_calls (m, pi, NULL, si->calls);
    }
}

typedef struct {
  const SavedName *name;
  char *key; /* as the machine's table keys it: the type's code, \x1f, the name */
  guint index;
} NamedEntity;

static int
compare_named (gconstpointer a, gconstpointer b)
{
  return strcmp (((const NamedEntity *) a)->key, ((const NamedEntity *) b)->key);
}

/* Every entity the checkpoint knows, made in the order of their keys as a
 * whole read's machine has them (cores before processes); by index. */
static Entity **
restore_entities (ChronoBtfMachine *m, const ChronoBtfCheckpoint *cp)
{
  g_autofree NamedEntity *named = g_new0 (NamedEntity, MAX (cp->n_names, 1));
  for (const ChronoBtfNames *l = cp->names; l != NULL; l = l->previous)
    for (guint i = 0; i < l->added->len && l->first + i < cp->n_names; i++)
      {
        const SavedName *n = &g_array_index (l->added, SavedName, i);
        named[l->first + i] =
            (NamedEntity){ n, g_strdup_printf ("%s\x1f%s", chrono_btf_type_codes[n->type], n->name), l->first + i };
      }
  qsort (named, cp->n_names, sizeof *named, compare_named);
  Entity **entities = g_new0 (Entity *, MAX (cp->n_names, 1));
  for (guint i = 0; i < cp->n_names; i++)
    {
      const SavedName *n = named[i].name;
      entities[named[i].index] = chrono_btf_ensure_entity (m, n->type, n->name, n->type_code);
      g_free (named[i].key);
    }
  return entities;
}

void
chrono_btf_machine_restore (ChronoBtfMachine *m, const ChronoBtfCheckpoint *cp)
{
  m->have_time = cp->have_time;
  m->first_time = cp->first_time;
  m->last_time = cp->last_time;
  m->decoding_chunk = TRUE;
  g_autofree Entity **entities = restore_entities (m, cp);
  for (guint i = 0; i < cp->entities->len; i++)
    {
      const SavedEntity *se = &g_array_index (cp->entities, SavedEntity, i);
      Entity *e = entities[se->index];
      restore_live (m, e, se->live);
      memcpy (e->terminated, se->terminated, sizeof e->terminated);
      e->n_terminated = se->n_terminated;
      e->idle_task = se->idle_task;
      e->sem_state = se->sem_state;
      e->sem_since = se->sem_since;
      for (guint j = 0; se->accesses && j < se->accesses->len; j++)
        {
          const SavedAccess *sa = &g_array_index (se->accesses, SavedAccess, j);
          Access *access = chrono_btf_ensure_access (e, sa->process);
          access->state = sa->state;
          access->since = sa->since;
        }
      restore_calls (m, NULL, e, se->orphan_calls);
      if (se->have_value)
        chrono_btf_signal_step (m, e, se->value_since, se->value);
    }
  for (guint i = 0; i < cp->pending->len; i++)
    {
      /* the ids of names are the index pass's, not this machine's read */
      ChronoBtfEvent unnamed = *(const ChronoBtfEvent *) g_ptr_array_index (cp->pending, i);
      unnamed.source_id = unnamed.target_id = 0;
      chrono_btf_defer_runnable_event (m, &unnamed);
    }
}
