/* chrono-find.c — one pass over every lane's items.  What a term says of a
 * name is worked out once per interned string and of attributes once per
 * attribute set (a table of yes / no / not yet per term), so the pass over
 * ten million spans is a few array lookups each. */
#include "chrono-find.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "chrono-blocking.h"
#include "chrono-path-index.h"

G_DEFINE_QUARK (chrono - find - error - quark, chrono_find_error)

typedef enum {
  TERM_WORD, /* item or lane name contains it */
  TERM_NAME_EQ,
  TERM_NAME_RE,
  TERM_LANE_EQ,
  TERM_LANE_RE,
  TERM_PATH_EQ,
  TERM_PATH_RE,
  TERM_STATE,
  TERM_DURATION,
  TERM_ATTR_EQ,
  TERM_ATTR_NE,
  TERM_ATTR_RE,
  TERM_WAITS, /* an instance's waits on semaphores, added up */
  TERM_INVERSION, /* an instance one of whose waits was a priority inversion */
} TermKind;

typedef enum { OP_EQ, OP_NE, OP_RE, OP_LT, OP_LE, OP_GT, OP_GE } Op;

typedef struct {
  TermKind kind;
  char *text; /* WORD: casefolded; *_EQ: the value; ATTR_*: the value */
  char *key; /* ATTR_*: the attribute */
  GRegex *regex;
  Op op;
  gint64 ticks; /* DURATION, WAITS */
  guint state; /* STATE */
} Term;

struct _ChronoQuery {
  GArray *terms; /* Term */
};

static void
term_clear (gpointer data)
{
  Term *t = data;
  g_free (t->text);
  g_free (t->key);
  g_clear_pointer (&t->regex, g_regex_unref);
}

void
chrono_query_free (ChronoQuery *query)
{
  if (query == NULL)
    return;
  g_array_unref (query->terms);
  g_free (query);
}

/* ---- parsing ------------------------------------------------------------ */

static const struct {
  const char *text;
  Op op;
} operators[] = {
  /* two-character operators first: "<=" is not "<" followed by "=" */
  { "!=", OP_NE }, { ">=", OP_GE }, { "<=", OP_LE }, { "~", OP_RE }, { "=", OP_EQ }, { ">", OP_GT }, { "<", OP_LT },
};

/* The first operator in the term, and where it is; FALSE for a plain word. */
static gboolean
find_operator (const char *term, Op *op, const char **at, gsize *length)
{
  for (const char *p = term; *p; p++)
    for (guint i = 0; i < G_N_ELEMENTS (operators); i++)
      if (g_str_has_prefix (p, operators[i].text))
        {
          *op = operators[i].op;
          *at = p;
          *length = strlen (operators[i].text);
          return TRUE;
        }
  return FALSE;
}

static gboolean
fail (GError **error, const char *term, const char *why)
{
  g_set_error (error, CHRONO_FIND_ERROR, 0, _ ("“%s”: %s"), term, why);
  return FALSE;
}

static gboolean
parse_state (Term *t, const char *term, const char *value, GError **error)
{
  for (guint s = 1; s < CHRONO_N_STATES; s++)
    if (g_ascii_strcasecmp (value, chrono_state_get_name (s)) == 0
        || g_utf8_collate (value, chrono_state_get_label (s)) == 0)
      {
        t->kind = TERM_STATE;
        t->state = s;
        return TRUE;
      }
  return fail (error, term, _ ("no such state (the legend's names: running, ready, …)"));
}

static gboolean
parse_regex (Term *t, const char *term, const char *value, GError **error)
{
  g_autoptr (GError) local = NULL;
  t->regex = g_regex_new (value, G_REGEX_CASELESS | G_REGEX_OPTIMIZE, 0, &local);
  if (t->regex == NULL)
    return fail (error, term, local->message);
  return TRUE;
}

static gboolean
parse_term (Term *t, const char *term, const ChronoClock *clock, GError **error)
{
  Op op;
  const char *at;
  gsize length;
  if (g_ascii_strcasecmp (term, "inversion") == 0)
    {
      t->kind = TERM_INVERSION;
      return TRUE;
    }
  if (!find_operator (term, &op, &at, &length) || at == term)
    {
      t->kind = TERM_WORD;
      t->text = g_utf8_casefold (term, -1);
      return TRUE;
    }
  g_autofree char *key = g_strndup (term, at - term);
  const char *value = at + length;
  t->op = op;
  if (g_str_equal (key, "duration") || g_str_equal (key, "waits"))
    {
      if (op == OP_RE || op == OP_NE)
        return fail (error, term, _ ("a duration is compared with <, <=, =, >= or >"));
      double seconds;
      g_autoptr (GError) local = NULL;
      if (!chrono_clock_parse_duration (clock, value, &seconds, &local))
        return fail (error, term, local->message);
      t->kind = g_str_equal (key, "waits") ? TERM_WAITS : TERM_DURATION;
      t->ticks = chrono_clock_from_seconds (clock, seconds);
      return TRUE;
    }
  if (op != OP_EQ && op != OP_RE && op != OP_NE)
    return fail (error, term, _ ("only a duration is compared with < or >"));
  if (g_str_equal (key, "state"))
    return op == OP_EQ ? parse_state (t, term, value, error) : fail (error, term, _ ("a state is given as state=NAME"));
  gboolean name = g_str_equal (key, "name"), lane = g_str_equal (key, "lane"), path = g_str_equal (key, "path");
  if ((name || lane || path) && op == OP_NE)
    return fail (error, term, _ ("names are found with = or ~"));
  if (name || lane)
    t->kind = op == OP_RE ? (name ? TERM_NAME_RE : TERM_LANE_RE) : (name ? TERM_NAME_EQ : TERM_LANE_EQ);
  else if (path)
    t->kind = op == OP_RE ? TERM_PATH_RE : TERM_PATH_EQ;
  else
    {
      t->kind = op == OP_RE ? TERM_ATTR_RE : op == OP_NE ? TERM_ATTR_NE : TERM_ATTR_EQ;
      t->key = g_steal_pointer (&key);
    }
  t->text = g_strdup (value);
  return op == OP_RE ? parse_regex (t, term, value, error) : TRUE;
}

ChronoQuery *
chrono_query_parse (const char *text, const ChronoClock *clock, GError **error)
{
  g_return_val_if_fail (text != NULL && clock != NULL, NULL);
  g_autoptr (ChronoQuery) query = g_new0 (ChronoQuery, 1);
  query->terms = g_array_new (FALSE, TRUE, sizeof (Term));
  g_array_set_clear_func (query->terms, term_clear);
  g_auto (GStrv) words = g_strsplit_set (text, " \t", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (*words[i] == '\0')
        continue;
      Term t = { 0 };
      gboolean ok = parse_term (&t, words[i], clock, error);
      g_array_append_val (query->terms, t);
      if (!ok)
        return NULL;
    }
  return g_steal_pointer (&query);
}

ChronoQuery *
chrono_query_new_path (const char *joined)
{
  g_return_val_if_fail (joined != NULL, NULL);
  ChronoQuery *query = g_new0 (ChronoQuery, 1);
  query->terms = g_array_new (FALSE, TRUE, sizeof (Term));
  g_array_set_clear_func (query->terms, term_clear);
  Term t = { .kind = TERM_PATH_EQ, .text = g_strdup (joined), .op = OP_EQ };
  g_array_append_val (query->terms, t);
  return query;
}

/* ---- evaluating ----------------------------------------------------------- */

static gboolean
contains_folded (const char *text, const char *folded_word)
{
  g_autofree char *folded = g_utf8_casefold (text ? text : "", -1);
  return strstr (folded, folded_word) != NULL;
}

/* A term on a name: a word (contains), name= (equals) or name~ (matches). */
static gboolean
name_term_holds (const Term *t, const char *name)
{
  if (name == NULL)
    return FALSE;
  switch (t->kind)
    {
    case TERM_WORD: return contains_folded (name, t->text);
    case TERM_NAME_EQ: return g_str_equal (name, t->text);
    case TERM_NAME_RE: return g_regex_match (t->regex, name, 0, NULL);
    default: return FALSE;
    }
}

static gboolean
lane_term_holds (const Term *t, ChronoLane *lane)
{
  const char *name = chrono_lane_get_display_name (lane);
  g_autofree char *path = chrono_lane_dup_path (lane);
  switch (t->kind)
    {
    case TERM_WORD: return contains_folded (name, t->text);
    case TERM_LANE_EQ: return g_str_equal (name, t->text) || g_str_equal (path, t->text);
    case TERM_LANE_RE: return g_regex_match (t->regex, name, 0, NULL) || g_regex_match (t->regex, path, 0, NULL);
    default: return FALSE;
    }
}

static gboolean
attr_term_holds (const Term *t, ChronoAttrs *attrs, guint32 set)
{
  const char *value = set != 0 ? chrono_attrs_lookup (attrs, set, t->key) : NULL;
  switch (t->kind)
    {
    case TERM_ATTR_EQ: return value != NULL && g_str_equal (value, t->text);
    case TERM_ATTR_NE: return value != NULL && !g_str_equal (value, t->text);
    case TERM_ATTR_RE: return value != NULL && g_regex_match (t->regex, value, 0, NULL);
    default: return FALSE;
    }
}

static gboolean
duration_holds (const Term *t, gint64 ticks)
{
  switch (t->op)
    {
    case OP_LT: return ticks < t->ticks;
    case OP_LE: return ticks <= t->ticks;
    case OP_GT: return ticks > t->ticks;
    case OP_GE: return ticks >= t->ticks;
    case OP_EQ: return ticks == t->ticks;
    default: return FALSE;
    }
}

/* Answers per term and per interned id, worked out once: 0 not yet, 1 yes, 2 no. */
typedef struct {
  ChronoTrace *trace;
  const ChronoQuery *query;
  guint8 **by_string; /* [term][string id] for name terms */
  guint8 **by_attrs; /* [term][attribute set] for attribute terms */
  guint n_strings, n_sets;
  /* per lane */
  gboolean *lane_holds; /* [term]: the lane alone satisfies it (its name) */
  gboolean *lane_name_holds; /* [term]: a name term holds for the lane's name (the name of unlabelled items) */
  GHashTable *blocking_totals; /* for waits and inversion terms: chrono_blocking_totals_new, else NULL */
  ChronoPathIndex *paths; /* for path terms (the trace's), else NULL */
  GByteArray **by_path; /* [term][path node] for path terms, grown as nodes are met */
  guint32 *path_target; /* [term] for path= terms: the path's node, CHRONO_NO_PATH: compared by name */
} Finder;

static gboolean
string_term_holds (Finder *f, guint term, guint32 id)
{
  if (id >= f->n_strings)
    return name_term_holds (&g_array_index (f->query->terms, Term, term),
                            chrono_strings_get (chrono_trace_get_strings (f->trace), id));
  guint8 *known = &f->by_string[term][id];
  if (*known == 0)
    *known = name_term_holds (&g_array_index (f->query->terms, Term, term),
                              chrono_strings_get (chrono_trace_get_strings (f->trace), id))
                 ? 1
                 : 2;
  return *known == 1;
}

static gboolean
attrs_term_holds (Finder *f, guint term, guint32 set)
{
  const Term *t = &g_array_index (f->query->terms, Term, term);
  if (set >= f->n_sets)
    return attr_term_holds (t, chrono_trace_get_attrs (f->trace), set);
  guint8 *known = &f->by_attrs[term][set];
  if (*known == 0)
    *known = attr_term_holds (t, chrono_trace_get_attrs (f->trace), set) ? 1 : 2;
  return *known == 1;
}

static gboolean
is_path_term (const Term *t)
{
  return t->kind == TERM_PATH_EQ || t->kind == TERM_PATH_RE;
}

/* A path term of a call whose path is node (CHRONO_NO_PATH: not a call). */
static gboolean
path_term_holds (Finder *f, guint term, guint32 node)
{
  if (node == CHRONO_NO_PATH)
    return FALSE;
  GByteArray *known = f->by_path[term];
  if (node >= known->len)
    {
      guint had = known->len;
      g_byte_array_set_size (known, node + 1); /* new bytes are not cleared */
      memset (known->data + had, 0, known->len - had);
    }
  if (known->data[node] == 0)
    {
      const Term *t = &g_array_index (f->query->terms, Term, term);
      if (t->kind == TERM_PATH_EQ && f->path_target[term] != CHRONO_NO_PATH)
        return node == f->path_target[term]; /* the path's node, found once */
      g_autofree char *joined = chrono_path_index_join (f->paths, node);
      gboolean holds =
          t->kind == TERM_PATH_EQ ? g_str_equal (joined, t->text) : g_regex_match (t->regex, joined, 0, NULL);
      known->data[node] = holds ? 1 : 2;
    }
  return known->data[node] == 1;
}

static gboolean
is_name_term (const Term *t)
{
  return t->kind == TERM_WORD || t->kind == TERM_NAME_EQ || t->kind == TERM_NAME_RE;
}

static gboolean
is_attr_term (const Term *t)
{
  return t->kind == TERM_ATTR_EQ || t->kind == TERM_ATTR_NE || t->kind == TERM_ATTR_RE;
}

/* waits<>T and inversion of the instance a span of a process lane belongs to. */
static gboolean
blocking_term_holds (Finder *f, const Term *t, ChronoLane *lane, const ChronoSpan *span)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  if (chrono_lane_get_kind (lane) != CHRONO_LANE_PROCESS || instances == NULL || span->instance == CHRONO_NO_INSTANCE
      || span->instance >= chrono_instances_get_n (instances))
    return FALSE;
  gint64 number = chrono_instances_get (instances, span->instance)->number;
  const ChronoBlockingTotals *totals =
      chrono_blocking_totals_lookup (f->blocking_totals, chrono_lane_get_name (lane), number);
  if (totals == NULL)
    return FALSE;
  return t->kind == TERM_INVERSION ? totals->inversions > 0 : duration_holds (t, totals->wait);
}

/* A span (label 0: named by its lane), or with state < 0 an instance's whole
 * life; path: its call path's node (CHRONO_NO_PATH: not a call, or none asked). */
static gboolean
span_holds (Finder *f, ChronoLane *lane, const ChronoSpan *span, gint64 duration, guint32 path)
{
  for (guint i = 0; i < f->query->terms->len; i++)
    {
      const Term *t = &g_array_index (f->query->terms, Term, i);
      gboolean holds;
      if (t->kind == TERM_WORD && f->lane_holds[i])
        holds = TRUE;
      else if (is_name_term (t))
        holds = span->label != 0 ? string_term_holds (f, i, span->label) : f->lane_name_holds[i];
      else if (is_attr_term (t))
        holds = attrs_term_holds (f, i, span->attrs);
      else if (t->kind == TERM_STATE)
        holds = span->state == t->state;
      else if (t->kind == TERM_DURATION)
        holds = duration_holds (t, duration);
      else if (t->kind == TERM_WAITS || t->kind == TERM_INVERSION)
        holds = blocking_term_holds (f, t, lane, span);
      else if (is_path_term (t))
        holds = path_term_holds (f, i, path);
      else
        holds = f->lane_holds[i];
      if (!holds)
        return FALSE;
    }
  return TRUE;
}

static gboolean
mark_holds (Finder *f, ChronoLane *lane, const ChronoMark *mark)
{
  for (guint i = 0; i < f->query->terms->len; i++)
    {
      const Term *t = &g_array_index (f->query->terms, Term, i);
      gboolean holds;
      if (t->kind == TERM_WORD && f->lane_holds[i])
        holds = TRUE;
      else if (is_name_term (t))
        holds = (mark->kind != 0 && string_term_holds (f, i, mark->kind))
                || (mark->source != 0 && string_term_holds (f, i, mark->source))
                || (mark->note != 0 && string_term_holds (f, i, mark->note)) || f->lane_name_holds[i];
      else if (is_attr_term (t))
        holds = attrs_term_holds (f, i, mark->attrs);
      else if (t->kind == TERM_STATE || t->kind == TERM_WAITS || t->kind == TERM_INVERSION || is_path_term (t))
        holds = FALSE;
      else if (t->kind == TERM_DURATION)
        holds = duration_holds (t, 0);
      else
        holds = f->lane_holds[i];
      if (!holds)
        return FALSE;
    }
  return TRUE;
}

/* path=P terms: P's node once every worker lane is indexed (a call of P is then one of that node). */
static void
find_path_targets (Finder *f)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (f->trace);
  for (guint l = 0; l < lanes->len; l++)
    if (chrono_lane_get_kind (lanes->pdata[l]) == CHRONO_LANE_WORKER)
      chrono_path_index_lane (f->paths, lanes->pdata[l]);
  for (guint i = 0; i < f->query->terms->len; i++)
    {
      const Term *t = &g_array_index (f->query->terms, Term, i);
      if (t->kind == TERM_PATH_EQ)
        f->path_target[i] = chrono_path_index_lookup (f->paths, t->text);
    }
}

static gboolean
query_has (const ChronoQuery *query, TermKind kind)
{
  for (guint i = 0; i < query->terms->len; i++)
    if (g_array_index (query->terms, Term, i).kind == kind)
      return TRUE;
  return FALSE;
}

static void
add_match (ChronoFindResult *result, guint cap, ChronoLane *lane, ChronoMatchKind kind, guint index, gint64 start,
           gint64 end)
{
  result->n_found++;
  g_hash_table_add (result->lanes, lane);
  if (result->matches->len >= cap)
    return;
  ChronoMatch match = { lane, kind, index, start, end };
  g_array_append_val (result->matches, match);
}

/* A task's instances once each, at their first span; other spans one by one. */
static void
find_spans (Finder *f, ChronoLane *lane, ChronoFindResult *result, guint cap)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  gboolean by_instance = instances != NULL && !query_has (f->query, TERM_STATE);
  g_autofree guint8 *seen = by_instance ? g_new0 (guint8, chrono_instances_get_n (instances)) : NULL;
  /* calls are the spans of worker lanes (as chrono_call_paths_lanes has them) */
  const guint32 *paths = f->paths != NULL && chrono_lane_get_kind (lane) == CHRONO_LANE_WORKER
                             ? chrono_path_index_lane (f->paths, lane)->node
                             : NULL;
  guint n = chrono_spans_get_n (spans);
  for (guint i = 0; i < n; i++)
    {
      ChronoSpan span;
      chrono_spans_get (spans, i, &span);
      gint64 start = span.start, end = span.end;
      if (by_instance && span.instance != CHRONO_NO_INSTANCE && span.instance < chrono_instances_get_n (instances))
        {
          if (seen[span.instance])
            continue;
          seen[span.instance] = 1;
          const ChronoInstance *life = chrono_instances_get (instances, span.instance);
          start = MIN (life->begin, span.start);
          end = MAX (life->end, start);
        }
      if (span_holds (f, lane, &span, chrono_ticks_between_held (start, end), paths ? paths[i] : CHRONO_NO_PATH))
        add_match (result, cap, lane, CHRONO_MATCH_SPAN, i, start, end);
    }
}

static void
find_marks (Finder *f, ChronoLane *lane, ChronoFindResult *result, guint cap)
{
  ChronoMarks *marks = chrono_lane_get_marks (lane);
  guint n = chrono_marks_get_n (marks);
  for (guint i = 0; i < n; i++)
    {
      ChronoMark mark;
      chrono_marks_get (marks, i, &mark);
      if (mark_holds (f, lane, &mark))
        add_match (result, cap, lane, CHRONO_MATCH_MARK, i, mark.time, mark.time);
    }
}

/* The lane's own answer to each term; TRUE when its name alone is a match. */
static gboolean
judge_lane (Finder *f, ChronoLane *lane)
{
  gboolean all = f->query->terms->len > 0;
  for (guint i = 0; i < f->query->terms->len; i++)
    {
      const Term *t = &g_array_index (f->query->terms, Term, i);
      f->lane_holds[i] = lane_term_holds (t, lane);
      f->lane_name_holds[i] = is_name_term (t) && name_term_holds (t, chrono_lane_get_display_name (lane));
      all = all && f->lane_holds[i];
    }
  return all;
}

static gboolean
has_lane_term_failing (Finder *f)
{
  for (guint i = 0; i < f->query->terms->len; i++)
    {
      TermKind kind = g_array_index (f->query->terms, Term, i).kind;
      if ((kind == TERM_LANE_EQ || kind == TERM_LANE_RE) && !f->lane_holds[i])
        return TRUE;
    }
  return FALSE;
}

ChronoFindResult *
chrono_find (ChronoTrace *trace, const ChronoQuery *query, guint cap)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace) && query != NULL, NULL);
  ChronoFindResult *result = g_new0 (ChronoFindResult, 1);
  result->matches = g_array_new (FALSE, FALSE, sizeof (ChronoMatch));
  result->lanes = g_hash_table_new (NULL, NULL);
  result->names_only = chrono_trace_is_lazy (trace);
  guint n_terms = query->terms->len;
  if (n_terms == 0)
    return result;

  Finder f = { trace, query };
  f.n_strings = chrono_strings_get_n (chrono_trace_get_strings (trace));
  f.n_sets = chrono_attrs_get_n_sets (chrono_trace_get_attrs (trace));
  f.by_string = g_new0 (guint8 *, n_terms);
  f.by_attrs = g_new0 (guint8 *, n_terms);
  f.lane_holds = g_new0 (gboolean, n_terms);
  f.lane_name_holds = g_new0 (gboolean, n_terms);
  f.by_path = g_new0 (GByteArray *, n_terms);
  for (guint i = 0; i < n_terms; i++)
    {
      const Term *t = &g_array_index (query->terms, Term, i);
      if (is_name_term (t))
        f.by_string[i] = g_new0 (guint8, f.n_strings);
      if (is_attr_term (t))
        f.by_attrs[i] = g_new0 (guint8, f.n_sets);
      if (is_path_term (t))
        {
          f.by_path[i] = g_byte_array_new ();
          f.paths = chrono_path_index_of (trace);
        }
    }
  f.path_target = g_new (guint32, n_terms);
  for (guint i = 0; i < n_terms; i++)
    f.path_target[i] = CHRONO_NO_PATH;
  if (f.paths != NULL)
    find_path_targets (&f);

  if (query_has (query, TERM_WAITS) || query_has (query, TERM_INVERSION))
    f.blocking_totals = chrono_blocking_totals_new (trace);
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint l = 0; l < lanes->len; l++)
    {
      ChronoLane *lane = g_ptr_array_index (lanes, l);
      if (judge_lane (&f, lane))
        g_hash_table_add (result->lanes, lane);
      if (result->names_only || has_lane_term_failing (&f))
        continue; /* no item of a lane that is not asked for */
      if (chrono_lane_get_spans (lane) != NULL)
        find_spans (&f, lane, result, cap);
      if (chrono_lane_get_marks (lane) != NULL)
        find_marks (&f, lane, result, cap);
    }

  for (guint i = 0; i < n_terms; i++)
    {
      g_free (f.by_string[i]);
      g_free (f.by_attrs[i]);
      if (f.by_path[i] != NULL)
        g_byte_array_unref (f.by_path[i]);
    }
  g_free (f.by_path);
  g_free (f.path_target);
  g_free (f.by_string);
  g_free (f.by_attrs);
  g_free (f.lane_holds);
  g_free (f.lane_name_holds);
  g_clear_pointer (&f.blocking_totals, g_hash_table_unref);
  return result;
}

void
chrono_find_result_free (ChronoFindResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->matches);
  g_hash_table_unref (result->lanes);
  g_free (result);
}

/* (start, index) ordering: the matches are in lane order, not time order. */
static gboolean
key_after (const ChronoMatch *m, guint i, gint64 time, gint64 current)
{
  return m->start > time || (m->start == time && (gint64) i > current);
}

gboolean
chrono_find_result_step (const ChronoFindResult *result, gint64 time, guint current, int direction, guint *out_index)
{
  GArray *matches = result->matches;
  gboolean valid = current < matches->len;
  /* without a current match, one starting at the time itself counts */
  gint64 at = valid ? (gint64) current : direction > 0 ? -1 : G_MAXINT64;
  gboolean found = FALSE;
  guint best = 0;
  for (guint i = 0; i < matches->len; i++)
    {
      const ChronoMatch *m = &g_array_index (matches, ChronoMatch, i);
      if (direction > 0 ? !key_after (m, i, time, at) : (m->start > time || (m->start == time && (gint64) i >= at)))
        continue;
      const ChronoMatch *b = &g_array_index (matches, ChronoMatch, best);
      /* ties: the first in lane order going forward, the last going back */
      gboolean better = !found || (direction > 0 ? (m->start < b->start) : (m->start >= b->start));
      if (better)
        {
          best = i;
          found = TRUE;
        }
    }
  if (found)
    *out_index = best;
  return found;
}
