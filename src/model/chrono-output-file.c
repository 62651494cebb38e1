/* chrono-output-file.c — see the header: unnamed temporary, then a name. */
#include "chrono-output-file.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct _ChronoOutputFile {
  char *path; /* where the bytes end up: symbolic links followed */
  char *temporary; /* the hidden temporary's name, or NULL: the file is unnamed */
  gboolean stream; /* a FIFO or device written into: no temporary, no rename */
  int fd;
};

static gboolean
fail (GError **error, const char *path, int code)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (code), _ ("Cannot write “%s”: %s"), path, g_strerror (code));
  return FALSE;
}

/* A hidden name beside path that no file has yet: ".NAME.XXXXXX". */
static char *
hidden_template (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = g_strdup_printf (".%s.XXXXXX", base);
  return g_build_filename (dir, name, NULL);
}

/* path with its last component's symbolic links followed, dangling or
 * not: the rename replaces a name in a folder, and that name must be the
 * file the link leads to, never the link.  NULL (errno set) on a loop. */
static char *
follow_links (const char *path)
{
  char *current = g_strdup (path);
  for (int depth = 0; depth < 40; depth++)
    {
      GStatBuf st;
      if (g_lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        return current;
      g_autofree char *target = g_file_read_link (current, NULL);
      if (target == NULL)
        return current;
      g_autofree char *dir = g_path_get_dirname (current);
      g_free (current);
      current = g_path_is_absolute (target) ? g_steal_pointer (&target) : g_build_filename (dir, target, NULL);
    }
  g_free (current);
  errno = ELOOP;
  return NULL;
}

static gboolean
refuse (GError **error, const char *path, GIOErrorEnum code, const char *what)
{
  g_set_error (error, G_IO_ERROR, code, _ ("Cannot write “%s”: %s"), path, what);
  return FALSE;
}

static gboolean
examine_target (const char *path, const char *target, ChronoOutputPlace *place, GError **error)
{
  GStatBuf st;
  if (target == NULL)
    return refuse (error, path, G_IO_ERROR_TOO_MANY_LINKS, _ ("its symbolic links lead in a loop"));
  if (g_stat (target, &st) != 0)
    {
      if (errno != ENOENT)
        return fail (error, path, errno);
      *place = CHRONO_OUTPUT_ABSENT;
      return TRUE;
    }
  if (S_ISREG (st.st_mode))
    *place = CHRONO_OUTPUT_REGULAR;
  else if (S_ISFIFO (st.st_mode) || S_ISCHR (st.st_mode))
    *place = CHRONO_OUTPUT_STREAM;
  else if (S_ISDIR (st.st_mode))
    return refuse (error, path, G_IO_ERROR_IS_DIRECTORY, _ ("it is a folder"));
  else if (S_ISBLK (st.st_mode))
    return refuse (error, path, G_IO_ERROR_NOT_REGULAR_FILE,
                   _ ("it is a block device (a disk); only files, pipes and character devices are written"));
  else
    return refuse (error, path, G_IO_ERROR_NOT_REGULAR_FILE,
                   _ ("it is neither a file nor a pipe nor a character device"));
  return TRUE;
}

gboolean
chrono_output_file_examine (const char *path, ChronoOutputPlace *place, GError **error)
{
  g_return_val_if_fail (path != NULL && place != NULL, FALSE);
  g_autofree char *target = follow_links (path);
  return examine_target (path, target, place, error);
}

/* A pipe or device is opened without waiting for a reader: a FIFO nobody
 * reads is an error now, not a writer blocked for ever.  Once open, writes
 * wait for the reader as a pipe's writer does. */
static ChronoOutputFile *
open_stream (ChronoOutputFile *file, GError **error)
{
  file->stream = TRUE;
  file->fd = open (file->path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  int flags = file->fd >= 0 ? fcntl (file->fd, F_GETFL) : -1;
  if (flags >= 0 && fcntl (file->fd, F_SETFL, flags & ~O_NONBLOCK) == 0)
    return file;
  int code = errno;
  if (code == ENXIO)
    refuse (error, file->path, G_IO_ERROR_NOT_CONNECTED, _ ("it is a pipe nobody reads"));
  else
    fail (error, file->path, code);
  if (file->fd >= 0)
    close (file->fd);
  g_free (file->path);
  g_free (file);
  return NULL;
}

ChronoOutputFile *
chrono_output_file_new (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_autofree char *target = follow_links (path);
  ChronoOutputPlace place;
  if (!examine_target (path, target, &place, error))
    return NULL;
  ChronoOutputFile *file = g_new0 (ChronoOutputFile, 1);
  file->path = g_steal_pointer (&target);
  if (place == CHRONO_OUTPUT_STREAM)
    return open_stream (file, error);
  g_autofree char *dir = g_path_get_dirname (file->path);
#ifdef O_TMPFILE
  file->fd = open (dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
#else
  file->fd = -1;
  errno = EOPNOTSUPP;
#endif
  if (file->fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL))
    {
      file->temporary = hidden_template (path);
      file->fd = g_mkstemp_full (file->temporary, O_WRONLY | O_CLOEXEC, 0666);
    }
  if (file->fd < 0)
    {
      int code = errno;
      g_free (file->temporary);
      g_free (file->path);
      g_free (file);
      fail (error, path, code);
      return NULL;
    }
  return file;
}

gboolean
chrono_output_file_write (ChronoOutputFile *file, const void *data, gsize length, GError **error)
{
  const char *p = data;
  while (length > 0)
    {
      ssize_t n = write (file->fd, p, MIN (length, (gsize) G_MAXSSIZE));
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return fail (error, file->path, n < 0 ? errno : ENOSPC);
      p += n;
      length -= (gsize) n;
    }
  return TRUE;
}

static void
output_file_free (ChronoOutputFile *file)
{
  if (file->fd >= 0)
    close (file->fd);
  g_free (file->temporary);
  g_free (file->path);
  g_free (file);
}

void
chrono_output_file_abandon (ChronoOutputFile *file)
{
  if (file == NULL)
    return;
  if (file->temporary != NULL)
    g_unlink (file->temporary);
  output_file_free (file);
}

/* The unnamed file gets a hidden name (a link cannot replace a file),
 * which the rename then moves onto the destination in one step. */
static gboolean
name_unnamed (ChronoOutputFile *file, GError **error)
{
  g_autofree char *proc = g_strdup_printf ("/proc/self/fd/%d", file->fd);
  for (int attempt = 0; attempt < 100; attempt++)
    {
      g_autofree char *name = hidden_template (file->path);
      /* XXXXXX → six random letters, as mkstemp would */
      char *x = name + strlen (name) - 6;
      for (int i = 0; i < 6; i++)
        x[i] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[g_random_int_range (0, 62)];
      if (linkat (AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0)
        {
          g_free (file->temporary);
          file->temporary = g_steal_pointer (&name);
          return TRUE;
        }
      if (errno != EEXIST)
        break;
    }
  g_clear_pointer (&file->temporary, g_free);
  return fail (error, file->path, errno);
}

gboolean
chrono_output_file_commit (ChronoOutputFile *file, GError **error)
{
  if (file->stream)
    {
      gboolean closed = close (file->fd) == 0 || fail (error, file->path, errno);
      file->fd = -1;
      output_file_free (file);
      return closed;
    }
  gboolean named = file->temporary != NULL || name_unnamed (file, error);
  if (named && close (file->fd) != 0)
    named = fail (error, file->path, errno);
  file->fd = -1;
  if (named && g_rename (file->temporary, file->path) != 0)
    named = fail (error, file->path, errno);
  if (!named)
    {
      chrono_output_file_abandon (file);
      return FALSE;
    }
  g_clear_pointer (&file->temporary, g_free);
  output_file_free (file);
  return TRUE;
}

gboolean
chrono_output_file_is_any_of (const char *path, const char *const *inputs)
{
  GStatBuf out;
  if (g_stat (path, &out) != 0)
    return FALSE;
  for (guint i = 0; inputs != NULL && inputs[i] != NULL; i++)
    {
      GStatBuf in;
      if (g_stat (inputs[i], &in) == 0 && in.st_dev == out.st_dev && in.st_ino == out.st_ino)
        return TRUE;
    }
  return FALSE;
}
