/* chrono-cli-diff-resources.c — `diff` of two runs of claims (TRACE): each
 * resource in both, matched by name, with its claims, its usage (Σ amount ×
 * seconds) and its utilisation (usage over capacity × the run's length, so
 * runs of different lengths compare) in each run, their difference and its
 * ratio to the first run's; resources only one run has listed. */
#include "chrono-config.h"

#include <glib/gi18n.h>

#include "chrono-cli-diff.h"
#include "chrono-report.h"
#include "chrono-resource-diff.h"

GArray *
chrono_cli_diff_resources_of (ChronoTrace *trace)
{
  return chrono_resource_stats_compute (trace);
}

gboolean
chrono_cli_diff_resources_check (GPtrArray *gates, GError **error)
{
  for (guint i = 0; i < gates->len; i++)
    {
      const ChronoDiffGate *gate = g_ptr_array_index (gates, i);
      ChronoResourceFigure f;
      if (!chrono_resource_figure_from_name (gate->measure, &f))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _ ("“%s”: a resource has claims, usage and utilisation, not “%s”"), gate->text, gate->measure);
          return FALSE;
        }
      if (!chrono_diff_gate_check_threshold (gate, TRUE, error))
        return FALSE;
    }
  return TRUE;
}

/* ---- the changes: JSON, the table and the conditions ----------------------------- */

static ChronoDiffChange
change_of (const ChronoDiffRun *a, const ChronoDiffRun *b, const ChronoResourcePair *pair, ChronoResourceFigure figure,
           double *va, double *vb)
{
  *va = chrono_resource_figure (a->trace, pair->a, figure);
  *vb = chrono_resource_figure (b->trace, pair->b, figure);
  ChronoDiffChange c = { .item = pair->name,
                         .measure = g_strdup (chrono_resource_figure_get_name (figure)),
                         .counted = TRUE,
                         .delta = *vb - *va,
                         .has_relative = *va != 0.0,
                         .relative = *va != 0.0 ? (*vb - *va) / *va : 0.0 };
  return c;
}

static ChronoResourceDiff *
diff_of (const ChronoDiffRun *a, const ChronoDiffRun *b)
{
  return chrono_resource_diff_new (a->trace, a->resources, b->trace, b->resources);
}

static GVariant *
number_variant (ChronoResourceFigure figure, double value)
{
  if (figure == CHRONO_RESOURCE_CLAIMS)
    return g_variant_new_uint64 ((guint64) value);
  return chrono_report_number_take (chrono_format_double_shortest (value));
}

static GVariant *
names_variant (GPtrArray *names)
{
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < names->len; i++)
    {
      GVariantBuilder e;
      g_variant_builder_init (&e, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&e, "{sv}", "name", chrono_report_text (names->pdata[i]));
      g_variant_builder_add (&list, "v", g_variant_builder_end (&e));
    }
  return g_variant_builder_end (&list);
}

char *
chrono_cli_diff_resources_json (const ChronoDiffRun *a, const ChronoDiffRun *b)
{
  g_autoptr (ChronoResourceDiff) diff = diff_of (a, b);
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint k = 0; k < diff->both->len; k++)
    {
      const ChronoResourcePair *pair = &g_array_index (diff->both, ChronoResourcePair, k);
      GVariantBuilder e;
      g_variant_builder_init (&e, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&e, "{sv}", "name", chrono_report_text (pair->name));
      for (ChronoResourceFigure f = 0; f < CHRONO_N_RESOURCE_FIGURES; f++)
        {
          double va, vb;
          ChronoDiffChange c = change_of (a, b, pair, f, &va, &vb);
          GVariantBuilder m;
          g_variant_builder_init (&m, G_VARIANT_TYPE_VARDICT);
          g_variant_builder_add (&m, "{sv}", "a", number_variant (f, va));
          g_variant_builder_add (&m, "{sv}", "b", number_variant (f, vb));
          g_variant_builder_add (&m, "{sv}", "delta",
                                 f == CHRONO_RESOURCE_CLAIMS ? g_variant_new_int64 ((gint64) vb - (gint64) va)
                                                             : number_variant (f, c.delta));
          g_variant_builder_add (&m, "{sv}", "relative",
                                 c.has_relative ? g_variant_new_double (c.relative) : chrono_cli_diff_null ());
          g_variant_builder_add (&e, "{sv}", chrono_resource_figure_get_name (f), g_variant_builder_end (&m));
          g_free (c.measure);
        }
      g_variant_builder_add (&list, "v", g_variant_builder_end (&e));
    }
  return chrono_cli_diff_document (a->trace, "resources", g_variant_builder_end (&list), names_variant (diff->only_a),
                                   names_variant (diff->only_b));
}

static GArray *
changes_of (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *a_values, GPtrArray *b_values)
{
  g_autoptr (ChronoResourceDiff) diff = diff_of (a, b);
  GArray *changes = g_array_new (FALSE, FALSE, sizeof (ChronoDiffChange));
  for (guint k = 0; k < diff->both->len; k++)
    for (ChronoResourceFigure f = 0; f < CHRONO_N_RESOURCE_FIGURES; f++)
      {
        double va, vb;
        ChronoDiffChange c = change_of (a, b, &g_array_index (diff->both, ChronoResourcePair, k), f, &va, &vb);
        g_array_append_val (changes, c);
        if (a_values != NULL)
          {
            g_ptr_array_add (a_values, g_strdup_printf ("%.4g", va));
            g_ptr_array_add (b_values, g_strdup_printf ("%.4g", vb));
          }
      }
  return changes;
}

char *
chrono_cli_diff_resources_text (const ChronoDiffRun *a, const ChronoDiffRun *b)
{
  g_autoptr (GPtrArray) a_values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) b_values = g_ptr_array_new_with_free_func (g_free);
  GArray *changes = changes_of (a, b, a_values, b_values);
  g_autofree char *table = chrono_cli_diff_table (changes, a_values, b_values, _ ("resource"));
  chrono_cli_diff_changes_free (changes);
  GString *out = g_string_new (table);
  g_autoptr (ChronoResourceDiff) diff = diff_of (a, b);
  GPtrArray *only[] = { diff->only_a, diff->only_b };
  const char *headings[] = { _ ("only in A:"), _ ("only in B:") };
  for (guint s = 0; s < 2; s++)
    {
      if (only[s]->len > 0)
        g_string_append_printf (out, "\n%s\n", headings[s]);
      for (guint i = 0; i < only[s]->len; i++)
        g_string_append_printf (out, "  %s\n", (const char *) only[s]->pdata[i]);
    }
  return g_string_free (out, FALSE);
}

guint
chrono_cli_diff_resources_gates (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *gates)
{
  if (gates->len == 0)
    return 0;
  GArray *changes = changes_of (a, b, NULL, NULL);
  guint met = chrono_cli_diff_report_gates (gates, changes);
  chrono_cli_diff_changes_free (changes);
  return met;
}
