/* chrono-cli-dump.c — `chronoscope-cli dump`: the loaded model as text,
 * what the golden tests compare. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "chrono-cli-commands.h"
#include "chrono-dump.h"

int
chrono_cli_dump (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_cli_parse_options (command, _ ("FILE — print the loaded model as text"), &argc, &argv, &error))
    {
      g_printerr ("chronoscope-cli dump: %s\n", error->message);
      return CHRONO_CLI_EXIT_FAILED;
    }
  if (argc != 2)
    {
      g_printerr ("chronoscope-cli dump: %s\n", _ ("give exactly one file"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  /* a dump lists every item, so the whole file is decoded */
  g_autoptr (ChronoTrace) trace = chrono_cli_load_with (argv[1], "never");
  if (trace == NULL)
    return CHRONO_CLI_EXIT_FAILED;
  g_autofree char *text = chrono_trace_dump (trace);
  fputs (text, stdout);
  return CHRONO_CLI_EXIT_OK;
}
