/* chrono-timeline-view-chain.c — the walk up a chain of waits: "," goes to
 * what the selected item waited on, "." back, and the whole chain is drawn
 * as a path. Apart from the rest of the view because the walk keeps state
 * of its own (the chain, the step selected, whether it stands on an event)
 * that only these functions and the view's Escape key touch. */
#include "chrono-timeline-view-private.h"

#include <glib/gi18n-lib.h>

#include "chrono-upstream.h"

#define CHAIN_MAX_STEPS 1000 /* a walk back this long is followed no further */

/* The chain shown as a path, from what started it to the item the walk began at. */
static void
show_chain (ChronoTimelineView *self)
{
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (ChronoRenderPathStep));
  for (guint i = self->chain->len; i-- > 0;)
    {
      const ChronoChainStep *step = &g_array_index (self->chain, ChronoChainStep, i);
      ChronoRenderPathStep drawn = { step->lane, step->begin, step->end };
      g_array_append_val (steps, drawn);
    }
  chrono_timeline_view_set_path (self, (const ChronoRenderPathStep *) steps->data, steps->len, _ ("waited on"));
}

static gboolean
chain_is_current (ChronoTimelineView *self)
{
  if (self->chain == NULL || self->selected_lane == NULL)
    return FALSE;
  const ChronoChainStep *step = &g_array_index (self->chain, ChronoChainStep, self->chain_at);
  return !step->is_mark && step->lane == self->selected_lane && step->index == self->selected_span;
}

/* "," goes to what the selected item (or the event chosen last) waited on (the decisive
 * dependency, or a runnable's calling task), "." back towards the item the
 * walk began at; the whole upstream chain is drawn as a path. */
gboolean
chrono_timeline_view_follow_chain (ChronoTimelineView *self, int direction)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (self), FALSE);
  if (!chain_is_current (self) && (self->chain == NULL || !self->chain_on_mark))
    {
      g_clear_pointer (&self->chain, g_array_unref);
      ChronoChainStep item;
      ChronoTrace *trace;
      if (self->selected_lane != NULL)
        {
          ChronoSpans *spans = chrono_lane_get_spans (self->selected_lane);
          item = (ChronoChainStep){ self->selected_lane, FALSE, self->selected_span,
                                    chrono_spans_get_start (spans, self->selected_span),
                                    chrono_spans_get_end (spans, self->selected_span) };
          trace = self->selected_trace;
        }
      else if (self->mark_lane != NULL)
        {
          /* a walk may begin at an event chosen by a click or a search */
          gint64 time = chrono_marks_get_time (chrono_lane_get_marks (self->mark_lane), self->mark_index);
          item = (ChronoChainStep){ self->mark_lane, TRUE, self->mark_index, time, time };
          trace = self->mark_trace;
        }
      else
        return FALSE;
      self->chain = chrono_upstream_chain (trace, &item, CHAIN_MAX_STEPS);
      self->chain_at = 0;
      g_set_object (&self->chain_trace, trace);
    }
  guint next = self->chain_at + (direction > 0 ? 1 : 0);
  if ((direction > 0 && next >= self->chain->len) || (direction < 0 && self->chain_at == 0))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      const char *name =
          chrono_lane_get_display_name (g_array_index (self->chain, ChronoChainStep, self->chain_at).lane);
      g_autofree char *text = direction > 0 ? g_strdup_printf (_ ("%s waited on nothing in the trace"), name)
                                            : g_strdup_printf (_ ("%s is where the walk began"), name);
      g_signal_emit (self, chrono_timeline_view_signals[NOTICE], 0, text);
      show_chain (self);
      return FALSE;
    }
  self->chain_at = direction > 0 ? next : self->chain_at - 1;
  const ChronoChainStep *step = &g_array_index (self->chain, ChronoChainStep, self->chain_at);
  if (step->is_mark)
    {
      /* the inspector explains an event; the walk goes on from it */
      chrono_timeline_view_unselect (self);
      self->chain_on_mark = TRUE;
      g_signal_emit (self, chrono_timeline_view_signals[MARK_SELECTED], 0, self->chain_trace, step->lane, step->index,
                     0u);
    }
  else
    chrono_timeline_view_select_in (self, self->chain_trace, step->lane, step->lane, step->index);
  chrono_timeline_view_reveal (self, step->begin, step->end);
  chrono_timeline_view_show_lane (self, step->lane);
  show_chain (self);
  return TRUE;
}
