/* chrono-accesses.c — a semaphore's accesses in two columns: the rows, and
 * every row's holders one after the other. */
#include "chrono-accesses.h"

struct _ChronoAccesses {
  GArray *rows; /* ChronoAccess */
  GArray *holders; /* guint32: rows, each row's run at its first_holder */
};

ChronoAccesses *
chrono_accesses_new (void)
{
  ChronoAccesses *accesses = g_new0 (ChronoAccesses, 1);
  accesses->rows = g_array_new (FALSE, FALSE, sizeof (ChronoAccess));
  accesses->holders = g_array_new (FALSE, FALSE, sizeof (guint32));
  return accesses;
}

void
chrono_accesses_free (ChronoAccesses *accesses)
{
  if (accesses == NULL)
    return;
  g_array_unref (accesses->rows);
  g_array_unref (accesses->holders);
  g_free (accesses);
}

guint
chrono_accesses_add (ChronoAccesses *accesses, const ChronoAccess *access, const guint *holders, guint n_holders)
{
  ChronoAccess row = *access;
  row.first_holder = accesses->holders->len;
  row.n_holders = n_holders;
  for (guint i = 0; i < n_holders; i++)
    {
      g_return_val_if_fail (holders[i] < accesses->rows->len, G_MAXUINT);
      guint32 holder = holders[i];
      g_array_append_val (accesses->holders, holder);
    }
  g_array_append_val (accesses->rows, row);
  return accesses->rows->len - 1;
}

guint
chrono_accesses_get_n (ChronoAccesses *accesses)
{
  return accesses->rows->len;
}

ChronoAccess *
chrono_accesses_get (ChronoAccesses *accesses, guint index)
{
  g_return_val_if_fail (index < accesses->rows->len, NULL);
  return &g_array_index (accesses->rows, ChronoAccess, index);
}

const guint32 *
chrono_accesses_get_holders (ChronoAccesses *accesses, guint index, guint *n_holders)
{
  const ChronoAccess *row = chrono_accesses_get (accesses, index);
  *n_holders = row ? row->n_holders : 0;
  return row && row->n_holders > 0 ? &g_array_index (accesses->holders, guint32, row->first_holder) : NULL;
}
