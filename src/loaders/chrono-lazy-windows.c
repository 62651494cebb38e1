/* chrono-lazy-windows.c — the driver of start-time windows
 * (chrono-lazy-windows.h): the two passes over the blocks, the items held
 * until no later block can precede them, the windows' boundaries, the
 * chunks they become and the decoder of those chunks.  What an item is and
 * how it is placed is the format's. */
#include "chrono-lazy-windows.h"

#include <string.h>

#include "chrono-chunk-reader.h"

/* An item queued in order: its start as written and its place in the file,
 * then the format's item_size bytes. */
typedef struct {
  double start;
  guint64 seq;
} Held;

/* An item out of order: the heap moves these small entries, the item stays
 * in its slot. */
typedef struct {
  double start;
  guint64 seq;
  guint slot;
} HeapEntry;

typedef struct {
  gint64 begin; /* the window holds the items starting in [begin, the next window's begin) */
  GArray *blocks; /* guint: the blocks that hold such items, or reach its times, in file order */
  gint64 last_start, latest_end;
  guint64 n_items;
} Window;

struct _ChronoLazyWindows {
  GObject parent_instance;
  const ChronoLazyWindowsFormat *format;
  gpointer reader; /* the format's, until install */
  char *path;
  gsize block_size; /* the input's, when chunk-size asked for small blocks */
  ChronoChunkReader *chunk_reader;
  ChronoGzipIndex *gzip_index; /* where a block of a .gz can be inflated from, until install */
  GArray *blocks; /* ChronoWindowsBlock */
  GArray *windows; /* Window */
  /* the start-order pass: items waiting, in (start, seq) order between the
   * two: those that came in order queue in a FIFO (most files are written
   * in start order, and a queue costs nothing to keep), the others in a
   * min-heap */
  gsize held_size; /* sizeof (Held) and the item, rounded up */
  GArray *in_order; /* Held and item, from in_order_head on */
  guint in_order_head;
  GArray *heap; /* HeapEntry */
  GArray *slots; /* the items of the heap's entries, item_size bytes each */
  GArray *free_slots; /* guint */
  guint64 seq;
  double *later_first_start; /* per block: the smallest start in it and every later block */
  guint64 window_target, window_items;
  /* decoding */
  gpointer format_data;
  GDestroyNotify free_format_data;
  ChronoClock clock;
};

static void chrono_lazy_windows_decoder_init (ChronoChunkDecoderInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ChronoLazyWindows, chrono_lazy_windows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CHRONO_TYPE_CHUNK_DECODER, chrono_lazy_windows_decoder_init))

void
chrono_windows_times_add (ChronoWindowsTimes *times, double first, double last)
{
  times->first = MIN (times->first, first);
  times->last = MAX (times->last, last);
}

static void
order_clear (ChronoLazyWindows *self)
{
  g_clear_pointer (&self->in_order, g_array_unref);
  g_clear_pointer (&self->heap, g_array_unref);
  g_clear_pointer (&self->slots, g_array_unref);
  g_clear_pointer (&self->free_slots, g_array_unref);
  g_clear_pointer (&self->later_first_start, g_free);
}

static void
chrono_lazy_windows_finalize (GObject *object)
{
  ChronoLazyWindows *self = CHRONO_LAZY_WINDOWS (object);
  order_clear (self);
  for (guint w = 0; w < self->windows->len; w++)
    g_array_unref (g_array_index (self->windows, Window, w).blocks);
  g_array_unref (self->windows);
  g_array_unref (self->blocks);
  g_clear_pointer (&self->gzip_index, chrono_gzip_index_free);
  g_clear_pointer (&self->chunk_reader, chrono_chunk_reader_free);
  if (self->free_format_data != NULL && self->format_data != NULL)
    self->free_format_data (self->format_data);
  g_free (self->path);
  G_OBJECT_CLASS (chrono_lazy_windows_parent_class)->finalize (object);
}

static void
chrono_lazy_windows_class_init (ChronoLazyWindowsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chrono_lazy_windows_finalize;
}

static void
chrono_lazy_windows_init (ChronoLazyWindows *self)
{
  self->blocks = g_array_new (FALSE, FALSE, sizeof (ChronoWindowsBlock));
  self->windows = g_array_new (FALSE, FALSE, sizeof (Window));
}

ChronoLazyWindows *
chrono_lazy_windows_new (ChronoTrace *trace, const char *path, const ChronoLazyWindowsFormat *format, gpointer reader,
                         GError **error)
{
  ChronoChunkReader *chunk_reader = chrono_chunk_reader_new (path, error);
  if (chunk_reader == NULL)
    return NULL;
  ChronoLazyWindows *self = g_object_new (CHRONO_TYPE_LAZY_WINDOWS, NULL);
  self->format = format;
  self->reader = reader;
  self->path = g_strdup (path);
  self->chunk_reader = chunk_reader;
  const char *chunk_size = chrono_trace_get_option (trace, "chunk-size");
  self->block_size = chunk_size ? (gsize) g_ascii_strtoull (chunk_size, NULL, 10) : 0;
  return self;
}

/* ---- the index pass ------------------------------------------------------------- */

static ChronoInput *
open_input (ChronoLazyWindows *self, GError **error)
{
  ChronoInput *input = chrono_input_open_for_loader (self->path, error);
  if (input != NULL && self->block_size > 0)
    chrono_input_set_block_size (input, self->block_size);
  return input;
}

static const ChronoWindowsTimes NO_TIMES = { G_MAXDOUBLE, -G_MAXDOUBLE };

typedef struct {
  ChronoLazyWindows *self;
  ChronoInput *input;
  ChronoProgressFunc progress;
  gpointer progress_data;
} IndexPass;

static gboolean
index_block (gpointer data, const ChronoTextBlock *text, GError **error)
{
  IndexPass *x = data;
  ChronoLazyWindows *self = x->self;
  ChronoWindowsBlock block = {
    .offset = text->offset, .length = text->length, .first_line = text->first_line, .starts = NO_TIMES
  };
  for (guint k = 0; k < CHRONO_WINDOWS_N_REACHES; k++)
    block.reaches[k] = NO_TIMES;
  if (!self->format->index_block (self->reader, text, &block, error))
    return FALSE;
  g_array_append_val (self->blocks, block);
  if (x->progress)
    x->progress (0.5 * text->compressed_offset / MAX (chrono_input_get_file_size (x->input), 1), x->progress_data);
  return TRUE;
}

gboolean
chrono_lazy_windows_index_pass (ChronoLazyWindows *self, gpointer split_data, ChronoWarnings *warnings,
                                ChronoProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                                GError **error)
{
  g_autoptr (ChronoInput) input = open_input (self, error);
  if (input == NULL)
    return FALSE;
  chrono_input_keep_gzip_index (input);
  IndexPass x = { self, input, progress, progress_data };
  if (!chrono_text_blocks_read (input, self->format->index_split, split_data, index_block, &x, cancellable, error))
    return FALSE;
  chrono_input_add_warnings (input, warnings);
  self->gzip_index = chrono_input_steal_gzip_index (input);
  return TRUE;
}

double
chrono_lazy_windows_get_first_time (ChronoLazyWindows *self)
{
  double first = G_MAXDOUBLE;
  for (guint b = 0; b < self->blocks->len; b++)
    {
      const ChronoWindowsBlock *block = &g_array_index (self->blocks, ChronoWindowsBlock, b);
      first = MIN (first, block->starts.first);
      for (guint k = 0; k < CHRONO_WINDOWS_N_REACHES; k++)
        first = MIN (first, block->reaches[k].first);
    }
  return first;
}

/* ---- the start-order pass: the items held --------------------------------------- */

static Held *
held_at (ChronoLazyWindows *self, guint i)
{
  return (Held *) (self->in_order->data + (gsize) i * self->held_size);
}

static gboolean
precedes (double start_a, guint64 seq_a, double start_b, guint64 seq_b)
{
  return start_a < start_b || (start_a == start_b && seq_a < seq_b);
}

static gboolean
entry_precedes (const HeapEntry *a, const HeapEntry *b)
{
  return precedes (a->start, a->seq, b->start, b->seq);
}

static void
heap_push (GArray *heap, const HeapEntry *entry)
{
  g_array_set_size (heap, heap->len + 1);
  HeapEntry *h = (HeapEntry *) heap->data;
  h[heap->len - 1] = *entry;
  for (guint i = heap->len - 1; i > 0;)
    {
      guint parent = (i - 1) / 2;
      if (!entry_precedes (&h[i], &h[parent]))
        break;
      HeapEntry t = h[i];
      h[i] = h[parent];
      h[parent] = t;
      i = parent;
    }
}

static HeapEntry
heap_pop (GArray *heap)
{
  HeapEntry *h = (HeapEntry *) heap->data;
  HeapEntry top = h[0];
  h[0] = h[heap->len - 1];
  g_array_set_size (heap, heap->len - 1);
  for (guint i = 0, n = heap->len;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;
      if (l < n && entry_precedes (&h[l], &h[m]))
        m = l;
      if (r < n && entry_precedes (&h[r], &h[m]))
        m = r;
      if (m == i)
        break;
      HeapEntry t = h[i];
      h[i] = h[m];
      h[m] = t;
      i = m;
    }
  return top;
}

static gpointer
slot_at (ChronoLazyWindows *self, guint slot)
{
  return self->slots->data + (gsize) slot * self->format->item_size;
}

void
chrono_lazy_windows_hold (ChronoLazyWindows *self, double start, gconstpointer item)
{
  guint queued = self->in_order->len - self->in_order_head;
  guint64 seq = self->seq++;
  if (queued == 0 || held_at (self, self->in_order->len - 1)->start <= start)
    {
      /* seq grows: the queue stays in (start, seq) order */
      g_array_set_size (self->in_order, self->in_order->len + 1);
      Held *held = held_at (self, self->in_order->len - 1);
      held->start = start;
      held->seq = seq;
      memcpy (held + 1, item, self->format->item_size);
      return;
    }
  guint slot;
  if (self->free_slots->len > 0)
    {
      slot = g_array_index (self->free_slots, guint, self->free_slots->len - 1);
      g_array_set_size (self->free_slots, self->free_slots->len - 1);
    }
  else
    {
      slot = self->slots->len;
      g_array_set_size (self->slots, slot + 1);
    }
  memcpy (slot_at (self, slot), item, self->format->item_size);
  HeapEntry entry = { start, seq, slot };
  heap_push (self->heap, &entry);
}

/* ---- windows -------------------------------------------------------------------- */

static void
begin_window (ChronoLazyWindows *self, gint64 begin)
{
  self->format->begin_window (self->reader, begin);
  Window window = { begin, g_array_new (FALSE, FALSE, sizeof (guint)), G_MININT64, G_MININT64, 0 };
  g_array_append_val (self->windows, window);
  self->window_items = 0;
}

/* A window ends between two different starts, so that a window's items
 * are exactly those whose start lies in its range. */
static void
window_step (ChronoLazyWindows *self, gint64 start, gint64 end)
{
  Window *window = self->windows->len ? &g_array_index (self->windows, Window, self->windows->len - 1) : NULL;
  if (window == NULL || (self->window_items >= self->window_target && start > window->last_start))
    {
      begin_window (self, start);
      window = &g_array_index (self->windows, Window, self->windows->len - 1);
    }
  window->last_start = start;
  window->latest_end = MAX (window->latest_end, end);
  window->n_items++;
  self->window_items++;
}

void
chrono_lazy_windows_ensure_window (ChronoLazyWindows *self, gint64 begin)
{
  if (self->windows->len > 0)
    return;
  begin_window (self, begin);
  Window *window = &g_array_index (self->windows, Window, 0);
  window->last_start = window->latest_end = begin;
}

guint
chrono_lazy_windows_get_n_windows (ChronoLazyWindows *self)
{
  return self->windows->len;
}

static void
release (ChronoLazyWindows *self, gpointer item)
{
  gint64 start, end;
  self->format->item_times (self->reader, item, &start, &end);
  window_step (self, start, end);
  self->format->place (self->reader, item, start, end);
}

/* The items no later block can precede (an equal start later in the file comes after). */
static void
release_up_to (ChronoLazyWindows *self, double start)
{
  for (;;)
    {
      Held *queued = self->in_order_head < self->in_order->len ? held_at (self, self->in_order_head) : NULL;
      HeapEntry *heaped = self->heap->len > 0 ? &g_array_index (self->heap, HeapEntry, 0) : NULL;
      gboolean from_heap =
          heaped != NULL && (queued == NULL || precedes (heaped->start, heaped->seq, queued->start, queued->seq));
      if (from_heap ? heaped->start > start : queued == NULL || queued->start > start)
        break;
      /* the item is placed where it is held: placing holds nothing new */
      if (from_heap)
        {
          HeapEntry top = heap_pop (self->heap);
          if (self->heap->len > 0) /* the next top's item is cold by now: fetched while this one is placed */
            __builtin_prefetch (slot_at (self, g_array_index (self->heap, HeapEntry, 0).slot));
          release (self, slot_at (self, top.slot));
          g_array_append_val (self->free_slots, top.slot);
        }
      else
        {
          self->in_order_head++;
          release (self, queued + 1);
        }
    }
  /* the queue's released front goes once it is most of the array */
  if (self->in_order_head > 4096 && self->in_order_head * 2 > self->in_order->len)
    {
      g_array_remove_range (self->in_order, 0, self->in_order_head);
      self->in_order_head = 0;
    }
}

static void
order_setup (ChronoLazyWindows *self, guint64 n_items)
{
  GArray *blocks = self->blocks;
  self->later_first_start = g_new (double, blocks->len + 1);
  self->later_first_start[blocks->len] = G_MAXDOUBLE;
  double smallest = G_MAXDOUBLE;
  for (guint b = blocks->len; b-- > 0;)
    {
      smallest = MIN (smallest, g_array_index (blocks, ChronoWindowsBlock, b).starts.first);
      self->later_first_start[b] = smallest;
    }
  self->held_size = (sizeof (Held) + self->format->item_size + 7) & ~(gsize) 7;
  self->in_order = g_array_new (FALSE, FALSE, self->held_size);
  self->heap = g_array_new (FALSE, FALSE, sizeof (HeapEntry));
  self->slots = g_array_new (FALSE, FALSE, self->format->item_size);
  self->free_slots = g_array_new (FALSE, FALSE, sizeof (guint));
  self->window_target = MAX (n_items / MAX (blocks->len, 1), 1);
}

typedef struct {
  ChronoLazyWindows *self;
  guint block; /* the next one */
  ChronoInput *input;
  ChronoProgressFunc progress;
  gpointer progress_data;
} OrderPass;

/* A block's items join those held, then every item no later block can precede is placed. */
static gboolean
order_block (gpointer data, const ChronoTextBlock *block, GError **error)
{
  OrderPass *o = data;
  ChronoLazyWindows *self = o->self;
  self->format->consume (self->reader, block);
  o->block = MIN (o->block + 1, self->blocks->len);
  release_up_to (self, self->later_first_start[o->block]);
  if (o->progress)
    o->progress (0.5 + 0.5 * block->compressed_offset / MAX (chrono_input_get_file_size (o->input), 1),
                 o->progress_data);
  return TRUE;
}

gboolean
chrono_lazy_windows_order_pass (ChronoLazyWindows *self, guint64 n_items, gpointer split_data,
                                ChronoProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                                GError **error)
{
  order_setup (self, n_items);
  g_autoptr (ChronoInput) input = open_input (self, error);
  if (input == NULL)
    return FALSE;
  OrderPass o = { self, 0, input, progress, progress_data };
  if (!chrono_text_blocks_read (input, self->format->split, split_data, order_block, &o, cancellable, error))
    return FALSE;
  release_up_to (self, G_MAXDOUBLE);
  return TRUE;
}

/* ---- the windows as chunks --------------------------------------------------------- */

/* The instants of each window (those at times in its range, the first's
 * from the beginning of time): times and window begins are both sorted. */
static guint64 *
count_window_instants (ChronoLazyWindows *self, GArray *instants)
{
  GArray *windows = self->windows;
  guint64 *counts = g_new0 (guint64, MAX (windows->len, 1));
  guint w = 0;
  for (guint i = 0; instants != NULL && i < instants->len; i++)
    {
      gint64 time = g_array_index (instants, gint64, i);
      while (w + 1 < windows->len && g_array_index (windows, Window, w + 1).begin <= time)
        w++;
      counts[w]++;
    }
  return counts;
}

static gint64
window_end (ChronoLazyWindows *self, guint w)
{
  return w + 1 < self->windows->len ? g_array_index (self->windows, Window, w + 1).begin : G_MAXINT64;
}

static gboolean
times_meet (ChronoLazyWindows *self, const ChronoWindowsTimes *times, gint64 begin, gint64 end)
{
  return times->first <= times->last && self->format->to_ticks (self->reader, times->first) < end
         && self->format->to_ticks (self->reader, times->last) >= begin;
}

/* Each window reads the blocks where items starting in it were written,
 * and those whose reaches meet its times. */
static void
add_chunks (ChronoLazyWindows *self, ChronoTrace *trace, GArray *instants)
{
  g_autofree guint64 *window_instants = count_window_instants (self, instants);
  for (guint w = 0; w < self->windows->len; w++)
    {
      Window *window = &g_array_index (self->windows, Window, w);
      gint64 end = window_end (self, w);
      gint64 reach_begin = w == 0 ? G_MININT64 : window->begin;
      for (guint b = 0; b < self->blocks->len; b++)
        {
          const ChronoWindowsBlock *block = &g_array_index (self->blocks, ChronoWindowsBlock, b);
          gboolean meets = times_meet (self, &block->starts, window->begin, end);
          for (guint k = 0; k < CHRONO_WINDOWS_N_REACHES; k++)
            meets = meets || times_meet (self, &block->reaches[k], reach_begin, end);
          if (meets)
            g_array_append_val (window->blocks, b);
        }
      const ChronoWindowsBlock *first = NULL, *last = NULL;
      if (window->blocks->len > 0)
        {
          first = &g_array_index (self->blocks, ChronoWindowsBlock, g_array_index (window->blocks, guint, 0));
          last = &g_array_index (self->blocks, ChronoWindowsBlock,
                                 g_array_index (window->blocks, guint, window->blocks->len - 1));
        }
      ChronoChunk chunk = {
        .offset = first ? first->offset : 0,
        .length = first ? last->offset + last->length - first->offset : 0,
        .first_line = first ? first->first_line : 1,
        .first_time = window->begin,
        .last_time = window->last_start,
        /* at least to the next window: its reaches are drawn there */
        .end_time = MAX (MAX (window->latest_end, window->last_start), end == G_MAXINT64 ? G_MININT64 : end),
        .n_events = window->n_items + window_instants[w],
      };
      chrono_trace_add_chunk (trace, &chunk);
    }
}

gboolean
chrono_lazy_windows_install (ChronoLazyWindows *self, ChronoTrace *trace, GArray *instants, gpointer format_data,
                             GDestroyNotify free_format_data, GError **error)
{
  self->format_data = format_data;
  self->free_format_data = free_format_data;
  order_clear (self);
  if (!chrono_chunk_reader_check_read_whole (self->chunk_reader, error))
    return FALSE;
  chrono_chunk_reader_set_gzip_index (self->chunk_reader, g_steal_pointer (&self->gzip_index));
  add_chunks (self, trace, instants);
  self->reader = NULL; /* the format's reader is gone once the index is built */
  self->clock = *chrono_trace_get_clock (trace);
  g_autoptr (ChronoChunkCache) cache = chrono_chunk_cache_new (self->windows->len, CHRONO_CHUNK_DECODER (self));
  chrono_chunk_cache_set_start_windows (cache, TRUE);
  chrono_trace_set_chunk_cache (trace, cache);
  return TRUE;
}

/* ---- decoding a window ------------------------------------------------------------- */

gboolean
chrono_lazy_windows_read_blocks (ChronoLazyWindows *self, const ChronoWindowsRange *range, ChronoWindowsBlockFunc func,
                                 gpointer data, GCancellable *cancellable, GError **error)
{
  const Window *window = &g_array_index (self->windows, Window, range->index);
  for (guint i = 0; i < window->blocks->len; i++)
    {
      const ChronoWindowsBlock *block =
          &g_array_index (self->blocks, ChronoWindowsBlock, g_array_index (window->blocks, guint, i));
      g_autoptr (GBytes) bytes =
          chrono_chunk_reader_read (self->chunk_reader, block->offset, block->length, cancellable, error);
      if (bytes == NULL)
        return FALSE;
      gsize length;
      const char *text = g_bytes_get_data (bytes, &length);
      func (data, text, length, block->first_line);
    }
  return TRUE;
}

static ChronoTrace *
chrono_lazy_windows_decode (ChronoChunkDecoder *decoder, guint index, GCancellable *cancellable, GError **error)
{
  ChronoLazyWindows *self = CHRONO_LAZY_WINDOWS (decoder);
  g_return_val_if_fail (index < self->windows->len, NULL);
  gint64 begin = g_array_index (self->windows, Window, index).begin;
  ChronoWindowsRange range = { index, begin, window_end (self, index), index == 0 ? G_MININT64 : begin, &self->clock };
  g_autoptr (ChronoTrace) trace =
      chrono_trace_new (chrono_chunk_reader_get_path (self->chunk_reader), self->format->name);
  if (!self->format->decode (self->format_data, self, &range, trace, cancellable, error))
    return NULL;
  chrono_trace_seal (trace);
  return g_steal_pointer (&trace);
}

static void
chrono_lazy_windows_decoder_init (ChronoChunkDecoderInterface *iface)
{
  iface->decode = chrono_lazy_windows_decode;
}
