/* chrono-message-summary-view.c — the groups are worked out again when the
 * grouping or the communicator changes (one pass over the messages); the
 * measure only changes the bars' lengths. */
#include "chrono-message-summary-view.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#define ROW_HEIGHT 18.0
#define LABEL_WIDTH 110.0
#define FIGURE_WIDTH 80.0

struct _ChronoMessageSummaryView {
  GtkBox parent_instance;
  ChronoTrace *trace;
  ChronoMessageGrouping by;
  ChronoCommMeasure measure;
  char *communicator;
  GArray *groups; /* ChronoMessageGroup */
  GtkWidget *grouping_combo, *bars;
};

G_DEFINE_FINAL_TYPE (ChronoMessageSummaryView, chrono_message_summary_view, GTK_TYPE_BOX)

static double
measure_of (const ChronoMessageSummaryView *self, const ChronoMessageGroup *g)
{
  switch (self->measure)
    {
    case CHRONO_COMM_BY_BYTES: return (double) g->bytes;
    case CHRONO_COMM_BY_MEAN_SIZE: return g->count > 0 ? (double) g->bytes / (double) g->count : 0.0;
    case CHRONO_COMM_BY_LATE_SENDER: return (double) g->late_sender;
    default: return (double) g->count;
    }
}

/* A bin's bound, a power of two: "512 B", "4 KiB", "2 GiB". */
static char *
power_of_two (guint64 bytes)
{
  static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
  guint unit = 0;
  while (bytes >= 1024 && bytes % 1024 == 0 && unit + 1 < G_N_ELEMENTS (units))
    {
      bytes /= 1024;
      unit++;
    }
  return g_strdup_printf ("%" PRIu64 " %s", bytes, units[unit]);
}

/* A size bin as [smallest, largest + 1): "8 B–16 B"; the tooltip's exact. */
static char *
group_name (const ChronoMessageSummaryView *self, const ChronoMessageGroup *g, gboolean exact)
{
  if (self->by == CHRONO_MESSAGES_BY_TAG)
    return g_strdup_printf (_ ("tag %" PRIu64), g->smallest);
  if (self->by == CHRONO_MESSAGES_BY_COMMUNICATOR)
    return g_strdup (g->communicator);
  if (g->largest == 0)
    return g_strdup (_ ("empty"));
  if (exact)
    return g_strdup_printf (_ ("%" PRIu64 "–%" PRIu64 " bytes"), g->smallest, g->largest);
  g_autofree char *smallest = power_of_two (g->smallest);
  g_autofree char *beyond = g->largest < G_MAXUINT64 ? power_of_two (g->largest + 1) : g_strdup ("∞");
  return g->smallest == g->largest ? g_steal_pointer (&smallest) : g_strdup_printf ("%s–%s", smallest, beyond);
}

static char *
figure_of (const ChronoMessageSummaryView *self, const ChronoMessageGroup *g)
{
  switch (self->measure)
    {
    case CHRONO_COMM_BY_BYTES: return g_format_size_full (g->bytes, G_FORMAT_SIZE_IEC_UNITS);
    case CHRONO_COMM_BY_MEAN_SIZE:
      return g_format_size_full (g->count > 0 ? g->bytes / g->count : 0, G_FORMAT_SIZE_IEC_UNITS);
    case CHRONO_COMM_BY_LATE_SENDER:
      return chrono_clock_format_duration (chrono_trace_get_clock (self->trace), (guint64) g->late_sender, 3);
    default: return g_strdup_printf ("%" PRIu64, g->count);
    }
}

static void
refill (ChronoMessageSummaryView *self)
{
  g_clear_pointer (&self->groups, g_array_unref);
  self->groups = chrono_message_summary (self->trace, self->by, self->communicator);
  guint n = self->groups != NULL ? self->groups->len : 0;
  gtk_widget_set_size_request (self->bars, -1, (int) (n * ROW_HEIGHT + 4));
  gtk_widget_queue_draw (self->bars);
}

/* ---- bars ---------------------------------------------------------------- */

static double
largest_measure (ChronoMessageSummaryView *self)
{
  double largest = 0.0;
  for (guint i = 0; self->groups != NULL && i < self->groups->len; i++)
    largest = MAX (largest, measure_of (self, &g_array_index (self->groups, ChronoMessageGroup, i)));
  return largest;
}

gboolean
chrono_message_summary_view_get_bar (ChronoMessageSummaryView *self, guint index, double *x, double *y, double *width)
{
  g_return_val_if_fail (CHRONO_IS_MESSAGE_SUMMARY_VIEW (self), FALSE);
  double largest = largest_measure (self);
  if (self->groups == NULL || index >= self->groups->len)
    return FALSE;
  double room = MAX (gtk_widget_get_allocated_width (self->bars) - LABEL_WIDTH - FIGURE_WIDTH, 1.0);
  *x = LABEL_WIDTH;
  *y = 2 + index * ROW_HEIGHT;
  /* every group at 0 (no late sender at all): bars of no length, the groups still named */
  const ChronoMessageGroup *g = &g_array_index (self->groups, ChronoMessageGroup, index);
  *width = largest > 0 ? measure_of (self, g) / largest * room : 0.0;
  return TRUE;
}

static void
draw_text (GtkWidget *widget, cairo_t *cr, const char *text, double x, double y, double width, PangoAlignment align)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, align);
  int h;
  pango_layout_get_pixel_size (layout, NULL, &h);
  cairo_move_to (cr, x, y + (ROW_HEIGHT - h) / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

static gboolean
draw (ChronoMessageSummaryView *self, cairo_t *cr, GtkWidget *widget)
{
  GdkRGBA fg;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), gtk_widget_get_state_flags (widget), &fg);
  double r, g, b;
  chrono_comm_measure_colour (self->measure, &r, &g, &b);
  for (guint i = 0; self->groups != NULL && i < self->groups->len; i++)
    {
      const ChronoMessageGroup *group = &g_array_index (self->groups, ChronoMessageGroup, i);
      double x, y, w;
      if (!chrono_message_summary_view_get_bar (self, i, &x, &y, &w))
        break;
      cairo_set_source_rgb (cr, r, g, b);
      cairo_rectangle (cr, x, y + 2, w > 0 ? MAX (w, 1.0) : 0.0, ROW_HEIGHT - 4);
      cairo_fill (cr);
      g_autofree char *name = group_name (self, group, FALSE);
      g_autofree char *figure = figure_of (self, group);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.85);
      draw_text (widget, cr, name, 0, y, LABEL_WIDTH - 6, PANGO_ALIGN_RIGHT);
      draw_text (widget, cr, figure, x + w + 4, y, FIGURE_WIDTH - 4, PANGO_ALIGN_LEFT);
    }
  return FALSE;
}

GArray *
chrono_message_summary_view_get_groups (ChronoMessageSummaryView *self)
{
  g_return_val_if_fail (CHRONO_IS_MESSAGE_SUMMARY_VIEW (self), NULL);
  return self->groups;
}

char *
chrono_message_summary_view_describe_at (ChronoMessageSummaryView *self, double x, double y)
{
  g_return_val_if_fail (CHRONO_IS_MESSAGE_SUMMARY_VIEW (self), NULL);
  if (self->groups == NULL || y < 2)
    return NULL;
  guint index = (guint) ((y - 2) / ROW_HEIGHT);
  if (index >= self->groups->len)
    return NULL;
  const ChronoMessageGroup *g = &g_array_index (self->groups, ChronoMessageGroup, index);
  g_autofree char *name = group_name (self, g, TRUE);
  g_autofree char *bytes = g_format_size_full (g->bytes, G_FORMAT_SIZE_IEC_UNITS);
  g_autofree char *late =
      chrono_clock_format_duration (chrono_trace_get_clock (self->trace), (guint64) g->late_sender, 4);
  return g_markup_printf_escaped (_ ("<b>%s</b>\n%" PRIu64 " messages, %s; receivers waited %s for late senders"), name,
                                  g->count, bytes, late);
}

static gboolean
query_tooltip (ChronoMessageSummaryView *self, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  g_autofree char *text = keyboard ? NULL : chrono_message_summary_view_describe_at (self, x, y);
  if (text != NULL)
    gtk_tooltip_set_markup (tooltip, text);
  return text != NULL;
}

/* ---- choices --------------------------------------------------------------- */

void
chrono_message_summary_view_set_grouping (ChronoMessageSummaryView *self, ChronoMessageGrouping by)
{
  g_return_if_fail (CHRONO_IS_MESSAGE_SUMMARY_VIEW (self) && by < CHRONO_N_MESSAGE_GROUPINGS);
  gtk_combo_box_set_active (GTK_COMBO_BOX (self->grouping_combo), by);
}

static void
grouping_chosen (ChronoMessageSummaryView *self)
{
  self->by = (ChronoMessageGrouping) MAX (gtk_combo_box_get_active (GTK_COMBO_BOX (self->grouping_combo)), 0);
  refill (self);
}

void
chrono_message_summary_view_set_measure (ChronoMessageSummaryView *self, ChronoCommMeasure measure)
{
  g_return_if_fail (CHRONO_IS_MESSAGE_SUMMARY_VIEW (self) && measure < CHRONO_N_COMM_MEASURES);
  self->measure = measure;
  gtk_widget_queue_draw (self->bars);
}

void
chrono_message_summary_view_set_communicator (ChronoMessageSummaryView *self, const char *communicator)
{
  g_return_if_fail (CHRONO_IS_MESSAGE_SUMMARY_VIEW (self));
  g_free (self->communicator);
  self->communicator = g_strdup (communicator);
  refill (self);
}

/* ---- life cycle --------------------------------------------------------------- */

static void
chrono_message_summary_view_dispose (GObject *object)
{
  ChronoMessageSummaryView *self = CHRONO_MESSAGE_SUMMARY_VIEW (object);
  g_clear_pointer (&self->groups, g_array_unref);
  g_clear_pointer (&self->communicator, g_free);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (chrono_message_summary_view_parent_class)->dispose (object);
}

static void
chrono_message_summary_view_class_init (ChronoMessageSummaryViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_message_summary_view_dispose;
}

static void
chrono_message_summary_view_init (ChronoMessageSummaryView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 4);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title = gtk_label_new (_ ("Message summary by"));
  gtk_style_context_add_class (gtk_widget_get_style_context (title), "dim-label");
  self->grouping_combo = gtk_combo_box_text_new ();
  const char *groupings[] = { _ ("Size"), _ ("Tag"), _ ("Communicator") };
  for (guint i = 0; i < G_N_ELEMENTS (groupings); i++)
    gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (self->grouping_combo), groupings[i]);
  gtk_box_pack_start (GTK_BOX (row), title, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (row), self->grouping_combo, FALSE, FALSE, 0);
  self->bars = gtk_drawing_area_new ();
  gtk_widget_set_has_tooltip (self->bars, TRUE);
  g_signal_connect_swapped (self->bars, "draw", G_CALLBACK (draw), self);
  g_signal_connect_swapped (self->bars, "query-tooltip", G_CALLBACK (query_tooltip), self);
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 240);
  gtk_container_add (GTK_CONTAINER (scroller), self->bars);
  gtk_container_add (GTK_CONTAINER (self), row);
  gtk_container_add (GTK_CONTAINER (self), scroller);
}

GtkWidget *
chrono_message_summary_view_new (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  ChronoMessageSummaryView *self = g_object_new (CHRONO_TYPE_MESSAGE_SUMMARY_VIEW, NULL);
  self->trace = g_object_ref (trace);
  g_signal_connect_swapped (self->grouping_combo, "changed", G_CALLBACK (grouping_chosen), self);
  gtk_combo_box_set_active (GTK_COMBO_BOX (self->grouping_combo), CHRONO_MESSAGES_BY_SIZE);
  return GTK_WIDGET (self);
}
