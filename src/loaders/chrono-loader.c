#include "chrono-config.h"

#include <glib/gi18n-lib.h>

#include "chrono-loader.h"

#include <glib/gstdio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "chrono-input.h"
#include "btf/chrono-loader-btf.h"
#include "etf/chrono-loader-etf.h"
#include "laplace/chrono-loader-laplace.h"
#include "visandor/chrono-loader-visandor.h"
#ifdef HAVE_OTF2
#include "otf2/chrono-loader-otf2.h"
#endif

/* clang-format would space out the quark's name */
/* clang-format off */
G_DEFINE_QUARK (chrono-load-error-quark, chrono_load_error)
/* clang-format on */

/* glibc serves a big allocation with its own mapping, but once one is
 * freed it raises that threshold (up to 32 MiB), and the big arrays of a
 * read (columns growing by doubling, the blocks of split lines handed
 * between threads) then come from the heap, where what they free stays in
 * the process: 10 to 20 % of a load's peak.  A fixed threshold keeps them
 * mapped, grown in place by mremap and unmapped when freed. */
#define BIG_ALLOCATION (1 << 20)

void
chrono_loaders_tune_allocator (void)
{
#ifdef __GLIBC__
  mallopt (M_MMAP_THRESHOLD, BIG_ALLOCATION);
#endif
}

const ChronoLoaderInfo *const *
chrono_loaders_list (void)
{
  static const ChronoLoaderInfo *loaders[] = {
    &chrono_loader_btf,
    &chrono_loader_etf,
    &chrono_loader_visandor,
    &chrono_loader_laplace,
#ifdef HAVE_OTF2
    &chrono_loader_otf2,
#endif
    NULL,
  };
  return loaders;
}

static const char *const lazy_values[] = { "auto", "always", "never", NULL };

static const ChronoLoaderOption common_options[] = {
  { .name = "lazy",
    .flag = "lazy",
    .type = CHRONO_OPTION_CHOICE,
    .values = lazy_values,
    .default_value = "auto",
    .description = N_ ("Index big files and decode chunks on demand: auto (from 64 MiB), always or never"),
    .arg_description = N_ ("WHEN") },
  /* cuts even a small file into many chunks when read lazily: for tests
   * (the CLI takes --chunk-size=BYTES without offering it) */
  { .name = "chunk-size", .flag = "chunk-size", .type = CHRONO_OPTION_SIZE },
  /* the threads that read an OTF2 archive's locations (default: a core
   * each): for tests, which compare a read on one thread with one on several */
  { .name = "reading-threads", .flag = "reading-threads", .type = CHRONO_OPTION_SIZE },
  { NULL },
};

const ChronoLoaderOption *
chrono_loaders_common_options (void)
{
  return common_options;
}

static const ChronoLoaderOption *
find_in (const ChronoLoaderOption *options, const char *name)
{
  for (const ChronoLoaderOption *o = options; o && o->name; o++)
    if (g_str_equal (o->name, name))
      return o;
  return NULL;
}

const ChronoLoaderOption *
chrono_loader_find_option (const ChronoLoaderInfo *info, const char *name)
{
  const ChronoLoaderOption *own = info ? find_in (info->options, name) : NULL;
  return own ? own : find_in (common_options, name);
}

/* "auto, always or never" */
static char *
join_alternatives (const char *const *values)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; values[i]; i++)
    {
      if (i > 0)
        g_string_append (out, values[i + 1] ? ", " : _ (" or "));
      g_string_append (out, values[i]);
    }
  return g_string_free (out, FALSE);
}

static gboolean
parse_size (const char *value, guint64 *out)
{
  char *end = NULL;
  if (!g_ascii_isdigit (value[0]))
    return FALSE;
  guint64 size = g_ascii_strtoull (value, &end, 10);
  if (*end != '\0' || size == 0 || size == G_MAXUINT64)
    return FALSE;
  *out = size;
  return TRUE;
}

/* The one place an option's value is checked against its declaration. */
gboolean
chrono_loader_option_check (const ChronoLoaderOption *option, const char *value, GError **error)
{
  const char *shown = option->flag ? option->flag : option->name;
  guint64 size;
  switch (option->type)
    {
      case CHRONO_OPTION_CHOICE: {
        if (g_strv_contains (option->values, value))
          return TRUE;
        g_autofree char *choices = join_alternatives (option->values);
        g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_BAD_OPTION, _ ("--%s takes %s"), shown, choices);
        return FALSE;
      }
    case CHRONO_OPTION_SIZE:
      if (parse_size (value, &size))
        return TRUE;
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_BAD_OPTION, _ ("--%s takes a number of bytes"), shown);
      return FALSE;
      case CHRONO_OPTION_FREQUENCY: {
        gint64 hertz;
        g_autoptr (GError) local = NULL;
        if (*value == '\0' || chrono_parse_frequency (value, &hertz, &local))
          return TRUE;
        g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_BAD_OPTION, "--%s: %s", shown, local->message);
        return FALSE;
      }
    case CHRONO_OPTION_ATTRIBUTE:
    case CHRONO_OPTION_ATTRIBUTE_LIST:
    case CHRONO_OPTION_ATTRIBUTE_FILTER:
      /* any text: keys and values are the trace's own, checked as it is read */
      return TRUE;
    }
  g_return_val_if_reached (FALSE);
}

/* Every option given must be valid for the format it goes to; options of
 * other formats (a --group-by given with several files) are left out. */
static GHashTable *
options_for_loader (const ChronoLoaderInfo *info, GHashTable *options, GError **error)
{
  g_autoptr (GHashTable) kept = g_hash_table_new (g_str_hash, g_str_equal);
  if (options == NULL)
    return g_steal_pointer (&kept);
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, options);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const ChronoLoaderOption *option = chrono_loader_find_option (info, key);
      if (option == NULL)
        continue;
      if (!chrono_loader_option_check (option, value, error))
        return NULL;
      g_hash_table_insert (kept, key, value);
    }
  return g_steal_pointer (&kept);
}

const ChronoLoaderInfo *
chrono_loaders_find_by_name (const char *name)
{
  for (const ChronoLoaderInfo *const *l = chrono_loaders_list (); *l; l++)
    if (g_ascii_strcasecmp ((*l)->name, name) == 0)
      return *l;
  return NULL;
}

static int
glob_bonus (const ChronoLoaderInfo *info, const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *lower = g_ascii_strdown (base, -1);
  for (const char *const *glob = info->globs; glob && *glob; glob++)
    if (g_pattern_match_simple (*glob, lower))
      return 10;
  return 0;
}

/* The loader whose sniffer is most confident; the extension only breaks
 * ties.  declaring: only loaders that declare that option of their own. */
static const ChronoLoaderInfo *
sniff_among (const char *path, const char *declaring, GError **error)
{
  char head[CHRONO_SNIFF_HEAD_SIZE + 1];
  gssize length = chrono_read_head (path, (guint8 *) head, CHRONO_SNIFF_HEAD_SIZE, error);
  if (length < 0)
    return NULL;
  head[length] = '\0';

  const ChronoLoaderInfo *best = NULL, *only_declaring = NULL;
  int best_score = 0;
  guint n_declaring = 0;
  for (const ChronoLoaderInfo *const *l = chrono_loaders_list (); *l; l++)
    {
      if (declaring != NULL && find_in ((*l)->options, declaring) == NULL)
        continue;
      only_declaring = ++n_declaring == 1 ? *l : NULL;
      int score = (*l)->sniff (path, head, length);
      if (score > 0)
        score += glob_bonus (*l, path);
      if (score > best_score)
        {
          best = *l;
          best_score = score;
        }
    }
  /* an option only one format has names it, though its sniffer doubts
   * (records of printable bytes that begin as a text line does); an empty
   * file is of no format */
  if (best == NULL && declaring != NULL && n_declaring == 1 && length > 0)
    best = only_declaring;
  if (best == NULL)
    {
      g_autoptr (GPtrArray) known = g_ptr_array_new ();
      for (const ChronoLoaderInfo *const *l = chrono_loaders_list (); *l; l++)
        g_ptr_array_add (known, (gpointer) (*l)->description);
      g_ptr_array_add (known, NULL);
      g_autofree char *names = join_alternatives ((const char *const *) known->pdata);
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_UNKNOWN_FORMAT,
                   _ ("%s: unknown trace format (Chronoscope reads %s)"), path, names);
    }
  return best;
}

const ChronoLoaderInfo *
chrono_loaders_sniff (const char *path, GError **error)
{
  return sniff_among (path, NULL, error);
}

const ChronoLoaderInfo *
chrono_loaders_sniff_declaring (const char *path, const char *option, GError **error)
{
  return sniff_among (path, option, error);
}

/* Lazily when the loader can and the file is big, unless told otherwise. */
static gboolean
use_index (const ChronoLoaderInfo *info, const char *path, ChronoTrace *trace)
{
  const char *lazy = chrono_trace_get_option (trace, "lazy");
  if (info->index == NULL || g_strcmp0 (lazy, "never") == 0)
    return FALSE;
  if (g_strcmp0 (lazy, "always") == 0)
    return TRUE;
  if (info->input_size != NULL)
    return info->input_size (path) >= CHRONO_LAZY_MIN_SIZE;
  /* a .gz of 60 MB may hold 900 MB of text */
  return chrono_input_estimate_text_size (path) >= CHRONO_LAZY_MIN_SIZE;
}

/* options: option names (as declared) and their values as text; may be NULL. */
static gboolean
has_known_name (const char *name)
{
  for (const ChronoLoaderInfo *const *l = chrono_loaders_list (); *l; l++)
    if (glob_bonus (*l, name) > 0)
      return TRUE;
  return FALSE;
}

/* A folder is opened as the one trace file in it that a format recognises
 * by content (an OTF2 archive's anchor beside its .def and event folder). */
static char *
find_trace_in_folder (const char *folder, GError **error)
{
  g_autoptr (GDir) dir = g_dir_open (folder, 0, error);
  if (dir == NULL)
    return NULL;
  g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      if (has_known_name (name) && g_file_test (path, G_FILE_TEST_IS_REGULAR) && chrono_loaders_sniff (path, NULL))
        g_ptr_array_add (found, g_steal_pointer (&path));
    }
  if (found->len == 1)
    return g_strdup (g_ptr_array_index (found, 0));
  g_ptr_array_sort (found, (GCompareFunc) g_strcmp0);
  if (found->len == 0)
    g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_UNKNOWN_FORMAT,
                 _ ("%s: a folder, and no trace file in it"), folder);
  else
    g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_UNKNOWN_FORMAT,
                 _ ("%s: a folder of %u traces; open one of them"), folder, found->len);
  return NULL;
}

ChronoTrace *
chrono_load_file_with_options (const char *path, GHashTable *options, ChronoProgressFunc progress,
                               gpointer progress_data, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_autofree char *in_folder = NULL;
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      if ((in_folder = find_trace_in_folder (path, error)) == NULL)
        return NULL;
      path = in_folder;
    }
  GError *local_error = NULL;
  const ChronoLoaderInfo *info = chrono_loaders_sniff (path, &local_error);
  if (info == NULL)
    {
      if (local_error->domain != CHRONO_LOAD_ERROR)
        {
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, "%s", local_error->message);
          g_error_free (local_error);
        }
      else
        g_propagate_error (error, local_error);
      return NULL;
    }
  g_autoptr (GHashTable) valid = options_for_loader (info, options, error);
  if (valid == NULL)
    return NULL;
  g_autoptr (ChronoTrace) trace = chrono_trace_new (path, info->name);
  chrono_trace_add_features (trace, info->features);
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, valid);
  while (g_hash_table_iter_next (&iter, &key, &value))
    chrono_trace_set_option (trace, key, value);
  if (!(use_index (info, path, trace) ? info->index : info->load) (trace, path, progress, progress_data, cancellable,
                                                                   error))
    return NULL;
  chrono_trace_seal (trace);
  return g_steal_pointer (&trace);
}

ChronoTrace *
chrono_load_file (const char *path, ChronoProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                  GError **error)
{
  return chrono_load_file_with_options (path, NULL, progress, progress_data, cancellable, error);
}

/* ---- on a worker thread --------------------------------------------------- */

typedef struct {
  char *path;
  GHashTable *options; /* the job's own copy */
  ChronoProgressFunc progress;
  gpointer progress_data;
  GMainContext *context; /* the caller's, where progress is reported */
} LoadJob;

static void
load_job_free (gpointer data)
{
  LoadJob *job = data;
  g_free (job->path);
  g_hash_table_unref (job->options);
  g_main_context_unref (job->context);
  g_free (job);
}

static GHashTable *
copy_options (GHashTable *options)
{
  GHashTable *copy = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (options == NULL)
    return copy;
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, options);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy, g_strdup (key), g_strdup (value));
  return copy;
}

typedef struct {
  GTask *task;
  double fraction;
} ProgressReport;

static gboolean
deliver_progress (gpointer data)
{
  ProgressReport *report = data;
  LoadJob *job = g_task_get_task_data (report->task);
  if (!g_task_get_completed (report->task))
    job->progress (report->fraction, job->progress_data);
  g_object_unref (report->task);
  g_free (report);
  return G_SOURCE_REMOVE;
}

/* On the worker thread: hand the fraction to the caller's context. */
static void
forward_progress (double fraction, gpointer data)
{
  GTask *task = data;
  LoadJob *job = g_task_get_task_data (task);
  ProgressReport *report = g_new (ProgressReport, 1);
  report->task = g_object_ref (task);
  report->fraction = fraction;
  g_autoptr (GSource) idle = g_idle_source_new ();
  g_source_set_callback (idle, deliver_progress, report, NULL);
  g_source_attach (idle, job->context);
}

static void
load_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  LoadJob *job = task_data;
  GError *error = NULL;
  ChronoTrace *trace = chrono_load_file_with_options (job->path, job->options, job->progress ? forward_progress : NULL,
                                                      task, cancellable, &error);
  if (trace)
    g_task_return_pointer (task, trace, g_object_unref);
  else
    g_task_return_error (task, error);
}

void
chrono_load_file_async (const char *path, GHashTable *options, ChronoProgressFunc progress, gpointer progress_data,
                        GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (path != NULL);
  LoadJob *job = g_new0 (LoadJob, 1);
  job->path = g_strdup (path);
  job->options = copy_options (options);
  job->progress = progress;
  job->progress_data = progress_data;
  job->context = g_main_context_ref_thread_default ();
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, chrono_load_file_async);
  g_task_set_task_data (task, job, load_job_free);
  g_task_run_in_thread (task, load_in_thread);
}

ChronoTrace *
chrono_load_file_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
