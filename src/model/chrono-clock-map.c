/* chrono-clock-map.c — see the header: exact integer mapping between clocks. */
#include "chrono-clock-map.h"

typedef __int128 Wide;

static gint64
gcd (gint64 a, gint64 b)
{
  while (b != 0)
    {
      gint64 r = a % b;
      a = b;
      b = r;
    }
  return a;
}

/* floor (a / b) for b > 0: C division truncates toward zero */
static Wide
floor_div (Wide a, Wide b, Wide *remainder)
{
  Wide q = a / b, r = a % b;
  if (r < 0)
    {
      q -= 1;
      r += b;
    }
  if (remainder != NULL)
    *remainder = r;
  return q;
}

static gboolean
narrow (Wide value, gint64 *out)
{
  if (value > G_MAXINT64)
    {
      *out = G_MAXINT64;
      return FALSE;
    }
  if (value < G_MININT64)
    {
      *out = G_MININT64;
      return FALSE;
    }
  *out = (gint64) value;
  return TRUE;
}

void
chrono_clock_map_init_identity (ChronoClockMap *map)
{
  *map = (ChronoClockMap){ 1, 1, 0, 0 };
}

void
chrono_clock_map_init (ChronoClockMap *map, const ChronoClock *from, gint64 from_origin, const ChronoClock *to,
                       gint64 to_origin)
{
  gint64 f = MAX (from->ticks_per_second, 1), t = MAX (to->ticks_per_second, 1);
  gint64 g = gcd (t, f);
  *map = (ChronoClockMap){ t / g, f / g, from_origin, to_origin };
}

/* from's origin (wall time W_f) falls where to's clock reads
 * to->origin + (W_f − W_t) seconds: microseconds × ticks / 10^6, floored. */
gboolean
chrono_clock_map_init_wall_clock (ChronoClockMap *map, const ChronoClock *from, const ChronoClock *to)
{
  if (!from->has_wall_clock || !to->has_wall_clock)
    return FALSE;
  Wide apart_us = (Wide) from->wall_clock_us - (Wide) to->wall_clock_us;
  Wide target = (Wide) to->origin + floor_div (apart_us * (Wide) MAX (to->ticks_per_second, 1), 1000000, NULL);
  gint64 to_origin;
  if (!narrow (target, &to_origin))
    return FALSE;
  chrono_clock_map_init (map, from, from->origin, to, to_origin);
  return TRUE;
}

gboolean
chrono_clock_map_shift (ChronoClockMap *map, gint64 delta)
{
  gint64 shifted;
  if (!narrow ((Wide) map->to_origin + delta, &shifted))
    return FALSE;
  map->to_origin = shifted;
  return TRUE;
}

gboolean
chrono_clock_map_apply (const ChronoClockMap *map, gint64 t, gint64 *out)
{
  /* |t − from_origin| < 2^64 and num < 2^63: the product fits 127 bits */
  Wide scaled = floor_div (((Wide) t - map->from_origin) * map->num, map->den, NULL);
  return narrow (scaled + map->to_origin, out);
}

gboolean
chrono_clock_map_invert (const ChronoClockMap *map, gint64 t, gint64 *out, double *fraction)
{
  Wide remainder;
  Wide scaled = floor_div (((Wide) t - map->to_origin) * map->den, map->num, &remainder);
  if (fraction != NULL)
    *fraction = (double) remainder / (double) map->num;
  gboolean ok = narrow (scaled + map->from_origin, out);
  if (!ok && fraction != NULL)
    *fraction = 0.0;
  return ok;
}
