/* chrono-fuzz-laplace-run.c — a Laplace reference trace read with the
 * kernel trace of its run beside it (run.ref + run.kern, as the loader
 * finds them), both cut from one input (sections of kind LAPLACE_REFS and
 * LAPLACE_KERNEL, chrono-fuzz-sections.h); read whole and lazily, each
 * reading exercised as the loader targets do. */
#include <stdint.h>

#include "chrono-fuzz-exercise.h"
#include "chrono-fuzz-sections.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  ChronoFuzzSection sections[CHRONO_FUZZ_MAX_SECTIONS];
  guint n = chrono_fuzz_sections_parse (data, size, sections);
  g_autofree char *refs = chrono_fuzz_write_member (sections, n, 0, TRUE);
  if (refs != NULL && g_str_has_suffix (refs, ".ref"))
    chrono_fuzz_load_both (refs);
  chrono_fuzz_folder_clear ();
  return 0;
}
