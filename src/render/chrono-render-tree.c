/* chrono-render-tree.c — a row of a tree lane: the VisAndOr figure turned so
 * that time runs along x.  The node's bar is the stretches it was run,
 * coloured by the worker that ran each (suspended stretches dashed, waiting
 * for its fork's goals a thin line, helpers as a thin band under it); a split is a vertical bar from the parent's row
 * down to the node's at the fork or public-node time, a join one back up
 * where the parent went on; the node's outcome is marked at its end.  An
 * or-tree's public node is a circle where the branch that made it ended (a
 * row of its own when what made it went on), its branches below, those
 * nobody took as dashed stubs.  A folded node shows its whole subtree in its
 * own row. */
#include "chrono-render-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* Past this many stretches a folded subtree shows as its time hull. */
#define MAX_FOLDED_STRETCHES 20000

typedef struct {
  ChronoRenderContext *ctx;
  ChronoLayout *layout;
  ChronoLane *lane;
  ChronoTree *tree;
  double top, height, middle;
} TreeRow;

static void
worker_colour (ChronoRenderContext *ctx, guint32 worker, ChronoRgb *out)
{
  chrono_render_name_colour (ctx, chrono_strings_get (ctx->strings, worker), out);
  chrono_render_note_worker (ctx, worker);
}

/* x range of [start, end] clipped to the view, at least a pixel wide; FALSE when outside. */
static gboolean
time_extent (ChronoRenderContext *ctx, gint64 start, gint64 end, double *x0, double *x1)
{
  const ChronoRenderOptions *o = ctx->o;
  if (end < o->begin || start > o->end)
    return FALSE;
  *x0 = chrono_render_options_time_to_x (o, MAX (start, o->begin));
  *x1 = chrono_render_options_time_to_x (o, MIN (end, o->end));
  if (*x1 - *x0 < 1.0)
    *x1 = *x0 + 1.0;
  return TRUE;
}

static void
draw_stretch (const TreeRow *r, const ChronoTreeStretch *s, double alpha)
{
  ChronoRenderContext *ctx = r->ctx;
  cairo_t *cr = ctx->cr;
  double x0, x1;
  if (!time_extent (ctx, s->start, s->end, &x0, &x1))
    return;
  double bar = MAX (r->height * 0.5, 4.0);
  switch (s->kind)
    {
      case CHRONO_STRETCH_RUNNING: {
        ChronoRgb colour;
        worker_colour (ctx, s->worker, &colour);
        chrono_rgb_set_source_alpha (cr, &colour, alpha);
        cairo_rectangle (cr, x0, r->middle - bar / 2.0, x1 - x0, bar);
        cairo_fill (cr);
        break;
      }
      case CHRONO_STRETCH_SUSPENDED: {
        static const double dash[] = { 4.0, 3.0 };
        cairo_save (cr);
        cairo_set_dash (cr, dash, 2, 0.0);
        cairo_set_line_width (cr, 1.5);
        chrono_rgb_set_source_alpha (cr, &ctx->palette->dim_text, alpha);
        cairo_move_to (cr, x0, r->middle);
        cairo_line_to (cr, x1, r->middle);
        cairo_stroke (cr);
        cairo_restore (cr);
        ctx->suspended_seen = TRUE;
        break;
      }
      case CHRONO_STRETCH_WAITING: {
        /* a thin solid line: the goal is there, nobody runs it */
        chrono_rgb_set_source_alpha (cr, &ctx->palette->dim_text, alpha);
        cairo_rectangle (cr, x0, r->middle - 1.0, x1 - x0, 2.0);
        cairo_fill (cr);
        ctx->waiting_seen = TRUE;
        break;
      }
      case CHRONO_STRETCH_HELPED: {
        ChronoRgb colour;
        worker_colour (ctx, s->worker, &colour);
        chrono_rgb_set_source_alpha (cr, &colour, alpha);
        double band = MAX (bar / 4.0, 2.0);
        cairo_rectangle (cr, x0, r->middle + bar / 2.0, x1 - x0, band);
        cairo_fill (cr);
        ctx->helpers_seen = TRUE;
        break;
      }
    }
}

static void
draw_node_stretches (const TreeRow *r, guint32 node, double alpha, guint *budget)
{
  guint first, n;
  chrono_tree_get_stretches (r->tree, node, &first, &n);
  for (guint k = first; k<first + n && * budget> 0; k++, (*budget)--)
    draw_stretch (r, chrono_tree_get_stretch (r->tree, k), alpha);
}

/* A folded node's subtree in its row, lighter than the node itself; a
 * subtree too big to draw stretch by stretch shows as its time hull. */
static void
draw_folded_subtree (const TreeRow *r, guint32 node)
{
  guint size = chrono_tree_get_subtree_size (r->tree, node);
  guint budget = MAX_FOLDED_STRETCHES;
  for (guint32 d = node + 1; d < node + size && budget > 0; d++)
    draw_node_stretches (r, d, 0.55, &budget);
  gint64 hull_start, hull_end;
  if (budget > 0 || !chrono_tree_get_descendants_span (r->tree, node, &hull_start, &hull_end))
    return;
  double x0, x1;
  if (!time_extent (r->ctx, hull_start, hull_end, &x0, &x1))
    return;
  chrono_rgb_set_source_alpha (r->ctx->cr, &r->ctx->palette->dim_text, 0.25);
  cairo_rectangle (r->ctx->cr, x0, r->top + 2.0, x1 - x0, r->height - 4.0);
  cairo_fill (r->ctx->cr);
}

/* The vertical centre of a node's row, when the node has a row. */
static gboolean
node_middle (const TreeRow *r, guint32 node, double *out)
{
  guint index;
  if (node == CHRONO_TREE_NONE || !chrono_layout_find_node_row (r->layout, r->lane, node, &index))
    return FALSE;
  const ChronoLayoutRow *row = chrono_layout_get_row (r->layout, index);
  *out = chrono_render_options_lane_top (r->ctx->o) + row->y - r->ctx->o->scroll_y + row->height / 2.0;
  return TRUE;
}

/* From the parent's row to this one at the split, back up at the join. */
static void
draw_split_and_join (const TreeRow *r, const ChronoTreeNode *node)
{
  ChronoRenderContext *ctx = r->ctx;
  cairo_t *cr = ctx->cr;
  double parent_middle;
  if (!node_middle (r, node->parent, &parent_middle))
    return;
  chrono_rgb_set_source_alpha (cr, &ctx->palette->text, 0.75);
  cairo_set_line_width (cr, 1.5);
  gint64 times[] = { node->split_time, node->join_time };
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      if (times[i] == G_MININT64 || times[i] < ctx->o->begin || times[i] > ctx->o->end)
        continue;
      double x = round (chrono_render_options_time_to_x (ctx->o, times[i])) + 0.5;
      cairo_move_to (cr, x, parent_middle);
      cairo_line_to (cr, x, r->middle);
      cairo_stroke (cr);
      /* a short tick into the row, so a bar ending at the join reads as joining */
      cairo_move_to (cr, x - 3.0, r->middle);
      cairo_line_to (cr, x + 3.0, r->middle);
      cairo_stroke (cr);
    }
}

/* How the node ended, at its end: a green dot for success, a red cross for
 * failure, a bar for a cut, an arrow for work still open at the end. */
static void
draw_outcome (const TreeRow *r, const ChronoTreeNode *node)
{
  ChronoRenderContext *ctx = r->ctx;
  cairo_t *cr = ctx->cr;
  if (node->end < ctx->o->begin || node->end > ctx->o->end)
    return;
  double x = chrono_render_options_time_to_x (ctx->o, node->end), y = r->middle, s = MIN (r->height / 4.0, 4.0);
  cairo_save (cr);
  cairo_set_line_width (cr, 1.8);
  switch (node->outcome)
    {
    case CHRONO_TREE_SUCCEEDED:
      cairo_set_source_rgb (cr, 0.18, 0.62, 0.23);
      cairo_arc (cr, x, y, s, 0, 2 * G_PI);
      cairo_fill (cr);
      break;
    case CHRONO_TREE_FAILED:
      cairo_set_source_rgb (cr, 0.84, 0.2, 0.18);
      cairo_move_to (cr, x - s, y - s);
      cairo_line_to (cr, x + s, y + s);
      cairo_move_to (cr, x - s, y + s);
      cairo_line_to (cr, x + s, y - s);
      cairo_stroke (cr);
      break;
    case CHRONO_TREE_CUT:
    case CHRONO_TREE_RESTARTED:
      chrono_rgb_set_source (cr, &ctx->palette->text);
      cairo_move_to (cr, x, y - 1.6 * s);
      cairo_line_to (cr, x, y + 1.6 * s);
      cairo_stroke (cr);
      break;
    case CHRONO_TREE_OPEN:
      chrono_rgb_set_source (cr, &ctx->palette->text);
      cairo_move_to (cr, x, y - s);
      cairo_line_to (cr, x + s, y);
      cairo_line_to (cr, x, y + s);
      cairo_close_path (cr);
      cairo_fill (cr);
      break;
    case CHRONO_TREE_PUBLIC:
      /* the choice point the papers draw as a node of the or-tree */
      chrono_rgb_set_source (cr, &ctx->palette->background);
      cairo_arc (cr, x, y, s + 1.0, 0, 2 * G_PI);
      cairo_fill_preserve (cr);
      chrono_rgb_set_source (cr, &ctx->palette->text);
      cairo_stroke (cr);
      cairo_arc (cr, x, y, s / 2.0, 0, 2 * G_PI);
      cairo_fill (cr);
      break;
      case CHRONO_TREE_NOT_TAKEN: {
        /* an alternative nobody explored: a dashed stub ending in an open circle */
        static const double dash[] = { 3.0, 3.0 };
        double stub = 4.0 * s + 6.0;
        chrono_rgb_set_source (cr, &ctx->palette->dim_text);
        cairo_set_dash (cr, dash, 2, 0.0);
        cairo_move_to (cr, x, y);
        cairo_line_to (cr, x + stub, y);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0.0);
        cairo_arc (cr, x + stub + s, y, s, 0, 2 * G_PI);
        cairo_stroke (cr);
        break;
      }
    case CHRONO_TREE_FINISHED:
    default: break;
    }
  cairo_restore (cr);
  ctx->outcomes_seen |= 1u << node->outcome;
}

/* A tree cut short holds nothing from its cut on, which must not read as
 * goals that stopped: each row is hatched from there, and the first says
 * why. */
static void
draw_cut (const TreeRow *r, guint32 node)
{
  ChronoRenderContext *ctx = r->ctx;
  const ChronoRenderOptions *o = ctx->o;
  gint64 cut;
  if (!chrono_tree_get_cut (r->tree, &cut) || cut > o->end)
    return;
  double x0 = chrono_render_options_time_to_x (o, MAX (cut, o->begin));
  double x1 = chrono_render_options_time_to_x (o, o->end);
  cairo_t *cr = ctx->cr;
  cairo_save (cr);
  chrono_rgb_set_source_alpha (cr, &ctx->palette->dim_text, 0.45);
  cairo_set_line_width (cr, 1.0);
  chrono_render_hatch (cr, x0, r->top, MAX (x1 - x0, 1.0), r->height, 6.0);
  cairo_restore (cr);
  if (node != 0)
    return;
  PangoLayout *text = ctx->small_text;
  const char *words = _ ("the tree is cut short here: the agents show the rest");
  int tw, th;
  chrono_render_text_size (text, words, &tw, &th);
  if (x1 - x0 < tw + 12.0 || th > r->height)
    return;
  double y = r->top + (r->height - th) / 2.0;
  chrono_rgb_set_source_alpha (cr, &ctx->palette->background, 0.85);
  cairo_rectangle (cr, x0 + 2.0, y, tw + 6.0, th);
  cairo_fill (cr);
  chrono_render_text (ctx, text, words, x0 + 5.0, y, -1, &ctx->palette->text);
}

void
chrono_render_tree_row (ChronoRenderContext *ctx, ChronoLayout *layout, const ChronoLayoutRow *row, double top)
{
  TreeRow r = { ctx, layout, row->lane, chrono_lane_get_tree (row->lane), top, row->height, top + row->height / 2.0 };
  if (r.tree == NULL || row->node >= chrono_tree_get_n_nodes (r.tree))
    return;
  const ChronoTreeNode *node = chrono_tree_get_node (r.tree, row->node);
  gboolean folded = chrono_tree_get_subtree_size (r.tree, row->node) > 1
                    && !chrono_layout_get_node_expanded (layout, row->lane, row->node);
  if (folded)
    draw_folded_subtree (&r, row->node);
  guint budget = G_MAXUINT;
  draw_node_stretches (&r, row->node, 1.0, &budget);
  draw_outcome (&r, node);
  draw_cut (&r, row->node);
}

/* The split and join bars cross other rows: drawn once all rows are. */
void
chrono_render_tree_bars (ChronoRenderContext *ctx, ChronoLayout *layout, const ChronoLayoutRow *row, double top)
{
  TreeRow r = { ctx, layout, row->lane, chrono_lane_get_tree (row->lane), top, row->height, top + row->height / 2.0 };
  if (r.tree == NULL || row->node >= chrono_tree_get_n_nodes (r.tree))
    return;
  draw_split_and_join (&r, chrono_tree_get_node (r.tree, row->node));
}

/* The node's name: its key and number ("7F001001.0"), what it is being
 * plain from the tree's name and the inspector. */
char *
chrono_render_tree_row_name (ChronoRenderContext *ctx, const ChronoLayoutRow *row)
{
  return chrono_tree_dup_node_name (chrono_lane_get_tree (row->lane), row->node, ctx->strings);
}
