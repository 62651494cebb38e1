/* chrono-side-file.c — see the header. */
#include "chrono-side-file.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <inttypes.h>
#include <sys/stat.h>
#include <unistd.h>

gboolean
chrono_read_side_file (const char *path, gsize max_size, char **out_contents, gsize *out_length, GError **error)
{
  /* O_NONBLOCK: a FIFO put there after the check still does not block the open */
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", path, g_strerror (errno));
      return FALSE;
    }
  struct stat st;
  gboolean ok = fstat (fd, &st) == 0 && S_ISREG (st.st_mode);
  if (!ok)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, "%s: %s", path, _ ("not a regular file"));
  else if ((guint64) st.st_size > max_size)
    {
      ok = FALSE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _ ("%s: %" PRIu64 " bytes, more than the %zu such a file may have"), path, (guint64) st.st_size,
                   max_size);
    }
  char *contents = ok ? g_malloc ((gsize) st.st_size + 1) : NULL;
  gsize length = 0;
  while (ok && length < (gsize) st.st_size)
    {
      ssize_t n = read (fd, contents + length, (gsize) st.st_size - length);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break; /* shorter than it was: keep what is there */
      length += (gsize) n;
    }
  close (fd);
  if (!ok)
    return FALSE;
  contents[length] = '\0';
  *out_contents = contents;
  if (out_length != NULL)
    *out_length = length;
  return TRUE;
}
