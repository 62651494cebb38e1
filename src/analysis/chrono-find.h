/* chrono-find.h — find anything: lanes, items, instances and
 * events by name, attribute, state or duration.
 *
 * A query is terms separated by spaces, all of which must hold:
 *   word            the item's name or its lane's name contains it (any case)
 *   name~RE name=T  the item's name matches the regular expression / is T
 *   lane~RE lane=T  its lane's name (or path, "Tasks/T1") matches / is T
 *   path~RE path=P  a call whose call path (its callers' names and its
 *                   own, outermost first, joined by ';': main;MPI_Send)
 *                   matches / is P (chrono-path-index.h)
 *   state=running   a span in that state (the names of the legend, any case)
 *   duration>2ms    also <, >=, <=, =; times as the ruler writes them
 *   waits>1ms       a task or ISR instance whose waits on semaphores add
 *                   up to more (also <, >=, <=, =)
 *   inversion       an instance one of whose waits was a priority
 *                   inversion (chrono-blocking.h)
 *   KEY=V KEY~RE KEY!=V   an attribute of the item
 * An item's name is its label (the process on a core, a claim's name), else
 * its lane's name; an event's names are its kind, source and note.  A task's
 * instances are found once each (the first span of each), unless the query
 * asks for a state. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

#define CHRONO_FIND_ERROR (chrono_find_error_quark ())
GQuark chrono_find_error_quark (void);

typedef struct _ChronoQuery ChronoQuery;

/* NULL with an error saying which term is wrong and why. */
ChronoQuery *chrono_query_parse (const char *text, const ChronoClock *clock, GError **error);
/* The query path=P for a path P given whole (its names may hold spaces). */
ChronoQuery *chrono_query_new_path (const char *joined);
void chrono_query_free (ChronoQuery *query);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoQuery, chrono_query_free)

typedef enum {
  CHRONO_MATCH_SPAN, /* index: a span of the lane (for an instance, its first span) */
  CHRONO_MATCH_MARK, /* index: an instant event of the lane */
} ChronoMatchKind;

typedef struct {
  ChronoLane *lane; /* borrowed */
  ChronoMatchKind kind;
  guint index;
  gint64 start, end; /* an instance's whole life; a mark's time twice */
} ChronoMatch;

typedef struct {
  GArray *matches; /* ChronoMatch in lane order, items by start within a lane; at most the cap */
  guint64 n_found; /* items that match, the ones past the cap too */
  GHashTable *lanes; /* set of lanes with a match: their name, or an item's */
  gboolean names_only; /* read lazily: items are not in memory, only lane names were searched */
} ChronoFindResult;

ChronoFindResult *chrono_find (ChronoTrace *trace, const ChronoQuery *query, guint cap);
void chrono_find_result_free (ChronoFindResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoFindResult, chrono_find_result_free)

/* The match to go to from a time: the first item starting after it (or, with
 * direction < 0, the last starting before it); ties in lane order, after
 * (before) the match `current` when that is a valid index.  FALSE when none. */
gboolean chrono_find_result_step (const ChronoFindResult *result, gint64 time, guint current, int direction,
                                  guint *out_index);

G_END_DECLS
