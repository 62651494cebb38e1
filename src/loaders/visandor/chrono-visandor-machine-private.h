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

/* chrono-visandor-work.c: what the machine makes of events */
/* A goal may start and finish at one timestamp (producers with a coarse
 * clock): it is kept, and painted a pixel wide. */
void chrono_visandor_add_span (ChronoVisandorMachine *m, ChronoLane *lane, gint64 start, gint64 end, ChronoState state,
                               guint8 flags, guint16 depth, const char *label);
/* An index pass keeps no notes, its marks being counts: the strings that
 * would go with millions of them are not even written. */
gboolean chrono_visandor_keeps_notes (ChronoVisandorMachine *m);
void chrono_visandor_add_mark (ChronoVisandorMachine *m, ChronoLane *lane, gint64 time, const char *kind,
                               const char *note);
void chrono_visandor_add_link (ChronoVisandorMachine *m, ChronoLane *from, gint64 from_time, ChronoLane *to,
                               gint64 to_time, guint32 kind, guint64 node);
/* The value held since the counter last changed, up to time. */
void chrono_visandor_counter_flush (ChronoVisandorMachine *m, Counter *c, gint64 time);
void chrono_visandor_set_agent_busy (ChronoVisandorMachine *m, Agent *agent, ChronoVisandorBusySource source,
                                     gboolean busy, gint64 time);
Agent *chrono_visandor_ensure_agent (ChronoVisandorMachine *m, gint64 number, guint64 wam);
/* The node an agent is running now, to hang what it splits off under. */
guint32 chrono_visandor_current_node (ChronoVisandorMachine *m, Agent *agent);
/* The work an agent runs now, NULL when it runs none with a tree node. */
Work *chrono_visandor_current_work (Agent *agent);
void chrono_visandor_add_stretch (ChronoVisandorMachine *m, guint32 node, ChronoStretchKind kind, Agent *agent,
                                  gint64 start, gint64 end);
/* A fork: the node stops running and waits. */
void chrono_visandor_start_waiting (ChronoVisandorMachine *m, guint32 node, Runner *runner, Agent *agent, gint64 time);
/* Its last open fork joined: the node runs again. */
void chrono_visandor_stop_waiting (ChronoVisandorMachine *m, guint32 node, Runner *runner, gint64 time);
/* A node of the tree, unless the tree is full; line: the file's, for the warning. */
guint32 chrono_visandor_add_node (ChronoVisandorMachine *m, guint64 line, const ChronoTreeNode *node);
guint32 chrono_visandor_open_node (ChronoVisandorMachine *m, guint32 kind, const ChronoVisandorEvent *ev,
                                   guint32 parent, gint64 split_time, guint64 split_order);
void chrono_visandor_end_node (ChronoVisandorMachine *m, guint32 node, gint64 time, ChronoTreeOutcome outcome);
/* The program: what the first agent runs from the first event, up to the
 * trace's end (AND) or its first public node (OR). */
void chrono_visandor_open_root (ChronoVisandorMachine *m, const ChronoVisandorEvent *ev);
void chrono_visandor_close_root (ChronoVisandorMachine *m, gint64 time, ChronoTreeOutcome outcome);
void chrono_visandor_attach_work (ChronoVisandorMachine *m, Work *work, Agent *agent, gint64 time);
Work *chrono_visandor_open_work (ChronoVisandorMachine *m, const WorkKey *key, Agent *agent, gint64 time, guint32 node);
/* The work's stretch on its agent ends at time; the work may go on elsewhere
 * (a suspended branch). */
void chrono_visandor_detach_work (ChronoVisandorMachine *m, Work *work, gint64 time, guint8 flags);
void chrono_visandor_close_work (ChronoVisandorMachine *m, Work *work, gint64 time);
Work *chrono_visandor_lookup_work (ChronoVisandorMachine *m, WorkKind kind, guint64 node, gint64 number, gint64 agent);
void chrono_visandor_warn (ChronoVisandorMachine *m, const ChronoVisandorEvent *ev, const char *category,
                           const char *format, ...) G_GNUC_PRINTF (4, 5);

/* chrono-visandor-and.c: and-parallelism */
/* A goal or branch started again before it ended: the old one ends here. */
void chrono_visandor_restart_work (ChronoVisandorMachine *m, Work *old, gint64 time);
/* The events of and-parallelism, as chrono_visandor_machine_feed hands them on. */
void chrono_visandor_fork_event (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev);
void chrono_visandor_start_goal (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev);
void chrono_visandor_finish_goal (ChronoVisandorMachine *m, const ChronoVisandorEvent *ev);
void chrono_visandor_join_event (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev);

/* chrono-visandor-or.c: or-parallelism */
/* The branches nobody took, under their public node (a row each for the first few). */
void chrono_visandor_show_untaken (ChronoVisandorMachine *m, const PublicNode *node, guint64 line);
/* The events of or-parallelism, as chrono_visandor_machine_feed hands them on. */
void chrono_visandor_make_public (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev);
void chrono_visandor_start_branch (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev);
void chrono_visandor_resume_branch (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev);
void chrono_visandor_suspend_branch (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev);
/* SUCC_BRANCH, FAIL_BRANCH, CUTTING_BRANCH: the branch's end and outcome.
 * A cut may prune a branch no agent took: that is no mistake. */
void chrono_visandor_end_branch (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev,
                                 const char *outcome);
/* Andorra-I: a slave agent works for a branch from START_BUSY to STOP_BUSY. */
void chrono_visandor_slave_event (ChronoVisandorMachine *m, Agent *agent, const ChronoVisandorEvent *ev,
                                  gboolean start);

G_END_DECLS
