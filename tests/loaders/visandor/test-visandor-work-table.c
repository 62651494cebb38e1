/* test-work-table.c — the open-addressing table of a VisAndOr replay's open
 * work against a GHashTable doing the same: random inserts, lookups and
 * removals (removal shifts items back, the part easiest to get wrong), with
 * keys that differ in one field only. */
#include "chrono-visandor-work-table.h"

typedef struct {
  ChronoVisandorWorkKey key;
  guint serial;
} Item;

static guint
reference_hash (gconstpointer p)
{
  const ChronoVisandorWorkKey *k = p;
  return (guint) (k->node ^ (guint64) k->number ^ (guint64) k->agent ^ k->kind);
}

static gboolean
reference_equal (gconstpointer a, gconstpointer b)
{
  const ChronoVisandorWorkKey *x = a, *y = b;
  return x->node == y->node && x->number == y->number && x->agent == y->agent && x->kind == y->kind;
}

static ChronoVisandorWorkKey
random_key (GRand *rand)
{
  /* few distinct values a field, so that keys meet again and again */
  return (ChronoVisandorWorkKey){ g_rand_int_range (rand, 0, 40), g_rand_int_range (rand, -2, 30),
                                  g_rand_int_range (rand, 0, 3), (guint8) g_rand_int_range (rand, 0, 3) };
}

static void
test_against_a_hash_table (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  ChronoVisandorWorkTable table;
  chrono_visandor_work_table_init (&table);
  g_autoptr (GHashTable) reference = g_hash_table_new_full (reference_hash, reference_equal, NULL, g_free);
  for (guint step = 0; step < 200000; step++)
    {
      ChronoVisandorWorkKey key = random_key (rand);
      Item *expected = g_hash_table_lookup (reference, &key);
      g_assert_true (chrono_visandor_work_table_lookup (&table, &key) == expected);
      /* grow for the first half, then mostly shrink */
      gboolean add = g_rand_int_range (rand, 0, 100) < (step < 100000 ? 60 : 35);
      if (add && expected == NULL)
        {
          Item *item = g_new (Item, 1);
          *item = (Item){ key, step };
          g_assert_null (chrono_visandor_work_table_insert (&table, item));
          g_hash_table_insert (reference, &item->key, item);
        }
      else if (!add && expected != NULL)
        {
          g_assert_true (chrono_visandor_work_table_remove (&table, &key) == expected);
          g_hash_table_remove (reference, &key);
        }
      g_assert_cmpuint (chrono_visandor_work_table_size (&table), ==, g_hash_table_size (reference));
    }
  /* every item is still found, and listed once */
  g_autoptr (GPtrArray) items = chrono_visandor_work_table_items (&table);
  g_assert_cmpuint (items->len, ==, g_hash_table_size (reference));
  for (guint i = 0; i < items->len; i++)
    {
      const Item *item = g_ptr_array_index (items, i);
      g_assert_true (g_hash_table_lookup (reference, &item->key) == item);
      g_assert_true (chrono_visandor_work_table_lookup (&table, &item->key) == item);
    }
  chrono_visandor_work_table_clear (&table);
}

/* An item under a key taken already replaces it, and is handed back. */
static void
test_insert_replaces (void)
{
  ChronoVisandorWorkTable table;
  chrono_visandor_work_table_init (&table);
  Item a = { { 1, 2, 0, 1 }, 1 }, b = { { 1, 2, 0, 1 }, 2 };
  g_assert_null (chrono_visandor_work_table_insert (&table, &a));
  g_assert_true (chrono_visandor_work_table_insert (&table, &b) == &a);
  g_assert_true (chrono_visandor_work_table_lookup (&table, &a.key) == &b);
  g_assert_cmpuint (chrono_visandor_work_table_size (&table), ==, 1);
  g_assert_true (chrono_visandor_work_table_remove (&table, &a.key) == &b);
  g_assert_null (chrono_visandor_work_table_remove (&table, &a.key));
  chrono_visandor_work_table_clear (&table);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/visandor-work-table/against-a-hash-table", test_against_a_hash_table);
  g_test_add_func ("/visandor-work-table/insert-replaces", test_insert_replaces);
  return g_test_run ();
}
