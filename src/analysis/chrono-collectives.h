/* chrono-collectives.h — the collective operations of a run (OTF2
 * MpiCollectiveBegin/End, each a span of the location that took part),
 * grouped by operation and communicator: how many times a location took
 * part, and the bytes the locations sent and received in them, apart
 * (Vampir's Message Summary counts them beside the point-to-point
 * messages, never with them). */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  const char *operation; /* "Allreduce" (the trace's string) */
  const char *communicator;
  guint64 count; /* one per location that took part, per operation */
  guint64 bytes_sent, bytes_received;
} ChronoCollectiveGroup;

/* The groups sorted by (operation, communicator), only those of one
 * communicator (NULL: all); NULL where the trace keeps no calls to find
 * them in (a lazy read, a format without messages: as chrono_comm_new). */
GArray *chrono_collective_summary (ChronoTrace *trace, const char *communicator);

G_END_DECLS
