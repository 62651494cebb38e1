/* chrono-instance-life.h — the whole life of one task/ISR instance, as the
 * inspector shows it: its states from activation to termination, response
 * time, time per state, each preemption (on which core, by whom, for how
 * long) and the runnables it called.  Computed from the model only, by the
 * rules of chrono-schedule.h. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

/* One state of the instance's life (a span of its process lane). */
typedef struct {
  guint8 state; /* ChronoState */
  guint8 flags; /* ChronoSpanFlags */
  gint64 begin, end;
} ChronoLifeState;

/* A process that ran on the core while an instance was preempted. */
typedef struct {
  char *process;
  gint64 number; /* its instance number, G_MININT64 if unknown */
  gint64 first; /* when it first went on the core in the gap */
  gint64 time; /* ticks it was on the core in the gap */
} ChronoLifeOccupant;

typedef struct {
  gint64 time; /* when it was preempted (RUNNING -> READY) */
  gint64 resumed; /* when it ran again (the READY span's end); G_MININT64 if never */
  gint64 duration; /* resumed - time, or (its life end - time) when never resumed */
  char *core; /* the core it was taken off, or NULL if unknown */
  /* every process that ran on that core in the gap, in order of first
   * start; empty when the core stayed idle (or is unknown) */
  GPtrArray *ran; /* ChronoLifeOccupant* */
  char *preempted_by; /* the first of them, or NULL */
  gint64 preempter_number; /* that process's instance number, G_MININT64 if unknown */
} ChronoLifePreemption;

typedef struct {
  char *name;
  guint depth; /* 0 = called by the process */
  gint64 begin, end;
  gint64 running_time; /* ticks in RUNNING of this call */
  gint64 number; /* the producer's instance number, G_MININT64 when unknown */
} ChronoLifeRunnable;

typedef struct {
  char *process;
  char *type; /* the lane's entity type: "T", "ISR" */
  gint64 number; /* the producer's instance number, G_MININT64 when unknown */
  guint index; /* in the process lane's instance table */
  gint64 begin, end; /* the instance record's */
  gint64 first_start; /* G_MININT64 if none */
  gboolean activated, terminated, inferred;
  gint64 response_time; /* end - begin when activated and terminated, else -1 */
  gint64 time_in_state[CHRONO_N_STATES];
  GArray *states; /* ChronoLifeState in time order */
  GPtrArray *preemptions; /* ChronoLifePreemption*, in time order */
  GPtrArray *runnables; /* ChronoLifeRunnable*, in call (begin) order, nested ones after their caller */
} ChronoInstanceLife;

ChronoInstanceLife *chrono_instance_life_new (ChronoTrace *trace, ChronoLane *process_lane, guint instance_index);
void chrono_instance_life_free (ChronoInstanceLife *life);

/* Who had the cores the instance was taken off, while it was preempted
 * within [from, to): each process and instance with its share of that
 * time, in order of first start (ChronoLifeOccupant*).  A semaphore's
 * holder preempted while another instance waits for it: what ran instead. */
GPtrArray *chrono_instance_life_ran_instead (ChronoInstanceLife *life, ChronoTrace *trace, ChronoLane *process_lane,
                                             gint64 from, gint64 to);

/* Adds what ran in from to into (ChronoLifeOccupant*, as ran_instead
 * gives them): a process instance in both gets the sum of its times, one
 * new to into is moved there, after the others. */
void chrono_life_occupants_merge (GPtrArray *into, GPtrArray *from);
/* An empty list of occupants, as ran_instead gives them. */
GPtrArray *chrono_life_occupants_new (void);
/* The instance whose span covers time on sub-row slot of a process lane. */
gboolean chrono_instance_life_find_at (ChronoLane *process_lane, gint64 time, guint slot, guint *out_instance_index);

/* The previous (direction < 0) or next (direction > 0) instance of the lane
 * in (begin, index) order. */
gboolean chrono_instance_life_adjacent (ChronoLane *process_lane, guint instance_index, int direction,
                                        guint *out_index);

/* A readable multi-line summary; times relative to the clock's origin. */
char *chrono_instance_life_to_text (ChronoInstanceLife *life, const ChronoClock *clock);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoInstanceLife, chrono_instance_life_free)

G_END_DECLS
