/* chrono-warnings.h — problems found in a file that still loaded: counted per
 * reason, the first ones kept with their line numbers. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  guint64 line; /* 1-based line, or 0 when the problem has no line */
  char *reason; /* short category: "invalid transition", "bad time", … */
  char *message; /* the whole sentence */
} ChronoWarning;

typedef struct _ChronoWarnings ChronoWarnings;

ChronoWarnings *chrono_warnings_new (guint keep_at_most);
void chrono_warnings_free (ChronoWarnings *warnings);
void chrono_warnings_add (ChronoWarnings *warnings, guint64 line, const char *reason, const char *format, ...)
    G_GNUC_PRINTF (4, 5);
guint64 chrono_warnings_get_total (ChronoWarnings *warnings);
guint chrono_warnings_get_n_kept (ChronoWarnings *warnings);
const ChronoWarning *chrono_warnings_get_kept (ChronoWarnings *warnings, guint index);
GList *chrono_warnings_get_reasons (ChronoWarnings *warnings);
guint64 chrono_warnings_count_reason (ChronoWarnings *warnings, const char *reason);
void chrono_warnings_sort_by_line (ChronoWarnings *warnings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoWarnings, chrono_warnings_free)

G_END_DECLS
