/* test-lazy-text.c — a new text format gets lazy reading by implementing two
 * functions of ChronoLazyTextFormat: consume and decode.
 *
 * The toy format defined here has lines "TIME VALUE" and "#" comments; each
 * event records the running sum of the values so far, so a chunk decodes
 * right only from the checkpoint (the sum) saved before it.  Every chunk
 * decoded on its own must give what the whole read gives for its lines. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "chrono-lazy-text.h"

typedef struct {
  ChronoTrace *trace;
  gint64 sum;
  GArray *checkpoints; /* gint64, the sum before each chunk; NULL: not an index pass */
  gboolean detail; /* record each event (a whole read, a decoded chunk) */
  gboolean unsorted; /* lines in any order of time: each chunk's time ends at its own latest event */
} ToyReader;

static void
toy_consume (gpointer data, const ChronoTextBlock *block, ChronoChunk *chunk)
{
  ToyReader *r = data;
  if (r->checkpoints != NULL)
    g_array_append_val (r->checkpoints, r->sum);
  guint64 line = block->first_line;
  for (char *p = block->text, *stop = p + block->length; p < stop; line++)
    {
      char *newline = memchr (p, '\n', stop + 1 - p);
      *newline = '\0';
      if (*p != '#' && *p != '\0')
        {
          char *rest;
          gint64 time = g_ascii_strtoll (p, &rest, 10);
          r->sum += g_ascii_strtoll (rest, NULL, 10);
          chunk->n_events++;
          chunk->first_time = MIN (chunk->first_time, time);
          chunk->last_time = MAX (chunk->last_time, time);
          if (r->unsorted)
            chunk->end_time = MAX (chunk->end_time, time + 1);
          chrono_trace_include_time (r->trace, time);
          if (r->detail)
            {
              g_autofree char *key = g_strdup_printf ("line %" G_GUINT64_FORMAT, line);
              g_autofree char *value = g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT, time, r->sum);
              chrono_trace_add_metadata (r->trace, key, value);
            }
        }
      p = newline + 1;
    }
}

static gboolean
toy_decode (gconstpointer data, guint index, gboolean last, const ChronoChunk *chunk, const ChronoTextBlock *block,
            ChronoTrace *trace, GError **error)
{
  const GArray *checkpoints = data;
  ToyReader r = { trace, g_array_index (checkpoints, gint64, index), NULL, TRUE, FALSE };
  ChronoChunk counts = *chunk;
  toy_consume (&r, block, &counts);
  return TRUE;
}

static const ChronoLazyTextFormat toy_format = {
  .name = "toy",
  .consume = toy_consume,
  .decode = toy_decode,
};

static char *
toy_text (int n_events)
{
  GString *text = g_string_new ("# a toy trace\n");
  for (int i = 0; i < n_events; i++)
    {
      g_string_append_printf (text, "%d %d\n", 1000 + i * 7, (i * 37) % 11 - 5);
      if (i % 50 == 0)
        g_string_append (text, "# a comment between events\n");
    }
  return g_string_free (text, FALSE);
}

static char *
write_temp (const char *text, gboolean gzip)
{
  g_autofree char *dir = g_dir_make_tmp ("chrono-lazy-text-XXXXXX", NULL);
  g_assert_nonnull (dir);
  char *path = g_build_filename (dir, gzip ? "toy.txt.gz" : "toy.txt", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = g_bytes_new_static (text, strlen (text));
  if (gzip)
    {
      g_autoptr (GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1);
      g_autoptr (GInputStream) plain = g_memory_input_stream_new_from_bytes (bytes);
      g_autoptr (GInputStream) in = g_converter_input_stream_new (plain, G_CONVERTER (compressor));
      g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
      g_output_stream_splice (out, in, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, &error);
      g_assert_no_error (error);
      g_bytes_unref (bytes);
      bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
    }
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  g_assert_true (g_file_set_contents (path, data, length, NULL));
  return path;
}

static void
remove_temp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static ChronoTrace *
read_whole (const char *path)
{
  ChronoTrace *trace = chrono_trace_new (path, "toy");
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoInput) input = chrono_input_open_for_loader (path, &error);
  g_assert_no_error (error);
  ToyReader r = { trace, 0, NULL, TRUE, FALSE };
  g_assert_true (chrono_lazy_text_read (trace, input, &toy_format, &r, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  return trace;
}

static ChronoTrace *
index_file_with (const char *path, gboolean unsorted)
{
  ChronoTrace *trace = chrono_trace_new (path, "toy");
  chrono_trace_set_option (trace, "chunk-size", "256");
  GArray *checkpoints = g_array_new (FALSE, FALSE, sizeof (gint64));
  ToyReader r = { trace, 0, checkpoints, FALSE, unsorted };
  g_autoptr (GError) error = NULL;
  g_assert_true (chrono_lazy_text_index (trace, path, &toy_format, &r, checkpoints, (GDestroyNotify) g_array_unref,
                                         NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  return trace;
}

static ChronoTrace *
index_file (const char *path)
{
  return index_file_with (path, FALSE);
}

/* The index: chunks follow each other in bytes and lines, and each one's
 * time ends where the next one with events starts. */
static void
check_index (ChronoTrace *lazy, const char *text)
{
  guint n = chrono_trace_get_n_chunks (lazy);
  g_assert_cmpuint (n, >, 5);
  g_assert_nonnull (chrono_trace_get_chunk_cache (lazy));
  g_assert_false (chrono_chunk_cache_get_start_windows (chrono_trace_get_chunk_cache (lazy))); /* checkpointed chunks */
  g_assert_cmpuint (chrono_trace_get_n_metadata (lazy), ==, 0); /* the index pass recorded no detail */
  guint64 offset = 0, line = 1;
  for (guint k = 0; k < n; k++)
    {
      const ChronoChunk *chunk = chrono_trace_get_chunk (lazy, k);
      g_assert_cmpuint (chunk->offset, ==, offset);
      g_assert_cmpuint (chunk->first_line, ==, line);
      g_assert_cmpuint (chunk->n_events, >, 0);
      for (guint64 i = chunk->offset; i < chunk->offset + chunk->length; i++)
        line += text[i] == '\n';
      offset += chunk->length;
      gint64 end = k + 1 < n ? chrono_trace_get_chunk (lazy, k + 1)->first_time : chrono_trace_get_end (lazy);
      g_assert_cmpint (chrono_trace_get_chunk_end (lazy, k), ==, end);
      g_assert_cmpint (chunk->last_time, <=, end);
      g_assert_cmpuint (chrono_trace_find_chunk (lazy, chunk->first_time), ==, k);
    }
  g_assert_cmpuint (offset, ==, strlen (text));
}

/* Each chunk decoded from its checkpoint holds exactly the whole read's
 * events of its lines, with the right running sums. */
static void
check_chunks (ChronoTrace *lazy, ChronoTrace *whole)
{
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (lazy);
  guint next = 0;
  for (guint k = chrono_trace_get_n_chunks (lazy); k-- > 0;)
    {
      g_autoptr (GError) error = NULL;
      ChronoTrace *detail = chrono_chunk_cache_decode (cache, k, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (chrono_trace_get_format (detail), ==, "toy");
      g_assert_cmpuint (chrono_trace_get_n_metadata (detail), ==, chrono_trace_get_chunk (lazy, k)->n_events);
      next += chrono_trace_get_n_metadata (detail);
    }
  g_assert_cmpuint (next, ==, chrono_trace_get_n_metadata (whole));
  guint i = 0;
  for (guint k = 0; k < chrono_trace_get_n_chunks (lazy); k++)
    {
      g_autoptr (GError) error = NULL;
      ChronoTrace *detail = chrono_chunk_cache_decode (cache, k, &error);
      g_assert_no_error (error);
      for (guint j = 0; j < chrono_trace_get_n_metadata (detail); j++, i++)
        {
          const ChronoMetadata *got = chrono_trace_get_metadata (detail, j);
          const ChronoMetadata *want = chrono_trace_get_metadata (whole, i);
          g_assert_cmpstr (got->key, ==, want->key);
          g_assert_cmpstr (got->value, ==, want->value);
        }
    }
}

static void
check_format (gboolean gzip)
{
  /* a gzip stream is inflated 64 KiB at a time: a chunk is at least that */
  g_autofree char *text = toy_text (gzip ? 50000 : 300);
  g_autofree char *path = write_temp (text, gzip);
  g_autoptr (ChronoTrace) whole = read_whole (path);
  g_autoptr (ChronoTrace) lazy = index_file (path);
  g_assert_cmpint (chrono_trace_get_begin (lazy), ==, chrono_trace_get_begin (whole));
  g_assert_cmpint (chrono_trace_get_end (lazy), ==, chrono_trace_get_end (whole));
  check_index (lazy, text);
  check_chunks (lazy, whole);
  remove_temp (path);
}

static void
test_plain (void)
{
  check_format (FALSE);
}

static void
test_gzip (void)
{
  check_format (TRUE);
}

/* A chunk of a file that changed after its index pass is refused. */
static void
test_changed_file (void)
{
  g_autofree char *text = toy_text (300);
  g_autofree char *path = write_temp (text, FALSE);
  g_autoptr (ChronoTrace) lazy = index_file (path);
  g_autofree char *longer = g_strconcat (text, "99999 1\n", NULL);
  g_assert_true (g_file_set_contents (path, longer, -1, NULL));
  g_autoptr (GError) error = NULL;
  g_assert_null (chrono_chunk_cache_decode (chrono_trace_get_chunk_cache (lazy), 1, &error));
  g_assert_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO);
  remove_temp (path);
}

/* Lines far out of time order: each jumps back or ahead by up to a quarter
 * of the trace, so the chunks' spans overlap their neighbours' and more. */
static char *
unsorted_toy_text (int n_events)
{
  GString *text = g_string_new ("# an unsorted toy trace\n");
  guint32 state = 12345;
  for (int i = 0; i < n_events; i++)
    {
      state = state * 1103515245u + 12345u;
      int jump = (int) ((state >> 8) % (guint32) (n_events / 2)) - n_events / 4;
      g_string_append_printf (text, "%d %d\n", 10 * MAX (i + jump, 0), i % 7);
    }
  return g_string_free (text, FALSE);
}

/* Every event of the whole read at a time in [begin, end] is in a chunk
 * chrono_trace_find_chunks gives for that range, and every chunk it gives
 * overlaps the range; a sorted search by chunk starts misses most of them. */
static void
test_overlapping_chunks (void)
{
  g_autofree char *text = unsorted_toy_text (2000);
  g_autofree char *path = write_temp (text, FALSE);
  g_autoptr (ChronoTrace) lazy = index_file_with (path, TRUE);
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (lazy);
  guint n = chrono_trace_get_n_chunks (lazy);
  g_assert_cmpuint (n, >, 20);
  /* which chunk holds each event, by its time */
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray) owners = g_array_new (FALSE, FALSE, sizeof (guint));
  guint overlapping = 0;
  for (guint k = 0; k < n; k++)
    {
      g_autoptr (GError) error = NULL;
      ChronoTrace *detail = chrono_chunk_cache_decode (cache, k, &error);
      g_assert_no_error (error);
      for (guint j = 0; j < chrono_trace_get_n_metadata (detail); j++)
        {
          gint64 time = g_ascii_strtoll (chrono_trace_get_metadata (detail, j)->value, NULL, 10);
          g_array_append_val (times, time);
          g_array_append_val (owners, k);
        }
      gint64 b, e, b1, e1;
      chrono_trace_get_chunk_span (lazy, k, &b, &e);
      if (k + 1 < n)
        {
          chrono_trace_get_chunk_span (lazy, k + 1, &b1, &e1);
          overlapping += b1 < e;
        }
    }
  g_assert_cmpuint (overlapping, >, n / 2);
  for (gint64 begin = -5; begin < 21000; begin += 137)
    for (gint64 width = 0; width < 3000; width += 997)
      {
        gint64 end = begin + width;
        g_autoptr (GArray) found = chrono_trace_find_chunks (lazy, begin, end);
        g_autofree gboolean *in = g_new0 (gboolean, n);
        for (guint i = 0; i < found->len; i++)
          {
            guint k = g_array_index (found, guint, i);
            g_assert_true (i == 0 || k > g_array_index (found, guint, i - 1));
            in[k] = TRUE;
            gint64 b, e;
            chrono_trace_get_chunk_span (lazy, k, &b, &e);
            g_assert_true (b <= end && (e > begin || b == e));
          }
        for (guint i = 0; i < times->len; i++)
          {
            gint64 time = g_array_index (times, gint64, i);
            if (time >= begin && time <= end)
              g_assert_true (in[g_array_index (owners, guint, i)]);
          }
      }
  remove_temp (path);
}

typedef struct {
  GArray *delivered; /* guint */
} Deliveries;

static void
on_chunk_decoded (ChronoChunkCache *cache, guint chunk, Deliveries *d)
{
  g_array_append_val (d->delivered, chunk);
}

/* A request for chunks that are not a run (those overlapping a range of an
 * unsorted file) decodes exactly them; a newer one voids what is queued. */
static void
test_request_set (void)
{
  g_autofree char *text = toy_text (300);
  g_autofree char *path = write_temp (text, FALSE);
  g_autoptr (ChronoTrace) lazy = index_file (path);
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (lazy);
  g_assert_cmpuint (chrono_trace_get_n_chunks (lazy), >, 6);
  Deliveries d = { g_array_new (FALSE, FALSE, sizeof (guint)) };
  g_signal_connect (cache, "chunk-decoded", G_CALLBACK (on_chunk_decoded), &d);
  const guint wanted[] = { 5, 1, 3 };
  g_assert_false (chrono_chunk_cache_request_set (cache, wanted, G_N_ELEMENTS (wanted)));
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (d.delivered->len < G_N_ELEMENTS (wanted) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (d.delivered->len, ==, G_N_ELEMENTS (wanted));
  for (guint k = 0; k < chrono_trace_get_n_chunks (lazy); k++)
    g_assert_true ((chrono_chunk_cache_peek (cache, k) != NULL) == (k == 1 || k == 3 || k == 5));
  g_assert_true (chrono_chunk_cache_request_set (cache, wanted, G_N_ELEMENTS (wanted)));
  g_signal_handlers_disconnect_by_data (cache, &d);
  g_array_unref (d.delivered);
  remove_temp (path);
}

/* ---- a format with a split and a digest ---------------------------------- */

/* What the digest saw, on the reading thread: blocks in file order. */
typedef struct {
  ToyReader toy;
  guint64 next_line; /* the first line of the block the digest expects next */
  guint64 events;
  guint blocks;
} DigestReader;

/* The split keeps nothing but the count of lines, as the driver would. */
static void
count_split (ChronoTextBlock *block)
{
  block->n_lines = 0;
  for (const char *p = block->text, *stop = p + block->length; p < stop; block->n_lines++)
    p = (const char *) memchr (p, '\n', stop + 1 - p) + 1;
}

static void
count_digest (gpointer data, ChronoTextBlock *block)
{
  DigestReader *r = data;
  g_assert_cmpuint (block->first_line, ==, r->next_line); /* in file order, none left out */
  r->next_line += block->n_lines;
  r->blocks++;
  for (const char *p = block->text, *stop = p + block->length; p < stop;)
    {
      if (*p != '#' && *p != '\n')
        r->events++;
      p = (const char *) memchr (p, '\n', stop + 1 - p) + 1;
    }
}

static const ChronoLazyTextFormat digest_format = {
  .name = "toy",
  .split = count_split,
  .digest = count_digest,
  .consume = toy_consume,
  .decode = toy_decode,
};

/* A read pass hands every block to the digest once, in order, on one
 * thread or two (a file past a mebibyte); decoding a chunk never does. */
static void
test_digest (void)
{
  for (int n_events = 300; n_events <= 200000; n_events *= 666)
    {
      g_autofree char *text = toy_text (n_events);
      g_autofree char *path = write_temp (text, FALSE);
      g_autoptr (ChronoTrace) trace = chrono_trace_new (path, "toy");
      chrono_trace_set_option (trace, "chunk-size", "4096");
      GArray *checkpoints = g_array_new (FALSE, FALSE, sizeof (gint64));
      DigestReader r = { { trace, 0, checkpoints, FALSE, FALSE }, 1, 0, 0 };
      g_autoptr (GError) error = NULL;
      g_assert_true (chrono_lazy_text_index (trace, path, &digest_format, &r, checkpoints,
                                             (GDestroyNotify) g_array_unref, NULL, NULL, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (r.events, ==, n_events);
      g_assert_cmpuint (r.blocks, ==, chrono_trace_get_n_chunks (trace));
      /* counted by hand: g_strsplit's strstr is quadratic under AddressSanitizer */
      guint64 newlines = 0;
      for (const char *p = text; *p != '\0'; p++)
        newlines += *p == '\n';
      g_assert_cmpuint (r.next_line, ==, newlines + 1);
      ChronoTrace *chunk =
          chrono_chunk_cache_decode (chrono_trace_get_chunk_cache (trace), 0, &error); /* the cache's */
      g_assert_no_error (error);
      g_assert_nonnull (chunk);
      g_assert_cmpuint (r.blocks, ==, chrono_trace_get_n_chunks (trace)); /* no digest of a decoded chunk */
      remove_temp (path);
    }
}

/* A block may be longer than a line may be (64 MiB): blocks of 68 MiB
 * cut a 72 MiB file of short lines in two, not "a line longer than 64 MiB"
 * because the first read ended inside a line. */
static void
test_blocks_longer_than_a_line_may_be (void)
{
  const gsize size = ((gsize) 72 << 20) - 2; /* its last byte a newline */
  char *text = g_malloc (size + 1);
  for (gsize i = 0; i < size; i++)
    text[i] = i % 10 == 9 ? '\n' : 'a';
  text[size] = '\0';
  g_autofree char *path = write_temp (text, FALSE);
  g_free (text);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoInput) input = chrono_input_open_for_loader (path, &error);
  g_assert_no_error (error);
  chrono_input_set_block_size (input, ((gsize) 68 << 20) + 3); /* ends inside a line */
  const char *data;
  gsize length, total = 0;
  guint64 offset;
  guint blocks = 0;
  while (chrono_input_next_block (input, &data, &length, &offset, NULL, &error))
    {
      g_assert_cmpuint (offset, ==, total);
      g_assert_cmpint (data[length - 1], ==, '\n');
      total += length;
      blocks++;
    }
  g_assert_no_error (error);
  g_assert_cmpuint (total, ==, size);
  g_assert_cmpuint (blocks, ==, 2);
  remove_temp (path);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lazy-text/plain", test_plain);
  g_test_add_func ("/lazy-text/gzip", test_gzip);
  g_test_add_func ("/lazy-text/changed-file", test_changed_file);
  g_test_add_func ("/lazy-text/overlapping-chunks", test_overlapping_chunks);
  g_test_add_func ("/lazy-text/request-set", test_request_set);
  g_test_add_func ("/lazy-text/digest", test_digest);
  g_test_add_func ("/lazy-text/blocks-longer-than-a-line-may-be", test_blocks_longer_than_a_line_may_be);
  return g_test_run ();
}
