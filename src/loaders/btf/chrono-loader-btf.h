/* chrono-loader-btf.h — BTF (Best Trace Format) 2.1.x–2.3 reader. */
#pragma once

#include "chrono-loader.h"

G_BEGIN_DECLS

extern const ChronoLoaderInfo chrono_loader_btf;

G_END_DECLS
