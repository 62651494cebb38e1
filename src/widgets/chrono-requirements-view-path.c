/* chrono-requirements-view-path.c — a chain's path on the timeline: the
 * instance of each element one sample of the chain went through, drawn as
 * a path with its hops listed, and the navigator that steps through the
 * chain's samples (previous, worst, next) above the histogram. Apart from
 * the lists because the path on show is state of its own that the lists,
 * the histogram and the violations all set. */
#include "chrono-requirements-view-private.h"

#include <glib/gi18n-lib.h>

#define HISTOGRAM_HEIGHT 110
#define PATH_MARGIN 0.15 /* of the path's length, on either side */

void
chrono_requirements_view_expand_to (ChronoRequirementsView *self, ChronoLane *lane)
{
  ChronoLayout *layout = chrono_timeline_view_get_layout (self->timeline);
  for (ChronoLane *parent = chrono_lane_get_parent (lane); parent != NULL; parent = chrono_lane_get_parent (parent))
    if (!chrono_layout_get_expanded (layout, parent))
      chrono_layout_set_expanded (layout, parent, TRUE);
}

static void
update_navigator (ChronoRequirementsView *self)
{
  gtk_widget_set_visible (self->path_box, self->has_path);
  if (!self->has_path)
    return;
  const ChronoChainSpec *spec = g_ptr_array_index (self->specs, self->path_chain);
  const ChronoChainResult *result = chrono_requirements_view_chain_at (self, self->path_chain)->result;
  GArray *samples = result->samples[self->path_measure];
  const ChronoChainSample *s = &g_array_index (samples, ChronoChainSample, self->path_sample);
  g_autofree char *value = chrono_requirements_view_format_duration (self, s->value);
  g_autofree char *time = chrono_requirements_view_format_time (self, s->time);
  g_autofree char *text = self->path_measure == CHRONO_CHAIN_LATENCY
                              ? g_strdup_printf (_ ("%s: stimulus %u of %u at %s, latency %s"), spec->name,
                                                 self->path_sample + 1, samples->len, time, value)
                              : g_strdup_printf (_ ("%s: response %u of %u at %s, data age %s"), spec->name,
                                                 self->path_sample + 1, samples->len, time, value);
  gtk_label_set_text (GTK_LABEL (self->path_label), text);
  /* each hop with its times, so the path reads without the timeline */
  const ChronoChainHop *hops = chrono_chain_result_get_path (result, self->path_measure, self->path_sample);
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < result->n_elements; i++)
    {
      /* where it starts and how long it takes: shorter than two times in a narrow pane */
      g_autofree char *start = chrono_requirements_view_format_time (self, hops[i].start);
      g_autofree char *length = chrono_requirements_view_format_duration (self, hops[i].end - hops[i].start);
      if (i > 0)
        g_string_append (out, "\n→ ");
      if (hops[i].start == hops[i].end)
        g_string_append_printf (out, _ ("%s at %s"), chrono_lane_get_display_name (hops[i].lane), start);
      else
        /* TRANSLATORS: a chain's hop: "R_Read at 12.35 ms for 160.5 µs" */
        g_string_append_printf (out, _ ("%s at %s for %s"), chrono_lane_get_display_name (hops[i].lane), start, length);
    }
  gtk_label_set_text (GTK_LABEL (self->hops_label), out->str);
  g_string_free (out, TRUE);
  gtk_widget_set_sensitive (self->previous_button, self->path_sample > 0);
  gtk_widget_set_sensitive (self->next_button, self->path_sample + 1 < samples->len);
  gtk_widget_queue_draw (self->histogram);
}

gboolean
chrono_requirements_view_show_path (ChronoRequirementsView *self, guint chain, ChronoChainMeasure measure, guint sample)
{
  g_return_val_if_fail (CHRONO_IS_REQUIREMENTS_VIEW (self), FALSE);
  if (self->chains == NULL || chain >= self->chains->len || measure >= CHRONO_N_CHAIN_MEASURES)
    return FALSE;
  const ChronoChainResult *result = chrono_requirements_view_chain_at (self, chain)->result;
  if (sample >= result->samples[measure]->len)
    return FALSE;
  self->has_path = TRUE;
  self->path_chain = chain;
  self->path_measure = measure;
  self->path_sample = sample;
  const ChronoChainHop *hops = chrono_chain_result_get_path (result, measure, sample);
  guint n = result->n_elements;
  g_autofree ChronoRenderPathStep *steps = g_new (ChronoRenderPathStep, n);
  g_autofree ChronoLane **lanes = g_new (ChronoLane *, n);
  for (guint i = 0; i < n; i++)
    {
      steps[i] = (ChronoRenderPathStep){ hops[i].lane, hops[i].start, hops[i].end };
      lanes[i] = hops[i].lane;
      chrono_requirements_view_expand_to (self, hops[i].lane);
    }
  const ChronoChainSample *s = &g_array_index (result->samples[measure], ChronoChainSample, sample);
  g_autofree char *value = chrono_requirements_view_format_duration (self, s->value);
  const ChronoChainSpec *spec = g_ptr_array_index (self->specs, chain);
  g_autofree char *label =
      g_strdup_printf ("%s %s %s", spec->name, chrono_requirements_view_measure_label (measure), value);
  chrono_timeline_view_set_path (self->timeline, steps, n, label);
  /* the whole path with room around it, the label included */
  gint64 begin = hops[0].start, end = hops[n - 1].end;
  gint64 margin = MAX ((gint64) ((double) (end - begin) * PATH_MARGIN), 1);
  chrono_viewport_zoom_to (self->viewport, begin - margin, end + 3 * margin);
  chrono_timeline_view_reveal_lanes (self->timeline, lanes, n);
  /* the response selected: the inspector explains it */
  const ChronoChainHop *response = &hops[n - 1];
  if (!response->trigger)
    chrono_timeline_view_select_instance (self->timeline, response->lane, response->index);
  update_navigator (self);
  return TRUE;
}

gboolean
chrono_requirements_view_get_path (ChronoRequirementsView *self, guint *chain, ChronoChainMeasure *measure,
                                   guint *sample)
{
  g_return_val_if_fail (CHRONO_IS_REQUIREMENTS_VIEW (self), FALSE);
  if (!self->has_path)
    return FALSE;
  *chain = self->path_chain;
  *measure = self->path_measure;
  *sample = self->path_sample;
  return TRUE;
}

const char *
chrono_requirements_view_get_path_text (ChronoRequirementsView *self)
{
  return self->has_path ? gtk_label_get_text (GTK_LABEL (self->path_label)) : NULL;
}

void
chrono_requirements_view_clear_path (ChronoRequirementsView *self)
{
  self->has_path = FALSE;
  chrono_timeline_view_set_path (self->timeline, NULL, 0, NULL);
  update_navigator (self);
}

static void
step_path (ChronoRequirementsView *self, int direction)
{
  if (!self->has_path)
    return;
  guint sample = self->path_sample;
  if ((direction < 0 && sample == 0)
      || !chrono_requirements_view_show_path (self, self->path_chain, self->path_measure, sample + direction))
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
previous_clicked (ChronoRequirementsView *self)
{
  step_path (self, -1);
}

static void
next_clicked (ChronoRequirementsView *self)
{
  step_path (self, +1);
}

void
chrono_requirements_view_show_worst (ChronoRequirementsView *self, guint chain, ChronoChainMeasure measure)
{
  ChronoMetricSummary s;
  if (chrono_chain_result_summarize (chrono_requirements_view_chain_at (self, chain)->result, measure, &s))
    chrono_requirements_view_show_path (self, chain, measure, s.worst);
  else
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
worst_clicked (ChronoRequirementsView *self)
{
  if (self->has_path)
    chrono_requirements_view_show_worst (self, self->path_chain, self->path_measure);
}

GtkWidget *
chrono_requirements_view_make_navigator (ChronoRequirementsView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  self->path_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->path_label), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (self->path_label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (self->path_label), TRUE);
  self->hops_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->hops_label), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (self->hops_label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (self->hops_label), TRUE);
  gtk_style_context_add_class (gtk_widget_get_style_context (self->hops_label), "dim-label");
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_style_context_add_class (gtk_widget_get_style_context (buttons), "linked");
  self->previous_button = gtk_button_new_with_mnemonic (_ ("_Previous"));
  gtk_widget_set_tooltip_text (self->previous_button, _ ("The path of the chain’s instance before this one"));
  self->worst_button = gtk_button_new_with_mnemonic (_ ("Go to _Worst"));
  gtk_widget_set_tooltip_text (self->worst_button, _ ("The path of the chain’s instance with the largest value"));
  self->next_button = gtk_button_new_with_mnemonic (_ ("_Next"));
  gtk_widget_set_tooltip_text (self->next_button, _ ("The path of the chain’s instance after this one"));
  self->clear_button = gtk_button_new_with_mnemonic (_ ("_Hide Path"));
  g_signal_connect_swapped (self->previous_button, "clicked", G_CALLBACK (previous_clicked), self);
  g_signal_connect_swapped (self->worst_button, "clicked", G_CALLBACK (worst_clicked), self);
  g_signal_connect_swapped (self->next_button, "clicked", G_CALLBACK (next_clicked), self);
  g_signal_connect_swapped (self->clear_button, "clicked", G_CALLBACK (chrono_requirements_view_clear_path), self);
  GtkWidget *parts[] = { self->previous_button, self->worst_button, self->next_button };
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      gtk_widget_set_hexpand (parts[i], TRUE);
      gtk_container_add (GTK_CONTAINER (buttons), parts[i]);
    }
  self->histogram = gtk_drawing_area_new ();
  gtk_widget_set_size_request (self->histogram, -1, HISTOGRAM_HEIGHT);
  gtk_widget_add_events (self->histogram, GDK_BUTTON_PRESS_MASK);
  gtk_widget_set_tooltip_text (self->histogram, _ ("Click a bar to show the path of its largest value"));
  g_signal_connect_swapped (self->histogram, "draw", G_CALLBACK (chrono_requirements_view_draw_histogram), self);
  g_signal_connect_swapped (self->histogram, "button-press-event",
                            G_CALLBACK (chrono_requirements_view_histogram_pressed), self);
  gtk_container_add (GTK_CONTAINER (box), self->path_label);
  gtk_container_add (GTK_CONTAINER (box), self->hops_label);
  gtk_container_add (GTK_CONTAINER (box), self->histogram);
  gtk_container_add (GTK_CONTAINER (box), buttons);
  gtk_container_add (GTK_CONTAINER (box), self->clear_button);
  return box;
}
