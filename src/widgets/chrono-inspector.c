/* chrono-inspector.c — rebuilt from the model on every selection: a few
 * hundred labels at most, so there is no state to keep in step.
 *
 * This file holds the building blocks (chrono-inspector-private.h) and the
 * pages of a span, a claim's resource, a call, an event, a memory reference
 * and a signal's sample; a process instance's life is in
 * chrono-inspector-life.c, a tree node's in chrono-inspector-tree.c. */
#include <inttypes.h>
#include "chrono-inspector-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "chrono-call.h"
#include "chrono-comm.h"
#include "chrono-resource-usage.h"

G_DEFINE_FINAL_TYPE (ChronoInspector, chrono_inspector, GTK_TYPE_BOX)

enum { PROP_0, PROP_TRACE, PROP_VIEWPORT, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* ---- formatting --------------------------------------------------------- */

char *
chrono_inspector_format_time (ChronoInspector *self, gint64 ticks)
{
  const ChronoClock *clock = chrono_trace_get_clock (self->trace);
  if (self->set == NULL || self->member == 0)
    return chrono_clock_format_ticks (clock, ticks - chrono_viewport_get_origin (self->viewport), 8);
  /* an added trace's item: its time in its own trace, and where that falls on the ruler */
  ChronoTrace *own = chrono_trace_set_get_trace (self->set, self->member);
  gint64 own_begin = chrono_trace_has_range (own) ? chrono_trace_get_begin (own) : 0;
  g_autofree char *in_own = chrono_clock_format_ticks (clock, ticks - own_begin, 8);
  gint64 reference = chrono_trace_set_to_reference (self->set, self->member, ticks);
  const ChronoClock *reference_clock = chrono_trace_get_clock (chrono_trace_set_get_reference (self->set));
  g_autofree char *on_ruler =
      chrono_clock_format_ticks (reference_clock, reference - chrono_viewport_get_origin (self->viewport), 8);
  /* TRANSLATORS: a time in an added trace, then the same time on the first trace's clock */
  return g_strdup_printf (_ ("%s (%s on the first trace’s clock)"), in_own, on_ruler);
}

/* A begin and an end in one unit, that of the later (as the ruler counts): they read as numbers side by side. */
void
chrono_inspector_format_time_pair (ChronoInspector *self, gint64 begin, gint64 end, char **out_begin, char **out_end)
{
  if (self->set != NULL && self->member > 0)
    {
      /* an added trace's times carry the ruler's too: format_time says both */
      *out_begin = chrono_inspector_format_time (self, begin);
      *out_end = chrono_inspector_format_time (self, end);
      return;
    }
  const ChronoClock *clock = chrono_trace_get_clock (self->trace);
  gint64 origin = chrono_viewport_get_origin (self->viewport);
  double reach = MAX (fabs (chrono_ticks_apart (origin, begin)), fabs (chrono_ticks_apart (origin, end)));
  const ChronoTimeUnit *unit = chrono_clock_unit_for (clock, reach / (double) clock->ticks_per_second);
  *out_begin = chrono_clock_format_ticks_in (clock, begin - origin, unit);
  *out_end = chrono_clock_format_ticks_in (clock, end - origin, unit);
}

char *
chrono_inspector_format_length (ChronoInspector *self, gint64 ticks)
{
  return chrono_clock_format_ticks (chrono_trace_get_clock (self->trace), ticks, 6);
}

/* ---- building blocks ---------------------------------------------------- */

GtkWidget *
chrono_inspector_add_label (ChronoInspector *self, const char *text, const char *style)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_line_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR); /* a name without spaces wraps too */
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (style)
    gtk_style_context_add_class (gtk_widget_get_style_context (label), style);
  gtk_container_add (GTK_CONTAINER (self->content), label);
  g_string_append_printf (self->text, "%s\n", text);
  return label;
}

void
chrono_inspector_add_section (ChronoInspector *self, const char *title)
{
  chrono_inspector_add_label (self, title, "section");
}

GtkWidget *
chrono_inspector_new_grid (ChronoInspector *self)
{
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  gtk_container_add (GTK_CONTAINER (self->content), grid);
  return grid;
}

/* A cell shortened to its column says what it holds when hovered. */
static gboolean
shortened_cell_tooltip (GtkWidget *label, int x, int y, gboolean keyboard, GtkTooltip *tooltip, gpointer data)
{
  if (!pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))))
    return FALSE;
  gtk_tooltip_set_text (tooltip, gtk_label_get_text (GTK_LABEL (label)));
  return TRUE;
}

static GtkWidget *
cell (const char *text, gboolean dim, gboolean numeric)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0 : 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_has_tooltip (label, TRUE);
  g_signal_connect (label, "query-tooltip", G_CALLBACK (shortened_cell_tooltip), NULL);
  GtkStyleContext *style = gtk_widget_get_style_context (label);
  if (dim)
    gtk_style_context_add_class (style, "dim-label");
  if (numeric)
    gtk_style_context_add_class (style, "time");
  return label;
}

/* A row of "key value" pairs in a two-column grid. */
void
chrono_inspector_add_field (ChronoInspector *self, GtkWidget *grid, int row, const char *key, const char *value)
{
  gtk_grid_attach (GTK_GRID (grid), cell (key, TRUE, FALSE), 0, row, 1, 1);
  GtkWidget *v = cell (value, FALSE, FALSE);
  /* a value (a long name, a path) wraps rather than hides its end */
  gtk_label_set_ellipsize (GTK_LABEL (v), PANGO_ELLIPSIZE_NONE);
  gtk_label_set_line_wrap (GTK_LABEL (v), TRUE);
  gtk_label_set_line_wrap_mode (GTK_LABEL (v), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (v, TRUE);
  gtk_grid_attach (GTK_GRID (grid), v, 1, row, 1, 1);
  g_string_append_printf (self->text, "%s: %s\n", key, value);
}

void
chrono_inspector_add_row (ChronoInspector *self, GtkWidget *grid, int row, const char *const *cells, int n)
{
  for (int i = 0; i < n; i++)
    gtk_grid_attach (GTK_GRID (grid), cell (cells[i], i == 0, i > 0), i, row, 1, 1);
  for (int i = 0; i < n; i++)
    g_string_append_printf (self->text, i ? "\t%s" : "%s", cells[i]);
  g_string_append_c (self->text, '\n');
}

void
chrono_inspector_add_time_field (ChronoInspector *self, GtkWidget *grid, int row, const char *key, gint64 time)
{
  g_autofree char *text = chrono_inspector_format_time (self, time);
  chrono_inspector_add_field (self, grid, row, key, text);
}

void
chrono_inspector_add_length_field (ChronoInspector *self, GtkWidget *grid, int row, const char *key, gint64 ticks)
{
  g_autofree char *text = chrono_inspector_format_length (self, ticks);
  chrono_inspector_add_field (self, grid, row, key, text);
}

/* ---- the selected span -------------------------------------------------- */

static const char *
instance_suffix (ChronoLane *lane, const ChronoSpan *span, char *buffer, gsize size)
{
  ChronoInstances *instances = chrono_lane_get_instances (lane);
  if (instances == NULL || span->instance >= chrono_instances_get_n (instances)
      || chrono_instances_get (instances, span->instance)->number == G_MININT64)
    return "";
  g_snprintf (buffer, size, "  #%" G_GINT64_FORMAT, chrono_instances_get (instances, span->instance)->number);
  return buffer;
}

/* A claim: how much of its resource it takes, where, and the dependencies
 * that end at its start or begin at its end. */
static int
add_claim_fields (ChronoInspector *self, GtkWidget *grid, int row, ChronoLane *lane, const ChronoSpan *span)
{
  if (!chrono_lane_kind_holds_claims (chrono_lane_get_kind (lane)))
    return row;
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  guint index;
  ChronoExtent extent;
  if (chrono_spans_find_at (spans, span->start, span->depth, &index) && chrono_spans_get_extent (spans, index, &extent))
    {
      g_autofree char *amount = g_strdup_printf ("%g", extent.amount);
      g_autofree char *offset = g_strdup_printf ("%g", extent.offset);
      chrono_inspector_add_field (self, grid, row++, _ ("Amount"), amount);
      chrono_inspector_add_field (self, grid, row++, _ ("Offset"), offset);
    }
  ChronoLinks *links = chrono_trace_get_links (self->trace);
  guint into = 0, out_of = 0;
  for (guint i = chrono_links_first_ending_after (links, span->start - 1); i < chrono_links_get_n (links); i++)
    {
      const ChronoLink *link = chrono_links_get (links, i);
      if (MIN (link->src_time, link->dst_time) > span->end)
        break;
      into += link->dst_lane == lane && link->dst_time == span->start;
      out_of += link->src_lane == lane && link->src_time == span->end;
    }
  if (into + out_of > 0)
    {
      g_autofree char *text = g_strdup_printf (_ ("%u in, %u out"), into, out_of);
      chrono_inspector_add_field (self, grid, row++, _ ("Dependencies"), text);
    }
  return row;
}

static void
show_item (ChronoInspector *self, ChronoLane *lane, const ChronoSpan *span)
{
  char number[32];
  g_autofree char *title = g_strdup_printf ("%s%s", chrono_lane_get_display_name (lane),
                                            instance_suffix (lane, span, number, sizeof number));
  chrono_inspector_add_label (self, title, "title");
  GtkWidget *grid = chrono_inspector_new_grid (self);
  int row = 0;
  g_autofree char *path = chrono_lane_dup_path (lane);
  chrono_inspector_add_field (self, grid, row++, _ ("Lane"), path);
  /* what the lane is, with the producer's own word for it: "Process (T)" */
  const char *own = chrono_lane_get_entity_type (lane);
  g_autofree char *type =
      *own ? g_strdup_printf ("%s (%s)", chrono_lane_kind_get_label (chrono_lane_get_kind (lane)), own)
           : g_strdup (chrono_lane_kind_get_label (chrono_lane_get_kind (lane)));
  chrono_inspector_add_field (self, grid, row++, _ ("Type"), type);
  g_autofree char *state = g_strdup_printf ("%s%s", chrono_state_get_label (span->state),
                                            span->flags & CHRONO_SPAN_INFERRED ? _ (" (inferred)") : "");
  chrono_inspector_add_field (self, grid, row++, _ ("State"), state);
  if (span->label != CHRONO_STRING_NONE)
    chrono_inspector_add_field (self, grid, row++,
                                chrono_lane_get_kind (lane) == CHRONO_LANE_CORE ? _ ("Process") : _ ("Label"),
                                chrono_strings_get (chrono_trace_get_strings (self->trace), span->label));
  g_autofree char *begin = NULL, *end = NULL;
  chrono_inspector_format_time_pair (self, span->start, span->end, &begin, &end);
  g_autofree char *length = chrono_inspector_format_length (self, span->end - span->start);
  chrono_inspector_add_field (self, grid, row++, _ ("Begin"), begin);
  chrono_inspector_add_field (self, grid, row++, _ ("End"),
                              span->flags & CHRONO_SPAN_OPEN_END ? _ ("open at the end of the trace") : end);
  chrono_inspector_add_field (self, grid, row++, _ ("Duration"), length);
  row = add_claim_fields (self, grid, row, lane, span);
  ChronoAttrs *attrs = chrono_trace_get_attrs (self->trace);
  for (guint i = 0; i < chrono_attrs_get_n_pairs (attrs, span->attrs); i++)
    chrono_inspector_add_field (self, grid, row++, chrono_attrs_get_key (attrs, span->attrs, i),
                                chrono_attrs_get_value (attrs, span->attrs, i));
}

/* ---- a TRACE resource ----------------------------------------------------- */

/* How long the resource held 0, 1, 2 … claims at once, over the whole trace:
 * TRACE4CPS's resource-usage histogram, as a table with bars. */
static void
show_concurrency (ChronoInspector *self, ChronoLane *lane)
{
  gint64 begin = chrono_trace_get_begin (self->trace), end = chrono_trace_get_end (self->trace);
  g_autoptr (GArray) histogram = chrono_resource_concurrency (lane, begin, end);
  if (histogram->len == 0 || end <= begin)
    return;
  chrono_inspector_add_section (self, _ ("Concurrent claims over the trace"));
  GtkWidget *grid = chrono_inspector_new_grid (self);
  for (guint n = 0; n < histogram->len; n++)
    {
      gint64 ticks = g_array_index (histogram, gint64, n);
      double share = (double) ticks / (double) (end - begin);
      g_autofree char *count = g_strdup_printf ("%u", n);
      g_autofree char *length = chrono_inspector_format_length (self, ticks);
      g_autofree char *percent = g_strdup_printf ("%.1f %%", 100.0 * share);
      const char *cells[] = { count, length, percent };
      chrono_inspector_add_row (self, grid, n, cells, 3);
      GtkWidget *bar = gtk_level_bar_new_for_interval (0.0, 1.0);
      gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), share);
      gtk_widget_set_size_request (bar, 60, -1);
      gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
      gtk_grid_attach (GTK_GRID (grid), bar, 3, n, 1, 1);
    }
}

/* ---- a call on a lane of nested calls ------------------------------------ */

#define MAX_CALLEES_LISTED 20

/* The lane of a location id, for its name. */
static ChronoLane *
location_lane (ChronoTrace *trace, guint64 id)
{
  g_autoptr (GPtrArray) lanes = chrono_trace_list_lanes (trace);
  for (guint i = 0; i < lanes->len; i++)
    if (chrono_lane_get_kind (lanes->pdata[i]) == CHRONO_LANE_WORKER
        && (guint64) chrono_lane_get_source_id (lanes->pdata[i]) == id)
      return lanes->pdata[i];
  return NULL;
}

/* A receive that waited for its sender to start (Scalasca's late sender). */
static void
show_late_sender (ChronoInspector *self, GtkWidget *grid, int row, ChronoLane *lane, guint index)
{
  ChronoSpan span;
  chrono_spans_get (chrono_lane_get_spans (lane), index, &span);
  guint64 sender = 0;
  gint64 waited = chrono_comm_late_sender_in_call (self->trace, (guint64) chrono_lane_get_source_id (lane), span.start,
                                                   span.depth, &sender);
  if (waited <= 0)
    return;
  ChronoLane *from = location_lane (self->trace, sender);
  ChronoLane *parent = from ? chrono_lane_get_parent (from) : NULL;
  g_autofree char *who =
      from == NULL ? g_strdup_printf (_ ("location %" PRIu64), sender)
      : parent ? g_strdup_printf ("%s/%s", chrono_lane_get_display_name (parent), chrono_lane_get_display_name (from))
               : g_strdup (chrono_lane_get_display_name (from));
  g_autofree char *length = chrono_inspector_format_length (self, waited);
  /* TRANSLATORS: Scalasca's late sender: the receive waited this long for that sender to start sending */
  g_autofree char *text = g_strdup_printf (_ ("waited %s for %s to start sending"), length, who);
  chrono_inspector_add_field (self, grid, row, _ ("Late sender"), text);
}

static void
show_callees (ChronoInspector *self, ChronoLane *lane, const ChronoCallInfo *info)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  ChronoStrings *strings = chrono_trace_get_strings (self->trace);
  g_autofree char *title = g_strdup_printf (_ ("Calls it made (%u)"), info->callees->len);
  chrono_inspector_add_section (self, title);
  GtkWidget *grid = chrono_inspector_new_grid (self);
  for (guint i = 0; i < MIN (info->callees->len, MAX_CALLEES_LISTED); i++)
    {
      ChronoSpan callee;
      chrono_spans_get (spans, g_array_index (info->callees, guint, i), &callee);
      g_autofree char *at = chrono_inspector_format_time (self, callee.start);
      g_autofree char *length = chrono_inspector_format_length (self, callee.end - callee.start);
      const char *cells[] = { callee.label ? chrono_strings_get (strings, callee.label) : "", at, length };
      chrono_inspector_add_row (self, grid, (int) i, cells, 3);
    }
  if (info->callees->len > MAX_CALLEES_LISTED)
    {
      g_autofree char *more = g_strdup_printf (_ ("and %u more"), info->callees->len - MAX_CALLEES_LISTED);
      chrono_inspector_add_label (self, more, "dim-label");
    }
}

/* Inclusive and exclusive time, what it called, and the message that
 * arrived while it ran (the one a receive waited for). */
static void
show_call (ChronoInspector *self, ChronoLane *lane, guint index)
{
  ChronoCallInfo info;
  chrono_call_explain (self->trace, lane, index, &info);
  chrono_inspector_add_section (self, _ ("Call"));
  GtkWidget *grid = chrono_inspector_new_grid (self);
  int row = 0;
  g_autofree char *inclusive = chrono_inspector_format_length (self, info.inclusive);
  g_autofree char *exclusive = chrono_inspector_format_length (self, info.exclusive);
  chrono_inspector_add_field (self, grid, row++, _ ("Inclusive"), inclusive);
  chrono_inspector_add_field (self, grid, row++, _ ("Exclusive"), exclusive);
  if (info.message != NULL)
    {
      /* the sender's lane and its parent: "MPI Rank 1/Master thread" */
      ChronoLane *parent = chrono_lane_get_parent (info.message->src_lane);
      g_autofree char *from = parent ? g_strdup_printf ("%s/%s", chrono_lane_get_display_name (parent),
                                                        chrono_lane_get_display_name (info.message->src_lane))
                                     : g_strdup (chrono_lane_get_display_name (info.message->src_lane));
      g_autofree char *sent = chrono_inspector_format_time (self, info.message->src_time);
      g_autofree char *arrived = chrono_inspector_format_time (self, info.message->dst_time);
      /* TRANSLATORS: a message: where it came from, when it was sent and when it arrived */
      g_autofree char *text = g_strdup_printf (_ ("from %s, sent at %s, arrived at %s"), from, sent, arrived);
      chrono_inspector_add_field (self, grid, row++, _ ("Message"), text);
    }
  show_late_sender (self, grid, row++, lane, index);
  if (info.callees->len > 0)
    show_callees (self, lane, &info);
  chrono_call_info_clear (&info);
}

/* ---- public ------------------------------------------------------------- */

void
chrono_inspector_reset (ChronoInspector *self)
{
  if (self->content)
    gtk_widget_destroy (self->content);
  self->content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_container_add (GTK_CONTAINER (self), self->content);
  g_string_truncate (self->text, 0);
}

void
chrono_inspector_clear (ChronoInspector *self)
{
  g_set_object (&self->trace, self->own_trace); /* a decoded chunk is not kept past its item */
  chrono_inspector_reset (self);
  GtkWidget *hint =
      chrono_inspector_add_label (self, _ ("Click an item in the timeline to see its details here."), "dim-label");
  gtk_widget_set_margin_top (hint, 12);
  gtk_widget_show_all (self->content);
}

static void show_span (ChronoInspector *self, ChronoLane *lane, guint index);

void
chrono_inspector_set_trace_set (ChronoInspector *self, ChronoTraceSet *set, guint member)
{
  g_return_if_fail (CHRONO_IS_INSPECTOR (self));
  g_set_object (&self->set, set);
  self->member = set != NULL && member < chrono_trace_set_get_n (set) ? member : 0;
}

void
chrono_inspector_show_span_of (ChronoInspector *self, ChronoTrace *trace, ChronoLane *lane, guint index)
{
  g_return_if_fail (CHRONO_IS_INSPECTOR (self));
  /* the item's strings, attributes and instance life are its own trace's; the clock is shared */
  g_set_object (&self->trace, trace);
  show_span (self, lane, index);
}

/* What an instant thing's view begins with: "lane: kind", its lane and its time. */
static GtkWidget *
begin_instant (ChronoInspector *self, ChronoTrace *trace, ChronoLane *lane, const char *kind, gint64 time, int *row)
{
  g_set_object (&self->trace, trace);
  chrono_inspector_reset (self);
  g_autofree char *title = g_strdup_printf ("%s: %s", chrono_lane_get_display_name (lane), kind);
  chrono_inspector_add_label (self, title, "title");
  GtkWidget *grid = chrono_inspector_new_grid (self);
  g_autofree char *path = chrono_lane_dup_path (lane);
  chrono_inspector_add_field (self, grid, (*row)++, _ ("Lane"), path);
  g_autofree char *at = chrono_inspector_format_time (self, time);
  chrono_inspector_add_field (self, grid, (*row)++, _ ("Time"), at);
  return grid;
}

/* An instant event: when, what, who caused it, its note and attributes. */
void
chrono_inspector_show_mark_of (ChronoInspector *self, ChronoTrace *trace, ChronoLane *lane, guint index)
{
  g_return_if_fail (CHRONO_IS_INSPECTOR (self));
  ChronoMarks *marks = chrono_lane_get_marks (lane);
  g_return_if_fail (marks != NULL && index < chrono_marks_get_n (marks));
  ChronoMark mark;
  chrono_marks_get (marks, index, &mark);
  ChronoStrings *strings = chrono_trace_get_strings (trace);
  const char *kind = mark.kind != CHRONO_STRING_NONE ? chrono_strings_get (strings, mark.kind) : _ ("event");
  int row = 0;
  GtkWidget *grid = begin_instant (self, trace, lane, kind, mark.time, &row);
  chrono_inspector_add_field (self, grid, row++, _ ("Event"), kind);
  if (mark.source != CHRONO_STRING_NONE && *chrono_strings_get (strings, mark.source))
    chrono_inspector_add_field (self, grid, row++, _ ("Source"), chrono_strings_get (strings, mark.source));
  if (mark.note != CHRONO_STRING_NONE)
    chrono_inspector_add_field (self, grid, row++, _ ("Note"), chrono_strings_get (strings, mark.note));
  ChronoAttrs *attrs = chrono_trace_get_attrs (trace);
  for (guint i = 0; i < chrono_attrs_get_n_pairs (attrs, mark.attrs); i++)
    chrono_inspector_add_field (self, grid, row++, chrono_attrs_get_key (attrs, mark.attrs, i),
                                chrono_attrs_get_value (attrs, mark.attrs, i));
  gtk_widget_show_all (self->content);
}

/* One memory reference: what kind, where, how long, in which space, when. */
void
chrono_inspector_show_reference_of (ChronoInspector *self, ChronoTrace *trace, ChronoLane *lane,
                                    const ChronoReference *reference)
{
  g_return_if_fail (CHRONO_IS_INSPECTOR (self) && reference != NULL);
  g_autofree char *kind = chrono_reference_dup_kind (reference);
  int row = 0;
  GtkWidget *grid = begin_instant (self, trace, lane, kind, reference->time, &row);
  chrono_inspector_add_field (self, grid, row++, _ ("Type"), kind);
  g_autofree char *address = g_strdup_printf ("0x%08x", reference->address);
  chrono_inspector_add_field (self, grid, row++, _ ("Address"), address);
  g_autofree char *length =
      g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u byte", "%u bytes", reference->length), reference->length);
  chrono_inspector_add_field (self, grid, row++, _ ("Length"), length);
  g_autofree char *space = g_strdup_printf ("%x", reference->space);
  chrono_inspector_add_field (self, grid, row++, _ ("Address space"), space);
  gtk_widget_show_all (self->content);
}

/* A signal's sample: the value it held (or the rate between two samples)
 * and when. */
void
chrono_inspector_show_sample_of (ChronoInspector *self, ChronoTrace *trace, ChronoLane *lane, guint index)
{
  g_return_if_fail (CHRONO_IS_INSPECTOR (self));
  ChronoSignal *signal = chrono_lane_get_signal (lane);
  g_return_if_fail (signal != NULL && index < chrono_signal_get_n (signal));
  g_set_object (&self->trace, trace);
  chrono_inspector_reset (self);
  const ChronoFragment *f = chrono_signal_get (signal, index);
  chrono_inspector_add_label (self, chrono_lane_get_display_name (lane), "title");
  GtkWidget *grid = chrono_inspector_new_grid (self);
  int row = 0;
  g_autofree char *path = chrono_lane_dup_path (lane);
  chrono_inspector_add_field (self, grid, row++, _ ("Lane"), path);
  g_autofree char *value = g_strdup_printf ("%.10g", chrono_signal_eval_fragment (signal, f, f->t0));
  chrono_inspector_add_field (self, grid, row++, f->b != 0.0 || f->a != 0.0 ? _ ("Value at start") : _ ("Value"),
                              value);
  chrono_inspector_add_time_field (self, grid, row++, _ ("From"), f->t0);
  chrono_inspector_add_time_field (self, grid, row++, _ ("To"), f->t1);
  chrono_inspector_add_length_field (self, grid, row++, _ ("Duration"), f->t1 - f->t0);
  const char *other = chrono_lane_get_other_name (lane);
  if (other != NULL)
    {
      /* a counter drawn as a rate or as recorded: the other is a click away */
      g_autofree char *text = g_strdup_printf (_ ("Show as “%s”"), other);
      GtkWidget *button = gtk_button_new_with_label (text);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.switch-reading");
      gtk_widget_set_tooltip_text (button, _ ("This lane's samples as recorded, or as a rate per second"));
      gtk_widget_set_halign (button, GTK_ALIGN_START);
      gtk_widget_set_margin_top (button, 6);
      gtk_container_add (GTK_CONTAINER (self->content), button);
      g_string_append_printf (self->text, "%s\n", text);
    }
  gtk_widget_show_all (self->content);
}

void
chrono_inspector_show_span (ChronoInspector *self, ChronoLane *lane, guint index)
{
  g_return_if_fail (CHRONO_IS_INSPECTOR (self));
  g_set_object (&self->trace, self->own_trace);
  show_span (self, lane, index);
}

static void
show_span (ChronoInspector *self, ChronoLane *lane, guint index)
{
  ChronoSpans *spans = chrono_lane_get_spans (lane);
  g_return_if_fail (spans != NULL && index < chrono_spans_get_n (spans));
  chrono_inspector_reset (self);
  ChronoSpan span;
  chrono_spans_get (spans, index, &span);
  show_item (self, lane, &span);
  if (chrono_lane_get_kind (lane) == CHRONO_LANE_PROCESS && span.instance != CHRONO_NO_INSTANCE)
    chrono_inspector_show_life (self, lane, span.instance);
  if (chrono_lane_get_kind (lane) == CHRONO_LANE_RESOURCE)
    show_concurrency (self, lane);
  if (chrono_lane_get_kind (lane) == CHRONO_LANE_WORKER)
    show_call (self, lane, index);
  gtk_widget_show_all (self->content);
}

/* The panel as plain text (what a user would copy into a report). */
void
chrono_inspector_add_note (ChronoInspector *self, const char *text)
{
  g_return_if_fail (CHRONO_IS_INSPECTOR (self) && text != NULL);
  /* under the item's title, before its details: the user's own word first */
  GtkWidget *section = chrono_inspector_add_label (self, _ ("Note"), "section");
  GtkWidget *note = chrono_inspector_add_label (self, text, "note");
  gtk_box_reorder_child (GTK_BOX (self->content), section, 1);
  gtk_box_reorder_child (GTK_BOX (self->content), note, 2);
  gtk_widget_show_all (self->content);
}

char *
chrono_inspector_get_text (ChronoInspector *self)
{
  return g_strdup (self->text->str);
}

static void
chrono_inspector_constructed (GObject *object)
{
  ChronoInspector *self = CHRONO_INSPECTOR (object);
  G_OBJECT_CLASS (chrono_inspector_parent_class)->constructed (object);
  g_return_if_fail (self->own_trace != NULL && self->viewport != NULL);
  self->trace = g_object_ref (self->own_trace);
  chrono_inspector_clear (self);
}

static void
chrono_inspector_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ChronoInspector *self = CHRONO_INSPECTOR (object);
  switch (prop_id)
    {
    case PROP_TRACE: g_value_set_object (value, self->own_trace); break;
    case PROP_VIEWPORT: g_value_set_object (value, self->viewport); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_inspector_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ChronoInspector *self = CHRONO_INSPECTOR (object);
  switch (prop_id)
    {
    case PROP_TRACE: self->own_trace = g_value_dup_object (value); break;
    case PROP_VIEWPORT: self->viewport = g_value_dup_object (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chrono_inspector_finalize (GObject *object)
{
  ChronoInspector *self = CHRONO_INSPECTOR (object);
  g_clear_object (&self->set);
  g_clear_object (&self->trace);
  g_clear_object (&self->own_trace);
  g_clear_object (&self->viewport);
  g_string_free (self->text, TRUE);
  G_OBJECT_CLASS (chrono_inspector_parent_class)->finalize (object);
}

static void
chrono_inspector_class_init (ChronoInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->constructed = chrono_inspector_constructed;
  object_class->get_property = chrono_inspector_get_property;
  object_class->set_property = chrono_inspector_set_property;
  object_class->finalize = chrono_inspector_finalize;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "chrono-inspector");

  /* the trace the inspector belongs to; items of its decoded chunks are shown too */
  properties[PROP_TRACE] = g_param_spec_object ("trace", NULL, NULL, CHRONO_TYPE_TRACE,
                                                G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWPORT] = g_param_spec_object ("viewport", NULL, NULL, CHRONO_TYPE_VIEWPORT,
                                                   G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* the user asked to go to a process instance the page names (a
   * semaphore's holder): lane, and the instance's row in its table */
  g_signal_new ("instance-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                CHRONO_TYPE_LANE, G_TYPE_UINT);
}

static void
chrono_inspector_init (ChronoInspector *self)
{
  self->text = g_string_new (NULL);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  g_object_set (self, "margin", 10, NULL);
}

GtkWidget *
chrono_inspector_new (ChronoTrace *trace, ChronoViewport *viewport)
{
  g_return_val_if_fail (CHRONO_IS_TRACE (trace), NULL);
  g_return_val_if_fail (CHRONO_IS_VIEWPORT (viewport), NULL);
  return g_object_new (CHRONO_TYPE_INSPECTOR, "trace", trace, "viewport", viewport, NULL);
}
