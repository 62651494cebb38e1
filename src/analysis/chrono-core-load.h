/* chrono-core-load.h — how busy each core is, bin by bin: a
 * "Core Load" group of signal lanes, one per core and one for all cores, in
 * percent of each bin.  Busy is what the range table and the load
 * requirements count too: a core occupied by anything but its idle task. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

/* More bins than this per lane make the width wider (a bin of a few ticks
 * over a long trace would be millions of steps nobody can see). */
#define CHRONO_CORE_LOAD_MAX_BINS 100000

/* Ticks in [from, to) the core is occupied by anything but its idle task:
 * exact from its spans; from its summary when it is read lazily. */
gint64 chrono_core_load_busy (ChronoLane *core, gint64 from, gint64 to);

/* The trace's core lanes in lane order (borrowed lanes). */
GPtrArray *chrono_core_load_list_cores (ChronoTrace *trace);

/* A round width (1, 2 or 5 × 10^k ticks) for about 200 bins over the trace. */
gint64 chrono_core_load_default_bin (ChronoTrace *trace);

/* Adds the lanes after the cores' group, or redoes them at another width.
 * Bins start at the trace's begin; the last one is cut by the trace's end
 * and measured over what it covers.  Returns the width used (at least the
 * trace's span / CHRONO_CORE_LOAD_MAX_BINS), 0 when the trace has no cores. */
gint64 chrono_core_load_show (ChronoTrace *trace, gint64 bin);

/* Takes the lanes away again; FALSE when there were none. */
gboolean chrono_core_load_hide (ChronoTrace *trace);

/* The group of load lanes, NULL until chrono_core_load_show added it. */
ChronoLane *chrono_core_load_find_group (ChronoTrace *trace);

G_END_DECLS
