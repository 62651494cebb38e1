/* chrono-etf-attributes.c — attribute lists of records, parsed and interned as sets. */
#include "chrono-etf-private.h"

/* ---- attribute pairs --------------------------------------------------------- */

void
chrono_etf_pairs_init (Pairs *pairs)
{
  pairs->buffer = NULL;
  pairs->size = 0;
  pairs->keys = g_ptr_array_new ();
  pairs->values = g_ptr_array_new ();
}

void
chrono_etf_pairs_clear (Pairs *pairs)
{
  g_clear_pointer (&pairs->buffer, g_free);
  pairs->size = 0;
  g_clear_pointer (&pairs->keys, g_ptr_array_unref);
  g_clear_pointer (&pairs->values, g_ptr_array_unref);
}

/* Trimmed of blanks (but not of an escaped one at the end), with "\," "\="
 * "\\" and "\;" unescaped; returns where the next string goes. */
static char *
unescape_trimmed (char *out, const char *begin, const char *end)
{
  while (begin < end && g_ascii_isspace (*begin))
    begin++;
  while (end > begin && g_ascii_isspace (end[-1]) && !(end - 1 > begin && end[-2] == '\\'))
    end--;
  for (const char *p = begin; p < end; p++)
    {
      if (*p == '\\' && p + 1 < end && (p[1] == ',' || p[1] == '=' || p[1] == '\\' || p[1] == ';'))
        p++;
      *out++ = *p;
    }
  *out++ = '\0';
  return out;
}

/* Pairs split on unescaped ',' then on the first unescaped '='; text ends at
 * its first NUL or after length bytes, whichever comes first. */
static gboolean
pairs_parse (Pairs *pairs, const char *text, gsize length, char **error_message)
{
  g_ptr_array_set_size (pairs->keys, 0);
  g_ptr_array_set_size (pairs->values, 0);
  /* a pair of n bytes unescapes to at most n + 1 with its two NULs, so the
   * buffer never moves while pointers into it are handed out */
  if (pairs->size < 2 * length + 2)
    {
      pairs->size = MAX (2 * length + 2, 256);
      g_free (pairs->buffer);
      pairs->buffer = g_malloc (pairs->size);
    }
  gboolean ok = TRUE;
  char *out = pairs->buffer;
  const char *p = text, *stop = text + length;
  while (p < stop && *p)
    {
      const char *pair = p, *equals = NULL;
      while (p < stop && *p && *p != ',')
        {
          if (*p == '\\' && p + 1 < stop && p[1] != '\0')
            p++;
          else if (*p == '=' && equals == NULL)
            equals = p;
          p++;
        }
      const char *pair_end = p;
      if (p < stop && *p == ',')
        p++;
      const char *first = pair;
      while (first < pair_end && g_ascii_isspace (*first))
        first++;
      if (first == pair_end)
        continue; /* an empty list, or a stray comma */
      if (equals == NULL)
        {
          /* report the first bad pair, keep reading the others */
          if (error_message && *error_message == NULL)
            {
              g_autofree char *whole = g_malloc (pair_end - pair + 1);
              unescape_trimmed (whole, pair, pair_end);
              *error_message = g_strdup_printf (_ ("attribute “%s” has no “=”"), whole);
            }
          ok = FALSE;
          continue;
        }
      g_ptr_array_add (pairs->keys, out);
      out = unescape_trimmed (out, pair, equals);
      g_ptr_array_add (pairs->values, out);
      out = unescape_trimmed (out, equals + 1, pair_end);
    }
  pairs->used = out - pairs->buffer;
  return ok;
}

/* ---- attributes --------------------------------------------------------- */

/* Pairs split on unescaped ',' then on the first unescaped '='. */
gboolean
chrono_etf_parse_attributes (const char *text, GPtrArray *keys, GPtrArray *values, char **error_message)
{
  Pairs pairs;
  chrono_etf_pairs_init (&pairs);
  gboolean ok = pairs_parse (&pairs, text, strlen (text), error_message);
  for (guint i = 0; i < pairs.keys->len; i++)
    {
      g_ptr_array_add (keys, g_strdup (g_ptr_array_index (pairs.keys, i)));
      g_ptr_array_add (values, g_strdup (g_ptr_array_index (pairs.values, i)));
    }
  chrono_etf_pairs_clear (&pairs);
  return ok;
}

static guint32
hash_text (const char *text, gsize length)
{
  guint64 h = length * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  gsize i = 0;
  for (; i + 8 <= length; i += 8)
    {
      guint64 word;
      memcpy (&word, text + i, 8);
      h = (h ^ word) * G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
      h ^= h >> 32;
    }
  guint64 tail = 0;
  memcpy (&tail, text + i, length - i);
  h = (h ^ tail) * G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  return (guint32) (h ^ (h >> 29));
}

gboolean
chrono_etf_pairs_parse (Pairs *pairs, const char *text, gsize length)
{
  return pairs_parse (pairs, text, length, NULL);
}

void
chrono_etf_pairs_borrow (Pairs *pairs, const char *packed, guint n)
{
  g_ptr_array_set_size (pairs->keys, n);
  g_ptr_array_set_size (pairs->values, n);
  for (guint i = 0; i < n; i++)
    {
      pairs->keys->pdata[i] = (char *) packed;
      packed += strlen (packed) + 1;
      pairs->values->pdata[i] = (char *) packed;
      packed += strlen (packed) + 1;
    }
}

gboolean
chrono_etf_parse_pairs (EtfReader *r, const char *text, gsize length)
{
  g_autofree char *error = NULL;
  if (pairs_parse (&r->pairs, text, length, &error))
    return TRUE;
  chrono_warnings_add (r->warnings, r->line, "bad attribute", _ ("%s; it is ignored, the other pairs are kept"), error);
  return FALSE;
}

/* Without an interner (a lazy read's later passes) the ticket is the set itself. */
guint32
chrono_etf_push_pairs (EtfReader *r)
{
  if (r->interner == NULL)
    return chrono_attrs_intern (r->attrs, (const char *const *) r->pairs.keys->pdata,
                                (const char *const *) r->pairs.values->pdata, r->pairs.keys->len);
  return chrono_etf_interner_push (r->interner, r->pairs.buffer, r->pairs.used, r->pairs.keys->len);
}

/* The ticket of the set (chrono-etf-store.h); text holds no NUL. */
guint32
chrono_etf_intern_attributes (EtfReader *r, const char *text, gsize length)
{
  if (text == NULL || length == 0)
    return 0;
  AttrCacheEntry *entry = NULL;
  guint32 hash = 0;
  if (length <= ATTR_CACHE_TEXT)
    {
      hash = hash_text (text, length);
      entry = &r->attr_cache[hash & r->attr_cache_mask];
      if (entry->length == length && entry->hash == hash && memcmp (entry->text, text, length) == 0)
        return entry->ticket;
    }
  gboolean ok = chrono_etf_parse_pairs (r, text, length);
  guint32 ticket = chrono_etf_push_pairs (r);
  /* a text with a bad pair must warn every time it is read */
  if (entry != NULL && ok)
    {
      if (++r->attr_cache_fills > 2 * (r->attr_cache_mask + 1) && r->attr_cache_mask + 1 < ATTR_CACHE_SLOTS)
        {
          /* many texts: a bigger cache, empty (what it held is only ever a shortcut) */
          guint slots = MIN (4 * (r->attr_cache_mask + 1), ATTR_CACHE_SLOTS);
          g_free (r->attr_cache);
          r->attr_cache = g_new0 (AttrCacheEntry, slots);
          r->attr_cache_mask = slots - 1;
          r->attr_cache_fills = 0;
          entry = &r->attr_cache[hash & r->attr_cache_mask];
        }
      entry->hash = hash;
      entry->length = length;
      entry->ticket = ticket;
      memcpy (entry->text, text, length);
    }
  return ticket;
}

static gboolean
is_one_of (const char *key, const GPtrArray *keys)
{
  for (guint k = 0; k < keys->len; k++)
    if (strcmp (key, g_ptr_array_index (keys, k)) == 0)
      return TRUE;
  return FALSE;
}

/* r->pairs without the pairs whose key is not one of keys, packed as before:
 * a key and its value lie back to back, and what is kept only moves down. */
static void
keep_keys (Pairs *pairs, const GPtrArray *keys)
{
  char *out = pairs->buffer;
  guint kept = 0;
  for (guint i = 0; i < pairs->keys->len; i++)
    {
      char *key = g_ptr_array_index (pairs->keys, i);
      if (!is_one_of (key, keys))
        continue;
      gsize key_size = strlen (key) + 1;
      gsize size = key_size + strlen (g_ptr_array_index (pairs->values, i)) + 1;
      memmove (out, key, size);
      pairs->keys->pdata[kept] = out;
      pairs->values->pdata[kept] = out + key_size;
      out += size;
      kept++;
    }
  g_ptr_array_set_size (pairs->keys, kept);
  g_ptr_array_set_size (pairs->values, kept);
  pairs->used = out - pairs->buffer;
}

guint32
chrono_etf_intern_some_attributes (EtfReader *r, const char *text, gsize length, const GPtrArray *keys)
{
  if (text == NULL || length == 0)
    return 0;
  chrono_etf_parse_pairs (r, text, length); /* read whole, so that a bad pair is told as a whole read tells it */
  keep_keys (&r->pairs, keys);
  return chrono_etf_push_pairs (r);
}
