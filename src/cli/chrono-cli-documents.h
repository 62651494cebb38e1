/* chrono-cli-documents.h — JSON documents of the CLI's commands that
 * libchronoscope-1 gives scripts too, byte for byte (their writers are in
 * the chrono-cli-json library; stats' and profile's have headers of their
 * own). */
#pragma once

#include "chrono-blocking.h"
#include "chrono-collectives.h"
#include "chrono-comm.h"
#include "chrono-message-summary.h"

G_BEGIN_DECLS

/* {"format", "waits": [every request of a semaphore]} */
char *chrono_cli_blocking_json (ChronoTrace *trace, ChronoBlocking *blocking);
/* {"format", "pairs", "messages", "bytes", "late_sender"} */
char *chrono_cli_comm_json (ChronoTrace *trace, const ChronoComm *comm);
/* {"format", "by", "groups", "messages", "bytes", "late_sender"} */
char *chrono_cli_summary_json (ChronoTrace *trace, const ChronoComm *comm, ChronoMessageGrouping by, GArray *groups);
/* {"format", "by": "collective", "groups": [{"operation", "communicator",
 * "count", "bytes_sent", "bytes_received"}], "collectives", "bytes_sent",
 * "bytes_received"} */
char *chrono_cli_collectives_json (ChronoTrace *trace, GArray *groups);

G_END_DECLS
