/* test-render.c — the renderer, layout and export on a hand-made trace:
 * pictures are exported, read back, and probed at known times and lanes.
 *
 * Set CHRONO_TEST_RENDER_KEEP=DIR to keep the sample pictures for a look. */
#include <cairo.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "chrono-export.h"
#include "chrono-layout.h"
#include "chrono-palette.h"
#include "chrono-renderer.h"
#include "chrono-name-colours.h"
#include "chrono-trace.h"

#define MS G_GINT64_CONSTANT (1000000) /* ticks of a 1 ns clock */
#define TRACE_END (20 * MS)
#define CROWDED_BEGIN (10 * MS)
#define TINY_TIME (15 * MS)

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cairo_surface_t, cairo_surface_destroy)

/* ---- the trace --------------------------------------------------------- */

static void
add_span (ChronoLane *lane, gint64 start, gint64 end, ChronoState state, guint16 depth, guint32 label, guint32 instance,
          guint8 flags)
{
  ChronoSpan span = { start, end, state, flags, depth, label, instance, 0 };
  chrono_spans_append (chrono_lane_ensure_spans (lane), &span);
}

static guint32
add_instance (ChronoLane *lane, gint64 number, gint64 begin, gint64 end)
{
  ChronoInstance instance = { number, begin, end, begin, CHRONO_INSTANCE_ACTIVATED, 1, 0, G_MAXUINT32 };
  return chrono_instances_add (chrono_lane_ensure_instances (lane), &instance);
}

static ChronoLane *
append_lane (ChronoLane *parent, const char *name, ChronoLaneKind kind)
{
  g_autoptr (ChronoLane) lane = chrono_lane_new (name, kind, NULL);
  chrono_lane_append_child (parent, lane);
  return lane; /* borrowed: the parent holds it */
}

/* Two concurrent instances (depth 0 and 1) with active, running and ready. */
static void
fill_control_task (ChronoLane *task)
{
  guint32 first = add_instance (task, 1, 0, 8 * MS);
  guint32 second = add_instance (task, 2, 5 * MS, 11 * MS);
  add_span (task, 0, 1 * MS, CHRONO_STATE_ACTIVE, 0, 0, first, 0);
  add_span (task, 1 * MS, 4 * MS, CHRONO_STATE_RUNNING, 0, 0, first, 0);
  add_span (task, 4 * MS, 6 * MS, CHRONO_STATE_READY, 0, 0, first, 0);
  add_span (task, 6 * MS, 8 * MS, CHRONO_STATE_RUNNING, 0, 0, first, 0);
  add_span (task, 5 * MS, 7 * MS, CHRONO_STATE_ACTIVE, 1, 0, second, 0);
  add_span (task, 7 * MS, 9 * MS, CHRONO_STATE_READY, 1, 0, second, 0);
  add_span (task, 9 * MS, 11 * MS, CHRONO_STATE_RUNNING, 1, 0, second, 0);
}

/* 100 000 alternating tiny spans: 150 ns running, 50 ns ready. */
static void
fill_crowded_task (ChronoLane *task)
{
  gint64 t = CROWDED_BEGIN;
  for (int i = 0; i < 50000; i++)
    {
      add_span (task, t, t + 150, CHRONO_STATE_RUNNING, 0, 0, CHRONO_NO_INSTANCE, 0);
      add_span (task, t + 150, t + 200, CHRONO_STATE_READY, 0, 0, CHRONO_NO_INSTANCE, 0);
      t += 200;
    }
}

/* 50 000 spans running 40 ns of every 200 ns: a core used a fifth of the time. */
static void
fill_sparse_task (ChronoLane *task)
{
  for (gint64 t = CROWDED_BEGIN; t < TRACE_END; t += 200)
    add_span (task, t, t + 40, CHRONO_STATE_RUNNING, 0, 0, CHRONO_NO_INSTANCE, 0);
}

static void
build_processes (ChronoTrace *trace, ChronoLane *group)
{
  ChronoLane *control = append_lane (group, "TASK_Control", CHRONO_LANE_PROCESS);
  fill_control_task (control);
  ChronoLane *runnable = append_lane (control, "Runnable_Step", CHRONO_LANE_RUNNABLE);
  add_span (runnable, 1 * MS, 3 * MS, CHRONO_STATE_RUNNING, 0, 0, CHRONO_NO_INSTANCE, 0);
  add_span (runnable, 4 * MS, 6 * MS, CHRONO_STATE_SUSPENDED, 0, 0, CHRONO_NO_INSTANCE, 0);
  add_span (runnable, 6 * MS, 7 * MS, CHRONO_STATE_RUNNING, 0, 0, CHRONO_NO_INSTANCE, 0);

  ChronoLane *isr = append_lane (group, "ISR_Timer", CHRONO_LANE_PROCESS);
  add_span (isr, 0, MS / 2, CHRONO_STATE_RUNNING, 0, 0, CHRONO_NO_INSTANCE, CHRONO_SPAN_INFERRED);
  add_span (isr, 12 * MS, 13 * MS, CHRONO_STATE_WAITING, 0, 0, CHRONO_NO_INSTANCE, 0);
  add_span (isr, 13 * MS, 14 * MS, CHRONO_STATE_POLLING, 0, 0, CHRONO_NO_INSTANCE, 0);
  add_span (isr, 18 * MS, TRACE_END, CHRONO_STATE_RUNNING, 0, 0, CHRONO_NO_INSTANCE, CHRONO_SPAN_OPEN_END);

  fill_crowded_task (append_lane (group, "TASK_Logger", CHRONO_LANE_PROCESS));
  fill_sparse_task (append_lane (group, "TASK_Sparse", CHRONO_LANE_PROCESS));

  ChronoLane *tiny = append_lane (group, "TASK_Tiny", CHRONO_LANE_PROCESS);
  add_span (tiny, TINY_TIME, TINY_TIME + 1, CHRONO_STATE_WAITING, 0, 0, CHRONO_NO_INSTANCE, 0);
  (void) trace;
}

static void
build_cores (ChronoTrace *trace, ChronoLane *group)
{
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  guint32 control = chrono_strings_intern (strings, "TASK_Control");
  guint32 logger = chrono_strings_intern (strings, "TASK_Logger");
  guint32 isr = chrono_strings_intern (strings, "ISR_Timer");
  ChronoLane *core0 = append_lane (group, "Core_0", CHRONO_LANE_CORE);
  add_span (core0, 1 * MS, 4 * MS, CHRONO_STATE_RUNNING, 0, control, CHRONO_NO_INSTANCE, 0);
  add_span (core0, 6 * MS, 8 * MS, CHRONO_STATE_RUNNING, 0, control, CHRONO_NO_INSTANCE, 0);
  add_span (core0, 10 * MS, TRACE_END, CHRONO_STATE_RUNNING, 0, logger, CHRONO_NO_INSTANCE, 0);
  ChronoLane *core1 = append_lane (group, "Core_1", CHRONO_LANE_CORE);
  add_span (core1, 0, MS / 2, CHRONO_STATE_RUNNING, 0, isr, CHRONO_NO_INSTANCE, CHRONO_SPAN_INFERRED);
  add_span (core1, 9 * MS, 11 * MS, CHRONO_STATE_RUNNING, 0, control, CHRONO_NO_INSTANCE, 0);
  add_span (core1, 18 * MS, TRACE_END, CHRONO_STATE_RUNNING, 0, isr, CHRONO_NO_INSTANCE, 0);
}

/* Steps 20 → 35 → 28, then a hump 28 → 38 (at 16 ms) → 28. */
static void
build_signals (ChronoTrace *trace, ChronoLane *group)
{
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  ChronoLane *temperature = append_lane (group, "Temperature", CHRONO_LANE_SIGNAL);
  ChronoSignal *signal = chrono_lane_ensure_signal (temperature, 1000000000);
  chrono_signal_append_step (signal, 0, 20.0);
  chrono_signal_append_step (signal, 5 * MS, 35.0);
  chrono_signal_append_step (signal, 8 * MS, 28.0);
  chrono_signal_close_steps (signal, 12 * MS);
  ChronoFragment hump = { 12 * MS, TRACE_END, 28.0, 5000.0, -625000.0 };
  chrono_signal_append (signal, &hump);

  ChronoLane *events = append_lane (group, "Stimuli", CHRONO_LANE_EVENTS);
  ChronoMarks *marks = chrono_lane_ensure_marks (events);
  guint32 trigger = chrono_strings_intern (strings, "trigger");
  for (gint64 t = MS; t < TRACE_END; t += 3 * MS)
    {
      ChronoMark mark = { t, trigger, 0, 0, 0 };
      chrono_marks_append (marks, &mark);
    }
}

static ChronoTrace *
build_trace (void)
{
  ChronoTrace *trace = chrono_trace_new ("hand-made.btf", "test");
  ChronoClock clock;
  chrono_clock_init (&clock, 1000000000);
  chrono_trace_set_clock (trace, &clock);
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, TRACE_END);

  const char *names[] = { "Processes", "Cores", "Signals" };
  void (*builders[]) (ChronoTrace *, ChronoLane *) = { build_processes, build_cores, build_signals };
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (ChronoLane) group = chrono_lane_new (names[i], CHRONO_LANE_GROUP, NULL);
      builders[i](trace, group);
      chrono_trace_add_lane (trace, group);
    }
  chrono_trace_seal (trace);
  return trace;
}

static ChronoLane *
find_lane (ChronoTrace *trace, const char *name)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (g_strcmp0 (chrono_lane_get_name (lanes->pdata[i]), name) == 0)
      return lanes->pdata[i]; /* the trace keeps its lanes alive */
  g_assert_not_reached ();
}

/* ---- pictures ---------------------------------------------------------- */

typedef struct {
  ChronoTrace *trace;
  ChronoLayout *layout;
  ChronoRenderer *renderer;
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->trace = build_trace ();
  f->layout = chrono_layout_new (f->trace);
  f->renderer = chrono_renderer_new (f->trace, f->layout);
  GError *error = NULL;
  f->dir = g_dir_make_tmp ("chrono-render-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
remove_dir (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  if (d != NULL)
    g_dir_close (d);
  g_rmdir (dir);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  remove_dir (f->dir);
  g_free (f->dir);
  g_object_unref (f->renderer);
  g_object_unref (f->layout);
  g_object_unref (f->trace);
}

static char *
export_path (Fixture *f, const char *name)
{
  const char *keep = g_getenv ("CHRONO_TEST_RENDER_KEEP");
  return g_build_filename (keep != NULL ? keep : f->dir, name, NULL);
}

static cairo_surface_t *
export_png (Fixture *f, const ChronoRenderOptions *o, const char *name)
{
  g_autofree char *path = export_path (f, name);
  GError *error = NULL;
  gboolean ok = chrono_export_to_file (f->renderer, o, path, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  cairo_surface_t *image = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  return image;
}

static void
pixel_at (cairo_surface_t *image, int x, int y, int rgb[3])
{
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (image));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (image));
  cairo_surface_flush (image);
  const guint8 *row = cairo_image_surface_get_data (image) + (gsize) y * cairo_image_surface_get_stride (image);
  guint32 pixel = ((const guint32 *) row)[x];
  rgb[0] = (pixel >> 16) & 0xff;
  rgb[1] = (pixel >> 8) & 0xff;
  rgb[2] = pixel & 0xff;
}

static gboolean
same_colour (const int rgb[3], const ChronoRgb *expected)
{
  int want[3] = { (int) lround (expected->red * 255), (int) lround (expected->green * 255),
                  (int) lround (expected->blue * 255) };
  for (int i = 0; i < 3; i++)
    if (ABS (rgb[i] - want[i]) > 2)
      return FALSE;
  return TRUE;
}

static void
assert_colour (cairo_surface_t *image, int x, int y, const ChronoRgb *expected, const char *what)
{
  int rgb[3];
  pixel_at (image, x, y, rgb);
  if (!same_colour (rgb, expected))
    g_error ("%s: pixel (%d, %d) is #%02x%02x%02x, expected #%02x%02x%02x", what, x, y, rgb[0], rgb[1], rgb[2],
             (int) lround (expected->red * 255), (int) lround (expected->green * 255),
             (int) lround (expected->blue * 255));
}

/* x of the pixel column holding time t. */
static int
column_of (const ChronoRenderOptions *o, gint64 t)
{
  return (int) floor (chrono_render_options_time_to_x (o, t));
}

/* y in the middle of a lane's slot. */
static int
slot_y (Fixture *f, const ChronoRenderOptions *o, const char *lane, guint slot)
{
  guint index;
  g_assert_true (chrono_layout_find_row (f->layout, find_lane (f->trace, lane), &index));
  const ChronoLayoutRow *row = chrono_layout_get_row (f->layout, index);
  double slot_height = chrono_layout_row_get_slot_height (row);
  g_assert_cmpuint (slot, <, row->n_slots);
  return (int) floor (chrono_render_options_lane_top (o) + row->y - o->scroll_y + slot * slot_height + slot_height / 2);
}

static gboolean
is_background (const int rgb[3], const ChronoPalette *palette)
{
  return same_colour (rgb, &palette->background) || same_colour (rgb, &palette->alternate_row)
         || same_colour (rgb, &palette->grid);
}

/* ---- tests ------------------------------------------------------------- */

static void
test_states (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 1200, 0);
  g_autoptr (cairo_surface_t) image = export_png (f, &o, "states.png");
  const ChronoPalette *palette = chrono_palette_get (FALSE);

  /* the export grew to hold every row */
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 1200);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==,
                   o.ruler_height + (int) ceil (chrono_layout_get_total_height (f->layout)) + o.legend_height);

  int y0 = slot_y (f, &o, "TASK_Control", 0);
  int y1 = slot_y (f, &o, "TASK_Control", 1);
  assert_colour (image, column_of (&o, 2 * MS), y0, &palette->states[CHRONO_STATE_RUNNING], "running");
  assert_colour (image, column_of (&o, 5 * MS), y0, &palette->states[CHRONO_STATE_READY], "ready");
  assert_colour (image, column_of (&o, MS / 2), y0, &palette->states[CHRONO_STATE_ACTIVE], "active");
  /* the second, concurrent instance in its own slot */
  assert_colour (image, column_of (&o, 6 * MS), y1, &palette->states[CHRONO_STATE_ACTIVE], "active, slot 1");
  assert_colour (image, column_of (&o, 8 * MS), y1, &palette->states[CHRONO_STATE_READY], "ready, slot 1");
  assert_colour (image, column_of (&o, 10 * MS), y1, &palette->states[CHRONO_STATE_RUNNING], "running, slot 1");
  assert_colour (image, column_of (&o, 5 * MS), slot_y (f, &o, "Runnable_Step", 0),
                 &palette->states[CHRONO_STATE_SUSPENDED], "suspended runnable");

  int rgb[3];
  pixel_at (image, column_of (&o, 15 * MS) + 3, y0, rgb);
  g_assert_true (is_background (rgb, palette));
  pixel_at (image, column_of (&o, 3 * MS) + 3, y1, rgb);
  g_assert_true (is_background (rgb, palette));
}

static void
test_cores_by_process (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 1200, 0);
  g_autoptr (cairo_surface_t) image = export_png (f, &o, "cores.png");
  const ChronoPalette *palette = chrono_palette_get (FALSE);
  ChronoRgb control, logger;
  g_autoptr (ChronoNameColours) names = chrono_name_colours_new ();
  chrono_name_colours_add_trace (names, f->trace);
  chrono_name_colours_seal (names);
  chrono_name_colours_get (names, palette, "TASK_Control", &control);
  chrono_name_colours_get (names, palette, "TASK_Logger", &logger);
  int y = slot_y (f, &o, "Core_0", 0);
  /* near the span's edge: its label is drawn in the middle */
  assert_colour (image, column_of (&o, 1 * MS) + 2, y, &control, "TASK_Control on Core_0");
  assert_colour (image, column_of (&o, 10 * MS) + 2, y, &logger, "TASK_Logger on Core_0");
  g_assert_false (same_colour ((int[]){ 0, 0, 0 }, &control));
}

/* 34 tasks' hashed colours repeated; ranked, every pair differs
 * by a hue step or a lightness level, in both styles. */
static double
colour_distance (const ChronoRgb *a, const ChronoRgb *b)
{
  double dr = a->red - b->red, dg = a->green - b->green, db = a->blue - b->blue;
  return sqrt (dr * dr + dg * dg + db * db);
}

/* The whole of a sealed trace drawn into a fresh width × height image, with the options used. */
static cairo_surface_t *
draw_whole (ChronoTrace *trace, ChronoLayout *layout, int width, int height, ChronoRenderOptions *o)
{
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  chrono_render_options_init (o, trace, width, height);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (surface);
  chrono_renderer_draw (renderer, cr, o);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* A density lane at the overview: a heap block where loads and stores come
 * half and half, and instruction fetches in a sliver of a code block.
 * Every coloured pixel of the heap is a load's blue or a store's red (a mix
 * drew one lavender the legend does not have), both show, and the fetches'
 * sliver is at least three pixels high (it was one, hidden). */
static void
test_density_channels_apart (void)
{
  g_autoptr (ChronoTrace) trace = chrono_trace_new ("refs", "laplace");
  GArray *records = g_array_new (FALSE, FALSE, sizeof (ChronoReference));
  for (guint i = 0; i < 200000; i++)
    {
      gboolean fetch = i % 3 == 0;
      ChronoReference r = { .time = (gint64) i * 5,
                            .space = 1,
                            .address = fetch ? 0x08060000u + (i % 64) * 4 : 0x0a000000u + (i * 52u) % 0x40000u,
                            .type = fetch ? 'i' : (i % 2 ? 'r' : 'w'),
                            .length = 4,
                            .channel = fetch ? CHRONO_REF_FETCH : (i % 2 ? CHRONO_REF_LOAD : CHRONO_REF_STORE) };
      g_array_append_val (records, r);
    }
  g_autoptr (ChronoReferences) refs = chrono_references_new_in_memory (records);
  g_assert_true (chrono_references_build_summary (refs, NULL, NULL, NULL, NULL));
  g_autoptr (ChronoLane) lane = chrono_lane_new ("Address space 1", CHRONO_LANE_DENSITY, "address space");
  chrono_lane_set_references (lane, refs, 0);
  chrono_trace_add_lane (trace, lane);
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, 200000 * 5);
  chrono_trace_seal (trace);
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  ChronoRenderOptions o;
  cairo_surface_t *image = draw_whole (trace, layout, 600, 300, &o);
  guint index;
  g_assert_true (chrono_layout_find_row (layout, lane, &index));
  const ChronoLayoutRow *row = chrono_layout_get_row (layout, index);
  /* the plot: 3 px in from the row's edges; the code block below, the heap above */
  int top = (int) ceil (chrono_render_options_lane_top (&o) + row->y + 3), bottom = (int) (top + row->height - 7);
  int middle = (top + bottom) / 2;
  guint blue = 0, red = 0, mixed = 0, tallest_fetch = 0;
  for (int x = o.label_width + 40; x < 560; x++)
    {
      guint fetch_run = 0;
      for (int y = top; y < bottom; y++)
        {
          int rgb[3];
          pixel_at (image, x, y, rgb);
          int high = MAX (rgb[0], MAX (rgb[1], rgb[2])), low = MIN (rgb[0], MIN (rgb[1], rgb[2]));
          gboolean green = rgb[1] > rgb[0] + 20 && rgb[1] > rgb[2] + 20;
          fetch_run = green && y > middle ? fetch_run + 1 : 0;
          tallest_fetch = MAX (tallest_fetch, fetch_run);
          if (y >= middle - 2 || high - low < 24)
            continue; /* the code block, or a grey of the grid */
          if (rgb[2] > rgb[0] + 40)
            blue++;
          else if (rgb[0] > rgb[2] + 40)
            red++;
          else
            mixed++;
        }
    }
  cairo_surface_destroy (image);
  g_assert_cmpuint (blue, >, 1000);
  g_assert_cmpuint (red, >, 1000);
  g_assert_cmpuint (mixed, <, (blue + red) / 100);
  g_assert_cmpuint (tallest_fetch, >=, 3);
}

static void
test_name_colours_distinct (void)
{
  g_autoptr (ChronoTrace) trace = g_object_new (CHRONO_TYPE_TRACE, NULL);
  for (guint i = 1; i <= 34; i++)
    {
      g_autofree char *name = g_strdup_printf ("TASK_%u", i);
      g_autoptr (ChronoLane) lane = chrono_lane_new (name, CHRONO_LANE_PROCESS, "T");
      chrono_trace_add_lane (trace, lane);
    }
  g_autoptr (ChronoNameColours) names = chrono_name_colours_new ();
  chrono_name_colours_add_trace (names, trace);
  chrono_name_colours_seal (names);
  g_assert_cmpuint (chrono_name_colours_get_n (names), ==, 34);
  for (int dark = 0; dark <= 1; dark++)
    {
      const ChronoPalette *palette = chrono_palette_get (dark);
      double closest = G_MAXDOUBLE, closest_hashed = G_MAXDOUBLE;
      for (guint i = 1; i <= 34; i++)
        for (guint j = i + 1; j <= 34; j++)
          {
            g_autofree char *a = g_strdup_printf ("TASK_%u", i);
            g_autofree char *b = g_strdup_printf ("TASK_%u", j);
            ChronoRgb x, y;
            chrono_name_colours_get (names, palette, a, &x);
            chrono_name_colours_get (names, palette, b, &y);
            closest = MIN (closest, colour_distance (&x, &y));
            chrono_palette_get_name_color (palette, a, &x);
            chrono_palette_get_name_color (palette, b, &y);
            closest_hashed = MIN (closest_hashed, colour_distance (&x, &y));
          }
      g_test_message ("closest pair: %.3f ranked, %.3f hashed", closest, closest_hashed);
      g_assert_cmpfloat (closest, >, 0.08);
      g_assert_cmpfloat (closest, >, closest_hashed);
    }
  /* a name the trace did not list keeps its hashed colour */
  ChronoRgb x, y;
  chrono_name_colours_get (names, chrono_palette_get (FALSE), "other", &x);
  chrono_palette_get_name_color (chrono_palette_get (FALSE), "other", &y);
  g_assert_cmpfloat (colour_distance (&x, &y), ==, 0.0);
}

/* Calls coloured by region: MPI's in the red family, every other away from
 * red, each pair apart (main and MPI_Send were both blue). */
static gboolean
is_red (const ChronoRgb *c)
{
  return c->red > c->green + 0.15 && c->red > c->blue + 0.15;
}

static void
test_mpi_regions_red (void)
{
  g_autoptr (ChronoTrace) trace = g_object_new (CHRONO_TYPE_TRACE, NULL);
  const char *regions[] = { "main", "solve", "dot", "axpy", "MPI_Send", "MPI_Recv", "MPI_Wait", "Bcast (collective)" };
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  for (guint i = 0; i < G_N_ELEMENTS (regions); i++)
    chrono_trace_note_colour_label (trace, chrono_strings_intern (strings, regions[i]));
  g_autoptr (ChronoNameColours) names = chrono_name_colours_new ();
  chrono_name_colours_add_trace (names, trace);
  chrono_name_colours_seal (names);
  for (int dark = 0; dark <= 1; dark++)
    {
      const ChronoPalette *palette = chrono_palette_get (dark);
      ChronoRgb colours[G_N_ELEMENTS (regions)];
      for (guint i = 0; i < G_N_ELEMENTS (regions); i++)
        {
          chrono_name_colours_get (names, palette, regions[i], &colours[i]);
          gboolean mpi = i >= 4;
          if (is_red (&colours[i]) != mpi)
            g_error ("%s is %sred", regions[i], mpi ? "not " : "");
        }
      for (guint i = 0; i < G_N_ELEMENTS (regions); i++)
        for (guint j = i + 1; j < G_N_ELEMENTS (regions); j++)
          g_assert_cmpfloat (colour_distance (&colours[i], &colours[j]), >, 0.08);
    }
}

/* Two ranks exchanging many messages (tag = index % 4, bytes = 8 << (index % 3)). */
static ChronoTrace *
message_trace (guint n)
{
  ChronoTrace *trace = g_object_new (CHRONO_TYPE_TRACE, NULL);
  g_autoptr (ChronoLane) a = chrono_lane_new ("rank 0", CHRONO_LANE_WORKER, "location");
  g_autoptr (ChronoLane) b = chrono_lane_new ("rank 1", CHRONO_LANE_WORKER, "location");
  chrono_trace_add_lane (trace, a);
  chrono_trace_add_lane (trace, b);
  ChronoLinks *links = chrono_trace_get_links (trace);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *tag = g_strdup_printf ("%u", i % 4);
      g_autofree char *bytes = g_strdup_printf ("%u", 8u << (i % 3));
      const char *keys[] = { "communicator", "tag", "bytes" }, *values[] = { "MPI_COMM_WORLD", tag, bytes };
      guint32 attrs = chrono_attrs_intern (chrono_trace_get_attrs (trace), keys, values, 3);
      gint64 t = (gint64) i * 100;
      ChronoLink link = { i % 2 ? a : b, i % 2 ? b : a, t, t + 150, i % 4, attrs, 0 };
      chrono_links_append (links, &link);
    }
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, (gint64) n * 100 + 150);
  chrono_trace_seal (trace);
  return trace;
}

/* The share of the lanes' pixels the arrows darken. */
static double
arrow_ink (ChronoTrace *trace, const ChronoLinkFilter *filter)
{
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  ChronoRenderOptions o;
  chrono_render_options_init (&o, trace, 600, 200);
  o.legend_height = 0;
  if (filter != NULL)
    o.links = *filter;
  g_autoptr (cairo_surface_t) image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, o.width, o.height);
  cairo_t *cr = cairo_create (image);
  chrono_renderer_draw (renderer, cr, &o);
  cairo_destroy (cr);
  const char *png = g_getenv ("CHRONO_ARROWS_PNG");
  if (png != NULL && filter == NULL)
    {
      g_autofree char *path = g_strdup_printf ("%s-%u.png", png, chrono_links_get_n (chrono_trace_get_links (trace)));
      cairo_surface_write_to_png (image, path);
    }
  guint dark = 0, all = 0;
  double top = chrono_render_options_lane_top (&o);
  for (int y = (int) top; y < (int) top + 40; y++)
    for (int x = o.label_width; x < o.width; x++, all++)
      {
        int rgb[3];
        pixel_at (image, x, y, rgb);
        dark += rgb[0] + rgb[1] + rgb[2] < 3 * 200;
      }
  return (double) dark / all;
}

/* 5000 messages over 600 px were a solid black tangle: bundled per pair of
 * rows they leave most of the lanes to be seen; hidden or filtered, fewer. */
static void
test_arrows_bundled_and_filtered (void)
{
  g_autoptr (ChronoTrace) trace = message_trace (5000);
  double all = arrow_ink (trace, NULL);
  g_test_message ("arrows darken %.0f %% of the lanes", 100 * all);
  g_assert_cmpfloat (all, >, 0.001);
  g_assert_cmpfloat (all, <, 0.5);
  ChronoLinkFilter hidden = { .hidden = TRUE };
  g_assert_cmpfloat (arrow_ink (trace, &hidden), ==, 0.0);
  ChronoLinkFilter other = { .communicator = "MPI_COMM_SELF" };
  g_assert_cmpfloat (arrow_ink (trace, &other), ==, 0.0);

  /* few enough: each arrow alone, and the filters keep what matches */
  g_autoptr (ChronoTrace) few = message_trace (24);
  double every = arrow_ink (few, NULL);
  ChronoLinkFilter tag = { .has_tag = TRUE, .tag = 1 };
  ChronoLinkFilter big = { .min_bytes = 32 };
  double tagged = arrow_ink (few, &tag), large = arrow_ink (few, &big);
  g_assert_cmpfloat (tagged, >, 0.0);
  g_assert_cmpfloat (tagged, <, every * 0.5);
  g_assert_cmpfloat (large, >, 0.0);
  g_assert_cmpfloat (large, <, every * 0.6);

  char text[] = "communicator=MPI_COMM_WORLD,tag=3,min-bytes=16";
  ChronoLinkFilter parsed = { 0 };
  g_assert_true (chrono_link_filter_parse (&parsed, text, NULL));
  g_assert_cmpstr (parsed.communicator, ==, "MPI_COMM_WORLD");
  g_assert_true (parsed.has_tag);
  g_assert_cmpuint (parsed.tag, ==, 3);
  g_assert_cmpuint (parsed.min_bytes, ==, 16);
  char wrong[] = "colour=red";
  g_autoptr (GError) error = NULL;
  g_assert_false (chrono_link_filter_parse (&parsed, wrong, &error));
  g_assert_nonnull (error);
}

/* A location's calls at the overview: 40000 calls under one main are too
 * many for a pixel each, and every column is drawn in the colour of what
 * ran most there (its exclusive time), MPI_Send in the first half, solve in
 * the second, not one "busy" blue nor main's colour. */
static void
test_overview_dominant_region (void)
{
  g_autoptr (ChronoTrace) trace = g_object_new (CHRONO_TYPE_TRACE, NULL);
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  guint32 main_label = chrono_strings_intern (strings, "main"), send = chrono_strings_intern (strings, "MPI_Send");
  guint32 solve = chrono_strings_intern (strings, "solve");
  guint32 labels[] = { main_label, send, solve };
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    chrono_trace_note_colour_label (trace, labels[i]);
  g_autoptr (ChronoLane) lane = chrono_lane_new ("Master thread", CHRONO_LANE_WORKER, "location");
  ChronoSpans *spans = chrono_lane_ensure_spans (lane);
  const guint n = 40000;
  ChronoSpan root = { 0, 10 * n, CHRONO_STATE_BUSY, 0, 0, main_label, CHRONO_NO_INSTANCE, 0 };
  chrono_spans_append (spans, &root);
  for (guint i = 0; i < n; i++)
    {
      /* 8 of every 10 ticks in a call at depth 1 */
      ChronoSpan call = { 10 * i + 1,         10 * i + 9, CHRONO_STATE_BUSY, 0, 1, i < n / 2 ? send : solve,
                          CHRONO_NO_INSTANCE, 0 };
      chrono_spans_append (spans, &call);
    }
  chrono_spans_seal (spans);
  chrono_trace_add_lane (trace, lane);
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, 10 * n);
  chrono_trace_seal (trace);
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  ChronoRenderOptions o;
  chrono_render_options_init (&o, trace, 600, 200);
  g_autoptr (cairo_surface_t) image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, o.width, o.height);
  cairo_t *cr = cairo_create (image);
  chrono_renderer_draw (renderer, cr, &o);
  cairo_destroy (cr);
  guint index;
  g_assert_true (chrono_layout_find_row (layout, lane, &index));
  const ChronoLayoutRow *row = chrono_layout_get_row (layout, index);
  int y = (int) (chrono_render_options_lane_top (&o) + row->y + row->height - 4);
  g_autoptr (ChronoNameColours) names = chrono_name_colours_new ();
  chrono_name_colours_add_trace (names, trace);
  chrono_name_colours_seal (names);
  ChronoRgb send_colour, solve_colour;
  chrono_name_colours_get (names, chrono_palette_get (FALSE), "MPI_Send", &send_colour);
  chrono_name_colours_get (names, chrono_palette_get (FALSE), "solve", &solve_colour);
  assert_colour (image, column_of (&o, 10 * n / 4), y, &send_colour, "MPI_Send's quarter");
  assert_colour (image, column_of (&o, 30 * n / 4), y, &solve_colour, "solve's quarter");
}

/* A lane with a second sub-row at one moment was double height
 * for the whole trace; now it is as tall as the range on show needs. */
static void
test_rows_as_tall_as_the_range (void)
{
  g_autoptr (ChronoTrace) trace = g_object_new (CHRONO_TYPE_TRACE, NULL);
  g_autoptr (ChronoLane) lane = chrono_lane_new ("work", CHRONO_LANE_ACTIVITY, "C");
  ChronoSpans *spans = chrono_lane_ensure_spans (lane);
  ChronoSpan items[] = { { .start = 0, .end = 10, .state = CHRONO_STATE_BUSY },
                         { .start = 20, .end = 30, .state = CHRONO_STATE_BUSY },
                         { .start = 22, .end = 28, .state = CHRONO_STATE_BUSY, .depth = 1 } };
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    chrono_spans_append (spans, &items[i]);
  chrono_spans_seal (spans);
  chrono_trace_add_lane (trace, lane);
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, 40);
  g_assert_cmpuint (chrono_spans_get_max_depth_in (spans, 0, 15), ==, 0);
  g_assert_cmpuint (chrono_spans_get_max_depth_in (spans, 0, 23), ==, 1);
  g_assert_cmpuint (chrono_spans_get_max_depth_in (spans, 28, 40), ==, 0);
  g_assert_cmpuint (chrono_spans_get_max_depth_in (spans, 27, 40), ==, 1);

  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  guint row;
  g_assert_true (chrono_layout_find_row (layout, lane, &row));
  g_assert_cmpuint (chrono_layout_get_row (layout, row)->n_slots, ==, 2); /* no range yet: the whole trace */
  chrono_layout_set_time_range (layout, 0, 15);
  g_assert_true (chrono_layout_find_row (layout, lane, &row));
  g_assert_cmpuint (chrono_layout_get_row (layout, row)->n_slots, ==, 1);
  double short_height = chrono_layout_get_total_height (layout);
  chrono_layout_set_time_range (layout, 15, 25);
  g_assert_true (chrono_layout_find_row (layout, lane, &row));
  g_assert_cmpuint (chrono_layout_get_row (layout, row)->n_slots, ==, 2);
  g_assert_cmpfloat (chrono_layout_get_total_height (layout), >, short_height);

  /* an export of the quiet part is one sub-row tall */
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  ChronoRenderOptions o, fitted;
  chrono_render_options_init (&o, trace, 400, 0);
  o.begin = 0;
  o.end = 15;
  chrono_export_fit_options (renderer, &o, &fitted);
  g_assert_cmpfloat (chrono_layout_get_total_height (layout), ==, short_height);
}

/* Zoomed out to 0.1 ms per pixel, a 1-tick span still paints a pixel. */
static void
test_tiny_span (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 400, 0);
  g_assert_cmpfloat ((double) (o.end - o.begin) / (o.width - o.label_width), >, 50000.0);
  g_autoptr (cairo_surface_t) image = export_png (f, &o, "tiny.png");
  const ChronoPalette *palette = chrono_palette_get (FALSE);
  assert_colour (image, column_of (&o, TINY_TIME), slot_y (f, &o, "TASK_Tiny", 0),
                 &palette->states[CHRONO_STATE_WAITING], "1-tick span");
}

/* 100 000 spans in 10 ms over ~500 px: every column is painted, with the
 * state that fills 3/4 of it. */
static void
test_crowded_lane (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 1200, 0);
  g_autoptr (cairo_surface_t) image = export_png (f, &o, "crowded.png");
  const ChronoPalette *palette = chrono_palette_get (FALSE);
  int y = slot_y (f, &o, "TASK_Logger", 0);
  int first = column_of (&o, CROWDED_BEGIN) + 1, last = column_of (&o, TRACE_END) - 1;
  g_assert_cmpint (last - first, >, 400);
  for (int x = first; x < last; x++)
    assert_colour (image, x, y, &palette->states[CHRONO_STATE_RUNNING], "crowded column");
}

/* A crowded lane that runs a fifth of the time must not look busy all the
 * time: its columns are filled to a fifth of the row's height, from below. */
static void
test_sparse_lane_shows_load (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 1200, 0);
  g_autoptr (cairo_surface_t) image = export_png (f, &o, "sparse.png");
  const ChronoPalette *palette = chrono_palette_get (FALSE);
  guint index;
  g_assert_true (chrono_layout_find_row (f->layout, find_lane (f->trace, "TASK_Sparse"), &index));
  const ChronoLayoutRow *row = chrono_layout_get_row (f->layout, index);
  double top = chrono_render_options_lane_top (&o) + row->y;
  int high = (int) floor (top + row->height * 0.3), low = (int) floor (top + row->height * 0.85);
  int first = column_of (&o, CROWDED_BEGIN) + 2, last = column_of (&o, TRACE_END) - 2;
  for (int x = first; x < last; x++)
    {
      int rgb[3];
      pixel_at (image, x, high, rgb);
      if (!is_background (rgb, palette))
        g_error ("sparse lane: column %d is painted at 30%% of the row's height (#%02x%02x%02x)", x, rgb[0], rgb[1],
                 rgb[2]);
      assert_colour (image, x, low, &palette->states[CHRONO_STATE_RUNNING], "sparse lane near its bottom");
    }
}

/* The y of the pixel in column x, within [top, bottom), that is nearest to
 * the colour (the line is anti-aliased, so not every pixel is exact). */
static int
nearest_row (cairo_surface_t *image, int x, int top, int bottom, const ChronoRgb *color, int *out_distance)
{
  int best_y = -1, best = G_MAXINT;
  for (int y = top; y < bottom; y++)
    {
      int rgb[3], d = 0;
      pixel_at (image, x, y, rgb);
      d = ABS (rgb[0] - (int) lround (color->red * 255)) + ABS (rgb[1] - (int) lround (color->green * 255))
          + ABS (rgb[2] - (int) lround (color->blue * 255));
      if (d < best)
        {
          best = d;
          best_y = y;
        }
    }
  *out_distance = best;
  return best_y;
}

/* A quadratic is drawn as a curve: at its vertex (16 ms, value 38, the
 * signal's maximum) the line is at the top of the plot, where a straight
 * line between the fragment's ends (28 and 28) would not be. */
static void
test_signal_curve (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 1200, 0);
  g_autoptr (cairo_surface_t) image = export_png (f, &o, "signal.png");
  const ChronoPalette *palette = chrono_palette_get (FALSE);
  guint index;
  g_assert_true (chrono_layout_find_row (f->layout, find_lane (f->trace, "Temperature"), &index));
  const ChronoLayoutRow *row = chrono_layout_get_row (f->layout, index);
  int top = (int) (chrono_render_options_lane_top (&o) + row->y), bottom = top + (int) row->height;

  int distance;
  int y = nearest_row (image, column_of (&o, 16 * MS), top, bottom, &palette->signal_line, &distance);
  g_assert_cmpint (distance, <, 150);
  g_assert_cmpint (y, >=, top + 3);
  g_assert_cmpint (y, <=, top + 7);
  /* the first step, 20, is the minimum: a crisp line on the bottom of the plot */
  y = nearest_row (image, column_of (&o, 2 * MS), top, bottom, &palette->signal_line, &distance);
  g_assert_cmpint (distance, <=, 6);
  g_assert_cmpint (y, >=, bottom - 7);
  /* the step up to 35 at 5 ms is a vertical edge in its column */
  int x = column_of (&o, 5 * MS);
  int edge_pixels = 0;
  for (int ey = top + 8; ey < bottom - 8; ey++)
    {
      int rgb[3];
      pixel_at (image, x, ey, rgb);
      edge_pixels += same_colour (rgb, &palette->signal_line) || ABS (rgb[2] - 176) < 30;
    }
  g_assert_cmpint (edge_pixels, >, 20);
}

static void
test_dark_theme (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 800, 0);
  o.dark = TRUE;
  g_autoptr (cairo_surface_t) image = export_png (f, &o, "dark.png");
  const ChronoPalette *palette = chrono_palette_get (TRUE);
  assert_colour (image, column_of (&o, 2 * MS), slot_y (f, &o, "TASK_Control", 0),
                 &palette->states[CHRONO_STATE_RUNNING], "dark running");
  int rgb[3];
  pixel_at (image, column_of (&o, 15 * MS) + 3, slot_y (f, &o, "TASK_Control", 0), rgb);
  g_assert_true (is_background (rgb, palette));
}

static char *
read_head (const char *path, gsize *out_length)
{
  char *contents = NULL;
  GError *error = NULL;
  g_file_get_contents (path, &contents, out_length, &error);
  g_assert_no_error (error);
  return contents;
}

static void
test_vector_exports (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 1000, 0);
  g_autofree char *svg = export_path (f, "picture.SVG");
  g_autofree char *pdf = export_path (f, "picture.pdf");
  GError *error = NULL;
  g_assert_true (chrono_export_to_file (f->renderer, &o, svg, &error));
  g_assert_no_error (error);
  g_assert_true (chrono_export_to_file (f->renderer, &o, pdf, &error));
  g_assert_no_error (error);

  gsize length;
  g_autofree char *svg_text = read_head (svg, &length);
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (g_str_has_prefix (svg_text, "<?xml") || g_str_has_prefix (svg_text, "<svg"));
  g_assert_nonnull (strstr (svg_text, "<svg"));
  g_autofree char *pdf_data = read_head (pdf, &length);
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (g_str_has_prefix (pdf_data, "%PDF"));
}

/* The colour a translucent overlay gives over a pixel. */
static void
assert_over (cairo_surface_t *image, int x, int y, const int under[3], double r, double g, double b, double alpha,
             const char *what)
{
  ChronoRgb mixed = { alpha * r + (1 - alpha) * under[0] / 255.0, alpha * g + (1 - alpha) * under[1] / 255.0,
                      alpha * b + (1 - alpha) * under[2] / 255.0 };
  assert_colour (image, x, y, &mixed, what);
}

/* Markers and a selection are drawn over an export; without them it is the
 * plain picture. */
static void
test_overlays (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 1200, 0);
  g_autoptr (cairo_surface_t) plain = export_png (f, &o, "plain.png");
  ChronoRenderOverlays overlays;
  chrono_render_overlays_init (&overlays);
  o.overlays = &overlays;
  g_autoptr (cairo_surface_t) none = export_png (f, &o, "no-overlays.png");
  int y = slot_y (f, &o, "TASK_Control", 0);
  int x_marker = column_of (&o, 15 * MS), x_selected = column_of (&o, 13 * MS);
  int under_marker[3], under_selection[3], rgb[3];
  pixel_at (plain, x_marker, y, under_marker);
  pixel_at (plain, x_selected, y, under_selection);
  pixel_at (none, x_marker, y, rgb);
  g_assert_cmpmem (rgb, sizeof rgb, under_marker, sizeof under_marker);

  overlays.has_marker_a = TRUE;
  overlays.marker_a = 15 * MS;
  overlays.has_selection = TRUE;
  overlays.selection_begin = 12 * MS;
  overlays.selection_end = 14 * MS;
  g_autoptr (cairo_surface_t) marked = export_png (f, &o, "overlays.png");
  assert_over (marked, x_marker, y, under_marker, 0.90, 0.38, 0.0, 0.95, "marker A");
  assert_over (marked, x_selected, y, under_selection, 0.21, 0.52, 0.89, 0.18, "selection");
  /* The marker's tab no longer covers the ruler's label of the tick it sits on */
  for (int dx = 2; dx < 30; dx++)
    for (int ry = 1; ry < o.ruler_height - 10; ry++)
      {
        int before[3], after[3];
        pixel_at (plain, x_marker + dx, ry, before);
        pixel_at (marked, x_marker + dx, ry, after);
        g_assert_cmpmem (before, sizeof before, after, sizeof after);
      }
  /* The marker's line stops at the legend */
  int legend_y = cairo_image_surface_get_height (marked) - o.legend_height / 2;
  int in_legend[3], plain_legend[3];
  pixel_at (marked, x_marker, legend_y, in_legend);
  pixel_at (plain, x_marker, legend_y, plain_legend);
  g_assert_cmpmem (in_legend, sizeof in_legend, plain_legend, sizeof plain_legend);

  /* The legend names the event kinds in their colours ("trigger"), not one grey "Event" */
  ChronoRgb named, trigger;
  const ChronoPalette *palette = chrono_palette_get (FALSE);
  chrono_palette_get_name_color (palette, "trigger", &named);
  chrono_rgb_mix (&named, &palette->text, 0.35, &trigger);
  gboolean found = FALSE;
  int height = cairo_image_surface_get_height (plain);
  for (int lx = 0; lx < o.width && !found; lx++)
    for (int ly = height - o.legend_height; ly < height && !found; ly++)
      {
        int legend_rgb[3];
        pixel_at (plain, lx, ly, legend_rgb);
        found = same_colour (legend_rgb, &trigger);
      }
  g_assert_true (found);
}

static double
row_top (Fixture *f, const ChronoRenderOptions *o, const char *lane)
{
  guint index;
  g_assert_true (chrono_layout_find_row (f->layout, find_lane (f->trace, lane), &index));
  return chrono_render_options_lane_top (o) + chrono_layout_get_row (f->layout, index)->y - o->scroll_y;
}

static gboolean
is_reddish (const int rgb[3])
{
  return rgb[0] > 150 && rgb[1] < 110 && rgb[2] < 110;
}

/* Highlighted ranges (violations): a red band over the row and a red bar
 * along its bottom, three pixels wide for an instant; a folded runnable's
 * on its task's row. */
static void
test_highlighted_ranges (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 1200, 0);
  ChronoRenderOverlays overlays;
  chrono_render_overlays_init (&overlays);
  o.overlays = &overlays;
  g_autoptr (cairo_surface_t) plain = export_png (f, &o, "ranges-none.png");
  const ChronoRenderRange ranges[] = {
    { find_lane (f->trace, "TASK_Control"), 2 * MS, 3 * MS },
    { find_lane (f->trace, "TASK_Tiny"), 16 * MS, 16 * MS },
  };
  overlays.ranges = ranges;
  overlays.n_ranges = G_N_ELEMENTS (ranges);
  g_autoptr (cairo_surface_t) marked = export_png (f, &o, "ranges.png");
  double r, g, b;
  chrono_render_overlays_range_colour (FALSE, &r, &g, &b);
  int under[3], rgb[3];
  /* the band over the running span of slot 1 (the first instance is at depth 0, the second starts at 5 ms) */
  int x = column_of (&o, 2 * MS + MS / 2), y = slot_y (f, &o, "TASK_Control", 0);
  pixel_at (plain, x, y, under);
  assert_over (marked, x, y, under, r, g, b, 0.22, "violation band");
  /* the bar along the row's bottom, solid enough to read over any state */
  int bottom = (int) floor (row_top (f, &o, "TASK_Control")) + 2 * (int) CHRONO_LAYOUT_SLOT_HEIGHT - 2;
  pixel_at (marked, x, bottom, rgb);
  g_assert_true (is_reddish (rgb));
  /* outside the range: as it was */
  int outside = column_of (&o, 9 * MS);
  int before[3];
  pixel_at (plain, outside, y, before);
  pixel_at (marked, outside, y, rgb);
  g_assert_cmpmem (rgb, sizeof rgb, before, sizeof before);
  /* an instant still shows, three columns wide */
  int xi = column_of (&o, 16 * MS), yi = slot_y (f, &o, "TASK_Tiny", 0);
  for (int dx = -1; dx <= 1; dx++)
    {
      pixel_at (plain, xi + dx, yi, under);
      pixel_at (marked, xi + dx, yi, rgb);
      g_assert_cmpint (rgb[0], >, rgb[1] + 60);
      g_assert_cmpint (rgb[1], <, under[1] - 40);
    }

  /* a runnable whose task is folded: on the task's row */
  chrono_layout_set_expanded (f->layout, find_lane (f->trace, "TASK_Control"), FALSE);
  guint unused;
  g_assert_false (chrono_layout_find_row (f->layout, find_lane (f->trace, "Runnable_Step"), &unused));
  const ChronoRenderRange folded[] = { { find_lane (f->trace, "Runnable_Step"), 12 * MS, 13 * MS } };
  overlays.ranges = NULL;
  overlays.n_ranges = 0;
  g_autoptr (cairo_surface_t) folded_plain = export_png (f, &o, "ranges-folded-none.png");
  overlays.ranges = folded;
  overlays.n_ranges = 1;
  g_autoptr (cairo_surface_t) folded_marked = export_png (f, &o, "ranges-folded.png");
  int xf = column_of (&o, 12 * MS + MS / 2), yf = slot_y (f, &o, "TASK_Control", 0);
  pixel_at (folded_plain, xf, yf, under);
  assert_over (folded_marked, xf, yf, under, r, g, b, 0.22, "folded runnable's violation");
  chrono_layout_set_expanded (f->layout, find_lane (f->trace, "TASK_Control"), TRUE);
}

static guint
count_colour (cairo_surface_t *image, int x0, int x1, int y0, int y1, double r, double g, double b)
{
  ChronoRgb want = { r, g, b };
  guint n = 0;
  for (int x = x0; x < x1; x++)
    for (int y = y0; y < y1; y++)
      {
        int rgb[3];
        pixel_at (image, x, y, rgb);
        n += same_colour (rgb, &want);
      }
  return n;
}

/* A path: each step outlined, an instant as a dot, arrows between the steps. */
static void
test_path (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 1200, 0);
  ChronoRenderOverlays overlays;
  chrono_render_overlays_init (&overlays);
  o.overlays = &overlays;
  g_autoptr (cairo_surface_t) plain = export_png (f, &o, "path-none.png");
  const ChronoRenderPathStep steps[] = {
    { find_lane (f->trace, "TASK_Tiny"), 3 * MS, 3 * MS },
    { find_lane (f->trace, "TASK_Control"), 6 * MS, 8 * MS },
    { find_lane (f->trace, "ISR_Timer"), 12 * MS, 14 * MS },
  };
  overlays.path = steps;
  overlays.n_path = G_N_ELEMENTS (steps);
  overlays.path_label = "chain 11 ms";
  g_autoptr (cairo_surface_t) drawn = export_png (f, &o, "path.png");
  double r, g, b;
  chrono_render_overlays_path_colour (FALSE, &r, &g, &b);
  ChronoRgb ink = { r, g, b };
  /* the stimulus's dot */
  assert_colour (drawn, column_of (&o, 3 * MS), slot_y (f, &o, "TASK_Tiny", 0), &ink, "instant step");
  /* the outline along a step's top */
  int top = (int) floor (row_top (f, &o, "TASK_Control")) + 2;
  assert_colour (drawn, column_of (&o, 7 * MS), top, &ink, "step outline");
  /* arrows in between: path-coloured pixels where the plain picture has none */
  int height = cairo_image_surface_get_height (drawn);
  int between0 = column_of (&o, 3 * MS) + 12, between1 = column_of (&o, 6 * MS) - 12;
  g_assert_cmpuint (count_colour (plain, between0, between1, 0, height, r, g, b), ==, 0);
  g_assert_cmpuint (count_colour (drawn, between0, between1, 0, height, r, g, b), >, 20);
  int later0 = column_of (&o, 8 * MS) + 12, later1 = column_of (&o, 12 * MS) - 12;
  g_assert_cmpuint (count_colour (drawn, later0, later1, 0, height, r, g, b), >, 20);
  /* the end-to-end time along the ruler's foot, from the stimulus to the last step's end */
  int span_y = (int) floor (chrono_render_options_lane_top (&o)) - 3, under_span[3];
  for (gint64 t = 3 * MS + MS / 10; t < 14 * MS; t += MS)
    {
      pixel_at (plain, column_of (&o, t), span_y, under_span);
      assert_over (drawn, column_of (&o, t), span_y, under_span, r, g, b, 0.85, "end-to-end bar");
    }
  int rgb_after[3], plain_after[3];
  pixel_at (plain, column_of (&o, 15 * MS), span_y, plain_after);
  pixel_at (drawn, column_of (&o, 15 * MS), span_y, rgb_after);
  g_assert_cmpmem (rgb_after, sizeof rgb_after, plain_after, sizeof plain_after);
  /* nothing beyond the last step but its label, right of it */
  int label_x = column_of (&o, 14 * MS) + 14;
  g_assert_cmpuint (count_colour (drawn, label_x, label_x + 60, 0, height, r, g, b), >, 10);
  g_assert_cmpuint (count_colour (drawn, column_of (&o, 18 * MS), column_of (&o, 19 * MS), 0, height, r, g, b), ==, 0);
}

static void
test_export_errors (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 600, 0);
  g_autofree char *odd = g_build_filename (f->dir, "picture.bmp", NULL);
  GError *error = NULL;
  g_assert_false (chrono_export_to_file (f->renderer, &o, odd, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, odd));
  g_clear_error (&error);
  g_assert_false (g_file_test (odd, G_FILE_TEST_EXISTS));

  g_autofree char *nowhere = g_build_filename (f->dir, "no-such-dir", "picture.png", NULL);
  g_assert_false (chrono_export_to_file (f->renderer, &o, nowhere, &error));
  g_assert_true (error != NULL && error->domain == G_IO_ERROR);
  g_assert_nonnull (strstr (error->message, nowhere));
  g_clear_error (&error);

  ChronoExportFormat format;
  g_assert_true (chrono_export_format_from_path ("a/b.Png", &format));
  g_assert_cmpint (format, ==, CHRONO_EXPORT_PNG);
  g_assert_true (chrono_export_format_from_path ("x.PDF", &format));
  g_assert_cmpint (format, ==, CHRONO_EXPORT_PDF);
  g_assert_false (chrono_export_format_from_path ("x.png.txt", &format));
}

/* The picture for a human to look at (CHRONO_TEST_RENDER_KEEP): the whole
 * trace at 1200 × 400, and a zoom into the crowded lane. */
static void
test_sample_pictures (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 1200, 400);
  cairo_surface_destroy (export_png (f, &o, "sample.png"));
  o.begin = 9 * MS + 990000;
  o.end = 10 * MS + 2000;
  cairo_surface_destroy (export_png (f, &o, "sample-zoom.png"));
  o.dark = TRUE;
  chrono_render_options_init (&o, f->trace, 1200, 400);
  o.dark = TRUE;
  cairo_surface_destroy (export_png (f, &o, "sample-dark.png"));
}

/* ---- layout ------------------------------------------------------------ */

static void
count_changes (ChronoLayout *layout, gpointer user_data)
{
  (*(guint *) user_data)++;
}

static void
test_layout (Fixture *f, gconstpointer data)
{
  ChronoLayout *layout = f->layout;
  guint changes = 0;
  g_signal_connect (layout, "changed", G_CALLBACK (count_changes), &changes);
  /* everything shown, runnables included */
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), ==, chrono_trace_count_lanes (f->trace));
  ChronoLane *control = find_lane (f->trace, "TASK_Control");
  guint index;
  g_assert_true (chrono_layout_find_row (layout, control, &index));
  const ChronoLayoutRow *row = chrono_layout_get_row (layout, index);
  g_assert_cmpuint (row->n_slots, ==, 2);
  g_assert_cmpuint (row->indent, ==, 1);
  g_assert_cmpfloat (row->height, ==, 2 * CHRONO_LAYOUT_SLOT_HEIGHT);
  g_assert_true (chrono_layout_find_row (layout, find_lane (f->trace, "Runnable_Step"), &index));
  g_assert_cmpuint (chrono_layout_get_row (layout, index)->indent, ==, 2);
  g_assert_true (chrono_layout_find_row (layout, find_lane (f->trace, "Temperature"), &index));
  g_assert_cmpfloat (chrono_layout_get_row (layout, index)->height, ==, CHRONO_LAYOUT_SIGNAL_HEIGHT);
  g_assert_cmpint (chrono_layout_get_row_style (find_lane (f->trace, "Stimuli")), ==, CHRONO_ROW_EVENTS);

  /* rows tile the lane area */
  double y = 0;
  for (guint i = 0; i < chrono_layout_get_n_rows (layout); i++)
    {
      row = chrono_layout_get_row (layout, i);
      g_assert_cmpfloat (row->y, ==, y);
      guint at;
      g_assert_true (chrono_layout_row_at_y (layout, y + row->height / 2, &at));
      g_assert_cmpuint (at, ==, i);
      y += row->height;
    }
  g_assert_cmpfloat (chrono_layout_get_total_height (layout), ==, y);
  g_assert_false (chrono_layout_row_at_y (layout, y, NULL));

  guint all = chrono_layout_get_n_rows (layout);
  chrono_layout_set_expanded (layout, control, FALSE);
  g_assert_false (chrono_layout_get_expanded (layout, control));
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), ==, all - 1);
  g_assert_false (chrono_layout_find_row (layout, find_lane (f->trace, "Runnable_Step"), NULL));
  chrono_layout_set_expanded (layout, control, TRUE);
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), ==, all);
  g_assert_cmpuint (changes, ==, 2);

  chrono_layout_set_visible (layout, find_lane (f->trace, "Cores"), FALSE);
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), ==, all - 3);
  chrono_layout_set_visible (layout, find_lane (f->trace, "Cores"), TRUE);

  /* a filter keeps the matches, their ancestors and what lies under them */
  chrono_layout_set_filter (layout, "core_1");
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), ==, 2);
  g_assert_true (chrono_layout_get_row (layout, 0)->lane == find_lane (f->trace, "Cores"));
  chrono_layout_set_filter (layout, "CONTROL");
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), ==, 3); /* Processes, TASK_Control, Runnable_Step */
  chrono_layout_set_expanded (layout, find_lane (f->trace, "Processes"), FALSE);
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), ==, 3); /* opened to show the match */
  chrono_layout_set_filter (layout, NULL);
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), ==, 1 + 3 + 3); /* Processes closed */
  chrono_layout_set_expanded (layout, find_lane (f->trace, "Processes"), TRUE);
  g_assert_cmpuint (chrono_layout_get_n_rows (layout), ==, all);
}

static void
test_options (Fixture *f, gconstpointer data)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, f->trace, 1200, 500);
  g_assert_cmpint (o.begin, ==, 0);
  g_assert_cmpint (o.end, ==, TRACE_END);
  g_assert_cmpint (o.label_width, ==, 200);
  g_assert_cmpint (o.ruler_height, ==, 28);
  g_assert_cmpint (o.legend_height, ==, 24);
  g_assert_cmpfloat (chrono_render_options_time_to_x (&o, 0), ==, 200.0);
  g_assert_cmpfloat (chrono_render_options_time_to_x (&o, TRACE_END), ==, 1200.0);
  g_assert_cmpfloat (chrono_render_options_lane_top (&o), ==, 28.0);
  for (gint64 t = 0; t < TRACE_END; t += 777777)
    {
      double x = chrono_render_options_time_to_x (&o, t);
      gint64 back = chrono_render_options_x_to_time (&o, floor (x));
      g_assert_cmpint (back, <=, t);
      g_assert_cmpint (t - back, <=, (TRACE_END / 1000) + 1);
    }

  ChronoRenderHit hit;
  int y = slot_y (f, &o, "TASK_Control", 1);
  g_assert_true (chrono_renderer_hit_test (f->renderer, &o, chrono_render_options_time_to_x (&o, 10 * MS), y, &hit));
  g_assert_true (hit.lane == find_lane (f->trace, "TASK_Control"));
  g_assert_cmpuint (hit.slot, ==, 1);
  g_assert_true (hit.has_span);
  ChronoSpan span;
  chrono_spans_get (chrono_lane_get_spans (hit.lane), hit.span, &span);
  g_assert_cmpint (span.state, ==, CHRONO_STATE_RUNNING);
  g_assert_cmpint (span.depth, ==, 1);
  g_assert_false (chrono_renderer_hit_test (f->renderer, &o, 600, 5, &hit)); /* the ruler */
}

/* An empty trace and degenerate sizes draw without complaint. */
/* A name too long for the column keeps in sight what tells it from its siblings: metric lanes
 * read "…device=3 /s", not all "A2rocm_…ice=3 /s". */
static void
test_names_keep_what_differs (void)
{
  g_autoptr (ChronoTrace) trace = chrono_trace_new ("metrics", "test");
  g_autoptr (ChronoLane) group = chrono_lane_new ("Metrics", CHRONO_LANE_GROUP, NULL);
  chrono_trace_add_lane (trace, group);
  for (int device = 0; device < 4; device++)
    {
      g_autofree char *name = g_strdup_printf ("A2rocm_smi:::temperature:device=%d /s", device);
      g_autoptr (ChronoLane) lane = chrono_lane_new (name, CHRONO_LANE_SIGNAL, NULL);
      chrono_lane_append_child (group, lane);
    }
  g_autoptr (ChronoLane) alone = chrono_lane_new ("A2rocm_smi:::power:device=0 /s", CHRONO_LANE_SIGNAL, NULL);
  chrono_trace_add_lane (trace, alone);
  chrono_trace_seal (trace);
  g_autoptr (ChronoLane) third = g_list_model_get_item (chrono_lane_get_children (group), 3);
  g_assert_cmpstr (chrono_renderer_name_tail (third, NULL), ==, "device=3 /s");
  /* names that differ from their start, or a lane without siblings: shortened in the middle as before */
  g_assert_cmpstr (chrono_renderer_name_tail (group, NULL), ==, "Metrics");
  g_assert_cmpstr (chrono_renderer_name_tail (alone, NULL), ==, "A2rocm_smi:::power:device=0 /s");
  /* drawn in a narrow column without fault */
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  g_assert_cmpint (chrono_renderer_measure_names (renderer), >, 150);
  ChronoRenderOptions o;
  chrono_render_options_init (&o, trace, 400, 200);
  o.label_width = 100;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 200);
  cairo_t *cr = cairo_create (surface);
  chrono_renderer_draw (renderer, cr, &o);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_empty (void)
{
  g_autoptr (ChronoTrace) trace = chrono_trace_new ("empty", "test");
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  ChronoRenderOptions o;
  chrono_render_options_init (&o, trace, 300, 0);
  g_assert_cmpint (o.end, >, o.begin);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 300, 100);
  cairo_t *cr = cairo_create (surface);
  o.height = 100;
  chrono_renderer_draw (renderer, cr, &o);
  o.width = 150;
  o.label_width = 200; /* no room for time at all */
  chrono_renderer_draw (renderer, cr, &o);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Draws a two-lane trace with n arrows spread evenly over its second, into
 * a fresh 400×120 image. */
static cairo_surface_t *
draw_with_links (guint n)
{
  g_autoptr (ChronoTrace) trace = chrono_trace_new ("links", "test");
  g_autoptr (ChronoLane) a = chrono_lane_new ("A", CHRONO_LANE_WORKER, NULL);
  g_autoptr (ChronoLane) b = chrono_lane_new ("B", CHRONO_LANE_WORKER, NULL);
  chrono_trace_add_lane (trace, a);
  chrono_trace_add_lane (trace, b);
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, 1000000000);
  for (guint i = 0; i < n; i++)
    {
      gint64 t = (gint64) i * (1000000000 / MAX (n, 1));
      ChronoLink link = { a, b, t, t + 1000, 0, 0, i };
      chrono_links_append (chrono_trace_get_links (trace), &link);
    }
  chrono_trace_seal (trace);
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  ChronoRenderOptions o;
  return draw_whole (trace, layout, 400, 120, &o);
}

static gboolean
same_pixels (cairo_surface_t *x, cairo_surface_t *y)
{
  int stride = cairo_image_surface_get_stride (x), height = cairo_image_surface_get_height (x);
  return memcmp (cairo_image_surface_get_data (x), cairo_image_surface_get_data (y), (size_t) stride * height) == 0;
}

/* Eight claims of one name back to back on a resource read as
 * eight, each with a gap of the background at its start (TRACE4CPS draws
 * them so); a process lane's spans stay seamless. */
static void
test_claims_keep_their_edges (void)
{
  g_autoptr (ChronoTrace) trace = chrono_trace_new ("claims", "test");
  g_autoptr (ChronoLane) oven = chrono_lane_new ("Oven", CHRONO_LANE_RESOURCE, NULL);
  g_autoptr (ChronoLane) task = chrono_lane_new ("Task", CHRONO_LANE_PROCESS, NULL);
  chrono_trace_add_lane (trace, oven);
  chrono_trace_add_lane (trace, task);
  guint32 bake = chrono_strings_intern (chrono_trace_get_strings (trace), "bake");
  for (gint64 i = 0; i < 8; i++)
    {
      add_span (oven, i * 100, (i + 1) * 100, CHRONO_STATE_BUSY, 0, bake, CHRONO_NO_INSTANCE, 0);
      add_span (task, i * 100, (i + 1) * 100, CHRONO_STATE_RUNNING, 0, 0, CHRONO_NO_INSTANCE, 0);
    }
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, 800);
  chrono_trace_seal (trace);
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  ChronoRenderOptions o;
  chrono_render_options_init (&o, trace, 1000, 200);
  o.label_width = 200; /* 800 px for 800 ticks: a claim is 100 px */
  g_autoptr (cairo_surface_t) image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1000, 200);
  cairo_t *cr = cairo_create (image);
  chrono_renderer_draw (renderer, cr, &o);
  cairo_destroy (cr);
  const ChronoPalette *palette = chrono_palette_get (FALSE);
  guint row;
  g_assert_true (chrono_layout_find_row (layout, oven, &row));
  int y = (int) (chrono_render_options_lane_top (&o) + chrono_layout_get_row (layout, row)->y + 3);
  g_assert_true (chrono_layout_find_row (layout, task, &row));
  int task_y = (int) (chrono_render_options_lane_top (&o) + chrono_layout_get_row (layout, row)->y + 3);
  ChronoRgb bake_colour;
  chrono_palette_get_name_color (palette, "bake", &bake_colour);
  for (gint64 i = 1; i < 8; i++)
    {
      int x = column_of (&o, i * 100);
      assert_colour (image, x, y, &palette->background, "the gap where a claim starts");
      assert_colour (image, x + 2, y, &bake_colour, "the claim just after its start");
      assert_colour (image, x, task_y, &palette->states[CHRONO_STATE_RUNNING], "running spans stay seamless");
    }
}

/* A constant signal's axis shows its value once, mid-row, not
 * the same number at the top and at the bottom. */
static void
test_constant_signal_axis (void)
{
  g_autoptr (ChronoTrace) trace = chrono_trace_new ("constant", "test");
  g_autoptr (ChronoLane) lane = chrono_lane_new ("Level", CHRONO_LANE_SIGNAL, NULL);
  chrono_trace_add_lane (trace, lane);
  ChronoSignal *signal = chrono_lane_ensure_signal (lane, 1000000000);
  chrono_signal_append_step (signal, 0, 0.0);
  chrono_signal_close_steps (signal, 1000);
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, 1000);
  chrono_trace_seal (trace);
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  ChronoRenderOptions o;
  chrono_render_options_init (&o, trace, 600, 120);
  g_autoptr (cairo_surface_t) image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 600, 120);
  cairo_t *cr = cairo_create (image);
  chrono_renderer_draw (renderer, cr, &o);
  cairo_destroy (cr);
  const ChronoLayoutRow *row = chrono_layout_get_row (layout, 0);
  double top = chrono_render_options_lane_top (&o) + row->y;
  /* the axis column's top and bottom stay empty: no "0" there */
  ChronoRgb background;
  int rgb[3];
  pixel_at (image, o.label_width - 10, (int) top + 1, rgb);
  background = (ChronoRgb){ rgb[0] / 255.0, rgb[1] / 255.0, rgb[2] / 255.0 };
  for (int y = (int) top + 1; y < (int) top + 12; y++)
    for (int x = o.label_width - 30; x < o.label_width - 6; x++)
      assert_colour (image, x, y, &background, "the axis column's top");
  for (int y = (int) (top + row->height) - 12; y < (int) (top + row->height) - 1; y++)
    for (int x = o.label_width - 30; x < o.label_width - 6; x++)
      assert_colour (image, x, y, &background, "the axis column's bottom");
}

/* The ruler's last label is left out rather than cut by the
 * picture's edge (the Laplace picture read "1.2" for "1.2 Mcycles"). */
static void
test_ruler_labels_are_whole (void)
{
  g_autoptr (ChronoTrace) trace = chrono_trace_new ("ruler", "test");
  g_autoptr (ChronoLane) lane = chrono_lane_new ("Task", CHRONO_LANE_PROCESS, NULL);
  chrono_trace_add_lane (trace, lane);
  add_span (lane, 0, 1000, CHRONO_STATE_RUNNING, 0, 0, CHRONO_NO_INSTANCE, 0);
  chrono_trace_include_time (trace, 0);
  chrono_trace_include_time (trace, 1010); /* a tick at 1000 lands 8 px before the right edge */
  chrono_trace_seal (trace);
  g_autoptr (ChronoLayout) layout = chrono_layout_new (trace);
  g_autoptr (ChronoRenderer) renderer = chrono_renderer_new (trace, layout);
  ChronoRenderOptions o;
  chrono_render_options_init (&o, trace, 1008, 100);
  o.legend_height = 0;
  g_autoptr (cairo_surface_t) image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1008, 100);
  cairo_t *cr = cairo_create (image);
  chrono_renderer_draw (renderer, cr, &o);
  cairo_destroy (cr);
  int tick_x = column_of (&o, 1000);
  g_assert_cmpint (o.width - tick_x, <, 20);
  /* between that tick and the edge, the ruler's label band holds no text */
  const ChronoPalette *palette = chrono_palette_get (FALSE);
  for (int x = tick_x + 2; x < o.width; x++)
    for (int y = 2; y < o.ruler_height - 8; y++)
      assert_colour (image, x, y, &palette->chrome, "ruler after the last tick");
}

/* Too many arrows in view are noise: none is drawn, rather than the first
 * twenty thousand piled up at the left edge as if the rest had none. */
static void
test_crowded_links (void)
{
  cairo_surface_t *none = draw_with_links (0), *few = draw_with_links (50), *crowd = draw_with_links (100000);
  g_assert_false (same_pixels (none, few));
  g_assert_true (same_pixels (none, crowd));
  cairo_surface_destroy (none);
  cairo_surface_destroy (few);
  cairo_surface_destroy (crowd);
}

/* Epoch nanoseconds are about 1.7e18, where a double's step is 256 ticks:
 * times a few ticks apart must still land on their own columns, and a
 * view a few ticks wide must still have a width. */
static void
test_epoch_times_map_to_columns (void)
{
  ChronoRenderOptions o;
  chrono_render_options_init (&o, NULL, 400, 0);
  o.label_width = 0;
  o.begin = G_GINT64_CONSTANT (1700000000000000001);
  o.end = o.begin + 4;
  for (gint64 k = 0; k <= 4; k++)
    g_assert_cmpfloat_with_epsilon (chrono_render_options_time_to_x (&o, o.begin + k), 100.0 * (double) k, 1e-6);
  for (gint64 k = 0; k < 4; k++)
    g_assert_cmpint (chrono_render_options_x_to_time (&o, 100.0 * (double) k + 50.0), ==, o.begin + k);
  /* the widest view: from the first to the last tick there is */
  o.begin = G_MININT64;
  o.end = G_MAXINT64;
  g_assert_cmpfloat_with_epsilon (chrono_render_options_time_to_x (&o, 0), 200.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (chrono_render_options_time_to_x (&o, G_MAXINT64), 400.0, 1e-6);
  /* and back: columns of the whole range are times whose offset from its begin does not fit in 63 bits */
  g_assert_cmpint (chrono_render_options_x_to_time (&o, 300.0), >, G_MAXINT64 / 2 - (G_GINT64_CONSTANT (1) << 55));
  g_assert_cmpint (chrono_render_options_x_to_time (&o, 300.0), <, G_MAXINT64 / 2 + (G_GINT64_CONSTANT (1) << 55));
  g_assert_cmpint (chrono_render_options_x_to_time (&o, 1e9), ==, G_MAXINT64);
  g_assert_cmpint (chrono_render_options_x_to_time (&o, -1e9), ==, G_MININT64);
}

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/epoch-times-map-to-columns", test_epoch_times_map_to_columns);
  ADD ("/render/states", test_states);
  ADD ("/render/cores-by-process", test_cores_by_process);
  ADD ("/render/tiny-span", test_tiny_span);
  ADD ("/render/crowded-lane", test_crowded_lane);
  ADD ("/render/sparse-lane-shows-load", test_sparse_lane_shows_load);
  ADD ("/render/signal-curve", test_signal_curve);
  ADD ("/render/dark-theme", test_dark_theme);
  ADD ("/render/vector-exports", test_vector_exports);
  ADD ("/render/highlighted-ranges", test_highlighted_ranges);
  ADD ("/render/path", test_path);
  ADD ("/render/export-errors", test_export_errors);
  ADD ("/render/overlays", test_overlays);
  ADD ("/render/sample-pictures", test_sample_pictures);
  ADD ("/render/layout", test_layout);
  ADD ("/render/options", test_options);
  g_test_add_func ("/render/empty", test_empty);
  g_test_add_func ("/render/names-keep-what-differs", test_names_keep_what_differs);
  g_test_add_func ("/render/crowded-links", test_crowded_links);
  g_test_add_func ("/render/name-colours-distinct", test_name_colours_distinct);
  g_test_add_func ("/render/density-channels-apart", test_density_channels_apart);
  g_test_add_func ("/render/mpi-regions-red", test_mpi_regions_red);
  g_test_add_func ("/render/arrows-bundled-and-filtered", test_arrows_bundled_and_filtered);
  g_test_add_func ("/render/overview-dominant-region", test_overview_dominant_region);
  g_test_add_func ("/render/rows-as-tall-as-the-range", test_rows_as_tall_as_the_range);
  g_test_add_func ("/render/claims-keep-their-edges", test_claims_keep_their_edges);
  g_test_add_func ("/render/constant-signal-axis", test_constant_signal_axis);
  g_test_add_func ("/render/ruler-labels-are-whole", test_ruler_labels_are_whole);
  return g_test_run ();
}
