/* Requirements and chains: the requirements page and its chooser, core load
 * lanes, chains followed through activations, claims and messages, the
 * arrows dialog. */
#include "chrono-gui-fixture.h"
#include "chrono-gui-tests.h"

static GtkWidget *
find_named (GtkWidget *widget, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  if (!GTK_IS_CONTAINER (widget))
    return NULL;
  g_autoptr (GList) children = gtk_container_get_children (GTK_CONTAINER (widget));
  for (GList *c = children; c != NULL; c = c->next)
    {
      GtkWidget *found = find_named (c->data, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Message Arrows…: hide the arrows, or keep a communicator's, a tag's, the
 * big ones; what cannot be read keeps the dialog open and changes nothing. */
void
test_arrows_dialog (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "otf2", "mpi_metrics.otf2", NULL);
  ChronoWindow *window = chrono_gui_open (f, path);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), "arrows"));
  ChronoLinkFilter filter;
  chrono_timeline_view_get_link_filter (view, &filter);
  g_assert_false (filter.hidden);

  GtkWidget *dialog = chrono_arrows_dialog_new (GTK_WINDOW (window), view);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (find_named (dialog, "show")), FALSE);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  chrono_timeline_view_get_link_filter (view, &filter);
  g_assert_true (filter.hidden);

  dialog = chrono_arrows_dialog_new (GTK_WINDOW (window), view);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (find_named (dialog, "show"))));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (find_named (dialog, "show")), TRUE);
  gtk_entry_set_text (GTK_ENTRY (find_named (dialog, "communicator")), "MPI_COMM_WORLD");
  gtk_entry_set_text (GTK_ENTRY (find_named (dialog, "tag")), "2");
  gtk_entry_set_text (GTK_ENTRY (find_named (dialog, "min-bytes")), "64");
  settle ();
  save_screenshot (dialog, "gui-arrows-dialog.png");
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  chrono_timeline_view_get_link_filter (view, &filter);
  g_assert_false (filter.hidden);
  g_assert_cmpstr (filter.communicator, ==, "MPI_COMM_WORLD");
  g_assert_true (filter.has_tag);
  g_assert_cmpuint (filter.tag, ==, 2);
  g_assert_cmpuint (filter.min_bytes, ==, 64);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  g_assert_cmpstr (o.links.communicator, ==, "MPI_COMM_WORLD");

  dialog = chrono_arrows_dialog_new (GTK_WINDOW (window), view);
  g_object_ref (dialog);
  gtk_entry_set_text (GTK_ENTRY (find_named (dialog, "tag")), "two");
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  g_assert_true (gtk_widget_get_visible (dialog)); /* still asking */
  chrono_timeline_view_get_link_filter (view, &filter);
  g_assert_cmpuint (filter.tag, ==, 2);
  gtk_widget_destroy (dialog);
  g_object_unref (dialog);
  gtk_widget_destroy (GTK_WIDGET (window));
}

/* "," from an MPI receive selects the call its message was sent in, and
 * the inspector names it (MPI_Send or MPI_Isend, not the sender's main). */
void
test_follow_message_chain (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "otf2", "sends_inside.otf2", NULL);
  ChronoWindow *window = chrono_gui_open (f, path);
  GtkWidget *timeline = chrono_window_get_timeline (window);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (timeline);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  const ChronoLink *link = chrono_links_get (chrono_trace_get_links (trace), 0);
  ChronoSpans *spans = chrono_lane_get_spans (link->dst_lane);
  guint receive = G_MAXUINT;
  for (guint i = 0; i < chrono_spans_get_n (spans); i++)
    {
      ChronoSpan span;
      chrono_spans_get (spans, i, &span);
      const char *label = chrono_strings_get (chrono_trace_get_strings (trace), span.label);
      if ((g_str_equal (label, "MPI_Recv") || g_str_equal (label, "MPI_Wait")) && span.start <= link->dst_time
          && link->dst_time <= span.end)
        receive = i;
    }
  g_assert_cmpuint (receive, !=, G_MAXUINT);
  chrono_timeline_view_select (view, link->dst_lane, receive);
  send_key (timeline, GDK_KEY_comma);
  ChronoLane *selected;
  guint span;
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  g_assert_true (selected == link->src_lane);
  ChronoSpan sent;
  chrono_spans_get (chrono_lane_get_spans (selected), span, &sent);
  const char *call = chrono_strings_get (chrono_trace_get_strings (trace), sent.label);
  g_assert_true (g_str_equal (call, "MPI_Send") || g_str_equal (call, "MPI_Isend"));
  /* the inspector names the call */
  g_autofree char *text = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_autofree char *named = g_strdup_printf ("Label: %s\n", call);
  g_assert_nonnull (strstr (text, named));
  g_assert_cmpint (chrono_spans_get_start (chrono_lane_get_spans (selected), span), <=, link->src_time);
  g_assert_cmpint (chrono_spans_get_end (chrono_lane_get_spans (selected), span), >=, link->src_time);
}

static guint
count_path_pixels (GtkWidget *timeline)
{
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (CHRONO_TIMELINE_VIEW (timeline), &o);
  int width = gtk_widget_get_allocated_width (timeline), height = gtk_widget_get_allocated_height (timeline);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (surface);
  gtk_widget_draw (timeline, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  double r, g, b;
  chrono_render_overlays_path_colour (o.dark, &r, &g, &b);
  int want[3] = { (int) lround (r * 255), (int) lround (g * 255), (int) lround (b * 255) };
  guint n = 0;
  for (int y = 0; y < height; y++)
    {
      const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (surface)
                                              + (gsize) y * cairo_image_surface_get_stride (surface));
      for (int x = 0; x < width; x++)
        {
          int got[3] = { (row[x] >> 16) & 0xff, (row[x] >> 8) & 0xff, row[x] & 0xff };
          n += ABS (got[0] - want[0]) <= 2 && ABS (got[1] - want[1]) <= 2 && ABS (got[2] - want[2]) <= 2;
        }
    }
  cairo_surface_destroy (surface);
  return n;
}

static char *
row_text (ChronoRequirementsView *view, GtkTreeView *list, guint row)
{
  char *text = chrono_requirements_view_get_row_text (view, list, row);
  g_assert_nonnull (text);
  return text;
}

static void
choose_row (GtkTreeView *list, guint row)
{
  g_autoptr (GtkTreePath) path = gtk_tree_path_new_from_indices ((int) row, -1);
  gtk_tree_selection_select_path (gtk_tree_view_get_selection (list), path);
  settle ();
}

static void
assert_view_holds (ChronoViewport *viewport, gint64 begin, gint64 end, gint64 widest)
{
  g_assert_cmpint (chrono_viewport_get_begin (viewport), <=, begin);
  g_assert_cmpint (chrono_viewport_get_end (viewport), >=, end);
  g_assert_cmpint (chrono_viewport_get_end (viewport) - chrono_viewport_get_begin (viewport), <=, widest);
}

/* chains.btf checked against chains.req lists its three
 * violations and its chains, marks the violations on the lanes, and a
 * chosen violation or chain moves the view to it and draws its path. */
void
test_requirements_page (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *trace = g_build_filename (data_dir, "btf", "chains.btf", NULL);
  g_autofree char *requirements = g_build_filename (data_dir, "btf", "chains.req", NULL);
  ChronoWindow *window = chrono_gui_open (f, trace);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  g_assert_null (chrono_window_get_requirements_view (window));
  ChronoRenderOverlays overlays;
  chrono_timeline_view_get_overlays (view, &overlays);
  g_assert_cmpuint (overlays.n_ranges, ==, 0);

  g_autoptr (GFile) file = g_file_new_for_path (requirements);
  g_assert_true (chrono_window_check_requirements (window, file));
  settle ();
  ChronoRequirementsView *page = CHRONO_REQUIREMENTS_VIEW (chrono_window_get_requirements_view (window));
  g_assert_nonnull (page);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page)));
  g_assert_cmpstr (chrono_requirements_view_get_summary (page), ==, "3 requirements, 3 violated (6 violations)");

  /* every violation, as check --requirements says: requirement, entity, value, time */
  GtkTreeView *violations = chrono_requirements_view_get_violations (page);
  g_assert_cmpint (gtk_tree_model_iter_n_children (gtk_tree_view_get_model (violations), NULL), ==, 6);
  const char *expected[] = {
    "chain brake latency <= 46us\tbrake (STI_Pedal)\t50 µs\t12 µs",
    "Task_Ctrl response_time <= 10us\tTask_Ctrl #1\t12 µs\t18 µs",
    "Task_Ctrl response_time <= 10us\tTask_Ctrl #2\t29 µs\t33 µs",
    "Core_2 load <= 40% per 20us\tCore_2\t50.0 %\t20 µs",
    "Core_2 load <= 40% per 20us\tCore_2\t50.0 %\t40 µs",
    "Core_2 load <= 40% per 20us\tCore_2\t50.0 %\t80 µs",
  };
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *text = row_text (page, violations, i);
      g_assert_cmpstr (text, ==, expected[i]);
    }
  /* the chains, the one without a limit too */
  GtkTreeView *chains = chrono_requirements_view_get_chains (page);
  g_assert_cmpint (gtk_tree_model_iter_n_children (gtk_tree_view_get_model (chains), NULL), ==, 4);
  g_autofree char *brake = row_text (page, chains, 0);
  g_assert_cmpstr (brake, ==, "brake\tlatency\t3\t25 µs\t50 µs\t50 µs\t≤ 46 µs: 1");
  g_autofree char *ctl_age = row_text (page, chains, 3);
  g_assert_cmpstr (ctl_age, ==, "ctl\tdata_age\t2\t25 µs\t46 µs\t46 µs\t");

  /* the violations marked on their lanes: the stimulus and response of the chain's, each instance */
  chrono_timeline_view_get_overlays (view, &overlays);
  g_assert_cmpuint (overlays.n_ranges, ==, 7);
  ChronoTrace *model = chrono_timeline_view_get_trace (view);
  ChronoLane *ctrl = find_lane (model, "Task_Ctrl", CHRONO_LANE_PROCESS);
  gboolean marked = FALSE;
  for (guint i = 0; i < overlays.n_ranges; i++)
    marked |= overlays.ranges[i].lane == ctrl && overlays.ranges[i].begin == 33 && overlays.ranges[i].end == 62;
  g_assert_true (marked);
  g_assert_cmpuint (overlays.n_path, ==, 0);
  g_assert_cmpuint (count_path_pixels (GTK_WIDGET (view)), ==, 0);

  /* a response-time violation: zoomed to its instance, selected */
  choose_row (violations, 1);
  assert_view_holds (viewport, 18, 30, 24);
  ChronoLane *selected;
  guint span;
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  g_assert_true (selected == ctrl);
  ChronoSpan record;
  chrono_spans_get (chrono_lane_get_spans (ctrl), span, &record);
  g_assert_cmpuint (record.instance, ==, 1);

  /* a load window: zoomed to it, nothing selected, its core's window marked */
  choose_row (violations, 4);
  assert_view_holds (viewport, 40, 60, 40);
  g_assert_false (chrono_timeline_view_get_selected (view, &selected, &span));
  ChronoLane *core = find_lane (model, "Core_2", CHRONO_LANE_CORE);
  marked = FALSE;
  for (guint i = 0; i < overlays.n_ranges; i++)
    marked |= overlays.ranges[i].lane == core && overlays.ranges[i].begin == 40 && overlays.ranges[i].end == 60;
  g_assert_true (marked);

  /* the chain's violation: its path drawn from the stimulus at 12 to the write 56..62, the write selected */
  choose_row (violations, 0);
  chrono_timeline_view_get_overlays (view, &overlays);
  g_assert_cmpuint (overlays.n_path, ==, 4);
  g_assert_cmpint (overlays.path[0].begin, ==, 12);
  g_assert_true (overlays.path[3].lane == find_lane (model, "R_WriteBrake", CHRONO_LANE_RUNNABLE));
  g_assert_cmpint (overlays.path[3].begin, ==, 56);
  g_assert_cmpint (overlays.path[3].end, ==, 62);
  assert_view_holds (viewport, 12, 62, 100);
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  g_assert_true (selected == overlays.path[3].lane);
  g_assert_cmpuint (count_path_pixels (GTK_WIDGET (view)), >, 100);
  save_screenshot (GTK_WIDGET (window), "gui-requirements-chain.png");

  /* the distribution of brake's latencies (25, 46, 50 µs in ten bins): a click on 46's bar shows its path */
  GtkWidget *histogram = chrono_requirements_view_get_histogram (page);
  g_assert_true (gtk_widget_get_mapped (histogram));
  double bin_x;
  guint chain, sample;
  ChronoChainMeasure measure;
  g_assert_true (chrono_requirements_view_get_bin_x (page, 8, &bin_x));
  send_button (histogram, GDK_BUTTON_PRESS, 1, bin_x, gtk_widget_get_allocated_height (histogram) / 2.0, 0);
  g_assert_true (chrono_requirements_view_get_path (page, &chain, &measure, &sample));
  g_assert_cmpuint (chain, ==, 0);
  g_assert_cmpuint (sample, ==, 2);
  g_assert_cmpstr (chrono_requirements_view_get_path_text (page), ==, "brake: stimulus 3 of 3 at 16 µs, latency 46 µs");
  /* an empty bin: nothing moves */
  g_assert_true (chrono_requirements_view_get_bin_x (page, 4, &bin_x));
  send_button (histogram, GDK_BUTTON_PRESS, 1, bin_x, gtk_widget_get_allocated_height (histogram) / 2.0, 0);
  g_assert_true (chrono_requirements_view_get_path (page, &chain, &measure, &sample));
  g_assert_cmpuint (sample, ==, 2);

  /* a chain without a limit: its worst latency's path, then the next stimulus's */
  choose_row (chains, 2);
  g_assert_true (chrono_requirements_view_get_path (page, &chain, &measure, &sample));
  g_assert_cmpuint (chain, ==, 1);
  g_assert_cmpint (measure, ==, CHRONO_CHAIN_LATENCY);
  g_assert_cmpuint (sample, ==, 1);
  chrono_timeline_view_get_overlays (view, &overlays);
  g_assert_cmpuint (overlays.n_path, ==, 3);
  g_assert_cmpint (overlays.path[2].begin, ==, 50); /* Task_Ctrl from its start, not its activation at 33 */
  g_assert_cmpstr (chrono_requirements_view_get_path_text (page), ==, "ctl: stimulus 2 of 3 at 12 µs, latency 50 µs");
  gtk_button_clicked (GTK_BUTTON (chrono_requirements_view_get_next_button (page)));
  settle ();
  g_assert_cmpstr (chrono_requirements_view_get_path_text (page), ==, "ctl: stimulus 3 of 3 at 16 µs, latency 46 µs");
  g_assert_false (gtk_widget_is_sensitive (chrono_requirements_view_get_next_button (page)));
  gtk_button_clicked (GTK_BUTTON (chrono_requirements_view_get_worst_button (page)));
  settle ();
  g_assert_true (chrono_requirements_view_get_path (page, &chain, &measure, &sample));
  g_assert_cmpuint (sample, ==, 1);

  /* a line that says no requirement: FILE: line N in the info bar, the page as it was */
  g_autofree char *bad = g_build_filename (artifact_dir, "bad.req", NULL);
  g_assert_true (
      g_file_set_contents (bad, "chain brake: STI_Pedal -> R_Control\nchain brake latency < 1ms\n", -1, NULL));
  g_autoptr (GFile) bad_file = g_file_new_for_path (bad);
  g_assert_false (chrono_window_check_requirements (window, bad_file));
  g_assert_nonnull (chrono_window_get_info_message (window));
  g_assert_true (g_str_has_prefix (chrono_window_get_info_message (window), "bad.req: line 2: "));
  g_assert_cmpstr (chrono_requirements_view_get_summary (page), ==, "3 requirements, 3 violated (6 violations)");

  /* a reload checks the file (the last one that was read) again, on the new timeline */
  /* a weak pointer, not an address: the new timeline may be allocated where the old one was */
  GtkWidget *old_timeline = GTK_WIDGET (view);
  g_object_add_weak_pointer (G_OBJECT (old_timeline), (gpointer *) &old_timeline);
  g_action_group_activate_action (G_ACTION_GROUP (window), "reload", NULL);
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while ((old_timeline != NULL || chrono_window_get_timeline (window) == NULL) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (old_timeline);
  g_assert_nonnull (chrono_window_get_timeline (window));
  settle ();
  page = CHRONO_REQUIREMENTS_VIEW (chrono_window_get_requirements_view (window));
  g_assert_nonnull (page);
  g_assert_cmpstr (chrono_requirements_view_get_summary (page), ==, "3 requirements, 3 violated (6 violations)");
  chrono_timeline_view_get_overlays (CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window)), &overlays);
  g_assert_cmpuint (overlays.n_ranges, ==, 7);
}

/* Core load lanes from the menu's function: a lane per core and one for all,
 * shown in the layout, redone at another width, refused for a bad width. */
void
test_core_load_lanes (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = f->window;
  ChronoTrace *trace = chrono_timeline_view_get_trace (CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window)));
  g_autoptr (GError) error = NULL;
  g_assert_false (chrono_window_show_core_load (window, "0s", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (chrono_core_load_find_group (trace));
  g_assert_true (chrono_window_show_core_load (window, "1ms", &error));
  g_assert_no_error (error);
  ChronoLane *group = chrono_core_load_find_group (trace);
  g_assert_nonnull (group);
  g_autoptr (GPtrArray) cores = chrono_core_load_list_cores (trace);
  g_assert_cmpuint (cores->len, >, 0);
  g_assert_cmpuint (chrono_lane_get_n_children (group), ==, cores->len + (cores->len > 1));
  ChronoLayout *layout = chrono_timeline_view_get_layout (CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window)));
  guint row;
  g_assert_true (chrono_layout_find_row (layout, group, &row));
  for (guint i = 0; i < chrono_lane_get_n_children (group); i++)
    {
      g_assert_true (chrono_layout_find_row (layout, chrono_lane_get_child (group, i), &row));
      g_assert_cmpint (chrono_layout_row_get_style (chrono_layout_get_row (layout, row)), ==, CHRONO_ROW_SIGNAL);
    }
  const ChronoFragment *first = chrono_signal_get (chrono_lane_get_signal (chrono_lane_get_child (group, 0)), 0);
  g_assert_cmpint (first->t1 - first->t0, ==, chrono_clock_from_seconds (chrono_trace_get_clock (trace), 1e-3));
  g_assert_true (chrono_window_show_core_load (window, "500us", &error));
  first = chrono_signal_get (chrono_lane_get_signal (chrono_lane_get_child (group, 0)), 0);
  g_assert_cmpint (first->t1 - first->t0, ==, chrono_clock_from_seconds (chrono_trace_get_clock (trace), 5e-4));
  g_assert_cmpstr (chrono_window_get_status_message (window), ==, "Core load in bins of 500 µs");
  settle ();
  save_screenshot (GTK_WIDGET (window), "core-load.png");
  g_autoptr (ChronoLane) first_load = g_object_ref (chrono_lane_get_child (group, 0));
  chrono_window_hide_core_load (window);
  g_assert_null (chrono_core_load_find_group (trace));
  g_assert_false (chrono_layout_find_row (layout, first_load, &row));
}

/* "," walks from a claim to the event it waited on, "." back;
 * the upstream chain is drawn as a path while walking. */
void
test_follow_chain (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "etf", "event_groups.etf", NULL);
  ChronoWindow *window = chrono_gui_open (f, path);
  GtkWidget *timeline = chrono_window_get_timeline (window);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (timeline);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLane *claims = find_lane (trace, "A", CHRONO_LANE_ACTIVITY);
  g_assert_nonnull (claims);
  chrono_timeline_view_select (view, claims, 0);
  send_key (timeline, GDK_KEY_comma);
  ChronoRenderOverlays overlays;
  chrono_timeline_view_get_overlays (view, &overlays);
  g_assert_cmpuint (overlays.n_path, ==, 2);
  g_assert_true (overlays.path[1].lane == claims); /* drawn from the event to the claim */
  g_autofree char *text = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (text, "tick"));
  g_assert_false (chrono_timeline_view_follow_chain (view, +1)); /* the event waited on nothing */
  g_assert_nonnull (strstr (chrono_window_get_status_message (window), "waited on nothing"));
  send_key (timeline, GDK_KEY_period);
  ChronoLane *selected;
  guint span;
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  g_assert_true (selected == claims);
  send_key (timeline, GDK_KEY_Escape);
  chrono_timeline_view_get_overlays (view, &overlays);
  g_assert_cmpuint (overlays.n_path, ==, 0);
}

/* On the TA sample: from a runnable's call "," goes to its task
 * instance, then to the stimulus that activated it (TIMER-A_2ms). */
void
test_follow_activation_chain (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = open_ta_sample (f);
  if (window == NULL)
    return;
  GtkWidget *timeline = chrono_window_get_timeline (window);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (timeline);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLane *runnable = find_lane (trace, "FUNC_ReadSensorData", CHRONO_LANE_RUNNABLE);
  ChronoLane *task = find_lane (trace, "TASK_InputProcessing", CHRONO_LANE_PROCESS);
  ChronoLane *timer = find_lane (trace, "TIMER-A_2ms", CHRONO_LANE_EVENTS);
  g_assert_nonnull (runnable);
  g_assert_nonnull (task);
  g_assert_nonnull (timer);
  ChronoSpans *calls = chrono_lane_get_spans (runnable);
  guint call = chrono_spans_get_n (calls) / 2;
  chrono_timeline_view_select (view, runnable, call);
  send_key (timeline, GDK_KEY_comma);
  send_key (timeline, GDK_KEY_comma);
  ChronoRenderOverlays overlays;
  chrono_timeline_view_get_overlays (view, &overlays);
  g_assert_cmpuint (overlays.n_path, ==, 3);
  g_assert_true (overlays.path[0].lane == timer); /* drawn from the stimulus to the call */
  g_assert_true (overlays.path[1].lane == task);
  g_assert_true (overlays.path[2].lane == runnable);
  g_assert_cmpint (overlays.path[0].begin, <=, overlays.path[1].begin);
  gint64 begin = overlays.path[0].begin, end = chrono_spans_get_end (calls, call);
  chrono_viewport_zoom_to (chrono_timeline_view_get_viewport (view), begin - (end - begin) / 4,
                           end + (end - begin) / 4);
  settle ();
  save_screenshot (GTK_WIDGET (window), "btf-activation-chain.png");

  /* a walk may begin at an event chosen by a search or a click: a read of
   * SIG_Lambda comes from TASK_InputProcessing, activated by TIMER-A_2ms */
  send_key (timeline, GDK_KEY_Escape);
  ChronoLane *lambda = find_lane (trace, "SIG_Lambda", CHRONO_LANE_SIGNAL);
  g_assert_nonnull (lambda);
  ChronoMarks *reads = chrono_lane_get_marks (lambda);
  g_assert_nonnull (reads);
  chrono_timeline_view_select_mark (view, lambda, chrono_marks_get_n (reads) / 2);
  send_key (timeline, GDK_KEY_comma);
  send_key (timeline, GDK_KEY_comma);
  chrono_timeline_view_get_overlays (view, &overlays);
  g_assert_cmpuint (overlays.n_path, ==, 3);
  g_assert_true (overlays.path[0].lane == timer);
  g_assert_true (overlays.path[1].lane == task);
  g_assert_true (overlays.path[2].lane == lambda);
}

/* Check Requirements… opens in the folder of the trace on show, where its requirements usually are. */
void
test_requirements_chooser_folder (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = f->window;
  g_action_group_activate_action (G_ACTION_GROUP (window), "check-requirements", NULL);
  settle ();
  GtkWindow *chooser = toplevel_over (window, GTK_TYPE_FILE_CHOOSER_DIALOG);
  g_assert_nonnull (chooser);
  g_autofree char *folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));
  g_autofree char *expected = g_path_get_dirname (trace_path);
  g_autofree char *real_folder = realpath (folder, NULL), *real_expected = realpath (expected, NULL);
  g_assert_cmpstr (real_folder, ==, real_expected);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  settle ();
}
