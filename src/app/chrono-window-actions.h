/* chrono-window-actions.h — the window's actions ("win.open", "win.zoom-in"
 * aside, which the viewport brings): what the menus, the header bar, the
 * shortcuts and the tests activate, and the ways a file is opened. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-export-dialog.h"
#include "chrono-status-bar.h"
#include "chrono-window-requirements.h"
#include "chrono-window-search.h"
#include "chrono-window-view-file.h"
#include "chrono-window.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_WINDOW_ACTIONS (chrono_window_actions_get_type ())
G_DECLARE_FINAL_TYPE (ChronoWindowActions, chrono_window_actions, CHRONO, WINDOW_ACTIONS, GObject)

/* Adds the actions to window; the recent button gets the recently opened traces. */
ChronoWindowActions *chrono_window_actions_new (ChronoWindow *window, ChronoStatusBar *status_bar,
                                                GtkMenuButton *recent_button, ChronoWindowViewFile *view_file,
                                                ChronoWindowRequirements *requirements, ChronoWindowSearch *search);

/* The actions that act on a trace are off (greyed) while none is shown, Reload until a file is chosen. */
void chrono_window_actions_enable (ChronoWindowActions *actions, gboolean trace_shown, gboolean file_chosen);
/* Files dropped on the window: with join, one file added to the view on
 * show; else the first opened here and the others in windows of their own.
 * FALSE when there was nothing to open. */
gboolean chrono_window_actions_open_uris (ChronoWindowActions *actions, char **uris, gboolean join);

/* "12ms" as the ruler counts (Ctrl+G): that time to the middle of the view. */
gboolean chrono_window_actions_go_to (ChronoWindowActions *actions, const char *text, GError **error);
/* Core load lanes at a width typed as the ruler writes times, or (width NULL) taken away. */
gboolean chrono_window_actions_show_core_load (ChronoWindowActions *actions, const char *width, GError **error);

/* The choices the export dialog starts from, remembered between runs with the absolute time. */
ChronoExportChoice *chrono_window_actions_get_export_choice (ChronoWindowActions *actions);
void chrono_window_actions_restore_settings (ChronoWindowActions *actions, GSettings *settings);
void chrono_window_actions_save_settings (ChronoWindowActions *actions, GSettings *settings);

G_END_DECLS
