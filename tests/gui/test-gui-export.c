/* Export from the viewer: the picture the CLI draws, byte for byte, and the
 * format following the name typed. */
#include "chrono-gui-fixture.h"
#include "chrono-gui-tests.h"

/* The window's export equals chronoscope-cli export for the same range and size. */
void
test_export_matches_cli (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  /* the trace is only read: its bytes and its modification time stay */
  g_autofree char *before = NULL;
  gsize before_length = 0;
  g_assert_true (g_file_get_contents (trace_path, &before, &before_length, NULL));
  GStatBuf st;
  g_assert_cmpint (g_stat (trace_path, &st), ==, 0);
  struct timespec mtime = st.st_mtim;

  ChronoWindow *window = chrono_gui_open (f, trace_path);
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

/* The export dialog's format follows an extension typed into the name. */
void
test_export_format_follows_name (ChronoGuiFixture *f, G_GNUC_UNUSED gconstpointer data)
{
  ChronoWindow *window = f->window;
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
}
