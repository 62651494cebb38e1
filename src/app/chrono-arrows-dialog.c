/* chrono-arrows-dialog.c — the arrows' filter as four fields; each named
 * (gtk_widget_set_name) so tests find them. */
#include <glib/gi18n-lib.h>

#include "chrono-arrows-dialog.h"

typedef struct {
  ChronoTimelineView *view;
  GtkWidget *show, *communicator, *tag, *min_bytes;
} DialogState;

static void
dialog_state_free (gpointer data, GClosure *closure)
{
  DialogState *state = data;
  g_object_unref (state->view);
  g_free (state);
}

/* A whole number typed in entry, or none when it is empty; FALSE (and the
 * entry marked) when it is something else. */
static gboolean
read_number (GtkWidget *entry, guint64 max, gboolean *out_given, guint64 *out)
{
  const char *text = gtk_entry_get_text (GTK_ENTRY (entry));
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  *out_given = *trimmed != '\0';
  gboolean ok = !*out_given || g_ascii_string_to_unsigned (trimmed, 10, 0, max, out, NULL);
  gtk_entry_set_icon_from_icon_name (GTK_ENTRY (entry), GTK_ENTRY_ICON_SECONDARY, ok ? NULL : "dialog-error-symbolic");
  gtk_entry_set_icon_tooltip_text (GTK_ENTRY (entry), GTK_ENTRY_ICON_SECONDARY, ok ? NULL : _ ("A whole number"));
  return ok;
}

static void
response (GtkDialog *dialog, int response_id, DialogState *state)
{
  if (response_id == GTK_RESPONSE_OK)
    {
      ChronoLinkFilter filter = { 0 };
      guint64 tag = 0, bytes = 0;
      gboolean has_bytes;
      if (!read_number (state->tag, G_MAXUINT32, &filter.has_tag, &tag)
          || !read_number (state->min_bytes, G_MAXUINT64, &has_bytes, &bytes))
        return;
      filter.tag = (guint32) tag;
      filter.min_bytes = bytes;
      filter.hidden = !gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (state->show));
      g_autofree char *communicator = g_strstrip (g_strdup (gtk_entry_get_text (GTK_ENTRY (state->communicator))));
      filter.communicator = *communicator ? communicator : NULL;
      chrono_timeline_view_set_link_filter (state->view, &filter);
    }
  gtk_widget_destroy (GTK_WIDGET (dialog));
}

static GtkWidget *
add_entry (GtkGrid *grid, int row, const char *name, const char *label, const char *placeholder, const char *text)
{
  GtkWidget *caption = gtk_label_new_with_mnemonic (label);
  gtk_label_set_xalign (GTK_LABEL (caption), 1.0);
  GtkWidget *entry = gtk_entry_new ();
  gtk_widget_set_name (entry, name);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_entry_set_text (GTK_ENTRY (entry), text);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (caption), entry);
  gtk_grid_attach (grid, caption, 0, row, 1, 1);
  gtk_grid_attach (grid, entry, 1, row, 1, 1);
  return entry;
}

GtkWidget *
chrono_arrows_dialog_new (GtkWindow *parent, ChronoTimelineView *view)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (view), NULL);
  GtkWidget *dialog = gtk_dialog_new_with_buttons (
      _ ("Message Arrows"), parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT | GTK_DIALOG_USE_HEADER_BAR,
      _ ("_Cancel"), GTK_RESPONSE_CANCEL, _ ("_Apply"), GTK_RESPONSE_OK, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  ChronoLinkFilter now;
  chrono_timeline_view_get_link_filter (view, &now);
  GtkWidget *grid = gtk_grid_new ();
  g_object_set (grid, "margin", 12, "row-spacing", 6, "column-spacing", 12, NULL);
  DialogState *state = g_new0 (DialogState, 1);
  state->view = g_object_ref (view);
  state->show = gtk_check_button_new_with_mnemonic (_ ("_Show arrows (messages, dependencies)"));
  gtk_widget_set_name (state->show, "show");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (state->show), !now.hidden);
  gtk_grid_attach (GTK_GRID (grid), state->show, 0, 0, 2, 1);
  GtkWidget *hint = gtk_label_new (_ ("Only the messages that match every field given (empty: any):"));
  gtk_label_set_xalign (GTK_LABEL (hint), 0.0);
  gtk_style_context_add_class (gtk_widget_get_style_context (hint), "dim-label");
  gtk_grid_attach (GTK_GRID (grid), hint, 0, 1, 2, 1);
  g_autofree char *tag = now.has_tag ? g_strdup_printf ("%u", now.tag) : g_strdup ("");
  g_autofree char *bytes = now.min_bytes > 0 ? g_strdup_printf ("%" G_GUINT64_FORMAT, now.min_bytes) : g_strdup ("");
  state->communicator = add_entry (GTK_GRID (grid), 2, "communicator", _ ("_Communicator"), _ ("e.g. MPI_COMM_WORLD"),
                                   now.communicator ? now.communicator : "");
  state->tag = add_entry (GTK_GRID (grid), 3, "tag", _ ("_Tag"), _ ("any"), tag);
  state->min_bytes = add_entry (GTK_GRID (grid), 4, "min-bytes", _ ("_Minimum size (bytes)"), _ ("any"), bytes);
  gtk_container_add (GTK_CONTAINER (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), grid);
  g_signal_connect_data (dialog, "response", G_CALLBACK (response), state, dialog_state_free, 0);
  gtk_widget_show_all (dialog);
  return dialog;
}
