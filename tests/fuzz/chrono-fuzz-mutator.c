/* chrono-fuzz-mutator.c — libFuzzer's custom mutator for the targets whose
 * input is a row of sections (chrono-fuzz-sections.h): it changes one
 * section at a time and writes the lengths back, so a mutant is still an
 * archive (or a pair of files) and the loaders see mutated records rather
 * than a framing libotf2 refuses at once.
 *
 * Inside an OTF2 file it works on the records, after the chunk header: bit
 * flips; a compressed integer replaced by an edge value (0xFF, the
 * undefined reference, ids far past any definition, 0xFFFFFFFE); a
 * timestamp replaced by an edge (past 2^63, back to 100, the previous time
 * minus one); a definition record written twice (two definitions of one
 * location, region or string); a short run copied or cut.  Text files and
 * a share of the OTF2 ones go to libFuzzer's own mutations (with the
 * dictionary), limited to the section.  Now and then a whole section is
 * written twice, dropped or moved to another location. */
#include <stdint.h>
#include <string.h>

#include "chrono-fuzz-sections.h"

size_t LLVMFuzzerMutate (uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator (uint8_t *data, size_t size, size_t max_size, unsigned int seed);

/* OTF2's chunk header: type, endianness, first and last event number. */
#define CHUNK_HEADER 18
/* the anchor: 03, endianness, "OTF2\0" */
#define ANCHOR_MAGIC 7
#define OTF2_TIMESTAMP_RECORD 0x05

typedef struct {
  guint64 state;
} Random;

static guint64
next (Random *r)
{
  /* splitmix64: the seed libFuzzer gives decides everything */
  guint64 z = (r->state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static gsize
below (Random *r, gsize n)
{
  return n == 0 ? 0 : (gsize) (next (r) % n);
}

/* ---- a section's bytes, growable up to a limit */

typedef struct {
  guint8 *data;
  gsize length, capacity;
} Buffer;

static void
replace (Buffer *b, gsize at, gsize removed, const guint8 *bytes, gsize added)
{
  if (at > b->length)
    at = b->length;
  removed = MIN (removed, b->length - at);
  if (b->length - removed + added > b->capacity)
    return;
  memmove (b->data + at + added, b->data + at + removed, b->length - at - removed);
  if (added > 0)
    memcpy (b->data + at, bytes, added);
  b->length = b->length - removed + added;
}

static gsize
records_start (ChronoFuzzFileKind file, gsize length, Random *r)
{
  gsize header = file == CHRONO_FUZZ_OTF2_ANCHOR ? ANCHOR_MAGIC : CHUNK_HEADER;
  /* the header itself, now and then */
  return below (r, 10) == 0 || length <= header ? 0 : header;
}

static void
flip_bits (Buffer *b, gsize start, Random *r)
{
  guint flips = 1 + (guint) below (r, 3);
  for (guint i = 0; i < flips && b->length > start; i++)
    b->data[start + below (r, b->length - start)] ^= (guint8) (1u << below (r, 8));
}

/* OTF2's compressed integers: a byte counting the value's bytes, then
 * them, least significant first; 0xFF alone is the undefined value. */
static gsize
encode_compressed (guint64 value, guint8 *out)
{
  if (value == G_MAXUINT64 || value == G_MAXUINT32)
    {
      out[0] = 0xff;
      return 1;
    }
  guint n = 0;
  for (guint64 v = value; v != 0; v >>= 8)
    n++;
  out[0] = (guint8) n;
  for (guint i = 0; i < n; i++)
    out[1 + i] = (guint8) (value >> (8 * i));
  return 1 + n;
}

static void
edge_compressed (Buffer *b, gsize start, Random *r)
{
  static const guint64 edges[] = { G_MAXUINT32,     0x04000000u,       0xfffffffeu,        0, 1, 255, 256, 0x7fffffffu,
                                   G_MAXUINT64 - 1, (guint64) 1 << 63, 0x8000000000000010u };
  if (b->length <= start)
    return;
  gsize at = start + below (r, b->length - start);
  /* the integer there, when the byte there can start one */
  gsize old = b->data[at] >= 1 && b->data[at] <= 8 && at + b->data[at] < b->length ? 1u + b->data[at] : 1;
  guint8 bytes[9];
  gsize n = encode_compressed (edges[below (r, G_N_ELEMENTS (edges))], bytes);
  replace (b, at, old, bytes, n);
}

static guint64
read_u64 (const guint8 *p)
{
  guint64 v = 0;
  for (guint i = 0; i < 8; i++)
    v |= (guint64) p[i] << (8 * i);
  return v;
}

/* A timestamp record (05, then eight bytes) of an event file given an
 * edge: across 2^63, back before the previous one, the ends. */
static void
edge_timestamp (Buffer *b, gsize start, Random *r)
{
  if (b->length < start + 9)
    return;
  gsize from = start + below (r, b->length - start - 8);
  gsize at = G_MAXSIZE, previous = G_MAXSIZE;
  for (gsize i = start; i + 9 <= b->length; i++)
    if (b->data[i] == OTF2_TIMESTAMP_RECORD)
      {
        if (i >= from)
          {
            at = i;
            break;
          }
        previous = i;
      }
  if (at == G_MAXSIZE)
    return;
  guint64 now = read_u64 (b->data + at + 1);
  guint64 before = previous != G_MAXSIZE ? read_u64 (b->data + previous + 1) : now;
  guint64 choices[] = {
    0x8000000000000010u,       100,    0, G_MAXUINT64, G_MAXINT64, now ^ ((guint64) 1 << 63), before - 1,
    now + ((guint64) 1 << 62), now - 1
  };
  guint64 t = choices[below (r, G_N_ELEMENTS (choices))];
  for (guint i = 0; i < 8; i++)
    b->data[at + 1 + i] = (guint8) (t >> (8 * i));
}

/* A definition record (type, length: one byte or 0xFF and eight, payload)
 * written a second time right after itself. */
static void
repeat_definition (Buffer *b, gsize start, Random *r)
{
  gsize records[64][2];
  guint n = 0;
  for (gsize at = MAX (start, (gsize) CHUNK_HEADER); at + 2 <= b->length && n < G_N_ELEMENTS (records);)
    {
      if (b->data[at] <= 0x02) /* the ends of a chunk and of the file */
        break;
      guint64 length = b->data[at + 1];
      gsize header = 2;
      if (length == 0xff)
        {
          if (at + 10 > b->length)
            break;
          length = read_u64 (b->data + at + 2);
          header = 10;
        }
      if (length > b->length - at - header)
        break;
      records[n][0] = at;
      records[n][1] = header + (gsize) length;
      n++;
      at += header + (gsize) length;
    }
  if (n == 0)
    return;
  guint k = (guint) below (r, n);
  g_autofree guint8 *copy = g_memdup2 (b->data + records[k][0], records[k][1]);
  replace (b, records[k][0] + records[k][1], 0, copy, records[k][1]);
}

static void
copy_run (Buffer *b, gsize start, Random *r)
{
  if (b->length <= start)
    return;
  gsize from = start + below (r, b->length - start);
  gsize length = 1 + below (r, MIN ((gsize) 48, b->length - from));
  gsize to = start + below (r, b->length - start + 1);
  g_autofree guint8 *copy = g_memdup2 (b->data + from, length);
  replace (b, to, 0, copy, length);
}

static void
cut_run (Buffer *b, gsize start, Random *r)
{
  if (b->length <= start)
    return;
  gsize at = start + below (r, b->length - start);
  replace (b, at, 1 + below (r, MIN ((gsize) 16, b->length - at)), NULL, 0);
}

static void
mutate_section (Buffer *b, ChronoFuzzFileKind file, Random *r)
{
  gboolean otf2 = file <= CHRONO_FUZZ_OTF2_LOCAL_EVT;
  guint choice = otf2 ? (guint) below (r, 100) : 0;
  gsize start = otf2 ? records_start (file, b->length, r) : 0;
  if (choice < 25)
    {
      /* libFuzzer's own, on the section alone */
      gsize keep = MIN (start, b->length);
      b->length = keep + LLVMFuzzerMutate (b->data + keep, b->length - keep, b->capacity - keep);
    }
  else if (choice < 45)
    flip_bits (b, start, r);
  else if (choice < 62)
    edge_compressed (b, start, r);
  else if (choice < 75 && file == CHRONO_FUZZ_OTF2_LOCAL_EVT)
    edge_timestamp (b, start, r);
  else if (choice < 85 && (file == CHRONO_FUZZ_OTF2_GLOBAL_DEF || file == CHRONO_FUZZ_OTF2_LOCAL_DEF))
    repeat_definition (b, start, r);
  else if (choice < 93)
    copy_run (b, start, r);
  else
    cut_run (b, start, r);
}

/* ---- whole sections */

static guint
mutate_sections (ChronoFuzzSection *sections, guint n, Random *r)
{
  guint k = (guint) below (r, n);
  switch (below (r, 3))
    {
    case 0: /* written twice */
      if (n < CHRONO_FUZZ_MAX_SECTIONS)
        {
          memmove (&sections[k + 1], &sections[k], (n - k) * sizeof sections[0]);
          return n + 1;
        }
      return n;
    case 1: /* dropped */
      if (n > 1)
        {
          memmove (&sections[k], &sections[k + 1], (n - k - 1) * sizeof sections[0]);
          return n - 1;
        }
      return n;
    default: /* a location's file given another's id, or one far out */
      if (chrono_fuzz_kind_has_location (sections[k].kind))
        sections[k].location = below (r, 2) ? sections[below (r, n)].location : next (r);
      return n;
    }
}

size_t
LLVMFuzzerCustomMutator (uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
  ChronoFuzzSection sections[CHRONO_FUZZ_MAX_SECTIONS];
  guint n = chrono_fuzz_sections_parse (data, size, sections);
  if (n == 0)
    return LLVMFuzzerMutate (data, size, max_size);
  Random r = { seed };
  g_autofree guint8 *bytes = NULL;
  if (below (&r, 10) == 0)
    n = mutate_sections (sections, n, &r);
  else
    {
      guint k = (guint) below (&r, n);
      /* the anchor less often: libotf2 refuses most changes to it at once */
      if (chrono_fuzz_section_file (&sections[k]) == CHRONO_FUZZ_OTF2_ANCHOR && below (&r, 4) != 0)
        k = (guint) below (&r, n);
      g_autoptr (GByteArray) framed = chrono_fuzz_sections_write (sections, n);
      gsize others = framed->len - sections[k].length;
      if (others >= max_size)
        return LLVMFuzzerMutate (data, size, max_size);
      Buffer b = { g_malloc (max_size - others), sections[k].length, max_size - others };
      memcpy (b.data, sections[k].data, b.length);
      mutate_section (&b, chrono_fuzz_section_file (&sections[k]), &r);
      bytes = b.data;
      sections[k].data = b.data;
      sections[k].length = b.length;
    }
  g_autoptr (GByteArray) out = chrono_fuzz_sections_write (sections, n);
  if (out->len > max_size)
    return LLVMFuzzerMutate (data, size, max_size);
  memcpy (data, out->data, out->len);
  return out->len;
}
