/* chrono-visandor-machine-private.h — the VisAndOr machine's state, shared
 * by the machine (chrono-visandor-machine.c) and its checkpoints
 * (chrono-visandor-checkpoint.c), which save and restore it. */
#pragma once

#include "chrono-visandor-machine.h"
#include "chrono-visandor-public.h"
#include "chrono-visandor-rows.h"
#include "chrono-visandor-work-table.h"

G_BEGIN_DECLS

typedef enum { WORK_GOAL, WORK_BRANCH, WORK_SLAVE } WorkKind;

/* kind: a WorkKind */
typedef ChronoVisandorWorkKey WorkKey;

typedef struct _Agent Agent;

/* A goal (or the program) between its fork and its join waits for the
 * goals it forked: that time is not its run, even when its own agent runs
 * one of them (that is the child's run). */
typedef struct {
  gint64 run_from; /* its current stretch of running began here */
  gint64 wait_from; /* while forks_open > 0: its waiting began here */
  guint forks_open;
} Runner;

typedef struct {
  WorkKey key; /* first: the work table finds a Work by it */
  Agent *agent; /* runs it; NULL while a branch is suspended */
  gint64 start;
  guint32 slot;
  int slaves; /* a branch: its START_BUSY lines less its STOP_BUSY lines */
  guint32 node; /* its node of the tree (a slave: the branch's), or CHRONO_TREE_NONE */
  gboolean stacked; /* node is on its agent's stack of nodes, at stack_index */
  guint stack_index;
  Runner runner;
  gint64 suspended_since;
} Work;

G_STATIC_ASSERT (G_STRUCT_OFFSET (Work, key) == 0); /* the work table sees a Work as its key */

struct _Agent {
  gint64 number;
  guint64 wam;
  ChronoLane *lane; /* owned by the agents group */
  guint32 name; /* string id of the lane's name: the tree's stretches say who ran them */
  gboolean working; /* between AGENT_BUSY and AGENT_IDLE */
  gint64 working_since;
  gboolean busy[CHRONO_VISANDOR_N_BUSY_SOURCES]; /* as each counter sees it */
  guint n_work;
  ChronoVisandorRows rows;
  GPtrArray *stack; /* Work: what it runs that has a tree node, innermost last; NULL where one ended below the top */
  GTree *branches; /* Work -> Work: the branches it runs, by start then row; NULL until it runs one */
};

/* A "Busy agents" counter: one per way of telling busy agents apart. */
typedef struct {
  ChronoLane *lane; /* owned until the end hands the chosen one to the trace */
  gint64 value;
  gint64 since;
  gboolean seen; /* its events occur in the trace */
} Counter;

typedef struct {
  ChronoLane *lane;
  gint64 time;
  gint64 n_tasks;
  gint64 finished, open;
  guint32 parent_node; /* the goal that forked */
  gboolean parent_is_root; /* else parent_key names it while it is open */
  WorkKey parent_key;
  guint64 order; /* of the split among its parent's */
  GArray *children; /* guint32: the tree nodes of its goals */
} Fork;

typedef ChronoVisandorPublicNode PublicNode;

struct _ChronoVisandorMachine {
  ChronoTrace *trace;
  ChronoStrings *strings;
  ChronoWarnings *warnings;
  guint summary_buckets; /* > 0: an index pass */
  gboolean decoding;
  ChronoVisandorBusySource busy_source;
  gboolean have_time;
  gint64 first_time;
  guint64 stop_line; /* the line of STOP_TIME, 0 before it */
  guint64 last_line;
  gboolean warned_after_stop;
  ChronoLane *agents_group;
  GHashTable *agents; /* gint64 number -> Agent */
  Agent *last_agent; /* of the last event: most events are of the agent before */
  ChronoVisandorWorkTable work; /* Work, open or suspended, by its key (the machine's) */
  GHashTable *forks; /* guint64 node -> Fork, until its JOIN */
  GHashTable *public_nodes; /* guint64 node -> PublicNode, until every branch started */
  Counter counters[CHRONO_VISANDOR_N_BUSY_SOURCES];
  /* the and/or tree; NULL when decoding a chunk (the index holds it) */
  ChronoVisandorMode mode;
  ChronoTree *tree;
  guint32 root;
  guint64 n_splits;
  guint32 kind_goal, kind_branch, kind_public;
  gint64 root_agent;
  Runner root_runner;
  gboolean root_closed;
  guint max_tree_nodes; /* 0: no limit */
  gboolean tree_full;
};

/* A new agent's lane, under the agents group, and its entry in m->agents. */
Agent *chrono_visandor_agent_new (ChronoVisandorMachine *m, gint64 number, guint64 wam);
/* work, a branch, is among those agent runs. */
void chrono_visandor_note_branch (Agent *agent, Work *work);

G_END_DECLS
