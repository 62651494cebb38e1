/* chrono-resource-diff.h — two runs of claims (TRACE) compared resource by
 * resource, matched by name: each resource's claims, usage (Σ amount ×
 * seconds) and utilisation (usage over capacity × the run's length, so
 * runs of different lengths compare) in either run; the resources of one
 * run only are named apart.  `diff` and the Compare page read it. */
#pragma once

#include "chrono-resource-stats.h"

G_BEGIN_DECLS

typedef enum {
  CHRONO_RESOURCE_CLAIMS,
  CHRONO_RESOURCE_USAGE,
  CHRONO_RESOURCE_UTILISATION,
  CHRONO_N_RESOURCE_FIGURES
} ChronoResourceFigure;

/* "claims", "usage", "utilisation" (diff's JSON and --fail-if), and back (FALSE: none such). */
const char *chrono_resource_figure_get_name (ChronoResourceFigure figure);
gboolean chrono_resource_figure_from_name (const char *name, ChronoResourceFigure *out);

/* A resource as the file names it, else as its lane does ("Resource 3"). */
const char *chrono_resource_name (ChronoTrace *trace, const ChronoResourceStats *resource);
double chrono_resource_figure (ChronoTrace *trace, const ChronoResourceStats *resource, ChronoResourceFigure figure);

typedef struct {
  const char *name;
  const ChronoResourceStats *a, *b;
} ChronoResourcePair;

typedef struct {
  GArray *both; /* ChronoResourcePair, by name */
  GPtrArray *only_a, *only_b; /* const char *: names, sorted */
} ChronoResourceDiff;

/* The resources (chrono_resource_stats_compute) of run a and run b, which
 * with their traces must outlive the diff. */
ChronoResourceDiff *chrono_resource_diff_new (ChronoTrace *a, GArray *resources_a, ChronoTrace *b, GArray *resources_b);
void chrono_resource_diff_free (ChronoResourceDiff *diff);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoResourceDiff, chrono_resource_diff_free)

G_END_DECLS
