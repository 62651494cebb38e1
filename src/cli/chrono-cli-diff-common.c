/* chrono-cli-diff-common.c — what the kinds of `diff` share: the document's
 * frame, a change as text, the table of the largest changes first and the
 * conditions said on stderr. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "chrono-cli-diff.h"
#include "chrono-cli-json.h"
#include "chrono-report.h"

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
