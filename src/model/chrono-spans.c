/* chrono-spans.c — columnar interval store.
 *
 * After sealing, spans are sorted by start (stably, so spans of equal start
 * keep file order) and two helper columns exist:
 *  - block_max_end[b]: the largest end among the spans up to the last of
 *    block b (BLOCK spans a block), which is monotonic and so lets a binary
 *    search, then a walk through one block, find the first span that can
 *    overlap a time even when spans overlap (concurrent instances, nested
 *    calls); a value a block, not a span, as it was once (8 bytes a span
 *    were a fifth of an OTF2 archive's memory);
 *  - block totals: per block of BLOCK spans the time per state, so that the
 *    summary of a range costs O(log n + BLOCK + blocks), not O(spans).
 */
#include "chrono-spans.h"

#include "chrono-clock.h"

#include <string.h>

#define BLOCK 64

typedef struct {
  gint64 start, end;
  guint16 depth;
} DeepRun;

/* A column whose values have all been one so far keeps that value alone:
 * most lanes' spans share their state, flags, depth, label, instance or
 * attribute set, and a trace of many lanes with few spans each (an agent
 * per worker, a process per pid) would otherwise pay six arrays a lane. */
typedef struct {
  GArray *values; /* NULL while every value is `uniform` */
  guint32 uniform;
  guint8 size; /* bytes a value: 1, 2 or 4, as wide as the largest needs */
} Column;

struct _ChronoSpans {
  GArray *start, *end;
  Column state, flags, depth, label, instance, attrs;
  GArray *extent; /* ChronoExtent, or NULL while no span has one */
  GArray *block_max_end; /* gint64 a block */
  /* Ticks a block spends in each state its spans have: a lane has few of
   * the CHRONO_N_STATES (one for most), and zeros for the others were a
   * quarter of an OTF2 archive's memory. */
  GArray *block_time; /* guint64[n_blocks * n_block_states] */
  guint8 n_block_states;
  guint8 block_states[CHRONO_N_STATES]; /* the states of block_time's columns */
  GArray *deep; /* DeepRun, in time order: where spans below the first sub-row are */
  guint16 max_depth;
  gboolean sealed;
};

static guint32
column_get (const Column *column, guint i)
{
  if (column->values == NULL)
    return column->uniform;
  switch (column->size)
    {
    case 1: return g_array_index (column->values, guint8, i);
    case 2: return g_array_index (column->values, guint16, i);
    default: return g_array_index (column->values, guint32, i);
    }
}

static void
column_put (Column *column, guint i, guint32 value)
{
  switch (column->size)
    {
    case 1: g_array_index (column->values, guint8, i) = (guint8) value; break;
    case 2: g_array_index (column->values, guint16, i) = (guint16) value; break;
    default: g_array_index (column->values, guint32, i) = value;
    }
}

static guint8
width_of (guint32 value)
{
  return value <= G_MAXUINT8 ? 1 : value <= G_MAXUINT16 ? 2 : 4;
}

/* Gives the column an array of its n values, all still `uniform`, each as
 * wide as value needs too. */
static void
column_spread (Column *column, guint n, guint32 value)
{
  column->size = MAX (width_of (column->uniform), width_of (value));
  column->values = g_array_sized_new (FALSE, FALSE, column->size, n + 1);
  g_array_set_size (column->values, n);
  for (guint i = 0; i < n; i++)
    column_put (column, i, column->uniform);
}

/* Makes the column's values wide enough for value: labels and instances are
 * mostly below 256 or 65,536, and a byte or two a span instead of four is
 * most of a big lane's columns. */
static void
column_widen_for (Column *column, guint32 value)
{
  guint8 size = width_of (value);
  if (size <= column->size)
    return;
  guint n = column->values->len;
  Column wider = { g_array_sized_new (FALSE, FALSE, size, n + 1), column->uniform, size };
  g_array_set_size (wider.values, n);
  for (guint i = 0; i < n; i++)
    column_put (&wider, i, column_get (column, i));
  g_array_unref (column->values);
  *column = wider;
}

/* Appends the value of span n (n values before it). */
static void
column_append (Column *column, guint n, guint32 value)
{
  if (column->values == NULL && (n == 0 || value == column->uniform))
    {
      column->uniform = value;
      return;
    }
  if (column->values == NULL)
    column_spread (column, n, value);
  else
    column_widen_for (column, value);
  g_array_set_size (column->values, n + 1);
  column_put (column, n, value);
}

static void
column_set (Column *column, guint n, guint i, guint32 value)
{
  if (column->values == NULL && value == column->uniform)
    return;
  if (column->values == NULL)
    column_spread (column, n, value);
  else
    column_widen_for (column, value);
  column_put (column, i, value);
}

static void
column_clear (Column *column)
{
  g_clear_pointer (&column->values, g_array_unref);
}

ChronoSpans *
chrono_spans_new (void)
{
  ChronoSpans *spans = g_new0 (ChronoSpans, 1);
  spans->start = g_array_new (FALSE, FALSE, sizeof (gint64));
  spans->end = g_array_new (FALSE, FALSE, sizeof (gint64));
  spans->block_max_end = g_array_new (FALSE, FALSE, sizeof (gint64));
  spans->block_time = g_array_new (FALSE, TRUE, sizeof (guint64));
  return spans;
}

void
chrono_spans_free (ChronoSpans *spans)
{
  if (spans == NULL)
    return;
  GArray *arrays[] = { spans->start, spans->end, spans->block_max_end, spans->block_time };
  for (gsize i = 0; i < G_N_ELEMENTS (arrays); i++)
    g_array_unref (arrays[i]);
  Column *columns[] = { &spans->state, &spans->flags, &spans->depth, &spans->label, &spans->instance, &spans->attrs };
  for (gsize i = 0; i < G_N_ELEMENTS (columns); i++)
    column_clear (columns[i]);
  if (spans->extent)
    g_array_unref (spans->extent);
  if (spans->deep)
    g_array_unref (spans->deep);
  g_free (spans);
}

void
chrono_spans_append (ChronoSpans *spans, const ChronoSpan *span)
{
  g_return_if_fail (span->end >= span->start);
  g_return_if_fail (span->state < CHRONO_N_STATES);
  guint n = spans->start->len;
  g_array_append_val (spans->start, span->start);
  g_array_append_val (spans->end, span->end);
  column_append (&spans->state, n, span->state);
  column_append (&spans->flags, n, span->flags);
  column_append (&spans->depth, n, span->depth);
  column_append (&spans->label, n, span->label);
  column_append (&spans->instance, n, span->instance);
  column_append (&spans->attrs, n, span->attrs);
  spans->max_depth = MAX (spans->max_depth, span->depth);
  spans->sealed = FALSE;
  if (spans->extent != NULL)
    {
      ChronoExtent full = { 0.0, 0.0 }; /* amount 0: fills the lane */
      g_array_append_val (spans->extent, full);
    }
}

void
chrono_spans_set_end (ChronoSpans *spans, guint index, gint64 end, guint8 flags)
{
  g_return_if_fail (!spans->sealed && index < spans->start->len);
  g_return_if_fail (end >= g_array_index (spans->start, gint64, index));
  g_array_index (spans->end, gint64, index) = end;
  column_set (&spans->flags, spans->start->len, index, flags);
}

/* The extent column is made on first use, so stores without claims pay nothing. */
void
chrono_spans_append_with_extent (ChronoSpans *spans, const ChronoSpan *span, const ChronoExtent *extent)
{
  if (spans->extent == NULL)
    {
      spans->extent = g_array_new (FALSE, TRUE, sizeof (ChronoExtent));
      g_array_set_size (spans->extent, spans->start->len);
    }
  chrono_spans_append (spans, span);
  g_array_index (spans->extent, ChronoExtent, spans->extent->len - 1) = *extent;
}

gboolean
chrono_spans_has_extents (ChronoSpans *spans)
{
  return spans->extent != NULL;
}

/* FALSE when the span fills its lane. */
gboolean
chrono_spans_get_extent (ChronoSpans *spans, guint index, ChronoExtent *out)
{
  if (spans->extent == NULL || index >= spans->extent->len)
    return FALSE;
  *out = g_array_index (spans->extent, ChronoExtent, index);
  return out->amount > 0.0;
}

guint
chrono_spans_get_n (ChronoSpans *spans)
{
  return spans->start->len;
}

void
chrono_spans_get (ChronoSpans *spans, guint i, ChronoSpan *out)
{
  g_return_if_fail (i < spans->start->len);
  out->start = g_array_index (spans->start, gint64, i);
  out->end = g_array_index (spans->end, gint64, i);
  out->state = (guint8) column_get (&spans->state, i);
  out->flags = (guint8) column_get (&spans->flags, i);
  out->depth = (guint16) column_get (&spans->depth, i);
  out->label = column_get (&spans->label, i);
  out->instance = column_get (&spans->instance, i);
  out->attrs = column_get (&spans->attrs, i);
}

gint64
chrono_spans_get_start (ChronoSpans *spans, guint i)
{
  return g_array_index (spans->start, gint64, i);
}

gint64
chrono_spans_get_end (ChronoSpans *spans, guint i)
{
  return g_array_index (spans->end, gint64, i);
}

guint8
chrono_spans_get_state (ChronoSpans *spans, guint i)
{
  return (guint8) column_get (&spans->state, i);
}

guint8
chrono_spans_get_flags (ChronoSpans *spans, guint i)
{
  return (guint8) column_get (&spans->flags, i);
}

/* Analyses mark spans (the critical path); times and states never change. */
void
chrono_spans_set_flags (ChronoSpans *spans, guint i, guint8 flags)
{
  g_return_if_fail (i < spans->start->len);
  column_set (&spans->flags, spans->start->len, i, flags);
}

guint16
chrono_spans_get_max_depth (ChronoSpans *spans)
{
  return spans->max_depth;
}

gboolean
chrono_spans_is_sealed (ChronoSpans *spans)
{
  return spans->sealed;
}

static gboolean
starts_sorted (ChronoSpans *spans)
{
  const gint64 *start = (const gint64 *) spans->start->data;
  for (guint i = 1; i < spans->start->len; i++)
    if (start[i] < start[i - 1])
      return FALSE;
  return TRUE;
}

typedef struct {
  gint64 start;
  guint index;
} SortKey;

static int
compare_sort_keys (gconstpointer a, gconstpointer b)
{
  const SortKey *ka = a, *kb = b;
  if (ka->start != kb->start)
    return ka->start < kb->start ? -1 : 1;
  return ka->index < kb->index ? -1 : (ka->index > kb->index);
}

static void
permute_column (GArray *column, const SortKey *keys, guint n)
{
  guint size = g_array_get_element_size (column);
  g_autofree guint8 *copy = g_memdup2 (column->data, (gsize) n * size);
  for (guint i = 0; i < n; i++)
    memcpy (column->data + (gsize) i * size, copy + (gsize) keys[i].index * size, size);
}

static void
sort_by_start (ChronoSpans *spans)
{
  guint n = spans->start->len;
  g_autofree SortKey *keys = g_new (SortKey, n);
  for (guint i = 0; i < n; i++)
    keys[i] = (SortKey){ g_array_index (spans->start, gint64, i), i };
  qsort (keys, n, sizeof *keys, compare_sort_keys); /* index tie-break makes it stable */
  permute_column (spans->start, keys, n);
  permute_column (spans->end, keys, n);
  Column *columns[] = { &spans->state, &spans->flags, &spans->depth, &spans->label, &spans->instance, &spans->attrs };
  for (gsize c = 0; c < G_N_ELEMENTS (columns); c++)
    if (columns[c]->values != NULL)
      permute_column (columns[c]->values, keys, n);
  if (spans->extent != NULL)
    permute_column (spans->extent, keys, n);
}

static void
build_max_end (ChronoSpans *spans)
{
  guint n = spans->start->len;
  g_array_set_size (spans->block_max_end, (n + BLOCK - 1) / BLOCK);
  gint64 running = G_MININT64;
  for (guint i = 0; i < n; i++)
    {
      running = MAX (running, g_array_index (spans->end, gint64, i));
      if (i % BLOCK == BLOCK - 1 || i == n - 1)
        g_array_index (spans->block_max_end, gint64, i / BLOCK) = running;
    }
}

/* The states the spans have, in block_states; column_of: each one's column. */
static void
note_block_states (ChronoSpans *spans, guint8 column_of[CHRONO_N_STATES])
{
  gboolean used[CHRONO_N_STATES] = { FALSE };
  if (spans->state.values == NULL)
    used[spans->state.uniform] = TRUE;
  else
    for (guint i = 0; i < spans->state.values->len; i++)
      used[column_get (&spans->state, i)] = TRUE;
  spans->n_block_states = 0;
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    if (used[s])
      {
        column_of[s] = spans->n_block_states;
        spans->block_states[spans->n_block_states++] = (guint8) s;
      }
}

static void
build_blocks (ChronoSpans *spans)
{
  guint n = spans->start->len;
  g_array_set_size (spans->block_time, 0);
  /* a summary takes a block's totals only for a block it holds whole with
   * a span after it: a lane of BLOCK spans or fewer never does */
  if (n <= BLOCK)
    return;
  guint8 column_of[CHRONO_N_STATES];
  note_block_states (spans, column_of);
  guint n_blocks = (n + BLOCK - 1) / BLOCK, width = spans->n_block_states;
  g_array_set_size (spans->block_time, (gsize) n_blocks * width);
  guint64 *totals = (guint64 *) spans->block_time->data;
  for (guint i = 0; i < n; i++)
    {
      guint8 state = (guint8) column_get (&spans->state, i);
      guint64 *total = &totals[(i / BLOCK) * width + column_of[state]];
      *total = chrono_ticks_add (*total, chrono_ticks_between (g_array_index (spans->start, gint64, i),
                                                               g_array_index (spans->end, gint64, i)));
    }
}

/* The union of the spans below depth 0, as runs that do not overlap, each
 * with the deepest sub-row in it. */
static void
build_deep_runs (ChronoSpans *spans)
{
  if (spans->deep == NULL)
    spans->deep = g_array_new (FALSE, FALSE, sizeof (DeepRun));
  g_array_set_size (spans->deep, 0);
  guint n = spans->start->len;
  for (guint i = 0; i < n; i++)
    {
      guint16 depth = (guint16) column_get (&spans->depth, i);
      if (depth == 0)
        continue;
      gint64 start = g_array_index (spans->start, gint64, i);
      gint64 end = MAX (g_array_index (spans->end, gint64, i), start + (start < G_MAXINT64));
      DeepRun *last = spans->deep->len > 0 ? &g_array_index (spans->deep, DeepRun, spans->deep->len - 1) : NULL;
      if (last != NULL && start <= last->end)
        {
          last->end = MAX (last->end, end);
          last->depth = MAX (last->depth, depth);
          continue;
        }
      DeepRun run = { start, end, depth };
      g_array_append_val (spans->deep, run);
    }
}

void
chrono_spans_seal (ChronoSpans *spans)
{
  if (spans->sealed)
    return;
  if (!starts_sorted (spans))
    sort_by_start (spans);
  build_max_end (spans);
  build_blocks (spans);
  build_deep_runs (spans);
  spans->sealed = TRUE;
}

/* The deepest sub-row a span overlapping [begin, end) uses: a lane is as
 * tall as the part of it on show needs, not as its busiest moment. */
guint16
chrono_spans_get_max_depth_in (ChronoSpans *spans, gint64 begin, gint64 end)
{
  if (!spans->sealed || spans->deep == NULL)
    return spans->max_depth;
  GArray *deep = spans->deep;
  guint lo = 0, hi = deep->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (g_array_index (deep, DeepRun, mid).end > begin)
        hi = mid;
      else
        lo = mid + 1;
    }
  guint16 depth = 0;
  for (guint i = lo; i < deep->len && g_array_index (deep, DeepRun, i).start < end; i++)
    depth = MAX (depth, g_array_index (deep, DeepRun, i).depth);
  return depth;
}

/* The first span whose ends so far pass time: every span before it ends at
 * or before time.  The first block whose ends pass it, then the span in it. */
guint
chrono_spans_first_ending_after (ChronoSpans *spans, gint64 time)
{
  g_return_val_if_fail (spans->sealed, 0);
  guint lo = 0, hi = spans->block_max_end->len;
  const gint64 *block_max_end = (const gint64 *) spans->block_max_end->data;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (block_max_end[mid] > time)
        hi = mid;
      else
        lo = mid + 1;
    }
  guint n = spans->start->len;
  if (lo == spans->block_max_end->len)
    return n;
  /* the spans of the blocks before end at or before time: the first in this
   * block that ends after it is the one */
  const gint64 *end = (const gint64 *) spans->end->data;
  for (guint i = lo * BLOCK; i < n; i++)
    if (end[i] > time)
      return i;
  return n;
}

guint
chrono_spans_first_starting_at_or_after (ChronoSpans *spans, gint64 time)
{
  g_return_val_if_fail (spans->sealed, 0);
  guint lo = 0, hi = spans->start->len;
  const gint64 *start = (const gint64 *) spans->start->data;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (start[mid] >= time)
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}

/* The span covering time at the given depth (the latest-starting one wins). */
gboolean
chrono_spans_find_at (ChronoSpans *spans, gint64 time, guint16 depth, guint *out_index)
{
  guint first = chrono_spans_first_ending_after (spans, time);
  guint last = chrono_spans_first_starting_at_or_after (spans, time + 1);
  gboolean found = FALSE;
  for (guint i = first; i < last; i++)
    if (column_get (&spans->depth, i) == depth && g_array_index (spans->end, gint64, i) > time)
      {
        *out_index = i;
        found = TRUE;
      }
  return found;
}

static void
add_clipped (ChronoSpans *spans, guint i, gint64 begin, gint64 end, ChronoSpanSummary *out, gint64 *longest)
{
  gint64 s = g_array_index (spans->start, gint64, i);
  gint64 e = g_array_index (spans->end, gint64, i);
  if ((e <= begin || s >= end) && !(s == e && s >= begin && s < end))
    return; /* zero-length spans exactly at begin still count as present */
  guint64 *total = &out->time_in_state[column_get (&spans->state, i)];
  *total = chrono_ticks_add (*total, chrono_ticks_between (MAX (s, begin), MIN (e, end)));
  out->count++;
  if (*longest < 0 || chrono_ticks_between (s, e) > (guint64) *longest)
    {
      *longest = (gint64) MIN (chrono_ticks_between (s, e), (guint64) G_MAXINT64);
      out->longest = i;
    }
}

/* Time per state inside [begin, end).  Spans wholly inside whole blocks are
 * taken from the block totals; the few at the edges are clipped exactly. */
void
chrono_spans_summarize (ChronoSpans *spans, gint64 begin, gint64 end, ChronoSpanSummary *out)
{
  g_return_if_fail (spans->sealed);
  memset (out, 0, sizeof *out);
  gint64 longest = -1;
  guint first = chrono_spans_first_ending_after (spans, begin);
  guint inside = chrono_spans_first_starting_at_or_after (spans, begin);
  guint last = chrono_spans_first_starting_at_or_after (spans, end);

  /* spans that started before the range and reach into it */
  for (guint i = first; i < inside && i < last; i++)
    add_clipped (spans, i, begin, end, out, &longest);

  guint i = MAX (inside, first);
  /* keep the last span for exact clipping at the end */
  guint whole_end = last > 0 ? last - 1 : 0;
  while (i < whole_end)
    {
      if (i % BLOCK == 0 && i + BLOCK <= whole_end)
        {
          guint width = spans->n_block_states;
          const guint64 *totals = &g_array_index (spans->block_time, guint64, (i / BLOCK) * width);
          for (guint c = 0; c < width; c++)
            {
              guint8 s = spans->block_states[c];
              out->time_in_state[s] = chrono_ticks_add (out->time_in_state[s], totals[c]);
            }
          out->count += BLOCK;
          /* the longest of a whole block is not tracked; keep the first as a representative */
          if (longest < 0)
            {
              longest = 0;
              out->longest = i;
            }
          i += BLOCK;
          continue;
        }
      add_clipped (spans, i, begin, end, out, &longest);
      i++;
    }
  for (; i < last; i++)
    add_clipped (spans, i, begin, end, out, &longest);

  out->dominant = CHRONO_STATE_NONE;
  if (out->count == 0)
    return;
  guint64 best = 0;
  out->dominant = (guint8) column_get (&spans->state, out->longest);
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    if (out->time_in_state[s] > best)
      {
        best = out->time_in_state[s];
        out->dominant = s;
      }
}

gsize
chrono_spans_get_memory_size (ChronoSpans *spans)
{
  gsize size = (gsize) spans->start->len * (8 + 8) + spans->block_max_end->len * 8; /* start, end, block_max_end */
  const Column *columns[] = { &spans->state, &spans->flags,    &spans->depth,
                              &spans->label, &spans->instance, &spans->attrs };
  for (gsize c = 0; c < G_N_ELEMENTS (columns); c++)
    if (columns[c]->values != NULL)
      size += (gsize) columns[c]->values->len * columns[c]->size;
  return size + spans->block_time->len * sizeof (guint64);
}

/* Length of the union of all spans (they are sorted by start). */
guint64
chrono_spans_union_length (ChronoSpans *spans)
{
  if (spans == NULL || chrono_spans_get_n (spans) == 0)
    return 0;
  guint64 total = 0;
  gint64 run_start = chrono_spans_get_start (spans, 0);
  gint64 run_end = chrono_spans_get_end (spans, 0);
  guint n = chrono_spans_get_n (spans);
  for (guint i = 1; i < n; i++)
    {
      gint64 s = chrono_spans_get_start (spans, i), e = chrono_spans_get_end (spans, i);
      if (s > run_end)
        {
          total = chrono_ticks_add (total, chrono_ticks_between (run_start, run_end));
          run_start = s;
          run_end = e;
        }
      else
        run_end = MAX (run_end, e);
    }
  return chrono_ticks_add (total, chrono_ticks_between (run_start, run_end));
}
