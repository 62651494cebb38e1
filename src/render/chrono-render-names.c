/* chrono-render-names.c — lane names in the name column.  A name too long
 * for the column is shortened where it reads like its siblings': a part
 * every sibling shares (the "A2rocm_smi:::…:device=" of metric lanes) goes
 * first, so what tells the lane apart stays in sight.  The column's width
 * to fit the names is measured here too, with the fonts they are drawn in. */
#include "chrono-render-private.h"

#include <math.h>
#include <string.h>

/* Past this many rows the names are not measured: the column is as wide as the first ones need. */
#define MAX_MEASURED_ROWS 4000

static gboolean
is_separator (gunichar c)
{
  return g_unichar_isspace (c) || strchr (":_/.=,;([{-", (int) c) != NULL;
}

/* Bytes at the start of a that b has too, whole characters only. */
static gsize
common_prefix (const char *a, const char *b)
{
  const char *p = a, *q = b;
  while (*p != '\0' && g_utf8_get_char (p) == g_utf8_get_char (q))
    {
      p = g_utf8_next_char (p);
      q = g_utf8_next_char (q);
    }
  return (gsize) (p - a);
}

/* The start of the last word (after a separator) of the prefix: the word stays, for context. */
static gsize
back_to_word (const char *name, gsize prefix)
{
  const char *start = name + prefix;
  /* skip the separators the prefix ends with, then the word before them */
  while (start > name && is_separator (g_utf8_get_char (g_utf8_prev_char (start))))
    start = g_utf8_prev_char (start);
  while (start > name && !is_separator (g_utf8_get_char (g_utf8_prev_char (start))))
    start = g_utf8_prev_char (start);
  return (gsize) (start - name);
}

/* How many bytes at the start of name all the other names share, cut back to a word; 0 for fewer than two. */
static gsize
shared_prefix (const char *name, GPtrArray *names)
{
  if (names->len < 2)
    return 0;
  gsize prefix = strlen (name);
  for (guint i = 0; i < names->len && prefix > 0; i++)
    prefix = MIN (prefix, common_prefix (name, g_ptr_array_index (names, i)));
  return back_to_word (name, prefix);
}

/* The names of lane and its siblings: the lanes under its parent, or the
 * headings of the traces of a set when it is one of them. */
static GPtrArray *
sibling_names (ChronoLane *lane, ChronoTraceSet *set)
{
  GPtrArray *names = g_ptr_array_new ();
  if (set != NULL && chrono_trace_set_find_lane (set, lane) != G_MAXUINT
      && chrono_trace_set_get_heading (set, chrono_trace_set_find_lane (set, lane)) == lane)
    {
      for (guint m = 0; m < chrono_trace_set_get_n (set); m++)
        g_ptr_array_add (names, (gpointer) chrono_lane_get_display_name (chrono_trace_set_get_heading (set, m)));
      return names;
    }
  ChronoLane *parent = chrono_lane_get_parent (lane);
  GListModel *siblings = parent != NULL ? chrono_lane_get_children (parent) : NULL;
  for (guint i = 0; siblings != NULL && i < g_list_model_get_n_items (siblings); i++)
    {
      /* the parent holds its children: the names outlive the reference dropped here */
      g_autoptr (ChronoLane) sibling = g_list_model_get_item (siblings, i);
      g_ptr_array_add (names, (gpointer) chrono_lane_get_display_name (sibling));
    }
  return names;
}

static const char *
name_tail (ChronoLane *lane, ChronoTraceSet *set)
{
  const char *name = chrono_lane_get_display_name (lane);
  g_autoptr (GPtrArray) names = sibling_names (lane, set);
  return name + shared_prefix (name, names);
}

const char *
chrono_renderer_name_tail (ChronoLane *lane, ChronoTraceSet *set)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  return name_tail (lane, set);
}

void
chrono_render_lane_name (ChronoRenderContext *ctx, PangoLayout *layout, ChronoLane *lane, ChronoTraceSet *set,
                         const char *name, double x, double y, double room)
{
  int width;
  chrono_render_text_size (layout, name, &width, NULL);
  const char *tail = width > room && lane != NULL ? name_tail (lane, set) : name;
  if (tail == name)
    {
      chrono_render_text (ctx, layout, name, x, y, room, &ctx->palette->text);
      return;
    }
  g_autofree char *shortened = g_strconcat ("…", tail, NULL);
  chrono_render_text (ctx, layout, shortened, x, y, room, &ctx->palette->text);
}

int
chrono_renderer_measure_names (ChronoRenderer *renderer)
{
  g_return_val_if_fail (CHRONO_IS_RENDERER (renderer), 0);
  ChronoLayout *layout = chrono_renderer_get_layout (renderer);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *name_text = chrono_render_create_text_layout (cr, CHRONO_RENDER_NAME_FONT);
  PangoLayout *heading_text = chrono_render_create_text_layout (cr, CHRONO_RENDER_HEADING_FONT);
  double widest = 0;
  guint n = MIN (chrono_layout_get_n_rows (layout), MAX_MEASURED_ROWS);
  for (guint i = 0; i < n; i++)
    {
      const ChronoLayoutRow *row = chrono_layout_get_row (layout, i);
      if (row->node != CHRONO_TREE_NONE)
        continue; /* a node's name is its key and number: short */
      ChronoRowStyle style = chrono_layout_row_get_style (row);
      int width;
      chrono_render_text_size (style == CHRONO_ROW_HEADING ? heading_text : name_text,
                               chrono_lane_get_display_name (row->lane), &width, NULL);
      /* a signal's axis values share its row's room */
      double extra = style == CHRONO_ROW_SIGNAL ? 4.0 : 0.0;
      widest = MAX (widest, chrono_render_name_x (row) + width + CHRONO_RENDER_LABEL_MARGIN + extra);
    }
  g_object_unref (name_text);
  g_object_unref (heading_text);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return (int) ceil (widest) + 1;
}
