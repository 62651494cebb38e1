/* chrono-fuzz-attributes.c — what a TRACE user types and a TRACE file holds
 * about attributes: the input is an attribute text ("k = v, k2 = a\, b")
 * parsed on its own, then the same text given as the grouping, colouring
 * and filter options (--group-by, --colour-by, --only) of a fixture with
 * attributes, which is loaded and dumped with them. */
#include <stdint.h>

#include "chrono-dump.h"
#include "chrono-loader.h"
#include "etf/chrono-loader-etf.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
parse_alone (const char *text)
{
  g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *error_message = NULL;
  if (chrono_etf_parse_attributes (text, keys, values, &error_message))
    g_assert (keys->len == values->len);
  else
    g_assert (error_message != NULL); /* a refusal says why */
}

static void
load_with (const char *option, const char *text)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, (gpointer) option, (gpointer) text);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = chrono_load_file_with_options (FUZZ_FIXTURE, options, NULL, NULL, NULL, &error);
  if (trace == NULL)
    {
      g_assert (error != NULL && error->message != NULL);
      return;
    }
  g_autofree char *dump = chrono_trace_dump (trace);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  parse_alone (text);
  /* options are one line of text, as a command line or a menu gives them */
  if (!g_utf8_validate (text, -1, NULL) || strchr (text, '\n') != NULL)
    return 0;
  load_with ("grouping", text);
  load_with ("colouring", text);
  load_with ("filter", text);
  return 0;
}
