/* chrono-etf-private.h — what the pieces of the TRACE reader share: the
 * reader and its records, attribute sets, the .view file's choices, and the
 * functions one piece calls in another.  Only src/loaders/etf/ includes it. */
#pragma once

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "chrono-etf-store.h"
#include "chrono-input.h"
#include "chrono-loader-etf.h"

G_BEGIN_DECLS

/* The index of SECONDS in the unit table (chrono-etf-records.c): a file without TU counts in seconds. */
#define SECONDS_UNIT 3

/* No record has more positional fields; longer lines are only counted. */
#define MAX_FIELDS 8

typedef struct {
  char *field[MAX_FIELDS];
  guint n; /* every field, also those past MAX_FIELDS */
  char *attributes; /* after the first unescaped ';', or NULL */
  gsize attributes_length;
} Fields;

/* Attribute pairs unescaped into one buffer that is reused line after line. */
typedef struct {
  char *buffer;
  gsize size;
  gsize used; /* the keys and values, each NUL-terminated, back to back */
  GPtrArray *keys, *values; /* borrowed: they point into buffer */
} Pairs;

typedef struct {
  gint64 id;
  double capacity;
  gboolean uses_offset;
  guint32 attrs;
  guint64 line;
  ChronoLane *lane;
  ChronoSpans *spans; /* the lane's, once a claim is on it */
  GArray *placed; /* PlacedClaim: claims now on the resource, for packing */
} Resource;

/* A resource id that an R or a C line names; claims keep the index of this,
 * so placing them needs no lookup by id. */
typedef struct {
  gint64 id;
  guint32 resource; /* index in resources of the R line that counts, or CHRONO_ETF_NO_INDEX */
} ResourceRef;

typedef struct {
  gint64 id;
  double t;
  guint32 attrs;
  guint64 line;
} Event;

typedef struct {
  gint64 id, type, src, dst;
  guint32 attrs;
  guint64 line;
} Dependency;

typedef struct {
  double t0, t1, c, b, a; /* as written, in the file's unit */
} RawFragment;

typedef struct {
  gint64 id;
  guint32 attrs;
  gboolean declared;
  guint64 line;
  GArray *fragments; /* RawFragment, file order: times become ticks once the unit is sure; a lazy read keeps none */
  guint n_fragments; /* also those a lazy read does not keep */
  double min_t0, max_t1; /* of its fragments, as written */
  gboolean has_end;
  double last_t1; /* in file units: contiguity is checked as written */
} Signal;

typedef struct {
  double offset, amount;
  gint64 end;
} PlacedClaim;

typedef struct {
  ChronoLane *lane;
  ChronoSpans *spans;
  GArray *slot_ends; /* gint64: when each sub-row is free again */
} Activity;

/* Claims of one job mostly repeat their attribute text, and dependencies
 * use a handful: the text seen last in a slot gives its set without parsing
 * or interning again. */
#define ATTR_CACHE_MIN_SLOTS 64 /* a window or a small file fills few */
#define ATTR_CACHE_SLOTS 4096
#define ATTR_CACHE_TEXT 116

typedef struct {
  guint32 hash;
  guint32 length; /* 0: empty slot */
  guint32 ticket;
  char text[ATTR_CACHE_TEXT];
} AttrCacheEntry;

typedef struct {
  ChronoTrace *trace;
  ChronoWarnings *warnings;
  ChronoAttrs *attrs;
  const char *path;
  guint64 line;
  gint64 ticks_per_unit;
  gint64 ticks_per_second;
  guint64 unit_line; /* the TU line, 0 before one: lines before it were checked in early_ticks_per_unit */
  gint64 early_ticks_per_unit;
  gboolean have_unit, have_offset;
  GArray *resources; /* Resource, file order */
  GArray *resource_refs; /* ResourceRef */
  ChronoEtfIds resource_ids; /* resource id -> index in resource_refs */
  ChronoEtfClaims claims;
  ChronoEtfInterner *interner; /* while reading: attrs of the records are its tickets */
  GArray *events; /* Event */
  ChronoEtfChunked dependencies; /* Dependency, let go as they are linked */
  ChronoEtfIds signal_ids; /* signal id -> index in signal_order */
  GPtrArray *signal_order; /* Signal*, by first appearance */
  GPtrArray *grouping; /* attribute keys that name an activity lane */
  GPtrArray *event_grouping; /* attribute keys that name an events lane; empty: one lane */
  char *colouring; /* attribute key that colours claims, or NULL */
  GHashTable *filter; /* key -> GPtrArray of allowed values: claims must match every key */
  guint64 records;
  Pairs pairs; /* scratch for attribute parsing */
  AttrCacheEntry *attr_cache; /* direct-mapped, attr_cache_mask + 1 slots */
  guint attr_cache_mask;
  guint attr_cache_fills; /* since it last grew */
  char *line_buffer; /* the line being read, NUL-terminated and cut in place */
  gsize line_buffer_size;
  /* A lazy read (chrono-etf-lazy.c) takes each claim here instead of keeping
   * it, attributes still unread in fields->attributes. */
  void (*claim_sink) (gpointer data, ChronoEtfClaim *claim, const Fields *fields);
  gpointer claim_sink_data;
  gboolean claims_only; /* every other line was read already: skip it (fragments too, without a sink) */
  gboolean window_events; /* with claims_only: events are read too (a window of a lazy read) */
  /* A lazy index: of an event's attributes, only the event-grouping pairs
   * that choose its lane are kept; its windows read the rest, for its mark. */
  gboolean event_lanes_only;
  /* A lazy read takes each fragment here instead of keeping it. */
  void (*fragment_sink) (gpointer data, gint64 signal, const RawFragment *fragment);
  gpointer fragment_sink_data;
} EtfReader;

/* How claims find their lanes while the lanes are built (chrono-etf-claims.c). */
#define LANE_CACHE_SLOTS 1024
#define LANE_CACHE_VALUES 4 /* longer groupings are not cached */
#define LABEL_CACHE_SLOTS 256

typedef struct {
  const char *values[LANE_CACHE_VALUES];
  guint32 resource;
  guint32 activity; /* CHRONO_ETF_NO_INDEX: empty slot */
} LaneCacheEntry;

typedef struct {
  const char *value;
  guint32 label;
} LabelCacheEntry;

typedef struct {
  ChronoLane *group;
  GArray *activities; /* Activity */
  GHashTable *by_name; /* lane name -> index + 1 in activities */
  const char **keys; /* KEY_NAME, KEY_COLOURING, then the grouping keys: interned texts or NULL */
  const char **values; /* scratch: their values in one attribute set */
  guint n_keys;
  GString *name; /* scratch */
  LaneCacheEntry lane_cache[LANE_CACHE_SLOTS];
  LabelCacheEntry label_cache[LABEL_CACHE_SLOTS];
} Placement;

void chrono_etf_pairs_init (Pairs *pairs);
void chrono_etf_pairs_clear (Pairs *pairs);
gboolean chrono_etf_parse_pairs (EtfReader *r, const char *text, gsize length);
/* On any thread: text's pairs into pairs (pairs->buffer[0, used) holds
 * them as key, value, key…, each NUL-terminated); FALSE when one has no
 * "=" (chrono_etf_parse_pairs then tells the reader which). */
gboolean chrono_etf_pairs_parse (Pairs *pairs, const char *text, gsize length);
/* pairs->keys and values point at n pairs packed as pairs->buffer packs
 * them, elsewhere (pairs->buffer is not theirs then). */
void chrono_etf_pairs_borrow (Pairs *pairs, const char *packed, guint n);
guint32 chrono_etf_push_pairs (EtfReader *r);
guint32 chrono_etf_intern_attributes (EtfReader *r, const char *text, gsize length);
/* The ticket of the set of text's pairs whose key is one of keys (none: 0). */
guint32 chrono_etf_intern_some_attributes (EtfReader *r, const char *text, gsize length, const GPtrArray *keys);
gint64 chrono_etf_to_ticks (EtfReader *r, double value);
void chrono_etf_set_unit (EtfReader *r, guint unit);
void chrono_etf_free_signal (gpointer data);
void chrono_etf_read_line (EtfReader *r, char *text, char *end);
/* A claim line read as chrono_etf_read_line reads it, with nothing of the
 * reader but its unit, so that another thread can: FALSE for any other line
 * and for a claim a read skips.  claim->resource holds only the offset flag
 * (the resource id is in *resource); fields->attributes are unread. */
gboolean chrono_etf_parse_claim_line (gint64 ticks_per_unit, char *text, char *end, ChronoEtfClaim *claim,
                                      gint64 *resource, Fields *fields);
/* The unit a line's times are checked in (chrono_etf_parse_claim_line and
 * _fragment_line take it): the one in effect where the line is. */
gint64 chrono_etf_check_unit (gint64 ticks_per_unit, guint64 unit_line, gint64 early_ticks_per_unit, guint64 line);
/* An F line as chrono_etf_read_line reads it, on any thread: FALSE for any
 * other line and for a fragment a read skips. */
gboolean chrono_etf_parse_fragment_line (gint64 ticks_per_unit, char *text, char *end, gint64 *signal,
                                         RawFragment *fragment);
/* What an index pass's reading thread makes of a line, with nothing of a
 * reader: a claim or a fragment parsed (its times checked only as far as
 * any unit takes them), nothing (a blank line, a comment), or a line the
 * reader must read itself. */
typedef enum {
  ETF_AHEAD_NOTHING,
  ETF_AHEAD_CLAIM,
  ETF_AHEAD_FRAGMENT,
  ETF_AHEAD_LINE,
} EtfAheadKind;
typedef struct {
  EtfAheadKind kind;
  gboolean swapped; /* a claim that ended before it started, swapped */
  gint64 id; /* a claim's resource, a fragment's signal */
  union {
    ChronoEtfClaim claim;
    RawFragment fragment;
  };
} EtfLineAhead;
/* line holds no NUL in its length bytes; it is left as it is (the reader
 * may read it again), cut in scratch (length + 1 bytes). */
void chrono_etf_parse_ahead (const char *line, gsize length, char *scratch, EtfLineAhead *out);
/* The parsed line numbered r->line read on as chrono_etf_read_line reads
 * it, into the claim and fragment sinks (an index pass); FALSE when the
 * reader must read the line itself (nothing parsed ahead, or times the line's
 * unit does not take: its warning says so). */
gboolean chrono_etf_take_ahead (EtfReader *r, EtfLineAhead *line);
void chrono_etf_set_grouping (EtfReader *r, const char *keys);
void chrono_etf_set_event_grouping (EtfReader *r, const char *keys);
void chrono_etf_read_view_file (EtfReader *r);
void chrono_etf_read_options (EtfReader *r);
gboolean chrono_etf_passes_filter (EtfReader *r, guint32 attrs);
ChronoLane *chrono_etf_add_group (EtfReader *r, const char *name);
void chrono_etf_build_resources (EtfReader *r, ChronoLane *group);
Placement *chrono_etf_placement_new (EtfReader *r, ChronoLane *group);
void chrono_etf_placement_free (Placement *p);
void chrono_etf_place_claims (EtfReader *r, Placement *p);
void chrono_etf_fill_claim_lanes (EtfReader *r, Placement *p);
/* Which events become marks: those at times in [begin, end) (end
 * G_MAXINT64: to the end of time), a window of a lazy read. */
typedef struct {
  gint64 begin, end;
} EtfEventMarks;
extern const EtfEventMarks chrono_etf_all_events;
/* The events' lanes under group; *out_lanes: each event's lane (borrowed),
 * by index.  The events marks selects become marks; with NULL (a lazy
 * index, which keeps none) only the lanes are made. */
void chrono_etf_build_events (EtfReader *r, ChronoLane *group, const EtfEventMarks *marks, GPtrArray **out_lanes);
/* The signals' lanes under group, in the order they appeared, with their
 * fragments; a lazy read, which kept none, passes out_lanes and finds each
 * lane there (borrowed) to give it its summary. */
void chrono_etf_build_signals (EtfReader *r, ChronoLane *group, GPtrArray *out_lanes);
/* A fragment as written, in ticks and per-second coefficients. */
void chrono_etf_convert_fragment (EtfReader *r, const RawFragment *raw, ChronoFragment *out);
void chrono_etf_build_dependencies (EtfReader *r, Placement *p, GPtrArray *event_lanes);

/* Shared by the whole read and the lazy one (chrono-etf-lazy.c). */
void chrono_etf_reader_init (EtfReader *r, ChronoTrace *trace, const char *path);
void chrono_etf_reader_clear (EtfReader *r);
void chrono_etf_read_block (EtfReader *r, const char *data, gsize length);
/* One line of a block as chrono_etf_read_block reads each (its length
 * without the line end), numbered r->line already. */
void chrono_etf_read_text_line (EtfReader *r, const char *text, gsize length);
gboolean chrono_etf_is_legacy (EtfReader *r, const char *data, gsize length, GError **error);
void chrono_etf_resolve_tickets (EtfReader *r);
gboolean chrono_etf_check_records (EtfReader *r, GError **error);
/* The activity lane of a claim about to be placed (CHRONO_ETF_NO_INDEX when
 * it is skipped, with the warning why); sets claim->label too. */
guint32 chrono_etf_place_claim (EtfReader *r, Placement *p, ChronoEtfClaim *claim);
/* The same from the attributes in r->pairs, without interning their set. */
guint32 chrono_etf_place_claim_pairs (EtfReader *r, Placement *p, ChronoEtfClaim *claim);
gboolean chrono_etf_pairs_pass_filter (EtfReader *r);
Resource *chrono_etf_claim_resource (EtfReader *r, const ChronoEtfClaim *claim);
double chrono_etf_pack_claim (Resource *res, gint64 start, gint64 end, double amount);
guint16 chrono_etf_free_slot (GArray *slot_ends, gint64 start, gint64 end);
guint32 chrono_etf_placement_add_activity (Placement *p, const char *name);
guint32 chrono_etf_resource_ref (EtfReader *r, gint64 id);
/* The first claim (in start order) with an id, or NULL. */
typedef const ChronoEtfClaim *(*ChronoEtfFindClaim) (gpointer data, gint64 id);
/* The lane and time of the first event (in file order) with an id; FALSE when none. */
typedef gboolean (*ChronoEtfFindEvent) (gpointer data, gint64 id, ChronoLane **lane, gint64 *time);
/* Each dependency whose ends are found becomes a link of the trace; the
 * dependencies are let go as they are linked. */
void chrono_etf_link_dependencies (EtfReader *r, Placement *p, ChronoEtfFindClaim find_claim,
                                   ChronoEtfFindEvent find_event, gpointer data);
/* Whether a dependency of a type (0 to 8) joins claims or events, at each end. */
void chrono_etf_dependency_ends (gint64 type, gboolean *src_claim, gboolean *dst_claim);
/* Event id -> index of its first event in r->events, the others reported. */
void chrono_etf_number_events (EtfReader *r, ChronoEtfIds *ids);
/* The lazy read (chrono-etf-lazy.c): the loader's index. */
gboolean chrono_etf_index (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
                           GCancellable *cancellable, GError **error);
void chrono_etf_warn_duplicate_claim (EtfReader *r, const ChronoEtfClaim *first, const ChronoEtfClaim *claim);

G_END_DECLS
