/* chrono-loader-etf.h — TRACE (TRACE4CPS) text traces: resources, claims,
 * events, dependencies and signals. */
#pragma once

#include "chrono-loader.h"

G_BEGIN_DECLS

extern const ChronoLoaderInfo chrono_loader_etf;

/* Attribute text "k = v, k2 = a\, b" → keys and values (unescaped, trimmed). */
gboolean chrono_etf_parse_attributes (const char *text, GPtrArray *keys, GPtrArray *values, char **error_message);

G_END_DECLS
