/* chrono-fuzz-exercise.c — what the fuzz targets do with a loaded trace. */
#include "chrono-fuzz-exercise.h"

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>

#include "chrono-dump.h"
#include "chrono-layout.h"
#include "chrono-loader.h"
#include "chrono-renderer.h"
#include "chrono-report.h"

/* A failed g_return_if_fail is a bug the reader let through (a call
 * ending before it began, an id past a table): the fuzzer stops there.
 * By abort(), whose SIGABRT libFuzzer catches and keeps the input of;
 * GLib's own fatal path raises SIGTRAP, which it does not. */
static void
abort_on_critical (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  g_log_default_handler (domain, level, message, data);
  if (level & (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR))
    abort ();
}

ChronoTrace *
chrono_fuzz_load (const char *path, const char *lazy)
{
  g_log_set_default_handler (abort_on_critical, NULL);
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", (gpointer) lazy);
  g_hash_table_insert (options, "chunk-size", "256");
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file_with_options (path, options, NULL, NULL, NULL, &error);
  if (trace == NULL)
    g_assert (error != NULL && error->message != NULL); /* a refusal always says why */
  /* CHRONO_FUZZ_VERBOSE=1: what each reading gave, to see seeds reach the loaders */
  if (g_getenv ("CHRONO_FUZZ_VERBOSE") != NULL)
    g_printerr ("  %s (lazy=%s): %s\n", path, lazy, trace != NULL ? "loaded" : error->message);
  return trace;
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

/* What info --json reports: the loader's figures and the sections the
 * trace's contents call for (entities; resources with their concurrency,
 * signals and, read whole, the critical path). */
static void
analyse (ChronoTrace *trace)
{
  g_autoptr (GVariant) report = chrono_report_build (trace, NULL);
  g_autofree char *text = g_variant_print (report, TRUE);
}

void
chrono_fuzz_exercise (ChronoTrace *trace)
{
  analyse (trace);
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

void
chrono_fuzz_load_both (const char *path)
{
  static const char *const modes[] = { "never", "always" };
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_autoptr (ChronoTrace) trace = chrono_fuzz_load (path, modes[i]);
      if (trace != NULL)
        chrono_fuzz_exercise (trace);
    }
}

void
chrono_fuzz_assert_nothing_open_under (const char *prefix)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  for (const char *name; dir != NULL && (name = g_dir_read_name (dir)) != NULL;)
    {
      g_autofree char *link = g_build_filename ("/proc/self/fd", name, NULL);
      g_autofree char *target = g_file_read_link (link, NULL);
      if (target != NULL && g_str_has_prefix (target, prefix))
        {
          fprintf (stderr, "descriptor %s left open on %s\n", name, target);
          abort ();
        }
    }
}
