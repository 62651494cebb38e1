/* chrono-diff-gate.c — an expression read from its end (threshold,
 * operator, measure), what is left before them the item's name, which may
 * hold spaces.  What the measure means is the command's to say. */
#include "chrono-diff-gate.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "chrono-clock.h"

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

/* A percentage, a plain number (a count), or a duration. */
static gboolean
parse_threshold (const char *text, ChronoDiffGate *gate, GError **error)
{
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);
  if (end != text && isfinite (value) && (strcmp (end, "%") == 0 || *end == '\0'))
    {
      gate->relative = *end == '%';
      gate->plain = *end == '\0';
      gate->threshold = gate->relative ? value / 100.0 : value;
      return TRUE;
    }
  return chrono_parse_duration (text, &gate->threshold, error);
}

ChronoDiffGate *
chrono_diff_gate_parse (const char *text, GError **error)
{
  g_autoptr (ChronoDiffGate) gate = g_new0 (ChronoDiffGate, 1);
  gate->text = g_strdup (text);
  g_autofree char *copy = g_strstrip (g_strdup (text));
  g_auto (GStrv) words = g_strsplit_set (copy, " \t", -1);
  g_autoptr (GPtrArray) tokens = g_ptr_array_new ();
  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      g_ptr_array_add (tokens, words[i]);
  guint n = tokens->len;
  if (n < 3 || !parse_op (g_ptr_array_index (tokens, n - 2), &gate->op))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("“%s” is no condition: write [ITEM] MEASURE > THRESHOLD, e.g. “response_time.p99 > 10%%” "
                      "or “TASK_10MS response_time.max > 2ms”"),
                   text);
      return NULL;
    }
  gate->measure = g_strdup (g_ptr_array_index (tokens, n - 3));
  if (!parse_threshold (g_ptr_array_index (tokens, n - 1), gate, error))
    return NULL;
  if (n > 3)
    {
      g_ptr_array_set_size (tokens, n - 3);
      g_ptr_array_add (tokens, NULL);
      gate->item = g_strjoinv (" ", (char **) tokens->pdata);
    }
  return g_steal_pointer (&gate);
}

gboolean
chrono_diff_gate_check_threshold (const ChronoDiffGate *gate, gboolean counted, GError **error)
{
  if (gate->relative || counted == gate->plain)
    return TRUE;
  if (counted)
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _ ("“%s”: %s is a count, which changes by a number or a percentage, not by a time"), gate->text,
                 gate->measure);
  else
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _ ("“%s”: give the threshold a unit (2ms) or make it a percentage (10%%)"), gate->text);
  return FALSE;
}

void
chrono_diff_gate_free (ChronoDiffGate *gate)
{
  if (gate == NULL)
    return;
  g_free (gate->text);
  g_free (gate->item);
  g_free (gate->measure);
  g_free (gate);
}

gboolean
chrono_diff_gate_applies (const ChronoDiffGate *gate, const char *item)
{
  return gate->item == NULL || g_strcmp0 (gate->item, item) == 0;
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
