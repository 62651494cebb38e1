/* chrono-laplace-convert.c — reference traces rewritten binary ⇄ text,
 * byte for byte both ways. */
#include "chrono-laplace-convert.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <string.h>

#include "chrono-input.h"
#include "chrono-laplace-refs.h"
#include "chrono-loader.h"
#include "chrono-output-file.h"

static const char *
order_name (ChronoLaplaceByteOrder order)
{
  return order == CHRONO_LAPLACE_BIG_ENDIAN ? _ ("big-endian") : _ ("little-endian");
}

/* A byte order given that makes the times go back, against the order the
 * file's records say, is most likely the wrong one: refused unless forced,
 * naming the order detected.  Given as detected, times that go back are the
 * file's own (a trace of unsorted records), converted as they are. */
static gboolean
check_order_given (const char *input, ChronoLaplaceByteOrder order, ChronoLaplaceByteOrder detected, gboolean force,
                   guint64 record, guint64 timestamp, guint64 *previous, GError **error)
{
  gboolean goes_back = record > 0 && timestamp < *previous;
  *previous = timestamp;
  if (!goes_back || force || order == CHRONO_LAPLACE_AUTO_ORDER)
    return TRUE;
  if (detected == order)
    return TRUE;
  g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
               _ ("%s: record %" PRIu64 ": read as %s, its time goes back (the byte order detected is %s); "
                  "--force converts it anyway"),
               input, record + 1, order_name (order), order_name (detected));
  return FALSE;
}

static gboolean
convert_binary_to_text (const char *input, const char *output, ChronoLaplaceByteOrder order, gboolean force,
                        GError **error)
{
  ChronoLaplaceBinaryFacts facts;
  g_autoptr (ChronoReferences) refs = chrono_laplace_open_binary (input, order, &facts, error);
  if (refs == NULL)
    return FALSE;
  gboolean big_endian = facts.big_endian;
  ChronoLaplaceByteOrder detected =
      facts.detected_big_endian ? CHRONO_LAPLACE_BIG_ENDIAN : CHRONO_LAPLACE_LITTLE_ENDIAN;
  if (facts.trailing_bytes > 0)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                   _ ("%s: the last record is cut off after %" PRIu64 " of %d bytes"), input, facts.trailing_bytes,
                   CHRONO_LAPLACE_RECORD_SIZE);
      return FALSE;
    }
  g_autoptr (ChronoOutputFile) out = chrono_output_file_new (output, error);
  if (out == NULL)
    return FALSE;
  g_autoptr (GFile) file = g_file_new_for_path (input);
  g_autoptr (GFileInputStream) stream = g_file_read (file, NULL, error);
  if (stream == NULL)
    return FALSE;
  enum { BATCH = 65536 };
  g_autofree guint8 *bytes = g_malloc (BATCH * CHRONO_LAPLACE_RECORD_SIZE);
  GString *text = g_string_sized_new (BATCH * 40);
  guint64 n = chrono_references_get_n (refs), record = 0, previous = 0;
  gboolean ok = TRUE;
  while (ok && record < n)
    {
      guint batch = (guint) MIN ((guint64) BATCH, n - record);
      gsize got;
      ok = g_input_stream_read_all (G_INPUT_STREAM (stream), bytes, (gsize) batch * CHRONO_LAPLACE_RECORD_SIZE, &got,
                                    NULL, error);
      if (ok && got != (gsize) batch * CHRONO_LAPLACE_RECORD_SIZE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT, _ ("%s: the file shrank while it was read"), input);
          ok = FALSE;
        }
      g_string_truncate (text, 0);
      for (guint i = 0; ok && i < batch; i++)
        {
          ChronoLaplaceRecord r;
          chrono_laplace_record_decode (bytes + (gsize) i * CHRONO_LAPLACE_RECORD_SIZE, big_endian, &r);
          if (!check_order_given (input, order, detected, force, record + i, r.timestamp, &previous, error))
            {
              ok = FALSE;
              break;
            }
          if (!chrono_laplace_type_is_valid (r.type)) /* text could not give it back */
            {
              g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                           _ ("%s: record %" PRIu64 ": its type byte 0x%02x is not a letter text can hold"), input,
                           record + i + 1, r.type);
              ok = FALSE;
              break;
            }
          chrono_laplace_append_text (text, &r);
        }
      ok = ok && chrono_output_file_write (out, text->str, text->len, error);
      record += batch;
    }
  g_string_free (text, TRUE);
  return ok && chrono_output_file_commit (g_steal_pointer (&out), error);
}

static gboolean
convert_text_to_binary (const char *input, const char *output, gboolean big_endian, GError **error)
{
  ChronoInput *in = chrono_input_open_for_loader (input, error);
  if (in == NULL)
    return FALSE;
  g_autoptr (ChronoOutputFile) out = chrono_output_file_new (output, error);
  if (out == NULL)
    {
      chrono_input_free (in);
      return FALSE;
    }
  GByteArray *bytes = g_byte_array_new ();
  const char *data;
  gsize length;
  guint64 offset, line = 0, records = 0;
  gboolean ok = TRUE;
  while (ok && chrono_input_next_block (in, &data, &length, &offset, NULL, error))
    {
      g_byte_array_set_size (bytes, 0);
      for (const char *p = data, *stop = data + length; ok && p < stop;)
        {
          const char *newline = memchr (p, '\n', (gsize) (stop - p));
          const char *end = newline ? newline : stop;
          line++;
          ChronoLaplaceRecord r = { .type = (guint8) *p };
          gsize n = (gsize) (end - p);
          if (n > 0 && end[-1] == '\r')
            n--;
          if (n == 0)
            ;
          else if (n < 3 || p[1] != ' ' || !chrono_laplace_parse_reference_fields (p + 1, n - 1, &r))
            {
              g_autofree char *fault = n >= 2 ? chrono_laplace_reference_fault (p + 1, n - 1) : NULL;
              g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                           _ ("%s: line %" PRIu64 ": not a reference (a letter and four hex fields)%s%s"), input, line,
                           fault ? ": " : "", fault ? fault : "");
              ok = FALSE;
            }
          else if (!chrono_laplace_type_is_valid (r.type))
            {
              g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
                           _ ("%s: line %" PRIu64 ": the type 0x%02x is not a letter; a binary record cannot hold it"),
                           input, line, r.type);
              ok = FALSE;
            }
          else
            {
              guint8 record[CHRONO_LAPLACE_RECORD_SIZE];
              chrono_laplace_record_encode (&r, big_endian, record);
              g_byte_array_append (bytes, record, sizeof record);
              records++;
            }
          p = newline ? newline + 1 : stop;
        }
      ok = ok && chrono_output_file_write (out, bytes->data, bytes->len, error);
    }
  g_byte_array_unref (bytes);
  ok = ok && (error == NULL || *error == NULL);
  chrono_input_free (in);
  if (ok && records == 0) /* an empty binary is no trace: nothing could read it back */
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID, _ ("%s: no reference to convert"), input);
      ok = FALSE;
    }
  return ok && chrono_output_file_commit (g_steal_pointer (&out), error);
}

gboolean
chrono_laplace_convert (const char *input, const char *output, GHashTable *options, GError **error)
{
  const char *order = options ? g_hash_table_lookup (options, "byte-order") : NULL;
  gboolean force = options != NULL && g_hash_table_contains (options, "force");
  ChronoLaplaceByteOrder given = order == NULL || strcmp (order, "auto") == 0 ? CHRONO_LAPLACE_AUTO_ORDER
                                 : strcmp (order, "big") == 0                 ? CHRONO_LAPLACE_BIG_ENDIAN
                                                                              : CHRONO_LAPLACE_LITTLE_ENDIAN;
  if (chrono_laplace_is_binary_file (input, given))
    return convert_binary_to_text (input, output, given, force, error);
  return convert_text_to_binary (input, output, given == CHRONO_LAPLACE_BIG_ENDIAN, error);
}
