/* chrono-instances.h — the lives of a lane's entity: one row per instance
 * from its first to its last event (a task's activation, a runnable's
 * call).  How rows and a lane's spans go together, and the calls loaders
 * lay them out with, are in chrono-schedule.h. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  CHRONO_INSTANCE_ACTIVATED = 1 << 0, /* began with an activation (or start, for a runnable) */
  CHRONO_INSTANCE_TERMINATED = 1 << 1, /* ended with a termination inside the trace */
  CHRONO_INSTANCE_INFERRED = 1 << 2, /* already alive when the trace began */
} ChronoInstanceFlags;

/* A row's parent when it is no call, or a call no live instance made. */
#define CHRONO_INSTANCE_NO_CALLER G_MAXUINT32

typedef struct {
  gint64 number; /* the producer's instance number; G_MININT64 when unknown */
  gint64 begin, end; /* first and last event; end = trace end while still alive */
  gint64 first_start; /* first allocation to a core / call start; G_MININT64 if none */
  guint32 flags;
  guint32 activations; /* activate events (dup activations included) */
  guint32 preemptions;
  guint32 parent; /* a call's caller: its row in the parent lane, or CHRONO_INSTANCE_NO_CALLER */
  /* Timing analysis measures a life from its latest activation: another
   * activation of an open instance restarts it.  G_MININT64 when unknown. */
  gint64 activated_at;
  gint64 started_at; /* the first allocation to a core since activated_at */
  guint64 line; /* the trace line of activated_at (else of the first event); 0 when unknown */
  /* What made the latest activation (a BTF event's source: a stimulus, a
   * task, an ISR), as a name in the trace's strings, CHRONO_STRING_NONE
   * when unknown; its instance number when activated_by is set. */
  guint32 activated_by;
  gint64 activated_by_instance;
} ChronoInstance;

typedef struct _ChronoInstances ChronoInstances;

ChronoInstances *chrono_instances_new (void);
void chrono_instances_free (ChronoInstances *instances);
guint chrono_instances_add (ChronoInstances *instances, const ChronoInstance *instance);
ChronoInstance *chrono_instances_get (ChronoInstances *instances, guint index);
guint chrono_instances_get_n (ChronoInstances *instances);
/* For an index pass that keeps no detail: a released row is reused by the
 * next add, so the table holds the live instances only. */
void chrono_instances_release (ChronoInstances *instances, guint index);

/* What the released rows added up to. */
typedef struct {
  guint64 n;
  guint64 activated; /* rows begun by an activation (or a call start) */
  guint64 activations, preemptions;
  guint64 response_count; /* activated and terminated */
  guint64 response_min, response_max, response_sum; /* ticks */
} ChronoInstanceTotals;
const ChronoInstanceTotals *chrono_instances_get_released_totals (ChronoInstances *instances);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoInstances, chrono_instances_free)

G_END_DECLS
