/* chrono-fuzz-otf2.c — an OTF2 archive cut from one input: the anchor, the
 * global definitions and each location's .def and .evt are sections of it
 * (chrono-fuzz-sections.h), written into a folder of their own.  The
 * archive is read whole and lazily (256-byte chunks), and each reading's
 * report (info --json's figures), dump, chunks and frame are made.
 * The custom mutator (chrono-fuzz-mutator.c) changes records inside one
 * file at a time, so the archive stays an archive that libotf2 opens. */
#include <stdint.h>

#include "chrono-fuzz-exercise.h"
#include "chrono-fuzz-sections.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  ChronoFuzzSection sections[CHRONO_FUZZ_MAX_SECTIONS];
  guint n = chrono_fuzz_sections_parse (data, size, sections);
  g_autofree char *anchor = chrono_fuzz_write_member (sections, n, 0, TRUE);
  if (anchor != NULL && g_str_has_suffix (anchor, ".otf2"))
    chrono_fuzz_load_both (anchor);
  chrono_fuzz_folder_clear ();
  return 0;
}
