/* chrono-cli-info.c — `chronoscope-cli info`: a summary of each trace, as
 * text or as JSON (the report of chrono-report.c, which the per-format
 * checkers recompute independently). */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <inttypes.h>

#include "chrono-cli-commands.h"
#include "chrono-cli-json.h"
#include "chrono-entity-stats.h"
#include "chrono-report.h"

static struct {
  gboolean json;
} given;

const GOptionEntry chrono_cli_info_options[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &given.json, N_ ("Print JSON"), NULL },
  { NULL },
};

static char *
info_json (ChronoTrace *trace)
{
  ChronoReportGaps gaps;
  char *text = chrono_cli_report_json (trace, &gaps);
  if (gaps & CHRONO_REPORT_NO_CRITICAL_PATH)
    g_printerr (_ ("%s: read lazily, the critical path is not computed (--lazy=never reads it whole)\n"),
                chrono_trace_get_path (trace));
  return text;
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
