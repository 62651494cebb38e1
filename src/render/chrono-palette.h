/* chrono-palette.h — the colours of a picture: theme colours, one colour per
 * state, and a stable colour per name (a process on a core, a region). */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "chrono-state.h"

G_BEGIN_DECLS

typedef struct {
  double red, green, blue;
} ChronoRgb;

typedef struct {
  gboolean dark;
  ChronoRgb background; /* the lane area */
  ChronoRgb alternate_row; /* every other row, faintly */
  ChronoRgb heading; /* group heading rows */
  ChronoRgb label_background; /* the lane-name column */
  ChronoRgb chrome; /* ruler and legend */
  ChronoRgb separator; /* borders between areas */
  ChronoRgb grid; /* major-tick lines through the lanes */
  ChronoRgb text;
  ChronoRgb dim_text; /* axis values, secondary labels */
  ChronoRgb mark; /* instant events without a named kind */
  ChronoRgb signal_line;
  ChronoRgb signal_mean; /* a crowded column's mean, over the band of its values */
  ChronoRgb references[4]; /* memory references: loads, stores, fetches, other (ChronoRefChannel) */
  ChronoRgb states[CHRONO_N_STATES];
} ChronoPalette;

const ChronoPalette *chrono_palette_get (gboolean dark);

void chrono_palette_get_name_color (const ChronoPalette *palette, const char *name, ChronoRgb *out);
void chrono_palette_get_inferred_color (const ChronoPalette *palette, const ChronoRgb *color, ChronoRgb *out);
void chrono_palette_get_text_on (const ChronoRgb *fill, ChronoRgb *out);

/* h in turns (wraps), s and l from 0 to 1 */
void chrono_rgb_from_hsl (double h, double s, double l, ChronoRgb *out);
void chrono_rgb_mix (const ChronoRgb *a, const ChronoRgb *b, double amount_of_b, ChronoRgb *out);
void chrono_rgb_set_source (cairo_t *cr, const ChronoRgb *color);
void chrono_rgb_set_source_alpha (cairo_t *cr, const ChronoRgb *color, double alpha);

G_END_DECLS
