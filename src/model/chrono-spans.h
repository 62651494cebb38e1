/* chrono-spans.h — a lane's intervals in columns, queried by time and by pixel. */
#pragma once

#include <glib.h>

#include "chrono-state.h"

G_BEGIN_DECLS

#define CHRONO_NO_INSTANCE G_MAXUINT32

/* One row, as handed in and out; the store keeps the fields in columns. */
typedef struct {
  gint64 start;
  gint64 end;
  guint8 state; /* ChronoState */
  guint8 flags; /* ChronoSpanFlags */
  guint16 depth; /* sub-row: call depth or concurrent-instance slot */
  guint32 label; /* string id: what the span is about (a process on a core, …) */
  guint32 instance; /* index into the lane's instance table, or CHRONO_NO_INSTANCE */
  guint32 attrs; /* attribute-set id, 0 when none */
} ChronoSpan;

/* The part of a lane a claim occupies, in the lane's own units (a TRACE
 * claim's offset and amount on its resource); spans without one fill it. */
typedef struct {
  double offset;
  double amount;
} ChronoExtent;

/* What a time range of a lane amounts to. */
typedef struct {
  guint64 time_in_state[CHRONO_N_STATES]; /* ticks */
  guint count; /* spans that overlap the range */
  guint8 dominant; /* the state with the most time, NONE when empty */
  guint longest; /* index of the longest overlapping span (valid when count > 0) */
} ChronoSpanSummary;

typedef struct _ChronoSpans ChronoSpans;

ChronoSpans *chrono_spans_new (void);
void chrono_spans_free (ChronoSpans *spans);

void chrono_spans_append (ChronoSpans *spans, const ChronoSpan *span);
/* Ends span index, appended while its end was not known yet (a call is
 * appended at its Enter, so that spans of one start keep the order they
 * began in), and gives it these flags; before sealing. */
void chrono_spans_set_end (ChronoSpans *spans, guint index, gint64 end, guint8 flags);
void chrono_spans_append_with_extent (ChronoSpans *spans, const ChronoSpan *span, const ChronoExtent *extent);
gboolean chrono_spans_has_extents (ChronoSpans *spans);
gboolean chrono_spans_get_extent (ChronoSpans *spans, guint index, ChronoExtent *out);
void chrono_spans_seal (ChronoSpans *spans);
gboolean chrono_spans_is_sealed (ChronoSpans *spans);

guint chrono_spans_get_n (ChronoSpans *spans);
void chrono_spans_get (ChronoSpans *spans, guint index, ChronoSpan *out);
gint64 chrono_spans_get_start (ChronoSpans *spans, guint index);
gint64 chrono_spans_get_end (ChronoSpans *spans, guint index);
guint8 chrono_spans_get_state (ChronoSpans *spans, guint index);
guint8 chrono_spans_get_flags (ChronoSpans *spans, guint index);
void chrono_spans_set_flags (ChronoSpans *spans, guint index, guint8 flags);
guint16 chrono_spans_get_max_depth (ChronoSpans *spans);
guint16 chrono_spans_get_max_depth_in (ChronoSpans *spans, gint64 begin, gint64 end);

guint chrono_spans_first_ending_after (ChronoSpans *spans, gint64 time);
guint chrono_spans_first_starting_at_or_after (ChronoSpans *spans, gint64 time);
gboolean chrono_spans_find_at (ChronoSpans *spans, gint64 time, guint16 depth, guint *out_index);

void chrono_spans_summarize (ChronoSpans *spans, gint64 begin, gint64 end, ChronoSpanSummary *out);

gsize chrono_spans_get_memory_size (ChronoSpans *spans);
/* Length of the union of all spans (they are sorted by start), in ticks. */
guint64 chrono_spans_union_length (ChronoSpans *spans);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoSpans, chrono_spans_free)

G_END_DECLS
