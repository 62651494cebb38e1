/* chrono-trace.h — one loaded trace: its clock, lane tree, strings,
 * metadata, warnings and the index of its chunks. */
#pragma once

#include <gio/gio.h>

#include "chrono-attrs.h"
#include "chrono-chunk-cache.h"
#include "chrono-clock.h"
#include "chrono-lane.h"
#include "chrono-links.h"
#include "chrono-messages.h"
#include "chrono-strings.h"
#include "chrono-warnings.h"

G_BEGIN_DECLS

/* A piece of the input file cut at a line boundary (DESIGN.md, "Lazily indexed time ranges"). */
typedef struct {
  guint64 offset; /* byte offset of the first line in the (decompressed) input */
  guint64 length;
  guint64 first_line; /* 1-based */
  gint64 first_time, last_time; /* a chunk with no event: both the time read so far (chunk starts never decrease) */
  gint64 end_time; /* the latest end of anything the chunk holds (a state runs on to the next event) */
  guint64 n_events;
} ChronoChunk;

typedef struct {
  char *key;
  char *value;
} ChronoMetadata;

/* What a trace holds, for the layers above the loaders to ask instead of
 * its format's name (as Evince asks a document which interfaces it has). */
typedef enum {
  CHRONO_TRACE_HAS_CLAIMS = 1 << 0, /* lanes of claims on resources (amount, offset, attributes) */
  CHRONO_TRACE_HAS_INSTANCES = 1 << 1, /* process lanes: states per instance */
  CHRONO_TRACE_HAS_SIGNALS = 1 << 2, /* signal lanes: values over time */
  CHRONO_TRACE_HAS_LINKS = 1 << 3, /* arrows between lanes (dependencies, messages) */
  CHRONO_TRACE_HAS_CORES = 1 << 4, /* lanes of execution units and their occupants */
  CHRONO_TRACE_HAS_CALLS = 1 << 5, /* worker lanes whose spans are calls nested by depth (call paths) */
} ChronoTraceFeatures;

#define CHRONO_TYPE_TRACE (chrono_trace_get_type ())
G_DECLARE_FINAL_TYPE (ChronoTrace, chrono_trace, CHRONO, TRACE, GObject)

ChronoTrace *chrono_trace_new (const char *path, const char *format);

const char *chrono_trace_get_path (ChronoTrace *trace);
const char *chrono_trace_get_format (ChronoTrace *trace);
const ChronoClock *chrono_trace_get_clock (ChronoTrace *trace);
void chrono_trace_set_clock (ChronoTrace *trace, const ChronoClock *clock);

gboolean chrono_trace_has_range (ChronoTrace *trace);
gint64 chrono_trace_get_begin (ChronoTrace *trace);
gint64 chrono_trace_get_end (ChronoTrace *trace);
void chrono_trace_include_time (ChronoTrace *trace, gint64 time);

ChronoStrings *chrono_trace_get_strings (ChronoTrace *trace);
ChronoAttrs *chrono_trace_get_attrs (ChronoTrace *trace);
ChronoLinks *chrono_trace_get_links (ChronoTrace *trace);
/* A run's point-to-point messages (chrono-messages.h), NULL when its reader keeps none. */
ChronoMessages *chrono_trace_get_messages (ChronoTrace *trace);
ChronoMessages *chrono_trace_ensure_messages (ChronoTrace *trace);
ChronoWarnings *chrono_trace_get_warnings (ChronoTrace *trace);

void chrono_trace_add_metadata (ChronoTrace *trace, const char *key, const char *value);
guint chrono_trace_get_n_metadata (ChronoTrace *trace);
const ChronoMetadata *chrono_trace_get_metadata (ChronoTrace *trace, guint index);
const char *chrono_trace_lookup_metadata (ChronoTrace *trace, const char *key);

/* The figures a reader counted while it read the whole file, as its format
 * defines them (a{sv}, in the order they are to be reported): a lazily read
 * trace keeps no detail to count them from later.  Takes a floating ref. */
void chrono_trace_set_statistics (ChronoTrace *trace, GVariant *statistics);
GVariant *chrono_trace_get_statistics (ChronoTrace *trace);
/* A finished piece of statistics as one serialised buffer, returned: a
 * dictionary built value by value is a tree of a score of GVariants (about
 * 1.7 KiB an entry), which for hundreds of thousands of agents, processes
 * or spaces outweighs the trace.  Applied to each entry as it is made, so
 * that the trees never pile up. */
GVariant *chrono_statistics_compact (GVariant *value);

/* The loader's word for what its format holds even where a file has none of
 * it (a TRACE file of signals only is still a trace of claims); the rest is
 * read off the lanes. */
void chrono_trace_add_features (ChronoTrace *trace, ChronoTraceFeatures features);
ChronoTraceFeatures chrono_trace_get_features (ChronoTrace *trace);
gboolean chrono_trace_has_lane_kind (ChronoTrace *trace, ChronoLaneKind kind);

/* The names (string ids) a loader colours items by, read whole or lazily
 * alike (a TRACE claim's colouring value): the renderer gives each its own
 * colour.  Processes, which colour cores, are known by their lanes. */
void chrono_trace_note_colour_label (ChronoTrace *trace, guint32 label);
GArray *chrono_trace_list_colour_labels (ChronoTrace *trace);

GListModel *chrono_trace_get_lanes (ChronoTrace *trace);
void chrono_trace_add_lane (ChronoTrace *trace, ChronoLane *lane);
/* A top-level lane at position (derived lanes go beside what they derive from). */
void chrono_trace_insert_lane (ChronoTrace *trace, guint position, ChronoLane *lane);
void chrono_trace_remove_lane (ChronoTrace *trace, ChronoLane *lane);
GPtrArray *chrono_trace_list_lanes (ChronoTrace *trace);
guint chrono_trace_count_lanes (ChronoTrace *trace);

void chrono_trace_add_chunk (ChronoTrace *trace, const ChronoChunk *chunk);
guint chrono_trace_get_n_chunks (ChronoTrace *trace);
const ChronoChunk *chrono_trace_get_chunk (ChronoTrace *trace, guint index);

guint64 chrono_trace_get_n_events (ChronoTrace *trace);
void chrono_trace_set_n_events (ChronoTrace *trace, guint64 n_events);

/* How the trace was asked to be read ("grouping", "colouring", "filter" for
 * TRACE files); kept so that a reload reads it the same way. */
void chrono_trace_set_option (ChronoTrace *trace, const char *key, const char *value);
const char *chrono_trace_get_option (ChronoTrace *trace, const char *key);
GHashTable *chrono_trace_get_options (ChronoTrace *trace);

void chrono_trace_seal (ChronoTrace *trace);

/* A lazily read trace: its lanes hold summaries, its chunks are decoded on demand. */
void chrono_trace_set_chunk_cache (ChronoTrace *trace, ChronoChunkCache *cache);
ChronoChunkCache *chrono_trace_get_chunk_cache (ChronoTrace *trace);
gboolean chrono_trace_is_lazy (ChronoTrace *trace);
/* The chunk whose start is the last at or before time (chunk starts never decrease). */
guint chrono_trace_find_chunk (ChronoTrace *trace, gint64 time);
gint64 chrono_trace_get_chunk_end (ChronoTrace *trace, guint index);
/* The time chunk index covers, [*out_begin, *out_end): the first chunk from
 * the beginning of time, the last one to its end. */
void chrono_trace_get_chunk_span (ChronoTrace *trace, guint index, gint64 *out_begin, gint64 *out_end);
/* Every chunk whose span overlaps [begin, end], by increasing index (a
 * GArray of guint).  The chunks of a file that is not in time order
 * overlap: all of them are found, in any order of their starts. */
GArray *chrono_trace_find_chunks (ChronoTrace *trace, gint64 begin, gint64 end);
gsize chrono_trace_get_memory_size (ChronoTrace *trace);
/* The marks of every lane (read lazily: as the reader counted them, chrono_lane_get_mark_count). */
guint64 chrono_trace_count_marks (ChronoTrace *trace);

G_END_DECLS
