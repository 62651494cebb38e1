/* chrono-message-summary.h — Vampir's Message Summary, as numbers: the
 * point-to-point messages of a run (chrono-messages.h) grouped by size
 * (bins doubling in size: 0 B, 1 B, 2–3 B, 4–7 B, …), by tag or by
 * communicator, each group with its messages, bytes and the time receivers
 * waited for late senders (chrono_message_late_sender). */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef enum {
  CHRONO_MESSAGES_BY_SIZE,
  CHRONO_MESSAGES_BY_TAG,
  CHRONO_MESSAGES_BY_COMMUNICATOR,
  CHRONO_N_MESSAGE_GROUPINGS
} ChronoMessageGrouping;

typedef struct {
  guint64 smallest, largest; /* by size: the bin's sizes in bytes; by tag: the tag, twice; else 0 */
  const char *communicator; /* by communicator: its name (the trace's string); else NULL */
  guint64 count, bytes;
  gint64 late_sender; /* ticks */
} ChronoMessageGroup;

/* The groups with a message, by size, tag or communicator's name; only the
 * messages of one communicator (NULL: all).  NULL when the trace keeps no
 * messages (as chrono_comm_new). */
GArray *chrono_message_summary (ChronoTrace *trace, ChronoMessageGrouping by, const char *communicator);
/* The grouping's name in `comm --by` ("size", "tag", "communicator"), and back (FALSE: none such). */
const char *chrono_message_grouping_name (ChronoMessageGrouping by);
gboolean chrono_message_grouping_parse (const char *name, ChronoMessageGrouping *out);

G_END_DECLS
