/* TRACE's records in chunks: every record reads back across chunks, and a
 * release frees exactly the chunks wholly before the index it is given. */
#include "etf/chrono-etf-store.h"

typedef struct {
  guint64 id;
  double time;
  guint32 kind;
} Record;

#define CHUNK (1u << CHRONO_ETF_CHUNK_BITS)

static void
test_records_read_back_across_chunks (void)
{
  ChronoEtfChunked chunked;
  chrono_etf_chunked_init (&chunked, sizeof (Record));
  guint n = 2 * CHUNK + 123;
  for (guint i = 0; i < n; i++)
    {
      Record *record = chrono_etf_chunked_append (&chunked);
      *record = (Record){ i * 7, i / 2.0, i % 9 };
    }
  g_assert_cmpuint (chunked.n, ==, n);
  g_assert_cmpuint (chunked.chunks->len, ==, 3);
  for (guint i = 0; i < n; i++)
    {
      const Record *record = chrono_etf_chunked_get (&chunked, i);
      g_assert_cmpuint (record->id, ==, (guint64) i * 7);
      g_assert_cmpfloat (record->time, ==, i / 2.0);
      g_assert_cmpuint (record->kind, ==, i % 9);
    }
  chrono_etf_chunked_clear (&chunked);
  g_assert_null (chunked.chunks);
}

static void
test_release_frees_the_chunks_before (void)
{
  ChronoEtfChunked chunked;
  chrono_etf_chunked_init (&chunked, sizeof (Record));
  for (guint i = 0; i < 3 * CHUNK; i++)
    ((Record *) chrono_etf_chunked_append (&chunked))->id = i;
  chrono_etf_chunked_release_before (&chunked, CHUNK - 1); /* chunk 0 still has a record to come */
  g_assert_nonnull (g_ptr_array_index (chunked.chunks, 0));
  chrono_etf_chunked_release_before (&chunked, 2 * CHUNK + 5);
  g_assert_null (g_ptr_array_index (chunked.chunks, 0));
  g_assert_null (g_ptr_array_index (chunked.chunks, 1));
  g_assert_nonnull (g_ptr_array_index (chunked.chunks, 2));
  for (guint i = 2 * CHUNK; i < 3 * CHUNK; i++)
    g_assert_cmpuint (((const Record *) chrono_etf_chunked_get (&chunked, i))->id, ==, i);
  chrono_etf_chunked_release_before (&chunked, 10 * CHUNK); /* past the end: every chunk, no more */
  g_assert_null (g_ptr_array_index (chunked.chunks, 2));
  chrono_etf_chunked_clear (&chunked);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/etf-chunked/records-read-back-across-chunks", test_records_read_back_across_chunks);
  g_test_add_func ("/etf-chunked/release-frees-the-chunks-before", test_release_frees_the_chunks_before);
  return g_test_run ();
}
