/* chrono-laplace-heap.h — a binary min-heap of (key, value) pairs, the
 * smallest key first (then the smallest value): the rows a process's
 * mappings are laid in. */
#pragma once

#include <glib.h>

typedef struct _ChronoLaplaceHeap ChronoLaplaceHeap;

ChronoLaplaceHeap *chrono_laplace_heap_new (void);
void chrono_laplace_heap_free (ChronoLaplaceHeap *heap);
void chrono_laplace_heap_push (ChronoLaplaceHeap *heap, gint64 key, guint64 value);
/* The smallest pair (either out may be NULL); FALSE when empty. */
gboolean chrono_laplace_heap_peek (ChronoLaplaceHeap *heap, gint64 *key, guint64 *value);
void chrono_laplace_heap_pop (ChronoLaplaceHeap *heap);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoLaplaceHeap, chrono_laplace_heap_free)
