/* The viewer under Xvfb: open a trace in a window, drive the window's zoom
 * and pan actions, and save a screenshot as a test artifact.  Runs with
 * G_DEBUG=fatal-criticals so any GTK critical fails it. */
#include <gtk/gtk.h>

#include <glib/gstdio.h>
#include <stdio.h>
#include <math.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

#include "chrono-application.h"
#include "chrono-bookmarks-view.h"
#include "chrono-core-load.h"
#include "chrono-export-dialog.h"
#include "chrono-find.h"
#include "chrono-inspector.h"
#include "chrono-instance-life.h"
#include "chrono-loader.h"
#include "chrono-arrows-dialog.h"
#include "chrono-metrics-view.h"
#include "chrono-name-colours.h"
#include "chrono-palette.h"
#include "chrono-profile-view.h"
#include "chrono-range-stats.h"
#include "chrono-range-view.h"
#include "chrono-requirements-view.h"
#include "chrono-timeline-view.h"
#include "chrono-welcome.h"
#include "chrono-window.h"
#include "chrono-loader.h"

static const char *trace_path;
static const char *artifact_dir;
static const char *cli_path;
static const char *corpus_dir;
static const char *data_dir;
static const char *generator_path;

static gboolean
wait_for_timeline (ChronoWindow *window)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (chrono_window_get_timeline (window) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  return chrono_window_get_timeline (window) != NULL;
}

/* Let GTK lay out and paint: a few frames' worth of main loop. */
static void
settle (void)
{
  gint64 until = g_get_monotonic_time () + 150 * 1000;
  while (g_get_monotonic_time () < until)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
}

static void
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

static ChronoWindow *
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

static void
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

static void
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

static void
send_key (GtkWidget *widget, guint keyval)
{
  GdkEvent *event = gdk_event_new (GDK_KEY_PRESS);
  event->key.window = g_object_ref (gtk_widget_get_window (widget));
  event->key.keyval = keyval;
  gdk_event_set_device (event, gdk_seat_get_keyboard (gdk_display_get_default_seat (gdk_display_get_default ())));
  gtk_widget_event (widget, event);
  gdk_event_free (event);
}

static GtkTreeViewColumn *column_titled (GtkTreeView *tree, const char *title);

static ChronoLane *
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

/* Shift+drag selects a time range and zooms to it; a click selects; 1 and 2 set markers. */
static void
test_mouse_and_keys (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* The first widget below widget (itself included) that match accepts, or NULL. */
static GtkWidget *
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

static gboolean
button_labelled_with (GtkWidget *widget, gconstpointer text)
{
  const char *label = GTK_IS_BUTTON (widget) ? gtk_button_get_label (GTK_BUTTON (widget)) : NULL;
  return label != NULL && strstr (label, text) != NULL;
}

/* The first button below widget whose label contains text. */
static GtkWidget *
find_button_with (GtkWidget *widget, const char *text)
{
  return find_widget (widget, button_labelled_with, text);
}

static gboolean
same_file_contents (const char *a, const char *b)
{
  g_autofree char *da = NULL, *db = NULL;
  gsize la = 0, lb = 0;
  g_assert_true (g_file_get_contents (a, &da, &la, NULL));
  g_assert_true (g_file_get_contents (b, &db, &lb, NULL));
  return la == lb && memcmp (da, db, la) == 0;
}

/* The window's export equals chronoscope-cli export for the same range and size. */
static void
test_export_matches_cli (void)
{
  /* the trace is only read: its bytes and its modification time stay */
  g_autofree char *before = NULL;
  gsize before_length = 0;
  g_assert_true (g_file_get_contents (trace_path, &before, &before_length, NULL));
  GStatBuf st;
  g_assert_cmpint (g_stat (trace_path, &st), ==, 0);
  struct timespec mtime = st.st_mtim;

  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
  ChronoTimelineView *view = CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window));
  ChronoViewport *viewport = chrono_timeline_view_get_viewport (view);
  gint64 begin = chrono_viewport_get_trace_begin (viewport);
  chrono_viewport_zoom_to (viewport, begin + 2000000, begin + 6000000); /* 2ms..6ms */
  ChronoExportChoice choice = { FALSE, 1000, 0 };
  /* The trace's name in the corner, from the window as from the CLI's --name */
  {
    g_autofree char *gui = g_build_filename (artifact_dir, "gui-export-named.png", NULL);
    g_autofree char *cli = g_build_filename (artifact_dir, "cli-export-named.png", NULL);
    g_autofree char *plain = g_build_filename (artifact_dir, "gui-export-unnamed.png", NULL);
    ChronoExportChoice named = choice;
    named.with_name = TRUE;
    g_assert_true (chrono_export_view (view, &named, gui, NULL));
    g_assert_true (chrono_export_view (view, &choice, plain, NULL));
    /* --force: the artifacts of an earlier run are replaced */
    const char *argv[] = { cli_path,   "export", trace_path, "-o",     cli,       "--range",
                           "2ms..6ms", "--size", "1000x0",   "--name", "--force", NULL };
    int status = 0;
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, NULL));
    g_assert_cmpint (status, ==, 0);
    g_assert_true (same_file_contents (gui, cli));
    g_assert_false (same_file_contents (gui, plain));
  }
  const char *formats[] = { "png", "svg", "pdf" };
  for (gsize i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *name = g_strdup_printf ("gui-export.%s", formats[i]);
      g_autofree char *gui = g_build_filename (artifact_dir, name, NULL);
      g_autofree char *cli_name = g_strdup_printf ("cli-export.%s", formats[i]);
      g_autofree char *cli = g_build_filename (artifact_dir, cli_name, NULL);
      g_autoptr (GError) error = NULL;
      g_assert_true (chrono_export_view (view, &choice, gui, &error));
      g_assert_no_error (error);
      const char *argv[] = { cli_path,   "export", trace_path, "-o",      cli, "--range",
                             "2ms..6ms", "--size", "1000x0",   "--force", NULL };
      int status = 0;
      g_assert_true (
          g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_cmpint (status, ==, 0);
      if (i == 0) /* PNG is deterministic byte for byte; SVG and PDF carry ids and dates */
        g_assert_true (same_file_contents (gui, cli));
      else
        {
          g_autofree char *contents = NULL;
          g_assert_true (g_file_get_contents (gui, &contents, NULL, NULL));
          g_assert_true (g_str_has_prefix (contents, i == 1 ? "<?xml" : "%PDF"));
        }
    }
  /* The style is the dialog's choice, and markers can come along */
  chrono_viewport_set_marker (viewport, CHRONO_MARKER_A, begin + 3000000);
  ChronoExportChoice styled = { FALSE, 1000, 0, TRUE, FALSE, TRUE };
  g_autofree char *dark_path = g_build_filename (artifact_dir, "gui-export-dark.png", NULL);
  g_assert_true (chrono_export_view (view, &styled, dark_path, NULL));
  styled.with_overlays = TRUE;
  g_autofree char *marked_path = g_build_filename (artifact_dir, "gui-export-marked.png", NULL);
  g_assert_true (chrono_export_view (view, &styled, marked_path, NULL));
  cairo_surface_t *dark = cairo_image_surface_create_from_png (dark_path);
  cairo_surface_t *marked = cairo_image_surface_create_from_png (marked_path);
  const guint32 *dark_pixels = (const guint32 *) cairo_image_surface_get_data (dark);
  const ChronoRgb *dark_background = &chrono_palette_get (TRUE)->chrome;
  guint32 corner = dark_pixels[2]; /* the ruler's corner, chrome coloured */
  g_assert_cmpint ((corner >> 16) & 0xff, ==, (int) lround (dark_background->red * 255));
  /* the marker's line crosses the picture at 3 ms: 1000 px for 4 ms after a 200 px name column */
  int stride = cairo_image_surface_get_stride (dark) / 4, y = cairo_image_surface_get_height (dark) / 2;
  int x = 200 + 800 / 4;
  gboolean differs = FALSE;
  for (int dx = -2; dx <= 2; dx++)
    differs |= dark_pixels[y * stride + x + dx]
               != ((const guint32 *) cairo_image_surface_get_data (marked))[y * stride + x + dx];
  g_assert_true (differs);
  cairo_surface_destroy (dark);
  cairo_surface_destroy (marked);

  /* a picture is never written over the trace shown, whatever it is named */
  g_autoptr (GError) refused = NULL;
  ChronoExportChoice whole = { TRUE, 400, 0 };
  g_assert_false (chrono_export_view (view, &whole, trace_path, &refused));
  g_assert_nonnull (refused);
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
  g_autofree char *after = NULL;
  gsize after_length = 0;
  g_assert_true (g_file_get_contents (trace_path, &after, &after_length, NULL));
  g_assert_true (after_length == before_length && memcmp (before, after, before_length) == 0);
  g_assert_cmpint (g_stat (trace_path, &st), ==, 0);
  g_assert_true (st.st_mtim.tv_sec == mtime.tv_sec && st.st_mtim.tv_nsec == mtime.tv_nsec);
}

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
static void
test_trace_claims (void)
{
  g_autofree char *path = g_build_filename (data_dir, "etf", "records.etf", NULL);
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* The Trace Compass TA sample from the corpus, or NULL (the test skipped) when it is absent. */
static ChronoWindow *
open_ta_sample (ChronoApplication *app)
{
  g_autofree char *path = g_build_filename (corpus_dir, "btf", "tracecompass_ta-simulator_20140219-123819.btf", NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the corpus is not beside the project");
      return NULL;
    }
  return open_window (app, path);
}

/* The walk a new user takes: open the Trace Compass sample, find a
 * preemption of TASK_InputProcessing, see who preempted it and for how long,
 * put markers around it and read Δt, export that view to SVG. */
static void
test_preemption_walkthrough (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_ta_sample (app);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
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
static void
test_lazy_big_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("chrono-gui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.btf", NULL);
  const char *argv[] = { generator_path, "--events", "1400000", "--cores", "4", "--tasks", "12", "-o", path, NULL };
  int status;
  g_assert_true (
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  g_autoptr (ChronoApplication) app = chrono_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  ChronoWindow *window = chrono_window_new (GTK_APPLICATION (app));
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
static void
test_view_file_survives_apply (void)
{
  g_autofree char *path = g_build_filename (data_dir, "etf", "grouped.etf", NULL);
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
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
static void
test_colour_by_offers_name_once (void)
{
  g_autofree char *path = g_build_filename (data_dir, "etf", "grouped.etf", NULL);
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* The name column's edge drags, and the width is remembered. */
static void
test_name_column_resizes (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* Ctrl+G leaves the markers (it replaced A, making Δt negative);
 * the status bar's cursor time follows a view moved under a still pointer. */
static void
test_go_to_and_cursor (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
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
static void
test_warnings_go_to_time (void)
{
  g_autofree char *path = g_build_filename (data_dir, "otf2", "tasks.otf2", NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS) || chrono_loaders_find_by_name ("otf2") == NULL)
    {
      g_test_skip ("no OTF2 support");
      return;
    }
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* A Laplace run: a drag on a density lane's address axis shows those
 * addresses only; a double click there shows them all again. */
static void
test_density_axis_drag (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  g_autofree char *path = g_build_filename (data_dir, "laplace", "run.ref.txt", NULL);
  ChronoWindow *window = open_window (app, path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* A Laplace run: the options menu applied with the byte order left at
 * "(detected)" and a clock frequency typed reads the trace again (it failed
 * on the byte order's empty value). */
static void
test_laplace_options_apply (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  g_autofree char *path = g_build_filename (data_dir, "laplace", "run.ref.txt", NULL);
  ChronoWindow *window = open_window (app, path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
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
static void
test_laplace_reference_tooltip (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  g_autofree char *path = g_build_filename (data_dir, "laplace", "run.ref.txt", NULL);
  ChronoWindow *window = open_window (app, path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* A TRACE run added to the BTF example: both known by wall clock, so the
 * TRACE's first claim (5 ms after the BTF was created) sits 5 ms after the
 * BTF's zero on the ruler; its heading drags it along; the inspector gives
 * its claims' times on both clocks. */
static void
test_add_trace (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
  g_autofree char *added_path = g_build_filename (data_dir, "etf", "beside_example.etf", NULL);
  g_autoptr (GFile) added = g_file_new_for_path (added_path);
  chrono_window_add_trace (window, added);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (chrono_window_get_trace_count (window) < 2 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (chrono_window_get_trace_count (window), ==, 2);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
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
static void
test_metrics_panel (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* Pixels of the path's colour in the timeline as it is drawn now. */
/* A signal lane says its value under the pointer, and a click on it shows
 * the sample in the inspector (an OTF2 metric: node power, held per sample). */
static void
test_signal_sample (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  g_autofree char *path = g_build_filename (data_dir, "otf2", "mpi_metrics.otf2", NULL);
  ChronoWindow *window = open_window (app, path);
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

static void
remember_sample_lane (ChronoTimelineView *view, ChronoTrace *trace, ChronoLane *lane, guint index, guint member,
                      ChronoLane **out)
{
  *out = lane;
}

/* Read lazily, a counter's lane switches as a whole read's does: a click on
 * a sample of a decoded window offers the other reading, and switching it
 * renames the lane and redraws every decoded window in that reading. */
static void
test_lazy_counter_reading (void)
{
  g_autofree char *path = g_build_filename (data_dir, "otf2", "mpi_metrics.otf2", NULL);
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", "always");
  g_hash_table_insert (options, "chunk-size", "2048");
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = chrono_load_file_with_options (path, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
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
static void
test_arrows_dialog (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  g_autofree char *path = g_build_filename (data_dir, "otf2", "mpi_metrics.otf2", NULL);
  ChronoWindow *window = open_window (app, path);
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
static void
test_follow_message_chain (void)
{
  g_autofree char *path = g_build_filename (data_dir, "otf2", "sends_inside.otf2", NULL);
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
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
static void
test_requirements_page (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  g_autofree char *trace = g_build_filename (data_dir, "btf", "chains.btf", NULL);
  g_autofree char *requirements = g_build_filename (data_dir, "btf", "chains.req", NULL);
  ChronoWindow *window = open_window (app, trace);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* Core load lanes from the menu's function: a lane per core and one for all,
 * shown in the layout, redone at another width, refused for a bad width. */
static void
test_core_load_lanes (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* The export dialog's format follows an extension typed into the name. */
static void
test_export_format_follows_name (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
  GtkWidget *dialog =
      chrono_export_dialog_show (GTK_WINDOW (window), CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window)),
                                 chrono_window_get_export_choice (window));
  settle ();
  g_assert_cmpint (chrono_export_dialog_get_format (dialog), ==, 0);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "timeline.svg");
  g_assert_cmpint (chrono_export_dialog_get_format (dialog), ==, 1);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "timeline.PDF");
  g_assert_cmpint (chrono_export_dialog_get_format (dialog), ==, 2);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "timeline.txt");
  g_assert_cmpint (chrono_export_dialog_get_format (dialog), ==, 2);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
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

static GtkTreeViewColumn *
column_titled (GtkTreeView *tree, const char *title)
{
  g_autoptr (GList) columns = gtk_tree_view_get_columns (tree);
  for (GList *l = columns; l != NULL; l = l->next)
    if (g_strcmp0 (gtk_tree_view_column_get_title (l->data), title) == 0)
      return l->data;
  g_error ("no column %s", title);
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
static void
test_range_page (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* Ctrl+F finds items, shows the lanes that have them, and
 * Enter / Shift+Enter walk the matches in time order. */
static void
test_find_anything (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* On the FreeRTOS 16-core trace (corpus): CS [0019]'s
 * preemptions name the tasks that took its core, none "an unknown process". */
static void
test_freertos_preempters (void)
{
  g_autofree char *path = g_build_filename (corpus_dir, "btf", "freertos_example-16cores_LARGE.btf.gz", NULL);
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("the FreeRTOS 16-core trace is not in the corpus");
      return;
    }
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* "," walks from a claim to the event it waited on, "." back;
 * the upstream chain is drawn as a path while walking. */
static void
test_follow_chain (void)
{
  g_autofree char *path = g_build_filename (data_dir, "etf", "event_groups.etf", NULL);
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* On the TA sample: from a runnable's call "," goes to its task
 * instance, then to the stimulus that activated it (TIMER-A_2ms). */
static void
test_follow_activation_chain (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_ta_sample (app);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
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
static void
test_saved_view (void)
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

  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_copy);
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
  window = open_window (app, trace_copy);
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
  window = open_window (app, trace_copy);
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

/* The visible toplevel of type shown over a window, or NULL. */
static GtkWindow *
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

/* The message dialog a window shows over itself, or NULL. */
static GtkDialog *
dialog_over (ChronoWindow *window)
{
  return (GtkDialog *) toplevel_over (window, GTK_TYPE_MESSAGE_DIALOG);
}

/* Closing a window with bookmarks or notes not saved asks first: Cancel
 * keeps it, Save writes the view and closes, Close Without Saving closes. */
static void
test_unsaved_notes_on_close (void)
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

/* Adds the trace at path to the window's and waits until it is shown. */
static void
add_trace_and_wait (ChronoWindow *window, const char *path)
{
  int before = chrono_window_get_trace_count (window);
  g_autoptr (GFile) added = g_file_new_for_path (path);
  chrono_window_add_trace (window, added);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (chrono_window_get_trace_count (window) == before && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (chrono_window_get_trace_count (window), ==, before + 1);
  settle ();
}

static ChronoWindow *
open_two_traces (ChronoApplication *app)
{
  ChronoWindow *window = open_window (app, trace_path);
  g_autofree char *added_path = g_build_filename (data_dir, "etf", "beside_example.etf", NULL);
  add_trace_and_wait (window, added_path);
  return window;
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
static void
test_lane_menu_hide_lane (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* Show All Lanes brings back the hidden lanes of every trace on show. */
static void
test_lane_menu_show_all (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_two_traces (app);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* Collapse All and Expand All fold and unfold the lanes of every trace on show. */
static void
test_lane_menu_collapse_expand (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_two_traces (app);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* The Move Trace dialog over a window (a dialog with an entry), or NULL. */
static GtkDialog *
move_dialog_over (ChronoWindow *window)
{
  GtkWindow *dialog = toplevel_over (window, GTK_TYPE_DIALOG);
  return dialog != NULL && g_object_get_data (G_OBJECT (dialog), "entry") != NULL ? GTK_DIALOG (dialog) : NULL;
}

/* Move This Trace… on an added trace's lane asks for a shift and moves that trace by it. */
static void
test_lane_menu_move_trace (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_two_traces (app);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* A Shift+drag begun on the timeline's first pixels zooms: the name column's edge grabs from its own side. */
static void
test_shift_drag_beside_names_zooms (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* The tests run with a home and XDG folders of their own in the build tree: what they open goes to their
 * recently-used list, never to the user's. */
static void
test_own_user_dirs (void)
{
  g_autofree char *build_root = g_path_get_dirname (artifact_dir);
  g_autofree char *prefix = g_build_filename (build_root, "tests", "home", NULL);
  const char *dirs[] = { g_get_home_dir (), g_get_user_data_dir (), g_get_user_config_dir (), g_get_user_cache_dir () };
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_test_message ("user folder: %s", dirs[i]);
      g_assert_true (g_str_has_prefix (dirs[i], prefix));
    }
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

static gboolean
of_type (GtkWidget *widget, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

/* The first widget below widget of type, or NULL. */
static GtkWidget *
find_widget_of_type (GtkWidget *widget, GType type)
{
  return find_widget (widget, of_type, GSIZE_TO_POINTER (type));
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

/* Every label below widget. */
static void
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
empty_window (ChronoApplication *app)
{
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  ChronoWindow *window = chrono_window_new (GTK_APPLICATION (app));
  gtk_window_resize (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  settle ();
  return window;
}

/* With no trace the window offers Open, the traces opened lately, the formats it reads and the example it
 * comes with; zoom and export are greyed until a trace is shown. */
static void
test_first_start (void)
{
  g_autofree char *recent_path = g_build_filename (data_dir, "btf", "spec_example.btf", NULL);
  g_autofree char *recent_uri = g_filename_to_uri (recent_path, NULL, NULL);
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  g_assert_true (gtk_recent_manager_add_item (manager, recent_uri));
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!gtk_recent_manager_has_item (manager, recent_uri) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = empty_window (app);
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
  window = empty_window (app);
  welcome = find_widget_of_type (GTK_WIDGET (window), CHRONO_TYPE_WELCOME);
  gtk_button_clicked (GTK_BUTTON (find_button_with (welcome, "spec_example.btf")));
  g_assert_true (wait_for_timeline (window));
  trace = chrono_timeline_view_get_trace (CHRONO_TIMELINE_VIEW (chrono_window_get_timeline (window)));
  g_assert_cmpstr (chrono_trace_get_path (trace), ==, recent_path);
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* Check Requirements… opens in the folder of the trace on show, where its requirements usually are. */
static void
test_requirements_chooser_folder (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* A trace moved before the first one's start (or after its end) stays in reach: Fit, Home and End show it. */
static void
test_moved_trace_in_reach (void)
{
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_two_traces (app);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* Two traces whose files share a name are told apart by their folders; the subtitle counts both. */
static void
test_same_named_traces (void)
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

  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, a);
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
static void
test_legend_names_agents_of_every_trace (void)
{
  g_autofree char *first = g_build_filename (data_dir, "visandor", "and_doc_example.vt", NULL);
  g_autofree char *second = g_build_filename (data_dir, "visandor", "hex_ids.vt", NULL);
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, first);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* Until the user drags it, the name column is as wide as the trace's names need (the example's
 * runnables' names were cut at 200 px); a double click on its edge fits it again. */
static void
test_name_column_fits_names (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.chronoscope.Chronoscope");
  g_settings_reset (settings, "label-width");
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, trace_path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* The Profile's name column can be narrowed or widened (no column expands) and each row's tooltip has the
 * full name, which the column may shorten. */
static void
test_profile_names (void)
{
  g_autofree char *path = g_build_filename (data_dir, "otf2", "plain.otf2", NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("built without OTF2 fixtures");
      return;
    }
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, path);
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
  gtk_widget_destroy (GTK_WIDGET (window));
  settle ();
}

/* Every line of the inspector shows whole: it wraps, or, shortened to its column, has a tooltip. */
static void
test_inspector_lines_fit (void)
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
  g_autoptr (ChronoApplication) app = chrono_application_new ();
  ChronoWindow *window = open_window (app, path);
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

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
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
  g_test_add_func ("/gui/open-zoom-pan", test_open_zoom_pan);
  g_test_add_func ("/gui/bad-file-shows-error", test_bad_file_shows_error);
  g_test_add_func ("/gui/mouse-and-keys", test_mouse_and_keys);
  g_test_add_func ("/gui/export-matches-cli", test_export_matches_cli);
  g_test_add_func ("/gui/preemption-walkthrough", test_preemption_walkthrough);
  g_test_add_func ("/gui/trace-claims", test_trace_claims);
  g_test_add_func ("/gui/lazy-big-file", test_lazy_big_file);
  g_test_add_func ("/gui/density-axis-drag", test_density_axis_drag);
  g_test_add_func ("/gui/laplace-options-apply", test_laplace_options_apply);
  g_test_add_func ("/gui/laplace-reference-tooltip", test_laplace_reference_tooltip);
  g_test_add_func ("/gui/add-trace", test_add_trace);
  g_test_add_func ("/gui/go-to-and-cursor", test_go_to_and_cursor);
  g_test_add_func ("/gui/warnings-go-to-time", test_warnings_go_to_time);
  g_test_add_func ("/gui/name-column-resizes", test_name_column_resizes);
  g_test_add_func ("/gui/view-file-survives-apply", test_view_file_survives_apply);
  g_test_add_func ("/gui/metrics-panel", test_metrics_panel);
  g_test_add_func ("/gui/signal-sample", test_signal_sample);
  g_test_add_func ("/gui/lazy-counter-reading", test_lazy_counter_reading);
  g_test_add_func ("/gui/arrows-dialog", test_arrows_dialog);
  g_test_add_func ("/gui/follow-message-chain", test_follow_message_chain);
  g_test_add_func ("/gui/requirements-page", test_requirements_page);
  g_test_add_func ("/gui/core-load-lanes", test_core_load_lanes);
  g_test_add_func ("/gui/export-format-follows-name", test_export_format_follows_name);
  g_test_add_func ("/gui/colour-by-offers-name-once", test_colour_by_offers_name_once);
  g_test_add_func ("/gui/range-page", test_range_page);
  g_test_add_func ("/gui/find-anything", test_find_anything);
  g_test_add_func ("/gui/freertos-preempters", test_freertos_preempters);
  g_test_add_func ("/gui/follow-chain", test_follow_chain);
  g_test_add_func ("/gui/unsaved-notes-on-close", test_unsaved_notes_on_close);
  g_test_add_func ("/gui/follow-activation-chain", test_follow_activation_chain);
  g_test_add_func ("/gui/saved-view", test_saved_view);
  g_test_add_func ("/gui/lane-menu-hide-lane", test_lane_menu_hide_lane);
  g_test_add_func ("/gui/lane-menu-show-all", test_lane_menu_show_all);
  g_test_add_func ("/gui/lane-menu-collapse-expand", test_lane_menu_collapse_expand);
  g_test_add_func ("/gui/lane-menu-move-trace", test_lane_menu_move_trace);
  g_test_add_func ("/gui/shift-drag-beside-names-zooms", test_shift_drag_beside_names_zooms);
  g_test_add_func ("/gui/own-user-dirs", test_own_user_dirs);
  g_test_add_func ("/gui/first-start", test_first_start);
  g_test_add_func ("/gui/requirements-chooser-folder", test_requirements_chooser_folder);
  g_test_add_func ("/gui/moved-trace-in-reach", test_moved_trace_in_reach);
  g_test_add_func ("/gui/same-named-traces", test_same_named_traces);
  g_test_add_func ("/gui/legend-names-agents-of-every-trace", test_legend_names_agents_of_every_trace);
  g_test_add_func ("/gui/name-column-fits-names", test_name_column_fits_names);
  g_test_add_func ("/gui/profile-names", test_profile_names);
  g_test_add_func ("/gui/inspector-lines-fit", test_inspector_lines_fit);
  return g_test_run ();
}
