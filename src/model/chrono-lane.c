#include "chrono-lane.h"
#include "chrono-strings.h"

#include <glib/gi18n-lib.h>

#include <string.h>

struct _ChronoLane {
  GObject parent_instance;
  char *name;
  char *entity_type;
  ChronoLaneKind kind;
  ChronoLane *parent; /* weak: the parent owns its children */
  GListStore *children;
  ChronoSpans *spans;
  ChronoMarks *marks;
  ChronoSignal *signal;
  ChronoSignal *other_signal; /* another reading of the same samples, shown on request */
  char *other_name; /* the lane's name when it shows its other reading */
  ChronoSummary *other_summary; /* read lazily: the other reading's summary */
  char *key_name; /* once switched: the name it was made with, its identity (chrono_lane_dup_key) */
  gboolean other_shown; /* it shows its other reading */
  ChronoLane *leader; /* a decoded chunk's lane: the index lane whose reading it shows */
  ChronoInstances *instances;
  ChronoAccesses *accesses;
  ChronoSummary *summary;
  ChronoCallSummary *call_summary; /* read lazily, a lane of calls: their figures per stretch */
  ChronoTree *tree;
  ChronoReferences *references;
  guint reference_space;
  gint64 source_id; /* the producer's id (a TRACE resource id), G_MININT64 when none */
  guint32 attrs;
  double capacity; /* 0 when the lane has none */
  gboolean name_is_ours; /* a N_() string of a loader or analysis, not a name from the trace */
  gboolean has_claim_figures;
  guint64 claims;
  double usage;
  GArray *concurrency; /* gint64 */
  gboolean has_signal_figures, has_mark_count;
  guint64 mark_count;
  ChronoSignalFigures signal_figures;
};

enum { PROP_0, PROP_NAME, PROP_KIND, PROP_ENTITY_TYPE, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_ENUM_TYPE (
    ChronoLaneKind, chrono_lane_kind, G_DEFINE_ENUM_VALUE (CHRONO_LANE_GROUP, "group"),
    G_DEFINE_ENUM_VALUE (CHRONO_LANE_PROCESS, "process"), G_DEFINE_ENUM_VALUE (CHRONO_LANE_RUNNABLE, "runnable"),
    G_DEFINE_ENUM_VALUE (CHRONO_LANE_CORE, "core"), G_DEFINE_ENUM_VALUE (CHRONO_LANE_SEMAPHORE, "semaphore"),
    G_DEFINE_ENUM_VALUE (CHRONO_LANE_ACCESS, "access"), G_DEFINE_ENUM_VALUE (CHRONO_LANE_SIGNAL, "signal"),
    G_DEFINE_ENUM_VALUE (CHRONO_LANE_EVENTS, "events"), G_DEFINE_ENUM_VALUE (CHRONO_LANE_RESOURCE, "resource"),
    G_DEFINE_ENUM_VALUE (CHRONO_LANE_ACTIVITY, "activity"), G_DEFINE_ENUM_VALUE (CHRONO_LANE_WORKER, "worker"),
    G_DEFINE_ENUM_VALUE (CHRONO_LANE_TREE, "tree"), G_DEFINE_ENUM_VALUE (CHRONO_LANE_DENSITY, "density"))

G_DEFINE_FINAL_TYPE (ChronoLane, chrono_lane, G_TYPE_OBJECT)

const char *
chrono_lane_kind_get_name (ChronoLaneKind kind)
{
  GEnumClass *klass = g_type_class_ref (CHRONO_TYPE_LANE_KIND);
  GEnumValue *value = g_enum_get_value (klass, kind);
  g_type_class_unref (klass);
  return value ? value->value_nick : "?";
}

const char *
chrono_lane_kind_get_label (ChronoLaneKind kind)
{
  static const char *const labels[] = {
    [CHRONO_LANE_GROUP] = N_ ("Group"),           [CHRONO_LANE_PROCESS] = N_ ("Process"),
    [CHRONO_LANE_RUNNABLE] = N_ ("Runnable"),     [CHRONO_LANE_CORE] = N_ ("Core"),
    [CHRONO_LANE_SEMAPHORE] = N_ ("Semaphore"),   [CHRONO_LANE_ACCESS] = N_ ("Access to a semaphore"),
    [CHRONO_LANE_SIGNAL] = N_ ("Signal"),         [CHRONO_LANE_EVENTS] = N_ ("Events"),
    [CHRONO_LANE_RESOURCE] = N_ ("Resource"),     [CHRONO_LANE_ACTIVITY] = N_ ("Activity"),
    [CHRONO_LANE_WORKER] = N_ ("Worker"),         [CHRONO_LANE_TREE] = N_ ("Tree"),
    [CHRONO_LANE_DENSITY] = N_ ("Address space"),
  };
  if ((guint) kind >= G_N_ELEMENTS (labels) || labels[kind] == NULL)
    return "?";
  return g_dgettext (GETTEXT_PACKAGE, labels[kind]);
}

gboolean
chrono_lane_kind_holds_claims (ChronoLaneKind kind)
{
  return kind == CHRONO_LANE_RESOURCE || kind == CHRONO_LANE_ACTIVITY;
}

static void
chrono_lane_finalize (GObject *object)
{
  ChronoLane *self = CHRONO_LANE (object);
  g_free (self->name);
  g_free (self->entity_type);
  g_clear_object (&self->children);
  g_clear_pointer (&self->spans, chrono_spans_free);
  g_clear_pointer (&self->marks, chrono_marks_free);
  g_clear_pointer (&self->signal, chrono_signal_free);
  g_clear_pointer (&self->other_signal, chrono_signal_free);
  g_free (self->other_name);
  g_clear_pointer (&self->other_summary, chrono_summary_free);
  g_free (self->key_name);
  g_clear_object (&self->leader);
  g_clear_pointer (&self->instances, chrono_instances_free);
  g_clear_pointer (&self->accesses, chrono_accesses_free);
  g_clear_pointer (&self->summary, chrono_summary_free);
  g_clear_pointer (&self->call_summary, chrono_call_summary_free);
  g_clear_pointer (&self->tree, chrono_tree_free);
  g_clear_object (&self->references);
  g_clear_pointer (&self->concurrency, g_array_unref);
  G_OBJECT_CLASS (chrono_lane_parent_class)->finalize (object);
}

static void
chrono_lane_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ChronoLane *self = CHRONO_LANE (object);
  switch (prop_id)
    {
    case PROP_NAME: g_value_set_string (value, self->name); break;
    case PROP_KIND: g_value_set_enum (value, self->kind); break;
    case PROP_ENTITY_TYPE: g_value_set_string (value, self->entity_type); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_lane_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ChronoLane *self = CHRONO_LANE (object);
  switch (prop_id)
    {
    case PROP_NAME: self->name = chrono_utf8_dup (g_value_get_string (value)); break; /* shown and written out */
    case PROP_KIND: self->kind = g_value_get_enum (value); break;
    case PROP_ENTITY_TYPE: self->entity_type = g_value_dup_string (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_lane_class_init (ChronoLaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = chrono_lane_finalize;
  object_class->get_property = chrono_lane_get_property;
  object_class->set_property = chrono_lane_set_property;
  properties[PROP_NAME] =
      g_param_spec_string ("name", NULL, NULL, "", G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_KIND] = g_param_spec_enum ("kind", NULL, NULL, CHRONO_TYPE_LANE_KIND, CHRONO_LANE_GROUP,
                                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ENTITY_TYPE] = g_param_spec_string (
      "entity-type", NULL, NULL, "", G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
chrono_lane_init (ChronoLane *self)
{
  self->children = g_list_store_new (CHRONO_TYPE_LANE);
  self->source_id = G_MININT64;
}

ChronoLane *
chrono_lane_new (const char *name, ChronoLaneKind kind, const char *entity_type)
{
  return g_object_new (CHRONO_TYPE_LANE, "name", name, "kind", kind, "entity-type", entity_type ? entity_type : "",
                       NULL);
}

const char *
chrono_lane_get_name (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  return lane->name;
}

/* Renames a lane: the heading of a trace in a set, told apart from another
 * trace's of the same file name; a loader's lane that it learns more of
 * before the trace is sealed (a counter read as recorded, not as a rate). */
void
chrono_lane_set_name (ChronoLane *lane, const char *name)
{
  g_return_if_fail (CHRONO_IS_LANE (lane) && name != NULL);
  g_free (lane->name);
  lane->name = chrono_utf8_dup (name);
}

/* The name to show: loaders name headings and derived lanes with N_()
 * strings, translated here; names from the trace are shown as they are. */
const char *
chrono_lane_get_display_name (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  gboolean ours = lane->kind == CHRONO_LANE_GROUP || lane->name_is_ours;
  return ours ? g_dgettext (GETTEXT_PACKAGE, lane->name) : lane->name;
}

/* For lanes a loader or an analysis names with a N_() string ("Events",
 * "Usage"): shown translated.  Group headings always are. */
void
chrono_lane_set_name_is_ours (ChronoLane *lane, gboolean ours)
{
  g_return_if_fail (CHRONO_IS_LANE (lane));
  lane->name_is_ours = ours;
}

ChronoLaneKind
chrono_lane_get_kind (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), CHRONO_LANE_GROUP);
  return lane->kind;
}

const char *
chrono_lane_get_entity_type (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  return lane->entity_type;
}

ChronoLane *
chrono_lane_get_parent (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  return lane->parent;
}

GListModel *
chrono_lane_get_children (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  return G_LIST_MODEL (lane->children);
}

guint
chrono_lane_get_n_children (ChronoLane *lane)
{
  return g_list_model_get_n_items (G_LIST_MODEL (lane->children));
}

/* Borrowed reference. */
ChronoLane *
chrono_lane_get_child (ChronoLane *lane, guint index)
{
  ChronoLane *child = g_list_model_get_item (G_LIST_MODEL (lane->children), index);
  if (child)
    g_object_unref (child);
  return child;
}

void
chrono_lane_append_child (ChronoLane *lane, ChronoLane *child)
{
  g_return_if_fail (CHRONO_IS_LANE (lane) && CHRONO_IS_LANE (child));
  g_return_if_fail (child->parent == NULL);
  child->parent = lane;
  g_list_store_append (lane->children, child);
}

void
chrono_lane_remove_child (ChronoLane *lane, ChronoLane *child)
{
  g_return_if_fail (CHRONO_IS_LANE (lane) && CHRONO_IS_LANE (child));
  g_return_if_fail (child->parent == lane);
  guint position;
  if (g_list_store_find (lane->children, child, &position))
    {
      child->parent = NULL;
      g_list_store_remove (lane->children, position);
    }
}

/* Natural order that does not depend on the locale, so dumps and pictures
 * are the same everywhere: digit runs compare as numbers, the rest by byte. */
int
chrono_natural_compare (const char *a, const char *b)
{
  while (*a && *b)
    {
      if (g_ascii_isdigit (*a) && g_ascii_isdigit (*b))
        {
          while (*a == '0' && g_ascii_isdigit (a[1]))
            a++;
          while (*b == '0' && g_ascii_isdigit (b[1]))
            b++;
          gsize la = 0, lb = 0;
          while (g_ascii_isdigit (a[la]))
            la++;
          while (g_ascii_isdigit (b[lb]))
            lb++;
          if (la != lb)
            return la < lb ? -1 : 1;
          int digits = strncmp (a, b, la);
          if (digits != 0)
            return digits;
          a += la;
          b += lb;
          continue;
        }
      if (*a != *b)
        return (unsigned char) *a < (unsigned char) *b ? -1 : 1;
      a++;
      b++;
    }
  return (unsigned char) *a - (unsigned char) *b;
}

static int
compare_lanes_by_name (gconstpointer a, gconstpointer b, gpointer user_data)
{
  return chrono_natural_compare (CHRONO_LANE ((gpointer) a)->name, CHRONO_LANE ((gpointer) b)->name);
}

/* Natural order ("Core_2" before "Core_10"). */
void
chrono_lane_sort_children (ChronoLane *lane)
{
  g_list_store_sort (lane->children, compare_lanes_by_name, NULL);
}

guint
chrono_lane_get_depth (ChronoLane *lane)
{
  guint depth = 0;
  for (ChronoLane *p = lane->parent; p != NULL; p = p->parent)
    depth++;
  return depth;
}

static void
append_key (GString *key, ChronoLane *lane)
{
  if (lane->parent != NULL)
    {
      append_key (key, lane->parent);
      g_string_append_c (key, '\x1f');
    }
  g_string_append (key, lane->key_name != NULL ? lane->key_name : lane->name);
}

/* The names from the top joined by U+001F, which no name holds: the lane's
 * identity across the traces of one file (an index and its decoded chunks). */
char *
chrono_lane_dup_key (ChronoLane *lane)
{
  GString *key = g_string_new (NULL);
  append_key (key, lane);
  return g_string_free (key, FALSE);
}

/* "Processes/TASK_A/Runnable_1": names from the top, for dumps and messages. */
char *
chrono_lane_dup_path (ChronoLane *lane)
{
  GString *path = g_string_new (lane->name);
  for (ChronoLane *p = lane->parent; p != NULL; p = p->parent)
    {
      g_string_prepend_c (path, '/');
      g_string_prepend (path, p->name);
    }
  return g_string_free (path, FALSE);
}

void
chrono_lane_set_claim_figures (ChronoLane *lane, guint64 claims, double usage, GArray *concurrency)
{
  g_return_if_fail (CHRONO_IS_LANE (lane));
  lane->has_claim_figures = TRUE;
  lane->claims = claims;
  lane->usage = usage;
  g_clear_pointer (&lane->concurrency, g_array_unref);
  lane->concurrency = concurrency;
}

gboolean
chrono_lane_get_claim_figures (ChronoLane *lane, guint64 *out_claims, double *out_usage, GArray **out_concurrency)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), FALSE);
  if (!lane->has_claim_figures)
    return FALSE;
  *out_claims = lane->claims;
  *out_usage = lane->usage;
  *out_concurrency = lane->concurrency;
  return TRUE;
}

void
chrono_lane_set_mark_count (ChronoLane *lane, guint64 n)
{
  g_return_if_fail (CHRONO_IS_LANE (lane));
  lane->has_mark_count = TRUE;
  lane->mark_count = n;
}

gboolean
chrono_lane_get_mark_count (ChronoLane *lane, guint64 *out_n)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), FALSE);
  if (!lane->has_mark_count)
    return FALSE;
  *out_n = lane->mark_count;
  return TRUE;
}

void
chrono_lane_set_signal_figures (ChronoLane *lane, const ChronoSignalFigures *figures)
{
  g_return_if_fail (CHRONO_IS_LANE (lane));
  lane->has_signal_figures = TRUE;
  lane->signal_figures = *figures;
}

gboolean
chrono_lane_get_signal_figures (ChronoLane *lane, ChronoSignalFigures *out)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), FALSE);
  if (!lane->has_signal_figures)
    return FALSE;
  *out = lane->signal_figures;
  return TRUE;
}

void
chrono_lane_set_summary (ChronoLane *lane, ChronoSummary *summary)
{
  g_clear_pointer (&lane->summary, chrono_summary_free);
  lane->summary = summary;
}

void
chrono_lane_set_tree (ChronoLane *lane, ChronoTree *tree)
{
  g_return_if_fail (CHRONO_IS_LANE (lane));
  g_clear_pointer (&lane->tree, chrono_tree_free);
  lane->tree = tree;
}

void
chrono_lane_set_references (ChronoLane *lane, ChronoReferences *refs, guint space)
{
  g_return_if_fail (CHRONO_IS_LANE (lane) && CHRONO_IS_REFERENCES (refs));
  g_set_object (&lane->references, refs);
  lane->reference_space = space;
}

ChronoReferences *
chrono_lane_get_references (ChronoLane *lane, guint *out_space)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  if (out_space != NULL)
    *out_space = lane->reference_space;
  return lane->references;
}

ChronoTree *
chrono_lane_get_tree (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  return lane->tree;
}

/* The lane's summary, begun at begin on first use: buckets of initial_span
 * ticks at first (a second of the trace: files big enough to be indexed
 * last longer), widening as items arrive later. */
ChronoSummary *
chrono_lane_ensure_summary (ChronoLane *lane, gint64 begin, guint n_buckets, gint64 initial_span)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  if (lane->summary == NULL)
    lane->summary = chrono_summary_new (begin, n_buckets, initial_span);
  return lane->summary;
}

ChronoSummary *
chrono_lane_get_summary (ChronoLane *lane)
{
  return lane->summary;
}

gboolean
chrono_lane_has_intervals (ChronoLane *lane)
{
  if (lane->summary != NULL)
    return !chrono_summary_is_empty (lane->summary);
  return lane->spans != NULL && chrono_spans_is_sealed (lane->spans) && chrono_spans_get_n (lane->spans) > 0;
}

void
chrono_lane_summarize (ChronoLane *lane, gint64 begin, gint64 end, ChronoSpanSummary *out)
{
  if (lane->summary != NULL)
    {
      ChronoSummaryExtra extra;
      chrono_summary_query (lane->summary, begin, end, out, &extra);
    }
  else if (lane->spans != NULL && chrono_spans_is_sealed (lane->spans))
    chrono_spans_summarize (lane->spans, begin, end, out);
  else
    {
      memset (out, 0, sizeof *out);
      out->dominant = CHRONO_STATE_NONE;
    }
}

ChronoSpans *
chrono_lane_get_spans (ChronoLane *lane)
{
  return lane->spans;
}

ChronoMarks *
chrono_lane_get_marks (ChronoLane *lane)
{
  return lane->marks;
}

ChronoSignal *
chrono_lane_get_signal (ChronoLane *lane)
{
  return lane->signal;
}

ChronoInstances *
chrono_lane_get_instances (ChronoLane *lane)
{
  return lane->instances;
}

ChronoSpans *
chrono_lane_ensure_spans (ChronoLane *lane)
{
  if (lane->spans == NULL)
    lane->spans = chrono_spans_new ();
  return lane->spans;
}

ChronoMarks *
chrono_lane_ensure_marks (ChronoLane *lane)
{
  if (lane->marks == NULL)
    lane->marks = chrono_marks_new ();
  return lane->marks;
}

void
chrono_lane_set_other_signal (ChronoLane *lane, ChronoSignal *signal, const char *name)
{
  g_return_if_fail (CHRONO_IS_LANE (lane) && signal != NULL && name != NULL);
  g_clear_pointer (&lane->other_signal, chrono_signal_free);
  g_free (lane->other_name);
  lane->other_signal = signal;
  lane->other_name = chrono_utf8_dup (name);
}

void
chrono_lane_set_other_summary (ChronoLane *lane, ChronoSummary *summary, const char *name)
{
  g_return_if_fail (CHRONO_IS_LANE (lane) && summary != NULL && name != NULL);
  g_clear_pointer (&lane->other_summary, chrono_summary_free);
  g_free (lane->other_name);
  lane->other_summary = summary;
  lane->other_name = chrono_utf8_dup (name);
}

static gboolean
has_other_reading (ChronoLane *lane)
{
  return (lane->other_signal != NULL && lane->signal != NULL) || (lane->other_summary != NULL && lane->summary != NULL);
}

const char *
chrono_lane_get_other_name (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  return has_other_reading (lane) ? lane->other_name : NULL;
}

static void
swap_own_readings (ChronoLane *lane)
{
  /* the name it was made with stays its key: the index and its decoded
   * chunks find each other whichever reading each shows */
  if (lane->key_name == NULL)
    lane->key_name = g_strdup (lane->name);
  if (lane->other_signal != NULL && lane->signal != NULL)
    {
      ChronoSignal *signal = lane->signal;
      lane->signal = lane->other_signal;
      lane->other_signal = signal;
    }
  if (lane->other_summary != NULL && lane->summary != NULL)
    {
      ChronoSummary *summary = lane->summary;
      lane->summary = lane->other_summary;
      lane->other_summary = summary;
    }
  char *name = lane->name;
  lane->name = lane->other_name;
  lane->other_name = name;
  lane->other_shown = !lane->other_shown;
}

gboolean
chrono_lane_swap_signals (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), FALSE);
  if (lane->leader != NULL)
    {
      /* a decoded chunk's lane: the whole lane switches, this chunk with it */
      if (!chrono_lane_swap_signals (lane->leader))
        return FALSE;
      chrono_lane_follow_reading (lane, lane->leader);
      return TRUE;
    }
  if (!has_other_reading (lane))
    return FALSE;
  swap_own_readings (lane);
  return TRUE;
}

void
chrono_lane_follow_reading (ChronoLane *lane, ChronoLane *leader)
{
  g_return_if_fail (CHRONO_IS_LANE (lane) && CHRONO_IS_LANE (leader));
  if (lane == leader || !has_other_reading (lane) || chrono_lane_get_other_name (leader) == NULL)
    return;
  if (lane->leader != leader)
    g_set_object (&lane->leader, leader);
  if (lane->other_shown != leader->other_shown)
    swap_own_readings (lane);
}

ChronoSignal *
chrono_lane_ensure_signal (ChronoLane *lane, gint64 ticks_per_second)
{
  if (lane->signal == NULL)
    lane->signal = chrono_signal_new (ticks_per_second);
  return lane->signal;
}

ChronoAccesses *
chrono_lane_get_accesses (ChronoLane *lane)
{
  return lane->accesses;
}

ChronoAccesses *
chrono_lane_ensure_accesses (ChronoLane *lane)
{
  if (lane->accesses == NULL)
    lane->accesses = chrono_accesses_new ();
  return lane->accesses;
}

ChronoInstances *
chrono_lane_ensure_instances (ChronoLane *lane)
{
  if (lane->instances == NULL)
    lane->instances = chrono_instances_new ();
  return lane->instances;
}

void
chrono_lane_set_source (ChronoLane *lane, gint64 id, guint32 attrs, double capacity)
{
  lane->source_id = id;
  lane->attrs = attrs;
  lane->capacity = capacity;
}

gint64
chrono_lane_get_source_id (ChronoLane *lane)
{
  return lane->source_id;
}

guint32
chrono_lane_get_attrs (ChronoLane *lane)
{
  return lane->attrs;
}

double
chrono_lane_get_capacity (ChronoLane *lane)
{
  return lane->capacity;
}

void
chrono_lane_seal (ChronoLane *lane)
{
  if (lane->spans)
    chrono_spans_seal (lane->spans);
  if (lane->marks)
    chrono_marks_seal (lane->marks);
  if (lane->signal)
    chrono_signal_seal (lane->signal);
  if (lane->other_signal)
    chrono_signal_seal (lane->other_signal);
  if (lane->tree)
    chrono_tree_seal (lane->tree);
  guint n = chrono_lane_get_n_children (lane);
  for (guint i = 0; i < n; i++)
    chrono_lane_seal (chrono_lane_get_child (lane, i));
}

void
chrono_lane_set_call_summary (ChronoLane *lane, ChronoCallSummary *summary)
{
  g_return_if_fail (CHRONO_IS_LANE (lane));
  g_clear_pointer (&lane->call_summary, chrono_call_summary_free);
  lane->call_summary = summary;
}

ChronoCallSummary *
chrono_lane_get_call_summary (ChronoLane *lane)
{
  g_return_val_if_fail (CHRONO_IS_LANE (lane), NULL);
  return lane->call_summary;
}
