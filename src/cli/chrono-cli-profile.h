/* chrono-cli-profile.h — the call paths of an OTF2 archive as `profile`
 * writes them: its document (chrono-cli-profile-json.c, shared with
 * libchronoscope-1) and the locations it lists. */
#pragma once

#include "chrono-call-paths.h"

G_BEGIN_DECLS

/* A location with at least one Enter, and its paths. */
typedef struct {
  ChronoLane *lane;
  GArray *paths; /* ChronoCallPath */
} LocationPaths;

/* The location's id as the archive numbers it. */
guint64 chrono_cli_location_id (ChronoLane *lane);
/* The locations with a call in [begin, end), sorted by id (LocationPaths). */
GArray *chrono_cli_profile_per_location (ChronoTrace *trace, gint64 begin, gint64 end);
void chrono_cli_profile_per_location_free (GArray *locations);
/* {"format", "paths"} summed, or {"format", "locations", "imbalance"}. */
char *chrono_cli_profile_json (ChronoTrace *trace, gboolean per_location, gint64 begin, gint64 end);

G_END_DECLS
