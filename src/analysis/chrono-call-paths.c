/* chrono-call-paths.c — the path of each call and the call it was made in
 * are the path index's (chrono-path-index.h, kept on the trace), so the
 * figures of a range are sums over its calls: a call adds its time in the
 * range to its path's inclusive and exclusive time and, when it and its
 * caller were both left, takes it from its caller's exclusive time (the
 * time of the closed calls made directly inside it).  A range is walked
 * from its first call (found by search) and the calls open at its start,
 * which are the chain of callers of the last call before it (the calls
 * open at a time are a stack). */
#include "chrono-call-paths.h"

#include <math.h>

#include <string.h>

#include "chrono-path-index.h"

typedef struct {
  guint64 calls;
  gint64 inclusive, exclusive;
  gboolean touched; /* listed in Walk.touched */
} Figures;

typedef struct {
  ChronoPathIndex *index;
  const ChronoLaneCalls **lane_calls; /* per lane to walk */
  ChronoSpans *spans; /* of the lane being walked */
  const ChronoLaneCalls *calls; /* its calls */
  Figures *figures; /* by path node */
  GArray *touched; /* guint32: the nodes whose figures changed, as met */
  gint64 begin, end;
} Walk;

/* Every lane indexed first: the figures are sized by the nodes there are then. */
static void
walk_init (Walk *walk, ChronoTrace *trace, GPtrArray *lanes, gint64 begin, gint64 end)
{
  *walk = (Walk){ .index = chrono_path_index_of (trace), .begin = begin, .end = end };
  walk->lane_calls = g_new (const ChronoLaneCalls *, MAX (lanes->len, 1));
  for (guint i = 0; i < lanes->len; i++)
    walk->lane_calls[i] = chrono_path_index_lane (walk->index, g_ptr_array_index (lanes, i));
  walk->figures = g_new0 (Figures, chrono_path_index_get_n_nodes (walk->index));
  walk->touched = g_array_new (FALSE, FALSE, sizeof (guint32));
}

static void
walk_clear (Walk *walk)
{
  g_free (walk->lane_calls);
  g_free (walk->figures);
  g_array_unref (walk->touched);
}

/* What a call's figures need of its span (the columns read alone: a walk
 * reads millions). */
typedef struct {
  gint64 start, end;
  gboolean open; /* never left */
} Call;

/* Within [begin, end): a call of no length counts when it lies in the range. */
static gboolean
in_range (const Walk *walk, const Call *c)
{
  if (c->start >= walk->end)
    return FALSE;
  if (c->open)
    return TRUE;
  return c->end > walk->begin || (c->end == c->start && c->start >= walk->begin);
}

static gint64
inclusive_in_range (const Walk *walk, const Call *c)
{
  if (c->open)
    return 0; /* a call never left adds no time */
  gint64 from = MAX (c->start, walk->begin), to = MIN (c->end, walk->end);
  return to > from ? to - from : 0;
}

static gboolean
is_open (Walk *walk, guint index)
{
  return (chrono_spans_get_flags (walk->spans, index) & CHRONO_SPAN_OPEN_END) != 0;
}

static Figures *
touch (Walk *walk, guint32 node)
{
  Figures *f = &walk->figures[node];
  if (!f->touched)
    {
      f->touched = TRUE;
      g_array_append_val (walk->touched, node);
    }
  return f;
}

/* The figures back to nothing, for the next lane to be walked alone. */
static void
forget_touched (Walk *walk)
{
  for (guint i = 0; i < walk->touched->len; i++)
    memset (&walk->figures[g_array_index (walk->touched, guint32, i)], 0, sizeof (Figures));
  g_array_set_size (walk->touched, 0);
}

static void
count_call (Walk *walk, guint index)
{
  Call call = { chrono_spans_get_start (walk->spans, index), chrono_spans_get_end (walk->spans, index),
                is_open (walk, index) };
  if (!in_range (walk, &call))
    return;
  gint64 inclusive = inclusive_in_range (walk, &call);
  Figures *f = touch (walk, walk->calls->node[index]);
  f->calls++;
  f->inclusive += inclusive;
  if (call.open)
    return;
  f->exclusive += inclusive;
  guint32 caller = walk->calls->caller[index];
  if (caller != CHRONO_NO_PATH && !is_open (walk, caller))
    touch (walk, walk->calls->node[caller])->exclusive -= inclusive;
}

/* The lane of those walk_init was given at place. */
static void
add_lane (Walk *walk, GPtrArray *lanes, guint place)
{
  walk->spans = chrono_lane_get_spans (g_ptr_array_index (lanes, place));
  const ChronoLaneCalls *calls = walk->calls = walk->lane_calls[place];
  guint n = calls->n, from = 0;
  if (n > 0 && walk->begin > G_MININT64)
    {
      from = chrono_spans_first_starting_at_or_after (walk->spans, walk->begin);
      guint last = from;
      while (last > 0 && calls->node[last - 1] == CHRONO_NO_PATH)
        last--;
      for (guint32 at = last > 0 ? last - 1 : CHRONO_NO_PATH; at != CHRONO_NO_PATH; at = calls->caller[at])
        count_call (walk, at);
    }
  for (guint i = from; i < n; i++)
    {
      if (calls->node[i] == CHRONO_NO_PATH)
        continue;
      if (chrono_spans_get_start (walk->spans, i) >= walk->end)
        break;
      count_call (walk, i);
    }
}

int
chrono_call_path_compare (const ChronoCallPath *x, const ChronoCallPath *y)
{
  for (guint i = 0; i < x->names->len && i < y->names->len; i++)
    {
      int c = strcmp (g_ptr_array_index (x->names, i), g_ptr_array_index (y->names, i));
      if (c != 0)
        return c;
    }
  return x->names->len < y->names->len ? -1 : (x->names->len > y->names->len);
}

char *
chrono_call_path_join (const ChronoCallPath *path)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < path->names->len; i++)
    g_string_append_printf (out, "%s%s", i ? ";" : "", (const char *) g_ptr_array_index (path->names, i));
  return g_string_free (out, FALSE);
}

static GPtrArray *
names_of (ChronoPathIndex *index, guint32 node)
{
  guint depth = 0;
  for (guint32 at = node; at != 0; at = chrono_path_index_get_parent (index, at))
    depth++;
  GPtrArray *names = g_ptr_array_sized_new (depth);
  g_ptr_array_set_size (names, (gint) depth);
  /* outermost first */
  for (guint32 at = node; at != 0; at = chrono_path_index_get_parent (index, at))
    names->pdata[--depth] = (gpointer) chrono_path_index_get_name (index, at);
  return names;
}

static int
by_rank (gconstpointer a, gconstpointer b, gpointer ranks)
{
  guint32 x = ((const guint32 *) ranks)[*(const guint32 *) a], y = ((const guint32 *) ranks)[*(const guint32 *) b];
  return x < y ? -1 : (x > y);
}

/* The paths with a call in the range, in path order (paths only on the way
 * down to one are left out).  Few nodes touched (one location of many, a
 * short range): they are sorted by their place in the index's order; many:
 * the index's order is walked whole. */
static GArray *
paths_of (ChronoPathIndex *index, const Figures *figures, GArray *touched)
{
  guint n;
  const guint32 *sorted = chrono_path_index_sorted (index, &n);
  gboolean few = touched->len < n / 16;
  if (few)
    g_array_sort_with_data (touched, by_rank, (gpointer) chrono_path_index_ranks (index));
  GArray *paths = g_array_sized_new (FALSE, FALSE, sizeof (ChronoCallPath), touched->len);
  for (guint i = 0; i < (few ? touched->len : n); i++)
    {
      guint32 node = few ? g_array_index (touched, guint32, i) : sorted[i];
      const Figures *f = &figures[node];
      if (f->calls == 0)
        continue;
      ChronoCallPath path = { names_of (index, node), f->calls, f->inclusive, f->exclusive };
      g_array_append_val (paths, path);
    }
  return paths;
}

GPtrArray *
chrono_call_paths_lanes (ChronoTrace *trace)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  GPtrArray *lanes = g_ptr_array_new ();
  g_autoptr (GPtrArray) all = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < all->len; i++)
    if (chrono_lane_get_kind (g_ptr_array_index (all, i)) == CHRONO_LANE_WORKER)
      g_ptr_array_add (lanes, g_ptr_array_index (all, i));
  return lanes;
}

GArray *
chrono_call_paths_compute (ChronoTrace *trace, GPtrArray *lanes, gint64 begin, gint64 end)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  g_autoptr (GPtrArray) every = lanes == NULL ? chrono_call_paths_lanes (trace) : NULL;
  GPtrArray *walked = lanes != NULL ? lanes : every;
  Walk walk;
  walk_init (&walk, trace, walked, begin, end);
  for (guint i = 0; i < walked->len; i++)
    add_lane (&walk, walked, i);
  GArray *paths = paths_of (walk.index, walk.figures, walk.touched);
  walk_clear (&walk);
  return paths;
}

GPtrArray *
chrono_call_paths_compute_each (ChronoTrace *trace, GPtrArray *lanes, gint64 begin, gint64 end)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && lanes != NULL, NULL);
  /* one buffer of figures for every lane: only what a lane touched is cleared after it */
  Walk walk;
  walk_init (&walk, trace, lanes, begin, end);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_call_paths_free);
  for (guint i = 0; i < lanes->len; i++)
    {
      add_lane (&walk, lanes, i);
      g_ptr_array_add (out, paths_of (walk.index, walk.figures, walk.touched));
      forget_touched (&walk);
    }
  walk_clear (&walk);
  return out;
}

/* The lane just walked, summed by the region its paths end in. */
static GArray *
regions_of_walk (Walk *walk, guint32 *slot_of_name)
{
  ChronoPathIndex *index = walk->index;
  GArray *regions = g_array_new (FALSE, FALSE, sizeof (ChronoRegionTimes));
  for (guint i = 0; i < walk->touched->len; i++)
    {
      guint32 node = g_array_index (walk->touched, guint32, i);
      const Figures *f = &walk->figures[node];
      if (f->calls == 0)
        continue;
      guint32 name = chrono_path_index_get_name_id (index, node);
      if (slot_of_name[name] == CHRONO_NO_PATH)
        {
          slot_of_name[name] = regions->len;
          ChronoRegionTimes r = { chrono_path_index_get_name (index, node), name, 0, 0, 0, FALSE };
          g_array_append_val (regions, r);
        }
      ChronoRegionTimes *r = &g_array_index (regions, ChronoRegionTimes, slot_of_name[name]);
      r->calls += f->calls;
      r->inclusive += f->inclusive;
      r->exclusive += f->exclusive;
    }
  for (guint i = 0; i < regions->len; i++)
    slot_of_name[g_array_index (regions, ChronoRegionTimes, i).region_id] = CHRONO_NO_PATH;
  return regions;
}

static int
by_region_name (gconstpointer a, gconstpointer b)
{
  return strcmp (((const ChronoRegionTimes *) a)->region, ((const ChronoRegionTimes *) b)->region);
}

/* A lazily read lane's regions, from its figures per stretch of the run. */
static GArray *
regions_of_summary (ChronoTrace *trace, ChronoLane *lane, gint64 begin, gint64 end)
{
  g_autoptr (GHashTable) figures = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  gboolean exact = chrono_call_summary_query (chrono_lane_get_call_summary (lane), begin, end, figures);
  GArray *regions = g_array_new (FALSE, FALSE, sizeof (ChronoRegionTimes));
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, figures);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      const ChronoCallSummaryRow *f = value;
      ChronoRegionTimes r = { chrono_strings_get (chrono_trace_get_strings (trace), f->label),
                              f->label,
                              (guint64) llround (f->calls),
                              chrono_call_summary_ticks (f->inclusive),
                              chrono_call_summary_ticks (f->exclusive),
                              !exact };
      if (r.calls > 0 || r.inclusive > 0)
        g_array_append_val (regions, r);
    }
  return regions;
}

GPtrArray *
chrono_call_paths_by_region (ChronoTrace *trace, GPtrArray *lanes, gint64 begin, gint64 end)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && lanes != NULL, NULL);
  Walk walk;
  walk_init (&walk, trace, lanes, begin, end);
  guint n_names = MAX (chrono_strings_get_n (chrono_trace_get_strings (trace)), 1);
  g_autofree guint32 *slot_of_name = g_new (guint32, n_names);
  memset (slot_of_name, 0xff, sizeof (guint32) * n_names);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint i = 0; i < lanes->len; i++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, i);
      gboolean summarised = chrono_lane_get_spans (lane) == NULL && chrono_lane_get_call_summary (lane) != NULL;
      if (!summarised)
        add_lane (&walk, lanes, i);
      GArray *regions =
          summarised ? regions_of_summary (trace, lane, begin, end) : regions_of_walk (&walk, slot_of_name);
      g_array_sort (regions, by_region_name);
      g_ptr_array_add (out, regions);
      forget_touched (&walk);
    }
  walk_clear (&walk);
  return out;
}

void
chrono_call_paths_free (GArray *paths)
{
  if (paths == NULL)
    return;
  for (guint i = 0; i < paths->len; i++)
    g_ptr_array_unref (g_array_index (paths, ChronoCallPath, i).names);
  g_array_unref (paths);
}

/* ---- load imbalance ------------------------------------------------------ */

typedef struct {
  const char *region;
  GArray *per_lane; /* gint64 inclusive, per lane; -1: never entered there */
} RegionLanes;

static void
region_lanes_free (RegionLanes *times)
{
  g_array_unref (times->per_lane);
  g_free (times);
}

static int
by_region (gconstpointer a, gconstpointer b)
{
  return strcmp (((const ChronoImbalance *) a)->region, ((const ChronoImbalance *) b)->region);
}

static ChronoImbalance
imbalance_of (const RegionLanes *times)
{
  ChronoImbalance out = { .region = times->region };
  for (guint l = 0; l < times->per_lane->len; l++)
    {
      gint64 ticks = g_array_index (times->per_lane, gint64, l);
      if (ticks < 0)
        continue;
      if (out.n_lanes == 0 || ticks > out.max)
        {
          out.max = ticks;
          out.worst = l;
        }
      out.n_lanes++;
      out.sum += ticks;
    }
  return out;
}

GArray *
chrono_call_paths_imbalance (GPtrArray *per_lane)
{
  g_autoptr (GHashTable) regions =
      g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) region_lanes_free);
  for (guint l = 0; l < per_lane->len; l++)
    {
      GArray *lane = g_ptr_array_index (per_lane, l);
      for (guint r = 0; r < lane->len; r++)
        {
          const ChronoRegionTimes *region = &g_array_index (lane, ChronoRegionTimes, r);
          RegionLanes *times = g_hash_table_lookup (regions, region->region);
          if (times == NULL)
            {
              times = g_new0 (RegionLanes, 1);
              times->region = region->region;
              times->per_lane = g_array_new (FALSE, FALSE, sizeof (gint64));
              gint64 never = -1;
              for (guint k = 0; k < per_lane->len; k++)
                g_array_append_val (times->per_lane, never);
              g_hash_table_insert (regions, (gpointer) region->region, times);
            }
          g_array_index (times->per_lane, gint64, l) = region->inclusive;
        }
    }
  GArray *out = g_array_new (FALSE, FALSE, sizeof (ChronoImbalance));
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, regions);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      ChronoImbalance imbalance = imbalance_of (value);
      g_array_append_val (out, imbalance);
    }
  g_array_sort (out, by_region);
  return out;
}
