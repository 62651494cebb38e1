/* chrono-fuzz-args.c — the command line's ranges, markers and sizes: the
 * input is the text after the first newline-free line, checked against a
 * trace whose clock is near either end of the 64-bit range. */
#include <stdint.h>
#include <string.h>

#include "chrono-cli-args.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static ChronoTrace *
trace_at (gint64 begin, gint64 end, gint64 ticks_per_second)
{
  ChronoTrace *trace = chrono_trace_new ("fuzz", "fuzz");
  ChronoClock clock;
  chrono_clock_init (&clock, ticks_per_second);
  chrono_trace_set_clock (trace, &clock);
  chrono_trace_include_time (trace, begin);
  chrono_trace_include_time (trace, end);
  return trace;
}

static void
parse_all (const char *text, ChronoTrace *trace)
{
  gint64 begin = 0, end = 0, time = 0;
  gboolean has = FALSE;
  int width, height;
  g_autoptr (GError) range_error = NULL, marker_error = NULL, size_error = NULL;
  if (chrono_cli_parse_range (text, trace, &begin, &end, &range_error))
    g_assert (end > begin);
  else
    g_assert (range_error != NULL);
  if (!chrono_cli_parse_marker (text, trace, &has, &time, &marker_error))
    g_assert (marker_error != NULL);
  guint index;
  gint64 shift;
  g_autoptr (GError) shift_error = NULL;
  if (chrono_cli_parse_shift (text, trace, &index, &shift, &shift_error))
    g_assert (index >= 2);
  else
    g_assert (shift_error != NULL);
  if (chrono_cli_parse_size (text, &width, &height, &size_error))
    g_assert (width >= 16 && height >= 0);
  else
    g_assert (size_error != NULL);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static ChronoTrace *traces[4];
  if (traces[0] == NULL)
    {
      traces[0] = trace_at (0, 1000, 1000000000);
      traces[1] = trace_at (G_MAXINT64 - 10, G_MAXINT64, 1000000000);
      traces[2] = trace_at (G_MININT64, G_MININT64 + 3, 3);
      /* a clock counting cycles: times typed as 1.5k or 20Mcycles */
      traces[3] = trace_at (0, G_MAXINT64 / 2, 1);
      ChronoClock cycles;
      chrono_clock_init_cycles (&cycles);
      chrono_trace_set_clock (traces[3], &cycles);
    }
  g_autofree char *text = g_strndup ((const char *) data, size);
  for (guint i = 0; i < G_N_ELEMENTS (traces); i++)
    parse_all (text, traces[i]);
  return 0;
}
