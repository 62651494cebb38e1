/* chrono-laplace-report.h — the figures `info --json` reports for a Laplace
 * trace, as an a{sv} in a fixed order. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

/* records: the kernel's, sorted by time, or NULL when no kernel trace was read;
 * refs: the references, or NULL. */
GVariant *chrono_laplace_report (ChronoTrace *trace, ChronoReferences *refs, GArray *records);

G_END_DECLS
