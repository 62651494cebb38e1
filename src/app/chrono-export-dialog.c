/* chrono-export-dialog.c — a save dialog with the export choices beside the
 * file name.  The picture comes from the same renderer and the same options
 * as `chronoscope-cli export`, so a file saved here equals the CLI's for the
 * same range and size; only the lanes the user collapsed or hid differ,
 * because the export shows what the window shows. */
#include "chrono-export-dialog.h"

#include "chrono-widget-util.h"

#include <glib/gi18n.h>

#include "chrono-export.h"
#include "chrono-output-file.h"

typedef struct {
  ChronoTimelineView *view;
  ChronoExportChoice *last_choice;
  GtkWidget *style;
  GtkWidget *overlays;
  GtkWidget *name;
  GtkWidget *whole;
  GtkWidget *width;
  GtkWidget *height;
  GtkWidget *format;
} Dialog;

static const char *const extensions[] = { "png", "svg", "pdf" };

/* The names of the traces in the view, "A.btf + B.etf", told apart as the title does. */
static char *
shown_names (ChronoTimelineView *view)
{
  ChronoTraceSet *set = chrono_layout_get_trace_set (chrono_timeline_view_get_layout (view));
  guint n = set != NULL ? chrono_trace_set_get_n (set) : 1;
  g_autoptr (GString) names = g_string_new (NULL);
  for (guint m = 0; m < n; m++)
    {
      ChronoTrace *trace = set != NULL ? chrono_trace_set_get_trace (set, m) : chrono_timeline_view_get_trace (view);
      g_autofree char *name =
          set != NULL ? chrono_trace_set_dup_name (set, m) : g_path_get_basename (chrono_trace_get_path (trace));
      g_autofree char *valid = chrono_utf8_dup (name);
      if (m > 0)
        g_string_append (names, " + ");
      g_string_append (names, valid);
    }
  return g_string_free (g_steal_pointer (&names), FALSE);
}

gboolean
chrono_export_view (ChronoTimelineView *view, const ChronoExportChoice *choice, const char *path, GError **error)
{
  ChronoRenderOptions options;
  chrono_timeline_view_get_render_options (view, &options);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  const char *inputs[] = { chrono_trace_get_path (trace), NULL };
  if (chrono_output_file_is_any_of (path, inputs))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _ ("Cannot export to “%s”: it is the trace being shown; give the picture a name of its own"), path);
      return FALSE;
    }
  gint64 visible_begin = options.begin, visible_end = options.end;
  const char *label_attribute = options.label_attribute;
  chrono_render_options_init (&options, trace, choice->width, choice->height);
  ChronoTraceSet *set = chrono_layout_get_trace_set (chrono_timeline_view_get_layout (view));
  gint64 begin, end;
  if (set != NULL && chrono_trace_set_get_range (set, &begin, &end) && end > begin)
    {
      /* several traces: the whole of all of them */
      options.begin = begin;
      options.end = end;
    }
  if (!choice->whole_trace)
    {
      options.begin = visible_begin;
      options.end = visible_end;
    }
  options.origin = chrono_viewport_get_origin (chrono_timeline_view_get_viewport (view));
  options.label_attribute = label_attribute;
  options.dark = choice->dark;
  g_autofree char *title = choice->with_name ? shown_names (view) : NULL;
  options.title = title;
  ChronoRenderOverlays overlays;
  if (choice->with_overlays)
    {
      chrono_timeline_view_get_overlays (view, &overlays);
      overlays.cursor_x = -1; /* the pointer is not part of the picture */
      options.overlays = &overlays;
    }
  return chrono_export_to_file (chrono_timeline_view_get_renderer (view), &options, path, error);
}

/* Changing the format changes the file name's extension. */
static void
format_changed (GtkComboBox *combo, GtkFileChooser *chooser)
{
  int index = gtk_combo_box_get_active (combo);
  if (index < 0)
    return;
  g_autofree char *name = gtk_file_chooser_get_current_name (chooser);
  if (name == NULL)
    return;
  char *dot = strrchr (name, '.');
  if (dot != NULL)
    *dot = '\0';
  g_autofree char *renamed = g_strdup_printf ("%s.%s", name, extensions[index]);
  gtk_file_chooser_set_current_name (chooser, renamed);
}

static GtkWidget *
build_choices (Dialog *d, GtkFileChooser *chooser)
{
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);

  d->format = gtk_combo_box_text_new ();
  gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (d->format), _ ("PNG image"));
  gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (d->format), _ ("SVG drawing"));
  gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (d->format), _ ("PDF document"));
  gtk_combo_box_set_active (GTK_COMBO_BOX (d->format), 0);
  g_signal_connect (d->format, "changed", G_CALLBACK (format_changed), chooser);
  chrono_grid_attach_labelled (GTK_GRID (grid), 0, _ ("_Format"), d->format, 2);

  GtkWidget *visible = gtk_radio_button_new_with_mnemonic (NULL, _ ("_Visible range"));
  d->whole = gtk_radio_button_new_with_mnemonic_from_widget (GTK_RADIO_BUTTON (visible), _ ("_Whole trace"));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (d->whole), d->last_choice->whole_trace);
  GtkWidget *range = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_container_add (GTK_CONTAINER (range), visible);
  gtk_container_add (GTK_CONTAINER (range), d->whole);
  chrono_grid_attach_labelled (GTK_GRID (grid), 1, _ ("Range"), range, 2);

  d->style = gtk_combo_box_text_new ();
  gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (d->style), _ ("Light"));
  gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (d->style), _ ("Dark"));
  gtk_combo_box_set_active (GTK_COMBO_BOX (d->style), d->last_choice->dark ? 1 : 0);
  chrono_grid_attach_labelled (GTK_GRID (grid), 4, _ ("_Style"), d->style, 2);
  d->overlays = gtk_check_button_new_with_mnemonic (_ ("_Markers and selection"));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (d->overlays), d->last_choice->with_overlays);
  gtk_grid_attach (GTK_GRID (grid), d->overlays, 1, 5, 2, 1);
  d->name = gtk_check_button_new_with_mnemonic (_ ("The trace’s _name"));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (d->name), d->last_choice->with_name);
  gtk_grid_attach (GTK_GRID (grid), d->name, 1, 6, 2, 1);

  d->width = gtk_spin_button_new_with_range (16, 32768, 10);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (d->width), d->last_choice->width);
  chrono_grid_attach_labelled (GTK_GRID (grid), 2, _ ("Wi_dth (px)"), d->width, 2);
  d->height = gtk_spin_button_new_with_range (0, 32768, 10);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (d->height), d->last_choice->height);
  gtk_widget_set_tooltip_text (d->height, _ ("0: tall enough for every lane"));
  chrono_grid_attach_labelled (GTK_GRID (grid), 3, _ ("_Height (px)"), d->height, 2);
  gtk_widget_show_all (grid);
  return grid;
}

/* Typing a name with a known extension ("timeline.svg") chooses that format. */
static void
name_changed (GtkEditable *entry, Dialog *d)
{
  const char *dot = strrchr (gtk_entry_get_text (GTK_ENTRY (entry)), '.');
  if (dot == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (extensions); i++)
    if (g_ascii_strcasecmp (dot + 1, extensions[i]) == 0
        && gtk_combo_box_get_active (GTK_COMBO_BOX (d->format)) != (int) i)
      {
        /* the name already says it: no renaming back */
        g_signal_handlers_block_matched (d->format, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, format_changed, NULL);
        gtk_combo_box_set_active (GTK_COMBO_BOX (d->format), (int) i);
        g_signal_handlers_unblock_matched (d->format, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, format_changed, NULL);
      }
}

static void
collect_entries (GtkWidget *widget, gpointer data)
{
  if (GTK_IS_ENTRY (widget))
    g_ptr_array_add (data, widget);
  else if (GTK_IS_CONTAINER (widget))
    gtk_container_forall (GTK_CONTAINER (widget), collect_entries, data);
}

/* GTK 3's file chooser tells nobody when its name changes: listen to the
 * entry that holds the name it was given. */
static void
follow_name_entry (GtkWidget *dialog, const char *name, Dialog *d)
{
  g_autoptr (GPtrArray) entries = g_ptr_array_new ();
  collect_entries (dialog, entries);
  for (guint i = 0; i < entries->len; i++)
    if (g_strcmp0 (gtk_entry_get_text (g_ptr_array_index (entries, i)), name) == 0)
      {
        g_signal_connect (g_ptr_array_index (entries, i), "changed", G_CALLBACK (name_changed), d);
        return;
      }
}

int
chrono_export_dialog_get_format (GtkWidget *dialog)
{
  Dialog *d = g_object_get_data (G_OBJECT (dialog), "chrono-export-dialog");
  return gtk_combo_box_get_active (GTK_COMBO_BOX (d->format));
}

static void
response (GtkDialog *dialog, int response_id, Dialog *d)
{
  if (response_id == GTK_RESPONSE_ACCEPT)
    {
      d->last_choice->whole_trace = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (d->whole));
      d->last_choice->width = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (d->width));
      d->last_choice->height = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (d->height));
      d->last_choice->dark = gtk_combo_box_get_active (GTK_COMBO_BOX (d->style)) == 1;
      d->last_choice->with_overlays = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (d->overlays));
      d->last_choice->with_name = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (d->name));
      d->last_choice->style_chosen = TRUE;
      g_autofree char *path = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (dialog));
      g_autoptr (GError) error = NULL;
      if (path != NULL && !chrono_export_view (d->view, d->last_choice, path, &error))
        {
          GtkWidget *message = gtk_message_dialog_new (gtk_window_get_transient_for (GTK_WINDOW (dialog)),
                                                       GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                                       GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, _ ("The export failed"));
          gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (message), "%s", error->message);
          g_signal_connect (message, "response", G_CALLBACK (gtk_widget_destroy), NULL);
          gtk_widget_show (message);
        }
    }
  g_object_unref (d->view);
  g_free (d);
  gtk_widget_destroy (GTK_WIDGET (dialog));
}

GtkWidget *
chrono_export_dialog_show (GtkWindow *parent, ChronoTimelineView *view, ChronoExportChoice *last_choice)
{
  Dialog *d = g_new0 (Dialog, 1);
  d->view = g_object_ref (view);
  d->last_choice = last_choice;
  if (d->last_choice->width <= 0)
    d->last_choice->width = MAX (gtk_widget_get_allocated_width (GTK_WIDGET (view)), 800);
  if (!d->last_choice->style_chosen)
    {
      /* until the user picks one, the picture looks like the window */
      ChronoRenderOptions shown;
      chrono_timeline_view_get_render_options (view, &shown);
      d->last_choice->dark = shown.dark;
    }
  GtkWidget *dialog =
      gtk_file_chooser_dialog_new (_ ("Export Timeline"), parent, GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Cancel"),
                                   GTK_RESPONSE_CANCEL, _ ("_Export"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_file_chooser_set_do_overwrite_confirmation (GTK_FILE_CHOOSER (dialog), TRUE);
  g_autofree char *base = g_path_get_basename (chrono_trace_get_path (chrono_timeline_view_get_trace (view)));
  char *dot = strchr (base, '.');
  if (dot != NULL)
    *dot = '\0';
  g_autofree char *name = g_strdup_printf ("%s.png", base);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  gtk_file_chooser_set_extra_widget (GTK_FILE_CHOOSER (dialog), build_choices (d, GTK_FILE_CHOOSER (dialog)));
  follow_name_entry (dialog, name, d);
  g_object_set_data (G_OBJECT (dialog), "chrono-export-dialog", d);
  g_signal_connect (dialog, "response", G_CALLBACK (response), d);
  gtk_widget_show (dialog);
  return dialog;
}
