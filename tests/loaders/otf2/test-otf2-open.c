/* test-otf2-open.c — a damaged archive costs no file descriptor: libotf2
 * leaves the anchor open when it fails to load it, and when it loads one
 * whose records go wrong before its end, and a viewer or a fuzzer opening
 * many damaged archives ran out of them. */
#include <glib.h>
#include <string.h>

#include "chrono-loader.h"

static guint
open_descriptors (void)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  guint n = 0;
  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* The anchor of a damaged fixture; NULL (the test skipped) where there is
 * no /proc/self/fd to count descriptors in. */
static char *
bad_anchor_or_skip (const char *name)
{
  if (!g_file_test ("/proc/self/fd", G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no /proc/self/fd to count descriptors in");
      return NULL;
    }
  return g_build_filename (g_getenv ("CHRONO_TEST_DATA"), "otf2", "bad", name, NULL);
}

static void
test_failed_opens_keep_no_descriptor (void)
{
  g_autofree char *anchor = bad_anchor_or_skip ("unopenable-anchor.otf2");
  if (anchor == NULL)
    return;
  guint before = open_descriptors ();
  for (guint i = 0; i < 20; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ChronoTrace) trace = chrono_load_file (anchor, NULL, NULL, NULL, &error);
      g_assert_null (trace);
      g_assert_nonnull (strstr (error->message, "not an OTF2 archive libotf2 can open"));
    }
  g_assert_cmpuint (open_descriptors (), ==, before);
}

/* libotf2 opens this archive but loses its anchor open: refused as an
 * archive it cannot open, whole and lazily. */
static void
test_lost_anchors_are_closed (void)
{
  g_autofree char *anchor = bad_anchor_or_skip ("anchor-kept-open.otf2");
  if (anchor == NULL)
    return;
  guint before = open_descriptors ();
  const char *lazy[] = { "never", "always" };
  for (guint i = 0; i < 20; i++)
    {
      g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
      g_hash_table_insert (options, "lazy", (gpointer) lazy[i % 2]);
      g_autoptr (GError) error = NULL;
      g_autoptr (ChronoTrace) trace = chrono_load_file_with_options (anchor, options, NULL, NULL, NULL, &error);
      g_assert_null (trace);
      g_assert_nonnull (strstr (error->message, "not an OTF2 archive libotf2 can open"));
    }
  g_assert_cmpuint (open_descriptors (), ==, before);
}

static gpointer
load_lost_anchor_many_times (gpointer anchor)
{
  for (guint i = 0; i < 50; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ChronoTrace) trace = chrono_load_file (anchor, NULL, NULL, NULL, &error);
      g_assert_null (trace);
    }
  return NULL;
}

/* Loads on four threads at once, as lazy reading opens an archive on every
 * core: the descriptor one open loses is never another's to keep, and a
 * load that reads the anchor's head to know its format (its descriptor
 * gone by the time libotf2 takes the number) costs none either. */
static void
test_lost_anchors_are_closed_on_threads (void)
{
  g_autofree char *anchor = bad_anchor_or_skip ("anchor-kept-open.otf2");
  if (anchor == NULL)
    return;
  guint before = open_descriptors ();
  GThread *threads[4];
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("open", load_lost_anchor_many_times, anchor);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_thread_join (threads[i]);
  g_assert_cmpuint (open_descriptors (), ==, before);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/otf2/failed-opens-keep-no-descriptor", test_failed_opens_keep_no_descriptor);
  g_test_add_func ("/otf2/lost-anchors-are-closed", test_lost_anchors_are_closed);
  g_test_add_func ("/otf2/lost-anchors-are-closed-on-threads", test_lost_anchors_are_closed_on_threads);
  return g_test_run ();
}
