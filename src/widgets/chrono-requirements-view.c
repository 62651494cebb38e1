/* chrono-requirements-view.c — the violations are computed once, when a
 * file is checked; the chains' paths come with their results (each sample
 * keeps the instance of every element), so stepping through a chain's
 * instances costs nothing.  The view turns violations and paths into the
 * timeline's generic overlays (ranges, a path): the renderer knows nothing
 * of requirements.
 *
 * This file holds the lists of violations and chains, checking a file and
 * the life cycle; the path with its navigator is in
 * chrono-requirements-view-path.c, the histogram in
 * chrono-requirements-view-histogram.c. */
#include "chrono-widget-util.h"

#include <glib/gi18n-lib.h>

#include <math.h>

#include "chrono-requirements-view-private.h"

#define LIST_HEIGHT 220

enum { COL_MARKUP, COL_INDEX, COL_MEASURE, COL_TEXT, N_COLUMNS };

G_DEFINE_FINAL_TYPE (ChronoRequirementsView, chrono_requirements_view, GTK_TYPE_BOX)

gboolean
chrono_requirements_view_applies (ChronoTrace *trace)
{
  return trace != NULL && !chrono_trace_is_lazy (trace);
}

const ChronoClock *
chrono_requirements_view_clock_of (ChronoRequirementsView *self)
{
  return chrono_trace_get_clock (self->trace);
}

char *
chrono_requirements_view_format_duration (ChronoRequirementsView *self, gint64 ticks)
{
  return chrono_clock_format_ticks (chrono_requirements_view_clock_of (self), ticks, 4);
}

/* A time as the ruler counts it. */
char *
chrono_requirements_view_format_time (ChronoRequirementsView *self, gint64 time)
{
  return chrono_clock_format_ticks (chrono_requirements_view_clock_of (self),
                                    time - chrono_viewport_get_origin (self->viewport), 9);
}

const char *
chrono_requirements_view_measure_label (ChronoChainMeasure measure)
{
  return measure == CHRONO_CHAIN_LATENCY ? _ ("latency") : _ ("data age");
}

static void
free_chain (gpointer data)
{
  Chain *chain = data;
  g_clear_pointer (&chain->result, chrono_chain_result_free);
}

/* The file's chain a requirement is on (a name may be defined twice). */
static guint
find_chain (GPtrArray *specs, const ChronoChainSpec *spec)
{
  for (guint i = 0; i < specs->len; i++)
    if (chrono_chain_spec_equal (g_ptr_array_index (specs, i), spec))
      return i;
  g_return_val_if_reached (0);
}

Chain *
chrono_requirements_view_chain_at (ChronoRequirementsView *self, guint index)
{
  return &g_array_index (self->chains, Chain, index);
}

/* ---- the violations --------------------------------------------------------- */

static char *
describe_entity (ChronoRequirementsView *self, const ChronoViolation *v)
{
  const char *name = chrono_lane_get_display_name (v->lane);
  const ChronoRequirement *r = v->requirement;
  if (r->kind == CHRONO_REQUIREMENT_LOAD)
    return g_strdup (name);
  if (r->kind == CHRONO_REQUIREMENT_CHAIN)
    {
      /* the stimulus (latency) or the response (data age) it is measured at */
      if (v->number != G_MININT64)
        return g_strdup_printf ("%s (%s #%" G_GINT64_FORMAT ")", r->entity, name, v->number);
      return g_strdup_printf ("%s (%s)", r->entity, name);
    }
  if (v->number != G_MININT64)
    return g_strdup_printf ("%s #%" G_GINT64_FORMAT, name, v->number);
  return g_strdup (name);
}

static char *
describe_value (ChronoRequirementsView *self, const ChronoViolation *v)
{
  const ChronoRequirement *r = v->requirement;
  if (r->kind == CHRONO_REQUIREMENT_LOAD)
    return g_strdup_printf ("%.1f %%", v->load);
  if (r->kind == CHRONO_REQUIREMENT_METRIC && chrono_metric_is_count (r->metric))
    return g_strdup_printf ("%" G_GINT64_FORMAT, v->value);
  return chrono_requirements_view_format_duration (self, v->value);
}

/* Where a violation is on the lanes: its instance, its window, or its
 * chain's stimulus and response. */
static void
add_ranges (ChronoRequirementsView *self, const ChronoViolation *v)
{
  const ChronoRequirement *r = v->requirement;
  if (r->kind == CHRONO_REQUIREMENT_LOAD)
    {
      gint64 window = chrono_clock_from_seconds (chrono_requirements_view_clock_of (self), r->window);
      ChronoRenderRange range = { v->lane, v->time, v->time + window };
      g_array_append_val (self->ranges, range);
    }
  else if (r->kind == CHRONO_REQUIREMENT_CHAIN)
    {
      guint c = find_chain (self->specs, r->chain);
      const ChronoChainResult *result = chrono_requirements_view_chain_at (self, c)->result;
      const ChronoChainHop *hops = chrono_chain_result_get_path (result, r->measure, v->index);
      const ChronoChainHop *first = &hops[0], *last = &hops[result->n_elements - 1];
      ChronoRenderRange ends[] = { { first->lane, first->start, first->end }, { last->lane, last->start, last->end } };
      g_array_append_vals (self->ranges, ends, G_N_ELEMENTS (ends));
    }
  else
    {
      const ChronoInstance *instance = chrono_instances_get (chrono_lane_get_instances (v->lane), v->index);
      ChronoRenderRange range = { v->lane, v->time, MAX (instance->end, v->time) };
      g_array_append_val (self->ranges, range);
    }
}

static void
fill_violations (ChronoRequirementsView *self)
{
  gtk_list_store_clear (self->violation_store);
  for (guint i = 0; i < self->violations->len; i++)
    {
      const ChronoViolation *v = &g_array_index (self->violations, ChronoViolation, i);
      g_autofree char *entity = describe_entity (self, v);
      g_autofree char *value = describe_value (self, v);
      g_autofree char *time = chrono_requirements_view_format_time (self, v->time);
      g_autofree char *markup =
          g_markup_printf_escaped (_ ("<b>%s</b>\n%s · %s at %s"), v->requirement->text, entity, value, time);
      g_autofree char *text = g_strdup_printf ("%s\t%s\t%s\t%s", v->requirement->text, entity, value, time);
      gtk_list_store_insert_with_values (self->violation_store, NULL, -1, COL_MARKUP, markup, COL_INDEX, i, COL_MEASURE,
                                         0, COL_TEXT, text, -1);
      add_ranges (self, v);
    }
}

/* ---- the chains -------------------------------------------------------------- */

static void
fill_chains (ChronoRequirementsView *self)
{
  gtk_list_store_clear (self->chain_store);
  for (guint c = 0; c < self->specs->len; c++)
    {
      const ChronoChainSpec *spec = g_ptr_array_index (self->specs, c);
      const Chain *chain = chrono_requirements_view_chain_at (self, c);
      g_autofree char *elements = g_strjoinv (" → ", spec->elements);
      for (ChronoChainMeasure m = 0; m < CHRONO_N_CHAIN_MEASURES; m++)
        {
          ChronoMetricSummary s;
          gboolean any = chrono_chain_result_summarize (chain->result, m, &s);
          g_autofree char *min = any ? chrono_requirements_view_format_duration (self, s.min) : g_strdup ("—");
          g_autofree char *max = any ? chrono_requirements_view_format_duration (self, s.max) : g_strdup ("—");
          g_autofree char *p99 = any ? chrono_requirements_view_format_duration (self, s.p99) : g_strdup ("—");
          g_autofree char *limit = NULL, *limit_text = NULL;
          if (chain->has_limit[m])
            {
              g_autofree char *bound = chrono_format_duration (chain->limit[m], 4);
              limit = g_markup_printf_escaped (g_dngettext (GETTEXT_PACKAGE, " ≤ %s: <b>%u violation</b>",
                                                            " ≤ %s: <b>%u violations</b>", chain->violations[m]),
                                               bound, chain->violations[m]);
              limit_text = g_strdup_printf ("≤ %s: %u", bound, chain->violations[m]);
            }
          guint incomplete = chain->result->incomplete[m];
          g_autofree char *name =
              g_markup_printf_escaped ("<b>%s</b> %s", spec->name, chrono_requirements_view_measure_label (m));
          GString *full = g_string_new (name);
          if (limit != NULL)
            g_string_append (full, limit);
          /* short lines: the side pane is narrow */
          g_autofree char *figures = g_markup_printf_escaped (_ ("min %s · max %s · p99 %s"), min, max, p99);
          g_string_append_printf (full, "\n%s\n", figures);
          g_string_append_printf (full, g_dngettext (GETTEXT_PACKAGE, "%u measured", "%u measured", s.count), s.count);
          if (incomplete > 0)
            g_string_append_printf (full, _ (" · %u incomplete"), incomplete);
          if (m == CHRONO_CHAIN_LATENCY)
            {
              g_autofree char *path = g_markup_escape_text (elements, -1);
              g_string_append_printf (full, "\n<small>%s</small>", path);
            }
          g_autofree char *text =
              g_strdup_printf ("%s\t%s\t%u\t%s\t%s\t%s\t%s", spec->name, chrono_chain_measure_get_name (m), s.count,
                               min, max, p99, limit_text != NULL ? limit_text : "");
          g_autofree char *row_markup = g_string_free (full, FALSE);
          gtk_list_store_insert_with_values (self->chain_store, NULL, -1, COL_MARKUP, row_markup, COL_INDEX, c,
                                             COL_MEASURE, m, COL_TEXT, text, -1);
        }
    }
}

/* ---- going to a violation --------------------------------------------------------- */

static void
go_to_violation (ChronoRequirementsView *self, const ChronoViolation *v)
{
  const ChronoRequirement *r = v->requirement;
  if (r->kind == CHRONO_REQUIREMENT_CHAIN)
    {
      chrono_requirements_view_show_path (self, find_chain (self->specs, r->chain), r->measure, v->index);
      return;
    }
  if (self->has_path)
    chrono_requirements_view_clear_path (self);
  gint64 begin = v->time, end;
  if (r->kind == CHRONO_REQUIREMENT_LOAD)
    end = begin + chrono_clock_from_seconds (chrono_requirements_view_clock_of (self), r->window);
  else
    end = MAX (chrono_instances_get (chrono_lane_get_instances (v->lane), v->index)->end, begin + 1);
  /* a quarter on either side shows what came before and after */
  gint64 margin = MAX ((end - begin) / 4, 1);
  chrono_viewport_zoom_to (self->viewport, begin - margin, end + margin);
  chrono_requirements_view_expand_to (self, v->lane);
  ChronoLane *lane = v->lane;
  chrono_timeline_view_reveal_lanes (self->timeline, &lane, 1);
  if (r->kind == CHRONO_REQUIREMENT_LOAD)
    chrono_timeline_view_unselect (self->timeline);
  else if (!chrono_timeline_view_select_instance (self->timeline, v->lane, v->index))
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static gboolean
selected_row (GtkTreeSelection *selection, guint *index, guint *measure)
{
  GtkTreeModel *model;
  GtkTreeIter iter;
  if (!gtk_tree_selection_get_selected (selection, &model, &iter))
    return FALSE;
  gtk_tree_model_get (model, &iter, COL_INDEX, index, COL_MEASURE, measure, -1);
  return TRUE;
}

static void
violation_chosen (ChronoRequirementsView *self, GtkTreeSelection *selection)
{
  guint index, unused;
  if (self->selecting || !selected_row (selection, &index, &unused))
    return;
  self->selecting = TRUE;
  gtk_tree_selection_unselect_all (gtk_tree_view_get_selection (GTK_TREE_VIEW (self->chain_list)));
  self->selecting = FALSE;
  go_to_violation (self, &g_array_index (self->violations, ChronoViolation, index));
}

static void
chain_chosen (ChronoRequirementsView *self, GtkTreeSelection *selection)
{
  guint index, measure;
  if (self->selecting || !selected_row (selection, &index, &measure))
    return;
  self->selecting = TRUE;
  gtk_tree_selection_unselect_all (gtk_tree_view_get_selection (GTK_TREE_VIEW (self->violation_list)));
  self->selecting = FALSE;
  chrono_requirements_view_show_worst (self, index, measure);
}

/* Activating a row (Enter, a double click) goes to it again, after the
 * timeline was moved away from it. */
static void
row_activated (ChronoRequirementsView *self, GtkTreePath *path, GtkTreeViewColumn *column, GtkTreeView *list)
{
  GtkTreeSelection *selection = gtk_tree_view_get_selection (list);
  if (list == GTK_TREE_VIEW (self->violation_list))
    violation_chosen (self, selection);
  else
    chain_chosen (self, selection);
}

/* ---- checking ---------------------------------------------------------------------- */

/* The chains' results, each measure's tightest limit and its violations
 * (a looser limit's are among them). */
static GArray *
compute_chains (ChronoRequirementsView *self, GPtrArray *specs, GPtrArray *requirements, GArray *violations,
                GError **error)
{
  g_autoptr (GArray) chains = g_array_new (FALSE, TRUE, sizeof (Chain));
  g_array_set_clear_func (chains, free_chain);
  for (guint i = 0; i < specs->len; i++)
    {
      Chain chain = { 0 };
      chain.result = chrono_chains_compute (self->trace, g_ptr_array_index (specs, i), error);
      if (chain.result == NULL)
        return NULL;
      g_array_append_val (chains, chain);
    }
  /* each measure's tightest limit, and the violations of that one */
  g_autofree const ChronoRequirement **tightest =
      g_new0 (const ChronoRequirement *, specs->len *CHRONO_N_CHAIN_MEASURES);
  for (guint i = 0; i < requirements->len; i++)
    {
      const ChronoRequirement *r = g_ptr_array_index (requirements, i);
      if (r->kind != CHRONO_REQUIREMENT_CHAIN)
        continue;
      guint c = find_chain (specs, r->chain);
      Chain *chain = &g_array_index (chains, Chain, c);
      if (!chain->has_limit[r->measure] || r->limit < chain->limit[r->measure])
        {
          chain->limit[r->measure] = r->limit;
          tightest[c * CHRONO_N_CHAIN_MEASURES + r->measure] = r;
        }
      chain->has_limit[r->measure] = TRUE;
    }
  for (guint i = 0; i < violations->len; i++)
    {
      const ChronoViolation *v = &g_array_index (violations, ChronoViolation, i);
      if (v->requirement->kind != CHRONO_REQUIREMENT_CHAIN)
        continue;
      guint c = find_chain (specs, v->requirement->chain);
      if (tightest[c * CHRONO_N_CHAIN_MEASURES + v->requirement->measure] == v->requirement)
        g_array_index (chains, Chain, c).violations[v->requirement->measure]++;
    }
  return g_steal_pointer (&chains);
}

static void
show_summary (ChronoRequirementsView *self)
{
  guint n = self->requirements->len, violated = 0;
  for (guint i = 0; i < n; i++)
    {
      const ChronoRequirement *r = g_ptr_array_index (self->requirements, i);
      for (guint k = 0; k < self->violations->len; k++)
        if (g_array_index (self->violations, ChronoViolation, k).requirement == r)
          {
            violated++;
            break;
          }
    }
  g_autofree char *requirements =
      g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u requirement", "%u requirements", n), n);
  g_autofree char *violations = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "%u violation", "%u violations", self->violations->len), self->violations->len);
  /* TRANSLATORS: "4 requirements, 2 violated (7 violations)" */
  g_autofree char *text = g_strdup_printf (_ ("%s, %u violated (%s)"), requirements, violated, violations);
  gtk_label_set_text (GTK_LABEL (self->summary), text);
}

gboolean
chrono_requirements_view_load (ChronoRequirementsView *self, const char *name, const char *text, GError **error)
{
  g_return_val_if_fail (CHRONO_IS_REQUIREMENTS_VIEW (self) && text != NULL, FALSE);
  g_return_val_if_fail (chrono_requirements_view_applies (self->trace), FALSE);
  g_autoptr (GPtrArray) specs = NULL;
  g_autoptr (GPtrArray) requirements = chrono_requirements_parse_with_chains (text, &specs, error);
  if (requirements == NULL)
    return FALSE;
  g_autoptr (GArray) violations = chrono_requirements_check (requirements, self->trace, error);
  if (violations == NULL)
    return FALSE;
  g_autoptr (GArray) chains = compute_chains (self, specs, requirements, violations, error);
  if (chains == NULL)
    return FALSE;
  /* the old lists refer to the old requirements: gone first */
  chrono_requirements_view_clear_path (self);
  gtk_list_store_clear (self->violation_store);
  gtk_list_store_clear (self->chain_store);
  g_clear_pointer (&self->violations, g_array_unref);
  g_clear_pointer (&self->chains, g_array_unref);
  g_clear_pointer (&self->requirements, g_ptr_array_unref);
  g_clear_pointer (&self->specs, g_ptr_array_unref);
  self->requirements = g_steal_pointer (&requirements);
  self->specs = g_steal_pointer (&specs);
  self->violations = g_steal_pointer (&violations);
  self->chains = g_steal_pointer (&chains);
  g_array_set_size (self->ranges, 0);
  gtk_label_set_text (GTK_LABEL (self->title), name);
  show_summary (self);
  fill_violations (self);
  fill_chains (self);
  gtk_widget_set_visible (gtk_widget_get_parent (self->chain_list), self->specs->len > 0);
  chrono_timeline_view_set_highlighted_ranges (self->timeline, (const ChronoRenderRange *) self->ranges->data,
                                               self->ranges->len);
  return TRUE;
}

const char *
chrono_requirements_view_get_summary (ChronoRequirementsView *self)
{
  g_return_val_if_fail (CHRONO_IS_REQUIREMENTS_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->summary));
}

GtkTreeView *
chrono_requirements_view_get_violations (ChronoRequirementsView *self)
{
  return GTK_TREE_VIEW (self->violation_list);
}

GtkTreeView *
chrono_requirements_view_get_chains (ChronoRequirementsView *self)
{
  return GTK_TREE_VIEW (self->chain_list);
}

char *
chrono_requirements_view_get_row_text (ChronoRequirementsView *self, GtkTreeView *list, guint row)
{
  g_return_val_if_fail (CHRONO_IS_REQUIREMENTS_VIEW (self) && GTK_IS_TREE_VIEW (list), NULL);
  GtkTreeModel *model = gtk_tree_view_get_model (list);
  GtkTreeIter iter;
  char *text = NULL;
  if (gtk_tree_model_iter_nth_child (model, &iter, NULL, (int) row))
    gtk_tree_model_get (model, &iter, COL_TEXT, &text, -1);
  return text;
}

GtkWidget *
chrono_requirements_view_get_worst_button (ChronoRequirementsView *self)
{
  return self->worst_button;
}

GtkWidget *
chrono_requirements_view_get_next_button (ChronoRequirementsView *self)
{
  return self->next_button;
}

GtkWidget *
chrono_requirements_view_get_previous_button (ChronoRequirementsView *self)
{
  return self->previous_button;
}

/* ---- life cycle ------------------------------------------------------------------------ */

static GtkWidget *
make_list (ChronoRequirementsView *self, GtkListStore *store, const char *tooltip, GCallback chosen)
{
  GtkWidget *list = gtk_tree_view_new_with_model (GTK_TREE_MODEL (store));
  gtk_tree_view_set_headers_visible (GTK_TREE_VIEW (list), FALSE);
  gtk_tree_view_set_tooltip_column (GTK_TREE_VIEW (list), -1);
  gtk_widget_set_tooltip_text (list, tooltip);
  GtkCellRenderer *cell = gtk_cell_renderer_text_new ();
  g_object_set (cell, "ellipsize", PANGO_ELLIPSIZE_END, NULL);
  GtkTreeViewColumn *column = gtk_tree_view_column_new_with_attributes (NULL, cell, "markup", COL_MARKUP, NULL);
  /* a narrow request that grows with the page: long rows are cut, not the timeline */
  gtk_tree_view_column_set_sizing (column, GTK_TREE_VIEW_COLUMN_FIXED);
  gtk_tree_view_column_set_fixed_width (column, 120);
  gtk_tree_view_column_set_expand (column, TRUE);
  gtk_tree_view_append_column (GTK_TREE_VIEW (list), column);
  g_signal_connect_swapped (gtk_tree_view_get_selection (GTK_TREE_VIEW (list)), "changed", chosen, self);
  g_signal_connect_swapped (list, "row-activated", G_CALLBACK (row_activated), self);
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_shadow_type (GTK_SCROLLED_WINDOW (scroller), GTK_SHADOW_IN);
  gtk_widget_set_size_request (scroller, -1, LIST_HEIGHT);
  gtk_container_add (GTK_CONTAINER (scroller), list);
  return list;
}

static void
chrono_requirements_view_dispose (GObject *object)
{
  ChronoRequirementsView *self = CHRONO_REQUIREMENTS_VIEW (object);
  g_clear_pointer (&self->violations, g_array_unref);
  g_clear_pointer (&self->chains, g_array_unref);
  g_clear_pointer (&self->requirements, g_ptr_array_unref);
  g_clear_pointer (&self->specs, g_ptr_array_unref);
  g_clear_pointer (&self->ranges, g_array_unref);
  g_clear_object (&self->violation_store);
  g_clear_object (&self->chain_store);
  g_clear_object (&self->trace);
  g_clear_object (&self->viewport);
  g_clear_object (&self->timeline);
  G_OBJECT_CLASS (chrono_requirements_view_parent_class)->dispose (object);
}

static void
chrono_requirements_view_class_init (ChronoRequirementsViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = chrono_requirements_view_dispose;
}

static void
chrono_requirements_view_init (ChronoRequirementsView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  self->ranges = g_array_new (FALSE, FALSE, sizeof (ChronoRenderRange));
  self->violation_store = gtk_list_store_new (N_COLUMNS, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_STRING);
  self->chain_store = gtk_list_store_new (N_COLUMNS, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_STRING);
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_object_set (content, "margin", 6, NULL);
  self->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->title), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (self->title), PANGO_ELLIPSIZE_MIDDLE);
  gtk_style_context_add_class (gtk_widget_get_style_context (self->title), "heading");
  self->summary = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->summary), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (self->summary), TRUE);
  self->violation_list =
      make_list (self, self->violation_store, _ ("Click a violation to go to it"), G_CALLBACK (violation_chosen));
  self->chain_list = make_list (self, self->chain_store, _ ("Click a chain to show the path of its worst instance"),
                                G_CALLBACK (chain_chosen));
  self->path_box = chrono_requirements_view_make_navigator (self);
  GtkWidget *chains = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_container_add (GTK_CONTAINER (chains), chrono_widget_heading (_ ("Event chains")));
  gtk_container_add (GTK_CONTAINER (chains), gtk_widget_get_parent (self->chain_list));
  gtk_container_add (GTK_CONTAINER (chains), self->path_box);
  GtkWidget *parts[] = { self->title, self->summary, chrono_widget_heading (_ ("Violations")),
                         gtk_widget_get_parent (self->violation_list), chains };
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    gtk_container_add (GTK_CONTAINER (content), parts[i]);
  gtk_widget_show_all (content);
  gtk_widget_set_no_show_all (self->path_box, TRUE);
  gtk_widget_hide (self->path_box);
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_container_add (GTK_CONTAINER (scroller), content);
  gtk_container_add (GTK_CONTAINER (self), scroller);
  gtk_widget_show_all (scroller);
}

GtkWidget *
chrono_requirements_view_new (ChronoTimelineView *timeline)
{
  g_return_val_if_fail (CHRONO_IS_TIMELINE_VIEW (timeline), NULL);
  ChronoRequirementsView *self = g_object_new (CHRONO_TYPE_REQUIREMENTS_VIEW, NULL);
  self->timeline = g_object_ref (timeline);
  self->viewport = g_object_ref (chrono_timeline_view_get_viewport (timeline));
  self->trace = g_object_ref (chrono_timeline_view_get_trace (timeline));
  return GTK_WIDGET (self);
}
