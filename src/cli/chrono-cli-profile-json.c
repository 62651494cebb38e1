/* chrono-cli-profile-json.c — the document of `profile --json`: the call
 * paths summed, or per location with each region's load imbalance, seconds
 * as exact decimals.  Part of the JSON writer the CLI and libchronoscope-1
 * share. */
#include "chrono-cli-profile.h"

#include "chrono-cli-json.h"
#include "chrono-cli-stats.h"
#include "chrono-report.h"

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

guint64
chrono_cli_location_id (ChronoLane *lane)
{
  return (guint64) chrono_lane_get_source_id (lane);
}

static int
by_location_id (gconstpointer a, gconstpointer b)
{
  guint64 x = chrono_cli_location_id (((const LocationPaths *) a)->lane),
          y = chrono_cli_location_id (((const LocationPaths *) b)->lane);
  return x < y ? -1 : (x > y);
}

GArray *
chrono_cli_profile_per_location (ChronoTrace *trace, gint64 begin, gint64 end)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (LocationPaths));
  g_autoptr (GPtrArray) lanes = chrono_call_paths_lanes (trace);
  g_autoptr (GPtrArray) each = chrono_call_paths_compute_each (trace, lanes, begin, end);
  g_ptr_array_set_free_func (each, NULL); /* the paths of the locations kept move to out */
  for (guint i = 0; i < lanes->len; i++)
    {
      LocationPaths lp = { g_ptr_array_index (lanes, i), g_ptr_array_index (each, i) };
      if (lp.paths->len == 0)
        chrono_call_paths_free (lp.paths);
      else
        g_array_append_val (out, lp);
    }
  g_array_sort (out, by_location_id);
  return out;
}

void
chrono_cli_profile_per_location_free (GArray *locations)
{
  for (guint i = 0; i < locations->len; i++)
    chrono_call_paths_free (g_array_index (locations, LocationPaths, i).paths);
  g_array_unref (locations);
}

static GVariant *
imbalance_variant (ChronoTrace *trace, GArray *locations, gint64 begin, gint64 end)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  g_autoptr (GPtrArray) lanes = g_ptr_array_new ();
  for (guint i = 0; i < locations->len; i++)
    g_ptr_array_add (lanes, g_array_index (locations, LocationPaths, i).lane);
  g_autoptr (GPtrArray) per_lane = chrono_call_paths_by_region (trace, lanes, begin, end);
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
          g_variant_new_uint64 (chrono_cli_location_id (g_array_index (locations, LocationPaths, r->worst).lane)));
      g_variant_builder_add (&b, "v", g_variant_builder_end (&e));
    }
  return g_variant_builder_end (&b);
}

char *
chrono_cli_profile_json (ChronoTrace *trace, gboolean per_location, gint64 begin, gint64 end)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GString *out = g_string_new ("{\"format\": ");
  chrono_cli_append_json_string (out, chrono_trace_get_format (trace));
  if (!per_location)
    {
      GArray *paths = chrono_call_paths_compute (trace, NULL, begin, end);
      g_string_append (out, ", \"paths\": ");
      append_paths (out, clock, paths);
      chrono_call_paths_free (paths);
    }
  else
    {
      GArray *locations = chrono_cli_profile_per_location (trace, begin, end);
      g_string_append (out, ", \"locations\": [");
      for (guint i = 0; i < locations->len; i++)
        {
          const LocationPaths *lp = &g_array_index (locations, LocationPaths, i);
          g_string_append_printf (out, "%s{\"id\": %" G_GUINT64_FORMAT ", \"paths\": ", i > 0 ? ", " : "",
                                  chrono_cli_location_id (lp->lane));
          append_paths (out, clock, lp->paths);
          g_string_append_c (out, '}');
        }
      g_string_append (out, "], \"imbalance\": ");
      g_autoptr (GVariant) imbalance = g_variant_ref_sink (imbalance_variant (trace, locations, begin, end));
      chrono_cli_append_variant_json (out, imbalance, CHRONO_CLI_JSON_SPACED);
      chrono_cli_profile_per_location_free (locations);
    }
  g_string_append (out, "}\n");
  return g_string_free (out, FALSE);
}
