/* Traces read lazily in the viewer: a big file stays responsive while its
 * chunks are decoded, and a counter's samples are read from its chunks. */
#include "chrono-gui-fixture.h"
#include "chrono-location-profile-view.h"
#include "chrono-profile-view.h"
#include "chrono-gui-tests.h"

/* Longest gap between main-loop iterations while cond is false: what a user
 * would feel as a frozen window. */
static gint64
iterate_until (gboolean (*cond) (gpointer), gpointer data, double seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  gint64 last = g_get_monotonic_time (), worst = 0;
  while (!cond (data) && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, FALSE);
      gint64 now = g_get_monotonic_time ();
      worst = MAX (worst, now - last);
      last = now;
      g_usleep (1000);
    }
  return worst;
}

static gboolean
has_timeline (gpointer window)
{
  return chrono_window_get_timeline (window) != NULL;
}

typedef struct {
  ChronoChunkCache *cache;
  guint chunk;
} ChunkWait;

static gboolean
chunk_decoded (gpointer data)
{
  ChunkWait *wait = data;
  return chrono_chunk_cache_peek (wait->cache, wait->chunk) != NULL;
}

static gboolean
reload_offered (gpointer window)
{
  const char *message = chrono_window_get_info_message (window);
  return message != NULL && strstr (message, "changed on disk") != NULL;
}

/* A trace over the lazy threshold: the window stays live while it is
 * indexed, shows summaries, decodes the chunks it zooms into and offers a
 * reload when the file changes on disk. */
void
test_lazy_big_file (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *dir = g_dir_make_tmp ("chrono-gui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.btf", NULL);
  const char *argv[] = { generator_path, "--events", "1400000", "--cores", "4", "--tasks", "12", "-o", path, NULL };
  int status;
  g_assert_true (
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  ChronoWindow *window = chrono_window_new (GTK_APPLICATION (f->app));
  chrono_gui_keep (f, window);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  gtk_window_resize (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  chrono_window_open (window, file);
  gint64 worst = iterate_until (has_timeline, window, 120);
  g_test_message ("longest main-loop stall while indexing: %.1f ms", worst / 1000.0);
  g_assert_true (has_timeline (window));
  settle ();

  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  g_assert_true (chrono_trace_is_lazy (trace));
  save_screenshot (GTK_WIDGET (window), "gui-lazy-whole.png");

  /* into the middle of chunk 5: it is decoded in the background and drawn */
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  const ChronoChunk *chunk = chrono_trace_get_chunk (trace, 5);
  gint64 middle = chunk->first_time + (chunk->last_time - chunk->first_time) / 2;
  chrono_viewport_zoom_to (chrono_timeline_view_get_viewport (view), middle, middle + 2000000);
  ChunkWait wait = { cache, 5 };
  worst = iterate_until (chunk_decoded, &wait, 30);
  g_test_message ("longest main-loop stall while a chunk decodes: %.1f ms", worst / 1000.0);
  g_assert_nonnull (chrono_chunk_cache_peek (cache, 5));
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-lazy-detail.png");

  /* a click on a decoded task span selects it; the inspector tells its life */
  ChronoLane *task = find_lane (trace, "Task_1ms_0", CHRONO_LANE_PROCESS);
  ChronoLane *detail = chrono_chunk_cache_find_lane (cache, 5, task);
  g_assert_nonnull (detail);
  ChronoSpans *spans = chrono_lane_get_spans (detail);
  guint running = chrono_spans_first_starting_at_or_after (spans, chunk->first_time);
  while (running < chrono_spans_get_n (spans) && chrono_spans_get_state (spans, running) != CHRONO_STATE_RUNNING)
    running++;
  g_assert_cmpuint (running, <, chrono_spans_get_n (spans));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  chrono_viewport_zoom_to (viewport, chrono_spans_get_start (spans, running) - 1000,
                           chrono_spans_get_end (spans, running) + 1000);
  chrono_viewport_set_scroll_y (viewport, 0, 1e9);
  settle ();
  guint row;
  g_assert_true (chrono_layout_find_row (chrono_timeline_view_get_layout (view), task, &row));
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  double click_y = o.ruler_height + chrono_layout_get_row (chrono_timeline_view_get_layout (view), row)->y + 5;
  double click_x = chrono_render_options_time_to_x (
      &o, (chrono_spans_get_start (spans, running) + chrono_spans_get_end (spans, running)) / 2);
  GtkWidget *timeline = chrono_window_get_timeline (window);
  send_button (timeline, GDK_BUTTON_PRESS, 1, click_x, click_y, 0);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, click_x, click_y, 0);
  ChronoLane *selected;
  guint span;
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  g_assert_true (selected == detail);
  g_autofree char *text = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (text, "Task_1ms_0"));
  g_assert_nonnull (strstr (text, "Life of instance"));
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-lazy-selected.png");

  /* the Range page answers from the summaries: items overlapping, no longest item, no metrics */
  ChronoRangeView *range = CHRONO_RANGE_VIEW (chrono_window_get_range_view (window));
  gint64 a = chrono_trace_get_chunk (trace, 2)->first_time, b = chrono_trace_get_chunk (trace, 7)->last_time;
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_A, a);
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_B, b);
  gint64 start = g_get_monotonic_time ();
  chrono_range_view_update (range);
  g_test_message ("Range page of a lazily read trace: %.1f ms", (g_get_monotonic_time () - start) / 1000.0);
  g_autoptr (GArray) lanes = chrono_range_stats_compute (trace, a, b);
  GtkTreeModel *model = gtk_tree_view_get_model (chrono_range_view_get_lanes (range));
  g_assert_cmpint (gtk_tree_model_iter_n_children (model, NULL), ==, (int) lanes->len);
  g_autofree char *tsv = chrono_range_view_get_tsv (range);
  g_assert_true (g_str_has_prefix (tsv, "Lane\tBusy (%)\tItems overlapping\tLongest (s)\t"));
  g_assert_null (strstr (tsv, "Entity\tMetric"));
  g_assert_false (gtk_tree_view_column_get_visible (column_titled (chrono_range_view_get_lanes (range), "Longest")));
  GtkTreeIter iter;
  g_assert_true (gtk_tree_model_get_iter_first (model, &iter));
  guint index, items;
  gtk_tree_model_get (model, &iter, CHRONO_RANGE_LANES_INDEX, &index, CHRONO_RANGE_LANES_ITEMS, &items, -1);
  g_assert_cmpuint (items, ==, g_array_index (lanes, ChronoRangeLane, index).begun);
  g_assert_cmpuint (items, >, 0);

  /* the file grows on disk: the window says so and offers to reload */
  FILE *out = fopen (path, "a");
  fputs ("999999999999,Core_0,0,T,Task_late,0,activate\n", out);
  fclose (out);
  iterate_until (reload_offered, window, 15);
  g_assert_true (reload_offered (window));
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-lazy-changed.png");

  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
  g_unlink (path);
  g_rmdir (dir);
}

static void
remember_sample_lane (ChronoTimelineView *view, ChronoTrace *trace, ChronoLane *lane, guint index, guint member,
                      ChronoLane **out)
{
  *out = lane;
}

/* A fixture (under tests/data) read lazily in chunks of chunk_size bytes. */
static ChronoTrace *
load_lazily (const char *const *parts, const char *chunk_size)
{
  g_autofree char *relative = g_build_filenamev ((char **) parts);
  g_autofree char *path = g_build_filename (data_dir, relative, NULL);
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", "always");
  g_hash_table_insert (options, "chunk-size", (gpointer) chunk_size);
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file_with_options (path, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (chrono_trace_is_lazy (trace));
  return trace;
}

/* Read lazily, a counter's lane switches as a whole read's does: a click on
 * a sample of a decoded window offers the other reading, and switching it
 * renames the lane and redraws every decoded window in that reading. */
void
test_lazy_counter_reading (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  const char *fixture[] = { "otf2", "mpi_metrics.otf2", NULL };
  g_autoptr (ChronoTrace) trace = load_lazily (fixture, "2048");
  g_autoptr (GError) error = NULL;
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  g_assert_nonnull (cache);
  for (guint k = 0; k < chrono_trace_get_n_chunks (trace); k++)
    g_assert_nonnull (chrono_chunk_cache_decode (cache, k, &error));
  ChronoLane *counter = find_lane (trace, "PAPI_TOT_INS /s", CHRONO_LANE_SIGNAL);
  g_assert_nonnull (counter);

  GtkWidget *window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_timeline_view_new (trace, NULL));
  gtk_container_add (GTK_CONTAINER (window), GTK_WIDGET (view));
  gtk_window_resize (GTK_WINDOW (window), 1400, 600);
  gtk_widget_show_all (window);
  settle ();
  chrono_viewport_fit (chrono_timeline_view_get_viewport (view));
  g_assert_true (chrono_timeline_view_show_lane (view, counter));
  settle ();
  ChronoLane *clicked = NULL;
  g_signal_connect (view, "sample-selected", G_CALLBACK (remember_sample_lane), &clicked);
  guint row_index;
  g_assert_true (chrono_layout_find_row (chrono_timeline_view_get_layout (view), counter, &row_index));
  const ChronoLayoutRow *row = chrono_layout_get_row (chrono_timeline_view_get_layout (view), row_index);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  ChronoSignal *first_window = chrono_lane_get_signal (chrono_chunk_cache_find_lane (cache, 0, counter));
  g_assert_cmpuint (chrono_signal_get_n (first_window), >, 0);
  const ChronoFragment *rate = chrono_signal_get (first_window, 0);
  double x = chrono_render_options_time_to_x (&o, rate->t0 + (rate->t1 - rate->t0) / 2);
  double y = chrono_render_options_lane_top (&o) + row->y - o.scroll_y + row->height / 2;
  send_button (GTK_WIDGET (view), GDK_BUTTON_PRESS, 1, x, y, 0);
  send_button (GTK_WIDGET (view), GDK_BUTTON_RELEASE, 1, x, y, 0);
  g_assert_nonnull (clicked);
  /* what the inspector's "Show as …" button names */
  g_assert_cmpstr (chrono_lane_get_other_name (clicked), ==, "PAPI_TOT_INS");

  g_assert_true (chrono_timeline_view_switch_sample_reading (view));
  g_assert_cmpstr (chrono_lane_get_name (counter), ==, "PAPI_TOT_INS");
  g_assert_cmpstr (chrono_lane_get_name (clicked), ==, "PAPI_TOT_INS");
  g_assert_cmpstr (chrono_lane_get_other_name (clicked), ==, "PAPI_TOT_INS /s");
  for (guint k = 0; k < chrono_trace_get_n_chunks (trace); k++)
    {
      ChronoLane *detail = chrono_chunk_cache_find_lane (cache, k, counter);
      if (detail != NULL)
        g_assert_true (chrono_signal_is_step (chrono_lane_get_signal (detail)));
    }
  settle ();
  save_screenshot (window, "gui-lazy-counter-as-recorded.png");
  /* choosing which arrows are drawn keeps the sample chosen */
  ChronoLinkFilter filter;
  chrono_timeline_view_get_link_filter (view, &filter);
  filter.hidden = TRUE;
  chrono_timeline_view_set_link_filter (view, &filter);
  g_assert_true (chrono_timeline_view_switch_sample_reading (view));
  g_assert_cmpstr (chrono_lane_get_name (counter), ==, "PAPI_TOT_INS /s");
  gtk_widget_destroy (window);
}

/* Read lazily in chunks smaller than the wait, the inspector of the waiting
 * instance tells the same wait, holder and inversion as read whole: the
 * accesses come from the index pass, what ran instead of the holder from
 * every chunk the wait lies in. */
void
test_lazy_blocked_on_semaphore (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  const char *fixture[] = { "btf", "blocking", "inversion.btf", NULL };
  g_autoptr (ChronoTrace) trace = load_lazily (fixture, "256");
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) wait_chunks = chrono_trace_find_chunks (trace, 2300000, 8000000);
  g_assert_cmpuint (wait_chunks->len, >, 1); /* the wait is cut by chunk edges */

  guint chunk = chrono_trace_find_chunk (trace, 2300000);
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  g_autoptr (ChronoTrace) decoded = g_object_ref (chrono_chunk_cache_decode (cache, chunk, &error));
  g_assert_no_error (error);
  ChronoLane *high = chrono_chunk_cache_find_lane (cache, chunk, find_lane (trace, "Task_High", CHRONO_LANE_PROCESS));
  g_assert_nonnull (high);
  ChronoSpans *spans = chrono_lane_get_spans (high);
  guint span = chrono_spans_first_ending_after (spans, 2300000);
  g_assert_cmpint (chrono_spans_get_state (spans, span), ==, CHRONO_STATE_POLLING);

  GtkWidget *window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_timeline_view_new (trace, NULL));
  ChronoInspector *inspector =
      CHRONO_INSPECTOR (chrono_inspector_new (trace, chrono_timeline_view_get_viewport (view)));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_container_add (GTK_CONTAINER (box), GTK_WIDGET (view));
  gtk_container_add (GTK_CONTAINER (box), GTK_WIDGET (inspector));
  gtk_container_add (GTK_CONTAINER (window), box);
  gtk_widget_show_all (window);
  chrono_inspector_show_span_of (inspector, decoded, high, span);
  g_autofree char *text = chrono_inspector_get_text (inspector);
  g_assert_nonnull (strstr (text, "Waited 5.7 ms on SEM_Res held by Task_Low #0, which Task_Mid #0 preempted for "
                                  "4.2 ms — priority inversion"));
  gtk_widget_destroy (window);
}

/* Read lazily, an OTF2 archive's Profile page answers from each location's
 * figures per stretch of the run: the whole run exactly, as read whole; a
 * range inside one stretch in proportion, each figure marked "≈" and the
 * page saying why. */
void
test_lazy_profile_page (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  const char *fixture[] = { "otf2", "sends_inside.otf2", NULL };
  g_autoptr (ChronoTrace) trace = load_lazily (fixture, "512");
  GtkWidget *window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_timeline_view_new (trace, NULL));
  gtk_widget_set_hexpand (GTK_WIDGET (view), TRUE);
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  GtkWidget *profile = chrono_profile_view_new (trace, viewport);
  gtk_widget_set_size_request (profile, 420, -1);
  gtk_container_add (GTK_CONTAINER (box), GTK_WIDGET (view));
  gtk_container_add (GTK_CONTAINER (box), profile);
  gtk_container_add (GTK_CONTAINER (window), box);
  gtk_window_resize (GTK_WINDOW (window), 1400, 700);
  gtk_widget_show_all (window);
  chrono_viewport_set_range (viewport, G_MININT64 / 4, G_MAXINT64 / 4);
  settle ();
  settle ();
  g_autofree char *whole = chrono_profile_view_get_text (CHRONO_PROFILE_VIEW (profile));
  g_assert_nonnull (strstr (whole, "MPI_Barrier\t"));
  g_assert_null (strstr (whole, "≈"));
  /* half of the second window: in proportion */
  gint64 a = chrono_trace_get_chunk (trace, 1)->first_time, b = chrono_trace_get_chunk (trace, 2)->first_time;
  chrono_viewport_set_range (viewport, a + (b - a) / 2, b);
  settle ();
  settle ();
  g_autofree char *part = chrono_profile_view_get_text (CHRONO_PROFILE_VIEW (profile));
  g_assert_nonnull (strstr (part, "≈"));
  save_screenshot (window, "gui-lazy-profile.png");
  /* the bars by location, from the same figures: the call tree needs the calls */
  g_assert_null (chrono_profile_view_get_call_tree (CHRONO_PROFILE_VIEW (profile)));
  GtkWidget *locations = chrono_profile_view_get_location_profile (CHRONO_PROFILE_VIEW (profile));
  g_assert_nonnull (locations);
  chrono_viewport_set_range (viewport, G_MININT64 / 4, G_MAXINT64 / 4);
  chrono_profile_view_show_location_profile (CHRONO_PROFILE_VIEW (profile));
  settle ();
  settle ();
  /* the two ranks' master and OpenMP threads */
  g_assert_cmpuint (chrono_location_profile_view_get_n_rows (CHRONO_LOCATION_PROFILE_VIEW (locations)), ==, 4);
  save_screenshot (window, "gui-lazy-profile-by-location.png");
  gtk_widget_destroy (window);
}
