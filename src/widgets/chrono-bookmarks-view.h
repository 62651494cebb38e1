/* chrono-bookmarks-view.h — the Bookmarks page beside the timeline: the
 * saved view's bookmarks and notes, each a row that brings it into view,
 * with buttons to rename (or edit) and delete it. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-view-state.h"
#include "chrono-viewport.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_BOOKMARKS_VIEW (chrono_bookmarks_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoBookmarksView, chrono_bookmarks_view, CHRONO, BOOKMARKS_VIEW, GtkBox)

/* Signals: "note-chosen" (guint index): a note's row was activated, after
 * its time was brought into view (the window selects its item). */
GtkWidget *chrono_bookmarks_view_new (ChronoTrace *trace, ChronoViewport *viewport, ChronoViewState *state);
/* What activating the row of bookmark index does: zoom to its range. */
void chrono_bookmarks_view_go_to_bookmark (ChronoBookmarksView *view, guint index);
/* The list, for tests: one row per bookmark, then one per note. */
GtkListBox *chrono_bookmarks_view_get_list (ChronoBookmarksView *view);

G_END_DECLS
