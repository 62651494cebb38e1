/* chrono-cli-args.h — parsing what chronoscope-cli is given on its
 * command line, into a trace's ticks. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

/* "10ms..30ms", from the trace's start: its ticks, or an error saying why not. */
gboolean chrono_cli_parse_range (const char *text, ChronoTrace *trace, gint64 *begin, gint64 *end, GError **error);
/* A marker's time, like a range's end; NULL text: no marker. */
gboolean chrono_cli_parse_marker (const char *text, ChronoTrace *trace, gboolean *has_marker, gint64 *time,
                                  GError **error);
/* "1920x1080" (height 0: fit all lanes). */
gboolean chrono_cli_parse_size (const char *text, int *width, int *height, GError **error);

G_END_DECLS
