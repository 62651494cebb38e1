/* chrono-application.c — a second `chronoscope FILE` opens FILE in the
 * running instance (GApplication's HANDLES_OPEN), one window per trace. */
#include "chrono-application.h"

#include <glib/gi18n.h>

#include "chrono-config.h"
#include "chrono-resources.h"
#include "chrono-settings.h"
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

/* Quit closes the windows as their close buttons would, so a window with
 * unsaved bookmarks or notes can ask first; the application ends with the
 * last window. */
static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer application)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (application)));
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
}

static void
about_activated (GSimpleAction *action, GVariant *parameter, gpointer application)
{
  const char *authors[] = { "The Chronoscope developers", NULL };
  gtk_show_about_dialog (gtk_application_get_active_window (GTK_APPLICATION (application)), "program-name",
                         "Chronoscope", "version", PACKAGE_VERSION, "comments",
                         _ ("A timeline viewer for execution traces: BTF task and runnable states, cores, "
                            "semaphores and signals, with PNG, SVG and PDF export."),
                         "logo-icon-name", "io.github.chronoscope.Chronoscope", "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors, "translator-credits", _ ("translator-credits"), NULL);
}

/* "system", "light" or "dark": the theme's choice, or the user's. */
/* "system", "light" or "dark".  GtkSettings is touched only when the wish
 * differs from what it says, because every change restyles every widget. */
static void
apply_theme (const char *theme)
{
  GtkSettings *gtk = gtk_settings_get_default ();
  if (gtk == NULL)
    return;
  gboolean dark;
  g_object_get (gtk, "gtk-application-prefer-dark-theme", &dark, NULL);
  /* remember on the settings object whether the value is ours to reset */
  if (g_str_equal (theme, "system"))
    {
      if (g_object_get_data (G_OBJECT (gtk), "chrono-theme-set"))
        gtk_settings_reset_property (gtk, "gtk-application-prefer-dark-theme");
      g_object_set_data (G_OBJECT (gtk), "chrono-theme-set", NULL);
      return;
    }
  if (dark != g_str_equal (theme, "dark"))
    g_object_set (gtk, "gtk-application-prefer-dark-theme", g_str_equal (theme, "dark"), NULL);
  g_object_set_data (G_OBJECT (gtk), "chrono-theme-set", GINT_TO_POINTER (TRUE));
}

static void
theme_changed (GSimpleAction *action, GVariant *state, gpointer application)
{
  const char *theme = g_variant_get_string (state, NULL);
  if (!g_str_equal (theme, "system") && !g_str_equal (theme, "light") && !g_str_equal (theme, "dark"))
    return;
  g_simple_action_set_state (action, state);
  apply_theme (theme);
  GSettings *settings = chrono_settings_get ();
  if (settings != NULL)
    g_settings_set_string (settings, "theme", theme);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated },
  { "about", about_activated },
  { "theme", NULL, "s", "'system'", theme_changed },
};

/* Only shortcuts with a modifier (or function keys) are accelerators: plain
 * keys belong to the timeline, so they never fire while typing a search. */
static void
set_accelerators (GtkApplication *application)
{
  static const struct {
    const char *action;
    const char *accels[4];
  } shortcuts[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.add-trace", { "<Control><Shift>o", NULL } },
    { "win.reload", { "F5", "<Control>r", NULL } },
    { "win.export", { "<Control>e", NULL } },
    { "win.save-view", { "<Control>s", NULL } },
    { "win.add-bookmark", { "<Control>d", NULL } },
    { "win.add-note", { "<Control><Shift>n", NULL } },
    { "win.close", { "<Control>w", NULL } },
    { "win.go-to", { "<Control>g", NULL } },
    { "win.find", { "<Control>f", NULL } },
    { "win.find-next", { "F3", NULL } },
    { "win.find-previous", { "<Shift>F3", NULL } },
    { "win.zoom-in", { "<Control>plus", "<Control>equal", "<Control>KP_Add", NULL } },
    { "win.zoom-out", { "<Control>minus", "<Control>KP_Subtract", NULL } },
    { "win.zoom-fit", { "<Control>0", NULL } },
    { "win.zoom-back", { "<Alt>Left", NULL } },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    gtk_application_set_accels_for_action (application, shortcuts[i].action, shortcuts[i].accels);
}

static void
chrono_application_startup (GApplication *application)
{
  G_APPLICATION_CLASS (chrono_application_parent_class)->startup (application);
  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions, G_N_ELEMENTS (app_actions), application);
  set_accelerators (GTK_APPLICATION (application));
  GSettings *settings = chrono_settings_get ();
  if (settings != NULL)
    {
      g_autofree char *theme = g_settings_get_string (settings, "theme");
      g_action_group_change_action_state (G_ACTION_GROUP (application), "theme", g_variant_new_string (theme));
    }
  /* once per process and screen, however many applications a test starts */
  static GtkCssProvider *css = NULL;
  if (css == NULL)
    {
      css = gtk_css_provider_new ();
      gtk_css_provider_load_from_resource (css, "/io/github/chronoscope/Chronoscope/chronoscope.css");
      gtk_style_context_add_provider_for_screen (gdk_screen_get_default (), GTK_STYLE_PROVIDER (css),
                                                 GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
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
  /* the resources live in a static library, so they are registered by hand */
  static gsize registered = 0;
  if (g_once_init_enter (&registered))
    {
      chrono_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}

ChronoApplication *
chrono_application_new (void)
{
  return g_object_new (CHRONO_TYPE_APPLICATION, "application-id", APPLICATION_ID, "flags", G_APPLICATION_HANDLES_OPEN,
                       NULL);
}
