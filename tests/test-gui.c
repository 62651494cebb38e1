/* The viewer under Xvfb: open a trace in a window, drive the window's zoom
 * and pan actions, and save a screenshot as a test artifact.  Runs with
 * G_DEBUG=fatal-criticals so any GTK critical fails it. */
#include <gtk/gtk.h>

#include "chrono-application.h"
#include "chrono-timeline-view.h"
#include "chrono-window.h"

static const char *trace_path;
static const char *artifact_dir;

static gboolean
wait_for_timeline (ChronoWindow *window)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (chrono_window_get_timeline (window) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  return chrono_window_get_timeline (window) != NULL;
}

static void
settle (void)
{
  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
save_screenshot (GtkWidget *widget, const char *name)
{
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

static void
test_open_zoom_pan (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  ChronoWindow *window = chrono_window_new (GTK_APPLICATION (app));
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

static void
test_bad_file_shows_error (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  ChronoWindow *window = chrono_window_new (GTK_APPLICATION (app));
  g_autoptr (GFile) file = g_file_new_for_path ("/nonexistent/trace.btf");
  chrono_window_open (window, file);
  gtk_window_present (GTK_WINDOW (window));
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (chrono_window_get_timeline (window));
  save_screenshot (GTK_WIDGET (window), "gui-error.png");
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  trace_path = g_getenv ("CHRONO_TEST_TRACE");
  artifact_dir = g_getenv ("CHRONO_ARTIFACT_DIR");
  g_assert_nonnull (trace_path);
  g_assert_nonnull (artifact_dir);
  g_mkdir_with_parents (artifact_dir, 0755);
  g_test_add_func ("/gui/open-zoom-pan", test_open_zoom_pan);
  g_test_add_func ("/gui/bad-file-shows-error", test_bad_file_shows_error);
  return g_test_run ();
}
