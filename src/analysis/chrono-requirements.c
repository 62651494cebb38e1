/* chrono-requirements.c — reading requirement lines and checking a trace
 * against them.  Entity names may hold blanks (FreeRTOS tasks are
 * "Runner [1]"), so a line is read from its end: the words after the name
 * have a fixed shape. */
#include "chrono-requirements.h"

#include "chrono-core-load.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* clang-format would space out the quark's name */
/* clang-format off */
G_DEFINE_QUARK (chrono-requirements-error-quark, chrono_requirements_error)
/* clang-format on */

static void
free_requirement (gpointer data)
{
  ChronoRequirement *r = data;
  g_free (r->text);
  g_free (r->entity);
  chrono_chain_spec_free (r->chain);
  g_free (r);
}

/* "70%" → 70 */
static gboolean
parse_percent (const char *text, double *out)
{
  char *end = NULL;
  *out = g_ascii_strtod (text, &end);
  return end != text && g_str_equal (end, "%") && isfinite (*out) && *out >= 0;
}

static gboolean
parse_count (const char *text, double *out)
{
  char *end = NULL;
  guint64 value = g_ascii_strtoull (text, &end, 10);
  *out = (double) value;
  return end != text && *end == '\0' && g_ascii_isdigit (text[0]);
}

static gboolean
syntax_error (GError **error, guint line, const char *text, const char *why)
{
  g_set_error (error, CHRONO_REQUIREMENTS_ERROR, CHRONO_REQUIREMENTS_ERROR_SYNTAX, _ ("line %u: “%s”: %s"), line, text,
               why);
  return FALSE;
}

static char *
metric_names (void)
{
  GString *names = g_string_new (NULL);
  for (guint m = 0; m < CHRONO_N_METRICS; m++)
    g_string_append_printf (names, "%s%s", m ? ", " : "", chrono_metric_get_name (m));
  return g_string_free (names, FALSE);
}

/* words: the line split at blanks; the entity is every word before the n_tail last */
static char *
entity_of (char **words, guint n, guint n_tail)
{
  g_autofree char **head = g_new0 (char *, n - n_tail + 1);
  memcpy (head, words, sizeof (char *) * (n - n_tail));
  return g_strjoinv (" ", head);
}

/* ENTITY load <= P% per DURATION */
static gboolean
parse_load (ChronoRequirement *r, char **words, guint n, GError **error)
{
  GError *why = NULL;
  if (n < 6 || !g_str_equal (words[n - 4], "<=") || !g_str_equal (words[n - 2], "per"))
    return syntax_error (error, r->line, r->text, _ ("a load requirement reads CORE load <= 70% per 10ms"));
  if (!parse_percent (words[n - 3], &r->limit))
    return syntax_error (error, r->line, r->text, _ ("the load limit is a percentage, such as 70%"));
  if (!chrono_parse_duration (words[n - 1], &r->window, &why) || r->window <= 0)
    {
      g_autofree char *message = g_strdup (why ? why->message : _ ("the window must be longer than nothing"));
      g_clear_error (&why);
      return syntax_error (error, r->line, r->text, message);
    }
  r->kind = CHRONO_REQUIREMENT_LOAD;
  r->entity = entity_of (words, n, 5);
  return TRUE;
}

/* ENTITY METRIC <= LIMIT */
static gboolean
parse_metric (ChronoRequirement *r, char **words, guint n, GError **error)
{
  if (n < 4 || !g_str_equal (words[n - 2], "<="))
    return syntax_error (error, r->line, r->text,
                         _ ("a requirement reads ENTITY METRIC <= LIMIT, or CORE load <= 70% per 10ms"));
  if (!chrono_metric_from_name (words[n - 3], &r->metric))
    {
      g_autofree char *names = metric_names ();
      g_autofree char *why = g_strdup_printf (_ ("unknown metric “%s” (known: %s, load)"), words[n - 3], names);
      return syntax_error (error, r->line, r->text, why);
    }
  GError *why = NULL;
  if (chrono_metric_is_count (r->metric) ? !parse_count (words[n - 1], &r->limit)
                                         : !chrono_parse_duration (words[n - 1], &r->limit, &why))
    {
      g_autofree char *message = g_strdup (why ? why->message : _ ("the limit is a whole number"));
      g_clear_error (&why);
      return syntax_error (error, r->line, r->text, message);
    }
  r->kind = CHRONO_REQUIREMENT_METRIC;
  r->entity = entity_of (words, n, 3);
  return TRUE;
}

static gboolean
parse_duration_limit (ChronoRequirement *r, const char *text, GError **error)
{
  GError *why = NULL;
  if (chrono_parse_duration (text, &r->limit, &why))
    return TRUE;
  g_autofree char *message = g_strdup (why->message);
  g_clear_error (&why);
  return syntax_error (error, r->line, r->text, message);
}

/* chain NAME: A -> B …  (a definition, kept in chains by name) */
static gboolean
parse_chain_definition (ChronoRequirement *r, GHashTable *chains, GError **error)
{
  GError *why = NULL;
  const char *definition = r->text + strlen ("chain");
  while (g_ascii_isspace (*definition))
    definition++;
  ChronoChainSpec *spec = chrono_chain_spec_parse (definition, &why);
  if (spec == NULL)
    {
      g_autofree char *message = g_strdup (why->message);
      g_clear_error (&why);
      return syntax_error (error, r->line, r->text, message);
    }
  g_hash_table_replace (chains, spec->name, spec);
  r->chain = chrono_chain_spec_copy (spec);
  return TRUE;
}

/* chain NAME latency|data_age <= DURATION */
static gboolean
parse_chain_requirement (ChronoRequirement *r, char **words, guint n, GHashTable *chains, GError **error)
{
  if (!g_str_equal (words[3], "<=") || !chrono_chain_measure_from_name (words[2], &r->measure))
    return syntax_error (error, r->line, r->text,
                         _ ("a chain requirement reads chain NAME latency <= 20ms, or chain NAME data_age <= 30ms"));
  const ChronoChainSpec *spec = g_hash_table_lookup (chains, words[1]);
  if (spec == NULL)
    {
      g_autofree char *why =
          g_strdup_printf (_ ("no chain “%s” is defined above (chain %s: A -> B -> …)"), words[1], words[1]);
      return syntax_error (error, r->line, r->text, why);
    }
  if (!parse_duration_limit (r, words[4], error))
    return FALSE;
  r->kind = CHRONO_REQUIREMENT_CHAIN;
  r->entity = g_strdup (spec->name);
  r->chain = chrono_chain_spec_copy (spec);
  return TRUE;
}

/* FALSE with an error when wrong; TRUE with *defined when the line only
 * defines a chain (it is no requirement itself). */
static gboolean
parse_line (ChronoRequirement *r, GHashTable *chains, gboolean *defined, GError **error)
{
  *defined = FALSE;
  g_auto (GStrv) words = g_regex_split_simple ("\\s+", r->text, 0, 0);
  guint n = g_strv_length (words);
  ChronoChainMeasure measure;
  if (n >= 2 && g_str_equal (words[0], "chain") && (strstr (r->text, "->") != NULL || strchr (r->text, ':') != NULL))
    {
      *defined = TRUE;
      return parse_chain_definition (r, chains, error);
    }
  /* else an entity may well be named "chain …" */
  if (n == 5 && g_str_equal (words[0], "chain") && chrono_chain_measure_from_name (words[2], &measure))
    return parse_chain_requirement (r, words, n, chains, error);
  /* an arrow anywhere else is a chain written without its keyword: refused, never misread */
  if (strstr (r->text, "->") != NULL)
    return syntax_error (error, r->line, r->text, _ ("an event chain reads chain NAME: A -> B -> …"));
  if (n >= 2 && g_str_equal (words[n - 2], "per"))
    return parse_load (r, words, n, error);
  return parse_metric (r, words, n, error);
}

/* A chain defined again as it was is kept once; defined otherwise, it is
 * another chain of that name (the requirements below it name that one). */
static void
keep_definition (GPtrArray *definitions, ChronoChainSpec *spec)
{
  for (guint i = 0; i < definitions->len; i++)
    if (chrono_chain_spec_equal (g_ptr_array_index (definitions, i), spec))
      {
        chrono_chain_spec_free (spec);
        return;
      }
  g_ptr_array_add (definitions, spec);
}

GPtrArray *
chrono_requirements_parse_with_chains (const char *text, GPtrArray **out_chains, GError **error)
{
  g_return_val_if_fail (text != NULL, NULL);
  g_autoptr (GPtrArray) requirements = g_ptr_array_new_with_free_func (free_requirement);
  g_autoptr (GPtrArray) definitions = g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_chain_spec_free);
  g_autoptr (GHashTable) chains =
      g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) chrono_chain_spec_free);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *hash = strchr (lines[i], '#');
      if (hash != NULL)
        *hash = '\0';
      g_strstrip (lines[i]);
      if (lines[i][0] == '\0')
        continue;
      ChronoRequirement *r = g_new0 (ChronoRequirement, 1);
      r->line = i + 1;
      r->text = g_strdup (lines[i]);
      g_ptr_array_add (requirements, r);
      gboolean defined;
      if (!parse_line (r, chains, &defined, error))
        return NULL;
      if (defined)
        {
          keep_definition (definitions, g_steal_pointer (&r->chain));
          g_ptr_array_remove_index (requirements, requirements->len - 1);
        }
    }
  if (out_chains != NULL)
    *out_chains = g_steal_pointer (&definitions);
  return g_steal_pointer (&requirements);
}

GPtrArray *
chrono_requirements_parse (const char *text, GError **error)
{
  return chrono_requirements_parse_with_chains (text, NULL, error);
}

/* ---- checking ------------------------------------------------------------ */

static gint64
limit_in_ticks (const ChronoRequirement *r, const ChronoClock *clock)
{
  if (r->kind == CHRONO_REQUIREMENT_METRIC && chrono_metric_is_count (r->metric))
    return (gint64) r->limit;
  if (r->limit * (double) clock->ticks_per_second >= 9.0e18)
    return G_MAXINT64;
  return chrono_clock_from_seconds (clock, r->limit);
}

/* Every latency (data age) of the chain over its limit, at its stimulus
 * (response). */
static gboolean
check_chain (const ChronoRequirement *r, ChronoTrace *trace, GArray *out, GError **error)
{
  GError *why = NULL;
  g_autoptr (ChronoChainResult) result = chrono_chains_compute (trace, r->chain, &why);
  if (result == NULL)
    {
      g_set_error (error, CHRONO_REQUIREMENTS_ERROR, CHRONO_REQUIREMENTS_ERROR_NO_ENTITY, _ ("line %u: “%s”: %s"),
                   r->line, r->text, why->message);
      g_clear_error (&why);
      return FALSE;
    }
  gint64 limit = limit_in_ticks (r, chrono_trace_get_clock (trace));
  GArray *samples = result->samples[r->measure];
  for (guint i = 0; i < samples->len; i++)
    {
      const ChronoChainSample *s = &g_array_index (samples, ChronoChainSample, i);
      if (s->value <= limit)
        continue;
      ChronoViolation v = { r, s->lane, i, s->number, s->line, s->time, s->value, 0 };
      g_array_append_val (out, v);
    }
  return TRUE;
}

static gboolean
check_metric (const ChronoRequirement *r, ChronoTrace *trace, GPtrArray *entities, GArray *out, GError **error)
{
  gint64 limit = limit_in_ticks (r, chrono_trace_get_clock (trace));
  gboolean found = FALSE;
  for (guint e = 0; e < entities->len; e++)
    {
      const ChronoEntityMetrics *entity = g_ptr_array_index (entities, e);
      if (!g_str_equal (entity->name, r->entity))
        continue;
      found = TRUE;
      for (guint i = 0; i < entity->instances->len; i++)
        {
          const ChronoInstanceMetrics *m = &g_array_index (entity->instances, ChronoInstanceMetrics, i);
          gint64 value = m->value[r->metric];
          if (value == CHRONO_METRIC_NONE || value <= limit)
            continue;
          ChronoViolation v = { r, m->lane, m->index, m->number, m->line, m->activated, value, 0 };
          g_array_append_val (out, v);
        }
    }
  if (!found)
    g_set_error (error, CHRONO_REQUIREMENTS_ERROR, CHRONO_REQUIREMENTS_ERROR_NO_ENTITY,
                 _ ("line %u: “%s”: the trace has no task, ISR or runnable named “%s”"), r->line, r->text, r->entity);
  return found;
}

/* Windows of the given length from the trace's start; a last window the
 * trace end cuts short is not judged (a few busy ticks would be 100%). */
static void
check_core_load (const ChronoRequirement *r, ChronoTrace *trace, ChronoLane *core, GArray *out)
{
  gint64 window = chrono_clock_from_seconds (chrono_trace_get_clock (trace), r->window);
  if (!chrono_lane_has_intervals (core) || window <= 0 || !chrono_trace_has_range (trace))
    return;
  gint64 end = chrono_trace_get_end (trace);
  for (gint64 from = chrono_trace_get_begin (trace); from <= end - window; from += window)
    {
      gint64 busy = chrono_core_load_busy (core, from, from + window);
      double load = 100.0 * (double) busy / (double) window;
      if ((double) busy * 100.0 <= r->limit * (double) window)
        continue;
      ChronoViolation v = { r, core, 0, G_MININT64, 0, from, busy, load };
      g_array_append_val (out, v);
    }
}

static gboolean
check_load (const ChronoRequirement *r, ChronoTrace *trace, GArray *out, GError **error)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  gboolean found = FALSE;
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      if (chrono_lane_get_kind (lane) == CHRONO_LANE_CORE && g_str_equal (chrono_lane_get_name (lane), r->entity))
        {
          found = TRUE;
          check_core_load (r, trace, lane, out);
        }
    }
  if (!found)
    g_set_error (error, CHRONO_REQUIREMENTS_ERROR, CHRONO_REQUIREMENTS_ERROR_NO_ENTITY,
                 _ ("line %u: “%s”: the trace has no core named “%s”"), r->line, r->text, r->entity);
  return found;
}

static int
compare_violations (gconstpointer a, gconstpointer b)
{
  const ChronoViolation *x = a, *y = b;
  if (x->requirement->line != y->requirement->line)
    return x->requirement->line < y->requirement->line ? -1 : 1;
  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return x->line < y->line ? -1 : x->line > y->line;
}

GArray *
chrono_requirements_check (GPtrArray *requirements, ChronoTrace *trace, GError **error)
{
  g_return_val_if_fail (requirements != NULL && CHRONO_IS_TRACE (trace), NULL);
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (ChronoViolation));
  g_autoptr (GPtrArray) entities = chrono_metrics_compute (trace, NULL);
  for (guint i = 0; i < requirements->len; i++)
    {
      const ChronoRequirement *r = g_ptr_array_index (requirements, i);
      gboolean ok = r->kind == CHRONO_REQUIREMENT_LOAD    ? check_load (r, trace, out, error)
                    : r->kind == CHRONO_REQUIREMENT_CHAIN ? check_chain (r, trace, out, error)
                                                          : check_metric (r, trace, entities, out, error);
      if (!ok)
        return NULL;
    }
  g_array_sort (out, compare_violations);
  return g_steal_pointer (&out);
}
