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
 * so the decimals producers write survive exactly. */
#include "chrono-loader-etf.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "chrono-input.h"

typedef struct {
  gint64 id;
  double capacity;
  gboolean uses_offset;
  guint32 attrs;
  guint64 line;
  ChronoLane *lane;
  GArray *placed; /* PlacedClaim: claims now on the resource, for packing */
} Resource;

typedef struct {
  gint64 id;
  double t0, t1;
  gint64 resource;
  double numbers[2]; /* [offset, amount] or [amount] */
  int n_numbers;
  guint32 attrs;
  guint64 line;
  ChronoLane *activity; /* the activity lane it was put on */
  gint64 start, end; /* ticks, once resolved */
  gboolean valid;
} Claim;

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
  ChronoTrace *trace;
  ChronoWarnings *warnings;
  ChronoAttrs *attrs;
  const char *path;
  guint64 line;
  gint64 ticks_per_unit;
  gint64 ticks_per_second;
  gboolean have_unit, have_offset;
  GArray *resources, *claims, *events, *dependencies; /* Resource, Claim, Event, Dependency */
  GHashTable *signals; /* id -> Signal* */
  GHashTable *resource_by_id; /* id -> Resource* whose lane was built */
  GPtrArray *signal_order; /* Signal*, by first appearance */
  GPtrArray *grouping; /* attribute keys that name an activity lane */
  char *colouring; /* attribute key that colours claims, or NULL */
  GHashTable *filter; /* key -> GPtrArray of allowed values: claims must match every key */
  guint64 records;
  GPtrArray *keys, *values; /* scratch for attribute parsing */
} EtfReader;

/* ---- attributes --------------------------------------------------------- */

static char *
unescape_trimmed (const char *begin, const char *end)
{
  while (begin < end && g_ascii_isspace (*begin))
    begin++;
  while (end > begin && g_ascii_isspace (end[-1]) && !(end - 1 > begin && end[-2] == '\\'))
    end--;
  GString *out = g_string_sized_new (end - begin);
  for (const char *p = begin; p < end; p++)
    {
      if (*p == '\\' && p + 1 < end && (p[1] == ',' || p[1] == '=' || p[1] == '\\' || p[1] == ';'))
        p++;
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* Pairs split on unescaped ',' then on the first unescaped '='. */
gboolean
chrono_etf_parse_attributes (const char *text, GPtrArray *keys, GPtrArray *values, char **error_message)
{
  gboolean ok = TRUE;
  const char *p = text;
  while (*p)
    {
      const char *pair = p, *equals = NULL;
      while (*p && *p != ',')
        {
          if (*p == '\\' && p[1] != '\0')
            p++;
          else if (*p == '=' && equals == NULL)
            equals = p;
          p++;
        }
      const char *pair_end = p;
      if (*p == ',')
        p++;
      g_autofree char *whole = unescape_trimmed (pair, pair_end);
      if (*whole == '\0')
        continue; /* an empty list, or a stray comma */
      if (equals == NULL)
        {
          /* report the first bad pair, keep reading the others */
          if (error_message && *error_message == NULL)
            *error_message = g_strdup_printf ("attribute “%s” has no “=”", whole);
          ok = FALSE;
          continue;
        }
      g_ptr_array_add (keys, unescape_trimmed (pair, equals));
      g_ptr_array_add (values, unescape_trimmed (equals + 1, pair_end));
    }
  return ok;
}

static guint32
intern_attributes (EtfReader *r, const char *text)
{
  g_ptr_array_set_size (r->keys, 0);
  g_ptr_array_set_size (r->values, 0);
  g_autofree char *error = NULL;
  if (!chrono_etf_parse_attributes (text, r->keys, r->values, &error))
    {
      chrono_warnings_add (r->warnings, r->line, "bad attribute", "%s; it is ignored, the other pairs are kept", error);
    }
  return chrono_attrs_intern (r->attrs, (const char *const *) r->keys->pdata, (const char *const *) r->values->pdata,
                              r->keys->len);
}

/* ---- fields ------------------------------------------------------------- */

/* The positional part (before the first unescaped ';') split on blanks. */
static char **
split_fields (char *text, char **out_attributes, gboolean has_semicolon)
{
  *out_attributes = NULL;
  if (has_semicolon)
    for (char *p = text; *p; p++)
      {
        if (*p == '\\' && p[1] != '\0')
          {
            p++;
            continue;
          }
        if (*p == ';')
          {
            *p = '\0';
            *out_attributes = p + 1;
            break;
          }
      }
  return g_strsplit_set (g_strstrip (text), " \t", -1);
}

/* Fields without the empty strings runs of blanks leave. */
static guint
compact_fields (char **fields)
{
  guint n = 0;
  for (guint i = 0; fields[i]; i++)
    if (*fields[i] != '\0')
      fields[n++] = fields[i];
    else
      g_free (fields[i]);
  fields[n] = NULL;
  return n;
}

static gboolean
parse_id (const char *text, gint64 *out)
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
parse_real (const char *text, double *out)
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
  chrono_warnings_add (r->warnings, r->line, "malformed line", "%s line: %s; the line is skipped", tag, why);
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
    return bad_line (r, "TU", "it needs one time unit");
  if (r->have_unit)
    {
      chrono_warnings_add (r->warnings, r->line, "repeated header", "a second TU line; the first one counts");
      return;
    }
  if (r->records > 0)
    chrono_warnings_add (r->warnings, r->line, "late header",
                         "TU comes after records; every time stamp is read in this unit");
  for (gsize i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_ascii_strcasecmp (fields[1], units[i].name) == 0)
      {
        set_unit (r, i);
        r->have_unit = TRUE;
        chrono_trace_add_metadata (r->trace, "TU", units[i].name);
        return;
      }
  bad_line (r, "TU", "the unit must be NANOSECONDS, MICROSECONDS, MILLISECONDS, SECONDS, MINUTES or HOURS");
}

static void
read_offset (EtfReader *r, char **fields, guint n)
{
  gint64 ms;
  if (n != 2 || !parse_id (fields[1], &ms))
    return bad_line (r, "O", "it needs one integer (milliseconds since the Unix epoch)");
  if (r->have_offset)
    {
      chrono_warnings_add (r->warnings, r->line, "repeated header", "a second O line; the first one counts");
      return;
    }
  r->have_offset = TRUE;
  ChronoClock clock = *chrono_trace_get_clock (r->trace);
  clock.has_wall_clock = TRUE;
  clock.wall_clock_us = ms * 1000;
  chrono_trace_set_clock (r->trace, &clock);
  chrono_trace_add_metadata (r->trace, "O", fields[1]);
}

static void
read_trace_attributes (EtfReader *r, const char *text)
{
  guint32 set = intern_attributes (r, text);
  for (guint i = 0; i < chrono_attrs_get_n_pairs (r->attrs, set); i++)
    chrono_trace_add_metadata (r->trace, chrono_attrs_get_key (r->attrs, set, i),
                               chrono_attrs_get_value (r->attrs, set, i));
}

static void
read_event (EtfReader *r, char **fields, guint n, const char *attributes)
{
  Event event = { .line = r->line };
  if (n != 3 || !parse_id (fields[1], &event.id) || !parse_real (fields[2], &event.t))
    return bad_line (r, "E", "expected “E <id> <time> ; <attributes>”");
  if (!time_fits (r, event.t))
    return bad_line (r, "E", "the time is too large for the time unit");
  event.attrs = intern_attributes (r, attributes ? attributes : "");
  g_array_append_val (r->events, event);
  r->records++;
}

static void
read_resource (EtfReader *r, char **fields, guint n, const char *attributes)
{
  Resource resource = { .line = r->line };
  if (n != 4 || !parse_id (fields[1], &resource.id) || !parse_real (fields[2], &resource.capacity)
      || (g_ascii_strcasecmp (fields[3], "true") != 0 && g_ascii_strcasecmp (fields[3], "false") != 0))
    return bad_line (r, "R", "expected “R <id> <capacity> true|false ; <attributes>”");
  if (resource.capacity <= 0)
    return bad_line (r, "R", "the capacity must be positive");
  resource.uses_offset = g_ascii_strcasecmp (fields[3], "true") == 0;
  resource.attrs = intern_attributes (r, attributes ? attributes : "");
  g_array_append_val (r->resources, resource);
  r->records++;
}

static void
read_claim (EtfReader *r, char **fields, guint n, const char *attributes)
{
  Claim claim = { .line = r->line };
  if ((n != 6 && n != 7) || !parse_id (fields[1], &claim.id) || !parse_real (fields[2], &claim.t0)
      || !parse_real (fields[3], &claim.t1) || !parse_id (fields[4], &claim.resource))
    return bad_line (r, "C", "expected “C <id> <t0> <t1> <resource> [<offset>] <amount> ; <attributes>”");
  claim.n_numbers = n - 5;
  for (int i = 0; i < claim.n_numbers; i++)
    if (!parse_real (fields[5 + i], &claim.numbers[i]))
      return bad_line (r, "C", "the offset and the amount must be numbers");
  if (!time_fits (r, claim.t0) || !time_fits (r, claim.t1))
    return bad_line (r, "C", "a time is too large for the time unit");
  if (claim.t1 < claim.t0)
    {
      chrono_warnings_add (r->warnings, r->line, "claim ends before it starts",
                           "claim %" G_GINT64_FORMAT " ends at %g before it starts at %g; start and end are swapped",
                           claim.id, claim.t1, claim.t0);
      double t = claim.t0;
      claim.t0 = claim.t1;
      claim.t1 = t;
    }
  claim.attrs = intern_attributes (r, attributes ? attributes : "");
  g_array_append_val (r->claims, claim);
  r->records++;
}

static void
read_dependency (EtfReader *r, char **fields, guint n, const char *attributes)
{
  Dependency dependency = { .line = r->line };
  if (n != 5 || !parse_id (fields[1], &dependency.id) || !parse_id (fields[2], &dependency.type)
      || !parse_id (fields[3], &dependency.src) || !parse_id (fields[4], &dependency.dst))
    return bad_line (r, "D", "expected “D <id> <type> <source> <destination> ; <attributes>”");
  if (dependency.type < 0 || dependency.type > 8)
    return bad_line (r, "D", "the type must be 0 to 8");
  dependency.attrs = intern_attributes (r, attributes ? attributes : "");
  g_array_append_val (r->dependencies, dependency);
  r->records++;
}

static void
free_signal (gpointer data)
{
  Signal *signal = data;
  g_array_unref (signal->fragments);
  g_free (signal);
}

static Signal *
ensure_signal (EtfReader *r, gint64 id)
{
  Signal *signal = g_hash_table_lookup (r->signals, &id);
  if (signal != NULL)
    return signal;
  signal = g_new0 (Signal, 1);
  signal->id = id;
  signal->line = r->line;
  signal->fragments = g_array_new (FALSE, FALSE, sizeof (RawFragment));
  g_hash_table_insert (r->signals, &signal->id, signal);
  g_ptr_array_add (r->signal_order, signal);
  return signal;
}

static void
read_signal (EtfReader *r, char **fields, guint n, const char *attributes)
{
  gint64 id;
  if (n != 2 || !parse_id (fields[1], &id))
    return bad_line (r, "S", "expected “S <id> ; <attributes>”");
  Signal *signal = ensure_signal (r, id);
  if (signal->declared)
    {
      chrono_warnings_add (r->warnings, r->line, "duplicate id", "signal %" G_GINT64_FORMAT " is declared twice", id);
      return;
    }
  signal->declared = TRUE;
  signal->line = r->line;
  signal->attrs = intern_attributes (r, attributes ? attributes : "");
  r->records++;
}

static void
read_fragment (EtfReader *r, char **fields, guint n)
{
  gint64 id;
  double v[5];
  if (n != 7 || !parse_id (fields[1], &id))
    return bad_line (r, "F", "expected “F <signal> <t0> <t1> <c> <b> <a>”");
  for (int i = 0; i < 5; i++)
    if (!parse_real (fields[2 + i], &v[i]))
      return bad_line (r, "F", "the times and coefficients must be numbers");
  if (v[1] < v[0])
    return bad_line (r, "F", "the fragment ends before it begins");
  if (!time_fits (r, v[0]) || !time_fits (r, v[1]))
    return bad_line (r, "F", "a time is too large for the time unit");
  Signal *signal = ensure_signal (r, id);
  if (signal->has_end && v[0] != signal->last_t1)
    chrono_warnings_add (r->warnings, r->line, "fragments not consecutive",
                         "signal %" G_GINT64_FORMAT ": this fragment starts at %g, the previous one ended at %g (%s)",
                         id, v[0], signal->last_t1, v[0] > signal->last_t1 ? "a gap" : "an overlap");
  signal->has_end = TRUE;
  signal->last_t1 = v[1];
  RawFragment fragment = { v[0], v[1], v[2], v[3], v[4] };
  g_array_append_val (signal->fragments, fragment);
  r->records++;
}

static gboolean
is_tag (const char *tag, const char *name)
{
  return strcmp (tag, name) == 0;
}

static void
read_line (EtfReader *r, char *text)
{
  while (*text == ' ' || *text == '\t')
    text++;
  if (*text == '\0' || *text == '#')
    return;
  /* the tag is the first word */
  char *tag_end = text;
  while (*tag_end && *tag_end != ' ' && *tag_end != '\t' && *tag_end != ';')
    tag_end++;
  g_autofree char *tag = g_strndup (text, tag_end - text);
  if (is_tag (tag, "T"))
    {
      read_trace_attributes (r, tag_end);
      return;
    }
  gboolean has_semicolon = !is_tag (tag, "F") && !is_tag (tag, "TU") && !is_tag (tag, "O");
  char *attributes;
  g_auto (GStrv) fields = split_fields (text, &attributes, has_semicolon);
  guint n = compact_fields (fields);
  if (is_tag (tag, "TU"))
    read_unit (r, fields, n);
  else if (is_tag (tag, "O"))
    read_offset (r, fields, n);
  else if (is_tag (tag, "E"))
    read_event (r, fields, n, attributes);
  else if (is_tag (tag, "R"))
    read_resource (r, fields, n, attributes);
  else if (is_tag (tag, "C"))
    read_claim (r, fields, n, attributes);
  else if (is_tag (tag, "D"))
    read_dependency (r, fields, n, attributes);
  else if (is_tag (tag, "S"))
    read_signal (r, fields, n, attributes);
  else if (is_tag (tag, "F"))
    read_fragment (r, fields, n);
  else if (is_tag (tag, "TS") || is_tag (tag, "TSS") || is_tag (tag, "TSP") || is_tag (tag, "TSR"))
    chrono_warnings_add (r->warnings, r->line, "unsupported record",
                         "time-series lines (%s) are not shown yet; the line is skipped", tag);
  else
    chrono_warnings_add (r->warnings, r->line, "unknown record", "unknown record “%s”; the line is skipped", tag);
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

static Resource *
find_resource (EtfReader *r, gint64 id)
{
  return g_hash_table_lookup (r->resource_by_id, &id);
}

static void
build_resources (EtfReader *r, ChronoLane *group)
{
  for (guint i = 0; i < r->resources->len; i++)
    {
      Resource *res = &g_array_index (r->resources, Resource, i);
      if (find_resource (r, res->id) != NULL)
        {
          chrono_warnings_add (r->warnings, res->line, "duplicate id",
                               "resource %" G_GINT64_FORMAT " is declared twice; the first one counts", res->id);
          continue;
        }
      const char *name = name_of (r, res->attrs);
      g_autofree char *fallback = g_strdup_printf ("Resource %" G_GINT64_FORMAT, res->id);
      g_autoptr (ChronoLane) lane = chrono_lane_new (name ? name : fallback, CHRONO_LANE_RESOURCE, "R");
      chrono_lane_set_source (lane, res->id, res->attrs, res->capacity);
      chrono_lane_append_child (group, lane);
      res->lane = lane;
      /* one lookup per claim: a hash, as traces with many resources exist */
      g_hash_table_insert (r->resource_by_id, &res->id, res);
      res->placed = g_array_new (FALSE, FALSE, sizeof (PlacedClaim));
    }
}

/* The label that colours a claim: the colouring attribute, else its name. */
static guint32
claim_label (EtfReader *r, guint32 attrs)
{
  const char *value = r->colouring ? chrono_attrs_lookup (r->attrs, attrs, r->colouring) : NULL;
  if (value == NULL)
    value = name_of (r, attrs);
  return value ? chrono_strings_intern (chrono_trace_get_strings (r->trace), value) : CHRONO_STRING_NONE;
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

static gboolean
resolve_claim (EtfReader *r, Claim *claim, Resource **out_resource, double *offset, double *amount)
{
  Resource *res = find_resource (r, claim->resource);
  if (res == NULL)
    {
      chrono_warnings_add (r->warnings, claim->line, "unknown reference",
                           "claim %" G_GINT64_FORMAT " names resource %" G_GINT64_FORMAT
                           ", which no R line declares; the claim is skipped",
                           claim->id, claim->resource);
      return FALSE;
    }
  if ((claim->n_numbers == 2) != res->uses_offset)
    {
      chrono_warnings_add (r->warnings, claim->line, "malformed line",
                           "claim %" G_GINT64_FORMAT ": resource %" G_GINT64_FORMAT " %s, so the claim needs %s after "
                           "the resource; the claim is skipped",
                           claim->id, res->id, res->uses_offset ? "uses offsets" : "does not use offsets",
                           res->uses_offset ? "an offset and an amount" : "only an amount");
      return FALSE;
    }
  *amount = claim->numbers[claim->n_numbers - 1];
  *offset = claim->n_numbers == 2 ? claim->numbers[0] : 0.0;
  if (*amount <= 0)
    {
      chrono_warnings_add (r->warnings, claim->line, "malformed line",
                           "claim %" G_GINT64_FORMAT ": the amount must be positive; the claim is skipped", claim->id);
      return FALSE;
    }
  *out_resource = res;
  return TRUE;
}

/* The activity lane of a claim: the values of the grouping attributes. */
static ChronoLane *
activity_lane (EtfReader *r, ChronoLane *group, GHashTable *lanes, guint32 attrs, Resource *res)
{
  GString *key = g_string_new (NULL);
  for (guint i = 0; i < r->grouping->len; i++)
    {
      const char *value = chrono_attrs_lookup (r->attrs, attrs, g_ptr_array_index (r->grouping, i));
      if (value != NULL)
        g_string_append_printf (key, "%s%s", key->len ? ", " : "", value);
    }
  if (key->len == 0) /* no grouping attribute: the claim's resource */
    g_string_append (key, chrono_lane_get_name (res->lane));
  g_autofree char *name = g_string_free (key, FALSE);
  ChronoLane *lane = g_hash_table_lookup (lanes, name);
  if (lane == NULL)
    {
      g_autoptr (ChronoLane) created = chrono_lane_new (name, CHRONO_LANE_ACTIVITY, "C");
      chrono_lane_append_child (group, created);
      g_hash_table_insert (lanes, g_strdup (name), created);
      lane = created;
    }
  return lane;
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

static int
compare_claims_by_start (gconstpointer a, gconstpointer b)
{
  const Claim *ca = a, *cb = b;
  if (ca->t0 != cb->t0)
    return ca->t0 < cb->t0 ? -1 : 1;
  return ca->line < cb->line ? -1 : (ca->line > cb->line);
}

static void
build_claims (EtfReader *r, ChronoLane *resources, ChronoLane *activities)
{
  /* packing and sub-rows need the claims in time order; producers write them
   * in end order (POOSL) or any order */
  g_array_sort (r->claims, compare_claims_by_start);
  g_autoptr (GHashTable) lanes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) slots = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  for (guint i = 0; i < r->claims->len; i++)
    {
      Claim *claim = &g_array_index (r->claims, Claim, i);
      Resource *res;
      double offset, amount;
      if (!resolve_claim (r, claim, &res, &offset, &amount) || !passes_filter (r, claim->attrs))
        continue;
      claim->start = to_ticks (r, claim->t0);
      claim->end = to_ticks (r, claim->t1);
      claim->valid = TRUE;
      chrono_trace_include_time (r->trace, claim->start);
      chrono_trace_include_time (r->trace, claim->end);
      guint32 label = claim_label (r, claim->attrs);
      if (!res->uses_offset)
        offset = pack_claim (res, claim->start, claim->end, amount);
      ChronoSpan span = { claim->start, claim->end, CHRONO_STATE_BUSY, 0, 0, label, CHRONO_NO_INSTANCE, claim->attrs };
      ChronoExtent extent = { offset, amount };
      chrono_spans_append_with_extent (chrono_lane_ensure_spans (res->lane), &span, &extent);

      claim->activity = activity_lane (r, activities, lanes, claim->attrs, res);
      GArray *slot_ends = g_hash_table_lookup (slots, claim->activity);
      if (slot_ends == NULL)
        {
          slot_ends = g_array_new (FALSE, FALSE, sizeof (gint64));
          g_hash_table_insert (slots, claim->activity, slot_ends);
        }
      span.depth = free_slot (slot_ends, claim->start, claim->end);
      chrono_spans_append (chrono_lane_ensure_spans (claim->activity), &span);
    }
  chrono_lane_sort_children (activities);
  for (guint i = 0; i < r->resources->len; i++)
    g_clear_pointer (&g_array_index (r->resources, Resource, i).placed, g_array_unref);
}

static void
build_events (EtfReader *r, ChronoLane *group, ChronoLane **out_lane)
{
  if (r->events->len == 0)
    return;
  g_autoptr (ChronoLane) lane = chrono_lane_new (N_ ("Events"), CHRONO_LANE_EVENTS, "E");
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
                             "fragments of signal %" G_GINT64_FORMAT " but no S line declares it", signal->id);
      else if (signal->fragments->len == 0)
        chrono_warnings_add (r->warnings, signal->line, "empty signal", "signal %" G_GINT64_FORMAT " has no F line",
                             signal->id);
      const char *name = name_of (r, signal->attrs);
      g_autofree char *fallback = g_strdup_printf ("Signal %" G_GINT64_FORMAT, signal->id);
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
    }
}

/* ---- dependencies ------------------------------------------------------- */

static Claim *
find_claim (GHashTable *claims, gint64 id)
{
  return g_hash_table_lookup (claims, &id);
}

static gboolean
endpoint (EtfReader *r, GHashTable *claims, GHashTable *events, gboolean is_claim, gboolean claim_end, gint64 id,
          const Dependency *d, ChronoLane **lane, gint64 *time)
{
  if (is_claim)
    {
      Claim *claim = find_claim (claims, id);
      if (claim == NULL || !claim->valid)
        {
          chrono_warnings_add (r->warnings, d->line, "unknown reference",
                               "dependency %" G_GINT64_FORMAT " names claim %" G_GINT64_FORMAT
                               ", which is missing or was skipped; the dependency is skipped",
                               d->id, id);
          return FALSE;
        }
      *lane = claim->activity;
      *time = claim_end ? claim->end : claim->start;
      return TRUE;
    }
  Event *event = g_hash_table_lookup (events, &id);
  if (event == NULL)
    {
      chrono_warnings_add (r->warnings, d->line, "unknown reference",
                           "dependency %" G_GINT64_FORMAT " names event %" G_GINT64_FORMAT
                           ", which is missing or was skipped; the dependency is skipped",
                           d->id, id);
      return FALSE;
    }
  *time = to_ticks (r, event->t);
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

static void
build_dependencies (EtfReader *r, ChronoLane *events_lane)
{
  g_autoptr (GHashTable) claims = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < r->claims->len; i++)
    {
      Claim *claim = &g_array_index (r->claims, Claim, i);
      Claim *first = g_hash_table_lookup (claims, &claim->id);
      if (first == NULL)
        g_hash_table_insert (claims, &claim->id, claim);
      else
        /* claims are in time order here, so name the later line */
        chrono_warnings_add (r->warnings, MAX (first->line, claim->line), "duplicate id",
                             "claim %" G_GINT64_FORMAT " is declared twice (lines %" G_GUINT64_FORMAT
                             " and %" G_GUINT64_FORMAT "); dependencies use the one on line %" G_GUINT64_FORMAT,
                             claim->id, MIN (first->line, claim->line), MAX (first->line, claim->line), first->line);
    }
  g_autoptr (GHashTable) events = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < r->events->len; i++)
    {
      Event *event = &g_array_index (r->events, Event, i);
      if (g_hash_table_contains (events, &event->id))
        chrono_warnings_add (r->warnings, event->line, "duplicate id",
                             "event %" G_GINT64_FORMAT " is declared twice; dependencies use the first", event->id);
      else
        g_hash_table_insert (events, &event->id, event);
    }
  ChronoLinks *links = chrono_trace_get_links (r->trace);
  for (guint i = 0; i < r->dependencies->len; i++)
    {
      const Dependency *d = &g_array_index (r->dependencies, Dependency, i);
      const DependencyEnds *ends = &dependency_ends[d->type];
      ChronoLane *src_lane = events_lane, *dst_lane = events_lane;
      gint64 src_time, dst_time;
      if (!endpoint (r, claims, events, ends->src_claim, ends->src_end, d->src, d, &src_lane, &src_time)
          || !endpoint (r, claims, events, ends->dst_claim, ends->dst_end, d->dst, d, &dst_lane, &dst_time))
        continue;
      ChronoLink link = { src_lane, dst_lane, src_time, dst_time, (guint32) d->type, d->attrs, d->id };
      chrono_links_append (links, &link);
    }
}

/* ---- loading ------------------------------------------------------------ */

static void
build_model (EtfReader *r)
{
  ChronoLane *activities = add_group (r, N_ ("Activities"));
  ChronoLane *resources = add_group (r, N_ ("Resources"));
  build_resources (r, resources);
  build_claims (r, resources, activities);
  ChronoLane *events_lane = NULL;
  if (r->events->len > 0)
    build_events (r, add_group (r, N_ ("Events")), &events_lane);
  if (r->signal_order->len > 0)
    build_signals (r, add_group (r, N_ ("Signals")));
  build_dependencies (r, events_lane);
}

static void
read_block (EtfReader *r, const char *data, gsize length, GByteArray *scratch)
{
  const char *p = data, *stop = data + length;
  while (p < stop)
    {
      const char *newline = memchr (p, '\n', stop - p);
      const char *line_end = newline ? newline : stop;
      gsize n = line_end - p;
      if (n > 0 && p[n - 1] == '\r')
        n--;
      g_byte_array_set_size (scratch, n + 1);
      memcpy (scratch->data, p, n);
      scratch->data[n] = '\0';
      r->line++;
      read_line (r, (char *) scratch->data);
      p = newline ? newline + 1 : stop;
    }
}

static void
reader_clear (EtfReader *r)
{
  g_array_unref (r->resources);
  g_array_unref (r->claims);
  g_array_unref (r->events);
  g_array_unref (r->dependencies);
  g_hash_table_unref (r->signals);
  g_hash_table_unref (r->resource_by_id);
  g_ptr_array_unref (r->signal_order);
  g_ptr_array_unref (r->grouping);
  g_ptr_array_unref (r->keys);
  g_ptr_array_unref (r->values);
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
    .claims = g_array_new (FALSE, FALSE, sizeof (Claim)),
    .events = g_array_new (FALSE, FALSE, sizeof (Event)),
    .dependencies = g_array_new (FALSE, FALSE, sizeof (Dependency)),
    .signals = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, free_signal),
    .resource_by_id = g_hash_table_new (g_int64_hash, g_int64_equal),
    .signal_order = g_ptr_array_new (),
    .grouping = g_ptr_array_new_with_free_func (g_free),
    .keys = g_ptr_array_new_with_free_func (g_free),
    .values = g_ptr_array_new_with_free_func (g_free),
  };
  g_ptr_array_add (r.grouping, g_strdup ("name"));
  set_unit (&r, SECONDS_UNIT); /* seconds unless TU says otherwise */
  read_view_file (&r);
  read_options (&r);

  g_autoptr (GByteArray) scratch = g_byte_array_new ();
  const char *data;
  gsize length;
  guint64 offset;
  gboolean ok = TRUE;
  while (ok && chrono_input_next_block (input, &data, &length, &offset, cancellable, &local_error))
    {
      if (r.line == 0 && length >= 12 && g_str_has_prefix (data, "TraceVersion"))
        {
          g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                       "%s:1: this is the legacy tab-separated TRACE V0.1 format, which Chronoscope does not read",
                       path);
          ok = FALSE;
          break;
        }
      read_block (&r, data, length, scratch);
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
  if (ok && r.records == 0 && chrono_warnings_get_total (r.warnings) > 0)
    {
      const ChronoWarning *first = chrono_warnings_get_kept (r.warnings, 0);
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   "%s:%" G_GUINT64_FORMAT ": %s (no line of the file is a TRACE record)", path, first->line,
                   first->message);
      ok = FALSE;
    }
  if (ok)
    {
      build_model (&r);
      chrono_trace_set_n_events (trace, r.claims->len + r.events->len);
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

static const char *const etf_mime_types[] = { "application/x-trace4cps", NULL };
static const char *const etf_globs[] = { "*.etf", NULL };

const ChronoLoaderInfo chrono_loader_etf = {
  .name = "etf",
  .description = "TRACE (TRACE4CPS)",
  .mime_types = etf_mime_types,
  .globs = etf_globs,
  .sniff = etf_sniff,
  .load = etf_load,
};
