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

/* ---- shared by tasks and paths ------------------------------------------------ */

char *
chrono_cli_diff_document (ChronoTrace *a, const char *items_key, GVariant *items, GVariant *only_a, GVariant *only_b)
{
  GVariantBuilder root;
  g_variant_builder_init (&root, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&root, "{sv}", "format", g_variant_new_string (chrono_trace_get_format (a)));
  g_variant_builder_add (&root, "{sv}", items_key, items);
  g_variant_builder_add (&root, "{sv}", "only_a", only_a);
  g_variant_builder_add (&root, "{sv}", "only_b", only_b);
  g_autoptr (GVariant) document = g_variant_ref_sink (g_variant_builder_end (&root));
  return chrono_cli_variant_json (document, CHRONO_CLI_JSON_LINES);
}

GVariant *
chrono_cli_diff_null (void)
{
  return g_variant_new_maybe (CHRONO_REPORT_NUMBER_TYPE, NULL);
}

char *
chrono_cli_diff_delta_text (const ChronoDiffChange *c)
{
  g_autofree char *delta = NULL;
  if (c->counted)
    delta = g_strdup_printf ("%+.4g", c->delta);
  else
    {
      g_autofree char *length = chrono_format_duration (fabs (c->delta), 4);
      delta = g_strdup_printf ("%s%s", c->delta < 0 ? "−" : "+", length);
    }
  return g_steal_pointer (&delta);
}

static char *
relative_text (const ChronoDiffChange *c)
{
  return c->has_relative ? g_strdup_printf ("%+.1f %%", 100.0 * c->relative) : g_strdup ("");
}

guint
chrono_cli_diff_report_gate (const ChronoDiffGate *gate, GArray *changes)
{
  guint met = 0;
  for (guint i = 0; i < changes->len; i++)
    {
      const ChronoDiffChange *c = &g_array_index (changes, ChronoDiffChange, i);
      if (!chrono_diff_gate_applies (gate, c->item) || g_strcmp0 (c->measure, gate->measure) != 0
          || !chrono_diff_gate_met (gate, c->delta, c->has_relative, c->relative))
        continue;
      g_autofree char *delta = chrono_cli_diff_delta_text (c);
      g_autofree char *relative = relative_text (c);
      g_printerr (_ ("%s: %s changed by %s %s, which meets “%s”\n"), c->item, c->measure, delta, relative, gate->text);
      met++;
    }
  return met;
}

guint
chrono_cli_diff_report_gates (GPtrArray *gates, GArray *changes)
{
  guint met = 0;
  for (guint g = 0; g < gates->len; g++)
    met += chrono_cli_diff_report_gate (g_ptr_array_index (gates, g), changes);
  return met;
}

typedef struct {
  const ChronoDiffChange *change;
  const char *a, *b;
} Row;

static int
largest_first (gconstpointer x, gconstpointer y)
{
  const ChronoDiffChange *a = ((const Row *) x)->change, *b = ((const Row *) y)->change;
  double ra = a->has_relative ? fabs (a->relative) : -1.0, rb = b->has_relative ? fabs (b->relative) : -1.0;
  return ra < rb ? 1 : ra > rb ? -1 : 0;
}

/* A column padded by characters, not bytes ("µs" is two bytes). */
static void
append_column (GString *out, const char *text, glong width, gboolean right)
{
  glong pad = MAX (width - g_utf8_strlen (text, -1), 0);
  for (glong n = 0; right && n < pad; n++)
    g_string_append_c (out, ' ');
  g_string_append (out, text);
  for (glong n = 0; !right && n < pad; n++)
    g_string_append_c (out, ' ');
  g_string_append_c (out, ' ');
}

char *
chrono_cli_diff_table (GArray *changes, GPtrArray *a_values, GPtrArray *b_values, const char *item_heading)
{
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (Row));
  for (guint i = 0; i < changes->len; i++)
    {
      const ChronoDiffChange *c = &g_array_index (changes, ChronoDiffChange, i);
      Row row = { c, g_ptr_array_index (a_values, i), g_ptr_array_index (b_values, i) };
      if (c->delta != 0.0)
        g_array_append_val (rows, row);
    }
  g_array_sort (rows, largest_first);
  GString *out = g_string_new (NULL);
  const char *headings[] = { item_heading, _ ("measure"), "A", "B", _ ("change"), "" };
  const glong widths[] = { 28, 26, 12, 12, 13, 9 };
  for (guint k = 0; k < G_N_ELEMENTS (headings); k++)
    append_column (out, headings[k], widths[k], k >= 2);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = &g_array_index (rows, Row, i);
      g_autofree char *delta = chrono_cli_diff_delta_text (row->change);
      g_autofree char *relative = relative_text (row->change);
      const char *cells[] = { row->change->item, row->change->measure, row->a, row->b, delta, relative };
      for (guint k = 0; k < G_N_ELEMENTS (cells); k++)
        append_column (out, cells[k], widths[k], k >= 2);
      g_string_append_c (out, '\n');
    }
  if (rows->len == 0)
    g_string_append (out, _ ("no change in what both runs have\n"));
  return g_string_free (out, FALSE);
}

void
chrono_cli_diff_changes_free (GArray *changes)
{
  for (guint i = 0; i < changes->len; i++)
    g_free (g_array_index (changes, ChronoDiffChange, i).measure);
  g_array_unref (changes);
}

/* ---- the command -------------------------------------------------------------- */

/* One run read: its tasks' metrics, or its call paths. */
static gboolean
read_one (ChronoDiffRun *run, const char *path, const char *range, GError **error)
{
  run->trace = chrono_cli_load_with (path, "never");
  if (run->trace == NULL)
    return FALSE;
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

static void
run_clear (ChronoDiffRun *run)
{
  g_clear_pointer (&run->entities, g_ptr_array_unref);
  g_clear_pointer (&run->paths, chrono_call_paths_free);
  g_clear_pointer (&run->resources, g_array_unref);
  g_clear_object (&run->trace);
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
    run_clear (&runs[i]);
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

typedef enum { KIND_TASKS, KIND_PATHS, KIND_RESOURCES } Kind;

static Kind
kind_of (const ChronoDiffRun *run)
{
  return run->entities != NULL ? KIND_TASKS : run->paths != NULL ? KIND_PATHS : KIND_RESOURCES;
}

static gboolean
same_kind (const ChronoDiffRun *a, const ChronoDiffRun *b, const char *path_b, GError **error)
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

/* The comparison printed; 1 when a condition is met, 0 when none is. */
static int
compare (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *gates, GError **error)
{
  Kind kind = kind_of (a);
  if (!kinds[kind].check (gates, error))
    return CHRONO_CLI_EXIT_FAILED;
  g_autofree char *text = given.json ? kinds[kind].json (a, b) : kinds[kind].text (a, b);
  fputs (text, stdout);
  return kinds[kind].gates (a, b, gates) > 0 ? CHRONO_CLI_EXIT_WARNINGS : CHRONO_CLI_EXIT_OK;
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
      && read_side (&b, paths_b, n_b, given.range_b, &error) && same_kind (&a, &b, paths_b[0], &error))
    status = compare (&a, &b, gates, &error);
  if (error != NULL)
    g_printerr ("chronoscope-cli diff: %s\n", error->message);
  run_clear (&a);
  run_clear (&b);
  return status;
}
