/* chrono-range-counters-view.h — the Range page's counters: each signal
 * lane's least, mean and largest value in the range, its change over it
 * and that change per second (chrono-range-counters.h: an OTF2 counter
 * shown as its rate changes by its integral, what the counter grew by). */
#pragma once

#include <gtk/gtk.h>

#include "chrono-trace.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_RANGE_COUNTERS_VIEW (chrono_range_counters_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoRangeCountersView, chrono_range_counters_view, CHRONO, RANGE_COUNTERS_VIEW, GtkBox)

GtkWidget *chrono_range_counters_view_new (void);
void chrono_range_counters_view_clear (ChronoRangeCountersView *view);
/* A trace's counters over [begin, end) of its own clock, added to the table
 * (several traces of a set one after another); the part shows while it has rows. */
void chrono_range_counters_view_add (ChronoRangeCountersView *view, ChronoTrace *trace, gint64 begin, gint64 end);
GtkTreeView *chrono_range_counters_view_get_tree (ChronoRangeCountersView *view);

/* Model columns (tests). */
enum {
  CHRONO_RANGE_COUNTER_COLUMN_LANE, /* its path */
  CHRONO_RANGE_COUNTER_COLUMN_MIN, /* doubles; -G_MAXDOUBLE where the range holds none (sorted first) */
  CHRONO_RANGE_COUNTER_COLUMN_MEAN,
  CHRONO_RANGE_COUNTER_COLUMN_MAX,
  CHRONO_RANGE_COUNTER_COLUMN_CHANGE,
  CHRONO_RANGE_COUNTER_COLUMN_PER_SECOND,
  CHRONO_RANGE_COUNTER_COLUMN_MIN_TEXT,
  CHRONO_RANGE_COUNTER_COLUMN_MEAN_TEXT,
  CHRONO_RANGE_COUNTER_COLUMN_MAX_TEXT,
  CHRONO_RANGE_COUNTER_COLUMN_CHANGE_TEXT,
  CHRONO_RANGE_COUNTER_COLUMN_PER_SECOND_TEXT,
  CHRONO_N_RANGE_COUNTER_COLUMNS
};

G_END_DECLS
