/* chrono-view-state.h — what a user made of a trace, kept beside it in
 * TRACE.chronoscope.json: the visible range, markers A and B, the lanes
 * hidden and folded, named bookmarks (time ranges) and notes on items or
 * ranges.  The viewer saves it on request and applies it when it opens the
 * trace again; `chronoscope-cli export --view` draws the same view.
 *
 * Times are the trace's ticks (its clock's ticks_per_second is written
 * beside them).  Lanes are named by their names from the top (the parts of
 * chrono_lane_dup_key), the same across reloads and lazily decoded chunks.
 * Nothing here writes into a trace: the file is only ever the side file. */
#pragma once

#include <glib-object.h>

#include "chrono-trace.h"

G_BEGIN_DECLS

/* The "chronoscope_view" number written; a file with a larger one is refused. */
#define CHRONO_VIEW_STATE_VERSION 1
/* TRACE + this is the side file. */
#define CHRONO_VIEW_STATE_SUFFIX ".chronoscope.json"
/* A side file larger than this is not read (a few thousand notes fit in far less). */
#define CHRONO_VIEW_STATE_MAX_SIZE (4u << 20)
/* Arrays and objects nest no deeper than this in a view file. */
#define CHRONO_VIEW_STATE_MAX_DEPTH 16
/* A view file holds at most this many bookmarks, notes, hidden or folded lanes each. */
#define CHRONO_VIEW_STATE_MAX_ITEMS 10000
/* A bookmark's name or a note's text is at most this many bytes. */
#define CHRONO_VIEW_STATE_MAX_TEXT 16384

typedef struct {
  char *name;
  gint64 begin, end; /* begin < end */
} ChronoBookmark;

typedef struct {
  char *text;
  char *lane_key; /* the noted item's lane (chrono_lane_dup_key); NULL: a note on the range begin..end */
  gint64 begin, end; /* the item's start and end, or the range; begin <= end */
} ChronoNote;

#define CHRONO_TYPE_VIEW_STATE (chrono_view_state_get_type ())
G_DECLARE_FINAL_TYPE (ChronoViewState, chrono_view_state, CHRONO, VIEW_STATE, GObject)

/* An empty state.  "changed" is emitted when its bookmarks or notes change. */
ChronoViewState *chrono_view_state_new (void);
/* The side file of a trace: its path with CHRONO_VIEW_STATE_SUFFIX appended. */
char *chrono_view_state_path_for (const char *trace_path);

/* The trace's file name and clock, written for people and for checking. */
void chrono_view_state_set_trace (ChronoViewState *state, const char *name, gint64 ticks_per_second);
const char *chrono_view_state_get_trace_name (ChronoViewState *state);
gint64 chrono_view_state_get_ticks_per_second (ChronoViewState *state); /* 0: not given */

void chrono_view_state_set_range (ChronoViewState *state, gint64 begin, gint64 end);
gboolean chrono_view_state_get_range (ChronoViewState *state, gint64 *out_begin, gint64 *out_end);
/* The ruler counts from 0 (raw trace time) rather than the trace begin. */
void chrono_view_state_set_absolute_time (ChronoViewState *state, gboolean absolute);
gboolean chrono_view_state_get_absolute_time (ChronoViewState *state, gboolean *out_absolute);
/* marker 0 is A, 1 is B; has FALSE removes it. */
void chrono_view_state_set_marker (ChronoViewState *state, guint marker, gboolean has, gint64 time);
gboolean chrono_view_state_get_marker (ChronoViewState *state, guint marker, gint64 *out_time);

/* Lane keys (chrono_lane_dup_key); the arrays are the state's. */
void chrono_view_state_clear_lanes (ChronoViewState *state);
void chrono_view_state_add_hidden (ChronoViewState *state, const char *lane_key);
void chrono_view_state_add_collapsed (ChronoViewState *state, const char *lane_key);
GPtrArray *chrono_view_state_get_hidden (ChronoViewState *state);
GPtrArray *chrono_view_state_get_collapsed (ChronoViewState *state);

guint chrono_view_state_get_n_bookmarks (ChronoViewState *state);
const ChronoBookmark *chrono_view_state_get_bookmark (ChronoViewState *state, guint index);
/* Returns the new bookmark's index.  Names are made valid UTF-8. */
guint chrono_view_state_add_bookmark (ChronoViewState *state, const char *name, gint64 begin, gint64 end);
void chrono_view_state_rename_bookmark (ChronoViewState *state, guint index, const char *name);
void chrono_view_state_remove_bookmark (ChronoViewState *state, guint index);

guint chrono_view_state_get_n_notes (ChronoViewState *state);
const ChronoNote *chrono_view_state_get_note (ChronoViewState *state, guint index);
/* A note on an item (lane_key, its start and end) or, lane_key NULL, on a
 * range; an item or range that has one already gets its text replaced.
 * Returns the note's index. */
guint chrono_view_state_set_note (ChronoViewState *state, const char *lane_key, gint64 begin, gint64 end,
                                  const char *text);
/* The note on that item or range, or -1. */
int chrono_view_state_find_note (ChronoViewState *state, const char *lane_key, gint64 begin, gint64 end);
void chrono_view_state_remove_note (ChronoViewState *state, guint index);

/* The lane of trace with that key, or NULL. */
ChronoLane *chrono_view_state_find_lane (ChronoTrace *trace, const char *lane_key);
/* A lane key for people: "Tasks/T1". */
char *chrono_view_state_describe_lane (const char *lane_key);
/* Why the state may not fit trace (saved for another file name, or times on
 * another clock), for a warning; NULL when nothing says so. */
char *chrono_view_state_check_trace (ChronoViewState *state, ChronoTrace *trace);

/* The state as JSON (valid UTF-8; keys nobody can name in UTF-8 are left
 * out).  Read back, a file is checked whole: a wrong type, a number out of
 * range, bad UTF-8, nesting deeper than CHRONO_VIEW_STATE_MAX_DEPTH is an
 * error naming the file (name) and the key; keys not known are ignored. */
char *chrono_view_state_to_json (ChronoViewState *state, gsize *out_length);
ChronoViewState *chrono_view_state_new_from_json (const char *data, gsize length, const char *name, GError **error);
/* Read from path: a regular file of at most CHRONO_VIEW_STATE_MAX_SIZE bytes. */
ChronoViewState *chrono_view_state_load (const char *path, GError **error);
/* Written whole or not at all (chrono-output-file.h); refused when path is
 * one of inputs (the trace itself, through any name). */
gboolean chrono_view_state_save (ChronoViewState *state, const char *path, const char *const *inputs, GError **error);

G_END_DECLS
