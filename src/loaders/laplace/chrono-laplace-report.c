/* chrono-laplace-report.c — info --json for Laplace traces. */
#include "chrono-laplace-report.h"

#include "chrono-laplace-kernel.h"

typedef struct {
  guint64 pid;
  guint64 scheduled;
  gboolean forked, exited;
  gint64 fork_time, exit_time;
} ProcessFigures;

static GVariant *
references_by_type (ChronoReferences *refs)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  for (guint type = 0; refs != NULL && type < 256; type++)
    {
      guint64 n = chrono_references_count_type (refs, (guint8) type);
      if (n == 0)
        continue;
      char key[2] = { (char) type, 0 };
      g_autofree char *valid = g_utf8_make_valid (key, -1);
      g_variant_builder_add (&b, "{sv}", valid, g_variant_new_uint64 (n));
    }
  return g_variant_builder_end (&b);
}

static GVariant *
address_spaces (ChronoReferences *refs)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("aa{sv}"));
  guint n = refs != NULL ? chrono_references_get_n_spaces (refs) : 0;
  for (guint s = 0; s < n; s++)
    {
      guint64 total = 0;
      for (guint c = 0; c < CHRONO_REF_N_CHANNELS; c++)
        total += chrono_references_get_space_count (refs, s, c);
      GVariantBuilder entry;
      g_variant_builder_init (&entry, G_VARIANT_TYPE_VARDICT);
      g_autofree char *id = g_strdup_printf ("%x", chrono_references_get_space_id (refs, s));
      g_variant_builder_add (&entry, "{sv}", "id", g_variant_new_string (id));
      g_variant_builder_add (&entry, "{sv}", "references", g_variant_new_uint64 (total));
      g_variant_builder_add_value (&b, chrono_statistics_compact (g_variant_builder_end (&entry)));
    }
  return chrono_statistics_compact (g_variant_builder_end (&b));
}

static ProcessFigures *
figures_of (GHashTable *processes, guint64 pid)
{
  ProcessFigures *f = g_hash_table_lookup (processes, &pid);
  if (f == NULL)
    {
      f = g_new0 (ProcessFigures, 1);
      f->pid = pid;
      g_hash_table_insert (processes, &f->pid, f);
    }
  return f;
}

static int
compare_pid (gconstpointer a, gconstpointer b)
{
  const ProcessFigures *x = *(ProcessFigures *const *) a, *y = *(ProcessFigures *const *) b;
  return (x->pid > y->pid) - (x->pid < y->pid);
}

/* Each S runs to the next S of any pid; the last to the last e record, or to end. */
static void
count_processes (GArray *records, gint64 end, GHashTable *processes)
{
  gboolean any_e = FALSE;
  gint64 last_e = 0;
  ProcessFigures *running = NULL;
  gint64 since = 0;
  for (guint i = 0; i < records->len; i++)
    {
      const ChronoLaplaceKernelRecord *r = &g_array_index (records, ChronoLaplaceKernelRecord, i);
      const ChronoLaplaceTag *tag = chrono_laplace_tag_find (r->tag);
      if (r->tag == 'e')
        {
          any_e = TRUE;
          last_e = r->time;
        }
      if (tag == NULL || !tag->has_pid)
        continue;
      ProcessFigures *f = figures_of (processes, r->fields[0]);
      if (r->tag == 'S')
        {
          if (running != NULL)
            running->scheduled += chrono_ticks_between (since, r->time);
          running = f;
          since = r->time;
        }
      else if (r->tag == 'F' && !f->forked)
        {
          f->forked = TRUE;
          f->fork_time = r->time;
        }
      else if (r->tag == 'T' && !f->exited)
        {
          f->exited = TRUE;
          f->exit_time = r->time;
        }
    }
  if (running != NULL)
    running->scheduled += chrono_ticks_between (since, any_e ? last_e : end);
}

static GVariant *
maybe_time (gboolean known, gint64 time)
{
  return g_variant_new_maybe (G_VARIANT_TYPE_INT64, known ? g_variant_new_int64 (time) : NULL);
}

static GVariant *
processes_list (GArray *records, gint64 end)
{
  g_autoptr (GHashTable) processes = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);
  count_processes (records, end, processes);
  g_autoptr (GPtrArray) sorted = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, processes);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (sorted, value);
  g_ptr_array_sort (sorted, compare_pid);
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("aa{sv}"));
  for (guint i = 0; i < sorted->len; i++)
    {
      const ProcessFigures *f = g_ptr_array_index (sorted, i);
      GVariantBuilder entry;
      g_variant_builder_init (&entry, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&entry, "{sv}", "pid", g_variant_new_uint64 (f->pid));
      g_variant_builder_add (&entry, "{sv}", "scheduled", g_variant_new_uint64 (f->scheduled));
      g_variant_builder_add (&entry, "{sv}", "forked", maybe_time (f->forked, f->fork_time));
      g_variant_builder_add (&entry, "{sv}", "exited", maybe_time (f->exited, f->exit_time));
      g_variant_builder_add_value (&b, chrono_statistics_compact (g_variant_builder_end (&entry)));
    }
  return chrono_statistics_compact (g_variant_builder_end (&b));
}

GVariant *
chrono_laplace_report (ChronoTrace *trace, ChronoReferences *refs, GArray *records)
{
  gboolean any = chrono_trace_has_range (trace);
  gint64 begin = any ? chrono_trace_get_begin (trace) : 0, end = any ? chrono_trace_get_end (trace) : 0;
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "format", g_variant_new_string ("laplace"));
  g_variant_builder_add (&b, "{sv}", "begin", maybe_time (any, begin));
  g_variant_builder_add (&b, "{sv}", "end", maybe_time (any, end));
  g_variant_builder_add (&b, "{sv}", "references", references_by_type (refs));
  g_variant_builder_add (&b, "{sv}", "address_spaces", address_spaces (refs));
  if (records != NULL)
    g_variant_builder_add (&b, "{sv}", "processes", processes_list (records, end));
  return g_variant_builder_end (&b);
}
