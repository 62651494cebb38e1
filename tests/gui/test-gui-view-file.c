/* What the viewer reads and keeps beside a trace: a format's options and
 * its view file, saved views and unsaved notes, the user's folders, the first
 * start with the traces opened lately, a trace that moved. */
#include "chrono-gui-fixture.h"
#include "chrono-gui-tests.h"

/* A button in the popover of one of the header bar's menu buttons. */
static GtkWidget *
find_popover_button (ChronoWindow *window, const char *text)
{
  GtkWidget *header = gtk_window_get_titlebar (GTK_WINDOW (window));
  GList *children = gtk_container_get_children (GTK_CONTAINER (header));
  GtkWidget *found = NULL;
  for (GList *l = children; l != NULL && found == NULL; l = l->next)
    if (GTK_IS_MENU_BUTTON (l->data) && gtk_widget_get_visible (l->data))
      {
        GtkPopover *popover = gtk_menu_button_get_popover (l->data);
        if (popover != NULL)
          found = find_button_with (GTK_WIDGET (popover), text);
      }
  g_list_free (children);
  return found;
}

static guint
count_critical (ChronoTrace *trace)
{
  guint flagged = 0;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoSpans *spans = chrono_lane_get_spans (g_ptr_array_index (lanes, i));
      for (guint s = 0; spans != NULL && s < chrono_spans_get_n (spans); s++)
        flagged += (chrono_spans_get_flags (spans, s) & CHRONO_SPAN_CRITICAL) != 0;
    }
  return flagged;
}

/* A TRACE file: the claims menu outlines the critical path, a resource's
 * inspector shows how long it held N claims at once. */
void
test_trace_claims (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "etf", "records.etf", NULL);
  ChronoWindow *window = chrono_gui_open (f, path);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  GtkWidget *critical = find_popover_button (window, "Critical");
  g_assert_nonnull (critical);
  gtk_button_clicked (GTK_BUTTON (critical));
  guint flagged = 0;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  ChronoLane *resource = NULL;
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoSpans *spans = chrono_lane_get_spans (lane);
      for (guint s = 0; spans != NULL && s < chrono_spans_get_n (spans); s++)
        flagged += (chrono_spans_get_flags (spans, s) & CHRONO_SPAN_CRITICAL) != 0;
      if (chrono_lane_get_kind (lane) == CHRONO_LANE_RESOURCE && spans != NULL && resource == NULL)
        resource = lane;
    }
  g_assert_cmpuint (flagged, >, 0);
  g_assert_nonnull (resource);
  /* The analyses of the claims menu can be taken away again */
  gtk_button_clicked (GTK_BUTTON (critical));
  g_assert_cmpuint (count_critical (trace), ==, 0);
  gtk_button_clicked (GTK_BUTTON (critical));
  g_assert_cmpuint (count_critical (trace), ==, flagged);
  GtkWidget *usage = find_popover_button (window, "Usage");
  g_assert_nonnull (usage);
  guint n_lanes = chrono_trace_count_lanes (trace);
  gtk_button_clicked (GTK_BUTTON (usage));
  g_assert_cmpuint (chrono_trace_count_lanes (trace), >, n_lanes);
  gtk_button_clicked (GTK_BUTTON (usage));
  g_assert_cmpuint (chrono_trace_count_lanes (trace), ==, n_lanes);
  chrono_timeline_view_select (view, resource, 0);
  g_autofree char *text = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (text, "Concurrent claims"));
  /* A claim's type is said in words, its amount and offset are given */
  g_assert_nonnull (strstr (text, "Resource (R)"));
  g_assert_nonnull (strstr (text, "Amount"));
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-trace.png");

  /* Apply reads every row of the claims menu (its Label by combo used to be
   * read but never made: a critical) and reads the trace again */
  ChronoViewport *viewport = chrono_window_get_viewport (window);
  GtkWidget *apply = find_popover_button (window, "Apply");
  g_assert_nonnull (apply);
  gtk_button_clicked (GTK_BUTTON (apply));
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (chrono_window_get_viewport (window) == viewport && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (chrono_window_get_viewport (window) != viewport);
}

/* Lanes of a trace, top level and below, by name. */
static gboolean
has_lane_named (ChronoTrace *trace, const char *name)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (g_str_equal (chrono_lane_get_name (g_ptr_array_index (lanes, i)), name))
      return TRUE;
  return FALSE;
}

/* The .view's grouping and colouring are what the claims menu
 * shows, and Apply keeps them (it regrouped by resource). */
void
test_view_file_survives_apply (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "etf", "grouped.etf", NULL);
  ChronoWindow *window = chrono_gui_open (f, path);
  ChronoTrace *trace = chrono_timeline_view_get_trace (CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window)));
  g_assert_cmpstr (chrono_trace_get_option (trace, "grouping"), ==, "kind, name");
  g_assert_cmpstr (chrono_trace_get_option (trace, "colouring"), ==, "pid");
  g_autoptr (GPtrArray) before = chrono_trace_list_lanes (trace);
  guint n_before = before->len;
  g_autofree char *first_lane = g_strdup (chrono_lane_get_name (g_ptr_array_index (before, 1)));

  ChronoViewport *viewport = chrono_window_get_viewport (window);
  GtkWidget *apply = find_popover_button (window, "Apply");
  g_assert_nonnull (apply);
  gtk_button_clicked (GTK_BUTTON (apply));
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (chrono_window_get_viewport (window) == viewport && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  settle ();
  ChronoTrace *again = chrono_timeline_view_get_trace (CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window)));
  g_assert_true (again != trace);
  g_assert_cmpstr (chrono_trace_get_option (again, "grouping"), ==, "kind, name");
  g_autoptr (GPtrArray) after = chrono_trace_list_lanes (again);
  g_assert_cmpuint (after->len, ==, n_before);
  g_assert_true (has_lane_named (again, first_lane));
}

/* The widgets of a type under a widget. */
typedef struct {
  GType type;
  GPtrArray *found;
} Collect;

static void
collect_of_type (GtkWidget *widget, gpointer data)
{
  Collect *collect = data;
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, collect->type))
    g_ptr_array_add (collect->found, widget);
  else if (GTK_IS_CONTAINER (widget))
    gtk_container_forall (GTK_CONTAINER (widget), collect_of_type, data);
}

static void
collect_combos (GtkWidget *widget, gpointer data)
{
  Collect collect = { GTK_TYPE_COMBO_BOX_TEXT, data };
  collect_of_type (widget, &collect);
}

static void
collect_entries (GtkWidget *widget, gpointer data)
{
  Collect collect = { GTK_TYPE_ENTRY, data };
  collect_of_type (widget, &collect);
}

/* The texts a combo offers, one per row. */
static GPtrArray *
combo_texts (GtkComboBox *combo)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
  GtkTreeModel *model = gtk_combo_box_get_model (combo);
  GtkTreeIter iter;
  for (gboolean ok = gtk_tree_model_get_iter_first (model, &iter); ok; ok = gtk_tree_model_iter_next (model, &iter))
    {
      char *text = NULL;
      gtk_tree_model_get (model, &iter, 0, &text, -1);
      g_ptr_array_add (texts, text);
    }
  return texts;
}

/* "Colour by" offered "(their name)" and "name", the same thing twice. */
void
test_colour_by_offers_name_once (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "etf", "grouped.etf", NULL);
  ChronoWindow *window = chrono_gui_open (f, path);
  GtkWidget *apply = find_popover_button (window, "Apply");
  g_assert_nonnull (apply);
  g_autoptr (GPtrArray) combos = g_ptr_array_new ();
  collect_combos (gtk_widget_get_toplevel (apply), combos);
  gboolean found = FALSE;
  for (guint i = 0; i < combos->len; i++)
    {
      g_autoptr (GPtrArray) texts = combo_texts (g_ptr_array_index (combos, i));
      if (texts->len == 0 || !g_str_equal (g_ptr_array_index (texts, 0), "(their name)"))
        continue;
      found = TRUE;
      g_assert_cmpuint (texts->len, >, 1); /* the other attributes are offered */
      for (guint t = 0; t < texts->len; t++)
        g_assert_cmpstr (g_ptr_array_index (texts, t), !=, "name");
    }
  g_assert_true (found);
}

/* A Laplace run: the options menu applied with the byte order left at
 * "(detected)" and a clock frequency typed reads the trace again (it failed
 * on the byte order's empty value). */
void
test_laplace_options_apply (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "laplace", "run.ref.txt", NULL);
  ChronoWindow *window = chrono_gui_open (f, path);
  GtkWidget *apply = find_popover_button (window, "Apply");
  g_assert_nonnull (apply);
  g_autoptr (GPtrArray) entries = g_ptr_array_new ();
  collect_entries (gtk_widget_get_toplevel (apply), entries);
  GtkEntry *frequency = NULL;
  for (guint i = 0; i < entries->len; i++)
    if (g_strcmp0 (gtk_entry_get_placeholder_text (g_ptr_array_index (entries, i)), "cycles; or e.g. 2.4GHz") == 0)
      frequency = g_ptr_array_index (entries, i);
  g_assert_nonnull (frequency);
  gtk_entry_set_text (frequency, "1GHz");
  ChronoViewport *viewport = chrono_window_get_viewport (window);
  gtk_button_clicked (GTK_BUTTON (apply));
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (chrono_window_get_viewport (window) == viewport && chrono_window_get_info_message (window) == NULL
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (chrono_window_get_info_message (window));
  ChronoTrace *again = chrono_timeline_view_get_trace (CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window)));
  g_assert_cmpstr (chrono_trace_get_option (again, "frequency"), ==, "1GHz");
}

/* A copy of the example trace in a new temporary folder, so a test may
 * write beside it; the folder through out_dir. */
static char *
copy_example_trace (const char *dir_template, char **out_dir)
{
  g_autoptr (GError) error = NULL;
  *out_dir = g_dir_make_tmp (dir_template, &error);
  g_assert_no_error (error);
  char *copy = g_build_filename (*out_dir, "two-cores.btf", NULL);
  g_autofree char *original = NULL;
  gsize length = 0;
  g_assert_true (g_file_get_contents (trace_path, &original, &length, NULL));
  g_assert_true (g_file_set_contents (copy, original, (gssize) length, NULL));
  return copy;
}

/* A view saved beside the trace (range, markers, hidden and
 * folded lanes, bookmarks, notes) comes back when the trace is opened
 * again, the CLI's export --view draws the same picture, and the trace
 * itself is never written. */
void
test_saved_view (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *trace_copy = copy_example_trace ("chrono-saved-view-XXXXXX", &dir);
  g_autofree char *original = NULL;
  gsize original_length = 0;
  g_assert_true (g_file_get_contents (trace_copy, &original, &original_length, NULL));
  GStatBuf st;
  g_assert_cmpint (g_stat (trace_copy, &st), ==, 0);
  struct timespec mtime = st.st_mtim;
  g_autofree char *side = g_strconcat (trace_copy, ".chronoscope.json", NULL);

  ChronoWindow *window = chrono_gui_open (f, trace_copy);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  ChronoLayout *layout = chrono_timeline_view_get_layout (view);
  ChronoTrace *trace = chrono_timeline_view_get_trace (view);
  g_assert_cmpuint (chrono_view_state_get_n_bookmarks (chrono_window_get_view_state (window)), ==, 0);
  gint64 begin = chrono_viewport_get_trace_begin (viewport);
  chrono_viewport_zoom_to (viewport, begin + 2000000, begin + 6000000);
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_A, begin + 2800000);
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_B, begin + 4500000);
  gint64 saved_begin = chrono_viewport_get_begin (viewport), saved_end = chrono_viewport_get_end (viewport);
  ChronoLane *core_1 = find_lane (trace, "Core_1", CHRONO_LANE_CORE);
  ChronoLane *task_2ms_1 = find_lane (trace, "Task_2ms_1", CHRONO_LANE_PROCESS);
  ChronoLane *task_1ms_0 = find_lane (trace, "Task_1ms_0", CHRONO_LANE_PROCESS);
  g_assert_nonnull (core_1);
  g_assert_nonnull (task_2ms_1);
  g_assert_nonnull (task_1ms_0);
  chrono_layout_set_visible (layout, core_1, FALSE);
  chrono_layout_set_expanded (layout, task_2ms_1, FALSE);

  /* a bookmark of markers A..B, and a note on an item of Task_1ms_0 */
  chrono_window_add_bookmark (window, "Burst of preemptions");
  ChronoViewState *state = chrono_window_get_view_state (window);
  g_assert_cmpuint (chrono_view_state_get_n_bookmarks (state), ==, 1);
  g_assert_cmpint (chrono_view_state_get_bookmark (state, 0)->begin, ==, begin + 2800000);
  g_assert_cmpint (chrono_view_state_get_bookmark (state, 0)->end, ==, begin + 4500000);
  ChronoSpans *spans = chrono_lane_get_spans (task_1ms_0);
  guint span = chrono_spans_first_starting_at_or_after (spans, begin + 3000000);
  g_assert_cmpuint (span, <, chrono_spans_get_n (spans));
  chrono_timeline_view_select (view, task_1ms_0, span);
  g_assert_true (chrono_window_add_note (window, "why so late? – «noted»"));
  g_autofree char *inspector = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (inspector, "why so late? – «noted»"));
  chrono_timeline_view_unselect (view);
  settle ();

  g_assert_true (chrono_window_save_view (window, &error));
  g_assert_no_error (error);
  g_autofree char *json = NULL;
  g_assert_true (g_file_get_contents (side, &json, NULL, NULL));
  g_assert_true (g_utf8_validate (json, -1, NULL));
  g_assert_nonnull (strstr (json, "\"chronoscope_view\" : 1"));
  g_assert_nonnull (strstr (json, "\"Core_1\""));
  g_assert_nonnull (strstr (json, "Burst of preemptions"));

  /* a side file that leads to the trace is never written through */
  g_autofree char *side_copy = g_strconcat (side, ".saved", NULL);
  g_assert_cmpint (g_rename (side, side_copy), ==, 0);
  g_assert_cmpint (symlink (trace_copy, side), ==, 0);
  g_assert_false (chrono_window_save_view (window, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpint (g_unlink (side), ==, 0);
  /* Save View that cannot write (here: a folder has the side file's name) says why in the info bar */
  g_assert_cmpint (g_mkdir (side, 0755), ==, 0);
  g_assert_null (chrono_window_get_info_message (window));
  g_action_group_activate_action (G_ACTION_GROUP (window), "save-view", NULL);
  g_assert_nonnull (chrono_window_get_info_message (window));
  g_assert_true (g_str_has_prefix (chrono_window_get_info_message (window), "The view was not saved: "));
  g_assert_nonnull (strstr (chrono_window_get_info_message (window), side));
  g_assert_cmpint (g_rmdir (side), ==, 0);
  g_assert_cmpint (g_rename (side_copy, side), ==, 0);
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();

  /* opened again: the same range, markers, lanes, bookmark and note */
  window = chrono_gui_open (f, trace_copy);
  view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  viewport = chrono_timeline_view_get_viewport (view);
  layout = chrono_timeline_view_get_layout (view);
  trace = chrono_timeline_view_get_trace (view);
  state = chrono_window_get_view_state (window);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), ==, saved_begin);
  g_assert_cmpint (chrono_viewport_get_end (viewport), ==, saved_end);
  gint64 marker = 0;
  g_assert_true (chrono_viewport_get_marker (viewport, CHRONO_MARKER_A, &marker));
  g_assert_cmpint (marker, ==, begin + 2800000);
  g_assert_true (chrono_viewport_get_marker (viewport, CHRONO_MARKER_B, &marker));
  g_assert_cmpint (marker, ==, begin + 4500000);
  g_assert_false (chrono_layout_get_visible (layout, find_lane (trace, "Core_1", CHRONO_LANE_CORE)));
  g_assert_true (chrono_layout_get_visible (layout, find_lane (trace, "Core_0", CHRONO_LANE_CORE)));
  g_assert_false (chrono_layout_get_expanded (layout, find_lane (trace, "Task_2ms_1", CHRONO_LANE_PROCESS)));
  g_assert_true (chrono_layout_get_expanded (layout, find_lane (trace, "Task_2ms_2", CHRONO_LANE_PROCESS)));
  g_assert_cmpuint (chrono_view_state_get_n_bookmarks (state), ==, 1);
  g_assert_cmpstr (chrono_view_state_get_bookmark (state, 0)->name, ==, "Burst of preemptions");
  g_assert_cmpuint (chrono_view_state_get_n_notes (state), ==, 1);
  g_assert_cmpstr (chrono_view_state_get_note (state, 0)->text, ==, "why so late? – «noted»");
  g_assert_cmpstr (chrono_window_get_info_message (window), ==, NULL);

  /* a reload (F5) keeps the lanes hidden and folded, the bookmark and the note */
  /* held: the new timeline could otherwise be given the freed one's address */
  g_autoptr (GtkWidget) before_reload = g_object_ref (GTK_WIDGET (view));
  g_action_group_activate_action (G_ACTION_GROUP (window), "reload", NULL);
  gint64 reload_deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while ((chrono_window_get_timeline (window) == NULL || chrono_window_get_timeline (window) == before_reload)
         && g_get_monotonic_time () < reload_deadline)
    g_main_context_iteration (NULL, TRUE);
  settle ();
  view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  g_assert_true (GTK_WIDGET (view) != before_reload);
  viewport = chrono_timeline_view_get_viewport (view);
  layout = chrono_timeline_view_get_layout (view);
  trace = chrono_timeline_view_get_trace (view);
  g_assert_false (chrono_layout_get_visible (layout, find_lane (trace, "Core_1", CHRONO_LANE_CORE)));
  g_assert_false (chrono_layout_get_expanded (layout, find_lane (trace, "Task_2ms_1", CHRONO_LANE_PROCESS)));
  g_assert_true (chrono_window_get_view_state (window) == state);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), ==, saved_begin);
  g_assert_cmpint (chrono_viewport_get_end (viewport), ==, saved_end);

  /* the window's export with markers equals the CLI's from the saved view */
  ChronoExportChoice choice = { .width = 1000, .with_overlays = TRUE, .style_chosen = TRUE };
  g_autofree char *gui_png = g_build_filename (artifact_dir, "gui-export-view.png", NULL);
  g_autofree char *cli_png = g_build_filename (artifact_dir, "cli-export-view.png", NULL);
  g_assert_true (chrono_export_view (view, &choice, gui_png, &error));
  g_assert_no_error (error);
  const char *argv[] = { cli_path, "export", trace_copy, "--view",  side, "-o",
                         cli_png,  "--size", "1000x0",   "--force", NULL };
  int status = 0;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (same_file_contents (gui_png, cli_png));
  /* and the bookmark and the note are in it: without them the picture differs */
  g_autofree char *plain_png = g_build_filename (artifact_dir, "gui-export-view-plain.png", NULL);
  chrono_timeline_view_set_annotations (view, NULL);
  g_assert_true (chrono_export_view (view, &choice, plain_png, &error));
  g_assert_false (same_file_contents (plain_png, cli_png));
  chrono_timeline_view_set_annotations (view, state);

  /* the Bookmarks page lists both; its bookmark's row zooms to it */
  ChronoBookmarksView *bookmarks = CHRONO_BOOKMARKS_VIEW (chrono_window_get_bookmarks_view (window));
  GtkListBox *list = chrono_bookmarks_view_get_list (bookmarks);
  g_autoptr (GList) rows = gtk_container_get_children (GTK_CONTAINER (list));
  g_assert_cmpuint (g_list_length (rows), ==, 2);
  chrono_viewport_fit (viewport);
  g_signal_emit_by_name (list, "row-activated", gtk_list_box_get_row_at_index (list, 0));
  g_assert_cmpint (chrono_viewport_get_begin (viewport), ==, begin + 2800000);
  g_assert_cmpint (chrono_viewport_get_end (viewport), ==, begin + 4500000);
  /* the note's row brings its item into view and selects it: the inspector shows the note */
  g_signal_emit_by_name (list, "row-activated", gtk_list_box_get_row_at_index (list, 1));
  ChronoLane *selected = NULL;
  guint selected_span = 0;
  g_assert_true (chrono_timeline_view_get_selected (view, &selected, &selected_span));
  g_assert_cmpstr (chrono_lane_get_name (selected), ==, "Task_1ms_0");
  g_free (inspector);
  inspector = chrono_inspector_get_text (CHRONO_INSPECTOR (chrono_window_get_inspector (window)));
  g_assert_nonnull (strstr (inspector, "why so late?"));
  chrono_viewport_zoom_to (viewport, saved_begin, saved_end);
  gtk_stack_set_visible_child (GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (bookmarks))), GTK_WIDGET (bookmarks));
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-bookmarks.png");
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();

  /* a side file that is not a view: the trace opens, the info bar says why the view did not */
  g_assert_true (g_file_set_contents (side, "{\"chronoscope_view\": 1, \"range\": {\"begin\": \"x\"", -1, NULL));
  window = chrono_gui_open (f, trace_copy);
  g_assert_nonnull (chrono_window_get_info_message (window));
  g_assert_nonnull (strstr (chrono_window_get_info_message (window), "The saved view was not applied"));
  g_assert_cmpuint (chrono_view_state_get_n_bookmarks (chrono_window_get_view_state (window)), ==, 0);
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();

  /* the trace is as it was: bytes and modification time */
  g_autofree char *after = NULL;
  gsize after_length = 0;
  g_assert_true (g_file_get_contents (trace_copy, &after, &after_length, NULL));
  g_assert_true (after_length == original_length && memcmp (original, after, original_length) == 0);
  g_assert_cmpint (g_stat (trace_copy, &st), ==, 0);
  g_assert_true (st.st_mtim.tv_sec == mtime.tv_sec && st.st_mtim.tv_nsec == mtime.tv_nsec);
  g_unlink (side);
  g_unlink (trace_copy);
  g_rmdir (dir);
}

/* The message dialog a window shows over itself, or NULL. */
static GtkDialog *
dialog_over (ChronoWindow *window)
{
  return (GtkDialog *) toplevel_over (window, GTK_TYPE_MESSAGE_DIALOG);
}

/* Closing a window with bookmarks or notes not saved asks first: Cancel
 * keeps it, Save writes the view and closes, Close Without Saving closes. */
void
test_unsaved_notes_on_close (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *dir = NULL;
  g_autofree char *trace_copy = copy_example_trace ("chrono-unsaved-XXXXXX", &dir);
  g_autofree char *side = g_strconcat (trace_copy, ".chronoscope.json", NULL);
  const int responses[] = { GTK_RESPONSE_CANCEL, GTK_RESPONSE_ACCEPT };
  for (guint round = 0; round < 2; round++)
    {
      g_autoptr (ChronoApplication) app = chrono_application_new ();
      ChronoWindow *window = open_window (app, trace_copy);
      g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
      g_assert_false (chrono_window_has_unsaved_notes (window));
      chrono_view_state_add_bookmark (chrono_window_get_view_state (window), "look here", 1000, 2000);
      g_assert_true (chrono_window_has_unsaved_notes (window));
      gtk_window_close (GTK_WINDOW (window));
      settle ();
      g_assert_nonnull (window); /* still there: it asked */
      GtkDialog *dialog = dialog_over (window);
      g_assert_nonnull (dialog);
      gtk_dialog_response (dialog, responses[round]);
      settle ();
      if (responses[round] == GTK_RESPONSE_CANCEL)
        {
          g_assert_nonnull (window);
          g_assert_false (g_file_test (side, G_FILE_TEST_EXISTS));
          /* Quit (Ctrl+Q) asks as the close button does */
          g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
          settle ();
          g_assert_nonnull (window);
          g_assert_nonnull (dialog_over (window));
          gtk_dialog_response (dialog_over (window), GTK_RESPONSE_CANCEL);
          settle ();
          /* the other way out: close without saving */
          gtk_window_close (GTK_WINDOW (window));
          settle ();
          gtk_dialog_response (dialog_over (window), GTK_RESPONSE_REJECT);
          settle ();
          g_assert_null (window);
          g_assert_false (g_file_test (side, G_FILE_TEST_EXISTS));
        }
      else
        {
          g_assert_null (window);
          g_assert_true (g_file_test (side, G_FILE_TEST_IS_REGULAR));
        }
    }
  g_unlink (side);
  g_unlink (trace_copy);
  g_rmdir (dir);
}

/* The tests run with a home and XDG folders of their own in the build tree: what they open goes to their
 * recently-used list, never to the user's. */
void
test_own_user_dirs (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *build_root = g_path_get_dirname (artifact_dir);
  g_autofree char *prefix = g_build_filename (build_root, "tests", "home", NULL);
  const char *dirs[] = { g_get_home_dir (), g_get_user_data_dir (), g_get_user_config_dir (), g_get_user_cache_dir () };
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_test_message ("user folder: %s", dirs[i]);
      g_assert_true (g_str_has_prefix (dirs[i], prefix));
    }
  chrono_gui_open (f, trace_path);
  g_autofree char *uri = g_filename_to_uri (trace_path, NULL, NULL);
  g_autofree char *list = g_build_filename (g_get_user_data_dir (), "recently-used.xbel", NULL);
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  g_autofree char *written = NULL;
  while ((written == NULL || strstr (written, uri) == NULL) && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
      g_clear_pointer (&written, g_free);
      g_file_get_contents (list, &written, NULL, NULL);
    }
  g_assert_nonnull (written);
  g_assert_nonnull (strstr (written, uri));
}

static gboolean
activates (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_ACTIONABLE (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* The first widget below widget that activates action. */
static GtkWidget *
find_actionable (GtkWidget *widget, const char *action)
{
  return find_widget (widget, activates, action);
}

static void
assert_trace_buttons_sensitive (ChronoWindow *window, gboolean sensitive)
{
  GtkWidget *header = gtk_window_get_titlebar (GTK_WINDOW (window));
  const char *actions[] = { "win.zoom-in", "win.zoom-out", "win.zoom-fit", "win.export" };
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *button = find_actionable (header, actions[i]);
      g_assert_nonnull (button);
      g_test_message ("%s: %s", actions[i], gtk_widget_is_sensitive (button) ? "sensitive" : "insensitive");
      g_assert_cmpint (gtk_widget_is_sensitive (button), ==, sensitive);
    }
}

static ChronoWindow *
empty_window (ChronoGuiFixture *f)
{
  ChronoWindow *window = chrono_window_new (GTK_APPLICATION (f->app));
  chrono_gui_keep (f, window);
  gtk_window_resize (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  settle ();
  return window;
}

/* With no trace the window offers Open, the traces opened lately, the formats it reads and the example it
 * comes with; zoom and export are greyed until a trace is shown. */
void
test_first_start (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  g_autofree char *recent_path = g_build_filename (data_dir, "btf", "spec_example.btf", NULL);
  g_autofree char *recent_uri = g_filename_to_uri (recent_path, NULL, NULL);
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  g_assert_true (gtk_recent_manager_add_item (manager, recent_uri));
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!gtk_recent_manager_has_item (manager, recent_uri) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  ChronoWindow *window = empty_window (f);
  g_assert_null (chrono_window_get_timeline (window));
  assert_trace_buttons_sensitive (window, FALSE);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "export"));
  GtkWidget *welcome = find_widget_of_type (GTK_WIDGET (window), CHRONO_TYPE_WELCOME);
  g_assert_nonnull (welcome);
  g_assert_true (gtk_widget_is_drawable (welcome));
  GtkWidget *open = find_actionable (welcome, "win.open");
  g_assert_nonnull (open);
  g_assert_true (gtk_widget_is_sensitive (open));
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (find_button_with (welcome, "spec_example.btf") == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  GtkWidget *recent = find_button_with (welcome, "spec_example.btf");
  g_assert_nonnull (recent);
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  collect_labels (welcome, labels);
  g_autoptr (GString) texts = g_string_new (NULL);
  for (guint i = 0; i < labels->len; i++)
    g_string_append_printf (texts, "%s\n", gtk_label_get_text (g_ptr_array_index (labels, i)));
  for (const ChronoLoaderInfo *const *loader = chrono_loaders_list (); *loader; loader++)
    g_assert_nonnull (strstr (texts->str, (*loader)->description));
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-first-start.png");

  /* the example opens, and with a trace shown zoom and export act */
  gtk_button_clicked (GTK_BUTTON (find_button_with (welcome, "Example")));
  g_assert_true (wait_for_timeline (window));
  ChronoTrace *trace = chrono_timeline_view_get_trace (CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window)));
  g_autofree char *name = g_path_get_basename (chrono_trace_get_path (trace));
  g_assert_cmpstr (name, ==, "two-cores.btf");
  settle ();
  assert_trace_buttons_sensitive (window, TRUE);
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();

  /* a recent trace opens with a click */
  window = empty_window (f);
  welcome = find_widget_of_type (GTK_WIDGET (window), CHRONO_TYPE_WELCOME);
  gtk_button_clicked (GTK_BUTTON (find_button_with (welcome, "spec_example.btf")));
  g_assert_true (wait_for_timeline (window));
  trace = chrono_timeline_view_get_trace (CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window)));
  g_assert_cmpstr (chrono_trace_get_path (trace), ==, recent_path);
}

/* A trace moved before the first one's start (or after its end) stays in reach: Fit, Home and End show it. */
void
test_moved_trace_in_reach (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = open_two_traces (f);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoTraceSet *set = chrono_layout_get_trace_set (chrono_timeline_view_get_layout (view));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  ChronoTrace *first = chrono_trace_set_get_trace (set, 0), *added = chrono_trace_set_get_trace (set, 1);
  gint64 origin = chrono_viewport_get_origin (viewport);
  /* 43.9 ms before the first trace's start, as a drag or Move This Trace… puts it */
  gint64 wanted = chrono_trace_get_begin (first) - 43900000;
  gint64 now = chrono_trace_set_to_reference (set, 1, chrono_trace_get_begin (added));
  g_assert_true (chrono_trace_set_set_shift (set, 1, chrono_trace_set_get_shift (set, 1) + wanted - now));
  g_assert_cmpint (chrono_trace_set_to_reference (set, 1, chrono_trace_get_begin (added)), ==, wanted);
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-fit", NULL);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), ==, wanted);
  g_assert_cmpint (chrono_viewport_get_end (viewport), ==, chrono_trace_get_end (first));
  /* the times keep counting from where they did: the moved trace starts at −43.9 ms */
  g_assert_cmpint (chrono_viewport_get_origin (viewport), ==, origin);
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-in", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-in", NULL);
  send_key (GTK_WIDGET (view), GDK_KEY_Home);
  g_assert_cmpint (chrono_viewport_get_begin (viewport), ==, wanted);
  settle ();
  save_screenshot (GTK_WIDGET (window), "gui-moved-trace.png");
  /* moved after the first's end: End reaches it */
  gint64 late = chrono_trace_get_end (first) + 20000000;
  now = chrono_trace_set_to_reference (set, 1, chrono_trace_get_end (added));
  g_assert_true (chrono_trace_set_set_shift (set, 1, chrono_trace_set_get_shift (set, 1) + late - now));
  send_key (GTK_WIDGET (view), GDK_KEY_End);
  g_assert_cmpint (chrono_viewport_get_end (viewport), ==, late);
}
