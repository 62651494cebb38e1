/* chrono-gen-etf: synthetic TRACE (.etf) generator with known statistics.
 *
 * Simulates a small job shop: jobs (products) run a route of operations,
 * each operation claims one resource (machines of capacity 1, buffers of
 * capacity 100, ovens of capacity 4, racks of capacity 512, optionally
 * with offsets) for some time and some amount; requests queue FIFO per
 * resource and never exceed the capacity.  Milestones are events, the
 * links between operations and milestones are dependencies of all nine
 * types, and a few signals (constant, linear, quadratic) run alongside.
 * Claims are written when they end (as the POOSL logger does), so start
 * times are unsorted; fragments of different signals interleave.  With
 * --stats it writes the figures a correct reader must report, taken from
 * the simulator's own bookkeeping.
 *
 * All times are integers of a grid of 1/1000 of the time unit, so every
 * time stamp is an exact decimal.  Standalone: C11 + GLib only.
 * Deterministic for a given --seed.
 */
#include <glib.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chrono-gen-common.h"

/* ------------------------------------------------------------------------ */
/* Buffered output                                                            */

/* room for one more line (every line is shorter than OUTBUF_SLACK) */
static inline void
out_line_begin (void)
{
  if (opos > OUTBUF_SIZE - OUTBUF_SLACK)
    out_flush ();
}

/* The time grid: GRID steps per time unit. */
#define GRID 1000

/* ".xyz" without trailing zeros for 1..999, "" for 0: 4 bytes and a length */
static char frac3[GRID][4];
static uint8_t frac3_len[GRID];

static void
frac3_init (void)
{
  for (int f = 0; f < GRID; f++)
    {
      char b[8];
      int n = f == 0 ? 0 : snprintf (b, sizeof b, ".%03d", f);
      while (n > 1 && b[n - 1] == '0')
        n--;
      memcpy (frac3[f], b, (size_t) n);
      frac3_len[f] = (uint8_t) n;
    }
}

/* a time in grid steps (>= 0) as an exact decimal of the unit */
static inline void
out_time (int64_t k)
{
  int f = (int) (k % GRID);

  out_u64 ((uint64_t) (k / GRID));
  memcpy (obuf + opos, frac3[f], 4);
  opos += frac3_len[f];
}

/* an amount in eighths as an exact decimal */
static inline void
out_eighths (int64_t e)
{
  static const Name frac[8] = { LIT (""),   LIT (".125"), LIT (".25"), LIT (".375"),
                                LIT (".5"), LIT (".625"), LIT (".75"), LIT (".875") };
  out_u64 ((uint64_t) (e / 8));
  out_name (&frac[e % 8]);
}

/* ------------------------------------------------------------------------ */
/* Model                                                                      */

enum { RT_MACHINE, RT_BUFFER, RT_OVEN, RT_RACK, N_RTYPES };

typedef struct {
  int type;
  int64_t cap8; /* capacity in eighths */
  gboolean offsets;
  char *name; /* the name attribute, unescaped; NULL: none */
  int64_t used8;
  int *queue; /* FIFO of waiting jobs (ring of njobs) */
  int qhead, qlen;
  int64_t *act_off, *act_amt; /* offset resources: claims now running */
  int *act_job;
  int nact;
  /* statistics */
  uint64_t claims;
  uint64_t usage; /* sum of amount (eighths) x duration (grid steps) */
} Resource;

enum { J_IDLE, J_RELEASE, J_TRANSIT, J_WAIT, J_BUSY };

typedef struct {
  int state;
  int64_t pid;
  int product;
  int nops, op; /* operations of the route, the current one */
  /* the current operation */
  int res;
  int opname;
  int64_t amt8, off8, dur;
  int64_t t0;
  int64_t start_event; /* event id at the claim's start, or -1 */
  /* links */
  int64_t prev_claim; /* id of the job's previous claim, or -1 */
  int64_t last_event; /* the job's latest event, or -1 */
} Job;

enum { SK_CONSTANT, SK_LINEAR, SK_QUADRATIC };

typedef struct {
  int kind;
  char *name; /* NULL: no name attribute */
  /* the current fragment, not written yet */
  int64_t t0, t1;
  int64_t c, b, a; /* in millionths (per unit, per unit²) */
  int64_t level; /* value at the end of the last fragment, millionths */
  /* statistics */
  uint64_t fragments;
  long double min, max; /* in 1e-12 */
} Sig;

/* per resource type */
static const char *const rtype_names[N_RTYPES] = { "Mill", "Buffer", "Oven", "Rack" };
static const int64_t rtype_cap8[N_RTYPES] = { 8, 800, 32, 4096 };
static const char *const rtype_cap_text[N_RTYPES] = { "1", "100.0", "4", "512" };
static const char *const rtype_unit[N_RTYPES] = { "machine", "l", "slots", "MB" };
/* operation names per resource type: the value of the claims' name */
#define OPS_PER_TYPE 3
static const char *const op_names[N_RTYPES][OPS_PER_TYPE] = {
  { "mill", "turn", "drill\\, deburr" },
  { "store", "cool down", "wait" },
  { "bake", "cure", "anneal" },
  { "stage", "pick", "kit" },
};
#define N_PRODUCTS 4
static const char *const product_names[N_PRODUCTS] = { "gear", "shaft", "housing", "bracket" };

static Resource *res;
static int nres;
static Job *jobs;
static int njobs;
static Sig *sigs;
static int nsigs;
static Name claim_tails[N_RTYPES][OPS_PER_TYPE][N_PRODUCTS]; /* ", name=..., kind=...\n" */

static int64_t now; /* grid steps */
static int64_t claims_target, events_target, deps_target;
static int64_t claims_reserved; /* operations given to released jobs */
static int64_t nclaims, nevents, ndeps; /* written */
static int64_t dep_count[9];
static int unseen_types = 9; /* dependency types not written yet */
static int active_jobs;
static int64_t next_pid = 1;
static int64_t tmin = INT64_MAX, tmax = INT64_MIN;

static inline void
see_time (int64_t t)
{
  if (t < tmin)
    tmin = t;
  if (t > tmax)
    tmax = t;
}

/* ---- the agenda: a binary heap of (time, slot) keys ---------------------- */

/* The key is time << AGENDA_SLOT_BITS | slot, one integer to compare; the
 * slot (signals first, then jobs) orders entries of the same time. */
#define AGENDA_SLOT_BITS 16
#define AGENDA_MAX_TIME (INT64_C (1) << (62 - AGENDA_SLOT_BITS))

static uint64_t *heap;
static int heap_n, heap_cap;

/* who >= 0: job; < 0: signal -1 - who */
static void
agenda_push (int64_t t, int who)
{
  uint64_t key;
  int i;

  if (t >= AGENDA_MAX_TIME)
    {
      fprintf (stderr, "chrono-gen-etf: the trace got too long\n");
      exit (1);
    }
  key = (uint64_t) t << AGENDA_SLOT_BITS | (uint64_t) (who < 0 ? -1 - who : nsigs + who);
  if (heap_n == heap_cap)
    {
      heap_cap = heap_cap ? heap_cap * 2 : 64;
      heap = g_renew (uint64_t, heap, heap_cap);
    }
  i = heap_n++;
  while (i > 0 && key < heap[(i - 1) / 2])
    {
      heap[i] = heap[(i - 1) / 2];
      i = (i - 1) / 2;
    }
  heap[i] = key;
}

static inline int64_t
agenda_time (uint64_t key)
{
  return (int64_t) (key >> AGENDA_SLOT_BITS);
}

static inline int
agenda_who (uint64_t key)
{
  int slot = (int) (key & ((1u << AGENDA_SLOT_BITS) - 1));
  return slot < nsigs ? -1 - slot : slot - nsigs;
}

static uint64_t
agenda_pop (void)
{
  uint64_t top = heap[0], last = heap[--heap_n];
  int i = 0;

  for (;;)
    {
      int c = 2 * i + 1;
      if (c >= heap_n)
        break;
      if (c + 1 < heap_n && heap[c + 1] < heap[c])
        c++;
      if (last <= heap[c])
        break;
      heap[i] = heap[c];
      i = c;
    }
  if (heap_n > 0)
    heap[i] = last;
  return top;
}

/* ---- events and dependencies -------------------------------------------- */

enum { EV_RELEASE, EV_START, EV_DONE, EV_FINISHED, EV_SHIFT_END, N_EVS };
static const Name ev_names[N_EVS] = { LIT (" ; name=release, pid="), LIT (" ; name=start, pid="),
                                      LIT (" ; name=done, pid="), LIT (" ; name=finished, pid="),
                                      LIT (" ; name=shift end") };

static const Name dep_tails[9] = {
  LIT (" ; type=start-start\n"), LIT (" ; type=start-end\n"),           LIT ("; type=app,color=gray\n"),
  LIT (" ; type=end-end\n"),     LIT (" ; type=event-event\n"),         LIT (" ; type=start-event\n"),
  LIT (" ; type=end-event\n"),   LIT (" ; type=trigger, color=blue\n"), LIT (" ; type=event-end\n"),
};

static double per_claim; /* 1 / claims_target */

/* how many of target should be written once `done` of the claims are:
 * spreads events and dependencies evenly over the trace */
static int64_t
due (int64_t target, int64_t done)
{
  int64_t d;

  if (claims_target == 0)
    return target;
  d = (int64_t) ((double) target * ((double) done * per_claim)) + 1;
  return d < target ? d : target;
}

static int64_t
write_event (int kind, int64_t pid)
{
  out_line_begin ();
  out_ch ('E');
  out_ch (' ');
  out_i64 (nevents);
  out_ch (' ');
  out_time (now);
  out_name (&ev_names[kind]);
  if (pid >= 0)
    out_i64 (pid);
  out_ch ('\n');
  see_time (now);
  return nevents++;
}

/* chance that a milestone is an event: about 2.4 milestones per claim */
static double event_chance;

/* an event at now if the budget allows; its id or -1 */
static int64_t
maybe_event (int kind, int64_t pid)
{
  if (nevents >= events_target || nevents >= due (events_target, nclaims) || rng_uniform () >= event_chance)
    return -1;
  return write_event (kind, pid);
}

static void
write_dep (int type, int64_t src, int64_t dst)
{
  out_line_begin ();
  out_ch ('D');
  out_ch (' ');
  out_i64 (ndeps);
  out_ch (' ');
  out_ch ((char) ('0' + type));
  out_ch (' ');
  out_i64 (src);
  out_ch (' ');
  out_i64 (dst);
  out_name (&dep_tails[type]);
  ndeps++;
  if (dep_count[type]++ == 0)
    unseen_types--;
}

/* A dependency that fits the trace so far. */
typedef struct {
  int type;
  int64_t src, dst;
} Cand;

/* Offer dependencies: up to max of the n candidates are written, as the
 * budget allows.  Types never written yet come first, and budget is kept for
 * them, so that all nine types occur; then mostly the rarest type. */
static void
offer_deps (Cand *cands, int n, int max)
{
  while (n > 0 && max-- > 0)
    {
      int64_t remaining = deps_target - ndeps;
      int pick = -1;

      if (remaining <= 0)
        return;
      for (int i = 0; i < n && pick < 0; i++)
        if (dep_count[cands[i].type] == 0)
          pick = i;
      if (pick < 0)
        {
          if (remaining <= unseen_types || ndeps >= due (deps_target, nclaims))
            return;
          pick = (int) rng_int_below (n);
          if (rng_uniform () < 0.6)
            for (int i = 0; i < n; i++)
              if (dep_count[cands[i].type] < dep_count[cands[pick].type])
                pick = i;
        }
      write_dep (cands[pick].type, cands[pick].src, cands[pick].dst);
      cands[pick] = cands[--n];
    }
}

/* ---- claims ------------------------------------------------------------- */

static gboolean
find_gap (const Resource *r, int64_t amt, int64_t *off)
{
  int64_t best = -1;

  for (int c = -1; c < r->nact; c++)
    {
      int64_t cand = c < 0 ? 0 : r->act_off[c] + r->act_amt[c];
      gboolean ok = cand + amt <= r->cap8 && (best < 0 || cand < best);
      for (int i = 0; i < r->nact && ok; i++)
        ok = !(cand < r->act_off[i] + r->act_amt[i] && r->act_off[i] < cand + amt);
      if (ok)
        best = cand;
    }
  if (best < 0)
    return FALSE;
  *off = best;
  return TRUE;
}

static void
grant (int j, int64_t off)
{
  Job *jb = &jobs[j];
  Resource *r = &res[jb->res];

  r->used8 += jb->amt8;
  g_assert (r->used8 <= r->cap8);
  if (r->offsets)
    {
      r->act_off[r->nact] = off;
      r->act_amt[r->nact] = jb->amt8;
      r->act_job[r->nact] = j;
      r->nact++;
    }
  jb->off8 = off;
  jb->t0 = now;
  jb->start_event = maybe_event (EV_START, jb->pid);
  if (jb->start_event >= 0)
    jb->last_event = jb->start_event;
  jb->state = J_BUSY;
  agenda_push (now + jb->dur, j);
}

/* grant waiting requests in FIFO order while the head fits */
static void
try_grant (int ri)
{
  Resource *r = &res[ri];

  while (r->qlen)
    {
      int j = r->queue[r->qhead];
      int64_t off = 0;
      if (r->offsets ? !find_gap (r, jobs[j].amt8, &off) : r->used8 + jobs[j].amt8 > r->cap8)
        break;
      if (++r->qhead == njobs)
        r->qhead = 0;
      r->qlen--;
      grant (j, off);
    }
}

static int64_t
draw_amount (int type)
{
  double u = rng_uniform ();

  switch (type)
    {
    case RT_MACHINE: return u < 0.8 ? 8 : u < 0.95 ? 4 : 2;
    case RT_BUFFER: return u < 0.1 ? rng_range (1, 800) : u < 0.15 ? 800 : 4 * rng_range (1, 160);
    case RT_OVEN: return u < 0.1 ? 4 : u < 0.2 ? 32 : 8 * rng_range (1, 3);
    default: return u < 0.05 ? 1 : u < 0.1 ? 4096 : 64 * rng_range (1, 32);
    }
}

static int64_t
draw_duration (int type)
{
  switch (type)
    {
    case RT_MACHINE: return rng_range (50, 700);
    case RT_BUFFER: return rng_range (100, 2500);
    case RT_OVEN: return rng_range (300, 2000);
    default: return rng_range (20, 600);
    }
}

static void
request_op (int j)
{
  Job *jb = &jobs[j];
  Resource *r;

  /* a route of random resources; the next one differs from the last */
  if (nres > 1 && jb->op > 0)
    jb->res = (int) ((jb->res + 1 + rng_int_below (nres - 1)) % nres);
  else
    jb->res = (int) rng_int_below (nres);
  r = &res[jb->res];
  jb->opname = (int) rng_int_below (OPS_PER_TYPE);
  jb->amt8 = draw_amount (r->type);
  jb->dur = draw_duration (r->type);
  jb->state = J_WAIT;
  r->queue[r->qhead + r->qlen < njobs ? r->qhead + r->qlen : r->qhead + r->qlen - njobs] = j;
  r->qlen++;
  try_grant (jb->res);
}

/* reserve operations for a new job in slot j, released at time t */
static void
schedule_release (int j, int64_t t)
{
  Job *jb = &jobs[j];
  int64_t left = claims_target - claims_reserved;
  int64_t n = rng_range (2, 8);

  if (left <= 0)
    {
      jb->state = J_IDLE;
      return;
    }
  jb->nops = (int) (n < left ? n : left);
  claims_reserved += jb->nops;
  jb->state = J_RELEASE;
  active_jobs++;
  agenda_push (t, j);
}

static const Name pid_key = LIT (" ; pid=");

/* --shuffle N: claim lines wait in a pool of N and leave it in random
 * order, so start and end times are both out of order, and dependencies
 * name claims further down.  The shuffle draws from a generator of its own:
 * the trace's content (and --stats) is the same with and without it. */
static int64_t shuffle_size;
static GPtrArray *shuffle_pool; /* char*, whole lines */
static uint64_t shuffle_state;

static uint64_t
shuffle_next (void)
{
  shuffle_state ^= shuffle_state << 13;
  shuffle_state ^= shuffle_state >> 7;
  shuffle_state ^= shuffle_state << 17;
  return shuffle_state;
}

static void
out_pooled (char *line)
{
  size_t n = strlen (line);
  out_line_begin ();
  memcpy (obuf + opos, line, n);
  opos += n;
  g_free (line);
}

/* The line written since start goes into the pool; a full pool lets a random one out. */
static void
shuffle_claim_line (size_t start)
{
  char *line = g_strndup (obuf + start, opos - start);
  opos = start;
  if ((int64_t) shuffle_pool->len < shuffle_size)
    {
      g_ptr_array_add (shuffle_pool, line);
      return;
    }
  guint pick = (guint) (shuffle_next () % shuffle_pool->len);
  out_pooled (g_ptr_array_index (shuffle_pool, pick));
  g_ptr_array_index (shuffle_pool, pick) = line;
}

static void
shuffle_drain (void)
{
  while (shuffle_pool != NULL && shuffle_pool->len > 0)
    {
      guint pick = (guint) (shuffle_next () % shuffle_pool->len);
      out_pooled (g_ptr_array_steal_index_fast (shuffle_pool, pick));
    }
}

static void
write_claim (const Job *jb, int64_t id)
{
  const Resource *r = &res[jb->res];

  out_line_begin ();
  size_t start = opos;
  out_ch ('C');
  out_ch (' ');
  out_i64 (id);
  out_ch (' ');
  out_time (jb->t0);
  out_ch (' ');
  out_time (now);
  out_ch (' ');
  out_i64 (jb->res);
  out_ch (' ');
  if (r->offsets)
    {
      out_eighths (jb->off8);
      out_ch (' ');
    }
  out_eighths (jb->amt8);
  out_name (&pid_key);
  out_i64 (jb->pid);
  out_name (&claim_tails[r->type][jb->opname][jb->product]);
  if (shuffle_size > 0)
    shuffle_claim_line (start);
}

static void
finish_claim (int j)
{
  Job *jb = &jobs[j];
  Resource *r = &res[jb->res];
  int64_t id = nclaims;
  int64_t done_event;
  Cand cand[12];
  int ncand;

  r->used8 -= jb->amt8;
  if (r->offsets)
    for (int i = 0; i < r->nact; i++)
      if (r->act_job[i] == j)
        {
          r->nact--;
          r->act_off[i] = r->act_off[r->nact];
          r->act_amt[i] = r->act_amt[r->nact];
          r->act_job[i] = r->act_job[r->nact];
          break;
        }
  write_claim (jb, id);
  nclaims++;
  see_time (jb->t0);
  see_time (now);
  r->claims++;
  r->usage += (uint64_t) jb->amt8 * (uint64_t) (now - jb->t0);

  /* links to the job's previous operation (2, the workflow successor,
   * twice), from the start event, to the done event */
  ncand = 0;
  if (jb->prev_claim >= 0)
    {
      static const int cc[] = { 0, 1, 2, 2, 3 };
      for (guint i = 0; i < G_N_ELEMENTS (cc); i++)
        cand[ncand++] = (Cand){ cc[i], jb->prev_claim, id };
    }
  if (jb->start_event >= 0)
    {
      cand[ncand++] = (Cand){ 7, jb->start_event, id };
      cand[ncand++] = (Cand){ 8, jb->start_event, id };
    }
  done_event = maybe_event (EV_DONE, jb->pid);
  if (done_event >= 0)
    {
      cand[ncand++] = (Cand){ 5, id, done_event };
      cand[ncand++] = (Cand){ 6, id, done_event };
      if (jb->last_event >= 0)
        cand[ncand++] = (Cand){ 4, jb->last_event, done_event };
      jb->last_event = done_event;
    }
  offer_deps (cand, ncand, 2);
  jb->prev_claim = id;
  try_grant (jb->res);

  jb->op++;
  if (jb->op < jb->nops)
    {
      /* transport to the next station: sometimes none at all */
      if (rng_uniform () < 0.3)
        request_op (j);
      else
        {
          jb->state = J_TRANSIT;
          agenda_push (now + rng_range (1, 200), j);
        }
    }
  else
    {
      int64_t fin = maybe_event (EV_FINISHED, jb->pid);
      if (fin >= 0)
        {
          ncand = 0;
          cand[ncand++] = (Cand){ 6, id, fin };
          if (jb->last_event >= 0)
            cand[ncand++] = (Cand){ 4, jb->last_event, fin };
          offer_deps (cand, ncand, 1);
        }
      active_jobs--;
      schedule_release (j, now + rng_range (0, 300));
    }
}

static void
release_job (int j)
{
  Job *jb = &jobs[j];

  jb->pid = next_pid++;
  jb->product = (int) rng_int_below (N_PRODUCTS);
  jb->op = 0;
  jb->prev_claim = -1;
  jb->last_event = maybe_event (EV_RELEASE, jb->pid);
  request_op (j);
}

/* ---- signals ------------------------------------------------------------ */

/* Coefficients are integers of millionths, written as exact decimals: the
 * extremes below are computed from exactly what the file says. */
#define MICRO 1000000

static inline void
out_micro (int64_t v)
{
  int64_t f;
  int digits = 6;
  char b[8];

  if (v < 0)
    {
      out_ch ('-');
      v = -v;
    }
  out_u64 ((uint64_t) (v / MICRO));
  f = v % MICRO;
  if (f == 0)
    return;
  while (f % 10 == 0)
    {
      f /= 10;
      digits--;
    }
  out_ch ('.');
  for (int i = digits - 1; i >= 0; i--)
    {
      b[i] = (char) ('0' + f % 10);
      f /= 10;
    }
  memcpy (obuf + opos, b, (size_t) digits);
  opos += (size_t) digits;
}

/* n / d rounded to the nearest integer, d > 0 */
static int64_t
div_round (int64_t n, int64_t d)
{
  return n >= 0 ? (n + d / 2) / d : -((-n + d / 2) / d);
}

static inline void
note_value (Sig *s, long double v)
{
  if (v < s->min)
    s->min = v;
  if (v > s->max)
    s->max = v;
}

static void
write_fragment (int si)
{
  Sig *s = &sigs[si];
  int64_t d, v0, v1;

  out_line_begin ();
  out_ch ('F');
  out_ch (' ');
  out_i64 (si);
  out_ch (' ');
  out_time (s->t0);
  out_ch (' ');
  out_time (s->t1);
  out_ch (' ');
  out_micro (s->c);
  out_ch (' ');
  out_micro (s->b);
  out_ch (' ');
  out_micro (s->a);
  out_ch ('\n');
  see_time (s->t0);
  see_time (s->t1);

  /* exact extremes over the closed domain: both ends and the vertex, in
   * 1e-12 (value x 1e12 = c 1e6 + b d 1e3 + a d², d in grid steps) */
  d = s->t1 - s->t0;
  v0 = s->c * MICRO;
  v1 = v0 + s->b * d * GRID + s->a * d * d;
  if (s->fragments == 0)
    s->min = s->max = (long double) v0;
  note_value (s, (long double) v0);
  note_value (s, (long double) v1);
  /* vertex at -b / 2a units: strictly inside (0, d / GRID) */
  if ((s->a > 0 && s->b < 0 && -s->b * GRID < 2 * s->a * d) || (s->a < 0 && s->b > 0 && -s->b * GRID > 2 * s->a * d))
    note_value (s, (long double) v0 - (long double) s->b * (long double) s->b * MICRO / (4.0L * (long double) s->a));
  s->fragments++;
  /* the next fragment starts where this one ends, to a millionth */
  s->level = div_round (v1, MICRO);
}

/* the next fragment of signal si, from t0 */
static void
next_fragment (int si, int64_t t0)
{
  Sig *s = &sigs[si];
  int64_t d = rng_range (100, 3000);
  double u = rng_uniform ();

  s->t0 = t0;
  s->b = s->a = 0;
  if (u < 0.03)
    {
      /* a zero-length fragment: a jump, as producers write them */
      s->t1 = t0;
      s->c = rng_range (-400, 400) * (MICRO / 8);
      return;
    }
  s->t1 = t0 + d;
  s->c = s->level;
  if (s->kind == SK_CONSTANT || u < 0.1)
    {
      /* a level: steps for the constant signal, a hold for the others */
      if (s->kind == SK_CONSTANT)
        s->c = rng_range (0, 400) * (MICRO / 4);
    }
  else if (s->kind == SK_LINEAR)
    {
      int64_t target = rng_range (-400, 400) * (MICRO / 8);
      s->b = div_round ((target - s->c) * GRID, d);
    }
  else
    {
      /* a parabola a (t - t0 - dv)² + ...: the vertex dv is inside the
       * domain (mostly) or outside; it leans towards 0 so that the signal
       * stays bounded */
      int64_t amp = rng_range (1, 160) * (MICRO / 8), dv;
      double w = rng_uniform ();
      int64_t sign = s->c > 0 ? 1 : -1;
      if (s->c < 100 * MICRO && s->c > -100 * MICRO && rng_uniform () < 0.25)
        sign = -sign;
      if (w < 0.7)
        dv = rng_range (d / 5, d * 4 / 5);
      else if (w < 0.85)
        dv = rng_range (d + d / 10, 2 * d);
      else
        dv = -rng_int_below (d);
      /* a = amp / du², du = d / GRID */
      s->a = sign * div_round (amp * GRID * GRID, d * d);
      s->b = div_round (-2 * s->a * dv, GRID);
    }
}

static void
signal_step (int si)
{
  write_fragment (si);
  next_fragment (si, sigs[si].t1);
  agenda_push (sigs[si].t1, -1 - si);
}

/* ---- the simulation ----------------------------------------------------- */

static void
simulate (void)
{
  int64_t tsig;

  for (int s = 0; s < nsigs; s++)
    {
      next_fragment (s, 0);
      agenda_push (sigs[s].t1, -1 - s);
    }
  for (int j = 0; j < njobs; j++)
    schedule_release (j, rng_range (0, 100) * j);

  while (active_jobs > 0)
    {
      uint64_t key = agenda_pop ();
      int who = agenda_who (key);
      now = agenda_time (key);
      if (who < 0)
        {
          signal_step (-1 - who);
          continue;
        }
      switch (jobs[who].state)
        {
        case J_RELEASE: release_job (who); break;
        case J_TRANSIT: request_op (who); break;
        case J_BUSY: finish_claim (who); break;
        default: g_assert_not_reached ();
        }
    }

  /* the rest of the events at the end, then dependencies between random
   * claims and events so that the counts come out exactly */
  now = nclaims ? tmax : 0;
  while (nevents < events_target)
    {
      write_event (EV_SHIFT_END, -1);
      if (nclaims == 0)
        now += rng_range (1, 100);
    }
  while (ndeps < deps_target && (nclaims > 0 || nevents > 0))
    {
      int type = -1;
      int64_t src, dst;
      for (int t = 0; t < 9; t++)
        {
          gboolean src_claim = t <= 3 || t == 5 || t == 6, dst_claim = t <= 3 || t == 7 || t == 8;
          if ((src_claim ? nclaims : nevents) == 0 || (dst_claim ? nclaims : nevents) == 0)
            continue;
          if (type < 0 || dep_count[t] < dep_count[type])
            type = t;
        }
      src = rng_int_below (type <= 3 || type == 5 || type == 6 ? nclaims : nevents);
      dst = rng_int_below (type <= 3 || type == 7 || type == 8 ? nclaims : nevents);
      write_dep (type, src, dst);
    }

  /* signals run to the end of the trace (at least one time unit) */
  tsig = tmax > GRID ? tmax : GRID;
  while (heap_n > 0 && agenda_time (heap[0]) <= tsig)
    {
      int who = agenda_who (agenda_pop ());
      if (who < 0)
        signal_step (-1 - who);
    }
  for (int s = 0; s < nsigs; s++)
    if (sigs[s].t0 < tsig)
      {
        sigs[s].t1 = tsig;
        write_fragment (s);
      }
}

/* ------------------------------------------------------------------------ */
/* Setup                                                                      */

static void
build_model (int nresources, int nsignals, gboolean offsets)
{
  nres = nresources;
  njobs = 2 * nres + 2;
  res = g_new0 (Resource, nres);
  jobs = g_new0 (Job, njobs);
  for (int i = 0; i < nres; i++)
    {
      Resource *r = &res[i];
      r->type = i % N_RTYPES;
      r->cap8 = rtype_cap8[r->type];
      r->offsets = offsets && (r->type == RT_RACK || (r->type == RT_BUFFER && i % 8 == 1));
      if (i % 6 != 5)
        r->name = r->type == RT_BUFFER ? g_strdup_printf ("Buffer, bay %d", i)
                                       : g_strdup_printf ("%s_%d", rtype_names[r->type], i);
      r->queue = g_new (int, njobs);
      if (r->offsets)
        {
          r->act_off = g_new (int64_t, njobs);
          r->act_amt = g_new (int64_t, njobs);
          r->act_job = g_new (int, njobs);
        }
    }
  for (int t = 0; t < N_RTYPES; t++)
    for (int o = 0; o < OPS_PER_TYPE; o++)
      for (int p = 0; p < N_PRODUCTS; p++)
        claim_tails[t][o][p] = name_take (g_strdup_printf (", name=%s, kind=%s\n", op_names[t][o], product_names[p]));

  nsigs = nsignals;
  sigs = g_new0 (Sig, nsigs);
  for (int s = 0; s < nsigs; s++)
    {
      static const char *const what[3][2] = { { "Belt", "speed" }, { "Oven", "temperature" }, { "Arm", "position" } };
      sigs[s].kind = s % 3;
      if (s % 5 != 3)
        sigs[s].name = g_strdup_printf ("%s_%d_%s", what[s % 3][0], s, what[s % 3][1]);
      sigs[s].level = (sigs[s].kind == SK_CONSTANT ? 10 : 20) * (int64_t) MICRO;
    }
}

/* the attribute text for a name: ',' and '=' escaped */
static char *
escape_attr (const char *s)
{
  GString *out = g_string_new (NULL);
  for (; *s; s++)
    {
      if (*s == ',' || *s == '=' || *s == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *s);
    }
  return g_string_free (out, FALSE);
}

static void
write_header (const char *unit, gint64 seed)
{
  opos += (size_t) snprintf (obuf + opos, OUTBUF_SLACK,
                             "TU %s\nO 1700000000000\nT name=generated, seed=%" G_GINT64_FORMAT "\n", unit, seed);
  /* R and S lines interleave, with the ';' written in the ways producers do */
  for (int i = 0; i < nres || i < nsigs; i++)
    {
      out_line_begin ();
      if (i < nres)
        {
          const Resource *r = &res[i];
          const char *cap = rtype_cap_text[r->type], *off = r->offsets ? "true" : "false";
          if (r->name == NULL)
            opos += (size_t) snprintf (obuf + opos, OUTBUF_SLACK, "R %d %s %s ; unit=%s\n", i, cap, off,
                                       rtype_unit[r->type]);
          else
            {
              g_autofree char *name = escape_attr (r->name);
              if (i % 3 == 0)
                opos += (size_t) snprintf (obuf + opos, OUTBUF_SLACK, "R %d %s %s; name=%s,unit=%s\n", i, cap, off,
                                           name, rtype_unit[r->type]);
              else
                opos += (size_t) snprintf (obuf + opos, OUTBUF_SLACK, "R %d %s %s ; name = %s , unit = %s\n", i, cap,
                                           off, name, rtype_unit[r->type]);
            }
        }
      out_line_begin ();
      if (i < nsigs)
        {
          if (sigs[i].name == NULL)
            opos += (size_t) snprintf (obuf + opos, OUTBUF_SLACK, "S %d;unit=mm\n", i);
          else if (i % 2 == 0)
            opos += (size_t) snprintf (obuf + opos, OUTBUF_SLACK, "S %d ; name=%s\n", i, sigs[i].name);
          else
            opos += (size_t) snprintf (obuf + opos, OUTBUF_SLACK, "S %d; name = %s\n", i, sigs[i].name);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Statistics JSON                                                            */

static int unit_index; /* 0 s, 1 ms, 2 us, 3 ns */

/* grid steps as exact decimal seconds */
static void
fmt_secs (char *buf, size_t n, int64_t k)
{
  fmt_decimal (buf, n, k, 3 + 3 * unit_index);
}

static gboolean
write_stats (const char *path)
{
  FILE *f = stats_open (path);
  char b1[64], b2[64];
  long double secs_per_step = 1.0L / GRID;

  if (!f)
    return FALSE;
  for (int i = 0; i < unit_index; i++)
    secs_per_step /= 1000.0L;
  if (tmin <= tmax)
    {
      fmt_secs (b1, sizeof b1, tmin);
      fmt_secs (b2, sizeof b2, tmax);
    }
  else
    strcpy (b1, strcpy (b2, "null"));
  fprintf (f,
           "{\"format\": \"etf\", \"begin\": %s, \"end\": %s, \"warnings\": 0, \"claims\": %" G_GINT64_FORMAT
           ", \"events\": %" G_GINT64_FORMAT ", \"dependencies\": %" G_GINT64_FORMAT ",\n \"resources\": [",
           b1, b2, nclaims, nevents, ndeps);
  for (int i = 0; i < nres; i++)
    {
      const Resource *r = &res[i];
      long double usage = (long double) r->usage / 8.0L * secs_per_step;
      fprintf (f, "%s{\"id\": %d, \"name\": ", i ? ",\n   " : "\n   ", i);
      json_string (f, r->name ? r->name : "");
      fprintf (f, ", \"capacity\": %.17g, \"claims\": %" G_GUINT64_FORMAT ", \"usage\": %.17g}", (double) r->cap8 / 8.0,
               r->claims, (double) usage);
    }
  fputs ("],\n \"signals\": [", f);
  for (int s = 0; s < nsigs; s++)
    {
      const Sig *g = &sigs[s];
      fprintf (f, "%s{\"id\": %d, \"name\": ", s ? ",\n   " : "\n   ", s);
      json_string (f, g->name ? g->name : "");
      if (g->fragments)
        fprintf (f, ", \"fragments\": %" G_GUINT64_FORMAT ", \"min\": %.17g, \"max\": %.17g}", g->fragments,
                 (double) (g->min / 1e12L), (double) (g->max / 1e12L));
      else
        fputs (", \"fragments\": 0, \"min\": null, \"max\": null}", f);
    }
  fputs ("]}\n", f);
  return stats_close (f, path);
}

/* ------------------------------------------------------------------------ */

int
main (int argc, char **argv)
{
  static const char *const unit_names[4] = { "SECONDS", "MILLISECONDS", "MICROSECONDS", "NANOSECONDS" };
  gint64 seed = 1, claims = 10000, events = 2000, deps = 2000;
  gint resources_n = 6, signals_n = 3;
  gboolean offsets = FALSE;
  gchar *unit = NULL, *stats_path = NULL, *out_path = NULL;
  GError *error = NULL;
  GOptionContext *ctx;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "PRNG seed (default 1)", "N" },
    { "resources", 0, 0, G_OPTION_ARG_INT, &resources_n, "Number of resources (default 6)", "N" },
    { "signals", 0, 0, G_OPTION_ARG_INT, &signals_n, "Number of signals (default 3)", "N" },
    { "claims", 0, 0, G_OPTION_ARG_INT64, &claims, "Number of claims (default 10000)", "N" },
    { "events", 0, 0, G_OPTION_ARG_INT64, &events, "Number of events (default 2000)", "N" },
    { "dependencies", 0, 0, G_OPTION_ARG_INT64, &deps, "Number of dependencies (default 2000)", "N" },
    { "unit", 0, 0, G_OPTION_ARG_STRING, &unit,
      "Time unit: SECONDS (default), MILLISECONDS, MICROSECONDS or NANOSECONDS", "UNIT" },
    { "offsets", 0, 0, G_OPTION_ARG_NONE, &offsets, "Racks (and some buffers) use offsets", NULL },
    { "shuffle", 0, 0, G_OPTION_ARG_INT64, &shuffle_size,
      "Write claims in random order within a pool of N lines (default 0: as they end)", "N" },
    { "stats", 0, 0, G_OPTION_ARG_FILENAME, &stats_path, "Write expected statistics JSON", "FILE.json" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out_path, "Output TRACE file ('-' = stdout)", "OUT.etf" },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };

  ctx = g_option_context_new ("- generate a synthetic TRACE (.etf) trace");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "chrono-gen-etf: %s\n", error->message);
      return 2;
    }
  g_option_context_free (ctx);
  if (!out_path)
    {
      fprintf (stderr, "chrono-gen-etf: -o OUT.etf is required\n");
      return 2;
    }
  if (resources_n < 0 || resources_n > 10000 || signals_n < 0 || signals_n > 10000 || claims < 0 || events < 0
      || deps < 0 || shuffle_size < 0)
    {
      fprintf (stderr, "chrono-gen-etf: option out of range\n");
      return 2;
    }
  if (claims > 0 && resources_n == 0)
    {
      fprintf (stderr, "chrono-gen-etf: claims need at least one resource\n");
      return 2;
    }
  unit_index = -1;
  for (int i = 0; i < 4; i++)
    if (g_ascii_strcasecmp (unit ? unit : "SECONDS", unit_names[i]) == 0)
      unit_index = i;
  if (unit_index < 0)
    {
      fprintf (stderr, "chrono-gen-etf: --unit must be SECONDS, MILLISECONDS, MICROSECONDS or NANOSECONDS\n");
      return 2;
    }

  rng_seed ((uint64_t) seed);
  claims_target = claims;
  events_target = events;
  deps_target = deps;
  per_claim = claims > 0 ? 1.0 / (double) claims : 0.0;
  event_chance = claims > 0 ? 1.2 * (double) events / (2.4 * (double) claims) : 1.0;
  build_model (resources_n, signals_n, offsets);

  if (strcmp (out_path, "-") == 0)
    ofile = stdout;
  else
    {
      ofile = fopen (out_path, "wb");
      if (!ofile)
        {
          fprintf (stderr, "chrono-gen-etf: cannot open %s: %s\n", out_path, g_strerror (errno));
          return 1;
        }
    }
  setvbuf (ofile, NULL, _IONBF, 0);
  obuf = g_malloc (OUTBUF_SIZE);
  opos = 0;
  frac3_init ();
  write_header (unit_names[unit_index], seed);

  shuffle_state = (uint64_t) seed * 0x9E3779B97F4A7C15u | 1u;
  if (shuffle_size > 0)
    shuffle_pool = g_ptr_array_new ();
  simulate ();
  shuffle_drain ();
  g_clear_pointer (&shuffle_pool, g_ptr_array_unref);
  if (!out_close ())
    return 1;

  if (stats_path && !write_stats (stats_path))
    return 1;

  g_free (obuf);
  g_free (unit);
  g_free (stats_path);
  g_free (out_path);
  return 0;
}
