/* chrono-cli-stats.h — what `chronoscope-cli stats` prints: per entity, the
 * distribution of each timing metric over its instances, as JSON (exact
 * decimal seconds of trace time, like info --json) or as a table. */
#pragma once

#include "chrono-metrics.h"

G_BEGIN_DECLS

char *chrono_cli_stats_json (ChronoTrace *trace, GPtrArray *entities);
char *chrono_cli_stats_text (ChronoTrace *trace, GPtrArray *entities);

G_END_DECLS
