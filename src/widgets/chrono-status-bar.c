#include "chrono-status-bar.h"

#include <glib/gi18n-lib.h>

struct _ChronoStatusBar {
  GtkBox parent_instance;
  ChronoTrace *trace;
  ChronoViewport *viewport;
  GtkWidget *cursor_label;
  GtkWidget *markers_label;
  GtkWidget *hint_label;
};

enum { PROP_0, PROP_TRACE, PROP_VIEWPORT, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ChronoStatusBar, chrono_status_bar, GTK_TYPE_BOX)

/* Times as the ruler counts them: from the viewport's origin. */
static char *
format_time (ChronoStatusBar *self, gint64 ticks)
{
  const ChronoClock *clock = chrono_trace_get_clock (self->trace);
  return chrono_clock_format_ticks (clock, ticks - chrono_viewport_get_origin (self->viewport), 7);
}

static void
show_cursor (ChronoStatusBar *self)
{
  gint64 time;
  g_autofree char *cursor = NULL;
  if (chrono_viewport_get_cursor (self->viewport, &time))
    {
      g_autofree char *at = format_time (self, time);
      cursor = g_strdup_printf (_ ("Cursor %s"), at);
    }
  gtk_label_set_text (GTK_LABEL (self->cursor_label), cursor ? cursor : "");
}

static void
show_markers (ChronoStatusBar *self)
{
  gint64 time;
  g_autoptr (GString) markers = g_string_new (NULL);
  if (chrono_viewport_get_marker (self->viewport, CHRONO_MARKER_A, &time))
    {
      g_autofree char *a = format_time (self, time);
      g_string_append_printf (markers, _ ("A %s"), a);
    }
  if (chrono_viewport_get_marker (self->viewport, CHRONO_MARKER_B, &time))
    {
      g_autofree char *b = format_time (self, time);
      g_string_append_printf (markers, _ ("%sB %s"), markers->len ? "    " : "", b);
    }
  gint64 delta;
  if (chrono_viewport_get_marker_delta (self->viewport, &delta))
    {
      g_autofree char *dt = chrono_clock_format_ticks (chrono_trace_get_clock (self->trace), delta, 7);
      g_string_append_printf (markers, _ ("    Δt %s"), dt);
    }
  gtk_label_set_text (GTK_LABEL (self->markers_label), markers->str);
}

static void
show_hint (ChronoStatusBar *self)
{
  const ChronoClock *clock = chrono_trace_get_clock (self->trace);
  gint64 span = chrono_viewport_get_end (self->viewport) - chrono_viewport_get_begin (self->viewport);
  g_autofree char *window = chrono_clock_format_ticks (clock, span, 4);
  g_autofree char *hint =
      g_strdup_printf (_ ("Showing %s · keys 1 and 2 set markers · Shift+drag zooms to a range"), window);
  gtk_label_set_text (GTK_LABEL (self->hint_label), hint);
}

static void
update (ChronoStatusBar *self)
{
  if (self->trace == NULL || self->viewport == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->cursor_label), "");
      gtk_label_set_text (GTK_LABEL (self->markers_label), "");
      gtk_label_set_text (GTK_LABEL (self->hint_label), "");
      return;
    }
  show_cursor (self);
  show_markers (self);
  show_hint (self);
}

void
chrono_status_bar_set_view (ChronoStatusBar *self, ChronoTrace *trace, ChronoViewport *viewport)
{
  g_return_if_fail (CHRONO_IS_STATUS_BAR (self));
  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_set_object (&self->trace, trace);
  g_set_object (&self->viewport, viewport);
  if (viewport != NULL)
    {
      g_signal_connect_swapped (viewport, "changed", G_CALLBACK (update), self);
      g_signal_connect_swapped (viewport, "overlay-changed", G_CALLBACK (update), self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWPORT]);
  update (self);
}

void
chrono_status_bar_show_message (ChronoStatusBar *self, const char *message)
{
  g_return_if_fail (CHRONO_IS_STATUS_BAR (self));
  gtk_label_set_text (GTK_LABEL (self->hint_label), message);
}

const char *
chrono_status_bar_get_message (ChronoStatusBar *self)
{
  g_return_val_if_fail (CHRONO_IS_STATUS_BAR (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->hint_label));
}

static void
chrono_status_bar_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  ChronoStatusBar *self = CHRONO_STATUS_BAR (object);
  switch (id)
    {
    case PROP_TRACE: g_value_set_object (value, self->trace); break;
    case PROP_VIEWPORT: g_value_set_object (value, self->viewport); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

/* The labels may be gone already (a container destroys its children
 * first): only let go of the view. */
static void
chrono_status_bar_dispose (GObject *object)
{
  ChronoStatusBar *self = CHRONO_STATUS_BAR (object);
  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_object (&self->viewport);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (chrono_status_bar_parent_class)->dispose (object);
}

static void
chrono_status_bar_class_init (ChronoStatusBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->get_property = chrono_status_bar_get_property;
  object_class->dispose = chrono_status_bar_dispose;
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  properties[PROP_TRACE] = g_param_spec_object ("trace", NULL, NULL, CHRONO_TYPE_TRACE, flags);
  properties[PROP_VIEWPORT] = g_param_spec_object ("viewport", NULL, NULL, CHRONO_TYPE_VIEWPORT, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

/* Tabular figures, so times do not jitter as they change. */
static GtkWidget *
figures_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  PangoAttrList *attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  gtk_label_set_attributes (GTK_LABEL (label), attrs);
  pango_attr_list_unref (attrs);
  return label;
}

static void
chrono_status_bar_init (ChronoStatusBar *self)
{
  gtk_box_set_spacing (GTK_BOX (self), 18);
  g_object_set (self, "margin-start", 8, "margin-end", 8, "margin-top", 3, "margin-bottom", 3, NULL);
  self->cursor_label = figures_label ();
  gtk_label_set_width_chars (GTK_LABEL (self->cursor_label), 22);
  self->markers_label = figures_label ();
  self->hint_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->hint_label), 1);
  gtk_widget_set_hexpand (self->hint_label, TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (self->hint_label), PANGO_ELLIPSIZE_START);
  gtk_style_context_add_class (gtk_widget_get_style_context (self->hint_label), "dim-label");
  gtk_container_add (GTK_CONTAINER (self), self->cursor_label);
  gtk_container_add (GTK_CONTAINER (self), self->markers_label);
  gtk_container_add (GTK_CONTAINER (self), self->hint_label);
  gtk_widget_show_all (GTK_WIDGET (self));
}

GtkWidget *
chrono_status_bar_new (void)
{
  return g_object_new (CHRONO_TYPE_STATUS_BAR, NULL);
}
