/* chrono-resource-compare-view.c — both runs' resources are measured once
 * per pair of traces; another figure only refills the table. */
#include "chrono-resource-compare-view.h"

#include <glib/gi18n-lib.h>

#include "chrono-compare-cells.h"

#define TABLE_HEIGHT 300

struct _ChronoResourceCompareView {
  GtkBox parent_instance;
  ChronoTimelineView *timeline;
  ChronoTrace *a, *b;
  GArray *resources_a, *resources_b; /* ChronoResourceStats */
  ChronoResourceDiff *diff;
  ChronoResourceFigure figure;
  GtkWidget *title, *figure_combo, *show_all, *buttons;
  GtkTreeView *tree;
  GtkListStore *store;
};

G_DEFINE_FINAL_TYPE (ChronoResourceCompareView, chrono_resource_compare_view, GTK_TYPE_BOX)

static gboolean
has_resources (ChronoTrace *trace)
{
  g_autoptr (GArray) resources =
      trace != NULL && !chrono_trace_is_lazy (trace) ? chrono_resource_stats_compute (trace) : NULL;
  return resources != NULL && resources->len > 0;
}

gboolean
chrono_resource_compare_view_applies (ChronoTrace *a, ChronoTrace *b)
{
  return has_resources (a) && has_resources (b);
}

/* ---- the table ------------------------------------------------------------ */

static double
value_of (ChronoResourceCompareView *self, ChronoTrace *run, const ChronoResourceStats *r, char **text)
{
  if (r == NULL)
    {
      *text = g_strdup ("—");
      return -G_MAXDOUBLE;
    }
  double v = chrono_resource_figure (run, r, self->figure);
  *text = self->figure == CHRONO_RESOURCE_UTILISATION ? g_strdup_printf ("%.1f %%", 100.0 * v)
          : self->figure == CHRONO_RESOURCE_CLAIMS    ? g_strdup_printf ("%.0f", v)
                                                      : g_strdup_printf ("%.4g", v);
  return v;
}

/* A resource of both runs (pair: its index), or of one run only (a or b NULL, pair G_MAXUINT, only: which). */
static void
add_row (ChronoResourceCompareView *self, const char *name, const ChronoResourceStats *a, const ChronoResourceStats *b,
         guint pair, const char *only)
{
  g_autofree char *a_text = NULL, *b_text = NULL, *delta_text = NULL, *relative_text = NULL;
  double va = value_of (self, self->a, a, &a_text), vb = value_of (self, self->b, b, &b_text);
  double delta = -G_MAXDOUBLE, relative = -G_MAXDOUBLE;
  if (a != NULL && b != NULL)
    {
      delta = vb - va;
      /* a change of a share is in points of it, not a share of it */
      delta_text = self->figure == CHRONO_RESOURCE_UTILISATION ? g_strdup_printf (_ ("%+.1f points"), 100.0 * delta)
                                                               : g_strdup_printf ("%+.4g", delta);
      if (va != 0.0)
        {
          relative = delta / va;
          relative_text = g_strdup_printf ("%+.1f %%", 100.0 * relative);
        }
    }
  gtk_list_store_insert_with_values (
      self->store, NULL, -1, CHRONO_RESOURCE_COMPARE_COLUMN_NAME, name, CHRONO_RESOURCE_COMPARE_COLUMN_A, va,
      CHRONO_RESOURCE_COMPARE_COLUMN_B, vb, CHRONO_RESOURCE_COMPARE_COLUMN_DELTA, delta,
      CHRONO_RESOURCE_COMPARE_COLUMN_RELATIVE, relative, CHRONO_RESOURCE_COMPARE_COLUMN_A_TEXT, a_text,
      CHRONO_RESOURCE_COMPARE_COLUMN_B_TEXT, b_text, CHRONO_RESOURCE_COMPARE_COLUMN_DELTA_TEXT,
      delta_text ? delta_text : "—", CHRONO_RESOURCE_COMPARE_COLUMN_RELATIVE_TEXT,
      relative_text  ? relative_text
      : only != NULL ? only
                     : "—",
      CHRONO_RESOURCE_COMPARE_COLUMN_TINT, chrono_compare_tint (relative), CHRONO_RESOURCE_COMPARE_COLUMN_PAIR, pair,
      -1);
}

static void
fill (ChronoResourceCompareView *self)
{
  gtk_tree_view_set_model (self->tree, NULL);
  gtk_list_store_clear (self->store);
  for (guint i = 0; self->diff != NULL && i < self->diff->both->len; i++)
    {
      const ChronoResourcePair *pair = &g_array_index (self->diff->both, ChronoResourcePair, i);
      add_row (self, pair->name, pair->a, pair->b, i, NULL);
    }
  for (guint i = 0; self->diff != NULL && i < self->diff->only_a->len; i++)
    add_row (self, self->diff->only_a->pdata[i], NULL, NULL, G_MAXUINT, _ ("only in A"));
  for (guint i = 0; self->diff != NULL && i < self->diff->only_b->len; i++)
    add_row (self, self->diff->only_b->pdata[i], NULL, NULL, G_MAXUINT, _ ("only in B"));
  gtk_tree_view_set_model (self->tree, GTK_TREE_MODEL (self->store));
}

/* ---- choices and the selected row ---------------------------------------------- */

void
chrono_resource_compare_view_set_figure (ChronoResourceCompareView *self, ChronoResourceFigure figure)
{
  g_return_if_fail (CHRONO_IS_RESOURCE_COMPARE_VIEW (self) && figure < CHRONO_N_RESOURCE_FIGURES);
  gtk_combo_box_set_active (GTK_COMBO_BOX (self->figure_combo), figure);
}

static void
figure_chosen (ChronoResourceCompareView *self)
{
  self->figure = (ChronoResourceFigure) MAX (gtk_combo_box_get_active (GTK_COMBO_BOX (self->figure_combo)), 0);
  fill (self);
}

/* The resource's lanes of both runs, alone in the timeline. */
static void
row_activated (ChronoResourceCompareView *self, GtkTreePath *path)
{
  GtkTreeIter iter;
  guint pair;
  GtkTreeModel *model = gtk_tree_view_get_model (self->tree);
  if (self->diff == NULL || !gtk_tree_model_get_iter (model, &iter, path))
    return;
  gtk_tree_model_get (model, &iter, CHRONO_RESOURCE_COMPARE_COLUMN_PAIR, &pair, -1);
  if (pair >= self->diff->both->len)
    return;
  const ChronoResourcePair *p = &g_array_index (self->diff->both, ChronoResourcePair, pair);
  g_autoptr (GHashTable) lanes = g_hash_table_new (NULL, NULL);
  g_hash_table_add (lanes, p->a->lane);
  g_hash_table_add (lanes, p->b->lane);
  chrono_layout_set_shown_lanes (chrono_timeline_view_get_layout (self->timeline), lanes);
  gtk_widget_set_sensitive (self->show_all, TRUE);
}

static void
show_all_clicked (ChronoResourceCompareView *self)
{
  chrono_layout_set_shown_lanes (chrono_timeline_view_get_layout (self->timeline), NULL);
  gtk_widget_set_sensitive (self->show_all, FALSE);
}

GtkTreeView *
chrono_resource_compare_view_get_tree (ChronoResourceCompareView *self)
{
  g_return_val_if_fail (CHRONO_IS_RESOURCE_COMPARE_VIEW (self), NULL);
  return self->tree;
}

static void
drop_runs (ChronoResourceCompareView *self)
{
  g_clear_pointer (&self->diff, chrono_resource_diff_free);
  g_clear_pointer (&self->resources_a, g_array_unref);
  g_clear_pointer (&self->resources_b, g_array_unref);
  g_clear_object (&self->a);
  g_clear_object (&self->b);
}

void
chrono_resource_compare_view_show (ChronoResourceCompareView *self, ChronoTrace *a, ChronoTrace *b)
{
  g_return_if_fail (CHRONO_IS_RESOURCE_COMPARE_VIEW (self) && chrono_resource_compare_view_applies (a, b));
  drop_runs (self);
  self->a = g_object_ref (a);
  self->b = g_object_ref (b);
  self->resources_a = chrono_resource_stats_compute (a);
  self->resources_b = chrono_resource_stats_compute (b);
  self->diff = chrono_resource_diff_new (a, self->resources_a, b, self->resources_b);
  g_autofree char *name_a = g_path_get_basename (chrono_trace_get_path (a));
  g_autofree char *name_b = g_path_get_basename (chrono_trace_get_path (b));
  g_autofree char *title =
      g_strdup_printf (_ ("A: %s\nB: %s\n%u resources in both, %u only in A, %u only in B"), name_a, name_b,
                       self->diff->both->len, self->diff->only_a->len, self->diff->only_b->len);
  gtk_label_set_text (GTK_LABEL (self->title), title);
  fill (self);
}

/* ---- life cycle --------------------------------------------------------------- */

static void
chrono_resource_compare_view_dispose (GObject *object)
{
  ChronoResourceCompareView *self = CHRONO_RESOURCE_COMPARE_VIEW (object);
  drop_runs (self);
  g_clear_object (&self->store);
  g_clear_object (&self->timeline);
  G_OBJECT_CLASS (chrono_resource_compare_view_parent_class)->dispose (object);
}

static void
chrono_resource_compare_view_class_init (ChronoResourceCompareViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_resource_compare_view_dispose;
}

static GtkWidget *
table_scroller (ChronoResourceCompareView *self)
{
  self->store = gtk_list_store_new (CHRONO_N_RESOURCE_COMPARE_COLUMNS, G_TYPE_STRING, G_TYPE_DOUBLE, G_TYPE_DOUBLE,
                                    G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
                                    G_TYPE_STRING, GDK_TYPE_RGBA, G_TYPE_UINT);
  GtkWidget *scroller = chrono_compare_table_new (self->store, _ ("Resource"), CHRONO_RESOURCE_COMPARE_COLUMN_NAME,
                                                  TABLE_HEIGHT, &self->tree);
  g_signal_connect_swapped (self->tree, "row-activated", G_CALLBACK (row_activated), self);
  return scroller;
}

static void
chrono_resource_compare_view_init (ChronoResourceCompareView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  g_object_set (self, "margin", 6, NULL);
  self->title = chrono_compare_note_new (NULL);
  const char *figures[] = { _ ("Claims"), _ ("Usage (amount × seconds)"), _ ("Utilisation of the capacity") };
  self->figure = CHRONO_RESOURCE_UTILISATION;
  self->figure_combo = chrono_compare_figure_combo_new (figures, G_N_ELEMENTS (figures), self->figure);
  g_signal_connect_swapped (self->figure_combo, "changed", G_CALLBACK (figure_chosen), self);
  self->show_all = gtk_button_new_with_mnemonic (_ ("Show _All Lanes"));
  gtk_widget_set_sensitive (self->show_all, FALSE);
  g_signal_connect_swapped (self->show_all, "clicked", G_CALLBACK (show_all_clicked), self);
  self->buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (self->buttons), TRUE);
  gtk_container_add (GTK_CONTAINER (self->buttons), self->show_all);
  GtkWidget *parts[] = { self->title, self->figure_combo, table_scroller (self), self->buttons };
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    gtk_container_add (GTK_CONTAINER (self), parts[i]);
}

GtkWidget *
chrono_resource_compare_view_new (ChronoTimelineView *timeline)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (timeline), NULL);
  ChronoResourceCompareView *self = g_object_new (CHRONO_TYPE_RESOURCE_COMPARE_VIEW, NULL);
  self->timeline = g_object_ref (timeline);
  GtkWidget *markers = chrono_compare_markers_button_new (timeline);
  gtk_container_add (GTK_CONTAINER (self->buttons), markers);
  gtk_box_reorder_child (GTK_BOX (self->buttons), markers, 0);
  return GTK_WIDGET (self);
}
