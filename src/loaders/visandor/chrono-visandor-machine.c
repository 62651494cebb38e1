/* chrono-visandor-machine.c — VisAndOr events into agent lanes.
 *
 * Every goal (AND), branch (OR) and stretch of slave work (Andorra-I) is an
 * item of work, open from its start to its end on the agent that runs it;
 * each takes the agent's lowest free row below its busy row, so items that
 * overlap on one agent (a goal and the goals of its fork run locally) never
 * share a row.  A suspended branch belongs to no agent until it resumes.
 * Its state, saved and restored at chunk bounds, is
 * chrono-visandor-checkpoint.c's; what it makes of events, the tree and the
 * items of work are chrono-visandor-work.c's, and-parallelism (fork, goals,
 * join) chrono-visandor-and.c's, or-parallelism (branches, public nodes,
 * Andorra-I slaves) chrono-visandor-or.c's.  This file feeds events to them
 * and finishes the lanes at the end. */
#include <glib/gi18n-lib.h>

#include "chrono-visandor-machine-private.h"

#include <inttypes.h>
#include <stdlib.h>

/* ---- life ------------------------------------------------------------------ */

static void
agent_free (Agent *agent)
{
  chrono_visandor_rows_clear (&agent->rows);
  g_ptr_array_unref (agent->stack);
  g_clear_pointer (&agent->branches, g_tree_unref);
  g_free (agent);
}

static void
fork_free (Fork *fork)
{
  g_array_unref (fork->children);
  g_free (fork);
}

ChronoVisandorMachine *
chrono_visandor_machine_new (ChronoTrace *trace)
{
  ChronoVisandorMachine *m = g_new0 (ChronoVisandorMachine, 1);
  m->trace = trace;
  m->strings = chrono_trace_get_strings (trace);
  m->warnings = chrono_trace_get_warnings (trace);
  m->agents_group = chrono_lane_new (N_ ("Agents"), CHRONO_LANE_GROUP, "agents");
  chrono_lane_set_name_is_ours (m->agents_group, TRUE);
  m->agents = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) agent_free);
  chrono_visandor_work_table_init (&m->work);
  m->forks = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) fork_free);
  m->public_nodes =
      g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) chrono_visandor_public_node_free);
  for (int i = 0; i < CHRONO_VISANDOR_N_BUSY_SOURCES; i++)
    {
      m->counters[i].lane = chrono_lane_new (N_ ("Busy agents"), CHRONO_LANE_SIGNAL, "busy agents");
      chrono_lane_set_name_is_ours (m->counters[i].lane, TRUE);
    }
  m->tree = chrono_tree_new ();
  m->root = CHRONO_TREE_NONE;
  m->kind_goal = chrono_strings_intern (m->strings, "goal");
  m->kind_branch = chrono_strings_intern (m->strings, "branch");
  m->kind_public = chrono_strings_intern (m->strings, "public node");
  return m;
}

void
chrono_visandor_machine_free (ChronoVisandorMachine *m)
{
  if (m == NULL)
    return;
  g_autoptr (GPtrArray) open_work = chrono_visandor_work_table_items (&m->work);
  for (guint i = 0; i < open_work->len; i++)
    g_free (g_ptr_array_index (open_work, i));
  chrono_visandor_work_table_clear (&m->work);
  g_hash_table_unref (m->agents);
  g_hash_table_unref (m->forks);
  g_hash_table_unref (m->public_nodes);
  g_clear_object (&m->agents_group);
  for (int i = 0; i < CHRONO_VISANDOR_N_BUSY_SOURCES; i++)
    g_clear_object (&m->counters[i].lane);
  g_clear_pointer (&m->tree, chrono_tree_free);
  g_free (m);
}

void
chrono_visandor_machine_set_summary_buckets (ChronoVisandorMachine *m, guint n_buckets)
{
  m->summary_buckets = n_buckets;
  m->max_tree_nodes = CHRONO_VISANDOR_INDEX_TREE_NODES;
}

void
chrono_visandor_machine_set_decoding (ChronoVisandorMachine *m, ChronoVisandorBusySource busy_source)
{
  m->decoding = TRUE;
  m->busy_source = busy_source;
  g_clear_pointer (&m->tree, chrono_tree_free);
}

void
chrono_visandor_machine_set_mode (ChronoVisandorMachine *m, ChronoVisandorMode mode)
{
  m->mode = mode;
}

ChronoVisandorBusySource
chrono_visandor_machine_get_busy_source (ChronoVisandorMachine *m)
{
  return m->busy_source;
}

/* ---- general events ---------------------------------------------------------------- */

static void
agent_busy (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev, gboolean busy)
{
  chrono_visandor_set_agent_busy (m, agent, CHRONO_VISANDOR_BUSY_BY_AGENT_EVENTS, busy, ev->time);
  if (busy && !agent->working)
    {
      agent->working = TRUE;
      agent->working_since = ev->time;
    }
  else if (!busy && agent->working)
    {
      agent->working = FALSE;
      chrono_visandor_add_span (m, agent->lane, agent->working_since, ev->time, CHRONO_STATE_WORKING, 0, 0, NULL);
    }
}

static void
other_event (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  switch (ev->code)
    {
    case CHRONO_VISANDOR_CREATE_WAM: chrono_visandor_add_mark (m, agent->lane, ev->time, "create WAM", NULL); break;
    case CHRONO_VISANDOR_CREATE_AGENT: chrono_visandor_add_mark (m, agent->lane, ev->time, "create agent", NULL); break;
    case CHRONO_VISANDOR_LEAF_CUT: chrono_visandor_add_mark (m, agent->lane, ev->time, "leaf cut", NULL); break;
      default: {
        /* an event the note does not define: shown, never refused */
        char kind[32];
        g_snprintf (kind, sizeof kind, "event %d", ev->code);
        chrono_visandor_add_mark (m, agent->lane, ev->time, kind, NULL);
      }
    }
}

void
chrono_visandor_machine_feed (ChronoVisandorMachine *m, const ChronoVisandorEvent *ev)
{
  if (!m->have_time)
    {
      m->have_time = TRUE;
      m->first_time = ev->time;
      for (int i = 0; i < CHRONO_VISANDOR_N_BUSY_SOURCES; i++)
        m->counters[i].since = ev->time;
    }
  if (m->stop_line != 0 && !m->warned_after_stop)
    {
      m->warned_after_stop = TRUE;
      chrono_visandor_warn (m, ev, "stop time not last", _ ("STOP_TIME on line %" PRIu64 " is not the last event"),
                            m->stop_line);
    }
  m->last_line = ev->line;
  Agent *agent = chrono_visandor_ensure_agent (m, ev->agent, ev->wam);
  if (m->root == CHRONO_TREE_NONE)
    chrono_visandor_open_root (m, ev);
  switch (ev->code)
    {
    case CHRONO_VISANDOR_START_TIME: break; /* the trace's bounds come from every timestamp */
    case CHRONO_VISANDOR_STOP_TIME: m->stop_line = ev->line; break;
    case CHRONO_VISANDOR_AGENT_BUSY: agent_busy (m, agent, ev, TRUE); break;
    case CHRONO_VISANDOR_AGENT_IDLE: agent_busy (m, agent, ev, FALSE); break;
    case CHRONO_VISANDOR_FORK: chrono_visandor_fork_event (m, agent, ev); break;
    case CHRONO_VISANDOR_START_GOAL: chrono_visandor_start_goal (m, agent, ev); break;
    case CHRONO_VISANDOR_FINISH_GOAL: chrono_visandor_finish_goal (m, ev); break;
    case CHRONO_VISANDOR_JOIN: chrono_visandor_join_event (m, agent, ev); break;
    case CHRONO_VISANDOR_MAKE_PUBLIC: chrono_visandor_make_public (m, agent, ev); break;
    case CHRONO_VISANDOR_START_BRANCH: chrono_visandor_start_branch (m, agent, ev); break;
    case CHRONO_VISANDOR_RESUME_BRANCH: chrono_visandor_resume_branch (m, agent, ev); break;
    case CHRONO_VISANDOR_SUSPEND_BRANCH: chrono_visandor_suspend_branch (m, agent, ev); break;
    case CHRONO_VISANDOR_SUCC_BRANCH: chrono_visandor_end_branch (m, agent, ev, "success"); break;
    case CHRONO_VISANDOR_FAIL_BRANCH: chrono_visandor_end_branch (m, agent, ev, "failure"); break;
    case CHRONO_VISANDOR_CUTTING_BRANCH: chrono_visandor_end_branch (m, agent, ev, "cut"); break;
    case CHRONO_VISANDOR_START_BUSY: chrono_visandor_slave_event (m, agent, ev, TRUE); break;
    case CHRONO_VISANDOR_STOP_BUSY: chrono_visandor_slave_event (m, agent, ev, FALSE); break;
    default: other_event (m, agent, ev); break;
    }
}

/* ---- the end ------------------------------------------------------------------- */

static int
compare_work (const void *a, const void *b)
{
  const WorkKey *x = *(const WorkKey *const *) a, *y = *(const WorkKey *const *) b;
  if (x->kind != y->kind)
    return x->kind < y->kind ? -1 : 1;
  if (x->node != y->node)
    return x->node < y->node ? -1 : 1;
  if (x->number != y->number)
    return x->number < y->number ? -1 : 1;
  return x->agent < y->agent ? -1 : x->agent > y->agent;
}

static int
compare_public_nodes (const void *a, const void *b)
{
  const PublicNode *x = *(const PublicNode *const *) a, *y = *(const PublicNode *const *) b;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* The public nodes some of whose branches nobody took, in the order they were made. */
static void
show_all_untaken (ChronoVisandorMachine *m)
{
  g_autoptr (GPtrArray) nodes = g_ptr_array_sized_new (g_hash_table_size (m->public_nodes));
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, m->public_nodes);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (nodes, value);
  if (nodes->len > 1)
    qsort (nodes->pdata, nodes->len, sizeof (gpointer), compare_public_nodes);
  for (guint i = 0; i < nodes->len; i++)
    chrono_visandor_show_untaken (m, g_ptr_array_index (nodes, i), m->last_line);
}

static void
finish_at (ChronoVisandorMachine *m, gint64 end, guint8 flags)
{
  /* in a fixed order, so that dumps do not depend on hashing */
  g_autoptr (GPtrArray) open_work = chrono_visandor_work_table_items (&m->work);
  g_ptr_array_sort (open_work, compare_work);
  for (guint i = 0; i < open_work->len; i++)
    {
      Work *work = g_ptr_array_index (open_work, i);
      if (work->agent == NULL)
        chrono_visandor_add_stretch (m, work->node, CHRONO_STRETCH_SUSPENDED, NULL, work->suspended_since, end);
      if (work->key.kind != WORK_SLAVE)
        chrono_visandor_end_node (m, work->node, end, CHRONO_TREE_OPEN);
      chrono_visandor_detach_work (m, work, end, flags);
    }
  chrono_visandor_close_root (m, end, m->stop_line != 0 ? CHRONO_TREE_FINISHED : CHRONO_TREE_OPEN);
  if (!m->decoding)
    show_all_untaken (m);

  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, m->agents);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Agent *agent = value;
      if (agent->working)
        chrono_visandor_add_span (m, agent->lane, agent->working_since, end, CHRONO_STATE_WORKING, flags, 0, NULL);
    }
  if (!m->decoding)
    m->busy_source = m->counters[CHRONO_VISANDOR_BUSY_BY_AGENT_EVENTS].seen   ? CHRONO_VISANDOR_BUSY_BY_AGENT_EVENTS
                     : m->counters[CHRONO_VISANDOR_BUSY_BY_SLAVE_EVENTS].seen ? CHRONO_VISANDOR_BUSY_BY_SLAVE_EVENTS
                                                                              : CHRONO_VISANDOR_BUSY_BY_WORK;
  if (g_hash_table_size (m->agents) == 0)
    return;
  if (m->tree != NULL)
    {
      g_autoptr (ChronoLane) lane =
          chrono_lane_new (m->mode == CHRONO_VISANDOR_OR ? N_ ("Or tree") : N_ ("And tree"), CHRONO_LANE_TREE, "tree");
      chrono_lane_set_name_is_ours (lane, TRUE);
      chrono_lane_set_tree (lane, g_steal_pointer (&m->tree));
      chrono_trace_add_lane (m->trace, lane);
    }
  Counter *counter = &m->counters[m->busy_source];
  chrono_visandor_counter_flush (m, counter, end);
  chrono_trace_add_lane (m->trace, counter->lane);
  chrono_lane_sort_children (m->agents_group);
  chrono_trace_add_lane (m->trace, m->agents_group);
}

void
chrono_visandor_machine_finish (ChronoVisandorMachine *m, gint64 end)
{
  finish_at (m, end, CHRONO_SPAN_OPEN_END);
}

void
chrono_visandor_machine_finish_chunk (ChronoVisandorMachine *m, gint64 end)
{
  finish_at (m, end, 0);
}
