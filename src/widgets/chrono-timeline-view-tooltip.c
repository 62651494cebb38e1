/* chrono-timeline-view-tooltip.c — what the timeline view's tooltip says:
 * the item, event, signal value or memory reference under the pointer, or a
 * lane's full name in the name column. Apart from the view's drawing and
 * input because it only reads what the renderer's hit tests answer, and
 * the tests ask it for the same text without a tooltip on show. */
#include "chrono-timeline-view-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static char *
describe_span (ChronoTimelineView *self, ChronoTrace *trace, ChronoLane *lane, guint index)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  ChronoSpan span;
  chrono_spans_get (spans, index, &span);
  const ChronoClock *clock = chrono_trace_get_clock (self->trace);
  gint64 origin = chrono_viewport_get_origin (self->viewport);
  g_autofree char *begin = chrono_clock_format_ticks (clock, span.start - origin, 7);
  g_autofree char *end = chrono_clock_format_ticks (clock, span.end - origin, 7);
  g_autofree char *length = chrono_clock_format_ticks (clock, span.end - span.start, 5);
  GString *text = g_string_new (NULL);
  g_autofree char *name = g_markup_escape_text (chrono_lane_get_display_name (lane), -1);
  g_string_append_printf (text, "<b>%s</b>", name);
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  if (instances != NULL && span.instance < chrono_instances_get_n (instances))
    {
      gint64 number = chrono_instances_get (instances, span.instance)->number;
      if (number != G_MININT64)
        g_string_append_printf (text, "  #%" G_GINT64_FORMAT, number);
    }
  if (span.label != CHRONO_STRING_NONE)
    {
      g_autofree char *label =
          g_markup_escape_text (chrono_strings_get (chrono_trace_get_strings (trace), span.label), -1);
      g_string_append_printf (text, "\n%s", label);
    }
  g_string_append_printf (text, "\n%s%s", chrono_state_get_label (span.state),
                          span.flags & CHRONO_SPAN_INFERRED ? _ (" (inferred: the trace starts later)") : "");
  g_string_append_printf (text, _ ("\nfrom %s to %s\nduration %s"), begin, end, length);
  if (span.flags & CHRONO_SPAN_OPEN_END)
    g_string_append (text, _ (" (still open when the trace ends)"));
  return g_string_free (text, FALSE);
}

static char *
access_name (ChronoStrings *strings, const ChronoAccess *a)
{
  g_autofree char *process = g_markup_escape_text (chrono_strings_get (strings, a->process), -1);
  if (a->instance == G_MININT64)
    return g_steal_pointer (&process);
  return g_strdup_printf ("%s #%" G_GINT64_FORMAT, process, a->instance);
}

/* A semaphore's hold (who held it, from when, how long) or wait (who
 * waited, how long, on whom). */
static char *
describe_access (ChronoTimelineView *self, const ChronoRenderHit *hit)
{
  ChronoAccesses *accesses = chrono_lane_get_accesses (hit->lane);
  const ChronoAccess *a = chrono_accesses_get (accesses, hit->access);
  ChronoStrings *strings = chrono_trace_get_strings (hit->trace);
  const ChronoClock *clock = chrono_trace_get_clock (hit->trace);
  gint64 origin = chrono_viewport_get_origin (self->viewport);
  gboolean hold = hit->access_band == CHRONO_OWNERSHIP_HOLD;
  gint64 start = hold ? a->assigned : a->requested, end = hold ? a->released : a->assigned;
  g_autofree char *semaphore = g_markup_escape_text (chrono_lane_get_display_name (hit->lane), -1);
  g_autofree char *who = access_name (strings, a);
  g_autofree char *from = chrono_clock_format_ticks (clock, start - origin, 7);
  GString *text = g_string_new (NULL);
  g_string_append_printf (text, "<b>%s</b>\n", semaphore);
  g_string_append_printf (text, hold ? _ ("held by %s") : _ ("%s waited for it"), who);
  if (end != CHRONO_ACCESS_NEVER)
    {
      g_autofree char *to = chrono_clock_format_ticks (clock, end - origin, 7);
      g_autofree char *length = chrono_clock_format_ticks (clock, end - start, 5);
      g_string_append_printf (text, _ ("\nfrom %s to %s\n%s %s"), from, to, hold ? _ ("held") : _ ("waited"), length);
    }
  else
    g_string_append_printf (
        text, hold ? _ ("\nfrom %s, never released in the trace") : _ ("\nfrom %s, never assigned in the trace"), from);
  guint n_holders;
  const guint32 *holders = chrono_accesses_get_holders (accesses, hit->access, &n_holders);
  for (guint i = 0; !hold && i < n_holders; i++)
    {
      g_autofree char *holder = access_name (strings, chrono_accesses_get (accesses, holders[i]));
      g_string_append_printf (text, _ ("\nheld by %s when asked for"), holder);
    }
  g_string_append_printf (text, "\n<i>%s</i>",
                          hold ? _ ("Click to select the holder") : _ ("Click to select the waiter"));
  return g_string_free (text, FALSE);
}

/* An instant event's tooltip: lane, event, time, source and note. */
static char *
describe_mark (ChronoTimelineView *self, ChronoTrace *trace, ChronoLane *lane, guint index)
{
  ChronoMark mark;
  chrono_marks_get (chrono_lane_get_marks (lane), index, &mark);
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  g_autofree char *name = g_markup_escape_text (chrono_lane_get_display_name (lane), -1);
  g_autofree char *kind = g_markup_escape_text (
      mark.kind != CHRONO_STRING_NONE ? chrono_strings_get (strings, mark.kind) : _ ("event"), -1);
  g_autofree char *at = chrono_clock_format_ticks (chrono_trace_get_clock (trace),
                                                   mark.time - chrono_viewport_get_origin (self->viewport), 7);
  GString *text = g_string_new (NULL);
  g_string_append_printf (text, "<b>%s</b>\n%s at %s", name, kind, at);
  if (mark.source != CHRONO_STRING_NONE && *chrono_strings_get (strings, mark.source))
    {
      g_autofree char *source = g_markup_escape_text (chrono_strings_get (strings, mark.source), -1);
      g_string_append_printf (text, _ ("\nfrom %s"), source);
    }
  if (mark.note != CHRONO_STRING_NONE)
    {
      g_autofree char *note = g_markup_escape_text (chrono_strings_get (strings, mark.note), -1);
      g_string_append_printf (text, "\n<i>%s</i>", note);
    }
  return g_string_free (text, FALSE);
}

/* A signal's value under the pointer, and the sample it comes from: a
 * level held from one sample to the next, or a rate between two. */
static char *
describe_sample (ChronoTimelineView *self, const ChronoRenderHit *hit)
{
  ChronoSignal *signal = chrono_lane_get_signal (hit->sample_lane);
  const ChronoFragment *f = chrono_signal_get (signal, hit->sample);
  const ChronoClock *clock = chrono_trace_get_clock (hit->trace);
  gint64 origin = chrono_viewport_get_origin (self->viewport);
  g_autofree char *name = g_markup_escape_text (chrono_lane_get_display_name (hit->sample_lane), -1);
  g_autofree char *at = chrono_clock_format_ticks (clock, hit->time - origin, 7);
  g_autofree char *from = chrono_clock_format_ticks (clock, f->t0 - origin, 7);
  g_autofree char *to = chrono_clock_format_ticks (clock, f->t1 - origin, 7);
  return g_strdup_printf (_ ("<b>%s</b>\n%.6g at %s\nfrom %s to %s"), name, hit->value, at, from, to);
}

/* A lane's name in full (the column cuts long ones) with where it lies, and
 * what dragging there does. */
char *
chrono_timeline_view_describe_lane_at (ChronoTimelineView *self, double x, double y)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (self), NULL);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  ChronoRenderHit hit;
  if (x >= o.label_width || !chrono_renderer_hit_test (self->renderer, &o, x, y, &hit))
    return NULL;
  ChronoLane *lane = chrono_layout_get_row (self->layout, hit.row)->lane;
  g_autofree char *path = chrono_lane_dup_path (lane);
  g_autofree char *name = g_markup_escape_text (chrono_lane_get_display_name (lane), -1);
  g_autofree char *where = g_markup_escape_text (path, -1);
  GString *text = g_string_new (NULL);
  g_string_append_printf (text, "<b>%s</b>", name);
  if (strcmp (path, chrono_lane_get_name (lane)) != 0)
    g_string_append_printf (text, "\n%s", where);
  ChronoTraceSet *set = chrono_layout_get_trace_set (self->layout);
  if (chrono_layout_row_get_style (chrono_layout_get_row (self->layout, hit.row)) == CHRONO_ROW_DENSITY)
    g_string_append_printf (text, "\n<i>%s</i>",
                            _ ("Drag up or down here to show those addresses; double-click to show all"));
  else if (set != NULL && hit.member > 0 && chrono_trace_set_get_heading (set, hit.member) == lane)
    g_string_append_printf (text, "\n<i>%s</i>",
                            _ ("Drag this heading in the timeline to move the trace; right-click to type a shift"));
  return g_string_free (text, FALSE);
}

/* A memory reference's tooltip: its lane, kind, length, address and time. */
static char *
describe_reference (ChronoTimelineView *self, ChronoTrace *trace, ChronoLane *lane, const ChronoReference *r)
{
  g_autofree char *name = g_markup_escape_text (chrono_lane_get_display_name (lane), -1);
  g_autofree char *kind = chrono_reference_dup_kind (r);
  g_autofree char *at = chrono_clock_format_ticks (chrono_trace_get_clock (trace),
                                                   r->time - chrono_viewport_get_origin (self->viewport), 7);
  return g_strdup_printf (_ ("<b>%s</b>\n%s of %u bytes at 0x%08x\naddress space %x\nat %s"), name, kind, r->length,
                          r->address, r->space, at);
}

/* What the tooltip says at (x, y): a lane's name in the name column, else
 * the memory reference, item, event or signal value under the point; NULL:
 * nothing there. */
char *
chrono_timeline_view_describe_at (ChronoTimelineView *self, double x, double y)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (self), NULL);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (self, &o);
  if (x < o.label_width)
    return chrono_timeline_view_describe_lane_at (self, x, y);
  ChronoRenderHit hit;
  if (!chrono_renderer_hit_test (self->renderer, &o, x, y, &hit))
    return NULL;
  ChronoReference reference;
  ChronoLane *density = chrono_renderer_reference_at (self->renderer, &o, x, y, &reference);
  if (density != NULL)
    return describe_reference (self, hit.trace, density, &reference);
  if (hit.has_mark && !hit.has_span)
    return describe_mark (self, hit.trace, hit.mark_lane, hit.mark);
  if (hit.has_span)
    return describe_span (self, hit.trace, hit.lane, hit.span);
  if (hit.has_access)
    return describe_access (self, &hit);
  if (hit.has_sample)
    return describe_sample (self, &hit);
  return NULL;
}

gboolean
chrono_timeline_view_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  ChronoTimelineView *self = CHRONO_TIMELINE_VIEW (widget);
  if (keyboard || self->drag != DRAG_NONE)
    return FALSE;
  g_autofree char *markup = chrono_timeline_view_describe_at (self, x, y);
  if (markup != NULL)
    gtk_tooltip_set_markup (tooltip, markup);
  return markup != NULL;
}
