/* chrono-lane.h — one row of the timeline (a task, a core, a signal, …),
 * possibly with child lanes; its items live in columnar stores. */
#pragma once

#include <gio/gio.h>

#include "chrono-accesses.h"
#include "chrono-instances.h"
#include "chrono-marks.h"
#include "chrono-references.h"
#include "chrono-signal.h"
#include "chrono-spans.h"
#include "chrono-call-summary.h"
#include "chrono-summary.h"
#include "chrono-tree.h"

G_BEGIN_DECLS

/* What a lane's items mean.  Loaders of every format pick from these; the
 * renderer, the overview and the analyses decide by kind, never by format. */
typedef enum {
  CHRONO_LANE_GROUP, /* a heading: no items, only child lanes */
  /* Scheduled work: the rules of these three are in chrono-schedule.h. */
  CHRONO_LANE_PROCESS, /* something scheduled in instances (a task or ISR): an instance table, one span per
                          state of an instance, carrying its row index */
  CHRONO_LANE_RUNNABLE, /* code called by its parent lane: an instance table of calls naming their caller's
                           row, spans are calls' states (running or suspended) */
  CHRONO_LANE_CORE, /* an execution unit: each span is an occupant, labelled by its name, coloured by it */
  CHRONO_LANE_SEMAPHORE, /* a shared resource's own state over time (free, used, full, …) */
  CHRONO_LANE_ACCESS, /* one user's requests and holds of a shared resource */
  CHRONO_LANE_SIGNAL, /* a value over time: the lane's signal, no spans */
  CHRONO_LANE_EVENTS, /* instant events only: marks */
  CHRONO_LANE_RESOURCE, /* a resource with a capacity: spans are claims, each with an amount and an offset
                           into the capacity */
  CHRONO_LANE_ACTIVITY, /* claims grouped by what they belong to: spans are claims, depth = overlap row */
  CHRONO_LANE_WORKER, /* an agent, thread or location doing work: depth 0 when it is busy, deeper rows what it
                         works on (goals, branches, regions), a row per concurrent item */
  CHRONO_LANE_TREE, /* a tree of work (and/or trees): the lane's ChronoTree, a row per node in tree order */
  CHRONO_LANE_DENSITY, /* the memory references of one address space: the lane's ChronoReferences, drawn as
                          references per time and address */
} ChronoLaneKind;

#define CHRONO_TYPE_LANE_KIND (chrono_lane_kind_get_type ())
GType chrono_lane_kind_get_type (void);
const char *chrono_lane_kind_get_name (ChronoLaneKind kind);
/* What a lane of the kind is, for people (translated): "Process", "Resource". */
const char *chrono_lane_kind_get_label (ChronoLaneKind kind);
/* Spans of this kind are claims on a resource (amount, offset, attributes). */
gboolean chrono_lane_kind_holds_claims (ChronoLaneKind kind);

#define CHRONO_TYPE_LANE (chrono_lane_get_type ())
G_DECLARE_FINAL_TYPE (ChronoLane, chrono_lane, CHRONO, LANE, GObject)

ChronoLane *chrono_lane_new (const char *name, ChronoLaneKind kind, const char *entity_type);

const char *chrono_lane_get_name (ChronoLane *lane);
void chrono_lane_set_name (ChronoLane *lane, const char *name);
const char *chrono_lane_get_display_name (ChronoLane *lane);
void chrono_lane_set_name_is_ours (ChronoLane *lane, gboolean ours);
ChronoLaneKind chrono_lane_get_kind (ChronoLane *lane);
/* The producer's own word for the entity's type ("T", "R", "SEM"…), shown and
 * dumped as it is; it means something only to its loader.  What a lane's
 * items mean is its kind. */
const char *chrono_lane_get_entity_type (ChronoLane *lane);
ChronoLane *chrono_lane_get_parent (ChronoLane *lane);
GListModel *chrono_lane_get_children (ChronoLane *lane);
guint chrono_lane_get_n_children (ChronoLane *lane);
ChronoLane *chrono_lane_get_child (ChronoLane *lane, guint index);
void chrono_lane_append_child (ChronoLane *lane, ChronoLane *child);
void chrono_lane_remove_child (ChronoLane *lane, ChronoLane *child);
void chrono_lane_sort_children (ChronoLane *lane);
guint chrono_lane_get_depth (ChronoLane *lane);
char *chrono_lane_dup_path (ChronoLane *lane);
char *chrono_lane_dup_key (ChronoLane *lane);

ChronoSpans *chrono_lane_get_spans (ChronoLane *lane);
ChronoMarks *chrono_lane_get_marks (ChronoLane *lane);
ChronoSignal *chrono_lane_get_signal (ChronoLane *lane);
ChronoInstances *chrono_lane_get_instances (ChronoLane *lane);
/* A semaphore lane's accesses (chrono-accesses.h); NULL when it has none. */
ChronoAccesses *chrono_lane_get_accesses (ChronoLane *lane);
ChronoSpans *chrono_lane_ensure_spans (ChronoLane *lane);
ChronoMarks *chrono_lane_ensure_marks (ChronoLane *lane);
ChronoSignal *chrono_lane_ensure_signal (ChronoLane *lane, gint64 ticks_per_second);
/* Another reading of the same samples (a counter as a rate or as recorded),
 * with the lane's name for it; the lane owns it.  Before sealing. */
void chrono_lane_set_other_signal (ChronoLane *lane, ChronoSignal *signal, const char *name);
/* The same for a lazily read lane: its other reading's summary. */
void chrono_lane_set_other_summary (ChronoLane *lane, ChronoSummary *summary, const char *name);
/* The name the lane takes with its other reading; NULL: it has none. */
const char *chrono_lane_get_other_name (ChronoLane *lane);
/* Shows the other reading (and its name) instead; FALSE: there is none.
 * Its key stays the one it was made with.  A decoded chunk's lane that
 * follows an index lane switches the index lane, and itself with it. */
gboolean chrono_lane_swap_signals (ChronoLane *lane);
/* A decoded chunk's lane (carrying both readings, made as its index lane
 * was) shows the reading the index lane shows, now and whenever either is
 * switched; it keeps the index lane alive. */
void chrono_lane_follow_reading (ChronoLane *lane, ChronoLane *leader);
ChronoInstances *chrono_lane_ensure_instances (ChronoLane *lane);
ChronoAccesses *chrono_lane_ensure_accesses (ChronoLane *lane);
/* What the claims of a lazily read resource lane amount to, counted by its
 * reader in the order a whole read places them (its spans are in decoded
 * chunks only): how many, Σ amount × seconds, and the ticks of the trace
 * with 0, 1, 2… claims at once (gint64, taken). */
void chrono_lane_set_claim_figures (ChronoLane *lane, guint64 claims, double usage, GArray *concurrency);
gboolean chrono_lane_get_claim_figures (ChronoLane *lane, guint64 *out_claims, double *out_usage,
                                        GArray **out_concurrency);

/* What the fragments of a lazily read signal lane amount to, counted by its
 * reader (they are in decoded chunks only): how many, and the exact range
 * of their values as chrono_signal_range gives it (has_range FALSE: none). */
typedef struct {
  guint64 fragments;
  gboolean has_range;
  double min, max;
} ChronoSignalFigures;
void chrono_lane_set_signal_figures (ChronoLane *lane, const ChronoSignalFigures *figures);
gboolean chrono_lane_get_signal_figures (ChronoLane *lane, ChronoSignalFigures *out);
/* How many instant events a lazily read lane of events has, counted by its
 * reader (its summary may not hold times more than 2^63 ticks apart). */
void chrono_lane_set_mark_count (ChronoLane *lane, guint64 n);
gboolean chrono_lane_get_mark_count (ChronoLane *lane, guint64 *out_n);

/* The level-of-detail summary of a lazily read trace; the lane owns it. */
void chrono_lane_set_summary (ChronoLane *lane, ChronoSummary *summary);
ChronoSummary *chrono_lane_get_summary (ChronoLane *lane);
ChronoSummary *chrono_lane_ensure_summary (ChronoLane *lane, gint64 begin, guint n_buckets, gint64 initial_span);
/* A lazily read lane of calls: what they amount to per stretch of the run; the lane owns it. */
void chrono_lane_set_call_summary (ChronoLane *lane, ChronoCallSummary *summary);
ChronoCallSummary *chrono_lane_get_call_summary (ChronoLane *lane);
/* The tree of a CHRONO_LANE_TREE lane; the lane owns it. */
void chrono_lane_set_tree (ChronoLane *lane, ChronoTree *tree);
ChronoTree *chrono_lane_get_tree (ChronoLane *lane);
/* The references of a CHRONO_LANE_DENSITY lane: space is an index into refs' spaces. */
void chrono_lane_set_references (ChronoLane *lane, ChronoReferences *refs, guint space);
ChronoReferences *chrono_lane_get_references (ChronoLane *lane, guint *out_space);
/* Time per state over [begin, end), from the spans or, read lazily, the summary. */
gboolean chrono_lane_has_intervals (ChronoLane *lane);
void chrono_lane_summarize (ChronoLane *lane, gint64 begin, gint64 end, ChronoSpanSummary *out);

/* What the producer says about the entity behind a lane. */
void chrono_lane_set_source (ChronoLane *lane, gint64 id, guint32 attrs, double capacity);
gint64 chrono_lane_get_source_id (ChronoLane *lane);
guint32 chrono_lane_get_attrs (ChronoLane *lane);
double chrono_lane_get_capacity (ChronoLane *lane);

void chrono_lane_seal (ChronoLane *lane);

int chrono_natural_compare (const char *a, const char *b);

G_END_DECLS
