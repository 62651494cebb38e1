/* chrono-otf2-merge-copy.c — written by build-aux/gen-otf2-merge.py from libotf2's
 * reader callback and writer headers: every definition and event record kind
 * copied into the merged archive, renumbered and on the first archive's clock.
 * Do not edit by hand. */
#include "chrono-otf2-merge-private.h"

/* clang-format off */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS /* Callsite and the Omp* events are deprecated: still copied */

static OTF2_CallbackCode
scan_IoParadigm (void* userData, OTF2_IoParadigmRef self, OTF2_StringRef identification, OTF2_StringRef name, OTF2_IoParadigmClass ioParadigmClass, OTF2_IoParadigmFlag ioParadigmFlags, uint8_t numberOfProperties, const OTF2_IoParadigmProperty* properties, const OTF2_Type* types, const OTF2_AttributeValue* values)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_IO_PARADIGM, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_IoParadigm (void* userData, OTF2_IoParadigmRef self, OTF2_StringRef identification, OTF2_StringRef name, OTF2_IoParadigmClass ioParadigmClass, OTF2_IoParadigmFlag ioParadigmFlags, uint8_t numberOfProperties, const OTF2_IoParadigmProperty* properties, const OTF2_Type* types, const OTF2_AttributeValue* values)
{
  ChronoOtf2Merge *m = userData;
  OTF2_AttributeValue *values_m = chrono_otf2_merge_values (m, numberOfProperties, types, values);
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteIoParadigm (m->definitions, (OTF2_IoParadigmRef) chrono_otf2_merge_ref (m, MERGE_IO_PARADIGM, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, identification), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), ioParadigmClass, ioParadigmFlags, numberOfProperties, properties, types, values_m);
  g_free (values_m);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_String (void* userData, OTF2_StringRef self, const char* string)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_STRING, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_String (void* userData, OTF2_StringRef self, const char* string)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteString (m->definitions, (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, self), string);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_Attribute (void* userData, OTF2_AttributeRef self, OTF2_StringRef name, OTF2_StringRef description, OTF2_Type type)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_ATTRIBUTE, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_Attribute (void* userData, OTF2_AttributeRef self, OTF2_StringRef name, OTF2_StringRef description, OTF2_Type type)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteAttribute (m->definitions, (OTF2_AttributeRef) chrono_otf2_merge_ref (m, MERGE_ATTRIBUTE, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, description), type);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_SystemTreeNode (void* userData, OTF2_SystemTreeNodeRef self, OTF2_StringRef name, OTF2_StringRef className, OTF2_SystemTreeNodeRef parent)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_SYSTEM_TREE_NODE, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
scan_LocationGroup (void* userData, OTF2_LocationGroupRef self, OTF2_StringRef name, OTF2_LocationGroupType locationGroupType, OTF2_SystemTreeNodeRef systemTreeParent, OTF2_LocationGroupRef creatingLocationGroup)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_LOCATION_GROUP, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_LocationGroup (void* userData, OTF2_LocationGroupRef self, OTF2_StringRef name, OTF2_LocationGroupType locationGroupType, OTF2_SystemTreeNodeRef systemTreeParent, OTF2_LocationGroupRef creatingLocationGroup)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteLocationGroup (m->definitions, (OTF2_LocationGroupRef) chrono_otf2_merge_ref (m, MERGE_LOCATION_GROUP, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), locationGroupType, (OTF2_SystemTreeNodeRef) chrono_otf2_merge_ref (m, MERGE_SYSTEM_TREE_NODE, systemTreeParent), (OTF2_LocationGroupRef) chrono_otf2_merge_ref (m, MERGE_LOCATION_GROUP, creatingLocationGroup));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_Location (void* userData, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType locationType, uint64_t numberOfEvents, OTF2_LocationGroupRef locationGroup)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note_location (m, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_Location (void* userData, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType locationType, uint64_t numberOfEvents, OTF2_LocationGroupRef locationGroup)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteLocation (m->definitions, chrono_otf2_merge_location (m, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), locationType, numberOfEvents, (OTF2_LocationGroupRef) chrono_otf2_merge_ref (m, MERGE_LOCATION_GROUP, locationGroup));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_Region (void* userData, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef canonicalName, OTF2_StringRef description, OTF2_RegionRole regionRole, OTF2_Paradigm paradigm, OTF2_RegionFlag regionFlags, OTF2_StringRef sourceFile, uint32_t beginLineNumber, uint32_t endLineNumber)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_REGION, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_Region (void* userData, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef canonicalName, OTF2_StringRef description, OTF2_RegionRole regionRole, OTF2_Paradigm paradigm, OTF2_RegionFlag regionFlags, OTF2_StringRef sourceFile, uint32_t beginLineNumber, uint32_t endLineNumber)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteRegion (m->definitions, (OTF2_RegionRef) chrono_otf2_merge_ref (m, MERGE_REGION, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, canonicalName), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, description), regionRole, paradigm, regionFlags, (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, sourceFile), beginLineNumber, endLineNumber);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_Callsite (void* userData, OTF2_CallsiteRef self, OTF2_StringRef sourceFile, uint32_t lineNumber, OTF2_RegionRef enteredRegion, OTF2_RegionRef leftRegion)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_CALLSITE, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_Callsite (void* userData, OTF2_CallsiteRef self, OTF2_StringRef sourceFile, uint32_t lineNumber, OTF2_RegionRef enteredRegion, OTF2_RegionRef leftRegion)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteCallsite (m->definitions, (OTF2_CallsiteRef) chrono_otf2_merge_ref (m, MERGE_CALLSITE, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, sourceFile), lineNumber, (OTF2_RegionRef) chrono_otf2_merge_ref (m, MERGE_REGION, enteredRegion), (OTF2_RegionRef) chrono_otf2_merge_ref (m, MERGE_REGION, leftRegion));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_Callpath (void* userData, OTF2_CallpathRef self, OTF2_CallpathRef parent, OTF2_RegionRef region)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_CALLPATH, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_Callpath (void* userData, OTF2_CallpathRef self, OTF2_CallpathRef parent, OTF2_RegionRef region)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteCallpath (m->definitions, (OTF2_CallpathRef) chrono_otf2_merge_ref (m, MERGE_CALLPATH, self), (OTF2_CallpathRef) chrono_otf2_merge_ref (m, MERGE_CALLPATH, parent), (OTF2_RegionRef) chrono_otf2_merge_ref (m, MERGE_REGION, region));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_MetricMember (void* userData, OTF2_MetricMemberRef self, OTF2_StringRef name, OTF2_StringRef description, OTF2_MetricType metricType, OTF2_MetricMode metricMode, OTF2_Type valueType, OTF2_Base base, int64_t exponent, OTF2_StringRef unit)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_METRIC_MEMBER, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_MetricMember (void* userData, OTF2_MetricMemberRef self, OTF2_StringRef name, OTF2_StringRef description, OTF2_MetricType metricType, OTF2_MetricMode metricMode, OTF2_Type valueType, OTF2_Base base, int64_t exponent, OTF2_StringRef unit)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteMetricMember (m->definitions, (OTF2_MetricMemberRef) chrono_otf2_merge_ref (m, MERGE_METRIC_MEMBER, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, description), metricType, metricMode, valueType, base, exponent, (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, unit));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_MetricClass (void* userData, OTF2_MetricRef self, uint8_t numberOfMetrics, const OTF2_MetricMemberRef* metricMembers, OTF2_MetricOccurrence metricOccurrence, OTF2_RecorderKind recorderKind)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_METRIC, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_MetricClass (void* userData, OTF2_MetricRef self, uint8_t numberOfMetrics, const OTF2_MetricMemberRef* metricMembers, OTF2_MetricOccurrence metricOccurrence, OTF2_RecorderKind recorderKind)
{
  ChronoOtf2Merge *m = userData;
  OTF2_MetricMemberRef *metricMembers_m = chrono_otf2_merge_refs (m, MERGE_METRIC_MEMBER, numberOfMetrics, metricMembers);
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteMetricClass (m->definitions, (OTF2_MetricRef) chrono_otf2_merge_ref (m, MERGE_METRIC, self), numberOfMetrics, metricMembers_m, metricOccurrence, recorderKind);
  g_free (metricMembers_m);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_MetricInstance (void* userData, OTF2_MetricRef self, OTF2_MetricRef metricClass, OTF2_LocationRef recorder, OTF2_MetricScope metricScope, uint64_t scope)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_METRIC, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
scan_Comm (void* userData, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group, OTF2_CommRef parent, OTF2_CommFlag flags)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_COMM, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_Comm (void* userData, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group, OTF2_CommRef parent, OTF2_CommFlag flags)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteComm (m->definitions, (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), chrono_otf2_merge_group (m, group), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, parent), flags);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_Parameter (void* userData, OTF2_ParameterRef self, OTF2_StringRef name, OTF2_ParameterType parameterType)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_PARAMETER, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_Parameter (void* userData, OTF2_ParameterRef self, OTF2_StringRef name, OTF2_ParameterType parameterType)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteParameter (m->definitions, (OTF2_ParameterRef) chrono_otf2_merge_ref (m, MERGE_PARAMETER, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), parameterType);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_RmaWin (void* userData, OTF2_RmaWinRef self, OTF2_StringRef name, OTF2_CommRef comm, OTF2_RmaWinFlag flags)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_RMA_WIN, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_RmaWin (void* userData, OTF2_RmaWinRef self, OTF2_StringRef name, OTF2_CommRef comm, OTF2_RmaWinFlag flags)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteRmaWin (m->definitions, (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, comm), flags);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_MetricClassRecorder (void* userData, OTF2_MetricRef metric, OTF2_LocationRef recorder)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteMetricClassRecorder (m->definitions, (OTF2_MetricRef) chrono_otf2_merge_ref (m, MERGE_METRIC, metric), chrono_otf2_merge_location (m, recorder));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_SystemTreeNodeProperty (void* userData, OTF2_SystemTreeNodeRef systemTreeNode, OTF2_StringRef name, OTF2_Type type, OTF2_AttributeValue value)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteSystemTreeNodeProperty (m->definitions, (OTF2_SystemTreeNodeRef) chrono_otf2_merge_ref (m, MERGE_SYSTEM_TREE_NODE, systemTreeNode), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), type, chrono_otf2_merge_value (m, type, value));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_SystemTreeNodeDomain (void* userData, OTF2_SystemTreeNodeRef systemTreeNode, OTF2_SystemTreeDomain systemTreeDomain)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteSystemTreeNodeDomain (m->definitions, (OTF2_SystemTreeNodeRef) chrono_otf2_merge_ref (m, MERGE_SYSTEM_TREE_NODE, systemTreeNode), systemTreeDomain);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_LocationGroupProperty (void* userData, OTF2_LocationGroupRef locationGroup, OTF2_StringRef name, OTF2_Type type, OTF2_AttributeValue value)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteLocationGroupProperty (m->definitions, (OTF2_LocationGroupRef) chrono_otf2_merge_ref (m, MERGE_LOCATION_GROUP, locationGroup), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), type, chrono_otf2_merge_value (m, type, value));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_LocationProperty (void* userData, OTF2_LocationRef location, OTF2_StringRef name, OTF2_Type type, OTF2_AttributeValue value)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteLocationProperty (m->definitions, chrono_otf2_merge_location (m, location), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), type, chrono_otf2_merge_value (m, type, value));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_CartDimension (void* userData, OTF2_CartDimensionRef self, OTF2_StringRef name, uint32_t size, OTF2_CartPeriodicity cartPeriodicity)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_CART_DIMENSION, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_CartDimension (void* userData, OTF2_CartDimensionRef self, OTF2_StringRef name, uint32_t size, OTF2_CartPeriodicity cartPeriodicity)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteCartDimension (m->definitions, (OTF2_CartDimensionRef) chrono_otf2_merge_ref (m, MERGE_CART_DIMENSION, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), size, cartPeriodicity);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_CartTopology (void* userData, OTF2_CartTopologyRef self, OTF2_StringRef name, OTF2_CommRef communicator, uint8_t numberOfDimensions, const OTF2_CartDimensionRef* cartDimensions)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_CART_TOPOLOGY, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_CartTopology (void* userData, OTF2_CartTopologyRef self, OTF2_StringRef name, OTF2_CommRef communicator, uint8_t numberOfDimensions, const OTF2_CartDimensionRef* cartDimensions)
{
  ChronoOtf2Merge *m = userData;
  OTF2_CartDimensionRef *cartDimensions_m = chrono_otf2_merge_refs (m, MERGE_CART_DIMENSION, numberOfDimensions, cartDimensions);
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteCartTopology (m->definitions, (OTF2_CartTopologyRef) chrono_otf2_merge_ref (m, MERGE_CART_TOPOLOGY, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, communicator), numberOfDimensions, cartDimensions_m);
  g_free (cartDimensions_m);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_CartCoordinate (void* userData, OTF2_CartTopologyRef cartTopology, uint32_t rank, uint8_t numberOfDimensions, const uint32_t* coordinates)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteCartCoordinate (m->definitions, (OTF2_CartTopologyRef) chrono_otf2_merge_ref (m, MERGE_CART_TOPOLOGY, cartTopology), rank, numberOfDimensions, coordinates);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_SourceCodeLocation (void* userData, OTF2_SourceCodeLocationRef self, OTF2_StringRef file, uint32_t lineNumber)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_SOURCE_CODE_LOCATION, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_SourceCodeLocation (void* userData, OTF2_SourceCodeLocationRef self, OTF2_StringRef file, uint32_t lineNumber)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteSourceCodeLocation (m->definitions, (OTF2_SourceCodeLocationRef) chrono_otf2_merge_ref (m, MERGE_SOURCE_CODE_LOCATION, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, file), lineNumber);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_CallingContext (void* userData, OTF2_CallingContextRef self, OTF2_RegionRef region, OTF2_SourceCodeLocationRef sourceCodeLocation, OTF2_CallingContextRef parent)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_CALLING_CONTEXT, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_CallingContext (void* userData, OTF2_CallingContextRef self, OTF2_RegionRef region, OTF2_SourceCodeLocationRef sourceCodeLocation, OTF2_CallingContextRef parent)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteCallingContext (m->definitions, (OTF2_CallingContextRef) chrono_otf2_merge_ref (m, MERGE_CALLING_CONTEXT, self), (OTF2_RegionRef) chrono_otf2_merge_ref (m, MERGE_REGION, region), (OTF2_SourceCodeLocationRef) chrono_otf2_merge_ref (m, MERGE_SOURCE_CODE_LOCATION, sourceCodeLocation), (OTF2_CallingContextRef) chrono_otf2_merge_ref (m, MERGE_CALLING_CONTEXT, parent));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_CallingContextProperty (void* userData, OTF2_CallingContextRef callingContext, OTF2_StringRef name, OTF2_Type type, OTF2_AttributeValue value)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteCallingContextProperty (m->definitions, (OTF2_CallingContextRef) chrono_otf2_merge_ref (m, MERGE_CALLING_CONTEXT, callingContext), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), type, chrono_otf2_merge_value (m, type, value));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_InterruptGenerator (void* userData, OTF2_InterruptGeneratorRef self, OTF2_StringRef name, OTF2_InterruptGeneratorMode interruptGeneratorMode, OTF2_Base base, int64_t exponent, uint64_t period)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_INTERRUPT_GENERATOR, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_InterruptGenerator (void* userData, OTF2_InterruptGeneratorRef self, OTF2_StringRef name, OTF2_InterruptGeneratorMode interruptGeneratorMode, OTF2_Base base, int64_t exponent, uint64_t period)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteInterruptGenerator (m->definitions, (OTF2_InterruptGeneratorRef) chrono_otf2_merge_ref (m, MERGE_INTERRUPT_GENERATOR, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), interruptGeneratorMode, base, exponent, period);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_IoFileProperty (void* userData, OTF2_IoFileRef ioFile, OTF2_StringRef name, OTF2_Type type, OTF2_AttributeValue value)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteIoFileProperty (m->definitions, (OTF2_IoFileRef) chrono_otf2_merge_ref (m, MERGE_IO_FILE, ioFile), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), type, chrono_otf2_merge_value (m, type, value));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_IoRegularFile (void* userData, OTF2_IoFileRef self, OTF2_StringRef name, OTF2_SystemTreeNodeRef scope)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_IO_FILE, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_IoRegularFile (void* userData, OTF2_IoFileRef self, OTF2_StringRef name, OTF2_SystemTreeNodeRef scope)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteIoRegularFile (m->definitions, (OTF2_IoFileRef) chrono_otf2_merge_ref (m, MERGE_IO_FILE, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), (OTF2_SystemTreeNodeRef) chrono_otf2_merge_ref (m, MERGE_SYSTEM_TREE_NODE, scope));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_IoDirectory (void* userData, OTF2_IoFileRef self, OTF2_StringRef name, OTF2_SystemTreeNodeRef scope)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_IO_FILE, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_IoDirectory (void* userData, OTF2_IoFileRef self, OTF2_StringRef name, OTF2_SystemTreeNodeRef scope)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteIoDirectory (m->definitions, (OTF2_IoFileRef) chrono_otf2_merge_ref (m, MERGE_IO_FILE, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), (OTF2_SystemTreeNodeRef) chrono_otf2_merge_ref (m, MERGE_SYSTEM_TREE_NODE, scope));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_IoHandle (void* userData, OTF2_IoHandleRef self, OTF2_StringRef name, OTF2_IoFileRef file, OTF2_IoParadigmRef ioParadigm, OTF2_IoHandleFlag ioHandleFlags, OTF2_CommRef comm, OTF2_IoHandleRef parent)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_IO_HANDLE, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_IoHandle (void* userData, OTF2_IoHandleRef self, OTF2_StringRef name, OTF2_IoFileRef file, OTF2_IoParadigmRef ioParadigm, OTF2_IoHandleFlag ioHandleFlags, OTF2_CommRef comm, OTF2_IoHandleRef parent)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteIoHandle (m->definitions, (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), (OTF2_IoFileRef) chrono_otf2_merge_ref (m, MERGE_IO_FILE, file), (OTF2_IoParadigmRef) chrono_otf2_merge_ref (m, MERGE_IO_PARADIGM, ioParadigm), ioHandleFlags, (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, comm), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, parent));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_IoPreCreatedHandleState (void* userData, OTF2_IoHandleRef ioHandle, OTF2_IoAccessMode mode, OTF2_IoStatusFlag statusFlags)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteIoPreCreatedHandleState (m->definitions, (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, ioHandle), mode, statusFlags);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_CallpathParameter (void* userData, OTF2_CallpathRef callpath, OTF2_ParameterRef parameter, OTF2_Type type, OTF2_AttributeValue value)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteCallpathParameter (m->definitions, (OTF2_CallpathRef) chrono_otf2_merge_ref (m, MERGE_CALLPATH, callpath), (OTF2_ParameterRef) chrono_otf2_merge_ref (m, MERGE_PARAMETER, parameter), type, chrono_otf2_merge_value (m, type, value));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
scan_InterComm (void* userData, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef groupA, OTF2_GroupRef groupB, OTF2_CommRef commonCommunicator, OTF2_CommFlag flags)
{
  ChronoOtf2Merge *m = userData;
  chrono_otf2_merge_note (m, MERGE_COMM, self);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
copy_InterComm (void* userData, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef groupA, OTF2_GroupRef groupB, OTF2_CommRef commonCommunicator, OTF2_CommFlag flags)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_GlobalDefWriter_WriteInterComm (m->definitions, (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, self), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, name), chrono_otf2_merge_group (m, groupA), chrono_otf2_merge_group (m, groupB), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, commonCommunicator), flags);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_BufferFlush (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_TimeStamp stopTime)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_BufferFlush (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), chrono_otf2_merge_time (m, stopTime));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_MeasurementOnOff (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_MeasurementMode measurementMode)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_MeasurementOnOff (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), measurementMode);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_Enter (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RegionRef region)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_REGION, region))
    return chrono_otf2_merge_drop (m, location, time, "Enter", MERGE_REGION, region);
  OTF2_ErrorCode code = OTF2_EvtWriter_Enter (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RegionRef) chrono_otf2_merge_ref (m, MERGE_REGION, region));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_Leave (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RegionRef region)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_REGION, region))
    return chrono_otf2_merge_drop (m, location, time, "Leave", MERGE_REGION, region);
  OTF2_ErrorCode code = OTF2_EvtWriter_Leave (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RegionRef) chrono_otf2_merge_ref (m, MERGE_REGION, region));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_MpiSend (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint32_t receiver, OTF2_CommRef communicator, uint32_t msgTag, uint64_t msgLength)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, communicator))
    return chrono_otf2_merge_drop (m, location, time, "MpiSend", MERGE_COMM, communicator);
  OTF2_ErrorCode code = OTF2_EvtWriter_MpiSend (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), receiver, (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, communicator), msgTag, msgLength);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_MpiIsend (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint32_t receiver, OTF2_CommRef communicator, uint32_t msgTag, uint64_t msgLength, uint64_t requestID)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, communicator))
    return chrono_otf2_merge_drop (m, location, time, "MpiIsend", MERGE_COMM, communicator);
  OTF2_ErrorCode code = OTF2_EvtWriter_MpiIsend (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), receiver, (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, communicator), msgTag, msgLength, requestID);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_MpiIsendComplete (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t requestID)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_MpiIsendComplete (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), requestID);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_MpiIrecvRequest (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t requestID)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_MpiIrecvRequest (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), requestID);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_MpiRecv (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint32_t sender, OTF2_CommRef communicator, uint32_t msgTag, uint64_t msgLength)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, communicator))
    return chrono_otf2_merge_drop (m, location, time, "MpiRecv", MERGE_COMM, communicator);
  OTF2_ErrorCode code = OTF2_EvtWriter_MpiRecv (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), sender, (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, communicator), msgTag, msgLength);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_MpiIrecv (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint32_t sender, OTF2_CommRef communicator, uint32_t msgTag, uint64_t msgLength, uint64_t requestID)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, communicator))
    return chrono_otf2_merge_drop (m, location, time, "MpiIrecv", MERGE_COMM, communicator);
  OTF2_ErrorCode code = OTF2_EvtWriter_MpiIrecv (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), sender, (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, communicator), msgTag, msgLength, requestID);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_MpiRequestTest (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t requestID)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_MpiRequestTest (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), requestID);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_MpiRequestCancelled (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t requestID)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_MpiRequestCancelled (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), requestID);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_MpiCollectiveBegin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_MpiCollectiveBegin (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_MpiCollectiveEnd (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CollectiveOp collectiveOp, OTF2_CommRef communicator, uint32_t root, uint64_t sizeSent, uint64_t sizeReceived)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, communicator))
    return chrono_otf2_merge_drop (m, location, time, "MpiCollectiveEnd", MERGE_COMM, communicator);
  OTF2_ErrorCode code = OTF2_EvtWriter_MpiCollectiveEnd (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), collectiveOp, (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, communicator), root, sizeSent, sizeReceived);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_OmpFork (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint32_t numberOfRequestedThreads)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_OmpFork (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), numberOfRequestedThreads);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_OmpJoin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_OmpJoin (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_OmpAcquireLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint32_t lockID, uint32_t acquisitionOrder)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_OmpAcquireLock (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), lockID, acquisitionOrder);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_OmpReleaseLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint32_t lockID, uint32_t acquisitionOrder)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_OmpReleaseLock (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), lockID, acquisitionOrder);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_OmpTaskCreate (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t taskID)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_OmpTaskCreate (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), taskID);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_OmpTaskSwitch (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t taskID)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_OmpTaskSwitch (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), taskID);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_OmpTaskComplete (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t taskID)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_OmpTaskComplete (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), taskID);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_Metric (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_MetricRef metric, uint8_t numberOfMetrics, const OTF2_Type* typeIDs, const OTF2_MetricValue* metricValues)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_METRIC, metric))
    return chrono_otf2_merge_drop (m, location, time, "Metric", MERGE_METRIC, metric);
  OTF2_ErrorCode code = OTF2_EvtWriter_Metric (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_MetricRef) chrono_otf2_merge_ref (m, MERGE_METRIC, metric), numberOfMetrics, typeIDs, metricValues);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ParameterString (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_ParameterRef parameter, OTF2_StringRef string)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_PARAMETER, parameter))
    return chrono_otf2_merge_drop (m, location, time, "ParameterString", MERGE_PARAMETER, parameter);
  if (!chrono_otf2_merge_defined (m, MERGE_STRING, string))
    return chrono_otf2_merge_drop (m, location, time, "ParameterString", MERGE_STRING, string);
  OTF2_ErrorCode code = OTF2_EvtWriter_ParameterString (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_ParameterRef) chrono_otf2_merge_ref (m, MERGE_PARAMETER, parameter), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, string));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ParameterInt (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_ParameterRef parameter, int64_t value)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_PARAMETER, parameter))
    return chrono_otf2_merge_drop (m, location, time, "ParameterInt", MERGE_PARAMETER, parameter);
  OTF2_ErrorCode code = OTF2_EvtWriter_ParameterInt (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_ParameterRef) chrono_otf2_merge_ref (m, MERGE_PARAMETER, parameter), value);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ParameterUnsignedInt (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_ParameterRef parameter, uint64_t value)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_PARAMETER, parameter))
    return chrono_otf2_merge_drop (m, location, time, "ParameterUnsignedInt", MERGE_PARAMETER, parameter);
  OTF2_ErrorCode code = OTF2_EvtWriter_ParameterUnsignedInt (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_ParameterRef) chrono_otf2_merge_ref (m, MERGE_PARAMETER, parameter), value);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaWinCreate (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaWinCreate", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaWinCreate (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaWinDestroy (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaWinDestroy", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaWinDestroy (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaCollectiveBegin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaCollectiveBegin (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaCollectiveEnd (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CollectiveOp collectiveOp, OTF2_RmaSyncLevel syncLevel, OTF2_RmaWinRef win, uint32_t root, uint64_t bytesSent, uint64_t bytesReceived)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaCollectiveEnd", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaCollectiveEnd (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), collectiveOp, syncLevel, (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), root, bytesSent, bytesReceived);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaGroupSync (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaSyncLevel syncLevel, OTF2_RmaWinRef win, OTF2_GroupRef group)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaGroupSync", MERGE_RMA_WIN, win);
  if (!chrono_otf2_merge_group_defined (m, group))
    return chrono_otf2_merge_drop (m, location, time, "RmaGroupSync", MERGE_GROUP, group);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaGroupSync (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), syncLevel, (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), chrono_otf2_merge_group (m, group));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaRequestLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId, OTF2_LockType lockType)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaRequestLock", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaRequestLock (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), remote, lockId, lockType);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaAcquireLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId, OTF2_LockType lockType)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaAcquireLock", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaAcquireLock (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), remote, lockId, lockType);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaTryLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId, OTF2_LockType lockType)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaTryLock", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaTryLock (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), remote, lockId, lockType);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaReleaseLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaReleaseLock", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaReleaseLock (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), remote, lockId);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaSync (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, OTF2_RmaSyncType syncType)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaSync", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaSync (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), remote, syncType);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaWaitChange (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaWaitChange", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaWaitChange (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaPut (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, uint64_t bytes, uint64_t matchingId)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaPut", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaPut (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), remote, bytes, matchingId);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaGet (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, uint64_t bytes, uint64_t matchingId)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaGet", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaGet (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), remote, bytes, matchingId);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaAtomic (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, OTF2_RmaAtomicType type, uint64_t bytesSent, uint64_t bytesReceived, uint64_t matchingId)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaAtomic", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaAtomic (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), remote, type, bytesSent, bytesReceived, matchingId);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaOpCompleteBlocking (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint64_t matchingId)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaOpCompleteBlocking", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaOpCompleteBlocking (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), matchingId);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaOpCompleteNonBlocking (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint64_t matchingId)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaOpCompleteNonBlocking", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaOpCompleteNonBlocking (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), matchingId);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaOpTest (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint64_t matchingId)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaOpTest", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaOpTest (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), matchingId);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_RmaOpCompleteRemote (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint64_t matchingId)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_RMA_WIN, win))
    return chrono_otf2_merge_drop (m, location, time, "RmaOpCompleteRemote", MERGE_RMA_WIN, win);
  OTF2_ErrorCode code = OTF2_EvtWriter_RmaOpCompleteRemote (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_RmaWinRef) chrono_otf2_merge_ref (m, MERGE_RMA_WIN, win), matchingId);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ThreadFork (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_Paradigm model, uint32_t numberOfRequestedThreads)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_ThreadFork (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), model, numberOfRequestedThreads);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ThreadJoin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_Paradigm model)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_ThreadJoin (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), model);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ThreadTeamBegin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadTeam)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, threadTeam))
    return chrono_otf2_merge_drop (m, location, time, "ThreadTeamBegin", MERGE_COMM, threadTeam);
  OTF2_ErrorCode code = OTF2_EvtWriter_ThreadTeamBegin (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, threadTeam));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ThreadTeamEnd (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadTeam)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, threadTeam))
    return chrono_otf2_merge_drop (m, location, time, "ThreadTeamEnd", MERGE_COMM, threadTeam);
  OTF2_ErrorCode code = OTF2_EvtWriter_ThreadTeamEnd (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, threadTeam));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ThreadAcquireLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_Paradigm model, uint32_t lockID, uint32_t acquisitionOrder)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_ThreadAcquireLock (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), model, lockID, acquisitionOrder);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ThreadReleaseLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_Paradigm model, uint32_t lockID, uint32_t acquisitionOrder)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_ThreadReleaseLock (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), model, lockID, acquisitionOrder);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ThreadTaskCreate (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, threadTeam))
    return chrono_otf2_merge_drop (m, location, time, "ThreadTaskCreate", MERGE_COMM, threadTeam);
  OTF2_ErrorCode code = OTF2_EvtWriter_ThreadTaskCreate (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, threadTeam), creatingThread, generationNumber);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ThreadTaskSwitch (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, threadTeam))
    return chrono_otf2_merge_drop (m, location, time, "ThreadTaskSwitch", MERGE_COMM, threadTeam);
  OTF2_ErrorCode code = OTF2_EvtWriter_ThreadTaskSwitch (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, threadTeam), creatingThread, generationNumber);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ThreadTaskComplete (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, threadTeam))
    return chrono_otf2_merge_drop (m, location, time, "ThreadTaskComplete", MERGE_COMM, threadTeam);
  OTF2_ErrorCode code = OTF2_EvtWriter_ThreadTaskComplete (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, threadTeam), creatingThread, generationNumber);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ThreadCreate (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadContingent, uint64_t sequenceCount)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, threadContingent))
    return chrono_otf2_merge_drop (m, location, time, "ThreadCreate", MERGE_COMM, threadContingent);
  OTF2_ErrorCode code = OTF2_EvtWriter_ThreadCreate (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, threadContingent), sequenceCount);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ThreadBegin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadContingent, uint64_t sequenceCount)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, threadContingent))
    return chrono_otf2_merge_drop (m, location, time, "ThreadBegin", MERGE_COMM, threadContingent);
  OTF2_ErrorCode code = OTF2_EvtWriter_ThreadBegin (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, threadContingent), sequenceCount);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ThreadWait (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadContingent, uint64_t sequenceCount)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, threadContingent))
    return chrono_otf2_merge_drop (m, location, time, "ThreadWait", MERGE_COMM, threadContingent);
  OTF2_ErrorCode code = OTF2_EvtWriter_ThreadWait (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, threadContingent), sequenceCount);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ThreadEnd (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadContingent, uint64_t sequenceCount)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, threadContingent))
    return chrono_otf2_merge_drop (m, location, time, "ThreadEnd", MERGE_COMM, threadContingent);
  OTF2_ErrorCode code = OTF2_EvtWriter_ThreadEnd (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, threadContingent), sequenceCount);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_CallingContextEnter (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CallingContextRef callingContext, uint32_t unwindDistance)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_CALLING_CONTEXT, callingContext))
    return chrono_otf2_merge_drop (m, location, time, "CallingContextEnter", MERGE_CALLING_CONTEXT, callingContext);
  OTF2_ErrorCode code = OTF2_EvtWriter_CallingContextEnter (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CallingContextRef) chrono_otf2_merge_ref (m, MERGE_CALLING_CONTEXT, callingContext), unwindDistance);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_CallingContextLeave (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CallingContextRef callingContext)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_CALLING_CONTEXT, callingContext))
    return chrono_otf2_merge_drop (m, location, time, "CallingContextLeave", MERGE_CALLING_CONTEXT, callingContext);
  OTF2_ErrorCode code = OTF2_EvtWriter_CallingContextLeave (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CallingContextRef) chrono_otf2_merge_ref (m, MERGE_CALLING_CONTEXT, callingContext));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_CallingContextSample (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CallingContextRef callingContext, uint32_t unwindDistance, OTF2_InterruptGeneratorRef interruptGenerator)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_CALLING_CONTEXT, callingContext))
    return chrono_otf2_merge_drop (m, location, time, "CallingContextSample", MERGE_CALLING_CONTEXT, callingContext);
  if (!chrono_otf2_merge_defined (m, MERGE_INTERRUPT_GENERATOR, interruptGenerator))
    return chrono_otf2_merge_drop (m, location, time, "CallingContextSample", MERGE_INTERRUPT_GENERATOR, interruptGenerator);
  OTF2_ErrorCode code = OTF2_EvtWriter_CallingContextSample (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CallingContextRef) chrono_otf2_merge_ref (m, MERGE_CALLING_CONTEXT, callingContext), unwindDistance, (OTF2_InterruptGeneratorRef) chrono_otf2_merge_ref (m, MERGE_INTERRUPT_GENERATOR, interruptGenerator));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoCreateHandle (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, OTF2_IoAccessMode mode, OTF2_IoCreationFlag creationFlags, OTF2_IoStatusFlag statusFlags)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, handle))
    return chrono_otf2_merge_drop (m, location, time, "IoCreateHandle", MERGE_IO_HANDLE, handle);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoCreateHandle (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, handle), mode, creationFlags, statusFlags);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoDestroyHandle (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, handle))
    return chrono_otf2_merge_drop (m, location, time, "IoDestroyHandle", MERGE_IO_HANDLE, handle);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoDestroyHandle (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, handle));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoDuplicateHandle (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef oldHandle, OTF2_IoHandleRef newHandle, OTF2_IoStatusFlag statusFlags)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, oldHandle))
    return chrono_otf2_merge_drop (m, location, time, "IoDuplicateHandle", MERGE_IO_HANDLE, oldHandle);
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, newHandle))
    return chrono_otf2_merge_drop (m, location, time, "IoDuplicateHandle", MERGE_IO_HANDLE, newHandle);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoDuplicateHandle (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, oldHandle), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, newHandle), statusFlags);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoSeek (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, int64_t offsetRequest, OTF2_IoSeekOption whence, uint64_t offsetResult)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, handle))
    return chrono_otf2_merge_drop (m, location, time, "IoSeek", MERGE_IO_HANDLE, handle);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoSeek (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, handle), offsetRequest, whence, offsetResult);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoChangeStatusFlags (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, OTF2_IoStatusFlag statusFlags)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, handle))
    return chrono_otf2_merge_drop (m, location, time, "IoChangeStatusFlags", MERGE_IO_HANDLE, handle);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoChangeStatusFlags (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, handle), statusFlags);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoDeleteFile (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoParadigmRef ioParadigm, OTF2_IoFileRef file)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_PARADIGM, ioParadigm))
    return chrono_otf2_merge_drop (m, location, time, "IoDeleteFile", MERGE_IO_PARADIGM, ioParadigm);
  if (!chrono_otf2_merge_defined (m, MERGE_IO_FILE, file))
    return chrono_otf2_merge_drop (m, location, time, "IoDeleteFile", MERGE_IO_FILE, file);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoDeleteFile (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoParadigmRef) chrono_otf2_merge_ref (m, MERGE_IO_PARADIGM, ioParadigm), (OTF2_IoFileRef) chrono_otf2_merge_ref (m, MERGE_IO_FILE, file));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoOperationBegin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, OTF2_IoOperationMode mode, OTF2_IoOperationFlag operationFlags, uint64_t bytesRequest, uint64_t matchingId)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, handle))
    return chrono_otf2_merge_drop (m, location, time, "IoOperationBegin", MERGE_IO_HANDLE, handle);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoOperationBegin (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, handle), mode, operationFlags, bytesRequest, matchingId);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoOperationTest (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, uint64_t matchingId)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, handle))
    return chrono_otf2_merge_drop (m, location, time, "IoOperationTest", MERGE_IO_HANDLE, handle);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoOperationTest (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, handle), matchingId);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoOperationIssued (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, uint64_t matchingId)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, handle))
    return chrono_otf2_merge_drop (m, location, time, "IoOperationIssued", MERGE_IO_HANDLE, handle);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoOperationIssued (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, handle), matchingId);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoOperationComplete (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, uint64_t bytesResult, uint64_t matchingId)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, handle))
    return chrono_otf2_merge_drop (m, location, time, "IoOperationComplete", MERGE_IO_HANDLE, handle);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoOperationComplete (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, handle), bytesResult, matchingId);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoOperationCancelled (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, uint64_t matchingId)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, handle))
    return chrono_otf2_merge_drop (m, location, time, "IoOperationCancelled", MERGE_IO_HANDLE, handle);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoOperationCancelled (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, handle), matchingId);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoAcquireLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, OTF2_LockType lockType)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, handle))
    return chrono_otf2_merge_drop (m, location, time, "IoAcquireLock", MERGE_IO_HANDLE, handle);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoAcquireLock (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, handle), lockType);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoReleaseLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, OTF2_LockType lockType)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, handle))
    return chrono_otf2_merge_drop (m, location, time, "IoReleaseLock", MERGE_IO_HANDLE, handle);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoReleaseLock (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, handle), lockType);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_IoTryLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, OTF2_LockType lockType)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_IO_HANDLE, handle))
    return chrono_otf2_merge_drop (m, location, time, "IoTryLock", MERGE_IO_HANDLE, handle);
  OTF2_ErrorCode code = OTF2_EvtWriter_IoTryLock (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_IoHandleRef) chrono_otf2_merge_ref (m, MERGE_IO_HANDLE, handle), lockType);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ProgramBegin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_StringRef programName, uint32_t numberOfArguments, const OTF2_StringRef* programArguments)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_STRING, programName))
    return chrono_otf2_merge_drop (m, location, time, "ProgramBegin", MERGE_STRING, programName);
  uint64_t undefined = 0;
  if (!chrono_otf2_merge_all_defined (m, MERGE_STRING, numberOfArguments, programArguments, &undefined))
    return chrono_otf2_merge_drop (m, location, time, "ProgramBegin", MERGE_STRING, undefined);
  OTF2_StringRef *programArguments_m = chrono_otf2_merge_refs (m, MERGE_STRING, numberOfArguments, programArguments);
  OTF2_ErrorCode code = OTF2_EvtWriter_ProgramBegin (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_StringRef) chrono_otf2_merge_ref (m, MERGE_STRING, programName), numberOfArguments, programArguments_m);
  g_free (programArguments_m);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_ProgramEnd (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, int64_t exitStatus)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_ProgramEnd (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), exitStatus);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_NonBlockingCollectiveRequest (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t requestID)
{
  ChronoOtf2Merge *m = userData;
  OTF2_ErrorCode code = OTF2_EvtWriter_NonBlockingCollectiveRequest (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), requestID);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_NonBlockingCollectiveComplete (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CollectiveOp collectiveOp, OTF2_CommRef communicator, uint32_t root, uint64_t sizeSent, uint64_t sizeReceived, uint64_t requestID)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, communicator))
    return chrono_otf2_merge_drop (m, location, time, "NonBlockingCollectiveComplete", MERGE_COMM, communicator);
  OTF2_ErrorCode code = OTF2_EvtWriter_NonBlockingCollectiveComplete (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), collectiveOp, (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, communicator), root, sizeSent, sizeReceived, requestID);
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_CommCreate (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef communicator)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, communicator))
    return chrono_otf2_merge_drop (m, location, time, "CommCreate", MERGE_COMM, communicator);
  OTF2_ErrorCode code = OTF2_EvtWriter_CommCreate (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, communicator));
  return chrono_otf2_merge_wrote (m, code);
}

static OTF2_CallbackCode
copy_event_CommDestroy (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef communicator)
{
  ChronoOtf2Merge *m = userData;
  if (!chrono_otf2_merge_defined (m, MERGE_COMM, communicator))
    return chrono_otf2_merge_drop (m, location, time, "CommDestroy", MERGE_COMM, communicator);
  OTF2_ErrorCode code = OTF2_EvtWriter_CommDestroy (m->events, chrono_otf2_merge_attributes (m, attributeList), chrono_otf2_merge_time (m, time), (OTF2_CommRef) chrono_otf2_merge_ref (m, MERGE_COMM, communicator));
  return chrono_otf2_merge_wrote (m, code);
}

void
chrono_otf2_merge_register_scans (OTF2_GlobalDefReaderCallbacks *callbacks)
{
  OTF2_GlobalDefReaderCallbacks_SetIoParadigmCallback (callbacks, scan_IoParadigm);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback (callbacks, scan_String);
  OTF2_GlobalDefReaderCallbacks_SetAttributeCallback (callbacks, scan_Attribute);
  OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback (callbacks, scan_SystemTreeNode);
  OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback (callbacks, scan_LocationGroup);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback (callbacks, scan_Location);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback (callbacks, scan_Region);
  OTF2_GlobalDefReaderCallbacks_SetCallsiteCallback (callbacks, scan_Callsite);
  OTF2_GlobalDefReaderCallbacks_SetCallpathCallback (callbacks, scan_Callpath);
  OTF2_GlobalDefReaderCallbacks_SetMetricMemberCallback (callbacks, scan_MetricMember);
  OTF2_GlobalDefReaderCallbacks_SetMetricClassCallback (callbacks, scan_MetricClass);
  OTF2_GlobalDefReaderCallbacks_SetMetricInstanceCallback (callbacks, scan_MetricInstance);
  OTF2_GlobalDefReaderCallbacks_SetCommCallback (callbacks, scan_Comm);
  OTF2_GlobalDefReaderCallbacks_SetParameterCallback (callbacks, scan_Parameter);
  OTF2_GlobalDefReaderCallbacks_SetRmaWinCallback (callbacks, scan_RmaWin);
  OTF2_GlobalDefReaderCallbacks_SetCartDimensionCallback (callbacks, scan_CartDimension);
  OTF2_GlobalDefReaderCallbacks_SetCartTopologyCallback (callbacks, scan_CartTopology);
  OTF2_GlobalDefReaderCallbacks_SetSourceCodeLocationCallback (callbacks, scan_SourceCodeLocation);
  OTF2_GlobalDefReaderCallbacks_SetCallingContextCallback (callbacks, scan_CallingContext);
  OTF2_GlobalDefReaderCallbacks_SetInterruptGeneratorCallback (callbacks, scan_InterruptGenerator);
  OTF2_GlobalDefReaderCallbacks_SetIoRegularFileCallback (callbacks, scan_IoRegularFile);
  OTF2_GlobalDefReaderCallbacks_SetIoDirectoryCallback (callbacks, scan_IoDirectory);
  OTF2_GlobalDefReaderCallbacks_SetIoHandleCallback (callbacks, scan_IoHandle);
  OTF2_GlobalDefReaderCallbacks_SetInterCommCallback (callbacks, scan_InterComm);
}

void
chrono_otf2_merge_register_copies (OTF2_GlobalDefReaderCallbacks *callbacks)
{
  OTF2_GlobalDefReaderCallbacks_SetIoParadigmCallback (callbacks, copy_IoParadigm);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback (callbacks, copy_String);
  OTF2_GlobalDefReaderCallbacks_SetAttributeCallback (callbacks, copy_Attribute);
  OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback (callbacks, copy_LocationGroup);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback (callbacks, copy_Location);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback (callbacks, copy_Region);
  OTF2_GlobalDefReaderCallbacks_SetCallsiteCallback (callbacks, copy_Callsite);
  OTF2_GlobalDefReaderCallbacks_SetCallpathCallback (callbacks, copy_Callpath);
  OTF2_GlobalDefReaderCallbacks_SetMetricMemberCallback (callbacks, copy_MetricMember);
  OTF2_GlobalDefReaderCallbacks_SetMetricClassCallback (callbacks, copy_MetricClass);
  OTF2_GlobalDefReaderCallbacks_SetCommCallback (callbacks, copy_Comm);
  OTF2_GlobalDefReaderCallbacks_SetParameterCallback (callbacks, copy_Parameter);
  OTF2_GlobalDefReaderCallbacks_SetRmaWinCallback (callbacks, copy_RmaWin);
  OTF2_GlobalDefReaderCallbacks_SetMetricClassRecorderCallback (callbacks, copy_MetricClassRecorder);
  OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodePropertyCallback (callbacks, copy_SystemTreeNodeProperty);
  OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeDomainCallback (callbacks, copy_SystemTreeNodeDomain);
  OTF2_GlobalDefReaderCallbacks_SetLocationGroupPropertyCallback (callbacks, copy_LocationGroupProperty);
  OTF2_GlobalDefReaderCallbacks_SetLocationPropertyCallback (callbacks, copy_LocationProperty);
  OTF2_GlobalDefReaderCallbacks_SetCartDimensionCallback (callbacks, copy_CartDimension);
  OTF2_GlobalDefReaderCallbacks_SetCartTopologyCallback (callbacks, copy_CartTopology);
  OTF2_GlobalDefReaderCallbacks_SetCartCoordinateCallback (callbacks, copy_CartCoordinate);
  OTF2_GlobalDefReaderCallbacks_SetSourceCodeLocationCallback (callbacks, copy_SourceCodeLocation);
  OTF2_GlobalDefReaderCallbacks_SetCallingContextCallback (callbacks, copy_CallingContext);
  OTF2_GlobalDefReaderCallbacks_SetCallingContextPropertyCallback (callbacks, copy_CallingContextProperty);
  OTF2_GlobalDefReaderCallbacks_SetInterruptGeneratorCallback (callbacks, copy_InterruptGenerator);
  OTF2_GlobalDefReaderCallbacks_SetIoFilePropertyCallback (callbacks, copy_IoFileProperty);
  OTF2_GlobalDefReaderCallbacks_SetIoRegularFileCallback (callbacks, copy_IoRegularFile);
  OTF2_GlobalDefReaderCallbacks_SetIoDirectoryCallback (callbacks, copy_IoDirectory);
  OTF2_GlobalDefReaderCallbacks_SetIoHandleCallback (callbacks, copy_IoHandle);
  OTF2_GlobalDefReaderCallbacks_SetIoPreCreatedHandleStateCallback (callbacks, copy_IoPreCreatedHandleState);
  OTF2_GlobalDefReaderCallbacks_SetCallpathParameterCallback (callbacks, copy_CallpathParameter);
  OTF2_GlobalDefReaderCallbacks_SetInterCommCallback (callbacks, copy_InterComm);
}

void
chrono_otf2_merge_register_events (OTF2_EvtReaderCallbacks *callbacks)
{
  OTF2_EvtReaderCallbacks_SetBufferFlushCallback (callbacks, copy_event_BufferFlush);
  OTF2_EvtReaderCallbacks_SetMeasurementOnOffCallback (callbacks, copy_event_MeasurementOnOff);
  OTF2_EvtReaderCallbacks_SetEnterCallback (callbacks, copy_event_Enter);
  OTF2_EvtReaderCallbacks_SetLeaveCallback (callbacks, copy_event_Leave);
  OTF2_EvtReaderCallbacks_SetMpiSendCallback (callbacks, copy_event_MpiSend);
  OTF2_EvtReaderCallbacks_SetMpiIsendCallback (callbacks, copy_event_MpiIsend);
  OTF2_EvtReaderCallbacks_SetMpiIsendCompleteCallback (callbacks, copy_event_MpiIsendComplete);
  OTF2_EvtReaderCallbacks_SetMpiIrecvRequestCallback (callbacks, copy_event_MpiIrecvRequest);
  OTF2_EvtReaderCallbacks_SetMpiRecvCallback (callbacks, copy_event_MpiRecv);
  OTF2_EvtReaderCallbacks_SetMpiIrecvCallback (callbacks, copy_event_MpiIrecv);
  OTF2_EvtReaderCallbacks_SetMpiRequestTestCallback (callbacks, copy_event_MpiRequestTest);
  OTF2_EvtReaderCallbacks_SetMpiRequestCancelledCallback (callbacks, copy_event_MpiRequestCancelled);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveBeginCallback (callbacks, copy_event_MpiCollectiveBegin);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback (callbacks, copy_event_MpiCollectiveEnd);
  OTF2_EvtReaderCallbacks_SetOmpForkCallback (callbacks, copy_event_OmpFork);
  OTF2_EvtReaderCallbacks_SetOmpJoinCallback (callbacks, copy_event_OmpJoin);
  OTF2_EvtReaderCallbacks_SetOmpAcquireLockCallback (callbacks, copy_event_OmpAcquireLock);
  OTF2_EvtReaderCallbacks_SetOmpReleaseLockCallback (callbacks, copy_event_OmpReleaseLock);
  OTF2_EvtReaderCallbacks_SetOmpTaskCreateCallback (callbacks, copy_event_OmpTaskCreate);
  OTF2_EvtReaderCallbacks_SetOmpTaskSwitchCallback (callbacks, copy_event_OmpTaskSwitch);
  OTF2_EvtReaderCallbacks_SetOmpTaskCompleteCallback (callbacks, copy_event_OmpTaskComplete);
  OTF2_EvtReaderCallbacks_SetMetricCallback (callbacks, copy_event_Metric);
  OTF2_EvtReaderCallbacks_SetParameterStringCallback (callbacks, copy_event_ParameterString);
  OTF2_EvtReaderCallbacks_SetParameterIntCallback (callbacks, copy_event_ParameterInt);
  OTF2_EvtReaderCallbacks_SetParameterUnsignedIntCallback (callbacks, copy_event_ParameterUnsignedInt);
  OTF2_EvtReaderCallbacks_SetRmaWinCreateCallback (callbacks, copy_event_RmaWinCreate);
  OTF2_EvtReaderCallbacks_SetRmaWinDestroyCallback (callbacks, copy_event_RmaWinDestroy);
  OTF2_EvtReaderCallbacks_SetRmaCollectiveBeginCallback (callbacks, copy_event_RmaCollectiveBegin);
  OTF2_EvtReaderCallbacks_SetRmaCollectiveEndCallback (callbacks, copy_event_RmaCollectiveEnd);
  OTF2_EvtReaderCallbacks_SetRmaGroupSyncCallback (callbacks, copy_event_RmaGroupSync);
  OTF2_EvtReaderCallbacks_SetRmaRequestLockCallback (callbacks, copy_event_RmaRequestLock);
  OTF2_EvtReaderCallbacks_SetRmaAcquireLockCallback (callbacks, copy_event_RmaAcquireLock);
  OTF2_EvtReaderCallbacks_SetRmaTryLockCallback (callbacks, copy_event_RmaTryLock);
  OTF2_EvtReaderCallbacks_SetRmaReleaseLockCallback (callbacks, copy_event_RmaReleaseLock);
  OTF2_EvtReaderCallbacks_SetRmaSyncCallback (callbacks, copy_event_RmaSync);
  OTF2_EvtReaderCallbacks_SetRmaWaitChangeCallback (callbacks, copy_event_RmaWaitChange);
  OTF2_EvtReaderCallbacks_SetRmaPutCallback (callbacks, copy_event_RmaPut);
  OTF2_EvtReaderCallbacks_SetRmaGetCallback (callbacks, copy_event_RmaGet);
  OTF2_EvtReaderCallbacks_SetRmaAtomicCallback (callbacks, copy_event_RmaAtomic);
  OTF2_EvtReaderCallbacks_SetRmaOpCompleteBlockingCallback (callbacks, copy_event_RmaOpCompleteBlocking);
  OTF2_EvtReaderCallbacks_SetRmaOpCompleteNonBlockingCallback (callbacks, copy_event_RmaOpCompleteNonBlocking);
  OTF2_EvtReaderCallbacks_SetRmaOpTestCallback (callbacks, copy_event_RmaOpTest);
  OTF2_EvtReaderCallbacks_SetRmaOpCompleteRemoteCallback (callbacks, copy_event_RmaOpCompleteRemote);
  OTF2_EvtReaderCallbacks_SetThreadForkCallback (callbacks, copy_event_ThreadFork);
  OTF2_EvtReaderCallbacks_SetThreadJoinCallback (callbacks, copy_event_ThreadJoin);
  OTF2_EvtReaderCallbacks_SetThreadTeamBeginCallback (callbacks, copy_event_ThreadTeamBegin);
  OTF2_EvtReaderCallbacks_SetThreadTeamEndCallback (callbacks, copy_event_ThreadTeamEnd);
  OTF2_EvtReaderCallbacks_SetThreadAcquireLockCallback (callbacks, copy_event_ThreadAcquireLock);
  OTF2_EvtReaderCallbacks_SetThreadReleaseLockCallback (callbacks, copy_event_ThreadReleaseLock);
  OTF2_EvtReaderCallbacks_SetThreadTaskCreateCallback (callbacks, copy_event_ThreadTaskCreate);
  OTF2_EvtReaderCallbacks_SetThreadTaskSwitchCallback (callbacks, copy_event_ThreadTaskSwitch);
  OTF2_EvtReaderCallbacks_SetThreadTaskCompleteCallback (callbacks, copy_event_ThreadTaskComplete);
  OTF2_EvtReaderCallbacks_SetThreadCreateCallback (callbacks, copy_event_ThreadCreate);
  OTF2_EvtReaderCallbacks_SetThreadBeginCallback (callbacks, copy_event_ThreadBegin);
  OTF2_EvtReaderCallbacks_SetThreadWaitCallback (callbacks, copy_event_ThreadWait);
  OTF2_EvtReaderCallbacks_SetThreadEndCallback (callbacks, copy_event_ThreadEnd);
  OTF2_EvtReaderCallbacks_SetCallingContextEnterCallback (callbacks, copy_event_CallingContextEnter);
  OTF2_EvtReaderCallbacks_SetCallingContextLeaveCallback (callbacks, copy_event_CallingContextLeave);
  OTF2_EvtReaderCallbacks_SetCallingContextSampleCallback (callbacks, copy_event_CallingContextSample);
  OTF2_EvtReaderCallbacks_SetIoCreateHandleCallback (callbacks, copy_event_IoCreateHandle);
  OTF2_EvtReaderCallbacks_SetIoDestroyHandleCallback (callbacks, copy_event_IoDestroyHandle);
  OTF2_EvtReaderCallbacks_SetIoDuplicateHandleCallback (callbacks, copy_event_IoDuplicateHandle);
  OTF2_EvtReaderCallbacks_SetIoSeekCallback (callbacks, copy_event_IoSeek);
  OTF2_EvtReaderCallbacks_SetIoChangeStatusFlagsCallback (callbacks, copy_event_IoChangeStatusFlags);
  OTF2_EvtReaderCallbacks_SetIoDeleteFileCallback (callbacks, copy_event_IoDeleteFile);
  OTF2_EvtReaderCallbacks_SetIoOperationBeginCallback (callbacks, copy_event_IoOperationBegin);
  OTF2_EvtReaderCallbacks_SetIoOperationTestCallback (callbacks, copy_event_IoOperationTest);
  OTF2_EvtReaderCallbacks_SetIoOperationIssuedCallback (callbacks, copy_event_IoOperationIssued);
  OTF2_EvtReaderCallbacks_SetIoOperationCompleteCallback (callbacks, copy_event_IoOperationComplete);
  OTF2_EvtReaderCallbacks_SetIoOperationCancelledCallback (callbacks, copy_event_IoOperationCancelled);
  OTF2_EvtReaderCallbacks_SetIoAcquireLockCallback (callbacks, copy_event_IoAcquireLock);
  OTF2_EvtReaderCallbacks_SetIoReleaseLockCallback (callbacks, copy_event_IoReleaseLock);
  OTF2_EvtReaderCallbacks_SetIoTryLockCallback (callbacks, copy_event_IoTryLock);
  OTF2_EvtReaderCallbacks_SetProgramBeginCallback (callbacks, copy_event_ProgramBegin);
  OTF2_EvtReaderCallbacks_SetProgramEndCallback (callbacks, copy_event_ProgramEnd);
  OTF2_EvtReaderCallbacks_SetNonBlockingCollectiveRequestCallback (callbacks, copy_event_NonBlockingCollectiveRequest);
  OTF2_EvtReaderCallbacks_SetNonBlockingCollectiveCompleteCallback (callbacks, copy_event_NonBlockingCollectiveComplete);
  OTF2_EvtReaderCallbacks_SetCommCreateCallback (callbacks, copy_event_CommCreate);
  OTF2_EvtReaderCallbacks_SetCommDestroyCallback (callbacks, copy_event_CommDestroy);
}

G_GNUC_END_IGNORE_DEPRECATIONS
/* clang-format on */
