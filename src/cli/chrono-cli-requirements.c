/* chrono-cli-requirements.c — violations and a chain's path as the
 * renderer's generic overlays: the renderer knows nothing of requirements. */
#include "chrono-cli-requirements.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

void
chrono_cli_marks_clear (ChronoCliMarks *marks)
{
  g_clear_pointer (&marks->ranges, g_array_unref);
  g_clear_pointer (&marks->steps, g_array_unref);
  g_clear_pointer (&marks->label, g_free);
}

/* The result of a requirement's chain. */
static const ChronoChainResult *
result_of (GPtrArray *results, const ChronoChainSpec *spec)
{
  for (guint i = 0; i < results->len; i++)
    {
      const ChronoChainResult *result = g_ptr_array_index (results, i);
      if (chrono_chain_spec_equal (result->spec, spec))
        return result;
    }
  g_return_val_if_reached (NULL);
}

/* The result of the chain of that name the file defines last. */
static const ChronoChainResult *
result_named (GPtrArray *results, const char *name)
{
  for (guint i = results->len; i-- > 0;)
    {
      const ChronoChainResult *result = g_ptr_array_index (results, i);
      if (g_str_equal (result->spec->name, name))
        return result;
    }
  return NULL;
}

static void
add_ranges (ChronoCliMarks *out, ChronoTrace *trace, GPtrArray *results, const ChronoViolation *v)
{
  const ChronoRequirement *r = v->requirement;
  if (r->kind == CHRONO_REQUIREMENT_LOAD)
    {
      gint64 window = chrono_clock_from_seconds (chrono_trace_get_clock (trace), r->window);
      ChronoRenderRange range = { v->lane, v->time, v->time + window };
      g_array_append_val (out->ranges, range);
    }
  else if (r->kind == CHRONO_REQUIREMENT_CHAIN)
    {
      /* the stimulus and the response, as the viewer marks them */
      const ChronoChainResult *result = result_of (results, r->chain);
      const ChronoChainHop *hops = chrono_chain_result_get_path (result, r->measure, v->index);
      const ChronoChainHop *first = &hops[0], *last = &hops[result->n_elements - 1];
      ChronoRenderRange ends[] = { { first->lane, first->start, first->end }, { last->lane, last->start, last->end } };
      g_array_append_vals (out->ranges, ends, G_N_ELEMENTS (ends));
    }
  else
    {
      const ChronoInstance *instance = chrono_instances_get (chrono_lane_get_instances (v->lane), v->index);
      ChronoRenderRange range = { v->lane, v->time, MAX (instance->end, v->time) };
      g_array_append_val (out->ranges, range);
    }
}

static gboolean
path_error (GError **error, const char *path, const char *why)
{
  g_set_error (error, CHRONO_REQUIREMENTS_ERROR, CHRONO_REQUIREMENTS_ERROR_SYNTAX, _ ("--chain-path %s: %s"), path,
               why);
  return FALSE;
}

/* NAME[:MEASURE][@worst|@N] */
static gboolean
add_path (ChronoCliMarks *out, ChronoTrace *trace, GPtrArray *results, const char *path, GError **error)
{
  g_autofree char *name = g_strdup (path);
  char *at = strchr (name, '@'), *colon = strchr (name, ':');
  const char *which = "worst";
  if (at != NULL)
    {
      *at = '\0';
      which = at + 1;
    }
  ChronoChainMeasure measure = CHRONO_CHAIN_LATENCY;
  if (colon != NULL && (at == NULL || colon < at))
    {
      *colon = '\0';
      if (!chrono_chain_measure_from_name (colon + 1, &measure))
        return path_error (error, path, _ ("the measure is latency or data_age"));
    }
  const ChronoChainResult *result = result_named (results, name);
  if (result == NULL)
    return path_error (error, path, _ ("the requirements define no such chain (chain NAME: A -> B -> …)"));
  GArray *samples = result->samples[measure];
  if (samples->len == 0)
    return path_error (error, path, _ ("the chain has no complete instance"));
  guint sample;
  if (g_str_equal (which, "worst"))
    {
      sample = 0;
      for (guint i = 1; i < samples->len; i++)
        if (g_array_index (samples, ChronoChainSample, i).value
            > g_array_index (samples, ChronoChainSample, sample).value)
          sample = i;
    }
  else
    {
      char *end;
      guint64 n = g_ascii_strtoull (which, &end, 10);
      if (*which == '\0' || *end != '\0' || n < 1 || n > samples->len)
        {
          g_autofree char *why = g_strdup_printf (_ ("after @ comes worst or an instance from 1 to %u"), samples->len);
          return path_error (error, path, why);
        }
      sample = (guint) n - 1;
    }
  const ChronoChainHop *hops = chrono_chain_result_get_path (result, measure, sample);
  for (guint i = 0; i < result->n_elements; i++)
    {
      ChronoRenderPathStep step = { hops[i].lane, hops[i].start, hops[i].end };
      g_array_append_val (out->steps, step);
    }
  const ChronoChainSample *s = &g_array_index (samples, ChronoChainSample, sample);
  g_autofree char *value = chrono_clock_format_ticks (chrono_trace_get_clock (trace), s->value, 4);
  out->label =
      g_strdup_printf ("%s %s %s", name, measure == CHRONO_CHAIN_LATENCY ? _ ("latency") : _ ("data age"), value);
  out->path_begin = hops[0].start;
  out->path_end = hops[result->n_elements - 1].end;
  return TRUE;
}

gboolean
chrono_cli_marks_compute (ChronoTrace *trace, const char *name, const char *text, const char *path, ChronoCliMarks *out,
                          GError **error)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && text != NULL && out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  g_autoptr (GError) why = NULL;
  g_autoptr (GPtrArray) specs = NULL;
  g_autoptr (GPtrArray) requirements = chrono_requirements_parse_with_chains (text, &specs, &why);
  g_autoptr (GArray) violations = requirements ? chrono_requirements_check (requirements, trace, &why) : NULL;
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_chain_result_free);
  for (guint i = 0; violations != NULL && i < specs->len; i++)
    {
      ChronoChainResult *result = chrono_chains_compute (trace, g_ptr_array_index (specs, i), &why);
      if (result == NULL)
        break;
      g_ptr_array_add (results, result);
    }
  if (why != NULL)
    {
      g_set_error (error, why->domain, why->code, "%s: %s", name, why->message);
      return FALSE;
    }
  out->ranges = g_array_new (FALSE, FALSE, sizeof (ChronoRenderRange));
  out->steps = g_array_new (FALSE, FALSE, sizeof (ChronoRenderPathStep));
  for (guint i = 0; i < violations->len; i++)
    add_ranges (out, trace, results, &g_array_index (violations, ChronoViolation, i));
  if (path != NULL && !add_path (out, trace, results, path, error))
    {
      chrono_cli_marks_clear (out);
      return FALSE;
    }
  return TRUE;
}
