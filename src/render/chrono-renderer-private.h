/* chrono-renderer-private.h — what the parts of the one renderer share:
 * its instance struct and the view of one member of a trace set. The
 * renderer is one GObject type; the lanes, the links and the hit tests are
 * files of their own beside it, so that none holds it all. Only src/render
 * includes this. */
#pragma once

#include "chrono-name-colours.h"
#include "chrono-render-private.h"

G_BEGIN_DECLS

#define CHRONO_RENDER_INDENT_STEP 14.0
#define CHRONO_RENDER_EXPANDER_SIZE 12.0

struct _ChronoRenderer {
  GObject parent_instance;
  ChronoTrace *trace;
  ChronoLayout *layout;
  GHashTable *signal_extents; /* ChronoLane* → SignalExtent* */
  GHashTable *lanes_by_key; /* trace → (chrono_lane_dup_key → its ChronoLane*), for decoded chunks' links */
  ChronoNameColours *names; /* built at the first frame, again when traces join the view */
  guint names_members;
};

/* chrono-renderer.c */
ChronoTrace *chrono_renderer_member_trace (ChronoRenderer *self, guint member);
void chrono_renderer_member_options (ChronoRenderer *self, const ChronoRenderOptions *o, guint member,
                                     ChronoRenderOptions *out);

/* chrono-render-lanes.c: whether the row has an expander, and whether it is open. */
gboolean chrono_renderer_row_expander (ChronoRenderer *self, const ChronoLayoutRow *row, gboolean *out_expanded);

/* chrono-render-lanes.c: the rows in sight, data and names, under the ruler and the legend. */
void chrono_render_lanes (ChronoRenderer *self, ChronoRenderContext *ctx, const ChronoTickScale *ticks);

/* chrono-render-links.c: every trace's arrows over the lanes, on its own clock. */
void chrono_render_links (ChronoRenderer *self, ChronoRenderContext *ctx);

G_END_DECLS
