/* chrono-render-spans.c — the spans of one row.
 *
 * Two ways to draw spans, chosen per row and frame:
 *  - detailed, when the row has fewer visible spans than about twice its
 *    pixel columns: every span is a rectangle at its depth slot, at least
 *    one pixel wide, with a label when one fits;
 *  - per pixel column otherwise: chrono_spans_summarize gives the dominant
 *    state of each column, so a crowded column shows what filled most of it
 *    and never nothing, at O(columns · log n) per row.
 * Rectangles are collected per colour and filled with one cairo_fill each. */
#include "chrono-render-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#define MIN_LABEL_WIDTH 24.0 /* narrower spans get no text at all */
#define LABEL_PAD 3.0

typedef struct {
  double x, y, width, height;
} Rect;

/* Fills of one colour.  key: 0x1_0000_0000 | state, or 0x2_0000_0000 | name id;
 * bit 40 marks back-filled (hatched) spans. */
typedef struct {
  guint64 key;
  ChronoRgb color;
  GArray *rects;
} Batch;

#define KEY_STATE G_GUINT64_CONSTANT (0x100000000)
#define KEY_NAME G_GUINT64_CONSTANT (0x200000000)
#define KEY_HATCHED (G_GUINT64_CONSTANT (1) << 40)

typedef struct {
  GArray *batches; /* Batch */
  guint last; /* index of the last used batch: runs of one colour are common */
} BatchSet;

typedef struct {
  double x, width, y, height;
  const char *text; /* what to show (owned by the trace), or NULL */
  gint64 number; /* instance number to show when there is no text */
  ChronoRgb fill;
} LabelCandidate;

static void
batch_set_init (BatchSet *set)
{
  set->batches = g_array_new (FALSE, FALSE, sizeof (Batch));
  set->last = 0;
}

static void
batch_set_clear (BatchSet *set)
{
  for (guint i = 0; i < set->batches->len; i++)
    g_array_unref (g_array_index (set->batches, Batch, i).rects);
  g_array_unref (set->batches);
}

static void
batch_set_add (BatchSet *set, guint64 key, const ChronoRgb *color, const Rect *rect)
{
  Batch *batch = NULL;
  if (set->last < set->batches->len && g_array_index (set->batches, Batch, set->last).key == key)
    batch = &g_array_index (set->batches, Batch, set->last);
  for (guint i = 0; batch == NULL && i < set->batches->len; i++)
    if (g_array_index (set->batches, Batch, i).key == key)
      {
        batch = &g_array_index (set->batches, Batch, i);
        set->last = i;
      }
  if (batch == NULL)
    {
      Batch fresh = { key, *color, g_array_new (FALSE, FALSE, sizeof (Rect)) };
      g_array_append_val (set->batches, fresh);
      set->last = set->batches->len - 1;
      batch = &g_array_index (set->batches, Batch, set->last);
    }
  if (batch->rects->len > 0)
    {
      /* a column like the one before it widens that one: fewer, longer boxes */
      Rect *last = &g_array_index (batch->rects, Rect, batch->rects->len - 1);
      if (last->y == rect->y && last->height == rect->height && last->x + last->width == rect->x)
        {
          last->width += rect->width;
          return;
        }
    }
  g_array_append_val (batch->rects, *rect);
}

/* Diagonal lines over a back-filled span: "the trace began mid-run, this
 * state is assumed".  Few spans are inferred (one per entity at most). */
static void
draw_hatching (cairo_t *cr, const Rect *r, const ChronoRgb *color)
{
  cairo_save (cr);
  chrono_rgb_set_source_alpha (cr, color, 0.9);
  cairo_set_line_width (cr, 1.0);
  chrono_render_hatch (cr, r->x, r->y, r->width, r->height, 5.0);
  cairo_restore (cr);
}

static void
batch_set_fill (BatchSet *set, ChronoRenderContext *ctx)
{
  cairo_t *cr = ctx->cr;
  for (guint i = 0; i < set->batches->len; i++)
    {
      Batch *batch = &g_array_index (set->batches, Batch, i);
      gboolean hatched = (batch->key & KEY_HATCHED) != 0;
      ChronoRgb fill = batch->color;
      if (hatched)
        chrono_palette_get_inferred_color (ctx->palette, &batch->color, &fill);
      for (guint j = 0; j < batch->rects->len; j++)
        {
          const Rect *r = &g_array_index (batch->rects, Rect, j);
          cairo_rectangle (cr, r->x, r->y, r->width, r->height);
        }
      chrono_rgb_set_source (cr, &fill);
      cairo_fill (cr);
      for (guint j = 0; hatched && j < batch->rects->len; j++)
        draw_hatching (cr, &g_array_index (batch->rects, Rect, j), &batch->color);
    }
}

/* Cores show which process ran; generic intervals (regions, claims) are
 * told apart by name as well.  Process states keep their state colours. */
static gboolean
colour_by_name (ChronoLaneKind kind, guint8 state, guint32 label)
{
  /* an idle core is idle whoever idles on it */
  return label != CHRONO_STRING_NONE
         && ((kind == CHRONO_LANE_CORE && state != CHRONO_STATE_IDLE) || state == CHRONO_STATE_BUSY);
}

/* What the legend must explain about a colour taken from a name. */
static void
note_named_colour (ChronoRenderContext *ctx, ChronoLaneKind kind)
{
  if (kind == CHRONO_LANE_CORE)
    ctx->occupants_seen = TRUE;
  else if (chrono_lane_kind_holds_claims (kind))
    ctx->claims_seen = TRUE;
  else
    ctx->named_items_seen = TRUE;
}

#define MAX_NAMES_SEEN 64 /* more than a legend line holds */

/* A name items were drawn in the colour of: the legend keys it. */
void
chrono_render_note_name (ChronoRenderContext *ctx, const char *name)
{
  if (ctx->names_seen == NULL || name == NULL || ctx->names_seen->len >= MAX_NAMES_SEEN
      || g_hash_table_contains (ctx->name_set, name))
    return;
  char *owned = g_strdup (name);
  g_ptr_array_add (ctx->names_seen, owned);
  g_hash_table_add (ctx->name_set, owned);
}

static guint64
span_colour (ChronoRenderContext *ctx, ChronoLaneKind kind, guint8 state, guint32 label, ChronoRgb *out)
{
  if (colour_by_name (kind, state, label))
    {
      const char *name = chrono_strings_get (ctx->strings, label);
      chrono_render_name_colour (ctx, name, out);
      if (ctx->o->highlight_name != NULL && g_strcmp0 (name, ctx->o->highlight_name) != 0)
        chrono_rgb_mix (out, &ctx->palette->background, 0.8, out); /* another region than the one chosen */
      note_named_colour (ctx, kind);
      chrono_render_note_name (ctx, name);
      return KEY_NAME | label;
    }
  *out = ctx->palette->states[state < CHRONO_N_STATES ? state : CHRONO_STATE_NONE];
  chrono_state_set_add (&ctx->states_seen, state < CHRONO_N_STATES ? state : CHRONO_STATE_NONE);
  return KEY_STATE | state;
}

typedef struct {
  ChronoRenderContext *ctx;
  ChronoLane *lane;
  ChronoLaneKind kind;
  ChronoSpans *spans;
  const ChronoLayoutRow *row;
  double top;
  double slot_height;
  double pad;
} RowDraw;

static void
slot_bounds (const RowDraw *d, guint depth, double *out_y, double *out_height)
{
  guint slot = MIN (depth, d->row->n_slots - 1);
  *out_y = d->top + slot * d->slot_height + d->pad;
  *out_height = MAX (d->slot_height - 2.0 * d->pad, 1.0);
}

/* A claim with an extent (offset and amount on a resource with a capacity)
 * takes that share of the row's height, measured from its bottom, so a
 * resource lane reads as how much of it is in use. */
static void
extent_bounds (const RowDraw *d, guint index, double *y, double *height)
{
  ChronoExtent extent;
  double capacity = chrono_lane_get_capacity (d->lane);
  if (capacity <= 0 || !chrono_spans_get_extent (d->spans, index, &extent))
    return;
  double bottom = *y + *height;
  double top_fraction = MIN ((extent.offset + extent.amount) / capacity, 1.0);
  double bottom_fraction = MIN (MAX (extent.offset / capacity, 0.0), 1.0);
  double y0 = bottom - top_fraction * *height, y1 = bottom - bottom_fraction * *height;
  *y = y0;
  *height = MAX (y1 - y0, 1.0 / d->ctx->scale);
}

/* x extent of a span clipped to the view; at least one pixel wide. */
static gboolean
span_extent (const RowDraw *d, const ChronoSpan *s, double *out_x, double *out_width)
{
  ChronoRenderContext *ctx = d->ctx;
  const ChronoRenderOptions *o = ctx->o;
  double x0 = chrono_render_snap (ctx, chrono_render_options_time_to_x (o, MAX (s->start, o->begin)));
  double x1 = chrono_render_snap (ctx, chrono_render_options_time_to_x (o, MIN (s->end, o->end)));
  gboolean tiny = x1 - x0 < 1.0;
  if (tiny)
    {
      x1 = x0 + 1.0;
      if (x1 > ctx->data_x1)
        x0 = (x1 = ctx->data_x1) - 1.0;
    }
  *out_x = x0;
  *out_width = x1 - x0;
  return tiny;
}

static gboolean
want_label (const RowDraw *d, const ChronoSpan *s, LabelCandidate *c)
{
  c->text = NULL;
  c->number = G_MININT64;
  const char *key = d->ctx->o->label_attribute;
  if (key != NULL && *key != '\0' && s->attrs != 0)
    {
      /* "label by" an attribute: a span without it shows nothing rather than a misleading text */
      c->text = chrono_attrs_lookup (chrono_trace_get_attrs (d->ctx->trace), s->attrs, key);
      return c->text != NULL;
    }
  if (s->label != CHRONO_STRING_NONE)
    {
      c->text = chrono_strings_get (d->ctx->strings, s->label);
      return TRUE;
    }
  ChronoInstances *instances = chrono_lane_get_instances (d->lane);
  if (d->kind != CHRONO_LANE_PROCESS || s->state != CHRONO_STATE_RUNNING || instances == NULL
      || s->instance == CHRONO_NO_INSTANCE || s->instance >= chrono_instances_get_n (instances))
    return FALSE;
  c->number = chrono_instances_get (instances, s->instance)->number;
  return c->number != G_MININT64;
}

/* Spans on a critical path get a red outline over their fill. */
static void
draw_critical_outlines (ChronoRenderContext *ctx, GArray *rects)
{
  if (rects->len == 0)
    return;
  cairo_t *cr = ctx->cr;
  for (guint i = 0; i < rects->len; i++)
    {
      const Rect *r = &g_array_index (rects, Rect, i);
      cairo_rectangle (cr, r->x + 1.0, r->y + 1.0, MAX (r->width - 2.0, 0.5), MAX (r->height - 2.0, 0.5));
    }
  cairo_set_source_rgb (cr, 0.86, 0.08, 0.08);
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);
}

/* Claims wide enough get a one-device-pixel gap at their start, as
 * TRACE4CPS draws them: 68 back-to-back claims of 1 ms read as 68, not as
 * one bar. */
#define MIN_EDGED_WIDTH 3.0

static void
draw_claim_edges (ChronoRenderContext *ctx, GArray *claims)
{
  if (claims->len == 0)
    return;
  cairo_t *cr = ctx->cr;
  double gap = 1.0 / ctx->scale;
  for (guint i = 0; i < claims->len; i++)
    {
      const Rect *r = &g_array_index (claims, Rect, i);
      cairo_rectangle (cr, r->x, r->y, gap, r->height);
    }
  chrono_rgb_set_source (cr, &ctx->palette->background);
  cairo_fill (cr);
}

static void
draw_detailed (const RowDraw *d, guint first, guint last, GArray *labels)
{
  ChronoRenderContext *ctx = d->ctx;
  const ChronoRenderOptions *o = ctx->o;
  BatchSet normal, overlay;
  batch_set_init (&normal);
  batch_set_init (&overlay);
  g_autoptr (GArray) critical = g_array_new (FALSE, FALSE, sizeof (Rect));
  g_autoptr (GArray) claims = g_array_new (FALSE, FALSE, sizeof (Rect)); /* each claim's box, to edge */
  gboolean edged = chrono_lane_kind_holds_claims (d->kind);
  ChronoRenderLateWaits late;
  chrono_render_late_waits_init (&late, ctx, d->lane, d->kind);
  for (guint i = first; i < last; i++)
    {
      ChronoSpan s;
      chrono_spans_get (d->spans, i, &s);
      if (s.end <= o->begin && !(s.start == s.end && s.start >= o->begin))
        continue; /* ended before the view (zero-length spans at its start still show) */
      Rect r;
      gboolean tiny = span_extent (d, &s, &r.x, &r.width);
      slot_bounds (d, s.depth, &r.y, &r.height);
      extent_bounds (d, i, &r.y, &r.height);
      ChronoRgb color;
      guint64 key = span_colour (ctx, d->kind, s.state, s.label, &color);
      if (s.flags & CHRONO_SPAN_INFERRED)
        {
          key |= KEY_HATCHED;
          ctx->inferred_seen = TRUE;
        }
      /* Sub-pixel spans go on top, or a neighbour's rounding could hide them. */
      batch_set_add (tiny ? &overlay : &normal, key, &color, &r);
      if (s.flags & CHRONO_SPAN_CRITICAL)
        {
          g_array_append_val (critical, r);
          ctx->critical_seen = TRUE;
        }
      if (edged && r.width >= MIN_EDGED_WIDTH)
        g_array_append_val (claims, r);
      chrono_render_late_waits_add (&late, &s, r.y, r.height);
      LabelCandidate c = { r.x, r.width, r.y, r.height, 0, 0, color };
      if (r.width >= MIN_LABEL_WIDTH && want_label (d, &s, &c))
        g_array_append_val (labels, c);
    }
  batch_set_fill (&normal, ctx);
  batch_set_fill (&overlay, ctx);
  draw_claim_edges (ctx, claims);
  chrono_render_late_waits_draw (&late);
  draw_critical_outlines (ctx, critical);
  batch_set_clear (&normal);
  batch_set_clear (&overlay);
}

/* The longest item of a column: its state and label. */
typedef struct {
  guint8 state;
  guint32 label;
} Longest;

static guint64
column_colour (const RowDraw *d, const ChronoSpanSummary *summary, const Longest *longest, ChronoRgb *out)
{
  if (colour_by_name (d->kind, longest->state, longest->label))
    return span_colour (d->ctx, d->kind, longest->state, longest->label, out);
  return span_colour (d->ctx, d->kind, summary->dominant, CHRONO_STRING_NONE, out);
}

/* The states in the order they stack from a column's bottom (the state
 * table's stack rank: time on a core first). */
static const guint8 *
stack_order (void)
{
  static guint8 order[CHRONO_N_STATES];
  static gsize filled = 0;
  if (g_once_init_enter (&filled))
    {
      for (guint s = 0; s < CHRONO_N_STATES; s++)
        order[chrono_state_get_stack_rank (s)] = s;
      g_once_init_leave (&filled, 1);
    }
  return order;
}

/* A crowded column is a stacked bar: each state's share of the column's time
 * is its share of the row's height, so a zoomed-out lane reads as load over
 * time instead of a solid block.  Whatever is present shows at least one
 * device pixel, so a crowded column never paints nothing. */
static void
add_column (const RowDraw *d, BatchSet *set, double x, double width, gint64 t0, gint64 t1,
            const ChronoSpanSummary *summary, const Longest *longest)
{
  /* whole device pixels: cairo fills pixel-aligned boxes far faster than
   * antialiased ones, and a column is a pixel wide anyway */
  double scale = d->ctx->scale;
  double bottom = round ((d->top + d->row->height - d->pad) * scale) / scale;
  double full = MAX (d->row->height - 2.0 * d->pad, 1.0);
  double min_height = 1.0 / scale;
  gint64 total = 0;
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    total += summary->time_in_state[s];
  double denominator = (double) MAX (total, t1 - t0);
  ChronoRgb color;
  if (d->kind == CHRONO_LANE_CORE || total == 0)
    {
      /* one colour: the longest item (a process on a core), as tall as the column is covered */
      guint64 key = column_colour (d, summary, longest, &color);
      double height =
          total > 0 ? MAX (round (full * (double) total / denominator * scale) / scale, min_height) : min_height;
      Rect r = { x, bottom - height, width, height };
      batch_set_add (set, key, &color, &r);
      return;
    }
  double y = bottom;
  const guint8 *order = stack_order ();
  for (guint i = 0; i < CHRONO_N_STATES; i++)
    {
      gint64 time = summary->time_in_state[order[i]];
      if (time <= 0)
        continue;
      double height = MAX (round (full * (double) time / denominator * scale) / scale, min_height);
      /* an agent's or location's work in the colour of what it mostly did there */
      guint32 label =
          d->kind == CHRONO_LANE_WORKER && order[i] == CHRONO_STATE_BUSY ? longest->label : CHRONO_STRING_NONE;
      guint64 key = span_colour (d->ctx, d->kind, order[i], label, &color);
      Rect r = { x, y - height, width, height };
      batch_set_add (set, key, &color, &r);
      y -= height;
    }
}

typedef struct {
  guint32 label;
  gint64 ticks;
} LabelTime;

#define MAX_NESTING 256 /* deeper calls count for their own label only */

static void
add_label_time (GArray *weights, guint32 label, gint64 ticks)
{
  for (guint i = 0; i < weights->len; i++)
    if (g_array_index (weights, LabelTime, i).label == label)
      {
        g_array_index (weights, LabelTime, i).ticks += ticks;
        return;
      }
  LabelTime added = { label, ticks };
  g_array_append_val (weights, added);
}

/* What a lane of nested calls mostly did in [t0, t1): the label with the
 * most exclusive time there (a call's time less its children's), so a
 * column shows MPI_Send or solve, not the main around them.  Children follow
 * their parent in start order: the parent of a call at depth d is the last
 * call met at depth d - 1. */
static guint32
dominant_label (ChronoSpans *spans, gint64 t0, gint64 t1, GArray *weights)
{
  g_array_set_size (weights, 0);
  guint32 parents[MAX_NESTING];
  for (guint d = 0; d < MAX_NESTING; d++)
    parents[d] = CHRONO_STRING_NONE;
  guint last = chrono_spans_first_starting_at_or_after (spans, t1);
  for (guint i = chrono_spans_first_ending_after (spans, t0); i < last; i++)
    {
      ChronoSpan s;
      chrono_spans_get (spans, i, &s);
      if (s.depth < MAX_NESTING)
        parents[s.depth] = s.state == CHRONO_STATE_BUSY ? s.label : CHRONO_STRING_NONE;
      gint64 ticks = MIN (s.end, t1) - MAX (s.start, t0);
      if (ticks <= 0 || s.state != CHRONO_STATE_BUSY || s.label == CHRONO_STRING_NONE)
        continue;
      add_label_time (weights, s.label, ticks);
      if (s.depth > 0 && s.depth <= MAX_NESTING && parents[s.depth - 1] != CHRONO_STRING_NONE)
        add_label_time (weights, parents[s.depth - 1], -ticks);
    }
  guint32 best = CHRONO_STRING_NONE;
  gint64 most = 0;
  for (guint i = 0; i < weights->len; i++)
    if (g_array_index (weights, LabelTime, i).ticks > most)
      {
        most = g_array_index (weights, LabelTime, i).ticks;
        best = g_array_index (weights, LabelTime, i).label;
      }
  return best;
}

/* One summary per pixel column. */
static void
draw_per_column (const RowDraw *d)
{
  ChronoRenderContext *ctx = d->ctx;
  g_autoptr (GArray) weights = g_array_new (FALSE, FALSE, sizeof (LabelTime));
  BatchSet set;
  batch_set_init (&set);
  double step = 1.0 / ctx->scale;
  for (double x = floor (ctx->data_x0); x < ctx->data_x1; x += step)
    {
      gint64 t0, t1;
      chrono_render_column_range (ctx, x, &t0, &t1);
      ChronoSpanSummary summary;
      chrono_spans_summarize (d->spans, t0, t1, &summary);
      if (summary.count == 0)
        continue;
      Longest longest = { chrono_spans_get_state (d->spans, summary.longest), 0 };
      ChronoSpan span;
      chrono_spans_get (d->spans, summary.longest, &span);
      longest.label = d->kind == CHRONO_LANE_WORKER ? dominant_label (d->spans, t0, t1, weights) : span.label;
      add_column (d, &set, x, step, t0, t1, &summary, &longest);
    }
  batch_set_fill (&set, ctx);
  batch_set_clear (&set);
}

/* A lane's summary over columns [x0, x1): the same stacked bars, at the
 * resolution the index pass kept. */
static void
draw_summary_columns (const RowDraw *d, ChronoSummary *summary, double x0, double x1)
{
  ChronoRenderContext *ctx = d->ctx;
  BatchSet set;
  batch_set_init (&set);
  double step = 1.0 / ctx->scale;
  for (double x = x0; x < x1; x += step)
    {
      gint64 t0, t1;
      chrono_render_column_range (ctx, x, &t0, &t1);
      ChronoSpanSummary totals;
      ChronoSummaryExtra extra;
      chrono_summary_query (summary, t0, t1, &totals, &extra);
      if (totals.count == 0)
        continue;
      Longest longest = { totals.dominant, extra.longest_label };
      add_column (d, &set, x, step, t0, t1, &totals, &longest);
    }
  batch_set_fill (&set, ctx);
  batch_set_clear (&set);
}

static void
draw_labels (const RowDraw *d, GArray *labels)
{
  ChronoRenderContext *ctx = d->ctx;
  PangoLayout *layout = ctx->small_text;
  for (guint i = 0; i < labels->len; i++)
    {
      const LabelCandidate *c = &g_array_index (labels, LabelCandidate, i);
      g_autofree char *number = NULL;
      const char *text = c->text != NULL ? c->text : (number = g_strdup_printf ("#%" G_GINT64_FORMAT, c->number));
      int tw, th;
      chrono_render_text_size (layout, text, &tw, &th);
      if (th > c->height + 4)
        continue;
      double room = c->width - 2 * LABEL_PAD;
      /* A label is worth drawing when most of it shows (sysprof's 75% rule),
       * or when it fits whole. */
      if (tw > room && room / tw < 0.6)
        continue;
      ChronoRgb ink;
      chrono_palette_get_text_on (&c->fill, &ink);
      double x = tw <= room ? c->x + (c->width - tw) / 2.0 : c->x + LABEL_PAD;
      chrono_render_text (ctx, layout, text, x, c->y + (c->height - th) / 2.0, tw <= room ? -1 : room, &ink);
    }
}

static gboolean
drawable_spans (ChronoLane *lane)
{
  ChronoSpans *spans = lane ? chrono_lane_get_spans (lane) : NULL;
  return spans != NULL && chrono_spans_get_n (spans) > 0 && chrono_spans_is_sealed (spans);
}

/* Spans that began before the view are few except behind one long span, so
 * the choice between drawing spans one by one and column by column counts
 * the ones that begin inside it. */
static guint
spans_beginning_in_view (ChronoRenderContext *ctx, ChronoLane *lane)
{
  if (!drawable_spans (lane))
    return 0;
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint inside = chrono_spans_first_starting_at_or_after (spans, ctx->o->begin);
  guint last = chrono_spans_first_starting_at_or_after (spans, ctx->o->end);
  return last > inside ? last - inside : 0;
}

static gboolean
one_by_one (ChronoRenderContext *ctx, guint64 visible)
{
  double columns = (ctx->data_x1 - ctx->data_x0) * ctx->scale;
  return visible < 2.0 * columns;
}

static void
draw_lane_spans_as (ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top, ChronoLane *lane, gboolean each)
{
  if (!drawable_spans (lane))
    return;
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  RowDraw d = { ctx, lane, chrono_lane_get_kind (row->lane),        spans,
                row, top,  chrono_layout_row_get_slot_height (row), 0.0 };
  d.pad = d.slot_height >= 16.0 ? 2.0 : 1.0;
  guint first = chrono_spans_first_ending_after (spans, ctx->o->begin);
  guint last = chrono_spans_first_starting_at_or_after (spans, ctx->o->end);
  if (each)
    {
      g_autoptr (GArray) labels = g_array_new (FALSE, FALSE, sizeof (LabelCandidate));
      draw_detailed (&d, first, last, labels);
      if (!ctx->o->plain)
        draw_labels (&d, labels);
    }
  else
    draw_per_column (&d);
}

static void
draw_lane_spans (ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top, ChronoLane *lane)
{
  draw_lane_spans_as (ctx, row, top, lane, one_by_one (ctx, spans_beginning_in_view (ctx, lane)));
}

/* The row's choice, as a whole read makes it: the spans beginning in view
 * in every decoded chunk (each chunk counted once, though a chunk of an
 * unsorted file may have several segments). */
static gboolean
lazy_one_by_one (ChronoRenderContext *ctx, GArray *segments)
{
  g_autoptr (GHashTable) counted = g_hash_table_new (NULL, NULL);
  guint64 visible = 0;
  for (guint i = 0; i < segments->len; i++)
    {
      ChronoLane *detail = g_array_index (segments, ChronoRenderSegment, i).detail;
      if (detail != NULL && g_hash_table_add (counted, detail))
        visible += spans_beginning_in_view (ctx, detail);
    }
  return one_by_one (ctx, visible);
}

static void
draw_lazy_row (ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top, ChronoSummary *summary)
{
  RowDraw d = { ctx, row->lane, chrono_lane_get_kind (row->lane),        NULL,
                row, top,       chrono_layout_row_get_slot_height (row), 0.0 };
  d.pad = d.slot_height >= 16.0 ? 2.0 : 1.0;
  g_autoptr (GArray) segments = chrono_render_lazy_segments (ctx, row->lane);
  gboolean each = lazy_one_by_one (ctx, segments);
  for (guint i = 0; i < segments->len; i++)
    {
      const ChronoRenderSegment *segment = &g_array_index (segments, ChronoRenderSegment, i);
      chrono_render_clip_segment (ctx, segment, top, row->height, 0.0);
      if (segment->detail != NULL)
        {
          ChronoRenderContext saved;
          chrono_render_enter_detail (ctx, segment, &saved);
          draw_lane_spans_as (ctx, row, top, segment->detail, each);
          chrono_render_leave_detail (ctx, &saved);
        }
      else
        {
          double x0, x1;
          chrono_render_segment_columns (ctx, segment, &x0, &x1);
          draw_summary_columns (&d, summary, x0, x1);
        }
      cairo_restore (ctx->cr);
    }
}

void
chrono_render_spans_row (ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top)
{
  ChronoSummary *summary = chrono_lane_get_summary (row->lane);
  if (summary != NULL)
    draw_lazy_row (ctx, row, top, summary);
  else
    draw_lane_spans (ctx, row, top, row->lane);
}
