/* chrono-resource-stats.h — TRACE figures: claims and usage per resource,
 * fragments and value range per signal. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  ChronoLane *lane; /* borrowed */
  guint64 claims;
  double usage; /* Σ amount × duration, in amount·seconds */
  GArray *concurrency; /* borrowed, read lazily: ticks of the trace with 0, 1, 2… claims at once; else NULL */
} ChronoResourceStats;

typedef struct {
  ChronoLane *lane; /* borrowed */
  guint64 fragments;
  gboolean has_range;
  double min, max; /* exact over every fragment's closed domain */
} ChronoSignalStats;

GArray *chrono_resource_stats_compute (ChronoTrace *trace);
GArray *chrono_signal_stats_compute (ChronoTrace *trace);
GPtrArray *chrono_claim_attribute_keys (ChronoTrace *trace);

G_END_DECLS
