/* chrono-welcome.h — what a window shows with no trace open: how to open
 * one, the traces opened lately, the formats the viewer reads and the
 * example it comes with. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CHRONO_TYPE_WELCOME (chrono_welcome_get_type ())
G_DECLARE_FINAL_TYPE (ChronoWelcome, chrono_welcome, CHRONO, WELCOME, GtkBox)

GtkWidget *chrono_welcome_new (void);
/* The bundled example, written out of the program's resources into the
 * user's cache the first time (a trace is read from a file); NULL with an error. */
GFile *chrono_welcome_get_example (GError **error);

G_END_DECLS
