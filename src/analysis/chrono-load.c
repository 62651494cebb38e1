/* chrono-load.c — "load" is how busy the machine is: per column, the share
 * of time the core lanes are occupied, averaged over the cores.  A trace
 * without cores falls back to the time its processes run (or poll), then to
 * the busy time of every span lane; those have no known capacity, so the
 * full height is the busiest column, or one lane busy all the time if none
 * is busier.  Lanes are read through their summaries, so a lazy trace needs
 * no decoded chunk. */
#include "chrono-load.h"

#include <math.h>

struct _ChronoLoad {
  ChronoLoadSource source;
  guint n_columns;
  gint64 begin, end;
  double *fractions; /* n_columns × CHRONO_N_STATES, stacked in state order */
};

/* The lanes whose busy time is the load, best source first. */
static ChronoLoadSource
collect_lanes (ChronoTrace *trace, GPtrArray *out)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (ChronoLoadSource source = CHRONO_LOAD_SOURCE_CORES; source <= CHRONO_LOAD_SOURCE_SPANS; source++)
    {
      for (guint i = 0; i < lanes->len; i++)
        {
          ChronoLane *lane = g_ptr_array_index (lanes, i);
          if (!chrono_lane_has_intervals (lane))
            continue;
          ChronoLaneKind kind = chrono_lane_get_kind (lane);
          if ((source == CHRONO_LOAD_SOURCE_CORES && kind == CHRONO_LANE_CORE)
              || (source == CHRONO_LOAD_SOURCE_PROCESSES && kind == CHRONO_LANE_PROCESS)
              || source == CHRONO_LOAD_SOURCE_SPANS)
            g_ptr_array_add (out, g_object_ref (lane));
        }
      if (out->len > 0)
        return source;
    }
  return CHRONO_LOAD_SOURCE_NONE;
}

static gboolean
counts_as_busy (ChronoLoadSource source, guint state)
{
  if (state == CHRONO_STATE_NONE)
    return FALSE;
  switch (source)
    {
    /* a core span is an occupant, whatever state colours it, but its idle task */
    case CHRONO_LOAD_SOURCE_CORES: return state != CHRONO_STATE_IDLE;
    /* a process is busy while it runs (polling is active waiting) */
    case CHRONO_LOAD_SOURCE_PROCESSES: return chrono_state_get_category (state) == CHRONO_CATEGORY_RUNNING;
    /* work and resources in use; ready, waiting, blocked and free are the absence of work */
    case CHRONO_LOAD_SOURCE_SPANS: return chrono_state_is_busy (state);
    case CHRONO_LOAD_SOURCE_NONE:
    default: return FALSE;
    }
}

/* Adds one lane's busy time in [t0, t1) to a column, as shares of the column. */
static void
add_lane (ChronoLoadSource source, ChronoLane *lane, gint64 t0, gint64 t1, double *column)
{
  ChronoSpanSummary summary;
  chrono_lane_summarize (lane, t0, t1, &summary);
  double busy = 0.0;
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    if (counts_as_busy (source, s))
      busy += (double) summary.time_in_state[s];
  if (busy <= 0.0)
    return;
  /* nested or concurrent spans cover a column more than once, but a lane is
   * at most busy all of the time */
  double k = 1.0 / MAX (busy, (double) (t1 - t0));
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    if (counts_as_busy (source, s))
      column[s] += (double) summary.time_in_state[s] * k;
}

/* One summary per lane and column: O(columns × lanes × log n). */
ChronoLoad *
chrono_load_compute (ChronoTrace *trace, gint64 begin, gint64 end, guint n_columns)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  ChronoLoad *load = g_new0 (ChronoLoad, 1);
  load->n_columns = n_columns;
  load->begin = begin;
  load->end = end;
  gsize n_values = (gsize) n_columns * CHRONO_N_STATES;
  load->fractions = g_new0 (double, n_values);

  g_autoptr (GPtrArray) lanes = g_ptr_array_new_with_free_func (g_object_unref);
  load->source = collect_lanes (trace, lanes);
  if (load->source == CHRONO_LOAD_SOURCE_NONE || n_columns == 0)
    return load;

  double span = (double) (end - begin);
  double peak = 0.0;
  for (guint c = 0; c < n_columns; c++)
    {
      gint64 t0 = begin + (gint64) floor (c * span / n_columns);
      gint64 t1 = begin + (gint64) floor ((c + 1) * span / n_columns);
      if (t1 <= t0)
        t1 = t0 + 1; /* a range shorter than there are columns */
      double *column = &load->fractions[(gsize) c * CHRONO_N_STATES];
      for (guint l = 0; l < lanes->len; l++)
        add_lane (load->source, g_ptr_array_index (lanes, l), t0, t1, column);
      double total = 0.0;
      for (guint s = 0; s < CHRONO_N_STATES; s++)
        total += column[s];
      peak = MAX (peak, total);
    }

  /* cores have a known capacity (their number); the fallbacks do not */
  double capacity = load->source == CHRONO_LOAD_SOURCE_CORES ? (double) lanes->len : MAX (peak, 1.0);
  for (gsize i = 0; i < n_values; i++)
    load->fractions[i] /= capacity;
  return load;
}

void
chrono_load_free (ChronoLoad *load)
{
  if (load == NULL)
    return;
  g_free (load->fractions);
  g_free (load);
}

ChronoLoadSource
chrono_load_get_source (const ChronoLoad *load)
{
  return load->source;
}

guint
chrono_load_get_n_columns (const ChronoLoad *load)
{
  return load->n_columns;
}

gint64
chrono_load_get_begin (const ChronoLoad *load)
{
  return load->begin;
}

gint64
chrono_load_get_end (const ChronoLoad *load)
{
  return load->end;
}

double
chrono_load_get_fraction (const ChronoLoad *load, guint column, guint state)
{
  g_return_val_if_fail (column < load->n_columns && state < CHRONO_N_STATES, 0.0);
  return load->fractions[(gsize) column * CHRONO_N_STATES + state];
}

/* The stacked height of a column; concurrent fallback lanes can overfill it. */
double
chrono_load_get_column_total (const ChronoLoad *load, guint column)
{
  double total = 0.0;
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    total += chrono_load_get_fraction (load, column, s);
  return MIN (total, 1.0);
}
