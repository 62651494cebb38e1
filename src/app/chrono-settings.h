/* chrono-settings.h — the application's GSettings, or NULL when the schema
 * is not installed (running from the build tree): then nothing is kept. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define CHRONO_SETTINGS_SCHEMA "io.github.chronoscope.Chronoscope"

GSettings *chrono_settings_get (void);

G_END_DECLS
