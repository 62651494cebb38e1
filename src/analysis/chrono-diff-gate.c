/* chrono-diff-gate.c — an expression read from its end (threshold,
 * operator, metric.stat), what is left before them an entity's name, which
 * may hold spaces. */
#include "chrono-diff-gate.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

static gboolean
parse_op (const char *text, ChronoGateOp *out)
{
  static const struct {
    const char *text;
    ChronoGateOp op;
  } ops[] = { { ">", CHRONO_GATE_ABOVE },
              { ">=", CHRONO_GATE_AT_LEAST },
              { "<", CHRONO_GATE_BELOW },
              { "<=", CHRONO_GATE_AT_MOST } };
  for (gsize i = 0; i < G_N_ELEMENTS (ops); i++)
    if (strcmp (text, ops[i].text) == 0)
      {
        *out = ops[i].op;
        return TRUE;
      }
  return FALSE;
}

static gboolean
parse_measure (const char *text, ChronoDiffGate *gate)
{
  g_auto (GStrv) parts = g_strsplit (text, ".", 2);
  return parts[0] != NULL && parts[1] != NULL && chrono_metric_from_name (parts[0], &gate->metric)
         && chrono_stat_from_name (parts[1], &gate->stat);
}

/* A percentage, a duration, or for a count a plain number. */
static gboolean
parse_threshold (const char *text, ChronoDiffGate *gate, GError **error)
{
  gboolean counted = gate->stat == CHRONO_STAT_COUNT || chrono_metric_is_count (gate->metric);
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);
  if (end != text && isfinite (value) && strcmp (end, "%") == 0)
    {
      gate->relative = TRUE;
      gate->threshold = value / 100.0;
      return TRUE;
    }
  if (counted)
    {
      if (end != text && *end == '\0' && isfinite (value))
        {
          gate->threshold = value;
          return TRUE;
        }
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("“%s”: a count changes by a number or a percentage, not “%s”"), gate->text, text);
      return FALSE;
    }
  if (end != text && *end == '\0')
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("“%s”: give “%s” a unit (2ms) or make it a percentage (10%%)"), gate->text, text);
      return FALSE;
    }
  return chrono_parse_duration (text, &gate->threshold, error);
}

ChronoDiffGate *
chrono_diff_gate_parse (const char *text, GError **error)
{
  g_autoptr (ChronoDiffGate) gate = g_new0 (ChronoDiffGate, 1);
  gate->text = g_strdup (text);
  g_auto (GStrv) words = g_strsplit_set (g_strstrip (gate->text), " \t", -1);
  g_autoptr (GPtrArray) tokens = g_ptr_array_new ();
  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      g_ptr_array_add (tokens, words[i]);
  guint n = tokens->len;
  if (n < 3 || !parse_measure (g_ptr_array_index (tokens, n - 3), gate)
      || !parse_op (g_ptr_array_index (tokens, n - 2), &gate->op))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("“%s” is no condition: write [ENTITY] METRIC.STAT > THRESHOLD, e.g. “response_time.p99 > 10%%” "
                      "or “TASK_10MS response_time.max > 2ms”"),
                   text);
      return NULL;
    }
  if (!parse_threshold (g_ptr_array_index (tokens, n - 1), gate, error))
    return NULL;
  if (n > 3)
    {
      g_ptr_array_set_size (tokens, n - 3);
      g_ptr_array_add (tokens, NULL);
      gate->entity = g_strjoinv (" ", (char **) tokens->pdata);
    }
  return g_steal_pointer (&gate);
}

void
chrono_diff_gate_free (ChronoDiffGate *gate)
{
  if (gate == NULL)
    return;
  g_free (gate->text);
  g_free (gate->entity);
  g_free (gate);
}

gboolean
chrono_diff_gate_applies (const ChronoDiffGate *gate, const char *entity, ChronoMetric metric)
{
  return gate->metric == metric && (gate->entity == NULL || g_strcmp0 (gate->entity, entity) == 0);
}

gboolean
chrono_diff_gate_met (const ChronoDiffGate *gate, double delta, gboolean has_relative, double relative)
{
  if (gate->relative && !has_relative)
    return FALSE;
  double value = gate->relative ? relative : delta;
  switch (gate->op)
    {
    case CHRONO_GATE_ABOVE: return value > gate->threshold;
    case CHRONO_GATE_AT_LEAST: return value >= gate->threshold;
    case CHRONO_GATE_BELOW: return value < gate->threshold;
    case CHRONO_GATE_AT_MOST: return value <= gate->threshold;
    default: return FALSE;
    }
}
