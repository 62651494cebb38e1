/* chrono-critical-path.h — the chain of TRACE claims that decided when the
 * last one ended: each claim on it could not start earlier because the one
 * before it (by a dependency, or on any resource) had only just ended. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  ChronoLane *lane; /* borrowed: an activity lane */
  guint span; /* index in the lane's spans */
} ChronoPathStep;

GArray *chrono_critical_path_compute (ChronoTrace *trace, gboolean dependencies_only);
guint chrono_critical_path_mark (ChronoTrace *trace, gboolean dependencies_only);
void chrono_critical_path_clear (ChronoTrace *trace);

G_END_DECLS
