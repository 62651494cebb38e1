#include "chrono-trace.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define KEEP_WARNINGS 1000

struct _ChronoTrace {
  GObject parent_instance;
  char *path;
  char *format;
  guint not_utf8_reported; /* names read as Latin-1 that a warning counts */
  ChronoClock clock;
  gint64 begin, end; /* begin > end while the trace has no timestamp */
  ChronoStrings *strings;
  ChronoAttrs *attrs;
  ChronoLinks *links;
  ChronoMessages *messages; /* NULL until a reader keeps them */
  ChronoWarnings *warnings;
  GArray *metadata; /* ChronoMetadata */
  GListStore *lanes;
  GArray *chunks; /* ChronoChunk */
  GArray *chunk_order; /* guint: chunk indices by span begin; NULL until asked, or after a chunk is added */
  GArray *chunk_max_end; /* gint64: the latest span end of chunk_order[0..i] */
  guint64 n_events;
  GHashTable *options; /* char* -> char* */
  GHashTable *colour_labels; /* string ids items are coloured by, as loaders note them; NULL: none */
  ChronoChunkCache *chunk_cache; /* set: read lazily, lanes hold summaries */
  ChronoTraceFeatures declared_features; /* from the loader */
  GVariant *statistics; /* a{sv} from the reader, or NULL */
};

enum { PROP_0, PROP_PATH, PROP_FORMAT, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ChronoTrace, chrono_trace, G_TYPE_OBJECT)

static void
clear_metadata (gpointer data)
{
  ChronoMetadata *entry = data;
  g_free (entry->key);
  g_free (entry->value);
}

static void
chrono_trace_finalize (GObject *object)
{
  ChronoTrace *self = CHRONO_TRACE (object);
  if (self->chunk_cache != NULL)
    chrono_chunk_cache_request (self->chunk_cache, 1, 0); /* queued decodes are no longer wanted */
  g_clear_object (&self->chunk_cache);
  g_free (self->path);
  g_free (self->format);
  chrono_attrs_free (self->attrs);
  chrono_links_free (self->links);
  chrono_messages_free (self->messages);
  chrono_strings_free (self->strings);
  chrono_warnings_free (self->warnings);
  g_array_unref (self->metadata);
  g_clear_pointer (&self->colour_labels, g_hash_table_unref);
  g_clear_pointer (&self->statistics, g_variant_unref);
  g_object_unref (self->lanes);
  g_array_unref (self->chunks);
  g_clear_pointer (&self->chunk_order, g_array_unref);
  g_clear_pointer (&self->chunk_max_end, g_array_unref);
  g_hash_table_unref (self->options);
  G_OBJECT_CLASS (chrono_trace_parent_class)->finalize (object);
}

static void
chrono_trace_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ChronoTrace *self = CHRONO_TRACE (object);
  switch (prop_id)
    {
    case PROP_PATH: g_value_set_string (value, self->path); break;
    case PROP_FORMAT: g_value_set_string (value, self->format); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_trace_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ChronoTrace *self = CHRONO_TRACE (object);
  switch (prop_id)
    {
    case PROP_PATH: self->path = g_value_dup_string (value); break;
    case PROP_FORMAT: self->format = g_value_dup_string (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_trace_class_init (ChronoTraceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = chrono_trace_finalize;
  object_class->get_property = chrono_trace_get_property;
  object_class->set_property = chrono_trace_set_property;
  properties[PROP_PATH] =
      g_param_spec_string ("path", NULL, NULL, "", G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FORMAT] = g_param_spec_string ("format", NULL, NULL, "",
                                                 G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
chrono_trace_init (ChronoTrace *self)
{
  chrono_clock_init (&self->clock, 1000000000);
  self->begin = G_MAXINT64;
  self->end = G_MININT64;
  self->strings = chrono_strings_new ();
  self->attrs = chrono_attrs_new (self->strings);
  self->links = chrono_links_new ();
  self->warnings = chrono_warnings_new (KEEP_WARNINGS);
  self->metadata = g_array_new (FALSE, FALSE, sizeof (ChronoMetadata));
  g_array_set_clear_func (self->metadata, clear_metadata);
  self->lanes = g_list_store_new (CHRONO_TYPE_LANE);
  self->chunks = g_array_new (FALSE, FALSE, sizeof (ChronoChunk));
  self->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

ChronoTrace *
chrono_trace_new (const char *path, const char *format)
{
  return g_object_new (CHRONO_TYPE_TRACE, "path", path, "format", format, NULL);
}

const char *
chrono_trace_get_path (ChronoTrace *trace)
{
  return trace->path;
}

const char *
chrono_trace_get_format (ChronoTrace *trace)
{
  return trace->format;
}

const ChronoClock *
chrono_trace_get_clock (ChronoTrace *trace)
{
  return &trace->clock;
}

void
chrono_trace_set_clock (ChronoTrace *trace, const ChronoClock *clock)
{
  trace->clock = *clock;
}

gboolean
chrono_trace_has_range (ChronoTrace *trace)
{
  return trace->begin <= trace->end;
}

gint64
chrono_trace_get_begin (ChronoTrace *trace)
{
  return chrono_trace_has_range (trace) ? trace->begin : 0;
}

gint64
chrono_trace_get_end (ChronoTrace *trace)
{
  return chrono_trace_has_range (trace) ? trace->end : 0;
}

void
chrono_trace_include_time (ChronoTrace *trace, gint64 time)
{
  trace->begin = MIN (trace->begin, time);
  trace->end = MAX (trace->end, time);
}

ChronoStrings *
chrono_trace_get_strings (ChronoTrace *trace)
{
  return trace->strings;
}

ChronoAttrs *
chrono_trace_get_attrs (ChronoTrace *trace)
{
  return trace->attrs;
}

ChronoMessages *
chrono_trace_get_messages (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  return trace->messages;
}

ChronoMessages *
chrono_trace_ensure_messages (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  if (trace->messages == NULL)
    trace->messages = chrono_messages_new ();
  return trace->messages;
}

ChronoLinks *
chrono_trace_get_links (ChronoTrace *trace)
{
  return trace->links;
}

ChronoWarnings *
chrono_trace_get_warnings (ChronoTrace *trace)
{
  return trace->warnings;
}

void
chrono_trace_add_metadata (ChronoTrace *trace, const char *key, const char *value)
{
  ChronoMetadata entry = { chrono_utf8_dup (key), chrono_utf8_dup (value) };
  g_array_append_val (trace->metadata, entry);
}

void
chrono_trace_set_statistics (ChronoTrace *trace, GVariant *statistics)
{
  g_return_if_fail (CHRONO_IS_TRACE (trace));
  g_return_if_fail (statistics == NULL || g_variant_is_of_type (statistics, G_VARIANT_TYPE_VARDICT));
  if (statistics != NULL)
    g_variant_ref_sink (statistics);
  g_clear_pointer (&trace->statistics, g_variant_unref);
  trace->statistics = statistics;
}

GVariant *
chrono_statistics_compact (GVariant *value)
{
  g_variant_get_data (value); /* serialises it and lets its children go */
  return value;
}

GVariant *
chrono_trace_get_statistics (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  return trace->statistics;
}

guint
chrono_trace_get_n_metadata (ChronoTrace *trace)
{
  return trace->metadata->len;
}

const ChronoMetadata *
chrono_trace_get_metadata (ChronoTrace *trace, guint index)
{
  g_return_val_if_fail (index < trace->metadata->len, NULL);
  return &g_array_index (trace->metadata, ChronoMetadata, index);
}

/* The last value given for key (case-insensitive), as headers may repeat keys. */
const char *
chrono_trace_lookup_metadata (ChronoTrace *trace, const char *key)
{
  for (guint i = trace->metadata->len; i > 0; i--)
    {
      const ChronoMetadata *entry = &g_array_index (trace->metadata, ChronoMetadata, i - 1);
      if (g_ascii_strcasecmp (entry->key, key) == 0)
        return entry->value;
    }
  return NULL;
}

GListModel *
chrono_trace_get_lanes (ChronoTrace *trace)
{
  return G_LIST_MODEL (trace->lanes);
}

void
chrono_trace_add_lane (ChronoTrace *trace, ChronoLane *lane)
{
  g_list_store_append (trace->lanes, lane);
}

void
chrono_trace_note_colour_label (ChronoTrace *trace, guint32 label)
{
  g_return_if_fail (CHRONO_IS_TRACE (trace));
  if (label == CHRONO_STRING_NONE)
    return;
  if (trace->colour_labels == NULL)
    trace->colour_labels = g_hash_table_new (NULL, NULL);
  g_hash_table_add (trace->colour_labels, GUINT_TO_POINTER (label));
}

GArray *
chrono_trace_list_colour_labels (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  GArray *labels = g_array_new (FALSE, FALSE, sizeof (guint32));
  if (trace->colour_labels == NULL)
    return labels;
  GHashTableIter iter;
  gpointer key;
  g_hash_table_iter_init (&iter, trace->colour_labels);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      guint32 label = GPOINTER_TO_UINT (key);
      g_array_append_val (labels, label);
    }
  return labels;
}

void
chrono_trace_insert_lane (ChronoTrace *trace, guint position, ChronoLane *lane)
{
  g_list_store_insert (trace->lanes, MIN (position, g_list_model_get_n_items (G_LIST_MODEL (trace->lanes))), lane);
}

void
chrono_trace_remove_lane (ChronoTrace *trace, ChronoLane *lane)
{
  guint position;
  if (g_list_store_find (trace->lanes, lane, &position))
    g_list_store_remove (trace->lanes, position);
}

static void
collect_lanes (GListModel *model, GPtrArray *out)
{
  guint n = g_list_model_get_n_items (model);
  for (guint i = 0; i < n; i++)
    {
      ChronoLane *lane = g_list_model_get_item (model, i);
      g_ptr_array_add (out, lane);
      collect_lanes (chrono_lane_get_children (lane), out);
    }
}

/* Every lane, depth first in display order; the array holds references. */
GPtrArray *
chrono_trace_list_lanes (ChronoTrace *trace)
{
  GPtrArray *lanes = g_ptr_array_new_with_free_func (g_object_unref);
  collect_lanes (G_LIST_MODEL (trace->lanes), lanes);
  return lanes;
}

guint
chrono_trace_count_lanes (ChronoTrace *trace)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  return lanes->len;
}

void
chrono_trace_add_chunk (ChronoTrace *trace, const ChronoChunk *chunk)
{
  g_array_append_val (trace->chunks, *chunk);
  g_clear_pointer (&trace->chunk_order, g_array_unref);
  g_clear_pointer (&trace->chunk_max_end, g_array_unref);
}

guint
chrono_trace_get_n_chunks (ChronoTrace *trace)
{
  return trace->chunks->len;
}

const ChronoChunk *
chrono_trace_get_chunk (ChronoTrace *trace, guint index)
{
  g_return_val_if_fail (index < trace->chunks->len, NULL);
  return &g_array_index (trace->chunks, ChronoChunk, index);
}

guint64
chrono_trace_get_n_events (ChronoTrace *trace)
{
  return trace->n_events;
}

void
chrono_trace_set_n_events (ChronoTrace *trace, guint64 n_events)
{
  trace->n_events = n_events;
}

void
chrono_trace_set_option (ChronoTrace *trace, const char *key, const char *value)
{
  if (value == NULL)
    g_hash_table_remove (trace->options, key);
  else
    g_hash_table_insert (trace->options, g_strdup (key), g_strdup (value));
}

const char *
chrono_trace_get_option (ChronoTrace *trace, const char *key)
{
  return g_hash_table_lookup (trace->options, key);
}

GHashTable *
chrono_trace_get_options (ChronoTrace *trace)
{
  return trace->options;
}

static ChronoTraceFeatures
features_of_kind (ChronoLaneKind kind)
{
  if (chrono_lane_kind_holds_claims (kind))
    return CHRONO_TRACE_HAS_CLAIMS;
  switch (kind)
    {
    case CHRONO_LANE_PROCESS: return CHRONO_TRACE_HAS_INSTANCES;
    case CHRONO_LANE_SIGNAL: return CHRONO_TRACE_HAS_SIGNALS;
    case CHRONO_LANE_CORE: return CHRONO_TRACE_HAS_CORES;
    default: return 0;
    }
}

void
chrono_trace_add_features (ChronoTrace *trace, ChronoTraceFeatures features)
{
  g_return_if_fail (CHRONO_IS_TRACE (trace));
  trace->declared_features |= features;
}

/* Asked rarely (when a view is built), so it walks the lanes rather than
 * keeping a cache that lanes added later (usage lanes) would make stale. */
ChronoTraceFeatures
chrono_trace_get_features (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), 0);
  ChronoTraceFeatures features = trace->declared_features;
  if (chrono_links_get_n (trace->links) > 0)
    features |= CHRONO_TRACE_HAS_LINKS;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    features |= features_of_kind (chrono_lane_get_kind (g_ptr_array_index (lanes, i)));
  return features;
}

gboolean
chrono_trace_has_lane_kind (ChronoTrace *trace, ChronoLaneKind kind)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), FALSE);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (chrono_lane_get_kind (g_ptr_array_index (lanes, i)) == kind)
      return TRUE;
  return FALSE;
}

void
chrono_trace_seal (ChronoTrace *trace)
{
  guint32 first;
  guint not_utf8 = chrono_strings_get_n_not_utf8 (trace->strings, &first);
  if (not_utf8 > trace->not_utf8_reported)
    chrono_warnings_add (
        trace->warnings, 0, "not UTF-8",
        g_dngettext (GETTEXT_PACKAGE, "%u name is not UTF-8 and was read as Latin-1 (ISO 8859-1): “%s”",
                     "%u names are not UTF-8 and were read as Latin-1 (ISO 8859-1), the first “%s”", not_utf8),
        not_utf8, chrono_strings_get (trace->strings, first));
  trace->not_utf8_reported = not_utf8;
  chrono_links_seal (trace->links);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (trace->lanes));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (ChronoLane) lane = g_list_model_get_item (G_LIST_MODEL (trace->lanes), i);
      chrono_lane_seal (lane);
    }
}

void
chrono_trace_set_chunk_cache (ChronoTrace *trace, ChronoChunkCache *cache)
{
  g_set_object (&trace->chunk_cache, cache);
}

ChronoChunkCache *
chrono_trace_get_chunk_cache (ChronoTrace *trace)
{
  return trace->chunk_cache;
}

gboolean
chrono_trace_is_lazy (ChronoTrace *trace)
{
  return trace->chunk_cache != NULL;
}

/* The chunk whose events include time: the last one that begins at or before it. */
guint
chrono_trace_find_chunk (ChronoTrace *trace, gint64 time)
{
  guint lo = 0, hi = trace->chunks->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const ChronoChunk *chunk = &g_array_index (trace->chunks, ChronoChunk, mid);
      if (chunk->first_time <= time)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo > 0 ? lo - 1 : 0;
}

/* The first chunk reaches back to the beginning of time and the last one on
 * to its end, as find_chunk has it: nothing before or after is left out. */
void
chrono_trace_get_chunk_span (ChronoTrace *trace, guint index, gint64 *out_begin, gint64 *out_end)
{
  g_return_if_fail (index < trace->chunks->len);
  const ChronoChunk *chunk = &g_array_index (trace->chunks, ChronoChunk, index);
  *out_begin = index == 0 ? G_MININT64 : chunk->first_time;
  *out_end = index + 1 == trace->chunks->len ? G_MAXINT64 : MAX (chunk->end_time, chunk->first_time);
}

static int
compare_guint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return (x > y) - (x < y);
}

static int
compare_span_begins (gconstpointer a, gconstpointer b, gpointer spans_data)
{
  GArray *spans = spans_data;
  guint ia = *(const guint *) a, ib = *(const guint *) b;
  gint64 ba = g_array_index (spans, gint64, 2 * ia), bb = g_array_index (spans, gint64, 2 * ib);
  if (ba != bb)
    return ba < bb ? -1 : 1;
  return (ia > ib) - (ia < ib);
}

/* Chunks by the begin of their span, with the running maximum of their
 * ends: the chunks overlapping a range are then a run of this order, found
 * by two binary searches and a scan that skips only chunks ending early.
 * Sorted files give the identity and a scan of exactly the chunks in view. */
static void
ensure_chunk_order (ChronoTrace *trace)
{
  if (trace->chunk_order != NULL)
    return;
  guint n = trace->chunks->len;
  g_autoptr (GArray) spans = g_array_sized_new (FALSE, FALSE, sizeof (gint64), 2 * n);
  trace->chunk_order = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);
  trace->chunk_max_end = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n);
  for (guint k = 0; k < n; k++)
    {
      gint64 span[2];
      chrono_trace_get_chunk_span (trace, k, &span[0], &span[1]);
      g_array_append_vals (spans, span, 2);
      g_array_append_val (trace->chunk_order, k);
    }
  g_array_sort_with_data (trace->chunk_order, compare_span_begins, spans);
  gint64 max_end = G_MININT64;
  for (guint i = 0; i < n; i++)
    {
      guint k = g_array_index (trace->chunk_order, guint, i);
      max_end = MAX (max_end, g_array_index (spans, gint64, 2 * k + 1));
      g_array_append_val (trace->chunk_max_end, max_end);
    }
}

/* A span [b, e) overlaps [begin, end]; an empty one (b == e) counts as the instant b. */
static gboolean
span_overlaps (gint64 b, gint64 e, gint64 begin, gint64 end)
{
  return b <= end && (e > begin || (b == e && b >= begin));
}

GArray *
chrono_trace_find_chunks (ChronoTrace *trace, gint64 begin, gint64 end)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (guint));
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), found);
  ensure_chunk_order (trace);
  guint n = trace->chunks->len;
  /* hi: the chunks beginning at or before end; lo: the first whose running end reaches begin */
  guint lo = 0, hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      gint64 b, e;
      chrono_trace_get_chunk_span (trace, g_array_index (trace->chunk_order, guint, mid), &b, &e);
      if (b <= end)
        lo = mid + 1;
      else
        hi = mid;
    }
  guint last = lo;
  lo = 0;
  hi = last;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (g_array_index (trace->chunk_max_end, gint64, mid) >= begin)
        hi = mid;
      else
        lo = mid + 1;
    }
  for (guint i = lo; i < last; i++)
    {
      guint k = g_array_index (trace->chunk_order, guint, i);
      gint64 b, e;
      chrono_trace_get_chunk_span (trace, k, &b, &e);
      if (span_overlaps (b, e, begin, end))
        g_array_append_val (found, k);
    }
  g_array_sort (found, compare_guint);
  return found;
}

/* Where chunk k's time ends, as its loader recorded it when the index was built. */
gint64
chrono_trace_get_chunk_end (ChronoTrace *trace, guint index)
{
  g_return_val_if_fail (index < trace->chunks->len, 0);
  return g_array_index (trace->chunks, ChronoChunk, index).end_time;
}

gsize
chrono_trace_get_memory_size (ChronoTrace *trace)
{
  gsize size = sizeof *trace;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      size += 256; /* the lane object, its name and list */
      if (chrono_lane_get_spans (lane))
        size += chrono_spans_get_memory_size (chrono_lane_get_spans (lane));
      if (chrono_lane_get_summary (lane))
        size += chrono_summary_get_memory_size (chrono_lane_get_summary (lane));
      if (chrono_lane_get_call_summary (lane) != NULL)
        size += chrono_call_summary_get_memory_size (chrono_lane_get_call_summary (lane));
      if (chrono_lane_get_tree (lane) != NULL)
        size += chrono_tree_get_memory_size (chrono_lane_get_tree (lane));
      if (chrono_lane_get_marks (lane))
        size += chrono_marks_get_n (chrono_lane_get_marks (lane)) * sizeof (ChronoMark);
      if (chrono_lane_get_instances (lane))
        size += chrono_instances_get_n (chrono_lane_get_instances (lane)) * sizeof (ChronoInstance);
    }
  return size;
}

guint64
chrono_trace_count_marks (ChronoTrace *trace)
{
  guint64 total = 0;
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      ChronoMarks *marks = chrono_lane_get_marks (lane);
      guint64 counted;
      if (marks != NULL)
        total += chrono_marks_get_n (marks);
      else if (chrono_lane_get_mark_count (lane, &counted))
        total += counted; /* read lazily: as the reader counted them */
    }
  return total;
}
