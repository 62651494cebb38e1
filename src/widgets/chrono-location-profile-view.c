/* chrono-location-profile-view.c — the calls of each location summed by
 * region (a region's exclusive time over the paths ending in it), the
 * regions of a row longest first; drawn on demand, widest row the scale. */
#include "chrono-location-profile-view.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "chrono-call-paths.h"
#include "chrono-name-colours.h"
#include "chrono-widget-util.h"

#define ROW_HEIGHT 20.0
#define NAME_WIDTH 150.0
#define MARGIN 6.0

typedef struct {
  const char *region;
  gint64 ticks;
  gboolean approximate; /* read lazily, a share of a stretch the range cuts */
} Segment;

typedef struct {
  char *name;
  gint64 total;
  GArray *segments; /* Segment, longest first */
} Row;

struct _ChronoLocationProfileView {
  GtkDrawingArea parent_instance;
  ChronoTrace *trace;
  GArray *rows; /* Row */
  GArray *imbalance; /* ChronoImbalance by region */
  ChronoNameColours *colours;
  gint64 widest;
};

G_DEFINE_FINAL_TYPE (ChronoLocationProfileView, chrono_location_profile_view, GTK_TYPE_DRAWING_AREA)

static void
clear_rows (ChronoLocationProfileView *self)
{
  for (guint i = 0; self->rows != NULL && i < self->rows->len; i++)
    {
      Row *row = &g_array_index (self->rows, Row, i);
      g_free (row->name);
      g_array_unref (row->segments);
    }
  g_clear_pointer (&self->rows, g_array_unref);
  g_clear_pointer (&self->imbalance, g_array_unref);
}

static int
longest_first (gconstpointer a, gconstpointer b)
{
  gint64 x = ((const Segment *) a)->ticks, y = ((const Segment *) b)->ticks;
  return x > y ? -1 : (x < y);
}

static char *
lane_name (ChronoLane *lane)
{
  ChronoLane *parent = chrono_lane_get_parent (lane);
  return parent ? g_strdup_printf ("%s/%s", chrono_lane_get_display_name (parent), chrono_lane_get_display_name (lane))
                : g_strdup (chrono_lane_get_display_name (lane));
}

/* A location's exclusive time per region. */
static Row
row_of (ChronoLane *lane, GArray *regions)
{
  Row row = { lane_name (lane), 0, g_array_sized_new (FALSE, FALSE, sizeof (Segment), regions->len) };
  for (guint i = 0; i < regions->len; i++)
    {
      const ChronoRegionTimes *r = &g_array_index (regions, ChronoRegionTimes, i);
      Segment segment = { r->region, r->exclusive, r->approximate };
      g_array_append_val (row.segments, segment);
      row.total = chrono_ticks_sum (row.total, MAX (r->exclusive, 0));
    }
  g_array_sort (row.segments, longest_first);
  return row;
}

gboolean
chrono_location_profile_view_applies (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), FALSE);
  g_autoptr (GPtrArray) lanes = chrono_call_paths_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (chrono_lane_get_spans (lanes->pdata[i]) != NULL || chrono_lane_get_call_summary (lanes->pdata[i]) != NULL)
      return TRUE;
  return FALSE;
}

void
chrono_location_profile_view_fill (ChronoLocationProfileView *self, ChronoTrace *trace, GPtrArray *only, gint64 begin,
                                   gint64 end)
{
  g_return_if_fail (CHRONO_IS_LOCATION_PROFILE_VIEW (self) && CHRONO_IS_TRACE (trace));
  clear_rows (self);
  chrono_widget_follow_trace (&self->trace, &self->colours, trace);
  self->rows = g_array_new (FALSE, FALSE, sizeof (Row));
  self->widest = 0;
  g_autoptr (GPtrArray) every = chrono_call_paths_lanes (trace);
  g_autoptr (GPtrArray) lanes = g_ptr_array_new ();
  for (guint i = 0; i < every->len; i++)
    if (only == NULL || g_ptr_array_find (only, every->pdata[i], NULL))
      g_ptr_array_add (lanes, every->pdata[i]);
  g_autoptr (GPtrArray) per_lane = chrono_call_paths_by_region (trace, lanes, begin, end);
  /* the rows and the imbalance are over the locations with a call in the range */
  g_autoptr (GPtrArray) entered = g_ptr_array_new ();
  for (guint i = 0; i < lanes->len; i++)
    {
      GArray *regions = g_ptr_array_index (per_lane, i);
      if (regions->len == 0)
        continue;
      Row row = row_of (lanes->pdata[i], regions);
      self->widest = MAX (self->widest, row.total);
      g_array_append_val (self->rows, row);
      g_ptr_array_add (entered, regions);
    }
  self->imbalance = chrono_call_paths_imbalance (entered);
  /* the names the segments point to are the trace's strings: the regions may go */
  gtk_widget_set_size_request (GTK_WIDGET (self), -1, (int) (MARGIN * 2 + self->rows->len * ROW_HEIGHT));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
chrono_location_profile_view_get_n_rows (ChronoLocationProfileView *self)
{
  g_return_val_if_fail (CHRONO_IS_LOCATION_PROFILE_VIEW (self), 0);
  return self->rows ? self->rows->len : 0;
}

gint64
chrono_location_profile_view_get_ticks (ChronoLocationProfileView *self, guint index, const char *region)
{
  g_return_val_if_fail (CHRONO_IS_LOCATION_PROFILE_VIEW (self), -1);
  if (self->rows == NULL || index >= self->rows->len)
    return -1;
  const Row *row = &g_array_index (self->rows, Row, index);
  for (guint s = 0; s < row->segments->len; s++)
    if (strcmp (g_array_index (row->segments, Segment, s).region, region) == 0)
      return g_array_index (row->segments, Segment, s).ticks;
  return -1;
}

/* ---- drawing and the segment under a point ---------------------------------- */

static double
bar_width (ChronoLocationProfileView *self)
{
  return MAX (gtk_widget_get_allocated_width (GTK_WIDGET (self)) - NAME_WIDTH - 2 * MARGIN, 1.0);
}

static gboolean
segment_at (ChronoLocationProfileView *self, double x, double y, const Row **out_row, const Segment **out_segment)
{
  if (self->rows == NULL || self->widest <= 0 || y < MARGIN)
    return FALSE;
  guint index = (guint) ((y - MARGIN) / ROW_HEIGHT);
  if (index >= self->rows->len)
    return FALSE;
  const Row *row = &g_array_index (self->rows, Row, index);
  double at = NAME_WIDTH + MARGIN, scale = bar_width (self) / (double) self->widest;
  for (guint s = 0; s < row->segments->len; s++)
    {
      const Segment *segment = &g_array_index (row->segments, Segment, s);
      double w = segment->ticks * scale;
      if (x >= at && x < at + MAX (w, 1.0))
        {
          *out_row = row;
          *out_segment = segment;
          return TRUE;
        }
      at += w;
    }
  return FALSE;
}

static gboolean
draw (GtkWidget *widget, cairo_t *cr)
{
  ChronoLocationProfileView *self = CHRONO_LOCATION_PROFILE_VIEW (widget);
  if (self->rows == NULL || self->widest <= 0)
    return FALSE;
  const ChronoPalette *palette = chrono_palette_get (chrono_widget_is_dark (widget));
  GdkRGBA fg;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), gtk_widget_get_state_flags (widget), &fg);
  double scale = bar_width (self) / (double) self->widest;
  for (guint i = 0; i < self->rows->len; i++)
    {
      const Row *row = &g_array_index (self->rows, Row, i);
      double top = MARGIN + i * ROW_HEIGHT;
      PangoLayout *layout = gtk_widget_create_pango_layout (widget, row->name);
      pango_layout_set_width (layout, (int) ((NAME_WIDTH - 6) * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
      int h;
      pango_layout_get_pixel_size (layout, NULL, &h);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.85);
      cairo_move_to (cr, MARGIN, top + (ROW_HEIGHT - h) / 2.0);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
      double at = NAME_WIDTH + MARGIN;
      for (guint s = 0; s < row->segments->len; s++)
        {
          const Segment *segment = &g_array_index (row->segments, Segment, s);
          double w = segment->ticks * scale;
          ChronoRgb colour;
          chrono_name_colours_get (self->colours, palette, segment->region, &colour);
          chrono_rgb_set_source (cr, &colour);
          cairo_rectangle (cr, at, top + 3, w, ROW_HEIGHT - 6);
          cairo_fill (cr);
          at += w;
        }
    }
  return FALSE;
}

char *
chrono_location_profile_view_describe_at (ChronoLocationProfileView *self, double x, double y)
{
  g_return_val_if_fail (CHRONO_IS_LOCATION_PROFILE_VIEW (self), NULL);
  const Row *row;
  const Segment *segment;
  if (!segment_at (self, x, y, &row, &segment))
    return NULL;
  const ChronoClock *clock = chrono_trace_get_clock (self->trace);
  g_autofree char *ticks = chrono_clock_format_ticks (clock, segment->ticks, 4);
  double share = row->total > 0 ? 100.0 * (double) segment->ticks / (double) row->total : 0.0;
  GString *text = g_string_new (NULL);
  g_autofree char *head =
      g_markup_printf_escaped (_ ("<b>%s</b> on %s\nexclusive %s%s (%.0f %% of its time)"), segment->region, row->name,
                               segment->approximate ? "≈ " : "", ticks, share);
  g_string_append (text, head);
  for (guint i = 0; self->imbalance != NULL && i < self->imbalance->len; i++)
    {
      const ChronoImbalance *r = &g_array_index (self->imbalance, ChronoImbalance, i);
      if (strcmp (r->region, segment->region) != 0 || r->n_lanes == 0)
        continue;
      /* inclusive times over the locations that entered the region (profile --per-location's imbalance) */
      g_autofree char *max = chrono_clock_format_ticks (clock, r->max, 4);
      g_autofree char *mean = chrono_clock_format_ticks (clock, r->sum / r->n_lanes, 4);
      double ratio = r->sum > 0 ? (double) r->max * r->n_lanes / (double) r->sum : 1.0;
      g_autofree char *line = g_markup_printf_escaped (
          _ ("\nimbalance over %u locations: max %s, mean %s (max/mean %.2f)"), r->n_lanes, max, mean, ratio);
      g_string_append (text, line);
    }
  return g_string_free (text, FALSE);
}

static gboolean
query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  g_autofree char *text =
      keyboard ? NULL : chrono_location_profile_view_describe_at (CHRONO_LOCATION_PROFILE_VIEW (widget), x, y);
  if (text != NULL)
    gtk_tooltip_set_markup (tooltip, text);
  return text != NULL;
}

static void
chrono_location_profile_view_dispose (GObject *object)
{
  ChronoLocationProfileView *self = CHRONO_LOCATION_PROFILE_VIEW (object);
  clear_rows (self);
  g_clear_pointer (&self->colours, chrono_name_colours_free);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (chrono_location_profile_view_parent_class)->dispose (object);
}

static void
chrono_location_profile_view_class_init (ChronoLocationProfileViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_location_profile_view_dispose;
  GTK_WIDGET_CLASS (klass)->draw = draw;
  GTK_WIDGET_CLASS (klass)->query_tooltip = query_tooltip;
}

static void
chrono_location_profile_view_init (ChronoLocationProfileView *self)
{
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
}

GtkWidget *
chrono_location_profile_view_new (void)
{
  return g_object_new (CHRONO_TYPE_LOCATION_PROFILE_VIEW, NULL);
}
