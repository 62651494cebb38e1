/* chrono-warnings-dialog.c — a count per reason on top, then the kept
 * warnings with where they are (a line, or a time and a lane for binary
 * formats), sortable, selectable for copying; activating a warning with a
 * time shows that time and lane in the timeline. */
#include <inttypes.h>
#include "chrono-warnings-dialog.h"

#include <glib/gi18n.h>

enum { COLUMN_WHERE, COLUMN_COUNT, COLUMN_REASON, COLUMN_MESSAGE, COLUMN_ORDER, COLUMN_INDEX, N_COLUMNS };

typedef struct {
  ChronoTrace *trace;
  ChronoTimelineView *view; /* weak */
} Target;

static void
target_free (gpointer data, GClosure *closure)
{
  Target *target = data;
  g_object_unref (target->trace);
  g_clear_weak_pointer (&target->view);
  g_free (target);
}

/* A line number, or a time as the ruler counts it and a lane. */
static char *
where_text (ChronoTrace *trace, ChronoTimelineView *view, const ChronoWarning *w)
{
  if (!w->has_time)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, w->line);
  gint64 origin = view != NULL ? chrono_viewport_get_origin (chrono_timeline_view_get_viewport (view))
                               : chrono_trace_get_begin (trace);
  g_autofree char *time = chrono_clock_format_ticks (chrono_trace_get_clock (trace), w->time - origin, 8);
  return g_strdup_printf ("%s  %s", time, w->where ? w->where : "");
}

static ChronoLane *
find_lane (ChronoTrace *trace, const char *path)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; path != NULL && i < lanes->len; i++)
    {
      g_autofree char *lane_path = chrono_lane_dup_path (g_ptr_array_index (lanes, i));
      if (g_strcmp0 (lane_path, path) == 0)
        return g_ptr_array_index (lanes, i);
    }
  return NULL;
}

static void
row_activated (GtkTreeView *tree, GtkTreePath *path, GtkTreeViewColumn *column, gpointer data)
{
  Target *target = data;
  GtkTreeModel *model = gtk_tree_view_get_model (tree);
  GtkTreeIter iter;
  guint index = 0;
  if (target->view == NULL || !gtk_tree_model_get_iter (model, &iter, path))
    return;
  gtk_tree_model_get (model, &iter, COLUMN_INDEX, &index, -1);
  const ChronoWarning *w = chrono_warnings_get_kept (chrono_trace_get_warnings (target->trace), index);
  if (w == NULL || !w->has_time)
    return;
  ChronoLane *lane = find_lane (target->trace, w->where);
  if (lane != NULL)
    chrono_timeline_view_show_lane (target->view, lane);
  chrono_timeline_view_reveal (target->view, w->time, w->time + 1);
}

static GtkWidget *
build_list (ChronoTrace *trace, ChronoTimelineView *view)
{
  ChronoWarnings *warnings = chrono_trace_get_warnings (trace);
  GtkListStore *store = gtk_list_store_new (N_COLUMNS, G_TYPE_STRING, G_TYPE_UINT64, G_TYPE_STRING, G_TYPE_STRING,
                                            G_TYPE_INT64, G_TYPE_UINT);
  gboolean any_time = FALSE;
  for (guint i = 0; i < chrono_warnings_get_n_kept (warnings); i++)
    {
      const ChronoWarning *w = chrono_warnings_get_kept (warnings, i);
      g_autofree char *where = where_text (trace, view, w);
      any_time |= w->has_time;
      gtk_list_store_insert_with_values (store, NULL, -1, COLUMN_WHERE, where, COLUMN_COUNT, w->count, COLUMN_REASON,
                                         w->reason, COLUMN_MESSAGE, w->message, COLUMN_ORDER,
                                         w->has_time ? w->time : (gint64) MIN (w->line, (guint64) G_MAXINT64),
                                         COLUMN_INDEX, i, -1);
    }
  GtkWidget *tree = gtk_tree_view_new_with_model (GTK_TREE_MODEL (store));
  g_object_unref (store);
  const char *titles[] = { any_time ? _ ("Time and lane") : _ ("Line"), _ ("Count"), _ ("Reason"), _ ("Message") };
  const int sort_by[] = { COLUMN_ORDER, COLUMN_COUNT, COLUMN_REASON, COLUMN_MESSAGE };
  for (int c = 0; c <= COLUMN_MESSAGE; c++)
    {
      GtkTreeViewColumn *column =
          gtk_tree_view_column_new_with_attributes (titles[c], gtk_cell_renderer_text_new (), "text", c, NULL);
      gtk_tree_view_column_set_sort_column_id (column, sort_by[c]);
      gtk_tree_view_column_set_resizable (column, TRUE);
      gtk_tree_view_append_column (GTK_TREE_VIEW (tree), column);
    }
  if (view != NULL && any_time)
    {
      Target *target = g_new0 (Target, 1);
      target->trace = g_object_ref (trace);
      g_set_weak_pointer (&target->view, view);
      g_signal_connect_data (tree, "row-activated", G_CALLBACK (row_activated), target, target_free, 0);
      gtk_widget_set_tooltip_text (tree, _ ("Activate a warning to show its time and lane in the timeline"));
    }
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_container_add (GTK_CONTAINER (scroller), tree);
  return scroller;
}

static char *
summary_text (ChronoTrace *trace)
{
  ChronoWarnings *warnings = chrono_trace_get_warnings (trace);
  GString *text = g_string_new (NULL);
  g_autofree char *base = g_path_get_basename (chrono_trace_get_path (trace));
  g_string_append_printf (text,
                          g_dngettext (GETTEXT_PACKAGE, "%s: %" PRIu64 " warning", "%s: %" PRIu64 " warnings",
                                       chrono_warnings_get_total (warnings)),
                          base, chrono_warnings_get_total (warnings));
  GList *reasons = chrono_warnings_get_reasons (warnings);
  for (GList *l = reasons; l != NULL; l = l->next)
    g_string_append_printf (text, "\n  %s: %" G_GUINT64_FORMAT, (const char *) l->data,
                            chrono_warnings_count_reason (warnings, l->data));
  g_list_free (reasons);
  guint64 unlisted = chrono_warnings_get_unlisted (warnings);
  if (unlisted > 0)
    g_string_append_printf (text, _ ("\nThe first %u are listed below."), chrono_warnings_get_n_kept (warnings));
  return g_string_free (text, FALSE);
}

void
chrono_warnings_dialog_show (GtkWindow *parent, ChronoTrace *trace, ChronoTimelineView *view)
{
  GtkWidget *dialog = gtk_dialog_new_with_buttons (
      _ ("Warnings"), parent, GTK_DIALOG_DESTROY_WITH_PARENT | GTK_DIALOG_USE_HEADER_BAR, NULL, NULL);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 760, 480);
  GtkWidget *content = gtk_dialog_get_content_area (GTK_DIALOG (dialog));
  g_autofree char *summary = summary_text (trace);
  GtkWidget *label = gtk_label_new (summary);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  g_object_set (label, "margin", 10, NULL);
  gtk_container_add (GTK_CONTAINER (content), label);
  gtk_container_add (GTK_CONTAINER (content), build_list (trace, view));
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_widget_destroy), NULL);
  gtk_widget_show_all (dialog);
}
