/* chrono-comm.h — Vampir's communication matrix and Scalasca's late
 * sender, as numbers: per (sender, receiver, communicator) how many
 * messages were sent, how many bytes, and how long the receivers waited for
 * senders that started late.  A send and the receive matched to it (in order
 * per sender, receiver, communicator and tag) give the receiver's wait:
 * max(0, S − R), S the Enter of the innermost call open on the sender at
 * its send, R that of the innermost call open on the receiver at its
 * receive.  A send no receive matched counts, and waits for nothing. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  guint64 sender, receiver; /* location ids */
  const char *communicator; /* owned by the trace's strings */
  guint64 count, bytes;
  gint64 late_sender; /* ticks */
} ChronoCommPair;

typedef struct {
  GArray *pairs; /* ChronoCommPair, by (sender, receiver, communicator's bytes) */
  guint64 messages, bytes;
  gint64 late_sender;
} ChronoComm;

/* Whether the trace's reader keeps its messages (not read lazily, a format with them). */
gboolean chrono_comm_applies (ChronoTrace *trace);
/* NULL when the trace's reader keeps no messages (chrono_comm_applies). */
ChronoComm *chrono_comm_new (ChronoTrace *trace);
void chrono_comm_free (ChronoComm *comm);

/* How long the receives in the call that began at call at depth on
 * location waited for late senders (ticks, 0: none was late), and the
 * sender of the longest. */
gint64 chrono_comm_late_sender_in_call (ChronoTrace *trace, guint64 location, gint64 call, guint16 depth,
                                        guint64 *out_sender);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoComm, chrono_comm_free)

G_END_DECLS
