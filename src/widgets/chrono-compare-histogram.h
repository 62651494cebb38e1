/* chrono-compare-histogram.h — one metric's distribution in two runs drawn
 * over each other (Tracy's compare window): common bins over both runs'
 * range, run A's bars and run B's in two colours, each run's p50 and p99
 * marked, so a shift of the whole distribution reads apart from a longer
 * tail. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-metrics.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_COMPARE_HISTOGRAM (chrono_compare_histogram_get_type ())
G_DECLARE_FINAL_TYPE (ChronoCompareHistogram, chrono_compare_histogram, CHRONO, COMPARE_HISTOGRAM, GtkDrawingArea)

GtkWidget *chrono_compare_histogram_new (void);
/* The metric of one entity in both runs (borrowed until the next call;
 * NULL: nothing to draw), values on each run's clock. */
void chrono_compare_histogram_show (ChronoCompareHistogram *histogram, const ChronoEntityMetrics *a,
                                    const ChronoClock *clock_a, const ChronoEntityMetrics *b,
                                    const ChronoClock *clock_b, ChronoMetric metric);
/* How many instances of run (0: A, 1: B) fall in each of n common bins
 * (tests); FALSE when nothing is shown. */
gboolean chrono_compare_histogram_get_bins (ChronoCompareHistogram *histogram, guint run, guint *counts, guint n);

#define CHRONO_COMPARE_HISTOGRAM_BINS 24

G_END_DECLS
