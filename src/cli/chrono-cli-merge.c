/* chrono-cli-merge.c — `chronoscope-cli merge`: archives of one format
 * merged into one, on the first one's clock, by their loader. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chrono-cli-commands.h"

static struct {
  char *output, *align;
  gboolean force;
} given;

const GOptionEntry chrono_cli_merge_options[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &given.output, N_ ("Folder to write the merged archive into"),
    N_ ("OUT") },
  { "align", 0, 0, G_OPTION_ARG_STRING, &given.align,
    N_ ("start: every trace's start on the first's (default); wallclock: by the wall-clock times they carry"),
    N_ ("start|wallclock") },
  { "force", 0, 0, G_OPTION_ARG_NONE, &given.force,
    N_ ("Replace OUT when it is an OTF2 archive (only the files it names) or an empty folder"), NULL },
  { NULL },
};

/* Every input must be of one format whose loader can merge. */
static const ChronoLoaderInfo *
merge_loader (char **inputs, int n_inputs)
{
  const ChronoLoaderInfo *loader = NULL;
  for (int i = 0; i < n_inputs; i++)
    {
      g_autoptr (GError) error = NULL;
      const ChronoLoaderInfo *info = chrono_loaders_sniff (inputs[i], &error);
      if (info == NULL)
        {
          g_printerr ("chronoscope-cli merge: %s\n", error->message);
          return NULL;
        }
      if (info->merge == NULL)
        {
          g_printerr (_ ("chronoscope-cli merge: %s: %s traces cannot be merged\n"), inputs[i], info->description);
          return NULL;
        }
      if (loader != NULL && info != loader)
        {
          g_printerr (_ ("chronoscope-cli merge: %s: a %s trace; the first input is %s\n"), inputs[i],
                      info->description, loader->description);
          return NULL;
        }
      loader = info;
    }
  return loader;
}

int
chrono_cli_merge (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_cli_parse_options (command, _ ("FILE… -o OUT — merge traces into one, on the first one's clock"), &argc,
                                 &argv, &error))
    {
      g_printerr ("chronoscope-cli merge: %s\n", error->message);
      return CHRONO_CLI_EXIT_FAILED;
    }
  if (argc < 2 || given.output == NULL)
    {
      g_printerr ("chronoscope-cli merge: %s\n", _ ("usage: merge FILE… -o OUT [--align start|wallclock] [--force]"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  ChronoMergeOptions options = { CHRONO_MERGE_ALIGN_START, given.force, warnings };
  if (given.align != NULL && strcmp (given.align, "wallclock") == 0)
    options.align = CHRONO_MERGE_ALIGN_WALL_CLOCK;
  else if (given.align != NULL && strcmp (given.align, "start") != 0)
    {
      g_printerr (_ ("chronoscope-cli merge: --align takes start or wallclock, not “%s”\n"), given.align);
      return CHRONO_CLI_EXIT_FAILED;
    }
  const ChronoLoaderInfo *loader = merge_loader (argv + 1, argc - 1);
  if (loader == NULL)
    return CHRONO_CLI_EXIT_FAILED;
  gboolean merged = loader->merge ((const char *const *) argv + 1, (guint) argc - 1, given.output, &options, &error);
  for (guint i = 0; i < warnings->len; i++)
    g_printerr (_ ("chronoscope-cli merge: warning: %s\n"), (const char *) g_ptr_array_index (warnings, i));
  if (!merged)
    {
      g_printerr ("chronoscope-cli merge: %s\n", error->message);
      return CHRONO_CLI_EXIT_FAILED;
    }
  return CHRONO_CLI_EXIT_OK;
}
