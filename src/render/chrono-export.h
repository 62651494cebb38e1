/* chrono-export.h — the renderer's picture written to a PNG, SVG or PDF file. */
#pragma once

#include <gio/gio.h>

#include "chrono-renderer.h"

G_BEGIN_DECLS

typedef enum {
  CHRONO_EXPORT_PNG,
  CHRONO_EXPORT_SVG,
  CHRONO_EXPORT_PDF,
} ChronoExportFormat;

/* Largest PNG side cairo can write. */
#define CHRONO_EXPORT_MAX_PNG_SIZE 32767

gboolean chrono_export_format_from_path (const char *path, ChronoExportFormat *out);
void chrono_export_fit_options (ChronoRenderer *renderer, const ChronoRenderOptions *o, ChronoRenderOptions *out);
gboolean chrono_export_to_file (ChronoRenderer *renderer, const ChronoRenderOptions *o, const char *path,
                                GError **error);

G_END_DECLS
