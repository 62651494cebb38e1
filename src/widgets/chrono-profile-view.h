/* chrono-profile-view.h — the profile of the visible range (Vampir's
 * function summary): per called thing its calls, inclusive and exclusive
 * time, sortable, following the viewport; choosing a row asks for that
 * name's calls to be highlighted. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-trace.h"
#include "chrono-viewport.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_PROFILE_VIEW (chrono_profile_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoProfileView, chrono_profile_view, CHRONO, PROFILE_VIEW, GtkBox)

GtkWidget *chrono_profile_view_new (ChronoTrace *trace, ChronoViewport *viewport);
/* Whether the trace has calls to profile. */
gboolean chrono_profile_view_applies (ChronoTrace *trace);
/* Which lanes the profile reads: all, the lane of the item selected in the
 * timeline (and those under it), or that lane's group (its parent's). */
typedef enum { CHRONO_PROFILE_ALL, CHRONO_PROFILE_SELECTED_LANE, CHRONO_PROFILE_SELECTED_GROUP } ChronoProfileScope;
void chrono_profile_view_set_scope (ChronoProfileView *view, ChronoProfileScope scope);
/* The lane of the item selected in the timeline (NULL: none), which the scope follows. */
void chrono_profile_view_set_selected_lane (ChronoProfileView *view, ChronoLane *lane);

/* The rows as tab-separated text, as shown (tests, copying into a report). */
char *chrono_profile_view_get_text (ChronoProfileView *view);

/* The call tree (ChronoCallTreeView) of a trace of calls read whole, else NULL. */
GtkWidget *chrono_profile_view_get_call_tree (ChronoProfileView *view);
void chrono_profile_view_show_call_tree (ChronoProfileView *view);
/* Each location's time by region (ChronoLocationProfileView), beside the call tree; NULL with it. */
GtkWidget *chrono_profile_view_get_location_profile (ChronoProfileView *view);
void chrono_profile_view_show_location_profile (ChronoProfileView *view);
/* The flame graph of the range (ChronoFlameView), beside the call tree; NULL with it. */
GtkWidget *chrono_profile_view_get_flame (ChronoProfileView *view);
void chrono_profile_view_show_flame (ChronoProfileView *view);

G_END_DECLS
