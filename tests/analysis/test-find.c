/* Find anything: every query's matches are counted again here
 * the plain way, span by span with no caches, on fixtures. */
#include "chrono-call-paths.h"
#include "chrono-find.h"
#include "chrono-loader.h"

#include <string.h>

static ChronoTrace *
load (const char *folder, const char *name, const char *lazy)
{
  g_autofree char *path = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), folder, name, NULL);
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", (gpointer) lazy);
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file_with_options (path, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static ChronoFindResult *
find (ChronoTrace *trace, const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoQuery) query = chrono_query_parse (text, chrono_trace_get_clock (trace), &error);
  g_assert_no_error (error);
  return chrono_find (trace, query, G_MAXUINT);
}

typedef gboolean (*SpanTest) (ChronoTrace *trace, ChronoLane *lane, const ChronoSpan *span, gpointer data);

/* Spans (not instances) that pass the test, counted with no help. */
static guint
count_spans (ChronoTrace *trace, SpanTest test, gpointer data)
{
  guint n = 0;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint l = 0; l < lanes->len; l++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, l);
      ChronoSpans *spans = chrono_lane_get_spans (lane);
      for (guint i = 0; spans != NULL && i < chrono_spans_get_n (spans); i++)
        {
          ChronoSpan span;
          chrono_spans_get (spans, i, &span);
          n += test (trace, lane, &span, data);
        }
    }
  return n;
}

static gboolean
is_running (ChronoTrace *trace, ChronoLane *lane, const ChronoSpan *span, gpointer data)
{
  return span->state == CHRONO_STATE_RUNNING && (data == NULL || lane == data);
}

static gboolean
is_labelled (ChronoTrace *trace, ChronoLane *lane, const ChronoSpan *span, gpointer data)
{
  return chrono_lane_get_kind (lane) == CHRONO_LANE_WORKER && span->label != CHRONO_STRING_NONE
         && !(span->flags & CHRONO_SPAN_COLLECTIVE)
         && g_str_equal (chrono_strings_get (chrono_trace_get_strings (trace), span->label), data);
}

static gboolean
longer_than (ChronoTrace *trace, ChronoLane *lane, const ChronoSpan *span, gpointer data)
{
  return span->end - span->start > *(gint64 *) data;
}

static gboolean
has_pid_1 (ChronoTrace *trace, ChronoLane *lane, const ChronoSpan *span, gpointer data)
{
  const char *pid = span->attrs ? chrono_attrs_lookup (chrono_trace_get_attrs (trace), span->attrs, "pid") : NULL;
  return g_strcmp0 (pid, "1") == 0;
}

static ChronoLane *
lane_at (ChronoTrace *trace, const char *path)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      g_autofree char *p = chrono_lane_dup_path (g_ptr_array_index (lanes, i));
      if (g_str_equal (p, path))
        return g_ptr_array_index (lanes, i);
    }
  g_assert_not_reached ();
}

static void
test_states_and_lanes (void)
{
  g_autoptr (ChronoTrace) trace = load ("btf", "timing_metrics.btf", "never");
  g_autoptr (ChronoFindResult) running = find (trace, "state=running");
  g_assert_cmpuint (running->matches->len, ==, count_spans (trace, is_running, NULL));
  g_assert_cmpuint (running->matches->len, >, 0);
  g_autoptr (ChronoFindResult) translated = find (trace, "state=Running");
  g_assert_cmpuint (translated->matches->len, ==, running->matches->len);
  ChronoLane *core = lane_at (trace, "Cores/Core_1");
  g_autoptr (ChronoFindResult) on_core = find (trace, "lane=Cores/Core_1 state=running");
  g_assert_cmpuint (on_core->matches->len, ==, count_spans (trace, is_running, core));
  for (guint i = 0; i < on_core->matches->len; i++)
    g_assert_true (g_array_index (on_core->matches, ChronoMatch, i).lane == core);
}

/* A task's instances are found once each, their whole life long. */
static void
test_instances_once (void)
{
  g_autoptr (ChronoTrace) trace = load ("btf", "timing_metrics.btf", "never");
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  ChronoLane *task = NULL;
  for (guint i = 0; i < lanes->len && task == NULL; i++)
    if (chrono_lane_get_kind (g_ptr_array_index (lanes, i)) == CHRONO_LANE_PROCESS)
      task = g_ptr_array_index (lanes, i);
  g_assert_nonnull (task);
  g_autofree char *text = g_strdup_printf ("lane=%s", chrono_lane_get_name (task));
  g_autoptr (ChronoFindResult) found = find (trace, text);
  ChronoInstances *instances = chrono_lane_get_instances (task);
  g_assert_cmpuint (found->matches->len, ==, chrono_instances_get_n (instances));
  for (guint i = 0; i < found->matches->len; i++)
    {
      const ChronoMatch *m = &g_array_index (found->matches, ChronoMatch, i);
      ChronoSpan span;
      chrono_spans_get (chrono_lane_get_spans (task), m->index, &span);
      const ChronoInstance *life = chrono_instances_get (instances, span.instance);
      g_assert_cmpint (m->start, ==, life->begin);
      g_assert_cmpint (m->end, ==, life->end);
    }
  g_assert_true (g_hash_table_contains (found->lanes, task));
}

static void
test_claims_by_duration_and_attribute (void)
{
  g_autoptr (ChronoTrace) trace = load ("etf", "grouped.etf", "never");
  gint64 limit = chrono_clock_from_seconds (chrono_trace_get_clock (trace), 2e-3);
  g_autoptr (ChronoFindResult) long_ones = find (trace, "duration>2ms");
  g_assert_cmpuint (long_ones->matches->len, ==, count_spans (trace, longer_than, &limit));
  g_assert_cmpuint (long_ones->matches->len, >, 0);
  g_autoptr (ChronoFindResult) pid = find (trace, "pid=1");
  guint expected = count_spans (trace, has_pid_1, NULL);
  g_assert_cmpuint (expected, >, 0);
  g_assert_cmpuint (pid->matches->len, ==, expected);
  g_autoptr (ChronoFindResult) regex = find (trace, "pid~^1$");
  g_assert_cmpuint (regex->matches->len, ==, expected);
  g_autoptr (ChronoFindResult) nothing = find (trace, "pid=1 pid!=1");
  g_assert_cmpuint (nothing->matches->len, ==, 0);
  g_assert_cmpuint (g_hash_table_size (nothing->lanes), ==, 0);
}

static void
test_bad_queries (void)
{
  const ChronoClock *clock = NULL;
  g_autoptr (ChronoTrace) trace = load ("btf", "timing_metrics.btf", "never");
  clock = chrono_trace_get_clock (trace);
  const char *bad[] = { "duration~1ms", "duration>soon", "state=bogus", "name~(",
                        "pid>3",        "name!=x",       "path!=main",  "path~(" };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_null (chrono_query_parse (bad[i], clock, &error));
      g_assert_error (error, CHRONO_FIND_ERROR, 0);
      g_autofree char *quoted = g_strdup_printf ("“%s”", bad[i]);
      g_assert_nonnull (strstr (error->message, quoted));
    }
}

/* Next from before the first match visits every match in time order once,
 * previous from after the last the same backwards. */
static void
test_stepping (void)
{
  g_autoptr (ChronoTrace) trace = load ("btf", "timing_metrics.btf", "never");
  g_autoptr (ChronoFindResult) found = find (trace, "state=running");
  guint n = found->matches->len, index = G_MAXUINT;
  gint64 time = G_MININT64;
  g_autofree guint8 *visited = g_new0 (guint8, n);
  for (guint step = 0; step < n; step++)
    {
      g_assert_true (chrono_find_result_step (found, time, index, +1, &index));
      const ChronoMatch *m = &g_array_index (found->matches, ChronoMatch, index);
      g_assert_cmpint (m->start, >=, time);
      g_assert_false (visited[index]);
      visited[index] = 1;
      time = m->start;
    }
  g_assert_false (chrono_find_result_step (found, time, index, +1, &index));
  for (guint step = 1; step < n; step++)
    {
      guint before = index;
      g_assert_true (chrono_find_result_step (found, time, index, -1, &index));
      g_assert_true (index != before);
      g_assert_cmpint (g_array_index (found->matches, ChronoMatch, index).start, <=, time);
      time = g_array_index (found->matches, ChronoMatch, index).start;
    }
  g_assert_false (chrono_find_result_step (found, time, index, -1, &index));
}

/* Read lazily only lane names can be searched, and the result says so. */
static void
test_lazy_names_only (void)
{
  g_autoptr (ChronoTrace) trace = load ("btf", "timing_metrics.btf", "always");
  g_autoptr (ChronoFindResult) found = find (trace, "Core_1");
  g_assert_true (found->names_only);
  g_assert_cmpuint (found->matches->len, ==, 0);
  g_assert_cmpuint (g_hash_table_size (found->lanes), ==, 1);
}

static void
test_cap (void)
{
  g_autoptr (ChronoTrace) trace = load ("btf", "timing_metrics.btf", "never");
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoQuery) query = chrono_query_parse ("state=running", chrono_trace_get_clock (trace), &error);
  g_autoptr (ChronoFindResult) all = chrono_find (trace, query, G_MAXUINT);
  g_autoptr (ChronoFindResult) few = chrono_find (trace, query, 3);
  g_assert_cmpuint (few->matches->len, ==, 3);
  g_assert_cmpuint (few->n_found, ==, all->matches->len);
}

/* The lane of each match, in order. */
static char *
matched_lanes (ChronoFindResult *result)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < result->matches->len; i++)
    g_string_append_printf (out, "%s%s", i ? " " : "",
                            chrono_lane_get_name (g_array_index (result->matches, ChronoMatch, i).lane));
  return g_string_free (out, FALSE);
}

/* inversion.btf: Task_High #0 waits 5.7 ms on SEM_Res while Task_Mid
 * preempts its holder Task_Low #0, whose own request waited nothing;
 * Task_Mid makes no access. */
static void
test_semaphore_waits_and_inversions (void)
{
  g_autoptr (ChronoTrace) trace = load ("btf", "blocking/inversion.btf", "never");
  const char *queries[][2] = {
    { "waits>1ms", "Task_High" }, { "waits>=5.7ms", "Task_High" },
    { "waits>5.7ms", "" },        { "waits<1ms", "Task_Low" },
    { "waits=0", "Task_Low" },    { "inversion", "Task_High" },
    { "INVERSION Task_Low", "" }, { "waits>1ms state=parking", "Task_High" },
  };
  for (guint q = 0; q < G_N_ELEMENTS (queries); q++)
    {
      g_autoptr (ChronoFindResult) result = find (trace, queries[q][0]);
      g_autofree char *lanes = matched_lanes (result);
      g_assert_cmpstr (lanes, ==, queries[q][1]);
    }
}

/* path=P finds each call of the path once, as many as the profile's calls
 * of it; path~RE the calls of every path whose joined names match; the
 * matches are calls of the path's last region. */
static void
test_call_paths (void)
{
  g_autofree char *archive = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), "otf2", "mpi_metrics.otf2", NULL);
  if (!g_file_test (archive, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("built without OTF2 fixtures");
      return;
    }
  g_autoptr (ChronoTrace) trace = load ("otf2", "mpi_metrics.otf2", "never");
  GArray *paths = chrono_call_paths_compute (trace, NULL, G_MININT64, G_MAXINT64);
  g_assert_cmpuint (paths->len, >, 5);
  guint64 mpi_calls = 0;
  for (guint p = 0; p < paths->len; p++)
    {
      const ChronoCallPath *path = &g_array_index (paths, ChronoCallPath, p);
      g_autofree char *joined = chrono_call_path_join (path);
      g_autoptr (ChronoQuery) query = chrono_query_new_path (joined);
      g_autoptr (ChronoFindResult) result = chrono_find (trace, query, G_MAXUINT);
      g_assert_cmpuint (result->n_found, ==, path->calls);
      const char *region = g_ptr_array_index (path->names, path->names->len - 1);
      for (guint m = 0; m < result->matches->len; m++)
        {
          const ChronoMatch *match = &g_array_index (result->matches, ChronoMatch, m);
          ChronoSpan span;
          chrono_spans_get (chrono_lane_get_spans (match->lane), match->index, &span);
          g_assert_cmpstr (chrono_strings_get (chrono_trace_get_strings (trace), span.label), ==, region);
        }
      if (g_regex_match_simple ("mpi_", joined, G_REGEX_CASELESS, 0))
        mpi_calls += path->calls;
    }
  g_assert_cmpuint (mpi_calls, >, 0);
  g_autoptr (ChronoFindResult) mpi = find (trace, "path~mpi_");
  g_assert_cmpuint (mpi->n_found, ==, mpi_calls);
  /* a path is whole: the last region alone is not a path of a nested call */
  g_autoptr (ChronoFindResult) none = find (trace, "path=solve");
  g_autoptr (ChronoFindResult) under = find (trace, "path~;solve$");
  g_assert_cmpuint (none->n_found + under->n_found, ==, count_spans (trace, is_labelled, (gpointer) "solve"));
  chrono_call_paths_free (paths);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/find/semaphore-waits-and-inversions", test_semaphore_waits_and_inversions);
  g_test_add_func ("/find/states-and-lanes", test_states_and_lanes);
  g_test_add_func ("/find/instances-once", test_instances_once);
  g_test_add_func ("/find/claims-by-duration-and-attribute", test_claims_by_duration_and_attribute);
  g_test_add_func ("/find/bad-queries", test_bad_queries);
  g_test_add_func ("/find/stepping", test_stepping);
  g_test_add_func ("/find/lazy-names-only", test_lazy_names_only);
  g_test_add_func ("/find/cap", test_cap);
  g_test_add_func ("/find/call-paths", test_call_paths);
  return g_test_run ();
}
