/* chrono-loader-etf.c — the TRACE text format (../shared/seeds/000_…txt,
 * ../shared/research/etf.md).
 *
 * The whole file is read first and the records kept, because references may
 * point forward (a claim before its resource, a dependency before its
 * claims, fragments before their signal); then the lanes are built:
 *  - Resources: one lane per resource; every claim sits at its offset and
 *    amount inside the lane (claims on resources without offsets are packed
 *    from the bottom, first fit, so the lane reads as the resource's use);
 *  - Activities: one lane per value of the grouping attribute ("name" by
 *    default, or the claimGrouping of a TRACE4CPS .view file beside the
 *    trace), concurrent claims on sub-rows;
 *  - Events, as marks; Signals, one lane each, as exact quadratic fragments;
 *  - dependencies as links between the right ends of claims and events.
 * Times are kept in integer ticks: 1 ns, or 1 ps when the unit is µs or ns,
 * so the decimals producers write survive exactly.
 *
 * Claims are most of a trace and are kept small between reading and
 * building (chrono-etf-store.h); they are placed in two passes so that
 * dependencies can be joined before the lanes are filled, and each chunk of
 * claims is freed as soon as its spans are on the lanes. */
#include "chrono-etf-private.h"

/* ---- loading ------------------------------------------------------------ */

/* Lanes and warnings come out in the order of a single pass over the
 * records: resources, claims, events, signals, dependencies. */
static void
build_model (EtfReader *r)
{
  ChronoLane *activities = chrono_etf_add_group (r, N_ ("Activities"));
  ChronoLane *resources = chrono_etf_add_group (r, N_ ("Resources"));
  chrono_etf_build_resources (r, resources);
  Placement *placement = chrono_etf_placement_new (r, activities);
  chrono_etf_place_claims (r, placement);
  g_autoptr (GPtrArray) event_lanes = NULL;
  if (r->events->len > 0)
    chrono_etf_build_events (r, chrono_etf_add_group (r, N_ ("Events")), &chrono_etf_all_events, &event_lanes);
  if (r->signal_order->len > 0)
    chrono_etf_build_signals (r, chrono_etf_add_group (r, N_ ("Signals")), NULL);
  chrono_etf_build_dependencies (r, placement, event_lanes);
  /* the claims' spans are the bulk of the model: make room for them first */
  g_clear_pointer (&r->events, g_array_unref);
  chrono_etf_chunked_clear (&r->dependencies);
  chrono_etf_fill_claim_lanes (r, placement);
  chrono_lane_sort_children (activities);
  chrono_etf_placement_free (placement);
}

/* Lines are copied out of the (read-only, mapped) block so fields can be cut
 * in place; a NUL ends a line as it ends a C string. */
void
chrono_etf_read_text_line (EtfReader *r, const char *text, gsize length)
{
  const char *nul = memchr (text, '\0', length);
  if (nul != NULL)
    {
      /* C strings would stop there and read half a record as a whole one */
      chrono_warnings_add (r->warnings, r->line, "NUL byte",
                           _ ("a NUL byte at column %zu (binary data?); the line is ignored"),
                           (gsize) (nul - text) + 1);
      return;
    }
  if (length + 1 > r->line_buffer_size)
    {
      r->line_buffer_size = MAX (length + 1, 2 * r->line_buffer_size);
      g_free (r->line_buffer);
      r->line_buffer = g_malloc (r->line_buffer_size);
    }
  memcpy (r->line_buffer, text, length);
  r->line_buffer[length] = '\0';
  chrono_etf_read_line (r, r->line_buffer, r->line_buffer + length);
}

void
chrono_etf_read_block (EtfReader *r, const char *data, gsize length)
{
  const char *p = data, *stop = data + length;
  while (p < stop)
    {
      const char *newline = memchr (p, '\n', stop - p);
      gsize n = (newline ? newline : stop) - p;
      if (n > 0 && p[n - 1] == '\r')
        n--;
      r->line++;
      chrono_etf_read_text_line (r, p, n);
      p = newline ? newline + 1 : stop;
    }
}

/* Once the worker is done, the tickets the records hold become set ids. */
void
chrono_etf_resolve_tickets (EtfReader *r)
{
  g_autoptr (GArray) sets = chrono_etf_interner_finish (g_steal_pointer (&r->interner));
  for (guint i = 0; i < r->resources->len; i++)
    {
      Resource *res = &g_array_index (r->resources, Resource, i);
      res->attrs = chrono_etf_ticket_set (sets, res->attrs);
    }
  for (guint i = 0; i < r->claims.n; i++)
    {
      ChronoEtfClaim *claim = chrono_etf_claims_get (&r->claims, i);
      claim->attrs = chrono_etf_ticket_set (sets, claim->attrs);
    }
  for (guint i = 0; i < r->events->len; i++)
    {
      Event *event = &g_array_index (r->events, Event, i);
      event->attrs = chrono_etf_ticket_set (sets, event->attrs);
    }
  for (guint i = 0; i < r->dependencies.n; i++)
    {
      Dependency *dependency = chrono_etf_chunked_get (&r->dependencies, i);
      dependency->attrs = chrono_etf_ticket_set (sets, dependency->attrs);
    }
  for (guint i = 0; i < r->signal_order->len; i++)
    {
      Signal *signal = g_ptr_array_index (r->signal_order, i);
      signal->attrs = chrono_etf_ticket_set (sets, signal->attrs);
    }
}

void
chrono_etf_reader_clear (EtfReader *r)
{
  g_array_unref (r->resources);
  g_array_unref (r->resource_refs);
  chrono_etf_ids_clear (&r->resource_ids);
  chrono_etf_chunked_clear (&r->claims);
  g_clear_pointer (&r->events, g_array_unref);
  chrono_etf_chunked_clear (&r->dependencies);
  chrono_etf_ids_clear (&r->signal_ids);
  g_ptr_array_unref (r->signal_order);
  g_clear_pointer (&r->grouping, g_ptr_array_unref);
  g_clear_pointer (&r->event_grouping, g_ptr_array_unref);
  chrono_etf_pairs_clear (&r->pairs);
  g_free (r->attr_cache);
  g_free (r->line_buffer);
  g_free (r->colouring);
  g_clear_pointer (&r->filter, g_hash_table_unref);
}

void
chrono_etf_reader_init (EtfReader *r, ChronoTrace *trace, const char *path)
{
  *r = (EtfReader){
    .trace = trace,
    .warnings = chrono_trace_get_warnings (trace),
    .attrs = chrono_trace_get_attrs (trace),
    .path = path,
    .resources = g_array_new (FALSE, FALSE, sizeof (Resource)),
    .resource_refs = g_array_new (FALSE, FALSE, sizeof (ResourceRef)),
    .events = g_array_new (FALSE, FALSE, sizeof (Event)),
    .signal_order = g_ptr_array_new_with_free_func (chrono_etf_free_signal),
    .grouping = g_ptr_array_new_with_free_func (g_free),
    .event_grouping = g_ptr_array_new_with_free_func (g_free),
    .attr_cache = g_new0 (AttrCacheEntry, ATTR_CACHE_MIN_SLOTS),
    .attr_cache_mask = ATTR_CACHE_MIN_SLOTS - 1,
  };
  chrono_etf_chunked_init (&r->dependencies, sizeof (Dependency));
  chrono_etf_ids_init (&r->resource_ids, 0);
  chrono_etf_ids_init (&r->signal_ids, 0);
  chrono_etf_claims_init (&r->claims);
  chrono_etf_pairs_init (&r->pairs);
  g_ptr_array_add (r->grouping, g_strdup ("name"));
  chrono_etf_set_unit (r, SECONDS_UNIT); /* seconds unless TU says otherwise */
}

gboolean
chrono_etf_is_legacy (EtfReader *r, const char *data, gsize length, GError **error)
{
  if (r->line > 0 || length < 12 || !g_str_has_prefix (data, "TraceVersion"))
    return FALSE;
  g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
               _ ("%s:1: this is the legacy tab-separated TRACE V0.1 format, which Chronoscope does not read"),
               r->path);
  return TRUE;
}

/* A file of which no line is a record is not a trace. */
gboolean
chrono_etf_check_records (EtfReader *r, GError **error)
{
  if (r->records > 0 || chrono_warnings_get_total (r->warnings) == 0)
    return TRUE;
  const ChronoWarning *first = chrono_warnings_get_kept (r->warnings, 0);
  g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_INVALID,
               _ ("%s:%" PRIu64 ": %s (no line of the file is a TRACE record)"), r->path, first->line, first->message);
  return FALSE;
}

static gboolean
etf_load (ChronoTrace *trace, const char *path, ChronoProgressFunc progress, gpointer progress_data,
          GCancellable *cancellable, GError **error)
{
  GError *local_error = NULL;
  g_autoptr (ChronoInput) input = chrono_input_open_for_loader (path, error);
  if (input == NULL)
    return FALSE;
  EtfReader r;
  chrono_etf_reader_init (&r, trace, path);
  chrono_etf_read_view_file (&r);
  chrono_etf_read_options (&r);

  const char *data;
  gsize length;
  guint64 offset;
  gboolean ok = TRUE;
  r.interner = chrono_etf_interner_new (r.attrs);
  while (ok && chrono_input_next_block (input, &data, &length, &offset, cancellable, &local_error))
    {
      if (chrono_etf_is_legacy (&r, data, length, error))
        {
          ok = FALSE;
          break;
        }
      chrono_etf_read_block (&r, data, length);
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        ok = FALSE;
      else if (progress)
        progress ((double) chrono_input_get_compressed_offset (input) / MAX (chrono_input_get_file_size (input), 1),
                  progress_data);
    }
  if (ok && local_error != NULL)
    {
      g_set_error (error, CHRONO_LOAD_ERROR, CHRONO_LOAD_ERROR_IO, "%s", local_error->message);
      ok = FALSE;
    }
  g_clear_error (&local_error);
  if (ok)
    chrono_input_add_warnings (input, r.warnings);
  /* while the worker may still be interning */
  if (ok)
    chrono_etf_claims_sort (&r.claims);
  chrono_etf_resolve_tickets (&r);
  if (ok && !chrono_etf_check_records (&r, error))
    ok = FALSE;
  if (ok)
    {
      /* the parsing scratch is not needed any more: give it back before the lanes grow */
      g_clear_pointer (&r.attr_cache, g_free);
      guint n_events = r.claims.n + r.events->len;
      build_model (&r);
      chrono_trace_set_n_events (trace, n_events);
      /* joining records finds problems after reading did: list them all by line */
      chrono_warnings_sort_by_line (r.warnings);
    }
  chrono_etf_reader_clear (&r);
  return ok;
}

/* ---- sniffing ----------------------------------------------------------- */

static int
etf_sniff (const char *path, const char *head, gsize length)
{
  static const char *const tags[] = { "TU", "O", "T", "E", "R", "C", "D", "S", "F", "TS", "TSS", "TSP", "TSR" };
  if (length >= 12 && g_str_has_prefix (head, "TraceVersion"))
    return 80; /* legacy V0.1: claimed so the user hears why it is not read */
  const char *p = head, *stop = head + length;
  int records = 0, others = 0;
  while (p < stop && records + others < 30)
    {
      const char *newline = memchr (p, '\n', stop - p);
      if (newline == NULL && length >= CHRONO_SNIFF_HEAD_SIZE)
        break;
      const char *end = newline ? newline : stop;
      while (p < end && (*p == ' ' || *p == '\t'))
        p++;
      if (p < end && *p != '#' && *p != '\r')
        {
          const char *word_end = p;
          while (word_end < end && *word_end != ' ' && *word_end != '\t' && *word_end != ';' && *word_end != '\r')
            word_end++;
          gboolean known = FALSE;
          for (gsize i = 0; i < G_N_ELEMENTS (tags) && !known; i++)
            known = (gsize) (word_end - p) == strlen (tags[i]) && strncmp (p, tags[i], word_end - p) == 0;
          if (known)
            records++;
          else
            others++;
        }
      p = newline ? newline + 1 : stop;
    }
  if (records > 0 && others == 0)
    return 70;
  if (records > others)
    return 40;
  /* a few bad lines, or only comments, in a file named .etf: read it and report them */
  if (g_str_has_suffix (path, ".etf") && (records > 0 || others == 0))
    return 20;
  return 0;
}

static const char *const etf_globs[] = { "*.etf", NULL };

/* "TU MILLISECONDS" (the unit in any case) opens most files: strong. */
static const ChronoMimeMatch etf_unit_at_start[] = {
  { "TU NANOSECONDS", "0", "0xffffffdfdfdfdfdfdfdfdfdfdfdf" },
  { "TU MICROSECONDS", "0", "0xffffffdfdfdfdfdfdfdfdfdfdfdfdf" },
  { "TU MILLISECONDS", "0", "0xffffffdfdfdfdfdfdfdfdfdfdfdfdf" },
  { "TU SECONDS", "0", "0xffffffdfdfdfdfdfdfdf" },
  { "TU MINUTES", "0", "0xffffffdfdfdfdfdfdfdf" },
  { "TU HOURS", "0", "0xffffffdfdfdfdfdf" },
  { NULL },
};

/* One-letter record lines "R 0 1 false ;", "C 0 1.5 2 0 1 ;" count only
 * together and with the R line's offsets flag (true or false) in sight. */
static const ChronoMimeMatch etf_offsets_flag[] = {
  { " false", "4:2048", "0xffdfdfdfdfdf" },
  { " true", "4:2048", "0xffdfdfdfdf" },
  { NULL },
};
static const ChronoMimeMatch etf_claim_line[] = {
  { "\\nC ", "4:2048", NULL, etf_offsets_flag },
  { NULL },
};

/* Weaker hints, so that any other type's own magic wins: record lines, or a
 * unit line after a leading comment. */
static const ChronoMimeMatch etf_records[] = {
  { "R ", "0", NULL, etf_claim_line },
  { "\\nTU NANOSECONDS", "0:1024", "0xffffffffdfdfdfdfdfdfdfdfdfdfdf" },
  { "\\nTU MICROSECONDS", "0:1024", "0xffffffffdfdfdfdfdfdfdfdfdfdfdfdf" },
  { "\\nTU MILLISECONDS", "0:1024", "0xffffffffdfdfdfdfdfdfdfdfdfdfdfdf" },
  { "\\nTU SECONDS", "0:1024", "0xffffffffdfdfdfdfdfdfdf" },
  { "\\nTU MINUTES", "0:1024", "0xffffffffdfdfdfdfdfdfdf" },
  { "\\nTU HOURS", "0:1024", "0xffffffffdfdfdfdfdf" },
  { "\\nR ", "0:1024", NULL, etf_claim_line },
  { NULL },
};

static const ChronoMimeMagic etf_magic[] = {
  { 50, etf_unit_at_start },
  { 40, etf_records },
  { 0 },
};

static const ChronoMimeType etf_mime_types[] = {
  { .type = "application/x-trace4cps",
    .comment = N_ ("TRACE4CPS trace"),
    .sub_class_of = "text/plain",
    .generic_icon = "text-x-generic",
    .globs = etf_globs,
    .n_globs = 1,
    .magic = etf_magic },
  { NULL },
};

/* How claims become lanes, colours and a selection (the viewer's claims menu). */
static const ChronoLoaderOption etf_options[] = {
  { .name = "grouping",
    .flag = "group-by",
    .type = CHRONO_OPTION_ATTRIBUTE_LIST,
    .label = N_ ("_Group by"),
    .default_label = N_ ("(their resource)"),
    .description = N_ ("TRACE: attributes that name activity lanes"),
    .arg_description = N_ ("KEY,…") },
  { .name = "colouring",
    .flag = "colour-by",
    .type = CHRONO_OPTION_ATTRIBUTE,
    .label = N_ ("_Colour by"),
    .default_label = N_ ("(their name)"),
    .default_attribute = "name",
    .description = N_ ("TRACE: attribute that colours claims"),
    .arg_description = N_ ("KEY") },
  { .name = "event-grouping",
    .flag = "group-events-by",
    .type = CHRONO_OPTION_ATTRIBUTE_LIST,
    .label = N_ ("Group _events by"),
    .default_label = N_ ("(one lane)"),
    .description = N_ ("TRACE: attributes that name events lanes"),
    .arg_description = N_ ("KEY,…") },
  { .name = "filter",
    .flag = "only",
    .type = CHRONO_OPTION_ATTRIBUTE_FILTER,
    .label = N_ ("_Only"),
    .description = N_ ("TRACE: keep claims with these values"),
    .arg_description = N_ ("KEY=V|V;…") },
  { NULL },
};

const ChronoLoaderInfo chrono_loader_etf = {
  .name = "etf",
  .description = "TRACE (TRACE4CPS)",
  .mime_types = etf_mime_types,
  .globs = etf_globs,
  .sniff = etf_sniff,
  .load = etf_load,
  .index = chrono_etf_index,
  .features = CHRONO_TRACE_HAS_CLAIMS,
  .options = etf_options,
};
