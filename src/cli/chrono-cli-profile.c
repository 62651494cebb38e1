/* chrono-cli-profile.c — `chronoscope-cli profile`: the call paths of an
 * OTF2 archive (Vampir's call tree) with their calls, inclusive and
 * exclusive time, summed over every location or per location with each
 * region's load imbalance, for the whole run or a range of it. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>

#include "chrono-call-paths.h"
#include "chrono-cli-args.h"
#include "chrono-cli-commands.h"
#include "chrono-cli-json.h"
#include "chrono-cli-stats.h"
#include "chrono-report.h"

static struct {
  gboolean json, per_location;
  char *range;
} given;

const GOptionEntry chrono_cli_profile_options[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &given.json, N_ ("Print JSON"), NULL },
  { "per-location", 0, 0, G_OPTION_ARG_NONE, &given.per_location,
    N_ ("The paths of each location apart, and each region's load imbalance"), NULL },
  { "range", 0, 0, G_OPTION_ARG_STRING, &given.range,
    N_ ("Only this time range from the trace start, e.g. 10ms..30ms: each call counts its part inside"),
    N_ ("BEGIN..END") },
  { NULL },
};

/* ---- JSON ------------------------------------------------------------------ */

/* ticks as exact seconds: the figures agree to the last digit with any reading of the ticks */
static GVariant *
seconds (const ChronoClock *clock, gint64 ticks)
{
  return chrono_report_number_take (chrono_clock_format_seconds_exact (clock, ticks));
}

/* The paths written as they go (a GVariant of a million paths took seconds
 * and gigabytes), spaced as chrono-cli-json.h writes the rest. */
static void
append_seconds (GString *out, const ChronoClock *clock, gint64 ticks)
{
  g_autofree char *text = chrono_clock_format_seconds_exact (clock, ticks);
  g_string_append (out, text);
}

static void
append_paths (GString *out, const ChronoClock *clock, GArray *paths)
{
  g_string_append_c (out, '[');
  for (guint i = 0; i < paths->len; i++)
    {
      const ChronoCallPath *p = &g_array_index (paths, ChronoCallPath, i);
      g_string_append (out, i > 0 ? ", {\"path\": [" : "{\"path\": [");
      for (guint k = 0; k < p->names->len; k++)
        {
          if (k > 0)
            g_string_append (out, ", ");
          chrono_cli_append_json_string (out, g_ptr_array_index (p->names, k));
        }
      g_string_append_printf (out, "], \"calls\": %" G_GUINT64_FORMAT ", \"inclusive_time\": ", p->calls);
      append_seconds (out, clock, p->inclusive);
      g_string_append (out, ", \"exclusive_time\": ");
      append_seconds (out, clock, p->exclusive);
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');
}

static guint64
location_id (ChronoLane *lane)
{
  return (guint64) chrono_lane_get_source_id (lane);
}

/* The locations with at least one Enter, sorted by id, with their paths. */
typedef struct {
  ChronoLane *lane;
  GArray *paths;
} LocationPaths;

static int
by_location_id (gconstpointer a, gconstpointer b)
{
  guint64 x = location_id (((const LocationPaths *) a)->lane), y = location_id (((const LocationPaths *) b)->lane);
  return x < y ? -1 : (x > y);
}

static GArray *
per_location (ChronoTrace *trace, gint64 begin, gint64 end)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (LocationPaths));
  g_autoptr (GPtrArray) lanes = chrono_call_paths_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      g_autoptr (GPtrArray) one = g_ptr_array_new ();
      g_ptr_array_add (one, g_ptr_array_index (lanes, i));
      LocationPaths lp = { g_ptr_array_index (lanes, i), chrono_call_paths_compute (trace, one, begin, end) };
      if (lp.paths->len == 0)
        {
          chrono_call_paths_free (lp.paths);
          continue;
        }
      g_array_append_val (out, lp);
    }
  g_array_sort (out, by_location_id);
  return out;
}

static void
per_location_free (GArray *locations)
{
  for (guint i = 0; i < locations->len; i++)
    chrono_call_paths_free (g_array_index (locations, LocationPaths, i).paths);
  g_array_unref (locations);
}

static GVariant *
imbalance_variant (const ChronoClock *clock, GArray *locations)
{
  g_autoptr (GPtrArray) per_lane = g_ptr_array_new ();
  for (guint i = 0; i < locations->len; i++)
    g_ptr_array_add (per_lane, g_array_index (locations, LocationPaths, i).paths);
  g_autoptr (GArray) imbalance = chrono_call_paths_imbalance (per_lane);
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < imbalance->len; i++)
    {
      const ChronoImbalance *r = &g_array_index (imbalance, ChronoImbalance, i);
      GVariantBuilder e;
      g_variant_builder_init (&e, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&e, "{sv}", "region", g_variant_new_string (r->region));
      g_variant_builder_add (&e, "{sv}", "max", seconds (clock, r->max));
      g_variant_builder_add (&e, "{sv}", "mean", chrono_cli_seconds_ratio (clock, (guint64) r->sum, r->n_lanes));
      g_variant_builder_add (
          &e, "{sv}", "worst",
          g_variant_new_uint64 (location_id (g_array_index (locations, LocationPaths, r->worst).lane)));
      g_variant_builder_add (&b, "v", g_variant_builder_end (&e));
    }
  return g_variant_builder_end (&b);
}

static char *
profile_json (ChronoTrace *trace, gint64 begin, gint64 end)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GString *out = g_string_new ("{\"format\": ");
  chrono_cli_append_json_string (out, chrono_trace_get_format (trace));
  if (!given.per_location)
    {
      GArray *paths = chrono_call_paths_compute (trace, NULL, begin, end);
      g_string_append (out, ", \"paths\": ");
      append_paths (out, clock, paths);
      chrono_call_paths_free (paths);
    }
  else
    {
      GArray *locations = per_location (trace, begin, end);
      g_string_append (out, ", \"locations\": [");
      for (guint i = 0; i < locations->len; i++)
        {
          const LocationPaths *lp = &g_array_index (locations, LocationPaths, i);
          g_string_append_printf (out, "%s{\"id\": %" G_GUINT64_FORMAT ", \"paths\": ", i > 0 ? ", " : "",
                                  location_id (lp->lane));
          append_paths (out, clock, lp->paths);
          g_string_append_c (out, '}');
        }
      g_string_append (out, "], \"imbalance\": ");
      g_autoptr (GVariant) imbalance = g_variant_ref_sink (imbalance_variant (clock, locations));
      chrono_cli_append_variant_json (out, imbalance, CHRONO_CLI_JSON_SPACED);
      per_location_free (locations);
    }
  g_string_append (out, "}\n");
  return g_string_free (out, FALSE);
}

/* ---- text -------------------------------------------------------------------- */

/* The call tree indented, a path a line: calls, inclusive and exclusive time. */
static void
append_paths_text (GString *out, const ChronoClock *clock, GArray *paths)
{
  g_string_append_printf (out, "%12s %14s %14s  %s\n", _ ("calls"), _ ("inclusive"), _ ("exclusive"), _ ("call path"));
  for (guint i = 0; i < paths->len; i++)
    {
      const ChronoCallPath *p = &g_array_index (paths, ChronoCallPath, i);
      g_autofree char *inclusive = chrono_clock_format_duration (clock, (guint64) p->inclusive, 5);
      g_autofree char *exclusive = chrono_clock_format_duration (clock, (guint64) p->exclusive, 5);
      g_string_append_printf (out, "%12" G_GUINT64_FORMAT " %14s %14s  ", p->calls, inclusive, exclusive);
      for (guint d = 1; d < p->names->len; d++)
        g_string_append (out, "  ");
      g_string_append_printf (out, "%s\n", (const char *) g_ptr_array_index (p->names, p->names->len - 1));
    }
}

static char *
profile_text (ChronoTrace *trace, gint64 begin, gint64 end)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GString *out = g_string_new (NULL);
  if (!given.per_location)
    {
      GArray *paths = chrono_call_paths_compute (trace, NULL, begin, end);
      append_paths_text (out, clock, paths);
      chrono_call_paths_free (paths);
      return g_string_free (out, FALSE);
    }
  GArray *locations = per_location (trace, begin, end);
  for (guint i = 0; i < locations->len; i++)
    {
      const LocationPaths *lp = &g_array_index (locations, LocationPaths, i);
      g_string_append_printf (out, _ ("%sLocation %" PRIu64 " (%s)\n"), i > 0 ? "\n" : "", location_id (lp->lane),
                              chrono_lane_get_name (lp->lane));
      append_paths_text (out, clock, lp->paths);
    }
  per_location_free (locations);
  return g_string_free (out, FALSE);
}

int
chrono_cli_profile (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_cli_parse_options (command,
                                 _ ("FILE — the call paths of an OTF2 archive: calls, inclusive and exclusive time"),
                                 &argc, &argv, &error)
      || argc != 2)
    {
      g_printerr ("chronoscope-cli profile: %s\n", error ? error->message : _ ("give one file"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  g_autoptr (ChronoTrace) trace = chrono_cli_load_with (argv[1], "never");
  if (trace == NULL)
    return CHRONO_CLI_EXIT_FAILED;
  if (!(chrono_trace_get_features (trace) & CHRONO_TRACE_HAS_CALLS))
    {
      g_printerr (_ ("chronoscope-cli profile: %s: a %s trace records no calls to follow (call paths are read from "
                     "OTF2 archives)\n"),
                  argv[1], chrono_trace_get_format (trace));
      return CHRONO_CLI_EXIT_FAILED;
    }
  gint64 begin = G_MININT64, end = G_MAXINT64;
  if (given.range != NULL && !chrono_cli_parse_range (given.range, trace, &begin, &end, &error))
    {
      g_printerr ("chronoscope-cli profile: %s\n", error->message);
      return CHRONO_CLI_EXIT_FAILED;
    }
  g_autofree char *text = given.json ? profile_json (trace, begin, end) : profile_text (trace, begin, end);
  fputs (text, stdout);
  return CHRONO_CLI_EXIT_OK;
}
