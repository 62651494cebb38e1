/* chrono-name-colours.h — colours for the names a picture colours items by
 * (the processes on cores, claims' attribute values, regions), chosen so no
 * two of a trace's names look alike: its names are ranked (natural order)
 * and spread over hues and lightness levels, instead of hashed, where 34
 * tasks would share colours.  A name the trace did not list keeps its
 * hashed colour (chrono_palette_get_name_color). */
#pragma once

#include "chrono-palette.h"
#include "chrono-trace.h"

G_BEGIN_DECLS

/* Past this many names the colours could not be told apart anyway. */
#define CHRONO_NAME_COLOURS_MAX 4096

typedef struct _ChronoNameColours ChronoNameColours;

ChronoNameColours *chrono_name_colours_new (void);
void chrono_name_colours_free (ChronoNameColours *colours);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoNameColours, chrono_name_colours_free)

/* Lists the names the trace's items are coloured by; then seal. */
void chrono_name_colours_add_trace (ChronoNameColours *colours, ChronoTrace *trace);
void chrono_name_colours_seal (ChronoNameColours *colours);
guint chrono_name_colours_get_n (const ChronoNameColours *colours);

void chrono_name_colours_get (const ChronoNameColours *colours, const ChronoPalette *palette, const char *name,
                              ChronoRgb *out);

G_END_DECLS
