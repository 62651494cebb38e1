/* chrono-clock.h — ticks, units and every time conversion in one place. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A trace's clock.  Timestamps are gint64 ticks; ticks_per_second is exact
 * (a power of ten for text formats, any integer for OTF2). */
typedef struct {
  gint64 ticks_per_second;
  gint64 origin; /* the trace's zero, in ticks */
  gboolean has_wall_clock;
  gint64 wall_clock_us; /* Unix time of the origin in microseconds */
  /* Ticks are processor cycles of a frequency nobody gave: ticks_per_second
   * is 1 and times are shown in cycles ("1.5 Mcycles"), never as seconds. */
  gboolean counts_cycles;
} ChronoClock;

void chrono_clock_init (ChronoClock *clock, gint64 ticks_per_second);
void chrono_clock_init_cycles (ChronoClock *clock);
/* "2.4GHz", "800 MHz", "33kHz", "1000000" (hertz), exactly; at least 1 Hz. */
gboolean chrono_parse_frequency (const char *text, gint64 *out_hertz, GError **error);

gboolean chrono_clock_ticks_per_second_for_unit (const char *unit, gint64 *out_ticks_per_second);

double chrono_clock_to_seconds (const ChronoClock *clock, gint64 ticks);
/* The shortest text that reads back as v, with a point whatever the locale. */
char *chrono_format_double_shortest (double v);
/* num / den rounded once to the nearest double (ties to even); den > 0. */
double chrono_ratio_nearest (guint64 num, guint64 den);
gint64 chrono_clock_from_seconds (const ChronoClock *clock, double seconds);

char *chrono_clock_format_seconds_exact (const ChronoClock *clock, gint64 ticks);

/* Durations are unsigned: the ticks between any two gint64 times fit in a
 * guint64, not always in a gint64 (from near -2^63 to near 2^63). */
static inline guint64
chrono_ticks_between (gint64 begin, gint64 end)
{
  return end > begin ? (guint64) end - (guint64) begin : 0;
}

/* b - a as a double, from their exact integer difference: the doubles of
 * epoch nanoseconds (about 1.7e18, where a double's step is 256) subtract
 * to 0 for times a few ticks apart. */
static inline double
chrono_ticks_apart (gint64 a, gint64 b)
{
  gint64 difference;
  if (!__builtin_sub_overflow (b, a, &difference))
    return (double) difference;
  return b > a ? (double) ((guint64) b - (guint64) a) : -(double) ((guint64) a - (guint64) b);
}

/* a + b, held at G_MAXUINT64 rather than wrapping. */
static inline guint64
chrono_ticks_add (guint64 a, guint64 b)
{
  return a > G_MAXUINT64 - b ? G_MAXUINT64 : a + b;
}

/* chrono_ticks_between held at G_MAXINT64, for sums kept in gint64. */
static inline gint64
chrono_ticks_between_held (gint64 begin, gint64 end)
{
  return (gint64) MIN (chrono_ticks_between (begin, end), (guint64) G_MAXINT64);
}

/* a + b of durations (not negative), held at G_MAXINT64. */
static inline gint64
chrono_ticks_sum (gint64 a, gint64 b)
{
  return a > G_MAXINT64 - b ? G_MAXINT64 : a + b;
}

char *chrono_clock_format_duration_exact (const ChronoClock *clock, guint64 ticks);
char *chrono_clock_format_duration_ratio (const ChronoClock *clock, guint64 numerator_ticks, guint64 denominator);
char *chrono_clock_format_seconds_ratio (const ChronoClock *clock, gint64 numerator_ticks, gint64 denominator);

#define CHRONO_CLOCK_ERROR (chrono_clock_error_quark ())
GQuark chrono_clock_error_quark (void);

typedef enum {
  CHRONO_CLOCK_ERROR_NOT_A_TIME, /* no number where a time was expected */
  CHRONO_CLOCK_ERROR_UNKNOWN_UNIT, /* a number followed by something that is not a unit */
} ChronoClockErrorCode;

gboolean chrono_parse_duration (const char *text, double *out_seconds, GError **error);
/* A duration as the clock's times are written: seconds' units, or for a
 * clock counting cycles "1500", "1.5k", "20Mcycles"; *out is ticks / ticks_per_second. */
gboolean chrono_clock_parse_duration (const ChronoClock *clock, const char *text, double *out_seconds, GError **error);

/* [*begin, *end) made at least one tick long where it is shorter: the end
 * a tick past the beginning, or at the end of time (G_MAXINT64, where a
 * tick more overflows) the beginning a tick before the end. */
void chrono_time_range_at_least_a_tick (gint64 *begin, gint64 *end);

/* A unit times are shown in: "ms" is 1e-3 seconds. */
typedef struct {
  double seconds;
  const char *symbol;
} ChronoTimeUnit;

const ChronoTimeUnit *chrono_time_unit_for (double seconds);

char *chrono_format_duration (double seconds, int significant_digits);
char *chrono_clock_format_ticks (const ChronoClock *clock, gint64 ticks, int significant_digits);
/* A duration (unsigned: it may exceed 2^63 ticks) as chrono_clock_format_ticks shows it. */
char *chrono_clock_format_duration (const ChronoClock *clock, guint64 ticks, int significant_digits);
/* Ticks in a given unit, exact to the tick ("999.397 ms", "1002.881 ms"):
 * times shown side by side share a unit, so they read as numbers. */
char *chrono_clock_format_ticks_in (const ChronoClock *clock, gint64 ticks, const ChronoTimeUnit *unit);
/* The unit a clock's times are shown in: seconds' units, or cycles'. */
const ChronoTimeUnit *chrono_clock_unit_for (const ChronoClock *clock, double seconds);

G_END_DECLS
