/* chrono-render-private.h — what the drawing code of one frame shares.
 * Not installed: only src/render includes it. */
#pragma once

#include <pango/pangocairo.h>

#include "chrono-layout.h"
#include "chrono-messages.h"
#include "chrono-palette.h"
#include "chrono-renderer.h"
#include "chrono-time-axis.h"

G_BEGIN_DECLS

/* One frame: built by chrono_renderer_draw, dropped when it returns. */
typedef struct {
  cairo_t *cr;
  const ChronoRenderOptions *o;
  const ChronoPalette *palette;
  const struct _ChronoNameColours *names; /* the colour of each name items are coloured by */
  ChronoTrace *trace;
  ChronoStrings *strings;
  PangoLayout *name_text; /* lane names */
  PangoLayout *heading_text; /* group names */
  PangoLayout *small_text; /* span labels, ruler, legend, axis values */
  double data_x0, data_x1; /* the time area, in picture px */
  double scale; /* device px per picture px, for snapping */
  /* what the frame drew, for the legend */
  ChronoStateSet states_seen;
  gboolean inferred_seen;
  gboolean occupants_seen; /* core lanes coloured by the process on them */
  gboolean claims_seen; /* claims coloured by an attribute's value */
  gboolean named_items_seen; /* other items coloured by name (regions) */
  gboolean marks_seen;
  gboolean critical_seen; /* spans of a critical path were drawn */
  gboolean signal_means_seen; /* a signal's crowded columns drew their mean over their band */
  gboolean late_waits_seen; /* receiving calls hatched where they waited for a late sender */
  GPtrArray *workers_seen; /* the names of the workers tree rows are coloured by, first seen first */
  GHashTable *worker_set; /* the same, to look up */
  gboolean suspended_seen, helpers_seen, waiting_seen;
  gboolean references_seen; /* a density row drew memory references */
  gboolean holds_seen, semaphore_waits_seen; /* a semaphore row drew holds, waits */
  GPtrArray *mark_kinds_seen; /* names of the event kinds drawn, first seen first (the legend names each) */
  GPtrArray *names_seen; /* names items were coloured by, first seen first: the legend's key to them */
  GHashTable *name_set; /* the same, to look up */
  gboolean unnamed_marks_seen; /* events drawn without a kind of their own (or summarised) */
  guint outcomes_seen; /* 1 << ChronoTreeOutcome */
} ChronoRenderContext;

/* chrono-render-late-waits.c: the late-sender waits of one row's calls,
 * collected as the calls are drawn and hatched over them after. */
typedef struct {
  ChronoRenderContext *ctx;
  const ChronoLateWait *waits; /* of the row's location, sorted by call */
  guint n_waits;
  GArray *boxes; /* 4 doubles each: x, y, width, height; NULL: nothing to hatch in this row */
} ChronoRenderLateWaits;
void chrono_render_late_waits_init (ChronoRenderLateWaits *late, ChronoRenderContext *ctx, ChronoLane *lane,
                                    ChronoLaneKind kind);
/* A span drawn at y, height px: its late wait, if it has one. */
void chrono_render_late_waits_add (ChronoRenderLateWaits *late, const ChronoSpan *s, double y, double height);
void chrono_render_late_waits_draw (ChronoRenderLateWaits *late);
/* One box's hatching (the legend's swatch too). */
void chrono_render_hatch_late_wait (cairo_t *cr, gboolean dark, double x, double y, double width, double height);

/* An event kind drawn: the legend names it with its colour. */
void chrono_render_note_mark_kind (ChronoRenderContext *ctx, guint32 kind);
void chrono_render_mark_colour_for (ChronoRenderContext *ctx, const char *kind, ChronoRgb *out);

/* The name column: its fonts, the margin each side of a name, where a row's name starts. */
#define CHRONO_RENDER_NAME_FONT "Sans 9"
#define CHRONO_RENDER_HEADING_FONT "Sans Bold 9"
#define CHRONO_RENDER_LABEL_MARGIN 6.0
double chrono_render_name_x (const ChronoLayoutRow *row);
PangoLayout *chrono_render_create_text_layout (cairo_t *cr, const char *font);

/* chrono-render-names.c: a lane's name in room px, shortened where it reads
 * like its siblings' (lane NULL: as any text, in the middle). */
void chrono_render_lane_name (ChronoRenderContext *ctx, PangoLayout *layout, ChronoLane *lane, ChronoTraceSet *set,
                              const char *name, double x, double y, double room);

/* chrono-render-util.c */
double chrono_render_snap (ChronoRenderContext *ctx, double v);
/* Diagonals every step px across the rectangle (clipped to it), in the
 * source and line width already set: "assumed" or "nothing known here". */
void chrono_render_hatch (cairo_t *cr, double x, double y, double width, double height, double step);
void chrono_render_column_range (ChronoRenderContext *ctx, double x, gint64 *out_begin, gint64 *out_end);
void chrono_render_text (ChronoRenderContext *ctx, PangoLayout *layout, const char *text, double x, double y,
                         double max_width, const ChronoRgb *color);
void chrono_render_text_size (PangoLayout *layout, const char *text, int *out_width, int *out_height);

/* chrono-render-lazy.c: a lazily read trace's row, as time segments drawn
 * from a decoded chunk's lane (detail) or from the summary (detail NULL). */
typedef struct {
  gint64 begin, end;
  ChronoLane *detail;
  ChronoTrace *detail_trace; /* whose strings and attributes the detail's ids name */
} ChronoRenderSegment;
GArray *chrono_render_lazy_segments (ChronoRenderContext *ctx, ChronoLane *lane);
void chrono_render_clip_segment (ChronoRenderContext *ctx, const ChronoRenderSegment *segment, double top,
                                 double height, double slack);
void chrono_render_segment_columns (ChronoRenderContext *ctx, const ChronoRenderSegment *segment, double *x0,
                                    double *x1);
void chrono_render_enter_detail (ChronoRenderContext *ctx, const ChronoRenderSegment *segment,
                                 ChronoRenderContext *saved);
void chrono_render_leave_detail (ChronoRenderContext *ctx, const ChronoRenderContext *saved);

/* chrono-render-spans.c */
/* A name items were drawn in the colour of: the legend keys it. */
void chrono_render_note_name (ChronoRenderContext *ctx, const char *name);
void chrono_render_spans_row (ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top);
void chrono_render_marks_row (ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top, gboolean ticks);

/* chrono-render-density.c: memory references per time and address */
void chrono_render_density_row (ChronoRenderContext *ctx, ChronoLayout *layout, const ChronoLayoutRow *row, double top);
/* The reference drawn as a dot under (x, y) in a density row whose top is at top. */
gboolean chrono_render_density_reference_at (ChronoLayout *layout, const ChronoLayoutRow *row, double top,
                                             const ChronoRenderOptions *o, double x, double y, ChronoReference *out);
/* The address axis position at y of a density row whose top is at top; FALSE outside its plot. */
gboolean chrono_render_density_position (ChronoLayout *layout, const ChronoLayoutRow *row, double top, double y,
                                         double *position);

/* chrono-render-signal.c */
void chrono_render_signal_row (ChronoRenderContext *ctx, const ChronoLayoutRow *row, double top, double min,
                               double max);
char *chrono_render_format_value (double value);

/* chrono-render-ownership.c: a semaphore's holds and waits (CHRONO_ROW_OWNERSHIP). */
void chrono_render_ownership_row (ChronoRenderContext *ctx, ChronoLayout *layout, const ChronoLayoutRow *row,
                                  double top);
gboolean chrono_render_ownership_access_at (ChronoLayout *layout, const ChronoLayoutRow *row,
                                            const ChronoRenderOptions *o, gint64 trace_end, double x, guint slot,
                                            ChronoOwnershipBand *out_band, guint *out_access);

/* chrono-render-ruler.c */
void chrono_render_time_axis (ChronoRenderContext *ctx, ChronoTimeAxis *axis);
void chrono_render_tick_scale_init (ChronoRenderContext *ctx, ChronoTickScale *scale);
void chrono_render_ruler (ChronoRenderContext *ctx, const ChronoTickScale *scale);
void chrono_render_grid (ChronoRenderContext *ctx, const ChronoTickScale *scale, double top, double bottom);

/* chrono-render-tree.c: rows of a tree lane; the bars between rows after all rows */
void chrono_render_tree_row (ChronoRenderContext *ctx, ChronoLayout *layout, const ChronoLayoutRow *row, double top);
void chrono_render_tree_bars (ChronoRenderContext *ctx, ChronoLayout *layout, const ChronoLayoutRow *row, double top);
char *chrono_render_tree_row_name (ChronoRenderContext *ctx, const ChronoLayoutRow *row);
void chrono_render_note_worker (ChronoRenderContext *ctx, guint32 worker);

/* chrono-render-legend.c */
void chrono_render_legend (ChronoRenderContext *ctx);

G_END_DECLS

/* The colour items named so are drawn in (chrono-name-colours). */
void chrono_render_name_colour (ChronoRenderContext *ctx, const char *name, ChronoRgb *out);
