/* chrono-window-actions.c — the window's actions.  Every command is a
 * GAction on the window, so the header bar, the menus, the shortcuts and
 * the tests drive the same code; each one here hands its work to the part
 * of the window that owns it (the view file, the requirements, the search)
 * or to the widgets it asks the window for.  Opening files comes here too:
 * the Open and Add Trace dialogs, the recent files, dropped files. */
#include "chrono-window-actions.h"

#include <glib/gi18n.h>

#include "chrono-arrows-dialog.h"
#include "chrono-core-load-dialog.h"
#include "chrono-core-load.h"
#include "chrono-loader.h"
#include "chrono-warnings-dialog.h"

struct _ChronoWindowActions {
  GObject parent_instance;
  ChronoWindow *window; /* not a reference: the window owns this object */
  ChronoStatusBar *status_bar;
  ChronoWindowViewFile *view_file;
  ChronoWindowRequirements *requirements;
  ChronoWindowSearch *search;
  ChronoExportChoice export_choice;
};

G_DEFINE_FINAL_TYPE (ChronoWindowActions, chrono_window_actions, G_TYPE_OBJECT)

/* The timeline on show, NULL while there is none. */
static ChronoTimelineView *
timeline (ChronoWindowActions *self)
{
  GtkWidget *view = chrono_window_get_timeline (self->window);
  return view != NULL ? CHRONO_TIMELINE_VIEW (view) : NULL;
}

static ChronoTrace *
trace (ChronoWindowActions *self)
{
  return timeline (self) != NULL ? chrono_timeline_view_get_trace (timeline (self)) : NULL;
}

/* ---- the view ----------------------------------------------------------------- */

static void
clear_markers_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoWindowActions *self = data;
  if (chrono_window_get_viewport (self->window) != NULL)
    chrono_viewport_clear_markers (chrono_window_get_viewport (self->window));
}

static void
previous_instance_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  if (timeline (data) != NULL)
    chrono_timeline_view_select_adjacent_instance (timeline (data), -1);
}

static void
next_instance_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  if (timeline (data) != NULL)
    chrono_timeline_view_select_adjacent_instance (timeline (data), +1);
}

static void
show_all_lanes_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoTimelineView *view = timeline (data);
  GActionGroup *view_actions = view != NULL ? gtk_widget_get_action_group (GTK_WIDGET (view), "view") : NULL;
  if (view_actions != NULL)
    g_action_group_activate_action (view_actions, "show-all-lanes", NULL);
}

static void
absolute_time_changed (GSimpleAction *action, GVariant *state, gpointer data)
{
  ChronoWindowActions *self = data;
  g_simple_action_set_state (action, state);
  if (chrono_window_get_viewport (self->window) != NULL)
    chrono_viewport_set_absolute_time (chrono_window_get_viewport (self->window), g_variant_get_boolean (state));
}

static void
arrows_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoWindowActions *self = data;
  if (timeline (self) != NULL)
    chrono_arrows_dialog_new (GTK_WINDOW (self->window), timeline (self));
}

static void
switch_reading_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  if (timeline (data) != NULL)
    chrono_timeline_view_switch_sample_reading (timeline (data));
}

/* Brings a time (counted as the ruler counts) to the middle of the view.
 * The markers stay: they are the user's, and Δt reads off them. */
gboolean
chrono_window_actions_go_to (ChronoWindowActions *self, const char *text, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_ACTIONS (self) && timeline (self) != NULL, FALSE);
  ChronoViewport *viewport = chrono_window_get_viewport (self->window);
  const ChronoClock *clock = chrono_trace_get_clock (trace (self));
  double seconds;
  if (!chrono_clock_parse_duration (clock, text, &seconds, error))
    return FALSE;
  gint64 ticks = chrono_clock_from_seconds (clock, seconds);
  chrono_viewport_go_to (viewport, chrono_viewport_get_origin (viewport) + ticks);
  return TRUE;
}

/* Go to a time typed with units ("12ms"), counted like the ruler. */
static void
go_to_response (GtkDialog *dialog, int response, ChronoWindowActions *self)
{
  if (response == GTK_RESPONSE_OK && timeline (self) != NULL)
    {
      GtkEntry *entry = g_object_get_data (G_OBJECT (dialog), "entry");
      g_autoptr (GError) error = NULL;
      if (!chrono_window_actions_go_to (self, gtk_entry_get_text (entry), &error))
        {
          gtk_entry_set_icon_from_icon_name (entry, GTK_ENTRY_ICON_SECONDARY, "dialog-warning-symbolic");
          gtk_entry_set_icon_tooltip_text (entry, GTK_ENTRY_ICON_SECONDARY, error->message);
          return;
        }
    }
  gtk_widget_destroy (GTK_WIDGET (dialog));
}

static void
go_to_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoWindowActions *self = data;
  if (timeline (self) == NULL)
    return;
  GtkWidget *dialog =
      gtk_dialog_new_with_buttons (_ ("Go to Time"), GTK_WINDOW (self->window),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT | GTK_DIALOG_USE_HEADER_BAR,
                                   _ ("_Cancel"), GTK_RESPONSE_CANCEL, _ ("_Go"), GTK_RESPONSE_OK, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  GtkWidget *entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _ ("e.g. 12ms, 3.5s, 1500us"));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  g_object_set (entry, "margin", 12, NULL);
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  gtk_container_add (GTK_CONTAINER (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), entry);
  g_signal_connect (dialog, "response", G_CALLBACK (go_to_response), self);
  gtk_widget_show_all (dialog);
}

/* ---- what the trace holds ------------------------------------------------------- */

static void
show_warnings_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoWindowActions *self = data;
  if (trace (self) != NULL)
    chrono_warnings_dialog_show (GTK_WINDOW (self->window), trace (self), timeline (self));
}

static void
export_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoWindowActions *self = data;
  if (timeline (self) != NULL)
    chrono_export_dialog_show (GTK_WINDOW (self->window), timeline (self), &self->export_choice);
}

/* Core load lanes at a width typed as the ruler writes times ("10ms"):
 * added under "Core Load", or redone at the new width; NULL takes them away. */
gboolean
chrono_window_actions_show_core_load (ChronoWindowActions *self, const char *width, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_ACTIONS (self) && trace (self) != NULL, FALSE);
  ChronoLayout *layout = chrono_timeline_view_get_layout (timeline (self));
  if (width == NULL)
    {
      if (chrono_core_load_hide (trace (self)))
        chrono_layout_refresh (layout);
      return TRUE;
    }
  gint64 bin;
  if (!chrono_core_load_parse_bin (trace (self), width, &bin, error))
    return FALSE;
  gint64 used = chrono_core_load_show (trace (self), bin);
  if (used == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _ ("This trace has no cores."));
      return FALSE;
    }
  chrono_layout_refresh (layout);
  g_autofree char *shown = chrono_clock_format_duration (chrono_trace_get_clock (trace (self)), (guint64) used, 6);
  g_autofree char *text = g_strdup_printf (_ ("Core load in bins of %s"), shown);
  chrono_status_bar_show_message (self->status_bar, text);
  return TRUE;
}

static gboolean
apply_core_load (gpointer data, const char *width, GError **error)
{
  return chrono_window_actions_show_core_load (data, width, error);
}

static void
core_load_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoWindowActions *self = data;
  if (trace (self) == NULL)
    return;
  if (!chrono_trace_has_lane_kind (trace (self), CHRONO_LANE_CORE))
    {
      chrono_status_bar_show_message (self->status_bar, _ ("This trace has no cores."));
      return;
    }
  chrono_core_load_dialog_show (GTK_WINDOW (self->window), trace (self), apply_core_load, self);
}

/* ---- handed to their owners ------------------------------------------------------ */

static void
save_view_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  chrono_window_view_file_save_and_say (((ChronoWindowActions *) data)->view_file);
}

static void
add_bookmark_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  chrono_window_view_file_ask_bookmark (((ChronoWindowActions *) data)->view_file);
}

static void
add_note_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  chrono_window_view_file_ask_note (((ChronoWindowActions *) data)->view_file);
}

static void
check_requirements_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  chrono_window_requirements_choose (((ChronoWindowActions *) data)->requirements);
}

static void
find_changed (GSimpleAction *action, GVariant *state, gpointer data)
{
  g_simple_action_set_state (action, state);
  chrono_window_search_set_active (((ChronoWindowActions *) data)->search, g_variant_get_boolean (state));
}

static void
find_next_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  chrono_window_search_go_to_match (((ChronoWindowActions *) data)->search, +1);
}

static void
find_previous_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  chrono_window_search_go_to_match (((ChronoWindowActions *) data)->search, -1);
}

/* ---- files ----------------------------------------------------------------------- */

static void
reload_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  chrono_window_reload (((ChronoWindowActions *) data)->window);
}

static void
close_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  gtk_window_close (GTK_WINDOW (((ChronoWindowActions *) data)->window));
}

/* One filter per format and one for all of them. */
static void
add_trace_filters (GtkFileChooser *dialog)
{
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
      gtk_file_chooser_add_filter (dialog, filter);
    }
  gtk_file_chooser_add_filter (dialog, all);
  gtk_file_chooser_set_filter (dialog, all);
}

static void
open_response (GtkNativeDialog *dialog, int response, ChronoWindowActions *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      chrono_window_open (self->window, file);
    }
  g_object_unref (dialog);
}

static void
add_response (GtkNativeDialog *dialog, int response, ChronoWindowActions *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      chrono_window_add_trace (self->window, file);
    }
  g_object_unref (dialog);
}

/* A file chooser for traces, its answer to respond. */
static void
choose_trace (ChronoWindowActions *self, const char *title, const char *accept, GCallback respond)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (title, GTK_WINDOW (self->window),
                                                              GTK_FILE_CHOOSER_ACTION_OPEN, accept, _ ("_Cancel"));
  add_trace_filters (GTK_FILE_CHOOSER (dialog));
  g_signal_connect (dialog, "response", respond, self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
compare_response (GtkNativeDialog *dialog, int response, ChronoWindowActions *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      chrono_window_compare_with (self->window, file);
    }
  g_object_unref (dialog);
}

/* Another run under this one, and the Compare page. */
static void
compare_with_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  choose_trace (data, _ ("Compare With"), _ ("_Compare"), G_CALLBACK (compare_response));
}

static void
add_trace_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  choose_trace (data, _ ("Add Trace"), _ ("_Add"), G_CALLBACK (add_response));
}

static void
open_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  choose_trace (data, _ ("Open Trace"), _ ("_Open"), G_CALLBACK (open_response));
}

gboolean
chrono_window_actions_open_uris (ChronoWindowActions *self, char **uris, gboolean join)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_ACTIONS (self), FALSE);
  if (join && trace (self) != NULL && uris != NULL && uris[0] != NULL && uris[1] == NULL)
    {
      g_autoptr (GFile) file = g_file_new_for_uri (uris[0]);
      chrono_window_add_trace (self->window, file);
      return TRUE;
    }
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self->window));
  for (guint i = 0; uris != NULL && uris[i] != NULL; i++)
    {
      g_autoptr (GFile) file = g_file_new_for_uri (uris[i]);
      /* the first file replaces what this window shows, the others get windows of their own */
      ChronoWindow *target = i == 0 ? self->window : chrono_window_new (app);
      chrono_window_open (target, file);
      gtk_window_present (GTK_WINDOW (target));
    }
  return uris != NULL;
}

static void
recent_activated (GtkRecentChooser *chooser, ChronoWindowActions *self)
{
  g_autofree char *uri = gtk_recent_chooser_get_current_uri (chooser);
  if (uri == NULL)
    return;
  g_autoptr (GFile) file = g_file_new_for_uri (uri);
  chrono_window_open (self->window, file);
}

static void
setup_recent_menu (ChronoWindowActions *self, GtkMenuButton *button)
{
  GtkWidget *menu = gtk_recent_chooser_menu_new ();
  GtkRecentFilter *filter = gtk_recent_filter_new ();
  for (const ChronoLoaderInfo *const *loader = chrono_loaders_list (); *loader; loader++)
    for (const char *const *glob = (*loader)->globs; *glob; glob++)
      gtk_recent_filter_add_pattern (filter, *glob);
  gtk_recent_chooser_set_filter (GTK_RECENT_CHOOSER (menu), filter);
  gtk_recent_chooser_set_sort_type (GTK_RECENT_CHOOSER (menu), GTK_RECENT_SORT_MRU);
  gtk_recent_chooser_set_limit (GTK_RECENT_CHOOSER (menu), 12);
  gtk_recent_chooser_set_show_not_found (GTK_RECENT_CHOOSER (menu), FALSE);
  g_signal_connect_object (menu, "item-activated", G_CALLBACK (recent_activated), self, 0);
  gtk_menu_button_set_popup (button, menu);
}

/* ---- the table -------------------------------------------------------------------- */

static const GActionEntry window_actions[] = {
  { "arrows", arrows_activated },
  { "switch-reading", switch_reading_activated },
  { "save-view", save_view_activated },
  { "add-bookmark", add_bookmark_activated },
  { "add-note", add_note_activated },
  { "open", open_activated },
  { "add-trace", add_trace_activated },
  { "compare-with", compare_with_activated },
  { "reload", reload_activated },
  { "export", export_activated },
  { "close", close_activated },
  { "go-to", go_to_activated },
  { "find", NULL, NULL, "false", find_changed },
  { "show-all-lanes", show_all_lanes_activated },
  { "absolute-time", NULL, NULL, "false", absolute_time_changed },
  { "clear-markers", clear_markers_activated },
  { "show-warnings", show_warnings_activated },
  { "core-load", core_load_activated },
  { "find-next", find_next_activated },
  { "find-previous", find_previous_activated },
  { "previous-instance", previous_instance_activated },
  { "next-instance", next_instance_activated },
  { "check-requirements", check_requirements_activated },
};

static void
set_enabled (ChronoWindowActions *self, const char *name, gboolean enabled)
{
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->window), name)),
                               enabled);
}

void
chrono_window_actions_enable (ChronoWindowActions *self, gboolean trace_shown, gboolean file_chosen)
{
  g_return_if_fail (CHRONO_IS_WINDOW_ACTIONS (self));
  static const char *const need_trace[] = {
    "save-view",         "add-bookmark",  "add-note",           "export",       "go-to",     "find",
    "show-all-lanes",    "clear-markers", "show-warnings",      "core-load",    "find-next", "find-previous",
    "previous-instance", "next-instance", "check-requirements", "compare-with",
  };
  for (guint i = 0; i < G_N_ELEMENTS (need_trace); i++)
    set_enabled (self, need_trace[i], trace_shown);
  set_enabled (self, "reload", file_chosen);
}

/* ---- remembered between runs ------------------------------------------------------ */

ChronoExportChoice *
chrono_window_actions_get_export_choice (ChronoWindowActions *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_ACTIONS (self), NULL);
  return &self->export_choice;
}

void
chrono_window_actions_restore_settings (ChronoWindowActions *self, GSettings *settings)
{
  g_return_if_fail (CHRONO_IS_WINDOW_ACTIONS (self) && G_IS_SETTINGS (settings));
  g_action_group_change_action_state (G_ACTION_GROUP (self->window), "absolute-time",
                                      g_variant_new_boolean (g_settings_get_boolean (settings, "absolute-time")));
  self->export_choice.whole_trace = g_settings_get_boolean (settings, "export-whole-trace");
  self->export_choice.width = g_settings_get_int (settings, "export-width");
  self->export_choice.height = g_settings_get_int (settings, "export-height");
}

void
chrono_window_actions_save_settings (ChronoWindowActions *self, GSettings *settings)
{
  g_return_if_fail (CHRONO_IS_WINDOW_ACTIONS (self) && G_IS_SETTINGS (settings));
  GVariant *absolute = g_action_group_get_action_state (G_ACTION_GROUP (self->window), "absolute-time");
  g_settings_set_boolean (settings, "absolute-time", g_variant_get_boolean (absolute));
  g_variant_unref (absolute);
  g_settings_set_boolean (settings, "export-whole-trace", self->export_choice.whole_trace);
  g_settings_set_int (settings, "export-width", MAX (self->export_choice.width, 0));
  g_settings_set_int (settings, "export-height", MAX (self->export_choice.height, 0));
}

static void
chrono_window_actions_dispose (GObject *object)
{
  ChronoWindowActions *self = CHRONO_WINDOW_ACTIONS (object);
  g_clear_object (&self->status_bar);
  g_clear_object (&self->view_file);
  g_clear_object (&self->requirements);
  g_clear_object (&self->search);
  G_OBJECT_CLASS (chrono_window_actions_parent_class)->dispose (object);
}

static void
chrono_window_actions_class_init (ChronoWindowActionsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_window_actions_dispose;
}

static void
chrono_window_actions_init (ChronoWindowActions *self)
{
}

ChronoWindowActions *
chrono_window_actions_new (ChronoWindow *window, ChronoStatusBar *status_bar, GtkMenuButton *recent_button,
                           ChronoWindowViewFile *view_file, ChronoWindowRequirements *requirements,
                           ChronoWindowSearch *search)
{
  ChronoWindowActions *self = g_object_new (CHRONO_TYPE_WINDOW_ACTIONS, NULL);
  self->window = window;
  self->status_bar = g_object_ref (status_bar);
  self->view_file = g_object_ref (view_file);
  self->requirements = g_object_ref (requirements);
  self->search = g_object_ref (search);
  g_action_map_add_action_entries (G_ACTION_MAP (window), window_actions, G_N_ELEMENTS (window_actions), self);
  setup_recent_menu (self, recent_button);
  return self;
}
