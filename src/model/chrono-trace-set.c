/* chrono-trace-set.c — see the header. */
#include "chrono-trace-set.h"

#include <glib/gi18n-lib.h>

typedef struct {
  ChronoTrace *trace;
  ChronoLane *heading;
  ChronoAlignment alignment;
  ChronoClockMap aligned; /* by the alignment alone */
  gint64 shift; /* reference ticks on top of it */
  ChronoClockMap map; /* aligned, then shifted */
} Member;

struct _ChronoTraceSet {
  GObject parent_instance;
  GArray *members; /* Member */
};

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChronoTraceSet, chrono_trace_set, G_TYPE_OBJECT)
G_DEFINE_QUARK (chrono - trace - set - error - quark, chrono_trace_set_error)

static void
member_clear (gpointer data)
{
  Member *m = data;
  g_clear_object (&m->trace);
  g_clear_object (&m->heading);
}

static void
chrono_trace_set_finalize (GObject *object)
{
  ChronoTraceSet *self = CHRONO_TRACE_SET (object);
  g_array_unref (self->members);
  G_OBJECT_CLASS (chrono_trace_set_parent_class)->finalize (object);
}

static void
chrono_trace_set_class_init (ChronoTraceSetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chrono_trace_set_finalize;
  /* a member came, or moved: views lay out and draw again */
  signals[CHANGED] =
      g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
chrono_trace_set_init (ChronoTraceSet *self)
{
  self->members = g_array_new (FALSE, TRUE, sizeof (Member));
  g_array_set_clear_func (self->members, member_clear);
}

static Member *
member_at (ChronoTraceSet *self, guint i)
{
  g_return_val_if_fail (i < self->members->len, NULL);
  return &g_array_index (self->members, Member, i);
}

static ChronoLane *
heading_for (ChronoTrace *trace)
{
  g_autofree char *name = g_path_get_basename (chrono_trace_get_path (trace));
  return chrono_lane_new (name, CHRONO_LANE_GROUP, NULL);
}

ChronoTraceSet *
chrono_trace_set_new (ChronoTrace *reference)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (reference), NULL);
  ChronoTraceSet *self = g_object_new (CHRONO_TYPE_TRACE_SET, NULL);
  Member m = {
    g_object_ref (reference), heading_for (reference), CHRONO_ALIGN_START, { 1, 1, 0, 0 }, 0, { 1, 1, 0, 0 }
  };
  g_array_append_val (self->members, m);
  return self;
}

static gboolean
align (ChronoTraceSet *self, ChronoTrace *trace, ChronoAlignment alignment, ChronoClockMap *map, GError **error)
{
  ChronoTrace *reference = chrono_trace_set_get_reference (self);
  const ChronoClock *from = chrono_trace_get_clock (trace), *to = chrono_trace_get_clock (reference);
  g_autofree char *name = g_path_get_basename (chrono_trace_get_path (trace));
  if (alignment == CHRONO_ALIGN_WALL_CLOCK)
    {
      if (!from->has_wall_clock || !to->has_wall_clock)
        {
          /* named: the trace that lacks it, which may be the first */
          ChronoTrace *without = from->has_wall_clock ? reference : trace;
          g_autofree char *without_name = g_path_get_basename (chrono_trace_get_path (without));
          g_set_error (error, CHRONO_TRACE_SET_ERROR, CHRONO_TRACE_SET_ERROR_NO_WALL_CLOCK,
                       _ ("%s: %s no wall-clock time (a BTF #creationDate, a TRACE O line, an OTF2 realtime "
                          "timestamp); align by start instead"),
                       without_name, without == reference ? _ ("the first trace has") : _ ("this trace has"));
          return FALSE;
        }
      if (!chrono_clock_map_init_wall_clock (map, from, to))
        {
          g_set_error (error, CHRONO_TRACE_SET_ERROR, CHRONO_TRACE_SET_ERROR_TOO_FAR,
                       _ ("%s: its wall-clock time lies further from the first trace's than the clock can count"),
                       name);
          return FALSE;
        }
      return TRUE;
    }
  if (alignment == CHRONO_ALIGN_TIMESTAMPS)
    {
      chrono_clock_map_init (map, from, 0, to, 0);
      return TRUE;
    }
  gint64 from_begin = chrono_trace_has_range (trace) ? chrono_trace_get_begin (trace) : 0;
  gint64 to_begin = chrono_trace_has_range (reference) ? chrono_trace_get_begin (reference) : 0;
  chrono_clock_map_init (map, from, from_begin, to, to_begin);
  return TRUE;
}

/* The last n parts of path, "run-a/traces.otf2" for 2; the whole path when it has no more. */
static char *
path_tail (const char *path, guint n)
{
  g_auto (GStrv) parts = g_strsplit (path, G_DIR_SEPARATOR_S, -1);
  guint length = g_strv_length (parts);
  if (n >= length)
    return g_strdup (path);
  return g_strjoinv (G_DIR_SEPARATOR_S, parts + (length - n));
}

static char *
canonical_path (ChronoTrace *trace)
{
  return g_canonicalize_filename (chrono_trace_get_path (trace), NULL);
}

char *
chrono_trace_set_dup_name (ChronoTraceSet *self, guint i)
{
  g_return_val_if_fail (CHRONO_IS_TRACE_SET (self) && i < self->members->len, NULL);
  g_autofree char *path = canonical_path (member_at (self, i)->trace);
  guint depth = 1, same_file_before = 0;
  char *name = path_tail (path, depth);
  for (gboolean clash = TRUE; clash && !g_str_equal (name, path);)
    {
      clash = FALSE;
      for (guint j = 0; j < self->members->len && !clash; j++)
        {
          g_autofree char *other = canonical_path (member_at (self, j)->trace);
          g_autofree char *other_tail = path_tail (other, depth);
          clash = j != i && !g_str_equal (other, path) && g_str_equal (other_tail, name);
        }
      if (clash)
        {
          g_free (name);
          name = path_tail (path, ++depth);
        }
    }
  for (guint j = 0; j < i; j++)
    {
      g_autofree char *other = canonical_path (member_at (self, j)->trace);
      same_file_before += g_str_equal (other, path);
    }
  if (same_file_before == 0)
    return name;
  g_autofree char *tail = name;
  return g_strdup_printf ("%s (%u)", tail, same_file_before + 1);
}

/* Every heading named so that no two read alike. */
static void
name_headings (ChronoTraceSet *self)
{
  for (guint i = 0; i < self->members->len; i++)
    {
      g_autofree char *name = chrono_trace_set_dup_name (self, i);
      if (!g_str_equal (name, chrono_lane_get_name (member_at (self, i)->heading)))
        chrono_lane_set_name (member_at (self, i)->heading, name);
    }
}

gboolean
chrono_trace_set_add (ChronoTraceSet *self, ChronoTrace *trace, ChronoAlignment alignment, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_TRACE_SET (self), FALSE);
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), FALSE);
  ChronoClockMap map;
  if (!align (self, trace, alignment, &map, error))
    return FALSE;
  Member m = { g_object_ref (trace), heading_for (trace), alignment, map, 0, map };
  g_array_append_val (self->members, m);
  name_headings (self);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

guint
chrono_trace_set_get_n (ChronoTraceSet *self)
{
  return self->members->len;
}

ChronoTrace *
chrono_trace_set_get_trace (ChronoTraceSet *self, guint i)
{
  return member_at (self, i)->trace;
}

ChronoTrace *
chrono_trace_set_get_reference (ChronoTraceSet *self)
{
  return member_at (self, 0)->trace;
}

ChronoLane *
chrono_trace_set_get_heading (ChronoTraceSet *self, guint i)
{
  return member_at (self, i)->heading;
}

ChronoAlignment
chrono_trace_set_get_alignment (ChronoTraceSet *self, guint i)
{
  return member_at (self, i)->alignment;
}

static ChronoLane *
top_of (ChronoLane *lane)
{
  while (chrono_lane_get_parent (lane) != NULL)
    lane = chrono_lane_get_parent (lane);
  return lane;
}

guint
chrono_trace_set_find_lane (ChronoTraceSet *self, ChronoLane *lane)
{
  ChronoLane *top = top_of (lane);
  for (guint i = 0; i < self->members->len; i++)
    {
      Member *m = member_at (self, i);
      if (top == m->heading)
        return i;
      GListModel *lanes = chrono_trace_get_lanes (m->trace);
      for (guint k = 0; k < g_list_model_get_n_items (lanes); k++)
        {
          g_autoptr (ChronoLane) candidate = g_list_model_get_item (lanes, k);
          if (candidate == top)
            return i;
        }
    }
  return G_MAXUINT;
}

const ChronoClockMap *
chrono_trace_set_get_map (ChronoTraceSet *self, guint i)
{
  return &member_at (self, i)->map;
}

gboolean
chrono_trace_set_set_shift (ChronoTraceSet *self, guint i, gint64 shift)
{
  Member *m = member_at (self, i);
  ChronoClockMap map = m->aligned;
  if (!chrono_clock_map_shift (&map, shift))
    return FALSE;
  m->shift = shift;
  m->map = map;
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gint64
chrono_trace_set_get_shift (ChronoTraceSet *self, guint i)
{
  return member_at (self, i)->shift;
}

gint64
chrono_trace_set_to_reference (ChronoTraceSet *self, guint i, gint64 ticks)
{
  gint64 out;
  chrono_clock_map_apply (&member_at (self, i)->map, ticks, &out);
  return out;
}

gboolean
chrono_trace_set_get_range (ChronoTraceSet *self, gint64 *begin, gint64 *end)
{
  gboolean any = FALSE;
  for (guint i = 0; i < self->members->len; i++)
    {
      ChronoTrace *trace = member_at (self, i)->trace;
      if (!chrono_trace_has_range (trace))
        continue;
      gint64 b = chrono_trace_set_to_reference (self, i, chrono_trace_get_begin (trace));
      gint64 e = chrono_trace_set_to_reference (self, i, chrono_trace_get_end (trace));
      *begin = any ? MIN (*begin, b) : b;
      *end = any ? MAX (*end, e) : e;
      any = TRUE;
    }
  return any;
}
