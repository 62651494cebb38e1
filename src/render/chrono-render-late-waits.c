/* chrono-render-late-waits.c — the part of a receiving call spent waiting
 * for a sender that started late (Scalasca's late sender), hatched over
 * the call's box: at a glance, which receives were blocked and for how
 * much of the call.  The waits come from the trace's messages; a call
 * drawn per pixel column (zoomed far out) is not hatched. */
#include "chrono-render-private.h"

#include <math.h>

#include "chrono-messages.h"

#define HATCH_STEP 4.0 /* px between the diagonals */

void
chrono_render_late_waits_init (ChronoRenderLateWaits *late, ChronoRenderContext *ctx, ChronoLane *lane,
                               ChronoLaneKind kind)
{
  *late = (ChronoRenderLateWaits){ ctx, NULL, 0, NULL };
  ChronoMessages *messages = ctx->trace != NULL ? chrono_trace_get_messages (ctx->trace) : NULL;
  if (messages == NULL || kind != CHRONO_LANE_WORKER)
    return;
  late->waits = chrono_messages_get_late_waits (messages, (guint64) chrono_lane_get_source_id (lane), &late->n_waits);
  if (late->waits != NULL)
    late->boxes = g_array_new (FALSE, FALSE, sizeof (double) * 4);
}

void
chrono_render_late_waits_add (ChronoRenderLateWaits *late, const ChronoSpan *s, double y, double height)
{
  if (late->boxes == NULL)
    return;
  const ChronoLateWait *wait = chrono_late_waits_find (late->waits, late->n_waits, s->start, s->depth);
  if (wait == NULL)
    return;
  const ChronoRenderOptions *o = late->ctx->o;
  double x0 = chrono_render_options_time_to_x (o, MAX (s->start, o->begin));
  double x1 = chrono_render_options_time_to_x (o, MIN (MIN (wait->until, s->end), o->end));
  if (x1 - x0 < 1.0)
    return;
  double box[4] = { x0, y, x1 - x0, height };
  g_array_append_vals (late->boxes, box, 1);
  late->ctx->late_waits_seen = TRUE;
}

void
chrono_render_hatch_late_wait (cairo_t *cr, gboolean dark, double x, double y, double width, double height)
{
  cairo_save (cr);
  cairo_rectangle (cr, x, y, width, height);
  cairo_clip (cr);
  /* a veil first, then diagonals darker than any fill: they read on the
   * red of MPI calls too, and on the dark theme's bright fills */
  cairo_set_source_rgba (cr, 1, 1, 1, dark ? 0.25 : 0.35);
  cairo_paint (cr);
  if (dark)
    cairo_set_source_rgba (cr, 0.05, 0.05, 0.08, 0.9);
  else
    cairo_set_source_rgba (cr, 0.55, 0.0, 0.0, 0.9);
  cairo_set_line_width (cr, 1.2);
  for (double hx = x - height; hx < x + width; hx += HATCH_STEP)
    {
      cairo_move_to (cr, hx, y + height);
      cairo_line_to (cr, hx + height, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
chrono_render_late_waits_draw (ChronoRenderLateWaits *late)
{
  if (late->boxes == NULL)
    return;
  for (guint i = 0; i < late->boxes->len; i++)
    {
      const double *b = (const double *) (late->boxes->data + (gsize) i * sizeof (double) * 4);
      chrono_render_hatch_late_wait (late->ctx->cr, late->ctx->palette->dark, b[0], b[1], b[2], b[3]);
    }
  g_clear_pointer (&late->boxes, g_array_unref);
}
