/* range-table — times what the viewer's Range page computes:
 * the per-lane table of a time range (chrono_range_stats_compute) and the
 * distributions of the timing metrics of the instances that lie in it
 * (chrono_range_metrics_compute, the metrics the page shows),
 * over the whole trace and over a middle tenth of it.  The trace is read
 * lazily (as the viewer reads a big file: the table then comes from the
 * summaries) and whole.  Prints a Markdown table of the median of a few
 * runs in milliseconds, and fails when one is over the budget.
 *
 * usage: range-table TRACE [BUDGET_MS] */
#include <stdio.h>
#include <stdlib.h>

#include "chrono-loader.h"
#include "chrono-range-stats.h"

#define RUNS 5

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

typedef enum { TABLE, METRICS } Part;

static double
median_ms (ChronoTrace *trace, Part part, gint64 begin, gint64 end, guint *out_rows)
{
  double times[RUNS];
  for (int i = 0; i < RUNS; i++)
    {
      gint64 start = g_get_monotonic_time ();
      if (part == TABLE)
        {
          GArray *rows = chrono_range_stats_compute (trace, begin, end);
          *out_rows = rows->len;
          g_array_unref (rows);
        }
      else
        {
          GPtrArray *rows = chrono_range_metrics_compute (trace, begin, end, CHRONO_RANGE_METRICS);
          *out_rows = rows->len;
          g_ptr_array_unref (rows);
        }
      times[i] = (g_get_monotonic_time () - start) / 1000.0;
    }
  qsort (times, RUNS, sizeof times[0], compare_doubles);
  return times[RUNS / 2];
}

int
main (int argc, char **argv)
{
  if (argc < 2 || argc > 3)
    {
      fprintf (stderr, "usage: range-table TRACE [BUDGET_MS]\n");
      return 2;
    }
  double budget = argc == 3 ? g_ascii_strtod (argv[2], NULL) : 200.0;
  const char *reads[] = { "always", "never" };
  gboolean over = FALSE;
  printf ("| read | range | lanes | lanes ms | entities | metrics ms | page ms |\n|---|---|---|---|---|---|---|\n");
  for (guint r = 0; r < G_N_ELEMENTS (reads); r++)
    {
      g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
      g_hash_table_insert (options, "lazy", (gpointer) reads[r]);
      g_autoptr (GError) error = NULL;
      gint64 load_start = g_get_monotonic_time ();
      g_autoptr (ChronoTrace) trace = chrono_load_file_with_options (argv[1], options, NULL, NULL, NULL, &error);
      if (trace == NULL)
        {
          fprintf (stderr, "range-table: %s\n", error->message);
          return 1;
        }
      double load_s = (g_get_monotonic_time () - load_start) / 1e6;
      const char *read = chrono_trace_is_lazy (trace) ? "lazily" : "whole";
      gint64 begin = chrono_trace_get_begin (trace), end = chrono_trace_get_end (trace), length = end - begin;
      struct {
        const char *name;
        gint64 begin, end;
      } ranges[] = { { "whole trace", begin, end },
                     { "middle tenth", begin + length * 9 / 20, begin + length * 11 / 20 } };
      for (guint k = 0; k < G_N_ELEMENTS (ranges); k++)
        {
          guint lanes = 0, entities = 0;
          double table_ms = median_ms (trace, TABLE, ranges[k].begin, ranges[k].end, &lanes);
          /* a lazily read trace has no metrics to give, and the page asks for none */
          double metrics_ms = median_ms (trace, METRICS, ranges[k].begin, ranges[k].end, &entities);
          double page_ms = table_ms + metrics_ms;
          over |= page_ms > budget;
          printf ("| %s (loaded in %.1f s) | %s | %u | %.1f | %u | %.1f | %.1f%s |\n", read, load_s, ranges[k].name,
                  lanes, table_ms, entities, metrics_ms, page_ms, page_ms > budget ? " (over budget)" : "");
        }
    }
  printf ("\nmedians of %d runs; budget: %.0f ms for the page (both parts)\n", RUNS, budget);
  return over ? 1 : 0;
}
