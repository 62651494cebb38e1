/* chrono-location-profile-view.h — Vampir's Process Summary: a row per
 * location (OTF2) with a bar of where its time in the range went, each
 * region's exclusive time in the region's colour, all rows on one scale, so
 * an imbalanced rank stands out; a segment's tooltip adds the region's load
 * imbalance over the locations (chrono_call_paths_imbalance).  The Profile
 * page shows it beside the flat profile and the call tree. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-trace.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_LOCATION_PROFILE_VIEW (chrono_location_profile_view_get_type ())
G_DECLARE_FINAL_TYPE (ChronoLocationProfileView, chrono_location_profile_view, CHRONO, LOCATION_PROFILE_VIEW,
                      GtkDrawingArea)

GtkWidget *chrono_location_profile_view_new (void);
/* TRUE when the trace has calls on its location lanes, read whole or summarised lazily. */
gboolean chrono_location_profile_view_applies (ChronoTrace *trace);
/* The locations among lanes (NULL: all of the trace's) with a call in [begin, end). */
void chrono_location_profile_view_fill (ChronoLocationProfileView *view, ChronoTrace *trace, GPtrArray *lanes,
                                        gint64 begin, gint64 end);
/* The rows (locations with a call in the range), and a location's exclusive
 * ticks in a region (tests; -1: no such row or region). */
guint chrono_location_profile_view_get_n_rows (ChronoLocationProfileView *view);
gint64 chrono_location_profile_view_get_ticks (ChronoLocationProfileView *view, guint row, const char *region);
/* What the tooltip says at (x, y), NULL: nothing there. */
char *chrono_location_profile_view_describe_at (ChronoLocationProfileView *view, double x, double y);

G_END_DECLS
