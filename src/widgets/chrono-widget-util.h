/* chrono-widget-util.h — what the widgets share: the theme's darkness, a
 * cache surface at the widget's size and scale, a labelled row of a form. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-name-colours.h"

G_BEGIN_DECLS

gboolean chrono_widget_is_dark (GtkWidget *widget);
gboolean chrono_widget_ensure_cache (GtkWidget *widget, cairo_surface_t **cache);
void chrono_scroll_event_get_deltas (GdkEventScroll *event, double *dx, double *dy);
/* A form row: a right-aligned mnemonic label, then widget over `width` columns. */
void chrono_grid_attach_labelled (GtkGrid *grid, int row, const char *text, GtkWidget *widget, int width);
GtkWidget *chrono_widget_heading (const char *text);
/* A sortable, resizable column of a table of figures: a number right-aligned,
 * or a name (name_width > 0) of that fixed width, shortened where it does not
 * fit (ellipsize) — no column expands: GTK holds an expanding column at least
 * as wide as its share of the panel, so the names could not be narrowed. */
GtkTreeViewColumn *chrono_tree_view_add_figure_column (GtkTreeView *tree, const char *title, int text_column,
                                                       int sort_column, int name_width, PangoEllipsizeMode ellipsize);

/* A view of one trace at a time that colours names as the timeline does:
 * *held becomes trace, and *colours the trace's (made again only for
 * another trace). */
void chrono_widget_follow_trace (ChronoTrace **held, ChronoNameColours **colours, ChronoTrace *trace);

G_END_DECLS
