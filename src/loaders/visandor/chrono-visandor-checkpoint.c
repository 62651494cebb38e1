/* chrono-visandor-checkpoint.c — the VisAndOr machine's state between two
 * lines, saved before each chunk of an index pass and restored to decode
 * that chunk exactly: its agents (rows, busy states), its open and
 * suspended work and the counters (chrono-visandor-machine.h). */
#include "chrono-visandor-machine-private.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  gint64 number;
  guint64 wam;
  gboolean working;
  gint64 working_since;
  gboolean busy[CHRONO_VISANDOR_N_BUSY_SOURCES];
  GBytes *slots;
} AgentState;

typedef struct {
  WorkKey key;
  gint64 agent; /* its number, or G_MININT64 while suspended */
  gint64 start;
  guint32 slot;
  int slaves;
} WorkState;

struct _ChronoVisandorCheckpoint {
  gboolean have_time;
  gint64 first_time;
  guint64 stop_line;
  gboolean warned_after_stop;
  GArray *agents; /* AgentState, in the order the agents appeared */
  GArray *work; /* WorkState */
  gint64 counter_value[CHRONO_VISANDOR_N_BUSY_SOURCES];
  gint64 counter_since[CHRONO_VISANDOR_N_BUSY_SOURCES];
};

static void
agent_state_clear (gpointer data)
{
  AgentState *state = data;
  g_bytes_unref (state->slots);
}

void
chrono_visandor_checkpoint_free (ChronoVisandorCheckpoint *c)
{
  g_array_unref (c->agents);
  g_array_unref (c->work);
  g_free (c);
}

static int
compare_agent_states (const void *a, const void *b)
{
  gint64 x = ((const AgentState *) a)->number, y = ((const AgentState *) b)->number;
  return x < y ? -1 : x > y;
}

ChronoVisandorCheckpoint *
chrono_visandor_machine_save (ChronoVisandorMachine *m)
{
  ChronoVisandorCheckpoint *c = g_new0 (ChronoVisandorCheckpoint, 1);
  c->have_time = m->have_time;
  c->first_time = m->first_time;
  c->stop_line = m->stop_line;
  c->warned_after_stop = m->warned_after_stop;
  c->agents = g_array_sized_new (FALSE, FALSE, sizeof (AgentState), g_hash_table_size (m->agents));
  g_array_set_clear_func (c->agents, agent_state_clear);
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, m->agents);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Agent *agent = value;
      AgentState state = { agent->number,        agent->wam, agent->working,
                           agent->working_since, { 0 },      chrono_visandor_rows_save (&agent->rows) };
      memcpy (state.busy, agent->busy, sizeof state.busy);
      g_array_append_val (c->agents, state);
    }
  g_array_sort (c->agents, compare_agent_states);
  g_autoptr (GPtrArray) open_work = chrono_visandor_work_table_items (&m->work);
  c->work = g_array_sized_new (FALSE, FALSE, sizeof (WorkState), open_work->len);
  for (guint i = 0; i < open_work->len; i++)
    {
      const Work *work = g_ptr_array_index (open_work, i);
      WorkState state = { work->key, work->agent ? work->agent->number : G_MININT64, work->start, work->slot,
                          work->slaves };
      g_array_append_val (c->work, state);
    }
  for (int i = 0; i < CHRONO_VISANDOR_N_BUSY_SOURCES; i++)
    {
      c->counter_value[i] = m->counters[i].value;
      c->counter_since[i] = m->counters[i].since;
    }
  return c;
}

void
chrono_visandor_machine_restore (ChronoVisandorMachine *m, const ChronoVisandorCheckpoint *c)
{
  m->have_time = c->have_time;
  m->first_time = c->first_time;
  m->stop_line = c->stop_line;
  m->warned_after_stop = c->warned_after_stop;
  for (guint i = 0; i < c->agents->len; i++)
    {
      const AgentState *state = &g_array_index (c->agents, AgentState, i);
      Agent *agent = chrono_visandor_agent_new (m, state->number, state->wam);
      agent->working = state->working;
      agent->working_since = state->working_since;
      memcpy (agent->busy, state->busy, sizeof agent->busy);
      chrono_visandor_rows_restore (&agent->rows, state->slots);
    }
  for (guint i = 0; i < c->work->len; i++)
    {
      const WorkState *state = &g_array_index (c->work, WorkState, i);
      Work *work = g_new0 (Work, 1);
      work->key = state->key;
      work->node = CHRONO_TREE_NONE; /* the index holds the tree */
      work->start = state->start;
      work->slot = state->slot;
      work->slaves = state->slaves;
      if (state->agent != G_MININT64)
        {
          work->agent = g_hash_table_lookup (m->agents, &state->agent);
          work->agent->n_work++;
          if (work->key.kind == WORK_BRANCH)
            chrono_visandor_note_branch (work->agent, work);
        }
      gpointer replaced = chrono_visandor_work_table_insert (&m->work, work);
      g_assert_null (replaced); /* a checkpoint's keys are distinct */
    }
  for (int i = 0; i < CHRONO_VISANDOR_N_BUSY_SOURCES; i++)
    {
      m->counters[i].value = c->counter_value[i];
      m->counters[i].since = c->counter_since[i];
    }
}
