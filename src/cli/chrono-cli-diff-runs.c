/* chrono-cli-diff-runs.c — what `diff` does with two runs once they are
 * read: each run's items by what it holds (tasks, call paths, resources),
 * the document, the table and the conditions of each kind, and what the
 * kinds share.  Part of the library the CLI and libchronoscope-1 share
 * (Chrono.diff_json). */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "chrono-cli-args.h"
#include "chrono-cli-diff.h"
#include "chrono-cli-json.h"
#include "chrono-report.h"

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
