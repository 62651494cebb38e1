/* The loader registry and what a loaded trace says it holds. */
#include <glib/gstdio.h>

#include "chrono-input.h"
#include "chrono-loader.h"
#include "chrono-state.h"

#include <string.h>

static char *
fixture (const char *name)
{
  return g_build_filename (g_getenv ("CHRONO_TEST_DATA"), name, NULL);
}

static void
test_error_quark_name (void)
{
  /* clang-format once spaced the name out into "chrono - load - error - quark" */
  g_assert_cmpstr (g_quark_to_string (CHRONO_LOAD_ERROR), ==, "chrono-load-error-quark");
}

static void
test_features_of_claims_trace_without_claims (void)
{
  /* a TRACE file of signals only is still read as a trace of claims */
  g_autofree char *path = fixture ("etf/signals.etf");
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = chrono_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  ChronoTraceFeatures features = chrono_trace_get_features (trace);
  g_assert_true (features & CHRONO_TRACE_HAS_CLAIMS);
  g_assert_true (features & CHRONO_TRACE_HAS_SIGNALS);
  g_assert_false (features & CHRONO_TRACE_HAS_INSTANCES);
}

static void
test_features_of_process_trace (void)
{
  g_autofree char *path = fixture ("btf/spec_example.btf");
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = chrono_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  ChronoTraceFeatures features = chrono_trace_get_features (trace);
  g_assert_true (features & CHRONO_TRACE_HAS_INSTANCES);
  g_assert_false (features & CHRONO_TRACE_HAS_CLAIMS);
  g_assert_true (chrono_trace_has_lane_kind (trace, CHRONO_LANE_PROCESS));
  g_assert_false (chrono_trace_has_lane_kind (trace, CHRONO_LANE_RESOURCE));
}

/* Each loader's MIME types name its globs between them, each glob once and in
 * order, so the shared-mime-info rules, the file chooser and the sniffer's
 * tie-break know the same file names. */
static void
test_mime_types_cover_the_globs (void)
{
  for (const ChronoLoaderInfo *const *l = chrono_loaders_list (); *l; l++)
    {
      const char *const *next = (*l)->globs;
      g_assert_nonnull ((*l)->mime_types);
      g_assert_nonnull ((*l)->mime_types[0].type);
      for (const ChronoMimeType *type = (*l)->mime_types; type->type; type++)
        {
          g_assert_nonnull (type->comment);
          g_assert_nonnull (type->generic_icon);
          g_assert_cmpuint (type->n_globs, >, 0);
          g_assert_true (type->globs == next);
          for (guint i = 0; i < type->n_globs; i++)
            g_assert_nonnull (type->globs[i]);
          next += type->n_globs;
        }
      g_assert_null (*next);
    }
}

static ChronoTrace *
load_with_option (const char *name, const char *key, const char *value, GError **error)
{
  g_autofree char *path = fixture (name);
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, (gpointer) key, (gpointer) value);
  return chrono_load_file_with_options (path, options, NULL, NULL, NULL, error);
}

static void
test_options_checked_against_declarations (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) bad_choice = load_with_option ("btf/spec_example.btf", "lazy", "sometimes", &error);
  g_assert_null (bad_choice);
  g_assert_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_BAD_OPTION);
  g_assert_cmpstr (error->message, ==, "--lazy takes auto, always or never");
  g_clear_error (&error);

  g_autoptr (ChronoTrace) bad_size = load_with_option ("btf/spec_example.btf", "chunk-size", "-3", &error);
  g_assert_null (bad_size);
  g_assert_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_BAD_OPTION);
  g_clear_error (&error);

  /* a TRACE option given with a BTF file is not the BTF file's: left out */
  g_autoptr (ChronoTrace) other = load_with_option ("btf/spec_example.btf", "grouping", "pid", &error);
  g_assert_no_error (error);
  g_assert_null (chrono_trace_get_option (other, "grouping"));

  /* and kept on a TRACE file, so a reload reads it the same way */
  g_autoptr (ChronoTrace) own = load_with_option ("etf/attributes.etf", "grouping", "name", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (chrono_trace_get_option (own, "grouping"), ==, "name");
}

static void
test_declarations_are_complete (void)
{
  const ChronoLoaderInfo *etf = chrono_loaders_find_by_name ("etf");
  g_assert_nonnull (etf);
  g_assert_nonnull (chrono_loader_find_option (etf, "lazy")); /* common to every loader */
  for (const ChronoLoaderInfo *const *l = chrono_loaders_list (); *l; l++)
    for (const ChronoLoaderOption *o = (*l)->options; o && o->name; o++)
      {
        g_assert_true (o->type != CHRONO_OPTION_CHOICE || o->values != NULL);
        g_assert_true (o->flag == NULL || o->description != NULL);
        g_assert_true (chrono_loader_find_option (*l, o->name) == o);
      }
}

static void
test_unknown_format_names_the_known_ones (void)
{
  g_autofree char *path = fixture ("etf/grouped.view");
  g_autoptr (GError) error = NULL;
  g_assert_null (chrono_loaders_sniff (path, &error));
  g_assert_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_UNKNOWN_FORMAT);
  for (const ChronoLoaderInfo *const *l = chrono_loaders_list (); *l; l++)
    g_assert_nonnull (strstr (error->message, (*l)->description));
}

typedef struct {
  GMainLoop *loop;
  ChronoTrace *trace;
  GError *error;
  GThread *caller;
  gboolean finished;
  guint progress_calls;
  gboolean progress_elsewhere, progress_after_finish;
} AsyncLoad;

static void
on_progress (double fraction, gpointer data)
{
  AsyncLoad *load = data;
  load->progress_calls++;
  load->progress_elsewhere |= g_thread_self () != load->caller;
  load->progress_after_finish |= load->finished;
}

static void
on_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  AsyncLoad *load = data;
  load->trace = chrono_load_file_finish (result, &load->error);
  load->finished = TRUE;
  g_main_loop_quit (load->loop);
}

static gboolean
drain_and_quit (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static void
test_async_load_keeps_its_own_options (void)
{
  g_autofree char *path = fixture ("etf/attributes.etf");
  g_autoptr (GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_insert (options, g_strdup ("grouping"), g_strdup ("name"));
  AsyncLoad load = { .loop = g_main_loop_new (NULL, FALSE), .caller = g_thread_self () };
  chrono_load_file_async (path, options, on_progress, &load, NULL, on_loaded, &load);
  /* the caller changes its table at once, as the claims menu may while a load runs */
  g_hash_table_remove_all (options);
  g_hash_table_insert (options, g_strdup ("grouping"), g_strdup ("something else"));
  g_main_loop_run (load.loop);
  /* let progress reports still queued run: none may arrive after the result */
  g_idle_add_full (G_PRIORITY_LOW, drain_and_quit, load.loop, NULL);
  g_main_loop_run (load.loop);
  g_assert_no_error (load.error);
  g_assert_nonnull (load.trace);
  g_assert_cmpstr (chrono_trace_get_option (load.trace, "grouping"), ==, "name");
  g_assert_false (load.progress_elsewhere);
  g_assert_false (load.progress_after_finish);
  g_object_unref (load.trace);
  g_main_loop_unref (load.loop);
}

static void
test_async_load_reports_errors (void)
{
  AsyncLoad load = { .loop = g_main_loop_new (NULL, FALSE), .caller = g_thread_self () };
  chrono_load_file_async ("/nonexistent/trace.btf", NULL, NULL, NULL, NULL, on_loaded, &load);
  g_main_loop_run (load.loop);
  g_assert_null (load.trace);
  g_assert_error (load.error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO);
  g_clear_error (&load.error);
  g_main_loop_unref (load.loop);
}

static void
test_state_categories (void)
{
  /* every state is in the table: a name, a category, a distinct stack rank */
  gboolean rank_used[CHRONO_N_STATES] = { FALSE };
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    {
      g_assert_cmpstr (chrono_state_get_name (s), !=, NULL);
      g_assert_cmpuint (chrono_state_get_category (s), <, CHRONO_N_CATEGORIES);
      guint rank = chrono_state_get_stack_rank (s);
      g_assert_cmpuint (rank, <, CHRONO_N_STATES);
      g_assert_false (rank_used[rank]);
      rank_used[rank] = TRUE;
    }
  g_assert_true (chrono_state_is_busy (CHRONO_STATE_RUNNING));
  g_assert_true (chrono_state_is_busy (CHRONO_STATE_POLLING));
  g_assert_true (chrono_state_is_busy (CHRONO_STATE_SEM_HOLDING));
  g_assert_false (chrono_state_is_busy (CHRONO_STATE_READY));
  g_assert_false (chrono_state_is_busy (CHRONO_STATE_SEM_REQUESTED));
  g_assert_false (chrono_state_is_busy (CHRONO_STATE_NONE));
  ChronoStateSet set = { { 0 } };
  chrono_state_set_add (&set, CHRONO_STATE_BUSY);
  g_assert_true (chrono_state_set_contains (&set, CHRONO_STATE_BUSY));
  g_assert_false (chrono_state_set_contains (&set, CHRONO_STATE_RUNNING));
}

/* A folder opens as the one trace file in it that a format recognises. */
/* "Big" is the text a file holds: a .gz of a few MB that inflates past
 * CHRONO_LAZY_MIN_SIZE is read lazily (its compressed size decided). */
static void
test_big_gzip_is_read_lazily (void)
{
  g_autofree char *dir = g_dir_make_tmp ("chrono-registry-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.btf.gz", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileOutputStream) raw = g_file_create (file, G_FILE_CREATE_NONE, NULL, NULL);
  g_assert_nonnull (raw);
  g_autoptr (GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 1);
  g_autoptr (GOutputStream) out = g_converter_output_stream_new (G_OUTPUT_STREAM (raw), G_CONVERTER (compressor));
  const char *head = "#version 2.1.3\n#timeScale ns\n";
  g_assert_true (g_output_stream_write_all (out, head, strlen (head), NULL, NULL, NULL));
  GString *lines = g_string_new (NULL);
  for (guint64 t = 0, written = 0; written < CHRONO_LAZY_MIN_SIZE + (8u << 20); t++)
    {
      g_string_append_printf (lines, "%" G_GUINT64_FORMAT ",STI_A,0,STI,STI_%u,0,trigger\n", t * 10, (guint) (t % 7));
      if (lines->len > (1u << 20))
        {
          g_assert_true (g_output_stream_write_all (out, lines->str, lines->len, NULL, NULL, NULL));
          written += lines->len;
          g_string_truncate (lines, 0);
        }
    }
  g_string_free (lines, TRUE);
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  GStatBuf st;
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpuint ((guint64) st.st_size, <, CHRONO_LAZY_MIN_SIZE / 4);
  guint64 estimate = chrono_input_estimate_text_size (path);
  g_assert_cmpuint (estimate, >, CHRONO_LAZY_MIN_SIZE);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) trace = chrono_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (chrono_trace_is_lazy (trace));
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_folder_opens_its_trace (void)
{
  g_autofree char *dir = g_dir_make_tmp ("chrono-folder-XXXXXX", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChronoTrace) none = chrono_load_file (dir, NULL, NULL, NULL, &error);
  g_assert_null (none);
  g_assert_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_UNKNOWN_FORMAT);
  g_clear_error (&error);

  g_autofree char *source = g_build_filename (g_getenv ("CHRONO_TEST_DATA"), "visandor", "and_doc_example.vt", NULL);
  g_autofree char *text = NULL;
  gsize length;
  g_assert_true (g_file_get_contents (source, &text, &length, NULL));
  g_autofree char *first = g_build_filename (dir, "run.vt", NULL);
  g_autofree char *notes = g_build_filename (dir, "notes.txt", NULL);
  g_assert_true (g_file_set_contents (first, text, (gssize) length, NULL));
  g_assert_true (g_file_set_contents (notes, "not a trace\n", -1, NULL));
  g_autoptr (ChronoTrace) trace = chrono_load_file (dir, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (chrono_trace_get_path (trace), ==, first);

  g_autofree char *second = g_build_filename (dir, "again.vt", NULL);
  g_assert_true (g_file_set_contents (second, text, (gssize) length, NULL));
  g_autoptr (ChronoTrace) two = chrono_load_file (dir, NULL, NULL, NULL, &error);
  g_assert_null (two);
  g_assert_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_UNKNOWN_FORMAT);
  g_unlink (first);
  g_unlink (second);
  g_unlink (notes);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/registry/error-quark-name", test_error_quark_name);
  g_test_add_func ("/registry/big-gzip-is-read-lazily", test_big_gzip_is_read_lazily);
  g_test_add_func ("/registry/features/claims-without-claims", test_features_of_claims_trace_without_claims);
  g_test_add_func ("/registry/features/processes", test_features_of_process_trace);
  g_test_add_func ("/registry/options/checked", test_options_checked_against_declarations);
  g_test_add_func ("/registry/options/declarations", test_declarations_are_complete);
  g_test_add_func ("/registry/mime-types", test_mime_types_cover_the_globs);
  g_test_add_func ("/registry/unknown-format", test_unknown_format_names_the_known_ones);
  g_test_add_func ("/registry/folder", test_folder_opens_its_trace);
  g_test_add_func ("/registry/async/own-options", test_async_load_keeps_its_own_options);
  g_test_add_func ("/registry/async/errors", test_async_load_reports_errors);
  g_test_add_func ("/model/state-categories", test_state_categories);
  return g_test_run ();
}
