/* chrono-chunk-decoder.c — the interface a lazy loader's decoder implements. */
#include "chrono-chunk-decoder.h"

G_DEFINE_INTERFACE (ChronoChunkDecoder, chrono_chunk_decoder, G_TYPE_OBJECT)

static void
chrono_chunk_decoder_default_init (ChronoChunkDecoderInterface *iface)
{
}

ChronoTrace *
chrono_chunk_decoder_decode (ChronoChunkDecoder *self, guint chunk, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_CHUNK_DECODER (self), NULL);
  return CHRONO_CHUNK_DECODER_GET_IFACE (self)->decode (self, chunk, cancellable, error);
}
