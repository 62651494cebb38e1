/* chrono-laplace-convert.h — `convert` for Laplace reference traces.
 *
 * Binary → canonical text, or text → binary; options "byte-order" (little
 * or big: the binary side's order, detected when reading binary and absent)
 * and "force" (convert though the order given makes times go back). */
#pragma once

#include <glib.h>

gboolean chrono_laplace_convert (const char *input, const char *output, GHashTable *options, GError **error);
