/* chrono-profile.h — what a time range amounts to per called thing (an
 * OTF2 region, a BTF runnable): calls, inclusive and exclusive time, as
 * Vampir's function summary.  Calls are the labelled spans of worker lanes,
 * nested by depth (a call and the calls it made), and the instances of
 * process and runnable lanes (time: the time they run); only the part
 * inside the range counts.  A lazily read lane of calls answers from its
 * figures per stretch of the run (chrono-call-summary.h): exactly over
 * whole stretches, in proportion over a stretch the range cuts. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  const char *name; /* the label, owned by the trace's strings */
  guint64 calls; /* spans that overlap the range */
  gint64 inclusive; /* ticks inside the range, recursion counted per call */
  gint64 exclusive; /* ticks inside the range less the calls it made */
  gboolean approximate; /* some of it is a lazily read lane's share of a stretch the range cuts */
} ChronoProfileRow;

/* Rows sorted by exclusive time, largest first. */
GArray *chrono_profile_compute (ChronoTrace *trace, gint64 begin, gint64 end);
/* The same over some of the trace's lanes only (NULL: all of them). */
GArray *chrono_profile_compute_lanes (ChronoTrace *trace, GPtrArray *lanes, gint64 begin, gint64 end);

G_END_DECLS
