/* chrono-schedule.h — the rules of scheduled work in the model: process
 * lanes and their instances, core occupants and runnable calls, written
 * down once here so that every loader lays them out alike and every
 * analysis reads them back without knowing which loader wrote them.
 *
 * A process lane (CHRONO_LANE_PROCESS) is one task or ISR: something
 * activated again and again, each activation an instance.
 *  - Its instance table (ChronoInstances) has one row per instance, from
 *    its first event to its last (ChronoInstance: begin, end, the latest
 *    activation, the first start since, counts of activations and
 *    preemptions, what activated it).
 *  - Its spans are the instances' states (ACTIVE, RUNNING, READY, WAITING,
 *    POLLING, PARKING): one span per stretch of one state of one instance,
 *    whose instance column is the row's index and whose depth is the
 *    instance's slot, the lowest sub-row no other live instance of the lane
 *    holds, so concurrent instances do not overdraw each other.
 *  - Every span of an instance starts inside [begin, end] of its row, so a
 *    search by start finds them (chrono_schedule_instance_spans).
 *  - A state of no length leaves no span (a start and a preempt at one
 *    tick): what happened is in the row (first_start), not the spans.  A
 *    state still open when the trace ends carries CHRONO_SPAN_OPEN_END, one
 *    back-filled before the instance's first event CHRONO_SPAN_INFERRED.
 *  - A preemption leaves RUNNING for READY.  The row counts every one; the
 *    spans show most as a RUNNING span followed at once by a READY span of
 *    the same instance, but a RUNNING state of no length leaves READY after
 *    READY (or after ACTIVE), and one resumed at the same tick leaves two
 *    RUNNING spans back to back.
 *
 * A core lane (CHRONO_LANE_CORE) is one execution unit.  Its spans are its
 * occupants: one span per stretch of one process instance on the core,
 * labelled with the process's name (a string id; the span has no instance,
 * depth 0), in state RUNNING or POLLING (a switch between the two splits
 * the span), IDLE when the occupant is the system's idle task.  A core
 * holds one occupant at a time: a loader ends one occupant's span before
 * it begins the next.  An instance leaving a core ends a core
 * span and one of its own on-core spans (chrono_schedule_state_is_on_core)
 * at the same tick; whoever occupies the core from that tick took it.
 *
 * A runnable lane (CHRONO_LANE_RUNNABLE) is code called by the lane above
 * it: a process lane, or the runnable lane of the calling runnable (a
 * heading when no live instance called it); one runnable lane per name
 * under each caller (chrono_schedule_runnable_lane).
 *  - Its instance table has one row per call; a call's `parent` is the
 *    index of its caller's row in the parent lane (the process instance or
 *    the calling call), CHRONO_INSTANCE_NO_CALLER when no live instance
 *    called it.
 *  - Its spans are a call's states (RUNNING, SUSPENDED), instance column
 *    the call's row, depth the calling process instance's slot (0 when
 *    none).
 *
 * An index pass that keeps no spans (a lazily read trace) summarizes
 * instead: spans go into the lanes' summaries, and the row of an ended
 * instance is released (ChronoInstances keeps the totals), so the table
 * holds the live instances only.
 *
 * The loaders keep their format's state machine (which event leads to
 * which state, which core an event names) and build through the calls
 * below, never arranging the tables and spans themselves. */
#pragma once

#include "chrono-lane.h"

G_BEGIN_DECLS

/* ---- building ---------------------------------------------------------- */

/* The summary a lane's spans go into, made on a lane's first item. */
typedef ChronoSummary *(*ChronoLaneSummaryFunc) (ChronoLane *lane, gpointer user_data);

/* Where built spans go: the lanes' spans, or their summaries. */
typedef struct {
  ChronoLaneSummaryFunc summary_for; /* NULL: spans are kept */
  gpointer summary_data;
} ChronoScheduleBuilder;

/* Spans are kept, rows stay. */
void chrono_schedule_builder_init (ChronoScheduleBuilder *builder);
/* An index pass: spans go into summary_for's summaries, ended rows are released. */
void chrono_schedule_builder_summarize (ChronoScheduleBuilder *builder, ChronoLaneSummaryFunc summary_for,
                                        gpointer data);
gboolean chrono_schedule_builder_is_summarizing (const ChronoScheduleBuilder *builder);

/* Any span of any lane: dropped when it has no length or no state (a
 * state left at the moment it was entered paints nothing). */
void chrono_schedule_add_span (ChronoScheduleBuilder *builder, ChronoLane *lane, const ChronoSpan *span);

/* A new process lane gets its instance table and spans. */
void chrono_schedule_prepare_process_lane (ChronoLane *lane);

/* A new row of a process lane, alive from begin (flags: ChronoInstanceFlags;
 * line: the trace line of its first event, 0 when unknown).  Nothing is
 * known of its activation or start yet. */
guint chrono_schedule_begin_instance (ChronoLane *process, gint64 number, gint64 begin, guint32 flags, guint64 line);
/* An activation of the instance at time: timing restarts from it.  by is
 * what activated it (a string id, CHRONO_STRING_NONE when unknown or the
 * process itself), by_instance that one's instance number. */
void chrono_schedule_note_activation (ChronoLane *process, guint index, gint64 time, guint64 line, guint32 by,
                                      gint64 by_instance);
void chrono_schedule_note_preemption (ChronoLane *process, guint index);
/* An allocation to a core at time: the first one is first_start; running
 * (not polling) after an activation, the first one since is started_at. */
void chrono_schedule_note_start (ChronoLane *process, guint index, gint64 time, gboolean running);
/* Any event of the instance at time: its life reaches that far. */
void chrono_schedule_note_event (ChronoLane *lane, guint index, gint64 time);
/* One state of the instance over [start, end) in its slot (flags: ChronoSpanFlags). */
void chrono_schedule_add_state (ChronoScheduleBuilder *builder, ChronoLane *process, guint index, gint64 start,
                                gint64 end, ChronoState state, guint8 flags, guint16 slot);

/* An occupant of a core over [start, end): the process named process_name
 * (a string id) in state RUNNING, POLLING or IDLE. */
void chrono_schedule_add_occupant (ChronoScheduleBuilder *builder, ChronoLane *core, gint64 start, gint64 end,
                                   ChronoState state, guint8 flags, guint32 process_name);

/* The runnable lane called name under caller (a process or runnable lane),
 * made with its instance table on first use (entity_type: the producer's
 * word for it). */
ChronoLane *chrono_schedule_runnable_lane (ChronoLane *caller, const char *name, const char *entity_type);
/* A new call of a runnable from since, by the row caller of the parent
 * lane (CHRONO_INSTANCE_NO_CALLER: none).  An inferred call was already running when
 * the trace began: its start is unknown. */
guint chrono_schedule_begin_call (ChronoLane *runnable, gint64 number, gint64 since, guint32 caller, gboolean inferred,
                                  guint64 line);
/* The call's caller is found later (a trace begun mid-call). */
void chrono_schedule_set_caller (ChronoLane *runnable, guint index, guint32 caller);
/* One state of a call over [start, end) in its process instance's slot. */
void chrono_schedule_add_call_state (ChronoScheduleBuilder *builder, ChronoLane *runnable, guint index, gint64 start,
                                     gint64 end, ChronoState state, guint8 flags, guint16 slot);

/* A row saved when a lazily read trace was indexed, back as it was in a
 * decoded chunk's lane (its string ids already in the chunk's strings):
 * the instance or call alive at the chunk's start goes on from there. */
guint chrono_schedule_resume_row (ChronoLane *lane, const ChronoInstance *row);

/* The instance or call ends at time, by its own termination or cut by the
 * trace's end (or its process's); its states must be added before. */
void chrono_schedule_end (ChronoScheduleBuilder *builder, ChronoLane *lane, guint index, gint64 time,
                          gboolean terminated);

/* ---- reading ------------------------------------------------------------ */

/* A state in which an instance occupies a core. */
gboolean chrono_schedule_state_is_on_core (guint8 state);
/* Indices [*lo, *hi) of the sealed spans of lane that start in [from, to]
 * (to G_MAXINT64: to the last). */
void chrono_schedule_spans_starting_in (ChronoSpans *spans, gint64 from, gint64 to, guint *lo, guint *hi);
/* Indices [*lo, *hi) of the sealed spans among which are all the states of
 * row index of a process or runnable lane: those whose instance column is
 * index.  FALSE when the lane has no such row or no sealed spans. */
gboolean chrono_schedule_instance_spans (ChronoLane *lane, guint index, guint *lo, guint *hi);

G_END_DECLS
