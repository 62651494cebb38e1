/* chrono-arrows-dialog.h — which arrows the timeline draws: none, or only
 * the messages of a communicator, of a tag, of at least a size. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-timeline-view.h"

G_BEGIN_DECLS

/* A dialog on the view's arrows, filled with what it shows now; OK applies
 * what is typed (an entry that does not parse is marked, the dialog stays). */
GtkWidget *chrono_arrows_dialog_new (GtkWindow *parent, ChronoTimelineView *view);

G_END_DECLS
