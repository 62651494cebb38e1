/* chrono-window.c — one window per trace (so two traces can sit side by side
 * on screen, each with its own clock and lanes).  The widgets come from the
 * GtkBuilder template ui/chrono-window.ui; the trace loads off the main
 * thread in a GTask with a progress bar and Cancel.  Each concern beyond
 * loading and showing the trace (the traces added beside it, the view file,
 * the claims, the requirements, the side pane, the search, the actions) is
 * a controller of its own, chrono-window-*.c: the window hands them its
 * widgets and tells them of each trace it shows. */
#include <inttypes.h>
#include "chrono-window.h"

#include <glib/gi18n.h>

#include "chrono-loader.h"
#include "chrono-overview.h"
#include "chrono-settings.h"
#include "chrono-status-bar.h"
#include "chrono-timeline-view.h"
#include "chrono-welcome.h"
#include "chrono-window-actions.h"
#include "chrono-window-claims.h"
#include "chrono-window-compare.h"
#include "chrono-window-requirements.h"
#include "chrono-window-search.h"
#include "chrono-window-sidebar.h"
#include "chrono-window-traces.h"
#include "chrono-window-view-file.h"

struct _ChronoWindow {
  GtkApplicationWindow parent_instance;
  /* template children */
  GtkWidget *header;
  GtkWidget *recent_button;
  GtkWidget *find_button;
  GtkWidget *claims_button;
  GtkWidget *info_bar;
  GtkWidget *info_label;
  GtkWidget *info_details_button;
  GtkWidget *search_bar;
  GtkWidget *search_entry;
  GtkWidget *stack;
  GtkWidget *welcome;
  GtkWidget *progress;
  GtkWidget *paned;
  GtkWidget *timeline_box;
  GtkWidget *inspector_scroller;
  GtkWidget *side_switcher;
  GtkWidget *side_stack;
  GtkWidget *profile_box;
  GtkWidget *metrics_box;
  GtkWidget *requirements_box;
  GtkWidget *compare_box;
  GtkWidget *messages_box;
  GtkWidget *range_box;
  GtkWidget *status_bar;
  /* the trace on show */
  ChronoTrace *trace;
  ChronoWindowTraces *traces; /* the trace on show and those added beside it */
  ChronoViewport *viewport;
  GtkWidget *timeline;
  GtkWidget *overview;
  ChronoWindowSidebar *sidebar; /* Details and the pages beside it */
  ChronoWindowRequirements *requirements; /* the Requirements page */
  ChronoWindowCompare *compare; /* the Compare page */
  ChronoWindowViewFile *view_file; /* the view kept beside the trace, its bookmarks and notes */
  char *path;
  GCancellable *cancellable;
  gboolean keep_view; /* a reload keeps the range, scroll and markers */
  ChronoWindowClaims *claims; /* how the trace is read: its loader options, and the analyses of claims */
  ChronoWindowSearch *search; /* Ctrl+F: the search bar and its matches */
  ChronoWindowActions *actions; /* what the menus, buttons and keys do */
  gboolean disposed; /* late progress reports and load results are dropped */
  GFileMonitor *monitor; /* the file on show: a change offers a reload */
  GtkWidget *reload_button; /* in the info bar, when a reload is the answer */
};

#define RESPONSE_RELOAD 1

G_DEFINE_FINAL_TYPE (ChronoWindow, chrono_window, GTK_TYPE_APPLICATION_WINDOW)

static void enable_trace_actions (ChronoWindow *self);

/* ---- showing a trace ---------------------------------------------------- */

static void
show_info (ChronoWindow *self, GtkMessageType type, const char *message, gboolean with_details)
{
  gtk_label_set_text (GTK_LABEL (self->info_label), message);
  gtk_info_bar_set_message_type (GTK_INFO_BAR (self->info_bar), type);
  gtk_widget_set_visible (self->info_details_button, with_details);
  gtk_widget_hide (self->reload_button);
  gtk_widget_show (self->info_bar);
}

static void
info_bar_response (ChronoWindow *self, int response, GtkInfoBar *bar)
{
  gtk_widget_hide (GTK_WIDGET (bar));
  if (response == RESPONSE_RELOAD)
    g_action_group_activate_action (G_ACTION_GROUP (self), "reload", NULL);
}

/* What is drawn stays as it was read; the file's new content comes with a reload. */
static void
offer_reload (ChronoWindow *self, const char *message)
{
  show_info (self, GTK_MESSAGE_WARNING, message, FALSE);
  gtk_widget_show (self->reload_button);
}

static void
file_changed (ChronoWindow *self, GFile *file, GFile *other, GFileMonitorEvent event, GFileMonitor *monitor)
{
  if (event != G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT && event != G_FILE_MONITOR_EVENT_DELETED
      && event != G_FILE_MONITOR_EVENT_RENAMED && event != G_FILE_MONITOR_EVENT_MOVED_OUT)
    return;
  offer_reload (self, _ ("The file changed on disk. The timeline still shows what was read; reload to see the new "
                         "content."));
}

static void
chunk_decode_failed (ChronoWindow *self, const char *message, ChronoChunkCache *cache)
{
  offer_reload (self, message);
}

static void
watch_file (ChronoWindow *self)
{
  g_clear_object (&self->monitor);
  g_autoptr (GFile) file = g_file_new_for_path (self->path);
  self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->monitor != NULL)
    g_signal_connect_object (self->monitor, "changed", G_CALLBACK (file_changed), self, G_CONNECT_SWAPPED);
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (self->trace);
  if (cache != NULL)
    g_signal_connect_object (cache, "decode-failed", G_CALLBACK (chunk_decode_failed), self, G_CONNECT_SWAPPED);
}

static void
notice (ChronoWindow *self, const char *text, ChronoTimelineView *view)
{
  chrono_status_bar_show_message (CHRONO_STATUS_BAR (self->status_bar), text);
}

static void
set_title (ChronoWindow *self)
{
  g_autofree char *title = NULL, *subtitle = NULL;
  chrono_window_traces_describe (self->traces, &title, &subtitle);
  gtk_header_bar_set_title (GTK_HEADER_BAR (self->header), title);
  gtk_header_bar_set_subtitle (GTK_HEADER_BAR (self->header), subtitle);
}

static void
report_warnings (ChronoWindow *self)
{
  guint64 n = chrono_warnings_get_total (chrono_trace_get_warnings (self->trace));
  if (n == 0)
    {
      gtk_widget_hide (self->info_bar);
      return;
    }
  g_autofree char *base = g_path_get_basename (chrono_trace_get_path (self->trace));
  g_autofree char *text = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "%s loaded with %" PRIu64 " warning.", "%s loaded with %" PRIu64 " warnings.", n),
      base, n);
  show_info (self, GTK_MESSAGE_WARNING, text, TRUE);
}

/* A new viewport, or the old one's view carried over on reload. */
static ChronoViewport *
make_viewport (ChronoWindow *self, ChronoTrace *trace)
{
  ChronoViewport *viewport = chrono_viewport_new (chrono_trace_get_begin (trace), chrono_trace_get_end (trace));
  if (self->keep_view && self->viewport != NULL)
    {
      chrono_viewport_set_range (viewport, chrono_viewport_get_begin (self->viewport),
                                 chrono_viewport_get_end (self->viewport));
      chrono_viewport_set_scroll_y (viewport, chrono_viewport_get_scroll_y (self->viewport), G_MAXDOUBLE);
      chrono_viewport_set_absolute_time (viewport, chrono_viewport_get_absolute_time (self->viewport));
      gint64 time;
      if (chrono_viewport_get_marker (self->viewport, CHRONO_MARKER_A, &time))
        chrono_viewport_set_marker (viewport, CHRONO_MARKER_A, time);
      if (chrono_viewport_get_marker (self->viewport, CHRONO_MARKER_B, &time))
        chrono_viewport_set_marker (viewport, CHRONO_MARKER_B, time);
    }
  return viewport;
}

static void
destroy_child (GtkWidget *child, gpointer data)
{
  gtk_widget_destroy (child);
}

/* The viewport's actions (zoom, fit, back, pan) become the window's too, so
 * "win.zoom-in" in the header bar and menus activates the same action as the
 * keys in the timeline; adding or removing them follows the viewport. */
static void
share_view_actions (ChronoWindow *self, gboolean share)
{
  g_auto (GStrv) names = g_action_group_list_actions (G_ACTION_GROUP (self->viewport));
  for (guint i = 0; names[i] != NULL; i++)
    if (share)
      g_action_map_add_action (G_ACTION_MAP (self),
                               g_action_map_lookup_action (G_ACTION_MAP (self->viewport), names[i]));
    else
      g_action_map_remove_action (G_ACTION_MAP (self), names[i]);
}

static void
clear_trace (ChronoWindow *self)
{
  if (self->viewport != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->viewport, self);
      share_view_actions (self, FALSE);
    }
  if (self->status_bar != NULL)
    chrono_status_bar_set_view (CHRONO_STATUS_BAR (self->status_bar), NULL, NULL);
  /* a decode of the old trace still running must not report into the new view */
  if (self->trace != NULL && chrono_trace_get_chunk_cache (self->trace) != NULL)
    g_signal_handlers_disconnect_by_data (chrono_trace_get_chunk_cache (self->trace), self);
  gtk_container_foreach (GTK_CONTAINER (self->timeline_box), destroy_child, NULL);
  self->timeline = self->overview = NULL;
  chrono_window_sidebar_clear (self->sidebar);
  /* its matches name the old trace's lanes */
  chrono_window_search_clear (self->search);
  g_clear_object (&self->viewport);
  chrono_window_traces_clear (self->traces);
  chrono_window_claims_clear (self->claims);
  chrono_window_requirements_clear (self->requirements);
  chrono_window_compare_clear (self->compare);
  chrono_window_view_file_clear (self->view_file);
  g_clear_object (&self->trace);
}

/* ---- the view kept beside the trace: its controller's -------------------- */

gboolean
chrono_window_has_unsaved_notes (ChronoWindow *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW (self), FALSE);
  return chrono_window_view_file_has_unsaved_notes (self->view_file);
}

gboolean
chrono_window_save_view (ChronoWindow *self, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW (self), FALSE);
  return chrono_window_view_file_save (self->view_file, error);
}

void
chrono_window_add_bookmark (ChronoWindow *self, const char *name)
{
  g_return_if_fail (CHRONO_IS_WINDOW (self));
  chrono_window_view_file_add_bookmark (self->view_file, name);
}

gboolean
chrono_window_add_note (ChronoWindow *self, const char *text)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW (self), FALSE);
  return chrono_window_view_file_add_note (self->view_file, text);
}

ChronoViewState *
chrono_window_get_view_state (ChronoWindow *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW (self), NULL);
  return chrono_window_view_file_get_view_state (self->view_file);
}

GtkWidget *
chrono_window_get_bookmarks_view (ChronoWindow *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW (self), NULL);
  return chrono_window_view_file_get_bookmarks_view (self->view_file);
}

static void
label_width_chosen (ChronoTimelineView *view, int width, GSettings *settings)
{
  g_settings_set_int (settings, "label-width", width);
}

static void
show_trace (ChronoWindow *self, ChronoTrace *trace)
{
  g_autoptr (ChronoViewport) viewport = make_viewport (self, trace);
  clear_trace (self);
  self->trace = g_object_ref (trace);
  self->viewport = g_steal_pointer (&viewport);
  share_view_actions (self, TRUE);

  self->overview = chrono_overview_new (trace, self->viewport);
  self->timeline = chrono_timeline_view_new (trace, self->viewport);
  gtk_container_add (GTK_CONTAINER (self->timeline_box), self->overview);
  gtk_container_add (GTK_CONTAINER (self->timeline_box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_container_add (GTK_CONTAINER (self->timeline_box), self->timeline);
  gtk_widget_show_all (self->timeline_box);
  chrono_window_sidebar_show (self->sidebar, CHRONO_TIMELINE_VIEW (self->timeline));
  g_signal_connect_swapped (self->timeline, "notice", G_CALLBACK (notice), self);
  chrono_window_compare_show (self->compare, CHRONO_TIMELINE_VIEW (self->timeline));
  chrono_window_traces_show (self->traces, CHRONO_TIMELINE_VIEW (self->timeline),
                             chrono_window_sidebar_get_range_view (self->sidebar));
  chrono_status_bar_set_view (CHRONO_STATUS_BAR (self->status_bar), trace, self->viewport);
  GSettings *settings = chrono_settings_get ();
  if (settings != NULL)
    {
      /* the name column keeps the width it was last dragged to; until then it fits the trace's names */
      int width = g_settings_get_int (settings, "label-width");
      if (width > 0)
        chrono_timeline_view_set_label_width (CHRONO_TIMELINE_VIEW (self->timeline), width);
      else
        chrono_timeline_view_fit_label_width (CHRONO_TIMELINE_VIEW (self->timeline));
      g_signal_connect (self->timeline, "label-width-chosen", G_CALLBACK (label_width_chosen), settings);
    }
  chrono_timeline_view_set_label_attribute (CHRONO_TIMELINE_VIEW (self->timeline),
                                            chrono_window_claims_get_labelling (self->claims));
  chrono_window_search_show (self->search, CHRONO_TIMELINE_VIEW (self->timeline), CHRONO_OVERVIEW (self->overview));

  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "timeline");
  gtk_widget_grab_focus (self->timeline);
  enable_trace_actions (self);
  set_title (self);
  chrono_window_claims_show (self->claims, CHRONO_TIMELINE_VIEW (self->timeline));
  report_warnings (self);
  chrono_window_view_file_show (self->view_file, self->path, CHRONO_TIMELINE_VIEW (self->timeline), self->keep_view);
  /* a reload checks the requirements again, on what the file now holds */
  chrono_window_requirements_show (self->requirements, CHRONO_TIMELINE_VIEW (self->timeline), self->keep_view);
  watch_file (self);
  g_autofree char *uri = g_filename_to_uri (self->path, NULL, NULL);
  if (uri != NULL)
    gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

/* ---- loading ------------------------------------------------------------ */

/* In the main thread (chrono_load_file_async delivers it there). */
static void
report_progress (double fraction, gpointer data)
{
  ChronoWindow *self = data;
  if (!self->disposed)
    gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress), fraction);
}

static void
load_finished (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (ChronoWindow) self = data; /* the reference start_loading took */
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = chrono_load_file_finish (result, &error);
  if (self->disposed)
    return;
  if (trace)
    show_trace (self, trace);
  else
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_info (self, GTK_MESSAGE_ERROR, error->message, FALSE);
      gtk_stack_set_visible_child_name (GTK_STACK (self->stack), self->trace ? "timeline" : "empty");
    }
  self->keep_view = FALSE;
}

static void
start_loading (ChronoWindow *self)
{
  /* a reload keeps the lanes hidden and folded, by name: the new trace has new lanes */
  if (self->keep_view)
    chrono_window_view_file_keep_lanes (self->view_file);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress), 0);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "loading");
  gtk_widget_hide (self->info_bar);

  /* the load reads its own copy of the options: the claims menu may change ours meanwhile */
  chrono_load_file_async (self->path, chrono_window_claims_get_options (self->claims), report_progress, self,
                          self->cancellable, load_finished, g_object_ref (self));
}

/* Loads a trace into the view beside the one on show (which it opens when none is). */
void
chrono_window_add_trace (ChronoWindow *self, GFile *file)
{
  g_return_if_fail (CHRONO_IS_WINDOW (self));
  g_autofree char *path = g_file_get_path (file);
  if (path == NULL)
    {
      show_info (self, GTK_MESSAGE_ERROR, _ ("Only local files can be opened."), FALSE);
      return;
    }
  if (self->trace == NULL)
    {
      chrono_window_open (self, file);
      return;
    }
  chrono_window_traces_add (self->traces, path);
}

guint
chrono_window_get_n_traces (ChronoWindow *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW (self), 0);
  return chrono_window_traces_get_n (self->traces);
}

void
chrono_window_open (ChronoWindow *self, GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  if (path == NULL)
    {
      show_info (self, GTK_MESSAGE_ERROR, _ ("Only local files can be opened."), FALSE);
      return;
    }
  g_free (self->path);
  self->path = g_steal_pointer (&path);
  self->keep_view = FALSE;
  chrono_window_requirements_forget (self->requirements); /* another trace: its own requirements */
  chrono_window_claims_forget (self->claims); /* a new file starts with its own .view, if any */
  enable_trace_actions (self);
  start_loading (self);
}

static void
welcome_file_chosen (ChronoWindow *self, GFile *file, ChronoWelcome *welcome)
{
  chrono_window_open (self, file);
}

static void
cancel_clicked (ChronoWindow *self, GtkButton *button)
{
  g_cancellable_cancel (self->cancellable);
}

/* ---- what the actions and the tests ask of the window ------------------- */

void
chrono_window_reload (ChronoWindow *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW (self));
  if (self->path == NULL)
    return;
  self->keep_view = self->trace != NULL;
  start_loading (self);
}

static void
search_changed (ChronoWindow *self, GtkSearchEntry *entry)
{
  chrono_window_search_run (self->search);
}

static void
search_stopped (ChronoWindow *self, GtkSearchEntry *entry)
{
  chrono_window_search_stop (self->search);
}

GtkWidget *
chrono_window_get_search_entry (ChronoWindow *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW (self), NULL);
  return self->search_entry;
}

void
chrono_window_go_to_match (ChronoWindow *self, int direction)
{
  g_return_if_fail (CHRONO_IS_WINDOW (self));
  chrono_window_search_go_to_match (self->search, direction);
}

gboolean
chrono_window_go_to (ChronoWindow *self, const char *text, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW (self), FALSE);
  return chrono_window_actions_go_to (self->actions, text, error);
}

gboolean
chrono_window_show_core_load (ChronoWindow *self, const char *width, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW (self) && width != NULL, FALSE);
  return chrono_window_actions_show_core_load (self->actions, width, error);
}

void
chrono_window_hide_core_load (ChronoWindow *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW (self));
  chrono_window_actions_show_core_load (self->actions, NULL, NULL);
}

/* Checks the trace on show against a requirements file and shows the Requirements page. */
gboolean
chrono_window_check_requirements (ChronoWindow *self, GFile *file)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW (self) && G_IS_FILE (file), FALSE);
  return chrono_window_requirements_check (self->requirements, file);
}

/* The timeline's keys (1 and 2 for markers, [ and ], zoom and pan) work
 * wherever the focus is — after clicking a preemption in the inspector, say
 * — except where text is typed or a list moves its own selection. */
static gboolean
chrono_window_key_press (GtkWidget *widget, GdkEventKey *event)
{
  ChronoWindow *self = CHRONO_WINDOW (widget);
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));
  gboolean plain = (event->state & (GDK_CONTROL_MASK | GDK_MOD1_MASK | GDK_SUPER_MASK)) == 0;
  if (self->timeline != NULL && plain && focus != NULL && focus != self->timeline && !GTK_IS_EDITABLE (focus)
      && !GTK_IS_TREE_VIEW (focus) && gtk_widget_event (self->timeline, (GdkEvent *) event))
    return GDK_EVENT_STOP;
  return GTK_WIDGET_CLASS (chrono_window_parent_class)->key_press_event (widget, event);
}

/* The actions that act on a trace: off (their buttons and menu items greyed) while none is shown. */
static void
enable_trace_actions (ChronoWindow *self)
{
  chrono_window_actions_enable (self->actions, self->timeline != NULL, self->path != NULL);
}

/* With Ctrl held, a file dropped joins the view on show. */
static void
drag_data_received (GtkWidget *widget, GdkDragContext *context, int x, int y, GtkSelectionData *data, guint info,
                    guint time)
{
  ChronoWindow *self = CHRONO_WINDOW (widget);
  g_auto (GStrv) uris = gtk_selection_data_get_uris (data);
  GdkModifierType state = 0;
  GdkDevice *device = gdk_drag_context_get_device (context);
  if (device != NULL && gtk_widget_get_window (widget) != NULL)
    gdk_window_get_device_position (gtk_widget_get_window (widget), device, NULL, NULL, &state);
  gboolean opened = chrono_window_actions_open_uris (self->actions, uris, (state & GDK_CONTROL_MASK) != 0);
  gtk_drag_finish (context, opened, FALSE, time);
}

/* ---- remembered between runs -------------------------------------------- */

static void
restore_settings (ChronoWindow *self)
{
  GSettings *settings = chrono_settings_get ();
  if (settings == NULL)
    return;
  gtk_window_set_default_size (GTK_WINDOW (self), g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  int paned = g_settings_get_int (settings, "paned-position");
  if (paned > 0)
    gtk_paned_set_position (GTK_PANED (self->paned), paned);
  chrono_window_actions_restore_settings (self->actions, settings);
}

static void
save_settings (ChronoWindow *self)
{
  GSettings *settings = chrono_settings_get ();
  if (settings == NULL)
    return;
  gboolean maximized = gtk_window_is_maximized (GTK_WINDOW (self));
  g_settings_set_boolean (settings, "window-maximized", maximized);
  if (!maximized)
    {
      int width, height;
      gtk_window_get_size (GTK_WINDOW (self), &width, &height);
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
  g_settings_set_int (settings, "paned-position", gtk_paned_get_position (GTK_PANED (self->paned)));
  chrono_window_actions_save_settings (self->actions, settings);
}

static gboolean
chrono_window_delete_event (GtkWidget *widget, GdkEventAny *event)
{
  if (chrono_window_view_file_ask_before_close (CHRONO_WINDOW (widget)->view_file))
    return GDK_EVENT_STOP;
  save_settings (CHRONO_WINDOW (widget));
  return GTK_WIDGET_CLASS (chrono_window_parent_class)->delete_event
             ? GTK_WIDGET_CLASS (chrono_window_parent_class)->delete_event (widget, event)
             : GDK_EVENT_PROPAGATE;
}

static void
chrono_window_dispose (GObject *object)
{
  ChronoWindow *self = CHRONO_WINDOW (object);
  self->disposed = TRUE;
  g_cancellable_cancel (self->cancellable);
  if (self->traces != NULL)
    g_object_run_dispose (G_OBJECT (self->traces)); /* a trace still being added is dropped */
  g_clear_object (&self->traces);
  g_clear_object (&self->claims);
  g_clear_object (&self->requirements);
  g_clear_object (&self->compare);
  g_clear_object (&self->view_file);
  g_clear_object (&self->sidebar);
  if (self->viewport != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->viewport, self);
      share_view_actions (self, FALSE);
    }
  g_clear_object (&self->viewport);
  g_clear_object (&self->search);
  g_clear_object (&self->trace);
  g_clear_object (&self->monitor);
  G_OBJECT_CLASS (chrono_window_parent_class)->dispose (object);
}

static void
chrono_window_finalize (GObject *object)
{
  ChronoWindow *self = CHRONO_WINDOW (object);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->actions);
  g_free (self->path);
  G_OBJECT_CLASS (chrono_window_parent_class)->finalize (object);
}

static void
chrono_window_class_init (ChronoWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = chrono_window_dispose;
  object_class->finalize = chrono_window_finalize;
  widget_class->drag_data_received = drag_data_received;
  widget_class->delete_event = chrono_window_delete_event;
  widget_class->key_press_event = chrono_window_key_press;
  g_type_ensure (CHRONO_TYPE_STATUS_BAR); /* named in the template */
  g_type_ensure (CHRONO_TYPE_WELCOME);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/chronoscope/Chronoscope/chrono-window.ui");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, ChronoWindow, name)
  CHILD (header);
  CHILD (recent_button);
  CHILD (find_button);
  CHILD (claims_button);
  CHILD (info_bar);
  CHILD (info_label);
  CHILD (info_details_button);
  CHILD (search_bar);
  CHILD (search_entry);
  CHILD (stack);
  CHILD (welcome);
  CHILD (progress);
  CHILD (paned);
  CHILD (timeline_box);
  CHILD (inspector_scroller);
  CHILD (side_switcher);
  CHILD (side_stack);
  CHILD (profile_box);
  CHILD (metrics_box);
  CHILD (requirements_box);
  CHILD (compare_box);
  CHILD (messages_box);
  CHILD (range_box);
  CHILD (status_bar);
#undef CHILD
  gtk_widget_class_bind_template_callback (widget_class, info_bar_response);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, welcome_file_chosen);
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
  gtk_widget_class_bind_template_callback (widget_class, search_stopped);
}

static void
controller_info (ChronoWindow *self, GtkMessageType type, const char *message, GObject *controller)
{
  show_info (self, type, message, FALSE);
}

/* The claims menu changed how the trace is read: read it again, keeping the view. */
static void
reread (ChronoWindow *self)
{
  self->keep_view = TRUE;
  start_loading (self);
}

/* The controllers each own one part of the window's work; the window hands them its widgets. */
static void
create_controllers (ChronoWindow *self)
{
  self->traces = chrono_window_traces_new (GTK_STACK (self->stack), GTK_PROGRESS_BAR (self->progress));
  g_signal_connect_swapped (self->traces, "info", G_CALLBACK (controller_info), self);
  g_signal_connect_swapped (self->traces, "changed", G_CALLBACK (set_title), self);
  self->claims = chrono_window_claims_new (GTK_MENU_BUTTON (self->claims_button), CHRONO_STATUS_BAR (self->status_bar));
  g_signal_connect_swapped (self->claims, "reread", G_CALLBACK (reread), self);
  self->requirements = chrono_window_requirements_new (GTK_WINDOW (self), CHRONO_STATUS_BAR (self->status_bar),
                                                       GTK_CONTAINER (self->requirements_box),
                                                       GTK_STACK (self->side_stack), self->side_switcher);
  g_signal_connect_swapped (self->requirements, "info", G_CALLBACK (controller_info), self);
  self->compare = chrono_window_compare_new (GTK_CONTAINER (self->compare_box), GTK_STACK (self->side_stack),
                                             self->side_switcher, self->traces);
  self->view_file = chrono_window_view_file_new (GTK_WINDOW (self), CHRONO_STATUS_BAR (self->status_bar),
                                                 GTK_STACK (self->side_stack), self->side_switcher, self->traces);
  g_signal_connect_swapped (self->view_file, "info", G_CALLBACK (controller_info), self);
  ChronoWindowSidebarPages pages = {
    GTK_STACK (self->side_stack),
    self->side_switcher,
    GTK_CONTAINER (self->inspector_scroller),
    GTK_CONTAINER (self->profile_box),
    GTK_CONTAINER (self->metrics_box),
    GTK_CONTAINER (self->range_box),
    GTK_CONTAINER (self->messages_box),
  };
  self->sidebar = chrono_window_sidebar_new (&pages, self->traces, self->view_file);
  self->search = chrono_window_search_new (GTK_WINDOW (self), GTK_SEARCH_BAR (self->search_bar),
                                           GTK_SEARCH_ENTRY (self->search_entry), CHRONO_STATUS_BAR (self->status_bar));
  /* the actions live as long as the window: a late activation finds them */
  self->actions =
      chrono_window_actions_new (self, CHRONO_STATUS_BAR (self->status_bar), GTK_MENU_BUTTON (self->recent_button),
                                 self->view_file, self->requirements, self->search);
}

static void
chrono_window_init (ChronoWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  create_controllers (self);
  enable_trace_actions (self);
  gtk_drag_dest_set (GTK_WIDGET (self), GTK_DEST_DEFAULT_ALL, NULL, 0, GDK_ACTION_COPY);
  gtk_drag_dest_add_uri_targets (GTK_WIDGET (self));
  restore_settings (self);
  self->reload_button = gtk_info_bar_add_button (GTK_INFO_BAR (self->info_bar), _ ("_Reload"), RESPONSE_RELOAD);
  gtk_widget_hide (self->reload_button);
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

GtkWidget *
chrono_window_get_inspector (ChronoWindow *self)
{
  return chrono_window_sidebar_get_inspector (self->sidebar);
}

/* The Metrics page's view, NULL when the trace has none. */
GtkWidget *
chrono_window_get_metrics_view (ChronoWindow *self)
{
  return chrono_window_sidebar_get_metrics_view (self->sidebar);
}

/* The Requirements page's view, NULL until a file is checked. */
GtkWidget *
chrono_window_get_compare_view (ChronoWindow *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW (self), NULL);
  return chrono_window_compare_get_view (self->compare);
}

/* Shows file under the trace on show and opens the Compare page once it is read. */
void
chrono_window_compare_with (ChronoWindow *self, GFile *file)
{
  g_return_if_fail (CHRONO_IS_WINDOW (self));
  chrono_window_compare_open_next (self->compare);
  chrono_window_add_trace (self, file);
}

GtkWidget *
chrono_window_get_requirements_view (ChronoWindow *self)
{
  return chrono_window_requirements_get_view (self->requirements);
}

/* The Range page's view, NULL when the trace has no spans to measure. */
GtkWidget *
chrono_window_get_range_view (ChronoWindow *self)
{
  return chrono_window_sidebar_get_range_view (self->sidebar);
}

ChronoViewport *
chrono_window_get_viewport (ChronoWindow *self)
{
  return self->viewport;
}

const char *
chrono_window_get_status_message (ChronoWindow *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW (self), NULL);
  return chrono_status_bar_get_message (CHRONO_STATUS_BAR (self->status_bar));
}

const char *
chrono_window_get_info_message (ChronoWindow *self)
{
  return gtk_widget_get_visible (self->info_bar) ? gtk_label_get_text (GTK_LABEL (self->info_label)) : NULL;
}

ChronoExportChoice *
chrono_window_get_export_choice (ChronoWindow *self)
{
  return chrono_window_actions_get_export_choice (self->actions);
}
