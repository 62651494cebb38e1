/* chrono-cli-info.c — `chronoscope-cli info`: a summary of each trace, as
 * text or as JSON (the figures a loader counted, when it did; else the
 * entities' timing, or a trace of claims' resources, signals and critical
 * path), which the per-format checkers recompute independently. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

#include "chrono-cli-commands.h"
#include "chrono-cli-json.h"
#include "chrono-critical-path.h"
#include "chrono-entity-stats.h"
#include "chrono-resource-stats.h"
#include "chrono-resource-usage.h"

static struct {
  gboolean json;
} given;

const GOptionEntry chrono_cli_info_options[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &given.json, N_ ("Print JSON"), NULL },
  { NULL },
};

static void
append_seconds (GString *out, const ChronoClock *clock, gint64 ticks)
{
  g_autofree char *text = chrono_clock_format_seconds_exact (clock, ticks);
  g_string_append (out, text);
}

static void
append_duration (GString *out, const ChronoClock *clock, guint64 ticks)
{
  g_autofree char *text = chrono_clock_format_duration_exact (clock, ticks);
  g_string_append (out, text);
}

static void
append_entity_json (GString *out, const ChronoClock *clock, const ChronoEntityStats *s)
{
  g_string_append (out, "{\"name\": ");
  chrono_cli_append_json_string_short (out, s->name);
  g_string_append (out, ", \"type\": ");
  chrono_cli_append_json_string_short (out, s->type);
  switch (s->kind)
    {
    case CHRONO_LANE_PROCESS:
      g_string_append_printf (out,
                              ", \"activations\": %" G_GUINT64_FORMAT ", \"preemptions\": %" G_GUINT64_FORMAT
                              ", \"response_time\": {\"count\": %" G_GUINT64_FORMAT,
                              s->activations, s->preemptions, s->response_count);
      if (s->response_count > 0)
        {
          g_string_append (out, ", \"min\": ");
          append_duration (out, clock, s->response_min);
          g_string_append (out, ", \"max\": ");
          append_duration (out, clock, s->response_max);
          g_autofree char *mean = chrono_clock_format_duration_ratio (clock, s->response_sum, s->response_count);
          g_string_append_printf (out, ", \"mean\": %s}", mean);
        }
      else
        g_string_append (out, ", \"min\": null, \"max\": null, \"mean\": null}");
      g_string_append (out, ", \"running_time\": ");
      append_duration (out, clock, s->running_time);
      break;
    case CHRONO_LANE_RUNNABLE:
      g_string_append_printf (out, ", \"starts\": %" G_GUINT64_FORMAT ", \"running_time\": ", s->starts);
      append_duration (out, clock, s->running_time);
      break;
    case CHRONO_LANE_CORE:
      g_string_append (out, ", \"busy_time\": ");
      append_duration (out, clock, s->busy_time);
      break;
    default: break;
    }
  g_string_append_c (out, '}');
}

/* JSON has no infinity or NaN: such a value is null. */
static void
append_double (GString *out, double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append (out, isfinite (value) ? g_ascii_dtostr (buffer, sizeof buffer, value) : "null");
}

/* The TRACE part of info --json: resources and signals. */
static void
append_claims_json (GString *out, ChronoTrace *trace)
{
  ChronoAttrs *attrs = chrono_trace_get_attrs (trace);
  g_autoptr (GArray) resources = chrono_resource_stats_compute (trace);
  guint64 claims = 0;
  for (guint i = 0; i < resources->len; i++)
    claims += g_array_index (resources, ChronoResourceStats, i).claims;
  g_string_append_printf (
      out, ", \"claims\": %" G_GUINT64_FORMAT ", \"events\": %" G_GUINT64_FORMAT ", \"dependencies\": %u", claims,
      chrono_trace_count_marks (trace), chrono_links_get_n (chrono_trace_get_links (trace)));
  g_string_append (out, ",\n \"resources\": [");
  for (guint i = 0; i < resources->len; i++)
    {
      const ChronoResourceStats *r = &g_array_index (resources, ChronoResourceStats, i);
      const char *name = chrono_attrs_lookup (attrs, chrono_lane_get_attrs (r->lane), "name");
      g_string_append_printf (out, "%s{\"id\": %" G_GINT64_FORMAT ", \"name\": ", i ? ",\n   " : "\n   ",
                              chrono_lane_get_source_id (r->lane));
      chrono_cli_append_json_string_short (out, name ? name : "");
      g_string_append (out, ", \"capacity\": ");
      append_double (out, chrono_lane_get_capacity (r->lane));
      g_string_append_printf (out, ", \"claims\": %" G_GUINT64_FORMAT ", \"usage\": ", r->claims);
      append_double (out, r->usage);
      /* seconds of the trace with 0, 1, 2, … claims on the resource at once */
      g_autoptr (GArray) histogram =
          r->concurrency
              ? g_array_ref (r->concurrency)
              : chrono_resource_concurrency (r->lane, chrono_trace_get_begin (trace), chrono_trace_get_end (trace));
      g_string_append (out, ", \"concurrency\": [");
      for (guint n = 0; n < histogram->len; n++)
        {
          g_autofree char *seconds =
              chrono_clock_format_seconds_exact (chrono_trace_get_clock (trace), g_array_index (histogram, gint64, n));
          g_string_append_printf (out, "%s%s", n ? ", " : "", seconds);
        }
      g_string_append (out, "]}");
    }
  g_string_append (out, "],\n \"signals\": [");
  g_autoptr (GArray) signals = chrono_signal_stats_compute (trace);
  for (guint i = 0; i < signals->len; i++)
    {
      const ChronoSignalStats *s = &g_array_index (signals, ChronoSignalStats, i);
      const char *name = chrono_attrs_lookup (attrs, chrono_lane_get_attrs (s->lane), "name");
      g_string_append_printf (out, "%s{\"id\": %" G_GINT64_FORMAT ", \"name\": ", i ? ",\n   " : "\n   ",
                              chrono_lane_get_source_id (s->lane));
      chrono_cli_append_json_string_short (out, name ? name : "");
      g_string_append_printf (out, ", \"fragments\": %" G_GUINT64_FORMAT ", \"min\": ", s->fragments);
      if (s->has_range)
        {
          append_double (out, s->min);
          g_string_append (out, ", \"max\": ");
          append_double (out, s->max);
        }
      else
        g_string_append (out, "null, \"max\": null");
      g_string_append_c (out, '}');
    }
  if (chrono_trace_is_lazy (trace))
    {
      /* from the claims of decoded windows only, it could be wrong */
      g_printerr (_ ("%s: read lazily, the critical path is not computed (--lazy=never reads it whole)\n"),
                  chrono_trace_get_path (trace));
      g_string_append (out, "],\n \"critical_path\": null}\n");
      return;
    }
  g_string_append (out, "],\n \"critical_path\": [");
  g_autoptr (GArray) path = chrono_critical_path_compute (trace, FALSE);
  for (guint i = 0; i < path->len; i++)
    {
      const ChronoPathStep *step = &g_array_index (path, ChronoPathStep, i);
      ChronoSpans *spans = chrono_lane_get_spans (step->lane);
      g_string_append (out, i ? ",\n   {\"lane\": " : "\n   {\"lane\": ");
      chrono_cli_append_json_string_short (out, chrono_lane_get_name (step->lane));
      g_string_append (out, ", \"begin\": ");
      append_seconds (out, chrono_trace_get_clock (trace), chrono_spans_get_start (spans, step->span));
      g_string_append (out, ", \"end\": ");
      append_seconds (out, chrono_trace_get_clock (trace), chrono_spans_get_end (spans, step->span));
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]}\n");
}

static char *
info_json (ChronoTrace *trace)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  if (chrono_trace_get_statistics (trace) != NULL)
    return chrono_cli_variant_json (chrono_trace_get_statistics (trace));
  GString *out = g_string_new ("{\"file\": ");
  chrono_cli_append_json_string_short (out, chrono_trace_get_path (trace));
  g_string_append (out, ", \"format\": ");
  chrono_cli_append_json_string_short (out, chrono_trace_get_format (trace));
  if (chrono_trace_has_range (trace))
    {
      g_string_append (out, ", \"begin\": ");
      append_seconds (out, clock, chrono_trace_get_begin (trace));
      g_string_append (out, ", \"end\": ");
      append_seconds (out, clock, chrono_trace_get_end (trace));
    }
  else
    g_string_append (out, ", \"begin\": null, \"end\": null");
  g_string_append_printf (out, ", \"ticks_per_second\": %" G_GINT64_FORMAT, clock->ticks_per_second);
  /* a trace of claims reports its resources; one of events its entities */
  gboolean claims = (chrono_trace_get_features (trace) & CHRONO_TRACE_HAS_CLAIMS) != 0;
  if (!claims)
    g_string_append_printf (out, ", \"events\": %" G_GUINT64_FORMAT, chrono_trace_get_n_events (trace));
  g_string_append_printf (out, ", \"warnings\": %" G_GUINT64_FORMAT,
                          chrono_warnings_get_total (chrono_trace_get_warnings (trace)));
  g_string_append_printf (out, ", \"lanes\": %u", chrono_trace_count_lanes (trace));
  if (claims)
    {
      append_claims_json (out, trace);
      return g_string_free (out, FALSE);
    }
  g_string_append (out, ",\n \"entities\": [");
  g_autoptr (GPtrArray) stats = chrono_entity_stats_compute (trace);
  for (guint i = 0; i < stats->len; i++)
    {
      g_string_append (out, i ? ",\n   " : "\n   ");
      append_entity_json (out, clock, g_ptr_array_index (stats, i));
    }
  g_string_append (out, "]}\n");
  return g_string_free (out, FALSE);
}

static char *
format_duration_human (const ChronoClock *clock, guint64 ticks)
{
  return chrono_clock_format_duration (clock, ticks, 6);
}

static void
print_info_human (ChronoTrace *trace)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  g_print ("%s\n", chrono_trace_get_path (trace));
  g_print (_ ("  format:    %s\n"), chrono_trace_get_format (trace));
  if (chrono_trace_has_range (trace))
    {
      /* from the trace's zero: an OTF2 archive's global offset */
      g_autofree char *begin = chrono_clock_format_ticks (clock, chrono_trace_get_begin (trace) - clock->origin, 6);
      g_autofree char *length = format_duration_human (
          clock, chrono_ticks_between (chrono_trace_get_begin (trace), chrono_trace_get_end (trace)));
      g_print (_ ("  begins at: %s\n  length:    %s\n"), begin, length);
    }
  else
    g_print (_ ("  no events\n"));
  g_print (_ ("  events:    %" PRIu64 "\n  lanes:     %u\n  warnings:  %" PRIu64 "\n"),
           chrono_trace_get_n_events (trace), chrono_trace_count_lanes (trace),
           chrono_warnings_get_total (chrono_trace_get_warnings (trace)));
  g_autoptr (GPtrArray) stats = chrono_entity_stats_compute (trace);
  for (guint i = 0; i < stats->len; i++)
    {
      const ChronoEntityStats *s = g_ptr_array_index (stats, i);
      if (s->kind == CHRONO_LANE_PROCESS)
        {
          g_autofree char *running = format_duration_human (clock, s->running_time);
          g_print (_ ("  %-4s %-32s activations %-6" PRIu64 " preemptions %-6" PRIu64 " running %s"), s->type, s->name,
                   s->activations, s->preemptions, running);
          if (s->response_count > 0)
            {
              g_autofree char *worst = format_duration_human (clock, s->response_max);
              g_print (_ ("  worst response %s"), worst);
            }
          g_print ("\n");
        }
      else if (s->kind == CHRONO_LANE_RUNNABLE)
        {
          g_autofree char *running = format_duration_human (clock, s->running_time);
          g_print (_ ("  %-4s %-32s starts %-6" PRIu64 " running %s\n"), s->type, s->name, s->starts, running);
        }
      else
        {
          g_autofree char *busy = format_duration_human (clock, s->busy_time);
          g_print (_ ("  %-4s %-32s busy %s\n"), s->type, s->name, busy);
        }
    }
}

int
chrono_cli_info (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_cli_parse_options (command, _ ("FILE… — summarise traces"), &argc, &argv, &error) || argc < 2)
    {
      g_printerr ("chronoscope-cli info: %s\n", error ? error->message : _ ("no file given"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  int status = CHRONO_CLI_EXIT_OK;
  if (given.json && argc > 2)
    g_print ("[");
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (ChronoTrace) trace = chrono_cli_load (argv[i]);
      if (trace == NULL)
        {
          status = CHRONO_CLI_EXIT_FAILED;
          continue;
        }
      if (given.json)
        {
          g_autofree char *text = info_json (trace);
          g_print ("%s%s", i > 1 ? "," : "", text);
        }
      else
        print_info_human (trace);
    }
  if (given.json && argc > 2)
    g_print ("]\n");
  return status;
}
