/* chrono-fuzz-replay.c — runs a fuzz target on files, with no fuzzer: the
 * test suite replays every corpus entry and every crash reproducer with it
 * (in the sanitizer build too), so what was found once stays fixed.
 * Arguments: files, or folders whose files are all replayed. */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static guint
replay (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      for (const char *name; dir != NULL && (name = g_dir_read_name (dir)) != NULL;)
        g_ptr_array_add (names, g_build_filename (path, name, NULL));
      g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
      guint n = 0;
      for (guint i = 0; i < names->len; i++)
        n += replay (g_ptr_array_index (names, i));
      return n;
    }
  g_autofree char *data = NULL;
  gsize size = 0;
  if (!g_file_get_contents (path, &data, &size, NULL))
    g_error ("%s: cannot be read", path);
  g_print ("%s\n", path);
  LLVMFuzzerTestOneInput ((const uint8_t *) data, size);
  return 1;
}

int
main (int argc, char **argv)
{
  guint n = 0;
  for (int i = 1; i < argc; i++)
    n += replay (argv[i]);
  g_print ("%u inputs replayed\n", n);
  return n > 0 ? 0 : 1;
}
