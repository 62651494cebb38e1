/* chrono-call.h — a call on a lane of nested calls (an OTF2 region, a
 * VisAndOr goal on its agent): its inclusive and exclusive time, the calls
 * it made, and the message that arrived while it ran (what ended a wait). */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  guint span;
  gint64 inclusive, exclusive;
  GArray *callees; /* guint: span indices one level deeper inside the call, in time order */
  const ChronoLink *message; /* the last one that arrived on the lane during the call, or NULL */
} ChronoCallInfo;

void chrono_call_explain (ChronoTrace *trace, ChronoLane *lane, guint span, ChronoCallInfo *out);
void chrono_call_info_clear (ChronoCallInfo *info);

G_END_DECLS
