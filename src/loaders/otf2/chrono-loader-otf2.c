/* chrono-loader-otf2.c — reads OTF2 archives (Score-P, APEX, …) through
 * libotf2: the global definitions (clock, strings, system tree, locations,
 * regions, metrics, communicators), then each location's events.
 *
 * Lanes follow the system tree (machine → node → location group →
 * location); a location's Enter/Leave calls are nested region spans, a row
 * per call depth, coloured by region; its metrics are signal lanes under it
 * (ACCUMULATED_START ones as rates); MPI point-to-point messages are arrows
 * from the send to the matching receive; every other record kind is an
 * instant mark.  Timestamps stay the archive's ticks; the clock's origin is
 * its global offset (../shared/research/otf2.md §2). */
#include <glib/gi18n-lib.h>

#include "chrono-loader-otf2.h"

#include <inttypes.h>
#include <string.h>

#include "chrono-otf2-private.h"

/* ---- definitions ------------------------------------------------------------ */

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

static const char *
lookup_string (ChronoOtf2Reader *r, OTF2_StringRef ref)
{
  const char *text = g_hash_table_lookup (r->string_table, GUINT_TO_POINTER (ref));
  return text ? text : "";
}

static OTF2_CallbackCode
def_clock (void *data, uint64_t resolution, uint64_t offset, uint64_t length, uint64_t realtime)
{
  ChronoOtf2Reader *r = data;
  r->resolution = resolution;
  r->offset = offset;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_string (void *data, OTF2_StringRef self, const char *text)
{
  ChronoOtf2Reader *r = data;
  /* names become lane names and JSON: valid UTF-8 only */
  g_hash_table_insert (r->string_table, GUINT_TO_POINTER (self), g_utf8_make_valid (text, -1));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_system_tree_node (void *data, OTF2_SystemTreeNodeRef self, OTF2_StringRef name, OTF2_StringRef class_name,
                      OTF2_SystemTreeNodeRef parent)
{
  ChronoOtf2Reader *r = data;
  TreeNode *node = g_new0 (TreeNode, 1);
  *node = (TreeNode){ name, parent, NULL };
  g_hash_table_insert (r->tree_nodes, GUINT_TO_POINTER (self), node);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_location_group (void *data, OTF2_LocationGroupRef self, OTF2_StringRef name, OTF2_LocationGroupType type,
                    OTF2_SystemTreeNodeRef parent, OTF2_LocationGroupRef creator)
{
  ChronoOtf2Reader *r = data;
  Group *group = g_new0 (Group, 1);
  *group = (Group){ name, parent, NULL };
  g_hash_table_insert (r->groups, GUINT_TO_POINTER (self), group);
  return OTF2_CALLBACK_SUCCESS;
}

static void
location_free (Location *location)
{
  g_array_unref (location->stack);
  g_hash_table_unref (location->tracks);
  g_free (location);
}

static OTF2_CallbackCode
def_location (void *data, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType type, uint64_t n_events,
              OTF2_LocationGroupRef group)
{
  ChronoOtf2Reader *r = data;
  Location *location = g_new0 (Location, 1);
  location->id = self;
  location->name = name;
  location->group = group;
  location->stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  location->tracks = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_hash_table_insert (r->locations, &location->id, location);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_region (void *data, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef canonical, OTF2_StringRef description,
            OTF2_RegionRole role, OTF2_Paradigm paradigm, OTF2_RegionFlag flags, OTF2_StringRef file,
            uint32_t begin_line, uint32_t end_line)
{
  ChronoOtf2Reader *r = data;
  g_hash_table_insert (r->regions, GUINT_TO_POINTER (self), GUINT_TO_POINTER (name));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_metric_member (void *data, OTF2_MetricMemberRef self, OTF2_StringRef name, OTF2_StringRef description,
                   OTF2_MetricType type, OTF2_MetricMode mode, OTF2_Type value_type, OTF2_Base base, int64_t exponent,
                   OTF2_StringRef unit)
{
  ChronoOtf2Reader *r = data;
  MetricMember *member = g_new0 (MetricMember, 1);
  *member = (MetricMember){ name, mode, value_type };
  g_hash_table_insert (r->metric_members, GUINT_TO_POINTER (self), member);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_metric_class (void *data, OTF2_MetricRef self, uint8_t n, const OTF2_MetricMemberRef *members,
                  OTF2_MetricOccurrence occurrence, OTF2_RecorderKind kind)
{
  ChronoOtf2Reader *r = data;
  GArray *list = g_array_sized_new (FALSE, FALSE, sizeof (guint32), n);
  for (guint i = 0; i < n; i++)
    g_array_append_val (list, members[i]);
  g_hash_table_insert (r->metric_classes, GUINT_TO_POINTER (self), list);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_metric_instance (void *data, OTF2_MetricRef self, OTF2_MetricRef metric_class, OTF2_LocationRef recorder,
                     OTF2_MetricScope scope, uint64_t scope_ref)
{
  ChronoOtf2Reader *r = data;
  g_hash_table_insert (r->metric_instances, GUINT_TO_POINTER (self), GUINT_TO_POINTER (metric_class));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_comm (void *data, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group, OTF2_CommRef parent,
          OTF2_CommFlag flags)
{
  ChronoOtf2Reader *r = data;
  g_hash_table_insert (r->comm_groups, GUINT_TO_POINTER (self), GUINT_TO_POINTER (group));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_group (void *data, OTF2_GroupRef self, OTF2_StringRef name, OTF2_GroupType type, OTF2_Paradigm paradigm,
           OTF2_GroupFlag flags, uint32_t n, const uint64_t *members)
{
  ChronoOtf2Reader *r = data;
  GArray *list = g_array_sized_new (FALSE, FALSE, sizeof (guint64), n);
  g_array_append_vals (list, members, n);
  g_hash_table_insert (r->group_members, GUINT_TO_POINTER (self), list);
  g_hash_table_insert (r->group_types, GUINT_TO_POINTER (self), GUINT_TO_POINTER (type));
  return OTF2_CALLBACK_SUCCESS;
}

static void
register_definitions (OTF2_Reader *otf2, OTF2_GlobalDefReader *defs, ChronoOtf2Reader *r)
{
  OTF2_GlobalDefReaderCallbacks *c = OTF2_GlobalDefReaderCallbacks_New ();
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback (c, def_clock);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback (c, def_string);
  OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback (c, def_system_tree_node);
  OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback (c, def_location_group);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback (c, def_location);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback (c, def_region);
  OTF2_GlobalDefReaderCallbacks_SetMetricMemberCallback (c, def_metric_member);
  OTF2_GlobalDefReaderCallbacks_SetMetricClassCallback (c, def_metric_class);
  OTF2_GlobalDefReaderCallbacks_SetMetricInstanceCallback (c, def_metric_instance);
  OTF2_GlobalDefReaderCallbacks_SetCommCallback (c, def_comm);
  OTF2_GlobalDefReaderCallbacks_SetGroupCallback (c, def_group);
  OTF2_Reader_RegisterGlobalDefCallbacks (otf2, defs, c, r);
  OTF2_GlobalDefReaderCallbacks_Delete (c);
}

/* ---- lanes: the system tree --------------------------------------------------- */

static ChronoLane *
tree_node_lane (ChronoOtf2Reader *r, OTF2_SystemTreeNodeRef ref, guint depth)
{
  TreeNode *node = g_hash_table_lookup (r->tree_nodes, GUINT_TO_POINTER (ref));
  if (node == NULL || depth > 64)
    return NULL;
  if (node->lane == NULL)
    {
      g_autoptr (ChronoLane) lane = chrono_lane_new (lookup_string (r, node->name), CHRONO_LANE_GROUP, "node");
      ChronoLane *parent = tree_node_lane (r, node->parent, depth + 1);
      if (parent != NULL)
        chrono_lane_append_child (parent, lane);
      else
        chrono_trace_add_lane (r->trace, lane);
      node->lane = lane;
    }
  return node->lane;
}

static ChronoLane *
group_lane (ChronoOtf2Reader *r, OTF2_LocationGroupRef ref)
{
  Group *group = g_hash_table_lookup (r->groups, GUINT_TO_POINTER (ref));
  if (group == NULL)
    return NULL;
  if (group->lane == NULL)
    {
      g_autoptr (ChronoLane) lane = chrono_lane_new (lookup_string (r, group->name), CHRONO_LANE_GROUP, "group");
      ChronoLane *parent = tree_node_lane (r, group->parent, 0);
      if (parent != NULL)
        chrono_lane_append_child (parent, lane);
      else
        chrono_trace_add_lane (r->trace, lane);
      group->lane = lane;
    }
  return group->lane;
}

static int
compare_location_ids (const void *a, const void *b)
{
  guint64 x = (*(Location *const *) a)->id, y = (*(Location *const *) b)->id;
  return x < y ? -1 : x > y;
}

/* Every location, sorted by id: lanes, JSON and reading in a fixed order. */
static GPtrArray *
sorted_locations (ChronoOtf2Reader *r)
{
  GPtrArray *list = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, r->locations);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (list, value);
  g_ptr_array_sort (list, compare_location_ids);
  return list;
}

static void
make_location_lanes (ChronoOtf2Reader *r, GPtrArray *locations)
{
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      const char *name = lookup_string (r, location->name);
      g_autofree char *fallback = g_strdup_printf ("Location %" PRIu64, location->id);
      g_autoptr (ChronoLane) lane = chrono_lane_new (*name ? name : fallback, CHRONO_LANE_WORKER, "location");
      chrono_lane_set_source (lane, (gint64) location->id, 0, 0.0);
      ChronoLane *parent = group_lane (r, location->group);
      if (parent != NULL)
        chrono_lane_append_child (parent, lane);
      else
        chrono_trace_add_lane (r->trace, lane);
      location->lane = lane;
    }
}

/* ---- events -------------------------------------------------------------------- */

static Location *
event_location (ChronoOtf2Reader *r, OTF2_LocationRef id, OTF2_TimeStamp time)
{
  gint64 t = (gint64) MIN (time, (OTF2_TimeStamp) G_MAXINT64);
  if (!r->have_time)
    r->begin = r->end = t;
  r->have_time = TRUE;
  r->begin = MIN (r->begin, t);
  r->end = MAX (r->end, t);
  chrono_trace_include_time (r->trace, t);
  guint64 key = id;
  Location *location = g_hash_table_lookup (r->locations, &key);
  if (location != NULL)
    {
      location->have_time = TRUE;
      location->last_time = MAX (location->last_time, t);
    }
  return location;
}

static void
add_mark (ChronoOtf2Reader *r, Location *location, gint64 time, const char *kind)
{
  if (location == NULL)
    return;
  ChronoMark mark = { time, chrono_strings_intern (r->strings, kind), 0, 0, 0 };
  chrono_marks_append (chrono_lane_ensure_marks (location->lane), &mark);
}

OTF2_CallbackCode
chrono_otf2_other_event (void *data, OTF2_LocationRef id, OTF2_TimeStamp time, const char *kind)
{
  ChronoOtf2Reader *r = data;
  Location *location = event_location (r, id, time);
  add_mark (r, location, (gint64) time, kind);
  return OTF2_CALLBACK_SUCCESS;
}

static RegionStats *
region_stats (ChronoOtf2Reader *r, guint32 region)
{
  if (region >= r->region_stats->len)
    g_array_set_size (r->region_stats, region + 1);
  return &g_array_index (r->region_stats, RegionStats, region);
}

static void
add_call_span (ChronoOtf2Reader *r, Location *location, const Frame *frame, guint depth, gint64 end, guint8 flags)
{
  const char *name =
      lookup_string (r, GPOINTER_TO_UINT (g_hash_table_lookup (r->regions, GUINT_TO_POINTER (frame->region))));
  ChronoSpan span = { frame->start,
                      end,
                      CHRONO_STATE_BUSY,
                      flags,
                      (guint16) MIN (depth, G_MAXUINT16),
                      chrono_strings_intern (r->strings, name),
                      CHRONO_NO_INSTANCE,
                      0 };
  chrono_spans_append (chrono_lane_ensure_spans (location->lane), &span);
}

static OTF2_CallbackCode
on_enter (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
          OTF2_RegionRef region)
{
  ChronoOtf2Reader *r = data;
  Location *location = event_location (r, id, time);
  if (location == NULL)
    return OTF2_CALLBACK_SUCCESS;
  location->enters++;
  region_stats (r, region)->calls++;
  Frame frame = { region, (gint64) time };
  g_array_append_val (location->stack, frame);
  return OTF2_CALLBACK_SUCCESS;
}

/* A Leave closes the innermost open Enter of its region; calls opened above
 * it end with it in the picture but count no time. */
static OTF2_CallbackCode
on_leave (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
          OTF2_RegionRef region)
{
  ChronoOtf2Reader *r = data;
  Location *location = event_location (r, id, time);
  if (location == NULL)
    return OTF2_CALLBACK_SUCCESS;
  location->leaves++;
  GArray *stack = location->stack;
  guint i = stack->len;
  while (i > 0 && g_array_index (stack, Frame, i - 1).region != region)
    i--;
  if (i == 0)
    {
      chrono_warnings_add (
          r->warnings, 0, "leave without enter",
          _ ("location %" PRIu64 ": Leave of region “%s” at %" PRIu64 " with no open Enter"), location->id,
          lookup_string (r, GPOINTER_TO_UINT (g_hash_table_lookup (r->regions, GUINT_TO_POINTER (region)))),
          (guint64) time);
      return OTF2_CALLBACK_SUCCESS;
    }
  for (guint k = stack->len; k >= i; k--)
    add_call_span (r, location, &g_array_index (stack, Frame, k - 1), k - 1, (gint64) time, 0);
  const Frame *frame = &g_array_index (stack, Frame, i - 1);
  region_stats (r, region)->inclusive += (guint64) ((gint64) time - frame->start);
  g_array_set_size (stack, i - 1);
  return OTF2_CALLBACK_SUCCESS;
}

/* ---- metrics ----------------------------------------------------------------------- */

static double
metric_value (OTF2_Type type, OTF2_MetricValue value)
{
  switch (type)
    {
    case OTF2_TYPE_INT64: return (double) value.signed_int;
    case OTF2_TYPE_UINT64: return (double) value.unsigned_int;
    case OTF2_TYPE_DOUBLE: return value.floating_point;
    default: return (double) value.signed_int;
    }
}

static MetricTrack *
metric_track (ChronoOtf2Reader *r, Location *location, guint32 member_ref, const MetricMember *member)
{
  MetricTrack *track = g_hash_table_lookup (location->tracks, GUINT_TO_POINTER (member_ref + 1));
  if (track != NULL)
    return track;
  track = g_new0 (MetricTrack, 1);
  track->member = member_ref;
  const char *name = lookup_string (r, member->name);
  g_autofree char *label =
      member->mode == OTF2_METRIC_ACCUMULATED_START ? g_strdup_printf ("%s /s", name) : g_strdup (name);
  g_autoptr (ChronoLane) lane = chrono_lane_new (label, CHRONO_LANE_SIGNAL, "metric");
  chrono_lane_append_child (location->lane, lane);
  track->lane = lane;
  g_hash_table_insert (location->tracks, GUINT_TO_POINTER (member_ref + 1), track);
  return track;
}

/* An absolute value holds until the next; an accumulated one becomes the
 * rate over the interval since the previous sample. */
static void
add_metric_sample (ChronoOtf2Reader *r, MetricTrack *track, const MetricMember *member, gint64 time, double value)
{
  ChronoSignal *signal = chrono_lane_ensure_signal (track->lane, (gint64) r->resolution);
  if (member->mode == OTF2_METRIC_ACCUMULATED_START)
    {
      if (track->have_last && time > track->last_time)
        {
          double rate = (value - track->last_value) * (double) r->resolution / (double) (time - track->last_time);
          ChronoFragment fragment = { track->last_time, time, rate, 0.0, 0.0 };
          chrono_signal_append (signal, &fragment);
        }
    }
  else
    chrono_signal_append_step (signal, time, value);
  track->have_last = TRUE;
  track->last_time = time;
  track->last_value = value;
}

static OTF2_CallbackCode
on_metric (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
           OTF2_MetricRef metric, uint8_t n, const OTF2_Type *types, const OTF2_MetricValue *values)
{
  ChronoOtf2Reader *r = data;
  Location *location = event_location (r, id, time);
  if (location == NULL)
    return OTF2_CALLBACK_SUCCESS;
  location->metrics++;
  gpointer class_ref = GUINT_TO_POINTER (metric);
  if (!g_hash_table_contains (r->metric_classes, class_ref))
    class_ref = g_hash_table_lookup (r->metric_instances, GUINT_TO_POINTER (metric));
  GArray *members = g_hash_table_lookup (r->metric_classes, class_ref);
  for (guint i = 0; members != NULL && i < MIN (n, members->len); i++)
    {
      guint32 member_ref = g_array_index (members, guint32, i);
      MetricMember *member = g_hash_table_lookup (r->metric_members, GUINT_TO_POINTER (member_ref));
      if (member != NULL)
        add_metric_sample (r, metric_track (r, location, member_ref, member), member, (gint64) time,
                           metric_value (types[i], values[i]));
    }
  return OTF2_CALLBACK_SUCCESS;
}

/* ---- messages ------------------------------------------------------------------------ */

/* The location of rank in comm: the comm's group lists ranks as indices
 * into the MPI locations group. */
static gboolean
rank_location (ChronoOtf2Reader *r, guint32 comm, guint32 rank, guint64 *out)
{
  gpointer group = g_hash_table_lookup (r->comm_groups, GUINT_TO_POINTER (comm));
  GArray *members = g_hash_table_lookup (r->group_members, group);
  if (members == NULL || rank >= members->len)
    return FALSE;
  guint64 index = g_array_index (members, guint64, rank);
  GHashTableIter iter;
  gpointer key, type;
  g_hash_table_iter_init (&iter, r->group_types);
  while (g_hash_table_iter_next (&iter, &key, &type))
    if (GPOINTER_TO_UINT (type) == OTF2_GROUP_TYPE_COMM_LOCATIONS)
      {
        GArray *locations = g_hash_table_lookup (r->group_members, key);
        if (locations != NULL && index < locations->len)
          {
            *out = g_array_index (locations, guint64, index);
            return TRUE;
          }
      }
  return FALSE;
}

static void
message_end (ChronoOtf2Reader *r, GArray *ends, guint64 here, gboolean sending, guint32 peer, guint32 comm, guint32 tag,
             OTF2_TimeStamp time)
{
  guint64 there;
  if (!rank_location (r, comm, peer, &there))
    return;
  MessageEnd end = { sending ? here : there, sending ? there : here, comm, tag, (gint64) time };
  g_array_append_val (ends, end);
}

static OTF2_CallbackCode
on_send (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
         uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
  ChronoOtf2Reader *r = data;
  event_location (r, id, time);
  r->messages++;
  message_end (r, r->sends, id, TRUE, receiver, comm, tag, time);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
on_isend (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
          uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t length, uint64_t request)
{
  return on_send (id, time, position, data, attributes, receiver, comm, tag, length);
}

static OTF2_CallbackCode
on_recv (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
         uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
  ChronoOtf2Reader *r = data;
  event_location (r, id, time);
  message_end (r, r->receives, id, FALSE, sender, comm, tag, time);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
on_irecv (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
          uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t length, uint64_t request)
{
  return on_recv (id, time, position, data, attributes, sender, comm, tag, length);
}

static OTF2_CallbackCode
on_collective_begin (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data,
                     OTF2_AttributeList *attributes)
{
  return chrono_otf2_other_event (data, id, time, "MpiCollectiveBegin");
}

static OTF2_CallbackCode
on_collective_end (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data,
                   OTF2_AttributeList *attributes, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root,
                   uint64_t sent, uint64_t received)
{
  return chrono_otf2_other_event (data, id, time, "MpiCollectiveEnd");
}

static int
compare_message_ends (const void *a, const void *b)
{
  const MessageEnd *x = a, *y = b;
  if (x->from != y->from)
    return x->from < y->from ? -1 : 1;
  if (x->to != y->to)
    return x->to < y->to ? -1 : 1;
  if (x->comm != y->comm)
    return x->comm < y->comm ? -1 : 1;
  if (x->tag != y->tag)
    return x->tag < y->tag ? -1 : 1;
  return x->time < y->time ? -1 : x->time > y->time;
}

static gboolean
same_channel (const MessageEnd *x, const MessageEnd *y)
{
  return x->from == y->from && x->to == y->to && x->comm == y->comm && x->tag == y->tag;
}

/* MPI keeps messages of one channel (sender, receiver, communicator, tag)
 * in order: the k-th send matches the k-th receive. */
static void
match_messages (ChronoOtf2Reader *r)
{
  g_array_sort (r->sends, compare_message_ends);
  g_array_sort (r->receives, compare_message_ends);
  guint i = 0, j = 0;
  while (i < r->sends->len && j < r->receives->len)
    {
      const MessageEnd *s = &g_array_index (r->sends, MessageEnd, i), *v = &g_array_index (r->receives, MessageEnd, j);
      if (!same_channel (s, v))
        {
          if (compare_message_ends (s, v) < 0)
            i++;
          else
            j++;
          continue;
        }
      Location *from = g_hash_table_lookup (r->locations, &s->from), *to = g_hash_table_lookup (r->locations, &v->to);
      if (from != NULL && to != NULL)
        {
          ChronoLink link = { from->lane, to->lane, s->time, v->time, s->tag, 0, s->comm };
          chrono_links_append (chrono_trace_get_links (r->trace), &link);
        }
      i++;
      j++;
    }
}

/* ---- reading ----------------------------------------------------------------------------- */

static void
register_events (OTF2_EvtReaderCallbacks *c)
{
  chrono_otf2_register_other_events (c);
  OTF2_EvtReaderCallbacks_SetEnterCallback (c, on_enter);
  OTF2_EvtReaderCallbacks_SetLeaveCallback (c, on_leave);
  OTF2_EvtReaderCallbacks_SetMetricCallback (c, on_metric);
  OTF2_EvtReaderCallbacks_SetMpiSendCallback (c, on_send);
  OTF2_EvtReaderCallbacks_SetMpiIsendCallback (c, on_isend);
  OTF2_EvtReaderCallbacks_SetMpiRecvCallback (c, on_recv);
  OTF2_EvtReaderCallbacks_SetMpiIrecvCallback (c, on_irecv);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveBeginCallback (c, on_collective_begin);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback (c, on_collective_end);
}

/* Each location's events, one location after the other; a location whose
 * file is missing or broken keeps what was read, with a warning. */
static void
read_events (ChronoOtf2Reader *r, OTF2_Reader *otf2, GPtrArray *locations)
{
  for (guint i = 0; i < locations->len; i++)
    OTF2_Reader_SelectLocation (otf2, ((Location *) g_ptr_array_index (locations, i))->id);
  gboolean local_defs = OTF2_Reader_OpenDefFiles (otf2) == OTF2_SUCCESS;
  OTF2_Reader_OpenEvtFiles (otf2);
  OTF2_EvtReaderCallbacks *callbacks = OTF2_EvtReaderCallbacks_New ();
  register_events (callbacks);
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      if (local_defs)
        {
          /* the location's mapping tables, if it has any */
          OTF2_DefReader *defs = OTF2_Reader_GetDefReader (otf2, location->id);
          uint64_t n = 0;
          if (defs != NULL)
            {
              OTF2_Reader_ReadAllLocalDefinitions (otf2, defs, &n);
              OTF2_Reader_CloseDefReader (otf2, defs);
            }
        }
      OTF2_EvtReader *events = OTF2_Reader_GetEvtReader (otf2, location->id);
      uint64_t n = 0;
      if (events == NULL || OTF2_Reader_RegisterEvtCallbacks (otf2, events, callbacks, r) != OTF2_SUCCESS
          || OTF2_Reader_ReadAllLocalEvents (otf2, events, &n) != OTF2_SUCCESS)
        chrono_warnings_add (r->warnings, 0, "location unreadable",
                             _ ("location %" PRIu64 ": its events could not be read to the end (%" PRIu64 " read)"),
                             location->id, (guint64) n);
      if (events != NULL)
        OTF2_Reader_CloseEvtReader (otf2, events);
    }
  OTF2_EvtReaderCallbacks_Delete (callbacks);
  if (local_defs)
    OTF2_Reader_CloseDefFiles (otf2);
  OTF2_Reader_CloseEvtFiles (otf2);
}

/* Calls still open at the end run to the location's last event. */
static void
close_open_calls (ChronoOtf2Reader *r, GPtrArray *locations)
{
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      for (guint k = location->stack->len; k > 0; k--)
        add_call_span (r, location, &g_array_index (location->stack, Frame, k - 1), k - 1, location->last_time,
                       CHRONO_SPAN_OPEN_END);
      GHashTableIter iter;
      gpointer value;
      g_hash_table_iter_init (&iter, location->tracks);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          ChronoSignal *signal = chrono_lane_get_signal (((MetricTrack *) value)->lane);
          if (signal != NULL && chrono_signal_is_step (signal))
            chrono_signal_close_steps (signal, location->last_time);
        }
    }
}

/* ---- info --json ---------------------------------------------------------------------------- */

static GVariant *
seconds (ChronoOtf2Reader *r, gint64 ticks)
{
  return g_variant_new_double ((double) ticks / (double) MAX (r->resolution, 1));
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static GVariant *
regions_report (ChronoOtf2Reader *r)
{
  /* definitions sharing a name are one region */
  g_autoptr (GHashTable) by_name = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  for (guint ref = 0; ref < r->region_stats->len; ref++)
    {
      const RegionStats *s = &g_array_index (r->region_stats, RegionStats, ref);
      if (s->calls == 0)
        continue;
      const char *name = lookup_string (r, GPOINTER_TO_UINT (g_hash_table_lookup (r->regions, GUINT_TO_POINTER (ref))));
      RegionStats *sum = g_hash_table_lookup (by_name, name);
      if (sum == NULL)
        g_hash_table_insert (by_name, (gpointer) name, sum = g_new0 (RegionStats, 1));
      sum->calls += s->calls;
      sum->inclusive += s->inclusive;
    }
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;
  g_hash_table_iter_init (&iter, by_name);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (names, key);
  g_ptr_array_sort (names, compare_names);
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("aa{sv}"));
  for (guint i = 0; i < names->len; i++)
    {
      const RegionStats *s = g_hash_table_lookup (by_name, g_ptr_array_index (names, i));
      GVariantBuilder entry;
      g_variant_builder_init (&entry, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&entry, "{sv}", "name", g_variant_new_string (g_ptr_array_index (names, i)));
      g_variant_builder_add (&entry, "{sv}", "calls", g_variant_new_uint64 (s->calls));
      g_variant_builder_add (&entry, "{sv}", "inclusive_time", seconds (r, (gint64) s->inclusive));
      g_variant_builder_add_value (&list, g_variant_builder_end (&entry));
    }
  return g_variant_builder_end (&list);
}

static GVariant *
locations_report (ChronoOtf2Reader *r, GPtrArray *locations)
{
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("aa{sv}"));
  for (guint i = 0; i < locations->len; i++)
    {
      const Location *location = g_ptr_array_index (locations, i);
      GVariantBuilder entry;
      g_variant_builder_init (&entry, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&entry, "{sv}", "id", g_variant_new_uint64 (location->id));
      g_variant_builder_add (&entry, "{sv}", "name", g_variant_new_string (lookup_string (r, location->name)));
      g_variant_builder_add (&entry, "{sv}", "enters", g_variant_new_uint64 (location->enters));
      g_variant_builder_add (&entry, "{sv}", "leaves", g_variant_new_uint64 (location->leaves));
      g_variant_builder_add (&entry, "{sv}", "metrics", g_variant_new_uint64 (location->metrics));
      g_variant_builder_add_value (&list, g_variant_builder_end (&entry));
    }
  return g_variant_builder_end (&list);
}

static GVariant *
report (ChronoOtf2Reader *r, GPtrArray *locations)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "format", g_variant_new_string ("otf2"));
  gint64 offset = (gint64) MIN (r->offset, (guint64) G_MAXINT64);
  g_variant_builder_add (
      &b, "{sv}", "begin",
      g_variant_new_maybe (G_VARIANT_TYPE_DOUBLE, r->have_time ? seconds (r, r->begin - offset) : NULL));
  g_variant_builder_add (
      &b, "{sv}", "end",
      g_variant_new_maybe (G_VARIANT_TYPE_DOUBLE, r->have_time ? seconds (r, r->end - offset) : NULL));
  g_variant_builder_add (&b, "{sv}", "locations", locations_report (r, locations));
  g_variant_builder_add (&b, "{sv}", "regions", regions_report (r));
  g_variant_builder_add (&b, "{sv}", "messages", g_variant_new_uint64 (r->messages));
  return g_variant_builder_end (&b);
}

/* ---- the loader ------------------------------------------------------------------------------ */

static void
reader_init (ChronoOtf2Reader *r, ChronoTrace *trace, const char *path)
{
  *r = (ChronoOtf2Reader){
    .trace = trace,
    .strings = chrono_trace_get_strings (trace),
    .warnings = chrono_trace_get_warnings (trace),
    .path = path,
    .resolution = 1,
    .string_table = g_hash_table_new_full (NULL, NULL, NULL, g_free),
    .tree_nodes = g_hash_table_new_full (NULL, NULL, NULL, g_free),
    .groups = g_hash_table_new_full (NULL, NULL, NULL, g_free),
    .locations = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) location_free),
    .regions = g_hash_table_new (NULL, NULL),
    .region_stats = g_array_new (FALSE, TRUE, sizeof (RegionStats)),
    .metric_members = g_hash_table_new_full (NULL, NULL, NULL, g_free),
    .metric_classes = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref),
    .metric_instances = g_hash_table_new (NULL, NULL),
    .comm_groups = g_hash_table_new (NULL, NULL),
    .group_members = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref),
    .group_types = g_hash_table_new (NULL, NULL),
    .sends = g_array_new (FALSE, FALSE, sizeof (MessageEnd)),
    .receives = g_array_new (FALSE, FALSE, sizeof (MessageEnd)),
  };
}

static void
reader_clear (ChronoOtf2Reader *r)
{
  g_hash_table_unref (r->string_table);
  g_hash_table_unref (r->tree_nodes);
  g_hash_table_unref (r->groups);
  g_hash_table_unref (r->locations);
  g_hash_table_unref (r->regions);
  g_array_unref (r->region_stats);
  g_hash_table_unref (r->metric_members);
  g_hash_table_unref (r->metric_classes);
  g_hash_table_unref (r->metric_instances);
  g_hash_table_unref (r->comm_groups);
  g_hash_table_unref (r->group_members);
  g_hash_table_unref (r->group_types);
  g_array_unref (r->sends);
  g_array_unref (r->receives);
}

static void
set_clock (ChronoOtf2Reader *r)
{
  ChronoClock clock;
  chrono_clock_init (&clock, (gint64) MIN (MAX (r->resolution, 1), (guint64) G_MAXINT64));
  clock.origin = (gint64) MIN (r->offset, (guint64) G_MAXINT64); /* the ruler counts from the global offset */
  chrono_trace_set_clock (r->trace, &clock);
}

static gboolean
otf2_load (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
           GCancellable *cancellable, GError **error)
{
  OTF2_Reader *otf2 = OTF2_Reader_Open (path);
  if (otf2 == NULL)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID, _ ("%s: not an OTF2 archive libotf2 can open"),
                   path);
      return FALSE;
    }
  OTF2_Reader_SetSerialCollectiveCallbacks (otf2);
  ChronoOtf2Reader r;
  reader_init (&r, trace, path);
  OTF2_GlobalDefReader *defs = OTF2_Reader_GetGlobalDefReader (otf2);
  uint64_t n_defs = 0;
  gboolean ok = defs != NULL;
  if (ok)
    {
      register_definitions (otf2, defs, &r);
      ok = OTF2_Reader_ReadAllGlobalDefinitions (otf2, defs, &n_defs) == OTF2_SUCCESS;
      OTF2_Reader_CloseGlobalDefReader (otf2, defs);
    }
  if (!ok)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s: the archive's global definitions cannot be read"), path);
      OTF2_Reader_Close (otf2);
      reader_clear (&r);
      return FALSE;
    }
  set_clock (&r);
  g_autoptr (GPtrArray) locations = sorted_locations (&r);
  make_location_lanes (&r, locations);
  read_events (&r, otf2, locations);
  OTF2_Reader_Close (otf2);
  close_open_calls (&r, locations);
  match_messages (&r);
  guint64 n_events = 0;
  for (guint i = 0; i < locations->len; i++)
    {
      const Location *location = g_ptr_array_index (locations, i);
      n_events += location->enters + location->leaves + location->metrics;
    }
  chrono_trace_set_n_events (trace, n_events);
  chrono_trace_set_statistics (trace, report (&r, locations));
  reader_clear (&r);
  return TRUE;
}

/* ---- sniffing and the table --------------------------------------------------------------------- */

/* The anchor file starts with byte 03, an endianness byte, then "OTF2\0". */
static int
otf2_sniff (const char *path, const char *head, gsize length)
{
  return length >= 7 && head[0] == 0x03 && memcmp (head + 2, "OTF2", 5) == 0 ? 100 : 0;
}

static const char *const otf2_globs[] = { "*.otf2", NULL };

static const ChronoMimeMatch otf2_anchor_magic[] = { { "\\x03\\x00OTF2\\x00", "0", "0xff00ffffffffff" }, { NULL } };
static const ChronoMimeMagic otf2_magic[] = { { 60, otf2_anchor_magic }, { 0 } };

static const ChronoMimeType otf2_mime_types[] = {
  { .type = "application/x-otf2-archive",
    .comment = N_ ("OTF2 trace archive"),
    .acronym = "OTF2",
    .expanded_acronym = "Open Trace Format 2",
    .generic_icon = "package-x-generic",
    .globs = otf2_globs,
    .n_globs = 1,
    .magic = otf2_magic },
  { NULL },
};

const ChronoLoaderInfo chrono_loader_otf2 = {
  .name = "otf2",
  .description = "OTF2 (Open Trace Format 2)",
  .mime_types = otf2_mime_types,
  .globs = otf2_globs,
  .sniff = otf2_sniff,
  .load = otf2_load,
  .features = CHRONO_TRACE_HAS_LINKS | CHRONO_TRACE_HAS_SIGNALS,
};
