/* chrono-visandor-rows.h — the rows of one agent's lane: an item of work
 * takes the lowest row free when it starts and gives it back when it ends.
 * Both are O(log n) in the rows in use, so a fork chain a million goals
 * deep on one agent costs no row search per goal. */
#pragma once

#include <glib.h>

#include "chrono-heap.h"

G_BEGIN_DECLS

typedef struct {
  GByteArray *used; /* 1 per row in use; its length is the most rows ever used */
  ChronoHeap *free; /* the rows below that length not in use (key and value: the row) */
} ChronoVisandorRows;

void chrono_visandor_rows_init (ChronoVisandorRows *rows);
void chrono_visandor_rows_clear (ChronoVisandorRows *rows);
guint32 chrono_visandor_rows_take (ChronoVisandorRows *rows);
void chrono_visandor_rows_release (ChronoVisandorRows *rows, guint32 row);

/* A checkpoint holds the rows in use as one byte per row. */
GBytes *chrono_visandor_rows_save (const ChronoVisandorRows *rows);
void chrono_visandor_rows_restore (ChronoVisandorRows *rows, GBytes *saved);

G_END_DECLS
