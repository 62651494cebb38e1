/* chrono-call-summary.h — what a lazily read location's calls amount to,
 * per stretch of its run, kept by the index pass in place of the calls
 * themselves: for each stretch and each called thing (a region's label),
 * the calls begun there, the calls running on into it from before, and the
 * inclusive and exclusive time spent there (a call's time split over the
 * stretches it covers, its exclusive time where it ran itself).  A range
 * made of whole stretches sums exactly, as a whole read sums the calls; a
 * stretch the range cuts counts in proportion to the part of its figures'
 * times inside the range, and the answer says it is approximate.
 *
 * A call through many stretches costs two figures, not one a stretch: the
 * stretches it covers whole are a count that begins and ends (summed when
 * asked), so the summary grows with the events, never with the stretches
 * times the calls open (a file's nesting cannot make it big). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _ChronoCallSummary ChronoCallSummary;

/* n stretches, stretch k from bounds[k] to bounds[k + 1] (n + 1 bounds;
 * times before the first or after the last fall in those). */
ChronoCallSummary *chrono_call_summary_new (const gint64 *bounds, guint n);
void chrono_call_summary_free (ChronoCallSummary *summary);

/* The calls as they come, in time order: entered, left (the innermost
 * open one), and at the location's last event those still open, never
 * left (they run on to it, counted as calls, adding no time, and their
 * callers lose no time to them, as a whole read counts them). */
void chrono_call_summary_enter (ChronoCallSummary *summary, guint32 label, gint64 time);
void chrono_call_summary_leave (ChronoCallSummary *summary, gint64 time);
void chrono_call_summary_finish (ChronoCallSummary *summary, gint64 last_time);
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
/* A row's ticks as whole ticks, held at G_MAXINT64 (a double of 2^63 or
 * more does not round into a gint64). */
gint64 chrono_call_summary_ticks (double ticks);
gsize chrono_call_summary_get_memory_size (ChronoCallSummary *summary);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoCallSummary, chrono_call_summary_free)

G_END_DECLS
