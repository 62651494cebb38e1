/* chrono-cli-commands.h — the commands of chronoscope-cli, one file each
 * (chrono-cli-NAME.c): the function that runs it and the options it takes,
 * which the table in chronoscope-cli.c gathers.  The options' values live
 * in their file (a process runs one command), so that the usage lists the
 * very entries the command parses. */
#pragma once

#include "chrono-cli-common.h"

G_BEGIN_DECLS

int chrono_cli_info (const ChronoCliCommand *command, int argc, char **argv);
extern const GOptionEntry chrono_cli_info_options[];
int chrono_cli_check (const ChronoCliCommand *command, int argc, char **argv);
extern const GOptionEntry chrono_cli_check_options[];
int chrono_cli_export (const ChronoCliCommand *command, int argc, char **argv);
extern const GOptionEntry chrono_cli_export_options[];
int chrono_cli_convert (const ChronoCliCommand *command, int argc, char **argv);
extern const GOptionEntry chrono_cli_convert_options[];
int chrono_cli_merge (const ChronoCliCommand *command, int argc, char **argv);
extern const GOptionEntry chrono_cli_merge_options[];
int chrono_cli_life (const ChronoCliCommand *command, int argc, char **argv);
extern const GOptionEntry chrono_cli_life_options[];
int chrono_cli_stats (const ChronoCliCommand *command, int argc, char **argv);
extern const GOptionEntry chrono_cli_stats_options[];
int chrono_cli_blocking (const ChronoCliCommand *command, int argc, char **argv);
extern const GOptionEntry chrono_cli_blocking_options[];
int chrono_cli_diff (const ChronoCliCommand *command, int argc, char **argv);
extern const GOptionEntry chrono_cli_diff_options[];
int chrono_cli_comm (const ChronoCliCommand *command, int argc, char **argv);
extern const GOptionEntry chrono_cli_comm_options[];
int chrono_cli_profile (const ChronoCliCommand *command, int argc, char **argv);
extern const GOptionEntry chrono_cli_profile_options[];
int chrono_cli_chains (const ChronoCliCommand *command, int argc, char **argv);
extern const GOptionEntry chrono_cli_chains_options[];
int chrono_cli_range (const ChronoCliCommand *command, int argc, char **argv);
extern const GOptionEntry chrono_cli_range_options[];
int chrono_cli_dump (const ChronoCliCommand *command, int argc, char **argv);

G_END_DECLS
