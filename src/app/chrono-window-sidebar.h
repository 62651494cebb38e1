/* chrono-window-sidebar.h — the window's side pane: Details (the inspector
 * on what the timeline selects) and the pages a trace's kind brings beside
 * it (Profile, Metrics, Range). */
#pragma once

#include <gtk/gtk.h>

#include "chrono-timeline-view.h"
#include "chrono-window-traces.h"
#include "chrono-window-view-file.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_WINDOW_SIDEBAR (chrono_window_sidebar_get_type ())
G_DECLARE_FINAL_TYPE (ChronoWindowSidebar, chrono_window_sidebar, CHRONO, WINDOW_SIDEBAR, GObject)

/* The boxes the window's template holds for each page. */
typedef struct {
  GtkStack *stack;
  GtkWidget *switcher;
  GtkContainer *inspector;
  GtkContainer *profile;
  GtkContainer *metrics;
  GtkContainer *range;
  GtkContainer *messages;
} ChronoWindowSidebarPages;

/* traces say which trace a selected item is in, view_file its note (and when it changes). */
ChronoWindowSidebar *chrono_window_sidebar_new (const ChronoWindowSidebarPages *pages, ChronoWindowTraces *traces,
                                                ChronoWindowViewFile *view_file);

/* The pages for the trace the timeline shows, following its selection. */
void chrono_window_sidebar_show (ChronoWindowSidebar *sidebar, ChronoTimelineView *timeline);
void chrono_window_sidebar_clear (ChronoWindowSidebar *sidebar);

GtkWidget *chrono_window_sidebar_get_inspector (ChronoWindowSidebar *sidebar);
/* NULL when the trace has no metrics to show. */
GtkWidget *chrono_window_sidebar_get_metrics_view (ChronoWindowSidebar *sidebar);
/* NULL when the trace has no spans to measure. */
GtkWidget *chrono_window_sidebar_get_range_view (ChronoWindowSidebar *sidebar);

G_END_DECLS
