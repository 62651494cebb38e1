/* chrono-otf2-private.h — what the pieces of the OTF2 reader share. */
#pragma once

#include <otf2/otf2.h>

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
} Group;

typedef struct {
  guint32 region;
  gint64 start;
} Frame;

typedef struct {
  guint32 member; /* its MetricMember */
  ChronoLane *lane;
  gboolean have_last;
  gint64 last_time;
  double last_value;
} MetricTrack;

typedef struct {
  guint64 id;
  OTF2_StringRef name;
  OTF2_LocationGroupRef group;
  ChronoLane *lane;
  GArray *stack; /* Frame: the open calls, innermost last */
  guint64 enters, leaves, metrics;
  gint64 collective_since; /* a collective operation under way since, or G_MININT64 */
  gboolean have_time;
  gint64 last_time;
  GHashTable *tracks; /* member -> MetricTrack */
} Location;

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
  gint64 time;
} MessageEnd;

typedef struct _ChronoOtf2Reader ChronoOtf2Reader;
struct _ChronoOtf2Reader {
  ChronoTrace *trace;
  ChronoStrings *strings;
  ChronoWarnings *warnings;
  const char *path;
  guint64 resolution, offset;
  gboolean have_time;
  gint64 begin, end;
  GHashTable *string_table; /* OTF2_StringRef -> char* */
  GHashTable *tree_nodes; /* ref -> TreeNode */
  GHashTable *groups; /* ref -> Group */
  GHashTable *locations; /* guint64 id -> Location */
  GHashTable *regions; /* ref -> OTF2_StringRef name */
  GArray *region_stats; /* RegionStats by region ref (grows) */
  GHashTable *metric_members; /* ref -> MetricMember */
  GHashTable *metric_classes; /* ref -> GArray of guint32 members */
  GHashTable *metric_instances; /* ref -> class ref */
  GHashTable *comm_groups; /* comm ref -> group ref */
  GHashTable *group_members; /* group ref -> GArray of guint64 members */
  GHashTable *group_types; /* group ref -> OTF2_GroupType */
  GArray *sends, *receives; /* MessageEnd */
  guint64 messages;
};

/* chrono-otf2-definitions.c */
const char *chrono_otf2_string (ChronoOtf2Reader *r, OTF2_StringRef ref);
void chrono_otf2_location_free (Location *location);
void chrono_otf2_register_definitions (OTF2_Reader *otf2, OTF2_GlobalDefReader *defs, ChronoOtf2Reader *r);
GPtrArray *chrono_otf2_sorted_locations (ChronoOtf2Reader *r);
void chrono_otf2_make_lanes (ChronoOtf2Reader *r, GPtrArray *locations);

/* chrono-otf2-calls.c */
Location *chrono_otf2_event_location (ChronoOtf2Reader *r, OTF2_LocationRef id, OTF2_TimeStamp time);
void chrono_otf2_register_call_events (OTF2_EvtReaderCallbacks *callbacks);
void chrono_otf2_close_open_calls (ChronoOtf2Reader *r, GPtrArray *locations);

/* chrono-otf2-messages.c */
void chrono_otf2_register_message_events (OTF2_EvtReaderCallbacks *callbacks);
void chrono_otf2_match_messages (ChronoOtf2Reader *r);

/* chrono-otf2-report.c */
GVariant *chrono_otf2_report (ChronoOtf2Reader *r, GPtrArray *locations);

/* An event of a kind the loader does not read itself: counted in the
 * bounds, shown as an instant mark. */
OTF2_CallbackCode chrono_otf2_other_event (void *reader, OTF2_LocationRef location, OTF2_TimeStamp time,
                                           const char *kind);
void chrono_otf2_register_other_events (OTF2_EvtReaderCallbacks *callbacks);

G_END_DECLS
