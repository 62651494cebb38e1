/* chrono-loader-otf2.c — reads OTF2 archives (Score-P, APEX, …) through
 * libotf2: the global definitions (clock, strings, system tree, locations,
 * regions, metrics, communicators), then each location's events.
 *
 * Lanes follow the system tree (machine → node → location group →
 * location); a location's Enter/Leave calls are nested region spans, a row
 * per call depth, coloured by region; its metrics are signal lanes under it
 * (ACCUMULATED_START ones as rates); MPI point-to-point messages are arrows
 * from the send to the matching receive; every other record kind is an
 * instant mark.  Timestamps stay the archive's ticks; the clock's origin is
 * its global offset (../shared/research/otf2.md §2). */
#include <glib/gi18n-lib.h>

#include "chrono-loader-otf2.h"

#include <inttypes.h>
#include <string.h>

#include "chrono-otf2-merge.h"
#include "chrono-otf2-private.h"

static gboolean
otf2_load (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
           GCancellable *cancellable, GError **error)
{
  ChronoOtf2Reader r;
  chrono_otf2_reader_init (&r, trace, path);
  g_autoptr (GPtrArray) locations = NULL;
  OTF2_Reader *otf2 = chrono_otf2_open (&r, &locations, error);
  if (otf2 == NULL)
    {
      chrono_otf2_reader_clear (&r);
      return FALSE;
    }
  chrono_otf2_intern_labels (&r);
  if (chrono_otf2_reading_threads (&r, locations) > 1)
    chrono_otf2_read_in_parallel (&r, locations);
  else
    chrono_otf2_read_events (&r, otf2, locations, NULL);
  OTF2_Reader_Close (otf2);
  chrono_otf2_close_open_calls (&r, locations, G_MININT64);
  chrono_otf2_clear_labels (&r);
  chrono_otf2_finish (&r, locations);
  chrono_otf2_reader_clear (&r);
  return TRUE;
}

/* ---- sniffing and the table --------------------------------------------------------------------- */

/* The anchor file starts with byte 03, an endianness byte, then "OTF2\0". */
static int
otf2_sniff (const char *path, const char *head, gsize length)
{
  return length >= 7 && head[0] == 0x03 && memcmp (head + 2, "OTF2", 5) == 0 ? 100 : 0;
}

static const char *const otf2_globs[] = { "*.otf2", NULL };

static const ChronoMimeMatch otf2_anchor_magic[] = { { "\\x03\\x00OTF2\\x00", "0", "0xff00ffffffffff" }, { NULL } };
static const ChronoMimeMagic otf2_magic[] = { { 60, otf2_anchor_magic }, { 0 } };

static const ChronoMimeType otf2_mime_types[] = {
  { .type = "application/x-otf2-archive",
    .comment = N_ ("OTF2 trace archive"),
    .acronym = "OTF2",
    .expanded_acronym = "Open Trace Format 2",
    .generic_icon = "package-x-generic",
    .globs = otf2_globs,
    .n_globs = 1,
    .magic = otf2_magic },
  { NULL },
};

const ChronoLoaderInfo chrono_loader_otf2 = {
  .name = "otf2",
  .description = "OTF2 (Open Trace Format 2)",
  .mime_types = otf2_mime_types,
  .globs = otf2_globs,
  .sniff = otf2_sniff,
  .load = otf2_load,
  .index = chrono_otf2_index,
  .input_size = chrono_otf2_archive_size,
  .merge = chrono_otf2_merge,
  .features = CHRONO_TRACE_HAS_LINKS | CHRONO_TRACE_HAS_SIGNALS | CHRONO_TRACE_HAS_CALLS,
};
