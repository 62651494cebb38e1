/* chrono-ref-hist.h — one address block's overview counts: time buckets ×
 * reference channels, held sparse while few cells are used.
 *
 * A trace may spread its references over many address spaces and blocks
 * with a handful each; a dense table per block (16 KiB) would then cost
 * far more than the records.  Cells are kept as sorted (cell, count) pairs
 * until a quarter of the table is used, then as the table itself, so the
 * memory stays within a small multiple of the records counted. */
#pragma once

#include <glib.h>

typedef struct _ChronoRefHist ChronoRefHist;

/* n_cells: the dense table's size (at most 65536). */
ChronoRefHist *chrono_ref_hist_new (guint n_cells);
void chrono_ref_hist_free (ChronoRefHist *hist);
/* Adds to a cell, saturating at G_MAXUINT32. */
void chrono_ref_hist_add (ChronoRefHist *hist, guint cell, guint32 amount);
/* Adds every cell of other. */
void chrono_ref_hist_merge (ChronoRefHist *hist, const ChronoRefHist *other);
/* Calls func for each cell in [first, last) with a count, in cell order. */
typedef void (*ChronoRefHistFunc) (guint cell, guint32 count, gpointer data);
void chrono_ref_hist_foreach (const ChronoRefHist *hist, guint first, guint last, ChronoRefHistFunc func,
                              gpointer data);
gsize chrono_ref_hist_get_memory_size (const ChronoRefHist *hist);
