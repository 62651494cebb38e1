/* chrono-cli-range.c — `chronoscope-cli range`: what a time range holds,
 * lane by lane (time per state, busy share, items, the longest), as the
 * viewer's range page shows it. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "chrono-cli-args.h"
#include "chrono-cli-commands.h"
#include "chrono-cli-json.h"
#include "chrono-range-counters.h"
#include "chrono-range-stats.h"

static struct {
  gboolean json;
  char *range;
} given;

const GOptionEntry chrono_cli_range_options[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &given.json, N_ ("Print JSON"), NULL },
  { "range", 0, 0, G_OPTION_ARG_STRING, &given.range, N_ ("Time range from the trace start, e.g. 10ms..30ms"),
    N_ ("BEGIN..END") },
  { NULL },
};

static void
add_seconds (JsonBuilder *b, const char *key, const ChronoClock *clock, gint64 ticks)
{
  json_builder_set_member_name (b, key);
  json_builder_add_double_value (b, chrono_clock_to_seconds (clock, ticks));
}

/* A counter's figures; null where the range holds none of its values. */
static void
add_figure (JsonBuilder *b, const char *key, gboolean known, double value)
{
  json_builder_set_member_name (b, key);
  if (known)
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
add_counters (JsonBuilder *b, GArray *counters)
{
  json_builder_set_member_name (b, "counters");
  json_builder_begin_array (b);
  for (guint i = 0; i < counters->len; i++)
    {
      const ChronoRangeCounter *c = &g_array_index (counters, ChronoRangeCounter, i);
      g_autofree char *path = chrono_lane_dup_path (c->lane);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "lane");
      json_builder_add_string_value (b, path);
      json_builder_set_member_name (b, "rate");
      json_builder_add_boolean_value (b, c->is_rate);
      add_figure (b, "first", c->has_ends, c->first);
      add_figure (b, "last", c->has_ends, c->last);
      add_figure (b, "min", c->has_values, c->min);
      add_figure (b, "mean", c->has_values, c->mean);
      add_figure (b, "max", c->has_values, c->max);
      add_figure (b, "change", c->has_values && (c->is_rate || c->has_ends), c->change);
      add_figure (b, "per_second", c->has_values && (c->is_rate || c->has_ends), c->per_second);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static char *
range_json (ChronoTrace *trace, gint64 begin, gint64 end, GArray *lanes, GArray *counters)
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
  add_counters (b, counters);
  json_builder_end_object (b);
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  return chrono_cli_json_text (root);
}

static void
counters_text (GString *out, GArray *counters)
{
  for (guint i = 0; i < counters->len; i++)
    {
      const ChronoRangeCounter *c = &g_array_index (counters, ChronoRangeCounter, i);
      if (!c->has_values)
        continue;
      g_autofree char *path = chrono_lane_dup_path (c->lane);
      g_string_append_printf (out, _ ("  %s: min %.6g, mean %.6g, max %.6g"), path, c->min, c->mean, c->max);
      if (c->is_rate || c->has_ends)
        g_string_append_printf (out, _ (", change %.6g (%.6g /s)"), c->change, c->per_second);
      g_string_append_c (out, '\n');
    }
}

static char *
range_text (ChronoTrace *trace, gint64 begin, gint64 end, GArray *lanes, GArray *counters)
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
  counters_text (out, counters);
  return g_string_free (out, FALSE);
}

int
chrono_cli_range (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_cli_parse_options (command,
                                 _ ("FILE --range BEGIN..END — time per state, busy share and items of every lane"),
                                 &argc, &argv, &error)
      || argc != 2 || given.range == NULL)
    {
      g_printerr ("chronoscope-cli range: %s\n", error ? error->message : _ ("give one file and --range BEGIN..END"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  /* lazily read files answer from their summaries: items then overlap rather than begin */
  g_autoptr (ChronoTrace) trace = chrono_cli_load (argv[1]);
  if (trace == NULL)
    return CHRONO_CLI_EXIT_FAILED;
  gint64 begin, end;
  if (!chrono_cli_parse_range (given.range, trace, &begin, &end, &error))
    {
      g_printerr ("chronoscope-cli range: %s\n", error->message);
      return CHRONO_CLI_EXIT_FAILED;
    }
  g_autoptr (GArray) lanes = chrono_range_stats_compute (trace, begin, end);
  g_autoptr (GArray) counters = chrono_range_counters_compute (trace, begin, end);
  g_autofree char *text =
      given.json ? range_json (trace, begin, end, lanes, counters) : range_text (trace, begin, end, lanes, counters);
  fputs (text, stdout);
  return CHRONO_CLI_EXIT_OK;
}
