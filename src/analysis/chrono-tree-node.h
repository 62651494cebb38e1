/* chrono-tree-node.h — what a node of a tree of work (a VisAndOr goal or
 * branch) amounts to: where it came from, who ran it, how long it was run,
 * suspended and helped, and for the node that split, when its children
 * finished and which of them made the join wait. */
#pragma once

#include "chrono-tree.h"

G_BEGIN_DECLS

typedef struct {
  guint32 node;
  gint64 start, end;
  gint64 running, suspended, helped, waiting; /* ticks in each kind of stretch (helped: summed over helpers) */
  GPtrArray *workers; /* char*: who ran it, in the order they did, each once */
  guint n_children;
  /* over the children: the first and the last to end, which one that was */
  gboolean has_children;
  gint64 first_child_end, last_child_end;
  guint32 last_child;
  gint64 join_time; /* the children's join, G_MININT64 when none */
} ChronoTreeNodeInfo;

void chrono_tree_node_explain (ChronoTree *tree, ChronoStrings *strings, guint32 node, ChronoTreeNodeInfo *out);
void chrono_tree_node_info_clear (ChronoTreeNodeInfo *info);

G_END_DECLS
