/* chrono-window-view-file.c — the view saved beside a trace.  Opening a
 * trace applies it (range, markers, time origin, hidden and folded lanes,
 * bookmarks, notes) and says what did not fit the trace; bookmarks and
 * notes exist only here until Save View writes them, so closing with some
 * unsaved asks first.  A reload keeps the view as it is on screen. */
#include "chrono-window-view-file.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "chrono-bookmarks-view.h"

struct _ChronoWindowViewFile {
  GObject parent_instance;
  GtkWindow *parent; /* not a reference: the window owns this object */
  ChronoStatusBar *status_bar;
  GtkStack *side_stack;
  GtkWidget *side_switcher;
  ChronoWindowTraces *traces;
  char *path; /* the trace's file */
  ChronoTimelineView *timeline; /* NULL while no trace is shown */
  ChronoViewState *view_state; /* bookmarks and notes; range, markers and lanes written in on save */
  GtkWidget *bookmarks; /* the Bookmarks page */
  gboolean unsaved_notes; /* bookmarks or notes changed since the view was read or saved */
  gboolean closing_anyway; /* the user chose to close without saving them */
};

enum { INFO, SPAN_NOTED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoWindowViewFile, chrono_window_view_file, G_TYPE_OBJECT)

static void
say (ChronoWindowViewFile *self, GtkMessageType type, const char *message)
{
  g_signal_emit (self, signals[INFO], 0, type, message);
}

static ChronoTrace *
trace (ChronoWindowViewFile *self)
{
  return chrono_timeline_view_get_trace (self->timeline);
}

static ChronoViewport *
viewport (ChronoWindowViewFile *self)
{
  return chrono_timeline_view_get_viewport (self->timeline);
}

static ChronoLayout *
layout (ChronoWindowViewFile *self)
{
  return chrono_timeline_view_get_layout (self->timeline);
}

/* ---- reading the side file ------------------------------------------------ */

/* What of a saved view did not fit the trace, NULL when all of it did. */
static char *
describe_misfit (ChronoWindowViewFile *self, const char *name, GPtrArray *unknown)
{
  if (unknown->len > 0)
    {
      g_autofree char *first = chrono_view_state_describe_lane (g_ptr_array_index (unknown, 0));
      return g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "View restored from %s; %u lane in it is not in the trace (%s)",
                       "View restored from %s; %u lanes in it are not in the trace (%s…)", unknown->len),
          name, unknown->len, first);
    }
  g_autofree char *mismatch = chrono_view_state_check_trace (self->view_state, trace (self));
  return mismatch != NULL ? g_strdup_printf (_ ("View restored from %s, but %s"), name, mismatch) : NULL;
}

/* The view read from the side file put on screen, and said so. */
static void
apply_saved_view (ChronoWindowViewFile *self, const char *name)
{
  chrono_viewport_apply_view_state (viewport (self), self->view_state);
  gboolean absolute;
  if (chrono_view_state_get_absolute_time (self->view_state, &absolute))
    g_action_group_change_action_state (G_ACTION_GROUP (self->parent), "absolute-time",
                                        g_variant_new_boolean (absolute));
  g_autoptr (GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
  chrono_layout_apply_view_state (layout (self), self->view_state, unknown);
  g_autofree char *misfit = describe_misfit (self, name, unknown);
  if (misfit != NULL)
    {
      say (self, GTK_MESSAGE_WARNING, misfit);
      return;
    }
  g_autofree char *restored = g_strdup_printf (_ ("View restored from %s"), name);
  chrono_status_bar_show_message (self->status_bar, restored);
}

/* A trace opened (not reloaded) takes the view saved beside it, if any. */
static void
read_side_file (ChronoWindowViewFile *self)
{
  g_clear_object (&self->view_state);
  g_autofree char *side = chrono_view_state_path_for (self->path);
  g_autofree char *name = g_path_get_basename (side);
  g_autoptr (GError) error = NULL;
  if (g_file_test (side, G_FILE_TEST_EXISTS) || g_file_test (side, G_FILE_TEST_IS_SYMLINK))
    self->view_state = chrono_view_state_load (side, &error);
  if (error != NULL)
    {
      g_autofree char *text = g_strdup_printf (_ ("The saved view was not applied: %s"), error->message);
      say (self, GTK_MESSAGE_WARNING, text);
    }
  else if (self->view_state != NULL)
    apply_saved_view (self, name);
  if (self->view_state == NULL)
    self->view_state = chrono_view_state_new ();
}

/* ---- the Bookmarks page --------------------------------------------------- */

static void
note_chosen (ChronoWindowViewFile *self, guint index, ChronoBookmarksView *view)
{
  const ChronoNote *note = chrono_view_state_get_note (self->view_state, index);
  chrono_timeline_view_reveal (self->timeline, note->begin, note->end);
  ChronoLane *lane = note->lane_key != NULL ? chrono_view_state_find_lane (trace (self), note->lane_key) : NULL;
  if (lane == NULL)
    return;
  chrono_timeline_view_show_lane (self->timeline, lane);
  /* the noted item itself, when its lane holds it whole (a lazily read one's is in a decoded chunk) */
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint n = spans != NULL ? chrono_spans_get_n (spans) : 0;
  for (guint i = n > 0 ? chrono_spans_first_starting_at_or_after (spans, note->begin) : 0;
       i < n && chrono_spans_get_start (spans, i) == note->begin; i++)
    if (chrono_spans_get_end (spans, i) == note->end)
      {
        chrono_timeline_view_select (self->timeline, lane, i);
        break;
      }
}

/* The page that lists the bookmarks and notes, beside Details. */
static void
setup_bookmarks_page (ChronoWindowViewFile *self)
{
  self->bookmarks = chrono_bookmarks_view_new (trace (self), viewport (self), self->view_state);
  g_signal_connect_object (self->bookmarks, "note-chosen", G_CALLBACK (note_chosen), self, G_CONNECT_SWAPPED);
  gtk_stack_add_titled (self->side_stack, self->bookmarks, "bookmarks", _ ("Bookmarks"));
  gtk_widget_show (self->bookmarks); /* its hint shows only while the list is empty */
  gtk_widget_show (self->side_switcher);
}

/* Bookmarks and notes live in the window until Save View writes them. */
static void
notes_changed (ChronoWindowViewFile *self)
{
  self->unsaved_notes = TRUE;
}

void
chrono_window_view_file_show (ChronoWindowViewFile *self, const char *path, ChronoTimelineView *timeline,
                              gboolean reloaded)
{
  g_return_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self) && path != NULL && CHRONO_IS_TIMELINE_VIEW (timeline));
  g_set_object (&self->timeline, timeline);
  g_free (self->path);
  self->path = g_strdup (path);
  if (!reloaded || self->view_state == NULL)
    read_side_file (self);
  else /* a reload: the lanes hidden and folded before it (keep_lanes kept them) */
    chrono_layout_apply_view_state (layout (self), self->view_state, NULL);
  chrono_timeline_view_set_annotations (self->timeline, self->view_state);
  setup_bookmarks_page (self);
  if (!reloaded)
    self->unsaved_notes = FALSE; /* as read from the side file, or none */
  g_signal_handlers_disconnect_by_func (self->view_state, notes_changed, self);
  g_signal_connect_swapped (self->view_state, "changed", G_CALLBACK (notes_changed), self);
}

void
chrono_window_view_file_keep_lanes (ChronoWindowViewFile *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self));
  if (self->timeline != NULL && self->view_state != NULL)
    chrono_layout_store_view_state (layout (self), self->view_state);
}

void
chrono_window_view_file_clear (ChronoWindowViewFile *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self));
  if (self->bookmarks != NULL)
    gtk_widget_destroy (self->bookmarks);
  self->bookmarks = NULL;
  g_clear_object (&self->timeline);
}

/* ---- saving ----------------------------------------------------------------- */

/* Never over a trace on show, whatever the side file's name leads to. */
static GPtrArray *
list_inputs (ChronoWindowViewFile *self)
{
  GPtrArray *inputs = g_ptr_array_new ();
  g_ptr_array_add (inputs, self->path);
  for (guint m = 0; m < chrono_window_traces_get_n (self->traces); m++)
    g_ptr_array_add (inputs, (gpointer) chrono_trace_get_path (chrono_window_traces_get_trace (self->traces, m)));
  g_ptr_array_add (inputs, NULL);
  return inputs;
}

gboolean
chrono_window_view_file_save (ChronoWindowViewFile *self, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self), FALSE);
  if (self->timeline == NULL || self->view_state == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, _ ("No trace is shown."));
      return FALSE;
    }
  g_autofree char *side = chrono_view_state_path_for (self->path);
  g_autofree char *folder = g_path_get_dirname (side);
  if (g_access (folder, W_OK) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED, _ ("the folder %s cannot be written"), folder);
      return FALSE;
    }
  g_autofree char *base = g_path_get_basename (self->path);
  chrono_view_state_set_trace (self->view_state, base, chrono_trace_get_clock (trace (self))->ticks_per_second);
  chrono_viewport_store_view_state (viewport (self), self->view_state);
  chrono_layout_store_view_state (layout (self), self->view_state);
  g_autoptr (GPtrArray) inputs = list_inputs (self);
  if (!chrono_view_state_save (self->view_state, side, (const char *const *) inputs->pdata, error))
    return FALSE;
  self->unsaved_notes = FALSE;
  return TRUE;
}

void
chrono_window_view_file_save_and_say (ChronoWindowViewFile *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self));
  if (self->timeline == NULL)
    return;
  g_autoptr (GError) error = NULL;
  if (!chrono_window_view_file_save (self, &error))
    {
      g_autofree char *text = g_strdup_printf (_ ("The view was not saved: %s"), error->message);
      say (self, GTK_MESSAGE_ERROR, text);
      return;
    }
  g_autofree char *side = chrono_view_state_path_for (self->path);
  g_autofree char *name = g_path_get_basename (side);
  g_autofree char *text = g_strdup_printf (_ ("View saved to %s"), name);
  chrono_status_bar_show_message (self->status_bar, text);
}

/* ---- bookmarks and notes ---------------------------------------------------- */

/* The range a bookmark or a note without an item is about: the selection,
 * else markers A..B, else (bookmarks only) the range on show. */
static gboolean
chosen_range (ChronoWindowViewFile *self, gboolean or_visible, gint64 *begin, gint64 *end)
{
  ChronoViewport *shown = viewport (self);
  gint64 a, b;
  if (chrono_viewport_get_selection (shown, begin, end) && *end > *begin)
    return TRUE;
  if (chrono_viewport_get_marker (shown, CHRONO_MARKER_A, &a) && chrono_viewport_get_marker (shown, CHRONO_MARKER_B, &b)
      && a != b)
    {
      *begin = MIN (a, b);
      *end = MAX (a, b);
      return TRUE;
    }
  *begin = chrono_viewport_get_begin (shown);
  *end = chrono_viewport_get_end (shown);
  return or_visible;
}

void
chrono_window_view_file_add_bookmark (ChronoWindowViewFile *self, const char *name)
{
  g_return_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self) && name != NULL);
  if (self->view_state == NULL)
    return;
  gint64 begin, end;
  chosen_range (self, TRUE, &begin, &end);
  chrono_view_state_add_bookmark (self->view_state, name, begin, end);
  g_autofree char *text = g_strdup_printf (_ ("Bookmark “%s” added; Save View (Ctrl+S) keeps it"), name);
  chrono_status_bar_show_message (self->status_bar, text);
}

/* The selected item of the first trace, if it is a span: the item a note is on. */
static gboolean
get_selected_span (ChronoWindowViewFile *self, ChronoLane **lane, guint *span)
{
  return chrono_timeline_view_get_selected (self->timeline, lane, span) && chrono_lane_get_spans (*lane) != NULL
         && chrono_timeline_view_get_selected_member (self->timeline) == 0;
}

gboolean
chrono_window_view_file_add_note (ChronoWindowViewFile *self, const char *text)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self) && text != NULL, FALSE);
  if (self->view_state == NULL)
    return FALSE;
  ChronoLane *lane;
  guint span;
  gint64 begin, end;
  if (get_selected_span (self, &lane, &span))
    {
      ChronoSpans *spans = chrono_lane_get_spans (lane);
      g_autofree char *key = chrono_lane_dup_key (lane);
      chrono_view_state_set_note (self->view_state, key, chrono_spans_get_start (spans, span),
                                  chrono_spans_get_end (spans, span), text);
      g_signal_emit (self, signals[SPAN_NOTED], 0, lane, span); /* the inspector shows it */
    }
  else if (chosen_range (self, FALSE, &begin, &end))
    chrono_view_state_set_note (self->view_state, NULL, begin, end, text);
  else
    {
      chrono_status_bar_show_message (self->status_bar,
                                      _ ("Select an item or a range (Shift-drag, or markers A and B) to note."));
      return FALSE;
    }
  return TRUE;
}

const char *
chrono_window_view_file_find_note (ChronoWindowViewFile *self, ChronoLane *lane, guint span)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self) && lane != NULL, NULL);
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  if (self->view_state == NULL || spans == NULL || span >= chrono_spans_get_n (spans))
    return NULL;
  g_autofree char *key = chrono_lane_dup_key (lane);
  int note = chrono_view_state_find_note (self->view_state, key, chrono_spans_get_start (spans, span),
                                          chrono_spans_get_end (spans, span));
  return note >= 0 ? chrono_view_state_get_note (self->view_state, (guint) note)->text : NULL;
}

typedef void (*TextChosen) (ChronoWindowViewFile *self, const char *text);

static void
ask_text_response (GtkDialog *dialog, int response, ChronoWindowViewFile *self)
{
  if (response == GTK_RESPONSE_OK && self->view_state != NULL)
    {
      GtkEntry *entry = g_object_get_data (G_OBJECT (dialog), "entry");
      TextChosen chosen = g_object_get_data (G_OBJECT (dialog), "chosen");
      g_autofree char *text = g_strstrip (g_strdup (gtk_entry_get_text (entry)));
      if (*text != '\0')
        chosen (self, text);
    }
  gtk_widget_destroy (GTK_WIDGET (dialog));
}

/* A small dialog asking for a name or a note. */
static void
ask_text (ChronoWindowViewFile *self, const char *title, const char *accept, const char *initial, TextChosen chosen)
{
  GtkWidget *dialog = gtk_dialog_new_with_buttons (
      title, self->parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT | GTK_DIALOG_USE_HEADER_BAR, _ ("_Cancel"),
      GTK_RESPONSE_CANCEL, accept, GTK_RESPONSE_OK, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  GtkWidget *entry = gtk_entry_new ();
  gtk_entry_set_text (GTK_ENTRY (entry), initial);
  gtk_entry_set_width_chars (GTK_ENTRY (entry), 40);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  g_object_set (entry, "margin", 12, NULL);
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  g_object_set_data (G_OBJECT (dialog), "chosen", chosen);
  gtk_container_add (GTK_CONTAINER (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), entry);
  g_signal_connect (dialog, "response", G_CALLBACK (ask_text_response), self);
  gtk_widget_show_all (dialog);
}

static void
bookmark_named (ChronoWindowViewFile *self, const char *text)
{
  chrono_window_view_file_add_bookmark (self, text);
}

static void
note_written (ChronoWindowViewFile *self, const char *text)
{
  chrono_window_view_file_add_note (self, text);
}

void
chrono_window_view_file_ask_bookmark (ChronoWindowViewFile *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self));
  if (self->view_state == NULL)
    return;
  g_autofree char *name = g_strdup_printf (_ ("Bookmark %u"), chrono_view_state_get_n_bookmarks (self->view_state) + 1);
  ask_text (self, _ ("Add Bookmark"), _ ("_Add"), name, bookmark_named);
}

void
chrono_window_view_file_ask_note (ChronoWindowViewFile *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self));
  if (self->view_state == NULL)
    return;
  ChronoLane *lane;
  guint span;
  gint64 begin, end;
  if (!chrono_timeline_view_get_selected (self->timeline, &lane, &span) && !chosen_range (self, FALSE, &begin, &end))
    {
      chrono_window_view_file_add_note (self, ""); /* says what to select */
      return;
    }
  ask_text (self, _ ("Add Note"), _ ("_Add"), "", note_written);
}

/* ---- closing ---------------------------------------------------------------- */

gboolean
chrono_window_view_file_has_unsaved_notes (ChronoWindowViewFile *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self), FALSE);
  return self->unsaved_notes;
}

static void
unsaved_notes_response (GtkDialog *dialog, int response, ChronoWindowViewFile *self)
{
  gtk_widget_destroy (GTK_WIDGET (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GError) error = NULL;
      if (!chrono_window_view_file_save (self, &error))
        {
          g_autofree char *text = g_strdup_printf (_ ("The view was not saved: %s"), error->message);
          say (self, GTK_MESSAGE_ERROR, text);
          return; /* the window stays, with what could not be saved */
        }
    }
  else if (response != GTK_RESPONSE_REJECT)
    return;
  self->closing_anyway = TRUE;
  gtk_window_close (self->parent);
}

/* Closing with bookmarks or notes not saved asks first: they exist nowhere else. */
gboolean
chrono_window_view_file_ask_before_close (ChronoWindowViewFile *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self), FALSE);
  if (!self->unsaved_notes || self->closing_anyway || self->timeline == NULL)
    return FALSE;
  GtkWidget *dialog =
      gtk_message_dialog_new (self->parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, GTK_MESSAGE_QUESTION,
                              GTK_BUTTONS_NONE, _ ("Save the bookmarks and notes before closing?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _ ("They are kept beside the trace only when the view is saved."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _ ("Close _Without Saving"), GTK_RESPONSE_REJECT, _ ("_Cancel"),
                          GTK_RESPONSE_CANCEL, _ ("_Save"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_signal_connect (dialog, "response", G_CALLBACK (unsaved_notes_response), self);
  gtk_widget_show (dialog);
  return TRUE;
}

ChronoViewState *
chrono_window_view_file_get_view_state (ChronoWindowViewFile *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self), NULL);
  return self->view_state;
}

GtkWidget *
chrono_window_view_file_get_bookmarks_view (ChronoWindowViewFile *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_VIEW_FILE (self), NULL);
  return self->bookmarks;
}

static void
chrono_window_view_file_dispose (GObject *object)
{
  ChronoWindowViewFile *self = CHRONO_WINDOW_VIEW_FILE (object);
  self->bookmarks = NULL; /* the side stack's, going with the window */
  g_clear_object (&self->timeline);
  g_clear_object (&self->view_state);
  g_clear_object (&self->traces);
  g_clear_object (&self->status_bar);
  g_clear_object (&self->side_stack);
  g_clear_object (&self->side_switcher);
  G_OBJECT_CLASS (chrono_window_view_file_parent_class)->dispose (object);
}

static void
chrono_window_view_file_finalize (GObject *object)
{
  g_free (CHRONO_WINDOW_VIEW_FILE (object)->path);
  G_OBJECT_CLASS (chrono_window_view_file_parent_class)->finalize (object);
}

static void
chrono_window_view_file_class_init (ChronoWindowViewFileClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = chrono_window_view_file_dispose;
  object_class->finalize = chrono_window_view_file_finalize;
  signals[INFO] = g_signal_new ("info", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                2, GTK_TYPE_MESSAGE_TYPE, G_TYPE_STRING);
  signals[SPAN_NOTED] = g_signal_new ("span-noted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                      G_TYPE_NONE, 2, CHRONO_TYPE_LANE, G_TYPE_UINT);
}

static void
chrono_window_view_file_init (ChronoWindowViewFile *self)
{
}

ChronoWindowViewFile *
chrono_window_view_file_new (GtkWindow *parent, ChronoStatusBar *status_bar, GtkStack *side_stack,
                             GtkWidget *side_switcher, ChronoWindowTraces *traces)
{
  ChronoWindowViewFile *self = g_object_new (CHRONO_TYPE_WINDOW_VIEW_FILE, NULL);
  self->parent = parent;
  self->status_bar = g_object_ref (status_bar);
  self->side_stack = g_object_ref (side_stack);
  self->side_switcher = g_object_ref (side_switcher);
  self->traces = g_object_ref (traces);
  return self;
}
