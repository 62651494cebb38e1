/* chrono-text-number.h — numbers in the fields of text traces, read the one
 * way every text loader reads them: exactly, in place, and refusing what
 * does not fit rather than bending it (an id past INT64_MAX is no id).
 * Inline: the readers call these for every field of every line. */
#pragma once

#include <glib.h>
#include <math.h>

G_BEGIN_DECLS

/* A whole decimal number with an optional sign, nothing else: FALSE for
 * anything else and for values outside gint64. */
static inline gboolean
chrono_text_parse_int64 (const char *text, gint64 *out)
{
  const char *p = text;
  gboolean negative = FALSE;
  if (*p == '-' || *p == '+')
    negative = *p++ == '-';
  const char *digits = p;
  guint64 value = 0;
  /* 18 digits cannot overflow; past them every digit is checked */
  while ((guint) (*p - '0') < 10 && p - digits < 18)
    value = value * 10 + (guint) (*p++ - '0');
  for (; (guint) (*p - '0') < 10; p++)
    {
      guint digit = (guint) (*p - '0');
      if (value > (G_MAXUINT64 - digit) / 10)
        return FALSE;
      value = value * 10 + digit;
    }
  if (*p != '\0' || p == digits || value > (guint64) G_MAXINT64 + (negative ? 1 : 0))
    return FALSE;
  *out = negative ? (gint64) (0 - value) : (gint64) value;
  return TRUE;
}

gboolean chrono_text_parse_double_slowly (const char *text, double *out);

/* A finite real number ("12", "-45.678", "1e-3"); FALSE for anything else.
 * "123" and "-45.678" whose digits fit in 2^53 are one division of two exact
 * doubles, correctly rounded, so the very double strtod gives (Clinger's fast
 * path); everything else goes through g_ascii_strtod. */
static inline gboolean
chrono_text_parse_double (const char *text, double *out)
{
  /* powers of ten that a double holds exactly */
  static const double exact_powers[] = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                         1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
  const char *p = text;
  gboolean negative = *p == '-';
  if (negative)
    p++;
  const char *digits = p;
  guint64 mantissa = 0;
  while ((guint) (*p - '0') < 10 && p - digits < 19)
    mantissa = mantissa * 10 + (guint) (*p++ - '0');
  int whole_digits = p - digits, decimals = 0;
  if (whole_digits > 0 && *p == '.' && (guint) (p[1] - '0') < 10)
    {
      p++;
      const char *fraction = p;
      while ((guint) (*p - '0') < 10 && whole_digits + (p - fraction) < 19)
        mantissa = mantissa * 10 + (guint) (*p++ - '0');
      decimals = p - fraction;
    }
  if (*p != '\0' || whole_digits == 0 || mantissa > (G_GUINT64_CONSTANT (1) << 53)
      || decimals >= (int) G_N_ELEMENTS (exact_powers))
    return chrono_text_parse_double_slowly (text, out);
  double value = decimals ? (double) mantissa / exact_powers[decimals] : (double) mantissa;
  *out = negative ? -value : value;
  return TRUE;
}

G_END_DECLS
