/* chrono-otf2-names.c — lane names a person can read for the locations and
 * location groups an archive leaves unnamed or names by a bare number
 * (Score-P's ROCm devices "0", "1"; metric locations with no name that read
 * "Location 12884901888"): from what they are and where they belong, "GPU 0
 * stream 3", "Metric location 2 of MPI Rank 0".  A number the writer gave is
 * kept as the ordinal; otherwise locations are counted per group and type,
 * in id order.  The names are the lanes' identity (paths, dumps, saved
 * views): they are not translated. */
#include <inttypes.h>

#include "chrono-otf2-private.h"

/* Only digits (and at most nine: an ordinal, not an id). */
static gboolean
is_small_number (const char *text)
{
  gsize n = strspn (text, "0123456789");
  return n > 0 && n <= 9 && text[n] == '\0';
}

static gboolean
is_named (const char *text)
{
  return *text != '\0' && !is_small_number (text);
}

char *
chrono_otf2_group_lane_name (ChronoOtf2Reader *r, OTF2_LocationGroupRef ref)
{
  Group *group = g_hash_table_lookup (r->groups, GUINT_TO_POINTER (ref));
  const char *name = group != NULL ? chrono_otf2_string (r, group->name) : "";
  if (group == NULL || is_named (name))
    return g_strdup (name);
  g_autofree char *number = *name ? g_strdup (name) : g_strdup_printf ("%u", ref);
  switch (group->type)
    {
    case OTF2_LOCATION_GROUP_TYPE_ACCELERATOR: return g_strdup_printf ("GPU %s", number);
    case OTF2_LOCATION_GROUP_TYPE_PROCESS: return g_strdup_printf ("Process %s", number);
    default: return g_strdup_printf ("Group %s", number);
    }
}

static gboolean
is_accelerator (ChronoOtf2Reader *r, OTF2_LocationGroupRef ref)
{
  Group *group = g_hash_table_lookup (r->groups, GUINT_TO_POINTER (ref));
  return group != NULL && group->type == OTF2_LOCATION_GROUP_TYPE_ACCELERATOR;
}

static char *
location_name (ChronoOtf2Reader *r, const Location *location, guint64 ordinal)
{
  const char *name = chrono_otf2_string (r, location->name);
  if (is_named (name))
    return g_strdup (name);
  gboolean grouped = g_hash_table_contains (r->groups, GUINT_TO_POINTER (location->group));
  if (*name)
    ordinal = g_ascii_strtoull (name, NULL, 10);
  g_autofree char *group = grouped ? chrono_otf2_group_lane_name (r, location->group) : NULL;
  switch (location->type)
    {
    case OTF2_LOCATION_TYPE_CPU_THREAD:
      return grouped ? g_strdup_printf ("Thread %" PRIu64 " of %s", ordinal, group)
                     : g_strdup_printf ("Thread %" PRIu64, ordinal);
    case OTF2_LOCATION_TYPE_ACCELERATOR_STREAM:
      if (grouped && is_accelerator (r, location->group))
        return g_strdup_printf ("%s stream %" PRIu64, group, ordinal);
      return grouped ? g_strdup_printf ("Stream %" PRIu64 " of %s", ordinal, group)
                     : g_strdup_printf ("Stream %" PRIu64, ordinal);
    case OTF2_LOCATION_TYPE_METRIC:
      return grouped ? g_strdup_printf ("Metric location %" PRIu64 " of %s", ordinal, group)
                     : g_strdup_printf ("Metric location %" PRIu64, ordinal);
    default:
      return grouped ? g_strdup_printf ("Location %" PRIu64 " of %s", ordinal, group)
                     : g_strdup_printf ("Location %" PRIu64, location->id);
    }
}

GPtrArray *
chrono_otf2_location_lane_names (ChronoOtf2Reader *r, GPtrArray *locations)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  /* (group, type) -> how many of its locations came before */
  g_autoptr (GHashTable) counts = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  for (guint i = 0; i < locations->len; i++)
    {
      const Location *location = g_ptr_array_index (locations, i);
      gint64 key = ((gint64) location->group << 8) | (location->type & 0xff);
      guint64 *count = g_hash_table_lookup (counts, &key);
      if (count == NULL)
        {
          count = g_new0 (guint64, 1);
          g_hash_table_insert (counts, g_memdup2 (&key, sizeof key), count);
        }
      g_ptr_array_add (names, location_name (r, location, (*count)++));
    }
  return names;
}
