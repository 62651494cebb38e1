/* chrono-etf-store.c — the id map is open addressing with linear probing,
 * at most half full so probes stay short, multiplicative hashing spreading
 * the dense ids producers write.  Claims are sorted by start time with a
 * radix sort of (key, index) pairs and then moved into place along the
 * cycles of the permutation, so a sort never holds a second copy of them.
 * The interner hands batches of pairs to its worker through two queues and
 * reuses them, so a bounded number is ever allocated. */
#include "chrono-etf-store.h"

#include <string.h>

/* ---- ids ---------------------------------------------------------------- */

static void
allocate (ChronoEtfIds *ids, guint bits)
{
  gsize slots = (gsize) 1 << bits;
  ids->keys = g_new (gint64, slots);
  ids->values = g_new (guint32, slots);
  memset (ids->values, 0xff, slots * sizeof (guint32)); /* every slot CHRONO_ETF_NO_INDEX */
  ids->mask = slots - 1;
  ids->shift = 64 - bits;
  ids->n = 0;
}

void
chrono_etf_ids_init (ChronoEtfIds *ids, guint32 expected)
{
  guint bits = 4;
  while (((gsize) 1 << bits) < 2 * (gsize) expected)
    bits++;
  allocate (ids, bits);
}

void
chrono_etf_ids_init_dense (ChronoEtfIds *ids, gint64 lowest, guint32 size)
{
  g_return_if_fail (size > 0);
  ids->keys = NULL;
  ids->values = g_new (guint32, size);
  memset (ids->values, 0xff, (gsize) size * sizeof (guint32));
  ids->mask = size - 1;
  ids->shift = 0;
  ids->n = 0;
  ids->base = lowest;
}

void
chrono_etf_ids_clear (ChronoEtfIds *ids)
{
  g_clear_pointer (&ids->keys, g_free);
  g_clear_pointer (&ids->values, g_free);
  ids->n = 0;
}

static void
grow (ChronoEtfIds *ids)
{
  gint64 *keys = ids->keys;
  guint32 *values = ids->values;
  gsize slots = (gsize) ids->mask + 1;
  allocate (ids, 64 - ids->shift + 1);
  for (gsize i = 0; i < slots; i++)
    if (values[i] != CHRONO_ETF_NO_INDEX)
      chrono_etf_ids_insert (ids, keys[i], values[i]);
  g_free (keys);
  g_free (values);
}

guint32
chrono_etf_ids_insert (ChronoEtfIds *ids, gint64 id, guint32 index)
{
  g_return_val_if_fail (index != CHRONO_ETF_NO_INDEX, CHRONO_ETF_NO_INDEX);
  if (ids->keys == NULL)
    {
      guint64 offset = (guint64) id - (guint64) ids->base;
      g_return_val_if_fail (offset <= ids->mask, CHRONO_ETF_NO_INDEX);
      guint32 *value = &ids->values[offset];
      if (*value == CHRONO_ETF_NO_INDEX)
        {
          *value = index;
          ids->n++;
        }
      return *value;
    }
  if (2 * ((gsize) ids->n + 1) > (gsize) ids->mask + 1)
    grow (ids);
  guint32 slot = chrono_etf_ids_slot (ids, id);
  while (ids->values[slot] != CHRONO_ETF_NO_INDEX)
    {
      if (ids->keys[slot] == id)
        return ids->values[slot];
      slot = (slot + 1) & ids->mask;
    }
  ids->keys[slot] = id;
  ids->values[slot] = index;
  ids->n++;
  return index;
}

/* ---- records in chunks -------------------------------------------------- */

void
chrono_etf_chunked_init (ChronoEtfChunked *chunked, guint record_size)
{
  *chunked = (ChronoEtfChunked){ .chunks = g_ptr_array_new_with_free_func (g_free), .record_size = record_size };
}

void
chrono_etf_chunked_clear (ChronoEtfChunked *chunked)
{
  g_clear_pointer (&chunked->chunks, g_ptr_array_unref);
  chunked->n = chunked->first_capacity = chunked->released = 0;
}

gpointer
chrono_etf_chunked_append (ChronoEtfChunked *chunked)
{
  g_return_val_if_fail (chunked->n < G_MAXUINT32 - 1, NULL);
  if (chunked->n < CHRONO_ETF_CHUNK && chunked->n == chunked->first_capacity)
    {
      chunked->first_capacity = MIN (MAX (chunked->first_capacity * 2, 256u), CHRONO_ETF_CHUNK);
      gpointer first = chunked->n > 0 ? g_ptr_array_index (chunked->chunks, 0) : NULL;
      first = g_realloc (first, (gsize) chunked->first_capacity * chunked->record_size);
      if (chunked->n == 0)
        g_ptr_array_add (chunked->chunks, first);
      else
        g_ptr_array_index (chunked->chunks, 0) = first;
    }
  else if (chunked->n >= CHRONO_ETF_CHUNK && (chunked->n & (CHRONO_ETF_CHUNK - 1)) == 0)
    g_ptr_array_add (chunked->chunks, g_malloc ((gsize) chunked->record_size << CHRONO_ETF_CHUNK_BITS));
  return chrono_etf_chunked_get (chunked, chunked->n++);
}

void
chrono_etf_chunked_release_chunk (ChronoEtfChunked *chunked, guint index)
{
  g_clear_pointer (&g_ptr_array_index (chunked->chunks, index >> CHRONO_ETF_CHUNK_BITS), g_free);
}

void
chrono_etf_chunked_release_before (ChronoEtfChunked *chunked, guint index)
{
  for (; chunked->released < (index >> CHRONO_ETF_CHUNK_BITS) && chunked->released < chunked->chunks->len;
       chunked->released++)
    g_clear_pointer (&g_ptr_array_index (chunked->chunks, chunked->released), g_free);
}

/* ---- claims ------------------------------------------------------------- */

/* Unsigned integers in the order of the doubles; -0 sorts as 0, which it
 * equals. */
static guint64
sort_key (double t)
{
  guint64 bits;
  if (t == 0.0)
    t = 0.0;
  memcpy (&bits, &t, sizeof bits);
  return (bits >> 63) ? ~bits : bits | (G_GUINT64_CONSTANT (1) << 63);
}

#define RADIX_BITS 11
#define RADIX_SIZE (1u << RADIX_BITS)
#define RADIX_PASSES ((64 + RADIX_BITS - 1) / RADIX_BITS)

/* Least significant digit first, each pass stable: claims of equal t0 stay
 * in file order.  Passes where every key has the same digit are skipped. */
static guint32 *
sort_order (ChronoEtfClaims *claims)
{
  guint n = claims->n;
  g_autofree guint64 *keys = g_new (guint64, n);
  g_autofree guint64 *keys_out = g_new (guint64, n);
  guint32 *order = g_new (guint32, n);
  g_autofree guint32 *order_out = g_new (guint32, n);
  g_autofree guint32 *counts = g_new0 (guint32, RADIX_PASSES * RADIX_SIZE);
  for (guint i = 0; i < n; i++)
    {
      keys[i] = sort_key (chrono_etf_claims_get (claims, i)->t0);
      order[i] = i;
      for (guint pass = 0; pass < RADIX_PASSES; pass++)
        counts[pass * RADIX_SIZE + ((keys[i] >> (pass * RADIX_BITS)) & (RADIX_SIZE - 1))]++;
    }
  for (guint pass = 0; pass < RADIX_PASSES; pass++)
    {
      guint32 *count = counts + pass * RADIX_SIZE;
      guint shift = pass * RADIX_BITS;
      if (count[(keys[0] >> shift) & (RADIX_SIZE - 1)] == n)
        continue;
      guint32 position = 0;
      for (guint d = 0; d < RADIX_SIZE; d++)
        {
          guint32 c = count[d];
          count[d] = position;
          position += c;
        }
      for (guint i = 0; i < n; i++)
        {
          guint32 to = count[(keys[i] >> shift) & (RADIX_SIZE - 1)]++;
          keys_out[to] = keys[i];
          order_out[to] = order[i];
        }
      guint64 *k = keys;
      keys = keys_out;
      keys_out = k;
      guint32 *o = order;
      order = order_out;
      order_out = o;
    }
  return order;
}

static gboolean
is_sorted (ChronoEtfClaims *claims)
{
  for (guint i = 1; i < claims->n; i++)
    if (chrono_etf_claims_get (claims, i)->t0 < chrono_etf_claims_get (claims, i - 1)->t0)
      return FALSE;
  return TRUE;
}

void
chrono_etf_claims_sort (ChronoEtfClaims *claims)
{
  if (is_sorted (claims))
    return;
  g_autofree guint32 *order = sort_order (claims);
  /* position i takes the claim at order[i]: follow each cycle once */
  for (guint i = 0; i < claims->n; i++)
    {
      if (order[i] == i)
        continue;
      ChronoEtfClaim held = *chrono_etf_claims_get (claims, i);
      guint j = i;
      for (;;)
        {
          guint from = order[j];
          order[j] = j;
          if (from == i)
            {
              *chrono_etf_claims_get (claims, j) = held;
              break;
            }
          *chrono_etf_claims_get (claims, j) = *chrono_etf_claims_get (claims, from);
          j = from;
        }
    }
}

/* ---- interning ---------------------------------------------------------- */

/* Reading runs at twice the pace of interning: the backlog lets it finish
 * early and sort the claims while the worker catches up, and its bound
 * keeps the attribute text of a huge trace from piling up. */
#define BATCH_SIZE (256 * 1024)
#define MAX_BATCHES 128

struct _ChronoEtfInterner {
  ChronoAttrs *attrs;
  GThread *worker; /* started with the first full batch: a small file is interned at finish, on no thread of its own */
  GAsyncQueue *full, *empty; /* GByteArray: batches to intern, batches to fill */
  GByteArray *batch; /* being filled: per set, guint32 n then the 2n strings */
  guint batches; /* made so far */
  GArray *sets; /* guint32, by ticket - 1: written by the worker only */
  guint32 tickets;
};

/* Queued after the last batch. */
static GByteArray end_of_work;

static void
intern_batch (ChronoEtfInterner *interner, GByteArray *batch, GPtrArray *keys, GPtrArray *values)
{
  const char *p = (const char *) batch->data, *stop = p + batch->len;
  while (p < stop)
    {
      guint32 n;
      memcpy (&n, p, sizeof n);
      p += sizeof n;
      g_ptr_array_set_size (keys, n);
      g_ptr_array_set_size (values, n);
      for (guint i = 0; i < n; i++)
        {
          keys->pdata[i] = (gpointer) p;
          p += strlen (p) + 1;
          values->pdata[i] = (gpointer) p;
          p += strlen (p) + 1;
        }
      guint32 set = chrono_attrs_intern (interner->attrs, (const char *const *) keys->pdata,
                                         (const char *const *) values->pdata, n);
      g_array_append_val (interner->sets, set);
    }
}

static gpointer
intern_batches (gpointer data)
{
  ChronoEtfInterner *interner = data;
  g_autoptr (GPtrArray) keys = g_ptr_array_new ();
  g_autoptr (GPtrArray) values = g_ptr_array_new ();
  for (;;)
    {
      GByteArray *batch = g_async_queue_pop (interner->full);
      if (batch == &end_of_work)
        return NULL;
      intern_batch (interner, batch, keys, values);
      g_byte_array_set_size (batch, 0);
      g_async_queue_push (interner->empty, batch);
    }
}

ChronoEtfInterner *
chrono_etf_interner_new (ChronoAttrs *attrs)
{
  ChronoEtfInterner *interner = g_new0 (ChronoEtfInterner, 1);
  interner->attrs = attrs;
  interner->full = g_async_queue_new ();
  interner->empty = g_async_queue_new_full ((GDestroyNotify) g_byte_array_unref);
  interner->batch = g_byte_array_new (); /* the first grows as it fills: a small file takes little */
  interner->batches = 1;
  interner->sets = g_array_new (FALSE, FALSE, sizeof (guint32));
  return interner;
}

guint32
chrono_etf_interner_push (ChronoEtfInterner *interner, const char *pairs, gsize size, guint n)
{
  if (n == 0)
    return 0; /* what chrono_attrs_intern gives, without a trip to the worker */
  guint32 count = n;
  g_byte_array_append (interner->batch, (const guint8 *) &count, sizeof count);
  g_byte_array_append (interner->batch, (const guint8 *) pairs, size);
  if (interner->batch->len >= BATCH_SIZE)
    {
      if (interner->worker == NULL)
        interner->worker = g_thread_new ("etf-attributes", intern_batches, interner);
      g_async_queue_push (interner->full, interner->batch);
      interner->batch = g_async_queue_try_pop (interner->empty);
      if (interner->batch == NULL && interner->batches < MAX_BATCHES)
        {
          interner->batch = g_byte_array_sized_new (BATCH_SIZE + 4096);
          interner->batches++;
        }
      else if (interner->batch == NULL)
        interner->batch = g_async_queue_pop (interner->empty);
    }
  return ++interner->tickets;
}

GArray *
chrono_etf_interner_finish (ChronoEtfInterner *interner)
{
  if (interner->worker == NULL && interner->batch->len > 0)
    {
      /* all of it fit in one batch: interned here, in the order pushed as the worker would */
      g_autoptr (GPtrArray) keys = g_ptr_array_new ();
      g_autoptr (GPtrArray) values = g_ptr_array_new ();
      intern_batch (interner, interner->batch, keys, values);
    }
  else if (interner->worker != NULL)
    {
      if (interner->batch->len > 0)
        g_async_queue_push (interner->full, g_steal_pointer (&interner->batch));
      g_async_queue_push (interner->full, &end_of_work);
      g_thread_join (interner->worker);
    }
  g_assert (interner->sets->len == interner->tickets);
  GArray *sets = interner->sets;
  if (interner->batch != NULL)
    g_byte_array_unref (interner->batch);
  g_async_queue_unref (interner->full); /* empty: the worker took everything */
  g_async_queue_unref (interner->empty);
  g_free (interner);
  return sets;
}

/* ---- ids a file repeats ---------------------------------------------------- */

#define REPEATS_SLACK_BITS (G_GUINT64_CONSTANT (1) << 20)

static guint64
repeats_key (gint64 id)
{
  return (guint64) id ^ (G_GUINT64_CONSTANT (1) << 63);
}

static void
repeats_give_up (ChronoEtfRepeats *r)
{
  g_clear_pointer (&r->seen, g_free);
  g_clear_pointer (&r->repeated, g_free);
  r->n_words = 0;
  r->given_up = TRUE;
}

/* Makes room for key, growing by at least the range held (so growing costs
 * a constant a noted id); FALSE once the range would be mostly empty. */
static gboolean
repeats_reach (ChronoEtfRepeats *r, guint64 key)
{
  guint64 word_key = key & ~G_GUINT64_CONSTANT (63);
  guint64 low = r->low, high = r->low + r->n_words * 64; /* high: exclusive */
  guint64 span = high - low;
  guint64 new_low = low, new_high = high;
  if (r->n_words == 0)
    {
      new_low = word_key;
      new_high = word_key + 64;
    }
  else if (key < low)
    new_low = MIN (word_key, low >= span ? low - span : 0);
  else
    new_high = MAX (word_key + 64, high <= G_MAXUINT64 - span ? high + span : 0);
  /* past the ends of the 64-bit ids (a sum wrapped), or sparse */
  if (new_high <= new_low || key < new_low || key - new_low >= new_high - new_low
      || new_high - new_low > 4 * r->n_ids + REPEATS_SLACK_BITS)
    return FALSE;
  guint64 n_words = (new_high - new_low) / 64, shift = (low - new_low) / 64;
  guint64 *seen = g_new0 (guint64, n_words), *repeated = g_new0 (guint64, n_words);
  if (r->n_words > 0)
    {
      memcpy (seen + shift, r->seen, r->n_words * sizeof (guint64));
      memcpy (repeated + shift, r->repeated, r->n_words * sizeof (guint64));
    }
  g_free (r->seen);
  g_free (r->repeated);
  r->seen = seen;
  r->repeated = repeated;
  r->low = new_low;
  r->n_words = n_words;
  return TRUE;
}

void
chrono_etf_repeats_note (ChronoEtfRepeats *r, gint64 id)
{
  if (r->given_up)
    return;
  r->n_ids++;
  guint64 key = repeats_key (id);
  if ((r->n_words == 0 || key < r->low || key - r->low >= r->n_words * 64) && !repeats_reach (r, key))
    {
      repeats_give_up (r);
      return;
    }
  guint64 bit = key - r->low, mask = G_GUINT64_CONSTANT (1) << (bit % 64);
  if (r->seen[bit / 64] & mask)
    r->repeated[bit / 64] |= mask;
  else
    r->seen[bit / 64] |= mask;
}

gboolean
chrono_etf_repeats_has (const ChronoEtfRepeats *r, gint64 id)
{
  g_return_val_if_fail (!r->given_up, TRUE);
  guint64 key = repeats_key (id);
  if (r->n_words == 0 || key < r->low || key - r->low >= r->n_words * 64)
    return FALSE;
  guint64 bit = key - r->low;
  return (r->repeated[bit / 64] >> (bit % 64)) & 1;
}

void
chrono_etf_repeats_clear (ChronoEtfRepeats *r)
{
  g_clear_pointer (&r->seen, g_free);
  g_clear_pointer (&r->repeated, g_free);
  r->n_words = 0;
}
