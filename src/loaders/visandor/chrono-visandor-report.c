#include "chrono-visandor-report.h"

#include <stdlib.h>

#include "chrono-trace.h"

/* The two pairs of events busy time can be measured by; which one a trace
 * uses is chosen once, at its end. */
enum { PAIR_AGENT, PAIR_SLAVE, N_PAIRS };

typedef struct {
  gint64 number;
  guint64 events;
  gboolean busy[N_PAIRS];
  gint64 busy_since[N_PAIRS];
  gint64 busy_time[N_PAIRS];
  GPtrArray *goals; /* OpenGoal: its open goals, the one it runs last; NULL where one finished below */
} ReportAgent;

/* A goal is known by its fork's node and its number. */
typedef struct {
  guint64 node;
  gint64 number;
} GoalKey;

/* An open goal runs from its start to its first fork, from each join to the
 * next fork, and from its last join to its finish; in between it waits for
 * the goals it forked, which is no run of its own ("the father of a FORK is
 * the START_GOAL with the same Agentid": the agent's innermost open goal). */
typedef struct {
  GoalKey key;
  guint64 serial; /* which start of the key: a restarted goal is another */
  ReportAgent *agent;
  guint stack_index;
  gint64 run_from; /* while it runs: since when */
  guint forks_open;
} OpenGoal;

/* A fork, until its join: the goal that forked. */
typedef struct {
  GoalKey parent;
  guint64 serial;
} ForkParent;

struct _ChronoVisandorReport {
  gboolean have_time;
  gint64 begin, end;
  GHashTable *code_counts; /* gint32 code -> guint64 count, both in one gint64 pair */
  GArray *codes; /* CodeCount */
  GHashTable *agents; /* gint64 number -> ReportAgent */
  ReportAgent *last_agent; /* of the last event: most events are of the agent before */
  gboolean pair_seen[N_PAIRS];
  guint64 forks, goals, public_nodes, branches, succeeded, failed, suspended;
  GHashTable *open_goals; /* GoalKey -> OpenGoal */
  GHashTable *fork_parents; /* guint64 node -> ForkParent, until its join */
  guint64 n_starts;
  gint64 goal_time;
  GArray *goal_starts, *goal_ends; /* gint64: the goals of positive length, for the most at once */
};

typedef struct {
  gint32 code;
  guint64 count;
} CodeCount;

static guint
goal_key_hash (gconstpointer p)
{
  const GoalKey *k = p;
  return (guint) (k->node ^ (k->node >> 32)) * 31u + (guint) k->number;
}

static gboolean
goal_key_equal (gconstpointer a, gconstpointer b)
{
  const GoalKey *x = a, *y = b;
  return x->node == y->node && x->number == y->number;
}

static void
report_agent_free (ReportAgent *agent)
{
  g_clear_pointer (&agent->goals, g_ptr_array_unref);
  g_free (agent);
}

ChronoVisandorReport *
chrono_visandor_report_new (void)
{
  ChronoVisandorReport *r = g_new0 (ChronoVisandorReport, 1);
  r->code_counts = g_hash_table_new (g_direct_hash, g_direct_equal);
  r->codes = g_array_new (FALSE, FALSE, sizeof (CodeCount));
  r->agents = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) report_agent_free);
  r->open_goals = g_hash_table_new_full (goal_key_hash, goal_key_equal, NULL, g_free);
  r->fork_parents = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  r->goal_starts = g_array_new (FALSE, FALSE, sizeof (gint64));
  r->goal_ends = g_array_new (FALSE, FALSE, sizeof (gint64));
  return r;
}

void
chrono_visandor_report_free (ChronoVisandorReport *r)
{
  if (r == NULL)
    return;
  g_hash_table_unref (r->code_counts);
  g_array_unref (r->codes);
  g_hash_table_unref (r->agents);
  g_hash_table_unref (r->open_goals);
  g_hash_table_unref (r->fork_parents);
  g_array_unref (r->goal_starts);
  g_array_unref (r->goal_ends);
  g_free (r);
}

static void
count_code (ChronoVisandorReport *r, gint32 code)
{
  gpointer index;
  /* index + 1, so that 0 means "not seen" */
  if (g_hash_table_lookup_extended (r->code_counts, GINT_TO_POINTER (code), NULL, &index))
    {
      g_array_index (r->codes, CodeCount, GPOINTER_TO_UINT (index) - 1).count++;
      return;
    }
  CodeCount entry = { code, 1 };
  g_array_append_val (r->codes, entry);
  g_hash_table_insert (r->code_counts, GINT_TO_POINTER (code), GUINT_TO_POINTER (r->codes->len));
}

static ReportAgent *
lookup_agent (ChronoVisandorReport *r, gint64 number)
{
  if (r->last_agent != NULL && r->last_agent->number == number)
    return r->last_agent;
  ReportAgent *agent = g_hash_table_lookup (r->agents, &number);
  if (agent == NULL)
    {
      agent = g_new0 (ReportAgent, 1);
      agent->number = number;
      g_hash_table_insert (r->agents, &agent->number, agent);
    }
  return r->last_agent = agent;
}

/* An interval opens at the first busy event while idle and closes at the
 * next idle event; repeats change nothing. */
static void
busy_event (ChronoVisandorReport *r, ReportAgent *agent, int pair, gboolean busy, gint64 time)
{
  r->pair_seen[pair] = TRUE;
  if (busy && !agent->busy[pair])
    agent->busy_since[pair] = time;
  else if (!busy && agent->busy[pair])
    agent->busy_time[pair] =
        chrono_ticks_sum (agent->busy_time[pair], chrono_ticks_between_held (agent->busy_since[pair], time));
  agent->busy[pair] = busy;
}

/* A stretch a goal ran. */
static void
add_run (ChronoVisandorReport *r, gint64 start, gint64 end)
{
  /* held at G_MAXINT64: times may lie at the 64-bit edges */
  r->goal_time = chrono_ticks_sum (r->goal_time, chrono_ticks_between_held (start, end));
  if (end > start) /* a run of no length is never open at an instant */
    {
      g_array_append_val (r->goal_starts, start);
      g_array_append_val (r->goal_ends, end);
    }
}

static void
push_goal (ReportAgent *agent, OpenGoal *goal)
{
  if (agent->goals == NULL)
    agent->goals = g_ptr_array_new ();
  goal->agent = agent;
  goal->stack_index = agent->goals->len;
  g_ptr_array_add (agent->goals, goal);
}

/* A goal finishing below the top leaves a hole, dropped once those above finish. */
static void
pop_goal (OpenGoal *goal)
{
  GPtrArray *goals = goal->agent->goals;
  goals->pdata[goal->stack_index] = NULL;
  guint len = goals->len;
  while (len > 0 && goals->pdata[len - 1] == NULL)
    len--;
  g_ptr_array_set_size (goals, len);
}

/* The goal's last stretch, up to time: a run, unless it still waits. */
static void
end_goal (ChronoVisandorReport *r, OpenGoal *goal, gint64 time)
{
  if (goal->forks_open == 0)
    add_run (r, goal->run_from, time);
  pop_goal (goal);
  g_hash_table_remove (r->open_goals, &goal->key);
}

static void
start_goal (ChronoVisandorReport *r, ReportAgent *agent, const ChronoVisandorEvent *ev)
{
  GoalKey key = { ev->node, ev->number };
  OpenGoal *goal = g_hash_table_lookup (r->open_goals, &key);
  if (goal != NULL)
    {
      /* started again while open: it restarts, what it ran before counts nowhere */
      pop_goal (goal);
      g_hash_table_steal (r->open_goals, &key);
    }
  else
    goal = g_new0 (OpenGoal, 1);
  *goal = (OpenGoal){ .key = key, .serial = ++r->n_starts, .run_from = ev->time };
  push_goal (agent, goal);
  g_hash_table_insert (r->open_goals, &goal->key, goal);
}

static void
finish_goal (ChronoVisandorReport *r, const ChronoVisandorEvent *ev)
{
  GoalKey key = { ev->node, ev->number };
  OpenGoal *goal = g_hash_table_lookup (r->open_goals, &key);
  if (goal != NULL) /* else no open START_GOAL: nothing to match */
    end_goal (r, goal, ev->time);
}

static OpenGoal *
innermost_goal (ReportAgent *agent)
{
  return agent->goals != NULL && agent->goals->len > 0 ? g_ptr_array_index (agent->goals, agent->goals->len - 1) : NULL;
}

/* The fork of node joins (or is forked again) at time: the goal that forked
 * runs again once none of its forks is open. */
static void
join_event (ChronoVisandorReport *r, guint64 node, gint64 time)
{
  ForkParent *fork = g_hash_table_lookup (r->fork_parents, &node);
  if (fork == NULL)
    return;
  OpenGoal *parent = g_hash_table_lookup (r->open_goals, &fork->parent);
  if (parent != NULL && parent->serial == fork->serial && parent->forks_open > 0 && --parent->forks_open == 0)
    parent->run_from = time;
  g_hash_table_remove (r->fork_parents, &node);
}

static void
fork_event (ChronoVisandorReport *r, ReportAgent *agent, const ChronoVisandorEvent *ev)
{
  r->forks++;
  join_event (r, ev->node, ev->time); /* forked again before its join: the old fork is over */
  OpenGoal *parent = innermost_goal (agent);
  if (parent == NULL)
    return;
  if (parent->forks_open++ == 0)
    add_run (r, parent->run_from, ev->time);
  ForkParent *fork = g_new (ForkParent, 1);
  *fork = (ForkParent){ parent->key, parent->serial };
  g_hash_table_insert (r->fork_parents, g_memdup2 (&ev->node, sizeof ev->node), fork);
}

void
chrono_visandor_report_feed (ChronoVisandorReport *r, const ChronoVisandorEvent *ev)
{
  if (!r->have_time)
    r->begin = r->end = ev->time;
  r->have_time = TRUE;
  r->begin = MIN (r->begin, ev->time);
  r->end = MAX (r->end, ev->time);
  count_code (r, ev->code);
  ReportAgent *agent = lookup_agent (r, ev->agent);
  agent->events++;
  switch (ev->code)
    {
    case CHRONO_VISANDOR_AGENT_BUSY: busy_event (r, agent, PAIR_AGENT, TRUE, ev->time); break;
    case CHRONO_VISANDOR_AGENT_IDLE: busy_event (r, agent, PAIR_AGENT, FALSE, ev->time); break;
    case CHRONO_VISANDOR_START_BUSY: busy_event (r, agent, PAIR_SLAVE, TRUE, ev->time); break;
    case CHRONO_VISANDOR_STOP_BUSY: busy_event (r, agent, PAIR_SLAVE, FALSE, ev->time); break;
    case CHRONO_VISANDOR_FORK: fork_event (r, agent, ev); break;
    case CHRONO_VISANDOR_JOIN: join_event (r, ev->node, ev->time); break;
    case CHRONO_VISANDOR_START_GOAL:
      r->goals++;
      start_goal (r, agent, ev);
      break;
    case CHRONO_VISANDOR_FINISH_GOAL: finish_goal (r, ev); break;
    case CHRONO_VISANDOR_MAKE_PUBLIC: r->public_nodes++; break;
    case CHRONO_VISANDOR_START_BRANCH: r->branches++; break;
    case CHRONO_VISANDOR_SUCC_BRANCH: r->succeeded++; break;
    case CHRONO_VISANDOR_FAIL_BRANCH: r->failed++; break;
    case CHRONO_VISANDOR_SUSPEND_BRANCH: r->suspended++; break;
    default: break;
    }
}

static int
compare_int64 (const void *a, const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return x < y ? -1 : x > y;
}

static int
compare_code (const void *a, const void *b)
{
  const CodeCount *x = a, *y = b;
  return x->code < y->code ? -1 : x->code > y->code;
}

static int
compare_agents (const void *a, const void *b)
{
  return compare_int64 (&(*(ReportAgent *const *) a)->number, &(*(ReportAgent *const *) b)->number);
}

/* Sorted unless in order already: ends are counted as they come, in time
 * order unless the file's times go back. */
static void
sort_times (gint64 *times, guint n)
{
  for (guint i = 1; i < n; i++)
    if (times[i] < times[i - 1])
      {
        qsort (times, n, sizeof *times, compare_int64);
        return;
      }
}

/* The most goals running at one instant (a goal waiting for its fork's
 * goals is not): intervals are half-open, so a goal finishing at t and one
 * starting at t do not run together. */
static guint64
max_parallel_goals (ChronoVisandorReport *r)
{
  gint64 *starts = (gint64 *) r->goal_starts->data, *ends = (gint64 *) r->goal_ends->data;
  guint n = r->goal_starts->len;
  sort_times (starts, n);
  sort_times (ends, n);
  guint64 open = 0, most = 0;
  for (guint i = 0, j = 0; i < n; i++)
    {
      for (; j < n && ends[j] <= starts[i]; j++)
        open--;
      open++;
      most = MAX (most, open);
    }
  return most;
}

static GVariant *
seconds (const ChronoClock *clock, gint64 ticks)
{
  return g_variant_new_double ((double) ticks / (double) clock->ticks_per_second);
}

static GVariant *
events_by_code (ChronoVisandorReport *r)
{
  GVariantBuilder builder;
  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_array_sort (r->codes, compare_code);
  for (guint i = 0; i < r->codes->len; i++)
    {
      const CodeCount *c = &g_array_index (r->codes, CodeCount, i);
      char key[16];
      g_snprintf (key, sizeof key, "%d", c->code);
      g_variant_builder_add (&builder, "{sv}", key, g_variant_new_uint64 (c->count));
    }
  return g_variant_builder_end (&builder);
}

/* Busy time is measured by AGENT_BUSY/AGENT_IDLE when the trace has either,
 * else by START_BUSY/STOP_BUSY, else not at all (null). */
static GVariant *
agents_list (ChronoVisandorReport *r, const ChronoClock *clock)
{
  int pair = r->pair_seen[PAIR_AGENT] ? PAIR_AGENT : r->pair_seen[PAIR_SLAVE] ? PAIR_SLAVE : -1;
  guint n = 0;
  g_autofree ReportAgent **agents = g_new (ReportAgent *, g_hash_table_size (r->agents) + 1);
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, r->agents);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    agents[n++] = value;
  if (n > 1)
    qsort (agents, n, sizeof *agents, compare_agents);
  GVariantBuilder builder;
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aa{sv}"));
  for (guint i = 0; i < n; i++)
    {
      ReportAgent *agent = agents[i];
      GVariantBuilder entry;
      g_variant_builder_init (&entry, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&entry, "{sv}", "agent", g_variant_new_int64 (agent->number));
      g_variant_builder_add (&entry, "{sv}", "events", g_variant_new_uint64 (agent->events));
      GVariant *busy = NULL;
      if (pair >= 0)
        {
          gint64 total = agent->busy_time[pair];
          if (agent->busy[pair]) /* still busy: closes at the end */
            total = chrono_ticks_sum (total, chrono_ticks_between_held (agent->busy_since[pair], r->end));
          busy = seconds (clock, total);
        }
      g_variant_builder_add (&entry, "{sv}", "busy_time", g_variant_new_maybe (G_VARIANT_TYPE_DOUBLE, busy));
      g_variant_builder_add_value (&builder, chrono_statistics_compact (g_variant_builder_end (&entry)));
    }
  return chrono_statistics_compact (g_variant_builder_end (&builder));
}

GVariant *
chrono_visandor_report_finish (ChronoVisandorReport *r, ChronoVisandorMode mode, const ChronoClock *clock)
{
  /* goals never finished close at the end */
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, r->open_goals);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      OpenGoal *goal = value;
      if (goal->forks_open == 0)
        add_run (r, goal->run_from, r->end);
    }
  g_hash_table_remove_all (r->open_goals);

  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "format", g_variant_new_string ("visandor"));
  g_variant_builder_add (&b, "{sv}", "mode", g_variant_new_string (mode == CHRONO_VISANDOR_OR ? "or" : "and"));
  g_variant_builder_add (&b, "{sv}", "begin",
                         g_variant_new_maybe (G_VARIANT_TYPE_DOUBLE, r->have_time ? seconds (clock, r->begin) : NULL));
  g_variant_builder_add (&b, "{sv}", "end",
                         g_variant_new_maybe (G_VARIANT_TYPE_DOUBLE, r->have_time ? seconds (clock, r->end) : NULL));
  g_variant_builder_add (&b, "{sv}", "events", events_by_code (r));
  g_variant_builder_add (&b, "{sv}", "agents", agents_list (r, clock));
  if (mode == CHRONO_VISANDOR_AND)
    {
      g_variant_builder_add (&b, "{sv}", "forks", g_variant_new_uint64 (r->forks));
      g_variant_builder_add (&b, "{sv}", "goals", g_variant_new_uint64 (r->goals));
      g_variant_builder_add (&b, "{sv}", "goal_time", seconds (clock, r->goal_time));
      g_variant_builder_add (&b, "{sv}", "max_parallel_goals", g_variant_new_uint64 (max_parallel_goals (r)));
    }
  else
    {
      g_variant_builder_add (&b, "{sv}", "public_nodes", g_variant_new_uint64 (r->public_nodes));
      g_variant_builder_add (&b, "{sv}", "branches", g_variant_new_uint64 (r->branches));
      g_variant_builder_add (&b, "{sv}", "succeeded", g_variant_new_uint64 (r->succeeded));
      g_variant_builder_add (&b, "{sv}", "failed", g_variant_new_uint64 (r->failed));
      g_variant_builder_add (&b, "{sv}", "suspended", g_variant_new_uint64 (r->suspended));
    }
  return g_variant_builder_end (&b);
}
