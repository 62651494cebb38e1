/* chrono-window-traces.c — several traces in one view.  The window opens
 * one trace; more may be added beside it, each lined up with the first by
 * the best clock both know and moved by dragging its heading.  This object
 * owns the set they form; the window and its other controllers ask it which
 * traces are on show rather than keeping a copy. */
#include <inttypes.h>
#include "chrono-window-traces.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chrono-loader.h"
#include "chrono-range-view.h"
#include "chrono-settings.h"

struct _ChronoWindowTraces {
  GObject parent_instance;
  GtkStack *stack; /* its "loading" page while a trace is added */
  GtkProgressBar *progress;
  ChronoTimelineView *timeline; /* the view the traces are shown in, NULL when none is */
  GtkWidget *range_view;
  ChronoTraceSet *set; /* once a trace is added: each under its heading, on its clock */
  GCancellable *add_cancellable; /* the load of a trace being added */
  gboolean disposed; /* late progress reports and load results are dropped */
};

enum { INFO, CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoWindowTraces, chrono_window_traces, G_TYPE_OBJECT)

static void
say (ChronoWindowTraces *self, GtkMessageType type, const char *message)
{
  g_signal_emit (self, signals[INFO], 0, type, message);
}

static ChronoTrace *
first_trace (ChronoWindowTraces *self)
{
  return self->timeline != NULL ? chrono_timeline_view_get_trace (self->timeline) : NULL;
}

static ChronoViewport *
viewport (ChronoWindowTraces *self)
{
  return chrono_timeline_view_get_viewport (self->timeline);
}

/* By wall clock when both traces know theirs; two traces counting cycles
 * (a Laplace run's references and kernel events) share the machine's
 * counter; else by their starts. */
static ChronoAlignment
alignment_for (ChronoTrace *reference, ChronoTrace *added)
{
  const ChronoClock *a = chrono_trace_get_clock (reference), *b = chrono_trace_get_clock (added);
  if (a->has_wall_clock && b->has_wall_clock)
    return CHRONO_ALIGN_WALL_CLOCK;
  if (a->counts_cycles && b->counts_cycles)
    return CHRONO_ALIGN_TIMESTAMPS;
  return CHRONO_ALIGN_START;
}

/* A trace of the set moved (dragged, or a shift typed in): the view reaches
 * wherever any trace now is, the part on show stays where it was. */
static void
set_changed (ChronoWindowTraces *self, ChronoTraceSet *set)
{
  gint64 begin, end;
  if (self->timeline != NULL && chrono_trace_set_get_range (set, &begin, &end))
    {
      chrono_time_range_at_least_a_tick (&begin, &end);
      chrono_viewport_set_trace_bounds (viewport (self), begin, end);
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

/* The timeline shows the set once a trace has joined the first. */
static void
show_set (ChronoWindowTraces *self)
{
  chrono_layout_set_trace_set (chrono_timeline_view_get_layout (self->timeline), self->set);
  g_signal_connect_object (self->set, "changed", G_CALLBACK (set_changed), self, G_CONNECT_SWAPPED);
}

static void
say_added (ChronoWindowTraces *self, ChronoAlignment alignment)
{
  g_autofree char *name = chrono_trace_set_dup_name (self->set, chrono_trace_set_get_n (self->set) - 1);
  g_autofree char *message = g_strdup_printf (
      alignment == CHRONO_ALIGN_WALL_CLOCK ? _ ("%s added, lined up with the first trace by their wall clocks; drag "
                                                "its heading to move it")
      : alignment == CHRONO_ALIGN_TIMESTAMPS
          ? _ ("%s added on the first trace’s clock: both count the same machine’s cycles; drag its heading to move it")
          : _ ("%s added, its start lined up with the first trace’s (no wall clock to go by); drag its heading to move "
               "it"),
      name);
  say (self, GTK_MESSAGE_INFO, message);
}

static void
show_added (ChronoWindowTraces *self, ChronoTrace *added)
{
  gboolean first = self->set == NULL;
  if (first)
    self->set = chrono_trace_set_new (first_trace (self));
  ChronoAlignment alignment = alignment_for (first_trace (self), added);
  g_autoptr (GError) error = NULL;
  if (!chrono_trace_set_add (self->set, added, alignment, &error))
    {
      say (self, GTK_MESSAGE_ERROR, error->message);
      return;
    }
  if (first)
    show_set (self);
  if (self->range_view != NULL)
    chrono_range_view_set_trace_set (CHRONO_RANGE_VIEW (self->range_view), self->set);
  gint64 begin, end;
  if (chrono_trace_set_get_range (self->set, &begin, &end))
    {
      chrono_time_range_at_least_a_tick (&begin, &end);
      chrono_viewport_set_trace_range (viewport (self), begin, end);
      chrono_viewport_fit (viewport (self));
    }
  /* the added trace's names too, unless the user chose a width */
  GSettings *settings = chrono_settings_get ();
  if (settings == NULL || g_settings_get_int (settings, "label-width") == 0)
    chrono_timeline_view_fit_label_width (self->timeline);
  g_signal_emit (self, signals[CHANGED], 0);
  say_added (self, alignment);
}

/* In the main thread (chrono_load_file_async delivers it there). */
static void
report_progress (double fraction, gpointer data)
{
  ChronoWindowTraces *self = data;
  if (!self->disposed)
    gtk_progress_bar_set_fraction (self->progress, fraction);
}

static void
add_finished (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (ChronoWindowTraces) self = data; /* the reference chrono_window_traces_add took */
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = chrono_load_file_finish (result, &error);
  if (self->disposed)
    return;
  gtk_stack_set_visible_child_name (self->stack, self->timeline != NULL ? "timeline" : "empty");
  if (trace == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        say (self, GTK_MESSAGE_ERROR, error->message);
      return;
    }
  if (self->timeline != NULL)
    show_added (self, trace);
}

void
chrono_window_traces_add (ChronoWindowTraces *self, const char *path)
{
  g_return_if_fail (CHRONO_IS_WINDOW_TRACES (self) && path != NULL);
  g_cancellable_cancel (self->add_cancellable);
  g_clear_object (&self->add_cancellable);
  self->add_cancellable = g_cancellable_new ();
  gtk_progress_bar_set_fraction (self->progress, 0);
  gtk_stack_set_visible_child_name (self->stack, "loading");
  chrono_load_file_async (path, NULL, report_progress, self, self->add_cancellable, add_finished, g_object_ref (self));
}

void
chrono_window_traces_show (ChronoWindowTraces *self, ChronoTimelineView *timeline, GtkWidget *range_view)
{
  g_return_if_fail (CHRONO_IS_WINDOW_TRACES (self) && CHRONO_IS_TIMELINE_VIEW (timeline));
  chrono_window_traces_clear (self);
  self->timeline = g_object_ref (timeline);
  self->range_view = range_view != NULL ? g_object_ref (range_view) : NULL;
}

void
chrono_window_traces_clear (ChronoWindowTraces *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_TRACES (self));
  g_clear_object (&self->set);
  g_clear_object (&self->timeline);
  g_clear_object (&self->range_view);
}

ChronoTraceSet *
chrono_window_traces_get_set (ChronoWindowTraces *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_TRACES (self), NULL);
  return self->set;
}

guint
chrono_window_traces_get_n (ChronoWindowTraces *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_TRACES (self), 0);
  return self->set != NULL ? chrono_trace_set_get_n (self->set) : self->timeline != NULL;
}

ChronoTrace *
chrono_window_traces_get_trace (ChronoWindowTraces *self, guint member)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_TRACES (self), NULL);
  return self->set != NULL ? chrono_trace_set_get_trace (self->set, member) : first_trace (self);
}

static char *
dup_name (ChronoWindowTraces *self, guint member)
{
  return self->set != NULL ? chrono_trace_set_dup_name (self->set, member)
                           : g_path_get_basename (chrono_trace_get_path (first_trace (self)));
}

/* Lanes that hold items: a heading that only groups others is not one. */
static guint
count_lanes (ChronoTrace *trace)
{
  guint n_lanes = 0;
  g_autoptr (GPtrArray) all = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < all->len; i++)
    n_lanes += chrono_lane_get_kind (g_ptr_array_index (all, i)) != CHRONO_LANE_GROUP;
  return n_lanes;
}

/* The title names every trace shown (told apart when their files share a
 * name); the subtitle counts the events and lanes of all of them. */
void
chrono_window_traces_describe (ChronoWindowTraces *self, char **title, char **subtitle)
{
  g_return_if_fail (CHRONO_IS_WINDOW_TRACES (self) && self->timeline != NULL);
  g_autoptr (GString) names = g_string_new (NULL);
  g_autoptr (GString) formats = g_string_new (NULL);
  guint64 n_events = 0;
  guint n_lanes = 0;
  for (guint m = 0; m < chrono_window_traces_get_n (self); m++)
    {
      ChronoTrace *trace = chrono_window_traces_get_trace (self, m);
      g_autofree char *name = dup_name (self, m);
      g_string_append_printf (names, "%s%s", m > 0 ? " + " : "", name);
      g_autofree char *format = g_strdup_printf ("%s + ", chrono_trace_get_format (trace));
      if (strstr (formats->str, format) == NULL)
        g_string_append (formats, format);
      n_events += chrono_trace_get_n_events (trace);
      n_lanes += count_lanes (trace);
    }
  g_string_truncate (formats, formats->len - 3); /* the last " + " */
  ChronoTrace *first = first_trace (self);
  gint64 begin = chrono_trace_get_begin (first), end = chrono_trace_get_end (first);
  if (self->set != NULL)
    chrono_trace_set_get_range (self->set, &begin, &end);
  g_autofree char *length = chrono_clock_format_ticks (chrono_trace_get_clock (first), end - begin, 4);
  g_autofree char *events =
      g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%" PRIu64 " event", "%" PRIu64 " events", n_events), n_events);
  g_autofree char *lanes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u lane", "%u lanes", n_lanes), n_lanes);
  *subtitle = g_strdup_printf ("%s · %s · %s · %s", formats->str, length, events, lanes);
  *title = g_string_free (g_steal_pointer (&names), FALSE);
}

static void
chrono_window_traces_dispose (GObject *object)
{
  ChronoWindowTraces *self = CHRONO_WINDOW_TRACES (object);
  self->disposed = TRUE;
  g_cancellable_cancel (self->add_cancellable);
  g_clear_object (&self->add_cancellable);
  chrono_window_traces_clear (self);
  g_clear_object (&self->stack);
  g_clear_object (&self->progress);
  G_OBJECT_CLASS (chrono_window_traces_parent_class)->dispose (object);
}

static void
chrono_window_traces_class_init (ChronoWindowTracesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_window_traces_dispose;
  signals[INFO] = g_signal_new ("info", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                2, GTK_TYPE_MESSAGE_TYPE, G_TYPE_STRING);
  signals[CHANGED] =
      g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
chrono_window_traces_init (ChronoWindowTraces *self)
{
}

ChronoWindowTraces *
chrono_window_traces_new (GtkStack *stack, GtkProgressBar *progress)
{
  ChronoWindowTraces *self = g_object_new (CHRONO_TYPE_WINDOW_TRACES, NULL);
  self->stack = g_object_ref (stack);
  self->progress = g_object_ref (progress);
  return self;
}
