/* chrono-requirements.h — timing requirements a trace must meet, one a line:
 *
 *   TASK_10MS response_time <= 2ms      any metric of chrono-metrics.h, per instance
 *   TASK_10MS preemptions <= 3          a count
 *   Core_1 load <= 70% per 10ms         the core busy at most 70% of every 10 ms window
 *   chain brake: STI_Pedal -> R_Read -> R_Write    defines an event chain (chrono-chains.h)
 *   chain brake latency <= 20ms         each stimulus's reaction, within 20 ms
 *   chain brake data_age <= 30ms        each response's input, at most 30 ms old
 *
 * and `#` comments.  Each instance (or window) that exceeds its limit is a
 * violation, with the trace line that activated the instance (for a chain's
 * latency the stimulus's, for its data age the response's).  A chain is
 * defined on a line above the requirements that name it. */
#pragma once

#include "chrono-chains.h"
#include "chrono-metrics.h"

G_BEGIN_DECLS

#define CHRONO_REQUIREMENTS_ERROR (chrono_requirements_error_quark ())
GQuark chrono_requirements_error_quark (void);

typedef enum {
  CHRONO_REQUIREMENTS_ERROR_SYNTAX, /* a line that says no requirement */
  CHRONO_REQUIREMENTS_ERROR_UNSUPPORTED, /* a requirement not checked yet */
  CHRONO_REQUIREMENTS_ERROR_NO_ENTITY, /* the trace has nothing of that name */
} ChronoRequirementsErrorCode;

typedef enum {
  CHRONO_REQUIREMENT_METRIC,
  CHRONO_REQUIREMENT_LOAD,
  CHRONO_REQUIREMENT_CHAIN,
} ChronoRequirementKind;

typedef struct {
  guint line; /* in the requirements file */
  char *text; /* as written, without comment and surrounding blanks */
  ChronoRequirementKind kind;
  char *entity;
  ChronoMetric metric;
  double limit; /* seconds; a count for preemptions; percent for a load */
  double window; /* seconds, for a load */
  ChronoChainSpec *chain; /* a chain's, its definition's copy */
  ChronoChainMeasure measure; /* a chain's: latency or data age */
} ChronoRequirement;

/* The requirements of a file's text, or the first line that is wrong. */
GPtrArray *chrono_requirements_parse (const char *text, GError **error);
/* The same, and the chains the file defines (ChronoChainSpec*, in the order
 * of their definitions, one repeated as it was listed once; a requirement's
 * chain is chrono_chain_spec_equal to one of them), with or without
 * requirements on them. */
GPtrArray *chrono_requirements_parse_with_chains (const char *text, GPtrArray **out_chains, GError **error);

typedef struct {
  const ChronoRequirement *requirement;
  ChronoLane *lane; /* the instance's lane, or the core's; a chain's stimulus or response */
  guint index; /* the instance's, in its lane's table (metrics); a chain's: the sample's, in
                 * chrono_chains_compute's samples[measure] for the requirement's chain */
  gint64 number; /* the instance's number, G_MININT64 when unknown or a window */
  guint64 line; /* the trace line of the instance's activation; 0 for a window */
  gint64 time; /* the instance's activation, or the window's start; a chain sample's time */
  gint64 value; /* ticks, a count, or for a load the busy ticks of the window */
  double load; /* percent, for a load */
} ChronoViolation;

/* Every violation, requirement by requirement, each in time order; NULL and
 * an error when a requirement names what the trace does not have.  The trace
 * must be read whole. */
GArray *chrono_requirements_check (GPtrArray *requirements, ChronoTrace *trace, GError **error);

G_END_DECLS
