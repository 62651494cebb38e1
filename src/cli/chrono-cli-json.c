/* chrono-cli-json.c — JSON as chronoscope-cli writes it: the strings of
 * the hand-written documents, and json-glib's text with its faults mended
 * (exponents it spoils before 1.7, unsigned integers it cannot hold). */
#include "chrono-cli-json.h"

#include <string.h>

void
chrono_cli_append_json_string (GString *out, const char *text)
{
  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *) text; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (out, "\\%c", *p);
      else if (*p < 0x20)
        g_string_append_printf (out, "\\u%04x", *p);
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

void
chrono_cli_append_json_string_short (GString *out, const char *text)
{
  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *) text; *p; p++)
    {
      switch (*p)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if (*p < 0x20)
            g_string_append_printf (out, "\\u%04x", *p);
          else
            g_string_append_c (out, *p);
        }
    }
  g_string_append_c (out, '"');
}

/* json-glib before 1.7 appends ".0" to every double printed without a
 * point, exponents included: 1e-08 comes out as "1e-08.0", which is not
 * JSON.  Outside strings, such a ".0" after an exponent is dropped. */
static void
repair_exponents (char *text)
{
  gboolean in_string = FALSE;
  char *out = text;
  for (const char *p = text; *p; p++)
    {
      *out++ = *p;
      if (in_string)
        {
          if (*p == '\\' && p[1] != '\0')
            *out++ = *++p;
          else if (*p == '"')
            in_string = FALSE;
          continue;
        }
      if (*p == '"')
        in_string = TRUE;
      else if ((*p == 'e' || *p == 'E') && (p[1] == '-' || p[1] == '+' || g_ascii_isdigit (p[1])))
        {
          /* the exponent's digits, then a ".0" that must go */
          const char *q = p + 1;
          if (*q == '-' || *q == '+')
            *out++ = *q++;
          while (g_ascii_isdigit (*q))
            *out++ = *q++;
          if (q[0] == '.' && q[1] == '0' && !g_ascii_isdigit (q[2]))
            q += 2;
          p = q - 1;
        }
    }
  *out = '\0';
}

char *
chrono_cli_json_text (JsonNode *root)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  json_generator_set_root (generator, root);
  g_autofree char *text = json_generator_to_data (generator, NULL);
  repair_exponents (text);
  return g_strconcat (text, "\n", NULL);
}

/* json-glib holds integers as gint64: an unsigned one past G_MAXINT64 (an
 * OTF2 location id, a pid) would print negative.  Those go through as
 * strings starting with a marker no input can forge (a random nonce after a
 * control character), whose quotes the text then loses.  Containers become
 * arrays and dictionaries of variants, which serialise alike. */
static GVariant *mark_big_unsigned (GVariant *value, const char *marker);

/* value's marked copy inside a variant (a strong reference) */
static GVariant *
marked_variant (GVariant *value, const char *marker)
{
  g_autoptr (GVariant) marked = mark_big_unsigned (value, marker);
  if (g_variant_is_of_type (marked, G_VARIANT_TYPE_VARIANT))
    return g_variant_ref (marked);
  return g_variant_ref_sink (g_variant_new_variant (marked));
}

/* A strong reference to value, or to its copy with the big unsigned
 * integers as marked strings. */
static GVariant *
mark_big_unsigned (GVariant *value, const char *marker)
{
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT64) && g_variant_get_uint64 (value) > (guint64) G_MAXINT64)
    return g_variant_ref_sink (
        g_variant_new_take_string (g_strdup_printf ("%s%" G_GUINT64_FORMAT, marker, g_variant_get_uint64 (value))));
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_VARIANT))
    {
      g_autoptr (GVariant) inner = g_variant_get_variant (value);
      return marked_variant (inner, marker);
    }
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_MAYBE))
    {
      g_autoptr (GVariant) inner = g_variant_get_maybe (value);
      g_autoptr (GVariant) marked = inner ? marked_variant (inner, marker) : NULL;
      return g_variant_ref_sink (g_variant_new_maybe (G_VARIANT_TYPE_VARIANT, marked));
    }
  if (!g_variant_is_container (value))
    return g_variant_ref (value);
  gboolean dictionary = g_variant_is_of_type (value, G_VARIANT_TYPE ("a{s*}"));
  GVariantBuilder builder;
  g_variant_builder_init (&builder, dictionary ? G_VARIANT_TYPE_VARDICT : G_VARIANT_TYPE ("av"));
  for (gsize i = 0, n = g_variant_n_children (value); i < n; i++)
    {
      g_autoptr (GVariant) child = g_variant_get_child_value (value, i);
      g_autoptr (GVariant) entry = dictionary ? g_variant_get_child_value (child, 1) : NULL;
      g_autoptr (GVariant) marked = marked_variant (dictionary ? entry : child, marker);
      if (dictionary)
        {
          g_autoptr (GVariant) key = g_variant_get_child_value (child, 0);
          g_autoptr (GVariant) inner = g_variant_get_variant (marked);
          g_variant_builder_add (&builder, "{sv}", g_variant_get_string (key, NULL), inner);
        }
      else
        g_variant_builder_add_value (&builder, marked);
    }
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

/* The marked strings' quotes and marker go: what is left is the number. */
static void
unmark_big_unsigned (char *text, const char *escaped_marker)
{
  gsize length = strlen (escaped_marker);
  char *out = text;
  for (const char *p = text; *p != '\0';)
    {
      if (p[0] == '"' && strncmp (p + 1, escaped_marker, length) == 0)
        {
          p += 1 + length;
          while (g_ascii_isdigit (*p))
            *out++ = *p++;
          p++; /* the closing quote */
        }
      else
        *out++ = *p++;
    }
  *out = '\0';
}

/* A loader's figures as it defines them (exactly its keys, in its order). */
char *
chrono_cli_variant_json (GVariant *value)
{
  guint32 nonce = g_random_int ();
  g_autofree char *marker = g_strdup_printf ("\001u64-%08" G_GINT32_MODIFIER "x:", nonce);
  g_autofree char *escaped_marker = g_strdup_printf ("\\u0001u64-%08" G_GINT32_MODIFIER "x:", nonce);
  g_autoptr (GVariant) marked = mark_big_unsigned (value, marker);
  g_autoptr (JsonNode) node = json_gvariant_serialize (marked);
  char *text = chrono_cli_json_text (node);
  unmark_big_unsigned (text, escaped_marker);
  return text;
}
