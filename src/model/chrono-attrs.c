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
  GHashTable *ids; /* canonical bytes -> set id */
};

ChronoAttrs *
chrono_attrs_new (ChronoStrings *strings)
{
  ChronoAttrs *attrs = g_new0 (ChronoAttrs, 1);
  attrs->strings = strings;
  attrs->pairs = g_array_new (FALSE, FALSE, sizeof (guint32));
  attrs->sets = g_array_new (FALSE, FALSE, sizeof (Set));
  Set empty = { 0, 0 };
  g_array_append_val (attrs->sets, empty);
  attrs->ids = g_hash_table_new_full (g_bytes_hash, g_bytes_equal, (GDestroyNotify) g_bytes_unref, NULL);
  return attrs;
}

void
chrono_attrs_free (ChronoAttrs *attrs)
{
  if (attrs == NULL)
    return;
  g_array_unref (attrs->pairs);
  g_array_unref (attrs->sets);
  g_hash_table_unref (attrs->ids);
  g_free (attrs);
}

guint32
chrono_attrs_intern (ChronoAttrs *attrs, const char *const *keys, const char *const *values, guint n)
{
  if (n == 0)
    return CHRONO_ATTRS_NONE;
  g_autofree guint32 *ids = g_new (guint32, 2 * n);
  for (guint i = 0; i < n; i++)
    {
      ids[2 * i] = chrono_strings_intern (attrs->strings, keys[i]);
      ids[2 * i + 1] = chrono_strings_intern (attrs->strings, values[i]);
    }
  g_autoptr (GBytes) key = g_bytes_new (ids, 2 * n * sizeof (guint32));
  gpointer found;
  if (g_hash_table_lookup_extended (attrs->ids, key, NULL, &found))
    return GPOINTER_TO_UINT (found);
  Set set = { attrs->pairs->len, n };
  g_array_append_vals (attrs->pairs, ids, 2 * n);
  guint32 id = attrs->sets->len;
  g_array_append_val (attrs->sets, set);
  g_hash_table_insert (attrs->ids, g_bytes_ref (key), GUINT_TO_POINTER (id));
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
