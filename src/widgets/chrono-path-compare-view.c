/* chrono-path-compare-view.c — both runs' call paths over their whole
 * length are computed once per pair of traces; another figure only refills
 * the table from them. */
#include "chrono-path-compare-view.h"

#include <glib/gi18n-lib.h>

#include "chrono-compare-cells.h"
#include "chrono-path-index.h"
#include "chrono-flame-view.h"

#define TABLE_HEIGHT 240

struct _ChronoPathCompareView {
  GtkBox parent_instance;
  ChronoTimelineView *timeline;
  ChronoTrace *a, *b;
  GArray *paths_a, *paths_b; /* ChronoCallPath of each whole run */
  ChronoPathDiff *diff;
  ChronoPathFigure figure;
  GtkWidget *title, *figure_combo, *flame, *align, *buttons;
  GtkTreeView *tree;
  GtkListStore *store;
};

G_DEFINE_FINAL_TYPE (ChronoPathCompareView, chrono_path_compare_view, GTK_TYPE_BOX)

gboolean
chrono_path_compare_view_applies (ChronoTrace *a, ChronoTrace *b)
{
  ChronoTrace *runs[] = { a, b };
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    if (runs[i] == NULL || chrono_trace_is_lazy (runs[i])
        || !(chrono_trace_get_features (runs[i]) & CHRONO_TRACE_HAS_CALLS))
      return FALSE;
  return TRUE;
}

/* ---- the table ------------------------------------------------------------ */

/* A run's figure of a path as a number to sort by and as text; NULL path: not in the run. */
static double
value_of (ChronoPathCompareView *self, ChronoTrace *run, const ChronoCallPath *path, char **text)
{
  if (path == NULL)
    {
      *text = g_strdup ("—");
      return -G_MAXDOUBLE;
    }
  ChronoStatValue v = chrono_path_figure_value (path, self->figure);
  if (self->figure == CHRONO_PATH_CALLS)
    {
      *text = g_strdup_printf ("%" G_GINT64_FORMAT, v.numerator);
      return (double) v.numerator;
    }
  const ChronoClock *clock = chrono_trace_get_clock (run);
  *text = chrono_clock_format_duration (clock, (guint64) v.numerator, 4);
  return chrono_clock_to_seconds (clock, v.numerator);
}

static void
add_row (ChronoPathCompareView *self, const ChronoCallPath *a, const ChronoCallPath *b)
{
  gboolean count = self->figure == CHRONO_PATH_CALLS;
  g_autofree char *a_text = NULL, *b_text = NULL, *delta_text = NULL, *relative_text = NULL;
  double va = value_of (self, self->a, a, &a_text), vb = value_of (self, self->b, b, &b_text);
  double delta = -G_MAXDOUBLE, relative = -G_MAXDOUBLE;
  if (a != NULL && b != NULL)
    {
      const ChronoClock *ca = chrono_trace_get_clock (self->a), *cb = chrono_trace_get_clock (self->b);
      ChronoStatValue sa = chrono_path_figure_value (a, self->figure), sb = chrono_path_figure_value (b, self->figure);
      if (chrono_diff_delta (ca, sa, cb, sb, count, &delta))
        delta_text = chrono_compare_format_change (delta, count);
      if (chrono_diff_relative (ca, sa, cb, sb, count, &relative))
        relative_text = g_strdup_printf ("%+.1f %%", 100.0 * relative);
      else
        relative = -G_MAXDOUBLE;
    }
  g_autofree char *joined = chrono_call_path_join (a != NULL ? a : b);
  gtk_list_store_insert_with_values (
      self->store, NULL, -1, CHRONO_PATH_COMPARE_COLUMN_PATH, joined, CHRONO_PATH_COMPARE_COLUMN_A, va,
      CHRONO_PATH_COMPARE_COLUMN_B, vb, CHRONO_PATH_COMPARE_COLUMN_DELTA, delta, CHRONO_PATH_COMPARE_COLUMN_RELATIVE,
      relative, CHRONO_PATH_COMPARE_COLUMN_A_TEXT, a_text, CHRONO_PATH_COMPARE_COLUMN_B_TEXT, b_text,
      CHRONO_PATH_COMPARE_COLUMN_DELTA_TEXT, delta_text ? delta_text : "—", CHRONO_PATH_COMPARE_COLUMN_RELATIVE_TEXT,
      relative_text ? relative_text
                    : (a == NULL   ? _ ("only in B")
                       : b == NULL ? _ ("only in A")
                                   : "—"),
      CHRONO_PATH_COMPARE_COLUMN_TINT, chrono_compare_tint (relative), -1);
}

static void
fill (ChronoPathCompareView *self)
{
  gtk_tree_view_set_model (self->tree, NULL);
  gtk_list_store_clear (self->store);
  for (guint i = 0; self->diff != NULL && i < self->diff->both->len; i++)
    {
      const ChronoPathPair *pair = &g_array_index (self->diff->both, ChronoPathPair, i);
      add_row (self, pair->a, pair->b);
    }
  for (guint i = 0; self->diff != NULL && i < self->diff->only_a->len; i++)
    add_row (self, g_ptr_array_index (self->diff->only_a, i), NULL);
  for (guint i = 0; self->diff != NULL && i < self->diff->only_b->len; i++)
    add_row (self, NULL, g_ptr_array_index (self->diff->only_b, i));
  gtk_tree_view_set_model (self->tree, GTK_TREE_MODEL (self->store));
}

/* ---- choices and the selected row ---------------------------------------------- */

void
chrono_path_compare_view_set_figure (ChronoPathCompareView *self, ChronoPathFigure figure)
{
  g_return_if_fail (CHRONO_IS_PATH_COMPARE_VIEW (self) && figure < CHRONO_N_PATH_FIGURES);
  gtk_combo_box_set_active (GTK_COMBO_BOX (self->figure_combo), figure);
}

static char *selected_path (ChronoPathCompareView *self);

/* Another figure: the same rows, and the one selected stays so. */
static void
figure_chosen (ChronoPathCompareView *self)
{
  self->figure = (ChronoPathFigure) MAX (gtk_combo_box_get_active (GTK_COMBO_BOX (self->figure_combo)), 0);
  g_autofree char *selected = selected_path (self);
  fill (self);
  GtkTreeModel *model = gtk_tree_view_get_model (self->tree);
  GtkTreeIter iter;
  for (gboolean more = selected != NULL && gtk_tree_model_get_iter_first (model, &iter); more;
       more = gtk_tree_model_iter_next (model, &iter))
    {
      g_autofree char *path = NULL;
      gtk_tree_model_get (model, &iter, CHRONO_PATH_COMPARE_COLUMN_PATH, &path, -1);
      if (g_str_equal (path, selected))
        {
          gtk_tree_selection_select_iter (gtk_tree_view_get_selection (self->tree), &iter);
          break;
        }
    }
}

/* The selected path widened in the flame graph (when B has it). */
static char *
selected_path (ChronoPathCompareView *self)
{
  GtkTreeModel *model;
  GtkTreeIter iter;
  char *joined = NULL;
  if (gtk_tree_selection_get_selected (gtk_tree_view_get_selection (self->tree), &model, &iter))
    gtk_tree_model_get (model, &iter, CHRONO_PATH_COMPARE_COLUMN_PATH, &joined, -1);
  return joined;
}

static void
row_selected (ChronoPathCompareView *self)
{
  g_autofree char *joined = selected_path (self);
  gtk_widget_set_sensitive (self->align, joined != NULL);
  if (joined != NULL)
    chrono_flame_view_focus (CHRONO_FLAME_VIEW (self->flame), joined);
}

/* B moved so that the path's first call begins when A's does. */
static void
align_clicked (ChronoPathCompareView *self)
{
  g_autofree char *joined = selected_path (self);
  gint64 a, b;
  if (joined != NULL && self->timeline != NULL && chrono_path_index_first_call (self->a, joined, &a)
      && chrono_path_index_first_call (self->b, joined, &b))
    chrono_compare_align (self->timeline, a, b);
}

GtkWidget *
chrono_path_compare_view_get_align (ChronoPathCompareView *self)
{
  g_return_val_if_fail (CHRONO_IS_PATH_COMPARE_VIEW (self), NULL);
  return self->align;
}

GtkTreeView *
chrono_path_compare_view_get_tree (ChronoPathCompareView *self)
{
  g_return_val_if_fail (CHRONO_IS_PATH_COMPARE_VIEW (self), NULL);
  return self->tree;
}

GtkWidget *
chrono_path_compare_view_get_flame (ChronoPathCompareView *self)
{
  g_return_val_if_fail (CHRONO_IS_PATH_COMPARE_VIEW (self), NULL);
  return self->flame;
}

static void
drop_runs (ChronoPathCompareView *self)
{
  g_clear_pointer (&self->diff, chrono_path_diff_free);
  g_clear_pointer (&self->paths_a, chrono_call_paths_free);
  g_clear_pointer (&self->paths_b, chrono_call_paths_free);
  g_clear_object (&self->a);
  g_clear_object (&self->b);
}

void
chrono_path_compare_view_show (ChronoPathCompareView *self, ChronoTrace *a, ChronoTrace *b)
{
  g_return_if_fail (CHRONO_IS_PATH_COMPARE_VIEW (self) && chrono_path_compare_view_applies (a, b));
  drop_runs (self);
  self->a = g_object_ref (a);
  self->b = g_object_ref (b);
  self->paths_a = chrono_call_paths_compute (a, NULL, G_MININT64, G_MAXINT64);
  self->paths_b = chrono_call_paths_compute (b, NULL, G_MININT64, G_MAXINT64);
  self->diff = chrono_path_diff_new (self->paths_a, self->paths_b);
  g_autofree char *name_a = g_path_get_basename (chrono_trace_get_path (a));
  g_autofree char *name_b = g_path_get_basename (chrono_trace_get_path (b));
  g_autofree char *title =
      g_strdup_printf (_ ("A: %s\nB: %s\n%u call paths in both, %u only in A, %u only in B"), name_a, name_b,
                       self->diff->both->len, self->diff->only_a->len, self->diff->only_b->len);
  gtk_label_set_text (GTK_LABEL (self->title), title);
  fill (self);
  ChronoFlameView *flame = CHRONO_FLAME_VIEW (self->flame);
  chrono_flame_view_fill (flame, b, NULL, G_MININT64, G_MAXINT64);
  chrono_flame_view_set_baseline (flame, a, self->paths_a);
}

/* ---- life cycle --------------------------------------------------------------- */

static void
chrono_path_compare_view_dispose (GObject *object)
{
  ChronoPathCompareView *self = CHRONO_PATH_COMPARE_VIEW (object);
  drop_runs (self);
  g_clear_object (&self->store);
  g_clear_object (&self->timeline);
  G_OBJECT_CLASS (chrono_path_compare_view_parent_class)->dispose (object);
}

static void
chrono_path_compare_view_class_init (ChronoPathCompareViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_path_compare_view_dispose;
}

static GtkWidget *
table_scroller (ChronoPathCompareView *self)
{
  self->store =
      gtk_list_store_new (CHRONO_N_PATH_COMPARE_COLUMNS, G_TYPE_STRING, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_DOUBLE,
                          G_TYPE_DOUBLE, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, GDK_TYPE_RGBA);
  GtkWidget *scroller = chrono_compare_table_new (self->store, _ ("Call path"), CHRONO_PATH_COMPARE_COLUMN_PATH,
                                                  TABLE_HEIGHT, &self->tree);
  g_signal_connect_swapped (gtk_tree_view_get_selection (self->tree), "changed", G_CALLBACK (row_selected), self);
  return scroller;
}

static void
chrono_path_compare_view_init (ChronoPathCompareView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  g_object_set (self, "margin", 6, NULL);
  self->title = chrono_compare_note_new (NULL);
  const char *figures[] = { _ ("Calls"), _ ("Inclusive time"), _ ("Exclusive time") };
  self->figure = CHRONO_PATH_INCLUSIVE;
  self->figure_combo = chrono_compare_figure_combo_new (figures, G_N_ELEMENTS (figures), self->figure);
  g_signal_connect_swapped (self->figure_combo, "changed", G_CALLBACK (figure_chosen), self);
  /* xgettext:no-c-format */
  const char *legend_text = _ ("B's call paths as wide as their time in B: grey within ±10 % of A, red slower or "
                               "new, blue faster. Double-click widens a path.");
  GtkWidget *legend = chrono_compare_note_new (legend_text);
  self->flame = chrono_flame_view_new ();
  GtkWidget *flame_scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (flame_scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (flame_scroller, TRUE);
  gtk_container_add (GTK_CONTAINER (flame_scroller), self->flame);
  self->align = gtk_button_new_with_mnemonic (_ ("Align B at Its First _Call"));
  gtk_widget_set_tooltip_text (self->align, _ ("Move run B so that the selected path's first call begins when it "
                                               "does in run A; drag B's heading to move it on"));
  gtk_widget_set_sensitive (self->align, FALSE);
  g_signal_connect_swapped (self->align, "clicked", G_CALLBACK (align_clicked), self);
  self->buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (self->buttons), TRUE);
  gtk_container_add (GTK_CONTAINER (self->buttons), self->align);
  GtkWidget *parts[] = {
    self->title, self->figure_combo, table_scroller (self), self->buttons, legend, flame_scroller
  };
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    gtk_container_add (GTK_CONTAINER (self), parts[i]);
}

GtkWidget *
chrono_path_compare_view_new (ChronoTimelineView *timeline)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (timeline), NULL);
  ChronoPathCompareView *self = g_object_new (CHRONO_TYPE_PATH_COMPARE_VIEW, NULL);
  self->timeline = g_object_ref (timeline);
  gtk_container_add (GTK_CONTAINER (self->buttons), chrono_compare_markers_button_new (timeline));
  return GTK_WIDGET (self);
}
