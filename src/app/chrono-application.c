/* chrono-application.c — a second `chronoscope FILE` opens FILE in the
 * running instance (GApplication's HANDLES_OPEN), one window per trace. */
#include "chrono-application.h"

#include <glib/gi18n.h>

#include "chrono-window.h"

#define APPLICATION_ID "io.github.chronoscope.Chronoscope"

struct _ChronoApplication {
  GtkApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (ChronoApplication, chrono_application, GTK_TYPE_APPLICATION)

static void
chrono_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));
  if (window == NULL)
    window = GTK_WINDOW (chrono_window_new (GTK_APPLICATION (application)));
  gtk_window_present (window);
}

static void
chrono_application_open (GApplication *application, GFile **files, int n_files, const char *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      ChronoWindow *window = chrono_window_new (GTK_APPLICATION (application));
      chrono_window_open (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer application)
{
  g_application_quit (G_APPLICATION (application));
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated },
};

static void
chrono_application_startup (GApplication *application)
{
  G_APPLICATION_CLASS (chrono_application_parent_class)->startup (application);
  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions, G_N_ELEMENTS (app_actions), application);
  static const struct {
    const char *action;
    const char *accels[4];
  } shortcuts[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.zoom-in", { "plus", "KP_Add", "<Control>plus", NULL } },
    { "win.zoom-out", { "minus", "KP_Subtract", "<Control>minus", NULL } },
    { "win.zoom-fit", { "0", "f", "Home", NULL } },
    { "win.zoom-back", { "BackSpace", "<Alt>Left", NULL } },
    { "win.pan-left", { "Left", NULL } },
    { "win.pan-right", { "Right", NULL } },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (application), shortcuts[i].action, shortcuts[i].accels);
}

static void
chrono_application_class_init (ChronoApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  app_class->activate = chrono_application_activate;
  app_class->open = chrono_application_open;
  app_class->startup = chrono_application_startup;
}

static void
chrono_application_init (ChronoApplication *self)
{
}

ChronoApplication *
chrono_application_new (void)
{
  return g_object_new (CHRONO_TYPE_APPLICATION, "application-id", APPLICATION_ID, "flags", G_APPLICATION_HANDLES_OPEN,
                       NULL);
}
