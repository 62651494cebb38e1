/* chrono-window-view-file.h — the view kept beside the window's trace
 * (TRACE.chronoscope.json): read when the trace is opened, written by Save
 * View, and the bookmarks and notes the user adds to it meanwhile. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-status-bar.h"
#include "chrono-timeline-view.h"
#include "chrono-view-state.h"
#include "chrono-window-traces.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_WINDOW_VIEW_FILE (chrono_window_view_file_get_type ())
G_DECLARE_FINAL_TYPE (ChronoWindowViewFile, chrono_window_view_file, CHRONO, WINDOW_VIEW_FILE, GObject)

/* Signals: "info" (GtkMessageType, const char *message) for the info bar;
 * "span-noted" (ChronoLane *lane, guint span) when the selected item got a
 * note.  parent is a window whose "absolute-time" action a saved view sets;
 * the Bookmarks page goes into side_stack; Save View writes none of traces'
 * files over. */
ChronoWindowViewFile *chrono_window_view_file_new (GtkWindow *parent, ChronoStatusBar *status_bar, GtkStack *side_stack,
                                                   GtkWidget *side_switcher, ChronoWindowTraces *traces);

/* The trace at path, shown by timeline, takes the view saved beside it; a
 * reload (reloaded) keeps the view it had, with its lanes as keep_lanes kept them. */
void chrono_window_view_file_show (ChronoWindowViewFile *view_file, const char *path, ChronoTimelineView *timeline,
                                   gboolean reloaded);
/* Before a reload: the lanes hidden and folded, kept by name (the new trace has new lanes). */
void chrono_window_view_file_keep_lanes (ChronoWindowViewFile *view_file);
/* The Bookmarks page taken away with the trace it was about. */
void chrono_window_view_file_clear (ChronoWindowViewFile *view_file);

/* Save View (Ctrl+S): the side file written next to the trace, never over it. */
gboolean chrono_window_view_file_save (ChronoWindowViewFile *view_file, GError **error);
/* The same, saying how it went in the status bar or the info bar. */
void chrono_window_view_file_save_and_say (ChronoWindowViewFile *view_file);
/* The selected range, else markers A..B, else the range on show, bookmarked as name. */
void chrono_window_view_file_add_bookmark (ChronoWindowViewFile *view_file, const char *name);
/* A note on the selected item, else the selected range, else markers A..B;
 * FALSE (and a hint in the status bar) when there is none. */
gboolean chrono_window_view_file_add_note (ChronoWindowViewFile *view_file, const char *text);
/* Add Bookmark… and Add Note…: a small dialog asks for the name or the text. */
void chrono_window_view_file_ask_bookmark (ChronoWindowViewFile *view_file);
void chrono_window_view_file_ask_note (ChronoWindowViewFile *view_file);
/* The user's note on a span, NULL when it has none. */
const char *chrono_window_view_file_find_note (ChronoWindowViewFile *view_file, ChronoLane *lane, guint span);

/* Bookmarks or notes changed since the view was read or saved. */
gboolean chrono_window_view_file_has_unsaved_notes (ChronoWindowViewFile *view_file);
/* Closing with unsaved bookmarks or notes asks first (TRUE: asked, the
 * window stays; it closes itself again once the user chose). */
gboolean chrono_window_view_file_ask_before_close (ChronoWindowViewFile *view_file);

ChronoViewState *chrono_window_view_file_get_view_state (ChronoWindowViewFile *view_file);
/* The Bookmarks page, NULL before a trace is shown. */
GtkWidget *chrono_window_view_file_get_bookmarks_view (ChronoWindowViewFile *view_file);

G_END_DECLS
