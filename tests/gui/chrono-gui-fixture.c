/* chrono-gui-fixture.c — the GUI tests' fixture and shared helpers (see the header). */
#include "chrono-gui-fixture.h"

#include <glib/gstdio.h>

const char *trace_path;
const char *artifact_dir;
const char *cli_path;
const char *corpus_dir;
const char *data_dir;
const char *generator_path;

void
chrono_gui_read_environment (void)
{
  trace_path = g_getenv ("CHRONO_TEST_TRACE");
  artifact_dir = g_getenv ("CHRONO_ARTIFACT_DIR");
  cli_path = g_getenv ("CHRONO_CLI");
  corpus_dir = g_getenv ("CHRONO_CORPUS");
  data_dir = g_getenv ("CHRONO_TEST_DATA");
  generator_path = g_getenv ("CHRONO_GEN_BTF");
  g_assert_nonnull (generator_path);
  g_assert_nonnull (data_dir);
  g_assert_nonnull (trace_path);
  g_assert_nonnull (artifact_dir);
  g_assert_nonnull (cli_path);
  g_assert_nonnull (corpus_dir);
  g_mkdir_with_parents (artifact_dir, 0755);
}

gboolean
wait_for_timeline (ChronoWindow *window)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (chrono_window_get_timeline (window) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  return chrono_window_get_timeline (window) != NULL;
}

/* Let GTK lay out and paint: a few frames' worth of main loop. */
void
settle (void)
{
  gint64 until = g_get_monotonic_time () + 150 * 1000;
  while (g_get_monotonic_time () < until)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
}

void
save_screenshot (GtkWidget *widget, const char *name)
{
  /* on a loaded machine a relayout can still be pending after settle(): let
   * the frame clock run until nothing is left to do */
  gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  while (g_main_context_pending (NULL) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  /* the frame clock may not have laid out a change yet (nothing pending while
   * its timer waits): lay it out now, drawing needs an allocation */
  GtkWidget *toplevel = gtk_widget_get_toplevel (widget);
  if (GTK_IS_CONTAINER (toplevel))
    gtk_container_check_resize (GTK_CONTAINER (toplevel));
  int width = gtk_widget_get_allocated_width (widget), height = gtk_widget_get_allocated_height (widget);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  gtk_widget_draw (widget, cr);
  cairo_destroy (cr);
  g_autofree char *path = g_build_filename (artifact_dir, name, NULL);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_test_message ("screenshot: %s", path);
}

ChronoWindow *
open_window (ChronoApplication *app, const char *path)
{
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  ChronoWindow *window = chrono_window_new (GTK_APPLICATION (app));
  g_autoptr (GFile) file = g_file_new_for_path (path);
  chrono_window_open (window, file);
  gtk_window_resize (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_for_timeline (window));
  settle ();
  return window;
}

void
send_button (GtkWidget *widget, GdkEventType type, guint button, double x, double y, guint state)
{
  GdkEvent *event = gdk_event_new (type);
  event->button.window = g_object_ref (gtk_widget_get_window (widget));
  event->button.button = button;
  event->button.x = x;
  event->button.y = y;
  event->button.state = state;
  gdk_event_set_device (event, gdk_seat_get_pointer (gdk_display_get_default_seat (gdk_display_get_default ())));
  gtk_widget_event (widget, event);
  gdk_event_free (event);
}

void
send_motion (GtkWidget *widget, double x, double y, guint state)
{
  GdkEvent *event = gdk_event_new (GDK_MOTION_NOTIFY);
  event->motion.window = g_object_ref (gtk_widget_get_window (widget));
  event->motion.x = x;
  event->motion.y = y;
  event->motion.state = state;
  gdk_event_set_device (event, gdk_seat_get_pointer (gdk_display_get_default_seat (gdk_display_get_default ())));
  gtk_widget_event (widget, event);
  gdk_event_free (event);
}

void
send_key (GtkWidget *widget, guint keyval)
{
  GdkEvent *event = gdk_event_new (GDK_KEY_PRESS);
  event->key.window = g_object_ref (gtk_widget_get_window (widget));
  event->key.keyval = keyval;
  gdk_event_set_device (event, gdk_seat_get_keyboard (gdk_display_get_default_seat (gdk_display_get_default ())));
  gtk_widget_event (widget, event);
  gdk_event_free (event);
}

ChronoLane *
find_lane (ChronoTrace *trace, const char *name, ChronoLaneKind kind)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      if (g_str_equal (chrono_lane_get_name (lane), name) && chrono_lane_get_kind (lane) == kind)
        return lane;
    }
  return NULL;
}

/* The first widget below widget (itself included) that match accepts, or NULL. */
GtkWidget *
find_widget (GtkWidget *widget, gboolean (*match) (GtkWidget *, gconstpointer), gconstpointer data)
{
  if (match (widget, data))
    return widget;
  if (!GTK_IS_CONTAINER (widget))
    return NULL;
  GList *children = gtk_container_get_children (GTK_CONTAINER (widget));
  GtkWidget *found = NULL;
  for (GList *l = children; l != NULL && found == NULL; l = l->next)
    found = find_widget (l->data, match, data);
  g_list_free (children);
  return found;
}

gboolean
button_labelled_with (GtkWidget *widget, gconstpointer text)
{
  const char *label = GTK_IS_BUTTON (widget) ? gtk_button_get_label (GTK_BUTTON (widget)) : NULL;
  return label != NULL && strstr (label, text) != NULL;
}

/* The first button below widget whose label contains text. */
GtkWidget *
find_button_with (GtkWidget *widget, const char *text)
{
  return find_widget (widget, button_labelled_with, text);
}

gboolean
same_file_contents (const char *a, const char *b)
{
  g_autofree char *da = NULL, *db = NULL;
  gsize la = 0, lb = 0;
  g_assert_true (g_file_get_contents (a, &da, &la, NULL));
  g_assert_true (g_file_get_contents (b, &db, &lb, NULL));
  return la == lb && memcmp (da, db, la) == 0;
}

/* The Trace Compass TA sample from the corpus, or NULL (the test skipped) when it is absent. */
ChronoWindow *
open_ta_sample (ChronoGuiFixture *f)
{
  g_autofree char *path = g_build_filename (corpus_dir, "btf", "tracecompass_ta-simulator_20140219-123819.btf", NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the corpus is not beside the project");
      return NULL;
    }
  return chrono_gui_open (f, path);
}

GtkTreeViewColumn *
column_titled (GtkTreeView *tree, const char *title)
{
  g_autoptr (GList) columns = gtk_tree_view_get_columns (tree);
  for (GList *l = columns; l != NULL; l = l->next)
    if (g_strcmp0 (gtk_tree_view_column_get_title (l->data), title) == 0)
      return l->data;
  g_error ("no column %s", title);
}

/* The visible toplevel of type shown over a window, or NULL. */
GtkWindow *
toplevel_over (ChronoWindow *window, GType type)
{
  GList *toplevels = gtk_window_list_toplevels ();
  GtkWindow *found = NULL;
  for (GList *l = toplevels; l != NULL && found == NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_window_get_transient_for (l->data) == GTK_WINDOW (window)
        && gtk_widget_get_visible (l->data))
      found = l->data;
  g_list_free (toplevels);
  return found;
}

/* Adds the trace at path to the window's and waits until it is shown. */
void
add_trace_and_wait (ChronoWindow *window, const char *path)
{
  guint before = chrono_window_get_n_traces (window);
  g_autoptr (GFile) added = g_file_new_for_path (path);
  chrono_window_add_trace (window, added);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (chrono_window_get_n_traces (window) == before && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (chrono_window_get_n_traces (window), ==, before + 1);
  settle ();
}

ChronoWindow *
open_two_traces (ChronoGuiFixture *f)
{
  ChronoWindow *window = chrono_gui_open (f, trace_path);
  g_autofree char *added_path = g_build_filename (data_dir, "etf", "beside_example.etf", NULL);
  add_trace_and_wait (window, added_path);
  return window;
}

gboolean
of_type (GtkWidget *widget, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

/* The first widget below widget of type, or NULL. */
GtkWidget *
find_widget_of_type (GtkWidget *widget, GType type)
{
  return find_widget (widget, of_type, GSIZE_TO_POINTER (type));
}

/* Every label below widget. */
void
collect_labels (GtkWidget *widget, GPtrArray *out)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (out, widget);
  if (!GTK_IS_CONTAINER (widget))
    return;
  GList *children = gtk_container_get_children (GTK_CONTAINER (widget));
  for (GList *l = children; l != NULL; l = l->next)
    collect_labels (l->data, out);
  g_list_free (children);
}

void
chrono_gui_fixture_set_up (ChronoGuiFixture *f, gconstpointer trace)
{
  f->app = chrono_application_new ();
  g_application_set_flags (G_APPLICATION (f->app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_true (g_application_register (G_APPLICATION (f->app), NULL, NULL));
  f->window = NULL;
  f->temp_dir = NULL;
  if (trace != NULL)
    chrono_gui_open (f, trace);
}

/* The window the test shows, destroyed after it unless the test destroys it
 * first (then it is forgotten). */
void
chrono_gui_keep (ChronoGuiFixture *f, ChronoWindow *window)
{
  f->window = window;
  g_signal_connect (window, "destroy", G_CALLBACK (gtk_widget_destroyed), &f->window);
}

/* A window on the trace at path, laid out and painted (open_window), kept for teardown. */
ChronoWindow *
chrono_gui_open (ChronoGuiFixture *f, const char *path)
{
  ChronoWindow *window = open_window (f->app, path);
  chrono_gui_keep (f, window);
  return window;
}

const char *
chrono_gui_temp_dir (ChronoGuiFixture *f)
{
  if (f->temp_dir == NULL)
    f->temp_dir = g_dir_make_tmp ("chrono-gui-XXXXXX", NULL);
  g_assert_nonnull (f->temp_dir);
  return f->temp_dir;
}

char *
chrono_gui_generate_otf2 (ChronoGuiFixture *f, const char *name, const char *events)
{
  const char *generator = g_getenv ("CHRONO_GEN_OTF2");
  if (generator == NULL || *generator == '\0')
    {
      g_test_skip ("built without the OTF2 generator");
      return NULL;
    }
  char *anchor = g_build_filename (chrono_gui_temp_dir (f), name, NULL);
  const char *argv[] = { generator, "-o", anchor, "--seed", "7", "--mpi", "--events", events, NULL };
  int status;
  g_assert_true (
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return anchor;
}

/* A file, or a folder with all it holds (an OTF2 run is a folder of files). */
static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_file_test (path, G_FILE_TEST_IS_DIR) ? g_dir_open (path, 0, NULL) : NULL;
  for (const char *name; dir != NULL && (name = g_dir_read_name (dir)) != NULL;)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      remove_tree (child);
    }
  g_remove (path);
}

static void
remove_temp_dir (ChronoGuiFixture *f)
{
  if (f->temp_dir != NULL)
    remove_tree (f->temp_dir);
  g_clear_pointer (&f->temp_dir, g_free);
}

void
chrono_gui_fixture_tear_down (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer trace)
{
  if (f->window != NULL)
    {
      gtk_widget_destroy (GTK_WIDGET (f->window));
      settle ();
    }
  g_clear_object (&f->app);
  remove_temp_dir (f);
}

void
compare_with_and_wait (ChronoWindow *window, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  chrono_window_compare_with (window, file);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (chrono_window_get_compare_view (window) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  settle ();
}
