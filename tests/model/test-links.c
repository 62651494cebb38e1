/* Links keep naming the same lanes when lanes are added to the trace later
 * (resource usage lanes go under every resource). */
#include "chrono-loader.h"
#include "chrono-resource-usage.h"

static GPtrArray *
link_paths (ChronoTrace *trace)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  ChronoLinks *links = chrono_trace_get_links (trace);
  for (guint i = 0; i < chrono_links_get_n (links); i++)
    {
      const ChronoLink *link = chrono_links_get (links, i);
      g_autofree char *src = chrono_lane_dup_path (link->src_lane);
      g_autofree char *dst = chrono_lane_dup_path (link->dst_lane);
      g_ptr_array_add (paths, g_strdup_printf ("%s -> %s", src, dst));
    }
  return paths;
}

static void
test_links_survive_new_lanes (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), "etf", "dependencies.etf", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = chrono_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (GPtrArray) before = link_paths (trace);
  g_assert_cmpuint (before->len, >, 0);
  g_assert_cmpuint (chrono_resource_usage_add_lanes (trace), >, 0);
  g_autoptr (GPtrArray) after = link_paths (trace);
  g_assert_cmpuint (after->len, ==, before->len);
  for (guint i = 0; i < before->len; i++)
    g_assert_cmpstr (g_ptr_array_index (after, i), ==, g_ptr_array_index (before, i));
}

/* A link from the first tick to the last spans more than G_MAXINT64 ticks:
 * its length is held at G_MAXINT64, never overflowed into a negative bound
 * (which hid every link from the window search). */
static void
test_links_at_the_64_bit_edges (void)
{
  g_autoptr (ChronoLinks) links = chrono_links_new ();
  ChronoLink wide = { .src_time = G_MININT64, .dst_time = G_MAXINT64 };
  ChronoLink short_one = { .src_time = G_MININT64, .dst_time = G_MININT64 + 10 };
  chrono_links_append (links, &wide);
  chrono_links_append (links, &short_one);
  chrono_links_seal (links);
  g_assert_cmpint (chrono_links_get_longest (links), ==, G_MAXINT64);
  g_assert_cmpuint (chrono_links_first_ending_after (links, G_MININT64), ==, 0);
  g_assert_cmpuint (chrono_links_first_ending_after (links, G_MININT64 + 10), ==, 1);
  g_assert_cmpuint (chrono_links_first_ending_after (links, G_MAXINT64), ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/links/survive-new-lanes", test_links_survive_new_lanes);
  g_test_add_func ("/links/64-bit-edges", test_links_at_the_64_bit_edges);
  return g_test_run ();
}
