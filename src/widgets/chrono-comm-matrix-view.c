/* chrono-comm-matrix-view.c — the pairs of chrono_comm_new summed into a
 * grid of the locations that sent or received (for one communicator, or
 * across all), redrawn when the choice changes; a cell's colour grows with
 * the square root of its value over the largest, so that a few heavy pairs
 * do not leave the rest white. */
#include "chrono-comm-matrix-view.h"

#include "chrono-collectives-view.h"
#include "chrono-message-summary-view.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <math.h>

#define LABEL_ROOM 170.0 /* px left of the grid for the senders' names */
#define HEADER_ROOM 22.0 /* px above it for the receivers' numbers */
#define MAX_CELL 36.0
#define MARGIN 6.0

typedef struct {
  guint64 count, bytes;
  gint64 late;
} Cell;

struct _ChronoCommMatrixView {
  GtkBox parent_instance;
  ChronoTimelineView *timeline;
  ChronoTrace *trace;
  ChronoComm *comm;
  ChronoCommMeasure measure;
  char *communicator; /* NULL: all */
  GArray *locations; /* guint64: the ids that sent or received, sorted */
  Cell *cells; /* locations × locations, sender-major */
  GtkWidget *measure_combo, *communicator_combo, *matrix, *show_all, *summary;
  GtkWidget *message_summary; /* ChronoMessageSummaryView, under the matrix */
  GtkWidget *collectives; /* ChronoCollectivesView under it, or NULL: none recorded */
  gboolean built; /* a communicator chosen from now on is the user's: the timeline's arrows follow it */
};

G_DEFINE_FINAL_TYPE (ChronoCommMatrixView, chrono_comm_matrix_view, GTK_TYPE_BOX)

gboolean
chrono_comm_matrix_view_applies (ChronoTrace *trace)
{
  ChronoMessages *messages = chrono_trace_get_messages (trace);
  return !chrono_trace_is_lazy (trace) && messages != NULL && chrono_messages_get_n (messages) > 0;
}

/* ---- the grid ----------------------------------------------------------- */

static guint
location_index (ChronoCommMatrixView *self, guint64 id)
{
  guint lo = 0, hi = self->locations->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (g_array_index (self->locations, guint64, mid) < id)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static int
by_id (gconstpointer a, gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  return x < y ? -1 : (x > y);
}

static void
add_location (GHashTable *seen, GArray *locations, guint64 id)
{
  if (g_hash_table_add (seen, g_memdup2 (&id, sizeof id)))
    g_array_append_val (locations, id);
}

static void
fill_cells (ChronoCommMatrixView *self)
{
  g_clear_pointer (&self->locations, g_array_unref);
  g_clear_pointer (&self->cells, g_free);
  self->locations = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint i = 0; i < self->comm->pairs->len; i++)
    {
      const ChronoCommPair *p = &g_array_index (self->comm->pairs, ChronoCommPair, i);
      add_location (seen, self->locations, p->sender);
      add_location (seen, self->locations, p->receiver);
    }
  g_array_sort (self->locations, by_id);
  guint n = self->locations->len;
  self->cells = g_new0 (Cell, (gsize) MAX (n * n, 1));
  for (guint i = 0; i < self->comm->pairs->len; i++)
    {
      const ChronoCommPair *p = &g_array_index (self->comm->pairs, ChronoCommPair, i);
      if (self->communicator != NULL && g_strcmp0 (p->communicator, self->communicator) != 0)
        continue;
      Cell *c = &self->cells[location_index (self, p->sender) * n + location_index (self, p->receiver)];
      c->count += p->count;
      c->bytes += p->bytes;
      c->late += p->late_sender;
    }
  gtk_widget_queue_draw (self->matrix);
}

static double
value_of (const ChronoCommMatrixView *self, const Cell *c)
{
  switch (self->measure)
    {
    case CHRONO_COMM_BY_COUNT: return (double) c->count;
    case CHRONO_COMM_BY_BYTES: return (double) c->bytes;
    case CHRONO_COMM_BY_MEAN_SIZE: return c->count > 0 ? (double) c->bytes / (double) c->count : 0.0;
    case CHRONO_COMM_BY_LATE_SENDER: return (double) c->late;
    default: return 0.0;
    }
}

typedef struct {
  double left, top, cell;
} Grid;

static Grid
grid_of (ChronoCommMatrixView *self)
{
  guint n = MAX (self->locations ? self->locations->len : 1, 1);
  double room = MIN (gtk_widget_get_allocated_width (self->matrix) - LABEL_ROOM,
                     gtk_widget_get_allocated_height (self->matrix) - HEADER_ROOM)
                - MARGIN;
  Grid g = { LABEL_ROOM, HEADER_ROOM, MIN (MAX (room / n, 4.0), MAX_CELL) };
  return g;
}

static const char *
location_name (ChronoCommMatrixView *self, guint64 id, char **owned)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (self->trace);
  for (guint i = 0; i < lanes->len; i++)
    if (chrono_lane_get_kind (lanes->pdata[i]) == CHRONO_LANE_WORKER
        && (guint64) chrono_lane_get_source_id (lanes->pdata[i]) == id)
      {
        ChronoLane *parent = chrono_lane_get_parent (lanes->pdata[i]);
        *owned = parent ? g_strdup_printf ("%s/%s", chrono_lane_get_display_name (parent),
                                           chrono_lane_get_display_name (lanes->pdata[i]))
                        : g_strdup (chrono_lane_get_display_name (lanes->pdata[i]));
        return *owned;
      }
  *owned = g_strdup_printf ("%" PRIu64, id);
  return *owned;
}

/* ---- drawing ------------------------------------------------------------- */

/* text right-aligned to x in room px, shortened in the middle (names differ at either end) */
static void
draw_label (GtkWidget *widget, cairo_t *cr, const char *text, double x, double y, double room)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  pango_layout_set_width (layout, (int) (room * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
  pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
  int w, h;
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - room, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

void
chrono_comm_measure_colour (ChronoCommMeasure measure, double *red, double *green, double *blue)
{
  gboolean late = measure == CHRONO_COMM_BY_LATE_SENDER;
  *red = late ? 0.85 : 0.16;
  *green = late ? 0.30 : 0.40;
  *blue = late ? 0.10 : 0.80;
}

static gboolean
draw (ChronoCommMatrixView *self, cairo_t *cr, GtkWidget *widget)
{
  if (self->locations == NULL || self->locations->len == 0)
    return FALSE;
  GdkRGBA fg;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), gtk_widget_get_state_flags (widget), &fg);
  guint n = self->locations->len;
  Grid g = grid_of (self);
  double highest = 0.0;
  for (guint k = 0; k < n * n; k++)
    highest = MAX (highest, value_of (self, &self->cells[k]));
  double red, green, blue;
  chrono_comm_measure_colour (self->measure, &red, &green, &blue);
  for (guint s = 0; s < n; s++)
    for (guint r = 0; r < n; r++)
      {
        const Cell *c = &self->cells[s * n + r];
        double x = g.left + r * g.cell, y = g.top + s * g.cell;
        if (c->count == 0)
          continue;
        double share = highest > 0 ? sqrt (value_of (self, c) / highest) : 0.0;
        cairo_set_source_rgba (cr, red, green, blue, 0.08 + 0.92 * share);
        cairo_rectangle (cr, x + 0.5, y + 0.5, g.cell - 1.0, g.cell - 1.0);
        cairo_fill (cr);
      }
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.35);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, g.left + 0.5, g.top + 0.5, n * g.cell - 1.0, n * g.cell - 1.0);
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.85);
  /* senders named down the left, each with its number; receivers numbered across the top */
  for (guint i = 0; i < n && g.cell >= 10.0; i++)
    {
      g_autofree char *name = NULL;
      location_name (self, g_array_index (self->locations, guint64, i), &name);
      g_autofree char *row = g_strdup_printf ("%s  %u", name, i + 1);
      g_autofree char *column = g_strdup_printf ("%u", i + 1);
      draw_label (widget, cr, row, g.left - 4.0, g.top + (i + 0.5) * g.cell, LABEL_ROOM - 8.0);
      draw_label (widget, cr, column, g.left + (i + 1) * g.cell - 2.0, g.top - HEADER_ROOM / 2.0, g.cell);
    }
  return FALSE;
}

/* ---- the cell under a point ------------------------------------------------ */

static gboolean
cell_at (ChronoCommMatrixView *self, double x, double y, guint *out_sender, guint *out_receiver)
{
  if (self->locations == NULL)
    return FALSE;
  Grid g = grid_of (self);
  guint n = self->locations->len;
  if (x < g.left || y < g.top || x >= g.left + n * g.cell || y >= g.top + n * g.cell)
    return FALSE;
  *out_sender = (guint) ((y - g.top) / g.cell);
  *out_receiver = (guint) ((x - g.left) / g.cell);
  return self->cells[*out_sender * n + *out_receiver].count > 0;
}

gboolean
chrono_comm_matrix_view_get_cell (ChronoCommMatrixView *self, guint64 sender, guint64 receiver, double *out_x,
                                  double *out_y)
{
  g_return_val_if_fail (CHRONO_IS_COMM_MATRIX_VIEW (self), FALSE);
  guint s = location_index (self, sender), r = location_index (self, receiver), n = self->locations->len;
  if (s >= n || r >= n || self->cells[s * n + r].count == 0)
    return FALSE;
  Grid g = grid_of (self);
  *out_x = g.left + (r + 0.5) * g.cell;
  *out_y = g.top + (s + 0.5) * g.cell;
  return TRUE;
}

char *
chrono_comm_matrix_view_describe_at (ChronoCommMatrixView *self, double x, double y)
{
  g_return_val_if_fail (CHRONO_IS_COMM_MATRIX_VIEW (self), NULL);
  guint s, r;
  if (!cell_at (self, x, y, &s, &r))
    return NULL;
  const Cell *c = &self->cells[s * self->locations->len + r];
  g_autofree char *from = NULL, *to = NULL;
  location_name (self, g_array_index (self->locations, guint64, s), &from);
  location_name (self, g_array_index (self->locations, guint64, r), &to);
  g_autofree char *size = g_format_size (c->bytes);
  g_autofree char *mean = g_format_size (c->bytes / MAX (c->count, 1));
  g_autofree char *late = chrono_clock_format_duration (chrono_trace_get_clock (self->trace), (guint64) c->late, 4);
  return g_markup_printf_escaped (_ ("<b>%s → %s</b>\n%" PRIu64 " messages, %s (%s each on average)\n"
                                     "late senders kept the receiver waiting %s"),
                                  from, to, c->count, size, mean, late);
}

/* The pair's lanes alone in the timeline. */
gboolean
chrono_comm_matrix_view_choose_at (ChronoCommMatrixView *self, double x, double y)
{
  g_return_val_if_fail (CHRONO_IS_COMM_MATRIX_VIEW (self), FALSE);
  guint s, r;
  if (self->timeline == NULL || !cell_at (self, x, y, &s, &r))
    return FALSE;
  guint64 ids[] = { g_array_index (self->locations, guint64, s), g_array_index (self->locations, guint64, r) };
  g_autoptr (GHashTable) shown = g_hash_table_new (NULL, NULL);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (self->trace);
  for (guint i = 0; i < lanes->len; i++)
    for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
      if (chrono_lane_get_kind (lanes->pdata[i]) == CHRONO_LANE_WORKER
          && (guint64) chrono_lane_get_source_id (lanes->pdata[i]) == ids[k])
        g_hash_table_add (shown, lanes->pdata[i]);
  chrono_layout_set_shown_lanes (chrono_timeline_view_get_layout (self->timeline), shown);
  gtk_widget_set_sensitive (self->show_all, TRUE);
  return TRUE;
}

static gboolean
query_tooltip (ChronoCommMatrixView *self, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  g_autofree char *text = keyboard ? NULL : chrono_comm_matrix_view_describe_at (self, x, y);
  if (text != NULL)
    gtk_tooltip_set_markup (tooltip, text);
  return text != NULL;
}

static gboolean
pressed (ChronoCommMatrixView *self, GdkEventButton *event)
{
  if (event->button == GDK_BUTTON_PRIMARY)
    chrono_comm_matrix_view_choose_at (self, event->x, event->y);
  return FALSE;
}

static void
show_all_clicked (ChronoCommMatrixView *self)
{
  if (self->timeline != NULL)
    chrono_layout_set_shown_lanes (chrono_timeline_view_get_layout (self->timeline), NULL);
  gtk_widget_set_sensitive (self->show_all, FALSE);
}

/* ---- choices --------------------------------------------------------------- */

void
chrono_comm_matrix_view_set_measure (ChronoCommMatrixView *self, ChronoCommMeasure measure)
{
  g_return_if_fail (CHRONO_IS_COMM_MATRIX_VIEW (self) && measure < CHRONO_N_COMM_MEASURES);
  gtk_combo_box_set_active (GTK_COMBO_BOX (self->measure_combo), measure);
}

void
chrono_comm_matrix_view_set_communicator (ChronoCommMatrixView *self, const char *communicator)
{
  g_return_if_fail (CHRONO_IS_COMM_MATRIX_VIEW (self));
  if (!gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->communicator_combo), communicator ? communicator : ""))
    g_warning ("no communicator %s", communicator);
}

static void
measure_chosen (ChronoCommMatrixView *self)
{
  self->measure = (ChronoCommMeasure) MAX (gtk_combo_box_get_active (GTK_COMBO_BOX (self->measure_combo)), 0);
  gtk_widget_queue_draw (self->matrix);
  if (self->message_summary != NULL)
    chrono_message_summary_view_set_measure (CHRONO_MESSAGE_SUMMARY_VIEW (self->message_summary), self->measure);
}

static void
communicator_chosen (ChronoCommMatrixView *self)
{
  const char *id = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->communicator_combo));
  g_free (self->communicator);
  self->communicator = id != NULL && *id != '\0' ? g_strdup (id) : NULL;
  if (self->comm != NULL)
    fill_cells (self);
  if (self->message_summary != NULL)
    chrono_message_summary_view_set_communicator (CHRONO_MESSAGE_SUMMARY_VIEW (self->message_summary),
                                                  self->communicator);
  if (self->collectives != NULL)
    chrono_collectives_view_set_communicator (CHRONO_COLLECTIVES_VIEW (self->collectives), self->communicator);
  /* the arrows drawn are that communicator's messages too (the other filters kept) */
  if (self->built && self->timeline != NULL)
    {
      ChronoLinkFilter filter;
      chrono_timeline_view_get_link_filter (self->timeline, &filter);
      filter.communicator = self->communicator;
      chrono_timeline_view_set_link_filter (self->timeline, &filter);
    }
}

GtkWidget *
chrono_comm_matrix_view_get_summary (ChronoCommMatrixView *self)
{
  g_return_val_if_fail (CHRONO_IS_COMM_MATRIX_VIEW (self), NULL);
  return self->message_summary;
}

GtkWidget *
chrono_comm_matrix_view_get_collectives (ChronoCommMatrixView *self)
{
  g_return_val_if_fail (CHRONO_IS_COMM_MATRIX_VIEW (self), NULL);
  return self->collectives;
}

GtkWidget *
chrono_comm_matrix_view_get_matrix (ChronoCommMatrixView *self)
{
  g_return_val_if_fail (CHRONO_IS_COMM_MATRIX_VIEW (self), NULL);
  return self->matrix;
}

/* ---- life cycle --------------------------------------------------------------- */

static void
add_communicators (ChronoCommMatrixView *self)
{
  GtkComboBoxText *combo = GTK_COMBO_BOX_TEXT (self->communicator_combo);
  gtk_combo_box_text_append (combo, "", _ ("All communicators"));
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < self->comm->pairs->len; i++)
    {
      const char *name = g_array_index (self->comm->pairs, ChronoCommPair, i).communicator;
      if (g_hash_table_add (seen, (gpointer) name))
        gtk_combo_box_text_append (combo, name, name);
    }
  gtk_combo_box_set_active (GTK_COMBO_BOX (combo), 0);
}

static void
chrono_comm_matrix_view_dispose (GObject *object)
{
  ChronoCommMatrixView *self = CHRONO_COMM_MATRIX_VIEW (object);
  g_clear_pointer (&self->comm, chrono_comm_free);
  g_clear_pointer (&self->locations, g_array_unref);
  g_clear_pointer (&self->cells, g_free);
  g_clear_pointer (&self->communicator, g_free);
  g_clear_object (&self->trace);
  g_clear_object (&self->timeline);
  G_OBJECT_CLASS (chrono_comm_matrix_view_parent_class)->dispose (object);
}

static void
chrono_comm_matrix_view_class_init (ChronoCommMatrixViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_comm_matrix_view_dispose;
}

static void
chrono_comm_matrix_view_init (ChronoCommMatrixView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  g_object_set (self, "margin", 6, NULL);
  self->measure_combo = gtk_combo_box_text_new ();
  const char *measures[] = { _ ("Messages"), _ ("Bytes"), _ ("Mean size"), _ ("Late sender") };
  for (guint i = 0; i < G_N_ELEMENTS (measures); i++)
    gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (self->measure_combo), measures[i]);
  gtk_combo_box_set_active (GTK_COMBO_BOX (self->measure_combo), 0);
  g_signal_connect_swapped (self->measure_combo, "changed", G_CALLBACK (measure_chosen), self);
  self->communicator_combo = gtk_combo_box_text_new ();
  g_signal_connect_swapped (self->communicator_combo, "changed", G_CALLBACK (communicator_chosen), self);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_pack_start (GTK_BOX (row), self->measure_combo, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (row), self->communicator_combo, TRUE, TRUE, 0);
  self->summary = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->summary), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (self->summary), TRUE);
  gtk_style_context_add_class (gtk_widget_get_style_context (self->summary), "dim-label");
  self->matrix = gtk_drawing_area_new ();
  gtk_widget_set_size_request (self->matrix, -1, 360);
  gtk_widget_set_vexpand (self->matrix, TRUE);
  gtk_widget_add_events (self->matrix, GDK_BUTTON_PRESS_MASK);
  gtk_widget_set_has_tooltip (self->matrix, TRUE);
  g_signal_connect_swapped (self->matrix, "draw", G_CALLBACK (draw), self);
  g_signal_connect_swapped (self->matrix, "query-tooltip", G_CALLBACK (query_tooltip), self);
  g_signal_connect_swapped (self->matrix, "button-press-event", G_CALLBACK (pressed), self);
  self->show_all = gtk_button_new_with_mnemonic (_ ("Show _All Lanes"));
  gtk_widget_set_sensitive (self->show_all, FALSE);
  g_signal_connect_swapped (self->show_all, "clicked", G_CALLBACK (show_all_clicked), self);
  GtkWidget *parts[] = { row, self->summary, self->matrix, self->show_all };
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    gtk_container_add (GTK_CONTAINER (self), parts[i]);
}

GtkWidget *
chrono_comm_matrix_view_new (ChronoTimelineView *timeline)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (timeline), NULL);
  g_return_val_if_fail (chrono_comm_matrix_view_applies (chrono_timeline_view_get_trace (timeline)), NULL);
  ChronoCommMatrixView *self = g_object_new (CHRONO_TYPE_COMM_MATRIX_VIEW, NULL);
  self->timeline = g_object_ref (timeline);
  self->trace = g_object_ref (chrono_timeline_view_get_trace (timeline));
  self->comm = chrono_comm_new (self->trace);
  g_autofree char *late =
      chrono_clock_format_duration (chrono_trace_get_clock (self->trace), (guint64) self->comm->late_sender, 4);
  g_autofree char *size = g_format_size (self->comm->bytes);
  g_autofree char *summary = g_strdup_printf (
      _ ("%" PRIu64 " messages, %s; receivers waited %s for late senders. "
         "Senders down (numbered), receivers across by the same numbers; click a cell to see the pair."),
      self->comm->messages, size, late);
  gtk_label_set_text (GTK_LABEL (self->summary), summary);
  self->message_summary = chrono_message_summary_view_new (self->trace);
  gtk_container_add (GTK_CONTAINER (self), self->message_summary);
  if (chrono_collectives_view_applies (self->trace))
    {
      self->collectives = chrono_collectives_view_new (self->trace);
      gtk_container_add (GTK_CONTAINER (self), self->collectives);
    }
  add_communicators (self);
  fill_cells (self);
  self->built = TRUE;
  return GTK_WIDGET (self);
}
