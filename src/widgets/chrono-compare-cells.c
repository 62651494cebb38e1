/* chrono-compare-cells.c — the tints are translucent, so the table's own
 * row colours show through. */
#include "chrono-compare-cells.h"

#include <math.h>

#include <glib/gi18n-lib.h>

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

void
chrono_compare_add_columns (GtkTreeView *tree, const char *name_title, int first)
{
  enum { NAME, A, B, DELTA, RELATIVE, A_TEXT, B_TEXT, DELTA_TEXT, RELATIVE_TEXT, TINT };
  chrono_compare_add_column (tree, name_title, first + NAME, first + NAME, first + TINT, FALSE);
  const struct {
    const char *title;
    int text, sort;
  } numbers[] = {
    { "A", A_TEXT, A }, { "B", B_TEXT, B }, { _ ("Change"), DELTA_TEXT, DELTA }, { "%", RELATIVE_TEXT, RELATIVE }
  };
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    chrono_compare_add_column (tree, numbers[i].title, first + numbers[i].text, first + numbers[i].sort, first + TINT,
                               TRUE);
}

GtkWidget *
chrono_compare_table_new (GtkListStore *store, const char *name_title, int first, int height, GtkTreeView **tree)
{
  enum { RELATIVE = 4 };
  gtk_tree_sortable_set_sort_column_id (GTK_TREE_SORTABLE (store), first + RELATIVE, GTK_SORT_DESCENDING);
  *tree = GTK_TREE_VIEW (gtk_tree_view_new_with_model (GTK_TREE_MODEL (store)));
  chrono_compare_add_columns (*tree, name_title, first);
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_widget_set_size_request (scroller, -1, height);
  gtk_container_add (GTK_CONTAINER (scroller), GTK_WIDGET (*tree));
  return scroller;
}

GtkWidget *
chrono_compare_note_new (const char *text)
{
  GtkWidget *note = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (note), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (note), TRUE);
  gtk_style_context_add_class (gtk_widget_get_style_context (note), "dim-label");
  return note;
}

GtkWidget *
chrono_compare_figure_combo_new (const char *const *figures, guint n, guint active)
{
  GtkWidget *combo = gtk_combo_box_text_new ();
  for (guint i = 0; i < n; i++)
    gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (combo), figures[i]);
  gtk_combo_box_set_active (GTK_COMBO_BOX (combo), active);
  return combo;
}

gboolean
chrono_compare_align (ChronoTimelineView *timeline, gint64 a, gint64 b)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (timeline), FALSE);
  ChronoTraceSet *set = chrono_layout_get_trace_set (chrono_timeline_view_get_layout (timeline));
  if (set == NULL || chrono_trace_set_get_n (set) < 2)
    return FALSE;
  /* where b falls now, and how far it must move to fall on a */
  gint64 at_a = chrono_trace_set_to_reference (set, 0, a), at_b = chrono_trace_set_to_reference (set, 1, b);
  gint64 shift = chrono_trace_set_get_shift (set, 1), move;
  if (__builtin_sub_overflow (at_a, at_b, &move) || __builtin_add_overflow (shift, move, &shift)
      || !chrono_trace_set_set_shift (set, 1, shift))
    return FALSE;
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (timeline);
  gint64 half = (chrono_viewport_get_end (viewport) - chrono_viewport_get_begin (viewport)) / 2;
  chrono_viewport_set_range (viewport, at_a - half, at_a + half);
  return TRUE;
}

gboolean
chrono_compare_align_markers (ChronoTimelineView *timeline)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (timeline), FALSE);
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (timeline);
  ChronoTraceSet *set = chrono_layout_get_trace_set (chrono_timeline_view_get_layout (timeline));
  gint64 a, b, shift, move;
  if (set == NULL || chrono_trace_set_get_n (set) < 2 || !chrono_viewport_get_marker (viewport, CHRONO_MARKER_A, &a)
      || !chrono_viewport_get_marker (viewport, CHRONO_MARKER_B, &b))
    return FALSE;
  shift = chrono_trace_set_get_shift (set, 1);
  if (__builtin_sub_overflow (a, b, &move) || __builtin_add_overflow (shift, move, &shift)
      || !chrono_trace_set_set_shift (set, 1, shift))
    return FALSE;
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_B, a);
  return TRUE;
}

static void
markers_changed (GtkWidget *button, ChronoViewport *viewport)
{
  gint64 t;
  gtk_widget_set_sensitive (button, chrono_viewport_get_marker (viewport, CHRONO_MARKER_A, &t)
                                        && chrono_viewport_get_marker (viewport, CHRONO_MARKER_B, &t));
}

static void
markers_clicked (GtkWidget *button, ChronoTimelineView *timeline)
{
  chrono_compare_align_markers (timeline);
}

GtkWidget *
chrono_compare_markers_button_new (ChronoTimelineView *timeline)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (timeline), NULL);
  GtkWidget *button = gtk_button_new_with_mnemonic (_ ("Align B at _Marker B"));
  gtk_widget_set_tooltip_text (button, _ ("Put marker A (key 1) on an event of run A and marker B (key 2) on the "
                                          "same event of run B: run B moves so that they meet"));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (timeline);
  g_signal_connect_object (viewport, "overlay-changed", G_CALLBACK (markers_changed), button, G_CONNECT_SWAPPED);
  g_signal_connect_object (button, "clicked", G_CALLBACK (markers_clicked), timeline, 0);
  markers_changed (button, viewport);
  return button;
}
