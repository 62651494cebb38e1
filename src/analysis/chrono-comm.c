/* chrono-comm.c — messages summed into pairs through a hash of (sender,
 * receiver, communicator), then sorted once. */
#include "chrono-comm.h"

#include <string.h>

typedef struct {
  guint64 sender, receiver;
  guint32 communicator;
} PairKey;

static guint
pair_hash (gconstpointer key)
{
  const PairKey *k = key;
  guint64 v =
      k->sender * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15) ^ (k->receiver + 0x632BE59BD9B4E019) * 31 ^ k->communicator;
  return (guint) (v ^ (v >> 32));
}

static gboolean
pair_equal (gconstpointer a, gconstpointer b)
{
  const PairKey *x = a, *y = b;
  return x->sender == y->sender && x->receiver == y->receiver && x->communicator == y->communicator;
}

static int
by_ends_and_communicator (gconstpointer a, gconstpointer b)
{
  const ChronoCommPair *x = a, *y = b;
  if (x->sender != y->sender)
    return x->sender < y->sender ? -1 : 1;
  if (x->receiver != y->receiver)
    return x->receiver < y->receiver ? -1 : 1;
  return strcmp (x->communicator, y->communicator);
}

gboolean
chrono_comm_applies (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), FALSE);
  /* a whole read of calls keeps every message there was (none: none sent) */
  return !chrono_trace_is_lazy (trace)
         && (chrono_trace_get_messages (trace) != NULL || (chrono_trace_get_features (trace) & CHRONO_TRACE_HAS_CALLS));
}

ChronoComm *
chrono_comm_new (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  if (!chrono_comm_applies (trace))
    return NULL;
  ChronoMessages *messages = chrono_trace_get_messages (trace);
  ChronoComm *comm = g_new0 (ChronoComm, 1);
  comm->pairs = g_array_new (FALSE, FALSE, sizeof (ChronoCommPair));
  g_autoptr (GHashTable) index = g_hash_table_new_full (pair_hash, pair_equal, g_free, NULL);
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  for (guint i = 0; messages != NULL && i < chrono_messages_get_n (messages); i++)
    {
      const ChronoMessage *m = chrono_messages_get (messages, i);
      PairKey key = { m->sender, m->receiver, m->communicator };
      gpointer at;
      if (!g_hash_table_lookup_extended (index, &key, NULL, &at))
        {
          ChronoCommPair pair = { m->sender, m->receiver, chrono_strings_get (strings, m->communicator), 0, 0, 0 };
          g_array_append_val (comm->pairs, pair);
          at = GUINT_TO_POINTER (comm->pairs->len);
          g_hash_table_insert (index, g_memdup2 (&key, sizeof key), at);
        }
      ChronoCommPair *pair = &g_array_index (comm->pairs, ChronoCommPair, GPOINTER_TO_UINT (at) - 1);
      gint64 late = chrono_message_late_sender (m);
      pair->count++;
      pair->bytes += m->bytes;
      pair->late_sender += late;
      comm->messages++;
      comm->bytes += m->bytes;
      comm->late_sender += late;
    }
  g_array_sort (comm->pairs, by_ends_and_communicator);
  return comm;
}

void
chrono_comm_free (ChronoComm *comm)
{
  if (comm == NULL)
    return;
  g_array_unref (comm->pairs);
  g_free (comm);
}

gint64
chrono_comm_late_sender_in_call (ChronoTrace *trace, guint64 location, gint64 call, guint16 depth, guint64 *out_sender)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), 0);
  ChronoMessages *messages = chrono_trace_get_messages (trace);
  guint n = 0;
  const ChronoLateWait *waits = messages != NULL ? chrono_messages_get_late_waits (messages, location, &n) : NULL;
  /* the call is one of the location's few late ones, or waited for nothing */
  if (chrono_late_waits_find (waits, n, call, depth) == NULL)
    return 0;
  gint64 waited = 0, longest = 0;
  for (guint i = 0; i < chrono_messages_get_n (messages); i++)
    {
      const ChronoMessage *m = chrono_messages_get (messages, i);
      if (m->receiver != location || m->receive_call != call || m->receive_depth != depth)
        continue;
      gint64 late = chrono_message_late_sender (m);
      waited = chrono_ticks_sum (waited, late);
      if (late > longest)
        {
          longest = late;
          *out_sender = m->sender;
        }
    }
  return waited;
}
