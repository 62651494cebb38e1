/* chrono-gi.c — each function the typelib adds is a thin wrapper of the
 * model's, loaders' or renderer's own: a script sees the figures the
 * viewer and the CLI see.  Columns are copied once into GBytes (a lane's
 * spans are stored by column already, but not as plain arrays). */
#include "chrono-gi.h"

#include "chrono-cli-diff.h"
#include "chrono-cli-documents.h"
#include "chrono-cli-json.h"
#include "chrono-cli-profile.h"
#include "chrono-cli-stats.h"
#include "chrono-dump.h"
#include "chrono-export.h"
#include "chrono-layout.h"
#include "chrono-loader.h"
#include "chrono-report.h"

/**
 * chrono_trace_load:
 * @path: (type filename): the trace file (or an OTF2 archive's anchor)
 * @options: (nullable) (element-type utf8 utf8): the loaders' options, as
 *   `chronoscope-cli --help-options` lists them ("lazy": "never", "group-by": …)
 * @error: where a file that cannot be read says why (its name, line and reason)
 *
 * Reads a trace of any format the loaders know, found by its contents.
 *
 * Returns: (transfer full): the trace
 */
ChronoTrace *
chrono_trace_load (const char *path, GHashTable *options, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  return chrono_load_file_with_options (path, options, NULL, NULL, NULL, error);
}

typedef struct {
  ChronoLoadProgress progress;
  gpointer progress_data;
  GDestroyNotify progress_destroy;
} Progress;

static void
progress_free (Progress *p)
{
  if (p->progress_destroy != NULL)
    p->progress_destroy (p->progress_data);
  g_free (p);
}

static void
tell_progress (double fraction, gpointer data)
{
  Progress *p = data;
  if (p->progress != NULL)
    p->progress (fraction, p->progress_data);
}

/* The loader's task carries the result; ours hands it on and lets the progress function go. */
static void
loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  GTask *task = data;
  GError *error = NULL;
  ChronoTrace *trace = chrono_load_file_finish (result, &error);
  if (trace != NULL)
    g_task_return_pointer (task, trace, g_object_unref);
  else
    g_task_return_error (task, error);
  g_object_unref (task);
}

/**
 * chrono_trace_load_async:
 * @path: (type filename): the trace file
 * @options: (nullable) (element-type utf8 utf8): the loaders' options
 * @progress: (nullable) (scope notified) (closure progress_data) (destroy progress_destroy): told how far the
 *   load has come, in the caller's main context
 * @progress_data: data for @progress
 * @progress_destroy: (nullable): frees @progress_data when the load is over
 * @cancellable: (nullable): stops the load
 * @callback: (scope async): called when the trace is read
 * @user_data: (closure): data for @callback
 *
 * chrono_trace_load() on a worker thread.
 */
void
chrono_trace_load_async (const char *path, GHashTable *options, ChronoLoadProgress progress, gpointer progress_data,
                         GDestroyNotify progress_destroy, GCancellable *cancellable, GAsyncReadyCallback callback,
                         gpointer user_data)
{
  g_return_if_fail (path != NULL);
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, chrono_trace_load_async);
  Progress *p = g_new0 (Progress, 1);
  *p = (Progress){ progress, progress_data, progress_destroy };
  g_task_set_task_data (task, p, (GDestroyNotify) progress_free);
  chrono_load_file_async (path, options, tell_progress, p, cancellable, loaded, task);
}

/**
 * chrono_trace_load_finish:
 * @result: what the callback was given
 * @error: why the load failed
 *
 * Returns: (transfer full): the trace
 */
ChronoTrace *
chrono_trace_load_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL) && g_async_result_is_tagged (result, chrono_trace_load_async),
                        NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* The model's own functions a script calls are annotated here, where the
 * scanner reads them, not in the model's headers. */

/**
 * chrono_trace_get_lanes: (skip)
 * @trace: a trace
 *
 * The top-level lanes as a list model; a script gets every lane by
 * get_lanes() (chrono_trace_list_script_lanes) instead.
 *
 * Returns: (transfer none): the top-level lanes
 */

/**
 * chrono_trace_get_path:
 * @trace: a trace
 *
 * Returns: (type filename): the file it was read from
 */

/**
 * chrono_trace_get_format:
 * @trace: a trace
 *
 * Returns: its format's name, as `info --json` gives it under "format"
 */

/**
 * chrono_trace_get_begin:
 * @trace: a trace
 *
 * Returns: its first time, in ticks
 */

/**
 * chrono_trace_get_end:
 * @trace: a trace
 *
 * Returns: its last time, in ticks
 */

/**
 * chrono_trace_is_lazy:
 * @trace: a trace
 *
 * Returns: whether it was read lazily (its items then stay on disk: no spans in memory)
 */

/**
 * chrono_trace_count_lanes:
 * @trace: a trace
 *
 * Returns: how many lanes it has, at every depth
 */

/**
 * chrono_lane_get_name:
 * @lane: a lane
 *
 * Returns: its name as the trace gives it
 */

/**
 * chrono_lane_get_display_name:
 * @lane: a lane
 *
 * Returns: its name as the viewer shows it (a heading's translated)
 */

/**
 * chrono_trace_get_ticks_per_second:
 * @trace: a trace
 *
 * Returns: its clock's ticks per second (times are ticks: seconds = ticks / this)
 */
gint64
chrono_trace_get_ticks_per_second (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), 0);
  return chrono_trace_get_clock (trace)->ticks_per_second;
}

/**
 * chrono_lane_get_kind_name:
 * @lane: a lane
 *
 * Returns: its kind as `dump` and the JSON documents name it ("process",
 *   "core", "runnable", "worker", "signal", "resource", "group", …)
 */
const char *
chrono_lane_get_kind_name (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  return chrono_lane_kind_get_name (chrono_lane_get_kind (lane));
}

/**
 * chrono_trace_to_dump:
 * @trace: a trace
 *
 * Returns: (transfer full): the canonical text of the model, as
 *   `chronoscope-cli dump` prints it
 */
char *
chrono_trace_to_dump (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  return chrono_trace_dump (trace);
}

/* A script may keep a lane longer than its trace, whose lanes above it go
 * with the trace (a lane does not hold its parent): its path is taken
 * while they are there, when the lane is handed out, and kept on it. */
static GQuark
path_quark (void)
{
  static GQuark quark;
  if (quark == 0)
    quark = g_quark_from_static_string ("chrono-gi-path");
  return quark;
}

/**
 * chrono_trace_list_script_lanes: (rename-to chrono_trace_get_lanes)
 * @trace: a trace
 *
 * Every lane, each with its path kept on it, so that a lane may outlive
 * the trace (its items are its own).
 *
 * Returns: (transfer container) (element-type ChronoLane): every lane,
 *   depth first, in the order `chronoscope-cli dump` lists them
 */
GPtrArray *
chrono_trace_list_script_lanes (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  GPtrArray *lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (g_object_get_qdata (lanes->pdata[i], path_quark ()) == NULL)
      g_object_set_qdata_full (lanes->pdata[i], path_quark (), chrono_lane_dup_path (lanes->pdata[i]), g_free);
  return lanes;
}

/**
 * chrono_lane_get_path:
 * @lane: a lane
 *
 * Returns: (transfer full): its names from the top, joined by "/" (as
 *   `dump` writes them)
 */
char *
chrono_lane_get_path (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  const char *kept = g_object_get_qdata (G_OBJECT (lane), path_quark ());
  return kept != NULL ? g_strdup (kept) : chrono_lane_dup_path (lane);
}

/**
 * chrono_lane_get_n_spans:
 * @lane: a lane
 *
 * Returns: how many spans the lane holds (0: none, or read lazily)
 */
guint
chrono_lane_get_n_spans (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), 0);
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  return spans != NULL ? chrono_spans_get_n (spans) : 0;
}

/**
 * chrono_lane_get_span_times:
 * @lane: a lane
 * @starts: (out) (transfer full): each span's start, native int64 ticks, in the lane's order
 * @ends: (out) (transfer full): each span's end, the same
 *
 * The lane's spans as two columns: `numpy.frombuffer (starts.get_data (),
 * dtype=numpy.int64)` is an array of them without a call per span.
 */
void
chrono_lane_get_span_times (ChronoLane *lane, GBytes **starts, GBytes **ends)
{
  g_return_if_fail (CHRONO_IS_LANE (lane) && starts != NULL && ends != NULL);
  guint n = chrono_lane_get_n_spans (lane);
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  gint64 *s = g_new (gint64, MAX (n, 1)), *e = g_new (gint64, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      s[i] = chrono_spans_get_start (spans, i);
      e[i] = chrono_spans_get_end (spans, i);
    }
  *starts = g_bytes_new_take (s, n * sizeof *s);
  *ends = g_bytes_new_take (e, n * sizeof *e);
}

/**
 * chrono_lane_get_span_depths:
 * @lane: a lane
 *
 * Returns: (transfer full): each span's row under the lane's first (a
 *   call's depth), native uint16, in the lane's order
 */
GBytes *
chrono_lane_get_span_depths (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  guint n = chrono_lane_get_n_spans (lane);
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint16 *d = g_new (guint16, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      ChronoSpan s;
      chrono_spans_get (spans, i, &s);
      d[i] = s.depth;
    }
  return g_bytes_new_take (d, n * sizeof *d);
}

/**
 * chrono_lane_get_mark_times:
 * @lane: a lane
 *
 * Returns: (transfer full): each instant event's time, native int64 ticks, in the lane's order
 */
GBytes *
chrono_lane_get_mark_times (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  ChronoMarks *marks = chrono_lane_get_marks (lane);
  guint n = marks != NULL ? chrono_marks_get_n (marks) : 0;
  gint64 *t = g_new (gint64, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      ChronoMark mark;
      chrono_marks_get (marks, i, &mark);
      t[i] = mark.time;
    }
  return g_bytes_new_take (t, n * sizeof *t);
}

/**
 * chrono_lane_get_signal_fragments:
 * @lane: a lane
 * @starts: (out) (transfer full): each fragment's start, native int64 ticks
 * @ends: (out) (transfer full): each fragment's end, the same
 * @coefficients: (out) (transfer full): each fragment's c, b and a, native
 *   doubles, three a fragment: its value is c + b·s + a·s², s the seconds
 *   since its start (a step: b = a = 0)
 *
 * The lane's signal as columns (none: empty).
 */
void
chrono_lane_get_signal_fragments (ChronoLane *lane, GBytes **starts, GBytes **ends, GBytes **coefficients)
{
  g_return_if_fail (CHRONO_IS_LANE (lane) && starts != NULL && ends != NULL && coefficients != NULL);
  ChronoSignal *signal = chrono_lane_get_signal (lane);
  guint n = signal != NULL ? chrono_signal_get_n (signal) : 0;
  gint64 *s = g_new (gint64, MAX (n, 1)), *e = g_new (gint64, MAX (n, 1));
  double *c = g_new (double, MAX (3 * n, 1));
  for (guint i = 0; i < n; i++)
    {
      const ChronoFragment *f = chrono_signal_get (signal, i);
      s[i] = f->t0;
      e[i] = f->t1;
      c[3 * i] = f->c;
      c[3 * i + 1] = f->b;
      c[3 * i + 2] = f->a;
    }
  *starts = g_bytes_new_take (s, n * sizeof *s);
  *ends = g_bytes_new_take (e, n * sizeof *e);
  *coefficients = g_bytes_new_take (c, 3 * n * sizeof *c);
}

/**
 * chrono_report_json:
 * @trace: a trace
 *
 * Returns: (transfer full): what `chronoscope-cli info --json` prints for it, byte for byte
 */
char *
chrono_report_json (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  return chrono_cli_report_json (trace, NULL);
}

/**
 * chrono_stats_json:
 * @trace: a trace of tasks (BTF) read whole
 * @error: why there are no statistics (the trace was read lazily)
 *
 * Returns: (transfer full): what `chronoscope-cli stats --json` prints for
 *   it: every task's, ISR's and runnable's timing metrics, byte for byte
 */
/* Figures that need every item in memory, of a trace that holds them (as
 * the CLI reads its runs: whole); FALSE with an error saying which is not so. */
static gboolean
read_whole_with (ChronoTrace *trace, ChronoTraceFeatures feature, const char *figures, GError **error)
{
  if (chrono_trace_is_lazy (trace))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "%s was read lazily: %s need every item in memory (load it with \"lazy\": \"never\")",
                   chrono_trace_get_path (trace), figures);
      return FALSE;
    }
  if (!(chrono_trace_get_features (trace) & feature))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s (%s) holds nothing %s are of",
                   chrono_trace_get_path (trace), chrono_trace_get_format (trace), figures);
      return FALSE;
    }
  return TRUE;
}

char *
chrono_stats_json (ChronoTrace *trace, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  if (!read_whole_with (trace, CHRONO_TRACE_HAS_INSTANCES, "timing metrics", error))
    return NULL;
  ChronoMetricsOptions options;
  chrono_metrics_options_init (&options);
  g_autoptr (GPtrArray) entities = chrono_metrics_compute (trace, &options);
  return chrono_cli_stats_json (trace, entities);
}

/**
 * chrono_profile_json:
 * @trace: a trace of calls (OTF2) read whole
 * @per_location: each location's paths apart, with each region's load imbalance
 * @begin: the range's start in ticks of the trace
 * @end: its end (@begin = @end = 0: the whole run)
 * @error: why there are no call paths (read lazily, or no calls in the trace)
 *
 * Returns: (transfer full): what `chronoscope-cli profile --json
 *   [--per-location]` prints for it: every call path with its calls,
 *   inclusive and exclusive time
 */
char *
chrono_profile_json (ChronoTrace *trace, gboolean per_location, gint64 begin, gint64 end, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  if (!read_whole_with (trace, CHRONO_TRACE_HAS_CALLS, "call paths", error))
    return NULL;
  if (begin == 0 && end == 0)
    {
      begin = G_MININT64;
      end = G_MAXINT64;
    }
  return chrono_cli_profile_json (trace, per_location, begin, end);
}

/**
 * chrono_blocking_json:
 * @trace: a trace of tasks (BTF), read whole or lazily
 *
 * Returns: (transfer full): what `chronoscope-cli blocking --json` prints
 *   for it: every request of a semaphore, its wait and who held it
 */
char *
chrono_blocking_json (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  g_autoptr (ChronoBlocking) blocking = chrono_blocking_new (trace);
  return chrono_cli_blocking_json (trace, blocking);
}

/**
 * chrono_comm_json:
 * @trace: a trace of messages (OTF2) read whole
 * @error: why there is no matrix (a lazy read keeps no messages)
 *
 * Returns: (transfer full): what `chronoscope-cli comm --json` prints for
 *   it: messages and bytes per sender, receiver and communicator, and the
 *   time receivers waited for late senders
 */
char *
chrono_comm_json (ChronoTrace *trace, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  g_autoptr (ChronoComm) comm = chrono_comm_new (trace);
  if (comm == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "%s keeps no messages (read lazily, or a format without them)", chrono_trace_get_path (trace));
      return NULL;
    }
  return chrono_cli_comm_json (trace, comm);
}

/**
 * chrono_diff_json:
 * @a: run A, read whole
 * @b: run B, of the same kind (tasks, calls or claims), read whole
 * @error: why the runs cannot be compared (runs of different kinds, or
 *   with nothing to compare)
 *
 * Returns: (transfer full): what `chronoscope-cli diff A B --json` prints
 *   for them: each task's metrics, call path or resource in both runs,
 *   the change and the change relative to A, and what one run has alone
 */
char *
chrono_diff_json (ChronoTrace *a, ChronoTrace *b, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (a) && CHRONO_IS_TRACE (b), NULL);
  if (chrono_trace_is_lazy (a) || chrono_trace_is_lazy (b))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "%s was read lazily: a comparison needs every item of both runs in memory (load them with "
                   "\"lazy\": \"never\")",
                   chrono_trace_get_path (chrono_trace_is_lazy (a) ? a : b));
      return NULL;
    }
  ChronoDiffRun run_a = { g_object_ref (a) }, run_b = { g_object_ref (b) };
  char *text = NULL;
  if (chrono_cli_diff_run_init (&run_a, chrono_trace_get_path (a), NULL, error)
      && chrono_cli_diff_run_init (&run_b, chrono_trace_get_path (b), NULL, error)
      && chrono_cli_diff_same_kind (&run_a, &run_b, chrono_trace_get_path (b), error))
    text = chrono_cli_diff_json (&run_a, &run_b);
  chrono_cli_diff_run_clear (&run_a);
  chrono_cli_diff_run_clear (&run_b);
  return text;
}

/* The renderer of a trace on its own, and its options over a range of it
 * (0 and 0: the whole trace), as `export` makes them. */
static ChronoRenderer *
renderer_for (ChronoTrace *trace, int width, int height, gint64 begin, gint64 end, ChronoRenderOptions *o)
{
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  ChronoRenderer *renderer = chrono_renderer_new (trace, layout);
  chrono_render_options_init (o, trace, width, height);
  if (end > begin)
    {
      o->begin = begin;
      o->end = end;
    }
  return renderer;
}

/**
 * chrono_export:
 * @trace: a trace
 * @path: (type filename): a .png, .svg or .pdf file to write (replaced)
 * @width: in px
 * @height: in px (0: as tall as the lanes need)
 * @begin: the range's start in ticks of the trace
 * @end: its end (@begin = @end = 0: the whole trace)
 * @error: why the picture was not written
 *
 * The timeline of the trace as `chronoscope-cli export` draws it.
 *
 * Returns: whether the file was written
 */
gboolean
chrono_export (ChronoTrace *trace, const char *path, int width, int height, gint64 begin, gint64 end, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && path != NULL && width > 0 && height >= 0, FALSE);
  ChronoRenderOptions o, fitted;
  g_autoptr (ChronoRenderer) renderer = renderer_for (trace, width, MAX (height, 1), begin, end, &o);
  o.height = height; /* 0: as tall as the lanes of the range need */
  chrono_export_fit_options (renderer, &o, &fitted);
  return chrono_export_to_file (renderer, &fitted, path, error);
}

/**
 * chrono_draw:
 * @trace: a trace
 * @cr: where to draw (a notebook's image surface, a widget's)
 * @width: in px
 * @height: in px
 * @begin: the range's start in ticks of the trace
 * @end: its end (@begin = @end = 0: the whole trace)
 *
 * The timeline of the trace onto a cairo context.
 */
void
chrono_draw (ChronoTrace *trace, cairo_t *cr, int width, int height, gint64 begin, gint64 end)
{
  g_return_if_fail (CHRONO_IS_TRACE (trace) && cr != NULL && width > 0 && height > 0);
  ChronoRenderOptions o;
  g_autoptr (ChronoRenderer) renderer = renderer_for (trace, width, height, begin, end, &o);
  chrono_renderer_draw (renderer, cr, &o);
}
