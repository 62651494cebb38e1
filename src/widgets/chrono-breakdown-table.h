/* chrono-breakdown-table.h — where each instance of a task spent its
 * response time, one row per instance and a column per part (running,
 * preempted, waiting on a semaphore or an OS event, polling, parked), sorted
 * by any column: the instance that waited longest on a semaphore is one
 * click on that column away.  The Metrics page shows it under its plots. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-metrics.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_BREAKDOWN_TABLE (chrono_breakdown_table_get_type ())
G_DECLARE_FINAL_TYPE (ChronoBreakdownTable, chrono_breakdown_table, CHRONO, BREAKDOWN_TABLE, GtkBox)

/* Signal "instance-activated" (guint index): a row was activated; index
 * into the entity's instances. */
GtkWidget *chrono_breakdown_table_new (void);
/* The instances of entity (borrowed until the next call; NULL: none), their
 * times shown from origin on clock. */
void chrono_breakdown_table_show (ChronoBreakdownTable *table, ChronoTrace *trace, const ChronoEntityMetrics *entity,
                                  gint64 origin);
void chrono_breakdown_table_set_origin (ChronoBreakdownTable *table, gint64 origin);
GtkTreeView *chrono_breakdown_table_get_tree (ChronoBreakdownTable *table);
/* Model columns: the instance's index, its number, activation, response time, then each part's ticks. */
enum {
  CHRONO_BREAKDOWN_COLUMN_INDEX,
  CHRONO_BREAKDOWN_COLUMN_NUMBER,
  CHRONO_BREAKDOWN_COLUMN_ACTIVATED,
  CHRONO_BREAKDOWN_COLUMN_RESPONSE,
  CHRONO_BREAKDOWN_COLUMN_FIRST_PART,
};

G_END_DECLS
