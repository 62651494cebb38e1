/* chrono-lane-menu.c — the menu is built for the lane it opens on and lives
 * until the next one opens or the view goes: a menu destroyed as it closes
 * takes its items with it before the chosen one activates (GTK deactivates
 * a menu before its item's "activate"), and nothing would happen. */
#include "chrono-lane-menu.h"

#include <glib/gi18n-lib.h>
#include <math.h>

struct _ChronoLaneMenu {
  ChronoTimelineView *view; /* not held: the view holds the menu */
  ChronoLane *lane; /* the lane the menu was opened on, or NULL */
  guint member; /* and the trace of the set it belongs to */
  GtkWidget *menu;
};

static ChronoLayout *
layout_of (ChronoLaneMenu *self)
{
  return chrono_timeline_view_get_layout (self->view);
}

static void
hide_lane_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoLaneMenu *self = data;
  if (self->lane != NULL)
    chrono_layout_set_visible (layout_of (self), self->lane, FALSE);
}

/* Every lane of every trace on show: the menu's "all" means all of them. */
static GPtrArray *
list_all_lanes (ChronoLaneMenu *self)
{
  ChronoTraceSet *set = chrono_layout_get_trace_set (layout_of (self));
  if (set == NULL)
    return chrono_trace_list_lanes (chrono_timeline_view_get_trace (self->view));
  GPtrArray *all = g_ptr_array_new ();
  for (guint m = 0; m < chrono_trace_set_get_n (set); m++)
    {
      g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (chrono_trace_set_get_trace (set, m));
      for (guint i = 0; i < lanes->len; i++)
        g_ptr_array_add (all, g_ptr_array_index (lanes, i));
    }
  return all;
}

static void
set_all_expanded (ChronoLaneMenu *self, gboolean expanded)
{
  g_autoptr (GPtrArray) lanes = list_all_lanes (self);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      /* groups stay open: collapsing everything would leave only headings */
      if (chrono_lane_get_n_children (lane) > 0 && chrono_lane_get_kind (lane) != CHRONO_LANE_GROUP)
        chrono_layout_set_expanded (layout_of (self), lane, expanded);
    }
}

static void
collapse_all_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  set_all_expanded (data, FALSE);
}

static void
expand_all_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  set_all_expanded (data, TRUE);
}

static void
show_all_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoLaneMenu *self = data;
  g_autoptr (GPtrArray) lanes = list_all_lanes (self);
  for (guint i = 0; i < lanes->len; i++)
    chrono_layout_set_visible (layout_of (self), g_ptr_array_index (lanes, i), TRUE);
}

static void
shift_response (GtkDialog *dialog, int response, ChronoLaneMenu *self)
{
  GtkEntry *entry = g_object_get_data (G_OBJECT (dialog), "entry");
  guint member = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "member"));
  ChronoTraceSet *set = chrono_layout_get_trace_set (layout_of (self));
  if (response == GTK_RESPONSE_ACCEPT && set != NULL && member < chrono_trace_set_get_n (set))
    {
      const ChronoClock *clock = chrono_trace_get_clock (chrono_timeline_view_get_trace (self->view));
      double seconds;
      g_autoptr (GError) error = NULL;
      double ticks = 0.0;
      if (chrono_clock_parse_duration (clock, gtk_entry_get_text (entry), &seconds, &error))
        ticks = seconds * (double) clock->ticks_per_second;
      if (error == NULL
          && (!isfinite (ticks) || fabs (ticks) >= 9.0e18
              || !chrono_trace_set_set_shift (set, member, (gint64) llround (ticks))))
        g_set_error (&error, CHRONO_CLOCK_ERROR, CHRONO_CLOCK_ERROR_NOT_A_TIME,
                     _ ("“%s” moves the trace past the times the clock can count"), gtk_entry_get_text (entry));
      if (error != NULL)
        {
          /* stay open: the user corrects the text */
          gtk_entry_set_icon_from_icon_name (entry, GTK_ENTRY_ICON_SECONDARY, "dialog-error-symbolic");
          gtk_entry_set_icon_tooltip_text (entry, GTK_ENTRY_ICON_SECONDARY, error->message);
          return;
        }
    }
  gtk_widget_destroy (GTK_WIDGET (dialog));
}

/* The added trace's shift typed in: time on the first trace's clock, from where its alignment put it. */
static void
shift_trace_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  ChronoLaneMenu *self = data;
  ChronoTraceSet *set = chrono_layout_get_trace_set (layout_of (self));
  if (set == NULL || self->member == 0)
    return;
  const ChronoClock *clock = chrono_trace_get_clock (chrono_timeline_view_get_trace (self->view));
  GtkWidget *dialog =
      gtk_dialog_new_with_buttons (_ ("Move Trace"), GTK_WINDOW (gtk_widget_get_toplevel (GTK_WIDGET (self->view))),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT | GTK_DIALOG_USE_HEADER_BAR,
                                   _ ("_Cancel"), GTK_RESPONSE_CANCEL, _ ("_Move"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  GtkWidget *entry = gtk_entry_new ();
  gint64 shift = chrono_trace_set_get_shift (set, self->member);
  g_autofree char *current = chrono_clock_format_seconds_exact (clock, shift);
  g_autofree char *text = g_strdup_printf ("%s%s", current, clock->counts_cycles ? "" : "s");
  gtk_entry_set_text (GTK_ENTRY (entry), text);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _ ("e.g. +1.5ms or -200us"));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  g_object_set (entry, "margin", 12, NULL);
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  g_object_set_data (G_OBJECT (dialog), "member", GUINT_TO_POINTER (self->member));
  gtk_container_add (GTK_CONTAINER (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), entry);
  g_signal_connect (dialog, "response", G_CALLBACK (shift_response), self);
  gtk_widget_show_all (dialog);
}

static const GActionEntry view_actions[] = {
  { "shift-trace", shift_trace_activated }, { "hide-lane", hide_lane_activated },
  { "show-all-lanes", show_all_activated }, { "collapse-all", collapse_all_activated },
  { "expand-all", expand_all_activated },
};

ChronoLaneMenu *
chrono_lane_menu_new (ChronoTimelineView *view)
{
  ChronoLaneMenu *self = g_new0 (ChronoLaneMenu, 1);
  self->view = view;
  GSimpleActionGroup *group = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (group), view_actions, G_N_ELEMENTS (view_actions), self);
  gtk_widget_insert_action_group (GTK_WIDGET (view), "view", G_ACTION_GROUP (group));
  g_object_unref (group);
  return self;
}

void
chrono_lane_menu_free (ChronoLaneMenu *self)
{
  if (self == NULL)
    return;
  if (self->menu != NULL)
    gtk_widget_destroy (self->menu);
  /* the actions point at this: gone with it */
  gtk_widget_insert_action_group (GTK_WIDGET (self->view), "view", NULL);
  g_free (self);
}

void
chrono_lane_menu_popup (ChronoLaneMenu *self, ChronoLane *lane, guint member, const GdkEvent *event,
                        const GdkRectangle *at)
{
  self->lane = lane;
  self->member = lane != NULL ? member : 0;
  g_autoptr (GMenu) menu = g_menu_new ();
  if (self->member > 0)
    g_menu_append (menu, _ ("Move This Trace…"), "view.shift-trace");
  if (self->lane != NULL)
    g_menu_append (menu, _ ("Hide This Lane"), "view.hide-lane");
  g_menu_append (menu, _ ("Show All Lanes"), "view.show-all-lanes");
  g_menu_append (menu, _ ("Collapse All"), "view.collapse-all");
  g_menu_append (menu, _ ("Expand All"), "view.expand-all");
  if (self->menu != NULL)
    gtk_widget_destroy (self->menu);
  self->menu = gtk_menu_new_from_model (G_MENU_MODEL (menu));
  g_object_add_weak_pointer (G_OBJECT (self->menu), (gpointer *) &self->menu);
  gtk_menu_attach_to_widget (GTK_MENU (self->menu), GTK_WIDGET (self->view), NULL);
  if (event != NULL)
    {
      gtk_menu_popup_at_pointer (GTK_MENU (self->menu), event);
      return;
    }
  gtk_menu_popup_at_rect (GTK_MENU (self->menu), gtk_widget_get_window (GTK_WIDGET (self->view)), at,
                          GDK_GRAVITY_SOUTH_WEST, GDK_GRAVITY_NORTH_WEST, NULL);
  gtk_menu_shell_select_first (GTK_MENU_SHELL (self->menu), FALSE);
}

GtkWidget *
chrono_lane_menu_get_widget (ChronoLaneMenu *self)
{
  return self->menu;
}
