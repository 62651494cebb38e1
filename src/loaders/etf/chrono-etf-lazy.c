/* chrono-etf-lazy.c — the TRACE side of the index of a big TRACE file,
 * read as start-time windows (chrono-lazy-windows.h drives both streaming
 * passes, holds the claims back until no later block can precede them and
 * cuts the windows; chrono-etf-lazy.h says what a window is):
 *
 * 1. The index pass reads every line as a whole read does, except that a
 *    claim's attributes are left unread: it only notes, per block, the
 *    smallest and largest start written there.  Signal fragments are
 *    checked and counted, and each block notes the times they span.
 *    Resources, events and dependencies are kept as in a whole read.
 * 2. The start-order pass reads the claims again; the driver releases them
 *    in the order a whole read sorts them (start, then file order).  Each
 *    released claim is placed as a whole read places it (sub-row,
 *    packing), into the lane summaries and each resource's figures (count,
 *    usage, concurrency); the first claim of each id is kept where a
 *    dependency names it; and when the driver begins a window, what
 *    placing the next claims needs is saved.  Fragments, read again here
 *    too, go into their signal's summary.
 * Between the two, events become their lanes' summaries and what
 * dependencies and windows need of them, and are let go.  In both passes
 * the reading thread cuts and parses the lines (chrono-etf-lazy-split.c);
 * this file takes what it made, in file order. */
#include "chrono-etf-lazy.h"

#define SUMMARY_BUCKETS 8192
#define MIN_SUMMARY_BUCKETS 64
/* Bytes the bucket columns of all signal lanes, or of all event lanes, may
 * take, about: thousands of lanes take fewer buckets each. */
#define SUMMARY_BUDGET (32u << 20)
/* Pieces the signals' summaries may take beyond one per fragment (a
 * fragment over many buckets is held per bucket), all signals together:
 * enough for every bucket of a few signals many times over, a bound for
 * files of many long fragments (beyond it a fragment is one piece). */
#define SIGNAL_EXTRA_PIECES (64 * SUMMARY_BUCKETS)

void
chrono_etf_intern_keys (EtfReader *r)
{
  ChronoStrings *strings = chrono_trace_get_strings (r->trace);
  chrono_strings_intern (strings, "name");
  if (r->colouring != NULL)
    chrono_strings_intern (strings, r->colouring);
  for (guint i = 0; i < r->grouping->len; i++)
    chrono_strings_intern (strings, g_ptr_array_index (r->grouping, i));
}

/* ---- what the passes share ------------------------------------------------- */

/* Where a dependency may point: the first claim of an id, in start order. */
typedef struct {
  double t0, t1;
  guint32 activity;
  gboolean found;
} ClaimEnd;

typedef struct {
  EtfReader *r;
  EtfLazyData *data;
  Placement *placement;
  ChronoLazyWindows *windows; /* the driver */
  /* the index pass */
  ChronoWindowsBlock *block; /* the one being read */
  guint64 n_claims;
  gint64 lowest_id, highest_id;
  /* the start-order pass */
  EtfFigures *figures; /* per resource */
  gint64 summary_begin;
  gboolean dense_ids;
  ChronoEtfRepeats repeats; /* the ids the index pass saw more than once */
  /* The line of the first claim of an id: for every id, or (unless repeats
   * gave up) only for those that repeat, which are the only ones asked. */
  guint32 *first_line; /* dense, every id: per id - lowest_id, 0 when none yet */
  ChronoEtfIds ids; /* otherwise: id -> index in lines */
  GArray *lines; /* guint64 */
  /* The claims dependencies name, and where their ends are kept.  Dense ids
   * use a bit per id and the count of bits before each word (the index in
   * ends is the rank of the id's bit): claims are placed in start order,
   * which is close to id order, so this walks memory forwards where a hash
   * table is a cache miss a claim. */
  ChronoEtfIds wanted; /* not dense: claim id -> index in ends */
  guint64 *wanted_bits; /* dense: bit (id - lowest_id) set when a dependency names it */
  guint32 *wanted_rank; /* dense: per word of wanted_bits, the bits set in the words before */
  GArray *ends; /* ClaimEnd */
  ChronoEtfClaim found; /* what find_claim returns */
  guint64 n_events;
  GArray *event_times; /* gint64, sorted: where each event is, to count each window's */
  ChronoEtfIds event_ids; /* id -> index in event_ends, for the events dependencies name */
  GArray *event_ends; /* EventEnd */
  ChronoSummary **signal_summaries; /* per signal in r->signal_order, NULL until a fragment */
  ChronoSignalFigures *signal_figures; /* per signal: the range of its values, as a whole read has it */
  guint64 signal_pieces; /* summary pieces beyond one a fragment, for all signals */
} Lazy;

/* Buckets for each of n lanes whose bucket takes bucket_bytes: all of them
 * while few lanes share the budget, fewer (powers of two) for thousands. */
static guint
planned_buckets (guint n, guint bucket_bytes)
{
  guint64 fit = SUMMARY_BUDGET / ((guint64) bucket_bytes * MAX (n, 1));
  guint planned = SUMMARY_BUCKETS;
  while (planned > MIN_SUMMARY_BUCKETS && planned > fit)
    planned /= 2;
  return planned;
}

/* A lane's summary, begun with the first claim, fragment or event. */
static ChronoSummary *
summary_of (Lazy *z, ChronoLane *lane)
{
  return chrono_lane_ensure_summary (lane, z->summary_begin, SUMMARY_BUCKETS, z->r->ticks_per_second);
}

/* ---- the index pass ----------------------------------------------------------- */

static void
index_claim (gpointer data, ChronoEtfClaim *claim, const Fields *fields)
{
  Lazy *z = data;
  chrono_windows_times_add (&z->block->starts, claim->t0, claim->t0);
  z->lowest_id = MIN (z->lowest_id, claim->id);
  z->highest_id = MAX (z->highest_id, claim->id);
  chrono_etf_repeats_note (&z->repeats, claim->id);
  z->n_claims++;
}

static void
index_fragment (gpointer data, gint64 signal, const RawFragment *fragment)
{
  Lazy *z = data;
  chrono_windows_times_add (&z->block->reaches[ETF_REACH_FRAGMENTS], fragment->t0, fragment->t1);
}

/* ChronoLazyWindowsFormat.index_block: the block read as a whole read
 * reads it, its claims' starts and the times of its fragments and events noted. */
static gboolean
index_block (gpointer data, const ChronoTextBlock *text, ChronoWindowsBlock *block, GError **error)
{
  Lazy *z = data;
  EtfReader *r = z->r;
  if (chrono_etf_is_legacy (r, text->text, text->length, error))
    return FALSE;
  z->block = block;
  guint events_before = r->events->len;
  for (guint i = 0; i < text->lines->len; i++)
    {
      EtfIndexLine *item = &g_array_index (text->lines, EtfIndexLine, i);
      if (item->ahead.kind == ETF_AHEAD_LINE)
        {
          r->line = item->line - 1;
          chrono_etf_read_block (r, text->text + item->offset, item->length);
          continue;
        }
      r->line = item->line;
      if (!chrono_etf_take_ahead (r, &item->ahead))
        chrono_etf_read_text_line (r, text->text + item->offset, item->length);
    }
  r->line = text->first_line + text->n_lines - 1;
  for (guint e = events_before; e < r->events->len; e++)
    {
      double t = g_array_index (r->events, Event, e).t;
      chrono_windows_times_add (&block->reaches[ETF_REACH_EVENTS], t, t);
    }
  z->block = NULL;
  return TRUE;
}

static gint64
to_ticks (gpointer data, double time)
{
  Lazy *z = data;
  return chrono_etf_to_ticks (z->r, time);
}

/* ---- ids: duplicates and the claims dependencies name ------------------------- */

static void
ids_setup (Lazy *z)
{
  EtfReader *r = z->r;
  guint64 range = (guint64) z->highest_id - (guint64) z->lowest_id;
  z->dense_ids = z->n_claims > 0 && range < 2 * z->n_claims + 1024 && r->line <= G_MAXUINT32;
  if (z->dense_ids && z->repeats.given_up)
    z->first_line = g_new0 (guint32, range + 1);
  else
    {
      chrono_etf_ids_init (&z->ids, 0);
      z->lines = g_array_new (FALSE, FALSE, sizeof (guint64));
    }
  z->ends = g_array_new (FALSE, TRUE, sizeof (ClaimEnd));
  guint64 words = range / 64 + 1;
  if (z->dense_ids)
    z->wanted_bits = g_new0 (guint64, words);
  else
    chrono_etf_ids_init (&z->wanted, 0);
  for (guint i = 0; i < r->dependencies.n; i++)
    {
      const Dependency *d = chrono_etf_chunked_get (&r->dependencies, i);
      gboolean src_claim, dst_claim;
      chrono_etf_dependency_ends (d->type, &src_claim, &dst_claim);
      gint64 ids[2] = { d->src, d->dst };
      gboolean is_claim[2] = { src_claim, dst_claim };
      for (int k = 0; k < 2; k++)
        if (!is_claim[k])
          continue;
        else if (z->dense_ids)
          {
            /* an id no claim has is never found: it needs no bit */
            if (ids[k] >= z->lowest_id && ids[k] <= z->highest_id)
              {
                guint64 bit = (guint64) ids[k] - (guint64) z->lowest_id;
                z->wanted_bits[bit / 64] |= G_GUINT64_CONSTANT (1) << (bit % 64);
              }
          }
        else if (chrono_etf_ids_insert (&z->wanted, ids[k], z->ends->len) == z->ends->len)
          g_array_set_size (z->ends, z->ends->len + 1);
    }
  if (z->dense_ids)
    {
      z->wanted_rank = g_new (guint32, words);
      guint32 before = 0;
      for (guint64 w = 0; w < words; w++)
        {
          z->wanted_rank[w] = before;
          before += (guint32) __builtin_popcountll (z->wanted_bits[w]);
        }
      g_array_set_size (z->ends, before);
    }
}

/* Where the end of claim id is kept when a dependency names it, or
 * CHRONO_ETF_NO_INDEX. */
static guint32
wanted_index (const Lazy *z, gint64 id)
{
  if (!z->dense_ids)
    return chrono_etf_ids_lookup (&z->wanted, id);
  if (id < z->lowest_id || id > z->highest_id)
    return CHRONO_ETF_NO_INDEX;
  guint64 bit = (guint64) id - (guint64) z->lowest_id;
  guint64 word = z->wanted_bits[bit / 64], mask = G_GUINT64_CONSTANT (1) << (bit % 64);
  if (!(word & mask))
    return CHRONO_ETF_NO_INDEX;
  return z->wanted_rank[bit / 64] + (guint32) __builtin_popcountll (word & (mask - 1));
}

static void
ids_clear (Lazy *z)
{
  g_clear_pointer (&z->first_line, g_free);
  chrono_etf_repeats_clear (&z->repeats);
  g_clear_pointer (&z->wanted_bits, g_free);
  g_clear_pointer (&z->wanted_rank, g_free);
  if (z->lines != NULL)
    {
      chrono_etf_ids_clear (&z->ids);
      g_clear_pointer (&z->lines, g_array_unref);
    }
  chrono_etf_ids_clear (&z->wanted);
  g_clear_pointer (&z->ends, g_array_unref);
}

/* TRUE for the first claim of its id in start order; a later one is the
 * duplicate a whole read reports. */
static gboolean
note_id (Lazy *z, const ChronoEtfClaim *claim)
{
  guint64 first;
  if (!z->repeats.given_up && !chrono_etf_repeats_has (&z->repeats, claim->id))
    return TRUE; /* an id written once */
  if (z->first_line != NULL)
    {
      guint32 *slot = &z->first_line[claim->id - z->lowest_id];
      if (*slot == 0)
        {
          *slot = (guint32) claim->line;
          return TRUE;
        }
      first = *slot;
    }
  else
    {
      guint32 index = chrono_etf_ids_insert (&z->ids, claim->id, z->lines->len);
      if (index == z->lines->len)
        {
          g_array_append_val (z->lines, claim->line);
          return TRUE;
        }
      first = g_array_index (z->lines, guint64, index);
    }
  ChronoEtfClaim earlier = { .id = claim->id, .line = first };
  chrono_etf_warn_duplicate_claim (z->r, &earlier, claim);
  return FALSE;
}

static void
remember_end (Lazy *z, const ChronoEtfClaim *claim, guint32 activity)
{
  guint32 index = wanted_index (z, claim->id);
  if (index == CHRONO_ETF_NO_INDEX)
    return;
  ClaimEnd end = { claim->t0, claim->t1, activity, TRUE };
  g_array_index (z->ends, ClaimEnd, index) = end;
}

static const ChronoEtfClaim *
find_claim (gpointer data, gint64 id)
{
  Lazy *z = data;
  guint32 index = wanted_index (z, id);
  if (index == CHRONO_ETF_NO_INDEX || !g_array_index (z->ends, ClaimEnd, index).found)
    return NULL;
  const ClaimEnd *end = &g_array_index (z->ends, ClaimEnd, index);
  z->found = (ChronoEtfClaim){ .t0 = end->t0, .t1 = end->t1, .id = id, .activity = end->activity };
  return &z->found;
}

/* ---- events: before the claims, then let go -------------------------------------- */

/* Where a dependency's event end is. */
typedef struct {
  ChronoLane *lane;
  gint64 time;
} EventEnd;

static int
compare_ticks (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return (x > y) - (x < y);
}

/* The ends dependencies name: the first event of each such id. */
static void
keep_event_ends (Lazy *z, GPtrArray *lanes)
{
  EtfReader *r = z->r;
  ChronoEtfIds numbered;
  chrono_etf_number_events (r, &numbered);
  chrono_etf_ids_init (&z->event_ids, 0);
  z->event_ends = g_array_new (FALSE, FALSE, sizeof (EventEnd));
  for (guint i = 0; i < r->dependencies.n; i++)
    {
      const Dependency *d = chrono_etf_chunked_get (&r->dependencies, i);
      gboolean is_claim[2];
      chrono_etf_dependency_ends (d->type, &is_claim[0], &is_claim[1]);
      gint64 ids[2] = { d->src, d->dst };
      for (int k = 0; k < 2; k++)
        {
          guint32 index = is_claim[k] ? CHRONO_ETF_NO_INDEX : chrono_etf_ids_lookup (&numbered, ids[k]);
          if (index == CHRONO_ETF_NO_INDEX
              || chrono_etf_ids_insert (&z->event_ids, ids[k], z->event_ends->len) != z->event_ends->len)
            continue;
          EventEnd end = { g_ptr_array_index (lanes, index),
                           chrono_etf_to_ticks (r, g_array_index (r->events, Event, index).t) };
          g_array_append_val (z->event_ends, end);
        }
    }
  chrono_etf_ids_clear (&numbered);
}

static gboolean
find_event (gpointer data, gint64 id, ChronoLane **lane, gint64 *time)
{
  Lazy *z = data;
  guint32 index = z->event_ends ? chrono_etf_ids_lookup (&z->event_ids, id) : CHRONO_ETF_NO_INDEX;
  if (index == CHRONO_ETF_NO_INDEX)
    return FALSE;
  const EventEnd *end = &g_array_index (z->event_ends, EventEnd, index);
  *lane = end->lane;
  *time = end->time;
  return TRUE;
}

/* The events' lanes as a whole read has them, with summaries instead of
 * marks (windows hold those), and what dependencies and windows need of
 * them: the events themselves go before the claims are read again. */
static void
prepare_events (Lazy *z)
{
  EtfReader *r = z->r;
  z->n_events = r->events->len;
  if (r->events->len == 0)
    return;
  g_autoptr (GPtrArray) lanes = NULL;
  ChronoLane *group = chrono_etf_add_group (r, N_ ("Events"));
  chrono_etf_build_events (r, group, NULL, &lanes);
  guint buckets = planned_buckets (chrono_lane_get_n_children (group), sizeof (guint32));
  z->event_times = g_array_sized_new (FALSE, FALSE, sizeof (gint64), r->events->len);
  for (guint i = 0; i < r->events->len; i++)
    {
      gint64 time = chrono_etf_to_ticks (r, g_array_index (r->events, Event, i).t);
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      chrono_summary_add_instant (chrono_lane_ensure_summary (lane, z->summary_begin, buckets, r->ticks_per_second),
                                  time);
      guint64 counted = 0;
      chrono_lane_get_mark_count (lane, &counted);
      chrono_lane_set_mark_count (lane, counted + 1);
      g_array_append_val (z->event_times, time);
    }
  g_array_sort (z->event_times, compare_ticks);
  keep_event_ends (z, lanes);
  z->data->has_events = TRUE;
  g_array_unref (r->events);
  r->events = g_array_new (FALSE, FALSE, sizeof (Event));
}

/* ---- windows and the claims released into them ------------------------------------ */

/* ChronoLazyWindowsFormat.begin_window: what placing claims that start at
 * begin or later needs (sub-rows and running claims that end by then are
 * as good as free). */
static void
begin_window (gpointer data, gint64 begin)
{
  Lazy *z = data;
  EtfReader *r = z->r;
  EtfWindowState window = { g_array_new (FALSE, FALSE, sizeof (EtfBusySlot)),
                            g_array_new (FALSE, FALSE, sizeof (EtfRunning)) };
  GArray *activities = z->placement->activities;
  for (guint a = 0; a < activities->len; a++)
    {
      GArray *slot_ends = g_array_index (activities, Activity, a).slot_ends;
      for (guint s = 0; s < slot_ends->len; s++)
        if (g_array_index (slot_ends, gint64, s) > begin)
          {
            EtfBusySlot busy = { a, s, g_array_index (slot_ends, gint64, s) };
            g_array_append_val (window.busy, busy);
          }
    }
  for (guint i = 0; i < r->resources->len; i++)
    {
      GArray *placed = g_array_index (r->resources, Resource, i).placed;
      for (guint k = 0; placed != NULL && k < placed->len; k++)
        {
          const PlacedClaim *claim = &g_array_index (placed, PlacedClaim, k);
          if (claim->end > begin)
            {
              EtfRunning running = { i, claim->end, claim->offset, claim->amount };
              g_array_append_val (window.running, running);
            }
        }
    }
  g_array_append_val (z->data->windows, window);
}

static void
claim_times (gpointer data, gconstpointer item, gint64 *start, gint64 *end)
{
  Lazy *z = data;
  const ChronoEtfClaim *claim = item;
  *start = chrono_etf_to_ticks (z->r, claim->t0);
  *end = chrono_etf_to_ticks (z->r, claim->t1);
}

/* ChronoLazyWindowsFormat.place: a released claim into the summaries and figures. */
static void
place_claim (gpointer data, gpointer item, gint64 start, gint64 end)
{
  Lazy *z = data;
  EtfReader *r = z->r;
  ChronoEtfClaim *claim = item;
  gboolean first = note_id (z, claim);
  guint32 index = claim->activity;
  if (first)
    remember_end (z, claim, index);
  if (index == CHRONO_ETF_NO_INDEX)
    return;
  Activity *activity = &g_array_index (z->placement->activities, Activity, index);
  guint16 depth = chrono_etf_free_slot (activity->slot_ends, start, end);
  ChronoSummary *summary = summary_of (z, activity->lane);
  chrono_summary_add_interval (summary, start, end, CHRONO_STATE_BUSY, claim->label);
  chrono_summary_note_depth (summary, depth);
  Resource *res = chrono_etf_claim_resource (r, claim);
  if (!res->uses_offset)
    chrono_etf_pack_claim (res, start, end, claim->amount);
  chrono_summary_add_interval (summary_of (z, res->lane), start, end, CHRONO_STATE_BUSY, claim->label);
  chrono_etf_figures_add (z->figures, res - (Resource *) r->resources->data, chrono_trace_get_clock (r->trace), start,
                          end, claim->amount);
}

/* Attributes are read here, into the trace's warnings as a whole read
 * would, and the claim's lane found at once: lanes are sorted by name in
 * the end, so the order they appear in does not matter, and the set is not
 * kept (the index has no span to give it to). */
static void
order_claim (Lazy *z, const ChronoTextBlock *block, EtfOrderLine *item)
{
  EtfReader *r = z->r;
  ChronoEtfClaim *claim = &item->claim;
  claim->resource |= chrono_etf_resource_ref (r, item->resource);
  r->line = claim->line; /* for the warnings about attributes */
  if (item->n_pairs == ETF_BAD_PAIRS)
    chrono_etf_parse_pairs (r, item->attributes, item->attributes_length);
  else /* none: the block's bytes may be empty, and borrowing none reads nothing */
    chrono_etf_pairs_borrow (&r->pairs, item->n_pairs ? (const char *) block->bytes->data + item->pairs_offset : NULL,
                             item->n_pairs);
  claim->attrs = CHRONO_ATTRS_NONE;
  claim->activity = chrono_etf_place_claim_pairs (r, z->placement, claim);
  chrono_lazy_windows_hold (z->windows, claim->t0, claim);
}

/* The claims no later block can precede (an equal start later in the file comes after). */
static void
order_setup (Lazy *z)
{
  EtfReader *r = z->r;
  double first = chrono_lazy_windows_get_first_time (z->windows);
  /* the summaries begin with the first claim, fragment or event */
  z->summary_begin = first < G_MAXDOUBLE ? chrono_etf_to_ticks (r, first) : 0;
  z->signal_summaries = g_new0 (ChronoSummary *, r->signal_order->len);
  z->signal_figures = g_new0 (ChronoSignalFigures, r->signal_order->len);
  z->figures = chrono_etf_figures_new (r->resources->len);
  ids_setup (z);
  chrono_etf_intern_keys (r);
}

/* A fragment into its signal's summary: it is in the file's order, not
 * in time order, and summaries take items in any order. */
static void
summarize_fragment (Lazy *z, gint64 id, const RawFragment *raw)
{
  EtfReader *r = z->r;
  guint32 index = chrono_etf_ids_lookup (&r->signal_ids, id);
  if (index == CHRONO_ETF_NO_INDEX)
    return; /* a line the index pass skipped (never, as both check it in the same unit) */
  if (z->signal_summaries[index] == NULL)
    z->signal_summaries[index] = chrono_summary_new (
        z->summary_begin, planned_buckets (r->signal_order->len, 2 * sizeof (float)), r->ticks_per_second);
  ChronoFragment fragment;
  chrono_etf_convert_fragment (r, raw, &fragment);
  ChronoSignalFigures *figures = &z->signal_figures[index];
  double lo = INFINITY, hi = -INFINITY;
  chrono_fragment_extremes (&fragment, r->ticks_per_second, fragment.t0, fragment.t1, &lo, &hi);
  figures->min = figures->has_range ? MIN (figures->min, lo) : lo;
  figures->max = figures->has_range ? MAX (figures->max, hi) : hi;
  figures->has_range = TRUE;
  guint64 extra = z->signal_pieces;
  guint max_pieces = extra < SIGNAL_EXTRA_PIECES ? (guint) (SIGNAL_EXTRA_PIECES - extra + 1) : 1;
  z->signal_pieces +=
      chrono_summary_add_fragment (z->signal_summaries[index], &fragment, r->ticks_per_second, max_pieces) - 1;
}

/* ChronoLazyWindowsFormat.consume: a block's claims join those the driver
 * holds, its fragments go into their summaries. */
static void
consume_block (gpointer data, const ChronoTextBlock *block)
{
  Lazy *z = data;
  for (guint i = 0; i < block->lines->len; i++)
    {
      EtfOrderLine *item = &g_array_index (block->lines, EtfOrderLine, i);
      if (item->is_fragment)
        summarize_fragment (z, item->resource, &item->fragment);
      else
        order_claim (z, block, item);
    }
}

static const ChronoLazyWindowsFormat etf_windows = {
  .name = "etf",
  .item_size = sizeof (ChronoEtfClaim),
  .index_split = chrono_etf_index_split,
  .index_block = index_block,
  .to_ticks = to_ticks,
  .split = chrono_etf_order_split,
  .consume = consume_block,
  .item_times = claim_times,
  .begin_window = begin_window,
  .place = place_claim,
  .decode = chrono_etf_decode_window,
};

/* ---- the index: lanes, figures, windows as chunks ---------------------------- */

static void
keep_lanes (Lazy *z)
{
  EtfReader *r = z->r;
  EtfLazyData *data = z->data;
  data->resource_refs = g_array_copy (r->resource_refs);
  data->resources = g_array_copy (r->resources);
  data->resource_names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < data->resources->len; i++)
    {
      Resource *res = &g_array_index (data->resources, Resource, i);
      g_ptr_array_add (data->resource_names, res->lane ? g_strdup (chrono_lane_get_name (res->lane)) : NULL);
      res->attrs = CHRONO_ATTRS_NONE;
      res->lane = NULL;
      res->spans = NULL;
      res->placed = NULL;
    }
  data->activity_names = g_ptr_array_new_with_free_func (g_free);
  GArray *activities = z->placement->activities;
  for (guint a = 0; a < activities->len; a++)
    g_ptr_array_add (data->activity_names,
                     g_strdup (chrono_lane_get_name (g_array_index (activities, Activity, a).lane)));
  data->grouping = g_steal_pointer (&r->grouping);
  data->event_grouping = g_steal_pointer (&r->event_grouping);
  data->colouring = g_steal_pointer (&r->colouring);
  data->filter = g_steal_pointer (&r->filter);
  data->ticks_per_unit = r->ticks_per_unit;
  data->unit_line = r->unit_line;
  data->early_ticks_per_unit = r->early_ticks_per_unit;
  data->ticks_per_second = r->ticks_per_second;
}

/* The events of each window (windows hold the events at times in their
 * range, the first from the beginning of time): times and window begins
 * are both sorted, so one walk over the two. */
static void
finish_signals (Lazy *z)
{
  EtfReader *r = z->r;
  g_autoptr (GPtrArray) lanes = g_ptr_array_new ();
  chrono_etf_build_signals (r, chrono_etf_add_group (r, N_ ("Signals")), lanes);
  z->data->signal_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  z->data->signal_names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      const Signal *signal = g_ptr_array_index (r->signal_order, i);
      z->signal_figures[i].fragments = signal->n_fragments;
      chrono_lane_set_signal_figures (lane, &z->signal_figures[i]);
      if (z->signal_summaries[i] != NULL)
        chrono_lane_set_summary (lane, g_steal_pointer (&z->signal_summaries[i]));
      g_array_append_val (z->data->signal_ids, signal->id);
      g_ptr_array_add (z->data->signal_names, g_strdup (chrono_lane_get_name (lane)));
    }
}

/* After the start-order pass, as build_model does after a whole read. */
static void
finish_model (Lazy *z, ChronoLane *activities)
{
  EtfReader *r = z->r;
  if (r->signal_order->len > 0)
    finish_signals (z);
  chrono_etf_link_dependencies (r, z->placement, find_claim, find_event, z);
  chrono_etf_figures_finish (g_steal_pointer (&z->figures), r);
  chrono_lane_sort_children (activities);
  chrono_trace_set_n_events (r->trace, z->n_claims + z->n_events);
  chrono_warnings_sort_by_line (r->warnings);
}

static void
lazy_clear (Lazy *z)
{
  EtfReader *r = z->r;
  if (z->placement != NULL)
    chrono_etf_placement_free (z->placement);
  if (z->figures != NULL)
    chrono_etf_figures_free (g_steal_pointer (&z->figures), r->resources->len);
  for (guint i = 0; z->signal_summaries != NULL && i < r->signal_order->len; i++)
    g_clear_pointer (&z->signal_summaries[i], chrono_summary_free);
  g_clear_pointer (&z->signal_summaries, g_free);
  g_clear_pointer (&z->signal_figures, g_free);
  g_clear_pointer (&z->event_times, g_array_unref);
  if (z->event_ends != NULL)
    {
      chrono_etf_ids_clear (&z->event_ids);
      g_clear_pointer (&z->event_ends, g_array_unref);
    }
  chrono_etf_repeats_clear (&z->repeats); /* the index pass may have failed before ids_setup */
  if (z->ends != NULL)
    ids_clear (z);
  for (guint i = 0; i < r->resources->len; i++)
    g_clear_pointer (&g_array_index (r->resources, Resource, i).placed, g_array_unref);
}

static gboolean
read_lazily (Lazy *z, ChronoProgressFunc progress, gpointer progress_data, GCancellable *cancellable, GError **error)
{
  EtfReader *r = z->r;
  r->interner = chrono_etf_interner_new (r->attrs);
  /* a file whose events each have their own attributes kept a set an event, most of its index */
  r->event_lanes_only = TRUE;
  r->claim_sink = index_claim;
  r->claim_sink_data = z;
  r->fragment_sink = index_fragment;
  r->fragment_sink_data = z;
  EtfIndexSplit split = { NULL, 0 };
  gboolean ok =
      chrono_lazy_windows_index_pass (z->windows, &split, r->warnings, progress, progress_data, cancellable, error);
  g_free (split.scratch);
  chrono_etf_resolve_tickets (r);
  if (!ok || !chrono_etf_check_records (r, error))
    return FALSE;
  ChronoLane *activities = chrono_etf_add_group (r, N_ ("Activities"));
  chrono_etf_build_resources (r, chrono_etf_add_group (r, N_ ("Resources")));
  order_setup (z);
  prepare_events (z);
  z->placement = chrono_etf_placement_new (r, activities); /* after the keys are interned */
  EtfOrderSplit setup = { r->ticks_per_unit, r->unit_line, r->early_ticks_per_unit, r->signal_order->len > 0 };
  chrono_etf_pairs_init (&setup.pairs);
  gboolean ordered =
      chrono_lazy_windows_order_pass (z->windows, z->n_claims, &setup, progress, progress_data, cancellable, error);
  chrono_etf_pairs_clear (&setup.pairs);
  if (!ordered)
    return FALSE;
  /* a file of signals or events without a claim: one window, so that they can be decoded at all */
  if (r->signal_order->len > 0 || z->n_events > 0)
    chrono_lazy_windows_ensure_window (z->windows, z->summary_begin);
  finish_model (z, activities);
  keep_lanes (z);
  return TRUE;
}

gboolean
chrono_etf_index (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
                  GCancellable *cancellable, GError **error)
{
  Lazy z = { .lowest_id = G_MAXINT64, .highest_id = G_MININT64 };
  z.windows = chrono_lazy_windows_new (trace, path, &etf_windows, &z, error);
  if (z.windows == NULL)
    return FALSE;
  EtfReader r;
  chrono_etf_reader_init (&r, trace, path);
  chrono_etf_read_view_file (&r);
  chrono_etf_read_options (&r);
  z.r = &r;
  z.data = g_new0 (EtfLazyData, 1);
  z.data->windows = g_array_new (FALSE, FALSE, sizeof (EtfWindowState));
  gboolean ok = read_lazily (&z, progress, progress_data, cancellable, error);
  if (ok)
    ok = chrono_lazy_windows_install (z.windows, trace, z.event_times, g_steal_pointer (&z.data),
                                      (GDestroyNotify) chrono_etf_lazy_data_free, error);
  else
    chrono_etf_lazy_data_free (g_steal_pointer (&z.data));
  lazy_clear (&z);
  chrono_etf_reader_clear (&r);
  g_object_unref (z.windows); /* the trace's chunk cache holds the decoder */
  return ok;
}
