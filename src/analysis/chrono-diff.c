/* chrono-diff.c — entities paired by a merge of the two runs' lists (both
 * sorted by name, then type); statistics as fractions of ticks so that a
 * difference of means is exact, and formatted once at the end. */
#include "chrono-diff.h"

#include <math.h>
#include <string.h>

static const char *const stat_names[CHRONO_N_STATS] = { "count", "min", "max", "mean", "p50", "p95", "p99" };

/* The index of name in names, or n. */
static guint
index_of (const char *const *names, guint n, const char *name)
{
  guint i = 0;
  while (i < n && g_strcmp0 (name, names[i]) != 0)
    i++;
  return i;
}

const char *
chrono_stat_get_name (ChronoStat stat)
{
  g_return_val_if_fail (stat < CHRONO_N_STATS, "");
  return stat_names[stat];
}

gboolean
chrono_stat_from_name (const char *name, ChronoStat *out)
{
  guint i = index_of (stat_names, CHRONO_N_STATS, name);
  *out = (ChronoStat) MIN (i, CHRONO_N_STATS - 1);
  return i < CHRONO_N_STATS;
}

/* ---- pairing ------------------------------------------------------------ */

static int
compare_entities (const ChronoEntityMetrics *a, const ChronoEntityMetrics *b)
{
  int c = strcmp (a->name, b->name);
  return c != 0 ? c : strcmp (a->type, b->type);
}

static int
by_name_and_type (gconstpointer a, gconstpointer b)
{
  return compare_entities (*(ChronoEntityMetrics *const *) a, *(ChronoEntityMetrics *const *) b);
}

static ChronoEntityMetrics *
pooled_entity (const ChronoEntityMetrics *first)
{
  ChronoEntityMetrics *e = g_new0 (ChronoEntityMetrics, 1);
  e->name = g_strdup (first->name);
  e->type = g_strdup (first->type);
  e->kind = first->kind;
  e->period = first->period;
  e->lanes = g_ptr_array_new_with_free_func (g_object_unref);
  e->instances = g_array_new (FALSE, FALSE, sizeof (ChronoInstanceMetrics));
  return e;
}

GPtrArray *
chrono_diff_pool (GPtrArray *const *runs, guint n)
{
  GPtrArray *pooled = g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_entity_metrics_free);
  g_autoptr (GHashTable) by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint r = 0; r < n; r++)
    for (guint i = 0; i < runs[r]->len; i++)
      {
        const ChronoEntityMetrics *e = g_ptr_array_index (runs[r], i);
        char *key = g_strdup_printf ("%s\x1f%s", e->name, e->type);
        ChronoEntityMetrics *into = g_hash_table_lookup (by_key, key);
        if (into == NULL)
          {
            into = pooled_entity (e);
            g_ptr_array_add (pooled, into);
            g_hash_table_insert (by_key, key, into);
          }
        else
          g_free (key);
        for (guint l = 0; l < e->lanes->len; l++)
          g_ptr_array_add (into->lanes, g_object_ref (g_ptr_array_index (e->lanes, l)));
        g_array_append_vals (into->instances, e->instances->data, e->instances->len);
      }
  g_ptr_array_sort (pooled, by_name_and_type);
  return pooled;
}

/* Borrowed pointers (g_ptr_array_copy would take the free function too). */
static GPtrArray *
sorted_copy (GPtrArray *entities)
{
  GPtrArray *copy = g_ptr_array_sized_new (entities->len);
  for (guint i = 0; i < entities->len; i++)
    g_ptr_array_add (copy, g_ptr_array_index (entities, i));
  g_ptr_array_sort (copy, by_name_and_type);
  return copy;
}

GPtrArray *
chrono_diff_pointers (GArray *items)
{
  GPtrArray *pointers = g_ptr_array_sized_new (items->len);
  guint size = g_array_get_element_size (items);
  for (guint i = 0; i < items->len; i++)
    g_ptr_array_add (pointers, items->data + (gsize) i * size);
  return pointers;
}

void
chrono_diff_merge (gpointer const *a, guint na, gpointer const *b, guint nb, GCompareFunc compare, GPtrArray *pairs,
                   GPtrArray *only_a, GPtrArray *only_b)
{
  guint i = 0, j = 0;
  while (i < na || j < nb)
    {
      int c = i == na ? 1 : j == nb ? -1 : compare (a[i], b[j]);
      if (c < 0)
        g_ptr_array_add (only_a, a[i++]);
      else if (c > 0)
        g_ptr_array_add (only_b, b[j++]);
      else
        {
          g_ptr_array_add (pairs, a[i++]);
          g_ptr_array_add (pairs, b[j++]);
        }
    }
}

ChronoDiff *
chrono_diff_new (GPtrArray *a, GPtrArray *b)
{
  ChronoDiff *diff = g_new0 (ChronoDiff, 1);
  diff->both = g_array_new (FALSE, FALSE, sizeof (ChronoDiffEntity));
  diff->only_a = g_ptr_array_new ();
  diff->only_b = g_ptr_array_new ();
  g_autoptr (GPtrArray) sa = sorted_copy (a), sb = sorted_copy (b), pairs = g_ptr_array_new ();
  chrono_diff_merge (sa->pdata, sa->len, sb->pdata, sb->len, (GCompareFunc) compare_entities, pairs, diff->only_a,
                     diff->only_b);
  for (guint k = 0; k < pairs->len; k += 2)
    {
      const ChronoEntityMetrics *x = g_ptr_array_index (pairs, k), *y = g_ptr_array_index (pairs, k + 1);
      ChronoDiffEntity pair = { x->name, x->type, x->kind, x, y };
      g_array_append_val (diff->both, pair);
    }
  return diff;
}

void
chrono_diff_free (ChronoDiff *diff)
{
  if (diff == NULL)
    return;
  g_array_unref (diff->both);
  g_ptr_array_unref (diff->only_a);
  g_ptr_array_unref (diff->only_b);
  g_free (diff);
}

ChronoPathDiff *
chrono_path_diff_new (GArray *a, GArray *b)
{
  ChronoPathDiff *diff = g_new0 (ChronoPathDiff, 1);
  diff->both = g_array_new (FALSE, FALSE, sizeof (ChronoPathPair));
  diff->only_a = g_ptr_array_new ();
  diff->only_b = g_ptr_array_new ();
  g_autoptr (GPtrArray) pa = chrono_diff_pointers (a), pb = chrono_diff_pointers (b), pairs = g_ptr_array_new ();
  chrono_diff_merge (pa->pdata, pa->len, pb->pdata, pb->len, (GCompareFunc) chrono_call_path_compare, pairs,
                     diff->only_a, diff->only_b);
  for (guint k = 0; k < pairs->len; k += 2)
    {
      ChronoPathPair pair = { g_ptr_array_index (pairs, k), g_ptr_array_index (pairs, k + 1) };
      g_array_append_val (diff->both, pair);
    }
  return diff;
}

void
chrono_path_diff_free (ChronoPathDiff *diff)
{
  if (diff == NULL)
    return;
  g_array_unref (diff->both);
  g_ptr_array_unref (diff->only_a);
  g_ptr_array_unref (diff->only_b);
  g_free (diff);
}

static const char *const path_figure_names[CHRONO_N_PATH_FIGURES] = { "calls", "inclusive_time", "exclusive_time" };

const char *
chrono_path_figure_get_name (ChronoPathFigure figure)
{
  g_return_val_if_fail (figure < CHRONO_N_PATH_FIGURES, "");
  return path_figure_names[figure];
}

gboolean
chrono_path_figure_from_name (const char *name, ChronoPathFigure *out)
{
  guint i = index_of (path_figure_names, CHRONO_N_PATH_FIGURES, name);
  *out = (ChronoPathFigure) MIN (i, CHRONO_N_PATH_FIGURES - 1);
  return i < CHRONO_N_PATH_FIGURES;
}

ChronoStatValue
chrono_path_figure_value (const ChronoCallPath *path, ChronoPathFigure figure)
{
  ChronoStatValue v = { TRUE, 0, 1 };
  switch (figure)
    {
    case CHRONO_PATH_CALLS: v.numerator = (gint64) path->calls; break;
    case CHRONO_PATH_INCLUSIVE: v.numerator = path->inclusive; break;
    case CHRONO_PATH_EXCLUSIVE: v.numerator = path->exclusive; break;
    default: g_return_val_if_reached (v);
    }
  return v;
}

/* ---- statistics --------------------------------------------------------- */

ChronoStatValue
chrono_diff_stat (const ChronoEntityMetrics *entity, ChronoMetric metric, ChronoStat stat)
{
  ChronoMetricSummary s;
  gboolean any = chrono_metrics_summarize (entity, metric, &s);
  ChronoStatValue v = { .known = any, .denominator = 1 };
  if (stat == CHRONO_STAT_COUNT)
    {
      v.known = TRUE;
      v.numerator = any ? s.count : 0;
      return v;
    }
  if (!any)
    return v;
  switch (stat)
    {
    case CHRONO_STAT_MIN: v.numerator = s.min; break;
    case CHRONO_STAT_MAX: v.numerator = s.max; break;
    case CHRONO_STAT_MEAN:
      v.numerator = (gint64) s.sum;
      v.denominator = s.count;
      break;
    case CHRONO_STAT_P50: v.numerator = s.p50; break;
    case CHRONO_STAT_P95: v.numerator = s.p95; break;
    case CHRONO_STAT_P99: v.numerator = s.p99; break;
    default: g_return_val_if_reached (v);
    }
  return v;
}

/* b − a as a fraction of ticks (of the common clock), when it fits 64 bits. */
static gboolean
exact_difference (ChronoStatValue a, ChronoStatValue b, gint64 *num, guint64 *den)
{
  __int128 n = (__int128) b.numerator * a.denominator - (__int128) a.numerator * b.denominator;
  unsigned __int128 d = (unsigned __int128) a.denominator * b.denominator;
  if (n > G_MAXINT64 || n < -G_MAXINT64 || d > G_MAXINT64)
    return FALSE;
  *num = (gint64) n;
  *den = (guint64) d;
  return TRUE;
}

static double
signed_ratio (gint64 num, guint64 den)
{
  double magnitude = chrono_ratio_nearest (num < 0 ? (guint64) - (num + 1) + 1 : (guint64) num, den);
  return num < 0 ? -magnitude : magnitude;
}

static double
seconds_of (const ChronoClock *clock, ChronoStatValue v, gboolean count)
{
  double scale = count ? 1.0 : (double) clock->ticks_per_second;
  return (double) v.numerator / (double) v.denominator / scale;
}

static gboolean
same_rate (const ChronoClock *a, const ChronoClock *b, gboolean count)
{
  return count || a->ticks_per_second == b->ticks_per_second;
}

char *
chrono_diff_delta_text (const ChronoClock *clock_a, ChronoStatValue a, const ChronoClock *clock_b, ChronoStatValue b,
                        gboolean count)
{
  if (!a.known || !b.known)
    return NULL;
  gint64 num;
  guint64 den;
  if (same_rate (clock_a, clock_b, count) && exact_difference (a, b, &num, &den))
    {
      if (!count)
        return chrono_clock_format_seconds_ratio (clock_a, num, (gint64) den);
      if (num % (gint64) den == 0)
        return g_strdup_printf ("%" G_GINT64_FORMAT, num / (gint64) den);
      return chrono_format_double_shortest (signed_ratio (num, den));
    }
  return chrono_format_double_shortest (seconds_of (clock_b, b, count) - seconds_of (clock_a, a, count));
}

gboolean
chrono_diff_delta (const ChronoClock *clock_a, ChronoStatValue a, const ChronoClock *clock_b, ChronoStatValue b,
                   gboolean count, double *out)
{
  if (!a.known || !b.known)
    return FALSE;
  gint64 num;
  guint64 den;
  if (same_rate (clock_a, clock_b, count) && exact_difference (a, b, &num, &den))
    *out = count ? signed_ratio (num, den) : signed_ratio (num, den) / (double) clock_a->ticks_per_second;
  else
    *out = seconds_of (clock_b, b, count) - seconds_of (clock_a, a, count);
  return TRUE;
}

gboolean
chrono_diff_relative (const ChronoClock *clock_a, ChronoStatValue a, const ChronoClock *clock_b, ChronoStatValue b,
                      gboolean count, double *out)
{
  if (!a.known || !b.known || a.numerator == 0)
    return FALSE;
  /* (b − a) / a = (b.n·a.d − a.n·b.d) / (a.n·b.d): one rounding, when it fits */
  gint64 num;
  guint64 den;
  __int128 base = (__int128) a.numerator * b.denominator;
  if (same_rate (clock_a, clock_b, count) && exact_difference (a, b, &num, &den) && base > 0 && base <= G_MAXINT64)
    {
      *out = signed_ratio (num, (guint64) base);
      return TRUE;
    }
  double va = seconds_of (clock_a, a, count), vb = seconds_of (clock_b, b, count);
  *out = (vb - va) / va;
  return TRUE;
}
