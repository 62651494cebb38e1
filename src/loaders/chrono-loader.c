#include <glib/gi18n-lib.h>

#include "chrono-loader.h"

#include <glib/gstdio.h>

#include "chrono-input.h"
#include "chrono-loader-btf.h"
#include "chrono-loader-etf.h"

/* clang-format would space out the quark's name */
/* clang-format off */
G_DEFINE_QUARK (chrono-load-error-quark, chrono_load_error)
/* clang-format on */

const ChronoLoaderInfo *const *
chrono_loaders_list (void)
{
  static const ChronoLoaderInfo *loaders[] = { &chrono_loader_btf, &chrono_loader_etf, NULL };
  return loaders;
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

/* The loader whose sniffer is most confident; the extension only breaks ties. */
const ChronoLoaderInfo *
chrono_loaders_sniff (const char *path, GError **error)
{
  char head[CHRONO_SNIFF_HEAD_SIZE + 1];
  gssize length = chrono_read_head (path, (guint8 *) head, CHRONO_SNIFF_HEAD_SIZE, error);
  if (length < 0)
    return NULL;
  head[length] = '\0';

  const ChronoLoaderInfo *best = NULL;
  int best_score = 0;
  for (const ChronoLoaderInfo *const *l = chrono_loaders_list (); *l; l++)
    {
      int score = (*l)->sniff (path, head, length);
      if (score > 0)
        score += glob_bonus (*l, path);
      if (score > best_score)
        {
          best = *l;
          best_score = score;
        }
    }
  if (best == NULL)
    g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_UNKNOWN_FORMAT,
                 _ ("%s: unknown trace format (neither BTF nor TRACE)"), path);
  return best;
}

/* options: string keys and values the loader reads from the trace (may be NULL). */
/* Lazily when the loader can and the file is big, unless told otherwise. */
static gboolean
use_index (const ChronoLoaderInfo *info, const char *path, GHashTable *options)
{
  const char *lazy = options ? g_hash_table_lookup (options, "lazy") : NULL;
  if (info->index == NULL || g_strcmp0 (lazy, "never") == 0)
    return FALSE;
  if (g_strcmp0 (lazy, "always") == 0)
    return TRUE;
  GStatBuf st;
  return g_stat (path, &st) == 0 && (guint64) st.st_size >= CHRONO_LAZY_MIN_SIZE;
}

ChronoTrace *
chrono_load_file_with_options (const char *path, GHashTable *options, ChronoProgressFunc progress,
                               gpointer progress_data, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
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
  g_autoptr (ChronoTrace) trace = chrono_trace_new (path, info->name);
  chrono_trace_add_features (trace, info->features);
  if (options != NULL)
    {
      GHashTableIter iter;
      gpointer key, value;
      g_hash_table_iter_init (&iter, options);
      while (g_hash_table_iter_next (&iter, &key, &value))
        chrono_trace_set_option (trace, key, value);
    }
  if (!(use_index (info, path, options) ? info->index : info->load) (trace, path, progress, progress_data, cancellable,
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
