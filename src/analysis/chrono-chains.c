/* chrono-chains.c — event chains: forward (latency) and backward (data age)
 * walks over the instances of each element, by binary search.
 *
 * Each element's instances are gathered from every lane of its name (a
 * runnable called by several tasks has a lane under each) into two arrays:
 * by (start, end) for the forward walk, by (end, start) for the backward
 * one.  An instance whose start or end the trace does not know stays in
 * the array where it can be reached, so that a walk reaching it is
 * incomplete rather than silently skipping to an older or later one. */
#include "chrono-chains.h"

#include "chrono-metrics.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* clang-format off */
G_DEFINE_QUARK (chrono-chains-error-quark, chrono_chains_error)
/* clang-format on */

#define UNKNOWN_START G_MININT64
#define UNKNOWN_END G_MAXINT64

static const char *const measure_names[CHRONO_N_CHAIN_MEASURES] = {
  [CHRONO_CHAIN_LATENCY] = "latency",
  [CHRONO_CHAIN_DATA_AGE] = "data_age",
};

const char *
chrono_chain_measure_get_name (ChronoChainMeasure measure)
{
  g_return_val_if_fail (measure < CHRONO_N_CHAIN_MEASURES, NULL);
  return measure_names[measure];
}

gboolean
chrono_chain_measure_from_name (const char *name, ChronoChainMeasure *out)
{
  for (guint m = 0; m < CHRONO_N_CHAIN_MEASURES; m++)
    if (g_strcmp0 (name, measure_names[m]) == 0)
      {
        *out = m;
        return TRUE;
      }
  return FALSE;
}

/* ---- the chain as written ------------------------------------------------ */

void
chrono_chain_spec_free (ChronoChainSpec *spec)
{
  if (spec == NULL)
    return;
  g_free (spec->name);
  g_strfreev (spec->elements);
  g_free (spec);
}

ChronoChainSpec *
chrono_chain_spec_copy (const ChronoChainSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);
  ChronoChainSpec *copy = g_new0 (ChronoChainSpec, 1);
  copy->name = g_strdup (spec->name);
  copy->elements = g_strdupv (spec->elements);
  return copy;
}

gboolean
chrono_chain_spec_equal (const ChronoChainSpec *a, const ChronoChainSpec *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  return g_str_equal (a->name, b->name)
         && g_strv_equal ((const char *const *) a->elements, (const char *const *) b->elements);
}

static ChronoChainSpec *
spec_error (GError **error, const char *text, const char *why)
{
  g_set_error (error, CHRONO_CHAINS_ERROR, CHRONO_CHAINS_ERROR_SYNTAX, _ ("chain “%s”: %s"), text, why);
  return NULL;
}

ChronoChainSpec *
chrono_chain_spec_parse (const char *text, GError **error)
{
  g_return_val_if_fail (text != NULL, NULL);
  const char *colon = strchr (text, ':');
  if (colon == NULL)
    return spec_error (error, text, _ ("a chain reads NAME: STIMULUS -> RUNNABLE -> … -> RESPONSE"));
  g_autoptr (ChronoChainSpec) spec = g_new0 (ChronoChainSpec, 1);
  spec->name = g_strstrip (g_strndup (text, colon - text));
  if (spec->name[0] == '\0' || strpbrk (spec->name, " \t") != NULL)
    return spec_error (error, text, _ ("the chain’s name is one word before the colon"));
  spec->elements = g_strsplit (colon + 1, "->", -1);
  guint n = g_strv_length (spec->elements);
  if (n < 2)
    return spec_error (error, text, _ ("a chain has at least two elements joined by ->"));
  for (guint i = 0; i < n; i++)
    if (g_strstrip (spec->elements[i])[0] == '\0')
      return spec_error (error, text, _ ("an element of the chain has no name"));
  return g_steal_pointer (&spec);
}

/* ---- the instances of an element ----------------------------------------- */

typedef struct {
  gint64 start, end; /* UNKNOWN_START, UNKNOWN_END when the trace does not say */
  ChronoLane *lane;
  guint64 line;
  gint64 number;
  guint index; /* in the lane's instances, or its marks for a trigger */
  gboolean trigger;
} Occurrence;

typedef struct {
  GArray *by_start; /* Occurrence with a known start, by (start, end) */
  GArray *by_end; /* Occurrence with a known end, by (end, start) */
  gboolean found, stimulus_only;
} Element;

static void
add_occurrence (Element *e, const Occurrence *o)
{
  if (o->start == UNKNOWN_START && o->end == UNKNOWN_END)
    return;
  if (o->start != UNKNOWN_START)
    g_array_append_val (e->by_start, *o);
  if (o->end != UNKNOWN_END)
    g_array_append_val (e->by_end, *o);
}

/* A task or ISR instance takes part from its first start since its latest
 * activation; one that never started moved no data and is left out. */
static void
add_process_lane (Element *e, ChronoLane *lane)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  guint n = instances != NULL ? chrono_instances_get_n (instances) : 0;
  for (guint i = 0; i < n; i++)
    {
      const ChronoInstance *r = chrono_instances_get (instances, i);
      gboolean activated = (r->flags & CHRONO_INSTANCE_ACTIVATED) && r->activated_at != G_MININT64;
      if (activated && r->started_at == G_MININT64)
        continue;
      Occurrence o = { activated ? r->started_at : UNKNOWN_START,
                       (r->flags & CHRONO_INSTANCE_TERMINATED) ? r->end : UNKNOWN_END,
                       lane,
                       r->line,
                       r->number,
                       i,
                       FALSE };
      add_occurrence (e, &o);
    }
}

static void
add_runnable_lane (Element *e, ChronoLane *lane)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  guint n = instances != NULL ? chrono_instances_get_n (instances) : 0;
  for (guint i = 0; i < n; i++)
    {
      const ChronoInstance *r = chrono_instances_get (instances, i);
      Occurrence o = { (r->flags & CHRONO_INSTANCE_ACTIVATED) ? r->begin : UNKNOWN_START,
                       (r->flags & CHRONO_INSTANCE_TERMINATED) ? r->end : UNKNOWN_END,
                       lane,
                       r->line,
                       r->number,
                       i,
                       FALSE };
      add_occurrence (e, &o);
    }
}

/* A stimulus's instances are its triggers; its lane may show other
 * instants that are none. */
static void
add_trigger_marks (Element *e, ChronoLane *lane, guint32 trigger)
{
  ChronoMarks *marks = chrono_lane_get_marks (lane);
  guint n = marks != NULL && trigger != CHRONO_STRING_NONE ? chrono_marks_get_n (marks) : 0;
  for (guint i = 0; i < n; i++)
    {
      ChronoMark mark;
      chrono_marks_get (marks, i, &mark);
      if (mark.kind != trigger)
        continue;
      Occurrence o = { mark.time, mark.time, lane, mark.line, G_MININT64, i, TRUE };
      add_occurrence (e, &o);
    }
}

static int
compare_by_start (gconstpointer a, gconstpointer b)
{
  const Occurrence *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->end < y->end ? -1 : x->end > y->end;
}

static int
compare_by_end (gconstpointer a, gconstpointer b)
{
  const Occurrence *x = a, *y = b;
  if (x->end != y->end)
    return x->end < y->end ? -1 : 1;
  return x->start < y->start ? -1 : x->start > y->start;
}

static void
element_init (Element *e, GPtrArray *lanes, const char *name, guint32 trigger)
{
  e->by_start = g_array_new (FALSE, FALSE, sizeof (Occurrence));
  e->by_end = g_array_new (FALSE, FALSE, sizeof (Occurrence));
  e->stimulus_only = TRUE;
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      if (g_strcmp0 (chrono_lane_get_name (lane), name) != 0)
        continue;
      ChronoLaneKind kind = chrono_lane_get_kind (lane);
      if (kind == CHRONO_LANE_PROCESS)
        add_process_lane (e, lane);
      else if (kind == CHRONO_LANE_RUNNABLE)
        add_runnable_lane (e, lane);
      else if (kind == CHRONO_LANE_EVENTS)
        add_trigger_marks (e, lane, trigger);
      else
        continue;
      e->found = TRUE;
      e->stimulus_only = e->stimulus_only && kind == CHRONO_LANE_EVENTS;
    }
  g_array_sort (e->by_start, compare_by_start);
  g_array_sort (e->by_end, compare_by_end);
}

static void
element_clear (Element *e)
{
  g_clear_pointer (&e->by_start, g_array_unref);
  g_clear_pointer (&e->by_end, g_array_unref);
}

/* The first (least start, end) instance starting at or after time, or NULL. */
static const Occurrence *
first_starting_from (const Element *e, gint64 time)
{
  guint lo = 0, hi = e->by_start->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (g_array_index (e->by_start, Occurrence, mid).start < time)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < e->by_start->len ? &g_array_index (e->by_start, Occurrence, lo) : NULL;
}

/* The last (greatest end, start) instance ending at or before time, or NULL. */
static const Occurrence *
last_ending_by (const Element *e, gint64 time)
{
  guint lo = 0, hi = e->by_end->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (g_array_index (e->by_end, Occurrence, mid).end <= time)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo > 0 ? &g_array_index (e->by_end, Occurrence, lo - 1) : NULL;
}

/* ---- the walks ----------------------------------------------------------- */

/* A complete walk's sample at its E0 instance (latency) or its response
 * (data age), with its path: path[i] the instance of element i. */
static void
add_sample (ChronoChainResult *result, ChronoChainMeasure measure, const Occurrence *at, gint64 value,
            const Occurrence *const *path)
{
  ChronoChainSample s = { at->start, value, at->lane, at->line, at->number, result->hops[measure]->len };
  g_array_append_val (result->samples[measure], s);
  for (guint i = 0; i < result->n_elements; i++)
    {
      ChronoChainHop hop = { path[i]->lane,  path[i]->start,   path[i]->end,
                             path[i]->index, path[i]->trigger, path[i]->line };
      g_array_append_val (result->hops[measure], hop);
    }
}

/* From x0 forward: the instance of each element it causes first, into
 * path; FALSE when the walk does not complete. */
static gboolean
walk_forward (const Element *elements, guint n, const Occurrence *x0, const Occurrence **path)
{
  path[0] = x0;
  for (guint i = 1; i < n; i++)
    {
      if (path[i - 1]->end == UNKNOWN_END)
        return FALSE;
      path[i] = first_starting_from (&elements[i], path[i - 1]->end);
      if (path[i] == NULL)
        return FALSE;
    }
  return path[n - 1]->end != UNKNOWN_END;
}

/* From yn backward: the last instance of each element it used, into path;
 * FALSE when the walk does not complete. */
static gboolean
walk_backward (const Element *elements, guint n, const Occurrence *yn, const Occurrence **path)
{
  path[n - 1] = yn;
  for (guint i = n - 1; i-- > 0;)
    {
      if (path[i + 1]->start == UNKNOWN_START)
        return FALSE;
      path[i] = last_ending_by (&elements[i], path[i + 1]->start);
      if (path[i] == NULL)
        return FALSE;
    }
  return path[0]->start != UNKNOWN_START;
}

static void
walk_all (ChronoChainResult *result, const Element *elements, guint n)
{
  const Element *first = &elements[0], *last = &elements[n - 1];
  g_autofree const Occurrence **path = g_new0 (const Occurrence *, n);
  for (guint k = 0; k < first->by_start->len; k++)
    {
      const Occurrence *x0 = &g_array_index (first->by_start, Occurrence, k);
      if (walk_forward (elements, n, x0, path))
        add_sample (result, CHRONO_CHAIN_LATENCY, x0, path[n - 1]->end - x0->start, path);
      else
        result->incomplete[CHRONO_CHAIN_LATENCY]++;
    }
  for (guint k = 0; k < last->by_end->len; k++)
    {
      const Occurrence *yn = &g_array_index (last->by_end, Occurrence, k);
      if (walk_backward (elements, n, yn, path))
        add_sample (result, CHRONO_CHAIN_DATA_AGE, yn, yn->end - path[0]->start, path);
      else
        result->incomplete[CHRONO_CHAIN_DATA_AGE]++;
    }
}

static int
compare_samples (gconstpointer a, gconstpointer b)
{
  const ChronoChainSample *x = a, *y = b;
  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->value < y->value ? -1 : x->value > y->value;
}

void
chrono_chain_result_free (ChronoChainResult *result)
{
  if (result == NULL)
    return;
  chrono_chain_spec_free (result->spec);
  for (guint m = 0; m < CHRONO_N_CHAIN_MEASURES; m++)
    {
      g_clear_pointer (&result->samples[m], g_array_unref);
      g_clear_pointer (&result->hops[m], g_array_unref);
    }
  g_free (result);
}

static gboolean
resolve (Element *elements, GPtrArray *lanes, const ChronoChainSpec *spec, guint32 trigger, GError **error)
{
  for (guint i = 0; spec->elements[i] != NULL; i++)
    {
      element_init (&elements[i], lanes, spec->elements[i], trigger);
      if (!elements[i].found)
        {
          g_set_error (error, CHRONO_CHAINS_ERROR, CHRONO_CHAINS_ERROR_NO_ENTITY,
                       _ ("chain %s: the trace has no stimulus, task, ISR or runnable named “%s”"), spec->name,
                       spec->elements[i]);
          return FALSE;
        }
      /* a stimulus has no end that could feed a next element's start
       * other than its own instant: only a chain's cause is one */
      if (i > 0 && elements[i].stimulus_only)
        {
          g_set_error (error, CHRONO_CHAINS_ERROR, CHRONO_CHAINS_ERROR_NO_ENTITY,
                       _ ("chain %s: “%s” is a stimulus; only the first element of a chain may be one"), spec->name,
                       spec->elements[i]);
          return FALSE;
        }
    }
  return TRUE;
}

ChronoChainResult *
chrono_chains_compute (ChronoTrace *trace, const ChronoChainSpec *spec, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && spec != NULL, NULL);
  guint n = g_strv_length (spec->elements);
  g_return_val_if_fail (n >= 2, NULL);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  guint32 trigger = chrono_strings_lookup (chrono_trace_get_strings (trace), "trigger");
  g_autofree Element *elements = g_new0 (Element, n);
  gboolean ok = resolve (elements, lanes, spec, trigger, error);
  g_autoptr (ChronoChainResult) result = NULL;
  if (ok)
    {
      result = g_new0 (ChronoChainResult, 1);
      result->spec = chrono_chain_spec_copy (spec);
      result->n_elements = n;
      for (guint m = 0; m < CHRONO_N_CHAIN_MEASURES; m++)
        {
          result->samples[m] = g_array_new (FALSE, FALSE, sizeof (ChronoChainSample));
          result->hops[m] = g_array_new (FALSE, FALSE, sizeof (ChronoChainHop));
        }
      walk_all (result, elements, n);
      for (guint m = 0; m < CHRONO_N_CHAIN_MEASURES; m++)
        g_array_sort (result->samples[m], compare_samples);
    }
  for (guint i = 0; i < n; i++)
    element_clear (&elements[i]);
  return g_steal_pointer (&result);
}

const ChronoChainHop *
chrono_chain_result_get_path (const ChronoChainResult *result, ChronoChainMeasure measure, guint sample)
{
  g_return_val_if_fail (result != NULL && measure < CHRONO_N_CHAIN_MEASURES, NULL);
  g_return_val_if_fail (sample < result->samples[measure]->len, NULL);
  guint first = g_array_index (result->samples[measure], ChronoChainSample, sample).first_hop;
  return &g_array_index (result->hops[measure], ChronoChainHop, first);
}

/* The values of one measure in time order, through the metrics' summary
 * (min, max, mean, percentiles by nearest rank). */
gboolean
chrono_chain_result_summarize (const ChronoChainResult *result, ChronoChainMeasure measure, ChronoMetricSummary *out)
{
  g_return_val_if_fail (result != NULL && measure < CHRONO_N_CHAIN_MEASURES, FALSE);
  GArray *samples = result->samples[measure];
  g_autofree gint64 *values = g_new (gint64, MAX (samples->len, 1));
  for (guint i = 0; i < samples->len; i++)
    values[i] = g_array_index (samples, ChronoChainSample, i).value;
  return chrono_metrics_summarize_values (values, samples->len, out);
}

gboolean
chrono_chain_result_histogram (const ChronoChainResult *result, ChronoChainMeasure measure, guint n, guint *counts)
{
  g_return_val_if_fail (result != NULL && measure < CHRONO_N_CHAIN_MEASURES && n > 0, FALSE);
  memset (counts, 0, n * sizeof *counts);
  GArray *samples = result->samples[measure];
  if (samples->len == 0)
    return FALSE;
  gint64 min = G_MAXINT64, max = G_MININT64;
  for (guint i = 0; i < samples->len; i++)
    {
      gint64 v = g_array_index (samples, ChronoChainSample, i).value;
      min = MIN (min, v);
      max = MAX (max, v);
    }
  /* bin = ⌊(v − min) · n / (max − min)⌋, exact in 128 bits, max in the last */
  unsigned __int128 range = (unsigned __int128) (max - min);
  for (guint i = 0; i < samples->len; i++)
    {
      gint64 v = g_array_index (samples, ChronoChainSample, i).value;
      guint bin = range == 0 ? 0 : (guint) ((unsigned __int128) (v - min) * n / range);
      counts[MIN (bin, n - 1)]++;
    }
  return TRUE;
}
