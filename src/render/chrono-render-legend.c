/* chrono-render-legend.c — the strip at the bottom that names the colours
 * the frame actually used: states, back-filled spans, per-name colours,
 * events.  A legend of colours not on screen would only be noise. */
#include "chrono-render-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#define SWATCH_WIDTH 14.0
#define SWATCH_HEIGHT 10.0
#define SWATCH_GAP 5.0
#define ITEM_GAP 16.0

typedef void (*SwatchFunc) (ChronoRenderContext *ctx, double x, double y, gconstpointer data);

static void
swatch_border (ChronoRenderContext *ctx, double x, double y)
{
  cairo_t *cr = ctx->cr;
  ChronoRgb edge;
  chrono_rgb_mix (&ctx->palette->separator, &ctx->palette->text, 0.25, &edge);
  chrono_rgb_set_source (cr, &edge);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, x + 0.5, y + 0.5, SWATCH_WIDTH - 1.0, SWATCH_HEIGHT - 1.0);
  cairo_stroke (cr);
}

static void
state_swatch (ChronoRenderContext *ctx, double x, double y, gconstpointer data)
{
  const ChronoRgb *color = data;
  chrono_rgb_set_source (ctx->cr, color);
  cairo_rectangle (ctx->cr, x, y, SWATCH_WIDTH, SWATCH_HEIGHT);
  cairo_fill (ctx->cr);
  swatch_border (ctx, x, y);
}

static void
inferred_swatch (ChronoRenderContext *ctx, double x, double y, gconstpointer data)
{
  cairo_t *cr = ctx->cr;
  const ChronoRgb *base = &ctx->palette->states[CHRONO_STATE_RUNNING];
  ChronoRgb faded;
  chrono_palette_get_inferred_color (ctx->palette, base, &faded);
  chrono_rgb_set_source (cr, &faded);
  cairo_rectangle (cr, x, y, SWATCH_WIDTH, SWATCH_HEIGHT);
  cairo_fill_preserve (cr);
  cairo_save (cr);
  cairo_clip (cr);
  chrono_rgb_set_source (cr, base);
  cairo_set_line_width (cr, 1.0);
  for (double hx = x - SWATCH_HEIGHT; hx < x + SWATCH_WIDTH; hx += 5.0)
    {
      cairo_move_to (cr, hx, y + SWATCH_HEIGHT);
      cairo_line_to (cr, hx + SWATCH_HEIGHT, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
  swatch_border (ctx, x, y);
}

/* Three stripes of example name colours: "one colour per name". */
static void
names_swatch (ChronoRenderContext *ctx, double x, double y, gconstpointer data)
{
  static const char *const examples[] = { "A", "B", "C" };
  double w = SWATCH_WIDTH / G_N_ELEMENTS (examples);
  for (gsize i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      ChronoRgb color;
      chrono_render_name_colour (ctx, examples[i], &color);
      chrono_rgb_set_source (ctx->cr, &color);
      cairo_rectangle (ctx->cr, x + i * w, y, w, SWATCH_HEIGHT);
      cairo_fill (ctx->cr);
    }
  swatch_border (ctx, x, y);
}

/* A semaphore's wait: lightly filled, outlined in the waiter's colour. */
static void
wait_swatch (ChronoRenderContext *ctx, double x, double y, gconstpointer data)
{
  ChronoRgb colour, light;
  chrono_render_name_colour (ctx, "A", &colour);
  chrono_rgb_mix (&colour, &ctx->palette->background, 0.7, &light);
  chrono_rgb_set_source (ctx->cr, &light);
  cairo_rectangle (ctx->cr, x, y, SWATCH_WIDTH, SWATCH_HEIGHT);
  cairo_fill (ctx->cr);
  chrono_rgb_set_source (ctx->cr, &colour);
  cairo_set_line_width (ctx->cr, 1.0);
  cairo_rectangle (ctx->cr, x + 0.5, y + 0.5, SWATCH_WIDTH - 1.0, SWATCH_HEIGHT - 1.0);
  cairo_stroke (ctx->cr);
}

/* The red outline critical spans get. */
static void
critical_swatch (ChronoRenderContext *ctx, double x, double y, gconstpointer data)
{
  cairo_t *cr = ctx->cr;
  cairo_rectangle (cr, x + 1.0, y + 1.0, SWATCH_WIDTH - 2.0, SWATCH_HEIGHT - 2.0);
  cairo_set_source_rgb (cr, 0.86, 0.08, 0.08);
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);
}

static void
late_wait_swatch (ChronoRenderContext *ctx, double x, double y, gconstpointer data)
{
  chrono_rgb_set_source (ctx->cr, &ctx->palette->states[CHRONO_STATE_RUNNING]);
  cairo_rectangle (ctx->cr, x, y, SWATCH_WIDTH, SWATCH_HEIGHT);
  cairo_fill (ctx->cr);
  chrono_render_hatch_late_wait (ctx->cr, ctx->palette->dark, x, y, SWATCH_WIDTH, SWATCH_HEIGHT);
  swatch_border (ctx, x, y);
}

/* A band of values with its mean across it, as a crowded signal draws them. */
static void
mean_swatch (ChronoRenderContext *ctx, double x, double y, gconstpointer data)
{
  cairo_t *cr = ctx->cr;
  chrono_rgb_set_source_alpha (cr, &ctx->palette->signal_line, 0.55);
  cairo_rectangle (cr, x, y + 1.0, SWATCH_WIDTH, SWATCH_HEIGHT - 2.0);
  cairo_fill (cr);
  chrono_rgb_set_source (cr, &ctx->palette->signal_mean);
  cairo_set_line_width (cr, 1.5);
  cairo_move_to (cr, x, y + SWATCH_HEIGHT / 2.0);
  cairo_line_to (cr, x + SWATCH_WIDTH, y + SWATCH_HEIGHT / 2.0);
  cairo_stroke (cr);
}

static void
mark_swatch (ChronoRenderContext *ctx, double x, double y, gconstpointer data)
{
  cairo_t *cr = ctx->cr;
  double cx = x + SWATCH_WIDTH / 2.0;
  chrono_rgb_set_source (cr, data != NULL ? data : &ctx->palette->mark);
  cairo_move_to (cr, cx - 4.0, y + 1.0);
  cairo_line_to (cr, cx + 4.0, y + 1.0);
  cairo_line_to (cr, cx, y + 8.0);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
colour_swatch (ChronoRenderContext *ctx, double x, double y, gconstpointer data)
{
  state_swatch (ctx, x, y, data);
}

static void
dashed_swatch (ChronoRenderContext *ctx, double x, double y, gconstpointer data)
{
  static const double dash[] = { 4.0, 3.0 };
  cairo_t *cr = ctx->cr;
  cairo_save (cr);
  cairo_set_dash (cr, dash, 2, 0.0);
  cairo_set_line_width (cr, 1.5);
  chrono_rgb_set_source (cr, &ctx->palette->dim_text);
  cairo_move_to (cr, x, y + SWATCH_HEIGHT / 2.0);
  cairo_line_to (cr, x + SWATCH_WIDTH, y + SWATCH_HEIGHT / 2.0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
thin_line_swatch (ChronoRenderContext *ctx, double x, double y, gconstpointer data)
{
  chrono_rgb_set_source (ctx->cr, &ctx->palette->dim_text);
  cairo_rectangle (ctx->cr, x, y + SWATCH_HEIGHT / 2.0 - 1.0, SWATCH_WIDTH, 2.0);
  cairo_fill (ctx->cr);
}

/* Draws one item at *x and advances it; returns FALSE once out of room. */
static gboolean
legend_item (ChronoRenderContext *ctx, double *x, double centre, SwatchFunc swatch, gconstpointer data,
             const char *label)
{
  int tw, th;
  chrono_render_text_size (ctx->small_text, label, &tw, &th);
  double width = SWATCH_WIDTH + SWATCH_GAP + tw;
  if (*x + width > ctx->o->width - 4.0)
    return FALSE;
  swatch (ctx, *x, floor (centre - SWATCH_HEIGHT / 2.0), data);
  chrono_render_text (ctx, ctx->small_text, label, *x + SWATCH_WIDTH + SWATCH_GAP, centre - th / 2.0, -1,
                      &ctx->palette->text);
  *x += width + ITEM_GAP;
  return TRUE;
}

static void
draw_items (ChronoRenderContext *ctx, double centre)
{
  double x = 8.0;
  for (guint s = CHRONO_STATE_NONE + 1; s < CHRONO_N_STATES; s++)
    if (chrono_state_set_contains (&ctx->states_seen, s)
        && !legend_item (ctx, &x, centre, state_swatch, &ctx->palette->states[s], chrono_state_get_label (s)))
      return;
  if (ctx->inferred_seen && !legend_item (ctx, &x, centre, inferred_swatch, NULL, _ ("Before trace start (assumed)")))
    return;
  if (ctx->occupants_seen && !legend_item (ctx, &x, centre, names_swatch, NULL, _ ("Process on a core, by name")))
    return;
  if (ctx->claims_seen && !legend_item (ctx, &x, centre, names_swatch, NULL, _ ("Claims, coloured by attribute")))
    return;
  if (ctx->named_items_seen && !legend_item (ctx, &x, centre, names_swatch, NULL, _ ("Items, coloured by name")))
    return;
  if (ctx->holds_seen && !legend_item (ctx, &x, centre, names_swatch, NULL, _ ("Semaphore held, by holder")))
    return;
  if (ctx->semaphore_waits_seen
      && !legend_item (ctx, &x, centre, wait_swatch, NULL, _ ("Waiting for the semaphore, by waiter")))
    return;
  if (ctx->critical_seen && !legend_item (ctx, &x, centre, critical_swatch, NULL, _ ("Critical path")))
    return;
  if (ctx->signal_means_seen
      && !legend_item (ctx, &x, centre, mean_swatch, NULL, _ ("Signal: mean of a pixel's values, over their range")))
    return;
  if (ctx->late_waits_seen
      && !legend_item (ctx, &x, centre, late_wait_swatch, NULL, _ ("Receive waiting for a late sender")))
    return;
  /* each event kind drawn, in its colour; "Event" for those with none */
  for (guint i = 0; ctx->mark_kinds_seen != NULL && i < ctx->mark_kinds_seen->len; i++)
    {
      const char *kind = g_ptr_array_index (ctx->mark_kinds_seen, i);
      ChronoRgb colour;
      chrono_render_mark_colour_for (ctx, kind, &colour);
      if (!legend_item (ctx, &x, centre, mark_swatch, &colour, kind))
        return;
    }
  if (ctx->marks_seen && (ctx->unnamed_marks_seen || ctx->mark_kinds_seen == NULL)
      && !legend_item (ctx, &x, centre, mark_swatch, NULL, _ ("Event")))
    return;
  if (ctx->suspended_seen && !legend_item (ctx, &x, centre, dashed_swatch, NULL, _ ("Suspended")))
    return;
  if (ctx->waiting_seen && !legend_item (ctx, &x, centre, thin_line_swatch, NULL, _ ("Waiting for its goals")))
    return;
  if (ctx->references_seen)
    {
      const char *channels[] = { _ ("Loads"), _ ("Stores"), _ ("Instruction fetches"), _ ("Other references") };
      for (guint c = 0; c < G_N_ELEMENTS (channels); c++)
        if (!legend_item (ctx, &x, centre, colour_swatch, &ctx->palette->references[c], channels[c]))
          return;
    }
  /* tree rows are coloured by the worker that ran them: name each */
  for (guint i = 0; ctx->workers_seen != NULL && i < ctx->workers_seen->len; i++)
    {
      const char *worker = g_ptr_array_index (ctx->workers_seen, i);
      ChronoRgb colour;
      chrono_render_name_colour (ctx, worker, &colour);
      if (!legend_item (ctx, &x, centre, colour_swatch, &colour, worker))
        return;
    }
  /* last, the key to the name colours: each name drawn, as far as the line reaches */
  for (guint i = 0; ctx->names_seen != NULL && i < ctx->names_seen->len; i++)
    {
      const char *name = g_ptr_array_index (ctx->names_seen, i);
      ChronoRgb colour;
      chrono_render_name_colour (ctx, name, &colour);
      if (!legend_item (ctx, &x, centre, colour_swatch, &colour, name))
        return;
    }
}

void
chrono_render_legend (ChronoRenderContext *ctx)
{
  const ChronoRenderOptions *o = ctx->o;
  cairo_t *cr = ctx->cr;
  double top = o->height - o->legend_height;
  cairo_save (cr);
  cairo_rectangle (cr, 0, top, o->width, o->legend_height);
  cairo_clip (cr);
  chrono_rgb_set_source (cr, &ctx->palette->chrome);
  cairo_paint (cr);
  chrono_rgb_set_source (cr, &ctx->palette->separator);
  cairo_rectangle (cr, 0, top, o->width, 1);
  cairo_fill (cr);
  draw_items (ctx, top + 0.5 + o->legend_height / 2.0);
  cairo_restore (cr);
}
