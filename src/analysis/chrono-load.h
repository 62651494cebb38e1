/* chrono-load.h — how busy a trace is per column of a time range, per state:
 * the overview's picture, computed without a display so it can be tested. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

/* Which lanes the load was read from, best first. */
typedef enum {
  CHRONO_LOAD_SOURCE_NONE,
  CHRONO_LOAD_SOURCE_CORES,
  CHRONO_LOAD_SOURCE_PROCESSES,
  CHRONO_LOAD_SOURCE_SPANS,
} ChronoLoadSource;

typedef struct _ChronoLoad ChronoLoad;

ChronoLoad *chrono_load_compute (ChronoTrace *trace, gint64 begin, gint64 end, guint n_columns);
void chrono_load_free (ChronoLoad *load);

ChronoLoadSource chrono_load_get_source (const ChronoLoad *load);
guint chrono_load_get_n_columns (const ChronoLoad *load);
gint64 chrono_load_get_begin (const ChronoLoad *load);
gint64 chrono_load_get_end (const ChronoLoad *load);
double chrono_load_get_fraction (const ChronoLoad *load, guint column, guint state);
double chrono_load_get_column_total (const ChronoLoad *load, guint column);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoLoad, chrono_load_free)

G_END_DECLS
