/* frame-time — loads a trace once, then times frames of the renderer at a
 * given size: the whole trace (zoomed out) and a window of 1/1000 of it at
 * POSITION (0 to 1, the middle by default; zoomed in).  Prints
 * "zoomed_out_ms zoomed_in_ms decode_ms", the frames each the median of a
 * few, decode_ms the time to decode the zoomed-in window's chunks once (0
 * for a trace read whole).  Used by the benchmark table.
 * Big files are read lazily, as the viewer reads them. */
#include <stdio.h>
#include <stdlib.h>

#include "chrono-layout.h"
#include "chrono-loader.h"
#include "chrono-renderer.h"

#define FRAMES 5

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median_frame_ms (ChronoRenderer *renderer, const ChronoRenderOptions *o)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, o->width, o->height);
  double times[FRAMES];
  for (int i = 0; i < FRAMES; i++)
    {
      cairo_t *cr = cairo_create (surface);
      gint64 start = g_get_monotonic_time ();
      chrono_renderer_draw (renderer, cr, o);
      cairo_surface_flush (surface);
      times[i] = (g_get_monotonic_time () - start) / 1000.0;
      cairo_destroy (cr);
    }
  cairo_surface_destroy (surface);
  qsort (times, FRAMES, sizeof times[0], compare_doubles);
  return times[FRAMES / 2];
}

int
main (int argc, char **argv)
{
  if (argc != 4 && argc != 5)
    {
      fprintf (stderr, "usage: frame-time TRACE WIDTH HEIGHT [POSITION]\n");
      return 2;
    }
  GError *error = NULL;
  ChronoTrace *trace = chrono_load_file (argv[1], NULL, NULL, NULL, &error);
  if (trace == NULL)
    {
      fprintf (stderr, "frame-time: %s\n", error->message);
      return 1;
    }
  ChronoLayout *layout = chrono_layout_new (trace);
  ChronoRenderer *renderer = chrono_renderer_new (trace, layout);
  ChronoRenderOptions o;
  chrono_render_options_init (&o, trace, atoi (argv[2]), atoi (argv[3]));
  double out = median_frame_ms (renderer, &o);
  double position = argc == 5 ? CLAMP (g_ascii_strtod (argv[4], NULL), 0.0, 1.0) : 0.5;
  gint64 span = o.end - o.begin, middle = o.begin + (gint64) (position * (double) span);
  o.begin = MAX (middle - MAX (span / 2000, 1), o.begin);
  o.end = MIN (o.begin + 2 * MAX (span / 2000, 1), o.end);
  /* a lazily read trace draws the zoomed-in frame from decoded chunks, as
   * the viewer does once they arrive; decoding is not part of the frame */
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  gint64 decode_start = g_get_monotonic_time ();
  for (guint k = chrono_trace_find_chunk (trace, o.begin); cache && k <= chrono_trace_find_chunk (trace, o.end); k++)
    if (chrono_chunk_cache_decode (cache, k, &error) == NULL)
      {
        fprintf (stderr, "frame-time: %s\n", error->message);
        return 1;
      }
  double decode = (g_get_monotonic_time () - decode_start) / 1000.0;
  double in = median_frame_ms (renderer, &o);
  printf ("%.2f %.2f %.1f\n", out, in, decode);
  g_object_unref (renderer);
  g_object_unref (layout);
  g_object_unref (trace);
  return 0;
}
