/* chrono-cli-comm.c — `chronoscope-cli comm`: the communication matrix of
 * an OTF2 archive (messages and bytes per sender, receiver and
 * communicator) with the time receivers waited for late senders. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>

#include "chrono-cli-commands.h"
#include "chrono-cli-json.h"
#include "chrono-comm.h"
#include "chrono-report.h"

static struct {
  gboolean json;
} given;

const GOptionEntry chrono_cli_comm_options[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &given.json, N_ ("Print JSON"), NULL },
  { NULL },
};

static GVariant *
seconds (const ChronoClock *clock, gint64 ticks)
{
  return chrono_report_number_take (chrono_clock_format_seconds_exact (clock, ticks));
}

static char *
comm_json (ChronoTrace *trace, const ChronoComm *comm)
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
  g_variant_builder_add (&root, "{sv}", "messages", g_variant_new_uint64 (comm->messages));
  g_variant_builder_add (&root, "{sv}", "bytes", g_variant_new_uint64 (comm->bytes));
  g_variant_builder_add (&root, "{sv}", "late_sender", seconds (clock, comm->late_sender));
  g_autoptr (GVariant) document = g_variant_ref_sink (g_variant_builder_end (&root));
  return chrono_cli_variant_json (document, CHRONO_CLI_JSON_LINES);
}

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
  g_autoptr (ChronoTrace) trace = chrono_cli_load_with (argv[1], "never");
  if (trace == NULL)
    return CHRONO_CLI_EXIT_FAILED;
  g_autoptr (ChronoComm) comm = chrono_comm_new (trace);
  if (comm == NULL)
    {
      g_printerr (_ ("chronoscope-cli comm: %s: a %s trace records no messages (they are read from OTF2 archives)\n"),
                  argv[1], chrono_trace_get_format (trace));
      return CHRONO_CLI_EXIT_FAILED;
    }
  g_autofree char *text = given.json ? comm_json (trace, comm) : comm_text (trace, comm);
  fputs (text, stdout);
  return CHRONO_CLI_EXIT_OK;
}
