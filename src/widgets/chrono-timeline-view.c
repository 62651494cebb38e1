/* chrono-timeline-view.c — redraws the lanes only when the viewport, the
 * layout, the size, the scale or the theme change (the cached surface is
 * "dirty"); pointer motion, markers and the selection only repaint the
 * overlays on top of the cache, so hovering costs nothing in proportion to
 * the trace.
 *
 * This file is the view's drawing, its settings (labels, highlight, arrows,
 * annotations, the name column's width) and its life cycle; the mouse
 * (-pointer.c), the keys and the lane menu (-keys.c), the selection
 * (-selection.c), the chain walk (-chain.c) and the tooltips (-tooltip.c)
 * are parts of the same type, sharing chrono-timeline-view-private.h. */
#include "chrono-timeline-view-private.h"

#include "chrono-blocking.h"

#include <math.h>

#include "chrono-widget-util.h"

/* The name column: how narrow and how wide it may be dragged. */
#define MIN_LABEL_WIDTH 80
#define MIN_DATA_WIDTH 120
#define MAX_FITTED_LABEL_WIDTH 420 /* names longer than this are shortened rather than eat the timeline */

guint chrono_timeline_view_signals[N_SIGNALS];

enum { PROP_0, PROP_TRACE, PROP_VIEWPORT, PROP_LABEL_WIDTH, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ChronoTimelineView, chrono_timeline_view, GTK_TYPE_DRAWING_AREA)

void
chrono_timeline_view_get_render_options (ChronoTimelineView *self, ChronoRenderOptions *out)
{
  GtkWidget *widget = GTK_WIDGET (self);
  chrono_render_options_init (out, self->trace, gtk_widget_get_allocated_width (widget),
                              gtk_widget_get_allocated_height (widget));
  out->begin = chrono_viewport_get_begin (self->viewport);
  out->end = chrono_viewport_get_end (self->viewport);
  out->scroll_y = chrono_viewport_get_scroll_y (self->viewport);
  out->origin = chrono_viewport_get_origin (self->viewport);
  out->dark = self->dark;
  out->label_width = self->label_width;
  out->label_attribute = self->label_attribute;
  out->highlight_name = self->highlight_name;
  out->links = self->link_filter;
}

double
chrono_timeline_view_max_scroll (ChronoTimelineView *self)
{
  ChronoRenderOptions options;
  chrono_timeline_view_get_render_options (self, &options);
  return chrono_layout_get_total_height (self->layout) - chrono_render_options_lane_height (&options);
}

/* The view moved (a key, the overview, an inspector button): the time under
 * a pointer that stayed where it was is another one now. */
static void
invalidate (ChronoTimelineView *self)
{
  self->dirty = TRUE;
  gint64 unused;
  if (self->pointer_x >= 0 && chrono_viewport_get_cursor (self->viewport, &unused))
    chrono_viewport_set_cursor (self->viewport, TRUE, chrono_timeline_view_time_at (self, self->pointer_x));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Label spans that have attributes (TRACE claims) by this key; NULL: by their name. */
void
chrono_timeline_view_set_label_attribute (ChronoTimelineView *self, const char *key)
{
  g_free (self->label_attribute);
  g_clear_pointer (&self->highlight_name, g_free);
  self->label_attribute = key && *key ? g_strdup (key) : NULL;
  invalidate (self);
}

/* Show the spans named name at full strength and the other named ones
 * faded (a region chosen in the profile); NULL: all alike. */
void
chrono_timeline_view_set_highlight (ChronoTimelineView *self, const char *name)
{
  g_free (self->highlight_name);
  self->highlight_name = g_strdup (name);
  invalidate (self);
}

/* The signal sample clicked last shows its other reading (a counter's rate
 * or its values as recorded), its lane renamed; the sample at the same time
 * is selected again.  FALSE: none clicked, or it has no other reading. */
gboolean
chrono_timeline_view_switch_sample_reading (ChronoTimelineView *self)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (self), FALSE);
  if (self->sample_lane == NULL || !chrono_lane_swap_signals (self->sample_lane))
    return FALSE;
  invalidate (self);
  ChronoSignal *signal = chrono_lane_get_signal (self->sample_lane);
  guint index = chrono_signal_first_ending_after (signal, self->sample_time);
  guint n = chrono_signal_get_n (signal);
  if (n > 0)
    g_signal_emit (self, chrono_timeline_view_signals[SAMPLE_SELECTED], 0, self->sample_trace, self->sample_lane,
                   MIN (index, n - 1), self->sample_member);
  return TRUE;
}

/* Which arrows are drawn, and exported (a copy is kept). */
void
chrono_timeline_view_set_link_filter (ChronoTimelineView *self, const ChronoLinkFilter *filter)
{
  g_return_if_fail (CHRONO_IS_TIMELINE_VIEW (self) && filter != NULL);
  g_free (self->link_communicator);
  self->link_communicator = g_strdup (filter->communicator);
  self->link_filter = *filter;
  self->link_filter.communicator = self->link_communicator;
  invalidate (self);
}

void
chrono_timeline_view_get_link_filter (ChronoTimelineView *self, ChronoLinkFilter *out)
{
  g_return_if_fail (CHRONO_IS_TIMELINE_VIEW (self) && out != NULL);
  *out = self->link_filter;
}

/* A saved view's bookmarks and notes, drawn over the lanes (and exported
 * with the markers); NULL: none. */
void
chrono_timeline_view_set_annotations (ChronoTimelineView *self, ChronoViewState *state)
{
  g_return_if_fail (CHRONO_IS_TIMELINE_VIEW (self) && (state == NULL || CHRONO_IS_VIEW_STATE (state)));
  if (self->annotations != NULL)
    g_signal_handlers_disconnect_by_data (self->annotations, self);
  g_set_object (&self->annotations, state);
  if (state != NULL)
    g_signal_connect_object (state, "changed", G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

ChronoViewState *
chrono_timeline_view_get_annotations (ChronoTimelineView *self)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (self), NULL);
  return self->annotations;
}

static void
layout_changed (ChronoTimelineView *self)
{
  /* fewer rows may leave the scroll past the end */
  chrono_viewport_set_scroll_y (self->viewport, chrono_viewport_get_scroll_y (self->viewport),
                                chrono_timeline_view_max_scroll (self));
  invalidate (self);
}

/* ---- detail of a lazily read trace ------------------------------------- */

/* Once the view spans few enough chunks to hold them all, they are decoded
 * in the background; until then, and while they decode, the summaries show. */
static void
request_visible_chunks (ChronoTimelineView *self, const ChronoRenderOptions *o)
{
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (self->trace);
  if (cache == NULL)
    return;
  g_autoptr (GArray) chunks = chrono_trace_find_chunks (self->trace, o->begin, o->end);
  if (chunks->len <= chrono_chunk_cache_get_capacity (cache))
    chrono_chunk_cache_request_set (cache, (const guint *) chunks->data, chunks->len);
  else
    chrono_chunk_cache_request (cache, 1, 0); /* nothing: older requests are void */
}

static void
chunk_decoded (ChronoTimelineView *self, guint chunk)
{
  gint64 begin = chrono_viewport_get_begin (self->viewport), end = chrono_viewport_get_end (self->viewport);
  gint64 chunk_begin, chunk_end;
  chrono_trace_get_chunk_span (self->trace, chunk, &chunk_begin, &chunk_end);
  if (chunk_begin <= end && chunk_end >= begin)
    invalidate (self);
}

/* ---- drawing ------------------------------------------------------------ */

static void
render_cache (ChronoTimelineView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  chrono_widget_ensure_cache (widget, &self->cache);
  /* rows as tall as the range on show needs (an export may have set another) */
  chrono_layout_set_time_range (self->layout, chrono_viewport_get_begin (self->viewport),
                                chrono_viewport_get_end (self->viewport));
  ChronoRenderOptions options;
  chrono_timeline_view_get_render_options (self, &options);
  cairo_t *cr = cairo_create (self->cache);
  chrono_renderer_draw (self->renderer, cr, &options);
  cairo_destroy (cr);
  self->dirty = FALSE;
  request_visible_chunks (self, &options);
}

/* What the viewport and the selection show over the cached picture. */
static void
get_overlays (ChronoTimelineView *self, ChronoRenderOverlays *out)
{
  chrono_render_overlays_init (out);
  if (self->drag != DRAG_PAN)
    out->cursor_x = self->pointer_x;
  out->has_marker_a = chrono_viewport_get_marker (self->viewport, CHRONO_MARKER_A, &out->marker_a);
  out->has_marker_b = chrono_viewport_get_marker (self->viewport, CHRONO_MARKER_B, &out->marker_b);
  out->has_selection = chrono_viewport_get_selection (self->viewport, &out->selection_begin, &out->selection_end);
  out->selected_lane = self->selected_lane;
  out->selected_row_lane = self->selected_row_lane;
  out->selected_span = self->selected_span;
  out->ranges = (const ChronoRenderRange *) self->ranges->data;
  out->n_ranges = self->ranges->len;
  out->path = (const ChronoRenderPathStep *) self->path->data;
  out->n_path = self->path->len;
  out->path_label = self->path_label;
  out->annotations = self->annotations;
}

void
chrono_timeline_view_set_highlighted_ranges (ChronoTimelineView *self, const ChronoRenderRange *ranges, guint n)
{
  g_return_if_fail (CHRONO_IS_TIMELINE_VIEW (self) && (ranges != NULL || n == 0));
  g_array_set_size (self->ranges, 0);
  g_array_append_vals (self->ranges, ranges, n);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
chrono_timeline_view_set_path (ChronoTimelineView *self, const ChronoRenderPathStep *steps, guint n, const char *label)
{
  g_return_if_fail (CHRONO_IS_TIMELINE_VIEW (self) && (steps != NULL || n == 0));
  g_array_set_size (self->path, 0);
  g_array_append_vals (self->path, steps, n);
  g_free (self->path_label);
  self->path_label = n > 0 ? g_strdup (label) : NULL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
chrono_timeline_view_get_overlays (ChronoTimelineView *self, ChronoRenderOverlays *out)
{
  g_return_if_fail (CHRONO_IS_TIMELINE_VIEW (self));
  get_overlays (self, out);
}

static gboolean
chrono_timeline_view_draw (GtkWidget *widget, cairo_t *cr)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  if (self->dirty || self->cache == NULL)
    render_cache (self);
  cairo_set_source_surface (cr, self->cache, 0, 0);
  cairo_paint (cr);

  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  ChronoRenderOverlays overlays;
  get_overlays (self, &overlays);
  chrono_renderer_draw_overlays (self->renderer, cr, &o, &overlays);
  if (self->drag == DRAG_AXIS)
    {
      /* the addresses the drag will show, across the lane */
      cairo_set_source_rgba (cr, 0.2, 0.45, 0.9, 0.18);
      cairo_rectangle (cr, 0, MIN (self->drag_start_y, self->drag_last_y), o.width,
                       fabs (self->drag_last_y - self->drag_start_y));
      cairo_fill (cr);
    }
  return GDK_EVENT_PROPAGATE;
}

static void
chrono_timeline_view_size_allocate (GtkWidget *widget, GtkAllocation *allocation)
{
  GTK_WIDGET_CLASS (chrono_timeline_view_parent_class)->size_allocate (widget, allocation);
  layout_changed (CHRONO_TIMELINE_VIEW (widget));
}

/* ---- the time under the pointer ------------------------------------------ */

gint64
chrono_timeline_view_time_at (ChronoTimelineView *self, double x)
{
  ChronoRenderOptions options;
  chrono_timeline_view_get_render_options (self, &options);
  return chrono_render_options_x_to_time (&options, x);
}

gboolean
chrono_timeline_view_pointer_inside_data (ChronoTimelineView *self)
{
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  return self->pointer_x >= o.label_width;
}

/* The name column's width, held between a readable column and a usable timeline. */
void
chrono_timeline_view_set_label_width (ChronoTimelineView *self, int width)
{
  g_return_if_fail (CHRONO_IS_TIMELINE_VIEW (self));
  int allocated = gtk_widget_get_allocated_width (GTK_WIDGET (self));
  int most = allocated > MIN_LABEL_WIDTH + MIN_DATA_WIDTH ? allocated - MIN_DATA_WIDTH : G_MAXINT;
  width = CLAMP (width, MIN_LABEL_WIDTH, most);
  if (width == self->label_width)
    return;
  self->label_width = width;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL_WIDTH]);
  self->dirty = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The name column as wide as the names of the rows need, within limits. */
void
chrono_timeline_view_fit_label_width (ChronoTimelineView *self)
{
  g_return_if_fail (CHRONO_IS_TIMELINE_VIEW (self));
  int needed = chrono_renderer_measure_names (self->renderer);
  chrono_timeline_view_set_label_width (self, MIN (needed, MAX_FITTED_LABEL_WIDTH));
}

int
chrono_timeline_view_get_label_width (ChronoTimelineView *self)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (self), 0);
  return self->label_width;
}

/* ---- life cycle --------------------------------------------------------- */

static void
chrono_timeline_view_style_updated (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (chrono_timeline_view_parent_class)->style_updated (widget);
  CHRONO_TIMELINE_VIEW (widget)->dark = chrono_widget_is_dark (widget);
  invalidate (CHRONO_TIMELINE_VIEW (widget));
}

static void
chrono_timeline_view_constructed (GObject *object)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (object);
  G_OBJECT_CLASS (chrono_timeline_view_parent_class)->constructed (object);
  g_return_if_fail (self->trace != NULL);
  self->layout = chrono_layout_new (self->trace);
  self->renderer = chrono_renderer_new (self->trace, self->layout);
  if (self->viewport == NULL)
    self->viewport = chrono_viewport_new (chrono_trace_get_begin (self->trace), chrono_trace_get_end (self->trace));
  g_signal_connect_swapped (self->viewport, "changed", G_CALLBACK (invalidate), self);
  g_signal_connect_swapped (self->viewport, "overlay-changed", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (self->layout, "changed", G_CALLBACK (layout_changed), self);
  ChronoChunkCache *chunk_cache = chrono_trace_get_chunk_cache (self->trace);
  if (chunk_cache != NULL)
    g_signal_connect_object (chunk_cache, "chunk-decoded", G_CALLBACK (chunk_decoded), self, G_CONNECT_SWAPPED);
}

static void
chrono_timeline_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (object);
  switch (prop_id)
    {
    case PROP_TRACE: g_value_set_object (value, self->trace); break;
    case PROP_VIEWPORT: g_value_set_object (value, self->viewport); break;
    case PROP_LABEL_WIDTH: g_value_set_int (value, self->label_width); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_timeline_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (object);
  switch (prop_id)
    {
    case PROP_TRACE: self->trace = g_value_dup_object (value); break;
    case PROP_VIEWPORT: self->viewport = g_value_dup_object (value); break;
    case PROP_LABEL_WIDTH: chrono_timeline_view_set_label_width (self, g_value_get_int (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_timeline_view_dispose (GObject *object)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (object);
  g_clear_pointer (&self->lane_menu, chrono_lane_menu_free);
  G_OBJECT_CLASS (chrono_timeline_view_parent_class)->dispose (object);
}

static void
chrono_timeline_view_finalize (GObject *object)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (object);
  g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_signal_handlers_disconnect_by_data (self->layout, self);
  g_clear_pointer (&self->cache, cairo_surface_destroy);
  g_free (self->label_attribute);
  g_free (self->link_communicator);
  g_array_unref (self->ranges);
  g_array_unref (self->path);
  g_free (self->path_label);
  g_clear_pointer (&self->chain, g_array_unref);
  g_clear_pointer (&self->blocking, chrono_blocking_free);
  g_clear_object (&self->chain_trace);
  g_clear_object (&self->mark_trace);
  g_clear_object (&self->mark_lane);
  g_clear_object (&self->sample_trace);
  g_clear_object (&self->sample_lane);
  g_clear_object (&self->selected_lane);
  g_clear_object (&self->selected_trace);
  g_clear_object (&self->annotations);
  g_clear_object (&self->renderer);
  g_clear_object (&self->layout);
  g_clear_object (&self->viewport);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (chrono_timeline_view_parent_class)->finalize (object);
}

static void
chrono_timeline_view_class_init (ChronoTimelineViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->constructed = chrono_timeline_view_constructed;
  object_class->get_property = chrono_timeline_view_get_property;
  object_class->set_property = chrono_timeline_view_set_property;
  object_class->dispose = chrono_timeline_view_dispose;
  object_class->finalize = chrono_timeline_view_finalize;
  widget_class->draw = chrono_timeline_view_draw;
  widget_class->size_allocate = chrono_timeline_view_size_allocate;
  widget_class->scroll_event = chrono_timeline_view_scroll_event;
  widget_class->button_press_event = chrono_timeline_view_button_press;
  widget_class->button_release_event = chrono_timeline_view_button_release;
  widget_class->motion_notify_event = chrono_timeline_view_motion_notify;
  widget_class->leave_notify_event = chrono_timeline_view_leave_notify;
  widget_class->key_press_event = chrono_timeline_view_key_press;
  widget_class->popup_menu = chrono_timeline_view_popup_menu;
  widget_class->query_tooltip = chrono_timeline_view_query_tooltip;
  widget_class->style_updated = chrono_timeline_view_style_updated;
  /* "item-selected" (lane or NULL, span index): a click chose an item */
  chrono_timeline_view_signals[ITEM_SELECTED] =
      g_signal_new ("item-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                    CHRONO_TYPE_LANE, G_TYPE_UINT);
  /* "notice" (text): something the user asked for could not be done, and why */
  chrono_timeline_view_signals[NOTICE] = g_signal_new ("notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                                       NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* "mark-selected" (trace, lane, mark index, member of the layout's trace set): a click on an instant event */
  chrono_timeline_view_signals[MARK_SELECTED] =
      g_signal_new ("mark-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                    CHRONO_TYPE_TRACE, CHRONO_TYPE_LANE, G_TYPE_UINT, G_TYPE_UINT);
  /* "reference-selected" (trace, density lane, ChronoReference *): a click on a memory reference's dot */
  chrono_timeline_view_signals[REFERENCE_SELECTED] =
      g_signal_new ("reference-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 3, CHRONO_TYPE_TRACE, CHRONO_TYPE_LANE, G_TYPE_POINTER);
  /* "sample-selected" (trace, signal lane, fragment index, member): a click on a signal */
  chrono_timeline_view_signals[SAMPLE_SELECTED] =
      g_signal_new ("sample-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                    4, CHRONO_TYPE_TRACE, CHRONO_TYPE_LANE, G_TYPE_UINT, G_TYPE_UINT);
  /* "node-selected" (tree lane, node): a click on a row of a tree */
  chrono_timeline_view_signals[NODE_SELECTED] =
      g_signal_new ("node-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                    CHRONO_TYPE_LANE, G_TYPE_UINT);
  /* "label-width-chosen" (px, 0: as wide as the names need): the user dragged the name column's edge */
  chrono_timeline_view_signals[LABEL_WIDTH_CHOSEN] =
      g_signal_new ("label-width-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_set_css_name (widget_class, "chrono-timeline");

  properties[PROP_TRACE] = g_param_spec_object ("trace", NULL, NULL, CHRONO_TYPE_TRACE,
                                                G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* NULL at construction makes the view its own */
  properties[PROP_VIEWPORT] = g_param_spec_object ("viewport", NULL, NULL, CHRONO_TYPE_VIEWPORT,
                                                   G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* the name column's width: its right edge drags */
  properties[PROP_LABEL_WIDTH] =
      g_param_spec_int ("label-width", NULL, NULL, MIN_LABEL_WIDTH, G_MAXINT, 200,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
chrono_timeline_view_init (ChronoTimelineView *self)
{
  self->pointer_x = -1;
  self->dirty = TRUE;
  self->label_width = 200;
  self->ranges = g_array_new (FALSE, FALSE, sizeof (ChronoRenderRange));
  self->path = g_array_new (FALSE, FALSE, sizeof (ChronoRenderPathStep));
  GtkWidget *widget = GTK_WIDGET (self);
  gtk_widget_set_can_focus (widget, TRUE);
  gtk_widget_set_has_tooltip (widget, TRUE);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);
  gtk_widget_add_events (widget, GDK_SCROLL_MASK | GDK_SMOOTH_SCROLL_MASK | GDK_BUTTON_PRESS_MASK
                                     | GDK_BUTTON_RELEASE_MASK | GDK_POINTER_MOTION_MASK | GDK_LEAVE_NOTIFY_MASK
                                     | GDK_KEY_PRESS_MASK);
  self->lane_menu = chrono_lane_menu_new (self);
}

/* viewport: shared with the overview strip and the status bar; NULL makes one. */
GtkWidget *
chrono_timeline_view_new (ChronoTrace *trace, ChronoViewport *viewport)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  g_return_val_if_fail (viewport == NULL || CHRONO_IS_VIEWPORT (viewport), NULL);
  return g_object_new (CHRONO_TYPE_TIMELINE_VIEW, "trace", trace, "viewport", viewport, NULL);
}

/* The parts of the view outside this file chain up through this. */
GtkWidgetClass *
chrono_timeline_view_get_parent_widget_class (void)
{
  return GTK_WIDGET_CLASS (chrono_timeline_view_parent_class);
}

ChronoTrace *
chrono_timeline_view_get_trace (ChronoTimelineView *view)
{
  return view->trace;
}

ChronoViewport *
chrono_timeline_view_get_viewport (ChronoTimelineView *view)
{
  return view->viewport;
}

ChronoLayout *
chrono_timeline_view_get_layout (ChronoTimelineView *view)
{
  return view->layout;
}

ChronoRenderer *
chrono_timeline_view_get_renderer (ChronoTimelineView *view)
{
  return view->renderer;
}
