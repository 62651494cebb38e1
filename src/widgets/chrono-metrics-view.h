/* chrono-metrics-view.h — the timing metrics of the selected task or ISR:
 * a metric chosen from a list, its value per instance over the
 * trace (a scatter plot: clicking a dot goes to that instance), its
 * distribution (a histogram with count, min, max, mean, p50, p95, p99) and
 * a way to its worst instance.  It follows the timeline's selection and
 * moves the timeline's view and selection. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-metrics.h"
#include "chrono-timeline-view.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_METRICS_VIEW (chrono_metrics_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoMetricsView, chrono_metrics_view, CHRONO, METRICS_VIEW, GtkBox)

GtkWidget *chrono_metrics_view_new (ChronoTimelineView *timeline);
/* Whether the trace has tasks or ISRs and is read whole (metrics need every instance). */
gboolean chrono_metrics_view_applies (ChronoTrace *trace);
/* Show the entity of a selected lane and span (a span of another kind of
 * lane, or a NULL lane, shows none).  Computed when the view is shown. */
void chrono_metrics_view_show_selection (ChronoMetricsView *view, ChronoTrace *trace, ChronoLane *lane, guint span);
void chrono_metrics_view_set_metric (ChronoMetricsView *view, ChronoMetric metric);
ChronoMetric chrono_metrics_view_get_metric (ChronoMetricsView *view);
/* The entity shown, NULL when none (borrowed). */
const ChronoEntityMetrics *chrono_metrics_view_get_entity (ChronoMetricsView *view);
/* The summary figures as shown, a "name\tvalue" line each (tests, copying into a report). */
char *chrono_metrics_view_get_summary_text (ChronoMetricsView *view);
GtkWidget *chrono_metrics_view_get_worst_button (ChronoMetricsView *view);
/* The scatter plot, and where in it the dot of an instance (an index into
 * the entity's instances) is drawn; FALSE when it has no dot. */
GtkWidget *chrono_metrics_view_get_plot (ChronoMetricsView *view);
/* The table of where each instance's time went (ChronoBreakdownTable). */
GtkWidget *chrono_metrics_view_get_breakdown (ChronoMetricsView *view);
gboolean chrono_metrics_view_get_dot (ChronoMetricsView *view, guint instance, double *out_x, double *out_y);

G_END_DECLS
