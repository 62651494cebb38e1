/* chrono-render-ruler.c — the time ruler and the grid lines it implies, on
 * the time axis the overview's axis uses too (chrono-time-axis): labelled
 * ticks at least ~80 px apart, counting from the options' origin. */
#include "chrono-render-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#define MIN_LABEL_SPACING 80.0
#define MAJOR_TICK 8.0
#define MINOR_TICK 4.0

static double
ticks_per_second (ChronoRenderContext *ctx)
{
  return (double) chrono_trace_get_clock (ctx->trace)->ticks_per_second;
}

/* The frame's time area as an axis counting from the options' origin. */
void
chrono_render_time_axis (ChronoRenderContext *ctx, ChronoTimeAxis *axis)
{
  const ChronoRenderOptions *o = ctx->o;
  axis->ticks_per_second = ticks_per_second (ctx);
  axis->counts_cycles = chrono_trace_get_clock (ctx->trace)->counts_cycles;
  axis->rel_begin = chrono_ticks_apart (o->origin, o->begin);
  axis->rel_end = chrono_ticks_apart (o->origin, o->end);
  axis->span_ticks = (double) chrono_ticks_between (o->begin, o->end);
  axis->x0 = ctx->data_x0;
  axis->x1 = ctx->data_x1;
}

void
chrono_render_tick_scale_init (ChronoRenderContext *ctx, ChronoTickScale *scale)
{
  ChronoTimeAxis axis;
  chrono_render_time_axis (ctx, &axis);
  chrono_time_axis_choose_scale (&axis, ctx->small_text, MIN_LABEL_SPACING, scale);
}

/* Faint vertical lines at the labelled ticks, behind the lanes' contents. */
void
chrono_render_grid (ChronoRenderContext *ctx, const ChronoTickScale *scale, double top, double bottom)
{
  ChronoTimeAxis axis;
  chrono_render_time_axis (ctx, &axis);
  chrono_time_axis_add_ticks (&axis, ctx->cr, scale->step_ticks, top, bottom);
  chrono_rgb_set_source (ctx->cr, &ctx->palette->grid);
  cairo_set_line_width (ctx->cr, 1.0);
  cairo_stroke (ctx->cr);
}

typedef struct {
  ChronoRenderContext *ctx;
  const ChronoTickScale *scale;
} LabelData;

static void
draw_tick_label (double x, double rel, gpointer data)
{
  const LabelData *d = data;
  ChronoRenderContext *ctx = d->ctx;
  g_autofree char *text = chrono_tick_scale_format (d->scale, rel / ticks_per_second (ctx));
  int w, h;
  chrono_render_text_size (ctx->small_text, text, &w, &h);
  /* a label the picture's edge would cut is left out: "1.2" reads as a wrong time */
  if (x + 3.0 + w > ctx->data_x1)
    return;
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
  guint64 ticks = chrono_ticks_between (o->begin, o->end);
  g_autofree char *span = chrono_clock_format_duration (chrono_trace_get_clock (ctx->trace), ticks, 3);
  /* TRANSLATORS: the length of the visible time range, e.g. "Window: 20 ms" */
  g_autofree char *text = g_strdup_printf (_ ("Window: %s"), span);
  int h;
  chrono_render_text_size (ctx->small_text, text, NULL, &h);
  if (o->title == NULL || *o->title == '\0')
    {
      chrono_render_text (ctx, ctx->small_text, text, 8.0, (o->ruler_height - h) / 2.0, o->label_width - 16.0,
                          &ctx->palette->dim_text);
      return;
    }
  /* an exported picture says which trace it shows: the name above, the window under it */
  int title_h;
  chrono_render_text_size (ctx->heading_text, o->title, NULL, &title_h);
  double top = MAX ((o->ruler_height - title_h - h) / 2.0, 0.0);
  chrono_render_text (ctx, ctx->heading_text, o->title, 8.0, top, o->label_width - 16.0, &ctx->palette->text);
  chrono_render_text (ctx, ctx->small_text, text, 8.0, top + title_h, o->label_width - 16.0, &ctx->palette->dim_text);
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
  ChronoTimeAxis axis;
  chrono_render_time_axis (ctx, &axis);
  double bottom = o->ruler_height;
  chrono_time_axis_add_ticks (&axis, cr, scale->minor_ticks, bottom - MINOR_TICK, bottom);
  chrono_rgb_set_source (cr, &ctx->palette->dim_text);
  cairo_stroke (cr);
  chrono_time_axis_add_ticks (&axis, cr, scale->step_ticks, bottom - MAJOR_TICK, bottom);
  chrono_rgb_set_source (cr, &ctx->palette->text);
  cairo_stroke (cr);
  LabelData labels = { ctx, scale };
  chrono_time_axis_foreach_tick (&axis, scale->step_ticks, draw_tick_label, &labels);
  cairo_restore (cr);

  /* the border between ruler and lanes, across the whole width */
  chrono_rgb_set_source (cr, &ctx->palette->separator);
  cairo_rectangle (cr, 0, o->ruler_height - 1, o->width, 1);
  cairo_fill (cr);
}
