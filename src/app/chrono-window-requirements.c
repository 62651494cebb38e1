/* chrono-window-requirements.c — requirements are checked on the trace
 * as the window shows it, so the page is made when a file is first
 * checked, and checked again whenever the trace is read again (a reload,
 * other claim options): the verdicts must be about what is on screen. */
#include "chrono-window-requirements.h"

#include <glib/gi18n.h>

#include "chrono-requirements-view.h"

struct _ChronoWindowRequirements {
  GObject parent_instance;
  GtkWindow *parent; /* not a reference: the window owns this object */
  ChronoStatusBar *status_bar;
  GtkContainer *box;
  GtkStack *side_stack;
  GtkWidget *side_switcher;
  ChronoTimelineView *timeline; /* NULL while no trace is shown */
  GtkWidget *view; /* the Requirements page, NULL until a file is checked */
  char *path; /* that file: checked again on reload */
};

enum { INFO, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoWindowRequirements, chrono_window_requirements, G_TYPE_OBJECT)

static void
say (ChronoWindowRequirements *self, GtkMessageType type, const char *message)
{
  g_signal_emit (self, signals[INFO], 0, type, message);
}

static void
destroy_child (GtkWidget *child, gpointer data)
{
  gtk_widget_destroy (child);
}

void
chrono_window_requirements_clear (ChronoWindowRequirements *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_REQUIREMENTS (self));
  gtk_container_foreach (self->box, destroy_child, NULL);
  gtk_widget_hide (GTK_WIDGET (self->box));
  self->view = NULL;
  g_clear_object (&self->timeline);
}

/* Loads the file into the page, made for it when there is none yet. */
static gboolean
load (ChronoWindowRequirements *self, GFile *file, GError **error)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *text = NULL;
  gboolean created = self->view == NULL;
  if (created)
    self->view = chrono_requirements_view_new (self->timeline);
  if (g_file_load_contents (file, NULL, &text, NULL, NULL, error)
      && chrono_requirements_view_load (CHRONO_REQUIREMENTS_VIEW (self->view), name, text, error))
    {
      if (created)
        {
          gtk_widget_set_vexpand (self->view, TRUE);
          gtk_container_add (self->box, self->view);
        }
      return TRUE;
    }
  if (created)
    {
      /* never shown: its floating reference is ours to drop */
      g_object_ref_sink (self->view);
      g_clear_object (&self->view);
    }
  return FALSE;
}

/* Checks the trace on show against a requirements file and shows the
 * Requirements page; a file that cannot be read, or a line that is wrong,
 * goes to the info bar as FILE: line N: … */
gboolean
chrono_window_requirements_check (ChronoWindowRequirements *self, GFile *file)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_REQUIREMENTS (self) && G_IS_FILE (file), FALSE);
  if (self->timeline == NULL)
    return FALSE;
  if (!chrono_requirements_view_applies (chrono_timeline_view_get_trace (self->timeline)))
    {
      say (self, GTK_MESSAGE_WARNING, _ ("This trace is read lazily: checking requirements needs it read whole."));
      return FALSE;
    }
  g_autoptr (GError) error = NULL;
  if (!load (self, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *message = g_strdup_printf ("%s: %s", name, error->message);
      say (self, GTK_MESSAGE_ERROR, message);
      return FALSE;
    }
  g_free (self->path);
  self->path = g_file_get_path (file);
  gtk_widget_show_all (GTK_WIDGET (self->box));
  gtk_widget_show (self->side_switcher);
  gtk_stack_set_visible_child_name (self->side_stack, "requirements");
  chrono_status_bar_show_message (self->status_bar,
                                  chrono_requirements_view_get_summary (CHRONO_REQUIREMENTS_VIEW (self->view)));
  return TRUE;
}

void
chrono_window_requirements_show (ChronoWindowRequirements *self, ChronoTimelineView *timeline, gboolean again)
{
  g_return_if_fail (CHRONO_IS_WINDOW_REQUIREMENTS (self) && CHRONO_IS_TIMELINE_VIEW (timeline));
  g_set_object (&self->timeline, timeline);
  if (again && self->path != NULL)
    {
      g_autoptr (GFile) file = g_file_new_for_path (self->path);
      chrono_window_requirements_check (self, file);
    }
}

void
chrono_window_requirements_forget (ChronoWindowRequirements *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_REQUIREMENTS (self));
  g_clear_pointer (&self->path, g_free);
}

static void
chosen (GtkNativeDialog *dialog, int response, ChronoWindowRequirements *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      chrono_window_requirements_check (self, file);
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

void
chrono_window_requirements_choose (ChronoWindowRequirements *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_REQUIREMENTS (self));
  if (self->timeline == NULL)
    return;
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      _ ("Check Requirements"), self->parent, GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Check"), _ ("_Cancel"));
  if (self->path != NULL)
    {
      g_autoptr (GFile) last = g_file_new_for_path (self->path);
      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), last, NULL);
    }
  else
    {
      /* requirements are usually kept beside the trace they are about */
      g_autofree char *folder =
          g_path_get_dirname (chrono_trace_get_path (chrono_timeline_view_get_trace (self->timeline)));
      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder);
    }
  g_signal_connect (dialog, "response", G_CALLBACK (chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

GtkWidget *
chrono_window_requirements_get_view (ChronoWindowRequirements *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_REQUIREMENTS (self), NULL);
  return self->view;
}

static void
chrono_window_requirements_dispose (GObject *object)
{
  ChronoWindowRequirements *self = CHRONO_WINDOW_REQUIREMENTS (object);
  g_clear_object (&self->timeline);
  g_clear_object (&self->status_bar);
  g_clear_object (&self->box);
  g_clear_object (&self->side_stack);
  g_clear_object (&self->side_switcher);
  self->view = NULL;
  G_OBJECT_CLASS (chrono_window_requirements_parent_class)->dispose (object);
}

static void
chrono_window_requirements_finalize (GObject *object)
{
  g_free (CHRONO_WINDOW_REQUIREMENTS (object)->path);
  G_OBJECT_CLASS (chrono_window_requirements_parent_class)->finalize (object);
}

static void
chrono_window_requirements_class_init (ChronoWindowRequirementsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = chrono_window_requirements_dispose;
  object_class->finalize = chrono_window_requirements_finalize;
  signals[INFO] = g_signal_new ("info", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                2, GTK_TYPE_MESSAGE_TYPE, G_TYPE_STRING);
}

static void
chrono_window_requirements_init (ChronoWindowRequirements *self)
{
}

ChronoWindowRequirements *
chrono_window_requirements_new (GtkWindow *parent, ChronoStatusBar *status_bar, GtkContainer *box, GtkStack *side_stack,
                                GtkWidget *side_switcher)
{
  ChronoWindowRequirements *self = g_object_new (CHRONO_TYPE_WINDOW_REQUIREMENTS, NULL);
  self->parent = parent;
  self->status_bar = g_object_ref (status_bar);
  self->box = g_object_ref (box);
  self->side_stack = g_object_ref (side_stack);
  self->side_switcher = g_object_ref (side_switcher);
  return self;
}
