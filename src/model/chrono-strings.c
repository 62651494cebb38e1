/* chrono-strings.c — id 0 is the empty "no string"; ids are dense so columns
 * can store them in 32 bits. */
#include "chrono-strings.h"

#include <string.h>

struct _ChronoStrings {
  GHashTable *ids; /* text -> GUINT_TO_POINTER (id) */
  GPtrArray *texts; /* id -> text (owned by the string chunk) */
  GStringChunk *chunk;
};

ChronoStrings *
chrono_strings_new (void)
{
  ChronoStrings *strings = g_new0 (ChronoStrings, 1);
  strings->ids = g_hash_table_new (g_str_hash, g_str_equal);
  strings->texts = g_ptr_array_new ();
  strings->chunk = g_string_chunk_new (64 * 1024);
  g_ptr_array_add (strings->texts, (gpointer) "");
  return strings;
}

void
chrono_strings_free (ChronoStrings *strings)
{
  if (strings == NULL)
    return;
  g_hash_table_unref (strings->ids);
  g_ptr_array_unref (strings->texts);
  g_string_chunk_free (strings->chunk);
  g_free (strings);
}

guint32
chrono_strings_lookup (ChronoStrings *strings, const char *text)
{
  if (text == NULL || *text == '\0')
    return CHRONO_STRING_NONE;
  return GPOINTER_TO_UINT (g_hash_table_lookup (strings->ids, text));
}

guint32
chrono_strings_intern (ChronoStrings *strings, const char *text)
{
  if (text == NULL || *text == '\0')
    return CHRONO_STRING_NONE;
  guint32 id = chrono_strings_lookup (strings, text);
  if (id != CHRONO_STRING_NONE)
    return id;
  char *copy = g_string_chunk_insert (strings->chunk, text);
  id = strings->texts->len;
  g_ptr_array_add (strings->texts, copy);
  g_hash_table_insert (strings->ids, copy, GUINT_TO_POINTER (id));
  return id;
}

guint32
chrono_strings_intern_len (ChronoStrings *strings, const char *text, gsize length)
{
  char stack[256];
  if (length < sizeof stack)
    {
      memcpy (stack, text, length);
      stack[length] = '\0';
      return chrono_strings_intern (strings, stack);
    }
  g_autofree char *heap = g_strndup (text, length);
  return chrono_strings_intern (strings, heap);
}

const char *
chrono_strings_get (ChronoStrings *strings, guint32 id)
{
  g_return_val_if_fail (id < strings->texts->len, "");
  return g_ptr_array_index (strings->texts, id);
}

guint
chrono_strings_get_n (ChronoStrings *strings)
{
  return strings->texts->len;
}
