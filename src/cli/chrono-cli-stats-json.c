/* chrono-cli-stats-json.c — the document of `stats --json` (and the
 * summaries chains, diff and profile write alike): seconds as exact
 * decimals from the ticks, a mean that is no whole tick as the nearest
 * double, so a checker can compare them exactly.  Part of the JSON writer
 * the CLI and libchronoscope-1 share. */
#include "chrono-cli-stats.h"

#include <string.h>

#include "chrono-cli-json.h"
#include "chrono-report.h"

/* ticks as exact seconds, or a count as it is */
static GVariant *
value_variant (const ChronoClock *clock, gboolean count, gint64 value)
{
  if (count)
    return g_variant_new_int64 (value);
  return chrono_report_number_take (chrono_clock_format_seconds_exact (clock, value));
}

/* sum / (count · ticks per second) as an exact decimal when it has one of
 * at most 18 decimals past the clock's (a mean of 4 values is a quarter
 * tick at worst), else NULL. */
static char *
exact_mean (const ChronoClock *clock, guint64 sum, guint count)
{
  unsigned __int128 scaled = sum;
  guint64 tps = (guint64) clock->ticks_per_second, power = 1;
  for (guint digits = 0; digits <= 18; digits++, power *= 10, scaled *= 10)
    if (scaled % count == 0 && scaled / count <= G_MAXUINT64 / 10 && tps <= G_MAXUINT64 / power)
      {
        /* the mean is (scaled / count) / (tps · 10^digits) seconds */
        ChronoClock finer = *clock;
        finer.ticks_per_second = (gint64) (tps * power);
        if (finer.ticks_per_second <= 0)
          return NULL;
        return chrono_clock_format_duration_exact (&finer, (guint64) (scaled / count));
      }
  return NULL;
}

GVariant *
chrono_cli_seconds_ratio (const ChronoClock *clock, guint64 sum, guint count)
{
  char *exact = exact_mean (clock, sum, count);
  return chrono_report_number_take (exact ? exact : chrono_clock_format_duration_ratio (clock, sum, count));
}

/* a mean count as the shortest double that reads back (no point added) */
static GVariant *
mean_variant (const ChronoClock *clock, gboolean count, const ChronoMetricSummary *s)
{
  if (!count)
    return chrono_cli_seconds_ratio (clock, s->sum, s->count);
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  return chrono_report_number_take (
      g_strdup (g_ascii_dtostr (buffer, sizeof buffer, (double) s->sum / (double) s->count)));
}

static void
add (GVariantBuilder *builder, const char *key, GVariant *value)
{
  g_variant_builder_add (builder, "{sv}", key, value);
}

GVariant *
chrono_cli_summary (const ChronoClock *clock, gboolean count, const ChronoMetricSummary *s, gint64 worst_at)
{
  gboolean any = s != NULL && s->count > 0;
  GVariant *none = g_variant_new_maybe (CHRONO_REPORT_NUMBER_TYPE, NULL);
  g_variant_ref_sink (none);
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  add (&b, "count", g_variant_new_uint32 (any ? s->count : 0));
  add (&b, "min", any ? value_variant (clock, count, s->min) : none);
  add (&b, "max", any ? value_variant (clock, count, s->max) : none);
  add (&b, "mean", any ? mean_variant (clock, count, s) : none);
  add (&b, "p50", any ? value_variant (clock, count, s->p50) : none);
  add (&b, "p95", any ? value_variant (clock, count, s->p95) : none);
  add (&b, "p99", any ? value_variant (clock, count, s->p99) : none);
  add (&b, "worst_at", any ? value_variant (clock, FALSE, worst_at) : none);
  g_variant_unref (none);
  return g_variant_builder_end (&b);
}

static void
add_metric (GVariantBuilder *b, const ChronoClock *clock, const ChronoEntityMetrics *entity, ChronoMetric metric)
{
  ChronoMetricSummary s;
  gboolean any = chrono_metrics_summarize (entity, metric, &s);
  gint64 worst_at = any ? g_array_index (entity->instances, ChronoInstanceMetrics, s.worst).activated : 0;
  add (b, chrono_metric_get_name (metric),
       chrono_cli_summary (clock, chrono_metric_is_count (metric), any ? &s : NULL, worst_at));
}

static GVariant *
entity_variant (const ChronoClock *clock, const ChronoEntityMetrics *entity)
{
  gboolean process = entity->kind == CHRONO_LANE_PROCESS;
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  add (&b, "name", chrono_report_text (entity->name));
  add (&b, "type", chrono_report_text (entity->type));
  if (process)
    add (&b, "period",
         entity->period > 0 ? value_variant (clock, FALSE, entity->period)
                            : g_variant_new_maybe (CHRONO_REPORT_NUMBER_TYPE, NULL));
  guint n;
  const ChronoMetric *metrics = chrono_metrics_of_kind (entity->kind, &n);
  for (guint k = 0; k < n; k++)
    add_metric (&b, clock, entity, metrics[k]);
  return g_variant_builder_end (&b);
}

static GVariant *
entities_variant (const ChronoClock *clock, GPtrArray *entities, ChronoLaneKind kind)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < entities->len; i++)
    {
      const ChronoEntityMetrics *entity = g_ptr_array_index (entities, i);
      if (entity->kind == kind)
        g_variant_builder_add (&b, "v", entity_variant (clock, entity));
    }
  return g_variant_builder_end (&b);
}

/* {"format": …, "entities": [tasks and ISRs], "runnables": [calls]} */
char *
chrono_cli_stats_json (ChronoTrace *trace, GPtrArray *entities)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  add (&b, "format", g_variant_new_string (chrono_trace_get_format (trace)));
  add (&b, "entities", entities_variant (clock, entities, CHRONO_LANE_PROCESS));
  add (&b, "runnables", entities_variant (clock, entities, CHRONO_LANE_RUNNABLE));
  g_autoptr (GVariant) stats = g_variant_ref_sink (g_variant_builder_end (&b));
  return chrono_cli_variant_json (stats, CHRONO_CLI_JSON_LINES);
}
