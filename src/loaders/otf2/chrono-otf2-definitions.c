/* chrono-otf2-definitions.c — the archive's global definitions, and the lanes
 * they give: the system tree (machine → node → location group → location). */
#include <glib/gi18n-lib.h>

#include <inttypes.h>
#include <string.h>

#include "chrono-otf2-private.h"

/* ---- definitions ------------------------------------------------------------ */

const char *
chrono_otf2_string (ChronoOtf2Reader *r, OTF2_StringRef ref)
{
  const char *text = g_hash_table_lookup (r->string_table, GUINT_TO_POINTER (ref));
  return text ? text : "";
}

const char *
chrono_otf2_region_name (ChronoOtf2Reader *r, guint32 region)
{
  const char *name =
      chrono_otf2_string (r, GPOINTER_TO_UINT (g_hash_table_lookup (r->regions, GUINT_TO_POINTER (region))));
  /* an empty name is still a region: its calls are counted and nest as any other's */
  return *name != '\0' ? name : _ ("(unnamed region)");
}

static OTF2_CallbackCode
def_clock (void *data, uint64_t resolution, uint64_t offset, uint64_t length, uint64_t realtime)
{
  ChronoOtf2Reader *r = data;
  r->have_clock = TRUE;
  r->resolution = resolution;
  r->offset = offset;
  r->length = length;
  r->realtime = realtime;
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
  *group = (Group){ name, parent, NULL, type };
  g_hash_table_insert (r->groups, GUINT_TO_POINTER (self), group);
  return OTF2_CALLBACK_SUCCESS;
}

void
chrono_otf2_location_free (Location *location)
{
  g_array_unref (location->stack);
  g_hash_table_unref (location->innermost);
  g_hash_table_unref (location->tracks);
  if (location->checkpoints != NULL)
    g_ptr_array_unref (location->checkpoints);
  if (location->channels != NULL)
    g_hash_table_unref (location->channels);
  if (location->recorded_members != NULL)
    g_array_unref (location->recorded_members);
  chrono_call_summary_free (location->calls);
  g_free (location);
}

static OTF2_CallbackCode
def_location (void *data, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType type, uint64_t n_events,
              OTF2_LocationGroupRef group)
{
  ChronoOtf2Reader *r = data;
  if (g_hash_table_contains (r->locations, &self))
    {
      /* the table's key lives in the first one: it stays */
      chrono_warnings_add (r->warnings, 0, "location defined twice",
                           _ ("location %" PRIu64 " is defined twice: its second definition is ignored"),
                           (guint64) self);
      return OTF2_CALLBACK_SUCCESS;
    }
  Location *location = g_new0 (Location, 1);
  location->id = self;
  location->name = name;
  location->type = type;
  location->group = group;
  location->stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  location->innermost = g_hash_table_new (NULL, NULL);
  location->collective_since = G_MININT64;
  location->tracks = g_hash_table_new_full (NULL, NULL, NULL, chrono_otf2_track_free);
  location->channels = chrono_otf2_channels_new ();
  g_hash_table_insert (r->locations, &location->id, location);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_region (void *data, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef canonical, OTF2_StringRef description,
            OTF2_RegionRole role, OTF2_Paradigm paradigm, OTF2_RegionFlag flags, OTF2_StringRef file,
            uint32_t begin_line, uint32_t end_line)
{
  ChronoOtf2Reader *r = data;
  if (self == OTF2_UNDEFINED_REGION)
    {
      chrono_warnings_add (r->warnings, 0, "undefined region",
                           _ ("a region is defined with the undefined id %" PRIu32 ": ignored"), self);
      return OTF2_CALLBACK_SUCCESS;
    }
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
  g_hash_table_insert (r->comm_names, GUINT_TO_POINTER (self), GUINT_TO_POINTER (name));
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
  /* communicators' groups list ranks as indices into this one: found once, not per message;
   * held apart from the table, which drops the list when a damaged archive defines its id again */
  if (type == OTF2_GROUP_TYPE_COMM_LOCATIONS && (r->comm_locations == NULL || paradigm == OTF2_PARADIGM_MPI))
    {
      g_clear_pointer (&r->comm_locations, g_array_unref);
      r->comm_locations = g_array_ref (list);
    }
  return OTF2_CALLBACK_SUCCESS;
}

void
chrono_otf2_register_definitions (OTF2_Reader *otf2, OTF2_GlobalDefReader *defs, ChronoOtf2Reader *r)
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
      g_autoptr (ChronoLane) lane = chrono_lane_new (chrono_otf2_string (r, node->name), CHRONO_LANE_GROUP, "node");
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
      g_autofree char *name = chrono_otf2_group_lane_name (r, ref);
      g_autoptr (ChronoLane) lane = chrono_lane_new (name, CHRONO_LANE_GROUP, "group");
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
GPtrArray *
chrono_otf2_sorted_locations (ChronoOtf2Reader *r)
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

void
chrono_otf2_make_lanes (ChronoOtf2Reader *r, GPtrArray *locations)
{
  g_autoptr (GPtrArray) names = chrono_otf2_location_lane_names (r, locations);
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      g_autoptr (ChronoLane) lane = chrono_lane_new (g_ptr_array_index (names, i), CHRONO_LANE_WORKER, "location");
      chrono_lane_set_source (lane, (gint64) location->id, 0, 0.0);
      ChronoLane *parent = group_lane (r, location->group);
      if (parent != NULL)
        chrono_lane_append_child (parent, lane);
      else
        chrono_trace_add_lane (r->trace, lane);
      location->lane = lane;
    }
}
