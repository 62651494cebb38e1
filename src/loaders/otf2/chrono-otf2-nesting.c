/* chrono-otf2-nesting.c — how Leaves close calls when writers do not nest
 * them (APEX for HPX tasks, OpenMP tasks: a task switch leaves a region
 * other than the innermost open one):
 *  - a Leave closes the innermost open Enter of its region, and the calls
 *    entered above it end at that Leave too ("calls cut short");
 *  - a Leave whose region has no open Enter closes the innermost open call,
 *    whatever its region ("Leave of another region");
 *  - a Leave with nothing open is ignored.
 * Once Leaves stop nesting on a location, each open region keeps the depth
 * of its innermost frame and each frame the depth of the next one of its
 * region below, so a Leave finds its frame at once, however deep the
 * stack. */
#include <glib/gi18n-lib.h>

#include <inttypes.h>

#include "chrono-otf2-private.h"

void
chrono_otf2_tally (Tally *tally, guint64 n, gint64 time)
{
  if (n == 0)
    return;
  if (tally->count == 0)
    tally->first = time;
  tally->count += n;
}

/* The index of open regions is built only once a location's Leaves stop
 * nesting: writers that nest pay nothing for it. */
static void
build_index (Location *location)
{
  g_hash_table_remove_all (location->innermost);
  for (guint k = 0; k < location->stack->len; k++)
    {
      Frame *frame = &g_array_index (location->stack, Frame, k);
      gpointer key = GUINT_TO_POINTER (frame->region);
      frame->below = GPOINTER_TO_UINT (g_hash_table_lookup (location->innermost, key));
      g_hash_table_insert (location->innermost, key, GUINT_TO_POINTER (k + 1));
    }
  location->indexed = TRUE;
}

void
chrono_otf2_push_frame (Location *location, guint32 region, gint64 start)
{
  Frame frame = { region, 0, start, G_MAXUINT };
  gpointer key = GUINT_TO_POINTER (region);
  if (location->indexed)
    frame.below = GPOINTER_TO_UINT (g_hash_table_lookup (location->innermost, key));
  g_array_append_val (location->stack, frame);
  if (location->indexed)
    g_hash_table_insert (location->innermost, key, GUINT_TO_POINTER (location->stack->len));
}

void
chrono_otf2_pop_frame (Location *location)
{
  const Frame *top = &g_array_index (location->stack, Frame, location->stack->len - 1);
  if (location->indexed && top->below == 0)
    g_hash_table_remove (location->innermost, GUINT_TO_POINTER (top->region));
  else if (location->indexed)
    g_hash_table_insert (location->innermost, GUINT_TO_POINTER (top->region), GUINT_TO_POINTER (top->below));
  g_array_set_size (location->stack, location->stack->len - 1);
}

guint
chrono_otf2_leave_depth (Location *location, guint32 region, gint64 time)
{
  guint n = location->stack->len;
  if (n > 0 && g_array_index (location->stack, Frame, n - 1).region == region)
    return n - 1; /* nested as it should be */
  if (!location->indexed)
    build_index (location);
  guint innermost = GPOINTER_TO_UINT (g_hash_table_lookup (location->innermost, GUINT_TO_POINTER (region)));
  if (innermost > 0)
    {
      chrono_otf2_tally (&location->cut_short, n - innermost, time);
      return innermost - 1;
    }
  if (n > 0)
    {
      chrono_otf2_tally (&location->other_region, 1, time);
      return n - 1;
    }
  chrono_otf2_tally (&location->nothing_open, 1, time);
  return G_MAXUINT;
}

void
chrono_otf2_forget_index (Location *location)
{
  g_hash_table_remove_all (location->innermost);
  location->indexed = FALSE;
}

GHashTable *
chrono_otf2_region_stats_new (void)
{
  return g_hash_table_new_full (NULL, NULL, NULL, g_free);
}

RegionStats *
chrono_otf2_region_stats (GHashTable *region_stats, guint32 region)
{
  RegionStats *stats = g_hash_table_lookup (region_stats, GUINT_TO_POINTER (region));
  if (stats == NULL)
    g_hash_table_insert (region_stats, GUINT_TO_POINTER (region), stats = g_new0 (RegionStats, 1));
  return stats;
}

/* ---- grouped warnings -------------------------------------------------------------- */

static void
warn (ChronoOtf2Reader *r, const Location *location, const Tally *tally, const char *reason, const char *what)
{
  if (tally->count == 0)
    return;
  gint64 offset = (gint64) MIN (r->offset, (guint64) G_MAXINT64);
  double seconds = ((double) tally->first - (double) offset) / (double) MAX (r->resolution, 1);
  const char *name = chrono_lane_get_name (location->lane);
  g_autofree char *path = chrono_lane_dup_path (location->lane); /* names repeat across processes: the path does not */
  chrono_warnings_add_at (r->warnings, tally->count, tally->first, path, reason,
                          _ ("location %" PRIu64 " (%s): %s: %" PRIu64 ", the first at %.9f s (%s)"), location->id,
                          name, reason, tally->count, seconds, what);
}

/* Each case a location tallies: its reason and what it means. */
static const struct {
  gsize tally; /* offset in Location */
  const char *reason;
  const char *what;
} cases[] = {
  { G_STRUCT_OFFSET (Location, undefined_region), "undefined region",
    N_ ("Enters or Leaves of a region that is not defined, skipped") },
  { G_STRUCT_OFFSET (Location, undefined_peer), "undefined communicator",
    N_ ("messages whose communicator or peer rank is not defined, shown without an arrow") },
  { G_STRUCT_OFFSET (Location, undefined_metric), "undefined metric",
    N_ ("metric samples of a metric that is not defined, skipped") },
  { G_STRUCT_OFFSET (Location, time_back), "time goes back",
    N_ ("events earlier than the one before them, their calls taken at the later time") },
  { G_STRUCT_OFFSET (Location, time_beyond), "time out of range",
    N_ ("event times past 2^63 ticks once the clock offset is applied, taken as the largest time") },
  { G_STRUCT_OFFSET (Location, cut_short), "calls cut short",
    N_ ("a Leave closed a call entered below them, and they ended there too") },
  { G_STRUCT_OFFSET (Location, other_region), "Leave of another region",
    N_ ("Leaves of a region with no open Enter, each closing the innermost open call") },
  { G_STRUCT_OFFSET (Location, nothing_open), "Leave with nothing open", N_ ("Leaves with no call open, ignored") },
};

void
chrono_otf2_warn_nesting (ChronoOtf2Reader *r, GPtrArray *locations)
{
  for (guint i = 0; i < locations->len; i++)
    for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
      {
        const Location *l = g_ptr_array_index (locations, i);
        warn (r, l, G_STRUCT_MEMBER_P (l, cases[c].tally), cases[c].reason, _ (cases[c].what));
      }
}
