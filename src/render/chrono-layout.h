/* chrono-layout.h — the vertical arrangement of a trace's lanes: which rows
 * are shown (expansion, visibility, name filter), in what order, how tall. */
#pragma once

#include <glib-object.h>

#include "chrono-ownership.h"
#include "chrono-trace-set.h"
#include "chrono-trace.h"
#include "chrono-view-state.h"

G_BEGIN_DECLS

/* Row heights in device-independent pixels. */
#define CHRONO_LAYOUT_HEADING_HEIGHT 20.0
#define CHRONO_LAYOUT_SLOT_HEIGHT 20.0 /* one sub-row of spans */
#define CHRONO_LAYOUT_DENSE_SLOT_HEIGHT 12.0 /* per sub-row once a lane has many */
#define CHRONO_LAYOUT_DENSE_SLOTS 8 /* more slots than this are dense */
#define CHRONO_LAYOUT_SIGNAL_HEIGHT 48.0
#define CHRONO_LAYOUT_EVENTS_HEIGHT 14.0
#define CHRONO_LAYOUT_DENSITY_HEIGHT 96.0

/* How a row is drawn, decided by what the lane holds rather than its kind
 * alone, so a loader may put spans on a group or marks on a process. */
typedef enum {
  CHRONO_ROW_HEADING, /* a group with no data: a heading */
  CHRONO_ROW_SPANS, /* intervals at depth slots (marks drawn on top) */
  CHRONO_ROW_SIGNAL, /* a value plot */
  CHRONO_ROW_EVENTS, /* instant events only */
  CHRONO_ROW_TREE_NODE, /* one node of a tree lane: its stretches, split and join bars */
  CHRONO_ROW_DENSITY, /* memory references: a heat map of time × address, or dots when few */
  CHRONO_ROW_OWNERSHIP, /* a semaphore with accesses: a bar per hold, coloured by its holder; the waits below */
} ChronoRowStyle;

typedef struct {
  ChronoLane *lane; /* borrowed from the trace */
  double y; /* from the top of the lane area */
  double height;
  guint indent; /* tree depth among the shown rows */
  guint n_slots; /* sub-rows: max depth + 1 */
  guint32 node; /* a row of a tree lane: the node's index in its tree; else CHRONO_TREE_NONE */
  guint member; /* with several traces: whose lane it is (ChronoTraceSet member); else 0 */
} ChronoLayoutRow;

/* Trees with more nodes than this open folded below the depth at which
 * they would show more rows than it. */
#define CHRONO_LAYOUT_TREE_ROWS 2000

#define CHRONO_TYPE_LAYOUT (chrono_layout_get_type ())
G_DECLARE_FINAL_TYPE (ChronoLayout, chrono_layout, CHRONO, LAYOUT, GObject)

ChronoLayout *chrono_layout_new (ChronoTrace *trace);
/* The levels of a semaphore lane's holds and waits (a lane with accesses),
 * made once and kept while the lane's table does not grow. */
ChronoOwnership *chrono_layout_get_ownership (ChronoLayout *layout, ChronoLane *lane);
ChronoTrace *chrono_layout_get_trace (ChronoLayout *layout);
/* Several traces in one layout: with two or more members, each is a group
 * under its heading lane, the first trace's first.  NULL: the trace alone. */
void chrono_layout_set_trace_set (ChronoLayout *layout, ChronoTraceSet *set);
ChronoTraceSet *chrono_layout_get_trace_set (ChronoLayout *layout);

void chrono_layout_set_expanded (ChronoLayout *layout, ChronoLane *lane, gboolean expanded);
gboolean chrono_layout_get_expanded (ChronoLayout *layout, ChronoLane *lane);
void chrono_layout_set_visible (ChronoLayout *layout, ChronoLane *lane, gboolean visible);
gboolean chrono_layout_get_visible (ChronoLayout *layout, ChronoLane *lane);
void chrono_layout_set_filter (ChronoLayout *layout, const char *substring);
const char *chrono_layout_get_filter (ChronoLayout *layout);
void chrono_layout_set_shown_lanes (ChronoLayout *layout, GHashTable *lanes);
void chrono_layout_set_time_range (ChronoLayout *layout, gint64 begin, gint64 end);
void chrono_layout_refresh (ChronoLayout *layout);

guint chrono_layout_get_n_rows (ChronoLayout *layout);
const ChronoLayoutRow *chrono_layout_get_row (ChronoLayout *layout, guint index);
double chrono_layout_get_total_height (ChronoLayout *layout);
gboolean chrono_layout_find_row (ChronoLayout *layout, ChronoLane *lane, guint *out_index);
gboolean chrono_layout_row_at_y (ChronoLayout *layout, double y, guint *out_index);

ChronoRowStyle chrono_layout_get_row_style (ChronoLane *lane);
/* The style of a row: a tree node's, or its lane's. */
ChronoRowStyle chrono_layout_row_get_style (const ChronoLayoutRow *row);
/* Folding a node of a tree lane shows its subtree in the node's own row. */
void chrono_layout_set_node_expanded (ChronoLayout *layout, ChronoLane *lane, guint32 node, gboolean expanded);
gboolean chrono_layout_get_node_expanded (ChronoLayout *layout, ChronoLane *lane, guint32 node);
gboolean chrono_layout_find_node_row (ChronoLayout *layout, ChronoLane *lane, guint32 node, guint *out_index);
double chrono_layout_row_get_slot_height (const ChronoLayoutRow *row);
/* The part of a density lane's address axis shown (positions, see
 * ChronoReferences), chosen by dragging on its axis; FALSE: all of it. */
void chrono_layout_set_axis_range (ChronoLayout *layout, ChronoLane *lane, double lo, double hi);
void chrono_layout_reset_axis_range (ChronoLayout *layout, ChronoLane *lane);
gboolean chrono_layout_get_axis_range (ChronoLayout *layout, ChronoLane *lane, double *lo, double *hi);

/* A saved view's lanes (of the layout's trace) hidden and folded; the keys
 * of lanes the trace lacks are added to unknown (may be NULL) and skipped. */
void chrono_layout_apply_view_state (ChronoLayout *layout, ChronoViewState *state, GPtrArray *unknown);
/* The layout's hidden and folded lanes of its trace, replacing state's. */
void chrono_layout_store_view_state (ChronoLayout *layout, ChronoViewState *state);

G_END_DECLS
