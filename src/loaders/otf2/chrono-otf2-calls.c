/* chrono-otf2-calls.c — a location's events: Enter/Leave as nested region
 * spans (which call a Leave closes: chrono-otf2-nesting.c), metrics as
 * signal lanes, every other record kind as an instant mark. */
#include <glib/gi18n-lib.h>

#include <inttypes.h>
#include <string.h>

#include "chrono-otf2-private.h"

/* ---- events -------------------------------------------------------------------- */

OTF2_CallbackCode
chrono_otf2_status (ChronoOtf2Reader *r)
{
  return r->window_over ? OTF2_CALLBACK_INTERRUPT : OTF2_CALLBACK_SUCCESS;
}

Location *
chrono_otf2_event_location (ChronoOtf2Reader *r, OTF2_LocationRef id, OTF2_TimeStamp time, guint64 position)
{
  gint64 t = (gint64) MIN (time, (OTF2_TimeStamp) G_MAXINT64);
  if (r->decoding && t >= r->window_end)
    {
      r->window_over = TRUE; /* the next window's: stop reading this location */
      return NULL;
    }
  if (r->resolved != NULL)
    return NULL; /* reading another window for its message ends alone */
  if (!r->have_time)
    r->begin = r->end = t;
  r->have_time = TRUE;
  r->begin = MIN (r->begin, t);
  r->end = MAX (r->end, t);
  if (!r->worker)
    chrono_trace_include_time (r->trace, t);
  guint64 key = id;
  Location *location = r->last_location != NULL && r->last_location->id == key
                           ? r->last_location
                           : g_hash_table_lookup (r->locations, &key);
  if (location != NULL)
    {
      r->last_location = location;
      if (time > (OTF2_TimeStamp) G_MAXINT64)
        chrono_otf2_tally (&location->time_beyond, 1, t);
      if (location->have_time && t < location->last_time)
        chrono_otf2_tally (&location->time_back, 1, t);
      location->last_time = location->have_time ? MAX (location->last_time, t) : t;
      location->have_time = TRUE;
      if (r->summary_buckets > 0)
        chrono_otf2_note_windows (r, location, t, position);
    }
  return location;
}

ChronoSummary *
chrono_otf2_summary (ChronoOtf2Reader *r, ChronoLane *lane)
{
  gint64 begin = (gint64) MIN (r->offset, (guint64) G_MAXINT64);
  return chrono_lane_ensure_summary (lane, begin, r->summary_buckets, (gint64) MAX (r->resolution, 1));
}

void
chrono_otf2_mark (ChronoOtf2Reader *r, Location *location, gint64 time, const char *kind)
{
  if (location == NULL)
    return;
  if (r->summary_buckets > 0)
    {
      chrono_summary_add_instant (chrono_otf2_summary (r, location->lane), time);
      return;
    }
  ChronoMark mark = { time, chrono_otf2_intern (r, kind), 0, 0, 0 };
  chrono_marks_append (chrono_lane_ensure_marks (location->lane), &mark);
}

OTF2_CallbackCode
chrono_otf2_other_event (void *data, OTF2_LocationRef id, OTF2_TimeStamp time, guint64 position, const char *kind)
{
  ChronoOtf2Reader *r = data;
  Location *location = chrono_otf2_event_location (r, id, time, position);
  chrono_otf2_mark (r, location, (gint64) MIN (time, (OTF2_TimeStamp) G_MAXINT64), kind);
  return chrono_otf2_status (r);
}

/* An event's region must be defined: ids come from the file (or from a
 * local mapping table), and an undefined one names nothing to draw. */
static gboolean
region_defined (ChronoOtf2Reader *r, Location *location, OTF2_RegionRef region)
{
  if (g_hash_table_contains (r->regions, GUINT_TO_POINTER (region)))
    return TRUE;
  chrono_otf2_tally (&location->undefined_region, 1, location->last_time);
  return FALSE;
}

/* The string id of a region's name in this reader's trace: interned before
 * the read, or (decoding a window) once a region; its name was two lookups
 * and a string hash for every call. */
static guint32
span_label (ChronoOtf2Reader *r, guint32 region)
{
  if (r->region_labels != NULL)
    return chrono_otf2_region_label (r, region);
  guint label = GPOINTER_TO_UINT (g_hash_table_lookup (r->span_labels, GUINT_TO_POINTER (region)));
  if (label != 0)
    return label - 1;
  label = chrono_strings_intern (r->strings, chrono_otf2_region_name (r, region));
  g_hash_table_insert (r->span_labels, GUINT_TO_POINTER (region), GUINT_TO_POINTER (label + 1));
  return label;
}

static ChronoSpan
call_span (ChronoOtf2Reader *r, const Frame *frame, guint depth, gint64 end, guint8 flags)
{
  ChronoSpan span = { frame->start,
                      end,
                      CHRONO_STATE_BUSY,
                      flags,
                      (guint16) MIN (depth, G_MAXUINT16),
                      span_label (r, frame->region),
                      CHRONO_NO_INSTANCE,
                      0 };
  return span;
}

/* A call's span is appended as it begins (open until its Leave ends it):
 * spans of one start then keep the order their calls began in, which the
 * order they ended in reverses (a call and the calls it made at once), and
 * call paths need. */
static void
open_call_span (ChronoOtf2Reader *r, Location *location, Frame *frame, guint depth)
{
  if (r->summary_buckets > 0)
    return;
  ChronoSpans *spans = chrono_lane_ensure_spans (location->lane);
  ChronoSpan span = call_span (r, frame, depth, frame->start, CHRONO_SPAN_OPEN_END);
  frame->span = chrono_spans_get_n (spans);
  chrono_spans_append (spans, &span);
}

static void
add_call_span (ChronoOtf2Reader *r, Location *location, const Frame *frame, guint depth, gint64 end, guint8 flags)
{
  guint16 row = (guint16) MIN (depth, G_MAXUINT16);
  if (r->summary_buckets > 0)
    {
      /* the region too: an overview of the summary shows what ran, not only that something did */
      guint32 label = r->region_labels ? chrono_otf2_region_label (r, frame->region) : 0;
      ChronoSummary *summary = chrono_otf2_summary (r, location->lane);
      chrono_summary_add_interval (summary, frame->start, end, CHRONO_STATE_BUSY, label);
      chrono_summary_note_depth (summary, row);
      return;
    }
  ChronoSpans *spans = chrono_lane_ensure_spans (location->lane);
  if (frame->span != G_MAXUINT)
    {
      chrono_spans_set_end (spans, frame->span, end, flags);
      return;
    }
  ChronoSpan span = call_span (r, frame, depth, end, flags);
  chrono_spans_append (spans, &span);
}

/* ---- an index pass's figures of the calls (chrono-call-summary.h) -------------- */

guint32
chrono_otf2_region_label (ChronoOtf2Reader *r, guint32 region)
{
  if (region < r->n_dense)
    return r->dense_labels[region];
  return GPOINTER_TO_UINT (g_hash_table_lookup (r->region_labels, GUINT_TO_POINTER (region)));
}

RegionStats *
chrono_otf2_called_region (ChronoOtf2Reader *r, guint32 region)
{
  if (region >= r->n_dense)
    return chrono_otf2_region_stats (r->region_stats, region);
  if (r->dense_stats[region] == NULL)
    r->dense_stats[region] = chrono_otf2_region_stats (r->region_stats, region);
  return r->dense_stats[region];
}

/* Whether an event's region is defined (an undefined one is tallied). */
static gboolean
known_region (ChronoOtf2Reader *r, Location *location, guint32 region)
{
  if (region < r->n_dense && r->dense_labels[region] != 0)
    return TRUE; /* a defined region has a label: its name is never "" */
  /* a region with figures is a defined one */
  return g_hash_table_contains (r->region_stats, GUINT_TO_POINTER (region)) || region_defined (r, location, region);
}

static OTF2_CallbackCode
on_enter (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
          OTF2_RegionRef region)
{
  ChronoOtf2Reader *r = data;
  Location *location = chrono_otf2_event_location (r, id, time, position);
  if (location == NULL)
    return chrono_otf2_status (r);
  if (!known_region (r, location, region))
    return OTF2_CALLBACK_SUCCESS;
  RegionStats *stats = chrono_otf2_called_region (r, region);
  location->enters++;
  stats->calls++;
  if (location->calls != NULL)
    chrono_call_summary_enter (location->calls, chrono_otf2_region_label (r, region), location->last_time);
  /* the location's time, which never goes back: no call ends before it begins */
  chrono_otf2_push_frame (location, region, location->last_time);
  open_call_span (r, location, &g_array_index (location->stack, Frame, location->stack->len - 1),
                  location->stack->len - 1);
  return OTF2_CALLBACK_SUCCESS;
}

/* A Leave closes a call and every call above it, each adding its time. */
static OTF2_CallbackCode
on_leave (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
          OTF2_RegionRef region)
{
  ChronoOtf2Reader *r = data;
  Location *location = chrono_otf2_event_location (r, id, time, position);
  if (location == NULL)
    return chrono_otf2_status (r);
  if (!known_region (r, location, region))
    return OTF2_CALLBACK_SUCCESS;
  location->leaves++;
  gint64 now = location->last_time;
  guint depth = chrono_otf2_leave_depth (location, region, now);
  if (depth == G_MAXUINT)
    return OTF2_CALLBACK_SUCCESS;
  while (location->stack->len > depth)
    {
      guint k = location->stack->len - 1;
      const Frame *frame = &g_array_index (location->stack, Frame, k);
      add_call_span (r, location, frame, k, now, 0);
      chrono_otf2_called_region (r, frame->region)->inclusive += (guint64) (now - frame->start);
      if (location->calls != NULL)
        chrono_call_summary_leave (location->calls, now);
      chrono_otf2_pop_frame (location);
    }
  return OTF2_CALLBACK_SUCCESS;
}

/* ---- metrics ----------------------------------------------------------------------- */

static double
metric_value (OTF2_Type type, OTF2_MetricValue value)
{
  switch (type)
    {
    case OTF2_TYPE_INT64: return (double) value.signed_int;
    case OTF2_TYPE_UINT64: return (double) value.unsigned_int;
    case OTF2_TYPE_DOUBLE: return value.floating_point;
    default: return (double) value.signed_int;
    }
}

/* Whether the location's member was found, in the index pass, to be shown
 * as recorded (decoding a window: its lane shows what the index's showed). */
static gboolean
recorded_in_index (ChronoOtf2Reader *r, Location *location, guint32 member_ref)
{
  GArray *members = r->index_recorded ? g_hash_table_lookup (r->index_recorded, &location->id) : NULL;
  for (guint i = 0; members != NULL && i < members->len; i++)
    if (g_array_index (members, guint32, i) == member_ref)
      return TRUE;
  return FALSE;
}

static MetricTrack *
metric_track (ChronoOtf2Reader *r, Location *location, guint32 member_ref, const MetricMember *member)
{
  MetricTrack *track = g_hash_table_lookup (location->tracks, GUINT_TO_POINTER (member_ref + 1));
  if (track != NULL)
    return track;
  track = g_new0 (MetricTrack, 1);
  track->member = member_ref;
  /* decoding, a counter carries both readings: the rate first, as the index pass made the lane */
  track->as_recorded = member->mode != OTF2_METRIC_ACCUMULATED_START;
  track->index_recorded = !track->as_recorded && recorded_in_index (r, location, member_ref);
  const char *name = chrono_otf2_string (r, member->name);
  g_autofree char *label = track->as_recorded ? g_strdup (name) : g_strdup_printf ("%s /s", name);
  g_autoptr (ChronoLane) lane = chrono_lane_new (label, CHRONO_LANE_SIGNAL, "metric");
  chrono_lane_append_child (location->lane, lane);
  track->lane = lane;
  g_hash_table_insert (location->tracks, GUINT_TO_POINTER (member_ref + 1), track);
  return track;
}

/* A sample earlier than the one before is skipped (counted: a warning at
 * the end); times past 2^63 ticks are held at the last one the model has. */
static gboolean
sample_in_order (MetricTrack *track, guint64 raw_time, gint64 time)
{
  if (!track->have_last || time >= track->last_time)
    return TRUE;
  if (track->n_back++ == 0)
    track->first_back = raw_time;
  return FALSE;
}

/* An accumulated counter is drawn as its rate, unless it goes down (a
 * plugin counter declared accumulated by mistake): then as recorded, which
 * is known only at the end, so its recorded values are kept as well. */
static void
note_counter (ChronoOtf2Reader *r, MetricTrack *track, gint64 time, double value)
{
  if (track->as_recorded)
    return;
  if (track->have_last && value < track->last_value && !track->went_down)
    {
      track->went_down = TRUE;
      track->first_down = time;
    }
  if (r->decoding || r->summary_buckets == 0)
    {
      if (track->recorded == NULL)
        track->recorded = chrono_signal_new ((gint64) MAX (r->resolution, 1));
      chrono_signal_append_step (track->recorded, time, value);
      return;
    }
  if (track->recorded_summary == NULL)
    track->recorded_summary = chrono_summary_new ((gint64) MIN (r->offset, (guint64) G_MAXINT64), r->summary_buckets,
                                                  (gint64) MAX (r->resolution, 1));
  if (track->have_last && time > track->last_time)
    chrono_summary_add_value (track->recorded_summary, track->last_time, time, track->last_value);
}

/* An absolute value (or a counter shown as recorded) holds until the next;
 * an accumulated one becomes the rate over the interval since the previous
 * sample. */
static void
add_metric_sample (ChronoOtf2Reader *r, MetricTrack *track, guint64 raw_time, double value)
{
  gint64 time = (gint64) MIN (raw_time, (guint64) G_MAXINT64);
  if (!sample_in_order (track, raw_time, time))
    return;
  note_counter (r, track, time, value);
  gboolean rate = !track->as_recorded;
  if (r->summary_buckets > 0)
    {
      /* what held since the previous sample: the value, or the rate */
      if (track->have_last && time > track->last_time)
        {
          double held = rate ? (value - track->last_value) * (double) r->resolution / (double) (time - track->last_time)
                             : track->last_value;
          chrono_summary_add_value (chrono_otf2_summary (r, track->lane), track->last_time, time, held);
        }
    }
  else
    {
      ChronoSignal *signal = chrono_lane_ensure_signal (track->lane, (gint64) r->resolution);
      if (!rate)
        chrono_signal_append_step (signal, time, value);
      else if (track->have_last && time > track->last_time)
        {
          double per_second = (value - track->last_value) * (double) r->resolution / (double) (time - track->last_time);
          ChronoFragment fragment = { track->last_time, time, per_second, 0.0, 0.0 };
          chrono_signal_append (signal, &fragment);
        }
    }
  track->have_last = TRUE;
  track->last_time = time;
  track->last_value = value;
}

static OTF2_CallbackCode
on_metric (OTF2_LocationRef id, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
           OTF2_MetricRef metric, uint8_t n, const OTF2_Type *types, const OTF2_MetricValue *values)
{
  ChronoOtf2Reader *r = data;
  Location *location = chrono_otf2_event_location (r, id, time, position);
  if (location == NULL)
    return chrono_otf2_status (r);
  location->metrics++;
  /* a class, or an instance of one; anything else is no metric (not class 0's) */
  gpointer class_ref = GUINT_TO_POINTER (metric);
  GArray *members = g_hash_table_lookup (r->metric_classes, class_ref);
  if (members == NULL
      && g_hash_table_lookup_extended (r->metric_instances, GUINT_TO_POINTER (metric), NULL, &class_ref))
    members = g_hash_table_lookup (r->metric_classes, class_ref);
  if (members == NULL)
    {
      chrono_otf2_tally (&location->undefined_metric, 1, location->last_time);
      return OTF2_CALLBACK_SUCCESS;
    }
  for (guint i = 0; i < MIN (n, members->len); i++)
    {
      guint32 member_ref = g_array_index (members, guint32, i);
      MetricMember *member = g_hash_table_lookup (r->metric_members, GUINT_TO_POINTER (member_ref));
      if (member != NULL)
        add_metric_sample (r, metric_track (r, location, member_ref, member), time, metric_value (types[i], values[i]));
    }
  return OTF2_CALLBACK_SUCCESS;
}

void
chrono_otf2_register_call_events (OTF2_EvtReaderCallbacks *c)
{
  OTF2_EvtReaderCallbacks_SetEnterCallback (c, on_enter);
  OTF2_EvtReaderCallbacks_SetLeaveCallback (c, on_leave);
  OTF2_EvtReaderCallbacks_SetMetricCallback (c, on_metric);
}

/* Calls still open at the end run to the location's last event (at a
 * window's end: the next window has them), flagged open, adding no time.
 * A location whose clock went back had its later calls begin at the
 * latest time it had seen, which may lie past the window's end: such a
 * call is not in this window, and the next window has it whole. */
void
chrono_otf2_close_open_calls (ChronoOtf2Reader *r, GPtrArray *locations, gint64 end)
{
  guint8 flags = end == G_MININT64 ? CHRONO_SPAN_OPEN_END : 0;
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      gint64 at = end == G_MININT64 ? location->last_time : end;
      if (location->collective_since != G_MININT64 && location->collective_since <= at)
        {
          chrono_otf2_collective_span (r, location, at, flags, NULL, 0);
          /* an index pass (after its threads): a collective never ended is a call never left, as read whole */
          if (location->calls != NULL && end == G_MININT64)
            chrono_call_summary_enter (location->calls, chrono_strings_intern (r->strings, "collective"),
                                       location->collective_since);
        }
      if (end == G_MININT64)
        location->left_open = location->stack->len;
      for (guint k = location->stack->len; k > 0; k--)
        {
          const Frame *frame = &g_array_index (location->stack, Frame, k - 1);
          /* cut at a window's end, a call never left is still flagged open */
          const Frame *last = location->never_left != NULL && k <= location->never_left->len
                                  ? &g_array_index (location->never_left, Frame, k - 1)
                                  : NULL;
          gboolean open = last != NULL && last->start == frame->start && last->region == frame->region;
          if (frame->start <= at)
            add_call_span (r, location, frame, k - 1, at, open ? CHRONO_SPAN_OPEN_END : flags);
        }
      GHashTableIter iter;
      gpointer value;
      g_hash_table_iter_init (&iter, location->tracks);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          ChronoSignal *signal = chrono_lane_get_signal (((MetricTrack *) value)->lane);
          if (signal != NULL && chrono_signal_is_step (signal))
            chrono_signal_close_steps (signal, at);
        }
    }
}

void
chrono_otf2_restore_tracks (ChronoOtf2Reader *r, Location *location, GArray *tracks, gint64 window_start)
{
  for (guint i = 0; i < tracks->len; i++)
    {
      const MetricTrack *saved = &g_array_index (tracks, MetricTrack, i);
      MetricMember *member = g_hash_table_lookup (r->metric_members, GUINT_TO_POINTER (saved->member));
      if (member == NULL)
        continue;
      MetricTrack *track = metric_track (r, location, saved->member, member);
      track->have_last = saved->have_last;
      track->last_time = saved->last_time;
      track->last_value = saved->last_value;
      if (!saved->have_last)
        continue;
      gint64 from = MAX (saved->last_time, window_start);
      if (track->as_recorded)
        chrono_signal_append_step (chrono_lane_ensure_signal (track->lane, (gint64) r->resolution), from,
                                   saved->last_value);
      else
        {
          /* a counter's recorded value holds from the window's start too */
          if (track->recorded == NULL)
            track->recorded = chrono_signal_new ((gint64) MAX (r->resolution, 1));
          chrono_signal_append_step (track->recorded, from, saved->last_value);
        }
    }
}
