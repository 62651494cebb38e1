/* chrono-visandor-public.c — the public nodes of an or-tree: which branches
 * were taken, as a set of the numbers seen (a node may claim 2^62 branches
 * and see two). */
#include "chrono-visandor-public.h"

#include "chrono-tree.h"

ChronoVisandorPublicNode *
chrono_visandor_public_node_new (ChronoLane *lane, guint64 key, gint64 time, gint64 n_branches, guint32 tree_node,
                                 guint64 order)
{
  ChronoVisandorPublicNode *node = g_new0 (ChronoVisandorPublicNode, 1);
  *node = (ChronoVisandorPublicNode){
    .lane = lane, .key = key, .time = time, .n_branches = MAX (n_branches, 0), .tree_node = tree_node, .order = order
  };
  return node;
}

void
chrono_visandor_public_node_free (ChronoVisandorPublicNode *node)
{
  g_clear_pointer (&node->taken, g_hash_table_unref);
  g_free (node);
}

gboolean
chrono_visandor_public_node_take (ChronoVisandorPublicNode *node, gint64 number)
{
  if (number < 0 || number >= node->n_branches)
    return TRUE;
  if (node->taken == NULL)
    node->taken = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  if (g_hash_table_contains (node->taken, &number))
    return FALSE;
  g_hash_table_add (node->taken, g_memdup2 (&number, sizeof number));
  node->n_taken++;
  return TRUE;
}

gboolean
chrono_visandor_public_node_all_taken (const ChronoVisandorPublicNode *node)
{
  return node->n_taken >= node->n_branches;
}

static gboolean
taken (const ChronoVisandorPublicNode *node, gint64 number)
{
  return node->taken != NULL && g_hash_table_contains (node->taken, &number);
}

guint
chrono_visandor_public_node_list_untaken (const ChronoVisandorPublicNode *node, gint64 *numbers, guint max)
{
  guint n = 0;
  for (gint64 number = 0; number < node->n_branches && n < max; number++)
    if (!taken (node, number))
      numbers[n++] = number;
  return n;
}

gint64
chrono_visandor_public_node_n_untaken (const ChronoVisandorPublicNode *node)
{
  return node->n_branches - node->n_taken;
}
