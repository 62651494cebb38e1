/* test-late-waits.c — a receive that waited for a late sender is hatched
 * from its call's Enter to the Enter of the sender's call, on the innermost
 * call that received, and nowhere else: two pictures of one trace, with and
 * without its messages, differ there only. */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "chrono-layout.h"
#include "chrono-messages.h"
#include "chrono-renderer.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cairo_surface_t, cairo_surface_destroy)

#define WIDTH 1200
#define HEIGHT 300
#define END 20000
#define SENDER 3
#define RECEIVER 7

static void
add_call (ChronoLane *lane, ChronoTrace *trace, gint64 start, gint64 end, guint16 depth, const char *name)
{
  guint32 label = chrono_strings_intern (chrono_trace_get_strings (trace), name);
  ChronoSpan span = { start, end, CHRONO_STATE_RUNNING, 0, depth, label, CHRONO_NO_INSTANCE, 0 };
  chrono_spans_append (chrono_lane_ensure_spans (lane), &span);
}

static void
add_message (ChronoTrace *trace, gint64 send_call, gint64 receive_call, gint64 received, guint16 depth)
{
  ChronoMessage m = { SENDER, RECEIVER, 0, 0, 8, send_call + 10, send_call, received, receive_call, depth };
  chrono_messages_add (chrono_trace_ensure_messages (trace), &m);
}

/* Rank 1 receives three times: in a call of its own (waits 1000..5000), in
 * a callee entered with its caller (waits 10000..14000 in the callee's
 * row), and once from a sender that was early (no wait). */
static ChronoTrace *
build (gboolean with_messages)
{
  ChronoTrace *trace = chrono_trace_new ("late.otf2", "test");
  ChronoClock clock;
  chrono_clock_init (&clock, 1000000000);
  chrono_trace_set_clock (trace, &clock);
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, END);
  g_autoptr (ChronoLane) sender = chrono_lane_new ("rank 0", CHRONO_LANE_WORKER, "location");
  g_autoptr (ChronoLane) receiver = chrono_lane_new ("rank 1", CHRONO_LANE_WORKER, "location");
  chrono_lane_set_source (sender, SENDER, 0, 0);
  chrono_lane_set_source (receiver, RECEIVER, 0, 0);
  add_call (sender, trace, 5000, 6000, 0, "send");
  add_call (sender, trace, 14000, 15000, 0, "send");
  add_call (receiver, trace, 1000, 9000, 0, "recv");
  add_call (receiver, trace, 10000, 19000, 0, "waitall");
  add_call (receiver, trace, 10000, 18000, 1, "recv");
  chrono_trace_add_lane (trace, sender);
  chrono_trace_add_lane (trace, receiver);
  if (with_messages)
    {
      add_message (trace, 5000, 1000, 8900, 0);
      add_message (trace, 500, 1000, 8950, 0); /* early: adds no wait to the call's */
      add_message (trace, 14000, 10000, 17500, 1);
    }
  chrono_trace_seal (trace);
  return trace;
}

typedef struct {
  cairo_surface_t *picture;
  ChronoRenderOptions o;
  double top, slot_height; /* of rank 1's row */
} Drawn;

static void
draw (gboolean with_messages, Drawn *out)
{
  g_autoptr (ChronoTrace) trace = build (with_messages);
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  chrono_render_options_init (&out->o, trace, WIDTH, HEIGHT);
  out->picture = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (out->picture);
  chrono_renderer_draw (renderer, cr, &out->o);
  cairo_destroy (cr);
  cairo_surface_flush (out->picture);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  guint index = 0;
  g_assert_true (chrono_layout_find_row (layout, lanes->pdata[1], &index));
  const ChronoLayoutRow *row = chrono_layout_get_row (layout, index);
  g_assert_cmpuint (row->n_slots, ==, 2);
  out->top = chrono_render_options_lane_top (&out->o) + row->y - out->o.scroll_y;
  out->slot_height = chrono_layout_row_get_slot_height (row);
}

/* Pixels of [t0, t1) in slot of rank 1's row that differ between the pictures. */
static guint
differing (const Drawn *a, const Drawn *b, gint64 t0, gint64 t1, guint slot)
{
  int x0 = (int) ceil (chrono_render_options_time_to_x (&a->o, t0)) + 1;
  int x1 = (int) floor (chrono_render_options_time_to_x (&a->o, t1)) - 1;
  int y0 = (int) ceil (a->top + slot * a->slot_height) + 2, y1 = (int) floor (a->top + (slot + 1) * a->slot_height) - 2;
  int stride = cairo_image_surface_get_stride (a->picture);
  const guint8 *pa = cairo_image_surface_get_data (a->picture), *pb = cairo_image_surface_get_data (b->picture);
  guint n = 0;
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      n += memcmp (pa + y * stride + x * 4, pb + y * stride + x * 4, 3) != 0;
  return n;
}

static void
test_hatched_where_the_receive_waited (void)
{
  Drawn plain, late;
  draw (FALSE, &plain);
  draw (TRUE, &late);
  /* the wait of the call of its own, and not the rest of it */
  g_assert_cmpuint (differing (&plain, &late, 1000, 5000, 0), >, 100);
  g_assert_cmpuint (differing (&plain, &late, 5000, 9000, 0), ==, 0);
  /* the callee's wait, in its row, not in its caller's */
  g_assert_cmpuint (differing (&plain, &late, 10000, 14000, 1), >, 100);
  g_assert_cmpuint (differing (&plain, &late, 10000, 14000, 0), ==, 0);
  g_assert_cmpuint (differing (&plain, &late, 14000, 19000, 0), ==, 0);
  g_assert_cmpuint (differing (&plain, &late, 14000, 18000, 1), ==, 0);
  cairo_surface_destroy (plain.picture);
  cairo_surface_destroy (late.picture);
}

/* The waits of a receiver, one a call, until its latest late sender. */
static void
test_waits_by_call (void)
{
  g_autoptr (ChronoTrace) trace = build (TRUE);
  ChronoMessages *messages = chrono_trace_get_messages (trace);
  guint n = 0;
  const ChronoLateWait *waits = chrono_messages_get_late_waits (messages, RECEIVER, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpint (waits[0].call, ==, 1000);
  g_assert_cmpint (waits[0].until, ==, 5000);
  g_assert_cmpint (waits[1].call, ==, 10000);
  g_assert_cmpint (waits[1].until, ==, 14000);
  g_assert_true (chrono_late_waits_find (waits, n, 10000, 1) == &waits[1]);
  g_assert_null (chrono_late_waits_find (waits, n, 10000, 0)); /* its caller, entered with it, waited for nothing */
  g_assert_null (chrono_late_waits_find (waits, n, 9999, 1));
  g_assert_null (chrono_messages_get_late_waits (messages, SENDER, &n));
  g_assert_cmpuint (n, ==, 0);
  /* a message added later is in the next answer */
  add_message (trace, 16000, 15000, 15500, 0);
  waits = chrono_messages_get_late_waits (messages, RECEIVER, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpint (waits[2].until, ==, 16000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/late-waits/hatched-where-the-receive-waited", test_hatched_where_the_receive_waited);
  g_test_add_func ("/render/late-waits/by-call", test_waits_by_call);
  return g_test_run ();
}
