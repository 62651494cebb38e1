/* chrono-cli-common.c — what every command shares: the loaders' options
 * offered on the command line (built from their declarations, so no format
 * or option is named here), reading a trace with them, and the rule for
 * outputs. */
#include "chrono-cli-common.h"

#include "chrono-config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <unistd.h>

#include "chrono-output-file.h"

/* A declared option and the value the command line gave it, if any. */
typedef struct {
  const ChronoLoaderOption *option;
  char *value;
} GivenOption;

static GivenOption given_options[64];
static GOptionEntry loader_entries[G_N_ELEMENTS (given_options) + 1];

static gboolean
flag_taken (guint n, const char *flag)
{
  for (guint i = 0; i < n; i++)
    if (g_str_equal (given_options[i].option->flag, flag))
      return TRUE;
  return FALSE;
}

static guint
add_loader_entries (guint n, const ChronoLoaderOption *options)
{
  for (const ChronoLoaderOption *o = options; o && o->name; o++)
    {
      if (o->flag == NULL || flag_taken (n, o->flag))
        continue;
      g_assert (n < G_N_ELEMENTS (given_options));
      given_options[n].option = o;
      /* an option without a description is for tests: taken, not offered */
      loader_entries[n] = (GOptionEntry){ o->flag,
                                          0,
                                          o->description ? 0 : G_OPTION_FLAG_HIDDEN,
                                          G_OPTION_ARG_STRING,
                                          &given_options[n].value,
                                          o->description,
                                          o->arg_description };
      n++;
    }
  return n;
}

const GOptionEntry *
chrono_cli_loader_entries (void)
{
  static gboolean built = FALSE;
  if (!built)
    {
      guint n = add_loader_entries (0, chrono_loaders_common_options ());
      for (const ChronoLoaderInfo *const *l = chrono_loaders_list (); *l; l++)
        n = add_loader_entries (n, (*l)->options);
      loader_entries[n] = (GOptionEntry){ NULL };
      built = TRUE;
    }
  return loader_entries;
}

void
chrono_cli_collect_loader_options (GHashTable *options)
{
  for (guint i = 0; given_options[i].option; i++)
    if (given_options[i].value)
      g_hash_table_insert (options, (gpointer) given_options[i].option->name, given_options[i].value);
}

gboolean
chrono_cli_parse_options (const ChronoCliCommand *command, const char *parameter_string, int *argc, char ***argv,
                          GError **error)
{
  g_autoptr (GOptionContext) context = g_option_context_new (parameter_string);
  if (command->options != NULL)
    g_option_context_add_main_entries (context, command->options, GETTEXT_PACKAGE);
  if (command->flags & CHRONO_CLI_READS_TRACES)
    g_option_context_add_main_entries (context, chrono_cli_loader_entries (), GETTEXT_PACKAGE);
  return g_option_context_parse (context, argc, argv, error);
}

/* A progress line on stderr, only when someone watches it. */
static void
show_progress (double fraction, gpointer user_data)
{
  const char *path = user_data;
  static int last_percent = -1;
  int percent = (int) (fraction * 100.0);
  if (percent == last_percent)
    return;
  last_percent = percent;
  g_printerr ("\r%s: %s %3d%%", path, _ ("reading"), percent);
}

ChronoTrace *
chrono_cli_load_with (const char *path, const char *lazy)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  chrono_cli_collect_loader_options (options);
  if (lazy)
    g_hash_table_insert (options, "lazy", (gpointer) lazy);
  gboolean tty = isatty (fileno (stderr));
  ChronoTrace *trace =
      chrono_load_file_with_options (path, options, tty ? show_progress : NULL, (gpointer) path, NULL, &error);
  if (tty)
    g_printerr ("\r\033[K");
  if (trace == NULL)
    g_printerr ("chronoscope-cli: %s\n", error->message);
  return trace;
}

ChronoTrace *
chrono_cli_load (const char *path)
{
  return chrono_cli_load_with (path, NULL);
}

/* An output that does not exist is made; a FIFO or a character device (a
 * pipe, /dev/null, a terminal) is written into; an existing file or
 * archive is replaced only with --force; anything else is refused. */
gboolean
chrono_cli_check_output (const char *command, const char *output, gboolean force)
{
  g_autoptr (GError) error = NULL;
  ChronoOutputPlace place;
  if (!chrono_output_file_examine (output, &place, &error))
    {
      g_printerr ("chronoscope-cli %s: %s\n", command, error->message);
      return FALSE;
    }
  if (place == CHRONO_OUTPUT_REGULAR && !force)
    {
      g_printerr (_ ("chronoscope-cli %s: %s exists; --force replaces it\n"), command, output);
      return FALSE;
    }
  return TRUE;
}
