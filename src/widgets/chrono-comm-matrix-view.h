/* chrono-comm-matrix-view.h — the Messages page: Vampir's communication
 * matrix of an OTF2 archive read whole.  Senders down, receivers across, a
 * cell per pair coloured by its messages, bytes, mean size or the time its
 * receivers waited for late senders (chrono-comm.h), for every
 * communicator or one; the tooltip gives a cell's figures, and a click
 * shows that sender's and receiver's lanes alone in the timeline.  Under
 * it, the message summary of the same measure and communicator. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-comm.h"
#include "chrono-timeline-view.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_COMM_MATRIX_VIEW (chrono_comm_matrix_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoCommMatrixView, chrono_comm_matrix_view, CHRONO, COMM_MATRIX_VIEW, GtkBox)

typedef enum {
  CHRONO_COMM_BY_COUNT,
  CHRONO_COMM_BY_BYTES,
  CHRONO_COMM_BY_MEAN_SIZE,
  CHRONO_COMM_BY_LATE_SENDER,
  CHRONO_N_COMM_MEASURES
} ChronoCommMeasure;

/* The colour a measure is drawn in (late-sender time apart from the rest). */
void chrono_comm_measure_colour (ChronoCommMeasure measure, double *red, double *green, double *blue);

GtkWidget *chrono_comm_matrix_view_new (ChronoTimelineView *timeline);
/* Whether the trace has messages to show (read whole). */
gboolean chrono_comm_matrix_view_applies (ChronoTrace *trace);
void chrono_comm_matrix_view_set_measure (ChronoCommMatrixView *view, ChronoCommMeasure measure);
/* Only this communicator's messages (NULL: every communicator's), in the
 * matrix, the summary under it and the timeline's arrows. */
void chrono_comm_matrix_view_set_communicator (ChronoCommMatrixView *view, const char *communicator);
/* The drawing area, where the cell of a pair of locations is drawn
 * (FALSE: no message between them), and what its tooltip says. */
GtkWidget *chrono_comm_matrix_view_get_matrix (ChronoCommMatrixView *view);
gboolean chrono_comm_matrix_view_get_cell (ChronoCommMatrixView *view, guint64 sender, guint64 receiver, double *out_x,
                                           double *out_y);
char *chrono_comm_matrix_view_describe_at (ChronoCommMatrixView *view, double x, double y);
/* The message summary under the matrix (ChronoMessageSummaryView). */
GtkWidget *chrono_comm_matrix_view_get_summary (ChronoCommMatrixView *view);
/* The table of collectives under it, or NULL when the run recorded none. */
GtkWidget *chrono_comm_matrix_view_get_collectives (ChronoCommMatrixView *view);
/* As a click there: the pair's lanes alone in the timeline. */
gboolean chrono_comm_matrix_view_choose_at (ChronoCommMatrixView *view, double x, double y);

G_END_DECLS
