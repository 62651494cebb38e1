/* chrono-etf-store.c — the id map is open addressing with linear probing,
 * at most half full so probes stay short, multiplicative hashing spreading
 * the dense ids producers write.  Claims are sorted by start time with a
 * radix sort of (key, index) pairs and then moved into place along the
 * cycles of the permutation, so a sort never holds a second copy of them. */
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

/* ---- claims ------------------------------------------------------------- */

void
chrono_etf_claims_init (ChronoEtfClaims *claims)
{
  claims->chunks = g_ptr_array_new_with_free_func (g_free);
  claims->n = 0;
}

void
chrono_etf_claims_clear (ChronoEtfClaims *claims)
{
  g_clear_pointer (&claims->chunks, g_ptr_array_unref);
  claims->n = 0;
}

ChronoEtfClaim *
chrono_etf_claims_append (ChronoEtfClaims *claims)
{
  g_return_val_if_fail (claims->n < G_MAXUINT32 - 1, NULL);
  if ((claims->n & (CHRONO_ETF_CLAIM_CHUNK - 1)) == 0)
    g_ptr_array_add (claims->chunks, g_new (ChronoEtfClaim, CHRONO_ETF_CLAIM_CHUNK));
  return chrono_etf_claims_get (claims, claims->n++);
}

void
chrono_etf_claims_release_chunk (ChronoEtfClaims *claims, guint index)
{
  guint chunk = index >> CHRONO_ETF_CLAIM_CHUNK_BITS;
  g_clear_pointer (&g_ptr_array_index (claims->chunks, chunk), g_free);
}

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
