/* chrono-path-index.h — the call path of each call of a trace, kept on the
 * trace: a node per distinct path (its caller's node and its name), and for
 * each worker lane's spans the node of each call and the span of the call
 * it was made in, from the walk chrono-call-paths.h describes (spans in the
 * order their calls began, a stack by depth; collectives under way and
 * unlabelled spans are not calls).  A lane is walked the first time it is
 * asked for; 8 bytes a span.  The call paths of a range, Find's path terms
 * and the outline of a chosen path read it.  Built and read on one thread
 * (the viewer's or the command's). */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

#define CHRONO_NO_PATH G_MAXUINT32

typedef struct _ChronoPathIndex ChronoPathIndex;

/* The trace's index (made on first use, freed with the trace). */
ChronoPathIndex *chrono_path_index_of (ChronoTrace *trace);

typedef struct {
  guint n; /* spans */
  const guint32 *node; /* per span: its call's path, CHRONO_NO_PATH for a span that is not a call */
  const guint32 *caller; /* per span: the span of the call it was made in, CHRONO_NO_PATH: none */
} ChronoLaneCalls;

const ChronoLaneCalls *chrono_path_index_lane (ChronoPathIndex *index, ChronoLane *lane);

/* The nodes so far (node 0 is the root, no path), a node's caller and name. */
guint chrono_path_index_get_n_nodes (ChronoPathIndex *index);
guint32 chrono_path_index_get_parent (ChronoPathIndex *index, guint32 node);
const char *chrono_path_index_get_name (ChronoPathIndex *index, guint32 node);
/* The string id of the node's name (its region), for sums by region in arrays. */
guint32 chrono_path_index_get_name_id (ChronoPathIndex *index, guint32 node);
/* The node's names, outermost first, joined by ';' (as chrono_call_path_join joins a path's). */
char *chrono_path_index_join (ChronoPathIndex *index, guint32 node);
/* The node of a path given joined by ';' among the lanes indexed so far;
 * CHRONO_NO_PATH when there is none (or a name holds a ';'). */
guint32 chrono_path_index_lookup (ChronoPathIndex *index, const char *joined);
/* When the trace's first call of a path (joined by ';') began; FALSE: it has none. */
gboolean chrono_path_index_first_call (ChronoTrace *trace, const char *joined, gint64 *out_start);
/* Every node but the root in path order: element by element by the names'
 * bytes, a path before those under it (n: how many). */
const guint32 *chrono_path_index_sorted (ChronoPathIndex *index, guint *n);
/* Each node's place in that order (by node). */
const guint32 *chrono_path_index_ranks (ChronoPathIndex *index);

G_END_DECLS
