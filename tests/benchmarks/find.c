/* find — times the viewer's find (on 10M events an answer
 * within 100 ms) for a few kinds of query on a trace read whole (read
 * lazily only lane names are searched).  Prints a Markdown table of the
 * median of a few runs and the matches found.
 *
 * usage: find TRACE */
#include <stdio.h>
#include <stdlib.h>

#include "chrono-find.h"
#include "chrono-loader.h"

#define RUNS 5
#define CAP 1000000 /* the viewer's cap on matches kept */

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median_ms (ChronoTrace *trace, const ChronoQuery *query, guint64 *out_found)
{
  double times[RUNS];
  for (int i = 0; i < RUNS; i++)
    {
      gint64 start = g_get_monotonic_time ();
      ChronoFindResult *result = chrono_find (trace, query, CAP);
      times[i] = (g_get_monotonic_time () - start) / 1000.0;
      *out_found = result->n_found;
      chrono_find_result_free (result);
    }
  qsort (times, RUNS, sizeof times[0], compare_doubles);
  return times[RUNS / 2];
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: find TRACE\n");
      return 2;
    }
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", "never");
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = chrono_load_file_with_options (argv[1], options, NULL, NULL, NULL, &error);
  if (trace == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  const char *queries[] = { "Task_4ms_6",          "state=running", "duration>2ms", "name~^Task_2ms duration<50us",
                            "lane~^Cores/ Task_1", "nothing" };
  printf ("| query | ms | found |\n|---|---|---|\n");
  for (guint i = 0; i < G_N_ELEMENTS (queries); i++)
    {
      g_autoptr (ChronoQuery) query = chrono_query_parse (queries[i], chrono_trace_get_clock (trace), &error);
      if (query == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      guint64 found;
      double ms = median_ms (trace, query, &found);
      printf ("| `%s` | %.1f | %" G_GUINT64_FORMAT " |\n", queries[i], ms, found);
    }
  return 0;
}
