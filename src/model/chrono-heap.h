/* chrono-heap.h — a binary min-heap of (key, value) pairs, the smallest key
 * first (then the smallest value): the lowest free row of a lane whose items
 * come and go (a process's mappings, an agent's goals), the earliest end. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _ChronoHeap ChronoHeap;

ChronoHeap *chrono_heap_new (void);
void chrono_heap_free (ChronoHeap *heap);
void chrono_heap_push (ChronoHeap *heap, gint64 key, guint64 value);
/* The smallest pair (either out may be NULL); FALSE when empty. */
gboolean chrono_heap_peek (ChronoHeap *heap, gint64 *key, guint64 *value);
void chrono_heap_pop (ChronoHeap *heap);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoHeap, chrono_heap_free)

G_END_DECLS
