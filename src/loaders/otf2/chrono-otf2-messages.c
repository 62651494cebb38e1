/* chrono-otf2-messages.c — MPI point-to-point messages: sends and receives
 * collected per location, matched per channel in order, drawn as arrows. */
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
  gpointer group = g_hash_table_lookup (r->comm_groups, GUINT_TO_POINTER (comm));
  GArray *members = g_hash_table_lookup (r->group_members, group);
  if (members == NULL || rank >= members->len)
    return FALSE;
  guint64 index = g_array_index (members, guint64, rank);
  if (r->comm_locations == NULL || index >= r->comm_locations->len)
    return FALSE;
  *out = g_array_index (r->comm_locations, guint64, index);
  return TRUE;
}

static void
message_end (ChronoOtf2Reader *r, GArray *ends, guint64 here, gboolean sending, guint32 peer, guint32 comm, guint32 tag,
             OTF2_TimeStamp time)
{
  guint64 there;
  if (!rank_location (r, comm, peer, &there))
    return;
  MessageEnd end = { sending ? here : there, sending ? there : here, comm, tag, (gint64) time };
  g_array_append_val (ends, end);
}

static OTF2_CallbackCode
on_send (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
         uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
  ChronoOtf2Reader *r = data;
  if (chrono_otf2_event_location (r, id, time, position) == NULL || r->decoding)
    return chrono_otf2_status (r); /* a decoded window draws the index's arrows */
  r->messages++;
  message_end (r, r->sends, id, TRUE, receiver, comm, tag, time);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
on_isend (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
          uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t length, uint64_t request)
{
  return on_send (id, time, position, data, attributes, receiver, comm, tag, length);
}

static OTF2_CallbackCode
on_recv (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
         uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
  ChronoOtf2Reader *r = data;
  if (chrono_otf2_event_location (r, id, time, position) == NULL || r->decoding)
    return chrono_otf2_status (r);
  message_end (r, r->receives, id, FALSE, sender, comm, tag, time);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
on_irecv (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
          uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t length, uint64_t request)
{
  return on_recv (id, time, position, data, attributes, sender, comm, tag, length);
}

/* A collective operation is a span from its begin to its end, one row
 * below the call it happens in (the MPI function's region). */
static OTF2_CallbackCode
on_collective_begin (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data,
                     OTF2_AttributeList *attributes)
{
  Location *location = chrono_otf2_event_location (data, id, time, position);
  if (location == NULL)
    return chrono_otf2_status (data);
  location->collective_since = (gint64) time;
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

static OTF2_CallbackCode
on_collective_end (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data,
                   OTF2_AttributeList *attributes, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root,
                   uint64_t sent, uint64_t received)
{
  ChronoOtf2Reader *r = data;
  Location *location = chrono_otf2_event_location (r, id, time, position);
  if (location == NULL)
    return chrono_otf2_status (r);
  if (location->collective_since == G_MININT64)
    chrono_otf2_mark (r, location, (gint64) time, "MpiCollectiveEnd"); /* its begin was not recorded */
  else
    chrono_otf2_collective_span (r, location, (gint64) time, 0, collective_name (op));
  location->collective_since = G_MININT64;
  return OTF2_CALLBACK_SUCCESS;
}

/* The collective under way on the location, from its begin to end, a row
 * below the call it happens in; name NULL: cut by the end of a window or
 * of the trace before its operation was known. */
void
chrono_otf2_collective_span (ChronoOtf2Reader *r, Location *location, gint64 end, guint8 flags, const char *name)
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
  ChronoSpan span = {
    location->collective_since, end, CHRONO_STATE_BUSY, flags, row, chrono_strings_intern (r->strings, label),
    CHRONO_NO_INSTANCE,         0
  };
  chrono_spans_append (chrono_lane_ensure_spans (location->lane), &span);
}

static int
compare_message_ends (const void *a, const void *b)
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
  return x->time < y->time ? -1 : x->time > y->time;
}

static gboolean
same_channel (const MessageEnd *x, const MessageEnd *y)
{
  return x->from == y->from && x->to == y->to && x->comm == y->comm && x->tag == y->tag;
}

/* MPI keeps messages of one channel (sender, receiver, communicator, tag)
 * in order: the k-th send matches the k-th receive. */
void
chrono_otf2_match_messages (ChronoOtf2Reader *r)
{
  g_array_sort (r->sends, compare_message_ends);
  g_array_sort (r->receives, compare_message_ends);
  guint i = 0, j = 0;
  while (i < r->sends->len && j < r->receives->len)
    {
      const MessageEnd *s = &g_array_index (r->sends, MessageEnd, i), *v = &g_array_index (r->receives, MessageEnd, j);
      if (!same_channel (s, v))
        {
          if (compare_message_ends (s, v) < 0)
            i++;
          else
            j++;
          continue;
        }
      Location *from = g_hash_table_lookup (r->locations, &s->from), *to = g_hash_table_lookup (r->locations, &v->to);
      if (from != NULL && to != NULL)
        {
          ChronoLink link = { from->lane, to->lane, s->time, v->time, s->tag, 0, s->comm };
          chrono_links_append (chrono_trace_get_links (r->trace), &link);
        }
      i++;
      j++;
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
