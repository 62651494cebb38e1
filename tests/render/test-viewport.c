/* Zoom and pan without a display. */
#include "chrono-viewport.h"

#include <gio/gio.h>

static void
test_zoom_keeps_anchor (void)
{
  g_autoptr (ChronoViewport) v = chrono_viewport_new (0, 1000000);
  chrono_viewport_zoom (v, 4.0, 250000);
  g_assert_cmpint (chrono_viewport_get_end (v) - chrono_viewport_get_begin (v), ==, 250000);
  /* the anchor stays at the same fraction (a quarter) of the window */
  g_assert_cmpint (chrono_viewport_get_begin (v), ==, 250000 - 62500);
  chrono_viewport_zoom (v, 0.25, 250000);
  g_assert_cmpint (chrono_viewport_get_begin (v), ==, 0);
  g_assert_cmpint (chrono_viewport_get_end (v), ==, 1000000);
}

static void
test_clamps_to_trace (void)
{
  g_autoptr (ChronoViewport) v = chrono_viewport_new (100, 1100);
  chrono_viewport_zoom (v, 0.1, 600); /* cannot zoom out past the trace */
  g_assert_cmpint (chrono_viewport_get_begin (v), ==, 100);
  g_assert_cmpint (chrono_viewport_get_end (v), ==, 1100);
  chrono_viewport_zoom (v, 1e9, 600); /* nor in below the minimum span */
  g_assert_cmpint (chrono_viewport_get_end (v) - chrono_viewport_get_begin (v), ==, 10);
  chrono_viewport_pan (v, -100000); /* panning stops at the trace start */
  g_assert_cmpint (chrono_viewport_get_begin (v), ==, 100);
  chrono_viewport_pan (v, 100000);
  g_assert_cmpint (chrono_viewport_get_end (v), ==, 1100);
}

static void
test_history (void)
{
  g_autoptr (ChronoViewport) v = chrono_viewport_new (0, 1000);
  g_assert_false (chrono_viewport_can_go_back (v));
  chrono_viewport_zoom_to (v, 600, 200); /* reversed drag selection */
  g_assert_cmpint (chrono_viewport_get_begin (v), ==, 200);
  g_assert_cmpint (chrono_viewport_get_end (v), ==, 600);
  chrono_viewport_zoom (v, 2.0, 400);
  g_assert_true (chrono_viewport_go_back (v));
  g_assert_cmpint (chrono_viewport_get_begin (v), ==, 200);
  g_assert_true (chrono_viewport_go_back (v));
  g_assert_cmpint (chrono_viewport_get_end (v), ==, 1000);
  g_assert_false (chrono_viewport_go_back (v));
}

/* The notches of one wheel turn are one step back, not five. */
static void
test_wheel_turn_is_one_step (void)
{
  g_autoptr (ChronoViewport) v = chrono_viewport_new (0, 1000000);
  for (int notch = 0; notch < 5; notch++)
    chrono_viewport_zoom_wheel (v, 1.25, 500000);
  g_assert_cmpint (chrono_viewport_get_end (v) - chrono_viewport_get_begin (v), <, 400000);
  g_assert_true (chrono_viewport_go_back (v));
  g_assert_cmpint (chrono_viewport_get_begin (v), ==, 0);
  g_assert_cmpint (chrono_viewport_get_end (v), ==, 1000000);
  g_assert_false (chrono_viewport_can_go_back (v));
  /* keys and buttons step one at a time */
  chrono_viewport_zoom (v, 2.0, 500000);
  chrono_viewport_zoom (v, 2.0, 500000);
  g_assert_true (chrono_viewport_go_back (v));
  g_assert_cmpint (chrono_viewport_get_end (v) - chrono_viewport_get_begin (v), ==, 500000);
}

static void
count_changes (ChronoViewport *v, int *changes)
{
  (*changes)++;
}

static void
test_signals_and_scroll (void)
{
  g_autoptr (ChronoViewport) v = chrono_viewport_new (0, 1000);
  int changes = 0;
  g_signal_connect (v, "changed", G_CALLBACK (count_changes), &changes);
  chrono_viewport_pan_fraction (v, 0.5); /* already showing everything: no change */
  g_assert_cmpint (changes, ==, 0);
  chrono_viewport_zoom (v, 2.0, 0);
  g_assert_cmpint (changes, ==, 1);
  chrono_viewport_pan_fraction (v, 0.5);
  g_assert_cmpint (chrono_viewport_get_begin (v), ==, 250);
  chrono_viewport_set_scroll_y (v, 500, 120);
  g_assert_cmpfloat (chrono_viewport_get_scroll_y (v), ==, 120);
  chrono_viewport_set_scroll_y (v, -5, 120);
  g_assert_cmpfloat (chrono_viewport_get_scroll_y (v), ==, 0);
  chrono_viewport_go_to (v, 900);
  g_assert_cmpint (chrono_viewport_get_end (v), ==, 1000);
}

static void
test_empty_trace (void)
{
  g_autoptr (ChronoViewport) v = chrono_viewport_new (5, 5);
  g_assert_cmpint (chrono_viewport_get_end (v) - chrono_viewport_get_begin (v), >, 0);
}

static gboolean
action_enabled (ChronoViewport *v, const char *name)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (v), name);
}

static void
test_actions (void)
{
  g_autoptr (ChronoViewport) v = chrono_viewport_new (0, 1000);
  GActionGroup *group = G_ACTION_GROUP (v);
  for (const char *const *name =
           (const char *const[]){ "zoom-in", "zoom-out", "zoom-fit", "zoom-back", "pan-left", "pan-right", NULL };
       *name; name++)
    g_assert_true (g_action_group_has_action (group, *name));
  /* nothing to go back to yet: the action says so, as menus and shortcuts read it */
  g_assert_false (action_enabled (v, "zoom-back"));
  g_assert_false (chrono_viewport_can_go_back (v));

  g_action_group_activate_action (group, "zoom-in", NULL); /* no cursor: around the centre */
  g_assert_cmpint (chrono_viewport_get_begin (v), ==, 250);
  g_assert_cmpint (chrono_viewport_get_end (v), ==, 750);
  g_assert_true (action_enabled (v, "zoom-back"));

  chrono_viewport_set_cursor (v, TRUE, 300); /* the pointer over the lanes: around it */
  g_action_group_activate_action (group, "zoom-in", NULL);
  g_assert_cmpint (chrono_viewport_get_begin (v), ==, 275);
  g_assert_cmpint (chrono_viewport_get_end (v), ==, 525);

  g_action_group_activate_action (group, "pan-right", NULL);
  g_assert_cmpint (chrono_viewport_get_begin (v), ==, 325);
  g_action_group_activate_action (group, "zoom-back", NULL);
  g_action_group_activate_action (group, "zoom-back", NULL);
  g_assert_cmpint (chrono_viewport_get_begin (v), ==, 0);
  g_assert_cmpint (chrono_viewport_get_end (v), ==, 1000);
  g_assert_false (action_enabled (v, "zoom-back"));
}

typedef struct {
  guint begin, end, scroll, origin, back;
} Notified;

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  Notified *n = data;
  const char *name = g_param_spec_get_name (pspec);
  n->begin += g_str_equal (name, "begin");
  n->end += g_str_equal (name, "end");
  n->scroll += g_str_equal (name, "scroll-y");
  n->origin += g_str_equal (name, "time-origin");
  n->back += g_str_equal (name, "can-go-back");
}

static void
test_notify_properties (void)
{
  g_autoptr (ChronoViewport) v = chrono_viewport_new (100, 1100);
  Notified n = { 0 };
  g_signal_connect (v, "notify", G_CALLBACK (count_notify), &n);
  chrono_viewport_zoom_to (v, 200, 300);
  g_assert_cmpuint (n.begin, ==, 1);
  g_assert_cmpuint (n.end, ==, 1);
  g_assert_cmpuint (n.back, ==, 1);
  chrono_viewport_pan (v, 0); /* no move, no notification */
  g_assert_cmpuint (n.begin, ==, 1);
  chrono_viewport_set_scroll_y (v, 40, 100);
  g_assert_cmpuint (n.scroll, ==, 1);
  gint64 origin = 0;
  g_object_get (v, "time-origin", &origin, NULL);
  g_assert_cmpint (origin, ==, 100);
  chrono_viewport_set_absolute_time (v, TRUE);
  g_assert_cmpuint (n.origin, ==, 1);
  g_object_get (v, "time-origin", &origin, NULL);
  g_assert_cmpint (origin, ==, 0);
  chrono_viewport_go_back (v);
  g_assert_cmpuint (n.back, ==, 2);
  gboolean can_go_back = TRUE;
  g_object_get (v, "can-go-back", &can_go_back, NULL);
  g_assert_false (can_go_back);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/viewport/zoom-keeps-anchor", test_zoom_keeps_anchor);
  g_test_add_func ("/viewport/clamps-to-trace", test_clamps_to_trace);
  g_test_add_func ("/viewport/history", test_history);
  g_test_add_func ("/viewport/wheel-turn-is-one-step", test_wheel_turn_is_one_step);
  g_test_add_func ("/viewport/signals-and-scroll", test_signals_and_scroll);
  g_test_add_func ("/viewport/empty-trace", test_empty_trace);
  g_test_add_func ("/viewport/actions", test_actions);
  g_test_add_func ("/viewport/notify-properties", test_notify_properties);
  return g_test_run ();
}
