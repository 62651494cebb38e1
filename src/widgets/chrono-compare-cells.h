/* chrono-compare-cells.h — what the Compare pages share: a change beyond
 * ±10 % tinted red (slower, larger) or blue (faster, smaller), within it
 * not (Trace Compass's convention), their table's columns, and run B
 * aligned with run A at an item of both. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-timeline-view.h"

G_BEGIN_DECLS

#define CHRONO_COMPARE_THRESHOLD 0.10

/* The tint of a relative change ((b − a) / a; -G_MAXDOUBLE: none), NULL within the threshold. */
const GdkRGBA *chrono_compare_tint (double relative);
/* A change as the tables write it: "+1.2 ms", "−3" (counts), with its sign. */
char *chrono_compare_format_change (double delta, gboolean count);
/* A column of a comparison table: the text of text_column on the tint of
 * tint_column, sorted by sort_column; numbers right-aligned, a name
 * ellipsized in the middle and the column that takes the room left. */
void chrono_compare_add_column (GtkTreeView *tree, const char *title, int text_column, int sort_column, int tint_column,
                                gboolean number);

/* The columns of a table of changes whose model holds, from column first
 * on: the item's name, then A, B, the change and the relative change as
 * numbers, the same four as text, and the tint (the paths' and the
 * resources' tables). */
void chrono_compare_add_columns (GtkTreeView *tree, const char *name_title, int first);
/* store's table with those columns, its largest relative change first, in
 * a scroller height pixels high; *tree is the table. */
GtkWidget *chrono_compare_table_new (GtkListStore *store, const char *name_title, int first, int height,
                                     GtkTreeView **tree);

/* A dim, wrapped label of a Compare page: the runs' names and counts, a legend. */
GtkWidget *chrono_compare_note_new (const char *text);
/* The choice among a page's n figures, active the one chosen. */
GtkWidget *chrono_compare_figure_combo_new (const char *const *figures, guint n, guint active);

/* Moves run B (the second trace of the timeline's set) so that its time b
 * (on its own clock) falls where run A's time a does, and centres the view
 * there at the width it had; FALSE when there is no B or the shift does
 * not fit the clock.  The user can drag B on from there. */
gboolean chrono_compare_align (ChronoTimelineView *timeline, gint64 a, gint64 b);

/* Marker B moved onto marker A with run B under it: put A on an event of
 * run A and B on the same event of run B, and B's event meets A's; the
 * markers then both stand at A.  FALSE without both markers or a run B. */
gboolean chrono_compare_align_markers (ChronoTimelineView *timeline);
/* A button that does that, sensitive while both markers are set. */
GtkWidget *chrono_compare_markers_button_new (ChronoTimelineView *timeline);

G_END_DECLS
