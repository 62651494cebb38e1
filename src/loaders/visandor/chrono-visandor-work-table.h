/* chrono-visandor-work-table.h — the open work of a VisAndOr replay (goals,
 * branches, slave work) by key: looked up two or three times for nearly
 * every event, so an open-addressing table of its own, where a GHashTable
 * spent a sixth of the replay calling its hash and equality functions and
 * reading three arrays a lookup.
 *
 * The table holds pointers to the caller's items, each of which begins with
 * its ChronoVisandorWorkKey; it never frees them. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  guint64 node;
  gint64 number;
  gint64 agent; /* slave work: whose it is; 0 for goals and branches */
  guint8 kind;
} ChronoVisandorWorkKey;

typedef struct {
  ChronoVisandorWorkKey **slots; /* NULL: empty; linear probing */
  guint mask; /* the number of slots less one, a power of two less one */
  guint n_items;
} ChronoVisandorWorkTable;

void chrono_visandor_work_table_init (ChronoVisandorWorkTable *table);
void chrono_visandor_work_table_clear (ChronoVisandorWorkTable *table);

/* The item with this key, or NULL. */
gpointer chrono_visandor_work_table_lookup (const ChronoVisandorWorkTable *table, const ChronoVisandorWorkKey *key);
/* Adds item under its key; returns the item it replaces, or NULL. */
gpointer chrono_visandor_work_table_insert (ChronoVisandorWorkTable *table, gpointer item);
/* Takes the item with this key out; returns it, or NULL. */
gpointer chrono_visandor_work_table_remove (ChronoVisandorWorkTable *table, const ChronoVisandorWorkKey *key);

static inline guint
chrono_visandor_work_table_size (const ChronoVisandorWorkTable *table)
{
  return table->n_items;
}

/* The items, in no particular order. */
GPtrArray *chrono_visandor_work_table_items (const ChronoVisandorWorkTable *table);

G_END_DECLS
