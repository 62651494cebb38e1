/* chrono-references.c — memory references by index, their overview, density. */
#include "chrono-references.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "chrono-clock.h"
#include "chrono-ref-hist.h"

#define BATCH 65536u
#define MAX_THREADS 4u
#define HIST_CELLS (CHRONO_REF_SUMMARY_BUCKETS * CHRONO_REF_N_CHANNELS)

/* One address space as the overview knows it. */
typedef struct {
  guint32 id;
  guint64 counts[CHRONO_REF_N_CHANNELS];
  guint n_blocks;
  guint32 *blocks; /* block numbers (address >> CHRONO_REF_BLOCK_BITS), ascending */
  ChronoRefHist **hists; /* per block: CHRONO_REF_SUMMARY_BUCKETS × CHRONO_REF_N_CHANNELS counts */
} Space;

struct _ChronoReferences {
  GObject parent_instance;
  const ChronoReferenceSourceFuncs *funcs;
  gpointer source;
  guint64 n;
  gboolean summarized;
  gint64 begin, end; /* of every record */
  gint64 summary_begin; /* where the overview's first bucket starts */
  guint64 bucket_width; /* ticks per overview bucket */
  guint64 out_of_order;
  guint64 type_counts[256];
  GArray *spaces; /* of Space, by id */
};

G_DEFINE_FINAL_TYPE (ChronoReferences, chrono_references, G_TYPE_OBJECT)

const char *
chrono_ref_channel_get_label (ChronoRefChannel channel)
{
  switch (channel)
    {
    case CHRONO_REF_LOAD: return _ ("Load");
    case CHRONO_REF_STORE: return _ ("Store");
    case CHRONO_REF_FETCH: return _ ("Instruction fetch");
    default: return _ ("Other reference");
    }
}

char *
chrono_reference_dup_kind (const ChronoReference *r)
{
  const char *kind = chrono_ref_channel_get_label (MIN (r->channel, CHRONO_REF_OTHER));
  if (g_ascii_isgraph (r->type))
    return g_strdup_printf ("%s (%c)", kind, r->type);
  return g_strdup_printf ("%s (0x%02x)", kind, r->type);
}

static void
space_clear (Space *space)
{
  for (guint i = 0; i < space->n_blocks; i++)
    chrono_ref_hist_free (space->hists[i]);
  g_free (space->hists);
  g_free (space->blocks);
}

static void
chrono_references_finalize (GObject *object)
{
  ChronoReferences *self = CHRONO_REFERENCES (object);
  if (self->funcs != NULL && self->funcs->free != NULL)
    self->funcs->free (self->source);
  for (guint i = 0; self->spaces != NULL && i < self->spaces->len; i++)
    space_clear (&g_array_index (self->spaces, Space, i));
  g_clear_pointer (&self->spaces, g_array_unref);
  G_OBJECT_CLASS (chrono_references_parent_class)->finalize (object);
}

static void
chrono_references_class_init (ChronoReferencesClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chrono_references_finalize;
}

static void
chrono_references_init (ChronoReferences *self)
{
  self->spaces = g_array_new (FALSE, TRUE, sizeof (Space));
}

ChronoReferences *
chrono_references_new (const ChronoReferenceSourceFuncs *funcs, gpointer source, guint64 n_records)
{
  g_return_val_if_fail (funcs != NULL && funcs->read != NULL, NULL);
  ChronoReferences *self = g_object_new (CHRONO_TYPE_REFERENCES, NULL);
  self->funcs = funcs;
  self->source = source;
  self->n = n_records;
  return self;
}

/* ---- records in memory */

static gboolean
memory_read (gpointer source, guint64 first, guint n, ChronoReference *out, GError **error)
{
  GArray *records = source;
  g_return_val_if_fail (first + n <= records->len, FALSE);
  memcpy (out, &g_array_index (records, ChronoReference, first), (gsize) n * sizeof (ChronoReference));
  return TRUE;
}

static void
memory_free (gpointer source)
{
  g_array_unref (source);
}

static const ChronoReferenceSourceFuncs memory_funcs = { memory_read, memory_free };

static int
compare_time (gconstpointer a, gconstpointer b)
{
  gint64 ta = ((const ChronoReference *) a)->time, tb = ((const ChronoReference *) b)->time;
  return (ta > tb) - (ta < tb);
}

ChronoReferences *
chrono_references_new_in_memory (GArray *records)
{
  g_return_val_if_fail (records != NULL && g_array_get_element_size (records) == sizeof (ChronoReference), NULL);
  /* stable, so records of one time keep the order they were written in */
  g_array_sort (records, compare_time);
  return chrono_references_new (&memory_funcs, records, records->len);
}

/* ---- the one pass: each thread counts its share of the records */

typedef struct {
  guint64 counts[CHRONO_REF_N_CHANNELS];
  GHashTable *blocks; /* block number + 1 → ChronoRefHist */
} SpaceTally;

typedef struct {
  ChronoReferences *refs;
  guint64 first, last;
  GCancellable *cancellable;
  GHashTable *spaces; /* space id + 1 → SpaceTally */
  guint64 type_counts[256];
  gint64 min, max;
  guint64 out_of_order;
  gint64 first_time, last_time;
  guint64 done; /* records counted so far, read by the progress reporter */
  GError *error;
} Tally;

static void
space_tally_free (gpointer data)
{
  SpaceTally *tally = data;
  g_hash_table_unref (tally->blocks);
  g_free (tally);
}

static void
tally_init (Tally *tally, ChronoReferences *refs, guint64 first, guint64 last, GCancellable *cancellable)
{
  memset (tally, 0, sizeof *tally);
  tally->refs = refs;
  tally->first = first;
  tally->last = last;
  tally->cancellable = cancellable;
  tally->spaces = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, space_tally_free);
  tally->min = G_MAXINT64;
  tally->max = G_MININT64;
  tally->last_time = G_MININT64;
}

static guint
bucket_of (ChronoReferences *refs, gint64 time)
{
  if (time <= refs->summary_begin)
    return 0;
  guint64 bucket = ((guint64) time - (guint64) refs->summary_begin) / refs->bucket_width;
  return (guint) MIN (bucket, CHRONO_REF_SUMMARY_BUCKETS - 1);
}

static SpaceTally *
tally_space (Tally *tally, guint32 id)
{
  gpointer key = GSIZE_TO_POINTER ((gsize) id + 1);
  SpaceTally *space = g_hash_table_lookup (tally->spaces, key);
  if (space == NULL)
    {
      space = g_new0 (SpaceTally, 1);
      space->blocks =
          g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) chrono_ref_hist_free);
      g_hash_table_insert (tally->spaces, key, space);
    }
  return space;
}

static ChronoRefHist *
tally_block (SpaceTally *space, guint32 block)
{
  gpointer key = GSIZE_TO_POINTER ((gsize) block + 1);
  ChronoRefHist *hist = g_hash_table_lookup (space->blocks, key);
  if (hist == NULL)
    {
      hist = chrono_ref_hist_new (HIST_CELLS);
      g_hash_table_insert (space->blocks, key, hist);
    }
  return hist;
}

static void
tally_record (Tally *tally, const ChronoReference *r, SpaceTally **space, guint32 *space_id, ChronoRefHist **hist,
              guint32 *block)
{
  if (r->time < tally->last_time)
    tally->out_of_order++;
  tally->last_time = r->time;
  tally->min = MIN (tally->min, r->time);
  tally->max = MAX (tally->max, r->time);
  tally->type_counts[r->type]++;
  guint channel = MIN (r->channel, CHRONO_REF_OTHER);
  /* a program stays in one space and block for long runs: look up only on a change */
  if (*space == NULL || *space_id != r->space)
    {
      *space = tally_space (tally, r->space);
      *space_id = r->space;
      *hist = NULL;
    }
  (*space)->counts[channel]++;
  guint32 b = r->address >> CHRONO_REF_BLOCK_BITS;
  if (*hist == NULL || *block != b)
    {
      *hist = tally_block (*space, b);
      *block = b;
    }
  chrono_ref_hist_add (*hist, bucket_of (tally->refs, r->time) * CHRONO_REF_N_CHANNELS + channel, 1);
}

/* Counts records [from, to) of the tally's share. */
static gboolean
tally_range (Tally *tally, guint64 from, guint64 to, ChronoReference *batch)
{
  SpaceTally *space = NULL;
  ChronoRefHist *hist = NULL;
  guint32 space_id = 0, block = 0;
  for (guint64 at = from; at < to; at += BATCH)
    {
      if (g_cancellable_set_error_if_cancelled (tally->cancellable, &tally->error))
        return FALSE;
      guint n = (guint) MIN ((guint64) BATCH, to - at);
      if (!tally->refs->funcs->read (tally->refs->source, at, n, batch, &tally->error))
        return FALSE;
      if (at == tally->first)
        tally->first_time = batch[0].time;
      for (guint i = 0; i < n; i++)
        tally_record (tally, &batch[i], &space, &space_id, &hist, &block);
      __atomic_add_fetch (&tally->done, n, __ATOMIC_RELAXED);
    }
  return TRUE;
}

static gpointer
tally_run (gpointer data)
{
  Tally *tally = data;
  g_autofree ChronoReference *batch = g_new (ChronoReference, BATCH);
  tally_range (tally, tally->first, tally->last, batch);
  return NULL;
}

/* ---- merging the threads' tallies into the spaces */

static int
compare_guint32 (gconstpointer a, gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;
  return (x > y) - (x < y);
}

static int
compare_space_ids (gconstpointer a, gconstpointer b)
{
  guint32 x = ((const Space *) a)->id, y = ((const Space *) b)->id;
  return (x > y) - (x < y);
}

/* Every space any thread met, made at once in id order (one insert per
 * space would cost a move of the spaces after it: quadratic in spaces). */
static void
make_spaces (ChronoReferences *self, Tally *tallies, guint n_threads)
{
  g_autoptr (GHashTable) ids = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint t = 0; t < n_threads; t++)
    {
      GHashTableIter iter;
      gpointer key;
      g_hash_table_iter_init (&iter, tallies[t].spaces);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_hash_table_add (ids, key);
    }
  g_array_set_size (self->spaces, g_hash_table_size (ids));
  GHashTableIter iter;
  gpointer key;
  guint at = 0;
  g_hash_table_iter_init (&iter, ids);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_array_index (self->spaces, Space, at++).id = (guint32) (GPOINTER_TO_SIZE (key) - 1);
  g_array_sort (self->spaces, compare_space_ids);
}

static Space *
find_made_space (ChronoReferences *self, guint32 id)
{
  guint index;
  gboolean found = chrono_references_find_space (self, id, &index);
  g_assert (found);
  return &g_array_index (self->spaces, Space, index);
}

/* Adds one thread's blocks of a space: the union of block numbers, histograms summed. */
static void
merge_space (Space *space, SpaceTally *tally)
{
  for (guint c = 0; c < CHRONO_REF_N_CHANNELS; c++)
    space->counts[c] += tally->counts[c];
  guint n_new = g_hash_table_size (tally->blocks);
  g_autofree guint32 *numbers = g_new (guint32, n_new);
  GHashTableIter iter;
  gpointer key;
  guint k = 0;
  g_hash_table_iter_init (&iter, tally->blocks);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    numbers[k++] = (guint32) (GPOINTER_TO_SIZE (key) - 1);
  qsort (numbers, n_new, sizeof (guint32), compare_guint32);

  guint n_all = space->n_blocks + n_new; /* at most: merged below */
  guint32 *blocks = g_new (guint32, n_all);
  ChronoRefHist **hists = g_new (ChronoRefHist *, n_all);
  guint i = 0, j = 0, out = 0;
  while (i < space->n_blocks || j < n_new)
    {
      gboolean take_old = j >= n_new || (i < space->n_blocks && space->blocks[i] <= numbers[j]);
      gboolean take_new = i >= space->n_blocks || (j < n_new && numbers[j] <= space->blocks[i]);
      guint32 number = take_old ? space->blocks[i] : numbers[j];
      ChronoRefHist *hist = take_old ? space->hists[i] : NULL;
      if (take_new)
        {
          ChronoRefHist *add = g_hash_table_lookup (tally->blocks, GSIZE_TO_POINTER ((gsize) numbers[j] + 1));
          if (hist == NULL)
            {
              hist = add;
              g_hash_table_steal (tally->blocks, GSIZE_TO_POINTER ((gsize) numbers[j] + 1));
            }
          else
            chrono_ref_hist_merge (hist, add);
          j++;
        }
      if (take_old)
        i++;
      blocks[out] = number;
      hists[out++] = hist;
    }
  g_free (space->blocks);
  g_free (space->hists);
  space->blocks = blocks;
  space->hists = hists;
  space->n_blocks = out;
}

static void
merge_tally (ChronoReferences *self, Tally *tally)
{
  for (guint c = 0; c < 256; c++)
    self->type_counts[c] += tally->type_counts[c];
  self->out_of_order += tally->out_of_order;
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, tally->spaces);
  while (g_hash_table_iter_next (&iter, &key, &value))
    merge_space (find_made_space (self, (guint32) (GPOINTER_TO_SIZE (key) - 1)), value);
}

static gboolean
read_time (ChronoReferences *self, guint64 index, gint64 *out, GError **error)
{
  ChronoReference r;
  if (!self->funcs->read (self->source, index, 1, &r, error))
    return FALSE;
  *out = r.time;
  return TRUE;
}

static guint
thread_count (guint64 n)
{
  guint cores = MIN ((guint) g_get_num_processors (), MAX_THREADS);
  return n < 4 * BATCH ? 1 : MAX (cores, 1);
}

static void
report_progress (Tally *tallies, guint n_threads, guint64 total, ChronoReferencesProgress progress, gpointer data)
{
  guint64 done = 0;
  for (guint t = 0; t < n_threads; t++)
    done += __atomic_load_n (&tallies[t].done, __ATOMIC_RELAXED);
  progress ((double) done / (double) MAX (total, 1), data);
}

gboolean
chrono_references_build_summary (ChronoReferences *self, ChronoReferencesProgress progress, gpointer progress_data,
                                 GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self) && !self->summarized, FALSE);
  self->summarized = TRUE;
  if (self->n == 0)
    return TRUE;
  /* sorted records: the ends give the histogram's range (a record out of order lands in an end bucket) */
  if (!read_time (self, 0, &self->begin, error) || !read_time (self, self->n - 1, &self->end, error))
    return FALSE;
  self->end = MAX (self->end, self->begin);
  self->summary_begin = self->begin;
  self->bucket_width = ((guint64) self->end - (guint64) self->begin) / CHRONO_REF_SUMMARY_BUCKETS + 1;

  guint n_threads = thread_count (self->n);
  Tally tallies[MAX_THREADS];
  GThread *threads[MAX_THREADS] = { NULL };
  for (guint t = 0; t < n_threads; t++)
    {
      tally_init (&tallies[t], self, self->n * t / n_threads, self->n * (t + 1) / n_threads, cancellable);
      if (t > 0)
        threads[t] = g_thread_new ("chrono-references", tally_run, &tallies[t]);
    }
  /* the first share is counted here in steps, reporting progress while the others run */
  g_autofree ChronoReference *batch = g_new (ChronoReference, BATCH);
  Tally *own = &tallies[0];
  for (guint64 at = own->first; at < own->last; at += 16 * BATCH)
    {
      if (!tally_range (own, at, MIN (own->last, at + 16 * BATCH), batch))
        break;
      if (progress != NULL)
        report_progress (tallies, n_threads, self->n, progress, progress_data);
    }
  for (guint t = 1; t < n_threads; t++)
    g_thread_join (threads[t]);

  gboolean ok = TRUE;
  make_spaces (self, tallies, n_threads);
  self->begin = G_MAXINT64;
  self->end = G_MININT64;
  for (guint t = 0; t < n_threads; t++)
    {
      if (tallies[t].error != NULL && ok)
        {
          g_propagate_error (error, tallies[t].error);
          tallies[t].error = NULL;
          ok = FALSE;
        }
      g_clear_error (&tallies[t].error);
      if (ok)
        {
          merge_tally (self, &tallies[t]);
          /* where two shares meet, the second may start before the first ended */
          if (t > 0 && tallies[t].first_time < tallies[t - 1].last_time)
            self->out_of_order++;
          self->begin = MIN (self->begin, tallies[t].min);
          self->end = MAX (self->end, tallies[t].max);
        }
      g_hash_table_unref (tallies[t].spaces);
    }
  return ok;
}

/* ---- what the views ask */

guint64
chrono_references_get_n (ChronoReferences *self)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self), 0);
  return self->n;
}

gboolean
chrono_references_get_range (ChronoReferences *self, gint64 *begin, gint64 *end)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self) && self->summarized, FALSE);
  if (self->n == 0)
    return FALSE;
  *begin = self->begin;
  *end = self->end;
  return TRUE;
}

guint64
chrono_references_get_n_out_of_order (ChronoReferences *self)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self), 0);
  return self->out_of_order;
}

guint64
chrono_references_count_type (ChronoReferences *self, guint8 type)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self), 0);
  return self->type_counts[type];
}

guint
chrono_references_get_n_spaces (ChronoReferences *self)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self), 0);
  return self->spaces->len;
}

static Space *
get_space (ChronoReferences *self, guint space)
{
  g_return_val_if_fail (space < self->spaces->len, NULL);
  return &g_array_index (self->spaces, Space, space);
}

guint32
chrono_references_get_space_id (ChronoReferences *self, guint space)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self) && space < self->spaces->len, 0);
  return get_space (self, space)->id;
}

gboolean
chrono_references_find_space (ChronoReferences *self, guint32 id, guint *out_space)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self), FALSE);
  Space key = { .id = id };
  return g_array_binary_search (self->spaces, &key, compare_space_ids, out_space);
}

guint64
chrono_references_get_space_count (ChronoReferences *self, guint space, ChronoRefChannel channel)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self) && space < self->spaces->len, 0);
  g_return_val_if_fail (channel < CHRONO_REF_N_CHANNELS, 0);
  return get_space (self, space)->counts[channel];
}

guint
chrono_references_get_n_blocks (ChronoReferences *self, guint space)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self) && space < self->spaces->len, 0);
  return get_space (self, space)->n_blocks;
}

guint32
chrono_references_get_block_address (ChronoReferences *self, guint space, guint block)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self) && space < self->spaces->len, 0);
  Space *s = get_space (self, space);
  g_return_val_if_fail (block < s->n_blocks, 0);
  return s->blocks[block] << CHRONO_REF_BLOCK_BITS;
}

static double
axis_position (const Space *s, guint32 address)
{
  guint32 number = address >> CHRONO_REF_BLOCK_BITS;
  guint lo = 0, hi = s->n_blocks;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (s->blocks[mid] < number)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo >= s->n_blocks || s->blocks[lo] != number)
    return -1.0;
  guint32 within = address & ((1u << CHRONO_REF_BLOCK_BITS) - 1);
  return lo + (double) within / (double) (1u << CHRONO_REF_BLOCK_BITS);
}

double
chrono_references_axis_position (ChronoReferences *self, guint space, guint32 address)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self) && space < self->spaces->len, -1.0);
  return axis_position (get_space (self, space), address);
}

gboolean
chrono_references_read (ChronoReferences *self, guint64 first, guint n, ChronoReference *out, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self), FALSE);
  g_return_val_if_fail (first <= self->n && n <= self->n - first, FALSE);
  return n == 0 || self->funcs->read (self->source, first, n, out, error);
}

/* The first record whose time is at or after time. */
static gboolean
lower_bound (ChronoReferences *self, gint64 time, guint64 *out, GError **error)
{
  guint64 lo = 0, hi = self->n;
  while (lo < hi)
    {
      guint64 mid = lo + (hi - lo) / 2;
      gint64 at;
      if (!read_time (self, mid, &at, error))
        return FALSE;
      if (at < time)
        lo = mid + 1;
      else
        hi = mid;
    }
  *out = lo;
  return TRUE;
}

gboolean
chrono_references_find_range (ChronoReferences *self, gint64 begin, gint64 end, guint64 *first, guint64 *last,
                              GError **error)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self), FALSE);
  if (end <= begin)
    {
      *first = *last = 0;
      return TRUE;
    }
  return lower_bound (self, begin, first, error) && lower_bound (self, end, last, error);
}

/* ---- density */

typedef struct {
  gint64 begin;
  double ticks; /* end - begin */
  guint n_columns, n_rows;
  double axis_lo, axis_span;
  float *density;
} Grid;

static void
grid_add (Grid *grid, guint column, guint row, guint channel, float amount)
{
  grid->density[((gsize) row * grid->n_columns + column) * CHRONO_REF_N_CHANNELS + channel] += amount;
}

static gboolean
density_exact (ChronoReferences *self, const Space *s, guint64 first, guint64 last, Grid *grid, GError **error)
{
  g_autofree ChronoReference *batch = g_new (ChronoReference, MIN ((guint64) BATCH, last - first + 1));
  for (guint64 at = first; at < last; at += BATCH)
    {
      guint n = (guint) MIN ((guint64) BATCH, last - at);
      if (!self->funcs->read (self->source, at, n, batch, error))
        return FALSE;
      for (guint i = 0; i < n; i++)
        {
          const ChronoReference *r = &batch[i];
          if (r->space != s->id)
            continue;
          double position = axis_position (s, r->address);
          double y = (position - grid->axis_lo) / grid->axis_span * grid->n_rows;
          double x = chrono_ticks_apart (grid->begin, r->time) / grid->ticks * grid->n_columns;
          if (position < 0 || y < 0 || y >= grid->n_rows || x < 0 || x >= grid->n_columns)
            continue;
          grid_add (grid, (guint) x, (guint) y, MIN (r->channel, CHRONO_REF_OTHER), 1.0f);
        }
    }
  return TRUE;
}

/* Spreads an amount over [x0, x1) × [y0, y1) in cells, by the share of each cell it covers. */
static void
grid_spread (Grid *grid, double x0, double x1, double y0, double y1, guint channel, float amount)
{
  double cx0 = MAX (x0, 0.0), cx1 = MIN (x1, (double) grid->n_columns);
  double cy0 = MAX (y0, 0.0), cy1 = MIN (y1, (double) grid->n_rows);
  if (cx1 <= cx0 || cy1 <= cy0)
    return;
  double per_area = amount / ((x1 - x0) * (y1 - y0));
  for (guint row = (guint) cy0; row < cy1; row++)
    {
      double h = MIN (cy1, row + 1.0) - MAX (cy0, (double) row);
      for (guint column = (guint) cx0; column < cx1; column++)
        {
          double w = MIN (cx1, column + 1.0) - MAX (cx0, (double) column);
          grid_add (grid, column, row, channel, (float) (per_area * w * h));
        }
    }
}

/* One block's counts spread over its rows of the grid. */
typedef struct {
  ChronoReferences *refs;
  Grid *grid;
  double y0, y1;
} SpreadBlock;

static void
spread_cell (guint cell, guint32 count, gpointer data)
{
  SpreadBlock *b = data;
  ChronoReferences *self = b->refs;
  guint k = cell / CHRONO_REF_N_CHANNELS;
  gint64 t0 = self->summary_begin + (gint64) (k * self->bucket_width);
  /* the last bucket holds nothing past the last record: spread over what it covers */
  guint64 width = MIN (self->bucket_width, chrono_ticks_between (t0, self->end) + 1);
  double x0 = chrono_ticks_apart (b->grid->begin, t0) / b->grid->ticks * b->grid->n_columns;
  double x1 = x0 + (double) width / b->grid->ticks * b->grid->n_columns;
  grid_spread (b->grid, x0, x1, b->y0, b->y1, cell % CHRONO_REF_N_CHANNELS, (float) count);
}

static void
density_from_summary (ChronoReferences *self, const Space *s, gint64 end, Grid *grid)
{
  guint first_bucket = bucket_of (self, grid->begin), last_bucket = bucket_of (self, end);
  for (guint b = 0; b < s->n_blocks; b++)
    {
      SpreadBlock block = { self, grid, (b - grid->axis_lo) / grid->axis_span * grid->n_rows,
                            (b + 1 - grid->axis_lo) / grid->axis_span * grid->n_rows };
      if (block.y1 <= 0 || block.y0 >= grid->n_rows)
        continue;
      chrono_ref_hist_foreach (s->hists[b], first_bucket * CHRONO_REF_N_CHANNELS,
                               (last_bucket + 1) * CHRONO_REF_N_CHANNELS, spread_cell, &block);
    }
}

gboolean
chrono_references_density (ChronoReferences *self, guint space, gint64 begin, gint64 end, guint n_columns,
                           double axis_lo, double axis_hi, guint n_rows, float *density, gboolean *exact,
                           GError **error)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self) && self->summarized && space < self->spaces->len, FALSE);
  g_return_val_if_fail (end > begin && axis_hi > axis_lo && n_columns > 0 && n_rows > 0, FALSE);
  memset (density, 0, (gsize) n_columns * n_rows * CHRONO_REF_N_CHANNELS * sizeof (float));
  Grid grid = { begin, chrono_ticks_apart (begin, end), n_columns, n_rows, axis_lo, axis_hi - axis_lo, density };
  const Space *s = get_space (self, space);
  guint64 first, last;
  if (!chrono_references_find_range (self, begin, end, &first, &last, error))
    return FALSE;
  *exact = last - first <= CHRONO_REF_EXACT_BUDGET;
  if (*exact)
    return density_exact (self, s, first, last, &grid, error);
  density_from_summary (self, s, end, &grid);
  return TRUE;
}

gsize
chrono_references_get_memory_size (ChronoReferences *self)
{
  g_return_val_if_fail (CHRONO_IS_REFERENCES (self), 0);
  gsize size = sizeof *self;
  size += self->spaces->len * sizeof (Space);
  for (guint i = 0; i < self->spaces->len; i++)
    {
      const Space *space = &g_array_index (self->spaces, Space, i);
      for (guint b = 0; b < space->n_blocks; b++)
        size += sizeof (guint32) + sizeof (gpointer) + chrono_ref_hist_get_memory_size (space->hists[b]);
    }
  if (self->funcs == &memory_funcs)
    size += self->n * sizeof (ChronoReference);
  return size;
}
