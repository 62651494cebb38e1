/* chrono-core-load-dialog.c — the width is typed as the ruler writes times
 * ("10ms", "500us", cycles for a cycle clock), proposed round for about 200
 * bins, or the width the lanes have now when they are shown already. */
#include "chrono-core-load-dialog.h"

#include <glib/gi18n-lib.h>

#include "chrono-core-load.h"

typedef struct {
  ChronoTrace *trace;
  GtkEntry *entry;
  ChronoCoreLoadApply apply;
  gpointer data;
} DialogState;

static void
dialog_state_free (gpointer data, GClosure *closure)
{
  DialogState *state = data;
  g_object_unref (state->trace);
  g_free (state);
}

gboolean
chrono_core_load_parse_bin (ChronoTrace *trace, const char *text, gint64 *out_bin, GError **error)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  double seconds;
  if (!chrono_clock_parse_duration (clock, text, &seconds, error))
    return FALSE;
  gint64 bin = chrono_clock_from_seconds (clock, seconds);
  if (bin <= 0)
    {
      g_set_error (error, CHRONO_CLOCK_ERROR, CHRONO_CLOCK_ERROR_NOT_A_TIME,
                   _ ("A bin must be at least one tick of the trace long."));
      return FALSE;
    }
  *out_bin = bin;
  return TRUE;
}

static void
response (GtkDialog *dialog, int response_id, DialogState *state)
{
  if (response_id == GTK_RESPONSE_REJECT)
    state->apply (state->data, NULL, NULL);
  else if (response_id == GTK_RESPONSE_OK)
    {
      g_autoptr (GError) error = NULL;
      if (!state->apply (state->data, gtk_entry_get_text (state->entry), &error))
        {
          gtk_entry_set_icon_from_icon_name (state->entry, GTK_ENTRY_ICON_SECONDARY, "dialog-warning-symbolic");
          gtk_entry_set_icon_tooltip_text (state->entry, GTK_ENTRY_ICON_SECONDARY, error->message);
          return;
        }
    }
  gtk_widget_destroy (GTK_WIDGET (dialog));
}

/* The width the lanes have now: the first step of the first lane. */
static gint64
current_bin (ChronoTrace *trace)
{
  ChronoLane *group = chrono_core_load_find_group (trace);
  if (group == NULL || chrono_lane_get_n_children (group) == 0)
    return 0;
  ChronoSignal *signal = chrono_lane_get_signal (chrono_lane_get_child (group, 0));
  if (signal == NULL || chrono_signal_get_n (signal) < 2)
    return 0;
  const ChronoFragment *first = chrono_signal_get (signal, 0);
  return first->t1 - first->t0;
}

void
chrono_core_load_dialog_show (GtkWindow *parent, ChronoTrace *trace, ChronoCoreLoadApply apply, gpointer data)
{
  GtkWidget *dialog = gtk_dialog_new_with_buttons (
      _ ("Core Load"), parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT | GTK_DIALOG_USE_HEADER_BAR,
      _ ("_Cancel"), GTK_RESPONSE_CANCEL, _ ("_Show"), GTK_RESPONSE_OK, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  if (chrono_core_load_find_group (trace) != NULL)
    gtk_dialog_add_button (GTK_DIALOG (dialog), _ ("_Hide"), GTK_RESPONSE_REJECT);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_object_set (box, "margin", 12, NULL);
  GtkWidget *label = gtk_label_new (_ ("Busy share of each core per bin of:"));
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  GtkWidget *entry = gtk_entry_new ();
  gint64 bin = current_bin (trace);
  g_autofree char *proposed = chrono_clock_format_duration (chrono_trace_get_clock (trace),
                                                            bin > 0 ? bin : chrono_core_load_default_bin (trace), 6);
  gtk_entry_set_text (GTK_ENTRY (entry), proposed);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _ ("e.g. 10ms, 500us"));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_container_add (GTK_CONTAINER (box), label);
  gtk_container_add (GTK_CONTAINER (box), entry);
  gtk_container_add (GTK_CONTAINER (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), box);

  DialogState *state = g_new0 (DialogState, 1);
  state->trace = g_object_ref (trace);
  state->entry = GTK_ENTRY (entry);
  state->apply = apply;
  state->data = data;
  g_signal_connect_data (dialog, "response", G_CALLBACK (response), state, dialog_state_free, 0);
  gtk_widget_show_all (dialog);
}
