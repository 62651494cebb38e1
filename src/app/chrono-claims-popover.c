#include "chrono-claims-popover.h"

#include <glib/gi18n-lib.h>

#include "chrono-loader.h"
#include "chrono-resource-stats.h"
#include "chrono-widget-util.h"

/* One row of the popover: the option it sets and the widget that says how. */
typedef struct {
  const ChronoLoaderOption *option;
  GtkWidget *widget;
} OptionRow;

struct _ChronoClaimsPopover {
  GtkPopover parent_instance;
  ChronoTrace *trace;
  GArray *rows; /* OptionRow */
  GtkWidget *labelling;
};

enum { APPLY, SHOW_USAGE, SHOW_CRITICAL_PATH, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoClaimsPopover, chrono_claims_popover, GTK_TYPE_POPOVER)

/* A list whose first entry, `none`, stands for the default. */
static GtkWidget *
choice_combo (const char *none, const char *const *values, guint n_values, const char *current)
{
  GtkWidget *combo = gtk_combo_box_text_new ();
  gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (combo), none);
  gtk_combo_box_set_active (GTK_COMBO_BOX (combo), 0);
  for (guint i = 0; i < n_values; i++)
    {
      gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (combo), values[i]);
      if (current != NULL && g_str_equal (current, values[i]))
        gtk_combo_box_set_active (GTK_COMBO_BOX (combo), i + 1);
    }
  return combo;
}

/* The widget for one declared option, showing the trace's current value. */
static GtkWidget *
option_widget (const ChronoLoaderOption *option, GPtrArray *keys, const char *current)
{
  const char *none = option->default_label ? g_dgettext (GETTEXT_PACKAGE, option->default_label) : "";
  switch (option->type)
    {
      case CHRONO_OPTION_ATTRIBUTE: {
        /* the default already is the attribute it stands for: one entry, not two */
        g_autoptr (GPtrArray) offered = g_ptr_array_new ();
        for (guint i = 0; i < keys->len; i++)
          if (g_strcmp0 (g_ptr_array_index (keys, i), option->default_attribute) != 0)
            g_ptr_array_add (offered, g_ptr_array_index (keys, i));
        return choice_combo (none, (const char *const *) offered->pdata, offered->len, current);
      }
      case CHRONO_OPTION_ATTRIBUTE_LIST: {
        /* a list ("hid, name") is typed; the keys are offered one by one */
        GtkWidget *combo = gtk_combo_box_text_new_with_entry ();
        for (guint i = 0; i < keys->len; i++)
          gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (combo), g_ptr_array_index (keys, i));
        GtkWidget *entry = gtk_bin_get_child (GTK_BIN (combo));
        gtk_entry_set_text (GTK_ENTRY (entry), current ? current : "");
        gtk_entry_set_placeholder_text (GTK_ENTRY (entry), none);
        return combo;
      }
    case CHRONO_OPTION_CHOICE:
      return choice_combo (none, option->values, g_strv_length ((char **) option->values), current);
    case CHRONO_OPTION_ATTRIBUTE_FILTER:
    case CHRONO_OPTION_FREQUENCY:
      case CHRONO_OPTION_SIZE: {
        GtkWidget *entry = gtk_entry_new ();
        if (option->type == CHRONO_OPTION_ATTRIBUTE_FILTER)
          gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _ ("e.g. pid=1|2; type=move"));
        if (option->type == CHRONO_OPTION_FREQUENCY)
          gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _ ("cycles; or e.g. 2.4GHz"));
        gtk_entry_set_text (GTK_ENTRY (entry), current ? current : "");
        return entry;
      }
    }
  g_return_val_if_reached (NULL);
}

/* "" when the first entry (the default) is chosen. */
static char *
widget_value (GtkWidget *widget)
{
  if (GTK_IS_ENTRY (widget))
    return g_strdup (gtk_entry_get_text (GTK_ENTRY (widget)));
  if (GTK_IS_COMBO_BOX (widget) && gtk_combo_box_get_has_entry (GTK_COMBO_BOX (widget)))
    return g_strdup (gtk_entry_get_text (GTK_ENTRY (gtk_bin_get_child (GTK_BIN (widget)))));
  if (gtk_combo_box_get_active (GTK_COMBO_BOX (widget)) <= 0)
    return g_strdup ("");
  return gtk_combo_box_text_get_active_text (GTK_COMBO_BOX_TEXT (widget));
}

static void
apply_clicked (ChronoClaimsPopover *self)
{
  g_autoptr (GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const OptionRow *row = &g_array_index (self->rows, OptionRow, i);
      char *value = widget_value (row->widget);
      /* a list left at its first entry means the default, which must be a value the option takes */
      if (*value == '\0' && row->option->type == CHRONO_OPTION_CHOICE && row->option->default_value != NULL)
        {
          g_free (value);
          value = g_strdup (row->option->default_value);
        }
      g_hash_table_insert (options, (gpointer) row->option->name, value);
    }
  if (self->labelling != NULL)
    g_hash_table_insert (options, "labelling", widget_value (self->labelling));
  gtk_popover_popdown (GTK_POPOVER (self));
  g_signal_emit (self, signals[APPLY], 0, options);
}

static void
usage_toggled (ChronoClaimsPopover *self, GtkToggleButton *button)
{
  g_signal_emit (self, signals[SHOW_USAGE], 0, gtk_toggle_button_get_active (button));
}

static void
critical_toggled (ChronoClaimsPopover *self, GtkToggleButton *button)
{
  g_signal_emit (self, signals[SHOW_CRITICAL_PATH], 0, gtk_toggle_button_get_active (button));
}

/* An analysis shown until it is switched off again. */
static GtkWidget *
analysis_toggle (ChronoClaimsPopover *self, const char *label, const char *tooltip, gboolean active, GCallback toggled)
{
  GtkWidget *button = gtk_check_button_new_with_mnemonic (label);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), active);
  g_signal_connect_swapped (button, "toggled", toggled, self);
  return button;
}

static gboolean
has_usage_lanes (ChronoTrace *trace)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (g_strcmp0 (chrono_lane_get_entity_type (g_ptr_array_index (lanes, i)), "usage") == 0)
      return TRUE;
  return FALSE;
}

static gboolean
has_critical_marks (ChronoTrace *trace)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint l = 0; l < lanes->len; l++)
    {
      ChronoSpans *spans = chrono_lane_get_spans (g_ptr_array_index (lanes, l));
      for (guint s = 0; spans != NULL && s < chrono_spans_get_n (spans); s++)
        if (chrono_spans_get_flags (spans, s) & CHRONO_SPAN_CRITICAL)
          return TRUE;
    }
  return FALSE;
}

/* Whether the trace's loader declares options for the viewer. */
gboolean
chrono_claims_popover_has_rows (ChronoTrace *trace)
{
  const ChronoLoaderInfo *loader = chrono_loaders_find_by_name (chrono_trace_get_format (trace));
  for (const ChronoLoaderOption *o = loader ? loader->options : NULL; o && o->name; o++)
    if (o->label != NULL)
      return TRUE;
  return FALSE;
}

/* Labels and the analyses of claims, for traces that have them. */
static int
build_claim_rows (ChronoClaimsPopover *self, GtkWidget *grid, int row, GPtrArray *keys, const char *labelling)
{
  self->labelling = choice_combo (_ ("(no labels)"), (const char *const *) keys->pdata, keys->len, labelling);
  chrono_grid_attach_labelled (GTK_GRID (grid), row++, _ ("_Label by"), self->labelling, 1);
  return row;
}

static void
build_claim_actions (ChronoClaimsPopover *self, GtkWidget *grid, int row)
{
  gtk_grid_attach (GTK_GRID (grid),
                   analysis_toggle (self, _ ("Show Resource _Usage"),
                                    _ ("The amount in use of every resource as a signal lane under it"),
                                    has_usage_lanes (self->trace), G_CALLBACK (usage_toggled)),
                   0, row++, 2, 1);
  gtk_grid_attach (GTK_GRID (grid),
                   analysis_toggle (self, _ ("Show _Critical Path"),
                                    _ ("Outline the claims that decided when the last claim ended"),
                                    has_critical_marks (self->trace), G_CALLBACK (critical_toggled)),
                   0, row++, 2, 1);
}

/* The rows come from the trace's loader: the options it declares for the viewer. */
static void
build (ChronoClaimsPopover *self, const char *labelling)
{
  gboolean claims = (chrono_trace_get_features (self->trace) & CHRONO_TRACE_HAS_CLAIMS) != 0;
  g_autoptr (GPtrArray) keys = chrono_claim_attribute_keys (self->trace);
  const ChronoLoaderInfo *loader = chrono_loaders_find_by_name (chrono_trace_get_format (self->trace));
  GtkWidget *grid = gtk_grid_new ();
  g_object_set (grid, "margin", 12, "row-spacing", 6, "column-spacing", 12, NULL);
  int row = 0;
  for (const ChronoLoaderOption *o = loader ? loader->options : NULL; o && o->name; o++)
    {
      if (o->label == NULL)
        continue;
      OptionRow r = { o, option_widget (o, keys, chrono_trace_get_option (self->trace, o->name)) };
      g_array_append_val (self->rows, r);
      chrono_grid_attach_labelled (GTK_GRID (grid), row++, g_dgettext (GETTEXT_PACKAGE, o->label), r.widget, 1);
    }
  if (claims)
    row = build_claim_rows (self, grid, row, keys, labelling);

  GtkWidget *apply = gtk_button_new_with_mnemonic (_ ("_Apply"));
  gtk_style_context_add_class (gtk_widget_get_style_context (apply), "suggested-action");
  gtk_widget_set_halign (apply, GTK_ALIGN_END);
  g_signal_connect_swapped (apply, "clicked", G_CALLBACK (apply_clicked), self);
  gtk_grid_attach (GTK_GRID (grid), apply, 1, row++, 1, 1);
  if (claims)
    build_claim_actions (self, grid, row);
  gtk_widget_show_all (grid);
  gtk_container_add (GTK_CONTAINER (self), grid);
}

static void
chrono_claims_popover_finalize (GObject *object)
{
  ChronoClaimsPopover *self = CHRONO_CLAIMS_POPOVER (object);
  g_clear_object (&self->trace);
  g_array_unref (self->rows);
  G_OBJECT_CLASS (chrono_claims_popover_parent_class)->finalize (object);
}

static void
chrono_claims_popover_class_init (ChronoClaimsPopoverClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chrono_claims_popover_finalize;
  signals[APPLY] = g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, G_TYPE_HASH_TABLE);
  /* both carry whether to show the analysis or take it away again */
  signals[SHOW_USAGE] = g_signal_new ("show-usage", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                      G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[SHOW_CRITICAL_PATH] = g_signal_new ("show-critical-path", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                              NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
chrono_claims_popover_init (ChronoClaimsPopover *self)
{
  self->rows = g_array_new (FALSE, FALSE, sizeof (OptionRow));
}

GtkWidget *
chrono_claims_popover_new (GtkWidget *relative_to, ChronoTrace *trace, const char *labelling)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  ChronoClaimsPopover *self = g_object_new (CHRONO_TYPE_CLAIMS_POPOVER, "relative-to", relative_to, NULL);
  self->trace = g_object_ref (trace);
  build (self, labelling);
  return GTK_WIDGET (self);
}
