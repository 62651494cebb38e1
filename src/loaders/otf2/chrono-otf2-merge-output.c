/* chrono-otf2-merge-output.c — where a merged archive is written: never
 * into an input's folder, never over a folder that is not an archive (or
 * empty), never deleting a file the archive it replaces does not name, and
 * through a temporary folder beside the output, renamed into place at the
 * end, so a failed merge leaves nothing. */
#include <glib/gi18n-lib.h>

#include <errno.h>
#include <glib/gstdio.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "chrono-otf2-prewalk.h"
#include "chrono-otf2-merge-private.h"

/* The absolute path with symbolic links resolved as far as the path
 * exists (the output folder usually does not yet); a link that leads
 * nowhere yet is followed to where it leads, which is where the folder is
 * made.  NULL when links lead in a loop. */
static char *
resolve_within (const char *path, int depth)
{
  if (depth > 40)
    return NULL;
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  char *real = realpath (absolute, NULL);
  if (real != NULL)
    {
      char *copy = g_strdup (real);
      free (real);
      return copy;
    }
  g_autofree char *target = g_file_read_link (absolute, NULL);
  g_autofree char *parent = g_path_get_dirname (absolute);
  if (target != NULL)
    {
      g_autofree char *next = g_path_is_absolute (target) ? g_strdup (target) : g_build_filename (parent, target, NULL);
      return resolve_within (next, depth + 1);
    }
  if (strcmp (parent, absolute) == 0)
    return g_steal_pointer (&absolute);
  g_autofree char *name = g_path_get_basename (absolute);
  g_autofree char *resolved_parent = resolve_within (parent, depth + 1);
  return resolved_parent != NULL ? g_build_filename (resolved_parent, name, NULL) : NULL;
}

static char *
resolve (const char *path)
{
  return resolve_within (path, 0);
}

static gboolean
is_within (const char *path, const char *folder)
{
  gsize n = strlen (folder);
  return strcmp (path, folder) == 0
         || (strncmp (path, folder, n) == 0 && (path[n] == G_DIR_SEPARATOR || folder[n - 1] == G_DIR_SEPARATOR));
}

static gboolean
is_regular (const char *path)
{
  GStatBuf st;
  return g_lstat (path, &st) == 0 && S_ISREG (st.st_mode);
}

static gboolean
not_replacing (GError **error, const char *output_dir, const char *what)
{
  g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_BAD_OPTION,
               _ ("%s: %s; --force replaces only an OTF2 archive and nothing else, or an empty folder"), output_dir,
               what);
  return FALSE;
}

static OTF2_CallbackCode
note_location (void *data, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType type, uint64_t n_events,
               OTF2_LocationGroupRef group)
{
  g_hash_table_add (data, g_strdup_printf ("%" PRIu64, (guint64) self));
  return OTF2_CALLBACK_SUCCESS;
}

/* The ids (as text) of the locations the archive at anchor defines; NULL
 * when libotf2 cannot read its global definitions.  Every file it opens is
 * known to be a regular file: a FIFO would block it. */
static GHashTable *
archive_locations (const char *anchor)
{
  OTF2_Reader *otf2 = chrono_otf2_open_archive (anchor, NULL);
  if (otf2 == NULL)
    return NULL;
  g_autoptr (GHashTable) locations = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  OTF2_GlobalDefReader *defs = OTF2_Reader_GetGlobalDefReader (otf2);
  OTF2_GlobalDefReaderCallbacks *callbacks = OTF2_GlobalDefReaderCallbacks_New ();
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback (callbacks, note_location);
  uint64_t n = 0;
  gboolean ok = defs != NULL
                && OTF2_Reader_RegisterGlobalDefCallbacks (otf2, defs, callbacks, locations) == OTF2_SUCCESS
                && OTF2_Reader_ReadAllGlobalDefinitions (otf2, defs, &n) == OTF2_SUCCESS;
  OTF2_GlobalDefReaderCallbacks_Delete (callbacks);
  if (defs != NULL)
    OTF2_Reader_CloseGlobalDefReader (otf2, defs);
  OTF2_Reader_Close (otf2);
  return ok ? g_steal_pointer (&locations) : NULL;
}

/* The one anchor among a folder's entries, or NULL (no anchor, or several). */
static const char *
the_anchor (const char *folder, GPtrArray *entries, GError **error, const char *output_dir)
{
  const char *anchor = NULL;
  for (guint i = 0; i < entries->len; i++)
    {
      const char *name = g_ptr_array_index (entries, i);
      if (!g_str_has_suffix (name, ".otf2"))
        continue;
      if (anchor != NULL)
        {
          g_autofree char *what = g_strdup_printf (_ ("holds two archives, “%s” and “%s”"), anchor, name);
          not_replacing (error, output_dir, what);
          return NULL;
        }
      anchor = name;
    }
  if (anchor == NULL)
    {
      g_autofree char *what =
          g_strdup_printf (_ ("holds “%s” and no OTF2 archive"), (const char *) g_ptr_array_index (entries, 0));
      not_replacing (error, output_dir, what);
    }
  return anchor;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* A folder's entries by name; NULL when it cannot be read. */
static GPtrArray *
list_folder (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  if (dir == NULL)
    return NULL;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  return names;
}

/* The files of the archive's event folder: per location it defines, its
 * events, local definitions and snapshots; FALSE at anything else. */
static gboolean
add_location_files (const char *folder, const char *base, GHashTable *locations, GPtrArray *files,
                    const char *output_dir, GError **error)
{
  g_autofree char *path = g_build_filename (folder, base, NULL);
  g_autoptr (GPtrArray) entries = list_folder (path);
  if (entries == NULL)
    return not_replacing (error, output_dir, _ ("its archive's event folder cannot be read"));
  for (guint i = 0; i < entries->len; i++)
    {
      const char *name = g_ptr_array_index (entries, i);
      const char *dot = strrchr (name, '.');
      g_autofree char *id = dot != NULL ? g_strndup (name, dot - name) : NULL;
      g_autofree char *child = g_build_filename (path, name, NULL);
      gboolean known = dot != NULL && g_hash_table_contains (locations, id)
                       && (strcmp (dot, ".evt") == 0 || strcmp (dot, ".def") == 0 || strcmp (dot, ".snap") == 0);
      if (!known || !is_regular (child))
        {
          g_autofree char *what = g_strdup_printf (_ ("holds “%s%c%s”, which is not a file of the archive %s.otf2"),
                                                   base, G_DIR_SEPARATOR, name, base);
          return not_replacing (error, output_dir, what);
        }
      g_ptr_array_add (files, g_build_filename (base, name, NULL));
    }
  g_ptr_array_add (files, g_strdup (base));
  return TRUE;
}

/* What --force may replace at folder: nothing (an empty folder), or an
 * archive libotf2 reads and only its files.  Anything else is refused,
 * naming what is there: a folder that merely holds files named like an
 * archive's (a thesis' macros.def, notes.otf2) is somebody's work. */
static GPtrArray *
replaceable_files (const char *folder, const char *output_dir, GError **error)
{
  g_autoptr (GPtrArray) entries = list_folder (folder);
  if (entries == NULL)
    {
      not_replacing (error, output_dir, _ ("is a folder that cannot be read"));
      return NULL;
    }
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  if (entries->len == 0)
    return g_steal_pointer (&files);
  const char *anchor = the_anchor (folder, entries, error, output_dir);
  if (anchor == NULL)
    return NULL;
  g_autofree char *base = g_strndup (anchor, strlen (anchor) - strlen (".otf2"));
  g_autofree char *definitions = g_strconcat (base, ".def", NULL);
  g_autofree char *marker = g_strconcat (base, ".marker", NULL);
  gboolean has_event_folder = FALSE;
  for (guint i = 0; i < entries->len; i++)
    {
      const char *name = g_ptr_array_index (entries, i);
      g_autofree char *child = g_build_filename (folder, name, NULL);
      GStatBuf st;
      gboolean lstat_ok = g_lstat (child, &st) == 0;
      if (strcmp (name, base) == 0 && lstat_ok && S_ISDIR (st.st_mode))
        has_event_folder = TRUE;
      else if (!(strcmp (name, anchor) == 0 || strcmp (name, definitions) == 0 || strcmp (name, marker) == 0)
               || !lstat_ok || !S_ISREG (st.st_mode))
        {
          g_autofree char *what =
              g_strdup_printf (_ ("holds “%s”, which is not a file of the archive %s"), name, anchor);
          not_replacing (error, output_dir, what);
          return NULL;
        }
    }
  g_autofree char *anchor_path = g_build_filename (folder, anchor, NULL);
  g_autofree char *definitions_path = g_build_filename (folder, definitions, NULL);
  g_autoptr (GHashTable) locations = is_regular (definitions_path) ? archive_locations (anchor_path) : NULL;
  if (locations == NULL)
    {
      g_autofree char *what = g_strdup_printf (_ ("holds %s, which is not an archive libotf2 reads"), anchor);
      not_replacing (error, output_dir, what);
      return NULL;
    }
  if (has_event_folder && !add_location_files (folder, base, locations, files, output_dir, error))
    return NULL;
  for (guint i = 0; i < entries->len; i++)
    if (strcmp (g_ptr_array_index (entries, i), base) != 0)
      g_ptr_array_add (files, g_strdup (g_ptr_array_index (entries, i)));
  return g_steal_pointer (&files);
}

/* Removes a folder this merge wrote: files and folders of files, nothing
 * followed through links. */
static gboolean
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  if (dir != NULL)
    {
      const char *name;
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            remove_tree (child);
          else
            g_unlink (child);
        }
    }
  return g_rmdir (path) == 0;
}

/* Removes the old archive's files, and only those: anything that appeared
 * since they were listed stays, and so does its folder. */
static gboolean
remove_replaced (const char *folder, GPtrArray *files)
{
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *path = g_build_filename (folder, g_ptr_array_index (files, i), NULL);
      if (g_remove (path) != 0)
        return FALSE;
    }
  return g_rmdir (folder) == 0;
}

/* The temporary folders of merges into output that were interrupted
 * before they could remove them (killed, the machine stopped). */
static void
note_leftovers (const char *output, const char *output_dir, GPtrArray *warnings)
{
  g_autofree char *parent = g_path_get_dirname (output);
  g_autofree char *name = g_path_get_basename (output);
  g_autofree char *prefix = g_strdup_printf (".%s.merging-", name);
  g_autoptr (GPtrArray) entries = warnings != NULL ? list_folder (parent) : NULL;
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      const char *entry = g_ptr_array_index (entries, i);
      if (!g_str_has_prefix (entry, prefix))
        continue;
      g_autofree char *path = g_build_filename (parent, entry, NULL);
      g_ptr_array_add (warnings, g_strdup_printf (_ ("%s: %s is what an interrupted merge into it left; remove it "
                                                     "when no merge into it is running"),
                                                  output_dir, path));
    }
}

static gboolean
check_inputs (const char *const *inputs, guint n_inputs, const char *output, GError **error)
{
  for (guint i = 0; i < n_inputs; i++)
    {
      g_autofree char *anchor = resolve (inputs[i]);
      g_autofree char *folder = g_path_get_dirname (anchor);
      if (is_within (output, folder))
        {
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_BAD_OPTION,
                       _ ("%s: the output folder is the folder of input %s, or inside it; the merge never writes "
                          "into an input"),
                       output, inputs[i]);
          return FALSE;
        }
      if (is_within (folder, output))
        {
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_BAD_OPTION,
                       _ ("%s: the output folder holds input %s; the merge never replaces an input"), output,
                       inputs[i]);
          return FALSE;
        }
    }
  return TRUE;
}

static void
output_free (MergeOutput *out)
{
  g_free (out->output);
  g_free (out->temporary);
  if (out->replaced != NULL)
    g_ptr_array_unref (out->replaced);
  g_free (out);
}

/* An output that exists: a folder that --force may replace, or refused. */
static gboolean
check_existing (MergeOutput *out, const char *output_dir, gboolean force, GError **error)
{
  GStatBuf st;
  if (g_stat (out->output, &st) != 0)
    return TRUE;
  if (!S_ISDIR (st.st_mode))
    return not_replacing (error, output_dir, _ ("exists and is not a folder"));
  if (!force)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_BAD_OPTION,
                   _ ("%s: the output folder exists (--force replaces an archive or an empty folder)"), output_dir);
      return FALSE;
    }
  out->replaced = replaceable_files (out->output, output_dir, error);
  return out->replaced != NULL;
}

MergeOutput *
chrono_otf2_merge_output_begin (const char *const *inputs, guint n_inputs, const char *output_dir, gboolean force,
                                GPtrArray *warnings, GError **error)
{
  MergeOutput *out = g_new0 (MergeOutput, 1);
  out->output = resolve (output_dir);
  if (out->output == NULL)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_BAD_OPTION, _ ("%s: its symbolic links lead in a loop"),
                   output_dir);
      output_free (out);
      return NULL;
    }
  note_leftovers (out->output, output_dir, warnings);
  if (!check_inputs (inputs, n_inputs, out->output, error) || !check_existing (out, output_dir, force, error))
    {
      output_free (out);
      return NULL;
    }
  g_autofree char *parent = g_path_get_dirname (out->output);
  g_autofree char *name = g_path_get_basename (out->output);
  out->temporary = g_strdup_printf ("%s" G_DIR_SEPARATOR_S ".%s.merging-XXXXXX", parent, name);
  if (g_mkdtemp (out->temporary) == NULL)
    {
      int saved = errno;
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, _ ("%s: cannot make a folder beside it: %s"),
                   output_dir, g_strerror (saved));
      g_clear_pointer (&out->temporary, g_free);
      output_free (out);
      return NULL;
    }
  return out;
}

gboolean
chrono_otf2_merge_output_commit (MergeOutput *out, const char *output_dir, GError **error)
{
  g_autofree char *old = NULL;
  if (out->replaced != NULL)
    {
      /* checked by chrono_otf2_merge_output_begin (): --force, and an archive or empty */
      old = g_strconcat (out->temporary, ".old", NULL);
      if (g_rename (out->output, old) != 0)
        {
          int saved = errno;
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, _ ("%s: cannot be replaced: %s"), output_dir,
                       g_strerror (saved));
          chrono_otf2_merge_output_abandon (out);
          return FALSE;
        }
    }
  if (g_rename (out->temporary, out->output) != 0)
    {
      int saved = errno;
      if (old != NULL)
        g_rename (old, out->output);
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, _ ("%s: cannot be written: %s"), output_dir,
                   g_strerror (saved));
      chrono_otf2_merge_output_abandon (out);
      return FALSE;
    }
  if (old != NULL)
    remove_replaced (old, out->replaced);
  output_free (out);
  return TRUE;
}

void
chrono_otf2_merge_output_abandon (MergeOutput *out)
{
  if (out == NULL)
    return;
  if (out->temporary != NULL)
    remove_tree (out->temporary);
  output_free (out);
}
