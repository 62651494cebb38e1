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
#include "chrono-report.h"

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
      guint n;
      const ChronoMetric *metrics = chrono_metrics_of_kind (entity->kind, &n);
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
