/* chrono-cli-check.c — `chronoscope-cli check`: the problems of each trace,
 * one per line (what its reader warned of), or with --requirements every
 * violation of a requirements file. */
#include "chrono-config.h"

#include <glib/gi18n.h>

#include "chrono-cli-commands.h"
#include "chrono-requirements.h"

static struct {
  char *requirements;
} given;

const GOptionEntry chrono_cli_check_options[] = {
  { "requirements", 0, 0, G_OPTION_ARG_FILENAME, &given.requirements,
    N_ ("Check the traces against the timing requirements in FILE instead (exit 1 when one is violated)"),
    N_ ("FILE") },
  { NULL },
};

/* One line per violation: the trace line that activated the instance, the
 * requirement as written, the value and when. */
static void
print_violation (const char *path, ChronoTrace *trace, const ChronoViolation *v)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  const ChronoRequirement *r = v->requirement;
  g_autofree char *at = chrono_clock_format_ticks (clock, v->time - clock->origin, 12);
  g_autofree char *value = NULL;
  if (r->kind == CHRONO_REQUIREMENT_LOAD)
    value = g_strdup_printf ("%.6g%%", v->load);
  else if (r->kind == CHRONO_REQUIREMENT_METRIC && chrono_metric_is_count (r->metric))
    value = g_strdup_printf ("%" G_GINT64_FORMAT, v->value);
  else
    value = chrono_clock_format_duration (clock, (guint64) v->value, 6);
  if (v->line > 0)
    g_print ("%s:%" G_GUINT64_FORMAT ": %s: %s ", path, v->line, r->text, value);
  else
    g_print ("%s: %s: %s ", path, r->text, value);
  /* TRANSLATORS: a requirement's violation: "<value> at <time>" */
  g_print (_ ("at %s"), at);
  if (v->number != G_MININT64)
    g_print (" (#%" G_GINT64_FORMAT ")", v->number);
  g_print ("\n");
}

/* Exit 0 when every trace meets every requirement, 1 when one is violated. */
static int
check_requirements (const char *requirements_path, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) requirements = NULL;
  if (!g_file_get_contents (requirements_path, &text, NULL, &error)
      || (requirements = chrono_requirements_parse (text, &error)) == NULL)
    {
      g_printerr ("chronoscope-cli check: %s: %s\n", requirements_path, error->message);
      return CHRONO_CLI_EXIT_FAILED;
    }
  int status = CHRONO_CLI_EXIT_OK;
  for (int i = 1; i < argc; i++)
    {
      /* metrics need every instance: the whole file is read */
      g_autoptr (ChronoTrace) trace = chrono_cli_load_with (argv[i], "never");
      if (trace == NULL)
        return CHRONO_CLI_EXIT_FAILED;
      g_autoptr (GArray) violations = chrono_requirements_check (requirements, trace, &error);
      if (violations == NULL)
        {
          g_printerr ("chronoscope-cli check: %s: %s: %s\n", argv[i], requirements_path, error->message);
          return CHRONO_CLI_EXIT_FAILED;
        }
      for (guint v = 0; v < violations->len; v++)
        print_violation (argv[i], trace, &g_array_index (violations, ChronoViolation, v));
      if (violations->len > 0)
        status = CHRONO_CLI_EXIT_WARNINGS;
    }
  return status;
}

/* What the reader warned of, one line a warning: at its line, or where its message says. */
static void
print_warnings (const char *path, ChronoWarnings *warnings)
{
  for (guint w = 0; w < chrono_warnings_get_n_kept (warnings); w++)
    {
      const ChronoWarning *warning = chrono_warnings_get_kept (warnings, w);
      if (warning->has_time) /* its message says where */
        g_print ("%s: warning: %s\n", path, warning->message);
      else
        g_print ("%s:%" G_GUINT64_FORMAT ": warning: %s\n", path, warning->line, warning->message);
    }
  guint64 unlisted = chrono_warnings_get_unlisted (warnings);
  if (unlisted > 0)
    g_print ("%s: warning: %" G_GUINT64_FORMAT " more warnings not listed\n", path, unlisted);
}

/* Exit 0 when no trace has a problem, 1 when one has warnings, 2 when one cannot be read. */
static int
check_problems (int argc, char **argv)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  chrono_cli_collect_loader_options (options);
  int status = CHRONO_CLI_EXIT_OK;
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ChronoTrace) trace = chrono_load_file_with_options (argv[i], options, NULL, NULL, NULL, &error);
      if (trace == NULL)
        {
          g_print ("%s: error: %s\n", argv[i], error->message);
          status = CHRONO_CLI_EXIT_FAILED;
          continue;
        }
      print_warnings (argv[i], chrono_trace_get_warnings (trace));
      if (chrono_warnings_get_total (chrono_trace_get_warnings (trace)) > 0 && status == CHRONO_CLI_EXIT_OK)
        status = CHRONO_CLI_EXIT_WARNINGS;
    }
  return status;
}

int
chrono_cli_check (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) parse_error = NULL;
  if (!chrono_cli_parse_options (command, _ ("FILE… — list problems, one per line"), &argc, &argv, &parse_error))
    {
      g_printerr ("chronoscope-cli check: %s\n", parse_error->message);
      return CHRONO_CLI_EXIT_FAILED;
    }
  if (argc < 2)
    {
      g_printerr ("chronoscope-cli check: %s\n", _ ("no file given"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  if (given.requirements != NULL)
    return check_requirements (given.requirements, argc, argv);
  return check_problems (argc, argv);
}
