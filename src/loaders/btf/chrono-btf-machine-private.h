/* chrono-btf-machine-private.h — what the pieces of the BTF state machine share:
 * the entities and their lanes, process instances, runnable calls, semaphore
 * accesses, the machine itself, and the functions one piece calls in another.
 * Only src/loaders/btf/chrono-btf-*.c include it. */
#pragma once

#include "chrono-btf-machine.h"
#include "chrono-schedule.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

G_BEGIN_DECLS

typedef enum {
  BTF_STI,
  BTF_T,
  BTF_I,
  BTF_R,
  BTF_IB,
  BTF_ECU,
  BTF_P,
  BTF_C,
  BTF_SCHED,
  BTF_SIG,
  BTF_SEM,
  BTF_EVENT,
  BTF_SIM,
  BTF_SYS,
  BTF_OTHER,
  BTF_N_TYPES
} BtfType;

typedef enum {
  GROUP_CORES,
  GROUP_TASKS,
  GROUP_ISRS,
  GROUP_RUNNABLES,
  GROUP_SEMAPHORES,
  GROUP_SIGNALS,
  GROUP_OS_EVENTS,
  GROUP_STIMULI,
  GROUP_SCHEDULERS,
  GROUP_SIMULATION,
  GROUP_OTHER,
  N_GROUPS
} Group;

/* Headings stay English in the model (dumps and tests name lanes by them);
 * N_() lets the renderer show them translated. */

typedef enum {
  EV_ACTIVATE,
  EV_START,
  EV_PREEMPT,
  EV_RESUME,
  EV_TERMINATE,
  EV_POLL,
  EV_RUN,
  EV_PARK,
  EV_POLL_PARKING,
  EV_RELEASE_PARKING,
  EV_WAIT,
  EV_RELEASE,
  EV_INFO,
  EV_UNKNOWN
} ProcessEvent;

typedef struct {
  const char *name;
  ProcessEvent event;
} NamedEvent;

/* Per event: the state it leads to, and the states it may come from (the
 * first "from" is also the state inferred before it when the trace starts
 * mid-run).  A "from" equal to the target is a legal duplicate. */
typedef struct {
  ChronoState target;
  ChronoState from[2];
} Transition;

typedef enum { RUN_START, RUN_SUSPEND, RUN_RESUME, RUN_TERMINATE, RUN_OTHER } RunnableEvent;

#define RECENT_TERMINATED 16

typedef struct _Entity Entity;

typedef struct {
  Entity *runnable;
  ChronoLane *lane;
  gint64 number;
  guint index;
  ChronoState state;
  gint64 since;
  guint8 span_flags;
  gboolean inferred; /* alive before its first event (the trace began mid-call) */
} RunnableCall;

typedef struct {
  Entity *entity;
  gint64 number;
  guint index; /* in the process lane's instance table */
  ChronoState state;
  gint64 since;
  guint8 span_flags;
  guint16 slot; /* sub-row, so concurrent instances do not overdraw each other */
  Entity *core; /* the core it occupies, or NULL */
  GPtrArray *calls; /* RunnableCall*, the call stack */
  gboolean deleted; /* deleted while on its core (FreeRTOS): it ends when it leaves it */
} ProcessInstance;

typedef struct {
  ChronoLane *lane;
  ChronoState state;
  gint64 since;
} Access;

struct _Entity {
  char *name;
  BtfType type;
  Entity *same_name; /* the next entity found under the same id of a name (of another type) */
  guint order; /* in the machine's entity_order: its place in the checkpoints' list of names */
  ChronoLane *lane;
  /* processes */
  GPtrArray *live; /* ProcessInstance* */
  gboolean idle_task; /* FreeRTOS's IDLEn: the core it occupies is idle */
  gint64 terminated[RECENT_TERMINATED];
  guint n_terminated;
  /* cores */
  ProcessInstance *occupant;
  ChronoState core_state;
  gint64 core_since;
  guint8 core_flags; /* flags of the open core span (inferred at a mid-run start) */
  /* semaphores */
  ChronoState sem_state;
  gint64 sem_since;
  GHashTable *accesses; /* process name -> Access* */
  /* the rows of the semaphore lane's accesses (chrono-accesses.h) still
   * open, by (process, instance) (OpenRows, their own keys), and the rows
   * holding it now, in the order they were assigned */
  GHashTable *open_accesses;
  GArray *holding; /* guint */
  /* runnables called with no live process */
  GPtrArray *orphan_calls;
  /* runnables: the lane last found under a caller's lane */
  ChronoLane *cached_parent, *cached_lane;
  /* signals: the value held since a time */
  gboolean have_value;
  double value;
  gint64 value_since;
};

struct _ChronoBtfMachine {
  ChronoTrace *trace;
  ChronoStrings *strings;
  ChronoWarnings *warnings;
  GHashTable *entities; /* "T\x1fname" -> Entity* (owns them) */
  GHashTable *by_type[BTF_N_TYPES]; /* name -> Entity*: found without building a key */
  /* the read's id of a name (ChronoBtfEvent.source_id, target_id) -> the
   * entities of that name found so far, one a type, through same_name: by
   * number, where hashing and comparing the name was a quarter of the
   * machine's time; one pointer a name, whatever its types */
  GPtrArray *by_name_id;
  GPtrArray *entity_order; /* Entity*, borrowed, in the order they appeared */
  struct _ChronoBtfNames *saved_names; /* the entities' names the checkpoints so far share */
  ChronoLane *groups[N_GROUPS];
  gboolean have_time;
  gint64 first_time, last_time;
  guint64 line;
  GPtrArray *pending; /* ChronoBtfEvent*: runnable lines waiting for their process */
  gboolean replaying;
  gboolean decoding_chunk; /* restored from a checkpoint: the index pass keeps the semaphores' accesses */
  guint summary_buckets; /* > 0: an index pass, lanes get summaries instead of spans (at most this many buckets) */
  ChronoScheduleBuilder builder; /* lays out instances, occupants and calls (into summaries in an index pass) */
  guint8 open_end; /* the flag of what is still open when the machine finishes */
  /* type codes and event names as written -> parsed, so each spelling is
   * compared case-insensitively once, not on every line */
  GHashTable *type_cache, *event_cache;
};

extern const char *const chrono_btf_type_codes[BTF_N_TYPES];

/* Case-insensitive equality to a lower-case name; the first letter rules
 * out most names without a full comparison. */
static inline gboolean
names_equal (const char *name, const char *lower)
{
  return g_ascii_tolower (name[0]) == lower[0] && g_ascii_strcasecmp (name, lower) == 0;
}

BtfType chrono_btf_parse_type (const char *code);
void chrono_btf_free_call (gpointer data);
ChronoBtfEvent *chrono_btf_copy_event (const ChronoBtfEvent *ev);
void chrono_btf_free_pending (gpointer data);
ChronoLane *chrono_btf_group_lane (ChronoBtfMachine *m, Group group);
Entity *chrono_btf_lookup_entity (ChronoBtfMachine *m, BtfType type, const char *name);
Entity *chrono_btf_ensure_entity (ChronoBtfMachine *m, BtfType type, const char *name, const char *type_code);
/* The same for a name the read gave an id (0: none, found by name). */
Entity *chrono_btf_lookup_named (ChronoBtfMachine *m, BtfType type, const char *name, guint32 id);
Entity *chrono_btf_ensure_named (ChronoBtfMachine *m, BtfType type, const char *name, guint32 id,
                                 const char *type_code);
ChronoSummary *chrono_btf_lane_summary (ChronoBtfMachine *m, ChronoLane *lane);
/* The checkpoints' shared list of entity names (chrono-btf-checkpoint.c). */
void chrono_btf_names_unref (struct _ChronoBtfNames *names);
guint chrono_btf_planned_buckets (ChronoBtfMachine *m);
/* A semaphore's or an access's state (instances, occupants and calls go through m->builder). */
void chrono_btf_add_span (ChronoBtfMachine *m, ChronoLane *lane, gint64 start, gint64 end, ChronoState state,
                          guint8 flags);
void chrono_btf_add_mark (ChronoBtfMachine *m, ChronoLane *lane, const ChronoBtfEvent *ev);
char *chrono_btf_describe_instance (gint64 number);
void chrono_btf_core_close (ChronoBtfMachine *m, Entity *core, gint64 time, guint8 flags);
void chrono_btf_core_take_off (ChronoBtfMachine *m, ProcessInstance *pi, gint64 time);
void chrono_btf_core_put_on (ChronoBtfMachine *m, ProcessInstance *pi, Entity *core, gint64 time, ChronoState state,
                             guint8 flags);
void chrono_btf_core_set_state (ChronoBtfMachine *m, ProcessInstance *pi, gint64 time, ChronoState state);
Entity *chrono_btf_source_core (ChronoBtfMachine *m, const ChronoBtfEvent *ev);
gboolean chrono_btf_is_creation_note (const char *note);
/* A FreeRTOS "delete NAME[ID]" stimulus: the task ends (once off its core). */
gboolean chrono_btf_delete_task (ChronoBtfMachine *m, const ChronoBtfEvent *ev);
gboolean chrono_btf_split_core_prefix (const char *target, guint64 *out_core, char **out_name);
ProcessInstance *chrono_btf_find_live (Entity *e, gint64 number);
void chrono_btf_process_end (ChronoBtfMachine *m, ProcessInstance *pi, gint64 time, gboolean terminated);
void chrono_btf_process_event (ChronoBtfMachine *m, Entity *e, const ChronoBtfEvent *ev);
GPtrArray *chrono_btf_call_stack (ProcessInstance *pi, Entity *runnable);
ChronoInstance *chrono_btf_call_record (RunnableCall *call);
void chrono_btf_runnable_close_call (ChronoBtfMachine *m, ProcessInstance *pi, RunnableCall *call, gint64 time,
                                     guint8 how);
void chrono_btf_defer_runnable_event (ChronoBtfMachine *m, const ChronoBtfEvent *ev);
void chrono_btf_runnable_event (ChronoBtfMachine *m, const ChronoBtfEvent *ev);
void chrono_btf_replay_pending (ChronoBtfMachine *m, Entity *process);
Access *chrono_btf_ensure_access (Entity *sem, const char *process);
void chrono_btf_semaphore_event (ChronoBtfMachine *m, Entity *sem, const ChronoBtfEvent *ev);
void chrono_btf_signal_step (ChronoBtfMachine *m, Entity *sig, gint64 time, double value);
void chrono_btf_signal_event (ChronoBtfMachine *m, Entity *sig, const ChronoBtfEvent *ev);
void chrono_btf_simulation_event (ChronoBtfMachine *m, Entity *sim, const ChronoBtfEvent *ev);
int chrono_btf_compare_entities_by_key (gconstpointer a, gconstpointer b);

G_END_DECLS
