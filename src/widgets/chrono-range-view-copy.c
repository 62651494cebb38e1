/* chrono-range-view-copy.c — the Range page's tables as tab-separated
 * text, for the Copy button and the tests: the columns on show, seconds
 * written in full rather than as the cells shorten them. Apart from the
 * cells because a spreadsheet wants numbers, not what reads well. */
#include "chrono-range-view-private.h"

#include <glib/gi18n-lib.h>

static void
append_seconds (GString *out, const ChronoClock *clock, guint64 ticks)
{
  g_autofree char *text = chrono_clock_format_duration_exact (clock, ticks);
  g_string_append_printf (out, "\t%s", text);
}

static void
append_lanes_tsv (ChronoRangeView *self, GString *out)
{
  g_string_append_printf (out, "%s\t%s\t%s\t%s", _ ("Lane"), _ ("Busy (%)"),
                          self->exact_items ? _ ("Items begun") : _ ("Items overlapping"), _ ("Longest (s)"));
  for (guint s = CHRONO_STATE_NONE + 1; s < CHRONO_N_STATES; s++)
    if (self->state_shown[s])
      g_string_append_printf (out, "\t%s (s)", chrono_state_get_label (s));
  g_string_append_c (out, '\n');
  GtkTreeModel *model = GTK_TREE_MODEL (self->lanes_store);
  GtkTreeIter iter;
  for (gboolean more = gtk_tree_model_get_iter_first (model, &iter); more;
       more = gtk_tree_model_iter_next (model, &iter))
    {
      guint member, index;
      g_autofree char *name = NULL;
      double share;
      gtk_tree_model_get (model, &iter, CHRONO_RANGE_LANES_MEMBER, &member, CHRONO_RANGE_LANES_INDEX, &index,
                          CHRONO_RANGE_LANES_PATH, &name, CHRONO_RANGE_LANES_BUSY, &share, -1);
      const ChronoRangeLane *r = chrono_range_view_lane_row (self, member, index);
      const ChronoClock *clock = chrono_range_view_clock_of (self, member);
      g_string_append (out, name);
      char number[G_ASCII_DTOSTR_BUF_SIZE];
      g_string_append_printf (out, "\t%s\t%u", g_ascii_formatd (number, sizeof number, "%.4f", 100.0 * share),
                              r->begun);
      if (r->has_longest)
        append_seconds (out, clock, chrono_ticks_between (r->longest_start, r->longest_end));
      else
        g_string_append_c (out, '\t');
      for (guint s = CHRONO_STATE_NONE + 1; s < CHRONO_N_STATES; s++)
        if (self->state_shown[s])
          append_seconds (out, clock, r->time_in_state[s]);
      g_string_append_c (out, '\n');
    }
}

static void
append_metrics_tsv (ChronoRangeView *self, GString *out)
{
  g_string_append_printf (out, "%s\t%s", _ ("Entity"), _ ("Metric"));
  for (Figure f = 0; f < N_FIGURES; f++)
    g_string_append_printf (out, f == FIG_COUNT ? "\t%s" : "\t%s (s)", chrono_range_view_figure_label (f));
  g_string_append_c (out, '\n');
  GtkTreeModel *model = GTK_TREE_MODEL (self->metrics_store);
  GtkTreeIter iter;
  for (gboolean more = gtk_tree_model_get_iter_first (model, &iter); more;
       more = gtk_tree_model_iter_next (model, &iter))
    {
      guint member, index;
      int metric;
      g_autofree char *entity = NULL;
      gtk_tree_model_get (model, &iter, CHRONO_RANGE_METRICS_MEMBER, &member, CHRONO_RANGE_METRICS_INDEX, &index,
                          CHRONO_RANGE_METRICS_METRIC, &metric, CHRONO_RANGE_METRICS_ENTITY, &entity, -1);
      const ChronoMetricSummary *s = &chrono_range_view_entity_row (self, member, index)->summary[metric];
      const ChronoClock *clock = chrono_range_view_clock_of (self, member);
      g_autofree char *mean = chrono_clock_format_duration_ratio (clock, s->sum, s->count);
      g_string_append_printf (out, "%s\t%s\t%u", entity, chrono_metric_get_name (metric), s->count);
      append_seconds (out, clock, (guint64) s->min);
      g_string_append_printf (out, "\t%s", mean);
      append_seconds (out, clock, (guint64) s->p95);
      append_seconds (out, clock, (guint64) s->max);
      g_string_append_c (out, '\n');
    }
}

char *
chrono_range_view_get_tsv (ChronoRangeView *self)
{
  g_return_val_if_fail (CHRONO_IS_RANGE_VIEW (self), NULL);
  chrono_range_view_update (self);
  GString *out = g_string_new (NULL);
  if (!self->has_range)
    return g_string_free (out, FALSE);
  append_lanes_tsv (self, out);
  if (gtk_tree_model_iter_n_children (GTK_TREE_MODEL (self->metrics_store), NULL) > 0)
    {
      g_string_append_c (out, '\n');
      append_metrics_tsv (self, out);
    }
  return g_string_free (out, FALSE);
}

void
chrono_range_view_copy_clicked (ChronoRangeView *self)
{
  g_autofree char *text = chrono_range_view_get_tsv (self);
  gtk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self), GDK_SELECTION_CLIPBOARD), text, -1);
}
