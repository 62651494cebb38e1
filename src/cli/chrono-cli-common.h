/* chrono-cli-common.h — what every command of chronoscope-cli shares: the
 * shape of a command (its row in the table main dispatches through), its
 * exit codes, the options the loaders declare, reading a trace with them
 * and the rule for outputs.  A command is one file, chrono-cli-NAME.c, and
 * one row of the table in chronoscope-cli.c. */
#pragma once

#include "chrono-loader.h"

G_BEGIN_DECLS

enum { CHRONO_CLI_EXIT_OK = 0, CHRONO_CLI_EXIT_WARNINGS = 1, CHRONO_CLI_EXIT_FAILED = 2 };

typedef enum {
  CHRONO_CLI_READS_TRACES = 1 << 0, /* takes the options the loaders declare (--lazy, …) */
  CHRONO_CLI_WRITES_OUTPUT = 1 << 1, /* writes OUT under chrono_cli_check_output()'s rule */
} ChronoCliCommandFlags;

typedef struct ChronoCliCommand ChronoCliCommand;
struct ChronoCliCommand {
  const char *name; /* "info" */
  const char *arguments; /* N_(): what follows the name in the usage ("FILE… -o OUT") */
  const char *summary; /* N_(): what it does, for the usage */
  /* argv[0] is the command's name; returns the exit code */
  int (*run) (const ChronoCliCommand *command, int argc, char **argv);
  const GOptionEntry *options; /* its own options, ending with { NULL }; the usage lists them */
  ChronoCliCommandFlags flags;
};

/* Parses the command's options (and, when it reads traces, the loaders'),
 * as its --help shows them under parameter_string. */
gboolean chrono_cli_parse_options (const ChronoCliCommand *command, const char *parameter_string, int *argc,
                                   char ***argv, GError **error);

/* The loaders' declared options that the command line offers: the common
 * ones, then each loader's in the table's order, each flag once; an option
 * without a description is taken but hidden. */
const GOptionEntry *chrono_cli_loader_entries (void);
/* The loader options given on the command line, by their declared name. */
void chrono_cli_collect_loader_options (GHashTable *options);

/* Reads path with the options given; lazy: NULL, or how to read whatever
 * the command line says.  NULL when it cannot, said on stderr. */
ChronoTrace *chrono_cli_load_with (const char *path, const char *lazy);
ChronoTrace *chrono_cli_load (const char *path);

/* The rule of every command that writes, checked before any input is read. */
gboolean chrono_cli_check_output (const char *command, const char *output, gboolean force);

G_END_DECLS
