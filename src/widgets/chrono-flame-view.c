/* chrono-flame-view.c — the paths come sorted with each path before those
 * under it and callees by name (chrono_call_paths_compute), so one pass
 * lays the icicle out: a bar starts where its caller's next callee goes.
 * Positions are kept in ticks from the left of the whole picture; the
 * focused path's extent is mapped to the width when drawing. */
#include "chrono-flame-view.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "chrono-call-paths.h"
#include "chrono-name-colours.h"
#include "chrono-widget-util.h"

#define ROW_HEIGHT 18.0
#define NO_BAR G_MAXUINT

typedef struct {
  char *joined;
  const char *region; /* the trace's string */
  guint parent; /* NO_BAR: an outermost call */
  guint depth;
  gint64 left; /* ticks from the picture's left */
  gint64 width; /* ticks: its inclusive time, or its callees' when more (a call never left has none) */
  gint64 next_child; /* where the next callee's bar starts */
  guint64 calls;
  gint64 inclusive, exclusive;
} Bar;

struct _ChronoFlameView {
  GtkDrawingArea parent_instance;
  ChronoTrace *trace;
  ChronoNameColours *colours;
  GArray *bars; /* Bar */
  GHashTable *by_path; /* joined -> index + 1 */
  gint64 total; /* the outermost calls' widths */
  guint depth; /* rows */
  guint focus; /* NO_BAR: the whole picture */
  char *focus_path; /* kept across refills */
  GHashTable *baseline; /* run A's paths: joined -> its inclusive seconds (double *); NULL: no comparison */
};

enum { REGION_CHOSEN, PATH_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoFlameView, chrono_flame_view, GTK_TYPE_DRAWING_AREA)

static Bar *
bar_at (ChronoFlameView *self, guint index)
{
  return &g_array_index (self->bars, Bar, index);
}

static void
clear_bars (ChronoFlameView *self)
{
  for (guint i = 0; self->bars != NULL && i < self->bars->len; i++)
    g_free (bar_at (self, i)->joined);
  g_clear_pointer (&self->bars, g_array_unref);
  g_clear_pointer (&self->by_path, g_hash_table_unref);
}

static guint
lookup (ChronoFlameView *self, const char *joined)
{
  gpointer found = joined != NULL && self->by_path != NULL ? g_hash_table_lookup (self->by_path, joined) : NULL;
  return found != NULL ? GPOINTER_TO_UINT (found) - 1 : NO_BAR;
}

/* A path's caller: the longest proper prefix that is a path of the range. */
static guint
caller_of (ChronoFlameView *self, const char *joined)
{
  g_autofree char *prefix = g_strdup (joined);
  for (char *cut = strrchr (prefix, ';'); cut != NULL; cut = strrchr (prefix, ';'))
    {
      *cut = '\0';
      guint found = lookup (self, prefix);
      if (found != NO_BAR)
        return found;
    }
  return NO_BAR;
}

/* A bar's callees laid out past its width (it was never left, so it has no
 * time of its own): it widens to hold them, and its callers with it. */
static void
widen_to_callees (ChronoFlameView *self, guint index)
{
  for (guint at = index; at != NO_BAR;)
    {
      Bar *bar = bar_at (self, at);
      gint64 grow = bar->next_child - bar->left - bar->width;
      if (grow <= 0)
        return;
      bar->width += grow;
      if (bar->parent == NO_BAR)
        self->total += grow;
      else
        bar_at (self, bar->parent)->next_child += grow;
      at = bar->parent;
    }
}

/* Paths come in preorder: a bar's callees all follow it before its next
 * sibling, so a caller that widens pushes only bars not placed yet. */
static void
add_bar (ChronoFlameView *self, const ChronoCallPath *path)
{
  Bar bar = { .joined = chrono_call_path_join (path),
              .region = g_ptr_array_index (path->names, path->names->len - 1),
              .width = MAX (path->inclusive, 0),
              .calls = path->calls,
              .inclusive = path->inclusive,
              .exclusive = path->exclusive };
  bar.parent = caller_of (self, bar.joined);
  if (bar.parent == NO_BAR)
    {
      bar.left = self->total;
      self->total += bar.width;
    }
  else
    {
      Bar *caller = bar_at (self, bar.parent);
      bar.depth = caller->depth + 1;
      bar.left = caller->next_child;
      caller->next_child += bar.width;
    }
  bar.next_child = bar.left;
  self->depth = MAX (self->depth, bar.depth + 1);
  g_array_append_val (self->bars, bar);
  g_hash_table_insert (self->by_path, bar.joined, GUINT_TO_POINTER (self->bars->len));
  if (bar.parent != NO_BAR)
    widen_to_callees (self, bar.parent);
}

void
chrono_flame_view_fill_paths (ChronoFlameView *self, ChronoTrace *trace, GArray *paths)
{
  g_return_if_fail (CHRONO_IS_FLAME_VIEW (self) && CHRONO_IS_TRACE (trace) && paths != NULL);
  clear_bars (self);
  chrono_widget_follow_trace (&self->trace, &self->colours, trace);
  self->bars = g_array_new (FALSE, FALSE, sizeof (Bar));
  self->by_path = g_hash_table_new (g_str_hash, g_str_equal);
  self->total = 0;
  self->depth = 0;
  for (guint i = 0; i < paths->len; i++)
    add_bar (self, &g_array_index (paths, ChronoCallPath, i));
  /* a focused path not in the range shows the whole picture until it is again */
  self->focus = lookup (self, self->focus_path);
  gtk_widget_set_size_request (GTK_WIDGET (self), -1, (int) (self->depth * ROW_HEIGHT + 2));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
chrono_flame_view_fill (ChronoFlameView *self, ChronoTrace *trace, GPtrArray *lanes, gint64 begin, gint64 end)
{
  g_return_if_fail (CHRONO_IS_FLAME_VIEW (self) && CHRONO_IS_TRACE (trace));
  GArray *paths = chrono_call_paths_compute (trace, lanes, begin, end);
  chrono_flame_view_fill_paths (self, trace, paths);
  chrono_call_paths_free (paths);
}

/* ---- where bars are ------------------------------------------------------ */

/* Whether bar is the focus or under it. */
static gboolean
in_focus (ChronoFlameView *self, guint index)
{
  for (guint at = index; at != NO_BAR; at = bar_at (self, at)->parent)
    if (at == self->focus)
      return TRUE;
  return self->focus == NO_BAR;
}

static gboolean
is_focus_caller (ChronoFlameView *self, guint index)
{
  for (guint at = self->focus != NO_BAR ? bar_at (self, self->focus)->parent : NO_BAR; at != NO_BAR;
       at = bar_at (self, at)->parent)
    if (at == index)
      return TRUE;
  return FALSE;
}

/* The bar's place in px; FALSE when it is not drawn. */
static gboolean
place (ChronoFlameView *self, guint index, double *x, double *y, double *w)
{
  const Bar *bar = bar_at (self, index);
  double width = gtk_widget_get_allocated_width (GTK_WIDGET (self));
  *y = bar->depth * ROW_HEIGHT;
  if (is_focus_caller (self, index))
    {
      *x = 0;
      *w = width;
      return TRUE;
    }
  if (!in_focus (self, index))
    return FALSE;
  gint64 left = self->focus != NO_BAR ? bar_at (self, self->focus)->left : 0;
  gint64 span = self->focus != NO_BAR ? bar_at (self, self->focus)->width : self->total;
  if (span <= 0)
    return FALSE;
  *x = (double) (bar->left - left) / (double) span * width;
  *w = (double) bar->width / (double) span * width;
  return TRUE;
}

static guint
bar_under (ChronoFlameView *self, double px, double py)
{
  for (guint i = 0; self->bars != NULL && i < self->bars->len; i++)
    {
      double x, y, w;
      if (place (self, i, &x, &y, &w) && py >= y && py < y + ROW_HEIGHT && px >= x && px < x + MAX (w, 1.0))
        return i;
    }
  return NO_BAR;
}

gboolean
chrono_flame_view_get_bar (ChronoFlameView *self, const char *joined, double *x, double *y, double *width)
{
  g_return_val_if_fail (CHRONO_IS_FLAME_VIEW (self) && joined != NULL, FALSE);
  guint index = lookup (self, joined);
  return index != NO_BAR && place (self, index, x, y, width);
}

char *
chrono_flame_view_path_at (ChronoFlameView *self, double x, double y)
{
  g_return_val_if_fail (CHRONO_IS_FLAME_VIEW (self), NULL);
  guint index = bar_under (self, x, y);
  return index != NO_BAR ? g_strdup (bar_at (self, index)->joined) : NULL;
}

/* A path's inclusive time in A (FALSE: only in B) and in B, in seconds. */
static gboolean
compared_times (ChronoFlameView *self, const Bar *bar, double *a, double *b)
{
  const double *in_a = g_hash_table_lookup (self->baseline, bar->joined);
  *b = chrono_clock_to_seconds (chrono_trace_get_clock (self->trace), bar->inclusive);
  *a = in_a != NULL ? *in_a : 0.0;
  return in_a != NULL;
}

char *
chrono_flame_view_describe_at (ChronoFlameView *self, double x, double y)
{
  g_return_val_if_fail (CHRONO_IS_FLAME_VIEW (self), NULL);
  guint index = bar_under (self, x, y);
  if (index == NO_BAR)
    return NULL;
  const Bar *bar = bar_at (self, index);
  const ChronoClock *clock = chrono_trace_get_clock (self->trace);
  g_autofree char *inclusive = chrono_clock_format_ticks (clock, bar->inclusive, 4);
  g_autofree char *exclusive = chrono_clock_format_ticks (clock, bar->exclusive, 4);
  double share = self->total > 0 ? 100.0 * (double) bar->inclusive / (double) self->total : 0.0;
  double a, b;
  if (self->baseline != NULL && !compared_times (self, bar, &a, &b))
    return g_markup_printf_escaped (_ ("<b>%s</b>\nonly in B: %" PRIu64 " calls · inclusive %s"), bar->joined,
                                    bar->calls, inclusive);
  if (self->baseline != NULL)
    {
      g_autofree char *in_a = chrono_format_duration (a, 4);
      g_autofree char *change = a > 0 ? g_strdup_printf ("%+.1f %%", 100.0 * (b - a) / a) : g_strdup ("—");
      return g_markup_printf_escaped (_ ("<b>%s</b>\ninclusive %s in A, %s in B (%s) · %" PRIu64 " calls in B"),
                                      bar->joined, in_a, inclusive, change, bar->calls);
    }
  return g_markup_printf_escaped (_ ("<b>%s</b>\n%" PRIu64 " calls · inclusive %s (%.1f %%) · exclusive %s\n"
                                     "<small>Click to outline its calls, double-click to widen it</small>"),
                                  bar->joined, bar->calls, inclusive, share, exclusive);
}

/* ---- drawing ------------------------------------------------------------- */

static void
draw_label (GtkWidget *widget, cairo_t *cr, const Bar *bar, const ChronoRgb *fill, double x, double y, double w)
{
  if (w < 24)
    return;
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, bar->region);
  pango_layout_set_width (layout, (int) ((w - 6) * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  int h;
  pango_layout_get_pixel_size (layout, NULL, &h);
  ChronoRgb ink;
  chrono_palette_get_text_on (fill, &ink);
  chrono_rgb_set_source (cr, &ink);
  cairo_move_to (cr, x + 3, y + (ROW_HEIGHT - 1 - h) / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* Compared with A: grey within ±10 %, redder the more slower (a path only
 * in B the reddest), bluer the faster; else the region's colour. */
static void
bar_colour (ChronoFlameView *self, const ChronoPalette *palette, const Bar *bar, ChronoRgb *out)
{
  if (self->baseline == NULL)
    {
      chrono_name_colours_get (self->colours, palette, bar->region, out);
      return;
    }
  static const ChronoRgb neutral = { 0.86, 0.86, 0.86 }, slower = { 0.85, 0.20, 0.15 }, faster = { 0.15, 0.38, 0.85 };
  double a, b;
  double relative = !compared_times (self, bar, &a, &b) ? 1.0 : a > 0 ? (b - a) / a : b > 0 ? 1.0 : 0.0;
  if (fabs (relative) <= 0.10)
    *out = neutral;
  else
    chrono_rgb_mix (&neutral, relative > 0 ? &slower : &faster, 0.3 + 0.7 * MIN (fabs (relative), 1.0), out);
}

static gboolean
draw (GtkWidget *widget, cairo_t *cr)
{
  ChronoFlameView *self = CHRONO_FLAME_VIEW (widget);
  if (self->bars == NULL)
    return FALSE;
  const ChronoPalette *palette = chrono_palette_get (chrono_widget_is_dark (widget));
  for (guint i = 0; i < self->bars->len; i++)
    {
      double x, y, w;
      if (!place (self, i, &x, &y, &w) || w < 0.5)
        continue;
      const Bar *bar = bar_at (self, i);
      ChronoRgb fill;
      bar_colour (self, palette, bar, &fill);
      /* the focused path's callers are context, not part of the picture's scale */
      chrono_rgb_set_source_alpha (cr, &fill, is_focus_caller (self, i) ? 0.45 : 1.0);
      cairo_rectangle (cr, x, y, MAX (w - 1.0, 0.5), ROW_HEIGHT - 1);
      cairo_fill (cr);
      draw_label (widget, cr, bar, &fill, x, y, w);
    }
  return FALSE;
}

/* ---- choosing and focusing ------------------------------------------------ */

gboolean
chrono_flame_view_focus (ChronoFlameView *self, const char *joined)
{
  g_return_val_if_fail (CHRONO_IS_FLAME_VIEW (self), FALSE);
  guint index = lookup (self, joined);
  if (joined != NULL && index == NO_BAR)
    return FALSE;
  self->focus = index;
  g_free (self->focus_path);
  self->focus_path = g_strdup (joined);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

void
chrono_flame_view_set_baseline (ChronoFlameView *self, ChronoTrace *a, GArray *paths)
{
  g_return_if_fail (CHRONO_IS_FLAME_VIEW (self) && (paths == NULL || CHRONO_IS_TRACE (a)));
  g_clear_pointer (&self->baseline, g_hash_table_unref);
  if (paths != NULL)
    {
      self->baseline = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      for (guint i = 0; i < paths->len; i++)
        {
          const ChronoCallPath *path = &g_array_index (paths, ChronoCallPath, i);
          double seconds = chrono_clock_to_seconds (chrono_trace_get_clock (a), path->inclusive);
          g_hash_table_insert (self->baseline, chrono_call_path_join (path), g_memdup2 (&seconds, sizeof seconds));
        }
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
chrono_flame_view_get_focus (ChronoFlameView *self)
{
  g_return_val_if_fail (CHRONO_IS_FLAME_VIEW (self), NULL);
  return self->focus != NO_BAR ? bar_at (self, self->focus)->joined : NULL;
}

static gboolean
button_press (GtkWidget *widget, GdkEventButton *event)
{
  ChronoFlameView *self = CHRONO_FLAME_VIEW (widget);
  if (event->button != GDK_BUTTON_PRIMARY)
    return FALSE;
  gtk_widget_grab_focus (widget);
  guint index = bar_under (self, event->x, event->y);
  if (event->type == GDK_2BUTTON_PRESS)
    {
      /* a caller of the focus (or the focus itself) goes up to its caller */
      gboolean up = index != NO_BAR && (index == self->focus || is_focus_caller (self, index));
      guint target = up ? bar_at (self, index)->parent : index;
      chrono_flame_view_focus (self, target != NO_BAR ? bar_at (self, target)->joined : NULL);
      return TRUE;
    }
  if (event->type != GDK_BUTTON_PRESS)
    return FALSE;
  const Bar *bar = index != NO_BAR ? bar_at (self, index) : NULL;
  g_signal_emit (self, signals[REGION_CHOSEN], 0, bar ? bar->region : NULL);
  g_signal_emit (self, signals[PATH_CHOSEN], 0, bar ? bar->joined : NULL);
  return TRUE;
}

static gboolean
key_press (GtkWidget *widget, GdkEventKey *event)
{
  ChronoFlameView *self = CHRONO_FLAME_VIEW (widget);
  if (event->keyval != GDK_KEY_Escape || self->focus == NO_BAR)
    return FALSE;
  guint up = bar_at (self, self->focus)->parent;
  chrono_flame_view_focus (self, up != NO_BAR ? bar_at (self, up)->joined : NULL);
  return TRUE;
}

static gboolean
query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  g_autofree char *text = keyboard ? NULL : chrono_flame_view_describe_at (CHRONO_FLAME_VIEW (widget), x, y);
  if (text != NULL)
    gtk_tooltip_set_markup (tooltip, text);
  return text != NULL;
}

static void
chrono_flame_view_dispose (GObject *object)
{
  ChronoFlameView *self = CHRONO_FLAME_VIEW (object);
  clear_bars (self);
  g_clear_pointer (&self->colours, chrono_name_colours_free);
  g_clear_pointer (&self->focus_path, g_free);
  g_clear_pointer (&self->baseline, g_hash_table_unref);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (chrono_flame_view_parent_class)->dispose (object);
}

static void
chrono_flame_view_class_init (ChronoFlameViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_flame_view_dispose;
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  widget_class->draw = draw;
  widget_class->query_tooltip = query_tooltip;
  widget_class->button_press_event = button_press;
  widget_class->key_press_event = key_press;
  signals[REGION_CHOSEN] = g_signal_new ("region-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                         NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[PATH_CHOSEN] = g_signal_new ("path-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
chrono_flame_view_init (ChronoFlameView *self)
{
  self->focus = NO_BAR;
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_can_focus (GTK_WIDGET (self), TRUE);
  gtk_widget_add_events (GTK_WIDGET (self), GDK_BUTTON_PRESS_MASK | GDK_KEY_PRESS_MASK);
}

GtkWidget *
chrono_flame_view_new (void)
{
  return g_object_new (CHRONO_TYPE_FLAME_VIEW, NULL);
}
