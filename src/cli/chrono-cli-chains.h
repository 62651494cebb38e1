/* chrono-cli-chains.h — what `chronoscope-cli chains` prints: per event
 * chain, the distribution of its latencies and data ages (the same summary
 * as stats), how many walks did not complete, and a histogram of each. */
#pragma once

#include "chrono-chains.h"

G_BEGIN_DECLS

/* The histograms' number of equal bins between the smallest and the largest value. */
#define CHRONO_CLI_CHAIN_BINS 10

/* results: ChronoChainResult* */
char *chrono_cli_chains_json (ChronoTrace *trace, GPtrArray *results);
char *chrono_cli_chains_text (ChronoTrace *trace, GPtrArray *results);

G_END_DECLS
