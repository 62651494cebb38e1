/* chrono-messages.h — the point-to-point messages of a run (OTF2 MpiSend
 * and MpiIsend), one row a send, with its receive when one matched it: who
 * sent to whom on which communicator, how much, and when each end was and
 * when the call it happened in began (what a late sender is measured by).
 * A send to a rank its communicator does not have is no row (a counted
 * warning of the reader). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CHRONO_MESSAGE_NEVER G_MININT64

typedef struct {
  guint64 sender, receiver; /* the locations' ids */
  guint32 communicator; /* its name in the trace's strings (its id when it has none) */
  guint32 tag;
  guint64 bytes; /* as the send recorded them */
  gint64 sent, send_call; /* the send event, and the Enter of the innermost call open then (sent: none) */
  gint64 received, receive_call; /* the same for its receive; CHRONO_MESSAGE_NEVER: none matched */
  guint16 receive_depth; /* the depth (row) of the call it was received in */
} ChronoMessage;

typedef struct _ChronoMessages ChronoMessages;

/* How long the receiver of a message waited for its sender to start
 * (Scalasca's late sender): max(0, send_call − receive_call) in ticks, 0
 * when no receive matched. */
gint64 chrono_message_late_sender (const ChronoMessage *message);

/* A receiving call that waited for late senders: from its Enter until the
 * latest of them began its send call; its depth tells it from its callers
 * entered at the same tick. */
typedef struct {
  gint64 call, until;
  guint16 depth;
} ChronoLateWait;

ChronoMessages *chrono_messages_new (void);
void chrono_messages_free (ChronoMessages *messages);
void chrono_messages_add (ChronoMessages *messages, const ChronoMessage *message);
guint chrono_messages_get_n (ChronoMessages *messages);
const ChronoMessage *chrono_messages_get (ChronoMessages *messages, guint index);
/* The late waits of the calls of one receiving location, sorted by call
 * (*n_waits of them, NULL when none): worked out for every location at the
 * first ask, which any thread may make once the messages are all added (a
 * message added after drops the index, and the waits handed out with it). */
const ChronoLateWait *chrono_messages_get_late_waits (ChronoMessages *messages, guint64 receiver, guint *n_waits);
/* The wait of the call entered at call at depth among n sorted waits, or NULL. */
const ChronoLateWait *chrono_late_waits_find (const ChronoLateWait *waits, guint n, gint64 call, guint16 depth);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoMessages, chrono_messages_free)

G_END_DECLS
