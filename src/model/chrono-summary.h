/* chrono-summary.h — a lane's level-of-detail summary (DESIGN.md, "Lazily
 * indexed time ranges"): per time bucket, the time spent per state, how many
 * items began, the longest item, the range of a signal's values and how many
 * instant events fell in it.  It is filled while the index pass reads the
 * file and painted until decoded detail arrives.  Its buckets widen (by
 * powers of two) as items arrive later, so it never needs the trace's end. */
#pragma once

#include <glib.h>

#include "chrono-signal.h"
#include "chrono-spans.h"

G_BEGIN_DECLS

typedef struct _ChronoSummary ChronoSummary;

/* What a time range amounts to, beyond ChronoSpanSummary's state times. */
typedef struct {
  guint32 longest_label; /* string id of the longest item's label, 0 when none */
  guint64 n_instants;
  gboolean have_values;
  double min_value, max_value;
} ChronoSummaryExtra;

ChronoSummary *chrono_summary_new (gint64 begin, guint n_buckets, gint64 initial_span);
/* Another number of buckets, while the items are still kept as they are. */
void chrono_summary_plan_buckets (ChronoSummary *summary, guint n_buckets);
guint chrono_summary_get_n_buckets (ChronoSummary *summary);
void chrono_summary_free (ChronoSummary *summary);

void chrono_summary_add_interval (ChronoSummary *summary, gint64 start, gint64 end, ChronoState state, guint32 label);
void chrono_summary_add_instant (ChronoSummary *summary, gint64 time);
void chrono_summary_add_value (ChronoSummary *summary, gint64 start, gint64 end, double value);
/* A signal's fragment, bucket by bucket (at most max_pieces pieces): returns the pieces added. */
guint chrono_summary_add_fragment (ChronoSummary *summary, const ChronoFragment *fragment, gint64 ticks_per_second,
                                   guint max_pieces);

/* The deepest sub-row (call depth, concurrent-instance slot) an item had. */
void chrono_summary_note_depth (ChronoSummary *summary, guint16 depth);
guint16 chrono_summary_get_max_depth (ChronoSummary *summary);
gboolean chrono_summary_is_empty (ChronoSummary *summary);
/* What kind of items the summary holds, and the range of all values: O(1). */
gboolean chrono_summary_has_intervals (ChronoSummary *summary);
gboolean chrono_summary_has_instants (ChronoSummary *summary);
gboolean chrono_summary_get_value_range (ChronoSummary *summary, double *out_min, double *out_max);
gint64 chrono_summary_get_begin (ChronoSummary *summary);
gint64 chrono_summary_get_bucket_ticks (ChronoSummary *summary);
void chrono_summary_query (ChronoSummary *summary, gint64 begin, gint64 end, ChronoSpanSummary *out,
                           ChronoSummaryExtra *extra);
gsize chrono_summary_get_memory_size (ChronoSummary *summary);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoSummary, chrono_summary_free)

G_END_DECLS
