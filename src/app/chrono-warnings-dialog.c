/* chrono-warnings-dialog.c — a count per reason on top, then the kept
 * warnings with their line numbers, sortable, selectable for copying. */
#include <inttypes.h>
#include "chrono-warnings-dialog.h"

#include <glib/gi18n.h>

enum { COLUMN_LINE, COLUMN_REASON, COLUMN_MESSAGE, N_COLUMNS };

static GtkWidget *
build_list (ChronoWarnings *warnings)
{
  GtkListStore *store = gtk_list_store_new (N_COLUMNS, G_TYPE_UINT64, G_TYPE_STRING, G_TYPE_STRING);
  for (guint i = 0; i < chrono_warnings_get_n_kept (warnings); i++)
    {
      const ChronoWarning *w = chrono_warnings_get_kept (warnings, i);
      gtk_list_store_insert_with_values (store, NULL, -1, COLUMN_LINE, w->line, COLUMN_REASON, w->reason,
                                         COLUMN_MESSAGE, w->message, -1);
    }
  GtkWidget *view = gtk_tree_view_new_with_model (GTK_TREE_MODEL (store));
  g_object_unref (store);
  const char *titles[] = { _ ("Line"), _ ("Reason"), _ ("Message") };
  for (int c = 0; c < N_COLUMNS; c++)
    {
      GtkTreeViewColumn *column =
          gtk_tree_view_column_new_with_attributes (titles[c], gtk_cell_renderer_text_new (), "text", c, NULL);
      gtk_tree_view_column_set_sort_column_id (column, c);
      gtk_tree_view_column_set_resizable (column, TRUE);
      gtk_tree_view_append_column (GTK_TREE_VIEW (view), column);
    }
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_container_add (GTK_CONTAINER (scroller), view);
  return scroller;
}

static char *
summary_text (ChronoTrace *trace)
{
  ChronoWarnings *warnings = chrono_trace_get_warnings (trace);
  GString *text = g_string_new (NULL);
  g_autofree char *base = g_path_get_basename (chrono_trace_get_path (trace));
  g_string_append_printf (text,
                          g_dngettext (GETTEXT_PACKAGE, "%s: %" PRIu64 " warning", "%s: %" PRIu64 " warnings",
                                       chrono_warnings_get_total (warnings)),
                          base, chrono_warnings_get_total (warnings));
  GList *reasons = chrono_warnings_get_reasons (warnings);
  for (GList *l = reasons; l != NULL; l = l->next)
    g_string_append_printf (text, "\n  %s: %" G_GUINT64_FORMAT, (const char *) l->data,
                            chrono_warnings_count_reason (warnings, l->data));
  g_list_free (reasons);
  guint64 unlisted = chrono_warnings_get_unlisted (warnings);
  if (unlisted > 0)
    g_string_append_printf (text, _ ("\nThe first %u are listed below."), chrono_warnings_get_n_kept (warnings));
  return g_string_free (text, FALSE);
}

void
chrono_warnings_dialog_show (GtkWindow *parent, ChronoTrace *trace)
{
  GtkWidget *dialog = gtk_dialog_new_with_buttons (
      _ ("Warnings"), parent, GTK_DIALOG_DESTROY_WITH_PARENT | GTK_DIALOG_USE_HEADER_BAR, NULL, NULL);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 760, 480);
  GtkWidget *content = gtk_dialog_get_content_area (GTK_DIALOG (dialog));
  g_autofree char *summary = summary_text (trace);
  GtkWidget *label = gtk_label_new (summary);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  g_object_set (label, "margin", 10, NULL);
  gtk_container_add (GTK_CONTAINER (content), label);
  gtk_container_add (GTK_CONTAINER (content), build_list (chrono_trace_get_warnings (trace)));
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_widget_destroy), NULL);
  gtk_widget_show_all (dialog);
}
