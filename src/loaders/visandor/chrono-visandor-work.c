/* chrono-visandor-work.c — what the VisAndOr machine makes: spans, marks,
 * arrows and counter values on the agents' lanes, the agents themselves,
 * the and/or tree's nodes and stretches, and the items of work (goals,
 * branches, slave work) open on the agents that run them. */
#include <glib/gi18n-lib.h>

#include "chrono-visandor-machine-private.h"

#include <inttypes.h>

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
void
chrono_visandor_add_span (ChronoVisandorMachine *m, ChronoLane *lane, gint64 start, gint64 end, ChronoState state,
                          guint8 flags, guint16 depth, const char *label)
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
gboolean
chrono_visandor_keeps_notes (ChronoVisandorMachine *m)
{
  return m->summary_buckets == 0;
}

void
chrono_visandor_add_mark (ChronoVisandorMachine *m, ChronoLane *lane, gint64 time, const char *kind, const char *note)
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

void
chrono_visandor_add_link (ChronoVisandorMachine *m, ChronoLane *from, gint64 from_time, ChronoLane *to, gint64 to_time,
                          guint32 kind, guint64 node)
{
  if (m->decoding || from == to)
    return; /* the index holds the arrows; work kept on one agent needs none */
  ChronoLink link = { from, to, from_time, to_time, kind, 0, (gint64) node };
  chrono_links_append (chrono_trace_get_links (m->trace), &link);
}

/* The value held since the counter last changed, up to time. */
void
chrono_visandor_counter_flush (ChronoVisandorMachine *m, Counter *c, gint64 time)
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

void
chrono_visandor_set_agent_busy (ChronoVisandorMachine *m, Agent *agent, ChronoVisandorBusySource source, gboolean busy,
                                gint64 time)
{
  Counter *c = &m->counters[source];
  c->seen = TRUE;
  if (agent->busy[source] == busy)
    return;
  chrono_visandor_counter_flush (m, c, time);
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

Agent *
chrono_visandor_ensure_agent (ChronoVisandorMachine *m, gint64 number, guint64 wam)
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
guint32
chrono_visandor_current_node (ChronoVisandorMachine *m, Agent *agent)
{
  return agent->stack->len > 0 ? ((Work *) g_ptr_array_index (agent->stack, agent->stack->len - 1))->node : m->root;
}

/* The work an agent runs now, NULL when it runs none with a tree node. */
Work *
chrono_visandor_current_work (Agent *agent)
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

void
chrono_visandor_add_stretch (ChronoVisandorMachine *m, guint32 node, ChronoStretchKind kind, Agent *agent, gint64 start,
                             gint64 end)
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
    chrono_visandor_add_stretch (m, node, CHRONO_STRETCH_WAITING, NULL, runner->wait_from, time);
  else
    chrono_visandor_add_stretch (m, node, CHRONO_STRETCH_RUNNING, agent, runner->run_from, time);
}

/* A fork: the node stops running and waits. */
void
chrono_visandor_start_waiting (ChronoVisandorMachine *m, guint32 node, Runner *runner, Agent *agent, gint64 time)
{
  if (runner->forks_open++ > 0)
    return;
  chrono_visandor_add_stretch (m, node, CHRONO_STRETCH_RUNNING, agent, runner->run_from, time);
  runner->wait_from = time;
}

/* Its last open fork joined: the node runs again. */
void
chrono_visandor_stop_waiting (ChronoVisandorMachine *m, guint32 node, Runner *runner, gint64 time)
{
  if (runner->forks_open == 0 || --runner->forks_open > 0)
    return;
  chrono_visandor_add_stretch (m, node, CHRONO_STRETCH_WAITING, NULL, runner->wait_from, time);
  runner->run_from = time;
}

/* A node of the tree, unless the tree is full; line: the file's, for the warning. */
guint32
chrono_visandor_add_node (ChronoVisandorMachine *m, guint64 line, const ChronoTreeNode *node)
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

guint32
chrono_visandor_open_node (ChronoVisandorMachine *m, guint32 kind, const ChronoVisandorEvent *ev, guint32 parent,
                           gint64 split_time, guint64 split_order)
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
  return chrono_visandor_add_node (m, ev->line, &node);
}

void
chrono_visandor_end_node (ChronoVisandorMachine *m, guint32 node, gint64 time, ChronoTreeOutcome outcome)
{
  if (m->tree == NULL || node == CHRONO_TREE_NONE)
    return;
  ChronoTreeNode *n = chrono_tree_peek_node (m->tree, node);
  n->end = time;
  n->outcome = outcome;
}

/* The program: what the first agent runs from the first event, up to the
 * trace's end (AND) or its first public node (OR). */
void
chrono_visandor_open_root (ChronoVisandorMachine *m, const ChronoVisandorEvent *ev)
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

void
chrono_visandor_close_root (ChronoVisandorMachine *m, gint64 time, ChronoTreeOutcome outcome)
{
  if (m->tree == NULL || m->root == CHRONO_TREE_NONE || m->root_closed)
    return;
  m->root_closed = TRUE;
  chrono_visandor_end_node (m, m->root, time, outcome);
  end_run (m, m->root, &m->root_runner, g_hash_table_lookup (m->agents, &m->root_agent), time);
}

/* ---- work ---------------------------------------------------------------- */

static const ChronoState work_states[] = {
  [WORK_GOAL] = CHRONO_STATE_GOAL,
  [WORK_BRANCH] = CHRONO_STATE_BRANCH,
  [WORK_SLAVE] = CHRONO_STATE_SLAVE,
};

void
chrono_visandor_attach_work (ChronoVisandorMachine *m, Work *work, Agent *agent, gint64 time)
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
    chrono_visandor_set_agent_busy (m, agent, CHRONO_VISANDOR_BUSY_BY_WORK, TRUE, time);
}

Work *
chrono_visandor_open_work (ChronoVisandorMachine *m, const WorkKey *key, Agent *agent, gint64 time, guint32 node)
{
  Work *work = g_new0 (Work, 1);
  work->key = *key;
  work->node = node;
  chrono_visandor_attach_work (m, work, agent, time);
  /* its callers end the work of that key first */
  gpointer replaced = chrono_visandor_work_table_insert (&m->work, work);
  g_assert_null (replaced);
  return work;
}

/* The work's stretch on its agent ends at time; the work may go on elsewhere
 * (a suspended branch). */
void
chrono_visandor_detach_work (ChronoVisandorMachine *m, Work *work, gint64 time, guint8 flags)
{
  Agent *agent = work->agent;
  if (agent == NULL)
    return;
  if (work->key.kind == WORK_SLAVE)
    chrono_visandor_add_stretch (m, work->node, CHRONO_STRETCH_HELPED, agent, work->start, time);
  else
    end_run (m, work->node, &work->runner, agent, time);
  pop_node (agent, work);
  work->suspended_since = time;
  /* an index pass keeps no labels: millions of goals would be millions of strings */
  g_autofree char *label = chrono_visandor_keeps_notes (m) ? node_label (work->key.node, work->key.number) : NULL;
  if (work->key.kind == WORK_BRANCH)
    forget_branch (agent, work);
  chrono_visandor_add_span (m, agent->lane, work->start, time, work_states[work->key.kind], flags,
                            (guint16) MIN (work->slot + 1, G_MAXUINT16), label);
  chrono_visandor_rows_release (&agent->rows, work->slot);
  if (--agent->n_work == 0)
    chrono_visandor_set_agent_busy (m, agent, CHRONO_VISANDOR_BUSY_BY_WORK, FALSE, time);
  work->agent = NULL;
}

void
chrono_visandor_close_work (ChronoVisandorMachine *m, Work *work, gint64 time)
{
  chrono_visandor_detach_work (m, work, time, 0);
  chrono_visandor_work_table_remove (&m->work, &work->key);
  g_free (work);
}

Work *
chrono_visandor_lookup_work (ChronoVisandorMachine *m, WorkKind kind, guint64 node, gint64 number, gint64 agent)
{
  WorkKey key = { node, number, agent, kind };
  return chrono_visandor_work_table_lookup (&m->work, &key);
}

void
chrono_visandor_warn (ChronoVisandorMachine *m, const ChronoVisandorEvent *ev, const char *category, const char *format,
                      ...)
{
  if (m->decoding)
    return; /* the index pass said it */
  va_list args;
  va_start (args, format);
  g_autofree char *message = g_strdup_vprintf (format, args);
  va_end (args);
  chrono_warnings_add (m->warnings, ev->line, category, "%s", message);
}
