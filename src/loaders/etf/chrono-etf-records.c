/* chrono-etf-records.c — reading TRACE lines in place into records: fields, numbers, record kinds. */
#include "chrono-etf-private.h"
#include "chrono-text-number.h"

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

/* ---- fields ------------------------------------------------------------- */

/* The largest time in ticks a stamp may come to, a little inside 64 bits. */
#define TICKS_LIMIT 9.2e18

gint64
chrono_etf_to_ticks (EtfReader *r, double value)
{
  /* Times are checked in the unit in effect at their line, but a TU line
   * after records converts every time: one that fit the unit before may
   * not fit this one (the TU warning says so).  It is held at the end of
   * the range it passed the check in, which keeps the order of times (a
   * claim never ends before it starts); llround of it would wrap. */
  double ticks = value * (double) r->ticks_per_unit;
  if (ticks >= TICKS_LIMIT)
    return (gint64) TICKS_LIMIT;
  if (ticks <= -TICKS_LIMIT)
    return -(gint64) TICKS_LIMIT;
  return (gint64) llround (ticks);
}

/* Whether a time stamp fits the 64-bit ticks of this unit (±106 days in ps, ±292 years in ns). */
static gboolean
fits_unit (gint64 ticks_per_unit, double value)
{
  return fabs (value * (double) ticks_per_unit) < TICKS_LIMIT;
}

gint64
chrono_etf_check_unit (gint64 ticks_per_unit, guint64 unit_line, gint64 early_ticks_per_unit, guint64 line)
{
  return line < unit_line ? early_ticks_per_unit : ticks_per_unit;
}

/* The unit the line being read is checked in. */
static gint64
line_unit (EtfReader *r)
{
  return chrono_etf_check_unit (r->ticks_per_unit, r->unit_line, r->early_ticks_per_unit, r->line);
}

/* Whether a time fits, in the unit in effect where the line is: a lazy read
 * reads lines again once a late TU changed it, and must take those a whole
 * read took. */
static gboolean
time_fits (EtfReader *r, double value)
{
  return fits_unit (line_unit (r), value);
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

void
chrono_etf_set_unit (EtfReader *r, guint unit)
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
        r->early_ticks_per_unit = r->ticks_per_unit;
        r->unit_line = r->line;
        chrono_etf_set_unit (r, i);
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
  if (n != 2 || !chrono_text_parse_int64 (fields[1], &ms))
    return bad_line (r, "O", _ ("it needs one integer (milliseconds since the Unix epoch)"));
  if (ms > G_MAXINT64 / 1000 || ms < G_MININT64 / 1000)
    return bad_line (r, "O", _ ("the offset is out of range: wall-clock time is kept in 64-bit microseconds"));
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
  chrono_etf_parse_pairs (r, text, length);
  chrono_etf_push_pairs (r);
  for (guint i = 0; i < r->pairs.keys->len; i++)
    chrono_trace_add_metadata (r->trace, g_ptr_array_index (r->pairs.keys, i), g_ptr_array_index (r->pairs.values, i));
}

static void
read_event (EtfReader *r, const Fields *f)
{
  Event event = { .line = r->line };
  /* a window being decoded (claims_only) skips quietly what the index pass reported */
  if (f->n != 3 || !chrono_text_parse_int64 (f->field[1], &event.id)
      || !chrono_text_parse_double (f->field[2], &event.t))
    return r->claims_only ? (void) 0 : bad_line (r, "E", _ ("expected “E <id> <time> ; <attributes>”"));
  if (!time_fits (r, event.t))
    return r->claims_only ? (void) 0 : bad_line (r, "E", _ ("the time is too large for the time unit"));
  event.attrs = r->event_lanes_only
                    ? chrono_etf_intern_some_attributes (r, f->attributes, f->attributes_length, r->event_grouping)
                    : chrono_etf_intern_attributes (r, f->attributes, f->attributes_length);
  g_array_append_val (r->events, event);
  r->records++;
}

/* The index of a resource id in resource_refs, added on first mention. */
guint32
chrono_etf_resource_ref (EtfReader *r, gint64 id)
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
  if (f->n != 4 || !chrono_text_parse_int64 (fields[1], &resource.id)
      || !chrono_text_parse_double (fields[2], &resource.capacity)
      || (g_ascii_strcasecmp (fields[3], "true") != 0 && g_ascii_strcasecmp (fields[3], "false") != 0))
    return bad_line (r, "R", _ ("expected “R <id> <capacity> true|false ; <attributes>”"));
  if (resource.capacity <= 0)
    return bad_line (r, "R", _ ("the capacity must be positive"));
  resource.uses_offset = g_ascii_strcasecmp (fields[3], "true") == 0;
  resource.attrs = chrono_etf_intern_attributes (r, f->attributes, f->attributes_length);
  chrono_etf_resource_ref (r, resource.id);
  g_array_append_val (r->resources, resource);
  r->records++;
}

/* Why a claim line is skipped; CLAIM_OK when it is read. */
typedef enum {
  CLAIM_OK,
  CLAIM_MALFORMED,
  CLAIM_NOT_NUMBERS,
  CLAIM_TOO_LARGE,
} ClaimCheck;

/* A claim's positional fields, with nothing of a reader but its unit: the
 * start-order pass of a lazy read runs this on its reading thread.  A claim
 * that ends before it starts is swapped (*swapped set). */
static ClaimCheck
parse_claim (gint64 ticks_per_unit, const Fields *f, ChronoEtfClaim *claim, gint64 *resource, gboolean *swapped)
{
  char *const *fields = f->field;
  guint n = f->n;
  if ((n != 6 && n != 7) || !chrono_text_parse_int64 (fields[1], &claim->id)
      || !chrono_text_parse_double (fields[2], &claim->t0) || !chrono_text_parse_double (fields[3], &claim->t1)
      || !chrono_text_parse_int64 (fields[4], resource))
    return CLAIM_MALFORMED;
  double numbers[2]; /* [offset, amount] or [amount] */
  guint n_numbers = n - 5;
  for (guint i = 0; i < n_numbers; i++)
    if (!chrono_text_parse_double (fields[5 + i], &numbers[i]))
      return CLAIM_NOT_NUMBERS;
  if (!fits_unit (ticks_per_unit, claim->t0) || !fits_unit (ticks_per_unit, claim->t1))
    return CLAIM_TOO_LARGE;
  *swapped = claim->t1 < claim->t0;
  if (*swapped)
    {
      double t = claim->t0;
      claim->t0 = claim->t1;
      claim->t1 = t;
    }
  claim->amount = numbers[n_numbers - 1];
  claim->offset = n_numbers == 2 ? numbers[0] : 0.0;
  claim->resource = n_numbers == 2 ? CHRONO_ETF_CLAIM_HAS_OFFSET : 0;
  return CLAIM_OK;
}

/* A claim that parse_claim read, with its line's fields (NULL when a claim
 * sink takes it, which needs none). */
static void
take_claim (EtfReader *r, ChronoEtfClaim *claim, gint64 resource, gboolean swapped, const Fields *f)
{
  if (swapped)
    chrono_warnings_add (r->warnings, r->line, "claim ends before it starts",
                         _ ("claim %" PRId64 " ends at %g before it starts at %g; start and end are swapped"),
                         claim->id, claim->t0, claim->t1);
  claim->resource |= chrono_etf_resource_ref (r, resource);
  r->records++;
  if (r->claim_sink != NULL)
    return r->claim_sink (r->claim_sink_data, claim, f);
  claim->attrs = chrono_etf_intern_attributes (r, f->attributes, f->attributes_length);
  *(ChronoEtfClaim *) chrono_etf_chunked_append (&r->claims) = *claim;
}

static void
read_claim (EtfReader *r, const Fields *f)
{
  ChronoEtfClaim claim = { .line = r->line, .activity = CHRONO_ETF_NO_INDEX };
  gint64 resource;
  gboolean swapped = FALSE;
  switch (parse_claim (line_unit (r), f, &claim, &resource, &swapped))
    {
    case CLAIM_MALFORMED:
      return bad_line (r, "C", _ ("expected “C <id> <t0> <t1> <resource> [<offset>] <amount> ; <attributes>”"));
    case CLAIM_NOT_NUMBERS: return bad_line (r, "C", _ ("the offset and the amount must be numbers"));
    case CLAIM_TOO_LARGE: return bad_line (r, "C", _ ("a time is too large for the time unit"));
    case CLAIM_OK: break;
    }
  take_claim (r, &claim, resource, swapped, f);
}

static void
read_dependency (EtfReader *r, const Fields *f)
{
  char *const *fields = f->field;
  Dependency dependency = { .line = r->line };
  if (f->n != 5 || !chrono_text_parse_int64 (fields[1], &dependency.id)
      || !chrono_text_parse_int64 (fields[2], &dependency.type) || !chrono_text_parse_int64 (fields[3], &dependency.src)
      || !chrono_text_parse_int64 (fields[4], &dependency.dst))
    return bad_line (r, "D", _ ("expected “D <id> <type> <source> <destination> ; <attributes>”"));
  if (dependency.type < 0 || dependency.type > 8)
    return bad_line (r, "D", _ ("the type must be 0 to 8"));
  dependency.attrs = chrono_etf_intern_attributes (r, f->attributes, f->attributes_length);
  *(Dependency *) chrono_etf_chunked_append (&r->dependencies) = dependency;
  r->records++;
}

void
chrono_etf_free_signal (gpointer data)
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
  if (f->n != 2 || !chrono_text_parse_int64 (f->field[1], &id))
    return bad_line (r, "S", _ ("expected “S <id> ; <attributes>”"));
  Signal *signal = ensure_signal (r, id);
  if (signal->declared)
    {
      chrono_warnings_add (r->warnings, r->line, "duplicate id", _ ("signal %" PRId64 " is declared twice"), id);
      return;
    }
  signal->declared = TRUE;
  signal->line = r->line;
  signal->attrs = chrono_etf_intern_attributes (r, f->attributes, f->attributes_length);
  r->records++;
}

/* An F line's signal and fragment, or NULL when it is read as a whole
 * read reads it; otherwise why it is skipped. */
static const char *
parse_fragment (gint64 ticks_per_unit, const Fields *f, gint64 *id, RawFragment *fragment)
{
  double v[5];
  if (f->n != 7 || !chrono_text_parse_int64 (f->field[1], id))
    return _ ("expected “F <signal> <t0> <t1> <c> <b> <a>”");
  for (int i = 0; i < 5; i++)
    if (!chrono_text_parse_double (f->field[2 + i], &v[i]))
      return _ ("the times and coefficients must be numbers");
  if (v[1] < v[0])
    return _ ("the fragment ends before it begins");
  if (!fits_unit (ticks_per_unit, v[0]) || !fits_unit (ticks_per_unit, v[1]))
    return _ ("a time is too large for the time unit");
  *fragment = (RawFragment){ v[0], v[1], v[2], v[3], v[4] };
  return NULL;
}

/* A fragment that parse_fragment read, of a whole read or an index pass. */
static void
take_fragment (EtfReader *r, gint64 id, const RawFragment *fragment)
{
  Signal *signal = ensure_signal (r, id);
  if (signal->has_end && fragment->t0 != signal->last_t1)
    chrono_warnings_add (r->warnings, r->line, "fragments not consecutive",
                         _ ("signal %" PRId64 ": this fragment starts at %g, the previous one ended at %g (%s)"), id,
                         fragment->t0, signal->last_t1,
                         fragment->t0 > signal->last_t1 ? _ ("a gap") : _ ("an overlap"));
  signal->has_end = TRUE;
  signal->last_t1 = fragment->t1;
  signal->n_fragments++;
  signal->min_t0 = signal->n_fragments == 1 ? fragment->t0 : MIN (signal->min_t0, fragment->t0);
  signal->max_t1 = signal->n_fragments == 1 ? fragment->t1 : MAX (signal->max_t1, fragment->t1);
  if (r->fragment_sink != NULL)
    r->fragment_sink (r->fragment_sink_data, id, fragment);
  else
    g_array_append_val (signal->fragments, *fragment);
  r->records++;
}

static void
read_fragment (EtfReader *r, const Fields *f)
{
  gint64 id;
  RawFragment fragment;
  const char *why = parse_fragment (line_unit (r), f, &id, &fragment);
  if (why != NULL)
    return r->claims_only ? (void) 0 : bad_line (r, "F", why);
  if (r->claims_only)
    {
      /* a window being decoded: the index pass reported the line already */
      r->fragment_sink (r->fragment_sink_data, id, &fragment);
      return;
    }
  take_fragment (r, id, &fragment);
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

/* A line's record kind, its first word: text moves past leading blanks,
 * tag_end to the word's end.  FALSE for a blank line or a comment. */
static gboolean
read_tag (char **text, char **tag_end, Tag *tag)
{
  while (**text == ' ' || **text == '\t')
    (*text)++;
  if (**text == '\0' || **text == '#')
    return FALSE;
  *tag_end = *text;
  while (**tag_end && **tag_end != ' ' && **tag_end != '\t' && **tag_end != ';')
    (*tag_end)++;
  *tag = tag_of (*text, *tag_end - *text);
  return TRUE;
}

gboolean
chrono_etf_parse_claim_line (gint64 ticks_per_unit, char *text, char *end, ChronoEtfClaim *claim, gint64 *resource,
                             Fields *fields)
{
  char *tag_end;
  Tag tag;
  if (!read_tag (&text, &tag_end, &tag) || tag != TAG_C)
    return FALSE;
  split_fields (text, end, TRUE, fields);
  gboolean swapped = FALSE;
  return parse_claim (ticks_per_unit, fields, claim, resource, &swapped) == CLAIM_OK;
}

gboolean
chrono_etf_parse_fragment_line (gint64 ticks_per_unit, char *text, char *end, gint64 *signal, RawFragment *fragment)
{
  char *tag_end;
  Tag tag;
  if (!read_tag (&text, &tag_end, &tag) || tag != TAG_F)
    return FALSE;
  Fields fields;
  split_fields (text, end, FALSE, &fields);
  return parse_fragment (ticks_per_unit, &fields, signal, fragment) == NULL;
}

/* Ticks a unit of 1: it takes every time that any unit a file may have
 * takes (they are 1000 ticks or more), so a line's times parsed ahead of
 * its unit are checked again in it once it is known. */
#define MOST_TAKING_UNIT 1

void
chrono_etf_parse_ahead (const char *line, gsize length, char *scratch, EtfLineAhead *out)
{
  memcpy (scratch, line, length);
  scratch[length] = '\0';
  char *text = scratch, *end = scratch + length, *tag_end;
  Tag tag;
  out->kind = ETF_AHEAD_LINE;
  if (!read_tag (&text, &tag_end, &tag))
    out->kind = ETF_AHEAD_NOTHING;
  else if (tag == TAG_C)
    {
      Fields fields;
      split_fields (text, end, TRUE, &fields);
      out->claim = (ChronoEtfClaim){ .activity = CHRONO_ETF_NO_INDEX };
      out->swapped = FALSE;
      if (parse_claim (MOST_TAKING_UNIT, &fields, &out->claim, &out->id, &out->swapped) == CLAIM_OK)
        out->kind = ETF_AHEAD_CLAIM;
    }
  else if (tag == TAG_F)
    {
      Fields fields;
      split_fields (text, end, FALSE, &fields);
      if (parse_fragment (MOST_TAKING_UNIT, &fields, &out->id, &out->fragment) == NULL)
        out->kind = ETF_AHEAD_FRAGMENT;
    }
}

gboolean
chrono_etf_take_ahead (EtfReader *r, EtfLineAhead *line)
{
  g_return_val_if_fail (r->claim_sink != NULL && !r->claims_only, FALSE);
  switch (line->kind)
    {
    case ETF_AHEAD_CLAIM:
      if (!time_fits (r, line->claim.t0) || !time_fits (r, line->claim.t1))
        return FALSE;
      line->claim.line = r->line;
      take_claim (r, &line->claim, line->id, line->swapped, NULL);
      return TRUE;
    case ETF_AHEAD_FRAGMENT:
      if (!time_fits (r, line->fragment.t0) || !time_fits (r, line->fragment.t1))
        return FALSE;
      take_fragment (r, line->id, &line->fragment);
      return TRUE;
    case ETF_AHEAD_NOTHING:
    case ETF_AHEAD_LINE: return FALSE; /* a blank line read by the reader is nothing too */
    }
  g_return_val_if_reached (FALSE);
}

/* text is NUL-terminated at end and holds no other NUL. */
void
chrono_etf_read_line (EtfReader *r, char *text, char *end)
{
  char *tag_end;
  Tag tag;
  if (!read_tag (&text, &tag_end, &tag))
    return;
  if (r->claims_only && tag != TAG_C && !(tag == TAG_F && r->fragment_sink != NULL)
      && !(tag == TAG_E && r->window_events))
    return;
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
set_keys (GPtrArray *keys, const char *text)
{
  g_ptr_array_set_size (keys, 0);
  g_auto (GStrv) names = g_strsplit (text, ",", -1);
  for (guint k = 0; names[k]; k++)
    if (*g_strstrip (names[k]))
      g_ptr_array_add (keys, g_strdup (names[k]));
}

void
chrono_etf_set_grouping (EtfReader *r, const char *keys)
{
  set_keys (r->grouping, keys);
}

/* TRACE4CPS's eventGrouping: events in a lane per value of these attributes. */
void
chrono_etf_set_event_grouping (EtfReader *r, const char *keys)
{
  set_keys (r->event_grouping, keys);
}
