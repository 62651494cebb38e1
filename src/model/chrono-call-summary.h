/* chrono-call-summary.h — what a lazily read location's calls amount to,
 * per stretch of its run, kept by the index pass in place of the calls
 * themselves: for each stretch and each called thing (a region's label),
 * the calls begun there and the inclusive and exclusive time spent there
 * (a call's time split over the stretches it covers, its exclusive time
 * where it ran itself), and the calls begun before the stretch and still
 * open after its start (so a range counts every call it overlaps, as a
 * whole read counts them).  A range made of whole stretches sums exactly; a
 * stretch the range cuts counts in proportion to the part inside, and the
 * answer says it is approximate. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _ChronoCallSummary ChronoCallSummary;

/* n stretches, stretch k from bounds[k] to bounds[k + 1] (n + 1 bounds). */
ChronoCallSummary *chrono_call_summary_new (const gint64 *bounds, guint n);
void chrono_call_summary_free (ChronoCallSummary *summary);

void chrono_call_summary_add_call (ChronoCallSummary *summary, guint32 label, gint64 start);
/* The stretch time lies in, and how many there are. */
guint chrono_call_summary_get_stretch (ChronoCallSummary *summary, gint64 time);
gint64 chrono_call_summary_get_stretch_begin (ChronoCallSummary *summary, guint stretch);
guint chrono_call_summary_get_n_stretches (ChronoCallSummary *summary);
/* A call of label begun before stretch and running on after its start. */
void chrono_call_summary_add_carried (ChronoCallSummary *summary, guint stretch, guint32 label);
/* Time of label over [start, end): inclusive, or exclusive (the call ran itself then). */
void chrono_call_summary_add_time (ChronoCallSummary *summary, guint32 label, gint64 start, gint64 end,
                                   gboolean exclusive);
/* Calls never left (a run cut short): their time is not known, so no answer is exact. */
void chrono_call_summary_note_unfinished (ChronoCallSummary *summary);
/* Done filling: the figures are packed, and kept read-only. */
void chrono_call_summary_seal (ChronoCallSummary *summary);

typedef struct {
  guint32 label;
  double calls; /* fractional where a stretch was cut */
  double inclusive, exclusive; /* ticks */
} ChronoCallSummaryRow;

/* The figures over [begin, end), added to rows (label -> ChronoCallSummaryRow
 * owned by the table); TRUE when they are exact. */
gboolean chrono_call_summary_query (ChronoCallSummary *summary, gint64 begin, gint64 end, GHashTable *rows);
gsize chrono_call_summary_get_memory_size (ChronoCallSummary *summary);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoCallSummary, chrono_call_summary_free)

G_END_DECLS
