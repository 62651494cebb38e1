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
  CHRONO_LOAD_ERROR_BAD_OPTION, /* an option's value does not fit its declaration */
} ChronoLoadErrorCode;

/* How much of a file the sniffers see. */
#define CHRONO_SNIFF_HEAD_SIZE 8192

/* fraction in [0, 1]; called from the loading thread. */
typedef void (*ChronoProgressFunc) (double fraction, gpointer user_data);

/* How a loader may be asked to read a file, declared once: the command
 * line's options and the viewer's menus are built from the declarations,
 * and chrono_load_file_with_options() checks values against them. */
typedef enum {
  CHRONO_OPTION_CHOICE, /* one of `values` */
  CHRONO_OPTION_SIZE, /* a whole number of bytes, 1 or more */
  CHRONO_OPTION_ATTRIBUTE, /* an attribute key of the trace's items; "" = the format's own default */
  CHRONO_OPTION_ATTRIBUTE_LIST, /* attribute keys separated by commas; "" = the default */
  CHRONO_OPTION_ATTRIBUTE_FILTER, /* KEY=V|V; KEY=V…: keep the items with these values */
  CHRONO_OPTION_FREQUENCY, /* a clock frequency ("2.4GHz", "800MHz", "1000000"); "" = not known */
} ChronoOptionType;

typedef struct {
  const char *name; /* the key on the trace: "grouping" */
  const char *flag; /* chronoscope-cli's long option ("group-by"); NULL: not offered there */
  ChronoOptionType type;
  const char *const *values; /* CHRONO_OPTION_CHOICE: the allowed values */
  const char *default_value; /* what the loader does when the option is not given; NULL: no value */
  const char *label; /* N_(): the viewer's label, with a mnemonic ("_Group by") */
  const char *default_label; /* N_(): the viewer's name for the default ("(their resource)"), or NULL */
  const char
      *default_attribute; /* CHRONO_OPTION_ATTRIBUTE: the key the default stands for ("name"), not offered twice */
  const char *description; /* N_(): the command line's --help */
  const char *arg_description; /* N_(): the value in --help ("KEY,…") */
} ChronoLoaderOption;

/* One <match type="string"> of a shared-mime-info magic rule.  value and
 * mask are written as shared-mime-info reads them ("\\n#version 2.",
 * "0xffdf…", one mask byte per byte of value); any one of `within` (ending
 * with { NULL }) must match as well. */
typedef struct ChronoMimeMatch ChronoMimeMatch;
struct ChronoMimeMatch {
  const char *value;
  const char *offset; /* "0", or a range "0:1024" */
  const char *mask; /* NULL: every byte as written */
  const ChronoMimeMatch *within;
};

/* Matches of one priority (0 … 100), any one of which recognises the type. */
typedef struct {
  int priority; /* 0 ends a list */
  const ChronoMimeMatch *matches; /* ends with { NULL } */
} ChronoMimeMagic;

/* A MIME type a loader reads, declared once: data/ generates the
 * shared-mime-info XML, the launcher's and the thumbnailer's MimeType= and
 * AppStream's <provides> from these. */
typedef struct {
  const char *type; /* "application/x-btf-trace"; NULL ends a list */
  const char *comment; /* N_(): "BTF trace" */
  const char *acronym; /* "BTF", or NULL */
  const char *expanded_acronym; /* "Best Trace Format", or NULL */
  const char *sub_class_of; /* "text/plain", or NULL */
  const char *generic_icon; /* "text-x-generic" */
  /* the type's file names: n_globs entries of the loader's globs, from this one */
  const char *const *globs;
  guint n_globs;
  int glob_weight; /* 0: shared-mime-info's default (50) */
  const ChronoMimeMagic *magic; /* ends with { 0 }; NULL: known by its name alone */
} ChronoMimeType;

/* How `chronoscope-cli merge` puts several archives of one format on one clock. */
typedef enum {
  CHRONO_MERGE_ALIGN_START, /* each archive's start on the first one's start */
  CHRONO_MERGE_ALIGN_WALL_CLOCK, /* by the wall-clock times the archives carry */
} ChronoMergeAlign;

typedef struct {
  ChronoMergeAlign align;
  gboolean force; /* replace an output folder that holds an archive of the format, or nothing */
  GPtrArray *warnings; /* NULL, or gets a line (char *) per thing the merge left out or noticed */
} ChronoMergeOptions;

typedef struct {
  const char *name; /* "btf" */
  const char *description; /* "Best Trace Format" */
  const ChronoMimeType *mime_types; /* ends with { NULL } */
  /* every file name of the format (the sniffer's tie-break, the file
   * chooser's filter); each MIME type names its own part of it */
  const char *const *globs;
  /* 0 = not this format … 100 = certainly; head is the (inflated) start of the file */
  int (*sniff) (const char *path, const char *head, gsize length);
  gboolean (*load) (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
                    GCancellable *cancellable, GError **error);
  /* Optional, for big files: an index pass that fills lane summaries and
   * hands the trace a chunk cache instead of decoding everything. */
  gboolean (*index) (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
                     GCancellable *cancellable, GError **error);
  /* Optional: the bytes a trace at path holds, when the file at path is
   * not all of it (an OTF2 anchor beside its event files); what decides
   * whether it is read lazily. */
  guint64 (*input_size) (const char *path);
  /* Optional: rewrites a file of the format in its other form (binary ⇄
   * text), atomically; options as for loading ("byte-order"). */
  gboolean (*convert) (const char *input, const char *output, GHashTable *options, GError **error);
  /* Optional: writes one archive of the format into output_dir holding
   * everything of inputs (files this loader sniffed), on the first one's
   * clock; nothing is left behind when it fails. */
  gboolean (*merge) (const char *const *inputs, guint n_inputs, const char *output_dir,
                     const ChronoMergeOptions *options, GError **error);
  /* What the format holds even where a file has none of it. */
  ChronoTraceFeatures features;
  /* How a file of this format may be read; ends with { NULL }; may be NULL. */
  const ChronoLoaderOption *options;
} ChronoLoaderInfo;

/* Files from this size on are read lazily when their loader can
 * (the "lazy" option: "auto", "always" or "never"). */
#define CHRONO_LAZY_MIN_SIZE (64u << 20)

const ChronoLoaderInfo *const *chrono_loaders_list (void);
/* For a program's main, before it reads a trace (a library leaves the
 * process's allocator alone): big allocations are given back to the system
 * as soon as they are freed. */
void chrono_loaders_tune_allocator (void);
/* The options every loader takes ("lazy", …); ends with { NULL }. */
const ChronoLoaderOption *chrono_loaders_common_options (void);
/* The declaration of option `name` for files of `info`'s format (its own or a common one), or NULL. */
const ChronoLoaderOption *chrono_loader_find_option (const ChronoLoaderInfo *info, const char *name);
gboolean chrono_loader_option_check (const ChronoLoaderOption *option, const char *value, GError **error);
const ChronoLoaderInfo *chrono_loaders_find_by_name (const char *name);
const ChronoLoaderInfo *chrono_loaders_sniff (const char *path, GError **error);
/* The same among the loaders that declare `option` as their own: an option
 * given for one file (convert's --byte-order) says which formats it can be. */
const ChronoLoaderInfo *chrono_loaders_sniff_declaring (const char *path, const char *option, GError **error);

ChronoTrace *chrono_load_file (const char *path, ChronoProgressFunc progress, gpointer progress_data,
                               GCancellable *cancellable, GError **error);
ChronoTrace *chrono_load_file_with_options (const char *path, GHashTable *options, ChronoProgressFunc progress,
                                            gpointer progress_data, GCancellable *cancellable, GError **error);

/* The same on a worker thread.  options are copied at the call, so the caller
 * may change its table at once; progress runs in the caller's thread-default
 * main context, never after callback. */
void chrono_load_file_async (const char *path, GHashTable *options, ChronoProgressFunc progress, gpointer progress_data,
                             GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
ChronoTrace *chrono_load_file_finish (GAsyncResult *result, GError **error);

G_END_DECLS
