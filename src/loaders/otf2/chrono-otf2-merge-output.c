/* chrono-otf2-merge-output.c — where a merged archive is written: never
 * into an input's folder, never over a folder that is not an archive, and
 * through a temporary folder beside the output, renamed into place at the
 * end, so a failed merge leaves nothing. */
#include <glib/gi18n-lib.h>

#include <errno.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "chrono-otf2-merge-private.h"

/* The absolute path with symbolic links resolved as far as the path
 * exists (the output folder usually does not yet). */
static char *
resolve (const char *path)
{
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  char *real = realpath (absolute, NULL);
  if (real != NULL)
    {
      char *copy = g_strdup (real);
      free (real);
      return copy;
    }
  g_autofree char *parent = g_path_get_dirname (absolute);
  if (strcmp (parent, absolute) == 0)
    return g_steal_pointer (&absolute);
  g_autofree char *name = g_path_get_basename (absolute);
  g_autofree char *resolved_parent = resolve (parent);
  return g_build_filename (resolved_parent, name, NULL);
}

static gboolean
is_within (const char *path, const char *folder)
{
  gsize n = strlen (folder);
  return strcmp (path, folder) == 0
         || (strncmp (path, folder, n) == 0 && (path[n] == G_DIR_SEPARATOR || folder[n - 1] == G_DIR_SEPARATOR));
}

/* An archive's event folder: only per-location files. */
static gboolean
is_location_folder (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  if (dir == NULL)
    return FALSE;
  const char *name;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (!g_file_test (child, G_FILE_TEST_IS_REGULAR)
          || !(g_str_has_suffix (name, ".evt") || g_str_has_suffix (name, ".def") || g_str_has_suffix (name, ".snap")))
        return FALSE;
    }
  return TRUE;
}

/* Empty, or anchors, global definitions and their event folders only:
 * what --force may replace. */
static gboolean
is_replaceable (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  if (dir == NULL)
    return FALSE;
  const char *name;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      g_autofree char *anchor = g_strconcat (child, ".otf2", NULL);
      gboolean ok = g_file_test (child, G_FILE_TEST_IS_SYMLINK) ? FALSE
                    : g_file_test (child, G_FILE_TEST_IS_DIR)
                        ? g_file_test (anchor, G_FILE_TEST_IS_REGULAR) && is_location_folder (child)
                        : g_str_has_suffix (name, ".otf2") || g_str_has_suffix (name, ".def");
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* Removes a folder this merge wrote, or one is_replaceable () accepted:
 * files and folders of files, nothing followed through links. */
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

char *
chrono_otf2_merge_output_begin (const char *const *inputs, guint n_inputs, const char *output_dir, gboolean force,
                                GError **error)
{
  g_autofree char *output = resolve (output_dir);
  if (!check_inputs (inputs, n_inputs, output, error))
    return NULL;
  if (g_file_test (output, G_FILE_TEST_EXISTS))
    {
      if (!force)
        {
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_BAD_OPTION,
                       _ ("%s: the output folder exists (--force replaces an archive or an empty folder)"), output_dir);
          return NULL;
        }
      if (!g_file_test (output, G_FILE_TEST_IS_DIR) || !is_replaceable (output))
        {
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_BAD_OPTION,
                       _ ("%s: exists and is not an OTF2 archive's folder or empty; not replacing it"), output_dir);
          return NULL;
        }
    }
  g_autofree char *parent = g_path_get_dirname (output);
  g_autofree char *name = g_path_get_basename (output);
  g_autofree char *template = g_strdup_printf ("%s" G_DIR_SEPARATOR_S ".%s.merging-XXXXXX", parent, name);
  if (g_mkdtemp (template) == NULL)
    {
      int saved = errno;
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, _ ("%s: cannot make a folder beside it: %s"),
                   output_dir, g_strerror (saved));
      return NULL;
    }
  return g_steal_pointer (&template);
}

gboolean
chrono_otf2_merge_output_commit (const char *temporary, const char *output_dir, GError **error)
{
  g_autofree char *output = resolve (output_dir);
  g_autofree char *old = NULL;
  if (g_file_test (output, G_FILE_TEST_EXISTS))
    {
      /* checked by chrono_otf2_merge_output_begin (): --force, and an archive or empty */
      old = g_strconcat (temporary, ".old", NULL);
      if (g_rename (output, old) != 0)
        {
          int saved = errno;
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, _ ("%s: cannot be replaced: %s"), output_dir,
                       g_strerror (saved));
          return FALSE;
        }
    }
  if (g_rename (temporary, output) != 0)
    {
      int saved = errno;
      if (old != NULL)
        g_rename (old, output);
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, _ ("%s: cannot be written: %s"), output_dir,
                   g_strerror (saved));
      return FALSE;
    }
  if (old != NULL)
    remove_tree (old);
  return TRUE;
}

void
chrono_otf2_merge_output_abandon (const char *temporary)
{
  remove_tree (temporary);
}
