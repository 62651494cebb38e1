/* chrono-fuzz-export.c — two traces of any formats (BTF, TRACE, VisAndOr,
 * Laplace, OTF2) drawn into one picture with its legend, as `export A B
 * -o OUT` draws them: each is the sections of one member of the input
 * (chrono-fuzz-sections.h); the flags of a member's first section say
 * whether it is read lazily (bit 0) and, for the second, how it is lined
 * up with the first (bits 1-2: by starts, timestamps or wall clocks).
 * The picture is written by the export the command line calls. */
#include <stdint.h>

#include "chrono-export.h"
#include "chrono-fuzz-exercise.h"
#include "chrono-fuzz-sections.h"
#include "chrono-layout.h"
#include "chrono-renderer.h"
#include "chrono-trace-set.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const ChronoAlignment alignments[] = { CHRONO_ALIGN_START, CHRONO_ALIGN_TIMESTAMPS, CHRONO_ALIGN_WALL_CLOCK,
                                              CHRONO_ALIGN_START };

/* What a lazily read member shows in the picture: its chunks there, decoded. */
static void
decode_chunks (ChronoTrace *trace, const ChronoRenderOptions *o)
{
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (trace);
  if (cache == NULL)
    return;
  g_autoptr (GArray) chunks = chrono_trace_find_chunks (trace, o->begin, o->end);
  for (guint i = 0; i < chunks->len; i++)
    {
      g_autoptr (GError) error = NULL;
      if (chrono_chunk_cache_decode (cache, g_array_index (chunks, guint, i), &error) == NULL)
        g_assert (error != NULL && error->message != NULL);
    }
}

static void
export_pair (ChronoTrace *first, ChronoTrace *second, ChronoAlignment alignment)
{
  g_autoptr (ChronoTraceSet) set = chrono_trace_set_new (first);
  g_autoptr (GError) error = NULL;
  if (!chrono_trace_set_add (set, second, alignment, &error))
    {
      g_assert (error != NULL && error->message != NULL);
      return;
    }
  ChronoRenderOptions options;
  chrono_render_options_init (&options, first, 320, 200);
  if (chrono_trace_set_get_range (set, &options.begin, &options.end))
    {
      chrono_time_range_at_least_a_tick (&options.begin, &options.end);
      options.origin = options.begin;
    }
  options.title = "first + second";
  g_autoptr (ChronoLayout) layout = chrono_layout_new (first);
  chrono_layout_set_trace_set (layout, set);
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (first, layout);
  ChronoTrace *members[] = { first, second };
  for (guint m = 0; m < G_N_ELEMENTS (members); m++)
    {
      ChronoRenderOptions mapped;
      chrono_renderer_get_member_options (renderer, &options, m, &mapped);
      decode_chunks (members[m], &mapped);
    }
  g_autofree char *picture = g_build_filename (chrono_fuzz_folder (), "picture.png", NULL);
  if (!chrono_export_to_file (renderer, &options, picture, &error))
    g_assert (error != NULL && error->message != NULL);
}

static ChronoTrace *
load_member (const ChronoFuzzSection *sections, guint n, guint member)
{
  g_autofree char *path = chrono_fuzz_write_member (sections, n, member, FALSE);
  if (path == NULL)
    return NULL;
  gboolean lazy = (chrono_fuzz_member_flags (sections, n, member) & 1) != 0;
  return chrono_fuzz_load (path, lazy ? "always" : "never");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  ChronoFuzzSection sections[CHRONO_FUZZ_MAX_SECTIONS];
  guint n = chrono_fuzz_sections_parse (data, size, sections);
  ChronoTrace *first = load_member (sections, n, 0);
  ChronoTrace *second = first != NULL ? load_member (sections, n, 1) : NULL;
  if (second != NULL)
    export_pair (first, second, alignments[(chrono_fuzz_member_flags (sections, n, 1) >> 1) & 3]);
  /* a lazily read trace reads its file while it lives: gone before the files are */
  g_clear_object (&first);
  g_clear_object (&second);
  chrono_fuzz_folder_clear ();
  return 0;
}
