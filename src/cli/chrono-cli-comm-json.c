/* chrono-cli-comm-json.c — the documents of `comm --json`: the
 * communication matrix with late senders, and with --by the message
 * summary or the collectives.  Part of the JSON writer the CLI and libchronoscope-1 share. */
#include "chrono-cli-documents.h"

#include "chrono-cli-json.h"
#include "chrono-report.h"

static GVariant *
seconds (const ChronoClock *clock, gint64 ticks)
{
  return chrono_report_number_take (chrono_clock_format_seconds_exact (clock, ticks));
}

/* The totals every document ends with, and the document as text. */
static char *
end_document (GVariantBuilder *root, const ChronoClock *clock, const ChronoComm *comm)
{
  g_variant_builder_add (root, "{sv}", "messages", g_variant_new_uint64 (comm->messages));
  g_variant_builder_add (root, "{sv}", "bytes", g_variant_new_uint64 (comm->bytes));
  g_variant_builder_add (root, "{sv}", "late_sender", seconds (clock, comm->late_sender));
  g_autoptr (GVariant) document = g_variant_ref_sink (g_variant_builder_end (root));
  return chrono_cli_variant_json (document, CHRONO_CLI_JSON_LINES);
}

char *
chrono_cli_comm_json (ChronoTrace *trace, const ChronoComm *comm)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GVariantBuilder root, list;
  g_variant_builder_init (&root, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&root, "{sv}", "format", g_variant_new_string (chrono_trace_get_format (trace)));
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < comm->pairs->len; i++)
    {
      const ChronoCommPair *p = &g_array_index (comm->pairs, ChronoCommPair, i);
      GVariantBuilder e;
      g_variant_builder_init (&e, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&e, "{sv}", "sender", g_variant_new_uint64 (p->sender));
      g_variant_builder_add (&e, "{sv}", "receiver", g_variant_new_uint64 (p->receiver));
      g_variant_builder_add (&e, "{sv}", "communicator", chrono_report_text (p->communicator));
      g_variant_builder_add (&e, "{sv}", "count", g_variant_new_uint64 (p->count));
      g_variant_builder_add (&e, "{sv}", "bytes", g_variant_new_uint64 (p->bytes));
      g_variant_builder_add (&e, "{sv}", "late_sender", seconds (clock, p->late_sender));
      g_variant_builder_add (&list, "v", g_variant_builder_end (&e));
    }
  g_variant_builder_add (&root, "{sv}", "pairs", g_variant_builder_end (&list));
  return end_document (&root, clock, comm);
}

/* What one group is called: its sizes, its tag or its communicator. */
static void
add_group_name (GVariantBuilder *e, ChronoMessageGrouping by, const ChronoMessageGroup *g)
{
  if (by == CHRONO_MESSAGES_BY_SIZE)
    {
      g_variant_builder_add (e, "{sv}", "smallest", g_variant_new_uint64 (g->smallest));
      g_variant_builder_add (e, "{sv}", "largest", g_variant_new_uint64 (g->largest));
    }
  else if (by == CHRONO_MESSAGES_BY_TAG)
    g_variant_builder_add (e, "{sv}", "tag", g_variant_new_uint64 (g->smallest));
  else
    g_variant_builder_add (e, "{sv}", "communicator", chrono_report_text (g->communicator));
}

char *
chrono_cli_summary_json (ChronoTrace *trace, const ChronoComm *comm, ChronoMessageGrouping by, GArray *groups)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GVariantBuilder root, list;
  g_variant_builder_init (&root, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&root, "{sv}", "format", g_variant_new_string (chrono_trace_get_format (trace)));
  g_variant_builder_add (&root, "{sv}", "by", g_variant_new_string (chrono_message_grouping_name (by)));
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < groups->len; i++)
    {
      const ChronoMessageGroup *g = &g_array_index (groups, ChronoMessageGroup, i);
      GVariantBuilder e;
      g_variant_builder_init (&e, G_VARIANT_TYPE_VARDICT);
      add_group_name (&e, by, g);
      g_variant_builder_add (&e, "{sv}", "count", g_variant_new_uint64 (g->count));
      g_variant_builder_add (&e, "{sv}", "bytes", g_variant_new_uint64 (g->bytes));
      g_variant_builder_add (&e, "{sv}", "late_sender", seconds (clock, g->late_sender));
      g_variant_builder_add (&list, "v", g_variant_builder_end (&e));
    }
  g_variant_builder_add (&root, "{sv}", "groups", g_variant_builder_end (&list));
  return end_document (&root, clock, comm);
}

char *
chrono_cli_collectives_json (ChronoTrace *trace, GArray *groups)
{
  GVariantBuilder root, list;
  g_variant_builder_init (&root, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&root, "{sv}", "format", g_variant_new_string (chrono_trace_get_format (trace)));
  g_variant_builder_add (&root, "{sv}", "by", g_variant_new_string ("collective"));
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  guint64 count = 0, sent = 0, received = 0;
  for (guint i = 0; i < groups->len; i++)
    {
      const ChronoCollectiveGroup *g = &g_array_index (groups, ChronoCollectiveGroup, i);
      GVariantBuilder e;
      g_variant_builder_init (&e, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&e, "{sv}", "operation", chrono_report_text (g->operation));
      g_variant_builder_add (&e, "{sv}", "communicator", chrono_report_text (g->communicator));
      g_variant_builder_add (&e, "{sv}", "count", g_variant_new_uint64 (g->count));
      g_variant_builder_add (&e, "{sv}", "bytes_sent", g_variant_new_uint64 (g->bytes_sent));
      g_variant_builder_add (&e, "{sv}", "bytes_received", g_variant_new_uint64 (g->bytes_received));
      g_variant_builder_add (&list, "v", g_variant_builder_end (&e));
      count += g->count;
      sent = chrono_ticks_add (sent, g->bytes_sent);
      received = chrono_ticks_add (received, g->bytes_received);
    }
  g_variant_builder_add (&root, "{sv}", "groups", g_variant_builder_end (&list));
  g_variant_builder_add (&root, "{sv}", "collectives", g_variant_new_uint64 (count));
  g_variant_builder_add (&root, "{sv}", "bytes_sent", g_variant_new_uint64 (sent));
  g_variant_builder_add (&root, "{sv}", "bytes_received", g_variant_new_uint64 (received));
  g_autoptr (GVariant) document = g_variant_ref_sink (g_variant_builder_end (&root));
  return chrono_cli_variant_json (document, CHRONO_CLI_JSON_LINES);
}
