/* chrono-laplace-kernel.h — the modified kernel's event records and the
 * process lanes made of them.
 *
 * A record is a tag, a hex timestamp and hex fields, with a file name last
 * where the record has one (it may hold spaces).  The tags and their fields
 * are those of research/laplace.md §3, in Laplace's own layout (no second
 * reference timestamp, a device as major and minor). */
#pragma once

#include "chrono-trace.h"

G_BEGIN_DECLS

#define CHRONO_LAPLACE_MAX_FIELDS 8

typedef struct {
  gint64 time;
  guint64 line;
  guint64 fields[CHRONO_LAPLACE_MAX_FIELDS];
  guint32 name; /* string id of the file name, 0 when the record has none */
  char tag;
} ChronoLaplaceKernelRecord;

/* What a tag is: NULL for a tag of no record the kernel writes. */
typedef struct {
  char tag;
  const char *name; /* "fork", "mmap file", … */
  guint n_fields; /* hex fields after the timestamp */
  gboolean has_file_name; /* a file name follows them */
  gboolean has_pid; /* the first field is the process */
  /* the fields' names, "|" between them, each after how its value reads:
   * '#' decimal, 'x' hex with 0x (addresses, lengths, offsets), 'c' hex as
   * an address space is named */
  const char *field_names;
} ChronoLaplaceTag;

const ChronoLaplaceTag *chrono_laplace_tag_find (char tag);

/* The record's fields by name ("parent 256, …"), the first left out when
 * skip_pid (the lane says which process); NULL when it has none. */
char *chrono_laplace_kernel_describe (const ChronoLaplaceKernelRecord *record, const ChronoLaplaceTag *tag,
                                      ChronoStrings *strings, gboolean skip_pid);

/* Parses the fields after the timestamp; FALSE with a reason when they do not fit the tag. */
gboolean chrono_laplace_kernel_parse_fields (const ChronoLaplaceTag *tag, const char *text, gsize length,
                                             ChronoStrings *strings, ChronoLaplaceKernelRecord *out,
                                             const char **reason);

/* The process lanes (life, scheduling, mappings, marks) and the kernel's own
 * marks, from records in any order; the density lanes of refs' address spaces
 * go under the process an A record gives them to, the others under a group.
 * end: the end of the trace (where a process with no exit ends). */
void chrono_laplace_kernel_build_lanes (ChronoTrace *trace, GArray *records, ChronoReferences *refs, gint64 end);

/* Sorts by time, keeping file order among equal times. */
void chrono_laplace_kernel_sort (GArray *records);

G_END_DECLS
