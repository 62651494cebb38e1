/* chronoscope-cli — trace summaries, checks, dumps and picture export with
 * no display: `info`, `check`, `dump`, `export`, and `merge` of several
 * traces into one. */
#include <inttypes.h>
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "chrono-cli-args.h"
#include "chrono-cli-chains.h"
#include "chrono-cli-common.h"
#include "chrono-cli-json.h"
#include "chrono-cli-stats.h"
#include "chrono-instance-life.h"
#include "chrono-range-stats.h"
#include "chrono-dump.h"
#include "chrono-critical-path.h"
#include "chrono-entity-stats.h"
#include "chrono-export.h"
#include "chrono-layout.h"
#include "chrono-loader.h"
#include "chrono-output-file.h"
#include "chrono-renderer.h"
#include "chrono-resource-stats.h"
#include "chrono-requirements.h"
#include "chrono-cli-requirements.h"
#include "chrono-resource-usage.h"
#include "chrono-view-state.h"
#include "chrono-viewport.h"

enum { EXIT_OK = 0, EXIT_WARNINGS = 1, EXIT_FAILED = 2 };

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

/* ---- range: what a time range holds, lane by lane ------------------------- */

static void
add_seconds (JsonBuilder *b, const char *key, const ChronoClock *clock, gint64 ticks)
{
  json_builder_set_member_name (b, key);
  json_builder_add_double_value (b, chrono_clock_to_seconds (clock, ticks));
}

static char *
range_json (ChronoTrace *trace, gint64 begin, gint64 end, GArray *lanes)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  add_seconds (b, "begin", clock, begin);
  add_seconds (b, "end", clock, end);
  json_builder_set_member_name (b, "lanes");
  json_builder_begin_array (b);
  for (guint i = 0; i < lanes->len; i++)
    {
      const ChronoRangeLane *r = &g_array_index (lanes, ChronoRangeLane, i);
      g_autofree char *path = chrono_lane_dup_path (r->lane);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "lane");
      json_builder_add_string_value (b, path);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, chrono_lane_kind_get_name (chrono_lane_get_kind (r->lane)));
      json_builder_set_member_name (b, "states");
      json_builder_begin_object (b);
      for (guint s = CHRONO_STATE_NONE + 1; s < CHRONO_N_STATES; s++)
        if (r->time_in_state[s] > 0)
          add_seconds (b, chrono_state_get_name (s), clock, (gint64) MIN (r->time_in_state[s], (guint64) G_MAXINT64));
      json_builder_end_object (b);
      json_builder_set_member_name (b, "busy_share");
      json_builder_add_double_value (b, (double) r->busy / chrono_ticks_apart (begin, end));
      json_builder_set_member_name (b, r->exact_items ? "begun" : "overlapping");
      json_builder_add_int_value (b, r->begun);
      json_builder_set_member_name (b, "longest");
      if (r->has_longest)
        {
          json_builder_begin_object (b);
          add_seconds (b, "begin", clock, r->longest_start);
          add_seconds (b, "end", clock, r->longest_end);
          add_seconds (b, "duration", clock, r->longest_end - r->longest_start);
          json_builder_end_object (b);
        }
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  return chrono_cli_json_text (root);
}

static char *
range_text (ChronoTrace *trace, gint64 begin, gint64 end, GArray *lanes)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GString *out = g_string_new (NULL);
  g_autofree char *from = chrono_clock_format_ticks (clock, begin - chrono_trace_get_begin (trace), 7);
  g_autofree char *to = chrono_clock_format_ticks (clock, end - chrono_trace_get_begin (trace), 7);
  g_string_append_printf (out, _ ("%s from %s to %s\n"), chrono_trace_get_path (trace), from, to);
  for (guint i = 0; i < lanes->len; i++)
    {
      const ChronoRangeLane *r = &g_array_index (lanes, ChronoRangeLane, i);
      g_autofree char *path = chrono_lane_dup_path (r->lane);
      double share = 100.0 * (double) r->busy / chrono_ticks_apart (begin, end);
      g_string_append_printf (out, _ ("  %s: busy %.1f %%, %u items"), path, share, r->begun);
      if (r->has_longest)
        {
          g_autofree char *longest =
              chrono_clock_format_duration (clock, (guint64) (r->longest_end - r->longest_start), 6);
          g_string_append_printf (out, _ (", longest %s"), longest);
        }
      for (guint s = CHRONO_STATE_NONE + 1; s < CHRONO_N_STATES; s++)
        if (r->time_in_state[s] > 0)
          {
            g_autofree char *t = chrono_clock_format_duration (clock, r->time_in_state[s], 6);
            g_string_append_printf (out, "; %s %s", chrono_state_get_label (s), t);
          }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static int
command_range (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autofree char *range = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("Print JSON"), NULL },
    { "range", 0, 0, G_OPTION_ARG_STRING, &range, N_ ("Time range from the trace start, e.g. 10ms..30ms"),
      N_ ("BEGIN..END") },
    { NULL },
  };
  g_autoptr (GOptionContext) context =
      g_option_context_new (_ ("FILE --range BEGIN..END — time per state, busy share and items of every lane"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, chrono_cli_loader_entries (), GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || range == NULL)
    {
      g_printerr ("chronoscope-cli range: %s\n", error ? error->message : _ ("give one file and --range BEGIN..END"));
      return EXIT_FAILED;
    }
  /* lazily read files answer from their summaries: items then overlap rather than begin */
  g_autoptr (ChronoTrace) trace = chrono_cli_load (argv[1]);
  if (trace == NULL)
    return EXIT_FAILED;
  gint64 begin, end;
  if (!chrono_cli_parse_range (range, trace, &begin, &end, &error))
    {
      g_printerr ("chronoscope-cli range: %s\n", error->message);
      return EXIT_FAILED;
    }
  g_autoptr (GArray) lanes = chrono_range_stats_compute (trace, begin, end);
  g_autofree char *text = json ? range_json (trace, begin, end, lanes) : range_text (trace, begin, end, lanes);
  fputs (text, stdout);
  return EXIT_OK;
}

/* ---- life: what the inspector shows for a process instance ---------------- */

static void
add_seconds_or_null (JsonBuilder *b, const char *key, const ChronoClock *clock, gboolean known, gint64 ticks)
{
  json_builder_set_member_name (b, key);
  if (known)
    json_builder_add_double_value (b, chrono_clock_to_seconds (clock, ticks));
  else
    json_builder_add_null_value (b);
}

static void
add_preemptions_json (JsonBuilder *b, const ChronoInstanceLife *life, const ChronoClock *clock)
{
  json_builder_set_member_name (b, "preemptions");
  json_builder_begin_array (b);
  for (guint i = 0; i < life->preemptions->len; i++)
    {
      const ChronoLifePreemption *p = g_ptr_array_index (life->preemptions, i);
      json_builder_begin_object (b);
      add_seconds_or_null (b, "at", clock, TRUE, p->time);
      json_builder_set_member_name (b, "core");
      if (p->core != NULL)
        json_builder_add_string_value (b, p->core);
      else
        json_builder_add_null_value (b);
      add_seconds_or_null (b, "duration", clock, TRUE, p->duration);
      json_builder_set_member_name (b, "ran");
      json_builder_begin_array (b);
      for (guint k = 0; k < p->ran->len; k++)
        {
          const ChronoLifeOccupant *o = g_ptr_array_index (p->ran, k);
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "entity");
          json_builder_add_string_value (b, o->process);
          json_builder_set_member_name (b, "instance");
          if (o->number != G_MININT64)
            json_builder_add_int_value (b, o->number);
          else
            json_builder_add_null_value (b);
          add_seconds_or_null (b, "time", clock, TRUE, o->time);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static char *
life_json (const ChronoInstanceLife *life, const ChronoClock *clock)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "entity");
  json_builder_add_string_value (b, life->process);
  json_builder_set_member_name (b, "instance");
  json_builder_add_int_value (b, life->number != G_MININT64 ? life->number : life->index);
  add_seconds_or_null (b, "activated", clock, life->activated, life->begin);
  add_seconds_or_null (b, "started", clock, life->first_start != G_MININT64, life->first_start);
  add_seconds_or_null (b, "terminated", clock, life->terminated, life->end);
  add_seconds_or_null (b, "response_time", clock, life->response_time >= 0, life->response_time);
  json_builder_set_member_name (b, "states");
  json_builder_begin_object (b);
  for (guint s = CHRONO_STATE_NONE + 1; s < CHRONO_N_STATES; s++)
    if (life->time_in_state[s] > 0)
      {
        json_builder_set_member_name (b, chrono_state_get_label (s));
        json_builder_add_double_value (b, chrono_clock_to_seconds (clock, life->time_in_state[s]));
      }
  json_builder_end_object (b);
  add_preemptions_json (b, life, clock);
  json_builder_end_object (b);
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  return chrono_cli_json_text (root);
}

/* "Task_A#3": the process lane named Task_A and its instance numbered 3 by the producer. */
static gboolean
find_instance (ChronoTrace *trace, const char *spec, ChronoLane **out_lane, guint *out_index, GError **error)
{
  const char *hash = strrchr (spec, '#');
  char *end = NULL;
  gint64 number = hash ? g_ascii_strtoll (hash + 1, &end, 10) : 0;
  if (hash == NULL || end == hash + 1 || *end != '\0')
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("“%s” must be ENTITY#N: a task or ISR and its instance number, e.g. Task_A#3"), spec);
      return FALSE;
    }
  g_autofree char *name = g_strndup (spec, hash - spec);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoInstances *instances = chrono_lane_get_instances (lane);
      if (instances == NULL || !g_str_equal (chrono_lane_get_name (lane), name))
        continue;
      for (guint k = 0; k < chrono_instances_get_n (instances); k++)
        if (chrono_instances_get (instances, k)->number == number)
          {
            *out_lane = lane;
            *out_index = k;
            return TRUE;
          }
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _ ("%s has no instance #%" PRId64), name, number);
      return FALSE;
    }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _ ("no task or ISR named “%s”"), name);
  return FALSE;
}

static int
command_life (int argc, char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("Print JSON"), NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context =
      g_option_context_new (_ ("FILE ENTITY#N — the life of a task or ISR instance, as the inspector shows it"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, chrono_cli_loader_entries (), GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 3)
    {
      g_printerr ("chronoscope-cli life: %s\n", error ? error->message : _ ("give one file and ENTITY#N"));
      return EXIT_FAILED;
    }
  /* the life needs every span of the instance: the whole file is read */
  g_autoptr (ChronoTrace) trace = chrono_cli_load_with (argv[1], "never");
  if (trace == NULL)
    return EXIT_FAILED;
  ChronoLane *lane;
  guint index;
  if (!find_instance (trace, argv[2], &lane, &index, &error))
    {
      g_printerr ("chronoscope-cli life: %s: %s\n", argv[1], error->message);
      return EXIT_FAILED;
    }
  g_autoptr (ChronoInstanceLife) life = chrono_instance_life_new (trace, lane, index);
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  g_autofree char *text = json ? life_json (life, clock) : chrono_instance_life_to_text (life, clock);
  fputs (text, stdout);
  return EXIT_OK;
}

/* ---- stats: timing metrics per task, ISR and runnable ---------------------- */

/* "Task_A=10ms": the period the jitters of Task_A are measured against. */
static gboolean
parse_periods (char **given, ChronoTrace *trace, GHashTable *periods, GError **error)
{
  for (guint i = 0; given != NULL && given[i] != NULL; i++)
    {
      const char *equals = strrchr (given[i], '=');
      double seconds;
      if (equals == NULL || equals == given[i])
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _ ("period “%s” must be ENTITY=DURATION, e.g. Task_A=10ms"), given[i]);
          return FALSE;
        }
      if (!chrono_clock_parse_duration (chrono_trace_get_clock (trace), equals + 1, &seconds, error))
        return FALSE;
      gint64 ticks = chrono_clock_from_seconds (chrono_trace_get_clock (trace), seconds);
      if (ticks <= 0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _ ("period “%s” is shorter than one tick of the trace’s clock"), given[i]);
          return FALSE;
        }
      g_hash_table_insert (periods, g_strndup (given[i], equals - given[i]), g_memdup2 (&ticks, sizeof ticks));
    }
  return TRUE;
}

static int
stats_failed (const char *path, GError *error)
{
  g_printerr ("chronoscope-cli stats: %s%s%s\n", path ? path : "", path ? ": " : "", error->message);
  return EXIT_FAILED;
}

static int
command_stats (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autofree char *entity = NULL, *range = NULL;
  g_auto (GStrv) periods = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("Print JSON"), NULL },
    { "entity", 0, 0, G_OPTION_ARG_STRING, &entity, N_ ("Only the task, ISR or runnable of this name"), N_ ("NAME") },
    { "range", 0, 0, G_OPTION_ARG_STRING, &range,
      N_ ("Only the instances activated in this time range from the trace start, e.g. 10ms..30ms"), N_ ("BEGIN..END") },
    { "period", 0, 0, G_OPTION_ARG_STRING_ARRAY, &periods,
      N_ ("The period the jitters of ENTITY are measured against (default: the median distance of its activations)"),
      N_ ("ENTITY=DURATION") },
    { NULL },
  };
  g_autoptr (GOptionContext) context =
      g_option_context_new (_ ("FILE — timing metrics of every task, ISR and runnable instance"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, chrono_cli_loader_entries (), GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return stats_failed (NULL, error);
  if (argc != 2)
    {
      g_printerr ("chronoscope-cli stats: %s\n", _ ("give exactly one file"));
      return EXIT_FAILED;
    }
  /* metrics need every instance: the whole file is read */
  g_autoptr (ChronoTrace) trace = chrono_cli_load_with (argv[1], "never");
  if (trace == NULL)
    return EXIT_FAILED;
  ChronoMetricsOptions options;
  chrono_metrics_options_init (&options);
  options.entity = entity;
  g_autoptr (GHashTable) given_periods = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  options.periods = given_periods;
  if ((range != NULL && !chrono_cli_parse_range (range, trace, &options.begin, &options.end, &error))
      || !parse_periods (periods, trace, given_periods, &error))
    return stats_failed (argv[1], error);
  g_autoptr (GPtrArray) metrics = chrono_metrics_compute (trace, &options);
  if (entity != NULL && metrics->len == 0)
    {
      g_printerr (_ ("chronoscope-cli stats: %s: no task, ISR or runnable named “%s”\n"), argv[1], entity);
      return EXIT_FAILED;
    }
  g_autofree char *text = json ? chrono_cli_stats_json (trace, metrics) : chrono_cli_stats_text (trace, metrics);
  fputs (text, stdout);
  return EXIT_OK;
}

/* ---- chains: end-to-end latency and data age of event chains ------------ */

static int
chains_failed (const char *path, GError *error)
{
  g_printerr ("chronoscope-cli chains: %s%s%s\n", path ? path : "", path ? ": " : "", error->message);
  return EXIT_FAILED;
}

static int
command_chains (int argc, char **argv)
{
  gboolean json = FALSE;
  g_auto (GStrv) chains = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("Print JSON"), NULL },
    { "chain", 0, 0, G_OPTION_ARG_STRING_ARRAY, &chains,
      N_ ("An event chain, e.g. 'brake: STI_Pedal -> R_ReadPedal -> R_WriteBrake' (repeatable)"),
      N_ ("NAME: A -> B -> …") },
    { NULL },
  };
  g_autoptr (GOptionContext) context =
      g_option_context_new (_ ("FILE — end-to-end latency and data age of event chains"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, chrono_cli_loader_entries (), GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return chains_failed (NULL, error);
  if (argc != 2 || chains == NULL)
    {
      g_printerr ("chronoscope-cli chains: %s\n", _ ("give exactly one file and at least one --chain"));
      return EXIT_FAILED;
    }
  g_autoptr (GPtrArray) specs = g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_chain_spec_free);
  for (guint i = 0; chains[i] != NULL; i++)
    {
      ChronoChainSpec *spec = chrono_chain_spec_parse (chains[i], &error);
      if (spec == NULL)
        return chains_failed (NULL, error);
      g_ptr_array_add (specs, spec);
    }
  /* a chain needs every instance: the whole file is read */
  g_autoptr (ChronoTrace) trace = chrono_cli_load_with (argv[1], "never");
  if (trace == NULL)
    return EXIT_FAILED;
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_chain_result_free);
  for (guint i = 0; i < specs->len; i++)
    {
      ChronoChainResult *result = chrono_chains_compute (trace, g_ptr_array_index (specs, i), &error);
      if (result == NULL)
        return chains_failed (argv[1], error);
      g_ptr_array_add (results, result);
    }
  g_autofree char *text = json ? chrono_cli_chains_json (trace, results) : chrono_cli_chains_text (trace, results);
  fputs (text, stdout);
  return EXIT_OK;
}

static int
command_info (int argc, char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("Print JSON"), NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("FILE… — summarise traces"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, chrono_cli_loader_entries (), GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc < 2)
    {
      g_printerr ("chronoscope-cli info: %s\n", error ? error->message : _ ("no file given"));
      return EXIT_FAILED;
    }
  int status = EXIT_OK;
  if (json && argc > 2)
    g_print ("[");
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (ChronoTrace) trace = chrono_cli_load (argv[i]);
      if (trace == NULL)
        {
          status = EXIT_FAILED;
          continue;
        }
      if (json)
        {
          g_autofree char *text = info_json (trace);
          g_print ("%s%s", i > 1 ? "," : "", text);
        }
      else
        print_info_human (trace);
    }
  if (json && argc > 2)
    g_print ("]\n");
  return status;
}

/* One line per violation: the trace line that activated the instance, the
 * requirement as written, the value and when. */
static void
print_violation (const char *path, ChronoTrace *trace, const ChronoViolation *v)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  const ChronoRequirement *r = v->requirement;
  g_autofree char *at = chrono_clock_format_ticks (clock, v->time - clock->origin, 12);
  g_autofree char *value = NULL;
  if (r->kind == CHRONO_REQUIREMENT_LOAD)
    value = g_strdup_printf ("%.6g%%", v->load);
  else if (r->kind == CHRONO_REQUIREMENT_METRIC && chrono_metric_is_count (r->metric))
    value = g_strdup_printf ("%" G_GINT64_FORMAT, v->value);
  else
    value = chrono_clock_format_duration (clock, (guint64) v->value, 6);
  if (v->line > 0)
    g_print ("%s:%" G_GUINT64_FORMAT ": %s: %s ", path, v->line, r->text, value);
  else
    g_print ("%s: %s: %s ", path, r->text, value);
  /* TRANSLATORS: a requirement's violation: "<value> at <time>" */
  g_print (_ ("at %s"), at);
  if (v->number != G_MININT64)
    g_print (" (#%" G_GINT64_FORMAT ")", v->number);
  g_print ("\n");
}

/* Exit 0 when every trace meets every requirement, 1 when one is violated. */
static int
check_requirements (const char *requirements_path, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) requirements = NULL;
  if (!g_file_get_contents (requirements_path, &text, NULL, &error)
      || (requirements = chrono_requirements_parse (text, &error)) == NULL)
    {
      g_printerr ("chronoscope-cli check: %s: %s\n", requirements_path, error->message);
      return EXIT_FAILED;
    }
  int status = EXIT_OK;
  for (int i = 1; i < argc; i++)
    {
      /* metrics need every instance: the whole file is read */
      g_autoptr (ChronoTrace) trace = chrono_cli_load_with (argv[i], "never");
      if (trace == NULL)
        return EXIT_FAILED;
      g_autoptr (GArray) violations = chrono_requirements_check (requirements, trace, &error);
      if (violations == NULL)
        {
          g_printerr ("chronoscope-cli check: %s: %s: %s\n", argv[i], requirements_path, error->message);
          return EXIT_FAILED;
        }
      for (guint v = 0; v < violations->len; v++)
        print_violation (argv[i], trace, &g_array_index (violations, ChronoViolation, v));
      if (violations->len > 0)
        status = EXIT_WARNINGS;
    }
  return status;
}

static int
command_check (int argc, char **argv)
{
  g_autofree char *requirements = NULL;
  GOptionEntry entries[] = {
    { "requirements", 0, 0, G_OPTION_ARG_FILENAME, &requirements,
      N_ ("Check the traces against the timing requirements in FILE instead (exit 1 when one is violated)"),
      N_ ("FILE") },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("FILE… — list problems, one per line"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, chrono_cli_loader_entries (), GETTEXT_PACKAGE);
  g_autoptr (GError) parse_error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &parse_error))
    {
      g_printerr ("chronoscope-cli check: %s\n", parse_error->message);
      return EXIT_FAILED;
    }
  if (argc < 2)
    {
      g_printerr ("chronoscope-cli check: %s\n", _ ("no file given"));
      return EXIT_FAILED;
    }
  if (requirements != NULL)
    return check_requirements (requirements, argc, argv);
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  chrono_cli_collect_loader_options (options);
  int status = EXIT_OK;
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ChronoTrace) trace = chrono_load_file_with_options (argv[i], options, NULL, NULL, NULL, &error);
      if (trace == NULL)
        {
          g_print ("%s: error: %s\n", argv[i], error->message);
          status = EXIT_FAILED;
          continue;
        }
      ChronoWarnings *warnings = chrono_trace_get_warnings (trace);
      for (guint w = 0; w < chrono_warnings_get_n_kept (warnings); w++)
        {
          const ChronoWarning *warning = chrono_warnings_get_kept (warnings, w);
          if (warning->has_time) /* its message says where */
            g_print ("%s: warning: %s\n", argv[i], warning->message);
          else
            g_print ("%s:%" G_GUINT64_FORMAT ": warning: %s\n", argv[i], warning->line, warning->message);
        }
      guint64 unlisted = chrono_warnings_get_unlisted (warnings);
      if (unlisted > 0)
        g_print ("%s: warning: %" G_GUINT64_FORMAT " more warnings not listed\n", argv[i], unlisted);
      if (chrono_warnings_get_total (warnings) > 0 && status == EXIT_OK)
        status = EXIT_WARNINGS;
    }
  return status;
}

static int
command_dump (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("FILE — print the loaded model as text"));
  g_option_context_add_main_entries (context, chrono_cli_loader_entries (), GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("chronoscope-cli dump: %s\n", error->message);
      return EXIT_FAILED;
    }
  if (argc != 2)
    {
      g_printerr ("chronoscope-cli dump: %s\n", _ ("give exactly one file"));
      return EXIT_FAILED;
    }
  /* a dump lists every item, so the whole file is decoded */
  g_autoptr (ChronoTrace) trace = chrono_cli_load_with (argv[1], "never");
  if (trace == NULL)
    return EXIT_FAILED;
  g_autofree char *text = chrono_trace_dump (trace);
  fputs (text, stdout);
  return EXIT_OK;
}

/* A file rewritten in its format's other form (binary ⇄ text), by its
 * loader; the output appears whole or not at all, never over the input. */
static int
command_convert (int argc, char **argv)
{
  g_autofree char *output = NULL, *byte_order = NULL;
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_ ("File to write"), N_ ("OUT") },
    { "byte-order", 0, 0, G_OPTION_ARG_STRING, &byte_order,
      N_ ("Byte order of the binary side: the input's when reading binary (instead of detecting it), the "
          "output's when writing binary (little when absent)"),
      N_ ("little|big") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_ ("Replace OUT when it exists; convert even when the byte order given makes times go back"), NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("FILE -o OUT — convert between a format's forms"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("chronoscope-cli convert: %s\n", error->message);
      return EXIT_FAILED;
    }
  if (argc != 2 || output == NULL)
    {
      g_printerr ("chronoscope-cli convert: %s\n", _ ("give one file and -o OUT"));
      return EXIT_FAILED;
    }
  if (byte_order != NULL && !g_str_equal (byte_order, "little") && !g_str_equal (byte_order, "big"))
    {
      g_printerr (_ ("chronoscope-cli convert: --byte-order takes little or big, not “%s”\n"), byte_order);
      return EXIT_FAILED;
    }
  const char *inputs[] = { argv[1], NULL };
  if (chrono_output_file_is_any_of (output, inputs))
    {
      g_printerr (_ ("chronoscope-cli convert: %s: would overwrite its input\n"), output);
      return EXIT_FAILED;
    }
  if (!chrono_cli_check_output ("convert", output, force))
    return EXIT_FAILED;
  const ChronoLoaderInfo *loader = chrono_loaders_sniff (argv[1], &error);
  if (loader != NULL && loader->convert == NULL)
    g_set_error (&error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                 _ ("%s: %s files have only one form; there is nothing to convert to"), argv[1], loader->description);
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  if (byte_order != NULL)
    g_hash_table_insert (options, "byte-order", byte_order);
  if (force)
    g_hash_table_insert (options, "force", "true");
  if (error != NULL || !loader->convert (argv[1], output, options, &error))
    {
      g_printerr ("chronoscope-cli convert: %s\n", error->message);
      return EXIT_FAILED;
    }
  return EXIT_OK;
}

/* A lazily read trace exports what the viewer would show: the chunks of the
 * range in detail when they fit the memory budget, the summaries otherwise. */
static gboolean
decode_visible_chunks (ChronoTrace *trace, const ChronoRenderOptions *o, GError **error)
{
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  if (cache == NULL)
    return TRUE;
  g_autoptr (GArray) chunks = chrono_trace_find_chunks (trace, o->begin, o->end);
  if (chunks->len > chrono_chunk_cache_get_capacity (cache))
    return TRUE;
  for (guint i = 0; i < chunks->len; i++)
    if (chrono_chunk_cache_decode (cache, g_array_index (chunks, guint, i), error) == NULL)
      return FALSE;
  return TRUE;
}

/* Several traces on the first one's clock: aligned by their starts or
 * wall clocks, then each moved by its --shift. */
static ChronoTraceSet *
make_trace_set (GPtrArray *traces, const char *align, char **shifts, GError **error)
{
  ChronoAlignment alignment = CHRONO_ALIGN_START;
  if (align != NULL && g_str_equal (align, "wallclock"))
    alignment = CHRONO_ALIGN_WALL_CLOCK;
  else if (align != NULL && g_str_equal (align, "timestamps"))
    alignment = CHRONO_ALIGN_TIMESTAMPS;
  else if (align != NULL && !g_str_equal (align, "start"))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _ ("--align takes start, wallclock or timestamps"));
      return NULL;
    }
  g_autoptr (ChronoTraceSet) set = chrono_trace_set_new (g_ptr_array_index (traces, 0));
  for (guint i = 1; i < traces->len; i++)
    if (!chrono_trace_set_add (set, g_ptr_array_index (traces, i), alignment, error))
      return NULL;
  for (guint k = 0; shifts != NULL && shifts[k] != NULL; k++)
    {
      guint index;
      gint64 ticks;
      if (!chrono_cli_parse_shift (shifts[k], g_ptr_array_index (traces, 0), &index, &ticks, error))
        return NULL;
      if (index > traces->len)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _ ("shift “%s”: there are only %u traces"),
                       shifts[k], traces->len);
          return NULL;
        }
      if (!chrono_trace_set_set_shift (set, index - 1, ticks))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _ ("shift “%s” moves the trace past the times the clock can count"), shifts[k]);
          return NULL;
        }
    }
  return g_steal_pointer (&set);
}

static int
export_failed (GError *error)
{
  g_printerr ("chronoscope-cli export: %s\n", error->message);
  return EXIT_FAILED;
}

/* The marks of a requirements file on the first trace, read whole. */
static gboolean
export_marks (ChronoTrace *trace, guint n_traces, const char *path, const char *chain_path, ChronoCliMarks *marks,
              GError **error)
{
  if (n_traces > 1)
    {
      g_set_error_literal (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                           _ ("--requirements marks one trace; give one file"));
      return FALSE;
    }
  if (chrono_trace_is_lazy (trace))
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s: read lazily, requirements cannot be checked (--lazy=never reads it whole)"),
                   chrono_trace_get_path (trace));
      return FALSE;
    }
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, error))
    return FALSE;
  return chrono_cli_marks_compute (trace, path, text, chain_path, marks, error);
}

/* The names of the traces shown, as the window's title gives them (told apart when their files share a name). */
static char *
export_title (GPtrArray *traces, ChronoTraceSet *set)
{
  g_autoptr (GString) title = g_string_new (NULL);
  for (guint i = 0; i < traces->len; i++)
    {
      g_autofree char *name = set != NULL ? chrono_trace_set_dup_name (set, i)
                                          : g_path_get_basename (chrono_trace_get_path (g_ptr_array_index (traces, i)));
      g_autofree char *valid = chrono_utf8_dup (name);
      if (i > 0)
        g_string_append (title, " + ");
      g_string_append (title, valid);
    }
  return g_string_free (g_steal_pointer (&title), FALSE);
}

static int
command_export (int argc, char **argv)
{
  g_autofree char *output = NULL, *range = NULL, *size = NULL, *marker_a = NULL, *marker_b = NULL, *align = NULL;
  g_autofree char *view = NULL;
  g_auto (GStrv) shifts = NULL;
  gboolean dark = FALSE, critical = FALSE, with_name = FALSE, force = FALSE, no_arrows = FALSE;
  g_autofree char *label_by = NULL, *requirements = NULL, *chain_path = NULL, *arrows = NULL;
  GOptionEntry entries[] = {
    { "no-arrows", 0, 0, G_OPTION_ARG_NONE, &no_arrows, N_ ("Draw no arrows (messages, dependencies)"), NULL },
    { "arrows", 0, 0, G_OPTION_ARG_STRING, &arrows,
      N_ ("Draw only the messages (OTF2) of this communicator, tag and least size"),
      N_ ("communicator=NAME,tag=N,min-bytes=N") },
    { "requirements", 0, 0, G_OPTION_ARG_FILENAME, &requirements,
      N_ ("Mark every violation of the timing requirements in REQ on its lane"), N_ ("REQ") },
    { "chain-path", 0, 0, G_OPTION_ARG_STRING, &chain_path,
      N_ ("Draw the path of an instance of a chain REQ defines: the worst (default) or the Nth measured, by "
          "latency (default) or data_age; without --range the picture spans it"),
      N_ ("NAME[:MEASURE][@worst|@N]") },
    { "label-by", 0, 0, G_OPTION_ARG_STRING, &label_by, N_ ("TRACE: attribute whose value labels claims"), N_ ("KEY") },
    { "critical-path", 0, 0, G_OPTION_ARG_NONE, &critical, N_ ("TRACE: outline the critical path"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_ ("Picture to write: .png, .svg or .pdf"), N_ ("OUT") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_ ("Replace OUT when it exists"), NULL },
    { "range", 0, 0, G_OPTION_ARG_STRING, &range, N_ ("Time range from the trace start, e.g. 10ms..30ms"),
      N_ ("BEGIN..END") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size, N_ ("Picture size in pixels (height 0: fit all lanes)"), N_ ("WxH") },
    { "dark", 0, 0, G_OPTION_ARG_NONE, &dark, N_ ("Dark colours"), NULL },
    { "name", 0, 0, G_OPTION_ARG_NONE, &with_name, N_ ("The trace's file name in the picture's corner"), NULL },
    { "marker-a", 0, 0, G_OPTION_ARG_STRING, &marker_a, N_ ("Marker A at this time from the trace start, e.g. 12ms"),
      N_ ("TIME") },
    { "marker-b", 0, 0, G_OPTION_ARG_STRING, &marker_b, N_ ("Marker B at this time from the trace start"),
      N_ ("TIME") },
    { "align", 0, 0, G_OPTION_ARG_STRING, &align,
      N_ ("Several traces: line them up by their starts (default), their wall clocks, or their timestamps as they "
          "are (one clock)"),
      N_ ("start|wallclock|timestamps") },
    { "shift", 0, 0, G_OPTION_ARG_STRING_ARRAY, &shifts,
      N_ ("Several traces: move trace N (2, 3, …) by TIME of the first trace's clock (repeatable)"), N_ ("N=TIME") },
    { "view", 0, 0, G_OPTION_ARG_FILENAME, &view,
      N_ ("A view saved by the viewer (TRACE.chronoscope.json): its range, markers, hidden and folded lanes, "
          "bookmarks and notes; --range and --marker-a/b still win"),
      N_ ("FILE") },
    { NULL },
  };
  g_autoptr (GOptionContext) context =
      g_option_context_new (_ ("FILE… -o OUT.png|svg|pdf — export the timeline of one trace or several"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, chrono_cli_loader_entries (), GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return export_failed (error);
  if (argc < 2 || output == NULL)
    {
      g_printerr ("chronoscope-cli export: %s\n",
                  _ ("usage: export FILE… -o OUT.png|svg|pdf [--range BEGIN..END] [--size WxH]"));
      return EXIT_FAILED;
    }
  ChronoExportFormat format;
  if (!chrono_export_format_from_path (output, &format))
    {
      g_printerr ("chronoscope-cli export: %s\n", _ ("the output must end in .png, .svg or .pdf"));
      return EXIT_FAILED;
    }
  for (int i = 1; i < argc; i++)
    {
      const char *one[] = { argv[i], NULL };
      if (chrono_output_file_is_any_of (output, one))
        {
          g_printerr (
              _ ("chronoscope-cli export: %s is the trace being read (%s); the picture needs a name of its own\n"),
              output, argv[i]);
          return EXIT_FAILED;
        }
    }
  if (!chrono_cli_check_output ("export", output, force))
    return EXIT_FAILED;
  int width = 1600, height = 0;
  if (size && !chrono_cli_parse_size (size, &width, &height, &error))
    return export_failed (error);
  g_autoptr (GPtrArray) traces = g_ptr_array_new_with_free_func (g_object_unref);
  for (int i = 1; i < argc; i++)
    {
      ChronoTrace *trace = chrono_cli_load (argv[i]);
      if (trace == NULL)
        return EXIT_FAILED;
      g_ptr_array_add (traces, trace);
    }
  ChronoTrace *trace = g_ptr_array_index (traces, 0);
  g_autoptr (ChronoTraceSet) set = NULL;
  if (traces->len > 1 && (set = make_trace_set (traces, align, shifts, &error)) == NULL)
    return export_failed (error);

  ChronoRenderOptions options;
  chrono_render_options_init (&options, trace, width, height);
  if (set != NULL && chrono_trace_set_get_range (set, &options.begin, &options.end))
    {
      options.end = MAX (options.end, options.begin + 1);
      options.origin = options.begin;
    }
  options.dark = dark;
  options.label_attribute = label_by;
  options.links.hidden = no_arrows;
  if (arrows != NULL && !chrono_link_filter_parse (&options.links, arrows, &error))
    return export_failed (error);
  g_autofree char *title = with_name ? export_title (traces, set) : NULL;
  options.title = title;
  ChronoRenderOverlays overlays;
  chrono_render_overlays_init (&overlays);
  options.overlays = &overlays;
  g_autoptr (ChronoViewState) state = NULL;
  if (view != NULL)
    {
      const char *inputs[] = { view, NULL };
      if (chrono_output_file_is_any_of (output, inputs))
        {
          g_printerr (_ ("chronoscope-cli export: %s is the view being read; the picture needs a name of its own\n"),
                      output);
          return EXIT_FAILED;
        }
      if ((state = chrono_view_state_load (view, &error)) == NULL)
        return export_failed (error);
      g_autofree char *mismatch = chrono_view_state_check_trace (state, trace);
      if (mismatch != NULL)
        g_printerr ("chronoscope-cli export: %s: %s\n", view, mismatch);
      /* the viewer's viewport takes the view, so range and markers are held to the trace as they are there */
      g_autoptr (ChronoViewport) viewport = chrono_viewport_new (options.begin, options.end);
      chrono_viewport_apply_view_state (viewport, state);
      options.begin = chrono_viewport_get_begin (viewport);
      options.end = chrono_viewport_get_end (viewport);
      options.origin = chrono_viewport_get_origin (viewport);
      overlays.has_marker_a = chrono_viewport_get_marker (viewport, CHRONO_MARKER_A, &overlays.marker_a);
      overlays.has_marker_b = chrono_viewport_get_marker (viewport, CHRONO_MARKER_B, &overlays.marker_b);
      overlays.annotations = state;
    }
  g_auto (ChronoCliMarks) marks = { 0 };
  if (chain_path != NULL && requirements == NULL)
    {
      g_printerr ("chronoscope-cli export: %s\n", _ ("--chain-path names a chain of the --requirements file"));
      return EXIT_FAILED;
    }
  if (requirements != NULL && !export_marks (trace, traces->len, requirements, chain_path, &marks, &error))
    return export_failed (error);
  if (marks.ranges != NULL)
    {
      overlays.ranges = (const ChronoRenderRange *) marks.ranges->data;
      overlays.n_ranges = marks.ranges->len;
      overlays.path = (const ChronoRenderPathStep *) marks.steps->data;
      overlays.n_path = marks.steps->len;
      overlays.path_label = marks.label;
    }
  if (overlays.n_path > 0 && range == NULL)
    {
      /* the path with room around it and for its label, as the viewer shows it */
      gint64 margin = MAX ((gint64) ((double) (marks.path_end - marks.path_begin) * 0.15), 1);
      options.begin = marks.path_begin - margin;
      options.end = marks.path_end + 3 * margin;
    }
  if ((range && !chrono_cli_parse_range_from (range, trace, options.origin, &options.begin, &options.end, &error))
      || !chrono_cli_parse_marker_from (marker_a, trace, options.origin, &overlays.has_marker_a, &overlays.marker_a,
                                        &error)
      || !chrono_cli_parse_marker_from (marker_b, trace, options.origin, &overlays.has_marker_b, &overlays.marker_b,
                                        &error))
    return export_failed (error);
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  if (set != NULL)
    chrono_layout_set_trace_set (layout, set);
  if (state != NULL)
    {
      g_autoptr (GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
      chrono_layout_apply_view_state (layout, state, unknown);
      for (guint i = 0; i < unknown->len; i++)
        {
          g_autofree char *lane = chrono_view_state_describe_lane (g_ptr_array_index (unknown, i));
          g_printerr (_ ("chronoscope-cli export: %s: the trace has no lane “%s”; skipped\n"), view, lane);
        }
    }
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  /* the path's rows shown, not folded into their tasks' */
  for (guint i = 0; i < overlays.n_path; i++)
    for (ChronoLane *parent = chrono_lane_get_parent (overlays.path[i].lane); parent != NULL;
         parent = chrono_lane_get_parent (parent))
      chrono_layout_set_expanded (layout, parent, TRUE);
  for (guint m = 0; m < traces->len; m++)
    {
      ChronoRenderOptions mapped;
      chrono_renderer_get_member_options (renderer, &options, m, &mapped);
      if (!decode_visible_chunks (g_ptr_array_index (traces, m), &mapped, &error))
        return export_failed (error);
      if (critical && chrono_trace_is_lazy (g_ptr_array_index (traces, m)))
        {
          g_set_error (&error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                       _ ("%s: read lazily, the critical path cannot be drawn (--lazy=never reads it whole)"),
                       chrono_trace_get_path (g_ptr_array_index (traces, m)));
          return export_failed (error);
        }
      if (critical)
        chrono_critical_path_mark (g_ptr_array_index (traces, m), FALSE);
    }
  if (!chrono_export_to_file (renderer, &options, output, &error))
    return export_failed (error);
  return EXIT_OK;
}

/* Every input must be of one format whose loader can merge. */
static const ChronoLoaderInfo *
merge_loader (char **inputs, int n_inputs)
{
  const ChronoLoaderInfo *loader = NULL;
  for (int i = 0; i < n_inputs; i++)
    {
      g_autoptr (GError) error = NULL;
      const ChronoLoaderInfo *info = chrono_loaders_sniff (inputs[i], &error);
      if (info == NULL)
        {
          g_printerr ("chronoscope-cli merge: %s\n", error->message);
          return NULL;
        }
      if (info->merge == NULL)
        {
          g_printerr (_ ("chronoscope-cli merge: %s: %s traces cannot be merged\n"), inputs[i], info->description);
          return NULL;
        }
      if (loader != NULL && info != loader)
        {
          g_printerr (_ ("chronoscope-cli merge: %s: a %s trace; the first input is %s\n"), inputs[i],
                      info->description, loader->description);
          return NULL;
        }
      loader = info;
    }
  return loader;
}

static int
command_merge (int argc, char **argv)
{
  g_autofree char *output = NULL, *align = NULL;
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_ ("Folder to write the merged archive into"), N_ ("OUT") },
    { "align", 0, 0, G_OPTION_ARG_STRING, &align,
      N_ ("start: every trace's start on the first's (default); wallclock: by the wall-clock times they carry"),
      N_ ("start|wallclock") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_ ("Replace OUT when it is an OTF2 archive (only the files it names) or an empty folder"), NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context =
      g_option_context_new (_ ("FILE… -o OUT — merge traces into one, on the first one's clock"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("chronoscope-cli merge: %s\n", error->message);
      return EXIT_FAILED;
    }
  if (argc < 2 || output == NULL)
    {
      g_printerr ("chronoscope-cli merge: %s\n", _ ("usage: merge FILE… -o OUT [--align start|wallclock] [--force]"));
      return EXIT_FAILED;
    }
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  ChronoMergeOptions options = { CHRONO_MERGE_ALIGN_START, force, warnings };
  if (align != NULL && strcmp (align, "wallclock") == 0)
    options.align = CHRONO_MERGE_ALIGN_WALL_CLOCK;
  else if (align != NULL && strcmp (align, "start") != 0)
    {
      g_printerr (_ ("chronoscope-cli merge: --align takes start or wallclock, not “%s”\n"), align);
      return EXIT_FAILED;
    }
  const ChronoLoaderInfo *loader = merge_loader (argv + 1, argc - 1);
  if (loader == NULL)
    return EXIT_FAILED;
  gboolean merged = loader->merge ((const char *const *) argv + 1, (guint) argc - 1, output, &options, &error);
  for (guint i = 0; i < warnings->len; i++)
    g_printerr (_ ("chronoscope-cli merge: warning: %s\n"), (const char *) g_ptr_array_index (warnings, i));
  if (!merged)
    {
      g_printerr ("chronoscope-cli merge: %s\n", error->message);
      return EXIT_FAILED;
    }
  return EXIT_OK;
}

static void
usage (void)
{
  g_printerr ("%s",
              _ ("Usage: chronoscope-cli COMMAND [OPTION…] FILE…\n"
                 "\n"
                 "Commands:\n"
                 "  info [--json] FILE…      summarise traces (timing per task, runnable and core)\n"
                 "  check FILE…              list problems, one per line (exit 0 clean, 1 warnings, 2 errors)\n"
                 "  check --requirements REQ FILE…\n"
                 "                           list every violation of the timing requirements in REQ\n"
                 "                           (exit 0 all met, 1 violated, 2 errors)\n"
                 "  export FILE… -o OUT      write the timeline as PNG, SVG or PDF\n"
                 "                           [--range BEGIN..END] [--size WxH] [--dark] [--force]\n"
                 "                           [--no-arrows] [--arrows communicator=NAME,tag=N,min-bytes=N]\n"
                 "                           several traces: [--align start|wallclock|timestamps] [--shift N=TIME]\n"
                 "                           TRACE files: [--group-by KEY,…] [--colour-by KEY] [--only KEY=V|V;…]\n"
                 "  convert FILE -o OUT      rewrite a trace in its format's other form (binary ⇄ text)\n"
                 "                           [--byte-order little|big] [--force]\n"
                 "  merge FILE… -o OUT       merge archives into one, on the first one's clock\n"
                 "                           [--align start|wallclock] [--force]\n"
                 "  life FILE ENTITY#N       the life of a task or ISR instance, as the inspector shows it\n"
                 "                           [--json]\n"
                 "  stats FILE               timing metrics per task, ISR and runnable: response time,\n"
                 "                           start delay, execution, preemptions, jitter\n"
                 "                           [--json] [--entity NAME] [--range BEGIN..END]\n"
                 "                           [--period ENTITY=DURATION]\n"
                 "  chains FILE --chain 'NAME: A -> B -> …'\n"
                 "                           end-to-end latency (first reaction) and data age of event\n"
                 "                           chains from a stimulus or task to a response [--json]\n"
                 "  range FILE --range B..E  time per state, busy share and items of every lane in a range\n"
                 "                           [--json]\n"
                 "  dump FILE                print the loaded model as text (for tests)\n"
                 "  --version                print the version\n"
                 "\n"
                 "Outputs (convert, export, merge): OUT is made whole or not at all; one that exists\n"
                 "is replaced only with --force (merge: only an OTF2 archive, or an empty folder);\n"
                 "a pipe or character device (a FIFO, /dev/null) is written into, never replaced;\n"
                 "anything else is refused. A symbolic link is written where it leads.\n"));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  /* messages in the user's language, numbers always with a decimal point:
   * JSON, dumps and check lines are read by programs */
  setlocale (LC_NUMERIC, "C");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      usage ();
      return EXIT_FAILED;
    }
  const char *command = argv[1];
  if (strcmp (command, "--version") == 0)
    {
      g_print ("chronoscope-cli %s\n", PACKAGE_VERSION);
      return EXIT_OK;
    }
  if (strcmp (command, "--help") == 0 || strcmp (command, "-h") == 0 || strcmp (command, "help") == 0)
    {
      usage ();
      return EXIT_OK;
    }
  if (strcmp (command, "info") == 0)
    return command_info (argc - 1, argv + 1);
  if (strcmp (command, "check") == 0)
    return command_check (argc - 1, argv + 1);
  if (strcmp (command, "dump") == 0)
    return command_dump (argc - 1, argv + 1);
  if (strcmp (command, "export") == 0)
    return command_export (argc - 1, argv + 1);
  if (strcmp (command, "convert") == 0)
    return command_convert (argc - 1, argv + 1);
  if (strcmp (command, "stats") == 0)
    return command_stats (argc - 1, argv + 1);
  if (strcmp (command, "chains") == 0)
    return command_chains (argc - 1, argv + 1);
  if (strcmp (command, "life") == 0)
    return command_life (argc - 1, argv + 1);
  if (strcmp (command, "range") == 0)
    return command_range (argc - 1, argv + 1);
  if (strcmp (command, "merge") == 0)
    return command_merge (argc - 1, argv + 1);
  g_printerr (_ ("chronoscope-cli: unknown command “%s”\n\n"), command);
  usage ();
  return EXIT_FAILED;
}
