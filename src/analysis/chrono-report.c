/* chrono-report.c — the one owner of what `info --json` reports: the
 * loader's figures or a common header, then one section for each thing
 * the trace holds.  Seconds are exact decimals made from ticks (the
 * checkers compare them exactly), so they are kept as text. */
#include "chrono-report.h"

#include <math.h>

#include "chrono-critical-path.h"
#include "chrono-entity-stats.h"
#include "chrono-resource-stats.h"
#include "chrono-resource-usage.h"

GVariant *
chrono_report_number_take (char *text)
{
  GVariant *inner = g_variant_new_take_string (text);
  return g_variant_new_tuple (&inner, 1);
}

const char *
chrono_report_number_text (GVariant *value)
{
  if (!g_variant_is_of_type (value, CHRONO_REPORT_NUMBER_TYPE))
    return NULL;
  g_autoptr (GVariant) inner = g_variant_get_child_value (value, 0);
  /* the tuple holds the string, which outlives this reference */
  return g_variant_get_string (inner, NULL);
}

static GVariant *
seconds (const ChronoClock *clock, gint64 ticks)
{
  return chrono_report_number_take (chrono_clock_format_seconds_exact (clock, ticks));
}

static GVariant *
duration (const ChronoClock *clock, guint64 ticks)
{
  return chrono_report_number_take (chrono_clock_format_duration_exact (clock, ticks));
}

static GVariant *
null (void)
{
  return g_variant_new_maybe (CHRONO_REPORT_NUMBER_TYPE, NULL);
}

/* JSON has no infinity or NaN: such a value is null. */
static GVariant *
real (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  if (!isfinite (value))
    return null ();
  return chrono_report_number_take (g_strdup (g_ascii_dtostr (buffer, sizeof buffer, value)));
}

/* A name as read, which a file's path need not be: bytes that are no
 * UTF-8 go as a byte string, written as the text it is. */
GVariant *
chrono_report_text (const char *value)
{
  if (g_utf8_validate (value, -1, NULL))
    return g_variant_new_string (value);
  return g_variant_new_bytestring (value);
}

static void
add (GVariantBuilder *builder, const char *key, GVariant *value)
{
  g_variant_builder_add (builder, "{sv}", key, value);
}

/* ---- the header of a trace whose loader counted nothing ------------------- */

static void
add_header (GVariantBuilder *b, ChronoTrace *trace, gboolean claims)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  gboolean range = chrono_trace_has_range (trace);
  add (b, "file", chrono_report_text (chrono_trace_get_path (trace)));
  add (b, "format", chrono_report_text (chrono_trace_get_format (trace)));
  add (b, "begin", range ? seconds (clock, chrono_trace_get_begin (trace)) : null ());
  add (b, "end", range ? seconds (clock, chrono_trace_get_end (trace)) : null ());
  add (b, "ticks_per_second", g_variant_new_int64 (clock->ticks_per_second));
  /* a trace of claims counts its events in its claims section */
  if (!claims)
    add (b, "events", g_variant_new_uint64 (chrono_trace_get_n_events (trace)));
  add (b, "warnings", g_variant_new_uint64 (chrono_warnings_get_total (chrono_trace_get_warnings (trace))));
  add (b, "lanes", g_variant_new_uint32 (chrono_trace_count_lanes (trace)));
}

static void
add_loader_figures (GVariantBuilder *b, GVariant *statistics)
{
  GVariantIter iter;
  const char *key;
  GVariant *value;
  g_variant_iter_init (&iter, statistics);
  while (g_variant_iter_loop (&iter, "{&sv}", &key, &value))
    add (b, key, value);
}

/* ---- claims: resources, signals, critical path ----------------------------- */

static const char *
lane_name_attribute (ChronoTrace *trace, ChronoLane *lane)
{
  const char *name = chrono_attrs_lookup (chrono_trace_get_attrs (trace), chrono_lane_get_attrs (lane), "name");
  return name ? name : "";
}

/* seconds of the trace with 0, 1, 2, … claims on the resource at once */
static GVariant *
concurrency (ChronoTrace *trace, const ChronoResourceStats *r)
{
  g_autoptr (GArray) histogram = r->concurrency ? g_array_ref (r->concurrency)
                                                : chrono_resource_concurrency (r->lane, chrono_trace_get_begin (trace),
                                                                               chrono_trace_get_end (trace));
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("av"));
  for (guint n = 0; n < histogram->len; n++)
    g_variant_builder_add (&b, "v", seconds (chrono_trace_get_clock (trace), g_array_index (histogram, gint64, n)));
  return g_variant_builder_end (&b);
}

static GVariant *
resource (ChronoTrace *trace, const ChronoResourceStats *r)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  add (&b, "id", g_variant_new_int64 (chrono_lane_get_source_id (r->lane)));
  add (&b, "name", chrono_report_text (lane_name_attribute (trace, r->lane)));
  add (&b, "capacity", real (chrono_lane_get_capacity (r->lane)));
  add (&b, "claims", g_variant_new_uint64 (r->claims));
  add (&b, "usage", real (r->usage));
  add (&b, "concurrency", concurrency (trace, r));
  return g_variant_builder_end (&b);
}

static GVariant *
signal_figures (ChronoTrace *trace, const ChronoSignalStats *s)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  add (&b, "id", g_variant_new_int64 (chrono_lane_get_source_id (s->lane)));
  add (&b, "name", chrono_report_text (lane_name_attribute (trace, s->lane)));
  add (&b, "fragments", g_variant_new_uint64 (s->fragments));
  add (&b, "min", s->has_range ? real (s->min) : null ());
  add (&b, "max", s->has_range ? real (s->max) : null ());
  return g_variant_builder_end (&b);
}

static GVariant *
critical_path (ChronoTrace *trace)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  g_autoptr (GArray) path = chrono_critical_path_compute (trace, FALSE);
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < path->len; i++)
    {
      const ChronoPathStep *step = &g_array_index (path, ChronoPathStep, i);
      ChronoSpans *spans = chrono_lane_get_spans (step->lane);
      GVariantBuilder entry;
      g_variant_builder_init (&entry, G_VARIANT_TYPE_VARDICT);
      add (&entry, "lane", chrono_report_text (chrono_lane_get_name (step->lane)));
      add (&entry, "begin", seconds (clock, chrono_spans_get_start (spans, step->span)));
      add (&entry, "end", seconds (clock, chrono_spans_get_end (spans, step->span)));
      g_variant_builder_add (&b, "v", g_variant_builder_end (&entry));
    }
  return g_variant_builder_end (&b);
}

static void
add_claims (GVariantBuilder *b, ChronoTrace *trace, ChronoReportGaps *gaps)
{
  g_autoptr (GArray) resources = chrono_resource_stats_compute (trace);
  guint64 claims = 0;
  for (guint i = 0; i < resources->len; i++)
    claims += g_array_index (resources, ChronoResourceStats, i).claims;
  add (b, "claims", g_variant_new_uint64 (claims));
  add (b, "events", g_variant_new_uint64 (chrono_trace_count_marks (trace)));
  add (b, "dependencies", g_variant_new_uint32 (chrono_links_get_n (chrono_trace_get_links (trace))));
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < resources->len; i++)
    g_variant_builder_add (&list, "v", resource (trace, &g_array_index (resources, ChronoResourceStats, i)));
  add (b, "resources", g_variant_builder_end (&list));
  g_autoptr (GArray) signals = chrono_signal_stats_compute (trace);
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < signals->len; i++)
    g_variant_builder_add (&list, "v", signal_figures (trace, &g_array_index (signals, ChronoSignalStats, i)));
  add (b, "signals", g_variant_builder_end (&list));
  if (chrono_trace_is_lazy (trace))
    {
      *gaps |= CHRONO_REPORT_NO_CRITICAL_PATH;
      add (b, "critical_path", null ());
    }
  else
    add (b, "critical_path", critical_path (trace));
}

/* ---- entities: tasks, ISRs, runnables, cores -------------------------------- */

static GVariant *
response_time (const ChronoClock *clock, const ChronoEntityStats *s)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  gboolean any = s->response_count > 0;
  add (&b, "count", g_variant_new_uint64 (s->response_count));
  add (&b, "min", any ? duration (clock, s->response_min) : null ());
  add (&b, "max", any ? duration (clock, s->response_max) : null ());
  add (&b, "mean",
       any ? chrono_report_number_take (chrono_clock_format_duration_ratio (clock, s->response_sum, s->response_count))
           : null ());
  return g_variant_builder_end (&b);
}

static GVariant *
entity (const ChronoClock *clock, const ChronoEntityStats *s)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  add (&b, "name", chrono_report_text (s->name));
  add (&b, "type", chrono_report_text (s->type));
  switch (s->kind)
    {
    case CHRONO_LANE_PROCESS:
      add (&b, "activations", g_variant_new_uint64 (s->activations));
      add (&b, "preemptions", g_variant_new_uint64 (s->preemptions));
      add (&b, "response_time", response_time (clock, s));
      add (&b, "running_time", duration (clock, s->running_time));
      break;
    case CHRONO_LANE_RUNNABLE:
      add (&b, "starts", g_variant_new_uint64 (s->starts));
      add (&b, "running_time", duration (clock, s->running_time));
      break;
    case CHRONO_LANE_CORE: add (&b, "busy_time", duration (clock, s->busy_time)); break;
    default: break;
    }
  return g_variant_builder_end (&b);
}

static void
add_entities (GVariantBuilder *b, ChronoTrace *trace)
{
  g_autoptr (GPtrArray) stats = chrono_entity_stats_compute (trace);
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("av"));
  for (guint i = 0; i < stats->len; i++)
    g_variant_builder_add (&list, "v", entity (chrono_trace_get_clock (trace), g_ptr_array_index (stats, i)));
  add (b, "entities", g_variant_builder_end (&list));
}

static gboolean
has_entities (ChronoTrace *trace, ChronoTraceFeatures features)
{
  return (features & (CHRONO_TRACE_HAS_INSTANCES | CHRONO_TRACE_HAS_CORES)) != 0
         || chrono_trace_has_lane_kind (trace, CHRONO_LANE_RUNNABLE);
}

/* ---- the report ------------------------------------------------------------- */

GVariant *
chrono_report_build (ChronoTrace *trace, ChronoReportGaps *gaps)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  ChronoReportGaps none;
  gaps = gaps ? gaps : &none;
  *gaps = CHRONO_REPORT_COMPLETE;
  ChronoTraceFeatures features = chrono_trace_get_features (trace);
  gboolean claims = (features & CHRONO_TRACE_HAS_CLAIMS) != 0;
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  GVariant *statistics = chrono_trace_get_statistics (trace);
  if (statistics != NULL)
    add_loader_figures (&b, statistics);
  else
    add_header (&b, trace, claims);
  if (claims)
    add_claims (&b, trace, gaps);
  else if (has_entities (trace, features))
    add_entities (&b, trace);
  return g_variant_ref_sink (g_variant_builder_end (&b));
}
