/* chrono-accesses.h — the accesses of processes to a semaphore (a BTF
 * SEM, a spinlock): one row per request, from the request to the release,
 * with the accesses that held the semaphore when the request was made.
 *
 * A row is an access of one process instance: requested, then assigned
 * (its wait ends, its hold begins), then released.  The times a trace
 * lacks are CHRONO_ACCESS_NEVER.  A row whose assignment came with no
 * request (the trace began inside it) has no requested time; it counts as
 * a holder, but asked for nothing.  Holders are rows of the same table,
 * kept in the order they were assigned. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CHRONO_ACCESS_NEVER G_MININT64

typedef struct {
  guint32 process; /* the requesting process's name in the trace's strings */
  gint64 instance; /* its instance number; G_MININT64 when unknown */
  gint64 requested, assigned, released; /* CHRONO_ACCESS_NEVER when not in the trace */
  guint64 line; /* of the request (of the assignment, when there was no request); 0 when unknown */
  guint32 first_holder, n_holders; /* into the table's holders (chrono_accesses_get_holders) */
} ChronoAccess;

typedef struct _ChronoAccesses ChronoAccesses;

ChronoAccesses *chrono_accesses_new (void);
void chrono_accesses_free (ChronoAccesses *accesses);
/* A new row, its holders the rows given (the accesses holding the
 * semaphore as it is made); its index. */
guint chrono_accesses_add (ChronoAccesses *accesses, const ChronoAccess *access, const guint *holders, guint n_holders);
guint chrono_accesses_get_n (ChronoAccesses *accesses);
ChronoAccess *chrono_accesses_get (ChronoAccesses *accesses, guint index);
/* The rows that held the semaphore when row index was made. */
const guint32 *chrono_accesses_get_holders (ChronoAccesses *accesses, guint index, guint *n_holders);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoAccesses, chrono_accesses_free)

G_END_DECLS
