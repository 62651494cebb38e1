/* chrono-otf2-report.c — the figures info --json reports for an archive. */
#include <glib/gi18n-lib.h>

#include <inttypes.h>
#include <string.h>

#include "chrono-otf2-private.h"

/* ---- info --json ---------------------------------------------------------------------------- */

static GVariant *
seconds (ChronoOtf2Reader *r, gint64 ticks)
{
  return g_variant_new_double ((double) ticks / (double) MAX (r->resolution, 1));
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static GVariant *
regions_report (ChronoOtf2Reader *r)
{
  /* definitions sharing a name are one region */
  g_autoptr (GHashTable) by_name = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  GHashTableIter stats;
  gpointer ref, value;
  g_hash_table_iter_init (&stats, r->region_stats);
  while (g_hash_table_iter_next (&stats, &ref, &value))
    {
      const RegionStats *s = value;
      if (s->calls == 0)
        continue;
      const char *name = chrono_otf2_region_name (r, GPOINTER_TO_UINT (ref));
      RegionStats *sum = g_hash_table_lookup (by_name, name);
      if (sum == NULL)
        g_hash_table_insert (by_name, (gpointer) name, sum = g_new0 (RegionStats, 1));
      sum->calls += s->calls;
      sum->inclusive += s->inclusive;
    }
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;
  g_hash_table_iter_init (&iter, by_name);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (names, key);
  g_ptr_array_sort (names, compare_names);
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("aa{sv}"));
  for (guint i = 0; i < names->len; i++)
    {
      const RegionStats *s = g_hash_table_lookup (by_name, g_ptr_array_index (names, i));
      GVariantBuilder entry;
      g_variant_builder_init (&entry, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&entry, "{sv}", "name", g_variant_new_string (g_ptr_array_index (names, i)));
      g_variant_builder_add (&entry, "{sv}", "calls", g_variant_new_uint64 (s->calls));
      g_variant_builder_add (&entry, "{sv}", "inclusive_time", seconds (r, (gint64) s->inclusive));
      g_variant_builder_add_value (&list, g_variant_builder_end (&entry));
    }
  return g_variant_builder_end (&list);
}

static GVariant *
locations_report (ChronoOtf2Reader *r, GPtrArray *locations)
{
  GVariantBuilder list;
  g_variant_builder_init (&list, G_VARIANT_TYPE ("aa{sv}"));
  for (guint i = 0; i < locations->len; i++)
    {
      const Location *location = g_ptr_array_index (locations, i);
      GVariantBuilder entry;
      g_variant_builder_init (&entry, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&entry, "{sv}", "id", g_variant_new_uint64 (location->id));
      g_variant_builder_add (&entry, "{sv}", "name", g_variant_new_string (chrono_otf2_string (r, location->name)));
      g_variant_builder_add (&entry, "{sv}", "enters", g_variant_new_uint64 (location->enters));
      g_variant_builder_add (&entry, "{sv}", "leaves", g_variant_new_uint64 (location->leaves));
      g_variant_builder_add (&entry, "{sv}", "metrics", g_variant_new_uint64 (location->metrics));
      /* how its Leaves closed calls (chrono-otf2-nesting.c) */
      g_variant_builder_add (&entry, "{sv}", "calls_cut_short", g_variant_new_uint64 (location->cut_short.count));
      g_variant_builder_add (&entry, "{sv}", "leaves_of_another_region",
                             g_variant_new_uint64 (location->other_region.count));
      g_variant_builder_add (&entry, "{sv}", "leaves_with_nothing_open",
                             g_variant_new_uint64 (location->nothing_open.count));
      g_variant_builder_add (&entry, "{sv}", "calls_left_open", g_variant_new_uint64 (location->left_open));
      g_variant_builder_add_value (&list, g_variant_builder_end (&entry));
    }
  return g_variant_builder_end (&list);
}

GVariant *
chrono_otf2_report (ChronoOtf2Reader *r, GPtrArray *locations)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "format", g_variant_new_string ("otf2"));
  gint64 offset = (gint64) MIN (r->offset, (guint64) G_MAXINT64);
  g_variant_builder_add (
      &b, "{sv}", "begin",
      g_variant_new_maybe (G_VARIANT_TYPE_DOUBLE, r->have_time ? seconds (r, r->begin - offset) : NULL));
  g_variant_builder_add (
      &b, "{sv}", "end",
      g_variant_new_maybe (G_VARIANT_TYPE_DOUBLE, r->have_time ? seconds (r, r->end - offset) : NULL));
  g_variant_builder_add (&b, "{sv}", "locations", locations_report (r, locations));
  g_variant_builder_add (&b, "{sv}", "regions", regions_report (r));
  g_variant_builder_add (&b, "{sv}", "messages", g_variant_new_uint64 (r->messages));
  return g_variant_builder_end (&b);
}
