/* chrono-metrics.h — timing metrics per instance of every task, ISR and
 * runnable, and their distributions: what a timing engineer asks of a trace
 * (did an instance miss its deadline, how bad is the worst case and when was
 * it, how much jitter).  Computed from the model only, with exact ticks.
 *
 * An instance counts from its latest activation (another activation of an
 * open instance restarts it) to its termination; only such complete
 * instances are measured.  For one that ran:
 *   start_delay     = first start − activation
 *   gross_execution = termination − first start
 *   net_execution   = time RUNNING in between
 *   interference    = time READY in between (preempted, waiting for a core)
 *   preemptions     = how often it was preempted
 * and for every complete one response_time = termination − activation.
 * Jitters compare successive instances (in activation order) with the
 * period, taken from the activations (the median of their distances) or
 * given: |distance of the activations − period|, |distance of the
 * terminations − period|.  An instance that made at least one access to a
 * semaphore (chrono-accesses.h; the instance by its number) has
 *   semaphore_wait  = Σ over its accesses of assigned − requested
 *   semaphore_hold  = Σ over its accesses of released − assigned
 * (an access missing either end adds nothing), and
 *   inversions      = how many of its waits were priority inversions
 *                     (chrono-blocking.h: another process took a holder's
 *                     core while it waited)
 * A runnable call has gross and net execution. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef enum {
  CHRONO_METRIC_RESPONSE_TIME,
  CHRONO_METRIC_START_DELAY,
  CHRONO_METRIC_GROSS_EXECUTION,
  CHRONO_METRIC_NET_EXECUTION,
  CHRONO_METRIC_INTERFERENCE,
  CHRONO_METRIC_PREEMPTIONS,
  CHRONO_METRIC_ACTIVATION_JITTER,
  CHRONO_METRIC_RESPONSE_JITTER,
  CHRONO_METRIC_SEMAPHORE_WAIT,
  CHRONO_METRIC_SEMAPHORE_HOLD,
  CHRONO_METRIC_INVERSIONS,
  CHRONO_N_METRICS
} ChronoMetric;

/* A metric an instance does not have (one that never ran has no start delay). */
#define CHRONO_METRIC_NONE G_MININT64

const char *chrono_metric_get_name (ChronoMetric metric); /* "response_time", … */
gboolean chrono_metric_from_name (const char *name, ChronoMetric *out);
/* Preemptions and inversions are counted; every other metric is a duration in ticks. */
gboolean chrono_metric_is_count (ChronoMetric metric);

typedef struct {
  ChronoLane *lane; /* borrowed from its entity */
  guint index; /* in the lane's instance table */
  gint64 number; /* the producer's instance number, G_MININT64 when unknown */
  gint64 activated, terminated;
  guint64 line; /* the trace line of its activation, 0 when unknown */
  gint64 value[CHRONO_N_METRICS]; /* CHRONO_METRIC_NONE when it has not that metric */
} ChronoInstanceMetrics;

typedef struct {
  char *name;
  char *type; /* the lanes' entity type: "T", "ISR", "R" */
  ChronoLaneKind kind; /* PROCESS or RUNNABLE */
  gint64 period; /* the jitters' period in ticks, 0 when there is none */
  GPtrArray *lanes; /* ChronoLane*, referenced: a runnable called by several processes has a lane under each */
  GArray *instances; /* ChronoInstanceMetrics, complete instances in (activation, lane order, index) order */
} ChronoEntityMetrics;

typedef struct {
  gint64 begin, end; /* instances activated in [begin, end); G_MININT64, G_MAXINT64 for all */
  gboolean within; /* and terminated by end: only the instances that lie in the range */
  const char *entity; /* only the entities of this name, or NULL */
  GHashTable *periods; /* entity name -> gint64* ticks, or NULL: the periods given */
} ChronoMetricsOptions;

void chrono_metrics_options_init (ChronoMetricsOptions *options);

/* Every process and runnable entity, sorted by name (then type).  The
 * trace must be read whole (not lazily): metrics need every instance. */
GPtrArray *chrono_metrics_compute (ChronoTrace *trace, const ChronoMetricsOptions *options);

typedef struct {
  guint count;
  gint64 min, max, p50, p95, p99; /* nearest rank: the value at rank ⌈p·n/100⌉ of the sorted values */
  guint64 sum; /* for the mean: sum / count */
  guint worst; /* the instance with the maximum, the earliest activated on ties */
} ChronoMetricSummary;

/* The distribution of n values in time order, CHRONO_METRIC_NONE skipped;
 * worst is an index into values.  FALSE (and count 0) when none is left.
 * Event chains summarize their latencies with it, as stats does. */
gboolean chrono_metrics_summarize_values (const gint64 *values, guint n, ChronoMetricSummary *out);
/* FALSE (and count 0) when no instance has the metric. */
gboolean chrono_metrics_summarize (const ChronoEntityMetrics *entity, ChronoMetric metric, ChronoMetricSummary *out);

/* The instances' values of a metric in n bins of equal width over min … max
 * (all in the first when they are equal, max in the last): counts[k] is how
 * many fall in bin k, so the counts add up to the summary's count.  Returns
 * the largest count, 0 when no instance has the metric. */
guint chrono_metrics_histogram (const ChronoEntityMetrics *entity, ChronoMetric metric, guint n, guint *counts);

/* The value at rank ⌈percent·n/100⌉ (at least 1) of n sorted values. */
gint64 chrono_metrics_nearest_rank (const gint64 *sorted, guint n, guint percent);

void chrono_entity_metrics_free (ChronoEntityMetrics *entity);

/* The metrics an entity of this kind has, in the order stats lists them: a
 * task's or ISR's (PROCESS; inversions are counted apart), or a call's (RUNNABLE). */
const ChronoMetric *chrono_metrics_of_kind (ChronoLaneKind kind, guint *n);

/* The distributions of an entity's metrics, without its instances. */
typedef struct {
  char *name;
  char *type;
  ChronoLaneKind kind;
  GPtrArray *lanes; /* ChronoLane*, referenced */
  guint n_instances; /* the complete instances the options keep */
  ChronoMetricSummary summary[CHRONO_N_METRICS]; /* count 0 for a metric not asked for or that none has; worst is 0 */
  ChronoInstanceMetrics worst[CHRONO_N_METRICS]; /* the instance with each maximum, the earliest activated on ties */
} ChronoEntitySummary;

/* What chrono_metrics_compute and chrono_metrics_summarize give, for the
 * metrics in the mask (1 << ChronoMetric; no jitter: that needs every
 * instance in order), in a fraction of the time and memory: a table of
 * many entities over a big trace needs the distributions only.  Sorted by
 * name (then type). */
GPtrArray *chrono_metrics_compute_summaries (ChronoTrace *trace, const ChronoMetricsOptions *options, guint32 metrics);
void chrono_entity_summary_free (ChronoEntitySummary *entity);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoEntityMetrics, chrono_entity_metrics_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoEntitySummary, chrono_entity_summary_free)

G_END_DECLS
