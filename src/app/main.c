#include "chrono-config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "chrono-application.h"
#include "chrono-loader.h"

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  chrono_loaders_tune_allocator ();
  g_set_application_name ("Chronoscope");
  g_autoptr (ChronoApplication) application = chrono_application_new ();
  return g_application_run (G_APPLICATION (application), argc, argv);
}
