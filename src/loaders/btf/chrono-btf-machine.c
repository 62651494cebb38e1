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
#include "chrono-btf-machine-private.h"

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
    chrono_btf_replay_pending (m, NULL);
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
      type = chrono_btf_parse_type (ev->type);
      if (g_hash_table_size (m->type_cache) < 256)
        g_hash_table_insert (m->type_cache, g_strdup (ev->type), GINT_TO_POINTER (type));
    }
  if (type == BTF_R)
    {
      chrono_btf_runnable_event (m, ev);
      return;
    }
  g_autofree char *task_name = NULL;
  g_autofree char *core_name = NULL;
  ChronoBtfEvent dialect;
  guint64 core_index;
  if ((type == BTF_T || type == BTF_I) && chrono_btf_split_core_prefix (ev->target, &core_index, &task_name))
    {
      dialect = *ev;
      dialect.target = task_name;
      dialect.target_id = 0; /* another name than the line's */
      if (chrono_btf_lookup_named (m, BTF_C, ev->source, ev->source_id) == NULL)
        dialect.core_hint = core_name = g_strdup_printf ("Core_%" G_GUINT64_FORMAT, core_index);
      ev = &dialect;
    }
  Entity *e = chrono_btf_ensure_named (m, type, ev->target, ev->target_id, ev->type);
  /* FreeRTOS names its idle tasks IDLE, IDLE1, …: a core running one is idle */
  if (task_name != NULL && g_str_has_prefix (task_name, "IDLE"))
    e->idle_task = TRUE;
  switch (type)
    {
    case BTF_T:
    case BTF_I: chrono_btf_process_event (m, e, ev); break;
    case BTF_SEM: chrono_btf_semaphore_event (m, e, ev); break;
    case BTF_SIG: chrono_btf_signal_event (m, e, ev); break;
    case BTF_SIM:
    case BTF_SYS: chrono_btf_simulation_event (m, e, ev); break;
    case BTF_STI:
      chrono_btf_add_mark (m, e->lane, ev);
      chrono_btf_delete_task (m, ev);
      break;
    default: chrono_btf_add_mark (m, e->lane, ev); break;
    }
}

/* ---- the end of the trace ----------------------------------------------- */

static void
close_entity (ChronoBtfMachine *m, Entity *e, gint64 end)
{
  if (e->live != NULL)
    while (e->live->len > 0)
      chrono_btf_process_end (m, g_ptr_array_index (e->live, e->live->len - 1), end, FALSE);
  if (e->orphan_calls != NULL)
    while (e->orphan_calls->len > 0)
      chrono_btf_runnable_close_call (m, NULL, g_ptr_array_index (e->orphan_calls, e->orphan_calls->len - 1), end,
                                      CHRONO_SPAN_OPEN_END);
  if (e->type == BTF_SEM)
    chrono_btf_add_span (m, e->lane, e->sem_since, end, e->sem_state, m->open_end);
  if (e->accesses != NULL)
    {
      GHashTableIter iter;
      gpointer value;
      g_hash_table_iter_init (&iter, e->accesses);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          Access *access = value;
          chrono_btf_add_span (m, access->lane, access->since, end, access->state, m->open_end);
        }
    }
  if (e->have_value && m->summary_buckets > 0)
    chrono_summary_add_value (chrono_btf_lane_summary (m, e->lane), e->value_since, end, e->value);
  else if (e->lane && chrono_lane_get_signal (e->lane))
    chrono_signal_close_steps (chrono_lane_get_signal (e->lane), end);
}

int
chrono_btf_compare_entities_by_key (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Close whatever is still open at the trace's last timestamp and hand the
 * lane groups to the trace in a fixed order. */
void
chrono_btf_machine_finish (ChronoBtfMachine *m)
{
  chrono_btf_replay_pending (m, NULL);
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
  qsort (keys, n, sizeof *keys, chrono_btf_compare_entities_by_key); /* deterministic order */
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
