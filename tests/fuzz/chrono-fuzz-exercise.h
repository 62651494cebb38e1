/* chrono-fuzz-exercise.h — what the fuzz targets do with a trace they
 * loaded: every layer a hostile file reaches after its loader. */
#pragma once

#include "chrono-trace.h"

/* Loads path with lazy = "never" or "always" (in chunks of 256 bytes);
 * a refusal must say why, and a GLib critical aborts.  NULL when refused.  With CHRONO_FUZZ_VERBOSE
 * set, says on stderr what each reading gave. */
ChronoTrace *chrono_fuzz_load (const char *path, const char *lazy);

/* The entity statistics, what info --json reports (the format's own
 * figures, claims, events, signals, the critical path of a whole read),
 * the dump, every chunk decoded and dumped, and a small frame drawn. */
void chrono_fuzz_exercise (ChronoTrace *trace);

/* Loads path whole and lazily and exercises both readings. */
void chrono_fuzz_load_both (const char *path);

/* Aborts when a descriptor of this process is still open on a file under
 * prefix (the files of the input just run, removed): a viewer opening many
 * such files would run out of descriptors. */
void chrono_fuzz_assert_nothing_open_under (const char *prefix);
