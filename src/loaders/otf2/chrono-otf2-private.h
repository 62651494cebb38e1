/* chrono-otf2-private.h — what the pieces of the OTF2 reader share. */
#pragma once

#include <otf2/otf2.h>

#include "chrono-trace.h"

G_BEGIN_DECLS

typedef struct _ChronoOtf2Reader ChronoOtf2Reader;

/* An event of a kind the loader does not read itself: counted in the
 * bounds, shown as an instant mark. */
OTF2_CallbackCode chrono_otf2_other_event (void *reader, OTF2_LocationRef location, OTF2_TimeStamp time,
                                           const char *kind);
void chrono_otf2_register_other_events (OTF2_EvtReaderCallbacks *callbacks);

G_END_DECLS
