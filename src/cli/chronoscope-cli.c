/* chronoscope-cli — trace summaries, checks, dumps and picture export with
 * no display.  Each command is a file of its own (chrono-cli-NAME.c) and a
 * row of the table below: main dispatches through the table, and the usage
 * is written from it and from the options the loaders declare, so that
 * neither names a format or an option by hand. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "chrono-cli-commands.h"
#include "chrono-loader.h"

/* The commands, in the order the usage lists them. */
static const ChronoCliCommand commands[] = {
  { "info", N_ ("FILE…"), N_ ("summarise traces (timing per task, runnable and core)"), chrono_cli_info,
    chrono_cli_info_options, CHRONO_CLI_READS_TRACES },
  { "check", N_ ("FILE…"),
    N_ ("list problems, one per line (exit 0 clean, 1 warnings, 2 errors); with --requirements FILE, every "
        "violation of the timing requirements in FILE (exit 0 all met, 1 violated, 2 errors)"),
    chrono_cli_check, chrono_cli_check_options, CHRONO_CLI_READS_TRACES },
  { "export", N_ ("FILE… -o OUT"), N_ ("write the timeline as PNG, SVG or PDF"), chrono_cli_export,
    chrono_cli_export_options, CHRONO_CLI_READS_TRACES | CHRONO_CLI_WRITES_OUTPUT },
  { "convert", N_ ("FILE -o OUT"), N_ ("rewrite a trace in its format's other form (binary ⇄ text)"),
    chrono_cli_convert, chrono_cli_convert_options, CHRONO_CLI_WRITES_OUTPUT },
  { "merge", N_ ("FILE… -o OUT"), N_ ("merge archives into one, on the first one's clock"), chrono_cli_merge,
    chrono_cli_merge_options, CHRONO_CLI_WRITES_OUTPUT },
  { "life", N_ ("FILE ENTITY#N"), N_ ("the life of a task or ISR instance, as the inspector shows it"), chrono_cli_life,
    chrono_cli_life_options, CHRONO_CLI_READS_TRACES },
  { "stats", N_ ("FILE"),
    N_ ("timing metrics per task, ISR and runnable: response time, start delay, execution, preemptions, jitter"),
    chrono_cli_stats, chrono_cli_stats_options, CHRONO_CLI_READS_TRACES },
  { "blocking", N_ ("FILE"), N_ ("every request of a semaphore: how long it waited and who held the semaphore"),
    chrono_cli_blocking, chrono_cli_blocking_options, CHRONO_CLI_READS_TRACES },
  { "diff", N_ ("A B"), N_ ("what got slower from run A to run B: every timing metric compared; --fail-if for CI"),
    chrono_cli_diff, chrono_cli_diff_options, CHRONO_CLI_READS_TRACES },
  { "comm", N_ ("FILE"), N_ ("messages per sender, receiver and communicator of an OTF2 archive, and late senders"),
    chrono_cli_comm, chrono_cli_comm_options, CHRONO_CLI_READS_TRACES },
  { "profile", N_ ("FILE"), N_ ("the call paths of an OTF2 archive: calls, inclusive and exclusive time, per location"),
    chrono_cli_profile, chrono_cli_profile_options, CHRONO_CLI_READS_TRACES },
  { "chains", N_ ("FILE --chain 'NAME: A -> B -> …'"),
    N_ ("end-to-end latency (first reaction) and data age of event chains from a stimulus or task to a response"),
    chrono_cli_chains, chrono_cli_chains_options, CHRONO_CLI_READS_TRACES },
  { "range", N_ ("FILE --range B..E"), N_ ("time per state, busy share and items of every lane in a range"),
    chrono_cli_range, chrono_cli_range_options, CHRONO_CLI_READS_TRACES },
  { "dump", N_ ("FILE"), N_ ("print the loaded model as text (for tests)"), chrono_cli_dump, NULL,
    CHRONO_CLI_READS_TRACES },
};

/* Where the usage's second column starts, and how wide its lines get. */
enum { USAGE_COLUMN = 27, USAGE_WIDTH = 92 };

/* units (words, or "[--flag ARG]") from the current column on, lines
 * broken between them before USAGE_WIDTH and continued at indent. */
static void
append_units (GString *out, char **units, guint indent)
{
  const char *line_start = strrchr (out->str, '\n');
  glong column = g_utf8_strlen (line_start ? line_start + 1 : out->str, -1);
  for (guint i = 0; units[i] != NULL; i++)
    {
      glong length = g_utf8_strlen (units[i], -1);
      if (column > indent && column + 1 + length > USAGE_WIDTH)
        {
          g_string_append_printf (out, "\n%*s", (int) indent, "");
          column = indent;
        }
      else if (column > indent)
        {
          g_string_append_c (out, ' ');
          column++;
        }
      g_string_append (out, units[i]);
      column += length;
    }
}

static void
append_wrapped (GString *out, const char *text, guint indent)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  append_units (out, words, indent);
}

/* "  NAME ARGUMENTS" then the second column, on the next line when they reach it. */
static void
append_row (GString *out, const char *first, const char *second)
{
  g_string_append_printf (out, "  %s", first);
  glong length = 2 + g_utf8_strlen (first, -1);
  if (length < USAGE_COLUMN)
    g_string_append_printf (out, "%*s", (int) (USAGE_COLUMN - length), "");
  else
    g_string_append_printf (out, "\n%*s", USAGE_COLUMN, "");
  append_wrapped (out, second, USAGE_COLUMN);
  g_string_append_c (out, '\n');
}

/* "[--json]", "[--entity NAME]", …: the options a command's arguments do not name already. */
static GStrv
describe_options (const ChronoCliCommand *command)
{
  const char *arguments = _ (command->arguments);
  g_autoptr (GStrvBuilder) units = g_strv_builder_new ();
  for (const GOptionEntry *e = command->options; e && e->long_name; e++)
    {
      g_autofree char *flag = g_strconcat ("--", e->long_name, NULL);
      char short_flag[] = { '-', e->short_name, ' ', '\0' };
      if (e->flags & G_OPTION_FLAG_HIDDEN || strstr (arguments, flag)
          || (e->short_name && strstr (arguments, short_flag)))
        continue;
      g_autofree char *unit = g_strdup_printf ("[%s%s%s]", flag, e->arg_description ? " " : "",
                                               e->arg_description ? _ (e->arg_description) : "");
      g_strv_builder_add (units, unit);
    }
  return g_strv_builder_end (units);
}

static void
append_command (GString *out, const ChronoCliCommand *command)
{
  g_autofree char *first = g_strdup_printf ("%s %s", command->name, _ (command->arguments));
  append_row (out, first, _ (command->summary));
  g_auto (GStrv) options = describe_options (command);
  if (options[0] != NULL)
    {
      g_string_append_printf (out, "%*s", USAGE_COLUMN, "");
      append_units (out, options, USAGE_COLUMN);
      g_string_append_c (out, '\n');
    }
}

/* "info, check, export" : the commands with all of flags. */
static char *
commands_with (ChronoCliCommandFlags flags)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if ((commands[i].flags & flags) == flags)
      g_string_append_printf (out, "%s%s", out->len ? ", " : "", commands[i].name);
  return g_string_free (out, FALSE);
}

/* The options the loaders declare, as --help shows them: "--group-by=KEY,…". */
static void
append_loader_options (GString *out)
{
  g_autofree char *readers = commands_with (CHRONO_CLI_READS_TRACES);
  g_autofree char *heading = g_strdup_printf (_ ("Options of the file formats (%s):"), readers);
  append_wrapped (out, heading, 0);
  g_string_append_c (out, '\n');
  for (const GOptionEntry *e = chrono_cli_loader_entries (); e->long_name; e++)
    if (!(e->flags & G_OPTION_FLAG_HIDDEN))
      {
        g_autofree char *flag = g_strdup_printf ("--%s=%s", e->long_name, _ (e->arg_description));
        append_row (out, flag, _ (e->description));
      }
}

static void
append_output_rule (GString *out)
{
  g_autofree char *writers = commands_with (CHRONO_CLI_WRITES_OUTPUT);
  g_autofree char *rule = g_strdup_printf (
      _ ("Outputs (%s): OUT is made whole or not at all; one that exists is replaced only with --force (merge: only "
         "an archive of the format merged, or an empty folder); a pipe or character device (a FIFO, /dev/null) is "
         "written into, never replaced; anything else is refused. A symbolic link is written where it leads."),
      writers);
  append_wrapped (out, rule, 0);
  g_string_append_c (out, '\n');
}

static void
usage (void)
{
  g_autoptr (GString) out = g_string_new (_ ("Usage: chronoscope-cli COMMAND [OPTION…] FILE…\n\nCommands:\n"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    append_command (out, &commands[i]);
  append_row (out, "--version", _ ("print the version"));
  g_string_append_c (out, '\n');
  append_loader_options (out);
  g_string_append_c (out, '\n');
  append_output_rule (out);
  g_printerr ("%s", out->str);
}

static const ChronoCliCommand *
find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (commands[i].name, name))
      return &commands[i];
  return NULL;
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  /* messages in the user's language, numbers always with a decimal point:
   * JSON, dumps and check lines are read by programs */
  setlocale (LC_NUMERIC, "C");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  chrono_loaders_tune_allocator ();

  if (argc < 2)
    {
      usage ();
      return CHRONO_CLI_EXIT_FAILED;
    }
  const char *name = argv[1];
  if (strcmp (name, "--version") == 0)
    {
      g_print ("chronoscope-cli %s\n", PACKAGE_VERSION);
      return CHRONO_CLI_EXIT_OK;
    }
  if (strcmp (name, "--help") == 0 || strcmp (name, "-h") == 0 || strcmp (name, "help") == 0)
    {
      usage ();
      return CHRONO_CLI_EXIT_OK;
    }
  const ChronoCliCommand *command = find_command (name);
  if (command != NULL)
    return command->run (command, argc - 1, argv + 1);
  g_printerr (_ ("chronoscope-cli: unknown command “%s”\n\n"), name);
  usage ();
  return CHRONO_CLI_EXIT_FAILED;
}
