/* chrono-ref-hist.c — sparse, then dense, overview counts of one block. */
#include "chrono-ref-hist.h"

#include <string.h>

struct _ChronoRefHist {
  guint n_cells;
  guint32 *dense; /* n_cells counts once dense, else NULL */
  guint16 *cells; /* sparse: used cells, ascending */
  guint32 *counts;
  guint n, capacity;
};

ChronoRefHist *
chrono_ref_hist_new (guint n_cells)
{
  g_return_val_if_fail (n_cells > 0 && n_cells <= 65536, NULL);
  ChronoRefHist *hist = g_new0 (ChronoRefHist, 1);
  hist->n_cells = n_cells;
  return hist;
}

void
chrono_ref_hist_free (ChronoRefHist *hist)
{
  if (hist == NULL)
    return;
  g_free (hist->dense);
  g_free (hist->cells);
  g_free (hist->counts);
  g_free (hist);
}

static guint32
saturating_add (guint32 a, guint32 b)
{
  return b > G_MAXUINT32 - a ? G_MAXUINT32 : a + b;
}

static void
make_dense (ChronoRefHist *hist)
{
  hist->dense = g_new0 (guint32, hist->n_cells);
  for (guint i = 0; i < hist->n; i++)
    hist->dense[hist->cells[i]] = hist->counts[i];
  g_clear_pointer (&hist->cells, g_free);
  g_clear_pointer (&hist->counts, g_free);
  hist->n = hist->capacity = 0;
}

/* Where cell is, or would go, among the sparse cells.  Records come in time
 * order, so a cell is nearly always the last or just after it: looked for
 * from the end first. */
static guint
sparse_position (const ChronoRefHist *hist, guint cell)
{
  guint lo = 0, hi = hist->n;
  for (guint step = 0; step < 4 && hi > 0; step++)
    {
      if (hist->cells[hi - 1] < cell)
        return hi;
      if (hist->cells[hi - 1] == cell)
        return hi - 1;
      hi--;
    }
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (hist->cells[mid] < cell)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

void
chrono_ref_hist_add (ChronoRefHist *hist, guint cell, guint32 amount)
{
  g_return_if_fail (cell < hist->n_cells);
  if (hist->dense != NULL)
    {
      hist->dense[cell] = saturating_add (hist->dense[cell], amount);
      return;
    }
  guint at = sparse_position (hist, cell);
  if (at < hist->n && hist->cells[at] == cell)
    {
      hist->counts[at] = saturating_add (hist->counts[at], amount);
      return;
    }
  /* a pair takes 6 bytes, a dense cell 4: past a quarter of the table, the table is smaller */
  if (hist->n + 1 > hist->n_cells / 4)
    {
      make_dense (hist);
      hist->dense[cell] = amount;
      return;
    }
  if (hist->n == hist->capacity)
    {
      hist->capacity = MAX (4u, hist->capacity * 2);
      hist->cells = g_renew (guint16, hist->cells, hist->capacity);
      hist->counts = g_renew (guint32, hist->counts, hist->capacity);
    }
  memmove (hist->cells + at + 1, hist->cells + at, (hist->n - at) * sizeof *hist->cells);
  memmove (hist->counts + at + 1, hist->counts + at, (hist->n - at) * sizeof *hist->counts);
  hist->cells[at] = (guint16) cell;
  hist->counts[at] = amount;
  hist->n++;
}

static void
add_cell (guint cell, guint32 count, gpointer data)
{
  chrono_ref_hist_add (data, cell, count);
}

void
chrono_ref_hist_merge (ChronoRefHist *hist, const ChronoRefHist *other)
{
  chrono_ref_hist_foreach (other, 0, other->n_cells, add_cell, hist);
}

void
chrono_ref_hist_foreach (const ChronoRefHist *hist, guint first, guint last, ChronoRefHistFunc func, gpointer data)
{
  last = MIN (last, hist->n_cells);
  if (hist->dense != NULL)
    {
      for (guint cell = first; cell < last; cell++)
        if (hist->dense[cell] > 0)
          func (cell, hist->dense[cell], data);
      return;
    }
  for (guint i = first == 0 ? 0 : sparse_position (hist, first); i < hist->n && hist->cells[i] < last; i++)
    if (hist->cells[i] >= first)
      func (hist->cells[i], hist->counts[i], data);
}

gsize
chrono_ref_hist_get_memory_size (const ChronoRefHist *hist)
{
  return sizeof *hist
         + (hist->dense ? hist->n_cells * sizeof (guint32) : hist->capacity * (sizeof (guint16) + sizeof (guint32)));
}
