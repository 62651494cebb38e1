/* chrono-dump.c — one line per fact, in display order, times in ticks:
 * stable across runs so that `diff` against a golden file shows exactly
 * what a change did to a loader. */
#include "chrono-dump.h"

static void
dump_time (GString *out, gint64 time)
{
  if (time == G_MININT64)
    g_string_append (out, "-");
  else
    g_string_append_printf (out, "%" G_GINT64_FORMAT, time);
}

static void
dump_flags (GString *out, guint flags, const char *const *names, guint n_names)
{
  gboolean first = TRUE;
  for (guint bit = 0; bit < n_names; bit++)
    if (flags & (1u << bit))
      {
        g_string_append_printf (out, "%s%s", first ? "" : ",", names[bit]);
        first = FALSE;
      }
  if (first)
    g_string_append (out, "-");
}

static void
dump_attrs (GString *out, ChronoTrace *trace, guint32 set)
{
  ChronoAttrs *attrs = chrono_trace_get_attrs (trace);
  guint n = chrono_attrs_get_n_pairs (attrs, set);
  if (n == 0)
    return;
  g_string_append (out, " attrs={");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s=%s", i ? ", " : "", chrono_attrs_get_key (attrs, set, i),
                            chrono_attrs_get_value (attrs, set, i));
  g_string_append_c (out, '}');
}

static void
dump_spans (GString *out, ChronoTrace *trace, ChronoSpans *spans)
{
  static const char *const span_flags[] = { "inferred", "open", "critical", "collective" };
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  guint n = chrono_spans_get_n (spans);
  for (guint i = 0; i < n; i++)
    {
      ChronoSpan span;
      chrono_spans_get (spans, i, &span);
      g_string_append_printf (out, "  span %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %s depth=%u flags=", span.start,
                              span.end, chrono_state_get_name (span.state), span.depth);
      dump_flags (out, span.flags, span_flags, G_N_ELEMENTS (span_flags));
      if (span.instance != CHRONO_NO_INSTANCE)
        g_string_append_printf (out, " instance=%u", span.instance);
      if (span.label != CHRONO_STRING_NONE)
        g_string_append_printf (out, " label=%s", chrono_strings_get (strings, span.label));
      ChronoExtent extent;
      if (chrono_spans_get_extent (spans, i, &extent))
        g_string_append_printf (out, " offset=%.17g amount=%.17g", extent.offset, extent.amount);
      dump_attrs (out, trace, span.attrs);
      g_string_append_c (out, '\n');
    }
}

static void
dump_instances (GString *out, ChronoInstances *instances)
{
  static const char *const instance_flags[] = { "activated", "terminated", "inferred" };
  guint n = chrono_instances_get_n (instances);
  for (guint i = 0; i < n; i++)
    {
      const ChronoInstance *instance = chrono_instances_get (instances, i);
      g_string_append_printf (out, "  instance %u number=", i);
      dump_time (out, instance->number);
      g_string_append_printf (out, " begin=%" G_GINT64_FORMAT " end=%" G_GINT64_FORMAT " first_start=", instance->begin,
                              instance->end);
      dump_time (out, instance->first_start);
      g_string_append_printf (out, " activations=%u preemptions=%u flags=", instance->activations,
                              instance->preemptions);
      dump_flags (out, instance->flags, instance_flags, G_N_ELEMENTS (instance_flags));
      if (instance->parent != CHRONO_INSTANCE_NO_CALLER)
        g_string_append_printf (out, " caller=%u", instance->parent);
      g_string_append_c (out, '\n');
    }
}

static void
dump_accesses (GString *out, ChronoTrace *trace, ChronoAccesses *accesses)
{
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  guint n = chrono_accesses_get_n (accesses);
  for (guint i = 0; i < n; i++)
    {
      const ChronoAccess *access = chrono_accesses_get (accesses, i);
      g_string_append_printf (out, "  access %u %s instance=", i, chrono_strings_get (strings, access->process));
      dump_time (out, access->instance);
      g_string_append (out, " requested=");
      dump_time (out, access->requested);
      g_string_append (out, " assigned=");
      dump_time (out, access->assigned);
      g_string_append (out, " released=");
      dump_time (out, access->released);
      g_string_append_printf (out, " line=%" G_GUINT64_FORMAT " held_by=", access->line);
      guint n_holders;
      const guint32 *holders = chrono_accesses_get_holders (accesses, i, &n_holders);
      for (guint h = 0; h < n_holders; h++)
        g_string_append_printf (out, "%s%u", h ? "," : "", holders[h]);
      if (n_holders == 0)
        g_string_append_c (out, '-');
      g_string_append_c (out, '\n');
    }
}

static void
dump_marks (GString *out, ChronoTrace *trace, ChronoMarks *marks)
{
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  guint n = chrono_marks_get_n (marks);
  for (guint i = 0; i < n; i++)
    {
      ChronoMark mark;
      chrono_marks_get (marks, i, &mark);
      g_string_append_printf (out, "  mark %" G_GINT64_FORMAT " %s source=%s", mark.time,
                              chrono_strings_get (strings, mark.kind), chrono_strings_get (strings, mark.source));
      if (mark.note != CHRONO_STRING_NONE)
        g_string_append_printf (out, " note=%s", chrono_strings_get (strings, mark.note));
      dump_attrs (out, trace, mark.attrs);
      g_string_append_c (out, '\n');
    }
}

static void
dump_signal (GString *out, ChronoSignal *signal)
{
  guint n = chrono_signal_get_n (signal);
  for (guint i = 0; i < n; i++)
    {
      const ChronoFragment *f = chrono_signal_get (signal, i);
      g_string_append_printf (out, "  fragment %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " c=%.17g b=%.17g a=%.17g\n",
                              f->t0, f->t1, f->c, f->b, f->a);
    }
}

/* A tree in row order: each node, then its stretches. */
static void
dump_tree (GString *out, ChronoTrace *trace, ChronoTree *tree)
{
  static const char *const stretch_kinds[] = { "ran", "suspended", "helped", "waiting" };
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  gint64 cut;
  if (chrono_tree_get_cut (tree, &cut))
    g_string_append_printf (out, "  cut %" G_GINT64_FORMAT "\n", cut);
  for (guint i = 0; i < chrono_tree_get_n_nodes (tree); i++)
    {
      const ChronoTreeNode *node = chrono_tree_get_node (tree, i);
      g_autofree char *name = chrono_tree_dup_node_name (tree, i, strings);
      g_string_append_printf (out, "  node %u %s %s depth=%u parent=", i, chrono_strings_get (strings, node->kind),
                              name, chrono_tree_get_depth (tree, i));
      if (node->parent == CHRONO_TREE_NONE)
        g_string_append (out, "-");
      else
        g_string_append_printf (out, "%u", node->parent);
      g_string_append_printf (out, " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %s split=", node->start, node->end,
                              chrono_tree_outcome_get_name (node->outcome));
      dump_time (out, node->split_time);
      g_string_append (out, " join=");
      dump_time (out, node->join_time);
      g_string_append_c (out, '\n');
      guint first, n;
      chrono_tree_get_stretches (tree, i, &first, &n);
      for (guint k = first; k < first + n; k++)
        {
          const ChronoTreeStretch *s = chrono_tree_get_stretch (tree, k);
          g_string_append_printf (out, "    %s %" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
                                  stretch_kinds[s->kind % G_N_ELEMENTS (stretch_kinds)], s->start, s->end);
          if (s->worker != CHRONO_STRING_NONE)
            g_string_append_printf (out, " by=%s", chrono_strings_get (strings, s->worker));
          g_string_append_c (out, '\n');
        }
    }
}

/* Records dumped one by one up to this many in a trace; counts always. */
#define DUMP_MAX_REFERENCES 10000

/* A density lane: its space's counts and address axis, then its references. */
static void
dump_references (GString *out, ChronoReferences *refs, guint space)
{
  static const char *const channels[] = { "load", "store", "fetch", "other" };
  g_string_append (out, "  references");
  for (guint c = 0; c < CHRONO_REF_N_CHANNELS; c++)
    g_string_append_printf (out, " %s=%" G_GUINT64_FORMAT, channels[c],
                            chrono_references_get_space_count (refs, space, c));
  g_string_append (out, "\n  blocks");
  for (guint b = 0; b < chrono_references_get_n_blocks (refs, space); b++)
    g_string_append_printf (out, " %x", chrono_references_get_block_address (refs, space, b));
  g_string_append_c (out, '\n');
  guint64 n = chrono_references_get_n (refs);
  if (n > DUMP_MAX_REFERENCES)
    return;
  guint32 id = chrono_references_get_space_id (refs, space);
  g_autofree ChronoReference *all = g_new (ChronoReference, MAX (n, 1));
  if (!chrono_references_read (refs, 0, (guint) n, all, NULL))
    return;
  for (guint64 i = 0; i < n; i++)
    if (all[i].space == id)
      g_string_append_printf (out, "  ref %" G_GINT64_FORMAT " %s %c len=%u addr=%x\n", all[i].time,
                              channels[MIN (all[i].channel, CHRONO_REF_OTHER)],
                              g_ascii_isgraph (all[i].type) ? all[i].type : '?', all[i].length, all[i].address);
}

static void
dump_lane (GString *out, ChronoTrace *trace, ChronoLane *lane)
{
  g_autofree char *path = chrono_lane_dup_path (lane);
  g_string_append_printf (out, "lane %s kind=%s type=%s\n", path,
                          chrono_lane_kind_get_name (chrono_lane_get_kind (lane)),
                          *chrono_lane_get_entity_type (lane) ? chrono_lane_get_entity_type (lane) : "-");
  if (chrono_lane_get_source_id (lane) != G_MININT64)
    {
      g_string_append_printf (out, "  source id=%" G_GINT64_FORMAT " capacity=%.17g", chrono_lane_get_source_id (lane),
                              chrono_lane_get_capacity (lane));
      dump_attrs (out, trace, chrono_lane_get_attrs (lane));
      g_string_append_c (out, '\n');
    }
  if (chrono_lane_get_instances (lane))
    dump_instances (out, chrono_lane_get_instances (lane));
  if (chrono_lane_get_accesses (lane))
    dump_accesses (out, trace, chrono_lane_get_accesses (lane));
  if (chrono_lane_get_spans (lane))
    dump_spans (out, trace, chrono_lane_get_spans (lane));
  if (chrono_lane_get_marks (lane))
    dump_marks (out, trace, chrono_lane_get_marks (lane));
  if (chrono_lane_get_signal (lane))
    dump_signal (out, chrono_lane_get_signal (lane));
  if (chrono_lane_get_tree (lane))
    dump_tree (out, trace, chrono_lane_get_tree (lane));
  guint space;
  ChronoReferences *refs = chrono_lane_get_references (lane, &space);
  if (refs != NULL)
    dump_references (out, refs, space);
}

static void
dump_links (GString *out, ChronoTrace *trace)
{
  ChronoLinks *links = chrono_trace_get_links (trace);
  for (guint i = 0; i < chrono_links_get_n (links); i++)
    {
      const ChronoLink *link = chrono_links_get (links, i);
      g_autofree char *src = chrono_lane_dup_path (link->src_lane);
      g_autofree char *dst = chrono_lane_dup_path (link->dst_lane);
      g_string_append_printf (out,
                              "link id=%" G_GINT64_FORMAT " kind=%u %s@%" G_GINT64_FORMAT " -> %s@%" G_GINT64_FORMAT,
                              link->id, link->kind, src, link->src_time, dst, link->dst_time);
      dump_attrs (out, trace, link->attrs);
      g_string_append_c (out, '\n');
    }
}

char *
chrono_trace_dump (ChronoTrace *trace)
{
  GString *out = g_string_new (NULL);
  const ChronoClock *clock = chrono_trace_get_clock (trace);
  g_string_append_printf (out, "format %s\n", chrono_trace_get_format (trace));
  g_string_append_printf (out, "clock ticks_per_second=%" G_GINT64_FORMAT, clock->ticks_per_second);
  if (clock->has_wall_clock)
    g_string_append_printf (out, " wall_clock_us=%" G_GINT64_FORMAT, clock->wall_clock_us);
  g_string_append_c (out, '\n');
  if (chrono_trace_has_range (trace))
    g_string_append_printf (out, "range %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n", chrono_trace_get_begin (trace),
                            chrono_trace_get_end (trace));
  else
    g_string_append (out, "range -\n");
  g_string_append_printf (out, "events %" G_GUINT64_FORMAT "\n", chrono_trace_get_n_events (trace));
  for (guint i = 0; i < chrono_trace_get_n_metadata (trace); i++)
    {
      const ChronoMetadata *entry = chrono_trace_get_metadata (trace, i);
      g_string_append_printf (out, "metadata %s=%s\n", entry->key, entry->value);
    }
  ChronoWarnings *warnings = chrono_trace_get_warnings (trace);
  g_string_append_printf (out, "warnings %" G_GUINT64_FORMAT "\n", chrono_warnings_get_total (warnings));
  for (guint i = 0; i < chrono_warnings_get_n_kept (warnings); i++)
    {
      const ChronoWarning *w = chrono_warnings_get_kept (warnings, i);
      if (w->has_time)
        g_string_append_printf (out, "warning time=%" G_GINT64_FORMAT " count=%" G_GUINT64_FORMAT " %s: %s\n", w->time,
                                w->count, w->reason, w->message);
      else
        g_string_append_printf (out, "warning line=%" G_GUINT64_FORMAT " %s: %s\n", w->line, w->reason, w->message);
    }
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    dump_lane (out, trace, g_ptr_array_index (lanes, i));
  dump_links (out, trace);
  return g_string_free (out, FALSE);
}
