/* chrono-clock-map.h — one trace's ticks on another trace's clock.
 *
 * Seed 004's transformation: t' = (t − from_origin) × num / den + to_origin,
 * num / den = to_ticks_per_second / from_ticks_per_second reduced.  Exact:
 * 128-bit intermediates, rounded toward −∞ (so the map is monotonic and an
 * integer ratio maps exactly), never doubles; a result outside 64 bits is
 * reported, never wrapped. */
#pragma once

#include "chrono-clock.h"

G_BEGIN_DECLS

typedef struct {
  gint64 num, den; /* ticks of the target per tick of the source, reduced; both > 0 */
  gint64 from_origin; /* a source tick ... */
  gint64 to_origin; /* ... and the target tick it maps onto */
} ChronoClockMap;

void chrono_clock_map_init_identity (ChronoClockMap *map);
/* from_origin on the source clock falls on to_origin on the target clock. */
void chrono_clock_map_init (ChronoClockMap *map, const ChronoClock *from, gint64 from_origin, const ChronoClock *to,
                            gint64 to_origin);
/* Both clocks' wall-clock times line up; FALSE when either has none. */
gboolean chrono_clock_map_init_wall_clock (ChronoClockMap *map, const ChronoClock *from, const ChronoClock *to);
/* Moves everything mapped by delta target ticks; FALSE (unchanged) past 64 bits. */
gboolean chrono_clock_map_shift (ChronoClockMap *map, gint64 delta);

/* A source tick on the target clock; FALSE when it falls outside 64 bits
 * (*out is then held at the nearest end). */
gboolean chrono_clock_map_apply (const ChronoClockMap *map, gint64 t, gint64 *out);
/* The inverse: the source tick at or before target tick t, and how far
 * into it t falls (0 <= *fraction < 1); FALSE outside 64 bits. */
gboolean chrono_clock_map_invert (const ChronoClockMap *map, gint64 t, gint64 *out, double *fraction);

G_END_DECLS
