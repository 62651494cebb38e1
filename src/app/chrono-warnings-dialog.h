/* chrono-warnings-dialog.h — the problems found while loading, line by line. */
#pragma once

#include <gtk/gtk.h>

#include "chrono-trace.h"

G_BEGIN_DECLS

void chrono_warnings_dialog_show (GtkWindow *parent, ChronoTrace *trace);

G_END_DECLS
