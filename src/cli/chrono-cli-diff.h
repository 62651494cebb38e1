/* chrono-cli-diff.h — what the parts of `chronoscope-cli diff` share: a
 * run read, a change as the table and the conditions see it.  The tasks of
 * timing traces (chrono-cli-diff-tasks.c) and the call paths of OTF2
 * archives (chrono-cli-diff-paths.c) are compared apart. */
#pragma once

#include "chrono-diff-gate.h"
#include "chrono-diff.h"

G_BEGIN_DECLS

typedef struct {
  ChronoTrace *trace;
  GPtrArray *entities; /* ChronoEntityMetrics: a trace with task instances */
  GArray *paths; /* ChronoCallPath: a trace of calls */
  GArray *resources; /* ChronoResourceStats: a trace of claims */
} ChronoDiffRun;

/* One change: the table and the conditions read it. */
typedef struct {
  const char *item; /* an entity's name, a path's joined names */
  char *measure; /* "response_time.p99", "inclusive_time" */
  gboolean counted;
  double delta; /* seconds, or counts */
  gboolean has_relative;
  double relative;
} ChronoDiffChange;

/* A run read (trace set, its path for messages): its items by what it
 * holds, over range (NULL: all); FALSE with an error when it holds none. */
gboolean chrono_cli_diff_run_init (ChronoDiffRun *run, const char *path, const char *range, GError **error);
void chrono_cli_diff_run_clear (ChronoDiffRun *run);
/* Whether b is of a's kind (else an error naming path_b); the conditions
 * checked against a's kind; its document, its table, the conditions met. */
gboolean chrono_cli_diff_same_kind (const ChronoDiffRun *a, const ChronoDiffRun *b, const char *path_b, GError **error);
gboolean chrono_cli_diff_check (const ChronoDiffRun *a, GPtrArray *gates, GError **error);
char *chrono_cli_diff_json (const ChronoDiffRun *a, const ChronoDiffRun *b);
char *chrono_cli_diff_text (const ChronoDiffRun *a, const ChronoDiffRun *b);
guint chrono_cli_diff_gates (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *gates);

/* "+1.5 ms", "−3", with the relative change when known. */
char *chrono_cli_diff_delta_text (const ChronoDiffChange *change);
/* The changes meeting gate, said on stderr; how many. */
guint chrono_cli_diff_report_gate (const ChronoDiffGate *gate, GArray *changes);
/* The same for every gate (ChronoDiffGate *); how many changes met one. */
guint chrono_cli_diff_report_gates (GPtrArray *gates, GArray *changes);
/* The table: the changes (ChronoDiffChange) largest relative change first,
 * with each run's value as text (a_values, b_values: char * per change). */
char *chrono_cli_diff_table (GArray *changes, GPtrArray *a_values, GPtrArray *b_values, const char *item_heading);
void chrono_cli_diff_changes_free (GArray *changes);
GVariant *chrono_cli_diff_null (void);
/* {"format", items_key: items, "only_a", "only_b"} as JSON (the variants floating, taken). */
char *chrono_cli_diff_document (ChronoTrace *a, const char *items_key, GVariant *items, GVariant *only_a,
                                GVariant *only_b);

/* Tasks, ISRs and runnables: their timing metrics. */
gboolean chrono_cli_diff_tasks_check (GPtrArray *gates, GError **error);
char *chrono_cli_diff_tasks_json (const ChronoDiffRun *a, const ChronoDiffRun *b);
char *chrono_cli_diff_tasks_text (const ChronoDiffRun *a, const ChronoDiffRun *b);
guint chrono_cli_diff_tasks_gates (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *gates);

/* Call paths: calls, inclusive and exclusive time. */
gboolean chrono_cli_diff_paths_check (GPtrArray *gates, GError **error);
char *chrono_cli_diff_paths_json (const ChronoDiffRun *a, const ChronoDiffRun *b);
char *chrono_cli_diff_paths_text (const ChronoDiffRun *a, const ChronoDiffRun *b);
guint chrono_cli_diff_paths_gates (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *gates);

/* Resources of claims: their claims, usage and utilisation. */
GArray *chrono_cli_diff_resources_of (ChronoTrace *trace);
gboolean chrono_cli_diff_resources_check (GPtrArray *gates, GError **error);
char *chrono_cli_diff_resources_json (const ChronoDiffRun *a, const ChronoDiffRun *b);
char *chrono_cli_diff_resources_text (const ChronoDiffRun *a, const ChronoDiffRun *b);
guint chrono_cli_diff_resources_gates (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *gates);

G_END_DECLS
