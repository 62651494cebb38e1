/* chrono-cli-blocking.c — `chronoscope-cli blocking`: every request of a
 * semaphore, in file order: how long it waited and who held the semaphore
 * when it asked. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>

#include "chrono-blocking.h"
#include "chrono-cli-commands.h"
#include "chrono-cli-documents.h"

static struct {
  gboolean json;
} given;

const GOptionEntry chrono_cli_blocking_options[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &given.json, N_ ("Print JSON"), NULL },
  { NULL },
};

static void
append_instance (GString *out, const char *process, gint64 instance)
{
  g_string_append (out, process);
  if (instance != G_MININT64)
    g_string_append_printf (out, "#%" PRId64, instance);
}

/* One line a request: who, on what, when, how long, and the holders. */
static char *
blocking_text (ChronoTrace *trace, ChronoBlocking *blocking)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  GString *out = g_string_new (NULL);
  guint contended = 0;
  for (guint i = 0; i < chrono_blocking_get_n_waits (blocking); i++)
    {
      const ChronoBlockingWait *wait = chrono_blocking_get_wait (blocking, i);
      g_autofree char *at = chrono_clock_format_ticks (clock, wait->access->requested, 9);
      g_string_append_printf (out, "%s  ", at);
      append_instance (out, chrono_strings_get (strings, wait->access->process), wait->access->instance);
      g_string_append_printf (out, _ (" requests %s: "), chrono_lane_get_name (wait->semaphore));
      gint64 ticks = chrono_blocking_wait_ticks (wait);
      if (ticks < 0)
        g_string_append (out, _ ("never assigned"));
      else
        {
          g_autofree char *length = chrono_clock_format_duration (clock, (guint64) ticks, 4);
          g_string_append_printf (out, _ ("waited %s"), length);
        }
      for (guint h = 0; h < wait->n_held_by; h++)
        {
          g_string_append (out, h == 0 ? _ (", held by ") : ", ");
          append_instance (out, wait->held_by[h].process, wait->held_by[h].instance);
        }
      contended += wait->n_held_by > 0;
      g_string_append_c (out, '\n');
    }
  g_string_append_printf (out, _ ("%u requests, %u of them while the semaphore was held\n"),
                          chrono_blocking_get_n_waits (blocking), contended);
  return g_string_free (out, FALSE);
}

int
chrono_cli_blocking (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_cli_parse_options (command, _ ("FILE — who waited on a semaphore, how long, and who held it"), &argc,
                                 &argv, &error)
      || argc != 2)
    {
      g_printerr ("chronoscope-cli blocking: %s\n", error ? error->message : _ ("give one file"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  g_autoptr (ChronoTrace) trace = chrono_cli_load (argv[1]);
  if (trace == NULL)
    return CHRONO_CLI_EXIT_FAILED;
  g_autoptr (ChronoBlocking) blocking = chrono_blocking_new (trace);
  g_autofree char *text = given.json ? chrono_cli_blocking_json (trace, blocking) : blocking_text (trace, blocking);
  fputs (text, stdout);
  return CHRONO_CLI_EXIT_OK;
}
