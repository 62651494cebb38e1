/* chrono-visandor-work-table.c — linear probing over a power-of-two array
 * of item pointers, at most half full; removal shifts the items after the
 * hole back, so no tombstones pile up over millions of goals. */
#include "chrono-visandor-work-table.h"

#define INITIAL_SLOTS 64u

static inline guint
key_hash (const ChronoVisandorWorkKey *k)
{
  guint64 h = k->node * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15) ^ (guint64) k->number * 31u ^ (guint64) k->agent
              ^ ((guint64) k->kind << 60);
  h ^= h >> 29;
  h *= G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  return (guint) (h ^ (h >> 32));
}

static inline gboolean
key_equal (const ChronoVisandorWorkKey *x, const ChronoVisandorWorkKey *y)
{
  return x->node == y->node && x->number == y->number && x->agent == y->agent && x->kind == y->kind;
}

void
chrono_visandor_work_table_init (ChronoVisandorWorkTable *table)
{
  table->slots = g_new0 (ChronoVisandorWorkKey *, INITIAL_SLOTS);
  table->mask = INITIAL_SLOTS - 1;
  table->n_items = 0;
}

void
chrono_visandor_work_table_clear (ChronoVisandorWorkTable *table)
{
  g_clear_pointer (&table->slots, g_free);
  table->mask = 0;
  table->n_items = 0;
}

/* The slot holding key, or the empty slot where it would go. */
static inline guint
find_slot (const ChronoVisandorWorkTable *table, const ChronoVisandorWorkKey *key)
{
  guint i = key_hash (key) & table->mask;
  while (table->slots[i] != NULL && !key_equal (table->slots[i], key))
    i = (i + 1) & table->mask;
  return i;
}

gpointer
chrono_visandor_work_table_lookup (const ChronoVisandorWorkTable *table, const ChronoVisandorWorkKey *key)
{
  return table->slots[find_slot (table, key)];
}

static void
grow (ChronoVisandorWorkTable *table)
{
  ChronoVisandorWorkKey **old = table->slots;
  guint n_old = table->mask + 1;
  table->slots = g_new0 (ChronoVisandorWorkKey *, 2 * n_old);
  table->mask = 2 * n_old - 1;
  for (guint i = 0; i < n_old; i++)
    if (old[i] != NULL)
      table->slots[find_slot (table, old[i])] = old[i];
  g_free (old);
}

gpointer
chrono_visandor_work_table_insert (ChronoVisandorWorkTable *table, gpointer item)
{
  ChronoVisandorWorkKey *key = item;
  guint i = find_slot (table, key);
  ChronoVisandorWorkKey *replaced = table->slots[i];
  table->slots[i] = key;
  if (replaced != NULL)
    return replaced;
  if (++table->n_items > (table->mask + 1) / 2)
    grow (table);
  return NULL;
}

gpointer
chrono_visandor_work_table_remove (ChronoVisandorWorkTable *table, const ChronoVisandorWorkKey *key)
{
  guint hole = find_slot (table, key);
  ChronoVisandorWorkKey *removed = table->slots[hole];
  if (removed == NULL)
    return NULL;
  table->slots[hole] = NULL;
  table->n_items--;
  /* the items after the hole, up to the next empty slot, move back into it
   * when the hole lies on their way from their home slot */
  for (guint i = (hole + 1) & table->mask; table->slots[i] != NULL; i = (i + 1) & table->mask)
    {
      guint home = key_hash (table->slots[i]) & table->mask;
      gboolean hole_on_the_way = ((i - home) & table->mask) >= ((i - hole) & table->mask);
      if (hole_on_the_way)
        {
          table->slots[hole] = table->slots[i];
          table->slots[i] = NULL;
          hole = i;
        }
    }
  return removed;
}

GPtrArray *
chrono_visandor_work_table_items (const ChronoVisandorWorkTable *table)
{
  GPtrArray *items = g_ptr_array_sized_new (table->n_items);
  for (guint i = 0; i <= table->mask && table->slots != NULL; i++)
    if (table->slots[i] != NULL)
      g_ptr_array_add (items, table->slots[i]);
  return items;
}
