/* chrono-profile-view.c — recomputed a moment after the view stops
 * changing: a profile walks every call in range, which a drag would
 * otherwise do at every frame. */
#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "chrono-profile-view.h"

#include "chrono-call-tree-view.h"
#include "chrono-flame-view.h"
#include "chrono-location-profile-view.h"
#include "chrono-profile.h"
#include "chrono-widget-util.h"

#define SETTLE_MS 120

enum {
  COL_NAME,
  COL_CALLS,
  COL_INCLUSIVE,
  COL_EXCLUSIVE,
  COL_INCLUSIVE_TEXT,
  COL_EXCLUSIVE_TEXT,
  COL_TOOLTIP, /* markup: the full name, which the column may shorten, and its figures */
  N_COLS
};

struct _ChronoProfileView {
  GtkBox parent_instance;
  ChronoTrace *trace;
  ChronoViewport *viewport;
  GtkListStore *store;
  GtkWidget *tree;
  GtkWidget *range_label;
  GtkWidget *modes; /* by region, or the call tree (traces of calls read whole); NULL: by region only */
  GtkWidget *call_tree;
  GtkWidget *locations; /* ChronoLocationProfileView, beside the call tree */
  GtkWidget *flame; /* ChronoFlameView, beside the call tree */
  GtkWidget *scope_combo; /* all lanes, the selected lane, or its group */
  ChronoLane *selected; /* the lane of the item selected in the timeline, or NULL */
  GPtrArray *scope; /* the lanes the profile reads; NULL: all */
  guint settle_id;
  gboolean had_selection;
  gint64 selection_begin, selection_end;
};

enum { REGION_CHOSEN, PATH_CHOSEN, N_SIGNALS };

#define NAME_WIDTH 130 /* px the name column starts at: about half the side panel */
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoProfileView, chrono_profile_view, GTK_TYPE_BOX)

gboolean
chrono_profile_view_applies (ChronoTrace *trace)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    switch (chrono_lane_get_kind (g_ptr_array_index (lanes, i)))
      {
      case CHRONO_LANE_WORKER:
      case CHRONO_LANE_PROCESS:
      case CHRONO_LANE_RUNNABLE: return TRUE;
      default: break;
      }
  return FALSE;
}

static char *
format_length (ChronoProfileView *self, gint64 ticks)
{
  return chrono_clock_format_ticks (chrono_trace_get_clock (self->trace), ticks, 4);
}

static void
refill (ChronoProfileView *self)
{
  /* a selected time range, else what is visible */
  gint64 begin, end;
  gboolean selected = chrono_viewport_get_selection (self->viewport, &begin, &end) && end > begin;
  if (!selected)
    {
      begin = chrono_viewport_get_begin (self->viewport);
      end = chrono_viewport_get_end (self->viewport);
    }
  g_autoptr (GArray) rows = chrono_profile_compute_lanes (self->trace, self->scope, begin, end);
  gtk_list_store_clear (self->store);
  gboolean approximate = FALSE;
  for (guint i = 0; i < rows->len; i++)
    {
      const ChronoProfileRow *row = &g_array_index (rows, ChronoProfileRow, i);
      /* a lazily read share of a stretch the range cuts: "≈" before the figure */
      const char *about = row->approximate ? "≈ " : "";
      approximate |= row->approximate;
      g_autofree char *inclusive_length = format_length (self, row->inclusive);
      g_autofree char *exclusive_length = format_length (self, row->exclusive);
      g_autofree char *inclusive = g_strconcat (about, inclusive_length, NULL);
      g_autofree char *exclusive = g_strconcat (about, exclusive_length, NULL);
      g_autofree char *tooltip =
          g_markup_printf_escaped (_ ("<b>%s</b>\n%s%" PRIu64 " calls · inclusive %s · exclusive %s"), row->name, about,
                                   row->calls, inclusive, exclusive);
      gtk_list_store_insert_with_values (self->store, NULL, -1, COL_NAME, row->name, COL_CALLS, row->calls,
                                         COL_INCLUSIVE, row->inclusive, COL_EXCLUSIVE, row->exclusive,
                                         COL_INCLUSIVE_TEXT, inclusive, COL_EXCLUSIVE_TEXT, exclusive, COL_TOOLTIP,
                                         tooltip, -1);
    }
  const char *mode = self->modes != NULL ? gtk_stack_get_visible_child_name (GTK_STACK (self->modes)) : NULL;
  if (g_strcmp0 (mode, "tree") == 0)
    chrono_call_tree_view_fill (CHRONO_CALL_TREE_VIEW (self->call_tree), self->trace, self->scope, begin, end);
  else if (g_strcmp0 (mode, "locations") == 0)
    chrono_location_profile_view_fill (CHRONO_LOCATION_PROFILE_VIEW (self->locations), self->trace, self->scope, begin,
                                       end);
  else if (g_strcmp0 (mode, "flame") == 0)
    chrono_flame_view_fill (CHRONO_FLAME_VIEW (self->flame), self->trace, self->scope, begin, end);
  g_autofree char *length = format_length (self, end - begin);
  /* TRANSLATORS: "≈" marks figures of a lazily read trace that a range counts in proportion */
  g_autofree char *said =
      selected && approximate ? g_strdup_printf (_ ("Calls in the selected %s; ≈: read lazily, a stretch of the run "
                                                    "the range cuts counts in proportion"),
                                                 length)
      : approximate           ? g_strdup_printf (_ ("Calls in the visible %s; ≈: read lazily, a stretch of the run "
                                                              "the range cuts counts in proportion"),
                                                 length)
      : selected              ? g_strdup_printf (_ ("Calls in the selected %s"), length)
                              : g_strdup_printf (_ ("Calls in the visible %s"), length);
  gtk_label_set_text (GTK_LABEL (self->range_label), said);
  gtk_label_set_line_wrap (GTK_LABEL (self->range_label), TRUE);
}

static gboolean
settled (gpointer data)
{
  ChronoProfileView *self = data;
  self->settle_id = 0;
  refill (self);
  return G_SOURCE_REMOVE;
}

static void
view_changed (ChronoProfileView *self)
{
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->settle_id = g_timeout_add (SETTLE_MS, settled, self);
}

/* Overlays move with the pointer: only a new time selection counts. */
static void
overlay_changed (ChronoProfileView *self)
{
  gint64 begin = 0, end = 0;
  gboolean selected = chrono_viewport_get_selection (self->viewport, &begin, &end);
  if (selected == self->had_selection && (!selected || (begin == self->selection_begin && end == self->selection_end)))
    return;
  self->had_selection = selected;
  self->selection_begin = begin;
  self->selection_end = end;
  view_changed (self);
}

static void
region_chosen (ChronoProfileView *self, const char *name)
{
  g_signal_emit (self, signals[REGION_CHOSEN], 0, name);
}

static void
path_chosen (ChronoProfileView *self, const char *joined)
{
  g_signal_emit (self, signals[PATH_CHOSEN], 0, joined);
}

/* The call tree and the locations are filled when shown: the flat profile alone is quicker. */
static void
mode_changed (ChronoProfileView *self)
{
  refill (self);
}

/* ---- scope: every lane, the selected one or its group ---------------------- */

static void
add_with_descendants (GPtrArray *out, ChronoLane *lane)
{
  g_ptr_array_add (out, lane);
  for (guint i = 0; i < chrono_lane_get_n_children (lane); i++)
    add_with_descendants (out, chrono_lane_get_child (lane, i));
}

/* The lanes the scope chosen covers (NULL: all): the selected lane and those
 * under it, or its parent's; nothing selected, the whole trace. */
static void
update_scope (ChronoProfileView *self)
{
  g_clear_pointer (&self->scope, g_ptr_array_unref);
  const char *id = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->scope_combo));
  ChronoLane *top = self->selected;
  if (top != NULL && g_strcmp0 (id, "group") == 0 && chrono_lane_get_parent (top) != NULL)
    top = chrono_lane_get_parent (top);
  if (top != NULL && g_strcmp0 (id, "all") != 0)
    {
      self->scope = g_ptr_array_new ();
      add_with_descendants (self->scope, top);
    }
  refill (self);
}

void
chrono_profile_view_set_selected_lane (ChronoProfileView *self, ChronoLane *lane)
{
  g_return_if_fail (CHRONO_IS_PROFILE_VIEW (self) && (lane == NULL || CHRONO_IS_LANE (lane)));
  g_set_object (&self->selected, lane);
  /* the choices name what they would show */
  g_autofree char *one = lane ? g_strdup_printf (_ ("Only %s"), chrono_lane_get_display_name (lane))
                              : g_strdup (_ ("Only the selected item's lane"));
  ChronoLane *parent = lane ? chrono_lane_get_parent (lane) : NULL;
  g_autofree char *group = parent ? g_strdup_printf (_ ("All of %s"), chrono_lane_get_display_name (parent))
                                  : g_strdup (_ ("The selected item's group"));
  GtkComboBoxText *combo = GTK_COMBO_BOX_TEXT (self->scope_combo);
  g_autofree char *active = g_strdup (gtk_combo_box_get_active_id (GTK_COMBO_BOX (combo)));
  g_signal_handlers_block_by_func (combo, update_scope, self);
  gtk_combo_box_text_remove_all (combo);
  gtk_combo_box_text_append (combo, "all", _ ("All lanes"));
  gtk_combo_box_text_append (combo, "lane", one);
  gtk_combo_box_text_append (combo, "group", group);
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (combo), active != NULL ? active : "all");
  g_signal_handlers_unblock_by_func (combo, update_scope, self);
  if (active != NULL && !g_str_equal (active, "all"))
    update_scope (self);
}

void
chrono_profile_view_set_scope (ChronoProfileView *self, ChronoProfileScope scope)
{
  static const char *const ids[] = { "all", "lane", "group" };
  g_return_if_fail (CHRONO_IS_PROFILE_VIEW (self) && scope < G_N_ELEMENTS (ids));
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->scope_combo), ids[scope]);
}

/* A view of calls in a scrolled window of its own, under the mode's name. */
static void
add_mode (ChronoProfileView *self, GtkWidget *view, const char *name, const char *title)
{
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_container_add (GTK_CONTAINER (scroller), view);
  gtk_stack_add_titled (GTK_STACK (self->modes), scroller, name, title);
}

/* Traces of calls read whole: the call tree, each location's time by
 * region and the flame graph beside the flat profile; read lazily (with
 * call summaries, not the calls), each location's time by region only. */
static void
add_modes (ChronoProfileView *self, GtkWidget *flat, gboolean whole)
{
  self->modes = gtk_stack_new ();
  gtk_widget_set_vexpand (self->modes, TRUE);
  gtk_stack_add_titled (GTK_STACK (self->modes), flat, "regions", _ ("By Region"));
  if (whole)
    {
      self->call_tree = chrono_call_tree_view_new ();
      g_signal_connect_swapped (self->call_tree, "region-chosen", G_CALLBACK (region_chosen), self);
      g_signal_connect_swapped (self->call_tree, "path-chosen", G_CALLBACK (path_chosen), self);
      gtk_stack_add_titled (GTK_STACK (self->modes), self->call_tree, "tree", _ ("Call Tree"));
    }
  self->locations = chrono_location_profile_view_new ();
  add_mode (self, self->locations, "locations", _ ("By Location"));
  if (whole)
    {
      self->flame = chrono_flame_view_new ();
      g_signal_connect_swapped (self->flame, "region-chosen", G_CALLBACK (region_chosen), self);
      g_signal_connect_swapped (self->flame, "path-chosen", G_CALLBACK (path_chosen), self);
      add_mode (self, self->flame, "flame", _ ("Flame"));
    }
  GtkWidget *switcher = gtk_stack_switcher_new ();
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), GTK_STACK (self->modes));
  gtk_widget_set_halign (switcher, GTK_ALIGN_CENTER);
  gtk_container_add (GTK_CONTAINER (self), switcher);
  gtk_container_add (GTK_CONTAINER (self), self->modes);
  g_signal_connect_swapped (self->modes, "notify::visible-child", G_CALLBACK (mode_changed), self);
}

GtkWidget *
chrono_profile_view_get_call_tree (ChronoProfileView *self)
{
  g_return_val_if_fail (CHRONO_IS_PROFILE_VIEW (self), NULL);
  return self->call_tree;
}

void
chrono_profile_view_show_call_tree (ChronoProfileView *self)
{
  g_return_if_fail (CHRONO_IS_PROFILE_VIEW (self) && self->modes != NULL);
  gtk_stack_set_visible_child_name (GTK_STACK (self->modes), "tree");
}

GtkWidget *
chrono_profile_view_get_location_profile (ChronoProfileView *self)
{
  g_return_val_if_fail (CHRONO_IS_PROFILE_VIEW (self), NULL);
  return self->locations;
}

void
chrono_profile_view_show_location_profile (ChronoProfileView *self)
{
  g_return_if_fail (CHRONO_IS_PROFILE_VIEW (self) && self->modes != NULL);
  gtk_stack_set_visible_child_name (GTK_STACK (self->modes), "locations");
}

GtkWidget *
chrono_profile_view_get_flame (ChronoProfileView *self)
{
  g_return_val_if_fail (CHRONO_IS_PROFILE_VIEW (self), NULL);
  return self->flame;
}

void
chrono_profile_view_show_flame (ChronoProfileView *self)
{
  g_return_if_fail (CHRONO_IS_PROFILE_VIEW (self) && self->modes != NULL);
  gtk_stack_set_visible_child_name (GTK_STACK (self->modes), "flame");
}

static void
selection_changed (ChronoProfileView *self, GtkTreeSelection *selection)
{
  GtkTreeModel *model;
  GtkTreeIter iter;
  g_autofree char *name = NULL;
  if (gtk_tree_selection_get_selected (selection, &model, &iter))
    gtk_tree_model_get (model, &iter, COL_NAME, &name, -1);
  g_signal_emit (self, signals[REGION_CHOSEN], 0, name);
}

static void
add_column (ChronoProfileView *self, const char *title, int text_column, int sort_column, gboolean numeric)
{
  /* names differ at their ends as often as at their starts; they start at half the panel */
  chrono_tree_view_add_figure_column (GTK_TREE_VIEW (self->tree), title, text_column, sort_column,
                                      numeric ? 0 : NAME_WIDTH, PANGO_ELLIPSIZE_MIDDLE);
}

char *
chrono_profile_view_get_text (ChronoProfileView *self)
{
  GString *out = g_string_new (NULL);
  GtkTreeModel *model = gtk_tree_view_get_model (GTK_TREE_VIEW (self->tree));
  GtkTreeIter iter;
  for (gboolean ok = gtk_tree_model_get_iter_first (model, &iter); ok; ok = gtk_tree_model_iter_next (model, &iter))
    {
      g_autofree char *name = NULL, *inclusive = NULL, *exclusive = NULL;
      guint64 calls;
      gtk_tree_model_get (model, &iter, COL_NAME, &name, COL_CALLS, &calls, COL_INCLUSIVE_TEXT, &inclusive,
                          COL_EXCLUSIVE_TEXT, &exclusive, -1);
      g_string_append_printf (out, "%s\t%" G_GUINT64_FORMAT "\t%s\t%s\n", name, calls, inclusive, exclusive);
    }
  return g_string_free (out, FALSE);
}

static void
chrono_profile_view_dispose (GObject *object)
{
  ChronoProfileView *self = CHRONO_PROFILE_VIEW (object);
  g_clear_handle_id (&self->settle_id, g_source_remove);
  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_object (&self->viewport);
  g_clear_object (&self->trace);
  g_clear_object (&self->store);
  g_clear_object (&self->selected);
  g_clear_pointer (&self->scope, g_ptr_array_unref);
  G_OBJECT_CLASS (chrono_profile_view_parent_class)->dispose (object);
}

static void
chrono_profile_view_class_init (ChronoProfileViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_profile_view_dispose;
  /* "region-chosen" (name or NULL): a row was selected, or none is */
  signals[REGION_CHOSEN] = g_signal_new ("region-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                         NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* "path-chosen" (joined by ';', or NULL): a call path was selected in the call tree, or none is */
  signals[PATH_CHOSEN] = g_signal_new ("path-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
chrono_profile_view_init (ChronoProfileView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  self->store = gtk_list_store_new (N_COLS, G_TYPE_STRING, G_TYPE_UINT64, G_TYPE_INT64, G_TYPE_INT64, G_TYPE_STRING,
                                    G_TYPE_STRING, G_TYPE_STRING);
  gtk_tree_sortable_set_sort_column_id (GTK_TREE_SORTABLE (self->store), COL_EXCLUSIVE, GTK_SORT_DESCENDING);
  self->range_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->range_label), 0.0);
  g_object_set (self->range_label, "margin", 6, NULL);
  gtk_style_context_add_class (gtk_widget_get_style_context (self->range_label), "dim-label");
  gtk_container_add (GTK_CONTAINER (self), self->range_label);
  self->scope_combo = gtk_combo_box_text_new ();
  gtk_widget_set_tooltip_text (self->scope_combo, _ ("Which lanes the profile reads: all of them, only the lane of "
                                                     "the item selected in the timeline, or its group (a rank's "
                                                     "threads, a task's runnables)"));
  g_object_set (self->scope_combo, "margin-start", 6, "margin-end", 6, NULL);
  /* a choice names the selected lane, whose name may be long: shortened, not widening the side panel */
  g_autoptr (GList) cells = gtk_cell_layout_get_cells (GTK_CELL_LAYOUT (self->scope_combo));
  for (GList *cell = cells; cell != NULL; cell = cell->next)
    g_object_set (cell->data, "ellipsize", PANGO_ELLIPSIZE_MIDDLE, "max-width-chars", 32, NULL);
  gtk_container_add (GTK_CONTAINER (self), self->scope_combo);
  self->tree = gtk_tree_view_new_with_model (GTK_TREE_MODEL (self->store));
  add_column (self, _ ("Name"), COL_NAME, COL_NAME, FALSE);
  add_column (self, _ ("Calls"), COL_CALLS, COL_CALLS, TRUE);
  add_column (self, _ ("Inclusive"), COL_INCLUSIVE_TEXT, COL_INCLUSIVE, TRUE);
  add_column (self, _ ("Exclusive"), COL_EXCLUSIVE_TEXT, COL_EXCLUSIVE, TRUE);
  gtk_tree_view_set_tooltip_column (GTK_TREE_VIEW (self->tree), COL_TOOLTIP);
  g_signal_connect_swapped (gtk_tree_view_get_selection (GTK_TREE_VIEW (self->tree)), "changed",
                            G_CALLBACK (selection_changed), self);
}

static GtkWidget *
flat_scroller (ChronoProfileView *self)
{
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_container_add (GTK_CONTAINER (scroller), self->tree);
  return scroller;
}

GtkWidget *
chrono_profile_view_new (ChronoTrace *trace, ChronoViewport *viewport)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && CHRONO_IS_VIEWPORT (viewport), NULL);
  ChronoProfileView *self = g_object_new (CHRONO_TYPE_PROFILE_VIEW, NULL);
  self->trace = g_object_ref (trace);
  self->viewport = g_object_ref (viewport);
  if (chrono_call_tree_view_applies (trace))
    add_modes (self, flat_scroller (self), TRUE);
  else if (chrono_location_profile_view_applies (trace))
    add_modes (self, flat_scroller (self), FALSE);
  else
    gtk_container_add (GTK_CONTAINER (self), flat_scroller (self));
  g_signal_connect_swapped (viewport, "changed", G_CALLBACK (view_changed), self);
  g_signal_connect_swapped (viewport, "overlay-changed", G_CALLBACK (overlay_changed), self);
  chrono_profile_view_set_selected_lane (self, NULL);
  g_signal_connect_swapped (self->scope_combo, "changed", G_CALLBACK (update_scope), self);
  refill (self);
  return GTK_WIDGET (self);
}
