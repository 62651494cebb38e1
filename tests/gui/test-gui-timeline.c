/* The timeline itself: a trace opened, zoomed and panned by the window's
 * actions, the mouse and keys, the name column, the cursor and go-to, tooltips
 * of densities and samples of signals, warnings that lead to a time. */
#include "chrono-gui-fixture.h"
#include "chrono-gui-tests.h"

/* Shift+drag selects a time range and zooms to it; a click selects; 1 and 2 set markers. */
void
test_mouse_and_keys (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = f->window;
  GtkWidget *timeline = chrono_window_get_timeline (window);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (timeline);
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  double x1 = o.label_width + 100, x2 = o.label_width + 300, y = o.ruler_height + 60;
  gint64 t1 = chrono_render_options_x_to_time (&o, x1), t2 = chrono_render_options_x_to_time (&o, x2);

  send_button (timeline, GDK_BUTTON_PRESS, 1, x1, y, GDK_SHIFT_MASK);
  send_motion (timeline, (x1 + x2) / 2, y, GDK_SHIFT_MASK | GDK_BUTTON1_MASK);
  send_motion (timeline, x2, y, GDK_SHIFT_MASK | GDK_BUTTON1_MASK);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, x2, y, GDK_SHIFT_MASK);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), ==, t1);
  g_assert_cmpint (chrono_viewport_get_end (viewport), ==, t2);
  gint64 unused;
  g_assert_false (chrono_viewport_get_selection (viewport, &unused, &unused));

  /* keys: back restores the whole trace, + zooms in, markers at the pointer */
  send_key (timeline, GDK_KEY_BackSpace);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), ==, chrono_viewport_get_trace_begin (viewport));
  send_motion (timeline, x1, y, 0);
  send_key (timeline, GDK_KEY_1);
  send_motion (timeline, x2, y, 0);
  send_key (timeline, GDK_KEY_2);
  gint64 delta;
  g_assert_true (chrono_viewport_get_marker_delta (viewport, &delta));
  g_assert_cmpint (delta, ==, t2 - t1);
  send_key (timeline, GDK_KEY_plus);
  g_assert_cmpint (chrono_viewport_get_end (viewport) - chrono_viewport_get_begin (viewport), <,
                   chrono_viewport_get_trace_end (viewport) - chrono_viewport_get_trace_begin (viewport));

  /* a click on a task's running span selects it and the inspector shows its life */
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLane *task = find_lane (trace, "Task_2ms_1", CHRONO_LANE_PROCESS);
  g_assert_nonnull (task);
  chrono_viewport_fit (viewport);
  settle ();
  ChronoSpans *spans = chrono_lane_get_spans (task);
  guint running = 0;
  while (chrono_spans_get_state (spans, running) != CHRONO_STATE_RUNNING)
    running++;
  guint row;
  g_assert_true (chrono_layout_find_row (chrono_timeline_view_get_layout (view), task, &row));
  gint64 middle = (chrono_spans_get_start (spans, running) + chrono_spans_get_end (spans, running)) / 2;
  chrono_viewport_zoom_to (viewport, chrono_spans_get_start (spans, running) - 1000,
                           chrono_spans_get_end (spans, running) + 1000);
  chrono_viewport_set_scroll_y (viewport, 0, 1e9);
  chrono_timeline_view_get_render_options (view, &o);
  double click_y = o.ruler_height + chrono_layout_get_row (chrono_timeline_view_get_layout (view), row)->y + 5;
  double click_x = chrono_render_options_time_to_x (&o, middle);
  send_button (timeline, GDK_BUTTON_PRESS, 1, click_x, click_y, 0);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, click_x, click_y, 0);
  ChronoLane *selected;
  guint span;
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  g_assert_true (selected == task);
  g_autofree char *text = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (text, "Task_2ms_1"));
  g_assert_nonnull (strstr (text, "Life of instance"));
  g_assert_nonnull (strstr (text, "Response time"));
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-selected.png");

  /* ] selects the next instance of the same task */
  ChronoSpan before;
  chrono_spans_get (spans, span, &before);
  send_key (timeline, GDK_KEY_bracketright);
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  ChronoSpan after;
  chrono_spans_get (spans, span, &after);
  g_assert_cmpuint (after.instance, !=, before.instance);
  g_assert_cmpint (after.start, >, before.start);
  /* [ on the first instance says so instead of doing nothing silently */
  guint first_span = 0;
  while (chrono_spans_get_state (spans, first_span) != CHRONO_STATE_RUNNING)
    first_span++;
  chrono_timeline_view_select (view, task, first_span);
  send_key (timeline, GDK_KEY_bracketleft);
  g_assert_nonnull (strstr (chrono_window_get_status_message (window), "Task_2ms_1: this is its first instance"));
  chrono_timeline_view_select (view, task, span);

  /* M marks the selected item; W, S, A and D zoom and pan */
  gint64 kept_a, kept_b, a, b;
  g_assert_true (chrono_viewport_get_marker (viewport, CHRONO_MARKER_A, &kept_a));
  g_assert_true (chrono_viewport_get_marker (viewport, CHRONO_MARKER_B, &kept_b));
  send_key (timeline, GDK_KEY_m);
  g_assert_true (chrono_viewport_get_marker (viewport, CHRONO_MARKER_A, &a));
  g_assert_true (chrono_viewport_get_marker (viewport, CHRONO_MARKER_B, &b));
  g_assert_cmpint (a, ==, after.start);
  g_assert_cmpint (b, ==, after.end);
  gint64 width = chrono_viewport_get_end (viewport) - chrono_viewport_get_begin (viewport);
  send_key (timeline, GDK_KEY_w);
  g_assert_cmpint (chrono_viewport_get_end (viewport) - chrono_viewport_get_begin (viewport), <, width);
  send_key (timeline, GDK_KEY_s);
  g_assert_cmpint (ABS (chrono_viewport_get_end (viewport) - chrono_viewport_get_begin (viewport) - width), <=, 2);
  gint64 left = chrono_viewport_get_begin (viewport);
  send_key (timeline, GDK_KEY_a);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), <, left);
  send_key (timeline, GDK_KEY_d);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), ==, left);
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_A, kept_a);
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_B, kept_b);

  /* F5 reloads the file and keeps the range and the markers */
  gint64 kept_begin = chrono_viewport_get_begin (viewport), kept_end = chrono_viewport_get_end (viewport);
  g_action_group_activate_action (G_ACTION_GROUP (window), "reload", NULL);
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (chrono_window_get_viewport (window) == viewport && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  ChronoViewport *reloaded = chrono_window_get_viewport (window);
  g_assert_true (reloaded != viewport);
  g_assert_cmpint (chrono_viewport_get_begin (reloaded), ==, kept_begin);
  g_assert_cmpint (chrono_viewport_get_end (reloaded), ==, kept_end);
  g_assert_true (chrono_viewport_get_marker_delta (reloaded, &delta));
  g_assert_cmpint (delta, ==, t2 - t1);
}

void
test_open_zoom_pan (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = chrono_window_new (GTK_APPLICATION (f->app));
  chrono_gui_keep (f, window);
  g_autoptr (GFile) file = g_file_new_for_path (trace_path);
  chrono_window_open (window, file);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_for_timeline (window));
  settle ();

  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  gint64 begin = chrono_trace_get_begin (trace), end = chrono_trace_get_end (trace);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), ==, begin);
  g_assert_cmpint (chrono_viewport_get_end (viewport), ==, end);
  save_screenshot (GTK_WIDGET (window), "gui-whole-trace.png");

  GActionGroup *actions = G_ACTION_GROUP (window);
  g_action_group_activate_action (actions, "zoom-in", NULL);
  g_assert_cmpint (chrono_viewport_get_end (viewport) - chrono_viewport_get_begin (viewport), ==, (end - begin) / 2);
  gint64 zoomed_begin = chrono_viewport_get_begin (viewport);
  g_action_group_activate_action (actions, "pan-right", NULL);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), >, zoomed_begin);
  g_action_group_activate_action (actions, "zoom-in", NULL);
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-zoomed.png");
  g_action_group_activate_action (actions, "zoom-back", NULL);
  g_assert_cmpint (chrono_viewport_get_end (viewport) - chrono_viewport_get_begin (viewport), ==, (end - begin) / 2);
  g_action_group_activate_action (actions, "zoom-fit", NULL);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), ==, begin);
  g_assert_cmpint (chrono_viewport_get_end (viewport), ==, end);
  g_action_group_activate_action (actions, "zoom-out", NULL);
  g_assert_cmpint (chrono_viewport_get_end (viewport), ==, end);
}

void
test_bad_file_shows_error (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = chrono_window_new (GTK_APPLICATION (f->app));
  chrono_gui_keep (f, window);
  g_autoptr (GFile) file = g_file_new_for_path ("/nonexistent/trace.btf");
  chrono_window_open (window, file);
  gtk_window_present (GTK_WINDOW (window));
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (chrono_window_get_timeline (window));
  save_screenshot (GTK_WIDGET (window), "gui-error.png");
}

/* The name column's edge drags, and the width is remembered. */
void
test_name_column_resizes (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = f->window;
  GtkWidget *timeline = chrono_window_get_timeline (window);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (timeline);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  double y = chrono_render_options_lane_top (&o) + 30;
  double edge = o.label_width;
  send_button (timeline, GDK_BUTTON_PRESS, 1, edge - 1, y, 0);
  send_motion (timeline, edge + 60, y, GDK_BUTTON1_MASK);
  send_motion (timeline, edge + 120, y, GDK_BUTTON1_MASK);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, edge + 120, y, 0);
  g_assert_cmpint (chrono_timeline_view_get_label_width (view), ==, (int) edge + 120);
  chrono_timeline_view_get_render_options (view, &o);
  g_assert_cmpint (o.label_width, ==, (int) edge + 120);
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chronoscope.Chronoscope");
  g_assert_cmpint (g_settings_get_int (settings, "label-width"), ==, (int) edge + 120);
  /* never so wide that no timeline is left */
  chrono_timeline_view_set_label_width (view, 100000);
  g_assert_cmpint (chrono_timeline_view_get_label_width (view), <, gtk_widget_get_allocated_width (timeline));
  chrono_timeline_view_set_label_width (view, 200);
}

/* Ctrl+G leaves the markers (it replaced A, making Δt negative);
 * the status bar's cursor time follows a view moved under a still pointer. */
void
test_go_to_and_cursor (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = f->window;
  ChronoViewport *viewport = chrono_window_get_viewport (window);
  gint64 origin = chrono_viewport_get_origin (viewport);
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_A, origin + 1000000);
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_B, origin + 3000000);
  chrono_viewport_zoom_to (viewport, origin, origin + 2000000);
  g_autoptr (GError) error = NULL;
  g_assert_true (chrono_window_go_to (window, "10ms", &error));
  gint64 a, b, delta;
  g_assert_true (chrono_viewport_get_marker (viewport, CHRONO_MARKER_A, &a));
  g_assert_true (chrono_viewport_get_marker (viewport, CHRONO_MARKER_B, &b));
  g_assert_cmpint (a, ==, origin + 1000000);
  g_assert_cmpint (b, ==, origin + 3000000);
  g_assert_true (chrono_viewport_get_marker_delta (viewport, &delta));
  g_assert_cmpint (delta, ==, 2000000);
  gint64 middle = (chrono_viewport_get_begin (viewport) + chrono_viewport_get_end (viewport)) / 2;
  g_assert_cmpint (ABS (middle - (origin + 10000000)), <=, 1);
  g_assert_false (chrono_window_go_to (window, "soon", &error));

  GtkWidget *timeline = chrono_window_get_timeline (window);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (CHRONO_TIMELINE_VIEW (timeline), &o);
  double x = o.label_width + 300, y = o.ruler_height + 40;
  send_motion (timeline, x, y, 0);
  gint64 before, after;
  g_assert_true (chrono_viewport_get_cursor (viewport, &before));
  chrono_viewport_pan (viewport, 500000);
  chrono_timeline_view_get_render_options (CHRONO_TIMELINE_VIEW (timeline), &o);
  g_assert_true (chrono_viewport_get_cursor (viewport, &after));
  g_assert_cmpint (after, ==, chrono_render_options_x_to_time (&o, x));
  g_assert_cmpint (after, !=, before);
}

static GtkWidget *
find_descendant (GtkWidget *widget, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  if (!GTK_IS_CONTAINER (widget))
    return NULL;
  g_autoptr (GList) children = gtk_container_get_children (GTK_CONTAINER (widget));
  GtkWidget *found = NULL;
  for (GList *l = children; l != NULL && found == NULL; l = l->next)
    found = find_descendant (l->data, type);
  return found;
}

/* An OTF2 archive's warnings have a time and a lane, not a line: the
 * dialog shows them, and activating one shows that time in the timeline. */
void
test_warnings_go_to_time (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "otf2", "tasks.otf2", NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS) || chrono_loaders_find_by_name ("otf2") == NULL)
    {
      g_test_skip ("no OTF2 support");
      return;
    }
  ChronoWindow *window = chrono_gui_open (f, path);
  ChronoViewport *viewport = chrono_window_get_viewport (window);
  gint64 end = chrono_viewport_get_end (viewport);
  chrono_viewport_zoom_to (viewport, end - 1000, end); /* far from the first warning */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-warnings", NULL);
  settle ();
  GtkWidget *dialog = NULL;
  GList *toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (GTK_IS_DIALOG (l->data) && gtk_window_get_transient_for (l->data) == GTK_WINDOW (window))
      dialog = l->data;
  g_list_free (toplevels);
  g_assert_nonnull (dialog);
  GtkTreeView *tree = GTK_TREE_VIEW (find_descendant (dialog, GTK_TYPE_TREE_VIEW));
  g_assert_nonnull (tree);
  g_assert_cmpstr (gtk_tree_view_column_get_title (gtk_tree_view_get_column (tree, 0)), ==, "Time and lane");
  GtkTreeModel *model = gtk_tree_view_get_model (tree);
  GtkTreeIter iter;
  g_assert_true (gtk_tree_model_get_iter_first (model, &iter));
  g_autofree char *where = NULL;
  guint64 count = 0;
  gtk_tree_model_get (model, &iter, 0, &where, 1, &count, -1);
  g_assert_nonnull (strstr (where, "Master thread")); /* the first location's lane */
  g_assert_cmpuint (count, ==, 19); /* calls cut short on it, as the generator counted */
  g_autoptr (GtkTreePath) first = gtk_tree_path_new_first ();
  gtk_tree_view_row_activated (tree, first, gtk_tree_view_get_column (tree, 0));
  settle ();
  gint64 at = 155849; /* the first call cut short (tasks.otf2.dump) */
  g_assert_cmpint (chrono_viewport_get_begin (viewport), <=, at);
  g_assert_cmpint (chrono_viewport_get_end (viewport), >=, at);
  save_screenshot (dialog, "warnings-go-to-time-dialog.png");
  save_screenshot (GTK_WIDGET (window), "warnings-go-to-time-window.png");
  gtk_widget_destroy (dialog);
}

/* A Laplace run: a drag on a density lane's address axis shows those
 * addresses only; a double click there shows them all again. */
void
test_density_axis_drag (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "laplace", "run.ref.txt", NULL);
  ChronoWindow *window = chrono_gui_open (f, path);
  GtkWidget *timeline = chrono_window_get_timeline (window);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (timeline);
  ChronoLayout *layout = chrono_timeline_view_get_layout (view);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLane *lane = find_lane (trace, "Address space 9f8e7", CHRONO_LANE_DENSITY);
  g_assert_nonnull (lane);
  ChronoLane *process = chrono_lane_get_parent (lane);
  g_assert_cmpstr (chrono_lane_get_name (process), ==, "pid 256 ls");
  guint row_index;
  g_assert_true (chrono_layout_find_row (layout, lane, &row_index));
  const ChronoLayoutRow *row = chrono_layout_get_row (layout, row_index);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  double top = chrono_render_options_lane_top (&o) + row->y - o.scroll_y;
  double lo, hi, x = o.label_width / 2;
  g_assert_false (chrono_layout_get_axis_range (layout, lane, &lo, &hi));

  /* two used blocks (code, stack): drag over the lower half, the code's block */
  send_button (timeline, GDK_BUTTON_PRESS, 1, x, top + row->height - 3, 0);
  send_motion (timeline, x, top + row->height / 2 + 10, GDK_BUTTON1_MASK);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, x, top + row->height / 2 + 10, 0);
  g_assert_true (chrono_layout_get_axis_range (layout, lane, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 0.0);
  g_assert_cmpfloat (hi, >, 0.5);
  g_assert_cmpfloat (hi, <, 1.0);
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-density-axis.png");

  send_button (timeline, GDK_2BUTTON_PRESS, 1, x, top + row->height / 2, 0);
  g_assert_false (chrono_layout_get_axis_range (layout, lane, &lo, &hi));
  /* An instant event can be pointed at and clicked: the exit of pid 257 at cycle 34 */
  ChronoLane *pid257 = find_lane (trace, "pid 257", CHRONO_LANE_WORKER);
  guint pid_row;
  g_assert_true (chrono_layout_find_row (layout, pid257, &pid_row));
  chrono_timeline_view_get_render_options (view, &o);
  double mark_x = chrono_render_options_time_to_x (&o, 34) + 1;
  double mark_y = chrono_render_options_lane_top (&o) + chrono_layout_get_row (layout, pid_row)->y - o.scroll_y + 4;
  ChronoRenderHit hit;
  g_assert_true (chrono_renderer_hit_test (chrono_timeline_view_get_renderer (view), &o, mark_x, mark_y, &hit));
  g_assert_true (hit.has_mark);
  send_button (timeline, GDK_BUTTON_PRESS, 1, mark_x, mark_y, 0);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, mark_x, mark_y, 0);
  g_autofree char *event = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (event, "pid 257: exit"));
  g_assert_nonnull (strstr (event, "user time 0, system time 1")); /* its fields, by name */

  /* the name column says what a drag there does, and gives the whole name */
  g_autofree char *tip = chrono_timeline_view_describe_lane_at (view, x, top + row->height / 2);
  g_assert_nonnull (strstr (tip, "<b>Address space 9f8e7</b>"));
  g_assert_nonnull (strstr (tip, "Processes/pid 256 ls/Address space 9f8e7"));
  g_assert_nonnull (strstr (tip, "Drag up or down"));
}

/* The tooltip at x on a lane's row that contains `wanted`, looked for down the row; NULL when none does. */
static char *
tooltip_on_row (ChronoTimelineView *view, ChronoLane *lane, double x, const char *wanted, double *out_y)
{
  ChronoLayout *layout = chrono_timeline_view_get_layout (view);
  guint index;
  g_assert_true (chrono_layout_find_row (layout, lane, &index));
  const ChronoLayoutRow *row = chrono_layout_get_row (layout, index);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  double top = chrono_render_options_lane_top (&o) + row->y - o.scroll_y;
  for (double y = top; y < top + row->height; y += 0.5)
    {
      char *tip = chrono_timeline_view_describe_at (view, x, y);
      if (tip != NULL && strstr (tip, wanted) != NULL)
        {
          *out_y = y;
          return tip;
        }
      g_free (tip);
    }
  return NULL;
}

/* A Laplace run zoomed in: a single memory reference has a tooltip and an
 * inspector (type, address, length, space, time); a mapping's tooltip names
 * its file and range, not "Busy". */
void
test_laplace_reference_tooltip (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "laplace", "run.ref.txt", NULL);
  ChronoWindow *window = chrono_gui_open (f, path);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLane *lane = find_lane (trace, "Address space 9f8e7", CHRONO_LANE_DENSITY);
  g_assert_nonnull (lane);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  /* the load "r 12 4 9f8e7 bfffe000": cycle 0x12 */
  double x = chrono_render_options_time_to_x (&o, 0x12), y = 0;
  g_autofree char *tip = tooltip_on_row (view, lane, x, "Load (r)", &y);
  g_assert_nonnull (tip);
  g_assert_nonnull (strstr (tip, "Load (r) of 4 bytes at 0xbfffe000"));
  g_assert_nonnull (strstr (tip, "address space 9f8e7"));
  g_assert_nonnull (strstr (tip, "cycles"));
  GtkWidget *timeline = GTK_WIDGET (view);
  send_button (timeline, GDK_BUTTON_PRESS, 1, x, y, 0);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, x, y, 0);
  g_autofree char *inspected = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (inspected, "Address space 9f8e7: Load (r)"));
  g_assert_nonnull (strstr (inspected, "0xbfffe000"));
  g_assert_nonnull (strstr (inspected, "4 bytes"));
  g_assert_nonnull (strstr (inspected, "9f8e7"));

  /* the mapping of /lib/libc.so.6 by pid 256, cycles 12 to 28 */
  ChronoLane *process = find_lane (trace, "pid 256 ls", CHRONO_LANE_WORKER);
  g_assert_nonnull (process);
  g_autofree char *mapping = tooltip_on_row (view, process, chrono_render_options_time_to_x (&o, 20), "libc", &y);
  g_assert_nonnull (mapping);
  g_assert_nonnull (strstr (mapping, "/lib/libc.so.6 0x40000000–0x40009000"));
  g_assert_nonnull (strstr (mapping, "Mapped"));
  g_assert_null (strstr (mapping, "Busy"));
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-laplace-reference.png");
}

/* Pixels of the path's colour in the timeline as it is drawn now. */
/* A signal lane says its value under the pointer, and a click on it shows
 * the sample in the inspector (an OTF2 metric: node power, held per sample). */
void
test_signal_sample (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "otf2", "mpi_metrics.otf2", NULL);
  ChronoWindow *window = chrono_gui_open (f, path);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  GtkWidget *timeline = GTK_WIDGET (view);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLane *power = find_lane (trace, "node_power", CHRONO_LANE_SIGNAL);
  g_assert_nonnull (power);
  chrono_viewport_fit (chrono_timeline_view_get_viewport (view));
  g_assert_true (chrono_timeline_view_show_lane (view, power));
  settle ();
  ChronoLayout *layout = chrono_timeline_view_get_layout (view);
  guint row_index;
  g_assert_true (chrono_layout_find_row (layout, power, &row_index));
  const ChronoLayoutRow *row = chrono_layout_get_row (layout, row_index);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  const ChronoFragment *first = chrono_signal_get (chrono_lane_get_signal (power), 0);
  double x = chrono_render_options_time_to_x (&o, first->t0 + (first->t1 - first->t0) / 2);
  double y = chrono_render_options_lane_top (&o) + row->y - o.scroll_y + row->height / 2;
  g_autofree char *value = g_strdup_printf ("%g", first->c);
  g_autofree char *tip = chrono_timeline_view_describe_at (view, x, y);
  g_assert_nonnull (tip);
  g_assert_nonnull (strstr (tip, "node_power"));
  g_assert_nonnull (strstr (tip, value));
  send_button (timeline, GDK_BUTTON_PRESS, 1, x, y, 0);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, x, y, 0);
  g_autofree char *text = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (text, "node_power"));
  g_assert_nonnull (strstr (text, value));
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-signal-sample.png");

  /* a counter drawn as its rate: its values as recorded are a click away, and back */
  ChronoLane *counter = find_lane (trace, "PAPI_TOT_INS /s", CHRONO_LANE_SIGNAL);
  g_assert_nonnull (counter);
  g_assert_true (chrono_timeline_view_show_lane (view, counter));
  settle ();
  g_assert_true (chrono_layout_find_row (layout, counter, &row_index));
  row = chrono_layout_get_row (layout, row_index);
  chrono_timeline_view_get_render_options (view, &o);
  const ChronoFragment *rate = chrono_signal_get (chrono_lane_get_signal (counter), 0);
  x = chrono_render_options_time_to_x (&o, rate->t0 + (rate->t1 - rate->t0) / 2);
  y = chrono_render_options_lane_top (&o) + row->y - o.scroll_y + row->height / 2;
  send_button (timeline, GDK_BUTTON_PRESS, 1, x, y, 0);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, x, y, 0);
  g_autofree char *as_rate = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (as_rate, "Show as “PAPI_TOT_INS”"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "switch-reading", NULL);
  g_assert_cmpstr (chrono_lane_get_name (counter), ==, "PAPI_TOT_INS");
  g_assert_true (chrono_signal_is_step (chrono_lane_get_signal (counter)));
  g_autofree char *as_recorded = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (as_recorded, "Show as “PAPI_TOT_INS /s”"));
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-counter-as-recorded.png");
  g_action_group_activate_action (G_ACTION_GROUP (window), "switch-reading", NULL);
  g_assert_cmpstr (chrono_lane_get_name (counter), ==, "PAPI_TOT_INS /s");
  gtk_widget_destroy (GTK_WIDGET (window));
}

/* A Shift+drag begun on the timeline's first pixels zooms: the name column's edge grabs from its own side. */
void
test_shift_drag_beside_names_zooms (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = f->window;
  GtkWidget *timeline = chrono_window_get_timeline (window);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (timeline);
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  int width = chrono_timeline_view_get_label_width (view);
  for (int offset = 0; offset <= 4; offset += 2)
    {
      chrono_viewport_fit (viewport);
      ChronoRenderOptions o;
      chrono_timeline_view_get_render_options (view, &o);
      double x1 = o.label_width + offset, x2 = x1 + 200, y = chrono_render_options_lane_top (&o) + 30;
      gint64 t1 = chrono_render_options_x_to_time (&o, x1), t2 = chrono_render_options_x_to_time (&o, x2);
      send_button (timeline, GDK_BUTTON_PRESS, 1, x1, y, GDK_SHIFT_MASK);
      send_motion (timeline, x1 + 100, y, GDK_SHIFT_MASK | GDK_BUTTON1_MASK);
      send_motion (timeline, x2, y, GDK_SHIFT_MASK | GDK_BUTTON1_MASK);
      send_button (timeline, GDK_BUTTON_RELEASE, 1, x2, y, GDK_SHIFT_MASK);
      g_assert_cmpint (chrono_timeline_view_get_label_width (view), ==, width);
      g_assert_cmpint (chrono_viewport_get_begin (viewport), ==, t1);
      g_assert_cmpint (chrono_viewport_get_end (viewport), ==, t2);
    }
}

/* Until the user drags it, the name column is as wide as the trace's names need (the example's
 * runnables' names were cut at 200 px); a double click on its edge fits it again. */
void
test_name_column_fits_names (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chronoscope.Chronoscope");
  g_settings_reset (settings, "label-width");
  ChronoWindow *window = chrono_gui_open (f, trace_path);
  GtkWidget *timeline = chrono_window_get_timeline (window);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (timeline);
  int needed = chrono_renderer_measure_names (chrono_timeline_view_get_renderer (view));
  g_test_message ("names need %d px", needed);
  /* 200 px was the width before; the example's names need a little more */
  g_assert_cmpint (needed, !=, 200);
  g_assert_cmpint (chrono_timeline_view_get_label_width (view), ==, MIN (needed, 420));
  save_screenshot (GTK_WIDGET (window), "gui-names-fit.png");
  /* dragged: the width chosen is kept for the next traces */
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  double y = chrono_render_options_lane_top (&o) + 30, edge = o.label_width;
  send_button (timeline, GDK_BUTTON_PRESS, 1, edge - 1, y, 0);
  send_motion (timeline, edge - 60, y, GDK_BUTTON1_MASK);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, edge - 60, y, 0);
  g_assert_cmpint (g_settings_get_int (settings, "label-width"), ==, (int) edge - 60);
  /* a double click on the edge: fitted again, and so for the next traces */
  send_button (timeline, GDK_BUTTON_PRESS, 1, edge - 61, y, 0);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, edge - 61, y, 0);
  send_button (timeline, GDK_2BUTTON_PRESS, 1, edge - 61, y, 0);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, edge - 61, y, 0);
  g_assert_cmpint (chrono_timeline_view_get_label_width (view), ==, MIN (needed, 420));
  g_assert_cmpint (g_settings_get_int (settings, "label-width"), ==, 0);
}

/* Every line of the inspector shows whole: it wraps, or, shortened to its column, has a tooltip. */
void
test_inspector_lines_fit (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *dir = g_dir_make_tmp ("chrono-gui-long-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "long-names.btf", NULL);
  const char *task = "Task_with_a_name_as_long_as_the_ones_code_generators_write_for_an_engine_controller_on_core_0";
  const char *runnable = "Runnable_with_a_name_as_long_as_the_ones_code_generators_write_for_the_same_controller";
  g_autofree char *text = g_strdup_printf ("#version 2.1.3\n#timeScale ns\n0,STI_A,0,STI,STI_A,0,trigger\n"
                                           "0,STI_A,0,T,%1$s,0,activate\n100,Core_0,0,T,%1$s,0,start\n"
                                           "100,%1$s,0,R,%2$s,0,start\n500,%1$s,0,R,%2$s,0,terminate\n"
                                           "500,Core_0,0,T,%1$s,0,terminate\n",
                                           task, runnable);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  ChronoWindow *window = chrono_gui_open (f, path);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoLane *lane = find_lane (chrono_timeline_view_get_trace (view), task, CHRONO_LANE_PROCESS);
  g_assert_nonnull (lane);
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint running = 0;
  while (chrono_spans_get_state (spans, running) != CHRONO_STATE_RUNNING)
    running++;
  chrono_timeline_view_select (view, lane, running);
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-inspector-lines.png");
  GtkWidget *inspector = chrono_window_get_inspector (window);
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  collect_labels (inspector, labels);
  guint shortened = 0;
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);
      if (!gtk_widget_is_drawable (GTK_WIDGET (label)) || !pango_layout_is_ellipsized (gtk_label_get_layout (label)))
        continue;
      shortened++;
      g_test_message ("shortened: %s", gtk_label_get_text (label));
      g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (label)));
    }
  g_test_message ("%u of %u labels shortened", shortened, labels->len);
  g_assert_cmpuint (shortened, >, 0); /* the names are long enough that some are */
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
  g_unlink (path);
  g_rmdir (dir);
}
