/* chrono-otf2-merge-private.h — what the pieces of the OTF2 merge share.
 *
 * A merge reads each input archive twice: a first pass notes the ids each
 * defines (so every input gets its own id range per kind), its clock, its
 * locations and its per-paradigm communicator groups; then a second pass
 * copies its definitions and events into the output archive, every id
 * renumbered and every timestamp put on the first archive's clock. */
#pragma once

#include <otf2/otf2.h>

#include "chrono-clock-map.h"
#include "chrono-loader.h"

G_BEGIN_DECLS

/* The kinds of definition ids, each renumbered on its own (locations, 64
 * bits, apart).  Kinds sharing one id space share one entry: metric
 * classes and instances, communicators and inter-communicators, regular
 * files and directories. */
typedef enum {
  MERGE_STRING,
  MERGE_ATTRIBUTE,
  MERGE_SYSTEM_TREE_NODE,
  MERGE_LOCATION_GROUP,
  MERGE_REGION,
  MERGE_CALLSITE,
  MERGE_CALLPATH,
  MERGE_GROUP,
  MERGE_METRIC_MEMBER,
  MERGE_METRIC,
  MERGE_COMM,
  MERGE_PARAMETER,
  MERGE_RMA_WIN,
  MERGE_CART_DIMENSION,
  MERGE_CART_TOPOLOGY,
  MERGE_SOURCE_CODE_LOCATION,
  MERGE_CALLING_CONTEXT,
  MERGE_INTERRUPT_GENERATOR,
  MERGE_IO_FILE,
  MERGE_IO_HANDLE,
  MERGE_IO_PARADIGM,
  MERGE_N_KINDS
} MergeKind;

#define MERGE_N_PARADIGMS 256 /* OTF2_Paradigm is a uint8_t */
#define MERGE_NO_GROUP OTF2_UNDEFINED_GROUP

typedef struct {
  char *path;
  gboolean have_clock;
  guint64 resolution, offset, length, realtime; /* its ClockProperties */
  guint64 n_ids[MERGE_N_KINDS]; /* one past the largest id it defines */
  GHashTable *defined[MERGE_N_KINDS]; /* the ids it defines: a set per kind */
  guint64 base[MERGE_N_KINDS]; /* what its ids become: id + base */
  GArray *locations; /* guint64: the location ids it defines, in order */
  guint64 location_shift; /* 0 unless its ids collide with an earlier input's */
  /* Per paradigm, its first COMM_LOCATIONS and COMM_SELF groups: the merged
   * archive has one of each per paradigm, as OTF2 requires, so these
   * become the first input's (see group_alias). */
  OTF2_GroupRef comm_locations[MERGE_N_PARADIGMS];
  GArray *comm_location_members[MERGE_N_PARADIGMS]; /* guint64, its own location ids */
  OTF2_GroupRef comm_self[MERGE_N_PARADIGMS];
  guint64 rank_base[MERGE_N_PARADIGMS]; /* its ranks' place in the merged COMM_LOCATIONS group */
  GArray *groups; /* OTF2_GroupRef: the group ids it defines */
  GHashTable *group_alias; /* its groups the first input's above stand for */
  /* its group id → the merged one: dense, as otf2-print wants group ids,
   * so a group that another stands for leaves no gap */
  GHashTable *group_ids;
  /* the system tree node the merge adds above its roots, named after the
   * input so that the merged archive tells which run a location is from:
   * its id and its name's and class's strings, merged ids all */
  char *run_name;
  guint64 run_node, run_name_string, run_class_string;
  ChronoClockMap map; /* its ticks → the first input's */
  GHashTable *properties; /* the anchor's trace properties: name → value */
} MergeInput;

typedef struct {
  MergeInput *inputs;
  guint n_inputs;
  MergeInput *input; /* the one being read */
  /* the output's ClockProperties */
  guint64 resolution, global_offset, length, realtime;
  /* per paradigm: the input whose COMM_LOCATIONS / COMM_SELF group the
   * merged archive keeps (G_MAXUINT: none), and the merged members */
  guint comm_locations_home[MERGE_N_PARADIGMS];
  GArray *comm_location_members[MERGE_N_PARADIGMS]; /* guint64, merged location ids */
  guint comm_self_home[MERGE_N_PARADIGMS];
  gboolean paradigm_written[MERGE_N_PARADIGMS];
  GHashTable *paradigm_properties_written; /* paradigm << 32 | property */
  OTF2_Archive *archive;
  OTF2_GlobalDefWriter *definitions;
  OTF2_EvtWriter *events; /* the location being copied */
  OTF2_AttributeList *attributes; /* an event's attributes, renumbered */
  GError *error; /* the first failure; reading stops there */
  GPtrArray *warnings; /* NULL, or the caller's: a line per thing left out */
  /* the events of the location being copied that were left out, per kind
   * of the reference that made them (see chrono_otf2_merge_drop ()) */
  struct {
    guint64 count, first_id;
    OTF2_TimeStamp first_time;
    const char *first_record;
  } dropped[MERGE_N_KINDS];
} ChronoOtf2Merge;

/* TRUE once SIGINT, SIGTERM or SIGHUP asked the merge to stop. */
gboolean chrono_otf2_merge_stopped (void);

/* ---- chrono-otf2-merge-ids.c: renumbering ------------------------------------------------- */

/* Sets m->error (the first one wins) and returns OTF2_CALLBACK_INTERRUPT. */
OTF2_CallbackCode chrono_otf2_merge_fail (ChronoOtf2Merge *m, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* What a copy callback returns after writing with code. */
OTF2_CallbackCode chrono_otf2_merge_wrote (ChronoOtf2Merge *m, OTF2_ErrorCode code);

guint64 chrono_otf2_merge_ref (ChronoOtf2Merge *m, MergeKind kind, guint64 id);
OTF2_GroupRef chrono_otf2_merge_group (ChronoOtf2Merge *m, OTF2_GroupRef id);
OTF2_LocationRef chrono_otf2_merge_location (ChronoOtf2Merge *m, OTF2_LocationRef id);
/* A newly allocated copy of ids (32-bit references), renumbered. */
gpointer chrono_otf2_merge_refs (ChronoOtf2Merge *m, MergeKind kind, guint n, const uint32_t *ids);
/* A value whose type is a reference, renumbered; any other as it is. */
OTF2_AttributeValue chrono_otf2_merge_value (ChronoOtf2Merge *m, OTF2_Type type, OTF2_AttributeValue value);
OTF2_AttributeValue *chrono_otf2_merge_values (ChronoOtf2Merge *m, guint n, const OTF2_Type *types,
                                               const OTF2_AttributeValue *values);
/* An event's attribute list renumbered, in m->attributes; NULL for none. */
OTF2_AttributeList *chrono_otf2_merge_attributes (ChronoOtf2Merge *m, OTF2_AttributeList *list);
/* Whether the input defines id of kind; the undefined value never is. */
gboolean chrono_otf2_merge_defined (ChronoOtf2Merge *m, MergeKind kind, guint64 id);
gboolean chrono_otf2_merge_group_defined (ChronoOtf2Merge *m, OTF2_GroupRef id);
/* Whether it defines all n ids; if not, *undefined is the first it lacks. */
gboolean chrono_otf2_merge_all_defined (ChronoOtf2Merge *m, MergeKind kind, guint n, const uint32_t *ids,
                                        uint64_t *undefined);
/* Leaves out an event that refers to id of kind, which its archive does not
 * define (the loader skips such records too), and counts it for the
 * location's warning. */
OTF2_CallbackCode chrono_otf2_merge_drop (ChronoOtf2Merge *m, OTF2_LocationRef location, OTF2_TimeStamp time,
                                          const char *record, MergeKind kind, guint64 id);
/* One warning per kind of reference for the events of location left out. */
void chrono_otf2_merge_warn_dropped (ChronoOtf2Merge *m, OTF2_LocationRef location);
/* A timestamp of the input on the first input's clock. */
OTF2_TimeStamp chrono_otf2_merge_time (ChronoOtf2Merge *m, OTF2_TimeStamp time);

/* ---- chrono-otf2-merge-plan.c: the first pass and the id ranges -------------------------- */

void chrono_otf2_merge_note (ChronoOtf2Merge *m, MergeKind kind, guint64 id);
void chrono_otf2_merge_note_location (ChronoOtf2Merge *m, OTF2_LocationRef id);
/* Reads every input's definitions and decides ids and clocks. */
gboolean chrono_otf2_merge_plan (ChronoOtf2Merge *m, ChronoMergeAlign align, GError **error);

/* ---- chrono-otf2-merge-definitions.c: the records written by hand ------------------------ */

void chrono_otf2_merge_register_definitions (OTF2_GlobalDefReaderCallbacks *callbacks);
/* The node named after the input, with its strings: before its definitions. */
gboolean chrono_otf2_merge_write_run_node (ChronoOtf2Merge *m);
void chrono_otf2_merge_register_unknown_events (OTF2_EvtReaderCallbacks *callbacks);

/* ---- chrono-otf2-merge-copy.c (generated): every other record ------------------------------ */

void chrono_otf2_merge_register_scans (OTF2_GlobalDefReaderCallbacks *callbacks);
void chrono_otf2_merge_register_copies (OTF2_GlobalDefReaderCallbacks *callbacks);
void chrono_otf2_merge_register_events (OTF2_EvtReaderCallbacks *callbacks);

/* ---- chrono-otf2-merge-properties.c: the anchor's trace properties ------------------------ */

void chrono_otf2_merge_read_properties (MergeInput *in, OTF2_Reader *otf2);
/* Those every input has with one value. */
gboolean chrono_otf2_merge_write_properties (ChronoOtf2Merge *m);

/* ---- chrono-otf2-merge-output.c: the output folder ---------------------------------------- */

/* Where a merge writes: a temporary folder beside the output, renamed into
 * its place at the end. */
typedef struct {
  char *output; /* the output folder, symbolic links followed */
  char *temporary;
  /* what --force replaces: the old archive's files, relative to output,
   * folders after their files; empty: an empty folder; NULL: nothing */
  GPtrArray *replaced;
} MergeOutput;

/* Refuses an output that is, or is inside, or holds an input's folder,
 * and one that exists unless force allows replacing it (an archive and
 * nothing else, or an empty folder); names in warnings the temporary
 * folders an interrupted merge left beside it; then makes the temporary
 * folder that the archive is written into. */
MergeOutput *chrono_otf2_merge_output_begin (const char *const *inputs, guint n_inputs, const char *output_dir,
                                             gboolean force, GPtrArray *warnings, GError **error);
/* Puts the finished temporary folder in place of the output, then frees out. */
gboolean chrono_otf2_merge_output_commit (MergeOutput *out, const char *output_dir, GError **error);
/* Removes what a failed merge wrote, then frees out. */
void chrono_otf2_merge_output_abandon (MergeOutput *out);

G_END_DECLS
