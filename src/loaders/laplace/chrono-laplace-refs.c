/* chrono-laplace-refs.c — binary and text reference records. */
#include "chrono-laplace-refs.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chrono-input.h"
#include "chrono-loader.h"

/* Records looked at to decide the byte order. */
#define ORDER_SAMPLE 64

static guint64
read_uint (const guint8 *p, guint size, gboolean big_endian)
{
  guint64 value = 0;
  for (guint i = 0; i < size; i++)
    value |= (guint64) p[big_endian ? i : size - 1 - i] << (8 * (size - 1 - i));
  return value;
}

static void
write_uint (guint8 *p, guint size, guint64 value, gboolean big_endian)
{
  for (guint i = 0; i < size; i++)
    p[big_endian ? size - 1 - i : i] = (guint8) (value >> (8 * i));
}

void
chrono_laplace_record_decode (const guint8 *bytes, gboolean big_endian, ChronoLaplaceRecord *out)
{
  out->type = bytes[0];
  out->timestamp = read_uint (bytes + 1, 8, big_endian);
  out->length = bytes[9];
  out->space = (guint32) read_uint (bytes + 10, 4, big_endian);
  out->address = (guint32) read_uint (bytes + 14, 4, big_endian);
}

void
chrono_laplace_record_encode (const ChronoLaplaceRecord *record, gboolean big_endian, guint8 *bytes)
{
  bytes[0] = record->type;
  write_uint (bytes + 1, 8, record->timestamp, big_endian);
  bytes[9] = record->length;
  write_uint (bytes + 10, 4, record->space, big_endian);
  write_uint (bytes + 14, 4, record->address, big_endian);
}

ChronoRefChannel
chrono_laplace_channel_of (guint8 type)
{
  switch (type)
    {
    case 'r':
    case 'R': return CHRONO_REF_LOAD;
    case 'w':
    case 'W': return CHRONO_REF_STORE;
    case 'i':
    case 'I':
    case 'x':
    case 'X':
    case 'f': return CHRONO_REF_FETCH;
    default: return CHRONO_REF_OTHER;
    }
}

ChronoReference
chrono_laplace_reference_of (const ChronoLaplaceRecord *r)
{
  /* a counter past 2^63 is held at the model's last tick (the loader warns) */
  gint64 time = r->timestamp > (guint64) G_MAXINT64 ? G_MAXINT64 : (gint64) r->timestamp;
  return (ChronoReference){ .time = time,
                            .space = r->space,
                            .address = r->address,
                            .type = r->type,
                            .length = r->length,
                            .channel = chrono_laplace_channel_of (r->type) };
}

/* How often the timestamps decrease among the first records read in one
 * order, and how many cycles they span. */
static guint
count_decreases (const guint8 *head, guint n, gboolean big_endian, guint64 *span)
{
  guint decreases = 0;
  guint64 previous = 0, lowest = G_MAXUINT64, highest = 0;
  for (guint i = 0; i < n; i++)
    {
      guint64 t = read_uint (head + (gsize) i * CHRONO_LAPLACE_RECORD_SIZE + 1, 8, big_endian);
      if (i > 0 && t < previous)
        decreases++;
      previous = t;
      lowest = MIN (lowest, t);
      highest = MAX (highest, t);
    }
  *span = n > 0 ? highest - lowest : 0;
  return decreases;
}

gboolean
chrono_laplace_detect_big_endian (const guint8 *head, gsize length, gboolean *ambiguous)
{
  guint n = (guint) MIN (length / CHRONO_LAPLACE_RECORD_SIZE, ORDER_SAMPLE);
  guint64 span_le = 0, span_be = 0;
  guint down_le = count_decreases (head, n, FALSE, &span_le);
  guint down_be = count_decreases (head, n, TRUE, &span_be);
  if (down_le != down_be)
    {
      *ambiguous = FALSE;
      return down_be < down_le;
    }
  /* a counter read the wrong way round moves in its high bytes: a span
   * hundreds of times wider; spans alike leave the order a guess */
  guint64 narrow = MIN (span_le, span_be), wide = MAX (span_le, span_be);
  *ambiguous = narrow >= wide >> 8;
  return span_be < span_le;
}

/* A line of a text trace: a tag, a blank and a hex digit. */
static gboolean
starts_like_text_line (const guint8 *p, gsize length)
{
  return length >= 3 && (p[1] == ' ' || p[1] == '\t') && g_ascii_isxdigit (p[2]);
}

/* Every sampled record's type is a letter; how many records were sampled. */
static guint
sampled_types_are_valid (const guint8 *head, gsize length)
{
  guint n = (guint) MIN (length / CHRONO_LAPLACE_RECORD_SIZE, ORDER_SAMPLE);
  for (guint i = 0; i < n; i++)
    if (!chrono_laplace_type_is_valid (head[(gsize) i * CHRONO_LAPLACE_RECORD_SIZE]))
      return 0;
  return n;
}

gboolean
chrono_laplace_looks_binary (const guint8 *head, gsize length)
{
  guint n = sampled_types_are_valid (head, length);
  if (n == 0)
    return FALSE;
  for (gsize b = 0; b < (gsize) n * CHRONO_LAPLACE_RECORD_SIZE; b++)
    if (head[b] < 0x20 && head[b] != '\n' && head[b] != '\t' && head[b] != '\r')
      return TRUE;
  /* records of printable bytes only (timestamps, spaces and addresses whose
   * bytes all are letters or digits) hold no line break, and do not begin
   * as a text record does */
  return memchr (head, '\n', MIN (length, (gsize) n * CHRONO_LAPLACE_RECORD_SIZE)) == NULL
         && memchr (head, '\r', MIN (length, (gsize) n * CHRONO_LAPLACE_RECORD_SIZE)) == NULL
         && !starts_like_text_line (head, length);
}

/* The first line of head is a reference line text could convert. */
static gboolean
first_line_is_reference (const guint8 *head, gsize length)
{
  const guint8 *newline = memchr (head, '\n', length);
  gsize n = newline ? (gsize) (newline - head) : length;
  if (n > 0 && head[n - 1] == '\r')
    n--;
  ChronoLaplaceRecord r;
  return n >= 3 && head[1] == ' ' && chrono_laplace_parse_reference_fields ((const char *) head + 1, n - 1, &r);
}

gboolean
chrono_laplace_is_binary_file (const char *path, ChronoLaplaceByteOrder order)
{
  guint8 head[CHRONO_SNIFF_HEAD_SIZE];
  gssize n = chrono_read_head (path, head, sizeof head, NULL);
  if (n <= 0)
    return FALSE;
  if (chrono_laplace_looks_binary (head, (gsize) n))
    return TRUE;
  return order != CHRONO_LAPLACE_AUTO_ORDER && sampled_types_are_valid (head, (gsize) n) > 0
         && !first_line_is_reference (head, (gsize) n);
}

/* ---- a binary file read on demand */

typedef struct {
  int fd;
  char *path;
  gboolean big_endian;
  guint64 n_records;
} BinaryFile;

static void
binary_file_free (gpointer data)
{
  BinaryFile *file = data;
  chrono_input_close_descriptor (file->fd);
  g_free (file->path);
  g_free (file);
}

/* The records are read into the end of out and decoded from the front: a
 * decoded reference is at least as big as a record, so the one written
 * never reaches a record still to decode, and a read allocates nothing
 * (1 MiB a batch, mapped and unmapped each time, had slowed big reads by
 * a fifth). */
G_STATIC_ASSERT (sizeof (ChronoReference) >= CHRONO_LAPLACE_RECORD_SIZE);

static gboolean
binary_file_read (gpointer data, guint64 first, guint n, ChronoReference *out, GError **error)
{
  BinaryFile *file = data;
  gsize size = (gsize) n * CHRONO_LAPLACE_RECORD_SIZE;
  guint8 *bytes = (guint8 *) out + (gsize) n * sizeof (ChronoReference) - size;
  gsize done = 0;
  while (done < size)
    {
      ssize_t got = pread (file->fd, bytes + done, size - done, (off_t) (first * CHRONO_LAPLACE_RECORD_SIZE + done));
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        {
          /* the file shrank under us: an error, never a wrong picture */
          g_set_error (error, G_IO_ERROR, got < 0 ? g_io_error_from_errno (errno) : G_IO_ERROR_PARTIAL_INPUT,
                       "%s: record %" G_GUINT64_FORMAT ": %s", file->path,
                       first + done / CHRONO_LAPLACE_RECORD_SIZE + 1,
                       got < 0 ? g_strerror (errno) : "the file is shorter than when it was opened");
          return FALSE;
        }
      done += (gsize) got;
    }
  for (guint i = 0; i < n; i++)
    {
      guint8 record[CHRONO_LAPLACE_RECORD_SIZE];
      memcpy (record, bytes + (gsize) i * CHRONO_LAPLACE_RECORD_SIZE, sizeof record);
      ChronoLaplaceRecord r;
      chrono_laplace_record_decode (record, file->big_endian, &r);
      out[i] = chrono_laplace_reference_of (&r);
    }
  return TRUE;
}

static const ChronoReferenceSourceFuncs binary_file_funcs = { binary_file_read, binary_file_free };

ChronoReferences *
chrono_laplace_open_binary (const char *path, ChronoLaplaceByteOrder order, ChronoLaplaceBinaryFacts *facts,
                            GError **error)
{
  int fd = chrono_input_open_descriptor (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  struct stat st;
  if (fd < 0 || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      int saved = fd < 0 ? errno : (S_ISREG (st.st_mode) ? errno : EINVAL);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", path,
                   saved == EINVAL ? "not a regular file" : g_strerror (saved));
      if (fd >= 0)
        chrono_input_close_descriptor (fd);
      return NULL;
    }
  guint8 head[ORDER_SAMPLE * CHRONO_LAPLACE_RECORD_SIZE];
  ssize_t got = pread (fd, head, sizeof head, 0);
  gboolean ambiguous = FALSE;
  gboolean detected_big = got > 0 && chrono_laplace_detect_big_endian (head, (gsize) got, &ambiguous);
  facts->detected_big_endian = detected_big;
  facts->big_endian = order == CHRONO_LAPLACE_AUTO_ORDER ? detected_big : order == CHRONO_LAPLACE_BIG_ENDIAN;
  facts->guessed = order == CHRONO_LAPLACE_AUTO_ORDER && ambiguous && got >= CHRONO_LAPLACE_RECORD_SIZE;
  facts->trailing_bytes = (guint64) st.st_size % CHRONO_LAPLACE_RECORD_SIZE;
  BinaryFile *file = g_new0 (BinaryFile, 1);
  file->fd = fd;
  file->path = g_strdup (path);
  file->big_endian = facts->big_endian;
  file->n_records = (guint64) st.st_size / CHRONO_LAPLACE_RECORD_SIZE;
  return chrono_references_new (&binary_file_funcs, file, file->n_records);
}

/* ---- text */

static gboolean
parse_hex (const char **p, const char *end, guint64 max, guint64 *out)
{
  while (*p < end && (**p == ' ' || **p == '\t'))
    (*p)++;
  guint64 value = 0;
  const char *start = *p;
  while (*p < end && g_ascii_isxdigit (**p))
    {
      guint digit = (guint) g_ascii_xdigit_value (**p);
      if (value > (max - digit) / 16)
        return FALSE;
      value = value * 16 + digit;
      (*p)++;
    }
  *out = value;
  return *p > start && (*p == end || **p == ' ' || **p == '\t');
}

gboolean
chrono_laplace_parse_reference_fields (const char *text, gsize length, ChronoLaplaceRecord *out)
{
  const char *p = text, *end = text + length;
  guint64 timestamp, len, space, address;
  if (!parse_hex (&p, end, G_MAXUINT64, &timestamp) || !parse_hex (&p, end, G_MAXUINT8, &len)
      || !parse_hex (&p, end, G_MAXUINT32, &space) || !parse_hex (&p, end, G_MAXUINT32, &address))
    return FALSE;
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  if (p != end)
    return FALSE;
  out->timestamp = timestamp;
  out->length = (guint8) len;
  out->space = (guint32) space;
  out->address = (guint32) address;
  return TRUE;
}

char *
chrono_laplace_reference_fault (const char *text, gsize length)
{
  static const char *const names[] = { "timestamp", "length", "address space", "address" };
  static const guint bits[] = { 64, 8, 32, 32 };
  g_autofree char *copy = g_strndup (text, length);
  g_auto (GStrv) split = g_strsplit_set (g_strstrip (copy), " \t\r", -1);
  /* the fields, runs of blanks being one separator: pointers into split, which owns them */
  const char *fields[G_N_ELEMENTS (names)];
  guint n = 0;
  for (guint i = 0; split[i] != NULL; i++)
    if (*split[i] != '\0')
      {
        if (n < G_N_ELEMENTS (names))
          fields[n] = split[i];
        n++;
      }
  if (n != G_N_ELEMENTS (names))
    return g_strdup_printf ("a reference has 4 fields after its type (timestamp, length, address space, address), "
                            "this line %u",
                            n);
  for (guint i = 0; i < n; i++)
    {
      const char *field = fields[i];
      guint digits = 0;
      while (field[digits] != '\0' && g_ascii_isxdigit (field[digits]))
        digits++;
      if (field[digits] != '\0')
        return g_strdup_printf ("the %s “%s” is not a hex number (hex digits, no sign, no 0x)", names[i], field);
      while (*field == '0' && field[1] != '\0')
        field++;
      /* every width is whole hex digits: too many significant digits is too wide */
      if (strlen (field) > bits[i] / 4)
        return g_strdup_printf ("the %s %s is wider than its %u bits", names[i], field, bits[i]);
    }
  return NULL;
}

void
chrono_laplace_append_text (GString *out, const ChronoLaplaceRecord *r)
{
  g_string_append_printf (out, "%c %016" G_GINT64_MODIFIER "x %x %x %x\n", r->type, r->timestamp, r->length, r->space,
                          r->address);
}
