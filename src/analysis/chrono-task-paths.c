/* chrono-task-paths.c — a lane's path is its callers' (its parent process
 * and runnables) and its own name; its figures are the flat profile of the
 * lane alone. */
#include "chrono-task-paths.h"

#include "chrono-profile.h"

static void
add_lane (ChronoTrace *trace, ChronoLane *lane, GPtrArray *callers, gint64 begin, gint64 end, GArray *paths)
{
  g_autoptr (GPtrArray) one = g_ptr_array_new ();
  g_ptr_array_add (one, lane);
  g_autoptr (GArray) rows = chrono_profile_compute_lanes (trace, one, begin, end);
  if (rows->len == 0)
    return; /* neither an instance nor running time in the range: nor have its runnables */
  const ChronoProfileRow *row = &g_array_index (rows, ChronoProfileRow, 0);
  GPtrArray *names = g_ptr_array_copy (callers, NULL, NULL);
  g_ptr_array_add (names, (gpointer) row->name);
  ChronoCallPath path = { names, row->calls, row->inclusive, row->exclusive };
  g_array_append_val (paths, path);
  for (guint i = 0; i < chrono_lane_get_n_children (lane); i++)
    {
      ChronoLane *child = chrono_lane_get_child (lane, i);
      if (chrono_lane_get_kind (child) == CHRONO_LANE_RUNNABLE)
        add_lane (trace, child, names, begin, end, paths);
    }
}

GArray *
chrono_task_paths_compute (ChronoTrace *trace, gint64 begin, gint64 end)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  GArray *paths = g_array_new (FALSE, FALSE, sizeof (ChronoCallPath));
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  g_autoptr (GPtrArray) none = g_ptr_array_new ();
  for (guint i = 0; i < lanes->len; i++)
    if (chrono_lane_get_kind (lanes->pdata[i]) == CHRONO_LANE_PROCESS)
      add_lane (trace, lanes->pdata[i], none, begin, end, paths);
  g_array_sort (paths, (GCompareFunc) chrono_call_path_compare);
  return paths;
}
