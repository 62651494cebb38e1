/* chrono-chunk-cache.c — LRU of decoded chunks, filled by one worker thread.
 *
 * One worker, not one per core: on two cores the other one draws.  The LRU
 * and the lookup tables are touched only in the owner's thread; the worker
 * sees nothing but the decoder and the "still wanted" marks, under a lock.
 * A request stamps the chunks it wants with a new generation, so replacing
 * one costs the chunks asked for, not the chunks of the file.  A queued
 * chunk no longer wanted is skipped, and the one being decoded is
 * abandoned through its own cancellable (inflating a .gz up to a chunk is
 * the long part, and it stops there). */
#include "chrono-chunk-cache.h"

#include "chrono-trace.h"

#define DEFAULT_BUDGET (256u * 1024 * 1024)

typedef struct {
  guint chunk;
  ChronoTrace *trace;
  GHashTable *lanes; /* lane key -> ChronoLane* of trace */
  gsize size;
} Entry;

struct _ChronoChunkCache {
  GObject parent_instance;
  guint n_chunks;
  ChronoChunkDecoder *decoder;
  gsize budget, used;
  GQueue lru; /* Entry*, most recent first */
  GHashTable *entries; /* chunk -> GList link in lru */
  GHashTable *queued; /* chunks handed to the worker */
  GThreadPool *worker;
  GMainContext *owner;
  GCancellable *cancellable;
  GMutex lock;
  guint32 *wanted; /* per chunk, under lock: wanted when it is the generation of the last request */
  guint32 generation;
  guint running_chunk; /* under lock: the chunk the worker decodes, when running_cancel is set */
  GCancellable *running_cancel;
  gsize decoded_total; /* sizes of every chunk decoded so far, for the capacity estimate */
  guint decoded_count;
  gboolean start_windows; /* chunks are windows of start times, not pieces of the file */
};

enum { SIGNAL_CHUNK_DECODED, SIGNAL_DECODE_FAILED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoChunkCache, chrono_chunk_cache, G_TYPE_OBJECT)

static void
entry_free (Entry *entry)
{
  g_object_unref (entry->trace);
  g_hash_table_unref (entry->lanes);
  g_free (entry);
}

static void
chrono_chunk_cache_finalize (GObject *object)
{
  ChronoChunkCache *self = CHRONO_CHUNK_CACHE (object);
  /* every queued job holds a reference, so none is left: the pool is idle */
  g_cancellable_cancel (self->cancellable);
  g_thread_pool_free (self->worker, TRUE, TRUE);
  g_queue_clear_full (&self->lru, (GDestroyNotify) entry_free);
  g_hash_table_unref (self->entries);
  g_hash_table_unref (self->queued);
  g_object_unref (self->cancellable);
  g_main_context_unref (self->owner);
  g_mutex_clear (&self->lock);
  g_free (self->wanted);
  g_object_unref (self->decoder);
  G_OBJECT_CLASS (chrono_chunk_cache_parent_class)->finalize (object);
}

static void
chrono_chunk_cache_class_init (ChronoChunkCacheClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chrono_chunk_cache_finalize;
  signals[SIGNAL_CHUNK_DECODED] = g_signal_new ("chunk-decoded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                                NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_DECODE_FAILED] = g_signal_new ("decode-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                                NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
chrono_chunk_cache_init (ChronoChunkCache *self)
{
  self->budget = DEFAULT_BUDGET;
  self->entries = g_hash_table_new (g_direct_hash, g_direct_equal);
  self->queued = g_hash_table_new (g_direct_hash, g_direct_equal);
  self->cancellable = g_cancellable_new ();
  g_mutex_init (&self->lock);
  g_queue_init (&self->lru);
}

/* ---- lanes by key ----------------------------------------------------- */

static GHashTable *
index_lanes (ChronoTrace *trace)
{
  GHashTable *lanes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) all = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < all->len; i++)
    g_hash_table_insert (lanes, chrono_lane_dup_key (g_ptr_array_index (all, i)), g_ptr_array_index (all, i));
  return lanes;
}

/* ---- the LRU ------------------------------------------------------------ */

static void
evict_over_budget (ChronoChunkCache *self)
{
  /* the newest entry always stays, even when it alone is over the budget */
  while (self->used > self->budget && self->lru.length > 1)
    {
      Entry *oldest = g_queue_pop_tail (&self->lru);
      g_hash_table_remove (self->entries, GUINT_TO_POINTER (oldest->chunk));
      self->used -= oldest->size;
      entry_free (oldest);
    }
}

static void
insert (ChronoChunkCache *self, guint chunk, ChronoTrace *trace)
{
  if (g_hash_table_contains (self->entries, GUINT_TO_POINTER (chunk)))
    {
      g_object_unref (trace);
      return;
    }
  Entry *entry = g_new0 (Entry, 1);
  entry->chunk = chunk;
  entry->trace = trace;
  entry->lanes = index_lanes (trace);
  entry->size = chrono_trace_get_memory_size (trace);
  self->used += entry->size;
  self->decoded_total += entry->size;
  self->decoded_count++;
  g_queue_push_head (&self->lru, entry);
  g_hash_table_insert (self->entries, GUINT_TO_POINTER (chunk), self->lru.head);
  evict_over_budget (self);
}

static Entry *
lookup (ChronoChunkCache *self, guint chunk)
{
  GList *link = g_hash_table_lookup (self->entries, GUINT_TO_POINTER (chunk));
  if (link == NULL)
    return NULL;
  g_queue_unlink (&self->lru, link);
  g_queue_push_head_link (&self->lru, link);
  return link->data;
}

/* ---- the worker --------------------------------------------------------- */

static gboolean
is_wanted (ChronoChunkCache *self, guint chunk)
{
  g_mutex_lock (&self->lock);
  gboolean wanted = self->wanted[chunk] == self->generation;
  g_mutex_unlock (&self->lock);
  return wanted;
}

typedef struct {
  ChronoChunkCache *cache;
  guint chunk;
  ChronoTrace *trace; /* NULL: failed or no longer wanted */
  char *error;
} Result;

static gboolean
deliver (gpointer data)
{
  Result *result = data;
  ChronoChunkCache *self = result->cache;
  g_hash_table_remove (self->queued, GUINT_TO_POINTER (result->chunk));
  gboolean wanted_again = result->trace == NULL && result->error == NULL && is_wanted (self, result->chunk);
  if (wanted_again)
    {
      /* skipped while it was not wanted, asked for again meanwhile: that request found it queued */
      g_hash_table_add (self->queued, GUINT_TO_POINTER (result->chunk));
      g_object_ref (self);
      g_thread_pool_push (self->worker, GUINT_TO_POINTER (result->chunk + 1), NULL);
    }
  if (result->trace != NULL)
    {
      insert (self, result->chunk, result->trace);
      g_signal_emit (self, signals[SIGNAL_CHUNK_DECODED], 0, result->chunk);
    }
  else if (result->error != NULL)
    g_signal_emit (self, signals[SIGNAL_DECODE_FAILED], 0, result->error);
  g_free (result->error);
  g_object_unref (self);
  g_free (result);
  return G_SOURCE_REMOVE;
}

static void
decode_job (gpointer data, gpointer user_data)
{
  ChronoChunkCache *self = user_data;
  guint chunk = GPOINTER_TO_UINT (data) - 1;
  Result *result = g_new0 (Result, 1);
  result->cache = self; /* the reference taken when the job was queued, dropped on delivery */
  result->chunk = chunk;
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_mutex_lock (&self->lock);
  gboolean wanted = self->wanted[chunk] == self->generation; /* and from now on cancelled when it is not */
  if (wanted)
    {
      self->running_chunk = chunk;
      self->running_cancel = cancel;
    }
  g_mutex_unlock (&self->lock);
  if (wanted && !g_cancellable_is_cancelled (self->cancellable))
    {
      GError *error = NULL;
      result->trace = chrono_chunk_decoder_decode (self->decoder, chunk, cancel, &error);
      if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        result->error = g_strdup (error->message);
      g_clear_error (&error);
    }
  g_mutex_lock (&self->lock);
  self->running_cancel = NULL;
  g_mutex_unlock (&self->lock);
  /* never g_main_context_invoke: it runs deliver right here when nobody
   * holds the owner's context, and the LRU belongs to the owner's thread */
  GSource *source = g_idle_source_new ();
  g_source_set_callback (source, deliver, result, NULL);
  g_source_attach (source, self->owner);
  g_source_unref (source);
}

ChronoChunkCache *
chrono_chunk_cache_new (guint n_chunks, ChronoChunkDecoder *decoder)
{
  ChronoChunkCache *self = g_object_new (CHRONO_TYPE_CHUNK_CACHE, NULL);
  self->n_chunks = n_chunks;
  self->wanted = g_new0 (guint32, MAX (n_chunks, 1));
  self->generation = 1;
  self->decoder = g_object_ref (decoder);
  self->owner = g_main_context_ref_thread_default ();
  self->worker = g_thread_pool_new (decode_job, self, 1, FALSE, NULL);
  return self;
}

guint
chrono_chunk_cache_get_n_chunks (ChronoChunkCache *self)
{
  return self->n_chunks;
}

void
chrono_chunk_cache_set_start_windows (ChronoChunkCache *self, gboolean start_windows)
{
  g_return_if_fail (CHRONO_IS_CHUNK_CACHE (self));
  self->start_windows = start_windows;
}

gboolean
chrono_chunk_cache_get_start_windows (ChronoChunkCache *self)
{
  g_return_val_if_fail (CHRONO_IS_CHUNK_CACHE (self), FALSE);
  return self->start_windows;
}

void
chrono_chunk_cache_set_budget (ChronoChunkCache *self, gsize bytes)
{
  self->budget = bytes;
  evict_over_budget (self);
}

gsize
chrono_chunk_cache_get_budget (ChronoChunkCache *self)
{
  return self->budget;
}

gsize
chrono_chunk_cache_get_memory_size (ChronoChunkCache *self)
{
  return self->used;
}

guint
chrono_chunk_cache_get_capacity (ChronoChunkCache *self)
{
  /* before any chunk is decoded, assume a chunk decodes to 4x its 4 MiB */
  gsize per_chunk = self->decoded_count ? self->decoded_total / self->decoded_count : 16u * 1024 * 1024;
  return (guint) MAX (self->budget / MAX (per_chunk, 1), 1);
}

ChronoTrace *
chrono_chunk_cache_peek (ChronoChunkCache *self, guint chunk)
{
  Entry *entry = lookup (self, chunk);
  return entry ? entry->trace : NULL;
}

ChronoLane *
chrono_chunk_cache_find_lane (ChronoChunkCache *self, guint chunk, ChronoLane *index_lane)
{
  Entry *entry = lookup (self, chunk);
  if (entry == NULL)
    return NULL;
  g_autofree char *key = chrono_lane_dup_key (index_lane);
  ChronoLane *lane = g_hash_table_lookup (entry->lanes, key);
  /* decoded before the index lane switched its reading, it switches now */
  if (lane != NULL)
    chrono_lane_follow_reading (lane, index_lane);
  return lane;
}

gboolean
chrono_chunk_cache_request (ChronoChunkCache *self, guint first, guint last)
{
  g_autoptr (GArray) chunks = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint chunk = first; chunk <= last && chunk < self->n_chunks; chunk++)
    g_array_append_val (chunks, chunk);
  return chrono_chunk_cache_request_set (self, (const guint *) chunks->data, chunks->len);
}

gboolean
chrono_chunk_cache_request_set (ChronoChunkCache *self, const guint *chunks, guint n)
{
  g_mutex_lock (&self->lock);
  self->generation++;
  for (guint i = 0; i < n; i++)
    if (chunks[i] < self->n_chunks)
      self->wanted[chunks[i]] = self->generation;
  if (self->running_cancel != NULL && self->wanted[self->running_chunk] != self->generation)
    g_cancellable_cancel (self->running_cancel); /* zoomed away from it */
  g_mutex_unlock (&self->lock);
  gboolean all = TRUE;
  for (guint i = 0; i < n; i++)
    {
      guint chunk = chunks[i];
      if (chunk >= self->n_chunks)
        continue;
      if (g_hash_table_contains (self->entries, GUINT_TO_POINTER (chunk)))
        {
          lookup (self, chunk); /* wanted again: the most recent */
          continue;
        }
      all = FALSE;
      if (g_hash_table_contains (self->queued, GUINT_TO_POINTER (chunk)))
        continue;
      g_hash_table_add (self->queued, GUINT_TO_POINTER (chunk));
      /* a queued job keeps the cache alive: it is never finalized under a running decode */
      g_object_ref (self);
      g_thread_pool_push (self->worker, GUINT_TO_POINTER (chunk + 1), NULL);
    }
  return all;
}

ChronoTrace *
chrono_chunk_cache_decode (ChronoChunkCache *self, guint chunk, GError **error)
{
  g_return_val_if_fail (chunk < self->n_chunks, NULL);
  Entry *entry = lookup (self, chunk);
  if (entry != NULL)
    return entry->trace;
  ChronoTrace *trace = chrono_chunk_decoder_decode (self->decoder, chunk, self->cancellable, error);
  if (trace == NULL)
    return NULL;
  insert (self, chunk, trace);
  return trace;
}
