/* chrono-cli-diff-tasks.c — `diff` of two runs with task instances: every
 * timing metric of stats for each task, ISR and runnable in both, matched
 * by name and type, statistic by statistic (a, b, delta, relative). */
#include "chrono-config.h"

#include <glib/gi18n.h>

#include "chrono-cli-diff.h"
#include "chrono-cli-json.h"
#include "chrono-cli-stats.h"
#include "chrono-report.h"

static const ChronoClock *
clock_of (const ChronoDiffRun *run)
{
  return chrono_trace_get_clock (run->trace);
}

static gboolean
counted (ChronoMetric metric, ChronoStat stat)
{
  return chrono_metric_is_count (metric) || stat == CHRONO_STAT_COUNT;
}

/* "response_time.p99" as a metric and a statistic. */
static gboolean
parse_measure (const char *text, ChronoMetric *metric, ChronoStat *stat)
{
  g_auto (GStrv) parts = g_strsplit (text, ".", 2);
  return parts[0] != NULL && parts[1] != NULL && chrono_metric_from_name (parts[0], metric)
         && chrono_stat_from_name (parts[1], stat);
}

gboolean
chrono_cli_diff_tasks_check (GPtrArray *gates, GError **error)
{
  for (guint i = 0; i < gates->len; i++)
    {
      const ChronoDiffGate *gate = g_ptr_array_index (gates, i);
      ChronoMetric metric;
      ChronoStat stat;
      if (!parse_measure (gate->measure, &metric, &stat))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _ ("“%s”: “%s” is no METRIC.STAT of stats (e.g. response_time.p99, preemptions.max)"),
                       gate->text, gate->measure);
          return FALSE;
        }
      if (!chrono_diff_gate_check_threshold (gate, counted (metric, stat), error))
        return FALSE;
    }
  return TRUE;
}

/* ---- JSON ------------------------------------------------------------------ */

/* A run's summary as stats --json gives it, less where the worst instance was. */
static GVariant *
summary_variant (const ChronoDiffRun *run, const ChronoEntityMetrics *entity, ChronoMetric metric)
{
  ChronoMetricSummary s;
  gboolean any = chrono_metrics_summarize (entity, metric, &s);
  g_autoptr (GVariant) full =
      g_variant_ref_sink (chrono_cli_summary (clock_of (run), chrono_metric_is_count (metric), any ? &s : NULL, 0));
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  GVariantIter iter;
  const char *key;
  GVariant *value;
  g_variant_iter_init (&iter, full);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      if (g_strcmp0 (key, "worst_at") != 0)
        g_variant_builder_add (&b, "{sv}", key, value);
      g_variant_unref (value);
    }
  return g_variant_builder_end (&b);
}

static GVariant *
change_variant (const ChronoDiffRun *a, const ChronoDiffRun *b, const ChronoDiffEntity *pair, ChronoMetric metric,
                gboolean relative)
{
  GVariantBuilder out;
  g_variant_builder_init (&out, G_VARIANT_TYPE_VARDICT);
  for (ChronoStat stat = 0; stat < CHRONO_N_STATS; stat++)
    {
      ChronoStatValue va = chrono_diff_stat (pair->a, metric, stat), vb = chrono_diff_stat (pair->b, metric, stat);
      GVariant *value;
      if (relative)
        {
          double r;
          value = chrono_diff_relative (clock_of (a), va, clock_of (b), vb, counted (metric, stat), &r)
                      ? g_variant_new_double (r)
                      : chrono_cli_diff_null ();
        }
      else
        {
          char *text = chrono_diff_delta_text (clock_of (a), va, clock_of (b), vb, counted (metric, stat));
          value = text != NULL ? chrono_report_number_take (text) : chrono_cli_diff_null ();
        }
      g_variant_builder_add (&out, "{sv}", chrono_stat_get_name (stat), value);
    }
  return g_variant_builder_end (&out);
}

static GVariant *
entity_variant (const ChronoDiffRun *a, const ChronoDiffRun *b, const ChronoDiffEntity *pair)
{
  GVariantBuilder e;
  g_variant_builder_init (&e, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&e, "{sv}", "name", chrono_report_text (pair->name));
  g_variant_builder_add (&e, "{sv}", "type", chrono_report_text (pair->type));
  guint n;
  const ChronoMetric *metrics = chrono_metrics_of_kind (pair->kind, &n);
  for (guint k = 0; k < n; k++)
    {
      GVariantBuilder m;
      g_variant_builder_init (&m, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&m, "{sv}", "a", summary_variant (a, pair->a, metrics[k]));
      g_variant_builder_add (&m, "{sv}", "b", summary_variant (b, pair->b, metrics[k]));
      g_variant_builder_add (&m, "{sv}", "delta", change_variant (a, b, pair, metrics[k], FALSE));
      g_variant_builder_add (&m, "{sv}", "relative", change_variant (a, b, pair, metrics[k], TRUE));
      g_variant_builder_add (&e, "{sv}", chrono_metric_get_name (metrics[k]), g_variant_builder_end (&m));
    }
  return g_variant_builder_end (&e);
}

static GVariant *
names_variant (GPtrArray *entities)
{
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < entities->len; i++)
    {
      const ChronoEntityMetrics *entity = g_ptr_array_index (entities, i);
      GVariantBuilder e;
      g_variant_builder_init (&e, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&e, "{sv}", "name", chrono_report_text (entity->name));
      g_variant_builder_add (&e, "{sv}", "type", chrono_report_text (entity->type));
      g_variant_builder_add (&list, "v", g_variant_builder_end (&e));
    }
  return g_variant_builder_end (&list);
}

char *
chrono_cli_diff_tasks_json (const ChronoDiffRun *a, const ChronoDiffRun *b)
{
  g_autoptr (ChronoDiff) diff = chrono_diff_new (a->entities, b->entities);
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < diff->both->len; i++)
    g_variant_builder_add (&list, "v", entity_variant (a, b, &g_array_index (diff->both, ChronoDiffEntity, i)));
  return chrono_cli_diff_document (a->trace, "entities", g_variant_builder_end (&list), names_variant (diff->only_a),
                                   names_variant (diff->only_b));
}

/* ---- the changes: the table and the conditions ------------------------------------------ */

static char *
value_text (const ChronoDiffRun *run, const ChronoEntityMetrics *entity, ChronoMetric metric, ChronoStat stat)
{
  ChronoStatValue v = chrono_diff_stat (entity, metric, stat);
  if (!v.known)
    return g_strdup ("—");
  if (counted (metric, stat))
    return g_strdup_printf ("%.4g", (double) v.numerator / (double) v.denominator);
  return chrono_clock_format_duration (clock_of (run), (guint64) (v.numerator / (gint64) v.denominator), 4);
}

/* Every statistic of every metric of every entity in both runs (stats: only
 * those given); each run's value as text beside each, when asked. */
static GArray *
changes_of (const ChronoDiffRun *a, const ChronoDiffRun *b, const ChronoStat *stats, guint n_stats, GPtrArray *a_values,
            GPtrArray *b_values)
{
  g_autoptr (ChronoDiff) diff = chrono_diff_new (a->entities, b->entities);
  GArray *changes = g_array_new (FALSE, FALSE, sizeof (ChronoDiffChange));
  for (guint i = 0; i < diff->both->len; i++)
    {
      const ChronoDiffEntity *pair = &g_array_index (diff->both, ChronoDiffEntity, i);
      guint n;
      const ChronoMetric *metrics = chrono_metrics_of_kind (pair->kind, &n);
      for (guint k = 0; k < n; k++)
        for (guint s = 0; s < n_stats; s++)
          {
            gboolean count = counted (metrics[k], stats[s]);
            ChronoStatValue va = chrono_diff_stat (pair->a, metrics[k], stats[s]);
            ChronoStatValue vb = chrono_diff_stat (pair->b, metrics[k], stats[s]);
            ChronoDiffChange c = { pair->name, NULL, count, 0.0, FALSE, 0.0 };
            if (!chrono_diff_delta (clock_of (a), va, clock_of (b), vb, count, &c.delta))
              continue;
            c.has_relative = chrono_diff_relative (clock_of (a), va, clock_of (b), vb, count, &c.relative);
            c.measure = g_strdup_printf ("%s.%s", chrono_metric_get_name (metrics[k]), chrono_stat_get_name (stats[s]));
            g_array_append_val (changes, c);
            if (a_values != NULL)
              {
                g_ptr_array_add (a_values, value_text (a, pair->a, metrics[k], stats[s]));
                g_ptr_array_add (b_values, value_text (b, pair->b, metrics[k], stats[s]));
              }
          }
    }
  return changes;
}

static void
append_names (GString *out, const char *heading, GPtrArray *entities)
{
  if (entities->len == 0)
    return;
  g_string_append_printf (out, "\n%s\n", heading);
  for (guint i = 0; i < entities->len; i++)
    {
      const ChronoEntityMetrics *entity = g_ptr_array_index (entities, i);
      g_string_append_printf (out, "  %s (%s)\n", entity->name, entity->type);
    }
}

/* The statistics a person compares: mean, p95, p99 and max. */
char *
chrono_cli_diff_tasks_text (const ChronoDiffRun *a, const ChronoDiffRun *b)
{
  static const ChronoStat shown[] = { CHRONO_STAT_MEAN, CHRONO_STAT_P95, CHRONO_STAT_P99, CHRONO_STAT_MAX };
  g_autoptr (GPtrArray) a_values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) b_values = g_ptr_array_new_with_free_func (g_free);
  GArray *changes = changes_of (a, b, shown, G_N_ELEMENTS (shown), a_values, b_values);
  g_autofree char *table = chrono_cli_diff_table (changes, a_values, b_values, _ ("entity"));
  chrono_cli_diff_changes_free (changes);
  GString *out = g_string_new (table);
  g_autoptr (ChronoDiff) diff = chrono_diff_new (a->entities, b->entities);
  append_names (out, _ ("only in A:"), diff->only_a);
  append_names (out, _ ("only in B:"), diff->only_b);
  return g_string_free (out, FALSE);
}

guint
chrono_cli_diff_tasks_gates (const ChronoDiffRun *a, const ChronoDiffRun *b, GPtrArray *gates)
{
  if (gates->len == 0)
    return 0;
  static const ChronoStat every[] = { CHRONO_STAT_COUNT, CHRONO_STAT_MIN, CHRONO_STAT_MAX, CHRONO_STAT_MEAN,
                                      CHRONO_STAT_P50,   CHRONO_STAT_P95, CHRONO_STAT_P99 };
  GArray *changes = changes_of (a, b, every, G_N_ELEMENTS (every), NULL, NULL);
  guint met = chrono_cli_diff_report_gates (gates, changes);
  chrono_cli_diff_changes_free (changes);
  return met;
}
