/* chrono-compare-view.c — both runs' metrics are computed once per pair of
 * traces; choosing another metric or statistic only refills the table from
 * them. */
#include "chrono-compare-view.h"

#include <glib/gi18n-lib.h>

#include "chrono-compare-cells.h"
#include "chrono-compare-histogram.h"
#include "chrono-flame-view.h"
#include "chrono-task-paths.h"

#define TABLE_HEIGHT 260

struct _ChronoCompareView {
  GtkBox parent_instance;
  ChronoTimelineView *timeline;
  ChronoTrace *a, *b;
  GPtrArray *metrics_a, *metrics_b; /* ChronoEntityMetrics */
  ChronoDiff *diff;
  ChronoMetric metric;
  ChronoStat stat;
  GtkWidget *title, *metric_combo, *stat_combo, *histogram, *only, *show_all, *align;
  GtkWidget *flame; /* B's tasks and their runnables, coloured by the change from A */
  GtkWidget *buttons; /* the row of buttons: aligning B, and showing every lane again */
  GtkTreeView *tree;
  GtkListStore *store;
};

G_DEFINE_FINAL_TYPE (ChronoCompareView, chrono_compare_view, GTK_TYPE_BOX)

gboolean
chrono_compare_view_applies (ChronoTrace *a, ChronoTrace *b)
{
  ChronoTrace *runs[] = { a, b };
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    if (runs[i] == NULL || chrono_trace_is_lazy (runs[i])
        || !(chrono_trace_get_features (runs[i]) & CHRONO_TRACE_HAS_INSTANCES))
      return FALSE;
  return TRUE;
}

/* ---- the table ------------------------------------------------------------ */

static gboolean
counted (ChronoMetric metric, ChronoStat stat)
{
  return chrono_metric_is_count (metric) || stat == CHRONO_STAT_COUNT;
}

/* A value as a number to sort by (seconds or counts) and as text. */
static double
value_of (ChronoTrace *trace, ChronoStatValue v, gboolean count, char **text)
{
  if (!v.known)
    {
      *text = g_strdup ("—");
      return -G_MAXDOUBLE;
    }
  double x = (double) v.numerator / (double) v.denominator;
  if (count)
    {
      *text = g_strdup_printf ("%.4g", x);
      return x;
    }
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  *text = chrono_clock_format_duration (clock, (guint64) (v.numerator / (gint64) v.denominator), 4);
  return x / (double) clock->ticks_per_second;
}

static void
add_row (ChronoCompareView *self, guint index)
{
  const ChronoDiffEntity *pair = &g_array_index (self->diff->both, ChronoDiffEntity, index);
  gboolean count = counted (self->metric, self->stat);
  ChronoStatValue va = chrono_diff_stat (pair->a, self->metric, self->stat);
  ChronoStatValue vb = chrono_diff_stat (pair->b, self->metric, self->stat);
  g_autofree char *a_text = NULL, *b_text = NULL, *delta_text = NULL, *relative_text = NULL;
  double a = value_of (self->a, va, count, &a_text), b = value_of (self->b, vb, count, &b_text);
  const ChronoClock *ca = chrono_trace_get_clock (self->a), *cb = chrono_trace_get_clock (self->b);
  double delta = -G_MAXDOUBLE, relative = -G_MAXDOUBLE;
  if (chrono_diff_delta (ca, va, cb, vb, count, &delta))
    delta_text = chrono_compare_format_change (delta, count);
  if (chrono_diff_relative (ca, va, cb, vb, count, &relative))
    relative_text = g_strdup_printf ("%+.1f %%", 100.0 * relative);
  else
    relative = -G_MAXDOUBLE;
  const GdkRGBA *tint = chrono_compare_tint (relative);
  GtkTreeIter iter;
  gtk_list_store_append (self->store, &iter);
  gtk_list_store_set (
      self->store, &iter, CHRONO_COMPARE_COLUMN_NAME, pair->name, CHRONO_COMPARE_COLUMN_TYPE, pair->type,
      CHRONO_COMPARE_COLUMN_PAIR, index, CHRONO_COMPARE_COLUMN_A, a, CHRONO_COMPARE_COLUMN_B, b,
      CHRONO_COMPARE_COLUMN_DELTA, delta, CHRONO_COMPARE_COLUMN_RELATIVE, relative, CHRONO_COMPARE_COLUMN_A_TEXT,
      a_text, CHRONO_COMPARE_COLUMN_B_TEXT, b_text, CHRONO_COMPARE_COLUMN_DELTA_TEXT, delta_text ? delta_text : "—",
      CHRONO_COMPARE_COLUMN_RELATIVE_TEXT, relative_text ? relative_text : "—", CHRONO_COMPARE_COLUMN_TINT, tint, -1);
}

/* Every entity both runs have that the metric applies to (a runnable has no response time). */
static void
fill (ChronoCompareView *self)
{
  gtk_tree_view_set_model (self->tree, NULL);
  gtk_list_store_clear (self->store);
  for (guint i = 0; self->diff != NULL && i < self->diff->both->len; i++)
    {
      guint n;
      const ChronoMetric *metrics =
          chrono_metrics_of_kind (g_array_index (self->diff->both, ChronoDiffEntity, i).kind, &n);
      for (guint k = 0; k < n; k++)
        if (metrics[k] == self->metric)
          add_row (self, i);
    }
  gtk_tree_view_set_model (self->tree, GTK_TREE_MODEL (self->store));
  chrono_compare_histogram_show (CHRONO_COMPARE_HISTOGRAM (self->histogram), NULL, NULL, NULL, NULL, self->metric);
}

static void
add_column (ChronoCompareView *self, const char *title, int text_column, int sort_column, gboolean number)
{
  chrono_compare_add_column (self->tree, title, text_column, sort_column, CHRONO_COMPARE_COLUMN_TINT, number);
}

/* ---- choices and the selected row ---------------------------------------------- */

static gboolean
selected_pair (ChronoCompareView *self, const ChronoDiffEntity **out)
{
  GtkTreeModel *model;
  GtkTreeIter iter;
  if (self->diff == NULL || !gtk_tree_selection_get_selected (gtk_tree_view_get_selection (self->tree), &model, &iter))
    return FALSE;
  guint index;
  gtk_tree_model_get (model, &iter, CHRONO_COMPARE_COLUMN_PAIR, &index, -1);
  *out = &g_array_index (self->diff->both, ChronoDiffEntity, index);
  return TRUE;
}

static void
row_selected (ChronoCompareView *self)
{
  const ChronoDiffEntity *pair;
  ChronoCompareHistogram *histogram = CHRONO_COMPARE_HISTOGRAM (self->histogram);
  gboolean chosen = selected_pair (self, &pair);
  gtk_widget_set_sensitive (self->align, chosen);
  if (!chosen)
    {
      chrono_compare_histogram_show (histogram, NULL, NULL, NULL, NULL, self->metric);
      return;
    }
  chrono_compare_histogram_show (histogram, pair->a, chrono_trace_get_clock (self->a), pair->b,
                                 chrono_trace_get_clock (self->b), self->metric);
}

/* The entity's lanes of both runs, alone in the timeline. */
static void
row_activated (ChronoCompareView *self)
{
  const ChronoDiffEntity *pair;
  if (!selected_pair (self, &pair) || self->timeline == NULL)
    return;
  g_autoptr (GHashTable) lanes = g_hash_table_new (NULL, NULL);
  const ChronoEntityMetrics *runs[] = { pair->a, pair->b };
  for (guint r = 0; r < G_N_ELEMENTS (runs); r++)
    for (guint i = 0; i < runs[r]->lanes->len; i++)
      g_hash_table_add (lanes, g_ptr_array_index (runs[r]->lanes, i));
  chrono_layout_set_shown_lanes (chrono_timeline_view_get_layout (self->timeline), lanes);
  gtk_widget_set_sensitive (self->show_all, TRUE);
}

/* B moved so that the entity's first complete instance is activated when A's is. */
static void
align_clicked (ChronoCompareView *self)
{
  const ChronoDiffEntity *pair;
  if (!selected_pair (self, &pair) || self->timeline == NULL || pair->a->instances->len == 0
      || pair->b->instances->len == 0)
    return;
  chrono_compare_align (self->timeline, g_array_index (pair->a->instances, ChronoInstanceMetrics, 0).activated,
                        g_array_index (pair->b->instances, ChronoInstanceMetrics, 0).activated);
}

static void
show_all_clicked (ChronoCompareView *self)
{
  if (self->timeline != NULL)
    chrono_layout_set_shown_lanes (chrono_timeline_view_get_layout (self->timeline), NULL);
  gtk_widget_set_sensitive (self->show_all, FALSE);
}

static void
measure_chosen (ChronoCompareView *self)
{
  ChronoMetric metric;
  ChronoStat stat;
  if (!chrono_metric_from_name (gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->metric_combo)), &metric)
      || !chrono_stat_from_name (gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->stat_combo)), &stat))
    return;
  self->metric = metric;
  self->stat = stat;
  fill (self);
}

void
chrono_compare_view_set_measure (ChronoCompareView *self, ChronoMetric metric, ChronoStat stat)
{
  g_return_if_fail (CHRONO_IS_COMPARE_VIEW (self));
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->metric_combo), chrono_metric_get_name (metric));
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->stat_combo), chrono_stat_get_name (stat));
}

/* ---- the runs ------------------------------------------------------------------ */

static void
drop_runs (ChronoCompareView *self)
{
  g_clear_pointer (&self->diff, chrono_diff_free);
  g_clear_pointer (&self->metrics_a, g_ptr_array_unref);
  g_clear_pointer (&self->metrics_b, g_ptr_array_unref);
  g_clear_object (&self->a);
  g_clear_object (&self->b);
}

static char *
only_text (GPtrArray *entities, const char *heading)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < entities->len; i++)
    {
      const ChronoEntityMetrics *e = g_ptr_array_index (entities, i);
      g_string_append_printf (out, "%s%s (%s)", out->len == 0 ? heading : ", ", e->name, e->type);
    }
  return g_string_free (out, FALSE);
}

char *
chrono_compare_view_get_only_text (ChronoCompareView *self)
{
  g_return_val_if_fail (CHRONO_IS_COMPARE_VIEW (self), NULL);
  return g_strdup (gtk_label_get_text (GTK_LABEL (self->only)));
}

static void
show_only (ChronoCompareView *self)
{
  g_autofree char *a = only_text (self->diff->only_a, _ ("Only in A: "));
  g_autofree char *b = only_text (self->diff->only_b, _ ("Only in B: "));
  g_autofree char *text = g_strjoin (*a && *b ? "\n" : "", a, b, NULL);
  gtk_label_set_text (GTK_LABEL (self->only), text);
  gtk_widget_set_visible (self->only, *text != '\0');
}

void
chrono_compare_view_show (ChronoCompareView *self, ChronoTrace *a, ChronoTrace *b)
{
  g_return_if_fail (CHRONO_IS_COMPARE_VIEW (self) && chrono_compare_view_applies (a, b));
  drop_runs (self);
  self->a = g_object_ref (a);
  self->b = g_object_ref (b);
  ChronoMetricsOptions options;
  chrono_metrics_options_init (&options);
  self->metrics_a = chrono_metrics_compute (a, &options);
  self->metrics_b = chrono_metrics_compute (b, &options);
  self->diff = chrono_diff_new (self->metrics_a, self->metrics_b);
  g_autofree char *name_a = g_path_get_basename (chrono_trace_get_path (a));
  g_autofree char *name_b = g_path_get_basename (chrono_trace_get_path (b));
  g_autofree char *title = g_strdup_printf (_ ("A: %s\nB: %s"), name_a, name_b);
  gtk_label_set_text (GTK_LABEL (self->title), title);
  show_only (self);
  fill (self);
  /* the flame graph keeps what it needs of both: its bars, and A's times */
  GArray *tasks_a = chrono_task_paths_compute (a, G_MININT64, G_MAXINT64);
  GArray *tasks_b = chrono_task_paths_compute (b, G_MININT64, G_MAXINT64);
  chrono_flame_view_fill_paths (CHRONO_FLAME_VIEW (self->flame), b, tasks_b);
  chrono_flame_view_set_baseline (CHRONO_FLAME_VIEW (self->flame), a, tasks_a);
  chrono_call_paths_free (tasks_a);
  chrono_call_paths_free (tasks_b);
}

GtkTreeView *
chrono_compare_view_get_tree (ChronoCompareView *self)
{
  g_return_val_if_fail (CHRONO_IS_COMPARE_VIEW (self), NULL);
  return self->tree;
}

GtkWidget *
chrono_compare_view_get_flame (ChronoCompareView *self)
{
  g_return_val_if_fail (CHRONO_IS_COMPARE_VIEW (self), NULL);
  return self->flame;
}

GtkWidget *
chrono_compare_view_get_align (ChronoCompareView *self)
{
  g_return_val_if_fail (CHRONO_IS_COMPARE_VIEW (self), NULL);
  return self->align;
}

GtkWidget *
chrono_compare_view_get_histogram (ChronoCompareView *self)
{
  g_return_val_if_fail (CHRONO_IS_COMPARE_VIEW (self), NULL);
  return self->histogram;
}

/* ---- life cycle ------------------------------------------------------------------ */

static GtkWidget *
measure_row (ChronoCompareView *self)
{
  self->metric_combo = gtk_combo_box_text_new ();
  for (ChronoMetric m = 0; m < CHRONO_N_METRICS; m++)
    if (m != CHRONO_METRIC_INVERSIONS)
      gtk_combo_box_text_append (GTK_COMBO_BOX_TEXT (self->metric_combo), chrono_metric_get_name (m),
                                 chrono_metric_get_name (m));
  self->stat_combo = gtk_combo_box_text_new ();
  for (ChronoStat s = 0; s < CHRONO_N_STATS; s++)
    gtk_combo_box_text_append (GTK_COMBO_BOX_TEXT (self->stat_combo), chrono_stat_get_name (s),
                               chrono_stat_get_name (s));
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->metric_combo), chrono_metric_get_name (self->metric));
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->stat_combo), chrono_stat_get_name (self->stat));
  g_signal_connect_swapped (self->metric_combo, "changed", G_CALLBACK (measure_chosen), self);
  g_signal_connect_swapped (self->stat_combo, "changed", G_CALLBACK (measure_chosen), self);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_pack_start (GTK_BOX (row), self->metric_combo, TRUE, TRUE, 0);
  gtk_box_pack_start (GTK_BOX (row), self->stat_combo, FALSE, FALSE, 0);
  return row;
}

static GtkWidget *
table (ChronoCompareView *self)
{
  GType types[CHRONO_N_COMPARE_COLUMNS] = { G_TYPE_STRING, G_TYPE_STRING, G_TYPE_UINT,   G_TYPE_DOUBLE,
                                            G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_STRING,
                                            G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, GDK_TYPE_RGBA };
  self->store = gtk_list_store_newv (CHRONO_N_COMPARE_COLUMNS, types);
  gtk_tree_sortable_set_sort_column_id (GTK_TREE_SORTABLE (self->store), CHRONO_COMPARE_COLUMN_RELATIVE,
                                        GTK_SORT_DESCENDING);
  self->tree = GTK_TREE_VIEW (gtk_tree_view_new_with_model (GTK_TREE_MODEL (self->store)));
  add_column (self, _ ("Entity"), CHRONO_COMPARE_COLUMN_NAME, CHRONO_COMPARE_COLUMN_NAME, FALSE);
  add_column (self, "A", CHRONO_COMPARE_COLUMN_A_TEXT, CHRONO_COMPARE_COLUMN_A, TRUE);
  add_column (self, "B", CHRONO_COMPARE_COLUMN_B_TEXT, CHRONO_COMPARE_COLUMN_B, TRUE);
  add_column (self, _ ("Change"), CHRONO_COMPARE_COLUMN_DELTA_TEXT, CHRONO_COMPARE_COLUMN_DELTA, TRUE);
  add_column (self, "%", CHRONO_COMPARE_COLUMN_RELATIVE_TEXT, CHRONO_COMPARE_COLUMN_RELATIVE, TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->tree),
                               _ ("Red: slower in B by more than 10 %, blue: faster. Click a title to sort by it; "
                                  "double-click an entity to show its lanes of both runs alone."));
  g_signal_connect_swapped (gtk_tree_view_get_selection (self->tree), "changed", G_CALLBACK (row_selected), self);
  g_signal_connect_swapped (self->tree, "row-activated", G_CALLBACK (row_activated), self);
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), TABLE_HEIGHT);
  gtk_scrolled_window_set_shadow_type (GTK_SCROLLED_WINDOW (scroller), GTK_SHADOW_IN);
  gtk_container_add (GTK_CONTAINER (scroller), GTK_WIDGET (self->tree));
  return scroller;
}

static void
chrono_compare_view_dispose (GObject *object)
{
  ChronoCompareView *self = CHRONO_COMPARE_VIEW (object);
  drop_runs (self);
  g_clear_object (&self->store);
  g_clear_object (&self->timeline);
  G_OBJECT_CLASS (chrono_compare_view_parent_class)->dispose (object);
}

static void
chrono_compare_view_class_init (ChronoCompareViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_compare_view_dispose;
}

static void
chrono_compare_view_init (ChronoCompareView *self)
{
  self->metric = CHRONO_METRIC_RESPONSE_TIME;
  self->stat = CHRONO_STAT_P99;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  g_object_set (self, "margin", 6, NULL);
  self->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->title), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (self->title), PANGO_ELLIPSIZE_MIDDLE);
  gtk_style_context_add_class (gtk_widget_get_style_context (self->title), "heading");
  self->only = chrono_compare_note_new (NULL);
  gtk_widget_set_no_show_all (self->only, TRUE);
  self->histogram = chrono_compare_histogram_new ();
  self->show_all = gtk_button_new_with_mnemonic (_ ("Show _All Lanes"));
  gtk_widget_set_sensitive (self->show_all, FALSE);
  g_signal_connect_swapped (self->show_all, "clicked", G_CALLBACK (show_all_clicked), self);
  self->align = gtk_button_new_with_mnemonic (_ ("Align B at Its First _Activation"));
  gtk_widget_set_tooltip_text (self->align, _ ("Move run B so that the selected entity's first complete instance "
                                               "is activated when it is in run A; drag B's heading to move it on"));
  gtk_widget_set_sensitive (self->align, FALSE);
  g_signal_connect_swapped (self->align, "clicked", G_CALLBACK (align_clicked), self);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (buttons), TRUE);
  gtk_container_add (GTK_CONTAINER (buttons), self->align);
  gtk_container_add (GTK_CONTAINER (buttons), self->show_all);
  self->buttons = buttons;
  /* xgettext:no-c-format */
  const char *legend_text = _ ("B's tasks and the runnables they call, as wide as their running time in B: "
                               "grey within ±10 % of A, red slower or new, blue faster.");
  GtkWidget *legend = chrono_compare_note_new (legend_text);
  self->flame = chrono_flame_view_new ();
  GtkWidget *flame_scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (flame_scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (flame_scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (flame_scroller), 120);
  gtk_container_add (GTK_CONTAINER (flame_scroller), self->flame);
  GtkWidget *parts[] = {
    self->title, measure_row (self), table (self), self->histogram, buttons, legend, flame_scroller
  };
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    gtk_container_add (GTK_CONTAINER (self), parts[i]);
  gtk_box_pack_start (GTK_BOX (self), self->only, FALSE, FALSE, 0);
  gtk_box_reorder_child (GTK_BOX (self), self->only, 1);
}

GtkWidget *
chrono_compare_view_new (ChronoTimelineView *timeline)
{
  g_return_val_if_fail (timeline == NULL || CHRONO_IS_TIMELINE_VIEW (timeline), NULL);
  ChronoCompareView *self = g_object_new (CHRONO_TYPE_COMPARE_VIEW, NULL);
  if (timeline != NULL)
    {
      self->timeline = g_object_ref (timeline);
      GtkWidget *markers = chrono_compare_markers_button_new (timeline);
      gtk_container_add (GTK_CONTAINER (self->buttons), markers);
      gtk_box_reorder_child (GTK_BOX (self->buttons), markers, 1);
    }
  return GTK_WIDGET (self);
}
