/* chrono-diff.h — two runs of a system compared: the timing metrics of
 * each entity (task, ISR, runnable) matched by name and type, every
 * statistic of each metric's distribution in both runs, their difference
 * and its ratio to the first run's.  Runs of different lengths compare by
 * their instances' distributions, never by totals.
 *
 * A statistic is held exactly: ticks (or a count) over a denominator (the
 * instance count, for a mean), on its run's clock; the difference is exact
 * when both runs have one clock rate. */
#pragma once

#include "chrono-call-paths.h"
#include "chrono-metrics.h"

G_BEGIN_DECLS

typedef enum {
  CHRONO_STAT_COUNT,
  CHRONO_STAT_MIN,
  CHRONO_STAT_MAX,
  CHRONO_STAT_MEAN,
  CHRONO_STAT_P50,
  CHRONO_STAT_P95,
  CHRONO_STAT_P99,
  CHRONO_N_STATS
} ChronoStat;

const char *chrono_stat_get_name (ChronoStat stat); /* "count", "min", … */
gboolean chrono_stat_from_name (const char *name, ChronoStat *out);

/* A statistic of one run: numerator / denominator ticks (or instances, for
 * the count and counted metrics); known FALSE where the run has no instance
 * with the metric (count is then known, and 0). */
typedef struct {
  gboolean known;
  gint64 numerator;
  guint64 denominator;
} ChronoStatValue;

/* One entity in both runs. */
typedef struct {
  const char *name, *type; /* the first run's */
  ChronoLaneKind kind;
  const ChronoEntityMetrics *a, *b; /* borrowed from the runs' metrics */
} ChronoDiffEntity;

typedef struct {
  GArray *both; /* ChronoDiffEntity, sorted by (name, type) */
  GPtrArray *only_a, *only_b; /* const ChronoEntityMetrics *, sorted by (name, type) */
} ChronoDiff;

/* Several runs of one system as one: per entity (name and type) the
 * instances of every run together, so that the noise of one run does not
 * read as a change (the runs' clocks must have one rate: the values are
 * ticks).  runs: n arrays of ChronoEntityMetrics (chrono_metrics_compute);
 * the result holds new entities, sorted by name and type, borrowing
 * nothing but the lanes, which it references. */
GPtrArray *chrono_diff_pool (GPtrArray *const *runs, guint n);

/* Pairs the entities of two runs' metrics (chrono_metrics_compute), which
 * must outlive the diff. */
ChronoDiff *chrono_diff_new (GPtrArray *a, GPtrArray *b);
void chrono_diff_free (ChronoDiff *diff);

ChronoStatValue chrono_diff_stat (const ChronoEntityMetrics *entity, ChronoMetric metric, ChronoStat stat);

/* The call paths of two runs (chrono_call_paths_compute, each sorted)
 * paired by path. */
typedef struct {
  const ChronoCallPath *a, *b;
} ChronoPathPair;

typedef struct {
  GArray *both; /* ChronoPathPair, in path order */
  GPtrArray *only_a, *only_b; /* const ChronoCallPath * */
} ChronoPathDiff;

ChronoPathDiff *chrono_path_diff_new (GArray *a, GArray *b);

/* Pointers to the elements of items, in its order, to merge them. */
GPtrArray *chrono_diff_pointers (GArray *items);
/* Two lists sorted by compare merged: each item in both as a pair (a, b)
 * appended to pairs, the others to only_a and only_b. */
void chrono_diff_merge (gpointer const *a, guint na, gpointer const *b, guint nb, GCompareFunc compare,
                        GPtrArray *pairs, GPtrArray *only_a, GPtrArray *only_b);
void chrono_path_diff_free (ChronoPathDiff *diff);

/* A call path's figure as a statistic: calls, or inclusive or exclusive ticks. */
typedef enum {
  CHRONO_PATH_CALLS,
  CHRONO_PATH_INCLUSIVE,
  CHRONO_PATH_EXCLUSIVE,
  CHRONO_N_PATH_FIGURES
} ChronoPathFigure;
const char *chrono_path_figure_get_name (ChronoPathFigure figure); /* "calls", "inclusive_time", … */
gboolean chrono_path_figure_from_name (const char *name, ChronoPathFigure *out);
ChronoStatValue chrono_path_figure_value (const ChronoCallPath *path, ChronoPathFigure figure);

/* b − a in seconds (clocks: each run's) as an exact decimal where there is
 * one, else the nearest double (a text); NULL when either is unknown. */
char *chrono_diff_delta_text (const ChronoClock *clock_a, ChronoStatValue a, const ChronoClock *clock_b,
                              ChronoStatValue b, gboolean count);
/* (b − a) / a, FALSE when either is unknown or a is 0. */
gboolean chrono_diff_relative (const ChronoClock *clock_a, ChronoStatValue a, const ChronoClock *clock_b,
                               ChronoStatValue b, gboolean count, double *out);
/* b − a in seconds (or in counts), FALSE when either is unknown. */
gboolean chrono_diff_delta (const ChronoClock *clock_a, ChronoStatValue a, const ChronoClock *clock_b,
                            ChronoStatValue b, gboolean count, double *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoDiff, chrono_diff_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoPathDiff, chrono_path_diff_free)

G_END_DECLS
