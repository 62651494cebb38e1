/* chrono-otf2-merge-definitions.c — the definitions a merge cannot copy
 * field by field: the clock (the merge writes its own), paradigms (one
 * each per archive), groups (their members are locations, regions,
 * metrics or ranks, by their type), metric instances (their scope is
 * an id of the kind it names) and system tree nodes (the roots go under a
 * node named after their archive).  Every other record is copied by
 * chrono-otf2-merge-copy.c. */
#include <glib/gi18n-lib.h>

#include <inttypes.h>

#include "chrono-otf2-merge-private.h"

static OTF2_CallbackCode
copy_clock (void *data, uint64_t resolution, uint64_t offset, uint64_t length, uint64_t realtime)
{
  return OTF2_CALLBACK_SUCCESS; /* chrono-otf2-merge.c wrote the merged one first */
}

static OTF2_CallbackCode
copy_paradigm (void *data, OTF2_Paradigm paradigm, OTF2_StringRef name, OTF2_ParadigmClass paradigm_class)
{
  ChronoOtf2Merge *m = data;
  if (m->paradigm_written[paradigm])
    return OTF2_CALLBACK_SUCCESS;
  m->paradigm_written[paradigm] = TRUE;
  return chrono_otf2_merge_wrote (
      m, OTF2_GlobalDefWriter_WriteParadigm (
             m->definitions, paradigm, (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), paradigm_class));
}

static OTF2_CallbackCode
copy_paradigm_property (void *data, OTF2_Paradigm paradigm, OTF2_ParadigmProperty property, OTF2_Type type,
                        OTF2_AttributeValue value)
{
  ChronoOtf2Merge *m = data;
  guint64 key = (guint64) paradigm << 32 | property;
  if (g_hash_table_contains (m->paradigm_properties_written, &key))
    return OTF2_CALLBACK_SUCCESS; /* the first archive's word on it */
  g_hash_table_add (m->paradigm_properties_written, g_memdup2 (&key, sizeof key));
  return chrono_otf2_merge_wrote (
      m, OTF2_GlobalDefWriter_WriteParadigmProperty (m->definitions, paradigm, property, type,
                                                     chrono_otf2_merge_value (m, type, value)));
}

/* COMM_GROUP members index the paradigm's COMM_LOCATIONS group, which
 * holds the earlier inputs' ranks first.  With GLOBAL_MEMBERS, events name
 * COMM_LOCATIONS indices directly and would need moving too; a group
 * listing every rank in order (the usual world group) means the same
 * without the flag, which lets event ranks go through the moved list. */
static OTF2_CallbackCode
copy_rank_group (ChronoOtf2Merge *m, OTF2_GroupRef self, OTF2_StringRef name, OTF2_Paradigm paradigm,
                 OTF2_GroupFlag flags, uint32_t n_members, const uint64_t *members)
{
  guint64 base = m->input->rank_base[paradigm];
  if (base != 0 && (flags & OTF2_GROUP_FLAG_GLOBAL_MEMBERS))
    {
      for (uint32_t i = 0; i < n_members; i++)
        if (members[i] != i)
          return chrono_otf2_merge_fail (
              m, _ ("%s: group %" PRIu32 " names global ranks selectively, which cannot be renumbered"), m->input->path,
              self);
      flags &= ~OTF2_GROUP_FLAG_GLOBAL_MEMBERS;
    }
  g_autofree uint64_t *moved = g_new (uint64_t, MAX (n_members, 1));
  for (uint32_t i = 0; i < n_members; i++)
    moved[i] = members[i] + base;
  return chrono_otf2_merge_wrote (
      m, OTF2_GlobalDefWriter_WriteGroup (m->definitions, chrono_otf2_merge_group (m, self),
                                          (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name),
                                          OTF2_GROUP_TYPE_COMM_GROUP, paradigm, flags, n_members, moved));
}

static OTF2_CallbackCode
copy_group (void *data, OTF2_GroupRef self, OTF2_StringRef name, OTF2_GroupType type, OTF2_Paradigm paradigm,
            OTF2_GroupFlag flags, uint32_t n_members, const uint64_t *members)
{
  ChronoOtf2Merge *m = data;
  MergeInput *in = m->input;
  if (g_hash_table_contains (in->group_alias, GUINT_TO_POINTER (self)))
    return OTF2_CALLBACK_SUCCESS; /* the first archive's group of the paradigm stands for it */
  if (type == OTF2_GROUP_TYPE_COMM_LOCATIONS && self == in->comm_locations[paradigm])
    {
      /* the paradigm's one group: every input's ranks */
      GArray *merged = m->comm_location_members[paradigm];
      return chrono_otf2_merge_wrote (
          m, OTF2_GlobalDefWriter_WriteGroup (m->definitions, chrono_otf2_merge_group (m, self),
                                              (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), type,
                                              paradigm, flags, merged->len, (const uint64_t *) merged->data));
    }
  if (type == OTF2_GROUP_TYPE_COMM_GROUP)
    return copy_rank_group (m, self, name, paradigm, flags, n_members, members);
  g_autofree uint64_t *moved = g_new (uint64_t, MAX (n_members, 1));
  for (uint32_t i = 0; i < n_members; i++)
    switch (type)
      {
      case OTF2_GROUP_TYPE_LOCATIONS:
      case OTF2_GROUP_TYPE_COMM_LOCATIONS: moved[i] = chrono_otf2_merge_location (m, members[i]); break;
      case OTF2_GROUP_TYPE_REGIONS: moved[i] = chrono_otf2_merge_ref (m, MERGE_REGION, members[i]); break;
      case OTF2_GROUP_TYPE_METRIC: moved[i] = chrono_otf2_merge_ref (m, MERGE_METRIC, members[i]); break;
      default: /* COMM_SELF has none; UNKNOWN's are nobody's ids */ moved[i] = members[i]; break;
      }
  return chrono_otf2_merge_wrote (
      m, OTF2_GlobalDefWriter_WriteGroup (m->definitions, chrono_otf2_merge_group (m, self),
                                          (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), type,
                                          paradigm, flags, n_members, moved));
}

static OTF2_CallbackCode
copy_metric_instance (void *data, OTF2_MetricRef self, OTF2_MetricRef metric_class, OTF2_LocationRef recorder,
                      OTF2_MetricScope scope_kind, uint64_t scope)
{
  ChronoOtf2Merge *m = data;
  switch (scope_kind)
    {
    case OTF2_SCOPE_LOCATION: scope = chrono_otf2_merge_location (m, scope); break;
    case OTF2_SCOPE_LOCATION_GROUP: scope = chrono_otf2_merge_ref (m, MERGE_LOCATION_GROUP, scope); break;
    case OTF2_SCOPE_SYSTEM_TREE_NODE: scope = chrono_otf2_merge_ref (m, MERGE_SYSTEM_TREE_NODE, scope); break;
    case OTF2_SCOPE_GROUP: scope = chrono_otf2_merge_group (m, (OTF2_GroupRef) scope); break;
    default: break;
    }
  return chrono_otf2_merge_wrote (m, OTF2_GlobalDefWriter_WriteMetricInstance (
                                         m->definitions, (OTF2_MetricRef) chrono_otf2_merge_ref (m, MERGE_METRIC, self),
                                         (OTF2_MetricRef) chrono_otf2_merge_ref (m, MERGE_METRIC, metric_class),
                                         chrono_otf2_merge_location (m, recorder), scope_kind, scope));
}

/* A root of the input's system tree goes under the node named after it. */
static OTF2_CallbackCode
copy_system_tree_node (void *data, OTF2_SystemTreeNodeRef self, OTF2_StringRef name, OTF2_StringRef class_name,
                       OTF2_SystemTreeNodeRef parent)
{
  ChronoOtf2Merge *m = data;
  OTF2_SystemTreeNodeRef merged_parent =
      parent == OTF2_UNDEFINED_SYSTEM_TREE_NODE
          ? (OTF2_SystemTreeNodeRef) m->input->run_node
          : (OTF2_SystemTreeNodeRef) chrono_otf2_merge_ref (m, MERGE_SYSTEM_TREE_NODE, parent);
  return chrono_otf2_merge_wrote (
      m, OTF2_GlobalDefWriter_WriteSystemTreeNode (
             m->definitions, (OTF2_SystemTreeNodeRef) chrono_otf2_merge_ref (m, MERGE_SYSTEM_TREE_NODE, self),
             (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name),
             (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, class_name), merged_parent));
}

gboolean
chrono_otf2_merge_write_run_node (ChronoOtf2Merge *m)
{
  MergeInput *in = m->input;
  return OTF2_GlobalDefWriter_WriteString (m->definitions, (OTF2_StringRef) in->run_name_string, in->run_name)
             == OTF2_SUCCESS
         && OTF2_GlobalDefWriter_WriteString (m->definitions, (OTF2_StringRef) in->run_class_string, "run")
                == OTF2_SUCCESS
         && OTF2_GlobalDefWriter_WriteSystemTreeNode (
                m->definitions, (OTF2_SystemTreeNodeRef) in->run_node, (OTF2_StringRef) in->run_name_string,
                (OTF2_StringRef) in->run_class_string, OTF2_UNDEFINED_SYSTEM_TREE_NODE)
                == OTF2_SUCCESS;
}

static OTF2_CallbackCode
copy_unknown_definition (void *data)
{
  ChronoOtf2Merge *m = data;
  return chrono_otf2_merge_fail (m, _ ("%s: holds a definition this libotf2 does not know, which cannot be copied"),
                                 m->input->path);
}

void
chrono_otf2_merge_register_definitions (OTF2_GlobalDefReaderCallbacks *callbacks)
{
  chrono_otf2_merge_register_copies (callbacks);
  OTF2_GlobalDefReaderCallbacks_SetUnknownCallback (callbacks, copy_unknown_definition);
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback (callbacks, copy_clock);
  OTF2_GlobalDefReaderCallbacks_SetParadigmCallback (callbacks, copy_paradigm);
  OTF2_GlobalDefReaderCallbacks_SetParadigmPropertyCallback (callbacks, copy_paradigm_property);
  OTF2_GlobalDefReaderCallbacks_SetGroupCallback (callbacks, copy_group);
  OTF2_GlobalDefReaderCallbacks_SetMetricInstanceCallback (callbacks, copy_metric_instance);
  OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback (callbacks, copy_system_tree_node);
}

/* An event of a kind this libotf2 does not know cannot be written again:
 * refusing keeps the promise that every event is in the merged archive. */
static OTF2_CallbackCode
copy_unknown_event (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t position, void *data,
                    OTF2_AttributeList *attributes)
{
  ChronoOtf2Merge *m = data;
  return chrono_otf2_merge_fail (
      m, _ ("%s: location %" PRIu64 " holds an event this libotf2 does not know, which cannot be copied"),
      m->input->path, (guint64) location);
}

void
chrono_otf2_merge_register_unknown_events (OTF2_EvtReaderCallbacks *callbacks)
{
  OTF2_EvtReaderCallbacks_SetUnknownCallback (callbacks, copy_unknown_event);
}
