/* test-lazy.c — a lazily read trace tells the same story as a fully read one.
 *
 * A trace from our generator is read whole and lazily, cut into many small
 * chunks; then, lane by lane:
 *  - the summary's time per state over the whole trace equals the spans';
 *  - every chunk, decoded from its checkpoint, has exactly the full spans'
 *    time per state inside the chunk's time, and each span it closes itself
 *    is a span of the full trace, bit for bit;
 *  - the entity statistics and the warnings agree.
 * The same holds for the gzip-compressed file (also in several members, and
 * in small deflate blocks: every chunk inflated from an access point inside
 * the stream), and for every VisAndOr
 * fixture cut into chunks of a few lines (with its reader's statistics).
 * TRACE files are cut into windows of start times, which overlap: each
 * window decoded holds exactly the full read's claims starting in it, at
 * the same sub-row and offset, in files in end order and shuffled. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <zlib.h>

#include "chrono-entity-stats.h"
#include "chrono-loader.h"
#include "etf/chrono-etf-store.h"
#include "chrono-resource-stats.h"
#include "chrono-resource-usage.h"
#include "chrono-tree-node.h"

static char *generator, *etf_generator;
static const char *test_data;
static char *plain_path, *gzip_path, *members_path, *small_blocks_path;

static char *
lane_key (ChronoLane *lane)
{
  g_autofree char *path = chrono_lane_dup_path (lane);
  return g_steal_pointer (&path);
}

static GHashTable *
lanes_by_key (ChronoTrace *trace)
{
  GHashTable *map = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    g_hash_table_insert (map, lane_key (g_ptr_array_index (lanes, i)), g_ptr_array_index (lanes, i));
  return map;
}

static ChronoTrace *
load (const char *path, const char *lazy, const char *chunk_size)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "lazy", (gpointer) lazy);
  if (chunk_size)
    g_hash_table_insert (options, "chunk-size", (gpointer) chunk_size);
  g_autoptr (GError) error = NULL;
  ChronoTrace *trace = chrono_load_file_with_options (path, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

/* Float buckets add up to the exact sum within a tick per bucket. */
static void
check_summaries (ChronoTrace *full, ChronoTrace *lazy, guint min_lanes)
{
  g_autoptr (GHashTable) full_lanes = lanes_by_key (full);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (lazy);
  guint checked = 0;
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      g_autofree char *key = lane_key (lane);
      ChronoLane *twin = g_hash_table_lookup (full_lanes, key);
      g_assert_nonnull (twin);
      if (chrono_lane_get_summary (lane) == NULL || chrono_lane_get_spans (twin) == NULL)
        continue;
      ChronoSpanSummary a, b;
      chrono_lane_summarize (lane, G_MININT64 / 2, G_MAXINT64 / 2, &a);
      chrono_spans_summarize (chrono_lane_get_spans (twin), G_MININT64 / 2, G_MAXINT64 / 2, &b);
      for (guint s = 0; s < CHRONO_N_STATES; s++)
        {
          guint64 tolerance = 8192 + b.time_in_state[s] / 1000000;
          guint64 difference =
              MAX (a.time_in_state[s], b.time_in_state[s]) - MIN (a.time_in_state[s], b.time_in_state[s]);
          if (difference > tolerance)
            g_error ("%s: %s %" G_GUINT64_FORMAT " in the summary, %" G_GUINT64_FORMAT " in the spans", key,
                     chrono_state_get_name (s), a.time_in_state[s], b.time_in_state[s]);
        }
      checked++;
    }
  g_assert_cmpuint (checked, >=, min_lanes);
  g_assert_cmpuint (g_hash_table_size (full_lanes), ==, lanes->len);
}

static gboolean
has_span (ChronoSpans *spans, const ChronoSpan *want, ChronoTrace *want_trace, ChronoTrace *in_trace)
{
  guint i = chrono_spans_first_starting_at_or_after (spans, want->start);
  const char *want_label = want->label ? chrono_strings_get (chrono_trace_get_strings (want_trace), want->label) : "";
  for (guint n = chrono_spans_get_n (spans); i < n && chrono_spans_get_start (spans, i) == want->start; i++)
    {
      ChronoSpan s;
      chrono_spans_get (spans, i, &s);
      const char *label = s.label ? chrono_strings_get (chrono_trace_get_strings (in_trace), s.label) : "";
      if (s.end == want->end && s.state == want->state && s.depth == want->depth && strcmp (label, want_label) == 0
          && (s.flags & CHRONO_SPAN_INFERRED) == (want->flags & CHRONO_SPAN_INFERRED))
        return TRUE;
    }
  return FALSE;
}

static void
check_chunk (ChronoTrace *full, ChronoTrace *lazy, GHashTable *full_lanes, guint k)
{
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (lazy);
  g_autoptr (GError) error = NULL;
  ChronoTrace *detail = chrono_chunk_cache_decode (cache, k, &error);
  g_assert_no_error (error);
  const ChronoChunk *chunk = chrono_trace_get_chunk (lazy, k);
  gint64 begin = k == 0 ? chrono_trace_get_begin (full) : chunk->first_time;
  gint64 end = chrono_trace_get_chunk_end (lazy, k);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (detail);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoSpans *spans = chrono_lane_get_spans (lane);
      g_autofree char *key = lane_key (lane);
      ChronoLane *twin = g_hash_table_lookup (full_lanes, key);
      g_assert_nonnull (twin);
      ChronoSpans *full_spans = chrono_lane_get_spans (twin);
      if (spans == NULL || chrono_spans_get_n (spans) == 0)
        continue;
      g_assert_nonnull (full_spans);
      for (guint j = 0; j < chrono_spans_get_n (spans); j++)
        {
          ChronoSpan s;
          chrono_spans_get (spans, j, &s);
          if (s.end >= end && k + 1 < chrono_trace_get_n_chunks (lazy) && end > begin)
            continue; /* cut where the chunk ends */
          if (!has_span (full_spans, &s, detail, full))
            g_error ("chunk %u, %s: span %" G_GINT64_FORMAT "..%" G_GINT64_FORMAT " %s is not in the full trace", k,
                     key, s.start, s.end, chrono_state_get_name (s.state));
        }
      if (end > begin)
        {
          ChronoSpanSummary a, b;
          chrono_spans_summarize (spans, begin, end, &a);
          chrono_spans_summarize (full_spans, begin, end, &b);
          for (guint st = 0; st < CHRONO_N_STATES; st++)
            if (a.time_in_state[st] != b.time_in_state[st])
              g_error ("chunk %u, %s: %s %" G_GINT64_FORMAT " decoded, %" G_GINT64_FORMAT " in the full trace", k, key,
                       chrono_state_get_name (st), a.time_in_state[st], b.time_in_state[st]);
        }
    }
}

static void
check_stats (ChronoTrace *full, ChronoTrace *lazy)
{
  g_autoptr (GPtrArray) a = chrono_entity_stats_compute (full);
  g_autoptr (GPtrArray) b = chrono_entity_stats_compute (lazy);
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const ChronoEntityStats *x = g_ptr_array_index (a, i), *y = g_ptr_array_index (b, i);
      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpuint (x->activations, ==, y->activations);
      g_assert_cmpuint (x->preemptions, ==, y->preemptions);
      g_assert_cmpuint (x->response_count, ==, y->response_count);
      g_assert_cmpint (x->response_max, ==, y->response_max);
      g_assert_cmpint (x->response_sum, ==, y->response_sum);
      g_assert_cmpuint (x->starts, ==, y->starts);
      g_assert_cmpuint (MAX (x->running_time, y->running_time) - MIN (x->running_time, y->running_time), <=,
                        8192 + x->running_time / 1000000);
    }
}

static void
add_link_keys (GHashTable *counts, ChronoLinks *links, ChronoTrace *index, int chunk)
{
  for (guint i = 0; i < chrono_links_get_n (links); i++)
    {
      const ChronoLink *link = chrono_links_get (links, i);
      if (chunk >= 0 && chrono_trace_find_chunk (index, link->dst_time) != (guint) chunk)
        continue; /* the chunk of its head has it too */
      g_autofree char *src = lane_key (link->src_lane), *dst = lane_key (link->dst_lane);
      char *key = g_strdup_printf ("%s -> %s %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %u %" G_GINT64_FORMAT, src, dst,
                                   link->src_time, link->dst_time, link->kind, link->id);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, key));
      g_hash_table_insert (counts, key, GUINT_TO_POINTER (n + 1));
    }
}

/* The arrows of a lazily read trace — its index's, and each decoded
 * chunk's whose head lies in the chunk — are the full read's, each once. */
static void
check_links (ChronoTrace *full, ChronoTrace *lazy)
{
  g_autoptr (GHashTable) expected = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  add_link_keys (expected, chrono_trace_get_links (full), NULL, -1);
  add_link_keys (found, chrono_trace_get_links (lazy), NULL, -1);
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (lazy);
  for (guint k = 0; k < chrono_trace_get_n_chunks (lazy); k++)
    {
      g_autoptr (GError) error = NULL;
      ChronoTrace *detail = chrono_chunk_cache_decode (cache, k, &error);
      g_assert_no_error (error);
      add_link_keys (found, chrono_trace_get_links (detail), lazy, (int) k);
    }
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, expected);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_hash_table_lookup (found, key) != value)
      g_error ("arrow %s: %u in the full read, %u read lazily", (const char *) key, GPOINTER_TO_UINT (value),
               GPOINTER_TO_UINT (g_hash_table_lookup (found, key)));
  g_assert_cmpuint (g_hash_table_size (found), ==, g_hash_table_size (expected));
}

/* Read whole and lazily in chunks of chunk_size bytes: at least min_chunks
 * of them, and summaries of at least min_lanes lanes. */
static void
check_lazy_read (const char *path, const char *chunk_size, guint min_chunks, guint min_lanes)
{
  g_autoptr (ChronoTrace) full = load (path, "never", NULL);
  g_autoptr (ChronoTrace) lazy = load (path, "always", chunk_size);
  g_assert_false (chrono_trace_is_lazy (full));
  g_assert_true (chrono_trace_is_lazy (lazy));
  g_assert_cmpuint (chrono_trace_get_n_chunks (lazy), >=, min_chunks);
  g_assert_cmpuint (chrono_trace_get_n_events (lazy), ==, chrono_trace_get_n_events (full));
  g_assert_cmpint (chrono_trace_get_begin (lazy), ==, chrono_trace_get_begin (full));
  g_assert_cmpint (chrono_trace_get_end (lazy), ==, chrono_trace_get_end (full));
  g_assert_cmpuint (chrono_warnings_get_total (chrono_trace_get_warnings (lazy)), ==,
                    chrono_warnings_get_total (chrono_trace_get_warnings (full)));
  check_links (full, lazy);
  GVariant *a = chrono_trace_get_statistics (full), *b = chrono_trace_get_statistics (lazy);
  g_assert_true ((a == NULL) == (b == NULL));
  g_assert_true (a == NULL || g_variant_equal (a, b));
  check_summaries (full, lazy, min_lanes);
  check_stats (full, lazy);
  g_autoptr (GHashTable) full_lanes = lanes_by_key (full);
  guint n = chrono_trace_get_n_chunks (lazy);
  for (guint k = 0; k < n; k++)
    check_chunk (full, lazy, full_lanes, k);
}

static void
check_file (const char *path)
{
  check_lazy_read (path, "65536", 50, 20);
}

/* Chunks of 48 bytes hold a line or two: every checkpoint is used. */
static void
test_visandor_fixtures (void)
{
  g_autofree char *folder = g_build_filename (test_data, "visandor", NULL);
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  g_assert_nonnull (dir);
  guint checked = 0;
  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    if (g_str_has_suffix (name, ".vt"))
      {
        g_autofree char *path = g_build_filename (folder, name, NULL);
        g_test_message ("%s", name);
        /* a chunk per two lines or so */
        gsize size = 0;
        g_autofree char *text = NULL;
        g_assert_true (g_file_get_contents (path, &text, &size, NULL));
        check_lazy_read (path, "48", (guint) (size / 100), 0);
        checked++;
      }
  g_assert_cmpuint (checked, >, 20);
}

/* The tree colours each stretch by its agent: the agents' names are the
 * trace's colour labels, read whole and lazily, so that they get the ranked
 * palette's distinct colours instead of hashed ones (eight agents gave three
 * near-identical blues). */
static void
test_visandor_agents_are_colour_labels (void)
{
  g_autofree char *path = g_build_filename (test_data, "visandor", "nested_forks.vt", NULL);
  const char *modes[] = { "never", "always" };
  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    {
      g_autoptr (ChronoTrace) trace = load (path, modes[m], "48");
      ChronoStrings *strings = chrono_trace_get_strings (trace);
      g_autoptr (GArray) labels = chrono_trace_list_colour_labels (trace);
      g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
      guint agents = 0;
      for (guint i = 0; i < lanes->len; i++)
        {
          ChronoLane *lane = g_ptr_array_index (lanes, i);
          if (chrono_lane_get_kind (lane) != CHRONO_LANE_WORKER)
            continue;
          gboolean listed = FALSE;
          for (guint k = 0; k < labels->len && !listed; k++)
            listed = g_strcmp0 (chrono_strings_get (strings, g_array_index (labels, guint32, k)),
                                chrono_lane_get_name (lane))
                     == 0;
          g_assert_true (listed);
          agents++;
        }
      g_assert_cmpuint (agents, ==, 3);
      g_assert_cmpuint (labels->len, ==, agents);
    }
}

/* The program and the goals that fork wait between their fork and their
 * join: the inspector credits that time as waited, not run, even where the
 * forking agent runs one of the goals meanwhile (nested_forks.vt: the
 * program forks at 10 and joins at 61; goal 7F001001.0 forks at 20 and
 * joins at 56). */
static void
test_visandor_parent_waits (void)
{
  g_autofree char *path = g_build_filename (test_data, "visandor", "nested_forks.vt", NULL);
  g_autoptr (ChronoTrace) trace = load (path, "never", NULL);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  ChronoTree *tree = NULL;
  for (guint i = 0; i < lanes->len && tree == NULL; i++)
    tree = chrono_lane_get_tree (g_ptr_array_index (lanes, i));
  g_assert_nonnull (tree);
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  const struct {
    const char *name;
    gint64 running, waiting;
  } expected[] = { { "program", 10 + 9, 51 }, { "7F001001.0", 9 + 4, 36 }, { "7F001003.0", 9, 0 } };
  for (guint e = 0; e < G_N_ELEMENTS (expected); e++)
    {
      guint32 found = CHRONO_TREE_NONE;
      for (guint32 n = 0; n < chrono_tree_get_n_nodes (tree) && found == CHRONO_TREE_NONE; n++)
        {
          g_autofree char *name = chrono_tree_dup_node_name (tree, n, strings);
          if (strcmp (name, expected[e].name) == 0)
            found = n;
        }
      g_assert_cmpuint (found, !=, CHRONO_TREE_NONE);
      ChronoTreeNodeInfo info;
      chrono_tree_node_explain (tree, strings, found, &info);
      g_test_message ("%s: run %" G_GINT64_FORMAT ", waited %" G_GINT64_FORMAT, expected[e].name, info.running,
                      info.waiting);
      g_assert_cmpint (info.running, ==, expected[e].running);
      g_assert_cmpint (info.waiting, ==, expected[e].waiting);
      chrono_tree_node_info_clear (&info);
    }
}

static void
test_plain (void)
{
  check_file (plain_path);
}

/* The index of a .gz is the plain file's, chunk for chunk. */
static void
check_same_chunks (const char *path, const char *chunk_size)
{
  g_autoptr (ChronoTrace) plain = load (plain_path, "always", chunk_size);
  g_autoptr (ChronoTrace) packed = load (path, "always", chunk_size);
  guint n = chrono_trace_get_n_chunks (plain);
  g_assert_cmpuint (chrono_trace_get_n_chunks (packed), ==, n);
  for (guint k = 0; k < n; k++)
    g_assert_true (memcmp (chrono_trace_get_chunk (plain, k), chrono_trace_get_chunk (packed, k), sizeof (ChronoChunk))
                   == 0);
}

static void
test_gzip (void)
{
  const char *paths[] = { gzip_path, members_path, small_blocks_path };
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_test_message ("%s", paths[i]);
      check_file (paths[i]);
      check_same_chunks (paths[i], "65536");
    }
}

/* A file rewritten after its index pass is refused, not decoded half-new. */
static void
test_changed_on_disk (void)
{
  g_autofree char *copy = g_strconcat (plain_path, ".copy.btf", NULL);
  g_autofree char *text = NULL;
  gsize length;
  g_assert_true (g_file_get_contents (plain_path, &text, &length, NULL));
  g_assert_true (g_file_set_contents (copy, text, length, NULL));
  g_autoptr (ChronoTrace) lazy = load (copy, "always", "65536");
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (lazy);
  g_autoptr (GError) error = NULL;
  g_assert_nonnull (chrono_chunk_cache_decode (cache, 1, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (copy, text, length / 2, NULL));
  g_assert_null (chrono_chunk_cache_decode (cache, 2, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "changed on disk"));
  g_unlink (copy);
}

/* A lane's items far apart in time (epoch ns and a late mark) widen the
 * buckets by 2^33 in one step: totals must not change (they grew 12x before
 * the merge used 64-bit indices). */
static void
test_summary_big_jump (void)
{
  static const gint64 jumps[] = { G_GINT64_CONSTANT (1) << 40, G_GINT64_CONSTANT (1) << 51, G_GINT64_CONSTANT (1) << 62,
                                  G_MAXINT64 };
  for (gsize j = 0; j < G_N_ELEMENTS (jumps); j++)
    {
      gint64 jump = jumps[j];
      g_autoptr (ChronoSummary) summary = chrono_summary_new (0, 8192, 1000000000);
      for (int i = 0; i < 8192; i++)
        chrono_summary_add_interval (summary, i * 100000, i * 100000 + 1000, CHRONO_STATE_RUNNING, 0);
      chrono_summary_add_instant (summary, jump);
      ChronoSpanSummary totals;
      ChronoSummaryExtra extra;
      chrono_summary_query (summary, 0, G_MAXINT64, &totals, &extra);
      g_assert_cmpint (totals.time_in_state[CHRONO_STATE_RUNNING], ==, 8192 * 1000);
      g_assert_cmpuint (totals.count, ==, 8192);
      g_assert_cmpuint (extra.n_instants, ==, 1);
    }
}

static char *write_temp (const char *name, const char *text);

/* Planned before it takes buckets, a summary takes that many; after, it keeps its own. */
static void
test_summary_plan (void)
{
  g_autoptr (ChronoSummary) summary = chrono_summary_new (0, 8192, 1000000000);
  chrono_summary_plan_buckets (summary, 512);
  for (int i = 0; i < 1000; i++)
    chrono_summary_add_interval (summary, i * 1000000, i * 1000000 + 500, CHRONO_STATE_RUNNING, 0);
  g_assert_cmpuint (chrono_summary_get_n_buckets (summary), ==, 512);
  chrono_summary_plan_buckets (summary, 1024);
  g_assert_cmpuint (chrono_summary_get_n_buckets (summary), ==, 512);
  ChronoSpanSummary totals;
  ChronoSummaryExtra extra;
  chrono_summary_query (summary, 0, G_MAXINT64, &totals, &extra);
  g_assert_cmpint (totals.time_in_state[CHRONO_STATE_RUNNING], ==, 1000 * 500);
  g_assert_cmpuint (totals.count, ==, 1000);
}

/* A trace of many entities gives each lane's summary fewer
 * buckets (3,000 lanes × 8,192 took 310 MB of a 260 MB file's 431 MB),
 * and the summaries still add up to the spans of a whole read. */
static void
test_many_entities_budget (void)
{
  g_autoptr (GString) text = g_string_new ("#version 2.1.5\n#timeScale ns\n");
  const guint tasks = 600, cycles = 300;
  for (guint c = 0; c < cycles; c++)
    for (guint t = 0; t < tasks; t++)
      {
        guint64 at = ((guint64) c * tasks + t) * 100;
        g_string_append_printf (text, "%" G_GUINT64_FORMAT ",Timer,0,T,Task_%u,%u,activate\n", at, t, c);
        g_string_append_printf (text, "%" G_GUINT64_FORMAT ",Core_0,0,T,Task_%u,%u,start\n", at + 10, t, c);
        g_string_append_printf (text, "%" G_GUINT64_FORMAT ",Core_0,0,T,Task_%u,%u,terminate\n", at + 60, t, c);
      }
  g_autofree char *path = write_temp ("many-entities.btf", text->str);
  g_autoptr (ChronoTrace) whole = load (path, "never", NULL);
  g_autoptr (ChronoTrace) lazy = load (path, "always", "65536");
  g_autoptr (GHashTable) full = lanes_by_key (whole);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (lazy);
  guint checked = 0;
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoSummary *summary = chrono_lane_get_summary (lane);
      if (summary == NULL || chrono_lane_get_kind (lane) != CHRONO_LANE_PROCESS)
        continue;
      g_assert_cmpuint (chrono_summary_get_n_buckets (summary), <=, 4096);
      g_autofree char *key = lane_key (lane);
      ChronoSpanSummary a, b;
      chrono_lane_summarize (lane, G_MININT64, G_MAXINT64, &a);
      chrono_lane_summarize (g_hash_table_lookup (full, key), G_MININT64, G_MAXINT64, &b);
      g_assert_cmpmem (a.time_in_state, sizeof a.time_in_state, b.time_in_state, sizeof b.time_in_state);
      checked++;
    }
  g_assert_cmpuint (checked, ==, tasks);
  g_unlink (path);
}

static char *
write_temp (const char *name, const char *text)
{
  g_autofree char *dir = g_path_get_dirname (plain_path);
  char *path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* A stretch without events (comments here) between events: chunk starts stay
 * in order, so the chunk of a late time is found (an earlier one was, and its
 * rows were drawn empty). */
static void
test_empty_chunk_in_the_middle (void)
{
  GString *text = g_string_new ("#timescale ns\n");
  for (int i = 0; i < 3000; i++)
    g_string_append_printf (
        text, "%d,Core_0,0,T,Task_A,%d,activate\n%d,Core_0,0,T,Task_A,%d,start\n%d,Core_0,0,T,Task_A,%d,terminate\n",
        i * 100, i, i * 100 + 10, i, i * 100 + 50, i);
  for (int i = 0; i < 6000; i++)
    g_string_append (text, "# a comment line that is long enough to fill a chunk on its own .......\n");
  for (int i = 3000; i < 6000; i++)
    g_string_append_printf (
        text, "%d,Core_0,0,T,Task_A,%d,activate\n%d,Core_0,0,T,Task_A,%d,start\n%d,Core_0,0,T,Task_A,%d,terminate\n",
        i * 100, i, i * 100 + 10, i, i * 100 + 50, i);
  g_autofree char *path = write_temp ("empty-middle.btf", text->str);
  g_string_free (text, TRUE);
  g_autoptr (ChronoTrace) lazy = load (path, "always", "65536");
  guint n = chrono_trace_get_n_chunks (lazy), empty = 0;
  for (guint k = 0; k < n; k++)
    {
      const ChronoChunk *chunk = chrono_trace_get_chunk (lazy, k);
      empty += chunk->n_events == 0;
      if (k > 0)
        g_assert_cmpint (chunk->first_time, >=, chrono_trace_get_chunk (lazy, k - 1)->first_time);
    }
  g_assert_cmpuint (empty, >, 2);
  guint k = chrono_trace_find_chunk (lazy, 450000);
  const ChronoChunk *found = chrono_trace_get_chunk (lazy, k);
  g_assert_cmpuint (found->n_events, >, 0);
  g_assert_cmpint (found->first_time, <=, 450000);
  g_assert_cmpint (chrono_trace_get_chunk_end (lazy, k), >, 450000);
  g_unlink (path);
}

typedef struct {
  GThread *main_thread;
  guint decoded;
  gboolean off_thread;
} Deliveries;

static void
on_chunk_decoded (ChronoChunkCache *cache, guint chunk, Deliveries *d)
{
  d->decoded++;
  d->off_thread |= g_thread_self () != d->main_thread;
}

static gboolean
wait_for_chunk (ChronoChunkCache *cache, guint chunk)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (chrono_chunk_cache_peek (cache, chunk) == NULL && g_get_monotonic_time () < deadline)
    {
      /* a loop that does not hold the context between iterations, as test and
       * embedding code often does: deliveries must still come to this thread */
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return chrono_chunk_cache_peek (cache, chunk) != NULL;
}

/* Decoded chunks arrive in the thread that owns the cache (they were handed
 * over on the worker when nobody held the main context), and a chunk asked
 * for, dropped and asked for again while its job was queued still comes. */
static void
test_deliveries (void)
{
  g_autoptr (ChronoTrace) lazy = load (plain_path, "always", "65536");
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (lazy);
  Deliveries d = { g_thread_self (), 0, FALSE };
  g_signal_connect (cache, "chunk-decoded", G_CALLBACK (on_chunk_decoded), &d);
  for (guint k = 3; k < 8; k++)
    {
      chrono_chunk_cache_request (cache, k, k);
      g_assert_true (wait_for_chunk (cache, k));
    }
  g_assert_cmpuint (d.decoded, ==, 5);
  g_assert_false (d.off_thread);

  chrono_chunk_cache_request (cache, 20, 20);
  chrono_chunk_cache_request (cache, 1, 0); /* nothing wanted: the queued job will skip */
  g_usleep (200000);
  chrono_chunk_cache_request (cache, 20, 20); /* wanted again while still marked queued */
  g_assert_true (wait_for_chunk (cache, 20));
  g_signal_handlers_disconnect_by_data (cache, &d);
}

/* An instance alive across a chunk start keeps what activated it in the
 * decoded chunk, named in that chunk's own strings (the checkpoint carried
 * the index's string id before, a wrong name or none in the chunk). */
static void
test_activation_source_in_chunks (void)
{
  GString *text = g_string_new ("#version 2.1.3\n#timescale ns\n"
                                "0,Sim,0,STI,STI_Tick,0,trigger\n"
                                "0,STI_Tick,0,T,Task_A,0,activate\n"
                                "1,Core_1,0,T,Task_A,0,start\n");
  /* filler between, so the instance lives on in later chunks */
  for (int i = 0; i < 200; i++)
    g_string_append_printf (text, "%d,Other_%d,0,STI,STI_Other,%d,trigger\n", 2 + i, i, i);
  g_string_append (text, "300,Core_1,0,T,Task_A,0,terminate\n");
  g_autofree char *path = write_temp ("activation-source.btf", text->str);
  g_string_free (text, TRUE);
  g_autoptr (ChronoTrace) lazy = load (path, "always", "512");
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (lazy);
  guint n = chrono_trace_get_n_chunks (lazy);
  g_assert_cmpuint (n, >, 2);
  g_autoptr (GError) error = NULL;
  ChronoTrace *chunk = chrono_chunk_cache_decode (cache, n - 1, &error);
  g_assert_no_error (error);
  g_autoptr (GHashTable) lanes = lanes_by_key (chunk);
  ChronoLane *task = g_hash_table_lookup (lanes, "Tasks/Task_A");
  g_assert_nonnull (task);
  ChronoInstances *instances = chrono_lane_get_instances (task);
  g_assert_cmpuint (chrono_instances_get_n (instances), ==, 1);
  const ChronoInstance *life = chrono_instances_get (instances, 0);
  g_assert_cmpuint (life->activated_by, !=, CHRONO_STRING_NONE);
  g_assert_cmpstr (chrono_strings_get (chrono_trace_get_strings (chunk), life->activated_by), ==, "STI_Tick");
  g_unlink (path);
}

/* A decoder whose chunk 0 takes until it is cancelled (or 20 s): it stands
 * for inflating a .gz up to a chunk far into the file. */
#define TEST_TYPE_SLOW_DECODER (test_slow_decoder_get_type ())
G_DECLARE_FINAL_TYPE (TestSlowDecoder, test_slow_decoder, TEST, SLOW_DECODER, GObject)

struct _TestSlowDecoder {
  GObject parent_instance;
  gint started; /* chunk 0's decode began */
  gint cancelled; /* and ended because it was cancelled */
};

static ChronoTrace *
slow_decode (ChronoChunkDecoder *decoder, guint chunk, GCancellable *cancellable, GError **error)
{
  TestSlowDecoder *self = TEST_SLOW_DECODER (decoder);
  if (chunk == 0)
    {
      g_atomic_int_set (&self->started, 1);
      gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
      while (!g_cancellable_is_cancelled (cancellable) && g_get_monotonic_time () < deadline)
        g_usleep (1000);
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          g_atomic_int_set (&self->cancelled, 1);
          return NULL;
        }
    }
  return chrono_trace_new ("slow", "test");
}

static void
test_slow_decoder_iface_init (ChronoChunkDecoderInterface *iface)
{
  iface->decode = slow_decode;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestSlowDecoder, test_slow_decoder, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CHRONO_TYPE_CHUNK_DECODER, test_slow_decoder_iface_init))

static void
test_slow_decoder_class_init (TestSlowDecoderClass *klass)
{
}

static void
test_slow_decoder_init (TestSlowDecoder *self)
{
}

/* A chunk being decoded when the view moves away from it is
 * abandoned, and the chunk asked for instead comes without waiting for it. */
static void
test_decode_abandoned (void)
{
  g_autoptr (TestSlowDecoder) decoder = g_object_new (TEST_TYPE_SLOW_DECODER, NULL);
  g_autoptr (ChronoChunkCache) cache = chrono_chunk_cache_new (4, CHRONO_CHUNK_DECODER (decoder));
  chrono_chunk_cache_request (cache, 0, 0);
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (!g_atomic_int_get (&decoder->started) && g_get_monotonic_time () < deadline)
    g_usleep (1000);
  g_assert_true (g_atomic_int_get (&decoder->started));
  chrono_chunk_cache_request (cache, 2, 2); /* zoomed away */
  g_assert_true (wait_for_chunk (cache, 2));
  g_assert_true (g_atomic_int_get (&decoder->cancelled));
  g_assert_null (chrono_chunk_cache_peek (cache, 0));
}

/* Two mid-run suspends of one runnable: the inferred caller is the same
 * runnable (ASan saw the caller's record written after its table moved). */
static void
test_same_runnable_inferred_twice (void)
{
  g_autofree char *path = write_temp ("same-runnable.btf", "#timescale ns\n"
                                                           "0,Stim,0,T,Task_A,0,activate\n"
                                                           "10,Core_1,0,T,Task_A,0,start\n"
                                                           "40,Task_A,0,R,R1,1,suspend\n"
                                                           "50,Task_A,0,R,R1,2,suspend\n"
                                                           "60,Core_1,0,T,Task_A,0,terminate\n");
  for (int lazy = 0; lazy < 2; lazy++)
    {
      g_autoptr (ChronoTrace) trace = load (path, lazy ? "always" : "never", NULL);
      g_autoptr (GHashTable) lanes = lanes_by_key (trace);
      g_assert_nonnull (g_hash_table_lookup (lanes, "Tasks/Task_A/R1"));
      g_assert_null (g_hash_table_lookup (lanes, "Tasks/Task_A/R1/R1"));
    }
  g_unlink (path);
}

/* Cancels the load at its n-th progress report. */
typedef struct {
  GCancellable *cancellable;
  guint reports, cancel_at;
} CancelAt;

static void
cancel_at_report (double fraction, gpointer data)
{
  CancelAt *c = data;
  if (++c->reports == c->cancel_at)
    g_cancellable_cancel (c->cancellable);
}

/* A load cancelled at several points of the index pass or of a whole read
 * says so and leaves nothing behind (the sanitizer run checks leaks); a
 * chunk decode that is no longer wanted when the trace goes is dropped. */
static void
test_cancelled_loads (void)
{
  const char *modes[] = { "never", "always" };
  const char *chunk_sizes[] = { NULL, "4096" };
  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    for (guint at = 1, cancelled = 0; at <= 7 || cancelled == 0; at += 3)
      {
        g_assert_cmpuint (at, <=, 7); /* at least the first report cancels */
        g_autoptr (GCancellable) cancellable = g_cancellable_new ();
        CancelAt c = { cancellable, 0, at };
        g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
        g_hash_table_insert (options, "lazy", (gpointer) modes[m]);
        if (chunk_sizes[m] != NULL)
          g_hash_table_insert (options, "chunk-size", (gpointer) chunk_sizes[m]);
        g_autoptr (GError) error = NULL;
        g_autoptr (ChronoTrace) trace =
            chrono_load_file_with_options (plain_path, options, cancel_at_report, &c, cancellable, &error);
        if (c.reports < at)
          {
            g_assert_no_error (error); /* read before the n-th report came */
            continue;
          }
        g_assert_null (trace);
        g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
        cancelled++;
      }
  /* decodes asked for, then other ones, then the trace dropped while they run */
  g_autoptr (ChronoTrace) lazy = load (plain_path, "always", "4096");
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (lazy);
  guint n = chrono_trace_get_n_chunks (lazy);
  g_assert_cmpuint (n, >, 10);
  chrono_chunk_cache_request (cache, 0, n / 2);
  g_usleep (2000);
  chrono_chunk_cache_request (cache, n - 3, n - 1);
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
}

/* text as a gzip member of its own, in deflate blocks of 128 symbols
 * (memLevel 1) when small_blocks, stored when level is 0 */
static void
append_member (GByteArray *out, const char *text, gsize length, int level, gboolean small_blocks)
{
  z_stream zs = { 0 };
  g_assert_cmpint (deflateInit2 (&zs, level, Z_DEFLATED, 15 + 16, small_blocks ? 1 : 8, Z_DEFAULT_STRATEGY), ==, Z_OK);
  uLong bound = deflateBound (&zs, length);
  guint start = out->len;
  g_byte_array_set_size (out, start + bound);
  zs.next_in = (Bytef *) text;
  zs.avail_in = length;
  zs.next_out = out->data + start;
  zs.avail_out = bound;
  g_assert_cmpint (deflate (&zs, Z_FINISH), ==, Z_STREAM_END);
  g_byte_array_set_size (out, out->len - zs.avail_out);
  deflateEnd (&zs);
}

static void
make_inputs (const char *dir)
{
  plain_path = g_build_filename (dir, "lazy.btf", NULL);
  gzip_path = g_build_filename (dir, "lazy.btf.gz", NULL);
  members_path = g_build_filename (dir, "lazy-members.btf.gz", NULL);
  small_blocks_path = g_build_filename (dir, "lazy-small-blocks.btf.gz", NULL);
  const char *argv[] = { generator, "--events", "120000", "--cores",  "3",        "--tasks",
                         "8",       "--seed",   "7",      "--output", plain_path, NULL };
  g_autoptr (GError) error = NULL;
  int status = 0;
  g_assert_true (
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  g_autofree char *text = NULL;
  gsize length;
  g_assert_true (g_file_get_contents (plain_path, &text, &length, NULL));
  g_autoptr (GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 6);
  g_autoptr (GFile) file = g_file_new_for_path (gzip_path);
  g_autoptr (GFileOutputStream) out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (GOutputStream) zipped = g_converter_output_stream_new (G_OUTPUT_STREAM (out), G_CONVERTER (compressor));
  g_assert_true (g_output_stream_write_all (zipped, text, length, NULL, NULL, &error));
  g_assert_true (g_output_stream_close (zipped, NULL, &error));
  g_assert_no_error (error);

  /* three members cut anywhere, not at lines; the middle one stored */
  g_autoptr (GByteArray) members = g_byte_array_new ();
  for (int m = 0; m < 3; m++)
    append_member (members, text + length * m / 3, length * (m + 1) / 3 - length * m / 3, m == 1 ? 0 : 6, FALSE);
  g_assert_true (g_file_set_contents (members_path, (const char *) members->data, members->len, NULL));
  g_autoptr (GByteArray) small = g_byte_array_new ();
  append_member (small, text, length, 6, TRUE);
  g_assert_true (g_file_set_contents (small_blocks_path, (const char *) small->data, small->len, NULL));
}

/* OTF2 archives cut into windows of a few events: every location sought to
 * each window's checkpoint.  Our generated fixtures, and the corpus's. */
static void
test_otf2 (void)
{
  if (chrono_loaders_find_by_name ("otf2") == NULL)
    {
      g_test_skip ("no OTF2 support");
      return;
    }
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *fixtures[] = { "plain", "mpi_metrics", "wide_ids_odd_clock", "leave_open_local_defs", "tasks" };
  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      g_autofree char *name = g_strconcat (fixtures[i], ".otf2", NULL);
      g_ptr_array_add (paths, g_build_filename (test_data, "otf2", name, NULL));
    }
  const char *corpus = g_getenv ("CHRONO_CORPUS");
  const char *archives[] = { "ping-pong-otf2", "ping-pong-otf2-papi" };
  for (guint i = 0; corpus != NULL && i < G_N_ELEMENTS (archives); i++)
    {
      char *path = g_build_filename (corpus, "otf2", archives[i], "traces.otf2", NULL);
      if (g_file_test (path, G_FILE_TEST_EXISTS))
        g_ptr_array_add (paths, path);
      else
        g_free (path);
    }
  for (guint i = 0; i < paths->len; i++)
    {
      g_test_message ("%s", (const char *) g_ptr_array_index (paths, i));
      check_lazy_read (g_ptr_array_index (paths, i), "32", 20, 2);
    }
}

/* ---- TRACE: windows of start times ---------------------------------------------- */

static gboolean
has_claim (ChronoSpans *spans, const ChronoSpan *want, const ChronoExtent *want_extent, gboolean extent,
           ChronoTrace *want_trace, ChronoTrace *in_trace)
{
  guint i = chrono_spans_first_starting_at_or_after (spans, want->start);
  const char *want_label = want->label ? chrono_strings_get (chrono_trace_get_strings (want_trace), want->label) : "";
  for (guint n = chrono_spans_get_n (spans); i < n && chrono_spans_get_start (spans, i) == want->start; i++)
    {
      ChronoSpan s;
      ChronoExtent e;
      chrono_spans_get (spans, i, &s);
      const char *label = s.label ? chrono_strings_get (chrono_trace_get_strings (in_trace), s.label) : "";
      if (s.end != want->end || s.depth != want->depth || strcmp (label, want_label) != 0)
        continue;
      if (!extent
          || (chrono_spans_get_extent (spans, i, &e) && e.offset == want_extent->offset
              && e.amount == want_extent->amount))
        return TRUE;
    }
  return FALSE;
}

static guint
count_starting_in (ChronoSpans *spans, gint64 begin, gint64 end)
{
  if (spans == NULL)
    return 0;
  guint first = chrono_spans_first_starting_at_or_after (spans, begin);
  guint last = end == G_MAXINT64 ? chrono_spans_get_n (spans) : chrono_spans_first_starting_at_or_after (spans, end);
  return last - first;
}

/* A window holds, whole, every fragment of the full read that overlaps its
 * range of start times (the first from the beginning of time, the last to
 * its end), and no other. */
static void
check_etf_window_signal (ChronoLane *lane, ChronoLane *twin, gint64 begin, gint64 end, guint k)
{
  ChronoSignal *part = chrono_lane_get_signal (lane), *whole = chrono_lane_get_signal (twin);
  g_assert_nonnull (part);
  g_assert_nonnull (whole);
  guint found = 0;
  for (guint i = 0; i < chrono_signal_get_n (whole); i++)
    {
      const ChronoFragment *f = chrono_signal_get (whole, i);
      gboolean overlaps = (end == G_MAXINT64 || f->t0 < end) && (f->t1 > begin || (f->t1 == f->t0 && f->t0 >= begin));
      if (!overlaps)
        continue;
      g_assert_cmpuint (found, <, chrono_signal_get_n (part));
      const ChronoFragment *g = chrono_signal_get (part, found++);
      if (memcmp (f, g, sizeof *f) != 0)
        g_error ("window %u, %s: fragment %u is %" G_GINT64_FORMAT "..%" G_GINT64_FORMAT
                 ", the full read's %" G_GINT64_FORMAT "..%" G_GINT64_FORMAT,
                 k, chrono_lane_get_name (lane), found - 1, g->t0, g->t1, f->t0, f->t1);
    }
  g_assert_cmpuint (found, ==, chrono_signal_get_n (part));
  g_assert_cmpuint (found, >, 0);
}

/* A window holds as marks the full read's events at times in its range. */
static void
check_etf_window_events (ChronoLane *lane, ChronoLane *twin, gint64 begin, gint64 end, ChronoTrace *detail,
                         ChronoTrace *full, guint k)
{
  ChronoMarks *part = chrono_lane_get_marks (lane), *whole = chrono_lane_get_marks (twin);
  guint n = part ? chrono_marks_get_n (part) : 0, found = 0;
  for (guint i = 0; whole != NULL && i < chrono_marks_get_n (whole); i++)
    {
      ChronoMark want, got;
      chrono_marks_get (whole, i, &want);
      if (want.time < begin || (end != G_MAXINT64 && want.time >= end))
        continue;
      g_assert_cmpuint (found, <, n);
      chrono_marks_get (part, found++, &got);
      g_assert_cmpint (got.time, ==, want.time);
      g_assert_cmpstr (chrono_strings_get (chrono_trace_get_strings (detail), got.kind), ==,
                       chrono_strings_get (chrono_trace_get_strings (full), want.kind));
    }
  if (found != n)
    g_error ("window %u, %s: %u events, the full read has %u in its range", k, chrono_lane_get_name (lane), n, found);
}

/* Each lazily read signal has the full read's count of fragments, the
 * range of its values exactly, and a summary whose every slice holds the
 * values the full signal takes there. */
static void
check_etf_signals (ChronoTrace *full, ChronoTrace *lazy, GHashTable *full_lanes)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (lazy);
  guint signals = 0;
  gint64 begin = chrono_trace_get_begin (full), end = chrono_trace_get_end (full);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      if (chrono_lane_get_kind (lane) != CHRONO_LANE_SIGNAL)
        continue;
      g_autofree char *key = lane_key (lane);
      ChronoSignal *whole = chrono_lane_get_signal (g_hash_table_lookup (full_lanes, key));
      g_assert_nonnull (whole);
      g_assert_null (chrono_lane_get_signal (lane));
      ChronoSignalFigures figures;
      g_assert_true (chrono_lane_get_signal_figures (lane, &figures));
      g_assert_cmpuint (figures.fragments, ==, chrono_signal_get_n (whole));
      ChronoSummary *summary = chrono_lane_get_summary (lane);
      g_assert_nonnull (summary);
      double lo, hi, want_lo, want_hi;
      g_assert_true (chrono_signal_range (whole, G_MININT64, G_MAXINT64, &want_lo, &want_hi));
      g_assert_true (figures.has_range);
      g_assert_cmpfloat (figures.min, ==, want_lo);
      g_assert_cmpfloat (figures.max, ==, want_hi);
      /* the summary's own range holds it (it also has values at bucket edges, rounded) */
      g_assert_true (chrono_summary_get_value_range (summary, &lo, &hi));
      g_assert_cmpfloat (lo, <=, want_lo + 1e-9 * fabs (want_lo));
      g_assert_cmpfloat (hi, >=, want_hi - 1e-9 * fabs (want_hi));
      for (guint slice = 0; slice < 64; slice++)
        {
          gint64 b = begin + (gint64) ((double) (end - begin) * slice / 64),
                 e = begin + (gint64) ((double) (end - begin) * (slice + 1) / 64);
          ChronoSpanSummary totals;
          ChronoSummaryExtra extra;
          chrono_summary_query (summary, b, e, &totals, &extra);
          if (!chrono_signal_range (whole, b, MAX (b, e - 1), &want_lo, &want_hi))
            continue;
          g_assert_true (extra.have_values);
          /* buckets reach past the slice: their range holds the slice's, in float */
          g_assert_cmpfloat (extra.min_value, <=, (float) want_lo);
          g_assert_cmpfloat (extra.max_value, >=, (float) want_hi);
        }
      signals++;
    }
  g_assert_cmpuint (signals, >, 0);
}

static void
check_etf_window (ChronoTrace *full, ChronoTrace *lazy, GHashTable *full_lanes, guint k)
{
  g_autoptr (GError) error = NULL;
  ChronoTrace *detail = chrono_chunk_cache_decode (chrono_trace_get_chunk_cache (lazy), k, &error);
  g_assert_no_error (error);
  gint64 begin = chrono_trace_get_chunk (lazy, k)->first_time;
  gint64 end = k + 1 < chrono_trace_get_n_chunks (lazy) ? chrono_trace_get_chunk (lazy, k + 1)->first_time : G_MAXINT64;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (detail);
  guint64 claims = 0, marks = 0;
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoSpans *spans = chrono_lane_get_spans (lane);
      g_autofree char *key = lane_key (lane);
      ChronoLane *twin = g_hash_table_lookup (full_lanes, key);
      g_assert_nonnull (twin);
      if (chrono_lane_get_kind (lane) == CHRONO_LANE_SIGNAL)
        {
          check_etf_window_signal (lane, twin, k == 0 ? G_MININT64 : begin, end, k);
          continue;
        }
      if (chrono_lane_get_kind (lane) == CHRONO_LANE_EVENTS)
        {
          check_etf_window_events (lane, twin, k == 0 ? G_MININT64 : begin, end, detail, full, k);
          marks += chrono_marks_get_n (chrono_lane_get_marks (lane));
          continue;
        }
      guint n = spans ? chrono_spans_get_n (spans) : 0;
      g_assert_cmpuint (n, ==, count_starting_in (chrono_lane_get_spans (twin), begin, end));
      gboolean resource = chrono_lane_get_kind (lane) == CHRONO_LANE_RESOURCE;
      for (guint j = 0; j < n; j++)
        {
          ChronoSpan s;
          ChronoExtent e = { 0 };
          chrono_spans_get (spans, j, &s);
          if (resource)
            g_assert_true (chrono_spans_get_extent (spans, j, &e));
          if (!has_claim (chrono_lane_get_spans (twin), &s, &e, resource, detail, full))
            g_error ("window %u, %s: claim %" G_GINT64_FORMAT "..%" G_GINT64_FORMAT
                     " (sub-row %u, offset %g) is not the "
                     "full read's",
                     k, key, s.start, s.end, s.depth, e.offset);
        }
      if (resource)
        claims += n;
    }
  g_assert_cmpuint (claims + marks, <=, chrono_trace_get_n_events (detail));
}

/* Each resource's figures, counted in start order, are those of the full read's spans. */
static void
check_etf_figures (ChronoTrace *full, ChronoTrace *lazy)
{
  g_autoptr (GArray) a = chrono_resource_stats_compute (full);
  g_autoptr (GArray) b = chrono_resource_stats_compute (lazy);
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const ChronoResourceStats *x = &g_array_index (a, ChronoResourceStats, i);
      const ChronoResourceStats *y = &g_array_index (b, ChronoResourceStats, i);
      g_assert_cmpuint (x->claims, ==, y->claims);
      g_assert_cmpfloat (x->usage, ==, y->usage);
      g_assert_nonnull (y->concurrency);
      g_autoptr (GArray) histogram =
          chrono_resource_concurrency (x->lane, chrono_trace_get_begin (full), chrono_trace_get_end (full));
      g_assert_cmpuint (histogram->len, ==, y->concurrency->len);
      for (guint n = 0; n < histogram->len; n++)
        g_assert_cmpint (g_array_index (histogram, gint64, n), ==, g_array_index (y->concurrency, gint64, n));
    }
}

/* The summaries' sub-rows are as deep as the full read's. */
static void
check_etf_depths (ChronoTrace *full, ChronoTrace *lazy)
{
  g_autoptr (GHashTable) full_lanes = lanes_by_key (full);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (lazy);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      g_autofree char *key = lane_key (lane);
      ChronoSpans *spans = chrono_lane_get_spans (g_hash_table_lookup (full_lanes, key));
      if (chrono_lane_get_kind (lane) != CHRONO_LANE_ACTIVITY || spans == NULL || chrono_spans_get_n (spans) == 0)
        continue;
      guint16 depth = 0;
      for (guint s = 0; s < chrono_spans_get_n (spans); s++)
        {
          ChronoSpan span;
          chrono_spans_get (spans, s, &span);
          depth = MAX (depth, span.depth);
        }
      g_assert_cmpuint (chrono_summary_get_max_depth (chrono_lane_get_summary (lane)), ==, depth);
    }
}

static void
check_etf_read (const char *path, const char *chunk_size, guint min_windows)
{
  g_autoptr (ChronoTrace) full = load (path, "never", NULL);
  g_autoptr (ChronoTrace) lazy = load (path, "always", chunk_size);
  g_assert_true (chrono_trace_is_lazy (lazy));
  g_assert_cmpuint (chrono_trace_get_n_chunks (lazy), >=, min_windows);
  g_assert_cmpuint (chrono_trace_get_n_events (lazy), ==, chrono_trace_get_n_events (full));
  g_assert_cmpint (chrono_trace_get_begin (lazy), ==, chrono_trace_get_begin (full));
  g_assert_cmpint (chrono_trace_get_end (lazy), ==, chrono_trace_get_end (full));
  g_assert_cmpuint (chrono_warnings_get_total (chrono_trace_get_warnings (lazy)), ==,
                    chrono_warnings_get_total (chrono_trace_get_warnings (full)));
  check_links (full, lazy);
  check_summaries (full, lazy, 10);
  check_etf_depths (full, lazy);
  check_etf_figures (full, lazy);
  g_autoptr (GHashTable) full_lanes = lanes_by_key (full);
  check_etf_signals (full, lazy, full_lanes);
  guint n = chrono_trace_get_n_chunks (lazy);
  gboolean overlap = FALSE;
  for (guint k = 0; k < n; k++)
    {
      check_etf_window (full, lazy, full_lanes, k);
      overlap |=
          k + 1 < n && chrono_trace_get_chunk (lazy, k)->end_time > chrono_trace_get_chunk (lazy, k + 1)->first_time;
    }
  g_assert_true (overlap); /* claims run past their window's end: the windows overlap */
}

static char *
generate_etf (const char *dir, const char *name, const char *const *options)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, etf_generator);
  for (guint i = 0; options[i]; i++)
    g_ptr_array_add (argv, (gpointer) options[i]);
  g_ptr_array_add (argv, "-o");
  g_ptr_array_add (argv, path);
  g_ptr_array_add (argv, NULL);
  g_autoptr (GError) error = NULL;
  int status = 0;
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return path;
}

static void
test_etf (void)
{
  g_autofree char *dir = g_dir_make_tmp ("chrono-lazy-etf-XXXXXX", NULL);
  const char *end_order[] = { "--claims", "6000", "--seed", "3", NULL };
  const char *shuffled[] = { "--claims", "6000", "--shuffle", "3000", "--offsets", "--seed", "13", NULL };
  const char *nanoseconds[] = { "--claims", "4000", "--unit", "NANOSECONDS", "--seed", "9", NULL };
  const char *const *files[] = { end_order, shuffled, nanoseconds };
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *name = g_strdup_printf ("lazy-%u.etf", i);
      g_autofree char *path = generate_etf (dir, name, files[i]);
      g_test_message ("%s", path);
      check_etf_read (path, "8192", 20);
      /* the same, gzipped in two members: windows read from the access points */
      g_autofree char *text = NULL;
      gsize length = 0;
      g_assert_true (g_file_get_contents (path, &text, &length, NULL));
      g_autoptr (GByteArray) packed = g_byte_array_new ();
      append_member (packed, text, length / 3, 6, FALSE);
      append_member (packed, text + length / 3, length - length / 3, 6, TRUE);
      g_autofree char *gz = g_strconcat (path, ".gz", NULL);
      g_assert_true (g_file_set_contents (gz, (const char *) packed->data, packed->len, NULL));
      check_etf_read (gz, "8192", 20);
      g_unlink (gz);
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* The ids a lazy read keeps a first line for: those written more than
 * once, learnt in any order with the range growing both ways; sparse ids
 * and ids at the 64-bit edges give up (the read then keeps every id's). */
static void
test_etf_repeats (void)
{
  ChronoEtfRepeats repeats = { 0 };
  const gint64 ids[] = { 500, 501, 499, 100000, -3, 501, 0, 100000, 64, 63, -3 };
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    chrono_etf_repeats_note (&repeats, ids[i]);
  g_assert_false (repeats.given_up);
  const gint64 repeated[] = { 501, 100000, -3 },
               once[] = { 500, 499, 0, 64, 63, 1, -4, 100001, G_MAXINT64, G_MININT64 };
  for (guint i = 0; i < G_N_ELEMENTS (repeated); i++)
    g_assert_true (chrono_etf_repeats_has (&repeats, repeated[i]));
  for (guint i = 0; i < G_N_ELEMENTS (once); i++)
    g_assert_false (chrono_etf_repeats_has (&repeats, once[i]));
  chrono_etf_repeats_clear (&repeats);

  ChronoEtfRepeats sparse = { 0 };
  for (gint64 i = 0; i < 100 && !sparse.given_up; i++)
    chrono_etf_repeats_note (&sparse, i * G_GINT64_CONSTANT (1000000000));
  g_assert_true (sparse.given_up);
  chrono_etf_repeats_clear (&sparse);

  ChronoEtfRepeats edges = { 0 };
  chrono_etf_repeats_note (&edges, 0);
  chrono_etf_repeats_note (&edges, G_MAXINT64);
  g_assert_true (edges.given_up);
  chrono_etf_repeats_clear (&edges);
}

/* Claims that repeat an id early in a file of many blocks are placed while
 * later blocks are still being read: each is reported, as a whole read does. */
static void
test_etf_duplicates (void)
{
  g_autofree char *dir = g_dir_make_tmp ("chrono-lazy-etf-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "duplicates.etf", NULL);
  g_autoptr (GString) text = g_string_new ("TU SECONDS\nR 0 1 false ; name=Mill\n");
  for (guint i = 0; i < 3000; i++)
    {
      g_string_append_printf (text, "C %u %u %u.5 0 1 ; name=job%u\n", i, i, i, i % 7);
      if (i == 20 || i == 1500)
        g_string_append_printf (text, "C %u %u.25 %u.75 0 1 ; name=again\n", i / 2, i, i);
    }
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  g_autoptr (ChronoTrace) full = load (path, "never", NULL);
  g_autoptr (ChronoTrace) lazy = load (path, "always", "4096");
  g_assert_cmpuint (chrono_trace_get_n_chunks (lazy), >=, 20);
  ChronoWarnings *warnings = chrono_trace_get_warnings (lazy);
  g_assert_cmpuint (chrono_warnings_get_total (warnings), ==, 2);
  g_assert_cmpuint (chrono_warnings_get_total (warnings), ==,
                    chrono_warnings_get_total (chrono_trace_get_warnings (full)));
  g_assert_cmpuint (chrono_trace_get_n_events (lazy), ==, chrono_trace_get_n_events (full));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 3);
  generator = argv[1];
  etf_generator = argv[2];
  test_data = g_getenv ("CHRONO_TEST_DATA");
  g_autofree char *dir = g_dir_make_tmp ("chrono-lazy-XXXXXX", NULL);
  make_inputs (dir);
  g_test_add_func ("/lazy/plain", test_plain);
  g_test_add_func ("/lazy/gzip", test_gzip);
  g_test_add_func ("/lazy/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/lazy/summary-big-jump", test_summary_big_jump);
  g_test_add_func ("/lazy/summary-plan", test_summary_plan);
  g_test_add_func ("/lazy/many-entities-budget", test_many_entities_budget);
  g_test_add_func ("/lazy/empty-chunk-in-the-middle", test_empty_chunk_in_the_middle);
  g_test_add_func ("/lazy/deliveries", test_deliveries);
  g_test_add_func ("/lazy/decode-abandoned", test_decode_abandoned);
  g_test_add_func ("/lazy/activation-source-in-chunks", test_activation_source_in_chunks);
  g_test_add_func ("/lazy/same-runnable-inferred-twice", test_same_runnable_inferred_twice);
  g_test_add_func ("/lazy/visandor-fixtures", test_visandor_fixtures);
  g_test_add_func ("/lazy/visandor-agents-are-colour-labels", test_visandor_agents_are_colour_labels);
  g_test_add_func ("/lazy/visandor-parent-waits", test_visandor_parent_waits);
  g_test_add_func ("/lazy/otf2", test_otf2);
  g_test_add_func ("/lazy/etf", test_etf);
  g_test_add_func ("/lazy/etf-duplicates", test_etf_duplicates);
  g_test_add_func ("/lazy/etf-repeats", test_etf_repeats);
  g_test_add_func ("/lazy/cancelled-loads", test_cancelled_loads);
  int status = g_test_run ();
  g_unlink (plain_path);
  g_unlink (gzip_path);
  g_unlink (members_path);
  g_unlink (small_blocks_path);
  g_rmdir (dir);
  return status;
}
