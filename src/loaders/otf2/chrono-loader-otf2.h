/* chrono-loader-otf2.h — OTF2 archives (Score-P, APEX) through libotf2. */
#pragma once

#include "chrono-loader.h"

G_BEGIN_DECLS

extern const ChronoLoaderInfo chrono_loader_otf2;

G_END_DECLS
