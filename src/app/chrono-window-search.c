/* chrono-window-search.c — the search bar's side of a query.  ChronoSearch
 * finds and steps; this object ties it to the widgets: the entry says
 * whether the query parses, the overview marks the matches, the status bar
 * counts them, and stepping selects a match and brings it into view.  A
 * reload finds the query again in what the file now holds. */
#include "chrono-window-search.h"

#include <glib/gi18n.h>

#include "chrono-search.h"

struct _ChronoWindowSearch {
  GObject parent_instance;
  GtkWindow *window; /* not a reference: the window owns this object */
  GtkSearchBar *bar;
  GtkSearchEntry *entry;
  ChronoStatusBar *status_bar;
  ChronoTimelineView *timeline; /* NULL while no trace is shown */
  ChronoOverview *overview;
  ChronoSearch *search; /* its matches, and the one gone to */
};

G_DEFINE_FINAL_TYPE (ChronoWindowSearch, chrono_window_search, G_TYPE_OBJECT)

/* Ctrl+F finds anything (chrono-find's queries): the lanes with matches
 * are shown, the matches marked on the overview, the count said. */
void
chrono_window_search_run (ChronoWindowSearch *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_SEARCH (self));
  if (self->timeline == NULL)
    return;
  GtkEntry *entry = GTK_ENTRY (self->entry);
  g_autoptr (GError) error = NULL;
  gboolean ok = chrono_search_run (self->search, chrono_timeline_view_get_layout (self->timeline),
                                   gtk_entry_get_text (entry), &error);
  gtk_entry_set_icon_from_icon_name (entry, GTK_ENTRY_ICON_PRIMARY,
                                     ok ? "edit-find-symbolic" : "dialog-warning-symbolic");
  gtk_entry_set_icon_tooltip_text (entry, GTK_ENTRY_ICON_PRIMARY, ok ? NULL : error->message);
  const ChronoFindResult *result = chrono_search_get_result (self->search);
  g_autoptr (GArray) starts = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; result != NULL && i < result->matches->len; i++)
    g_array_append_val (starts, g_array_index (result->matches, ChronoMatch, i).start);
  chrono_overview_set_found (self->overview, (const gint64 *) starts->data, starts->len);
  g_autofree char *said = ok ? chrono_search_describe (self->search) : g_strdup (error->message);
  if (said != NULL)
    chrono_status_bar_show_message (self->status_bar, said);
}

void
chrono_window_search_show (ChronoWindowSearch *self, ChronoTimelineView *timeline, ChronoOverview *overview)
{
  g_return_if_fail (CHRONO_IS_WINDOW_SEARCH (self) && CHRONO_IS_TIMELINE_VIEW (timeline));
  g_set_object (&self->timeline, timeline);
  g_set_object (&self->overview, overview);
  chrono_window_search_run (self); /* a reload finds what was being searched for again */
}

void
chrono_window_search_clear (ChronoWindowSearch *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_SEARCH (self));
  g_clear_object (&self->search);
  self->search = chrono_search_new ();
  g_clear_object (&self->timeline);
  g_clear_object (&self->overview);
}

static void
say (ChronoWindowSearch *self, const char *text)
{
  chrono_status_bar_show_message (self->status_bar, text);
}

void
chrono_window_search_go_to_match (ChronoWindowSearch *self, int direction)
{
  g_return_if_fail (CHRONO_IS_WINDOW_SEARCH (self));
  if (self->timeline == NULL)
    return;
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (self->timeline);
  gint64 from = direction > 0 ? chrono_viewport_get_begin (viewport) : chrono_viewport_get_end (viewport);
  const ChronoMatch *match = chrono_search_step (self->search, from, direction);
  if (match == NULL)
    {
      gtk_widget_error_bell (GTK_WIDGET (self->window));
      if (chrono_search_get_result (self->search) != NULL)
        say (self, direction > 0 ? _ ("No more matches after this one") : _ ("No more matches before this one"));
      return;
    }
  if (match->kind == CHRONO_MATCH_SPAN)
    chrono_timeline_view_select (self->timeline, match->lane, match->index);
  else
    chrono_timeline_view_select_mark (self->timeline, match->lane, match->index);
  chrono_timeline_view_show_lane (self->timeline, match->lane);
  chrono_timeline_view_reveal (self->timeline, match->start, match->end);
  g_autofree char *said = chrono_search_describe (self->search);
  say (self, said);
}

/* The entry is realized as it takes the focus: the bar reveals it only at
 * its next frame, and the key that opened it (Ctrl+F) goes on, press and
 * release, to the focus, which GTK refuses with a critical when the focus
 * is not realized. */
void
chrono_window_search_set_active (ChronoWindowSearch *self, gboolean active)
{
  g_return_if_fail (CHRONO_IS_WINDOW_SEARCH (self));
  gtk_search_bar_set_search_mode (self->bar, active);
  if (active)
    {
      gtk_widget_realize (GTK_WIDGET (self->entry));
      gtk_widget_grab_focus (GTK_WIDGET (self->entry));
    }
}

static void
set_find_state (ChronoWindowSearch *self, gboolean on)
{
  g_action_group_change_action_state (G_ACTION_GROUP (self->window), "find", g_variant_new_boolean (on));
}

void
chrono_window_search_stop (ChronoWindowSearch *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_SEARCH (self));
  gtk_entry_set_text (GTK_ENTRY (self->entry), "");
  set_find_state (self, FALSE);
  if (self->timeline != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->timeline));
}

static void
mode_changed (ChronoWindowSearch *self, GParamSpec *pspec, GtkSearchBar *bar)
{
  gboolean on = gtk_search_bar_get_search_mode (bar);
  GVariant *state = g_action_group_get_action_state (G_ACTION_GROUP (self->window), "find");
  if (g_variant_get_boolean (state) != on)
    set_find_state (self, on);
  g_variant_unref (state);
}

/* Enter goes to the next match, Shift+Enter to the previous. */
static void
entry_activated (ChronoWindowSearch *self, GtkSearchEntry *entry)
{
  GdkModifierType state = 0;
  gtk_get_current_event_state (&state);
  chrono_window_search_go_to_match (self, (state & GDK_SHIFT_MASK) ? -1 : +1);
}

static void
next_match (ChronoWindowSearch *self, GtkSearchEntry *entry)
{
  chrono_window_search_go_to_match (self, +1);
}

static void
previous_match (ChronoWindowSearch *self, GtkSearchEntry *entry)
{
  chrono_window_search_go_to_match (self, -1);
}

static void
chrono_window_search_dispose (GObject *object)
{
  ChronoWindowSearch *self = CHRONO_WINDOW_SEARCH (object);
  g_clear_object (&self->search);
  g_clear_object (&self->timeline);
  g_clear_object (&self->overview);
  g_clear_object (&self->bar);
  g_clear_object (&self->entry);
  g_clear_object (&self->status_bar);
  G_OBJECT_CLASS (chrono_window_search_parent_class)->dispose (object);
}

static void
chrono_window_search_class_init (ChronoWindowSearchClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_window_search_dispose;
}

static void
chrono_window_search_init (ChronoWindowSearch *self)
{
  self->search = chrono_search_new ();
}

ChronoWindowSearch *
chrono_window_search_new (GtkWindow *window, GtkSearchBar *bar, GtkSearchEntry *entry, ChronoStatusBar *status_bar)
{
  ChronoWindowSearch *self = g_object_new (CHRONO_TYPE_WINDOW_SEARCH, NULL);
  self->window = window;
  self->bar = g_object_ref (bar);
  self->entry = g_object_ref (entry);
  self->status_bar = g_object_ref (status_bar);
  gtk_search_bar_connect_entry (bar, GTK_ENTRY (entry));
  g_signal_connect_object (bar, "notify::search-mode-enabled", G_CALLBACK (mode_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (entry, "activate", G_CALLBACK (entry_activated), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (entry, "next-match", G_CALLBACK (next_match), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (entry, "previous-match", G_CALLBACK (previous_match), self, G_CONNECT_SWAPPED);
  return self;
}
