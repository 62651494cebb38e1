#include "chrono-tree-node.h"

#include <string.h>

static void
add_worker (GPtrArray *workers, const char *name)
{
  for (guint i = 0; i < workers->len; i++)
    if (strcmp (g_ptr_array_index (workers, i), name) == 0)
      return;
  g_ptr_array_add (workers, g_strdup (name));
}

static void
sum_stretches (ChronoTree *tree, ChronoStrings *strings, guint32 node, ChronoTreeNodeInfo *out)
{
  guint first, n;
  chrono_tree_get_stretches (tree, node, &first, &n);
  for (guint k = first; k < first + n; k++)
    {
      const ChronoTreeStretch *s = chrono_tree_get_stretch (tree, k);
      gint64 length = s->end - s->start;
      switch (s->kind)
        {
        case CHRONO_STRETCH_RUNNING:
          out->running += length;
          add_worker (out->workers, chrono_strings_get (strings, s->worker));
          break;
        case CHRONO_STRETCH_SUSPENDED: out->suspended += length; break;
        case CHRONO_STRETCH_HELPED: out->helped += length; break;
        case CHRONO_STRETCH_WAITING: out->waiting += length; break;
        }
    }
}

/* Children are the nodes of its subtree one level deeper. */
static void
scan_children (ChronoTree *tree, guint32 node, ChronoTreeNodeInfo *out)
{
  guint size = chrono_tree_get_subtree_size (tree, node);
  for (guint32 c = node + 1; c < node + size; c += chrono_tree_get_subtree_size (tree, c))
    {
      const ChronoTreeNode *child = chrono_tree_get_node (tree, c);
      if (!out->has_children || child->end < out->first_child_end)
        out->first_child_end = child->end;
      if (!out->has_children || child->end >= out->last_child_end)
        {
          out->last_child_end = child->end;
          out->last_child = c;
        }
      if (child->join_time != G_MININT64)
        out->join_time = child->join_time;
      out->has_children = TRUE;
      out->n_children++;
    }
}

void
chrono_tree_node_explain (ChronoTree *tree, ChronoStrings *strings, guint32 node, ChronoTreeNodeInfo *out)
{
  memset (out, 0, sizeof *out);
  g_return_if_fail (node < chrono_tree_get_n_nodes (tree));
  const ChronoTreeNode *n = chrono_tree_get_node (tree, node);
  out->node = node;
  out->start = n->start;
  out->end = n->end;
  out->join_time = G_MININT64;
  out->last_child = CHRONO_TREE_NONE;
  out->workers = g_ptr_array_new_with_free_func (g_free);
  sum_stretches (tree, strings, node, out);
  scan_children (tree, node, out);
}

void
chrono_tree_node_info_clear (ChronoTreeNodeInfo *info)
{
  g_clear_pointer (&info->workers, g_ptr_array_unref);
}
