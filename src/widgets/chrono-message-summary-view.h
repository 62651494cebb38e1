/* chrono-message-summary-view.h — Vampir's Message Summary, under the
 * communication matrix on the Messages page: a bar per group of messages
 * (size bins, tags or communicators: chrono-message-summary.h) as long as
 * its messages, bytes, mean size or late-sender time, the measure and the
 * communicator the matrix shows; a bar's tooltip gives all its figures. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-comm-matrix-view.h"
#include "chrono-message-summary.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_MESSAGE_SUMMARY_VIEW (chrono_message_summary_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoMessageSummaryView, chrono_message_summary_view, CHRONO, MESSAGE_SUMMARY_VIEW, GtkBox)

GtkWidget *chrono_message_summary_view_new (ChronoTrace *trace);
void chrono_message_summary_view_set_grouping (ChronoMessageSummaryView *view, ChronoMessageGrouping by);
void chrono_message_summary_view_set_measure (ChronoMessageSummaryView *view, ChronoCommMeasure measure);
/* Only this communicator's messages (NULL: every communicator's). */
void chrono_message_summary_view_set_communicator (ChronoMessageSummaryView *view, const char *communicator);
/* The groups drawn, and where the bar of the index-th is (tests). */
GArray *chrono_message_summary_view_get_groups (ChronoMessageSummaryView *view);
gboolean chrono_message_summary_view_get_bar (ChronoMessageSummaryView *view, guint index, double *x, double *y,
                                              double *width);
char *chrono_message_summary_view_describe_at (ChronoMessageSummaryView *view, double x, double y);

G_END_DECLS
