/* chrono-cli-diff-paths.c — `diff` of two runs of calls (OTF2 archives):
 * every call path in both, its calls, inclusive and exclusive time in each
 * run, their difference and its ratio to the first run's; paths only one
 * run has listed. */
#include "chrono-config.h"

#include <glib/gi18n.h>

#include "chrono-cli-diff.h"
#include "chrono-cli-json.h"
#include "chrono-report.h"

static const ChronoClock *
clock_of (const ChronoDiffRun *run)
{
  return chrono_trace_get_clock (run->trace);
}

gboolean
chrono_cli_diff_paths_check (GPtrArray *gates, GError **error)
{
  for (guint i = 0; i < gates->len; i++)
    {
      const ChronoDiffGate *gate = g_ptr_array_index (gates, i);
      ChronoPathFigure figure;
      if (!chrono_path_figure_from_name (gate->measure, &figure))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _ ("“%s”: a call path has calls, inclusive_time and exclusive_time, not “%s”"), gate->text,
                       gate->measure);
          return FALSE;
        }
      if (!chrono_diff_gate_check_threshold (gate, figure == CHRONO_PATH_CALLS, error))
        return FALSE;
    }
  return TRUE;
}

/* ---- JSON ------------------------------------------------------------------ */

static GVariant *
value_variant (const ChronoDiffRun *run, const ChronoCallPath *path, ChronoPathFigure figure)
{
  ChronoStatValue v = chrono_path_figure_value (path, figure);
  if (figure == CHRONO_PATH_CALLS)
    return g_variant_new_uint64 ((guint64) v.numerator);
  return chrono_report_number_take (chrono_clock_format_seconds_exact (clock_of (run), v.numerator));
}

static GVariant *
figure_variant (const ChronoDiffRun *a, const ChronoDiffRun *b, const ChronoPathPair *pair, ChronoPathFigure figure)
{
  gboolean count = figure == CHRONO_PATH_CALLS;
  ChronoStatValue va = chrono_path_figure_value (pair->a, figure), vb = chrono_path_figure_value (pair->b, figure);
  char *delta = chrono_diff_delta_text (clock_of (a), va, clock_of (b), vb, count);
  double relative;
  gboolean has_relative = chrono_diff_relative (clock_of (a), va, clock_of (b), vb, count, &relative);
  GVariantBuilder f;
  g_variant_builder_init (&f, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&f, "{sv}", "a", value_variant (a, pair->a, figure));
  g_variant_builder_add (&f, "{sv}", "b", value_variant (b, pair->b, figure));
  g_variant_builder_add (&f, "{sv}", "delta", chrono_report_number_take (delta));
  g_variant_builder_add (&f, "{sv}", "relative",
                         has_relative ? g_variant_new_double (relative) : chrono_cli_diff_null ());
  return g_variant_builder_end (&f);
}

static GVariant *
names_variant (const ChronoCallPath *path)
{
  GVariantBuilder names;
  g_variant_builder_init (&names, G_VARIANT_TYPE ("as"));
  for (guint i = 0; i < path->names->len; i++)
    g_variant_builder_add (&names, "s", g_ptr_array_index (path->names, i));
  return g_variant_builder_end (&names);
}

static GVariant *
only_variant (GPtrArray *paths)
{
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < paths->len; i++)
    {
      GVariantBuilder e;
      g_variant_builder_init (&e, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&e, "{sv}", "path", names_variant (g_ptr_array_index (paths, i)));
      g_variant_builder_add (&list, "v", g_variant_builder_end (&e));
    }
  return g_variant_builder_end (&list);
}

char *
chrono_cli_diff_paths_json (const ChronoDiffRun *a, const ChronoDiffRun *b)
{
  g_autoptr (ChronoPathDiff) diff = chrono_path_diff_new (a->paths, b->paths);
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < diff->both->len; i++)
    {
      const ChronoPathPair *pair = &g_array_index (diff->both, ChronoPathPair, i);
      GVariantBuilder e;
      g_variant_builder_init (&e, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&e, "{sv}", "path", names_variant (pair->a));
      for (ChronoPathFigure f = 0; f < CHRONO_N_PATH_FIGURES; f++)
        g_variant_builder_add (&e, "{sv}", chrono_path_figure_get_name (f), figure_variant (a, b, pair, f));
      g_variant_builder_add (&list, "v", g_variant_builder_end (&e));
    }
  return chrono_cli_diff_document (a->trace, "paths", g_variant_builder_end (&list), only_variant (diff->only_a),
                                   only_variant (diff->only_b));
}

/* ---- the changes: the table and the conditions --------------------------------------- */

static char *
value_text (const ChronoDiffRun *run, const ChronoCallPath *path, ChronoPathFigure figure)
{
  ChronoStatValue v = chrono_path_figure_value (path, figure);
  if (figure == CHRONO_PATH_CALLS)
    return g_strdup_printf ("%" G_GINT64_FORMAT, v.numerator);
  return chrono_clock_format_duration (clock_of (run), (guint64) v.numerator, 4);
}

/* items: the joined paths, kept while the changes name them */
static GArray *
changes_of (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *items, GPtrArray *a_values, GPtrArray *b_values)
{
  g_autoptr (ChronoPathDiff) diff = chrono_path_diff_new (a->paths, b->paths);
  GArray *changes = g_array_new (FALSE, FALSE, sizeof (ChronoDiffChange));
  for (guint i = 0; i < diff->both->len; i++)
    {
      const ChronoPathPair *pair = &g_array_index (diff->both, ChronoPathPair, i);
      char *item = chrono_call_path_join (pair->a);
      g_ptr_array_add (items, item);
      for (ChronoPathFigure f = 0; f < CHRONO_N_PATH_FIGURES; f++)
        {
          gboolean count = f == CHRONO_PATH_CALLS;
          ChronoStatValue va = chrono_path_figure_value (pair->a, f), vb = chrono_path_figure_value (pair->b, f);
          ChronoDiffChange c = { item, g_strdup (chrono_path_figure_get_name (f)), count, 0.0, FALSE, 0.0 };
          chrono_diff_delta (clock_of (a), va, clock_of (b), vb, count, &c.delta);
          c.has_relative = chrono_diff_relative (clock_of (a), va, clock_of (b), vb, count, &c.relative);
          g_array_append_val (changes, c);
          if (a_values != NULL)
            {
              g_ptr_array_add (a_values, value_text (a, pair->a, f));
              g_ptr_array_add (b_values, value_text (b, pair->b, f));
            }
        }
    }
  return changes;
}

static void
append_paths (GString *out, const char *heading, GPtrArray *paths)
{
  if (paths->len == 0)
    return;
  g_string_append_printf (out, "\n%s\n", heading);
  for (guint i = 0; i < paths->len; i++)
    {
      g_autofree char *joined = chrono_call_path_join (g_ptr_array_index (paths, i));
      g_string_append_printf (out, "  %s\n", joined);
    }
}

char *
chrono_cli_diff_paths_text (const ChronoDiffRun *a, const ChronoDiffRun *b)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) a_values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) b_values = g_ptr_array_new_with_free_func (g_free);
  GArray *changes = changes_of (a, b, items, a_values, b_values);
  g_autofree char *table = chrono_cli_diff_table (changes, a_values, b_values, _ ("call path"));
  chrono_cli_diff_changes_free (changes);
  GString *out = g_string_new (table);
  g_autoptr (ChronoPathDiff) diff = chrono_path_diff_new (a->paths, b->paths);
  append_paths (out, _ ("only in A:"), diff->only_a);
  append_paths (out, _ ("only in B:"), diff->only_b);
  return g_string_free (out, FALSE);
}

guint
chrono_cli_diff_paths_gates (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *gates)
{
  if (gates->len == 0)
    return 0;
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  GArray *changes = changes_of (a, b, items, NULL, NULL);
  guint met = chrono_cli_diff_report_gates (gates, changes);
  chrono_cli_diff_changes_free (changes);
  return met;
}
