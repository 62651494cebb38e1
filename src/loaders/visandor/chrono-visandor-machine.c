/* chrono-visandor-machine.c — VisAndOr events into agent lanes.
 *
 * Every goal (AND), branch (OR) and stretch of slave work (Andorra-I) is an
 * item of work, open from its start to its end on the agent that runs it;
 * each takes the agent's lowest free row below its busy row, so items that
 * overlap on one agent (a goal and the goals of its fork run locally) never
 * share a row.  A suspended branch belongs to no agent until it resumes.
 * Its state, saved and restored at chunk bounds, is
 * chrono-visandor-checkpoint.c's. */
#include <glib/gi18n-lib.h>

#include "chrono-visandor-machine-private.h"

#include <stdlib.h>
#include <inttypes.h>
#include <string.h>

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

/* ---- output: spans, marks, arrows, counter values ---------------------------- */

/* An index pass keeps no items: each lane gets a summary, begun at the
 * trace's first time, on its first item. */
static ChronoSummary *
lane_summary (ChronoVisandorMachine *m, ChronoLane *lane)
{
  return chrono_lane_ensure_summary (lane, m->first_time, m->summary_buckets,
                                     chrono_trace_get_clock (m->trace)->ticks_per_second);
}

/* A goal may start and finish at one timestamp (producers with a coarse
 * clock): it is kept, and painted a pixel wide. */
static void
add_span (ChronoVisandorMachine *m, ChronoLane *lane, gint64 start, gint64 end, ChronoState state, guint8 flags,
          guint16 depth, const char *label)
{
  if (end < start)
    return;
  if (m->summary_buckets > 0)
    {
      ChronoSummary *summary = lane_summary (m, lane);
      chrono_summary_add_interval (summary, start, end, state, 0);
      chrono_summary_note_depth (summary, depth);
      return;
    }
  ChronoSpan span = {
    start, end, state, flags, depth, label ? chrono_strings_intern (m->strings, label) : 0, CHRONO_NO_INSTANCE, 0
  };
  chrono_spans_append (chrono_lane_ensure_spans (lane), &span);
}

/* An index pass keeps no notes, its marks being counts: the strings that
 * would go with millions of them are not even written. */
static gboolean
keeps_notes (ChronoVisandorMachine *m)
{
  return m->summary_buckets == 0;
}

static void
add_mark (ChronoVisandorMachine *m, ChronoLane *lane, gint64 time, const char *kind, const char *note)
{
  if (m->summary_buckets > 0)
    {
      chrono_summary_add_instant (lane_summary (m, lane), time);
      return;
    }
  ChronoMark mark = { time, chrono_strings_intern (m->strings, kind), 0,
                      note ? chrono_strings_intern (m->strings, note) : 0, 0 };
  chrono_marks_append (chrono_lane_ensure_marks (lane), &mark);
}

static void
add_link (ChronoVisandorMachine *m, ChronoLane *from, gint64 from_time, ChronoLane *to, gint64 to_time, guint32 kind,
          guint64 node)
{
  if (m->decoding || from == to)
    return; /* the index holds the arrows; work kept on one agent needs none */
  ChronoLink link = { from, to, from_time, to_time, kind, 0, (gint64) node };
  chrono_links_append (chrono_trace_get_links (m->trace), &link);
}

/* The value held since the counter last changed, up to time. */
static void
counter_flush (ChronoVisandorMachine *m, Counter *c, gint64 time)
{
  if (time <= c->since)
    return;
  if (m->summary_buckets > 0)
    chrono_summary_add_value (lane_summary (m, c->lane), c->since, time, (double) c->value);
  else
    {
      ChronoFragment fragment = { c->since, time, (double) c->value, 0.0, 0.0 };
      ChronoSignal *signal = chrono_lane_ensure_signal (c->lane, chrono_trace_get_clock (m->trace)->ticks_per_second);
      chrono_signal_append (signal, &fragment);
    }
  c->since = time;
}

static void
set_agent_busy (ChronoVisandorMachine *m, Agent *agent, ChronoVisandorBusySource source, gboolean busy, gint64 time)
{
  Counter *c = &m->counters[source];
  c->seen = TRUE;
  if (agent->busy[source] == busy)
    return;
  counter_flush (m, c, time);
  c->value += busy ? 1 : -1;
  agent->busy[source] = busy;
}

/* ---- agents ------------------------------------------------------------------ */

static char *
node_label (guint64 node, gint64 number)
{
  return g_strdup_printf ("%" PRIX64 ".%" PRId64, node, number);
}

Agent *
chrono_visandor_agent_new (ChronoVisandorMachine *m, gint64 number, guint64 wam)
{
  Agent *agent = g_new0 (Agent, 1);
  agent->number = number;
  agent->wam = wam;
  chrono_visandor_rows_init (&agent->rows);
  agent->stack = g_ptr_array_new ();
  /* the WAM id in the name: producers where agents and WAMs differ (&-Prolog) show both */
  g_autofree char *name = g_strdup_printf ("Agent %" PRId64 " (WAM %" PRIX64 ")", number, wam);
  g_autoptr (ChronoLane) lane = chrono_lane_new (name, CHRONO_LANE_WORKER, "agent");
  chrono_lane_set_source (lane, number, 0, 0.0);
  chrono_lane_append_child (m->agents_group, lane);
  agent->lane = lane;
  agent->name = chrono_strings_intern (m->strings, name);
  /* the tree colours stretches by agent: ranked, eight agents get eight
   * distinct colours instead of hashed look-alikes */
  if (!m->decoding)
    chrono_trace_note_colour_label (m->trace, agent->name);
  g_hash_table_insert (m->agents, &agent->number, agent);
  return agent;
}

static Agent *
ensure_agent (ChronoVisandorMachine *m, gint64 number, guint64 wam)
{
  if (m->last_agent != NULL && m->last_agent->number == number)
    return m->last_agent;
  Agent *agent = g_hash_table_lookup (m->agents, &number);
  return m->last_agent = agent ? agent : chrono_visandor_agent_new (m, number, wam);
}

/* The order in which an agent's branches nest: the latest started is the
 * innermost, and of two started at one time the one on the higher row. */
static int
compare_branches (gconstpointer a, gconstpointer b, gpointer unused)
{
  const Work *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->slot < y->slot ? -1 : x->slot > y->slot;
}

void
chrono_visandor_note_branch (Agent *agent, Work *work)
{
  if (agent->branches == NULL)
    agent->branches = g_tree_new_full (compare_branches, NULL, NULL, NULL);
  g_tree_insert (agent->branches, work, work);
}

static void
forget_branch (Agent *agent, Work *work)
{
  if (agent->branches != NULL)
    g_tree_remove (agent->branches, work);
}

/* ---- the and/or tree ---------------------------------------------------------
 * A node per goal or branch, under the goal or branch that forked it or
 * made its node public (the innermost one running on that agent, as the
 * note says), or under the program: the work before the first split. */

/* The node an agent is running now, to hang what it splits off under. */
static guint32
current_node (ChronoVisandorMachine *m, Agent *agent)
{
  return agent->stack->len > 0 ? ((Work *) g_ptr_array_index (agent->stack, agent->stack->len - 1))->node : m->root;
}

/* The work an agent runs now, NULL when it runs none with a tree node. */
static Work *
current_work (Agent *agent)
{
  return agent->stack->len > 0 ? g_ptr_array_index (agent->stack, agent->stack->len - 1) : NULL;
}

static void
push_node (Agent *agent, Work *work)
{
  work->stacked = TRUE;
  work->stack_index = agent->stack->len;
  g_ptr_array_add (agent->stack, work);
}

/* Work that ends below the top of the stack (goals finishing out of order)
 * leaves a hole, dropped once what is above it ends: no search, no shift. */
static void
pop_node (Agent *agent, Work *work)
{
  if (!work->stacked)
    return;
  work->stacked = FALSE;
  gpointer *stack = agent->stack->pdata;
  stack[work->stack_index] = NULL;
  guint len = agent->stack->len;
  while (len > 0 && stack[len - 1] == NULL)
    len--;
  g_ptr_array_set_size (agent->stack, len);
}

static void
add_stretch (ChronoVisandorMachine *m, guint32 node, ChronoStretchKind kind, Agent *agent, gint64 start, gint64 end)
{
  if (m->tree == NULL || node == CHRONO_TREE_NONE)
    return;
  ChronoTreeStretch stretch = { node, agent ? agent->name : CHRONO_STRING_NONE, start, end, kind };
  chrono_tree_add_stretch (m->tree, &stretch);
}

/* The node's stretch up to time: run, or waited for a fork's goals. */
static void
end_run (ChronoVisandorMachine *m, guint32 node, const Runner *runner, Agent *agent, gint64 time)
{
  if (runner->forks_open > 0)
    add_stretch (m, node, CHRONO_STRETCH_WAITING, NULL, runner->wait_from, time);
  else
    add_stretch (m, node, CHRONO_STRETCH_RUNNING, agent, runner->run_from, time);
}

/* A fork: the node stops running and waits. */
static void
start_waiting (ChronoVisandorMachine *m, guint32 node, Runner *runner, Agent *agent, gint64 time)
{
  if (runner->forks_open++ > 0)
    return;
  add_stretch (m, node, CHRONO_STRETCH_RUNNING, agent, runner->run_from, time);
  runner->wait_from = time;
}

/* Its last open fork joined: the node runs again. */
static void
stop_waiting (ChronoVisandorMachine *m, guint32 node, Runner *runner, gint64 time)
{
  if (runner->forks_open == 0 || --runner->forks_open > 0)
    return;
  add_stretch (m, node, CHRONO_STRETCH_WAITING, NULL, runner->wait_from, time);
  runner->run_from = time;
}

/* A node of the tree, unless the tree is full; line: the file's, for the warning. */
static guint32
add_node (ChronoVisandorMachine *m, guint64 line, const ChronoTreeNode *node)
{
  if (m->tree == NULL || m->tree_full)
    return CHRONO_TREE_NONE;
  if (m->max_tree_nodes > 0 && chrono_tree_get_n_nodes (m->tree) >= m->max_tree_nodes)
    {
      /* the whole tree of a huge trace would not fit beside its index:
       * it stops here, said so; the agent lanes go on to the end */
      m->tree_full = TRUE;
      chrono_tree_set_cut (m->tree, node->start);
      chrono_warnings_add (m->warnings, line, "tree cut short",
                           _ ("the tree shows the first %u goals and branches, up to this line; the agents show "
                              "everything"),
                           m->max_tree_nodes);
      return CHRONO_TREE_NONE;
    }
  return chrono_tree_add_node (m->tree, node);
}

static guint32
open_node (ChronoVisandorMachine *m, guint32 kind, const ChronoVisandorEvent *ev, guint32 parent, gint64 split_time,
           guint64 split_order)
{
  /* siblings: by the split they came from, then by their number */
  guint32 number = (guint32) CLAMP (ev->number, 0, (gint64) G_MAXUINT32);
  ChronoTreeNode node = {
    .parent = parent,
    .kind = kind,
    .key = ev->node,
    .number = ev->number,
    .start = ev->time,
    .end = ev->time,
    .split_time = split_time,
    .join_time = G_MININT64,
    .order = split_order << 32 | number,
    .outcome = CHRONO_TREE_OPEN,
  };
  return add_node (m, ev->line, &node);
}

static void
end_node (ChronoVisandorMachine *m, guint32 node, gint64 time, ChronoTreeOutcome outcome)
{
  if (m->tree == NULL || node == CHRONO_TREE_NONE)
    return;
  ChronoTreeNode *n = chrono_tree_peek_node (m->tree, node);
  n->end = time;
  n->outcome = outcome;
}

/* The program: what the first agent runs from the first event, up to the
 * trace's end (AND) or its first public node (OR). */
static void
open_root (ChronoVisandorMachine *m, const ChronoVisandorEvent *ev)
{
  if (m->tree == NULL)
    return;
  ChronoTreeNode node = {
    .parent = CHRONO_TREE_NONE,
    .kind = chrono_strings_intern (m->strings, "program"),
    .label = chrono_strings_intern (m->strings, "program"),
    .number = -1,
    .start = ev->time,
    .end = ev->time,
    .split_time = G_MININT64,
    .join_time = G_MININT64,
    .outcome = CHRONO_TREE_OPEN,
  };
  m->root = chrono_tree_add_node (m->tree, &node);
  m->root_agent = ev->agent;
  m->root_runner = (Runner){ .run_from = ev->time };
}

static void
close_root (ChronoVisandorMachine *m, gint64 time, ChronoTreeOutcome outcome)
{
  if (m->tree == NULL || m->root == CHRONO_TREE_NONE || m->root_closed)
    return;
  m->root_closed = TRUE;
  end_node (m, m->root, time, outcome);
  end_run (m, m->root, &m->root_runner, g_hash_table_lookup (m->agents, &m->root_agent), time);
}

/* ---- work ---------------------------------------------------------------- */

static const ChronoState work_states[] = {
  [WORK_GOAL] = CHRONO_STATE_GOAL,
  [WORK_BRANCH] = CHRONO_STATE_BRANCH,
  [WORK_SLAVE] = CHRONO_STATE_SLAVE,
};

static void
attach_work (ChronoVisandorMachine *m, Work *work, Agent *agent, gint64 time)
{
  if (work->key.kind != WORK_SLAVE && work->node != CHRONO_TREE_NONE)
    push_node (agent, work);
  work->agent = agent;
  work->start = time;
  work->runner.run_from = time;
  work->slot = chrono_visandor_rows_take (&agent->rows);
  if (work->key.kind == WORK_BRANCH)
    chrono_visandor_note_branch (agent, work);
  if (agent->n_work++ == 0)
    set_agent_busy (m, agent, CHRONO_VISANDOR_BUSY_BY_WORK, TRUE, time);
}

static Work *
open_work (ChronoVisandorMachine *m, const WorkKey *key, Agent *agent, gint64 time, guint32 node)
{
  Work *work = g_new0 (Work, 1);
  work->key = *key;
  work->node = node;
  attach_work (m, work, agent, time);
  /* its callers end the work of that key first */
  gpointer replaced = chrono_visandor_work_table_insert (&m->work, work);
  g_assert_null (replaced);
  return work;
}

/* The work's stretch on its agent ends at time; the work may go on elsewhere
 * (a suspended branch). */
static void
detach_work (ChronoVisandorMachine *m, Work *work, gint64 time, guint8 flags)
{
  Agent *agent = work->agent;
  if (agent == NULL)
    return;
  if (work->key.kind == WORK_SLAVE)
    add_stretch (m, work->node, CHRONO_STRETCH_HELPED, agent, work->start, time);
  else
    end_run (m, work->node, &work->runner, agent, time);
  pop_node (agent, work);
  work->suspended_since = time;
  /* an index pass keeps no labels: millions of goals would be millions of strings */
  g_autofree char *label = keeps_notes (m) ? node_label (work->key.node, work->key.number) : NULL;
  if (work->key.kind == WORK_BRANCH)
    forget_branch (agent, work);
  add_span (m, agent->lane, work->start, time, work_states[work->key.kind], flags,
            (guint16) MIN (work->slot + 1, G_MAXUINT16), label);
  chrono_visandor_rows_release (&agent->rows, work->slot);
  if (--agent->n_work == 0)
    set_agent_busy (m, agent, CHRONO_VISANDOR_BUSY_BY_WORK, FALSE, time);
  work->agent = NULL;
}

static void
close_work (ChronoVisandorMachine *m, Work *work, gint64 time)
{
  detach_work (m, work, time, 0);
  chrono_visandor_work_table_remove (&m->work, &work->key);
  g_free (work);
}

static Work *
lookup_work (ChronoVisandorMachine *m, WorkKind kind, guint64 node, gint64 number, gint64 agent)
{
  WorkKey key = { node, number, agent, kind };
  return chrono_visandor_work_table_lookup (&m->work, &key);
}

static void warn (ChronoVisandorMachine *m, const ChronoVisandorEvent *ev, const char *category, const char *format,
                  ...) G_GNUC_PRINTF (4, 5);

static void
warn (ChronoVisandorMachine *m, const ChronoVisandorEvent *ev, const char *category, const char *format, ...)
{
  if (m->decoding)
    return; /* the index pass said it */
  va_list args;
  va_start (args, format);
  g_autofree char *message = g_strdup_vprintf (format, args);
  va_end (args);
  chrono_warnings_add (m->warnings, ev->line, category, "%s", message);
}

/* ---- and-parallelism ----------------------------------------------------------- */

/* A goal or branch started again before it ended: the old one ends here. */
static void
restart_work (ChronoVisandorMachine *m, Work *old, gint64 time)
{
  end_node (m, old->node, time, CHRONO_TREE_RESTARTED);
  close_work (m, old, time);
}

/* The fork's parent, still open, goes on at its join. */
static void
parent_goes_on (ChronoVisandorMachine *m, Fork *fork, gint64 time)
{
  if (fork->parent_is_root)
    {
      if (!m->root_closed)
        stop_waiting (m, m->root, &m->root_runner, time);
      return;
    }
  Work *parent = chrono_visandor_work_table_lookup (&m->work, &fork->parent_key);
  if (parent != NULL && parent->node == fork->parent_node && parent->node != CHRONO_TREE_NONE)
    stop_waiting (m, parent->node, &parent->runner, time);
}

static void
fork_event (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  g_autofree char *note =
      !keeps_notes (m)
          ? NULL
          : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "node %" PRIX64 ", %" PRId64 " goal",
                                          "node %" PRIX64 ", %" PRId64 " goals", (gulong) MAX (ev->number, 0)),
                             ev->node, ev->number);
  add_mark (m, agent->lane, ev->time, "fork", note);
  if (m->decoding)
    return;
  Fork *fork = g_new0 (Fork, 1);
  *fork = (Fork){ .lane = agent->lane,
                  .time = ev->time,
                  .n_tasks = ev->number,
                  .parent_node = current_node (m, agent),
                  .order = m->n_splits++,
                  .children = g_array_new (FALSE, FALSE, sizeof (guint32)) };
  Work *parent = current_work (agent);
  if (parent != NULL)
    {
      fork->parent_key = parent->key;
      start_waiting (m, parent->node, &parent->runner, agent, ev->time);
    }
  else if (fork->parent_node == m->root && !m->root_closed)
    {
      fork->parent_is_root = TRUE;
      start_waiting (m, m->root, &m->root_runner, g_hash_table_lookup (m->agents, &m->root_agent), ev->time);
    }
  Fork *replaced = g_hash_table_lookup (m->forks, &ev->node);
  if (replaced != NULL)
    parent_goes_on (m, replaced, ev->time); /* forked again before its join: the old fork is over */
  g_hash_table_replace (m->forks, g_memdup2 (&ev->node, sizeof ev->node), fork);
}

static void
start_goal (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  Work *old = lookup_work (m, WORK_GOAL, ev->node, ev->number, 0);
  gboolean restarted = old != NULL;
  if (restarted)
    {
      warn (m, ev, "goal restarted", _ ("goal %" PRIX64 ".%" PRId64 " starts again before it finished"), ev->node,
            ev->number);
      restart_work (m, old, ev->time); /* frees it */
    }
  Fork *fork = g_hash_table_lookup (m->forks, &ev->node);
  guint32 node = fork ? open_node (m, m->kind_goal, ev, fork->parent_node, fork->time, fork->order)
                      : open_node (m, m->kind_goal, ev, current_node (m, agent), G_MININT64, m->n_splits++);
  WorkKey key = { ev->node, ev->number, 0, WORK_GOAL };
  open_work (m, &key, agent, ev->time, node);
  if (fork != NULL)
    {
      if (node != CHRONO_TREE_NONE)
        g_array_append_val (fork->children, node);
      if (!restarted) /* a restarted goal is open once */
        fork->open++;
      add_link (m, fork->lane, fork->time, agent->lane, ev->time, CHRONO_VISANDOR_FORK, ev->node);
    }
}

static void
finish_goal (ChronoVisandorMachine *m, const ChronoVisandorEvent *ev)
{
  Work *work = lookup_work (m, WORK_GOAL, ev->node, ev->number, 0);
  if (work == NULL)
    {
      warn (m, ev, "finish without start", _ ("FINISH_GOAL of goal %" PRIX64 ".%" PRId64 ", which has not started"),
            ev->node, ev->number);
      return;
    }
  end_node (m, work->node, ev->time, CHRONO_TREE_FINISHED);
  close_work (m, work, ev->time);
  Fork *fork = g_hash_table_lookup (m->forks, &ev->node);
  if (fork != NULL)
    {
      fork->open--;
      fork->finished++;
    }
}

static void
join_event (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  g_autofree char *note = keeps_notes (m) ? g_strdup_printf ("node %" PRIX64 "", ev->node) : NULL;
  add_mark (m, agent->lane, ev->time, "join", note);
  if (m->decoding)
    return;
  Fork *fork = g_hash_table_lookup (m->forks, &ev->node);
  if (fork == NULL)
    warn (m, ev, "join without fork", _ ("JOIN of node %" PRIX64 ", which was not forked"), ev->node);
  else if (fork->open > 0 || fork->finished < fork->n_tasks)
    warn (m, ev, "early join",
          _ ("JOIN of node %" PRIX64 " before every goal of its fork finished (%" PRId64 " of %" PRId64 ")"), ev->node,
          fork->finished, fork->n_tasks);
  for (guint i = 0; fork != NULL && m->tree != NULL && i < fork->children->len; i++)
    chrono_tree_peek_node (m->tree, g_array_index (fork->children, guint32, i))->join_time = ev->time;
  if (fork != NULL)
    parent_goes_on (m, fork, ev->time);
  g_hash_table_remove (m->forks, &ev->node);
}

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

static void
show_untaken (ChronoVisandorMachine *m, const PublicNode *node, guint64 line)
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
      add_node (m, line, &row);
    }
}

static void
make_public (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  g_autofree char *note =
      !keeps_notes (m)
          ? NULL
          : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "node %" PRIX64 ", %" PRId64 " branch",
                                          "node %" PRIX64 ", %" PRId64 " branches", (gulong) MAX (ev->number, 0)),
                             ev->node, ev->number);
  add_mark (m, agent->lane, ev->time, "make public", note);
  guint32 parent = current_node (m, agent);
  /* a public node is where the branch that made it splits: it goes on in
   * the node's branches (the note's Andorra-I example: its slaves are done);
   * the node is drawn where that branch ends, as the papers draw or-trees */
  gboolean ends_parent = FALSE;
  Work *branch = innermost_branch (agent);
  if (branch != NULL)
    {
      if (branch->slaves != 0)
        warn (m, ev, "unbalanced slaves",
              _ ("branch %" PRIX64 ".%" PRId64 " makes a node public with START_BUSY and STOP_BUSY unbalanced (%+d)"),
              branch->key.node, branch->key.number, branch->slaves);
      ends_parent = branch->node == parent && parent != CHRONO_TREE_NONE;
      end_node (m, branch->node, ev->time, ends_parent ? CHRONO_TREE_PUBLIC : CHRONO_TREE_FINISHED);
      close_work (m, branch, ev->time);
    }
  if (m->decoding)
    return;
  if (parent == m->root && m->mode == CHRONO_VISANDOR_OR && !m->root_closed)
    {
      close_root (m, ev->time, CHRONO_TREE_PUBLIC); /* the program's work goes on in the branches */
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
                      : parent != CHRONO_TREE_NONE ? add_node (m, ev->line, &row)
                                                   : CHRONO_TREE_NONE;
  PublicNode *old = g_hash_table_lookup (m->public_nodes, &ev->node);
  if (old != NULL)
    show_untaken (m, old, ev->line); /* made public again: the old node is over */
  PublicNode *node =
      chrono_visandor_public_node_new (agent->lane, ev->node, ev->time, ev->number, tree_node, m->n_splits++);
  g_hash_table_replace (m->public_nodes, g_memdup2 (&ev->node, sizeof ev->node), node);
}

static void
start_branch (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  Work *old = lookup_work (m, WORK_BRANCH, ev->node, ev->number, 0);
  if (old != NULL)
    {
      warn (m, ev, "branch restarted", _ ("branch %" PRIX64 ".%" PRId64 " starts again before it ended"), ev->node,
            ev->number);
      restart_work (m, old, ev->time);
    }
  PublicNode *node = m->decoding ? NULL : g_hash_table_lookup (m->public_nodes, &ev->node);
  guint32 tree_node = node ? open_node (m, m->kind_branch, ev, node->tree_node, node->time, node->order)
                           : open_node (m, m->kind_branch, ev, current_node (m, agent), G_MININT64, m->n_splits++);
  WorkKey key = { ev->node, ev->number, 0, WORK_BRANCH };
  open_work (m, &key, agent, ev->time, tree_node);
  if (m->decoding)
    return;
  if (node == NULL)
    {
      warn (m, ev, "branch of a private node", _ ("START_BRANCH of node %" PRIX64 ", which was not made public"),
            ev->node);
      return;
    }
  add_link (m, node->lane, node->time, agent->lane, ev->time, CHRONO_VISANDOR_MAKE_PUBLIC, ev->node);
  /* every branch taken: the node is needed no more (a long or-trace makes millions) */
  chrono_visandor_public_node_take (node, ev->number);
  if (chrono_visandor_public_node_all_taken (node))
    g_hash_table_remove (m->public_nodes, &ev->node);
}

static void
resume_branch (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  Work *work = lookup_work (m, WORK_BRANCH, ev->node, ev->number, 0);
  if (work != NULL && work->agent == NULL)
    {
      add_stretch (m, work->node, CHRONO_STRETCH_SUSPENDED, NULL, work->suspended_since, ev->time);
      attach_work (m, work, agent, ev->time);
      return;
    }
  warn (m, ev, "resume without suspend", _ ("RESUME_BRANCH of branch %" PRIX64 ".%" PRId64 ", which is not suspended"),
        ev->node, ev->number);
  guint32 node = CHRONO_TREE_NONE;
  if (work != NULL)
    {
      detach_work (m, work, ev->time, 0);
      node = work->node; /* it goes on, here */
      work->node = CHRONO_TREE_NONE;
      close_work (m, work, ev->time);
    }
  else
    node = open_node (m, m->kind_branch, ev, current_node (m, agent), G_MININT64, m->n_splits++);
  WorkKey key = { ev->node, ev->number, 0, WORK_BRANCH };
  open_work (m, &key, agent, ev->time, node);
}

static void
suspend_branch (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  Work *work = lookup_work (m, WORK_BRANCH, ev->node, ev->number, 0);
  add_mark (m, agent->lane, ev->time, "suspend", NULL);
  if (work == NULL || work->agent == NULL)
    {
      warn (m, ev, "suspend without run", _ ("SUSPEND_BRANCH of branch %" PRIX64 ".%" PRId64 ", which is not running"),
            ev->node, ev->number);
      return;
    }
  detach_work (m, work, ev->time, 0);
}

/* SUCC_BRANCH, FAIL_BRANCH, CUTTING_BRANCH: the branch's end and outcome.
 * A cut may prune a branch no agent took: that is no mistake. */
static void
end_branch (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev, const char *outcome)
{
  add_mark (m, agent->lane, ev->time, outcome, NULL);
  ChronoTreeOutcome result = ev->code == CHRONO_VISANDOR_SUCC_BRANCH   ? CHRONO_TREE_SUCCEEDED
                             : ev->code == CHRONO_VISANDOR_FAIL_BRANCH ? CHRONO_TREE_FAILED
                                                                       : CHRONO_TREE_CUT;
  Work *work = lookup_work (m, WORK_BRANCH, ev->node, ev->number, 0);
  if (work == NULL && ev->code == CHRONO_VISANDOR_CUTTING_BRANCH)
    {
      /* pruned before anyone took it: a row that only says so */
      /* (a cut of a branch that ran and split already has no row of its own to add) */
      PublicNode *node = m->decoding ? NULL : g_hash_table_lookup (m->public_nodes, &ev->node);
      if (node != NULL && chrono_visandor_public_node_take (node, ev->number))
        {
          guint32 pruned = open_node (m, m->kind_branch, ev, node->tree_node, node->time, node->order);
          end_node (m, pruned, ev->time, CHRONO_TREE_CUT);
          if (chrono_visandor_public_node_all_taken (node))
            g_hash_table_remove (m->public_nodes, &ev->node);
        }
      return;
    }
  if (work == NULL)
    {
      if (ev->code != CHRONO_VISANDOR_CUTTING_BRANCH)
        warn (m, ev, "end without start", _ ("branch %" PRIX64 ".%" PRId64 " ends (%s) but has not started"), ev->node,
              ev->number, outcome);
      return;
    }
  if (work->slaves != 0)
    warn (m, ev, "unbalanced slaves",
          _ ("branch %" PRIX64 ".%" PRId64 " ends with START_BUSY and STOP_BUSY unbalanced (%+d)"), ev->node,
          ev->number, work->slaves);
  if (work->agent == NULL) /* ended while suspended */
    add_stretch (m, work->node, CHRONO_STRETCH_SUSPENDED, NULL, work->suspended_since, ev->time);
  end_node (m, work->node, ev->time, result);
  close_work (m, work, ev->time);
}

/* Andorra-I: a slave agent works for a branch from START_BUSY to STOP_BUSY. */
static void
slave_event (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev, gboolean start)
{
  set_agent_busy (m, agent, CHRONO_VISANDOR_BUSY_BY_SLAVE_EVENTS, start, ev->time);
  Work *branch = lookup_work (m, WORK_BRANCH, ev->node, ev->number, 0);
  if (branch != NULL)
    branch->slaves += start ? 1 : -1;
  Work *work = lookup_work (m, WORK_SLAVE, ev->node, ev->number, agent->number);
  if (start)
    {
      if (work != NULL)
        close_work (m, work, ev->time);
      WorkKey key = { ev->node, ev->number, agent->number, WORK_SLAVE };
      open_work (m, &key, agent, ev->time, branch ? branch->node : CHRONO_TREE_NONE);
    }
  else if (work != NULL)
    close_work (m, work, ev->time);
  /* a STOP_BUSY of no open stretch draws nothing; the note's rule is the
   * balance at the end of the branch */
}

/* ---- general events ---------------------------------------------------------------- */

static void
agent_busy (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev, gboolean busy)
{
  set_agent_busy (m, agent, CHRONO_VISANDOR_BUSY_BY_AGENT_EVENTS, busy, ev->time);
  if (busy && !agent->working)
    {
      agent->working = TRUE;
      agent->working_since = ev->time;
    }
  else if (!busy && agent->working)
    {
      agent->working = FALSE;
      add_span (m, agent->lane, agent->working_since, ev->time, CHRONO_STATE_WORKING, 0, 0, NULL);
    }
}

static void
other_event (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev)
{
  switch (ev->code)
    {
    case CHRONO_VISANDOR_CREATE_WAM: add_mark (m, agent->lane, ev->time, "create WAM", NULL); break;
    case CHRONO_VISANDOR_CREATE_AGENT: add_mark (m, agent->lane, ev->time, "create agent", NULL); break;
    case CHRONO_VISANDOR_LEAF_CUT: add_mark (m, agent->lane, ev->time, "leaf cut", NULL); break;
      default: {
        /* an event the note does not define: shown, never refused */
        char kind[32];
        g_snprintf (kind, sizeof kind, "event %d", ev->code);
        add_mark (m, agent->lane, ev->time, kind, NULL);
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
      warn (m, ev, "stop time not last", _ ("STOP_TIME on line %" PRIu64 " is not the last event"), m->stop_line);
    }
  m->last_line = ev->line;
  Agent *agent = ensure_agent (m, ev->agent, ev->wam);
  if (m->root == CHRONO_TREE_NONE)
    open_root (m, ev);
  switch (ev->code)
    {
    case CHRONO_VISANDOR_START_TIME: break; /* the trace's bounds come from every timestamp */
    case CHRONO_VISANDOR_STOP_TIME: m->stop_line = ev->line; break;
    case CHRONO_VISANDOR_AGENT_BUSY: agent_busy (m, agent, ev, TRUE); break;
    case CHRONO_VISANDOR_AGENT_IDLE: agent_busy (m, agent, ev, FALSE); break;
    case CHRONO_VISANDOR_FORK: fork_event (m, agent, ev); break;
    case CHRONO_VISANDOR_START_GOAL: start_goal (m, agent, ev); break;
    case CHRONO_VISANDOR_FINISH_GOAL: finish_goal (m, ev); break;
    case CHRONO_VISANDOR_JOIN: join_event (m, agent, ev); break;
    case CHRONO_VISANDOR_MAKE_PUBLIC: make_public (m, agent, ev); break;
    case CHRONO_VISANDOR_START_BRANCH: start_branch (m, agent, ev); break;
    case CHRONO_VISANDOR_RESUME_BRANCH: resume_branch (m, agent, ev); break;
    case CHRONO_VISANDOR_SUSPEND_BRANCH: suspend_branch (m, agent, ev); break;
    case CHRONO_VISANDOR_SUCC_BRANCH: end_branch (m, agent, ev, "success"); break;
    case CHRONO_VISANDOR_FAIL_BRANCH: end_branch (m, agent, ev, "failure"); break;
    case CHRONO_VISANDOR_CUTTING_BRANCH: end_branch (m, agent, ev, "cut"); break;
    case CHRONO_VISANDOR_START_BUSY: slave_event (m, agent, ev, TRUE); break;
    case CHRONO_VISANDOR_STOP_BUSY: slave_event (m, agent, ev, FALSE); break;
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
    show_untaken (m, g_ptr_array_index (nodes, i), m->last_line);
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
        add_stretch (m, work->node, CHRONO_STRETCH_SUSPENDED, NULL, work->suspended_since, end);
      if (work->key.kind != WORK_SLAVE)
        end_node (m, work->node, end, CHRONO_TREE_OPEN);
      detach_work (m, work, end, flags);
    }
  close_root (m, end, m->stop_line != 0 ? CHRONO_TREE_FINISHED : CHRONO_TREE_OPEN);
  if (!m->decoding)
    show_all_untaken (m);

  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, m->agents);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Agent *agent = value;
      if (agent->working)
        add_span (m, agent->lane, agent->working_since, end, CHRONO_STATE_WORKING, flags, 0, NULL);
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
  counter_flush (m, counter, end);
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
