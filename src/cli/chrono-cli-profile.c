/* chrono-cli-profile.c — `chronoscope-cli profile`: the call paths of an
 * OTF2 archive (Vampir's call tree) with their calls, inclusive and
 * exclusive time, summed over every location or per location with each
 * region's load imbalance, for the whole run or a range of it. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>

#include "chrono-cli-args.h"
#include "chrono-cli-commands.h"
#include "chrono-cli-profile.h"
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
  GArray *locations = chrono_cli_profile_per_location (trace, begin, end);
  for (guint i = 0; i < locations->len; i++)
    {
      const LocationPaths *lp = &g_array_index (locations, LocationPaths, i);
      g_string_append_printf (out, _ ("%sLocation %" PRIu64 " (%s)\n"), i > 0 ? "\n" : "",
                              chrono_cli_location_id (lp->lane), chrono_lane_get_name (lp->lane));
      append_paths_text (out, clock, lp->paths);
    }
  chrono_cli_profile_per_location_free (locations);
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
  g_autofree char *text =
      given.json ? chrono_cli_profile_json (trace, given.per_location, begin, end) : profile_text (trace, begin, end);
  fputs (text, stdout);
  return CHRONO_CLI_EXIT_OK;
}
