/* chrono-gen-otf2-profile.c — paths are keyed by their names joined with
 * \x1f (region definitions sharing a name are one path element, as the
 * reader names calls); sorting splits them back into elements. */
#include "chrono-gen-otf2-profile.h"

#include <string.h>

typedef struct {
  uint64_t calls, inclusive, exclusive;
} PathStats;

typedef struct {
  char *path;
  uint64_t enter, children; /* children: the ticks of the closed calls made directly inside */
} OpenCall;

typedef struct {
  GArray *stack; /* OpenCall */
  GHashTable *paths; /* path -> PathStats */
} LocationProfile;

struct _GenProfile {
  int n;
  LocationProfile *locations;
};

GenProfile *
gen_profile_new (int n_locations)
{
  GenProfile *p = g_new0 (GenProfile, 1);
  p->n = n_locations;
  p->locations = g_new0 (LocationProfile, n_locations);
  for (int i = 0; i < n_locations; i++)
    {
      p->locations[i].stack = g_array_new (FALSE, FALSE, sizeof (OpenCall));
      p->locations[i].paths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    }
  return p;
}

static PathStats *
stats_of (LocationProfile *l, const char *path)
{
  PathStats *s = g_hash_table_lookup (l->paths, path);
  if (s == NULL)
    g_hash_table_insert (l->paths, g_strdup (path), s = g_new0 (PathStats, 1));
  return s;
}

void
gen_profile_enter (GenProfile *p, int loc, const char *name, uint64_t t)
{
  LocationProfile *l = &p->locations[loc];
  OpenCall call = { .enter = t };
  call.path = l->stack->len > 0
                  ? g_strconcat (g_array_index (l->stack, OpenCall, l->stack->len - 1).path, "\x1f", name, NULL)
                  : g_strdup (name);
  stats_of (l, call.path)->calls++;
  g_array_append_val (l->stack, call);
}

void
gen_profile_close_innermost (GenProfile *p, int loc, uint64_t t)
{
  LocationProfile *l = &p->locations[loc];
  g_return_if_fail (l->stack->len > 0);
  OpenCall *call = &g_array_index (l->stack, OpenCall, l->stack->len - 1);
  uint64_t ticks = t - call->enter;
  PathStats *s = stats_of (l, call->path);
  s->inclusive += ticks;
  s->exclusive += ticks - call->children;
  if (l->stack->len > 1)
    g_array_index (l->stack, OpenCall, l->stack->len - 2).children += ticks;
  g_free (call->path);
  g_array_set_size (l->stack, l->stack->len - 1);
}

/* ---- writing ----------------------------------------------------------------- */

static int
compare_paths (const void *a, const void *b)
{
  char **x = g_strsplit (*(const char *const *) a, "\x1f", -1), **y = g_strsplit (*(const char *const *) b, "\x1f", -1);
  int c = 0, i = 0;
  for (; c == 0 && x[i] != NULL && y[i] != NULL; i++)
    c = strcmp (x[i], y[i]);
  if (c == 0)
    c = (x[i] != NULL) - (y[i] != NULL);
  g_strfreev (x);
  g_strfreev (y);
  return c;
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
write_string (FILE *f, const char *s)
{
  fputc ('"', f);
  for (; *s; s++)
    {
      if (*s == '"' || *s == '\\')
        fputc ('\\', f);
      fputc (*s, f);
    }
  fputc ('"', f);
}

static void
write_paths (FILE *f, GHashTable *paths, GenFormatTicks seconds)
{
  guint n;
  const char **keys = (const char **) g_hash_table_get_keys_as_array (paths, &n);
  qsort (keys, n, sizeof *keys, compare_paths);
  fputc ('[', f);
  for (guint i = 0; i < n; i++)
    {
      const PathStats *s = g_hash_table_lookup (paths, keys[i]);
      char **names = g_strsplit (keys[i], "\x1f", -1);
      fputs (i ? ", {\"path\": [" : "{\"path\": [", f);
      for (int k = 0; names[k] != NULL; k++)
        {
          if (k)
            fputs (", ", f);
          write_string (f, names[k]);
        }
      char inclusive[64], exclusive[64];
      seconds (inclusive, sizeof inclusive, s->inclusive);
      seconds (exclusive, sizeof exclusive, s->exclusive);
      fprintf (f, "], \"calls\": %" G_GUINT64_FORMAT ", \"inclusive_time\": %s, \"exclusive_time\": %s}", s->calls,
               inclusive, exclusive);
      g_strfreev (names);
    }
  fputc (']', f);
  g_free (keys);
}

static void
add_into (GHashTable *into, GHashTable *from)
{
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, from);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const PathStats *s = value;
      PathStats *sum = g_hash_table_lookup (into, key);
      if (sum == NULL)
        g_hash_table_insert (into, g_strdup (key), sum = g_new0 (PathStats, 1));
      sum->calls += s->calls;
      sum->inclusive += s->inclusive;
      sum->exclusive += s->exclusive;
    }
}

static int
compare_ids (const void *a, const void *b, void *data)
{
  const uint64_t *ids = data;
  uint64_t x = ids[*(const int *) a], y = ids[*(const int *) b];
  return x < y ? -1 : x > y;
}

/* Per region: its inclusive ticks on each location that entered it (the
 * sum over that location's paths ending in it), the largest and where,
 * and the mean over those locations. */
static void
write_imbalance (FILE *f, GenProfile *p, const int *order, int n, const uint64_t *ids, GenFormatTicks seconds,
                 GenFormatRatio ratio)
{
  GHashTable *regions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free); /* name -> uint64[n] + 1 */
  for (int i = 0; i < n; i++)
    {
      GHashTableIter iter;
      gpointer key, value;
      g_hash_table_iter_init (&iter, p->locations[order[i]].paths);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          const char *last = strrchr (key, '\x1f');
          const char *region = last ? last + 1 : key;
          int64_t *per = g_hash_table_lookup (regions, region);
          if (per == NULL)
            {
              per = g_new (int64_t, n);
              for (int k = 0; k < n; k++)
                per[k] = -1;
              g_hash_table_insert (regions, g_strdup (region), per);
            }
          per[i] = (per[i] < 0 ? 0 : per[i]) + (int64_t) ((const PathStats *) value)->inclusive;
        }
    }
  guint n_regions;
  const char **names = (const char **) g_hash_table_get_keys_as_array (regions, &n_regions);
  qsort (names, n_regions, sizeof *names, compare_names);
  fputc ('[', f);
  for (guint r = 0; r < n_regions; r++)
    {
      const int64_t *per = g_hash_table_lookup (regions, names[r]);
      int64_t max = -1;
      uint64_t sum = 0, entered = 0;
      int worst = 0;
      for (int i = 0; i < n; i++)
        if (per[i] >= 0)
          {
            if (per[i] > max)
              max = per[i], worst = i;
            sum += (uint64_t) per[i];
            entered++;
          }
      char max_text[64], mean_text[64];
      seconds (max_text, sizeof max_text, (uint64_t) max);
      ratio (mean_text, sizeof mean_text, sum, entered);
      fputs (r ? ", {\"region\": " : "{\"region\": ", f);
      write_string (f, names[r]);
      fprintf (f, ", \"max\": %s, \"mean\": %s, \"worst\": %" G_GUINT64_FORMAT "}", max_text, mean_text,
               ids[order[worst]]);
    }
  fputc (']', f);
  g_free (names);
  g_hash_table_destroy (regions);
}

gboolean
gen_profile_write (GenProfile *p, FILE *summed, FILE *per_location, const uint64_t *ids, GenFormatTicks seconds,
                   GenFormatRatio ratio)
{
  GHashTable *all = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  int *order = g_new (int, p->n), n = 0;
  for (int i = 0; i < p->n; i++)
    {
      add_into (all, p->locations[i].paths);
      if (g_hash_table_size (p->locations[i].paths) > 0)
        order[n++] = i;
    }
  g_qsort_with_data (order, n, sizeof *order, compare_ids, (gpointer) ids);
  if (summed != NULL)
    {
      fputs ("{\"format\": \"otf2\", \"paths\": ", summed);
      write_paths (summed, all, seconds);
      fputs ("}\n", summed);
    }
  if (per_location != NULL)
    {
      fputs ("{\"format\": \"otf2\", \"locations\": [", per_location);
      for (int i = 0; i < n; i++)
        {
          fprintf (per_location, "%s{\"id\": %" G_GUINT64_FORMAT ", \"paths\": ", i ? ", " : "", ids[order[i]]);
          write_paths (per_location, p->locations[order[i]].paths, seconds);
          fputc ('}', per_location);
        }
      fputs ("], \"imbalance\": ", per_location);
      write_imbalance (per_location, p, order, n, ids, seconds, ratio);
      fputs ("}\n", per_location);
    }
  g_free (order);
  g_hash_table_destroy (all);
  return TRUE;
}

void
gen_profile_free (GenProfile *p)
{
  for (int i = 0; i < p->n; i++)
    {
      for (guint k = 0; k < p->locations[i].stack->len; k++)
        g_free (g_array_index (p->locations[i].stack, OpenCall, k).path);
      g_array_unref (p->locations[i].stack);
      g_hash_table_destroy (p->locations[i].paths);
    }
  g_free (p->locations);
  g_free (p);
}
