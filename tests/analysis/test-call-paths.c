/* Call paths of a range: the walk that starts at the range's first call
 * with the stack restored from the callers kept on the lane gives, for
 * ranges cut anywhere, what a plain walk of every call from the first
 * (written here again, with no help) gives: over every lane, for each lane
 * apart (the walks that reuse one buffer of figures from lane to lane),
 * and summed by region. */
#include "chrono-call-paths.h"
#include "chrono-loader.h"

#include <string.h>

typedef struct {
  guint64 calls;
  gint64 inclusive, exclusive;
} Figures;

typedef struct {
  char *path;
  gint64 inclusive, children;
  gboolean closed;
} Open;

/* Each path's figures over [begin, end), walking every call from the first. */
static GHashTable *
plain_walk (ChronoTrace *trace, GPtrArray *lanes, gint64 begin, gint64 end)
{
  GHashTable *out = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  for (guint l = 0; l < lanes->len; l++)
    {
      ChronoSpans *spans = chrono_lane_get_spans (lanes->pdata[l]);
      g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Open));
      guint n = spans != NULL ? chrono_spans_get_n (spans) : 0;
      for (guint i = 0; i <= n; i++)
        {
          ChronoSpan s = { 0 };
          if (i < n)
            chrono_spans_get (spans, i, &s);
          if (i < n && (s.label == CHRONO_STRING_NONE || (s.flags & CHRONO_SPAN_COLLECTIVE)))
            continue;
          guint depth = i < n ? s.depth : 0;
          while (stack->len > depth)
            {
              Open *top = &g_array_index (stack, Open, stack->len - 1);
              Figures *f = g_hash_table_lookup (out, top->path);
              if (top->closed && f != NULL)
                f->exclusive += top->inclusive - top->children;
              if (top->closed && stack->len > 1)
                g_array_index (stack, Open, stack->len - 2).children += top->inclusive;
              g_free (top->path);
              g_array_set_size (stack, stack->len - 1);
            }
          if (i == n)
            break;
          const char *name = chrono_strings_get (strings, s.label);
          Open open = { stack->len > 0
                            ? g_strdup_printf ("%s;%s", g_array_index (stack, Open, stack->len - 1).path, name)
                            : g_strdup (name),
                        0, 0, !(s.flags & CHRONO_SPAN_OPEN_END) };
          gboolean inside =
              s.start < end
              && ((s.flags & CHRONO_SPAN_OPEN_END) || s.end > begin || (s.end == s.start && s.start >= begin));
          if (inside)
            {
              if (open.closed)
                open.inclusive = MAX (MIN (s.end, end) - MAX (s.start, begin), 0);
              Figures *f = g_hash_table_lookup (out, open.path);
              if (f == NULL)
                g_hash_table_insert (out, g_strdup (open.path), f = g_new0 (Figures, 1));
              f->calls++;
              f->inclusive += open.inclusive;
            }
          g_array_append_val (stack, open);
        }
    }
  return out;
}

static void
assert_same_paths (GHashTable *want, GArray *got)
{
  g_assert_cmpuint (got->len, ==, g_hash_table_size (want));
  for (guint i = 0; i < got->len; i++)
    {
      const ChronoCallPath *p = &g_array_index (got, ChronoCallPath, i);
      g_autofree char *joined = chrono_call_path_join (p);
      const Figures *f = g_hash_table_lookup (want, joined);
      g_assert_nonnull (f);
      g_assert_cmpuint (p->calls, ==, f->calls);
      g_assert_cmpint (p->inclusive, ==, f->inclusive);
      g_assert_cmpint (p->exclusive, ==, f->exclusive);
    }
}

/* The plain walk's paths summed by the region they end in. */
static void
assert_same_regions (GHashTable *want_paths, GArray *got)
{
  g_autoptr (GHashTable) want = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, want_paths);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *semicolon = strrchr (key, ';');
      const char *region = semicolon ? semicolon + 1 : key;
      Figures *sum = g_hash_table_lookup (want, region);
      if (sum == NULL)
        g_hash_table_insert (want, g_strdup (region), sum = g_new0 (Figures, 1));
      const Figures *f = value;
      sum->calls += f->calls;
      sum->inclusive += f->inclusive;
      sum->exclusive += f->exclusive;
    }
  g_assert_cmpuint (got->len, ==, g_hash_table_size (want));
  for (guint i = 0; i < got->len; i++)
    {
      const ChronoRegionTimes *r = &g_array_index (got, ChronoRegionTimes, i);
      if (i > 0)
        g_assert_cmpint (strcmp (g_array_index (got, ChronoRegionTimes, i - 1).region, r->region), <, 0);
      const Figures *f = g_hash_table_lookup (want, r->region);
      g_assert_nonnull (f);
      g_assert_cmpuint (r->calls, ==, f->calls);
      g_assert_cmpint (r->inclusive, ==, f->inclusive);
      g_assert_cmpint (r->exclusive, ==, f->exclusive);
    }
}

/* The imbalance of the sums by region against one worked out here from
 * each lane's paths: inclusive time summed by the region a path ends in,
 * over the lanes that entered it. */
static void
assert_same_imbalance (GPtrArray *each, GPtrArray *regions)
{
  g_autoptr (GArray) got = chrono_call_paths_imbalance (regions);
  for (guint i = 0; i < got->len; i++)
    {
      const ChronoImbalance *r = &g_array_index (got, ChronoImbalance, i);
      gint64 max = -1, sum = 0;
      guint n_lanes = 0, worst = 0;
      for (guint l = 0; l < each->len; l++)
        {
          GArray *paths = g_ptr_array_index (each, l);
          gint64 ticks = -1;
          for (guint p = 0; p < paths->len; p++)
            {
              const ChronoCallPath *path = &g_array_index (paths, ChronoCallPath, p);
              if (strcmp (g_ptr_array_index (path->names, path->names->len - 1), r->region) == 0)
                ticks = MAX (ticks, 0) + path->inclusive;
            }
          if (ticks < 0)
            continue;
          if (ticks > max)
            {
              max = ticks;
              worst = l;
            }
          n_lanes++;
          sum += ticks;
        }
      g_assert_cmpint (r->max, ==, max);
      g_assert_cmpint (r->sum, ==, sum);
      g_assert_cmpuint (r->n_lanes, ==, n_lanes);
      g_assert_cmpuint (r->worst, ==, worst);
    }
}

static void
assert_same (ChronoTrace *trace, gint64 begin, gint64 end)
{
  g_autoptr (GPtrArray) lanes = chrono_call_paths_lanes (trace);
  g_autoptr (GHashTable) want = plain_walk (trace, lanes, begin, end);
  GArray *got = chrono_call_paths_compute (trace, NULL, begin, end);
  assert_same_paths (want, got);
  chrono_call_paths_free (got);
  g_autoptr (GPtrArray) each = chrono_call_paths_compute_each (trace, lanes, begin, end);
  g_autoptr (GPtrArray) regions = chrono_call_paths_by_region (trace, lanes, begin, end);
  g_assert_cmpuint (each->len, ==, lanes->len);
  g_assert_cmpuint (regions->len, ==, lanes->len);
  for (guint l = 0; l < lanes->len; l++)
    {
      g_autoptr (GPtrArray) one = g_ptr_array_new ();
      g_ptr_array_add (one, lanes->pdata[l]);
      g_autoptr (GHashTable) want_one = plain_walk (trace, one, begin, end);
      assert_same_paths (want_one, g_ptr_array_index (each, l));
      assert_same_regions (want_one, g_ptr_array_index (regions, l));
    }
  assert_same_imbalance (each, regions);
}

static void
test_ranges_cut_anywhere (gconstpointer name)
{
  g_autofree char *path = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), "otf2", name, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("built without OTF2 fixtures");
      return;
    }
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", "never");
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = chrono_load_file_with_options (path, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  gint64 begin = chrono_trace_get_begin (trace), end = chrono_trace_get_end (trace);
  assert_same (trace, G_MININT64, G_MAXINT64);
  GRand *rand = g_rand_new_with_seed (7);
  for (int k = 0; k < 200; k++)
    {
      gint64 a = g_rand_int_range (rand, 0, 1000) * (end - begin + 1) / 1000 + begin;
      gint64 b = a + g_rand_int_range (rand, 0, 300) * (end - begin + 1) / 1000;
      assert_same (trace, a, b);
    }
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  const char *fixtures[] = { "mpi_metrics.otf2", "sends_inside.otf2", "leave_open_local_defs.otf2", "tasks.otf2",
                             "plain.otf2" };
  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      g_autofree char *test = g_strdup_printf ("/call-paths/ranges-cut-anywhere/%s", fixtures[i]);
      g_test_add_data_func (test, fixtures[i], test_ranges_cut_anywhere);
    }
  return g_test_run ();
}
