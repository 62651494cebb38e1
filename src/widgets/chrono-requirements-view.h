/* chrono-requirements-view.h — the Requirements page: a
 * trace checked against a requirements file (chrono-requirements.h).  It
 * lists every violation (requirement, entity, value, time) under a line
 * "N requirements, M violated", and every event chain the file defines with
 * the summary of its latencies and data ages.  Choosing a violation goes to
 * it (zooms to the instance, the load window or the chain's path, and
 * selects it); choosing a chain draws the path of its worst instance across
 * the lanes, and Previous / Next step through its other instances.  Every
 * violation stays marked on the lanes while the page is there. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-requirements.h"
#include "chrono-timeline-view.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_REQUIREMENTS_VIEW (chrono_requirements_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoRequirementsView, chrono_requirements_view, CHRONO, REQUIREMENTS_VIEW, GtkBox)

GtkWidget *chrono_requirements_view_new (ChronoTimelineView *timeline);
/* Whether a trace can be checked: read whole, not lazily. */
gboolean chrono_requirements_view_applies (ChronoTrace *trace);
/* Check the timeline's trace against the requirements in text (the file
 * called name); FALSE with an error naming the line when a line says no
 * requirement or names what the trace does not have (the page then keeps
 * what it showed). */
gboolean chrono_requirements_view_load (ChronoRequirementsView *view, const char *name, const char *text,
                                        GError **error);
/* "N requirements, M violated" and the number of violations, as shown. */
const char *chrono_requirements_view_get_summary (ChronoRequirementsView *view);

/* The violations' list and the chains' list (a row per chain and measure). */
GtkTreeView *chrono_requirements_view_get_violations (ChronoRequirementsView *view);
GtkTreeView *chrono_requirements_view_get_chains (ChronoRequirementsView *view);
/* A row of either list as "column\tcolumn…" (tests, copying into a report):
 * a violation's requirement, entity, value and time; a chain's name and
 * measure, count, min, max, p99 and the violations of its limit. */
char *chrono_requirements_view_get_row_text (ChronoRequirementsView *view, GtkTreeView *list, guint row);

/* Draw the path of a chain's instance (an index into its samples of that
 * measure; chains in the file's order), zoom to it and select its
 * response; FALSE when there is no such instance. */
gboolean chrono_requirements_view_show_path (ChronoRequirementsView *view, guint chain, ChronoChainMeasure measure,
                                             guint sample);
/* The path on show: FALSE when none. */
gboolean chrono_requirements_view_get_path (ChronoRequirementsView *view, guint *chain, ChronoChainMeasure *measure,
                                            guint *sample);
/* What the path navigator says of the instance on show. */
const char *chrono_requirements_view_get_path_text (ChronoRequirementsView *view);
/* The distribution of the shown path's chain and measure (equal bins from
 * min to max; a click on a bar shows the path of its largest value), and
 * the middle of a bin in it; FALSE when no path is on show. */
GtkWidget *chrono_requirements_view_get_histogram (ChronoRequirementsView *view);
gboolean chrono_requirements_view_get_bin_x (ChronoRequirementsView *view, guint bin, double *x);
GtkWidget *chrono_requirements_view_get_worst_button (ChronoRequirementsView *view);
GtkWidget *chrono_requirements_view_get_next_button (ChronoRequirementsView *view);
GtkWidget *chrono_requirements_view_get_previous_button (ChronoRequirementsView *view);

G_END_DECLS
