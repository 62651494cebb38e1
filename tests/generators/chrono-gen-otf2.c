/* chrono-gen-otf2: synthetic OTF2 archive generator with known statistics.
 *
 * Simulates an MPI + threads program on N locations (threads) grouped in
 * processes (location groups) on nodes of one machine, and writes what a
 * Score-P-like measurement would record with the OTF2 writer library
 * (libotf2): an anchor file <name>.otf2, the global definitions
 * <name>.def, and <name>/<location id>.evt and .def per location.
 *
 *  - Every location runs a random call tree of user regions (Enter/Leave,
 *    recursion allowed, at most --depth deep), timestamps non-decreasing,
 *    with ties and zero-length calls.
 *  - The first thread of each process writes ProgramBegin, ThreadFork,
 *    and at the end ThreadJoin (after all its threads finished) and
 *    ProgramEnd; some Enters carry ParameterString/ParameterUnsignedInt.
 *  - --metrics: a PAPI_TOT_INS counter (ACCUMULATED_START, UINT64) on every
 *    location at some Enters/Leaves, and a node power (ABSOLUTE_POINT,
 *    DOUBLE) as a metric instance recorded by the first location of a node.
 *  - --mpi: the first thread of each process is an MPI rank; it sends
 *    (MPI_Send/MpiSend, MPI_Isend/MpiIsend + MPI_Wait/MpiIsendComplete),
 *    receives (MPI_Recv/MpiRecv, MPI_Irecv/MpiIrecvRequest +
 *    MPI_Wait/MpiIrecv) and joins collectives (MpiCollectiveBegin/End in
 *    MPI_Allreduce, MPI_Barrier, MPI_Bcast) on MPI_COMM_WORLD and on a
 *    communicator with the ranks in reverse order.
 *  - --late-senders: a rank with nothing to receive sometimes enters
 *    MPI_Recv anyway and waits there for the next message sent to it (its
 *    sender started late); before a collective or its end a rank sends to
 *    every rank still waiting.
 *  - --sends-inside: MpiSend and MpiIsend come a few ticks after the Enter
 *    of their MPI_Send or MPI_Isend, as Score-P records them (otherwise at
 *    the Enter's time).
 *  - --leave-open: some Leaves name a region below the top of the stack or
 *    one with no open Enter, and some locations end with open Enters.
 *  - --undefined-regions: each location ends with an Enter and a Leave of
 *    OTF2_UNDEFINED_REGION and of a region id nothing defines, which
 *    readers skip with a warning (not in --stats' figures).
 *  - --local-defs: events use per-location region ids that a MappingTable
 *    in the location's .def file maps to the global ones, and each
 *    location's clock has a constant ClockOffset (libotf2 applies both
 *    when it reads the local definitions).
 *  - --huge-ids: location ids past 2^63, (1 << 63) + k.
 *  - --tasks: as APEX records HPX tasks, tasks switch on a location: most
 *    Leaves name a task entered below the top, or one already ended.
 *  - --hostile KIND: damage for the reader's robustness tests, after the
 *    run on the first location (no --stats figures hold then):
 *    undefined-region (an Enter and Leave of OTF2_UNDEFINED_REGION),
 *    far-regions (of regions 0x04000000 and 0xFFFFFFFE), wrap-time (an
 *    Enter at 0x8000000000000010 then a Leave at 100), leave-before-enter
 *    (a Leave 5 ticks before its Enter), duplicate-location (the first
 *    location defined twice), bad-mapping (--local-defs: a mapping table
 *    sending regions to 0xFFFFFFFF and 0xFFFFFFFE), clock-past-2^63 (a clock
 *    offset that pushes the first location's times past 2^63),
 *    deep-unmatched (100k Enters of one region, then 100k Leaves of another),
 *    resolution-0 (clock properties of 0 ticks per second), undefined-string
 *    (the first region named by a string nothing defines), empty-name (the
 *    first region named by the empty string), undefined-metric (samples of
 *    a metric nothing defines and of the undefined metric),
 *    undefined-communicator (--mpi: a send on a communicator nothing
 *    defines and one to a rank past the world's), collective-cut (the run
 *    ends inside a collective).
 *  Figures follow the reader's rule for calls that do not nest: a Leave
 *  closes the innermost open Enter of its region and ends the calls above
 *  it too (cut short); a Leave of a region with no open Enter closes the
 *  innermost call; a Leave with nothing open is ignored; calls never left
 *  add no time.
 *
 * The locations are simulated together in time order (a heap of their
 * next action times), so a receive never precedes its send and the ranks
 * of a collective wait for each other.  With --stats it writes the figures
 * `chronoscope-cli info --json` must report for the archive, with
 * --profile and --profile-per-location those of `profile --json` (and
 * --per-location; chrono-gen-otf2-profile.c), taken from the simulator's
 * own bookkeeping (never by reading the archive back).
 *
 * Standalone: C11 + GLib + libotf2.  Deterministic for a given --seed.
 */
#include <glib.h>
#include <glib/gstdio.h>

#include <otf2/otf2.h>

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chrono-gen-common.h"
#include "chrono-gen-otf2-comm.h"
#include "chrono-gen-otf2-profile.h"

#define PROG "chrono-gen-otf2"

static void G_GNUC_NORETURN
die (const char *what, OTF2_ErrorCode err)
{
  fprintf (stderr, PROG ": %s failed: %s (%s)\n", what, OTF2_Error_GetName (err), OTF2_Error_GetDescription (err));
  exit (1);
}

#define CHECK(call)                 \
  do                                \
    {                               \
      OTF2_ErrorCode err_ = (call); \
      if (err_ != OTF2_SUCCESS)     \
        die (#call, err_);          \
    }                               \
  while (0)

/* ------------------------------------------------------------------------ */
/* Exact conversion of ticks to seconds                                       */

static int
bit_length (uint64_t v)
{
  int n = 0;
  while (v)
    {
      n++;
      v >>= 1;
    }
  return n;
}

/* num / den rounded to the nearest double (ties to even), exactly, for any
 * 64-bit num and den > 0: integer long division, no wider type needed. */
static double
ratio_to_double (uint64_t num, uint64_t den)
{
  uint64_t q = num / den, r = num % den, m;
  int e = 0;

  if (num == 0)
    return 0.0;
  if (q >= (UINT64_C (1) << 53))
    {
      int shift = bit_length (q) - 53;
      uint64_t low = q & ((UINT64_C (1) << shift) - 1), half = UINT64_C (1) << (shift - 1);
      m = q >> shift;
      if (low > half || (low == half && (r != 0 || (m & 1))))
        m++;
      return ldexp ((double) m, shift);
    }
  /* append quotient bits until m has 54 bits: 53 and a guard bit */
  m = q;
  while (m < (UINT64_C (1) << 53))
    {
      /* r < den; next bit is 2r >= den, computed without overflow */
      int bit = r >= den - r;
      r = bit ? r - (den - r) : r + r;
      m = m << 1 | (uint64_t) bit;
      e--;
    }
  {
    int guard = (int) (m & 1);
    m >>= 1;
    e++;
    if (guard && (r != 0 || (m & 1)))
      m++;
  }
  return ldexp ((double) m, e);
}

/* the shortest %.Ng text that reads back as v */
static void
fmt_double (char *buf, size_t n, double v)
{
  for (int prec = 1; prec <= 17; prec++)
    {
      snprintf (buf, n, "%.*g", prec, v);
      if (strtod (buf, NULL) == v)
        return;
    }
}

/* ------------------------------------------------------------------------ */
/* Model                                                                      */

typedef struct {
  int region;
  uint64_t t; /* enter time */
} Frame;

typedef struct {
  int sender; /* world rank */
  uint64_t call; /* the Enter of the MPI call it was sent in */
  int comm;
  uint32_t tag;
  uint64_t len;
  uint64_t sent; /* the time of its send event: no receive comes earlier */
} Msg;

typedef struct {
  uint64_t id;
  gboolean is_recv;
  Msg m; /* irecv: the message it takes */
} Req;

typedef struct {
  uint64_t id; /* OTF2 location id */
  int proc, thread;
  int rank; /* world rank, or -1 if no MPI on this location */
  gboolean empty; /* defined, but never records an event */
  uint32_t name; /* string ref */
  OTF2_EvtWriter *w;
  uint64_t now; /* time of its next action (global ticks) */
  uint64_t last; /* last written time (global ticks) */
  uint64_t first_raw, last_raw; /* raw times written, for the clock offsets */
  int64_t clkoff; /* --local-defs: the clock offset, global = raw + clkoff */
  uint32_t *local_region; /* --local-defs: global region -> local id */
  uint64_t budget; /* Enter + Leave events to write */
  uint64_t enters, leaves, metrics, records;
  Frame *stack;
  int depth;
  gboolean finishing, waiting, join_wait, mpi_done, finished;
  gboolean recv_blocked; /* --late-senders: inside MPI_Recv with nothing to take yet */
  uint64_t recv_call; /* its Enter */
  gboolean keep_open; /* --leave-open: ends with open Enters */
  int skips, orphans; /* --leave-open events written */
  uint64_t cut_short, other_region, nothing_open; /* how its Leaves closed calls */
  uint64_t ins, ins_t; /* PAPI_TOT_INS and when it was last written */
  int power; /* metric instance recorded here, or -1 */
  uint64_t iteration;
  /* MPI */
  Msg *inbox;
  int in_head, in_len, in_cap;
  Req reqs[4];
  int nreqs;
  uint64_t next_req;
} Loc;

typedef struct {
  uint32_t name, canonical, file;
  const char *text; /* the name */
  int role, paradigm;
  uint32_t begin, end;
  int64_t cost; /* mean gap after its Enter, in units of the base gap */
  /* statistics */
  uint64_t calls, ticks;
} Region;

typedef struct {
  int nthreads; /* threads with events */
  int first_loc; /* index of thread 0 */
  int node;
  int live; /* threads not finished */
} Proc;

/* options */
static int n_locations = 4, n_empty = 0, max_depth = 5, n_regions = 16;
static uint64_t n_events = 20000, resolution = 1000000000, global_offset = 0;
/* ClockProperties' wall-clock time at the global offset, ns since the epoch */
static uint64_t realtime = UINT64_C (1700000000000000000);
static gboolean opt_dup, opt_metrics, opt_mpi, opt_wide, opt_leave_open, opt_local_defs, opt_undefined_regions,
    opt_sends_inside;
static uint64_t location_base; /* --location-base */

static Loc *locs;
static int nlocs; /* with the empty ones */
static Proc *procs;
static gboolean opt_huge, opt_tasks, opt_late;
static const char *hostile = ""; /* --hostile */
static GenProfile *profile; /* the call paths written, for --profile */
static GenComm *comm_book; /* the messages written, for --comm */
static int nprocs, nnodes;
static Region *regions;
static int nregions, n_user_regions;
static double *region_cdf; /* user regions, Zipf-like */
static int dup_a = -1, dup_b = -1; /* the two definitions sharing a name */
static int rg_send, rg_recv, rg_isend, rg_irecv, rg_wait, rg_coll[3];
static int nranks;
static int *rank_loc; /* world rank -> location index */
static uint64_t base_gap; /* about one microsecond in ticks */
static uint64_t tmin = UINT64_MAX, tmax = 0;
static uint64_t n_messages;

/* strings */
static GPtrArray *strings;
static GHashTable *string_ids;

static uint32_t
str (const char *s)
{
  gpointer v;
  if (g_hash_table_lookup_extended (string_ids, s, NULL, &v))
    return GPOINTER_TO_UINT (v);
  g_ptr_array_add (strings, g_strdup (s));
  g_hash_table_insert (string_ids, g_ptr_array_index (strings, strings->len - 1), GUINT_TO_POINTER (strings->len - 1));
  return strings->len - 1;
}

/* refs of the other definitions */
enum { MM_INS, MM_POWER };
enum { MC_INS, MC_POWER, MI_FIRST }; /* metric classes, then instances */
enum { PARAM_PHASE, PARAM_ITERATION };
enum { COMM_WORLD, COMM_REVERSED };
enum { GROUP_LOCATIONS, GROUP_WORLD, GROUP_REVERSED };
#define ATTR_PROCESS_ID 0
static uint32_t s_program, s_args[2], s_phases[3];
static OTF2_AttributeList *attrs;

/* collective in progress */
static gboolean coll_active, any_finishing;
static int coll_kind, coll_comm, coll_root, coll_joined;
static int *coll_waiters;
static gboolean *coll_done_rank;

/* ---- the heap of locations by next action time ------------------------- */

static int *heap;
static int heap_n;

static inline gboolean
h_less (int a, int b)
{
  return locs[a].now < locs[b].now || (locs[a].now == locs[b].now && a < b);
}

static void
heap_push (int li)
{
  int i = heap_n++;
  while (i > 0 && h_less (li, heap[(i - 1) / 2]))
    {
      heap[i] = heap[(i - 1) / 2];
      i = (i - 1) / 2;
    }
  heap[i] = li;
}

static int
heap_pop (void)
{
  int top = heap[0], last = heap[--heap_n], i = 0;
  for (;;)
    {
      int c = 2 * i + 1;
      if (c >= heap_n)
        break;
      if (c + 1 < heap_n && h_less (heap[c + 1], heap[c]))
        c++;
      if (!h_less (heap[c], last))
        break;
      heap[i] = heap[c];
      i = c;
    }
  if (heap_n > 0)
    heap[i] = last;
  return top;
}

/* ---- writing events ------------------------------------------------------ */

/* time t (global ticks) as written in the location's event file */
static inline uint64_t
raw (Loc *L, uint64_t t)
{
  uint64_t r = (uint64_t) ((int64_t) t - L->clkoff);
  if (t < L->last)
    {
      fprintf (stderr, PROG ": internal error: time goes back on location %" G_GUINT64_FORMAT "\n", L->id);
      exit (1);
    }
  L->last = t;
  if (L->records == 0)
    L->first_raw = r;
  L->last_raw = r;
  L->records++;
  if (t < tmin)
    tmin = t;
  if (t > tmax)
    tmax = t;
  return r;
}

static inline uint32_t
region_ref (Loc *L, int r)
{
  return opt_local_defs ? L->local_region[r] : (uint32_t) r;
}

static void
w_metric_ins (Loc *L, uint64_t t)
{
  OTF2_Type type = OTF2_TYPE_UINT64;
  OTF2_MetricValue v;
  L->ins += (t - L->ins_t) * (uint64_t) rng_range (1, 4) / (base_gap > 1000 ? base_gap / 1000 : 1) + 1;
  L->ins_t = t;
  v.unsigned_int = L->ins;
  CHECK (OTF2_EvtWriter_Metric (L->w, NULL, raw (L, t), MC_INS, 1, &type, &v));
  L->metrics++;
}

static void
w_metric_power (Loc *L, uint64_t t)
{
  OTF2_Type type = OTF2_TYPE_DOUBLE;
  OTF2_MetricValue v;
  v.floating_point = 180.0 + 0.25 * (double) rng_int_below (400);
  CHECK (OTF2_EvtWriter_Metric (L->w, NULL, raw (L, t), (OTF2_MetricRef) L->power, 1, &type, &v));
  L->metrics++;
}

static void
w_enter (Loc *L, uint64_t t, int r)
{
  if (opt_metrics && regions[r].paradigm != OTF2_PARADIGM_MPI && rng_pm (250))
    w_metric_ins (L, t);
  CHECK (OTF2_EvtWriter_Enter (L->w, NULL, raw (L, t), region_ref (L, r)));
  L->enters++;
  regions[r].calls++;
  gen_profile_enter (profile, (int) (L - locs), regions[r].text, t);
  if (L->depth == max_depth)
    {
      fprintf (stderr, PROG ": internal error: stack overflow\n");
      exit (1);
    }
  L->stack[L->depth].region = r;
  L->stack[L->depth].t = t;
  L->depth++;
}

/* a Leave closes the innermost open Enter of the same region definition
 * and the calls above it; none open: the innermost call; nothing open:
 * nothing */
static void
w_leave (Loc *L, uint64_t t, int r)
{
  if (opt_metrics && regions[r].paradigm != OTF2_PARADIGM_MPI && rng_pm (250))
    w_metric_ins (L, t);
  CHECK (OTF2_EvtWriter_Leave (L->w, NULL, raw (L, t), region_ref (L, r)));
  L->leaves++;
  int i = L->depth - 1;
  while (i >= 0 && L->stack[i].region != r)
    i--;
  if (i >= 0)
    L->cut_short += (uint64_t) (L->depth - 1 - i);
  else if (L->depth > 0)
    {
      L->other_region++;
      i = L->depth - 1;
    }
  else
    {
      L->nothing_open++;
      return;
    }
  for (int k = L->depth - 1; k >= i; k--)
    {
      regions[L->stack[k].region].ticks += t - L->stack[k].t;
      gen_profile_close_innermost (profile, (int) (L - locs), t);
    }
  L->depth = i;
}

/* gap after an event: about cost base gaps, sometimes none */
static uint64_t
gap (int64_t cost)
{
  if (rng_pm (30))
    return 0;
  return (uint64_t) rng_range (0, 2 * cost * (int64_t) base_gap);
}

static void
schedule (Loc *L, uint64_t t)
{
  L->now = t;
  heap_push ((int) (L - locs));
}

/* ---- MPI ----------------------------------------------------------------- */

static inline uint32_t
comm_rank (int comm, int world)
{
  return comm == COMM_WORLD ? (uint32_t) world : (uint32_t) (nranks - 1 - world);
}

static void
inbox_push (Loc *L, Msg m)
{
  if (L->in_len == L->in_cap)
    {
      int cap = L->in_cap ? 2 * L->in_cap : 8;
      Msg *n = g_new (Msg, cap);
      for (int i = 0; i < L->in_len; i++)
        n[i] = L->inbox[(L->in_head + i) % L->in_cap];
      g_free (L->inbox);
      L->inbox = n;
      L->in_cap = cap;
      L->in_head = 0;
    }
  L->inbox[(L->in_head + L->in_len) % L->in_cap] = m;
  L->in_len++;
}

static Msg
inbox_pop (Loc *L)
{
  Msg m = L->inbox[L->in_head];
  L->in_head = (L->in_head + 1) % L->in_cap;
  L->in_len--;
  return m;
}

/* a random rank that may still receive, or -1 */
static int
pick_receiver (int self)
{
  for (int k = 0; k < 64; k++)
    {
      int r = (int) rng_int_below (nranks);
      if ((r != self || nranks == 1) && !locs[rank_loc[r]].mpi_done)
        return r;
    }
  for (int r = 0; r < nranks; r++)
    if ((r != self || nranks == 1) && !locs[rank_loc[r]].mpi_done)
      return r;
  return -1;
}

static Msg
new_message (Loc *L)
{
  Msg m;
  m.sender = L->rank;
  m.comm = rng_pm (300) ? COMM_REVERSED : COMM_WORLD;
  m.tag = (uint32_t) rng_int_below (4);
  m.len = UINT64_C (8) << rng_int_below (18);
  return m;
}

/* The time of a send event in the call entered at t. */
static uint64_t
send_time (uint64_t t)
{
  return opt_sends_inside ? t + 1 + gap (1) : t;
}

static const char *
comm_name (int c)
{
  return c == COMM_WORLD ? "MPI_COMM_WORLD" : "MPI_COMM_REVERSED";
}

/* --comm: a send, and the receive of a message with the Enter of its call */
static void
note_send (Loc *L, int to, const Msg *m)
{
  gen_comm_send (comm_book, L->id, locs[rank_loc[to]].id, comm_name (m->comm), m->tag, m->len, m->call);
}

static void
note_receive (Loc *L, const Msg *m, uint64_t call)
{
  gen_comm_receive (comm_book, locs[rank_loc[m->sender]].id, L->id, comm_name (m->comm), m->tag, call);
}

/* --late-senders: a receiver blocked in MPI_Recv takes the message just
 * sent to it (its sender started late: the receive's call began first). */
static void
wake_receiver (Loc *W)
{
  if (!W->recv_blocked)
    return;
  Msg m = inbox_pop (W);
  note_receive (W, &m, W->recv_call);
  uint64_t t = m.sent + gap (1);
  CHECK (OTF2_EvtWriter_MpiRecv (W->w, NULL, raw (W, t), comm_rank (m.comm, m.sender), m.comm, m.tag, m.len));
  t += 1 + gap (1);
  w_leave (W, t, rg_recv);
  W->recv_blocked = FALSE;
  W->waiting = FALSE;
  schedule (W, t + gap (1));
}

static uint64_t mpi_send (Loc *L, uint64_t t, int to);

/* Every receiver still blocked gets a message from L (before a collective
 * or the end, which they could otherwise wait through for ever). */
static uint64_t
wake_all_receivers (Loc *L, uint64_t t)
{
  for (int r = 0; opt_late && L->rank >= 0 && L->depth < max_depth && r < nranks; r++)
    if (locs[rank_loc[r]].recv_blocked)
      t = mpi_send (L, t, r) + gap (1);
  return t;
}

/* Whether L may block in a receive: someone else can still send to it. */
static gboolean
may_block (Loc *L)
{
  if (!opt_late || L->in_len > 0 || coll_active || any_finishing)
    return FALSE;
  for (int r = 0; r < nranks; r++)
    {
      Loc *O = &locs[rank_loc[r]];
      if (O != L && !O->recv_blocked && !O->mpi_done && !O->finishing)
        return TRUE;
    }
  return FALSE;
}

/* Enter MPI_Send; MpiSend; Leave */
static uint64_t
mpi_send (Loc *L, uint64_t t, int to)
{
  Msg m = new_message (L);
  w_enter (L, t, rg_send);
  m.call = t;
  t = m.sent = send_time (t);
  CHECK (OTF2_EvtWriter_MpiSend (L->w, NULL, raw (L, t), comm_rank (m.comm, to), m.comm, m.tag, m.len));
  note_send (L, to, &m);
  n_messages++;
  inbox_push (&locs[rank_loc[to]], m);
  wake_receiver (&locs[rank_loc[to]]);
  t += 1 + gap (2);
  w_leave (L, t, rg_send);
  return t;
}

static uint64_t
mpi_isend (Loc *L, uint64_t t, int to)
{
  Msg m = new_message (L);
  Req *q = &L->reqs[L->nreqs++];
  q->id = L->next_req++;
  q->is_recv = FALSE;
  w_enter (L, t, rg_isend);
  m.call = t;
  t = m.sent = send_time (t);
  CHECK (OTF2_EvtWriter_MpiIsend (L->w, NULL, raw (L, t), comm_rank (m.comm, to), m.comm, m.tag, m.len, q->id));
  note_send (L, to, &m);
  n_messages++;
  inbox_push (&locs[rank_loc[to]], m);
  wake_receiver (&locs[rank_loc[to]]);
  t += gap (1);
  w_leave (L, t, rg_isend);
  return t;
}

static uint64_t
mpi_recv (Loc *L, uint64_t t)
{
  Msg m = inbox_pop (L);
  w_enter (L, t, rg_recv);
  note_receive (L, &m, t);
  t += gap (3);
  t = MAX (t, m.sent);
  CHECK (OTF2_EvtWriter_MpiRecv (L->w, NULL, raw (L, t), comm_rank (m.comm, m.sender), m.comm, m.tag, m.len));
  t += gap (1);
  w_leave (L, t, rg_recv);
  return t;
}

static uint64_t
mpi_irecv (Loc *L, uint64_t t)
{
  Req *q = &L->reqs[L->nreqs++];
  q->id = L->next_req++;
  q->is_recv = TRUE;
  q->m = inbox_pop (L);
  w_enter (L, t, rg_irecv);
  CHECK (OTF2_EvtWriter_MpiIrecvRequest (L->w, NULL, raw (L, t), q->id));
  t += gap (1);
  w_leave (L, t, rg_irecv);
  return t;
}

/* MPI_Wait on request i */
static uint64_t
mpi_wait (Loc *L, uint64_t t, int i)
{
  Req q = L->reqs[i];
  L->reqs[i] = L->reqs[--L->nreqs];
  w_enter (L, t, rg_wait);
  if (q.is_recv)
    note_receive (L, &q.m, t);
  t += gap (2);
  if (q.is_recv)
    {
      t = MAX (t, q.m.sent);
      CHECK (OTF2_EvtWriter_MpiIrecv (L->w, NULL, raw (L, t), comm_rank (q.m.comm, q.m.sender), q.m.comm, q.m.tag,
                                      q.m.len, q.id));
    }
  else
    CHECK (OTF2_EvtWriter_MpiIsendComplete (L->w, NULL, raw (L, t), q.id));
  t += gap (1);
  w_leave (L, t, rg_wait);
  return t;
}

static const OTF2_CollectiveOp coll_ops[3] = { OTF2_COLLECTIVE_OP_ALLREDUCE, OTF2_COLLECTIVE_OP_BARRIER,
                                               OTF2_COLLECTIVE_OP_BCAST };
static const char *const coll_op_names[3] = { "Allreduce", "Barrier", "Bcast" };

static void
coll_join (Loc *L, uint64_t t)
{
  if (!coll_active)
    {
      coll_active = TRUE;
      coll_kind = (int) rng_int_below (3);
      coll_comm = rng_pm (500) ? COMM_REVERSED : COMM_WORLD;
      coll_root = coll_ops[coll_kind] == OTF2_COLLECTIVE_OP_BCAST ? (int) rng_int_below (nranks) : -1;
      coll_joined = 0;
      memset (coll_done_rank, 0, sizeof (gboolean) * (size_t) nranks);
    }
  w_enter (L, t, rg_coll[coll_kind]);
  CHECK (OTF2_EvtWriter_MpiCollectiveBegin (L->w, NULL, raw (L, t)));
  L->waiting = TRUE;
  coll_done_rank[L->rank] = TRUE;
  coll_waiters[coll_joined++] = L->rank;
  if (coll_joined < nranks)
    return;
  /* the last one is here: everybody leaves after the latest join (the one
   * who began it may have sent to waiting receivers first, past others' joins) */
  {
    uint64_t latest = t;
    for (int k = 0; k < nranks; k++)
      latest = MAX (latest, locs[rank_loc[coll_waiters[k]]].last);
    uint64_t te = latest + 1 + gap (3);
    for (int k = 0; k < nranks; k++)
      {
        Loc *W = &locs[rank_loc[coll_waiters[k]]];
        uint64_t tw = te + (uint64_t) rng_int_below ((int64_t) base_gap + 1);
        uint64_t sent = coll_ops[coll_kind] == OTF2_COLLECTIVE_OP_BARRIER ? 0 : 64;
        uint64_t recvd = sent;
        uint32_t root = coll_root >= 0 ? comm_rank (coll_comm, coll_root) : OTF2_UNDEFINED_UINT32;
        if (coll_ops[coll_kind] == OTF2_COLLECTIVE_OP_BCAST)
          {
            sent = W->rank == coll_root ? 64 * (uint64_t) nranks : 0;
            recvd = 64;
          }
        CHECK (OTF2_EvtWriter_MpiCollectiveEnd (W->w, NULL, raw (W, tw), coll_ops[coll_kind], coll_comm, root, sent,
                                                recvd));
        gen_comm_collective (comm_book, coll_op_names[coll_kind], comm_name (coll_comm), sent, recvd);
        tw += gap (1);
        w_leave (W, tw, rg_coll[coll_kind]);
        W->waiting = FALSE;
        schedule (W, tw + gap (1));
      }
    coll_active = FALSE;
  }
}

/* ---- the simulation ------------------------------------------------------ */

static int
pick_user_region (void)
{
  double u = rng_uniform ();
  int lo = 0, hi = n_user_regions - 1;
  while (lo < hi)
    {
      int mid = (lo + hi) / 2;
      if (region_cdf[mid] > u)
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}

static gboolean
on_stack (Loc *L, int r)
{
  for (int i = 0; i < L->depth; i++)
    if (L->stack[i].region == r)
      return TRUE;
  return FALSE;
}

static uint64_t
user_enter (Loc *L, uint64_t t)
{
  int r = pick_user_region ();
  w_enter (L, t, r);
  if (rng_pm (20))
    CHECK (OTF2_EvtWriter_ParameterString (L->w, NULL, raw (L, t), PARAM_PHASE, s_phases[rng_int_below (3)]));
  if (rng_pm (20))
    CHECK (OTF2_EvtWriter_ParameterUnsignedInt (L->w, NULL, raw (L, t), PARAM_ITERATION, ++L->iteration));
  return t + gap (regions[r].cost);
}

static uint64_t
user_leave_top (Loc *L, uint64_t t)
{
  w_leave (L, t, L->stack[L->depth - 1].region);
  return t + gap (2);
}

/* --leave-open: a Leave of a region below the top */
static uint64_t
skip_leave (Loc *L, uint64_t t)
{
  int j = (int) rng_int_below (L->depth - 1);
  w_leave (L, t, L->stack[j].region);
  L->skips++;
  return t + gap (2);
}

/* --leave-open: a Leave of a region with no open Enter; with duplicate
 * names preferably the twin of the region on top */
static uint64_t
orphan_leave (Loc *L, uint64_t t)
{
  int r = -1;
  if (L->depth > 0 && dup_a >= 0)
    {
      int top = L->stack[L->depth - 1].region;
      int twin = top == dup_a ? dup_b : top == dup_b ? dup_a : -1;
      if (twin >= 0 && !on_stack (L, twin))
        r = twin;
    }
  for (int k = 0; r < 0 && k < 16; k++)
    {
      int c = (int) rng_int_below (n_user_regions);
      if (!on_stack (L, c))
        r = c;
    }
  if (r < 0)
    return 0;
  w_leave (L, t, r);
  L->orphans++;
  return t + gap (2);
}

/* an MPI action, or 0 if none fits now */
static uint64_t
mpi_action (Loc *L, uint64_t t)
{
  int a = (int) rng_int_below (100);
  /* a waiting message is taken more often than one is sent, so messages
   * stay short as in a real program instead of piling up for the run */
  if (a < 35 && L->in_len > 0)
    return mpi_recv (L, t);
  if (a < 20 && may_block (L))
    {
      w_enter (L, t, rg_recv);
      L->recv_blocked = TRUE;
      L->recv_call = t;
      L->waiting = TRUE;
      return UINT64_MAX; /* until a message comes */
    }
  if (a < 45 && L->in_len > 0 && L->nreqs < 4)
    return mpi_irecv (L, t);
  if (a < 65)
    {
      int to = pick_receiver (L->rank);
      return to >= 0 ? mpi_send (L, t, to) : 0;
    }
  if (a < 75 && L->nreqs < 4)
    {
      int to = pick_receiver (L->rank);
      return to >= 0 ? mpi_isend (L, t, to) : 0;
    }
  if (a < 94 && L->nreqs > 0)
    return mpi_wait (L, t, (int) rng_int_below (L->nreqs));
  if (a >= 94 && !coll_active && !any_finishing)
    {
      t = wake_all_receivers (L, t);
      coll_join (L, t);
      return UINT64_MAX; /* waiting */
    }
  return 0;
}

static void finish_thread (Loc *L, uint64_t t);

/* the last actions of a location, one per call */
static void
finish_step (Loc *L, uint64_t t)
{
  gboolean mpi_left =
      L->rank >= 0 && !L->mpi_done && ((coll_active && !coll_done_rank[L->rank]) || L->nreqs > 0 || L->in_len > 0);
  if (mpi_left && L->depth == max_depth)
    {
      schedule (L, user_leave_top (L, t));
      return;
    }
  if (L->rank >= 0 && !L->mpi_done)
    {
      if (coll_active && !coll_done_rank[L->rank])
        {
          coll_join (L, t);
          return;
        }
      if (L->nreqs > 0)
        {
          schedule (L, mpi_wait (L, t, 0) + gap (1));
          return;
        }
      if (L->in_len > 0)
        {
          schedule (L, mpi_recv (L, t) + gap (1));
          return;
        }
    }
  /* close the stack: all of it, or some of it with --leave-open */
  {
    int keep = L->keep_open ? (int) rng_range (L->depth > 0 ? 1 : 0, L->depth) : 0;
    while (L->depth > keep)
      t = user_leave_top (L, t) + 1;
  }
  t = wake_all_receivers (L, t); /* none may wait for it after this */
  if (L->rank >= 0)
    L->mpi_done = TRUE; /* nobody sends to it any more */
  if (opt_undefined_regions)
    {
      const uint32_t undefined[] = { OTF2_UNDEFINED_REGION, (uint32_t) nregions + 1000 };
      for (guint i = 0; i < G_N_ELEMENTS (undefined); i++, t += 2)
        {
          CHECK (OTF2_EvtWriter_Enter (L->w, NULL, raw (L, t), undefined[i]));
          CHECK (OTF2_EvtWriter_Leave (L->w, NULL, raw (L, t + 1), undefined[i]));
        }
    }
  finish_thread (L, t);
}

static void
finish_process (Loc *M, uint64_t t)
{
  if (procs[M->proc].nthreads > 1)
    {
      CHECK (OTF2_EvtWriter_ThreadJoin (M->w, NULL, raw (M, t), OTF2_PARADIGM_OPENMP));
      t += 1 + gap (1);
    }
  if (opt_metrics && M->power >= 0)
    w_metric_power (M, t);
  CHECK (OTF2_EvtWriter_ProgramEnd (M->w, NULL, raw (M, t), 0));
  M->finished = TRUE;
}

static void
finish_thread (Loc *L, uint64_t t)
{
  Proc *P = &procs[L->proc];
  Loc *M = &locs[P->first_loc];

  if (L->thread != 0)
    {
      L->finished = TRUE;
      P->live--;
      if (P->live == 1 && M->join_wait)
        {
          uint64_t tm = t + 1 + gap (2);
          M->join_wait = FALSE;
          finish_process (M, tm > M->now ? tm : M->now);
        }
      return;
    }
  /* the first thread joins the others, then the program ends */
  if (P->live > 1)
    {
      L->join_wait = TRUE;
      L->now = t;
      return;
    }
  finish_process (L, t);
}

static void
step (Loc *L)
{
  uint64_t t = L->now, next = 0;

  if (!L->finishing && L->enters + L->leaves + (uint64_t) L->depth >= L->budget)
    {
      t = wake_all_receivers (L, t);
      L->finishing = TRUE;
      any_finishing = TRUE;
    }
  if (L->finishing)
    {
      finish_step (L, t);
      return;
    }
  if (opt_metrics && L->power >= 0 && rng_pm (40))
    w_metric_power (L, t);

  if (L->rank >= 0 && coll_active && !coll_done_rank[L->rank])
    {
      if (L->depth < max_depth)
        {
          coll_join (L, t);
          return;
        }
      schedule (L, user_leave_top (L, t));
      return;
    }
  if (opt_tasks)
    {
      /* a task switch: the task below the top ends first, or one ended before */
      if (L->depth >= 2 && rng_pm (300))
        next = skip_leave (L, t);
      else if (rng_pm (60))
        next = orphan_leave (L, t);
    }
  else if (opt_leave_open)
    {
      if (L->depth >= 2 && rng_pm (L->skips ? 8 : 200))
        next = skip_leave (L, t);
      else if (rng_pm (L->orphans ? 4 : 100))
        next = orphan_leave (L, t);
    }
  if (next)
    {
      schedule (L, next);
      return;
    }
  if (L->rank >= 0 && L->depth < max_depth && rng_pm (150))
    {
      next = mpi_action (L, t);
      if (next == UINT64_MAX)
        return; /* waits in a collective, or for a message */
      if (next)
        {
          schedule (L, next + gap (1));
          return;
        }
    }
  if (L->depth == 0 || (L->depth < max_depth && rng_int_below (max_depth + 1) >= L->depth))
    next = user_enter (L, t);
  else
    next = user_leave_top (L, t);
  schedule (L, next);
}

static void
simulate (void)
{
  heap = g_new (int, nlocs);
  heap_n = 0;
  for (int i = 0; i < nlocs; i++)
    {
      Loc *L = &locs[i];
      if (L->empty)
        continue;
      if (L->thread == 0)
        {
          uint64_t t = L->now;
          OTF2_AttributeList_AddUint64 (attrs, ATTR_PROCESS_ID, 4000 + (uint64_t) L->proc * 17);
          CHECK (OTF2_EvtWriter_ProgramBegin (L->w, attrs, raw (L, t), s_program, 2, s_args));
          t += 1 + gap (2);
          if (procs[L->proc].nthreads > 1)
            {
              CHECK (OTF2_EvtWriter_ThreadFork (L->w, NULL, raw (L, t), OTF2_PARADIGM_OPENMP,
                                                (uint32_t) procs[L->proc].nthreads));
              t += gap (1);
            }
          if (opt_metrics && L->power >= 0)
            w_metric_power (L, t);
          L->now = t + 1;
        }
      heap_push (i);
    }
  while (heap_n > 0)
    step (&locs[heap_pop ()]);
  for (int i = 0; i < nlocs; i++)
    if (!locs[i].empty && !locs[i].finished)
      {
        fprintf (stderr, PROG ": internal error: location %" G_GUINT64_FORMAT " did not finish\n", locs[i].id);
        exit (1);
      }
}

/* ---- set-up -------------------------------------------------------------- */

static const char *const user_names[] = {
  "main",
  "solve",
  "compute_flux",
  "exchange_halo",
  "assemble_matrix",
  "cg_iteration",
  "spmv",
  "dot",
  "axpy",
  "precondition",
  "Compute",
  "std::vector<double>::resize(unsigned long)",
  "operator\"\" _km(unsigned long long)",
  "!$omp parallel @solver.f90:120",
  "Ausgabe schreiben (Größe)",
  "apply_boundary_conditions",
  "write_checkpoint",
  "read_input",
  "_internal_helper",
  "Physics::update(double) const",
};
#define N_USER_NAMES ((int) G_N_ELEMENTS (user_names))

static void
setup_regions (void)
{
  int mpi_regions = opt_mpi ? 8 : 0;
  double sum = 0.0;

  n_user_regions = n_regions;
  nregions = n_user_regions + mpi_regions;
  regions = g_new0 (Region, nregions);
  region_cdf = g_new (double, n_user_regions);
  for (int r = 0; r < n_user_regions; r++)
    {
      Region *R = &regions[r];
      char *name = r < N_USER_NAMES ? g_strdup (user_names[r]) : g_strdup_printf ("kernel_%03d", r);
      char *file = g_strdup_printf ("src/%s.c", r % 3 == 0 ? "main" : r % 3 == 1 ? "solver" : "util");
      R->name = str (name);
      R->text = g_ptr_array_index (strings, R->name);
      R->canonical = R->name;
      R->file = str (file);
      R->role = OTF2_REGION_ROLE_FUNCTION;
      R->paradigm = OTF2_PARADIGM_COMPILER;
      R->begin = (uint32_t) (10 + 40 * r);
      R->end = R->begin + 30;
      R->cost = rng_range (1, 20);
      g_free (name);
      g_free (file);
      sum += 1.0 / (r + 1.0);
      region_cdf[r] = sum;
    }
  for (int r = 0; r < n_user_regions; r++)
    region_cdf[r] /= sum;
  region_cdf[n_user_regions - 1] = 2.0;
  if (opt_dup)
    {
      /* a second definition of "solve" (or "main"), from another file */
      dup_b = n_user_regions - 1;
      dup_a = n_user_regions >= 3 ? 1 : 0;
      regions[dup_b].name = regions[dup_a].name;
      regions[dup_b].text = regions[dup_a].text;
      regions[dup_b].canonical = str ("solve_v2");
      regions[dup_b].file = str ("src/legacy/solver_old.c");
    }
  if (opt_mpi)
    {
      static const char *const mpi_names[8] = { "MPI_Send", "MPI_Recv",      "MPI_Isend",   "MPI_Irecv",
                                                "MPI_Wait", "MPI_Allreduce", "MPI_Barrier", "MPI_Bcast" };
      static const int mpi_roles[8] = { OTF2_REGION_ROLE_POINT2POINT, OTF2_REGION_ROLE_POINT2POINT,
                                        OTF2_REGION_ROLE_POINT2POINT, OTF2_REGION_ROLE_POINT2POINT,
                                        OTF2_REGION_ROLE_POINT2POINT, OTF2_REGION_ROLE_COLL_ALL2ALL,
                                        OTF2_REGION_ROLE_BARRIER,     OTF2_REGION_ROLE_COLL_ONE2ALL };
      for (int k = 0; k < 8; k++)
        {
          Region *R = &regions[n_user_regions + k];
          R->name = R->canonical = str (mpi_names[k]);
          R->text = mpi_names[k];
          R->file = str ("");
          R->role = mpi_roles[k];
          R->paradigm = OTF2_PARADIGM_MPI;
          R->cost = 2;
        }
      rg_send = n_user_regions;
      rg_recv = n_user_regions + 1;
      rg_isend = n_user_regions + 2;
      rg_irecv = n_user_regions + 3;
      rg_wait = n_user_regions + 4;
      for (int k = 0; k < 3; k++)
        rg_coll[k] = n_user_regions + 5 + k;
    }
}

static void
setup_locations (void)
{
  int left = n_locations, p;
  uint64_t per = n_events / (uint64_t) n_locations, extra = n_events % (uint64_t) n_locations;

  procs = g_new0 (Proc, n_locations);
  nprocs = 0;
  while (left > 0)
    {
      int n = (int) rng_range (1, 3); /* threads of this process */
      if (n > left)
        n = left;
      procs[nprocs].nthreads = n;
      procs[nprocs].live = n;
      procs[nprocs].node = nprocs / 2;
      nprocs++;
      left -= n;
    }
  nnodes = (nprocs + 1) / 2;
  nlocs = n_locations + n_empty;
  locs = g_new0 (Loc, nlocs);
  profile = gen_profile_new (nlocs);
  comm_book = gen_comm_new ();
  {
    int i = 0;
    for (p = 0; p < nprocs; p++)
      {
        int nt = procs[p].nthreads + (p == nprocs - 1 ? n_empty : 0);
        procs[p].first_loc = i;
        for (int th = 0; th < nt; th++, i++)
          {
            Loc *L = &locs[i];
            uint64_t small = (uint64_t) p + (uint64_t) th * (uint64_t) nprocs;
            char *name = th == 0 ? g_strdup ("Master thread") : g_strdup_printf ("OMP thread %d", th);
            L->id = (opt_wide ? (UINT64_C (1) << 40) : location_base) + small;
            L->proc = p;
            L->thread = th;
            L->rank = -1;
            L->empty = th >= procs[p].nthreads;
            L->name = str (name);
            L->power = -1;
            g_free (name);
          }
      }
  }
  /* budgets, start times, clocks */
  for (int i = 0, k = 0; i < nlocs; i++)
    {
      Loc *L = &locs[i];
      if (L->empty)
        continue;
      L->budget = per + ((uint64_t) k < extra ? 1 : 0);
      if (L->budget < 2)
        L->budget = 2;
      k++;
      L->stack = g_new (Frame, max_depth);
      /* process 0's first thread starts first: begin is its ProgramBegin */
      L->now = global_offset + 100 * base_gap + (i == 0 ? 0 : 1 + (uint64_t) rng_int_below (200 * (int64_t) base_gap));
      L->last = L->now;
      L->ins_t = L->now;
      if (opt_local_defs)
        L->clkoff = rng_range (-50 * (int64_t) base_gap, 50 * (int64_t) base_gap);
      if (opt_leave_open || opt_tasks)
        L->keep_open = i == 0 || rng_pm (500);
    }
  if (opt_local_defs)
    for (int i = 0; i < nlocs; i++)
      {
        /* local region ids: a permutation of the global ones */
        Loc *L = &locs[i];
        L->local_region = g_new (uint32_t, nregions);
        for (int r = 0; r < nregions; r++)
          L->local_region[r] = (uint32_t) r;
        for (int r = nregions - 1; r > 0; r--)
          {
            int j = (int) rng_int_below (r + 1);
            uint32_t tmp = L->local_region[r];
            L->local_region[r] = L->local_region[j];
            L->local_region[j] = tmp;
          }
      }
  if (opt_mpi)
    {
      nranks = nprocs;
      rank_loc = g_new (int, nranks);
      for (p = 0; p < nprocs; p++)
        {
          rank_loc[p] = procs[p].first_loc;
          locs[procs[p].first_loc].rank = p;
        }
      coll_waiters = g_new (int, nranks);
      coll_done_rank = g_new0 (gboolean, nranks);
    }
  if (opt_metrics)
    for (int n = 0; n < nnodes; n++)
      locs[procs[2 * n].first_loc].power = MI_FIRST + n;
}

/* ---- writing the archive ------------------------------------------------- */

static OTF2_FlushType
pre_flush (void *user, OTF2_FileType type, OTF2_LocationRef loc, void *caller, bool final)
{
  (void) user;
  (void) type;
  (void) loc;
  (void) caller;
  (void) final;
  return OTF2_FLUSH;
}

/* No post-flush callback: with one, libotf2 writes a BufferFlush event
 * with its timestamp into the event file whenever a buffer fills up. */
static OTF2_FlushCallbacks flush_callbacks = { pre_flush, NULL };

static void
write_local_defs (OTF2_Archive *archive)
{
  CHECK (OTF2_Archive_OpenDefFiles (archive));
  for (int i = 0; i < nlocs; i++)
    {
      Loc *L = &locs[i];
      OTF2_DefWriter *dw = OTF2_Archive_GetDefWriter (archive, L->id);
      if (!dw)
        die ("OTF2_Archive_GetDefWriter", OTF2_ERROR_INVALID);
      if (opt_local_defs)
        {
          uint64_t *map = g_new (uint64_t, nregions);
          OTF2_IdMap *idmap;
          for (int r = 0; r < nregions; r++)
            map[L->local_region[r]] = (uint64_t) r;
          if (i == 0 && strcmp (hostile, "bad-mapping") == 0)
            {
              map[L->local_region[0]] = OTF2_UNDEFINED_REGION;
              map[L->local_region[1]] = OTF2_UNDEFINED_REGION - 1;
            }
          idmap = OTF2_IdMap_CreateFromUint64Array ((uint64_t) nregions, map, false);
          CHECK (OTF2_DefWriter_WriteMappingTable (dw, OTF2_MAPPING_REGION, idmap));
          OTF2_IdMap_Free (idmap);
          g_free (map);
          if (L->records > 0 && !(i == 0 && strcmp (hostile, "clock-past-2^63") == 0))
            {
              /* the same offset at two distinct times: no drift, so libotf2
               * reads global = raw + offset exactly (it ignores a single
               * ClockOffset record: it interpolates between two) */
              CHECK (OTF2_DefWriter_WriteClockOffset (dw, L->first_raw, L->clkoff, 0.0));
              CHECK (OTF2_DefWriter_WriteClockOffset (dw, L->last_raw + 1, L->clkoff, 0.0));
            }
        }
      if (i == 0 && L->records > 0 && strcmp (hostile, "clock-past-2^63") == 0)
        {
          CHECK (OTF2_DefWriter_WriteClockOffset (dw, L->first_raw, G_MAXINT64, 0.0));
          CHECK (OTF2_DefWriter_WriteClockOffset (dw, L->last_raw + 1, G_MAXINT64, 0.0));
        }
      CHECK (OTF2_Archive_CloseDefWriter (archive, dw));
    }
  CHECK (OTF2_Archive_CloseDefFiles (archive));
}

static void
write_global_defs (OTF2_Archive *archive)
{
  OTF2_GlobalDefWriter *g = OTF2_Archive_GetGlobalDefWriter (archive);
  uint32_t s_empty = str (""), s_machine = str ("machine"), s_node = str ("node"), s_cluster = str ("chrono-cluster");
  uint32_t *s_nodes = g_new (uint32_t, nnodes), *s_procs = g_new (uint32_t, nprocs);
  uint32_t s_mpi = str ("MPI"), s_openmp = str ("OpenMP");
  uint32_t s_world = str ("MPI_COMM_WORLD"), s_rev = str ("MPI_COMM_REVERSED");
  uint32_t s_ins = str ("PAPI_TOT_INS"), s_ins_d = str ("Instructions completed"), s_count = str ("#");
  uint32_t s_power = str ("node_power"), s_power_d = str ("Node power draw"), s_watt = str ("W");
  uint32_t s_phase = str ("phase"), s_iter = str ("iteration");
  uint32_t s_pid = str ("ProcessId"), s_pid_d = str ("Process identifier");

  if (!g)
    die ("OTF2_Archive_GetGlobalDefWriter", OTF2_ERROR_INVALID);
  for (int n = 0; n < nnodes; n++)
    {
      char *s = g_strdup_printf ("node%02d", n);
      s_nodes[n] = str (s);
      g_free (s);
    }
  for (int p = 0; p < nprocs; p++)
    {
      char *s = g_strdup_printf (opt_mpi ? "MPI Rank %d" : "Process %d", p);
      s_procs[p] = str (s);
      g_free (s);
    }

  CHECK (OTF2_GlobalDefWriter_WriteClockProperties (g, strcmp (hostile, "resolution-0") == 0 ? 0 : resolution,
                                                    global_offset, tmax - global_offset, realtime));
  for (guint i = 0; i < strings->len; i++)
    CHECK (OTF2_GlobalDefWriter_WriteString (g, i, g_ptr_array_index (strings, i)));
  CHECK (OTF2_GlobalDefWriter_WriteParadigm (g, OTF2_PARADIGM_OPENMP, s_openmp, OTF2_PARADIGM_CLASS_THREAD_FORK_JOIN));
  if (opt_mpi)
    CHECK (OTF2_GlobalDefWriter_WriteParadigm (g, OTF2_PARADIGM_MPI, s_mpi, OTF2_PARADIGM_CLASS_PROCESS));
  CHECK (OTF2_GlobalDefWriter_WriteAttribute (g, ATTR_PROCESS_ID, s_pid, s_pid_d, OTF2_TYPE_UINT64));

  /* system tree: machine -> nodes -> processes -> threads */
  CHECK (OTF2_GlobalDefWriter_WriteSystemTreeNode (g, 0, s_cluster, s_machine, OTF2_UNDEFINED_SYSTEM_TREE_NODE));
  for (int n = 0; n < nnodes; n++)
    CHECK (OTF2_GlobalDefWriter_WriteSystemTreeNode (g, (uint32_t) n + 1, s_nodes[n], s_node, 0));
  for (int p = 0; p < nprocs; p++)
    CHECK (OTF2_GlobalDefWriter_WriteLocationGroup (g, (uint32_t) p, s_procs[p], OTF2_LOCATION_GROUP_TYPE_PROCESS,
                                                    (uint32_t) procs[p].node + 1, OTF2_UNDEFINED_LOCATION_GROUP));
  for (int i = 0; i < nlocs; i++)
    {
      Loc *L = &locs[i];
      CHECK (OTF2_GlobalDefWriter_WriteLocation (g, L->id, L->name, OTF2_LOCATION_TYPE_CPU_THREAD, L->records,
                                                 (uint32_t) L->proc));
      if (i == 0 && strcmp (hostile, "duplicate-location") == 0)
        CHECK (OTF2_GlobalDefWriter_WriteLocation (g, L->id, s_empty, OTF2_LOCATION_TYPE_CPU_THREAD, 0,
                                                   (uint32_t) L->proc));
    }
  for (int r = 0; r < nregions; r++)
    {
      Region *R = &regions[r];
      uint32_t name = r == 0 && strcmp (hostile, "undefined-string") == 0 ? strings->len + 100
                      : r == 0 && strcmp (hostile, "empty-name") == 0     ? s_empty
                                                                          : R->name;
      CHECK (OTF2_GlobalDefWriter_WriteRegion (g, (uint32_t) r, name, R->canonical, s_empty, R->role, R->paradigm,
                                               OTF2_REGION_FLAG_NONE, R->file, R->begin, R->end));
    }
  if (opt_mpi)
    {
      uint64_t *members = g_new (uint64_t, nranks);
      for (int k = 0; k < nranks; k++)
        members[k] = locs[rank_loc[k]].id;
      CHECK (OTF2_GlobalDefWriter_WriteGroup (g, GROUP_LOCATIONS, s_empty, OTF2_GROUP_TYPE_COMM_LOCATIONS,
                                              OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, (uint32_t) nranks, members));
      for (int k = 0; k < nranks; k++)
        members[k] = (uint64_t) k;
      CHECK (OTF2_GlobalDefWriter_WriteGroup (g, GROUP_WORLD, s_empty, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                              OTF2_GROUP_FLAG_NONE, (uint32_t) nranks, members));
      for (int k = 0; k < nranks; k++)
        members[k] = (uint64_t) (nranks - 1 - k);
      CHECK (OTF2_GlobalDefWriter_WriteGroup (g, GROUP_REVERSED, s_empty, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                              OTF2_GROUP_FLAG_NONE, (uint32_t) nranks, members));
      CHECK (OTF2_GlobalDefWriter_WriteComm (g, COMM_WORLD, s_world, GROUP_WORLD, OTF2_UNDEFINED_COMM,
                                             OTF2_COMM_FLAG_NONE));
      CHECK (OTF2_GlobalDefWriter_WriteComm (g, COMM_REVERSED, s_rev, GROUP_REVERSED, COMM_WORLD, OTF2_COMM_FLAG_NONE));
      g_free (members);
    }
  if (opt_metrics)
    {
      OTF2_MetricMemberRef m_ins = MM_INS, m_power = MM_POWER;
      CHECK (OTF2_GlobalDefWriter_WriteMetricMember (g, MM_INS, s_ins, s_ins_d, OTF2_METRIC_TYPE_PAPI,
                                                     OTF2_METRIC_ACCUMULATED_START, OTF2_TYPE_UINT64, OTF2_BASE_DECIMAL,
                                                     0, s_count));
      CHECK (OTF2_GlobalDefWriter_WriteMetricMember (g, MM_POWER, s_power, s_power_d, OTF2_METRIC_TYPE_OTHER,
                                                     OTF2_METRIC_ABSOLUTE_POINT, OTF2_TYPE_DOUBLE, OTF2_BASE_DECIMAL, 0,
                                                     s_watt));
      CHECK (OTF2_GlobalDefWriter_WriteMetricClass (g, MC_INS, 1, &m_ins, OTF2_METRIC_SYNCHRONOUS,
                                                    OTF2_RECORDER_KIND_CPU));
      CHECK (OTF2_GlobalDefWriter_WriteMetricClass (g, MC_POWER, 1, &m_power, OTF2_METRIC_ASYNCHRONOUS,
                                                    OTF2_RECORDER_KIND_ABSTRACT));
      for (int n = 0; n < nnodes; n++)
        CHECK (OTF2_GlobalDefWriter_WriteMetricInstance (g, (OTF2_MetricRef) (MI_FIRST + n), MC_POWER,
                                                         locs[procs[2 * n].first_loc].id, OTF2_SCOPE_SYSTEM_TREE_NODE,
                                                         (uint64_t) n + 1));
    }
  CHECK (OTF2_GlobalDefWriter_WriteParameter (g, PARAM_PHASE, s_phase, OTF2_PARAMETER_TYPE_STRING));
  CHECK (OTF2_GlobalDefWriter_WriteParameter (g, PARAM_ITERATION, s_iter, OTF2_PARAMETER_TYPE_UINT64));
  CHECK (OTF2_Archive_CloseGlobalDefWriter (archive, g));
  g_free (s_nodes);
  g_free (s_procs);
}

/* Remove an earlier archive of the same name (libotf2 does not overwrite):
 * the anchor, the global definitions, and the .evt/.def files of its
 * directory, which must hold nothing else. */
static gboolean
remove_old_archive (const char *dir, const char *name)
{
  char *anchor = g_strdup_printf ("%s/%s.otf2", dir, name);
  char *def = g_strdup_printf ("%s/%s.def", dir, name);
  char *sub = g_strdup_printf ("%s/%s", dir, name);
  gboolean ok = TRUE;
  GDir *d;

  if (g_file_test (sub, G_FILE_TEST_IS_DIR) && (d = g_dir_open (sub, 0, NULL)))
    {
      const char *e;
      while ((e = g_dir_read_name (d)))
        if (g_str_has_suffix (e, ".evt") || g_str_has_suffix (e, ".def"))
          {
            char *f = g_build_filename (sub, e, NULL);
            g_unlink (f);
            g_free (f);
          }
      g_dir_close (d);
      if (g_rmdir (sub) != 0)
        {
          fprintf (stderr, PROG ": %s holds other files, not removing it\n", sub);
          ok = FALSE;
        }
    }
  g_unlink (anchor);
  g_unlink (def);
  g_free (anchor);
  g_free (def);
  g_free (sub);
  return ok;
}

/* ---- statistics ---------------------------------------------------------- */

static void
fmt_secs (char *buf, size_t n, uint64_t ticks)
{
  fmt_double (buf, n, ratio_to_double (ticks, resolution));
}

/* num / den ticks in seconds, the nearest double */
static void
fmt_ratio_secs (char *buf, size_t n, uint64_t num, uint64_t den)
{
  if (den != 0 && resolution <= UINT64_MAX / den)
    fmt_double (buf, n, ratio_to_double (num, den * resolution));
  else
    fmt_double (buf, n, (double) num / (double) den / (double) resolution);
}

/* --profile and --profile-per-location */
static gboolean
write_profiles (const char *summed_path, const char *per_location_path)
{
  FILE *summed = summed_path ? stats_open (summed_path) : NULL;
  FILE *per_location = per_location_path ? stats_open (per_location_path) : NULL;
  if ((summed_path && !summed) || (per_location_path && !per_location))
    return FALSE;
  uint64_t *ids = g_new (uint64_t, nlocs);
  for (int i = 0; i < nlocs; i++)
    ids[i] = locs[i].id;
  gen_profile_write (profile, summed, per_location, ids, fmt_secs, fmt_ratio_secs);
  g_free (ids);
  return (!summed || stats_close (summed, summed_path))
         && (!per_location || stats_close (per_location, per_location_path));
}

static int
cmp_loc_id (const void *a, const void *b)
{
  uint64_t x = (*(Loc *const *) a)->id, y = (*(Loc *const *) b)->id;
  return x < y ? -1 : x > y;
}

static int
cmp_name (const void *a, const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static gboolean
write_stats (const char *path)
{
  FILE *f = stats_open (path);
  char b1[64], b2[64];
  Loc **sorted = g_new (Loc *, nlocs);
  GHashTable *by_name = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *names = g_ptr_array_new ();
  uint64_t *calls = g_new0 (uint64_t, nregions), *ticks = g_new0 (uint64_t, nregions);

  if (!f)
    return FALSE;
  fmt_secs (b1, sizeof b1, tmin - global_offset);
  fmt_secs (b2, sizeof b2, tmax - global_offset);
  fprintf (f, "{\"format\": \"otf2\", \"begin\": %s, \"end\": %s,\n \"locations\": [", b1, b2);
  for (int i = 0; i < nlocs; i++)
    sorted[i] = &locs[i];
  qsort (sorted, (size_t) nlocs, sizeof *sorted, cmp_loc_id);
  for (int i = 0; i < nlocs; i++)
    {
      Loc *L = sorted[i];
      fprintf (f, "%s{\"id\": %" G_GUINT64_FORMAT ", \"name\": ", i ? ",\n  " : "\n  ", L->id);
      json_string (f, g_ptr_array_index (strings, L->name));
      fprintf (f,
               ", \"enters\": %" G_GUINT64_FORMAT ", \"leaves\": %" G_GUINT64_FORMAT ", \"metrics\": %" G_GUINT64_FORMAT
               ", \"calls_cut_short\": %" G_GUINT64_FORMAT ", \"leaves_of_another_region\": %" G_GUINT64_FORMAT
               ", \"leaves_with_nothing_open\": %" G_GUINT64_FORMAT ", \"calls_left_open\": %d}",
               L->enters, L->leaves, L->metrics, L->cut_short, L->other_region, L->nothing_open, L->depth);
    }
  fputs ("],\n \"regions\": [", f);
  /* merge definitions by name: the first definition of a name collects */
  for (int r = 0; r < nregions; r++)
    {
      gpointer v;
      int k;
      if (g_hash_table_lookup_extended (by_name, regions[r].text, NULL, &v))
        k = GPOINTER_TO_INT (v);
      else
        {
          k = r;
          g_hash_table_insert (by_name, (gpointer) regions[r].text, GINT_TO_POINTER (r));
          g_ptr_array_add (names, (gpointer) regions[r].text);
        }
      calls[k] += regions[r].calls;
      ticks[k] += regions[r].ticks;
    }
  qsort (names->pdata, names->len, sizeof (gpointer), cmp_name);
  {
    gboolean first = TRUE;
    for (guint i = 0; i < names->len; i++)
      {
        int k = GPOINTER_TO_INT (g_hash_table_lookup (by_name, g_ptr_array_index (names, i)));
        if (calls[k] == 0)
          continue;
        fputs (first ? "\n  {\"name\": " : ",\n  {\"name\": ", f);
        json_string (f, g_ptr_array_index (names, i));
        fmt_secs (b1, sizeof b1, ticks[k]);
        fprintf (f, ", \"calls\": %" G_GUINT64_FORMAT ", \"inclusive_time\": %s}", calls[k], b1);
        first = FALSE;
      }
  }
  fprintf (f, "],\n \"messages\": %" G_GUINT64_FORMAT "}\n", n_messages);
  g_free (sorted);
  g_free (calls);
  g_free (ticks);
  g_ptr_array_free (names, TRUE);
  g_hash_table_destroy (by_name);
  return stats_close (f, path);
}

#define HOSTILE_ENTER UINT64_C (0x7e5e571e00000001)
#define HOSTILE_LEAVE UINT64_C (0x7e5e571e00000002)

static gboolean
replace_time (char *data, gsize length, uint64_t from, uint64_t to)
{
  for (gsize i = 0; i + sizeof from <= length; i++)
    if (memcmp (data + i, &from, sizeof from) == 0)
      {
        memcpy (data + i, &to, sizeof to);
        return TRUE;
      }
  return FALSE;
}

/* The times written in order by write_hostile, made to go back (the event
 * files hold timestamps uncompressed, in the machine's byte order). */
static gboolean
patch_hostile_times (const char *dir, const char *name, Loc *L)
{
  uint64_t enter, leave;
  if (strcmp (hostile, "wrap-time") == 0)
    enter = UINT64_C (0x8000000000000010), leave = 100;
  else if (strcmp (hostile, "leave-before-enter") == 0)
    enter = L->last_raw + 10, leave = L->last_raw + 5;
  else
    return TRUE;
  g_autofree char *file = g_strdup_printf ("%s/%s/%" G_GUINT64_FORMAT ".evt", dir, name, L->id);
  g_autofree char *data = NULL;
  gsize length = 0;
  if (!g_file_get_contents (file, &data, &length, NULL) || !replace_time (data, length, HOSTILE_ENTER, enter)
      || !replace_time (data, length, HOSTILE_LEAVE, leave) || !g_file_set_contents (file, data, (gssize) length, NULL))
    {
      fprintf (stderr, PROG ": cannot patch the times of %s\n", file);
      return FALSE;
    }
  return TRUE;
}

/* --hostile: records no writer should write, on the first location */
static void
write_hostile (Loc *L)
{
  uint64_t t = L->last_raw;
  if (strcmp (hostile, "undefined-region") == 0)
    {
      CHECK (OTF2_EvtWriter_Enter (L->w, NULL, t, OTF2_UNDEFINED_REGION));
      CHECK (OTF2_EvtWriter_Leave (L->w, NULL, t + 1, OTF2_UNDEFINED_REGION));
    }
  else if (strcmp (hostile, "far-regions") == 0)
    {
      CHECK (OTF2_EvtWriter_Enter (L->w, NULL, t, 0x04000000));
      CHECK (OTF2_EvtWriter_Enter (L->w, NULL, t + 1, OTF2_UNDEFINED_REGION - 1));
      CHECK (OTF2_EvtWriter_Leave (L->w, NULL, t + 2, OTF2_UNDEFINED_REGION - 1));
      CHECK (OTF2_EvtWriter_Leave (L->w, NULL, t + 3, 0x04000000));
    }
  else if (strcmp (hostile, "wrap-time") == 0 || strcmp (hostile, "leave-before-enter") == 0)
    {
      /* libotf2 refuses times that go back: written in order, patched after */
      CHECK (OTF2_EvtWriter_Enter (L->w, NULL, HOSTILE_ENTER, 0));
      CHECK (OTF2_EvtWriter_Leave (L->w, NULL, HOSTILE_LEAVE, 0));
    }
  else if (strcmp (hostile, "undefined-metric") == 0)
    {
      /* samples of a metric nothing defines, and of the undefined one */
      OTF2_Type type = OTF2_TYPE_UINT64;
      OTF2_MetricValue v = { .unsigned_int = 7 };
      CHECK (OTF2_EvtWriter_Metric (L->w, NULL, t, 0x7777, 1, &type, &v));
      CHECK (OTF2_EvtWriter_Metric (L->w, NULL, t + 1, OTF2_UNDEFINED_METRIC, 1, &type, &v));
    }
  else if (strcmp (hostile, "collective-cut") == 0)
    {
      /* a run that ends inside a collective */
      CHECK (OTF2_EvtWriter_MpiCollectiveBegin (L->w, NULL, t));
      L->records += 1;
      return;
    }
  else if (strcmp (hostile, "undefined-communicator") == 0)
    {
      /* a send on a communicator nothing defines, and one to a rank the world does not have */
      CHECK (OTF2_EvtWriter_MpiSend (L->w, NULL, t, 0, 0x7777, 1, 8));
      CHECK (OTF2_EvtWriter_MpiSend (L->w, NULL, t + 1, 1000, COMM_WORLD, 1, 8));
    }
  else if (strcmp (hostile, "deep-unmatched") == 0)
    {
      /* the reader must not scan the stack per Leave */
      for (uint64_t k = 0; k < 100000; k++)
        CHECK (OTF2_EvtWriter_Enter (L->w, NULL, t + k, 0));
      for (uint64_t k = 0; k < 100000; k++)
        CHECK (OTF2_EvtWriter_Leave (L->w, NULL, t + 100000 + k, 1));
      L->records += 200000;
      return;
    }
  else
    return;
  L->records += 2 + 2 * (strcmp (hostile, "far-regions") == 0);
}

/* ---- main ---------------------------------------------------------------- */

static gboolean
parse_u64 (const char *name, const char *value, uint64_t *out)
{
  char *end;
  guint64 v;
  errno = 0;
  v = g_ascii_strtoull (value, &end, 10);
  if (errno || end == value || *end || value[0] == '-')
    {
      fprintf (stderr, PROG ": --%s wants an unsigned integer, not %s\n", name, value);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

int
main (int argc, char **argv)
{
  gint64 seed = 1, events = 20000;
  gint locations = 4, empty = 0, depth = 5, nreg = 16;
  gchar *res_text = NULL, *off_text = NULL, *real_text = NULL, *stats_path = NULL, *out_path = NULL;
  gchar *profile_path = NULL, *per_location_path = NULL, *comm_path = NULL, *comm_by_prefix = NULL;
  gchar *base_text = NULL;
  GError *error = NULL;
  GOptionContext *ctx;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "PRNG seed (default 1)", "N" },
    { "locations", 0, 0, G_OPTION_ARG_INT, &locations, "Locations (threads) with events (default 4)", "N" },
    { "empty-locations", 0, 0, G_OPTION_ARG_INT, &empty, "Extra locations without events (default 0)", "N" },
    { "events", 0, 0, G_OPTION_ARG_INT64, &events, "About N Enter/Leave events in all (default 20000)", "N" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, "Maximum call depth (default 5)", "N" },
    { "regions", 0, 0, G_OPTION_ARG_INT, &nreg, "User region definitions (default 16)", "N" },
    { "duplicate-region-names", 0, 0, G_OPTION_ARG_NONE, &opt_dup, "Two region definitions share a name", NULL },
    { "metrics", 0, 0, G_OPTION_ARG_NONE, &opt_metrics, "PAPI_TOT_INS on every location, node power", NULL },
    { "mpi", 0, 0, G_OPTION_ARG_NONE, &opt_mpi, "MPI point-to-point messages and collectives", NULL },
    { "resolution", 0, 0, G_OPTION_ARG_STRING, &res_text, "Timer ticks per second (default 1000000000)", "N" },
    { "offset", 0, 0, G_OPTION_ARG_STRING, &off_text, "Global offset in ticks (default 0)", "N" },
    { "realtime", 0, 0, G_OPTION_ARG_STRING, &real_text,
      "Wall-clock time at the offset, ns since the epoch, or \"none\" (default 1700000000000000000)", "NS" },
    { "wide-ids", 0, 0, G_OPTION_ARG_NONE, &opt_wide, "Location ids above 2^32: (1 << 40) + k", NULL },
    { "location-base", 0, 0, G_OPTION_ARG_STRING, &base_text,
      "Location ids BASE + k (wrapping past 2^64 - 1, which is OTF2's undefined location)", "BASE" },
    { "sends-inside", 0, 0, G_OPTION_ARG_NONE, &opt_sends_inside, "Send events a few ticks after their call's Enter",
      NULL },
    { "leave-open", 0, 0, G_OPTION_ARG_NONE, &opt_leave_open, "Unmatched Leaves and Enters never left", NULL },
    { "undefined-regions", 0, 0, G_OPTION_ARG_NONE, &opt_undefined_regions,
      "Enters and Leaves of regions nothing defines (the undefined id and one past the definitions)", NULL },
    { "local-defs", 0, 0, G_OPTION_ARG_NONE, &opt_local_defs, "Per-location region id mappings and clock offsets",
      NULL },
    { "stats", 0, 0, G_OPTION_ARG_FILENAME, &stats_path, "Write expected statistics JSON", "FILE.json" },
    { "profile", 0, 0, G_OPTION_ARG_FILENAME, &profile_path, "Write the expected profile --json", "FILE.json" },
    { "profile-per-location", 0, 0, G_OPTION_ARG_FILENAME, &per_location_path,
      "Write the expected profile --json --per-location", "FILE.json" },
    { "comm", 0, 0, G_OPTION_ARG_FILENAME, &comm_path, "Write the expected comm --json", "FILE.json" },
    { "comm-by", 0, 0, G_OPTION_ARG_FILENAME, &comm_by_prefix,
      "Write the expected comm --by size, tag, communicator and collective --json to PREFIX.size.json, …", "PREFIX" },
    { "huge-ids", 0, 0, G_OPTION_ARG_NONE, &opt_huge, "Location ids past 2^63: (1 << 63) + k", NULL },
    { "tasks", 0, 0, G_OPTION_ARG_NONE, &opt_tasks, "Tasks switching on a location, as APEX records HPX tasks", NULL },
    { "late-senders", 0, 0, G_OPTION_ARG_NONE, &opt_late,
      "Ranks enter MPI_Recv before anything was sent to them and wait (--mpi)", NULL },
    { "hostile", 0, 0, G_OPTION_ARG_STRING, &hostile, "Damage for robustness tests (see the source)", "KIND" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out_path, "Anchor file of the archive", "OUT.otf2" },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };
  char *dir, *base, *name;
  OTF2_Archive *archive;

  ctx = g_option_context_new ("- generate a synthetic OTF2 archive");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, PROG ": %s\n", error->message);
      return 2;
    }
  g_option_context_free (ctx);
  if (!out_path || !g_str_has_suffix (out_path, ".otf2"))
    {
      fprintf (stderr, PROG ": -o DIR/NAME.otf2 is required\n");
      return 2;
    }
  if ((res_text && !parse_u64 ("resolution", res_text, &resolution))
      || (off_text && !parse_u64 ("offset", off_text, &global_offset))
      || (base_text && !parse_u64 ("location-base", base_text, &location_base)))
    return 2;
  if (real_text && strcmp (real_text, "none") == 0)
    realtime = OTF2_UNDEFINED_TIMESTAMP;
  else if (real_text && !parse_u64 ("realtime", real_text, &realtime))
    return 2;
  if (locations < 1 || locations > 100000 || empty < 0 || empty > 100000 || events < 1 || depth < 1 || depth > 1000
      || nreg < 1 || nreg > 100000 || resolution < 1 || global_offset > (UINT64_C (1) << 62))
    {
      fprintf (stderr, PROG ": option out of range\n");
      return 2;
    }
  if (opt_dup && nreg < 2)
    {
      fprintf (stderr, PROG ": --duplicate-region-names needs --regions 2 or more\n");
      return 2;
    }
  n_locations = locations;
  n_empty = empty;
  n_events = (uint64_t) events;
  max_depth = depth;
  n_regions = nreg;
  base_gap = resolution / 1000000 > 0 ? resolution / 1000000 : 1;
  rng_seed ((uint64_t) seed);

  strings = g_ptr_array_new ();
  string_ids = g_hash_table_new (g_str_hash, g_str_equal);
  str ("");
  s_program = str ("./chrono-sim");
  s_args[0] = str ("--steps");
  s_args[1] = str ("100");
  s_phases[0] = str ("init");
  s_phases[1] = str ("iterate");
  s_phases[2] = str ("output");
  setup_regions ();
  setup_locations ();
  for (int i = 0; opt_huge && i < nlocs; i++)
    locs[i].id += UINT64_C (1) << 63;
  attrs = OTF2_AttributeList_New ();

  base = g_path_get_basename (out_path);
  dir = g_path_get_dirname (out_path);
  name = g_strndup (base, strlen (base) - strlen (".otf2"));
  if (!*name)
    {
      fprintf (stderr, PROG ": the anchor file needs a name before .otf2\n");
      return 2;
    }
  if (g_mkdir_with_parents (dir, 0777) != 0)
    {
      fprintf (stderr, PROG ": cannot create %s: %s\n", dir, g_strerror (errno));
      return 1;
    }
  if (!remove_old_archive (dir, name))
    return 1;
  archive = OTF2_Archive_Open (dir, name, OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024, OTF2_SUBSTRATE_POSIX,
                               OTF2_COMPRESSION_NONE);
  if (!archive)
    {
      fprintf (stderr, PROG ": cannot create the archive %s\n", out_path);
      return 1;
    }
  CHECK (OTF2_Archive_SetFlushCallbacks (archive, &flush_callbacks, NULL));
  CHECK (OTF2_Archive_SetSerialCollectiveCallbacks (archive));
  CHECK (OTF2_Archive_SetCreator (archive, PROG));
  CHECK (OTF2_Archive_SetDescription (archive, "synthetic trace for Chronoscope tests"));
  CHECK (OTF2_Archive_SetMachineName (archive, "chrono-cluster"));
  CHECK (OTF2_Archive_OpenEvtFiles (archive));
  for (int i = 0; i < nlocs; i++)
    {
      locs[i].w = OTF2_Archive_GetEvtWriter (archive, locs[i].id);
      if (!locs[i].w)
        die ("OTF2_Archive_GetEvtWriter", OTF2_ERROR_INVALID);
    }

  simulate ();
  write_hostile (&locs[0]);

  for (int i = 0; i < nlocs; i++)
    {
      uint64_t nev = 0;
      CHECK (OTF2_EvtWriter_GetNumberOfEvents (locs[i].w, &nev));
      if (nev != locs[i].records)
        {
          fprintf (stderr,
                   PROG ": internal error: location %" G_GUINT64_FORMAT " has %" G_GUINT64_FORMAT
                        " events, counted %" G_GUINT64_FORMAT "\n",
                   locs[i].id, nev, locs[i].records);
          return 1;
        }
    }
  write_global_defs (archive);
  for (int i = 0; i < nlocs; i++)
    {
      CHECK (OTF2_Archive_CloseEvtWriter (archive, locs[i].w));
      locs[i].w = NULL;
    }
  CHECK (OTF2_Archive_CloseEvtFiles (archive));
  write_local_defs (archive);
  CHECK (OTF2_Archive_Close (archive));
  if (!patch_hostile_times (dir, name, &locs[0]))
    return 1;

  if (stats_path && !write_stats (stats_path))
    return 1;
  if ((profile_path || per_location_path) && !write_profiles (profile_path, per_location_path))
    return 1;
  gen_profile_free (profile);
  if (comm_path != NULL)
    {
      FILE *f = stats_open (comm_path);
      if (f == NULL)
        return 1;
      gen_comm_write (comm_book, f, fmt_secs);
      if (!stats_close (f, comm_path))
        return 1;
    }
  static const char *const groupings[] = { "size", "tag", "communicator" };
  for (int by = 0; comm_by_prefix != NULL && by < GEN_COMM_N_GROUPINGS; by++)
    {
      g_autofree char *path = g_strdup_printf ("%s.%s.json", comm_by_prefix, groupings[by]);
      FILE *f = stats_open (path);
      if (f == NULL)
        return 1;
      gen_comm_write_summary (comm_book, f, fmt_secs, by);
      if (!stats_close (f, path))
        return 1;
    }
  if (comm_by_prefix != NULL)
    {
      g_autofree char *path = g_strdup_printf ("%s.collective.json", comm_by_prefix);
      FILE *f = stats_open (path);
      if (f == NULL)
        return 1;
      gen_comm_write_collectives (comm_book, f);
      if (!stats_close (f, path))
        return 1;
    }
  gen_comm_free (comm_book);

  OTF2_AttributeList_Delete (attrs);
  g_free (base);
  g_free (dir);
  g_free (name);
  g_free (res_text);
  g_free (base_text);
  g_free (off_text);
  g_free (real_text);
  g_free (stats_path);
  g_free (profile_path);
  g_free (per_location_path);
  g_free (comm_path);
  g_free (comm_by_prefix);
  g_free (out_path);
  return 0;
}
