/* chrono-otf2-private.h — what the pieces of the OTF2 reader share. */
#pragma once

#include <otf2/otf2.h>

#include "chrono-call-summary.h"
#include "chrono-loader.h"
#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct {
  OTF2_StringRef name;
  OTF2_SystemTreeNodeRef parent;
  ChronoLane *lane; /* borrowed from the lane tree */
} TreeNode;

typedef struct {
  OTF2_StringRef name;
  OTF2_SystemTreeNodeRef parent;
  ChronoLane *lane;
  OTF2_LocationGroupType type;
} Group;

/* The operations OTF2 defines, and one for any other. */
#define CHRONO_OTF2_N_COLLECTIVE_LABELS 18

typedef struct {
  guint32 region;
  guint32 below; /* 1 + the depth of the next open frame of its region below it, 0: none */
  gint64 start;
  guint span; /* its span in the lane, appended at its Enter; G_MAXUINT: none yet (a checkpoint's frame) */
} Frame;

/* How often a problem happened on a location, and when first: one grouped
 * warning per location and kind. */
typedef struct {
  guint64 count;
  gint64 first;
} Tally;

typedef struct {
  guint32 member; /* its MetricMember */
  ChronoLane *lane;
  gboolean have_last;
  gint64 last_time;
  double last_value;
  gboolean as_recorded; /* its values as recorded: an absolute metric, or a counter that goes down */
  gboolean went_down; /* an accumulated counter went down, first at first_down */
  gboolean index_recorded; /* decoding a window: the index showed the counter as recorded */
  gint64 first_down;
  guint64 n_back, first_back; /* samples skipped for coming before the one before, the first's raw time */
  /* an accumulated counter drawn as a rate: its recorded values too, until
   * the end tells which to show (a whole read's signal, an index pass's summary) */
  ChronoSignal *recorded;
  ChronoSummary *recorded_summary;
} MetricTrack;

typedef struct {
  guint64 id;
  OTF2_StringRef name;
  OTF2_LocationType type;
  OTF2_LocationGroupRef group;
  ChronoLane *lane;
  GArray *stack; /* Frame: the open calls, innermost last */
  GHashTable *innermost; /* indexed: region -> 1 + the depth of its innermost open frame */
  gboolean indexed; /* its frames' below and innermost are kept (its Leaves stopped nesting) */
  GArray *never_left; /* decoding: the frames open at its end (Frame), borrowed from the index, or NULL */
  guint64 enters, leaves, metrics;
  /* the nesting rule's cases (chrono-otf2-nesting.c) and times that go back */
  Tally cut_short, other_region, nothing_open, undefined_region, undefined_peer, undefined_metric, time_back,
      time_beyond;
  guint64 left_open;
  gint64 collective_since; /* a collective operation under way since, or G_MININT64 */
  gboolean have_time;
  gint64 last_time; /* its latest event's: calls take this time, which never goes back */
  GHashTable *tracks; /* member -> MetricTrack */
  GPtrArray *checkpoints; /* an index pass: a LocationCheckpoint per window begun so far */
  ChronoCallSummary *calls; /* an index pass: its calls' figures per stretch of the run, kept on its lane */
  GHashTable *channels; /* ChannelKey -> Channel: the message channels it sends or receives on */
  GArray *recorded_members; /* an index pass: guint32, its accumulated members shown as recorded */
} Location;

/* A message channel as one of its ends sees it: MPI keeps the messages of
 * (sender, receiver, communicator, tag) in order, so the k-th send of a
 * channel is received by its k-th receive. */
typedef struct {
  guint64 peer; /* the location at the other end */
  guint32 comm, tag;
  gboolean sending;
} ChannelKey;

/* The first ordinal a window holds on a channel (an index pass notes one
 * per window with ends of the channel): a decoded window numbers its ends
 * from there, and the window of any ordinal is found by binary search. */
typedef struct {
  guint32 window;
  guint64 first;
} ChannelStep;

typedef struct {
  ChannelKey key;
  guint64 next; /* the ordinal of the channel's next end at this location */
  GArray *steps; /* ChannelStep, by window: an index pass */
} Channel;

/* Where a location stands when a window of time begins: the position of
 * its first event in the window, its open calls, its metrics' last values. */
typedef struct {
  guint64 position;
  gboolean no_events; /* the location has no event from here on */
  GArray *stack; /* Frame */
  GArray *tracks; /* MetricTrack, lanes NULL */
  gint64 collective_since;
  gboolean have_time;
  gint64 last_time;
} LocationCheckpoint;

typedef struct {
  OTF2_StringRef name;
  OTF2_MetricMode mode;
  OTF2_Type type;
} MetricMember;

typedef struct {
  guint64 calls;
  guint64 inclusive; /* ticks */
} RegionStats;

/* A send or a receive, waiting for its other end. */
typedef struct {
  guint64 from, to; /* locations */
  guint32 comm, tag;
  guint64 ordinal; /* its place among the ends of its channel at its location */
  gint64 time;
  guint64 bytes; /* the message's length as this end recorded it */
  gint64 call; /* the Enter of the innermost call open at this end (time when none): a late sender's measure */
  guint16 depth; /* that call's depth (its row), 0 when none */
} MessageEnd;

typedef struct _ChronoOtf2Reader ChronoOtf2Reader;
struct _ChronoOtf2Reader {
  ChronoTrace *trace;
  ChronoStrings *strings;
  ChronoWarnings *warnings;
  const char *path;
  guint64 resolution, offset;
  gboolean have_clock; /* the archive had clock properties */
  gboolean have_time;
  gint64 begin, end;
  GHashTable *string_table; /* OTF2_StringRef -> char* */
  GHashTable *tree_nodes; /* ref -> TreeNode */
  GHashTable *groups; /* ref -> Group */
  GHashTable *locations; /* guint64 id -> Location */
  /* the location of the last event: a location's events come one after
   * another, so most events find theirs without a lookup */
  Location *last_location;
  GHashTable *span_labels; /* region ref -> 1 + its name's string id in this reader's trace, once a span needed it */
  GHashTable *regions; /* ref -> OTF2_StringRef name */
  GHashTable *region_stats; /* region ref -> RegionStats: the regions called */
  GHashTable *metric_members; /* ref -> MetricMember */
  GHashTable *metric_classes; /* ref -> GArray of guint32 members */
  GHashTable *metric_instances; /* ref -> class ref */
  GHashTable *comm_groups; /* comm ref -> group ref */
  GHashTable *comm_names; /* comm ref -> OTF2_StringRef name */
  GHashTable *group_members; /* group ref -> GArray of guint64 members */
  GArray *comm_locations; /* guint64: the MPI ranks' locations (a COMM_LOCATIONS group's members), owned */
  GArray *sends, *receives; /* MessageEnd */
  guint64 messages;
  guint32 collectives_seen; /* 1 << OTF2_CollectiveOp of the collectives that ended (ops past 31: bit 31) */
  guint64 length; /* ClockProperties' trace length, ticks */
  guint64
      realtime; /* ClockProperties' nanoseconds since the Unix epoch at the global offset, or OTF2_UNDEFINED_TIMESTAMP */
  /* lazy reading (chrono-otf2-lazy.c) */
  guint summary_buckets; /* > 0: an index pass, lanes get summaries */
  GHashTable *region_labels; /* region ref -> its name's string id, interned before the threads (not decoding) */
  /* The same, and each region's figures in this reader, by ref when the refs
   * are about as many as the regions (an id of the file never sizes them):
   * a lookup an event for each (NULL, 0: the tables above alone). */
  guint32 *dense_labels; /* owned by the reader that interned the labels, 0: no region */
  RegionStats **dense_stats; /* this reader's own, NULL until the region is called */
  guint32 n_dense;
  guint32 collective_labels[CHRONO_OTF2_N_COLLECTIVE_LABELS]; /* the same for each operation's */
  GArray *windows; /* gint64: the start of each window, then the end of the last */
  GArray *window_events; /* guint64 per window: an index pass counts them */
  gboolean decoding; /* reading one window, from the checkpoints */
  gint64 window_end; /* decoding: events from here on are the next window's */
  gboolean window_over; /* decoding: this location's window is read */
  gboolean worker; /* one of the reading threads: the trace is not its to change */
  GMutex *model_lock; /* a reading thread: held to add to the trace's strings and attribute sets */
  guint window; /* decoding: the window read */
  GHashTable *index_channels; /* decoding: location id -> its channels in the index pass (Channel), borrowed */
  GHashTable *index_checkpoints; /* decoding: location id -> GPtrArray of LocationCheckpoint, borrowed */
  GHashTable *index_recorded; /* decoding: location id -> its recorded_members in the index pass, borrowed */
  GHashTable *resolve_channels; /* resolving: ChannelKey -> Channel of the one location read */
  GArray *resolved; /* resolving: the message ends read (MessageEnd) */
};

/* chrono-otf2-reader.c */
void chrono_otf2_reader_init (ChronoOtf2Reader *r, ChronoTrace *trace, const char *path);
void chrono_otf2_reader_clear (ChronoOtf2Reader *r);
/* libotf2 prints each error to standard error; Chronoscope's own say what
 * went wrong with which file.  Once per process. */
void chrono_otf2_quiet_errors (void);
OTF2_Reader *chrono_otf2_open (ChronoOtf2Reader *r, GPtrArray **out_locations, GError **error);
/* starts: NULL, every location from its start; or per location (same
 * order) the checkpoint of a window to begin at, NULL: none. */
void chrono_otf2_read_events (ChronoOtf2Reader *r, OTF2_Reader *otf2, GPtrArray *locations, GPtrArray *starts);
/* After a whole read or an index pass: arrows, events, statistics. */
void chrono_otf2_finish (ChronoOtf2Reader *r, GPtrArray *locations);

/* chrono-otf2-definitions.c */
const char *chrono_otf2_string (ChronoOtf2Reader *r, OTF2_StringRef ref);
/* A region's name, "(unnamed region)" when it is empty (never "": that is no label at all). */
const char *chrono_otf2_region_name (ChronoOtf2Reader *r, guint32 region);
void chrono_otf2_location_free (Location *location);
void chrono_otf2_register_definitions (OTF2_Reader *otf2, OTF2_GlobalDefReader *defs, ChronoOtf2Reader *r);
GPtrArray *chrono_otf2_sorted_locations (ChronoOtf2Reader *r);
void chrono_otf2_make_lanes (ChronoOtf2Reader *r, GPtrArray *locations);

/* chrono-otf2-calls.c */
/* The location of an event, its time noted; NULL: no such location, or
 * (decoding) the event is past the window: the callback then returns
 * chrono_otf2_status (). */
Location *chrono_otf2_event_location (ChronoOtf2Reader *r, OTF2_LocationRef id, OTF2_TimeStamp time, guint64 position);
OTF2_CallbackCode chrono_otf2_status (ChronoOtf2Reader *r);
/* An instant mark named kind on the location (its summary in an index pass). */
void chrono_otf2_mark (ChronoOtf2Reader *r, Location *location, gint64 time, const char *kind);
/* A lane's summary in an index pass, from the trace's first time on. */
ChronoSummary *chrono_otf2_summary (ChronoOtf2Reader *r, ChronoLane *lane);
void chrono_otf2_register_call_events (OTF2_EvtReaderCallbacks *callbacks);
/* What is open ends at end, or at each location's last event when end is G_MININT64. */
void chrono_otf2_close_open_calls (ChronoOtf2Reader *r, GPtrArray *locations, gint64 end);

/* chrono-otf2-names.c: lane names for what the archive left unnamed (or
 * named by a bare number), from its type and group */
char *chrono_otf2_group_lane_name (ChronoOtf2Reader *r, OTF2_LocationGroupRef ref);
/* The lane names of the locations, in their (id) order. */
GPtrArray *chrono_otf2_location_lane_names (ChronoOtf2Reader *r, GPtrArray *locations);

/* chrono-otf2-tracks.c */
void chrono_otf2_track_free (gpointer track);
/* After a whole read or an index pass: each counter that went down shows
 * its recorded values (one warning), the samples skipped are warned about. */
void chrono_otf2_finish_tracks (ChronoOtf2Reader *r, GPtrArray *locations);
/* After decoding a window that ends at end (G_MININT64: each location's
 * last event): each counter's lane carries its recorded values too, and
 * shows the reading the index showed. */
void chrono_otf2_finish_window_tracks (ChronoOtf2Reader *r, GPtrArray *locations, gint64 end);

/* chrono-otf2-nesting.c */
void chrono_otf2_tally (Tally *tally, guint64 n, gint64 time);
void chrono_otf2_push_frame (Location *location, guint32 region, gint64 start);
void chrono_otf2_pop_frame (Location *location);
/* The depth of the frame a Leave of region closes with every frame above
 * it, its case tallied; G_MAXUINT: nothing is open, the Leave is ignored. */
guint chrono_otf2_leave_depth (Location *location, guint32 region, gint64 time);
/* After a checkpoint's stack was restored: the index is built anew when needed. */
void chrono_otf2_forget_index (Location *location);
RegionStats *chrono_otf2_region_stats (GHashTable *region_stats, guint32 region);
GHashTable *chrono_otf2_region_stats_new (void);
/* After a whole read or an index pass: a warning per location and case. */
void chrono_otf2_warn_nesting (ChronoOtf2Reader *r, GPtrArray *locations);

/* chrono-otf2-lazy.c */
void chrono_otf2_note_windows (ChronoOtf2Reader *r, Location *location, gint64 time, guint64 position);
void chrono_otf2_end_windows (ChronoOtf2Reader *r, Location *location);
void chrono_otf2_checkpoint_free (gpointer checkpoint);
guint64 chrono_otf2_archive_size (const char *anchor);
gboolean chrono_otf2_index (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
                            GCancellable *cancellable, GError **error);
/* Decoding a window: the location's metric lanes from a checkpoint, each
 * holding its last value from the window's start. */
void chrono_otf2_restore_tracks (ChronoOtf2Reader *r, Location *location, GArray *tracks, gint64 window_start);

/* chrono-otf2-parallel.c */
/* The threads that read the locations: a whole read on one reads them itself. */
guint chrono_otf2_reading_threads (ChronoOtf2Reader *r, GPtrArray *locations);
/* Every location's events, runs of them on every core (r->region_labels
 * set first); what the threads found merged into r. */
void chrono_otf2_read_in_parallel (ChronoOtf2Reader *r, GPtrArray *locations);
/* r->region_labels and r->collective_labels, before the threads. */
void chrono_otf2_intern_labels (ChronoOtf2Reader *r);
/* Into the trace's strings, or attribute sets, from any reading thread. */
guint32 chrono_otf2_intern (ChronoOtf2Reader *r, const char *text);
guint32 chrono_otf2_intern_attrs (ChronoOtf2Reader *r, const char *const *keys, const char *const *values, guint n);

/* chrono-otf2-messages.c */
void chrono_otf2_register_message_events (OTF2_EvtReaderCallbacks *callbacks);
/* Pairs the sends and receives read as arrows; the ends left without a
 * partner go to lone_sends and lone_receives (NULL: dropped). */
void chrono_otf2_match_messages (ChronoOtf2Reader *r, GArray *lone_sends, GArray *lone_receives);
void chrono_otf2_add_message_link (ChronoOtf2Reader *r, const MessageEnd *send, const MessageEnd *receive);
int chrono_otf2_compare_message_ends (const void *a, const void *b);

/* chrono-otf2-channels.c */
GHashTable *chrono_otf2_channels_new (void);
/* The ordinal of a new end of the channel at location; in an index pass,
 * the window's first ordinal noted. */
guint64 chrono_otf2_channel_next (ChronoOtf2Reader *r, Location *location, const ChannelKey *key);
/* Decoding: the arrows of the window's ends whose other end lies in
 * another window, that window read for the other location alone. */
void chrono_otf2_resolve_crossing_messages (ChronoOtf2Reader *r, OTF2_Reader *otf2, GArray *lone_sends,
                                            GArray *lone_receives);
/* name NULL: cut by a window's or the trace's end before its operation was
 * known; attrs its communicator, root and bytes (0: none known). */
void chrono_otf2_collective_span (ChronoOtf2Reader *r, Location *location, gint64 end, guint8 flags, const char *name,
                                  guint32 attrs);

/* The string id of a region's name (r->region_labels). */
guint32 chrono_otf2_region_label (ChronoOtf2Reader *r, guint32 region);
/* The figures of a region called in this reader, made on its first call. */
RegionStats *chrono_otf2_called_region (ChronoOtf2Reader *r, guint32 region);
/* Frees r's labels of the regions (chrono_otf2_intern_labels). */
void chrono_otf2_clear_labels (ChronoOtf2Reader *r);
/* What a collective's span is labelled, "Bcast (collective)"; the operations
 * past the last one OTF2 defines are all "collective (collective)". */
char *chrono_otf2_collective_label (guint op);
/* The names the picture colours calls by (regions called, collectives
 * seen), for the trace's ranked palette: read whole and lazily alike. */
void chrono_otf2_note_colour_labels (ChronoOtf2Reader *r);

/* chrono-otf2-report.c */
GVariant *chrono_otf2_report (ChronoOtf2Reader *r, GPtrArray *locations);

/* An event of a kind the loader does not read itself: counted in the
 * bounds, shown as an instant mark. */
OTF2_CallbackCode chrono_otf2_other_event (void *reader, OTF2_LocationRef location, OTF2_TimeStamp time,
                                           guint64 position, const char *kind);
void chrono_otf2_register_other_events (OTF2_EvtReaderCallbacks *callbacks);

G_END_DECLS
