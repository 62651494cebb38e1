/* test-ownership.c — a semaphore's row: the levels of its holds and waits,
 * its height, the bars drawn in the holders' and waiters' colours, and
 * what lies under a point of it. */
#include <cairo.h>
#include <glib/gstdio.h>
#include <math.h>

#include "chrono-export.h"
#include "chrono-layout.h"
#include "chrono-name-colours.h"
#include "chrono-ownership.h"
#include "chrono-palette.h"
#include "chrono-renderer.h"
#include "chrono-trace.h"

#define MS G_GINT64_CONSTANT (1000000) /* ticks of a 1 ns clock */
#define NEVER CHRONO_ACCESS_NEVER
#define TRACE_END (10 * MS)

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cairo_surface_t, cairo_surface_destroy)

static guint
add_access (ChronoTrace *trace, ChronoAccesses *table, const char *process, gint64 instance, gint64 requested,
            gint64 assigned, gint64 released)
{
  ChronoAccess a = {
    .process = chrono_strings_intern (chrono_trace_get_strings (trace), process),
    .instance = instance,
    .requested = requested,
    .assigned = assigned,
    .released = released,
  };
  return chrono_accesses_add (table, &a, NULL, 0);
}

static ChronoTrace *
new_trace (void)
{
  ChronoTrace *trace = chrono_trace_new ("semaphores.btf", "test");
  ChronoClock clock;
  chrono_clock_init (&clock, 1000000000);
  chrono_trace_set_clock (trace, &clock);
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, TRACE_END);
  return trace;
}

/* Processes A…E (their lanes give the name colours) and a counting
 * semaphore: A holds 1–5 ms, B 2–4 ms, C 4.5–6 ms (B's level is free
 * again); D waits 3–5 ms, E from 3.5 ms and is never assigned; F is
 * granted at once (no wait); G's hold began before the trace (no request). */
static ChronoTrace *
build_counting_trace (ChronoLane **out_semaphore)
{
  ChronoTrace *trace = new_trace ();
  g_autoptr (ChronoLane) tasks = chrono_lane_new ("Tasks", CHRONO_LANE_GROUP, NULL);
  const char *names[] = { "A", "B", "C", "D", "E", "F", "G" };
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (ChronoLane) task = chrono_lane_new (names[i], CHRONO_LANE_PROCESS, NULL);
      chrono_lane_append_child (tasks, task);
    }
  chrono_trace_add_lane (trace, tasks);
  g_autoptr (ChronoLane) semaphore = chrono_lane_new ("SEM_Pool", CHRONO_LANE_SEMAPHORE, "SEM");
  ChronoAccesses *table = chrono_lane_ensure_accesses (semaphore);
  add_access (trace, table, "A", 0, 1 * MS, 1 * MS, 5 * MS);
  add_access (trace, table, "B", 0, 2 * MS, 2 * MS, 4 * MS);
  add_access (trace, table, "D", 0, 3 * MS, 5 * MS, 7 * MS);
  add_access (trace, table, "E", 0, 3500000, NEVER, NEVER);
  add_access (trace, table, "C", 0, 4500000, 4500000, 6 * MS);
  add_access (trace, table, "F", 0, 8 * MS, 8 * MS, 9 * MS);
  add_access (trace, table, "G", 0, NEVER, 0, 500000);
  chrono_trace_add_lane (trace, semaphore);
  chrono_trace_seal (trace);
  *out_semaphore = semaphore;
  return trace;
}

static void
assert_interval (ChronoOwnership *ownership, ChronoOwnershipBand band, guint access, gint64 start, gint64 end,
                 guint level)
{
  gint64 s, e;
  guint l;
  g_assert_true (chrono_ownership_get_interval (ownership, band, access, &s, &e, &l));
  g_assert_cmpint (s, ==, start);
  g_assert_cmpint (e, ==, end);
  g_assert_cmpuint (l, ==, level);
}

static void
test_levels (void)
{
  ChronoLane *semaphore;
  g_autoptr (ChronoTrace) trace = build_counting_trace (&semaphore);
  g_autoptr (ChronoOwnership) ownership = chrono_ownership_new (chrono_lane_get_accesses (semaphore));
  /* holds: G 0–0.5, A 1–5, B 2–4, C 4.5–6 (B's level), D 5–7 (A's), F 8–9 */
  g_assert_cmpuint (chrono_ownership_get_n_levels (ownership, CHRONO_OWNERSHIP_HOLD), ==, 2);
  assert_interval (ownership, CHRONO_OWNERSHIP_HOLD, 0, 1 * MS, 5 * MS, 0);
  assert_interval (ownership, CHRONO_OWNERSHIP_HOLD, 1, 2 * MS, 4 * MS, 1);
  assert_interval (ownership, CHRONO_OWNERSHIP_HOLD, 4, 4500000, 6 * MS, 1);
  assert_interval (ownership, CHRONO_OWNERSHIP_HOLD, 2, 5 * MS, 7 * MS, 0);
  assert_interval (ownership, CHRONO_OWNERSHIP_HOLD, 6, 0, 500000, 0);
  gint64 s, e;
  guint l;
  g_assert_false (chrono_ownership_get_interval (ownership, CHRONO_OWNERSHIP_HOLD, 3, &s, &e, &l)); /* never assigned */
  /* waits: D 3–5, E from 3.5 on (never assigned: open); F and G waited for nothing */
  g_assert_cmpuint (chrono_ownership_get_n_levels (ownership, CHRONO_OWNERSHIP_WAIT), ==, 2);
  assert_interval (ownership, CHRONO_OWNERSHIP_WAIT, 2, 3 * MS, 5 * MS, 0);
  assert_interval (ownership, CHRONO_OWNERSHIP_WAIT, 3, 3500000, CHRONO_OWNERSHIP_OPEN, 1);
  g_assert_false (chrono_ownership_get_interval (ownership, CHRONO_OWNERSHIP_WAIT, 5, &s, &e, &l));
  g_assert_false (chrono_ownership_get_interval (ownership, CHRONO_OWNERSHIP_WAIT, 6, &s, &e, &l));
}

/* Forty waiters at once take the levels there are; the rest share the last. */
static void
test_levels_capped (void)
{
  g_autoptr (ChronoTrace) trace = new_trace ();
  g_autoptr (ChronoAccesses) table = chrono_accesses_new ();
  for (int i = 0; i < 40; i++)
    add_access (trace, table, "W", i, i * 1000, 5 * MS, 6 * MS);
  g_autoptr (ChronoOwnership) ownership = chrono_ownership_new (table);
  g_assert_cmpuint (chrono_ownership_get_n_levels (ownership, CHRONO_OWNERSHIP_WAIT), ==, CHRONO_OWNERSHIP_MAX_LEVELS);
  assert_interval (ownership, CHRONO_OWNERSHIP_WAIT, 0, 0, 5 * MS, 0);
  assert_interval (ownership, CHRONO_OWNERSHIP_WAIT, 39, 39000, 5 * MS, CHRONO_OWNERSHIP_MAX_LEVELS - 1);
  /* the forty holds follow one another at 5 ms: each overlaps the rest, from one instant */
  g_assert_cmpuint (chrono_ownership_get_n_levels (ownership, CHRONO_OWNERSHIP_HOLD), ==, CHRONO_OWNERSHIP_MAX_LEVELS);
}

/* ---- the row ----------------------------------------------------------- */

typedef struct {
  ChronoTrace *trace;
  ChronoLane *semaphore;
  ChronoLayout *layout;
  ChronoRenderer *renderer;
  ChronoRenderOptions o;
  const ChronoLayoutRow *row;
} Picture;

static void
picture_init (Picture *p)
{
  p->trace = build_counting_trace (&p->semaphore);
  p->layout = chrono_layout_new (p->trace);
  p->renderer = chrono_renderer_new (p->trace, p->layout);
  chrono_render_options_init (&p->o, p->trace, 1000, 400);
  guint index;
  g_assert_true (chrono_layout_find_row (p->layout, p->semaphore, &index));
  p->row = chrono_layout_get_row (p->layout, index);
}

static void
picture_clear (Picture *p)
{
  g_object_unref (p->renderer);
  g_object_unref (p->layout);
  g_object_unref (p->trace);
}

static double
slot_middle (const Picture *p, guint slot)
{
  double height = chrono_layout_row_get_slot_height (p->row);
  return chrono_render_options_lane_top (&p->o) + p->row->y + slot * height + height / 2.0;
}

static void
test_row_height (void)
{
  Picture p;
  picture_init (&p);
  g_assert_cmpint (chrono_layout_row_get_style (p.row), ==, CHRONO_ROW_OWNERSHIP);
  g_assert_cmpuint (p.row->n_slots, ==, 4); /* two levels of holds, two of waits */
  g_assert_cmpfloat (p.row->height, ==, 4 * CHRONO_LAYOUT_SLOT_HEIGHT);
  picture_clear (&p);
}

static void
pixel_at (cairo_surface_t *image, double x, double y, ChronoRgb *out)
{
  cairo_surface_flush (image);
  const guint8 *row = cairo_image_surface_get_data (image) + (gsize) floor (y) * cairo_image_surface_get_stride (image);
  guint32 pixel = ((const guint32 *) row)[(int) floor (x)];
  out->red = ((pixel >> 16) & 0xff) / 255.0;
  out->green = ((pixel >> 8) & 0xff) / 255.0;
  out->blue = (pixel & 0xff) / 255.0;
}

static void
assert_near (const ChronoRgb *got, const ChronoRgb *want, const char *what)
{
  if (fabs (got->red - want->red) > 0.01 || fabs (got->green - want->green) > 0.01
      || fabs (got->blue - want->blue) > 0.01)
    g_error ("%s: #%02x%02x%02x, expected #%02x%02x%02x", what, (int) lround (got->red * 255),
             (int) lround (got->green * 255), (int) lround (got->blue * 255), (int) lround (want->red * 255),
             (int) lround (want->green * 255), (int) lround (want->blue * 255));
}

/* A's hold in A's colour on the first level, B's in B's on the second, D's
 * wait lightly in D's colour below them, and nothing where nothing was. */
static void
test_bars_in_their_processes_colours (void)
{
  Picture p;
  picture_init (&p);
  g_autofree char *dir = g_dir_make_tmp ("chrono-ownership-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "semaphore.png", NULL);
  GError *error = NULL;
  g_assert_true (chrono_export_to_file (p.renderer, &p.o, path, &error));
  g_assert_no_error (error);
  g_autoptr (cairo_surface_t) image = cairo_image_surface_create_from_png (path);
  g_remove (path);
  g_rmdir (dir);

  const ChronoPalette *palette = chrono_palette_get (FALSE);
  g_autoptr (ChronoNameColours) names = chrono_name_colours_new ();
  chrono_name_colours_add_trace (names, p.trace);
  chrono_name_colours_seal (names);
  ChronoRgb a, b, d, light_d, got;
  chrono_name_colours_get (names, palette, "A", &a);
  chrono_name_colours_get (names, palette, "B", &b);
  chrono_name_colours_get (names, palette, "D", &d);
  chrono_rgb_mix (&d, &palette->background, 0.7, &light_d);
  /* near the bars' starts: their labels are written from there */
  double near_1ms = chrono_render_options_time_to_x (&p.o, 1 * MS) + 1.5;
  pixel_at (image, near_1ms, slot_middle (&p, 0), &got);
  assert_near (&got, &a, "A's hold");
  pixel_at (image, chrono_render_options_time_to_x (&p.o, 2 * MS) + 1.5, slot_middle (&p, 1), &got);
  assert_near (&got, &b, "B's hold");
  pixel_at (image, chrono_render_options_time_to_x (&p.o, 3 * MS) + 1.5, slot_middle (&p, 2), &got);
  assert_near (&got, &light_d, "D's wait");
  pixel_at (image, near_1ms, slot_middle (&p, 2), &got);
  g_assert_false (fabs (got.red - light_d.red) < 0.01 && fabs (got.green - light_d.green) < 0.01);
  picture_clear (&p);
}

static void
test_hit (void)
{
  Picture p;
  picture_init (&p);
  ChronoRenderHit hit;
  double x = chrono_render_options_time_to_x (&p.o, 3 * MS);
  g_assert_true (chrono_renderer_hit_test (p.renderer, &p.o, x, slot_middle (&p, 1), &hit));
  g_assert_true (hit.has_access);
  g_assert_cmpint (hit.access_band, ==, CHRONO_OWNERSHIP_HOLD);
  g_assert_cmpuint (hit.access, ==, 1); /* B */
  g_assert_true (chrono_renderer_hit_test (p.renderer, &p.o, chrono_render_options_time_to_x (&p.o, 8 * MS),
                                           slot_middle (&p, 3), &hit));
  g_assert_true (hit.has_access);
  g_assert_cmpint (hit.access_band, ==, CHRONO_OWNERSHIP_WAIT);
  g_assert_cmpuint (hit.access, ==, 3); /* E, waiting to the end of the trace */
  /* under the row's last level at 2.5 ms nobody waited */
  g_assert_true (chrono_renderer_hit_test (p.renderer, &p.o, chrono_render_options_time_to_x (&p.o, 2500000),
                                           slot_middle (&p, 3), &hit));
  g_assert_false (hit.has_access);
  picture_clear (&p);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ownership/levels", test_levels);
  g_test_add_func ("/ownership/levels-capped", test_levels_capped);
  g_test_add_func ("/ownership/row-height", test_row_height);
  g_test_add_func ("/ownership/bars-in-their-processes-colours", test_bars_in_their_processes_colours);
  g_test_add_func ("/ownership/hit", test_hit);
  return g_test_run ();
}
