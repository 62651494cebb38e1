/* chrono-loader.h — the registry of formats: sniff by content, then load. */
#pragma once

#include <gio/gio.h>

#include "chrono-trace.h"

G_BEGIN_DECLS

#define CHRONO_LOAD_ERROR (chrono_load_error_quark ())
GQuark chrono_load_error_quark (void);

typedef enum {
  CHRONO_LOAD_ERROR_UNKNOWN_FORMAT, /* no loader recognises the file */
  CHRONO_LOAD_ERROR_INVALID, /* the file cannot be read as its format */
  CHRONO_LOAD_ERROR_IO, /* it cannot be read at all */
} ChronoLoadErrorCode;

/* How much of a file the sniffers see. */
#define CHRONO_SNIFF_HEAD_SIZE 8192

/* fraction in [0, 1]; called from the loading thread. */
typedef void (*ChronoProgressFunc) (double fraction, gpointer user_data);

typedef struct {
  const char *name; /* "btf" */
  const char *description; /* "Best Trace Format" */
  const char *const *mime_types;
  const char *const *globs;
  /* 0 = not this format … 100 = certainly; head is the (inflated) start of the file */
  int (*sniff) (const char *path, const char *head, gsize length);
  gboolean (*load) (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
                    GCancellable *cancellable, GError **error);
  /* Optional, for big files: an index pass that fills lane summaries and
   * hands the trace a chunk cache instead of decoding everything. */
  gboolean (*index) (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
                     GCancellable *cancellable, GError **error);
  /* What the format holds even where a file has none of it. */
  ChronoTraceFeatures features;
} ChronoLoaderInfo;

/* Files from this size on are read lazily when their loader can
 * (the "lazy" option: "auto", "always" or "never"). */
#define CHRONO_LAZY_MIN_SIZE (64u << 20)

const ChronoLoaderInfo *const *chrono_loaders_list (void);
const ChronoLoaderInfo *chrono_loaders_find_by_name (const char *name);
const ChronoLoaderInfo *chrono_loaders_sniff (const char *path, GError **error);

ChronoTrace *chrono_load_file (const char *path, ChronoProgressFunc progress, gpointer progress_data,
                               GCancellable *cancellable, GError **error);
ChronoTrace *chrono_load_file_with_options (const char *path, GHashTable *options, ChronoProgressFunc progress,
                                            gpointer progress_data, GCancellable *cancellable, GError **error);

G_END_DECLS
