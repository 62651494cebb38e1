/* chrono-render-ruler.c — the time ruler and the grid lines it implies.
 *
 * Labelled ticks are the finest 1-2-5 step whose labels are at least ~80 px
 * apart (wider when the labels themselves are wide), with minor ticks in
 * between.  Labels count from the trace's begin in one unit per view, so
 * they do not jump between "999 µs" and "1 ms" along one ruler. */
#include "chrono-render-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#define MIN_LABEL_SPACING 80.0
#define LABEL_GAP 16.0
#define MIN_MINOR_SPACING 6.0
#define MAJOR_TICK 8.0
#define MINOR_TICK 4.0

static double
ticks_per_second (ChronoRenderContext *ctx)
{
  return (double) chrono_trace_get_clock (ctx->trace)->ticks_per_second;
}

/* Ticks from the options' origin, where labels count from. */
static double
relative_ticks (ChronoRenderContext *ctx, gint64 t)
{
  return (double) (t - ctx->o->origin);
}

/* The unit of the largest time shown, for every label of the ruler. */
static void
choose_unit (ChronoRenderContext *ctx, double step_seconds, ChronoTickScale *scale)
{
  double tps = ticks_per_second (ctx);
  double reach = MAX (fabs (relative_ticks (ctx, ctx->o->begin)), fabs (relative_ticks (ctx, ctx->o->end))) / tps;
  const ChronoTimeUnit *unit = chrono_time_unit_for (MAX (reach, step_seconds));
  scale->unit_seconds = unit->seconds;
  scale->unit = unit->symbol;
  double step_in_unit = step_seconds / unit->seconds;
  scale->decimals = step_in_unit >= 1.0 ? 0 : (int) ceil (-log10 (step_in_unit) - 1e-9);
}

static char *
format_tick (const ChronoTickScale *scale, double relative_seconds)
{
  double v = relative_seconds / scale->unit_seconds;
  if (fabs (v) < 0.5 * pow (10.0, -scale->decimals))
    v = 0.0;
  return g_strdup_printf ("%.*f %s", scale->decimals, v, scale->unit);
}

static double
label_width_needed (ChronoRenderContext *ctx, const ChronoTickScale *scale)
{
  double tps = ticks_per_second (ctx);
  double ends[] = { relative_ticks (ctx, ctx->o->begin) / tps, relative_ticks (ctx, ctx->o->end) / tps };
  int widest = 0;
  for (gsize i = 0; i < G_N_ELEMENTS (ends); i++)
    {
      g_autofree char *text = format_tick (scale, ends[i]);
      int w;
      chrono_render_text_size (ctx->small_text, text, &w, NULL);
      widest = MAX (widest, w);
    }
  return MAX (MIN_LABEL_SPACING, widest + LABEL_GAP);
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
chrono_render_tick_scale_init (ChronoRenderContext *ctx, ChronoTickScale *scale)
{
  static const int mantissas[] = { 1, 2, 5 };
  double tps = ticks_per_second (ctx);
  double width = MAX (ctx->data_x1 - ctx->data_x0, 1.0);
  double px_per_tick = width / (double) (ctx->o->end - ctx->o->begin);
  for (int exponent = -12; exponent <= 9; exponent++)
    for (gsize m = 0; m < G_N_ELEMENTS (mantissas); m++)
      {
        double step_seconds = mantissas[m] * pow (10.0, exponent);
        scale->step_ticks = step_seconds * tps;
        if (scale->step_ticks < 1.0 || scale->step_ticks * px_per_tick < MIN_LABEL_SPACING)
          continue; /* no tick finer than the clock, none closer than labels allow */
        choose_unit (ctx, step_seconds, scale);
        if (scale->step_ticks * px_per_tick < label_width_needed (ctx, scale))
          continue;
        choose_minor (px_per_tick, mantissas[m], scale);
        return;
      }
  /* A view longer than 10⁹ s: one tick at the start is enough. */
  scale->step_ticks = (double) (ctx->o->end - ctx->o->begin);
  scale->minor_ticks = 0.0;
  choose_unit (ctx, scale->step_ticks / tps, scale);
}

/* Calls draw for every multiple of step (in ticks from the trace begin) in view. */
static void
for_each_tick (ChronoRenderContext *ctx, double step,
               void (*draw) (ChronoRenderContext *, double x, double rel, gpointer), gpointer data)
{
  if (step <= 0.0)
    return;
  double rel_begin = relative_ticks (ctx, ctx->o->begin);
  double rel_end = relative_ticks (ctx, ctx->o->end);
  double px_per_tick = (ctx->data_x1 - ctx->data_x0) / (rel_end - rel_begin);
  double k_end = floor (rel_end / step);
  for (double k = ceil (rel_begin / step); k <= k_end; k++)
    {
      double rel = k * step;
      double x = floor (ctx->data_x0 + (rel - rel_begin) * px_per_tick) + 0.5;
      draw (ctx, x, rel, data);
    }
}

static void
add_grid_line (ChronoRenderContext *ctx, double x, double rel, gpointer data)
{
  const double *extent = data;
  cairo_move_to (ctx->cr, x, extent[0]);
  cairo_line_to (ctx->cr, x, extent[1]);
}

/* Faint vertical lines at the labelled ticks, behind the lanes' contents. */
void
chrono_render_grid (ChronoRenderContext *ctx, const ChronoTickScale *scale, double top, double bottom)
{
  double extent[] = { top, bottom };
  for_each_tick (ctx, scale->step_ticks, add_grid_line, extent);
  chrono_rgb_set_source (ctx->cr, &ctx->palette->grid);
  cairo_set_line_width (ctx->cr, 1.0);
  cairo_stroke (ctx->cr);
}

static void
add_minor_tick (ChronoRenderContext *ctx, double x, double rel, gpointer data)
{
  double bottom = ctx->o->ruler_height;
  cairo_move_to (ctx->cr, x, bottom - MINOR_TICK);
  cairo_line_to (ctx->cr, x, bottom);
}

static void
add_major_tick (ChronoRenderContext *ctx, double x, double rel, gpointer data)
{
  double bottom = ctx->o->ruler_height;
  cairo_move_to (ctx->cr, x, bottom - MAJOR_TICK);
  cairo_line_to (ctx->cr, x, bottom);
}

static void
draw_tick_label (ChronoRenderContext *ctx, double x, double rel, gpointer data)
{
  const ChronoTickScale *scale = data;
  g_autofree char *text = format_tick (scale, rel / ticks_per_second (ctx));
  int h;
  chrono_render_text_size (ctx->small_text, text, NULL, &h);
  double y = MAX (1.0, (ctx->o->ruler_height - MAJOR_TICK - h) / 2.0 + 1.0);
  chrono_render_text (ctx, ctx->small_text, text, x + 3.0, y, -1, &ctx->palette->text);
}

/* The label column's corner says how much time the view spans. */
static void
draw_corner (ChronoRenderContext *ctx)
{
  const ChronoRenderOptions *o = ctx->o;
  if (o->label_width <= 0)
    return;
  double seconds = (double) (o->end - o->begin) / ticks_per_second (ctx);
  g_autofree char *span = chrono_format_duration (seconds, 3);
  /* TRANSLATORS: the length of the visible time range, e.g. "Window: 20 ms" */
  g_autofree char *text = g_strdup_printf (_ ("Window: %s"), span);
  int h;
  chrono_render_text_size (ctx->small_text, text, NULL, &h);
  chrono_render_text (ctx, ctx->small_text, text, 8.0, (o->ruler_height - h) / 2.0, o->label_width - 16.0,
                      &ctx->palette->dim_text);
}

void
chrono_render_ruler (ChronoRenderContext *ctx, const ChronoTickScale *scale)
{
  const ChronoRenderOptions *o = ctx->o;
  cairo_t *cr = ctx->cr;
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, o->width, o->ruler_height);
  cairo_clip (cr);
  chrono_rgb_set_source (cr, &ctx->palette->chrome);
  cairo_paint (cr);
  draw_corner (ctx);

  cairo_rectangle (cr, ctx->data_x0, 0, ctx->data_x1 - ctx->data_x0, o->ruler_height);
  cairo_clip (cr);
  cairo_set_line_width (cr, 1.0);
  for_each_tick (ctx, scale->minor_ticks, add_minor_tick, NULL);
  chrono_rgb_set_source (cr, &ctx->palette->dim_text);
  cairo_stroke (cr);
  for_each_tick (ctx, scale->step_ticks, add_major_tick, NULL);
  chrono_rgb_set_source (cr, &ctx->palette->text);
  cairo_stroke (cr);
  for_each_tick (ctx, scale->step_ticks, draw_tick_label, (gpointer) scale);
  cairo_restore (cr);

  /* the border between ruler and lanes, across the whole width */
  chrono_rgb_set_source (cr, &ctx->palette->separator);
  cairo_rectangle (cr, 0, o->ruler_height - 1, o->width, 1);
  cairo_fill (cr);
}
