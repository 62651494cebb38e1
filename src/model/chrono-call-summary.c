/* chrono-call-summary.c — while filling, one table keyed by (stretch,
 * label); sealed, one array of figures sorted by stretch, with where each
 * stretch's figures begin: 40 bytes a figure and no table. */
#include "chrono-call-summary.h"

typedef struct {
  guint32 stretch, label;
  guint64 calls, carried;
  gint64 inclusive, exclusive;
} Figure;

struct _ChronoCallSummary {
  gint64 *bounds; /* n + 1 */
  guint n;
  gint64 *lo, *hi; /* the times each stretch's figures come from: a range that holds them is whole */
  gboolean unfinished;
  GHashTable *filling; /* (stretch << 32 | label) -> 1 + index in figures; NULL once sealed */
  GArray *figures; /* Figure; sealed: sorted by stretch */
  guint *first; /* sealed: figures of stretch k from first[k] to first[k + 1] */
};

ChronoCallSummary *
chrono_call_summary_new (const gint64 *bounds, guint n)
{
  g_return_val_if_fail (bounds != NULL && n > 0, NULL);
  ChronoCallSummary *summary = g_new0 (ChronoCallSummary, 1);
  summary->bounds = g_memdup2 (bounds, sizeof (gint64) * (n + 1));
  summary->n = n;
  summary->lo = g_new (gint64, n);
  summary->hi = g_new (gint64, n);
  for (guint k = 0; k < n; k++)
    {
      summary->lo[k] = G_MAXINT64;
      summary->hi[k] = G_MININT64;
    }
  summary->filling = g_hash_table_new (g_int64_hash, g_int64_equal);
  summary->figures = g_array_new (FALSE, FALSE, sizeof (Figure));
  return summary;
}

void
chrono_call_summary_free (ChronoCallSummary *summary)
{
  if (summary == NULL)
    return;
  g_free (summary->bounds);
  g_free (summary->lo);
  g_free (summary->hi);
  if (summary->filling != NULL)
    {
      /* keys are allocated one per figure */
      GHashTableIter iter;
      gpointer key;
      g_hash_table_iter_init (&iter, summary->filling);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_free (key);
      g_hash_table_unref (summary->filling);
    }
  g_array_unref (summary->figures);
  g_free (summary->first);
  g_free (summary);
}

/* The stretch holding time (the first and last take in what lies beyond them). */
static guint
stretch_of (ChronoCallSummary *summary, gint64 time)
{
  guint lo = 0, hi = summary->n;
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;
      if (summary->bounds[mid] <= time)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

static void
note_times (ChronoCallSummary *summary, guint stretch, gint64 from, gint64 to)
{
  summary->lo[stretch] = MIN (summary->lo[stretch], from);
  summary->hi[stretch] = MAX (summary->hi[stretch], to);
}

static Figure *
figure (ChronoCallSummary *summary, guint stretch, guint32 label)
{
  gint64 key = (gint64) (((guint64) stretch << 32) | label);
  guint at = GPOINTER_TO_UINT (g_hash_table_lookup (summary->filling, &key));
  if (at == 0)
    {
      Figure fresh = { stretch, label, 0, 0, 0, 0 };
      g_array_append_val (summary->figures, fresh);
      at = summary->figures->len;
      g_hash_table_insert (summary->filling, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (at));
    }
  return &g_array_index (summary->figures, Figure, at - 1);
}

void
chrono_call_summary_add_call (ChronoCallSummary *summary, guint32 label, gint64 start)
{
  g_return_if_fail (summary->filling != NULL);
  guint k = stretch_of (summary, start);
  figure (summary, k, label)->calls++;
  note_times (summary, k, start, start);
}

guint
chrono_call_summary_get_stretch (ChronoCallSummary *summary, gint64 time)
{
  return stretch_of (summary, time);
}

gint64
chrono_call_summary_get_stretch_begin (ChronoCallSummary *summary, guint stretch)
{
  g_return_val_if_fail (stretch <= summary->n, 0);
  return summary->bounds[stretch];
}

guint
chrono_call_summary_get_n_stretches (ChronoCallSummary *summary)
{
  return summary->n;
}

void
chrono_call_summary_add_carried (ChronoCallSummary *summary, guint stretch, guint32 label)
{
  g_return_if_fail (summary->filling != NULL && stretch < summary->n);
  figure (summary, stretch, label)->carried++;
  note_times (summary, stretch, summary->bounds[stretch], summary->bounds[stretch]);
}

void
chrono_call_summary_add_time (ChronoCallSummary *summary, guint32 label, gint64 start, gint64 end, gboolean exclusive)
{
  g_return_if_fail (summary->filling != NULL);
  for (guint k = stretch_of (summary, start); start < end; k++)
    {
      gint64 upto = k + 1 < summary->n ? MIN (end, summary->bounds[k + 1]) : end;
      Figure *f = figure (summary, k, label);
      note_times (summary, k, start, upto);
      if (exclusive)
        f->exclusive += upto - start;
      else
        f->inclusive += upto - start;
      start = upto;
    }
}

void
chrono_call_summary_note_unfinished (ChronoCallSummary *summary)
{
  summary->unfinished = TRUE;
}

static int
by_stretch (gconstpointer a, gconstpointer b)
{
  const Figure *x = a, *y = b;
  if (x->stretch != y->stretch)
    return x->stretch < y->stretch ? -1 : 1;
  return (x->label > y->label) - (x->label < y->label);
}

void
chrono_call_summary_seal (ChronoCallSummary *summary)
{
  if (summary->filling == NULL)
    return;
  GHashTableIter iter;
  gpointer key;
  g_hash_table_iter_init (&iter, summary->filling);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_free (key);
  g_clear_pointer (&summary->filling, g_hash_table_unref);
  g_array_sort (summary->figures, by_stretch);
  summary->first = g_new0 (guint, summary->n + 1);
  guint at = 0;
  for (guint k = 0; k <= summary->n; k++)
    {
      while (at < summary->figures->len && g_array_index (summary->figures, Figure, at).stretch < k)
        at++;
      summary->first[k] = at;
    }
}

static void
add_row (GHashTable *rows, const Figure *f, double share, gboolean first)
{
  ChronoCallSummaryRow *row = g_hash_table_lookup (rows, GUINT_TO_POINTER (f->label));
  if (row == NULL)
    {
      row = g_new0 (ChronoCallSummaryRow, 1);
      row->label = f->label;
      g_hash_table_insert (rows, GUINT_TO_POINTER (f->label), row);
    }
  /* the range's first stretch adds the calls running on into it */
  row->calls += share * (double) (f->calls + (first ? f->carried : 0));
  row->inclusive += share * (double) f->inclusive;
  row->exclusive += share * (double) f->exclusive;
}

/* The share of stretch k inside [begin, end): 1 when the range holds the
 * times its figures come from, else the part of those times inside it. */
static double
share_of (ChronoCallSummary *summary, guint k, gint64 begin, gint64 end)
{
  gint64 lo = summary->lo[k], hi = summary->hi[k];
  if (begin <= lo && hi <= end && lo < end)
    return 1.0;
  gint64 from = MAX (lo, begin), to = MIN (hi, end);
  return to > from && hi > lo ? ((double) to - (double) from) / ((double) hi - (double) lo) : 0.0;
}

gboolean
chrono_call_summary_query (ChronoCallSummary *summary, gint64 begin, gint64 end, GHashTable *rows)
{
  g_return_val_if_fail (summary->filling == NULL, FALSE);
  gboolean exact = !summary->unfinished;
  if (end <= begin)
    return exact;
  for (guint k = stretch_of (summary, begin); k < summary->n && (k == 0 || summary->bounds[k] < end); k++)
    {
      double share = share_of (summary, k, begin, end);
      if (share != 1.0 && summary->first[k + 1] > summary->first[k])
        exact = FALSE;
      for (guint i = summary->first[k]; i < summary->first[k + 1]; i++)
        add_row (rows, &g_array_index (summary->figures, Figure, i), share, k == stretch_of (summary, begin));
    }
  return exact;
}

gsize
chrono_call_summary_get_memory_size (ChronoCallSummary *summary)
{
  return sizeof *summary + sizeof (gint64) * (summary->n + 1) + sizeof (Figure) * summary->figures->len
         + (summary->first ? sizeof (guint) * (summary->n + 1) : 0);
}
