/* chrono-cli-chains.c — `chronoscope-cli chains`: end-to-end latency and
 * data age of event chains, and their output.  The summaries are
 * stats' own (chrono_cli_summary), so both read alike and one
 * checker rule (nearest rank, exact seconds) covers both. */
#include "chrono-cli-chains.h"

#include "chrono-config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "chrono-cli-commands.h"
#include "chrono-cli-json.h"
#include "chrono-cli-stats.h"
#include "chrono-metrics.h"

static void
append_seconds (GString *out, const ChronoClock *clock, gint64 ticks)
{
  g_autofree char *text = chrono_clock_format_seconds_exact (clock, ticks);
  g_string_append (out, text);
}

/* {"bins": n, "min": s, "max": s, "width": s, "counts": […]}, or null */
static void
append_histogram_json (GString *out, const ChronoClock *clock, const ChronoChainResult *result,
                       ChronoChainMeasure measure, const ChronoMetricSummary *s)
{
  guint counts[CHRONO_CLI_CHAIN_BINS];
  if (!chrono_chain_result_histogram (result, measure, CHRONO_CLI_CHAIN_BINS, counts))
    {
      g_string_append (out, "null");
      return;
    }
  g_string_append_printf (out, "{\"bins\": %u, \"min\": ", CHRONO_CLI_CHAIN_BINS);
  append_seconds (out, clock, s->min);
  g_string_append (out, ", \"max\": ");
  append_seconds (out, clock, s->max);
  g_string_append (out, ", \"width\": ");
  g_autoptr (GVariant) width =
      g_variant_ref_sink (chrono_cli_seconds_ratio (clock, (guint64) (s->max - s->min), CHRONO_CLI_CHAIN_BINS));
  chrono_cli_append_variant_json (out, width, CHRONO_CLI_JSON_SPACED);
  g_string_append (out, ", \"counts\": [");
  for (guint b = 0; b < CHRONO_CLI_CHAIN_BINS; b++)
    g_string_append_printf (out, "%s%u", b ? ", " : "", counts[b]);
  g_string_append (out, "]}");
}

static void
append_chain_json (GString *out, const ChronoClock *clock, const ChronoChainResult *result)
{
  g_string_append (out, "{\"name\": ");
  chrono_cli_append_json_string (out, result->spec->name);
  g_string_append (out, ", \"elements\": [");
  for (guint i = 0; result->spec->elements[i] != NULL; i++)
    {
      g_string_append (out, i ? ", " : "");
      chrono_cli_append_json_string (out, result->spec->elements[i]);
    }
  g_string_append_c (out, ']');
  ChronoMetricSummary s[CHRONO_N_CHAIN_MEASURES];
  gboolean any[CHRONO_N_CHAIN_MEASURES];
  for (guint m = 0; m < CHRONO_N_CHAIN_MEASURES; m++)
    {
      any[m] = chrono_chain_result_summarize (result, m, &s[m]);
      gint64 worst_at = any[m] ? g_array_index (result->samples[m], ChronoChainSample, s[m].worst).time : 0;
      g_string_append_printf (out, ",\n    \"%s\": ", chrono_chain_measure_get_name (m));
      g_autoptr (GVariant) summary =
          g_variant_ref_sink (chrono_cli_summary (clock, FALSE, any[m] ? &s[m] : NULL, worst_at));
      chrono_cli_append_variant_json (out, summary, CHRONO_CLI_JSON_SPACED);
    }
  g_string_append (out, ",\n    \"incomplete\": {");
  for (guint m = 0; m < CHRONO_N_CHAIN_MEASURES; m++)
    g_string_append_printf (out, "%s\"%s\": %u", m ? ", " : "", chrono_chain_measure_get_name (m),
                            result->incomplete[m]);
  g_string_append (out, "},\n    \"histograms\": {");
  for (guint m = 0; m < CHRONO_N_CHAIN_MEASURES; m++)
    {
      g_string_append_printf (out, "%s\"%s\": ", m ? ",\n      " : "", chrono_chain_measure_get_name (m));
      append_histogram_json (out, clock, result, m, &s[m]);
    }
  g_string_append (out, "}}");
}

/* {"format": …, "chains": [{"name", "elements", "latency", "data_age", "incomplete", "histograms"}]} */
char *
chrono_cli_chains_json (ChronoTrace *trace, GPtrArray *results)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GString *out = g_string_new ("{\"format\": ");
  chrono_cli_append_json_string (out, chrono_trace_get_format (trace));
  g_string_append (out, ",\n \"chains\": [");
  for (guint i = 0; i < results->len; i++)
    {
      g_string_append (out, i ? ",\n   " : "\n   ");
      append_chain_json (out, clock, g_ptr_array_index (results, i));
    }
  g_string_append (out, "]}\n");
  return g_string_free (out, FALSE);
}

/* A column of the table: padded by characters ("µs" is two bytes). */
static void
append_column (GString *out, const char *text, glong width)
{
  g_string_append (out, text);
  for (glong n = g_utf8_strlen (text, -1); n < width; n++)
    g_string_append_c (out, ' ');
}

static void
append_measure_text (GString *out, const ChronoClock *clock, const ChronoChainResult *result,
                     ChronoChainMeasure measure)
{
  ChronoMetricSummary s;
  g_string_append_printf (out, "    %-9s %6u %10u  ", chrono_chain_measure_get_name (measure),
                          result->samples[measure]->len, result->incomplete[measure]);
  if (!chrono_chain_result_summarize (result, measure, &s))
    {
      g_string_append_c (out, '\n');
      return;
    }
  const gint64 values[] = { s.min, s.p50, s.p95, s.p99, s.max };
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *text = chrono_clock_format_duration (clock, (guint64) values[i], 6);
      append_column (out, text, 11);
    }
  const ChronoChainSample *worst = &g_array_index (result->samples[measure], ChronoChainSample, s.worst);
  g_autofree char *at = chrono_clock_format_ticks (clock, worst->time - clock->origin, 9);
  /* TRANSLATORS: where the worst latency's stimulus (or data age's response) was */
  g_string_append_printf (out, _ ("at %s"), at);
  guint counts[CHRONO_CLI_CHAIN_BINS];
  chrono_chain_result_histogram (result, measure, CHRONO_CLI_CHAIN_BINS, counts);
  g_string_append_printf (out, "\n    %-9s %s", "", _ ("histogram"));
  for (guint b = 0; b < CHRONO_CLI_CHAIN_BINS; b++)
    g_string_append_printf (out, " %u", counts[b]);
  g_string_append_c (out, '\n');
}

char *
chrono_cli_chains_text (ChronoTrace *trace, GPtrArray *results)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GString *out = g_string_new (NULL);
  g_string_append_printf (out, "%s\n", chrono_trace_get_path (trace));
  for (guint i = 0; i < results->len; i++)
    {
      const ChronoChainResult *result = g_ptr_array_index (results, i);
      g_autofree char *elements = g_strjoinv (" -> ", result->spec->elements);
      g_string_append_printf (out, "  chain %s: %s\n", result->spec->name, elements);
      g_string_append_printf (out, "    %-9s %6s %10s  ", _ ("measure"), _ ("count"), _ ("incomplete"));
      const char *heads[] = { _ ("min"), "p50", "p95", "p99", _ ("max") };
      for (guint h = 0; h < G_N_ELEMENTS (heads); h++)
        append_column (out, heads[h], 11);
      g_string_append_printf (out, "%s\n", _ ("worst"));
      for (guint m = 0; m < CHRONO_N_CHAIN_MEASURES; m++)
        append_measure_text (out, clock, result, m);
    }
  return g_string_free (out, FALSE);
}

/* ---- the command ---------------------------------------------------------- */

static struct {
  gboolean json;
  char **chains;
} given;

const GOptionEntry chrono_cli_chains_options[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &given.json, N_ ("Print JSON"), NULL },
  { "chain", 0, 0, G_OPTION_ARG_STRING_ARRAY, &given.chains,
    N_ ("An event chain, e.g. 'brake: STI_Pedal -> R_ReadPedal -> R_WriteBrake' (repeatable)"),
    N_ ("NAME: A -> B -> …") },
  { NULL },
};

static int
chains_failed (const char *path, GError *error)
{
  g_printerr ("chronoscope-cli chains: %s%s%s\n", path ? path : "", path ? ": " : "", error->message);
  return CHRONO_CLI_EXIT_FAILED;
}

int
chrono_cli_chains (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_cli_parse_options (command, _ ("FILE — end-to-end latency and data age of event chains"), &argc, &argv,
                                 &error))
    return chains_failed (NULL, error);
  if (argc != 2 || given.chains == NULL)
    {
      g_printerr ("chronoscope-cli chains: %s\n", _ ("give exactly one file and at least one --chain"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  g_autoptr (GPtrArray) specs = g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_chain_spec_free);
  for (guint i = 0; given.chains[i] != NULL; i++)
    {
      ChronoChainSpec *spec = chrono_chain_spec_parse (given.chains[i], &error);
      if (spec == NULL)
        return chains_failed (NULL, error);
      g_ptr_array_add (specs, spec);
    }
  /* a chain needs every instance: the whole file is read */
  g_autoptr (ChronoTrace) trace = chrono_cli_load_with (argv[1], "never");
  if (trace == NULL)
    return CHRONO_CLI_EXIT_FAILED;
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_chain_result_free);
  for (guint i = 0; i < specs->len; i++)
    {
      ChronoChainResult *result = chrono_chains_compute (trace, g_ptr_array_index (specs, i), &error);
      if (result == NULL)
        return chains_failed (argv[1], error);
      g_ptr_array_add (results, result);
    }
  g_autofree char *text =
      given.json ? chrono_cli_chains_json (trace, results) : chrono_cli_chains_text (trace, results);
  fputs (text, stdout);
  return CHRONO_CLI_EXIT_OK;
}
