/* chrono-laplace-text-source.h — a Laplace text reference trace read on
 * demand: the loader's one pass over the lines notes where every K-th
 * reference line starts; record i is then read by pread from the note at or
 * before it, parsing lines and skipping those that are not references.
 *
 * Which lines are references is decided by one function, for the pass and
 * for every later read alike, so record numbers never shift. */
#pragma once

#include "chrono-laplace-refs.h"

G_BEGIN_DECLS

/* A reference line: its tag and four hex fields, the timestamp below 2^63,
 * the tag none of a kernel record (in a kernel trace, kernel_role, only
 * r R w W are references); FALSE for any other line.  Trailing CR, spaces
 * and tabs are ignored. */
gboolean chrono_laplace_text_reference (const char *line, gsize length, gboolean kernel_role, ChronoLaplaceRecord *out);
/* Whether a line of this tag must be a reference: no kernel record's tag
 * (and in a kernel trace one of r R w W). */
gboolean chrono_laplace_text_is_reference_tag (char tag, gboolean kernel_role);

/* What the pass notes. */
typedef struct {
  guint stride; /* K: a mark every K references */
  GArray *marks; /* guint64: the byte offset of reference i * stride's line */
  guint64 n_records;
  guint64 last_timestamp;
  gboolean in_order; /* no timestamp smaller than the one before */
} ChronoLaplaceTextIndex;

#define CHRONO_LAPLACE_TEXT_STRIDE 4096

void chrono_laplace_text_index_init (ChronoLaplaceTextIndex *index, guint stride);
void chrono_laplace_text_index_clear (ChronoLaplaceTextIndex *index);
/* The next reference, whose line starts at byte offset. */
void chrono_laplace_text_index_add (ChronoLaplaceTextIndex *index, guint64 offset, guint64 timestamp);

/* The references of the text file at path (plain, never compressed) as
 * indexed; takes the index's marks.  cr_only: lines end in a lone CR (as
 * chrono_text_file_has_cr_line_ends decided for the pass).  block_size: bytes
 * read at once (0: the default). */
ChronoReferences *chrono_laplace_text_open (const char *path, ChronoLaplaceTextIndex *index, gboolean kernel_role,
                                            gboolean cr_only, gsize block_size, GError **error);

G_END_DECLS
