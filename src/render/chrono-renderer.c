/* chrono-renderer.c — one frame: background, lanes (row bands, grid, data,
 * names), ruler on top, legend at the bottom.
 *
 * The renderer keeps no per-frame state; everything one frame needs lives in
 * a ChronoRenderContext on the stack, so the widget and the exporter can draw
 * different viewports with one renderer.  What it does keep is a cache of
 * each signal's value range over the whole trace (the y axis), which costs a
 * pass over the fragments to compute.
 *
 * The lanes (chrono-render-lanes.c), the arrows (chrono-render-links.c) and
 * the hit tests (chrono-render-hit.c) are parts of the same type, sharing
 * chrono-renderer-private.h. */
#include "chrono-renderer.h"

#include "chrono-name-colours.h"

#include <math.h>
#include <string.h>

#include "chrono-renderer-private.h"

#define DEFAULT_LABEL_WIDTH 200
#define DEFAULT_RULER_HEIGHT 28
#define DEFAULT_LEGEND_HEIGHT 24

enum { PROP_0, PROP_TRACE, PROP_LAYOUT, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ChronoRenderer, chrono_renderer, G_TYPE_OBJECT)

static void
chrono_renderer_dispose (GObject *object)
{
  ChronoRenderer *self = CHRONO_RENDERER (object);
  g_clear_object (&self->layout);
  g_clear_object (&self->trace);
  g_hash_table_remove_all (self->signal_extents);
  g_clear_pointer (&self->lanes_by_key, g_hash_table_unref);
  g_clear_pointer (&self->names, chrono_name_colours_free);
  G_OBJECT_CLASS (chrono_renderer_parent_class)->dispose (object);
}

static void
chrono_renderer_finalize (GObject *object)
{
  ChronoRenderer *self = CHRONO_RENDERER (object);
  g_hash_table_unref (self->signal_extents);
  G_OBJECT_CLASS (chrono_renderer_parent_class)->finalize (object);
}

static void
chrono_renderer_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ChronoRenderer *self = CHRONO_RENDERER (object);
  switch (prop_id)
    {
    case PROP_TRACE: g_value_set_object (value, self->trace); break;
    case PROP_LAYOUT: g_value_set_object (value, self->layout); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_renderer_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ChronoRenderer *self = CHRONO_RENDERER (object);
  switch (prop_id)
    {
    case PROP_TRACE: self->trace = g_value_dup_object (value); break;
    case PROP_LAYOUT: self->layout = g_value_dup_object (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_renderer_class_init (ChronoRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = chrono_renderer_dispose;
  object_class->finalize = chrono_renderer_finalize;
  object_class->get_property = chrono_renderer_get_property;
  object_class->set_property = chrono_renderer_set_property;
  properties[PROP_TRACE] = g_param_spec_object ("trace", NULL, NULL, CHRONO_TYPE_TRACE,
                                                G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LAYOUT] = g_param_spec_object ("layout", NULL, NULL, CHRONO_TYPE_LAYOUT,
                                                 G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
chrono_renderer_init (ChronoRenderer *self)
{
  self->signal_extents = g_hash_table_new_full (NULL, NULL, NULL, g_free);
}

ChronoRenderer *
chrono_renderer_new (ChronoTrace *trace, ChronoLayout *layout)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout), NULL);
  return g_object_new (CHRONO_TYPE_RENDERER, "trace", trace, "layout", layout, NULL);
}

ChronoTrace *
chrono_renderer_get_trace (ChronoRenderer *renderer)
{
  g_return_val_if_fail (CHRONO_IS_RENDERER (renderer), NULL);
  return renderer->trace;
}

ChronoLayout *
chrono_renderer_get_layout (ChronoRenderer *renderer)
{
  g_return_val_if_fail (CHRONO_IS_RENDERER (renderer), NULL);
  return renderer->layout;
}

/* ---- options ---------------------------------------------------------- */

/* The whole trace, with room for names, ruler and legend. */
void
chrono_render_options_init (ChronoRenderOptions *o, ChronoTrace *trace, int width, int height)
{
  g_return_if_fail (o != NULL);
  memset (o, 0, sizeof *o);
  if (trace != NULL && chrono_trace_has_range (trace))
    {
      o->begin = chrono_trace_get_begin (trace);
      o->end = chrono_trace_get_end (trace);
    }
  /* a trace of one instant shows a tick around it (before it at the clock's last tick) */
  chrono_time_range_at_least_a_tick (&o->begin, &o->end);
  o->origin = o->begin;
  o->width = width;
  o->height = height;
  o->label_width = DEFAULT_LABEL_WIDTH;
  o->ruler_height = DEFAULT_RULER_HEIGHT;
  o->legend_height = DEFAULT_LEGEND_HEIGHT;
}

static double
data_width (const ChronoRenderOptions *o)
{
  return MAX ((double) o->width - MAX (o->label_width, 0), 1.0);
}

/* The trace of a row's member: the one trace, or a member of the layout's set. */
ChronoTrace *
chrono_renderer_member_trace (ChronoRenderer *self, guint member)
{
  ChronoTraceSet *set = chrono_layout_get_trace_set (self->layout);
  return set != NULL && member > 0 ? chrono_trace_set_get_trace (set, member) : self->trace;
}

/* The view o on a member's own clock: its ticks at the same pixels. */
void
chrono_renderer_member_options (ChronoRenderer *self, const ChronoRenderOptions *o, guint member,
                                ChronoRenderOptions *out)
{
  *out = *o;
  ChronoTraceSet *set = chrono_layout_get_trace_set (self->layout);
  if (set == NULL || member == 0)
    return;
  const ChronoClockMap *map = chrono_trace_set_get_map (set, member);
  gint64 begin, end, origin;
  double begin_fraction, end_fraction, unused;
  chrono_clock_map_invert (map, o->begin, &begin, &begin_fraction);
  chrono_clock_map_invert (map, o->end, &end, &end_fraction);
  chrono_clock_map_invert (map, o->origin, &origin, &unused);
  out->begin = begin;
  out->view_offset = begin_fraction;
  /* the last tick seen, whole, and never before the first */
  out->end = end_fraction > 0.0 && end < G_MAXINT64 ? end + 1 : end;
  /* a member whose times all lie at the end of time still spans a tick */
  chrono_time_range_at_least_a_tick (&out->begin, &out->end);
  out->view_span = chrono_ticks_apart (o->begin, o->end) * (double) map->den / (double) map->num;
  out->origin = origin;
}

/* Ticks across the time area. */
static double
view_ticks (const ChronoRenderOptions *o)
{
  return o->view_span > 0.0 ? o->view_span : chrono_ticks_apart (o->begin, o->end);
}

double
chrono_render_options_time_to_x (const ChronoRenderOptions *o, gint64 t)
{
  g_return_val_if_fail (o != NULL && o->end > o->begin, 0.0);
  return MAX (o->label_width, 0)
         + (chrono_ticks_apart (o->begin, t) - o->view_offset) * data_width (o) / view_ticks (o);
}

/* The first tick at or after x: the inverse of time_to_x, rounded down. */
gint64
chrono_render_options_x_to_time (const ChronoRenderOptions *o, double x)
{
  g_return_val_if_fail (o != NULL && o->end > o->begin, 0);
  double ticks = floor ((x - MAX (o->label_width, 0)) * view_ticks (o) / data_width (o) + o->view_offset);
  /* past either end of the 64-bit range (a trace that reaches INT64_MAX): the end itself */
  double target = (double) o->begin + ticks;
  if (!(target < 9.2233720368547748e18))
    return G_MAXINT64;
  if (!(target > -9.2233720368547748e18))
    return G_MININT64;
  /* the offset may not fit in 64 signed bits (a view of the whole range) while the time does */
  if (ticks >= 0)
    return (gint64) ((guint64) o->begin + (guint64) ticks);
  return (gint64) ((guint64) o->begin - (guint64) -ticks);
}

double
chrono_render_options_lane_top (const ChronoRenderOptions *o)
{
  g_return_val_if_fail (o != NULL, 0.0);
  return MAX (o->ruler_height, 0);
}

double
chrono_render_options_lane_height (const ChronoRenderOptions *o)
{
  g_return_val_if_fail (o != NULL, 0.0);
  return MAX ((double) o->height - MAX (o->ruler_height, 0) - MAX (o->legend_height, 0), 0.0);
}

/* ---- frame ------------------------------------------------------------ */

PangoLayout *
chrono_render_create_text_layout (cairo_t *cr, const char *font)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *description = pango_font_description_from_string (font);
  pango_layout_set_font_description (layout, description);
  pango_font_description_free (description);
  return layout;
}

/* Device pixels per picture pixel (2 on a HiDPI widget surface). */
static double
device_scale (cairo_t *cr)
{
  double dx = 1.0, dy = 0.0;
  cairo_user_to_device_distance (cr, &dx, &dy);
  double scale = hypot (dx, dy);
  return scale > 1e-6 ? scale : 1.0;
}

/* The names of every trace in view, ranked together: one name, one colour,
 * in all of them. */
static const ChronoNameColours *
name_colours (ChronoRenderer *self)
{
  ChronoTraceSet *set = chrono_layout_get_trace_set (self->layout);
  guint members = set != NULL ? chrono_trace_set_get_n (set) : 1;
  if (self->names != NULL && self->names_members == members)
    return self->names;
  g_clear_pointer (&self->names, chrono_name_colours_free);
  self->names = chrono_name_colours_new ();
  for (guint m = 0; m < members; m++)
    chrono_name_colours_add_trace (self->names, chrono_renderer_member_trace (self, m));
  chrono_name_colours_seal (self->names);
  self->names_members = members;
  return self->names;
}

static void
context_init (ChronoRenderer *self, ChronoRenderContext *ctx, cairo_t *cr, const ChronoRenderOptions *o)
{
  memset (ctx, 0, sizeof *ctx);
  ctx->cr = cr;
  ctx->o = o;
  ctx->palette = chrono_palette_get (o->dark);
  ctx->names = name_colours (self);
  ctx->trace = self->trace;
  ctx->strings = chrono_trace_get_strings (self->trace);
  ctx->data_x0 = CLAMP (o->label_width, 0, o->width);
  ctx->data_x1 = o->width;
  ctx->scale = device_scale (cr);
  ctx->name_text = chrono_render_create_text_layout (cr, CHRONO_RENDER_NAME_FONT);
  ctx->heading_text = chrono_render_create_text_layout (cr, CHRONO_RENDER_HEADING_FONT);
  ctx->small_text = chrono_render_create_text_layout (cr, "Sans 8");
  ctx->workers_seen = g_ptr_array_new_with_free_func (g_free);
  ctx->mark_kinds_seen = g_ptr_array_new_with_free_func (g_free);
  ctx->worker_set = g_hash_table_new (g_str_hash, g_str_equal);
  ctx->names_seen = g_ptr_array_new_with_free_func (g_free);
  ctx->name_set = g_hash_table_new (g_str_hash, g_str_equal);
}

/* Kept by name: the rows of several traces name their workers from their own string tables. */
void
chrono_render_note_worker (ChronoRenderContext *ctx, guint32 worker)
{
  if (worker == CHRONO_STRING_NONE)
    return;
  const char *name = chrono_strings_get (ctx->strings, worker);
  if (g_hash_table_contains (ctx->worker_set, name))
    return;
  char *kept = g_strdup (name);
  g_ptr_array_add (ctx->workers_seen, kept);
  g_hash_table_add (ctx->worker_set, kept);
}

static void
context_clear (ChronoRenderContext *ctx)
{
  g_clear_pointer (&ctx->worker_set, g_hash_table_unref);
  g_clear_pointer (&ctx->workers_seen, g_ptr_array_unref);
  g_clear_pointer (&ctx->mark_kinds_seen, g_ptr_array_unref);
  g_clear_pointer (&ctx->name_set, g_hash_table_unref);
  g_clear_pointer (&ctx->names_seen, g_ptr_array_unref);
  g_clear_object (&ctx->name_text);
  g_clear_object (&ctx->heading_text);
  g_clear_object (&ctx->small_text);
}

void
chrono_renderer_draw (ChronoRenderer *renderer, cairo_t *cr, const ChronoRenderOptions *o)
{
  g_return_if_fail (CHRONO_IS_RENDERER (renderer));
  g_return_if_fail (cr != NULL && o != NULL);
  g_return_if_fail (o->end > o->begin);
  if (o->width <= 0 || o->height <= 0)
    return;

  ChronoRenderContext ctx;
  context_init (renderer, &ctx, cr, o);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, o->width, o->height);
  cairo_clip (cr);
  chrono_rgb_set_source (cr, &ctx.palette->background);
  cairo_paint (cr);

  ChronoTickScale ticks;
  chrono_render_tick_scale_init (&ctx, &ticks);
  chrono_render_lanes (renderer, &ctx, &ticks);
  chrono_render_links (renderer, &ctx);
  if (o->ruler_height > 0)
    chrono_render_ruler (&ctx, &ticks);
  /* last: the legend lists what the lanes used */
  if (o->legend_height > 0)
    chrono_render_legend (&ctx);
  cairo_restore (cr);
  context_clear (&ctx);
}
