/* chrono-btf-cores.c — cores and who occupies them, and the FreeRTOS "context switch" dialect. */
#include "chrono-btf-machine-private.h"

/* ---- cores -------------------------------------------------------------- */

void
chrono_btf_core_close (ChronoBtfMachine *m, Entity *core, gint64 time, guint8 flags)
{
  ProcessInstance *pi = core->occupant;
  if (pi == NULL)
    return;
  ChronoState state = pi->entity->idle_task ? CHRONO_STATE_IDLE : core->core_state;
  chrono_schedule_add_occupant (&m->builder, core->lane, core->core_since, time, state, core->core_flags | flags,
                                chrono_strings_intern (m->strings, pi->entity->name));
  core->occupant = NULL;
  pi->core = NULL;
}

void
chrono_btf_core_take_off (ChronoBtfMachine *m, ProcessInstance *pi, gint64 time)
{
  if (pi->core != NULL)
    chrono_btf_core_close (m, pi->core, time, 0);
}

void
chrono_btf_core_put_on (ChronoBtfMachine *m, ProcessInstance *pi, Entity *core, gint64 time, ChronoState state,
                        guint8 flags)
{
  if (pi->core == core)
    return;
  chrono_btf_core_take_off (m, pi, time);
  if (core->occupant != NULL)
    {
      chrono_warnings_add (m->warnings, m->line, "core occupied twice",
                           _ ("%s is put on %s while %s still occupies it"), pi->entity->name, core->name,
                           core->occupant->entity->name);
      chrono_btf_core_close (m, core, time, 0);
    }
  core->occupant = pi;
  core->core_state = state;
  core->core_since = time;
  core->core_flags = flags;
  pi->core = core;
}

/* Polling keeps the core busy; only the colour of its span changes. */
void
chrono_btf_core_set_state (ChronoBtfMachine *m, ProcessInstance *pi, gint64 time, ChronoState state)
{
  Entity *core = pi->core;
  if (core == NULL || core->core_state == state)
    return;
  chrono_schedule_add_occupant (&m->builder, core->lane, core->core_since, time, core->core_state, core->core_flags,
                                chrono_strings_intern (m->strings, pi->entity->name));
  core->core_state = state;
  core->core_since = time;
  core->core_flags = 0;
}

/* The core an event names as its source: a C entity, or an unknown name that
 * acts as one.  A process or runnable name is never taken for a core. */
Entity *
chrono_btf_source_core (ChronoBtfMachine *m, const ChronoBtfEvent *ev)
{
  const char *source = ev->source;
  guint32 id = ev->source_id;
  Entity *core = chrono_btf_lookup_named (m, BTF_C, source, id);
  if (core != NULL)
    return core;
  if (chrono_btf_lookup_named (m, BTF_T, source, id) || chrono_btf_lookup_named (m, BTF_I, source, id)
      || chrono_btf_lookup_named (m, BTF_R, source, id) || chrono_btf_lookup_named (m, BTF_STI, source, id)
      || *source == '\0')
    return NULL;
  return chrono_btf_ensure_named (m, BTF_C, source, id, "C");
}

/* ---- the FreeRTOS "context switch" dialect ------------------------------- *
 * (../shared/research/btf.md, quirk 15): tasks are named "[core/id]Name",
 * so one task has a name per core; `resume` has the previous task as its
 * source; a task's creation is a `preempt` with the note "create pri:N" or
 * "task_create".  These rules apply wherever the pattern appears, so no
 * profile has to be switched on and standard traces are not affected. */

gboolean
chrono_btf_is_creation_note (const char *note)
{
  return note != NULL && (g_str_has_prefix (note, "create") || strcmp (note, "task_create") == 0);
}

/* "[2/0004]IDLE2" -> core 2, "IDLE2 [0004]": one lane per task, whatever core it is on. */
gboolean
chrono_btf_split_core_prefix (const char *target, guint64 *out_core, char **out_name)
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
