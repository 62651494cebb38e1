/* chrono-visandor-or.c — or-parallelism: branches started, suspended,
 * resumed and ended, nodes made public for other agents to take, and
 * Andorra-I slaves' work. */
#include <glib/gi18n-lib.h>

#include "chrono-visandor-machine-private.h"

#include <inttypes.h>

/* ---- or-parallelism ------------------------------------------------------------- */

/* The branch the agent runs now: the latest started of its open branches. */
static Work *
innermost_branch (Agent *agent)
{
  GTreeNode *last = agent->branches ? g_tree_node_last (agent->branches) : NULL;
  return last ? g_tree_node_value (last) : NULL;
}

/* Branches nobody took, under their public node: the first few each a row,
 * the rest one row that counts them. */
#define UNTAKEN_ROWS 4

void
chrono_visandor_show_untaken (ChronoVisandorMachine *m, const PublicNode *node, guint64 line)
{
  if (node->tree_node == CHRONO_TREE_NONE)
    return;
  gint64 n_untaken = chrono_visandor_public_node_n_untaken (node);
  gint64 numbers[UNTAKEN_ROWS];
  guint n = chrono_visandor_public_node_list_untaken (node, numbers,
                                                      n_untaken > UNTAKEN_ROWS ? UNTAKEN_ROWS - 1 : UNTAKEN_ROWS);
  for (guint i = 0; i <= n && i < UNTAKEN_ROWS; i++)
    {
      gboolean rest = i == n;
      if (rest && n_untaken <= (gint64) n)
        break;
      ChronoTreeNode row = {
        .parent = node->tree_node,
        .kind = m->kind_branch,
        .key = node->key,
        .number = rest ? -1 : numbers[i],
        .start = node->time,
        .end = node->time,
        .split_time = node->time,
        .join_time = G_MININT64,
        .outcome = CHRONO_TREE_NOT_TAKEN,
      };
      /* after its siblings: the row that counts the rest */
      row.order = node->order << 32 | (rest ? G_MAXUINT32 : (guint32) MIN (row.number, (gint64) G_MAXUINT32 - 1));
      if (rest)
        {
          g_autofree char *label =
              g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%" PRId64 " more branch", "%" PRId64 " more branches",
                                            (gulong) MIN (n_untaken - n, G_MAXINT32)),
                               n_untaken - n);
          row.label = chrono_strings_intern (m->strings, label);
        }
      chrono_visandor_add_node (m, line, &row);
    }
}

void
chrono_visandor_make_public (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  g_autofree char *note =
      !chrono_visandor_keeps_notes (m)
          ? NULL
          : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "node %" PRIX64 ", %" PRId64 " branch",
                                          "node %" PRIX64 ", %" PRId64 " branches", (gulong) MAX (ev->number, 0)),
                             ev->node, ev->number);
  chrono_visandor_add_mark (m, agent->lane, ev->time, "make public", note);
  guint32 parent = chrono_visandor_current_node (m, agent);
  /* a public node is where the branch that made it splits: it goes on in
   * the node's branches (the note's Andorra-I example: its slaves are done);
   * the node is drawn where that branch ends, as the papers draw or-trees */
  gboolean ends_parent = FALSE;
  Work *branch = innermost_branch (agent);
  if (branch != NULL)
    {
      if (branch->slaves != 0)
        chrono_visandor_warn (
            m, ev, "unbalanced slaves",
            _ ("branch %" PRIX64 ".%" PRId64 " makes a node public with START_BUSY and STOP_BUSY unbalanced (%+d)"),
            branch->key.node, branch->key.number, branch->slaves);
      ends_parent = branch->node == parent && parent != CHRONO_TREE_NONE;
      chrono_visandor_end_node (m, branch->node, ev->time, ends_parent ? CHRONO_TREE_PUBLIC : CHRONO_TREE_FINISHED);
      chrono_visandor_close_work (m, branch, ev->time);
    }
  if (m->decoding)
    return;
  if (parent == m->root && m->mode == CHRONO_VISANDOR_OR && !m->root_closed)
    {
      chrono_visandor_close_root (m, ev->time, CHRONO_TREE_PUBLIC); /* the program's work goes on in the branches */
      ends_parent = TRUE;
    }
  /* else what made it public goes on (or is gone): the node is a row of its
   * own under it */
  ChronoTreeNode row = {
    .parent = parent,
    .kind = m->kind_public,
    .key = ev->node,
    .number = -1,
    .start = ev->time,
    .end = ev->time,
    .split_time = ev->time,
    .join_time = G_MININT64,
    .order = m->n_splits++ << 32,
    .outcome = CHRONO_TREE_PUBLIC,
  };
  guint32 tree_node = ends_parent                  ? parent
                      : parent != CHRONO_TREE_NONE ? chrono_visandor_add_node (m, ev->line, &row)
                                                   : CHRONO_TREE_NONE;
  PublicNode *old = g_hash_table_lookup (m->public_nodes, &ev->node);
  if (old != NULL)
    chrono_visandor_show_untaken (m, old, ev->line); /* made public again: the old node is over */
  PublicNode *node =
      chrono_visandor_public_node_new (agent->lane, ev->node, ev->time, ev->number, tree_node, m->n_splits++);
  g_hash_table_replace (m->public_nodes, g_memdup2 (&ev->node, sizeof ev->node), node);
}

void
chrono_visandor_start_branch (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  Work *old = chrono_visandor_lookup_work (m, WORK_BRANCH, ev->node, ev->number, 0);
  if (old != NULL)
    {
      chrono_visandor_warn (m, ev, "branch restarted",
                            _ ("branch %" PRIX64 ".%" PRId64 " starts again before it ended"), ev->node, ev->number);
      chrono_visandor_restart_work (m, old, ev->time);
    }
  PublicNode *node = m->decoding ? NULL : g_hash_table_lookup (m->public_nodes, &ev->node);
  guint32 tree_node = node ? chrono_visandor_open_node (m, m->kind_branch, ev, node->tree_node, node->time, node->order)
                           : chrono_visandor_open_node (m, m->kind_branch, ev, chrono_visandor_current_node (m, agent),
                                                        G_MININT64, m->n_splits++);
  WorkKey key = { ev->node, ev->number, 0, WORK_BRANCH };
  chrono_visandor_open_work (m, &key, agent, ev->time, tree_node);
  if (m->decoding)
    return;
  if (node == NULL)
    {
      chrono_visandor_warn (m, ev, "branch of a private node",
                            _ ("START_BRANCH of node %" PRIX64 ", which was not made public"), ev->node);
      return;
    }
  chrono_visandor_add_link (m, node->lane, node->time, agent->lane, ev->time, CHRONO_VISANDOR_MAKE_PUBLIC, ev->node);
  /* every branch taken: the node is needed no more (a long or-trace makes millions) */
  chrono_visandor_public_node_take (node, ev->number);
  if (chrono_visandor_public_node_all_taken (node))
    g_hash_table_remove (m->public_nodes, &ev->node);
}

void
chrono_visandor_resume_branch (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  Work *work = chrono_visandor_lookup_work (m, WORK_BRANCH, ev->node, ev->number, 0);
  if (work != NULL && work->agent == NULL)
    {
      chrono_visandor_add_stretch (m, work->node, CHRONO_STRETCH_SUSPENDED, NULL, work->suspended_since, ev->time);
      chrono_visandor_attach_work (m, work, agent, ev->time);
      return;
    }
  chrono_visandor_warn (m, ev, "resume without suspend",
                        _ ("RESUME_BRANCH of branch %" PRIX64 ".%" PRId64 ", which is not suspended"), ev->node,
                        ev->number);
  guint32 node = CHRONO_TREE_NONE;
  if (work != NULL)
    {
      chrono_visandor_detach_work (m, work, ev->time, 0);
      node = work->node; /* it goes on, here */
      work->node = CHRONO_TREE_NONE;
      chrono_visandor_close_work (m, work, ev->time);
    }
  else
    node = chrono_visandor_open_node (m, m->kind_branch, ev, chrono_visandor_current_node (m, agent), G_MININT64,
                                      m->n_splits++);
  WorkKey key = { ev->node, ev->number, 0, WORK_BRANCH };
  chrono_visandor_open_work (m, &key, agent, ev->time, node);
}

void
chrono_visandor_suspend_branch (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  Work *work = chrono_visandor_lookup_work (m, WORK_BRANCH, ev->node, ev->number, 0);
  chrono_visandor_add_mark (m, agent->lane, ev->time, "suspend", NULL);
  if (work == NULL || work->agent == NULL)
    {
      chrono_visandor_warn (m, ev, "suspend without run",
                            _ ("SUSPEND_BRANCH of branch %" PRIX64 ".%" PRId64 ", which is not running"), ev->node,
                            ev->number);
      return;
    }
  chrono_visandor_detach_work (m, work, ev->time, 0);
}

/* SUCC_BRANCH, FAIL_BRANCH, CUTTING_BRANCH: the branch's end and outcome.
 * A cut may prune a branch no agent took: that is no mistake. */
void
chrono_visandor_end_branch (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev, const char *outcome)
{
  chrono_visandor_add_mark (m, agent->lane, ev->time, outcome, NULL);
  ChronoTreeOutcome result = ev->code == CHRONO_VISANDOR_SUCC_BRANCH   ? CHRONO_TREE_SUCCEEDED
                             : ev->code == CHRONO_VISANDOR_FAIL_BRANCH ? CHRONO_TREE_FAILED
                                                                       : CHRONO_TREE_CUT;
  Work *work = chrono_visandor_lookup_work (m, WORK_BRANCH, ev->node, ev->number, 0);
  if (work == NULL && ev->code == CHRONO_VISANDOR_CUTTING_BRANCH)
    {
      /* pruned before anyone took it: a row that only says so */
      /* (a cut of a branch that ran and split already has no row of its own to add) */
      PublicNode *node = m->decoding ? NULL : g_hash_table_lookup (m->public_nodes, &ev->node);
      if (node != NULL && chrono_visandor_public_node_take (node, ev->number))
        {
          guint32 pruned = chrono_visandor_open_node (m, m->kind_branch, ev, node->tree_node, node->time, node->order);
          chrono_visandor_end_node (m, pruned, ev->time, CHRONO_TREE_CUT);
          if (chrono_visandor_public_node_all_taken (node))
            g_hash_table_remove (m->public_nodes, &ev->node);
        }
      return;
    }
  if (work == NULL)
    {
      if (ev->code != CHRONO_VISANDOR_CUTTING_BRANCH)
        chrono_visandor_warn (m, ev, "end without start",
                              _ ("branch %" PRIX64 ".%" PRId64 " ends (%s) but has not started"), ev->node, ev->number,
                              outcome);
      return;
    }
  if (work->slaves != 0)
    chrono_visandor_warn (m, ev, "unbalanced slaves",
                          _ ("branch %" PRIX64 ".%" PRId64 " ends with START_BUSY and STOP_BUSY unbalanced (%+d)"),
                          ev->node, ev->number, work->slaves);
  if (work->agent == NULL) /* ended while suspended */
    chrono_visandor_add_stretch (m, work->node, CHRONO_STRETCH_SUSPENDED, NULL, work->suspended_since, ev->time);
  chrono_visandor_end_node (m, work->node, ev->time, result);
  chrono_visandor_close_work (m, work, ev->time);
}

/* Andorra-I: a slave agent works for a branch from START_BUSY to STOP_BUSY. */
void
chrono_visandor_slave_event (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev, gboolean start)
{
  chrono_visandor_set_agent_busy (m, agent, CHRONO_VISANDOR_BUSY_BY_SLAVE_EVENTS, start, ev->time);
  Work *branch = chrono_visandor_lookup_work (m, WORK_BRANCH, ev->node, ev->number, 0);
  if (branch != NULL)
    branch->slaves += start ? 1 : -1;
  Work *work = chrono_visandor_lookup_work (m, WORK_SLAVE, ev->node, ev->number, agent->number);
  if (start)
    {
      if (work != NULL)
        chrono_visandor_close_work (m, work, ev->time);
      WorkKey key = { ev->node, ev->number, agent->number, WORK_SLAVE };
      chrono_visandor_open_work (m, &key, agent, ev->time, branch ? branch->node : CHRONO_TREE_NONE);
    }
  else if (work != NULL)
    chrono_visandor_close_work (m, work, ev->time);
  /* a STOP_BUSY of no open stretch draws nothing; the note's rule is the
   * balance at the end of the branch */
}
