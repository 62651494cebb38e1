/* chrono-etf-view-file.c — the TRACE4CPS .view file beside a trace and the loader options: grouping, colouring, filter. */
#include "chrono-etf-private.h"

/* ---- the .view file ----------------------------------------------------- */

/* TRACE4CPS writes a few hundred bytes; anything near this is not a view */
#define VIEW_FILE_MAX_SIZE (1u << 20)

/* TRACE4CPS saves a view as "key : value" lines; claimGrouping and
 * claimColoring name attributes. */
void
chrono_etf_read_view_file (EtfReader *r)
{
  g_autofree char *base = g_strdup (r->path);
  char *dot = strrchr (base, '.');
  if (dot != NULL && strchr (dot, G_DIR_SEPARATOR) == NULL)
    *dot = '\0';
  g_autofree char *view_path = g_strconcat (base, ".view", NULL);
  g_autofree char *contents = NULL;
  if (!g_file_test (view_path, G_FILE_TEST_EXISTS))
    return;
  g_autoptr (GError) error = NULL;
  if (!chrono_read_side_file (view_path, VIEW_FILE_MAX_SIZE, &contents, NULL, &error))
    {
      chrono_warnings_add (r->warnings, 0, "view file unreadable", _ ("%s; the trace is shown without it"),
                           error->message);
      return;
    }
  g_auto (GStrv) lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      char *colon = strchr (lines[i], ':');
      if (colon == NULL)
        continue;
      *colon = '\0';
      char *key = g_strstrip (lines[i]), *value = g_strstrip (colon + 1);
      /* the view's choices become the trace's options where the viewer made
       * none, so its menu shows them and a reload keeps them */
      if (strcmp (key, "claimGrouping") == 0 && *value)
        {
          chrono_etf_set_grouping (r, value);
          if (chrono_trace_get_option (r->trace, "grouping") == NULL)
            chrono_trace_set_option (r->trace, "grouping", value);
        }
      else if (strcmp (key, "eventGrouping") == 0 && *value)
        {
          chrono_etf_set_event_grouping (r, value);
          if (chrono_trace_get_option (r->trace, "event-grouping") == NULL)
            chrono_trace_set_option (r->trace, "event-grouping", value);
        }
      else if (strcmp (key, "claimColoring") == 0 && *value)
        {
          g_free (r->colouring);
          r->colouring = g_strdup (value);
          if (chrono_trace_get_option (r->trace, "colouring") == NULL)
            chrono_trace_set_option (r->trace, "colouring", value);
        }
    }
  g_autofree char *view_name = g_path_get_basename (view_path);
  chrono_trace_add_metadata (r->trace, "view", view_name);
}

/* The viewer's choices (trace options) win over the .view file:
 * "grouping" = "key, key", "colouring" = "key", "filter" = "key=v1|v2; key2=v3". */
void
chrono_etf_read_options (EtfReader *r)
{
  const char *grouping = chrono_trace_get_option (r->trace, "grouping");
  if (grouping != NULL)
    {
      chrono_etf_set_grouping (r, grouping);
    }
  const char *event_grouping = chrono_trace_get_option (r->trace, "event-grouping");
  if (event_grouping != NULL)
    chrono_etf_set_event_grouping (r, event_grouping);
  const char *colouring = chrono_trace_get_option (r->trace, "colouring");
  if (colouring != NULL)
    {
      g_free (r->colouring);
      r->colouring = *colouring ? g_strdup (colouring) : NULL;
    }
  const char *filter = chrono_trace_get_option (r->trace, "filter");
  if (filter == NULL || *filter == '\0')
    return;
  r->filter = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  g_auto (GStrv) clauses = g_strsplit (filter, ";", -1);
  for (guint i = 0; clauses[i]; i++)
    {
      char *equals = strchr (clauses[i], '=');
      if (equals == NULL)
        continue;
      *equals = '\0';
      GPtrArray *allowed = g_ptr_array_new_with_free_func (g_free);
      g_auto (GStrv) values = g_strsplit (equals + 1, "|", -1);
      for (guint v = 0; values[v]; v++)
        g_ptr_array_add (allowed, g_strdup (g_strstrip (values[v])));
      g_hash_table_replace (r->filter, g_strdup (g_strstrip (clauses[i])), allowed);
    }
}

gboolean
chrono_etf_passes_filter (EtfReader *r, guint32 attrs)
{
  if (r->filter == NULL)
    return TRUE;
  GHashTableIter iter;
  gpointer key, allowed;
  g_hash_table_iter_init (&iter, r->filter);
  while (g_hash_table_iter_next (&iter, &key, &allowed))
    {
      const char *value = chrono_attrs_lookup (r->attrs, attrs, key);
      if (value == NULL || !g_ptr_array_find_with_equal_func (allowed, value, g_str_equal, NULL))
        return FALSE;
    }
  return TRUE;
}

/* The same for the pairs just parsed (r->pairs): the first value of each key counts, as in a set. */
gboolean
chrono_etf_pairs_pass_filter (EtfReader *r)
{
  if (r->filter == NULL)
    return TRUE;
  GHashTableIter iter;
  gpointer key, allowed;
  g_hash_table_iter_init (&iter, r->filter);
  while (g_hash_table_iter_next (&iter, &key, &allowed))
    {
      const char *value = NULL;
      for (guint i = 0; i < r->pairs.keys->len && value == NULL; i++)
        if (strcmp (g_ptr_array_index (r->pairs.keys, i), key) == 0)
          value = g_ptr_array_index (r->pairs.values, i);
      if (value == NULL || !g_ptr_array_find_with_equal_func (allowed, value, g_str_equal, NULL))
        return FALSE;
    }
  return TRUE;
}
