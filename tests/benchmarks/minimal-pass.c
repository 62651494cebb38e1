/* minimal-pass — the yardstick of issue 5's target (b): one thread reads a
 * BTF file, splits each line and its first seven fields, parses the time
 * and interns the target name.  Prints the seconds it took. */
#include <glib.h>
#include <stdio.h>
#include <string.h>

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: minimal-pass FILE.btf\n");
      return 2;
    }
  GError *error = NULL;
  GMappedFile *file = g_mapped_file_new (argv[1], FALSE, &error);
  if (file == NULL)
    {
      fprintf (stderr, "minimal-pass: %s\n", error->message);
      return 1;
    }
  gint64 start = g_get_monotonic_time ();
  const char *p = g_mapped_file_get_contents (file), *end = p + g_mapped_file_get_length (file);
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint64 lines = 0, checksum = 0;
  while (p < end)
    {
      const char *line_end = memchr (p, '\n', end - p);
      if (line_end == NULL)
        line_end = end;
      if (*p != '#')
        {
          const char *fields[8];
          int n = 0;
          fields[n++] = p;
          for (const char *c = p; c < line_end && n < 8; c++)
            if (*c == ',')
              fields[n++] = c + 1;
          if (n >= 7)
            {
              guint64 time = 0;
              for (const char *c = fields[0]; *c >= '0' && *c <= '9'; c++)
                time = time * 10 + (guint64) (*c - '0');
              char name[256];
              gsize length = MIN ((gsize) (fields[5] - fields[4] - 1), sizeof name - 1);
              memcpy (name, fields[4], length);
              name[length] = '\0';
              if (!g_hash_table_contains (names, name))
                g_hash_table_add (names, g_strdup (name));
              checksum += time;
              lines++;
            }
        }
      p = line_end + 1;
    }
  double seconds = (g_get_monotonic_time () - start) / 1e6;
  printf ("%.3f %" G_GUINT64_FORMAT " %u %" G_GUINT64_FORMAT "\n", seconds, lines, g_hash_table_size (names),
          checksum % 1000);
  g_hash_table_unref (names);
  g_mapped_file_unref (file);
  return 0;
}
