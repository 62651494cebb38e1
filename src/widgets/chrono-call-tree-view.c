/* chrono-call-tree-view.c — the paths come sorted with each path before
 * those under it, so a row's parent is always there when it is added:
 * found by its joined path in a table kept while the tree fills.  A refill
 * (the view zoomed) keeps the rows open and the one selected, by path. */
#include "chrono-call-tree-view.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "chrono-call-paths.h"
#include "chrono-widget-util.h"

#define NAME_WIDTH 170

struct _ChronoCallTreeView {
  GtkScrolledWindow parent_instance;
  GtkTreeStore *store;
  GtkTreeView *tree;
  gboolean refilling; /* the selection changes only because the rows are replaced */
};

enum { REGION_CHOSEN, PATH_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoCallTreeView, chrono_call_tree_view, GTK_TYPE_SCROLLED_WINDOW)

gboolean
chrono_call_tree_view_applies (ChronoTrace *trace)
{
  return !chrono_trace_is_lazy (trace) && (chrono_trace_get_features (trace) & CHRONO_TRACE_HAS_CALLS);
}

static char *
joined_prefix (const ChronoCallPath *path, guint n)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s", i ? ";" : "", (const char *) g_ptr_array_index (path->names, i));
  return g_string_free (out, FALSE);
}

static char *
path_at (GtkTreeModel *model, GtkTreeIter *iter)
{
  char *key = NULL;
  gtk_tree_model_get (model, iter, CHRONO_CALL_TREE_COLUMN_PATH, &key, -1);
  return key;
}

static void
add_expanded (GtkTreeView *tree, GtkTreePath *row, gpointer open)
{
  GtkTreeIter iter;
  if (gtk_tree_model_get_iter (gtk_tree_view_get_model (tree), &iter, row))
    g_hash_table_add (open, path_at (gtk_tree_view_get_model (tree), &iter));
}

static char *
selected_path (ChronoCallTreeView *self)
{
  GtkTreeModel *model;
  GtkTreeIter iter;
  return gtk_tree_selection_get_selected (gtk_tree_view_get_selection (self->tree), &model, &iter)
             ? path_at (model, &iter)
             : NULL;
}

/* The rows open before, and the one selected, as they were; the selection
 * announced only when its path is gone. */
static void
restore (ChronoCallTreeView *self, GHashTable *rows, GHashTable *open, const char *selected)
{
  GHashTableIter at;
  gpointer key, iter;
  g_hash_table_iter_init (&at, rows);
  while (g_hash_table_iter_next (&at, &key, &iter))
    if (g_hash_table_contains (open, key))
      {
        g_autoptr (GtkTreePath) row = gtk_tree_model_get_path (GTK_TREE_MODEL (self->store), iter);
        gtk_tree_view_expand_to_path (self->tree, row);
      }
  GtkTreeIter *chosen = selected != NULL ? g_hash_table_lookup (rows, selected) : NULL;
  if (chosen != NULL)
    gtk_tree_selection_select_iter (gtk_tree_view_get_selection (self->tree), chosen);
}

void
chrono_call_tree_view_fill (ChronoCallTreeView *self, ChronoTrace *trace, GPtrArray *lanes, gint64 begin, gint64 end)
{
  g_return_if_fail (CHRONO_IS_CALL_TREE_VIEW (self) && CHRONO_IS_TRACE (trace));
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GArray *paths = chrono_call_paths_compute (trace, lanes, begin, end);
  g_autoptr (GHashTable) rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GHashTable) open = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gtk_tree_view_map_expanded_rows (self->tree, add_expanded, open);
  g_autofree char *selected = selected_path (self);
  self->refilling = TRUE;
  gtk_tree_view_set_model (self->tree, NULL);
  gtk_tree_store_clear (self->store);
  for (guint i = 0; i < paths->len; i++)
    {
      const ChronoCallPath *p = &g_array_index (paths, ChronoCallPath, i);
      g_autofree char *parent_key = joined_prefix (p, p->names->len - 1);
      GtkTreeIter *parent = p->names->len > 1 ? g_hash_table_lookup (rows, parent_key) : NULL;
      g_autofree char *inclusive = chrono_clock_format_ticks (clock, p->inclusive, 4);
      g_autofree char *exclusive = chrono_clock_format_ticks (clock, p->exclusive, 4);
      char *key = joined_prefix (p, p->names->len);
      g_autofree char *tooltip = g_markup_printf_escaped (
          _ ("<b>%s</b>\n%" PRIu64 " calls · inclusive %s · exclusive %s"), key, p->calls, inclusive, exclusive);
      GtkTreeIter iter;
      gtk_tree_store_insert_with_values (
          self->store, &iter, parent, -1, CHRONO_CALL_TREE_COLUMN_NAME,
          (const char *) g_ptr_array_index (p->names, p->names->len - 1), CHRONO_CALL_TREE_COLUMN_CALLS, p->calls,
          CHRONO_CALL_TREE_COLUMN_INCLUSIVE, p->inclusive, CHRONO_CALL_TREE_COLUMN_EXCLUSIVE, p->exclusive,
          CHRONO_CALL_TREE_COLUMN_INCLUSIVE_TEXT, inclusive, CHRONO_CALL_TREE_COLUMN_EXCLUSIVE_TEXT, exclusive,
          CHRONO_CALL_TREE_COLUMN_PATH, key, CHRONO_CALL_TREE_COLUMN_TOOLTIP, tooltip, -1);
      g_hash_table_insert (rows, key, g_memdup2 (&iter, sizeof iter));
    }
  chrono_call_paths_free (paths);
  gtk_tree_view_set_model (self->tree, GTK_TREE_MODEL (self->store));
  restore (self, rows, open, selected);
  self->refilling = FALSE;
  g_autofree char *now = selected_path (self);
  if (selected != NULL && now == NULL)
    {
      g_signal_emit (self, signals[REGION_CHOSEN], 0, NULL);
      g_signal_emit (self, signals[PATH_CHOSEN], 0, NULL);
    }
}

GtkTreeView *
chrono_call_tree_view_get_tree (ChronoCallTreeView *self)
{
  g_return_val_if_fail (CHRONO_IS_CALL_TREE_VIEW (self), NULL);
  return self->tree;
}

static void
selection_changed (ChronoCallTreeView *self, GtkTreeSelection *selection)
{
  if (self->refilling)
    return;
  GtkTreeModel *model;
  GtkTreeIter iter;
  g_autofree char *name = NULL, *path = NULL;
  if (gtk_tree_selection_get_selected (selection, &model, &iter))
    gtk_tree_model_get (model, &iter, CHRONO_CALL_TREE_COLUMN_NAME, &name, CHRONO_CALL_TREE_COLUMN_PATH, &path, -1);
  g_signal_emit (self, signals[REGION_CHOSEN], 0, name);
  g_signal_emit (self, signals[PATH_CHOSEN], 0, path);
}

static void
add_column (ChronoCallTreeView *self, const char *title, int text_column, int sort_column, gboolean numeric)
{
  chrono_tree_view_add_figure_column (self->tree, title, text_column, sort_column, numeric ? 0 : NAME_WIDTH,
                                      PANGO_ELLIPSIZE_END);
}

static void
chrono_call_tree_view_dispose (GObject *object)
{
  g_clear_object (&CHRONO_CALL_TREE_VIEW (object)->store);
  G_OBJECT_CLASS (chrono_call_tree_view_parent_class)->dispose (object);
}

static void
chrono_call_tree_view_class_init (ChronoCallTreeViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_call_tree_view_dispose;
  signals[REGION_CHOSEN] = g_signal_new ("region-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                         NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[PATH_CHOSEN] = g_signal_new ("path-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
chrono_call_tree_view_init (ChronoCallTreeView *self)
{
  self->store = gtk_tree_store_new (CHRONO_N_CALL_TREE_COLUMNS, G_TYPE_STRING, G_TYPE_UINT64, G_TYPE_INT64,
                                    G_TYPE_INT64, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
  gtk_tree_sortable_set_sort_column_id (GTK_TREE_SORTABLE (self->store), CHRONO_CALL_TREE_COLUMN_INCLUSIVE,
                                        GTK_SORT_DESCENDING);
  self->tree = GTK_TREE_VIEW (gtk_tree_view_new_with_model (GTK_TREE_MODEL (self->store)));
  add_column (self, _ ("Call path"), CHRONO_CALL_TREE_COLUMN_NAME, CHRONO_CALL_TREE_COLUMN_NAME, FALSE);
  add_column (self, _ ("Calls"), CHRONO_CALL_TREE_COLUMN_CALLS, CHRONO_CALL_TREE_COLUMN_CALLS, TRUE);
  add_column (self, _ ("Inclusive"), CHRONO_CALL_TREE_COLUMN_INCLUSIVE_TEXT, CHRONO_CALL_TREE_COLUMN_INCLUSIVE, TRUE);
  add_column (self, _ ("Exclusive"), CHRONO_CALL_TREE_COLUMN_EXCLUSIVE_TEXT, CHRONO_CALL_TREE_COLUMN_EXCLUSIVE, TRUE);
  gtk_tree_view_set_tooltip_column (self->tree, CHRONO_CALL_TREE_COLUMN_TOOLTIP);
  g_signal_connect_swapped (gtk_tree_view_get_selection (self->tree), "changed", G_CALLBACK (selection_changed), self);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_container_add (GTK_CONTAINER (self), GTK_WIDGET (self->tree));
}

GtkWidget *
chrono_call_tree_view_new (void)
{
  return g_object_new (CHRONO_TYPE_CALL_TREE_VIEW, "hadjustment", NULL, "vadjustment", NULL, NULL);
}
