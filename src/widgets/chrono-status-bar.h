/* chrono-status-bar.h — the line under the timeline: the time under the
 * cursor, markers A and B with the Δt between them, and what is shown (or a
 * message in its place), following the viewport. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-trace.h"
#include "chrono-viewport.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_STATUS_BAR (chrono_status_bar_get_type ())
G_DECLARE_FINAL_TYPE (ChronoStatusBar, chrono_status_bar, CHRONO, STATUS_BAR, GtkBox)

GtkWidget *chrono_status_bar_new (void);
/* The trace and viewport to report on; NULL, NULL: none. */
void chrono_status_bar_set_view (ChronoStatusBar *bar, ChronoTrace *trace, ChronoViewport *viewport);
/* Replaces the hint until the view next changes. */
void chrono_status_bar_show_message (ChronoStatusBar *bar, const char *message);
/* The hint or message on show. */
const char *chrono_status_bar_get_message (ChronoStatusBar *bar);

G_END_DECLS
