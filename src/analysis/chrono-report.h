/* chrono-report.h — what `info --json` reports of a trace, built in one
 * place: the figures its loader counted, if it counted any, then a section
 * for each thing the trace holds (claims: resources, signals and the
 * critical path; tasks, ISRs, runnables and cores: their entities).  What
 * a trace holds decides, never its format's name, so a format that
 * counts nothing and has neither gets the common header alone. */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

/* What a report leaves out, and a reader should be told of. */
typedef enum {
  CHRONO_REPORT_COMPLETE = 0,
  /* read lazily: the critical path of decoded windows only could be wrong, so it is null */
  CHRONO_REPORT_NO_CRITICAL_PATH = 1 << 0,
} ChronoReportGaps;

/* The report as a dictionary (a{sv}) whose members are in the order they
 * are written.  Beside GVariant's own values it holds exact numbers,
 * seconds as decimals made from ticks, which no double can hold: a
 * CHRONO_REPORT_NUMBER_TYPE whose text is the number. */
GVariant *chrono_report_build (ChronoTrace *trace, ChronoReportGaps *gaps);

#define CHRONO_REPORT_NUMBER_TYPE G_VARIANT_TYPE ("(s)")
/* An exact number, from its text (taken); a floating reference. */
GVariant *chrono_report_number_take (char *text);
/* The text of an exact number, or NULL when value is none. */
const char *chrono_report_number_text (GVariant *value);
/* A name as read: a string, or a byte string where it is no UTF-8 (a
 * file's path need not be), written as the text it is; floating. */
GVariant *chrono_report_text (const char *value);

G_END_DECLS
