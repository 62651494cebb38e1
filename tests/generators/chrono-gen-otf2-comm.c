/* chrono-gen-otf2-comm.c — channels and pairs keyed by text; the pairs
 * sorted by sender, receiver and communicator when written. */
#include "chrono-gen-otf2-comm.h"

#include <string.h>

typedef struct {
  GArray *sends, *receives; /* uint64_t: the calls' Enters, in the order written */
  GArray *sizes; /* uint64_t: each send's bytes */
  uint32_t tag;
  char *communicator;
} Channel;

/* A group of the message summary: a size bin, a tag or a communicator. */
typedef struct {
  uint64_t smallest, largest; /* size: the bin; tag: the tag twice */
  char *communicator;
  uint64_t count, bytes, late;
} Group;

typedef struct {
  uint64_t sender, receiver;
  char *communicator;
  uint64_t count, bytes, late;
} Pair;

/* The collectives of one operation on one communicator. */
typedef struct {
  char *operation, *communicator;
  uint64_t count, sent, received;
} Collective;

struct _GenComm {
  GHashTable *collectives; /* "operation\ncommunicator" -> Collective */
  GHashTable *channels; /* "sender receiver communicator tag" -> Channel */
  GHashTable *pairs; /* "sender receiver communicator" -> Pair */
  GHashTable *groups[GEN_COMM_N_GROUPINGS]; /* the group's name -> Group */
};

static void
channel_free (Channel *ch)
{
  g_array_unref (ch->sends);
  g_array_unref (ch->receives);
  g_array_unref (ch->sizes);
  g_free (ch->communicator);
  g_free (ch);
}

static void
group_free (Group *g)
{
  g_free (g->communicator);
  g_free (g);
}

static void
pair_free (Pair *p)
{
  g_free (p->communicator);
  g_free (p);
}

static void
collective_free (Collective *k)
{
  g_free (k->operation);
  g_free (k->communicator);
  g_free (k);
}

GenComm *
gen_comm_new (void)
{
  GenComm *c = g_new0 (GenComm, 1);
  c->collectives = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) collective_free);
  c->channels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) channel_free);
  c->pairs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) pair_free);
  for (int i = 0; i < GEN_COMM_N_GROUPINGS; i++)
    c->groups[i] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) group_free);
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
  ch->sizes = g_array_new (FALSE, FALSE, sizeof (uint64_t));
  ch->tag = tag;
  ch->communicator = g_strdup (communicator);
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

/* The group of a message in one grouping; a size's bin is [2^k, 2^(k+1) − 1] for its highest bit k (0 alone). */
static Group *
group_of (GenComm *c, GenCommGrouping by, uint64_t bytes, uint32_t tag, const char *communicator)
{
  Group g = { 0 };
  if (by == GEN_COMM_BY_SIZE && bytes > 0)
    {
      int k = 63 - __builtin_clzll (bytes);
      g.smallest = (uint64_t) 1 << k;
      g.largest = k == 63 ? UINT64_MAX : (g.smallest << 1) - 1;
    }
  else if (by == GEN_COMM_BY_TAG)
    g.smallest = g.largest = tag;
  char *key =
      by == GEN_COMM_BY_COMMUNICATOR ? g_strdup (communicator) : g_strdup_printf ("%" G_GUINT64_FORMAT, g.smallest);
  Group *found = g_hash_table_lookup (c->groups[by], key);
  if (found != NULL)
    {
      g_free (key);
      return found;
    }
  found = g_memdup2 (&g, sizeof g);
  found->communicator = by == GEN_COMM_BY_COMMUNICATOR ? g_strdup (communicator) : NULL;
  g_hash_table_insert (c->groups[by], key, found);
  return found;
}

void
gen_comm_send (GenComm *c, uint64_t sender, uint64_t receiver, const char *communicator, uint32_t tag, uint64_t bytes,
               uint64_t call)
{
  Channel *ch = channel (c, sender, receiver, communicator, tag);
  g_array_append_val (ch->sends, call);
  g_array_append_val (ch->sizes, bytes);
  Pair *p = pair (c, sender, receiver, communicator);
  p->count++;
  p->bytes += bytes;
  for (int by = 0; by < GEN_COMM_N_GROUPINGS; by++)
    {
      Group *g = group_of (c, by, bytes, tag, communicator);
      g->count++;
      g->bytes += bytes;
    }
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
  if (send_call <= call)
    return;
  pair (c, sender, receiver, communicator)->late += send_call - call;
  for (int by = 0; by < GEN_COMM_N_GROUPINGS; by++)
    group_of (c, by, g_array_index (ch->sizes, uint64_t, k), tag, communicator)->late += send_call - call;
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

static int
by_group_name (const void *a, const void *b)
{
  const Group *x = *(Group *const *) a, *y = *(Group *const *) b;
  if (x->communicator != NULL)
    return strcmp (x->communicator, y->communicator);
  return x->smallest < y->smallest ? -1 : (x->smallest > y->smallest);
}

void
gen_comm_write_summary (GenComm *c, FILE *f, GenCommSeconds seconds, GenCommGrouping by)
{
  static const char *const names[] = { "size", "tag", "communicator" };
  GPtrArray *values = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, c->groups[by]);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (values, value);
  qsort (values->pdata, values->len, sizeof (gpointer), by_group_name);
  uint64_t messages = 0, bytes = 0, late = 0;
  char text[64];
  fprintf (f, "{\"format\": \"otf2\", \"by\": \"%s\", \"groups\": [", names[by]);
  for (guint i = 0; i < values->len; i++)
    {
      const Group *g = g_ptr_array_index (values, i);
      fputs (i ? ", {" : "{", f);
      if (by == GEN_COMM_BY_SIZE)
        fprintf (f, "\"smallest\": %" G_GUINT64_FORMAT ", \"largest\": %" G_GUINT64_FORMAT, g->smallest, g->largest);
      else if (by == GEN_COMM_BY_TAG)
        fprintf (f, "\"tag\": %" G_GUINT64_FORMAT, g->smallest);
      else
        fprintf (f, "\"communicator\": \"%s\"", g->communicator);
      seconds (text, sizeof text, g->late);
      fprintf (f, ", \"count\": %" G_GUINT64_FORMAT ", \"bytes\": %" G_GUINT64_FORMAT ", \"late_sender\": %s}",
               g->count, g->bytes, text);
      messages += g->count;
      bytes += g->bytes;
      late += g->late;
    }
  seconds (text, sizeof text, late);
  fprintf (f, "], \"messages\": %" G_GUINT64_FORMAT ", \"bytes\": %" G_GUINT64_FORMAT ", \"late_sender\": %s}\n",
           messages, bytes, text);
  g_ptr_array_unref (values);
}

void
gen_comm_free (GenComm *c)
{
  for (int i = 0; i < GEN_COMM_N_GROUPINGS; i++)
    g_hash_table_destroy (c->groups[i]);
  g_hash_table_destroy (c->collectives);
  g_hash_table_destroy (c->channels);
  g_hash_table_destroy (c->pairs);
  g_free (c);
}

void
gen_comm_collective (GenComm *c, const char *operation, const char *communicator, uint64_t sent, uint64_t received)
{
  char *key = g_strdup_printf ("%s\n%s", operation, communicator);
  Collective *k = g_hash_table_lookup (c->collectives, key);
  if (k == NULL)
    {
      k = g_new0 (Collective, 1);
      k->operation = g_strdup (operation);
      k->communicator = g_strdup (communicator);
      g_hash_table_insert (c->collectives, key, k);
    }
  else
    g_free (key);
  k->count++;
  k->sent += sent;
  k->received += received;
}

static int
by_operation (const void *a, const void *b)
{
  const Collective *x = *(const Collective *const *) a, *y = *(const Collective *const *) b;
  int d = strcmp (x->operation, y->operation);
  return d != 0 ? d : strcmp (x->communicator, y->communicator);
}

void
gen_comm_write_collectives (GenComm *c, FILE *f)
{
  GPtrArray *values = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, c->collectives);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (values, value);
  qsort (values->pdata, values->len, sizeof (gpointer), by_operation);
  uint64_t count = 0, sent = 0, received = 0;
  fputs ("{\"format\": \"otf2\", \"by\": \"collective\", \"groups\": [", f);
  for (guint i = 0; i < values->len; i++)
    {
      const Collective *k = g_ptr_array_index (values, i);
      fprintf (f,
               "%s{\"operation\": \"%s\", \"communicator\": \"%s\", \"count\": %" G_GUINT64_FORMAT
               ", \"bytes_sent\": %" G_GUINT64_FORMAT ", \"bytes_received\": %" G_GUINT64_FORMAT "}",
               i ? ", " : "", k->operation, k->communicator, k->count, k->sent, k->received);
      count += k->count;
      sent += k->sent;
      received += k->received;
    }
  fprintf (f,
           "], \"collectives\": %" G_GUINT64_FORMAT ", \"bytes_sent\": %" G_GUINT64_FORMAT
           ", \"bytes_received\": %" G_GUINT64_FORMAT "}\n",
           count, sent, received);
  g_ptr_array_unref (values);
}
