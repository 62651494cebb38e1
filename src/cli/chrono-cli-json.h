/* chrono-cli-json.h — the one way chronoscope-cli writes JSON text: one
 * string escaper, one rule for numbers, two layouts.  A report (GVariant)
 * and json-glib's trees are both written here, not by json-glib's
 * generator, whose text is no JSON for some control characters and some
 * doubles, and which holds neither unsigned integers past G_MAXINT64 nor
 * exact decimal seconds.  chains, whose layout is its own, writes its
 * frame by hand and its names and figures with these. */
#pragma once

#include <json-glib/json-glib.h>

#include "chrono-clock.h"
#include "chrono-report.h"

G_BEGIN_DECLS

typedef enum {
  /* no space at all, as json-glib wrote it: {"a":1,"b":[2,3]} */
  CHRONO_CLI_JSON_COMPACT,
  /* ", " and ": " between things, all on one line */
  CHRONO_CLI_JSON_SPACED,
  /* spaced, and a top-level member from the first array
   * on starts a line of its own, and so does each element of such an
   * array: what info --json has always written of the figures it computed */
  CHRONO_CLI_JSON_LINES,
} ChronoCliJsonLayout;

/* A JSON string: quote and backslash escaped, newline, return and tab as
 * \n, \r and \t, every other control character as \u00XX. */
void chrono_cli_append_json_string (GString *out, const char *text);

/* A report or a loader's figures (see chrono-report.h for the exact
 * numbers it holds) as a JSON document with its newline. */
char *chrono_cli_variant_json (GVariant *value, ChronoCliJsonLayout layout);
/* What info --json prints of a trace: its report, compact when it is a
 * loader's figures (as they have always been), a section a line when
 * computed here; gaps (nullable) says what a lazy read left out. */
char *chrono_cli_report_json (ChronoTrace *trace, ChronoReportGaps *gaps);
/* The same inside a document laid out by hand (chains'), with no newline. */
void chrono_cli_append_variant_json (GString *out, GVariant *value, ChronoCliJsonLayout layout);
/* A member of seconds of trace time (ticks on clock), or null when not known. */
void chrono_cli_json_add_seconds (JsonBuilder *b, const char *key, const ChronoClock *clock, gboolean known,
                                  gint64 ticks);
/* "instance": the producer's instance number, or null when unknown (G_MININT64). */
void chrono_cli_json_add_instance (JsonBuilder *b, gint64 number);
/* A json-glib tree as a JSON document with its newline, compact. */
char *chrono_cli_json_text (JsonNode *root);

G_END_DECLS
