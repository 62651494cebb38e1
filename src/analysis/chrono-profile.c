#include "chrono-profile.h"

#include <math.h>

#include "chrono-clock.h"

/* Lanes of calls: nested spans with labels. */
static gboolean
holds_calls (ChronoLane *lane)
{
  ChronoLaneKind kind = chrono_lane_get_kind (lane);
  return kind == CHRONO_LANE_WORKER && chrono_lane_get_spans (lane) != NULL;
}

static ChronoProfileRow *
row_for (GHashTable *rows, GArray *array, ChronoStrings *strings, guint32 label)
{
  gpointer index;
  if (g_hash_table_lookup_extended (rows, GUINT_TO_POINTER (label), NULL, &index))
    return &g_array_index (array, ChronoProfileRow, GPOINTER_TO_UINT (index));
  ChronoProfileRow row = { chrono_strings_get (strings, label), 0, 0, 0, FALSE };
  g_array_append_val (array, row);
  g_hash_table_insert (rows, GUINT_TO_POINTER (label), GUINT_TO_POINTER (array->len - 1));
  return &g_array_index (array, ChronoProfileRow, array->len - 1);
}

/* Spans come in start order, so the open calls form a stack by depth: a
 * span's caller is the open one a level up that contains it. */
static void
add_lane (ChronoLane *lane, ChronoStrings *strings, gint64 begin, gint64 end, GHashTable *rows, GArray *array)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  g_autoptr (GArray) open = g_array_new (FALSE, FALSE, sizeof (ChronoSpan));
  guint n = chrono_spans_get_n (spans);
  for (guint i = chrono_spans_first_ending_after (spans, begin); i < n; i++)
    {
      ChronoSpan s;
      chrono_spans_get (spans, i, &s);
      if (s.start >= end)
        break;
      if (s.end <= begin || s.label == CHRONO_STRING_NONE)
        continue;
      /* a call never ended (still open at the trace's end) has no known length: it adds no time */
      gboolean never_ended = (s.flags & CHRONO_SPAN_OPEN_END) != 0;
      gint64 inside = never_ended ? 0 : MIN (s.end, end) - MAX (s.start, begin);
      ChronoProfileRow *row = row_for (rows, array, strings, s.label);
      row->calls++;
      /* held, not wrapped: a damaged file's calls may span more than 2^63 ticks */
      row->inclusive = chrono_ticks_sum (row->inclusive, inside);
      row->exclusive = chrono_ticks_sum (row->exclusive, inside);
      g_array_set_size (open, MIN (open->len, s.depth));
      if (s.depth > 0 && open->len == s.depth)
        {
          const ChronoSpan *caller = &g_array_index (open, ChronoSpan, s.depth - 1);
          if (caller->start <= s.start && s.end <= caller->end && !(caller->flags & CHRONO_SPAN_OPEN_END))
            row_for (rows, array, strings, caller->label)->exclusive -= inside;
        }
      if (open->len == s.depth)
        g_array_append_val (open, s);
    }
}

/* A lazily read lane of calls: its figures of the stretches the range covers. */
static void
add_summarised_lane (ChronoLane *lane, ChronoStrings *strings, gint64 begin, gint64 end, GHashTable *rows,
                     GArray *array)
{
  g_autoptr (GHashTable) figures = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  gboolean exact = chrono_call_summary_query (chrono_lane_get_call_summary (lane), begin, end, figures);
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, figures);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      const ChronoCallSummaryRow *f = value;
      ChronoProfileRow *row = row_for (rows, array, strings, f->label);
      row->calls += (guint64) llround (f->calls);
      row->inclusive = chrono_ticks_sum (row->inclusive, chrono_call_summary_ticks (f->inclusive));
      row->exclusive = chrono_ticks_sum (row->exclusive, chrono_call_summary_ticks (f->exclusive));
      row->approximate |= !exact;
    }
}

/* Running time of a lane's spans inside [begin, end). */
static gint64
running_inside (ChronoLane *lane, gint64 begin, gint64 end, GHashTable *instances)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  if (spans == NULL)
    return 0;
  gint64 running = 0;
  guint n = chrono_spans_get_n (spans);
  for (guint i = chrono_spans_first_ending_after (spans, begin); i < n; i++)
    {
      ChronoSpan s;
      chrono_spans_get (spans, i, &s);
      if (s.start >= end)
        break;
      if (s.end <= begin)
        continue;
      if (instances != NULL && s.instance != CHRONO_NO_INSTANCE)
        g_hash_table_add (instances, GUINT_TO_POINTER (s.instance + 1));
      if (chrono_state_get_category (s.state) == CHRONO_CATEGORY_RUNNING)
        running += MIN (s.end, end) - MAX (s.start, begin);
    }
  return running;
}

/* A task, ISR or runnable (chrono-schedule.h): a call is an instance, its
 * time is the time it runs; exclusive time leaves out what the runnables it calls run (a
 * caller runs on while its callees do). */
static void
add_scheduled_lane (ChronoLane *lane, ChronoStrings *strings, gint64 begin, gint64 end, GHashTable *rows, GArray *array)
{
  g_autoptr (GHashTable) instances = g_hash_table_new (NULL, NULL);
  gint64 running = running_inside (lane, begin, end, instances);
  if (running == 0 && g_hash_table_size (instances) == 0)
    return;
  gint64 callees = 0;
  for (guint i = 0; i < chrono_lane_get_n_children (lane); i++)
    {
      ChronoLane *child = chrono_lane_get_child (lane, i);
      if (chrono_lane_get_kind (child) == CHRONO_LANE_RUNNABLE)
        callees += running_inside (child, begin, end, NULL);
    }
  ChronoProfileRow *row =
      row_for (rows, array, strings, chrono_strings_intern (strings, chrono_lane_get_display_name (lane)));
  row->calls += g_hash_table_size (instances);
  row->inclusive += running;
  row->exclusive += MAX (running - callees, 0);
}

static int
by_exclusive (gconstpointer a, gconstpointer b)
{
  const ChronoProfileRow *x = a, *y = b;
  if (x->exclusive != y->exclusive)
    return x->exclusive > y->exclusive ? -1 : 1;
  return g_strcmp0 (x->name, y->name);
}

GArray *
chrono_profile_compute (ChronoTrace *trace, gint64 begin, gint64 end)
{
  return chrono_profile_compute_lanes (trace, NULL, begin, end);
}

GArray *
chrono_profile_compute_lanes (ChronoTrace *trace, GPtrArray *only, gint64 begin, gint64 end)
{
  GArray *array = g_array_new (FALSE, FALSE, sizeof (ChronoProfileRow));
  g_autoptr (GHashTable) rows = g_hash_table_new (NULL, NULL);
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  g_autoptr (GPtrArray) every = only == NULL ? chrono_trace_list_lanes (trace) : NULL;
  GPtrArray *lanes = only != NULL ? only : every;
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoLaneKind kind = chrono_lane_get_kind (lane);
      if (holds_calls (lane))
        add_lane (lane, strings, begin, end, rows, array);
      else if (kind == CHRONO_LANE_WORKER && chrono_lane_get_call_summary (lane) != NULL)
        add_summarised_lane (lane, strings, begin, end, rows, array);
      else if (kind == CHRONO_LANE_PROCESS || kind == CHRONO_LANE_RUNNABLE)
        add_scheduled_lane (lane, strings, begin, end, rows, array);
    }
  g_array_sort (array, by_exclusive);
  return array;
}
