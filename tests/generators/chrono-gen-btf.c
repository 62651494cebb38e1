/* chrono-gen-btf: synthetic BTF trace generator with known statistics.
 *
 * Simulates fixed-priority preemptive scheduling of periodic tasks and
 * sporadic ISRs on N cores (static core assignment), with runnables (nested
 * depth 2, optionally one runnable shared by two tasks), cross-core
 * semaphores (spin-waiting: poll/run/park/poll_parking/release_parking),
 * signals, OSEK-style wait/release and occasional overload (two live
 * instances of one task).  Writes a symbolic-mode BTF trace and, with
 * --stats, the statistics a correct reader must compute, taken from the
 * simulator's own bookkeeping; with --blocking, every semaphore request
 * with its grant and the holders when it was written (what
 * `chronoscope-cli blocking --json` must print), from the same bookkeeping.
 * --inversions lets the fast task of a core preempt the holders of SEM_0
 * (they hold at the ceiling of the core's semaphore users instead of above
 * every task), so a holder on one core is preempted by a third task while a
 * task on another core spins for the semaphore: priority inversions.
 * --load=PERCENT scales every task's and ISR's work and nothing else: the
 * same system (same tasks, periods, runnables, seed) under another load,
 * the pair `chronoscope-cli diff` compares.
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

/* uniform integer in [0, n) */
static uint64_t
rng_below (uint64_t n)
{
  return n ? rng_next () % n : 0;
}

/* ------------------------------------------------------------------------ */
/* Buffered output                                                            */

static uint64_t nlines; /* data lines written */
static int64_t first_ts = -1;
static int64_t last_ts = -1;
static int64_t now; /* current simulation time in ticks */

static const Name TY_T = LIT ("T");
static const Name TY_I = LIT ("I");
static const Name TY_R = LIT ("R");
static const Name TY_STI = LIT ("STI");
static const Name TY_SEM = LIT ("SEM");
static const Name TY_SIG = LIT ("SIG");

static const Name EV_TRIGGER = LIT ("trigger");
static const Name EV_ACTIVATE = LIT ("activate");
static const Name EV_START = LIT ("start");
static const Name EV_PREEMPT = LIT ("preempt");
static const Name EV_RESUME = LIT ("resume");
static const Name EV_TERMINATE = LIT ("terminate");
static const Name EV_SUSPEND = LIT ("suspend");
static const Name EV_POLL = LIT ("poll");
static const Name EV_RUN = LIT ("run");
static const Name EV_PARK = LIT ("park");
static const Name EV_POLL_PARKING = LIT ("poll_parking");
static const Name EV_RELEASE_PARKING = LIT ("release_parking");
static const Name EV_WAIT = LIT ("wait");
static const Name EV_RELEASE = LIT ("release");
static const Name EV_REQUESTSEM = LIT ("requestsemaphore");
static const Name EV_ASSIGNED = LIT ("assigned");
static const Name EV_RELEASED = LIT ("released");
static const Name EV_LOCK = LIT ("lock");
static const Name EV_UNLOCK = LIT ("unlock");
static const Name EV_READ = LIT ("read");
static const Name EV_WRITE = LIT ("write");
static const Name NOTE_0 = LIT ("0");
static const Name NOTE_1 = LIT ("1");

/* <now>,<src>,<si>,<type>,<tgt>,<ti>,<ev>[,<note>] */
/* note: notelen bytes plus >= 15 readable bytes of padding */
static void
emit (const Name *src, int64_t si, const Name *type, const Name *tgt, int64_t ti, const Name *ev, const char *note,
      int notelen)
{
  static int64_t cached_t = -1;
  static char cached[48];
  static int cached_len;

  if (opos > OUTBUF_SIZE - OUTBUF_SLACK)
    out_flush ();
  if (now != cached_t)
    {
      /* many lines share a timestamp: format it once */
      size_t save = opos;
      out_i64 (now);
      out_ch (',');
      cached_len = (int) (opos - save);
      memcpy (cached, obuf + save, (size_t) cached_len);
      cached_t = now;
    }
  else
    out_padded (cached, cached_len);
  out_name (src);
  out_ch (',');
  out_i64 (si);
  out_ch (',');
  out_name (type);
  out_ch (',');
  out_name (tgt);
  out_ch (',');
  out_i64 (ti);
  out_ch (',');
  out_name (ev);
  if (note)
    {
      out_ch (',');
      out_padded (note, notelen);
    }
  out_ch ('\n');
  nlines++;
  if (first_ts < 0)
    first_ts = now;
  last_ts = now;
}

/* ------------------------------------------------------------------------ */
/* Model                                                                      */

enum { ST_NONE = 0, ST_ACTIVE, ST_READY, ST_RUNNING, ST_WAITING, ST_POLLING, ST_PARKING };

enum {
  K_RSTART, /* arg = runnable id: start (push) */
  K_REND, /* terminate innermost runnable (pop) */
  K_COMPUTE, /* ticks = mean execution time; arg = spread (draw_ticks) */
  K_SIGREAD, /* arg = signal */
  K_SIGWRITE, /* arg = signal */
  K_SEMREQ, /* arg = semaphore */
  K_SEMREL, /* arg = semaphore */
  K_WAIT, /* OSEK WaitEvent (sometimes not set -> wait) */
  K_SETEV, /* arg = waiter process: SetEvent */
  K_PTERM /* terminate process */
};

typedef struct {
  int kind;
  int arg;
  int64_t ticks;
} Step;

typedef struct {
  Name name;
  uint64_t starts;
  int64_t run_ticks;
  int64_t counter; /* runnable instance counter */
  gboolean seen;
} Runnable;

typedef struct {
  int rid;
  int64_t rinst;
  int64_t since;
} Frame;

struct Proc;

typedef struct {
  struct Proc *p;
  int64_t inst;
  int state;
  int pc;
  int64_t remaining;
  gboolean in_compute;
  gboolean in_region; /* between requestsemaphore and released */
  gboolean pending_grant; /* semaphore reserved after release_parking */
  gboolean holding; /* holds a semaphore */
  int held_sem; /* which one (when holding) */
  guint wait_rec; /* --blocking: its last request (index into waits) */
  int64_t act_time;
  int64_t run_since;
  double factor;
  int depth;
  Frame stack[2];
} Inst;

#define MAXLIVE 3

typedef struct Proc {
  Name name;
  Name sti;
  gboolean is_isr;
  int index; /* task index or ISR index */
  int core;
  int prio; /* larger = higher */
  int period_ms; /* tasks */
  int64_t period; /* ticks (tasks) / mean inter-arrival (ISRs) */
  int64_t next_act;
  double util;
  Step *steps;
  int nsteps;
  gboolean uses_sem;
  int pair_sem; /* contention-pair semaphore or -1 */
  int64_t inst_counter;
  Inst live[MAXLIVE];
  int head, nlive;
  /* statistics */
  gboolean seen;
  uint64_t activations, preemptions, resp_count;
  int64_t resp_min, resp_max;
  uint64_t resp_sum;
  int64_t run_ticks;
} Proc;

typedef struct {
  Name name;
  Inst *cur; /* process instance on the core (RUNNING/POLLING) */
  int ceiling; /* max prio of semaphore users on this core */
  int task_top; /* max prio of the tasks on this core */
  int *procs; /* indices into procs[], sorted by prio descending */
  int nprocs;
  gboolean seen;
  int oncount;
  int64_t busy_since;
  int64_t busy;
} Core;

typedef struct {
  int proc; /* index into procs[] */
  int64_t inst;
} Holder;

typedef struct {
  Name name;
  Inst *holder;
  Inst *reserved;
  Inst **waitq;
  int nw;
  GArray *holders; /* --blocking: Holder, assigned and not yet released, as written */
} Sem;

/* --blocking: one requestsemaphore line */
typedef struct {
  int proc;
  int64_t inst;
  int sem;
  int64_t requested;
  int64_t assigned; /* -1: never */
  guint held_off, nheld; /* the semaphore's holders when the request was written, in held */
} WaitRec;

typedef struct {
  Name name;
  gboolean is_float;
  int64_t value; /* float signals: hundredths */
} Sig;

static Proc *procs;
static int nprocs;
static Core *cores;
static int ncores;
static Runnable *runnables;
static int nrunnables;
static Sem *sems;
static int nsems;
static Sig *sigs;
static int nsigs;

static gboolean track_blocking; /* --blocking */
static GArray *waits; /* WaitRec, in line order */
static GArray *held; /* Holder: the held_by lists of waits */
static gboolean inversions; /* --inversions: SEM_0 held at the semaphore ceiling */

static int64_t tps; /* ticks per second */
static int64_t tpu; /* ticks per microsecond */
static int frac_digits;

/* waiter probability at a WAIT step */
#define WAIT_PROB 0.35
/* probability that an instance is an overload instance */
#define OVERLOAD_PROB 0.04
/* probability that a runnable of a semaphore-using task locks a semaphore */
#define SEM_PROB 0.6
/* contention pairs: critical section = PAIR_CS x the task's base budget */
#define PAIR_CS 1.0
/* base utilization of the tasks of a core */
#define TASK_UTIL 0.3
/* relative utilization weight of the fast first task of a core */
#define TOP_WEIGHT 1.4

static inline Inst *
proc_head (Proc *p)
{
  return p->nlive ? &p->live[p->head] : NULL;
}

static inline const Name *
proc_type (const Proc *p)
{
  return p->is_isr ? &TY_I : &TY_T;
}

static void
proc_emit (Inst *in, const Name *ev)
{
  Proc *p = in->p;
  Core *c = &cores[p->core];
  c->seen = TRUE;
  emit (&c->name, 0, proc_type (p), &p->name, in->inst, ev, NULL, 0);
}

static void
run_emit (Inst *in, const Frame *f, const Name *ev)
{
  emit (&in->p->name, in->inst, &TY_R, &runnables[f->rid].name, f->rinst, ev, NULL, 0);
}

/* state bookkeeping (the statistics definitions) */
static inline void
core_on (Core *c)
{
  if (c->oncount++ == 0)
    c->busy_since = now;
}

static inline void
core_off (Core *c)
{
  if (--c->oncount == 0)
    c->busy += now - c->busy_since;
}

static inline void
running_enter (Inst *in)
{
  in->run_since = now;
}

static inline void
running_leave (Inst *in)
{
  in->p->run_ticks += now - in->run_since;
}

static void
frames_suspend (Inst *in)
{
  for (int i = in->depth - 1; i >= 0; i--)
    {
      Frame *f = &in->stack[i];
      run_emit (in, f, &EV_SUSPEND);
      runnables[f->rid].run_ticks += now - f->since;
    }
}

static void
frames_resume (Inst *in)
{
  for (int i = 0; i < in->depth; i++)
    {
      Frame *f = &in->stack[i];
      run_emit (in, f, &EV_RESUME);
      f->since = now;
    }
}

static void
sem_grant (Inst *in, Sem *m)
{
  m->holder = in;
  m->reserved = NULL;
  in->pending_grant = FALSE;
  in->holding = TRUE;
  in->held_sem = (int) (m - sems);
  emit (&in->p->name, in->inst, &TY_SEM, &m->name, 0, &EV_ASSIGNED, NOTE_1.s, 1);
  if (track_blocking)
    {
      Holder h = { (int) (in->p - procs), in->inst };
      WaitRec *w = &g_array_index (waits, WaitRec, in->wait_rec);
      g_assert (w->proc == h.proc && w->inst == h.inst && w->sem == in->held_sem && w->assigned < 0);
      w->assigned = now;
      g_array_append_val (m->holders, h);
    }
  emit (&m->name, 0, &TY_SEM, &m->name, 0, &EV_LOCK, NOTE_1.s, 1);
}

/* --blocking: the request just written, with the holders of m at that line */
static void
record_request (Inst *in, Sem *m)
{
  WaitRec w = { (int) (in->p - procs), in->inst, (int) (m - sems), now, -1, held->len, m->holders->len };
  if (m->holders->len)
    g_array_append_vals (held, m->holders->data, m->holders->len);
  in->wait_rec = waits->len;
  g_array_append_val (waits, w);
}

/* --blocking: the released line of in on m was just written */
static void
record_release (Inst *in, Sem *m)
{
  int proc = (int) (in->p - procs);
  for (guint k = 0; k < m->holders->len; k++)
    {
      const Holder *h = &g_array_index (m->holders, Holder, k);
      if (h->proc == proc && h->inst == in->inst)
        {
          g_array_remove_index (m->holders, k);
          return;
        }
    }
  g_assert_not_reached ();
}

/* spread 1: uniform in [0.05, 1.95] x mean, else [0.6, 1.4] x mean;
 * spread 2 (critical section): not stretched by overload */
static int64_t
draw_ticks (const Inst *in, int64_t mean, int spread)
{
  double u = rng_uniform ();
  double d = (double) mean * (spread == 2 ? 1.0 : in->factor) * (spread == 1 ? 0.05 + 1.9 * u : 0.6 + 0.8 * u);
  int64_t t = (int64_t) d;
  return t < 1 ? 1 : t;
}

/* signal value as note: integer, or fixed-point with two decimals */
static void
sig_note (const Sig *s, char *buf, int *len)
{
  char tmp[32];
  int i = 32;
  int64_t v = s->value; /* never negative */

  if (s->is_float)
    {
      tmp[--i] = (char) ('0' + (int) (v % 10));
      tmp[--i] = (char) ('0' + (int) (v / 10 % 10));
      tmp[--i] = '.';
      v /= 100;
    }
  do
    {
      tmp[--i] = (char) ('0' + (int) (v % 10));
      v /= 10;
    }
  while (v);
  *len = 32 - i;
  memcpy (buf, tmp + i, (size_t) *len);
}

static void run_steps (Inst *in);

static void
sem_handover (Sem *m)
{
  Inst *w;

  if (m->nw == 0)
    return;
  w = m->waitq[0];
  memmove (m->waitq, m->waitq + 1, sizeof (Inst *) * (size_t) (m->nw - 1));
  m->nw--;
  if (w->state == ST_POLLING)
    {
      proc_emit (w, &EV_RUN);
      w->state = ST_RUNNING;
      running_enter (w);
      sem_grant (w, m);
      run_steps (w);
    }
  else
    {
      g_assert (w->state == ST_PARKING);
      proc_emit (w, &EV_RELEASE_PARKING);
      w->state = ST_READY;
      m->reserved = w;
      w->pending_grant = TRUE;
    }
}

static void
proc_terminate (Inst *in)
{
  Proc *p = in->p;
  Core *c = &cores[p->core];
  int64_t rt;

  proc_emit (in, &EV_TERMINATE);
  running_leave (in);
  core_off (c);
  c->cur = NULL;
  rt = now - in->act_time;
  if (p->resp_count == 0 || rt < p->resp_min)
    p->resp_min = rt;
  if (p->resp_count == 0 || rt > p->resp_max)
    p->resp_max = rt;
  p->resp_count++;
  p->resp_sum += (uint64_t) rt;
  in->state = ST_NONE;
  g_assert (in == &p->live[p->head]);
  p->head = (p->head + 1) % MAXLIVE;
  p->nlive--;
}

/* Execute zero-time steps of a RUNNING instance until it computes, blocks
 * or terminates. */
static void
run_steps (Inst *in)
{
  Proc *p = in->p;
  char note[48];
  int nl;

  for (;;)
    {
      const Step *s = &p->steps[in->pc];
      switch (s->kind)
        {
          case K_RSTART: {
            Runnable *r = &runnables[s->arg];
            Frame *f = &in->stack[in->depth++];
            f->rid = s->arg;
            f->rinst = r->counter++;
            f->since = now;
            r->starts++;
            r->seen = TRUE;
            run_emit (in, f, &EV_START);
            in->pc++;
            break;
          }
          case K_REND: {
            Frame *f = &in->stack[--in->depth];
            run_emit (in, f, &EV_TERMINATE);
            runnables[f->rid].run_ticks += now - f->since;
            in->pc++;
            break;
          }
        case K_COMPUTE:
          in->remaining = draw_ticks (in, s->ticks, s->arg);
          in->in_compute = TRUE;
          return;
          case K_SIGREAD: {
            Sig *g = &sigs[s->arg];
            sig_note (g, note, &nl);
            emit (&p->name, in->inst, &TY_SIG, &g->name, 0, &EV_READ, note, nl);
            in->pc++;
            break;
          }
          case K_SIGWRITE: {
            Sig *g = &sigs[s->arg];
            g->value = (int64_t) rng_below (g->is_float ? 100000 : 1000);
            sig_note (g, note, &nl);
            emit (&p->name, in->inst, &TY_SIG, &g->name, 0, &EV_WRITE, note, nl);
            in->pc++;
            break;
          }
          case K_SEMREQ: {
            Sem *m = &sems[s->arg];
            emit (&p->name, in->inst, &TY_SEM, &m->name, 0, &EV_REQUESTSEM, NOTE_1.s, 1);
            if (track_blocking)
              record_request (in, m);
            in->in_region = TRUE;
            in->pc++;
            if (m->holder == NULL && m->reserved == NULL)
              {
                sem_grant (in, m);
                break;
              }
            m->waitq[m->nw++] = in;
            proc_emit (in, &EV_POLL);
            running_leave (in);
            in->state = ST_POLLING;
            return;
          }
          case K_SEMREL: {
            Sem *m = &sems[s->arg];
            g_assert (m->holder == in);
            emit (&p->name, in->inst, &TY_SEM, &m->name, 0, &EV_RELEASED, NOTE_0.s, 1);
            if (track_blocking)
              record_release (in, m);
            emit (&m->name, 0, &TY_SEM, &m->name, 0, &EV_UNLOCK, NOTE_0.s, 1);
            m->holder = NULL;
            in->in_region = FALSE;
            in->holding = FALSE;
            in->pc++;
            sem_handover (m);
            break;
          }
        case K_WAIT:
          in->pc++;
          if (rng_uniform () < WAIT_PROB)
            {
              Core *c = &cores[p->core];
              frames_suspend (in);
              proc_emit (in, &EV_WAIT);
              running_leave (in);
              in->state = ST_WAITING;
              core_off (c);
              c->cur = NULL;
              return;
            }
          break;
          case K_SETEV: {
            Inst *w = proc_head (&procs[s->arg]);
            if (w && w->state == ST_WAITING)
              {
                proc_emit (w, &EV_RELEASE);
                w->state = ST_READY;
              }
            in->pc++;
            break;
          }
        case K_PTERM: proc_terminate (in); return;
        default: g_assert_not_reached ();
        }
    }
}

/* Effective priority.  Requesting or polling for a semaphore: the ceiling of
 * the semaphore users of the core (so no other user on the core can
 * interfere); holding it: above all tasks of the core (only ISRs preempt).
 * With --inversions a holder of SEM_0 stays at the ceiling of the users, so
 * the core's fast task (a non-user above them) preempts it while a task on
 * another core spins for SEM_0; no user of the core can run then, so none
 * asks for the semaphore its preempted holder keeps. */
static inline int
eff_prio (const Inst *in)
{
  if (in->holding)
    return (inversions && in->held_sem == 0 ? cores[in->p->core].ceiling : cores[in->p->core].task_top) * 2 + 1;
  if (in->in_region)
    return cores[in->p->core].ceiling * 2 + 1;
  return in->p->prio * 2;
}

static Inst *
best_candidate (const Core *c)
{
  Inst *best = NULL;
  int bp = -1;

  for (int i = 0; i < c->nprocs; i++)
    {
      Inst *h = proc_head (&procs[c->procs[i]]);
      int ep;
      if (!h || h->state == ST_WAITING)
        continue;
      ep = eff_prio (h);
      if (ep > bp)
        {
          bp = ep;
          best = h;
        }
    }
  return best;
}

static gboolean
dispatch_core (Core *c)
{
  Inst *cur = c->cur;
  Inst *best = best_candidate (c);

  if (best == NULL || best == cur)
    return FALSE;
  if (cur && eff_prio (best) <= eff_prio (cur))
    return FALSE;

  if (cur)
    {
      frames_suspend (cur);
      if (cur->state == ST_RUNNING)
        {
          proc_emit (cur, &EV_PREEMPT);
          running_leave (cur);
          cur->state = ST_READY;
          cur->p->preemptions++;
        }
      else
        {
          g_assert (cur->state == ST_POLLING);
          proc_emit (cur, &EV_PARK);
          cur->state = ST_PARKING;
        }
      core_off (c);
      c->cur = NULL;
    }

  c->cur = best;
  switch (best->state)
    {
    case ST_ACTIVE:
      proc_emit (best, &EV_START);
      best->state = ST_RUNNING;
      running_enter (best);
      core_on (c);
      run_steps (best);
      break;
    case ST_READY:
      proc_emit (best, &EV_RESUME);
      best->state = ST_RUNNING;
      running_enter (best);
      core_on (c);
      frames_resume (best);
      if (best->pending_grant)
        {
          const Step *s = &best->p->steps[best->pc - 1];
          g_assert (s->kind == K_SEMREQ);
          sem_grant (best, &sems[s->arg]);
        }
      if (!best->in_compute)
        run_steps (best);
      break;
    case ST_PARKING:
      proc_emit (best, &EV_POLL_PARKING);
      best->state = ST_POLLING;
      core_on (c);
      frames_resume (best);
      break;
    default: g_assert_not_reached ();
    }
  return TRUE;
}

static void
dispatch_all (void)
{
  gboolean changed;
  do
    {
      changed = FALSE;
      for (int i = 0; i < ncores; i++)
        changed |= dispatch_core (&cores[i]);
    }
  while (changed);
}

static int64_t
isr_interarrival (const Proc *p)
{
  int64_t d = (int64_t) ((double) p->period * (0.3 + 1.4 * rng_uniform ()));
  return d < 1 ? 1 : d;
}

static void
activate (Proc *p)
{
  Inst *in;

  p->next_act = now + (p->is_isr ? isr_interarrival (p) : p->period);
  if (p->nlive >= MAXLIVE)
    return; /* activation dropped (keeps overload bounded) */
  in = &p->live[(p->head + p->nlive) % MAXLIVE];
  p->nlive++;
  memset (in, 0, sizeof *in);
  in->p = p;
  in->inst = p->inst_counter++;
  in->state = ST_ACTIVE;
  in->act_time = now;
  in->factor = 1.0;
  /* the fast first task of a core is either short or long, so that a poller
   * it parks sees both outcomes (poll_parking / release_parking) */
  if (!p->is_isr && p->index < ncores)
    in->factor = rng_uniform () < 0.5 ? 0.2 + 0.4 * rng_uniform () : 1.5 + 1.5 * rng_uniform ();
  if (!p->is_isr && rng_uniform () < OVERLOAD_PROB)
    {
      /* runs 1.25 periods alone, but at most ~3 ms longer than usual */
      double budget_ms = p->util * (double) p->period_ms;
      in->factor = MIN (1.25 / p->util, 1.0 + 3.0 / budget_ms);
    }
  emit (&p->sti, in->inst, &TY_STI, &p->sti, in->inst, &EV_TRIGGER, NULL, 0);
  emit (&p->sti, in->inst, proc_type (p), &p->name, in->inst, &EV_ACTIVATE, NULL, 0);
  p->activations++;
  p->seen = TRUE;
}

/* ------------------------------------------------------------------------ */
/* Model construction                                                         */

typedef struct {
  int ntasks, nisrs, nrunnables, nsignals, nsems;
  int load_percent; /* every budget scaled by it: another load on the same system */
  gboolean waits;
} Config;

typedef struct {
  int rid; /* top-level runnable */
  int sub; /* sub-runnable id or -1 */
  int sem; /* -1 */
  int sigread, sigwrite; /* -1 */
  gboolean wait;
  int setev; /* waiter proc index or -1 */
  int64_t budget;
  int64_t cs; /* critical section length */
  gboolean pair; /* contention-pair runnable: short prologue, long lock */
} RSpec;

typedef struct {
  RSpec *r;
  int n;
} PSpec;

static int
add_runnable (char *name)
{
  Runnable *r;
  runnables = g_renew (Runnable, runnables, nrunnables + 1);
  r = &runnables[nrunnables];
  memset (r, 0, sizeof *r);
  r->name = name_take (name);
  return nrunnables++;
}

static void
push_step (GArray *a, int kind, int arg, int64_t ticks)
{
  Step s = { kind, arg, ticks };
  g_array_append_val (a, s);
}

static int64_t
us_to_ticks (double us)
{
  int64_t t = (int64_t) (us * (double) tpu);
  return t < 1 ? 1 : t;
}

/* skewed choice: SEM_0 is the most contended semaphore */
static int
pick_sem (int n)
{
  if (n > 1 && rng_uniform () < 0.5)
    return 0;
  return (int) rng_below ((uint64_t) n);
}

static int
cmp_prio_desc (const void *a, const void *b)
{
  const Proc *pa = &procs[*(const int *) a];
  const Proc *pb = &procs[*(const int *) b];
  return (pb->prio > pa->prio) - (pb->prio < pa->prio);
}

static void
build_model (const Config *cfg)
{
  static const int fast_periods[] = { 1, 2 };
  static const int pair_periods[] = { 2, 4 };
  static const int periods[] = { 2, 5, 5, 10, 10, 20, 50 };
  PSpec *ps;
  int ntasks = cfg->ntasks;
  int shared_rid = -1;

  nprocs = ntasks + cfg->nisrs;
  nsems = cfg->nsems;
  procs = g_new0 (Proc, nprocs);
  ps = g_new0 (PSpec, nprocs);

  cores = g_new0 (Core, ncores);
  for (int c = 0; c < ncores; c++)
    {
      cores[c].name = name_take (g_strdup_printf ("Core_%d", c));
      cores[c].procs = g_new0 (int, nprocs);
    }

  /* processes */
  for (int i = 0; i < nprocs; i++)
    {
      Proc *p = &procs[i];
      if (i < ntasks)
        {
          p->index = i;
          int k = i - ncores;
          p->pair_sem = -1;
          /* small phase offset, multiple of 10 us */
          p->next_act = (int64_t) rng_below (50) * 10 * tpu;
          if (i < ncores)
            {
              /* the first task of each core is fast, so that it preempts often */
              p->period_ms = fast_periods[rng_below (G_N_ELEMENTS (fast_periods))];
            }
          else if (k < ncores && (k % 2) == 0 && k + 1 < ncores && i + 1 < ntasks && nsems > 0)
            {
              /* contention pair (this task and the next, on the next core):
               * same period and phase, both lock the same semaphore early */
              p->period_ms = pair_periods[rng_below (G_N_ELEMENTS (pair_periods))];
              p->pair_sem = (k / 2) % nsems;
            }
          else if (k < ncores && (k % 2) == 1 && procs[i - 1].pair_sem >= 0)
            {
              p->period_ms = procs[i - 1].period_ms;
              p->next_act = procs[i - 1].next_act;
              p->pair_sem = procs[i - 1].pair_sem;
            }
          else
            p->period_ms = periods[rng_below (G_N_ELEMENTS (periods))];
          p->name = name_take (g_strdup_printf ("Task_%dms_%d", p->period_ms, i));
          p->period = us_to_ticks (1000.0 * p->period_ms);
          p->core = i % ncores;
        }
      else
        {
          p->is_isr = TRUE;
          p->index = i - ntasks;
          p->name = name_take (g_strdup_printf ("ISR_%d", p->index));
          p->period = us_to_ticks (600.0 + 900.0 * rng_uniform ());
          p->core = p->index % ncores;
          p->next_act = us_to_ticks (50.0 + (double) rng_below (400));
        }
      p->sti = name_take (g_strdup_printf ("STI_%s", p->name.s));
      cores[p->core].procs[cores[p->core].nprocs++] = i;
    }

  /* priorities: per core, ISRs above tasks; tasks rate-monotonic */
  for (int c = 0; c < ncores; c++)
    {
      Core *co = &cores[c];
      int ntask_c = 0;
      for (int k = 0; k < co->nprocs; k++)
        if (!procs[co->procs[k]].is_isr)
          ntask_c++;
      for (int k = 0; k < co->nprocs; k++)
        {
          Proc *p = &procs[co->procs[k]];
          int rank = 0;
          for (int j = 0; j < co->nprocs; j++)
            {
              Proc *q = &procs[co->procs[j]];
              if (q == p || q->is_isr != p->is_isr)
                continue;
              if (p->is_isr)
                {
                  if (q->index > p->index)
                    rank++;
                }
              else if (q->period_ms > p->period_ms || (q->period_ms == p->period_ms && q->index > p->index))
                rank++;
            }
          p->prio = 1 + rank + (p->is_isr ? ntask_c : 0);
          if (!p->is_isr && p->prio > co->task_top)
            co->task_top = p->prio;
        }
      qsort (co->procs, (size_t) co->nprocs, sizeof (int), cmp_prio_desc);
      /* base utilization of the tasks on this core (before critical sections of
       * contention pairs, polling and overload) */
      {
        double wsum = 0, *w = g_new (double, co->nprocs);
        for (int k = 0; k < co->nprocs; k++)
          {
            w[k] = 0.5 + rng_uniform ();
            if (procs[co->procs[k]].index < ncores)
              w[k] *= TOP_WEIGHT; /* weight of the fast first task */
            if (!procs[co->procs[k]].is_isr)
              wsum += w[k];
          }
        for (int k = 0; k < co->nprocs; k++)
          {
            Proc *p = &procs[co->procs[k]];
            p->util = p->is_isr ? 0.03 : TASK_UTIL * w[k] / wsum;
          }
        g_free (w);
      }
    }

  /* runnables */
  for (int i = 0; i < nprocs; i++)
    {
      Proc *p = &procs[i];
      int nr = p->is_isr ? 1 : cfg->nrunnables;
      double wsum = 0, *w = g_new (double, nr);
      int64_t budget;

      if (p->is_isr)
        budget = us_to_ticks (8.0 + 25.0 * rng_uniform ());
      else
        budget = (int64_t) ((double) p->period * p->util);
      budget = budget * cfg->load_percent / 100;
      ps[i].r = g_new0 (RSpec, nr + 1);
      ps[i].n = nr;
      for (int j = 0; j < nr; j++)
        {
          w[j] = 0.5 + rng_uniform ();
          wsum += w[j];
        }
      for (int j = 0; j < nr; j++)
        {
          RSpec *r = &ps[i].r[j];
          r->rid = add_runnable (g_strdup_printf ("R_%s_%d", p->name.s, j));
          r->sub = -1;
          r->sem = -1;
          r->sigread = r->sigwrite = -1;
          r->setev = -1;
          r->budget = (int64_t) ((double) budget * w[j] / wsum);
          r->cs = us_to_ticks (50.0 + 250.0 * rng_uniform ());
          if (r->budget < 4)
            r->budget = 4;
          if (!p->is_isr && rng_uniform () < 0.35)
            r->sub = add_runnable (g_strdup_printf ("R_%s_%d_sub", p->name.s, j));
          if (cfg->nsignals > 0 && rng_uniform () < 0.3)
            r->sigread = (int) rng_below ((uint64_t) cfg->nsignals);
          if (cfg->nsignals > 0 && rng_uniform () < (p->is_isr ? 0.8 : 0.3))
            r->sigwrite = (int) rng_below ((uint64_t) cfg->nsignals);
        }
      g_free (w);
    }

  /* a runnable shared by two tasks (in some runs) */
  if (ntasks >= 2 && rng_uniform () < 0.6)
    {
      int a = (int) rng_below ((uint64_t) ntasks);
      int b = (int) rng_below ((uint64_t) ntasks - 1);
      if (b >= a)
        b++;
      if (ncores > 1 && procs[a].core == procs[b].core)
        {
          /* prefer a task on another core */
          for (int k = 0; k < ntasks; k++)
            if (procs[k].core != procs[a].core)
              {
                b = k;
                break;
              }
        }
      shared_rid = add_runnable (g_strdup ("R_shared"));
      for (int t = 0; t < 2; t++)
        {
          PSpec *s = &ps[t ? b : a];
          int pos = (int) rng_below ((uint64_t) s->n + 1);
          RSpec nr = { shared_rid, -1, -1, -1, -1, FALSE, -1, us_to_ticks (20.0), 0, FALSE };
          memmove (&s->r[pos + 1], &s->r[pos], sizeof (RSpec) * (size_t) (s->n - pos));
          s->r[pos] = nr;
          s->n++;
        }
    }

  /* semaphores: users are tasks below the top task of their core (the top
   * task and ISRs stay semaphore-free so that they can park pollers). */
  sems = g_new0 (Sem, MAX (cfg->nsems, 1));
  for (int k = 0; k < nsems; k++)
    {
      sems[k].name = name_take (g_strdup_printf ("SEM_%d", k));
      sems[k].waitq = g_new0 (Inst *, nprocs + 1);
      sems[k].holders = g_array_new (FALSE, FALSE, sizeof (Holder));
    }
  if (nsems > 0)
    {
      GArray *elig = g_array_new (FALSE, FALSE, sizeof (int));
      for (int c = 0; c < ncores; c++)
        {
          Core *co = &cores[c];
          int first_task = 1;
          int ntask_c = 0;
          for (int k = 0; k < co->nprocs; k++)
            if (!procs[co->procs[k]].is_isr)
              ntask_c++;
          for (int k = 0; k < co->nprocs; k++)
            {
              Proc *p = &procs[co->procs[k]];
              if (p->is_isr)
                continue;
              if (first_task && ntask_c > 1)
                {
                  first_task = 0;
                  continue;
                }
              first_task = 0;
              g_array_append_val (elig, co->procs[k]);
            }
        }
      for (guint e = 0; e < elig->len; e++)
        {
          int pi = g_array_index (elig, int, e);
          PSpec *s = &ps[pi];
          for (int j = 0; j < s->n; j++)
            if (s->r[j].rid != shared_rid && rng_uniform () < SEM_PROB)
              s->r[j].sem = pick_sem (nsems);
        }
      /* every semaphore gets users on two different cores if possible */
      for (int k = 0; k < nsems && elig->len > 0; k++)
        {
          int c0 = k % ncores, c1 = (k + 1) % ncores;
          for (int t = 0; t < (ncores > 1 ? 2 : 1); t++)
            {
              int want = t ? c1 : c0;
              int cand[256], nc = 0;
              for (guint e = 0; e < elig->len && nc < 256; e++)
                if (procs[g_array_index (elig, int, e)].core == want)
                  cand[nc++] = g_array_index (elig, int, e);
              if (nc == 0)
                continue;
              {
                PSpec *s = &ps[cand[rng_below ((uint64_t) nc)]];
                int j = (int) rng_below ((uint64_t) s->n);
                if (s->r[j].rid == shared_rid)
                  j = (j + 1) % s->n;
                if (s->r[j].rid != shared_rid)
                  s->r[j].sem = k;
              }
            }
        }
      g_array_free (elig, TRUE);
    }

  /* contention pairs: the first runnable locks the pair semaphore after a
   * short, widely varying prologue, for PAIR_CS x the task's base budget */
  for (int i = 0; i < ntasks; i++)
    if (procs[i].pair_sem >= 0 && ps[i].n > 0)
      {
        RSpec *r = &ps[i].r[0];
        if (r->rid == shared_rid)
          r = &ps[i].r[1];
        r->sem = procs[i].pair_sem;
        r->pair = TRUE;
        r->cs = MAX ((int64_t) ((double) procs[i].period * procs[i].util * PAIR_CS), 1);
        /* phase the fast task of the core so that it tends to arrive while
         * the pair contends (and parks the poller) */
        {
          int64_t phi = (int64_t) ((double) r->cs * (0.3 + 0.6 * rng_uniform ()));
          phi -= phi % tpu;
          procs[procs[i].core].next_act = procs[i].next_act + phi;
        }
      }

  /* OSEK event waits: waiter task, released by a setter task */
  if (cfg->waits && ntasks >= 3)
    {
      int nwaiters = ntasks >= 8 ? 2 : 1;
      int used[2] = { -1, -1 };
      for (int wi = 0; wi < nwaiters; wi++)
        {
          int waiter = -1, setter = -1;
          for (int tries = 0; tries < 100 && waiter < 0; tries++)
            {
              int c = (int) rng_below ((uint64_t) ntasks);
              /* prefer a task that runs often enough to wait a few times */
              if (c != used[0] && c != used[1] && (procs[c].period_ms <= 10 || tries > 50))
                waiter = c;
            }
          if (waiter < 0)
            break;
          used[wi] = waiter;
          /* setter: shortest period, not a waiter, preferably other core */
          for (int pass = 0; pass < 2 && setter < 0; pass++)
            for (int k = 0; k < ntasks; k++)
              {
                if (k == waiter || k == used[0] || k == used[1])
                  continue;
                if (pass == 0 && ncores > 1 && procs[k].core == procs[waiter].core)
                  continue;
                if (setter < 0 || procs[k].period_ms < procs[setter].period_ms)
                  setter = k;
              }
          if (setter < 0)
            {
              used[wi] = -1;
              break;
            }
          {
            PSpec *s = &ps[waiter];
            int j = (int) rng_below ((uint64_t) s->n);
            s->r[j].wait = TRUE;
            s = &ps[setter];
            j = (int) rng_below ((uint64_t) s->n);
            if (s->r[j].setev >= 0)
              j = (j + 1) % s->n;
            s->r[j].setev = waiter;
          }
        }
    }

  /* compile step lists */
  for (int i = 0; i < nprocs; i++)
    {
      Proc *p = &procs[i];
      GArray *a = g_array_new (FALSE, FALSE, sizeof (Step));
      for (int j = 0; j < ps[i].n; j++)
        {
          const RSpec *r = &ps[i].r[j];
          double wpre = 3, wsub = r->sub >= 0 ? 2.5 : 0, wpost = 2;
          double wsum = wpre + wsub + wpost;
          int64_t b = r->budget;
          int64_t cs = r->pair ? r->cs : MIN (r->cs, b / 2);
          int64_t pre;
          if (r->sem >= 0 && !r->pair)
            {
              b -= cs;
              if (b < 3)
                b = 3;
            }
          pre = MAX ((int64_t) (b * wpre / wsum), 1);
          if (r->pair)
            pre = MAX (cs / 2, 1);
          push_step (a, K_RSTART, r->rid, 0);
          if (r->sigread >= 0)
            push_step (a, K_SIGREAD, r->sigread, 0);
          push_step (a, K_COMPUTE, r->pair ? 1 : 0, pre);
          if (r->wait)
            push_step (a, K_WAIT, 0, 0);
          if (r->sem >= 0)
            {
              push_step (a, K_SEMREQ, r->sem, 0);
              /* critical sections: 50..300 us, at most half the budget */
              push_step (a, K_COMPUTE, 2, MAX (cs, 1));
              push_step (a, K_SEMREL, r->sem, 0);
              p->uses_sem = TRUE;
            }
          if (r->setev >= 0)
            push_step (a, K_SETEV, r->setev, 0);
          if (r->sub >= 0)
            {
              push_step (a, K_RSTART, r->sub, 0);
              push_step (a, K_COMPUTE, 0, MAX ((int64_t) (b * wsub / wsum), 1));
              push_step (a, K_REND, 0, 0);
            }
          push_step (a, K_COMPUTE, 0, MAX ((int64_t) (b * wpost / wsum), 1));
          if (r->sigwrite >= 0)
            push_step (a, K_SIGWRITE, r->sigwrite, 0);
          push_step (a, K_REND, 0, 0);
        }
      push_step (a, K_PTERM, 0, 0);
      p->nsteps = (int) a->len;
      p->steps = (Step *) (void *) g_array_free (a, FALSE);
      if (p->uses_sem && p->prio > cores[p->core].ceiling)
        cores[p->core].ceiling = p->prio;
      g_free (ps[i].r);
    }
  g_free (ps);

  nsigs = cfg->nsignals;
  sigs = g_new0 (Sig, MAX (nsigs, 1));
  for (int k = 0; k < nsigs; k++)
    {
      sigs[k].name = name_take (g_strdup_printf ("SIG_%d", k));
      sigs[k].is_float = (k % 2) == 1;
      sigs[k].value = 0;
    }
}

/* ------------------------------------------------------------------------ */
/* Simulation                                                                 */

static void
simulate (int64_t duration, int64_t max_events)
{
  now = 0;
  for (;;)
    {
      int64_t t = INT64_MAX, dt;

      if (max_events > 0 && (int64_t) nlines >= max_events)
        break;
      for (int i = 0; i < nprocs; i++)
        if (procs[i].next_act < t)
          t = procs[i].next_act;
      for (int c = 0; c < ncores; c++)
        {
          Inst *in = cores[c].cur;
          if (in && in->state == ST_RUNNING && in->in_compute && now + in->remaining < t)
            t = now + in->remaining;
        }
      if (t >= duration || t == INT64_MAX)
        break;
      dt = t - now;
      for (int c = 0; c < ncores; c++)
        {
          Inst *in = cores[c].cur;
          if (in && in->state == ST_RUNNING && in->in_compute)
            in->remaining -= dt;
        }
      now = t;
      for (int c = 0; c < ncores; c++)
        {
          Inst *in = cores[c].cur;
          if (in && in->state == ST_RUNNING && in->in_compute && in->remaining == 0)
            {
              in->in_compute = FALSE;
              in->pc++;
              run_steps (in);
            }
        }
      for (int i = 0; i < nprocs; i++)
        if (procs[i].next_act == t)
          activate (&procs[i]);
      dispatch_all ();
    }
}

/* close intervals still open at the last timestamp */
static void
close_open_intervals (void)
{
  int64_t end = last_ts < 0 ? 0 : last_ts;

  now = end;
  for (int c = 0; c < ncores; c++)
    if (cores[c].oncount > 0)
      cores[c].busy += end - cores[c].busy_since;
  for (int i = 0; i < nprocs; i++)
    {
      Proc *p = &procs[i];
      for (int k = 0; k < p->nlive; k++)
        {
          Inst *in = &p->live[(p->head + k) % MAXLIVE];
          if (in->state == ST_RUNNING)
            p->run_ticks += end - in->run_since;
          if (in->state == ST_RUNNING || in->state == ST_POLLING)
            for (int f = 0; f < in->depth; f++)
              runnables[in->stack[f].rid].run_ticks += end - in->stack[f].since;
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Statistics JSON                                                            */

static void
fmt_secs (char *buf, size_t n, int64_t ticks)
{
  fmt_decimal (buf, n, ticks, frac_digits);
}

static void
fmt_mean (char *buf, size_t n, uint64_t sum, uint64_t count)
{
  if (sum % count == 0)
    fmt_secs (buf, n, (int64_t) (sum / count));
  else
    snprintf (buf, n, "%.17g", ((double) sum / (double) count) / (double) tps);
}

typedef struct {
  const char *type;
  const char *name;
  int kind; /* 0 proc, 1 core, 2 runnable */
  int idx;
} Ent;

static int
cmp_ent (const void *a, const void *b)
{
  const Ent *ea = a, *eb = b;
  int r = strcmp (ea->type, eb->type);
  return r ? r : strcmp (ea->name, eb->name);
}

static gboolean
write_stats (const char *path)
{
  FILE *f = stats_open (path);
  GArray *ents = g_array_new (FALSE, FALSE, sizeof (Ent));
  char b1[64], b2[64], b3[64];

  if (!f)
    return FALSE;
  for (int i = 0; i < nprocs; i++)
    if (procs[i].seen)
      {
        Ent e = { procs[i].is_isr ? "ISR" : "T", procs[i].name.s, 0, i };
        g_array_append_val (ents, e);
      }
  for (int i = 0; i < ncores; i++)
    if (cores[i].seen)
      {
        Ent e = { "C", cores[i].name.s, 1, i };
        g_array_append_val (ents, e);
      }
  for (int i = 0; i < nrunnables; i++)
    if (runnables[i].seen)
      {
        Ent e = { "R", runnables[i].name.s, 2, i };
        g_array_append_val (ents, e);
      }
  qsort (ents->data, ents->len, sizeof (Ent), cmp_ent);

  fmt_secs (b1, sizeof b1, first_ts < 0 ? 0 : first_ts);
  fmt_secs (b2, sizeof b2, last_ts < 0 ? 0 : last_ts);
  fprintf (f,
           "{\"format\": \"btf\", \"begin\": %s, \"end\": %s, \"warnings\": 0,\n"
           " \"entities\": [",
           b1, b2);
  for (guint k = 0; k < ents->len; k++)
    {
      const Ent *e = &g_array_index (ents, Ent, k);
      fputs (k ? ",\n  {\"name\": " : "\n  {\"name\": ", f);
      json_string (f, e->name);
      fprintf (f, ", \"type\": \"%s\"", e->type);
      if (e->kind == 0)
        {
          const Proc *p = &procs[e->idx];
          fprintf (f,
                   ", \"activations\": %" G_GUINT64_FORMAT ", \"preemptions\": %" G_GUINT64_FORMAT
                   ", \"response_time\": {\"count\": %" G_GUINT64_FORMAT,
                   p->activations, p->preemptions, p->resp_count);
          if (p->resp_count)
            {
              fmt_secs (b1, sizeof b1, p->resp_min);
              fmt_secs (b2, sizeof b2, p->resp_max);
              fmt_mean (b3, sizeof b3, p->resp_sum, p->resp_count);
              fprintf (f, ", \"min\": %s, \"max\": %s, \"mean\": %s}", b1, b2, b3);
            }
          else
            fputs (", \"min\": null, \"max\": null, \"mean\": null}", f);
          fmt_secs (b1, sizeof b1, p->run_ticks);
          fprintf (f, ", \"running_time\": %s}", b1);
        }
      else if (e->kind == 1)
        {
          fmt_secs (b1, sizeof b1, cores[e->idx].busy);
          fprintf (f, ", \"busy_time\": %s}", b1);
        }
      else
        {
          const Runnable *r = &runnables[e->idx];
          fmt_secs (b1, sizeof b1, r->run_ticks);
          fprintf (f, ", \"starts\": %" G_GUINT64_FORMAT ", \"running_time\": %s}", r->starts, b1);
        }
    }
  fputs ("]}\n", f);
  g_array_free (ents, TRUE);
  return stats_close (f, path);
}

/* ------------------------------------------------------------------------ */
/* Blocking JSON                                                              */

/* seconds as the reader's double: ticks / ticks-per-second, printed so that
 * it reads back as the same double */
static void
put_secs (FILE *f, int64_t ticks)
{
  fprintf (f, "%.17g", (double) ticks / (double) tps);
}

static int
cmp_holder (const void *a, const void *b)
{
  const Holder *x = a, *y = b;
  int r = strcmp (procs[x->proc].name.s, procs[y->proc].name.s);
  return r ? r : (x->inst > y->inst) - (x->inst < y->inst);
}

/* what `chronoscope-cli blocking --json` must print: every request in line
 * order, its grant, and who held the semaphore when the request was written */
static gboolean
write_blocking (const char *path)
{
  FILE *f = stats_open (path);

  if (!f)
    return FALSE;
  fputs ("{\"format\": \"btf\", \"waits\": [", f);
  for (guint i = 0; i < waits->len; i++)
    {
      const WaitRec *w = &g_array_index (waits, WaitRec, i);
      Holder *h = w->nheld ? &g_array_index (held, Holder, w->held_off) : NULL;
      fputs (i ? ",\n  {\"process\": " : "\n  {\"process\": ", f);
      json_string (f, procs[w->proc].name.s);
      fprintf (f, ", \"instance\": %" G_GINT64_FORMAT ", \"semaphore\": ", w->inst);
      json_string (f, sems[w->sem].name.s);
      fputs (", \"requested\": ", f);
      put_secs (f, w->requested);
      if (w->assigned >= 0)
        {
          fputs (", \"assigned\": ", f);
          put_secs (f, w->assigned);
          fputs (", \"wait\": ", f);
          put_secs (f, w->assigned - w->requested);
        }
      else
        fputs (", \"assigned\": null, \"wait\": null", f);
      fputs (", \"held_by\": [", f);
      if (w->nheld > 1)
        qsort (h, w->nheld, sizeof *h, cmp_holder);
      for (guint k = 0; k < w->nheld; k++)
        {
          fputs (k ? ", {\"process\": " : "{\"process\": ", f);
          json_string (f, procs[h[k].proc].name.s);
          fprintf (f, ", \"instance\": %" G_GINT64_FORMAT "}", h[k].inst);
        }
      fputs ("]}", f);
    }
  fputs ("]}\n", f);
  return stats_close (f, path);
}

/* ------------------------------------------------------------------------ */

int
main (int argc, char **argv)
{
  gint64 seed = 1, duration = -1, events = 0;
  gint load_percent = 100;
  gint cores_n = 2, tasks_n = 6, isrs_n = 1, runnables_n = 4, signals_n = 2, sems_n = 3;
  gboolean no_wait = FALSE;
  gchar *timescale = NULL, *stats_path = NULL, *blocking_path = NULL, *out_path = NULL;
  GError *error = NULL;
  GOptionContext *ctx;
  Config cfg;
  const char *unit;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "PRNG seed (default 1)", "N" },
    { "cores", 0, 0, G_OPTION_ARG_INT, &cores_n, "Number of cores (default 2)", "N" },
    { "tasks", 0, 0, G_OPTION_ARG_INT, &tasks_n, "Number of periodic tasks (default 6)", "N" },
    { "isrs", 0, 0, G_OPTION_ARG_INT, &isrs_n, "Number of ISRs (default 1)", "N" },
    { "runnables", 0, 0, G_OPTION_ARG_INT, &runnables_n, "Top-level runnables per task (default 4)", "N" },
    { "signals", 0, 0, G_OPTION_ARG_INT, &signals_n, "Number of signals (default 2)", "N" },
    { "semaphores", 0, 0, G_OPTION_ARG_INT, &sems_n, "Number of semaphores (default 3)", "N" },
    { "duration", 0, 0, G_OPTION_ARG_INT64, &duration,
      "Simulated duration in ticks (default 100 ms; unlimited with --events)", "TICKS" },
    { "events", 0, 0, G_OPTION_ARG_INT64, &events, "Stop after about N data lines", "N" },
    { "timescale", 0, 0, G_OPTION_ARG_STRING, &timescale, "ns (default), us or ps", "UNIT" },
    { "no-wait", 0, 0, G_OPTION_ARG_NONE, &no_wait, "No OSEK wait/release events", NULL },
    { "load", 0, 0, G_OPTION_ARG_INT, &load_percent, "Scale every task's and ISR's work (default 100)", "PERCENT" },
    { "inversions", 0, 0, G_OPTION_ARG_NONE, &inversions,
      "Holders of SEM_0 can be preempted by their core's fast task (priority inversions)", NULL },
    { "stats", 0, 0, G_OPTION_ARG_FILENAME, &stats_path, "Write expected statistics JSON", "FILE.json" },
    { "blocking", 0, 0, G_OPTION_ARG_FILENAME, &blocking_path, "Write expected `blocking --json` output", "FILE.json" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out_path, "Output BTF file ('-' = stdout)", "OUT.btf" },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };

  ctx = g_option_context_new ("- generate a synthetic BTF trace");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "chrono-gen-btf: %s\n", error->message);
      return 2;
    }
  g_option_context_free (ctx);
  if (!out_path)
    {
      fprintf (stderr, "chrono-gen-btf: -o OUT.btf is required\n");
      return 2;
    }
  if (cores_n < 1 || cores_n > 256 || tasks_n < 0 || tasks_n > 10000 || isrs_n < 0 || isrs_n > 1000
      || tasks_n + isrs_n < 1 || runnables_n < 1 || runnables_n > 1000 || signals_n < 0 || signals_n > 10000
      || sems_n < 0 || sems_n > 10000 || events < 0)
    {
      fprintf (stderr, "chrono-gen-btf: option out of range\n");
      return 2;
    }

  unit = timescale ? timescale : "ns";
  if (strcmp (unit, "ns") == 0)
    {
      tps = 1000000000;
      tpu = 1000;
      frac_digits = 9;
    }
  else if (strcmp (unit, "us") == 0)
    {
      tps = 1000000;
      tpu = 1;
      frac_digits = 6;
    }
  else if (strcmp (unit, "ps") == 0)
    {
      tps = 1000000000000;
      tpu = 1000000;
      frac_digits = 12;
    }
  else
    {
      fprintf (stderr, "chrono-gen-btf: --timescale must be ns, us or ps\n");
      return 2;
    }
  if (duration < 0)
    duration = events > 0 ? INT64_MAX : tps / 10;

  rng_seed ((uint64_t) seed);
  track_blocking = blocking_path != NULL;
  waits = g_array_new (FALSE, FALSE, sizeof (WaitRec));
  held = g_array_new (FALSE, FALSE, sizeof (Holder));
  ncores = cores_n;
  cfg.ntasks = tasks_n;
  cfg.nisrs = isrs_n;
  cfg.nrunnables = runnables_n;
  cfg.nsignals = signals_n;
  cfg.nsems = sems_n;
  cfg.load_percent = load_percent;
  cfg.waits = !no_wait;
  build_model (&cfg);

  if (strcmp (out_path, "-") == 0)
    ofile = stdout;
  else
    {
      ofile = fopen (out_path, "wb");
      if (!ofile)
        {
          fprintf (stderr, "chrono-gen-btf: cannot open %s: %s\n", out_path, g_strerror (errno));
          return 1;
        }
    }
  setvbuf (ofile, NULL, _IONBF, 0);
  obuf = g_malloc (OUTBUF_SIZE);
  opos = 0;
  {
    int n = snprintf (obuf, OUTBUF_SIZE,
                      "#version 2.1.3\n#creator chrono-gen-btf\n"
                      "#creationDate 2026-01-01T00:00:00Z\n#timeScale %s\n",
                      unit);
    opos = (size_t) n;
  }

  simulate (duration, events);
  if (!out_close ())
    return 1;

  close_open_intervals ();
  if (stats_path && !write_stats (stats_path))
    return 1;
  if (blocking_path && !write_blocking (blocking_path))
    return 1;

  g_free (obuf);
  g_free (timescale);
  g_free (stats_path);
  g_free (blocking_path);
  g_free (out_path);
  return 0;
}
