/* chrono-otf2-messages.c — MPI point-to-point messages: sends and receives
 * numbered per channel at their location, matched by channel and number,
 * drawn as arrows (a lazily read archive's per window: chrono-otf2-channels.c). */
#include <glib/gi18n-lib.h>

#include <inttypes.h>
#include <string.h>

#include "chrono-otf2-private.h"

/* ---- messages ------------------------------------------------------------------------ */

/* The location of rank in comm: the comm's group lists ranks as indices
 * into the MPI locations group. */
static gboolean
rank_location (ChronoOtf2Reader *r, guint32 comm, guint32 rank, guint64 *out)
{
  gpointer group;
  /* a communicator nothing defines has no group (not group 0's members) */
  if (!g_hash_table_lookup_extended (r->comm_groups, GUINT_TO_POINTER (comm), NULL, &group))
    return FALSE;
  GArray *members = g_hash_table_lookup (r->group_members, group);
  if (members == NULL || rank >= members->len)
    return FALSE;
  guint64 index = g_array_index (members, guint64, rank);
  if (r->comm_locations == NULL || index >= r->comm_locations->len)
    return FALSE;
  *out = g_array_index (r->comm_locations, guint64, index);
  return TRUE;
}

/* The location of a message end; NULL (the callback then returns
 * chrono_otf2_status ()) when there is none or it is past the window.
 * Resolving a crossing message reads only the ends, nothing else. */
static Location *
message_location (ChronoOtf2Reader *r, OTF2_LocationRef id, OTF2_TimeStamp time, guint64 position)
{
  if (r->resolved == NULL)
    return chrono_otf2_event_location (r, id, time, position);
  if ((gint64) MIN (time, (OTF2_TimeStamp) G_MAXINT64) >= r->window_end)
    {
      r->window_over = TRUE;
      return NULL;
    }
  guint64 key = id;
  return g_hash_table_lookup (r->locations, &key);
}

static OTF2_CallbackCode
message_end (ChronoOtf2Reader *r, OTF2_LocationRef id, OTF2_TimeStamp time, guint64 position, gboolean sending,
             guint32 peer, guint32 comm, guint32 tag, guint64 bytes)
{
  Location *location = message_location (r, id, time, position);
  if (location == NULL)
    return chrono_otf2_status (r);
  if (sending && !r->decoding)
    r->messages++;
  guint64 there;
  if (!rank_location (r, comm, peer, &there))
    {
      chrono_otf2_tally (&location->undefined_peer, 1, location->last_time);
      return OTF2_CALLBACK_SUCCESS;
    }
  ChannelKey key = { there, comm, tag, sending };
  guint64 ordinal = chrono_otf2_channel_next (r, location, &key);
  if (r->summary_buckets > 0)
    return OTF2_CALLBACK_SUCCESS; /* an index pass: decoded windows draw the arrows */
  gint64 at = (gint64) MIN (time, (OTF2_TimeStamp) G_MAXINT64);
  guint depth = location->stack->len;
  MessageEnd end = { sending ? location->id : there,
                     sending ? there : location->id,
                     comm,
                     tag,
                     ordinal,
                     at,
                     bytes,
                     depth > 0 ? g_array_index (location->stack, Frame, depth - 1).start : at,
                     (guint16) MIN (depth > 0 ? depth - 1 : 0, G_MAXUINT16) };
  g_array_append_val (r->resolved ? r->resolved : sending ? r->sends : r->receives, end);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
on_send (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
         uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
  return message_end (data, id, time, position, TRUE, receiver, comm, tag, length);
}

static OTF2_CallbackCode
on_isend (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
          uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t length, uint64_t request)
{
  return message_end (data, id, time, position, TRUE, receiver, comm, tag, length);
}

static OTF2_CallbackCode
on_recv (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
         uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
  return message_end (data, id, time, position, FALSE, sender, comm, tag, length);
}

static OTF2_CallbackCode
on_irecv (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
          uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t length, uint64_t request)
{
  return message_end (data, id, time, position, FALSE, sender, comm, tag, length);
}

static char *communicator_name (ChronoOtf2Reader *r, guint32 comm);

/* A collective operation is a span from its begin to its end, one row
 * below the call it happens in (the MPI function's region). */
static OTF2_CallbackCode
on_collective_begin (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data,
                     OTF2_AttributeList *attributes)
{
  Location *location = chrono_otf2_event_location (data, id, time, position);
  if (location == NULL)
    return chrono_otf2_status (data);
  location->collective_since = location->last_time;
  return OTF2_CALLBACK_SUCCESS;
}

static const char *
collective_name (OTF2_CollectiveOp op)
{
  static const char *const names[] = { "Barrier",
                                       "Bcast",
                                       "Gather",
                                       "Gatherv",
                                       "Scatter",
                                       "Scatterv",
                                       "Allgather",
                                       "Allgatherv",
                                       "Alltoall",
                                       "Alltoallv",
                                       "Alltoallw",
                                       "Allreduce",
                                       "Reduce",
                                       "Reduce_scatter",
                                       "Scan",
                                       "Exscan",
                                       "Reduce_scatter_block" };
  return op < G_N_ELEMENTS (names) ? names[op] : "collective";
}

/* What the inspector tells of a collective and the summary of collectives
 * sums: its operation and communicator, its root (a rank of it) when it has
 * one, and the bytes this location sent and received in it. */
static guint32
collective_attrs (ChronoOtf2Reader *r, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root, uint64_t sent,
                  uint64_t received)
{
  if (r->summary_buckets > 0)
    return 0; /* an index pass keeps no span */
  g_autofree char *communicator = communicator_name (r, comm);
  g_autofree char *root_text = g_strdup_printf ("%u", root);
  g_autofree char *sent_text = g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64) sent);
  g_autofree char *received_text = g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64) received);
  const char *keys[] = { "operation", "communicator", "bytes sent", "bytes received", "root" };
  const char *values[] = { collective_name (op), communicator, sent_text, received_text, root_text };
  guint n = root == OTF2_UNDEFINED_UINT32 ? 4 : 5;
  return chrono_otf2_intern_attrs (r, keys, values, n);
}

/* An index pass: the collective is a call inside the MPI call it happens
 * in, as its span is read whole (a row below it). */
static void
summarise_collective (ChronoOtf2Reader *r, Location *location, OTF2_CollectiveOp op, gint64 since, gint64 end)
{
  if (location->calls == NULL)
    return;
  chrono_call_summary_enter (location->calls, r->collective_labels[MIN (op, CHRONO_OTF2_N_COLLECTIVE_LABELS - 1)],
                             since);
  chrono_call_summary_leave (location->calls, end);
}

static OTF2_CallbackCode
on_collective_end (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data,
                   OTF2_AttributeList *attributes, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root,
                   uint64_t sent, uint64_t received)
{
  ChronoOtf2Reader *r = data;
  Location *location = chrono_otf2_event_location (r, id, time, position);
  if (location == NULL)
    return chrono_otf2_status (r);
  r->collectives_seen |= 1u << MIN (op, 31u);
  if (location->collective_since == G_MININT64)
    chrono_otf2_mark (r, location, location->last_time, "MpiCollectiveEnd"); /* its begin was not recorded */
  else
    {
      chrono_otf2_collective_span (r, location, location->last_time, 0, collective_name (op),
                                   collective_attrs (r, op, comm, root, sent, received));
      summarise_collective (r, location, op, location->collective_since, location->last_time);
    }
  location->collective_since = G_MININT64;
  return OTF2_CALLBACK_SUCCESS;
}

/* The collective under way on the location, from its begin to end, a row
 * below the call it happens in; name NULL: cut by the end of a window or
 * of the trace before its operation was known. */
void
chrono_otf2_collective_span (ChronoOtf2Reader *r, Location *location, gint64 end, guint8 flags, const char *name,
                             guint32 attrs)
{
  guint16 row = (guint16) MIN (location->stack->len, G_MAXUINT16);
  if (r->summary_buckets > 0)
    {
      ChronoSummary *summary = chrono_otf2_summary (r, location->lane);
      chrono_summary_add_interval (summary, location->collective_since, end, CHRONO_STATE_BUSY, 0);
      chrono_summary_note_depth (summary, row);
      return;
    }
  g_autofree char *label = name ? g_strdup_printf ("%s (collective)", name) : g_strdup ("collective");
  ChronoSpan span = { location->collective_since,
                      end,
                      CHRONO_STATE_BUSY,
                      flags | CHRONO_SPAN_COLLECTIVE,
                      row,
                      chrono_otf2_intern (r, label),
                      CHRONO_NO_INSTANCE,
                      attrs };
  chrono_spans_append (chrono_lane_ensure_spans (location->lane), &span);
}

char *
chrono_otf2_collective_label (guint op)
{
  return g_strdup_printf ("%s (collective)", collective_name (op));
}

static int
compare_region_ids (gconstpointer a, gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;
  return x < y ? -1 : x > y;
}

void
chrono_otf2_note_colour_labels (ChronoOtf2Reader *r)
{
  /* in region id order, so that colours do not depend on a hash table's */
  g_autoptr (GArray) called = g_array_new (FALSE, FALSE, sizeof (guint32));
  GHashTableIter iter;
  gpointer region, stats;
  g_hash_table_iter_init (&iter, r->region_stats);
  while (g_hash_table_iter_next (&iter, &region, &stats))
    if (((const RegionStats *) stats)->calls > 0)
      {
        guint32 id = GPOINTER_TO_UINT (region);
        g_array_append_val (called, id);
      }
  g_array_sort (called, compare_region_ids);
  for (guint i = 0; i < called->len; i++)
    {
      guint32 id = g_array_index (called, guint32, i);
      chrono_trace_note_colour_label (r->trace, chrono_strings_intern (r->strings, chrono_otf2_region_name (r, id)));
    }
  for (guint op = 0; op < 31; op++)
    if (r->collectives_seen & (1u << op))
      {
        g_autofree char *label = chrono_otf2_collective_label (op);
        chrono_trace_note_colour_label (r->trace, chrono_strings_intern (r->strings, label));
      }
}

/* By channel, then by ordinal on it. */
int
chrono_otf2_compare_message_ends (const void *a, const void *b)
{
  const MessageEnd *x = a, *y = b;
  if (x->from != y->from)
    return x->from < y->from ? -1 : 1;
  if (x->to != y->to)
    return x->to < y->to ? -1 : 1;
  if (x->comm != y->comm)
    return x->comm < y->comm ? -1 : 1;
  if (x->tag != y->tag)
    return x->tag < y->tag ? -1 : 1;
  if (x->ordinal != y->ordinal)
    return x->ordinal < y->ordinal ? -1 : 1;
  return x->time < y->time ? -1 : x->time > y->time;
}

static gboolean
same_message (const MessageEnd *x, const MessageEnd *y)
{
  return x->from == y->from && x->to == y->to && x->comm == y->comm && x->tag == y->tag && x->ordinal == y->ordinal;
}

/* A communicator's name, or its id when it has none or is not defined. */
static char *
communicator_name (ChronoOtf2Reader *r, guint32 comm)
{
  gpointer name;
  if (!g_hash_table_lookup_extended (r->comm_names, GUINT_TO_POINTER (comm), NULL, &name)
      || *chrono_otf2_string (r, GPOINTER_TO_UINT (name)) == '\0')
    return g_strdup_printf ("%u", comm);
  return g_strdup (chrono_otf2_string (r, GPOINTER_TO_UINT (name)));
}

/* What the arrows are filtered by and the inspector tells: the
 * communicator's name (its id when it has none), the tag, the size sent. */
static guint32
message_attrs (ChronoOtf2Reader *r, const MessageEnd *send)
{
  g_autofree char *communicator = communicator_name (r, send->comm);
  g_autofree char *tag = g_strdup_printf ("%u", send->tag);
  g_autofree char *bytes = g_strdup_printf ("%" G_GUINT64_FORMAT, send->bytes);
  const char *keys[] = { "communicator", "tag", "bytes" }, *values[] = { communicator, tag, bytes };
  return chrono_attrs_intern (chrono_trace_get_attrs (r->trace), keys, values, G_N_ELEMENTS (keys));
}

void
chrono_otf2_add_message_link (ChronoOtf2Reader *r, const MessageEnd *send, const MessageEnd *receive)
{
  Location *from = g_hash_table_lookup (r->locations, &send->from),
           *to = g_hash_table_lookup (r->locations, &receive->to);
  if (from == NULL || to == NULL)
    return;
  ChronoLink link = { from->lane, to->lane, send->time, receive->time, send->tag, message_attrs (r, send), send->comm };
  chrono_links_append (chrono_trace_get_links (r->trace), &link);
}

/* A whole read keeps every send, with its receive when one matched it, for
 * the communication figures (chrono-comm.h). */
static void
keep_message (ChronoOtf2Reader *r, const MessageEnd *send, const MessageEnd *receive)
{
  if (r->decoding || r->summary_buckets > 0)
    return;
  g_autofree char *communicator = communicator_name (r, send->comm);
  ChronoMessage message = { send->from,
                            send->to,
                            chrono_strings_intern (r->strings, communicator),
                            send->tag,
                            send->bytes,
                            send->time,
                            send->call,
                            receive ? receive->time : CHRONO_MESSAGE_NEVER,
                            receive ? receive->call : CHRONO_MESSAGE_NEVER,
                            receive ? receive->depth : 0 };
  chrono_messages_add (chrono_trace_ensure_messages (r->trace), &message);
}

static void
keep_lone (GArray *lone, const MessageEnd *end)
{
  if (lone != NULL)
    g_array_append_vals (lone, end, 1);
}

/* The k-th send of a channel matches its k-th receive: ends of equal
 * channel and ordinal pair up. */
void
chrono_otf2_match_messages (ChronoOtf2Reader *r, GArray *lone_sends, GArray *lone_receives)
{
  g_array_sort (r->sends, chrono_otf2_compare_message_ends);
  g_array_sort (r->receives, chrono_otf2_compare_message_ends);
  guint i = 0, j = 0;
  while (i < r->sends->len || j < r->receives->len)
    {
      const MessageEnd *s = i < r->sends->len ? &g_array_index (r->sends, MessageEnd, i) : NULL;
      const MessageEnd *v = j < r->receives->len ? &g_array_index (r->receives, MessageEnd, j) : NULL;
      if (s != NULL && v != NULL && same_message (s, v))
        {
          chrono_otf2_add_message_link (r, s, v);
          keep_message (r, s, v);
          i++;
          j++;
        }
      else if (v == NULL || (s != NULL && chrono_otf2_compare_message_ends (s, v) < 0))
        {
          keep_message (r, s, NULL);
          keep_lone (lone_sends, &g_array_index (r->sends, MessageEnd, i++));
        }
      else
        keep_lone (lone_receives, &g_array_index (r->receives, MessageEnd, j++));
    }
}

void
chrono_otf2_register_message_events (OTF2_EvtReaderCallbacks *c)
{
  OTF2_EvtReaderCallbacks_SetMpiSendCallback (c, on_send);
  OTF2_EvtReaderCallbacks_SetMpiIsendCallback (c, on_isend);
  OTF2_EvtReaderCallbacks_SetMpiRecvCallback (c, on_recv);
  OTF2_EvtReaderCallbacks_SetMpiIrecvCallback (c, on_irecv);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveBeginCallback (c, on_collective_begin);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback (c, on_collective_end);
}
