/* chrono-window-compare.c — the page is rebuilt whenever the set of traces
 * changes (one added, one moved): A is the first trace, B the second; runs
 * of tasks get the metrics' page, runs of calls the call paths', runs of
 * claims the resources'. */
#include "chrono-window-compare.h"

#include "chrono-compare-view.h"
#include "chrono-path-compare-view.h"
#include "chrono-resource-compare-view.h"

struct _ChronoWindowCompare {
  GObject parent_instance;
  GtkContainer *box;
  GtkStack *side_stack;
  GtkWidget *side_switcher;
  ChronoWindowTraces *traces;
  ChronoTimelineView *timeline; /* NULL while no trace is shown */
  GtkWidget *view; /* the page, NULL when there is none */
  ChronoTrace *shown_a, *shown_b; /* the runs it compares */
  gboolean open_next; /* Compare With… asked: the page opens when B is there */
};

G_DEFINE_FINAL_TYPE (ChronoWindowCompare, chrono_window_compare, G_TYPE_OBJECT)

static void
destroy_child (GtkWidget *child, gpointer data)
{
  gtk_widget_destroy (child);
}

static void
drop_page (ChronoWindowCompare *self)
{
  gtk_container_foreach (self->box, destroy_child, NULL);
  gtk_widget_hide (GTK_WIDGET (self->box));
  self->view = NULL;
  g_clear_object (&self->shown_a);
  g_clear_object (&self->shown_b);
}

static void
traces_changed (ChronoWindowCompare *self)
{
  if (self->timeline == NULL)
    return;
  ChronoTrace *a =
      chrono_window_traces_get_n (self->traces) >= 2 ? chrono_window_traces_get_trace (self->traces, 0) : NULL;
  ChronoTrace *b = a != NULL ? chrono_window_traces_get_trace (self->traces, 1) : NULL;
  /* B moved (dragged, or aligned from the page): the figures stand, and so does the row chosen */
  if (self->view != NULL && a == self->shown_a && b == self->shown_b)
    return;
  /* runs of tasks compare by their timing metrics, of calls by their call paths, of claims by their resources */
  GType type = chrono_compare_view_applies (a, b)            ? CHRONO_TYPE_COMPARE_VIEW
               : chrono_path_compare_view_applies (a, b)     ? CHRONO_TYPE_PATH_COMPARE_VIEW
               : chrono_resource_compare_view_applies (a, b) ? CHRONO_TYPE_RESOURCE_COMPARE_VIEW
                                                             : G_TYPE_INVALID;
  if (self->view != NULL && G_OBJECT_TYPE (self->view) != type)
    drop_page (self);
  if (type == G_TYPE_INVALID)
    return;
  g_set_object (&self->shown_a, a);
  g_set_object (&self->shown_b, b);
  if (self->view == NULL)
    {
      self->view = type == CHRONO_TYPE_COMPARE_VIEW        ? chrono_compare_view_new (self->timeline)
                   : type == CHRONO_TYPE_PATH_COMPARE_VIEW ? chrono_path_compare_view_new (self->timeline)
                                                           : chrono_resource_compare_view_new (self->timeline);
      gtk_widget_set_vexpand (self->view, TRUE);
      gtk_container_add (self->box, self->view);
    }
  if (type == CHRONO_TYPE_COMPARE_VIEW)
    chrono_compare_view_show (CHRONO_COMPARE_VIEW (self->view), a, b);
  else if (type == CHRONO_TYPE_PATH_COMPARE_VIEW)
    chrono_path_compare_view_show (CHRONO_PATH_COMPARE_VIEW (self->view), a, b);
  else
    chrono_resource_compare_view_show (CHRONO_RESOURCE_COMPARE_VIEW (self->view), a, b);
  gtk_widget_show_all (GTK_WIDGET (self->box));
  gtk_widget_show (self->side_switcher);
  if (self->open_next)
    gtk_stack_set_visible_child (self->side_stack, GTK_WIDGET (self->box));
  self->open_next = FALSE;
}

void
chrono_window_compare_show (ChronoWindowCompare *self, ChronoTimelineView *timeline)
{
  g_return_if_fail (CHRONO_IS_WINDOW_COMPARE (self) && CHRONO_IS_TIMELINE_VIEW (timeline));
  chrono_window_compare_clear (self);
  self->timeline = g_object_ref (timeline);
}

void
chrono_window_compare_clear (ChronoWindowCompare *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_COMPARE (self));
  drop_page (self);
  g_clear_object (&self->timeline);
}

void
chrono_window_compare_open_next (ChronoWindowCompare *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_COMPARE (self));
  self->open_next = TRUE;
}

GtkWidget *
chrono_window_compare_get_view (ChronoWindowCompare *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_COMPARE (self), NULL);
  return self->view;
}

static void
chrono_window_compare_dispose (GObject *object)
{
  ChronoWindowCompare *self = CHRONO_WINDOW_COMPARE (object);
  g_clear_object (&self->timeline);
  g_clear_object (&self->shown_a);
  g_clear_object (&self->shown_b);
  if (self->traces != NULL)
    g_signal_handlers_disconnect_by_data (self->traces, self);
  g_clear_object (&self->traces);
  g_clear_object (&self->box);
  g_clear_object (&self->side_stack);
  g_clear_object (&self->side_switcher);
  G_OBJECT_CLASS (chrono_window_compare_parent_class)->dispose (object);
}

static void
chrono_window_compare_class_init (ChronoWindowCompareClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_window_compare_dispose;
}

static void
chrono_window_compare_init (ChronoWindowCompare *self)
{
}

ChronoWindowCompare *
chrono_window_compare_new (GtkContainer *box, GtkStack *side_stack, GtkWidget *side_switcher,
                           ChronoWindowTraces *traces)
{
  ChronoWindowCompare *self = g_object_new (CHRONO_TYPE_WINDOW_COMPARE, NULL);
  self->box = g_object_ref (box);
  self->side_stack = g_object_ref (side_stack);
  self->side_switcher = g_object_ref (side_switcher);
  self->traces = g_object_ref (traces);
  g_signal_connect_swapped (traces, "changed", G_CALLBACK (traces_changed), self);
  return self;
}
