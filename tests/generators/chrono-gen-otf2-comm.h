/* chrono-gen-otf2-comm.h — the messages chrono-gen-otf2 wrote, from its own
 * bookkeeping: per channel (sender, receiver, communicator, tag) the sends
 * and the receives in the order they were written, each with the Enter of
 * the MPI call it happened in; matched k-th to k-th as a reader matches
 * them.  At the end, the `comm --json` document the archive must give, and
 * its message summaries (each message in its size bin, tag and
 * communicator, with its receiver's wait), and the summary of the
 * collectives each location took part in (`comm --by collective`). */
#pragma once

#include <glib.h>
#include <stdint.h>
#include <stdio.h>

typedef struct _GenComm GenComm;
/* The message summary's groupings (comm --by). */
typedef enum { GEN_COMM_BY_SIZE, GEN_COMM_BY_TAG, GEN_COMM_BY_COMMUNICATOR, GEN_COMM_N_GROUPINGS } GenCommGrouping;
typedef void (*GenCommSeconds) (char *buf, size_t n, uint64_t ticks);

GenComm *gen_comm_new (void);
void gen_comm_send (GenComm *c, uint64_t sender, uint64_t receiver, const char *communicator, uint32_t tag,
                    uint64_t bytes, uint64_t call);
void gen_comm_receive (GenComm *c, uint64_t sender, uint64_t receiver, const char *communicator, uint32_t tag,
                       uint64_t call);
/* A location's part in a collective: the MpiCollectiveEnd it wrote. */
void gen_comm_collective (GenComm *c, const char *operation, const char *communicator, uint64_t sent,
                          uint64_t received);
void gen_comm_write (GenComm *c, FILE *f, GenCommSeconds seconds);
/* The `comm --by collective --json` document. */
void gen_comm_write_collectives (GenComm *c, FILE *f);
/* The `comm --by size|tag|communicator --json` document. */
void gen_comm_write_summary (GenComm *c, FILE *f, GenCommSeconds seconds, GenCommGrouping by);
void gen_comm_free (GenComm *c);
