/* chrono-time-axis.h — where the ticks of a time axis go and what their
 * labels say: one choice of step and unit for the timeline's ruler and the
 * overview's axis, so both count alike. */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

G_BEGIN_DECLS

/* A horizontal stretch of time drawn between x0 and x1. */
typedef struct {
  double ticks_per_second;
  gboolean counts_cycles; /* the clock's ticks are cycles of no known frequency: labelled in cycles */
  double rel_begin, rel_end; /* ticks from the origin the labels count from, at x0 and x1 */
  double span_ticks; /* end − begin, as the caller computes it exactly */
  double x0, x1; /* px */
} ChronoTimeAxis;

/* The ticks of one axis. */
typedef struct {
  double step_ticks; /* between labelled ticks */
  double minor_ticks; /* between minor ticks; 0 when too dense to draw */
  double unit_seconds;
  const char *unit;
  int decimals;
} ChronoTickScale;

typedef void (*ChronoTickFunc) (double x, double rel_ticks, gpointer data);

void chrono_time_axis_choose_scale (const ChronoTimeAxis *axis, PangoLayout *text, double min_spacing,
                                    ChronoTickScale *scale);
char *chrono_tick_scale_format (const ChronoTickScale *scale, double relative_seconds);
void chrono_time_axis_foreach_tick (const ChronoTimeAxis *axis, double step_ticks, ChronoTickFunc func, gpointer data);
void chrono_time_axis_add_ticks (const ChronoTimeAxis *axis, cairo_t *cr, double step_ticks, double y0, double y1);

G_END_DECLS
