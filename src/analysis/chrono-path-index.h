/* chrono-path-index.h — the call path of each call: a node per distinct
 * path (its caller's node and its name), found for every call of a lane by
 * the walk chrono-call-paths.h makes (spans in the order their calls
 * began, a stack by depth; collectives under way are not calls).  Find's
 * path terms and the highlight of a call tree's path read it. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

#define CHRONO_NO_PATH G_MAXUINT

typedef struct _ChronoPathIndex ChronoPathIndex;

ChronoPathIndex *chrono_path_index_new (ChronoTrace *trace);
void chrono_path_index_free (ChronoPathIndex *index);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoPathIndex, chrono_path_index_free)

/* The path node of each span of lane (as many as its spans), CHRONO_NO_PATH
 * for a span that is not a call; new nodes are added as they are met. */
guint *chrono_path_index_walk_lane (ChronoPathIndex *index, ChronoLane *lane);
/* The node's names, outermost first, joined by ';' (chrono_call_path_join). */
char *chrono_path_index_join (ChronoPathIndex *index, guint node);

G_END_DECLS
