/* chrono-loader-laplace.h — Laplace memory-reference and kernel-event traces. */
#pragma once

#include "chrono-loader.h"

G_BEGIN_DECLS

extern const ChronoLoaderInfo chrono_loader_laplace;

G_END_DECLS
