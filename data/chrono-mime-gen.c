/* chrono-mime-gen.c — the desktop's view of the formats, generated from the
 * loaders' MIME declarations at build time (not installed).
 *
 *   chrono-mime-gen xml OUT            shared-mime-info XML, comments untranslated
 *   chrono-mime-gen fill TEMPLATE OUT  @MIME_TYPES@ → "a;b;", @PROVIDES_MEDIATYPES@ → <mediatype> lines
 *   chrono-mime-gen globs FORMAT       the format's file names, one a line (the corpus test)
 */
#include <glib.h>
#include <stdio.h>

#include "chrono-loader.h"

static void
append_matches (GString *out, const ChronoMimeMatch *matches, int depth)
{
  for (const ChronoMimeMatch *m = matches; m->value; m++)
    {
      g_autofree char *value = g_markup_escape_text (m->value, -1);
      g_string_append_printf (out, "%*s<match type=\"string\" offset=\"%s\" value=\"%s\"", depth * 2, "", m->offset,
                              value);
      if (m->mask)
        g_string_append_printf (out, " mask=\"%s\"", m->mask);
      if (m->within)
        {
          g_string_append (out, ">\n");
          append_matches (out, m->within, depth + 1);
          g_string_append_printf (out, "%*s</match>\n", depth * 2, "");
        }
      else
        g_string_append (out, "/>\n");
    }
}

static void
append_element (GString *out, const char *element, const char *text)
{
  if (text == NULL)
    return;
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  g_string_append_printf (out, "    <%s>%s</%s>\n", element, escaped, element);
}

static void
append_type (GString *out, const ChronoMimeType *type)
{
  g_string_append_printf (out, "  <mime-type type=\"%s\">\n", type->type);
  append_element (out, "comment", type->comment);
  append_element (out, "acronym", type->acronym);
  append_element (out, "expanded-acronym", type->expanded_acronym);
  if (type->sub_class_of)
    g_string_append_printf (out, "    <sub-class-of type=\"%s\"/>\n", type->sub_class_of);
  if (type->generic_icon)
    g_string_append_printf (out, "    <generic-icon name=\"%s\"/>\n", type->generic_icon);
  for (guint i = 0; i < type->n_globs; i++)
    {
      g_string_append_printf (out, "    <glob pattern=\"%s\"", type->globs[i]);
      if (type->glob_weight)
        g_string_append_printf (out, " weight=\"%d\"", type->glob_weight);
      g_string_append (out, "/>\n");
    }
  for (const ChronoMimeMagic *magic = type->magic; magic && magic->priority; magic++)
    {
      g_string_append_printf (out, "    <magic priority=\"%d\">\n", magic->priority);
      append_matches (out, magic->matches, 3);
      g_string_append (out, "    </magic>\n");
    }
  g_string_append (out, "  </mime-type>\n");
}

static char *
mime_info_xml (void)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                               "<!-- The trace formats Chronoscope reads, for shared-mime-info, generated\n"
                               "     from the loaders' declarations (src/loaders/chrono-loader-*.c). -->\n"
                               "<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n");
  for (const ChronoLoaderInfo *const *l = chrono_loaders_list (); *l; l++)
    for (const ChronoMimeType *type = (*l)->mime_types; type && type->type; type++)
      append_type (out, type);
  g_string_append (out, "</mime-info>\n");
  return g_string_free (out, FALSE);
}

/* Fills a template's placeholders with every type the loaders open. */
static char *
fill (const char *template)
{
  g_autoptr (GString) list = g_string_new (NULL);
  g_autoptr (GString) provides = g_string_new (NULL);
  for (const ChronoLoaderInfo *const *l = chrono_loaders_list (); *l; l++)
    for (const ChronoMimeType *type = (*l)->mime_types; type && type->type; type++)
      {
        g_string_append_printf (list, "%s;", type->type);
        g_string_append_printf (provides, "%s    <mediatype>%s</mediatype>", provides->len ? "\n" : "", type->type);
      }
  g_autoptr (GString) out = g_string_new (template);
  g_string_replace (out, "@MIME_TYPES@", list->str, 0);
  g_string_replace (out, "@PROVIDES_MEDIATYPES@", provides->str, 0);
  return g_strdup (out->str);
}

static int
print_globs (const char *format)
{
  const ChronoLoaderInfo *info = chrono_loaders_find_by_name (format);
  if (info == NULL)
    {
      g_printerr ("no loader reads “%s”\n", format);
      return 1;
    }
  for (const char *const *glob = info->globs; glob && *glob; glob++)
    printf ("%s\n", *glob);
  return 0;
}

static gboolean
write_text (const char *path, const char *text)
{
  g_autoptr (GError) error = NULL;
  if (g_file_set_contents (path, text, -1, &error))
    return TRUE;
  g_printerr ("%s\n", error->message);
  return FALSE;
}

int
main (int argc, char **argv)
{
  if (argc == 3 && g_str_equal (argv[1], "xml"))
    {
      g_autofree char *xml = mime_info_xml ();
      return write_text (argv[2], xml) ? 0 : 1;
    }
  if (argc == 4 && g_str_equal (argv[1], "fill"))
    {
      g_autofree char *template = NULL;
      g_autoptr (GError) error = NULL;
      if (!g_file_get_contents (argv[2], &template, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_autofree char *filled = fill (template);
      return write_text (argv[3], filled) ? 0 : 1;
    }
  if (argc == 3 && g_str_equal (argv[1], "globs"))
    return print_globs (argv[2]);
  g_printerr ("usage: %s xml OUT | fill TEMPLATE OUT | globs FORMAT\n", argv[0]);
  return 2;
}
