/* chrono-path-index.c — nodes found by (parent, name) in a hash table, the
 * key mixed as the call paths' tree mixes it. */
#include "chrono-path-index.h"

#include "chrono-call-paths.h"

typedef struct {
  guint parent; /* node index; the root is node 0 */
  guint32 name; /* string id */
} Node;

struct _ChronoPathIndex {
  ChronoTrace *trace;
  GArray *nodes; /* Node */
  GHashTable *children; /* (parent << 32 | name) -> node index */
};

ChronoPathIndex *
chrono_path_index_new (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  ChronoPathIndex *index = g_new0 (ChronoPathIndex, 1);
  index->trace = g_object_ref (trace);
  index->nodes = g_array_new (FALSE, TRUE, sizeof (Node));
  g_array_set_size (index->nodes, 1);
  index->children = g_hash_table_new_full (chrono_call_path_key_hash, g_int64_equal, g_free, NULL);
  return index;
}

void
chrono_path_index_free (ChronoPathIndex *index)
{
  if (index == NULL)
    return;
  g_object_unref (index->trace);
  g_array_unref (index->nodes);
  g_hash_table_unref (index->children);
  g_free (index);
}

static guint
child_node (ChronoPathIndex *index, guint parent, guint32 name)
{
  guint64 key = ((guint64) parent << 32) | name;
  gpointer found;
  if (g_hash_table_lookup_extended (index->children, &key, NULL, &found))
    return GPOINTER_TO_UINT (found);
  Node node = { parent, name };
  g_array_append_val (index->nodes, node);
  g_hash_table_insert (index->children, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (index->nodes->len - 1));
  return index->nodes->len - 1;
}

guint *
chrono_path_index_walk_lane (ChronoPathIndex *index, ChronoLane *lane)
{
  g_return_val_if_fail (index != NULL && CHRONO_IS_LANE (lane), NULL);
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint n = spans != NULL ? chrono_spans_get_n (spans) : 0;
  guint *nodes = g_new (guint, MAX (n, 1));
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < n; i++)
    {
      ChronoSpan s;
      chrono_spans_get (spans, i, &s);
      nodes[i] = CHRONO_NO_PATH;
      if (s.label == CHRONO_STRING_NONE || (s.flags & CHRONO_SPAN_COLLECTIVE))
        continue;
      if (stack->len > s.depth)
        g_array_set_size (stack, s.depth);
      guint parent = stack->len > 0 ? g_array_index (stack, guint, stack->len - 1) : 0;
      nodes[i] = child_node (index, parent, s.label);
      g_array_append_val (stack, nodes[i]);
    }
  return nodes;
}

char *
chrono_path_index_join (ChronoPathIndex *index, guint node)
{
  g_return_val_if_fail (index != NULL && node < index->nodes->len, NULL);
  ChronoStrings *strings = chrono_trace_get_strings (index->trace);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  for (guint at = node; at != 0; at = g_array_index (index->nodes, Node, at).parent)
    g_ptr_array_insert (names, 0, (gpointer) chrono_strings_get (strings, g_array_index (index->nodes, Node, at).name));
  ChronoCallPath path = { names };
  return chrono_call_path_join (&path);
}
