/* chrono-cli-diff.c — `chronoscope-cli diff A B`: two runs of a system,
 * the timing metrics of every task, ISR and runnable in both compared
 * statistic by statistic (what got slower, by how much), as JSON or as a
 * table of the largest changes first; --fail-if turns a change into a
 * failing exit status, so a timing regression fails a CI job. */
#include "chrono-config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "chrono-cli-args.h"
#include "chrono-cli-commands.h"
#include "chrono-cli-json.h"
#include "chrono-cli-stats.h"
#include "chrono-diff-gate.h"
#include "chrono-report.h"

static struct {
  gboolean json;
  char **fail_if;
  char *range_a, *range_b;
} given;

const GOptionEntry chrono_cli_diff_options[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &given.json, N_ ("Print JSON"), NULL },
  { "fail-if", 0, 0, G_OPTION_ARG_STRING_ARRAY, &given.fail_if,
    N_ ("Exit with 1 when a change meets this condition: '[ENTITY] METRIC.STAT > 10%' or '… > 2ms' (repeatable)"),
    N_ ("EXPR") },
  { "range-a", 0, 0, G_OPTION_ARG_STRING, &given.range_a, N_ ("Only the instances of A in this range"),
    N_ ("BEGIN..END") },
  { "range-b", 0, 0, G_OPTION_ARG_STRING, &given.range_b, N_ ("Only the instances of B in this range"),
    N_ ("BEGIN..END") },
  { NULL },
};

typedef struct {
  ChronoTrace *trace;
  GPtrArray *entities; /* ChronoEntityMetrics */
} Run;

static const ChronoClock *
clock_of (const Run *run)
{
  return chrono_trace_get_clock (run->trace);
}

/* ---- JSON ------------------------------------------------------------------ */

/* A run's summary as stats --json gives it, less where the worst instance was. */
static GVariant *
summary_variant (const Run *run, const ChronoEntityMetrics *entity, ChronoMetric metric)
{
  ChronoMetricSummary s;
  gboolean any = chrono_metrics_summarize (entity, metric, &s);
  g_autoptr (GVariant) full =
      g_variant_ref_sink (chrono_cli_summary (clock_of (run), chrono_metric_is_count (metric), any ? &s : NULL, 0));
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  GVariantIter iter;
  const char *key;
  GVariant *value;
  g_variant_iter_init (&iter, full);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      if (g_strcmp0 (key, "worst_at") != 0)
        g_variant_builder_add (&b, "{sv}", key, value);
      g_variant_unref (value);
    }
  return g_variant_builder_end (&b);
}

static GVariant *
null_number (void)
{
  return g_variant_new_maybe (CHRONO_REPORT_NUMBER_TYPE, NULL);
}

static GVariant *
change_variant (const Run *a, const Run *b, const ChronoDiffEntity *pair, ChronoMetric metric, gboolean relative)
{
  gboolean count = chrono_metric_is_count (metric);
  GVariantBuilder out;
  g_variant_builder_init (&out, G_VARIANT_TYPE_VARDICT);
  for (ChronoStat stat = 0; stat < CHRONO_N_STATS; stat++)
    {
      ChronoStatValue va = chrono_diff_stat (pair->a, metric, stat), vb = chrono_diff_stat (pair->b, metric, stat);
      gboolean counted = count || stat == CHRONO_STAT_COUNT;
      GVariant *value = NULL;
      if (relative)
        {
          double r;
          value = chrono_diff_relative (clock_of (a), va, clock_of (b), vb, counted, &r) ? g_variant_new_double (r)
                                                                                         : null_number ();
        }
      else
        {
          char *text = chrono_diff_delta_text (clock_of (a), va, clock_of (b), vb, counted);
          value = text != NULL ? chrono_report_number_take (text) : null_number ();
        }
      g_variant_builder_add (&out, "{sv}", chrono_stat_get_name (stat), value);
    }
  return g_variant_builder_end (&out);
}

static GVariant *
metric_variant (const Run *a, const Run *b, const ChronoDiffEntity *pair, ChronoMetric metric)
{
  GVariantBuilder m;
  g_variant_builder_init (&m, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&m, "{sv}", "a", summary_variant (a, pair->a, metric));
  g_variant_builder_add (&m, "{sv}", "b", summary_variant (b, pair->b, metric));
  g_variant_builder_add (&m, "{sv}", "delta", change_variant (a, b, pair, metric, FALSE));
  g_variant_builder_add (&m, "{sv}", "relative", change_variant (a, b, pair, metric, TRUE));
  return g_variant_builder_end (&m);
}

static GVariant *
entity_variant (const Run *a, const Run *b, const ChronoDiffEntity *pair)
{
  GVariantBuilder e;
  g_variant_builder_init (&e, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&e, "{sv}", "name", chrono_report_text (pair->name));
  g_variant_builder_add (&e, "{sv}", "type", chrono_report_text (pair->type));
  guint n;
  const ChronoMetric *metrics = chrono_metrics_of_kind (pair->kind, &n);
  for (guint k = 0; k < n; k++)
    g_variant_builder_add (&e, "{sv}", chrono_metric_get_name (metrics[k]), metric_variant (a, b, pair, metrics[k]));
  return g_variant_builder_end (&e);
}

static GVariant *
names_variant (GPtrArray *entities)
{
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < entities->len; i++)
    {
      const ChronoEntityMetrics *entity = g_ptr_array_index (entities, i);
      GVariantBuilder e;
      g_variant_builder_init (&e, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&e, "{sv}", "name", chrono_report_text (entity->name));
      g_variant_builder_add (&e, "{sv}", "type", chrono_report_text (entity->type));
      g_variant_builder_add (&list, "v", g_variant_builder_end (&e));
    }
  return g_variant_builder_end (&list);
}

static char *
diff_json (const Run *a, const Run *b, const ChronoDiff *diff)
{
  GVariantBuilder root, list;
  g_variant_builder_init (&root, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&root, "{sv}", "format", g_variant_new_string (chrono_trace_get_format (a->trace)));
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < diff->both->len; i++)
    g_variant_builder_add (&list, "v", entity_variant (a, b, &g_array_index (diff->both, ChronoDiffEntity, i)));
  g_variant_builder_add (&root, "{sv}", "entities", g_variant_builder_end (&list));
  g_variant_builder_add (&root, "{sv}", "only_a", names_variant (diff->only_a));
  g_variant_builder_add (&root, "{sv}", "only_b", names_variant (diff->only_b));
  g_autoptr (GVariant) document = g_variant_ref_sink (g_variant_builder_end (&root));
  return chrono_cli_variant_json (document, CHRONO_CLI_JSON_LINES);
}

/* ---- one change: the table and the conditions read it ------------------------------ */

typedef struct {
  const ChronoDiffEntity *pair;
  ChronoMetric metric;
  ChronoStat stat;
  double delta; /* seconds, or counts */
  gboolean has_relative;
  double relative;
} Change;

static gboolean
change_of (const Run *a, const Run *b, const ChronoDiffEntity *pair, ChronoMetric metric, ChronoStat stat, Change *out)
{
  gboolean counted = chrono_metric_is_count (metric) || stat == CHRONO_STAT_COUNT;
  ChronoStatValue va = chrono_diff_stat (pair->a, metric, stat), vb = chrono_diff_stat (pair->b, metric, stat);
  *out = (Change){ pair, metric, stat, 0.0, FALSE, 0.0 };
  if (!chrono_diff_delta (clock_of (a), va, clock_of (b), vb, counted, &out->delta))
    return FALSE;
  out->has_relative = chrono_diff_relative (clock_of (a), va, clock_of (b), vb, counted, &out->relative);
  return TRUE;
}

/* ---- text --------------------------------------------------------------------- */

static int
largest_first (gconstpointer x, gconstpointer y)
{
  const Change *a = x, *b = y;
  double ra = a->has_relative ? fabs (a->relative) : -1.0, rb = b->has_relative ? fabs (b->relative) : -1.0;
  return ra < rb ? 1 : ra > rb ? -1 : 0;
}

static char *
value_text (const Run *run, const ChronoEntityMetrics *entity, ChronoMetric metric, ChronoStat stat)
{
  ChronoStatValue v = chrono_diff_stat (entity, metric, stat);
  if (!v.known)
    return g_strdup ("—");
  if (chrono_metric_is_count (metric) || stat == CHRONO_STAT_COUNT)
    return g_strdup_printf ("%.4g", (double) v.numerator / (double) v.denominator);
  return chrono_clock_format_duration (clock_of (run), (guint64) (v.numerator / (gint64) v.denominator), 4);
}

static char *
delta_text (const Run *a, const Change *c)
{
  if (chrono_metric_is_count (c->metric) || c->stat == CHRONO_STAT_COUNT)
    return g_strdup_printf ("%+.4g", c->delta);
  g_autofree char *length = chrono_format_duration (fabs (c->delta), 4);
  return g_strdup_printf ("%s%s", c->delta < 0 ? "−" : "+", length);
}

static void
append_names (GString *out, const char *heading, GPtrArray *entities)
{
  if (entities->len == 0)
    return;
  g_string_append_printf (out, "\n%s\n", heading);
  for (guint i = 0; i < entities->len; i++)
    {
      const ChronoEntityMetrics *entity = g_ptr_array_index (entities, i);
      g_string_append_printf (out, "  %s (%s)\n", entity->name, entity->type);
    }
}

/* The statistics a person compares, every change among them largest first. */
static char *
diff_text (const Run *a, const Run *b, const ChronoDiff *diff)
{
  static const ChronoStat shown[] = { CHRONO_STAT_MEAN, CHRONO_STAT_P95, CHRONO_STAT_P99, CHRONO_STAT_MAX };
  g_autoptr (GArray) changes = g_array_new (FALSE, FALSE, sizeof (Change));
  for (guint i = 0; i < diff->both->len; i++)
    {
      const ChronoDiffEntity *pair = &g_array_index (diff->both, ChronoDiffEntity, i);
      guint n;
      const ChronoMetric *metrics = chrono_metrics_of_kind (pair->kind, &n);
      for (guint k = 0; k < n; k++)
        for (guint s = 0; s < G_N_ELEMENTS (shown); s++)
          {
            Change c;
            if (change_of (a, b, pair, metrics[k], shown[s], &c) && c.delta != 0.0)
              g_array_append_val (changes, c);
          }
    }
  g_array_sort (changes, largest_first);
  GString *out = g_string_new (NULL);
  g_string_append_printf (out, "%-28s %-26s %12s %12s %13s %9s\n", _ ("entity"), _ ("metric"), "A", "B", _ ("change"),
                          "");
  for (guint i = 0; i < changes->len; i++)
    {
      const Change *c = &g_array_index (changes, Change, i);
      g_autofree char *measure =
          g_strdup_printf ("%s.%s", chrono_metric_get_name (c->metric), chrono_stat_get_name (c->stat));
      g_autofree char *va = value_text (a, c->pair->a, c->metric, c->stat);
      g_autofree char *vb = value_text (b, c->pair->b, c->metric, c->stat);
      g_autofree char *delta = delta_text (a, c);
      g_autofree char *relative = c->has_relative ? g_strdup_printf ("%+.1f %%", 100.0 * c->relative) : g_strdup ("");
      g_string_append_printf (out, "%-28s %-26s %12s %12s %13s %9s\n", c->pair->name, measure, va, vb, delta, relative);
    }
  if (changes->len == 0)
    g_string_append (out, _ ("no change in the timing metrics of the entities both runs have\n"));
  append_names (out, _ ("only in A:"), diff->only_a);
  append_names (out, _ ("only in B:"), diff->only_b);
  return g_string_free (out, FALSE);
}

/* ---- conditions ------------------------------------------------------------------ */

/* Every change that meets a condition, said on stderr; how many. */
static guint
check_gates (const Run *a, const Run *b, const ChronoDiff *diff, GPtrArray *gates)
{
  guint met = 0;
  for (guint g = 0; g < gates->len; g++)
    {
      const ChronoDiffGate *gate = g_ptr_array_index (gates, g);
      for (guint i = 0; i < diff->both->len; i++)
        {
          const ChronoDiffEntity *pair = &g_array_index (diff->both, ChronoDiffEntity, i);
          Change c;
          if (!chrono_diff_gate_applies (gate, pair->name, gate->metric)
              || !change_of (a, b, pair, gate->metric, gate->stat, &c)
              || !chrono_diff_gate_met (gate, c.delta, c.has_relative, c.relative))
            continue;
          g_autofree char *delta = delta_text (a, &c);
          g_autofree char *relative =
              c.has_relative ? g_strdup_printf (" (%+.1f %%)", 100.0 * c.relative) : g_strdup ("");
          g_printerr (_ ("%s: %s.%s changed by %s%s, which meets “%s”\n"), pair->name,
                      chrono_metric_get_name (gate->metric), chrono_stat_get_name (gate->stat), delta, relative,
                      gate->text);
          met++;
        }
    }
  return met;
}

/* ---- the command -------------------------------------------------------------------- */

static gboolean
compute_run (Run *run, const char *path, const char *range, GError **error)
{
  run->trace = chrono_cli_load_with (path, "never");
  if (run->trace == NULL)
    return FALSE;
  if (!(chrono_trace_get_features (run->trace) & CHRONO_TRACE_HAS_INSTANCES))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _ ("%s: a %s trace has no task instances to compare (diff compares the timing metrics of tasks, "
                      "ISRs and runnables)"),
                   path, chrono_trace_get_format (run->trace));
      return FALSE;
    }
  ChronoMetricsOptions options;
  chrono_metrics_options_init (&options);
  if (range != NULL && !chrono_cli_parse_range (range, run->trace, &options.begin, &options.end, error))
    return FALSE;
  run->entities = chrono_metrics_compute (run->trace, &options);
  return TRUE;
}

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->entities, g_ptr_array_unref);
  g_clear_object (&run->trace);
}

static GPtrArray *
parse_gates (GError **error)
{
  GPtrArray *gates = g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_diff_gate_free);
  for (guint i = 0; given.fail_if != NULL && given.fail_if[i] != NULL; i++)
    {
      ChronoDiffGate *gate = chrono_diff_gate_parse (given.fail_if[i], error);
      if (gate == NULL)
        {
          g_ptr_array_unref (gates);
          return NULL;
        }
      g_ptr_array_add (gates, gate);
    }
  return gates;
}

int
chrono_cli_diff (const ChronoCliCommand *command, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  if (!chrono_cli_parse_options (command, _ ("A B — what got slower from run A to run B, by how much, and where"),
                                 &argc, &argv, &error)
      || argc != 3)
    {
      g_printerr ("chronoscope-cli diff: %s\n", error ? error->message : _ ("give two runs, A and B"));
      return CHRONO_CLI_EXIT_FAILED;
    }
  g_autoptr (GPtrArray) gates = parse_gates (&error);
  Run a = { 0 }, b = { 0 };
  int status = CHRONO_CLI_EXIT_FAILED;
  if (gates != NULL && compute_run (&a, argv[1], given.range_a, &error)
      && compute_run (&b, argv[2], given.range_b, &error))
    {
      g_autoptr (ChronoDiff) diff = chrono_diff_new (a.entities, b.entities);
      g_autofree char *text = given.json ? diff_json (&a, &b, diff) : diff_text (&a, &b, diff);
      fputs (text, stdout);
      status = check_gates (&a, &b, diff, gates) > 0 ? CHRONO_CLI_EXIT_WARNINGS : CHRONO_CLI_EXIT_OK;
    }
  else if (error != NULL)
    g_printerr ("chronoscope-cli diff: %s\n", error->message);
  run_clear (&a);
  run_clear (&b);
  return status;
}
