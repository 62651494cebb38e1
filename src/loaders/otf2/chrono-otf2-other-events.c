/* chrono-otf2-other-events.c — written by build-aux/gen-otf2-events.py from
 * OTF2_EvtReaderCallbacks.h: every event record kind the loader does not read
 * itself becomes an instant mark named after it.  Do not edit by hand. */
#include "chrono-otf2-private.h"

/* clang-format off */
static OTF2_CallbackCode
on_Unknown (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "Unknown");
}

static OTF2_CallbackCode
on_BufferFlush (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_TimeStamp stopTime)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "BufferFlush");
}

static OTF2_CallbackCode
on_MeasurementOnOff (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_MeasurementMode measurementMode)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "MeasurementOnOff");
}

static OTF2_CallbackCode
on_MpiIsendComplete (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t requestID)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "MpiIsendComplete");
}

static OTF2_CallbackCode
on_MpiIrecvRequest (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t requestID)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "MpiIrecvRequest");
}

static OTF2_CallbackCode
on_MpiRequestTest (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t requestID)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "MpiRequestTest");
}

static OTF2_CallbackCode
on_MpiRequestCancelled (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t requestID)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "MpiRequestCancelled");
}

static OTF2_CallbackCode
on_OmpFork (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint32_t numberOfRequestedThreads)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "OmpFork");
}

static OTF2_CallbackCode
on_OmpJoin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "OmpJoin");
}

static OTF2_CallbackCode
on_OmpAcquireLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint32_t lockID, uint32_t acquisitionOrder)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "OmpAcquireLock");
}

static OTF2_CallbackCode
on_OmpReleaseLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint32_t lockID, uint32_t acquisitionOrder)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "OmpReleaseLock");
}

static OTF2_CallbackCode
on_OmpTaskCreate (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t taskID)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "OmpTaskCreate");
}

static OTF2_CallbackCode
on_OmpTaskSwitch (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t taskID)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "OmpTaskSwitch");
}

static OTF2_CallbackCode
on_OmpTaskComplete (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t taskID)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "OmpTaskComplete");
}

static OTF2_CallbackCode
on_ParameterString (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_ParameterRef parameter, OTF2_StringRef string)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ParameterString");
}

static OTF2_CallbackCode
on_ParameterInt (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_ParameterRef parameter, int64_t value)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ParameterInt");
}

static OTF2_CallbackCode
on_ParameterUnsignedInt (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_ParameterRef parameter, uint64_t value)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ParameterUnsignedInt");
}

static OTF2_CallbackCode
on_RmaWinCreate (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaWinCreate");
}

static OTF2_CallbackCode
on_RmaWinDestroy (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaWinDestroy");
}

static OTF2_CallbackCode
on_RmaCollectiveBegin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaCollectiveBegin");
}

static OTF2_CallbackCode
on_RmaCollectiveEnd (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CollectiveOp collectiveOp, OTF2_RmaSyncLevel syncLevel, OTF2_RmaWinRef win, uint32_t root, uint64_t bytesSent, uint64_t bytesReceived)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaCollectiveEnd");
}

static OTF2_CallbackCode
on_RmaGroupSync (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaSyncLevel syncLevel, OTF2_RmaWinRef win, OTF2_GroupRef group)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaGroupSync");
}

static OTF2_CallbackCode
on_RmaRequestLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId, OTF2_LockType lockType)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaRequestLock");
}

static OTF2_CallbackCode
on_RmaAcquireLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId, OTF2_LockType lockType)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaAcquireLock");
}

static OTF2_CallbackCode
on_RmaTryLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId, OTF2_LockType lockType)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaTryLock");
}

static OTF2_CallbackCode
on_RmaReleaseLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaReleaseLock");
}

static OTF2_CallbackCode
on_RmaSync (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, OTF2_RmaSyncType syncType)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaSync");
}

static OTF2_CallbackCode
on_RmaWaitChange (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaWaitChange");
}

static OTF2_CallbackCode
on_RmaPut (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, uint64_t bytes, uint64_t matchingId)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaPut");
}

static OTF2_CallbackCode
on_RmaGet (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, uint64_t bytes, uint64_t matchingId)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaGet");
}

static OTF2_CallbackCode
on_RmaAtomic (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint32_t remote, OTF2_RmaAtomicType type, uint64_t bytesSent, uint64_t bytesReceived, uint64_t matchingId)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaAtomic");
}

static OTF2_CallbackCode
on_RmaOpCompleteBlocking (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint64_t matchingId)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaOpCompleteBlocking");
}

static OTF2_CallbackCode
on_RmaOpCompleteNonBlocking (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint64_t matchingId)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaOpCompleteNonBlocking");
}

static OTF2_CallbackCode
on_RmaOpTest (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint64_t matchingId)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaOpTest");
}

static OTF2_CallbackCode
on_RmaOpCompleteRemote (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_RmaWinRef win, uint64_t matchingId)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "RmaOpCompleteRemote");
}

static OTF2_CallbackCode
on_ThreadFork (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_Paradigm model, uint32_t numberOfRequestedThreads)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ThreadFork");
}

static OTF2_CallbackCode
on_ThreadJoin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_Paradigm model)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ThreadJoin");
}

static OTF2_CallbackCode
on_ThreadTeamBegin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadTeam)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ThreadTeamBegin");
}

static OTF2_CallbackCode
on_ThreadTeamEnd (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadTeam)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ThreadTeamEnd");
}

static OTF2_CallbackCode
on_ThreadAcquireLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_Paradigm model, uint32_t lockID, uint32_t acquisitionOrder)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ThreadAcquireLock");
}

static OTF2_CallbackCode
on_ThreadReleaseLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_Paradigm model, uint32_t lockID, uint32_t acquisitionOrder)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ThreadReleaseLock");
}

static OTF2_CallbackCode
on_ThreadTaskCreate (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ThreadTaskCreate");
}

static OTF2_CallbackCode
on_ThreadTaskSwitch (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ThreadTaskSwitch");
}

static OTF2_CallbackCode
on_ThreadTaskComplete (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ThreadTaskComplete");
}

static OTF2_CallbackCode
on_ThreadCreate (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadContingent, uint64_t sequenceCount)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ThreadCreate");
}

static OTF2_CallbackCode
on_ThreadBegin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadContingent, uint64_t sequenceCount)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ThreadBegin");
}

static OTF2_CallbackCode
on_ThreadWait (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadContingent, uint64_t sequenceCount)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ThreadWait");
}

static OTF2_CallbackCode
on_ThreadEnd (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef threadContingent, uint64_t sequenceCount)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ThreadEnd");
}

static OTF2_CallbackCode
on_CallingContextEnter (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CallingContextRef callingContext, uint32_t unwindDistance)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "CallingContextEnter");
}

static OTF2_CallbackCode
on_CallingContextLeave (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CallingContextRef callingContext)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "CallingContextLeave");
}

static OTF2_CallbackCode
on_CallingContextSample (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CallingContextRef callingContext, uint32_t unwindDistance, OTF2_InterruptGeneratorRef interruptGenerator)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "CallingContextSample");
}

static OTF2_CallbackCode
on_IoCreateHandle (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, OTF2_IoAccessMode mode, OTF2_IoCreationFlag creationFlags, OTF2_IoStatusFlag statusFlags)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoCreateHandle");
}

static OTF2_CallbackCode
on_IoDestroyHandle (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoDestroyHandle");
}

static OTF2_CallbackCode
on_IoDuplicateHandle (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef oldHandle, OTF2_IoHandleRef newHandle, OTF2_IoStatusFlag statusFlags)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoDuplicateHandle");
}

static OTF2_CallbackCode
on_IoSeek (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, int64_t offsetRequest, OTF2_IoSeekOption whence, uint64_t offsetResult)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoSeek");
}

static OTF2_CallbackCode
on_IoChangeStatusFlags (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, OTF2_IoStatusFlag statusFlags)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoChangeStatusFlags");
}

static OTF2_CallbackCode
on_IoDeleteFile (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoParadigmRef ioParadigm, OTF2_IoFileRef file)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoDeleteFile");
}

static OTF2_CallbackCode
on_IoOperationBegin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, OTF2_IoOperationMode mode, OTF2_IoOperationFlag operationFlags, uint64_t bytesRequest, uint64_t matchingId)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoOperationBegin");
}

static OTF2_CallbackCode
on_IoOperationTest (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, uint64_t matchingId)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoOperationTest");
}

static OTF2_CallbackCode
on_IoOperationIssued (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, uint64_t matchingId)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoOperationIssued");
}

static OTF2_CallbackCode
on_IoOperationComplete (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, uint64_t bytesResult, uint64_t matchingId)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoOperationComplete");
}

static OTF2_CallbackCode
on_IoOperationCancelled (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, uint64_t matchingId)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoOperationCancelled");
}

static OTF2_CallbackCode
on_IoAcquireLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, OTF2_LockType lockType)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoAcquireLock");
}

static OTF2_CallbackCode
on_IoReleaseLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, OTF2_LockType lockType)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoReleaseLock");
}

static OTF2_CallbackCode
on_IoTryLock (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_IoHandleRef handle, OTF2_LockType lockType)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "IoTryLock");
}

static OTF2_CallbackCode
on_ProgramBegin (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_StringRef programName, uint32_t numberOfArguments, const OTF2_StringRef* programArguments)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ProgramBegin");
}

static OTF2_CallbackCode
on_ProgramEnd (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, int64_t exitStatus)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "ProgramEnd");
}

static OTF2_CallbackCode
on_NonBlockingCollectiveRequest (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, uint64_t requestID)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "NonBlockingCollectiveRequest");
}

static OTF2_CallbackCode
on_NonBlockingCollectiveComplete (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CollectiveOp collectiveOp, OTF2_CommRef communicator, uint32_t root, uint64_t sizeSent, uint64_t sizeReceived, uint64_t requestID)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "NonBlockingCollectiveComplete");
}

static OTF2_CallbackCode
on_CommCreate (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef communicator)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "CommCreate");
}

static OTF2_CallbackCode
on_CommDestroy (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t eventPosition, void* userData, OTF2_AttributeList* attributeList, OTF2_CommRef communicator)
{
  return chrono_otf2_other_event (userData, location, time, eventPosition, "CommDestroy");
}

void
chrono_otf2_register_other_events (OTF2_EvtReaderCallbacks *callbacks)
{
  OTF2_EvtReaderCallbacks_SetUnknownCallback (callbacks, on_Unknown);
  OTF2_EvtReaderCallbacks_SetBufferFlushCallback (callbacks, on_BufferFlush);
  OTF2_EvtReaderCallbacks_SetMeasurementOnOffCallback (callbacks, on_MeasurementOnOff);
  OTF2_EvtReaderCallbacks_SetMpiIsendCompleteCallback (callbacks, on_MpiIsendComplete);
  OTF2_EvtReaderCallbacks_SetMpiIrecvRequestCallback (callbacks, on_MpiIrecvRequest);
  OTF2_EvtReaderCallbacks_SetMpiRequestTestCallback (callbacks, on_MpiRequestTest);
  OTF2_EvtReaderCallbacks_SetMpiRequestCancelledCallback (callbacks, on_MpiRequestCancelled);
  OTF2_EvtReaderCallbacks_SetOmpForkCallback (callbacks, on_OmpFork);
  OTF2_EvtReaderCallbacks_SetOmpJoinCallback (callbacks, on_OmpJoin);
  OTF2_EvtReaderCallbacks_SetOmpAcquireLockCallback (callbacks, on_OmpAcquireLock);
  OTF2_EvtReaderCallbacks_SetOmpReleaseLockCallback (callbacks, on_OmpReleaseLock);
  OTF2_EvtReaderCallbacks_SetOmpTaskCreateCallback (callbacks, on_OmpTaskCreate);
  OTF2_EvtReaderCallbacks_SetOmpTaskSwitchCallback (callbacks, on_OmpTaskSwitch);
  OTF2_EvtReaderCallbacks_SetOmpTaskCompleteCallback (callbacks, on_OmpTaskComplete);
  OTF2_EvtReaderCallbacks_SetParameterStringCallback (callbacks, on_ParameterString);
  OTF2_EvtReaderCallbacks_SetParameterIntCallback (callbacks, on_ParameterInt);
  OTF2_EvtReaderCallbacks_SetParameterUnsignedIntCallback (callbacks, on_ParameterUnsignedInt);
  OTF2_EvtReaderCallbacks_SetRmaWinCreateCallback (callbacks, on_RmaWinCreate);
  OTF2_EvtReaderCallbacks_SetRmaWinDestroyCallback (callbacks, on_RmaWinDestroy);
  OTF2_EvtReaderCallbacks_SetRmaCollectiveBeginCallback (callbacks, on_RmaCollectiveBegin);
  OTF2_EvtReaderCallbacks_SetRmaCollectiveEndCallback (callbacks, on_RmaCollectiveEnd);
  OTF2_EvtReaderCallbacks_SetRmaGroupSyncCallback (callbacks, on_RmaGroupSync);
  OTF2_EvtReaderCallbacks_SetRmaRequestLockCallback (callbacks, on_RmaRequestLock);
  OTF2_EvtReaderCallbacks_SetRmaAcquireLockCallback (callbacks, on_RmaAcquireLock);
  OTF2_EvtReaderCallbacks_SetRmaTryLockCallback (callbacks, on_RmaTryLock);
  OTF2_EvtReaderCallbacks_SetRmaReleaseLockCallback (callbacks, on_RmaReleaseLock);
  OTF2_EvtReaderCallbacks_SetRmaSyncCallback (callbacks, on_RmaSync);
  OTF2_EvtReaderCallbacks_SetRmaWaitChangeCallback (callbacks, on_RmaWaitChange);
  OTF2_EvtReaderCallbacks_SetRmaPutCallback (callbacks, on_RmaPut);
  OTF2_EvtReaderCallbacks_SetRmaGetCallback (callbacks, on_RmaGet);
  OTF2_EvtReaderCallbacks_SetRmaAtomicCallback (callbacks, on_RmaAtomic);
  OTF2_EvtReaderCallbacks_SetRmaOpCompleteBlockingCallback (callbacks, on_RmaOpCompleteBlocking);
  OTF2_EvtReaderCallbacks_SetRmaOpCompleteNonBlockingCallback (callbacks, on_RmaOpCompleteNonBlocking);
  OTF2_EvtReaderCallbacks_SetRmaOpTestCallback (callbacks, on_RmaOpTest);
  OTF2_EvtReaderCallbacks_SetRmaOpCompleteRemoteCallback (callbacks, on_RmaOpCompleteRemote);
  OTF2_EvtReaderCallbacks_SetThreadForkCallback (callbacks, on_ThreadFork);
  OTF2_EvtReaderCallbacks_SetThreadJoinCallback (callbacks, on_ThreadJoin);
  OTF2_EvtReaderCallbacks_SetThreadTeamBeginCallback (callbacks, on_ThreadTeamBegin);
  OTF2_EvtReaderCallbacks_SetThreadTeamEndCallback (callbacks, on_ThreadTeamEnd);
  OTF2_EvtReaderCallbacks_SetThreadAcquireLockCallback (callbacks, on_ThreadAcquireLock);
  OTF2_EvtReaderCallbacks_SetThreadReleaseLockCallback (callbacks, on_ThreadReleaseLock);
  OTF2_EvtReaderCallbacks_SetThreadTaskCreateCallback (callbacks, on_ThreadTaskCreate);
  OTF2_EvtReaderCallbacks_SetThreadTaskSwitchCallback (callbacks, on_ThreadTaskSwitch);
  OTF2_EvtReaderCallbacks_SetThreadTaskCompleteCallback (callbacks, on_ThreadTaskComplete);
  OTF2_EvtReaderCallbacks_SetThreadCreateCallback (callbacks, on_ThreadCreate);
  OTF2_EvtReaderCallbacks_SetThreadBeginCallback (callbacks, on_ThreadBegin);
  OTF2_EvtReaderCallbacks_SetThreadWaitCallback (callbacks, on_ThreadWait);
  OTF2_EvtReaderCallbacks_SetThreadEndCallback (callbacks, on_ThreadEnd);
  OTF2_EvtReaderCallbacks_SetCallingContextEnterCallback (callbacks, on_CallingContextEnter);
  OTF2_EvtReaderCallbacks_SetCallingContextLeaveCallback (callbacks, on_CallingContextLeave);
  OTF2_EvtReaderCallbacks_SetCallingContextSampleCallback (callbacks, on_CallingContextSample);
  OTF2_EvtReaderCallbacks_SetIoCreateHandleCallback (callbacks, on_IoCreateHandle);
  OTF2_EvtReaderCallbacks_SetIoDestroyHandleCallback (callbacks, on_IoDestroyHandle);
  OTF2_EvtReaderCallbacks_SetIoDuplicateHandleCallback (callbacks, on_IoDuplicateHandle);
  OTF2_EvtReaderCallbacks_SetIoSeekCallback (callbacks, on_IoSeek);
  OTF2_EvtReaderCallbacks_SetIoChangeStatusFlagsCallback (callbacks, on_IoChangeStatusFlags);
  OTF2_EvtReaderCallbacks_SetIoDeleteFileCallback (callbacks, on_IoDeleteFile);
  OTF2_EvtReaderCallbacks_SetIoOperationBeginCallback (callbacks, on_IoOperationBegin);
  OTF2_EvtReaderCallbacks_SetIoOperationTestCallback (callbacks, on_IoOperationTest);
  OTF2_EvtReaderCallbacks_SetIoOperationIssuedCallback (callbacks, on_IoOperationIssued);
  OTF2_EvtReaderCallbacks_SetIoOperationCompleteCallback (callbacks, on_IoOperationComplete);
  OTF2_EvtReaderCallbacks_SetIoOperationCancelledCallback (callbacks, on_IoOperationCancelled);
  OTF2_EvtReaderCallbacks_SetIoAcquireLockCallback (callbacks, on_IoAcquireLock);
  OTF2_EvtReaderCallbacks_SetIoReleaseLockCallback (callbacks, on_IoReleaseLock);
  OTF2_EvtReaderCallbacks_SetIoTryLockCallback (callbacks, on_IoTryLock);
  OTF2_EvtReaderCallbacks_SetProgramBeginCallback (callbacks, on_ProgramBegin);
  OTF2_EvtReaderCallbacks_SetProgramEndCallback (callbacks, on_ProgramEnd);
  OTF2_EvtReaderCallbacks_SetNonBlockingCollectiveRequestCallback (callbacks, on_NonBlockingCollectiveRequest);
  OTF2_EvtReaderCallbacks_SetNonBlockingCollectiveCompleteCallback (callbacks, on_NonBlockingCollectiveComplete);
  OTF2_EvtReaderCallbacks_SetCommCreateCallback (callbacks, on_CommCreate);
  OTF2_EvtReaderCallbacks_SetCommDestroyCallback (callbacks, on_CommDestroy);
}
/* clang-format on */
