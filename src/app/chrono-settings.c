/* chrono-settings.c — g_settings_new aborts on a missing schema, so the
 * schema is looked up first; one object serves the whole process. */
#include "chrono-settings.h"

GSettings *
chrono_settings_get (void)
{
  static GSettings *settings = NULL;
  static gsize initialised = 0;
  if (g_once_init_enter (&initialised))
    {
      GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
      GSettingsSchema *schema = source ? g_settings_schema_source_lookup (source, CHRONO_SETTINGS_SCHEMA, TRUE) : NULL;
      if (schema != NULL)
        {
          settings = g_settings_new_full (schema, NULL, NULL);
          g_settings_schema_unref (schema);
        }
      else
        g_debug ("the %s schema is not installed: settings are not kept", CHRONO_SETTINGS_SCHEMA);
      g_once_init_leave (&initialised, 1);
    }
  return settings;
}
