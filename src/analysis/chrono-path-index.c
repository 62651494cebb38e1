/* chrono-path-index.c — nodes found by (parent, name) in a hash table, the
 * key mixed (key_hash); a lane's arrays kept by
 * the lane's pointer, with the spans they were made from (a lane whose
 * spans changed is walked again).  The path order is a preorder walk of the
 * tree with each node's children sorted by name, redone when nodes were
 * added since. */
#include "chrono-path-index.h"

#include <string.h>

typedef struct {
  guint32 parent; /* the root is node 0 */
  guint32 name; /* string id */
} Node;

typedef struct {
  ChronoLaneCalls calls;
  ChronoSpans *spans; /* what they were worked out from */
} LaneCalls;

struct _ChronoPathIndex {
  ChronoTrace *trace; /* not held: the index is the trace's */
  GArray *nodes; /* Node */
  GHashTable *children; /* (parent << 32 | name) -> node index */
  GHashTable *lanes; /* ChronoLane * -> LaneCalls */
  guint32 *sorted;
  guint32 *rank; /* a node's place in sorted */
  guint n_sorted; /* nodes when sorted was made */
};

/* (parent << 32 | name) mixed: g_int64_hash folds the halves with a xor,
 * and small parents xor small names collide into a few buckets. */
static guint
key_hash (gconstpointer key)
{
  guint64 v = *(const guint64 *) key;
  v ^= v >> 33;
  v *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  v ^= v >> 33;
  v *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  v ^= v >> 33;
  return (guint) v;
}

static void
lane_calls_free (LaneCalls *lane)
{
  g_free ((gpointer) lane->calls.node);
  g_free ((gpointer) lane->calls.caller);
  g_free (lane);
}

static void
index_free (ChronoPathIndex *index)
{
  g_array_unref (index->nodes);
  g_hash_table_unref (index->children);
  g_hash_table_unref (index->lanes);
  g_free (index->sorted);
  g_free (index->rank);
  g_free (index);
}

ChronoPathIndex *
chrono_path_index_of (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  static GQuark quark;
  if (quark == 0)
    quark = g_quark_from_static_string ("chrono-path-index");
  ChronoPathIndex *index = g_object_get_qdata (G_OBJECT (trace), quark);
  if (index != NULL)
    return index;
  index = g_new0 (ChronoPathIndex, 1);
  index->trace = trace;
  index->nodes = g_array_new (FALSE, TRUE, sizeof (Node));
  g_array_set_size (index->nodes, 1);
  index->children = g_hash_table_new_full (key_hash, g_int64_equal, g_free, NULL);
  index->lanes = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) lane_calls_free);
  g_object_set_qdata_full (G_OBJECT (trace), quark, index, (GDestroyNotify) index_free);
  /* every location at once: the nodes are then all there, and their path
   * order is worked out once (a profile per location would redo it for
   * each location the index grew by) */
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (chrono_lane_get_kind (lanes->pdata[i]) == CHRONO_LANE_WORKER)
      chrono_path_index_lane (index, lanes->pdata[i]);
  return index;
}

static guint32
child_node (ChronoPathIndex *index, guint32 parent, guint32 name)
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

typedef struct {
  guint32 span, node;
} Open;

static LaneCalls *
walk_lane (ChronoPathIndex *index, ChronoSpans *spans, guint n)
{
  guint32 *nodes = g_new (guint32, MAX (n, 1)), *callers = g_new (guint32, MAX (n, 1));
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Open));
  for (guint i = 0; i < n; i++)
    {
      ChronoSpan s;
      chrono_spans_get (spans, i, &s);
      nodes[i] = callers[i] = CHRONO_NO_PATH;
      if (s.label == CHRONO_STRING_NONE || (s.flags & CHRONO_SPAN_COLLECTIVE))
        continue;
      if (stack->len > s.depth)
        g_array_set_size (stack, s.depth);
      const Open *top = stack->len > 0 ? &g_array_index (stack, Open, stack->len - 1) : NULL;
      callers[i] = top != NULL ? top->span : CHRONO_NO_PATH;
      nodes[i] = child_node (index, top != NULL ? top->node : 0, s.label);
      Open open = { i, nodes[i] };
      g_array_append_val (stack, open);
    }
  LaneCalls *lane = g_new0 (LaneCalls, 1);
  lane->calls = (ChronoLaneCalls){ n, nodes, callers };
  lane->spans = spans;
  return lane;
}

const ChronoLaneCalls *
chrono_path_index_lane (ChronoPathIndex *index, ChronoLane *lane)
{
  g_return_val_if_fail (index != NULL && CHRONO_IS_LANE (lane), NULL);
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint n = spans != NULL ? chrono_spans_get_n (spans) : 0;
  LaneCalls *kept = g_hash_table_lookup (index->lanes, lane);
  if (kept == NULL || kept->spans != spans || kept->calls.n != n)
    {
      kept = walk_lane (index, spans, n);
      g_hash_table_insert (index->lanes, lane, kept);
    }
  return &kept->calls;
}

guint
chrono_path_index_get_n_nodes (ChronoPathIndex *index)
{
  g_return_val_if_fail (index != NULL, 0);
  return index->nodes->len;
}

guint32
chrono_path_index_get_parent (ChronoPathIndex *index, guint32 node)
{
  g_return_val_if_fail (index != NULL && node < index->nodes->len, 0);
  return g_array_index (index->nodes, Node, node).parent;
}

const char *
chrono_path_index_get_name (ChronoPathIndex *index, guint32 node)
{
  g_return_val_if_fail (index != NULL && node < index->nodes->len, NULL);
  return chrono_strings_get (chrono_trace_get_strings (index->trace), g_array_index (index->nodes, Node, node).name);
}

guint32
chrono_path_index_get_name_id (ChronoPathIndex *index, guint32 node)
{
  g_return_val_if_fail (index != NULL && node < index->nodes->len, 0);
  return g_array_index (index->nodes, Node, node).name;
}

char *
chrono_path_index_join (ChronoPathIndex *index, guint32 node)
{
  g_return_val_if_fail (index != NULL && node < index->nodes->len, NULL);
  GString *out = g_string_new (NULL);
  for (guint32 at = node; at != 0; at = chrono_path_index_get_parent (index, at))
    {
      if (at != node)
        g_string_prepend_c (out, ';');
      g_string_prepend (out, chrono_path_index_get_name (index, at));
    }
  return g_string_free (out, FALSE);
}

guint32
chrono_path_index_lookup (ChronoPathIndex *index, const char *joined)
{
  g_return_val_if_fail (index != NULL && joined != NULL, CHRONO_NO_PATH);
  ChronoStrings *strings = chrono_trace_get_strings (index->trace);
  g_auto (GStrv) names = g_strsplit (joined, ";", -1);
  guint32 node = 0;
  for (guint i = 0; names[i] != NULL; i++)
    {
      guint32 name = chrono_strings_lookup (strings, names[i]);
      guint64 key = ((guint64) node << 32) | name;
      gpointer found;
      if (name == CHRONO_STRING_NONE || !g_hash_table_lookup_extended (index->children, &key, NULL, &found))
        return CHRONO_NO_PATH;
      node = GPOINTER_TO_UINT (found);
    }
  return node != 0 ? node : CHRONO_NO_PATH;
}

gboolean
chrono_path_index_first_call (ChronoTrace *trace, const char *joined, gint64 *out_start)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && joined != NULL && out_start != NULL, FALSE);
  ChronoPathIndex *index = chrono_path_index_of (trace);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint l = 0; l < lanes->len; l++)
    if (chrono_lane_get_kind (lanes->pdata[l]) == CHRONO_LANE_WORKER)
      chrono_path_index_lane (index, lanes->pdata[l]);
  guint32 node = chrono_path_index_lookup (index, joined);
  gboolean found = FALSE;
  /* a lane's spans are in start order: its first call of the path is its earliest */
  for (guint l = 0; node != CHRONO_NO_PATH && l < lanes->len; l++)
    {
      if (chrono_lane_get_kind (lanes->pdata[l]) != CHRONO_LANE_WORKER)
        continue;
      const ChronoLaneCalls *calls = chrono_path_index_lane (index, lanes->pdata[l]);
      for (guint i = 0; i < calls->n; i++)
        if (calls->node[i] == node)
          {
            gint64 start = chrono_spans_get_start (chrono_lane_get_spans (lanes->pdata[l]), i);
            *out_start = found ? MIN (*out_start, start) : start;
            found = TRUE;
            break;
          }
    }
  return found;
}

/* ---- path order ---------------------------------------------------------- */

static ChronoPathIndex *sorting; /* the index whose children are being sorted (one thread) */

static int
by_name (gconstpointer a, gconstpointer b)
{
  return strcmp (chrono_path_index_get_name (sorting, *(const guint32 *) a),
                 chrono_path_index_get_name (sorting, *(const guint32 *) b));
}

/* Each node's children in one array (first[p] .. first[p + 1]), by name. */
static guint32 *
children_by_name (ChronoPathIndex *index, guint32 **out_first)
{
  guint n = index->nodes->len;
  guint32 *first = g_new0 (guint32, n + 1), *at = g_new0 (guint32, n + 1);
  for (guint i = 1; i < n; i++)
    first[g_array_index (index->nodes, Node, i).parent + 1]++;
  for (guint p = 0; p < n; p++)
    first[p + 1] += first[p];
  memcpy (at, first, (n + 1) * sizeof *at);
  guint32 *children = g_new (guint32, MAX (n, 1));
  for (guint i = 1; i < n; i++)
    children[at[g_array_index (index->nodes, Node, i).parent]++] = i;
  sorting = index;
  for (guint p = 0; p < n; p++)
    qsort (children + first[p], first[p + 1] - first[p], sizeof *children, by_name);
  sorting = NULL;
  g_free (at);
  *out_first = first;
  return children;
}

const guint32 *
chrono_path_index_sorted (ChronoPathIndex *index, guint *n)
{
  g_return_val_if_fail (index != NULL && n != NULL, NULL);
  if (index->sorted == NULL || index->n_sorted != index->nodes->len)
    {
      guint32 *first;
      g_autofree guint32 *children = children_by_name (index, &first);
      g_free (index->sorted);
      g_free (index->rank);
      index->sorted = g_new (guint32, MAX (index->nodes->len, 1));
      index->rank = g_new0 (guint32, MAX (index->nodes->len, 1));
      index->n_sorted = index->nodes->len;
      /* preorder: a stack of the children still to visit, the first on top */
      g_autoptr (GArray) todo = g_array_new (FALSE, FALSE, sizeof (guint32));
      for (guint32 k = first[1]; k > first[0]; k--)
        g_array_append_val (todo, children[k - 1]);
      guint out = 0;
      while (todo->len > 0)
        {
          guint32 node = g_array_index (todo, guint32, todo->len - 1);
          g_array_set_size (todo, todo->len - 1);
          index->rank[node] = out;
          index->sorted[out++] = node;
          for (guint32 k = first[node + 1]; k > first[node]; k--)
            g_array_append_val (todo, children[k - 1]);
        }
      g_free (first);
    }
  *n = index->n_sorted - 1;
  return index->sorted;
}

const guint32 *
chrono_path_index_ranks (ChronoPathIndex *index)
{
  g_return_val_if_fail (index != NULL, NULL);
  guint n;
  chrono_path_index_sorted (index, &n);
  return index->rank;
}
