/* chrono-visandor-public.h — a public node of an or-tree (MAKE_PUBLIC): its
 * row in the tree, and which of its branches were taken (started, or pruned
 * before anyone took them), so that the branches nobody took can be shown
 * at the end.  Its memory grows with the branches taken, never with the
 * number of branches the file claims. */
#pragma once

#include "chrono-lane.h"

G_BEGIN_DECLS

typedef struct {
  ChronoLane *lane; /* of the agent that made it public */
  guint64 key; /* the producer's node id */
  gint64 time;
  gint64 n_branches;
  guint32 tree_node; /* its row, or CHRONO_TREE_NONE */
  guint64 order; /* of its branches' split among their parent's */
  gint64 n_taken; /* distinct branch numbers below n_branches taken */
  GHashTable *taken; /* gint64 number -> itself, NULL until one is taken */
} ChronoVisandorPublicNode;

ChronoVisandorPublicNode *chrono_visandor_public_node_new (ChronoLane *lane, guint64 key, gint64 time,
                                                           gint64 n_branches, guint32 tree_node, guint64 order);
void chrono_visandor_public_node_free (ChronoVisandorPublicNode *node);

/* Marks branch number taken; TRUE when it was not before (a number outside
 * the node's branches is always new). */
gboolean chrono_visandor_public_node_take (ChronoVisandorPublicNode *node, gint64 number);
gboolean chrono_visandor_public_node_all_taken (const ChronoVisandorPublicNode *node);

/* The lowest numbers of the branches not taken, up to max of them, in
 * numbers; returns how many it wrote.  Takes at most max + n_taken steps. */
guint chrono_visandor_public_node_list_untaken (const ChronoVisandorPublicNode *node, gint64 *numbers, guint max);
gint64 chrono_visandor_public_node_n_untaken (const ChronoVisandorPublicNode *node);

G_END_DECLS
