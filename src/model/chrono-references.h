/* chrono-references.h — a stream of memory references (loads, stores,
 * instruction fetches) sorted by time, and what a density view asks of it.
 *
 * The records stay where the loader found them (a file read on demand, or
 * an array): record i is read by index, a time is found by binary search.
 * One pass over every record (the halves on two threads) builds the
 * overview: counts per address space and type, and per space a histogram
 * of time buckets × address blocks.  The address axis of a space holds only
 * the blocks it uses, in address order, so code, heap and stack share a
 * lane without the gigabytes between them. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum {
  CHRONO_REF_LOAD,
  CHRONO_REF_STORE,
  CHRONO_REF_FETCH, /* an instruction read */
  CHRONO_REF_OTHER,
  CHRONO_REF_N_CHANNELS,
} ChronoRefChannel;

typedef struct {
  gint64 time;
  guint32 space; /* the producer's address-space id */
  guint32 address;
  guint8 type; /* the producer's own letter ('r', 'w', 'i', …), counted as it is */
  guint8 length; /* bytes accessed */
  guint8 channel; /* ChronoRefChannel: how it is drawn, the loader's reading of type */
} ChronoReference;

/* "Load", "Store", "Instruction fetch", "Other reference" (translated). */
const char *chrono_ref_channel_get_label (ChronoRefChannel channel);
/* What a reference is, for tooltips and the inspector: "Load (r)". */
char *chrono_reference_dup_kind (const ChronoReference *reference);

/* The address axis counts blocks of this many bits of address. */
#define CHRONO_REF_BLOCK_BITS 18
/* Time buckets of the overview histogram. */
#define CHRONO_REF_SUMMARY_BUCKETS 1024
/* A density of at most this many records in the range is counted exactly. */
#define CHRONO_REF_EXACT_BUDGET (1u << 20)

/* Where the records are: n records sorted by time, read by index.  read
 * may be called from several threads at once. */
typedef struct {
  gboolean (*read) (gpointer source, guint64 first, guint n, ChronoReference *out, GError **error);
  void (*free) (gpointer source);
} ChronoReferenceSourceFuncs;

#define CHRONO_TYPE_REFERENCES (chrono_references_get_type ())
G_DECLARE_FINAL_TYPE (ChronoReferences, chrono_references, CHRONO, REFERENCES, GObject)

ChronoReferences *chrono_references_new (const ChronoReferenceSourceFuncs *funcs, gpointer source, guint64 n_records);
/* Records held in memory; takes the array (of ChronoReference), sorting it by time if it is not. */
ChronoReferences *chrono_references_new_in_memory (GArray *records);

typedef void (*ChronoReferencesProgress) (double fraction, gpointer data);
/* The one pass over every record; nothing else may be asked before it. */
gboolean chrono_references_build_summary (ChronoReferences *refs, ChronoReferencesProgress progress,
                                          gpointer progress_data, GCancellable *cancellable, GError **error);

guint64 chrono_references_get_n (ChronoReferences *refs);
/* FALSE when there is no record. */
gboolean chrono_references_get_range (ChronoReferences *refs, gint64 *begin, gint64 *end);
/* Records whose time is earlier than the one before (a file out of order). */
guint64 chrono_references_get_n_out_of_order (ChronoReferences *refs);
guint64 chrono_references_count_type (ChronoReferences *refs, guint8 type);

/* Address spaces, by id. */
guint chrono_references_get_n_spaces (ChronoReferences *refs);
guint32 chrono_references_get_space_id (ChronoReferences *refs, guint space);
gboolean chrono_references_find_space (ChronoReferences *refs, guint32 id, guint *out_space);
guint64 chrono_references_get_space_count (ChronoReferences *refs, guint space, ChronoRefChannel channel);

/* A space's address axis: its used blocks in address order; position p in
 * [0, n_blocks) is block floor(p), the fraction how far into it. */
guint chrono_references_get_n_blocks (ChronoReferences *refs, guint space);
guint32 chrono_references_get_block_address (ChronoReferences *refs, guint space, guint block);
/* An address's place on the axis, or -1 when its block holds no reference. */
double chrono_references_axis_position (ChronoReferences *refs, guint space, guint32 address);

/* The records with begin <= time < end: [*first, *last). */
gboolean chrono_references_find_range (ChronoReferences *refs, gint64 begin, gint64 end, guint64 *first, guint64 *last,
                                       GError **error);
gboolean chrono_references_read (ChronoReferences *refs, guint64 first, guint n, ChronoReference *out, GError **error);

/* References of one space per pixel cell: columns split [begin, end) evenly,
 * rows split the axis positions [axis_lo, axis_hi) evenly, row 0 at axis_lo.
 * density[(row * n_columns + column) * CHRONO_REF_N_CHANNELS + channel] is
 * filled (zeroed first).  Exact (counted record by record) when at most
 * CHRONO_REF_EXACT_BUDGET records fall in the range, else spread from the
 * overview histogram; *exact says which. */
gboolean chrono_references_density (ChronoReferences *refs, guint space, gint64 begin, gint64 end, guint n_columns,
                                    double axis_lo, double axis_hi, guint n_rows, float *density, gboolean *exact,
                                    GError **error);

gsize chrono_references_get_memory_size (ChronoReferences *refs);

G_END_DECLS
