/* chrono-window.h — one window showing one trace. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-export-dialog.h"
#include "chrono-view-state.h"
#include "chrono-viewport.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_WINDOW (chrono_window_get_type ())
G_DECLARE_FINAL_TYPE (ChronoWindow, chrono_window, CHRONO, WINDOW, GtkApplicationWindow)

ChronoWindow *chrono_window_new (GtkApplication *application);
void chrono_window_open (ChronoWindow *window, GFile *file);
/* Reload (F5): the file read again, keeping the view; nothing before a file is chosen. */
void chrono_window_reload (ChronoWindow *window);
/* Adds a trace to the view on show, on the first trace's clock (by wall clock when both have one). */
void chrono_window_add_trace (ChronoWindow *window, GFile *file);
/* How many traces are on show: 0 before one is, 1 until one is added beside it. */
guint chrono_window_get_n_traces (ChronoWindow *window);
/* "12ms" as the ruler counts (Ctrl+G): that time to the middle of the view. */
gboolean chrono_window_go_to (ChronoWindow *window, const char *text, GError **error);
gboolean chrono_window_show_core_load (ChronoWindow *window, const char *width, GError **error);
void chrono_window_hide_core_load (ChronoWindow *window);
void chrono_window_go_to_match (ChronoWindow *window, int direction);
/* Bookmarks or notes changed since the view was read or saved. */
gboolean chrono_window_has_unsaved_notes (ChronoWindow *window);
GtkWidget *chrono_window_get_search_entry (ChronoWindow *window);
GtkWidget *chrono_window_get_timeline (ChronoWindow *window);
GtkWidget *chrono_window_get_inspector (ChronoWindow *window);
GtkWidget *chrono_window_get_metrics_view (ChronoWindow *window);
/* Check the trace on show against a requirements file and show the
 * Requirements page; FALSE (and the reason in the info bar) when it cannot. */
gboolean chrono_window_check_requirements (ChronoWindow *window, GFile *file);
/* The Compare page's view (ChronoCompareView), NULL when there is none. */
GtkWidget *chrono_window_get_compare_view (ChronoWindow *window);
/* Adds file under the trace on show and opens the Compare page once it is read. */
void chrono_window_compare_with (ChronoWindow *window, GFile *file);
GtkWidget *chrono_window_get_requirements_view (ChronoWindow *window);
/* The Range page (statistics over a range), NULL when the trace has no spans. */
GtkWidget *chrono_window_get_range_view (ChronoWindow *window);
ChronoViewport *chrono_window_get_viewport (ChronoWindow *window);
ChronoExportChoice *chrono_window_get_export_choice (ChronoWindow *window);
/* The message the info bar shows, or NULL when it is hidden. */
const char *chrono_window_get_info_message (ChronoWindow *window);
/* What the status bar says besides the times (hints, and why a key did nothing). */
const char *chrono_window_get_status_message (ChronoWindow *window);

/* The view kept beside the trace (TRACE.chronoscope.json): its bookmarks and
 * notes as they are now; range, markers and lanes are written into it on save. */
ChronoViewState *chrono_window_get_view_state (ChronoWindow *window);
/* Save View (Ctrl+S): the side file written next to the trace, never over it. */
gboolean chrono_window_save_view (ChronoWindow *window, GError **error);
/* Add Bookmark (Ctrl+D) named name: the selected range, else markers A..B, else the range on show. */
void chrono_window_add_bookmark (ChronoWindow *window, const char *name);
/* Add Note (Ctrl+Shift+N): on the selected item, else the selected range, else
 * markers A..B; FALSE (and a hint in the status bar) when there is none. */
gboolean chrono_window_add_note (ChronoWindow *window, const char *text);
/* The Bookmarks page, NULL before a trace is shown. */
GtkWidget *chrono_window_get_bookmarks_view (ChronoWindow *window);

G_END_DECLS
