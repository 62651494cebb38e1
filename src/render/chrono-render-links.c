/* chrono-render-links.c — the arrows of a frame: dependencies, messages
 * and forks between the rows of their two ends, filtered by communicator,
 * tag and size, bundled per pair of rows where they are too dense to tell
 * apart. Apart from the rest of the renderer because arrows cross rows: they
 * are drawn over all the lanes at once, from the links of the index and of
 * the decoded chunks of a lazily read trace, each once. */
#include "chrono-renderer-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#define MAX_LINKS_DRAWN 20000 /* past this many in view, arrows are noise */

/* The vertical centre of a link end's row, or FALSE when the row is not shown. */
static gboolean
link_row_y (ChronoRenderer *self, ChronoRenderContext *ctx, ChronoLane *lane, double *out_y)
{
  guint row;
  if (lane == NULL || !chrono_layout_find_row (self->layout, lane, &row))
    return FALSE;
  const ChronoLayoutRow *r = chrono_layout_get_row (self->layout, row);
  *out_y = chrono_render_options_lane_top (ctx->o) + r->y - ctx->o->scroll_y + MIN (r->height, 20.0) / 2.0;
  return TRUE;
}

static void
draw_arrow (cairo_t *cr, double x0, double y0, double x1, double y1)
{
  cairo_move_to (cr, x0, y0);
  /* a gentle curve, so arrows between neighbouring rows stay visible; a
   * steep one straight (cairo strokes a curve with flat ends but hardly any
   * width between them as next to nothing) */
  double bend = (x1 - x0) / 2.0;
  if (fabs (x1 - x0) < 8.0)
    cairo_line_to (cr, x1, y1);
  else
    cairo_curve_to (cr, x0 + bend, y0, x1 - bend, y1, x1, y1);
  cairo_stroke (cr);
  double angle = atan2 (y1 - y0, MAX (fabs (x1 - x0), 1.0) * (x1 >= x0 ? 1 : -1));
  double head = 5.0;
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x1 - head * cos (angle - 0.4), y1 - head * sin (angle - 0.4));
  cairo_line_to (cr, x1 - head * cos (angle + 0.4), y1 - head * sin (angle + 0.4));
  cairo_close_path (cr);
  cairo_fill (cr);
}

gboolean
chrono_link_filter_parse (ChronoLinkFilter *filter, char *text, GError **error)
{
  g_return_val_if_fail (filter != NULL && text != NULL, FALSE);
  for (char *part = text, *next; part != NULL && *part != '\0'; part = next)
    {
      next = strchr (part, ',');
      if (next != NULL)
        *next++ = '\0';
      char *value = strchr (part, '=');
      guint64 number = 0;
      if (value != NULL)
        *value++ = '\0';
      gboolean numeric = value != NULL && g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT64, &number, NULL);
      if (value != NULL && g_str_equal (part, "communicator") && *value != '\0')
        filter->communicator = value;
      else if (numeric && g_str_equal (part, "tag") && number <= G_MAXUINT32)
        {
          filter->has_tag = TRUE;
          filter->tag = (guint32) number;
        }
      else if (numeric && g_str_equal (part, "min-bytes"))
        filter->min_bytes = number;
      else
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _ ("“%s”: arrows are filtered by communicator=NAME, tag=N and min-bytes=N"), part);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
filters_links (const ChronoLinkFilter *f)
{
  return f->communicator != NULL || f->has_tag || f->min_bytes > 0;
}

/* Whether a link of the trace passes the filter: a message of that
 * communicator, tag and size. */
static gboolean
link_passes (ChronoTrace *trace, const ChronoLink *link, const ChronoLinkFilter *f)
{
  if (!filters_links (f))
    return TRUE;
  ChronoAttrs *attrs = chrono_trace_get_attrs (trace);
  const char *communicator = chrono_attrs_lookup (attrs, link->attrs, "communicator");
  const char *tag = chrono_attrs_lookup (attrs, link->attrs, "tag");
  const char *bytes = chrono_attrs_lookup (attrs, link->attrs, "bytes");
  if (communicator == NULL || tag == NULL || bytes == NULL)
    return FALSE; /* not a message */
  if (f->communicator != NULL && g_strcmp0 (communicator, f->communicator) != 0)
    return FALSE;
  if (f->has_tag && g_ascii_strtoull (tag, NULL, 10) != f->tag)
    return FALSE;
  return g_ascii_strtoull (bytes, NULL, 10) >= f->min_bytes;
}

/* The links of the trace with a part in the view that pass the filter,
 * appended to found; FALSE when that makes more than MAX_LINKS_DRAWN. */
static gboolean
links_in_view (ChronoTrace *trace, ChronoLinks *links, const ChronoRenderOptions *o, GArray *found)
{
  guint n = chrono_links_get_n (links);
  /* times at the 64-bit edges: the window's bounds widened without overflow */
  guint first = o->begin > G_MININT64 ? chrono_links_first_ending_after (links, o->begin - 1) : 0;
  gint64 longest = chrono_links_get_longest (links);
  gint64 reach = o->end > G_MAXINT64 - longest ? G_MAXINT64 : o->end + longest;
  for (guint i = first; i < n; i++)
    {
      const ChronoLink *link = chrono_links_get (links, i);
      if (MAX (link->src_time, link->dst_time) > reach)
        break; /* every later link begins after the window */
      if (MIN (link->src_time, link->dst_time) > o->end || !link_passes (trace, link, &o->links))
        continue;
      if (found->len == MAX_LINKS_DRAWN)
        return FALSE;
      g_array_append_val (found, link);
    }
  return TRUE;
}

/* The index's lane of a decoded chunk's lane (the same key), through a
 * table made on first use: lanes of the index never change. */
static ChronoLane *
index_lane_of (ChronoRenderer *self, ChronoTrace *trace, ChronoLane *decoded)
{
  if (self->lanes_by_key == NULL)
    self->lanes_by_key = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_hash_table_unref);
  GHashTable *by_key = g_hash_table_lookup (self->lanes_by_key, trace);
  if (by_key == NULL)
    {
      by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autoptr (GPtrArray) all = chrono_trace_list_lanes (trace);
      for (guint i = 0; i < all->len; i++)
        g_hash_table_insert (by_key, chrono_lane_dup_key (g_ptr_array_index (all, i)), g_ptr_array_index (all, i));
      g_hash_table_insert (self->lanes_by_key, trace, by_key);
    }
  g_autofree char *key = chrono_lane_dup_key (decoded);
  return g_hash_table_lookup (by_key, key);
}

/* An arrow as every chunk that holds it has it: its ends as the index's lanes. */
typedef struct {
  ChronoLane *src_lane, *dst_lane;
  gint64 src_time, dst_time, id;
  guint32 kind;
} LinkKey;

static guint
link_key_hash (gconstpointer data)
{
  const LinkKey *key = data;
  guint64 h = (guint64) key->src_time * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  h ^= (guint64) key->dst_time + (h << 6) + (h >> 2);
  h ^= (guint64) key->id + (h << 6) + (h >> 2);
  h ^= (guint64) (guintptr) key->dst_lane + key->kind;
  return (guint) (h ^ (h >> 32));
}

static gboolean
link_key_equal (gconstpointer a, gconstpointer b)
{
  const LinkKey *x = a, *y = b;
  return x->src_lane == y->src_lane && x->dst_lane == y->dst_lane && x->src_time == y->src_time
         && x->dst_time == y->dst_time && x->id == y->id && x->kind == y->kind;
}

/* A lazily read trace's arrows are the index's and those of its decoded
 * chunks in view.  An arrow with its ends in two chunks is in both (and the
 * chunks of an unsorted file overlap): each arrow is drawn once, from the
 * first chunk that has it.  FALSE: too many. */
static gboolean
chunk_links_in_view (ChronoRenderer *self, ChronoTrace *trace, const ChronoRenderOptions *o, GArray *found,
                     GPtrArray *ends)
{
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  if (cache == NULL || chrono_trace_get_n_chunks (trace) == 0)
    return TRUE;
  g_autoptr (GArray) chunks = chrono_trace_find_chunks (trace, o->begin, o->end);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (link_key_hash, link_key_equal, g_free, NULL);
  for (guint c = 0; c < chunks->len; c++)
    {
      ChronoTrace *decoded = chrono_chunk_cache_peek (cache, g_array_index (chunks, guint, c));
      if (decoded == NULL)
        continue;
      guint before = found->len;
      if (!links_in_view (decoded, chrono_trace_get_links (decoded), o, found))
        return FALSE;
      guint kept = before;
      for (guint i = before; i < found->len; i++)
        {
          const ChronoLink *link = g_array_index (found, const ChronoLink *, i);
          LinkKey *key = g_new (LinkKey, 1);
          *key = (LinkKey){ index_lane_of (self, trace, link->src_lane),
                            index_lane_of (self, trace, link->dst_lane),
                            link->src_time,
                            link->dst_time,
                            link->id,
                            link->kind };
          if (!g_hash_table_add (seen, key))
            continue;
          g_array_index (found, const ChronoLink *, kept++) = link;
          g_ptr_array_add (ends, key->src_lane);
          g_ptr_array_add (ends, key->dst_lane);
        }
      g_array_set_size (found, kept);
    }
  return TRUE;
}

/* An arrow in the picture, or a bundle of n of them (their mean ends). */
typedef struct {
  double x0, y0, x1, y1;
  guint n;
} Arrow;

#define ARROW_SPACING 6.0 /* px of the lanes' width per arrow: more arrows than that are bundled */
#define BUNDLE_WIDTH 48.0 /* px: arrows between the same two rows leaving this close are one bundle */

static guint
arrow_hash (gconstpointer data)
{
  const Arrow *a = data;
  return g_double_hash (&a->y0) ^ (g_double_hash (&a->y1) * 31u) ^ ((guint) floor (a->x0 / BUNDLE_WIDTH) * 977u);
}

static gboolean
arrow_equal (gconstpointer a, gconstpointer b)
{
  const Arrow *x = a, *y = b;
  return x->y0 == y->y0 && x->y1 == y->y1 && floor (x->x0 / BUNDLE_WIDTH) == floor (y->x0 / BUNDLE_WIDTH);
}

/* Too many arrows to tell apart: one per pair of rows and stretch of the
 * lanes' width, from the mean of their sources to the mean of their ends. */
static GArray *
bundle_arrows (GArray *arrows)
{
  g_autoptr (GHashTable) index = g_hash_table_new (arrow_hash, arrow_equal);
  GArray *bundles = g_array_new (FALSE, FALSE, sizeof (Arrow));
  for (guint i = 0; i < arrows->len; i++)
    {
      Arrow *a = &g_array_index (arrows, Arrow, i);
      gpointer at;
      if (g_hash_table_lookup_extended (index, a, NULL, &at))
        {
          Arrow *b = &g_array_index (bundles, Arrow, GPOINTER_TO_UINT (at));
          b->x0 += a->x0;
          b->x1 += a->x1;
          b->n++;
          continue;
        }
      g_array_append_val (bundles, *a);
      g_hash_table_insert (index, a, GUINT_TO_POINTER (bundles->len - 1));
    }
  for (guint i = 0; i < bundles->len; i++)
    {
      Arrow *b = &g_array_index (bundles, Arrow, i);
      b->x0 /= b->n;
      b->x1 /= b->n;
    }
  return bundles;
}

/* A bundle's line grows with the log of its arrows' number, up to 4 px. */
static void
draw_bundles (ChronoRenderContext *ctx, GArray *bundles)
{
  cairo_t *cr = ctx->cr;
  for (guint i = 0; i < bundles->len; i++)
    {
      const Arrow *b = &g_array_index (bundles, Arrow, i);
      chrono_rgb_set_source_alpha (cr, &ctx->palette->text, b->n > 1 ? 0.4 : 0.6);
      cairo_set_line_width (cr, MIN (1.0 + 0.6 * log2 ((double) b->n), 4.0));
      draw_arrow (cr, b->x0, b->y0, b->x1, b->y1);
    }
}

/* Dependencies over the lanes, between the rows of their two ends, bundled
 * per pair of rows where they are too dense to tell apart; none past
 * MAX_LINKS_DRAWN (zoom in to see them). */
static void
draw_member_links (ChronoRenderer *self, ChronoRenderContext *ctx, ChronoTrace *trace, const ChronoRenderOptions *o)
{
  g_autoptr (GArray) shown = g_array_new (FALSE, FALSE, sizeof (const ChronoLink *));
  g_autoptr (GPtrArray) ends = g_ptr_array_new (); /* the index's lanes of each chunk link's two ends */
  if (o->links.hidden || !links_in_view (trace, chrono_trace_get_links (trace), o, shown))
    return;
  guint from_index = shown->len;
  if (!chunk_links_in_view (self, trace, o, shown, ends) || shown->len == 0)
    return;
  g_autoptr (GArray) arrows = g_array_new (FALSE, FALSE, sizeof (Arrow));
  for (guint k = 0; k < shown->len; k++)
    {
      const ChronoLink *link = g_array_index (shown, const ChronoLink *, k);
      ChronoLane *src = k < from_index ? link->src_lane : g_ptr_array_index (ends, 2 * (k - from_index));
      ChronoLane *dst = k < from_index ? link->dst_lane : g_ptr_array_index (ends, 2 * (k - from_index) + 1);
      Arrow arrow = { chrono_render_options_time_to_x (o, link->src_time), 0.0,
                      chrono_render_options_time_to_x (o, link->dst_time), 0.0, 1 };
      if (link_row_y (self, ctx, src, &arrow.y0) && link_row_y (self, ctx, dst, &arrow.y1))
        g_array_append_val (arrows, arrow);
    }
  cairo_t *cr = ctx->cr;
  cairo_save (cr);
  cairo_rectangle (cr, ctx->data_x0, chrono_render_options_lane_top (o), ctx->data_x1 - ctx->data_x0,
                   chrono_render_options_lane_height (o));
  cairo_clip (cr);
  cairo_set_dash (cr, NULL, 0, 0.0);
  if (arrows->len > MAX ((ctx->data_x1 - ctx->data_x0) / ARROW_SPACING, 1.0))
    {
      g_autoptr (GArray) bundles = bundle_arrows (arrows);
      draw_bundles (ctx, bundles);
    }
  else
    {
      chrono_rgb_set_source_alpha (cr, &ctx->palette->text, 0.7);
      cairo_set_line_width (cr, 1.2);
      for (guint i = 0; i < arrows->len; i++)
        {
          const Arrow *a = &g_array_index (arrows, Arrow, i);
          draw_arrow (cr, a->x0, a->y0, a->x1, a->y1);
        }
    }
  cairo_restore (cr);
}

/* Each trace's arrows, on its own clock. */
void
chrono_render_links (ChronoRenderer *self, ChronoRenderContext *ctx)
{
  ChronoTraceSet *set = chrono_layout_get_trace_set (self->layout);
  guint n = set != NULL ? chrono_trace_set_get_n (set) : 1;
  for (guint m = 0; m < n; m++)
    {
      ChronoRenderOptions mapped;
      chrono_renderer_member_options (self, ctx->o, m, &mapped);
      draw_member_links (self, ctx, chrono_renderer_member_trace (self, m), &mapped);
    }
}
