/* test-tree.c — a tree of work (VisAndOr's and/or trees): depth-first rows,
 * subtree ranges and stretches after sealing, and the layout's rows of a tree
 * lane: folding a node hides its subtree, big trees open folded. */
#include "chrono-layout.h"

#include <math.h>
#include <string.h>

#include "chrono-dump.h"
#include "chrono-renderer.h"

static guint32
add (ChronoTree *tree, guint32 parent, guint64 key, gint64 number, guint64 order, gint64 start)
{
  ChronoTreeNode node = { .parent = parent,
                          .key = key,
                          .number = number,
                          .start = start,
                          .end = start + 10,
                          .split_time = G_MININT64,
                          .join_time = G_MININT64,
                          .order = order };
  return chrono_tree_add_node (tree, &node);
}

/* Nodes arrive in time order; rows are depth-first, children by their order. */
static void
test_depth_first (void)
{
  g_autoptr (ChronoTree) tree = chrono_tree_new ();
  guint32 root = add (tree, CHRONO_TREE_NONE, 0, -1, 0, 0);
  guint32 b = add (tree, root, 0xA, 1, 1, 5); /* started first, but number 1 */
  guint32 a = add (tree, root, 0xA, 0, 0, 6);
  guint32 a_child = add (tree, a, 0xB, 0, 0, 7);
  add (tree, b, 0xC, 0, 0, 8);
  ChronoTreeStretch stretch = { a_child, 0, 7, 9, CHRONO_STRETCH_RUNNING };
  chrono_tree_add_stretch (tree, &stretch);
  stretch = (ChronoTreeStretch){ a, 0, 6, 8, CHRONO_STRETCH_RUNNING };
  chrono_tree_add_stretch (tree, &stretch);
  stretch = (ChronoTreeStretch){ a, 0, 8, 12, CHRONO_STRETCH_SUSPENDED };
  chrono_tree_add_stretch (tree, &stretch);
  chrono_tree_seal (tree);

  g_autoptr (ChronoStrings) strings = chrono_strings_new ();
  const char *expected[] = { "0", "A.0", "B.0", "A.1", "C.0" };
  const guint depth[] = { 0, 1, 2, 1, 2 }, size[] = { 5, 2, 1, 2, 1 }, parent[] = { CHRONO_TREE_NONE, 0, 1, 0, 3 };
  const guint n_stretches[] = { 0, 2, 1, 0, 0 };
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *name = chrono_tree_dup_node_name (tree, i, strings);
      g_assert_cmpstr (name, ==, expected[i]);
      g_assert_cmpuint (chrono_tree_get_depth (tree, i), ==, depth[i]);
      g_assert_cmpuint (chrono_tree_get_subtree_size (tree, i), ==, size[i]);
      g_assert_cmpuint (chrono_tree_get_node (tree, i)->parent, ==, parent[i]);
      guint first, n;
      chrono_tree_get_stretches (tree, i, &first, &n);
      g_assert_cmpuint (n, ==, n_stretches[i]);
      for (guint k = first; k < first + n; k++)
        g_assert_cmpuint (chrono_tree_get_stretch (tree, k)->node, ==, i);
    }
  guint first, n;
  chrono_tree_get_stretches (tree, 1, &first, &n);
  g_assert_cmpint (chrono_tree_get_stretch (tree, first)->start, ==, 6); /* in time order */
  gint64 start, end;
  g_assert_true (chrono_tree_get_descendants_span (tree, 0, &start, &end)); /* all the others */
  g_assert_cmpint (start, ==, 5);
  g_assert_cmpint (end, ==, 18);
  g_assert_true (chrono_tree_get_descendants_span (tree, 1, &start, &end)); /* B.0 only */
  g_assert_cmpint (start, ==, 7);
  g_assert_cmpint (end, ==, 17);
  g_assert_false (chrono_tree_get_descendants_span (tree, 2, &start, &end)); /* a leaf */
}

/* Parents, sibling orders and stretch times in no order at all: the rows
 * are still depth-first with siblings by (order, arrival), every stretch
 * stays with its node, and a node's stretches are in time order.  Enough
 * stretches (about 70,000) that they are sorted on a thread of their own. */
static void
test_unordered_input (void)
{
  g_autoptr (ChronoTree) tree = chrono_tree_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  const guint n = 3000;
  guint n_stretches = 0;
  for (guint i = 0; i < n; i++)
    {
      guint32 parent =
          i == 0 || g_rand_int_range (rand, 0, 50) == 0 ? CHRONO_TREE_NONE : (guint32) g_rand_int_range (rand, 0, i);
      add (tree, parent, i, 0, g_rand_int_range (rand, 0, 4), i);
      for (gint k = g_rand_int_range (rand, 0, 48); k > 0; k--, n_stretches++)
        {
          gint64 start = g_rand_int_range (rand, 0, 1000);
          ChronoTreeStretch stretch = { g_rand_int_range (rand, 0, i + 1), 0, start, start + 1,
                                        CHRONO_STRETCH_RUNNING };
          chrono_tree_add_stretch (tree, &stretch);
        }
    }
  chrono_tree_seal (tree);
  guint seen_stretches = 0;
  for (guint i = 0; i < n; i++)
    {
      const ChronoTreeNode *node = chrono_tree_get_node (tree, i);
      guint size = chrono_tree_get_subtree_size (tree, i);
      g_assert_cmpuint (i + size, <=, n);
      for (guint c = i + 1; c < i + size; c += chrono_tree_get_subtree_size (tree, c))
        {
          g_assert_cmpuint (chrono_tree_get_node (tree, c)->parent, ==, i); /* its subtree: its children's */
          guint next = c + chrono_tree_get_subtree_size (tree, c);
          if (next < i + size)
            {
              const ChronoTreeNode *x = chrono_tree_get_node (tree, c), *y = chrono_tree_get_node (tree, next);
              g_assert_true (x->order < y->order || (x->order == y->order && x->key < y->key));
            }
        }
      if (node->parent != CHRONO_TREE_NONE)
        g_assert_cmpuint (node->parent, <, i);
      guint first, count;
      chrono_tree_get_stretches (tree, i, &first, &count);
      for (guint k = first; k < first + count; k++)
        {
          g_assert_cmpuint (chrono_tree_get_stretch (tree, k)->node, ==, i);
          if (k > first)
            g_assert_cmpint (chrono_tree_get_stretch (tree, k - 1)->start, <=,
                             chrono_tree_get_stretch (tree, k)->start);
        }
      seen_stretches += count;
    }
  g_assert_cmpuint (seen_stretches, ==, n_stretches);
}

/* A parent that is not an earlier node cannot make a cycle: it is a root. */
static void
test_bad_parent (void)
{
  g_autoptr (ChronoTree) tree = chrono_tree_new ();
  add (tree, 5, 1, 0, 0, 0);
  add (tree, 1, 2, 0, 0, 0);
  chrono_tree_seal (tree);
  g_assert_cmpuint (chrono_tree_get_node (tree, 0)->parent, ==, CHRONO_TREE_NONE);
  g_assert_cmpuint (chrono_tree_get_node (tree, 1)->parent, ==, CHRONO_TREE_NONE);
}

static ChronoTrace *
trace_with_tree (ChronoTree *tree)
{
  ChronoTrace *trace = chrono_trace_new ("tree", "test");
  g_autoptr (ChronoLane) lane = chrono_lane_new ("And tree", CHRONO_LANE_TREE, NULL);
  chrono_lane_set_tree (lane, tree);
  chrono_trace_add_lane (trace, lane);
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, 100);
  chrono_trace_seal (trace);
  return trace;
}

/* A binary tree of depth `levels` below one root. */
static ChronoTree *
binary_tree (guint levels)
{
  ChronoTree *tree = chrono_tree_new ();
  g_autoptr (GArray) level = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 root = add (tree, CHRONO_TREE_NONE, 0, -1, 0, 0);
  g_array_append_val (level, root);
  for (guint l = 0; l < levels; l++)
    {
      g_autoptr (GArray) next = g_array_new (FALSE, FALSE, sizeof (guint32));
      for (guint i = 0; i < level->len; i++)
        for (gint64 k = 0; k < 2; k++)
          {
            guint32 child = add (tree, g_array_index (level, guint32, i), i, k, (guint64) k, l);
            g_array_append_val (next, child);
          }
      g_array_unref (level);
      level = g_steal_pointer (&next);
    }
  return tree;
}

static guint
count_node_rows (ChronoLayout *layout)
{
  guint n = 0;
  for (guint i = 0; i < chrono_layout_get_n_rows (layout); i++)
    n += chrono_layout_get_row (layout, i)->node != CHRONO_TREE_NONE;
  return n;
}

static void
test_layout_folds (void)
{
  g_autoptr (ChronoTrace) trace = trace_with_tree (binary_tree (3)); /* 15 nodes */
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  ChronoLane *lane = g_ptr_array_index (lanes, 0);
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), ==, 16); /* the heading and every node */
  g_assert_cmpint (chrono_layout_row_get_style (chrono_layout_get_row (layout, 0)), ==, CHRONO_ROW_HEADING);
  g_assert_cmpint (chrono_layout_row_get_style (chrono_layout_get_row (layout, 1)), ==, CHRONO_ROW_TREE_NODE);
  guint row;
  g_assert_true (chrono_layout_find_node_row (layout, lane, 8, &row));
  g_assert_cmpuint (row, ==, 9);
  chrono_layout_set_node_expanded (layout, lane, 1, FALSE); /* node 1's subtree holds 7 nodes */
  g_assert_false (chrono_layout_get_node_expanded (layout, lane, 1));
  g_assert_cmpuint (count_node_rows (layout), ==, 9);
  g_assert_false (chrono_layout_find_node_row (layout, lane, 2, &row));
  g_assert_true (chrono_layout_find_node_row (layout, lane, 8, &row));
  g_assert_cmpuint (row, ==, 3);
  chrono_layout_set_expanded (layout, lane, FALSE); /* the whole tree */
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), ==, 1);
}

/* 2^14 − 1 nodes: the tree opens with whole levels shown, as many as fit. */
static void
test_big_tree_opens_folded (void)
{
  g_autoptr (ChronoTrace) trace = trace_with_tree (binary_tree (13));
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_assert_cmpuint (count_node_rows (layout), ==, 1023); /* levels 0…9; with level 10, 2047 would be too many */
  g_assert_cmpuint (count_node_rows (layout), <=, CHRONO_LAYOUT_TREE_ROWS + 64);
}

/* The tree's rows drawn at 400 × 200, as RGB bytes of the lane area only. */
static GBytes *
draw_tree_rows (ChronoTrace *trace, int *out_left, int *out_stride)
{
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  ChronoRenderOptions o;
  chrono_render_options_init (&o, trace, 400, 200);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 200);
  cairo_t *cr = cairo_create (surface);
  chrono_renderer_draw (renderer, cr, &o);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  *out_left = (int) chrono_render_options_time_to_x (&o, 0);
  *out_stride = cairo_image_surface_get_stride (surface);
  GBytes *pixels = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) *out_stride * 200);
  cairo_surface_destroy (surface);
  return pixels;
}

/* Pixels that differ between two pictures, in columns [x0, x1). */
static guint
differing_pixels (GBytes *a, GBytes *b, int stride, int x0, int x1)
{
  const guint32 *pa = g_bytes_get_data (a, NULL), *pb = g_bytes_get_data (b, NULL);
  guint n = 0;
  for (int y = 0; y < 200; y++)
    for (int x = x0; x < x1; x++)
      n += pa[y * stride / 4 + x] != pb[y * stride / 4 + x];
  return n;
}

/* A tree cut short says so from its cut on, in its picture and its dump;
 * before the cut the picture is the whole tree's. */
static void
test_cut_tree_says_so (void)
{
  g_autoptr (ChronoTrace) whole = trace_with_tree (binary_tree (2));
  ChronoTree *tree = binary_tree (2);
  chrono_tree_set_cut (tree, 60);
  g_autoptr (ChronoTrace) cut = trace_with_tree (tree);
  gint64 time = 0;
  g_assert_true (chrono_tree_get_cut (tree, &time));
  g_assert_cmpint (time, ==, 60);

  int left, stride;
  g_autoptr (GBytes) whole_pixels = draw_tree_rows (whole, &left, &stride);
  g_autoptr (GBytes) cut_pixels = draw_tree_rows (cut, &left, &stride);
  ChronoRenderOptions o;
  chrono_render_options_init (&o, cut, 400, 200);
  int x_cut = (int) floor (chrono_render_options_time_to_x (&o, 60));
  g_assert_cmpuint (differing_pixels (whole_pixels, cut_pixels, stride, 0, x_cut - 1), ==, 0);
  g_assert_cmpuint (differing_pixels (whole_pixels, cut_pixels, stride, x_cut, 400), >, 100);

  g_autofree char *dump = chrono_trace_dump (cut);
  g_assert_nonnull (strstr (dump, "\n  cut 60\n"));
  g_autofree char *whole_dump = chrono_trace_dump (whole);
  g_assert_null (strstr (whole_dump, "  cut "));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tree/depth-first", test_depth_first);
  g_test_add_func ("/tree/bad-parent", test_bad_parent);
  g_test_add_func ("/tree/unordered-input", test_unordered_input);
  g_test_add_func ("/tree/layout-folds", test_layout_folds);
  g_test_add_func ("/tree/big-tree-opens-folded", test_big_tree_opens_folded);
  g_test_add_func ("/tree/cut-tree-says-so", test_cut_tree_says_so);
  return g_test_run ();
}
