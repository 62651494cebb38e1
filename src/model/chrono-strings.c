/* chrono-strings.c — id 0 is the empty "no string"; ids are dense so columns
 * can store them in 32 bits. */
#include "chrono-strings.h"

#include <string.h>

struct _ChronoStrings {
  GHashTable *ids; /* text -> GUINT_TO_POINTER (id) */
  GPtrArray *texts; /* id -> text (owned by the string chunk) */
  GStringChunk *chunk;
  guint n_not_utf8; /* texts that were not UTF-8, read as Latin-1 */
  guint32 first_not_utf8;
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

/* Text that is not UTF-8 is most often Latin-1 (ISO 8859-1), which every
 * byte sequence is: read so, it stays legible and every output that shows
 * it (JSON, pictures, dumps) stays valid UTF-8. */
/* The UTF-8 in text is kept; each byte that is not part of it is read as
 * the Latin-1 character of that number (text may mix both: a message in
 * UTF-8 quoting a Latin-1 name). */
char *
chrono_utf8_dup (const char *text)
{
  const char *end;
  if (text == NULL || g_utf8_validate (text, -1, &end))
    return g_strdup (text);
  GString *utf8 = g_string_new_len (text, end - text);
  for (const char *p = end; *p != '\0';)
    {
      if (g_utf8_validate (p, -1, &end))
        {
          g_string_append (utf8, p);
          break;
        }
      g_string_append_len (utf8, p, end - p);
      g_string_append_unichar (utf8, (guchar) *end);
      p = end + 1;
    }
  return g_string_free (utf8, FALSE);
}

guint32
chrono_strings_lookup_interned (ChronoStrings *strings, const char *text)
{
  guint32 id = chrono_strings_lookup (strings, text);
  if (id != CHRONO_STRING_NONE || text == NULL || g_utf8_validate (text, -1, NULL))
    return id;
  g_autofree char *utf8 = chrono_utf8_dup (text);
  return chrono_strings_lookup (strings, utf8);
}

static guint32
intern_latin1 (ChronoStrings *strings, const char *text)
{
  g_autofree char *utf8 = chrono_utf8_dup (text);
  guint32 known = chrono_strings_lookup (strings, utf8);
  if (known != CHRONO_STRING_NONE)
    return known;
  guint32 id = chrono_strings_intern (strings, utf8);
  if (strings->n_not_utf8++ == 0)
    strings->first_not_utf8 = id;
  return id;
}

guint32
chrono_strings_intern (ChronoStrings *strings, const char *text)
{
  if (text == NULL || *text == '\0')
    return CHRONO_STRING_NONE;
  guint32 id = chrono_strings_lookup (strings, text);
  if (id != CHRONO_STRING_NONE)
    return id;
  if (!g_utf8_validate (text, -1, NULL))
    return intern_latin1 (strings, text);
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

/* How many distinct texts were not UTF-8 (read as Latin-1), and the first. */
guint
chrono_strings_get_n_not_utf8 (ChronoStrings *strings, guint32 *first)
{
  if (first != NULL)
    *first = strings->first_not_utf8;
  return strings->n_not_utf8;
}
