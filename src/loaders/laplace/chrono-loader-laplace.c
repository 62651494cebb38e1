/* chrono-loader-laplace.c — Laplace traces: the simulator's memory
 * references (binary or text) and the kernel's events, on one cycle clock.
 *
 * A binary reference file is never read whole: its records are read by
 * index from the file (the references' own overview pass, then on demand).
 * Text files (references, kernel events, or both) are read line by line; a
 * big one (the "lazy" option) keeps only where every K-th reference line
 * starts, and its references are read from the file on demand like a
 * binary file's.  A reference trace brings the kernel trace of its run
 * along when one lies beside it (same stem, .kern or .kernel). */
#include "chrono-loader-laplace.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <string.h>

#include "chrono-input.h"
#include "chrono-laplace-convert.h"
#include "chrono-laplace-kernel.h"
#include "chrono-laplace-refs.h"
#include "chrono-laplace-report.h"
#include "chrono-laplace-text-source.h"
#include "chrono-loader.h"

/* What reading a file gave. */
typedef struct {
  ChronoTrace *trace;
  const char *path; /* the file being read (a companion's, while reading it) */
  GArray *references; /* ChronoReference read from text, or NULL */
  GArray *records; /* ChronoLaplaceKernelRecord, or NULL before any kernel file was read */
  ChronoReferences *refs; /* of the binary or indexed text file, or made of `references` at the end */
  /* the text file being read is indexed, its references left in the file */
  gboolean indexing;
  ChronoLaplaceTextIndex index;
  gboolean text_lazy; /* refs is the indexed text file's */
  guint64 line_offset; /* where the line being read starts */
  guint64 line;
  guint64 unknown_tags;
  /* the file being read is a kernel trace: only the reference tags of its
   * tag table (r R w W) are references, any other unknown tag is a mark */
  gboolean kernel_role;
} LaplaceRead;

static void
laplace_read_clear (LaplaceRead *r)
{
  g_clear_pointer (&r->references, g_array_unref);
  g_clear_pointer (&r->records, g_array_unref);
  g_clear_object (&r->refs);
  chrono_laplace_text_index_clear (&r->index);
}

static void
warn (LaplaceRead *r, const char *reason, const char *detail)
{
  chrono_warnings_add (chrono_trace_get_warnings (r->trace), r->line, reason, "%s: line %" G_GUINT64_FORMAT ": %s",
                       r->path, r->line, detail);
}

/* ---- the clock */

static void
set_clock (ChronoTrace *trace)
{
  ChronoClock clock;
  gint64 hertz = 0;
  const char *frequency = chrono_trace_get_option (trace, "frequency");
  if (frequency != NULL && *frequency && chrono_parse_frequency (frequency, &hertz, NULL))
    chrono_clock_init (&clock, hertz);
  else
    chrono_clock_init_cycles (&clock);
  chrono_trace_set_clock (trace, &clock);
}

/* ---- text lines: a reference, a kernel record, or another tag */

/* The hex timestamp after the tag; FALSE with a reason. */
static gboolean
parse_timestamp (const char **p, const char *end, guint64 *out, const char **reason)
{
  while (*p < end && (**p == ' ' || **p == '\t'))
    (*p)++;
  const char *start = *p;
  guint64 value = 0;
  *reason = "not a tag and a hex timestamp";
  while (*p < end && g_ascii_isxdigit (**p))
    {
      if (value > G_MAXUINT64 >> 4)
        {
          *reason = "the timestamp is longer than 64 bits";
          return FALSE;
        }
      value = value << 4 | (guint64) g_ascii_xdigit_value (*(*p)++);
    }
  *out = value;
  return *p > start && (*p == end || **p == ' ' || **p == '\t');
}

static void
add_reference (LaplaceRead *r, const ChronoLaplaceRecord *record)
{
  chrono_trace_include_time (r->trace, (gint64) record->timestamp);
  if (r->indexing)
    {
      chrono_laplace_text_index_add (&r->index, r->line_offset, record->timestamp);
      return;
    }
  if (r->references == NULL)
    r->references = g_array_new (FALSE, FALSE, sizeof (ChronoReference));
  ChronoReference ref = chrono_laplace_reference_of (record);
  g_array_append_val (r->references, ref);
}

static void
add_kernel_record (LaplaceRead *r, ChronoLaplaceKernelRecord *record)
{
  if (r->records == NULL)
    r->records = g_array_new (FALSE, FALSE, sizeof (ChronoLaplaceKernelRecord));
  g_array_append_val (r->records, *record);
}

static void
read_line (LaplaceRead *r, const char *line, gsize length)
{
  /* references first, by the test the reader on demand makes of each line */
  ChronoLaplaceRecord reference;
  if (chrono_laplace_text_reference (line, length, r->kernel_role, &reference))
    {
      add_reference (r, &reference);
      return;
    }
  const char *end = line + length;
  while (end > line && (end[-1] == '\r' || end[-1] == ' ' || end[-1] == '\t'))
    end--;
  if (end == line)
    return;
  if (memchr (line, '\0', (gsize) (end - line)) != NULL)
    {
      warn (r, "nul byte", "a NUL byte in the line; it is skipped");
      return;
    }
  char tag = line[0];
  const char *p = line + 1;
  if ((p == end || *p == ' ' || *p == '\t') && chrono_laplace_text_is_reference_tag (tag, r->kernel_role))
    {
      /* a line of a reference's type is a reference or a mistake, never a mark */
      g_autofree char *fault = chrono_laplace_reference_fault (p, (gsize) (end - p));
      if (fault != NULL)
        {
          warn (r, "not a reference", fault);
          return;
        }
    }
  guint64 timestamp;
  const char *why = "not a tag and a hex timestamp";
  if ((p < end && *p != ' ' && *p != '\t') || !parse_timestamp (&p, end, &timestamp, &why))
    {
      warn (r, "not a record", why);
      return;
    }
  if (timestamp > (guint64) G_MAXINT64)
    {
      warn (r, "out of range", "the timestamp is past 2^63 cycles; the line is skipped");
      return;
    }
  chrono_trace_include_time (r->trace, (gint64) timestamp);
  const ChronoLaplaceTag *kernel_tag = chrono_laplace_tag_find (tag);
  ChronoLaplaceKernelRecord record = { .time = (gint64) timestamp, .line = r->line, .tag = tag };
  const char *reason = NULL;
  if (kernel_tag != NULL
      && !chrono_laplace_kernel_parse_fields (kernel_tag, p, (gsize) (end - p), chrono_trace_get_strings (r->trace),
                                              &record, &reason))
    {
      g_autofree char *detail = g_strdup_printf ("%c record: %s", tag, reason);
      warn (r, "bad fields", detail);
      return;
    }
  if (kernel_tag == NULL)
    r->unknown_tags++; /* a tag of no known record: a mark on the kernel lane */
  add_kernel_record (r, &record);
}

static const char *const kernel_suffixes[] = { ".kern", ".kernel", NULL };

/* A kernel trace by its name, or by its first lines: mostly tags of kernel records. */
static gboolean
is_kernel_trace (const char *path)
{
  for (guint k = 0; kernel_suffixes[k] != NULL; k++)
    if (g_str_has_suffix (path, kernel_suffixes[k]))
      return TRUE;
  char head[CHRONO_SNIFF_HEAD_SIZE];
  gssize n = chrono_read_head (path, (guint8 *) head, sizeof head, NULL);
  guint kernel = 0, other = 0;
  for (const char *p = head; n > 0 && p < head + n;)
    {
      const char *newline = memchr (p, '\n', (gsize) (head + n - p));
      if (p[0] != '\n' && p[0] != '\r')
        {
          if (chrono_laplace_tag_find (p[0]) != NULL)
            kernel++;
          else
            other++;
        }
      p = newline ? newline + 1 : head + n;
    }
  return kernel > other;
}

/* A big plain text file is indexed (the "lazy" option); a gzipped one has
 * no place to read from on demand, it is read whole. */
static gboolean
wants_index (ChronoTrace *trace, ChronoInput *input)
{
  const char *lazy = chrono_trace_get_option (trace, "lazy");
  if (chrono_input_is_compressed (input) || g_strcmp0 (lazy, "never") == 0)
    return FALSE;
  return g_strcmp0 (lazy, "always") == 0 || chrono_input_get_file_size (input) >= CHRONO_LAZY_MIN_SIZE;
}

/* The indexed file's references, read on demand from now on. */
static gboolean
open_indexed (LaplaceRead *r, const char *path, gboolean cr_only, GError **error)
{
  r->indexing = FALSE;
  if (r->index.n_records == 0)
    return TRUE;
  /* "chunk-size" (for tests) makes the reads small, so lines cross their ends */
  const char *chunk_size = chrono_trace_get_option (r->trace, "chunk-size");
  gsize block_size = chunk_size ? (gsize) g_ascii_strtoull (chunk_size, NULL, 10) : 0;
  r->refs = chrono_laplace_text_open (path, &r->index, r->kernel_role, cr_only, block_size, error);
  r->text_lazy = r->refs != NULL;
  return r->refs != NULL;
}

/* may_index: the file is the trace opened (not the kernel trace beside it). */
static gboolean
read_text_file (LaplaceRead *r, const char *path, gboolean may_index, ChronoProgressFunc progress,
                gpointer progress_data, GCancellable *cancellable, GError **error)
{
  g_autoptr (GError) local = NULL;
  ChronoInput *input = chrono_input_open_for_loader (path, error);
  if (input == NULL)
    return FALSE;
  gboolean cr_only = chrono_text_file_has_cr_line_ends (path);
  const char *data;
  gsize length;
  guint64 offset;
  r->path = path;
  r->line = 0;
  r->kernel_role = is_kernel_trace (path);
  r->indexing = may_index && wants_index (r->trace, input);
  if (r->indexing)
    chrono_laplace_text_index_init (&r->index, CHRONO_LAPLACE_TEXT_STRIDE);
  guint64 size = MAX (chrono_input_get_file_size (input), 1);
  while (chrono_input_next_block (input, &data, &length, &offset, cancellable, &local))
    {
      if (cr_only)
        chrono_text_cr_to_lf ((guint8 *) data, length);
      const char *p = data, *stop = data + length;
      while (p < stop)
        {
          const char *newline = memchr (p, '\n', (gsize) (stop - p));
          const char *line_end = newline ? newline : stop;
          r->line++;
          r->line_offset = offset + (guint64) (p - data);
          read_line (r, p, (gsize) (line_end - p));
          p = newline ? newline + 1 : stop;
        }
      if (progress != NULL)
        progress (MIN (1.0, (double) chrono_input_get_compressed_offset (input) / (double) size), progress_data);
    }
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      chrono_input_free (input);
      return FALSE;
    }
  chrono_input_add_warnings (input, chrono_trace_get_warnings (r->trace));
  chrono_input_free (input);
  return !r->indexing || open_indexed (r, path, cr_only, error);
}

/* ---- a binary reference file */

static ChronoLaplaceByteOrder
byte_order_option (ChronoTrace *trace)
{
  const char *order = chrono_trace_get_option (trace, "byte-order");
  if (order != NULL && strcmp (order, "little") == 0)
    return CHRONO_LAPLACE_LITTLE_ENDIAN;
  if (order != NULL && strcmp (order, "big") == 0)
    return CHRONO_LAPLACE_BIG_ENDIAN;
  return CHRONO_LAPLACE_AUTO_ORDER;
}

static gboolean
open_binary (LaplaceRead *r, const char *path, GError **error)
{
  ChronoLaplaceBinaryFacts facts;
  r->refs = chrono_laplace_open_binary (path, byte_order_option (r->trace), &facts, error);
  if (r->refs == NULL)
    return FALSE;
  const char *order = facts.big_endian ? "big-endian" : "little-endian";
  chrono_trace_add_metadata (r->trace, "byte order", order);
  ChronoWarnings *warnings = chrono_trace_get_warnings (r->trace);
  if (facts.guessed)
    chrono_warnings_add (warnings, 0, "byte order guessed",
                         "%s: the byte order is a guess (%s): the first records' timestamps do not tell it; give "
                         "--byte-order little or big",
                         path, order);
  if (facts.trailing_bytes > 0)
    chrono_warnings_add (warnings, 0, "truncated record",
                         "%s: the last record is cut off after %" G_GUINT64_FORMAT " of %d bytes; it is left out", path,
                         facts.trailing_bytes, CHRONO_LAPLACE_RECORD_SIZE);
  return TRUE;
}

/* ---- the kernel trace beside a reference trace */

static const char *const reference_suffixes[] = { ".ref.txt", ".ref", ".txt", ".bin", ".raw", NULL };

/* The kernel trace of the same run, or NULL. */
static char *
find_kernel_trace (const char *path)
{
  for (guint i = 0; reference_suffixes[i] != NULL; i++)
    {
      if (!g_str_has_suffix (path, reference_suffixes[i]))
        continue;
      g_autofree char *stem = g_strndup (path, strlen (path) - strlen (reference_suffixes[i]));
      for (guint k = 0; kernel_suffixes[k] != NULL; k++)
        {
          g_autofree char *candidate = g_strconcat (stem, kernel_suffixes[k], NULL);
          if (g_file_test (candidate, G_FILE_TEST_IS_REGULAR))
            return g_steal_pointer (&candidate);
        }
      return NULL;
    }
  return NULL;
}

/* ---- after reading */

/* The indexed file's references read into memory after all, where the
 * model sorts them by time (with the kernel trace's own references after
 * them, as a whole read gives them): what a file out of order needs, since
 * times are found by binary search. */
static gboolean
read_into_memory (LaplaceRead *r, GError **error)
{
  enum { BATCH = 65536 };
  guint64 n = chrono_references_get_n (r->refs);
  guint extra = r->references ? r->references->len : 0;
  GArray *all = g_array_sized_new (FALSE, FALSE, sizeof (ChronoReference), (guint) (n + extra));
  g_array_set_size (all, (guint) n);
  for (guint64 at = 0; at < n; at += BATCH)
    if (!chrono_references_read (r->refs, at, (guint) MIN ((guint64) BATCH, n - at),
                                 &g_array_index (all, ChronoReference, at), error))
      {
        g_array_unref (all);
        return FALSE;
      }
  if (extra > 0)
    g_array_append_vals (all, r->references->data, extra);
  g_clear_pointer (&r->references, g_array_unref);
  g_clear_object (&r->refs);
  r->references = all;
  r->text_lazy = FALSE;
  return TRUE;
}

static gboolean
summarize_references (LaplaceRead *r, ChronoProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                      GError **error)
{
  if (r->text_lazy && (!r->index.in_order || r->references != NULL) && !read_into_memory (r, error))
    return FALSE;
  if (r->refs == NULL && r->references != NULL)
    r->refs = chrono_references_new_in_memory (g_steal_pointer (&r->references));
  else if (r->references != NULL)
    {
      /* a binary trace is read in place: the text beside it cannot join its records */
      chrono_warnings_add (chrono_trace_get_warnings (r->trace), 0, "references left out",
                           "%s: the kernel trace beside it holds %u reference records; they are left out (the "
                           "references of this run are the binary trace's)",
                           r->path, r->references->len);
      g_clear_pointer (&r->references, g_array_unref);
    }
  if (r->refs == NULL)
    return TRUE;
  if (!chrono_references_build_summary (r->refs, progress, progress_data, cancellable, error))
    return FALSE;
  gint64 begin, end;
  if (chrono_references_get_range (r->refs, &begin, &end))
    {
      chrono_trace_include_time (r->trace, begin);
      chrono_trace_include_time (r->trace, end);
      if (end == G_MAXINT64)
        chrono_warnings_add (chrono_trace_get_warnings (r->trace), 0, "out of range",
                             "%s: timestamps past 2^63 cycles are shown at the last tick", r->path);
    }
  guint64 out_of_order = chrono_references_get_n_out_of_order (r->refs);
  if (out_of_order > 0)
    chrono_warnings_add (chrono_trace_get_warnings (r->trace), 0, "out of order",
                         "%s: %" G_GUINT64_FORMAT
                         " references are earlier than the one before them; times are found by "
                         "binary search, so those may be missed when zoomed in",
                         r->path, out_of_order);
  return TRUE;
}

static void
finish (LaplaceRead *r)
{
  ChronoTrace *trace = r->trace;
  gint64 end = chrono_trace_has_range (trace) ? chrono_trace_get_end (trace) : 0;
  if (r->records != NULL)
    chrono_laplace_kernel_sort (r->records);
  g_autoptr (GArray) none = g_array_new (FALSE, FALSE, sizeof (ChronoLaplaceKernelRecord));
  chrono_laplace_kernel_build_lanes (trace, r->records ? r->records : none, r->refs, end);
  guint64 n = (r->refs ? chrono_references_get_n (r->refs) : 0) + (r->records ? r->records->len : 0);
  chrono_trace_set_n_events (trace, n);
  chrono_trace_set_statistics (trace, chrono_laplace_report (trace, r->refs, r->records));
  if (r->unknown_tags > 0)
    chrono_trace_add_metadata (trace, "unknown tags", "shown as marks on the kernel lane");
}

static gboolean
laplace_load (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
              GCancellable *cancellable, GError **error)
{
  set_clock (trace);
  LaplaceRead r = { .trace = trace, .path = path };
  gboolean ok;
  if (chrono_laplace_is_binary_file (path, byte_order_option (trace)))
    ok = open_binary (&r, path, error);
  else
    ok = read_text_file (&r, path, TRUE, progress, progress_data, cancellable, error);
  /* a reference trace brings its run's kernel trace along */
  g_autofree char *kernel = ok && r.records == NULL ? find_kernel_trace (path) : NULL;
  if (kernel != NULL)
    {
      chrono_trace_add_metadata (trace, "kernel trace", kernel);
      ok = read_text_file (&r, kernel, FALSE, NULL, NULL, cancellable, error);
      r.path = path;
    }
  ok = ok && summarize_references (&r, progress, progress_data, cancellable, error);
  if (ok)
    finish (&r);
  laplace_read_clear (&r);
  return ok;
}

/* ---- sniffing */

/* A line "<tag> <hex> …": the shape of every Laplace text record. */
static gboolean
looks_like_record (const char *p, gsize length)
{
  if (length < 3 || !g_ascii_isgraph (p[0]) || p[1] != ' ')
    return FALSE;
  gsize i = 2;
  while (i < length && g_ascii_isxdigit (p[i]))
    i++;
  return i > 2 && (i == length || p[i] == ' ' || p[i] == '\r');
}

static int
laplace_sniff (const char *path, const char *head, gsize length)
{
  if (chrono_laplace_looks_binary ((const guint8 *) head, length))
    return 70;
  /* lines that end in a lone CR are read as lines, so they are told as lines */
  g_autofree char *lf_head = NULL;
  if (chrono_text_has_cr_line_ends ((const guint8 *) head, length))
    {
      head = lf_head = g_memdup2 (head, length);
      chrono_text_cr_to_lf ((guint8 *) lf_head, length);
    }
  guint records = 0, others = 0, references = 0;
  const char *p = head, *stop = head + length;
  while (p < stop && records + others < 40)
    {
      const char *newline = memchr (p, '\n', (gsize) (stop - p));
      if (newline == NULL && length >= CHRONO_SNIFF_HEAD_SIZE)
        break;
      const char *line_end = newline ? newline : stop;
      ChronoLaplaceRecord record;
      if (looks_like_record (p, (gsize) (line_end - p)))
        {
          records++;
          references += chrono_laplace_parse_reference_fields (p + 1, (gsize) (line_end - p - 1), &record);
        }
      else if (line_end > p)
        others++;
      p = newline ? newline + 1 : stop;
    }
  gboolean named = g_str_has_suffix (path, ".kern") || g_str_has_suffix (path, ".kernel")
                   || g_str_has_suffix (path, ".ref") || g_str_has_suffix (path, ".ref.txt");
  if (records == 0 || records < 4 * others)
    return 0;
  /* five hex fields a line is Laplace's own shape: every line so (TRACE's
   * records of one letter too, but none of them is five numbers alone) */
  if (references == records && others == 0)
    return named ? 85 : 75;
  if (references * 2 >= records)
    return named ? 80 : 60;
  return named ? 70 : 35;
}

/* ---- the loader table */

static const char *const laplace_globs[] = { "*.ref", "*.ref.txt", "*.kern", "*.kernel", NULL };

static const ChronoMimeType laplace_mime_types[] = {
  { .type = "application/x-laplace-trace",
    .comment = N_ ("Laplace memory reference trace"),
    .generic_icon = "application-x-generic",
    .globs = laplace_globs,
    .n_globs = 2 },
  { .type = "text/x-laplace-kernel-trace",
    .comment = N_ ("Laplace kernel event trace"),
    .sub_class_of = "text/plain",
    .generic_icon = "text-x-generic",
    .globs = laplace_globs + 2,
    .n_globs = 2 },
  { NULL },
};

static const char *const byte_order_values[] = { "auto", "little", "big", NULL };

static const ChronoLoaderOption laplace_options[] = {
  { .name = "byte-order",
    .flag = "byte-order",
    .type = CHRONO_OPTION_CHOICE,
    .values = byte_order_values,
    .default_value = "auto",
    .label = N_ ("_Byte order"),
    .default_label = N_ ("(detected)"),
    .description = N_ ("Laplace: byte order of binary reference records (the file does not say)"),
    .arg_description = N_ ("auto|little|big") },
  { .name = "frequency",
    .flag = "frequency",
    .type = CHRONO_OPTION_FREQUENCY,
    .label = N_ ("Clock _frequency"),
    .description = N_ ("Laplace: the simulated processor's clock, to show cycles as seconds (2.4GHz)"),
    .arg_description = N_ ("HZ") },
  { NULL },
};

const ChronoLoaderInfo chrono_loader_laplace = {
  .name = "laplace",
  .description = "Laplace",
  .mime_types = laplace_mime_types,
  .globs = laplace_globs,
  .sniff = laplace_sniff,
  .load = laplace_load,
  .convert = chrono_laplace_convert,
  .features = 0,
  .options = laplace_options,
};
