/* chrono-critical-path.c — walks back from the claim that ends last, as
 * TRACE4CPS's critical-path analysis does (STTT 2017): the predecessor of a
 * claim is the claim a dependency names as ending at its start, or else a
 * claim that ended at its start (within a tolerance of 1e-9 of the trace's
 * length, for producers that print rounded times).  Among several, the one
 * that ended last wins, then the longest: it is the one that held things up.
 * O(n log n) over the claims of the activity lanes. */
#include "chrono-critical-path.h"

#include "chrono-clock.h"

typedef struct {
  ChronoLane *lane;
  guint span;
  gint64 start, end;
} Item;

static int
compare_by_end (gconstpointer a, gconstpointer b)
{
  const Item *ia = a, *ib = b;
  if (ia->end != ib->end)
    return ia->end < ib->end ? -1 : 1;
  return (ia->start > ib->start) - (ia->start < ib->start);
}

static GArray *
collect_claims (GPtrArray *lanes)
{
  GArray *items = g_array_new (FALSE, FALSE, sizeof (Item));
  for (guint l = 0; l < lanes->len; l++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, l);
      ChronoSpans *spans = chrono_lane_get_spans (lane);
      if (chrono_lane_get_kind (lane) != CHRONO_LANE_ACTIVITY || spans == NULL)
        continue;
      for (guint s = 0; s < chrono_spans_get_n (spans); s++)
        {
          Item item = { lane, s, chrono_spans_get_start (spans, s), chrono_spans_get_end (spans, s) };
          g_array_append_val (items, item);
        }
    }
  g_array_sort (items, compare_by_end);
  return items;
}

/* The first item ending at or after time. */
static guint
first_ending_at (GArray *items, gint64 time)
{
  guint lo = 0, hi = items->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (g_array_index (items, Item, mid).end >= time)
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}

static gboolean
better (const Item *candidate, const Item *best)
{
  if (best == NULL)
    return TRUE;
  if (candidate->end != best->end)
    return candidate->end > best->end;
  return chrono_ticks_between (candidate->start, candidate->end) > chrono_ticks_between (best->start, best->end);
}

/* A claim whose end a dependency joins to this claim's start (types 2 and 3 end at a claim). */
static const Item *
dependency_predecessor (ChronoLinks *links, GArray *items, const Item *claim)
{
  const Item *best = NULL;
  guint n = chrono_links_get_n (links);
  /* times at the 64-bit edges: the bounds are held, not wrapped */
  gint64 before = claim->start > G_MININT64 ? claim->start - 1 : claim->start;
  gint64 reach = chrono_ticks_sum (claim->start, chrono_links_get_longest (links));
  for (guint i = chrono_links_first_ending_after (links, before); i < n; i++)
    {
      const ChronoLink *link = chrono_links_get (links, i);
      if (MAX (link->src_time, link->dst_time) > reach)
        break;
      if (link->dst_lane != claim->lane || link->dst_time != claim->start || link->src_time > claim->start)
        continue;
      for (guint k = first_ending_at (items, link->src_time); k < items->len; k++)
        {
          const Item *candidate = &g_array_index (items, Item, k);
          if (candidate->end != link->src_time)
            break;
          if (candidate->lane == link->src_lane && better (candidate, best))
            best = candidate;
        }
    }
  return best;
}

static const Item *
time_predecessor (GArray *items, const Item *claim, gint64 tolerance)
{
  const Item *best = NULL;
  gint64 from = claim->start >= G_MININT64 + tolerance ? claim->start - tolerance : G_MININT64;
  for (guint k = first_ending_at (items, from); k < items->len; k++)
    {
      const Item *candidate = &g_array_index (items, Item, k);
      if (candidate->end > claim->start)
        break;
      if (candidate != claim && candidate->start < claim->start && better (candidate, best))
        best = candidate;
    }
  return best;
}

/* The path from its first claim to the claim that ends last. */
GArray *
chrono_critical_path_compute (ChronoTrace *trace, gboolean dependencies_only)
{
  GArray *path = g_array_new (FALSE, FALSE, sizeof (ChronoPathStep));
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  g_autoptr (GArray) items = collect_claims (lanes);
  if (items->len == 0)
    return path;
  /* the trace's length may not fit 64 bits: held at the largest it can be */
  gint64 tolerance =
      chrono_ticks_between_held (chrono_trace_get_begin (trace), chrono_trace_get_end (trace)) / 1000000000;
  ChronoLinks *links = chrono_trace_get_links (trace);
  const Item *claim = &g_array_index (items, Item, items->len - 1);
  /* a guard against cycles from zero-length claims: never longer than all claims */
  for (guint steps = 0; claim != NULL && steps < items->len; steps++)
    {
      ChronoPathStep step = { claim->lane, claim->span };
      g_array_prepend_val (path, step);
      const Item *previous = dependency_predecessor (links, items, claim);
      if (previous == NULL && !dependencies_only)
        previous = time_predecessor (items, claim, tolerance);
      claim = previous;
    }
  return path;
}

/* Takes the marks of chrono_critical_path_mark away again. */
void
chrono_critical_path_clear (ChronoTrace *trace)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint l = 0; l < lanes->len; l++)
    {
      ChronoSpans *spans = chrono_lane_get_spans (g_ptr_array_index (lanes, l));
      for (guint s = 0; spans != NULL && s < chrono_spans_get_n (spans); s++)
        chrono_spans_set_flags (spans, s, chrono_spans_get_flags (spans, s) & ~CHRONO_SPAN_CRITICAL);
    }
}

/* Flags the path's spans CHRONO_SPAN_CRITICAL (and clears older marks). */
guint
chrono_critical_path_mark (ChronoTrace *trace, gboolean dependencies_only)
{
  chrono_critical_path_clear (trace);
  g_autoptr (GArray) path = chrono_critical_path_compute (trace, dependencies_only);
  for (guint i = 0; i < path->len; i++)
    {
      const ChronoPathStep *step = &g_array_index (path, ChronoPathStep, i);
      ChronoSpans *spans = chrono_lane_get_spans (step->lane);
      chrono_spans_set_flags (spans, step->span, chrono_spans_get_flags (spans, step->span) | CHRONO_SPAN_CRITICAL);
    }
  return path->len;
}
