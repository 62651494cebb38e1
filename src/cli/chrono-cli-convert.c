/* chrono-cli-convert.c — `chronoscope-cli convert`: a file rewritten in its
 * format's other form (binary ⇄ text) by its loader; the output appears
 * whole or not at all, never over the input. */
#include "chrono-config.h"

#include <glib/gi18n.h>

#include "chrono-cli-commands.h"
#include "chrono-output-file.h"

static struct {
  char *output, *byte_order;
  gboolean force;
} given;

/* --byte-order says more than the loader's declaration of it (the output's
 * order too, when writing binary), so convert describes it itself. */
const GOptionEntry chrono_cli_convert_options[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &given.output, N_ ("File to write"), N_ ("OUT") },
  { "byte-order", 0, 0, G_OPTION_ARG_STRING, &given.byte_order,
    N_ ("Byte order of the binary side: the input's when reading binary (instead of detecting it), the "
        "output's when writing binary (little when absent)"),
    N_ ("little|big") },
  { "force", 0, 0, G_OPTION_ARG_NONE, &given.force,
    N_ ("Replace OUT when it exists; convert even when the byte order given makes times go back"), NULL },
  { NULL },
};

/* A value given to one of convert's options that the loader declares as
 * its own flag reaches it under the name the declaration gives it. */
static void
add_declared_options (GHashTable *options, const ChronoLoaderInfo *loader)
{
  for (const GOptionEntry *e = chrono_cli_convert_options; e->long_name; e++)
    {
      char *value = e->arg == G_OPTION_ARG_STRING ? *(char **) e->arg_data : NULL;
      for (const ChronoLoaderOption *o = loader->options; value && o && o->name; o++)
        if (o->flag && g_str_equal (o->flag, e->long_name))
          g_hash_table_insert (options, (gpointer) o->name, value);
    }
}

static gboolean
byte_order_known (const char *byte_order)
{
  if (byte_order == NULL || g_str_equal (byte_order, "little") || g_str_equal (byte_order, "big"))
    return TRUE;
  g_printerr (_ ("chronoscope-cli convert: --byte-order takes little or big, not “%s”\n"), byte_order);
  return FALSE;
}

static gboolean
output_allowed (const char *input, const char *output, gboolean force)
{
  const char *inputs[] = { input, NULL };
  if (chrono_output_file_is_any_of (output, inputs))
    {
      g_printerr (_ ("chronoscope-cli convert: %s: would overwrite its input\n"), output);
      return FALSE;
    }
  return chrono_cli_check_output ("convert", output, force);
}

int
chrono_cli_convert (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_cli_parse_options (command, _ ("FILE -o OUT — convert between a format's forms"), &argc, &argv, &error))
    {
      g_printerr ("chronoscope-cli convert: %s\n", error->message);
      return CHRONO_CLI_EXIT_FAILED;
    }
  if (argc != 2 || given.output == NULL)
    {
      g_printerr ("chronoscope-cli convert: %s\n", _ ("give one file and -o OUT"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  if (!byte_order_known (given.byte_order) || !output_allowed (argv[1], given.output, given.force))
    return CHRONO_CLI_EXIT_FAILED;
  /* a byte order given says the input is of a format that has one */
  const ChronoLoaderInfo *loader = given.byte_order ? chrono_loaders_sniff_declaring (argv[1], "byte-order", &error)
                                                    : chrono_loaders_sniff (argv[1], &error);
  if (loader != NULL && loader->convert == NULL)
    g_set_error (&error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                 _ ("%s: %s files have only one form; there is nothing to convert to"), argv[1], loader->description);
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  if (error == NULL)
    add_declared_options (options, loader);
  if (given.force)
    g_hash_table_insert (options, "force", "true");
  if (error != NULL || !loader->convert (argv[1], given.output, options, &error))
    {
      g_printerr ("chronoscope-cli convert: %s\n", error->message);
      return CHRONO_CLI_EXIT_FAILED;
    }
  return CHRONO_CLI_EXIT_OK;
}
