/* chrono-messages.c — a plain array of rows, and the late waits of each
 * receiver, indexed once when first asked (a frame asks per row). */
#include "chrono-messages.h"

#include "chrono-clock.h"

struct _ChronoMessages {
  GArray *rows; /* ChronoMessage */
  GMutex indexing;
  GHashTable *late_waits; /* receiver location id (gint64) -> GArray of ChronoLateWait; NULL: not indexed */
};

ChronoMessages *
chrono_messages_new (void)
{
  ChronoMessages *messages = g_new0 (ChronoMessages, 1);
  messages->rows = g_array_new (FALSE, FALSE, sizeof (ChronoMessage));
  g_mutex_init (&messages->indexing);
  return messages;
}

void
chrono_messages_free (ChronoMessages *messages)
{
  if (messages == NULL)
    return;
  g_array_unref (messages->rows);
  g_clear_pointer (&messages->late_waits, g_hash_table_unref);
  g_mutex_clear (&messages->indexing);
  g_free (messages);
}

void
chrono_messages_add (ChronoMessages *messages, const ChronoMessage *message)
{
  g_array_append_vals (messages->rows, message, 1);
  g_mutex_lock (&messages->indexing);
  g_clear_pointer (&messages->late_waits, g_hash_table_unref);
  g_mutex_unlock (&messages->indexing);
}

guint
chrono_messages_get_n (ChronoMessages *messages)
{
  return messages->rows->len;
}

const ChronoMessage *
chrono_messages_get (ChronoMessages *messages, guint index)
{
  g_return_val_if_fail (index < messages->rows->len, NULL);
  return &g_array_index (messages->rows, ChronoMessage, index);
}

gint64
chrono_message_late_sender (const ChronoMessage *m)
{
  if (m->received == CHRONO_MESSAGE_NEVER)
    return 0;
  return m->send_call > m->receive_call ? chrono_ticks_between (m->receive_call, m->send_call) : 0;
}

static int
by_receiver_and_call (gconstpointer a, gconstpointer b)
{
  const ChronoMessage *x = *(const ChronoMessage *const *) a, *y = *(const ChronoMessage *const *) b;
  if (x->receiver != y->receiver)
    return x->receiver < y->receiver ? -1 : 1;
  if (x->receive_call != y->receive_call)
    return x->receive_call < y->receive_call ? -1 : 1;
  return (x->receive_depth > y->receive_depth) - (x->receive_depth < y->receive_depth);
}

static GArray *
waits_of (GHashTable *index, guint64 receiver)
{
  GArray *waits = g_hash_table_lookup (index, &receiver);
  if (waits == NULL)
    {
      waits = g_array_new (FALSE, FALSE, sizeof (ChronoLateWait));
      g_hash_table_insert (index, g_memdup2 (&receiver, sizeof receiver), waits);
    }
  return waits;
}

/* The late messages by receiver and call (its Enter, then its depth); each call's waits make one. */
static GHashTable *
index_late_waits (GArray *rows)
{
  GHashTable *index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_array_unref);
  g_autoptr (GPtrArray) late = g_ptr_array_new ();
  for (guint i = 0; i < rows->len; i++)
    if (chrono_message_late_sender (&g_array_index (rows, ChronoMessage, i)) > 0)
      g_ptr_array_add (late, &g_array_index (rows, ChronoMessage, i));
  g_ptr_array_sort (late, by_receiver_and_call);
  GArray *waits = NULL;
  for (guint i = 0; i < late->len; i++)
    {
      const ChronoMessage *m = late->pdata[i];
      const ChronoMessage *before = i > 0 ? late->pdata[i - 1] : NULL;
      if (before != NULL && before->receiver == m->receiver && before->receive_call == m->receive_call
          && before->receive_depth == m->receive_depth)
        {
          ChronoLateWait *last = &g_array_index (waits, ChronoLateWait, waits->len - 1);
          last->until = MAX (last->until, m->send_call);
          continue;
        }
      waits = waits_of (index, m->receiver);
      ChronoLateWait wait = { m->receive_call, m->send_call, m->receive_depth };
      g_array_append_val (waits, wait);
    }
  return index;
}

const ChronoLateWait *
chrono_messages_get_late_waits (ChronoMessages *messages, guint64 receiver, guint *n_waits)
{
  g_return_val_if_fail (messages != NULL && n_waits != NULL, NULL);
  g_mutex_lock (&messages->indexing);
  if (messages->late_waits == NULL)
    messages->late_waits = index_late_waits (messages->rows);
  GArray *waits = g_hash_table_lookup (messages->late_waits, &receiver);
  g_mutex_unlock (&messages->indexing);
  *n_waits = waits != NULL ? waits->len : 0;
  return waits != NULL ? (const ChronoLateWait *) waits->data : NULL;
}

const ChronoLateWait *
chrono_late_waits_find (const ChronoLateWait *waits, guint n, gint64 call, guint16 depth)
{
  guint lo = 0, hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (waits[mid].call < call || (waits[mid].call == call && waits[mid].depth < depth))
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < n && waits[lo].call == call && waits[lo].depth == depth ? &waits[lo] : NULL;
}
