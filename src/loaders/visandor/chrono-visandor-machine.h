/* chrono-visandor-machine.h — replays VisAndOr events into a trace: a lane
 * per agent (busy while it works; the goals, branches and slave work it ran,
 * a row per concurrent item), fork and public-node marks, arrows from a fork
 * to the goals other agents took, and a counter of busy agents.  The
 * format note's rules become line-numbered warnings. */
#pragma once

#include "chrono-trace.h"
#include "chrono-visandor-event.h"

G_BEGIN_DECLS

/* What the "Busy agents" counter counts: AGENT_BUSY/AGENT_IDLE when the
 * trace has them, else Andorra-I's START_BUSY/STOP_BUSY, else agents with
 * work open.  Known once the whole file has been read. */
typedef enum {
  CHRONO_VISANDOR_BUSY_BY_AGENT_EVENTS,
  CHRONO_VISANDOR_BUSY_BY_SLAVE_EVENTS,
  CHRONO_VISANDOR_BUSY_BY_WORK,
  CHRONO_VISANDOR_N_BUSY_SOURCES
} ChronoVisandorBusySource;

typedef struct _ChronoVisandorMachine ChronoVisandorMachine;

ChronoVisandorMachine *chrono_visandor_machine_new (ChronoTrace *trace);
void chrono_visandor_machine_free (ChronoVisandorMachine *machine);

/* An index pass: lanes get level-of-detail summaries of n_buckets instead of
 * spans, marks and steps, and the tree keeps at most this many nodes (about
 * 150 bytes each while it is sorted). */
#define CHRONO_VISANDOR_INDEX_TREE_NODES (1u << 20)
void chrono_visandor_machine_set_summary_buckets (ChronoVisandorMachine *machine, guint n_buckets);
/* Decoding a chunk: no warnings (the index pass gave them) and no arrows
 * (the index holds them); the counter is the one the index pass chose. */
void chrono_visandor_machine_set_decoding (ChronoVisandorMachine *machine, ChronoVisandorBusySource busy_source);

/* AND or OR, from the flag line: the tree's name and where the program's node ends. */
void chrono_visandor_machine_set_mode (ChronoVisandorMachine *machine, ChronoVisandorMode mode);

void chrono_visandor_machine_feed (ChronoVisandorMachine *machine, const ChronoVisandorEvent *event);

/* The trace's end: what is open closes here, flagged as open at the end. */
void chrono_visandor_machine_finish (ChronoVisandorMachine *machine, gint64 end);
/* A decoded chunk's end: what is open is cut here, unflagged. */
void chrono_visandor_machine_finish_chunk (ChronoVisandorMachine *machine, gint64 end);
ChronoVisandorBusySource chrono_visandor_machine_get_busy_source (ChronoVisandorMachine *machine);

/* The state between two lines that decoding a chunk starts from. */
typedef struct _ChronoVisandorCheckpoint ChronoVisandorCheckpoint;
ChronoVisandorCheckpoint *chrono_visandor_machine_save (ChronoVisandorMachine *machine);
void chrono_visandor_machine_restore (ChronoVisandorMachine *machine, const ChronoVisandorCheckpoint *checkpoint);
void chrono_visandor_checkpoint_free (ChronoVisandorCheckpoint *checkpoint);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoVisandorMachine, chrono_visandor_machine_free)

G_END_DECLS
