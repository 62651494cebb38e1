/* chrono-fuzz-merge.c — `merge` of two small OTF2 archives, each cut from
 * one input as the otf2 target cuts one (sections of member 0 and 1), into
 * a folder that does not exist yet; what the merge writes is read back
 * whole and exercised, then merged again onto it with --force (the output
 * holds an archive, which --force replaces) by wall clocks.  The merge is
 * the loader table's, as `chronoscope-cli merge` calls it. */
#include <stdint.h>

#include "chrono-fuzz-exercise.h"
#include "chrono-fuzz-sections.h"
#include "chrono-loader.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static gboolean
merge (const char *const *inputs, const char *output, ChronoMergeAlign align, gboolean force)
{
  const ChronoLoaderInfo *loader = chrono_loaders_find_by_name ("otf2");
  g_assert (loader != NULL && loader->merge != NULL);
  ChronoMergeOptions options = { align, force };
  g_autoptr (GError) error = NULL;
  gboolean ok = loader->merge (inputs, 2, output, &options, &error);
  g_assert (ok || (error != NULL && error->message != NULL)); /* a refusal says why */
  return ok;
}

static gboolean
readable (const char *anchor)
{
  g_autoptr (ChronoTrace) trace = chrono_fuzz_load (anchor, "never");
  return trace != NULL;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  ChronoFuzzSection sections[CHRONO_FUZZ_MAX_SECTIONS];
  guint n = chrono_fuzz_sections_parse (data, size, sections);
  g_autofree char *a = chrono_fuzz_write_member (sections, n, 0, FALSE);
  g_autofree char *b = chrono_fuzz_write_member (sections, n, 1, FALSE);
  if (a != NULL && b != NULL && g_str_has_suffix (a, ".otf2") && g_str_has_suffix (b, ".otf2"))
    {
      const char *inputs[] = { a, b, NULL };
      g_autofree char *output = g_build_filename (chrono_fuzz_folder (), "merged", NULL);
      if (merge (inputs, output, CHRONO_MERGE_ALIGN_START, FALSE))
        {
          g_autofree char *anchor = g_build_filename (output, "traces.otf2", NULL);
          g_autoptr (ChronoTrace) merged = chrono_fuzz_load (anchor, "never");
          if (merged != NULL)
            chrono_fuzz_exercise (merged);
          else
            g_assert (!readable (a) || !readable (b)); /* a merge of readable archives is readable */
          merge (inputs, output, CHRONO_MERGE_ALIGN_WALL_CLOCK, TRUE);
        }
    }
  chrono_fuzz_folder_clear ();
  return 0;
}
