/* chrono-range-view-cells.c — the Range page's cells: each formatted with
 * the clock of the trace its row belongs to (the traces of a set count in
 * units of their own), as durations, shares of the range and counts. Apart
 * from computing the tables because the stores keep raw figures and these
 * cell functions alone turn them into text, for the tables and the tests. */
#include "chrono-range-view-private.h"

#include <glib/gi18n-lib.h>

static char *
format_lane_cell (ChronoRangeView *self, GtkTreeModel *model, GtkTreeIter *iter, int column)
{
  guint member, index;
  gtk_tree_model_get (model, iter, CHRONO_RANGE_LANES_MEMBER, &member, CHRONO_RANGE_LANES_INDEX, &index, -1);
  const ChronoRangeLane *r = chrono_range_view_lane_row (self, member, index);
  const ChronoClock *clock = chrono_range_view_clock_of (self, member);
  switch (column)
    {
      case CHRONO_RANGE_LANES_NAME: {
        char *name;
        gtk_tree_model_get (model, iter, CHRONO_RANGE_LANES_NAME, &name, -1);
        return name;
      }
      case CHRONO_RANGE_LANES_BUSY: {
        double share;
        gtk_tree_model_get (model, iter, CHRONO_RANGE_LANES_BUSY, &share, -1);
        return g_strdup_printf ("%.1f %%", 100.0 * share);
      }
    case CHRONO_RANGE_LANES_ITEMS: return g_strdup_printf ("%u", r->begun);
    case CHRONO_RANGE_LANES_LONGEST:
      return r->has_longest
                 ? chrono_clock_format_duration (clock, chrono_ticks_between (r->longest_start, r->longest_end), 4)
                 : g_strdup ("—");
      default: {
        guint64 ticks = r->time_in_state[column - CHRONO_RANGE_LANES_STATE];
        return ticks > 0 ? chrono_clock_format_duration (clock, ticks, 4) : g_strdup ("");
      }
    }
}

void
chrono_range_view_lane_cell (GtkTreeViewColumn *column, GtkCellRenderer *cell, GtkTreeModel *model, GtkTreeIter *iter,
                             gpointer data)
{
  ChronoRangeView *self = g_object_get_data (G_OBJECT (column), "view");
  g_autofree char *text = format_lane_cell (self, model, iter, GPOINTER_TO_INT (data));
  g_object_set (cell, "text", text, NULL);
}

static char *
format_metric_cell (ChronoRangeView *self, GtkTreeModel *model, GtkTreeIter *iter, int column)
{
  guint member, index;
  int metric;
  gtk_tree_model_get (model, iter, CHRONO_RANGE_METRICS_MEMBER, &member, CHRONO_RANGE_METRICS_INDEX, &index,
                      CHRONO_RANGE_METRICS_METRIC, &metric, -1);
  const ChronoMetricSummary *s = &chrono_range_view_entity_row (self, member, index)->summary[metric];
  const ChronoClock *clock = chrono_range_view_clock_of (self, member);
  switch (column)
    {
      case CHRONO_RANGE_METRICS_ENTITY: {
        char *name;
        gtk_tree_model_get (model, iter, CHRONO_RANGE_METRICS_ENTITY, &name, -1);
        return name;
      }
    case CHRONO_RANGE_METRICS_METRIC: return g_strdup (chrono_range_view_metric_label (metric));
    case CHRONO_RANGE_METRICS_COUNT: return g_strdup_printf ("%u", s->count);
    case CHRONO_RANGE_METRICS_MIN: return chrono_clock_format_ticks (clock, s->min, 4);
    /* rounded to a whole tick, as the Metrics page shows it */
    case CHRONO_RANGE_METRICS_MEAN:
      return chrono_clock_format_ticks (clock, (gint64) ((s->sum + s->count / 2) / s->count), 4);
    case CHRONO_RANGE_METRICS_P95: return chrono_clock_format_ticks (clock, s->p95, 4);
    case CHRONO_RANGE_METRICS_MAX: return chrono_clock_format_ticks (clock, s->max, 4);
    default: g_return_val_if_reached (NULL);
    }
}

void
chrono_range_view_metric_cell (GtkTreeViewColumn *column, GtkCellRenderer *cell, GtkTreeModel *model, GtkTreeIter *iter,
                               gpointer data)
{
  ChronoRangeView *self = g_object_get_data (G_OBJECT (column), "view");
  g_autofree char *text = format_metric_cell (self, model, iter, GPOINTER_TO_INT (data));
  g_object_set (cell, "text", text, NULL);
}

char *
chrono_range_view_get_lane_row_text (ChronoRangeView *self, guint row)
{
  g_return_val_if_fail (CHRONO_IS_RANGE_VIEW (self), NULL);
  GtkTreeModel *model = GTK_TREE_MODEL (self->lanes_store);
  GtkTreeIter iter;
  if (!gtk_tree_model_iter_nth_child (model, &iter, NULL, (int) row))
    return NULL;
  GString *out = g_string_new (NULL);
  g_autoptr (GList) columns = gtk_tree_view_get_columns (GTK_TREE_VIEW (self->lanes));
  for (GList *l = columns; l != NULL; l = l->next)
    {
      if (!gtk_tree_view_column_get_visible (l->data))
        continue;
      g_autofree char *text =
          format_lane_cell (self, model, &iter, GPOINTER_TO_INT (g_object_get_data (l->data, "column")));
      g_string_append_printf (out, "%s%s", out->len > 0 ? "\t" : "", text);
    }
  return g_string_free (out, FALSE);
}
