/* chrono-warnings.h — problems found in a file that still loaded: counted per
 * reason, the first ones kept with their line numbers. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  guint64 line; /* 1-based line, or 0 when the problem has no line */
  char *reason; /* short category: "invalid transition", "bad time", … */
  char *message; /* the whole sentence */
  /* Binary formats have no lines: where in the run the problem is (a time
   * in the trace's ticks and a lane's name), and how many occurrences the
   * warning stands for when one line sums up many. */
  gboolean has_time;
  gint64 time;
  char *where; /* the lane's path, or NULL */
  guint64 count;
} ChronoWarning;

typedef struct _ChronoWarnings ChronoWarnings;

ChronoWarnings *chrono_warnings_new (guint keep_at_most);
/* An empty list that keeps as many as warnings does (a thread's own, merged later). */
ChronoWarnings *chrono_warnings_new_like (ChronoWarnings *warnings);
/* from's warnings after into's, counted as if added to into in their order:
 * those from listed, then what it only counted. */
void chrono_warnings_merge (ChronoWarnings *into, ChronoWarnings *from);
void chrono_warnings_free (ChronoWarnings *warnings);
void chrono_warnings_add (ChronoWarnings *warnings, guint64 line, const char *reason, const char *format, ...)
    G_GNUC_PRINTF (4, 5);
/* One warning for count occurrences of a problem, the first at time on the
 * lane at path where: counted count times, listed once. */
void chrono_warnings_add_at (ChronoWarnings *warnings, guint64 count, gint64 time, const char *where,
                             const char *reason, const char *format, ...) G_GNUC_PRINTF (6, 7);
guint64 chrono_warnings_get_total (ChronoWarnings *warnings);
guint chrono_warnings_get_n_kept (ChronoWarnings *warnings);
/* The occurrences no kept warning stands for. */
guint64 chrono_warnings_get_unlisted (ChronoWarnings *warnings);
const ChronoWarning *chrono_warnings_get_kept (ChronoWarnings *warnings, guint index);
GList *chrono_warnings_get_reasons (ChronoWarnings *warnings);
guint64 chrono_warnings_count_reason (ChronoWarnings *warnings, const char *reason);
void chrono_warnings_sort_by_line (ChronoWarnings *warnings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoWarnings, chrono_warnings_free)

G_END_DECLS
