/* chrono-collectives.c — one pass over the spans of every location lane:
 * a collective's figures are the attributes its reader gave its span. */
#include "chrono-collectives.h"

#include <stdlib.h>
#include <string.h>

#include "chrono-clock.h"
#include "chrono-comm.h"

static guint64
attr_number (ChronoAttrs *attrs, guint32 set, const char *key)
{
  const char *value = chrono_attrs_lookup (attrs, set, key);
  return value != NULL ? g_ascii_strtoull (value, NULL, 10) : 0;
}

static int
by_operation_and_communicator (gconstpointer a, gconstpointer b)
{
  const ChronoCollectiveGroup *x = a, *y = b;
  int c = strcmp (x->operation, y->operation);
  return c != 0 ? c : strcmp (x->communicator, y->communicator);
}

static void
add_lane (ChronoTrace *trace, ChronoLane *lane, const char *communicator, GArray *groups, GHashTable *index)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  ChronoAttrs *attrs = chrono_trace_get_attrs (trace);
  for (guint i = 0; spans != NULL && i < chrono_spans_get_n (spans); i++)
    {
      ChronoSpan s;
      chrono_spans_get (spans, i, &s);
      if (!(s.flags & CHRONO_SPAN_COLLECTIVE) || s.attrs == 0)
        continue;
      const char *operation = chrono_attrs_lookup (attrs, s.attrs, "operation");
      const char *comm = chrono_attrs_lookup (attrs, s.attrs, "communicator");
      if (operation == NULL || comm == NULL || (communicator != NULL && strcmp (comm, communicator) != 0))
        continue;
      g_autofree char *key = g_strconcat (operation, "\n", comm, NULL);
      gpointer at = g_hash_table_lookup (index, key);
      if (at == NULL)
        {
          ChronoCollectiveGroup group = { operation, comm, 0, 0, 0 };
          g_array_append_val (groups, group);
          at = GUINT_TO_POINTER (groups->len);
          g_hash_table_insert (index, g_steal_pointer (&key), at);
        }
      ChronoCollectiveGroup *g = &g_array_index (groups, ChronoCollectiveGroup, GPOINTER_TO_UINT (at) - 1);
      /* sizes come from the file: held at the largest rather than wrapped */
      g->count++;
      g->bytes_sent = chrono_ticks_add (g->bytes_sent, attr_number (attrs, s.attrs, "bytes sent"));
      g->bytes_received = chrono_ticks_add (g->bytes_received, attr_number (attrs, s.attrs, "bytes received"));
    }
}

GArray *
chrono_collective_summary (ChronoTrace *trace, const char *communicator)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  if (!chrono_comm_applies (trace))
    return NULL;
  GArray *groups = g_array_new (FALSE, FALSE, sizeof (ChronoCollectiveGroup));
  g_autoptr (GHashTable) index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (chrono_lane_get_kind (lanes->pdata[i]) == CHRONO_LANE_WORKER)
      add_lane (trace, lanes->pdata[i], communicator, groups, index);
  g_array_sort (groups, by_operation_and_communicator);
  return groups;
}
