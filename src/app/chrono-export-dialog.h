/* chrono-export-dialog.h — save the timeline as PNG, SVG or PDF. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-timeline-view.h"

G_BEGIN_DECLS

typedef struct {
  gboolean whole_trace; /* else the visible range */
  int width, height; /* height 0: tall enough for every lane */
  gboolean dark; /* the dark style (a dark window's picture need not be) */
  gboolean with_overlays; /* markers A and B, the selected range and item, as the window shows them */
  gboolean with_name; /* the trace's file name in the picture's corner */
  gboolean style_chosen; /* the dialog has been used: dark is the user's, not the window's */
} ChronoExportChoice;

GtkWidget *chrono_export_dialog_show (GtkWindow *parent, ChronoTimelineView *view, ChronoExportChoice *last_choice);
/* The format chosen: 0 PNG, 1 SVG, 2 PDF (it follows a typed extension). */
int chrono_export_dialog_get_format (GtkWidget *dialog);
gboolean chrono_export_view (ChronoTimelineView *view, const ChronoExportChoice *choice, const char *path,
                             GError **error);

G_END_DECLS
