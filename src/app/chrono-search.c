/* chrono-search.c — with several traces in one view every trace is
 * searched for the lanes to show; the matches stepped through are the
 * first trace's, whose clock the ruler shows. */
#include "chrono-search.h"

#include <glib/gi18n-lib.h>

struct _ChronoSearch {
  GObject parent_instance;
  ChronoFindResult *result; /* the first trace's */
  guint current; /* index into result->matches, G_MAXUINT: none yet */
};

G_DEFINE_FINAL_TYPE (ChronoSearch, chrono_search, G_TYPE_OBJECT)

static void
chrono_search_finalize (GObject *object)
{
  ChronoSearch *self = CHRONO_SEARCH (object);
  g_clear_pointer (&self->result, chrono_find_result_free);
  G_OBJECT_CLASS (chrono_search_parent_class)->finalize (object);
}

static void
chrono_search_class_init (ChronoSearchClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chrono_search_finalize;
}

static void
chrono_search_init (ChronoSearch *self)
{
  self->current = G_MAXUINT;
}

ChronoSearch *
chrono_search_new (void)
{
  return g_object_new (CHRONO_TYPE_SEARCH, NULL);
}

static void
clear (ChronoSearch *self, ChronoLayout *layout)
{
  g_clear_pointer (&self->result, chrono_find_result_free);
  self->current = G_MAXUINT;
  chrono_layout_set_shown_lanes (layout, NULL);
}

gboolean
chrono_search_run (ChronoSearch *self, ChronoLayout *layout, const char *text, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_SEARCH (self) && CHRONO_IS_LAYOUT (layout), FALSE);
  clear (self, layout);
  g_autofree char *stripped = g_strstrip (g_strdup (text ? text : ""));
  if (*stripped == '\0')
    return TRUE;
  ChronoTraceSet *set = chrono_layout_get_trace_set (layout);
  guint n = set != NULL ? chrono_trace_set_get_n (set) : 1;
  g_autoptr (GHashTable) lanes = g_hash_table_new (NULL, NULL);
  for (guint member = 0; member < n; member++)
    {
      ChronoTrace *trace = set != NULL ? chrono_trace_set_get_trace (set, member) : chrono_layout_get_trace (layout);
      g_autoptr (ChronoQuery) query = chrono_query_parse (stripped, chrono_trace_get_clock (trace), error);
      if (query == NULL)
        return FALSE;
      ChronoFindResult *result = chrono_find (trace, query, CHRONO_SEARCH_CAP);
      GHashTableIter iter;
      gpointer lane;
      g_hash_table_iter_init (&iter, result->lanes);
      while (g_hash_table_iter_next (&iter, &lane, NULL))
        g_hash_table_add (lanes, lane);
      if (member == 0)
        self->result = result;
      else
        chrono_find_result_free (result);
    }
  chrono_layout_set_shown_lanes (layout, lanes);
  return TRUE;
}

const ChronoFindResult *
chrono_search_get_result (ChronoSearch *self)
{
  g_return_val_if_fail (CHRONO_IS_SEARCH (self), NULL);
  return self->result;
}

const ChronoMatch *
chrono_search_step (ChronoSearch *self, gint64 from, int direction)
{
  g_return_val_if_fail (CHRONO_IS_SEARCH (self), NULL);
  if (self->result == NULL)
    return NULL;
  gboolean has_current = self->current < self->result->matches->len;
  gint64 time = has_current ? g_array_index (self->result->matches, ChronoMatch, self->current).start : from;
  guint next;
  if (!chrono_find_result_step (self->result, time, self->current, direction, &next))
    return NULL;
  self->current = next;
  return &g_array_index (self->result->matches, ChronoMatch, next);
}

/* How many matches come before this one in time (ties in lane order). */
static guint
time_rank (const ChronoFindResult *r, guint index)
{
  const ChronoMatch *m = &g_array_index (r->matches, ChronoMatch, index);
  guint rank = 0;
  for (guint i = 0; i < r->matches->len; i++)
    {
      gint64 start = g_array_index (r->matches, ChronoMatch, i).start;
      rank += start < m->start || (start == m->start && i < index);
    }
  return rank;
}

char *
chrono_search_describe (ChronoSearch *self)
{
  g_return_val_if_fail (CHRONO_IS_SEARCH (self), NULL);
  const ChronoFindResult *r = self->result;
  if (r == NULL)
    return NULL;
  guint lanes = g_hash_table_size (r->lanes);
  if (r->names_only)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u lane: a lazily read trace is searched by lane names only",
                                         "%u lanes: a lazily read trace is searched by lane names only", lanes),
                            lanes);
  if (r->n_found == 0)
    return lanes > 0 ? g_strdup_printf (
               g_dngettext (GETTEXT_PACKAGE, "No items match; %u lane does", "No items match; %u lanes do", lanes),
               lanes)
                     : g_strdup (_ ("No matches"));
  g_autofree char *total = g_strdup_printf ("%'" G_GUINT64_FORMAT, r->n_found);
  if (self->current >= r->matches->len)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s match: Enter goes to it",
                                         "%s matches: Enter goes to the next", (gulong) MIN (r->n_found, G_MAXULONG)),
                            total);
  g_autofree char *kept = r->n_found > r->matches->len
                              ? g_strdup_printf (_ (" (the first %'u are stepped through)"), r->matches->len)
                              : g_strdup ("");
  return g_strdup_printf (_ ("Match %'u of %s%s"), time_rank (r, self->current) + 1, total, kept);
}
