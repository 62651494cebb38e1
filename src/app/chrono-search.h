/* chrono-search.h — the window's search: a query run over the traces shown
 * (chrono-find), the lanes with matches shown, and a current match stepped
 * through in time order. */
#pragma once

#include <glib-object.h>

#include "chrono-find.h"
#include "chrono-layout.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_SEARCH (chrono_search_get_type ())
G_DECLARE_FINAL_TYPE (ChronoSearch, chrono_search, CHRONO, SEARCH, GObject)

/* At most this many matches are kept to step through and mark. */
#define CHRONO_SEARCH_CAP 1000000

ChronoSearch *chrono_search_new (void);

/* Runs the query over the layout's traces and shows only the lanes with a
 * match.  "" shows every lane again.  FALSE with an error for a query that
 * does not parse; the layout then shows every lane. */
gboolean chrono_search_run (ChronoSearch *search, ChronoLayout *layout, const char *text, GError **error);

/* The first trace's matches (the ones stepped through), NULL before a query. */
const ChronoFindResult *chrono_search_get_result (ChronoSearch *search);

/* The match after (direction > 0) or before the current one, or from the
 * time when there is none; NULL when there is no such match. */
const ChronoMatch *chrono_search_step (ChronoSearch *search, gint64 from, int direction);

/* "Match 3 of 1,204", "No matches", … for the status bar; NULL before a query. */
char *chrono_search_describe (ChronoSearch *search);

G_END_DECLS
