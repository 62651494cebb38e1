/* chrono-etf-claims.c — building the lanes: resources, activities, claims placed by offset and amount, events and signals. */
#include "chrono-etf-private.h"

/* ---- building the lanes ------------------------------------------------- */

static const char *
name_of (EtfReader *r, guint32 attrs)
{
  return chrono_attrs_lookup (r->attrs, attrs, "name");
}

ChronoLane *
chrono_etf_add_group (EtfReader *r, const char *name)
{
  g_autoptr (ChronoLane) group = chrono_lane_new (name, CHRONO_LANE_GROUP, NULL);
  chrono_trace_add_lane (r->trace, group);
  return group;
}

void
chrono_etf_build_resources (EtfReader *r, ChronoLane *group)
{
  for (guint i = 0; i < r->resources->len; i++)
    {
      Resource *res = &g_array_index (r->resources, Resource, i);
      ResourceRef *ref =
          &g_array_index (r->resource_refs, ResourceRef, chrono_etf_ids_lookup (&r->resource_ids, res->id));
      if (ref->resource != CHRONO_ETF_NO_INDEX)
        {
          chrono_warnings_add (r->warnings, res->line, "duplicate id",
                               _ ("resource %" PRId64 " is declared twice; the first one counts"), res->id);
          continue;
        }
      const char *name = name_of (r, res->attrs);
      g_autofree char *fallback = g_strdup_printf ("Resource %" PRId64, res->id);
      g_autoptr (ChronoLane) lane = chrono_lane_new (name ? name : fallback, CHRONO_LANE_RESOURCE, "R");
      chrono_lane_set_source (lane, res->id, res->attrs, 0.0 + res->capacity);
      chrono_lane_append_child (group, lane);
      res->lane = lane;
      ref->resource = i;
      res->placed = g_array_new (FALSE, FALSE, sizeof (PlacedClaim));
    }
}

/* The lowest offset where amount fits beside the claims still running at start. */
double
chrono_etf_pack_claim (Resource *res, gint64 start, gint64 end, double amount)
{
  for (guint i = res->placed->len; i > 0; i--)
    if (g_array_index (res->placed, PlacedClaim, i - 1).end <= start)
      g_array_remove_index_fast (res->placed, i - 1);
  double offset = 0.0;
  gboolean moved = TRUE;
  while (moved)
    {
      moved = FALSE;
      for (guint i = 0; i < res->placed->len; i++)
        {
          PlacedClaim *p = &g_array_index (res->placed, PlacedClaim, i);
          if (offset < p->offset + p->amount && p->offset < offset + amount)
            {
              offset = p->offset + p->amount;
              moved = TRUE;
            }
        }
    }
  /* the free room may be split into pieces too small for this claim although
   * the total in use fits: then it overlaps others rather than being drawn
   * above the resource's capacity */
  if (offset + amount > res->capacity)
    offset = MAX (res->capacity - amount, 0.0);
  PlacedClaim placed = { offset, amount, end };
  g_array_append_val (res->placed, placed);
  return offset;
}

Resource *
chrono_etf_claim_resource (EtfReader *r, const ChronoEtfClaim *claim)
{
  const ResourceRef *ref =
      &g_array_index (r->resource_refs, ResourceRef, claim->resource & ~CHRONO_ETF_CLAIM_HAS_OFFSET);
  return ref->resource == CHRONO_ETF_NO_INDEX ? NULL : &g_array_index (r->resources, Resource, ref->resource);
}

static gboolean
resolve_claim (EtfReader *r, const ChronoEtfClaim *claim, Resource **out_resource)
{
  Resource *res = chrono_etf_claim_resource (r, claim);
  if (res == NULL)
    {
      const ResourceRef *ref =
          &g_array_index (r->resource_refs, ResourceRef, claim->resource & ~CHRONO_ETF_CLAIM_HAS_OFFSET);
      chrono_warnings_add (
          r->warnings, claim->line, "unknown reference",
          _ ("claim %" PRId64 " names resource %" PRId64 ", which no R line declares; the claim is skipped"), claim->id,
          ref->id);
      return FALSE;
    }
  if (((claim->resource & CHRONO_ETF_CLAIM_HAS_OFFSET) != 0) != res->uses_offset)
    {
      chrono_warnings_add (r->warnings, claim->line, "malformed line",
                           _ ("claim %" PRId64 ": resource %" PRId64 " %s, so the claim needs %s after "
                              "the resource; the claim is skipped"),
                           claim->id, res->id, res->uses_offset ? _ ("uses offsets") : _ ("does not use offsets"),
                           res->uses_offset ? _ ("an offset and an amount") : _ ("only an amount"));
      return FALSE;
    }
  if (claim->amount <= 0)
    {
      chrono_warnings_add (r->warnings, claim->line, "malformed line",
                           _ ("claim %" PRId64 ": the amount must be positive; the claim is skipped"), claim->id);
      return FALSE;
    }
  *out_resource = res;
  return TRUE;
}

/* Placing claims asks each attribute set for the same few keys; they are
 * compared as interned texts (one pointer per string) rather than looked up
 * by name for every claim. */
enum { KEY_NAME, KEY_COLOURING, KEY_GROUPING };

static const char *
interned_key (EtfReader *r, const char *key)
{
  ChronoStrings *strings = chrono_trace_get_strings (r->trace);
  guint32 id = key ? chrono_strings_lookup (strings, key) : CHRONO_STRING_NONE;
  /* a key no set holds matches nothing, as chrono_attrs_lookup finds nothing */
  return id == CHRONO_STRING_NONE ? NULL : chrono_strings_get (strings, id);
}

Placement *
chrono_etf_placement_new (EtfReader *r, ChronoLane *group)
{
  Placement *p = g_new0 (Placement, 1);
  p->group = group;
  p->activities = g_array_new (FALSE, FALSE, sizeof (Activity));
  p->by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  p->n_keys = KEY_GROUPING + r->grouping->len;
  p->keys = g_new0 (const char *, p->n_keys);
  p->values = g_new0 (const char *, p->n_keys);
  p->keys[KEY_NAME] = interned_key (r, "name");
  p->keys[KEY_COLOURING] = interned_key (r, r->colouring);
  for (guint i = 0; i < r->grouping->len; i++)
    p->keys[KEY_GROUPING + i] = interned_key (r, g_ptr_array_index (r->grouping, i));
  p->name = g_string_new (NULL);
  for (guint i = 0; i < LANE_CACHE_SLOTS; i++)
    p->lane_cache[i].activity = CHRONO_ETF_NO_INDEX;
  return p;
}

void
chrono_etf_placement_free (Placement *p)
{
  for (guint i = 0; i < p->activities->len; i++)
    g_array_unref (g_array_index (p->activities, Activity, i).slot_ends);
  g_array_unref (p->activities);
  g_hash_table_unref (p->by_name);
  g_free (p->keys);
  g_free (p->values);
  g_string_free (p->name, TRUE);
  g_free (p);
}

/* The first value of each key in the set, as chrono_attrs_lookup gives it. */
static void
find_values (EtfReader *r, Placement *p, guint32 set)
{
  for (guint k = 0; k < p->n_keys; k++)
    p->values[k] = NULL;
  guint n = chrono_attrs_get_n_pairs (r->attrs, set);
  for (guint i = 0; i < n; i++)
    {
      const char *key = chrono_attrs_get_key (r->attrs, set, i);
      for (guint k = 0; k < p->n_keys; k++)
        if (p->values[k] == NULL && key == p->keys[k])
          p->values[k] = chrono_attrs_get_value (r->attrs, set, i);
    }
}

static guint32
pointer_hash (gconstpointer pointer)
{
  guint64 h = (guint64) (guintptr) pointer * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  return (guint32) (h >> 32);
}

/* The label that colours a claim: the colouring attribute, else its name. */
static guint32
claim_label (EtfReader *r, Placement *p)
{
  const char *value = p->values[KEY_COLOURING];
  if (value == NULL)
    value = p->values[KEY_NAME];
  if (value == NULL)
    return CHRONO_STRING_NONE;
  LabelCacheEntry *entry = &p->label_cache[pointer_hash (value) & (LABEL_CACHE_SLOTS - 1)];
  if (entry->value != value)
    {
      entry->value = value;
      entry->label = chrono_strings_intern (chrono_trace_get_strings (r->trace), value);
      chrono_trace_note_colour_label (r->trace, entry->label);
    }
  return entry->label;
}

/* The activity lane of a claim: the values of the grouping attributes. */
static guint32
activity_lane (EtfReader *r, Placement *p, guint32 resource, Resource *res)
{
  const char **values = p->values + KEY_GROUPING;
  guint n = p->n_keys - KEY_GROUPING;
  LaneCacheEntry *entry = NULL;
  if (n <= LANE_CACHE_VALUES)
    {
      guint32 hash = resource;
      for (guint i = 0; i < n; i++)
        hash = hash * 31 + pointer_hash (values[i]);
      entry = &p->lane_cache[hash & (LANE_CACHE_SLOTS - 1)];
      gboolean same = entry->activity != CHRONO_ETF_NO_INDEX && entry->resource == resource;
      for (guint i = 0; i < n && same; i++)
        same = entry->values[i] == values[i];
      if (same)
        return entry->activity;
    }
  GString *key = p->name;
  g_string_truncate (key, 0);
  for (guint i = 0; i < n; i++)
    if (values[i] != NULL)
      {
        if (key->len)
          g_string_append (key, ", ");
        g_string_append (key, values[i]);
      }
  if (key->len == 0) /* no grouping attribute: the claim's resource */
    g_string_append (key, chrono_lane_get_name (res->lane));
  guint32 activity = GPOINTER_TO_UINT (g_hash_table_lookup (p->by_name, key->str)) - 1;
  if (activity == CHRONO_ETF_NO_INDEX)
    activity = chrono_etf_placement_add_activity (p, key->str);
  if (entry != NULL)
    {
      for (guint i = 0; i < n; i++)
        entry->values[i] = values[i];
      entry->resource = resource;
      entry->activity = activity;
    }
  return activity;
}

/* A new activity lane, last in the group. */
guint32
chrono_etf_placement_add_activity (Placement *p, const char *name)
{
  g_autoptr (ChronoLane) created = chrono_lane_new (name, CHRONO_LANE_ACTIVITY, "C");
  chrono_lane_append_child (p->group, created);
  Activity lane = { created, chrono_lane_ensure_spans (created), g_array_new (FALSE, FALSE, sizeof (gint64)) };
  guint32 activity = p->activities->len;
  g_array_append_val (p->activities, lane);
  g_hash_table_insert (p->by_name, g_strdup (name), GUINT_TO_POINTER (activity + 1));
  return activity;
}

/* Concurrent claims of one activity lane go on separate sub-rows. */
guint16
chrono_etf_free_slot (GArray *slot_ends, gint64 start, gint64 end)
{
  for (guint i = 0; i < slot_ends->len; i++)
    if (g_array_index (slot_ends, gint64, i) <= start)
      {
        g_array_index (slot_ends, gint64, i) = end;
        return i;
      }
  g_array_append_val (slot_ends, end);
  return slot_ends->len - 1;
}

/* First pass, in time order (packing and sub-rows need it; producers write
 * claims in end order, as POOSL does, or any order): which claims are kept
 * and on which activity lane, so dependencies can be joined before the
 * spans are made. */
guint32
chrono_etf_place_claim (EtfReader *r, Placement *p, ChronoEtfClaim *claim)
{
  Resource *res;
  if (!resolve_claim (r, claim, &res) || !chrono_etf_passes_filter (r, claim->attrs))
    return CHRONO_ETF_NO_INDEX;
  chrono_trace_include_time (r->trace, chrono_etf_to_ticks (r, claim->t0));
  chrono_trace_include_time (r->trace, chrono_etf_to_ticks (r, claim->t1));
  find_values (r, p, claim->attrs);
  claim->label = claim_label (r, p);
  return activity_lane (r, p, claim->resource & ~CHRONO_ETF_CLAIM_HAS_OFFSET, res);
}

/* The values find_values would find in the set of r->pairs, interned as
 * texts only: the index of a lazy read keeps no claim's set. */
static void
find_pair_values (EtfReader *r, Placement *p)
{
  ChronoStrings *strings = chrono_trace_get_strings (r->trace);
  for (guint k = 0; k < p->n_keys; k++)
    p->values[k] = NULL;
  for (guint i = 0; i < r->pairs.keys->len; i++)
    {
      const char *key = g_ptr_array_index (r->pairs.keys, i);
      for (guint k = 0; k < p->n_keys; k++)
        if (p->values[k] == NULL && p->keys[k] != NULL && strcmp (key, p->keys[k]) == 0)
          p->values[k] =
              chrono_strings_get (strings, chrono_strings_intern (strings, g_ptr_array_index (r->pairs.values, i)));
    }
}

guint32
chrono_etf_place_claim_pairs (EtfReader *r, Placement *p, ChronoEtfClaim *claim)
{
  Resource *res;
  if (!resolve_claim (r, claim, &res) || !chrono_etf_pairs_pass_filter (r))
    return CHRONO_ETF_NO_INDEX;
  chrono_trace_include_time (r->trace, chrono_etf_to_ticks (r, claim->t0));
  chrono_trace_include_time (r->trace, chrono_etf_to_ticks (r, claim->t1));
  find_pair_values (r, p);
  claim->label = claim_label (r, p);
  return activity_lane (r, p, claim->resource & ~CHRONO_ETF_CLAIM_HAS_OFFSET, res);
}

void
chrono_etf_place_claims (EtfReader *r, Placement *p)
{
  for (guint i = 0; i < r->claims.n; i++)
    {
      ChronoEtfClaim *claim = chrono_etf_claims_get (&r->claims, i);
      claim->activity = chrono_etf_place_claim (r, p, claim);
    }
}

/* Second pass: the spans.  Resource lanes and activity lanes are separate
 * stores, so they are filled on two threads; a chunk of claims is freed
 * once both have read it, so the claims and their spans are not all held at
 * once. */
typedef struct {
  EtfReader *r;
  Placement *p;
  gint *readers; /* per chunk: the threads still to read it */
} Fill;

static void
done_with_claim (Fill *fill, guint i)
{
  ChronoEtfClaims *claims = &fill->r->claims;
  if ((i & (CHRONO_ETF_CHUNK - 1)) == CHRONO_ETF_CHUNK - 1 || i + 1 == claims->n)
    if (g_atomic_int_dec_and_test (&fill->readers[i >> CHRONO_ETF_CHUNK_BITS]))
      chrono_etf_chunked_release_chunk (claims, i);
}

static gpointer
fill_activities (gpointer data)
{
  Fill *fill = data;
  EtfReader *r = fill->r;
  for (guint i = 0; i < r->claims.n; i++)
    {
      const ChronoEtfClaim *claim = chrono_etf_claims_get (&r->claims, i);
      if (claim->activity != CHRONO_ETF_NO_INDEX)
        {
          Activity *activity = &g_array_index (fill->p->activities, Activity, claim->activity);
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
        }
      done_with_claim (fill, i);
    }
  return NULL;
}

static void
fill_resources (Fill *fill)
{
  EtfReader *r = fill->r;
  for (guint i = 0; i < r->claims.n; i++)
    {
      const ChronoEtfClaim *claim = chrono_etf_claims_get (&r->claims, i);
      if (claim->activity != CHRONO_ETF_NO_INDEX)
        {
          Resource *res = chrono_etf_claim_resource (r, claim);
          gint64 start = chrono_etf_to_ticks (r, claim->t0), end = chrono_etf_to_ticks (r, claim->t1);
          double offset = claim->offset;
          if (!res->uses_offset)
            offset = chrono_etf_pack_claim (res, start, end, claim->amount);
          ChronoSpan span = { start, end, CHRONO_STATE_BUSY, 0, 0, claim->label, CHRONO_NO_INSTANCE, claim->attrs };
          ChronoExtent extent = { offset, claim->amount };
          if (res->spans == NULL)
            res->spans = chrono_lane_ensure_spans (res->lane);
          chrono_spans_append_with_extent (res->spans, &span, &extent);
        }
      done_with_claim (fill, i);
    }
}

void
chrono_etf_fill_claim_lanes (EtfReader *r, Placement *p)
{
  guint n_chunks = r->claims.chunks->len;
  Fill fill = { r, p, g_new (gint, n_chunks) };
  for (guint c = 0; c < n_chunks; c++)
    fill.readers[c] = 2;
  if (r->claims.n < CHRONO_ETF_CHUNK)
    {
      /* few claims: quicker one after the other than with a thread started for them */
      fill_activities (&fill);
      fill_resources (&fill);
    }
  else
    {
      GThread *worker = g_thread_new ("etf-activities", fill_activities, &fill);
      fill_resources (&fill);
      g_thread_join (worker);
    }
  g_free (fill.readers);
  for (guint i = 0; i < r->resources->len; i++)
    g_clear_pointer (&g_array_index (r->resources, Resource, i).placed, g_array_unref);
}

/* The lane an event goes to: named by its event-grouping values (the
 * .view's eventGrouping), else the one "Events" lane. */
static ChronoLane *
event_lane (EtfReader *r, ChronoLane *group, GHashTable *lanes, guint32 attrs, GString *key)
{
  g_string_truncate (key, 0);
  for (guint k = 0; k < r->event_grouping->len; k++)
    {
      const char *value = attrs ? chrono_attrs_lookup (chrono_trace_get_attrs (r->trace), attrs,
                                                       g_ptr_array_index (r->event_grouping, k))
                                : NULL;
      if (value == NULL)
        continue;
      if (key->len)
        g_string_append (key, ", ");
      g_string_append (key, value);
    }
  gboolean ours = key->len == 0; /* grouped by nothing it has */
  if (ours)
    g_string_append (key, N_ ("Events"));
  ChronoLane *lane = g_hash_table_lookup (lanes, key->str);
  if (lane == NULL)
    {
      g_autoptr (ChronoLane) added = chrono_lane_new (key->str, CHRONO_LANE_EVENTS, "E");
      chrono_lane_set_name_is_ours (added, ours);
      chrono_lane_append_child (group, added);
      g_hash_table_insert (lanes, g_strdup (key->str), added);
      lane = added;
    }
  return lane;
}

const EtfEventMarks chrono_etf_all_events = { G_MININT64, G_MAXINT64 };

void
chrono_etf_build_events (EtfReader *r, ChronoLane *group, const EtfEventMarks *marks, GPtrArray **out_lanes)
{
  if (r->events->len == 0)
    return;
  g_autoptr (GHashTable) lanes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GString) key = g_string_new (NULL);
  GPtrArray *event_lanes = g_ptr_array_sized_new (r->events->len);
  ChronoStrings *strings = chrono_trace_get_strings (r->trace);
  guint32 event_kind = chrono_strings_intern (strings, "event");
  for (guint i = 0; i < r->events->len; i++)
    {
      Event *event = &g_array_index (r->events, Event, i);
      gint64 time = chrono_etf_to_ticks (r, event->t);
      ChronoLane *lane = event_lane (r, group, lanes, event->attrs, key);
      g_ptr_array_add (event_lanes, lane);
      if (marks != NULL && (time < marks->begin || (marks->end != G_MAXINT64 && time >= marks->end)))
        continue; /* another window's */
      chrono_trace_include_time (r->trace, time);
      if (marks == NULL)
        continue; /* a lazy index: the lanes and their times, no mark */
      const char *name = name_of (r, event->attrs);
      ChronoMark mark = { time, name ? chrono_strings_intern (strings, name) : event_kind, CHRONO_STRING_NONE,
                          CHRONO_STRING_NONE, event->attrs };
      chrono_marks_append (chrono_lane_ensure_marks (lane), &mark);
    }
  if (r->event_grouping->len > 0)
    chrono_lane_sort_children (group);
  *out_lanes = event_lanes;
}

/* A coefficient per unit^power as per second^power, with exact factors:
 * units per second is a whole number for ns…s, seconds per unit for min and h. */
static double
per_second (EtfReader *r, double coefficient, int power)
{
  double factor;
  if (r->ticks_per_second >= r->ticks_per_unit)
    {
      factor = (double) (r->ticks_per_second / r->ticks_per_unit);
      return power == 1 ? coefficient * factor : coefficient * (factor * factor);
    }
  factor = (double) (r->ticks_per_unit / r->ticks_per_second);
  return power == 1 ? coefficient / factor : coefficient / (factor * factor);
}

void
chrono_etf_convert_fragment (EtfReader *r, const RawFragment *raw, ChronoFragment *out)
{
  *out = (ChronoFragment){ chrono_etf_to_ticks (r, raw->t0), chrono_etf_to_ticks (r, raw->t1), raw->c,
                           per_second (r, raw->b, 1), per_second (r, raw->a, 2) };
}

void
chrono_etf_build_signals (EtfReader *r, ChronoLane *group, GPtrArray *out_lanes)
{
  for (guint i = 0; i < r->signal_order->len; i++)
    {
      Signal *signal = g_ptr_array_index (r->signal_order, i);
      if (!signal->declared)
        chrono_warnings_add (r->warnings, signal->line, "unknown reference",
                             _ ("fragments of signal %" PRId64 " but no S line declares it"), signal->id);
      else if (signal->n_fragments == 0)
        chrono_warnings_add (r->warnings, signal->line, "empty signal", _ ("signal %" PRId64 " has no F line"),
                             signal->id);
      const char *name = name_of (r, signal->attrs);
      g_autofree char *fallback = g_strdup_printf ("Signal %" PRId64, signal->id);
      g_autoptr (ChronoLane) lane = chrono_lane_new (name ? name : fallback, CHRONO_LANE_SIGNAL, "S");
      chrono_lane_set_source (lane, signal->id, signal->attrs, 0.0);
      chrono_lane_append_child (group, lane);
      if (signal->n_fragments > 0)
        {
          chrono_trace_include_time (r->trace, chrono_etf_to_ticks (r, signal->min_t0));
          chrono_trace_include_time (r->trace, chrono_etf_to_ticks (r, signal->max_t1));
        }
      if (out_lanes != NULL)
        {
          g_ptr_array_add (out_lanes, lane); /* read lazily: no fragment was kept */
          continue;
        }
      ChronoSignal *values = chrono_lane_ensure_signal (lane, r->ticks_per_second);
      for (guint f = 0; f < signal->fragments->len; f++)
        {
          ChronoFragment fragment;
          chrono_etf_convert_fragment (r, &g_array_index (signal->fragments, RawFragment, f), &fragment);
          chrono_signal_append (values, &fragment);
        }
      g_clear_pointer (&signal->fragments, g_array_unref);
    }
}
