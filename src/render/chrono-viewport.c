/* chrono-viewport.c — ranges are kept inside the trace and never narrower
 * than MIN_SPAN ticks; zooming (not panning) records history so Back
 * returns to where the user was looking. */
#include "chrono-viewport.h"

#include <math.h>

#define MIN_SPAN 10
#define MAX_HISTORY 64

typedef struct {
  gint64 begin, end;
} Range;

struct _ChronoViewport {
  GObject parent_instance;
  gint64 trace_begin, trace_end;
  gint64 begin, end;
  double scroll_y;
  GArray *history; /* Range */
  gboolean has_marker[2];
  gint64 marker[2];
  gboolean has_selection;
  gint64 selection_begin, selection_end;
  gboolean has_cursor;
  gint64 cursor;
  gboolean absolute_time;
};

enum { CHANGED, OVERLAY_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoViewport, chrono_viewport, G_TYPE_OBJECT)

static void
chrono_viewport_finalize (GObject *object)
{
  g_array_unref (CHRONO_VIEWPORT (object)->history);
  G_OBJECT_CLASS (chrono_viewport_parent_class)->finalize (object);
}

static void
chrono_viewport_class_init (ChronoViewportClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chrono_viewport_finalize;
  /* "changed": the visible range or the vertical scroll moved */
  signals[CHANGED] =
      g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* "overlay-changed": markers, selection or cursor moved; the lanes stay as they are */
  signals[OVERLAY_CHANGED] = g_signal_new ("overlay-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 0);
}

static void
chrono_viewport_init (ChronoViewport *self)
{
  self->history = g_array_new (FALSE, FALSE, sizeof (Range));
}

ChronoViewport *
chrono_viewport_new (gint64 trace_begin, gint64 trace_end)
{
  ChronoViewport *viewport = g_object_new (CHRONO_TYPE_VIEWPORT, NULL);
  chrono_viewport_set_trace_range (viewport, trace_begin, trace_end);
  return viewport;
}

/* A trace shorter than MIN_SPAN (or empty) still gets a usable window. */
void
chrono_viewport_set_trace_range (ChronoViewport *viewport, gint64 begin, gint64 end)
{
  if (end - begin < MIN_SPAN)
    end = begin + MIN_SPAN;
  viewport->trace_begin = begin;
  viewport->trace_end = end;
  viewport->begin = begin;
  viewport->end = end;
  g_array_set_size (viewport->history, 0);
  g_signal_emit (viewport, signals[CHANGED], 0);
}

gint64
chrono_viewport_get_begin (ChronoViewport *viewport)
{
  return viewport->begin;
}

gint64
chrono_viewport_get_end (ChronoViewport *viewport)
{
  return viewport->end;
}

gint64
chrono_viewport_get_trace_begin (ChronoViewport *viewport)
{
  return viewport->trace_begin;
}

gint64
chrono_viewport_get_trace_end (ChronoViewport *viewport)
{
  return viewport->trace_end;
}

static void
apply_range (ChronoViewport *viewport, gint64 begin, gint64 end)
{
  gint64 span = MAX (end - begin, MIN_SPAN);
  gint64 trace_span = viewport->trace_end - viewport->trace_begin;
  span = MIN (span, trace_span);
  begin = CLAMP (begin, viewport->trace_begin, viewport->trace_end - span);
  end = begin + span;
  if (begin == viewport->begin && end == viewport->end)
    return;
  viewport->begin = begin;
  viewport->end = end;
  g_signal_emit (viewport, signals[CHANGED], 0);
}

static void
remember (ChronoViewport *viewport)
{
  Range current = { viewport->begin, viewport->end };
  if (viewport->history->len > 0)
    {
      Range *last = &g_array_index (viewport->history, Range, viewport->history->len - 1);
      if (last->begin == current.begin && last->end == current.end)
        return;
    }
  if (viewport->history->len == MAX_HISTORY)
    g_array_remove_index (viewport->history, 0);
  g_array_append_val (viewport->history, current);
}

void
chrono_viewport_set_range (ChronoViewport *viewport, gint64 begin, gint64 end)
{
  apply_range (viewport, begin, end);
}

/* factor > 1 zooms in; anchor keeps its place on screen. */
void
chrono_viewport_zoom (ChronoViewport *viewport, double factor, gint64 anchor)
{
  g_return_if_fail (factor > 0);
  anchor = CLAMP (anchor, viewport->begin, viewport->end);
  double span = (double) (viewport->end - viewport->begin);
  double fraction = (double) (anchor - viewport->begin) / span;
  double new_span = MAX (span / factor, (double) MIN_SPAN);
  gint64 begin = anchor - (gint64) llround (fraction * new_span);
  remember (viewport);
  apply_range (viewport, begin, begin + (gint64) llround (new_span));
}

void
chrono_viewport_zoom_to (ChronoViewport *viewport, gint64 begin, gint64 end)
{
  if (end < begin)
    {
      gint64 swap = begin;
      begin = end;
      end = swap;
    }
  remember (viewport);
  apply_range (viewport, begin, end);
}

void
chrono_viewport_pan (ChronoViewport *viewport, gint64 delta)
{
  apply_range (viewport, viewport->begin + delta, viewport->end + delta);
}

/* Pan by a fraction of the visible span (arrow keys, Shift+wheel). */
void
chrono_viewport_pan_fraction (ChronoViewport *viewport, double fraction)
{
  gint64 delta = (gint64) llround ((double) (viewport->end - viewport->begin) * fraction);
  if (delta == 0)
    delta = fraction > 0 ? 1 : -1;
  chrono_viewport_pan (viewport, delta);
}

void
chrono_viewport_fit (ChronoViewport *viewport)
{
  remember (viewport);
  apply_range (viewport, viewport->trace_begin, viewport->trace_end);
}

/* Centre time without changing the zoom. */
void
chrono_viewport_go_to (ChronoViewport *viewport, gint64 time)
{
  gint64 span = viewport->end - viewport->begin;
  remember (viewport);
  apply_range (viewport, time - span / 2, time - span / 2 + span);
}

gboolean
chrono_viewport_can_go_back (ChronoViewport *viewport)
{
  return viewport->history->len > 0;
}

gboolean
chrono_viewport_go_back (ChronoViewport *viewport)
{
  if (viewport->history->len == 0)
    return FALSE;
  Range previous = g_array_index (viewport->history, Range, viewport->history->len - 1);
  g_array_set_size (viewport->history, viewport->history->len - 1);
  apply_range (viewport, previous.begin, previous.end);
  return TRUE;
}

double
chrono_viewport_get_scroll_y (ChronoViewport *viewport)
{
  return viewport->scroll_y;
}

void
chrono_viewport_set_scroll_y (ChronoViewport *viewport, double scroll_y, double max_scroll_y)
{
  scroll_y = CLAMP (scroll_y, 0.0, MAX (max_scroll_y, 0.0));
  if (scroll_y == viewport->scroll_y)
    return;
  viewport->scroll_y = scroll_y;
  g_signal_emit (viewport, signals[CHANGED], 0);
}

static void
overlay_changed (ChronoViewport *viewport)
{
  g_signal_emit (viewport, signals[OVERLAY_CHANGED], 0);
}

void
chrono_viewport_set_marker (ChronoViewport *viewport, ChronoMarker marker, gint64 time)
{
  g_return_if_fail (marker == CHRONO_MARKER_A || marker == CHRONO_MARKER_B);
  viewport->has_marker[marker] = TRUE;
  viewport->marker[marker] = CLAMP (time, viewport->trace_begin, viewport->trace_end);
  overlay_changed (viewport);
}

void
chrono_viewport_clear_markers (ChronoViewport *viewport)
{
  viewport->has_marker[CHRONO_MARKER_A] = viewport->has_marker[CHRONO_MARKER_B] = FALSE;
  overlay_changed (viewport);
}

gboolean
chrono_viewport_get_marker (ChronoViewport *viewport, ChronoMarker marker, gint64 *out_time)
{
  g_return_val_if_fail (marker == CHRONO_MARKER_A || marker == CHRONO_MARKER_B, FALSE);
  if (viewport->has_marker[marker] && out_time != NULL)
    *out_time = viewport->marker[marker];
  return viewport->has_marker[marker];
}

/* B − A, when both markers are set. */
gboolean
chrono_viewport_get_marker_delta (ChronoViewport *viewport, gint64 *out_delta)
{
  if (!viewport->has_marker[CHRONO_MARKER_A] || !viewport->has_marker[CHRONO_MARKER_B])
    return FALSE;
  *out_delta = viewport->marker[CHRONO_MARKER_B] - viewport->marker[CHRONO_MARKER_A];
  return TRUE;
}

void
chrono_viewport_set_selection (ChronoViewport *viewport, gint64 begin, gint64 end)
{
  viewport->has_selection = TRUE;
  viewport->selection_begin = MIN (begin, end);
  viewport->selection_end = MAX (begin, end);
  overlay_changed (viewport);
}

void
chrono_viewport_clear_selection (ChronoViewport *viewport)
{
  if (!viewport->has_selection)
    return;
  viewport->has_selection = FALSE;
  overlay_changed (viewport);
}

gboolean
chrono_viewport_get_selection (ChronoViewport *viewport, gint64 *out_begin, gint64 *out_end)
{
  if (viewport->has_selection)
    {
      *out_begin = viewport->selection_begin;
      *out_end = viewport->selection_end;
    }
  return viewport->has_selection;
}

void
chrono_viewport_set_cursor (ChronoViewport *viewport, gboolean inside, gint64 time)
{
  if (viewport->has_cursor == inside && (!inside || viewport->cursor == time))
    return;
  viewport->has_cursor = inside;
  viewport->cursor = time;
  overlay_changed (viewport);
}

gboolean
chrono_viewport_get_cursor (ChronoViewport *viewport, gint64 *out_time)
{
  if (viewport->has_cursor)
    *out_time = viewport->cursor;
  return viewport->has_cursor;
}

void
chrono_viewport_set_absolute_time (ChronoViewport *viewport, gboolean absolute)
{
  if (viewport->absolute_time == absolute)
    return;
  viewport->absolute_time = absolute;
  /* the ruler is part of the cached picture, so this is a full change */
  g_signal_emit (viewport, signals[CHANGED], 0);
}

gboolean
chrono_viewport_get_absolute_time (ChronoViewport *viewport)
{
  return viewport->absolute_time;
}

gint64
chrono_viewport_get_origin (ChronoViewport *viewport)
{
  return viewport->absolute_time ? 0 : viewport->trace_begin;
}
