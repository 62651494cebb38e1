/* chrono-visandor-rows.c — lowest-free-row allocation for an agent's lane.
 *
 * The rows ever used are a byte array of in-use flags; the rows freed below
 * its end wait in a min-heap, so the lowest free row is the heap's top, or a
 * new row past the end when the heap is empty. */
#include "chrono-visandor-rows.h"

void
chrono_visandor_rows_init (ChronoVisandorRows *rows)
{
  rows->used = NULL;
  rows->free = NULL;
}

void
chrono_visandor_rows_clear (ChronoVisandorRows *rows)
{
  g_clear_pointer (&rows->used, g_byte_array_unref);
  g_clear_pointer (&rows->free, g_array_unref);
}

static guint32 *
heap (ChronoVisandorRows *rows)
{
  return (guint32 *) rows->free->data;
}

static void
heap_push (ChronoVisandorRows *rows, guint32 row)
{
  if (rows->free == NULL)
    rows->free = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (rows->free, row);
  guint32 *h = heap (rows);
  for (guint i = rows->free->len - 1; i > 0;)
    {
      guint parent = (i - 1) / 2;
      if (h[parent] <= h[i])
        break;
      guint32 swap = h[parent];
      h[parent] = h[i];
      h[i] = swap;
      i = parent;
    }
}

static guint32
heap_pop (ChronoVisandorRows *rows)
{
  guint32 *h = heap (rows);
  guint32 top = h[0];
  guint n = rows->free->len - 1;
  h[0] = h[n];
  g_array_set_size (rows->free, n);
  h = heap (rows);
  for (guint i = 0;;)
    {
      guint least = i, left = 2 * i + 1, right = left + 1;
      if (left < n && h[left] < h[least])
        least = left;
      if (right < n && h[right] < h[least])
        least = right;
      if (least == i)
        break;
      guint32 swap = h[least];
      h[least] = h[i];
      h[i] = swap;
      i = least;
    }
  return top;
}

guint32
chrono_visandor_rows_take (ChronoVisandorRows *rows)
{
  if (rows->used == NULL)
    rows->used = g_byte_array_new ();
  if (rows->free != NULL && rows->free->len > 0)
    {
      guint32 row = heap_pop (rows);
      rows->used->data[row] = 1;
      return row;
    }
  guint8 in_use = 1;
  g_byte_array_append (rows->used, &in_use, 1);
  return rows->used->len - 1;
}

void
chrono_visandor_rows_release (ChronoVisandorRows *rows, guint32 row)
{
  if (rows->used == NULL || row >= rows->used->len || !rows->used->data[row])
    return;
  rows->used->data[row] = 0;
  heap_push (rows, row);
}

GBytes *
chrono_visandor_rows_save (const ChronoVisandorRows *rows)
{
  if (rows->used == NULL)
    return g_bytes_new (NULL, 0);
  return g_bytes_new (rows->used->data, rows->used->len);
}

void
chrono_visandor_rows_restore (ChronoVisandorRows *rows, GBytes *saved)
{
  chrono_visandor_rows_clear (rows);
  gsize size;
  const guint8 *used = g_bytes_get_data (saved, &size);
  if (size == 0)
    return;
  rows->used = g_byte_array_sized_new ((guint) size);
  g_byte_array_append (rows->used, used, (guint) size);
  for (gsize row = 0; row < size; row++)
    if (!used[row])
      heap_push (rows, (guint32) row);
}
