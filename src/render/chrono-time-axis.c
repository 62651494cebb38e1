/* chrono-time-axis.c — labelled ticks are the finest 1-2-5 step whose labels
 * are at least min_spacing px apart (wider when the labels themselves are
 * wide), with minor ticks in between.  Labels count from the origin in one
 * unit per axis, so they do not jump between "999 µs" and "1 ms" along it. */
#include "chrono-time-axis.h"

#include <math.h>

#include "chrono-clock.h"
#include "chrono-render-private.h"

#define LABEL_GAP 16.0
#define MIN_MINOR_SPACING 6.0

/* The unit of the largest time shown, for every label of the axis. */
static void
choose_unit (const ChronoTimeAxis *axis, double step_seconds, ChronoTickScale *scale)
{
  double reach = MAX (fabs (axis->rel_begin), fabs (axis->rel_end)) / axis->ticks_per_second;
  ChronoClock clock = { .ticks_per_second = 1, .counts_cycles = axis->counts_cycles };
  const ChronoTimeUnit *unit = chrono_clock_unit_for (&clock, MAX (reach, step_seconds));
  scale->unit_seconds = unit->seconds;
  scale->unit = unit->symbol;
  double step_in_unit = step_seconds / unit->seconds;
  scale->decimals = step_in_unit >= 1.0 ? 0 : (int) ceil (-log10 (step_in_unit) - 1e-9);
}

char *
chrono_tick_scale_format (const ChronoTickScale *scale, double relative_seconds)
{
  double v = relative_seconds / scale->unit_seconds;
  if (fabs (v) < 0.5 * pow (10.0, -scale->decimals))
    v = 0.0;
  return g_strdup_printf ("%.*f %s", scale->decimals, v, scale->unit);
}

static double
label_width_needed (const ChronoTimeAxis *axis, PangoLayout *text, double min_spacing, const ChronoTickScale *scale)
{
  double ends[] = { axis->rel_begin / axis->ticks_per_second, axis->rel_end / axis->ticks_per_second };
  int widest = 0;
  for (gsize i = 0; i < G_N_ELEMENTS (ends); i++)
    {
      g_autofree char *label = chrono_tick_scale_format (scale, ends[i]);
      int w;
      chrono_render_text_size (text, label, &w, NULL);
      widest = MAX (widest, w);
    }
  return MAX (min_spacing, widest + LABEL_GAP);
}

static void
choose_minor (double px_per_tick, int mantissa, ChronoTickScale *scale)
{
  /* 1 → fifths, 2 → quarters, 5 → fifths: minor ticks land on round values */
  double parts = mantissa == 2 ? 4.0 : 5.0;
  scale->minor_ticks = scale->step_ticks / parts;
  if (scale->minor_ticks * px_per_tick < MIN_MINOR_SPACING)
    scale->minor_ticks = scale->step_ticks / 2.0;
  if (scale->minor_ticks * px_per_tick < MIN_MINOR_SPACING)
    scale->minor_ticks = 0.0;
}

void
chrono_time_axis_choose_scale (const ChronoTimeAxis *axis, PangoLayout *text, double min_spacing,
                               ChronoTickScale *scale)
{
  static const int mantissas[] = { 1, 2, 5 };
  double tps = axis->ticks_per_second;
  double width = MAX (axis->x1 - axis->x0, 1.0);
  double px_per_tick = width / axis->span_ticks;
  for (int exponent = -12; exponent <= 15; exponent++)
    for (gsize m = 0; m < G_N_ELEMENTS (mantissas); m++)
      {
        double step_seconds = mantissas[m] * pow (10.0, exponent);
        scale->step_ticks = step_seconds * tps;
        if (scale->step_ticks < 1.0 || scale->step_ticks * px_per_tick < min_spacing)
          continue; /* no tick finer than the clock, none closer than labels allow */
        choose_unit (axis, step_seconds, scale);
        if (scale->step_ticks * px_per_tick < label_width_needed (axis, text, min_spacing, scale))
          continue;
        choose_minor (px_per_tick, mantissas[m], scale);
        return;
      }
  /* An axis longer than 10¹⁵ s: one tick at the start is enough. */
  scale->step_ticks = axis->span_ticks;
  scale->minor_ticks = 0.0;
  choose_unit (axis, scale->step_ticks / tps, scale);
}

/* Calls func for every multiple of step (in ticks from the origin) on the axis. */
void
chrono_time_axis_foreach_tick (const ChronoTimeAxis *axis, double step_ticks, ChronoTickFunc func, gpointer data)
{
  if (step_ticks <= 0.0)
    return;
  double px_per_tick = (axis->x1 - axis->x0) / (axis->rel_end - axis->rel_begin);
  double k_end = floor (axis->rel_end / step_ticks);
  for (double k = ceil (axis->rel_begin / step_ticks); k <= k_end; k++)
    {
      double rel = k * step_ticks;
      double x = floor (axis->x0 + (rel - axis->rel_begin) * px_per_tick) + 0.5;
      func (x, rel, data);
    }
}

typedef struct {
  cairo_t *cr;
  double y0, y1;
} TickPath;

static void
add_tick (double x, double rel_ticks, gpointer data)
{
  const TickPath *path = data;
  cairo_move_to (path->cr, x, path->y0);
  cairo_line_to (path->cr, x, path->y1);
}

/* Adds a vertical line from y0 to y1 at every step to the current path, for
 * ticks and grid lines alike; the caller strokes it. */
void
chrono_time_axis_add_ticks (const ChronoTimeAxis *axis, cairo_t *cr, double step_ticks, double y0, double y1)
{
  TickPath path = { cr, y0, y1 };
  chrono_time_axis_foreach_tick (axis, step_ticks, add_tick, &path);
}
