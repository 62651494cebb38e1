/* chrono-diff-gate.h — a condition on the change between two runs that
 * fails a CI job: `[ITEM ]MEASURE OP THRESHOLD`.  The item is an entity's
 * name or a call path (its regions joined by ';'), none for every item; the
 * measure a metric's statistic (`response_time.p99`) or a call path's
 * figure (`inclusive_time`); the threshold a percentage of the first run's
 * value (`> 10%`), a duration (`> 2ms`, the difference in time) or, for a
 * count, a number (`> 2`); OP one of > >= < <=. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum { CHRONO_GATE_ABOVE, CHRONO_GATE_AT_LEAST, CHRONO_GATE_BELOW, CHRONO_GATE_AT_MOST } ChronoGateOp;

typedef struct {
  char *text; /* as given */
  char *item; /* only this item's (an entity, a call path "main;solve"), or NULL: every item's */
  char *measure; /* as written: "response_time.p99", "inclusive_time", … */
  ChronoGateOp op;
  gboolean relative; /* threshold: a fraction of the first run's value (10% is 0.1) */
  gboolean plain; /* threshold: a number with no unit, a count */
  double threshold; /* else: the difference in seconds */
} ChronoDiffGate;

/* The condition's form: item, measure, operator, threshold. */
ChronoDiffGate *chrono_diff_gate_parse (const char *text, GError **error);
void chrono_diff_gate_free (ChronoDiffGate *gate);
/* Whether its threshold suits the measure: a count changes by a number or
 * a percentage, a time by a duration or a percentage. */
gboolean chrono_diff_gate_check_threshold (const ChronoDiffGate *gate, gboolean counted, GError **error);
/* Whether it applies to this item (named by its text). */
gboolean chrono_diff_gate_applies (const ChronoDiffGate *gate, const char *item);
/* Whether a change meets it: delta (seconds or counts), and relative when known. */
gboolean chrono_diff_gate_met (const ChronoDiffGate *gate, double delta, gboolean has_relative, double relative);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoDiffGate, chrono_diff_gate_free)

G_END_DECLS
