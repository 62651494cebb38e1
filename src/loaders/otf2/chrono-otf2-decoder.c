/* chrono-otf2-decoder.c — a window of a lazily read OTF2 archive into a
 * trace of its own with the index's lane paths, with the arrows of the
 * messages that have an end in it.  Each decode opens the
 * archive anew (libotf2 readers are not shared between threads): its
 * definitions are small beside its events. */
#include "chrono-otf2-decoder.h"

struct _ChronoOtf2Decoder {
  GObject parent_instance;
  char *path;
  GArray *windows; /* gint64 starts, then the end of the last */
  GHashTable *checkpoints; /* guint64 location id -> GPtrArray of LocationCheckpoint, one per window */
  GHashTable *channels; /* guint64 location id -> its message channels (Channel) with their steps */
  GHashTable *recorded; /* guint64 location id -> GArray of guint32: its counters shown as recorded */
  GHashTable *never_left; /* guint64 location id -> the frames open at its end (Frame) */
};

static void chrono_otf2_decoder_iface_init (ChronoChunkDecoderInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ChronoOtf2Decoder, chrono_otf2_decoder, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CHRONO_TYPE_CHUNK_DECODER, chrono_otf2_decoder_iface_init))

/* Every location from where window k begins for it, with its open calls
 * and metrics as they were there. */
static GPtrArray *
restore (ChronoOtf2Decoder *self, ChronoOtf2Reader *r, GPtrArray *locations, guint k)
{
  GPtrArray *starts = g_ptr_array_new ();
  gint64 begin = g_array_index (self->windows, gint64, k);
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      GPtrArray *list = g_hash_table_lookup (self->checkpoints, &location->id);
      LocationCheckpoint *c = list != NULL && k < list->len ? g_ptr_array_index (list, k) : NULL;
      g_ptr_array_add (starts, c);
      if (c == NULL)
        continue;
      g_array_set_size (location->stack, 0);
      g_array_append_vals (location->stack, c->stack->data, c->stack->len);
      chrono_otf2_forget_index (location);
      location->collective_since = c->collective_since;
      location->have_time = c->have_time;
      location->last_time = c->last_time;
      location->never_left = g_hash_table_lookup (self->never_left, &location->id);
      chrono_otf2_restore_tracks (r, location, c->tracks, begin);
    }
  return starts;
}

static ChronoTrace *
chrono_otf2_decoder_decode (ChronoChunkDecoder *decoder, guint k, GCancellable *cancellable, GError **error)
{
  ChronoOtf2Decoder *self = CHRONO_OTF2_DECODER (decoder);
  g_return_val_if_fail (k + 1 < self->windows->len, NULL);
  g_autoptr (ChronoTrace) trace = chrono_trace_new (self->path, "otf2");
  ChronoOtf2Reader r;
  chrono_otf2_reader_init (&r, trace, self->path);
  r.decoding = TRUE;
  gboolean last = k + 2 == self->windows->len;
  r.window = k;
  r.window_end = g_array_index (self->windows, gint64, k + 1);
  r.windows = g_array_ref (self->windows);
  r.index_channels = self->channels;
  r.index_checkpoints = self->checkpoints;
  r.index_recorded = self->recorded;
  g_autoptr (GPtrArray) locations = NULL;
  OTF2_Reader *otf2 = chrono_otf2_open (&r, &locations, error);
  if (otf2 == NULL)
    {
      chrono_otf2_reader_clear (&r);
      return NULL;
    }
  g_autoptr (GPtrArray) starts = restore (self, &r, locations, k);
  chrono_otf2_read_events (&r, otf2, locations, starts);
  g_autoptr (GArray) lone_sends = g_array_new (FALSE, FALSE, sizeof (MessageEnd));
  g_autoptr (GArray) lone_receives = g_array_new (FALSE, FALSE, sizeof (MessageEnd));
  chrono_otf2_match_messages (&r, lone_sends, lone_receives);
  chrono_otf2_resolve_crossing_messages (&r, otf2, lone_sends, lone_receives);
  OTF2_Reader_Close (otf2);
  /* calls open at the window's end are cut there; the next window has them from its checkpoint */
  chrono_otf2_close_open_calls (&r, locations, last ? G_MININT64 : r.window_end);
  chrono_otf2_finish_window_tracks (&r, locations, last ? G_MININT64 : r.window_end);
  chrono_otf2_reader_clear (&r);
  chrono_trace_seal (trace);
  return g_steal_pointer (&trace);
}

static void
chrono_otf2_decoder_iface_init (ChronoChunkDecoderInterface *iface)
{
  iface->decode = chrono_otf2_decoder_decode;
}

static void
chrono_otf2_decoder_finalize (GObject *object)
{
  ChronoOtf2Decoder *self = CHRONO_OTF2_DECODER (object);
  g_free (self->path);
  g_array_unref (self->windows);
  g_hash_table_unref (self->checkpoints);
  g_hash_table_unref (self->channels);
  g_hash_table_unref (self->recorded);
  g_hash_table_unref (self->never_left);
  G_OBJECT_CLASS (chrono_otf2_decoder_parent_class)->finalize (object);
}

static void
chrono_otf2_decoder_class_init (ChronoOtf2DecoderClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chrono_otf2_decoder_finalize;
}

static void
chrono_otf2_decoder_init (ChronoOtf2Decoder *self)
{
  self->checkpoints = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  self->channels = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_hash_table_unref);
  self->recorded = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_array_unref);
  self->never_left = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_array_unref);
}

ChronoOtf2Decoder *
chrono_otf2_decoder_new (const char *path, ChronoOtf2Reader *index, GPtrArray *locations)
{
  ChronoOtf2Decoder *self = g_object_new (CHRONO_TYPE_OTF2_DECODER, NULL);
  self->path = g_strdup (path);
  self->windows = g_array_copy (index->windows);
  for (guint i = 0; i < locations->len; i++)
    {
      Location *location = g_ptr_array_index (locations, i);
      if (location->checkpoints == NULL)
        continue;
      g_hash_table_insert (self->checkpoints, g_memdup2 (&location->id, sizeof location->id),
                           g_steal_pointer (&location->checkpoints));
      g_hash_table_insert (self->channels, g_memdup2 (&location->id, sizeof location->id),
                           g_steal_pointer (&location->channels));
      if (location->recorded_members != NULL)
        g_hash_table_insert (self->recorded, g_memdup2 (&location->id, sizeof location->id),
                             g_steal_pointer (&location->recorded_members));
      if (location->stack->len > 0)
        g_hash_table_insert (self->never_left, g_memdup2 (&location->id, sizeof location->id),
                             g_array_copy (location->stack));
    }
  return self;
}
