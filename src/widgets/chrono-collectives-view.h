/* chrono-collectives-view.h — the collective operations of an OTF2 run,
 * under the message summary on the Messages page: a row per operation and
 * communicator (chrono-collectives.h) with how many times a location took
 * part and the bytes sent and received in them, apart from the
 * point-to-point messages; the communicator the matrix shows, or all. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-trace.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_COLLECTIVES_VIEW (chrono_collectives_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoCollectivesView, chrono_collectives_view, CHRONO, COLLECTIVES_VIEW, GtkBox)

enum {
  CHRONO_COLLECTIVES_COLUMN_OPERATION,
  CHRONO_COLLECTIVES_COLUMN_COMMUNICATOR,
  CHRONO_COLLECTIVES_COLUMN_COUNT,
  CHRONO_COLLECTIVES_COLUMN_SENT,
  CHRONO_COLLECTIVES_COLUMN_RECEIVED,
  CHRONO_N_COLLECTIVES_COLUMNS
};

/* TRUE when the trace recorded collectives to show. */
gboolean chrono_collectives_view_applies (ChronoTrace *trace);
GtkWidget *chrono_collectives_view_new (ChronoTrace *trace);
/* Only this communicator's collectives (NULL: every communicator's). */
void chrono_collectives_view_set_communicator (ChronoCollectivesView *view, const char *communicator);
GtkTreeView *chrono_collectives_view_get_tree (ChronoCollectivesView *view);

G_END_DECLS
