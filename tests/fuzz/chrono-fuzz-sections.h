/* chrono-fuzz-sections.h — one fuzz input cut into the files of a trace
 * that is more than one byte string: an OTF2 archive (anchor, global
 * definitions, each location's .def and .evt), a Laplace reference trace
 * with its kernel trace beside it, or two traces of any formats.
 *
 * An input is a row of sections:
 *
 *   kind:u8  [location:u64le, for a location's .def or .evt]  length:u32le  bytes
 *
 * The low four bits of kind say which file the bytes become, the next bit
 * which trace of the input (member 0 or 1) they belong to, and the top
 * three bits are flags a target may read (chrono_fuzz_member_flags).  A
 * length past the input's end is cut to what is there, so every byte
 * string is an input; the custom mutator (chrono-fuzz-mutator.c) changes
 * one section at a time and writes the lengths back, so what it makes
 * stays framed.  tests/fuzz/pack-sections.py packs archives and files. */
#pragma once

#include <glib.h>
#include <stdint.h>

typedef enum {
  CHRONO_FUZZ_OTF2_ANCHOR, /* trace.otf2 */
  CHRONO_FUZZ_OTF2_GLOBAL_DEF, /* trace.def */
  CHRONO_FUZZ_OTF2_LOCAL_DEF, /* trace/LOCATION.def */
  CHRONO_FUZZ_OTF2_LOCAL_EVT, /* trace/LOCATION.evt */
  CHRONO_FUZZ_BTF, /* trace.btf */
  CHRONO_FUZZ_ETF, /* trace.etf */
  CHRONO_FUZZ_VISANDOR, /* trace.vt */
  CHRONO_FUZZ_LAPLACE_REFS, /* trace.ref (text or binary) */
  CHRONO_FUZZ_LAPLACE_KERNEL, /* trace.kern, beside trace.ref */
  CHRONO_FUZZ_N_FILE_KINDS
} ChronoFuzzFileKind;

#define CHRONO_FUZZ_MAX_SECTIONS 16
#define CHRONO_FUZZ_MEMBER_BIT 0x10

typedef struct {
  guint8 kind; /* the whole byte: file kind, member, flags */
  guint64 location; /* a location's .def or .evt only */
  const guint8 *data; /* into the input */
  gsize length;
  gsize header_offset; /* where the section starts in the input */
} ChronoFuzzSection;

static inline ChronoFuzzFileKind
chrono_fuzz_section_file (const ChronoFuzzSection *s)
{
  return (ChronoFuzzFileKind) (s->kind & 0x0f);
}

static inline guint
chrono_fuzz_section_member (const ChronoFuzzSection *s)
{
  return (s->kind & CHRONO_FUZZ_MEMBER_BIT) ? 1 : 0;
}

static inline gboolean
chrono_fuzz_kind_has_location (guint8 kind)
{
  guint file = kind & 0x0f;
  return file == CHRONO_FUZZ_OTF2_LOCAL_DEF || file == CHRONO_FUZZ_OTF2_LOCAL_EVT;
}

/* Cuts data into at most CHRONO_FUZZ_MAX_SECTIONS sections; returns how many. */
guint chrono_fuzz_sections_parse (const guint8 *data, gsize size, ChronoFuzzSection *sections);

/* The framed bytes of sections (each length as it is now). */
GByteArray *chrono_fuzz_sections_write (const ChronoFuzzSection *sections, guint n);

/* A folder of its own for this process, emptied by chrono_fuzz_folder_clear. */
const char *chrono_fuzz_folder (void);
void chrono_fuzz_folder_clear (void);

/* Writes member's sections under folder/mMEMBER/ (trace.otf2, trace.def,
 * trace/…, trace.btf, …; files of other members are left out, and with
 * any_member every section is taken as member's).  Returns the file to
 * open: the anchor when there is one, else the first file written; NULL
 * when the member has no section. */
char *chrono_fuzz_write_member (const ChronoFuzzSection *sections, guint n, guint member, gboolean any_member);

/* The flags of member's first section (kind's top three bits), 0 without one. */
guint chrono_fuzz_member_flags (const ChronoFuzzSection *sections, guint n, guint member);
