/* chrono-range-counters-view.c — a table of figures under a heading; a
 * lane's name is its path, shortened at its start (the counter's own name
 * is at the end) and whole in the tooltip. */
#include "chrono-range-counters-view.h"

#include <glib/gi18n-lib.h>

#include "chrono-range-counters.h"
#include "chrono-widget-util.h"

#define NAME_WIDTH 150

struct _ChronoRangeCountersView {
  GtkBox parent_instance;
  GtkListStore *store;
  GtkTreeView *tree;
};

G_DEFINE_FINAL_TYPE (ChronoRangeCountersView, chrono_range_counters_view, GTK_TYPE_BOX)

void
chrono_range_counters_view_clear (ChronoRangeCountersView *self)
{
  g_return_if_fail (CHRONO_IS_RANGE_COUNTERS_VIEW (self));
  gtk_list_store_clear (self->store);
  gtk_widget_hide (GTK_WIDGET (self));
}

static char *
figure_text (gboolean known, double value)
{
  return known ? g_strdup_printf ("%.4g", value) : g_strdup ("—");
}

void
chrono_range_counters_view_add (ChronoRangeCountersView *self, ChronoTrace *trace, gint64 begin, gint64 end)
{
  g_return_if_fail (CHRONO_IS_RANGE_COUNTERS_VIEW (self) && CHRONO_IS_TRACE (trace));
  g_autoptr (GArray) counters = chrono_range_counters_compute (trace, begin, end);
  for (guint i = 0; i < counters->len; i++)
    {
      const ChronoRangeCounter *c = &g_array_index (counters, ChronoRangeCounter, i);
      gboolean changed = c->has_values && (c->is_rate || c->has_ends);
      g_autofree char *path = chrono_lane_dup_path (c->lane);
      g_autofree char *min = figure_text (c->has_values, c->min), *mean = figure_text (c->has_values, c->mean);
      g_autofree char *max = figure_text (c->has_values, c->max), *change = figure_text (changed, c->change);
      g_autofree char *per_second = figure_text (changed, c->per_second);
      gtk_list_store_insert_with_values (
          self->store, NULL, -1, CHRONO_RANGE_COUNTER_COLUMN_LANE, path, CHRONO_RANGE_COUNTER_COLUMN_MIN,
          c->has_values ? c->min : -G_MAXDOUBLE, CHRONO_RANGE_COUNTER_COLUMN_MEAN,
          c->has_values ? c->mean : -G_MAXDOUBLE, CHRONO_RANGE_COUNTER_COLUMN_MAX,
          c->has_values ? c->max : -G_MAXDOUBLE, CHRONO_RANGE_COUNTER_COLUMN_CHANGE, changed ? c->change : -G_MAXDOUBLE,
          CHRONO_RANGE_COUNTER_COLUMN_PER_SECOND, changed ? c->per_second : -G_MAXDOUBLE,
          CHRONO_RANGE_COUNTER_COLUMN_MIN_TEXT, min, CHRONO_RANGE_COUNTER_COLUMN_MEAN_TEXT, mean,
          CHRONO_RANGE_COUNTER_COLUMN_MAX_TEXT, max, CHRONO_RANGE_COUNTER_COLUMN_CHANGE_TEXT, change,
          CHRONO_RANGE_COUNTER_COLUMN_PER_SECOND_TEXT, per_second, -1);
    }
  if (counters->len > 0)
    gtk_widget_show (GTK_WIDGET (self));
}

GtkTreeView *
chrono_range_counters_view_get_tree (ChronoRangeCountersView *self)
{
  g_return_val_if_fail (CHRONO_IS_RANGE_COUNTERS_VIEW (self), NULL);
  return self->tree;
}

static void
chrono_range_counters_view_dispose (GObject *object)
{
  g_clear_object (&CHRONO_RANGE_COUNTERS_VIEW (object)->store);
  G_OBJECT_CLASS (chrono_range_counters_view_parent_class)->dispose (object);
}

static void
chrono_range_counters_view_class_init (ChronoRangeCountersViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_range_counters_view_dispose;
}

static void
chrono_range_counters_view_init (ChronoRangeCountersView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  self->store = gtk_list_store_new (CHRONO_N_RANGE_COUNTER_COLUMNS, G_TYPE_STRING, G_TYPE_DOUBLE, G_TYPE_DOUBLE,
                                    G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_STRING, G_TYPE_STRING,
                                    G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
  self->tree = GTK_TREE_VIEW (gtk_tree_view_new_with_model (GTK_TREE_MODEL (self->store)));
  gtk_tree_view_set_tooltip_column (self->tree, CHRONO_RANGE_COUNTER_COLUMN_LANE);
  chrono_tree_view_add_figure_column (self->tree, _ ("Counter"), CHRONO_RANGE_COUNTER_COLUMN_LANE,
                                      CHRONO_RANGE_COUNTER_COLUMN_LANE, NAME_WIDTH, PANGO_ELLIPSIZE_START);
  const struct {
    const char *title;
    int text, sort;
  } figures[] = {
    { _ ("Min"), CHRONO_RANGE_COUNTER_COLUMN_MIN_TEXT, CHRONO_RANGE_COUNTER_COLUMN_MIN },
    { _ ("Mean"), CHRONO_RANGE_COUNTER_COLUMN_MEAN_TEXT, CHRONO_RANGE_COUNTER_COLUMN_MEAN },
    { _ ("Max"), CHRONO_RANGE_COUNTER_COLUMN_MAX_TEXT, CHRONO_RANGE_COUNTER_COLUMN_MAX },
    { _ ("Change"), CHRONO_RANGE_COUNTER_COLUMN_CHANGE_TEXT, CHRONO_RANGE_COUNTER_COLUMN_CHANGE },
    { _ ("Per second"), CHRONO_RANGE_COUNTER_COLUMN_PER_SECOND_TEXT, CHRONO_RANGE_COUNTER_COLUMN_PER_SECOND },
  };
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    chrono_tree_view_add_figure_column (self->tree, figures[i].title, figures[i].text, figures[i].sort, 0,
                                        PANGO_ELLIPSIZE_NONE);
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_shadow_type (GTK_SCROLLED_WINDOW (scroller), GTK_SHADOW_IN);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 200);
  gtk_container_add (GTK_CONTAINER (scroller), GTK_WIDGET (self->tree));
  GtkWidget *heading = chrono_widget_heading (_ ("Counters in the range"));
  gtk_widget_set_tooltip_text (heading, _ ("A counter shown as its rate changes by the rate's integral over the "
                                           "range: what the counter grew by. Any other signal changes by its value "
                                           "at the end less its value at the start."));
  gtk_container_add (GTK_CONTAINER (self), heading);
  gtk_container_add (GTK_CONTAINER (self), scroller);
  gtk_widget_show_all (GTK_WIDGET (self));
  gtk_widget_set_no_show_all (GTK_WIDGET (self), TRUE);
  gtk_widget_hide (GTK_WIDGET (self));
}

GtkWidget *
chrono_range_counters_view_new (void)
{
  return g_object_new (CHRONO_TYPE_RANGE_COUNTERS_VIEW, NULL);
}
