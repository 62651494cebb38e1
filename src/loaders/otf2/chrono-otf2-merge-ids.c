/* chrono-otf2-merge-ids.c — an input's ids and timestamps as the merged
 * archive has them: each kind's ids moved past the earlier inputs' (see
 * chrono-otf2-merge-plan.c), its locations moved only when they collide,
 * its timestamps through the input's ChronoClockMap. */
#include <glib/gi18n-lib.h>

#include <inttypes.h>
#include <stdarg.h>

#include "chrono-otf2-merge-private.h"

OTF2_CallbackCode
chrono_otf2_merge_fail (ChronoOtf2Merge *m, const char *format, ...)
{
  if (m->error == NULL)
    {
      va_list args;
      va_start (args, format);
      g_autofree char *message = g_strdup_vprintf (format, args);
      va_end (args);
      m->error = g_error_new_literal (CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID, message);
    }
  return OTF2_CALLBACK_INTERRUPT;
}

OTF2_CallbackCode
chrono_otf2_merge_wrote (ChronoOtf2Merge *m, OTF2_ErrorCode code)
{
  if (m->error != NULL)
    return OTF2_CALLBACK_INTERRUPT; /* a renumbering failed while the record was made */
  if (chrono_otf2_merge_stopped ())
    return chrono_otf2_merge_fail (m, _ ("interrupted; nothing was written"));
  if (code != OTF2_SUCCESS)
    return chrono_otf2_merge_fail (m, _ ("%s: a record could not be written to the merged archive (%s)"),
                                   m->input->path, OTF2_Error_GetDescription (code));
  return OTF2_CALLBACK_SUCCESS;
}

static const char *const kind_names[MERGE_N_KINDS] = {
  [MERGE_STRING] = "string",
  [MERGE_ATTRIBUTE] = "attribute",
  [MERGE_SYSTEM_TREE_NODE] = "system tree node",
  [MERGE_LOCATION_GROUP] = "location group",
  [MERGE_REGION] = "region",
  [MERGE_CALLSITE] = "callsite",
  [MERGE_CALLPATH] = "callpath",
  [MERGE_GROUP] = "group",
  [MERGE_METRIC_MEMBER] = "metric member",
  [MERGE_METRIC] = "metric",
  [MERGE_COMM] = "communicator",
  [MERGE_PARAMETER] = "parameter",
  [MERGE_RMA_WIN] = "RMA window",
  [MERGE_CART_DIMENSION] = "cartesian dimension",
  [MERGE_CART_TOPOLOGY] = "cartesian topology",
  [MERGE_SOURCE_CODE_LOCATION] = "source code location",
  [MERGE_CALLING_CONTEXT] = "calling context",
  [MERGE_INTERRUPT_GENERATOR] = "interrupt generator",
  [MERGE_IO_FILE] = "I/O file",
  [MERGE_IO_HANDLE] = "I/O handle",
  [MERGE_IO_PARADIGM] = "I/O paradigm",
};

/* An id of a kind no input defines may still be "undefined": the
 * all-ones value of its width, kept as it is. */
guint64
chrono_otf2_merge_ref (ChronoOtf2Merge *m, MergeKind kind, guint64 id)
{
  guint64 undefined = kind == MERGE_IO_PARADIGM ? OTF2_UNDEFINED_UINT8 : OTF2_UNDEFINED_UINT32;
  if (id == undefined)
    return id;
  /* an id it never defined would land in another input's range, or on
   * nothing: a reference the merged archive could not resolve */
  if (!chrono_otf2_merge_defined (m, kind, id))
    {
      chrono_otf2_merge_fail (m, _ ("%s: refers to %s %" PRIu64 ", which it does not define"), m->input->path,
                              kind_names[kind], id);
      return id;
    }
  return id + m->input->base[kind];
}

gboolean
chrono_otf2_merge_defined (ChronoOtf2Merge *m, MergeKind kind, guint64 id)
{
  return id <= G_MAXUINT32 && g_hash_table_contains (m->input->defined[kind], GUINT_TO_POINTER ((guint) id));
}

gboolean
chrono_otf2_merge_group_defined (ChronoOtf2Merge *m, OTF2_GroupRef id)
{
  return g_hash_table_contains (m->input->group_ids, GUINT_TO_POINTER (id));
}

gboolean
chrono_otf2_merge_all_defined (ChronoOtf2Merge *m, MergeKind kind, guint n, const uint32_t *ids, uint64_t *undefined)
{
  for (guint i = 0; i < n; i++)
    if (!chrono_otf2_merge_defined (m, kind, ids[i]))
      {
        *undefined = ids[i];
        return FALSE;
      }
  return TRUE;
}

OTF2_CallbackCode
chrono_otf2_merge_drop (ChronoOtf2Merge *m, OTF2_LocationRef location, OTF2_TimeStamp time, const char *record,
                        MergeKind kind, guint64 id)
{
  if (m->dropped[kind].count++ == 0)
    {
      m->dropped[kind].first_id = id;
      m->dropped[kind].first_time = time;
      m->dropped[kind].first_record = record;
    }
  if (chrono_otf2_merge_stopped ())
    return chrono_otf2_merge_fail (m, _ ("interrupted; nothing was written"));
  return OTF2_CALLBACK_SUCCESS;
}

void
chrono_otf2_merge_warn_dropped (ChronoOtf2Merge *m, OTF2_LocationRef location)
{
  const MergeInput *in = m->input;
  for (int kind = 0; kind < MERGE_N_KINDS; kind++)
    {
      if (m->dropped[kind].count == 0)
        continue;
      /* seconds from the archive's start, as info and the viewer give times */
      double seconds = ((double) m->dropped[kind].first_time - (double) in->offset) / (double) in->resolution;
      if (m->warnings != NULL)
        g_ptr_array_add (
            m->warnings,
            g_strdup_printf (_ ("%s: location %" PRIu64 ": %" PRIu64 " events refer to a definition the archive "
                                "lacks and are left out, as the viewer leaves them out (the first: %s %" PRIu64
                                " in %s at %.9f s)"),
                             in->path, (guint64) location, m->dropped[kind].count, kind_names[kind],
                             m->dropped[kind].first_id, m->dropped[kind].first_record, seconds));
      m->dropped[kind].count = 0;
    }
}

OTF2_GroupRef
chrono_otf2_merge_group (ChronoOtf2Merge *m, OTF2_GroupRef id)
{
  gpointer merged;
  if (id == OTF2_UNDEFINED_GROUP)
    return id;
  if (g_hash_table_lookup_extended (m->input->group_ids, GUINT_TO_POINTER (id), NULL, &merged))
    return GPOINTER_TO_UINT (merged);
  chrono_otf2_merge_fail (m, _ ("%s: refers to group %" PRIu32 ", which it does not define"), m->input->path, id);
  return id;
}

OTF2_LocationRef
chrono_otf2_merge_location (ChronoOtf2Merge *m, OTF2_LocationRef id)
{
  if (id == OTF2_UNDEFINED_LOCATION)
    return id;
  /* the plan checked that the input's largest id moved stays below 2^64 − 1 */
  return id + m->input->location_shift;
}

gpointer
chrono_otf2_merge_refs (ChronoOtf2Merge *m, MergeKind kind, guint n, const uint32_t *ids)
{
  uint32_t *copy = g_new (uint32_t, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    copy[i] = (uint32_t) chrono_otf2_merge_ref (m, kind, ids[i]);
  return copy;
}

OTF2_AttributeValue
chrono_otf2_merge_value (ChronoOtf2Merge *m, OTF2_Type type, OTF2_AttributeValue value)
{
  switch (type)
    {
    case OTF2_TYPE_STRING:
      value.stringRef = (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, value.stringRef);
      break;
    case OTF2_TYPE_ATTRIBUTE:
      value.attributeRef = (OTF2_AttributeRef) chrono_otf2_merge_ref (m, MERGE_ATTRIBUTE, value.attributeRef);
      break;
    case OTF2_TYPE_LOCATION: value.locationRef = chrono_otf2_merge_location (m, value.locationRef); break;
    case OTF2_TYPE_REGION:
      value.regionRef = (OTF2_RegionRef) chrono_otf2_merge_ref (m, MERGE_REGION, value.regionRef);
      break;
    case OTF2_TYPE_GROUP: value.groupRef = chrono_otf2_merge_group (m, value.groupRef); break;
    case OTF2_TYPE_METRIC:
      value.metricRef = (OTF2_MetricRef) chrono_otf2_merge_ref (m, MERGE_METRIC, value.metricRef);
      break;
    case OTF2_TYPE_COMM: value.commRef = (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, value.commRef); break;
    case OTF2_TYPE_PARAMETER:
      value.parameterRef = (OTF2_ParameterRef) chrono_otf2_merge_ref (m, MERGE_PARAMETER, value.parameterRef);
      break;
    case OTF2_TYPE_RMA_WIN:
      value.rmaWinRef = (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, value.rmaWinRef);
      break;
    case OTF2_TYPE_SOURCE_CODE_LOCATION:
      value.sourceCodeLocationRef = (OTF2_SourceCodeLocationRef) chrono_otf2_merge_ref (m, MERGE_SOURCE_CODE_LOCATION,
                                                                                        value.sourceCodeLocationRef);
      break;
    case OTF2_TYPE_CALLING_CONTEXT:
      value.callingContextRef =
          (OTF2_CallingContextRef) chrono_otf2_merge_ref (m, MERGE_CALLING_CONTEXT, value.callingContextRef);
      break;
    case OTF2_TYPE_INTERRUPT_GENERATOR:
      value.interruptGeneratorRef = (OTF2_InterruptGeneratorRef) chrono_otf2_merge_ref (m, MERGE_INTERRUPT_GENERATOR,
                                                                                        value.interruptGeneratorRef);
      break;
    case OTF2_TYPE_IO_FILE:
      value.ioFileRef = (OTF2_IoFileRef) chrono_otf2_merge_ref (m, MERGE_IO_FILE, value.ioFileRef);
      break;
    case OTF2_TYPE_IO_HANDLE:
      value.ioHandleRef = (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, value.ioHandleRef);
      break;
    case OTF2_TYPE_LOCATION_GROUP:
      value.locationGroupRef =
          (OTF2_LocationGroupRef) chrono_otf2_merge_ref (m, MERGE_LOCATION_GROUP, value.locationGroupRef);
      break;
    default: /* numbers */ break;
    }
  return value;
}

OTF2_AttributeValue *
chrono_otf2_merge_values (ChronoOtf2Merge *m, guint n, const OTF2_Type *types, const OTF2_AttributeValue *values)
{
  OTF2_AttributeValue *copy = g_new (OTF2_AttributeValue, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    copy[i] = chrono_otf2_merge_value (m, types[i], values[i]);
  return copy;
}

OTF2_AttributeList *
chrono_otf2_merge_attributes (ChronoOtf2Merge *m, OTF2_AttributeList *list)
{
  guint32 n = list != NULL ? OTF2_AttributeList_GetNumberOfElements (list) : 0;
  if (n == 0)
    return NULL;
  /* the writer empties the list it writes; this makes sure of it */
  OTF2_AttributeList_RemoveAllAttributes (m->attributes);
  for (guint32 i = 0; i < n; i++)
    {
      OTF2_AttributeRef attribute;
      OTF2_Type type;
      OTF2_AttributeValue value;
      if (OTF2_AttributeList_GetAttributeByIndex (list, i, &attribute, &type, &value) != OTF2_SUCCESS)
        {
          chrono_otf2_merge_fail (m, _ ("%s: an event's attribute list cannot be read"), m->input->path);
          return NULL;
        }
      OTF2_AttributeList_AddAttribute (m->attributes,
                                       (OTF2_AttributeRef) chrono_otf2_merge_ref (m, MERGE_ATTRIBUTE, attribute), type,
                                       chrono_otf2_merge_value (m, type, value));
    }
  return m->attributes;
}

OTF2_TimeStamp
chrono_otf2_merge_time (ChronoOtf2Merge *m, OTF2_TimeStamp time)
{
  gint64 mapped;
  if (time > (guint64) G_MAXINT64 || !chrono_clock_map_apply (&m->input->map, (gint64) time, &mapped) || mapped < 0)
    {
      chrono_otf2_merge_fail (m, _ ("%s: timestamp %" PRIu64 " does not fit on the first archive's clock"),
                              m->input->path, (guint64) time);
      return time;
    }
  return (OTF2_TimeStamp) mapped;
}
