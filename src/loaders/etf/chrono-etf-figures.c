/* chrono-etf-figures.c — each resource's figures (claims, usage, time at
 * each concurrency) counted as the start-order pass of a lazily read TRACE
 * file releases claims (chrono-etf-lazy.h), so that the index has what a
 * whole read computes from every span without keeping a span. */
#include "chrono-etf-lazy.h"

#include "chrono-heap.h"

/* A resource's figures as chrono_resource_stats_compute and
 * chrono_resource_concurrency count them from a whole read's spans. */
struct _EtfFigures {
  guint64 claims;
  double usage;
  GArray *histogram; /* gint64: ticks with 1, 2… claims at once (0 is filled in at the end) */
  ChronoHeap *ends; /* the ends of the claims running, the earliest first */
  gint64 since;
  guint count;
  gboolean started; /* a claim was added: since is a time of the trace */
  gint64 first_start;
};

EtfFigures *
chrono_etf_figures_new (guint n)
{
  EtfFigures *figures = g_new0 (EtfFigures, n);
  for (guint i = 0; i < n; i++)
    {
      figures[i].histogram = g_array_new (FALSE, TRUE, sizeof (gint64));
      figures[i].ends = chrono_heap_new ();
    }
  return figures;
}

void
chrono_etf_figures_free (EtfFigures *figures, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_clear_pointer (&figures[i].histogram, g_array_unref);
      g_clear_pointer (&figures[i].ends, chrono_heap_free);
    }
  g_free (figures);
}

static void
add_time (EtfFigures *f, guint count, gint64 ticks)
{
  if (ticks <= 0)
    return;
  if (count >= f->histogram->len)
    g_array_set_size (f->histogram, count + 1);
  g_array_index (f->histogram, gint64, count) = chrono_ticks_sum (g_array_index (f->histogram, gint64, count), ticks);
}

/* The claims running on until time: those ending by then leave. */
static void
figures_advance (EtfFigures *f, gint64 time)
{
  gint64 end;
  while (chrono_heap_peek (f->ends, &end, NULL) && end <= time)
    {
      chrono_heap_pop (f->ends);
      add_time (f, f->count, chrono_ticks_between_held (f->since, end));
      f->since = end;
      f->count--;
    }
}

void
chrono_etf_figures_add (EtfFigures *figures, guint resource, const ChronoClock *clock, gint64 start, gint64 end,
                        double amount)
{
  EtfFigures *f = &figures[resource];
  f->claims++;
  f->usage += amount * chrono_clock_to_seconds (clock, chrono_ticks_between_held (start, end));
  if (!f->started)
    {
      f->started = TRUE;
      f->first_start = f->since = start;
    }
  figures_advance (f, start);
  add_time (f, f->count, chrono_ticks_between_held (f->since, start));
  f->since = start;
  f->count++;
  chrono_heap_push (f->ends, end, 0);
}

/* Onto the lanes, once the trace's time range is final: before the first
 * claim and after the last one there were none at once, as between them.
 * The pieces are summed as chrono_resource_concurrency sums them (held at
 * 2^63 - 1 ticks, so a trace longer than that gets its figures too). */
void
chrono_etf_figures_finish (EtfFigures *figures, EtfReader *r)
{
  gint64 begin = chrono_trace_get_begin (r->trace), end = chrono_trace_get_end (r->trace);
  for (guint i = 0; i < r->resources->len; i++)
    {
      EtfFigures *f = &figures[i];
      Resource *res = &g_array_index (r->resources, Resource, i);
      figures_advance (f, G_MAXINT64);
      if (f->histogram->len == 0)
        g_array_set_size (f->histogram, 1);
      gint64 *none = &g_array_index (f->histogram, gint64, 0);
      if (!f->started)
        *none = chrono_ticks_between_held (begin, end);
      else
        *none = chrono_ticks_sum (chrono_ticks_sum (*none, chrono_ticks_between_held (begin, f->first_start)),
                                  chrono_ticks_between_held (f->since, end));
      if (*none == 0 && f->histogram->len == 1)
        g_array_set_size (f->histogram, 0); /* a trace of no time */
      if (res->lane != NULL)
        chrono_lane_set_claim_figures (res->lane, f->claims, f->usage, g_steal_pointer (&f->histogram));
      g_clear_pointer (&f->histogram, g_array_unref);
      chrono_heap_free (f->ends);
    }
  g_free (figures);
}
