/* chrono-chains.h — event chains and their end-to-end timing, as in the
 * cause-effect chain literature (Becker et al. 2016, Günzel et al. 2021).
 *
 * A chain E0 → E1 → … → En names entities of one trace: E0 a stimulus (its
 * instants are its trigger marks) or a task, ISR or runnable; E1 … En tasks,
 * ISRs or runnables.  Every element is a sequence of instances [start, end]:
 * a trigger at t is [t, t]; a task or ISR instance runs from its first start
 * since its latest activation (when it reads its input) to its termination
 * (when its output is written); a runnable call from its start to its end.
 * Data flows from an instance of Ei to one of Ei+1 that starts at or after
 * the Ei instance's end.
 *
 * latency (reaction, first-to-first, forward): for each instance x0 of E0,
 *   x1 = the first instance of E1 that starts at or after x0's end, x2 =
 *   the first of E2 that starts at or after x1's end, …; latency = end of xn
 *   − start of x0.  "First" is the least (start, end).
 * data_age (last-to-first, backward): for each instance yn of En, y(n-1) =
 *   the last instance of E(n-1) that ended at or before yn's start, … down
 *   to y0 of E0 that ended at or before y1's start; data age = end of yn −
 *   start of y0.  "Last" is the greatest (end, start).
 *
 * A walk that runs out of instances, or reaches an instance the trace does
 * not know the start or end of (alive at its end, or already at its
 * beginning), is incomplete: it is counted apart, not measured. */
#pragma once

#include "chrono-metrics.h"
#include "chrono-trace.h"

G_BEGIN_DECLS

#define CHRONO_CHAINS_ERROR (chrono_chains_error_quark ())
GQuark chrono_chains_error_quark (void);

typedef enum {
  CHRONO_CHAINS_ERROR_SYNTAX, /* not NAME: A -> B [-> …] */
  CHRONO_CHAINS_ERROR_NO_ENTITY, /* the trace has no element of that name */
} ChronoChainsErrorCode;

typedef enum { CHRONO_CHAIN_LATENCY, CHRONO_CHAIN_DATA_AGE, CHRONO_N_CHAIN_MEASURES } ChronoChainMeasure;

const char *chrono_chain_measure_get_name (ChronoChainMeasure measure); /* "latency", "data_age" */
gboolean chrono_chain_measure_from_name (const char *name, ChronoChainMeasure *out);

typedef struct {
  char *name;
  GStrv elements; /* E0 … En, at least two */
} ChronoChainSpec;

/* "brake: STI_Pedal -> R_ReadPedal -> R_Control": names may hold blanks,
 * the name none of ':'. */
ChronoChainSpec *chrono_chain_spec_parse (const char *text, GError **error);
ChronoChainSpec *chrono_chain_spec_copy (const ChronoChainSpec *spec);
/* The same name and the same elements. */
gboolean chrono_chain_spec_equal (const ChronoChainSpec *a, const ChronoChainSpec *b);
void chrono_chain_spec_free (ChronoChainSpec *spec);

/* One instance on a sample's path: E0's first, the response's last. */
typedef struct {
  ChronoLane *lane; /* borrowed from the trace */
  gint64 start, end; /* as the chain reads it (a task from its start); a trigger's are its instant */
  guint index; /* the instance's in its lane's instance table, or for a trigger the mark's in its marks */
  gboolean trigger; /* a stimulus's trigger mark, not an instance */
  guint64 line; /* the trace line of the instance, 0 when unknown */
} ChronoChainHop;

typedef struct {
  gint64 time; /* latency: the start of its E0 instance (the stimulus); data age: the start of its response */
  gint64 value; /* ticks */
  ChronoLane *lane; /* where that instance is, borrowed from the trace */
  guint64 line; /* the trace line of that instance, 0 when unknown */
  gint64 number; /* its producer's instance number, G_MININT64 when unknown or a trigger */
  guint first_hop; /* its path: hops[measure][first_hop …], one per element, E0 first */
} ChronoChainSample;

typedef struct {
  ChronoChainSpec *spec;
  GArray *samples[CHRONO_N_CHAIN_MEASURES]; /* ChronoChainSample, in (time, line) order */
  guint incomplete[CHRONO_N_CHAIN_MEASURES]; /* walks that did not complete */
  GArray *hops[CHRONO_N_CHAIN_MEASURES]; /* ChronoChainHop: the samples' paths, n_elements each */
  guint n_elements;
} ChronoChainResult;

/* The latencies and data ages of a chain; NULL and an error when an element
 * names nothing the trace has.  The trace must be read whole. */
ChronoChainResult *chrono_chains_compute (ChronoTrace *trace, const ChronoChainSpec *spec, GError **error);
void chrono_chain_result_free (ChronoChainResult *result);

/* The path of a sample (an index into samples[measure]): n_elements hops,
 * from the instance of E0 to the one of En. */
const ChronoChainHop *chrono_chain_result_get_path (const ChronoChainResult *result, ChronoChainMeasure measure,
                                                    guint sample);

/* n equal bins from the samples' min to their max (the max in the last);
 * counts has n entries.  FALSE when there is no sample. */
/* min, max, mean and percentiles of one measure's values (FALSE: none). */
gboolean chrono_chain_result_summarize (const ChronoChainResult *result, ChronoChainMeasure measure,
                                        ChronoMetricSummary *out);
gboolean chrono_chain_result_histogram (const ChronoChainResult *result, ChronoChainMeasure measure, guint n,
                                        guint *counts);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoChainSpec, chrono_chain_spec_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoChainResult, chrono_chain_result_free)

G_END_DECLS
