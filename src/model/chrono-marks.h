/* chrono-marks.h — instant events of a lane, in columns sorted by time. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  gint64 time;
  guint32 kind; /* string id: the event ("trigger", "read", …) */
  guint32 source; /* string id: who caused it */
  guint32 note; /* string id: free text (a BTF note), 0 when none */
  guint32 attrs; /* attribute-set id, 0 when none */
  guint64 line; /* the trace line it was read from, 0 when unknown (where a chain's violation is) */
} ChronoMark;

typedef struct _ChronoMarks ChronoMarks;

ChronoMarks *chrono_marks_new (void);
void chrono_marks_free (ChronoMarks *marks);
void chrono_marks_append (ChronoMarks *marks, const ChronoMark *mark);
void chrono_marks_seal (ChronoMarks *marks);
guint chrono_marks_get_n (ChronoMarks *marks);
void chrono_marks_get (ChronoMarks *marks, guint index, ChronoMark *out);
gint64 chrono_marks_get_time (ChronoMarks *marks, guint index);
guint chrono_marks_first_at_or_after (ChronoMarks *marks, gint64 time);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoMarks, chrono_marks_free)

G_END_DECLS
