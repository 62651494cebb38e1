/* chrono-cli-stats.c — `chronoscope-cli stats`: timing metrics per task,
 * ISR and runnable, and their output.  Seconds are written as exact
 * decimals from the ticks (a mean that is no whole tick as the nearest
 * double), so a checker can compare them exactly. */
#include "chrono-cli-stats.h"

#include "chrono-config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "chrono-cli-args.h"
#include "chrono-cli-commands.h"
#include "chrono-cli-json.h"

static void
append_value (GString *out, const ChronoClock *clock, gboolean count, gint64 value)
{
  if (count)
    {
      g_string_append_printf (out, "%" G_GINT64_FORMAT, value);
      return;
    }
  g_autofree char *text = chrono_clock_format_seconds_exact (clock, value);
  g_string_append (out, text);
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

static void
append_mean (GString *out, const ChronoClock *clock, gboolean count, const ChronoMetricSummary *s)
{
  if (count)
    {
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];
      g_string_append (out, g_ascii_dtostr (buffer, sizeof buffer, (double) s->sum / (double) s->count));
      return;
    }
  chrono_cli_append_seconds_ratio (out, clock, s->sum, s->count);
}

void
chrono_cli_append_seconds_ratio (GString *out, const ChronoClock *clock, guint64 sum, guint count)
{
  g_autofree char *exact = exact_mean (clock, sum, count);
  g_autofree char *text = exact ? NULL : chrono_clock_format_duration_ratio (clock, sum, count);
  g_string_append (out, exact ? exact : text);
}

void
chrono_cli_append_summary_json (GString *out, const ChronoClock *clock, gboolean count, const ChronoMetricSummary *s,
                                gint64 worst_at)
{
  if (s == NULL || s->count == 0)
    {
      g_string_append (out,
                       "{\"count\": 0, \"min\": null, \"max\": null, \"mean\": null, \"p50\": null, \"p95\": null, "
                       "\"p99\": null, \"worst_at\": null}");
      return;
    }
  const struct {
    const char *key;
    gint64 value;
  } fields[] = { { "min", s->min }, { "max", s->max }, { "p50", s->p50 }, { "p95", s->p95 }, { "p99", s->p99 } };
  g_string_append_printf (out, "{\"count\": %u", s->count);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_string_append_printf (out, ", \"%s\": ", fields[i].key);
      append_value (out, clock, count, fields[i].value);
      if (i == 1)
        {
          g_string_append (out, ", \"mean\": ");
          append_mean (out, clock, count, s);
        }
    }
  g_string_append (out, ", \"worst_at\": ");
  append_value (out, clock, FALSE, worst_at);
  g_string_append_c (out, '}');
}

static void
append_metric_json (GString *out, const ChronoClock *clock, const ChronoEntityMetrics *entity, ChronoMetric metric)
{
  ChronoMetricSummary s;
  g_string_append_printf (out, ", \"%s\": ", chrono_metric_get_name (metric));
  gboolean any = chrono_metrics_summarize (entity, metric, &s);
  gint64 worst_at = any ? g_array_index (entity->instances, ChronoInstanceMetrics, s.worst).activated : 0;
  chrono_cli_append_summary_json (out, clock, chrono_metric_is_count (metric), any ? &s : NULL, worst_at);
}

static const ChronoMetric process_metrics[] = {
  CHRONO_METRIC_RESPONSE_TIME,     CHRONO_METRIC_START_DELAY,     CHRONO_METRIC_GROSS_EXECUTION,
  CHRONO_METRIC_NET_EXECUTION,     CHRONO_METRIC_INTERFERENCE,    CHRONO_METRIC_PREEMPTIONS,
  CHRONO_METRIC_ACTIVATION_JITTER, CHRONO_METRIC_RESPONSE_JITTER,
};
static const ChronoMetric call_metrics[] = { CHRONO_METRIC_GROSS_EXECUTION, CHRONO_METRIC_NET_EXECUTION };

static void
append_entity_json (GString *out, const ChronoClock *clock, const ChronoEntityMetrics *entity)
{
  gboolean process = entity->kind == CHRONO_LANE_PROCESS;
  g_string_append (out, "{\"name\": ");
  chrono_cli_append_json_string (out, entity->name);
  g_string_append (out, ", \"type\": ");
  chrono_cli_append_json_string (out, entity->type);
  if (process)
    {
      g_string_append (out, ", \"period\": ");
      if (entity->period > 0)
        append_value (out, clock, FALSE, entity->period);
      else
        g_string_append (out, "null");
    }
  const ChronoMetric *metrics = process ? process_metrics : call_metrics;
  guint n = process ? G_N_ELEMENTS (process_metrics) : G_N_ELEMENTS (call_metrics);
  for (guint k = 0; k < n; k++)
    append_metric_json (out, clock, entity, metrics[k]);
  g_string_append_c (out, '}');
}

static void
append_entities_json (GString *out, const ChronoClock *clock, GPtrArray *entities, ChronoLaneKind kind)
{
  gboolean first = TRUE;
  g_string_append_c (out, '[');
  for (guint i = 0; i < entities->len; i++)
    {
      const ChronoEntityMetrics *entity = g_ptr_array_index (entities, i);
      if (entity->kind != kind)
        continue;
      g_string_append (out, first ? "\n   " : ",\n   ");
      append_entity_json (out, clock, entity);
      first = FALSE;
    }
  g_string_append_c (out, ']');
}

/* {"format": …, "entities": [tasks and ISRs], "runnables": [calls]} */
char *
chrono_cli_stats_json (ChronoTrace *trace, GPtrArray *entities)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GString *out = g_string_new ("{\"format\": ");
  chrono_cli_append_json_string (out, chrono_trace_get_format (trace));
  g_string_append (out, ",\n \"entities\": ");
  append_entities_json (out, clock, entities, CHRONO_LANE_PROCESS);
  g_string_append (out, ",\n \"runnables\": ");
  append_entities_json (out, clock, entities, CHRONO_LANE_RUNNABLE);
  g_string_append (out, "}\n");
  return g_string_free (out, FALSE);
}

static char *
human_value (const ChronoClock *clock, gboolean count, gint64 value)
{
  if (count)
    return g_strdup_printf ("%" G_GINT64_FORMAT, value);
  return chrono_clock_format_duration (clock, (guint64) value, 6);
}

/* A column of the table: padded by characters, not bytes ("µs" is two bytes). */
static void
append_column (GString *out, const char *text, glong width)
{
  g_string_append (out, text);
  for (glong n = g_utf8_strlen (text, -1); n < width; n++)
    g_string_append_c (out, ' ');
}

static void
append_metric_text (GString *out, const ChronoClock *clock, const ChronoEntityMetrics *entity, ChronoMetric metric)
{
  ChronoMetricSummary s;
  if (!chrono_metrics_summarize (entity, metric, &s))
    return;
  gboolean count = chrono_metric_is_count (metric);
  g_autofree char *min = human_value (clock, count, s.min);
  g_autofree char *p50 = human_value (clock, count, s.p50);
  g_autofree char *p95 = human_value (clock, count, s.p95);
  g_autofree char *p99 = human_value (clock, count, s.p99);
  g_autofree char *max = human_value (clock, count, s.max);
  const ChronoInstanceMetrics *worst = &g_array_index (entity->instances, ChronoInstanceMetrics, s.worst);
  g_autofree char *at = chrono_clock_format_ticks (clock, worst->activated - clock->origin, 9);
  g_string_append_printf (out, "    %-18s %6u  ", chrono_metric_get_name (metric), s.count);
  const char *values[] = { min, p50, p95, p99, max };
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    append_column (out, values[i], 11);
  /* TRANSLATORS: where the worst instance of a metric was activated */
  g_string_append_printf (out, _ ("at %s"), at);
  if (worst->number != G_MININT64)
    g_string_append_printf (out, " (#%" G_GINT64_FORMAT ")", worst->number);
  g_string_append_c (out, '\n');
}

char *
chrono_cli_stats_text (ChronoTrace *trace, GPtrArray *entities)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GString *out = g_string_new (NULL);
  g_string_append_printf (out, "%s\n", chrono_trace_get_path (trace));
  for (guint i = 0; i < entities->len; i++)
    {
      const ChronoEntityMetrics *entity = g_ptr_array_index (entities, i);
      gboolean process = entity->kind == CHRONO_LANE_PROCESS;
      g_string_append_printf (out, "  %s %s", entity->type, entity->name);
      if (process && entity->period > 0)
        {
          g_autofree char *period = chrono_clock_format_duration (clock, (guint64) entity->period, 6);
          g_string_append_printf (out, _ ("  period %s"), period);
        }
      g_string_append_printf (out, "\n    %-18s %6s  ", _ ("metric"), _ ("count"));
      const char *heads[] = { _ ("min"), "p50", "p95", "p99", _ ("max") };
      for (guint h = 0; h < G_N_ELEMENTS (heads); h++)
        append_column (out, heads[h], 11);
      g_string_append_printf (out, "%s\n", _ ("worst"));
      const ChronoMetric *metrics = process ? process_metrics : call_metrics;
      guint n = process ? G_N_ELEMENTS (process_metrics) : G_N_ELEMENTS (call_metrics);
      for (guint k = 0; k < n; k++)
        append_metric_text (out, clock, entity, metrics[k]);
    }
  return g_string_free (out, FALSE);
}

/* ---- the command ---------------------------------------------------------- */

static struct {
  gboolean json;
  char *entity, *range;
  char **periods;
} given;

const GOptionEntry chrono_cli_stats_options[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &given.json, N_ ("Print JSON"), NULL },
  { "entity", 0, 0, G_OPTION_ARG_STRING, &given.entity, N_ ("Only the task, ISR or runnable of this name"),
    N_ ("NAME") },
  { "range", 0, 0, G_OPTION_ARG_STRING, &given.range,
    N_ ("Only the instances activated in this time range from the trace start, e.g. 10ms..30ms"), N_ ("BEGIN..END") },
  { "period", 0, 0, G_OPTION_ARG_STRING_ARRAY, &given.periods,
    N_ ("The period the jitters of ENTITY are measured against (default: the median distance of its activations)"),
    N_ ("ENTITY=DURATION") },
  { NULL },
};

/* "Task_A=10ms": the period the jitters of Task_A are measured against. */
static gboolean
parse_periods (char **texts, ChronoTrace *trace, GHashTable *periods, GError **error)
{
  for (guint i = 0; texts != NULL && texts[i] != NULL; i++)
    {
      const char *equals = strrchr (texts[i], '=');
      double seconds;
      if (equals == NULL || equals == texts[i])
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _ ("period “%s” must be ENTITY=DURATION, e.g. Task_A=10ms"), texts[i]);
          return FALSE;
        }
      if (!chrono_clock_parse_duration (chrono_trace_get_clock (trace), equals + 1, &seconds, error))
        return FALSE;
      gint64 ticks = chrono_clock_from_seconds (chrono_trace_get_clock (trace), seconds);
      if (ticks <= 0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _ ("period “%s” is shorter than one tick of the trace’s clock"), texts[i]);
          return FALSE;
        }
      g_hash_table_insert (periods, g_strndup (texts[i], equals - texts[i]), g_memdup2 (&ticks, sizeof ticks));
    }
  return TRUE;
}

static int
stats_failed (const char *path, GError *error)
{
  g_printerr ("chronoscope-cli stats: %s%s%s\n", path ? path : "", path ? ": " : "", error->message);
  return CHRONO_CLI_EXIT_FAILED;
}

int
chrono_cli_stats (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_cli_parse_options (command, _ ("FILE — timing metrics of every task, ISR and runnable instance"), &argc,
                                 &argv, &error))
    return stats_failed (NULL, error);
  if (argc != 2)
    {
      g_printerr ("chronoscope-cli stats: %s\n", _ ("give exactly one file"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  /* metrics need every instance: the whole file is read */
  g_autoptr (ChronoTrace) trace = chrono_cli_load_with (argv[1], "never");
  if (trace == NULL)
    return CHRONO_CLI_EXIT_FAILED;
  ChronoMetricsOptions options;
  chrono_metrics_options_init (&options);
  options.entity = given.entity;
  g_autoptr (GHashTable) given_periods = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  options.periods = given_periods;
  if ((given.range != NULL && !chrono_cli_parse_range (given.range, trace, &options.begin, &options.end, &error))
      || !parse_periods (given.periods, trace, given_periods, &error))
    return stats_failed (argv[1], error);
  g_autoptr (GPtrArray) metrics = chrono_metrics_compute (trace, &options);
  if (given.entity != NULL && metrics->len == 0)
    {
      g_printerr (_ ("chronoscope-cli stats: %s: no task, ISR or runnable named “%s”\n"), argv[1], given.entity);
      return CHRONO_CLI_EXIT_FAILED;
    }
  g_autofree char *text = given.json ? chrono_cli_stats_json (trace, metrics) : chrono_cli_stats_text (trace, metrics);
  fputs (text, stdout);
  return CHRONO_CLI_EXIT_OK;
}
