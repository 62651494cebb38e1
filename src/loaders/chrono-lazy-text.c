/* chrono-lazy-text.c — the driver of checkpointed chunks (chrono-lazy-text.h):
 * the index pass and the chunk decoder shared by the line-based text formats. */
#include "chrono-lazy-text.h"

#include <string.h>

#include "chrono-chunk-reader.h"

/* ---- blocks --------------------------------------------------------------- */

static ChronoTextBlock *
block_new (void)
{
  return g_new0 (ChronoTextBlock, 1);
}

static void
block_free (ChronoTextBlock *block)
{
  g_free (block->text);
  if (block->lines != NULL)
    g_array_unref (block->lines);
  if (block->bytes != NULL)
    g_byte_array_unref (block->bytes);
  g_free (block);
}

static guint64
count_lines (const char *text, gsize length)
{
  guint64 n = 0;
  for (const char *p = text, *stop = text + length; p < stop; n++)
    p = (const char *) memchr (p, '\n', stop + 1 - p) + 1; /* text[length] is a '\n' */
  return n;
}

/* Fills block (new or reused) with a copy of data, which split may cut up
 * in place (the input is mapped read-only), then splits it. */
static void
fill_block (ChronoTextBlock *block, ChronoTextSplitFunc split, gpointer split_data, const char *data, gsize length,
            guint64 offset, guint64 first_line)
{
  if (block->capacity < length + 1)
    {
      g_free (block->text);
      block->capacity = length + 1 + length / 8;
      block->text = g_malloc (block->capacity);
    }
  memcpy (block->text, data, length);
  block->text[length] = '\n';
  block->length = length;
  block->offset = offset;
  block->first_line = first_line;
  if (split != NULL)
    split (split_data, block);
  else
    block->n_lines = count_lines (block->text, length);
}

GArray *
chrono_text_block_reset_lines (ChronoTextBlock *block, guint element_size)
{
  if (block->lines == NULL)
    block->lines = g_array_new (FALSE, FALSE, element_size);
  g_array_set_size (block->lines, 0);
  return block->lines;
}

GByteArray *
chrono_text_block_reset_bytes (ChronoTextBlock *block)
{
  if (block->bytes == NULL)
    block->bytes = g_byte_array_new ();
  g_byte_array_set_size (block->bytes, 0);
  return block->bytes;
}

/* A format's split as a ChronoTextSplitFunc. */
static void
format_split (gpointer format, ChronoTextBlock *block)
{
  ((const ChronoLazyTextFormat *) format)->split (block);
}

/* A read pass's split: the format's split, then its digest of the block. */
typedef struct {
  const ChronoLazyTextFormat *format;
  gpointer reader;
} Digester;

static void
split_and_digest (gpointer data, ChronoTextBlock *block)
{
  Digester *d = data;
  d->format->split (block);
  d->format->digest (d->reader, block);
}

/* ---- reading: blocks prepared on one thread, consumed on the other ------ */

/* One block split while the other is consumed: a third made no read of
 * BTF or TRACE faster (VisAndOr's or-trees 3 %), and cost 10 MB of text and
 * parsed lines. */
#define BLOCKS_IN_FLIGHT 2
#define END_OF_BLOCKS GINT_TO_POINTER (1) /* a queue cannot carry NULL */
/* Below this a file is split and consumed on one thread: it takes a few
 * milliseconds, less than handing blocks between two threads would cost. */
#define SMALL_FILE (1u << 20)

typedef struct {
  ChronoInput *input;
  ChronoTextSplitFunc split;
  gpointer split_data;
  GCancellable *cancellable;
  GAsyncQueue *full; /* ChronoTextBlock*, then END_OF_BLOCKS */
  GAsyncQueue *free_blocks; /* the BLOCKS_IN_FLIGHT blocks go round between the two threads */
  GError *error; /* the input's */
  gboolean consume_failed;
  GError *consume_error; /* why consume stopped the read */
  gint stop; /* the consuming side gave up */
} Pipeline;

/* The next block of the input, split into block; *line is the first line
 * of the block after.  FALSE at the end or on an error (in p->error). */
static gboolean
read_block (Pipeline *p, ChronoTextBlock *block, guint64 *line)
{
  const char *text;
  gsize length;
  guint64 offset;
  if (!chrono_input_next_block (p->input, &text, &length, &offset, p->cancellable, &p->error))
    return FALSE;
  fill_block (block, p->split, p->split_data, text, length, offset, *line);
  block->compressed_offset = chrono_input_get_compressed_offset (p->input);
  *line += block->n_lines;
  return TRUE;
}

static gpointer
split_thread (gpointer data)
{
  Pipeline *p = data;
  guint64 line = 1;
  while (!g_atomic_int_get (&p->stop))
    {
      ChronoTextBlock *block = g_async_queue_pop (p->free_blocks);
      if (g_atomic_int_get (&p->stop) || !read_block (p, block, &line))
        {
          g_async_queue_push (p->free_blocks, block);
          break;
        }
      g_async_queue_push (p->full, block);
    }
  g_async_queue_push (p->full, END_OF_BLOCKS);
  return NULL;
}

typedef struct {
  GArray *chunks; /* ChronoChunk */
  gboolean have_time;
  gint64 latest; /* the latest event time of the chunks so far */
} ChunkList;

/* A chunk of the index per block: the format consumes its lines. */
static void
consume_block (ChunkList *list, const ChronoLazyTextFormat *format, gpointer reader, const ChronoTextBlock *block)
{
  ChronoChunk chunk = {
    .offset = block->offset,
    .length = block->length,
    .first_line = block->first_line,
    .first_time = G_MAXINT64,
    .last_time = G_MININT64,
    .end_time = G_MININT64,
  };
  format->consume (reader, block, &chunk);
  if (chunk.n_events == 0)
    {
      /* a stretch with no event (comments, a zero-filled hole) keeps chunk
       * starts in order, which the search by time relies on */
      chunk.first_time = chunk.last_time = list->have_time ? list->latest : G_MININT64;
    }
  else
    {
      list->latest = list->have_time ? MAX (list->latest, chunk.last_time) : chunk.last_time;
      list->have_time = TRUE;
    }
  g_array_append_val (list->chunks, chunk);
}

/* Where a chunk's time ends when the format did not say: a sorted trace's
 * state runs on to the next event, in the next chunk that has one. */
static void
add_chunks (ChronoTrace *trace, GArray *chunks)
{
  gint64 next_start = chrono_trace_get_end (trace);
  for (guint k = chunks->len; k-- > 0;)
    {
      ChronoChunk *chunk = &g_array_index (chunks, ChronoChunk, k);
      if (chunk->end_time == G_MININT64)
        chunk->end_time = next_start;
      if (chunk->n_events > 0)
        next_start = chunk->first_time;
    }
  for (guint k = 0; k < chunks->len; k++)
    chrono_trace_add_chunk (trace, &g_array_index (chunks, ChronoChunk, k));
}

/* The small file's way: each block split, then consumed, on this thread. */
static void
read_on_one_thread (Pipeline *p, ChronoTextConsumeFunc consume, gpointer data)
{
  ChronoTextBlock *block = block_new ();
  guint64 line = 1;
  while (read_block (p, block, &line))
    {
      p->consume_failed = !consume (data, block, &p->consume_error);
      if (p->consume_failed || g_cancellable_is_cancelled (p->cancellable))
        break;
    }
  block_free (block);
}

static void
read_on_two_threads (Pipeline *p, ChronoTextConsumeFunc consume, gpointer data)
{
  p->full = g_async_queue_new ();
  p->free_blocks = g_async_queue_new_full ((GDestroyNotify) block_free);
  for (int i = 0; i < BLOCKS_IN_FLIGHT; i++)
    g_async_queue_push (p->free_blocks, block_new ());
  GThread *splitter = g_thread_new ("text-split", split_thread, p);
  gboolean stopped = FALSE;
  for (gpointer item; (item = g_async_queue_pop (p->full)) != END_OF_BLOCKS;)
    {
      ChronoTextBlock *block = item;
      if (!stopped)
        {
          p->consume_failed = !consume (data, block, &p->consume_error);
          stopped = p->consume_failed || g_cancellable_is_cancelled (p->cancellable);
          if (stopped)
            g_atomic_int_set (&p->stop, 1);
        }
      g_async_queue_push (p->free_blocks, block);
    }
  g_thread_join (splitter);
  g_async_queue_unref (p->full);
  g_async_queue_unref (p->free_blocks);
}

gboolean
chrono_text_blocks_read (ChronoInput *input, ChronoTextSplitFunc split, gpointer split_data,
                         ChronoTextConsumeFunc consume, gpointer data, GCancellable *cancellable, GError **error)
{
  Pipeline p = { input, split, split_data, cancellable, NULL, NULL, NULL, FALSE, NULL, 0 };
  if (chrono_input_get_file_size (input) < SMALL_FILE)
    read_on_one_thread (&p, consume, data);
  else
    read_on_two_threads (&p, consume, data);
  if (p.consume_failed)
    {
      g_clear_error (&p.error);
      if (p.consume_error == NULL) /* a format's bug: never half a file taken for the whole */
        p.consume_error = g_error_new_literal (CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                                               "the read of the file stopped without a reason");
      g_propagate_error (error, p.consume_error);
      return FALSE;
    }
  GError *local_error = p.error;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      g_clear_error (&local_error);
      return FALSE;
    }
  if (local_error != NULL)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, "%s", local_error->message);
      g_error_free (local_error);
      return FALSE;
    }
  return TRUE;
}

typedef struct {
  ChunkList list;
  const ChronoLazyTextFormat *format;
  gpointer reader;
  ChronoInput *input;
  ChronoProgressFunc progress;
  gpointer progress_data;
} Consumer;

static gboolean
consume_and_report (gpointer data, const ChronoTextBlock *block, GError **error)
{
  Consumer *c = data;
  consume_block (&c->list, c->format, c->reader, block);
  if (c->progress)
    c->progress ((double) block->compressed_offset / MAX (chrono_input_get_file_size (c->input), 1), c->progress_data);
  return TRUE;
}

gboolean
chrono_lazy_text_read (ChronoTrace *trace, ChronoInput *input, const ChronoLazyTextFormat *format, gpointer reader,
                       ChronoProgressFunc progress, gpointer progress_data, GCancellable *cancellable, GError **error)
{
  g_autoptr (GArray) chunks = g_array_new (FALSE, FALSE, sizeof (ChronoChunk));
  Consumer c = { { chunks, FALSE, 0 }, format, reader, input, progress, progress_data };
  g_return_val_if_fail (format->digest == NULL || format->split != NULL, FALSE); /* a digest reads split lines */
  Digester digester = { format, reader };
  gboolean digest = format->split != NULL && format->digest != NULL;
  ChronoTextSplitFunc split = digest ? split_and_digest : format->split ? format_split : NULL;
  if (!chrono_text_blocks_read (input, split, digest ? (gpointer) &digester : (gpointer) format, consume_and_report, &c,
                                cancellable, error))
    return FALSE;
  chrono_input_add_warnings (input, chrono_trace_get_warnings (trace));
  if (format->end_read != NULL && !format->end_read (reader, chrono_input_is_truncated (input), error))
    return FALSE;
  add_chunks (trace, chunks);
  return TRUE;
}

/* ---- the decoder ---------------------------------------------------------- */

/* What decoding a chunk needs once the index pass is over; read-only, so
 * the worker thread can use it while the window draws. */
struct _ChronoLazyText {
  GObject parent_instance;
  const ChronoLazyTextFormat *format;
  ChronoChunkReader *reader;
  ChronoClock clock;
  GArray *chunks; /* ChronoChunk, a copy of the index's */
  gpointer chunks_data;
  GDestroyNotify free_chunks_data;
};

static void chrono_lazy_text_decoder_init (ChronoChunkDecoderInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ChronoLazyText, chrono_lazy_text, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CHRONO_TYPE_CHUNK_DECODER, chrono_lazy_text_decoder_init))

static void
chrono_lazy_text_finalize (GObject *object)
{
  ChronoLazyText *self = CHRONO_LAZY_TEXT (object);
  g_clear_pointer (&self->reader, chrono_chunk_reader_free);
  g_clear_pointer (&self->chunks, g_array_unref);
  if (self->free_chunks_data != NULL)
    self->free_chunks_data (self->chunks_data);
  G_OBJECT_CLASS (chrono_lazy_text_parent_class)->finalize (object);
}

static void
chrono_lazy_text_class_init (ChronoLazyTextClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chrono_lazy_text_finalize;
}

static void
chrono_lazy_text_init (ChronoLazyText *self)
{
  self->chunks = g_array_new (FALSE, FALSE, sizeof (ChronoChunk));
}

static gboolean
is_last_with_events (ChronoLazyText *self, guint index)
{
  for (guint k = index + 1; k < self->chunks->len; k++)
    if (g_array_index (self->chunks, ChronoChunk, k).n_events > 0)
      return FALSE;
  return TRUE;
}

static ChronoTrace *
chrono_lazy_text_decode (ChronoChunkDecoder *decoder, guint index, GCancellable *cancellable, GError **error)
{
  ChronoLazyText *self = CHRONO_LAZY_TEXT (decoder);
  g_return_val_if_fail (index < self->chunks->len, NULL);
  const ChronoChunk *chunk = &g_array_index (self->chunks, ChronoChunk, index);
  g_autoptr (GBytes) bytes = chrono_chunk_reader_read (self->reader, chunk->offset, chunk->length, cancellable, error);
  if (bytes == NULL)
    return NULL;
  ChronoTextBlock *block = block_new ();
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  fill_block (block, self->format->split ? format_split : NULL, (gpointer) self->format, data, length, chunk->offset,
              chunk->first_line);
  const char *path = chrono_chunk_reader_get_path (self->reader);
  g_autoptr (ChronoTrace) trace = chrono_trace_new (path, self->format->name);
  chrono_trace_set_clock (trace, &self->clock);
  gboolean ok =
      self->format->decode (self->chunks_data, index, is_last_with_events (self, index), chunk, block, trace, error);
  block_free (block);
  if (!ok)
    return NULL;
  chrono_trace_seal (trace);
  return g_steal_pointer (&trace);
}

static void
chrono_lazy_text_decoder_init (ChronoChunkDecoderInterface *iface)
{
  iface->decode = chrono_lazy_text_decode;
}

gboolean
chrono_lazy_text_read_file (ChronoTrace *trace, const char *path, const ChronoLazyTextFormat *format, gpointer reader,
                            ChronoProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                            GError **error)
{
  g_autoptr (ChronoInput) input = chrono_input_open_for_loader (path, error);
  return input != NULL
         && chrono_lazy_text_read (trace, input, format, reader, progress, progress_data, cancellable, error);
}

gboolean
chrono_lazy_text_index (ChronoTrace *trace, const char *path, const ChronoLazyTextFormat *format, gpointer reader,
                        gpointer chunks_data, GDestroyNotify free_chunks_data, ChronoProgressFunc progress,
                        gpointer progress_data, GCancellable *cancellable, GError **error)
{
  g_autoptr (ChronoLazyText) self = g_object_new (CHRONO_TYPE_LAZY_TEXT, NULL);
  self->format = format;
  self->chunks_data = chunks_data;
  self->free_chunks_data = free_chunks_data;
  self->reader = chrono_chunk_reader_new (path, error);
  if (self->reader == NULL)
    return FALSE;
  g_autoptr (ChronoInput) input = chrono_input_open_for_loader (path, error);
  if (input == NULL)
    return FALSE;
  const char *chunk_size = chrono_trace_get_option (trace, "chunk-size");
  gsize block_size = chunk_size ? (gsize) g_ascii_strtoull (chunk_size, NULL, 10) : 0;
  if (block_size > 0)
    chrono_input_set_block_size (input, block_size);
  /* the one inflate of the whole file leaves points to start a chunk's inflate at */
  chrono_input_keep_gzip_index (input);
  if (!chrono_lazy_text_read (trace, input, format, reader, progress, progress_data, cancellable, error))
    return FALSE;
  chrono_chunk_reader_set_gzip_index (self->reader, chrono_input_steal_gzip_index (input));
  if (!chrono_chunk_reader_check_read_whole (self->reader, error))
    return FALSE;
  self->clock = *chrono_trace_get_clock (trace);
  for (guint k = 0; k < chrono_trace_get_n_chunks (trace); k++)
    g_array_append_val (self->chunks, *chrono_trace_get_chunk (trace, k));
  g_autoptr (ChronoChunkCache) cache = chrono_chunk_cache_new (self->chunks->len, CHRONO_CHUNK_DECODER (self));
  chrono_trace_set_chunk_cache (trace, cache);
  return TRUE;
}
