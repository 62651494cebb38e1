/* Strings, warnings, lanes, the trace object, and where outputs go. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chrono-output-file.h"
#include "chrono-trace.h"

static void
test_strings (void)
{
  g_autoptr (ChronoStrings) strings = chrono_strings_new ();
  guint32 a = chrono_strings_intern (strings, "Task_A");
  guint32 b = chrono_strings_intern (strings, "Task_B");
  g_assert_cmpuint (a, !=, CHRONO_STRING_NONE);
  g_assert_cmpuint (a, !=, b);
  g_assert_cmpuint (chrono_strings_intern (strings, "Task_A"), ==, a);
  g_assert_cmpuint (chrono_strings_intern_len (strings, "Task_Axyz", 6), ==, a);
  g_assert_cmpstr (chrono_strings_get (strings, b), ==, "Task_B");
  g_assert_cmpuint (chrono_strings_intern (strings, ""), ==, CHRONO_STRING_NONE);
  g_assert_cmpuint (chrono_strings_lookup (strings, "nope"), ==, CHRONO_STRING_NONE);
  /* a text that is not UTF-8 is found as it was interned: read as Latin-1 */
  guint n_before_lookups = chrono_strings_get_n (strings);
  guint32 latin1 = chrono_strings_intern (strings, "Task_\xe9");
  g_assert_cmpuint (chrono_strings_lookup_interned (strings, "Task_\xe9"), ==, latin1);
  g_assert_cmpuint (chrono_strings_lookup_interned (strings, "Task_\xc3\xa9"), ==, latin1);
  g_assert_cmpuint (chrono_strings_lookup_interned (strings, "Task_B"), ==, b);
  g_assert_cmpuint (chrono_strings_lookup_interned (strings, "Task_\xe8"), ==, CHRONO_STRING_NONE);
  g_assert_cmpuint (chrono_strings_get_n (strings), ==, n_before_lookups + 1);
}

static void
test_attrs (void)
{
  g_autoptr (ChronoStrings) strings = chrono_strings_new ();
  g_autoptr (ChronoAttrs) attrs = chrono_attrs_new (strings);
  const char *keys[] = { "name", "phase" };
  const char *values[] = { "cut", "2" };
  const char *other[] = { "cut", "3" };
  guint32 a = chrono_attrs_intern (attrs, keys, values, 2);
  guint32 b = chrono_attrs_intern (attrs, keys, other, 2);
  g_assert_cmpuint (a, !=, CHRONO_ATTRS_NONE);
  g_assert_cmpuint (a, !=, b);
  g_assert_cmpuint (chrono_attrs_intern (attrs, keys, values, 2), ==, a);
  g_assert_cmpuint (chrono_attrs_intern (attrs, keys, values, 0), ==, CHRONO_ATTRS_NONE);
  g_assert_cmpuint (chrono_attrs_get_n_sets (attrs), ==, 3);
  g_assert_cmpuint (chrono_attrs_get_n_pairs (attrs, a), ==, 2);
  g_assert_cmpstr (chrono_attrs_get_key (attrs, a, 1), ==, "phase");
  g_assert_cmpstr (chrono_attrs_get_value (attrs, b, 1), ==, "3");
  g_assert_cmpstr (chrono_attrs_lookup (attrs, a, "name"), ==, "cut");
  g_assert_null (chrono_attrs_lookup (attrs, a, "colour"));
  g_assert_cmpuint (chrono_attrs_get_n_pairs (attrs, CHRONO_ATTRS_NONE), ==, 0);
}

/* Thousands of sets, some longer than a few pairs: each found again as
 * the same set after the table of sets has grown many times. */
static void
test_attrs_many (void)
{
  g_autoptr (ChronoStrings) strings = chrono_strings_new ();
  g_autoptr (ChronoAttrs) attrs = chrono_attrs_new (strings);
  enum { SETS = 5000, MOST_PAIRS = 40 };
  g_autofree guint32 *ids = g_new (guint32, SETS);
  const char *keys[MOST_PAIRS], *values[MOST_PAIRS];
  char key_text[MOST_PAIRS][16], value_text[MOST_PAIRS][16];
  for (guint round = 0; round < 2; round++)
    for (guint s = 0; s < SETS; s++)
      {
        guint n = 1 + s % MOST_PAIRS;
        for (guint i = 0; i < n; i++)
          {
            g_snprintf (key_text[i], sizeof key_text[i], "k%u", i);
            g_snprintf (value_text[i], sizeof value_text[i], "%u", s / MOST_PAIRS + i);
            keys[i] = key_text[i];
            values[i] = value_text[i];
          }
        guint32 set = chrono_attrs_intern (attrs, keys, values, n);
        if (round == 0)
          ids[s] = set;
        else
          g_assert_cmpuint (set, ==, ids[s]);
      }
  g_assert_cmpuint (chrono_attrs_get_n_sets (attrs), ==, SETS + 1);
  guint32 last = ids[SETS - 1];
  g_assert_cmpuint (chrono_attrs_get_n_pairs (attrs, last), ==, 1 + (SETS - 1) % MOST_PAIRS);
  g_assert_cmpstr (chrono_attrs_lookup (attrs, last, "k39"), ==, "163");
}

/* Lists merged count every warning, listed or not, as one list given them
 * all in turn would. */
static void
test_warnings_merge (void)
{
  g_autoptr (ChronoWarnings) into = chrono_warnings_new (3);
  g_autoptr (ChronoWarnings) from = chrono_warnings_new_like (into);
  chrono_warnings_add (into, 1, "bad time", "first");
  for (guint i = 0; i < 4; i++)
    chrono_warnings_add (from, 10 + i, "bad time", "from %u", i); /* from lists 3, counts 4 */
  chrono_warnings_add_at (from, 5, 7, "Lane", "cut short", "five calls");
  chrono_warnings_merge (into, from);
  g_assert_cmpuint (chrono_warnings_get_total (into), ==, 1 + 4 + 5);
  g_assert_cmpuint (chrono_warnings_count_reason (into, "bad time"), ==, 5);
  g_assert_cmpuint (chrono_warnings_count_reason (into, "cut short"), ==, 5);
  g_assert_cmpuint (chrono_warnings_get_n_kept (into), ==, 3);
  g_assert_cmpstr (chrono_warnings_get_kept (into, 1)->message, ==, "from 0");
  g_assert_cmpuint (chrono_warnings_get_kept (into, 2)->line, ==, 11);
  g_assert_cmpuint (chrono_warnings_get_unlisted (into), ==, 10 - 3);
}

static void
test_warnings (void)
{
  g_autoptr (ChronoWarnings) warnings = chrono_warnings_new (2);
  chrono_warnings_add (warnings, 3, "bad time", "time “x” is not an integer");
  chrono_warnings_add (warnings, 9, "bad time", "time “y” is not an integer");
  chrono_warnings_add (warnings, 12, "too few fields", "short");
  g_assert_cmpuint (chrono_warnings_get_total (warnings), ==, 3);
  g_assert_cmpuint (chrono_warnings_get_n_kept (warnings), ==, 2);
  g_assert_cmpuint (chrono_warnings_count_reason (warnings, "bad time"), ==, 2);
  g_assert_cmpuint (chrono_warnings_count_reason (warnings, "too few fields"), ==, 1);
  g_assert_cmpuint (chrono_warnings_get_kept (warnings, 1)->line, ==, 9);
  GList *reasons = chrono_warnings_get_reasons (warnings);
  g_assert_cmpuint (g_list_length (reasons), ==, 2);
  g_assert_cmpstr (reasons->data, ==, "bad time");
  g_list_free (reasons);
}

static void
test_lane_tree (void)
{
  g_autoptr (ChronoTrace) trace = chrono_trace_new ("x.btf", "btf");
  g_autoptr (ChronoLane) group = chrono_lane_new ("Tasks", CHRONO_LANE_GROUP, NULL);
  g_autoptr (ChronoLane) task10 = chrono_lane_new ("Task_10", CHRONO_LANE_PROCESS, "T");
  g_autoptr (ChronoLane) task2 = chrono_lane_new ("Task_2", CHRONO_LANE_PROCESS, "T");
  g_autoptr (ChronoLane) runnable = chrono_lane_new ("R", CHRONO_LANE_RUNNABLE, "R");
  chrono_lane_append_child (group, task10);
  chrono_lane_append_child (group, task2);
  chrono_lane_append_child (task2, runnable);
  chrono_lane_sort_children (group);
  chrono_trace_add_lane (trace, group);
  g_assert_cmpstr (chrono_lane_get_name (chrono_lane_get_child (group, 0)), ==, "Task_2");
  g_autofree char *path = chrono_lane_dup_path (runnable);
  g_assert_cmpstr (path, ==, "Tasks/Task_2/R");
  g_assert_cmpuint (chrono_lane_get_depth (runnable), ==, 2);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  g_assert_cmpuint (lanes->len, ==, 4);
  /* depth first: a lane's children follow it */
  g_assert_true (g_ptr_array_index (lanes, 1) == task2);
  g_assert_true (g_ptr_array_index (lanes, 2) == runnable);
  g_assert_true (g_ptr_array_index (lanes, 3) == task10);
  g_assert_cmpuint (g_list_model_get_n_items (chrono_trace_get_lanes (trace)), ==, 1);
}

static void
test_trace_range_and_metadata (void)
{
  g_autoptr (ChronoTrace) trace = chrono_trace_new ("x.btf", "btf");
  g_assert_false (chrono_trace_has_range (trace));
  chrono_trace_include_time (trace, 50);
  chrono_trace_include_time (trace, 10);
  g_assert_cmpint (chrono_trace_get_begin (trace), ==, 10);
  g_assert_cmpint (chrono_trace_get_end (trace), ==, 50);
  chrono_trace_add_metadata (trace, "version", "2.2.0");
  chrono_trace_add_metadata (trace, "Version", "2.1.0");
  g_assert_cmpstr (chrono_trace_lookup_metadata (trace, "VERSION"), ==, "2.1.0");
  g_assert_cmpuint (chrono_trace_get_n_metadata (trace), ==, 2);
}

/* The hue of 0xRRGGBB in degrees. */
static double
hue_of (guint32 rgb)
{
  double r = (rgb >> 16 & 0xff) / 255.0, g = (rgb >> 8 & 0xff) / 255.0, b = (rgb & 0xff) / 255.0;
  double max = MAX (r, MAX (g, b)), min = MIN (r, MIN (g, b)), d = max - min;
  if (d == 0)
    return 0;
  double h = max == r ? fmod ((g - b) / d, 6.0) : max == g ? (b - r) / d + 2.0 : (r - g) / d + 4.0;
  return fmod (h * 60.0 + 360.0, 360.0);
}

/* Active and Ready were two pale greens, told apart by nobody. */
static void
test_active_and_ready_differ (void)
{
  for (int dark = 0; dark < 2; dark++)
    {
      double a = hue_of (chrono_state_get_rgb (CHRONO_STATE_ACTIVE, dark));
      double r = hue_of (chrono_state_get_rgb (CHRONO_STATE_READY, dark));
      double apart = fabs (a - r);
      g_assert_cmpfloat (MIN (apart, 360.0 - apart), >=, 30.0);
    }
}

static void
assert_place (const char *path, ChronoOutputPlace expected)
{
  g_autoptr (GError) error = NULL;
  ChronoOutputPlace place = CHRONO_OUTPUT_ABSENT;
  g_assert_true (chrono_output_file_examine (path, &place, &error));
  g_assert_no_error (error);
  g_assert_cmpint (place, ==, expected);
}

/* What an output's place decides, examined only: nothing here writes to a
 * device (the CLI's tests write into /dev/null through a link). */
static void
test_output_places (void)
{
  g_autofree char *dir = g_dir_make_tmp ("chrono-output-XXXXXX", NULL);
  g_assert_nonnull (dir);
  g_autofree char *absent = g_build_filename (dir, "absent.png", NULL);
  g_autofree char *regular = g_build_filename (dir, "regular.png", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.png", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.png", NULL);
  g_autofree char *loop = g_build_filename (dir, "loop.png", NULL);
  g_assert_true (g_file_set_contents (regular, "x", 1, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink (absent, dangling), ==, 0);
  g_assert_cmpint (symlink (loop, loop), ==, 0);

  assert_place (absent, CHRONO_OUTPUT_ABSENT);
  assert_place (dangling, CHRONO_OUTPUT_ABSENT);
  assert_place (regular, CHRONO_OUTPUT_REGULAR);
  assert_place (fifo, CHRONO_OUTPUT_STREAM);
  assert_place ("/dev/null", CHRONO_OUTPUT_STREAM);

  ChronoOutputPlace place;
  g_autoptr (GError) error = NULL;
  g_assert_false (chrono_output_file_examine (dir, &place, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_assert_nonnull (strstr (error->message, dir));
  g_clear_error (&error);
  g_assert_false (chrono_output_file_examine (loop, &place, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS);
  g_clear_error (&error);

  /* a FIFO nobody reads: refused at once, never replaced */
  g_assert_null (chrono_output_file_new (fifo, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED);
  g_clear_error (&error);
  GStatBuf st;
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  /* through a dangling link: the file appears where it leads, the link stays */
  ChronoOutputFile *file = chrono_output_file_new (dangling, &error);
  g_assert_no_error (error);
  g_assert_true (chrono_output_file_write (file, "abc", 3, &error));
  g_assert_true (chrono_output_file_commit (file, &error));
  g_autofree char *contents = NULL;
  g_assert_true (g_file_get_contents (absent, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "abc");
  g_assert_cmpint (g_lstat (dangling, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));

  for (const char *const *p = (const char *const[]){ absent, regular, fifo, dangling, loop, NULL }; *p; p++)
    g_unlink (*p);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/strings", test_strings);
  g_test_add_func ("/model/active-and-ready-differ", test_active_and_ready_differ);
  g_test_add_func ("/model/attrs", test_attrs);
  g_test_add_func ("/model/attrs/many-sets", test_attrs_many);
  g_test_add_func ("/model/warnings/merge", test_warnings_merge);
  g_test_add_func ("/model/warnings", test_warnings);
  g_test_add_func ("/model/lane-tree", test_lane_tree);
  g_test_add_func ("/model/trace-range-and-metadata", test_trace_range_and_metadata);
  g_test_add_func ("/model/output-places", test_output_places);
  return g_test_run ();
}
