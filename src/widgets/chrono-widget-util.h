/* chrono-widget-util.h — what the drawing widgets share: the theme's
 * darkness and a cache surface at the widget's size and scale. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

gboolean chrono_widget_is_dark (GtkWidget *widget);
gboolean chrono_widget_ensure_cache (GtkWidget *widget, cairo_surface_t **cache);
void chrono_scroll_event_get_deltas (GdkEventScroll *event, double *dx, double *dy);

G_END_DECLS
