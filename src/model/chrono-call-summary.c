/* chrono-call-summary.c — figures by (stretch, label).  While filling, a
 * table finds a figure by both, and each label remembers the figure it had
 * last: a location's calls mostly go on in the stretch they were in, so
 * most figures are found with one lookup of the label (a lookup by both
 * for every event made the lazy index twice as slow); sealed, one array of
 * figures sorted by stretch, with where each stretch's figures begin.
 * A call's own time is held aside until it is left (a call never left
 * gives none), as pieces of one stretch each, merged while they run on. */
#include "chrono-call-summary.h"

#include "chrono-clock.h"

#include <math.h>

typedef struct {
  guint32 stretch, label;
  guint64 calls; /* begun in the stretch */
  gint64 carried; /* + calls running on into the stretch from before, − those that stop doing so here */
  gint64 through; /* + calls covering the stretch whole from here on, − those that stop */
  gint64 inclusive, exclusive; /* ticks of the calls' parts in the stretch that do not cover it whole */
} Figure;

typedef struct {
  guint32 label;
  gint64 start, resumed; /* entered; runs itself since (its Enter or its last callee's Leave) */
  guint first_piece; /* its own time's pieces are those from here on */
} Open;

typedef struct {
  guint stretch;
  gint64 ticks, lo, hi;
} Piece;

typedef struct {
  guint stretch, figure; /* the label's figure used last, and its stretch */
} LabelLast;

struct _ChronoCallSummary {
  gint64 *bounds; /* n + 1 */
  guint n;
  gint64 *lo, *hi; /* the times each stretch's partial figures come from */
  guint last; /* the stretch found last: a location's times mostly stay in it */
  GHashTable *places; /* filling: (stretch << 32 | label), a guint64 -> 1 + the index of its figure; NULL once sealed */
  GHashTable *label_last; /* filling: label -> LabelLast */
  GArray *open; /* filling: Open, innermost last */
  GArray *pieces; /* filling: Piece, of the open calls' own time */
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
  summary->places = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  summary->label_last = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  summary->open = g_array_new (FALSE, FALSE, sizeof (Open));
  summary->pieces = g_array_new (FALSE, FALSE, sizeof (Piece));
  summary->figures = g_array_new (FALSE, FALSE, sizeof (Figure));
  return summary;
}

static void
drop_filling (ChronoCallSummary *summary)
{
  g_clear_pointer (&summary->places, g_hash_table_unref);
  g_clear_pointer (&summary->label_last, g_hash_table_unref);
  g_clear_pointer (&summary->open, g_array_unref);
  g_clear_pointer (&summary->pieces, g_array_unref);
}

void
chrono_call_summary_free (ChronoCallSummary *summary)
{
  if (summary == NULL)
    return;
  drop_filling (summary);
  g_free (summary->bounds);
  g_free (summary->lo);
  g_free (summary->hi);
  g_array_unref (summary->figures);
  g_free (summary->first);
  g_free (summary);
}

/* ---- stretches ---------------------------------------------------------------- */

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

/* Where stretch k ends for a part of a call from time on: its upper bound,
 * or (the last stretch) the part's end. */
static gint64
stretch_end (const ChronoCallSummary *summary, guint k, gint64 end)
{
  return k + 1 < summary->n ? MIN (end, summary->bounds[k + 1]) : end;
}

/* sum + ticks, held at G_MAXINT64: a file's times may span 2^64 ticks */
static void
add_ticks (gint64 *sum, guint64 ticks)
{
  *sum = (gint64) MIN (chrono_ticks_add ((guint64) *sum, ticks), (guint64) G_MAXINT64);
}

static void
note_times (ChronoCallSummary *summary, guint stretch, gint64 from, gint64 to)
{
  summary->lo[stretch] = MIN (summary->lo[stretch], from);
  summary->hi[stretch] = MAX (summary->hi[stretch], to);
}

/* ---- figures --------------------------------------------------------------------- */

static Figure *
figure (ChronoCallSummary *summary, guint stretch, guint32 label)
{
  LabelLast *last = g_hash_table_lookup (summary->label_last, GUINT_TO_POINTER (label));
  if (last != NULL && last->stretch == stretch)
    return &g_array_index (summary->figures, Figure, last->figure);
  guint64 key = ((guint64) stretch << 32) | label;
  guint at = GPOINTER_TO_UINT (g_hash_table_lookup (summary->places, &key));
  if (at == 0)
    {
      Figure fresh = { stretch, label, 0, 0, 0, 0, 0 };
      g_array_append_val (summary->figures, fresh);
      at = summary->figures->len;
      g_hash_table_insert (summary->places, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (at));
    }
  if (last == NULL)
    g_hash_table_insert (summary->label_last, GUINT_TO_POINTER (label), last = g_new (LabelLast, 1));
  *last = (LabelLast){ stretch, at - 1 };
  return &g_array_index (summary->figures, Figure, at - 1);
}

/* A call over [start, end): its parts in the stretches it does not cover
 * whole, and a count over those it does; ran on into every stretch it
 * reaches past its start. */
static void
add_call_time (ChronoCallSummary *summary, guint32 label, gint64 start, gint64 end, gboolean left)
{
  guint ks = stretch_of (summary, start), ke = stretch_of (summary, end);
  if (ks < ke)
    {
      /* running on into ks + 1 … ke, the last only when it goes past that one's start */
      figure (summary, ks + 1, label)->carried++;
      guint stop = end > summary->bounds[ke] ? ke + 1 : ke;
      if (stop < summary->n)
        figure (summary, stop, label)->carried--;
    }
  if (!left)
    return;
  if (ks + 1 < ke)
    {
      figure (summary, ks + 1, label)->through++;
      figure (summary, ke, label)->through--;
    }
  gint64 first_end = ks == ke ? end : stretch_end (summary, ks, end);
  add_ticks (&figure (summary, ks, label)->inclusive, chrono_ticks_between (start, first_end));
  note_times (summary, ks, start, first_end);
  if (ks < ke && end > summary->bounds[ke])
    {
      add_ticks (&figure (summary, ke, label)->inclusive, chrono_ticks_between (summary->bounds[ke], end));
      note_times (summary, ke, summary->bounds[ke], end);
    }
}

/* The innermost open call ran itself over [from, to): pieces of its own,
 * one a stretch, merged with the last while it goes on in one. */
static void
add_own_time (ChronoCallSummary *summary, gint64 from, gint64 to)
{
  const Open *top = &g_array_index (summary->open, Open, summary->open->len - 1);
  while (from < to)
    {
      guint k = stretch_of (summary, from);
      gint64 upto = stretch_end (summary, k, to);
      Piece *last = summary->pieces->len > top->first_piece
                        ? &g_array_index (summary->pieces, Piece, summary->pieces->len - 1)
                        : NULL;
      if (last != NULL && last->stretch == k)
        {
          add_ticks (&last->ticks, chrono_ticks_between (from, upto));
          last->hi = upto;
        }
      else
        {
          Piece piece = { k, 0, from, upto };
          add_ticks (&piece.ticks, chrono_ticks_between (from, upto));
          g_array_append_val (summary->pieces, piece);
        }
      from = upto;
    }
}

void
chrono_call_summary_enter (ChronoCallSummary *summary, guint32 label, gint64 time)
{
  g_return_if_fail (summary->open != NULL);
  if (summary->open->len > 0)
    add_own_time (summary, g_array_index (summary->open, Open, summary->open->len - 1).resumed, time);
  guint k = stretch_of (summary, time);
  figure (summary, k, label)->calls++;
  /* an Enter is a tick, not a point: a range that ends at it holds none of it */
  note_times (summary, k, time, time < G_MAXINT64 ? time + 1 : time);
  Open call = { label, time, time, summary->pieces->len };
  g_array_append_val (summary->open, call);
}

void
chrono_call_summary_leave (ChronoCallSummary *summary, gint64 time)
{
  g_return_if_fail (summary->open != NULL);
  if (summary->open->len == 0)
    return;
  add_own_time (summary, g_array_index (summary->open, Open, summary->open->len - 1).resumed, time);
  Open call = g_array_index (summary->open, Open, summary->open->len - 1);
  for (guint i = call.first_piece; i < summary->pieces->len; i++)
    {
      const Piece *piece = &g_array_index (summary->pieces, Piece, i);
      add_ticks (&figure (summary, piece->stretch, call.label)->exclusive, (guint64) piece->ticks);
      note_times (summary, piece->stretch, piece->lo, piece->hi);
    }
  g_array_set_size (summary->pieces, call.first_piece);
  g_array_set_size (summary->open, summary->open->len - 1);
  add_call_time (summary, call.label, call.start, time, TRUE);
  if (summary->open->len > 0)
    g_array_index (summary->open, Open, summary->open->len - 1).resumed = time;
}

void
chrono_call_summary_finish (ChronoCallSummary *summary, gint64 last_time)
{
  g_return_if_fail (summary->open != NULL);
  for (guint i = summary->open->len; i > 0; i--)
    {
      const Open *call = &g_array_index (summary->open, Open, i - 1);
      add_call_time (summary, call->label, call->start, MAX (last_time, call->start), FALSE);
    }
  /* they run on to last_time: the stretches they cross hold them (the
   * outermost began first, the others inside it) */
  if (summary->open->len > 0)
    {
      gint64 start = g_array_index (summary->open, Open, 0).start;
      for (guint k = stretch_of (summary, start); start < last_time; k++)
        {
          gint64 upto = stretch_end (summary, k, last_time);
          note_times (summary, k, start, upto);
          start = upto;
        }
    }
  g_array_set_size (summary->open, 0);
  g_array_set_size (summary->pieces, 0);
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
  if (summary->places == NULL)
    return;
  chrono_call_summary_finish (summary, G_MININT64);
  drop_filling (summary);
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

/* ---- answers --------------------------------------------------------------------- */

typedef struct {
  gint64 carried, through;
} Running;

static ChronoCallSummaryRow *
row_of (GHashTable *rows, guint32 label)
{
  ChronoCallSummaryRow *row = g_hash_table_lookup (rows, GUINT_TO_POINTER (label));
  if (row == NULL)
    {
      row = g_new0 (ChronoCallSummaryRow, 1);
      row->label = label;
      g_hash_table_insert (rows, GUINT_TO_POINTER (label), row);
    }
  return row;
}

/* The share of stretch k inside [begin, end), its figures' times from lo
 * to hi: 1 when the range holds them, else the part of them inside it. */
static double
share_of (gint64 lo, gint64 hi, gint64 begin, gint64 end)
{
  if (begin <= lo && hi <= end && lo < end)
    return 1.0;
  gint64 from = MAX (lo, begin), to = MIN (hi, end);
  return to > from && hi > lo ? chrono_ticks_apart (from, to) / chrono_ticks_apart (lo, hi) : 0.0;
}

/* Stretch k's figures into rows at share, the calls running on into it
 * too when it is the range's first. */
static void
add_stretch (ChronoCallSummary *summary, guint k, GHashTable *running, gboolean first, double share, GHashTable *rows)
{
  for (guint i = summary->first[k]; i < summary->first[k + 1]; i++)
    {
      const Figure *f = &g_array_index (summary->figures, Figure, i);
      if (f->calls == 0 && f->inclusive == 0 && f->exclusive == 0)
        continue; /* only counts that begin or end here */
      ChronoCallSummaryRow *row = row_of (rows, f->label);
      row->calls += share * (double) f->calls;
      row->inclusive += share * (double) f->inclusive;
      row->exclusive += share * (double) f->exclusive;
    }
  double width = chrono_ticks_apart (summary->bounds[k], summary->bounds[k + 1]);
  GHashTableIter iter;
  gpointer label, value;
  g_hash_table_iter_init (&iter, running);
  while (g_hash_table_iter_next (&iter, &label, &value))
    {
      const Running *r = value;
      if (r->through == 0 && !(first && r->carried != 0))
        continue;
      ChronoCallSummaryRow *row = row_of (rows, GPOINTER_TO_UINT (label));
      row->inclusive += share * (double) r->through * width;
      if (first)
        row->calls += share * (double) r->carried;
    }
}

gboolean
chrono_call_summary_query (ChronoCallSummary *summary, gint64 begin, gint64 end, GHashTable *rows)
{
  g_return_val_if_fail (summary->first != NULL, FALSE);
  gboolean exact = TRUE;
  if (end <= begin)
    return exact;
  guint k0 = stretch_search (summary, begin), k1 = stretch_search (summary, end - 1);
  g_autoptr (GHashTable) running = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  gint64 through = 0, carried = 0; /* calls covering the stretch whole, running on into it, of every label */
  for (guint k = 0; k <= k1; k++)
    {
      for (guint i = summary->first[k]; i < summary->first[k + 1]; i++)
        {
          const Figure *f = &g_array_index (summary->figures, Figure, i);
          if (f->carried == 0 && f->through == 0)
            continue;
          Running *r = g_hash_table_lookup (running, GUINT_TO_POINTER (f->label));
          if (r == NULL)
            g_hash_table_insert (running, GUINT_TO_POINTER (f->label), r = g_new0 (Running, 1));
          r->carried += f->carried;
          r->through += f->through;
          through += f->through;
          carried += f->carried;
        }
      if (k < k0)
        continue;
      /* a stretch some call covers whole has figures from its start to its
       * end; one a call runs on into, from its start */
      gint64 lo = through > 0 || carried > 0 ? summary->bounds[k] : summary->lo[k];
      gint64 hi = through > 0 ? summary->bounds[k + 1] : MAX (summary->hi[k], lo);
      if (lo > hi)
        continue; /* nothing of it */
      double share = share_of (lo, hi, begin, end);
      if (share == 0.0)
        continue;
      exact &= share == 1.0;
      add_stretch (summary, k, running, k == k0, share, rows);
    }
  return exact;
}

gsize
chrono_call_summary_get_memory_size (ChronoCallSummary *summary)
{
  return sizeof *summary + sizeof (gint64) * (3 * summary->n + 1) + sizeof (Figure) * summary->figures->len
         + (summary->first ? sizeof (guint) * (summary->n + 1) : 0);
}

gint64
chrono_call_summary_ticks (double ticks)
{
  if (!(ticks > 0.0))
    return 0;
  return ticks >= 0x1p63 ? G_MAXINT64 : (gint64) llround (ticks);
}
