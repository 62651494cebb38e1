/* chrono-gen-visandor: synthetic VisAndOr trace generator with known
 * statistics.
 *
 * Simulates the parallel execution of a logic program on N agents and
 * writes the VisAndOr event trace of it, line by line as the Ciao writer
 * does ("%8lu %d %X %d %X %d \n", after a first line with the parallelism
 * flag):
 *
 *  - and-parallelism (--mode and): work stealing.  A goal forks 2..4 goals;
 *    the forking agent runs goal 0 and later the goals nobody stole, idle
 *    agents steal the others; the forking goal waits and JOINs when all its
 *    goals finished.  Forks nest to a depth; an agent that waits for a join
 *    steals other work meanwhile (so goals can be trapped under others).
 *    AGENT_BUSY / AGENT_IDLE when agents find or lose work.
 *  - or-parallelism (--mode or): a running branch makes a choice point
 *    public (the branch ends there); its branches are taken by the agent
 *    that made it (branch 0 at once, then the others depth first) and by
 *    idle agents (oldest node first); branches succeed, fail, are cut, or
 *    suspend and resume later, often on another agent.  When a query's
 *    tree is done, agent 0 starts the next query.  With --andorra, the odd
 *    agents are Andorra-I slaves that only join running branches
 *    (START_BUSY .. STOP_BUSY, all stopped before the branch ends), and
 *    idle agents may join too.
 *
 * Timestamps are the simulated time in ticks (microseconds), made strictly
 * increasing (or, with --ties, non-decreasing) line by line.  The run stops
 * creating work once --events lines are written and winds down: every goal
 * finishes, every fork joins, every suspended branch resumes and ends,
 * then STOP_TIME.
 *
 * With --stats it writes the figures `chronoscope-cli info --json` must
 * report for the trace, taken from the simulator's own bookkeeping.
 *
 * Standalone: C11 + GLib only.  Deterministic for a given --seed.
 */
#include <glib.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chrono-gen-common.h"

/* ------------------------------------------------------------------------ */
/* Event codes                                                                */

enum {
  EV_FORK = 1,
  EV_START_GOAL = 2,
  EV_FINISH_GOAL = 3,
  EV_JOIN = 4,
  EV_START_TIME = 5,
  EV_STOP_TIME = 6,
  EV_AGENT_BUSY = 7,
  EV_AGENT_IDLE = 8,
  EV_MAKE_PUBLIC = 20,
  EV_START_BRANCH = 21,
  EV_SUCC_BRANCH = 22,
  EV_FAIL_BRANCH = 23,
  EV_SUSPEND_BRANCH = 24,
  EV_RESUME_BRANCH = 25,
  EV_CUTTING_BRANCH = 26,
  EV_START_BUSY = 33,
  EV_STOP_BUSY = 34,
  EV_UNKNOWN_A = 42, /* codes no reader knows: instant marks */
  EV_UNKNOWN_B = 99
};

#define NCODES 128

/* ------------------------------------------------------------------------ */
/* Configuration                                                              */

static gboolean mode_or;
static int nagents;
static int64_t target_events;
static gboolean busy_events; /* write AGENT_BUSY / AGENT_IDLE */
static gboolean andorra;
static gboolean ties;
static gboolean unknown_codes;
static int64_t tick_step; /* U: the time scale of every duration */

/* and-parallelism: goals at depth < AND_MAXDEPTH may fork */
#define AND_MAXDEPTH 4
/* mean compute segment in tenths of tick_step per busy agent (calibrated:
 * the mean spacing of lines is about tick_step) */
#define AND_SEGMENT 21
#define OR_SEGMENT 20
#define OR_SEGMENT_ANDORRA 36 /* slaves write lines too */
/* or-parallelism: branches at depth < OR_MAXDEPTH may make a node public */
#define OR_MAXDEPTH 6
/* per mille: a branch segment ends in a suspension */
#define OR_SUSPEND_PM 60
/* per mille: a branch segment ends in a public node (below OR_MAXDEPTH) */
#define OR_PUBLIC_PM 700
/* per mille of the ends: cut, success (else failure) */
#define OR_CUT_PM 80
#define OR_SUCC_PM 320
/* per mille: Andorra-I slaves join a branch segment (slave-only agents
 * free / only idle agents) */
#define OR_TEAM_PM 900
#define OR_SLAVES_PM 600
/* per mille: a slave that stops joins the same branch again */
#define OR_REJOIN_PM 300
/* per mille: a line is followed by a line with an unknown code */
#define UNKNOWN_PM 3
/* per mille: a busy agent that steals writes AGENT_BUSY again */
#define BUSY_REPEAT_PM 250
/* per mille (with --ties): a line at the instant of the previous one gets
 * its timestamp */
#define TIE_PM 400
/* per mille (with --ties): a goal or branch segment takes no time */
#define ZERO_PM 50

/* ------------------------------------------------------------------------ */
/* Agents, timers                                                             */

enum {
  A_IDLE, /* no work, no timer; in the idle set */
  A_RUN, /* computing a goal / branch segment; timer = its end */
  A_SEEK, /* busy, looking for work to steal; timer = when it takes it */
  A_WAKE, /* idle, woken up; timer = when it looks for work */
  A_QUERY, /* OR: agent 0 about to start the next query */
  A_ROOT, /* OR: agent 0 computing the top of a query */
  A_SLAVE_PENDING, /* OR: Andorra-I slave about to join; timer = START_BUSY */
  A_SLAVE /* OR: Andorra-I slave working; timer = STOP_BUSY */
};

typedef struct {
  int fork; /* -1: the root query */
  int task;
  int depth;
  int forks_left;
  int wait_fork; /* -1 while computing */
  int64_t run_from; /* a goal runs from its start to its fork, from its join to its next fork or its end */
} Frame;

typedef struct {
  int fork, task;
} Task;

typedef struct {
  uint64_t nodeid;
  int b, next, depth;
} NodeRec;

#define MAXSLAVES 4

typedef struct {
  uint64_t nodeid;
  int idx, depth;
  int nslaves;
  int slaves[MAXSLAVES];
} Branch;

typedef struct {
  int state;
  gboolean busy; /* between AGENT_BUSY and AGENT_IDLE */
  int idle_pos; /* index in idle_set or -1 */
  uint64_t wam;
  Name suffix; /* " <wam hex> <agent> \n" */
  /* AND */
  Frame *st;
  int sp, st_cap;
  Task *dq; /* tasks this agent forked and nobody took yet */
  int dq_lo, dq_hi, dq_cap;
  uint64_t node_counter;
  /* OR */
  NodeRec *ns; /* public nodes this agent made with branches left */
  int ns_lo, ns_hi, ns_cap;
  Branch br; /* the branch it runs (A_RUN) */
  int master; /* slave: the agent whose branch it works for */
  gboolean slave_only; /* --andorra: odd agents only work as slaves */
  /* statistics */
  uint64_t events;
  gboolean open78, open3334;
  int64_t since78, since3334;
  int64_t busy78, busy3334;
} Agent;

static Agent *agents;
static int *idle_set;
static int nidle;
static int *pool; /* free slave-only agents (also A_IDLE) */
static int npool;
static int nbusy;

/* an indexed binary heap of timers: slots 0..nagents-1 are the agents,
 * slot nagents is the OR "a suspended branch becomes ready" timer */
static int *heap;
static int hsize;
static int *hpos;
static int64_t *htime;

static int64_t now; /* simulation time in ticks (µs) */

static inline gboolean
h_less (int a, int b)
{
  return htime[a] < htime[b] || (htime[a] == htime[b] && a < b);
}

static void
h_up (int i)
{
  int s = heap[i];
  while (i > 0)
    {
      int p = (i - 1) / 2;
      if (!h_less (s, heap[p]))
        break;
      heap[i] = heap[p];
      hpos[heap[i]] = i;
      i = p;
    }
  heap[i] = s;
  hpos[s] = i;
}

static void
h_down (int i)
{
  int s = heap[i];
  for (;;)
    {
      int c = 2 * i + 1;
      if (c >= hsize)
        break;
      if (c + 1 < hsize && h_less (heap[c + 1], heap[c]))
        c++;
      if (!h_less (heap[c], s))
        break;
      heap[i] = heap[c];
      hpos[heap[i]] = i;
      i = c;
    }
  heap[i] = s;
  hpos[s] = i;
}

static void
timer_set (int slot, int64_t t)
{
  htime[slot] = t;
  if (hpos[slot] < 0)
    {
      heap[hsize] = slot;
      hpos[slot] = hsize++;
      h_up (hpos[slot]);
    }
  else
    {
      h_up (hpos[slot]);
      h_down (hpos[slot]);
    }
}

static void
timer_clear (int slot)
{
  int i = hpos[slot];
  if (i < 0)
    return;
  hpos[slot] = -1;
  if (--hsize == i)
    return;
  {
    int moved = heap[hsize];
    heap[i] = moved;
    hpos[moved] = i;
    h_up (i);
    h_down (hpos[moved]);
  }
}

static int
timer_pop (void)
{
  int s = heap[0];
  hpos[s] = -1;
  if (--hsize > 0)
    {
      heap[0] = heap[hsize];
      h_down (0);
    }
  return s;
}

static void
idle_add (int a)
{
  if (agents[a].slave_only)
    {
      agents[a].idle_pos = npool;
      pool[npool++] = a;
      return;
    }
  agents[a].idle_pos = nidle;
  idle_set[nidle++] = a;
}

static void
idle_remove (int a)
{
  int i = agents[a].idle_pos;
  int *set = agents[a].slave_only ? pool : idle_set;
  int last = agents[a].slave_only ? pool[--npool] : idle_set[--nidle];
  set[i] = last;
  agents[last].idle_pos = i;
  agents[a].idle_pos = -1;
}

/* ------------------------------------------------------------------------ */
/* Output                                                                     */

/* upper-case hexadecimal without prefix, as %X */
static inline void
out_hex (uint64_t v)
{
  static const char hex[16] = "0123456789ABCDEF";
  int n = 1;
  char *d;

  for (uint64_t t = v >> 4; t; t >>= 4)
    n++;
  d = obuf + opos + n;
  opos += (size_t) n;
  do
    {
      *--d = hex[v & 15u];
      v >>= 4;
    }
  while (v);
}

/* "%8lu " */
static inline void
out_ts (uint64_t ts)
{
  char tmp[48];
  char *d = fmt_u64 (tmp + 24, ts);
  size_t n = (size_t) (tmp + 24 - d);

  if (n < 8)
    {
      memset (obuf + opos, ' ', 8 - n);
      opos += 8 - n;
    }
  d[n] = ' ';
  memcpy (obuf + opos, d, 16);
  if (n + 1 > 16)
    memcpy (obuf + opos + 16, d + 16, n + 1 - 16);
  opos += n + 1;
}

/* "%d " of an event code, padded for out_name */
static Name code_text[NCODES];

static uint64_t nlines; /* event lines written */
static int64_t first_ts = -1;
static int64_t last_ts = -1;
static gboolean draining; /* the --events budget is spent: wind down */

/* statistics kept while simulating */
static uint64_t code_count[NCODES];
static int64_t open_goals, max_parallel; /* goals running: a goal waiting for its fork's join is not */
static uint64_t st_forks, st_goals;
static int64_t goal_ticks;
static uint64_t st_public, st_branches, st_succ, st_fail, st_susp;

static void
write_line (int64_t ts, int code, uint64_t nodeid, int64_t branches, int a)
{
  if (opos > OUTBUF_SIZE - OUTBUF_SLACK)
    out_flush ();
  out_ts ((uint64_t) ts);
  out_name (&code_text[code]);
  out_hex (nodeid);
  out_ch (' ');
  out_u64 ((uint64_t) branches);
  out_name (&agents[a].suffix);
}

/* the timestamp of the next line: the simulation time, but never before
 * the previous line, and after it unless --ties (then events that happen
 * at the same simulated instant share the timestamp TIE_PM times in 1000,
 * as a microsecond clock does) */
static inline int64_t
next_ts (void)
{
  int64_t ts = now;
  if (last_ts >= 0 && ts <= last_ts)
    ts = ties && rng_pm (TIE_PM) ? last_ts : last_ts + 1;
  return ts;
}

static inline void
count_line (int64_t ts, int code, int a)
{
  if (ts != last_ts)
    {
      /* the goals open after the last line of the previous instant are
       * the goals open during [previous instant, ts) */
      if (open_goals > max_parallel)
        max_parallel = open_goals;
    }
  if (first_ts < 0)
    first_ts = ts;
  last_ts = ts;
  code_count[code]++;
  agents[a].events++;
  nlines++;
  if (nlines >= (uint64_t) target_events)
    draining = TRUE;
}

/* write one event line of agent a; returns its timestamp */
static int64_t
emit (int code, uint64_t nodeid, int64_t branches, int a)
{
  int64_t ts = next_ts ();

  write_line (ts, code, nodeid, branches, a);
  count_line (ts, code, a);
  /* the goals open from this instant on (before a line that may follow) */
  if (code == EV_START_GOAL)
    open_goals++;
  else if (code == EV_FINISH_GOAL)
    open_goals--;
  if (unknown_codes && code != EV_START_TIME && code != EV_STOP_TIME && rng_pm (UNKNOWN_PM))
    {
      int ucode = rng_int_below (2) ? EV_UNKNOWN_A : EV_UNKNOWN_B;
      int64_t uts = next_ts ();
      write_line (uts, ucode, nodeid, rng_int_below (4), a);
      count_line (uts, ucode, a);
    }
  return ts;
}

/* ------------------------------------------------------------------------ */
/* Busy / idle bookkeeping                                                    */

/* uniform in [0.1, 1.9] x mean, at least 1 tick */
static inline int64_t
draw_around (int64_t mean)
{
  int64_t t = (int64_t) ((double) mean * (0.1 + 1.8 * rng_uniform ()));
  return t < 1 ? 1 : t;
}

static inline int64_t
lat (void)
{
  return tick_step * rng_range (1, 3);
}

static void
ensure_busy (int a)
{
  Agent *ag = &agents[a];
  if (ag->busy)
    return;
  ag->busy = TRUE;
  nbusy++;
  if (busy_events)
    {
      int64_t ts = emit (EV_AGENT_BUSY, 0, nbusy, a);
      if (!ag->open78)
        {
          ag->open78 = TRUE;
          ag->since78 = ts;
        }
    }
}

/* AGENT_BUSY of an agent that is busy already (a repeat: no new interval) */
static void
busy_again (int a)
{
  if (busy_events && agents[a].busy)
    emit (EV_AGENT_BUSY, 0, nbusy, a);
}

static void or_query_check (void);

static void
go_idle (int a)
{
  Agent *ag = &agents[a];
  if (ag->busy)
    {
      ag->busy = FALSE;
      nbusy--;
      if (busy_events)
        {
          int64_t ts = emit (EV_AGENT_IDLE, 0, nbusy, a);
          if (ag->open78)
            {
              ag->open78 = FALSE;
              ag->busy78 += ts - ag->since78;
            }
        }
    }
  ag->state = A_IDLE;
  idle_add (a);
  if (mode_or)
    or_query_check ();
}

/* wake up to n idle agents to look for work */
static void
wake_idle (int n)
{
  while (n-- > 0 && nidle > 0)
    {
      int a = idle_set[rng_int_below (nidle)];
      idle_remove (a);
      agents[a].state = A_WAKE;
      timer_set (a, now + lat ());
    }
}

/* ------------------------------------------------------------------------ */
/* And-parallelism                                                            */

typedef struct {
  uint64_t nodeid;
  int k, finished, owner, depth;
  int next_free;
} Fork;

static Fork *forks;
static int nforks_cap;
static int fork_free_list = -1;
static int64_t avail; /* tasks in all deques */
static gboolean root_done;

static int
fork_alloc (void)
{
  int f;
  if (fork_free_list < 0)
    {
      int old = nforks_cap;
      nforks_cap = nforks_cap ? 2 * nforks_cap : 256;
      forks = g_renew (Fork, forks, nforks_cap);
      for (int i = nforks_cap - 1; i >= old; i--)
        {
          forks[i].next_free = fork_free_list;
          fork_free_list = i;
        }
    }
  f = fork_free_list;
  fork_free_list = forks[f].next_free;
  return f;
}

static void
fork_release (int f)
{
  forks[f].next_free = fork_free_list;
  fork_free_list = f;
}

static Frame *
frame_push (Agent *ag)
{
  if (ag->sp == ag->st_cap)
    {
      ag->st_cap = ag->st_cap ? 2 * ag->st_cap : 16;
      ag->st = g_renew (Frame, ag->st, ag->st_cap);
    }
  return &ag->st[ag->sp++];
}

static inline Frame *
frame_top (Agent *ag)
{
  return ag->sp ? &ag->st[ag->sp - 1] : NULL;
}

static void
dq_push (Agent *ag, int f, int task)
{
  if (ag->dq_hi == ag->dq_cap)
    {
      if (ag->dq_lo > 0)
        {
          memmove (ag->dq, ag->dq + ag->dq_lo, sizeof (Task) * (size_t) (ag->dq_hi - ag->dq_lo));
          ag->dq_hi -= ag->dq_lo;
          ag->dq_lo = 0;
        }
      else
        {
          ag->dq_cap = ag->dq_cap ? 2 * ag->dq_cap : 16;
          ag->dq = g_renew (Task, ag->dq, ag->dq_cap);
        }
    }
  ag->dq[ag->dq_hi].fork = f;
  ag->dq[ag->dq_hi].task = task;
  ag->dq_hi++;
  avail++;
}

static Task
dq_pop (Agent *ag)
{
  Task t = ag->dq[--ag->dq_hi];
  if (ag->dq_hi == ag->dq_lo)
    ag->dq_hi = ag->dq_lo = 0;
  avail--;
  return t;
}

static Task
dq_steal (Agent *ag)
{
  Task t = ag->dq[ag->dq_lo++];
  if (ag->dq_hi == ag->dq_lo)
    ag->dq_hi = ag->dq_lo = 0;
  avail--;
  return t;
}

/* how many times a goal at this depth forks */
static int
and_draw_forks (int depth)
{
  int64_t r;
  if (depth >= AND_MAXDEPTH)
    return 0;
  r = rng_int_below (100);
  return r < 45 ? 0 : r < 85 ? 1 : 2;
}

/* the mean length of a compute segment: it grows with the number of busy
 * agents, so that lines keep coming about every tick_step ticks however
 * many agents work (a busy agent writes a few lines per segment) */
static inline int64_t
segment_mean (int per_busy_agent)
{
  return tick_step * MAX (1, nbusy) * per_busy_agent / 10;
}

/* a compute segment of a goal (the root's sequential parts are shorter) */
static int64_t
and_draw_compute (const Frame *fr)
{
  int64_t mean = segment_mean (AND_SEGMENT);
  if (fr->fork < 0)
    mean /= 2;
  if (ties && fr->forks_left == 0 && rng_pm (ZERO_PM))
    return 0;
  return draw_around (mean);
}

static void
and_start_goal (int a, int f, int task)
{
  Agent *ag = &agents[a];
  Fork *fk = &forks[f];
  Frame *fr = frame_push (ag);

  fr->fork = f;
  fr->task = task;
  fr->depth = fk->depth;
  fr->wait_fork = -1;
  fr->forks_left = and_draw_forks (fk->depth);
  fr->run_from = emit (EV_START_GOAL, fk->nodeid, task, a); /* counts it in open_goals */
  st_goals++;
  ag->state = A_RUN;
  timer_set (a, now + and_draw_compute (fr));
}

static void
and_fork (int a)
{
  Agent *ag = &agents[a];
  int f = fork_alloc ();
  Fork *fk = &forks[f];
  Frame *fr = frame_top (ag);

  fk->nodeid = (ag->wam << 24) + ++ag->node_counter;
  fk->k = (int) rng_range (2, 4);
  fk->finished = 0;
  fk->owner = a;
  fk->depth = fr->depth + 1;
  fr->wait_fork = f;
  int64_t ts = emit (EV_FORK, fk->nodeid, fk->k, a);
  st_forks++;
  if (fr->fork >= 0)
    {
      /* the forking goal waits for its goals until the join: no run of its own */
      goal_ticks += ts - fr->run_from;
      open_goals--;
    }
  /* the owner takes task 0 now and the others from the top of its deque
   * (1, 2, …); thieves take them from the bottom */
  for (int t = fk->k - 1; t >= 1; t--)
    dq_push (ag, f, t);
  and_start_goal (a, f, 0);
  wake_idle (fk->k - 1);
}

static void
and_join (int a)
{
  Agent *ag = &agents[a];
  Frame *fr = frame_top (ag);
  Fork *fk = &forks[fr->wait_fork];

  int64_t ts = emit (EV_JOIN, fk->nodeid, fk->k, a);
  if (fr->fork >= 0)
    {
      fr->run_from = ts;
      open_goals++;
    }
  fork_release (fr->wait_fork);
  fr->wait_fork = -1;
  fr->forks_left--;
  ag->state = A_RUN;
  timer_set (a, now + and_draw_compute (fr));
}

static int
pick_victim_and (int a)
{
  int start = (int) rng_int_below (nagents);
  for (int i = 0; i < nagents; i++)
    {
      int v = (start + i) % nagents;
      if (v != a && agents[v].dq_hi > agents[v].dq_lo)
        return v;
    }
  g_assert_not_reached ();
  return -1;
}

/* agent a is free (it finished a goal) or comes back from looking for
 * work (searched) */
static void
and_find_work (int a, gboolean searched)
{
  Agent *ag = &agents[a];
  Frame *fr = frame_top (ag);

  if (fr && fr->wait_fork >= 0 && forks[fr->wait_fork].finished == forks[fr->wait_fork].k)
    {
      ensure_busy (a);
      and_join (a);
      return;
    }
  if (ag->dq_hi > ag->dq_lo)
    {
      Task t;
      ensure_busy (a);
      t = dq_pop (ag);
      and_start_goal (a, t.fork, t.task);
      return;
    }
  if (avail > 0)
    {
      if (searched)
        {
          Task t = dq_steal (&agents[pick_victim_and (a)]);
          if (ag->busy && rng_pm (BUSY_REPEAT_PM))
            busy_again (a);
          ensure_busy (a);
          and_start_goal (a, t.fork, t.task);
          return;
        }
      ag->state = ag->busy ? A_SEEK : A_WAKE;
      timer_set (a, now + lat ());
      return;
    }
  /* a woken agent that finds nothing: Ciao's agents mark themselves busy
   * when they wake up, then idle again */
  if (searched && !ag->busy && rng_int_below (2))
    ensure_busy (a);
  go_idle (a);
}

static void
and_segment_end (int a)
{
  Agent *ag = &agents[a];
  Frame *fr = frame_top (ag);

  if (fr->forks_left > 0 && !draining)
    {
      and_fork (a);
      return;
    }
  if (fr->fork >= 0)
    {
      int f = fr->fork;
      Fork *fk = &forks[f];
      int64_t ts = emit (EV_FINISH_GOAL, fk->nodeid, fr->task, a); /* takes it off open_goals */
      goal_ticks += ts - fr->run_from;
      ag->sp--;
      if (++fk->finished == fk->k && fk->owner != a)
        {
          Agent *o = &agents[fk->owner];
          Frame *ofr = frame_top (o);
          if (o->state == A_IDLE && ofr && ofr->wait_fork == f)
            {
              idle_remove (fk->owner);
              o->state = A_WAKE;
              timer_set (fk->owner, now + lat ());
            }
        }
    }
  else
    {
      ag->sp--;
      root_done = TRUE;
    }
  and_find_work (a, FALSE);
}

static void
and_dispatch (int a)
{
  switch (agents[a].state)
    {
    case A_RUN: and_segment_end (a); break;
    case A_SEEK:
    case A_WAKE: and_find_work (a, TRUE); break;
    default: g_assert_not_reached ();
    }
}

static void
and_begin (void)
{
  Agent *ag = &agents[0];
  Frame *fr = frame_push (ag);

  fr->fork = -1;
  fr->task = 0;
  fr->depth = 0;
  fr->forks_left = G_MAXINT;
  fr->wait_fork = -1;
  fr->run_from = 0;
  ensure_busy (0);
  ag->state = A_RUN;
  timer_set (0, now + and_draw_compute (fr));
}

/* ------------------------------------------------------------------------ */
/* Or-parallelism                                                             */

typedef struct {
  Branch br;
  int64_t ready;
  gboolean announced; /* ready and counted in nready */
} Susp;

static Susp *susp;
static int nsusp, susp_cap;
static int nready;
static int64_t navail_alt; /* branches of public nodes nobody started */
static int nrunning; /* branches running */
static gboolean query_active;
static uint64_t next_nodeid;

static int64_t
or_draw_compute (void)
{
  int64_t mean = segment_mean (andorra && nagents > 1 ? OR_SEGMENT_ANDORRA : OR_SEGMENT);
  if (ties && rng_pm (ZERO_PM))
    return 0;
  return draw_around (mean);
}

static void
or_susp_timer (void)
{
  int64_t t = INT64_MAX;
  for (int i = 0; i < nsusp; i++)
    if (!susp[i].announced && susp[i].ready < t)
      t = susp[i].ready;
  if (t == INT64_MAX)
    timer_clear (nagents);
  else
    timer_set (nagents, t);
}

static void
or_recruit_slaves (int a, int64_t seg_end)
{
  Agent *ag = &agents[a];
  int n;

  ag->br.nslaves = 0;
  if (!andorra || npool + nidle == 0 || !rng_pm (npool ? OR_TEAM_PM : OR_SLAVES_PM) || seg_end - now < 3)
    return;
  n = (int) rng_range (1, MIN (3, npool + nidle));
  for (int i = 0; i < n; i++)
    {
      /* slave-only agents first, then idle agents */
      int s = npool ? pool[rng_int_below (npool)] : idle_set[rng_int_below (nidle)];
      idle_remove (s);
      agents[s].state = A_SLAVE_PENDING;
      agents[s].master = a;
      timer_set (s, now + 1 + rng_int_below (MAX (1, (seg_end - now) / 3)));
      ag->br.slaves[ag->br.nslaves++] = s;
    }
}

/* compute the next segment of the branch agent a runs */
static void
or_start_segment (int a)
{
  int64_t end = now + or_draw_compute ();
  agents[a].state = A_RUN;
  timer_set (a, end);
  or_recruit_slaves (a, end);
}

static void
or_start_branch (int a, uint64_t nodeid, int idx, int depth)
{
  Agent *ag = &agents[a];

  ensure_busy (a);
  emit (EV_START_BRANCH, nodeid, idx, a);
  st_branches++;
  nrunning++;
  ag->br.nodeid = nodeid;
  ag->br.idx = idx;
  ag->br.depth = depth;
  ag->br.nslaves = 0;
  or_start_segment (a);
}

/* the end of a branch segment: every slave stops first (START_BUSY and
 * STOP_BUSY balance at the end of the branch), slaves that have not joined
 * yet give up */
static void
or_stop_slaves (int a)
{
  Agent *ag = &agents[a];
  for (int i = 0; i < ag->br.nslaves; i++)
    {
      int s = ag->br.slaves[i];
      Agent *sl = &agents[s];
      if (sl->state == A_SLAVE)
        {
          int64_t ts = emit (EV_STOP_BUSY, ag->br.nodeid, ag->br.idx, s);
          sl->open3334 = FALSE;
          sl->busy3334 += ts - sl->since3334;
        }
      if (sl->slave_only)
        {
          timer_clear (s);
          go_idle (s);
        }
      else
        {
          sl->state = sl->busy ? A_SEEK : A_WAKE;
          timer_set (s, now + lat ());
        }
    }
  ag->br.nslaves = 0;
}

static void
or_make_public (int a, int depth)
{
  Agent *ag = &agents[a];
  uint64_t node = next_nodeid++;
  int b = depth == 0 ? (int) rng_range (2, MAX (4, 2 * nagents)) : (int) rng_range (2, 4);
  NodeRec *nr;

  emit (EV_MAKE_PUBLIC, node, b, a);
  st_public++;
  if (ag->ns_hi == ag->ns_cap)
    {
      if (ag->ns_lo > 0)
        {
          memmove (ag->ns, ag->ns + ag->ns_lo, sizeof (NodeRec) * (size_t) (ag->ns_hi - ag->ns_lo));
          ag->ns_hi -= ag->ns_lo;
          ag->ns_lo = 0;
        }
      else
        {
          ag->ns_cap = ag->ns_cap ? 2 * ag->ns_cap : 16;
          ag->ns = g_renew (NodeRec, ag->ns, ag->ns_cap);
        }
    }
  nr = &ag->ns[ag->ns_hi++];
  nr->nodeid = node;
  nr->b = b;
  nr->next = 1;
  nr->depth = depth;
  navail_alt += b - 1;
  /* the agent that made it public goes on with branch 0 */
  or_start_branch (a, node, 0, depth + 1);
  wake_idle (b - 1);
}

static void or_find_work (int a, gboolean searched);

static void
or_segment_end (int a)
{
  Agent *ag = &agents[a];
  Branch *br = &ag->br;
  int code;

  or_stop_slaves (a);
  if (rng_pm (OR_SUSPEND_PM))
    {
      Susp *s;
      emit (EV_SUSPEND_BRANCH, br->nodeid, br->idx, a);
      st_susp++;
      nrunning--;
      if (nsusp == susp_cap)
        {
          susp_cap = susp_cap ? 2 * susp_cap : 16;
          susp = g_renew (Susp, susp, susp_cap);
        }
      s = &susp[nsusp++];
      s->br = *br;
      s->br.nslaves = 0;
      s->ready = now + segment_mean (OR_SEGMENT) * rng_range (1, 6);
      s->announced = FALSE;
      or_susp_timer ();
      or_find_work (a, FALSE);
      return;
    }
  if (!draining && br->depth < OR_MAXDEPTH && rng_pm (OR_PUBLIC_PM))
    {
      nrunning--; /* the branch ends in the node; its branch 0 goes on */
      or_make_public (a, br->depth);
      return;
    }
  {
    int64_t r = rng_int_below (1000);
    code = r < OR_CUT_PM ? EV_CUTTING_BRANCH : r < OR_CUT_PM + OR_SUCC_PM ? EV_SUCC_BRANCH : EV_FAIL_BRANCH;
  }
  emit (code, br->nodeid, br->idx, a);
  if (code == EV_SUCC_BRANCH)
    st_succ++;
  else if (code == EV_FAIL_BRANCH)
    st_fail++;
  nrunning--;
  or_find_work (a, FALSE);
}

/* the youngest node of ns with a branch left, or -1 */
static int
ns_top (Agent *ag)
{
  while (ag->ns_hi > ag->ns_lo && ag->ns[ag->ns_hi - 1].next == ag->ns[ag->ns_hi - 1].b)
    ag->ns_hi--;
  if (ag->ns_hi == ag->ns_lo)
    {
      ag->ns_hi = ag->ns_lo = 0;
      return -1;
    }
  return ag->ns_hi - 1;
}

/* the oldest node of ns with a branch left, or -1 */
static int
ns_bottom (Agent *ag)
{
  while (ag->ns_hi > ag->ns_lo && ag->ns[ag->ns_lo].next == ag->ns[ag->ns_lo].b)
    ag->ns_lo++;
  if (ag->ns_hi == ag->ns_lo)
    {
      ag->ns_hi = ag->ns_lo = 0;
      return -1;
    }
  return ag->ns_lo;
}

static void
or_take_branch (int a, Agent *owner, int i)
{
  NodeRec *nr = &owner->ns[i];
  uint64_t node = nr->nodeid;
  int idx = nr->next++;
  int depth = nr->depth + 1;

  navail_alt--;
  or_start_branch (a, node, idx, depth);
}

static void
or_find_work (int a, gboolean searched)
{
  Agent *ag = &agents[a];
  int i;

  if (nready > 0)
    {
      /* resume the branch that has been ready longest */
      int best = -1;
      for (int k = 0; k < nsusp; k++)
        if (susp[k].announced && (best < 0 || susp[k].ready < susp[best].ready))
          best = k;
      ensure_busy (a);
      ag->br = susp[best].br;
      susp[best] = susp[--nsusp];
      nready--;
      emit (EV_RESUME_BRANCH, ag->br.nodeid, ag->br.idx, a);
      nrunning++;
      or_start_segment (a);
      return;
    }
  i = ns_top (ag);
  if (i >= 0)
    {
      or_take_branch (a, ag, i);
      return;
    }
  if (navail_alt > 0)
    {
      if (searched)
        {
          int start = (int) rng_int_below (nagents);
          for (int k = 0; k < nagents; k++)
            {
              int v = (start + k) % nagents;
              if (v != a && (i = ns_bottom (&agents[v])) >= 0)
                {
                  if (ag->busy && rng_pm (BUSY_REPEAT_PM))
                    busy_again (a);
                  or_take_branch (a, &agents[v], i);
                  return;
                }
            }
          g_assert_not_reached ();
        }
      ag->state = ag->busy ? A_SEEK : A_WAKE;
      timer_set (a, now + lat ());
      return;
    }
  if (searched && !ag->busy && rng_int_below (2))
    ensure_busy (a);
  go_idle (a);
}

/* nothing left of the query: agent 0 starts the next one */
static void
or_query_check (void)
{
  if (draining || query_active || nrunning || nsusp || navail_alt || agents[0].state != A_IDLE)
    return;
  idle_remove (0);
  query_active = TRUE;
  agents[0].state = A_QUERY;
  timer_set (0, now + tick_step * rng_range (2, 10));
}

static void
or_slave_event (int s)
{
  Agent *sl = &agents[s];
  Agent *m = &agents[sl->master];
  int64_t ts, seg_end = htime[sl->master];

  if (sl->state == A_SLAVE_PENDING)
    {
      ensure_busy (s);
      ts = emit (EV_START_BUSY, m->br.nodeid, m->br.idx, s);
      if (!sl->open3334)
        {
          sl->open3334 = TRUE;
          sl->since3334 = ts;
        }
      sl->state = A_SLAVE;
      timer_set (s, MIN (seg_end, now + 1 + rng_int_below (MAX (1, seg_end - now))));
      return;
    }
  ts = emit (EV_STOP_BUSY, m->br.nodeid, m->br.idx, s);
  sl->open3334 = FALSE;
  sl->busy3334 += ts - sl->since3334;
  if (seg_end - now > 4 && rng_pm (OR_REJOIN_PM))
    {
      sl->state = A_SLAVE_PENDING;
      timer_set (s, now + 1 + rng_int_below ((seg_end - now) / 2));
      return;
    }
  for (int i = 0; i < m->br.nslaves; i++)
    if (m->br.slaves[i] == s)
      {
        m->br.slaves[i] = m->br.slaves[--m->br.nslaves];
        break;
      }
  if (sl->slave_only)
    go_idle (s);
  else
    or_find_work (s, FALSE);
}

static void
or_dispatch (int a)
{
  if (a == nagents)
    {
      /* suspended branches become ready */
      int n = 0;
      for (int i = 0; i < nsusp; i++)
        if (!susp[i].announced && susp[i].ready <= now)
          {
            susp[i].announced = TRUE;
            n++;
          }
      nready += n;
      or_susp_timer ();
      wake_idle (n);
      return;
    }
  switch (agents[a].state)
    {
    case A_RUN: or_segment_end (a); break;
    case A_SEEK:
    case A_WAKE: or_find_work (a, TRUE); break;
    case A_SLAVE_PENDING:
    case A_SLAVE: or_slave_event (a); break;
    case A_QUERY:
      ensure_busy (a);
      agents[a].state = A_ROOT;
      timer_set (a, now + or_draw_compute ());
      break;
    case A_ROOT:
      query_active = FALSE;
      if (draining)
        or_find_work (a, FALSE);
      else
        or_make_public (a, 0);
      break;
    default: g_assert_not_reached ();
    }
}

static void
or_begin (void)
{
  query_active = TRUE;
  agents[0].state = A_QUERY;
  timer_set (0, now);
}

/* ------------------------------------------------------------------------ */
/* Simulation                                                                 */

static void
simulate (void)
{
  now = rng_int_below (1000);
  emit (EV_START_TIME, mode_or ? 0 : agents[0].wam << 24, 0, 0);
  for (int a = 1; a < nagents; a++)
    {
      agents[a].state = A_IDLE;
      idle_add (a);
    }
  if (mode_or)
    or_begin ();
  else
    and_begin ();
  while (hsize > 0)
    {
      int s = timer_pop ();
      now = htime[s];
      if (mode_or)
        or_dispatch (s);
      else
        and_dispatch (s);
    }
  if (!mode_or)
    g_assert (root_done && avail == 0 && open_goals == 0);
  else
    g_assert (nrunning == 0 && nsusp == 0);
  /* the agent that stops the trace writes AGENT_IDLE (a repeat: it is idle
   * already) and STOP_TIME, as the Ciao writer does */
  if (busy_events)
    emit (EV_AGENT_IDLE, 0, nbusy, 0);
  emit (EV_STOP_TIME, mode_or ? 0 : agents[0].wam << 24, 0, 0);
  /* intervals still open close at the end */
  for (int a = 0; a < nagents; a++)
    {
      Agent *ag = &agents[a];
      if (ag->open78)
        ag->busy78 += last_ts - ag->since78;
      if (ag->open3334)
        ag->busy3334 += last_ts - ag->since3334;
    }
}

/* ------------------------------------------------------------------------ */
/* Statistics JSON                                                            */

/* ticks are microseconds: an exact decimal of seconds */
static void
fmt_secs (char *buf, size_t n, int64_t ticks)
{
  fmt_decimal (buf, n, ticks, 6);
}

static gboolean
write_stats (const char *path)
{
  FILE *f = stats_open (path);
  char b1[64], b2[64];
  int pair; /* 0: AGENT_BUSY/AGENT_IDLE, 1: START_BUSY/STOP_BUSY, -1: none */
  gboolean first = TRUE;

  if (!f)
    return FALSE;
  if (code_count[EV_AGENT_BUSY] + code_count[EV_AGENT_IDLE] > 0)
    pair = 0;
  else if (code_count[EV_START_BUSY] + code_count[EV_STOP_BUSY] > 0)
    pair = 1;
  else
    pair = -1;

  fmt_secs (b1, sizeof b1, first_ts);
  fmt_secs (b2, sizeof b2, last_ts);
  fprintf (f, "{\"format\": \"visandor\", \"mode\": \"%s\", \"begin\": %s, \"end\": %s,\n \"events\": {",
           mode_or ? "or" : "and", b1, b2);
  for (int c = 0; c < NCODES; c++)
    if (code_count[c])
      {
        fprintf (f, "%s\"%d\": %" G_GUINT64_FORMAT, first ? "" : ", ", c, code_count[c]);
        first = FALSE;
      }
  fputs ("},\n \"agents\": [", f);
  first = TRUE;
  for (int a = 0; a < nagents; a++)
    {
      const Agent *ag = &agents[a];
      if (!ag->events)
        continue;
      if (pair < 0)
        snprintf (b1, sizeof b1, "null");
      else
        fmt_secs (b1, sizeof b1, pair == 0 ? ag->busy78 : ag->busy3334);
      fprintf (f, "%s{\"agent\": %d, \"events\": %" G_GUINT64_FORMAT ", \"busy_time\": %s}", first ? "\n  " : ",\n  ",
               a, ag->events, b1);
      first = FALSE;
    }
  fputs ("],\n", f);
  if (!mode_or)
    {
      fmt_secs (b1, sizeof b1, goal_ticks);
      fprintf (f,
               " \"forks\": %" G_GUINT64_FORMAT ", \"goals\": %" G_GUINT64_FORMAT
               ", \"goal_time\": %s, \"max_parallel_goals\": %" G_GINT64_FORMAT "}\n",
               st_forks, st_goals, b1, max_parallel);
    }
  else
    fprintf (f,
             " \"public_nodes\": %" G_GUINT64_FORMAT ", \"branches\": %" G_GUINT64_FORMAT
             ", \"succeeded\": %" G_GUINT64_FORMAT ", \"failed\": %" G_GUINT64_FORMAT
             ", \"suspended\": %" G_GUINT64_FORMAT "}\n",
             st_public, st_branches, st_succ, st_fail, st_susp);
  return stats_close (f, path);
}

/* ------------------------------------------------------------------------ */

static void
setup (void)
{
  agents = g_new0 (Agent, nagents);
  idle_set = g_new (int, nagents);
  pool = g_new (int, nagents);
  heap = g_new (int, nagents + 1);
  hpos = g_new (int, nagents + 1);
  htime = g_new0 (int64_t, nagents + 1);
  for (int s = 0; s <= nagents; s++)
    hpos[s] = -1;
  for (int a = 0; a < nagents; a++)
    {
      Agent *ag = &agents[a];
      /* Ciao's WAM ids are addresses; or-parallel systems number their
       * workers (the WAM id is written in hex, the agent in decimal) */
      ag->wam = mode_or ? (uint64_t) a + 1 : 0x7F001000u + 0x1000u * (uint64_t) a;
      ag->suffix = name_take (g_strdup_printf (" %" G_GINT64_MODIFIER "X %d \n", ag->wam, a));
      ag->idle_pos = -1;
      ag->slave_only = andorra && a % 2 == 1;
    }
  for (int c = 0; c < NCODES; c++)
    code_text[c] = name_take (g_strdup_printf ("%d ", c));
}

int
main (int argc, char **argv)
{
  gint64 seed = 1, events = 20000, step = 5;
  gint agents_n = 4;
  gboolean opt_busy = FALSE, opt_no_busy = FALSE, opt_andorra = FALSE, opt_ties = FALSE, opt_unknown = FALSE,
           opt_no_flag = FALSE;
  gchar *mode = NULL, *stats_path = NULL, *out_path = NULL;
  GError *error = NULL;
  GOptionContext *ctx;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "PRNG seed (default 1)", "N" },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode, "and (default) or or", "MODE" },
    { "agents", 0, 0, G_OPTION_ARG_INT, &agents_n, "Number of agents (default 4)", "N" },
    { "events", 0, 0, G_OPTION_ARG_INT64, &events, "Stop after about N lines (default 20000)", "N" },
    { "busy-events", 0, 0, G_OPTION_ARG_NONE, &opt_busy, "Write AGENT_BUSY/AGENT_IDLE (default in and mode)", NULL },
    { "no-busy-events", 0, 0, G_OPTION_ARG_NONE, &opt_no_busy, "No AGENT_BUSY/AGENT_IDLE (default in or mode)", NULL },
    { "andorra", 0, 0, G_OPTION_ARG_NONE, &opt_andorra, "Andorra-I slaves: START_BUSY/STOP_BUSY (or mode)", NULL },
    { "ties", 0, 0, G_OPTION_ARG_NONE, &opt_ties, "Lines may share a timestamp", NULL },
    { "unknown-codes", 0, 0, G_OPTION_ARG_NONE, &opt_unknown, "A few lines with unknown codes (42, 99)", NULL },
    { "tick-step", 0, 0, G_OPTION_ARG_INT64, &step, "Mean spacing of timestamps in ticks (default 5)", "N" },
    { "no-flag", 0, 0, G_OPTION_ARG_NONE, &opt_no_flag, "No first line with the parallelism flag (and mode)", NULL },
    { "stats", 0, 0, G_OPTION_ARG_FILENAME, &stats_path, "Write expected statistics JSON", "FILE.json" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out_path, "Output trace file ('-' = stdout)", "OUT.vt" },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };

  ctx = g_option_context_new ("- generate a synthetic VisAndOr trace");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "chrono-gen-visandor: %s\n", error->message);
      return 2;
    }
  g_option_context_free (ctx);
  if (!out_path)
    {
      fprintf (stderr, "chrono-gen-visandor: -o OUT.vt is required\n");
      return 2;
    }
  if (!mode || strcmp (mode, "and") == 0)
    mode_or = FALSE;
  else if (strcmp (mode, "or") == 0)
    mode_or = TRUE;
  else
    {
      fprintf (stderr, "chrono-gen-visandor: --mode must be and or or\n");
      return 2;
    }
  if (agents_n < 1 || agents_n > 4096 || events < 1 || step < 1 || step > 1000000000)
    {
      fprintf (stderr, "chrono-gen-visandor: option out of range\n");
      return 2;
    }
  if (opt_busy && opt_no_busy)
    {
      fprintf (stderr, "chrono-gen-visandor: --busy-events and --no-busy-events exclude each other\n");
      return 2;
    }
  if (opt_andorra && !mode_or)
    {
      fprintf (stderr, "chrono-gen-visandor: --andorra needs --mode or\n");
      return 2;
    }
  if (opt_no_flag && mode_or)
    {
      fprintf (stderr, "chrono-gen-visandor: --no-flag needs --mode and (without the flag a trace is AND)\n");
      return 2;
    }

  nagents = agents_n;
  target_events = events;
  tick_step = step;
  busy_events = opt_busy || (!mode_or && !opt_no_busy);
  andorra = opt_andorra;
  ties = opt_ties;
  unknown_codes = opt_unknown;
  rng_seed ((uint64_t) seed);
  setup ();

  if (strcmp (out_path, "-") == 0)
    ofile = stdout;
  else
    {
      ofile = fopen (out_path, "wb");
      if (!ofile)
        {
          fprintf (stderr, "chrono-gen-visandor: cannot open %s: %s\n", out_path, g_strerror (errno));
          return 1;
        }
    }
  setvbuf (ofile, NULL, _IONBF, 0);
  obuf = g_malloc (OUTBUF_SIZE);
  opos = 0;
  if (!opt_no_flag)
    {
      out_ch (mode_or ? '1' : '0');
      out_ch ('\n');
    }

  simulate ();
  if (!out_close ())
    return 1;

  if (stats_path && !write_stats (stats_path))
    return 1;

  g_free (obuf);
  g_free (mode);
  g_free (stats_path);
  g_free (out_path);
  return 0;
}
