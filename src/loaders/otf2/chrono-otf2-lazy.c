/* chrono-otf2-lazy.c — big archives read lazily (DESIGN.md, "Lazily indexed
 * time ranges"): the index pass reads every location once, filling lane
 * summaries, and notes where each location stands when each window of time
 * begins (its event position, its open calls, its metrics' last values);
 * a window is then decoded on demand by seeking every location there
 * (chrono-otf2-decoder.c).  Locations are independent files, so a window
 * costs what its events cost, wherever it lies in the run. */
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "chrono-otf2-decoder.h"
#include "chrono-otf2-files.h"
#include "chrono-otf2-private.h"

/* Windows hold about this much of the event files each. */
#define WINDOW_BYTES (4u << 20)
#define MAX_WINDOWS 16384
#define SUMMARY_BUCKETS 8192
/* Stretches of the calls' figures (runs of whole windows): a range of the
 * run answers in proportion within one of them. */
#define CALL_STRETCHES 256

void
chrono_otf2_checkpoint_free (gpointer data)
{
  LocationCheckpoint *c = data;
  if (c->stack != NULL)
    g_array_unref (c->stack);
  if (c->tracks != NULL)
    g_array_unref (c->tracks);
  g_free (c);
}

static LocationCheckpoint *
checkpoint_new (Location *location, guint64 position, gboolean no_events)
{
  LocationCheckpoint *c = g_new0 (LocationCheckpoint, 1);
  c->position = position;
  c->no_events = no_events;
  c->collective_since = location->collective_since;
  c->have_time = location->have_time;
  c->last_time = location->last_time;
  c->stack = g_array_copy (location->stack);
  c->tracks = g_array_new (FALSE, FALSE, sizeof (MetricTrack));
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, location->tracks);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      MetricTrack track = *(MetricTrack *) value;
      track.lane = NULL;
      track.recorded = NULL; /* the location's to keep, not the checkpoint's */
      track.recorded_summary = NULL;
      g_array_append_val (c->tracks, track);
    }
  return c;
}

static gint64
window_start (ChronoOtf2Reader *r, guint k)
{
  return g_array_index (r->windows, gint64, k);
}

static guint
n_windows (ChronoOtf2Reader *r)
{
  return r->windows->len - 1;
}

/* Before an event at time: each window it is the location's first event
 * in begins here for the location (windows without its events too). */
void
chrono_otf2_note_windows (ChronoOtf2Reader *r, Location *location, gint64 time, guint64 position)
{
  while (location->checkpoints->len < n_windows (r) && time >= window_start (r, location->checkpoints->len))
    g_ptr_array_add (location->checkpoints, checkpoint_new (location, position, FALSE));
  g_array_index (r->window_events, guint64, location->checkpoints->len - 1)++;
}

/* After the location's last event: the windows after it hold none of it. */
void
chrono_otf2_end_windows (ChronoOtf2Reader *r, Location *location)
{
  while (location->checkpoints->len < n_windows (r))
    g_ptr_array_add (location->checkpoints, checkpoint_new (location, 0, TRUE));
}

/* The bytes the archive's event files hold: what "big" means for it. */
guint64
chrono_otf2_archive_size (const char *anchor)
{
  GStatBuf st;
  guint64 size = g_stat (anchor, &st) == 0 ? (guint64) st.st_size : 0;
  g_autofree char *stem = chrono_otf2_archive_stem (anchor);
  g_autoptr (GDir) dir = g_dir_open (stem, 0, NULL);
  for (const char *name; dir != NULL && (name = g_dir_read_name (dir)) != NULL;)
    {
      g_autofree char *path = g_build_filename (stem, name, NULL);
      if (g_stat (path, &st) == 0 && S_ISREG (st.st_mode))
        size += (guint64) st.st_size;
    }
  return size;
}

/* Windows of equal length over the run the clock properties announce (or
 * "chunk-size" bytes of events each, for tests). */
static void
make_windows (ChronoOtf2Reader *r)
{
  const char *chunk_size = chrono_trace_get_option (r->trace, "chunk-size");
  guint64 bytes = chunk_size ? g_ascii_strtoull (chunk_size, NULL, 10) : 0;
  guint64 n = chrono_otf2_archive_size (r->path) / MAX (bytes ? bytes : WINDOW_BYTES, 1) + 1;
  n = MIN (n, MAX_WINDOWS);
  gint64 begin = (gint64) MIN (r->offset, (guint64) G_MAXINT64 / 2);
  guint64 length = MIN (r->length, (guint64) G_MAXINT64 / 2) + 1;
  guint64 width = MAX (length / n + (length % n != 0), 1);
  r->windows = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint64 k = 0; k <= n; k++)
    {
      /* the first window takes in anything before the announced start, the last anything after */
      gint64 t = k == 0 ? G_MININT64 : k == n ? G_MAXINT64 : begin + (gint64) (k * width);
      g_array_append_val (r->windows, t);
    }
  r->window_events = g_array_new (FALSE, TRUE, sizeof (guint64));
  g_array_set_size (r->window_events, (guint) n);
}

/* The bounds of the calls' stretches: runs of whole windows, the first
 * from the run's start, the last to its end (as the clock properties
 * announce them; times beyond go to those two). */
static GArray *
call_stretch_bounds (ChronoOtf2Reader *r)
{
  guint windows = n_windows (r), n = MIN (windows, CALL_STRETCHES);
  GArray *bounds = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 begin = (gint64) MIN (r->offset, (guint64) G_MAXINT64 / 2);
  gint64 end = begin + (gint64) MIN (r->length, (guint64) G_MAXINT64 / 2);
  for (guint k = 0; k <= n; k++)
    {
      gint64 t = k == 0 ? begin : k == n ? MAX (end, begin + 1) : window_start (r, (guint) ((guint64) k * windows / n));
      g_array_append_val (bounds, t);
    }
  return bounds;
}

static void
begin_call_summaries (ChronoOtf2Reader *r, GPtrArray *locations)
{
  g_autoptr (GArray) bounds = call_stretch_bounds (r);
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      location->calls = chrono_call_summary_new ((const gint64 *) bounds->data, bounds->len - 1);
    }
}

/* Each location's figures go to its lane, the calls it never left running
 * on to its last event (where a whole read ends their spans). */
static void
keep_call_summaries (GPtrArray *locations)
{
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      chrono_call_summary_finish (location->calls, location->last_time);
      chrono_call_summary_seal (location->calls);
      chrono_lane_set_call_summary (location->lane, g_steal_pointer (&location->calls));
    }
}

/* A chunk per window, exactly the window: decoding cuts what runs on at its end. */
static void
add_chunks (ChronoOtf2Reader *r)
{
  guint n = n_windows (r);
  for (guint k = 0; k < n; k++)
    {
      gint64 first = k == 0 ? MIN (r->begin, window_start (r, 1)) : window_start (r, k);
      gint64 end = k + 1 == n ? MAX (r->end, first) : window_start (r, k + 1);
      ChronoChunk chunk = { 0,
                            0,
                            0,
                            first,
                            k + 1 == n ? end : end - 1,
                            k + 1 == n ? G_MININT64 : end,
                            g_array_index (r->window_events, guint64, k) };
      chrono_trace_add_chunk (r->trace, &chunk);
    }
}

gboolean
chrono_otf2_index (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
                   GCancellable *cancellable, GError **error)
{
  ChronoOtf2Reader r;
  chrono_otf2_reader_init (&r, trace, path);
  r.summary_buckets = SUMMARY_BUCKETS;
  g_autoptr (GPtrArray) locations = NULL;
  OTF2_Reader *otf2 = chrono_otf2_open (&r, &locations, error);
  if (otf2 == NULL)
    {
      chrono_otf2_reader_clear (&r);
      return FALSE;
    }
  make_windows (&r);
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      location->checkpoints = g_ptr_array_new_with_free_func (chrono_otf2_checkpoint_free);
    }
  begin_call_summaries (&r, locations);
  OTF2_Reader_Close (otf2);
  /* the threads share the trace's strings read-only: the regions' names are interned here */
  chrono_otf2_intern_labels (&r);
  chrono_otf2_read_in_parallel (&r, locations);
  chrono_otf2_close_open_calls (&r, locations, G_MININT64);
  keep_call_summaries (locations);
  chrono_otf2_clear_labels (&r);
  for (guint i = 0; i < locations->len; i++)
    chrono_otf2_end_windows (&r, g_ptr_array_index (locations, i));
  chrono_otf2_finish (&r, locations);
  add_chunks (&r);
  g_autoptr (ChronoOtf2Decoder) decoder = chrono_otf2_decoder_new (path, &r, locations);
  g_autoptr (ChronoChunkCache) cache = chrono_chunk_cache_new (n_windows (&r), CHRONO_CHUNK_DECODER (decoder));
  chrono_trace_set_chunk_cache (trace, cache);
  chrono_otf2_reader_clear (&r);
  return TRUE;
}
