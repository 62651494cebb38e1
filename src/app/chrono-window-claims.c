/* chrono-window-claims.c — the claims button's popover and what it
 * changes.  Grouping, colouring and filtering are loader options, so
 * changing them reads the trace again (the window does, keeping the view);
 * the critical path and the usage signals are computed on the trace shown.
 * The options outlive each reading: this object owns them. */
#include "chrono-window-claims.h"

#include <glib/gi18n.h>

#include "chrono-claims-popover.h"
#include "chrono-critical-path.h"
#include "chrono-resource-usage.h"

struct _ChronoWindowClaims {
  GObject parent_instance;
  GtkMenuButton *button;
  ChronoStatusBar *status_bar;
  ChronoTimelineView *timeline; /* NULL while no trace is shown */
  GHashTable *options; /* how TRACE claims are grouped, coloured and filtered */
};

enum { REREAD, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoWindowClaims, chrono_window_claims, G_TYPE_OBJECT)

static ChronoTrace *
trace (ChronoWindowClaims *self)
{
  return chrono_timeline_view_get_trace (self->timeline);
}

static void
refresh (ChronoWindowClaims *self)
{
  chrono_layout_refresh (chrono_timeline_view_get_layout (self->timeline));
}

/* The critical path and the usage signals are computed from every claim's
 * span; a lazily read trace has them in decoded windows only, and a path or
 * a usage from part of them would be wrong. */
static gboolean
refuse_when_lazy (ChronoWindowClaims *self)
{
  if (!chrono_trace_is_lazy (trace (self)))
    return FALSE;
  chrono_status_bar_show_message (self->status_bar,
                                  _ ("This trace is read lazily: the critical path and the usage need it read whole."));
  return TRUE;
}

/* The chain of claims that decided when the last one ended, outlined in red
 * (or no longer). */
static void
show_critical_path (ChronoWindowClaims *self, gboolean show)
{
  if (self->timeline == NULL)
    return;
  if (!show)
    {
      chrono_critical_path_clear (trace (self));
      refresh (self);
      return;
    }
  if (refuse_when_lazy (self))
    return;
  guint n = chrono_critical_path_mark (trace (self), FALSE);
  refresh (self);
  g_autofree char *text = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "The critical path has %u claim.", "The critical path has %u claims.", n), n);
  chrono_status_bar_show_message (self->status_bar, text);
}

/* TRACE4CPS's "resource usage": the amount in use as a signal under each
 * resource, added or taken away again. */
static void
show_usage (ChronoWindowClaims *self, gboolean show)
{
  if (self->timeline == NULL)
    return;
  if (!show)
    chrono_resource_usage_remove_lanes (trace (self));
  else if (refuse_when_lazy (self) || chrono_resource_usage_add_lanes (trace (self)) == 0)
    return;
  refresh (self);
}

/* Read the trace again the way the claims menu says, keeping the view. */
static void
apply_options (ChronoWindowClaims *self, GHashTable *options)
{
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, options);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_replace (self->options, g_strdup (key), g_strdup (value));
  g_signal_emit (self, signals[REREAD], 0);
}

/* How the trace was read, as its loader's options say, and for claims their
 * labels and analyses. */
void
chrono_window_claims_show (ChronoWindowClaims *self, ChronoTimelineView *timeline)
{
  g_return_if_fail (CHRONO_IS_WINDOW_CLAIMS (self) && CHRONO_IS_TIMELINE_VIEW (timeline));
  g_set_object (&self->timeline, timeline);
  GtkWidget *button = GTK_WIDGET (self->button);
  gboolean claims = (chrono_trace_get_features (trace (self)) & CHRONO_TRACE_HAS_CLAIMS) != 0;
  gboolean options = chrono_claims_popover_has_rows (trace (self));
  gtk_widget_set_visible (button, claims || options);
  if (!claims && !options)
    return;
  gtk_widget_set_tooltip_text (button, claims ? _ ("Group, colour and filter claims by their attributes")
                                              : _ ("How the trace is read"));
  GtkWidget *popover = chrono_claims_popover_new (button, trace (self), chrono_window_claims_get_labelling (self));
  g_signal_connect_object (popover, "apply", G_CALLBACK (apply_options), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (popover, "show-usage", G_CALLBACK (show_usage), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (popover, "show-critical-path", G_CALLBACK (show_critical_path), self, G_CONNECT_SWAPPED);
  gtk_menu_button_set_popover (self->button, popover);
}

void
chrono_window_claims_clear (ChronoWindowClaims *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_CLAIMS (self));
  g_clear_object (&self->timeline);
}

GHashTable *
chrono_window_claims_get_options (ChronoWindowClaims *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_CLAIMS (self), NULL);
  return self->options;
}

const char *
chrono_window_claims_get_labelling (ChronoWindowClaims *self)
{
  g_return_val_if_fail (CHRONO_IS_WINDOW_CLAIMS (self), NULL);
  return g_hash_table_lookup (self->options, "labelling");
}

void
chrono_window_claims_forget (ChronoWindowClaims *self)
{
  g_return_if_fail (CHRONO_IS_WINDOW_CLAIMS (self));
  g_hash_table_remove_all (self->options);
}

static void
chrono_window_claims_dispose (GObject *object)
{
  ChronoWindowClaims *self = CHRONO_WINDOW_CLAIMS (object);
  g_clear_object (&self->timeline);
  g_clear_object (&self->button);
  g_clear_object (&self->status_bar);
  G_OBJECT_CLASS (chrono_window_claims_parent_class)->dispose (object);
}

static void
chrono_window_claims_finalize (GObject *object)
{
  g_hash_table_unref (CHRONO_WINDOW_CLAIMS (object)->options);
  G_OBJECT_CLASS (chrono_window_claims_parent_class)->finalize (object);
}

static void
chrono_window_claims_class_init (ChronoWindowClaimsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = chrono_window_claims_dispose;
  object_class->finalize = chrono_window_claims_finalize;
  signals[REREAD] =
      g_signal_new ("reread", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
chrono_window_claims_init (ChronoWindowClaims *self)
{
  self->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

ChronoWindowClaims *
chrono_window_claims_new (GtkMenuButton *button, ChronoStatusBar *status_bar)
{
  ChronoWindowClaims *self = g_object_new (CHRONO_TYPE_WINDOW_CLAIMS, NULL);
  self->button = g_object_ref (button);
  self->status_bar = g_object_ref (status_bar);
  return self;
}
