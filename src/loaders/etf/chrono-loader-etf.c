/* chrono-loader-etf.c — the TRACE text format (../shared/seeds/000_…txt,
 * ../shared/research/etf.md).
 *
 * The whole file is read first and the records kept, because references may
 * point forward (a claim before its resource, a dependency before its
 * claims, fragments before their signal); then the lanes are built:
 *  - Resources: one lane per resource; every claim sits at its offset and
 *    amount inside the lane (claims on resources without offsets are packed
 *    from the bottom, first fit, so the lane reads as the resource's use);
 *  - Activities: one lane per value of the grouping attribute ("name" by
 *    default, or the claimGrouping of a TRACE4CPS .view file beside the
 *    trace), concurrent claims on sub-rows;
 *  - Events, as marks; Signals, one lane each, as exact quadratic fragments;
 *  - dependencies as links between the right ends of claims and events.
 * Times are kept in integer ticks: 1 ns, or 1 ps when the unit is µs or ns,
 * so the decimals producers write survive exactly.
 *
 * Claims are most of a trace and are kept small between reading and
 * building (chrono-etf-claims.h); they are placed in two passes so that
 * dependencies can be joined before the lanes are filled, and each chunk of
 * claims is freed as soon as its spans are on the lanes. */
#include "chrono-loader-etf.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "chrono-etf-store.h"
#include "chrono-input.h"

/* No record has more positional fields; longer lines are only counted. */
#define MAX_FIELDS 8

typedef struct {
  char *field[MAX_FIELDS];
  guint n; /* every field, also those past MAX_FIELDS */
  char *attributes; /* after the first unescaped ';', or NULL */
  gsize attributes_length;
} Fields;

/* Attribute pairs unescaped into one buffer that is reused line after line. */
typedef struct {
  char *buffer;
  gsize size;
  gsize used; /* the keys and values, each NUL-terminated, back to back */
  GPtrArray *keys, *values; /* borrowed: they point into buffer */
} Pairs;

typedef struct {
  gint64 id;
  double capacity;
  gboolean uses_offset;
  guint32 attrs;
  guint64 line;
  ChronoLane *lane;
  ChronoSpans *spans; /* the lane's, once a claim is on it */
  GArray *placed; /* PlacedClaim: claims now on the resource, for packing */
} Resource;

/* A resource id that an R or a C line names; claims keep the index of this,
 * so placing them needs no lookup by id. */
typedef struct {
  gint64 id;
  guint32 resource; /* index in resources of the R line that counts, or CHRONO_ETF_NO_INDEX */
} ResourceRef;

typedef struct {
  gint64 id;
  double t;
  guint32 attrs;
  guint64 line;
} Event;

typedef struct {
  gint64 id, type, src, dst;
  guint32 attrs;
  guint64 line;
} Dependency;

typedef struct {
  double t0, t1, c, b, a; /* as written, in the file's unit */
} RawFragment;

typedef struct {
  gint64 id;
  guint32 attrs;
  gboolean declared;
  guint64 line;
  GArray *fragments; /* RawFragment, file order: times become ticks once the unit is sure */
  gboolean has_end;
  double last_t1; /* in file units: contiguity is checked as written */
} Signal;

typedef struct {
  double offset, amount;
  gint64 end;
} PlacedClaim;

typedef struct {
  ChronoLane *lane;
  ChronoSpans *spans;
  GArray *slot_ends; /* gint64: when each sub-row is free again */
} Activity;

/* Claims of one job mostly repeat their attribute text, and dependencies
 * use a handful: the text seen last in a slot gives its set without parsing
 * or interning again. */
#define ATTR_CACHE_SLOTS 4096
#define ATTR_CACHE_TEXT 116

typedef struct {
  guint32 hash;
  guint32 length; /* 0: empty slot */
  guint32 ticket;
  char text[ATTR_CACHE_TEXT];
} AttrCacheEntry;

typedef struct {
  ChronoTrace *trace;
  ChronoWarnings *warnings;
  ChronoAttrs *attrs;
  const char *path;
  guint64 line;
  gint64 ticks_per_unit;
  gint64 ticks_per_second;
  gboolean have_unit, have_offset;
  GArray *resources; /* Resource, file order */
  GArray *resource_refs; /* ResourceRef */
  ChronoEtfIds resource_ids; /* resource id -> index in resource_refs */
  ChronoEtfClaims claims;
  ChronoEtfInterner *interner; /* while reading: attrs of the records are its tickets */
  GArray *events, *dependencies; /* Event, Dependency */
  ChronoEtfIds signal_ids; /* signal id -> index in signal_order */
  GPtrArray *signal_order; /* Signal*, by first appearance */
  GPtrArray *grouping; /* attribute keys that name an activity lane */
  char *colouring; /* attribute key that colours claims, or NULL */
  GHashTable *filter; /* key -> GPtrArray of allowed values: claims must match every key */
  guint64 records;
  Pairs pairs; /* scratch for attribute parsing */
  AttrCacheEntry *attr_cache;
  char *line_buffer; /* the line being read, NUL-terminated and cut in place */
  gsize line_buffer_size;
} EtfReader;

/* ---- reading in place ---------------------------------------------------
 *
 * A line is read without an allocation: a million-line trace otherwise
 * spends most of its loading time in malloc and free.  Everything here must
 * read a line exactly as g_strsplit_set, g_ascii_strtoll and g_ascii_strtod
 * did before, as dumps of old traces may not change: the common shapes take
 * a short path and anything unusual (signs, exponents, hexadecimal, long
 * digit runs) goes to the GLib functions themselves. */

/* ---- fields ------------------------------------------------------------- */

/* The positional part (before the first unescaped ';' when the record has
 * attributes), stripped, split on runs of blanks; text is cut in place. */
static void
split_fields (char *text, char *text_end, gboolean has_semicolon, Fields *out)
{
  out->attributes = NULL;
  out->attributes_length = 0;
  char *end = text_end;
  if (has_semicolon)
    for (char *p = text; p < text_end; p++)
      {
        if (*p == '\\' && p + 1 < text_end)
          {
            p++;
            continue;
          }
        if (*p == ';')
          {
            *p = '\0';
            out->attributes = p + 1;
            out->attributes_length = text_end - (p + 1);
            end = p;
            break;
          }
      }
  while (text < end && g_ascii_isspace (*text))
    text++;
  while (end > text && g_ascii_isspace (end[-1]))
    end--;
  *end = '\0';
  guint n = 0;
  char *p = text;
  while (p < end)
    {
      char *start = p;
      while (p < end && *p != ' ' && *p != '\t')
        p++;
      if (p > start)
        {
          if (n < MAX_FIELDS)
            out->field[n] = start;
          n++;
        }
      if (p < end)
        *p++ = '\0';
    }
  out->n = n;
}

/* ---- numbers ------------------------------------------------------------ */

static gboolean
parse_id_slowly (const char *text, gint64 *out)
{
  char *end = NULL;
  if (text == NULL || *text == '\0')
    return FALSE;
  gint64 value = g_ascii_strtoll (text, &end, 10);
  if (*end != '\0')
    return FALSE;
  *out = value;
  return TRUE;
}

static gboolean
parse_id (const char *text, gint64 *out)
{
  const char *p = text;
  gboolean negative = *p == '-';
  if (negative)
    p++;
  const char *digits = p;
  guint64 value = 0;
  /* 18 digits cannot overflow; longer numbers saturate as strtoll does */
  while ((guint) (*p - '0') < 10 && p - digits < 18)
    value = value * 10 + (guint) (*p++ - '0');
  if (*p == '\0' && p > digits)
    {
      *out = negative ? -(gint64) value : (gint64) value;
      return TRUE;
    }
  return parse_id_slowly (text, out);
}

static gboolean
parse_real_slowly (const char *text, double *out)
{
  char *end = NULL;
  if (text == NULL || *text == '\0')
    return FALSE;
  double value = g_ascii_strtod (text, &end);
  if (*end != '\0' || !isfinite (value))
    return FALSE;
  *out = value;
  return TRUE;
}

/* Powers of ten that a double holds exactly. */
static const double exact_powers[] = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                       1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };

/* "123" and "-45.678": when the digits fit in 2^53 and the divisor is an
 * exact power of ten, one division of two exact doubles is correctly
 * rounded, so it gives the very double strtod gives (Clinger's fast path). */
static gboolean
parse_real (const char *text, double *out)
{
  const char *p = text;
  gboolean negative = *p == '-';
  if (negative)
    p++;
  const char *digits = p;
  guint64 mantissa = 0;
  while ((guint) (*p - '0') < 10 && p - digits < 19)
    mantissa = mantissa * 10 + (guint) (*p++ - '0');
  int whole_digits = p - digits, decimals = 0;
  if (whole_digits > 0 && *p == '.' && (guint) (p[1] - '0') < 10)
    {
      p++;
      const char *fraction = p;
      while ((guint) (*p - '0') < 10 && whole_digits + (p - fraction) < 19)
        mantissa = mantissa * 10 + (guint) (*p++ - '0');
      decimals = p - fraction;
    }
  if (*p != '\0' || whole_digits == 0 || mantissa > (G_GUINT64_CONSTANT (1) << 53)
      || decimals >= (int) G_N_ELEMENTS (exact_powers))
    return parse_real_slowly (text, out);
  double value = decimals ? (double) mantissa / exact_powers[decimals] : (double) mantissa;
  *out = negative ? -value : value;
  return TRUE;
}

/* ---- attribute pairs --------------------------------------------------------- */

static void
pairs_init (Pairs *pairs)
{
  pairs->buffer = NULL;
  pairs->size = 0;
  pairs->keys = g_ptr_array_new ();
  pairs->values = g_ptr_array_new ();
}

static void
pairs_clear (Pairs *pairs)
{
  g_clear_pointer (&pairs->buffer, g_free);
  pairs->size = 0;
  g_clear_pointer (&pairs->keys, g_ptr_array_unref);
  g_clear_pointer (&pairs->values, g_ptr_array_unref);
}

/* Trimmed of blanks (but not of an escaped one at the end), with "\," "\="
 * "\\" and "\;" unescaped; returns where the next string goes. */
static char *
unescape_trimmed (char *out, const char *begin, const char *end)
{
  while (begin < end && g_ascii_isspace (*begin))
    begin++;
  while (end > begin && g_ascii_isspace (end[-1]) && !(end - 1 > begin && end[-2] == '\\'))
    end--;
  for (const char *p = begin; p < end; p++)
    {
      if (*p == '\\' && p + 1 < end && (p[1] == ',' || p[1] == '=' || p[1] == '\\' || p[1] == ';'))
        p++;
      *out++ = *p;
    }
  *out++ = '\0';
  return out;
}

/* Pairs split on unescaped ',' then on the first unescaped '='; text ends at
 * its first NUL or after length bytes, whichever comes first. */
static gboolean
pairs_parse (Pairs *pairs, const char *text, gsize length, char **error_message)
{
  g_ptr_array_set_size (pairs->keys, 0);
  g_ptr_array_set_size (pairs->values, 0);
  /* a pair of n bytes unescapes to at most n + 1 with its two NULs, so the
   * buffer never moves while pointers into it are handed out */
  if (pairs->size < 2 * length + 2)
    {
      pairs->size = MAX (2 * length + 2, 256);
      g_free (pairs->buffer);
      pairs->buffer = g_malloc (pairs->size);
    }
  gboolean ok = TRUE;
  char *out = pairs->buffer;
  const char *p = text, *stop = text + length;
  while (p < stop && *p)
    {
      const char *pair = p, *equals = NULL;
      while (p < stop && *p && *p != ',')
        {
          if (*p == '\\' && p + 1 < stop && p[1] != '\0')
            p++;
          else if (*p == '=' && equals == NULL)
            equals = p;
          p++;
        }
      const char *pair_end = p;
      if (p < stop && *p == ',')
        p++;
      const char *first = pair;
      while (first < pair_end && g_ascii_isspace (*first))
        first++;
      if (first == pair_end)
        continue; /* an empty list, or a stray comma */
      if (equals == NULL)
        {
          /* report the first bad pair, keep reading the others */
          if (error_message && *error_message == NULL)
            {
              g_autofree char *whole = g_malloc (pair_end - pair + 1);
              unescape_trimmed (whole, pair, pair_end);
              *error_message = g_strdup_printf (_ ("attribute “%s” has no “=”"), whole);
            }
          ok = FALSE;
          continue;
        }
      g_ptr_array_add (pairs->keys, out);
      out = unescape_trimmed (out, pair, equals);
      g_ptr_array_add (pairs->values, out);
      out = unescape_trimmed (out, equals + 1, pair_end);
    }
  pairs->used = out - pairs->buffer;
  return ok;
}

/* ---- attributes --------------------------------------------------------- */

/* Pairs split on unescaped ',' then on the first unescaped '='. */
gboolean
chrono_etf_parse_attributes (const char *text, GPtrArray *keys, GPtrArray *values, char **error_message)
{
  Pairs pairs;
  pairs_init (&pairs);
  gboolean ok = pairs_parse (&pairs, text, strlen (text), error_message);
  for (guint i = 0; i < pairs.keys->len; i++)
    {
      g_ptr_array_add (keys, g_strdup (g_ptr_array_index (pairs.keys, i)));
      g_ptr_array_add (values, g_strdup (g_ptr_array_index (pairs.values, i)));
    }
  pairs_clear (&pairs);
  return ok;
}

static guint32
hash_text (const char *text, gsize length)
{
  guint64 h = length * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  gsize i = 0;
  for (; i + 8 <= length; i += 8)
    {
      guint64 word;
      memcpy (&word, text + i, 8);
      h = (h ^ word) * G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
      h ^= h >> 32;
    }
  guint64 tail = 0;
  memcpy (&tail, text + i, length - i);
  h = (h ^ tail) * G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  return (guint32) (h ^ (h >> 29));
}

static gboolean
parse_pairs (EtfReader *r, const char *text, gsize length)
{
  g_autofree char *error = NULL;
  if (pairs_parse (&r->pairs, text, length, &error))
    return TRUE;
  chrono_warnings_add (r->warnings, r->line, "bad attribute", _ ("%s; it is ignored, the other pairs are kept"), error);
  return FALSE;
}

static guint32
push_pairs (EtfReader *r)
{
  return chrono_etf_interner_push (r->interner, r->pairs.buffer, r->pairs.used, r->pairs.keys->len);
}

/* The ticket of the set (chrono-etf-store.h); text holds no NUL. */
static guint32
intern_attributes (EtfReader *r, const char *text, gsize length)
{
  if (text == NULL || length == 0)
    return 0;
  AttrCacheEntry *entry = NULL;
  guint32 hash = 0;
  if (length <= ATTR_CACHE_TEXT)
    {
      hash = hash_text (text, length);
      entry = &r->attr_cache[hash & (ATTR_CACHE_SLOTS - 1)];
      if (entry->length == length && entry->hash == hash && memcmp (entry->text, text, length) == 0)
        return entry->ticket;
    }
  gboolean ok = parse_pairs (r, text, length);
  guint32 ticket = push_pairs (r);
  /* a text with a bad pair must warn every time it is read */
  if (entry != NULL && ok)
    {
      entry->hash = hash;
      entry->length = length;
      entry->ticket = ticket;
      memcpy (entry->text, text, length);
    }
  return ticket;
}

/* ---- fields ------------------------------------------------------------- */

static gint64
to_ticks (EtfReader *r, double value)
{
  return (gint64) llround (value * (double) r->ticks_per_unit);
}

/* Whether a time stamp fits the 64-bit ticks of this unit (±106 days in ps, ±292 years in ns). */
static gboolean
time_fits (EtfReader *r, double value)
{
  return fabs (value * (double) r->ticks_per_unit) < 9.2e18;
}

static void
bad_line (EtfReader *r, const char *tag, const char *why)
{
  chrono_warnings_add (r->warnings, r->line, "malformed line", _ ("%s line: %s; the line is skipped"), tag, why);
}

/* ---- records ------------------------------------------------------------ */

/* Each unit as a whole number of ticks, and ticks per second: ps ticks for
 * the small units keep fractions of a nanosecond, ns ticks for the rest. */
static const struct {
  const char *name;
  gint64 ticks_per_unit;
  gint64 ticks_per_second;
} units[] = {
  { "NANOSECONDS", 1000, G_GINT64_CONSTANT (1000000000000) },
  { "MICROSECONDS", 1000000, G_GINT64_CONSTANT (1000000000000) },
  { "MILLISECONDS", 1000000, 1000000000 },
  { "SECONDS", 1000000000, 1000000000 },
  { "MINUTES", G_GINT64_CONSTANT (60000000000), 1000000000 },
  { "HOURS", G_GINT64_CONSTANT (3600000000000), 1000000000 },
};
#define SECONDS_UNIT 3

static void
set_unit (EtfReader *r, guint unit)
{
  r->ticks_per_unit = units[unit].ticks_per_unit;
  r->ticks_per_second = units[unit].ticks_per_second;
  /* keep a wall-clock origin an O line may already have given */
  ChronoClock clock = *chrono_trace_get_clock (r->trace);
  clock.ticks_per_second = r->ticks_per_second;
  chrono_trace_set_clock (r->trace, &clock);
}

static void
read_unit (EtfReader *r, char **fields, guint n)
{
  if (n != 2)
    return bad_line (r, "TU", _ ("it needs one time unit"));
  if (r->have_unit)
    {
      chrono_warnings_add (r->warnings, r->line, "repeated header", _ ("a second TU line; the first one counts"));
      return;
    }
  if (r->records > 0)
    chrono_warnings_add (r->warnings, r->line, "late header",
                         _ ("TU comes after records; every time stamp is read in this unit"));
  for (gsize i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_ascii_strcasecmp (fields[1], units[i].name) == 0)
      {
        set_unit (r, i);
        r->have_unit = TRUE;
        chrono_trace_add_metadata (r->trace, "TU", units[i].name);
        return;
      }
  bad_line (r, "TU", _ ("the unit must be NANOSECONDS, MICROSECONDS, MILLISECONDS, SECONDS, MINUTES or HOURS"));
}

static void
read_offset (EtfReader *r, char **fields, guint n)
{
  gint64 ms;
  if (n != 2 || !parse_id (fields[1], &ms))
    return bad_line (r, "O", _ ("it needs one integer (milliseconds since the Unix epoch)"));
  if (r->have_offset)
    {
      chrono_warnings_add (r->warnings, r->line, "repeated header", _ ("a second O line; the first one counts"));
      return;
    }
  r->have_offset = TRUE;
  ChronoClock clock = *chrono_trace_get_clock (r->trace);
  clock.has_wall_clock = TRUE;
  clock.wall_clock_us = ms * 1000;
  chrono_trace_set_clock (r->trace, &clock);
  chrono_trace_add_metadata (r->trace, "O", fields[1]);
}

/* The pairs are the metadata as the set would give them back; the set is
 * still interned, in its turn, so later sets keep their ids. */
static void
read_trace_attributes (EtfReader *r, const char *text, gsize length)
{
  parse_pairs (r, text, length);
  push_pairs (r);
  for (guint i = 0; i < r->pairs.keys->len; i++)
    chrono_trace_add_metadata (r->trace, g_ptr_array_index (r->pairs.keys, i), g_ptr_array_index (r->pairs.values, i));
}

static void
read_event (EtfReader *r, const Fields *f)
{
  Event event = { .line = r->line };
  if (f->n != 3 || !parse_id (f->field[1], &event.id) || !parse_real (f->field[2], &event.t))
    return bad_line (r, "E", _ ("expected “E <id> <time> ; <attributes>”"));
  if (!time_fits (r, event.t))
    return bad_line (r, "E", _ ("the time is too large for the time unit"));
  event.attrs = intern_attributes (r, f->attributes, f->attributes_length);
  g_array_append_val (r->events, event);
  r->records++;
}

/* The index of a resource id in resource_refs, added on first mention. */
static guint32
resource_ref (EtfReader *r, gint64 id)
{
  guint32 index = chrono_etf_ids_insert (&r->resource_ids, id, r->resource_refs->len);
  if (index == r->resource_refs->len)
    {
      ResourceRef ref = { id, CHRONO_ETF_NO_INDEX };
      g_array_append_val (r->resource_refs, ref);
    }
  return index;
}

static void
read_resource (EtfReader *r, const Fields *f)
{
  char *const *fields = f->field;
  Resource resource = { .line = r->line };
  if (f->n != 4 || !parse_id (fields[1], &resource.id) || !parse_real (fields[2], &resource.capacity)
      || (g_ascii_strcasecmp (fields[3], "true") != 0 && g_ascii_strcasecmp (fields[3], "false") != 0))
    return bad_line (r, "R", _ ("expected “R <id> <capacity> true|false ; <attributes>”"));
  if (resource.capacity <= 0)
    return bad_line (r, "R", _ ("the capacity must be positive"));
  resource.uses_offset = g_ascii_strcasecmp (fields[3], "true") == 0;
  resource.attrs = intern_attributes (r, f->attributes, f->attributes_length);
  resource_ref (r, resource.id);
  g_array_append_val (r->resources, resource);
  r->records++;
}

static void
read_claim (EtfReader *r, const Fields *f)
{
  char *const *fields = f->field;
  guint n = f->n;
  ChronoEtfClaim claim = { .line = r->line, .activity = CHRONO_ETF_NO_INDEX };
  gint64 resource;
  if ((n != 6 && n != 7) || !parse_id (fields[1], &claim.id) || !parse_real (fields[2], &claim.t0)
      || !parse_real (fields[3], &claim.t1) || !parse_id (fields[4], &resource))
    return bad_line (r, "C", _ ("expected “C <id> <t0> <t1> <resource> [<offset>] <amount> ; <attributes>”"));
  double numbers[2]; /* [offset, amount] or [amount] */
  guint n_numbers = n - 5;
  for (guint i = 0; i < n_numbers; i++)
    if (!parse_real (fields[5 + i], &numbers[i]))
      return bad_line (r, "C", _ ("the offset and the amount must be numbers"));
  if (!time_fits (r, claim.t0) || !time_fits (r, claim.t1))
    return bad_line (r, "C", _ ("a time is too large for the time unit"));
  if (claim.t1 < claim.t0)
    {
      chrono_warnings_add (r->warnings, r->line, "claim ends before it starts",
                           _ ("claim %" PRId64 " ends at %g before it starts at %g; start and end are swapped"),
                           claim.id, claim.t1, claim.t0);
      double t = claim.t0;
      claim.t0 = claim.t1;
      claim.t1 = t;
    }
  claim.amount = numbers[n_numbers - 1];
  claim.offset = n_numbers == 2 ? numbers[0] : 0.0;
  claim.resource = resource_ref (r, resource) | (n_numbers == 2 ? CHRONO_ETF_CLAIM_HAS_OFFSET : 0);
  claim.attrs = intern_attributes (r, f->attributes, f->attributes_length);
  *chrono_etf_claims_append (&r->claims) = claim;
  r->records++;
}

static void
read_dependency (EtfReader *r, const Fields *f)
{
  char *const *fields = f->field;
  Dependency dependency = { .line = r->line };
  if (f->n != 5 || !parse_id (fields[1], &dependency.id) || !parse_id (fields[2], &dependency.type)
      || !parse_id (fields[3], &dependency.src) || !parse_id (fields[4], &dependency.dst))
    return bad_line (r, "D", _ ("expected “D <id> <type> <source> <destination> ; <attributes>”"));
  if (dependency.type < 0 || dependency.type > 8)
    return bad_line (r, "D", _ ("the type must be 0 to 8"));
  dependency.attrs = intern_attributes (r, f->attributes, f->attributes_length);
  g_array_append_val (r->dependencies, dependency);
  r->records++;
}

static void
free_signal (gpointer data)
{
  Signal *signal = data;
  g_clear_pointer (&signal->fragments, g_array_unref);
  g_free (signal);
}

static Signal *
ensure_signal (EtfReader *r, gint64 id)
{
  guint32 index = chrono_etf_ids_insert (&r->signal_ids, id, r->signal_order->len);
  if (index < r->signal_order->len)
    return g_ptr_array_index (r->signal_order, index);
  Signal *signal = g_new0 (Signal, 1);
  signal->id = id;
  signal->line = r->line;
  signal->fragments = g_array_new (FALSE, FALSE, sizeof (RawFragment));
  g_ptr_array_add (r->signal_order, signal);
  return signal;
}

static void
read_signal (EtfReader *r, const Fields *f)
{
  gint64 id;
  if (f->n != 2 || !parse_id (f->field[1], &id))
    return bad_line (r, "S", _ ("expected “S <id> ; <attributes>”"));
  Signal *signal = ensure_signal (r, id);
  if (signal->declared)
    {
      chrono_warnings_add (r->warnings, r->line, "duplicate id", _ ("signal %" PRId64 " is declared twice"), id);
      return;
    }
  signal->declared = TRUE;
  signal->line = r->line;
  signal->attrs = intern_attributes (r, f->attributes, f->attributes_length);
  r->records++;
}

static void
read_fragment (EtfReader *r, const Fields *f)
{
  gint64 id;
  double v[5];
  if (f->n != 7 || !parse_id (f->field[1], &id))
    return bad_line (r, "F", _ ("expected “F <signal> <t0> <t1> <c> <b> <a>”"));
  for (int i = 0; i < 5; i++)
    if (!parse_real (f->field[2 + i], &v[i]))
      return bad_line (r, "F", _ ("the times and coefficients must be numbers"));
  if (v[1] < v[0])
    return bad_line (r, "F", _ ("the fragment ends before it begins"));
  if (!time_fits (r, v[0]) || !time_fits (r, v[1]))
    return bad_line (r, "F", _ ("a time is too large for the time unit"));
  Signal *signal = ensure_signal (r, id);
  if (signal->has_end && v[0] != signal->last_t1)
    chrono_warnings_add (r->warnings, r->line, "fragments not consecutive",
                         _ ("signal %" PRId64 ": this fragment starts at %g, the previous one ended at %g (%s)"), id,
                         v[0], signal->last_t1, v[0] > signal->last_t1 ? _ ("a gap") : _ ("an overlap"));
  signal->has_end = TRUE;
  signal->last_t1 = v[1];
  RawFragment fragment = { v[0], v[1], v[2], v[3], v[4] };
  g_array_append_val (signal->fragments, fragment);
  r->records++;
}

typedef enum {
  TAG_OTHER,
  TAG_T,
  TAG_TU,
  TAG_O,
  TAG_E,
  TAG_R,
  TAG_C,
  TAG_D,
  TAG_S,
  TAG_F,
  TAG_TIME_SERIES, /* TS, TSS, TSP, TSR */
} Tag;

static Tag
tag_of (const char *tag, gsize length)
{
  if (length == 1)
    switch (tag[0])
      {
      case 'T': return TAG_T;
      case 'O': return TAG_O;
      case 'E': return TAG_E;
      case 'R': return TAG_R;
      case 'C': return TAG_C;
      case 'D': return TAG_D;
      case 'S': return TAG_S;
      case 'F': return TAG_F;
      default: return TAG_OTHER;
      }
  if (length == 2 && tag[0] == 'T' && tag[1] == 'U')
    return TAG_TU;
  if (length == 2 && tag[0] == 'T' && tag[1] == 'S')
    return TAG_TIME_SERIES;
  if (length == 3 && tag[0] == 'T' && tag[1] == 'S' && (tag[2] == 'S' || tag[2] == 'P' || tag[2] == 'R'))
    return TAG_TIME_SERIES;
  return TAG_OTHER;
}

/* text is NUL-terminated at end and holds no other NUL. */
static void
read_line (EtfReader *r, char *text, char *end)
{
  while (*text == ' ' || *text == '\t')
    text++;
  if (*text == '\0' || *text == '#')
    return;
  /* the tag is the first word */
  char *tag_end = text;
  while (*tag_end && *tag_end != ' ' && *tag_end != '\t' && *tag_end != ';')
    tag_end++;
  Tag tag = tag_of (text, tag_end - text);
  if (tag == TAG_T)
    return read_trace_attributes (r, tag_end, end - tag_end);
  if (tag == TAG_OTHER || tag == TAG_TIME_SERIES)
    {
      g_autofree char *name = g_strndup (text, tag_end - text);
      if (tag == TAG_TIME_SERIES)
        chrono_warnings_add (r->warnings, r->line, "unsupported record",
                             _ ("time-series lines (%s) are not shown yet; the line is skipped"), name);
      else
        chrono_warnings_add (r->warnings, r->line, "unknown record", _ ("unknown record “%s”; the line is skipped"),
                             name);
      return;
    }
  Fields fields;
  split_fields (text, end, tag != TAG_F && tag != TAG_TU && tag != TAG_O, &fields);
  switch (tag)
    {
    case TAG_TU: read_unit (r, fields.field, fields.n); break;
    case TAG_O: read_offset (r, fields.field, fields.n); break;
    case TAG_E: read_event (r, &fields); break;
    case TAG_R: read_resource (r, &fields); break;
    case TAG_C: read_claim (r, &fields); break;
    case TAG_D: read_dependency (r, &fields); break;
    case TAG_S: read_signal (r, &fields); break;
    case TAG_F: read_fragment (r, &fields); break;
    default: g_assert_not_reached ();
    }
}

/* "hid, name": the attributes whose values name an activity lane. */
static void
set_grouping (EtfReader *r, const char *keys)
{
  g_ptr_array_set_size (r->grouping, 0);
  g_auto (GStrv) names = g_strsplit (keys, ",", -1);
  for (guint k = 0; names[k]; k++)
    if (*g_strstrip (names[k]))
      g_ptr_array_add (r->grouping, g_strdup (names[k]));
}

/* ---- the .view file ----------------------------------------------------- */

/* TRACE4CPS saves a view as "key : value" lines; claimGrouping and
 * claimColoring name attributes. */
static void
read_view_file (EtfReader *r)
{
  g_autofree char *base = g_strdup (r->path);
  char *dot = strrchr (base, '.');
  if (dot != NULL && strchr (dot, G_DIR_SEPARATOR) == NULL)
    *dot = '\0';
  g_autofree char *view_path = g_strconcat (base, ".view", NULL);
  g_autofree char *contents = NULL;
  if (!g_file_get_contents (view_path, &contents, NULL, NULL))
    return;
  g_auto (GStrv) lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      char *colon = strchr (lines[i], ':');
      if (colon == NULL)
        continue;
      *colon = '\0';
      char *key = g_strstrip (lines[i]), *value = g_strstrip (colon + 1);
      if (strcmp (key, "claimGrouping") == 0 && *value)
        {
          set_grouping (r, value);
        }
      else if (strcmp (key, "claimColoring") == 0 && *value)
        {
          g_free (r->colouring);
          r->colouring = g_strdup (value);
        }
    }
  g_autofree char *view_name = g_path_get_basename (view_path);
  chrono_trace_add_metadata (r->trace, "view", view_name);
}

/* The viewer's choices (trace options) win over the .view file:
 * "grouping" = "key, key", "colouring" = "key", "filter" = "key=v1|v2; key2=v3". */
static void
read_options (EtfReader *r)
{
  const char *grouping = chrono_trace_get_option (r->trace, "grouping");
  if (grouping != NULL)
    {
      set_grouping (r, grouping);
    }
  const char *colouring = chrono_trace_get_option (r->trace, "colouring");
  if (colouring != NULL)
    {
      g_free (r->colouring);
      r->colouring = *colouring ? g_strdup (colouring) : NULL;
    }
  const char *filter = chrono_trace_get_option (r->trace, "filter");
  if (filter == NULL || *filter == '\0')
    return;
  r->filter = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  g_auto (GStrv) clauses = g_strsplit (filter, ";", -1);
  for (guint i = 0; clauses[i]; i++)
    {
      char *equals = strchr (clauses[i], '=');
      if (equals == NULL)
        continue;
      *equals = '\0';
      GPtrArray *allowed = g_ptr_array_new_with_free_func (g_free);
      g_auto (GStrv) values = g_strsplit (equals + 1, "|", -1);
      for (guint v = 0; values[v]; v++)
        g_ptr_array_add (allowed, g_strdup (g_strstrip (values[v])));
      g_hash_table_replace (r->filter, g_strdup (g_strstrip (clauses[i])), allowed);
    }
}

static gboolean
passes_filter (EtfReader *r, guint32 attrs)
{
  if (r->filter == NULL)
    return TRUE;
  GHashTableIter iter;
  gpointer key, allowed;
  g_hash_table_iter_init (&iter, r->filter);
  while (g_hash_table_iter_next (&iter, &key, &allowed))
    {
      const char *value = chrono_attrs_lookup (r->attrs, attrs, key);
      if (value == NULL || !g_ptr_array_find_with_equal_func (allowed, value, g_str_equal, NULL))
        return FALSE;
    }
  return TRUE;
}

/* ---- building the lanes ------------------------------------------------- */

static const char *
name_of (EtfReader *r, guint32 attrs)
{
  return chrono_attrs_lookup (r->attrs, attrs, "name");
}

static ChronoLane *
add_group (EtfReader *r, const char *name)
{
  g_autoptr (ChronoLane) group = chrono_lane_new (name, CHRONO_LANE_GROUP, NULL);
  chrono_trace_add_lane (r->trace, group);
  return group;
}

static void
build_resources (EtfReader *r, ChronoLane *group)
{
  for (guint i = 0; i < r->resources->len; i++)
    {
      Resource *res = &g_array_index (r->resources, Resource, i);
      ResourceRef *ref =
          &g_array_index (r->resource_refs, ResourceRef, chrono_etf_ids_lookup (&r->resource_ids, res->id));
      if (ref->resource != CHRONO_ETF_NO_INDEX)
        {
          chrono_warnings_add (r->warnings, res->line, "duplicate id",
                               _ ("resource %" PRId64 " is declared twice; the first one counts"), res->id);
          continue;
        }
      const char *name = name_of (r, res->attrs);
      g_autofree char *fallback = g_strdup_printf ("Resource %" PRId64, res->id);
      g_autoptr (ChronoLane) lane = chrono_lane_new (name ? name : fallback, CHRONO_LANE_RESOURCE, "R");
      chrono_lane_set_source (lane, res->id, res->attrs, 0.0 + res->capacity);
      chrono_lane_append_child (group, lane);
      res->lane = lane;
      ref->resource = i;
      res->placed = g_array_new (FALSE, FALSE, sizeof (PlacedClaim));
    }
}

/* The lowest offset where amount fits beside the claims still running at start. */
static double
pack_claim (Resource *res, gint64 start, gint64 end, double amount)
{
  for (guint i = res->placed->len; i > 0; i--)
    if (g_array_index (res->placed, PlacedClaim, i - 1).end <= start)
      g_array_remove_index_fast (res->placed, i - 1);
  double offset = 0.0;
  gboolean moved = TRUE;
  while (moved)
    {
      moved = FALSE;
      for (guint i = 0; i < res->placed->len; i++)
        {
          PlacedClaim *p = &g_array_index (res->placed, PlacedClaim, i);
          if (offset < p->offset + p->amount && p->offset < offset + amount)
            {
              offset = p->offset + p->amount;
              moved = TRUE;
            }
        }
    }
  /* the free room may be split into pieces too small for this claim although
   * the total in use fits: then it overlaps others rather than being drawn
   * above the resource's capacity */
  if (offset + amount > res->capacity)
    offset = MAX (res->capacity - amount, 0.0);
  PlacedClaim placed = { offset, amount, end };
  g_array_append_val (res->placed, placed);
  return offset;
}

static Resource *
claim_resource (EtfReader *r, const ChronoEtfClaim *claim)
{
  const ResourceRef *ref =
      &g_array_index (r->resource_refs, ResourceRef, claim->resource & ~CHRONO_ETF_CLAIM_HAS_OFFSET);
  return ref->resource == CHRONO_ETF_NO_INDEX ? NULL : &g_array_index (r->resources, Resource, ref->resource);
}

static gboolean
resolve_claim (EtfReader *r, const ChronoEtfClaim *claim, Resource **out_resource)
{
  Resource *res = claim_resource (r, claim);
  if (res == NULL)
    {
      const ResourceRef *ref =
          &g_array_index (r->resource_refs, ResourceRef, claim->resource & ~CHRONO_ETF_CLAIM_HAS_OFFSET);
      chrono_warnings_add (
          r->warnings, claim->line, "unknown reference",
          _ ("claim %" PRId64 " names resource %" PRId64 ", which no R line declares; the claim is skipped"), claim->id,
          ref->id);
      return FALSE;
    }
  if (((claim->resource & CHRONO_ETF_CLAIM_HAS_OFFSET) != 0) != res->uses_offset)
    {
      chrono_warnings_add (r->warnings, claim->line, "malformed line",
                           _ ("claim %" PRId64 ": resource %" PRId64 " %s, so the claim needs %s after "
                              "the resource; the claim is skipped"),
                           claim->id, res->id, res->uses_offset ? _ ("uses offsets") : _ ("does not use offsets"),
                           res->uses_offset ? _ ("an offset and an amount") : _ ("only an amount"));
      return FALSE;
    }
  if (claim->amount <= 0)
    {
      chrono_warnings_add (r->warnings, claim->line, "malformed line",
                           _ ("claim %" PRId64 ": the amount must be positive; the claim is skipped"), claim->id);
      return FALSE;
    }
  *out_resource = res;
  return TRUE;
}

/* Placing claims asks each attribute set for the same few keys; they are
 * compared as interned texts (one pointer per string) rather than looked up
 * by name for every claim. */
enum { KEY_NAME, KEY_COLOURING, KEY_GROUPING };

#define LANE_CACHE_SLOTS 1024
#define LANE_CACHE_VALUES 4 /* longer groupings are not cached */
#define LABEL_CACHE_SLOTS 256

typedef struct {
  const char *values[LANE_CACHE_VALUES];
  guint32 resource;
  guint32 activity; /* CHRONO_ETF_NO_INDEX: empty slot */
} LaneCacheEntry;

typedef struct {
  const char *value;
  guint32 label;
} LabelCacheEntry;

typedef struct {
  ChronoLane *group;
  GArray *activities; /* Activity */
  GHashTable *by_name; /* lane name -> index + 1 in activities */
  const char **keys; /* KEY_NAME, KEY_COLOURING, then the grouping keys: interned texts or NULL */
  const char **values; /* scratch: their values in one attribute set */
  guint n_keys;
  GString *name; /* scratch */
  LaneCacheEntry lane_cache[LANE_CACHE_SLOTS];
  LabelCacheEntry label_cache[LABEL_CACHE_SLOTS];
} Placement;

static const char *
interned_key (EtfReader *r, const char *key)
{
  ChronoStrings *strings = chrono_trace_get_strings (r->trace);
  guint32 id = key ? chrono_strings_lookup (strings, key) : CHRONO_STRING_NONE;
  /* a key no set holds matches nothing, as chrono_attrs_lookup finds nothing */
  return id == CHRONO_STRING_NONE ? NULL : chrono_strings_get (strings, id);
}

static Placement *
placement_new (EtfReader *r, ChronoLane *group)
{
  Placement *p = g_new0 (Placement, 1);
  p->group = group;
  p->activities = g_array_new (FALSE, FALSE, sizeof (Activity));
  p->by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  p->n_keys = KEY_GROUPING + r->grouping->len;
  p->keys = g_new0 (const char *, p->n_keys);
  p->values = g_new0 (const char *, p->n_keys);
  p->keys[KEY_NAME] = interned_key (r, "name");
  p->keys[KEY_COLOURING] = interned_key (r, r->colouring);
  for (guint i = 0; i < r->grouping->len; i++)
    p->keys[KEY_GROUPING + i] = interned_key (r, g_ptr_array_index (r->grouping, i));
  p->name = g_string_new (NULL);
  for (guint i = 0; i < LANE_CACHE_SLOTS; i++)
    p->lane_cache[i].activity = CHRONO_ETF_NO_INDEX;
  return p;
}

static void
placement_free (Placement *p)
{
  for (guint i = 0; i < p->activities->len; i++)
    g_array_unref (g_array_index (p->activities, Activity, i).slot_ends);
  g_array_unref (p->activities);
  g_hash_table_unref (p->by_name);
  g_free (p->keys);
  g_free (p->values);
  g_string_free (p->name, TRUE);
  g_free (p);
}

/* The first value of each key in the set, as chrono_attrs_lookup gives it. */
static void
find_values (EtfReader *r, Placement *p, guint32 set)
{
  for (guint k = 0; k < p->n_keys; k++)
    p->values[k] = NULL;
  guint n = chrono_attrs_get_n_pairs (r->attrs, set);
  for (guint i = 0; i < n; i++)
    {
      const char *key = chrono_attrs_get_key (r->attrs, set, i);
      for (guint k = 0; k < p->n_keys; k++)
        if (p->values[k] == NULL && key == p->keys[k])
          p->values[k] = chrono_attrs_get_value (r->attrs, set, i);
    }
}

static guint32
pointer_hash (gconstpointer pointer)
{
  guint64 h = (guint64) (guintptr) pointer * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  return (guint32) (h >> 32);
}

/* The label that colours a claim: the colouring attribute, else its name. */
static guint32
claim_label (EtfReader *r, Placement *p)
{
  const char *value = p->values[KEY_COLOURING];
  if (value == NULL)
    value = p->values[KEY_NAME];
  if (value == NULL)
    return CHRONO_STRING_NONE;
  LabelCacheEntry *entry = &p->label_cache[pointer_hash (value) & (LABEL_CACHE_SLOTS - 1)];
  if (entry->value != value)
    {
      entry->value = value;
      entry->label = chrono_strings_intern (chrono_trace_get_strings (r->trace), value);
    }
  return entry->label;
}

/* The activity lane of a claim: the values of the grouping attributes. */
static guint32
activity_lane (EtfReader *r, Placement *p, guint32 resource, Resource *res)
{
  const char **values = p->values + KEY_GROUPING;
  guint n = p->n_keys - KEY_GROUPING;
  LaneCacheEntry *entry = NULL;
  if (n <= LANE_CACHE_VALUES)
    {
      guint32 hash = resource;
      for (guint i = 0; i < n; i++)
        hash = hash * 31 + pointer_hash (values[i]);
      entry = &p->lane_cache[hash & (LANE_CACHE_SLOTS - 1)];
      gboolean same = entry->activity != CHRONO_ETF_NO_INDEX && entry->resource == resource;
      for (guint i = 0; i < n && same; i++)
        same = entry->values[i] == values[i];
      if (same)
        return entry->activity;
    }
  GString *key = p->name;
  g_string_truncate (key, 0);
  for (guint i = 0; i < n; i++)
    if (values[i] != NULL)
      {
        if (key->len)
          g_string_append (key, ", ");
        g_string_append (key, values[i]);
      }
  if (key->len == 0) /* no grouping attribute: the claim's resource */
    g_string_append (key, chrono_lane_get_name (res->lane));
  guint32 activity = GPOINTER_TO_UINT (g_hash_table_lookup (p->by_name, key->str)) - 1;
  if (activity == CHRONO_ETF_NO_INDEX)
    {
      g_autoptr (ChronoLane) created = chrono_lane_new (key->str, CHRONO_LANE_ACTIVITY, "C");
      chrono_lane_append_child (p->group, created);
      Activity lane = { created, chrono_lane_ensure_spans (created), g_array_new (FALSE, FALSE, sizeof (gint64)) };
      activity = p->activities->len;
      g_array_append_val (p->activities, lane);
      g_hash_table_insert (p->by_name, g_strdup (key->str), GUINT_TO_POINTER (activity + 1));
    }
  if (entry != NULL)
    {
      for (guint i = 0; i < n; i++)
        entry->values[i] = values[i];
      entry->resource = resource;
      entry->activity = activity;
    }
  return activity;
}

/* Concurrent claims of one activity lane go on separate sub-rows. */
static guint16
free_slot (GArray *slot_ends, gint64 start, gint64 end)
{
  for (guint i = 0; i < slot_ends->len; i++)
    if (g_array_index (slot_ends, gint64, i) <= start)
      {
        g_array_index (slot_ends, gint64, i) = end;
        return i;
      }
  g_array_append_val (slot_ends, end);
  return slot_ends->len - 1;
}

/* First pass, in time order (packing and sub-rows need it; producers write
 * claims in end order, as POOSL does, or any order): which claims are kept
 * and on which activity lane, so dependencies can be joined before the
 * spans are made. */
static void
place_claims (EtfReader *r, Placement *p)
{
  for (guint i = 0; i < r->claims.n; i++)
    {
      ChronoEtfClaim *claim = chrono_etf_claims_get (&r->claims, i);
      Resource *res;
      claim->activity = CHRONO_ETF_NO_INDEX;
      if (!resolve_claim (r, claim, &res) || !passes_filter (r, claim->attrs))
        continue;
      chrono_trace_include_time (r->trace, to_ticks (r, claim->t0));
      chrono_trace_include_time (r->trace, to_ticks (r, claim->t1));
      find_values (r, p, claim->attrs);
      claim->label = claim_label (r, p);
      claim->activity = activity_lane (r, p, claim->resource & ~CHRONO_ETF_CLAIM_HAS_OFFSET, res);
    }
}

/* Second pass: the spans.  Resource lanes and activity lanes are separate
 * stores, so they are filled on two threads; a chunk of claims is freed
 * once both have read it, so the claims and their spans are not all held at
 * once. */
typedef struct {
  EtfReader *r;
  Placement *p;
  gint *readers; /* per chunk: the threads still to read it */
} Fill;

static void
done_with_claim (Fill *fill, guint i)
{
  ChronoEtfClaims *claims = &fill->r->claims;
  if ((i & (CHRONO_ETF_CLAIM_CHUNK - 1)) == CHRONO_ETF_CLAIM_CHUNK - 1 || i + 1 == claims->n)
    if (g_atomic_int_dec_and_test (&fill->readers[i >> CHRONO_ETF_CLAIM_CHUNK_BITS]))
      chrono_etf_claims_release_chunk (claims, i);
}

static gpointer
fill_activities (gpointer data)
{
  Fill *fill = data;
  EtfReader *r = fill->r;
  for (guint i = 0; i < r->claims.n; i++)
    {
      const ChronoEtfClaim *claim = chrono_etf_claims_get (&r->claims, i);
      if (claim->activity != CHRONO_ETF_NO_INDEX)
        {
          Activity *activity = &g_array_index (fill->p->activities, Activity, claim->activity);
          gint64 start = to_ticks (r, claim->t0), end = to_ticks (r, claim->t1);
          ChronoSpan span = { start,
                              end,
                              CHRONO_STATE_BUSY,
                              0,
                              free_slot (activity->slot_ends, start, end),
                              claim->label,
                              CHRONO_NO_INSTANCE,
                              claim->attrs };
          chrono_spans_append (activity->spans, &span);
        }
      done_with_claim (fill, i);
    }
  return NULL;
}

static void
fill_resources (Fill *fill)
{
  EtfReader *r = fill->r;
  for (guint i = 0; i < r->claims.n; i++)
    {
      const ChronoEtfClaim *claim = chrono_etf_claims_get (&r->claims, i);
      if (claim->activity != CHRONO_ETF_NO_INDEX)
        {
          Resource *res = claim_resource (r, claim);
          gint64 start = to_ticks (r, claim->t0), end = to_ticks (r, claim->t1);
          double offset = claim->offset;
          if (!res->uses_offset)
            offset = pack_claim (res, start, end, claim->amount);
          ChronoSpan span = { start, end, CHRONO_STATE_BUSY, 0, 0, claim->label, CHRONO_NO_INSTANCE, claim->attrs };
          ChronoExtent extent = { offset, claim->amount };
          if (res->spans == NULL)
            res->spans = chrono_lane_ensure_spans (res->lane);
          chrono_spans_append_with_extent (res->spans, &span, &extent);
        }
      done_with_claim (fill, i);
    }
}

static void
fill_claim_lanes (EtfReader *r, Placement *p)
{
  guint n_chunks = r->claims.chunks->len;
  Fill fill = { r, p, g_new (gint, n_chunks) };
  for (guint c = 0; c < n_chunks; c++)
    fill.readers[c] = 2;
  GThread *worker = g_thread_new ("etf-activities", fill_activities, &fill);
  fill_resources (&fill);
  g_thread_join (worker);
  g_free (fill.readers);
  for (guint i = 0; i < r->resources->len; i++)
    g_clear_pointer (&g_array_index (r->resources, Resource, i).placed, g_array_unref);
}

static void
build_events (EtfReader *r, ChronoLane *group, ChronoLane **out_lane)
{
  if (r->events->len == 0)
    return;
  g_autoptr (ChronoLane) lane = chrono_lane_new (N_ ("Events"), CHRONO_LANE_EVENTS, "E");
  chrono_lane_set_name_is_ours (lane, TRUE);
  chrono_lane_append_child (group, lane);
  ChronoStrings *strings = chrono_trace_get_strings (r->trace);
  guint32 event_kind = chrono_strings_intern (strings, "event");
  for (guint i = 0; i < r->events->len; i++)
    {
      Event *event = &g_array_index (r->events, Event, i);
      const char *name = name_of (r, event->attrs);
      gint64 time = to_ticks (r, event->t);
      chrono_trace_include_time (r->trace, time);
      ChronoMark mark = { time, name ? chrono_strings_intern (strings, name) : event_kind, CHRONO_STRING_NONE,
                          CHRONO_STRING_NONE, event->attrs };
      chrono_marks_append (chrono_lane_ensure_marks (lane), &mark);
    }
  *out_lane = lane;
}

/* A coefficient per unit^power as per second^power, with exact factors:
 * units per second is a whole number for ns…s, seconds per unit for min and h. */
static double
per_second (EtfReader *r, double coefficient, int power)
{
  double factor;
  if (r->ticks_per_second >= r->ticks_per_unit)
    {
      factor = (double) (r->ticks_per_second / r->ticks_per_unit);
      return power == 1 ? coefficient * factor : coefficient * (factor * factor);
    }
  factor = (double) (r->ticks_per_unit / r->ticks_per_second);
  return power == 1 ? coefficient / factor : coefficient / (factor * factor);
}

static void
build_signals (EtfReader *r, ChronoLane *group)
{
  for (guint i = 0; i < r->signal_order->len; i++)
    {
      Signal *signal = g_ptr_array_index (r->signal_order, i);
      if (!signal->declared)
        chrono_warnings_add (r->warnings, signal->line, "unknown reference",
                             _ ("fragments of signal %" PRId64 " but no S line declares it"), signal->id);
      else if (signal->fragments->len == 0)
        chrono_warnings_add (r->warnings, signal->line, "empty signal", _ ("signal %" PRId64 " has no F line"),
                             signal->id);
      const char *name = name_of (r, signal->attrs);
      g_autofree char *fallback = g_strdup_printf ("Signal %" PRId64, signal->id);
      g_autoptr (ChronoLane) lane = chrono_lane_new (name ? name : fallback, CHRONO_LANE_SIGNAL, "S");
      chrono_lane_set_source (lane, signal->id, signal->attrs, 0.0);
      chrono_lane_append_child (group, lane);
      ChronoSignal *values = chrono_lane_ensure_signal (lane, r->ticks_per_second);
      for (guint f = 0; f < signal->fragments->len; f++)
        {
          const RawFragment *raw = &g_array_index (signal->fragments, RawFragment, f);
          ChronoFragment fragment = { to_ticks (r, raw->t0), to_ticks (r, raw->t1), raw->c, per_second (r, raw->b, 1),
                                      per_second (r, raw->a, 2) };
          chrono_signal_append (values, &fragment);
          chrono_trace_include_time (r->trace, fragment.t0);
          chrono_trace_include_time (r->trace, fragment.t1);
        }
      g_clear_pointer (&signal->fragments, g_array_unref);
    }
}

/* ---- dependencies ------------------------------------------------------- */

typedef struct {
  ChronoEtfIds claims; /* claim id -> index of its first claim in time order */
  ChronoEtfIds events; /* event id -> index of its first event */
} Endpoints;

static gboolean
endpoint (EtfReader *r, Placement *p, Endpoints *ends, gboolean is_claim, gboolean claim_end, gint64 id,
          const Dependency *d, ChronoLane **lane, gint64 *time)
{
  if (is_claim)
    {
      guint32 index = chrono_etf_ids_lookup (&ends->claims, id);
      ChronoEtfClaim *claim = index == CHRONO_ETF_NO_INDEX ? NULL : chrono_etf_claims_get (&r->claims, index);
      if (claim == NULL || claim->activity == CHRONO_ETF_NO_INDEX)
        {
          chrono_warnings_add (r->warnings, d->line, "unknown reference",
                               _ ("dependency %" PRId64 " names claim %" PRId64
                                  ", which is missing or was skipped; the dependency is skipped"),
                               d->id, id);
          return FALSE;
        }
      *lane = g_array_index (p->activities, Activity, claim->activity).lane;
      *time = to_ticks (r, claim_end ? claim->t1 : claim->t0);
      return TRUE;
    }
  guint32 index = chrono_etf_ids_lookup (&ends->events, id);
  if (index == CHRONO_ETF_NO_INDEX)
    {
      chrono_warnings_add (r->warnings, d->line, "unknown reference",
                           _ ("dependency %" PRId64 " names event %" PRId64
                              ", which is missing or was skipped; the dependency is skipped"),
                           d->id, id);
      return FALSE;
    }
  *time = to_ticks (r, g_array_index (r->events, Event, index).t);
  return TRUE;
}

/* Which ends a dependency type joins (seed format, "Specifying dependencies"). */
typedef struct {
  gboolean src_claim, src_end, dst_claim, dst_end;
} DependencyEnds;

static const DependencyEnds dependency_ends[9] = {
  { TRUE, FALSE, TRUE, FALSE }, { TRUE, FALSE, TRUE, TRUE },    { TRUE, TRUE, TRUE, FALSE },
  { TRUE, TRUE, TRUE, TRUE },   { FALSE, FALSE, FALSE, FALSE }, { TRUE, FALSE, FALSE, FALSE },
  { TRUE, TRUE, FALSE, FALSE }, { FALSE, FALSE, TRUE, FALSE },  { FALSE, FALSE, TRUE, TRUE },
};

/* Producers number records 0, 1, 2…: then an array indexed by id beats any hash. */
static void
init_ids (ChronoEtfIds *ids, gint64 lowest, gint64 highest, guint n)
{
  guint64 last = (guint64) highest - (guint64) lowest; /* no overflow, unlike the size */
  if (n > 0 && last < 2 * (guint64) n + 1024)
    chrono_etf_ids_init_dense (ids, lowest, last + 1);
  else
    chrono_etf_ids_init (ids, n);
}

static void
build_dependencies (EtfReader *r, Placement *p, ChronoLane *events_lane)
{
  Endpoints ends;
  gint64 lowest = G_MAXINT64, highest = G_MININT64;
  for (guint i = 0; i < r->claims.n; i++)
    {
      gint64 id = chrono_etf_claims_get (&r->claims, i)->id;
      lowest = MIN (lowest, id);
      highest = MAX (highest, id);
    }
  init_ids (&ends.claims, lowest, highest, r->claims.n);
  for (guint i = 0; i < r->claims.n; i++)
    {
      ChronoEtfClaim *claim = chrono_etf_claims_get (&r->claims, i);
      guint32 index = chrono_etf_ids_insert (&ends.claims, claim->id, i);
      if (index != i)
        {
          ChronoEtfClaim *first = chrono_etf_claims_get (&r->claims, index);
          /* claims are in time order here, so name the later line */
          chrono_warnings_add (r->warnings, MAX (first->line, claim->line), "duplicate id",
                               _ ("claim %" PRId64 " is declared twice (lines %" PRIu64 " and %" PRIu64
                                  "); dependencies use the one on line %" PRIu64),
                               claim->id, MIN (first->line, claim->line), MAX (first->line, claim->line), first->line);
        }
    }
  lowest = G_MAXINT64, highest = G_MININT64;
  for (guint i = 0; i < r->events->len; i++)
    {
      gint64 id = g_array_index (r->events, Event, i).id;
      lowest = MIN (lowest, id);
      highest = MAX (highest, id);
    }
  init_ids (&ends.events, lowest, highest, r->events->len);
  for (guint i = 0; i < r->events->len; i++)
    {
      Event *event = &g_array_index (r->events, Event, i);
      if (chrono_etf_ids_insert (&ends.events, event->id, i) != i)
        chrono_warnings_add (r->warnings, event->line, "duplicate id",
                             _ ("event %" PRId64 " is declared twice; dependencies use the first"), event->id);
    }
  ChronoLinks *links = chrono_trace_get_links (r->trace);
  for (guint i = 0; i < r->dependencies->len; i++)
    {
      const Dependency *d = &g_array_index (r->dependencies, Dependency, i);
      const DependencyEnds *type = &dependency_ends[d->type];
      ChronoLane *src_lane = events_lane, *dst_lane = events_lane;
      gint64 src_time, dst_time;
      if (!endpoint (r, p, &ends, type->src_claim, type->src_end, d->src, d, &src_lane, &src_time)
          || !endpoint (r, p, &ends, type->dst_claim, type->dst_end, d->dst, d, &dst_lane, &dst_time))
        continue;
      ChronoLink link = { src_lane, dst_lane, src_time, dst_time, (guint32) d->type, d->attrs, d->id };
      chrono_links_append (links, &link);
    }
  chrono_etf_ids_clear (&ends.claims);
  chrono_etf_ids_clear (&ends.events);
}

/* ---- loading ------------------------------------------------------------ */

/* Lanes and warnings come out in the order of a single pass over the
 * records: resources, claims, events, signals, dependencies. */
static void
build_model (EtfReader *r)
{
  ChronoLane *activities = add_group (r, N_ ("Activities"));
  ChronoLane *resources = add_group (r, N_ ("Resources"));
  build_resources (r, resources);
  Placement *placement = placement_new (r, activities);
  place_claims (r, placement);
  ChronoLane *events_lane = NULL;
  if (r->events->len > 0)
    build_events (r, add_group (r, N_ ("Events")), &events_lane);
  if (r->signal_order->len > 0)
    build_signals (r, add_group (r, N_ ("Signals")));
  build_dependencies (r, placement, events_lane);
  /* the claims' spans are the bulk of the model: make room for them first */
  g_clear_pointer (&r->events, g_array_unref);
  g_clear_pointer (&r->dependencies, g_array_unref);
  fill_claim_lanes (r, placement);
  chrono_lane_sort_children (activities);
  placement_free (placement);
}

/* Lines are copied out of the (read-only, mapped) block so fields can be cut
 * in place; a NUL ends a line as it ends a C string. */
static void
read_block (EtfReader *r, const char *data, gsize length)
{
  const char *p = data, *stop = data + length;
  while (p < stop)
    {
      const char *newline = memchr (p, '\n', stop - p);
      const char *line_end = newline ? newline : stop;
      gsize n = line_end - p;
      if (n > 0 && p[n - 1] == '\r')
        n--;
      const char *nul = memchr (p, '\0', n);
      if (nul != NULL)
        n = nul - p;
      if (n + 1 > r->line_buffer_size)
        {
          r->line_buffer_size = MAX (n + 1, 2 * r->line_buffer_size);
          g_free (r->line_buffer);
          r->line_buffer = g_malloc (r->line_buffer_size);
        }
      memcpy (r->line_buffer, p, n);
      r->line_buffer[n] = '\0';
      r->line++;
      read_line (r, r->line_buffer, r->line_buffer + n);
      p = newline ? newline + 1 : stop;
    }
}

/* Once the worker is done, the tickets the records hold become set ids. */
static void
resolve_tickets (EtfReader *r)
{
  g_autoptr (GArray) sets = chrono_etf_interner_finish (g_steal_pointer (&r->interner));
  for (guint i = 0; i < r->resources->len; i++)
    {
      Resource *res = &g_array_index (r->resources, Resource, i);
      res->attrs = chrono_etf_ticket_set (sets, res->attrs);
    }
  for (guint i = 0; i < r->claims.n; i++)
    {
      ChronoEtfClaim *claim = chrono_etf_claims_get (&r->claims, i);
      claim->attrs = chrono_etf_ticket_set (sets, claim->attrs);
    }
  for (guint i = 0; i < r->events->len; i++)
    {
      Event *event = &g_array_index (r->events, Event, i);
      event->attrs = chrono_etf_ticket_set (sets, event->attrs);
    }
  for (guint i = 0; i < r->dependencies->len; i++)
    {
      Dependency *dependency = &g_array_index (r->dependencies, Dependency, i);
      dependency->attrs = chrono_etf_ticket_set (sets, dependency->attrs);
    }
  for (guint i = 0; i < r->signal_order->len; i++)
    {
      Signal *signal = g_ptr_array_index (r->signal_order, i);
      signal->attrs = chrono_etf_ticket_set (sets, signal->attrs);
    }
}

static void
reader_clear (EtfReader *r)
{
  g_array_unref (r->resources);
  g_array_unref (r->resource_refs);
  chrono_etf_ids_clear (&r->resource_ids);
  chrono_etf_claims_clear (&r->claims);
  g_clear_pointer (&r->events, g_array_unref);
  g_clear_pointer (&r->dependencies, g_array_unref);
  chrono_etf_ids_clear (&r->signal_ids);
  g_ptr_array_unref (r->signal_order);
  g_ptr_array_unref (r->grouping);
  pairs_clear (&r->pairs);
  g_free (r->attr_cache);
  g_free (r->line_buffer);
  g_free (r->colouring);
  g_clear_pointer (&r->filter, g_hash_table_unref);
}

static gboolean
etf_load (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
          GCancellable *cancellable, GError **error)
{
  GError *local_error = NULL;
  g_autoptr (ChronoInput) input = chrono_input_open_for_loader (path, error);
  if (input == NULL)
    return FALSE;
  EtfReader r = {
    .trace = trace,
    .warnings = chrono_trace_get_warnings (trace),
    .attrs = chrono_trace_get_attrs (trace),
    .path = path,
    .resources = g_array_new (FALSE, FALSE, sizeof (Resource)),
    .resource_refs = g_array_new (FALSE, FALSE, sizeof (ResourceRef)),
    .events = g_array_new (FALSE, FALSE, sizeof (Event)),
    .dependencies = g_array_new (FALSE, FALSE, sizeof (Dependency)),
    .signal_order = g_ptr_array_new_with_free_func (free_signal),
    .grouping = g_ptr_array_new_with_free_func (g_free),
    .attr_cache = g_new0 (AttrCacheEntry, ATTR_CACHE_SLOTS),
  };
  chrono_etf_ids_init (&r.resource_ids, 0);
  chrono_etf_ids_init (&r.signal_ids, 0);
  chrono_etf_claims_init (&r.claims);
  pairs_init (&r.pairs);
  g_ptr_array_add (r.grouping, g_strdup ("name"));
  set_unit (&r, SECONDS_UNIT); /* seconds unless TU says otherwise */
  read_view_file (&r);
  read_options (&r);

  const char *data;
  gsize length;
  guint64 offset;
  gboolean ok = TRUE;
  r.interner = chrono_etf_interner_new (r.attrs);
  while (ok && chrono_input_next_block (input, &data, &length, &offset, cancellable, &local_error))
    {
      if (r.line == 0 && length >= 12 && g_str_has_prefix (data, "TraceVersion"))
        {
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                       _ ("%s:1: this is the legacy tab-separated TRACE V0.1 format, which Chronoscope does not read"),
                       path);
          ok = FALSE;
          break;
        }
      read_block (&r, data, length);
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        ok = FALSE;
      else if (progress)
        progress ((double) chrono_input_get_compressed_offset (input) / MAX (chrono_input_get_file_size (input), 1),
                  progress_data);
    }
  if (ok && local_error != NULL)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, "%s", local_error->message);
      ok = FALSE;
    }
  g_clear_error (&local_error);
  /* while the worker may still be interning */
  if (ok)
    chrono_etf_claims_sort (&r.claims);
  resolve_tickets (&r);
  if (ok && r.records == 0 && chrono_warnings_get_total (r.warnings) > 0)
    {
      const ChronoWarning *first = chrono_warnings_get_kept (r.warnings, 0);
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s:%" PRIu64 ": %s (no line of the file is a TRACE record)"), path, first->line, first->message);
      ok = FALSE;
    }
  if (ok)
    {
      /* the parsing scratch is not needed any more: give it back before the lanes grow */
      g_clear_pointer (&r.attr_cache, g_free);
      guint n_events = r.claims.n + r.events->len;
      build_model (&r);
      chrono_trace_set_n_events (trace, n_events);
      /* joining records finds problems after reading did: list them all by line */
      chrono_warnings_sort_by_line (r.warnings);
    }
  reader_clear (&r);
  return ok;
}

/* ---- sniffing ----------------------------------------------------------- */

static int
etf_sniff (const char *path, const char *head, gsize length)
{
  static const char *const tags[] = { "TU", "O", "T", "E", "R", "C", "D", "S", "F", "TS", "TSS", "TSP", "TSR" };
  if (length >= 12 && g_str_has_prefix (head, "TraceVersion"))
    return 80; /* legacy V0.1: claimed so the user hears why it is not read */
  const char *p = head, *stop = head + length;
  int records = 0, others = 0;
  while (p < stop && records + others < 30)
    {
      const char *newline = memchr (p, '\n', stop - p);
      if (newline == NULL && length >= CHRONO_SNIFF_HEAD_SIZE)
        break;
      const char *end = newline ? newline : stop;
      while (p < end && (*p == ' ' || *p == '\t'))
        p++;
      if (p < end && *p != '#' && *p != '\r')
        {
          const char *word_end = p;
          while (word_end < end && *word_end != ' ' && *word_end != '\t' && *word_end != ';' && *word_end != '\r')
            word_end++;
          gboolean known = FALSE;
          for (gsize i = 0; i < G_N_ELEMENTS (tags) && !known; i++)
            known = (gsize) (word_end - p) == strlen (tags[i]) && strncmp (p, tags[i], word_end - p) == 0;
          if (known)
            records++;
          else
            others++;
        }
      p = newline ? newline + 1 : stop;
    }
  if (records > 0 && others == 0)
    return 70;
  if (records > others)
    return 40;
  /* a few bad lines, or only comments, in a file named .etf: read it and report them */
  if (g_str_has_suffix (path, ".etf") && (records > 0 || others == 0))
    return 20;
  return 0;
}

static const char *const etf_globs[] = { "*.etf", NULL };

/* "TU MILLISECONDS" (the unit in any case) opens most files: strong. */
static const ChronoMimeMatch etf_unit_at_start[] = {
  { "TU NANOSECONDS", "0", "0xffffffdfdfdfdfdfdfdfdfdfdfdf" },
  { "TU MICROSECONDS", "0", "0xffffffdfdfdfdfdfdfdfdfdfdfdfdf" },
  { "TU MILLISECONDS", "0", "0xffffffdfdfdfdfdfdfdfdfdfdfdfdf" },
  { "TU SECONDS", "0", "0xffffffdfdfdfdfdfdfdf" },
  { "TU MINUTES", "0", "0xffffffdfdfdfdfdfdfdf" },
  { "TU HOURS", "0", "0xffffffdfdfdfdfdf" },
  { NULL },
};

/* One-letter record lines "R 0 1 false ;", "C 0 1.5 2 0 1 ;" count only
 * together and with the R line's offsets flag (true or false) in sight. */
static const ChronoMimeMatch etf_offsets_flag[] = {
  { " false", "4:2048", "0xffdfdfdfdfdf" },
  { " true", "4:2048", "0xffdfdfdfdf" },
  { NULL },
};
static const ChronoMimeMatch etf_claim_line[] = {
  { "\\nC ", "4:2048", NULL, etf_offsets_flag },
  { NULL },
};

/* Weaker hints, so that any other type's own magic wins: record lines, or a
 * unit line after a leading comment. */
static const ChronoMimeMatch etf_records[] = {
  { "R ", "0", NULL, etf_claim_line },
  { "\\nTU NANOSECONDS", "0:1024", "0xffffffffdfdfdfdfdfdfdfdfdfdfdf" },
  { "\\nTU MICROSECONDS", "0:1024", "0xffffffffdfdfdfdfdfdfdfdfdfdfdfdf" },
  { "\\nTU MILLISECONDS", "0:1024", "0xffffffffdfdfdfdfdfdfdfdfdfdfdfdf" },
  { "\\nTU SECONDS", "0:1024", "0xffffffffdfdfdfdfdfdfdf" },
  { "\\nTU MINUTES", "0:1024", "0xffffffffdfdfdfdfdfdfdf" },
  { "\\nTU HOURS", "0:1024", "0xffffffffdfdfdfdfdf" },
  { "\\nR ", "0:1024", NULL, etf_claim_line },
  { NULL },
};

static const ChronoMimeMagic etf_magic[] = {
  { 50, etf_unit_at_start },
  { 40, etf_records },
  { 0 },
};

static const ChronoMimeType etf_mime_types[] = {
  { .type = "application/x-trace4cps",
    .comment = N_ ("TRACE4CPS trace"),
    .sub_class_of = "text/plain",
    .generic_icon = "text-x-generic",
    .globs = etf_globs,
    .n_globs = 1,
    .magic = etf_magic },
  { NULL },
};

/* How claims become lanes, colours and a selection (the viewer's claims menu). */
static const ChronoLoaderOption etf_options[] = {
  { .name = "grouping",
    .flag = "group-by",
    .type = CHRONO_OPTION_ATTRIBUTE_LIST,
    .label = N_ ("_Group by"),
    .default_label = N_ ("(their resource)"),
    .description = N_ ("TRACE: attributes that name activity lanes"),
    .arg_description = N_ ("KEY,…") },
  { .name = "colouring",
    .flag = "colour-by",
    .type = CHRONO_OPTION_ATTRIBUTE,
    .label = N_ ("_Colour by"),
    .default_label = N_ ("(their name)"),
    .description = N_ ("TRACE: attribute that colours claims"),
    .arg_description = N_ ("KEY") },
  { .name = "filter",
    .flag = "only",
    .type = CHRONO_OPTION_ATTRIBUTE_FILTER,
    .label = N_ ("_Only"),
    .description = N_ ("TRACE: keep claims with these values"),
    .arg_description = N_ ("KEY=V|V;…") },
  { NULL },
};

const ChronoLoaderInfo chrono_loader_etf = {
  .name = "etf",
  .description = "TRACE (TRACE4CPS)",
  .mime_types = etf_mime_types,
  .globs = etf_globs,
  .sniff = etf_sniff,
  .load = etf_load,
  .features = CHRONO_TRACE_HAS_CLAIMS,
  .options = etf_options,
};
