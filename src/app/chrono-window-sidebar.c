/* chrono-window-sidebar.c — what the side pane shows.  Details follows the
 * timeline's selection (whichever trace of the set it is in, with the
 * user's note on it); the other pages exist only for the traces they apply
 * to (Profile for calls, Metrics for tasks, Range for spans), so they are
 * made for each trace shown and taken away with it. */
#include "chrono-window-sidebar.h"

#include "chrono-find.h"
#include "chrono-inspector.h"
#include "chrono-metrics-view.h"
#include "chrono-comm-matrix-view.h"
#include "chrono-profile-view.h"
#include "chrono-range-view.h"

struct _ChronoWindowSidebar {
  GObject parent_instance;
  ChronoWindowSidebarPages pages; /* each holds a reference */
  ChronoWindowTraces *traces;
  ChronoWindowViewFile *view_file;
  ChronoTimelineView *timeline; /* NULL while no trace is shown */
  ChronoInspector *inspector;
  GtkWidget *metrics; /* NULL when the trace has no metrics to show */
  GtkWidget *range; /* the Range page's view, NULL when the trace has no spans to measure */
  GtkWidget *messages; /* the Messages page's matrix, NULL when the trace has no messages */
  GtkWidget *profile; /* the Profile page's view, NULL when the trace has no calls */
};

G_DEFINE_FINAL_TYPE (ChronoWindowSidebar, chrono_window_sidebar, G_TYPE_OBJECT)

/* ---- Details ---------------------------------------------------------------- */

static void
follow_member (ChronoWindowSidebar *self, guint member)
{
  chrono_inspector_set_trace_set (self->inspector, chrono_window_traces_get_set (self->traces), member);
}

static void
node_selected (ChronoWindowSidebar *self, ChronoLane *lane, guint node, ChronoTimelineView *view)
{
  chrono_inspector_show_tree_node (self->inspector, lane, node);
}

static void
reference_selected (ChronoWindowSidebar *self, ChronoTrace *trace, ChronoLane *lane, const ChronoReference *reference,
                    ChronoTimelineView *view)
{
  chrono_inspector_show_reference_of (self->inspector, trace, lane, reference);
}

static void
mark_selected (ChronoWindowSidebar *self, ChronoTrace *trace, ChronoLane *lane, guint mark, guint member,
               ChronoTimelineView *view)
{
  follow_member (self, member);
  chrono_inspector_show_mark_of (self->inspector, trace, lane, mark);
}

static void
sample_selected (ChronoWindowSidebar *self, ChronoTrace *trace, ChronoLane *lane, guint sample, guint member,
                 ChronoTimelineView *view)
{
  follow_member (self, member);
  chrono_inspector_show_sample_of (self->inspector, trace, lane, sample);
}

static void
item_selected (ChronoWindowSidebar *self, ChronoLane *lane, guint span, ChronoTimelineView *view)
{
  ChronoTrace *trace = chrono_timeline_view_get_selected_trace (view);
  if (lane != NULL)
    {
      follow_member (self, chrono_timeline_view_get_selected_member (view));
      chrono_inspector_show_span_of (self->inspector, trace, lane, span);
      /* the user's note on it, under its title */
      const char *note = chrono_window_view_file_find_note (self->view_file, lane, span);
      if (note != NULL)
        chrono_inspector_add_note (self->inspector, note);
    }
  else
    chrono_inspector_clear (self->inspector);
  /* the profile's scope can follow the selection (the first trace's lanes only: it profiles that trace) */
  if (self->profile != NULL)
    chrono_profile_view_set_selected_lane (CHRONO_PROFILE_VIEW (self->profile),
                                           lane != NULL && chrono_timeline_view_get_selected_member (view) == 0 ? lane
                                                                                                                : NULL);
  if (self->metrics != NULL)
    chrono_metrics_view_show_selection (CHRONO_METRICS_VIEW (self->metrics), trace, lane, span);
}

/* A note was put on the selected item: Details shows it. */
static void
span_noted (ChronoWindowSidebar *self, ChronoLane *lane, guint span, ChronoWindowViewFile *view_file)
{
  if (self->timeline != NULL)
    item_selected (self, lane, span, self->timeline);
}

/* A link in the inspector (a semaphore's holder): select that instance. */
static void
instance_activated (ChronoWindowSidebar *self, ChronoLane *lane, guint instance, ChronoInspector *inspector)
{
  if (self->timeline != NULL)
    chrono_timeline_view_select_instance (self->timeline, lane, instance);
}

static void
setup_details (ChronoWindowSidebar *self, ChronoTrace *trace)
{
  self->inspector = CHRONO_INSPECTOR (chrono_inspector_new (trace, chrono_timeline_view_get_viewport (self->timeline)));
  gtk_container_add (self->pages.inspector, GTK_WIDGET (self->inspector));
  gtk_widget_show_all (GTK_WIDGET (self->pages.inspector));
  g_signal_connect_object (self->inspector, "instance-activated", G_CALLBACK (instance_activated), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->timeline, "item-selected", G_CALLBACK (item_selected), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->timeline, "node-selected", G_CALLBACK (node_selected), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->timeline, "mark-selected", G_CALLBACK (mark_selected), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->timeline, "reference-selected", G_CALLBACK (reference_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->timeline, "sample-selected", G_CALLBACK (sample_selected), self, G_CONNECT_SWAPPED);
}

/* ---- the pages a trace's kind brings ------------------------------------------ */

/* view in box, when the trace is of the page's kind (applies). */
static GtkWidget *
add_page (GtkContainer *box, gboolean applies, GtkWidget *(*make) (ChronoTimelineView *), ChronoTimelineView *view)
{
  gtk_widget_set_visible (GTK_WIDGET (box), applies);
  if (!applies)
    return NULL;
  GtkWidget *page = make (view);
  gtk_widget_set_vexpand (page, TRUE);
  gtk_container_add (box, page);
  gtk_widget_show_all (GTK_WIDGET (box));
  return page;
}

static void
region_chosen (ChronoWindowSidebar *self, const char *name)
{
  chrono_timeline_view_set_highlight (self->timeline, name);
}

/* The calls of a call path chosen in the call tree, outlined on the
 * timeline (the most a picture can tell apart: one per pixel column of a
 * long trace at most). */
#define PATH_CALLS_SHOWN 100000

static void
path_chosen (ChronoWindowSidebar *self, const char *joined)
{
  g_autoptr (GArray) ranges = g_array_new (FALSE, FALSE, sizeof (ChronoRenderRange));
  if (joined != NULL)
    {
      g_autoptr (ChronoQuery) query = chrono_query_new_path (joined);
      g_autoptr (ChronoFindResult) found =
          chrono_find (chrono_timeline_view_get_trace (self->timeline), query, PATH_CALLS_SHOWN);
      for (guint i = 0; i < found->matches->len; i++)
        {
          const ChronoMatch *m = &g_array_index (found->matches, ChronoMatch, i);
          ChronoRenderRange range = { m->lane, m->start, m->end };
          g_array_append_val (ranges, range);
        }
    }
  chrono_timeline_view_set_highlighted_ranges (self->timeline, (const ChronoRenderRange *) ranges->data, ranges->len);
}

/* Traces of calls get a profile of the visible range beside the details,
 * traces of tasks the metrics of the selected one, traces of spans the
 * statistics of a range chosen in the timeline. */
static void
setup_pages (ChronoWindowSidebar *self, ChronoTrace *trace)
{
  gboolean profile = chrono_profile_view_applies (trace);
  self->metrics =
      add_page (self->pages.metrics, chrono_metrics_view_applies (trace), chrono_metrics_view_new, self->timeline);
  self->range = add_page (self->pages.range, chrono_range_view_applies (trace), chrono_range_view_new, self->timeline);
  self->messages = add_page (self->pages.messages, chrono_comm_matrix_view_applies (trace), chrono_comm_matrix_view_new,
                             self->timeline);
  gtk_widget_set_visible (self->pages.switcher,
                          profile || self->metrics != NULL || self->range != NULL || self->messages != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->pages.profile), profile);
  gtk_stack_set_visible_child_name (self->pages.stack, "details");
  if (!profile)
    return;
  GtkWidget *view = chrono_profile_view_new (trace, chrono_timeline_view_get_viewport (self->timeline));
  self->profile = view;
  g_signal_connect_object (view, "region-chosen", G_CALLBACK (region_chosen), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (view, "path-chosen", G_CALLBACK (path_chosen), self, G_CONNECT_SWAPPED);
  gtk_widget_set_vexpand (view, TRUE);
  gtk_container_add (self->pages.profile, view);
  gtk_widget_show_all (GTK_WIDGET (self->pages.profile));
}

void
chrono_window_sidebar_show (ChronoWindowSidebar *self, ChronoTimelineView *timeline)
{
  g_return_if_fail (CHRONO_IS_WINDOW_SIDEBAR (self) && CHRONO_IS_TIMELINE_VIEW (timeline));
  chrono_window_sidebar_clear (self);
  self->timeline = g_object_ref (timeline);
  ChronoTrace *trace = chrono_timeline_view_get_trace (timeline);
  setup_details (self, trace);
  setup_pages (self, trace);
}

static void
destroy_child (GtkWidget *child, gpointer data)
{
  gtk_widget_destroy (child);
}

void
chrono_window_sidebar_clear (ChronoWindowSidebar *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_SIDEBAR (self));
  GtkContainer *boxes[] = { self->pages.inspector, self->pages.profile, self->pages.metrics, self->pages.range,
                            self->pages.messages };
  for (guint i = 0; i < G_N_ELEMENTS (boxes); i++)
    if (boxes[i] != NULL)
      gtk_container_foreach (boxes[i], destroy_child, NULL);
  self->inspector = NULL;
  self->metrics = self->range = self->messages = self->profile = NULL;
  g_clear_object (&self->timeline);
}

GtkWidget *
chrono_window_sidebar_get_inspector (ChronoWindowSidebar *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_SIDEBAR (self), NULL);
  return self->inspector != NULL ? GTK_WIDGET (self->inspector) : NULL;
}

GtkWidget *
chrono_window_sidebar_get_metrics_view (ChronoWindowSidebar *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_SIDEBAR (self), NULL);
  return self->metrics;
}

GtkWidget *
chrono_window_sidebar_get_range_view (ChronoWindowSidebar *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_SIDEBAR (self), NULL);
  return self->range;
}

static void
chrono_window_sidebar_dispose (GObject *object)
{
  ChronoWindowSidebar *self = CHRONO_WINDOW_SIDEBAR (object);
  g_clear_object (&self->timeline);
  self->inspector = NULL;
  self->metrics = self->range = self->profile = NULL;
  g_clear_object (&self->pages.stack);
  g_clear_object (&self->pages.switcher);
  g_clear_object (&self->pages.inspector);
  g_clear_object (&self->pages.profile);
  g_clear_object (&self->pages.metrics);
  g_clear_object (&self->pages.range);
  g_clear_object (&self->pages.messages);
  g_clear_object (&self->traces);
  g_clear_object (&self->view_file);
  G_OBJECT_CLASS (chrono_window_sidebar_parent_class)->dispose (object);
}

static void
chrono_window_sidebar_class_init (ChronoWindowSidebarClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_window_sidebar_dispose;
}

static void
chrono_window_sidebar_init (ChronoWindowSidebar *self)
{
}

ChronoWindowSidebar *
chrono_window_sidebar_new (const ChronoWindowSidebarPages *pages, ChronoWindowTraces *traces,
                           ChronoWindowViewFile *view_file)
{
  ChronoWindowSidebar *self = g_object_new (CHRONO_TYPE_WINDOW_SIDEBAR, NULL);
  self->pages.stack = g_object_ref (pages->stack);
  self->pages.switcher = g_object_ref (pages->switcher);
  self->pages.inspector = g_object_ref (pages->inspector);
  self->pages.profile = g_object_ref (pages->profile);
  self->pages.metrics = g_object_ref (pages->metrics);
  self->pages.range = g_object_ref (pages->range);
  self->pages.messages = g_object_ref (pages->messages);
  self->traces = g_object_ref (traces);
  self->view_file = g_object_ref (view_file);
  g_signal_connect_object (view_file, "span-noted", G_CALLBACK (span_noted), self, G_CONNECT_SWAPPED);
  return self;
}
