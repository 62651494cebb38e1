/* chrono-fuzz-files.c — a trace of several files cut from one input
 * (chrono-fuzz-sections.h), written into a folder of its own and read
 * whole and lazily (256-byte chunks), each reading exercised as the
 * loader targets do: its report (info --json's figures), dump, chunks
 * and frame.  FUZZ_OPENS names what is opened:
 *  - ".otf2": an OTF2 archive, the anchor, the global definitions and
 *    each location's .def and .evt; the custom mutator
 *    (chrono-fuzz-mutator.c) changes records inside one file at a time,
 *    so the archive stays an archive that libotf2 opens;
 *  - ".ref": a Laplace reference trace with its run's kernel trace
 *    beside it (trace.ref + trace.kern, as the loader finds them). */
#include <stdint.h>

#include "chrono-fuzz-exercise.h"
#include "chrono-fuzz-sections.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  ChronoFuzzSection sections[CHRONO_FUZZ_MAX_SECTIONS];
  guint n = chrono_fuzz_sections_parse (data, size, sections);
  g_autofree char *path = chrono_fuzz_write_member (sections, n, 0, TRUE);
  if (path != NULL && g_str_has_suffix (path, FUZZ_OPENS))
    chrono_fuzz_load_both (path);
  chrono_fuzz_folder_clear ();
  return 0;
}
