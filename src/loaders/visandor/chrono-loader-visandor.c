/* chrono-loader-visandor.c — reads VisAndOr traces of and/or-parallel
 * logic programs (&-Prolog, Ciao, MUSE, Aurora, Andorra-I).
 *
 * The first line is the parallelism flag (0 AND, 1 OR); then one event a
 * line, `timestamp code nodeid branches wamid agentid`, nodeid and wamid in
 * hexadecimal without 0x (../shared/research/visandor.md §2).  Producers pad
 * the timestamp and end lines with a space; some write more fields, which
 * are ignored.  The note's rules become warnings, never a refusal.  Lines
 * are read as blocks by the shared text driver (chrono-lazy-text.c), so big
 * files get the same index pass and on-demand chunks as BTF. */
#include <glib/gi18n-lib.h>

#include "chrono-loader-visandor.h"

#include <inttypes.h>
#include <string.h>

#include "chrono-input.h"
#include "chrono-lazy-text.h"
#include "chrono-text-number.h"
#include "chrono-visandor-machine.h"
#include "chrono-visandor-report.h"

typedef struct {
  ChronoTrace *trace;
  ChronoWarnings *warnings;
  ChronoVisandorMachine *machine;
  /* the reading thread's (digest), until the read is over; NULL when decoding a chunk */
  ChronoVisandorReport *report;
  gboolean report_first_line_read;
  const char *path;
  guint64 line;
  ChronoVisandorMode mode;
  gboolean first_line_read; /* the flag line, or a first event line instead */
  gboolean have_time;
  gint64 last_time;
  guint64 data_lines, good_lines;
  ChronoChunk chunk;
  GPtrArray *checkpoints; /* an index pass: the machine's state before each chunk */
  GArray *reader_states; /* ReaderState, with each checkpoint */
} VisandorReader;

/* What the reader carries from one chunk to the next. */
typedef struct {
  gboolean first_line_read;
  gboolean have_time;
  gint64 last_time;
} ReaderState;

/* ---- fields ------------------------------------------------------------------ */

static inline gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Up to max whitespace-separated fields of text (NUL-terminated in place);
 * returns how many there are, counting those past max. */
static int
split_fields (char *text, char **fields, int max)
{
  int n = 0;
  char *p = text;
  for (;;)
    {
      while (is_blank (*p))
        p++;
      if (*p == '\0')
        return n;
      char *start = p;
      while (*p != '\0' && !is_blank (*p))
        p++;
      if (n < max)
        fields[n] = start;
      n++;
      if (*p == '\0')
        return n;
      if (n <= max)
        *p = '\0';
      p++;
    }
}

/* g_ascii_xdigit_value, inlined: two fields of every line are hexadecimal */
static inline int
hex_digit (char c)
{
  if ((guint) (c - '0') < 10)
    return c - '0';
  if ((guint) ((c | 0x20) - 'a') < 6)
    return (c | 0x20) - 'a' + 10;
  return -1;
}

static gboolean
parse_hex (const char *text, guint64 *out)
{
  guint64 value = 0;
  if (*text == '\0')
    return FALSE;
  for (const char *p = text; *p; p++)
    {
      int digit = hex_digit (*p);
      if (digit < 0 || value > G_MAXUINT64 >> 4)
        return FALSE;
      value = value << 4 | (guint64) digit;
    }
  *out = value;
  return TRUE;
}

typedef enum {
  PARSE_OK,
  PARSE_TOO_FEW_FIELDS,
  PARSE_BAD_FIELD,
} ParseResult;

static const char *const field_names[] = { N_ ("timestamp"), N_ ("event code"), N_ ("node id"),
                                           N_ ("branches"),  N_ ("WAM id"),     N_ ("agent id") };

/* fields: the line's first six; *bad: the index of a field that is not a number */
static ParseResult
parse_event (char **fields, int n, ChronoVisandorEvent *ev, int *bad)
{
  if (n < 6)
    return PARSE_TOO_FEW_FIELDS;
  gint64 code;
  *bad = -1;
  if (!chrono_text_parse_int64 (fields[0], &ev->time) || ev->time < 0)
    *bad = 0;
  else if (!chrono_text_parse_int64 (fields[1], &code) || code < G_MININT32 || code > G_MAXINT32)
    *bad = 1;
  else if (!parse_hex (fields[2], &ev->node))
    *bad = 2;
  else if (!chrono_text_parse_int64 (fields[3], &ev->number))
    *bad = 3;
  else if (!parse_hex (fields[4], &ev->wam))
    *bad = 4;
  else if (!chrono_text_parse_int64 (fields[5], &ev->agent))
    *bad = 5;
  if (*bad >= 0)
    return PARSE_BAD_FIELD;
  ev->code = (gint32) code;
  return PARSE_OK;
}

/* ---- lines ------------------------------------------------------------------- */

static void
consume_event (VisandorReader *r, ChronoVisandorEvent *ev)
{
  /* the picture needs time order (the report has the file as written) */
  if (r->have_time && ev->time < r->last_time)
    {
      /* events must be in time order; a line out of it is kept where the file puts it */
      chrono_warnings_add (r->warnings, r->line, "time goes backwards",
                           _ ("timestamp %" PRId64 " is before the previous %" PRId64 "; read as %" PRId64), ev->time,
                           r->last_time, r->last_time);
      ev->time = r->last_time;
    }
  r->have_time = TRUE;
  r->last_time = ev->time;
  r->good_lines++;
  r->chunk.n_events++;
  r->chunk.first_time = MIN (r->chunk.first_time, ev->time);
  r->chunk.last_time = MAX (r->chunk.last_time, ev->time);
  chrono_trace_include_time (r->trace, ev->time);
  chrono_visandor_machine_feed (r->machine, ev);
}

/* ---- splitting: on the reading thread, ahead of the state machine ---------------- */

typedef enum {
  LINE_FLAG, /* one field, 0 or 1: the flag, when it is the first line */
  LINE_EVENT,
  LINE_TOO_FEW_FIELDS,
  LINE_BAD_FIELD,
} LineKind;

/* A line that is not blank, read: what consume needs without its text.
 * Blocks of these go between the threads, so a line takes 56 bytes, not
 * the 72 of an event and the rest beside it: a line that is no event keeps
 * what its warning needs in the fields an event would have used. */
typedef struct {
  guint64 line;
  gint64 time;
  guint64 node; /* LINE_BAD_FIELD: where the field is in the block's text */
  gint64 number; /* LINE_TOO_FEW_FIELDS, LINE_FLAG: the fields it has */
  guint64 wam;
  gint64 agent;
  gint32 code;
  guint8 kind; /* LineKind */
  gint8 bad; /* LINE_BAD_FIELD: the index of the field that is not a number */
  guint8 or_flag; /* LINE_FLAG: the flag is 1 */
} SplitLine;

/* The event of a LINE_EVENT. */
static ChronoVisandorEvent
event_of (const SplitLine *line)
{
  return (ChronoVisandorEvent){ .line = line->line,
                                .time = line->time,
                                .code = line->code,
                                .node = line->node,
                                .number = line->number,
                                .wam = line->wam,
                                .agent = line->agent };
}

static gboolean
split_line (const char *block_text, char *text, guint64 line, SplitLine *out)
{
  char *fields[6];
  int n = split_fields (text, fields, 6);
  if (n == 0)
    return FALSE;
  out->line = line;
  int bad;
  if (n == 1 && (strcmp (fields[0], "0") == 0 || strcmp (fields[0], "1") == 0))
    {
      out->kind = LINE_FLAG;
      out->or_flag = fields[0][0] == '1';
      out->number = n;
      return TRUE;
    }
  ChronoVisandorEvent event;
  switch (parse_event (fields, n, &event, &bad))
    {
    case PARSE_TOO_FEW_FIELDS:
      out->kind = LINE_TOO_FEW_FIELDS;
      out->number = n;
      break;
    case PARSE_BAD_FIELD:
      out->kind = LINE_BAD_FIELD;
      out->bad = (gint8) bad;
      out->node = fields[bad] - block_text;
      break;
    case PARSE_OK:
      out->kind = LINE_EVENT;
      out->time = event.time;
      out->code = event.code;
      out->node = event.node;
      out->number = event.number;
      out->wam = event.wam;
      out->agent = event.agent;
      break;
    }
  return TRUE;
}

/* Cuts a block's lines into events (ChronoLazyTextFormat.split: no state, so
 * the reading thread parses while the state machine runs). */
static void
visandor_split (ChronoTextBlock *block)
{
  chrono_text_block_reset_lines (block, sizeof (SplitLine));
  char *p = block->text, *stop = p + block->length;
  guint64 line = block->first_line;
  if (line == 1 && block->length >= 3 && memcmp (p, "\xEF\xBB\xBF", 3) == 0)
    {
      p += 3; /* a UTF-8 byte-order mark */
      if (p == stop)
        line++; /* alone, it is the file's one line */
    }
  while (p < stop)
    {
      char *newline = memchr (p, '\n', stop + 1 - p);
      *newline = '\0';
      g_array_set_size (block->lines, block->lines->len + 1);
      if (!split_line (block->text, p, line++, &g_array_index (block->lines, SplitLine, block->lines->len - 1)))
        g_array_set_size (block->lines, block->lines->len - 1);
      p = newline + 1;
    }
  block->n_lines = line - block->first_line;
}

/* The first line that is not blank may be the flag; a line of events there
 * instead means a producer left the flag out (an AND trace) and is read as
 * one.  TRUE when that first line is taken as the flag line, and no event. */
static gboolean
is_taken_as_flag (const SplitLine *first)
{
  return first->kind == LINE_FLAG || first->kind == LINE_TOO_FEW_FIELDS;
}

static gboolean
flag_line (VisandorReader *r, const SplitLine *line)
{
  r->first_line_read = TRUE;
  r->mode = line->kind == LINE_FLAG && line->or_flag ? CHRONO_VISANDOR_OR : CHRONO_VISANDOR_AND;
  if (line->kind == LINE_FLAG)
    {
      chrono_visandor_machine_set_mode (r->machine, r->mode);
      return TRUE;
    }
  if (!is_taken_as_flag (line))
    return FALSE; /* an event */
  chrono_warnings_add (r->warnings, r->line, "no parallelism flag",
                       _ ("the first line should be the parallelism flag 0 (AND) or 1 (OR); read as an AND trace"));
  return TRUE;
}

static void
consume_line (VisandorReader *r, const char *block_text, const SplitLine *line)
{
  r->line = line->line;
  if (!r->first_line_read && flag_line (r, line))
    return;
  r->data_lines++;
  switch (line->kind)
    {
    case LINE_FLAG:
    case LINE_TOO_FEW_FIELDS:
      chrono_warnings_add (r->warnings, r->line, "too few fields",
                           _ ("an event line needs 6 fields (timestamp, code, node, branches, WAM, agent), this one "
                              "has %d"),
                           (int) line->number);
      break;
    case LINE_BAD_FIELD:
      chrono_warnings_add (r->warnings, r->line, "bad field", _ ("%s “%s” is not a %s number"),
                           _ (field_names[line->bad]), block_text + line->node,
                           line->bad == 2 || line->bad == 4 ? _ ("hexadecimal") : _ ("decimal"));
      break;
      case LINE_EVENT: {
        ChronoVisandorEvent ev = event_of (line);
        consume_event (r, &ev);
      }
      break;
    }
}

/* The report's figures are of the file as written (its smallest and
 * largest timestamp, events out of time order where they are): it counts
 * the events as split, on the reading thread (ChronoLazyTextFormat.digest). */
static void
visandor_digest (gpointer data, ChronoTextBlock *block)
{
  VisandorReader *r = data;
  for (guint i = 0; i < block->lines->len; i++)
    {
      const SplitLine *line = &g_array_index (block->lines, SplitLine, i);
      gboolean first = !r->report_first_line_read;
      r->report_first_line_read = TRUE;
      if (first && is_taken_as_flag (line))
        continue;
      if (line->kind == LINE_EVENT)
        {
          ChronoVisandorEvent ev = event_of (line);
          chrono_visandor_report_feed (r->report, &ev);
        }
    }
}

/* A chunk of the index: its lines in order; an index pass saves the
 * machine's state before it. */
static void
visandor_consume (gpointer data, const ChronoTextBlock *block, ChronoChunk *chunk)
{
  VisandorReader *r = data;
  if (r->checkpoints != NULL)
    {
      g_ptr_array_add (r->checkpoints, chrono_visandor_machine_save (r->machine));
      ReaderState state = { r->first_line_read, r->have_time, r->last_time };
      g_array_append_val (r->reader_states, state);
    }
  r->chunk = *chunk;
  for (guint i = 0; i < block->lines->len; i++)
    consume_line (r, block->text, &g_array_index (block->lines, SplitLine, i));
  r->line = block->first_line + block->n_lines - 1;
  *chunk = r->chunk;
}

static gboolean
visandor_end_read (gpointer data, gboolean truncated, GError **error)
{
  VisandorReader *r = data;
  if (truncated)
    chrono_warnings_add (r->warnings, r->line, "incomplete trace",
                         _ ("the compressed file is cut off; events after line %" PRIu64 " are missing"), r->line);
  if (r->data_lines > 0 && r->good_lines == 0)
    {
      const ChronoWarning *first = chrono_warnings_get_kept (r->warnings, 0);
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s:%" PRIu64 ": %s (no line of the file is a VisAndOr event)"), r->path, first->line,
                   first->message);
      return FALSE;
    }
  return TRUE;
}

/* ---- the clock -------------------------------------------------------------- */

/* The file does not say what a tick is; the Ciao writer counts microseconds. */
static const char *const tick_values[] = { "1ns", "10ns", "100ns", "1us", "10us", "100us",
                                           "1ms", "10ms", "100ms", "1s",  NULL };

static void
set_clock (ChronoTrace *trace)
{
  const char *tick = chrono_trace_get_option (trace, "tick");
  gint64 ticks_per_second = 1000000;
  for (guint i = 0; tick != NULL && tick_values[i] != NULL; i++)
    if (strcmp (tick, tick_values[i]) == 0)
      {
        static const gint64 per_second[] = {
          1000000000, 100000000, 10000000, 1000000, 100000, 10000, 1000, 100, 10, 1
        };
        ticks_per_second = per_second[i];
      }
  ChronoClock clock;
  chrono_clock_init (&clock, ticks_per_second);
  chrono_trace_set_clock (trace, &clock);
}

/* ---- whole reads --------------------------------------------------------------- */

static void
reader_init (VisandorReader *r, ChronoTrace *trace, ChronoVisandorMachine *machine, const char *path)
{
  *r = (VisandorReader){
    .trace = trace,
    .warnings = chrono_trace_get_warnings (trace),
    .machine = machine,
    .path = path,
  };
}

/* The end of a whole read or an index pass: open work closes at the last
 * timestamp, the counts become the trace's statistics. */
static void
finish_read (VisandorReader *r, ChronoVisandorReport *report)
{
  chrono_visandor_machine_finish (r->machine, r->have_time ? r->last_time : 0);
  chrono_trace_set_n_events (r->trace, r->good_lines);
  chrono_trace_add_metadata (r->trace, "parallelism", r->mode == CHRONO_VISANDOR_OR ? "or" : "and");
  chrono_trace_set_statistics (r->trace,
                               chrono_visandor_report_finish (report, r->mode, chrono_trace_get_clock (r->trace)));
}

static gboolean visandor_decode (gconstpointer data, guint index, gboolean last, const ChronoChunk *chunk,
                                 const ChronoTextBlock *block, ChronoTrace *trace, GError **error);

static const ChronoLazyTextFormat visandor_text_format = {
  .name = "visandor",
  .split = visandor_split,
  .digest = visandor_digest,
  .consume = visandor_consume,
  .end_read = visandor_end_read,
  .decode = visandor_decode,
};

static gboolean
visandor_load (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
               GCancellable *cancellable, GError **error)
{
  set_clock (trace);
  g_autoptr (ChronoVisandorMachine) machine = chrono_visandor_machine_new (trace);
  g_autoptr (ChronoVisandorReport) report = chrono_visandor_report_new ();
  VisandorReader r;
  reader_init (&r, trace, machine, path);
  r.report = report;
  if (!chrono_lazy_text_read_file (trace, path, &visandor_text_format, &r, progress, progress_data, cancellable, error))
    return FALSE;
  finish_read (&r, report);
  return TRUE;
}

/* ---- lazy reading: the index pass and the chunk decoder --------------------------- */

#define SUMMARY_BUCKETS 8192

/* What decoding a chunk starts from; read-only once the index pass is over. */
typedef struct {
  GPtrArray *checkpoints; /* ChronoVisandorCheckpoint*, one per chunk */
  GArray *reader_states; /* ReaderState, one per chunk */
  ChronoVisandorMode mode;
  ChronoVisandorBusySource busy_source;
} VisandorCheckpoints;

static void
visandor_checkpoints_free (VisandorCheckpoints *c)
{
  g_ptr_array_unref (c->checkpoints);
  g_array_unref (c->reader_states);
  g_free (c);
}

static gboolean
visandor_decode (gconstpointer data, guint index, gboolean last, const ChronoChunk *chunk, const ChronoTextBlock *block,
                 ChronoTrace *trace, GError **error)
{
  const VisandorCheckpoints *c = data;
  set_clock (trace);
  g_autoptr (ChronoVisandorMachine) machine = chrono_visandor_machine_new (trace);
  chrono_visandor_machine_set_decoding (machine, c->busy_source);
  chrono_visandor_machine_restore (machine, g_ptr_array_index (c->checkpoints, index));
  VisandorReader r;
  reader_init (&r, trace, machine, chrono_trace_get_path (trace));
  const ReaderState *state = &g_array_index (c->reader_states, ReaderState, index);
  r.first_line_read = state->first_line_read;
  r.have_time = state->have_time;
  r.last_time = state->last_time;
  r.mode = c->mode;
  chrono_visandor_machine_set_mode (machine, c->mode);
  ChronoChunk scratch = *chunk;
  visandor_consume (&r, block, &scratch);
  if (last)
    chrono_visandor_machine_finish (machine, r.have_time ? r.last_time : 0);
  else
    chrono_visandor_machine_finish_chunk (machine, chunk->end_time);
  chrono_trace_set_n_events (trace, r.good_lines);
  return TRUE;
}

static gboolean
visandor_index (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
                GCancellable *cancellable, GError **error)
{
  set_clock (trace);
  g_autoptr (ChronoVisandorMachine) machine = chrono_visandor_machine_new (trace);
  chrono_visandor_machine_set_summary_buckets (machine, SUMMARY_BUCKETS);
  g_autoptr (ChronoVisandorReport) report = chrono_visandor_report_new ();
  VisandorReader r;
  reader_init (&r, trace, machine, path);
  r.report = report;
  VisandorCheckpoints *c = g_new0 (VisandorCheckpoints, 1);
  c->checkpoints = r.checkpoints = g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_visandor_checkpoint_free);
  c->reader_states = r.reader_states = g_array_new (FALSE, FALSE, sizeof (ReaderState));
  if (!chrono_lazy_text_index (trace, path, &visandor_text_format, &r, c, (GDestroyNotify) visandor_checkpoints_free,
                               progress, progress_data, cancellable, error))
    return FALSE;
  finish_read (&r, report);
  /* the chunk cache decodes only once asked, after this: the choices are made */
  c->mode = r.mode;
  c->busy_source = chrono_visandor_machine_get_busy_source (machine);
  return TRUE;
}

/* ---- sniffing ---------------------------------------------------------------------- */

/* A line of at least six numbers in the note's bases. */
static gboolean
looks_like_event (const char *line, gsize length)
{
  g_autofree char *copy = g_strndup (line, length);
  char *fields[6];
  int n = split_fields (copy, fields, 6), bad;
  ChronoVisandorEvent ev;
  return parse_event (fields, n, &ev, &bad) == PARSE_OK;
}

static gboolean
is_flag_line (const char *line, gsize length)
{
  while (length > 0 && is_blank (line[length - 1]))
    length--;
  return length == 1 && (line[0] == '0' || line[0] == '1');
}

static gboolean
is_blank_line (const char *line, gsize length)
{
  for (gsize i = 0; i < length; i++)
    if (!is_blank (line[i]))
      return FALSE;
  return TRUE;
}

static int
visandor_sniff (const char *path, const char *head, gsize length)
{
  const char *p = head, *stop = head + length;
  if (length >= 3 && memcmp (p, "\xEF\xBB\xBF", 3) == 0)
    p += 3;
  gboolean flag = FALSE;
  int events = 0, others = 0, lines = 0;
  while (p < stop && lines < 40)
    {
      const char *newline = memchr (p, '\n', stop - p);
      if (newline == NULL && length >= CHRONO_SNIFF_HEAD_SIZE)
        break; /* a line cut off by the head's end says nothing */
      if (newline == NULL)
        newline = stop;
      gsize line_length = newline - p;
      if (lines == 0 && is_flag_line (p, line_length))
        flag = TRUE;
      else if (looks_like_event (p, line_length))
        events++;
      else if (!is_blank_line (p, line_length))
        others++;
      lines++;
      p = newline < stop ? newline + 1 : stop;
    }
  gboolean named = g_str_has_suffix (path, ".vt") || g_str_has_suffix (path, ".VT");
  /* broken lines are warnings in a VisAndOr file, not another format,
   * as long as a third of the lines after the flag are events, or without
   * it nearly all */
  if (flag && events == 0 && others == 0)
    return named ? 30 : 0; /* only the flag: an empty trace */
  if (flag)
    return events > 0 && 2 * events >= others ? (others == 0 ? 80 : 60) : 0;
  if (events < 3 * others)
    return 0;
  /* no flag: six numbers a line is rare elsewhere, but not unique */
  return events >= 2 ? (named ? 70 : 40) : 0;
}

/* ---- the loader table ------------------------------------------------------------ */

static const char *const visandor_globs[] = { "*.vt", NULL };

/* The flag line, then START_TIME: "<time> 5 <node> …" within the next line. */
static const ChronoMimeMatch visandor_start_time_lf[] = { { " 5 ", "3:24" }, { NULL } };
static const ChronoMimeMatch visandor_start_time_crlf[] = { { " 5 ", "4:25" }, { NULL } };
static const ChronoMimeMatch visandor_flag_lines[] = {
  { "0\\n", "0", NULL, visandor_start_time_lf },
  { "1\\n", "0", NULL, visandor_start_time_lf },
  { "0\\r\\n", "0", NULL, visandor_start_time_crlf },
  { "1\\r\\n", "0", NULL, visandor_start_time_crlf },
  { NULL },
};

static const ChronoMimeMagic visandor_magic[] = {
  { 40, visandor_flag_lines },
  { 0 },
};

static const ChronoMimeType visandor_mime_types[] = {
  { .type = "text/x-visandor",
    .comment = N_ ("VisAndOr trace"),
    .sub_class_of = "text/plain",
    .generic_icon = "text-x-generic",
    .globs = visandor_globs,
    .n_globs = 1,
    .magic = visandor_magic },
  { NULL },
};

static const ChronoLoaderOption visandor_options[] = {
  { .name = "tick",
    .flag = "tick",
    .type = CHRONO_OPTION_CHOICE,
    .values = tick_values,
    .default_value = "1us",
    .label = N_ ("_Tick"),
    .default_label = N_ ("1us (as Ciao writes)"),
    .description = N_ ("VisAndOr: how long a timestamp unit is (the file does not say)"),
    .arg_description = N_ ("1ns|1us|…") },
  { NULL },
};

const ChronoLoaderInfo chrono_loader_visandor = {
  .name = "visandor",
  .description = "VisAndOr",
  .mime_types = visandor_mime_types,
  .globs = visandor_globs,
  .sniff = visandor_sniff,
  .load = visandor_load,
  .index = visandor_index,
  .features = CHRONO_TRACE_HAS_LINKS,
  .options = visandor_options,
};
