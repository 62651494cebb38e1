/* chrono-upstream.h — follow a chain: from an item back along
 * what it waited on.  At each step the incoming dependency (TRACE
 * dependency, OTF2 message, fork) whose source came last decided when the
 * item could go on, so the chain follows that one; a runnable's call is
 * preceded by the task instance that made it, and a BTF task or ISR
 * instance by what activated it (a stimulus's event or another process's
 * item at the activation), unless it waited on a semaphore: then by the
 * holder's holding span, and that by the holder's item when it took the
 * semaphore; a BTF instant event (a signal read, a stimulus
 * triggered by a task) by the task's or runnable's item that caused it. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  ChronoLane *lane; /* borrowed */
  gboolean is_mark; /* index names a mark of the lane, else a span */
  guint index;
  gint64 begin, end; /* a mark's time twice */
} ChronoChainStep;

/* The item first, then what it waited on, and so on, at most max_steps long
 * (a cycle ends it).  Items of a lazily read trace's lanes are not in
 * memory: the chain is the item alone. */
GArray *chrono_upstream_chain (ChronoTrace *trace, const ChronoChainStep *item, guint max_steps);

G_END_DECLS
