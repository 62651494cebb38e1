/* chrono-blocking.h — who waited on a semaphore, and on whom: every request
 * of every semaphore of a trace (chrono-accesses.h), in file order, with
 * its wait and the instances that held the semaphore when it was made. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  const char *process; /* the trace's strings */
  gint64 instance; /* G_MININT64 when unknown */
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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoBlocking, chrono_blocking_free)

G_END_DECLS
