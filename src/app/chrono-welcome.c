/* chrono-welcome.c — the page of a window with no trace.  The formats come
 * from the loaders' table, so a format is listed exactly when it is read;
 * the recent traces are those of the recently-used list that a loader's
 * file names match and that still exist.  Choosing one emits
 * "file-chosen"; Open is the window's own action. */
#include "chrono-welcome.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>

#include "chrono-loader.h"

#define MAX_RECENT 8
#define EXAMPLE_RESOURCE "/io/github/chronoscope/Chronoscope/examples/two-cores.btf"

struct _ChronoWelcome {
  GtkBox parent_instance;
  GtkWidget *recent_list; /* a button per recent trace */
  GtkWidget *recent_title;
  GtkRecentManager *manager;
};

enum { FILE_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoWelcome, chrono_welcome, GTK_TYPE_BOX)

static gboolean
a_loader_reads (const char *name)
{
  for (const ChronoLoaderInfo *const *loader = chrono_loaders_list (); *loader; loader++)
    for (const char *const *glob = (*loader)->globs; *glob; glob++)
      if (g_pattern_match_simple (*glob, name))
        return TRUE;
  return FALSE;
}

static gint
most_recent_first (gconstpointer a, gconstpointer b)
{
  time_t ta = gtk_recent_info_get_modified (*(GtkRecentInfo **) a);
  time_t tb = gtk_recent_info_get_modified (*(GtkRecentInfo **) b);
  return (tb > ta) - (tb < ta);
}

static void
recent_clicked (GtkButton *button, ChronoWelcome *self)
{
  const char *uri = g_object_get_data (G_OBJECT (button), "uri");
  g_autoptr (GFile) file = g_file_new_for_uri (uri);
  g_signal_emit (self, signals[FILE_CHOSEN], 0, file);
}

static GtkWidget *
recent_button (GtkRecentInfo *info)
{
  g_autofree char *path = g_filename_from_uri (gtk_recent_info_get_uri (info), NULL, NULL);
  g_autofree char *name = g_path_get_basename (path);
  GtkWidget *button = gtk_button_new_with_label (name);
  gtk_widget_set_tooltip_text (button, path);
  g_object_set_data_full (G_OBJECT (button), "uri", g_strdup (gtk_recent_info_get_uri (info)), g_free);
  gtk_button_set_relief (GTK_BUTTON (button), GTK_RELIEF_NONE);
  GtkWidget *label = gtk_bin_get_child (GTK_BIN (button));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  return button;
}

/* The recently-used list changed (this window or another opened a trace): list again. */
static void
fill_recent (ChronoWelcome *self)
{
  GList *old = gtk_container_get_children (GTK_CONTAINER (self->recent_list));
  g_list_free_full (old, (GDestroyNotify) gtk_widget_destroy);
  GList *items = gtk_recent_manager_get_items (self->manager);
  g_autoptr (GPtrArray) kept = g_ptr_array_new ();
  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autofree char *path = g_filename_from_uri (gtk_recent_info_get_uri (info), NULL, NULL);
      g_autofree char *name = path != NULL ? g_path_get_basename (path) : NULL;
      if (name != NULL && a_loader_reads (name) && g_file_test (path, G_FILE_TEST_EXISTS))
        g_ptr_array_add (kept, info);
    }
  g_ptr_array_sort (kept, most_recent_first);
  for (guint i = 0; i < MIN (kept->len, MAX_RECENT); i++)
    {
      GtkWidget *button = recent_button (g_ptr_array_index (kept, i));
      g_signal_connect (button, "clicked", G_CALLBACK (recent_clicked), self);
      gtk_container_add (GTK_CONTAINER (self->recent_list), button);
    }
  gtk_widget_set_visible (self->recent_title, kept->len > 0);
  gtk_widget_show_all (self->recent_list);
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

/* "Best Trace Format (*.btf, *.btf.gz)", one line per loader. */
static char *
formats_text (void)
{
  GString *text = g_string_new (NULL);
  for (const ChronoLoaderInfo *const *loader = chrono_loaders_list (); *loader; loader++)
    {
      g_autofree char *globs = g_strjoinv (", ", (char **) (*loader)->globs);
      g_string_append_printf (text, "%s%s (%s)", text->len > 0 ? "\n" : "", (*loader)->description, globs);
    }
  return g_string_free (text, FALSE);
}

GFile *
chrono_welcome_get_example (GError **error)
{
  g_autoptr (GBytes) bytes = g_resources_lookup_data (EXAMPLE_RESOURCE, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (bytes == NULL)
    return NULL;
  g_autofree char *folder = g_build_filename (g_get_user_cache_dir (), "chronoscope", "examples", NULL);
  g_autofree char *path = g_build_filename (folder, "two-cores.btf", NULL);
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  /* written again only when missing or different: a view saved beside it stays */
  g_autofree char *current = NULL;
  gsize current_size = 0;
  if (!g_file_get_contents (path, &current, &current_size, NULL) || current_size != size
      || memcmp (current, data, size) != 0)
    {
      if (g_mkdir_with_parents (folder, 0755) != 0)
        {
          int saved = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _ ("Cannot create %s: %s"), folder,
                       g_strerror (saved));
          return NULL;
        }
      if (!g_file_set_contents (path, data, (gssize) size, error))
        return NULL;
    }
  return g_file_new_for_path (path);
}

static void
example_clicked (ChronoWelcome *self, GtkButton *button)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = chrono_welcome_get_example (&error);
  if (file == NULL)
    {
      gtk_widget_set_tooltip_text (GTK_WIDGET (button), error->message);
      gtk_widget_set_sensitive (GTK_WIDGET (button), FALSE);
      return;
    }
  g_signal_emit (self, signals[FILE_CHOSEN], 0, file);
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_style_context_add_class (gtk_widget_get_style_context (label), "dim-label");
  g_autoptr (PangoAttrList) attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  gtk_label_set_attributes (GTK_LABEL (label), attrs);
  gtk_widget_set_margin_top (label, 12);
  return label;
}

static void
chrono_welcome_dispose (GObject *object)
{
  ChronoWelcome *self = CHRONO_WELCOME (object);
  if (self->manager != NULL)
    g_signal_handlers_disconnect_by_data (self->manager, self);
  self->manager = NULL;
  G_OBJECT_CLASS (chrono_welcome_parent_class)->dispose (object);
}

static void
chrono_welcome_class_init (ChronoWelcomeClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_welcome_dispose;
  /* "file-chosen" (GFile): a recent trace or the example, to open */
  signals[FILE_CHOSEN] = g_signal_new ("file-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_FILE);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "chrono-welcome");
}

static void
chrono_welcome_init (ChronoWelcome *self)
{
  GtkBox *box = GTK_BOX (self);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (box, 6);
  gtk_widget_set_halign (GTK_WIDGET (self), GTK_ALIGN_CENTER);
  gtk_widget_set_valign (GTK_WIDGET (self), GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (GTK_WIDGET (self), 420, -1);

  GtkWidget *title = gtk_label_new (_ ("No trace open"));
  gtk_style_context_add_class (gtk_widget_get_style_context (title), "title");
  g_autoptr (PangoAttrList) big = pango_attr_list_new ();
  pango_attr_list_insert (big, pango_attr_scale_new (1.6));
  gtk_label_set_attributes (GTK_LABEL (title), big);
  gtk_box_pack_start (box, title, FALSE, FALSE, 0);
  GtkWidget *hint = gtk_label_new (_ ("Open a trace, or drop one on this window."));
  gtk_style_context_add_class (gtk_widget_get_style_context (hint), "dim-label");
  gtk_box_pack_start (box, hint, FALSE, FALSE, 0);

  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (buttons, 12);
  GtkWidget *open = gtk_button_new_with_mnemonic (_ ("_Open a Trace…"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (open), "win.open");
  gtk_style_context_add_class (gtk_widget_get_style_context (open), "suggested-action");
  gtk_widget_set_tooltip_text (open, _ ("Ctrl+O"));
  GtkWidget *example = gtk_button_new_with_mnemonic (_ ("Open the _Example"));
  gtk_widget_set_tooltip_text (example, _ ("A two-core task schedule that comes with Chronoscope"));
  g_signal_connect_swapped (example, "clicked", G_CALLBACK (example_clicked), self);
  gtk_container_add (GTK_CONTAINER (buttons), open);
  gtk_container_add (GTK_CONTAINER (buttons), example);
  gtk_box_pack_start (box, buttons, FALSE, FALSE, 0);

  self->recent_title = heading (_ ("Recent traces"));
  gtk_widget_set_no_show_all (self->recent_title, TRUE);
  gtk_box_pack_start (box, self->recent_title, FALSE, FALSE, 0);
  self->recent_list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_pack_start (box, self->recent_list, FALSE, FALSE, 0);

  gtk_box_pack_start (box, heading (_ ("Formats it reads")), FALSE, FALSE, 0);
  g_autofree char *formats = formats_text ();
  GtkWidget *list = gtk_label_new (formats);
  gtk_label_set_xalign (GTK_LABEL (list), 0);
  gtk_label_set_selectable (GTK_LABEL (list), TRUE);
  gtk_box_pack_start (box, list, FALSE, FALSE, 0);

  self->manager = gtk_recent_manager_get_default ();
  g_signal_connect_swapped (self->manager, "changed", G_CALLBACK (fill_recent), self);
  fill_recent (self);
  gtk_widget_show_all (GTK_WIDGET (self));
}

GtkWidget *
chrono_welcome_new (void)
{
  return g_object_new (CHRONO_TYPE_WELCOME, NULL);
}
