/* chrono-visandor-and.c — and-parallelism: a fork's goals, run locally or
 * taken by other agents, and the join after which its parent goes on. */
#include <glib/gi18n-lib.h>

#include "chrono-visandor-machine-private.h"

#include <inttypes.h>

/* ---- and-parallelism ----------------------------------------------------------- */

/* A goal or branch started again before it ended: the old one ends here. */
void
chrono_visandor_restart_work (ChronoVisandorMachine *m, Work *old, gint64 time)
{
  chrono_visandor_end_node (m, old->node, time, CHRONO_TREE_RESTARTED);
  chrono_visandor_close_work (m, old, time);
}

/* The fork's parent, still open, goes on at its join. */
static void
parent_goes_on (ChronoVisandorMachine *m, Fork *fork, gint64 time)
{
  if (fork->parent_is_root)
    {
      if (!m->root_closed)
        chrono_visandor_stop_waiting (m, m->root, &m->root_runner, time);
      return;
    }
  Work *parent = chrono_visandor_work_table_lookup (&m->work, &fork->parent_key);
  if (parent != NULL && parent->node == fork->parent_node && parent->node != CHRONO_TREE_NONE)
    chrono_visandor_stop_waiting (m, parent->node, &parent->runner, time);
}

void
chrono_visandor_fork_event (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  g_autofree char *note =
      !chrono_visandor_keeps_notes (m)
          ? NULL
          : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "node %" PRIX64 ", %" PRId64 " goal",
                                          "node %" PRIX64 ", %" PRId64 " goals", (gulong) MAX (ev->number, 0)),
                             ev->node, ev->number);
  chrono_visandor_add_mark (m, agent->lane, ev->time, "fork", note);
  if (m->decoding)
    return;
  Fork *fork = g_new0 (Fork, 1);
  *fork = (Fork){ .lane = agent->lane,
                  .time = ev->time,
                  .n_tasks = ev->number,
                  .parent_node = chrono_visandor_current_node (m, agent),
                  .order = m->n_splits++,
                  .children = g_array_new (FALSE, FALSE, sizeof (guint32)) };
  Work *parent = chrono_visandor_current_work (agent);
  if (parent != NULL)
    {
      fork->parent_key = parent->key;
      chrono_visandor_start_waiting (m, parent->node, &parent->runner, agent, ev->time);
    }
  else if (fork->parent_node == m->root && !m->root_closed)
    {
      fork->parent_is_root = TRUE;
      chrono_visandor_start_waiting (m, m->root, &m->root_runner, g_hash_table_lookup (m->agents, &m->root_agent),
                                     ev->time);
    }
  Fork *replaced = g_hash_table_lookup (m->forks, &ev->node);
  if (replaced != NULL)
    parent_goes_on (m, replaced, ev->time); /* forked again before its join: the old fork is over */
  g_hash_table_replace (m->forks, g_memdup2 (&ev->node, sizeof ev->node), fork);
}

void
chrono_visandor_start_goal (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  Work *old = chrono_visandor_lookup_work (m, WORK_GOAL, ev->node, ev->number, 0);
  gboolean restarted = old != NULL;
  if (restarted)
    {
      chrono_visandor_warn (m, ev, "goal restarted", _ ("goal %" PRIX64 ".%" PRId64 " starts again before it finished"),
                            ev->node, ev->number);
      chrono_visandor_restart_work (m, old, ev->time); /* frees it */
    }
  Fork *fork = g_hash_table_lookup (m->forks, &ev->node);
  guint32 node = fork ? chrono_visandor_open_node (m, m->kind_goal, ev, fork->parent_node, fork->time, fork->order)
                      : chrono_visandor_open_node (m, m->kind_goal, ev, chrono_visandor_current_node (m, agent),
                                                   G_MININT64, m->n_splits++);
  WorkKey key = { ev->node, ev->number, 0, WORK_GOAL };
  chrono_visandor_open_work (m, &key, agent, ev->time, node);
  if (fork != NULL)
    {
      if (node != CHRONO_TREE_NONE)
        g_array_append_val (fork->children, node);
      if (!restarted) /* a restarted goal is open once */
        fork->open++;
      chrono_visandor_add_link (m, fork->lane, fork->time, agent->lane, ev->time, CHRONO_VISANDOR_FORK, ev->node);
    }
}

void
chrono_visandor_finish_goal (ChronoVisandorMachine *m, const ChronoVisandorEvent *ev)
{
  Work *work = chrono_visandor_lookup_work (m, WORK_GOAL, ev->node, ev->number, 0);
  if (work == NULL)
    {
      chrono_visandor_warn (m, ev, "finish without start",
                            _ ("FINISH_GOAL of goal %" PRIX64 ".%" PRId64 ", which has not started"), ev->node,
                            ev->number);
      return;
    }
  chrono_visandor_end_node (m, work->node, ev->time, CHRONO_TREE_FINISHED);
  chrono_visandor_close_work (m, work, ev->time);
  Fork *fork = g_hash_table_lookup (m->forks, &ev->node);
  if (fork != NULL)
    {
      fork->open--;
      fork->finished++;
    }
}

void
chrono_visandor_join_event (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  g_autofree char *note = chrono_visandor_keeps_notes (m) ? g_strdup_printf ("node %" PRIX64 "", ev->node) : NULL;
  chrono_visandor_add_mark (m, agent->lane, ev->time, "join", note);
  if (m->decoding)
    return;
  Fork *fork = g_hash_table_lookup (m->forks, &ev->node);
  if (fork == NULL)
    chrono_visandor_warn (m, ev, "join without fork", _ ("JOIN of node %" PRIX64 ", which was not forked"), ev->node);
  else if (fork->open > 0 || fork->finished < fork->n_tasks)
    chrono_visandor_warn (
        m, ev, "early join",
        _ ("JOIN of node %" PRIX64 " before every goal of its fork finished (%" PRId64 " of %" PRId64 ")"), ev->node,
        fork->finished, fork->n_tasks);
  for (guint i = 0; fork != NULL && m->tree != NULL && i < fork->children->len; i++)
    chrono_tree_peek_node (m->tree, g_array_index (fork->children, guint32, i))->join_time = ev->time;
  if (fork != NULL)
    parent_goes_on (m, fork, ev->time);
  g_hash_table_remove (m->forks, &ev->node);
}
