/* chrono-resource-stats.c — from the resource lanes' spans and extents, so
 * the figures describe exactly what the resource view draws. */
#include "chrono-resource-stats.h"

/* Resources in lane order (the order of their ids in the file). */
GArray *
chrono_resource_stats_compute (ChronoTrace *trace)
{
  GArray *all = g_array_new (FALSE, TRUE, sizeof (ChronoResourceStats));
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      if (chrono_lane_get_kind (lane) != CHRONO_LANE_RESOURCE)
        continue;
      ChronoResourceStats stats = { lane, 0, 0.0, NULL };
      if (chrono_lane_get_claim_figures (lane, &stats.claims, &stats.usage, &stats.concurrency))
        {
          g_array_append_val (all, stats);
          continue;
        }
      ChronoSpans *spans = chrono_lane_get_spans (lane);
      guint n = spans ? chrono_spans_get_n (spans) : 0;
      for (guint s = 0; s < n; s++)
        {
          ChronoExtent extent;
          double amount = chrono_spans_get_extent (spans, s, &extent) ? extent.amount : chrono_lane_get_capacity (lane);
          gint64 ticks = chrono_ticks_between_held (chrono_spans_get_start (spans, s), chrono_spans_get_end (spans, s));
          stats.usage += amount * chrono_clock_to_seconds (clock, ticks);
        }
      stats.claims = n;
      g_array_append_val (all, stats);
    }
  return all;
}

GArray *
chrono_signal_stats_compute (ChronoTrace *trace)
{
  GArray *all = g_array_new (FALSE, TRUE, sizeof (ChronoSignalStats));
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoSignal *signal = chrono_lane_get_signal (lane);
      ChronoSignalFigures figures;
      if (chrono_lane_get_kind (lane) != CHRONO_LANE_SIGNAL)
        continue;
      ChronoSignalStats stats = { lane, 0, FALSE, 0.0, 0.0 };
      if (signal != NULL)
        {
          stats.fragments = chrono_signal_get_n (signal);
          stats.has_range = chrono_signal_range (signal, G_MININT64, G_MAXINT64, &stats.min, &stats.max);
        }
      else if (chrono_lane_get_signal_figures (lane, &figures))
        {
          /* read lazily: as the reader counted them */
          stats.fragments = figures.fragments;
          stats.has_range = figures.has_range;
          stats.min = figures.min;
          stats.max = figures.max;
        }
      else
        continue;
      g_array_append_val (all, stats);
    }
  return all;
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* Every attribute key used by a claim, sorted: what a view can group, colour
 * or filter by.  Sets are interned, so each distinct set is read once. */
GPtrArray *
chrono_claim_attribute_keys (ChronoTrace *trace)
{
  ChronoAttrs *attrs = chrono_trace_get_attrs (trace);
  g_autoptr (GHashTable) seen_sets = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoSpans *spans = chrono_lane_get_spans (lane);
      if (chrono_lane_get_kind (lane) != CHRONO_LANE_RESOURCE || spans == NULL)
        continue;
      for (guint s = 0; s < chrono_spans_get_n (spans); s++)
        {
          ChronoSpan span;
          chrono_spans_get (spans, s, &span);
          if (!g_hash_table_add (seen_sets, GUINT_TO_POINTER (span.attrs)))
            continue;
          for (guint k = 0; k < chrono_attrs_get_n_pairs (attrs, span.attrs); k++)
            g_hash_table_add (keys, (gpointer) chrono_attrs_get_key (attrs, span.attrs, k));
        }
    }
  GPtrArray *sorted = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key;
  g_hash_table_iter_init (&iter, keys);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (sorted, g_strdup (key));
  g_ptr_array_sort (sorted, compare_strings);
  return sorted;
}
