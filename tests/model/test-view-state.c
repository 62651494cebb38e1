/* The side file of saved views (TRACE.chronoscope.json): what is written
 * reads back the same, and hostile files are refused with the file's name
 * and what is wrong, without hanging or allocating without bound. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chrono-view-state.h"

static char *
make_temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("chrono-view-state-XXXXXX", &error);
  g_assert_no_error (error);
  return dir;
}

static ChronoViewState *
sample_state (void)
{
  ChronoViewState *state = chrono_view_state_new ();
  chrono_view_state_set_trace (state, "two-cores.btf", 1000000000);
  chrono_view_state_set_range (state, 2000000, G_MAXINT64 - 1);
  chrono_view_state_set_absolute_time (state, TRUE);
  chrono_view_state_set_marker (state, 0, TRUE, G_MININT64);
  chrono_view_state_set_marker (state, 1, TRUE, 5000000);
  chrono_view_state_add_hidden (state, "Cores\x1f"
                                       "Core_1");
  chrono_view_state_add_hidden (state, "Tasks");
  chrono_view_state_add_collapsed (state, "Tasks\x1f"
                                          "T \"quoted\" / slash");
  chrono_view_state_add_bookmark (state, "Start-up ✓ «quoted»", 0, 1000);
  chrono_view_state_add_bookmark (state, "second\nline", -50, 50);
  chrono_view_state_set_note (state,
                              "Tasks\x1f"
                              "T1",
                              100, 200, "preempted twice — why?");
  chrono_view_state_set_note (state, NULL, 300, 300, "the range note");
  return state;
}

static void
assert_same (ChronoViewState *a, ChronoViewState *b)
{
  g_assert_cmpstr (chrono_view_state_get_trace_name (a), ==, chrono_view_state_get_trace_name (b));
  g_assert_cmpint (chrono_view_state_get_ticks_per_second (a), ==, chrono_view_state_get_ticks_per_second (b));
  gint64 ab = 0, ae = 0, bb = 1, be = 1;
  g_assert_cmpint (chrono_view_state_get_range (a, &ab, &ae), ==, chrono_view_state_get_range (b, &bb, &be));
  g_assert_cmpint (ab, ==, bb);
  g_assert_cmpint (ae, ==, be);
  gboolean aa = FALSE, ba = TRUE;
  g_assert_cmpint (chrono_view_state_get_absolute_time (a, &aa), ==, chrono_view_state_get_absolute_time (b, &ba));
  g_assert_cmpint (aa, ==, ba);
  for (guint m = 0; m < 2; m++)
    {
      gint64 ta = 0, tb = 1;
      g_assert_cmpint (chrono_view_state_get_marker (a, m, &ta), ==, chrono_view_state_get_marker (b, m, &tb));
      g_assert_cmpint (ta, ==, tb);
    }
  for (guint kind = 0; kind < 2; kind++)
    {
      GPtrArray *la = kind ? chrono_view_state_get_collapsed (a) : chrono_view_state_get_hidden (a);
      GPtrArray *lb = kind ? chrono_view_state_get_collapsed (b) : chrono_view_state_get_hidden (b);
      g_assert_cmpuint (la->len, ==, lb->len);
      for (guint i = 0; i < la->len; i++)
        g_assert_cmpstr (g_ptr_array_index (la, i), ==, g_ptr_array_index (lb, i));
    }
  g_assert_cmpuint (chrono_view_state_get_n_bookmarks (a), ==, chrono_view_state_get_n_bookmarks (b));
  for (guint i = 0; i < chrono_view_state_get_n_bookmarks (a); i++)
    {
      const ChronoBookmark *x = chrono_view_state_get_bookmark (a, i), *y = chrono_view_state_get_bookmark (b, i);
      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpint (x->begin, ==, y->begin);
      g_assert_cmpint (x->end, ==, y->end);
    }
  g_assert_cmpuint (chrono_view_state_get_n_notes (a), ==, chrono_view_state_get_n_notes (b));
  for (guint i = 0; i < chrono_view_state_get_n_notes (a); i++)
    {
      const ChronoNote *x = chrono_view_state_get_note (a, i), *y = chrono_view_state_get_note (b, i);
      g_assert_cmpstr (x->text, ==, y->text);
      g_assert_cmpstr (x->lane_key, ==, y->lane_key);
      g_assert_cmpint (x->begin, ==, y->begin);
      g_assert_cmpint (x->end, ==, y->end);
    }
}

static void
test_round_trip (void)
{
  g_autoptr (ChronoViewState) state = sample_state ();
  gsize length = 0;
  g_autofree char *json = chrono_view_state_to_json (state, &length);
  g_assert_cmpuint (strlen (json), ==, length);
  g_assert_true (g_utf8_validate (json, -1, NULL));
  g_assert_nonnull (strstr (json, "\"chronoscope_view\" : 1"));
  g_assert_nonnull (strstr (json, "\"Core_1\""));
  g_assert_null (strstr (json, "\x1f")); /* lanes are arrays of names, not the key's separator */
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoViewState) back = chrono_view_state_new_from_json (json, length, "mem", &error);
  g_assert_no_error (error);
  assert_same (state, back);

  /* through a file, written atomically, and read back */
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *trace = g_build_filename (dir, "t.btf", NULL);
  g_assert_true (g_file_set_contents (trace, "#version 2.2.0\n", -1, NULL));
  g_autofree char *path = chrono_view_state_path_for (trace);
  g_assert_true (g_str_has_suffix (path, "t.btf.chronoscope.json"));
  const char *inputs[] = { trace, NULL };
  g_assert_true (chrono_view_state_save (state, path, inputs, &error));
  g_assert_no_error (error);
  g_autoptr (ChronoViewState) loaded = chrono_view_state_load (path, &error);
  g_assert_no_error (error);
  assert_same (state, loaded);

  /* a note on the same item replaces the text; removing and renaming */
  g_assert_cmpint (chrono_view_state_find_note (state,
                                                "Tasks\x1f"
                                                "T1",
                                                100, 200),
                   ==, 0);
  g_assert_cmpuint (chrono_view_state_set_note (state,
                                                "Tasks\x1f"
                                                "T1",
                                                100, 200, "new"),
                    ==, 0);
  g_assert_cmpuint (chrono_view_state_get_n_notes (state), ==, 2);
  g_assert_cmpint (chrono_view_state_find_note (state,
                                                "Tasks\x1f"
                                                "T1",
                                                100, 201),
                   ==, -1);
  chrono_view_state_rename_bookmark (state, 1, "renamed");
  g_assert_cmpstr (chrono_view_state_get_bookmark (state, 1)->name, ==, "renamed");
  chrono_view_state_remove_bookmark (state, 0);
  g_assert_cmpuint (chrono_view_state_get_n_bookmarks (state), ==, 1);

  /* a side file that is the trace (a symbolic link to it) is never written */
  g_autofree char *link = g_build_filename (dir, "link.chronoscope.json", NULL);
  g_assert_cmpint (symlink (trace, link), ==, 0);
  g_assert_false (chrono_view_state_save (state, link, inputs, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  g_autofree char *contents = NULL;
  g_assert_true (g_file_get_contents (trace, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "#version 2.2.0\n");
  g_unlink (link);
  g_unlink (path);
  g_unlink (trace);
  g_rmdir (dir);
}

/* Names and texts that are not UTF-8 never reach the file. */
static void
test_invalid_utf8_names (void)
{
  g_autoptr (ChronoViewState) state = chrono_view_state_new ();
  chrono_view_state_add_bookmark (state, "bad \xff\xfe name", 0, 10);
  chrono_view_state_set_note (state, NULL, 0, 0, "bad \xc3 note");
  chrono_view_state_add_hidden (state, "Tasks\x1f"
                                       "bad\xff");
  chrono_view_state_set_note (state,
                              "Tasks\x1f"
                              "bad\xff",
                              1, 2, "on a lane JSON cannot name");
  g_autofree char *json = chrono_view_state_to_json (state, NULL);
  g_assert_true (g_utf8_validate (json, -1, NULL));
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoViewState) back = chrono_view_state_new_from_json (json, strlen (json), "mem", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (chrono_view_state_get_n_bookmarks (back), ==, 1);
  g_assert_true (g_str_has_prefix (chrono_view_state_get_bookmark (back, 0)->name, "bad "));
  g_assert_cmpuint (chrono_view_state_get_hidden (back)->len, ==, 0);
  g_assert_cmpuint (chrono_view_state_get_n_notes (back), ==, 1);
  g_assert_null (chrono_view_state_get_note (back, 0)->lane_key);
}

static const struct {
  const char *json;
  const char *message; /* a part of the error's message */
} hostile[] = {
  { "", "" },
  { "[]", "no JSON object" },
  { "{\"chronoscope_view\": 1, \"range\": {\"begin\": 1, \"end\"", "" }, /* truncated */
  { "{}", "“chronoscope_view” is missing" },
  { "{\"chronoscope_view\": \"1\"}", "“chronoscope_view” must be an integer" },
  { "{\"chronoscope_view\": 2}", "view version 2" },
  { "{\"chronoscope_view\": 1, \"range\": [1, 2]}", "“range” must be an object" },
  { "{\"chronoscope_view\": 1, \"range\": {\"begin\": \"0\", \"end\": 5}}", "“range.begin” must be an integer" },
  { "{\"chronoscope_view\": 1, \"range\": {\"begin\": 1.5, \"end\": 5}}", "“range.begin” must be an integer" },
  { "{\"chronoscope_view\": 1, \"range\": {\"begin\": 1e400, \"end\": 5}}", "“range.begin” must be an integer" },
  { "{\"chronoscope_view\": 1, \"range\": {\"begin\": 99999999999999999999, \"end\": 5}}", "out of range" },
  { "{\"chronoscope_view\": 1, \"range\": {\"begin\": -9223372036854775809, \"end\": 5}}", "out of range" },
  { "{\"chronoscope_view\": 1, \"range\": {\"begin\": 5, \"end\": 5}}", "“range.end” must be after" },
  { "{\"chronoscope_view\": 1, \"range\": {\"begin\": 5}}", "“range.end” is missing" },
  { "{\"chronoscope_view\": 1, \"markers\": {\"a\": true}}", "“markers.a” must be an integer" },
  { "{\"chronoscope_view\": 1, \"absolute_time\": 1}", "“absolute_time” must be true or false" },
  { "{\"chronoscope_view\": 1, \"ticks_per_second\": 0}", "“ticks_per_second” must be positive" },
  { "{\"chronoscope_view\": 1, \"hidden\": \"Tasks\"}", "“hidden” must be an array" },
  { "{\"chronoscope_view\": 1, \"hidden\": [\"Tasks\"]}", "“hidden[0]” must be a lane" },
  { "{\"chronoscope_view\": 1, \"hidden\": [[]]}", "“hidden[0]” must be a lane" },
  { "{\"chronoscope_view\": 1, \"collapsed\": [[\"a\", 3]]}", "“collapsed[0]” must be a lane" },
  { "{\"chronoscope_view\": 1, \"collapsed\": [[\"a\\u001fb\"]]}", "“collapsed[0]” must be a lane" },
  { "{\"chronoscope_view\": 1, \"bookmarks\": [3]}", "“bookmarks[0]” must be an object" },
  { "{\"chronoscope_view\": 1, \"bookmarks\": [{\"name\": 3, \"begin\": 0, \"end\": 1}]}",
    "“bookmarks[0].name” must be a string" },
  { "{\"chronoscope_view\": 1, \"bookmarks\": [{\"begin\": 0, \"end\": 1}]}", "“bookmarks[0].name” is missing" },
  { "{\"chronoscope_view\": 1, \"bookmarks\": [{\"name\": \"x\", \"begin\": 2, \"end\": 1}]}",
    "“bookmarks[0].end” must be after" },
  { "{\"chronoscope_view\": 1, \"notes\": [{\"text\": \"x\", \"begin\": 0}]}", "“notes[0].end” is missing" },
  { "{\"chronoscope_view\": 1, \"notes\": [{\"text\": \"x\", \"begin\": 0, \"end\": 0, \"lane\": \"T\"}]}",
    "“notes[0].lane” must be a lane" },
  { "{\"chronoscope_view\": 1, \"bookmarks\": [{\"name\": \"\xff\", \"begin\": 0, \"end\": 1}]}", "not UTF-8" },
};

static void
test_hostile_json (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ChronoViewState) state =
          chrono_view_state_new_from_json (hostile[i].json, strlen (hostile[i].json), "bad.chronoscope.json", &error);
      if (state != NULL || error == NULL)
        g_error ("case %u accepted: %s", i, hostile[i].json);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      g_assert_true (g_str_has_prefix (error->message, "bad.chronoscope.json: "));
      if (strstr (error->message, hostile[i].message) == NULL)
        g_error ("case %u: “%s” does not say “%s”", i, error->message, hostile[i].message);
    }

  /* unknown keys are ignored, null is absent, strings with brackets and digits do not confuse the scan */
  const char *fine = "{\"chronoscope_view\": 1, \"future\": {\"x\": [1.5, 99999999999999999999.0]}, \"markers\": "
                     "{\"a\": null, \"b\": -3}, \"trace\": \"[[[[ 99999999999999999999 \\\" {{{\"}";
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoViewState) state = chrono_view_state_new_from_json (fine, strlen (fine), "fine", &error);
  g_assert_no_error (error);
  gint64 time = 0;
  g_assert_false (chrono_view_state_get_marker (state, 0, &time));
  g_assert_true (chrono_view_state_get_marker (state, 1, &time));
  g_assert_cmpint (time, ==, -3);
  g_assert_cmpstr (chrono_view_state_get_trace_name (state), ==, "[[[[ 99999999999999999999 \" {{{");

  /* more entries, or longer texts, than a view holds */
  GString *many = g_string_new ("{\"chronoscope_view\": 1, \"hidden\": [");
  for (guint i = 0; i <= CHRONO_VIEW_STATE_MAX_ITEMS; i++)
    g_string_append (many, i ? ", [\"a\"]" : "[\"a\"]");
  g_string_append (many, "]}");
  g_autoptr (GError) many_error = NULL;
  g_assert_null (chrono_view_state_new_from_json (many->str, many->len, "many", &many_error));
  g_assert_nonnull (strstr (many_error->message, "“hidden” holds more than"));
  g_string_free (many, TRUE);
  g_autofree char *long_name = g_strnfill (CHRONO_VIEW_STATE_MAX_TEXT + 1, 'x');
  g_autofree char *long_json = g_strdup_printf (
      "{\"chronoscope_view\": 1, \"bookmarks\": [{\"name\": \"%s\", \"begin\": 0, \"end\": 1}]}", long_name);
  g_autoptr (GError) long_error = NULL;
  g_assert_null (chrono_view_state_new_from_json (long_json, strlen (long_json), "long", &long_error));
  g_assert_nonnull (strstr (long_error->message, "“bookmarks[0].name” is longer than"));

  /* deep nesting is refused before the parser recurses into it */
  gsize depth = 1000000;
  g_autofree char *deep = g_malloc (2 * depth + 40);
  strcpy (deep, "{\"chronoscope_view\": 1, \"x\": ");
  gsize head = strlen (deep);
  memset (deep + head, '[', depth);
  memset (deep + head + depth, ']', depth);
  strcpy (deep + head + 2 * depth, "}");
  g_autoptr (GError) deep_error = NULL;
  g_assert_null (chrono_view_state_new_from_json (deep, strlen (deep), "deep", &deep_error));
  g_assert_nonnull (strstr (deep_error->message, "nest deeper"));
}

/* A FIFO, /dev/zero behind a link, a huge file: refused, and at once. */
static void
test_hostile_files (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autoptr (GError) error = NULL;

  g_autofree char *fifo = g_build_filename (dir, "fifo.chronoscope.json", NULL);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  gint64 start = g_get_monotonic_time ();
  g_assert_null (chrono_view_state_load (fifo, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_assert_nonnull (strstr (error->message, fifo));
  g_clear_error (&error);

  g_autofree char *zero = g_build_filename (dir, "zero.chronoscope.json", NULL);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  g_assert_null (chrono_view_state_load (zero, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&error);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);

  /* a sparse file past the cap is refused by its size, not read */
  g_autofree char *big = g_build_filename (dir, "big.chronoscope.json", NULL);
  FILE *f = fopen (big, "w");
  g_assert_nonnull (f);
  g_assert_cmpint (ftruncate (fileno (f), (off_t) CHRONO_VIEW_STATE_MAX_SIZE + 1), ==, 0);
  fclose (f);
  g_assert_null (chrono_view_state_load (big, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_clear_error (&error);

  g_autofree char *missing = g_build_filename (dir, "missing.chronoscope.json", NULL);
  g_assert_null (chrono_view_state_load (missing, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* a folder nobody may write into: the save fails and leaves nothing */
  g_autofree char *locked = g_build_filename (dir, "locked", NULL);
  g_assert_cmpint (g_mkdir (locked, 0555), ==, 0);
  g_autofree char *inside = g_build_filename (locked, "t.btf.chronoscope.json", NULL);
  g_autoptr (ChronoViewState) state = sample_state ();
  if (access (locked, W_OK) == 0)
    g_test_message ("running as a user who may write anywhere: the read-only folder case is skipped");
  else
    {
      g_assert_false (chrono_view_state_save (state, inside, NULL, &error));
      g_assert_nonnull (error);
      g_clear_error (&error);
      g_assert_false (g_file_test (inside, G_FILE_TEST_EXISTS));
    }

  g_rmdir (locked);
  g_unlink (big);
  g_unlink (zero);
  g_unlink (fifo);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/view-state/round-trip", test_round_trip);
  g_test_add_func ("/view-state/invalid-utf8-names", test_invalid_utf8_names);
  g_test_add_func ("/view-state/hostile-json", test_hostile_json);
  g_test_add_func ("/view-state/hostile-files", test_hostile_files);
  return g_test_run ();
}
