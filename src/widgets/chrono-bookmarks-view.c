/* chrono-bookmarks-view.c — the list is rebuilt whole when the view state
 * says its bookmarks or notes changed: there are tens of them, not
 * thousands, and a rebuilt list cannot disagree with the state. */
#include <glib/gi18n-lib.h>

#include "chrono-bookmarks-view.h"

struct _ChronoBookmarksView {
  GtkBox parent_instance;
  ChronoTrace *trace;
  ChronoViewport *viewport;
  ChronoViewState *state;
  GtkWidget *list;
  GtkWidget *hint;
};

enum { NOTE_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoBookmarksView, chrono_bookmarks_view, GTK_TYPE_BOX)

/* Rows carry what they stand for: a bookmark's index, or a note's + NOTE_ROW. */
#define NOTE_ROW 0x40000000u

static char *
describe_range (ChronoBookmarksView *self, gint64 begin, gint64 end)
{
  const ChronoClock *clock = chrono_trace_get_clock (self->trace);
  gint64 origin = chrono_viewport_get_origin (self->viewport);
  g_autofree char *from = chrono_clock_format_ticks (clock, begin - origin, 6);
  if (end == begin)
    return g_steal_pointer (&from);
  g_autofree char *to = chrono_clock_format_ticks (clock, end - origin, 6);
  return g_strdup_printf ("%s – %s", from, to);
}

static void refill (ChronoBookmarksView *self);

static guint
row_id (GtkWidget *widget)
{
  GtkWidget *row = gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_BOX_ROW);
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "chrono-row-id"));
}

static void
delete_clicked (GtkButton *button, ChronoBookmarksView *self)
{
  guint id = row_id (GTK_WIDGET (button));
  if (id >= NOTE_ROW)
    chrono_view_state_remove_note (self->state, id - NOTE_ROW);
  else
    chrono_view_state_remove_bookmark (self->state, id);
}

/* The entry of the rename popover: Enter renames (or rewrites the note). */
static void
rename_activated (GtkEntry *entry, ChronoBookmarksView *self)
{
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (entry), GTK_TYPE_POPOVER);
  guint id = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (popover), "chrono-row-id"));
  g_autofree char *text = g_strdup (gtk_entry_get_text (entry));
  gtk_popover_popdown (GTK_POPOVER (popover));
  if (*g_strstrip (text) == '\0')
    return;
  if (id >= NOTE_ROW)
    {
      const ChronoNote *note = chrono_view_state_get_note (self->state, id - NOTE_ROW);
      g_autofree char *lane_key = g_strdup (note->lane_key);
      chrono_view_state_set_note (self->state, lane_key, note->begin, note->end, text);
    }
  else
    chrono_view_state_rename_bookmark (self->state, id, text);
}

static void
rename_clicked (GtkButton *button, ChronoBookmarksView *self)
{
  guint id = row_id (GTK_WIDGET (button));
  const char *text = id >= NOTE_ROW ? chrono_view_state_get_note (self->state, id - NOTE_ROW)->text
                                    : chrono_view_state_get_bookmark (self->state, id)->name;
  GtkWidget *popover = gtk_popover_new (GTK_WIDGET (button));
  g_object_set_data (G_OBJECT (popover), "chrono-row-id", GUINT_TO_POINTER (id));
  GtkWidget *entry = gtk_entry_new ();
  gtk_entry_set_text (GTK_ENTRY (entry), text);
  gtk_entry_set_width_chars (GTK_ENTRY (entry), 28);
  g_object_set (entry, "margin", 6, NULL);
  g_signal_connect (entry, "activate", G_CALLBACK (rename_activated), self);
  gtk_container_add (GTK_CONTAINER (popover), entry);
  g_signal_connect (popover, "closed", G_CALLBACK (gtk_widget_destroy), NULL);
  gtk_widget_show_all (popover);
  gtk_popover_popup (GTK_POPOVER (popover));
}

static GtkWidget *
icon_button (const char *icon, const char *tooltip, GCallback callback, ChronoBookmarksView *self)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon, GTK_ICON_SIZE_BUTTON);
  gtk_button_set_relief (GTK_BUTTON (button), GTK_RELIEF_NONE);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_signal_connect (button, "clicked", callback, self);
  return button;
}

static void
add_row (ChronoBookmarksView *self, guint id, const char *icon, const char *title, const char *subtitle)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_object_set (box, "margin-start", 6, "margin-end", 2, "margin-top", 3, "margin-bottom", 3, NULL);
  gtk_container_add (GTK_CONTAINER (box), gtk_image_new_from_icon_name (icon, GTK_ICON_SIZE_BUTTON));
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_hexpand (texts, TRUE);
  GtkWidget *name = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (name), 40);
  gtk_widget_set_tooltip_text (name, title);
  GtkWidget *detail = gtk_label_new (subtitle);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_label_set_ellipsize (GTK_LABEL (detail), PANGO_ELLIPSIZE_MIDDLE);
  gtk_style_context_add_class (gtk_widget_get_style_context (detail), "dim-label");
  gtk_container_add (GTK_CONTAINER (texts), name);
  gtk_container_add (GTK_CONTAINER (texts), detail);
  gtk_container_add (GTK_CONTAINER (box), texts);
  gboolean note = id >= NOTE_ROW;
  gtk_container_add (GTK_CONTAINER (box),
                     icon_button ("document-edit-symbolic", note ? _ ("Edit the note") : _ ("Rename"),
                                  G_CALLBACK (rename_clicked), self));
  gtk_container_add (GTK_CONTAINER (box),
                     icon_button ("user-trash-symbolic", note ? _ ("Delete the note") : _ ("Delete"),
                                  G_CALLBACK (delete_clicked), self));
  GtkWidget *row = gtk_list_box_row_new ();
  g_object_set_data (G_OBJECT (row), "chrono-row-id", GUINT_TO_POINTER (id));
  gtk_container_add (GTK_CONTAINER (row), box);
  gtk_container_add (GTK_CONTAINER (self->list), row);
}

static void
destroy_child (GtkWidget *child, gpointer data)
{
  gtk_widget_destroy (child);
}

static void
refill (ChronoBookmarksView *self)
{
  gtk_container_foreach (GTK_CONTAINER (self->list), destroy_child, NULL);
  guint n_bookmarks = chrono_view_state_get_n_bookmarks (self->state);
  guint n_notes = chrono_view_state_get_n_notes (self->state);
  for (guint i = 0; i < n_bookmarks; i++)
    {
      const ChronoBookmark *bookmark = chrono_view_state_get_bookmark (self->state, i);
      g_autofree char *range = describe_range (self, bookmark->begin, bookmark->end);
      add_row (self, i, "user-bookmarks-symbolic", bookmark->name, range);
    }
  for (guint i = 0; i < n_notes && i < NOTE_ROW; i++)
    {
      const ChronoNote *note = chrono_view_state_get_note (self->state, i);
      g_autofree char *range = describe_range (self, note->begin, note->end);
      g_autofree char *lane = note->lane_key != NULL ? chrono_view_state_describe_lane (note->lane_key) : NULL;
      g_autofree char *where = lane != NULL ? g_strdup_printf ("%s · %s", lane, range) : g_steal_pointer (&range);
      add_row (self, NOTE_ROW + i, "accessories-text-editor-symbolic", note->text, where);
    }
  gtk_widget_set_visible (self->hint, n_bookmarks + n_notes == 0);
  gtk_widget_show_all (self->list);
}

void
chrono_bookmarks_view_go_to_bookmark (ChronoBookmarksView *self, guint index)
{
  g_return_if_fail (CHRONO_IS_BOOKMARKS_VIEW (self) && index < chrono_view_state_get_n_bookmarks (self->state));
  const ChronoBookmark *bookmark = chrono_view_state_get_bookmark (self->state, index);
  chrono_viewport_zoom_to (self->viewport, bookmark->begin, bookmark->end);
}

static void
row_activated (GtkListBox *list, GtkListBoxRow *row, ChronoBookmarksView *self)
{
  guint id = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "chrono-row-id"));
  if (id < NOTE_ROW)
    chrono_bookmarks_view_go_to_bookmark (self, id);
  else
    g_signal_emit (self, signals[NOTE_CHOSEN], 0, id - NOTE_ROW);
}

GtkListBox *
chrono_bookmarks_view_get_list (ChronoBookmarksView *self)
{
  g_return_val_if_fail (CHRONO_IS_BOOKMARKS_VIEW (self), NULL);
  return GTK_LIST_BOX (self->list);
}

static void
chrono_bookmarks_view_dispose (GObject *object)
{
  ChronoBookmarksView *self = CHRONO_BOOKMARKS_VIEW (object);
  if (self->state != NULL)
    g_signal_handlers_disconnect_by_data (self->state, self);
  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_object (&self->state);
  g_clear_object (&self->viewport);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (chrono_bookmarks_view_parent_class)->dispose (object);
}

static void
chrono_bookmarks_view_class_init (ChronoBookmarksViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_bookmarks_view_dispose;
  signals[NOTE_CHOSEN] = g_signal_new ("note-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
chrono_bookmarks_view_init (ChronoBookmarksView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  self->hint = gtk_label_new (_ ("No bookmarks or notes yet. Add Bookmark (Ctrl+D) names the range on show, "
                                 "Add Note (Ctrl+Shift+N) writes on the selected item; Save View (Ctrl+S) keeps "
                                 "them beside the trace."));
  gtk_label_set_line_wrap (GTK_LABEL (self->hint), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->hint), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (self->hint), 30);
  g_object_set (self->hint, "margin", 12, NULL);
  gtk_style_context_add_class (gtk_widget_get_style_context (self->hint), "dim-label");
  gtk_container_add (GTK_CONTAINER (self), self->hint);
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  self->list = gtk_list_box_new ();
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (self->list), TRUE);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (row_activated), self);
  gtk_container_add (GTK_CONTAINER (scroller), self->list);
  gtk_container_add (GTK_CONTAINER (self), scroller);
  gtk_widget_show_all (scroller);
}

GtkWidget *
chrono_bookmarks_view_new (ChronoTrace *trace, ChronoViewport *viewport, ChronoViewState *state)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && CHRONO_IS_VIEWPORT (viewport) && CHRONO_IS_VIEW_STATE (state), NULL);
  ChronoBookmarksView *self = g_object_new (CHRONO_TYPE_BOOKMARKS_VIEW, NULL);
  self->trace = g_object_ref (trace);
  self->viewport = g_object_ref (viewport);
  self->state = g_object_ref (state);
  g_signal_connect_swapped (state, "changed", G_CALLBACK (refill), self);
  /* times are written as the ruler counts them */
  g_signal_connect_swapped (viewport, "notify::time-origin", G_CALLBACK (refill), self);
  refill (self);
  return GTK_WIDGET (self);
}
