/* chrono-cli-requirements.h — what `chronoscope-cli export --requirements`
 * draws: every violation of a requirements file as a marked range on its
 * lane, and optionally the path of one instance of an event chain the file
 * defines, as the viewer's Requirements page draws them. */
#pragma once

#include "chrono-renderer.h"
#include "chrono-requirements.h"

G_BEGIN_DECLS

typedef struct {
  GArray *ranges; /* ChronoRenderRange */
  GArray *steps; /* ChronoRenderPathStep; empty without a path */
  char *label; /* the path's, NULL without one */
  gint64 path_begin, path_end; /* the path's first start and last end */
} ChronoCliMarks;

void chrono_cli_marks_clear (ChronoCliMarks *marks);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ChronoCliMarks, chrono_cli_marks_clear)

/* The marks of the requirements in text (read from the file called name,
 * for messages) on trace; with path "NAME[:latency|:data_age][@worst|@N]"
 * (N counting the chain's measured instances from 1 in time order) also
 * that instance's path.  FALSE and an error naming the file and line when
 * the requirements or the path are wrong. */
gboolean chrono_cli_marks_compute (ChronoTrace *trace, const char *name, const char *text, const char *path,
                                   ChronoCliMarks *out, GError **error);

G_END_DECLS
