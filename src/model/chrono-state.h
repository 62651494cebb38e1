/* chrono-state.h — the states a span can be in, shared by every format.
 *
 * A format adds its states as rows of the state table (chrono-state.c): a
 * name, a label, a category and its colours.  Palette, legend, overview and
 * load computations read the table and the category, so no other layer lists
 * a format's states. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  CHRONO_STATE_NONE = 0,
  /* processes (BTF tasks and ISRs) */
  CHRONO_STATE_ACTIVE,
  CHRONO_STATE_READY,
  CHRONO_STATE_RUNNING,
  CHRONO_STATE_WAITING,
  CHRONO_STATE_POLLING,
  CHRONO_STATE_PARKING,
  /* runnables */
  CHRONO_STATE_SUSPENDED,
  /* semaphores, and a process's access to one */
  CHRONO_STATE_SEM_FREE,
  CHRONO_STATE_SEM_USED,
  CHRONO_STATE_SEM_FULL,
  CHRONO_STATE_SEM_OVERFULL,
  CHRONO_STATE_SEM_REQUESTED,
  CHRONO_STATE_SEM_HOLDING,
  /* generic: a claim, a region, an interval with no finer state */
  CHRONO_STATE_BUSY,
  /* workers of parallel programs (VisAndOr agents): busy looking after work,
   * and what they work on */
  CHRONO_STATE_WORKING,
  CHRONO_STATE_GOAL,
  CHRONO_STATE_BRANCH,
  CHRONO_STATE_SLAVE,
  /* a core running its idle task (FreeRTOS's IDLEn): occupied, not busy */
  CHRONO_STATE_IDLE,
  /* a range of a process's memory mapped (a file or anonymous memory) */
  CHRONO_STATE_MAPPED,
  CHRONO_N_STATES
} ChronoState;

/* What a state means to someone reading a load picture, whatever the format. */
typedef enum {
  CHRONO_CATEGORY_NONE = 0, /* no state known */
  CHRONO_CATEGORY_IDLE, /* nothing in use: a free semaphore */
  CHRONO_CATEGORY_READY, /* wants to run and waits for a core */
  CHRONO_CATEGORY_RUNNING, /* does work: running, active polling, a claim, a region */
  CHRONO_CATEGORY_WAITING, /* waits for an event of its own choosing */
  CHRONO_CATEGORY_BLOCKED, /* waits for a resource someone else holds */
  CHRONO_CATEGORY_HOLDING, /* holds or uses a resource */
  CHRONO_N_CATEGORIES
} ChronoStateCategory;

/* Span flags. */
typedef enum {
  CHRONO_SPAN_INFERRED = 1 << 0, /* back-filled from the trace start: the trace began mid-run */
  CHRONO_SPAN_OPEN_END = 1 << 1, /* still open at the end of the trace */
  CHRONO_SPAN_CRITICAL = 1 << 2, /* on the critical path an analysis found */
  CHRONO_SPAN_COLLECTIVE = 1 << 3, /* an MPI collective operation under way (OTF2), inside a call but not one */
} ChronoSpanFlags;

/* A set of states, one bit each, as wide as the state table. */
typedef struct {
  guint64 bits[(CHRONO_N_STATES + 63) / 64];
} ChronoStateSet;

const char *chrono_state_get_name (ChronoState state);
const char *chrono_state_get_label (ChronoState state);
ChronoStateCategory chrono_state_get_category (ChronoState state);
/* Work on a core or on a resource: the states a load picture counts. */
gboolean chrono_state_is_busy (ChronoState state);
/* 0xRRGGBB for the light and the dark theme. */
guint32 chrono_state_get_rgb (ChronoState state, gboolean dark);
/* The order in which a crowded column stacks states from its bottom: 0 first. */
guint chrono_state_get_stack_rank (ChronoState state);

static inline void
chrono_state_set_add (ChronoStateSet *set, guint state)
{
  set->bits[state / 64] |= G_GUINT64_CONSTANT (1) << (state % 64);
}

static inline gboolean
chrono_state_set_contains (const ChronoStateSet *set, guint state)
{
  return (set->bits[state / 64] >> (state % 64)) & 1;
}

G_END_DECLS
