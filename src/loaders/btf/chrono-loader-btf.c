/* chrono-loader-btf.c — reads BTF lines: header pragmas and ID tables, CSV
 * event lines, and hands each event to the state engine.
 *
 * The file is read as blocks of whole lines by the shared text driver
 * (chrono-lazy-text.c), its lines cut into fields on the reading thread
 * (chrono-btf-lines.c); each block becomes one chunk of the trace's index,
 * with its byte range, first line and time span — the index pass the lazy
 * decoder builds on.  Tolerance
 * follows what real producers write (../shared/research/btf.md §5):
 * case-insensitive pragmas, comments anywhere, CRLF, padded fields, notes
 * with commas, empty instances, unknown types as marks. */
#include <inttypes.h>
#include <glib/gi18n-lib.h>

#include "chrono-loader-btf.h"

#include <string.h>

#include "chrono-btf-lines.h"
#include "chrono-btf-machine.h"
#include "chrono-input.h"
#include "chrono-lazy-text.h"
#include "chrono-text-number.h"

typedef enum { TABLE_NONE, TABLE_TYPES, TABLE_ENTITIES, TABLE_ENTITY_TYPES } Table;

typedef struct {
  ChronoTrace *trace;
  ChronoWarnings *warnings;
  ChronoBtfMachine *machine;
  const char *path;
  guint64 line;
  Table table;
  GHashTable *type_ids; /* numeric mode: id -> type code */
  GHashTable *entity_ids; /* numeric mode: id -> entity name */
  /* the reading thread's (digest), for a read: name -> its id (from 1), so that
   * the machine finds an entity by a number, not by hashing its name */
  GHashTable *name_ids;
  gboolean have_time;
  gint64 last_time;
  guint64 data_lines, good_lines;
  ChronoChunk chunk;
  GPtrArray *checkpoints; /* an index pass: the machine's state before each chunk */
  GArray *reader_states; /* ReaderState, with each checkpoint */
} BtfReader;

/* What the reader itself carries from one chunk to the next. */
typedef struct {
  gboolean have_time;
  gint64 last_time; /* a line going back in time is read as this */
  Table table; /* a table whose rows continue into the chunk */
} ReaderState;

/* ---- small text helpers ------------------------------------------------- */

static gboolean
all_digits (const char *text)
{
  if (*text == '\0')
    return FALSE;
  for (; *text; text++)
    if (*text < '0' || *text > '9')
      return FALSE;
  return TRUE;
}

/* ---- header ------------------------------------------------------------- */

static void
split_key_value (char *text, char **key, char **value)
{
  char *p = text;
  while (*p && !btf_is_blank (*p))
    p++;
  char *key_end = p;
  while (*p && btf_is_blank (*p))
    p++;
  *value = g_strstrip (p);
  *key_end = '\0';
  *key = text;
}

static const char *
resolve (GHashTable *map, const char *text)
{
  if (g_hash_table_size (map) == 0 || !all_digits (text))
    return text;
  const char *name = g_hash_table_lookup (map, text);
  return name ? name : text;
}

static void
table_row (BtfReader *r, char *row)
{
  char *key, *value;
  split_key_value (row, &key, &value);
  if (*key == '\0' || *value == '\0')
    {
      chrono_warnings_add (r->warnings, r->line, "bad table row", _ ("table row “#-%s” has no name"), row);
      return;
    }
  switch (r->table)
    {
    case TABLE_TYPES: g_hash_table_insert (r->type_ids, g_strdup (key), g_strdup (value)); break;
    case TABLE_ENTITIES: g_hash_table_insert (r->entity_ids, g_strdup (key), g_strdup (value)); break;
    case TABLE_ENTITY_TYPES:
      chrono_btf_machine_declare (r->machine, resolve (r->type_ids, key), resolve (r->entity_ids, value));
      break;
    case TABLE_NONE:
      chrono_warnings_add (r->warnings, r->line, "bad table row", _ ("table row “#-%s %s” outside a table"), key,
                           value);
      break;
    }
}

static void
mapping_pragma (BtfReader *r, Table table, char *value)
{
  char *id, *name;
  split_key_value (value, &id, &name);
  if (*id == '\0' || *name == '\0')
    {
      chrono_warnings_add (r->warnings, r->line, "bad table row", _ ("mapping “%s” needs two values"), value);
      return;
    }
  Table saved = r->table;
  r->table = table;
  g_autofree char *row = g_strdup_printf ("%s %s", id, name);
  table_row (r, row);
  r->table = saved;
}

static void
set_timescale (BtfReader *r, const char *value)
{
  gint64 ticks_per_second;
  if (!chrono_clock_ticks_per_second_for_unit (value, &ticks_per_second))
    {
      chrono_warnings_add (r->warnings, r->line, "bad time scale",
                           _ ("unknown time scale “%s” (expected ps, ns, us, ms or s); using ns"), value);
      return;
    }
  if (r->have_time && ticks_per_second != chrono_trace_get_clock (r->trace)->ticks_per_second)
    chrono_warnings_add (
        r->warnings, r->line, "bad time scale",
        _ ("the time scale changes to “%s” after events were read; all times are read in the last scale given"), value);
  ChronoClock clock = *chrono_trace_get_clock (r->trace); /* keeps the wall clock of #creationDate */
  clock.ticks_per_second = ticks_per_second;
  chrono_trace_set_clock (r->trace, &clock);
}

/* "#creationDate 2014-02-19T11:39:20Z": the wall-clock time of tick 0
 * (UTC when the producer gives no zone), so traces line up by wall clock. */
static void
set_creation_date (BtfReader *r, const char *value)
{
  g_autoptr (GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr (GDateTime) date = g_date_time_new_from_iso8601 (value, utc);
  if (date == NULL)
    {
      chrono_warnings_add (r->warnings, r->line, "bad creation date",
                           _ ("creation date “%s” is not an ISO 8601 time; the trace has no wall clock"), value);
      return;
    }
  ChronoClock clock = *chrono_trace_get_clock (r->trace);
  clock.has_wall_clock = TRUE;
  clock.wall_clock_us = g_date_time_to_unix (date) * G_USEC_PER_SEC + g_date_time_get_microsecond (date);
  chrono_trace_set_clock (r->trace, &clock);
}

static void
pragma (BtfReader *r, char *text)
{
  char *key, *value;
  split_key_value (text, &key, &value);
  g_autofree char *lower = g_ascii_strdown (key, -1);
  r->table = TABLE_NONE;

  if (strcmp (lower, "typetable") == 0 || strcmp (lower, "entitytype") == 0)
    r->table = TABLE_TYPES;
  else if (strcmp (lower, "entitytable") == 0)
    r->table = TABLE_ENTITIES;
  else if (strcmp (lower, "entitytypetable") == 0)
    r->table = TABLE_ENTITY_TYPES;
  else if (strcmp (lower, "typemapping") == 0)
    mapping_pragma (r, TABLE_TYPES, value);
  else if (strcmp (lower, "entitymapping") == 0)
    mapping_pragma (r, TABLE_ENTITIES, value);
  else if (strcmp (lower, "entitytypemapping") == 0)
    mapping_pragma (r, TABLE_ENTITY_TYPES, value);
  else
    {
      chrono_trace_add_metadata (r->trace, key, value);
      if (strcmp (lower, "timescale") == 0)
        set_timescale (r, value);
      else if (strcmp (lower, "creationdate") == 0)
        set_creation_date (r, value);
      else if ((strcmp (lower, "ringoverflow") == 0 || strcmp (lower, "truncated") == 0
                || strcmp (lower, "tasktableoverflow") == 0)
               && g_ascii_strcasecmp (value, "true") == 0)
        chrono_warnings_add (r->warnings, r->line, "incomplete trace",
                             _ ("the producer marks this trace “#%s %s”: events are missing"), key, value);
    }
}

static void
header_line (BtfReader *r, char *text)
{
  /* text starts after '#' */
  if (*text == '-')
    table_row (r, text + 1);
  else if (*text == '\0' || btf_is_blank (*text))
    return; /* a comment, allowed anywhere */
  else
    pragma (r, text);
}

/* ---- data lines --------------------------------------------------------- *
 * A line is first split (chrono-btf-lines.c: no state, so a second thread
 * can do it while the first runs the state machine), then consumed in file
 * order. */

static void
warn_bad_instance (BtfReader *r, const char *text, const char *what)
{
  chrono_warnings_add (r->warnings, r->line, "bad instance", _ ("%s instance “%s” is not a number"), what, text);
}

static void
consume_event (BtfReader *r, const char *text, const BtfLine *line)
{
  ChronoBtfEvent ev = { .line = r->line, .time = line->time };
  ev.source = resolve (r->entity_ids, text + line->source);
  ev.source_instance = line->source_number;
  if (line->bad_instance & BTF_BAD_SOURCE_INSTANCE)
    warn_bad_instance (r, text + line->source_instance, "source");
  ev.type = resolve (r->type_ids, text + line->type);
  ev.target = resolve (r->entity_ids, text + line->target);
  ev.target_instance = line->target_number;
  if (line->bad_instance & BTF_BAD_TARGET_INSTANCE)
    warn_bad_instance (r, text + line->target_instance, "target");
  ev.event = text + line->event;
  ev.note = line->note == BTF_NO_NOTE ? NULL : text + line->note;
  if (g_hash_table_size (r->entity_ids) == 0) /* else the ids are of numbers an id table maps to names */
    {
      ev.source_id = line->source_id;
      ev.target_id = line->target_id;
    }
  if (*ev.type == '\0' || *ev.target == '\0' || *ev.event == '\0')
    {
      chrono_warnings_add (r->warnings, r->line, "missing field",
                           _ ("an event line needs a type, a target and an event"));
      return;
    }
  if (r->have_time && ev.time < r->last_time)
    {
      chrono_warnings_add (r->warnings, r->line, "time goes backwards",
                           _ ("time %lld is before the previous %lld; read as %lld"), (long long) ev.time,
                           (long long) r->last_time, (long long) r->last_time);
      ev.time = r->last_time;
    }
  r->have_time = TRUE;
  r->last_time = ev.time;
  r->good_lines++;
  r->chunk.n_events++;
  r->chunk.first_time = MIN (r->chunk.first_time, ev.time);
  r->chunk.last_time = MAX (r->chunk.last_time, ev.time);
  chrono_trace_include_time (r->trace, ev.time);
  chrono_btf_machine_feed (r->machine, &ev);
}

/* Digits with an optional sign: an integer, whatever its size. */
static gboolean
is_integer_text (const char *text)
{
  if (*text == '-' || *text == '+')
    text++;
  if (!g_ascii_isdigit (*text))
    return FALSE;
  while (g_ascii_isdigit (*text))
    text++;
  return *text == '\0';
}

static void
consume_line (BtfReader *r, const ChronoTextBlock *block, const BtfLine *line)
{
  r->line = block->first_line + line->line;
  char *text = line->kind == BTF_LINE_HEADER || line->kind == BTF_LINE_BAD_TIME ? block->text + line->text : NULL;
  switch (line->kind)
    {
    case BTF_LINE_BLANK: break;
    case BTF_LINE_HEADER: header_line (r, text); break;
    case BTF_LINE_TOO_FEW_FIELDS:
      r->data_lines++;
      chrono_warnings_add (r->warnings, r->line, "too few fields",
                           _ ("an event line needs 7 comma-separated fields, this one has %d"), line->n_fields);
      break;
    case BTF_LINE_BAD_TIME:
      r->data_lines++;
      if (is_integer_text (text))
        chrono_warnings_add (r->warnings, r->line, "time out of range",
                             _ ("time “%s” is out of range: times are counted in 64 bits, up to %" PRId64), text,
                             G_MAXINT64);
      else
        chrono_warnings_add (r->warnings, r->line, "bad time", _ ("time “%s” is not an integer"), text);
      break;
    case BTF_LINE_EVENT:
      r->data_lines++;
      consume_event (r, block->text, line);
      break;
    }
}

/* ---- blocks --------------------------------------------------------------- */

/* The name's id (from 1), or 0 once the read has given out all it may. */
static guint32
name_id (GHashTable *name_ids, const char *name)
{
  gpointer id = g_hash_table_lookup (name_ids, name);
  if (id == NULL && g_hash_table_size (name_ids) < CHRONO_BTF_MAX_NAME_IDS)
    g_hash_table_insert (name_ids, g_strdup (name), id = GUINT_TO_POINTER (g_hash_table_size (name_ids) + 1));
  return GPOINTER_TO_UINT (id);
}

/* A read's ids of the names (ChronoLazyTextFormat.digest, on the reading
 * thread): hashing them there leaves the state machine a lookup by number. */
static void
btf_digest (gpointer data, ChronoTextBlock *block)
{
  BtfReader *r = data;
  for (guint i = 0; i < block->lines->len; i++)
    {
      BtfLine *line = &g_array_index (block->lines, BtfLine, i);
      if (line->kind != BTF_LINE_EVENT)
        continue;
      line->source_id = name_id (r->name_ids, block->text + line->source);
      line->target_id = name_id (r->name_ids, block->text + line->target);
    }
}

/* A chunk of the index: its lines go through the machine in order; an index
 * pass saves the machine's state before it. */
static void
btf_consume (gpointer data, const ChronoTextBlock *block, ChronoChunk *chunk)
{
  BtfReader *r = data;
  if (r->checkpoints != NULL)
    {
      chrono_btf_machine_plan_summaries (r->machine);
      g_ptr_array_add (r->checkpoints, chrono_btf_machine_save (r->machine));
      ReaderState state = { r->have_time, r->last_time, r->table };
      g_array_append_val (r->reader_states, state);
    }
  r->chunk = *chunk;
  for (guint i = 0; i < block->lines->len; i++)
    consume_line (r, block, &g_array_index (block->lines, BtfLine, i));
  r->line = block->first_line + block->n_lines - 1;
  *chunk = r->chunk;
}

/* After the last block: FALSE with error set when the file holds no valid event. */
static gboolean
btf_end_read (gpointer data, gboolean truncated, GError **error)
{
  BtfReader *r = data;
  if (truncated)
    {
      if (r->good_lines == 0)
        {
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                       _ ("%s: the compressed file is cut off before any event"), r->path);
          return FALSE;
        }
      /* a cut-off download or a capture still being written: keep what is there */
      chrono_warnings_add (r->warnings, r->line, "incomplete trace",
                           _ ("the compressed file is cut off; events after line %llu are missing"),
                           (unsigned long long) r->line);
    }
  if (r->data_lines > 0 && r->good_lines == 0)
    {
      const ChronoWarning *first = chrono_warnings_get_kept (r->warnings, 0);
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s:%llu: %s (no line of the file is a valid BTF event)"), r->path,
                   (unsigned long long) first->line, first->message);
      return FALSE;
    }
  return TRUE;
}

static void
reader_init (BtfReader *r, ChronoTrace *trace, ChronoBtfMachine *machine, const char *path)
{
  *r = (BtfReader){
    .trace = trace,
    .warnings = chrono_trace_get_warnings (trace),
    .machine = machine,
    .path = path,
    .type_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free),
    .entity_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free),
    .name_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL),
  };
}

static gboolean btf_decode (gconstpointer data, guint index, gboolean last, const ChronoChunk *chunk,
                            const ChronoTextBlock *block, ChronoTrace *trace, GError **error);

static const ChronoLazyTextFormat btf_text_format = {
  .name = "btf",
  .split = chrono_btf_split_lines,
  .digest = btf_digest,
  .consume = btf_consume,
  .end_read = btf_end_read,
  .decode = btf_decode,
};

static gboolean
btf_load (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
          GCancellable *cancellable, GError **error)
{
  g_autoptr (ChronoBtfMachine) machine = chrono_btf_machine_new (trace);
  BtfReader r;
  reader_init (&r, trace, machine, path);
  g_autoptr (GHashTable) type_ids = r.type_ids;
  g_autoptr (GHashTable) entity_ids = r.entity_ids;
  g_autoptr (GHashTable) name_ids = r.name_ids;
  if (!chrono_lazy_text_read_file (trace, path, &btf_text_format, &r, progress, progress_data, cancellable, error))
    return FALSE;
  chrono_btf_machine_finish (machine);
  chrono_trace_set_n_events (trace, r.good_lines);
  return TRUE;
}

/* ---- lazy reading: the index pass and the chunk decoder ----------------- */

/* Buckets per lane summary: enough for a zoomed-out frame on a wide screen
 * and some zoom before chunks are decoded, at 4 bytes per used column. */
#define SUMMARY_BUCKETS 8192

/* The reader's and the machine's state before each chunk, and the ID tables
 * as the index pass left them; read-only once the pass is over. */
typedef struct {
  GPtrArray *checkpoints; /* ChronoBtfCheckpoint*, one per chunk */
  GArray *reader_states; /* ReaderState, one per chunk */
  GHashTable *type_ids, *entity_ids;
} BtfCheckpoints;

static void
btf_checkpoints_free (BtfCheckpoints *c)
{
  g_ptr_array_unref (c->checkpoints);
  g_array_unref (c->reader_states);
  g_hash_table_unref (c->type_ids);
  g_hash_table_unref (c->entity_ids);
  g_free (c);
}

static GHashTable *
copy_table (GHashTable *table)
{
  GHashTable *copy = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy, g_strdup (key), g_strdup (value));
  return copy;
}

static gboolean
btf_decode (gconstpointer data, guint index, gboolean last, const ChronoChunk *chunk, const ChronoTextBlock *block,
            ChronoTrace *trace, GError **error)
{
  const BtfCheckpoints *c = data;
  g_autoptr (ChronoBtfMachine) machine = chrono_btf_machine_new (trace);
  chrono_btf_machine_restore (machine, g_ptr_array_index (c->checkpoints, index));
  BtfReader r;
  reader_init (&r, trace, machine, chrono_trace_get_path (trace));
  g_hash_table_unref (r.type_ids);
  g_hash_table_unref (r.entity_ids);
  /* copies: a chunk with mapping lines must not change what other chunks (or
   * another thread) read */
  r.type_ids = copy_table (c->type_ids);
  r.entity_ids = copy_table (c->entity_ids);
  g_autoptr (GHashTable) type_ids = r.type_ids;
  g_autoptr (GHashTable) entity_ids = r.entity_ids;
  g_autoptr (GHashTable) name_ids = r.name_ids;
  const ReaderState *state = &g_array_index (c->reader_states, ReaderState, index);
  r.have_time = state->have_time;
  r.last_time = state->last_time;
  r.table = state->table;
  ChronoChunk scratch = *chunk;
  btf_consume (&r, block, &scratch);
  if (last)
    chrono_btf_machine_finish (machine); /* as a whole read ends: waiting runnable lines are played */
  else
    chrono_btf_machine_finish_at (machine, chunk->end_time, FALSE);
  chrono_trace_set_n_events (trace, r.good_lines);
  return TRUE;
}

static gboolean
btf_index (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
           GCancellable *cancellable, GError **error)
{
  g_autoptr (ChronoBtfMachine) machine = chrono_btf_machine_new (trace);
  chrono_btf_machine_set_summary_buckets (machine, SUMMARY_BUCKETS);
  BtfReader r;
  reader_init (&r, trace, machine, path);
  g_autoptr (GHashTable) name_ids = r.name_ids;
  BtfCheckpoints *c = g_new0 (BtfCheckpoints, 1);
  c->type_ids = r.type_ids;
  c->entity_ids = r.entity_ids;
  c->checkpoints = r.checkpoints = g_ptr_array_new_with_free_func ((GDestroyNotify) chrono_btf_checkpoint_free);
  c->reader_states = r.reader_states = g_array_new (FALSE, FALSE, sizeof (ReaderState));
  if (!chrono_lazy_text_index (trace, path, &btf_text_format, &r, c, (GDestroyNotify) btf_checkpoints_free, progress,
                               progress_data, cancellable, error))
    return FALSE;
  chrono_btf_machine_finish (machine);
  chrono_trace_set_n_events (trace, r.good_lines);
  return TRUE;
}

/* ---- sniffing ----------------------------------------------------------- */

static gboolean
looks_like_event_line (const char *line, gsize length)
{
  g_autofree char *copy = g_strndup (line, length);
  g_auto (GStrv) fields = g_strsplit (copy, ",", 8);
  if (g_strv_length (fields) < 7)
    return FALSE;
  gint64 time;
  g_strstrip (fields[0]);
  g_strstrip (fields[3]);
  return chrono_text_parse_int64 (fields[0], &time) && *fields[3] != '\0' && strlen (fields[3]) <= 8;
}

static int
btf_sniff (const char *path, const char *head, gsize length)
{
  static const char *const pragmas[] = { "#version",         "#creator",     "#timescale",
                                         "#creationdate",    "#entitytable", "#typetable",
                                         "#entitytypetable", "#entitytype",  "#entitymapping" };
  const char *p = head, *stop = head + length;
  if (length >= 3 && memcmp (p, "\xEF\xBB\xBF", 3) == 0)
    p += 3;
  int event_lines = 0, other_lines = 0;
  while (p < stop && event_lines + other_lines < 20)
    {
      const char *newline = memchr (p, '\n', stop - p);
      if (newline == NULL && length >= CHRONO_SNIFF_HEAD_SIZE)
        break; /* a line cut off by the head's end says nothing */
      if (newline == NULL)
        newline = stop; /* the whole file was read: its last line is complete */
      gsize line_length = newline - p;
      for (gsize i = 0; i < G_N_ELEMENTS (pragmas); i++)
        if (line_length >= strlen (pragmas[i]) && g_ascii_strncasecmp (p, pragmas[i], strlen (pragmas[i])) == 0)
          return 90;
      if (line_length > 0 && *p != '#' && *p != '\r')
        {
          if (looks_like_event_line (p, line_length))
            event_lines++;
          else
            other_lines++;
        }
      p = newline < stop ? newline + 1 : stop;
    }
  if (event_lines > 0 && other_lines == 0)
    return 60;
  /* only comments, or nothing: an empty trace if the name says BTF */
  if (event_lines == 0 && other_lines == 0
      && (g_str_has_suffix (path, ".btf") || g_str_has_suffix (path, ".BTF") || g_str_has_suffix (path, ".btf.gz")))
    return 20;
  return 0;
}

static const char *const btf_globs[] = { "*.btf", "*.btf.gz", NULL };

/* The header pragmas "#version 2.2.0", "#creator …", "#timeScale ns" in any
 * case (mask 0xdf on letters). The version always has a dot, so a GLSL
 * "#version 330" is not taken. At the start of the file they are strong;
 * offset 0:3 also finds them after a UTF-8 byte-order mark. */
static const ChronoMimeMatch btf_header_at_start[] = {
  { "#version 1.", "0:3", "0xffdfdfdfdfdfdfdfffffff" }, { "#version 2.", "0:3", "0xffdfdfdfdfdfdfdfffffff" },
  { "#version 3.", "0:3", "0xffdfdfdfdfdfdfdfffffff" }, { "#creator ", "0:3", "0xffdfdfdfdfdfdfdfff" },
  { "#timescale ", "0:3", "0xffdfdfdfdfdfdfdfdfdfff" }, { NULL },
};

/* After a leading comment, in the first kilobyte: weaker, so that any other
 * type's own magic wins. */
static const ChronoMimeMatch btf_header_further_on[] = {
  { "\\n#version 1.", "0:1024", "0xffffdfdfdfdfdfdfdfffffff" },
  { "\\n#version 2.", "0:1024", "0xffffdfdfdfdfdfdfdfffffff" },
  { "\\n#version 3.", "0:1024", "0xffffdfdfdfdfdfdfdfffffff" },
  { "\\n#creator ", "0:1024", "0xffffdfdfdfdfdfdfdfff" },
  { "\\n#timescale ", "0:1024", "0xffffdfdfdfdfdfdfdfdfdfff" },
  { NULL },
};

static const ChronoMimeMagic btf_magic[] = {
  { 50, btf_header_at_start },
  { 40, btf_header_further_on },
  { 0 },
};

static const ChronoMimeType btf_mime_types[] = {
  { .type = "application/x-btf-trace",
    .comment = N_ ("BTF trace"),
    .acronym = "BTF",
    .expanded_acronym = "Best Trace Format",
    .sub_class_of = "text/plain",
    .generic_icon = "text-x-generic",
    .globs = btf_globs,
    .n_globs = 1,
    .magic = btf_magic },
  /* The content is only gzip's, so only the name tells; the glob outweighs
   * application/gzip's *.gz (weight 50). */
  { .type = "application/x-btf-trace-gzip",
    .comment = N_ ("BTF trace (gzip-compressed)"),
    .acronym = "BTF",
    .expanded_acronym = "Best Trace Format",
    .sub_class_of = "application/gzip",
    .generic_icon = "package-x-generic",
    .globs = btf_globs + 1,
    .n_globs = 1,
    .glob_weight = 60 },
  { NULL },
};

const ChronoLoaderInfo chrono_loader_btf = {
  .name = "btf",
  .description = "Best Trace Format",
  .mime_types = btf_mime_types,
  .globs = btf_globs,
  .sniff = btf_sniff,
  .load = btf_load,
  .index = btf_index,
  /* declared, so that a trace with no task, ISR, runnable or core yet is still reported as one that may */
  .features = CHRONO_TRACE_HAS_INSTANCES | CHRONO_TRACE_HAS_CORES,
};
