/* chrono-renderer.h — draws a viewport of a trace (time range, size, vertical
 * scroll, theme) onto any cairo_t: the widget's cached surface, PNG, SVG, PDF. */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "chrono-layout.h"
#include "chrono-trace.h"
#include "chrono-view-state.h"

G_BEGIN_DECLS

/* Which arrows are drawn; all zero: every one.  The filters keep messages
 * (arrows with "communicator", "tag" and "bytes" attributes, OTF2's) that
 * match them, and drop every other arrow. */
typedef struct {
  gboolean hidden; /* no arrow at all */
  const char *communicator; /* only this communicator's messages (its name); NULL: any */
  gboolean has_tag;
  guint32 tag; /* with has_tag: only messages of this tag */
  guint64 min_bytes; /* only messages of at least this many bytes; 0: any */
} ChronoLinkFilter;

/* The filter's parts from "communicator=NAME,tag=N,min-bytes=N" (any of
 * them, in any order; NAME without commas); FALSE with error when the text
 * is not that.  Strings point into text, which must outlive the filter. */
gboolean chrono_link_filter_parse (ChronoLinkFilter *filter, char *text, GError **error);

typedef struct {
  gint64 begin, end; /* visible time range in ticks (end > begin) */
  int width, height; /* size of the picture in device-independent px */
  int label_width; /* px of lane names at the left; 0 = none */
  int ruler_height; /* px of the time ruler at the top; 0 = none */
  int legend_height; /* px of the state legend at the bottom; 0 = none */
  double scroll_y; /* first visible px of the lane area */
  gboolean dark; /* dark theme palette */
  gint64 origin; /* the ruler counts from here: the trace begin, or 0 for raw trace time */
  const char *label_attribute; /* spans with attributes show this one's value; NULL: their label */
  const char *highlight_name; /* spans coloured by name show only this name's at full strength; NULL: all */
  gboolean plain; /* no text inside spans (thumbnails, squeezed pictures) */
  const struct _ChronoRenderOverlays *overlays; /* drawn over an export; NULL: none */
  const char *title; /* the trace's name, in the ruler's corner above the window's length; NULL: none */
  /* Another trace's view of the same picture (a member of a ChronoTraceSet):
   * the visible range starts view_offset ticks (0 <= view_offset < 1) after
   * begin and spans view_span ticks, which need not be whole on its clock.
   * 0 and 0 for the reference trace: the range is begin..end exactly. */
  double view_offset, view_span;
  ChronoLinkFilter links; /* which arrows are drawn */
} ChronoRenderOptions;

/* A time range of a lane marked over the picture (a requirement's
 * violation): a red band over its row, a few px wide at any zoom. */
typedef struct {
  ChronoLane *lane; /* borrowed; when its row is not shown, its nearest shown ancestor's row */
  gint64 begin, end; /* end == begin: an instant */
} ChronoRenderRange;

/* One step of a path across lanes (an event chain's instance): outlined,
 * and joined to the next step by an arrow from its end to the next one's
 * begin.  A step with end == begin is an instant (a stimulus), a dot. */
typedef struct {
  ChronoLane *lane; /* borrowed; when its row is not shown, its nearest shown ancestor's row */
  gint64 begin, end;
} ChronoRenderPathStep;

/* What is drawn over the lanes, each part optional. */
typedef struct _ChronoRenderOverlays {
  double cursor_x; /* the pointer's line, in px; negative: none */
  gboolean has_marker_a, has_marker_b;
  gint64 marker_a, marker_b;
  gboolean has_selection;
  gint64 selection_begin, selection_end;
  ChronoLane *selected_lane; /* borrowed; the span selected_span of it is outlined; NULL: none */
  ChronoLane *selected_row_lane; /* the layout's lane whose row shows it */
  guint selected_span;
  const ChronoRenderRange *ranges; /* n_ranges of them, borrowed; NULL: none */
  guint n_ranges;
  const ChronoRenderPathStep *path; /* n_path steps in order, borrowed; NULL: none */
  guint n_path;
  const char *path_label; /* written beside the path's last step; NULL: none */
  /* The bookmarks (bands under the ruler, named) and notes (a glyph on the
   * noted item's row, or in the ruler for a range) of a saved view; borrowed,
   * NULL: none.  Their lanes are the renderer's trace's, found by key. */
  ChronoViewState *annotations;
} ChronoRenderOverlays;

void chrono_render_overlays_init (ChronoRenderOverlays *overlays);

void chrono_render_options_init (ChronoRenderOptions *o, ChronoTrace *trace, int width, int height);
double chrono_render_options_time_to_x (const ChronoRenderOptions *o, gint64 t);
gint64 chrono_render_options_x_to_time (const ChronoRenderOptions *o, double x);
double chrono_render_options_lane_top (const ChronoRenderOptions *o);
double chrono_render_options_lane_height (const ChronoRenderOptions *o);

/* What lies under a point of the picture (for tooltips and selection). */
typedef struct {
  guint row; /* index in the layout */
  ChronoLane *lane; /* borrowed; for a lazily read trace, the lane of the decoded chunk under the point */
  ChronoTrace *trace; /* borrowed: the trace whose strings the lane's ids name */
  gint64 time;
  guint slot; /* sub-row under the point */
  gboolean has_span;
  guint span; /* index in the lane's spans when has_span */
  gboolean on_expander; /* on the expander of a lane with children, in the name column */
  guint32 node; /* a row of a tree lane: its node; else CHRONO_TREE_NONE */
  guint member; /* with several traces, whose row it is (time is on that trace's clock); else 0 */
  gboolean has_mark; /* no span there, but an instant event's glyph */
  ChronoLane *mark_lane; /* the lane holding it (a decoded chunk's, read lazily); trace names its strings */
  guint mark; /* its index in mark_lane's marks */
  gboolean has_sample; /* a signal row: the fragment of its signal under the point */
  ChronoLane *sample_lane; /* the lane holding that signal (a decoded chunk's, read lazily) */
  guint sample; /* the fragment's index in the signal */
  double value; /* the signal's value at time */
  gboolean has_access; /* a semaphore row: the hold or wait drawn under the point */
  ChronoOwnershipBand access_band;
  guint access; /* its row in the lane's accesses (chrono_lane_get_accesses) */
} ChronoRenderHit;

#define CHRONO_TYPE_RENDERER (chrono_renderer_get_type ())
G_DECLARE_FINAL_TYPE (ChronoRenderer, chrono_renderer, CHRONO, RENDERER, GObject)

ChronoRenderer *chrono_renderer_new (ChronoTrace *trace, ChronoLayout *layout);
ChronoTrace *chrono_renderer_get_trace (ChronoRenderer *renderer);
ChronoLayout *chrono_renderer_get_layout (ChronoRenderer *renderer);

void chrono_renderer_draw (ChronoRenderer *renderer, cairo_t *cr, const ChronoRenderOptions *o);
void chrono_renderer_draw_overlays (ChronoRenderer *renderer, cairo_t *cr, const ChronoRenderOptions *o,
                                    const ChronoRenderOverlays *overlays);
/* The colours of the overlays' highlighted ranges and path (tests, legends). */
void chrono_render_overlays_range_colour (gboolean dark, double *r, double *g, double *b);
void chrono_render_overlays_path_colour (gboolean dark, double *r, double *g, double *b);
gboolean chrono_renderer_hit_test (ChronoRenderer *renderer, const ChronoRenderOptions *o, double x, double y,
                                   ChronoRenderHit *out);
/* The view o as a member of the layout's trace set sees it, on its own clock
 * (o itself for the first trace, or without a set). */
void chrono_renderer_get_member_options (ChronoRenderer *renderer, const ChronoRenderOptions *o, guint member,
                                         ChronoRenderOptions *out);

/* The density lane whose row is at y, or NULL. */
ChronoLane *chrono_renderer_density_lane_at (ChronoRenderer *renderer, const ChronoRenderOptions *o, double y);
/* The memory reference drawn under (x, y) and its density lane, or NULL:
 * references are told apart where the lane draws each as a dot. */
ChronoLane *chrono_renderer_reference_at (ChronoRenderer *renderer, const ChronoRenderOptions *o, double x, double y,
                                          ChronoReference *out);
/* The address axis position at y on a density lane's row, held to its plot's ends; FALSE when the lane has no row. */
gboolean chrono_renderer_density_position (ChronoRenderer *renderer, const ChronoRenderOptions *o, ChronoLane *lane,
                                           double y, double *position);

/* The width the name column needs to show the names of the layout's rows
 * whole (of the first few thousand rows), in px. */
int chrono_renderer_measure_names (ChronoRenderer *renderer);
/* What of a lane's name the name column keeps in sight when the name does
 * not fit (the rest is shortened in the middle): from the last word that
 * every sibling's name shares (the traces' headings of set are siblings), or the whole name. */
const char *chrono_renderer_name_tail (ChronoLane *lane, ChronoTraceSet *set);

G_END_DECLS
