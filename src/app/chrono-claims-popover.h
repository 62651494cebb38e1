/* chrono-claims-popover.h — how the claims of a trace are read and shown:
 * one row per option the trace's loader declares for the viewer (group by,
 * colour by, only…), a "Label by" choice, and the analyses of claims. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-trace.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_CLAIMS_POPOVER (chrono_claims_popover_get_type ())
G_DECLARE_FINAL_TYPE (ChronoClaimsPopover, chrono_claims_popover, CHRONO, CLAIMS_POPOVER, GtkPopover)

/* Signals: "apply" (GHashTable *options: option name → value, "" for the
 * default, and "labelling"), "show-usage", "show-critical-path". */
gboolean chrono_claims_popover_has_rows (ChronoTrace *trace);
GtkWidget *chrono_claims_popover_new (GtkWidget *relative_to, ChronoTrace *trace, const char *labelling);

G_END_DECLS
