/* test-lazy-profile.c — the profile of a lazily read OTF2 archive comes
 * from each location's figures per stretch of the run: over the whole run
 * and over any range of whole stretches it is the profile of the archive
 * read whole, to the tick and the call, and says it is exact; a range that
 * cuts a stretch says it is approximate.  Every OTF2 fixture, cut into
 * small windows. */
#include <glib.h>
#include <stdlib.h>

#include "chrono-call-paths.h"
#include "chrono-loader.h"
#include "chrono-profile.h"

static ChronoTrace *
load (const char *path, const char *lazy, const char *chunk_size)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", (gpointer) lazy);
  g_hash_table_insert (options, "chunk-size", (gpointer) chunk_size);
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file_with_options (path, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static const ChronoProfileRow *
row_named (GArray *rows, const char *name)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (g_array_index (rows, ChronoProfileRow, i).name, name) == 0)
      return &g_array_index (rows, ChronoProfileRow, i);
  return NULL;
}

static gboolean
any_approximate (GArray *rows)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_array_index (rows, ChronoProfileRow, i).approximate)
      return TRUE;
  return FALSE;
}

/* The middle of the longest call of the trace read whole. */
static gint64
middle_of_longest_call (ChronoTrace *trace)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  gint64 longest = -1, middle = 0;
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoSpans *spans =
          chrono_lane_get_kind (lanes->pdata[i]) == CHRONO_LANE_WORKER ? chrono_lane_get_spans (lanes->pdata[i]) : NULL;
      for (guint k = 0; spans != NULL && k < chrono_spans_get_n (spans); k++)
        {
          ChronoSpan s;
          chrono_spans_get (spans, k, &s);
          if (!(s.flags & CHRONO_SPAN_OPEN_END) && s.end - s.start > longest)
            {
              longest = s.end - s.start;
              middle = s.start + longest / 2;
            }
        }
    }
  g_assert_cmpint (longest, >, 1);
  return middle;
}

/* The lazy read's rows are the whole read's, exactly. */
static void
assert_same (const char *what, GArray *whole, GArray *lazy)
{
  g_assert_false (any_approximate (lazy));
  if (whole->len != lazy->len)
    {
      for (guint i = 0; i < lazy->len; i++)
        {
          const ChronoProfileRow *l = &g_array_index (lazy, ChronoProfileRow, i);
          const ChronoProfileRow *w = row_named (whole, l->name);
          g_test_message ("%s: lazily %" G_GUINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT
                          ", whole %" G_GUINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
                          l->name, l->calls, l->inclusive, l->exclusive, w ? w->calls : 0, w ? w->inclusive : 0,
                          w ? w->exclusive : 0);
        }
      g_error ("%s: %u rows read whole, %u lazily", what, whole->len, lazy->len);
    }
  for (guint i = 0; i < whole->len; i++)
    {
      const ChronoProfileRow *w = &g_array_index (whole, ChronoProfileRow, i);
      const ChronoProfileRow *l = row_named (lazy, w->name);
      if (l == NULL || l->calls != w->calls || l->inclusive != w->inclusive || l->exclusive != w->exclusive)
        g_error ("%s: %s: %" G_GUINT64_FORMAT " calls, %" G_GINT64_FORMAT " inclusive, %" G_GINT64_FORMAT
                 " exclusive read whole; lazily %" G_GUINT64_FORMAT ", %" G_GINT64_FORMAT ", %" G_GINT64_FORMAT,
                 what, w->name, w->calls, w->inclusive, w->exclusive, l ? l->calls : 0, l ? l->inclusive : 0,
                 l ? l->exclusive : 0);
    }
}

/* Each location's regions (the bars by location) read lazily are its
 * flat profile read whole: its collectives are regions of their own (read
 * whole, the bars count them in the MPI call they happen in, as the call
 * tree does). */
static void
assert_same_by_location (const char *what, ChronoTrace *whole, ChronoTrace *lazy, gint64 begin, gint64 end)
{
  g_autoptr (GPtrArray) whole_lanes = chrono_call_paths_lanes (whole);
  g_autoptr (GPtrArray) lazy_lanes = chrono_call_paths_lanes (lazy);
  g_assert_cmpuint (whole_lanes->len, ==, lazy_lanes->len);
  g_autoptr (GPtrArray) by_location = chrono_call_paths_by_region (lazy, lazy_lanes, begin, end);
  for (guint i = 0; i < whole_lanes->len; i++)
    {
      g_autoptr (GPtrArray) one = g_ptr_array_new ();
      g_ptr_array_add (one, whole_lanes->pdata[i]);
      g_autoptr (GArray) flat = chrono_profile_compute_lanes (whole, one, begin, end);
      GArray *regions = by_location->pdata[i];
      g_autofree char *where = g_strdup_printf ("%s, location %u", what, i);
      if (flat->len != regions->len)
        g_error ("%s: %u regions read whole, %u lazily", where, flat->len, regions->len);
      for (guint k = 0; k < regions->len; k++)
        {
          const ChronoRegionTimes *y = &g_array_index (regions, ChronoRegionTimes, k);
          const ChronoProfileRow *x = row_named (flat, y->region);
          if (x == NULL || x->calls != y->calls || x->inclusive != y->inclusive || x->exclusive != y->exclusive
              || y->approximate)
            g_error ("%s: %s read lazily %" G_GUINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT, where,
                     y->region, y->calls, y->inclusive, y->exclusive);
        }
    }
}

/* TRUE when the fixture had windows enough to cut ranges of (windows of
 * chunk_size bytes of events, few enough that each is a stretch). */
static gboolean
check_fixture (const char *path, const char *chunk_size)
{
  g_autoptr (ChronoTrace) whole = load (path, "never", chunk_size);
  g_autoptr (ChronoTrace) lazy = load (path, "always", chunk_size);
  g_assert_true (chrono_trace_is_lazy (lazy));
  g_autofree char *name = g_path_get_basename (path);
  g_autoptr (GArray) all_whole = chrono_profile_compute (whole, G_MININT64, G_MAXINT64);
  g_autoptr (GArray) all_lazy = chrono_profile_compute (lazy, G_MININT64, G_MAXINT64);
  g_assert_cmpuint (all_lazy->len, >, 0);
  assert_same (name, all_whole, all_lazy);
  assert_same_by_location (name, whole, lazy, G_MININT64, G_MAXINT64);
  guint n = chrono_trace_get_n_chunks (lazy);
  g_test_message ("%s: %u windows", name, n);
  if (n < 3)
    return FALSE;
  g_assert_cmpuint (n, <=, 256);
  for (guint k = 1; k + 1 < n; k++)
    for (guint m = k + 1; m < n; m = m < k + 3 || m + 1 == n ? m + 1 : MIN (m + 17, n - 1))
      {
        gint64 begin = chrono_trace_get_chunk (lazy, k)->first_time, end = chrono_trace_get_chunk (lazy, m)->first_time;
        g_autoptr (GArray) w = chrono_profile_compute (whole, begin, end);
        g_autoptr (GArray) l = chrono_profile_compute (lazy, begin, end);
        g_autofree char *what = g_strdup_printf ("%s, windows %u to %u", name, k, m);
        assert_same (what, w, l);
        assert_same_by_location (what, whole, lazy, begin, end);
      }
  /* a range that ends in the middle of the longest call: a share of the
   * stretch it cuts, said to be approximate */
  gint64 middle = middle_of_longest_call (whole);
  gboolean on_a_bound = FALSE;
  for (guint k = 0; k < n; k++)
    on_a_bound |= chrono_trace_get_chunk (lazy, k)->first_time == middle;
  g_autoptr (GArray) cut = chrono_profile_compute (lazy, G_MININT64, middle);
  g_assert_true (on_a_bound || any_approximate (cut));
  return TRUE;
}

static void
test_lazy_profile (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), "otf2", NULL);
  g_autoptr (GDir) folder = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (folder);
  guint checked = 0, windowed = 0;
  for (const char *entry; (entry = g_dir_read_name (folder)) != NULL;)
    if (g_str_has_suffix (entry, ".otf2"))
      {
        g_autofree char *path = g_build_filename (dir, entry, NULL);
        windowed += check_fixture (path, "512");
        checked++;
      }
  g_assert_cmpuint (checked, >=, 4);
  g_assert_cmpuint (windowed, >=, 2);
}

/* An archive of the generator's MPI program, 20,000 events on 6 locations,
 * with extra (or NULL), checked lazily against read whole, with a row
 * named want (the test skipped without the generator). */
static void
check_generated (const char *extra, const char *want)
{
  const char *generator = g_getenv ("CHRONO_GEN_OTF2");
  if (generator == NULL || *generator == '\0')
    {
      g_test_skip ("no OTF2 generator");
      return;
    }
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("chrono-lazy-profile-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *anchor = g_build_filename (dir, "run.otf2", NULL);
  const char *argv[] = { generator,     "-o", anchor,     "--seed", "11",  "--mpi", "--late-senders",
                         "--locations", "6",  "--events", "20000",  extra, NULL };
  int status;
  g_assert_true (
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (check_fixture (anchor, "4096"));
  g_autoptr (ChronoTrace) whole = load (anchor, "never", "4096");
  g_autoptr (GArray) rows = chrono_profile_compute (whole, G_MININT64, G_MAXINT64);
  g_assert_nonnull (row_named (rows, want));
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (command), ==, 0);
}

/* Collectives are calls too, below the MPI call they happen in. */
static void
test_lazy_profile_generated (void)
{
  check_generated (NULL, "Allreduce (collective)");
}

/* A run that ends inside a collective: a call never left, read whole and lazily. */
static void
test_lazy_profile_collective_cut (void)
{
  check_generated ("--hostile=collective-cut", "collective");
}

/* A region named by the empty string is still a region, read whole and lazily. */
static void
test_lazy_profile_unnamed_region (void)
{
  check_generated ("--hostile=empty-name", "(unnamed region)");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/lazy-profile", test_lazy_profile);
  g_test_add_func ("/analysis/lazy-profile/generated", test_lazy_profile_generated);
  g_test_add_func ("/analysis/lazy-profile/unnamed-region", test_lazy_profile_unnamed_region);
  g_test_add_func ("/analysis/lazy-profile/collective-cut", test_lazy_profile_collective_cut);
  return g_test_run ();
}
