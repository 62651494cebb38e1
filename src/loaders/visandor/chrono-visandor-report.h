/* chrono-visandor-report.h — the figures `info --json` reports for a
 * VisAndOr trace, counted event by event as the file is read (a lazily read
 * trace keeps no detail to count them from afterwards).  The rules are the
 * issue's (events per code, busy time per agent from one pair of events,
 * goals matched by node and number, …), kept apart from the picture the
 * state machine builds. */
#pragma once

#include "chrono-clock.h"
#include "chrono-visandor-event.h"

G_BEGIN_DECLS

typedef struct _ChronoVisandorReport ChronoVisandorReport;

ChronoVisandorReport *chrono_visandor_report_new (void);
void chrono_visandor_report_free (ChronoVisandorReport *report);

void chrono_visandor_report_feed (ChronoVisandorReport *report, const ChronoVisandorEvent *event);

/* An a{sv} with exactly the keys of the mode, seconds on clock. */
GVariant *chrono_visandor_report_finish (ChronoVisandorReport *report, ChronoVisandorMode mode,
                                         const ChronoClock *clock);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChronoVisandorReport, chrono_visandor_report_free)

G_END_DECLS
