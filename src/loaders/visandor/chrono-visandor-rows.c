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
  g_clear_pointer (&rows->free, chrono_heap_free);
}

static void
heap_push (ChronoVisandorRows *rows, guint32 row)
{
  if (rows->free == NULL)
    rows->free = chrono_heap_new ();
  chrono_heap_push (rows->free, row, row);
}

guint32
chrono_visandor_rows_take (ChronoVisandorRows *rows)
{
  if (rows->used == NULL)
    rows->used = g_byte_array_new ();
  guint64 row;
  if (rows->free != NULL && chrono_heap_peek (rows->free, NULL, &row))
    {
      chrono_heap_pop (rows->free);
      rows->used->data[row] = 1;
      return (guint32) row;
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
