/* chrono-compare-cells.h — what the Compare pages share: a change beyond
 * ±10 % tinted red (slower, larger) or blue (faster, smaller), within it
 * not (Trace Compass's convention), and their table's columns. */
#pragma once

#include <gtk/gtk.h>

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

G_END_DECLS
