#include "chrono-call.h"
#include <string.h>

/* Calls one level deeper that lie inside the call: spans are sorted by
 * start, so they follow it. */
static void
find_callees (ChronoSpans *spans, const ChronoSpan *call, ChronoCallInfo *out)
{
  guint n = chrono_spans_get_n (spans);
  for (guint i = chrono_spans_first_starting_at_or_after (spans, call->start); i < n; i++)
    {
      ChronoSpan s;
      chrono_spans_get (spans, i, &s);
      if (s.start >= call->end && !(s.start == call->end && call->start == call->end))
        break;
      if (s.depth != call->depth + 1 || s.end > call->end)
        continue;
      g_array_append_val (out->callees, i);
      out->exclusive -= s.end - s.start;
    }
}

static void
find_message (ChronoTrace *trace, ChronoLane *lane, const ChronoSpan *call, ChronoCallInfo *out)
{
  ChronoLinks *links = chrono_trace_get_links (trace);
  for (guint i = 0; i < chrono_links_get_n (links); i++)
    {
      const ChronoLink *link = chrono_links_get (links, i);
      if (link->dst_lane == lane && link->dst_time >= call->start && link->dst_time <= call->end
          && (out->message == NULL || link->dst_time >= out->message->dst_time))
        out->message = link;
    }
}

void
chrono_call_explain (ChronoTrace *trace, ChronoLane *lane, guint span, ChronoCallInfo *out)
{
  memset (out, 0, sizeof *out);
  out->callees = g_array_new (FALSE, FALSE, sizeof (guint));
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  g_return_if_fail (spans != NULL && span < chrono_spans_get_n (spans));
  ChronoSpan call;
  chrono_spans_get (spans, span, &call);
  out->span = span;
  out->inclusive = out->exclusive = call.end - call.start;
  find_callees (spans, &call, out);
  find_message (trace, lane, &call, out);
}

void
chrono_call_info_clear (ChronoCallInfo *info)
{
  g_clear_pointer (&info->callees, g_array_unref);
}
