/* chrono-cli-stats.h — what `chronoscope-cli stats` prints: per entity, the
 * distribution of each timing metric over its instances, as JSON (exact
 * decimal seconds of trace time, like info --json) or as a table. */
#pragma once

#include "chrono-metrics.h"

G_BEGIN_DECLS

/* What other commands print the same way. */
/* sum / count ticks as exact decimal seconds where there are such (else
 * the nearest double): an exact number (chrono-report.h), floating */
GVariant *chrono_cli_seconds_ratio (const ChronoClock *clock, guint64 sum, guint count);
/* {"count", "min", "max", "mean", "p50", "p95", "p99", "worst_at"}: values in
 * exact seconds (or counts), all null when s is NULL or counts nothing; floating */
GVariant *chrono_cli_summary (const ChronoClock *clock, gboolean count, const ChronoMetricSummary *s, gint64 worst_at);

char *chrono_cli_stats_json (ChronoTrace *trace, GPtrArray *entities);
char *chrono_cli_stats_text (ChronoTrace *trace, GPtrArray *entities);

G_END_DECLS
