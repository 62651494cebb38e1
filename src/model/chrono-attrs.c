/* chrono-attrs.c — sets are kept in the order given (a producer's order is
 * meaningful to its users) and deduplicated by their exact pairs, so a
 * million claims with the same three attributes cost one set. */
#include "chrono-attrs.h"

#include <string.h>

typedef struct {
  guint32 first; /* index of the first pair in pairs */
  guint32 n;
} Set;

struct _ChronoAttrs {
  ChronoStrings *strings; /* borrowed: the trace's strings */
  GArray *pairs; /* guint32 key id, value id, … */
  GArray *sets; /* Set; set 0 is the empty set */
  /* Open addressing over the sets by their pairs: a slot holds a set id, 0
   * for none (the empty set is never looked up).  A lookup allocates
   * nothing, where a table keyed by copies of the pairs cost three
   * allocations a record. */
  guint32 *slots;
  guint32 mask; /* slots - 1, a power of two less one */
};

#define FIRST_SLOTS 64u
#define STACK_PAIRS 16u

static guint32
pairs_hash (const guint32 *ids, guint n)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);
  for (guint i = 0; i < 2 * n; i++)
    h = (h ^ ids[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  return (guint32) (h ^ (h >> 29));
}

static const guint32 *
set_pairs (const ChronoAttrs *attrs, const Set *set)
{
  return &g_array_index (attrs->pairs, guint32, set->first);
}

/* The slot of the set with these pairs, or the empty slot where it would go. */
static guint32 *
find_slot (ChronoAttrs *attrs, const guint32 *ids, guint n, guint32 hash)
{
  for (guint32 i = hash & attrs->mask;; i = (i + 1) & attrs->mask)
    {
      guint32 id = attrs->slots[i];
      if (id == 0)
        return &attrs->slots[i];
      const Set *set = &g_array_index (attrs->sets, Set, id);
      if (set->n == n && memcmp (set_pairs (attrs, set), ids, 2 * n * sizeof (guint32)) == 0)
        return &attrs->slots[i];
    }
}

/* Twice the slots once half are taken: probes stay short. */
static void
grow_slots (ChronoAttrs *attrs)
{
  guint32 size = 2 * (attrs->mask + 1);
  g_free (attrs->slots);
  attrs->slots = g_new0 (guint32, size);
  attrs->mask = size - 1;
  for (guint32 id = 1; id < attrs->sets->len; id++)
    {
      const Set *set = &g_array_index (attrs->sets, Set, id);
      *find_slot (attrs, set_pairs (attrs, set), set->n, pairs_hash (set_pairs (attrs, set), set->n)) = id;
    }
}

ChronoAttrs *
chrono_attrs_new (ChronoStrings *strings)
{
  ChronoAttrs *attrs = g_new0 (ChronoAttrs, 1);
  attrs->strings = strings;
  attrs->pairs = g_array_new (FALSE, FALSE, sizeof (guint32));
  attrs->sets = g_array_new (FALSE, FALSE, sizeof (Set));
  Set empty = { 0, 0 };
  g_array_append_val (attrs->sets, empty);
  attrs->slots = g_new0 (guint32, FIRST_SLOTS);
  attrs->mask = FIRST_SLOTS - 1;
  return attrs;
}

void
chrono_attrs_free (ChronoAttrs *attrs)
{
  if (attrs == NULL)
    return;
  g_array_unref (attrs->pairs);
  g_array_unref (attrs->sets);
  g_free (attrs->slots);
  g_free (attrs);
}

guint32
chrono_attrs_intern (ChronoAttrs *attrs, const char *const *keys, const char *const *values, guint n)
{
  if (n == 0)
    return CHRONO_ATTRS_NONE;
  guint32 on_stack[2 * STACK_PAIRS];
  g_autofree guint32 *on_heap = n > STACK_PAIRS ? g_new (guint32, 2 * n) : NULL;
  guint32 *ids = on_heap != NULL ? on_heap : on_stack;
  for (guint i = 0; i < n; i++)
    {
      ids[2 * i] = chrono_strings_intern (attrs->strings, keys[i]);
      ids[2 * i + 1] = chrono_strings_intern (attrs->strings, values[i]);
    }
  guint32 hash = pairs_hash (ids, n);
  guint32 *slot = find_slot (attrs, ids, n, hash);
  if (*slot != 0)
    return *slot;
  Set set = { attrs->pairs->len, n };
  g_array_append_vals (attrs->pairs, ids, 2 * n);
  guint32 id = attrs->sets->len;
  g_array_append_val (attrs->sets, set);
  *slot = id;
  if (2 * (guint64) id > attrs->mask)
    grow_slots (attrs);
  return id;
}

static const Set *
get_set (ChronoAttrs *attrs, guint32 set)
{
  g_return_val_if_fail (set < attrs->sets->len, &g_array_index (attrs->sets, Set, 0));
  return &g_array_index (attrs->sets, Set, set);
}

guint
chrono_attrs_get_n_pairs (ChronoAttrs *attrs, guint32 set)
{
  return get_set (attrs, set)->n;
}

const char *
chrono_attrs_get_key (ChronoAttrs *attrs, guint32 set, guint index)
{
  const Set *s = get_set (attrs, set);
  g_return_val_if_fail (index < s->n, NULL);
  return chrono_strings_get (attrs->strings, g_array_index (attrs->pairs, guint32, s->first + 2 * index));
}

const char *
chrono_attrs_get_value (ChronoAttrs *attrs, guint32 set, guint index)
{
  const Set *s = get_set (attrs, set);
  g_return_val_if_fail (index < s->n, NULL);
  return chrono_strings_get (attrs->strings, g_array_index (attrs->pairs, guint32, s->first + 2 * index + 1));
}

/* The value of key in the set, or NULL. */
const char *
chrono_attrs_lookup (ChronoAttrs *attrs, guint32 set, const char *key)
{
  guint32 key_id = chrono_strings_lookup (attrs->strings, key);
  if (key_id == CHRONO_STRING_NONE)
    return NULL;
  const Set *s = get_set (attrs, set);
  for (guint i = 0; i < s->n; i++)
    if (g_array_index (attrs->pairs, guint32, s->first + 2 * i) == key_id)
      return chrono_strings_get (attrs->strings, g_array_index (attrs->pairs, guint32, s->first + 2 * i + 1));
  return NULL;
}

guint
chrono_attrs_get_n_sets (ChronoAttrs *attrs)
{
  return attrs->sets->len;
}
