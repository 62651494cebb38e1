/* chrono-ownership.h — a semaphore drawn as who holds it and who waits for
 * it: every access's hold (assigned … released) and wait (requested …
 * assigned) on a level of its band, so the holds of a counting semaphore
 * that overlap, and waiters queued together, sit one under another.
 *
 * An interval the trace does not close (a hold never released, a request
 * never assigned) runs to the end of the trace: its level is never reused.
 * The levels of a band are as many as the most intervals open at once, up
 * to CHRONO_OWNERSHIP_MAX_LEVELS; past it the deepest level takes the rest
 * (drawn over each other, told apart by the tooltip). */
#pragma once

#include "chrono-accesses.h"

G_BEGIN_DECLS

#define CHRONO_OWNERSHIP_MAX_LEVELS 8

typedef enum {
  CHRONO_OWNERSHIP_HOLD, /* assigned … released */
  CHRONO_OWNERSHIP_WAIT, /* requested … assigned */
  CHRONO_N_OWNERSHIP_BANDS,
} ChronoOwnershipBand;

/* An open end (a hold never released, a wait never assigned). */
#define CHRONO_OWNERSHIP_OPEN G_MAXINT64

typedef struct _ChronoOwnership ChronoOwnership;

ChronoOwnership *chrono_ownership_new (ChronoAccesses *accesses);
void chrono_ownership_free (ChronoOwnership *ownership);
/* The number of accesses it was made from (it is stale once the table grew). */
guint chrono_ownership_get_n_accesses (const ChronoOwnership *ownership);
/* Levels the band needs (0 when it has no interval). */
guint chrono_ownership_get_n_levels (const ChronoOwnership *ownership, ChronoOwnershipBand band);
/* The interval of access row in the band and its level; FALSE when the
 * access has none there (no assignment: no hold; no request: no wait). */
gboolean chrono_ownership_get_interval (const ChronoOwnership *ownership, ChronoOwnershipBand band, guint access,
                                        gint64 *out_start, gint64 *out_end, guint *out_level);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoOwnership, chrono_ownership_free)

G_END_DECLS
