/* chrono-cli-diff.c — `chronoscope-cli diff A B`: two runs of a system
 * compared (what got slower, by how much, and where), as JSON or as a
 * table of the largest changes first; --fail-if turns a change into a
 * failing exit status, so a timing regression fails a CI job.  A trace of
 * tasks compares their timing metrics, an archive of calls its call paths. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "chrono-cli-args.h"
#include "chrono-cli-commands.h"
#include "chrono-cli-diff.h"
#include "chrono-cli-json.h"
#include "chrono-report.h"

static struct {
  gboolean json;
  char **fail_if;
  char *range_a, *range_b;
} given;

const GOptionEntry chrono_cli_diff_options[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &given.json, N_ ("Print JSON"), NULL },
  { "fail-if", 0, 0, G_OPTION_ARG_STRING_ARRAY, &given.fail_if,
    N_ ("Exit with 1 when a change meets this condition: '[ITEM] MEASURE > 10%' or '… > 2ms' (repeatable)"),
    N_ ("EXPR") },
  { "range-a", 0, 0, G_OPTION_ARG_STRING, &given.range_a,
    N_ ("Only this range of A (tasks: the instances activated in it)"), N_ ("BEGIN..END") },
  { "range-b", 0, 0, G_OPTION_ARG_STRING, &given.range_b, N_ ("Only this range of B"), N_ ("BEGIN..END") },
  { NULL },
};

/* ---- the command -------------------------------------------------------------- */

/* One run read: its tasks' metrics, or its call paths. */
static gboolean
read_one (ChronoDiffRun *run, const char *path, const char *range, GError **error)
{
  run->trace = chrono_cli_load_with (path, "never");
  return run->trace != NULL && chrono_cli_diff_run_init (run, path, range, error);
}

/* Several runs of one side as one: their tasks' instances pooled (runs of
 * tasks on one clock rate only); the first run's trace names the side. */
static gboolean
pool (ChronoDiffRun *side, ChronoDiffRun *runs, guint n, char **paths, GError **error)
{
  g_autoptr (GPtrArray) entities = g_ptr_array_new ();
  for (guint i = 0; i < n; i++)
    {
      const ChronoClock *clock = chrono_trace_get_clock (runs[i].trace);
      if (runs[i].entities == NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                       _ ("%s: runs are pooled by their task instances, which a %s trace has not"), paths[i],
                       chrono_trace_get_format (runs[i].trace));
          return FALSE;
        }
      if (clock->ticks_per_second != chrono_trace_get_clock (runs[0].trace)->ticks_per_second)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                       _ ("%s: its clock counts another number of ticks a second than %s's: pooled runs share "
                          "one clock rate"),
                       paths[i], paths[0]);
          return FALSE;
        }
      g_ptr_array_add (entities, runs[i].entities);
    }
  side->trace = g_object_ref (runs[0].trace);
  side->entities = chrono_diff_pool ((GPtrArray *const *) entities->pdata, n);
  return TRUE;
}

/* One side of the comparison: a run, or several pooled. */
static gboolean
read_side (ChronoDiffRun *side, char **paths, guint n, const char *range, GError **error)
{
  if (n == 1)
    return read_one (side, paths[0], range, error);
  ChronoDiffRun *runs = g_new0 (ChronoDiffRun, n);
  gboolean ok = TRUE;
  for (guint i = 0; ok && i < n; i++)
    ok = read_one (&runs[i], paths[i], range, error);
  ok = ok && pool (side, runs, n, paths, error);
  for (guint i = 0; i < n; i++)
    chrono_cli_diff_run_clear (&runs[i]);
  g_free (runs);
  return ok;
}

/* The "--" between the groups, hidden from the option parser, which would
 * take it away (and read no option after it). */
#define GROUPS_APART "\x1f--"

static void
hide_separator (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    if (g_strcmp0 (argv[i], "--") == 0)
      argv[i] = (char *) GROUPS_APART;
}

/* A B, or A1 A2 … -- B1 B2 …: how many runs are A's (the others are B's). */
static gboolean
split_sides (int argc, char **argv, guint *n_a)
{
  for (int i = 1; i < argc; i++)
    if (g_strcmp0 (argv[i], GROUPS_APART) == 0)
      {
        *n_a = (guint) (i - 1);
        return *n_a > 0 && i + 1 < argc;
      }
  *n_a = 1;
  return argc == 3;
}

static GPtrArray *
parse_gates (GError **error)
{
  GPtrArray *gates = g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_diff_gate_free);
  for (guint i = 0; given.fail_if != NULL && given.fail_if[i] != NULL; i++)
    {
      ChronoDiffGate *gate = chrono_diff_gate_parse (given.fail_if[i], error);
      if (gate == NULL)
        {
          g_ptr_array_unref (gates);
          return NULL;
        }
      g_ptr_array_add (gates, gate);
    }
  return gates;
}

/* The comparison printed; 1 when a condition is met, 0 when none is. */
static int
compare (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *gates, GError **error)
{
  if (!chrono_cli_diff_check (a, gates, error))
    return CHRONO_CLI_EXIT_FAILED;
  g_autofree char *text = given.json ? chrono_cli_diff_json (a, b) : chrono_cli_diff_text (a, b);
  fputs (text, stdout);
  return chrono_cli_diff_gates (a, b, gates) > 0 ? CHRONO_CLI_EXIT_WARNINGS : CHRONO_CLI_EXIT_OK;
}

int
chrono_cli_diff (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  guint n_a = 0;
  hide_separator (argc, argv);
  if (!chrono_cli_parse_options (
          command,
          _ ("A B, or A1 A2 … -- B1 B2 … — what got slower from run A to run B, by how much, and "
             "where"),
          &argc, &argv, &error)
      || !split_sides (argc, argv, &n_a))
    {
      g_printerr ("chronoscope-cli diff: %s\n",
                  error ? error->message : _ ("give two runs, A and B, or two groups of runs parted by --"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  char **paths_b = argv + 1 + n_a + (g_strcmp0 (argv[1 + n_a], GROUPS_APART) == 0);
  guint n_b = (guint) (argc - (paths_b - argv));
  g_autoptr (GPtrArray) gates = parse_gates (&error);
  ChronoDiffRun a = { 0 }, b = { 0 };
  int status = CHRONO_CLI_EXIT_FAILED;
  if (gates != NULL && read_side (&a, argv + 1, n_a, given.range_a, &error)
      && read_side (&b, paths_b, n_b, given.range_b, &error) && chrono_cli_diff_same_kind (&a, &b, paths_b[0], &error))
    status = compare (&a, &b, gates, &error);
  if (error != NULL)
    g_printerr ("chronoscope-cli diff: %s\n", error->message);
  chrono_cli_diff_run_clear (&a);
  chrono_cli_diff_run_clear (&b);
  return status;
}
