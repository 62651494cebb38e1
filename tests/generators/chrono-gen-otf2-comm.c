/* chrono-gen-otf2-comm.c — channels and pairs keyed by text; the pairs
 * sorted by sender, receiver and communicator when written. */
#include "chrono-gen-otf2-comm.h"

#include <string.h>

typedef struct {
  GArray *sends, *receives; /* uint64_t: the calls' Enters, in the order written */
} Channel;

typedef struct {
  uint64_t sender, receiver;
  char *communicator;
  uint64_t count, bytes, late;
} Pair;

struct _GenComm {
  GHashTable *channels; /* "sender receiver communicator tag" -> Channel */
  GHashTable *pairs; /* "sender receiver communicator" -> Pair */
};

static void
channel_free (Channel *ch)
{
  g_array_unref (ch->sends);
  g_array_unref (ch->receives);
  g_free (ch);
}

static void
pair_free (Pair *p)
{
  g_free (p->communicator);
  g_free (p);
}

GenComm *
gen_comm_new (void)
{
  GenComm *c = g_new0 (GenComm, 1);
  c->channels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) channel_free);
  c->pairs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) pair_free);
  return c;
}

static Channel *
channel (GenComm *c, uint64_t sender, uint64_t receiver, const char *communicator, uint32_t tag)
{
  char *key =
      g_strdup_printf ("%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %s %u", sender, receiver, communicator, tag);
  Channel *ch = g_hash_table_lookup (c->channels, key);
  if (ch != NULL)
    {
      g_free (key);
      return ch;
    }
  ch = g_new0 (Channel, 1);
  ch->sends = g_array_new (FALSE, FALSE, sizeof (uint64_t));
  ch->receives = g_array_new (FALSE, FALSE, sizeof (uint64_t));
  g_hash_table_insert (c->channels, key, ch);
  return ch;
}

static Pair *
pair (GenComm *c, uint64_t sender, uint64_t receiver, const char *communicator)
{
  char *key = g_strdup_printf ("%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %s", sender, receiver, communicator);
  Pair *p = g_hash_table_lookup (c->pairs, key);
  if (p != NULL)
    {
      g_free (key);
      return p;
    }
  p = g_new0 (Pair, 1);
  p->sender = sender;
  p->receiver = receiver;
  p->communicator = g_strdup (communicator);
  g_hash_table_insert (c->pairs, key, p);
  return p;
}

void
gen_comm_send (GenComm *c, uint64_t sender, uint64_t receiver, const char *communicator, uint32_t tag, uint64_t bytes,
               uint64_t call)
{
  g_array_append_val (channel (c, sender, receiver, communicator, tag)->sends, call);
  Pair *p = pair (c, sender, receiver, communicator);
  p->count++;
  p->bytes += bytes;
}

/* The k-th receive of a channel is its k-th send's: the receiver waited
 * for the sender when the send's call began after the receive's. */
void
gen_comm_receive (GenComm *c, uint64_t sender, uint64_t receiver, const char *communicator, uint32_t tag, uint64_t call)
{
  Channel *ch = channel (c, sender, receiver, communicator, tag);
  g_array_append_val (ch->receives, call);
  guint k = ch->receives->len - 1;
  if (k >= ch->sends->len)
    return; /* a receive before its send: no reader matches it either */
  uint64_t send_call = g_array_index (ch->sends, uint64_t, k);
  if (send_call > call)
    pair (c, sender, receiver, communicator)->late += send_call - call;
}

static int
by_ends (const void *a, const void *b)
{
  const Pair *x = *(Pair *const *) a, *y = *(Pair *const *) b;
  if (x->sender != y->sender)
    return x->sender < y->sender ? -1 : 1;
  if (x->receiver != y->receiver)
    return x->receiver < y->receiver ? -1 : 1;
  return strcmp (x->communicator, y->communicator);
}

void
gen_comm_write (GenComm *c, FILE *f, GenCommSeconds seconds)
{
  GPtrArray *values = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, c->pairs);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (values, value);
  Pair **pairs = (Pair **) values->pdata;
  guint n = values->len;
  qsort (pairs, n, sizeof *pairs, by_ends);
  uint64_t messages = 0, bytes = 0, late = 0;
  char text[64];
  fputs ("{\"format\": \"otf2\", \"pairs\": [", f);
  for (guint i = 0; i < n; i++)
    {
      const Pair *p = pairs[i];
      seconds (text, sizeof text, p->late);
      fprintf (f,
               "%s{\"sender\": %" G_GUINT64_FORMAT ", \"receiver\": %" G_GUINT64_FORMAT
               ", \"communicator\": \"%s\", \"count\": %" G_GUINT64_FORMAT ", \"bytes\": %" G_GUINT64_FORMAT
               ", \"late_sender\": %s}",
               i ? ", " : "", p->sender, p->receiver, p->communicator, p->count, p->bytes, text);
      messages += p->count;
      bytes += p->bytes;
      late += p->late;
    }
  seconds (text, sizeof text, late);
  fprintf (f, "], \"messages\": %" G_GUINT64_FORMAT ", \"bytes\": %" G_GUINT64_FORMAT ", \"late_sender\": %s}\n",
           messages, bytes, text);
  g_ptr_array_unref (values);
}

void
gen_comm_free (GenComm *c)
{
  g_hash_table_destroy (c->channels);
  g_hash_table_destroy (c->pairs);
  g_free (c);
}
