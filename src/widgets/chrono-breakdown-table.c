/* chrono-breakdown-table.c — the list holds ticks; the cells format them
 * with the trace's clock as they are drawn, so sorting compares numbers
 * and a new time origin only redraws.  A part no instance spent time in
 * (most tasks never poll) gets no column. */
#include <glib/gi18n-lib.h>

#include "chrono-blocking.h"
#include "chrono-breakdown-table.h"

#define N_COLUMNS (CHRONO_BREAKDOWN_COLUMN_FIRST_PART + CHRONO_N_BREAKDOWN)
#define TABLE_HEIGHT 220

struct _ChronoBreakdownTable {
  GtkBox parent_instance;
  GtkWidget *heading;
  GtkTreeView *tree;
  GtkListStore *store;
  ChronoTrace *trace; /* whose clock formats the times */
  gint64 origin;
};

G_DEFINE_FINAL_TYPE (ChronoBreakdownTable, chrono_breakdown_table, GTK_TYPE_BOX)

enum { INSTANCE_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
format_ticks (GtkTreeViewColumn *column, GtkCellRenderer *cell, GtkTreeModel *model, GtkTreeIter *iter, gpointer data)
{
  ChronoBreakdownTable *self = g_object_get_data (G_OBJECT (column), "table");
  int model_column = GPOINTER_TO_INT (data);
  gint64 ticks;
  gtk_tree_model_get (model, iter, model_column, &ticks, -1);
  if (model_column == CHRONO_BREAKDOWN_COLUMN_ACTIVATED)
    ticks -= self->origin;
  g_autofree char *text =
      self->trace != NULL ? chrono_clock_format_ticks (chrono_trace_get_clock (self->trace), ticks, 4) : g_strdup ("");
  /* a part the instance spent no time in stays blank: the others stand out */
  gboolean blank = model_column >= CHRONO_BREAKDOWN_COLUMN_FIRST_PART && ticks == 0;
  g_object_set (cell, "text", blank ? "" : text, NULL);
}

static void
format_number (GtkTreeViewColumn *column, GtkCellRenderer *cell, GtkTreeModel *model, GtkTreeIter *iter, gpointer data)
{
  gint64 number;
  gtk_tree_model_get (model, iter, CHRONO_BREAKDOWN_COLUMN_NUMBER, &number, -1);
  g_autofree char *text = number != G_MININT64 ? g_strdup_printf ("%" G_GINT64_FORMAT, number) : g_strdup ("—");
  g_object_set (cell, "text", text, NULL);
}

/* Titles short enough for the side panel; the tooltips say them in full. */
static const char *
part_title (ChronoBreakdownPart part)
{
  switch (part)
    {
    case CHRONO_BREAKDOWN_RUNNING: return _ ("Running");
    case CHRONO_BREAKDOWN_READY: return C_ ("breakdown column", "Preempted");
    case CHRONO_BREAKDOWN_SEMAPHORE: return C_ ("breakdown column", "Semaphore");
    case CHRONO_BREAKDOWN_OS_EVENT: return C_ ("breakdown column", "OS event");
    case CHRONO_BREAKDOWN_POLLING: return _ ("Polling");
    case CHRONO_BREAKDOWN_PARKING: return _ ("Parking");
    default: g_return_val_if_reached ("");
    }
}

static void
add_column (ChronoBreakdownTable *self, const char *title, int model_column)
{
  GtkCellRenderer *cell = gtk_cell_renderer_text_new ();
  g_object_set (cell, "xalign", 1.0, NULL);
  GtkTreeViewColumn *column = gtk_tree_view_column_new ();
  gtk_tree_view_column_set_title (column, title);
  gtk_tree_view_column_pack_start (column, cell, TRUE);
  g_object_set_data (G_OBJECT (column), "table", self);
  if (model_column == CHRONO_BREAKDOWN_COLUMN_NUMBER)
    gtk_tree_view_column_set_cell_data_func (column, cell, format_number, NULL, NULL);
  else
    gtk_tree_view_column_set_cell_data_func (column, cell, format_ticks, GINT_TO_POINTER (model_column), NULL);
  gtk_tree_view_column_set_sort_column_id (column, model_column);
  gtk_tree_view_column_set_resizable (column, TRUE);
  gtk_tree_view_append_column (self->tree, column);
}

static void
remove_columns (ChronoBreakdownTable *self)
{
  GtkTreeViewColumn *column;
  while ((column = gtk_tree_view_get_column (self->tree, 0)) != NULL)
    gtk_tree_view_remove_column (self->tree, column);
}

static void
add_instance (ChronoBreakdownTable *self, ChronoBlocking *blocking, const ChronoInstanceMetrics *m, guint index,
              gboolean used[CHRONO_N_BREAKDOWN])
{
  gint64 ticks[CHRONO_N_BREAKDOWN];
  chrono_blocking_instance_breakdown (blocking, m->lane, m->index, ticks);
  GtkTreeIter iter;
  gtk_list_store_append (self->store, &iter);
  gtk_list_store_set (self->store, &iter, CHRONO_BREAKDOWN_COLUMN_INDEX, index, CHRONO_BREAKDOWN_COLUMN_NUMBER,
                      m->number, CHRONO_BREAKDOWN_COLUMN_ACTIVATED, m->activated, CHRONO_BREAKDOWN_COLUMN_RESPONSE,
                      m->terminated - m->activated, -1);
  for (guint p = 0; p < CHRONO_N_BREAKDOWN; p++)
    {
      gtk_list_store_set (self->store, &iter, CHRONO_BREAKDOWN_COLUMN_FIRST_PART + p, ticks[p], -1);
      used[p] |= ticks[p] != 0;
    }
}

void
chrono_breakdown_table_show (ChronoBreakdownTable *self, ChronoTrace *trace, const ChronoEntityMetrics *entity,
                             gint64 origin)
{
  g_return_if_fail (CHRONO_IS_BREAKDOWN_TABLE (self));
  g_set_object (&self->trace, trace);
  self->origin = origin;
  remove_columns (self);
  gtk_tree_view_set_model (self->tree, NULL); /* no redraw per row while it fills */
  gtk_list_store_clear (self->store);
  gtk_widget_set_visible (GTK_WIDGET (self), entity != NULL && trace != NULL && entity->kind == CHRONO_LANE_PROCESS);
  if (!gtk_widget_get_visible (GTK_WIDGET (self)))
    return;
  g_autoptr (ChronoBlocking) blocking = chrono_blocking_new (trace);
  gboolean used[CHRONO_N_BREAKDOWN] = { TRUE, TRUE }; /* running and preempted, always */
  for (guint i = 0; i < entity->instances->len; i++)
    add_instance (self, blocking, &g_array_index (entity->instances, ChronoInstanceMetrics, i), i, used);
  add_column (self, _ ("#"), CHRONO_BREAKDOWN_COLUMN_NUMBER);
  add_column (self, _ ("Activated"), CHRONO_BREAKDOWN_COLUMN_ACTIVATED);
  add_column (self, _ ("Response"), CHRONO_BREAKDOWN_COLUMN_RESPONSE);
  for (guint p = 0; p < CHRONO_N_BREAKDOWN; p++)
    if (used[p])
      {
        add_column (self, part_title (p), CHRONO_BREAKDOWN_COLUMN_FIRST_PART + p);
        GtkTreeViewColumn *column = gtk_tree_view_get_column (self->tree, gtk_tree_view_get_n_columns (self->tree) - 1);
        gtk_widget_set_tooltip_text (gtk_tree_view_column_get_button (column), chrono_breakdown_part_get_label (p));
      }
  gtk_tree_view_set_model (self->tree, GTK_TREE_MODEL (self->store));
}

void
chrono_breakdown_table_set_origin (ChronoBreakdownTable *self, gint64 origin)
{
  g_return_if_fail (CHRONO_IS_BREAKDOWN_TABLE (self));
  self->origin = origin;
  gtk_widget_queue_draw (GTK_WIDGET (self->tree));
}

GtkTreeView *
chrono_breakdown_table_get_tree (ChronoBreakdownTable *self)
{
  g_return_val_if_fail (CHRONO_IS_BREAKDOWN_TABLE (self), NULL);
  return self->tree;
}

static void
row_activated (ChronoBreakdownTable *self, GtkTreePath *path, GtkTreeViewColumn *column, GtkTreeView *tree)
{
  GtkTreeIter iter;
  if (!gtk_tree_model_get_iter (GTK_TREE_MODEL (self->store), &iter, path))
    return;
  guint index;
  gtk_tree_model_get (GTK_TREE_MODEL (self->store), &iter, CHRONO_BREAKDOWN_COLUMN_INDEX, &index, -1);
  g_signal_emit (self, signals[INSTANCE_ACTIVATED], 0, index);
}

static void
chrono_breakdown_table_dispose (GObject *object)
{
  ChronoBreakdownTable *self = CHRONO_BREAKDOWN_TABLE (object);
  g_clear_object (&self->store);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (chrono_breakdown_table_parent_class)->dispose (object);
}

static void
chrono_breakdown_table_class_init (ChronoBreakdownTableClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_breakdown_table_dispose;
  signals[INSTANCE_ACTIVATED] = g_signal_new ("instance-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                              NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
chrono_breakdown_table_init (ChronoBreakdownTable *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 4);
  self->heading = gtk_label_new (_ ("Where each instance's time went"));
  gtk_label_set_xalign (GTK_LABEL (self->heading), 0.0);
  gtk_style_context_add_class (gtk_widget_get_style_context (self->heading), "heading");
  GType types[N_COLUMNS];
  types[CHRONO_BREAKDOWN_COLUMN_INDEX] = G_TYPE_UINT;
  for (int c = CHRONO_BREAKDOWN_COLUMN_NUMBER; c < N_COLUMNS; c++)
    types[c] = G_TYPE_INT64;
  self->store = gtk_list_store_newv (N_COLUMNS, types);
  self->tree = GTK_TREE_VIEW (gtk_tree_view_new_with_model (GTK_TREE_MODEL (self->store)));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->tree),
                               _ ("Click a column's title to sort by it; double-click an instance to go to it."));
  g_signal_connect_swapped (self->tree, "row-activated", G_CALLBACK (row_activated), self);
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), TABLE_HEIGHT);
  gtk_scrolled_window_set_shadow_type (GTK_SCROLLED_WINDOW (scroller), GTK_SHADOW_IN);
  gtk_container_add (GTK_CONTAINER (scroller), GTK_WIDGET (self->tree));
  gtk_container_add (GTK_CONTAINER (self), self->heading);
  gtk_container_add (GTK_CONTAINER (self), scroller);
}

GtkWidget *
chrono_breakdown_table_new (void)
{
  return g_object_new (CHRONO_TYPE_BREAKDOWN_TABLE, NULL);
}
