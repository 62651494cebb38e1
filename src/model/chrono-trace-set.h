/* chrono-trace-set.h — traces shown together on one clock, the first's.
 *
 * Each member keeps its own model, loader and lazy cache; the set only
 * says where its ticks fall on the first trace's clock (a ChronoClockMap:
 * by the traces' starts, or by their wall clocks, plus a shift the user
 * chooses) and gives it a heading: with more than one member, each trace
 * is a top-level group of lanes under its name. */
#pragma once

#include "chrono-clock-map.h"
#include "chrono-trace.h"

G_BEGIN_DECLS

typedef enum {
  CHRONO_ALIGN_START, /* the traces' first events line up */
  CHRONO_ALIGN_WALL_CLOCK, /* the times their producers recorded line up */
  CHRONO_ALIGN_TIMESTAMPS, /* their timestamps count on one clock already (one machine's cycle counter): zero on zero */
} ChronoAlignment;

#define CHRONO_TYPE_TRACE_SET (chrono_trace_set_get_type ())
G_DECLARE_FINAL_TYPE (ChronoTraceSet, chrono_trace_set, CHRONO, TRACE_SET, GObject)

ChronoTraceSet *chrono_trace_set_new (ChronoTrace *reference);
/* FALSE with an error when the alignment cannot be made (no wall clock,
 * or the traces lie further apart than 64-bit ticks reach). */
gboolean chrono_trace_set_add (ChronoTraceSet *set, ChronoTrace *trace, ChronoAlignment alignment, GError **error);

guint chrono_trace_set_get_n (ChronoTraceSet *set);
ChronoTrace *chrono_trace_set_get_trace (ChronoTraceSet *set, guint member);
ChronoTrace *chrono_trace_set_get_reference (ChronoTraceSet *set);
/* The member whose model holds lane, or G_MAXUINT. */
guint chrono_trace_set_find_lane (ChronoTraceSet *set, ChronoLane *lane);
/* The member's name, told apart from every other member's: its file's name,
 * with as many of its folders before it as differ from another member's of
 * the same file name ("run-a/traces.otf2"); a file added twice gets " (2)". */
char *chrono_trace_set_dup_name (ChronoTraceSet *set, guint member);
/* The group heading the member's lanes: named as chrono_trace_set_dup_name() says. */
ChronoLane *chrono_trace_set_get_heading (ChronoTraceSet *set, guint member);
ChronoAlignment chrono_trace_set_get_alignment (ChronoTraceSet *set, guint member);

/* The member's ticks on the reference clock: its alignment, then its shift. */
const ChronoClockMap *chrono_trace_set_get_map (ChronoTraceSet *set, guint member);
/* Moves a member by shift reference ticks from where its alignment put it. */
gboolean chrono_trace_set_set_shift (ChronoTraceSet *set, guint member, gint64 shift);
gint64 chrono_trace_set_get_shift (ChronoTraceSet *set, guint member);

/* A member's tick on the reference clock (held at the 64-bit ends). */
gint64 chrono_trace_set_to_reference (ChronoTraceSet *set, guint member, gint64 ticks);
/* From the first event of any member to the last, on the reference clock; FALSE when none has one. */
gboolean chrono_trace_set_get_range (ChronoTraceSet *set, gint64 *begin, gint64 *end);

#define CHRONO_TRACE_SET_ERROR (chrono_trace_set_error_quark ())
GQuark chrono_trace_set_error_quark (void);
typedef enum {
  CHRONO_TRACE_SET_ERROR_NO_WALL_CLOCK,
  CHRONO_TRACE_SET_ERROR_TOO_FAR,
} ChronoTraceSetError;

G_END_DECLS
