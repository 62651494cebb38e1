/* chrono-chunk-decoder.h — what decodes the chunks of a lazily read trace
 * (DESIGN.md, "Lazily indexed time ranges").
 *
 * A loader's index pass leaves one behind; the chunk cache calls it on its
 * worker thread.  The model knows only this interface, never a loader. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _ChronoTrace ChronoTrace;

#define CHRONO_TYPE_CHUNK_DECODER (chrono_chunk_decoder_get_type ())
G_DECLARE_INTERFACE (ChronoChunkDecoder, chrono_chunk_decoder, CHRONO, CHUNK_DECODER, GObject)

struct _ChronoChunkDecoderInterface {
  GTypeInterface parent_iface;

  /* Runs on the cache's worker thread: chunk decoded into a trace of its
   * own, with the same lane paths as the index; NULL with error set. */
  ChronoTrace *(*decode) (ChronoChunkDecoder *self, guint chunk, GCancellable *cancellable, GError **error);
};

ChronoTrace *chrono_chunk_decoder_decode (ChronoChunkDecoder *self, guint chunk, GCancellable *cancellable,
                                          GError **error);

G_END_DECLS
