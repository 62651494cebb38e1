/* chrono-window-traces.h — the traces a window shows together: the one
 * opened and those added beside it (the trace set), each on its clock. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-timeline-view.h"
#include "chrono-trace-set.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_WINDOW_TRACES (chrono_window_traces_get_type ())
G_DECLARE_FINAL_TYPE (ChronoWindowTraces, chrono_window_traces, CHRONO, WINDOW_TRACES, GObject)

/* Signals: "info" (GtkMessageType, const char *message) for the info bar;
 * "changed" when the traces or their places change (the title says them).
 * An added trace loads on the stack's "loading" page, with the progress bar. */
ChronoWindowTraces *chrono_window_traces_new (GtkStack *stack, GtkProgressBar *progress);

/* The trace the timeline shows becomes the first, alone; range_view (may be NULL) learns of those added. */
void chrono_window_traces_show (ChronoWindowTraces *traces, ChronoTimelineView *timeline, GtkWidget *range_view);
void chrono_window_traces_clear (ChronoWindowTraces *traces);
/* Loads the file at path into the view beside the trace on show. */
void chrono_window_traces_add (ChronoWindowTraces *traces, const char *path);

/* NULL until a trace is added beside the first. */
ChronoTraceSet *chrono_window_traces_get_set (ChronoWindowTraces *traces);
/* The traces on show: 0 when none is, 1 before one is added. */
guint chrono_window_traces_get_n (ChronoWindowTraces *traces);
ChronoTrace *chrono_window_traces_get_trace (ChronoWindowTraces *traces, guint member);
/* The window's title (every trace's name) and subtitle (formats, length, events, lanes). */
void chrono_window_traces_describe (ChronoWindowTraces *traces, char **title, char **subtitle);

G_END_DECLS
