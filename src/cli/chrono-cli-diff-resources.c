/* chrono-cli-diff-resources.c — `diff` of two runs of claims (TRACE): each
 * resource in both, matched by name, with its claims, its usage (Σ amount ×
 * seconds) and its utilisation (usage over capacity × the run's length, so
 * runs of different lengths compare) in each run, their difference and its
 * ratio to the first run's; resources only one run has listed. */
#include "chrono-config.h"

#include <glib/gi18n.h>

#include "chrono-cli-diff.h"
#include "chrono-report.h"
#include "chrono-resource-stats.h"

typedef enum { FIGURE_CLAIMS, FIGURE_USAGE, FIGURE_UTILISATION, N_FIGURES } Figure;

static const char *const figure_names[N_FIGURES] = { "claims", "usage", "utilisation" };

GArray *
chrono_cli_diff_resources_of (ChronoTrace *trace)
{
  return chrono_resource_stats_compute (trace);
}

/* A resource as the file names it, else as its lane does ("Resource 3"). */
static const char *
name_of (ChronoTrace *trace, const ChronoResourceStats *r)
{
  const char *name = chrono_attrs_lookup (chrono_trace_get_attrs (trace), chrono_lane_get_attrs (r->lane), "name");
  return name != NULL && *name != '\0' ? name : chrono_lane_get_name (r->lane);
}

static double
figure_of (ChronoTrace *trace, const ChronoResourceStats *r, Figure figure)
{
  if (figure == FIGURE_CLAIMS)
    return (double) r->claims;
  if (figure == FIGURE_USAGE)
    return r->usage;
  double length = chrono_clock_to_seconds (chrono_trace_get_clock (trace),
                                           chrono_trace_get_end (trace) - chrono_trace_get_begin (trace));
  double capacity = chrono_lane_get_capacity (r->lane);
  return capacity > 0 && length > 0 ? r->usage / (capacity * length) : 0.0;
}

gboolean
chrono_cli_diff_resources_check (GPtrArray *gates, GError **error)
{
  for (guint i = 0; i < gates->len; i++)
    {
      const ChronoDiffGate *gate = g_ptr_array_index (gates, i);
      guint f = 0;
      while (f < N_FIGURES && g_strcmp0 (gate->measure, figure_names[f]) != 0)
        f++;
      if (f == N_FIGURES)
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

/* ---- pairing by name ---------------------------------------------------------- */

typedef struct {
  const char *name;
  const ChronoResourceStats *stats;
} Named;

static int
by_name (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (((const Named *) a)->name, ((const Named *) b)->name);
}

static GArray *
named (const ChronoDiffRun *run)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Named));
  for (guint i = 0; i < run->resources->len; i++)
    {
      const ChronoResourceStats *r = &g_array_index (run->resources, ChronoResourceStats, i);
      Named n = { name_of (run->trace, r), r };
      g_array_append_val (out, n);
    }
  g_array_sort (out, by_name);
  return out;
}

/* Each resource of a in b too (a pair of Named after another), and the names of those of one run only. */
static GArray *
pair_resources (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *only_a, GPtrArray *only_b)
{
  g_autoptr (GArray) sa = named (a), sb = named (b);
  GArray *pairs = g_array_new (FALSE, FALSE, sizeof (Named));
  guint i = 0, j = 0;
  while (i < sa->len || j < sb->len)
    {
      const Named *x = i < sa->len ? &g_array_index (sa, Named, i) : NULL;
      const Named *y = j < sb->len ? &g_array_index (sb, Named, j) : NULL;
      int c = x == NULL ? 1 : y == NULL ? -1 : by_name (x, y);
      if (c < 0)
        g_ptr_array_add (only_a, (gpointer) x->name), i++;
      else if (c > 0)
        g_ptr_array_add (only_b, (gpointer) y->name), j++;
      else
        {
          g_array_append_val (pairs, *x);
          g_array_append_val (pairs, *y);
          i++, j++;
        }
    }
  return pairs;
}

/* ---- the changes: JSON, the table and the conditions ----------------------------- */

static ChronoDiffChange
change_of (const ChronoDiffRun *a, const ChronoDiffRun *b, const Named *na, const Named *nb, Figure figure, double *va,
           double *vb)
{
  *va = figure_of (a->trace, na->stats, figure);
  *vb = figure_of (b->trace, nb->stats, figure);
  ChronoDiffChange c = { .item = na->name,
                         .measure = g_strdup (figure_names[figure]),
                         .counted = TRUE,
                         .delta = *vb - *va,
                         .has_relative = *va != 0.0,
                         .relative = *va != 0.0 ? (*vb - *va) / *va : 0.0 };
  return c;
}

static GVariant *
number_variant (Figure figure, double value)
{
  if (figure == FIGURE_CLAIMS)
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
  g_autoptr (GPtrArray) only_a = g_ptr_array_new (), only_b = g_ptr_array_new ();
  g_autoptr (GArray) pairs = pair_resources (a, b, only_a, only_b);
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint k = 0; k < pairs->len; k += 2)
    {
      const Named *na = &g_array_index (pairs, Named, k), *nb = &g_array_index (pairs, Named, k + 1);
      GVariantBuilder e;
      g_variant_builder_init (&e, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&e, "{sv}", "name", chrono_report_text (na->name));
      for (Figure f = 0; f < N_FIGURES; f++)
        {
          double va, vb;
          ChronoDiffChange c = change_of (a, b, na, nb, f, &va, &vb);
          GVariantBuilder m;
          g_variant_builder_init (&m, G_VARIANT_TYPE_VARDICT);
          g_variant_builder_add (&m, "{sv}", "a", number_variant (f, va));
          g_variant_builder_add (&m, "{sv}", "b", number_variant (f, vb));
          g_variant_builder_add (&m, "{sv}", "delta",
                                 f == FIGURE_CLAIMS ? g_variant_new_int64 ((gint64) vb - (gint64) va)
                                                    : number_variant (f, c.delta));
          g_variant_builder_add (&m, "{sv}", "relative",
                                 c.has_relative ? g_variant_new_double (c.relative) : chrono_cli_diff_null ());
          g_variant_builder_add (&e, "{sv}", figure_names[f], g_variant_builder_end (&m));
          g_free (c.measure);
        }
      g_variant_builder_add (&list, "v", g_variant_builder_end (&e));
    }
  return chrono_cli_diff_document (a->trace, "resources", g_variant_builder_end (&list), names_variant (only_a),
                                   names_variant (only_b));
}

static GArray *
changes_of (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *a_values, GPtrArray *b_values)
{
  g_autoptr (GPtrArray) only_a = g_ptr_array_new (), only_b = g_ptr_array_new ();
  g_autoptr (GArray) pairs = pair_resources (a, b, only_a, only_b);
  GArray *changes = g_array_new (FALSE, FALSE, sizeof (ChronoDiffChange));
  for (guint k = 0; k < pairs->len; k += 2)
    for (Figure f = 0; f < N_FIGURES; f++)
      {
        double va, vb;
        ChronoDiffChange c =
            change_of (a, b, &g_array_index (pairs, Named, k), &g_array_index (pairs, Named, k + 1), f, &va, &vb);
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
  g_autoptr (GPtrArray) only_a = g_ptr_array_new (), only_b = g_ptr_array_new ();
  g_autoptr (GArray) pairs = pair_resources (a, b, only_a, only_b);
  GPtrArray *only[] = { only_a, only_b };
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
