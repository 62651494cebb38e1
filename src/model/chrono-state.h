/* chrono-state.h — the states a span can be in, shared by every format. */
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
  CHRONO_N_STATES
} ChronoState;

/* Span flags. */
typedef enum {
  CHRONO_SPAN_INFERRED = 1 << 0, /* back-filled from the trace start: the trace began mid-run */
  CHRONO_SPAN_OPEN_END = 1 << 1, /* still open at the end of the trace */
  CHRONO_SPAN_CRITICAL = 1 << 2, /* on the critical path an analysis found */
} ChronoSpanFlags;

const char *chrono_state_get_name (ChronoState state);
const char *chrono_state_get_label (ChronoState state);

G_END_DECLS
