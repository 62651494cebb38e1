/* chrono-etf-store.h — TRACE records between reading and building.
 *
 * Ids to dense indexes: a GHashTable of int64 keys costs a key pointer, a
 * value pointer, a hash and a function call per lookup; a million claims
 * need 12 bytes a slot and an inline probe here.
 *
 * Claims in fixed chunks: growing one array of a million claims copies it
 * over and over and holds two copies at once, and chunks can be given back
 * one by one once their claims are on the lanes. */
#pragma once

#include <glib.h>

#include "chrono-attrs.h"

G_BEGIN_DECLS

#define CHRONO_ETF_NO_INDEX G_MAXUINT32

typedef struct {
  gint64 *keys; /* NULL when dense */
  guint32 *values; /* CHRONO_ETF_NO_INDEX marks a free slot; by id - base when dense */
  guint32 mask; /* slots - 1 */
  guint32 shift; /* 64 - log2 (slots) */
  guint32 n;
  gint64 base;
} ChronoEtfIds;

void chrono_etf_ids_init (ChronoEtfIds *ids, guint32 expected);
/* For ids known to lie in [lowest, lowest + size): one slot per id, filled
 * in order when producers number records 0, 1, 2… */
void chrono_etf_ids_init_dense (ChronoEtfIds *ids, gint64 lowest, guint32 size);
void chrono_etf_ids_clear (ChronoEtfIds *ids);
/* Adds id -> index unless id is there; returns the index id has now. */
guint32 chrono_etf_ids_insert (ChronoEtfIds *ids, gint64 id, guint32 index);

static inline guint32
chrono_etf_ids_slot (const ChronoEtfIds *ids, gint64 id)
{
  return (guint32) (((guint64) id * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> ids->shift);
}

static inline guint32
chrono_etf_ids_lookup (const ChronoEtfIds *ids, gint64 id)
{
  if (ids->keys == NULL)
    {
      guint64 offset = (guint64) id - (guint64) ids->base;
      return offset <= ids->mask ? ids->values[offset] : CHRONO_ETF_NO_INDEX;
    }
  for (guint32 slot = chrono_etf_ids_slot (ids, id);; slot = (slot + 1) & ids->mask)
    {
      if (ids->values[slot] == CHRONO_ETF_NO_INDEX)
        return CHRONO_ETF_NO_INDEX;
      if (ids->keys[slot] == id)
        return ids->values[slot];
    }
}

/* Which ids a file repeats, learnt in one pass in any order: two bits an
 * id over the range of ids seen so far.  A lazy read then keeps the line of
 * a first claim only for ids that repeat, not for every id (4 bytes a claim).
 * Ids too sparse for bits to pay make it give up. */
typedef struct {
  guint64 *seen, *repeated;
  guint64 low; /* the id of bit 0, as an order-keeping unsigned (id ^ 2^63), a multiple of 64 */
  guint64 n_words;
  guint64 n_ids; /* noted, repeats included */
  gboolean given_up;
} ChronoEtfRepeats;

void chrono_etf_repeats_note (ChronoEtfRepeats *repeats, gint64 id);
/* Whether id was noted more than once; only while not given up. */
gboolean chrono_etf_repeats_has (const ChronoEtfRepeats *repeats, gint64 id);
void chrono_etf_repeats_clear (ChronoEtfRepeats *repeats);

#define CHRONO_ETF_CLAIM_HAS_OFFSET 0x80000000u /* in Claim.resource */

typedef struct {
  double t0, t1; /* as written, in the file's unit */
  double amount, offset; /* offset only with CHRONO_ETF_CLAIM_HAS_OFFSET */
  gint64 id;
  guint64 line;
  guint32 attrs;
  guint32 resource; /* index of the resource id, | CHRONO_ETF_CLAIM_HAS_OFFSET */
  guint32 activity; /* once placed: the activity lane's index, CHRONO_ETF_NO_INDEX when skipped */
  guint32 label;
} ChronoEtfClaim;

/* Records of one size in chunks: a record never moves once a chunk is full
 * (the first grows to its full size, so a small file or window takes
 * little), and the chunks done with can be let go while the rest are
 * still read (a TRACE file's claims as their lanes are filled, its
 * dependencies as they are linked).  A full chunk is big enough to be a
 * mapping of its own, given back to the system when released
 * (chrono_loaders_tune_allocator). */
#define CHRONO_ETF_CHUNK_BITS 16
#define CHRONO_ETF_CHUNK (1u << CHRONO_ETF_CHUNK_BITS)

typedef struct {
  GPtrArray *chunks; /* CHRONO_ETF_CHUNK records each, NULL once released */
  guint n;
  guint record_size;
  guint first_capacity; /* records the first chunk has room for */
  guint released; /* chrono_etf_chunked_release_before freed the chunks before this one */
} ChronoEtfChunked;

void chrono_etf_chunked_init (ChronoEtfChunked *chunked, guint record_size);
void chrono_etf_chunked_clear (ChronoEtfChunked *chunked);
/* Room for one more record, at index n - 1 once returned; a record of the
 * first chunk may move while it grows, so none is held across an append. */
gpointer chrono_etf_chunked_append (ChronoEtfChunked *chunked);
/* Frees the chunk that holds record index; its records must be done with. */
void chrono_etf_chunked_release_chunk (ChronoEtfChunked *chunked, guint index);
/* Frees the chunks wholly before record index: none of them is asked for again. */
void chrono_etf_chunked_release_before (ChronoEtfChunked *chunked, guint index);

static inline gpointer
chrono_etf_chunked_get (ChronoEtfChunked *chunked, guint index)
{
  char *chunk = g_ptr_array_index (chunked->chunks, index >> CHRONO_ETF_CHUNK_BITS);
  return chunk + (gsize) (index & (CHRONO_ETF_CHUNK - 1)) * chunked->record_size;
}

/* A TRACE file's claims, in a chunked store of ChronoEtfClaim. */
typedef ChronoEtfChunked ChronoEtfClaims;

static inline void
chrono_etf_claims_init (ChronoEtfClaims *claims)
{
  chrono_etf_chunked_init (claims, sizeof (ChronoEtfClaim));
}

static inline ChronoEtfClaim *
chrono_etf_claims_get (ChronoEtfClaims *claims, guint index)
{
  return chrono_etf_chunked_get (claims, index);
}

/* Into order of t0, claims of equal t0 in the order they were appended. */
void chrono_etf_claims_sort (ChronoEtfClaims *claims);

/* Attribute sets interned on a worker thread while the lines are still being
 * read: interning is half of the loading time and needs nothing but the
 * pairs.  Until finish, only the worker touches the trace's attributes and
 * strings; sets are interned in the order pushed, so their ids are those a
 * single thread gives.  A ticket stands for the set until then: 0 for no
 * attributes, else the push count.  The worker starts with the first full
 * batch (256 KiB of pairs); a smaller file's sets are interned by finish,
 * without the cost of a thread. */
typedef struct _ChronoEtfInterner ChronoEtfInterner;

ChronoEtfInterner *chrono_etf_interner_new (ChronoAttrs *attrs);
/* pairs: n keys and values, each NUL-terminated, back to back in size bytes */
guint32 chrono_etf_interner_push (ChronoEtfInterner *interner, const char *pairs, gsize size, guint n);
/* Waits for the worker and frees the interner: the set of ticket t is at t - 1. */
GArray *chrono_etf_interner_finish (ChronoEtfInterner *interner);

static inline guint32
chrono_etf_ticket_set (GArray *sets, guint32 ticket)
{
  return ticket == 0 ? CHRONO_ATTRS_NONE : g_array_index (sets, guint32, ticket - 1);
}

G_END_DECLS
