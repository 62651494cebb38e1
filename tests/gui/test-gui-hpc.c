/* The pages an HPC analyst reads an OTF2 archive with: the profile (flat,
 * call tree, by location), the inspector's late sender and the Messages
 * page's communication matrix, with the collectives under it. */
#include <string.h>

#include "chrono-collectives-view.h"
#include "chrono-collectives.h"
#include "chrono-call-paths.h"
#include "chrono-call-tree-view.h"
#include "chrono-comm-matrix-view.h"
#include "chrono-comm.h"
#include "chrono-flame-view.h"
#include "chrono-range-counters-view.h"
#include "chrono-range-counters.h"

#include "chrono-gui-fixture.h"
#include "chrono-gui-tests.h"
#include "chrono-location-profile-view.h"
#include "chrono-message-summary-view.h"
#include "chrono-profile-view.h"
#include "chrono-profile.h"

/* An OTF2 fixture in a window, or NULL (the test skipped) when the build has none. */
static ChronoWindow *
open_otf2_fixture (ChronoGuiFixture *f, const char *name)
{
  g_autofree char *path = g_build_filename (data_dir, "otf2", name, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("built without OTF2 fixtures");
      return NULL;
    }
  return chrono_gui_open (f, path);
}

/* The Profile page of the mpi_metrics fixture in a window, or NULL (the test skipped) without OTF2 fixtures. */
static ChronoProfileView *
show_profile (ChronoGuiFixture *f, ChronoWindow **out_window)
{
  ChronoWindow *window = *out_window = open_otf2_fixture (f, "mpi_metrics.otf2");
  if (window == NULL)
    return NULL;
  ChronoProfileView *profile =
      CHRONO_PROFILE_VIEW (find_widget_of_type (GTK_WIDGET (window), CHRONO_TYPE_PROFILE_VIEW));
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (profile), GTK_TYPE_STACK);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "profile");
  return profile;
}

/* Counts the rows of a tree model under parent (NULL: all), and each row's path, name and calls against paths. */
static guint
check_call_rows (GtkTreeModel *model, GtkTreeIter *parent, GHashTable *paths)
{
  guint n = 0;
  GtkTreeIter iter;
  for (gboolean more = gtk_tree_model_iter_children (model, &iter, parent); more;
       more = gtk_tree_model_iter_next (model, &iter))
    {
      g_autofree char *joined = NULL;
      guint64 calls;
      gint64 inclusive;
      gtk_tree_model_get (model, &iter, CHRONO_CALL_TREE_COLUMN_PATH, &joined, CHRONO_CALL_TREE_COLUMN_CALLS, &calls,
                          CHRONO_CALL_TREE_COLUMN_INCLUSIVE, &inclusive, -1);
      const ChronoCallPath *want = g_hash_table_lookup (paths, joined);
      g_assert_nonnull (want);
      g_assert_cmpuint (calls, ==, want->calls);
      g_assert_cmpint (inclusive, ==, want->inclusive);
      n += 1 + check_call_rows (model, &iter, paths);
    }
  return n;
}

/* An OTF2 archive's Profile page has a call tree beside the flat profile:
 * every call path of the visible range once, under its caller, with the
 * figures of `profile`. */
void
test_profile_call_tree (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window;
  ChronoProfileView *profile = show_profile (f, &window);
  if (profile == NULL)
    return;
  chrono_profile_view_show_call_tree (profile);
  settle ();
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  GArray *paths = chrono_call_paths_compute (chrono_timeline_view_get_trace (view), NULL,
                                             chrono_viewport_get_begin (viewport), chrono_viewport_get_end (viewport));
  g_autoptr (GHashTable) by_path = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < paths->len; i++)
    g_hash_table_insert (by_path, chrono_call_path_join (&g_array_index (paths, ChronoCallPath, i)),
                         &g_array_index (paths, ChronoCallPath, i));
  GtkTreeView *tree =
      chrono_call_tree_view_get_tree (CHRONO_CALL_TREE_VIEW (chrono_profile_view_get_call_tree (profile)));
  g_assert_cmpuint (check_call_rows (gtk_tree_view_get_model (tree), NULL, by_path), ==, paths->len);
  g_assert_cmpuint (paths->len, >, 10);
  gtk_tree_view_expand_all (tree);
  settle ();
  save_screenshot (GTK_WIDGET (window), "profile-call-tree.png");
  chrono_call_paths_free (paths);
}

/* A receive of the Score-P ping-pong that waited for its sender to start
 * says so in the inspector, with the figure of `comm`. */
void
test_late_sender_inspector (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path =
      g_build_filename (corpus_dir ? corpus_dir : "", "otf2", "ping-pong-otf2", "traces.otf2", NULL);
  if (corpus_dir == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no OTF2 corpus");
      return;
    }
  ChronoWindow *window = chrono_gui_open (f, path);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoMessages *messages = chrono_trace_get_messages (trace);
  g_assert_nonnull (messages);
  const ChronoMessage *late = NULL;
  for (guint i = 0; i < chrono_messages_get_n (messages) && late == NULL; i++)
    if (chrono_message_late_sender (chrono_messages_get (messages, i)) > 0)
      late = chrono_messages_get (messages, i);
  g_assert_nonnull (late);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  ChronoLane *receiver = NULL;
  for (guint i = 0; i < lanes->len && receiver == NULL; i++)
    if (chrono_lane_get_kind (lanes->pdata[i]) == CHRONO_LANE_WORKER
        && (guint64) chrono_lane_get_source_id (lanes->pdata[i]) == late->receiver)
      receiver = lanes->pdata[i];
  g_assert_nonnull (receiver);
  ChronoSpans *spans = chrono_lane_get_spans (receiver);
  guint span = chrono_spans_first_starting_at_or_after (spans, late->receive_call);
  g_assert_cmpint (chrono_spans_get_start (spans, span), ==, late->receive_call);
  chrono_timeline_view_select (view, receiver, span);
  g_autofree char *text = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (text, "Late sender"));
  g_assert_nonnull (strstr (text, "to start sending"));
}

/* The Messages page of the window shown, and its matrix. */
static ChronoCommMatrixView *
show_messages (ChronoWindow *window)
{
  ChronoCommMatrixView *matrix =
      CHRONO_COMM_MATRIX_VIEW (find_widget_of_type (GTK_WIDGET (window), CHRONO_TYPE_COMM_MATRIX_VIEW));
  g_assert_nonnull (matrix);
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (matrix), GTK_TYPE_STACK);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "messages");
  settle ();
  return matrix;
}

/* An archive with messages has a Messages page: a cell per sender and
 * receiver with the figures of `comm` in its tooltip; a click shows the
 * pair's lanes alone; a communicator chosen keeps its messages only. */
void
test_comm_matrix (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = open_otf2_fixture (f, "sends_inside.otf2");
  if (window == NULL)
    return;
  ChronoCommMatrixView *matrix = show_messages (window);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  g_autoptr (ChronoComm) comm = chrono_comm_new (chrono_timeline_view_get_trace (view));
  g_assert_cmpuint (comm->pairs->len, >, 1);
  /* the pair of the first communicator: its messages, summed over every communicator */
  const ChronoCommPair *first = &g_array_index (comm->pairs, ChronoCommPair, 0);
  guint64 count = 0;
  for (guint i = 0; i < comm->pairs->len; i++)
    {
      const ChronoCommPair *p = &g_array_index (comm->pairs, ChronoCommPair, i);
      if (p->sender == first->sender && p->receiver == first->receiver)
        count += p->count;
    }
  double x, y;
  g_assert_true (chrono_comm_matrix_view_get_cell (matrix, first->sender, first->receiver, &x, &y));
  g_autofree char *all = chrono_comm_matrix_view_describe_at (matrix, x, y);
  g_autofree char *want_all = g_strdup_printf ("%" G_GUINT64_FORMAT " messages", count);
  g_assert_nonnull (strstr (all, want_all));
  chrono_comm_matrix_view_set_communicator (matrix, first->communicator);
  ChronoLinkFilter arrows;
  chrono_timeline_view_get_link_filter (view, &arrows);
  g_assert_cmpstr (arrows.communicator, ==, first->communicator); /* the arrows follow the choice */
  g_autofree char *one = chrono_comm_matrix_view_describe_at (matrix, x, y);
  g_autofree char *want_one = g_strdup_printf ("%" G_GUINT64_FORMAT " messages", first->count);
  g_assert_nonnull (strstr (one, want_one));
  /* the message summary under it: by communicator, the matrix's pairs summed; one communicator's by tag */
  ChronoMessageSummaryView *summary = CHRONO_MESSAGE_SUMMARY_VIEW (chrono_comm_matrix_view_get_summary (matrix));
  chrono_message_summary_view_set_grouping (summary, CHRONO_MESSAGES_BY_TAG);
  GArray *groups = chrono_message_summary_view_get_groups (summary);
  guint64 in_groups = 0;
  for (guint i = 0; i < groups->len; i++)
    in_groups += g_array_index (groups, ChronoMessageGroup, i).count;
  guint64 in_communicator = 0;
  for (guint i = 0; i < comm->pairs->len; i++)
    if (g_str_equal (g_array_index (comm->pairs, ChronoCommPair, i).communicator, first->communicator))
      in_communicator += g_array_index (comm->pairs, ChronoCommPair, i).count;
  g_assert_cmpuint (in_groups, ==, in_communicator);
  chrono_comm_matrix_view_set_communicator (matrix, NULL);
  chrono_timeline_view_get_link_filter (view, &arrows);
  g_assert_null (arrows.communicator);
  chrono_message_summary_view_set_grouping (summary, CHRONO_MESSAGES_BY_COMMUNICATOR);
  groups = chrono_message_summary_view_get_groups (summary);
  g_assert_cmpuint (groups->len, >, 1);
  for (guint i = 0; i < groups->len; i++)
    {
      const ChronoMessageGroup *g = &g_array_index (groups, ChronoMessageGroup, i);
      guint64 sent = 0;
      for (guint k = 0; k < comm->pairs->len; k++)
        if (g_str_equal (g_array_index (comm->pairs, ChronoCommPair, k).communicator, g->communicator))
          sent += g_array_index (comm->pairs, ChronoCommPair, k).count;
      g_assert_cmpuint (g->count, ==, sent);
    }
  chrono_message_summary_view_set_grouping (summary, CHRONO_MESSAGES_BY_SIZE);
  settle ();
  groups = chrono_message_summary_view_get_groups (summary);
  guint longest = 0;
  for (guint i = 0; i < groups->len; i++)
    if (g_array_index (groups, ChronoMessageGroup, i).count > g_array_index (groups, ChronoMessageGroup, longest).count)
      longest = i;
  double bx, by, bw, lx, ly, lw;
  g_assert_true (chrono_message_summary_view_get_bar (summary, 0, &bx, &by, &bw));
  g_assert_true (chrono_message_summary_view_get_bar (summary, longest, &lx, &ly, &lw));
  g_assert_cmpfloat (fabs (bw / lw
                           - (double) g_array_index (groups, ChronoMessageGroup, 0).count
                                 / (double) g_array_index (groups, ChronoMessageGroup, longest).count),
                     <, 1e-9);
  g_autofree char *bar = chrono_message_summary_view_describe_at (summary, bx + 1, by + 9);
  g_autofree char *want_bar =
      g_strdup_printf ("%" G_GUINT64_FORMAT " messages", g_array_index (groups, ChronoMessageGroup, 0).count);
  g_assert_nonnull (strstr (bar, want_bar));
  save_screenshot (GTK_WIDGET (window), "comm-matrix.png");
  /* no receiver waited here: by late-sender time every group is a bar of no length, still named */
  g_assert_cmpint (comm->late_sender, ==, 0);
  chrono_comm_matrix_view_set_measure (matrix, CHRONO_COMM_BY_LATE_SENDER);
  g_assert_true (chrono_message_summary_view_get_bar (summary, 0, &bx, &by, &bw));
  g_assert_cmpfloat (bw, ==, 0.0);
  chrono_comm_matrix_view_set_measure (matrix, CHRONO_COMM_BY_COUNT);
  /* the pair's lanes alone */
  ChronoLayout *layout = chrono_timeline_view_get_layout (view);
  guint all_rows = chrono_layout_get_n_rows (layout);
  g_assert_true (chrono_comm_matrix_view_choose_at (matrix, x, y));
  settle ();
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), <, all_rows);
}

/* The Profile's name column can be narrowed or widened (no column expands) and each row's tooltip has the
 * full name, which the column may shorten. */
void
test_profile_names (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = open_otf2_fixture (f, "plain.otf2");
  if (window == NULL)
    return;
  GtkWidget *profile = find_widget_of_type (GTK_WIDGET (window), CHRONO_TYPE_PROFILE_VIEW);
  g_assert_nonnull (profile);
  GtkTreeView *tree = GTK_TREE_VIEW (find_widget_of_type (profile, GTK_TYPE_TREE_VIEW));
  g_assert_nonnull (tree);
  for (int c = 0; c < (int) gtk_tree_view_get_n_columns (tree); c++)
    {
      GtkTreeViewColumn *column = gtk_tree_view_get_column (tree, c);
      g_assert_true (gtk_tree_view_column_get_resizable (column));
      g_assert_false (gtk_tree_view_column_get_expand (column));
    }
  int tooltip_column = gtk_tree_view_get_tooltip_column (tree);
  g_assert_cmpint (tooltip_column, >=, 0);
  GtkTreeModel *model = gtk_tree_view_get_model (tree);
  GtkTreeIter iter;
  guint rows = 0;
  for (gboolean more = gtk_tree_model_get_iter_first (model, &iter); more;
       more = gtk_tree_model_iter_next (model, &iter), rows++)
    {
      g_autofree char *name = NULL, *tooltip = NULL;
      gtk_tree_model_get (model, &iter, 0, &name, tooltip_column, &tooltip, -1);
      g_autofree char *escaped = g_markup_escape_text (name, -1);
      g_assert_nonnull (strstr (tooltip, escaped));
      g_assert_true (pango_parse_markup (tooltip, -1, 0, NULL, NULL, NULL, NULL));
    }
  g_assert_cmpuint (rows, >, 0);
}

/* The Profile page's By Location: a row per location with a call in the
 * visible range, each region's time on it the exclusive time of the call
 * paths that end in the region there (profile --per-location's paths summed
 * by their last region); a segment's tooltip names the region and its
 * imbalance over the locations. */
void
test_location_profile (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window;
  ChronoProfileView *profile = show_profile (f, &window);
  if (profile == NULL)
    return;
  chrono_profile_view_show_location_profile (profile);
  settle ();
  ChronoLocationProfileView *locations =
      CHRONO_LOCATION_PROFILE_VIEW (chrono_profile_view_get_location_profile (profile));
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  g_autoptr (GPtrArray) lanes = chrono_call_paths_lanes (trace);
  guint row = 0;
  for (guint i = 0; i < lanes->len; i++)
    {
      g_autoptr (GPtrArray) one = g_ptr_array_new ();
      g_ptr_array_add (one, lanes->pdata[i]);
      GArray *paths = chrono_call_paths_compute (trace, one, chrono_viewport_get_begin (viewport),
                                                 chrono_viewport_get_end (viewport));
      g_autoptr (GHashTable) by_region = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint p = 0; p < paths->len; p++)
        {
          const ChronoCallPath *path = &g_array_index (paths, ChronoCallPath, p);
          const char *region = g_ptr_array_index (path->names, path->names->len - 1);
          gint64 *sum = g_hash_table_lookup (by_region, region);
          if (sum == NULL)
            {
              sum = g_new0 (gint64, 1);
              g_hash_table_insert (by_region, (gpointer) region, sum);
            }
          *sum += path->exclusive;
        }
      GHashTableIter iter;
      gpointer region, sum;
      g_hash_table_iter_init (&iter, by_region);
      while (g_hash_table_iter_next (&iter, &region, &sum))
        {
          g_assert_cmpint (chrono_location_profile_view_get_ticks (locations, row, region), ==, *(gint64 *) sum);
          g_free (sum);
        }
      row += paths->len > 0;
      chrono_call_paths_free (paths);
    }
  g_assert_cmpuint (chrono_location_profile_view_get_n_rows (locations), ==, row);
  g_assert_cmpuint (row, >, 1);
  /* the first row's longest region starts where the bars do */
  GtkAllocation a;
  gtk_widget_get_allocation (GTK_WIDGET (locations), &a);
  g_autofree char *tooltip = NULL;
  for (double x = 0; x < a.width && tooltip == NULL; x += 2)
    tooltip = chrono_location_profile_view_describe_at (locations, x, 16);
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "exclusive"));
  g_assert_nonnull (strstr (tooltip, "imbalance over"));
  g_assert_true (pango_parse_markup (tooltip, -1, 0, NULL, NULL, NULL, NULL));
  save_screenshot (GTK_WIDGET (window), "profile-by-location.png");
}

/* The row of the call tree whose path (names joined by ';') is joined, under parent (NULL: anywhere). */
static gboolean
find_call_row (GtkTreeModel *model, GtkTreeIter *parent, const char *joined, GtkTreeIter *out)
{
  GtkTreeIter iter;
  for (gboolean more = gtk_tree_model_iter_children (model, &iter, parent); more;
       more = gtk_tree_model_iter_next (model, &iter))
    {
      g_autofree char *path = NULL;
      gtk_tree_model_get (model, &iter, CHRONO_CALL_TREE_COLUMN_PATH, &path, -1);
      if (g_str_equal (path, joined))
        {
          *out = iter;
          return TRUE;
        }
      if (find_call_row (model, &iter, joined, out))
        return TRUE;
    }
  return FALSE;
}

static guint
count_outlined (ChronoTimelineView *view)
{
  ChronoRenderOverlays overlays;
  chrono_timeline_view_get_overlays (view, &overlays);
  return overlays.n_ranges;
}

/* Selecting a call path in the call tree outlines each of its calls on the
 * timeline; zooming in on one of them keeps the path selected, its rows
 * open and its calls outlined. */
void
test_call_path_highlight (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window;
  ChronoProfileView *profile = show_profile (f, &window);
  if (profile == NULL)
    return;
  chrono_profile_view_show_call_tree (profile);
  settle ();
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  GArray *paths = chrono_call_paths_compute (trace, NULL, G_MININT64, G_MAXINT64);
  const ChronoCallPath *chosen = NULL;
  for (guint i = 0; i < paths->len; i++)
    {
      const ChronoCallPath *p = &g_array_index (paths, ChronoCallPath, i);
      if (p->names->len >= 2 && (chosen == NULL || p->calls > chosen->calls))
        chosen = p;
    }
  g_assert_nonnull (chosen);
  g_assert_cmpuint (chosen->calls, >, 1);
  g_autofree char *joined = chrono_call_path_join (chosen);
  GtkTreeView *tree =
      chrono_call_tree_view_get_tree (CHRONO_CALL_TREE_VIEW (chrono_profile_view_get_call_tree (profile)));
  GtkTreeModel *model = gtk_tree_view_get_model (tree);
  gtk_tree_view_expand_all (tree);
  GtkTreeIter row;
  g_assert_true (find_call_row (model, NULL, joined, &row));
  gtk_tree_selection_select_iter (gtk_tree_view_get_selection (tree), &row);
  settle ();
  g_assert_cmpuint (count_outlined (view), ==, chosen->calls);
  ChronoRenderOverlays overlays;
  chrono_timeline_view_get_overlays (view, &overlays);
  const ChronoRenderRange *first = &overlays.ranges[0];
  g_assert_cmpint (chrono_lane_get_kind (first->lane), ==, CHRONO_LANE_WORKER);
  /* zoomed in on the first call */
  gint64 margin = MAX ((first->end - first->begin) / 4, 1);
  chrono_viewport_set_range (chrono_timeline_view_get_viewport (view), first->begin - margin, first->end + margin);
  settle ();
  settle ();
  model = gtk_tree_view_get_model (tree);
  GtkTreeIter selected;
  g_assert_true (gtk_tree_selection_get_selected (gtk_tree_view_get_selection (tree), &model, &selected));
  g_autofree char *still = NULL;
  gtk_tree_model_get (model, &selected, CHRONO_CALL_TREE_COLUMN_PATH, &still, -1);
  g_assert_cmpstr (still, ==, joined);
  GtkTreeIter parent;
  g_assert_true (gtk_tree_model_iter_parent (model, &parent, &selected));
  g_autoptr (GtkTreePath) parent_path = gtk_tree_model_get_path (model, &parent);
  g_assert_true (gtk_tree_view_row_expanded (tree, parent_path));
  g_assert_cmpuint (count_outlined (view), ==, chosen->calls);
  save_screenshot (GTK_WIDGET (window), "call-path-highlight.png");
  chrono_call_paths_free (paths);
}

/* The Profile page's flame graph: a bar per call path of the visible range,
 * as wide as its inclusive time over the outermost calls' and inside its
 * caller's bar one row down; a click outlines the path's calls on the
 * timeline, a double click makes it the whole width, Escape goes back. */
void
test_flame_graph (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window;
  ChronoProfileView *profile = show_profile (f, &window);
  if (profile == NULL)
    return;
  chrono_profile_view_show_flame (profile);
  settle ();
  ChronoFlameView *flame = CHRONO_FLAME_VIEW (chrono_profile_view_get_flame (profile));
  double width = gtk_widget_get_allocated_width (GTK_WIDGET (flame));
  g_assert_cmpfloat (width, >, 100);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  GArray *paths = chrono_call_paths_compute (chrono_timeline_view_get_trace (view), NULL,
                                             chrono_viewport_get_begin (viewport), chrono_viewport_get_end (viewport));
  gint64 total = 0;
  for (guint i = 0; i < paths->len; i++)
    if (g_array_index (paths, ChronoCallPath, i).names->len == 1)
      total += g_array_index (paths, ChronoCallPath, i).inclusive;
  const ChronoCallPath *deepest = NULL;
  for (guint i = 0; i < paths->len; i++)
    {
      const ChronoCallPath *p = &g_array_index (paths, ChronoCallPath, i);
      g_autofree char *joined = chrono_call_path_join (p);
      double x, y, w;
      g_assert_true (chrono_flame_view_get_bar (flame, joined, &x, &y, &w));
      g_assert_cmpfloat (fabs (w - (double) p->inclusive / (double) total * width), <, 0.01);
      g_assert_cmpfloat (y, ==, (p->names->len - 1) * 18.0);
      if (p->names->len > 1)
        {
          g_autofree char *caller = g_strndup (joined, strrchr (joined, ';') - joined);
          double cx, cy, cw;
          g_assert_true (chrono_flame_view_get_bar (flame, caller, &cx, &cy, &cw));
          g_assert_cmpfloat (x, >=, cx - 0.01);
          g_assert_cmpfloat (x + w, <=, cx + cw + 0.01);
        }
      if (p->inclusive > 0 && (deepest == NULL || p->names->len > deepest->names->len))
        deepest = p;
    }
  g_assert_nonnull (deepest);
  g_autofree char *joined = chrono_call_path_join (deepest);
  double x, y, w;
  g_assert_true (chrono_flame_view_get_bar (flame, joined, &x, &y, &w));
  g_autofree char *tooltip = chrono_flame_view_describe_at (flame, x + w / 2, y + 9);
  g_autofree char *escaped = g_markup_escape_text (joined, -1);
  g_assert_nonnull (strstr (tooltip, escaped));
  /* a click: the path's calls outlined */
  send_button (GTK_WIDGET (flame), GDK_BUTTON_PRESS, 1, x + w / 2, y + 9, 0);
  settle ();
  g_autoptr (ChronoQuery) query = chrono_query_new_path (joined);
  g_autoptr (ChronoFindResult) calls = chrono_find (chrono_timeline_view_get_trace (view), query, G_MAXUINT);
  ChronoRenderOverlays overlays;
  chrono_timeline_view_get_overlays (view, &overlays);
  g_assert_cmpuint (overlays.n_ranges, ==, calls->n_found);
  /* a double click: the path the whole width, its caller a full bar above */
  send_button (GTK_WIDGET (flame), GDK_2BUTTON_PRESS, 1, x + w / 2, y + 9, 0);
  settle ();
  g_assert_cmpstr (chrono_flame_view_get_focus (flame), ==, joined);
  g_assert_true (chrono_flame_view_get_bar (flame, joined, &x, &y, &w));
  g_assert_cmpfloat (x, ==, 0);
  g_assert_cmpfloat (fabs (w - width), <, 0.01);
  save_screenshot (GTK_WIDGET (window), "flame-graph-focused.png");
  send_key (GTK_WIDGET (flame), GDK_KEY_Escape);
  g_assert_cmpstr (chrono_flame_view_get_focus (flame), !=, joined);
  chrono_flame_view_focus (flame, NULL);
  settle ();
  save_screenshot (GTK_WIDGET (window), "flame-graph.png");
  chrono_call_paths_free (paths);
}

/* The Range page of an archive with counters: each metric lane's least,
 * mean and largest value between markers A and B and its change, as
 * `range --json` gives them (an accumulated counter's growth). */
void
test_range_counters (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = open_otf2_fixture (f, "mpi_metrics.otf2");
  if (window == NULL)
    return;
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoRangeView *range = CHRONO_RANGE_VIEW (chrono_window_get_range_view (window));
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (range), GTK_TYPE_STACK);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "range");
  gint64 t0 = chrono_trace_get_begin (trace), length = chrono_trace_get_end (trace) - t0;
  gint64 a = t0 + length / 4, b = t0 + length * 3 / 4;
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_A, a);
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_B, b);
  settle ();
  gint64 begin, end;
  g_assert_true (chrono_range_view_get_range (range, &begin, &end));
  g_autoptr (GArray) want = chrono_range_counters_compute (trace, begin, end);
  g_assert_cmpuint (want->len, >, 0);
  ChronoRangeCountersView *counters = CHRONO_RANGE_COUNTERS_VIEW (chrono_range_view_get_counters (range));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (counters)));
  GtkTreeModel *model = gtk_tree_view_get_model (chrono_range_counters_view_get_tree (counters));
  g_assert_cmpint (gtk_tree_model_iter_n_children (model, NULL), ==, (int) want->len);
  GtkTreeIter iter;
  guint i = 0, rates = 0;
  for (gboolean more = gtk_tree_model_get_iter_first (model, &iter); more;
       more = gtk_tree_model_iter_next (model, &iter), i++)
    {
      const ChronoRangeCounter *c = &g_array_index (want, ChronoRangeCounter, i);
      g_autofree char *lane = NULL, *path = chrono_lane_dup_path (c->lane);
      double change, mean;
      gtk_tree_model_get (model, &iter, CHRONO_RANGE_COUNTER_COLUMN_LANE, &lane, CHRONO_RANGE_COUNTER_COLUMN_CHANGE,
                          &change, CHRONO_RANGE_COUNTER_COLUMN_MEAN, &mean, -1);
      g_assert_cmpstr (lane, ==, path);
      if (c->has_values)
        g_assert_cmpfloat (mean, ==, c->mean);
      if (c->is_rate && c->has_values)
        {
          g_assert_cmpfloat (change, ==, c->change);
          g_assert_cmpfloat (change, >, 0);
          rates++;
        }
    }
  g_assert_cmpuint (rates, >, 0);
  save_screenshot (GTK_WIDGET (window), "range-counters.png");
}

/* The Profile page's scope: the lane of the item selected in the timeline
 * alone, or its group (the rank's threads), or every lane; the flat
 * profile, the call tree and the bars by location read only those lanes. */
void
test_profile_scope (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window;
  ChronoProfileView *profile = show_profile (f, &window);
  if (profile == NULL)
    return;
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  g_autoptr (GPtrArray) workers = chrono_call_paths_lanes (trace);
  g_assert_cmpuint (workers->len, ==, 2);
  ChronoLane *thread = workers->pdata[1];
  chrono_timeline_view_select (view, thread, 0);
  chrono_profile_view_set_scope (profile, CHRONO_PROFILE_SELECTED_LANE);
  settle ();
  /* the thread alone: its calls, as a profile of that lane */
  g_autoptr (GPtrArray) one = g_ptr_array_new ();
  g_ptr_array_add (one, thread);
  for (guint i = 0; i < chrono_lane_get_n_children (thread); i++)
    g_ptr_array_add (one, chrono_lane_get_child (thread, i));
  g_autoptr (GArray) want = chrono_profile_compute_lanes (trace, one, chrono_viewport_get_begin (viewport),
                                                          chrono_viewport_get_end (viewport));
  g_autofree char *shown = chrono_profile_view_get_text (profile);
  g_auto (GStrv) lines = g_strsplit (shown, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, want->len + 1); /* and the empty rest after the last */
  for (guint i = 0; i < want->len; i++)
    {
      const ChronoProfileRow *row = &g_array_index (want, ChronoProfileRow, i);
      g_autofree char *line = g_strdup_printf ("%s\t%" G_GUINT64_FORMAT "\t", row->name, row->calls);
      gboolean found = FALSE;
      for (guint k = 0; lines[k] != NULL && !found; k++)
        found = g_str_has_prefix (lines[k], line);
      g_assert_true (found);
    }
  chrono_profile_view_show_location_profile (profile);
  settle ();
  ChronoLocationProfileView *locations =
      CHRONO_LOCATION_PROFILE_VIEW (chrono_profile_view_get_location_profile (profile));
  g_assert_cmpuint (chrono_location_profile_view_get_n_rows (locations), ==, 1);
  /* its group: the rank's two threads */
  chrono_profile_view_set_scope (profile, CHRONO_PROFILE_SELECTED_GROUP);
  settle ();
  g_assert_cmpuint (chrono_location_profile_view_get_n_rows (locations), ==, 2);
  /* the call tree of the thread alone has its paths only */
  chrono_profile_view_set_scope (profile, CHRONO_PROFILE_SELECTED_LANE);
  chrono_profile_view_show_call_tree (profile);
  settle ();
  GArray *paths =
      chrono_call_paths_compute (trace, one, chrono_viewport_get_begin (viewport), chrono_viewport_get_end (viewport));
  g_autoptr (GHashTable) by_path = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < paths->len; i++)
    g_hash_table_insert (by_path, chrono_call_path_join (&g_array_index (paths, ChronoCallPath, i)),
                         &g_array_index (paths, ChronoCallPath, i));
  GtkTreeView *tree =
      chrono_call_tree_view_get_tree (CHRONO_CALL_TREE_VIEW (chrono_profile_view_get_call_tree (profile)));
  g_assert_cmpuint (check_call_rows (gtk_tree_view_get_model (tree), NULL, by_path), ==, paths->len);
  save_screenshot (GTK_WIDGET (window), "profile-scope.png");
  chrono_call_paths_free (paths);
  /* every lane again */
  chrono_profile_view_set_scope (profile, CHRONO_PROFILE_ALL);
  chrono_profile_view_show_location_profile (profile);
  settle ();
  g_assert_cmpuint (chrono_location_profile_view_get_n_rows (locations), ==, 2);
}

static ChronoCallPath
made_path (const char *joined, gint64 inclusive)
{
  g_auto (GStrv) names = g_strsplit (joined, ";", -1);
  GPtrArray *array = g_ptr_array_new ();
  for (guint i = 0; names[i] != NULL; i++)
    g_ptr_array_add (array, (gpointer) g_intern_string (names[i]));
  ChronoCallPath path = { array, 1, inclusive, inclusive };
  return path;
}

/* A call never left has no time of its own (a run cut short): its bar in
 * the flame graph is as wide as its callees', which lie inside it, and the
 * next outermost call begins after it. */
void
test_flame_graph_open_calls (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window;
  ChronoProfileView *profile = show_profile (f, &window);
  if (profile == NULL)
    return;
  chrono_profile_view_show_flame (profile);
  settle ();
  ChronoFlameView *flame = CHRONO_FLAME_VIEW (chrono_profile_view_get_flame (profile));
  GArray *paths = g_array_new (FALSE, FALSE, sizeof (ChronoCallPath));
  const struct {
    const char *joined;
    gint64 inclusive;
  } made[] = { { "main", 0 }, { "main;init", 0 }, { "main;init;read", 5 }, { "main;solve", 10 }, { "other", 20 } };
  for (guint i = 0; i < G_N_ELEMENTS (made); i++)
    {
      ChronoCallPath path = made_path (made[i].joined, made[i].inclusive);
      g_array_append_val (paths, path);
    }
  chrono_flame_view_fill_paths (
      flame, chrono_timeline_view_get_trace (CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window))), paths);
  double width = gtk_widget_get_allocated_width (GTK_WIDGET (flame));
  double x[G_N_ELEMENTS (made)], y, w[G_N_ELEMENTS (made)];
  for (guint i = 0; i < G_N_ELEMENTS (made); i++)
    g_assert_true (chrono_flame_view_get_bar (flame, made[i].joined, &x[i], &y, &w[i]));
  /* main holds its callees' 15 of 35, init its callee's 5, other the 20 after main */
  g_assert_cmpfloat (fabs (w[0] - 15.0 / 35.0 * width), <, 0.01);
  g_assert_cmpfloat (fabs (w[1] - 5.0 / 35.0 * width), <, 0.01);
  g_assert_cmpfloat (x[2], >=, x[1] - 0.01);
  g_assert_cmpfloat (x[2] + w[2], <=, x[1] + w[1] + 0.01);
  g_assert_cmpfloat (x[3], >=, x[1] + w[1] - 0.01);
  g_assert_cmpfloat (x[3] + w[3], <=, x[0] + w[0] + 0.01);
  g_assert_cmpfloat (x[4], >=, x[0] + w[0] - 0.01);
  g_assert_cmpfloat (fabs (x[4] + w[4] - width), <, 0.01);
  chrono_call_paths_free (paths);
}

/* The sum of one column of the collectives' table. */
static guint64
column_sum (GtkTreeView *tree, int column)
{
  GtkTreeModel *model = gtk_tree_view_get_model (tree);
  GtkTreeIter iter;
  guint64 sum = 0;
  for (gboolean more = gtk_tree_model_get_iter_first (model, &iter); more;
       more = gtk_tree_model_iter_next (model, &iter))
    {
      guint64 value;
      gtk_tree_model_get (model, &iter, column, &value, -1);
      sum += value;
    }
  return sum;
}

/* The generator's MPI program joins collectives on two communicators: the
 * Messages page lists them under the message summary, a row per operation
 * and communicator with the figures of `comm --by collective`, and keeps
 * the communicator the matrix shows; the inspector of a broadcast names
 * its operation, communicator, root and bytes. */
void
test_collectives (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *anchor = chrono_gui_generate_otf2 (f, "collectives.otf2", "6000");
  if (anchor == NULL)
    return;
  ChronoWindow *window = chrono_gui_open (f, anchor);
  ChronoCommMatrixView *matrix = show_messages (window);
  ChronoCollectivesView *collectives = CHRONO_COLLECTIVES_VIEW (chrono_comm_matrix_view_get_collectives (matrix));
  g_assert_nonnull (collectives);
  GtkTreeView *tree = chrono_collectives_view_get_tree (collectives);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  g_autoptr (GArray) all = chrono_collective_summary (trace, NULL);
  g_assert_cmpuint (all->len, >=, 3);
  guint64 count = 0, sent = 0;
  for (guint i = 0; i < all->len; i++)
    {
      count += g_array_index (all, ChronoCollectiveGroup, i).count;
      sent += g_array_index (all, ChronoCollectiveGroup, i).bytes_sent;
    }
  g_assert_cmpuint (gtk_tree_model_iter_n_children (gtk_tree_view_get_model (tree), NULL), ==, all->len);
  g_assert_cmpuint (column_sum (tree, CHRONO_COLLECTIVES_COLUMN_COUNT), ==, count);
  g_assert_cmpuint (column_sum (tree, CHRONO_COLLECTIVES_COLUMN_SENT), ==, sent);
  settle ();
  save_screenshot (GTK_WIDGET (window), "collectives.png");
  /* one communicator: its rows only */
  const char *communicator = g_array_index (all, ChronoCollectiveGroup, 0).communicator;
  g_autoptr (GArray) one = chrono_collective_summary (trace, communicator);
  g_assert_cmpuint (one->len, <, all->len);
  chrono_comm_matrix_view_set_communicator (matrix, communicator);
  g_assert_cmpuint (gtk_tree_model_iter_n_children (gtk_tree_view_get_model (tree), NULL), ==, one->len);
  chrono_comm_matrix_view_set_communicator (matrix, NULL);
  /* a broadcast's span tells its root */
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  ChronoAttrs *attrs = chrono_trace_get_attrs (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoSpans *spans = chrono_lane_get_spans (lanes->pdata[i]);
      for (guint k = 0; spans != NULL && k < chrono_spans_get_n (spans); k++)
        {
          ChronoSpan s;
          chrono_spans_get (spans, k, &s);
          if (!(s.flags & CHRONO_SPAN_COLLECTIVE)
              || g_strcmp0 (chrono_attrs_lookup (attrs, s.attrs, "operation"), "Bcast"))
            continue;
          chrono_timeline_view_select (view, lanes->pdata[i], k);
          g_autofree char *text = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
          g_autofree char *root = g_strdup_printf ("root: %s", chrono_attrs_lookup (attrs, s.attrs, "root"));
          g_assert_nonnull (strstr (text, "Bcast"));
          g_assert_nonnull (strstr (text, "bytes sent"));
          g_assert_nonnull (strstr (text, root));
          return;
        }
    }
  g_assert_not_reached (); /* the program broadcasts */
}
