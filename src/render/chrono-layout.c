/* chrono-layout.c — rows are rebuilt whole on every change: a trace has at
 * most thousands of lanes, so a rebuild costs less than keeping a tree of
 * offsets consistent, and row_at_y stays a binary search over a flat array. */
#include "chrono-layout.h"

#include <string.h>

struct _ChronoLayout {
  GObject parent_instance;
  ChronoTrace *trace;
  GHashTable *collapsed; /* ChronoLane* set; absent = expanded (the default) */
  GHashTable *folded_nodes; /* tree lane -> GHashTable set of node indices + 1 */
  GHashTable *hidden; /* ChronoLane* set */
  GHashTable *axis_ranges; /* density lane -> double[2], the address positions shown */
  GHashTable *ownerships; /* semaphore lane -> ChronoOwnership, its levels of holds and waits */
  char *filter; /* casefolded, NULL when no filter */
  GHashTable *shown_lanes; /* with no name filter: the lanes that match (a search's), NULL when none */
  GArray *rows; /* ChronoLayoutRow */
  GHashTable *row_of_lane; /* ChronoLane* -> row index + 1: find_row in O(1) for every link of a frame */
  GHashTable *tree_rows_end; /* tree lane -> index of its last node row + 1 */
  ChronoTraceSet *set; /* NULL: the trace alone */
  gulong set_changed_id;
  double total_height;
  gulong lanes_changed_id;
  gboolean has_time_range; /* rows of spans are as tall as this range needs */
  gint64 range_begin, range_end;
};

enum { PROP_0, PROP_TRACE, PROP_FILTER, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoLayout, chrono_layout, G_TYPE_OBJECT)

static void rebuild (ChronoLayout *self);

static void
on_lanes_changed (GListModel *model, guint position, guint removed, guint added, gpointer user_data)
{
  chrono_layout_refresh (CHRONO_LAYOUT (user_data));
}

static void
chrono_layout_constructed (GObject *object)
{
  ChronoLayout *self = CHRONO_LAYOUT (object);
  G_OBJECT_CLASS (chrono_layout_parent_class)->constructed (object);
  g_return_if_fail (CHRONO_IS_TRACE (self->trace));
  /* Loaders may add lanes after the view exists (lazy loading). */
  self->lanes_changed_id =
      g_signal_connect (chrono_trace_get_lanes (self->trace), "items-changed", G_CALLBACK (on_lanes_changed), self);
  rebuild (self);
}

static void
chrono_layout_dispose (GObject *object)
{
  ChronoLayout *self = CHRONO_LAYOUT (object);
  if (self->trace != NULL && self->lanes_changed_id != 0)
    g_signal_handler_disconnect (chrono_trace_get_lanes (self->trace), self->lanes_changed_id);
  self->lanes_changed_id = 0;
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (chrono_layout_parent_class)->dispose (object);
}

static void
chrono_layout_finalize (GObject *object)
{
  ChronoLayout *self = CHRONO_LAYOUT (object);
  g_hash_table_unref (self->collapsed);
  g_hash_table_unref (self->folded_nodes);
  g_hash_table_unref (self->tree_rows_end);
  g_hash_table_unref (self->hidden);
  g_hash_table_unref (self->axis_ranges);
  g_hash_table_unref (self->ownerships);
  if (self->set != NULL)
    g_signal_handler_disconnect (self->set, self->set_changed_id);
  g_clear_object (&self->set);
  g_free (self->filter);
  g_clear_pointer (&self->shown_lanes, g_hash_table_unref);
  g_array_unref (self->rows);
  g_hash_table_unref (self->row_of_lane);
  G_OBJECT_CLASS (chrono_layout_parent_class)->finalize (object);
}

static void
chrono_layout_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ChronoLayout *self = CHRONO_LAYOUT (object);
  switch (prop_id)
    {
    case PROP_TRACE: g_value_set_object (value, self->trace); break;
    case PROP_FILTER: g_value_set_string (value, self->filter); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_layout_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ChronoLayout *self = CHRONO_LAYOUT (object);
  switch (prop_id)
    {
    case PROP_TRACE: self->trace = g_value_dup_object (value); break;
    case PROP_FILTER: chrono_layout_set_filter (self, g_value_get_string (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_layout_class_init (ChronoLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->constructed = chrono_layout_constructed;
  object_class->dispose = chrono_layout_dispose;
  object_class->finalize = chrono_layout_finalize;
  object_class->get_property = chrono_layout_get_property;
  object_class->set_property = chrono_layout_set_property;

  properties[PROP_TRACE] = g_param_spec_object ("trace", NULL, NULL, CHRONO_TYPE_TRACE,
                                                G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILTER] = g_param_spec_string ("filter", NULL, NULL, NULL,
                                                 G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The rows changed: which, where or how tall.  Views re-query everything. */
  signals[CHANGED] =
      g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
chrono_layout_init (ChronoLayout *self)
{
  self->collapsed = g_hash_table_new (NULL, NULL);
  self->tree_rows_end = g_hash_table_new (NULL, NULL);
  self->folded_nodes = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_hash_table_unref);
  self->hidden = g_hash_table_new (NULL, NULL);
  self->axis_ranges = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  /* the lanes are held: an ownership borrows its lane's table */
  self->ownerships = g_hash_table_new_full (NULL, NULL, g_object_unref, (GDestroyNotify) chrono_ownership_free);
  self->rows = g_array_new (FALSE, FALSE, sizeof (ChronoLayoutRow));
  self->row_of_lane = g_hash_table_new (NULL, NULL);
}

/* Every lane starts visible and expanded: an exported picture shows tasks
 * together with their runnables, cores and signals without any setup. */
ChronoLayout *
chrono_layout_new (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  return g_object_new (CHRONO_TYPE_LAYOUT, "trace", trace, NULL);
}

ChronoTrace *
chrono_layout_get_trace (ChronoLayout *layout)
{
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout), NULL);
  return layout->trace;
}

ChronoRowStyle
chrono_layout_get_row_style (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), CHRONO_ROW_HEADING);
  ChronoLaneKind kind = chrono_lane_get_kind (lane);
  ChronoSignal *signal = chrono_lane_get_signal (lane);
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  ChronoMarks *marks = chrono_lane_get_marks (lane);
  gboolean any_marks = marks != NULL && chrono_marks_get_n (marks) > 0;
  ChronoSummary *summary = chrono_lane_get_summary (lane);
  if (chrono_lane_get_references (lane, NULL) != NULL)
    return CHRONO_ROW_DENSITY;
  ChronoAccesses *accesses = chrono_lane_get_accesses (lane);
  if (accesses != NULL && chrono_accesses_get_n (accesses) > 0)
    return CHRONO_ROW_OWNERSHIP; /* read whole or lazily, the index pass kept every access */
  if (summary != NULL)
    {
      /* a lazily read lane: what its summary holds decides, as its items would */
      double min, max;
      if (chrono_summary_get_value_range (summary, &min, &max))
        return CHRONO_ROW_SIGNAL;
      if (chrono_summary_has_intervals (summary))
        return CHRONO_ROW_SPANS;
      if (chrono_summary_has_instants (summary))
        return CHRONO_ROW_EVENTS;
    }

  /* a signal that is only ever read has no values: its reads are events */
  if ((signal != NULL && chrono_signal_get_n (signal) > 0) || (kind == CHRONO_LANE_SIGNAL && !any_marks))
    return CHRONO_ROW_SIGNAL;
  if (spans != NULL && chrono_spans_get_n (spans) > 0)
    return CHRONO_ROW_SPANS;
  if (kind == CHRONO_LANE_GROUP || kind == CHRONO_LANE_TREE)
    return any_marks ? CHRONO_ROW_EVENTS : CHRONO_ROW_HEADING; /* a tree's rows follow its heading */
  if (kind == CHRONO_LANE_EVENTS || any_marks)
    return CHRONO_ROW_EVENTS;
  return CHRONO_ROW_SPANS;
}

ChronoOwnership *
chrono_layout_get_ownership (ChronoLayout *layout, ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout) && CHRONO_IS_LANE (lane), NULL);
  ChronoAccesses *accesses = chrono_lane_get_accesses (lane);
  g_return_val_if_fail (accesses != NULL, NULL);
  ChronoOwnership *ownership = g_hash_table_lookup (layout->ownerships, lane);
  if (ownership == NULL || chrono_ownership_get_n_accesses (ownership) != chrono_accesses_get_n (accesses))
    {
      ownership = chrono_ownership_new (accesses);
      g_hash_table_insert (layout->ownerships, g_object_ref (lane), ownership);
    }
  return ownership;
}

/* Sub-rows a lane needs: for the time range on show when there is one
 * (several traces' clocks differ: then for all of it). */
static guint
count_slots (ChronoLayout *self, ChronoLane *lane, ChronoRowStyle style)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  ChronoSummary *summary = chrono_lane_get_summary (lane);
  if (style == CHRONO_ROW_OWNERSHIP)
    {
      ChronoOwnership *ownership = chrono_layout_get_ownership (self, lane);
      return MAX (chrono_ownership_get_n_levels (ownership, CHRONO_OWNERSHIP_HOLD)
                      + chrono_ownership_get_n_levels (ownership, CHRONO_OWNERSHIP_WAIT),
                  1);
    }
  if (style == CHRONO_ROW_SPANS && summary != NULL)
    return (guint) chrono_summary_get_max_depth (summary) + 1;
  if (style != CHRONO_ROW_SPANS || spans == NULL || chrono_spans_get_n (spans) == 0)
    return 1;
  if (self->has_time_range && (self->set == NULL || chrono_trace_set_get_n (self->set) < 2))
    return (guint) chrono_spans_get_max_depth_in (spans, self->range_begin, self->range_end) + 1;
  return (guint) chrono_spans_get_max_depth (spans) + 1;
}

static double
row_height (ChronoRowStyle style, guint n_slots)
{
  switch (style)
    {
    case CHRONO_ROW_HEADING: return CHRONO_LAYOUT_HEADING_HEIGHT;
    case CHRONO_ROW_SIGNAL: return CHRONO_LAYOUT_SIGNAL_HEIGHT;
    case CHRONO_ROW_EVENTS: return CHRONO_LAYOUT_EVENTS_HEIGHT;
    case CHRONO_ROW_TREE_NODE: return CHRONO_LAYOUT_SLOT_HEIGHT;
    case CHRONO_ROW_DENSITY: return CHRONO_LAYOUT_DENSITY_HEIGHT;
    case CHRONO_ROW_OWNERSHIP: return CHRONO_LAYOUT_SLOT_HEIGHT * n_slots;
    case CHRONO_ROW_SPANS: break;
    }
  /* Deep call stacks would otherwise push everything else off screen. */
  double slot = n_slots > CHRONO_LAYOUT_DENSE_SLOTS ? CHRONO_LAYOUT_DENSE_SLOT_HEIGHT : CHRONO_LAYOUT_SLOT_HEIGHT;
  return slot * n_slots;
}

double
chrono_layout_row_get_slot_height (const ChronoLayoutRow *row)
{
  return row->n_slots > 0 ? row->height / row->n_slots : row->height;
}

/* A name filter or a set of lanes decides which lanes are shown. */
static gboolean
filtering (ChronoLayout *self)
{
  return self->filter != NULL || self->shown_lanes != NULL;
}

static gboolean
name_matches (ChronoLayout *self, ChronoLane *lane)
{
  if (self->filter == NULL)
    return self->shown_lanes != NULL && g_hash_table_contains (self->shown_lanes, lane);
  g_autofree char *folded = g_utf8_casefold (chrono_lane_get_name (lane), -1);
  return strstr (folded, self->filter) != NULL;
}

static gboolean add_lane (ChronoLayout *self, ChronoLane *lane, guint indent, gboolean inside_match);

/* ---- tree lanes: a row per node, depth-first, folded nodes' subtrees skipped */

/* A big tree opens folded at the deepest level that keeps it within
 * CHRONO_LAYOUT_TREE_ROWS rows, so that its first frame is its shape. */
static GHashTable *
default_folds (ChronoTree *tree)
{
  GHashTable *folded = g_hash_table_new (NULL, NULL);
  guint n = chrono_tree_get_n_nodes (tree);
  if (n <= CHRONO_LAYOUT_TREE_ROWS)
    return folded;
  g_autoptr (GArray) per_depth = g_array_new (FALSE, TRUE, sizeof (guint));
  for (guint i = 0; i < n; i++)
    {
      guint depth = chrono_tree_get_depth (tree, i);
      if (depth >= per_depth->len)
        g_array_set_size (per_depth, depth + 1);
      g_array_index (per_depth, guint, depth)++;
    }
  guint shown = 0, fold_at = 0;
  while (fold_at < per_depth->len && shown + g_array_index (per_depth, guint, fold_at) <= CHRONO_LAYOUT_TREE_ROWS)
    shown += g_array_index (per_depth, guint, fold_at++);
  fold_at = fold_at > 0 ? fold_at - 1 : 0;
  for (guint i = 0; i < n; i++)
    if (chrono_tree_get_depth (tree, i) == fold_at && chrono_tree_get_subtree_size (tree, i) > 1)
      g_hash_table_add (folded, GUINT_TO_POINTER (i + 1));
  return folded;
}

static GHashTable *
tree_folds (ChronoLayout *self, ChronoLane *lane)
{
  GHashTable *folded = g_hash_table_lookup (self->folded_nodes, lane);
  if (folded == NULL)
    {
      folded = default_folds (chrono_lane_get_tree (lane));
      g_hash_table_insert (self->folded_nodes, lane, folded);
    }
  return folded;
}

static void
add_tree_rows (ChronoLayout *self, ChronoLane *lane, guint indent)
{
  ChronoTree *tree = chrono_lane_get_tree (lane);
  GHashTable *folded = tree_folds (self, lane);
  guint n = chrono_tree_get_n_nodes (tree);
  for (guint i = 0; i < n;)
    {
      ChronoLayoutRow row = { lane, 0.0, CHRONO_LAYOUT_SLOT_HEIGHT, indent + chrono_tree_get_depth (tree, i), 1, i };
      g_array_append_val (self->rows, row);
      i += g_hash_table_contains (folded, GUINT_TO_POINTER (i + 1)) ? chrono_tree_get_subtree_size (tree, i) : 1;
    }
}

void
chrono_layout_set_node_expanded (ChronoLayout *layout, ChronoLane *lane, guint32 node, gboolean expanded)
{
  g_return_if_fail (CHRONO_IS_LAYOUT (layout));
  g_return_if_fail (CHRONO_IS_LANE (lane) && chrono_lane_get_tree (lane) != NULL);
  GHashTable *folded = tree_folds (layout, lane);
  gpointer key = GUINT_TO_POINTER (node + 1);
  if (expanded == !g_hash_table_contains (folded, key))
    return;
  if (expanded)
    g_hash_table_remove (folded, key);
  else
    g_hash_table_add (folded, key);
  chrono_layout_refresh (layout);
}

gboolean
chrono_layout_get_node_expanded (ChronoLayout *layout, ChronoLane *lane, guint32 node)
{
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout), FALSE);
  g_return_val_if_fail (CHRONO_IS_LANE (lane) && chrono_lane_get_tree (lane) != NULL, FALSE);
  return !g_hash_table_contains (tree_folds (layout, lane), GUINT_TO_POINTER (node + 1));
}

/* Node rows follow their lane's row in node order: a binary search. */
gboolean
chrono_layout_find_node_row (ChronoLayout *layout, ChronoLane *lane, guint32 node, guint *out_index)
{
  guint first;
  if (!chrono_layout_find_row (layout, lane, &first))
    return FALSE;
  guint lo = first + 1, hi = GPOINTER_TO_UINT (g_hash_table_lookup (layout->tree_rows_end, lane));
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint32 at = g_array_index (layout->rows, ChronoLayoutRow, mid).node;
      if (at == node)
        {
          *out_index = mid;
          return TRUE;
        }
      if (at < node)
        lo = mid + 1;
      else
        hi = mid;
    }
  return FALSE;
}

ChronoRowStyle
chrono_layout_row_get_style (const ChronoLayoutRow *row)
{
  return row->node != CHRONO_TREE_NONE ? CHRONO_ROW_TREE_NODE : chrono_layout_get_row_style (row->lane);
}

static gboolean
add_children (ChronoLayout *self, GListModel *children, guint indent, gboolean inside_match)
{
  gboolean any = FALSE;
  guint n = g_list_model_get_n_items (children);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (ChronoLane) child = g_list_model_get_item (children, i);
      any |= add_lane (self, child, indent, inside_match);
    }
  return any;
}

/* Appends the lane's row, then its children's.  With a filter the row is
 * taken back out unless the lane matches, lies under a match (a matching
 * task keeps its runnables) or has a matching descendant (the path to a
 * match stays visible, opened even if the user collapsed it). */
static gboolean
add_lane (ChronoLayout *self, ChronoLane *lane, guint indent, gboolean inside_match)
{
  if (g_hash_table_contains (self->hidden, lane))
    return FALSE;
  gboolean matched = inside_match || !filtering (self) || name_matches (self, lane);
  guint mark = self->rows->len;
  ChronoRowStyle style = chrono_layout_get_row_style (lane);
  ChronoLayoutRow row = { lane, 0.0, 0.0, indent, count_slots (self, lane, style), CHRONO_TREE_NONE };
  row.height = row_height (style, row.n_slots);
  g_array_append_val (self->rows, row);

  gboolean expanded = !g_hash_table_contains (self->collapsed, lane);
  if (expanded && chrono_lane_get_tree (lane) != NULL)
    add_tree_rows (self, lane, indent + 1);
  gboolean descendant_shown = FALSE;
  if (expanded || !matched)
    descendant_shown = add_children (self, chrono_lane_get_children (lane), indent + 1, matched && filtering (self));
  if (!matched && !descendant_shown)
    {
      g_array_set_size (self->rows, mark);
      return FALSE;
    }
  return TRUE;
}

static void
assign_offsets (ChronoLayout *self)
{
  double y = 0.0;
  for (guint i = 0; i < self->rows->len; i++)
    {
      ChronoLayoutRow *row = &g_array_index (self->rows, ChronoLayoutRow, i);
      row->y = y;
      y += row->height;
    }
  self->total_height = y;
}

/* A member of a set: its heading, and its lanes under it unless folded. */
static void
add_member (ChronoLayout *self, guint member)
{
  guint mark = self->rows->len;
  ChronoLane *heading = chrono_trace_set_get_heading (self->set, member);
  ChronoLayoutRow row = { heading, 0.0, CHRONO_LAYOUT_HEADING_HEIGHT, 0, 1, CHRONO_TREE_NONE, member };
  g_array_append_val (self->rows, row);
  gboolean any = FALSE;
  if (!g_hash_table_contains (self->collapsed, heading) || filtering (self))
    any = add_children (self, chrono_trace_get_lanes (chrono_trace_set_get_trace (self->set, member)), 1, FALSE);
  if (filtering (self) && !any && !name_matches (self, heading))
    g_array_set_size (self->rows, mark);
  for (guint i = mark; i < self->rows->len; i++)
    g_array_index (self->rows, ChronoLayoutRow, i).member = member;
}

static void
rebuild (ChronoLayout *self)
{
  g_array_set_size (self->rows, 0);
  if (self->set != NULL && chrono_trace_set_get_n (self->set) > 1)
    for (guint m = 0; m < chrono_trace_set_get_n (self->set); m++)
      add_member (self, m);
  else if (self->trace != NULL)
    add_children (self, chrono_trace_get_lanes (self->trace), 0, FALSE);
  assign_offsets (self);
  g_hash_table_remove_all (self->row_of_lane);
  g_hash_table_remove_all (self->tree_rows_end);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const ChronoLayoutRow *row = &g_array_index (self->rows, ChronoLayoutRow, i);
      if (row->node == CHRONO_TREE_NONE)
        g_hash_table_insert (self->row_of_lane, row->lane, GUINT_TO_POINTER (i + 1));
      else
        g_hash_table_insert (self->tree_rows_end, row->lane, GUINT_TO_POINTER (i + 1));
    }
}

/* Re-reads the lanes: after a loader added children or decoded deeper calls. */
void
chrono_layout_refresh (ChronoLayout *layout)
{
  g_return_if_fail (CHRONO_IS_LAYOUT (layout));
  rebuild (layout);
  g_signal_emit (layout, signals[CHANGED], 0);
}

static gboolean
set_membership (GHashTable *set, ChronoLane *lane, gboolean member)
{
  if (member == g_hash_table_contains (set, lane))
    return FALSE;
  if (member)
    g_hash_table_add (set, lane);
  else
    g_hash_table_remove (set, lane);
  return TRUE;
}

void
chrono_layout_set_expanded (ChronoLayout *layout, ChronoLane *lane, gboolean expanded)
{
  g_return_if_fail (CHRONO_IS_LAYOUT (layout));
  g_return_if_fail (CHRONO_IS_LANE (lane));
  if (set_membership (layout->collapsed, lane, !expanded))
    chrono_layout_refresh (layout);
}

gboolean
chrono_layout_get_expanded (ChronoLayout *layout, ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout), FALSE);
  return !g_hash_table_contains (layout->collapsed, lane);
}

void
chrono_layout_set_visible (ChronoLayout *layout, ChronoLane *lane, gboolean visible)
{
  g_return_if_fail (CHRONO_IS_LAYOUT (layout));
  g_return_if_fail (CHRONO_IS_LANE (lane));
  if (set_membership (layout->hidden, lane, !visible))
    chrono_layout_refresh (layout);
}

gboolean
chrono_layout_get_visible (ChronoLayout *layout, ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout), FALSE);
  return !g_hash_table_contains (layout->hidden, lane);
}

/* Case-insensitive substring of the lane name; NULL or "" shows everything. */
void
chrono_layout_set_filter (ChronoLayout *layout, const char *substring)
{
  g_return_if_fail (CHRONO_IS_LAYOUT (layout));
  char *folded = substring != NULL && *substring != '\0' ? g_utf8_casefold (substring, -1) : NULL;
  if (g_strcmp0 (folded, layout->filter) == 0)
    {
      g_free (folded);
      return;
    }
  g_free (layout->filter);
  layout->filter = folded;
  g_object_notify_by_pspec (G_OBJECT (layout), properties[PROP_FILTER]);
  chrono_layout_refresh (layout);
}

/* Rows of spans as tall as [begin, end) needs: a sub-row used elsewhere in
 * the trace takes no room here.  The layout changes (and says so) only
 * when a row's height does. */
void
chrono_layout_set_time_range (ChronoLayout *layout, gint64 begin, gint64 end)
{
  g_return_if_fail (CHRONO_IS_LAYOUT (layout));
  if (layout->has_time_range && layout->range_begin == begin && layout->range_end == end)
    return;
  layout->has_time_range = TRUE;
  layout->range_begin = begin;
  layout->range_end = end;
  for (guint i = 0; i < layout->rows->len; i++)
    {
      const ChronoLayoutRow *row = &g_array_index (layout->rows, ChronoLayoutRow, i);
      if (row->node != CHRONO_TREE_NONE)
        continue;
      ChronoRowStyle style = chrono_layout_get_row_style (row->lane);
      if (style == CHRONO_ROW_SPANS && count_slots (layout, row->lane, style) != row->n_slots)
        {
          chrono_layout_refresh (layout);
          return;
        }
    }
}

/* Only these lanes (a set of ChronoLane *), the paths to them and what lies
 * under them; NULL shows every lane.  A name filter, when set, wins. */
void
chrono_layout_set_shown_lanes (ChronoLayout *layout, GHashTable *lanes)
{
  g_return_if_fail (CHRONO_IS_LAYOUT (layout));
  if (lanes == layout->shown_lanes)
    return;
  g_clear_pointer (&layout->shown_lanes, g_hash_table_unref);
  layout->shown_lanes = lanes != NULL ? g_hash_table_ref (lanes) : NULL;
  chrono_layout_refresh (layout);
}

const char *
chrono_layout_get_filter (ChronoLayout *layout)
{
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout), NULL);
  return layout->filter;
}

guint
chrono_layout_get_n_rows (ChronoLayout *layout)
{
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout), 0);
  return layout->rows->len;
}

const ChronoLayoutRow *
chrono_layout_get_row (ChronoLayout *layout, guint index)
{
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout), NULL);
  g_return_val_if_fail (index < layout->rows->len, NULL);
  return &g_array_index (layout->rows, ChronoLayoutRow, index);
}

double
chrono_layout_get_total_height (ChronoLayout *layout)
{
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout), 0.0);
  return layout->total_height;
}

gboolean
chrono_layout_find_row (ChronoLayout *layout, ChronoLane *lane, guint *out_index)
{
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout), FALSE);
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (layout->row_of_lane, lane));
  if (index == 0)
    return FALSE;
  if (out_index != NULL)
    *out_index = index - 1;
  return TRUE;
}

/* The row whose [y, y + height) holds y. */
gboolean
chrono_layout_row_at_y (ChronoLayout *layout, double y, guint *out_index)
{
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout), FALSE);
  if (y < 0.0 || y >= layout->total_height)
    return FALSE;
  guint lo = 0, hi = layout->rows->len;
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;
      if (g_array_index (layout->rows, ChronoLayoutRow, mid).y <= y)
        lo = mid;
      else
        hi = mid;
    }
  if (out_index != NULL)
    *out_index = lo;
  return TRUE;
}

void
chrono_layout_set_axis_range (ChronoLayout *layout, ChronoLane *lane, double lo, double hi)
{
  g_return_if_fail (CHRONO_IS_LAYOUT (layout) && CHRONO_IS_LANE (lane) && hi > lo);
  double *range = g_new (double, 2);
  range[0] = lo;
  range[1] = hi;
  g_hash_table_insert (layout->axis_ranges, lane, range);
  g_signal_emit (layout, signals[CHANGED], 0);
}

void
chrono_layout_reset_axis_range (ChronoLayout *layout, ChronoLane *lane)
{
  g_return_if_fail (CHRONO_IS_LAYOUT (layout));
  if (g_hash_table_remove (layout->axis_ranges, lane))
    g_signal_emit (layout, signals[CHANGED], 0);
}

gboolean
chrono_layout_get_axis_range (ChronoLayout *layout, ChronoLane *lane, double *lo, double *hi)
{
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout), FALSE);
  const double *range = g_hash_table_lookup (layout->axis_ranges, lane);
  if (range == NULL)
    return FALSE;
  *lo = range[0];
  *hi = range[1];
  return TRUE;
}

static void
on_set_changed (ChronoLayout *self)
{
  chrono_layout_refresh (self);
}

void
chrono_layout_set_trace_set (ChronoLayout *layout, ChronoTraceSet *set)
{
  g_return_if_fail (CHRONO_IS_LAYOUT (layout));
  g_return_if_fail (set == NULL || chrono_trace_set_get_reference (set) == layout->trace);
  if (layout->set != NULL)
    g_signal_handler_disconnect (layout->set, layout->set_changed_id);
  g_set_object (&layout->set, set);
  /* a trace added or moved: the rows (and the picture) follow */
  layout->set_changed_id = set ? g_signal_connect_swapped (set, "changed", G_CALLBACK (on_set_changed), layout) : 0;
  chrono_layout_refresh (layout);
}

ChronoTraceSet *
chrono_layout_get_trace_set (ChronoLayout *layout)
{
  g_return_val_if_fail (CHRONO_IS_LAYOUT (layout), NULL);
  return layout->set;
}

/* ---- saved views ---------------------------------------------------------- */

static void
apply_lanes (ChronoLayout *self, GHashTable *by_key, GPtrArray *keys, gboolean hide, GPtrArray *unknown)
{
  for (guint i = 0; i < keys->len; i++)
    {
      const char *key = g_ptr_array_index (keys, i);
      ChronoLane *lane = g_hash_table_lookup (by_key, key);
      if (lane == NULL)
        {
          if (unknown != NULL)
            g_ptr_array_add (unknown, g_strdup (key));
        }
      else if (hide)
        g_hash_table_add (self->hidden, lane);
      else
        g_hash_table_add (self->collapsed, lane);
    }
}

void
chrono_layout_apply_view_state (ChronoLayout *self, ChronoViewState *state, GPtrArray *unknown)
{
  g_return_if_fail (CHRONO_IS_LAYOUT (self) && CHRONO_IS_VIEW_STATE (state));
  /* all at once, one rebuild: a view may hide thousands of lanes */
  g_autoptr (GHashTable) by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (self->trace);
  for (guint i = 0; i < lanes->len; i++)
    g_hash_table_insert (by_key, chrono_lane_dup_key (g_ptr_array_index (lanes, i)), g_ptr_array_index (lanes, i));
  apply_lanes (self, by_key, chrono_view_state_get_hidden (state), TRUE, unknown);
  apply_lanes (self, by_key, chrono_view_state_get_collapsed (state), FALSE, unknown);
  chrono_layout_refresh (self);
}

void
chrono_layout_store_view_state (ChronoLayout *self, ChronoViewState *state)
{
  g_return_if_fail (CHRONO_IS_LAYOUT (self) && CHRONO_IS_VIEW_STATE (state));
  chrono_view_state_clear_lanes (state);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (self->trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      g_autofree char *key = NULL;
      if (g_hash_table_contains (self->hidden, lane))
        chrono_view_state_add_hidden (state, key = chrono_lane_dup_key (lane));
      if (g_hash_table_contains (self->collapsed, lane) && chrono_lane_get_n_children (lane) > 0)
        chrono_view_state_add_collapsed (state, key != NULL ? key : (key = chrono_lane_dup_key (lane)));
    }
}
