/* chrono-timeline-view-selection.c — what the timeline view has selected:
 * the item a click, a search or a chart chose (its lane and trace held,
 * since a decoded chunk may leave the cache meanwhile), the instant event
 * chosen last, the instances of a task stepped through, and bringing what
 * is chosen into sight. Apart from the input that leads here because the
 * window, the inspector and the searches select through the same calls. */
#include "chrono-timeline-view-private.h"

#include <glib/gi18n-lib.h>

#include "chrono-blocking.h"
#include "chrono-instance-life.h"

/* The instant event chosen (NULL lane: none), for a walk that begins at it. */
static void
remember_mark (ChronoTimelineView *self, ChronoTrace *trace, ChronoLane *lane, guint mark)
{
  g_set_object (&self->mark_trace, trace);
  g_set_object (&self->mark_lane, lane);
  self->mark_index = mark;
}

static gboolean span_of_instance_at (ChronoLane *lane, guint instance, gint64 time, guint *out_span);

/* A semaphore's hold or wait clicked: the instance holding or waiting, at
 * its span where the hold or the wait began. */
static gboolean
select_access (ChronoTimelineView *self, const ChronoRenderHit *hit)
{
  if (hit->trace != self->trace)
    return FALSE; /* the instances of another trace of the set are not indexed here */
  const ChronoAccess *a = chrono_accesses_get (chrono_lane_get_accesses (hit->lane), hit->access);
  const char *process = chrono_strings_get (chrono_trace_get_strings (self->trace), a->process);
  if (self->blocking == NULL)
    self->blocking = chrono_blocking_new (self->trace);
  ChronoLane *lane;
  guint instance, span;
  if (!chrono_blocking_find_instance (self->blocking, process, a->instance, &lane, &instance)
      || chrono_lane_get_spans (lane) == NULL)
    return FALSE;
  gint64 at = hit->access_band == CHRONO_OWNERSHIP_HOLD ? a->assigned : a->requested;
  if (!span_of_instance_at (lane, instance, at, &span))
    return FALSE;
  chrono_timeline_view_select_in (self, self->trace, lane, lane, span);
  return TRUE;
}

void
chrono_timeline_view_select_at (ChronoTimelineView *self, double x, double y)
{
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  ChronoRenderHit hit;
  gboolean found = chrono_renderer_hit_test (self->renderer, &o, x, y, &hit);
  remember_mark (self, NULL, NULL, 0); /* a click elsewhere forgets the event chosen before */
  if (found && hit.has_span)
    chrono_timeline_view_select_in (self, hit.trace, hit.lane, chrono_layout_get_row (self->layout, hit.row)->lane,
                                    hit.span);
  else if (!(found && hit.has_access && select_access (self, &hit)))
    chrono_timeline_view_unselect (self);
  /* an instant event: the inspector explains it (selections are spans) */
  if (found && hit.has_mark && x >= o.label_width)
    {
      self->chain_on_mark = FALSE;
      if (!hit.has_span)
        remember_mark (self, hit.trace, hit.mark_lane, hit.mark);
      g_signal_emit (self, chrono_timeline_view_signals[MARK_SELECTED], 0, hit.trace, hit.mark_lane, hit.mark,
                     hit.member);
    }
  /* a memory reference drawn as a dot: the inspector explains it */
  ChronoReference reference;
  ChronoLane *density = found ? chrono_renderer_reference_at (self->renderer, &o, x, y, &reference) : NULL;
  if (density != NULL)
    g_signal_emit (self, chrono_timeline_view_signals[REFERENCE_SELECTED], 0, hit.trace, density, &reference);
  /* a signal's sample: the inspector tells its value and when it held */
  if (found && hit.has_sample && !hit.has_mark && x >= o.label_width)
    {
      g_set_object (&self->sample_lane, hit.sample_lane);
      g_set_object (&self->sample_trace, hit.trace);
      self->sample_time = hit.time;
      self->sample_member = hit.member;
      g_signal_emit (self, chrono_timeline_view_signals[SAMPLE_SELECTED], 0, hit.trace, hit.sample_lane, hit.sample,
                     hit.member);
    }
  /* a row of a tree is one node: clicking anywhere in it explains the node */
  if (found && hit.node != CHRONO_TREE_NONE && x >= o.label_width)
    g_signal_emit (self, chrono_timeline_view_signals[NODE_SELECTED], 0, hit.lane, hit.node);
}

/* The selection holds its lane and trace: a decoded chunk may leave the cache meanwhile. */
void
chrono_timeline_view_select_in (ChronoTimelineView *self, ChronoTrace *trace, ChronoLane *lane, ChronoLane *row_lane,
                                guint span)
{
  g_return_if_fail (chrono_lane_get_spans (lane) != NULL && span < chrono_spans_get_n (chrono_lane_get_spans (lane)));
  self->chain_on_mark = FALSE; /* a span chosen: a walk goes on only from it */
  remember_mark (self, NULL, NULL, 0);
  g_set_object (&self->selected_trace, trace);
  g_set_object (&self->selected_lane, lane);
  self->selected_row_lane = row_lane;
  self->selected_span = span;
  g_signal_emit (self, chrono_timeline_view_signals[ITEM_SELECTED], 0, lane, span);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
chrono_timeline_view_select (ChronoTimelineView *self, ChronoLane *lane, guint span)
{
  g_return_if_fail (CHRONO_IS_TIMELINE_VIEW (self));
  chrono_timeline_view_select_in (self, self->trace, lane, lane, span);
}

/* Which trace of the layout's set the selection is in (0 without a set). */
guint
chrono_timeline_view_get_selected_member (ChronoTimelineView *self)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (self), 0);
  guint row;
  if (self->selected_lane == NULL || !chrono_layout_find_row (self->layout, self->selected_row_lane, &row))
    return 0;
  return chrono_layout_get_row (self->layout, row)->member;
}

/* The trace of the selected item: a decoded chunk's, in a lazily read trace. */
ChronoTrace *
chrono_timeline_view_get_selected_trace (ChronoTimelineView *self)
{
  return self->selected_lane ? self->selected_trace : NULL;
}

void
chrono_timeline_view_unselect (ChronoTimelineView *self)
{
  self->chain_on_mark = FALSE;
  if (self->selected_lane == NULL)
    return;
  g_clear_object (&self->selected_lane);
  g_clear_object (&self->selected_trace);
  g_signal_emit (self, chrono_timeline_view_signals[ITEM_SELECTED], 0, NULL, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
chrono_timeline_view_get_selected (ChronoTimelineView *self, ChronoLane **out_lane, guint *out_span)
{
  if (self->selected_lane == NULL)
    return FALSE;
  *out_lane = self->selected_lane;
  *out_span = self->selected_span;
  return TRUE;
}

/* t moved by delta ticks, held at the ends of time. */
static gint64
shift_saturated (gint64 t, gint64 delta)
{
  if (delta > 0 && t > G_MAXINT64 - delta)
    return G_MAXINT64;
  if (delta < 0 && t < G_MININT64 - delta)
    return G_MININT64;
  return t + delta;
}

/* Show [begin, end) (an instant: the tick from it): keep the zoom when it
 * fits, else zoom out to it with a margin.  Lengths are unsigned: times at
 * both ends of the 64-bit range are 2^64 ticks apart. */
void
chrono_timeline_view_reveal (ChronoTimelineView *self, gint64 begin, gint64 end)
{
  chrono_time_range_at_least_a_tick (&begin, &end);
  gint64 view_begin = chrono_viewport_get_begin (self->viewport), view_end = chrono_viewport_get_end (self->viewport);
  guint64 shown = (guint64) view_end - (guint64) view_begin, length = (guint64) end - (guint64) begin;
  if (begin >= view_begin && end <= view_end)
    return;
  if (length <= shown / 10 * 9)
    chrono_viewport_go_to (self->viewport, (gint64) ((guint64) begin + length / 2));
  else
    {
      gint64 margin = (gint64) MIN (length / 10 + 1, (guint64) G_MAXINT64);
      chrono_viewport_zoom_to (self->viewport, shift_saturated (begin, -margin), shift_saturated (end, margin));
    }
}

void
chrono_timeline_view_reveal_lanes (ChronoTimelineView *self, ChronoLane *const *lanes, guint n)
{
  g_return_if_fail (CHRONO_IS_TIMELINE_VIEW (self) && (lanes != NULL || n == 0));
  double top = G_MAXDOUBLE, bottom = -G_MAXDOUBLE;
  for (guint i = 0; i < n; i++)
    {
      ChronoLane *lane = lanes[i];
      guint index;
      while (lane != NULL && !chrono_layout_find_row (self->layout, lane, &index))
        lane = chrono_lane_get_parent (lane);
      if (lane == NULL)
        continue;
      const ChronoLayoutRow *row = chrono_layout_get_row (self->layout, index);
      top = MIN (top, row->y);
      bottom = MAX (bottom, row->y + row->height);
    }
  if (top > bottom)
    return;
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  double visible = chrono_render_options_lane_height (&o), scroll = chrono_viewport_get_scroll_y (self->viewport);
  if (top >= scroll && bottom <= scroll + visible)
    return;
  /* all of them with some room above when they fit, else from the first */
  double y = bottom - top <= visible ? MAX (top - (visible - (bottom - top)) / 4, 0.0) : top;
  chrono_viewport_set_scroll_y (self->viewport, y, chrono_timeline_view_max_scroll (self));
}

gboolean
chrono_timeline_view_show_lane (ChronoTimelineView *self, ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (self) && CHRONO_IS_LANE (lane), FALSE);
  for (ChronoLane *parent = chrono_lane_get_parent (lane); parent != NULL; parent = chrono_lane_get_parent (parent))
    if (!chrono_layout_get_expanded (self->layout, parent))
      chrono_layout_set_expanded (self->layout, parent, TRUE);
  guint index;
  if (!chrono_layout_find_row (self->layout, lane, &index))
    return FALSE;
  const ChronoLayoutRow *row = chrono_layout_get_row (self->layout, index);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  double visible = MAX (o.height - chrono_render_options_lane_top (&o), row->height);
  double scroll = chrono_viewport_get_scroll_y (self->viewport);
  /* a row in sight stays where it is; another comes to a third of the way down */
  if (row->y < scroll || row->y + row->height > scroll + visible)
    chrono_viewport_set_scroll_y (self->viewport, MAX (row->y - visible / 3, 0.0),
                                  chrono_timeline_view_max_scroll (self));
  return TRUE;
}

/* The first span of an instance, from its begin time. */
static gboolean
first_span_of_instance (ChronoLane *lane, guint instance, guint *out_span)
{
  const ChronoInstance *record = chrono_instances_get (chrono_lane_get_instances (lane), instance);
  return span_of_instance_at (lane, instance, record->begin, out_span);
}

/* The instance's span at time, or its first after. */
static gboolean
span_of_instance_at (ChronoLane *lane, guint instance, gint64 time, guint *out_span)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  const ChronoInstance *record = chrono_instances_get (chrono_lane_get_instances (lane), instance);
  guint n = chrono_spans_get_n (spans);
  for (guint i = chrono_spans_first_ending_after (spans, MAX (time, record->begin)); i < n; i++)
    {
      if (chrono_spans_get_start (spans, i) > record->end)
        break;
      ChronoSpan span;
      chrono_spans_get (spans, i, &span);
      if (span.instance == instance)
        {
          *out_span = i;
          return TRUE;
        }
    }
  return FALSE;
}

/* Select an instance by its first span: what a click on it in a chart of
 * its instances means. */
gboolean
chrono_timeline_view_select_instance (ChronoTimelineView *self, ChronoLane *lane, guint instance)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (self) && CHRONO_IS_LANE (lane), FALSE);
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  guint first;
  if (instances == NULL || chrono_lane_get_spans (lane) == NULL || instance >= chrono_instances_get_n (instances)
      || !first_span_of_instance (lane, instance, &first))
    return FALSE;
  chrono_timeline_view_select_in (self, self->trace, lane, lane, first);
  return TRUE;
}

/* An instant event chosen elsewhere (a search): the inspector explains it as after a click. */
void
chrono_timeline_view_select_mark (ChronoTimelineView *self, ChronoLane *lane, guint mark)
{
  g_return_if_fail (CHRONO_IS_TIMELINE_VIEW (self) && CHRONO_IS_LANE (lane));
  chrono_timeline_view_unselect (self);
  remember_mark (self, chrono_timeline_view_get_trace (self), lane, mark);
  g_signal_emit (self, chrono_timeline_view_signals[MARK_SELECTED], 0, chrono_timeline_view_get_trace (self), lane,
                 mark, 0u);
}

/* Select the previous (-1) or next (+1) instance of the selected task. */
gboolean
chrono_timeline_view_select_adjacent_instance (ChronoTimelineView *self, int direction)
{
  if (self->selected_lane == NULL || chrono_lane_get_instances (self->selected_lane) == NULL)
    return FALSE;
  ChronoSpan span;
  chrono_spans_get (chrono_lane_get_spans (self->selected_lane), self->selected_span, &span);
  guint next, first;
  if (span.instance == CHRONO_NO_INSTANCE
      || !chrono_instance_life_adjacent (self->selected_lane, span.instance, direction, &next)
      || !first_span_of_instance (self->selected_lane, next, &first))
    {
      /* say why nothing happened: a key that does nothing looks broken */
      gtk_widget_error_bell (GTK_WIDGET (self));
      const char *name = chrono_lane_get_display_name (self->selected_lane);
      g_autofree char *text = span.instance == CHRONO_NO_INSTANCE
                                  ? g_strdup_printf (_ ("%s: this item belongs to no instance"), name)
                              : direction < 0 ? g_strdup_printf (_ ("%s: this is its first instance"), name)
                                              : g_strdup_printf (_ ("%s: this is its last instance"), name);
      g_signal_emit (self, chrono_timeline_view_signals[NOTICE], 0, text);
      return FALSE;
    }
  const ChronoInstance *record = chrono_instances_get (chrono_lane_get_instances (self->selected_lane), next);
  chrono_timeline_view_select_in (self, self->selected_trace, self->selected_lane, self->selected_row_lane, first);
  chrono_timeline_view_reveal (self, record->begin, record->end);
  return TRUE;
}
