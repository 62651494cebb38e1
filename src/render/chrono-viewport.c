/* chrono-viewport.c — ranges are kept inside the trace and never narrower
 * than MIN_SPAN ticks; zooming (not panning) records history so Back
 * returns to where the user was looking.
 *
 * The viewport is also the group of the view's actions (zoom in and out,
 * fit, back, pan), as Sysprof's zoom manager is: buttons, menus, shortcuts
 * and keys all activate these, and "zoom-back" is enabled only while there
 * is somewhere to go back to. */
#include "chrono-viewport.h"

#include <gio/gio.h>
#include <math.h>

#define MIN_SPAN 10
#define MAX_HISTORY 64
#define ZOOM_STEP 2.0 /* one zoom action halves or doubles the visible span */
#define PAN_STEP 0.2 /* one pan action moves by a fifth of the visible span */

typedef struct {
  gint64 begin, end;
} Range;

struct _ChronoViewport {
  GObject parent_instance;
  gint64 trace_begin, trace_end;
  gint64 origin; /* where relative times count from: the trace's start when it was set */
  gint64 begin, end;
  double scroll_y;
  GArray *history; /* Range */
  gint64 last_zoom_us; /* monotonic time of the last zoom step, to group a burst */
  gboolean has_marker[2];
  gint64 marker[2];
  gboolean has_selection;
  gint64 selection_begin, selection_end;
  gboolean has_cursor;
  gint64 cursor;
  gboolean absolute_time;
  GSimpleActionGroup *actions;
};

enum { CHANGED, OVERLAY_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

enum { PROP_0, PROP_BEGIN, PROP_END, PROP_SCROLL_Y, PROP_TIME_ORIGIN, PROP_CAN_GO_BACK, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void chrono_viewport_action_group_init (GActionGroupInterface *iface);
static void chrono_viewport_action_map_init (GActionMapInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ChronoViewport, chrono_viewport, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_ACTION_GROUP, chrono_viewport_action_group_init)
                                   G_IMPLEMENT_INTERFACE (G_TYPE_ACTION_MAP, chrono_viewport_action_map_init))

/* ---- the actions ------------------------------------------------------------ */

/* Around the pointer when it is over the lanes, else around the centre. */
static gint64
zoom_anchor (ChronoViewport *self)
{
  return self->has_cursor ? self->cursor : self->begin + (self->end - self->begin) / 2;
}

static void
zoom_in_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  chrono_viewport_zoom (data, ZOOM_STEP, zoom_anchor (data));
}

static void
zoom_out_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  chrono_viewport_zoom (data, 1.0 / ZOOM_STEP, zoom_anchor (data));
}

static void
zoom_fit_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  chrono_viewport_fit (data);
}

static void
zoom_back_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  chrono_viewport_go_back (data);
}

static void
pan_left_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  chrono_viewport_pan_fraction (data, -PAN_STEP);
}

static void
pan_right_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  chrono_viewport_pan_fraction (data, PAN_STEP);
}

static const GActionEntry view_actions[] = {
  { "zoom-in", zoom_in_activated },     { "zoom-out", zoom_out_activated }, { "zoom-fit", zoom_fit_activated },
  { "zoom-back", zoom_back_activated }, { "pan-left", pan_left_activated }, { "pan-right", pan_right_activated },
};

/* The interfaces hand everything to the group inside, whose signals are
 * re-emitted as the viewport's own. */
static gchar **
list_actions (GActionGroup *group)
{
  return g_action_group_list_actions (G_ACTION_GROUP (CHRONO_VIEWPORT (group)->actions));
}

static gboolean
query_action (GActionGroup *group, const gchar *name, gboolean *enabled, const GVariantType **parameter_type,
              const GVariantType **state_type, GVariant **state_hint, GVariant **state)
{
  return g_action_group_query_action (G_ACTION_GROUP (CHRONO_VIEWPORT (group)->actions), name, enabled, parameter_type,
                                      state_type, state_hint, state);
}

static void
activate_action (GActionGroup *group, const gchar *name, GVariant *parameter)
{
  g_action_group_activate_action (G_ACTION_GROUP (CHRONO_VIEWPORT (group)->actions), name, parameter);
}

static void
change_action_state (GActionGroup *group, const gchar *name, GVariant *value)
{
  g_action_group_change_action_state (G_ACTION_GROUP (CHRONO_VIEWPORT (group)->actions), name, value);
}

static void
chrono_viewport_action_group_init (GActionGroupInterface *iface)
{
  iface->list_actions = list_actions;
  iface->query_action = query_action;
  iface->activate_action = activate_action;
  iface->change_action_state = change_action_state;
}

static GAction *
lookup_action (GActionMap *map, const gchar *name)
{
  return g_action_map_lookup_action (G_ACTION_MAP (CHRONO_VIEWPORT (map)->actions), name);
}

static void
add_action (GActionMap *map, GAction *action)
{
  g_action_map_add_action (G_ACTION_MAP (CHRONO_VIEWPORT (map)->actions), action);
}

static void
remove_action (GActionMap *map, const gchar *name)
{
  g_action_map_remove_action (G_ACTION_MAP (CHRONO_VIEWPORT (map)->actions), name);
}

static void
chrono_viewport_action_map_init (GActionMapInterface *iface)
{
  iface->lookup_action = lookup_action;
  iface->add_action = add_action;
  iface->remove_action = remove_action;
}

static void
forward_added (GActionGroup *inner, const char *name, gpointer self)
{
  g_action_group_action_added (G_ACTION_GROUP (self), name);
}

static void
forward_removed (GActionGroup *inner, const char *name, gpointer self)
{
  g_action_group_action_removed (G_ACTION_GROUP (self), name);
}

static void
forward_enabled (GActionGroup *inner, const char *name, gboolean enabled, gpointer self)
{
  g_action_group_action_enabled_changed (G_ACTION_GROUP (self), name, enabled);
}

static void
forward_state (GActionGroup *inner, const char *name, GVariant *state, gpointer self)
{
  g_action_group_action_state_changed (G_ACTION_GROUP (self), name, state);
}

/* Back is possible exactly while there is history. */
static void
history_changed (ChronoViewport *self, gboolean could_go_back)
{
  gboolean can = chrono_viewport_can_go_back (self);
  if (can == could_go_back)
    return;
  GAction *back = g_action_map_lookup_action (G_ACTION_MAP (self->actions), "zoom-back");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (back), can);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_GO_BACK]);
}

/* ---- the object -------------------------------------------------------------- */

static void
chrono_viewport_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  ChronoViewport *self = CHRONO_VIEWPORT (object);
  switch (id)
    {
    case PROP_BEGIN: g_value_set_int64 (value, self->begin); break;
    case PROP_END: g_value_set_int64 (value, self->end); break;
    case PROP_SCROLL_Y: g_value_set_double (value, self->scroll_y); break;
    case PROP_TIME_ORIGIN: g_value_set_int64 (value, chrono_viewport_get_origin (self)); break;
    case PROP_CAN_GO_BACK: g_value_set_boolean (value, chrono_viewport_can_go_back (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
chrono_viewport_finalize (GObject *object)
{
  ChronoViewport *self = CHRONO_VIEWPORT (object);
  g_signal_handlers_disconnect_by_data (self->actions, self);
  g_object_unref (self->actions);
  g_array_unref (self->history);
  G_OBJECT_CLASS (chrono_viewport_parent_class)->finalize (object);
}

static void
chrono_viewport_class_init (ChronoViewportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = chrono_viewport_finalize;
  object_class->get_property = chrono_viewport_get_property;
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  properties[PROP_BEGIN] = g_param_spec_int64 ("begin", NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
  properties[PROP_END] = g_param_spec_int64 ("end", NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
  properties[PROP_SCROLL_Y] = g_param_spec_double ("scroll-y", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  properties[PROP_TIME_ORIGIN] = g_param_spec_int64 ("time-origin", NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
  properties[PROP_CAN_GO_BACK] = g_param_spec_boolean ("can-go-back", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* "changed": the visible range or the vertical scroll moved */
  signals[CHANGED] =
      g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* "overlay-changed": markers, selection or cursor moved; the lanes stay as they are */
  signals[OVERLAY_CHANGED] = g_signal_new ("overlay-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 0);
}

static void
chrono_viewport_init (ChronoViewport *self)
{
  self->history = g_array_new (FALSE, FALSE, sizeof (Range));
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), view_actions, G_N_ELEMENTS (view_actions), self);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->actions), "zoom-back")),
                               FALSE);
  g_signal_connect (self->actions, "action-added", G_CALLBACK (forward_added), self);
  g_signal_connect (self->actions, "action-removed", G_CALLBACK (forward_removed), self);
  g_signal_connect (self->actions, "action-enabled-changed", G_CALLBACK (forward_enabled), self);
  g_signal_connect (self->actions, "action-state-changed", G_CALLBACK (forward_state), self);
}

/* Which properties a move of the visible range changed. */
static void
notify_range (ChronoViewport *self, gint64 old_begin, gint64 old_end)
{
  if (self->begin != old_begin)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BEGIN]);
  if (self->end != old_end)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_END]);
}

ChronoViewport *
chrono_viewport_new (gint64 trace_begin, gint64 trace_end)
{
  ChronoViewport *viewport = g_object_new (CHRONO_TYPE_VIEWPORT, NULL);
  chrono_viewport_set_trace_range (viewport, trace_begin, trace_end);
  return viewport;
}

/* A trace shorter than MIN_SPAN (or empty) still gets a usable window. */
void
chrono_viewport_set_trace_range (ChronoViewport *viewport, gint64 begin, gint64 end)
{
  if (end - begin < MIN_SPAN)
    end = begin + MIN_SPAN;
  gint64 old_begin = viewport->begin, old_end = viewport->end, old_origin = chrono_viewport_get_origin (viewport);
  gboolean could_go_back = chrono_viewport_can_go_back (viewport);
  viewport->trace_begin = begin;
  viewport->trace_end = end;
  viewport->origin = begin;
  viewport->begin = begin;
  viewport->end = end;
  g_array_set_size (viewport->history, 0);
  g_signal_emit (viewport, signals[CHANGED], 0);
  notify_range (viewport, old_begin, old_end);
  if (chrono_viewport_get_origin (viewport) != old_origin)
    g_object_notify_by_pspec (G_OBJECT (viewport), properties[PROP_TIME_ORIGIN]);
  history_changed (viewport, could_go_back);
}

void
chrono_viewport_set_trace_bounds (ChronoViewport *viewport, gint64 begin, gint64 end)
{
  if (end - begin < MIN_SPAN)
    end = begin + MIN_SPAN;
  if (begin == viewport->trace_begin && end == viewport->trace_end)
    return;
  viewport->trace_begin = begin;
  viewport->trace_end = end;
  g_signal_emit (viewport, signals[CHANGED], 0);
}

gint64
chrono_viewport_get_begin (ChronoViewport *viewport)
{
  return viewport->begin;
}

gint64
chrono_viewport_get_end (ChronoViewport *viewport)
{
  return viewport->end;
}

gint64
chrono_viewport_get_trace_begin (ChronoViewport *viewport)
{
  return viewport->trace_begin;
}

gint64
chrono_viewport_get_trace_end (ChronoViewport *viewport)
{
  return viewport->trace_end;
}

static void
apply_range (ChronoViewport *viewport, gint64 begin, gint64 end)
{
  gint64 span = MAX (end - begin, MIN_SPAN);
  gint64 trace_span = viewport->trace_end - viewport->trace_begin;
  span = MIN (span, trace_span);
  begin = CLAMP (begin, viewport->trace_begin, viewport->trace_end - span);
  end = begin + span;
  if (begin == viewport->begin && end == viewport->end)
    return;
  gint64 old_begin = viewport->begin, old_end = viewport->end;
  viewport->begin = begin;
  viewport->end = end;
  g_signal_emit (viewport, signals[CHANGED], 0);
  notify_range (viewport, old_begin, old_end);
}

/* Zoom steps closer together than this are one gesture. */
#define ZOOM_BURST_US (600 * 1000)

static void
remember (ChronoViewport *viewport)
{
  gboolean could_go_back = chrono_viewport_can_go_back (viewport);
  Range current = { viewport->begin, viewport->end };
  if (viewport->history->len > 0)
    {
      Range *last = &g_array_index (viewport->history, Range, viewport->history->len - 1);
      if (last->begin == current.begin && last->end == current.end)
        return;
    }
  if (viewport->history->len == MAX_HISTORY)
    g_array_remove_index (viewport->history, 0);
  g_array_append_val (viewport->history, current);
  history_changed (viewport, could_go_back);
}

void
chrono_viewport_set_range (ChronoViewport *viewport, gint64 begin, gint64 end)
{
  apply_range (viewport, begin, end);
}

static void zoom (ChronoViewport *viewport, double factor, gint64 anchor, gboolean step_of_a_gesture);

/* factor > 1 zooms in; anchor keeps its place on screen. */
void
chrono_viewport_zoom (ChronoViewport *viewport, double factor, gint64 anchor)
{
  zoom (viewport, factor, anchor, FALSE);
}

/* The same for a notch of the wheel: the notches of one turn are one step back. */
void
chrono_viewport_zoom_wheel (ChronoViewport *viewport, double factor, gint64 anchor)
{
  zoom (viewport, factor, anchor, TRUE);
}

static void
zoom (ChronoViewport *viewport, double factor, gint64 anchor, gboolean step_of_a_gesture)
{
  g_return_if_fail (factor > 0);
  anchor = CLAMP (anchor, viewport->begin, viewport->end);
  double span = (double) (viewport->end - viewport->begin);
  double fraction = (double) (anchor - viewport->begin) / span;
  double new_span = MAX (span / factor, (double) MIN_SPAN);
  gint64 begin = anchor - (gint64) llround (fraction * new_span);
  /* the notches of one turn of the wheel (or a held key) are one step back */
  gint64 now = g_get_monotonic_time ();
  if (!step_of_a_gesture || now - viewport->last_zoom_us > ZOOM_BURST_US)
    remember (viewport);
  viewport->last_zoom_us = step_of_a_gesture ? now : 0;
  apply_range (viewport, begin, begin + (gint64) llround (new_span));
}

void
chrono_viewport_zoom_to (ChronoViewport *viewport, gint64 begin, gint64 end)
{
  if (end < begin)
    {
      gint64 swap = begin;
      begin = end;
      end = swap;
    }
  remember (viewport);
  viewport->last_zoom_us = 0; /* a wheel turn after it is a step of its own */
  apply_range (viewport, begin, end);
}

void
chrono_viewport_pan (ChronoViewport *viewport, gint64 delta)
{
  apply_range (viewport, viewport->begin + delta, viewport->end + delta);
}

/* Pan by a fraction of the visible span (arrow keys, Shift+wheel). */
void
chrono_viewport_pan_fraction (ChronoViewport *viewport, double fraction)
{
  gint64 delta = (gint64) llround ((double) (viewport->end - viewport->begin) * fraction);
  if (delta == 0)
    delta = fraction > 0 ? 1 : -1;
  chrono_viewport_pan (viewport, delta);
}

void
chrono_viewport_fit (ChronoViewport *viewport)
{
  remember (viewport);
  apply_range (viewport, viewport->trace_begin, viewport->trace_end);
}

/* Centre time without changing the zoom. */
void
chrono_viewport_go_to (ChronoViewport *viewport, gint64 time)
{
  gint64 span = viewport->end - viewport->begin;
  remember (viewport);
  apply_range (viewport, time - span / 2, time - span / 2 + span);
}

gboolean
chrono_viewport_can_go_back (ChronoViewport *viewport)
{
  return viewport->history->len > 0;
}

gboolean
chrono_viewport_go_back (ChronoViewport *viewport)
{
  if (viewport->history->len == 0)
    return FALSE;
  Range previous = g_array_index (viewport->history, Range, viewport->history->len - 1);
  g_array_set_size (viewport->history, viewport->history->len - 1);
  history_changed (viewport, TRUE);
  apply_range (viewport, previous.begin, previous.end);
  return TRUE;
}

double
chrono_viewport_get_scroll_y (ChronoViewport *viewport)
{
  return viewport->scroll_y;
}

void
chrono_viewport_set_scroll_y (ChronoViewport *viewport, double scroll_y, double max_scroll_y)
{
  scroll_y = CLAMP (scroll_y, 0.0, MAX (max_scroll_y, 0.0));
  if (scroll_y == viewport->scroll_y)
    return;
  viewport->scroll_y = scroll_y;
  g_signal_emit (viewport, signals[CHANGED], 0);
  g_object_notify_by_pspec (G_OBJECT (viewport), properties[PROP_SCROLL_Y]);
}

static void
overlay_changed (ChronoViewport *viewport)
{
  g_signal_emit (viewport, signals[OVERLAY_CHANGED], 0);
}

void
chrono_viewport_set_marker (ChronoViewport *viewport, ChronoMarker marker, gint64 time)
{
  g_return_if_fail (marker == CHRONO_MARKER_A || marker == CHRONO_MARKER_B);
  viewport->has_marker[marker] = TRUE;
  viewport->marker[marker] = CLAMP (time, viewport->trace_begin, viewport->trace_end);
  overlay_changed (viewport);
}

void
chrono_viewport_clear_markers (ChronoViewport *viewport)
{
  viewport->has_marker[CHRONO_MARKER_A] = viewport->has_marker[CHRONO_MARKER_B] = FALSE;
  overlay_changed (viewport);
}

gboolean
chrono_viewport_get_marker (ChronoViewport *viewport, ChronoMarker marker, gint64 *out_time)
{
  g_return_val_if_fail (marker == CHRONO_MARKER_A || marker == CHRONO_MARKER_B, FALSE);
  if (viewport->has_marker[marker] && out_time != NULL)
    *out_time = viewport->marker[marker];
  return viewport->has_marker[marker];
}

/* B − A, when both markers are set. */
gboolean
chrono_viewport_get_marker_delta (ChronoViewport *viewport, gint64 *out_delta)
{
  if (!viewport->has_marker[CHRONO_MARKER_A] || !viewport->has_marker[CHRONO_MARKER_B])
    return FALSE;
  *out_delta = viewport->marker[CHRONO_MARKER_B] - viewport->marker[CHRONO_MARKER_A];
  return TRUE;
}

void
chrono_viewport_set_selection (ChronoViewport *viewport, gint64 begin, gint64 end)
{
  viewport->has_selection = TRUE;
  viewport->selection_begin = MIN (begin, end);
  viewport->selection_end = MAX (begin, end);
  overlay_changed (viewport);
}

void
chrono_viewport_clear_selection (ChronoViewport *viewport)
{
  if (!viewport->has_selection)
    return;
  viewport->has_selection = FALSE;
  overlay_changed (viewport);
}

gboolean
chrono_viewport_get_selection (ChronoViewport *viewport, gint64 *out_begin, gint64 *out_end)
{
  if (viewport->has_selection)
    {
      *out_begin = viewport->selection_begin;
      *out_end = viewport->selection_end;
    }
  return viewport->has_selection;
}

void
chrono_viewport_set_cursor (ChronoViewport *viewport, gboolean inside, gint64 time)
{
  if (viewport->has_cursor == inside && (!inside || viewport->cursor == time))
    return;
  viewport->has_cursor = inside;
  viewport->cursor = time;
  overlay_changed (viewport);
}

gboolean
chrono_viewport_get_cursor (ChronoViewport *viewport, gint64 *out_time)
{
  if (viewport->has_cursor)
    *out_time = viewport->cursor;
  return viewport->has_cursor;
}

void
chrono_viewport_set_absolute_time (ChronoViewport *viewport, gboolean absolute)
{
  if (viewport->absolute_time == absolute)
    return;
  viewport->absolute_time = absolute;
  /* the ruler is part of the cached picture, so this is a full change */
  g_signal_emit (viewport, signals[CHANGED], 0);
  g_object_notify_by_pspec (G_OBJECT (viewport), properties[PROP_TIME_ORIGIN]);
}

gboolean
chrono_viewport_get_absolute_time (ChronoViewport *viewport)
{
  return viewport->absolute_time;
}

gint64
chrono_viewport_get_origin (ChronoViewport *viewport)
{
  return viewport->absolute_time ? 0 : viewport->origin;
}

void
chrono_viewport_apply_view_state (ChronoViewport *viewport, ChronoViewState *state)
{
  g_return_if_fail (CHRONO_IS_VIEWPORT (viewport) && CHRONO_IS_VIEW_STATE (state));
  gint64 begin, end;
  if (chrono_view_state_get_range (state, &begin, &end))
    {
      /* held to the trace first: the span of a range from a file may not fit a gint64 */
      begin = CLAMP (begin, viewport->trace_begin, viewport->trace_end);
      end = CLAMP (end, viewport->trace_begin, viewport->trace_end);
      if (end > begin)
        chrono_viewport_set_range (viewport, begin, end);
    }
  gboolean absolute;
  if (chrono_view_state_get_absolute_time (state, &absolute))
    chrono_viewport_set_absolute_time (viewport, absolute);
  viewport->has_marker[CHRONO_MARKER_A] = viewport->has_marker[CHRONO_MARKER_B] = FALSE;
  for (ChronoMarker m = CHRONO_MARKER_A; m <= CHRONO_MARKER_B; m++)
    {
      gint64 time;
      if (chrono_view_state_get_marker (state, m, &time))
        {
          viewport->has_marker[m] = TRUE;
          viewport->marker[m] = CLAMP (time, viewport->trace_begin, viewport->trace_end);
        }
    }
  overlay_changed (viewport);
}

void
chrono_viewport_store_view_state (ChronoViewport *viewport, ChronoViewState *state)
{
  g_return_if_fail (CHRONO_IS_VIEWPORT (viewport) && CHRONO_IS_VIEW_STATE (state));
  chrono_view_state_set_range (state, viewport->begin, viewport->end);
  chrono_view_state_set_absolute_time (state, viewport->absolute_time);
  for (ChronoMarker m = CHRONO_MARKER_A; m <= CHRONO_MARKER_B; m++)
    chrono_view_state_set_marker (state, m, viewport->has_marker[m], viewport->marker[m]);
}
