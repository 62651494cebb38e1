/* chrono-otf2-merge.h — several OTF2 archives into one (the loader
 * table's merge): `chronoscope-cli merge A.otf2 B.otf2 … -o OUT/`. */
#pragma once

#include "chrono-loader.h"

G_BEGIN_DECLS

/* Writes OUT/traces.otf2 from inputs (anchor files) on the first one's
 * clock; output_dir must not exist (unless options->force and it holds
 * an archive or nothing) and must not be, hold or lie inside an input's
 * folder.  On failure nothing is left and error names the file. */
gboolean chrono_otf2_merge (const char *const *inputs, guint n_inputs, const char *output_dir,
                            const ChronoMergeOptions *options, GError **error);

G_END_DECLS
