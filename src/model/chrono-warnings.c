#include "chrono-warnings.h"
#include "chrono-strings.h"

struct _ChronoWarnings {
  GArray *kept; /* ChronoWarning */
  GHashTable *counts; /* reason -> guint64* */
  GPtrArray *reasons; /* reasons in first-seen order */
  guint keep_at_most;
  guint64 total;
};

static void
clear_warning (gpointer data)
{
  ChronoWarning *warning = data;
  g_free (warning->reason);
  g_free (warning->message);
  g_free (warning->where);
}

ChronoWarnings *
chrono_warnings_new (guint keep_at_most)
{
  ChronoWarnings *warnings = g_new0 (ChronoWarnings, 1);
  warnings->kept = g_array_new (FALSE, FALSE, sizeof (ChronoWarning));
  g_array_set_clear_func (warnings->kept, clear_warning);
  warnings->counts = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  warnings->reasons = g_ptr_array_new_with_free_func (g_free);
  warnings->keep_at_most = keep_at_most;
  return warnings;
}

void
chrono_warnings_free (ChronoWarnings *warnings)
{
  if (warnings == NULL)
    return;
  g_array_unref (warnings->kept);
  g_hash_table_unref (warnings->counts);
  g_ptr_array_unref (warnings->reasons);
  g_free (warnings);
}

static void
count_reason (ChronoWarnings *warnings, const char *reason, guint64 n)
{
  warnings->total += n;
  guint64 *count = g_hash_table_lookup (warnings->counts, reason);
  if (count == NULL)
    {
      char *key = g_strdup (reason);
      g_ptr_array_add (warnings->reasons, key);
      count = g_new0 (guint64, 1);
      g_hash_table_insert (warnings->counts, key, count);
    }
  *count += n;
}

static void
keep (ChronoWarnings *warnings, const ChronoWarning *fields, const char *format, va_list args)
{
  if (warnings->kept->len >= warnings->keep_at_most)
    return;
  g_autofree char *message = g_strdup_vprintf (format, args);
  /* messages quote the input, which may not be UTF-8 */
  ChronoWarning warning = *fields;
  warning.reason = g_strdup (fields->reason);
  warning.message = chrono_utf8_dup (message);
  warning.where = fields->where != NULL ? chrono_utf8_dup (fields->where) : NULL;
  g_array_append_val (warnings->kept, warning);
}

void
chrono_warnings_add (ChronoWarnings *warnings, guint64 line, const char *reason, const char *format, ...)
{
  count_reason (warnings, reason, 1);
  ChronoWarning fields = { .line = line, .reason = (char *) reason, .count = 1 };
  va_list args;
  va_start (args, format);
  keep (warnings, &fields, format, args);
  va_end (args);
}

void
chrono_warnings_add_at (ChronoWarnings *warnings, guint64 count, gint64 time, const char *where, const char *reason,
                        const char *format, ...)
{
  count_reason (warnings, reason, count);
  ChronoWarning fields = {
    .reason = (char *) reason, .has_time = TRUE, .time = time, .where = (char *) where, .count = count
  };
  va_list args;
  va_start (args, format);
  keep (warnings, &fields, format, args);
  va_end (args);
}

ChronoWarnings *
chrono_warnings_new_like (ChronoWarnings *warnings)
{
  return chrono_warnings_new (warnings->keep_at_most);
}

void
chrono_warnings_merge (ChronoWarnings *into, ChronoWarnings *from)
{
  g_autoptr (GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  for (guint i = 0; i < from->kept->len; i++)
    {
      const ChronoWarning *warning = &g_array_index (from->kept, ChronoWarning, i);
      count_reason (into, warning->reason, warning->count);
      guint64 *n = g_hash_table_lookup (listed, warning->reason);
      if (n == NULL)
        g_hash_table_insert (listed, warning->reason, n = g_new0 (guint64, 1));
      *n += warning->count;
      if (into->kept->len >= into->keep_at_most)
        continue;
      ChronoWarning copy = *warning;
      copy.reason = g_strdup (warning->reason);
      copy.message = g_strdup (warning->message);
      copy.where = g_strdup (warning->where);
      g_array_append_val (into->kept, copy);
    }
  for (guint r = 0; r < from->reasons->len; r++)
    {
      const char *reason = g_ptr_array_index (from->reasons, r);
      guint64 *n = g_hash_table_lookup (listed, reason);
      guint64 rest = *(guint64 *) g_hash_table_lookup (from->counts, reason) - (n ? *n : 0);
      if (rest > 0)
        count_reason (into, reason, rest);
    }
}

guint64
chrono_warnings_get_total (ChronoWarnings *warnings)
{
  return warnings->total;
}

guint
chrono_warnings_get_n_kept (ChronoWarnings *warnings)
{
  return warnings->kept->len;
}

guint64
chrono_warnings_get_unlisted (ChronoWarnings *warnings)
{
  guint64 listed = 0;
  for (guint i = 0; i < warnings->kept->len; i++)
    listed += g_array_index (warnings->kept, ChronoWarning, i).count;
  return warnings->total - listed;
}

const ChronoWarning *
chrono_warnings_get_kept (ChronoWarnings *warnings, guint index)
{
  g_return_val_if_fail (index < warnings->kept->len, NULL);
  return &g_array_index (warnings->kept, ChronoWarning, index);
}

/* The reasons in the order first seen; the list is owned by the caller, the strings are not. */
GList *
chrono_warnings_get_reasons (ChronoWarnings *warnings)
{
  GList *list = NULL;
  for (guint i = warnings->reasons->len; i > 0; i--)
    list = g_list_prepend (list, g_ptr_array_index (warnings->reasons, i - 1));
  return list;
}

guint64
chrono_warnings_count_reason (ChronoWarnings *warnings, const char *reason)
{
  guint64 *count = g_hash_table_lookup (warnings->counts, reason);
  return count ? *count : 0;
}

static int
compare_by_line (gconstpointer a, gconstpointer b)
{
  const ChronoWarning *wa = a, *wb = b;
  return (wa->line > wb->line) - (wa->line < wb->line);
}

/* Stable: warnings on one line keep the order they were found in. */
void
chrono_warnings_sort_by_line (ChronoWarnings *warnings)
{
  g_array_sort (warnings->kept, compare_by_line);
}
