/* chrono-tree.h — a tree of work over time: VisAndOr's and-trees of goals
 * and or-trees of branches.  Each node has a parent, a start and an end, the
 * moment its parent split (a fork, a public node) and went on (a join), how
 * it ended, and the stretches it was run (by which worker), suspended or
 * helped.  Sealed, the nodes are numbered in depth-first order, children by
 * the order their producer gave them, which is the order of the tree's rows. */
#pragma once

#include <glib.h>

#include "chrono-strings.h"

G_BEGIN_DECLS

#define CHRONO_TREE_NONE G_MAXUINT32

typedef enum {
  CHRONO_TREE_OPEN, /* still running at the end of the trace */
  CHRONO_TREE_FINISHED,
  CHRONO_TREE_SUCCEEDED,
  CHRONO_TREE_FAILED,
  CHRONO_TREE_CUT,
  CHRONO_TREE_RESTARTED, /* started again before it ended */
  CHRONO_TREE_PUBLIC, /* a public node (or-tree): where a branch's alternatives were made available */
  CHRONO_TREE_NOT_TAKEN, /* a branch of a public node that nobody took */
} ChronoTreeOutcome;

typedef enum {
  CHRONO_STRETCH_RUNNING, /* a worker ran it */
  CHRONO_STRETCH_SUSPENDED, /* nobody ran it, it was not over */
  CHRONO_STRETCH_HELPED, /* another worker helped (an Andorra-I slave) */
  CHRONO_STRETCH_WAITING, /* it forked and waits for its goals to join */
} ChronoStretchKind;

typedef struct {
  guint32 parent; /* CHRONO_TREE_NONE: a root */
  guint32 kind; /* string id: "goal", "branch", "program" */
  guint32 label; /* string id of its name; 0: named by key and number */
  guint64 key; /* the producer's node id, named in hexadecimal */
  gint64 number; /* the goal or branch number in its node; < 0: none */
  gint64 start, end;
  gint64 split_time; /* when its parent split; G_MININT64: none */
  gint64 join_time; /* when its parent went on after it; G_MININT64: none */
  guint64 order; /* siblings are in this order */
  guint8 outcome; /* ChronoTreeOutcome */
} ChronoTreeNode;

typedef struct {
  guint32 node;
  guint32 worker; /* string id: who ran or helped it; 0 when suspended */
  gint64 start, end;
  guint8 kind; /* ChronoStretchKind */
} ChronoTreeStretch;

typedef struct _ChronoTree ChronoTree;

ChronoTree *chrono_tree_new (void);
void chrono_tree_free (ChronoTree *tree);

/* Building: nodes get indices in the order they are added. */
guint32 chrono_tree_add_node (ChronoTree *tree, const ChronoTreeNode *node);
ChronoTreeNode *chrono_tree_peek_node (ChronoTree *tree, guint32 index);
void chrono_tree_add_stretch (ChronoTree *tree, const ChronoTreeStretch *stretch);
/* Orders the nodes depth-first and the stretches by node and time. */
void chrono_tree_seal (ChronoTree *tree);

guint chrono_tree_get_n_nodes (ChronoTree *tree);
/* After sealing, index i is the i-th row of the fully expanded tree. */
const ChronoTreeNode *chrono_tree_get_node (ChronoTree *tree, guint32 index);
guint chrono_tree_get_depth (ChronoTree *tree, guint32 index);
/* The node and its descendants are indices index … index + size − 1. */
guint chrono_tree_get_subtree_size (ChronoTree *tree, guint32 index);
/* label, or "<key in hex>.<number>"; strings: the trace's */
/* The earliest start and latest end among the node's descendants; FALSE: it has none. */
gboolean chrono_tree_get_descendants_span (ChronoTree *tree, guint32 index, gint64 *out_start, gint64 *out_end);
char *chrono_tree_dup_node_name (ChronoTree *tree, guint32 index, ChronoStrings *strings);
/* The node's stretches, in time order: first … first + n − 1. */
void chrono_tree_get_stretches (ChronoTree *tree, guint32 index, guint *out_first, guint *out_n);
const ChronoTreeStretch *chrono_tree_get_stretch (ChronoTree *tree, guint index);
guint chrono_tree_get_n_stretches (ChronoTree *tree);
const char *chrono_tree_outcome_get_name (ChronoTreeOutcome outcome);

/* A tree cut short: it took no node that began at time or later (the
 * trace goes on without it), which its picture must say. */
void chrono_tree_set_cut (ChronoTree *tree, gint64 time);
/* TRUE, with the time it was cut at, for a tree cut short. */
gboolean chrono_tree_get_cut (ChronoTree *tree, gint64 *time);

gsize chrono_tree_get_memory_size (ChronoTree *tree);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoTree, chrono_tree_free)

G_END_DECLS
