/* chrono-cli-diff-runs.c — what `diff` does with two runs once they are
 * read: each run's items by what it holds (tasks, call paths, resources),
 * and the document, the table and the conditions of its kind (one file a
 * kind, sharing chrono-cli-diff-common.c).  Part of the library the CLI
 * and libchronoscope-1 share (Chrono.diff_json). */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "chrono-cli-args.h"
#include "chrono-cli-diff.h"
#include "chrono-cli-json.h"
#include "chrono-report.h"

/* ---- a run and its kind ------------------------------------------------------ */

gboolean
chrono_cli_diff_run_init (ChronoDiffRun *run, const char *path, const char *range, GError **error)
{
  ChronoTraceFeatures features = chrono_trace_get_features (run->trace);
  gint64 begin = G_MININT64, end = G_MAXINT64;
  if (range != NULL && !chrono_cli_parse_range (range, run->trace, &begin, &end, error))
    return FALSE;
  if (features & CHRONO_TRACE_HAS_INSTANCES)
    {
      ChronoMetricsOptions options;
      chrono_metrics_options_init (&options);
      options.begin = begin;
      options.end = end;
      run->entities = chrono_metrics_compute (run->trace, &options);
      return TRUE;
    }
  if (features & CHRONO_TRACE_HAS_CALLS)
    {
      run->paths = chrono_call_paths_compute (run->trace, NULL, begin, end);
      return TRUE;
    }
  if (features & CHRONO_TRACE_HAS_CLAIMS)
    {
      if (range != NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                       _ ("%s: a resource's figures are those of the whole run: no range for a %s trace"), path,
                       chrono_trace_get_format (run->trace));
          return FALSE;
        }
      run->resources = chrono_cli_diff_resources_of (run->trace);
      return TRUE;
    }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
               _ ("%s: a %s trace has neither task instances, calls nor claims to compare"), path,
               chrono_trace_get_format (run->trace));
  return FALSE;
}

void
chrono_cli_diff_run_clear (ChronoDiffRun *run)
{
  g_clear_pointer (&run->entities, g_ptr_array_unref);
  g_clear_pointer (&run->paths, chrono_call_paths_free);
  g_clear_pointer (&run->resources, g_array_unref);
  g_clear_object (&run->trace);
}

typedef enum { KIND_TASKS, KIND_PATHS, KIND_RESOURCES } Kind;

static Kind
kind_of (const ChronoDiffRun *run)
{
  return run->entities != NULL ? KIND_TASKS : run->paths != NULL ? KIND_PATHS : KIND_RESOURCES;
}

gboolean
chrono_cli_diff_same_kind (const ChronoDiffRun *a, const ChronoDiffRun *b, const char *path_b, GError **error)
{
  if (kind_of (a) == kind_of (b))
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _ ("%s: a %s trace cannot be compared with a %s trace"),
               path_b, chrono_trace_get_format (b->trace), chrono_trace_get_format (a->trace));
  return FALSE;
}

/* What each kind of run is compared by. */
static const struct {
  gboolean (*check) (GPtrArray *gates, GError **error);
  char *(*json) (const ChronoDiffRun *a, const ChronoDiffRun *b);
  char *(*text) (const ChronoDiffRun *a, const ChronoDiffRun *b);
  guint (*gates) (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *gates);
} kinds[] = {
  [KIND_TASKS] = { chrono_cli_diff_tasks_check, chrono_cli_diff_tasks_json, chrono_cli_diff_tasks_text,
                   chrono_cli_diff_tasks_gates },
  [KIND_PATHS] = { chrono_cli_diff_paths_check, chrono_cli_diff_paths_json, chrono_cli_diff_paths_text,
                   chrono_cli_diff_paths_gates },
  [KIND_RESOURCES] = { chrono_cli_diff_resources_check, chrono_cli_diff_resources_json, chrono_cli_diff_resources_text,
                       chrono_cli_diff_resources_gates },
};

gboolean
chrono_cli_diff_check (const ChronoDiffRun *a, GPtrArray *gates, GError **error)
{
  return kinds[kind_of (a)].check (gates, error);
}

char *
chrono_cli_diff_json (const ChronoDiffRun *a, const ChronoDiffRun *b)
{
  return kinds[kind_of (a)].json (a, b);
}

char *
chrono_cli_diff_text (const ChronoDiffRun *a, const ChronoDiffRun *b)
{
  return kinds[kind_of (a)].text (a, b);
}

guint
chrono_cli_diff_gates (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *gates)
{
  return kinds[kind_of (a)].gates (a, b, gates);
}
