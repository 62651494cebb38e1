/* chrono-window.c — loads a trace off the main thread (a GTask), then shows
 * it in a timeline view.  Zoom and pan are window actions so the buttons,
 * the shortcuts and the tests drive the same code. */
#include "chrono-window.h"

#include <glib/gi18n.h>

#include "chrono-loader.h"
#include "chrono-timeline-view.h"

struct _ChronoWindow {
  GtkApplicationWindow parent_instance;
  GtkWidget *header;
  GtkWidget *stack;
  GtkWidget *info_bar;
  GtkWidget *info_label;
  GtkWidget *progress;
  GtkWidget *timeline;
  GCancellable *cancellable;
  char *path;
};

G_DEFINE_FINAL_TYPE (ChronoWindow, chrono_window, GTK_TYPE_APPLICATION_WINDOW)

static ChronoViewport *
current_viewport (ChronoWindow *self)
{
  return self->timeline ? chrono_timeline_view_get_viewport (CHRONO_TIMELINE_VIEW (self->timeline)) : NULL;
}

static gint64
viewport_centre (ChronoViewport *viewport)
{
  return chrono_viewport_get_begin (viewport)
         + (chrono_viewport_get_end (viewport) - chrono_viewport_get_begin (viewport)) / 2;
}

static void
zoom_in_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoViewport *viewport = current_viewport (data);
  if (viewport)
    chrono_viewport_zoom (viewport, 2.0, viewport_centre (viewport));
}

static void
zoom_out_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoViewport *viewport = current_viewport (data);
  if (viewport)
    chrono_viewport_zoom (viewport, 0.5, viewport_centre (viewport));
}

static void
zoom_fit_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoViewport *viewport = current_viewport (data);
  if (viewport)
    chrono_viewport_fit (viewport);
}

static void
zoom_back_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoViewport *viewport = current_viewport (data);
  if (viewport)
    chrono_viewport_go_back (viewport);
}

static void
pan_left_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoViewport *viewport = current_viewport (data);
  if (viewport)
    chrono_viewport_pan_fraction (viewport, -0.2);
}

static void
pan_right_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoViewport *viewport = current_viewport (data);
  if (viewport)
    chrono_viewport_pan_fraction (viewport, 0.2);
}

static void
show_error (ChronoWindow *self, const char *message)
{
  gtk_label_set_text (GTK_LABEL (self->info_label), message);
  gtk_info_bar_set_message_type (GTK_INFO_BAR (self->info_bar), GTK_MESSAGE_ERROR);
  gtk_widget_show (self->info_bar);
}

static void
show_trace (ChronoWindow *self, ChronoTrace *trace)
{
  if (self->timeline)
    gtk_container_remove (GTK_CONTAINER (self->stack), self->timeline);
  self->timeline = chrono_timeline_view_new (trace);
  gtk_widget_show (self->timeline);
  gtk_stack_add_named (GTK_STACK (self->stack), self->timeline, "timeline");
  gtk_stack_set_visible_child (GTK_STACK (self->stack), self->timeline);
  gtk_widget_grab_focus (self->timeline);

  g_autofree char *base = g_path_get_basename (chrono_trace_get_path (trace));
  g_autofree char *subtitle =
      g_strdup_printf (_ ("%s · %" G_GUINT64_FORMAT " events · %u lanes"), chrono_trace_get_format (trace),
                       chrono_trace_get_n_events (trace), chrono_trace_count_lanes (trace));
  gtk_header_bar_set_title (GTK_HEADER_BAR (self->header), base);
  gtk_header_bar_set_subtitle (GTK_HEADER_BAR (self->header), subtitle);

  guint64 n_warnings = chrono_warnings_get_total (chrono_trace_get_warnings (trace));
  if (n_warnings > 0)
    {
      g_autofree char *text =
          g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s loaded with %" G_GUINT64_FORMAT " warning",
                                        "%s loaded with %" G_GUINT64_FORMAT " warnings", n_warnings),
                           base, n_warnings);
      gtk_label_set_text (GTK_LABEL (self->info_label), text);
      gtk_info_bar_set_message_type (GTK_INFO_BAR (self->info_bar), GTK_MESSAGE_WARNING);
      gtk_widget_show (self->info_bar);
    }
  else
    gtk_widget_hide (self->info_bar);
}

typedef struct {
  ChronoWindow *window;
  double fraction;
} Progress;

static gboolean
update_progress (gpointer data)
{
  Progress *progress = data;
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (progress->window->progress), progress->fraction);
  g_object_unref (progress->window);
  g_free (progress);
  return G_SOURCE_REMOVE;
}

static void
report_progress (double fraction, gpointer data)
{
  Progress *progress = g_new (Progress, 1);
  progress->window = g_object_ref (data);
  progress->fraction = fraction;
  g_idle_add (update_progress, progress);
}

static void
load_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  ChronoTrace *trace = chrono_load_file (task_data, report_progress, source, cancellable, &error);
  if (trace)
    g_task_return_pointer (task, trace, g_object_unref);
  else
    g_task_return_error (task, error);
}

static void
load_finished (GObject *source, GAsyncResult *result, gpointer data)
{
  ChronoWindow *self = CHRONO_WINDOW (source);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = g_task_propagate_pointer (G_TASK (result), &error);
  if (trace)
    show_trace (self, trace);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      show_error (self, error->message);
      gtk_stack_set_visible_child_name (GTK_STACK (self->stack), self->timeline ? "timeline" : "empty");
    }
  else
    gtk_stack_set_visible_child_name (GTK_STACK (self->stack), self->timeline ? "timeline" : "empty");
}

void
chrono_window_open (ChronoWindow *self, GFile *file)
{
  g_free (self->path);
  self->path = g_file_get_path (file);
  if (self->path == NULL)
    {
      show_error (self, _ ("Only local files can be opened."));
      return;
    }
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress), 0);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "loading");
  gtk_widget_hide (self->info_bar);

  g_autoptr (GTask) task = g_task_new (self, self->cancellable, load_finished, NULL);
  g_task_set_task_data (task, g_strdup (self->path), g_free);
  g_task_run_in_thread (task, load_thread);
}

static void
cancel_clicked (GtkButton *button, ChronoWindow *self)
{
  g_cancellable_cancel (self->cancellable);
}

static void
open_response (GtkNativeDialog *dialog, int response, ChronoWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      chrono_window_open (self, file);
    }
  g_object_unref (dialog);
}

static void
open_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoWindow *self = data;
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_ ("Open Trace"), GTK_WINDOW (self),
                                                              GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), _ ("_Cancel"));
  GtkFileFilter *all = gtk_file_filter_new ();
  gtk_file_filter_set_name (all, _ ("All traces"));
  for (const ChronoLoaderInfo *const *loader = chrono_loaders_list (); *loader; loader++)
    {
      GtkFileFilter *filter = gtk_file_filter_new ();
      gtk_file_filter_set_name (filter, (*loader)->description);
      for (const char *const *glob = (*loader)->globs; *glob; glob++)
        {
          gtk_file_filter_add_pattern (filter, *glob);
          gtk_file_filter_add_pattern (all, *glob);
        }
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
    }
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), all);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (dialog), all);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static const GActionEntry window_actions[] = {
  { "open", open_activated },           { "zoom-in", zoom_in_activated },     { "zoom-out", zoom_out_activated },
  { "zoom-fit", zoom_fit_activated },   { "zoom-back", zoom_back_activated }, { "pan-left", pan_left_activated },
  { "pan-right", pan_right_activated },
};

static GtkWidget *
icon_button (const char *icon, const char *action, const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon, GTK_ICON_SIZE_BUTTON);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  return button;
}

static void
build_header (ChronoWindow *self)
{
  self->header = gtk_header_bar_new ();
  gtk_header_bar_set_show_close_button (GTK_HEADER_BAR (self->header), TRUE);
  gtk_header_bar_set_title (GTK_HEADER_BAR (self->header), "Chronoscope");
  gtk_header_bar_pack_start (GTK_HEADER_BAR (self->header),
                             icon_button ("document-open-symbolic", "win.open", _ ("Open a trace (Ctrl+O)")));
  GtkWidget *zoom = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_style_context_add_class (gtk_widget_get_style_context (zoom), "linked");
  gtk_container_add (GTK_CONTAINER (zoom), icon_button ("zoom-out-symbolic", "win.zoom-out", _ ("Zoom out (−)")));
  gtk_container_add (GTK_CONTAINER (zoom),
                     icon_button ("zoom-fit-best-symbolic", "win.zoom-fit", _ ("Show the whole trace (F)")));
  gtk_container_add (GTK_CONTAINER (zoom), icon_button ("zoom-in-symbolic", "win.zoom-in", _ ("Zoom in (+)")));
  gtk_header_bar_pack_end (GTK_HEADER_BAR (self->header), zoom);
  gtk_window_set_titlebar (GTK_WINDOW (self), self->header);
}

static GtkWidget *
build_loading_page (ChronoWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  gtk_container_add (GTK_CONTAINER (box), gtk_label_new (_ ("Loading trace…")));
  self->progress = gtk_progress_bar_new ();
  gtk_widget_set_size_request (self->progress, 320, -1);
  gtk_container_add (GTK_CONTAINER (box), self->progress);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_ ("_Cancel"));
  gtk_widget_set_halign (cancel, GTK_ALIGN_CENTER);
  g_signal_connect (cancel, "clicked", G_CALLBACK (cancel_clicked), self);
  gtk_container_add (GTK_CONTAINER (box), cancel);
  return box;
}

static GtkWidget *
build_empty_page (void)
{
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label),
                        _ ("<big>No trace open</big>\n\nOpen a BTF trace with Ctrl+O or drop it on this window."));
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_style_context_add_class (gtk_widget_get_style_context (label), "dim-label");
  return label;
}

static void
info_bar_response (GtkInfoBar *bar, int response, gpointer data)
{
  gtk_widget_hide (GTK_WIDGET (bar));
}

static void
chrono_window_finalize (GObject *object)
{
  ChronoWindow *self = CHRONO_WINDOW (object);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_free (self->path);
  G_OBJECT_CLASS (chrono_window_parent_class)->finalize (object);
}

static void
chrono_window_class_init (ChronoWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chrono_window_finalize;
}

static void
chrono_window_init (ChronoWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), window_actions, G_N_ELEMENTS (window_actions), self);
  gtk_window_set_default_size (GTK_WINDOW (self), 1280, 800);
  build_header (self);

  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->info_bar = gtk_info_bar_new ();
  gtk_info_bar_set_show_close_button (GTK_INFO_BAR (self->info_bar), TRUE);
  self->info_label = gtk_label_new (NULL);
  gtk_label_set_line_wrap (GTK_LABEL (self->info_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->info_label), 0);
  gtk_label_set_selectable (GTK_LABEL (self->info_label), TRUE);
  gtk_container_add (GTK_CONTAINER (gtk_info_bar_get_content_area (GTK_INFO_BAR (self->info_bar))), self->info_label);
  g_signal_connect (self->info_bar, "response", G_CALLBACK (info_bar_response), NULL);
  gtk_widget_set_no_show_all (self->info_bar, TRUE);
  gtk_container_add (GTK_CONTAINER (box), self->info_bar);

  self->stack = gtk_stack_new ();
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_stack_add_named (GTK_STACK (self->stack), build_empty_page (), "empty");
  gtk_stack_add_named (GTK_STACK (self->stack), build_loading_page (self), "loading");
  gtk_container_add (GTK_CONTAINER (box), self->stack);
  gtk_container_add (GTK_CONTAINER (self), box);
  gtk_widget_show_all (box);
  gtk_widget_show_all (self->header);
}

ChronoWindow *
chrono_window_new (GtkApplication *application)
{
  return g_object_new (CHRONO_TYPE_WINDOW, "application", application, NULL);
}

GtkWidget *
chrono_window_get_timeline (ChronoWindow *self)
{
  return self->timeline;
}
