/* chrono-resource-usage.h — how much of a TRACE resource is in use over
 * time, and for how long N claims held it at once. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

ChronoSignal *chrono_resource_usage_signal (ChronoLane *resource_lane, gint64 ticks_per_second);
GArray *chrono_resource_concurrency (ChronoLane *resource_lane, gint64 begin, gint64 end);
guint chrono_resource_usage_add_lanes (ChronoTrace *trace);
guint chrono_resource_usage_remove_lanes (ChronoTrace *trace);

G_END_DECLS
