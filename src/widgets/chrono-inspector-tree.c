/* chrono-inspector-tree.c — the inspector's answer for a node of a
 * VisAndOr tree (a goal or a branch): where it split off, when it ran,
 * waited, was suspended or helped, how it ended, and what it split into,
 * with the child the parent waited for. Apart from the other pages because
 * a node is no span: a click on a tree's row shows it, with nothing of the
 * span pages' state. */
#include "chrono-inspector-private.h"

#include <glib/gi18n-lib.h>

#include "chrono-tree-node.h"

static const char *
outcome_label (ChronoTreeOutcome outcome)
{
  switch (outcome)
    {
    case CHRONO_TREE_OPEN: return _ ("still running at the end of the trace");
    case CHRONO_TREE_FINISHED: return _ ("finished");
    case CHRONO_TREE_SUCCEEDED: return _ ("succeeded");
    case CHRONO_TREE_FAILED: return _ ("failed");
    case CHRONO_TREE_CUT: return _ ("cut");
    case CHRONO_TREE_RESTARTED: return _ ("started again before it ended");
    case CHRONO_TREE_PUBLIC: return _ ("made public: its branches go on below");
    case CHRONO_TREE_NOT_TAKEN: return _ ("nobody took it");
    default: return "?";
    }
}

/* Its children: when they ended, and which one the parent waited for. */
static void
show_node_children (ChronoInspector *self, ChronoTree *tree, const ChronoTreeNodeInfo *info)
{
  ChronoStrings *strings = chrono_trace_get_strings (self->trace);
  chrono_inspector_add_section (self, _ ("What it split into"));
  GtkWidget *grid = chrono_inspector_new_grid (self);
  int row = 0;
  g_autofree char *count = g_strdup_printf ("%u", info->n_children);
  chrono_inspector_add_field (self, grid, row++, _ ("Children"), count);
  chrono_inspector_add_time_field (self, grid, row++, _ ("First to end"), info->first_child_end);
  g_autofree char *last = chrono_tree_dup_node_name (tree, info->last_child, strings);
  g_autofree char *last_end = chrono_inspector_format_time (self, info->last_child_end);
  g_autofree char *last_text = g_strdup_printf ("%s (%s)", last_end, last);
  chrono_inspector_add_field (self, grid, row++, _ ("Last to end"), last_text);
  chrono_inspector_add_length_field (self, grid, row++, _ ("Spread of their ends"),
                                     info->last_child_end - info->first_child_end);
  if (info->join_time != G_MININT64)
    {
      chrono_inspector_add_time_field (self, grid, row++, _ ("Join"), info->join_time);
      g_autofree char *waited = g_strdup_printf (_ ("%s made the join wait"), last);
      chrono_inspector_add_label (self, waited, "dim-label");
    }
}

static void
show_tree_node (ChronoInspector *self, ChronoLane *lane, guint32 index)
{
  ChronoTree *tree = chrono_lane_get_tree (lane);
  ChronoStrings *strings = chrono_trace_get_strings (self->trace);
  const ChronoTreeNode *node = chrono_tree_get_node (tree, index);
  ChronoTreeNodeInfo info;
  chrono_tree_node_explain (tree, strings, index, &info);
  g_autofree char *name = chrono_tree_dup_node_name (tree, index, strings);
  g_autofree char *title = g_strdup_printf ("%s %s", chrono_strings_get (strings, node->kind), name);
  chrono_inspector_add_label (self, node->label != CHRONO_STRING_NONE ? name : title, "title");
  GtkWidget *grid = chrono_inspector_new_grid (self);
  int row = 0;
  if (node->parent != CHRONO_TREE_NONE)
    {
      const ChronoTreeNode *parent = chrono_tree_get_node (tree, node->parent);
      g_autofree char *parent_name = chrono_tree_dup_node_name (tree, node->parent, strings);
      g_autofree char *parent_text =
          parent->label != CHRONO_STRING_NONE
              ? g_strdup (parent_name)
              : g_strdup_printf ("%s %s", chrono_strings_get (strings, parent->kind), parent_name);
      chrono_inspector_add_field (self, grid, row++, _ ("Parent"), parent_text);
    }
  if (node->split_time != G_MININT64)
    chrono_inspector_add_time_field (self, grid, row++, _ ("Split off at"), node->split_time);
  guint n_workers = info.workers->len;
  g_ptr_array_add (info.workers, NULL); /* a NULL-terminated list of names */
  g_autofree char *workers = g_strjoinv (", ", (char **) info.workers->pdata);
  chrono_inspector_add_field (self, grid, row++, n_workers > 1 ? _ ("Agents") : _ ("Agent"),
                              n_workers > 0 ? workers : _ ("none"));
  chrono_inspector_add_time_field (self, grid, row++, _ ("Start"), info.start);
  g_autofree char *end = chrono_inspector_format_time (self, info.end);
  /* TRANSLATORS: when a goal or branch ended and how ("45 µs, failed") */
  g_autofree char *ended = g_strdup_printf (_ ("%s, %s"), end, outcome_label (node->outcome));
  chrono_inspector_add_field (self, grid, row++, _ ("End"), ended);
  chrono_inspector_add_length_field (self, grid, row++, _ ("Duration"), info.end - info.start);
  chrono_inspector_add_length_field (self, grid, row++, _ ("Run"), info.running);
  if (info.waiting > 0)
    chrono_inspector_add_length_field (self, grid, row++, _ ("Waited for its goals"), info.waiting);
  if (info.suspended > 0)
    chrono_inspector_add_length_field (self, grid, row++, _ ("Suspended"), info.suspended);
  if (info.helped > 0)
    chrono_inspector_add_length_field (self, grid, row++, _ ("Helped by slaves"), info.helped);
  if (info.has_children)
    show_node_children (self, tree, &info);
  chrono_tree_node_info_clear (&info);
}

void
chrono_inspector_show_tree_node (ChronoInspector *self, ChronoLane *lane, guint32 node)
{
  g_return_if_fail (CHRONO_IS_INSPECTOR (self));
  g_return_if_fail (CHRONO_IS_LANE (lane) && chrono_lane_get_tree (lane) != NULL);
  g_return_if_fail (node < chrono_tree_get_n_nodes (chrono_lane_get_tree (lane)));
  g_set_object (&self->trace, self->own_trace);
  chrono_inspector_reset (self);
  show_tree_node (self, lane, node);
  gtk_widget_show_all (self->content);
}
