/* chrono-range-view.c — the Range page.  The viewport says when its
 * markers or selection move ("overlay-changed", which the pointer's line
 * also sends): the range is read again and, when it changed, the tables are
 * computed once the main loop is idle (a drag moves the range at every
 * motion; only the last one counts), or when the page is next shown.  The
 * analysis answers from the lanes' block totals and summaries, so a range
 * of a big trace costs milliseconds (tests/benchmarks/range-table.c).
 *
 * The cells (chrono-range-view-cells.c) and the tables as text
 * (chrono-range-view-copy.c) are parts of the same type, sharing
 * chrono-range-view-private.h. */
#include "chrono-widget-util.h"

#include <glib/gi18n-lib.h>

#include "chrono-range-view-private.h"

#include <string.h>

#include "chrono-range-counters-view.h"
#include "chrono-range-stats.h"
#include "chrono-trace-set.h"

G_DEFINE_FINAL_TYPE (ChronoRangeView, chrono_range_view, GTK_TYPE_BOX)

/* The metrics of the table, in its order. */
static const ChronoMetric shown_metrics[] = { CHRONO_METRIC_RESPONSE_TIME, CHRONO_METRIC_NET_EXECUTION };

const char *
chrono_range_view_metric_label (ChronoMetric metric)
{
  switch (metric)
    {
    case CHRONO_METRIC_RESPONSE_TIME: return _ ("Response time");
    case CHRONO_METRIC_NET_EXECUTION: return _ ("Net execution");
    default: g_return_val_if_reached ("");
    }
}

const char *
chrono_range_view_figure_label (Figure figure)
{
  switch (figure)
    {
    case FIG_COUNT: return _ ("Count");
    case FIG_MIN: return _ ("Min");
    case FIG_MEAN: return _ ("Mean");
    case FIG_P95: return _ ("p95");
    case FIG_MAX: return _ ("Max");
    default: g_return_val_if_reached ("");
    }
}

gboolean
chrono_range_view_applies (ChronoTrace *trace)
{
  return chrono_range_stats_applies (trace);
}

static void
clear_member (gpointer data)
{
  Member *m = data;
  g_clear_pointer (&m->lanes, g_array_unref);
  g_clear_pointer (&m->metrics, g_ptr_array_unref);
  g_clear_object (&m->trace);
}

Member *
chrono_range_view_member_at (ChronoRangeView *self, guint member)
{
  return &g_array_index (self->members, Member, member);
}

const ChronoClock *
chrono_range_view_clock_of (ChronoRangeView *self, guint member)
{
  return chrono_trace_get_clock (chrono_range_view_member_at (self, member)->trace);
}

const ChronoRangeLane *
chrono_range_view_lane_row (ChronoRangeView *self, guint member, guint index)
{
  return &g_array_index (chrono_range_view_member_at (self, member)->lanes, ChronoRangeLane, index);
}

const ChronoEntitySummary *
chrono_range_view_entity_row (ChronoRangeView *self, guint member, guint index)
{
  return g_ptr_array_index (chrono_range_view_member_at (self, member)->metrics, index);
}

/* ---- the range -------------------------------------------------------------- */

/* The selection, else the markers when both are set apart. */
static gboolean
read_range (ChronoRangeView *self, gint64 *begin, gint64 *end, gboolean *from_selection)
{
  *from_selection = chrono_viewport_get_selection (self->viewport, begin, end) && *end > *begin;
  if (*from_selection)
    return TRUE;
  gint64 a, b;
  if (!chrono_viewport_get_marker (self->viewport, CHRONO_MARKER_A, &a)
      || !chrono_viewport_get_marker (self->viewport, CHRONO_MARKER_B, &b) || a == b)
    return FALSE;
  *begin = MIN (a, b);
  *end = MAX (a, b);
  return TRUE;
}

gboolean
chrono_range_view_get_range (ChronoRangeView *self, gint64 *out_begin, gint64 *out_end)
{
  g_return_val_if_fail (CHRONO_IS_RANGE_VIEW (self), FALSE);
  if (!self->has_range)
    return FALSE;
  *out_begin = self->begin;
  *out_end = self->end;
  return TRUE;
}

/* A reference tick on a member's clock: the first of its ticks at or after it. */
static gint64
to_member (ChronoRangeView *self, guint member, gint64 t)
{
  if (self->set == NULL || member == 0)
    return t;
  gint64 out;
  double fraction;
  chrono_clock_map_invert (chrono_trace_set_get_map (self->set, member), t, &out, &fraction);
  return fraction > 0 && out < G_MAXINT64 ? out + 1 : out;
}

static gint64
to_reference (ChronoRangeView *self, guint member, gint64 t)
{
  return self->set == NULL || member == 0 ? t : chrono_trace_set_to_reference (self->set, member, t);
}

/* ---- showing ---------------------------------------------------------------- */

static double
seconds (ChronoRangeView *self, guint member, guint64 ticks)
{
  return chrono_clock_to_seconds (chrono_range_view_clock_of (self, member),
                                  (gint64) MIN (ticks, (guint64) G_MAXINT64));
}

/* A lane's path, or (short) what follows its top group: "Tasks/" and
 * "Cores/" say little in a narrow column, "TASK_1MS/" tells apart the
 * runnables of that name under several tasks.  With several traces the
 * file comes first. */
static char *
lane_name (ChronoRangeView *self, guint member, ChronoLane *lane, gboolean short_name)
{
  g_autofree char *path = chrono_lane_dup_path (lane);
  const char *shown = path;
  ChronoLane *top = lane;
  while (chrono_lane_get_parent (top) != NULL)
    top = chrono_lane_get_parent (top);
  if (short_name && top != lane)
    {
      g_autofree char *prefix = chrono_lane_dup_path (top);
      if (g_str_has_prefix (path, prefix) && path[strlen (prefix)] == '/')
        shown = path + strlen (prefix) + 1;
    }
  if (self->set == NULL || chrono_trace_set_get_n (self->set) < 2)
    return g_strdup (shown);
  g_autofree char *base = chrono_trace_set_dup_name (self->set, member);
  return g_strdup_printf ("%s: %s", base, shown);
}

static void
fill_lanes (ChronoRangeView *self)
{
  memset (self->state_shown, 0, sizeof self->state_shown);
  self->exact_items = TRUE;
  gboolean any_longest = FALSE;
  for (guint m = 0; m < self->members->len; m++)
    {
      Member *member = chrono_range_view_member_at (self, m);
      for (guint i = 0; i < member->lanes->len; i++)
        {
          const ChronoRangeLane *r = &g_array_index (member->lanes, ChronoRangeLane, i);
          g_autofree char *name = lane_name (self, m, r->lane, TRUE);
          g_autofree char *path = lane_name (self, m, r->lane, FALSE);
          GtkTreeIter iter;
          gtk_list_store_append (self->lanes_store, &iter);
          gtk_list_store_set (self->lanes_store, &iter, CHRONO_RANGE_LANES_NAME, name, CHRONO_RANGE_LANES_PATH, path,
                              CHRONO_RANGE_LANES_LANE, r->lane, CHRONO_RANGE_LANES_MEMBER, m, CHRONO_RANGE_LANES_INDEX,
                              i, CHRONO_RANGE_LANES_BUSY,
                              (double) r->busy / chrono_ticks_apart (member->begin, member->end),
                              CHRONO_RANGE_LANES_ITEMS, r->begun, CHRONO_RANGE_LANES_LONGEST,
                              r->has_longest ? chrono_ticks_apart (r->longest_start, r->longest_end)
                                                   / (double) chrono_range_view_clock_of (self, m)->ticks_per_second
                                             : -1.0,
                              -1);
          for (guint s = CHRONO_STATE_NONE + 1; s < CHRONO_N_STATES; s++)
            {
              gtk_list_store_set (self->lanes_store, &iter, CHRONO_RANGE_LANES_STATE + s,
                                  seconds (self, m, r->time_in_state[s]), -1);
              self->state_shown[s] |= r->time_in_state[s] > 0;
            }
          self->exact_items &= r->exact_items;
          any_longest |= r->has_longest;
        }
    }
  for (guint s = CHRONO_STATE_NONE + 1; s < CHRONO_N_STATES; s++)
    gtk_tree_view_column_set_visible (self->state_columns[s], self->state_shown[s]);
  /* a lazily read trace knows no longest item: a column of dashes says nothing */
  gtk_tree_view_column_set_visible (self->longest_column, any_longest);
  gtk_tree_view_column_set_title (self->items_column, self->exact_items ? _ ("Items begun") : _ ("Items overlapping"));
}

static void
fill_metrics (ChronoRangeView *self)
{
  guint rows = 0;
  for (guint m = 0; m < self->members->len; m++)
    {
      Member *member = chrono_range_view_member_at (self, m);
      for (guint i = 0; i < member->metrics->len; i++)
        {
          const ChronoEntitySummary *e = g_ptr_array_index (member->metrics, i);
          g_autofree char *entity = g_strdup_printf ("%s (%s)", e->name, e->type);
          for (guint k = 0; k < G_N_ELEMENTS (shown_metrics); k++)
            {
              const ChronoMetricSummary *s = &e->summary[shown_metrics[k]];
              if (s->count == 0)
                continue;
              GtkTreeIter iter;
              gtk_list_store_append (self->metrics_store, &iter);
              gtk_list_store_set (self->metrics_store, &iter, CHRONO_RANGE_METRICS_ENTITY, entity,
                                  CHRONO_RANGE_METRICS_METRIC, shown_metrics[k], CHRONO_RANGE_METRICS_MEMBER, m,
                                  CHRONO_RANGE_METRICS_INDEX, i, CHRONO_RANGE_METRICS_COUNT, s->count,
                                  CHRONO_RANGE_METRICS_MIN, seconds (self, m, s->min), CHRONO_RANGE_METRICS_MEAN,
                                  seconds (self, m, s->sum) / s->count, CHRONO_RANGE_METRICS_P95,
                                  seconds (self, m, s->p95), CHRONO_RANGE_METRICS_MAX, seconds (self, m, s->max), -1);
              rows++;
            }
        }
    }
  gtk_widget_set_visible (self->metrics_part, rows > 0);
}

static void
show_message (ChronoRangeView *self)
{
  if (!self->has_range)
    {
      gtk_label_set_text (GTK_LABEL (self->message),
                          _ ("Select a range: Shift-drag on the ruler, or set markers A and B."));
      return;
    }
  ChronoTrace *trace = chrono_timeline_view_get_trace (self->timeline);
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  gint64 origin = chrono_viewport_get_origin (self->viewport);
  g_autofree char *from = chrono_clock_format_ticks (clock, self->begin - origin, 7);
  g_autofree char *to = chrono_clock_format_ticks (clock, self->end - origin, 7);
  g_autofree char *length = chrono_clock_format_duration (clock, chrono_ticks_between (self->begin, self->end), 4);
  g_autofree char *text =
      g_strdup_printf (self->from_selection ? _ ("The selection, %s to %s (%s)") : _ ("Markers A to B, %s to %s (%s)"),
                       from, to, length);
  gtk_label_set_text (GTK_LABEL (self->message), text);
}

static void
compute (ChronoRangeView *self)
{
  self->stale = FALSE;
  g_clear_handle_id (&self->idle_id, g_source_remove);
  gint64 start = g_get_monotonic_time ();
  /* the models are refilled unsorted, then sorted once by the column chosen */
  int sort_column[2];
  GtkSortType order[2];
  GtkListStore *stores[] = { self->lanes_store, self->metrics_store };
  for (guint i = 0; i < G_N_ELEMENTS (stores); i++)
    {
      gtk_tree_sortable_get_sort_column_id (GTK_TREE_SORTABLE (stores[i]), &sort_column[i], &order[i]);
      gtk_tree_sortable_set_sort_column_id (GTK_TREE_SORTABLE (stores[i]), GTK_TREE_SORTABLE_UNSORTED_SORT_COLUMN_ID,
                                            GTK_SORT_ASCENDING);
      gtk_list_store_clear (stores[i]);
    }
  g_array_set_size (self->members, 0);
  chrono_range_counters_view_clear (CHRONO_RANGE_COUNTERS_VIEW (self->counters));
  show_message (self);
  gtk_widget_set_visible (self->content, self->has_range);
  if (self->has_range)
    {
      ChronoTrace *reference = chrono_timeline_view_get_trace (self->timeline);
      guint n = self->set != NULL ? chrono_trace_set_get_n (self->set) : 1;
      gboolean lazy = FALSE;
      for (guint m = 0; m < n; m++)
        {
          ChronoTrace *trace = m == 0 ? reference : chrono_trace_set_get_trace (self->set, m);
          Member member = { g_object_ref (trace), to_member (self, m, self->begin), to_member (self, m, self->end) };
          chrono_time_range_at_least_a_tick (&member.begin, &member.end);
          member.lanes = chrono_range_stats_compute (trace, member.begin, member.end);
          member.metrics = chrono_range_metrics_compute (trace, member.begin, member.end, CHRONO_RANGE_METRICS);
          lazy |= chrono_trace_is_lazy (trace);
          chrono_range_counters_view_add (CHRONO_RANGE_COUNTERS_VIEW (self->counters), trace, member.begin, member.end);
          g_array_append_val (self->members, member);
        }
      fill_lanes (self);
      fill_metrics (self);
      gtk_widget_set_visible (self->note, lazy);
    }
  for (guint i = 0; i < G_N_ELEMENTS (stores); i++)
    if (sort_column[i] != GTK_TREE_SORTABLE_UNSORTED_SORT_COLUMN_ID)
      gtk_tree_sortable_set_sort_column_id (GTK_TREE_SORTABLE (stores[i]), sort_column[i], order[i]);
  g_debug ("range page: %d lanes, %d metric rows in %.1f ms",
           gtk_tree_model_iter_n_children (GTK_TREE_MODEL (self->lanes_store), NULL),
           gtk_tree_model_iter_n_children (GTK_TREE_MODEL (self->metrics_store), NULL),
           (g_get_monotonic_time () - start) / 1000.0);
}

void
chrono_range_view_update (ChronoRangeView *self)
{
  g_return_if_fail (CHRONO_IS_RANGE_VIEW (self));
  if (self->stale)
    compute (self);
}

static gboolean
idle_compute (gpointer data)
{
  ChronoRangeView *self = data;
  self->idle_id = 0;
  compute (self);
  return G_SOURCE_REMOVE;
}

static void
schedule (ChronoRangeView *self)
{
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && self->idle_id == 0)
    self->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, idle_compute, self, NULL);
}

/* Markers, selection or only the pointer's line moved. */
static void
overlay_changed (ChronoRangeView *self)
{
  gint64 begin = 0, end = 0;
  gboolean from_selection = FALSE;
  gboolean has_range = read_range (self, &begin, &end, &from_selection);
  if (has_range == self->has_range && from_selection == self->from_selection
      && (!has_range || (begin == self->begin && end == self->end)))
    return;
  self->has_range = has_range;
  self->from_selection = from_selection;
  self->begin = begin;
  self->end = end;
  schedule (self);
}

static void
mapped (ChronoRangeView *self)
{
  if (self->stale)
    compute (self);
}

void
chrono_range_view_set_trace_set (ChronoRangeView *self, ChronoTraceSet *set)
{
  g_return_if_fail (CHRONO_IS_RANGE_VIEW (self));
  g_set_object (&self->set, set);
  schedule (self);
}

/* ---- going to what a row names ---------------------------------------------------- */

/* [begin, end) of a member's clock in view, with a quarter of it on either side. */
static void
zoom_around (ChronoRangeView *self, guint member, gint64 begin, gint64 end)
{
  gint64 b = to_reference (self, member, begin), e = to_reference (self, member, end);
  gint64 margin = MAX ((e - b) / 4, 1);
  chrono_viewport_zoom_to (self->viewport, b - margin, MAX (e, b + 1) + margin);
}

/* The span a lane's longest item is. */
static gboolean
find_longest (const ChronoRangeLane *r, guint *out_span)
{
  ChronoSpans *spans = chrono_lane_get_spans (r->lane);
  if (spans == NULL || !r->has_longest)
    return FALSE;
  guint n = chrono_spans_get_n (spans);
  for (guint i = chrono_spans_first_starting_at_or_after (spans, r->longest_start);
       i < n && chrono_spans_get_start (spans, i) == r->longest_start; i++)
    if (chrono_spans_get_end (spans, i) == r->longest_end)
      {
        *out_span = i;
        return TRUE;
      }
  return FALSE;
}

static void
lane_activated (ChronoRangeView *self, GtkTreePath *path, GtkTreeViewColumn *column, GtkTreeView *tree)
{
  GtkTreeIter iter;
  if (!gtk_tree_model_get_iter (GTK_TREE_MODEL (self->lanes_store), &iter, path))
    return;
  guint member, index;
  gtk_tree_model_get (GTK_TREE_MODEL (self->lanes_store), &iter, CHRONO_RANGE_LANES_MEMBER, &member,
                      CHRONO_RANGE_LANES_INDEX, &index, -1);
  const ChronoRangeLane *r = chrono_range_view_lane_row (self, member, index);
  guint span;
  if (r->has_longest)
    zoom_around (self, member, r->longest_start, r->longest_end);
  /* the selection is the first trace's (the inspector reads it on that trace's clock) */
  if (member == 0 && find_longest (r, &span))
    chrono_timeline_view_select (self->timeline, r->lane, span);
  chrono_timeline_view_show_lane (self->timeline, r->lane);
}

static void
metric_activated (ChronoRangeView *self, GtkTreePath *path, GtkTreeViewColumn *column, GtkTreeView *tree)
{
  GtkTreeIter iter;
  if (!gtk_tree_model_get_iter (GTK_TREE_MODEL (self->metrics_store), &iter, path))
    return;
  guint member, index;
  int metric;
  gtk_tree_model_get (GTK_TREE_MODEL (self->metrics_store), &iter, CHRONO_RANGE_METRICS_MEMBER, &member,
                      CHRONO_RANGE_METRICS_INDEX, &index, CHRONO_RANGE_METRICS_METRIC, &metric, -1);
  const ChronoInstanceMetrics *worst = &chrono_range_view_entity_row (self, member, index)->worst[metric];
  zoom_around (self, member, worst->activated, worst->terminated);
  if (member == 0)
    chrono_timeline_view_select_instance (self->timeline, worst->lane, worst->index);
  chrono_timeline_view_show_lane (self->timeline, worst->lane);
}

GtkTreeView *
chrono_range_view_get_lanes (ChronoRangeView *self)
{
  g_return_val_if_fail (CHRONO_IS_RANGE_VIEW (self), NULL);
  return GTK_TREE_VIEW (self->lanes);
}

GtkTreeView *
chrono_range_view_get_metrics (ChronoRangeView *self)
{
  g_return_val_if_fail (CHRONO_IS_RANGE_VIEW (self), NULL);
  return GTK_TREE_VIEW (self->metrics);
}

GtkWidget *
chrono_range_view_get_counters (ChronoRangeView *self)
{
  g_return_val_if_fail (CHRONO_IS_RANGE_VIEW (self), NULL);
  return self->counters;
}

GtkWidget *
chrono_range_view_get_copy_button (ChronoRangeView *self)
{
  g_return_val_if_fail (CHRONO_IS_RANGE_VIEW (self), NULL);
  return self->copy_button;
}

const char *
chrono_range_view_get_message (ChronoRangeView *self)
{
  g_return_val_if_fail (CHRONO_IS_RANGE_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->message));
}

/* ---- life cycle --------------------------------------------------------------- */

static GtkTreeViewColumn *
add_column (ChronoRangeView *self, GtkWidget *tree, const char *title, int column, int sort_column,
            GtkTreeCellDataFunc func, gboolean numeric)
{
  GtkCellRenderer *cell = gtk_cell_renderer_text_new ();
  if (numeric)
    g_object_set (cell, "xalign", 1.0, NULL);
  else if (column == CHRONO_RANGE_LANES_NAME && func == chrono_range_view_lane_cell)
    g_object_set (cell, "ellipsize", PANGO_ELLIPSIZE_MIDDLE, NULL); /* the task and the runnable, both */
  else if (column == CHRONO_RANGE_METRICS_ENTITY && func == chrono_range_view_metric_cell)
    g_object_set (cell, "ellipsize", PANGO_ELLIPSIZE_MIDDLE, NULL);
  GtkTreeViewColumn *c = gtk_tree_view_column_new ();
  gtk_tree_view_column_set_title (c, title);
  gtk_tree_view_column_pack_start (c, cell, TRUE);
  gtk_tree_view_column_set_cell_data_func (c, cell, func, GINT_TO_POINTER (column), NULL);
  gtk_tree_view_column_set_sort_column_id (c, sort_column);
  gtk_tree_view_column_set_resizable (c, TRUE);
  if (!numeric && column == CHRONO_RANGE_LANES_NAME)
    {
      gtk_tree_view_column_set_expand (c, TRUE);
      gtk_tree_view_column_set_min_width (c, 210);
    }
  g_object_set_data (G_OBJECT (c), "view", self);
  g_object_set_data (G_OBJECT (c), "column", GINT_TO_POINTER (column));
  gtk_tree_view_append_column (GTK_TREE_VIEW (tree), c);
  return c;
}

static GtkWidget *
make_lanes (ChronoRangeView *self)
{
  GType types[CHRONO_RANGE_LANES_STATE + CHRONO_N_STATES] = {
    [CHRONO_RANGE_LANES_NAME] = G_TYPE_STRING,  [CHRONO_RANGE_LANES_PATH] = G_TYPE_STRING,
    [CHRONO_RANGE_LANES_LANE] = G_TYPE_POINTER, [CHRONO_RANGE_LANES_MEMBER] = G_TYPE_UINT,
    [CHRONO_RANGE_LANES_INDEX] = G_TYPE_UINT,   [CHRONO_RANGE_LANES_BUSY] = G_TYPE_DOUBLE,
    [CHRONO_RANGE_LANES_ITEMS] = G_TYPE_UINT,   [CHRONO_RANGE_LANES_LONGEST] = G_TYPE_DOUBLE,
  };
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    types[CHRONO_RANGE_LANES_STATE + s] = G_TYPE_DOUBLE;
  self->lanes_store = gtk_list_store_newv (G_N_ELEMENTS (types), types);
  GtkWidget *tree = gtk_tree_view_new_with_model (GTK_TREE_MODEL (self->lanes_store));
  gtk_tree_view_set_tooltip_column (GTK_TREE_VIEW (tree), CHRONO_RANGE_LANES_PATH);
  /* the few figures every lane has first, so a narrow panel shows them; then the states */
  add_column (self, tree, _ ("Lane"), CHRONO_RANGE_LANES_NAME, CHRONO_RANGE_LANES_NAME, chrono_range_view_lane_cell,
              FALSE);
  add_column (self, tree, _ ("Busy"), CHRONO_RANGE_LANES_BUSY, CHRONO_RANGE_LANES_BUSY, chrono_range_view_lane_cell,
              TRUE);
  self->items_column = add_column (self, tree, _ ("Items begun"), CHRONO_RANGE_LANES_ITEMS, CHRONO_RANGE_LANES_ITEMS,
                                   chrono_range_view_lane_cell, TRUE);
  self->longest_column = add_column (self, tree, _ ("Longest"), CHRONO_RANGE_LANES_LONGEST, CHRONO_RANGE_LANES_LONGEST,
                                     chrono_range_view_lane_cell, TRUE);
  gtk_widget_set_tooltip_text (gtk_tree_view_column_get_button (self->longest_column),
                               _ ("The longest item that begins in the range; activate a row to go to it"));
  for (guint s = CHRONO_STATE_NONE + 1; s < CHRONO_N_STATES; s++)
    self->state_columns[s] = add_column (self, tree, chrono_state_get_label (s), CHRONO_RANGE_LANES_STATE + s,
                                         CHRONO_RANGE_LANES_STATE + s, chrono_range_view_lane_cell, TRUE);
  g_signal_connect_swapped (tree, "row-activated", G_CALLBACK (lane_activated), self);
  return tree;
}

static GtkWidget *
make_metrics (ChronoRangeView *self)
{
  self->metrics_store =
      gtk_list_store_new (CHRONO_RANGE_METRICS_N_COLUMNS, G_TYPE_STRING, G_TYPE_INT, G_TYPE_UINT, G_TYPE_UINT,
                          G_TYPE_UINT, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  GtkWidget *tree = gtk_tree_view_new_with_model (GTK_TREE_MODEL (self->metrics_store));
  add_column (self, tree, _ ("Entity"), CHRONO_RANGE_METRICS_ENTITY, CHRONO_RANGE_METRICS_ENTITY,
              chrono_range_view_metric_cell, FALSE);
  add_column (self, tree, _ ("Metric"), CHRONO_RANGE_METRICS_METRIC, CHRONO_RANGE_METRICS_METRIC,
              chrono_range_view_metric_cell, FALSE);
  const int figures[N_FIGURES] = { CHRONO_RANGE_METRICS_COUNT, CHRONO_RANGE_METRICS_MIN, CHRONO_RANGE_METRICS_MEAN,
                                   CHRONO_RANGE_METRICS_P95, CHRONO_RANGE_METRICS_MAX };
  for (Figure f = 0; f < N_FIGURES; f++)
    add_column (self, tree, chrono_range_view_figure_label (f), figures[f], figures[f], chrono_range_view_metric_cell,
                TRUE);
  gtk_widget_set_tooltip_text (tree, _ ("Instances activated and terminated in the range; activate a row to go to "
                                        "the worst one"));
  g_signal_connect_swapped (tree, "row-activated", G_CALLBACK (metric_activated), self);
  return tree;
}

static void
chrono_range_view_dispose (GObject *object)
{
  ChronoRangeView *self = CHRONO_RANGE_VIEW (object);
  g_clear_handle_id (&self->idle_id, g_source_remove);
  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_object (&self->viewport);
  g_clear_object (&self->timeline);
  g_clear_object (&self->set);
  g_clear_object (&self->lanes_store);
  g_clear_object (&self->metrics_store);
  G_OBJECT_CLASS (chrono_range_view_parent_class)->dispose (object);
}

static void
chrono_range_view_finalize (GObject *object)
{
  ChronoRangeView *self = CHRONO_RANGE_VIEW (object);
  g_array_unref (self->members);
  G_OBJECT_CLASS (chrono_range_view_parent_class)->finalize (object);
}

static void
chrono_range_view_class_init (ChronoRangeViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_range_view_dispose;
  G_OBJECT_CLASS (klass)->finalize = chrono_range_view_finalize;
}

static void
chrono_range_view_init (ChronoRangeView *self)
{
  self->members = g_array_new (FALSE, TRUE, sizeof (Member));
  g_array_set_clear_func (self->members, clear_member);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  g_object_set (self, "margin", 6, NULL);

  self->message = gtk_label_new (NULL);
  gtk_label_set_line_wrap (GTK_LABEL (self->message), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->message), 0.0);
  gtk_label_set_selectable (GTK_LABEL (self->message), TRUE);
  gtk_container_add (GTK_CONTAINER (self), self->message);

  self->content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_no_show_all (self->content, TRUE);
  gtk_widget_set_vexpand (self->content, TRUE);
  self->note = gtk_label_new (_ ("This trace is read lazily: items are counted as they overlap the range, and the "
                                 "longest item and the timing metrics need it read whole."));
  gtk_label_set_line_wrap (GTK_LABEL (self->note), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->note), 0.0);
  gtk_style_context_add_class (gtk_widget_get_style_context (self->note), "dim-label");
  gtk_widget_set_no_show_all (self->note, TRUE);

  self->lanes = make_lanes (self);
  GtkWidget *lanes_scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (lanes_scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_shadow_type (GTK_SCROLLED_WINDOW (lanes_scroller), GTK_SHADOW_IN);
  gtk_widget_set_vexpand (lanes_scroller, TRUE);
  gtk_container_add (GTK_CONTAINER (lanes_scroller), self->lanes);

  self->metrics = make_metrics (self);
  GtkWidget *metrics_scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (metrics_scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_shadow_type (GTK_SCROLLED_WINDOW (metrics_scroller), GTK_SHADOW_IN);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (metrics_scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (metrics_scroller), 260);
  gtk_container_add (GTK_CONTAINER (metrics_scroller), self->metrics);
  self->metrics_part = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_container_add (GTK_CONTAINER (self->metrics_part), chrono_widget_heading (_ ("Instances in the range")));
  gtk_container_add (GTK_CONTAINER (self->metrics_part), metrics_scroller);
  gtk_widget_show_all (self->metrics_part);
  gtk_widget_set_no_show_all (self->metrics_part, TRUE);

  self->copy_button = gtk_button_new_with_mnemonic (_ ("_Copy as TSV"));
  gtk_widget_set_tooltip_text (self->copy_button,
                               _ ("Copy both tables as tab-separated text, times in seconds, for a spreadsheet"));
  gtk_widget_set_halign (self->copy_button, GTK_ALIGN_END);
  g_signal_connect_swapped (self->copy_button, "clicked", G_CALLBACK (chrono_range_view_copy_clicked), self);

  self->counters = chrono_range_counters_view_new ();
  GtkWidget *parts[] = { self->note,     chrono_widget_heading (_ ("Lanes")),
                         lanes_scroller, self->metrics_part,
                         self->counters, self->copy_button };
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      gtk_container_add (GTK_CONTAINER (self->content), parts[i]);
      if (parts[i] != self->note && parts[i] != self->metrics_part && parts[i] != self->counters)
        gtk_widget_show_all (parts[i]);
    }
  gtk_container_add (GTK_CONTAINER (self), self->content);
  g_signal_connect (self, "map", G_CALLBACK (mapped), NULL);
}

GtkWidget *
chrono_range_view_new (ChronoTimelineView *timeline)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (timeline), NULL);
  ChronoRangeView *self = g_object_new (CHRONO_TYPE_RANGE_VIEW, NULL);
  self->timeline = g_object_ref (timeline);
  self->viewport = g_object_ref (chrono_timeline_view_get_viewport (timeline));
  g_signal_connect_object (self->viewport, "overlay-changed", G_CALLBACK (overlay_changed), self, G_CONNECT_SWAPPED);
  /* the range is shown from the view's zero: absolute time moves it */
  g_signal_connect_object (self->viewport, "notify::time-origin", G_CALLBACK (show_message), self, G_CONNECT_SWAPPED);
  self->stale = TRUE;
  overlay_changed (self);
  compute (self);
  return GTK_WIDGET (self);
}
