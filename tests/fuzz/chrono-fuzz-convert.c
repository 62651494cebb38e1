/* chrono-fuzz-convert.c — `convert` of a Laplace reference trace, text to
 * binary or binary to text, by the loader table's convert of the format
 * the content is sniffed as, as `chronoscope-cli convert` calls it (the
 * only format with two forms is Laplace): once with the byte order detected,
 * once with --big-endian.  What a conversion writes must convert back and
 * forth to the same bytes (a text from a binary, a binary from a text:
 * one round trip is the identity), and must load. */
#include <glib/gstdio.h>
#include <stdint.h>
#include <string.h>

#include "chrono-dump.h"
#include "chrono-fuzz-exercise.h"
#include "chrono-fuzz-sections.h"
#include "chrono-loader.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* force: the byte order given is known right (it is the one written), so a
 * file whose times read forward only in the other order converts anyway,
 * as --force has it: such a file is ambiguous, and refused unforced. */
static gboolean
convert (const char *input, const char *output, const char *byte_order, gboolean force)
{
  /* as the command line: the format its content says, if that one converts */
  g_autoptr (GError) error = NULL;
  const ChronoLoaderInfo *loader =
      byte_order ? chrono_loaders_sniff_declaring (input, "byte-order", &error) : chrono_loaders_sniff (input, &error);
  if (loader == NULL || loader->convert == NULL)
    return FALSE;
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  if (byte_order != NULL)
    g_hash_table_insert (options, "byte-order", (gpointer) byte_order);
  if (force)
    g_hash_table_insert (options, "force", "true");
  gboolean ok = loader->convert (input, output, options, &error);
  g_assert (ok || (error != NULL && error->message != NULL)); /* a refusal says why */
  return ok;
}

static char *
in_folder (const char *name)
{
  return g_build_filename (chrono_fuzz_folder (), name, NULL);
}

static void
assert_same_files (const char *a, const char *b)
{
  g_autofree char *x = NULL, *y = NULL;
  gsize nx = 0, ny = 0;
  g_assert (g_file_get_contents (a, &x, &nx, NULL) && g_file_get_contents (b, &y, &ny, NULL));
  g_assert (nx == ny && memcmp (x, y, nx) == 0);
}

/* input converted with byte_order (NULL: detected), then its output
 * there and back again in the order it was written. */
static void
round_trip (const char *input, const char *byte_order)
{
  g_autofree char *once = in_folder ("once.ref"), *twice = in_folder ("twice.ref"), *thrice = in_folder ("thrice.ref");
  if (convert (input, once, byte_order, FALSE))
    {
      const char *written = byte_order != NULL ? byte_order : "little";
      g_autoptr (ChronoTrace) trace = chrono_fuzz_load (once, "never");
      g_assert (trace != NULL); /* what convert writes, the loader reads */
      g_autofree char *dump = chrono_trace_dump (trace);
      g_assert (dump != NULL);
      g_assert (convert (once, twice, written, TRUE)); /* and converts back */
      g_assert (convert (twice, thrice, written, TRUE));
      assert_same_files (once, thrice);
    }
  g_unlink (once);
  g_unlink (twice);
  g_unlink (thrice);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *input = in_folder ("input.ref");
  if (!g_file_set_contents (input, (const char *) data, (gssize) size, NULL))
    return 0;
  round_trip (input, NULL);
  round_trip (input, "big");
  chrono_fuzz_folder_clear ();
  return 0;
}
