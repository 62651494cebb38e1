/* chrono-call-summary.c — while filling, each label has a slot (a small
 * table: the labels are the regions called) and each stretch an array by
 * slot of where its figure is, so the index pass finds a figure with one
 * lookup of a label (it made a figure lookup the index's costliest step);
 * sealed, one array of figures sorted by stretch, with where each
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
  guint last; /* the stretch found last: a location's times mostly stay in it */
  GHashTable *filling; /* label -> 1 + its slot; NULL once sealed */
  GArray **by_slot; /* filling: per stretch, by slot, 1 + the index of its figure (0: none yet), or NULL */
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
  summary->filling = g_hash_table_new (NULL, NULL);
  summary->by_slot = g_new0 (GArray *, n);
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
    g_hash_table_unref (summary->filling);
  for (guint k = 0; summary->by_slot != NULL && k < summary->n; k++)
    if (summary->by_slot[k] != NULL)
      g_array_unref (summary->by_slot[k]);
  g_free (summary->by_slot);
  g_array_unref (summary->figures);
  g_free (summary->first);
  g_free (summary);
}

/* The stretch holding time (the first and last take in what lies beyond them). */
static guint
stretch_search (const ChronoCallSummary *summary, gint64 time)
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

/* While filling, the stretch found last is tried first (a query, which
 * may run on any thread, searches). */
static guint
stretch_of (ChronoCallSummary *summary, gint64 time)
{
  guint last = summary->last;
  if ((last == 0 || summary->bounds[last] <= time) && (last + 1 == summary->n || time < summary->bounds[last + 1]))
    return last;
  return summary->last = stretch_search (summary, time);
}

static void
note_times (ChronoCallSummary *summary, guint stretch, gint64 from, gint64 to)
{
  summary->lo[stretch] = MIN (summary->lo[stretch], from);
  summary->hi[stretch] = MAX (summary->hi[stretch], to);
}

static guint
slot_of (ChronoCallSummary *summary, guint32 label)
{
  guint slot = GPOINTER_TO_UINT (g_hash_table_lookup (summary->filling, GUINT_TO_POINTER (label)));
  if (slot == 0)
    {
      slot = g_hash_table_size (summary->filling) + 1;
      g_hash_table_insert (summary->filling, GUINT_TO_POINTER (label), GUINT_TO_POINTER (slot));
    }
  return slot - 1;
}

/* The figure of label in stretch, slot its slot. */
static Figure *
figure_in (ChronoCallSummary *summary, guint stretch, guint slot, guint32 label)
{
  GArray *slots = summary->by_slot[stretch];
  if (slots == NULL)
    slots = summary->by_slot[stretch] = g_array_new (FALSE, TRUE, sizeof (guint));
  if (slot >= slots->len)
    g_array_set_size (slots, slot + 1);
  guint *at = &g_array_index (slots, guint, slot);
  if (*at == 0)
    {
      Figure fresh = { stretch, label, 0, 0, 0, 0 };
      g_array_append_val (summary->figures, fresh);
      *at = summary->figures->len;
    }
  return &g_array_index (summary->figures, Figure, *at - 1);
}

static Figure *
figure (ChronoCallSummary *summary, guint stretch, guint32 label)
{
  return figure_in (summary, stretch, slot_of (summary, label), label);
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
  guint slot = slot_of (summary, label);
  for (guint k = stretch_of (summary, start); start < end; k++)
    {
      gint64 upto = k + 1 < summary->n ? MIN (end, summary->bounds[k + 1]) : end;
      Figure *f = figure_in (summary, k, slot, label);
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
  g_clear_pointer (&summary->filling, g_hash_table_unref);
  for (guint k = 0; k < summary->n; k++)
    if (summary->by_slot[k] != NULL)
      g_array_unref (summary->by_slot[k]);
  g_clear_pointer (&summary->by_slot, g_free);
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
  for (guint k = stretch_search (summary, begin); k < summary->n && (k == 0 || summary->bounds[k] < end); k++)
    {
      double share = share_of (summary, k, begin, end);
      if (share != 1.0 && summary->first[k + 1] > summary->first[k])
        exact = FALSE;
      for (guint i = summary->first[k]; i < summary->first[k + 1]; i++)
        add_row (rows, &g_array_index (summary->figures, Figure, i), share, k == stretch_search (summary, begin));
    }
  return exact;
}

gsize
chrono_call_summary_get_memory_size (ChronoCallSummary *summary)
{
  return sizeof *summary + sizeof (gint64) * (summary->n + 1) + sizeof (Figure) * summary->figures->len
         + (summary->first ? sizeof (guint) * (summary->n + 1) : 0);
}
