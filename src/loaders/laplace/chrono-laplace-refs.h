/* chrono-laplace-refs.h — Laplace reference records: the simulator's packed
 * 18-byte binary records and their canonical text form.
 *
 * Binary record (seed 002): u8 type, u64 timestamp, u8 length, u32 address
 * space, u32 address; no padding, byte order not recorded.  Text: the same
 * five fields in hex, "r 123456789abcdef0 4 9f8e7 9a8b7c6d". */
#pragma once

#include "chrono-references.h"

G_BEGIN_DECLS

#define CHRONO_LAPLACE_RECORD_SIZE 18

typedef enum {
  CHRONO_LAPLACE_AUTO_ORDER,
  CHRONO_LAPLACE_LITTLE_ENDIAN,
  CHRONO_LAPLACE_BIG_ENDIAN,
} ChronoLaplaceByteOrder;

/* A raw record as written (the timestamp unsigned, as the counter is). */
typedef struct {
  guint8 type;
  guint64 timestamp;
  guint8 length;
  guint32 space;
  guint32 address;
} ChronoLaplaceRecord;

void chrono_laplace_record_decode (const guint8 *bytes, gboolean big_endian, ChronoLaplaceRecord *out);
/* A binary record's type is a letter: that is how a binary file is told
 * from text, and the one type text can hold and give back. */
static inline gboolean
chrono_laplace_type_is_valid (guint8 type)
{
  return g_ascii_isalpha (type);
}
void chrono_laplace_record_encode (const ChronoLaplaceRecord *record, gboolean big_endian, guint8 *bytes);
/* How a type letter is drawn: loads, stores, instruction fetches, other. */
ChronoRefChannel chrono_laplace_channel_of (guint8 type);
/* The record as the model holds it (a timestamp past 2^63 at the last tick). */
ChronoReference chrono_laplace_reference_of (const ChronoLaplaceRecord *record);

/* The order in which the first records' timestamps decrease less often;
 * as often in both: the one whose timestamps span fewer cycles (a counter
 * moves in its low bytes), then little-endian.  *ambiguous when neither
 * told them apart (spans alike, one record, equal times). */
gboolean chrono_laplace_detect_big_endian (const guint8 *head, gsize length, gboolean *ambiguous);
/* Looks like packed binary records: type letters every 18 bytes, and bytes
 * no text has or (records of printable bytes only) no line a text file has. */
gboolean chrono_laplace_looks_binary (const guint8 *head, gsize length);
/* The file's first bytes look like binary records, or, with a byte order given (which only a binary has), records
 * of printable bytes whose first line text could not read: a file that
 * reads as both forms is taken as text only when nothing says otherwise. */
gboolean chrono_laplace_is_binary_file (const char *path, ChronoLaplaceByteOrder order);

/* What opening a binary file found out. */
typedef struct {
  gboolean big_endian;
  gboolean detected_big_endian; /* what the first records say, whatever order was given */
  gboolean guessed; /* the order was detected and the detection was ambiguous */
  guint64 trailing_bytes; /* of a truncated last record */
} ChronoLaplaceBinaryFacts;

/* A binary reference file read on demand (pread, never mapped): the
 * references and what the file's size says (a truncated last record). */
ChronoReferences *chrono_laplace_open_binary (const char *path, ChronoLaplaceByteOrder order,
                                              ChronoLaplaceBinaryFacts *facts, GError **error);

/* A reference line's fields after its tag ("123456789abcdef0 4 9f8e7 9a8b7c6d"):
 * FALSE when they are not four hex numbers that fit. */
gboolean chrono_laplace_parse_reference_fields (const char *text, gsize length, ChronoLaplaceRecord *out);
/* Why a reference line's fields after its tag are not those of a reference
 * (their count, one not a hex number, one too wide for its field), or NULL
 * when they are. */
char *chrono_laplace_reference_fault (const char *text, gsize length);
/* The canonical text line, with its newline. */
void chrono_laplace_append_text (GString *out, const ChronoLaplaceRecord *record);

G_END_DECLS
