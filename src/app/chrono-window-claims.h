/* chrono-window-claims.h — how the window's trace is read (its loader's
 * options: TRACE's grouping, colouring and filter of claims, VisAndOr's
 * tick) and the analyses of claims, behind the header bar's claims button. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-status-bar.h"
#include "chrono-timeline-view.h"

G_BEGIN_DECLS

#define CHRONO_TYPE_WINDOW_CLAIMS (chrono_window_claims_get_type ())
G_DECLARE_FINAL_TYPE (ChronoWindowClaims, chrono_window_claims, CHRONO, WINDOW_CLAIMS, GObject)

/* Signal: "reread" when the options changed: the trace is to be read again with them, keeping the view. */
ChronoWindowClaims *chrono_window_claims_new (GtkMenuButton *button, ChronoStatusBar *status_bar);

/* The options the trace is read with: option name → value, and "labelling". */
GHashTable *chrono_window_claims_get_options (ChronoWindowClaims *claims);
/* The attribute claims are labelled by, NULL for their names. */
const char *chrono_window_claims_get_labelling (ChronoWindowClaims *claims);
/* Another file: it starts with the options its own view file gives, if any. */
void chrono_window_claims_forget (ChronoWindowClaims *claims);

/* The button offers the options of the trace the timeline shows (hidden when it has none). */
void chrono_window_claims_show (ChronoWindowClaims *claims, ChronoTimelineView *timeline);
void chrono_window_claims_clear (ChronoWindowClaims *claims);

G_END_DECLS
