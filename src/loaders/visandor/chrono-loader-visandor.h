/* chrono-loader-visandor.h — VisAndOr traces of and/or-parallel logic programs. */
#pragma once

#include "chrono-loader.h"

G_BEGIN_DECLS

extern const ChronoLoaderInfo chrono_loader_visandor;

G_END_DECLS
