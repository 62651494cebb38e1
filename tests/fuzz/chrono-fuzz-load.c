/* chrono-fuzz-load.c — a libFuzzer target per format (FUZZ_SUFFIX names
 * the file the bytes become; the registry still sniffs them by content).
 *
 * Each input is loaded whole and lazily in chunks of a few hundred bytes;
 * every chunk is decoded, the analyses and the dump run on both readings
 * and a small frame of each is drawn: every layer a hostile file reaches.
 * Built against libFuzzer with -Dfuzzing=true (clang), and against
 * chrono-fuzz-replay.c everywhere else, so the suite replays the corpus. */
#include <cairo.h>
#include <glib/gstdio.h>
#include <stdint.h>
#include <unistd.h>

#include "chrono-critical-path.h"
#include "chrono-dump.h"
#include "chrono-entity-stats.h"
#include "chrono-layout.h"
#include "chrono-loader.h"
#include "chrono-renderer.h"
#include "chrono-resource-stats.h"
#include "chrono-resource-usage.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static char *
input_path (void)
{
  static char *path = NULL;
  if (path == NULL)
    {
      g_autofree char *name = g_strdup_printf ("chrono-fuzz-%d%s", (int) getpid (), FUZZ_SUFFIX);
      path = g_build_filename (g_get_tmp_dir (), name, NULL);
    }
  return path;
}

static void
draw_frame (ChronoTrace *trace)
{
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  ChronoRenderOptions o;
  chrono_render_options_init (&o, trace, 240, 160);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, o.width, o.height);
  cairo_t *cr = cairo_create (surface);
  chrono_renderer_draw (renderer, cr, &o);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* What info --json reports of claims, events and signals (resource figures,
 * concurrency over the whole trace, the critical path of a whole read). */
static void
analyse_claims (ChronoTrace *trace)
{
  g_autoptr (GArray) resources = chrono_resource_stats_compute (trace);
  for (guint i = 0; i < resources->len; i++)
    {
      ChronoLane *lane = g_array_index (resources, ChronoResourceStats, i).lane;
      g_autoptr (GArray) histogram =
          chrono_resource_concurrency (lane, chrono_trace_get_begin (trace), chrono_trace_get_end (trace));
    }
  g_autoptr (GArray) signals = chrono_signal_stats_compute (trace);
  (void) chrono_trace_count_marks (trace);
  if (!chrono_trace_is_lazy (trace))
    {
      g_autoptr (GArray) path = chrono_critical_path_compute (trace, FALSE);
    }
}

static void
exercise (ChronoTrace *trace)
{
  g_autoptr (GPtrArray) stats = chrono_entity_stats_compute (trace);
  analyse_claims (trace);
  g_autofree char *dump = chrono_trace_dump (trace);
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  for (guint k = 0; cache != NULL && k < chrono_trace_get_n_chunks (trace); k++)
    {
      g_autoptr (GError) error = NULL;
      ChronoTrace *chunk = chrono_chunk_cache_decode (cache, k, &error);
      if (chunk != NULL)
        {
          g_autofree char *chunk_dump = chrono_trace_dump (chunk);
        }
    }
  draw_frame (trace);
}

static void
load (const char *path, const char *lazy)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", (gpointer) lazy);
  g_hash_table_insert (options, "chunk-size", "256");
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = chrono_load_file_with_options (path, options, NULL, NULL, NULL, &error);
  if (trace != NULL)
    exercise (trace);
  else
    g_assert (error != NULL && error->message != NULL); /* a refusal always says why */
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *path = input_path ();
  if (!g_file_set_contents (path, (const char *) data, (gssize) size, NULL))
    return 0;
  load (path, "never");
  load (path, "always");
  g_unlink (path);
  return 0;
}
