/* chrono-warnings-dialog.h — the problems found while loading, by line or by time and lane. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-timeline-view.h"
#include "chrono-trace.h"

G_BEGIN_DECLS

/* view (or NULL): where activating a warning with a time shows it */
void chrono_warnings_dialog_show (GtkWindow *parent, ChronoTrace *trace, ChronoTimelineView *view);

G_END_DECLS
