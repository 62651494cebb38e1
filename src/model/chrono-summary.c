/* chrono-summary.c — per-bucket totals that widen their buckets as needed.
 *
 * A summary starts at the trace's first time with buckets of a power of two
 * of ticks; when an item reaches past the last bucket, groups of 2^k
 * neighbouring buckets merge, in one pass, so that it fits.  So its size is fixed (n_buckets) whatever the trace's
 * length, and it needs no first pass to learn where the trace ends — a gzip
 * stream can be summarised as it is inflated.  Columns that a lane never uses
 * (a state it is never in, values on a lane that is not a signal) are never
 * allocated.
 *
 * A summary holds its first RAW_LIMIT items as they are, exactly, and takes
 * bucket columns only beyond: a lane with a handful of events costs a few
 * hundred bytes, not n_buckets columns (20,000 tasks of one event each
 * took 2.3 GB read lazily). */
#include "chrono-summary.h"

#include <math.h>
#include <string.h>

#include "chrono-clock.h"
#include "chrono-signal.h"

/* Items kept as they are until there are this many. */
#define RAW_LIMIT 256

typedef enum { RAW_INTERVAL, RAW_INSTANT, RAW_VALUE } RawKind;

typedef struct {
  gint64 start, end;
  double value;
  guint32 label;
  guint8 kind; /* RawKind */
  guint8 state;
} RawItem;

struct _ChronoSummary {
  RawItem *raw; /* the items, while there are at most RAW_LIMIT; NULL once in buckets */
  guint n_raw, raw_capacity;
  gboolean bucketed;
  gboolean has_intervals, has_instants, has_values;
  gint64 begin;
  gint64 bucket_ticks; /* 1 << bucket_shift: a shift finds an item's bucket */
  guint bucket_shift;
  guint64 capacity; /* n_buckets * bucket_ticks: the span held, from begin */
  guint max_shift; /* the widest buckets that keep capacity within 2^63 */
  guint n_buckets;
  gboolean empty;
  guint16 max_depth;
  float *time[CHRONO_N_STATES]; /* ticks per state and bucket */
  guint32 *count; /* items that begin in the bucket */
  float *longest; /* length of the longest item beginning in the bucket */
  guint32 *longest_label;
  guint32 *instants;
  float *min_value, *max_value; /* NAN where no value was held */
  double all_min, all_max; /* over every value added */
  guint8 used_states[CHRONO_N_STATES]; /* the states with a column, so queries skip the rest */
  guint n_used_states;
};

/* initial_span: the time the buckets cover at first (rounded up so a
 * bucket is a power of two of ticks); a good guess saves merging later. */
ChronoSummary *
chrono_summary_new (gint64 begin, guint n_buckets, gint64 initial_span)
{
  ChronoSummary *s = g_new0 (ChronoSummary, 1);
  s->begin = begin;
  s->n_buckets = MAX (n_buckets, 2);
  s->max_shift = 64 - g_bit_storage (s->n_buckets);
  while (((gint64) 1 << s->bucket_shift) * (gint64) s->n_buckets < initial_span && s->bucket_shift < s->max_shift)
    s->bucket_shift++;
  s->bucket_ticks = (gint64) 1 << s->bucket_shift;
  s->capacity = (guint64) s->n_buckets << s->bucket_shift;
  s->empty = TRUE;
  return s;
}

/* Fewer (or more) buckets over the same initial span, while the summary
 * still holds its items as they are: a trace with thousands of lanes gives
 * each fewer, so together they stay within a budget. */
void
chrono_summary_plan_buckets (ChronoSummary *s, guint n_buckets)
{
  g_return_if_fail (s != NULL);
  n_buckets = MAX (n_buckets, 2);
  if (s->bucketed || n_buckets == s->n_buckets)
    return;
  guint64 span = s->capacity;
  s->n_buckets = n_buckets;
  s->max_shift = 64 - g_bit_storage (s->n_buckets);
  s->bucket_shift = 0;
  while (((guint64) 1 << s->bucket_shift) * s->n_buckets < span && s->bucket_shift < s->max_shift)
    s->bucket_shift++;
  s->bucket_ticks = (gint64) 1 << s->bucket_shift;
  s->capacity = (guint64) s->n_buckets << s->bucket_shift;
}

guint
chrono_summary_get_n_buckets (ChronoSummary *s)
{
  return s->n_buckets;
}

void
chrono_summary_free (ChronoSummary *s)
{
  if (s == NULL)
    return;
  for (guint i = 0; i < CHRONO_N_STATES; i++)
    g_free (s->time[i]);
  g_free (s->raw);
  g_free (s->count);
  g_free (s->longest);
  g_free (s->longest_label);
  g_free (s->instants);
  g_free (s->min_value);
  g_free (s->max_value);
  g_free (s);
}

static float *
new_value_column (guint n)
{
  float *column = g_new (float, n);
  for (guint i = 0; i < n; i++)
    column[i] = NAN;
  return column;
}

/* The old buckets [*first, *last) that new bucket i takes after widening by
 * 2^k; empty past the data.  64-bit, as k can exceed 31 on a large jump. */
static inline void
group_of (guint i, guint n, guint k, guint *first, guint *last)
{
  guint64 group = k >= 63 ? G_MAXUINT64 : (guint64) 1 << k;
  guint64 begin = group >= n ? (i == 0 ? 0 : n) : (guint64) i * group;
  guint64 end = group >= n ? n : MIN (begin + group, (guint64) n);
  *first = (guint) MIN (begin, (guint64) n);
  *last = (guint) MAX (end, (guint64) *first);
}

/* Merging groups of 2^k buckets: sums for totals, the larger for maxima,
 * the wider range for values; the upper part of each column empties. */
static void
merge_sum_f (float *column, guint n, guint k)
{
  for (guint i = 0; column && i < n; i++)
    {
      float sum = 0;
      guint first, last;
      group_of (i, n, k, &first, &last);
      for (guint j = first; j < last; j++)
        sum += column[j];
      column[i] = sum;
    }
}

static void
merge_sum_u (guint32 *column, guint n, guint k)
{
  for (guint i = 0; column && i < n; i++)
    {
      guint32 sum = 0;
      guint first, last;
      group_of (i, n, k, &first, &last);
      for (guint j = first; j < last; j++)
        sum += column[j];
      column[i] = sum;
    }
}

static void
merge_longest (ChronoSummary *s, guint k)
{
  for (guint i = 0; s->longest && i < s->n_buckets; i++)
    {
      float best = 0;
      guint32 label = 0;
      guint first, last;
      group_of (i, s->n_buckets, k, &first, &last);
      for (guint j = first; j < last; j++)
        if (s->longest[j] > best)
          {
            best = s->longest[j];
            label = s->longest_label[j];
          }
      s->longest[i] = best;
      s->longest_label[i] = label;
    }
}

static void
merge_values (ChronoSummary *s, guint k)
{
  for (guint i = 0; s->min_value && i < s->n_buckets; i++)
    {
      /* fminf/fmaxf ignore a NAN operand: empty buckets leave the others */
      float lo = NAN, hi = NAN;
      guint first, last;
      group_of (i, s->n_buckets, k, &first, &last);
      for (guint j = first; j < last; j++)
        {
          lo = fminf (lo, s->min_value[j]);
          hi = fmaxf (hi, s->max_value[j]);
        }
      s->min_value[i] = lo;
      s->max_value[i] = hi;
    }
}

/* Buckets 2^k times wider, in one pass over each column. */
static void
coarsen (ChronoSummary *s, guint k)
{
  for (guint st = 0; st < CHRONO_N_STATES; st++)
    merge_sum_f (s->time[st], s->n_buckets, k);
  merge_sum_u (s->count, s->n_buckets, k);
  merge_sum_u (s->instants, s->n_buckets, k);
  merge_longest (s, k);
  merge_values (s, k);
  s->bucket_shift += k;
  s->bucket_ticks = (gint64) 1 << s->bucket_shift;
  s->capacity = (guint64) s->n_buckets << s->bucket_shift;
}

/* Times as unsigned offsets from begin: a trace may span most of the 64-bit
 * range (epoch nanoseconds next to INT64_MAX), which a signed difference
 * would overflow. */
static inline guint64
offset_of (ChronoSummary *s, gint64 time)
{
  return (guint64) time - (guint64) s->begin;
}

/* Make room for the tick last_tick; false for ticks the summary cannot hold. */
static gboolean
reach_slow (ChronoSummary *s, gint64 last_tick)
{
  if (last_tick < s->begin)
    return FALSE;
  guint64 offset = offset_of (s, last_tick);
  guint k = 0;
  while (offset >= ((guint64) s->n_buckets << (s->bucket_shift + k)))
    {
      if (s->bucket_shift + k >= s->max_shift)
        return FALSE;
      k++;
    }
  if (k > 0)
    coarsen (s, k);
  return TRUE;
}

/* The common case, inline: the tick already fits. */
static inline gboolean
reach (ChronoSummary *s, gint64 last_tick)
{
  return G_LIKELY (last_tick >= s->begin && offset_of (s, last_tick) < s->capacity) || reach_slow (s, last_tick);
}

static guint
bucket_of (ChronoSummary *s, gint64 time)
{
  guint64 b = offset_of (s, time) >> s->bucket_shift;
  return (guint) MIN (b, (guint64) s->n_buckets - 1);
}

/* How much of [start, end) lies in bucket b. */
static guint64
overlap (ChronoSummary *s, guint b, gint64 start, gint64 end)
{
  guint64 b0 = (guint64) b << s->bucket_shift, b1 = b0 + ((guint64) 1 << s->bucket_shift);
  guint64 o0 = MAX (offset_of (s, start), b0), o1 = MIN (offset_of (s, end), b1);
  return o1 > o0 ? o1 - o0 : 0;
}

static void
bucket_add_interval (ChronoSummary *s, gint64 start, gint64 end, ChronoState state, guint32 label)
{
  if (!reach (s, end > start ? end - 1 : start))
    return;
  if (s->count == NULL)
    {
      s->count = g_new0 (guint32, s->n_buckets);
      s->longest = g_new0 (float, s->n_buckets);
      s->longest_label = g_new0 (guint32, s->n_buckets);
    }
  guint first = bucket_of (s, start);
  s->count[first]++;
  float length = (float) ((guint64) end - (guint64) start);
  if (length >= s->longest[first])
    {
      s->longest[first] = length;
      s->longest_label[first] = label;
    }
  if (end == start || state == CHRONO_STATE_NONE)
    return;
  if (s->time[state] == NULL)
    {
      s->time[state] = g_new0 (float, s->n_buckets);
      s->used_states[s->n_used_states++] = state;
    }
  float *column = s->time[state];
  guint last = bucket_of (s, end - 1);
  if (first == last)
    {
      column[first] += length; /* most items fit in one bucket */
      return;
    }
  for (guint b = first; b <= last; b++)
    column[b] += (float) overlap (s, b, start, end);
}

static void
bucket_add_instant (ChronoSummary *s, gint64 time)
{
  if (!reach (s, time))
    return;
  if (s->instants == NULL)
    s->instants = g_new0 (guint32, s->n_buckets);
  s->instants[bucket_of (s, time)]++;
}

static void
bucket_add_value (ChronoSummary *s, gint64 start, gint64 end, double value)
{
  gint64 last_tick = end > start ? end - 1 : start; /* a value held for no time still happened */
  if (!reach (s, last_tick))
    return;
  if (s->min_value == NULL)
    {
      s->min_value = new_value_column (s->n_buckets);
      s->max_value = new_value_column (s->n_buckets);
    }
  guint last = bucket_of (s, last_tick);
  for (guint b = bucket_of (s, start); b <= last; b++)
    {
      s->min_value[b] = fminf (s->min_value[b], (float) value);
      s->max_value[b] = fmaxf (s->max_value[b], (float) value);
    }
}

/* ---- items as they are, then buckets ---------------------------------------- */

static void
replay (ChronoSummary *s, const RawItem *r)
{
  switch (r->kind)
    {
    case RAW_INTERVAL: bucket_add_interval (s, r->start, r->end, r->state, r->label); break;
    case RAW_INSTANT: bucket_add_instant (s, r->start); break;
    default: bucket_add_value (s, r->start, r->end, r->value); break;
    }
}

/* Keeps the item as it is while there is room; FALSE: it goes to buckets. */
static gboolean
keep_raw (ChronoSummary *s, const RawItem *item)
{
  if (s->bucketed)
    return FALSE;
  if (s->n_raw == RAW_LIMIT)
    {
      s->bucketed = TRUE; /* from now on in buckets, the kept items first */
      for (guint i = 0; i < s->n_raw; i++)
        replay (s, &s->raw[i]);
      g_clear_pointer (&s->raw, g_free);
      return FALSE;
    }
  if (s->n_raw == s->raw_capacity)
    {
      s->raw_capacity = MAX (4, 2 * s->raw_capacity);
      s->raw = g_renew (RawItem, s->raw, s->raw_capacity);
    }
  s->raw[s->n_raw++] = *item;
  return TRUE;
}

/* Can the summary hold an item reaching to last_tick?  As buckets would. */
static gboolean
can_hold (ChronoSummary *s, gint64 last_tick)
{
  return last_tick >= s->begin && offset_of (s, last_tick) >> s->max_shift < s->n_buckets;
}

void
chrono_summary_add_interval (ChronoSummary *s, gint64 start, gint64 end, ChronoState state, guint32 label)
{
  start = MAX (start, s->begin);
  if (end < start || state >= CHRONO_N_STATES)
    return;
  s->has_intervals = TRUE;
  if (!can_hold (s, end > start ? end - 1 : start))
    return;
  s->empty = FALSE;
  RawItem item = { start, end, 0.0, label, RAW_INTERVAL, (guint8) state };
  if (!keep_raw (s, &item))
    bucket_add_interval (s, start, end, state, label);
}

/* An item more than 2^63 ticks after the summary's begin has no bucket,
 * but the summary still says it holds items of its kind (and values their
 * range), so its lane is drawn from decoded chunks. */
void
chrono_summary_add_instant (ChronoSummary *s, gint64 time)
{
  s->has_instants = TRUE;
  if (!can_hold (s, time))
    return;
  s->empty = FALSE;
  RawItem item = { time, time, 0.0, 0, RAW_INSTANT, 0 };
  if (!keep_raw (s, &item))
    bucket_add_instant (s, time);
}

void
chrono_summary_add_value (ChronoSummary *s, gint64 start, gint64 end, double value)
{
  start = MAX (start, s->begin);
  if (isnan (value))
    return;
  s->all_min = s->has_values ? MIN (s->all_min, value) : value;
  s->all_max = s->has_values ? MAX (s->all_max, value) : value;
  s->has_values = TRUE;
  if (!can_hold (s, end > start ? end - 1 : start))
    return;
  s->empty = FALSE;
  RawItem item = { start, end, value, 0, RAW_VALUE, 0 };
  if (!keep_raw (s, &item))
    bucket_add_value (s, start, end, value);
}

/* A signal's fragment, held per bucket: in each bucket it reaches, the
 * extremes of its values there (a long ramp is not one bar over all of
 * them), their union the fragment's exact range as chrono_signal_range has
 * it.  Pieces are the buckets the summary has once the fragment's end fits;
 * beyond max_pieces a piece spans several, so a file of long overlapping
 * fragments cannot make this quadratic. */
static void
add_fragment_piece (ChronoSummary *s, const ChronoFragment *f, gint64 ticks_per_second, gint64 from, gint64 to)
{
  double lo = INFINITY, hi = -INFINITY;
  chrono_fragment_extremes (f, ticks_per_second, from, to, &lo, &hi);
  chrono_summary_add_value (s, from, to, lo);
  if (hi != lo)
    chrono_summary_add_value (s, from, to, hi);
}

/* Returns the pieces added. */
guint
chrono_summary_add_fragment (ChronoSummary *s, const ChronoFragment *f, gint64 ticks_per_second, guint max_pieces)
{
  gint64 last_tick = f->t1 > f->t0 ? f->t1 - 1 : f->t0;
  if (f->t1 <= f->t0 || (f->a == 0.0 && f->b == 0.0) || max_pieces <= 1 || !can_hold (s, last_tick))
    {
      add_fragment_piece (s, f, ticks_per_second, f->t0, f->t1);
      return 1;
    }
  guint64 last_offset = offset_of (s, last_tick);
  guint shift = s->bucket_shift;
  while (shift < s->max_shift && last_offset >= ((guint64) s->n_buckets << shift))
    shift++;
  guint64 width = (guint64) 1 << shift;
  guint64 first_offset = f->t0 >= s->begin ? offset_of (s, f->t0) : 0;
  guint64 reached = last_offset / width - first_offset / width + 1;
  if (reached > max_pieces)
    {
      guint64 factor = (reached + max_pieces - 1) / max_pieces;
      if (width > (G_MAXUINT64 >> 2) / factor)
        {
          add_fragment_piece (s, f, ticks_per_second, f->t0, f->t1);
          return 1;
        }
      width *= factor;
    }
  guint pieces = 0;
  for (gint64 from = f->t0;;)
    {
      guint64 offset = from >= s->begin ? offset_of (s, from) : 0;
      guint64 next_offset = (offset / width + 1) * width;
      /* past the last tick (or wrapped): the piece ends with the fragment */
      gint64 to =
          next_offset > last_offset || next_offset <= offset ? f->t1 : (gint64) ((guint64) s->begin + next_offset);
      add_fragment_piece (s, f, ticks_per_second, from, to);
      pieces++;
      if (to >= f->t1)
        return pieces;
      from = to;
    }
}

void
chrono_summary_note_depth (ChronoSummary *s, guint16 depth)
{
  s->max_depth = MAX (s->max_depth, depth);
}

guint16
chrono_summary_get_max_depth (ChronoSummary *s)
{
  return s->max_depth;
}

gboolean
chrono_summary_has_intervals (ChronoSummary *s)
{
  return s->has_intervals;
}

gboolean
chrono_summary_has_instants (ChronoSummary *s)
{
  return s->has_instants;
}

gboolean
chrono_summary_get_value_range (ChronoSummary *s, double *out_min, double *out_max)
{
  if (!s->has_values)
    return FALSE;
  *out_min = s->all_min;
  *out_max = s->all_max;
  return TRUE;
}

gboolean
chrono_summary_is_empty (ChronoSummary *s)
{
  return s->empty;
}

gint64
chrono_summary_get_begin (ChronoSummary *s)
{
  return s->begin;
}

gint64
chrono_summary_get_bucket_ticks (ChronoSummary *s)
{
  return s->bucket_ticks;
}

/* Items kept as they are answer exactly: time inside the range, items
 * that begin in it, instants in it, values held in it. */
static void
query_raw (ChronoSummary *s, gint64 begin, gint64 end, double *time, ChronoSpanSummary *out, ChronoSummaryExtra *extra)
{
  float longest = -1;
  for (guint i = 0; i < s->n_raw; i++)
    {
      const RawItem *r = &s->raw[i];
      gboolean starts_inside = r->start >= begin && r->start < end;
      gint64 last_tick = r->end > r->start ? r->end - 1 : r->start;
      switch (r->kind)
        {
        case RAW_INTERVAL:
          if (r->state != CHRONO_STATE_NONE && r->end > begin && r->start < end)
            time[r->state] += (double) chrono_ticks_between (MAX (r->start, begin), MIN (r->end, end));
          if (starts_inside)
            {
              out->count++;
              float length = (float) chrono_ticks_between (r->start, r->end);
              if (length > longest)
                {
                  longest = length;
                  extra->longest_label = r->label;
                }
            }
          break;
        case RAW_INSTANT: extra->n_instants += starts_inside; break;
        default:
          if (last_tick >= begin && r->start < end)
            {
              extra->have_values = TRUE;
              extra->min_value = MIN (extra->min_value, (float) r->value);
              extra->max_value = MAX (extra->max_value, (float) r->value);
            }
        }
    }
}

/* Buckets partly inside the range count in proportion for time, whole for
 * counts: a summary cannot say where in its bucket an item began. */
static void
query_buckets (ChronoSummary *s, gint64 begin, gint64 end, double *time, ChronoSpanSummary *out,
               ChronoSummaryExtra *extra)
{
  if (offset_of (s, begin) >= s->capacity)
    return;
  guint first = bucket_of (s, begin), last = bucket_of (s, end - 1);
  float longest = -1;
  for (guint b = first; b <= last; b++)
    {
      double share = (double) overlap (s, b, begin, end) / (double) s->bucket_ticks;
      for (guint u = 0; u < s->n_used_states; u++)
        time[s->used_states[u]] += s->time[s->used_states[u]][b] * share;
      if (s->count != NULL)
        {
          out->count += s->count[b];
          if (s->longest[b] > longest && s->count[b] > 0)
            {
              longest = s->longest[b];
              extra->longest_label = s->longest_label[b];
            }
        }
      if (s->instants != NULL)
        extra->n_instants += s->instants[b];
      if (s->min_value != NULL && !isnan (s->min_value[b]))
        {
          extra->have_values = TRUE;
          extra->min_value = MIN (extra->min_value, s->min_value[b]);
          extra->max_value = MAX (extra->max_value, s->max_value[b]);
        }
    }
}

void
chrono_summary_query (ChronoSummary *s, gint64 begin, gint64 end, ChronoSpanSummary *out, ChronoSummaryExtra *extra)
{
  memset (out, 0, sizeof *out);
  memset (extra, 0, sizeof *extra);
  out->dominant = CHRONO_STATE_NONE;
  begin = MAX (begin, s->begin);
  if (s->empty || end <= begin)
    return;
  double time[CHRONO_N_STATES] = { 0 };
  extra->min_value = INFINITY;
  extra->max_value = -INFINITY;
  if (s->bucketed)
    query_buckets (s, begin, end, time, out, extra);
  else
    query_raw (s, begin, end, time, out, extra);
  guint64 best = 0;
  for (guint st = 0; st < CHRONO_N_STATES; st++)
    {
      out->time_in_state[st] = time[st] <= 0.0      ? 0
                               : time[st] >= 9.2e18 ? (guint64) G_MAXINT64
                                                    : (guint64) llround (time[st]);
      if (out->time_in_state[st] > 0 && out->count == 0)
        out->count = 1; /* an item that began earlier fills this range */
      if (out->time_in_state[st] > best)
        {
          best = out->time_in_state[st];
          out->dominant = st;
        }
    }
}

gsize
chrono_summary_get_memory_size (ChronoSummary *s)
{
  gsize columns = 0;
  for (guint st = 0; st < CHRONO_N_STATES; st++)
    columns += s->time[st] != NULL;
  columns += s->count ? 3 : 0;
  columns += s->instants ? 1 : 0;
  columns += s->min_value ? 2 : 0;
  return sizeof *s + columns * s->n_buckets * 4 + s->raw_capacity * sizeof (RawItem);
}
