/* chronoscope-thumbnailer — the file manager's preview of a trace: the
 * whole trace drawn by the same renderer as the viewer, without names,
 * ruler or legend, so the picture is all timeline.
 *
 *   chronoscope-thumbnailer -s SIZE INPUT OUTPUT.png
 */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>

#include "chrono-layout.h"
#include "chrono-loader.h"
#include "chrono-renderer.h"

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  chrono_loaders_tune_allocator ();
  int size = 256;
  GOptionEntry entries[] = {
    { "size", 's', 0, G_OPTION_ARG_INT, &size, N_ ("Largest side of the thumbnail in pixels"), N_ ("SIZE") },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("INPUT OUTPUT.png — a thumbnail of a trace"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 3 || size < 16 || size > 4096)
    {
      g_printerr ("chronoscope-thumbnailer: %s\n",
                  error ? error->message : _ ("usage: chronoscope-thumbnailer -s SIZE INPUT OUTPUT.png"));
      return 2;
    }
  /* thumbnailers are handed URIs or paths */
  g_autoptr (GFile) input = g_file_new_for_commandline_arg (argv[1]);
  g_autofree char *path = g_file_get_path (input);
  if (path == NULL)
    {
      g_printerr ("chronoscope-thumbnailer: %s: %s\n", argv[1], _ ("only local files have thumbnails"));
      return 1;
    }
  g_autoptr (ChronoTrace) trace = chrono_load_file (path, NULL, NULL, NULL, &error);
  if (trace == NULL)
    {
      g_printerr ("chronoscope-thumbnailer: %s\n", error->message);
      return 1;
    }
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  /* every lane, squeezed into a 4:3 picture: the shape of the trace, not its detail */
  int width = size, height = size * 3 / 4;
  double lanes_height = MAX (chrono_layout_get_total_height (layout), 1.0);
  ChronoRenderOptions options;
  chrono_render_options_init (&options, trace, width, (int) ceil (lanes_height));
  options.label_width = 0;
  options.ruler_height = 0;
  options.legend_height = 0;
  options.plain = TRUE;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  cairo_scale (cr, 1.0, (double) height / options.height);
  chrono_renderer_draw (renderer, cr, &options);
  cairo_destroy (cr);
  cairo_status_t status = cairo_surface_write_to_png (surface, argv[2]);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_printerr ("chronoscope-thumbnailer: %s: %s\n", argv[2], cairo_status_to_string (status));
      return 1;
    }
  return 0;
}
