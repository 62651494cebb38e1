/* chrono-requirements-view-private.h — what the parts of the Requirements
 * page share: its instance struct, a chain's result with its limits, and the
 * formatting every part uses. The page is one GObject type; the histogram
 * and the path navigator are files of their own. Only the page's files
 * include this. */
#pragma once

#include "chrono-requirements-view.h"

/* A chain as the file defines it, its result, and for each measure the
 * limit the file puts on it (the tightest) and the violations of it. */
typedef struct {
  ChronoChainResult *result;
  gboolean has_limit[CHRONO_N_CHAIN_MEASURES];
  double limit[CHRONO_N_CHAIN_MEASURES]; /* seconds */
  guint violations[CHRONO_N_CHAIN_MEASURES]; /* of that limit */
} Chain;

struct _ChronoRequirementsView {
  GtkBox parent_instance;
  ChronoTimelineView *timeline;
  ChronoViewport *viewport;
  ChronoTrace *trace;
  /* what the file says, and what the trace does against it */
  GPtrArray *requirements; /* ChronoRequirement* */
  GPtrArray *specs; /* ChronoChainSpec*, the file's chains in order */
  GArray *violations; /* ChronoViolation, pointing into requirements */
  GArray *chains; /* Chain, one per spec */
  GArray *ranges; /* ChronoRenderRange: the violations on the lanes */
  /* the path on show */
  gboolean has_path;
  guint path_chain, path_sample;
  ChronoChainMeasure path_measure;
  gboolean selecting; /* a list's selection set from here: not the user's choice */
  GtkWidget *title, *summary, *violation_list, *chain_list, *path_box, *path_label, *hops_label, *histogram;
  GtkWidget *previous_button, *worst_button, *next_button, *clear_button;
  GtkListStore *violation_store, *chain_store;
};

/* chrono-requirements-view.c */
const ChronoClock *chrono_requirements_view_clock_of (ChronoRequirementsView *self);
char *chrono_requirements_view_format_duration (ChronoRequirementsView *self, gint64 ticks);
char *chrono_requirements_view_format_time (ChronoRequirementsView *self, gint64 time);
const char *chrono_requirements_view_measure_label (ChronoChainMeasure measure);
Chain *chrono_requirements_view_chain_at (ChronoRequirementsView *self, guint index);

/* chrono-requirements-view-histogram.c: the histogram's "draw" and "button-press-event" handlers */
gboolean chrono_requirements_view_draw_histogram (ChronoRequirementsView *self, cairo_t *cr, GtkWidget *widget);
gboolean chrono_requirements_view_histogram_pressed (ChronoRequirementsView *self, GdkEventButton *event,
                                                     GtkWidget *widget);

/* chrono-requirements-view-path.c */
void chrono_requirements_view_expand_to (ChronoRequirementsView *self, ChronoLane *lane);
void chrono_requirements_view_clear_path (ChronoRequirementsView *self);
void chrono_requirements_view_show_worst (ChronoRequirementsView *self, guint chain, ChronoChainMeasure measure);
GtkWidget *chrono_requirements_view_make_navigator (ChronoRequirementsView *self);
