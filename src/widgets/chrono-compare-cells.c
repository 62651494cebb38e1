/* chrono-compare-cells.c — the tints are translucent, so the table's own
 * row colours show through. */
#include "chrono-compare-cells.h"

#include <math.h>

#include "chrono-clock.h"

static const GdkRGBA slower_tint = { 0.90, 0.30, 0.25, 0.35 };
static const GdkRGBA faster_tint = { 0.25, 0.45, 0.90, 0.35 };

const GdkRGBA *
chrono_compare_tint (double relative)
{
  if (relative == -G_MAXDOUBLE)
    return NULL;
  return relative > CHRONO_COMPARE_THRESHOLD    ? &slower_tint
         : relative < -CHRONO_COMPARE_THRESHOLD ? &faster_tint
                                                : NULL;
}

char *
chrono_compare_format_change (double delta, gboolean count)
{
  g_autofree char *length = count ? g_strdup_printf ("%.4g", fabs (delta)) : chrono_format_duration (fabs (delta), 4);
  return g_strdup_printf ("%s%s", delta < 0 ? "−" : "+", length);
}

void
chrono_compare_add_column (GtkTreeView *tree, const char *title, int text_column, int sort_column, int tint_column,
                           gboolean number)
{
  GtkCellRenderer *cell = gtk_cell_renderer_text_new ();
  if (number)
    g_object_set (cell, "xalign", 1.0, NULL);
  else
    g_object_set (cell, "ellipsize", PANGO_ELLIPSIZE_MIDDLE, "width-chars", 14, NULL);
  GtkTreeViewColumn *column = gtk_tree_view_column_new_with_attributes (title, cell, "text", text_column,
                                                                        "cell-background-rgba", tint_column, NULL);
  gtk_tree_view_column_set_sort_column_id (column, sort_column);
  gtk_tree_view_column_set_resizable (column, TRUE);
  gtk_tree_view_column_set_expand (column, !number);
  gtk_tree_view_append_column (tree, column);
}
