/* chrono-ownership.c — levels by start order: each interval takes the
 * lowest level free when it starts (intervals freed as they end), found
 * with two binary heaps, so a semaphore with a million accesses or a
 * thousand waiters at once costs n log n, never a scan of every level. */
#include "chrono-ownership.h"

#define NO_LEVEL G_MAXUINT16

struct _ChronoOwnership {
  ChronoAccesses *accesses; /* borrowed: its lane owns it */
  guint n_accesses;
  guint n_levels[CHRONO_N_OWNERSHIP_BANDS];
  guint16 *levels[CHRONO_N_OWNERSHIP_BANDS]; /* per access; NO_LEVEL: no interval */
};

static gboolean
interval_of (const ChronoAccess *a, ChronoOwnershipBand band, gint64 *start, gint64 *end)
{
  if (band == CHRONO_OWNERSHIP_HOLD)
    {
      if (a->assigned == CHRONO_ACCESS_NEVER)
        return FALSE;
      *start = a->assigned;
      *end = a->released != CHRONO_ACCESS_NEVER ? a->released : CHRONO_OWNERSHIP_OPEN;
      return *end >= *start;
    }
  if (a->requested == CHRONO_ACCESS_NEVER)
    return FALSE;
  *start = a->requested;
  if (a->assigned != CHRONO_ACCESS_NEVER)
    *end = a->assigned;
  else
    *end = a->released != CHRONO_ACCESS_NEVER ? a->released : CHRONO_OWNERSHIP_OPEN;
  return *end > *start; /* a request granted at once waited for nothing */
}

/* ---- a binary min-heap of (key, level) --------------------------------- */

typedef struct {
  gint64 key;
  guint level;
} HeapItem;

static gboolean
heap_less (const HeapItem *a, const HeapItem *b)
{
  return a->key < b->key || (a->key == b->key && a->level < b->level);
}

static void
heap_push (GArray *heap, gint64 key, guint level)
{
  HeapItem item = { key, level };
  g_array_append_val (heap, item);
  HeapItem *h = (HeapItem *) heap->data;
  for (guint i = heap->len - 1; i > 0;)
    {
      guint parent = (i - 1) / 2;
      if (!heap_less (&h[i], &h[parent]))
        break;
      HeapItem t = h[i];
      h[i] = h[parent];
      h[parent] = t;
      i = parent;
    }
}

static HeapItem
heap_pop (GArray *heap)
{
  HeapItem *h = (HeapItem *) heap->data;
  HeapItem top = h[0];
  h[0] = h[heap->len - 1];
  g_array_set_size (heap, heap->len - 1);
  for (guint i = 0;;)
    {
      guint least = i, l = 2 * i + 1, r = l + 1;
      if (l < heap->len && heap_less (&h[l], &h[least]))
        least = l;
      if (r < heap->len && heap_less (&h[r], &h[least]))
        least = r;
      if (least == i)
        break;
      HeapItem t = h[i];
      h[i] = h[least];
      h[least] = t;
      i = least;
    }
  return top;
}

/* ---- levels ------------------------------------------------------------ */

typedef struct {
  gint64 start, end;
  guint access;
} Interval;

static int
by_start (gconstpointer a, gconstpointer b)
{
  const Interval *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->access < y->access ? -1 : (x->access > y->access);
}

static void
assign_levels (ChronoOwnership *self, ChronoOwnershipBand band)
{
  g_autoptr (GArray) intervals = g_array_new (FALSE, FALSE, sizeof (Interval));
  for (guint i = 0; i < self->n_accesses; i++)
    {
      Interval iv = { .access = i };
      if (interval_of (chrono_accesses_get (self->accesses, i), band, &iv.start, &iv.end))
        g_array_append_val (intervals, iv);
    }
  g_array_sort (intervals, by_start);
  g_autoptr (GArray) busy = g_array_new (FALSE, FALSE, sizeof (HeapItem)); /* key: end */
  g_autoptr (GArray) idle = g_array_new (FALSE, FALSE, sizeof (HeapItem)); /* key: the level */
  guint n_levels = 0;
  for (guint i = 0; i < intervals->len; i++)
    {
      const Interval *iv = &g_array_index (intervals, Interval, i);
      while (busy->len > 0 && g_array_index (busy, HeapItem, 0).key <= iv->start)
        {
          guint freed = heap_pop (busy).level;
          heap_push (idle, freed, freed);
        }
      guint level = idle->len > 0 ? heap_pop (idle).level : n_levels++;
      heap_push (busy, iv->end, level);
      self->levels[band][iv->access] = (guint16) MIN (level, CHRONO_OWNERSHIP_MAX_LEVELS - 1);
    }
  self->n_levels[band] = MIN (n_levels, CHRONO_OWNERSHIP_MAX_LEVELS);
}

ChronoOwnership *
chrono_ownership_new (ChronoAccesses *accesses)
{
  g_return_val_if_fail (accesses != NULL, NULL);
  ChronoOwnership *self = g_new0 (ChronoOwnership, 1);
  self->accesses = accesses;
  self->n_accesses = chrono_accesses_get_n (accesses);
  for (guint band = 0; band < CHRONO_N_OWNERSHIP_BANDS; band++)
    {
      self->levels[band] = g_new (guint16, MAX (self->n_accesses, 1));
      for (guint i = 0; i < self->n_accesses; i++)
        self->levels[band][i] = NO_LEVEL;
      assign_levels (self, band);
    }
  return self;
}

void
chrono_ownership_free (ChronoOwnership *ownership)
{
  if (ownership == NULL)
    return;
  for (guint band = 0; band < CHRONO_N_OWNERSHIP_BANDS; band++)
    g_free (ownership->levels[band]);
  g_free (ownership);
}

guint
chrono_ownership_get_n_accesses (const ChronoOwnership *ownership)
{
  return ownership->n_accesses;
}

guint
chrono_ownership_get_n_levels (const ChronoOwnership *ownership, ChronoOwnershipBand band)
{
  g_return_val_if_fail (band < CHRONO_N_OWNERSHIP_BANDS, 0);
  return ownership->n_levels[band];
}

gboolean
chrono_ownership_get_interval (const ChronoOwnership *ownership, ChronoOwnershipBand band, guint access,
                               gint64 *out_start, gint64 *out_end, guint *out_level)
{
  g_return_val_if_fail (band < CHRONO_N_OWNERSHIP_BANDS, FALSE);
  if (access >= ownership->n_accesses || ownership->levels[band][access] == NO_LEVEL)
    return FALSE;
  interval_of (chrono_accesses_get (ownership->accesses, access), band, out_start, out_end);
  *out_level = ownership->levels[band][access];
  return TRUE;
}
