/* chrono-fuzz-load.c — a libFuzzer target per format (FUZZ_SUFFIX names
 * the file the bytes become; the registry still sniffs them by content).
 *
 * Each input is loaded whole and lazily in chunks of a few hundred bytes;
 * every chunk is decoded, the analyses and the dump run on both readings
 * and a small frame of each is drawn (chrono-fuzz-exercise.c).  Built
 * against libFuzzer with -Dfuzzing=true (clang), and against
 * chrono-fuzz-replay.c everywhere else, so the suite replays the corpus. */
#include <glib/gstdio.h>
#include <stdint.h>
#include <unistd.h>

#include "chrono-fuzz-exercise.h"

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

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *path = input_path ();
  if (!g_file_set_contents (path, (const char *) data, (gssize) size, NULL))
    return 0;
  chrono_fuzz_load_both (path);
  g_unlink (path);
  chrono_fuzz_assert_nothing_open_under (path);
  return 0;
}
