/* profile — times what the Profile page computes for the visible range of
 * an OTF2 archive read whole (its call paths within 100 ms of the data
 * being in memory): the call paths of the whole run, of the middle tenth
 * and hundredth, each location's regions (the bars by location) and paths
 * (profile --per-location), and the calls of one path (the outline on the
 * timeline, found over the whole run whatever the range); and the flat
 * profile by region, read whole and read lazily (from each location's
 * figures per stretch of the run).  Prints a Markdown table of the median
 * of a few runs.
 *
 * usage: profile ARCHIVE */
#include <stdio.h>
#include <stdlib.h>

#include "chrono-call-paths.h"
#include "chrono-find.h"
#include "chrono-loader.h"
#include "chrono-profile.h"

#define RUNS 5

typedef struct {
  ChronoTrace *trace;
  gint64 begin, end;
  const char *chosen; /* the path the outline is of: the whole run's commonest */
} Range;

typedef guint (*Work) (const Range *range);

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static guint
all_paths (const Range *r)
{
  GArray *paths = chrono_call_paths_compute (r->trace, NULL, r->begin, r->end);
  guint n = paths->len;
  chrono_call_paths_free (paths);
  return n;
}

static guint
paths_by_location (const Range *r)
{
  g_autoptr (GPtrArray) lanes = chrono_call_paths_lanes (r->trace);
  g_autoptr (GPtrArray) each = chrono_call_paths_compute_each (r->trace, lanes, r->begin, r->end);
  guint n = 0;
  for (guint i = 0; i < each->len; i++)
    n += ((GArray *) g_ptr_array_index (each, i))->len;
  return n;
}

/* What the Profile page's by-location view shows: each location's regions and their imbalance. */
static guint
regions_by_location (const Range *r)
{
  g_autoptr (GPtrArray) lanes = chrono_call_paths_lanes (r->trace);
  g_autoptr (GPtrArray) each = chrono_call_paths_by_region (r->trace, lanes, r->begin, r->end);
  g_autoptr (GArray) imbalance = chrono_call_paths_imbalance (each);
  guint n = 0;
  for (guint i = 0; i < each->len; i++)
    n += ((GArray *) g_ptr_array_index (each, i))->len;
  return n;
}

/* The calls of the path with the most of them, as the timeline outlines a chosen one. */
/* The path with the most calls, joined. */
static char *
commonest_path (ChronoTrace *trace)
{
  GArray *paths = chrono_call_paths_compute (trace, NULL, G_MININT64, G_MAXINT64);
  guint most = 0;
  for (guint i = 1; i < paths->len; i++)
    if (g_array_index (paths, ChronoCallPath, i).calls > g_array_index (paths, ChronoCallPath, most).calls)
      most = i;
  char *joined = paths->len > 0 ? chrono_call_path_join (&g_array_index (paths, ChronoCallPath, most)) : NULL;
  chrono_call_paths_free (paths);
  return joined;
}

/* The calls of the chosen path, as the timeline outlines them (Find's path= over the trace). */
static guint
calls_of_a_path (const Range *r)
{
  if (r->chosen == NULL)
    return 0;
  g_autoptr (ChronoQuery) query = chrono_query_new_path (r->chosen);
  g_autoptr (ChronoFindResult) found = chrono_find (r->trace, query, 100000);
  return (guint) found->n_found;
}

static guint
flat_profile (const Range *r)
{
  g_autoptr (GArray) rows = chrono_profile_compute (r->trace, r->begin, r->end);
  return rows->len;
}

static ChronoTrace *
load (const char *path, const char *lazy, double *ms)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", (gpointer) lazy);
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  ChronoTrace *trace = chrono_load_file_with_options (path, options, NULL, NULL, NULL, &error);
  if (trace == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      exit (1);
    }
  *ms = (g_get_monotonic_time () - start) / 1000.0;
  return trace;
}

static double
median_ms (Work work, const Range *range, guint *out)
{
  double times[RUNS];
  for (int i = 0; i < RUNS; i++)
    {
      gint64 start = g_get_monotonic_time ();
      *out = work (range);
      times[i] = (g_get_monotonic_time () - start) / 1000.0;
    }
  qsort (times, RUNS, sizeof times[0], compare_doubles);
  return times[RUNS / 2];
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: profile ARCHIVE\n");
      return 2;
    }
  double whole_ms, lazy_ms;
  g_autoptr (ChronoTrace) trace = load (argv[1], "never", &whole_ms);
  g_autoptr (ChronoTrace) lazy = load (argv[1], "always", &lazy_ms);
  printf ("read whole in %.0f ms, indexed lazily in %.0f ms\n\n", whole_ms, lazy_ms);
  gint64 begin = chrono_trace_get_begin (trace), end = chrono_trace_get_end (trace);
  gint64 middle = begin + (end - begin) / 2;
  g_autofree char *chosen = commonest_path (trace);
  const struct {
    const char *name;
    gint64 width; /* 0: the whole run */
  } ranges[] = { { "whole run", 0 },
                 { "middle tenth", (end - begin) / 10 },
                 { "middle hundredth", (end - begin) / 100 } };
  const struct {
    const char *name;
    Work work;
    gboolean of_the_range; /* FALSE: the same whatever the range, timed once */
    gboolean lazily;
  } works[] = { { "call paths (call tree, flame graph)", all_paths, TRUE, FALSE },
                { "each location's regions (by location)", regions_by_location, TRUE, FALSE },
                { "each location's paths (profile --per-location)", paths_by_location, TRUE, FALSE },
                { "calls of the commonest path (outline)", calls_of_a_path, FALSE, FALSE },
                { "by region (flat), read whole", flat_profile, TRUE, FALSE },
                { "by region (flat), read lazily", flat_profile, TRUE, TRUE } };
  printf ("| what | range | ms | paths or calls |\n|---|---|---|---|\n");
  for (guint w = 0; w < G_N_ELEMENTS (works); w++)
    for (guint k = 0; k < (works[w].of_the_range ? G_N_ELEMENTS (ranges) : 1); k++)
      {
        Range range = { works[w].lazily ? lazy : trace, ranges[k].width ? middle - ranges[k].width / 2 : begin,
                        ranges[k].width ? middle + ranges[k].width / 2 : end + 1, chosen };
        guint n;
        double ms = median_ms (works[w].work, &range, &n);
        printf ("| %s | %s | %.1f | %u |\n", works[w].name, ranges[k].name, ms, n);
      }
  return 0;
}
