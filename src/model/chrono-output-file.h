/* chrono-output-file.h — a file that appears whole or not at all.
 *
 * Exports and conversions write here instead of to their destination: the
 * bytes go to an unnamed file in the destination's folder (O_TMPFILE) that
 * gets its name only when complete, replacing an older file in one rename.
 * A failed writer leaves nothing, and so does a killed one; where the file
 * system has no unnamed files, a hidden temporary beside the destination is
 * used instead and removed on failure.
 *
 * A destination that is a symbolic link is written where the link leads.
 * One that is a FIFO or a character device (a pipe, /dev/null, a terminal)
 * is written into as it is, never replaced: a rename would put a regular
 * file in its place.  A folder, a block device or a socket is refused. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _ChronoOutputFile ChronoOutputFile;

/* What is at a destination, and so how it is written. */
typedef enum {
  CHRONO_OUTPUT_ABSENT, /* nothing yet: made whole, then named */
  CHRONO_OUTPUT_REGULAR, /* a regular file: replaced whole in one rename */
  CHRONO_OUTPUT_STREAM, /* a FIFO or a character device: written into */
} ChronoOutputPlace;

/* What is at path once symbolic links are followed (a dangling one too);
 * FALSE with error naming path for what is never written: a folder, a
 * block device, a socket, a loop of links. */
gboolean chrono_output_file_examine (const char *path, ChronoOutputPlace *place, GError **error);

ChronoOutputFile *chrono_output_file_new (const char *path, GError **error);
gboolean chrono_output_file_write (ChronoOutputFile *file, const void *data, gsize length, GError **error);
/* Gives the file its name and frees it; on failure nothing is left. */
gboolean chrono_output_file_commit (ChronoOutputFile *file, GError **error);
/* Throws the bytes away and frees the file. */
void chrono_output_file_abandon (ChronoOutputFile *file);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoOutputFile, chrono_output_file_abandon)

/* TRUE when path names an existing file that is one of inputs (the same
 * file through any name or symbolic link): writing there would destroy it. */
gboolean chrono_output_file_is_any_of (const char *path, const char *const *inputs);

G_END_DECLS
