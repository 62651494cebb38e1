/* The report: its sections follow what a trace holds, never its format's
 * name.  Traces are built by hand here, of a format no loader knows, so
 * that nothing but their contents can decide. */
#include "chrono-report.h"

static GPtrArray *
keys_of (GVariant *report)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);
  GVariantIter iter;
  const char *key;
  GVariant *value;
  g_variant_iter_init (&iter, report);
  while (g_variant_iter_loop (&iter, "{&sv}", &key, &value))
    g_ptr_array_add (keys, g_strdup (key));
  g_ptr_array_add (keys, NULL);
  return keys;
}

static void
assert_keys (GVariant *report, const char *expected)
{
  g_autoptr (GPtrArray) keys = keys_of (report);
  g_autofree char *joined = g_strjoinv (" ", (char **) keys->pdata);
  g_assert_cmpstr (joined, ==, expected);
}

static ChronoTrace *
trace_with_lane (ChronoLaneKind kind)
{
  ChronoTrace *trace = chrono_trace_new ("made-here", "unknown");
  g_autoptr (ChronoLane) lane = chrono_lane_new ("one", kind, "X");
  chrono_trace_add_lane (trace, lane);
  return trace;
}

/* A format with no figures of its own and neither claims nor tasks gets
 * the header alone (it used to get an empty list of entities). */
static void
test_header_alone (void)
{
  g_autoptr (ChronoTrace) trace = trace_with_lane (CHRONO_LANE_WORKER);
  ChronoReportGaps gaps = CHRONO_REPORT_NO_CRITICAL_PATH;
  g_autoptr (GVariant) report = chrono_report_build (trace, &gaps);
  assert_keys (report, "file format begin end ticks_per_second events warnings lanes");
  g_assert_cmpint (gaps, ==, CHRONO_REPORT_COMPLETE);
  /* no events: no range, so no time */
  g_autoptr (GVariant) begin = g_variant_lookup_value (report, "begin", NULL);
  g_assert_true (g_variant_is_of_type (begin, G_VARIANT_TYPE_MAYBE));
  g_assert_null (g_variant_get_maybe (begin));
}

static void
test_process_lane_gives_entities (void)
{
  g_autoptr (ChronoTrace) trace = trace_with_lane (CHRONO_LANE_PROCESS);
  g_autoptr (GVariant) report = chrono_report_build (trace, NULL);
  assert_keys (report, "file format begin end ticks_per_second events warnings lanes entities");
}

/* Declared, not held: a trace of claims with none still reports them. */
static void
test_declared_claims_give_their_sections (void)
{
  g_autoptr (ChronoTrace) trace = trace_with_lane (CHRONO_LANE_WORKER);
  chrono_trace_add_features (trace, CHRONO_TRACE_HAS_CLAIMS);
  g_autoptr (GVariant) report = chrono_report_build (trace, NULL);
  assert_keys (report, "file format begin end ticks_per_second warnings lanes claims events dependencies resources "
                       "signals critical_path");
}

/* A loader's figures replace the header, in its order; sections follow. */
static void
test_loader_figures_come_first (void)
{
  g_autoptr (ChronoTrace) trace = trace_with_lane (CHRONO_LANE_CORE);
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "format", g_variant_new_string ("unknown"));
  g_variant_builder_add (&b, "{sv}", "pid", g_variant_new_uint64 (G_MAXUINT64));
  chrono_trace_set_statistics (trace, g_variant_builder_end (&b));
  g_autoptr (GVariant) report = chrono_report_build (trace, NULL);
  assert_keys (report, "format pid entities");
  g_autoptr (GVariant) pid = g_variant_lookup_value (report, "pid", G_VARIANT_TYPE_UINT64);
  g_assert_cmpuint (g_variant_get_uint64 (pid), ==, G_MAXUINT64);
}

static void
test_exact_numbers (void)
{
  g_autoptr (GVariant) number = g_variant_ref_sink (chrono_report_number_take (g_strdup ("0.000000001")));
  g_assert_cmpstr (chrono_report_number_text (number), ==, "0.000000001");
  g_autoptr (GVariant) text = g_variant_ref_sink (g_variant_new_string ("0.000000001"));
  g_assert_null (chrono_report_number_text (text));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/header-alone", test_header_alone);
  g_test_add_func ("/report/process-lane-gives-entities", test_process_lane_gives_entities);
  g_test_add_func ("/report/declared-claims-give-their-sections", test_declared_claims_give_their_sections);
  g_test_add_func ("/report/loader-figures-come-first", test_loader_figures_come_first);
  g_test_add_func ("/report/exact-numbers", test_exact_numbers);
  return g_test_run ();
}
