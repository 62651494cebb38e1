/* chrono-otf2-decoder.h — decodes one window of time of a lazily read OTF2
 * archive: every location sought to where the window begins for it. */
#pragma once

#include "chrono-chunk-decoder.h"
#include "chrono-otf2-private.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_OTF2_DECODER (chrono_otf2_decoder_get_type ())
G_DECLARE_FINAL_TYPE (ChronoOtf2Decoder, chrono_otf2_decoder, CHRONO, OTF2_DECODER, GObject)

/* Takes the locations' checkpoints from the index pass's reader. */
ChronoOtf2Decoder *chrono_otf2_decoder_new (const char *path, ChronoOtf2Reader *index, GPtrArray *locations);

G_END_DECLS
