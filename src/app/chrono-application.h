/* chrono-application.h — the GtkApplication: one instance, windows per file. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CHRONO_TYPE_APPLICATION (chrono_application_get_type ())
G_DECLARE_FINAL_TYPE (ChronoApplication, chrono_application, CHRONO, APPLICATION, GtkApplication)

ChronoApplication *chrono_application_new (void);

G_END_DECLS
