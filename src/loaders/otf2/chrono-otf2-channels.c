/* chrono-otf2-channels.c — message channels, so that a window of a lazily
 * read archive draws its own arrows.
 *
 * MPI keeps the messages of one channel (sender, receiver, communicator,
 * tag) in order, so every end is numbered on its channel at its location
 * and a send matches the receive of the same number.  The index pass keeps
 * no message: per location and channel it notes only the first number of
 * each window holding ends of it.  A decoded window numbers its ends from
 * there and pairs them; an end whose partner lies in another window finds
 * that window by binary search and reads it for the partner's location
 * alone.  So the index grows with channels × windows, not with messages. */
#include "chrono-otf2-private.h"

static guint
channel_key_hash (gconstpointer data)
{
  const ChannelKey *k = data;
  guint h = g_int64_hash (&k->peer);
  h = h * 31u + k->comm;
  h = h * 31u + k->tag;
  return h * 2u + (k->sending ? 1u : 0u);
}

static gboolean
channel_key_equal (gconstpointer a, gconstpointer b)
{
  const ChannelKey *x = a, *y = b;
  return x->peer == y->peer && x->comm == y->comm && x->tag == y->tag && !x->sending == !y->sending;
}

static void
channel_free (gpointer data)
{
  Channel *channel = data;
  if (channel->steps != NULL)
    g_array_unref (channel->steps);
  g_free (channel);
}

GHashTable *
chrono_otf2_channels_new (void)
{
  return g_hash_table_new_full (channel_key_hash, channel_key_equal, NULL, channel_free);
}

/* The step of window, or NULL when the window holds no end of the channel. */
static const ChannelStep *
step_of_window (GArray *steps, guint window)
{
  guint lo = 0, hi = steps ? steps->len : 0;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const ChannelStep *step = &g_array_index (steps, ChannelStep, mid);
      if (step->window == window)
        return step;
      if (step->window < window)
        lo = mid + 1;
      else
        hi = mid;
    }
  return NULL;
}

/* The step of the window holding ordinal: the last one starting at or before it. */
static const ChannelStep *
step_of_ordinal (GArray *steps, guint64 ordinal)
{
  guint lo = 0, hi = steps ? steps->len : 0;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (g_array_index (steps, ChannelStep, mid).first <= ordinal)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo > 0 ? &g_array_index (steps, ChannelStep, lo - 1) : NULL;
}

static Channel *
index_channel (ChronoOtf2Reader *r, guint64 location, const ChannelKey *key)
{
  GHashTable *channels = r->index_channels ? g_hash_table_lookup (r->index_channels, &location) : NULL;
  return channels ? g_hash_table_lookup (channels, key) : NULL;
}

guint64
chrono_otf2_channel_next (ChronoOtf2Reader *r, Location *location, const ChannelKey *key)
{
  GHashTable *channels = r->resolved != NULL ? r->resolve_channels : location->channels;
  Channel *channel = g_hash_table_lookup (channels, key);
  if (channel == NULL)
    {
      channel = g_new0 (Channel, 1);
      channel->key = *key;
      if (r->decoding)
        {
          /* a window numbers its ends from where the index pass saw it begin */
          Channel *indexed = index_channel (r, location->id, key);
          const ChannelStep *step = indexed ? step_of_window (indexed->steps, r->window) : NULL;
          channel->next = step ? step->first : G_MAXUINT64 / 2; /* unknown to the index: matches nothing */
        }
      g_hash_table_insert (channels, &channel->key, channel);
    }
  guint64 ordinal = channel->next++;
  if (r->summary_buckets > 0)
    {
      guint window = location->checkpoints->len - 1;
      if (channel->steps == NULL)
        channel->steps = g_array_new (FALSE, FALSE, sizeof (ChannelStep));
      if (channel->steps->len == 0
          || g_array_index (channel->steps, ChannelStep, channel->steps->len - 1).window != window)
        {
          ChannelStep step = { window, ordinal };
          g_array_append_val (channel->steps, step);
        }
    }
  return ordinal;
}

/* ---- ends whose partner lies in another window ------------------------------------ */

typedef struct {
  guint64 location; /* where the partner is */
  guint window; /* the partner's window */
  gboolean sending; /* end is a send */
  MessageEnd end;
} Lone;

static int
compare_lone (const void *a, const void *b)
{
  const Lone *x = a, *y = b;
  if (x->location != y->location)
    return x->location < y->location ? -1 : 1;
  return x->window < y->window ? -1 : x->window > y->window;
}

/* Where the partner of each lone end lies, as the index pass numbered its channel. */
static void
locate_partners (ChronoOtf2Reader *r, GArray *ends, gboolean sending, GArray *lone)
{
  for (guint i = 0; i < ends->len; i++)
    {
      const MessageEnd *end = &g_array_index (ends, MessageEnd, i);
      guint64 there = sending ? end->to : end->from;
      ChannelKey key = { sending ? end->from : end->to, end->comm, end->tag, !sending };
      Channel *partner = index_channel (r, there, &key);
      const ChannelStep *step = partner ? step_of_ordinal (partner->steps, end->ordinal) : NULL;
      if (step == NULL || step->window == r->window)
        continue; /* never sent or received, or it would have been read with this window */
      Lone l = { there, step->window, sending, *end };
      g_array_append_val (lone, l);
    }
}

/* The message ends of one location in one window, numbered on their channels. */
static GArray *
read_window_ends (ChronoOtf2Reader *r, OTF2_Reader *otf2, guint64 id, guint window)
{
  Location *location = g_hash_table_lookup (r->locations, &id);
  GPtrArray *checkpoints = g_hash_table_lookup (r->index_checkpoints, &id);
  if (location == NULL || checkpoints == NULL || window >= checkpoints->len || window + 1 >= r->windows->len)
    return NULL;
  guint saved_window = r->window;
  gint64 saved_end = r->window_end;
  r->window = window;
  r->window_end = g_array_index (r->windows, gint64, window + 1);
  r->resolved = g_array_new (FALSE, FALSE, sizeof (MessageEnd));
  r->resolve_channels = chrono_otf2_channels_new ();
  g_autoptr (GPtrArray) one = g_ptr_array_new ();
  g_autoptr (GPtrArray) starts = g_ptr_array_new ();
  g_ptr_array_add (one, location);
  g_ptr_array_add (starts, g_ptr_array_index (checkpoints, window));
  chrono_otf2_read_events (r, otf2, one, starts);
  g_clear_pointer (&r->resolve_channels, g_hash_table_unref);
  r->window = saved_window;
  r->window_end = saved_end;
  r->window_over = FALSE;
  GArray *ends = g_steal_pointer (&r->resolved);
  g_array_sort (ends, chrono_otf2_compare_message_ends);
  return ends;
}

static void
link_partner (ChronoOtf2Reader *r, const Lone *l, GArray *partners)
{
  /* the partner has the same channel and ordinal; only its time differs */
  MessageEnd probe = l->end;
  probe.time = G_MININT64;
  guint lo = 0, hi = partners->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (chrono_otf2_compare_message_ends (&g_array_index (partners, MessageEnd, mid), &probe) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == partners->len)
    return;
  const MessageEnd *p = &g_array_index (partners, MessageEnd, lo);
  if (p->from != probe.from || p->to != probe.to || p->comm != probe.comm || p->tag != probe.tag
      || p->ordinal != probe.ordinal)
    return;
  if (l->sending)
    chrono_otf2_add_message_link (r, &l->end, p);
  else
    chrono_otf2_add_message_link (r, p, &l->end);
}

void
chrono_otf2_resolve_crossing_messages (ChronoOtf2Reader *r, OTF2_Reader *otf2, GArray *lone_sends,
                                       GArray *lone_receives)
{
  g_autoptr (GArray) lone = g_array_new (FALSE, FALSE, sizeof (Lone));
  locate_partners (r, lone_sends, TRUE, lone);
  locate_partners (r, lone_receives, FALSE, lone);
  g_array_sort (lone, compare_lone);
  for (guint i = 0; i < lone->len;)
    {
      const Lone *first = &g_array_index (lone, Lone, i);
      g_autoptr (GArray) partners = read_window_ends (r, otf2, first->location, first->window);
      guint j = i;
      for (; j < lone->len && compare_lone (&g_array_index (lone, Lone, j), first) == 0; j++)
        if (partners != NULL)
          link_partner (r, &g_array_index (lone, Lone, j), partners);
      i = j;
    }
}
