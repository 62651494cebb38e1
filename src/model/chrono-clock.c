/* chrono-clock.c — every conversion between ticks, seconds and text lives here,
 * so that alignment and rounding rules are decided once. */
#include "chrono-clock.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void
chrono_clock_init (ChronoClock *clock, gint64 ticks_per_second)
{
  g_return_if_fail (clock != NULL);
  g_return_if_fail (ticks_per_second > 0);
  memset (clock, 0, sizeof *clock);
  clock->ticks_per_second = ticks_per_second;
}

void
chrono_clock_init_cycles (ChronoClock *clock)
{
  chrono_clock_init (clock, 1);
  clock->counts_cycles = TRUE;
}

static const struct {
  const char *prefix;
  gint64 hertz;
} frequency_prefixes[] = {
  { "", 1 }, { "k", 1000 }, { "m", 1000000 }, { "g", 1000000000 }, { "t", G_GINT64_CONSTANT (1000000000000) }
};

/* Digits and a decimal point read as an exact fraction: mantissa / 10^decimals. */
static gboolean
parse_decimal (const char **p, guint64 *mantissa, guint *decimals)
{
  const char *start = *p;
  gboolean point = FALSE;
  *mantissa = 0;
  *decimals = 0;
  for (; g_ascii_isdigit (**p) || (**p == '.' && !point); (*p)++)
    {
      if (**p == '.')
        {
          point = TRUE;
          continue;
        }
      if (*mantissa > (G_MAXUINT64 - 9) / 10 || *decimals > 15)
        return FALSE;
      *mantissa = *mantissa * 10 + (guint64) (**p - '0');
      *decimals += point;
    }
  return *p > start && !(*p - start == 1 && point);
}

gboolean
chrono_parse_frequency (const char *text, gint64 *out_hertz, GError **error)
{
  const char *p = text ? text : "";
  while (g_ascii_isspace (*p))
    p++;
  guint64 mantissa;
  guint decimals;
  gboolean number = parse_decimal (&p, &mantissa, &decimals);
  while (g_ascii_isspace (*p))
    p++;
  gint64 scale = 0;
  for (gsize i = G_N_ELEMENTS (frequency_prefixes); number && scale == 0 && i-- > 0;)
    {
      gsize n = strlen (frequency_prefixes[i].prefix);
      if (g_ascii_strncasecmp (p, frequency_prefixes[i].prefix, n) != 0)
        continue;
      const char *unit = p + n;
      if (g_ascii_strcasecmp (unit, "hz") == 0 || (n == 0 && *unit == '\0'))
        scale = frequency_prefixes[i].hertz;
    }
  /* hertz = mantissa × scale / 10^decimals, whole and in 64 bits */
  guint64 power = 1;
  for (guint i = 0; i < decimals; i++)
    power *= 10;
  unsigned __int128 hertz = number && scale > 0 ? (unsigned __int128) mantissa * (guint64) scale : 0;
  if (scale == 0 || hertz % power != 0 || hertz / power == 0 || hertz / power > (unsigned __int128) G_MAXINT64)
    {
      g_set_error (error, CHRONO_CLOCK_ERROR, CHRONO_CLOCK_ERROR_NOT_A_TIME,
                   "“%s” is not a clock frequency of whole hertz (e.g. 2.4GHz, 800MHz, 1000000)", text ? text : "");
      return FALSE;
    }
  *out_hertz = (gint64) (hertz / power);
  return TRUE;
}

static const struct {
  const char *unit;
  gint64 ticks_per_second;
} unit_table[] = {
  { "ps", G_GINT64_CONSTANT (1000000000000) },
  { "ns", 1000000000 },
  { "us", 1000000 },
  { "µs", 1000000 },
  { "ms", 1000 },
  { "s", 1 },
};

gboolean
chrono_clock_ticks_per_second_for_unit (const char *unit, gint64 *out_ticks_per_second)
{
  for (gsize i = 0; i < G_N_ELEMENTS (unit_table); i++)
    if (g_ascii_strcasecmp (unit, unit_table[i].unit) == 0)
      {
        *out_ticks_per_second = unit_table[i].ticks_per_second;
        return TRUE;
      }
  return FALSE;
}

double
chrono_clock_to_seconds (const ChronoClock *clock, gint64 ticks)
{
  /* Ticks and a rate below 2^53 are exact doubles, and one division of
   * them is the nearest double to the quotient: seconds exact to the last
   * digit.  Past that, whole seconds and the remainder apart keep what
   * precision a split can (whole + rest / rate rounds twice, a digit off
   * now and then: 1.018642406 s came out 1.0186424060000001). */
  const gint64 exact = G_GINT64_CONSTANT (1) << 53;
  if (ticks > -exact && ticks < exact && clock->ticks_per_second < exact)
    return (double) ticks / (double) clock->ticks_per_second;
  gint64 whole = ticks / clock->ticks_per_second;
  gint64 rest = ticks % clock->ticks_per_second;
  return (double) whole + (double) rest / (double) clock->ticks_per_second;
}

gint64
chrono_clock_from_seconds (const ChronoClock *clock, double seconds)
{
  double whole = trunc (seconds);
  double frac = seconds - whole;
  return (gint64) whole * clock->ticks_per_second + (gint64) llround (frac * (double) clock->ticks_per_second);
}

static int
decimal_digits_of_power_of_ten (gint64 value)
{
  int digits = 0;
  while (value > 1 && value % 10 == 0)
    {
      value /= 10;
      digits++;
    }
  return value == 1 ? digits : -1;
}

/* Seconds as an exact decimal when the clock is decimal, so that parsing the
 * text and multiplying by ticks_per_second gives back the very same tick. */
char *
chrono_clock_format_seconds_exact (const ChronoClock *clock, gint64 ticks)
{
  gboolean negative = ticks < 0;
  guint64 magnitude = negative ? -(guint64) ticks : (guint64) ticks;
  g_autofree char *text = chrono_clock_format_duration_exact (clock, magnitude);
  return negative ? g_strconcat ("-", text, NULL) : g_steal_pointer (&text);
}

char *
chrono_clock_format_duration_exact (const ChronoClock *clock, guint64 magnitude)
{
  int digits = decimal_digits_of_power_of_ten (clock->ticks_per_second);
  if (digits < 0)
    return g_strdup_printf ("%.17g", (double) magnitude / (double) clock->ticks_per_second);
  guint64 whole = magnitude / (guint64) clock->ticks_per_second;
  guint64 frac = magnitude % (guint64) clock->ticks_per_second;
  if (frac == 0 || digits == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, whole);

  char frac_text[32];
  g_snprintf (frac_text, sizeof frac_text, "%0*" G_GUINT64_FORMAT, digits, frac);
  for (int i = digits - 1; i > 0 && frac_text[i] == '0'; i--)
    frac_text[i] = '\0';
  return g_strdup_printf ("%" G_GUINT64_FORMAT ".%s", whole, frac_text);
}

/* num / den rounded once to the nearest double (ties to even): the
 * quotient scaled to 54 bits in 128-bit integers, its last bit and the
 * remainder deciding the rounding.  Dividing by the denominator, then by
 * the clock's rate, rounds twice, and a mean came out a digit off. */
double
chrono_ratio_nearest (guint64 num, guint64 den)
{
  g_return_val_if_fail (den > 0, 0.0);
  if (num == 0)
    return 0.0;
  const unsigned __int128 low = (unsigned __int128) 1 << 53, high = (unsigned __int128) 1 << 54;
  unsigned __int128 n = num, d = den;
  int exponent = 0;
  while (n / d < low)
    {
      n <<= 1;
      exponent--;
    }
  while (n / d >= high)
    {
      d <<= 1;
      exponent++;
    }
  unsigned __int128 q = n / d, r = n % d;
  guint64 mantissa = (guint64) (q >> 1);
  gboolean guard = (q & 1) != 0, sticky = r != 0;
  if (guard && (sticky || (mantissa & 1)))
    mantissa++;
  return ldexp ((double) mantissa, exponent + 1);
}

char *
chrono_format_double_shortest (double v)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE], format[8];
  for (int precision = 1; precision <= 17; precision++)
    {
      /* g_ascii_formatd: a point whatever the locale */
      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buffer, sizeof buffer, format, v);
      if (precision == 17 || g_ascii_strtod (buffer, NULL) == v)
        break;
    }
  return g_strdup (buffer);
}

/* numerator / denominator ticks in seconds, the nearest double. */
static char *
ratio_seconds_text (guint64 numerator_ticks, guint64 denominator, guint64 ticks_per_second)
{
  double seconds = denominator <= G_MAXUINT64 / ticks_per_second
                       ? chrono_ratio_nearest (numerator_ticks, denominator * ticks_per_second)
                       : (double) numerator_ticks / (double) denominator / (double) ticks_per_second;
  return chrono_format_double_shortest (seconds);
}

/* numerator/denominator ticks in seconds: exact when it is a whole tick. */
char *
chrono_clock_format_seconds_ratio (const ChronoClock *clock, gint64 numerator_ticks, gint64 denominator)
{
  g_return_val_if_fail (denominator > 0, NULL);
  if (numerator_ticks % denominator == 0)
    return chrono_clock_format_seconds_exact (clock, numerator_ticks / denominator);
  if (numerator_ticks < 0)
    {
      g_autofree char *positive = ratio_seconds_text ((guint64) - (numerator_ticks + 1) + 1, (guint64) denominator,
                                                      (guint64) clock->ticks_per_second);
      return g_strconcat ("-", positive, NULL);
    }
  return ratio_seconds_text ((guint64) numerator_ticks, (guint64) denominator, (guint64) clock->ticks_per_second);
}

char *
chrono_clock_format_duration_ratio (const ChronoClock *clock, guint64 numerator_ticks, guint64 denominator)
{
  g_return_val_if_fail (denominator > 0, NULL);
  if (numerator_ticks % denominator == 0)
    return chrono_clock_format_duration_exact (clock, numerator_ticks / denominator);
  return ratio_seconds_text (numerator_ticks, denominator, (guint64) clock->ticks_per_second);
}

static const struct {
  const char *suffix;
  double seconds;
} duration_units[] = {
  { "ps", 1e-12 }, { "ns", 1e-9 }, { "us", 1e-6 },  { "µs", 1e-6 },
  { "ms", 1e-3 },  { "s", 1.0 },   { "min", 60.0 }, { "h", 3600.0 },
};

/* clang-format would space out the quark's name */
/* clang-format off */
G_DEFINE_QUARK (chrono-clock-error-quark, chrono_clock_error)
/* clang-format on */

/* "12ms", "3.5s", "1500us", "250ns", "2" (seconds). */
gboolean
chrono_parse_duration (const char *text, double *out_seconds, GError **error)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (text ? text : ""));
  /* "3,5ms" as people with a decimal comma write it */
  g_strdelimit (trimmed, ",", '.');
  char *end = NULL;
  double value = g_ascii_strtod (trimmed, &end);
  if (end == trimmed || !isfinite (value))
    {
      g_set_error (error, CHRONO_CLOCK_ERROR, CHRONO_CLOCK_ERROR_NOT_A_TIME,
                   "“%s” is not a time (examples: 12ms, 3.5s, 1500us, 250ns)", text);
      return FALSE;
    }
  while (*end == ' ')
    end++;
  if (*end == '\0')
    {
      *out_seconds = value;
      return TRUE;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (duration_units); i++)
    if (strcmp (end, duration_units[i].suffix) == 0)
      {
        *out_seconds = value * duration_units[i].seconds;
        return TRUE;
      }
  g_set_error (error, CHRONO_CLOCK_ERROR, CHRONO_CLOCK_ERROR_UNKNOWN_UNIT,
               "“%s” has an unknown unit “%s” (use ps, ns, us, ms, s)", text, end);
  return FALSE;
}

gboolean
chrono_clock_parse_duration (const ChronoClock *clock, const char *text, double *out_seconds, GError **error)
{
  if (!clock->counts_cycles)
    return chrono_parse_duration (text, out_seconds, error);
  g_autofree char *trimmed = g_strstrip (g_strdup (text ? text : ""));
  char *end = NULL;
  double value = g_ascii_strtod (trimmed, &end);
  if (end == trimmed || !isfinite (value))
    {
      g_set_error (error, CHRONO_CLOCK_ERROR, CHRONO_CLOCK_ERROR_NOT_A_TIME, "“%s” is not a number of cycles", text);
      return FALSE;
    }
  while (g_ascii_isspace (*end))
    end++;
  static const struct {
    char prefix;
    double scale;
  } prefixes[] = { { 'k', 1e3 }, { 'K', 1e3 }, { 'M', 1e6 }, { 'G', 1e9 }, { 'T', 1e12 } };
  for (gsize i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (*end == prefixes[i].prefix)
      {
        value *= prefixes[i].scale;
        end++;
        break;
      }
  if (*end != '\0' && g_ascii_strcasecmp (end, "cycles") != 0 && g_ascii_strcasecmp (end, "cycle") != 0)
    {
      g_set_error (error, CHRONO_CLOCK_ERROR, CHRONO_CLOCK_ERROR_UNKNOWN_UNIT,
                   "“%s” has an unknown unit “%s” (times of this trace are cycles: 1500, 1.5k, 20Mcycles)", text, end);
      return FALSE;
    }
  *out_seconds = value / (double) clock->ticks_per_second;
  return TRUE;
}

/* The units every displayed time uses (durations, ruler, overview axis),
 * largest first. */
static const ChronoTimeUnit display_units[] = {
  { 1.0, "s" }, { 1e-3, "ms" }, { 1e-6, "µs" }, { 1e-9, "ns" }, { 1e-12, "ps" },
};

/* The largest unit not bigger than the magnitude of a time, so "12.5 ms"
 * rather than "0.0125 s" or "12500 µs"; the smallest for tinier times.  A
 * rounding error below the unit does not drop 1 ms to "1000 µs". */
void
chrono_time_range_at_least_a_tick (gint64 *begin, gint64 *end)
{
  if (*end > *begin)
    return;
  if (*begin == G_MAXINT64)
    *begin = *end - 1;
  else
    *end = *begin + 1;
}

const ChronoTimeUnit *
chrono_time_unit_for (double seconds)
{
  double magnitude = fabs (seconds);
  gsize i = 0;
  while (i + 1 < G_N_ELEMENTS (display_units) && magnitude < display_units[i].seconds * 0.9999999)
    i++;
  return &display_units[i];
}

/* A human duration with an adaptive unit: "1.25 ms", "830 ns". */
char *
chrono_format_duration (double seconds, int significant_digits)
{
  if (seconds == 0.0)
    return g_strdup ("0 s");
  const ChronoTimeUnit *unit = chrono_time_unit_for (seconds);
  double value = seconds / unit->seconds;
  /* %g turns 1000 into "1e+03": whole numbers with more digits print whole */
  if (fabs (value) >= pow (10.0, significant_digits))
    return g_strdup_printf ("%.0f %s", value, unit->symbol);
  return g_strdup_printf ("%.*g %s", significant_digits, value, unit->symbol);
}

/* Cycles counted in thousands, millions, … as seconds are in ms, µs. */
static const ChronoTimeUnit cycle_units[] = {
  { 1e12, "Tcycles" }, { 1e9, "Gcycles" }, { 1e6, "Mcycles" }, { 1e3, "kcycles" }, { 1.0, "cycles" },
};

const ChronoTimeUnit *
chrono_clock_unit_for (const ChronoClock *clock, double seconds)
{
  if (!clock->counts_cycles)
    return chrono_time_unit_for (seconds);
  double magnitude = fabs (seconds);
  gsize i = 0;
  while (i + 1 < G_N_ELEMENTS (cycle_units) && magnitude < cycle_units[i].seconds * 0.9999999)
    i++;
  return &cycle_units[i];
}

static char *
format_in_unit (const ChronoClock *clock, double ticks, int significant_digits)
{
  if (!clock->counts_cycles)
    return chrono_format_duration (ticks / (double) clock->ticks_per_second, significant_digits);
  if (ticks == 0)
    return g_strdup ("0 cycles");
  const ChronoTimeUnit *unit = chrono_clock_unit_for (clock, ticks);
  double value = ticks / unit->seconds;
  if (fabs (value) >= pow (10.0, significant_digits) || unit->seconds == 1.0)
    return g_strdup_printf ("%.0f %s", value, unit->symbol);
  return g_strdup_printf ("%.*g %s", significant_digits, value, unit->symbol);
}

/* A number of ticks as a human duration ("463.425 µs", "1.5 Mcycles"); a
 * time is the ticks from some origin, which callers subtract first. */
char *
chrono_clock_format_ticks (const ChronoClock *clock, gint64 ticks, int significant_digits)
{
  if (!clock->counts_cycles)
    return chrono_format_duration (chrono_clock_to_seconds (clock, ticks), significant_digits);
  return format_in_unit (clock, (double) ticks, significant_digits);
}

char *
chrono_clock_format_duration (const ChronoClock *clock, guint64 ticks, int significant_digits)
{
  return format_in_unit (clock, (double) ticks, significant_digits);
}

char *
chrono_clock_format_ticks_in (const ChronoClock *clock, gint64 ticks, const ChronoTimeUnit *unit)
{
  /* as many decimals as a tick has in the unit, then trailing zeros dropped */
  double ticks_per_unit = unit->seconds * (double) clock->ticks_per_second;
  int decimals = ticks_per_unit >= 1.0 ? (int) ceil (log10 (ticks_per_unit) - 1e-9) : 0;
  decimals = CLAMP (decimals, 0, 12);
  g_autofree char *number = g_strdup_printf ("%.*f", decimals, (double) ticks / ticks_per_unit);
  if (strchr (number, '.') != NULL)
    {
      char *end = number + strlen (number) - 1;
      while (*end == '0')
        *end-- = '\0';
      if (*end == '.')
        *end = '\0';
    }
  return g_strdup_printf ("%s %s", number, unit->symbol);
}
