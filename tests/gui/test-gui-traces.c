/* Several traces in one window: one added, the lane menu (hide, show all,
 * fold, move a trace), traces of the same name, the legend of every trace. */
#include "chrono-gui-fixture.h"
#include "chrono-gui-tests.h"

/* A TRACE run added to the BTF example: both known by wall clock, so the
 * TRACE's first claim (5 ms after the BTF was created) sits 5 ms after the
 * BTF's zero on the ruler; its heading drags it along; the inspector gives
 * its claims' times on both clocks. */
void
test_add_trace (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = f->window;
  g_autofree char *added_path = g_build_filename (data_dir, "etf", "beside_example.etf", NULL);
  g_autoptr (GFile) added = g_file_new_for_path (added_path);
  chrono_window_add_trace (window, added);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (chrono_window_get_n_traces (window) < 2 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (chrono_window_get_n_traces (window), ==, 2);
  settle ();

  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoLayout *layout = chrono_timeline_view_get_layout (view);
  ChronoTraceSet *set = chrono_layout_get_trace_set (layout);
  g_assert_nonnull (set);
  g_assert_cmpstr (chrono_lane_get_name (chrono_layout_get_row (layout, 0)->lane), ==, "two-cores.btf");
  ChronoLane *heading = chrono_trace_set_get_heading (set, 1);
  g_assert_cmpstr (chrono_lane_get_name (heading), ==, "beside_example.etf");
  g_assert_cmpint (chrono_trace_set_get_alignment (set, 1), ==, CHRONO_ALIGN_WALL_CLOCK);
  /* the BTF counts from its #creationDate, the TRACE from 5 ms later */
  g_assert_cmpint (chrono_trace_set_to_reference (set, 1, 0), ==, 5000000);
  g_autofree char *message = g_strdup (chrono_window_get_info_message (window));
  g_assert_nonnull (strstr (message, "wall clocks"));
  /* the title names both; the lanes counted are those with items of both, not the group headings */
  GtkHeaderBar *header = GTK_HEADER_BAR (gtk_window_get_titlebar (GTK_WINDOW (window)));
  g_assert_cmpstr (gtk_header_bar_get_title (header), ==, "two-cores.btf + beside_example.etf");
  guint items = 0;
  for (guint m = 0; m < 2; m++)
    {
      g_autoptr (GPtrArray) all = chrono_trace_list_lanes (chrono_trace_set_get_trace (set, m));
      for (guint i = 0; i < all->len; i++)
        items += chrono_lane_get_kind (g_ptr_array_index (all, i)) != CHRONO_LANE_GROUP;
    }
  g_autofree char *lanes = g_strdup_printf ("%u lanes", items);
  g_assert_nonnull (strstr (gtk_header_bar_get_subtitle (header), lanes));
  /* the BTF's cores over the TRACE's claims, the rest folded */
  const char *folded[] = { "Tasks", "ISRs", "Semaphores", "Signals", "Stimuli" };
  for (guint i = 0; i < G_N_ELEMENTS (folded); i++)
    for (guint r = 0; r < chrono_layout_get_n_rows (layout); r++)
      if (chrono_layout_get_row (layout, r)->member == 0
          && g_str_equal (chrono_lane_get_name (chrono_layout_get_row (layout, r)->lane), folded[i]))
        {
          chrono_layout_set_expanded (layout, chrono_layout_get_row (layout, r)->lane, FALSE);
          break;
        }
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-two-traces.png");

  /* drag the heading 100 px to the right: the trace moves by the time 100 px span */
  guint row;
  g_assert_true (chrono_layout_find_row (layout, heading, &row));
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  double y = chrono_render_options_lane_top (&o) + chrono_layout_get_row (layout, row)->y - o.scroll_y + 5;
  double x1 = o.label_width + 200, x2 = x1 + 100;
  GtkWidget *timeline = GTK_WIDGET (view);
  if (y > chrono_render_options_lane_top (&o) + chrono_render_options_lane_height (&o))
    {
      /* scrolled out of sight: bring the heading up first */
      chrono_viewport_set_scroll_y (chrono_timeline_view_get_viewport (view), chrono_layout_get_row (layout, row)->y,
                                    1e9);
      chrono_timeline_view_get_render_options (view, &o);
      y = chrono_render_options_lane_top (&o) + chrono_layout_get_row (layout, row)->y - o.scroll_y + 5;
    }
  gint64 moved = chrono_render_options_x_to_time (&o, x2) - chrono_render_options_x_to_time (&o, x1);
  send_button (timeline, GDK_BUTTON_PRESS, 1, x1, y, 0);
  send_motion (timeline, x1 + 50, y, GDK_BUTTON1_MASK);
  send_motion (timeline, x2, y, GDK_BUTTON1_MASK);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, x2, y, 0);
  g_assert_cmpint (chrono_trace_set_get_shift (set, 1), ==, moved);
  g_assert_cmpint (chrono_trace_set_to_reference (set, 1, 0), ==, 5000000 + moved);

  /* a claim of the added trace: its own time and where it is on the ruler */
  ChronoLane *controller = NULL;
  for (guint i = 0; i < chrono_layout_get_n_rows (layout) && controller == NULL; i++)
    if (g_str_equal (chrono_lane_get_name (chrono_layout_get_row (layout, i)->lane), "Controller"))
      controller = chrono_layout_get_row (layout, i)->lane;
  g_assert_nonnull (controller);
  g_assert_true (chrono_layout_find_row (layout, controller, &row));
  chrono_viewport_set_scroll_y (chrono_timeline_view_get_viewport (view), chrono_layout_get_row (layout, row)->y, 1e9);
  chrono_timeline_view_get_render_options (view, &o);
  /* the middle of claim "sense" (0 .. 2.5 ms of its trace) on the reference clock */
  gint64 middle = chrono_trace_set_to_reference (set, 1, 1250000);
  double click_x = chrono_render_options_time_to_x (&o, middle);
  double click_y = chrono_render_options_lane_top (&o) + chrono_layout_get_row (layout, row)->y - o.scroll_y + 5;
  send_button (timeline, GDK_BUTTON_PRESS, 1, click_x, click_y, 0);
  send_button (timeline, GDK_BUTTON_RELEASE, 1, click_x, click_y, 0);
  ChronoLane *selected;
  guint span;
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &span));
  g_assert_true (selected == controller);
  g_assert_cmpuint (chrono_timeline_view_get_selected_member (view), ==, 1);
  g_autofree char *text = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (text, "on the first trace’s clock"));
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-two-traces-selected.png");

  /* the Range page measures each trace on its own clock: markers over 1 .. 4 ms of the added one */
  ChronoRangeView *range = CHRONO_RANGE_VIEW (chrono_window_get_range_view (window));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  gint64 a = chrono_trace_set_to_reference (set, 1, 1000000), b = chrono_trace_set_to_reference (set, 1, 4000000);
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_A, a);
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_B, b);
  chrono_range_view_update (range);
  g_autoptr (GArray) first = chrono_range_stats_compute (chrono_trace_set_get_trace (set, 0), a, b);
  g_autoptr (GArray) second = chrono_range_stats_compute (chrono_trace_set_get_trace (set, 1), 1000000, 4000000);
  GtkTreeModel *model = gtk_tree_view_get_model (chrono_range_view_get_lanes (range));
  guint rows[2] = { 0, 0 };
  GtkTreeIter iter;
  for (gboolean more = gtk_tree_model_get_iter_first (model, &iter); more;
       more = gtk_tree_model_iter_next (model, &iter))
    {
      guint member, index;
      double busy, longest;
      g_autofree char *name = NULL;
      gtk_tree_model_get (model, &iter, CHRONO_RANGE_LANES_MEMBER, &member, CHRONO_RANGE_LANES_INDEX, &index,
                          CHRONO_RANGE_LANES_NAME, &name, CHRONO_RANGE_LANES_BUSY, &busy, CHRONO_RANGE_LANES_LONGEST,
                          &longest, -1);
      g_assert_cmpuint (member, <, 2);
      rows[member]++;
      const ChronoRangeLane *r = &g_array_index (member == 0 ? first : second, ChronoRangeLane, index);
      g_assert_cmpfloat_with_epsilon (busy, (double) r->busy / (double) (member == 0 ? b - a : 3000000), 1e-12);
      g_assert_true (g_str_has_prefix (name, member == 0 ? "two-cores.btf: " : "beside_example.etf: "));
      if (member == 1 && r->has_longest)
        g_assert_cmpfloat_with_epsilon (longest, 1.5e-3, 1e-12); /* "filter" and Controller's claim */
    }
  g_assert_cmpuint (rows[0], ==, first->len);
  g_assert_cmpuint (rows[1], ==, second->len);
  g_assert_cmpuint (second->len, ==, 5);
}

/* ---- the lane menu ------------------------------------------------------------- */

/* A key as the keyboard sends it, through GTK's main event handler: bindings (a menu's Return, Shift+F10)
 * look at the key's code, and a menu opened by a key is told which event opened it. */
static void
send_bound_key (GtkWidget *widget, guint keyval, guint state)
{
  g_autofree GdkKeymapKey *keys = NULL;
  int n_keys = 0;
  g_assert_true (gdk_keymap_get_entries_for_keyval (gdk_keymap_get_for_display (gdk_display_get_default ()), keyval,
                                                    &keys, &n_keys));
  GdkEvent *event = gdk_event_new (GDK_KEY_PRESS);
  event->key.window = g_object_ref (gtk_widget_get_window (widget));
  event->key.keyval = keyval;
  event->key.state = state;
  event->key.hardware_keycode = keys[0].keycode;
  event->key.group = keys[0].group;
  event->key.time = GDK_CURRENT_TIME;
  gdk_event_set_device (event, gdk_seat_get_keyboard (gdk_display_get_default_seat (gdk_display_get_default ())));
  gtk_main_do_event (event);
  gdk_event_free (event);
}

/* The y of a lane's row in the timeline, scrolling it into sight first. */
static double
row_y (ChronoTimelineView *view, ChronoLane *lane)
{
  ChronoLayout *layout = chrono_timeline_view_get_layout (view);
  guint row;
  g_assert_true (chrono_layout_find_row (layout, lane, &row));
  chrono_viewport_set_scroll_y (chrono_timeline_view_get_viewport (view), chrono_layout_get_row (layout, row)->y, 1e9);
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  return chrono_render_options_lane_top (&o) + chrono_layout_get_row (layout, row)->y - o.scroll_y + 5;
}

/* Right-click on lane's name (NULL: below the last lane): the menu that opens. */
static GtkMenuShell *
right_click_name (ChronoTimelineView *view, ChronoLane *lane)
{
  double y = lane != NULL ? row_y (view, lane) : gtk_widget_get_allocated_height (GTK_WIDGET (view)) - 3;
  send_button (GTK_WIDGET (view), GDK_BUTTON_PRESS, 3, 20, y, 0);
  send_button (GTK_WIDGET (view), GDK_BUTTON_RELEASE, 3, 20, y, 0);
  settle ();
  GtkWidget *menu = chrono_timeline_view_get_lane_menu (view);
  g_assert_nonnull (menu);
  g_assert_true (gtk_widget_get_visible (menu));
  return GTK_MENU_SHELL (menu);
}

static GtkWidget *
menu_item_labelled (GtkMenuShell *menu, const char *label)
{
  g_autoptr (GList) items = gtk_container_get_children (GTK_CONTAINER (menu));
  for (GList *l = items; l != NULL; l = l->next)
    if (GTK_IS_MENU_ITEM (l->data) && g_strcmp0 (gtk_menu_item_get_label (l->data), label) == 0)
      return l->data;
  return NULL;
}

/* Chooses an item as a click does: the menu closes, then the item acts. */
static void
click_item (GtkMenuShell *menu, const char *label)
{
  GtkWidget *item = menu_item_labelled (menu, label);
  g_assert_nonnull (item);
  g_object_ref (menu);
  gtk_menu_shell_activate_item (menu, item, TRUE);
  settle ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (menu)));
  g_object_unref (menu);
}

/* Chooses an item with the keyboard: Down to it, then Return. */
static void
press_item (GtkMenuShell *menu, const char *label)
{
  GtkWidget *item = menu_item_labelled (menu, label);
  g_assert_nonnull (item);
  g_object_ref (menu);
  gtk_menu_shell_select_item (menu, item);
  send_bound_key (GTK_WIDGET (menu), GDK_KEY_Return, 0);
  settle ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (menu)));
  g_object_unref (menu);
}

/* The menu the keyboard opens (the Menu key) on the timeline. */
static GtkMenuShell *
menu_key (ChronoTimelineView *view)
{
  gtk_widget_grab_focus (GTK_WIDGET (view));
  send_bound_key (GTK_WIDGET (view), GDK_KEY_Menu, 0);
  settle ();
  GtkWidget *menu = chrono_timeline_view_get_lane_menu (view);
  g_assert_nonnull (menu);
  g_assert_true (gtk_widget_get_visible (menu));
  return GTK_MENU_SHELL (menu);
}

/* The lanes with children that the menu folds (groups stay open), of every trace on show. */
static GPtrArray *
foldable_lanes (ChronoWindow *window)
{
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTraceSet *set = chrono_layout_get_trace_set (chrono_timeline_view_get_layout (view));
  GPtrArray *out = g_ptr_array_new ();
  guint n = set != NULL ? chrono_trace_set_get_n (set) : 1;
  for (guint m = 0; m < n; m++)
    {
      ChronoTrace *trace = set != NULL ? chrono_trace_set_get_trace (set, m) : chrono_timeline_view_get_trace (view);
      g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
      for (guint i = 0; i < lanes->len; i++)
        if (chrono_lane_get_n_children (g_ptr_array_index (lanes, i)) > 0
            && chrono_lane_get_kind (g_ptr_array_index (lanes, i)) != CHRONO_LANE_GROUP)
          g_ptr_array_add (out, g_ptr_array_index (lanes, i));
    }
  return out;
}

static void
assert_all_expanded (ChronoWindow *window, gboolean expanded)
{
  ChronoLayout *layout = chrono_timeline_view_get_layout (CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window)));
  g_autoptr (GPtrArray) lanes = foldable_lanes (window);
  g_assert_cmpuint (lanes->len, >, 0);
  for (guint i = 0; i < lanes->len; i++)
    g_assert_cmpint (chrono_layout_get_expanded (layout, g_ptr_array_index (lanes, i)), ==, expanded);
}

/* Hide This Lane hides the lane clicked on, chosen by mouse or by keyboard. */
void
test_lane_menu_hide_lane (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = f->window;
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoLayout *layout = chrono_timeline_view_get_layout (view);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  ChronoLane *first = find_lane (trace, "Task_2ms_1", CHRONO_LANE_PROCESS);
  ChronoLane *second = find_lane (trace, "Task_2ms_3", CHRONO_LANE_PROCESS);
  g_assert_nonnull (first);
  g_assert_nonnull (second);
  GtkMenuShell *menu = right_click_name (view, first);
  save_screenshot (GTK_WIDGET (menu), "gui-lane-menu.png");
  click_item (menu, "Hide This Lane");
  g_assert_false (chrono_layout_get_visible (layout, first));
  g_assert_true (chrono_layout_get_visible (layout, second));
  /* by keyboard: the selected item's lane */
  ChronoSpans *spans = chrono_lane_get_spans (second);
  g_assert_cmpuint (chrono_spans_get_n (spans), >, 0);
  chrono_timeline_view_select (view, second, 0);
  press_item (menu_key (view), "Hide This Lane");
  g_assert_false (chrono_layout_get_visible (layout, second));
}

/* Show All Lanes brings back the hidden lanes of every trace on show. */
void
test_lane_menu_show_all (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = open_two_traces (f);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoLayout *layout = chrono_timeline_view_get_layout (view);
  ChronoTraceSet *set = chrono_layout_get_trace_set (layout);
  ChronoLane *first = find_lane (chrono_trace_set_get_trace (set, 0), "Task_2ms_1", CHRONO_LANE_PROCESS);
  g_autoptr (GPtrArray) added = chrono_trace_list_lanes (chrono_trace_set_get_trace (set, 1));
  ChronoLane *second = g_ptr_array_index (added, added->len - 1);
  for (guint round = 0; round < 2; round++)
    {
      chrono_layout_set_visible (layout, first, FALSE);
      chrono_layout_set_visible (layout, second, FALSE);
      settle ();
      if (round == 0)
        click_item (right_click_name (view, NULL), "Show All Lanes");
      else
        press_item (menu_key (view), "Show All Lanes");
      g_assert_true (chrono_layout_get_visible (layout, first));
      g_assert_true (chrono_layout_get_visible (layout, second));
    }
}

/* Collapse All and Expand All fold and unfold the lanes of every trace on show. */
void
test_lane_menu_collapse_expand (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = open_two_traces (f);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTraceSet *set = chrono_layout_get_trace_set (chrono_timeline_view_get_layout (view));
  ChronoLane *lane = find_lane (chrono_trace_set_get_trace (set, 0), "Task_2ms_1", CHRONO_LANE_PROCESS);
  click_item (right_click_name (view, lane), "Collapse All");
  assert_all_expanded (window, FALSE);
  save_screenshot (GTK_WIDGET (window), "gui-lane-menu-collapsed.png");
  click_item (right_click_name (view, NULL), "Expand All");
  assert_all_expanded (window, TRUE);
  press_item (menu_key (view), "Collapse All");
  assert_all_expanded (window, FALSE);
  press_item (menu_key (view), "Expand All");
  assert_all_expanded (window, TRUE);
}

/* The Move Trace dialog over a window (a dialog with an entry), or NULL. */
static GtkDialog *
move_dialog_over (ChronoWindow *window)
{
  GtkWindow *dialog = toplevel_over (window, GTK_TYPE_DIALOG);
  return dialog != NULL && g_object_get_data (G_OBJECT (dialog), "entry") != NULL ? GTK_DIALOG (dialog) : NULL;
}

/* Move This Trace… on an added trace's lane asks for a shift and moves that trace by it. */
void
test_lane_menu_move_trace (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = open_two_traces (f);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTraceSet *set = chrono_layout_get_trace_set (chrono_timeline_view_get_layout (view));
  ChronoLane *heading = chrono_trace_set_get_heading (set, 1);
  /* the first trace's lanes offer no move */
  ChronoLane *first = find_lane (chrono_trace_set_get_trace (set, 0), "Task_2ms_1", CHRONO_LANE_PROCESS);
  GtkMenuShell *menu = right_click_name (view, first);
  g_assert_null (menu_item_labelled (menu, "Move This Trace…"));
  gtk_menu_shell_deactivate (menu);
  const char *shifts[] = { "-2ms", "+1.5ms" };
  const gint64 ticks[] = { -2000000, 1500000 };
  for (guint round = 0; round < 2; round++)
    {
      if (round == 0)
        click_item (right_click_name (view, heading), "Move This Trace…");
      else
        {
          chrono_timeline_view_unselect (view);
          send_motion (GTK_WIDGET (view), 20, row_y (view, heading), 0);
          press_item (menu_key (view), "Move This Trace…");
        }
      GtkDialog *dialog = move_dialog_over (window);
      g_assert_nonnull (dialog);
      gtk_entry_set_text (g_object_get_data (G_OBJECT (dialog), "entry"), shifts[round]);
      gtk_dialog_response (dialog, GTK_RESPONSE_ACCEPT);
      settle ();
      g_assert_null (move_dialog_over (window));
      g_assert_cmpint (chrono_trace_set_get_shift (set, 1), ==, ticks[round]);
    }
}

/* Two traces whose files share a name are told apart by their folders; the subtitle counts both. */
void
test_same_named_traces (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *dir = g_dir_make_tmp ("chrono-gui-names-XXXXXX", NULL);
  g_autofree char *run_a = g_build_filename (dir, "run-a", NULL), *run_b = g_build_filename (dir, "run-b", NULL);
  g_autofree char *a = g_build_filename (run_a, "two-cores.btf", NULL),
                  *b = g_build_filename (run_b, "two-cores.btf", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_assert_true (g_file_get_contents (trace_path, &contents, &length, NULL));
  g_assert_cmpint (g_mkdir (run_a, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (run_b, 0755), ==, 0);
  g_assert_true (g_file_set_contents (a, contents, (gssize) length, NULL));
  g_assert_true (g_file_set_contents (b, contents, (gssize) length, NULL));

  ChronoWindow *window = chrono_gui_open (f, a);
  add_trace_and_wait (window, b);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTraceSet *set = chrono_layout_get_trace_set (chrono_timeline_view_get_layout (view));
  g_assert_cmpstr (chrono_lane_get_name (chrono_trace_set_get_heading (set, 0)), ==, "run-a/two-cores.btf");
  g_assert_cmpstr (chrono_lane_get_name (chrono_trace_set_get_heading (set, 1)), ==, "run-b/two-cores.btf");
  GtkHeaderBar *header = GTK_HEADER_BAR (gtk_window_get_titlebar (GTK_WINDOW (window)));
  g_assert_cmpstr (gtk_header_bar_get_title (header), ==, "run-a/two-cores.btf + run-b/two-cores.btf");
  g_assert_true (g_str_has_prefix (chrono_window_get_info_message (window), "run-b/two-cores.btf added"));
  ChronoTrace *first = chrono_trace_set_get_trace (set, 0);
  guint64 events = 2 * chrono_trace_get_n_events (first);
  guint lanes = 0;
  g_autoptr (GPtrArray) all = chrono_trace_list_lanes (first);
  for (guint i = 0; i < all->len; i++)
    lanes += chrono_lane_get_kind (g_ptr_array_index (all, i)) != CHRONO_LANE_GROUP;
  g_autofree char *counts = g_strdup_printf ("%" G_GUINT64_FORMAT " events · %u lanes", events, 2 * lanes);
  g_test_message ("subtitle: %s", gtk_header_bar_get_subtitle (header));
  g_assert_nonnull (strstr (gtk_header_bar_get_subtitle (header), counts));
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-same-named-traces.png");
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
  g_unlink (a);
  g_unlink (b);
  g_rmdir (run_a);
  g_rmdir (run_b);
  g_rmdir (dir);
}

/* Whether colour fills a pixel of the picture's legend strip. */
static gboolean
legend_shows_colour (cairo_surface_t *image, int legend_height, const ChronoRgb *colour)
{
  cairo_surface_flush (image);
  const guint8 *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image), width = cairo_image_surface_get_width (image);
  int height = cairo_image_surface_get_height (image);
  int want[3] = { (int) lround (colour->red * 255), (int) lround (colour->green * 255),
                  (int) lround (colour->blue * 255) };
  for (int y = height - legend_height; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + x * 4);
        int rgb[3] = { (pixel >> 16) & 0xff, (pixel >> 8) & 0xff, pixel & 0xff };
        if (ABS (rgb[0] - want[0]) <= 1 && ABS (rgb[1] - want[1]) <= 1 && ABS (rgb[2] - want[2]) <= 1)
          return TRUE;
      }
  return FALSE;
}

/* Two VisAndOr runs in one view: the legend names the agents of both, each
 * trace's from its own string table (the second's were looked up in the first's). */
void
test_legend_names_agents_of_every_trace (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *first = g_build_filename (data_dir, "visandor", "and_doc_example.vt", NULL);
  g_autofree char *second = g_build_filename (data_dir, "visandor", "hex_ids.vt", NULL);
  ChronoWindow *window = chrono_gui_open (f, first);
  add_trace_and_wait (window, second);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTraceSet *set = chrono_layout_get_trace_set (chrono_timeline_view_get_layout (view));
  /* both runs side by side: the second after the first */
  chrono_viewport_fit (chrono_timeline_view_get_viewport (view));
  ChronoRenderOptions o;
  chrono_timeline_view_get_render_options (view, &o);
  o.width = 2400; /* room for every name in the legend */
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, o.width, o.height);
  cairo_t *cr = cairo_create (image);
  chrono_renderer_draw (chrono_timeline_view_get_renderer (view), cr, &o);
  cairo_destroy (cr);
  /* the colours the picture gives names: of both traces' names */
  g_autoptr (ChronoNameColours) colours = chrono_name_colours_new ();
  chrono_name_colours_add_trace (colours, chrono_trace_set_get_trace (set, 0));
  chrono_name_colours_add_trace (colours, chrono_trace_set_get_trace (set, 1));
  chrono_name_colours_seal (colours);
  for (guint m = 0; m < 2; m++)
    {
      ChronoTrace *trace = chrono_trace_set_get_trace (set, m);
      ChronoStrings *strings = chrono_trace_get_strings (trace);
      g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
      guint checked = 0;
      for (guint i = 0; i < lanes->len; i++)
        {
          ChronoTree *tree = chrono_lane_get_tree (g_ptr_array_index (lanes, i));
          for (guint k = 0; tree != NULL && k < chrono_tree_get_n_stretches (tree); k++)
            {
              const ChronoTreeStretch *stretch = chrono_tree_get_stretch (tree, k);
              if (stretch->worker == CHRONO_STRING_NONE)
                continue;
              const char *worker = chrono_strings_get (strings, stretch->worker);
              ChronoRgb colour;
              chrono_name_colours_get (colours, chrono_palette_get (o.dark), worker, &colour);
              g_test_message ("trace %u: worker %s", m + 1, worker);
              g_assert_true (legend_shows_colour (image, o.legend_height, &colour));
              checked++;
            }
        }
      g_assert_cmpuint (checked, >, 0);
    }
  g_autofree char *path = g_build_filename (artifact_dir, "gui-two-runs-legend.png", NULL);
  cairo_surface_write_to_png (image, path);
  cairo_surface_destroy (image);
}
