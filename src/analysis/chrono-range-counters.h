/* chrono-range-counters.h — what a time range holds of each signal lane
 * (OTF2 metrics, TRACE signals): its values at the range's ends, its least,
 * mean (weighted by time) and largest value in it, and its change: for a
 * lane that shows an accumulated counter as its rate (OTF2), the rate's
 * integral over the range, which is what the counter grew by (exactly, over
 * whole sampling intervals; in proportion over the parts of those the range
 * cuts); for any other, its value at the end less its value at the start.
 * The change per second of the range is the counter's rate over it. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  ChronoLane *lane; /* borrowed */
  gboolean is_rate; /* shows an accumulated counter's rate: the change is its integral */
  gboolean has_values; /* the signal has values in the range (the rest is then 0) */
  gboolean has_ends; /* and at both of its ends, which first and last are */
  double first, last; /* the values at begin and at end (at end − 1 tick when the signal ends there) */
  double min, mean, max; /* over the part of the range the signal covers */
  double change; /* the rate's integral, or last − first (0 without both ends) */
  double per_second; /* change over the range's length */
} ChronoRangeCounter;

/* Every signal lane of a trace read whole, in lane order, over [begin, end);
 * a lazily read trace keeps no signal in memory: an empty array. */
GArray *chrono_range_counters_compute (ChronoTrace *trace, gint64 begin, gint64 end);

G_END_DECLS
