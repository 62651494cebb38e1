/* chrono-diff-gate.h — a condition on the change between two runs that
 * fails a CI job: `[ENTITY ]METRIC.STAT OP THRESHOLD`, the threshold a
 * percentage of the first run's value (`response_time.p99 > 10%`), a
 * duration (`response_time.max > 2ms`, the difference in time) or, for a
 * count, a number (`preemptions.max > 2`); OP one of > >= < <=. */
#pragma once

#include "chrono-diff.h"

G_BEGIN_DECLS

typedef enum { CHRONO_GATE_ABOVE, CHRONO_GATE_AT_LEAST, CHRONO_GATE_BELOW, CHRONO_GATE_AT_MOST } ChronoGateOp;

typedef struct {
  char *text; /* as given */
  char *entity; /* only this entity's, or NULL: every entity's */
  ChronoMetric metric;
  ChronoStat stat;
  ChronoGateOp op;
  gboolean relative; /* threshold: a fraction of the first run's value (10% is 0.1) */
  double threshold; /* else: the difference in seconds, or in counts */
} ChronoDiffGate;

ChronoDiffGate *chrono_diff_gate_parse (const char *text, GError **error);
void chrono_diff_gate_free (ChronoDiffGate *gate);
/* Whether it applies to this entity and metric. */
gboolean chrono_diff_gate_applies (const ChronoDiffGate *gate, const char *entity, ChronoMetric metric);
/* Whether a change meets it: delta (seconds or counts), and relative when known. */
gboolean chrono_diff_gate_met (const ChronoDiffGate *gate, double delta, gboolean has_relative, double relative);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoDiffGate, chrono_diff_gate_free)

G_END_DECLS
