/* chrono-window-search.h — the window's search bar (Ctrl+F): a query run
 * over the traces on show, its matches marked and stepped through. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-overview.h"
#include "chrono-status-bar.h"
#include "chrono-timeline-view.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_WINDOW_SEARCH (chrono_window_search_get_type ())
G_DECLARE_FINAL_TYPE (ChronoWindowSearch, chrono_window_search, CHRONO, WINDOW_SEARCH, GObject)

/* window's "find" action follows the bar: on while it shows. */
ChronoWindowSearch *chrono_window_search_new (GtkWindow *window, GtkSearchBar *bar, GtkSearchEntry *entry,
                                              ChronoStatusBar *status_bar);

/* The traces the timeline shows are searched, the matches marked on the
 * overview; what was being searched for is found again in them. */
void chrono_window_search_show (ChronoWindowSearch *search, ChronoTimelineView *timeline, ChronoOverview *overview);
/* The matches go with the trace whose lanes they name. */
void chrono_window_search_clear (ChronoWindowSearch *search);

/* The query as the entry now says (it changed). */
void chrono_window_search_run (ChronoWindowSearch *search);
/* The bar shown (the entry focused) or hidden. */
void chrono_window_search_set_active (ChronoWindowSearch *search, gboolean active);
/* Escape in the entry: the query emptied, the bar hidden, the timeline focused. */
void chrono_window_search_stop (ChronoWindowSearch *search);
/* The next (direction > 0) or previous match in time: selected, its lane shown, in view. */
void chrono_window_search_go_to_match (ChronoWindowSearch *search, int direction);

G_END_DECLS
