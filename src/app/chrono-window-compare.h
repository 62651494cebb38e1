/* chrono-window-compare.h — the Compare page: when a second trace with task
 * instances is shown under the first (Compare With… or Add Trace), the page
 * compares their timing metrics (ChronoCompareView); with one trace, or
 * traces without tasks, there is no page. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-timeline-view.h"
#include "chrono-window-traces.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_WINDOW_COMPARE (chrono_window_compare_get_type ())
G_DECLARE_FINAL_TYPE (ChronoWindowCompare, chrono_window_compare, CHRONO, WINDOW_COMPARE, GObject)

ChronoWindowCompare *chrono_window_compare_new (GtkContainer *box, GtkStack *side_stack, GtkWidget *side_switcher,
                                                ChronoWindowTraces *traces);
/* The timeline of the first trace; the page follows the traces added to it. */
void chrono_window_compare_show (ChronoWindowCompare *compare, ChronoTimelineView *timeline);
void chrono_window_compare_clear (ChronoWindowCompare *compare);
/* The next trace added opens the page (Compare With…). */
void chrono_window_compare_open_next (ChronoWindowCompare *compare);
/* The page's view, NULL when there is none. */
GtkWidget *chrono_window_compare_get_view (ChronoWindowCompare *compare);

G_END_DECLS
