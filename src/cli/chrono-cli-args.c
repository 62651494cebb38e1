/* chrono-cli-args.c — the command line's times, ranges and sizes, checked:
 * what the user types is never a precondition (a fuzz target feeds these). */
#include "chrono-cli-args.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Times given on the command line count from the start of the trace, as the
 * viewer's ruler does; FALSE when the time is past what its clock counts. */
static gboolean
trace_time (ChronoTrace *trace, gint64 begin, double seconds, gint64 *out)
{
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  double ticks = seconds * (double) clock->ticks_per_second;
  if (!isfinite (ticks) || fabs (ticks) >= 9.0e18)
    return FALSE; /* converting it to 64 bits would be undefined */
  gint64 offset = chrono_clock_from_seconds (clock, seconds);
  if ((offset > 0 && begin > G_MAXINT64 - offset) || (offset < 0 && begin < G_MININT64 - offset))
    return FALSE;
  *out = begin + offset;
  return TRUE;
}

static gboolean
out_of_clock (const char *what, const char *text, GError **error)
{
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _ ("%s “%s” lies outside the times the trace’s clock can count"), what, text);
  return FALSE;
}

gboolean
chrono_cli_parse_range (const char *text, ChronoTrace *trace, gint64 *begin, gint64 *end, GError **error)
{
  return chrono_cli_parse_range_from (text, trace, chrono_trace_get_begin (trace), begin, end, error);
}

gboolean
chrono_cli_parse_range_from (const char *text, ChronoTrace *trace, gint64 origin, gint64 *begin, gint64 *end,
                             GError **error)
{
  const char *dots = strstr (text, "..");
  if (dots == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("range “%s” must be BEGIN..END, for example 10ms..30ms"), text);
      return FALSE;
    }
  g_autofree char *first = g_strndup (text, dots - text);
  double from, to;
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  if (!chrono_clock_parse_duration (clock, first, &from, error)
      || !chrono_clock_parse_duration (clock, dots + 2, &to, error))
    return FALSE;
  if (to <= from)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _ ("range “%s” ends before it begins"), text);
      return FALSE;
    }
  if (!trace_time (trace, origin, from, begin) || !trace_time (trace, origin, to, end))
    return out_of_clock (_ ("range"), text, error);
  if (*end <= *begin)
    {
      g_autofree char *tick = chrono_clock_format_ticks (chrono_trace_get_clock (trace), 1, 3);
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("range “%s” is shorter than one tick of the trace’s clock (%s)"), text, tick);
      return FALSE;
    }
  return TRUE;
}

/* A marker's time, like a range's; NULL text: no marker. */
gboolean
chrono_cli_parse_marker (const char *text, ChronoTrace *trace, gboolean *has_marker, gint64 *time, GError **error)
{
  return chrono_cli_parse_marker_from (text, trace, chrono_trace_get_begin (trace), has_marker, time, error);
}

gboolean
chrono_cli_parse_marker_from (const char *text, ChronoTrace *trace, gint64 origin, gboolean *has_marker, gint64 *time,
                              GError **error)
{
  double seconds;
  if (text == NULL)
    return TRUE;
  if (!chrono_clock_parse_duration (chrono_trace_get_clock (trace), text, &seconds, error))
    return FALSE;
  if (!trace_time (trace, origin, seconds, time))
    return out_of_clock (_ ("marker"), text, error);
  *has_marker = TRUE;
  return TRUE;
}

gboolean
chrono_cli_parse_shift (const char *text, ChronoTrace *reference, guint *index, gint64 *ticks, GError **error)
{
  const char *equals = strchr (text, '=');
  char *end = NULL;
  guint64 n = equals ? g_ascii_strtoull (text, &end, 10) : 0;
  if (equals == NULL || end != equals || n < 2 || n > G_MAXUINT)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("shift “%s” must be TRACE=TIME, the trace by its place from 2 on, e.g. 2=+1.5ms"), text);
      return FALSE;
    }
  double seconds;
  if (!chrono_clock_parse_duration (chrono_trace_get_clock (reference), equals + 1, &seconds, error))
    return FALSE;
  double delta = seconds * (double) chrono_trace_get_clock (reference)->ticks_per_second;
  if (!isfinite (delta) || fabs (delta) >= 9.0e18)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("shift “%s” lies outside the times the trace’s clock can count"), text);
      return FALSE;
    }
  *index = (guint) n;
  *ticks = (gint64) llround (delta);
  return TRUE;
}

gboolean
chrono_cli_parse_size (const char *text, int *width, int *height, GError **error)
{
  int w = 0, h = 0;
  char extra;
  if (sscanf (text, "%dx%d%c", &w, &h, &extra) != 2 || w < 16 || h < 0 || w > 32768 || h > 32768)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("size “%s” must be WIDTHxHEIGHT, for example 1920x1080 (height 0: fit all lanes)"), text);
      return FALSE;
    }
  *width = w;
  *height = h;
  return TRUE;
}
