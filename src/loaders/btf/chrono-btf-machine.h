/* chrono-btf-machine.h — replays BTF events through the state machines of
 * the specification and writes spans, marks and signals into a trace. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

/* One data line after splitting, trimming and id resolution. */
typedef struct {
  guint64 line;
  gint64 time;
  const char *source;
  gint64 source_instance; /* CHRONO_BTF_NO_INSTANCE when the field was empty */
  const char *type; /* as written; the machine normalises aliases */
  const char *target;
  gint64 target_instance;
  const char *event;
  const char *note; /* NULL when the line has no 8th field */
  const char *core_hint; /* the core a dialect names in the target, or NULL */
  /* The read's ids of source and target: one name, one id, for a whole read;
   * 0 where the reader gives none (a decoded chunk, an id table, names past
   * the first CHRONO_BTF_MAX_NAME_IDS). */
  guint32 source_id, target_id;
} ChronoBtfEvent;

/* A file of millions of made-up names keeps the memory of their ids small. */
#define CHRONO_BTF_MAX_NAME_IDS (1u << 20)

#define CHRONO_BTF_NO_INSTANCE G_MININT64

typedef struct _ChronoBtfMachine ChronoBtfMachine;

ChronoBtfMachine *chrono_btf_machine_new (ChronoTrace *trace);
void chrono_btf_machine_free (ChronoBtfMachine *machine);

void chrono_btf_machine_declare (ChronoBtfMachine *machine, const char *type, const char *name);
void chrono_btf_machine_feed (ChronoBtfMachine *machine, const ChronoBtfEvent *event);
void chrono_btf_machine_finish (ChronoBtfMachine *machine);
void chrono_btf_machine_finish_at (ChronoBtfMachine *machine, gint64 end, gboolean at_trace_end);

/* An index pass: lanes get level-of-detail summaries of n_buckets instead of
 * spans, marks and signal steps, and instance rows are reused once closed. */
void chrono_btf_machine_set_summary_buckets (ChronoBtfMachine *machine, guint n_buckets);
/* Summaries not yet in buckets take the number the entities known now leave them. */
void chrono_btf_machine_plan_summaries (ChronoBtfMachine *machine);

/* The machine's state between two lines: what a chunk's decoding starts from. */
typedef struct _ChronoBtfCheckpoint ChronoBtfCheckpoint;
ChronoBtfCheckpoint *chrono_btf_machine_save (ChronoBtfMachine *machine);
void chrono_btf_machine_restore (ChronoBtfMachine *machine, const ChronoBtfCheckpoint *checkpoint);
void chrono_btf_checkpoint_free (ChronoBtfCheckpoint *checkpoint);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoBtfMachine, chrono_btf_machine_free)

G_END_DECLS
