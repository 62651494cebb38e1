/* test-lazy-windows.c — a new format whose items are not in file order gets
 * lazy reading as start-time windows by implementing ChronoLazyWindowsFormat.
 *
 * The toy format defined here has lines "START END" (an item) and "@ TIME"
 * (an instant), items written out of start order by up to a few blocks.
 * Items are placed in start order, then file order, each on the lowest row
 * free at its start, so an item's row depends on every item that started
 * before it: a window decodes right only from the rows saved when it began.
 * The windows decoded one by one must give every item of the whole read
 * once, on the whole read's row, and every instant once. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "chrono-lazy-windows.h"

typedef struct {
  gint64 start, end;
  guint64 line;
} ToyItem;

/* A line of text, NUL-terminated, with its number. */
typedef void (*ToyLineFunc) (gpointer data, const char *line, guint64 number);

static void
toy_lines (const char *text, gsize length, guint64 first_line, ToyLineFunc func, gpointer data)
{
  guint64 number = first_line;
  for (const char *p = text, *stop = text + length; p < stop; number++)
    {
      const char *newline = memchr (p, '\n', stop - p);
      const char *end = newline ? newline : stop;
      g_autofree char *line = g_strndup (p, end - p);
      func (data, line, number);
      p = end + 1;
    }
}

static gboolean
toy_parse (const char *line, guint64 number, ToyItem *item, gint64 *instant)
{
  if (line[0] == '@')
    {
      *instant = g_ascii_strtoll (line + 1, NULL, 10);
      return FALSE;
    }
  char *rest;
  item->start = g_ascii_strtoll (line, &rest, 10);
  item->end = g_ascii_strtoll (rest, NULL, 10);
  item->line = number;
  *instant = G_MININT64;
  return TRUE;
}

/* The lowest row free at the item's start, taken until its end. */
static guint
toy_place (GArray *row_ends, const ToyItem *item)
{
  guint row = 0;
  while (row < row_ends->len && g_array_index (row_ends, gint64, row) > item->start)
    row++;
  if (row == row_ends->len)
    g_array_set_size (row_ends, row + 1);
  g_array_index (row_ends, gint64, row) = item->end;
  return row;
}

static char *
toy_placed (const ToyItem *item, guint row)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT " row %u", item->start, item->end, row);
}

/* ---- the index ---------------------------------------------------------------- */

typedef struct {
  ChronoLazyWindows *windows;
  ChronoTrace *trace;
  guint64 line; /* the last one read by the index pass */
  guint64 n_items;
  GArray *instants; /* gint64, sorted in the end */
  ChronoWindowsBlock *block;
  GArray *row_ends; /* gint64: the start-order pass's rows */
  GPtrArray *saved; /* GArray of gint64 per window: row_ends when it began */
} ToyIndex;

static void
index_line (gpointer data, const char *line, guint64 number)
{
  ToyIndex *t = data;
  ToyItem item;
  gint64 instant;
  if (toy_parse (line, number, &item, &instant))
    {
      chrono_windows_times_add (&t->block->starts, item.start, item.start);
      chrono_trace_include_time (t->trace, item.start);
      chrono_trace_include_time (t->trace, item.end);
      t->n_items++;
    }
  else
    {
      chrono_windows_times_add (&t->block->reaches[0], instant, instant);
      chrono_trace_include_time (t->trace, instant);
      g_array_append_val (t->instants, instant);
    }
  t->line = number;
}

static gboolean
toy_index_block (gpointer reader, const ChronoTextBlock *text, ChronoWindowsBlock *block, GError **error)
{
  ToyIndex *t = reader;
  g_assert_cmpuint (block->first_line, ==, t->line + 1);
  t->block = block;
  toy_lines (text->text, text->length, block->first_line, index_line, t);
  return TRUE;
}

static gint64
toy_to_ticks (gpointer reader, double time)
{
  return (gint64) time;
}

static void
hold_line (gpointer data, const char *line, guint64 number)
{
  ToyIndex *t = data;
  ToyItem item;
  gint64 instant;
  if (toy_parse (line, number, &item, &instant))
    chrono_lazy_windows_hold (t->windows, item.start, &item);
}

static void
toy_consume (gpointer reader, const ChronoTextBlock *block)
{
  toy_lines (block->text, block->length, block->first_line, hold_line, reader);
}

static void
toy_item_times (gpointer reader, gconstpointer item, gint64 *start, gint64 *end)
{
  const ToyItem *toy = item;
  *start = toy->start;
  *end = toy->end;
}

static void
toy_begin_window (gpointer reader, gint64 begin)
{
  ToyIndex *t = reader;
  GArray *copy = g_array_copy (t->row_ends);
  g_ptr_array_add (t->saved, copy);
}

static void
toy_place_released (gpointer reader, gpointer item, gint64 start, gint64 end)
{
  ToyIndex *t = reader;
  toy_place (t->row_ends, item);
}

/* ---- decoding a window ------------------------------------------------------------ */

typedef struct {
  const ChronoWindowsRange *range;
  ChronoTrace *trace;
  GArray *items; /* ToyItem, in file order */
} ToyWindow;

static void
window_line (gpointer data, const char *line, guint64 number)
{
  ToyWindow *w = data;
  ToyItem item;
  gint64 instant;
  if (toy_parse (line, number, &item, &instant))
    {
      if (item.start >= w->range->begin && item.start < w->range->end)
        g_array_append_val (w->items, item);
    }
  else if (instant >= w->range->reach_begin && instant < w->range->end)
    {
      g_autofree char *key = g_strdup_printf ("instant line %" G_GUINT64_FORMAT, number);
      g_autofree char *value = g_strdup_printf ("%" G_GINT64_FORMAT, instant);
      chrono_trace_add_metadata (w->trace, key, value);
      chrono_trace_include_time (w->trace, instant);
    }
}

static void
window_block (gpointer data, const char *text, gsize length, guint64 first_line)
{
  toy_lines (text, length, first_line, window_line, data);
}

/* Start order, then file order (g_array_sort is not stable). */
static int
compare_items (gconstpointer a, gconstpointer b)
{
  const ToyItem *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return (x->line > y->line) - (x->line < y->line);
}

static gboolean
toy_decode (gconstpointer format_data, ChronoLazyWindows *windows, const ChronoWindowsRange *range, ChronoTrace *trace,
            GCancellable *cancellable, GError **error)
{
  const GPtrArray *saved = format_data;
  ToyWindow w = { range, trace, g_array_new (FALSE, FALSE, sizeof (ToyItem)) };
  gboolean ok = chrono_lazy_windows_read_blocks (windows, range, window_block, &w, cancellable, error);
  g_array_sort (w.items, compare_items);
  g_autoptr (GArray) row_ends = g_array_copy (g_ptr_array_index (saved, range->index));
  for (guint i = 0; i < w.items->len; i++)
    {
      const ToyItem *item = &g_array_index (w.items, ToyItem, i);
      g_autofree char *key = g_strdup_printf ("line %" G_GUINT64_FORMAT, item->line);
      g_autofree char *value = toy_placed (item, toy_place (row_ends, item));
      chrono_trace_add_metadata (trace, key, value);
      chrono_trace_include_time (trace, item->start);
    }
  g_array_unref (w.items);
  return ok;
}

static const ChronoLazyWindowsFormat toy_format = {
  .name = "toy",
  .item_size = sizeof (ToyItem),
  .index_block = toy_index_block,
  .to_ticks = toy_to_ticks,
  .consume = toy_consume,
  .item_times = toy_item_times,
  .begin_window = toy_begin_window,
  .place = toy_place_released,
  .decode = toy_decode,
};

/* ---- the trace ---------------------------------------------------------------------- */

/* Items of many lengths, whose starts jump back or ahead by up to 60 lines
 * (a few blocks) and often tie; an instant every 40 lines. */
static char *
toy_text (int n_items)
{
  GString *text = g_string_new ("");
  guint32 state = 4242;
  for (int i = 0; i < n_items; i++)
    {
      state = state * 1103515245u + 12345u;
      int jump = (int) ((state >> 8) % 121) - 60;
      gint64 start = 20 * ((10 * (i + jump) + 1000) / 20);
      g_string_append_printf (text, "%" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n", start, start + 5 + (i * 37) % 400);
      if (i % 40 == 0)
        g_string_append_printf (text, "@ %d\n", 10 * i + 1003);
    }
  return g_string_free (text, FALSE);
}

/* What a whole read places: every item, sorted, from no row taken. */
static GHashTable *
place_whole (const char *text, guint *n_instants)
{
  GHashTable *placed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GArray) items = g_array_new (FALSE, FALSE, sizeof (ToyItem));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  *n_instants = 0;
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      ToyItem item;
      gint64 instant;
      if (toy_parse (lines[i], i + 1, &item, &instant))
        g_array_append_val (items, item);
      else
        (*n_instants)++;
    }
  g_array_sort (items, compare_items);
  g_autoptr (GArray) row_ends = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; i < items->len; i++)
    {
      const ToyItem *item = &g_array_index (items, ToyItem, i);
      g_hash_table_insert (placed, g_strdup_printf ("line %" G_GUINT64_FORMAT, item->line),
                           toy_placed (item, toy_place (row_ends, item)));
    }
  return placed;
}

static int
compare_ticks (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return (x > y) - (x < y);
}

static char *
write_temp (const char *text)
{
  g_autofree char *dir = g_dir_make_tmp ("chrono-lazy-windows-XXXXXX", NULL);
  g_assert_nonnull (dir);
  char *path = g_build_filename (dir, "toy.txt", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
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
index_file (const char *path)
{
  ChronoTrace *trace = chrono_trace_new (path, "toy");
  chrono_trace_set_option (trace, "chunk-size", "256");
  ToyIndex t = { NULL,
                 trace,
                 0,
                 0,
                 g_array_new (FALSE, FALSE, sizeof (gint64)),
                 NULL,
                 g_array_new (FALSE, FALSE, sizeof (gint64)),
                 g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref) };
  g_autoptr (GError) error = NULL;
  t.windows = chrono_lazy_windows_new (trace, path, &toy_format, &t, &error);
  g_assert_no_error (error);
  g_assert_true (
      chrono_lazy_windows_index_pass (t.windows, NULL, chrono_trace_get_warnings (trace), NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (chrono_lazy_windows_order_pass (t.windows, t.n_items, NULL, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_array_sort (t.instants, compare_ticks);
  g_assert_true (
      chrono_lazy_windows_install (t.windows, trace, t.instants, t.saved, (GDestroyNotify) g_ptr_array_unref, &error));
  g_assert_no_error (error);
  g_object_unref (t.windows);
  g_array_unref (t.instants);
  g_array_unref (t.row_ends);
  return trace;
}

static void
test_windows (void)
{
  g_autofree char *text = toy_text (3000);
  g_autofree char *path = write_temp (text);
  guint n_instants;
  g_autoptr (GHashTable) whole = place_whole (text, &n_instants);
  g_autoptr (ChronoTrace) lazy = index_file (path);
  ChronoChunkCache *cache = chrono_trace_get_chunk_cache (lazy);
  g_assert_nonnull (cache);
  g_assert_true (chrono_chunk_cache_get_start_windows (cache));
  guint n = chrono_trace_get_n_chunks (lazy);
  g_assert_cmpuint (n, >, 20);
  guint64 n_events = 0;
  guint decoded_items = 0, decoded_instants = 0;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint k = 0; k < n; k++)
    {
      const ChronoChunk *chunk = chrono_trace_get_chunk (lazy, k);
      if (k > 0)
        g_assert_cmpint (chunk->first_time, >, chrono_trace_get_chunk (lazy, k - 1)->first_time);
      n_events += chunk->n_events;
      g_autoptr (GError) error = NULL;
      ChronoTrace *window = chrono_chunk_cache_decode (cache, k, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (chrono_trace_get_format (window), ==, "toy");
      g_assert_cmpuint (chrono_trace_get_n_metadata (window), ==, chunk->n_events);
      for (guint j = 0; j < chrono_trace_get_n_metadata (window); j++)
        {
          const ChronoMetadata *got = chrono_trace_get_metadata (window, j);
          g_assert_true (g_hash_table_add (seen, g_strdup (got->key))); /* in one window only */
          if (g_str_has_prefix (got->key, "instant"))
            decoded_instants++;
          else
            {
              g_assert_cmpstr (got->value, ==, g_hash_table_lookup (whole, got->key));
              decoded_items++;
            }
        }
    }
  g_assert_cmpuint (decoded_items, ==, g_hash_table_size (whole));
  g_assert_cmpuint (decoded_instants, ==, n_instants);
  g_assert_cmpuint (n_events, ==, decoded_items + decoded_instants);
  remove_temp (path);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lazy-windows/windows", test_windows);
  return g_test_run ();
}
