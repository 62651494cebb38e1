/* chrono-gi.h — what the Chrono-1.0 typelib adds for scripts (Python,
 * JavaScript, Vala) to the model's own types: loading a trace with the
 * loaders' options, its lanes depth first with their paths, a lane's items
 * as bulk columns of native numbers (GBytes a script turns into an array
 * without a call per item), the report `info --json` writes, the dump, and
 * pictures to files or onto a cairo context.  The library it is part of,
 * libchronoscope-1, is the model, loaders, analyses and renderer without
 * GTK. */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#ifndef __GI_SCANNER__
#include "chrono-lane.h"
#include "chrono-trace.h"
#endif

G_BEGIN_DECLS

#ifdef __GI_SCANNER__
/* What the scanner sees of the model: its two types and the functions of
 * theirs a script calls, with the prototypes of chrono-trace.h and
 * chrono-lane.h (the rest of those take the model's plain C structures,
 * which no script needs).  The compiler reads the model's headers. */
G_DECLARE_FINAL_TYPE (ChronoTrace, chrono_trace, CHRONO, TRACE, GObject)
G_DECLARE_FINAL_TYPE (ChronoLane, chrono_lane, CHRONO, LANE, GObject)
const char *chrono_trace_get_path (ChronoTrace *trace);
const char *chrono_trace_get_format (ChronoTrace *trace);
gint64 chrono_trace_get_begin (ChronoTrace *trace);
gint64 chrono_trace_get_end (ChronoTrace *trace);
gboolean chrono_trace_is_lazy (ChronoTrace *trace);
GListModel *chrono_trace_get_lanes (ChronoTrace *trace);
guint chrono_trace_count_lanes (ChronoTrace *trace);
const char *chrono_lane_get_name (ChronoLane *lane);
const char *chrono_lane_get_display_name (ChronoLane *lane);
#endif

/**
 * ChronoLoadProgress:
 * @fraction: how much of the file is read, 0 to 1
 * @user_data: (closure): the data given with the function
 *
 * Told how far a load has come, in the caller's main context.
 */
typedef void (*ChronoLoadProgress) (double fraction, gpointer user_data);

ChronoTrace *chrono_trace_load (const char *path, GHashTable *options, GError **error);
void chrono_trace_load_async (const char *path, GHashTable *options, ChronoLoadProgress progress,
                              gpointer progress_data, GDestroyNotify progress_destroy, GCancellable *cancellable,
                              GAsyncReadyCallback callback, gpointer user_data);
ChronoTrace *chrono_trace_load_finish (GAsyncResult *result, GError **error);

char *chrono_trace_to_dump (ChronoTrace *trace);
GPtrArray *chrono_trace_list_script_lanes (ChronoTrace *trace);

char *chrono_lane_get_path (ChronoLane *lane);
const char *chrono_lane_get_kind_name (ChronoLane *lane);
gint64 chrono_trace_get_ticks_per_second (ChronoTrace *trace);
guint chrono_lane_get_n_spans (ChronoLane *lane);
void chrono_lane_get_span_times (ChronoLane *lane, GBytes **starts, GBytes **ends);
GBytes *chrono_lane_get_span_depths (ChronoLane *lane);
GBytes *chrono_lane_get_mark_times (ChronoLane *lane);
void chrono_lane_get_signal_fragments (ChronoLane *lane, GBytes **starts, GBytes **ends, GBytes **coefficients);

char *chrono_report_json (ChronoTrace *trace);
char *chrono_stats_json (ChronoTrace *trace, GError **error);
char *chrono_profile_json (ChronoTrace *trace, gboolean per_location, gint64 begin, gint64 end, GError **error);
char *chrono_blocking_json (ChronoTrace *trace);
char *chrono_comm_json (ChronoTrace *trace, GError **error);
char *chrono_diff_json (ChronoTrace *a, ChronoTrace *b, GError **error);

gboolean chrono_export (ChronoTrace *trace, const char *path, int width, int height, gint64 begin, gint64 end,
                        GError **error);
void chrono_draw (ChronoTrace *trace, cairo_t *cr, int width, int height, gint64 begin, gint64 end);

G_END_DECLS
