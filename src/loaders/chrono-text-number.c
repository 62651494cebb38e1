#include "chrono-text-number.h"

/* What the fast path leaves: exponents, long mantissas, "inf" (refused). */
gboolean
chrono_text_parse_double_slowly (const char *text, double *out)
{
  char *end = NULL;
  if (text == NULL || *text == '\0')
    return FALSE;
  double value = g_ascii_strtod (text, &end);
  if (*end != '\0' || !isfinite (value))
    return FALSE;
  *out = value;
  return TRUE;
}
