/* chrono-signal.c — fragments sorted by t0; min/max of a range is exact:
 * a quadratic's extremes lie at the clipped ends or at its vertex. */
#include "chrono-signal.h"

#include "chrono-clock.h"

#include <math.h>
#include <stdlib.h>

struct _ChronoSignal {
  GArray *fragments;
  /* Only when fragments overlap (a bad file): per index, the latest end up
   * to it, so that the first fragment ending after a time is found by
   * bisection whatever else the array holds. */
  gint64 *reach;
  gint64 ticks_per_second;
  gboolean step_open; /* the last step fragment still waits for its end */
  gboolean is_step;
  gboolean sealed;
  gboolean has_scale; /* a fixed value axis (a load: 0 to 100 %) */
  double scale_min, scale_max;
};

ChronoSignal *
chrono_signal_new (gint64 ticks_per_second)
{
  ChronoSignal *signal = g_new0 (ChronoSignal, 1);
  signal->fragments = g_array_new (FALSE, FALSE, sizeof (ChronoFragment));
  signal->ticks_per_second = ticks_per_second;
  signal->is_step = TRUE;
  return signal;
}

void
chrono_signal_free (ChronoSignal *signal)
{
  if (signal == NULL)
    return;
  g_array_unref (signal->fragments);
  g_free (signal->reach);
  g_free (signal);
}

void
chrono_signal_set_scale (ChronoSignal *signal, double min, double max)
{
  g_return_if_fail (max > min);
  signal->has_scale = TRUE;
  signal->scale_min = min;
  signal->scale_max = max;
}

gboolean
chrono_signal_get_scale (ChronoSignal *signal, double *out_min, double *out_max)
{
  if (!signal->has_scale)
    return FALSE;
  *out_min = signal->scale_min;
  *out_max = signal->scale_max;
  return TRUE;
}

void
chrono_signal_append (ChronoSignal *signal, const ChronoFragment *fragment)
{
  g_array_append_val (signal->fragments, *fragment);
  if (fragment->a != 0.0 || fragment->b != 0.0)
    signal->is_step = FALSE;
  signal->sealed = FALSE;
  g_clear_pointer (&signal->reach, g_free); /* sealing again finds it */
}

/* A sample of a step signal: it holds until the next sample. */
void
chrono_signal_append_step (ChronoSignal *signal, gint64 time, double value)
{
  if (signal->step_open)
    {
      ChronoFragment *last = &g_array_index (signal->fragments, ChronoFragment, signal->fragments->len - 1);
      last->t1 = MAX (time, last->t0);
    }
  ChronoFragment fragment = { time, time, value, 0.0, 0.0 };
  g_array_append_val (signal->fragments, fragment);
  signal->step_open = TRUE;
  signal->sealed = FALSE;
  g_clear_pointer (&signal->reach, g_free); /* sealing again finds it */
}

void
chrono_signal_close_steps (ChronoSignal *signal, gint64 end)
{
  if (!signal->step_open)
    return;
  ChronoFragment *last = &g_array_index (signal->fragments, ChronoFragment, signal->fragments->len - 1);
  last->t1 = MAX (end, last->t0);
  signal->step_open = FALSE;
  guint n = signal->fragments->len;
  if (signal->reach != NULL) /* only the last end moved */
    signal->reach[n - 1] = n > 1 ? MAX (signal->reach[n - 2], last->t1) : last->t1;
}

/* By start, then by the rest: equal starts (overlapping fragments) come in
 * one order whatever order they were appended in (qsort is not stable). */
static int
compare_fragments (gconstpointer a, gconstpointer b)
{
  const ChronoFragment *fa = a, *fb = b;
  if (fa->t0 != fb->t0)
    return (fa->t0 > fb->t0) - (fa->t0 < fb->t0);
  if (fa->t1 != fb->t1)
    return (fa->t1 > fb->t1) - (fa->t1 < fb->t1);
  if (fa->c != fb->c)
    return (fa->c > fb->c) - (fa->c < fb->c);
  if (fa->b != fb->b)
    return (fa->b > fb->b) - (fa->b < fb->b);
  return (fa->a > fb->a) - (fa->a < fb->a);
}

void
chrono_signal_seal (ChronoSignal *signal)
{
  if (signal->sealed)
    return;
  gboolean sorted = TRUE;
  for (guint i = 1; i < signal->fragments->len && sorted; i++)
    sorted = g_array_index (signal->fragments, ChronoFragment, i).t0
             >= g_array_index (signal->fragments, ChronoFragment, i - 1).t0;
  if (!sorted)
    qsort (signal->fragments->data, signal->fragments->len, sizeof (ChronoFragment), compare_fragments);
  g_clear_pointer (&signal->reach, g_free);
  guint n = signal->fragments->len;
  for (guint i = 1; i < n; i++)
    if (g_array_index (signal->fragments, ChronoFragment, i).t1
        < g_array_index (signal->fragments, ChronoFragment, i - 1).t1)
      {
        signal->reach = g_new (gint64, n);
        gint64 latest = G_MININT64;
        for (guint k = 0; k < n; k++)
          signal->reach[k] = latest = MAX (latest, g_array_index (signal->fragments, ChronoFragment, k).t1);
        break;
      }
  signal->sealed = TRUE;
}

guint
chrono_signal_get_n (ChronoSignal *signal)
{
  return signal->fragments->len;
}

const ChronoFragment *
chrono_signal_get (ChronoSignal *signal, guint index)
{
  g_return_val_if_fail (index < signal->fragments->len, NULL);
  return &g_array_index (signal->fragments, ChronoFragment, index);
}

gboolean
chrono_signal_is_step (ChronoSignal *signal)
{
  return signal->is_step;
}

double
chrono_fragment_eval (const ChronoFragment *f, gint64 ticks_per_second, gint64 time)
{
  /* times at the 64-bit edges: their difference may not fit, the double does */
  gint64 diff;
  double ticks = __builtin_sub_overflow (time, f->t0, &diff) ? (double) time - (double) f->t0 : (double) diff;
  double dt = ticks / (double) ticks_per_second;
  return f->c + f->b * dt + f->a * dt * dt;
}

double
chrono_signal_eval_fragment (ChronoSignal *signal, const ChronoFragment *f, gint64 time)
{
  return chrono_fragment_eval (f, signal->ticks_per_second, time);
}

gint64
chrono_signal_get_ticks_per_second (ChronoSignal *signal)
{
  return signal->ticks_per_second;
}

/* First fragment whose end lies after time (fragments do not overlap once sealed). */
guint
chrono_signal_first_ending_after (ChronoSignal *signal, gint64 time)
{
  guint lo = 0, hi = signal->fragments->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      gint64 end = signal->reach ? signal->reach[mid] : g_array_index (signal->fragments, ChronoFragment, mid).t1;
      if (end > time)
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}

gboolean
chrono_signal_value_at (ChronoSignal *signal, gint64 time, double *out_value)
{
  guint i = chrono_signal_first_ending_after (signal, time);
  if (i >= signal->fragments->len)
    return FALSE;
  const ChronoFragment *f = chrono_signal_get (signal, i);
  if (time < f->t0)
    return FALSE;
  *out_value = chrono_signal_eval_fragment (signal, f, time);
  return TRUE;
}

void
chrono_fragment_extremes (const ChronoFragment *f, gint64 ticks_per_second, gint64 from, gint64 to, double *lo,
                          double *hi)
{
  double v0 = chrono_fragment_eval (f, ticks_per_second, from);
  double v1 = chrono_fragment_eval (f, ticks_per_second, to);
  *lo = MIN (*lo, MIN (v0, v1));
  *hi = MAX (*hi, MAX (v0, v1));
  if (f->a != 0.0)
    {
      double vertex_dt = -f->b / (2.0 * f->a);
      double vertex = (double) f->t0 + vertex_dt * (double) ticks_per_second;
      if (vertex > (double) from && vertex < (double) to)
        {
          double v = f->c + f->b * vertex_dt + f->a * vertex_dt * vertex_dt;
          *lo = MIN (*lo, v);
          *hi = MAX (*hi, v);
        }
    }
}

/* Exact min/max over the closed domain [begin, end] of every fragment touched. */
gboolean
chrono_signal_range (ChronoSignal *signal, gint64 begin, gint64 end, double *out_min, double *out_max)
{
  double lo = INFINITY, hi = -INFINITY;
  gboolean any = FALSE;
  guint first = begin == G_MININT64 ? 0 : chrono_signal_first_ending_after (signal, begin - 1);
  for (guint i = first; i < signal->fragments->len; i++)
    {
      const ChronoFragment *f = chrono_signal_get (signal, i);
      if (f->t0 > end)
        break;
      if (f->t1 < begin)
        continue;
      chrono_fragment_extremes (f, signal->ticks_per_second, MAX (f->t0, begin), MIN (f->t1, end), &lo, &hi);
      any = TRUE;
    }
  if (any)
    {
      *out_min = lo;
      *out_max = hi;
    }
  return any;
}

double
chrono_fragment_integral (const ChronoFragment *f, gint64 ticks_per_second, gint64 from, gint64 to)
{
  /* times at the 64-bit edges: their differences may not fit a gint64 */
  double u = chrono_ticks_apart (f->t0, from) / (double) ticks_per_second;
  double v = chrono_ticks_apart (f->t0, to) / (double) ticks_per_second;
  return f->c * (v - u) + f->b / 2.0 * (v * v - u * u) + f->a / 3.0 * (v * v * v - u * u * u);
}

gboolean
chrono_signal_mean (ChronoSignal *signal, gint64 begin, gint64 end, double *out_mean, guint *out_fragments)
{
  ChronoSignalStretch stretch;
  chrono_signal_integrate (signal, begin, end, FALSE, &stretch);
  *out_fragments = stretch.n_fragments;
  if (!(stretch.covered > 0.0))
    return FALSE;
  *out_mean = stretch.integral / stretch.covered;
  return TRUE;
}

void
chrono_signal_integrate (ChronoSignal *signal, gint64 begin, gint64 end, gboolean extremes, ChronoSignalStretch *out)
{
  *out = (ChronoSignalStretch){ 0.0, 0.0, 0, INFINITY, -INFINITY };
  for (guint i = chrono_signal_first_ending_after (signal, begin); i < signal->fragments->len; i++)
    {
      const ChronoFragment *f = chrono_signal_get (signal, i);
      if (f->t0 >= end)
        break;
      gint64 from = MAX (f->t0, begin), to = MIN (f->t1, end);
      if (to <= from)
        continue;
      out->integral += chrono_fragment_integral (f, signal->ticks_per_second, from, to);
      out->covered += chrono_ticks_apart (from, to) / (double) signal->ticks_per_second;
      out->n_fragments++;
      if (extremes)
        chrono_fragment_extremes (f, signal->ticks_per_second, from, to, &out->min, &out->max);
    }
}
