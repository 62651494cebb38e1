/* chrono-cli-args.h — parsing what chronoscope-cli is given on its
 * command line, into a trace's ticks. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

/* "10ms..30ms", from the trace's start: its ticks, or an error saying why not. */
gboolean chrono_cli_parse_range (const char *text, ChronoTrace *trace, gint64 *begin, gint64 *end, GError **error);
/* The same from another origin on the trace's clock (the start of several traces shown together). */
gboolean chrono_cli_parse_range_from (const char *text, ChronoTrace *trace, gint64 origin, gint64 *begin, gint64 *end,
                                      GError **error);
gboolean chrono_cli_parse_marker_from (const char *text, ChronoTrace *trace, gint64 origin, gboolean *has_marker,
                                       gint64 *time, GError **error);
/* "2=+1.5ms": the second trace moved by 1.5 ms of the first trace's clock (1-based index, signed time). */
gboolean chrono_cli_parse_shift (const char *text, ChronoTrace *reference, guint *index, gint64 *ticks, GError **error);
/* A marker's time, like a range's end; NULL text: no marker. */
gboolean chrono_cli_parse_marker (const char *text, ChronoTrace *trace, gboolean *has_marker, gint64 *time,
                                  GError **error);
/* "1920x1080" (height 0: fit all lanes). */
gboolean chrono_cli_parse_size (const char *text, int *width, int *height, GError **error);

G_END_DECLS
