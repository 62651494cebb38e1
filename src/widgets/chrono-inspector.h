/* chrono-inspector.h — the side panel: everything about the selected item
 * and, for a task or ISR instance, its whole life. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-trace-set.h"
#include "chrono-trace.h"
#include "chrono-viewport.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_INSPECTOR (chrono_inspector_get_type ())
G_DECLARE_FINAL_TYPE (ChronoInspector, chrono_inspector, CHRONO, INSPECTOR, GtkBox)

/* Signal "instance-activated" (ChronoLane *process_lane, guint instance):
 * the user followed a link to a process instance (a semaphore's holder). */

GtkWidget *chrono_inspector_new (ChronoTrace *trace, ChronoViewport *viewport);
void chrono_inspector_show_span (ChronoInspector *inspector, ChronoLane *lane, guint span);
/* An item of another trace than the inspector's: a decoded chunk of a lazily read one. */
void chrono_inspector_show_span_of (ChronoInspector *inspector, ChronoTrace *trace, ChronoLane *lane, guint span);
/* A node of a tree lane (a goal or branch): where it came from, who ran it, and what it split into. */
/* Items of traces shown together: their times also on the first trace's clock. */
void chrono_inspector_set_trace_set (ChronoInspector *inspector, ChronoTraceSet *set, guint member);
void chrono_inspector_show_mark_of (ChronoInspector *inspector, ChronoTrace *trace, ChronoLane *lane, guint mark);
/* A signal's sample (fragment index) of trace's lane. */
void chrono_inspector_show_sample_of (ChronoInspector *inspector, ChronoTrace *trace, ChronoLane *lane, guint sample);
void chrono_inspector_show_tree_node (ChronoInspector *inspector, ChronoLane *lane, guint32 node);
void chrono_inspector_show_reference_of (ChronoInspector *inspector, ChronoTrace *trace, ChronoLane *lane,
                                         const ChronoReference *reference);
void chrono_inspector_clear (ChronoInspector *inspector);
/* The user's note on the item shown, under its details. */
void chrono_inspector_add_note (ChronoInspector *inspector, const char *text);
char *chrono_inspector_get_text (ChronoInspector *inspector);

G_END_DECLS
