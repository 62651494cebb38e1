/* chrono-inspector-life.c — the inspector's answer for a process
 * instance: when it was activated, how long it took to respond, who
 * preempted it and for how long, which runnables it ran, the states it went
 * through. A preemption is a button: it brings the preemption into view and
 * puts markers A and B on its start and end, so Δt reads off the status bar.
 * Apart from the inspector's other pages because it is the largest, and the
 * only one built from a ChronoInstanceLife. */
#include "chrono-inspector-private.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "chrono-blocking.h"
#include "chrono-instance-life.h"
#include "chrono-palette.h"
#include "chrono-widget-util.h"

#define MAX_LISTED 200 /* states or runnables listed before "… and N more" */

static void
mark_preemption (GtkButton *button, ChronoInspector *self)
{
  gint64 *range = g_object_get_data (G_OBJECT (button), "range");
  chrono_viewport_set_marker (self->viewport, CHRONO_MARKER_A, range[0]);
  chrono_viewport_set_marker (self->viewport, CHRONO_MARKER_B, range[1]);
  gint64 begin = chrono_viewport_get_begin (self->viewport), end = chrono_viewport_get_end (self->viewport);
  if (range[0] < begin || range[1] > end)
    {
      gint64 margin = (range[1] - range[0]) * 2 + 1;
      chrono_viewport_zoom_to (self->viewport, range[0] - margin, range[1] + margin);
    }
}

static void
show_summary (ChronoInspector *self, const ChronoInstanceLife *life)
{
  g_autofree char *heading = life->number != G_MININT64
                                 ? g_strdup_printf (_ ("Life of instance #%" PRId64), life->number)
                                 : g_strdup (_ ("Life of this instance"));
  chrono_inspector_add_section (self, heading);
  GtkWidget *grid = chrono_inspector_new_grid (self);
  int row = 0;
  g_autofree char *begin = chrono_inspector_format_time (self, life->begin);
  g_autofree char *end = chrono_inspector_format_time (self, life->end);
  chrono_inspector_add_field (self, grid, row++, life->activated ? _ ("Activated") : _ ("First seen"), begin);
  if (life->first_start != G_MININT64)
    {
      g_autofree char *start = chrono_inspector_format_time (self, life->first_start);
      g_autofree char *delay = chrono_inspector_format_length (self, life->first_start - life->begin);
      g_autofree char *text = g_strdup_printf (_ ("%s (after %s)"), start, delay);
      chrono_inspector_add_field (self, grid, row++, _ ("Started"), text);
    }
  chrono_inspector_add_field (self, grid, row++, life->terminated ? _ ("Terminated") : _ ("Last seen"), end);
  if (life->response_time >= 0)
    {
      g_autofree char *response = chrono_inspector_format_length (self, life->response_time);
      chrono_inspector_add_field (self, grid, row++, _ ("Response time"), response);
    }
  else
    chrono_inspector_add_field (self, grid, row++, _ ("Response time"),
                                life->activated ? _ ("— (not terminated in the trace)")
                                                : _ ("— (activation not in the trace)"));
  for (guint s = 0; s < CHRONO_N_STATES; s++)
    if (life->time_in_state[s] > 0)
      {
        g_autofree char *time = chrono_inspector_format_length (self, life->time_in_state[s]);
        g_autofree char *key = g_strdup_printf (_ ("Time %s"), chrono_state_get_label (s));
        chrono_inspector_add_field (self, grid, row++, key, time);
      }
}

/* Who had the core: "CS [0035] #4", or each with its share when several did. */
static char *
describe_occupants (ChronoInspector *self, const ChronoLifePreemption *p)
{
  if (p->ran->len == 0)
    return g_strdup (p->core != NULL ? _ ("nothing (the core stayed idle)") : _ ("an unknown process"));
  GString *who = g_string_new (NULL);
  for (guint i = 0; i < p->ran->len; i++)
    {
      const ChronoLifeOccupant *o = g_ptr_array_index (p->ran, i);
      if (i > 0)
        g_string_append (who, ", ");
      g_string_append (who, o->process);
      if (o->number != G_MININT64)
        g_string_append_printf (who, " #%" G_GINT64_FORMAT, o->number);
      if (p->ran->len > 1)
        {
          g_autofree char *share = chrono_inspector_format_length (self, o->time);
          g_string_append_printf (who, " (%s)", share);
        }
    }
  return g_string_free (who, FALSE);
}

static void
show_preemptions (ChronoInspector *self, const ChronoInstanceLife *life)
{
  g_autofree char *heading = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "%u preemption", "%u preemptions", life->preemptions->len), life->preemptions->len);
  chrono_inspector_add_section (self, heading);
  for (guint i = 0; i < life->preemptions->len; i++)
    {
      const ChronoLifePreemption *p = g_ptr_array_index (life->preemptions, i);
      g_autofree char *at = chrono_inspector_format_time (self, p->time);
      g_autofree char *length = chrono_inspector_format_length (self, p->duration);
      g_autofree char *who = describe_occupants (self, p);
      g_autofree char *text = g_strdup_printf (_ ("at %s by %s%s%s for %s"), at, who, p->core ? _ (" on ") : "",
                                               p->core ? p->core : "", length);
      GtkWidget *button = gtk_button_new_with_label (text);
      gtk_button_set_relief (GTK_BUTTON (button), GTK_RELIEF_NONE);
      gtk_widget_set_tooltip_text (button, _ ("Show this preemption and put markers A and B on its start and end"));
      GtkWidget *label = gtk_bin_get_child (GTK_BIN (button));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_line_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR); /* a name without spaces wraps too */
      gint64 *range = g_new (gint64, 2);
      range[0] = p->time;
      range[1] = p->resumed != G_MININT64 ? p->resumed : p->time + p->duration;
      g_object_set_data_full (G_OBJECT (button), "range", range, g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (mark_preemption), self);
      gtk_container_add (GTK_CONTAINER (self->content), button);
      g_string_append_printf (self->text, "%s\n", text);
    }
}

/* ---- where the response time went -------------------------------------- */

typedef struct {
  gint64 ticks[CHRONO_N_BREAKDOWN];
} Breakdown;

/* The parts side by side, each as wide as its share, in its state's colour. */
static gboolean
draw_breakdown (GtkWidget *area, cairo_t *cr, const Breakdown *b)
{
  const ChronoPalette *palette = chrono_palette_get (chrono_widget_is_dark (area));
  double width = gtk_widget_get_allocated_width (area), height = gtk_widget_get_allocated_height (area);
  gint64 total = 0;
  for (guint p = 0; p < CHRONO_N_BREAKDOWN; p++)
    total += b->ticks[p];
  double x = 0;
  for (guint p = 0; total > 0 && p < CHRONO_N_BREAKDOWN; p++)
    {
      double w = width * (double) b->ticks[p] / (double) total;
      const ChronoRgb *c = &palette->states[chrono_breakdown_part_get_state (p)];
      cairo_set_source_rgb (cr, c->red, c->green, c->blue);
      cairo_rectangle (cr, x, 0, w, height);
      cairo_fill (cr);
      x += w;
    }
  return TRUE;
}

static void
show_breakdown (ChronoInspector *self, const ChronoInstanceLife *life, GPtrArray *waits)
{
  Breakdown *b = g_new0 (Breakdown, 1);
  chrono_blocking_breakdown (life->states, waits, b->ticks);
  gint64 total = 0;
  for (guint p = 0; p < CHRONO_N_BREAKDOWN; p++)
    total += b->ticks[p];
  if (total <= 0)
    {
      g_free (b);
      return;
    }
  chrono_inspector_add_section (self, _ ("Where the time went"));
  GtkWidget *area = gtk_drawing_area_new ();
  gtk_widget_set_size_request (area, -1, 14);
  gtk_widget_set_margin_bottom (area, 4);
  g_object_set_data_full (G_OBJECT (area), "breakdown", b, g_free);
  g_signal_connect (area, "draw", G_CALLBACK (draw_breakdown), b);
  gtk_container_add (GTK_CONTAINER (self->content), area);
  GtkWidget *grid = chrono_inspector_new_grid (self);
  int row = 0;
  for (guint p = 0; p < CHRONO_N_BREAKDOWN; p++)
    if (b->ticks[p] > 0)
      {
        g_autofree char *length = chrono_inspector_format_length (self, b->ticks[p]);
        g_autofree char *text = g_strdup_printf ("%s (%.0f %%)", length, 100.0 * (double) b->ticks[p] / (double) total);
        chrono_inspector_add_field (self, grid, row++, chrono_breakdown_part_get_label (p), text);
      }
}

/* ---- waits on semaphores ---------------------------------------------- */

/* The trace whose semaphores hold the accesses: a decoded chunk has none,
 * the trace read lazily kept them all from its index pass. */
static ChronoTrace *
trace_with_accesses (ChronoInspector *self)
{
  ChronoTrace *index = self->set != NULL ? chrono_trace_set_get_trace (self->set, self->member) : self->own_trace;
  return chrono_trace_is_lazy (index) ? index : self->trace;
}

typedef struct {
  ChronoLane *lane;
  guint instance;
} InstanceLink;

static void
follow_link (GtkButton *button, ChronoInspector *self)
{
  const InstanceLink *link = g_object_get_data (G_OBJECT (button), "link");
  g_signal_emit_by_name (self, "instance-activated", link->lane, link->instance);
}

static GtkWidget *
new_link_button (const char *text, const char *tooltip)
{
  GtkWidget *button = gtk_button_new_with_label (text);
  gtk_button_set_relief (GTK_BUTTON (button), GTK_RELIEF_NONE);
  gtk_widget_set_tooltip_text (button, tooltip);
  GtkWidget *label = gtk_bin_get_child (GTK_BIN (button));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_line_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  return button;
}

static void
show_wait (ChronoInspector *self, ChronoBlocking *blocking, const ChronoBlockingWait *wait)
{
  g_autoptr (ChronoBlockingCause) cause = chrono_blocking_cause_new (blocking, wait);
  ChronoTrace *accesses = trace_with_accesses (self);
  g_autofree char *sentence = chrono_blocking_describe (accesses, wait, cause);
  g_autofree char *first = g_strdup_printf ("%c", g_ascii_toupper (sentence[0]));
  g_autofree char *text = g_strconcat (first, sentence + 1, NULL);
  GtkWidget *button = new_link_button (text, _ ("Show the wait and put markers A and B on its start and end"));
  gint64 *range = g_new (gint64, 2);
  range[0] = wait->access->requested;
  range[1] = wait->access->assigned != CHRONO_ACCESS_NEVER ? wait->access->assigned : chrono_trace_get_end (accesses);
  g_object_set_data_full (G_OBJECT (button), "range", range, g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (mark_preemption), self);
  gtk_container_add (GTK_CONTAINER (self->content), button);
  g_string_append_printf (self->text, "%s\n", text);
  for (guint h = 0; h < wait->n_held_by; h++)
    {
      InstanceLink link;
      if (!chrono_blocking_find_instance (blocking, wait->held_by[h].process, wait->held_by[h].instance, &link.lane,
                                          &link.instance))
        continue;
      g_autofree char *label =
          g_strdup_printf (_ ("Go to the holder, %s #%" PRId64), wait->held_by[h].process, wait->held_by[h].instance);
      GtkWidget *go = new_link_button (label, _ ("Select the instance that held the semaphore"));
      gtk_widget_set_margin_start (go, 12);
      g_object_set_data_full (G_OBJECT (go), "link", g_memdup2 (&link, sizeof link), g_free);
      g_signal_connect (go, "clicked", G_CALLBACK (follow_link), self);
      gtk_container_add (GTK_CONTAINER (self->content), go);
      g_string_append_printf (self->text, "  %s\n", label);
    }
}

/* The instance's waits on semaphores, one sentence each, and its holders as links. */
static void
show_blocked (ChronoInspector *self, ChronoBlocking *blocking, GPtrArray *waits)
{
  gboolean any = FALSE;
  for (guint i = 0; i < waits->len; i++)
    {
      const ChronoBlockingWait *wait = g_ptr_array_index (waits, i);
      if (chrono_blocking_wait_ticks (wait) == 0)
        continue; /* assigned at once: not blocked */
      if (!any)
        chrono_inspector_add_section (self, _ ("Blocked"));
      any = TRUE;
      show_wait (self, blocking, wait);
    }
}

static void
show_states (ChronoInspector *self, const ChronoInstanceLife *life)
{
  chrono_inspector_add_section (self, _ ("States"));
  GtkWidget *grid = chrono_inspector_new_grid (self);
  guint n = MIN (life->states->len, MAX_LISTED);
  for (guint i = 0; i < n; i++)
    {
      const ChronoLifeState *s = &g_array_index (life->states, ChronoLifeState, i);
      g_autofree char *begin = chrono_inspector_format_time (self, s->begin);
      g_autofree char *length = chrono_inspector_format_length (self, s->end - s->begin);
      const char *cells[] = { chrono_state_get_label (s->state), begin, length };
      chrono_inspector_add_row (self, grid, i, cells, 3);
    }
  if (life->states->len > n)
    {
      g_autofree char *more = g_strdup_printf (_ ("… and %u more"), life->states->len - n);
      chrono_inspector_add_label (self, more, "dim-label");
    }
}

static void
show_runnables (ChronoInspector *self, const ChronoInstanceLife *life)
{
  if (life->runnables->len == 0)
    return;
  chrono_inspector_add_section (self, _ ("Runnables"));
  GtkWidget *grid = chrono_inspector_new_grid (self);
  guint n = MIN (life->runnables->len, MAX_LISTED);
  for (guint i = 0; i < n; i++)
    {
      const ChronoLifeRunnable *r = g_ptr_array_index (life->runnables, i);
      g_autofree char *name = g_strdup_printf ("%*s%s", (int) (2 * r->depth), "", r->name);
      g_autofree char *begin = chrono_inspector_format_time (self, r->begin);
      g_autofree char *running = chrono_inspector_format_length (self, r->running_time);
      const char *cells[] = { name, begin, running };
      chrono_inspector_add_row (self, grid, i, cells, 3);
    }
  if (life->runnables->len > n)
    {
      g_autofree char *more = g_strdup_printf (_ ("… and %u more"), life->runnables->len - n);
      chrono_inspector_add_label (self, more, "dim-label");
    }
}

static void
show_navigation (ChronoInspector *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_style_context_add_class (gtk_widget_get_style_context (box), "linked");
  GtkWidget *previous = gtk_button_new_with_mnemonic (_ ("_Previous Instance"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (previous), "win.previous-instance");
  gtk_widget_set_tooltip_text (previous, _ ("Previous instance of this task ([)"));
  GtkWidget *next = gtk_button_new_with_mnemonic (_ ("_Next Instance"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (next), "win.next-instance");
  gtk_widget_set_tooltip_text (next, _ ("Next instance of this task (])"));
  gtk_container_add (GTK_CONTAINER (box), previous);
  gtk_container_add (GTK_CONTAINER (box), next);
  gtk_widget_set_margin_top (box, 6);
  gtk_container_add (GTK_CONTAINER (self->content), box);
}

void
chrono_inspector_show_life (ChronoInspector *self, ChronoLane *lane, guint instance)
{
  g_autoptr (ChronoInstanceLife) life = chrono_instance_life_new (self->trace, lane, instance);
  if (life == NULL)
    return;
  show_navigation (self);
  /* a decoded chunk of a lazily read trace knows what happened from its own start on */
  const ChronoInstance *record = chrono_instances_get (chrono_lane_get_instances (lane), instance);
  if (chrono_trace_has_range (self->trace) && record->begin < chrono_trace_get_begin (self->trace)
      && !(record->flags & CHRONO_INSTANCE_INFERRED))
    {
      g_autofree char *from = chrono_inspector_format_time (self, chrono_trace_get_begin (self->trace));
      g_autofree char *note = g_strdup_printf (
          _ ("This instance began before the decoded part of the trace: states, preemptions and runnables are "
             "listed from %s on."),
          from);
      GtkWidget *label = chrono_inspector_add_label (self, note, "dim-label");
      gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_line_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR); /* a name without spaces wraps too */
    }
  show_summary (self, life);
  ChronoTrace *accesses = trace_with_accesses (self);
  g_autoptr (ChronoBlocking) blocking = chrono_blocking_new (accesses);
  g_autoptr (GPtrArray) waits = chrono_blocking_waits_of (blocking, accesses, life->process, life->number);
  show_breakdown (self, life, waits);
  show_blocked (self, blocking, waits);
  show_preemptions (self, life);
  show_runnables (self, life);
  show_states (self, life);
}
