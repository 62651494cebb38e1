/* chrono-otf2-parallel.c — an archive's locations read on every core, by
 * the whole read and the index pass alike.
 *
 * Locations are independent files: each thread reads a run of consecutive
 * locations (their event files about equally big) with a libotf2 reader of
 * its own.  The threads share the definitions read-only; each writes only
 * its own locations' lanes and keeps its own figures, message ends and
 * warnings, merged in location order once all are done, so the model is
 * the one a read on one thread makes.  The few strings and attribute sets
 * an event adds to the trace (marks' kinds, collectives) go through
 * chrono_otf2_intern and chrono_otf2_intern_attrs, under a lock; the names
 * of regions, which every call needs, are interned before the threads. */
#include <glib/gi18n-lib.h>

#include <glib/gstdio.h>

#include "chrono-otf2-files.h"
#include "chrono-otf2-prewalk.h"
#include "chrono-otf2-private.h"

guint32
chrono_otf2_intern (ChronoOtf2Reader *r, const char *text)
{
  if (r->model_lock != NULL)
    g_mutex_lock (r->model_lock);
  guint32 id = chrono_strings_intern (r->strings, text);
  if (r->model_lock != NULL)
    g_mutex_unlock (r->model_lock);
  return id;
}

guint32
chrono_otf2_intern_attrs (ChronoOtf2Reader *r, const char *const *keys, const char *const *values, guint n)
{
  if (r->model_lock != NULL)
    g_mutex_lock (r->model_lock);
  guint32 set = chrono_attrs_intern (chrono_trace_get_attrs (r->trace), keys, values, n);
  if (r->model_lock != NULL)
    g_mutex_unlock (r->model_lock);
  return set;
}

/* Refs this much above the regions' count are kept in hash tables only. */
#define DENSE_SLACK 1024u

void
chrono_otf2_intern_labels (ChronoOtf2Reader *r)
{
  r->region_labels = g_hash_table_new (NULL, NULL);
  guint32 highest = 0;
  GHashTableIter iter;
  gpointer region;
  g_hash_table_iter_init (&iter, r->regions);
  while (g_hash_table_iter_next (&iter, &region, NULL))
    {
      guint32 label = chrono_strings_intern (r->strings, chrono_otf2_region_name (r, GPOINTER_TO_UINT (region)));
      g_hash_table_insert (r->region_labels, region, GUINT_TO_POINTER (label));
      highest = MAX (highest, GPOINTER_TO_UINT (region));
    }
  guint n = g_hash_table_size (r->regions);
  if (n > 0 && highest < 2 * n + DENSE_SLACK)
    {
      r->n_dense = highest + 1;
      r->dense_labels = g_new0 (guint32, r->n_dense);
      r->dense_stats = g_new0 (RegionStats *, r->n_dense);
      g_hash_table_iter_init (&iter, r->region_labels);
      gpointer label;
      while (g_hash_table_iter_next (&iter, &region, &label))
        r->dense_labels[GPOINTER_TO_UINT (region)] = GPOINTER_TO_UINT (label);
    }
  for (guint op = 0; op < CHRONO_OTF2_N_COLLECTIVE_LABELS; op++)
    {
      g_autofree char *label = chrono_otf2_collective_label (op);
      r->collective_labels[op] = chrono_strings_intern (r->strings, label);
    }
}

void
chrono_otf2_clear_labels (ChronoOtf2Reader *r)
{
  g_clear_pointer (&r->region_labels, g_hash_table_unref);
  g_clear_pointer (&r->dense_labels, g_free);
  g_clear_pointer (&r->dense_stats, g_free);
  r->n_dense = 0;
}

typedef struct {
  ChronoOtf2Reader reader;
  GPtrArray *locations;
} Worker;

static gpointer
read_share (gpointer data)
{
  Worker *w = data;
  OTF2_Reader *otf2 = chrono_otf2_open_archive (w->reader.path, NULL);
  if (otf2 == NULL)
    {
      chrono_warnings_add (w->reader.warnings, 0, "location unreadable", _ ("%s cannot be opened again"),
                           w->reader.path);
      return NULL;
    }
  chrono_otf2_read_events (&w->reader, otf2, w->locations, NULL);
  OTF2_Reader_Close (otf2);
  return NULL;
}

static void
worker_init (Worker *w, const ChronoOtf2Reader *r, GMutex *lock)
{
  w->reader = *r; /* the definitions, shared */
  w->reader.worker = TRUE;
  w->reader.model_lock = lock;
  w->reader.last_location = NULL;
  w->reader.have_time = FALSE;
  w->reader.messages = 0;
  w->reader.collectives_seen = 0;
  w->reader.warnings = chrono_warnings_new_like (r->warnings);
  w->reader.region_stats = chrono_otf2_region_stats_new ();
  w->reader.dense_stats = r->n_dense > 0 ? g_new0 (RegionStats *, r->n_dense) : NULL; /* into its own figures */
  w->reader.sends = g_array_new (FALSE, FALSE, sizeof (MessageEnd));
  w->reader.receives = g_array_new (FALSE, FALSE, sizeof (MessageEnd));
  if (r->window_events != NULL)
    {
      w->reader.window_events = g_array_new (FALSE, TRUE, sizeof (guint64));
      g_array_set_size (w->reader.window_events, r->window_events->len);
    }
  w->locations = g_ptr_array_new ();
}

static void
merge_worker (ChronoOtf2Reader *r, Worker *w)
{
  ChronoOtf2Reader *o = &w->reader;
  if (o->have_time)
    {
      r->begin = r->have_time ? MIN (r->begin, o->begin) : o->begin;
      r->end = r->have_time ? MAX (r->end, o->end) : o->end;
      r->have_time = TRUE;
    }
  r->messages += o->messages;
  r->collectives_seen |= o->collectives_seen;
  GHashTableIter iter;
  gpointer region, value;
  g_hash_table_iter_init (&iter, o->region_stats);
  while (g_hash_table_iter_next (&iter, &region, &value))
    {
      RegionStats *sum = chrono_otf2_region_stats (r->region_stats, GPOINTER_TO_UINT (region));
      sum->calls += ((RegionStats *) value)->calls;
      sum->inclusive += ((RegionStats *) value)->inclusive;
    }
  /* matching sorts the ends by channel and ordinal: the order they come in does not matter */
  g_array_append_vals (r->sends, o->sends->data, o->sends->len);
  g_array_append_vals (r->receives, o->receives->data, o->receives->len);
  for (guint k = 0; o->window_events != NULL && k < o->window_events->len; k++)
    g_array_index (r->window_events, guint64, k) += g_array_index (o->window_events, guint64, k);
  chrono_warnings_merge (r->warnings, o->warnings);
  chrono_warnings_free (o->warnings);
  g_hash_table_unref (o->region_stats);
  g_free (o->dense_stats);
  g_array_unref (o->sends);
  g_array_unref (o->receives);
  g_clear_pointer (&o->window_events, g_array_unref);
  g_ptr_array_unref (w->locations);
}

static guint64
event_file_size (ChronoOtf2Reader *r, const Location *location)
{
  g_autofree char *path = chrono_otf2_location_file (r->path, location->id, "evt");
  GStatBuf st;
  return g_stat (path, &st) == 0 ? (guint64) st.st_size : 0;
}

/* Runs of consecutive locations, one a thread, their event files about
 * equally big: merged in turn, their warnings come in location order. */
static void
share_out (ChronoOtf2Reader *r, GPtrArray *locations, Worker *workers, guint n)
{
  g_autofree guint64 *sizes = g_new (guint64, locations->len);
  guint64 total = 0;
  for (guint i = 0; i < locations->len; i++)
    total += sizes[i] = event_file_size (r, g_ptr_array_index (locations, i)) + 1;
  guint64 before = 0;
  for (guint i = 0; i < locations->len; i++)
    {
      /* the share whose part of the bytes the location's middle falls in */
      guint t = (guint) MIN ((before + sizes[i] / 2) * n / total, n - 1);
      g_ptr_array_add (workers[t].locations, g_ptr_array_index (locations, i));
      before += sizes[i];
    }
}

/* A thread a core, at most 8 (the option "reading-threads" sets it, for
 * tests), none without a location of its own. */
guint
chrono_otf2_reading_threads (ChronoOtf2Reader *r, GPtrArray *locations)
{
  const char *given = chrono_trace_get_option (r->trace, "reading-threads");
  guint64 n = given != NULL ? g_ascii_strtoull (given, NULL, 10) : g_get_num_processors ();
  return (guint) CLAMP (MIN (n, (guint64) locations->len), 1, 8);
}

void
chrono_otf2_read_in_parallel (ChronoOtf2Reader *r, GPtrArray *locations)
{
  guint n = chrono_otf2_reading_threads (r, locations);
  GMutex lock;
  g_mutex_init (&lock);
  g_autofree Worker *workers = g_new0 (Worker, n);
  g_autofree GThread **threads = g_new0 (GThread *, n);
  for (guint t = 0; t < n; t++)
    worker_init (&workers[t], r, &lock);
  share_out (r, locations, workers, n);
  /* a share may be empty behind one big location: no archive opened for nothing */
  for (guint t = 0; t < n; t++)
    if (workers[t].locations->len > 0)
      threads[t] = g_thread_new ("otf2-read", read_share, &workers[t]);
  for (guint t = 0; t < n; t++)
    {
      if (threads[t] != NULL)
        g_thread_join (threads[t]);
      merge_worker (r, &workers[t]);
    }
  g_mutex_clear (&lock);
  if (r->have_time)
    {
      chrono_trace_include_time (r->trace, r->begin);
      chrono_trace_include_time (r->trace, r->end);
    }
}
