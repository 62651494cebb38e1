/* chrono-cli-json.c — JSON as chronoscope-cli writes it, from a report's
 * variant or a json-glib tree, through one escaper and one rule for
 * numbers, so that every document the CLI prints escapes and spells
 * numbers alike. */
#include "chrono-cli-json.h"

#include <string.h>

#include "chrono-report.h"

void
chrono_cli_append_json_string (GString *out, const char *text)
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

/* A double as json-glib has always written it: 17 significant digits,
 * with a point when it has none and no exponent, so it never reads as an
 * integer. */
static void
append_double (GString *out, double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  const char *text = g_ascii_dtostr (buffer, sizeof buffer, value);
  g_string_append (out, text);
  if (strpbrk (text, ".eE") == NULL)
    g_string_append (out, ".0");
}

/* ---- a variant --------------------------------------------------------------- */

typedef struct {
  GString *out;
  ChronoCliJsonLayout layout;
} Writer;

static void write_variant (Writer *w, GVariant *value, guint depth);

static const char *
separator (const Writer *w)
{
  return w->layout == CHRONO_CLI_JSON_COMPACT ? "," : ", ";
}

static gboolean
is_array (GVariant *value)
{
  g_autoptr (GVariant) inner =
      g_variant_is_of_type (value, G_VARIANT_TYPE_VARIANT) ? g_variant_get_variant (value) : g_variant_ref (value);
  return g_variant_is_of_type (inner, G_VARIANT_TYPE_ARRAY) && !g_variant_is_of_type (inner, G_VARIANT_TYPE ("a{s*}"))
         && !g_variant_is_of_type (inner, G_VARIANT_TYPE_BYTESTRING);
}

static void
write_object (Writer *w, GVariant *value, guint depth)
{
  gboolean lines = FALSE;
  g_string_append_c (w->out, '{');
  for (gsize i = 0, n = g_variant_n_children (value); i < n; i++)
    {
      g_autoptr (GVariant) entry = g_variant_get_child_value (value, i);
      g_autoptr (GVariant) key = g_variant_get_child_value (entry, 0);
      g_autoptr (GVariant) member = g_variant_get_child_value (entry, 1);
      lines = lines || (w->layout == CHRONO_CLI_JSON_LINES && depth == 0 && is_array (member));
      if (i > 0)
        g_string_append (w->out, lines ? ",\n " : separator (w));
      else if (lines)
        g_string_append (w->out, "\n ");
      chrono_cli_append_json_string (w->out, g_variant_get_string (key, NULL));
      g_string_append (w->out, w->layout == CHRONO_CLI_JSON_COMPACT ? ":" : ": ");
      write_variant (w, member, depth + 1);
    }
  g_string_append_c (w->out, '}');
}

/* depth 1: an array member of the top-level object, an element a line */
static void
write_array (Writer *w, GVariant *value, guint depth)
{
  gboolean lines = w->layout == CHRONO_CLI_JSON_LINES && depth == 1;
  g_string_append_c (w->out, '[');
  for (gsize i = 0, n = g_variant_n_children (value); i < n; i++)
    {
      g_autoptr (GVariant) element = g_variant_get_child_value (value, i);
      if (lines)
        g_string_append (w->out, i > 0 ? ",\n   " : "\n   ");
      else if (i > 0)
        g_string_append (w->out, separator (w));
      write_variant (w, element, depth + 1);
    }
  g_string_append_c (w->out, ']');
}

static void
write_variant (Writer *w, GVariant *value, guint depth)
{
  const char *number = chrono_report_number_text (value);
  if (number != NULL)
    {
      g_string_append (w->out, number);
      return;
    }
  switch (g_variant_classify (value))
    {
    case G_VARIANT_CLASS_BOOLEAN: g_string_append (w->out, g_variant_get_boolean (value) ? "true" : "false"); return;
    case G_VARIANT_CLASS_BYTE: g_string_append_printf (w->out, "%u", g_variant_get_byte (value)); return;
    case G_VARIANT_CLASS_INT16: g_string_append_printf (w->out, "%d", g_variant_get_int16 (value)); return;
    case G_VARIANT_CLASS_UINT16: g_string_append_printf (w->out, "%u", g_variant_get_uint16 (value)); return;
    case G_VARIANT_CLASS_INT32: g_string_append_printf (w->out, "%d", g_variant_get_int32 (value)); return;
    case G_VARIANT_CLASS_UINT32: g_string_append_printf (w->out, "%u", g_variant_get_uint32 (value)); return;
    case G_VARIANT_CLASS_HANDLE: g_string_append_printf (w->out, "%d", g_variant_get_handle (value)); return;
    case G_VARIANT_CLASS_INT64:
      g_string_append_printf (w->out, "%" G_GINT64_FORMAT, g_variant_get_int64 (value));
      return;
    case G_VARIANT_CLASS_UINT64:
      g_string_append_printf (w->out, "%" G_GUINT64_FORMAT, g_variant_get_uint64 (value));
      return;
    case G_VARIANT_CLASS_DOUBLE: append_double (w->out, g_variant_get_double (value)); return;
    case G_VARIANT_CLASS_STRING:
    case G_VARIANT_CLASS_OBJECT_PATH:
    case G_VARIANT_CLASS_SIGNATURE: chrono_cli_append_json_string (w->out, g_variant_get_string (value, NULL)); return;
      case G_VARIANT_CLASS_VARIANT: {
        g_autoptr (GVariant) inner = g_variant_get_variant (value);
        write_variant (w, inner, depth);
        return;
      }
      case G_VARIANT_CLASS_MAYBE: {
        g_autoptr (GVariant) inner = g_variant_get_maybe (value);
        if (inner != NULL)
          write_variant (w, inner, depth);
        else
          g_string_append (w->out, "null");
        return;
      }
    case G_VARIANT_CLASS_ARRAY:
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_BYTESTRING))
        chrono_cli_append_json_string (w->out, g_variant_get_bytestring (value));
      else if (g_variant_is_of_type (value, G_VARIANT_TYPE ("a{s*}")))
        write_object (w, value, depth);
      else
        write_array (w, value, depth);
      return;
    case G_VARIANT_CLASS_TUPLE:
    case G_VARIANT_CLASS_DICT_ENTRY: write_array (w, value, depth); return;
    }
}

void
chrono_cli_append_variant_json (GString *out, GVariant *value, ChronoCliJsonLayout layout)
{
  Writer w = { out, layout };
  write_variant (&w, value, 0);
}

char *
chrono_cli_variant_json (GVariant *value, ChronoCliJsonLayout layout)
{
  GString *out = g_string_new (NULL);
  chrono_cli_append_variant_json (out, value, layout);
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

/* ---- a json-glib tree ----------------------------------------------------------- */

static void write_node (GString *out, JsonNode *node);

static void
write_json_object (GString *out, JsonObject *object)
{
  /* in the order the members were set, as json-glib's generator takes them */
  g_autoptr (GList) names = json_object_get_members (object);
  g_string_append_c (out, '{');
  for (GList *l = names; l != NULL; l = l->next)
    {
      if (l != names)
        g_string_append_c (out, ',');
      chrono_cli_append_json_string (out, l->data);
      g_string_append_c (out, ':');
      write_node (out, json_object_get_member (object, l->data));
    }
  g_string_append_c (out, '}');
}

static void
write_node (GString *out, JsonNode *node)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_NULL: g_string_append (out, "null"); return;
    case JSON_NODE_OBJECT: write_json_object (out, json_node_get_object (node)); return;
      case JSON_NODE_ARRAY: {
        JsonArray *array = json_node_get_array (node);
        g_string_append_c (out, '[');
        for (guint i = 0, n = json_array_get_length (array); i < n; i++)
          {
            if (i > 0)
              g_string_append_c (out, ',');
            write_node (out, json_array_get_element (array, i));
          }
        g_string_append_c (out, ']');
        return;
      }
    case JSON_NODE_VALUE: break;
    }
  GType type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
  else if (type == G_TYPE_DOUBLE)
    append_double (out, json_node_get_double (node));
  else if (type == G_TYPE_BOOLEAN)
    g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
  else
    chrono_cli_append_json_string (out, json_node_get_string (node));
}

char *
chrono_cli_json_text (JsonNode *root)
{
  GString *out = g_string_new (NULL);
  write_node (out, root);
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

void
chrono_cli_json_add_seconds (JsonBuilder *b, const char *key, const ChronoClock *clock, gboolean known, gint64 ticks)
{
  json_builder_set_member_name (b, key);
  if (known)
    json_builder_add_double_value (b, chrono_clock_to_seconds (clock, ticks));
  else
    json_builder_add_null_value (b);
}

void
chrono_cli_json_add_instance (JsonBuilder *b, gint64 number)
{
  json_builder_set_member_name (b, "instance");
  if (number != G_MININT64)
    json_builder_add_int_value (b, number);
  else
    json_builder_add_null_value (b);
}

char *
chrono_cli_report_json (ChronoTrace *trace, ChronoReportGaps *gaps)
{
  ChronoReportGaps unused;
  g_autoptr (GVariant) report = chrono_report_build (trace, gaps != NULL ? gaps : &unused);
  gboolean loaders = chrono_trace_get_statistics (trace) != NULL;
  return chrono_cli_variant_json (report, loaders ? CHRONO_CLI_JSON_COMPACT : CHRONO_CLI_JSON_LINES);
}
