/* chrono-cli-comm.c — `chronoscope-cli comm`: the communication matrix of
 * an OTF2 archive (messages and bytes per sender, receiver and
 * communicator) with the time receivers waited for late senders; with
 * --by, the message summary (the same figures per size, tag or
 * communicator), or the collective operations per operation and
 * communicator with the bytes sent and received in them. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>

#include "chrono-cli-commands.h"
#include "chrono-cli-documents.h"
#include "chrono-comm.h"
#include "chrono-message-summary.h"
#include "chrono-report.h"

static struct {
  gboolean json;
  char *by;
} given;

const GOptionEntry chrono_cli_comm_options[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &given.json, N_ ("Print JSON"), NULL },
  { "by", 0, 0, G_OPTION_ARG_STRING, &given.by,
    N_ ("The message summary: messages grouped by size (bins doubling: 0, 1, 2–3, 4–7 bytes, …), tag or "
        "communicator; or the collective operations by operation and communicator"),
    N_ ("size|tag|communicator|collective") },
  { NULL },
};

static char *
comm_text (ChronoTrace *trace, const ChronoComm *comm)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GString *out = g_string_new (NULL);
  g_string_append_printf (out, "%20s %20s %-16s %10s %14s %14s\n", _ ("sender"), _ ("receiver"), _ ("communicator"),
                          _ ("messages"), _ ("bytes"), _ ("late sender"));
  for (guint i = 0; i < comm->pairs->len; i++)
    {
      const ChronoCommPair *p = &g_array_index (comm->pairs, ChronoCommPair, i);
      g_autofree char *late = chrono_clock_format_duration (clock, (guint64) p->late_sender, 4);
      g_string_append_printf (out,
                              "%20" G_GUINT64_FORMAT " %20" G_GUINT64_FORMAT " %-16s %10" G_GUINT64_FORMAT
                              " %14" G_GUINT64_FORMAT " %14s\n",
                              p->sender, p->receiver, p->communicator, p->count, p->bytes, late);
    }
  g_autofree char *late = chrono_clock_format_duration (clock, (guint64) comm->late_sender, 4);
  g_string_append_printf (out, _ ("%" PRIu64 " messages, %" PRIu64 " bytes; receivers waited %s for late senders\n"),
                          comm->messages, comm->bytes, late);
  return g_string_free (out, FALSE);
}

static char *
summary_text (ChronoTrace *trace, ChronoMessageGrouping by, GArray *groups)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  GString *out = g_string_new (NULL);
  g_string_append_printf (out, "%-24s %10s %14s %14s\n", chrono_message_grouping_name (by), _ ("messages"), _ ("bytes"),
                          _ ("late sender"));
  for (guint i = 0; i < groups->len; i++)
    {
      const ChronoMessageGroup *g = &g_array_index (groups, ChronoMessageGroup, i);
      g_autofree char *late = chrono_clock_format_duration (clock, (guint64) g->late_sender, 4);
      g_autofree char *name = by == CHRONO_MESSAGES_BY_SIZE
                                  ? g_strdup_printf ("%" PRIu64 "–%" PRIu64, g->smallest, g->largest)
                              : by == CHRONO_MESSAGES_BY_TAG ? g_strdup_printf ("%" PRIu64, g->smallest)
                                                             : g_strdup (g->communicator);
      g_string_append_printf (out, "%-24s %10" PRIu64 " %14" PRIu64 " %14s\n", name, g->count, g->bytes, late);
    }
  return g_string_free (out, FALSE);
}

static char *
collectives_text (GArray *groups)
{
  GString *out = g_string_new (NULL);
  g_string_append_printf (out, "%-22s %-24s %10s %14s %14s\n", _ ("operation"), _ ("communicator"), _ ("count"),
                          _ ("bytes sent"), _ ("bytes received"));
  for (guint i = 0; i < groups->len; i++)
    {
      const ChronoCollectiveGroup *g = &g_array_index (groups, ChronoCollectiveGroup, i);
      g_string_append_printf (out, "%-22s %-24s %10" PRIu64 " %14" PRIu64 " %14" PRIu64 "\n", g->operation,
                              g->communicator, g->count, g->bytes_sent, g->bytes_received);
    }
  return g_string_free (out, FALSE);
}

int
chrono_cli_comm (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_cli_parse_options (command, _ ("FILE — messages per sender and receiver, and late senders"), &argc, &argv,
                                 &error)
      || argc != 2)
    {
      g_printerr ("chronoscope-cli comm: %s\n", error ? error->message : _ ("give one file"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  ChronoMessageGrouping by = CHRONO_MESSAGES_BY_SIZE;
  gboolean collectives = g_strcmp0 (given.by, "collective") == 0;
  if (given.by != NULL && !collectives && !chrono_message_grouping_parse (given.by, &by))
    {
      g_printerr (_ ("chronoscope-cli comm: --by %s: give size, tag, communicator or collective\n"), given.by);
      return CHRONO_CLI_EXIT_FAILED;
    }
  g_autoptr (ChronoTrace) trace = chrono_cli_load_with (argv[1], "never");
  if (trace == NULL)
    return CHRONO_CLI_EXIT_FAILED;
  if (!chrono_comm_applies (trace))
    {
      g_printerr (_ ("chronoscope-cli comm: %s: a %s trace records no messages (they are read from OTF2 archives)\n"),
                  argv[1], chrono_trace_get_format (trace));
      return CHRONO_CLI_EXIT_FAILED;
    }
  if (collectives)
    {
      g_autoptr (GArray) groups = chrono_collective_summary (trace, NULL);
      g_autofree char *text = given.json ? chrono_cli_collectives_json (trace, groups) : collectives_text (groups);
      fputs (text, stdout);
      return CHRONO_CLI_EXIT_OK;
    }
  g_autoptr (ChronoComm) comm = chrono_comm_new (trace);
  g_autoptr (GArray) groups = given.by != NULL ? chrono_message_summary (trace, by, NULL) : NULL;
  g_autofree char *text = groups != NULL ? (given.json ? chrono_cli_summary_json (trace, comm, by, groups)
                                                       : summary_text (trace, by, groups))
                          : given.json   ? chrono_cli_comm_json (trace, comm)
                                         : comm_text (trace, comm);
  fputs (text, stdout);
  return CHRONO_CLI_EXIT_OK;
}
