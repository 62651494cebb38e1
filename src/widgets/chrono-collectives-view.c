/* chrono-collectives-view.c — the table is refilled from the trace's spans
 * whenever the communicator changes: collectives are few. */
#include "chrono-collectives-view.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "chrono-collectives.h"
#include "chrono-compare-cells.h"

struct _ChronoCollectivesView {
  GtkBox parent_instance;
  ChronoTrace *trace;
  GtkWidget *totals;
  GtkTreeView *tree;
  GtkListStore *store;
};

G_DEFINE_FINAL_TYPE (ChronoCollectivesView, chrono_collectives_view, GTK_TYPE_BOX)

gboolean
chrono_collectives_view_applies (ChronoTrace *trace)
{
  g_autoptr (GArray) groups = trace != NULL ? chrono_collective_summary (trace, NULL) : NULL;
  return groups != NULL && groups->len > 0;
}

void
chrono_collectives_view_set_communicator (ChronoCollectivesView *self, const char *communicator)
{
  g_return_if_fail (CHRONO_IS_COLLECTIVES_VIEW (self));
  g_autoptr (GArray) groups = chrono_collective_summary (self->trace, communicator);
  gtk_list_store_clear (self->store);
  guint64 count = 0, sent = 0, received = 0;
  for (guint i = 0; groups != NULL && i < groups->len; i++)
    {
      const ChronoCollectiveGroup *g = &g_array_index (groups, ChronoCollectiveGroup, i);
      gtk_list_store_insert_with_values (self->store, NULL, -1, CHRONO_COLLECTIVES_COLUMN_OPERATION, g->operation,
                                         CHRONO_COLLECTIVES_COLUMN_COMMUNICATOR, g->communicator,
                                         CHRONO_COLLECTIVES_COLUMN_COUNT, g->count, CHRONO_COLLECTIVES_COLUMN_SENT,
                                         g->bytes_sent, CHRONO_COLLECTIVES_COLUMN_RECEIVED, g->bytes_received, -1);
      count += g->count;
      sent = chrono_ticks_add (sent, g->bytes_sent);
      received = chrono_ticks_add (received, g->bytes_received);
    }
  g_autofree char *sent_text = g_format_size (sent), *received_text = g_format_size (received);
  /* TRANSLATORS: the collective operations of the run (or of the communicator chosen), apart from its messages */
  g_autofree char *totals = g_strdup_printf (
      _ ("Collective operations: %" PRIu64 " times a location took part, %s sent and %s received in them"), count,
      sent_text, received_text);
  gtk_label_set_text (GTK_LABEL (self->totals), totals);
}

GtkTreeView *
chrono_collectives_view_get_tree (ChronoCollectivesView *self)
{
  g_return_val_if_fail (CHRONO_IS_COLLECTIVES_VIEW (self), NULL);
  return self->tree;
}

static void
chrono_collectives_view_dispose (GObject *object)
{
  ChronoCollectivesView *self = CHRONO_COLLECTIVES_VIEW (object);
  g_clear_object (&self->store);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (chrono_collectives_view_parent_class)->dispose (object);
}

static void
chrono_collectives_view_class_init (ChronoCollectivesViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_collectives_view_dispose;
}

static void
add_column (ChronoCollectivesView *self, const char *title, int column, gboolean number)
{
  GtkCellRenderer *cell = gtk_cell_renderer_text_new ();
  if (number)
    g_object_set (cell, "xalign", 1.0, NULL);
  GtkTreeViewColumn *c = gtk_tree_view_column_new_with_attributes (title, cell, "text", column, NULL);
  gtk_tree_view_column_set_sort_column_id (c, column);
  gtk_tree_view_column_set_resizable (c, TRUE);
  gtk_tree_view_column_set_expand (c, !number);
  gtk_tree_view_append_column (self->tree, c);
}

static void
chrono_collectives_view_init (ChronoCollectivesView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  self->totals = chrono_compare_note_new (NULL);
  self->store = gtk_list_store_new (CHRONO_N_COLLECTIVES_COLUMNS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_UINT64,
                                    G_TYPE_UINT64, G_TYPE_UINT64);
  self->tree = GTK_TREE_VIEW (gtk_tree_view_new_with_model (GTK_TREE_MODEL (self->store)));
  add_column (self, _ ("Operation"), CHRONO_COLLECTIVES_COLUMN_OPERATION, FALSE);
  add_column (self, _ ("Communicator"), CHRONO_COLLECTIVES_COLUMN_COMMUNICATOR, FALSE);
  add_column (self, _ ("Count"), CHRONO_COLLECTIVES_COLUMN_COUNT, TRUE);
  add_column (self, _ ("Bytes sent"), CHRONO_COLLECTIVES_COLUMN_SENT, TRUE);
  add_column (self, _ ("Bytes received"), CHRONO_COLLECTIVES_COLUMN_RECEIVED, TRUE);
  gtk_container_add (GTK_CONTAINER (self), self->totals);
  gtk_container_add (GTK_CONTAINER (self), GTK_WIDGET (self->tree));
}

GtkWidget *
chrono_collectives_view_new (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  ChronoCollectivesView *self = g_object_new (CHRONO_TYPE_COLLECTIVES_VIEW, NULL);
  self->trace = g_object_ref (trace);
  chrono_collectives_view_set_communicator (self, NULL);
  return GTK_WIDGET (self);
}
