/* chrono-window-requirements.h — the window's Requirements page: the trace
 * on show checked against a requirements file, again on each reload. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-status-bar.h"
#include "chrono-timeline-view.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_WINDOW_REQUIREMENTS (chrono_window_requirements_get_type ())
G_DECLARE_FINAL_TYPE (ChronoWindowRequirements, chrono_window_requirements, CHRONO, WINDOW_REQUIREMENTS, GObject)

/* Signal: "info" (GtkMessageType, const char *message) for the info bar.
 * The page goes into box, a page of side_stack named "requirements". */
ChronoWindowRequirements *chrono_window_requirements_new (GtkWindow *parent, ChronoStatusBar *status_bar,
                                                          GtkContainer *box, GtkStack *side_stack,
                                                          GtkWidget *side_switcher);

/* The trace the timeline shows is the one checked; a reload (again) checks the last file again. */
void chrono_window_requirements_show (ChronoWindowRequirements *requirements, ChronoTimelineView *timeline,
                                      gboolean again);
/* The page taken away with the trace it was about. */
void chrono_window_requirements_clear (ChronoWindowRequirements *requirements);
/* Another trace: its own requirements, none until a file is chosen. */
void chrono_window_requirements_forget (ChronoWindowRequirements *requirements);

/* FALSE (and the reason as "info") when the file cannot be read or checked. */
gboolean chrono_window_requirements_check (ChronoWindowRequirements *requirements, GFile *file);
/* Check Requirements…: a file chooser, opened on the last file or beside the trace. */
void chrono_window_requirements_choose (ChronoWindowRequirements *requirements);
/* The Requirements page's view, NULL until a file is checked. */
GtkWidget *chrono_window_requirements_get_view (ChronoWindowRequirements *requirements);

G_END_DECLS
