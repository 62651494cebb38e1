/* chrono-core-load-dialog.h — asks the bin width of the core load lanes
 * and adds them (or redoes them at the new width). */
#pragma once

#include <gtk/gtk.h>

#include "chrono-trace.h"

G_BEGIN_DECLS

/* Shows the lanes at the width typed (NULL: takes them away); FALSE with an
 * error to show by the entry. */
typedef gboolean (*ChronoCoreLoadApply) (gpointer data, const char *width, GError **error);

void chrono_core_load_dialog_show (GtkWindow *parent, ChronoTrace *trace, ChronoCoreLoadApply apply, gpointer data);

/* The width typed, in the trace's ticks; FALSE with an error to show. */
gboolean chrono_core_load_parse_bin (ChronoTrace *trace, const char *text, gint64 *out_bin, GError **error);

G_END_DECLS
