/* chrono-export-dialog.h — save the timeline as PNG, SVG or PDF. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-timeline-view.h"

G_BEGIN_DECLS

typedef struct {
  gboolean whole_trace; /* else the visible range */
  int width, height; /* height 0: tall enough for every lane */
} ChronoExportChoice;

void chrono_export_dialog_show (GtkWindow *parent, ChronoTimelineView *view, ChronoExportChoice *last_choice);
gboolean chrono_export_view (ChronoTimelineView *view, const ChronoExportChoice *choice, const char *path,
                             GError **error);

G_END_DECLS
