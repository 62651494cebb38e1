/* chrono-call-paths.c — a lane's calls walked in the order they began (a
 * lane's spans are sorted by start, and spans of one start keep the order
 * the reader appended them in, which for calls is the order of their
 * Enters), with the stack of calls open:
 * a call at depth d ends every frame at d or deeper, which is when a
 * frame's exclusive time is known (its children have all been seen).
 * Paths are nodes of a tree, one per (parent path, name), found by hash. */
#include "chrono-call-paths.h"

#include <string.h>

typedef struct {
  guint parent; /* node index; the root is node 0 */
  guint32 name; /* string id */
  guint64 calls;
  gint64 inclusive, exclusive;
} Node;

typedef struct {
  ChronoTrace *trace;
  GArray *nodes; /* Node */
  GHashTable *children; /* (parent << 32 | name) -> node index */
  gint64 begin, end;
} Tree;

typedef struct {
  guint node;
  gint64 inclusive; /* the part of its time in the range; 0 for a call never left */
  gboolean closed;
  gint64 children; /* the inclusive time of the closed calls made directly inside it */
} Frame;

guint
chrono_call_path_key_hash (gconstpointer key)
{
  guint64 v = *(const guint64 *) key;
  v ^= v >> 33;
  v *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  v ^= v >> 33;
  v *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  v ^= v >> 33;
  return (guint) v;
}

static guint
child_node (Tree *tree, guint parent, guint32 name)
{
  guint64 key = ((guint64) parent << 32) | name;
  gpointer found;
  if (g_hash_table_lookup_extended (tree->children, &key, NULL, &found))
    return GPOINTER_TO_UINT (found);
  Node node = { .parent = parent, .name = name };
  g_array_append_val (tree->nodes, node);
  guint index = tree->nodes->len - 1;
  g_hash_table_insert (tree->children, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (index));
  return index;
}

static Node *
node_at (Tree *tree, guint index)
{
  return &g_array_index (tree->nodes, Node, index);
}

/* Within [begin, end): a call of no length counts when it lies in the range. */
static gboolean
in_range (const Tree *tree, const ChronoSpan *s)
{
  if (s->start >= tree->end)
    return FALSE;
  if (s->flags & CHRONO_SPAN_OPEN_END)
    return TRUE;
  return s->end > tree->begin || (s->end == s->start && s->start >= tree->begin);
}

static gint64
inclusive_in_range (const Tree *tree, const ChronoSpan *s)
{
  if (s->flags & CHRONO_SPAN_OPEN_END)
    return 0; /* a call never left adds no time */
  gint64 from = MAX (s->start, tree->begin), to = MIN (s->end, tree->end);
  return to > from ? to - from : 0;
}

static void
finish_frame (Tree *tree, GArray *stack)
{
  Frame *frame = &g_array_index (stack, Frame, stack->len - 1);
  if (frame->closed)
    {
      node_at (tree, frame->node)->exclusive += frame->inclusive - frame->children;
      if (stack->len > 1)
        g_array_index (stack, Frame, stack->len - 2).children += frame->inclusive;
    }
  g_array_set_size (stack, stack->len - 1);
}

static void
add_lane (Tree *tree, ChronoLane *lane)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint n = spans != NULL ? chrono_spans_get_n (spans) : 0;
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  for (guint i = 0; i < n; i++)
    {
      ChronoSpan s;
      chrono_spans_get (spans, i, &s);
      if (s.label == CHRONO_STRING_NONE || (s.flags & CHRONO_SPAN_COLLECTIVE))
        continue;
      while (stack->len > s.depth)
        finish_frame (tree, stack);
      guint parent = stack->len > 0 ? g_array_index (stack, Frame, stack->len - 1).node : 0;
      Frame frame = { .node = child_node (tree, parent, s.label), .closed = !(s.flags & CHRONO_SPAN_OPEN_END) };
      if (in_range (tree, &s))
        {
          frame.inclusive = inclusive_in_range (tree, &s);
          Node *node = node_at (tree, frame.node);
          node->calls++;
          node->inclusive += frame.inclusive;
        }
      g_array_append_val (stack, frame);
    }
  while (stack->len > 0)
    finish_frame (tree, stack);
}

int
chrono_call_path_compare (const ChronoCallPath *x, const ChronoCallPath *y)
{
  for (guint i = 0; i < x->names->len && i < y->names->len; i++)
    {
      int c = strcmp (g_ptr_array_index (x->names, i), g_ptr_array_index (y->names, i));
      if (c != 0)
        return c;
    }
  return x->names->len < y->names->len ? -1 : (x->names->len > y->names->len);
}

char *
chrono_call_path_join (const ChronoCallPath *path)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < path->names->len; i++)
    g_string_append_printf (out, "%s%s", i ? ";" : "", (const char *) g_ptr_array_index (path->names, i));
  return g_string_free (out, FALSE);
}

static GPtrArray *
names_of (Tree *tree, guint index)
{
  ChronoStrings *strings = chrono_trace_get_strings (tree->trace);
  GPtrArray *names = g_ptr_array_new ();
  for (guint at = index; at != 0; at = node_at (tree, at)->parent)
    g_ptr_array_insert (names, 0, (gpointer) chrono_strings_get (strings, node_at (tree, at)->name));
  return names;
}

/* Paths of no call in the range (only a way down to one) are left out. */
static GArray *
paths_of (Tree *tree)
{
  GArray *paths = g_array_new (FALSE, FALSE, sizeof (ChronoCallPath));
  for (guint i = 1; i < tree->nodes->len; i++)
    {
      const Node *node = node_at (tree, i);
      if (node->calls == 0)
        continue;
      ChronoCallPath path = { names_of (tree, i), node->calls, node->inclusive, node->exclusive };
      g_array_append_val (paths, path);
    }
  g_array_sort (paths, (GCompareFunc) chrono_call_path_compare);
  return paths;
}

GPtrArray *
chrono_call_paths_lanes (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  GPtrArray *lanes = g_ptr_array_new ();
  g_autoptr (GPtrArray) all = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < all->len; i++)
    if (chrono_lane_get_kind (g_ptr_array_index (all, i)) == CHRONO_LANE_WORKER)
      g_ptr_array_add (lanes, g_ptr_array_index (all, i));
  return lanes;
}

GArray *
chrono_call_paths_compute (ChronoTrace *trace, GPtrArray *lanes, gint64 begin, gint64 end)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  Tree tree = { trace, g_array_new (FALSE, TRUE, sizeof (Node)),
                g_hash_table_new_full (chrono_call_path_key_hash, g_int64_equal, g_free, NULL), begin, end };
  Node root = { 0 };
  g_array_append_val (tree.nodes, root);
  g_autoptr (GPtrArray) every = lanes == NULL ? chrono_call_paths_lanes (trace) : NULL;
  GPtrArray *walked = lanes != NULL ? lanes : every;
  for (guint i = 0; i < walked->len; i++)
    add_lane (&tree, g_ptr_array_index (walked, i));
  GArray *paths = paths_of (&tree);
  g_array_unref (tree.nodes);
  g_hash_table_unref (tree.children);
  return paths;
}

void
chrono_call_paths_free (GArray *paths)
{
  if (paths == NULL)
    return;
  for (guint i = 0; i < paths->len; i++)
    g_ptr_array_unref (g_array_index (paths, ChronoCallPath, i).names);
  g_array_unref (paths);
}

/* ---- load imbalance ------------------------------------------------------ */

typedef struct {
  const char *region;
  GArray *per_lane; /* gint64 inclusive, per lane; -1: never entered there */
} RegionTimes;

static void
region_times_free (RegionTimes *times)
{
  g_array_unref (times->per_lane);
  g_free (times);
}

static int
by_region (gconstpointer a, gconstpointer b)
{
  return strcmp (((const ChronoImbalance *) a)->region, ((const ChronoImbalance *) b)->region);
}

static ChronoImbalance
imbalance_of (const RegionTimes *times)
{
  ChronoImbalance out = { .region = times->region };
  for (guint l = 0; l < times->per_lane->len; l++)
    {
      gint64 ticks = g_array_index (times->per_lane, gint64, l);
      if (ticks < 0)
        continue;
      if (out.n_lanes == 0 || ticks > out.max)
        {
          out.max = ticks;
          out.worst = l;
        }
      out.n_lanes++;
      out.sum += ticks;
    }
  return out;
}

GArray *
chrono_call_paths_imbalance (GPtrArray *per_lane)
{
  g_autoptr (GHashTable) regions =
      g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) region_times_free);
  for (guint l = 0; l < per_lane->len; l++)
    {
      GArray *paths = g_ptr_array_index (per_lane, l);
      for (guint p = 0; p < paths->len; p++)
        {
          const ChronoCallPath *path = &g_array_index (paths, ChronoCallPath, p);
          const char *region = g_ptr_array_index (path->names, path->names->len - 1);
          RegionTimes *times = g_hash_table_lookup (regions, region);
          if (times == NULL)
            {
              times = g_new0 (RegionTimes, 1);
              times->region = region;
              times->per_lane = g_array_new (FALSE, FALSE, sizeof (gint64));
              gint64 never = -1;
              for (guint k = 0; k < per_lane->len; k++)
                g_array_append_val (times->per_lane, never);
              g_hash_table_insert (regions, (gpointer) region, times);
            }
          gint64 *ticks = &g_array_index (times->per_lane, gint64, l);
          *ticks = MAX (*ticks, 0) + path->inclusive;
        }
    }
  GArray *out = g_array_new (FALSE, FALSE, sizeof (ChronoImbalance));
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, regions);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      ChronoImbalance imbalance = imbalance_of (value);
      g_array_append_val (out, imbalance);
    }
  g_array_sort (out, by_region);
  return out;
}
