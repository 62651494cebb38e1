/* chrono-task-paths.h — a BTF run's tasks and ISRs with the runnables
 * they call as call paths (chrono-call-paths.h): [task], [task, runnable],
 * [task, runnable, runnable it calls], each with its instances as calls,
 * its running time in the range as inclusive time and that less its
 * callees' running time as exclusive time (the figures of the flat
 * profile, chrono-profile.h, one lane at a time).  A flame graph of a run
 * of tasks, and of two compared, reads them. */
#pragma once

#include "chrono-call-paths.h"

G_BEGIN_DECLS

/* Every process lane with an instance or running time in [begin, end), and
 * its runnables', in path order; free with chrono_call_paths_free. */
GArray *chrono_task_paths_compute (ChronoTrace *trace, gint64 begin, gint64 end);

G_END_DECLS
