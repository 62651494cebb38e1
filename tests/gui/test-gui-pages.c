/* The side pages: the walk through a preemption, metrics, the Range page,
 * find anything, FreeRTOS preempters and semaphores. */
#include <math.h>

#include "chrono-blocking.h"
#include "chrono-breakdown-table.h"
#include "chrono-gui-fixture.h"
#include "chrono-gui-tests.h"

/* The walk a new user takes: open the Trace Compass sample, find a
 * preemption of TASK_InputProcessing, see who preempted it and for how long,
 * put markers around it and read Δt, export that view to SVG. */
void
test_preemption_walkthrough (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = open_ta_sample (f);
  if (window == NULL)
    return;
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLane *task = find_lane (trace, "TASK_InputProcessing", CHRONO_LANE_PROCESS);
  g_assert_nonnull (task);

  /* the first instance that was preempted */
  ChronoInstances *instances = chrono_lane_get_instances (task);
  guint instance = 0;
  while (instance < chrono_instances_get_n (instances) && chrono_instances_get (instances, instance)->preemptions == 0)
    instance++;
  g_assert_cmpuint (instance, <, chrono_instances_get_n (instances));
  ChronoSpans *spans = chrono_lane_get_spans (task);
  guint span = 0;
  ChronoSpan s;
  for (span = 0; span < chrono_spans_get_n (spans); span++)
    {
      chrono_spans_get (spans, span, &s);
      if (s.instance == instance && s.state == CHRONO_STATE_READY)
        break;
    }
  chrono_timeline_view_select (view, task, span);
  chrono_timeline_view_reveal (view, s.start, s.end);
  settle ();

  /* the inspector names the preempter; its button puts markers on the preemption */
  GtkWidget *inspector = chrono_window_get_inspector (window);
  g_autofree char *text = chrono_inspector_get_text (CHRONO_INSPECTOR (inspector));
  g_assert_nonnull (strstr (text, " by TASK_"));
  g_autoptr (ChronoInstanceLife) life = chrono_instance_life_new (trace, task, instance);
  const ChronoLifePreemption *preemption = g_ptr_array_index (life->preemptions, 0);
  g_assert_nonnull (preemption->preempted_by);
  GtkWidget *button = find_button_with (inspector, " by ");
  g_assert_nonnull (button);
  gtk_button_clicked (GTK_BUTTON (button)); /* what a user clicks */
  gint64 delta;
  g_assert_true (chrono_viewport_get_marker_delta (viewport, &delta));
  g_assert_cmpint (delta, ==, preemption->duration);
  gint64 margin = preemption->duration * 3;
  chrono_viewport_zoom_to (viewport, preemption->time - margin, preemption->resumed + margin);
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-preemption.png");

  /* With the inspector's button focused, key 2 still sets marker B
   * (at the middle of the view: the pointer is not over the lanes) */
  gtk_widget_grab_focus (button);
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == button);
  gint64 marker_b, expected = (chrono_viewport_get_begin (viewport) + chrono_viewport_get_end (viewport)) / 2;
  send_key (GTK_WIDGET (window), GDK_KEY_2);
  g_assert_true (chrono_viewport_get_marker (viewport, CHRONO_MARKER_B, &marker_b));
  g_assert_cmpint (ABS (marker_b - expected), <=,
                   chrono_viewport_get_end (viewport) - chrono_viewport_get_begin (viewport));
  g_assert_cmpint (marker_b, !=, preemption->resumed);

  g_autofree char *svg = g_build_filename (artifact_dir, "preemption.svg", NULL);
  ChronoExportChoice choice = { FALSE, 1400, 0 };
  g_autoptr (GError) error = NULL;
  g_assert_true (chrono_export_view (view, &choice, svg, &error));
  g_assert_no_error (error);
  g_autofree char *contents = NULL;
  g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "<?xml"));
  g_test_message ("%s preempted at %" G_GINT64_FORMAT " by %s for %" G_GINT64_FORMAT " ticks", life->process,
                  preemption->time, preemption->preempted_by, preemption->duration);
}

/* Runs the main loop until the timeline selects something other than
 * (lane, span): a button's "activate" clicks only after its pressed look. */
static gboolean
wait_for_selection_change (ChronoTimelineView *view, ChronoLane *lane, guint span)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  ChronoLane *now = NULL;
  guint now_span = 0;
  while (g_get_monotonic_time () < deadline)
    {
      if (chrono_timeline_view_get_selected (view, &now, &now_span) && (now != lane || now_span != span))
        return TRUE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return FALSE;
}

/* The instance (an index into entity's instances) a span of the timeline belongs to. */
static guint
instance_of_span (const ChronoEntityMetrics *entity, ChronoLane *lane, guint span)
{
  ChronoSpan record;
  chrono_spans_get (chrono_lane_get_spans (lane), span, &record);
  for (guint i = 0; i < entity->instances->len; i++)
    {
      const ChronoInstanceMetrics *m = &g_array_index (entity->instances, ChronoInstanceMetrics, i);
      if (m->lane == lane && m->index == record.instance)
        return i;
    }
  return G_MAXUINT;
}

static void
assert_shows_instance (ChronoViewport *viewport, const ChronoInstanceMetrics *m)
{
  g_assert_cmpint (chrono_viewport_get_begin (viewport), <=, m->activated);
  g_assert_cmpint (chrono_viewport_get_end (viewport), >=, m->terminated);
  /* zoomed to it, not merely somewhere in the whole trace */
  g_assert_cmpint (chrono_viewport_get_end (viewport) - chrono_viewport_get_begin (viewport), <,
                   (m->terminated - m->activated) * 2 + 10);
}

/* The Metrics page follows the selected task: its figures are what the
 * analysis gives, "Go to Worst" and a click on a dot select that instance. */
void
test_metrics_panel (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = f->window;
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLane *task = find_lane (trace, "Task_1ms_0", CHRONO_LANE_PROCESS);
  g_assert_nonnull (task);
  ChronoSpans *spans = chrono_lane_get_spans (task);
  guint running = 0;
  while (chrono_spans_get_state (spans, running) != CHRONO_STATE_RUNNING)
    running++;
  chrono_timeline_view_select (view, task, running);

  /* the page is computed when it is opened */
  ChronoMetricsView *metrics = CHRONO_METRICS_VIEW (chrono_window_get_metrics_view (window));
  g_assert_nonnull (metrics);
  g_assert_null (chrono_metrics_view_get_entity (metrics));
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (metrics), GTK_TYPE_STACK);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "metrics");
  settle ();
  const ChronoEntityMetrics *shown = chrono_metrics_view_get_entity (metrics);
  g_assert_nonnull (shown);
  g_assert_cmpstr (shown->name, ==, "Task_1ms_0");

  /* the figures of the default metric, response time, against the analysis */
  ChronoMetricsOptions options;
  chrono_metrics_options_init (&options);
  options.entity = "Task_1ms_0";
  g_autoptr (GPtrArray) all = chrono_metrics_compute (trace, &options);
  g_assert_cmpuint (all->len, ==, 1);
  const ChronoEntityMetrics *entity = g_ptr_array_index (all, 0);
  g_assert_cmpuint (entity->instances->len, ==, shown->instances->len);
  ChronoMetricSummary s;
  g_assert_true (chrono_metrics_summarize (entity, CHRONO_METRIC_RESPONSE_TIME, &s));
  g_assert_cmpuint (s.count, ==, 20);
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  g_autofree char *min = chrono_clock_format_ticks (clock, s.min, 4);
  g_autofree char *max = chrono_clock_format_ticks (clock, s.max, 4);
  g_autofree char *mean = chrono_clock_format_ticks (clock, (gint64) ((s.sum + s.count / 2) / s.count), 4);
  g_autofree char *p50 = chrono_clock_format_ticks (clock, s.p50, 4);
  g_autofree char *p95 = chrono_clock_format_ticks (clock, s.p95, 4);
  g_autofree char *p99 = chrono_clock_format_ticks (clock, s.p99, 4);
  const ChronoInstanceMetrics *worst = &g_array_index (entity->instances, ChronoInstanceMetrics, s.worst);
  g_autofree char *worst_at =
      chrono_clock_format_ticks (clock, worst->activated - chrono_viewport_get_origin (viewport), 9);
  g_autofree char *expected = g_strdup_printf (
      "Task_1ms_0 (T)\tResponse time\nCount\t%u\nMin\t%s\nMax\t%s\nMean\t%s\np50\t%s\np95\t%s\np99\t%s\nWorst at\t%s\n",
      s.count, min, max, mean, p50, p95, p99, worst_at);
  g_autofree char *text = chrono_metrics_view_get_summary_text (metrics);
  g_assert_cmpstr (text, ==, expected);
  g_assert_cmpstr (max, ==, "534.9 µs");
  /* as `chronoscope-cli stats` says: 534.9 µs, instance #7 */
  g_assert_cmpint (worst->number, ==, 7);

  /* Go to Worst zooms to the worst instance and selects a span of it */
  GtkWidget *worst_button = chrono_metrics_view_get_worst_button (metrics);
  g_assert_true (gtk_widget_is_sensitive (worst_button));
  gtk_widget_activate (worst_button);
  g_assert_true (wait_for_selection_change (view, task, running));
  ChronoLane *selected;
  guint span;
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  g_assert_true (selected == worst->lane);
  g_assert_cmpuint (instance_of_span (entity, selected, span), ==, s.worst);
  assert_shows_instance (viewport, worst);
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-metrics-panel.png");

  /* a click on a dot with no other near it selects that instance */
  guint target = G_MAXUINT;
  double x = 0, y = 0;
  for (guint i = 0; i < shown->instances->len && target == G_MAXUINT; i++)
    {
      if (i == s.worst || !chrono_metrics_view_get_dot (metrics, i, &x, &y))
        continue;
      gboolean alone = TRUE;
      for (guint j = 0; j < shown->instances->len; j++)
        {
          double ox, oy;
          if (j != i && chrono_metrics_view_get_dot (metrics, j, &ox, &oy) && hypot (ox - x, oy - y) < 12)
            alone = FALSE;
        }
      if (alone)
        target = i;
    }
  g_assert_cmpuint (target, !=, G_MAXUINT);
  GtkWidget *plot = chrono_metrics_view_get_plot (metrics);
  send_button (plot, GDK_BUTTON_PRESS, 1, x + 2, y - 2, 0);
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  g_assert_cmpuint (instance_of_span (entity, selected, span), ==, target);
  assert_shows_instance (viewport, &g_array_index (entity->instances, ChronoInstanceMetrics, target));
  /* far from every dot, a click changes nothing */
  send_button (plot, GDK_BUTTON_PRESS, 1, 1, 1, 0);
  guint again;
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &again));
  g_assert_cmpuint (again, ==, span);

  /* another metric: its own figures */
  chrono_metrics_view_set_metric (metrics, CHRONO_METRIC_PREEMPTIONS);
  g_assert_true (chrono_metrics_summarize (entity, CHRONO_METRIC_PREEMPTIONS, &s));
  g_autofree char *preemptions = chrono_metrics_view_get_summary_text (metrics);
  g_autofree char *max_line = g_strdup_printf ("\nMax\t%" G_GINT64_FORMAT "\n", s.max);
  g_assert_nonnull (strstr (preemptions, "\tPreemptions\n"));
  g_assert_nonnull (strstr (preemptions, max_line));

  /* no selection, no entity */
  chrono_timeline_view_unselect (view);
  g_assert_null (chrono_metrics_view_get_entity (metrics));
}

/* ---- the Range page ------------------------------------------ */

static void
wait_for_range_page (ChronoRangeView *range)
{
  /* the page recomputes when the main loop is idle */
  gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  while (g_main_context_pending (NULL) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
}

static const ChronoRangeLane *
range_row (GArray *expected, GtkTreeModel *model, GtkTreeIter *iter)
{
  ChronoLane *lane;
  guint index;
  gtk_tree_model_get (model, iter, CHRONO_RANGE_LANES_LANE, &lane, CHRONO_RANGE_LANES_INDEX, &index, -1);
  g_assert_cmpuint (index, <, expected->len);
  const ChronoRangeLane *r = &g_array_index (expected, ChronoRangeLane, index);
  g_assert_true (r->lane == lane);
  return r;
}

static double
longest_of (const ChronoRangeLane *r)
{
  return r->has_longest ? (double) (r->longest_end - r->longest_start) : -1.0;
}

/* The rows' longest items in the table's order go up (direction 1) or down (-1). */
static void
assert_sorted_by_longest (GtkTreeModel *model, GArray *expected, int direction)
{
  GtkTreeIter iter;
  double last = direction > 0 ? -G_MAXDOUBLE : G_MAXDOUBLE;
  guint rows = 0;
  for (gboolean more = gtk_tree_model_get_iter_first (model, &iter); more;
       more = gtk_tree_model_iter_next (model, &iter))
    {
      double value = longest_of (range_row (expected, model, &iter));
      if (direction > 0)
        g_assert_cmpfloat (value, >=, last);
      else
        g_assert_cmpfloat (value, <=, last);
      last = value;
      rows++;
    }
  g_assert_cmpuint (rows, ==, expected->len);
}

/* The lanes table as the page should copy it, in the model's order. */
static char *
expected_lanes_tsv (ChronoTrace *trace, GArray *expected, GtkTreeModel *model, gint64 begin, gint64 end)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  gboolean used[CHRONO_N_STATES] = { FALSE };
  for (guint i = 0; i < expected->len; i++)
    for (guint s = 1; s < CHRONO_N_STATES; s++)
      used[s] |= g_array_index (expected, ChronoRangeLane, i).time_in_state[s] > 0;
  GString *out = g_string_new ("Lane\tBusy (%)\tItems begun\tLongest (s)");
  for (guint s = 1; s < CHRONO_N_STATES; s++)
    if (used[s])
      g_string_append_printf (out, "\t%s (s)", chrono_state_get_label (s));
  g_string_append_c (out, '\n');
  GtkTreeIter iter;
  for (gboolean more = gtk_tree_model_get_iter_first (model, &iter); more;
       more = gtk_tree_model_iter_next (model, &iter))
    {
      const ChronoRangeLane *r = range_row (expected, model, &iter);
      g_autofree char *path = chrono_lane_dup_path (r->lane);
      g_string_append (out, path);
      char share[G_ASCII_DTOSTR_BUF_SIZE];
      g_ascii_formatd (share, sizeof share, "%.4f", 100.0 * (double) r->busy / (double) (end - begin));
      g_string_append_printf (out, "\t%s\t%u\t", share, r->begun);
      if (r->has_longest)
        {
          g_autofree char *t = chrono_clock_format_duration_exact (clock, r->longest_end - r->longest_start);
          g_string_append (out, t);
        }
      for (guint s = 1; s < CHRONO_N_STATES; s++)
        if (used[s])
          {
            g_autofree char *t = chrono_clock_format_duration_exact (clock, r->time_in_state[s]);
            g_string_append_printf (out, "\t%s", t);
          }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* Markers A..B, then a Shift+drag on the ruler, choose the range; the
 * tables are what the analysis gives for it, sort by value, copy as TSV
 * and go to the longest item or the worst instance. */
void
test_range_page (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = f->window;
  GtkWidget *timeline = chrono_window_get_timeline (window);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (timeline);
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  ChronoRangeView *range = CHRONO_RANGE_VIEW (chrono_window_get_range_view (window));
  g_assert_nonnull (range);
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (range), GTK_TYPE_STACK);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "range");
  settle ();

  /* no range yet: the page says how to choose one */
  gint64 begin, end;
  g_assert_false (chrono_range_view_get_range (range, &begin, &end));
  g_assert_cmpstr (chrono_range_view_get_message (range), ==,
                   "Select a range: Shift-drag on the ruler, or set markers A and B.");
  g_autofree char *nothing = chrono_range_view_get_tsv (range);
  g_assert_cmpstr (nothing, ==, "");

  /* markers A and B (B first: the range is between them either way) */
  gint64 t0 = chrono_trace_get_begin (trace), length = chrono_trace_get_end (trace) - t0;
  gint64 a = t0 + length / 5, b = t0 + length * 3 / 5;
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_B, a);
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_A, b);
  wait_for_range_page (range);
  g_assert_true (chrono_range_view_get_range (range, &begin, &end));
  g_assert_cmpint (begin, ==, a);
  g_assert_cmpint (end, ==, b);
  g_assert_true (g_str_has_prefix (chrono_range_view_get_message (range), "Markers A to B, "));

  /* one row per lane, each as the analysis and the clock say */
  g_autoptr (GArray) expected = chrono_range_stats_compute (trace, a, b);
  GtkTreeView *lanes = chrono_range_view_get_lanes (range);
  GtkTreeModel *model = gtk_tree_view_get_model (lanes);
  g_assert_cmpint (gtk_tree_model_iter_n_children (model, NULL), ==, (int) expected->len);
  g_assert_cmpuint (expected->len, >, 3);
  gboolean used[CHRONO_N_STATES] = { FALSE };
  for (guint i = 0; i < expected->len; i++)
    for (guint s = 1; s < CHRONO_N_STATES; s++)
      used[s] |= g_array_index (expected, ChronoRangeLane, i).time_in_state[s] > 0;
  for (guint row = 0; row < expected->len; row++)
    {
      GtkTreeIter iter;
      g_assert_true (gtk_tree_model_iter_nth_child (model, &iter, NULL, row));
      const ChronoRangeLane *r = range_row (expected, model, &iter);
      /* shown without its top group: "Task_1ms_0/R_shared", not "Tasks/Task_1ms_0/R_shared" */
      g_autofree char *path = chrono_lane_dup_path (r->lane);
      const char *slash = strchr (path, '/');
      GString *want = g_string_new (chrono_lane_get_parent (r->lane) != NULL ? slash + 1 : path);
      g_autofree char *longest =
          r->has_longest ? chrono_clock_format_duration (clock, r->longest_end - r->longest_start, 4) : g_strdup ("—");
      g_string_append_printf (want, "\t%.1f %%\t%u\t%s", 100.0 * (double) r->busy / (double) (b - a), r->begun,
                              longest);
      for (guint s = 1; s < CHRONO_N_STATES; s++)
        if (used[s])
          {
            g_autofree char *t =
                r->time_in_state[s] > 0 ? chrono_clock_format_duration (clock, r->time_in_state[s], 4) : g_strdup ("");
            g_string_append_printf (want, "\t%s", t);
          }
      g_autofree char *shown = chrono_range_view_get_lane_row_text (range, row);
      g_autofree char *wanted = g_string_free (want, FALSE);
      g_assert_cmpstr (shown, ==, wanted);
    }

  /* the Longest column sorts by duration, both ways (its text would sort 534.9 µs after 1.2 ms) */
  GtkTreeViewColumn *longest_column = column_titled (lanes, "Longest");
  gtk_tree_view_column_clicked (longest_column);
  assert_sorted_by_longest (model, expected, 1);
  gtk_tree_view_column_clicked (longest_column);
  assert_sorted_by_longest (model, expected, -1);

  /* Copy as TSV: the lanes in that order, exact seconds, then the instances' metrics */
  g_autofree char *tsv = chrono_range_view_get_tsv (range);
  g_autofree char *lanes_tsv = expected_lanes_tsv (trace, expected, model, a, b);
  g_assert_true (g_str_has_prefix (tsv, lanes_tsv));
  g_autoptr (GPtrArray) metrics = chrono_range_metrics_compute (trace, a, b, CHRONO_RANGE_METRICS);
  g_assert_cmpuint (metrics->len, >, 0);
  const ChronoEntitySummary *task = NULL;
  guint metric_rows = 0;
  for (guint i = 0; i < metrics->len; i++)
    {
      const ChronoEntitySummary *e = g_ptr_array_index (metrics, i);
      metric_rows +=
          (e->summary[CHRONO_METRIC_RESPONSE_TIME].count > 0) + (e->summary[CHRONO_METRIC_NET_EXECUTION].count > 0);
      if (g_str_equal (e->name, "Task_1ms_0"))
        task = e;
    }
  g_assert_nonnull (task);
  GtkTreeModel *metrics_model = gtk_tree_view_get_model (chrono_range_view_get_metrics (range));
  g_assert_cmpint (gtk_tree_model_iter_n_children (metrics_model, NULL), ==, (int) metric_rows);
  const ChronoMetricSummary *rt = &task->summary[CHRONO_METRIC_RESPONSE_TIME];
  g_assert_cmpuint (rt->count, >, 0);
  g_autofree char *min = chrono_clock_format_duration_exact (clock, rt->min);
  g_autofree char *mean = chrono_clock_format_duration_ratio (clock, rt->sum, rt->count);
  g_autofree char *p95 = chrono_clock_format_duration_exact (clock, rt->p95);
  g_autofree char *max = chrono_clock_format_duration_exact (clock, rt->max);
  g_autofree char *task_line =
      g_strdup_printf ("\nTask_1ms_0 (T)\tresponse_time\t%u\t%s\t%s\t%s\t%s\n", rt->count, min, mean, p95, max);
  g_assert_nonnull (strstr (tsv, "\n\nEntity\tMetric\tCount\tMin (s)\tMean (s)\tp95 (s)\tMax (s)\n"));
  g_assert_nonnull (strstr (tsv, task_line));
  gtk_button_clicked (GTK_BUTTON (chrono_range_view_get_copy_button (range)));
  g_autofree char *copied =
      gtk_clipboard_wait_for_text (gtk_widget_get_clipboard (GTK_WIDGET (range), GDK_SELECTION_CLIPBOARD));
  g_assert_cmpstr (copied, ==, tsv);
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-range-page.png");

  /* a row goes to its lane's longest item and selects it */
  GtkTreeIter iter;
  g_assert_true (gtk_tree_model_get_iter_first (model, &iter)); /* sorted by longest, down: it has one */
  const ChronoRangeLane *first = range_row (expected, model, &iter);
  g_assert_true (first->has_longest);
  g_autoptr (GtkTreePath) path = gtk_tree_model_get_path (model, &iter);
  gtk_tree_view_row_activated (lanes, path, longest_column);
  ChronoLane *selected;
  guint span;
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  g_assert_true (selected == first->lane);
  g_assert_cmpint (chrono_spans_get_start (chrono_lane_get_spans (selected), span), ==, first->longest_start);
  g_assert_cmpint (chrono_spans_get_end (chrono_lane_get_spans (selected), span), ==, first->longest_end);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), <=, first->longest_start);
  g_assert_cmpint (chrono_viewport_get_end (viewport), >=, first->longest_end);
  g_assert_cmpint (chrono_viewport_get_end (viewport) - chrono_viewport_get_begin (viewport), <,
                   (first->longest_end - first->longest_start) * 2 + 10);

  /* a metric's row goes to its worst instance */
  GtkTreeIter metric_iter;
  gboolean found = FALSE;
  for (gboolean more = gtk_tree_model_get_iter_first (metrics_model, &metric_iter); more && !found;
       more = gtk_tree_model_iter_next (metrics_model, &metric_iter))
    {
      g_autofree char *entity = NULL;
      int metric;
      gtk_tree_model_get (metrics_model, &metric_iter, CHRONO_RANGE_METRICS_ENTITY, &entity,
                          CHRONO_RANGE_METRICS_METRIC, &metric, -1);
      found = g_str_equal (entity, "Task_1ms_0 (T)") && metric == CHRONO_METRIC_RESPONSE_TIME;
      if (found)
        break;
    }
  g_assert_true (found);
  g_autoptr (GtkTreePath) metric_path = gtk_tree_model_get_path (metrics_model, &metric_iter);
  gtk_tree_view_row_activated (chrono_range_view_get_metrics (range), metric_path,
                               gtk_tree_view_get_column (chrono_range_view_get_metrics (range), 0));
  const ChronoInstanceMetrics *worst = &task->worst[CHRONO_METRIC_RESPONSE_TIME];
  g_assert_cmpint (worst->value[CHRONO_METRIC_RESPONSE_TIME], ==, rt->max);
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  g_assert_true (selected == worst->lane);
  ChronoSpan record;
  chrono_spans_get (chrono_lane_get_spans (selected), span, &record);
  g_assert_cmpuint (record.instance, ==, worst->index);
  assert_shows_instance (viewport, worst);

  /* Shift+drag on the ruler selects a range that stays: nothing zooms, the page follows it */
  chrono_viewport_fit (viewport);
  settle ();
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  double x1 = o.label_width + 150, x2 = o.label_width + 400, y = o.ruler_height / 2.0;
  gint64 s1 = chrono_render_options_x_to_time (&o, x1), s2 = chrono_render_options_x_to_time (&o, x2);
  gint64 view_begin = chrono_viewport_get_begin (viewport), view_end = chrono_viewport_get_end (viewport);
  send_button (timeline, GDK_BUTTON_PRESS, 1, x1, y, GDK_SHIFT_MASK);
  send_motion (timeline, (x1 + x2) / 2, y, GDK_SHIFT_MASK | GDK_BUTTON1_MASK);
  send_motion (timeline, x2, y, GDK_SHIFT_MASK | GDK_BUTTON1_MASK);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, x2, y, GDK_SHIFT_MASK);
  gint64 sel_begin, sel_end;
  g_assert_true (chrono_viewport_get_selection (viewport, &sel_begin, &sel_end));
  g_assert_cmpint (sel_begin, ==, s1);
  g_assert_cmpint (sel_end, ==, s2);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), ==, view_begin);
  g_assert_cmpint (chrono_viewport_get_end (viewport), ==, view_end);
  wait_for_range_page (range);
  g_assert_true (chrono_range_view_get_range (range, &begin, &end));
  g_assert_cmpint (begin, ==, s1);
  g_assert_cmpint (end, ==, s2);
  g_assert_true (g_str_has_prefix (chrono_range_view_get_message (range), "The selection, "));
  g_autoptr (GArray) selected_rows = chrono_range_stats_compute (trace, s1, s2);
  g_autofree char *selection_tsv = chrono_range_view_get_tsv (range);
  g_autofree char *selection_lanes = expected_lanes_tsv (trace, selected_rows, model, s1, s2);
  g_assert_true (g_str_has_prefix (selection_tsv, selection_lanes));
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-range-selection.png");

  /* Escape clears the selection: back to the markers, then, without them, to the hint */
  send_key (timeline, GDK_KEY_Escape);
  wait_for_range_page (range);
  g_assert_true (chrono_range_view_get_range (range, &begin, &end));
  g_assert_cmpint (begin, ==, a);
  g_assert_cmpint (end, ==, b);
  g_action_group_activate_action (G_ACTION_GROUP (window), "clear-markers", NULL);
  wait_for_range_page (range);
  g_assert_false (chrono_range_view_get_range (range, &begin, &end));
  g_assert_cmpstr (chrono_range_view_get_message (range), ==,
                   "Select a range: Shift-drag on the ruler, or set markers A and B.");
  g_autofree char *cleared = chrono_range_view_get_tsv (range);
  g_assert_cmpstr (cleared, ==, "");
}

/* Ctrl+F finds items, shows the lanes that have them, and
 * Enter / Shift+Enter walk the matches in time order. */
/* A key as the keyboard gives it, press or release, to the window: with its
 * hardware code, which the window's accelerators are matched by. */
static void
send_window_key (ChronoWindow *window, GdkEventType type, guint keyval, guint state)
{
  GdkKeymapKey *keys = NULL;
  gint n_keys = 0;
  GdkKeymap *keymap = gdk_keymap_get_for_display (gdk_display_get_default ());
  g_assert_true (gdk_keymap_get_entries_for_keyval (keymap, keyval, &keys, &n_keys) && n_keys > 0);
  GdkEvent *event = gdk_event_new (type);
  event->key.window = g_object_ref (gtk_widget_get_window (GTK_WIDGET (window)));
  event->key.keyval = keyval;
  event->key.state = state;
  event->key.hardware_keycode = (guint16) keys[0].keycode;
  event->key.group = (guint8) keys[0].group;
  event->key.is_modifier = keyval == GDK_KEY_Control_L;
  gdk_event_set_device (event, gdk_seat_get_keyboard (gdk_display_get_default_seat (gdk_display_get_default ())));
  gtk_widget_event (GTK_WIDGET (window), event);
  gdk_event_free (event);
  g_free (keys);
}

/* Ctrl+F from the timeline opens the search with the focus in its entry:
 * the entry was given the focus before it was realized, and the rest of
 * the key went to it, a critical (fatal in the tests) at each press. */
void
test_find_key_opens_search (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = f->window;
  GtkWidget *timeline = chrono_window_get_timeline (window);
  gtk_widget_grab_focus (timeline);
  settle ();
  send_window_key (window, GDK_KEY_PRESS, GDK_KEY_Control_L, 0);
  send_window_key (window, GDK_KEY_PRESS, GDK_KEY_f, GDK_CONTROL_MASK);
  send_window_key (window, GDK_KEY_RELEASE, GDK_KEY_f, GDK_CONTROL_MASK);
  send_window_key (window, GDK_KEY_RELEASE, GDK_KEY_Control_L, GDK_CONTROL_MASK);
  settle ();
  GVariant *state = g_action_group_get_action_state (G_ACTION_GROUP (window), "find");
  g_assert_true (g_variant_get_boolean (state));
  g_variant_unref (state);
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == chrono_window_get_search_entry (window));
}

void
test_find_anything (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = f->window;
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLayout *layout = chrono_timeline_view_get_layout (view);
  guint all_rows = chrono_layout_get_n_rows (layout);
  g_action_group_activate_action (G_ACTION_GROUP (window), "find", NULL);
  GtkEntry *entry = GTK_ENTRY (chrono_window_get_search_entry (window));

  const char *query_text = "Task_2ms_1 duration>100us";
  gtk_entry_set_text (entry, query_text);
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC; /* search-changed comes after a short delay */
  while (chrono_layout_get_n_rows (layout) == all_rows && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoQuery) query = chrono_query_parse (query_text, chrono_trace_get_clock (trace), &error);
  g_autoptr (ChronoFindResult) expected = chrono_find (trace, query, G_MAXUINT);
  g_assert_cmpuint (expected->matches->len, >, 2);
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), <, all_rows);
  GHashTableIter iter;
  gpointer lane;
  g_hash_table_iter_init (&iter, expected->lanes);
  guint row;
  while (g_hash_table_iter_next (&iter, &lane, NULL))
    g_assert_true (chrono_layout_find_row (layout, lane, &row));
  g_assert_nonnull (strstr (chrono_window_get_status_message (window), "matches"));

  /* Enter from the start: the earliest match, then the next in time */
  chrono_viewport_zoom_to (chrono_window_get_viewport (window), chrono_trace_get_begin (trace),
                           chrono_trace_get_end (trace));
  g_signal_emit_by_name (entry, "activate");
  ChronoLane *selected;
  guint span;
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  gint64 earliest = G_MAXINT64;
  for (guint i = 0; i < expected->matches->len; i++)
    earliest = MIN (earliest, g_array_index (expected->matches, ChronoMatch, i).start);
  ChronoSpans *spans = chrono_lane_get_spans (selected);
  g_assert_cmpint (chrono_spans_get_start (spans, span), <=, earliest + 0);
  g_assert_true (g_hash_table_contains (expected->lanes, selected));
  g_assert_nonnull (strstr (chrono_window_get_status_message (window), "Match 1 of"));
  chrono_window_go_to_match (window, +1);
  g_assert_nonnull (strstr (chrono_window_get_status_message (window), "Match 2 of"));
  chrono_window_go_to_match (window, -1);
  g_assert_nonnull (strstr (chrono_window_get_status_message (window), "Match 1 of"));
  chrono_window_go_to_match (window, -1);
  g_assert_nonnull (strstr (chrono_window_get_status_message (window), "No more matches"));

  /* a query that does not parse says why and shows every lane */
  gtk_entry_set_text (entry, "duration~x");
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (chrono_layout_get_n_rows (layout) != all_rows && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), ==, all_rows);
  g_assert_nonnull (strstr (chrono_window_get_status_message (window), "duration~x"));
  settle ();
  gtk_entry_set_text (entry, "state=running lane~Core");
  settle ();
  settle ();
  save_screenshot (GTK_WIDGET (window), "find.png");
}

/* On the FreeRTOS 16-core trace (corpus): CS [0019]'s
 * preemptions name the tasks that took its core, none "an unknown process". */
void
test_freertos_preempters (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (corpus_dir, "btf", "freertos_example-16cores_LARGE.btf.gz", NULL);
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("the FreeRTOS 16-core trace is not in the corpus");
      return;
    }
  ChronoWindow *window = chrono_gui_open (f, path);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLane *task = find_lane (trace, "CS [0019]", CHRONO_LANE_PROCESS);
  g_assert_nonnull (task);
  g_assert_true (chrono_timeline_view_select_instance (view, task, 0));
  g_autofree char *text = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (text, " by CS ["));
  g_assert_null (strstr (text, "an unknown process"));
  /* a preemption in view: zoom around the first one the inspector lists */
  g_autoptr (ChronoInstanceLife) life = chrono_instance_life_new (trace, task, 0);
  g_assert_cmpuint (life->preemptions->len, >, 0);
  const ChronoLifePreemption *shared = g_ptr_array_index (life->preemptions, 1); /* several tasks ran in it */
  gint64 margin = chrono_clock_from_seconds (chrono_trace_get_clock (trace), 0.4e-3);
  chrono_viewport_zoom_to (chrono_window_get_viewport (window), shared->time - margin, shared->resumed + margin);
  chrono_timeline_view_show_lane (view, task);
  settle ();
  save_screenshot (GTK_WIDGET (window), "freertos-preempters.png");
}

/* inversion.btf: Task_High's life says why it waited, in one sentence, and
 * links to the holder; following the link selects Task_Low's instance. */
void
test_blocked_on_semaphore (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "btf", "blocking", "inversion.btf", NULL);
  ChronoWindow *window = chrono_gui_open (f, path);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLane *high = find_lane (trace, "Task_High", CHRONO_LANE_PROCESS);
  ChronoLane *low = find_lane (trace, "Task_Low", CHRONO_LANE_PROCESS);
  g_assert_true (chrono_timeline_view_select_instance (view, high, 0));
  ChronoInspector *inspector = CHRONO_INSPECTOR (chrono_window_get_inspector (window));
  g_autofree char *text = chrono_inspector_get_text (inspector);
  g_assert_nonnull (strstr (text, "Waited 5.7 ms on SEM_Res held by Task_Low #0, which Task_Mid #0 preempted for "
                                  "4.2 ms — priority inversion"));
  g_assert_nonnull (strstr (text, "Go to the holder, Task_Low #0"));
  /* where its 7.5 ms went: 1.8 ms running, the rest polling and parked on the semaphore */
  g_assert_nonnull (strstr (text, "Running: 1.8 ms (24 %)"));
  g_assert_nonnull (strstr (text, "Waiting on a semaphore: 5.7 ms (76 %)"));
  settle ();
  save_screenshot (GTK_WIDGET (window), "blocked-on-semaphore.png");
  g_signal_emit_by_name (inspector, "instance-activated", low, 0u);
  g_autofree char *holder = chrono_inspector_get_text (inspector);
  g_assert_nonnull (strstr (holder, "Task_Low"));
  g_assert_null (strstr (holder, "Waited 5.7 ms"));
}

/* The point of a semaphore row's level at time (slot: holds first, then waits). */
static void
semaphore_point (ChronoTimelineView *view, ChronoLane *semaphore, guint slot, gint64 time, double *x, double *y)
{
  ChronoLayout *layout = chrono_timeline_view_get_layout (view);
  guint index;
  g_assert_true (chrono_layout_find_row (layout, semaphore, &index));
  const ChronoLayoutRow *row = chrono_layout_get_row (layout, index);
  g_assert_cmpint (chrono_layout_row_get_style (row), ==, CHRONO_ROW_OWNERSHIP);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  double level = chrono_layout_row_get_slot_height (row);
  *x = chrono_render_options_time_to_x (&o, time);
  *y = chrono_render_options_lane_top (&o) + row->y - o.scroll_y + slot * level + level / 2;
}

/* A semaphore's row shows who held it and who waited: the wait's tooltip
 * names the holder, a click on it explains the wait, a click on the hold
 * selects the holder. */
void
test_semaphore_holds_and_waits (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "btf", "blocking", "inversion.btf", NULL);
  ChronoWindow *window = chrono_gui_open (f, path);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  GtkWidget *timeline = GTK_WIDGET (view);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLane *semaphore = find_lane (trace, "SEM_Res", CHRONO_LANE_SEMAPHORE);
  g_assert_true (chrono_timeline_view_show_lane (view, semaphore));
  settle ();
  double x, y;
  semaphore_point (view, semaphore, 1, 5000000, &x, &y); /* Task_High waits 2.3–8 ms */
  g_autofree char *tip = chrono_timeline_view_describe_at (view, x, y);
  g_assert_nonnull (tip);
  g_assert_nonnull (strstr (tip, "Task_High #0 waited for it"));
  g_assert_nonnull (strstr (tip, "held by Task_Low #0 when asked for"));
  send_button (timeline, GDK_BUTTON_PRESS, 1, x, y, 0);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, x, y, 0);
  ChronoInspector *inspector = CHRONO_INSPECTOR (chrono_window_get_inspector (window));
  g_autofree char *waiter = chrono_inspector_get_text (inspector);
  g_assert_nonnull (strstr (waiter, "Waited 5.7 ms on SEM_Res held by Task_Low #0"));
  settle ();
  save_screenshot (GTK_WIDGET (window), "semaphore-holds-and-waits.png");

  semaphore_point (view, semaphore, 0, 5000000, &x, &y); /* Task_Low holds 1–8 ms */
  g_autofree char *hold_tip = chrono_timeline_view_describe_at (view, x, y);
  g_assert_nonnull (strstr (hold_tip, "held by Task_Low #0"));
  g_assert_nonnull (strstr (hold_tip, "held 7 ms"));
  send_button (timeline, GDK_BUTTON_PRESS, 1, x, y, 0);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, x, y, 0);
  g_autofree char *holder = chrono_inspector_get_text (inspector);
  g_assert_nonnull (strstr (holder, "Task_Low"));
  g_assert_null (strstr (holder, "Waited 5.7 ms"));
}

static gint64
breakdown_cell (GtkTreeModel *model, GtkTreeIter *iter, int column)
{
  gint64 ticks;
  gtk_tree_model_get (model, iter, column, &ticks, -1);
  return ticks;
}

/* The Metrics page lists where each instance's time went, a column per part
 * the task spent time in; double-clicking a row goes to that instance. */
void
test_metrics_breakdown (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "btf", "blocking", "inversion.btf", NULL);
  ChronoWindow *window = chrono_gui_open (f, path);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLane *high = find_lane (trace, "Task_High", CHRONO_LANE_PROCESS);
  g_assert_true (chrono_timeline_view_select_instance (view, high, 0));
  ChronoMetricsView *metrics = CHRONO_METRICS_VIEW (chrono_window_get_metrics_view (window));
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (metrics), GTK_TYPE_STACK);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "metrics");
  settle ();
  GtkTreeView *tree =
      chrono_breakdown_table_get_tree (CHRONO_BREAKDOWN_TABLE (chrono_metrics_view_get_breakdown (metrics)));
  /* running and preempted always; of the waits only the semaphore's (its polling and parking lie inside it) */
  const char *titles[] = { "#", "Activated", "Response", "Running", "Preempted", "Semaphore" };
  g_assert_cmpuint (gtk_tree_view_get_n_columns (tree), ==, G_N_ELEMENTS (titles));
  for (guint c = 0; c < G_N_ELEMENTS (titles); c++)
    g_assert_cmpstr (gtk_tree_view_column_get_title (gtk_tree_view_get_column (tree, c)), ==, titles[c]);
  GtkTreeModel *model = gtk_tree_view_get_model (tree);
  g_assert_cmpint (gtk_tree_model_iter_n_children (model, NULL), ==, 1);
  GtkTreeIter iter;
  g_assert_true (gtk_tree_model_get_iter_first (model, &iter));
  g_assert_cmpint (breakdown_cell (model, &iter, CHRONO_BREAKDOWN_COLUMN_RESPONSE), ==, 7500000);
  g_assert_cmpint (breakdown_cell (model, &iter, CHRONO_BREAKDOWN_COLUMN_FIRST_PART + CHRONO_BREAKDOWN_RUNNING), ==,
                   1800000);
  g_assert_cmpint (breakdown_cell (model, &iter, CHRONO_BREAKDOWN_COLUMN_FIRST_PART + CHRONO_BREAKDOWN_SEMAPHORE), ==,
                   5700000);
  g_assert_cmpint (breakdown_cell (model, &iter, CHRONO_BREAKDOWN_COLUMN_FIRST_PART + CHRONO_BREAKDOWN_READY), ==, 0);
  settle ();
  save_screenshot (GTK_WIDGET (window), "metrics-breakdown.png");

  /* another task: its own columns (Task_Low never waited) */
  ChronoLane *low = find_lane (trace, "Task_Low", CHRONO_LANE_PROCESS);
  g_assert_true (chrono_timeline_view_select_instance (view, low, 0));
  settle ();
  g_assert_cmpuint (gtk_tree_view_get_n_columns (tree), ==, 5);

  /* Task_High's last span selected, the view elsewhere: the row activated brings
   * the whole instance into view and selects its first span */
  g_assert_true (chrono_timeline_view_select_instance (view, high, 0));
  settle ();
  ChronoLane *selected = NULL;
  guint first_span, span;
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &first_span));
  chrono_timeline_view_select (view, high, chrono_spans_get_n (chrono_lane_get_spans (high)) - 1);
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  chrono_viewport_zoom_to (viewport, 0, 1000000);
  g_autoptr (GtkTreePath) first = gtk_tree_path_new_first ();
  gtk_tree_view_row_activated (tree, first, gtk_tree_view_get_column (tree, 0));
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  g_assert_true (selected == high);
  g_assert_cmpuint (span, ==, first_span);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), <=, 2000000);
  g_assert_cmpint (chrono_viewport_get_end (viewport), >=, 9500000);
}
