/* Comparing runs: Compare With… on two runs of tasks (their timing
 * metrics, their differential flame graph, B aligned at an item), of
 * calls (their call paths) and of claims (their resources). */
#include <math.h>

#include "chrono-compare-histogram.h"
#include "chrono-compare-view.h"
#include "chrono-diff.h"
#include "chrono-flame-view.h"
#include "chrono-gui-fixture.h"
#include "chrono-gui-tests.h"
#include "chrono-path-compare-view.h"
#include "chrono-find.h"
#include "chrono-resource-compare-view.h"
#include "chrono-task-paths.h"

#include <json-glib/json-glib.h>

static char *
generate_run (const char *dir, const char *name, const char *load)
{
  char *path = g_build_filename (dir, name, NULL);
  const char *argv[] = { generator_path, "--seed", "5", "--duration", "40000000", "--load", load, "-o", path, NULL };
  int status;
  g_assert_true (
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return path;
}

/* Compare With… puts run B under A and opens the Compare page: each entity's
 * p99 response time in both with the change, the figures of diff; a change
 * beyond ±10 % tinted; the selected row's distributions drawn over each
 * other; activating a row shows that entity's lanes of both runs alone. */
void
test_compare_runs (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  const char *dir = chrono_gui_temp_dir (f);
  g_autofree char *a = generate_run (dir, "before.btf", "100");
  g_autofree char *b = generate_run (dir, "after.btf", "115");
  ChronoWindow *window = chrono_gui_open (f, a);
  g_assert_null (chrono_window_get_compare_view (window));
  compare_with_and_wait (window, b);
  ChronoCompareView *compare = CHRONO_COMPARE_VIEW (chrono_window_get_compare_view (window));
  g_assert_nonnull (compare);
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (compare), GTK_TYPE_STACK);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "compare");

  /* the rows against the runs' metrics compared here */
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTraceSet *set = chrono_layout_get_trace_set (chrono_timeline_view_get_layout (view));
  ChronoTrace *trace_a = chrono_trace_set_get_trace (set, 0), *trace_b = chrono_trace_set_get_trace (set, 1);
  ChronoMetricsOptions options;
  chrono_metrics_options_init (&options);
  g_autoptr (GPtrArray) ma = chrono_metrics_compute (trace_a, &options);
  g_autoptr (GPtrArray) mb = chrono_metrics_compute (trace_b, &options);
  g_autoptr (ChronoDiff) diff = chrono_diff_new (ma, mb);
  GtkTreeView *tree = chrono_compare_view_get_tree (compare);
  GtkTreeModel *model = gtk_tree_view_get_model (tree);
  guint rows = 0, tinted = 0;
  double previous = G_MAXDOUBLE;
  GtkTreeIter iter;
  for (gboolean more = gtk_tree_model_get_iter_first (model, &iter); more;
       more = gtk_tree_model_iter_next (model, &iter))
    {
      g_autofree char *name = NULL;
      guint pair;
      double relative;
      GdkRGBA *tint = NULL;
      gtk_tree_model_get (model, &iter, CHRONO_COMPARE_COLUMN_NAME, &name, CHRONO_COMPARE_COLUMN_PAIR, &pair,
                          CHRONO_COMPARE_COLUMN_RELATIVE, &relative, CHRONO_COMPARE_COLUMN_TINT, &tint, -1);
      const ChronoDiffEntity *e = &g_array_index (diff->both, ChronoDiffEntity, pair);
      g_assert_cmpstr (name, ==, e->name);
      ChronoStatValue va = chrono_diff_stat (e->a, CHRONO_METRIC_RESPONSE_TIME, CHRONO_STAT_P99);
      ChronoStatValue vb = chrono_diff_stat (e->b, CHRONO_METRIC_RESPONSE_TIME, CHRONO_STAT_P99);
      double want;
      g_assert_true (chrono_diff_relative (chrono_trace_get_clock (trace_a), va, chrono_trace_get_clock (trace_b), vb,
                                           FALSE, &want));
      g_assert_cmpfloat (relative, ==, want);
      g_assert_cmpfloat (relative, <=, previous); /* the largest change first */
      previous = relative;
      g_assert_true ((tint != NULL) == (fabs (relative) > 0.10));
      tinted += tint != NULL;
      gdk_rgba_free (tint);
      rows++;
    }
  g_assert_cmpuint (rows, >, 5); /* the tasks and ISRs (runnables have no response time) */
  g_assert_cmpuint (tinted, >, 0);

  /* the first row: its two distributions, every instance in a bin */
  gtk_tree_selection_select_path (gtk_tree_view_get_selection (tree), gtk_tree_path_new_first ());
  g_assert_true (gtk_tree_model_get_iter_first (model, &iter));
  guint pair;
  gtk_tree_model_get (model, &iter, CHRONO_COMPARE_COLUMN_PAIR, &pair, -1);
  const ChronoDiffEntity *first = &g_array_index (diff->both, ChronoDiffEntity, pair);
  guint bins[CHRONO_COMPARE_HISTOGRAM_BINS], total = 0;
  g_assert_true (chrono_compare_histogram_get_bins (
      CHRONO_COMPARE_HISTOGRAM (chrono_compare_view_get_histogram (compare)), 1, bins, G_N_ELEMENTS (bins)));
  for (guint k = 0; k < G_N_ELEMENTS (bins); k++)
    total += bins[k];
  g_assert_cmpuint (total, ==, chrono_diff_stat (first->b, CHRONO_METRIC_RESPONSE_TIME, CHRONO_STAT_COUNT).numerator);
  /* the differential flame graph: every task path of B, as wide as its running time over all of B's tasks */
  GArray *tasks = chrono_task_paths_compute (trace_b, G_MININT64, G_MAXINT64);
  ChronoFlameView *flame = CHRONO_FLAME_VIEW (chrono_compare_view_get_flame (compare));
  double flame_width = gtk_widget_get_allocated_width (GTK_WIDGET (flame));
  gint64 all_tasks = 0;
  for (guint i = 0; i < tasks->len; i++)
    if (g_array_index (tasks, ChronoCallPath, i).names->len == 1)
      all_tasks += g_array_index (tasks, ChronoCallPath, i).inclusive;
  guint under_a_task = 0;
  for (guint i = 0; i < tasks->len; i++)
    {
      const ChronoCallPath *p = &g_array_index (tasks, ChronoCallPath, i);
      g_autofree char *joined = chrono_call_path_join (p);
      double x, y, w;
      g_assert_true (chrono_flame_view_get_bar (flame, joined, &x, &y, &w));
      g_assert_cmpfloat (fabs (w - (double) p->inclusive / (double) all_tasks * flame_width), <, 0.01);
      under_a_task += p->names->len > 1;
      if (p->inclusive > 0)
        {
          g_autofree char *tooltip = chrono_flame_view_describe_at (flame, x + w / 2, y + 9);
          g_assert_nonnull (tooltip);
          g_assert_true (strstr (tooltip, " in A, ") != NULL || strstr (tooltip, "only in B") != NULL);
        }
    }
  g_assert_cmpuint (under_a_task, >, 0); /* the runnables under their tasks */
  chrono_call_paths_free (tasks);
  settle ();
  save_screenshot (GTK_WIDGET (window), "compare-runs.png");

  /* activated: that entity's lanes of both runs alone (with the headings above them, the runnables below) */
  ChronoLayout *layout = chrono_timeline_view_get_layout (view);
  guint all_rows = chrono_layout_get_n_rows (layout);
  g_autoptr (GtkTreePath) path = gtk_tree_path_new_first ();
  gtk_tree_view_row_activated (tree, path, gtk_tree_view_get_column (tree, 0));
  settle ();
  guint index;
  g_assert_true (chrono_layout_find_row (layout, g_ptr_array_index (first->a->lanes, 0), &index));
  g_assert_true (chrono_layout_find_row (layout, g_ptr_array_index (first->b->lanes, 0), &index));
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), <, all_rows / 3);
  save_screenshot (GTK_WIDGET (window), "compare-runs-entity.png");

  /* aligned at its first activation: B's falls where A's does, in view (its middle, unless held at an end) */
  gint64 in_a = g_array_index (first->a->instances, ChronoInstanceMetrics, 0).activated;
  gint64 in_b = g_array_index (first->b->instances, ChronoInstanceMetrics, 0).activated;
  chrono_trace_set_set_shift (set, 1, chrono_trace_set_get_shift (set, 1) + 12345); /* B dragged away first */
  gtk_button_clicked (GTK_BUTTON (chrono_compare_view_get_align (compare)));
  settle ();
  g_assert_cmpint (chrono_trace_set_to_reference (set, 1, in_b), ==, chrono_trace_set_to_reference (set, 0, in_a));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), <=, in_a);
  g_assert_cmpint (chrono_viewport_get_end (viewport), >=, in_a);
}

/* Compare With… on two runs of claims (TRACE, the generator's system with
 * 4,000 and 6,000 claims): the Compare page lists each resource's
 * utilisation in both and its change, as `diff --json` gives them; a
 * resource of one run only would be a row of its own; activating a row
 * shows that resource's lanes of both runs alone. */
void
test_compare_resources (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  const char *dir = chrono_gui_temp_dir (f);
  char *runs[2];
  const char *claims[] = { "4000", "6000" };
  for (guint r = 0; r < 2; r++)
    {
      runs[r] = g_build_filename (dir, r == 0 ? "a.etf" : "b.etf", NULL);
      const char *argv[] = { g_getenv ("CHRONO_GEN_ETF"), "-o", runs[r], "--seed", "2", "--claims", claims[r], NULL };
      int status;
      g_assert_true (
          g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL));
      g_assert_true (g_spawn_check_wait_status (status, NULL));
    }
  ChronoWindow *window = chrono_gui_open (f, runs[0]);
  compare_with_and_wait (window, runs[1]);
  GtkWidget *page = chrono_window_get_compare_view (window);
  g_assert_true (CHRONO_IS_RESOURCE_COMPARE_VIEW (page));
  ChronoResourceCompareView *compare = CHRONO_RESOURCE_COMPARE_VIEW (page);
  /* diff --json's utilisation of each resource */
  const char *argv[] = { cli_path, "diff", runs[0], runs[1], "--json", NULL };
  g_autofree char *out = NULL;
  int status;
  g_assert_true (
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, NULL));
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  JsonArray *resources =
      json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "resources");
  g_autoptr (GHashTable) utilisation = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < json_array_get_length (resources); i++)
    {
      JsonObject *r = json_array_get_object_element (resources, i);
      g_hash_table_insert (utilisation, (gpointer) json_object_get_string_member (r, "name"),
                           json_object_get_object_member (r, "utilisation"));
    }
  GtkTreeView *tree = chrono_resource_compare_view_get_tree (compare);
  GtkTreeModel *model = gtk_tree_view_get_model (tree);
  guint rows = 0;
  GtkTreeIter iter;
  for (gboolean more = gtk_tree_model_get_iter_first (model, &iter); more;
       more = gtk_tree_model_iter_next (model, &iter), rows++)
    {
      g_autofree char *name = NULL;
      double a, b, relative;
      gtk_tree_model_get (model, &iter, CHRONO_RESOURCE_COMPARE_COLUMN_NAME, &name, CHRONO_RESOURCE_COMPARE_COLUMN_A,
                          &a, CHRONO_RESOURCE_COMPARE_COLUMN_B, &b, CHRONO_RESOURCE_COMPARE_COLUMN_RELATIVE, &relative,
                          -1);
      JsonObject *want = g_hash_table_lookup (utilisation, name);
      g_assert_nonnull (want);
      g_assert_cmpfloat (fabs (a - json_object_get_double_member (want, "a")), <=, 1e-12);
      g_assert_cmpfloat (fabs (b - json_object_get_double_member (want, "b")), <=, 1e-12);
      if (json_node_is_null (json_object_get_member (want, "relative")))
        g_assert_cmpfloat (relative, ==, -G_MAXDOUBLE);
      else
        g_assert_cmpfloat (fabs (relative - json_object_get_double_member (want, "relative")), <=, 1e-9);
    }
  g_assert_cmpuint (rows, ==, g_hash_table_size (utilisation));
  g_assert_cmpuint (rows, >, 1);
  settle ();
  save_screenshot (GTK_WIDGET (window), "compare-resources.png");
  /* activated: that resource's lanes of both runs alone */
  ChronoLayout *layout = chrono_timeline_view_get_layout (CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window)));
  guint all_rows = chrono_layout_get_n_rows (layout);
  g_autoptr (GtkTreePath) first = gtk_tree_path_new_first ();
  gtk_tree_view_row_activated (tree, first, gtk_tree_view_get_column (tree, 0));
  settle ();
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), <, all_rows);

  /* marker B on an instant of run B, marker A a while later: B's instant moves under marker A */
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  ChronoTraceSet *set = chrono_layout_get_trace_set (layout);
  ChronoTrace *b = chrono_trace_set_get_trace (set, 1);
  gint64 instant = chrono_trace_get_begin (b) + (chrono_trace_get_end (b) - chrono_trace_get_begin (b)) / 3;
  gint64 at_b = chrono_trace_set_to_reference (set, 1, instant), at_a = at_b + 5000;
  GtkWidget *button = find_button_with (GTK_WIDGET (page), "Align B at _Marker B");
  g_assert_nonnull (button);
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_B, at_b);
  g_assert_false (gtk_widget_get_sensitive (button)); /* marker A not set yet */
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_A, at_a);
  g_assert_true (gtk_widget_get_sensitive (button));
  gtk_button_clicked (GTK_BUTTON (button));
  settle ();
  g_assert_cmpint (chrono_trace_set_to_reference (set, 1, instant), ==, at_a);
  gint64 marker_b;
  g_assert_true (chrono_viewport_get_marker (viewport, CHRONO_MARKER_B, &marker_b));
  g_assert_cmpint (marker_b, ==, at_a);
  for (guint r = 0; r < 2; r++)
    g_free (runs[r]);
}

/* Two TRACE files of different systems: the resources of each one only
 * are rows that say which run has them. */
void
test_compare_resources_of_one_run (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *a = g_build_filename (data_dir, "etf", "grouped.etf", NULL);
  g_autofree char *b = g_build_filename (data_dir, "etf", "attributes.etf", NULL);
  ChronoWindow *window = chrono_gui_open (f, a);
  compare_with_and_wait (window, b);
  ChronoResourceCompareView *compare = CHRONO_RESOURCE_COMPARE_VIEW (chrono_window_get_compare_view (window));
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTraceSet *set = chrono_layout_get_trace_set (chrono_timeline_view_get_layout (view));
  g_autoptr (GArray) ra = chrono_resource_stats_compute (chrono_trace_set_get_trace (set, 0));
  g_autoptr (GArray) rb = chrono_resource_stats_compute (chrono_trace_set_get_trace (set, 1));
  g_autoptr (ChronoResourceDiff) diff =
      chrono_resource_diff_new (chrono_trace_set_get_trace (set, 0), ra, chrono_trace_set_get_trace (set, 1), rb);
  g_assert_cmpuint (diff->only_a->len, >, 0);
  g_assert_cmpuint (diff->only_b->len, >, 0);
  GtkTreeModel *model = gtk_tree_view_get_model (chrono_resource_compare_view_get_tree (compare));
  guint in_a = 0, in_b = 0;
  GtkTreeIter iter;
  for (gboolean more = gtk_tree_model_get_iter_first (model, &iter); more;
       more = gtk_tree_model_iter_next (model, &iter))
    {
      g_autofree char *name = NULL, *says = NULL;
      gtk_tree_model_get (model, &iter, CHRONO_RESOURCE_COMPARE_COLUMN_NAME, &name,
                          CHRONO_RESOURCE_COMPARE_COLUMN_RELATIVE_TEXT, &says, -1);
      if (g_ptr_array_find_with_equal_func (diff->only_a, name, g_str_equal, NULL))
        {
          g_assert_cmpstr (says, ==, "only in A");
          in_a++;
        }
      if (g_ptr_array_find_with_equal_func (diff->only_b, name, g_str_equal, NULL))
        {
          g_assert_cmpstr (says, ==, "only in B");
          in_b++;
        }
    }
  g_assert_cmpuint (in_a, ==, diff->only_a->len);
  g_assert_cmpuint (in_b, ==, diff->only_b->len);
}

/* `diff --json` of two runs, parsed (the figures the Compare page must show). */
static JsonNode *
cli_diff (const char *a, const char *b)
{
  const char *argv[] = { cli_path, "diff", a, b, "--json", NULL };
  g_autofree char *out = NULL;
  int status;
  g_assert_true (
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  return json_node_copy (json_parser_get_root (parser));
}

static char *
joined_path (JsonArray *names)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < json_array_get_length (names); i++)
    g_string_append_printf (out, "%s%s", i ? ";" : "", json_array_get_string_element (names, i));
  return g_string_free (out, FALSE);
}

/* Compare With… on two OTF2 runs of one program, the second longer: the
 * Compare page lists every call path of either run with the inclusive time
 * of `diff` in both and its change, a path of one run only as such; under
 * it, B's flame graph coloured by the change from A, and a row selected
 * widens its path there. */
void
test_compare_call_paths (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *a = chrono_gui_generate_otf2 (f, "before.otf2", "3000");
  if (a == NULL)
    return;
  g_autofree char *b = chrono_gui_generate_otf2 (f, "after.otf2", "3300");
  ChronoWindow *window = chrono_gui_open (f, a);
  compare_with_and_wait (window, b);
  GtkWidget *page = chrono_window_get_compare_view (window);
  g_assert_true (CHRONO_IS_PATH_COMPARE_VIEW (page));
  ChronoPathCompareView *compare = CHRONO_PATH_COMPARE_VIEW (page);
  g_autoptr (JsonNode) diff = cli_diff (a, b);
  JsonObject *root = json_node_get_object (diff);
  JsonArray *paths = json_object_get_array_member (root, "paths");
  g_autoptr (GHashTable) relative = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < json_array_get_length (paths); i++)
    {
      JsonObject *p = json_array_get_object_element (paths, i);
      JsonObject *inclusive = json_object_get_object_member (p, "inclusive_time");
      g_hash_table_insert (relative, joined_path (json_object_get_array_member (p, "path")),
                           json_object_get_member (inclusive, "relative"));
    }
  guint only = json_array_get_length (json_object_get_array_member (root, "only_a"))
               + json_array_get_length (json_object_get_array_member (root, "only_b"));
  g_assert_cmpuint (only, >, 0);
  GtkTreeModel *model = gtk_tree_view_get_model (chrono_path_compare_view_get_tree (compare));
  guint rows = 0, alone = 0;
  GtkTreeIter iter, slower;
  gboolean have_slower = FALSE;
  for (gboolean more = gtk_tree_model_get_iter_first (model, &iter); more;
       more = gtk_tree_model_iter_next (model, &iter), rows++)
    {
      g_autofree char *path = NULL, *relative_text = NULL;
      double shown, in_b;
      gtk_tree_model_get (model, &iter, CHRONO_PATH_COMPARE_COLUMN_PATH, &path, CHRONO_PATH_COMPARE_COLUMN_RELATIVE,
                          &shown, CHRONO_PATH_COMPARE_COLUMN_RELATIVE_TEXT, &relative_text,
                          CHRONO_PATH_COMPARE_COLUMN_B, &in_b, -1);
      JsonNode *want = g_hash_table_lookup (relative, path);
      if (want == NULL)
        {
          alone++;
          g_assert_true (g_str_has_prefix (relative_text, "only in"));
          continue;
        }
      if (JSON_NODE_HOLDS_NULL (want))
        g_assert_cmpfloat (shown, ==, -G_MAXDOUBLE);
      else
        g_assert_cmpfloat (fabs (shown - json_node_get_double (want)), <, 1e-9);
      if (!have_slower && shown > 0.5 && in_b > 0)
        {
          slower = iter;
          have_slower = TRUE;
        }
    }
  g_assert_cmpuint (rows, ==, g_hash_table_size (relative) + only);
  g_assert_cmpuint (alone, ==, only);
  g_assert_true (have_slower);
  /* the slower path in the flame graph of B: its times in both runs; a row selected widens it */
  g_autofree char *joined = NULL;
  gtk_tree_model_get (model, &slower, CHRONO_PATH_COMPARE_COLUMN_PATH, &joined, -1);
  ChronoFlameView *flame = CHRONO_FLAME_VIEW (chrono_path_compare_view_get_flame (compare));
  double x, y, w;
  g_assert_true (chrono_flame_view_get_bar (flame, joined, &x, &y, &w));
  g_autofree char *tooltip = chrono_flame_view_describe_at (flame, x + MIN (w / 2, 1), y + 9);
  g_assert_nonnull (strstr (tooltip, " in A, "));
  gtk_tree_selection_select_iter (gtk_tree_view_get_selection (chrono_path_compare_view_get_tree (compare)), &slower);
  g_assert_cmpstr (chrono_flame_view_get_focus (flame), ==, joined);
  /* another figure keeps the row chosen (and the align button for it) */
  chrono_path_compare_view_set_figure (compare, CHRONO_PATH_EXCLUSIVE);
  GtkTreeIter chosen;
  GtkTreeModel *now = NULL;
  g_assert_true (gtk_tree_selection_get_selected (
      gtk_tree_view_get_selection (chrono_path_compare_view_get_tree (compare)), &now, &chosen));
  g_autofree char *still = NULL;
  gtk_tree_model_get (now, &chosen, CHRONO_PATH_COMPARE_COLUMN_PATH, &still, -1);
  g_assert_cmpstr (still, ==, joined);
  g_assert_true (gtk_widget_get_sensitive (chrono_path_compare_view_get_align (compare)));
  /* aligned at the path's first call: B's begins where A's does */
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTraceSet *set = chrono_layout_get_trace_set (chrono_timeline_view_get_layout (view));
  gint64 first[2];
  for (guint run = 0; run < 2; run++)
    {
      g_autoptr (ChronoQuery) query = chrono_query_new_path (joined);
      g_autoptr (ChronoFindResult) calls = chrono_find (chrono_trace_set_get_trace (set, run), query, G_MAXUINT);
      g_assert_cmpuint (calls->matches->len, >, 0);
      first[run] = G_MAXINT64;
      for (guint i = 0; i < calls->matches->len; i++)
        first[run] = MIN (first[run], g_array_index (calls->matches, ChronoMatch, i).start);
    }
  chrono_trace_set_set_shift (set, 1, chrono_trace_set_get_shift (set, 1) + 12345); /* B dragged away first */
  gtk_button_clicked (GTK_BUTTON (chrono_path_compare_view_get_align (compare)));
  settle ();
  g_assert_cmpint (chrono_trace_set_to_reference (set, 1, first[1]), ==,
                   chrono_trace_set_to_reference (set, 0, first[0]));
  chrono_flame_view_focus (flame, NULL);
  settle ();
  save_screenshot (GTK_WIDGET (window), "compare-call-paths.png");
}
