/* chrono-blocking.c — the requests of a trace's semaphores gathered from
 * their lanes' access tables and put in file order. */
#include "chrono-blocking.h"

#include <stdlib.h>
#include <string.h>

struct _ChronoBlocking {
  GArray *waits; /* ChronoBlockingWait */
};

static gint
compare_holders (gconstpointer a, gconstpointer b)
{
  const ChronoBlockingHolder *x = a, *y = b;
  int by_name = strcmp (x->process, y->process);
  if (by_name != 0)
    return by_name;
  return (x->instance > y->instance) - (x->instance < y->instance);
}

/* Requests in the order of their lines; a table's rows are in file order
 * already, so rows of one semaphore keep theirs. */
static gint
compare_waits (gconstpointer a, gconstpointer b)
{
  const ChronoBlockingWait *x = a, *y = b;
  return (x->access->line > y->access->line) - (x->access->line < y->access->line);
}

static void
add_semaphore_waits (ChronoBlocking *blocking, ChronoTrace *trace, ChronoLane *lane)
{
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  ChronoAccesses *accesses = chrono_lane_get_accesses (lane);
  for (guint i = 0; i < chrono_accesses_get_n (accesses); i++)
    {
      const ChronoAccess *access = chrono_accesses_get (accesses, i);
      if (access->requested == CHRONO_ACCESS_NEVER)
        continue; /* held since before the trace began: it asked for nothing in it */
      guint n;
      const guint32 *holders = chrono_accesses_get_holders (accesses, i, &n);
      ChronoBlockingWait wait = { lane, access, g_new (ChronoBlockingHolder, MAX (n, 1)), n };
      for (guint h = 0; h < n; h++)
        {
          const ChronoAccess *holder = chrono_accesses_get (accesses, holders[h]);
          wait.held_by[h] = (ChronoBlockingHolder){ chrono_strings_get (strings, holder->process), holder->instance };
        }
      qsort (wait.held_by, n, sizeof *wait.held_by, compare_holders);
      g_array_append_val (blocking->waits, wait);
    }
}

ChronoBlocking *
chrono_blocking_new (ChronoTrace *trace)
{
  ChronoBlocking *blocking = g_new0 (ChronoBlocking, 1);
  blocking->waits = g_array_new (FALSE, FALSE, sizeof (ChronoBlockingWait));
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (chrono_lane_get_accesses (g_ptr_array_index (lanes, i)) != NULL)
      add_semaphore_waits (blocking, trace, g_ptr_array_index (lanes, i));
  g_array_sort (blocking->waits, compare_waits);
  return blocking;
}

void
chrono_blocking_free (ChronoBlocking *blocking)
{
  if (blocking == NULL)
    return;
  for (guint i = 0; i < blocking->waits->len; i++)
    g_free (g_array_index (blocking->waits, ChronoBlockingWait, i).held_by);
  g_array_unref (blocking->waits);
  g_free (blocking);
}

guint
chrono_blocking_get_n_waits (ChronoBlocking *blocking)
{
  return blocking->waits->len;
}

const ChronoBlockingWait *
chrono_blocking_get_wait (ChronoBlocking *blocking, guint index)
{
  g_return_val_if_fail (index < blocking->waits->len, NULL);
  return &g_array_index (blocking->waits, ChronoBlockingWait, index);
}

gint64
chrono_blocking_wait_ticks (const ChronoBlockingWait *wait)
{
  if (wait->access->assigned == CHRONO_ACCESS_NEVER)
    return -1;
  return wait->access->assigned - wait->access->requested;
}
