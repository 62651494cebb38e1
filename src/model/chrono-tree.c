#include "chrono-tree.h"

#include <stdlib.h>
#include <string.h>

struct _ChronoTree {
  GArray *nodes; /* ChronoTreeNode; depth-first once sealed */
  GArray *stretches; /* ChronoTreeStretch; by node and start once sealed */
  GArray *depth; /* guint32 per node, once sealed */
  GArray *size; /* guint32 per node: its subtree, once sealed */
  GArray *first_stretch; /* guint32 per node + 1, once sealed */
  GArray *hull; /* gint64 pairs per node: the earliest start and latest end of its descendants, once sealed */
  gboolean sealed;
  gboolean cut;
  gint64 cut_time;
};

ChronoTree *
chrono_tree_new (void)
{
  ChronoTree *tree = g_new0 (ChronoTree, 1);
  tree->nodes = g_array_new (FALSE, FALSE, sizeof (ChronoTreeNode));
  tree->stretches = g_array_new (FALSE, FALSE, sizeof (ChronoTreeStretch));
  tree->depth = g_array_new (FALSE, FALSE, sizeof (guint32));
  tree->size = g_array_new (FALSE, FALSE, sizeof (guint32));
  tree->first_stretch = g_array_new (FALSE, FALSE, sizeof (guint32));
  tree->hull = g_array_new (FALSE, FALSE, sizeof (gint64));
  return tree;
}

void
chrono_tree_free (ChronoTree *tree)
{
  if (tree == NULL)
    return;
  g_array_unref (tree->nodes);
  g_array_unref (tree->stretches);
  g_array_unref (tree->depth);
  g_array_unref (tree->size);
  g_array_unref (tree->first_stretch);
  g_array_unref (tree->hull);
  g_free (tree);
}

void
chrono_tree_set_cut (ChronoTree *tree, gint64 time)
{
  tree->cut = TRUE;
  tree->cut_time = time;
}

gboolean
chrono_tree_get_cut (ChronoTree *tree, gint64 *time)
{
  if (tree->cut)
    *time = tree->cut_time;
  return tree->cut;
}

guint32
chrono_tree_add_node (ChronoTree *tree, const ChronoTreeNode *node)
{
  g_return_val_if_fail (!tree->sealed, CHRONO_TREE_NONE);
  g_array_append_val (tree->nodes, *node);
  guint32 index = tree->nodes->len - 1;
  /* a parent is always an earlier node, so the tree has no cycle */
  ChronoTreeNode *added = &g_array_index (tree->nodes, ChronoTreeNode, index);
  if (added->parent >= index)
    added->parent = CHRONO_TREE_NONE;
  return index;
}

ChronoTreeNode *
chrono_tree_peek_node (ChronoTree *tree, guint32 index)
{
  g_return_val_if_fail (!tree->sealed && index < tree->nodes->len, NULL);
  return &g_array_index (tree->nodes, ChronoTreeNode, index);
}

void
chrono_tree_add_stretch (ChronoTree *tree, const ChronoTreeStretch *stretch)
{
  g_return_if_fail (!tree->sealed);
  if (stretch->end >= stretch->start)
    g_array_append_val (tree->stretches, *stretch);
}

/* ---- sealing: depth-first order ------------------------------------------ */

typedef struct {
  guint32 parent; /* CHRONO_TREE_NONE sorts last: roots after everything's children */
  guint64 order;
  guint32 index;
} SortKey;

static int
compare_keys (const void *a, const void *b)
{
  const SortKey *x = a, *y = b;
  if (x->parent != y->parent)
    return x->parent < y->parent ? -1 : 1;
  if (x->order != y->order)
    return x->order < y->order ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

static int
compare_stretches (const void *a, const void *b)
{
  const ChronoTreeStretch *x = a, *y = b;
  if (x->node != y->node)
    return x->node < y->node ? -1 : 1;
  return x->start < y->start ? -1 : x->start > y->start;
}

/* The places 0 … n-1 ordered by their key (each below n_keys) and, within
 * one key, kept in place order: a counting sort, linear in n + n_keys where
 * qsort of a million tree nodes took a tenth of a VisAndOr index pass.
 * first[k] … first[k + 1] are the places of key k in order[]. */
static void
order_by_key (const guint32 *key_of, guint n, guint n_keys, guint32 *first, guint32 *order)
{
  memset (first, 0, (n_keys + 1) * sizeof *first);
  for (guint i = 0; i < n; i++)
    first[key_of[i] + 1]++;
  for (guint k = 0; k < n_keys; k++)
    first[k + 1] += first[k];
  for (guint i = 0; i < n; i++)
    order[first[key_of[i]]++] = i;
  /* each first[k] moved to where key k + 1 begins: shift them back */
  memmove (first + 1, first, n_keys * sizeof *first);
  first[0] = 0;
}

/* Moves element i of base (n elements of size bytes) to place position[i],
 * in place: each cycle of the permutation is followed once, so sealing a
 * big tree needs no second copy of its nodes or stretches.  position is
 * used up (left as the identity). */
#define MAX_PERMUTED_SIZE 128

/* Inlined where it is called, so that each copy is a few moves of a known
 * size, not a call to memcpy. */
G_ALWAYS_INLINE static inline void
permute_in_place (void *base, gsize size, guint32 *position, guint n)
{
  char *elements = base, held[MAX_PERMUTED_SIZE], moving[MAX_PERMUTED_SIZE];
  g_assert (size <= MAX_PERMUTED_SIZE);
  for (guint i = 0; i < n; i++)
    {
      if (position[i] == i)
        continue;
      /* carry element i round its cycle, each one put where it belongs */
      memcpy (moving, elements + (gsize) i * size, size);
      guint32 j = position[i];
      position[i] = i;
      while (j != i)
        {
          memcpy (held, elements + (gsize) j * size, size);
          memcpy (elements + (gsize) j * size, moving, size);
          memcpy (moving, held, size);
          guint32 next = position[j];
          position[j] = j;
          j = next;
        }
      memcpy (elements + (gsize) i * size, moving, size);
    }
}

/* Children of every node, ordered: nodes sorted by (parent, order); each
 * parent's children are one run, found through child_start. */
static void
sort_children (ChronoTree *tree, SortKey *keys, guint32 *child_start)
{
  guint n = tree->nodes->len;
  /* child_start[p] … child_start[p + 1]: p's children; the roots (key n) come after the last node's */
  guint32 *parent_of = g_new (guint32, n + 1), *order = g_new (guint32, n + 1);
  for (guint i = 0; i < n; i++)
    {
      guint32 parent = g_array_index (tree->nodes, ChronoTreeNode, i).parent;
      parent_of[i] = parent < n ? parent : n;
    }
  order_by_key (parent_of, n, n + 1, child_start, order);
  for (guint k = 0; k < n; k++)
    {
      const ChronoTreeNode *node = &g_array_index (tree->nodes, ChronoTreeNode, order[k]);
      keys[k] = (SortKey){ node->parent < n ? node->parent : CHRONO_TREE_NONE, node->order, order[k] };
    }
  g_free (parent_of);
  g_free (order);
  /* siblings mostly come in their order already; a run that does not is sorted alone */
  for (guint p = 0; p <= n; p++)
    {
      guint32 from = child_start[p], to = child_start[p + 1];
      for (guint k = from + 1; k < to; k++)
        if (keys[k].order < keys[k - 1].order)
          {
            qsort (keys + from, to - from, sizeof *keys, compare_keys);
            break;
          }
    }
}

/* Stretches by node, then start, in place: a counting sort by node (its
 * runs keep the order they were added in, mostly by time), each run out of
 * time order then sorted alone. */
static void
sort_stretches (ChronoTree *tree)
{
  guint n = tree->nodes->len, n_stretches = tree->stretches->len;
  if (n_stretches < 2)
    return;
  ChronoTreeStretch *s = (ChronoTreeStretch *) tree->stretches->data;
  guint32 *node_of = g_new (guint32, n_stretches), *order = g_new (guint32, n_stretches);
  guint32 *first = g_new (guint32, n + 2);
  for (guint i = 0; i < n_stretches; i++)
    node_of[i] = s[i].node < n ? s[i].node : n;
  order_by_key (node_of, n_stretches, n + 1, first, order);
  guint32 *position = node_of; /* no longer needed as such */
  for (guint k = 0; k < n_stretches; k++)
    position[order[k]] = k;
  g_free (order);
  permute_in_place (s, sizeof *s, position, n_stretches);
  g_free (position);
  for (guint k = 0; k <= n; k++)
    for (guint i = first[k] + 1; i < first[k + 1]; i++)
      if (s[i].start < s[i - 1].start)
        {
          qsort (s + first[k], first[k + 1] - first[k], sizeof *s, compare_stretches);
          break;
        }
  g_free (first);
}

#define PARALLEL_SEAL_STRETCHES (1u << 16)

static gpointer
sort_stretches_on_thread (gpointer tree)
{
  sort_stretches (tree);
  return NULL;
}

/* Children come after their parent: one backward pass hands each node's
 * span and its descendants' to its parent. */
static void
compute_hulls (ChronoTree *tree)
{
  guint n = tree->nodes->len;
  g_array_set_size (tree->hull, 2 * n);
  gint64 *hull = (gint64 *) tree->hull->data;
  for (guint i = 0; i < n; i++)
    {
      hull[2 * i] = G_MAXINT64;
      hull[2 * i + 1] = G_MININT64;
    }
  for (guint i = n; i > 0; i--)
    {
      const ChronoTreeNode *node = &g_array_index (tree->nodes, ChronoTreeNode, i - 1);
      if (node->parent >= n)
        continue;
      gint64 *mine = &hull[2 * (i - 1)], *parent = &hull[2 * node->parent];
      parent[0] = MIN (parent[0], MIN (node->start, mine[0]));
      parent[1] = MAX (parent[1], MAX (node->end, mine[1]));
    }
}

/* The depth-first walk: position[old index] = its row, and each row's depth. */
static void
walk_depth_first (ChronoTree *tree, guint32 *position, guint32 *depth)
{
  guint n = tree->nodes->len;
  SortKey *keys = g_new (SortKey, n + 1);
  guint32 *child_start = g_new (guint32, n + 2);
  sort_children (tree, keys, child_start);
  guint32 *stack = g_new (guint32, n + 1); /* places in keys still to visit, reversed */
  guint top = 0, next = 0;
  /* the roots are keys[child_start[n] … n) */
  for (guint k = n; k > child_start[n]; k--)
    stack[top++] = k - 1;
  while (top > 0)
    {
      guint k = stack[--top];
      guint32 old = keys[k].index;
      const ChronoTreeNode *node = &g_array_index (tree->nodes, ChronoTreeNode, old);
      guint32 pos = next++;
      position[old] = pos;
      depth[pos] = node->parent < n ? depth[position[node->parent]] + 1 : 0;
      for (guint c = child_start[old + 1]; c > child_start[old]; c--)
        stack[top++] = c - 1;
    }
  /* every node reached once (a parent is always an earlier node): a permutation */
  g_assert (next == n);
  g_free (stack);
  g_free (keys);
  g_free (child_start);
}

void
chrono_tree_seal (ChronoTree *tree)
{
  if (tree->sealed)
    return;
  tree->sealed = TRUE;
  guint n = tree->nodes->len;
  g_array_set_size (tree->depth, n);
  g_array_set_size (tree->size, n);
  guint32 *position = g_new (guint32, n + 1);
  walk_depth_first (tree, position, (guint32 *) tree->depth->data);

  /* parents and stretches point at the new positions, then the nodes move there */
  ChronoTreeNode *nodes = (ChronoTreeNode *) tree->nodes->data;
  for (guint i = 0; i < n; i++)
    if (nodes[i].parent < n)
      nodes[i].parent = position[nodes[i].parent];
  for (guint i = 0; i < tree->stretches->len; i++)
    {
      ChronoTreeStretch *s = &g_array_index (tree->stretches, ChronoTreeStretch, i);
      s->node = s->node < n ? position[s->node] : CHRONO_TREE_NONE;
    }
  /* the stretches sort on a second thread while the nodes move: they share
   * nothing from here on (a million-node tree takes a tenth of a second each) */
  GThread *stretch_sorter = tree->stretches->len >= PARALLEL_SEAL_STRETCHES
                                ? g_thread_try_new ("tree-seal", sort_stretches_on_thread, tree, NULL)
                                : NULL; /* NULL: sorted below, on this thread */
  permute_in_place (nodes, sizeof *nodes, position, n);
  g_free (position);

  guint32 *size = (guint32 *) tree->size->data;
  for (guint i = 0; i < n; i++)
    size[i] = 1;
  for (guint i = n; i > 0; i--)
    if (nodes[i - 1].parent < n)
      size[nodes[i - 1].parent] += size[i - 1];
  compute_hulls (tree);
  if (stretch_sorter != NULL)
    g_thread_join (stretch_sorter);
  else
    sort_stretches (tree);
  g_array_set_size (tree->first_stretch, n + 1);
  guint32 *first = (guint32 *) tree->first_stretch->data;
  guint s = 0;
  for (guint i = 0; i <= n; i++)
    {
      first[i] = s;
      while (s < tree->stretches->len && g_array_index (tree->stretches, ChronoTreeStretch, s).node == i)
        s++;
    }
}

/* ---- queries --------------------------------------------------------------- */

guint
chrono_tree_get_n_nodes (ChronoTree *tree)
{
  return tree->nodes->len;
}

const ChronoTreeNode *
chrono_tree_get_node (ChronoTree *tree, guint32 index)
{
  g_return_val_if_fail (index < tree->nodes->len, NULL);
  return &g_array_index (tree->nodes, ChronoTreeNode, index);
}

guint
chrono_tree_get_depth (ChronoTree *tree, guint32 index)
{
  g_return_val_if_fail (tree->sealed && index < tree->nodes->len, 0);
  return g_array_index (tree->depth, guint32, index);
}

guint
chrono_tree_get_subtree_size (ChronoTree *tree, guint32 index)
{
  g_return_val_if_fail (tree->sealed && index < tree->nodes->len, 1);
  return g_array_index (tree->size, guint32, index);
}

char *
chrono_tree_dup_node_name (ChronoTree *tree, guint32 index, ChronoStrings *strings)
{
  const ChronoTreeNode *node = chrono_tree_get_node (tree, index);
  if (node->label != CHRONO_STRING_NONE)
    return g_strdup (chrono_strings_get (strings, node->label));
  if (node->number < 0)
    return g_strdup_printf ("%" G_GINT64_MODIFIER "X", node->key);
  return g_strdup_printf ("%" G_GINT64_MODIFIER "X.%" G_GINT64_FORMAT, node->key, node->number);
}

gboolean
chrono_tree_get_descendants_span (ChronoTree *tree, guint32 index, gint64 *out_start, gint64 *out_end)
{
  g_return_val_if_fail (tree->sealed && index < tree->nodes->len, FALSE);
  *out_start = g_array_index (tree->hull, gint64, 2 * index);
  *out_end = g_array_index (tree->hull, gint64, 2 * index + 1);
  return *out_start <= *out_end;
}

void
chrono_tree_get_stretches (ChronoTree *tree, guint32 index, guint *out_first, guint *out_n)
{
  g_return_if_fail (tree->sealed && index < tree->nodes->len);
  guint32 first = g_array_index (tree->first_stretch, guint32, index);
  *out_first = first;
  *out_n = g_array_index (tree->first_stretch, guint32, index + 1) - first;
}

const ChronoTreeStretch *
chrono_tree_get_stretch (ChronoTree *tree, guint index)
{
  g_return_val_if_fail (index < tree->stretches->len, NULL);
  return &g_array_index (tree->stretches, ChronoTreeStretch, index);
}

guint
chrono_tree_get_n_stretches (ChronoTree *tree)
{
  return tree->stretches->len;
}

const char *
chrono_tree_outcome_get_name (ChronoTreeOutcome outcome)
{
  static const char *const names[] = { "open", "finished",  "succeeded", "failed",
                                       "cut",  "restarted", "public",    "not taken" };
  return outcome < G_N_ELEMENTS (names) ? names[outcome] : "?";
}

gsize
chrono_tree_get_memory_size (ChronoTree *tree)
{
  return sizeof *tree
         + (gsize) tree->nodes->len * (sizeof (ChronoTreeNode) + 3 * sizeof (guint32) + 2 * sizeof (gint64))
         + (gsize) tree->stretches->len * sizeof (ChronoTreeStretch);
}
