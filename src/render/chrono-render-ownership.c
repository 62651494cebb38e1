/* chrono-render-ownership.c — a semaphore's row: one bar per hold, filled
 * in the colour of the process holding it and named "Task #n" where it
 * fits; below, the waits for it, outlined and lightly filled in the colour
 * of the process waiting, so who held while whom waited reads straight down
 * the row (Tracealyzer's mutex ownership).  Apart from the spans because a
 * semaphore's bars come from its table of accesses, not from spans: read
 * whole or lazily, the index pass kept every access. */
#include "chrono-render-private.h"

#define BAR_PAD 2.0 /* above and below a bar, inside its level */
#define LABEL_PAD 3.0

typedef struct {
  ChronoRenderContext *ctx;
  ChronoOwnership *ownership;
  ChronoAccesses *accesses;
  const ChronoLayoutRow *row;
  double top, level_height;
  gint64 trace_end; /* where an interval the trace never closed stops */
} OwnershipDraw;

static double
level_top (const OwnershipDraw *d, ChronoOwnershipBand band, guint level)
{
  guint slot = band == CHRONO_OWNERSHIP_HOLD
                   ? level
                   : chrono_ownership_get_n_levels (d->ownership, CHRONO_OWNERSHIP_HOLD) + level;
  return d->top + slot * d->level_height;
}

/* The colour of the process an access belongs to, faded when the view
 * highlights another name (as spans are). */
static const char *
access_colour (const OwnershipDraw *d, const ChronoAccess *a, ChronoRgb *out)
{
  ChronoRenderContext *ctx = d->ctx;
  const char *name = chrono_strings_get (ctx->strings, a->process);
  chrono_render_name_colour (ctx, name, out);
  if (ctx->o->highlight_name != NULL && g_strcmp0 (name, ctx->o->highlight_name) != 0)
    chrono_rgb_mix (out, &ctx->palette->background, 0.8, out);
  chrono_render_note_name (ctx, name);
  return name;
}

static char *
access_label (const char *process, const ChronoAccess *a)
{
  if (a->instance == G_MININT64)
    return g_strdup (process);
  return g_strdup_printf ("%s #%" G_GINT64_FORMAT, process, a->instance);
}

static void
draw_label (const OwnershipDraw *d, const char *text, double x, double y, double width, double height,
            const ChronoRgb *ink)
{
  ChronoRenderContext *ctx = d->ctx;
  int tw, th;
  chrono_render_text_size (ctx->small_text, text, &tw, &th);
  double room = width - 2 * LABEL_PAD;
  if (th > height + 4 || room < 16.0)
    return;
  double left = MAX (x, ctx->data_x0) + LABEL_PAD; /* a bar begun before the view names itself in sight */
  chrono_render_text (ctx, ctx->small_text, text, left, y + (height - th) / 2.0, tw <= room ? -1 : room, ink);
}

static void
draw_bar (const OwnershipDraw *d, ChronoOwnershipBand band, const ChronoAccess *a, double x0, double x1, guint level)
{
  ChronoRenderContext *ctx = d->ctx;
  cairo_t *cr = ctx->cr;
  ChronoRgb colour;
  const char *process = access_colour (d, a, &colour);
  double y = level_top (d, band, level) + BAR_PAD, height = MAX (d->level_height - 2 * BAR_PAD, 1.0);
  cairo_rectangle (cr, x0, y, x1 - x0, height);
  ChronoRgb ink = ctx->palette->text;
  if (band == CHRONO_OWNERSHIP_HOLD)
    {
      chrono_rgb_set_source (cr, &colour);
      cairo_fill (cr);
      chrono_palette_get_text_on (&colour, &ink);
      ctx->holds_seen = TRUE;
    }
  else
    {
      ChronoRgb light;
      chrono_rgb_mix (&colour, &ctx->palette->background, 0.7, &light);
      chrono_rgb_set_source (cr, &light);
      cairo_fill (cr);
      if (x1 - x0 >= 3.0)
        {
          cairo_rectangle (cr, x0 + 0.5, y + 0.5, x1 - x0 - 1.0, height - 1.0);
          chrono_rgb_set_source (cr, &colour);
          cairo_set_line_width (cr, 1.0);
          cairo_stroke (cr);
        }
      ctx->semaphore_waits_seen = TRUE;
    }
  if (x1 - x0 >= 24.0)
    {
      g_autofree char *label = access_label (process, a);
      draw_label (d, label, x0, y, x1 - x0, height, &ink);
    }
}

/* Pixels already painted on each level: of many accesses narrower than a
 * pixel, one bar a pixel wide stands for them all. */
typedef struct {
  double painted_to[CHRONO_N_OWNERSHIP_BANDS][CHRONO_OWNERSHIP_MAX_LEVELS];
} Painted;

static void
draw_interval (const OwnershipDraw *d, Painted *painted, ChronoOwnershipBand band, guint access)
{
  const ChronoRenderOptions *o = d->ctx->o;
  gint64 start, end;
  guint level;
  if (!chrono_ownership_get_interval (d->ownership, band, access, &start, &end, &level))
    return;
  if (end == CHRONO_OWNERSHIP_OPEN)
    end = MAX (d->trace_end, start);
  if (end < o->begin || start > o->end)
    return;
  double x0 = chrono_render_snap (d->ctx, chrono_render_options_time_to_x (o, MAX (start, o->begin)));
  double x1 = chrono_render_snap (d->ctx, chrono_render_options_time_to_x (o, MIN (end, o->end)));
  if (x1 - x0 < 1.0)
    {
      if (x0 < painted->painted_to[band][level])
        return;
      x1 = x0 + 1.0;
    }
  painted->painted_to[band][level] = x1;
  draw_bar (d, band, chrono_accesses_get (d->accesses, access), x0, x1, level);
}

void
chrono_render_ownership_row (ChronoRenderContext *ctx, ChronoLayout *layout, const ChronoLayoutRow *row, double top)
{
  OwnershipDraw d = {
    .ctx = ctx,
    .ownership = chrono_layout_get_ownership (layout, row->lane),
    .accesses = chrono_lane_get_accesses (row->lane),
    .row = row,
    .top = top,
    .level_height = chrono_layout_row_get_slot_height (row),
    .trace_end = chrono_trace_get_end (ctx->trace),
  };
  Painted painted;
  for (guint band = 0; band < CHRONO_N_OWNERSHIP_BANDS; band++)
    for (guint level = 0; level < CHRONO_OWNERSHIP_MAX_LEVELS; level++)
      painted.painted_to[band][level] = -G_MAXDOUBLE;
  guint n = chrono_accesses_get_n (d.accesses);
  cairo_save (ctx->cr);
  for (guint i = 0; i < n; i++)
    {
      draw_interval (&d, &painted, CHRONO_OWNERSHIP_HOLD, i);
      draw_interval (&d, &painted, CHRONO_OWNERSHIP_WAIT, i);
    }
  cairo_restore (ctx->cr);
}

/* The access whose bar is under (time, slot): at x's pixel, the one ending
 * last (the bar drawn there when several share the pixel). */
gboolean
chrono_render_ownership_access_at (ChronoLayout *layout, const ChronoLayoutRow *row, const ChronoRenderOptions *o,
                                   gint64 trace_end, double x, guint slot, ChronoOwnershipBand *out_band,
                                   guint *out_access)
{
  ChronoOwnership *ownership = chrono_layout_get_ownership (layout, row->lane);
  guint n_holds = chrono_ownership_get_n_levels (ownership, CHRONO_OWNERSHIP_HOLD);
  ChronoOwnershipBand band = slot < n_holds ? CHRONO_OWNERSHIP_HOLD : CHRONO_OWNERSHIP_WAIT;
  guint level = slot < n_holds ? slot : slot - n_holds;
  gint64 from = chrono_render_options_x_to_time (o, x - 0.5), to = chrono_render_options_x_to_time (o, x + 0.5);
  gboolean found = FALSE;
  gint64 best_start = G_MININT64;
  guint n = chrono_accesses_get_n (chrono_lane_get_accesses (row->lane));
  for (guint i = 0; i < n; i++)
    {
      gint64 start, end;
      guint at;
      if (!chrono_ownership_get_interval (ownership, band, i, &start, &end, &at) || at != level)
        continue;
      if (end == CHRONO_OWNERSHIP_OPEN)
        end = MAX (trace_end, start);
      if (start <= to && end >= from && (!found || start >= best_start))
        {
          found = TRUE;
          best_start = start;
          *out_access = i;
        }
    }
  *out_band = band;
  return found;
}
