/* chrono-etf-windows.c — decoding a window of start times of a lazily read
 * TRACE file (chrono-etf-lazy.h; chrono-lazy-windows.c reads the window's
 * blocks and seals the trace): its claims are read from the blocks that
 * hold them, put in the order a whole read sorts them, and placed from the
 * sub-rows and running claims saved when the window began, so each span is
 * the whole read's, bit for bit. */
#include "chrono-etf-lazy.h"

void
chrono_etf_lazy_data_free (EtfLazyData *data)
{
  for (guint w = 0; data->windows != NULL && w < data->windows->len; w++)
    {
      EtfWindowState *window = &g_array_index (data->windows, EtfWindowState, w);
      g_array_unref (window->busy);
      g_array_unref (window->running);
    }
  g_clear_pointer (&data->windows, g_array_unref);
  g_clear_pointer (&data->resource_refs, g_array_unref);
  g_clear_pointer (&data->resources, g_array_unref);
  g_clear_pointer (&data->resource_names, g_ptr_array_unref);
  g_clear_pointer (&data->activity_names, g_ptr_array_unref);
  g_clear_pointer (&data->signal_ids, g_array_unref);
  g_clear_pointer (&data->signal_names, g_ptr_array_unref);
  g_clear_pointer (&data->grouping, g_ptr_array_unref);
  g_clear_pointer (&data->event_grouping, g_ptr_array_unref);
  g_clear_pointer (&data->filter, g_hash_table_unref);
  g_free (data->colouring);
  g_free (data);
}

/* ---- a reader for one window ------------------------------------------------ */

typedef struct {
  ChronoEtfClaim claim;
  guint64 seq; /* file order: equal starts keep it, as the whole read's stable sort does */
} Collected;

typedef struct {
  EtfReader *r;
  gint64 begin, end;
  GArray *claims; /* Collected */
  gint64 range_begin; /* begin, or the beginning of time in the first window: for fragments and events */
  ChronoEtfIds signals; /* signal id -> index in EtfLazyData.signal_ids */
  GArray **fragments; /* ChronoFragment, per signal: those overlapping [range_begin, end) */
} Collector;

static void
collect_claim (gpointer data, ChronoEtfClaim *claim, const Fields *fields)
{
  Collector *c = data;
  gint64 start = chrono_etf_to_ticks (c->r, claim->t0);
  if (start < c->begin || start >= c->end)
    return;
  claim->attrs = chrono_etf_intern_attributes (c->r, fields->attributes, fields->attributes_length);
  Collected item = { *claim, c->claims->len };
  g_array_append_val (c->claims, item);
}

static void
collect_fragment (gpointer data, gint64 id, const RawFragment *raw)
{
  Collector *c = data;
  ChronoFragment f;
  chrono_etf_convert_fragment (c->r, raw, &f);
  gboolean before_end = c->end == G_MAXINT64 || f.t0 < c->end;
  gboolean after_begin = f.t1 > c->range_begin || (f.t1 == f.t0 && f.t0 >= c->range_begin);
  guint32 index = chrono_etf_ids_lookup (&c->signals, id);
  if (before_end && after_begin && index != CHRONO_ETF_NO_INDEX)
    g_array_append_val (c->fragments[index], f);
}

static void
collector_init_signals (Collector *c, const EtfLazyData *data)
{
  guint n = data->signal_ids ? data->signal_ids->len : 0;
  chrono_etf_ids_init (&c->signals, n);
  c->fragments = g_new0 (GArray *, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      chrono_etf_ids_insert (&c->signals, g_array_index (data->signal_ids, gint64, i), i);
      c->fragments[i] = g_array_new (FALSE, FALSE, sizeof (ChronoFragment));
    }
  if (n > 0)
    {
      c->r->fragment_sink = collect_fragment;
      c->r->fragment_sink_data = c;
    }
}

static void
collector_clear_signals (Collector *c, const EtfLazyData *data)
{
  for (guint i = 0; data->signal_ids != NULL && i < data->signal_ids->len; i++)
    g_clear_pointer (&c->fragments[i], g_array_unref);
  g_free (c->fragments);
  chrono_etf_ids_clear (&c->signals);
}

/* The window's events as marks, on lanes named as the index's; how many. */
static guint
add_event_marks (EtfReader *r, const EtfLazyData *data, const Collector *c)
{
  if (!data->has_events)
    return 0;
  EtfEventMarks range = { c->range_begin, c->end };
  g_autoptr (GPtrArray) lanes = NULL;
  chrono_etf_build_events (r, chrono_etf_add_group (r, N_ ("Events")), &range, &lanes);
  guint n = 0;
  for (guint i = 0; i < r->events->len; i++)
    {
      gint64 time = chrono_etf_to_ticks (r, g_array_index (r->events, Event, i).t);
      n += time >= range.begin && (range.end == G_MAXINT64 || time < range.end);
    }
  return n;
}

/* The window's fragments, on lanes named as the index's. */
static void
add_signal_lanes (EtfReader *r, const EtfLazyData *data, Collector *c)
{
  if (data->signal_ids == NULL || data->signal_ids->len == 0)
    return;
  ChronoLane *group = chrono_etf_add_group (r, N_ ("Signals"));
  for (guint i = 0; i < data->signal_ids->len; i++)
    {
      if (c->fragments[i]->len == 0)
        continue;
      g_autoptr (ChronoLane) lane =
          chrono_lane_new (g_ptr_array_index (data->signal_names, i), CHRONO_LANE_SIGNAL, "S");
      chrono_lane_set_source (lane, g_array_index (data->signal_ids, gint64, i), CHRONO_ATTRS_NONE, 0.0);
      chrono_lane_append_child (group, lane);
      ChronoSignal *signal = chrono_lane_ensure_signal (lane, r->ticks_per_second);
      for (guint f = 0; f < c->fragments[i]->len; f++)
        {
          const ChronoFragment *fragment = &g_array_index (c->fragments[i], ChronoFragment, f);
          chrono_signal_append (signal, fragment);
          chrono_trace_include_time (r->trace, fragment->t0);
          chrono_trace_include_time (r->trace, fragment->t1);
        }
    }
}

static int
compare_collected (gconstpointer a, gconstpointer b)
{
  const Collected *x = a, *y = b;
  if (x->claim.t0 != y->claim.t0)
    return x->claim.t0 < y->claim.t0 ? -1 : 1;
  return (x->seq > y->seq) - (x->seq < y->seq);
}

/* The decoding reader: the index's resources, options and unit, its own trace. */
static void
reader_setup (EtfReader *r, const EtfLazyData *data, ChronoTrace *trace)
{
  chrono_etf_reader_init (r, trace, chrono_trace_get_path (trace));
  r->ticks_per_unit = data->ticks_per_unit;
  r->unit_line = data->unit_line;
  r->early_ticks_per_unit = data->early_ticks_per_unit;
  r->ticks_per_second = data->ticks_per_second;
  g_ptr_array_set_size (r->grouping, 0);
  for (guint i = 0; i < data->grouping->len; i++)
    g_ptr_array_add (r->grouping, g_strdup (g_ptr_array_index (data->grouping, i)));
  r->colouring = g_strdup (data->colouring);
  g_ptr_array_set_size (r->event_grouping, 0);
  for (guint i = 0; data->event_grouping != NULL && i < data->event_grouping->len; i++)
    g_ptr_array_add (r->event_grouping, g_strdup (g_ptr_array_index (data->event_grouping, i)));
  r->filter = data->filter ? g_hash_table_ref (data->filter) : NULL;
  for (guint i = 0; i < data->resource_refs->len; i++)
    chrono_etf_resource_ref (r, g_array_index (data->resource_refs, ResourceRef, i).id);
  g_array_set_size (r->resource_refs, 0);
  g_array_append_vals (r->resource_refs, data->resource_refs->data, data->resource_refs->len);
  g_array_append_vals (r->resources, data->resources->data, data->resources->len);
  chrono_etf_intern_keys (r);
}

/* The lanes a window may fill, every one the index has, with the same names. */
static void
add_lanes (EtfReader *r, const EtfLazyData *data, ChronoLane *resources)
{
  for (guint i = 0; i < r->resources->len; i++)
    {
      Resource *res = &g_array_index (r->resources, Resource, i);
      const char *name = g_ptr_array_index (data->resource_names, i);
      if (name == NULL)
        continue;
      g_autoptr (ChronoLane) lane = chrono_lane_new (name, CHRONO_LANE_RESOURCE, "R");
      chrono_lane_set_source (lane, res->id, CHRONO_ATTRS_NONE, 0.0 + res->capacity);
      chrono_lane_append_child (resources, lane);
      res->lane = lane;
      res->spans = NULL;
      res->placed = g_array_new (FALSE, FALSE, sizeof (PlacedClaim));
    }
}

/* What the start-order pass saved when the window began. */
static void
restore_state (EtfReader *r, Placement *p, const EtfWindowState *window)
{
  for (guint i = 0; i < window->busy->len; i++)
    {
      const EtfBusySlot *busy = &g_array_index (window->busy, EtfBusySlot, i);
      GArray *slot_ends = g_array_index (p->activities, Activity, busy->activity).slot_ends;
      gint64 free = G_MININT64;
      while (slot_ends->len <= busy->slot)
        g_array_append_val (slot_ends, free);
      g_array_index (slot_ends, gint64, busy->slot) = busy->end;
    }
  for (guint i = 0; i < window->running->len; i++)
    {
      const EtfRunning *running = &g_array_index (window->running, EtfRunning, i);
      PlacedClaim placed = { running->offset, running->amount, running->end };
      g_array_append_val (g_array_index (r->resources, Resource, running->resource).placed, placed);
    }
}

/* As chrono_etf_fill_claim_lanes places a claim, on both its lanes. */
static void
place (EtfReader *r, Placement *p, ChronoEtfClaim *claim)
{
  guint32 index = chrono_etf_place_claim (r, p, claim);
  if (index == CHRONO_ETF_NO_INDEX)
    return;
  Activity *activity = &g_array_index (p->activities, Activity, index);
  gint64 start = chrono_etf_to_ticks (r, claim->t0), end = chrono_etf_to_ticks (r, claim->t1);
  ChronoSpan span = { start,
                      end,
                      CHRONO_STATE_BUSY,
                      0,
                      chrono_etf_free_slot (activity->slot_ends, start, end),
                      claim->label,
                      CHRONO_NO_INSTANCE,
                      claim->attrs };
  chrono_spans_append (activity->spans, &span);
  Resource *res = chrono_etf_claim_resource (r, claim);
  double offset = res->uses_offset ? claim->offset : chrono_etf_pack_claim (res, start, end, claim->amount);
  ChronoExtent extent = { offset, claim->amount };
  span.depth = 0;
  if (res->spans == NULL)
    res->spans = chrono_lane_ensure_spans (res->lane);
  chrono_spans_append_with_extent (res->spans, &span, &extent);
}

static void
read_block (gpointer data, const char *text, gsize length, guint64 first_line)
{
  EtfReader *r = data;
  r->line = first_line - 1;
  chrono_etf_read_block (r, text, length);
}

gboolean
chrono_etf_decode_window (gconstpointer format_data, ChronoLazyWindows *windows, const ChronoWindowsRange *range,
                          ChronoTrace *trace, GCancellable *cancellable, GError **error)
{
  const EtfLazyData *data = format_data;
  const EtfWindowState *window = &g_array_index (data->windows, EtfWindowState, range->index);
  EtfReader r;
  reader_setup (&r, data, trace);
  chrono_trace_set_clock (trace, range->clock); /* the reader set the default unit's */
  Collector collector = { &r, range->begin, range->end, g_array_new (FALSE, FALSE, sizeof (Collected)),
                          range->reach_begin };
  collector_init_signals (&collector, data);
  r.claims_only = TRUE;
  r.window_events = data->has_events;
  r.claim_sink = collect_claim;
  r.claim_sink_data = &collector;
  gboolean ok = chrono_lazy_windows_read_blocks (windows, range, read_block, &r, cancellable, error);
  if (ok)
    {
      ChronoLane *activities = chrono_etf_add_group (&r, N_ ("Activities"));
      add_lanes (&r, data, chrono_etf_add_group (&r, N_ ("Resources")));
      Placement *p = chrono_etf_placement_new (&r, activities);
      for (guint i = 0; i < data->activity_names->len; i++)
        chrono_etf_placement_add_activity (p, g_ptr_array_index (data->activity_names, i));
      restore_state (&r, p, window);
      g_array_sort (collector.claims, compare_collected);
      for (guint i = 0; i < collector.claims->len; i++)
        place (&r, p, &g_array_index (collector.claims, Collected, i).claim);
      chrono_lane_sort_children (activities);
      guint n_marks = add_event_marks (&r, data, &collector);
      add_signal_lanes (&r, data, &collector);
      chrono_trace_set_n_events (trace, collector.claims->len + n_marks);
      chrono_etf_placement_free (p);
    }
  for (guint i = 0; i < r.resources->len; i++)
    g_clear_pointer (&g_array_index (r.resources, Resource, i).placed, g_array_unref);
  g_array_unref (collector.claims);
  collector_clear_signals (&collector, data);
  chrono_etf_reader_clear (&r);
  return ok;
}
