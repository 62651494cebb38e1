/* chrono-dump.h — the canonical text form of a loaded trace, for golden tests. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

char *chrono_trace_dump (ChronoTrace *trace);

G_END_DECLS
