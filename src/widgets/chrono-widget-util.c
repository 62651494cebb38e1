#include "chrono-widget-util.h"

/* Light text means a dark theme; the palette follows it. */
gboolean
chrono_widget_is_dark (GtkWidget *widget)
{
  GtkStyleContext *style = gtk_widget_get_style_context (widget);
  GdkRGBA fg;
  gtk_style_context_get_color (style, gtk_style_context_get_state (style), &fg);
  return 0.299 * fg.red + 0.587 * fg.green + 0.114 * fg.blue > 0.5;
}

/* An image surface at device scale keeps HiDPI output sharp; it is made
 * again only when the size or the scale changed.  TRUE when it is new. */
gboolean
chrono_widget_ensure_cache (GtkWidget *widget, cairo_surface_t **cache)
{
  int width = gtk_widget_get_allocated_width (widget);
  int height = gtk_widget_get_allocated_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  if (*cache != NULL && cairo_image_surface_get_width (*cache) == width * scale
      && cairo_image_surface_get_height (*cache) == height * scale)
    return FALSE;
  g_clear_pointer (cache, cairo_surface_destroy);
  *cache = gdk_window_create_similar_image_surface (gtk_widget_get_window (widget), CAIRO_FORMAT_ARGB32, width * scale,
                                                    height * scale, scale);
  return TRUE;
}

/* Wheel clicks and smooth scrolling as one pair of deltas (1 per click). */
void
chrono_scroll_event_get_deltas (GdkEventScroll *event, double *dx, double *dy)
{
  *dx = *dy = 0;
  if (event->direction == GDK_SCROLL_UP)
    *dy = -1;
  else if (event->direction == GDK_SCROLL_DOWN)
    *dy = 1;
  else if (event->direction == GDK_SCROLL_LEFT)
    *dx = -1;
  else if (event->direction == GDK_SCROLL_RIGHT)
    *dx = 1;
  else
    gdk_event_get_scroll_deltas ((GdkEvent *) event, dx, dy);
}

void
chrono_grid_attach_labelled (GtkGrid *grid, int row, const char *text, GtkWidget *widget, int width)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (text);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, widget, 1, row, width, 1);
}

/* A side page's section title: a left-aligned label in the theme's heading style. */
GtkWidget *
chrono_widget_heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_style_context_add_class (gtk_widget_get_style_context (label), "heading");
  return label;
}

GtkTreeViewColumn *
chrono_tree_view_add_figure_column (GtkTreeView *tree, const char *title, int text_column, int sort_column,
                                    int name_width, PangoEllipsizeMode ellipsize)
{
  GtkCellRenderer *cell = gtk_cell_renderer_text_new ();
  if (name_width > 0)
    g_object_set (cell, "ellipsize", ellipsize, NULL);
  else
    g_object_set (cell, "xalign", 1.0, NULL);
  GtkTreeViewColumn *column = gtk_tree_view_column_new_with_attributes (title, cell, "text", text_column, NULL);
  gtk_tree_view_column_set_sort_column_id (column, sort_column);
  gtk_tree_view_column_set_resizable (column, TRUE);
  if (name_width > 0)
    {
      gtk_tree_view_column_set_sizing (column, GTK_TREE_VIEW_COLUMN_FIXED);
      gtk_tree_view_column_set_fixed_width (column, name_width);
    }
  gtk_tree_view_append_column (tree, column);
  return column;
}

void
chrono_widget_follow_trace (ChronoTrace **held, ChronoNameColours **colours, ChronoTrace *trace)
{
  g_return_if_fail (held != NULL && colours != NULL && CHRONO_IS_TRACE (trace));
  if (*held != trace)
    g_clear_pointer (colours, chrono_name_colours_free);
  g_set_object (held, trace);
  if (*colours == NULL)
    {
      *colours = chrono_name_colours_new ();
      chrono_name_colours_add_trace (*colours, trace);
      chrono_name_colours_seal (*colours);
    }
}
