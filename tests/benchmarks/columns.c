/* columns — the C side of the Python columns benchmark: a BTF read whole,
 * then every lane's span starts and ends copied into two arrays of its
 * own, as chrono_lane_get_span_times gives them to a script.  Prints the
 * seconds of each step and the spans copied.
 *
 * usage: columns TRACE */
#include <stdio.h>

#include "chrono-loader.h"

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: columns TRACE\n");
      return 2;
    }
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", "never");
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  g_autoptr (ChronoTrace) trace = chrono_load_file_with_options (argv[1], options, NULL, NULL, NULL, &error);
  if (trace == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  gint64 loaded = g_get_monotonic_time ();
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  guint64 copied = 0;
  for (guint l = 0; l < lanes->len; l++)
    {
      ChronoSpans *spans = chrono_lane_get_spans (lanes->pdata[l]);
      guint n = spans != NULL ? chrono_spans_get_n (spans) : 0;
      g_autofree gint64 *starts = g_new (gint64, MAX (n, 1)), *ends = g_new (gint64, MAX (n, 1));
      for (guint i = 0; i < n; i++)
        {
          starts[i] = chrono_spans_get_start (spans, i);
          ends[i] = chrono_spans_get_end (spans, i);
        }
      copied += n;
    }
  gint64 done = g_get_monotonic_time ();
  printf ("C       read %.2f s, columns %.3f s, %" G_GUINT64_FORMAT " spans\n", (loaded - start) / 1e6,
          (done - loaded) / 1e6, copied);
  return 0;
}
