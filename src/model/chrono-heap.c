/* chrono-heap.c — a binary min-heap of (key, value) pairs. */
#include "chrono-heap.h"

typedef struct {
  gint64 key;
  guint64 value;
} Entry;

struct _ChronoHeap {
  GArray *entries; /* Entry, heap-ordered */
};

ChronoHeap *
chrono_heap_new (void)
{
  ChronoHeap *heap = g_new0 (ChronoHeap, 1);
  heap->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  return heap;
}

void
chrono_heap_free (ChronoHeap *heap)
{
  if (heap == NULL)
    return;
  g_array_unref (heap->entries);
  g_free (heap);
}

static gboolean
less (const Entry *a, const Entry *b)
{
  return a->key != b->key ? a->key < b->key : a->value < b->value;
}

static void
swap (Entry *a, Entry *b)
{
  Entry t = *a;
  *a = *b;
  *b = t;
}

void
chrono_heap_push (ChronoHeap *heap, gint64 key, guint64 value)
{
  Entry entry = { key, value };
  g_array_append_val (heap->entries, entry);
  Entry *e = (Entry *) heap->entries->data;
  for (guint i = heap->entries->len - 1; i > 0 && less (&e[i], &e[(i - 1) / 2]); i = (i - 1) / 2)
    swap (&e[i], &e[(i - 1) / 2]);
}

gboolean
chrono_heap_peek (ChronoHeap *heap, gint64 *key, guint64 *value)
{
  if (heap->entries->len == 0)
    return FALSE;
  const Entry *top = &g_array_index (heap->entries, Entry, 0);
  if (key != NULL)
    *key = top->key;
  if (value != NULL)
    *value = top->value;
  return TRUE;
}

void
chrono_heap_pop (ChronoHeap *heap)
{
  g_return_if_fail (heap->entries->len > 0);
  Entry *e = (Entry *) heap->entries->data;
  guint n = heap->entries->len - 1;
  e[0] = e[n];
  g_array_set_size (heap->entries, n);
  for (guint i = 0;;)
    {
      guint smallest = i, left = 2 * i + 1, right = left + 1;
      if (left < n && less (&e[left], &e[smallest]))
        smallest = left;
      if (right < n && less (&e[right], &e[smallest]))
        smallest = right;
      if (smallest == i)
        break;
      swap (&e[i], &e[smallest]);
      i = smallest;
    }
}
