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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/links/survive-new-lanes", test_links_survive_new_lanes);
  return g_test_run ();
}
