/* chrono-blocking.h — who waited on a semaphore, and on whom: every request
 * of every semaphore of a trace (chrono-accesses.h), in file order, with
 * its wait and the instances that held the semaphore when it was made. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  const char *process; /* the trace's strings */
  gint64 instance; /* G_MININT64 when unknown */
  gint64 released; /* when it let the semaphore go; CHRONO_ACCESS_NEVER when not in the trace */
} ChronoBlockingHolder;

typedef struct {
  ChronoLane *semaphore;
  const ChronoAccess *access;
  /* the holders, sorted by (process, instance) */
  ChronoBlockingHolder *held_by;
  guint n_held_by;
} ChronoBlockingWait;

typedef struct _ChronoBlocking ChronoBlocking;

ChronoBlocking *chrono_blocking_new (ChronoTrace *trace);
void chrono_blocking_free (ChronoBlocking *blocking);
guint chrono_blocking_get_n_waits (ChronoBlocking *blocking);
const ChronoBlockingWait *chrono_blocking_get_wait (ChronoBlocking *blocking, guint index);
/* The wait's length in ticks (assigned - requested), or -1 when it was never assigned. */
gint64 chrono_blocking_wait_ticks (const ChronoBlockingWait *wait);

/* Why a wait lasted: for each holder (as wait->held_by), who had the cores
 * it was taken off while it held the semaphore and the waiter waited
 * (chrono_instance_life_ran_instead from the request to the assignment or
 * the holder's release, whichever came first; ChronoLifeOccupant*, an
 * empty list when it was never preempted then).  An inversion is a
 * process other than the waiter's (an ISR too) taking a holder's core
 * while it held the semaphore and the waiter waited: the waiter waits on
 * work that is neither its own nor the holder's. */
typedef struct {
  GPtrArray *ran_instead; /* GPtrArray* of ChronoLifeOccupant*, one per holder */
  gboolean inversion;
  gint64 others_ran; /* ticks processes other than the waiter had holders' cores in the wait */
} ChronoBlockingCause;

ChronoBlockingCause *chrono_blocking_cause_new (ChronoBlocking *blocking, const ChronoBlockingWait *wait);
void chrono_blocking_cause_free (ChronoBlockingCause *cause);

/* The process lane named process and its instance numbered number (a
 * holder, a waiter), looked up in an index of the trace's instances made once. */
gboolean chrono_blocking_find_instance (ChronoBlocking *blocking, const char *process, gint64 number,
                                        ChronoLane **out_lane, guint *out_index);
/* The waits of one process instance, in file order (borrowed from blocking). */
GPtrArray *chrono_blocking_waits_of (ChronoBlocking *blocking, ChronoTrace *trace, const char *process,
                                     gint64 instance);
/* One sentence a user reads first: "waited 5.7 ms on SEM_Res held by
 * Task_Low #1, which Task_Mid #2 preempted for 4.2 ms — priority
 * inversion". */
char *chrono_blocking_describe (ChronoTrace *trace, const ChronoBlockingWait *wait, const ChronoBlockingCause *cause);

/* What one process instance's accesses add up to: Σ assigned − requested,
 * Σ released − assigned (an access missing either end adds nothing), and
 * how many of its waits were inversions. */
typedef struct {
  gint64 wait, hold;
  guint inversions;
} ChronoBlockingTotals;

/* The totals of every instance that made an access ("process\x1fnumber"
 * -> ChronoBlockingTotals), for chrono_blocking_totals_lookup. */
GHashTable *chrono_blocking_totals_new (ChronoTrace *trace);
/* NULL when that instance made no access. */
const ChronoBlockingTotals *chrono_blocking_totals_lookup (GHashTable *totals, const char *process, gint64 number);

/* Where an instance's response time went: each of its states' time, with
 * what it spent polling, parked or waiting inside its waits on semaphores
 * (requested … assigned) counted as waiting on a semaphore; an instance
 * activated but not yet started is ready. */
typedef enum {
  CHRONO_BREAKDOWN_RUNNING,
  CHRONO_BREAKDOWN_READY, /* preempted, or not yet started */
  CHRONO_BREAKDOWN_SEMAPHORE,
  CHRONO_BREAKDOWN_OS_EVENT, /* waiting, outside a semaphore wait */
  CHRONO_BREAKDOWN_POLLING,
  CHRONO_BREAKDOWN_PARKING,
  CHRONO_N_BREAKDOWN
} ChronoBreakdownPart;

const char *chrono_breakdown_part_get_label (ChronoBreakdownPart part);
/* The state a part is drawn in the colour of. */
ChronoState chrono_breakdown_part_get_state (ChronoBreakdownPart part);
/* ticks[part] over states (ChronoLifeState, chrono-instance-life.h) and the
 * instance's waits (chrono_blocking_waits_of). */
void chrono_blocking_breakdown (GArray *states, GPtrArray *waits, gint64 ticks[CHRONO_N_BREAKDOWN]);
/* The same for one instance of a process lane (of blocking's trace). */
void chrono_blocking_instance_breakdown (ChronoBlocking *blocking, ChronoLane *process_lane, guint instance_index,
                                         gint64 ticks[CHRONO_N_BREAKDOWN]);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoBlocking, chrono_blocking_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoBlockingCause, chrono_blocking_cause_free)

G_END_DECLS
